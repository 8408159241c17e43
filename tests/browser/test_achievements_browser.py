"""The *My progress* page in the Voila app, in a real browser: the tile opens it, it shows the
lessons, puzzles and matches a learner recorded, switches language with the app, fits a laptop
(1366x768) and a small screen (800x600) without scrolling sideways, is reached with the keyboard
alone, and its buttons lead to the Lessons section and home.

The record server (conftest.record_server), whose progress file holds a learner's record,
written through the app's APIs before the server starts (the shared server's file belongs to
the other tests)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import Server, browser_tab
from .helpers import open_home

NO_SIDEWAYS = "document.documentElement.scrollWidth <= window.innerWidth"
ACTIVE = "() => [document.activeElement.tagName, document.activeElement.textContent.trim()]"


@pytest.fixture()
def laptop(browser: Any) -> Iterator[Any]:
    with browser_tab(browser, viewport={"width": 1366, "height": 768}, locale="ru-RU") as page:
        yield page


def _tab_to(page: Any, label: str, most: int = 12) -> None:
    """Press Tab until the button ``label`` has the focus."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(ACTIVE) == ["BUTTON", label]:
            return
    raise AssertionError(f"{label!r} is not reached with Tab: stopped at {page.evaluate(ACTIVE)}")


def test_my_progress_shows_lessons_puzzles_and_matches_and_works_from_the_keyboard(
        laptop: Any, record_server: Server) -> None:
    page = laptop
    open_home(page, record_server.url)
    page.get_by_test_id("section-achievements").click()
    page.get_by_test_id("achievements").get_by_text("Мои успехи").wait_for()
    lessons = page.get_by_test_id("achievements-lessons")
    lessons.get_by_text("Пройдено уроков: 1 из 15.").wait_for()
    assert "Звёзд: 2 из 45." in lessons.inner_text()
    assert "Следующий урок: «2. " in lessons.inner_text()
    page.get_by_test_id("achievements-puzzles").get_by_text("Рейтинг: ").wait_for()
    page.get_by_test_id("achievements-matches-table").get_by_text("Безумный").wait_for()
    puzzles = page.get_by_test_id("achievements-puzzles").inner_text()
    assert "Рейтинг: " in puzzles and "Решено задач: 0 из 1" in puzzles
    assert "К повторению: 1 задача, следующая — завтра." in puzzles
    rows = page.get_by_test_id("achievements-matches-table").locator("tbody tr")
    assert [rows.nth(i).locator("th, td").all_inner_texts() for i in range(rows.count())] == [
        ["Лёгкий", "Трефы", "0", "0", "1 из 1", "80,0"],
        ["Безумный", "Классический (табло, хвалёнки)", "0", "0", "0 из 1", "40,0"]]
    assert page.evaluate(NO_SIDEWAYS), "the page scrolls sideways at 1366x768"

    # the keyboard: the heading, then the way home and the language switch, then Lessons
    page.wait_for_function("() => document.activeElement.tagName === 'H1'")
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE) == ["BUTTON", "← Домой"]
    page.keyboard.press("Tab")
    assert page.evaluate(ACTIVE) == ["BUTTON", "English"]
    page.keyboard.press("Enter")
    page.get_by_test_id("achievements").get_by_text("My progress").wait_for()
    page.get_by_test_id("achievements-lessons").get_by_text(
        "Lessons finished: 1 of 15.").wait_for()
    # each part is its own widget: wait for every one to be redrawn
    page.get_by_test_id("achievements-puzzles").get_by_text("Rating: ").wait_for()
    page.get_by_test_id("achievements-matches-table").get_by_text("Insane").wait_for()
    assert page.get_by_test_id("achievements-matches-table").locator(
        "tbody th").all_inner_texts() == ["Easy", "Insane"]

    page.set_viewport_size({"width": 800, "height": 600})
    page.get_by_test_id("achievements").wait_for()
    assert page.evaluate(NO_SIDEWAYS), "the page scrolls sideways at 800x600"
    page.set_viewport_size({"width": 1366, "height": 768})

    page.get_by_test_id("lang").focus()
    _tab_to(page, "Open lessons")
    page.keyboard.press("Enter")
    page.get_by_test_id("lessons").get_by_text("Lessons", exact=True).wait_for()
    page.get_by_test_id("lessons-home").click()
    page.get_by_test_id("open-play").wait_for()

    page.get_by_test_id("section-achievements").click()
    page.get_by_test_id("achievements-home").get_by_text("← Home").click()
    page.get_by_test_id("open-play").wait_for()
