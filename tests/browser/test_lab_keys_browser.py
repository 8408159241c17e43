"""In JupyterLab the keys a widget names are the widget's: ↓ in the teacher's catalogue list
moves its choice, and neither it nor a key on a lesson's card, a puzzle's or the card table
moves the notebook to another cell ("a" adds none), while a key with Ctrl is still Lab's (Ctrl+S
saves the notebook).  JupyterLab matches its command-mode shortcuts from the focused element up
and skips one marked data-lm-suppress-shortcuts: each widget marks the target of a plain key.

One JupyterLab server of this Python (the installed package), on a free port, with a notebook of
the four widgets, each followed by a Markdown cell, written for the test."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import CHROMIUM, browser_tab, free_port, missing, stop

CELLS = [
    ("code", "from kozel_tutor.puzzles.notebook import teacher_tools\nteacher_tools('en')"),
    ("markdown", "after the teacher's screen"),
    ("code", "from kozel_tutor.app.notebook import lesson\nlesson('04_trick', lang='en')"),
    ("markdown", "after the lesson"),
    ("code", "from kozel_tutor.puzzles.notebook import play\nplay('beginner-path', 'en')"),
    ("markdown", "after the puzzle"),
    ("code", "from kozel_tutor.app.notebook import play as table\n"
             "table('easy', pace='instant')"),
    ("markdown", "after the table"),
]
NOTEBOOK = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook"
ACTIVE = f"""() => [...document.querySelectorAll('{NOTEBOOK} .jp-Cell')]
  .findIndex(cell => cell.classList.contains('jp-mod-active'))"""
CELL_COUNT = f"() => document.querySelectorAll('{NOTEBOOK} .jp-Cell').length"
DIRTY = ".lm-DockPanel-tabBar .lm-TabBar-tab.jp-mod-dirty"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server with the notebook of widgets; its URL."""
    import importlib.util
    if not os.path.exists(CHROMIUM):
        missing("Debian chromium is not installed (apt-get install chromium)")
    if importlib.util.find_spec("jupyterlab") is None:
        missing("JupyterLab is not installed (pip install -e '.[app]')")
    import nbformat

    base = tmp_path_factory.mktemp("lab")
    root, home, config = base / "notebooks", base / "home", base / "jupyter"
    for folder in (root, home, config):
        folder.mkdir()
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "language": "python",
                                       "display_name": "Python 3 (ipykernel)"}
    notebook.cells = [nbformat.v4.new_code_cell(text) if kind == "code"
                      else nbformat.v4.new_markdown_cell(text) for kind, text in CELLS]
    nbformat.write(notebook, root / "keys.ipynb")
    port = free_port()
    env = {**os.environ, "KOZEL_TUTOR_HOME": str(home), "KOZEL_TUTOR_PACE": "0",
           "JUPYTER_CONFIG_DIR": str(config), "JUPYTER_RUNTIME_DIR": str(base / "runtime")}
    log = base / "lab.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
             f"--port={port}", "--ServerApp.port_retries=0", "--ServerApp.token=",
             "--ServerApp.password=", f"--ServerApp.root_dir={root}",
             f"--LabApp.workspaces_dir={base / 'workspaces'}",
             *(["--allow-root"] if os.geteuid() == 0 else [])],
            cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"jupyter lab did not start:\n{log.read_text(errors='replace')}")
            try:
                with urllib.request.urlopen(f"{url}api/status", timeout=2):
                    break
            except OSError:
                time.sleep(0.3)
        yield url
    finally:
        stop(proc)


@pytest.fixture()
def notebook(browser: Any, lab: str) -> Iterator[Any]:
    """The notebook open in JupyterLab, every cell run, the widgets on the page."""
    with browser_tab(browser, viewport={"width": 1280, "height": 900}) as page:
        page.goto(f"{lab}lab/tree/keys.ipynb?reset")
        page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
        time.sleep(1)   # the kernel's first "idle" comes before the notebook has it as its own
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
        for ready in (".kz-teacher-pick select", ".kz-lesson-root .kz-btn",
                      ".kz-puzzle-root [data-testid^='puzzle-card-']", ".kz-table-root button"):
            page.locator(ready).first.wait_for(timeout=60_000)
        yield page


def _keys_stay(page: Any, selector: str, *keys: str) -> tuple[tuple[int, int], ...]:
    """Focus the first ``selector`` and press ``keys``: the notebook's active cell and its
    number of cells before and after."""
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    target.focus()
    before = page.evaluate(ACTIVE), page.evaluate(CELL_COUNT)
    for key in keys:
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    return before, (page.evaluate(ACTIVE), page.evaluate(CELL_COUNT))


def test_the_keys_a_widget_names_stay_the_widgets_in_jupyterlab(notebook: Any) -> None:
    page = notebook
    pick = page.locator(".kz-teacher-pick select")
    chosen = pick.evaluate("s => s.selectedIndex")
    before, after = _keys_stay(page, ".kz-teacher-pick select", "ArrowDown")
    assert after == before, "↓ in the teacher's list stays in the list"
    assert pick.evaluate("s => s.selectedIndex") == chosen + 1, "↓ moves the list's choice"
    before, after = _keys_stay(page, ".kz-teacher-pick select", "a")
    assert after == before, "a in the teacher's list adds no cell"
    # the widgets' own controls; "a" would add a cell above in Lab's command mode
    for selector in (".kz-lesson-root .kz-btn", ".kz-puzzle-root [data-testid^='puzzle-card-']",
                     ".kz-puzzle-root [data-testid='puzzle-hint']", ".kz-table-root",
                     ".kz-table-root button"):
        before, after = _keys_stay(page, selector, "ArrowDown", "a")
        assert after == before, f"↓ and a on {selector} stay in the widget"

    # a key with Ctrl is still JupyterLab's: Ctrl+S saves the notebook (run, it has changed)
    assert page.locator(DIRTY).count() == 1
    pick.focus()
    page.keyboard.press("Control+s")
    page.locator(DIRTY).wait_for(state="detached")
