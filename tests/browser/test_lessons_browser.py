"""A learner completes a lesson in the Voila app: a wrong answer is explained, then retried."""

from __future__ import annotations

import sqlite3
from typing import Any

from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.checks import check, expected
from kozel_tutor.lessons.model import Task

from .helpers import open_home

LESSON = "04_trick"


def _wait_step(page: Any, index: int, count: int) -> None:
    page.wait_for_function(
        "([i, n]) => { const d = document.querySelectorAll('.kz-lesson-dot');"
        " return d.length === n && d[i].classList.contains('kz-dot-current'); }",
        arg=[index, count])


def test_a_lesson_is_completed_in_the_app_with_one_wrong_answer_explained(
        page: Any, voila_server: Any) -> None:
    lesson = load_lesson(LESSON)
    open_home(page, voila_server.url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id(f"lesson-open-{LESSON}").click()
    page.get_by_test_id("lesson-title").wait_for()
    assert page.get_by_test_id("lesson-title").inner_text() == f"4. {lesson.title.ru}"
    wrong_done = False
    for index, step in enumerate(lesson.steps):
        _wait_step(page, index, len(lesson.steps))
        assert page.get_by_test_id("lesson-text").inner_text() == (
            step.prompt.ru if isinstance(step, Task) else step.text.ru)
        if isinstance(step, Task):
            right = expected(step)
            trick = page.locator("[data-testid='lesson-trick'] [data-card]")
            if not wrong_done:
                wrong = next(t for t in trick.evaluate_all("els => els.map(e => e.dataset.card)")
                             if t != right)
                page.locator(f"[data-testid='lesson-trick'] [data-card='{wrong}']").click()
                feedback = page.locator("[data-testid='lesson-feedback'][data-correct='false']")
                feedback.wait_for()
                assert feedback.inner_text() == check(step, wrong).explanation.ru
                assert page.get_by_test_id("lesson-next").is_disabled()
                wrong_done = True
            page.locator(f"[data-testid='lesson-trick'] [data-card='{right}']").click()
            page.locator("[data-testid='lesson-feedback'][data-correct='true']").wait_for()
        if index < len(lesson.steps) - 1:
            page.get_by_test_id("lesson-next").click()
    stars = page.get_by_test_id("lesson-stars")
    stars.wait_for()
    assert stars.inner_text() == "★★☆"  # one task took a retry
    with sqlite3.connect(voila_server.home / "progress.sqlite3") as conn:
        row = conn.execute("SELECT steps_seen, steps, stars FROM lesson_progress "
                           "WHERE lesson = ?", (LESSON,)).fetchone()
    assert row == (len(lesson.steps), len(lesson.steps), 2)
    page.get_by_test_id("lesson-exit").click()
    tile = page.get_by_test_id(f"lesson-open-{LESSON}")
    tile.wait_for()
    assert "★★☆" in tile.inner_text()
