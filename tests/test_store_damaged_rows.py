"""Rows of the progress file that cannot be used never lock a section: a lesson's record with
text where a count belongs or stars out of range, a puzzle rating far out of its range (from a
hand-edited or imported progress file) -- each is set aside to ``bad_rows`` with the field
named, the learner is told once, and the rest goes on."""

from __future__ import annotations

import json
import math
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app import App
from kozel_tutor.app.backup import export_progress, import_progress
from kozel_tutor.app.notices import set_aside_notice
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.lessons.progress import LessonProgress
from kozel_tutor.puzzles.model import load_catalogue
from kozel_tutor.puzzles.progress import Progress


def bad_rows(path: Path) -> list[tuple[str, dict[str, Any], str]]:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute("SELECT source, data, reason FROM bad_rows ORDER BY id").fetchall()
    return [(str(r[0]), json.loads(r[1]), str(r[2])) for r in rows]


@pytest.mark.parametrize(("row", "field"), [
    (("01_table", "abc", 5, 2), "steps_seen"),
    (("01_table", 3, 5, "x"), "stars"),
    (("01_table", 3, 5, 99), "stars"),
    (("01_table", 3.7, 5, 2), "steps_seen"),
    (("01_table", 1e30, 5, 2), "steps_seen"),
    (("01_table", 3, 0, None), "steps"),
])
def test_a_damaged_lesson_record_is_set_aside_and_the_lessons_open(
        tmp_path: Path, row: tuple[object, ...], field: str) -> None:
    path = tmp_path / DB_NAME
    progress = LessonProgress(path)
    progress.record("02_trumps", 4, 6, 3)
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("INSERT INTO lesson_progress VALUES (?, ?, ?, ?, 0)", row)
        conn.commit()
    app = App(Store(path), warm=False)
    app._open_section("lessons")
    assert app.screen == "section:lessons"
    notice, _lessons = app.children
    assert set_aside_notice(["lesson_progress"], "ru") in notice.value
    [(source, data, reason)] = bad_rows(path)
    assert source == "lesson_progress" and data["lesson"] == "01_table"
    assert reason.startswith(f"{field}:")
    # the other lesson's record is kept, and the damaged one starts again
    records = LessonProgress(path).all()
    assert set(records) == {"02_trumps"} and records["02_trumps"].stars == 3
    LessonProgress(path).record("01_table", 2, 5, None)
    assert LessonProgress(path).get("01_table") is not None
    app._open_section("lessons")
    assert app.children[0] is not notice and len(app.children) == 1   # told once


@pytest.mark.parametrize(("values", "field"), [
    ((1e300, 350, 0.06), "rating"),
    ((-1e308, 350, 0.06), "rating"),
    ((1500, 0, 0.06), "rd"),
    ((1500, 1e300, 0.06), "rd"),
    ((1500, 350, 1e10), "volatility"),
])
def test_an_imported_rating_out_of_range_is_set_aside_and_the_next_answer_works(
        tmp_path: Path, values: tuple[float, float, float], field: str) -> None:
    path = tmp_path / DB_NAME
    store = Store(path)
    Progress(path)
    puzzle = load_catalogue()[0].puzzles[0]
    document = json.loads(export_progress(store))
    rows = document["tables"]["puzzle_ratings"]["rows"]
    rows.append(["learner", *values, 3, 0])
    rows.append([f"puzzle:{puzzle.id}", *values, 3, 0])
    import_progress(store, json.dumps(document).encode())
    book = Progress(path)
    assert puzzle.id not in book.puzzle_ratings()
    attempt = book.record(puzzle, next(iter(puzzle.answers)), seconds=2)
    for rating in (attempt.learner_after, attempt.puzzle_after, book.learner_rating()):
        assert all(math.isfinite(x) for x in (rating.rating, rating.rd, rating.volatility))
    assert 1500 < attempt.learner_after.rating < 1700   # started again from the beginning
    aside = bad_rows(path)
    assert {data["subject"] for _, data, _ in aside} == {"learner", f"puzzle:{puzzle.id}"}
    # set aside as the file is imported, naming the field
    assert all(source == "puzzle_ratings" and reason.startswith(f"in the imported file: {field}:")
               for source, _, reason in aside)
    assert store.take_untold() == ["puzzle_ratings"]
