"""An unfinished lesson reopens where it was left (the step "you stopped at"), the steps before it
done (their dots), the tasks solved as they were (a hint taken still costs its star), and Back
still goes to them; a finished lesson, or one whose steps have changed, opens at step 1.  The
progress is the app's real SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from kozel_tutor.app.lessons_view import LessonsView, lesson_tile
from kozel_tutor.app.store import Store
from kozel_tutor.lessons import LessonPlayer, LessonProgress, load_lesson
from kozel_tutor.lessons.checks import expected
from kozel_tutor.lessons.model import Task
from kozel_tutor.lessons.progress import TaskRecord

LESSON = "01_table"   # steps: explanation, seat task, explanation, number task (30), ...


@pytest.fixture()
def progress(tmp_path: Path) -> LessonProgress:
    return LessonProgress(tmp_path / "progress.sqlite3")


def go_to(player: LessonPlayer, index: int, *, hint: bool = False) -> None:
    """Answer each task right (after its hint, if ``hint``) and press Next up to step ``index``."""
    while player.index < index:
        state = player.task_state
        if isinstance(player.step, Task) and state is not None and not state.solved:
            if hint:
                player.hint()
            player.answer(expected(player.step).split()[0])
        player.next()


def finish(player: LessonPlayer) -> None:
    go_to(player, len(player.lesson.steps) - 1)
    if isinstance(player.step, Task):
        player.answer(expected(player.step).split()[0])
    else:
        player.next()
    assert player.finished_stars is not None


def test_an_unfinished_lesson_reopens_at_the_step_where_it_was_left(
        progress: LessonProgress) -> None:
    go_to(LessonPlayer(LESSON, progress=progress), 3, hint=True)
    record = progress.get(LESSON)
    assert record is not None and (record.steps_seen, record.finished) == (4, False)

    again = LessonPlayer(LESSON, progress=progress)
    view = again.view()
    assert again.index == 3 and view["step"]["index"] == 3
    assert view["dots"][:4] == ["seen", "solved", "seen", "current"]
    assert view["spoken"]["text"].startswith(f"1. {again.lesson.title.ru}. Шаг 4 из ")
    assert view["answer"]["solved"] is False and view["can_back"]
    again.back().back()   # the task done before: solved, its answer and hint shown
    view = again.view()
    assert view["answer"]["solved"] and view["feedback"]["correct"] and view["can_next"]
    assert view["hint"] == again.lesson.steps[1].hint.ru


def test_the_star_a_hint_cost_before_leaving_is_still_lost_at_the_end(
        progress: LessonProgress) -> None:
    go_to(LessonPlayer(LESSON, progress=progress), 3, hint=True)   # the seat task: hinted
    assert progress.tasks(LESSON) == {1: TaskRecord(wrong=0, hinted=True)}
    again = LessonPlayer(LESSON, progress=progress)
    finish(again)
    assert again.finished_stars == 2
    assert "Заданий, где понадобилась" in again.view()["done"]["text"]
    record = progress.get(LESSON)
    assert record is not None and record.stars == 2
    assert progress.tasks(LESSON) == {}, "finished: its tasks are no longer kept"


def test_a_task_solved_just_before_leaving_is_shown_solved(progress: LessonProgress) -> None:
    player = LessonPlayer(LESSON, progress=progress)
    go_to(player, 3)
    player.answer("31")
    player.answer("30")   # solved with one retry, left before Next
    again = LessonPlayer(LESSON, progress=progress)
    assert again.index == 3 and again.view()["answer"]["solved"] and again.can_next
    assert again.task_state is not None and again.task_state.wrong == 1


def test_a_finished_lesson_opens_at_its_first_step(progress: LessonProgress) -> None:
    finish(LessonPlayer(LESSON, progress=progress))
    again = LessonPlayer(LESSON, progress=progress)
    go_to(again, 3)   # played again, left half way: still finished
    assert LessonPlayer(LESSON, progress=progress).index == 0


def test_a_lesson_whose_steps_have_changed_opens_at_step_1_and_forgets_its_tasks(
        progress: LessonProgress) -> None:
    steps = len(load_lesson(LESSON).steps)
    progress.record(LESSON, 4, steps + 2, None)   # saved when the lesson had two more steps
    progress.solved(LESSON, 1, wrong=0, hinted=False)
    player = LessonPlayer(LESSON, progress=progress)
    assert player.index == 0 and player.view()["dots"][1] == "task"
    assert progress.tasks(LESSON) == {}
    later = LessonPlayer(LESSON, progress=progress)   # never past the first task, unsolved
    assert later.index == 1 and later.view()["answer"]["solved"] is False


def test_progress_kept_without_its_tasks_reopens_at_the_first_task_not_kept(
        progress: LessonProgress) -> None:
    """Progress saved before the tasks were kept: the explanation before the first task counts
    as done, the task is asked again (its stars are not made up)."""
    progress.record(LESSON, 4, len(load_lesson(LESSON).steps), None)
    player = LessonPlayer(LESSON, progress=progress)
    assert player.index == 1 and player.view()["answer"]["solved"] is False


def test_a_kept_task_that_cannot_be_read_is_set_aside_and_asked_again(
        progress: LessonProgress) -> None:
    go_to(LessonPlayer(LESSON, progress=progress), 3)
    with sqlite3.connect(progress.path) as conn:
        conn.execute("UPDATE lesson_tasks SET wrong = -3 WHERE lesson = ?", (LESSON,))
    player = LessonPlayer(LESSON, progress=progress)
    assert player.index == 1
    with sqlite3.connect(progress.path) as conn:
        (source, reason), = conn.execute("SELECT source, reason FROM bad_rows").fetchall()
    assert source == "lesson_tasks" and "wrong" in reason


def test_the_app_reopens_the_lesson_at_the_step_its_tile_says(tmp_path: Path) -> None:
    view = LessonsView("ru", Store(tmp_path / "progress.sqlite3"), lambda: None)
    view.panel.receive({"type": "button", "id": "lesson:02_trumps"})
    assert view.player is not None
    go_to(view.player, 2)
    view.lesson_widget.receive({"type": "exit"})   # type: ignore[union-attr]
    tile = next(t for t in view.panel.view["tiles"] if t["id"] == "lesson:02_trumps")
    record = LessonProgress(view.progress.path).get("02_trumps")
    assert tile == lesson_tile("02_trumps", record, "ru")
    assert "(пройдено шагов: 3 из 6)" in tile["title"]
    view.panel.receive({"type": "button", "id": "lesson:02_trumps"})
    assert view.lesson_widget is not None
    shown = view.lesson_widget.view
    assert shown["step"]["index"] == 2 and shown["dots"][:3] == ["seen", "seen", "current"]
