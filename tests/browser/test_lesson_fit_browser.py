"""A lesson on a laptop at 125% zoom (1024x576 CSS pixels): every step fits the window, its
question, its table, its answer controls and the Back / Hint / Next buttons all in sight without
scrolling; and after an answer the verdict comes in beside them, the question still in sight (a
step at a table puts the table beside the words, lesson.css)."""

from __future__ import annotations

from typing import Any

import pytest

from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.checks import answer_kind, expected
from kozel_tutor.lessons.model import Task

from .helpers import open_home

LAPTOP_125 = {"width": 1024, "height": 576}
# two trick cards and a hand, the seats alone, a trick of three and four open hands, a hand of
# nine and a suit to call, the cards already played, a first lead from a whole hand of nine (14),
# every kind of answer
LESSONS = ("01_table", "03_following", "07_called", "08_counting", "09_feeding", "11_aces",
           "14_nizhny")
# what must be in sight: each selector's boxes between the window's top and bottom
OUT_OF_SIGHT = """sels => sels.flatMap(sel => [...document.querySelectorAll(sel)].map(node => {
    const r = node.getBoundingClientRect();
    return r.top >= -0.5 && r.bottom <= window.innerHeight + 0.5 ? null
        : `${sel} ${Math.round(r.top)}..${Math.round(r.bottom)}`;
})).filter(Boolean)"""
STEP = ["[data-testid='lesson-title']", "[data-testid='lesson-text']", ".kz-lesson-scene",
        ".kz-lesson-answer > *", ".kz-lesson-nav button"]
AFTER = ["[data-testid='lesson-title']", "[data-testid='lesson-text']",
         "[data-testid='lesson-feedback']", ".kz-lesson-nav button"]


def _answer(page: Any, task: Task) -> None:
    right = expected(task).split()[0]
    kind = answer_kind(task)
    if kind == "number":
        page.get_by_test_id("lesson-number").fill(right)
        page.get_by_test_id("lesson-check").click()
    else:   # a card, a choice, a seat or a suit: its button is lesson-<kind>-<value>
        page.get_by_test_id(f"lesson-{kind}-{right}").click()
    page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()


def _out_of_sight(page: Any, selectors: list[str]) -> list[str]:
    page.wait_for_timeout(100)   # a verdict brought into the window settles
    return [str(x) for x in page.evaluate(OUT_OF_SIGHT, selectors)]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_step_fits_a_laptop_window_at_125_percent(page: Any, voila_server: Any,
                                                       lesson_id: str) -> None:
    page.set_viewport_size(LAPTOP_125)
    lesson = load_lesson(lesson_id)
    open_home(page, voila_server.url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id(f"lesson-open-{lesson_id}").click()
    page.get_by_test_id("lesson-title").wait_for()
    for index, step in enumerate(lesson.steps):
        page.wait_for_function(
            "i => document.querySelectorAll('.kz-lesson-dot')[i]"
            "?.classList.contains('kz-dot-current')", arg=index)
        where = f"{lesson_id} step {index + 1}"
        assert _out_of_sight(page, STEP) == [], where
        if isinstance(step, Task):
            _answer(page, step)
            if index < len(lesson.steps) - 1:   # the last one ends the lesson, below the step
                assert _out_of_sight(page, AFTER) == [], f"{where}, answered"
        if index < len(lesson.steps) - 1:
            page.get_by_test_id("lesson-next").click()
