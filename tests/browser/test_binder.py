"""Binder, simulated without docker: the app opens from the link a teacher shares.

repo2docker copies the repository, runs ``pip install -r binder/requirements.txt`` and
``binder/postBuild`` from its root, and Binder starts Jupyter there with ``HOME`` set to it.  This
test does the same on this machine: a copy of the working tree (the files git would commit), a
fresh virtual environment, the two build steps, then ``jupyter lab`` as Binder starts it, and
Debian's chromium opening the Voila URL of the README badge, starting a game and playing a card,
then the play notebook in JupyterLab (the second badge) and playing a card there.

The build and start-up times are printed (run with ``-s``) and recorded as test properties;
nothing is asserted about them.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urljoin

import pytest

from browser.conftest import CHROMIUM, TIMEOUT_MS, browser_tab, free_port, missing, stop
from browser.helpers import HAND, hand, play_one, start_game
from kozel_tutor.puzzles.model import load_catalogue

pytestmark = [pytest.mark.binder, pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
APP_URLPATH = "voila/render/notebooks/app.ipynb"
TOKEN = "kozel-binder-test"
PIP_TIMEOUT_S = 900


@dataclass
class Binder:
    repo: Path
    venv: Path
    log: Path
    port: int = field(default_factory=free_port)
    timings: dict[str, float] = field(default_factory=dict)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> float:
        """Start Jupyter as Binder does, in the repository root; the seconds it took."""
        start = time.perf_counter()
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [str(self.venv / "bin" / "jupyter"), "lab", "--no-browser", "--ip=127.0.0.1",
                 f"--port={self.port}", f"--ServerApp.token={TOKEN}",
                 f"--ServerApp.root_dir={self.repo}", "--ServerApp.port_retries=0",
                 # Binder's user is not root; CI's is.
                 *(["--allow-root"] if os.geteuid() == 0 else [])],
                cwd=self.repo, env=binder_env(self.repo, self.venv), stdout=out,
                stderr=subprocess.STDOUT)
        wait_for_server(self.proc, self.url, self.log)
        return time.perf_counter() - start

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)
            self.proc = None

    def python(self, *args: str) -> str:
        """Run the environment's Python with ``args``; its standard output."""
        # -P: not the repository copy in the working folder, the installed package
        done = subprocess.run([str(self.venv / "bin" / "python"), "-P", *args], cwd=self.repo,
                              env=binder_env(self.repo, self.venv), capture_output=True,
                              text=True, timeout=120, check=True)
        return done.stdout


def binder_env(repo: Path, venv: Path) -> dict[str, str]:
    """The environment of Binder's build and server: the venv first, ``HOME`` the repository,
    none of this machine's Python or Jupyter settings."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "JUPYTER", "KOZEL_", "VIRTUAL_ENV", "PIP_"))}
    env.update(HOME=str(repo), VIRTUAL_ENV=str(venv), PIP_DISABLE_PIP_VERSION_CHECK="1",
               PATH=os.pathsep.join([str(venv / "bin"), env.get("PATH", "")]))
    return env


def copy_repository(dest: Path) -> None:
    """The files repo2docker would get: tracked and new files, none that git ignores."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)
    (dest / "binder" / "postBuild").chmod(0o755)


def run_step(args: list[str], repo: Path, venv: Path, log: Path, timeout: float) -> float:
    """Run one build step as repo2docker does (from the repository root); its seconds."""
    start = time.perf_counter()
    with log.open("ab") as out:
        out.write(f"\n$ {' '.join(args)}\n".encode())
        out.flush()
        done = subprocess.run(args, cwd=repo, env=binder_env(repo, venv), stdout=out,
                              stderr=subprocess.STDOUT, timeout=timeout)
    if done.returncode != 0:
        pytest.fail(f"{' '.join(args)} failed ({done.returncode}):\n"
                    f"{log.read_text(errors='replace')[-4000:]}")
    return time.perf_counter() - start


def wait_for_server(proc: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"jupyter lab exited early:\n{log.read_text(errors='replace')[-4000:]}")
        try:
            with urllib.request.urlopen(f"{url}api/status?token={TOKEN}", timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"jupyter lab did not start:\n{log.read_text(errors='replace')[-4000:]}")


@pytest.fixture(scope="module")
def binder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Binder]:
    if not os.path.exists(CHROMIUM):
        missing("Debian chromium is not installed (apt-get install chromium)")
    pytest.importorskip("playwright.sync_api")
    base = tmp_path_factory.mktemp("binder")
    repo, venv, log = base / "repo", base / "venv", base / "build.log"
    copy_repository(repo)
    timings = {
        "venv_s": run_step([sys.executable, "-m", "venv", str(venv)], repo, venv, log, 120),
        "requirements_s": run_step(
            [str(venv / "bin" / "pip"), "install", "--progress-bar", "off",
             "-r", "binder/requirements.txt"], repo, venv, log, PIP_TIMEOUT_S),
        "postbuild_s": run_step(["binder/postBuild"], repo, venv, log, 300),
    }
    binder = Binder(repo, venv, base / "jupyter.log", timings=timings)
    try:
        timings["server_start_s"] = binder.start()
        yield binder
    finally:
        binder.stop()


@pytest.fixture()
def page(binder: Binder, browser: Any) -> Iterator[Any]:
    """A page of the session's chromium (one Playwright per test process: a second sync
    Playwright in the same process would fail inside the first one's event loop)."""
    with browser_tab(browser, TIMEOUT_MS * 2, viewport={"width": 1100, "height": 900},
                     accept_downloads=True, locale="ru-RU") as page:
        yield page


def check_the_package_is_installed_with_its_native_solver_core(binder: Binder) -> None:
    backends = json.loads(binder.python(
        "-c", "import json; from kozel_tutor.solver import available_backends as a; "
              "print(json.dumps(a()))"))
    assert "python" in backends
    if shutil.which("gcc"):
        build = binder.log.with_name("build.log").read_text(errors="replace")
        why = [line for line in build.splitlines() if "native solver core" in line]
        assert "native" in backends, f"repo2docker images have gcc: the C core must be built {why}"
    location = binder.python("-c", "import kozel_tutor; print(kozel_tutor.__file__)")
    assert location.startswith(str(binder.venv)), "the package comes from the environment"


def check_the_installed_package_carries_the_whole_puzzle_catalogue(binder: Binder) -> None:
    found = json.loads(binder.python(
        "-c", "import json; from kozel_tutor.puzzles.model import catalogue_dir, load_catalogue; "
              "print(json.dumps([str(catalogue_dir()), "
              "sum(len(s.puzzles) for s in load_catalogue())]))"))
    in_repo = sum(len(s.puzzles) for s in load_catalogue(ROOT / "puzzles"))
    assert found[0].startswith(str(binder.venv)), found
    assert found[1] == in_repo > 0, (found, in_repo)


def check_the_server_culls_abandoned_kernels(binder: Binder) -> None:
    shown = subprocess.run([str(binder.venv / "bin" / "jupyter"), "server", "--show-config"],
                           cwd=binder.repo, env=binder_env(binder.repo, binder.venv),
                           capture_output=True, text=True, timeout=120, check=True).stdout
    assert "MappingKernelManager" in shown, shown
    section = shown.split("MappingKernelManager", 1)[1]
    assert ".cull_idle_timeout = 1200" in section
    assert ".cull_interval = 120" in section
    assert ".cull_connected = False" in section


def check_the_jupyterlab_link_opens_with_the_notebooks(binder: Binder) -> None:
    with urllib.request.urlopen(f"{binder.url}api/contents/notebooks?token={TOKEN}",
                                timeout=30) as reply:
        names = {item["name"] for item in json.load(reply)["content"]}
    assert "app.ipynb" in names
    with urllib.request.urlopen(f"{binder.url}lab?token={TOKEN}", timeout=30) as reply:
        assert reply.status == 200


def check_the_play_notebook_plays_in_jupyterlab(binder: Binder, page: Any) -> None:
    """The second badge: JupyterLab opens notebooks/play.ipynb, its first two code cells (the
    import, then the table) run, and the table takes a card (anywidget's front end in
    JupyterLab, not Voila's)."""
    start = time.perf_counter()
    page.goto(f"{binder.url}lab/tree/notebooks/play.ipynb?token={TOKEN}")
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for()
    time.sleep(2)   # the kernel's first "idle" comes before the notebook has it as its own
    page.locator(".jp-CodeCell .jp-InputArea-editor").first.click()
    page.keyboard.press("Shift+Enter")   # the import
    page.keyboard.press("Shift+Enter")   # play("easy"): the table
    playable = page.locator(".jp-OutputArea .kz-seat-S [data-playable='true']").first
    playable.wait_for()
    binder.timings["lab_play_table_s"] = time.perf_counter() - start
    token = str(playable.get_attribute("data-card"))
    playable.click()
    page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
    database = binder.repo / ".local" / "share" / "kozel-tutor" / "progress.sqlite3"
    with closing(sqlite3.connect(database)) as conn:
        slots = {row[0] for row in conn.execute("SELECT slot FROM saves")}
    assert "notebook" in slots, "the notebook's match is saved in its own slot"


def check_the_voila_link_opens_the_app_and_a_card_is_played(binder: Binder, page: Any) -> None:
    start = time.perf_counter()
    page.goto(f"{binder.url}{APP_URLPATH}?token={TOKEN}")
    page.get_by_test_id("open-play").wait_for()
    binder.timings["app_interactive_s"] = time.perf_counter() - start

    assert page.title() == "Козёл · Kozel tutor"
    icon = page.locator("link[rel='icon']")
    assert icon.count() == 1
    favicon = page.request.get(urljoin(page.url, str(icon.get_attribute("href"))))
    assert favicon.ok and "svg" in favicon.headers["content-type"]
    assert "import App" not in page.content(), "no code on screen: sources are stripped"

    start_game(page)
    assert len(hand(page)) == 9
    played = play_one(page)
    assert played not in hand(page)
    assert page.locator(HAND).count() == 8

    database = binder.repo / ".local" / "share" / "kozel-tutor" / "progress.sqlite3"
    deadline = time.monotonic() + 30
    saved = 0
    while time.monotonic() < deadline and not saved:
        if database.exists():
            with closing(sqlite3.connect(database)) as conn:
                saved = conn.execute("SELECT count(*) FROM saves").fetchone()[0]
        time.sleep(0.2)
    assert saved == 1, "the match is saved in the user data folder under Binder's HOME"


def check_progress_survives_a_new_session_through_the_progress_file(
        binder: Binder, page: Any, folder: Path) -> None:
    """Save the progress file, lose the database (a culled Binder session), load the file."""
    app_url = f"{binder.url}{APP_URLPATH}?token={TOKEN}"
    page.goto(app_url)
    page.get_by_test_id("continue").wait_for()
    page.get_by_test_id("section-progress").click()
    with page.expect_download() as download:
        page.get_by_test_id("backup-download").click()
    saved = folder / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name.startswith("kozel-progress-") and saved.suffix == ".json"

    # A culled session: Binder's next session is a new server with none of the old files.
    page.goto("about:blank")
    binder.stop()
    shutil.rmtree(binder.repo / ".local" / "share" / "kozel-tutor")
    binder.start()
    page.goto(app_url)
    page.get_by_test_id("open-play").wait_for()
    assert page.get_by_test_id("continue").count() == 0, "a new session starts empty"

    page.get_by_test_id("section-progress").click()
    with page.expect_file_chooser() as chooser:  # the widget's file input is not in the page
        page.locator(".kozel-backup-upload").click()
    chooser.value.set_files(str(saved))
    page.locator(".kozel-backup-confirm-yes").click()   # the screen asks first
    page.locator("[data-testid='backup-ok']").wait_for()
    page.get_by_test_id("backup-reopen").click()
    page.get_by_test_id("continue").wait_for()


def test_binder_link_builds_the_app_and_a_learner_plays_a_card(
        binder: Binder, page: Any, record_property: Any, tmp_path: Path) -> None:
    """One test, so that one build serves every check even when pytest runs on two workers."""
    check_the_server_culls_abandoned_kernels(binder)
    check_the_jupyterlab_link_opens_with_the_notebooks(binder)
    check_the_voila_link_opens_the_app_and_a_card_is_played(binder, page)
    check_progress_survives_a_new_session_through_the_progress_file(binder, page, tmp_path)
    check_the_package_is_installed_with_its_native_solver_core(binder)
    check_the_installed_package_carries_the_whole_puzzle_catalogue(binder)
    check_the_play_notebook_plays_in_jupyterlab(binder, page)
    for name, seconds in binder.timings.items():
        record_property(name, round(seconds, 1))
    print("\nBinder simulation timings:",
          ", ".join(f"{name} {seconds:.1f}s" for name, seconds in binder.timings.items()))
