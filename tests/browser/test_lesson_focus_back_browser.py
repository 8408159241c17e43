"""Keyboard: leaving a lesson reached by «Следующий урок» puts the focus back on that lesson's
tile in the list, not on the tile pressed to open the first one."""

from __future__ import annotations

from typing import Any

from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.checks import answer_kind, expected
from kozel_tutor.lessons.model import Task

from .helpers import open_home

CURRENT = ("() => Array.from(document.querySelectorAll('.kz-lesson-dot'))"
           ".findIndex(d => d.classList.contains('kz-dot-current'))")
ACTIVE = "() => document.activeElement?.dataset.testid ?? null"


def _press(page: Any, testid: str) -> None:
    """Press a button with the keyboard, as the learner of the report did."""
    page.get_by_test_id(testid).focus()
    page.keyboard.press("Enter")


def _answer(page: Any, task: Task) -> None:
    right = expected(task).split()[0]
    kind = answer_kind(task)
    if kind == "number":
        page.get_by_test_id("lesson-number").fill(right)
        _press(page, "lesson-check")
    else:   # a card, a choice, a seat or a suit: its button is lesson-<kind>-<value>
        _press(page, f"lesson-{kind}-{right}")
    page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()


def _finish(page: Any, lesson_id: str) -> None:
    """Answer each task right and go on to the end, from whatever step the lesson opened at (an
    unfinished lesson reopens where another test left it)."""
    steps = load_lesson(lesson_id).steps
    while True:
        index = int(page.evaluate(CURRENT))
        step = steps[index]
        if isinstance(step, Task) and not page.locator(
                "[data-testid='lesson-feedback'][data-correct='true']").count():
            _answer(page, step)
        if index == len(steps) - 1:
            break
        _press(page, "lesson-next")
        page.wait_for_function(f"i => ({CURRENT})() === i", arg=index + 1)
    page.get_by_test_id("lesson-done").wait_for()


def test_all_lessons_after_next_lesson_focuses_the_tile_of_the_lesson_left(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    _press(page, "section-lessons")
    _press(page, "lesson-open-01_table")
    page.get_by_test_id("lesson-title").wait_for()
    _finish(page, "01_table")
    following = load_lesson("02_trumps")
    _press(page, "lesson-next-lesson")
    page.wait_for_function(
        "t => document.querySelector('[data-testid=lesson-title]')?.textContent === t",
        arg=f"2. {following.title.ru}")
    _press(page, "lesson-exit")   # «Все уроки»
    page.get_by_test_id("lesson-open-02_trumps").wait_for()
    try:
        page.wait_for_function(f"() => ({ACTIVE})() === 'lesson-open-02_trumps'",
                               timeout=5_000)
    except Exception:
        raise AssertionError(f"the focus is on {page.evaluate(ACTIVE)!r}, not on the tile "
                             "of lesson 2") from None
