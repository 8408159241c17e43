"""A lesson notebook in the browser (Voila renders it as JupyterLab would run it): the lesson
opens in the language last used in a notebook and a switch is kept for the notebooks; a number
task's Check with nothing typed asks for a number instead of doing nothing."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from typing import Any

import pytest

from kozel_tutor.app.notebook import LANG_PREF, NOTEBOOK_SLOT
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.lessons import load_lesson

from .conftest import Server, browser_tab, missing, start_voila, stop

LESSON = "08_counting"   # its second step asks for a number


@pytest.fixture(scope="module")
def lesson_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if importlib.util.find_spec("voila") is None:
        missing("voila is not installed (pip install -e '.[app]')")
    base = tmp_path_factory.mktemp("lesson-notebook")
    home = base / "home"
    home.mkdir()
    Store(home / DB_NAME, slot=NOTEBOOK_SLOT).set_pref(LANG_PREF, "en")   # chosen at the table
    proc, url = start_voila(home, base / "voila.log",
                            notebook=f"notebooks/lessons/{LESSON}.ipynb")
    try:
        yield Server(url, home, base / "voila.log")
    finally:
        stop(proc)


@pytest.fixture()
def lesson_page(browser: Any, lesson_server: Server) -> Iterator[Any]:
    with browser_tab(browser, viewport={"width": 1100, "height": 900}, locale="ru-RU") as page:
        page.goto(lesson_server.url)
        page.get_by_test_id("lesson-title").wait_for()
        yield page


def test_the_lesson_opens_in_the_notebooks_language_and_its_switch_is_kept(
        lesson_page: Any, lesson_server: Server) -> None:
    lesson = load_lesson(LESSON)
    title = lesson_page.get_by_test_id("lesson-title")
    assert title.inner_text() == f"{lesson.number}. {lesson.title.en}"
    button = lesson_page.get_by_test_id("lesson-lang")
    assert button.inner_text() == "Русский"
    button.click()
    lesson_page.wait_for_function(
        "t => document.querySelector('[data-testid=lesson-title]').textContent === t",
        arg=f"{lesson.number}. {lesson.title.ru}")
    store = Store(lesson_server.home / DB_NAME, slot=NOTEBOOK_SLOT)
    assert store.get_pref(LANG_PREF) == "ru"
    button.click()   # back to English for the other test
    lesson_page.wait_for_function(
        "t => document.querySelector('[data-testid=lesson-title]').textContent === t",
        arg=f"{lesson.number}. {lesson.title.en}")


def test_check_with_an_empty_box_asks_for_a_number_and_counts_nothing(lesson_page: Any) -> None:
    lesson_page.get_by_test_id("lesson-next").click()
    box = lesson_page.get_by_test_id("lesson-number")
    box.wait_for()
    lesson_page.get_by_test_id("lesson-check").click()
    said = lesson_page.get_by_test_id("lesson-number-empty")
    said.wait_for()
    assert said.inner_text() == "Type a number first"
    assert said.get_attribute("role") == "alert"
    assert box.get_attribute("aria-invalid") == "true"
    assert lesson_page.evaluate("document.activeElement.dataset.testid") == "lesson-number"
    assert lesson_page.get_by_test_id("lesson-feedback").count() == 0   # no answer was sent
    box.type("1")
    assert said.count() == 0 and box.get_attribute("aria-invalid") is None
    box.press("Enter")
    feedback = lesson_page.locator("[data-testid='lesson-feedback'][data-correct='false']")
    feedback.wait_for()
    assert feedback.inner_text().startswith("Not quite.")
