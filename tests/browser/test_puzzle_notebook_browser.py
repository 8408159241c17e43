"""The puzzles notebook in the browser (Voila runs it as JupyterLab would): each puzzle widget has
its own language button, which switches every puzzle widget of the notebook at once and is kept
as the notebooks' language."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from typing import Any

import pytest

from kozel_tutor.app.notebook import LANG_PREF, NOTEBOOK_SLOT
from kozel_tutor.app.store import DB_NAME, Store

from .conftest import Server, browser_tab, missing, start_voila, stop

TITLES = ("() => Array.from(document.querySelectorAll('[data-testid=puzzle-title]'),"
          " n => n.textContent)")
BADGES = ("() => Array.from(document.querySelectorAll('.kz-puzzle-top .kz-badge'),"
          " n => n.textContent)")


@pytest.fixture(scope="module")
def puzzles_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if importlib.util.find_spec("voila") is None:
        missing("voila is not installed (pip install -e '.[app]')")
    base = tmp_path_factory.mktemp("puzzles-notebook")
    home = base / "home"
    home.mkdir()
    proc, url = start_voila(home, base / "voila.log", notebook="notebooks/puzzles.ipynb")
    try:
        yield Server(url, home, base / "voila.log")
    finally:
        stop(proc)


def test_a_puzzle_widgets_language_button_switches_every_puzzle_of_the_notebook(
        browser: Any, puzzles_server: Server) -> None:
    with browser_tab(browser, viewport={"width": 1100, "height": 900}, locale="ru-RU") as page:
        page.goto(puzzles_server.url)
        page.wait_for_function(f"() => ({TITLES})().length === 3")
        buttons = page.get_by_test_id("puzzle-lang")
        assert buttons.count() == 3
        assert [buttons.nth(i).inner_text() for i in range(3)] == ["English"] * 3
        assert buttons.first.get_attribute("lang") == "en"   # said in English
        assert any(b.startswith("Задача 1 из") for b in page.evaluate(BADGES))

        buttons.nth(1).click()
        page.wait_for_function(
            f"() => ({BADGES})().filter(b => b.startsWith('Puzzle 1 of')).length === 3")
        assert [buttons.nth(i).inner_text() for i in range(3)] == ["Русский"] * 3
        assert not any("Задача" in b for b in page.evaluate(BADGES))
        store = Store(puzzles_server.home / DB_NAME, slot=NOTEBOOK_SLOT)
        assert store.get_pref(LANG_PREF) == "en"

        buttons.first.click()   # and back
        page.wait_for_function(
            f"() => ({BADGES})().filter(b => b.startsWith('Задача 1 из')).length === 3")
        assert store.get_pref(LANG_PREF) == "ru"
