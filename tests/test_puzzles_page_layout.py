"""The Puzzles pages line up: the menu's set-file button sits inside the menu's card (it sat
under it, outside the frame), and the bar above a puzzle is as wide as the puzzle (it was 56px
narrower), as is the name and results row of a teacher's set.  The browser test
(``tests/browser/test_puzzles_browser.py``) measures the same on screen."""

from __future__ import annotations

import re
from pathlib import Path

from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import set_to_param
from kozel_tutor.widgets._assets import asset

PY = "python"


def _rule(css: str, selector: str) -> str:
    """The declarations of the first rule whose selector list holds ``selector``."""
    css = re.sub(r"/\*.*?\*/|</?style>", "", css, flags=re.S)
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        if selector in (s.strip() for s in selectors.split(",")):
            return str(body)
    raise AssertionError(f"no rule for {selector}")


def _max_width(body: str) -> str:
    found = re.search(r"max-width:\s*([^;]+)", body)
    assert found is not None, body
    return found[1].strip()


def test_the_menu_and_its_set_file_button_share_one_card(tmp_path: Path) -> None:
    view = PuzzlesView("en", Store(tmp_path / "progress.sqlite3"), lambda: None, backend=PY)
    assert view.children == (view.style, view.menu)
    assert view.menu.children == (view.panel, view.upload)
    assert "kz-puzzles-menu" in view.menu._dom_classes
    style = view.style.value
    # the card is the dashboard's, and the panel inside has no frame of its own
    assert _rule(style, ".kz-puzzles-menu") == _rule(style, ".kz-puzzles-dashboard")
    assert _max_width(_rule(style, ".kz-puzzles-menu")) == "872px"
    inner = _rule(style, ".kz-puzzles-menu .kz-panel-root")
    assert "box-shadow:none" in inner and "border:0" in inner and "max-width:none" in inner


def test_the_bar_and_the_results_row_are_as_wide_as_the_puzzle(tmp_path: Path) -> None:
    puzzles = next(s for s in load_catalogue() if s.id == "beginner-path").puzzles[:2]
    homework = PuzzleSet("layout-hw", Text("Домашка", "Homework"), puzzles=puzzles)
    view = PuzzlesView("en", Store(tmp_path / "progress.sqlite3"), lambda: None, backend=PY,
                       query=f"set={set_to_param(homework)}")
    assert view.children == (view.style, view.bar, view.results, view.widget)
    puzzle = _max_width(_rule(asset("puzzle.css"), ".kz-puzzle-root"))
    assert puzzle == "920px"
    bar = _rule(view.style.value, ".kz-puzzles-bar .kz-panel-root")
    assert _max_width(bar) == puzzle and "box-sizing:border-box" in bar
    assert view.results.layout.max_width == puzzle
