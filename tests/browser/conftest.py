"""A live ``voila notebooks/app.ipynb`` server and Debian chromium, driven by Playwright.

The server gets a free port, ``--no-browser`` and a temporary ``KOZEL_TUTOR_HOME``; AI pauses
are shortened with ``KOZEL_TUTOR_PACE`` so a whole deal plays in seconds.  When chromium,
Playwright or Voila is not installed the tests are skipped on a developer's machine, and fail
where they are required, so that a broken test machine cannot pass by skipping them:
``KOZEL_REQUIRE_BROWSER=1``, which ``scripts/test.sh`` sets (unset, a set ``CI`` counts as 1).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.cards import Card
from kozel_tutor.lessons.progress import LessonProgress
from kozel_tutor.position import Position
from kozel_tutor.puzzles.model import Puzzle
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import deal_result
from kozel_tutor.seats import Seat, Team

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
TIMEOUT_MS = 30_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@dataclass(frozen=True)
class Server:
    url: str
    home: Path
    log: Path


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_voila(home: Path, log: Path, pace: str = "0.05", extra: tuple[str, ...] = (),
                notebook: str = "notebooks/app.ipynb") -> tuple[subprocess.Popen[bytes], str]:
    """Start Voila on a free port serving the app, or another ``notebook`` with the app's
    settings (``extra``: more Voila options); returns the process and its URL."""
    port = free_port()
    # The package is installed (pip install -e .); -P keeps the repository's voila.py (Voila's
    # settings file) from shadowing the voila package.
    env = {**os.environ, "KOZEL_TUTOR_HOME": str(home), "KOZEL_TUTOR_PACE": pace}
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-P", "-m", "voila", notebook, "--no-browser",
             f"--port={port}", "--Voila.ip=127.0.0.1", *extra],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"voila exited early:\n{log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(url + "api", timeout=2):
                return proc, url
        except urllib.error.HTTPError:
            return proc, url  # the server answers (Voila refuses /api): it is up
        except OSError:
            time.sleep(0.3)
    proc.terminate()
    raise RuntimeError(f"voila did not start:\n{log.read_text(errors='replace')}")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def browser_required() -> bool:
    """Whether a missing browser stack fails the tests (scripts/test.sh, CI) or skips them."""
    default = "1" if os.environ.get("CI") else "0"
    return os.environ.get("KOZEL_REQUIRE_BROWSER", default) == "1"


def missing(what: str) -> None:
    """Skip on a developer machine without the browser stack; fail where it is required."""
    if browser_required():
        pytest.fail(f"{what}; the browser tests are required here (KOZEL_REQUIRE_BROWSER=1, or CI "
                    "set): scripts/test.sh installs what they need (chromium only as root, with "
                    "apt-get), KOZEL_REQUIRE_BROWSER=0 skips them", pytrace=False)
    pytest.skip(what)


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not os.path.exists(CHROMIUM):
        missing("Debian chromium is not installed (apt-get install chromium)")
    if shutil.which("voila") is None and not _importable("voila"):
        missing("voila is not installed (pip install -e '.[app]')")
    yield from _serve(tmp_path_factory.mktemp("voila"))


@pytest.fixture(scope="session")
def table_server(tmp_path_factory: pytest.TempPathFactory, voila_server: Server
                 ) -> Iterator[Server]:
    """A server of its own, for the tests that write a saved match into its progress file before
    each page (:func:`open_called_match`, :func:`save_match_at_its_end`)."""
    yield from _serve(tmp_path_factory.mktemp("table"))


def _serve(base: Path, fill: Callable[[Path], None] | None = None) -> Iterator[Server]:
    """A Voila server of the app with its progress in ``base / "home"`` (its file first filled
    by ``fill``, if given), stopped at the end."""
    home = base / "home"
    home.mkdir()
    if fill is not None:
        fill(home / DB_NAME)
    proc, url = start_voila(home, base / "voila.log")
    try:
        yield Server(url, home, base / "voila.log")
    finally:
        stop(proc)


def leave_in_russian(server: Server) -> None:
    """The next page of ``server`` opens in Russian, as the other tests on it expect: the
    language the switch would remember, written into the server's progress file (no page to
    load for it)."""
    Store(Path(server.home) / DB_NAME).set_pref("lang", "ru")


def learner_record(path: Path) -> None:
    """Lesson 1 finished with 2 stars, one puzzle missed, an easy deal won and a deal of the
    regional game with the longest name lost at the hardest level (the widest row)."""
    store = Store(path)
    LessonProgress(path).record("01_table", 7, 7, 2)
    ending = Position.from_json({
        "hands": {"N": "TD 9D", "E": "JC TH", "S": "JS QH JH", "W": "TC 9C QS"},
        "leader": "N", "taken": {"NS": [39, 4], "EW": [37, 2]}, "trick": ["7D", "JD"],
        "led": "SHD"})
    puzzle = Puzzle.from_dict({
        "id": "browser-duck", "title": {"ru": "Т", "en": "T"}, "story": {"ru": "", "en": ""},
        "position": json.loads(ending.to_json()), "goal": "make_61", "answers": ["JH", "JS"],
        "themes": ["duck"], "rating": 1200, "hints": [], "view": "double_dummy"})
    Progress(path).record(puzzle, Card.parse("QH"), seconds=7)
    store.record_deal(("easy", "clubs"), deal_result(find_rules(), (80, 40), (6, 2)), Team.NS,
                      None)
    store.record_deal(("insane", "classic"), deal_result(find_rules(), (40, 80), (2, 6)),
                      Team.NS, None)


@pytest.fixture(scope="session")
def record_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose progress file holds a learner's record (:func:`learner_record`), and
    nobody else's (the shared server's file belongs to the other tests)."""
    if not os.path.exists(CHROMIUM):
        missing("Debian chromium is not installed (apt-get install chromium)")
    if shutil.which("voila") is None and not _importable("voila"):
        missing("voila is not installed (pip install -e '.[app]')")
    yield from _serve(tmp_path_factory.mktemp("record"), learner_record)


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


@pytest.fixture()
def phone(browser: Any) -> Iterator[Any]:
    """A page on a phone (a touch screen: the pointer is coarse), in a Russian browser."""
    with browser_tab(browser, **PHONE, locale="ru-RU") as page:
        yield page


def open_called_match(page: Any, server: Server) -> None:
    """A saved match whose first deal's trumps the learner names (Gleb deals), written afresh
    into ``server``'s progress file; Continue opens it."""
    session = MatchSession(Settings(level="random", trump="called"), rng=random.Random(1),
                           first_dealer=Seat.E)
    assert session.learner_calls
    Store(Path(server.home) / DB_NAME).save_match(session.to_json())
    page.goto(server.url)
    page.get_by_test_id("continue").click()
    page.get_by_test_id("call").wait_for()


def save_match_at_its_end(server: Server, match: dict[str, Any]) -> None:
    """Write ``match``, a save whose last deal ends it, into ``server``'s progress file, the
    statistics of its level and trump rule (what its results show) cleared first, as on a
    server of its own.  Scored, the match is over and its save deleted; and the other tests on
    ``server`` (:func:`table_server`) write their own saved match before each page and count
    their deals under another trump rule."""
    key = Settings.from_dict(match["settings"]).stats_key
    store = Store(Path(server.home) / DB_NAME)
    with contextlib.closing(sqlite3.connect(store.path)) as conn, conn:
        conn.execute("DELETE FROM stats WHERE level = ? AND trump = ?", key)
    store.save_match(match)


@contextlib.contextmanager
def browser_tab(browser: Any, timeout_ms: int = TIMEOUT_MS, **options: Any) -> Iterator[Any]:
    """A page in a browser context of its own (``options``: its viewport, locale...), waiting
    ``timeout_ms`` at most for each step; closed at the end as a learner closes a tab
    (:func:`close_as_a_tab`)."""
    context = browser.new_context(**options)
    context.set_default_timeout(timeout_ms)
    try:
        yield context.new_page()
    finally:
        close_as_a_tab(context)


def close_as_a_tab(context: Any) -> None:
    """Close ``context``'s pages as a learner closes a tab, then the context: the page's
    ``beforeunload`` asks Voila to shut its kernel down (a context closed alone leaves every
    page's kernel running until culled: 150 kernels and 14 GB by the end of a test session)."""
    for page in context.pages:
        page.close(run_before_unload=True)
    context.close()


def _importable(name: str) -> bool:
    import importlib.util
    return importlib.util.find_spec(name) is not None


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not _importable("playwright"):
        missing("Playwright is not installed (pip install -e '.[test]')")
    from playwright import sync_api
    if not os.path.exists(CHROMIUM):
        missing("Debian chromium is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser: object, voila_server: Server) -> Iterator[object]:
    # a Russian browser: the app speaks the browser's language until the learner chooses one
    with browser_tab(browser, viewport={"width": 1100, "height": 900}, locale="ru-RU") as page:
        yield page


@pytest.fixture(autouse=True)
def _lessons_from_the_start(request: pytest.FixtureRequest) -> None:
    """Each test on the shared server finds no lesson begun: an unfinished lesson reopens where
    the test before left it, and the tests expect a lesson to open at its first step."""
    if "voila_server" not in request.fixturenames:
        return
    db = request.getfixturevalue("voila_server").home / "progress.sqlite3"
    if not db.exists():
        return
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        for table in ("lesson_progress", "lesson_tasks"):
            with contextlib.suppress(sqlite3.OperationalError):   # not made yet
                conn.execute(f"DELETE FROM {table}")
