"""Lesson progress and stars, kept in the app's SQLite database (its own table).

The database file is the app's (``progress.sqlite3`` in the learner's data folder:
:mod:`kozel_tutor.data_home`), opened as the app opens it
(:func:`~kozel_tutor.sqlite_files.open_database`): a damaged file is set aside, one that cannot
be written is read from a copy, so lessons open and run without saving.  Each record is
one transaction and only ever improves: the furthest step seen and the best stars are kept.
While a lesson is not finished, each task solved is kept too (``lesson_tasks``: the wrong
answers before the right one, whether the hint was asked for), so that the lesson reopens where
it was left with its stars still to earn as they were; finishing the lesson clears them.  A
row that cannot be read (text where a count belongs, stars out of 1 to 3) is set aside to
``bad_rows`` (:mod:`kozel_tutor.bad_rows`) and that lesson starts again from the beginning.

>>> import tempfile
>>> from pathlib import Path
>>> progress = LessonProgress(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> progress.record("01_table", 7, 7, 2); progress.record("01_table", 3, 7, None)
>>> progress.get("01_table")
LessonRecord(lesson='01_table', steps_seen=7, steps=7, stars=2)
>>> progress.solved("02_trumps", 2, wrong=1, hinted=False); progress.tasks("02_trumps")
{2: TaskRecord(wrong=1, hinted=False)}
"""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from ..bad_rows import BAD_ROWS_SCHEMA, readable_rows, set_aside_row
from ..data_home import progress_file
from ..sqlite_files import NotKept, open_database, reading, transaction

__all__ = ["LessonProgress", "LessonRecord", "TaskRecord"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS lesson_progress (
    lesson TEXT PRIMARY KEY,
    steps_seen INTEGER NOT NULL,
    steps INTEGER NOT NULL,
    stars INTEGER,
    updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS lesson_tasks (
    lesson TEXT NOT NULL,
    step INTEGER NOT NULL,
    wrong INTEGER NOT NULL,
    hinted INTEGER NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (lesson, step));
"""


@dataclass(frozen=True)
class LessonRecord:
    """``stars`` is ``None`` until the lesson has been finished once."""

    lesson: str
    steps_seen: int
    steps: int
    stars: int | None

    @property
    def finished(self) -> bool:
        return self.stars is not None


@dataclass(frozen=True)
class TaskRecord:
    """How a task of a lesson not yet finished was solved: the wrong answers before the right
    one, and whether the hint was asked for (either costs the lesson a star)."""

    wrong: int
    hinted: bool


class LessonProgress:
    """Read and write lesson progress in the app's database file."""

    def __init__(self, path: Path) -> None:
        self._opened = open_database(path, SCHEMA + BAD_ROWS_SCHEMA)   # holds a copy's folder
        self.path = self._opened.path
        self.not_kept: NotKept | None = self._opened.not_kept
        """Why progress is not kept this session (the file cannot be written), if so."""

    @classmethod
    def open_default(cls) -> LessonProgress:
        """The app's database (``$KOZEL_TUTOR_HOME`` or the user's data folder)."""
        return cls(progress_file())

    def record(self, lesson: str, steps_seen: int, steps: int, stars: int | None) -> None:
        """Note how far the learner got; a lower step count or fewer stars never overwrite."""
        if stars is not None and not 1 <= stars <= 3:
            raise ValueError(f"stars must be 1 to 3, not {stars}")
        with transaction(self.path) as conn:
            conn.execute(
                "INSERT INTO lesson_progress VALUES (?, ?, ?, ?, ?) ON CONFLICT(lesson) DO "
                "UPDATE SET steps_seen = max(steps_seen, excluded.steps_seen), "
                "steps = excluded.steps, "
                "stars = CASE WHEN excluded.stars IS NULL THEN stars "
                "WHEN stars IS NULL THEN excluded.stars "
                "ELSE max(stars, excluded.stars) END, "
                "updated = excluded.updated",
                (lesson, steps_seen, steps, stars, time.time()))
            if stars is not None:   # finished: it reopens at its first step, its tasks anew
                _drop_tasks(conn, lesson)

    def solved(self, lesson: str, step: int, *, wrong: int, hinted: bool) -> None:
        """Keep how the task at ``step`` (counted from 0) of ``lesson`` was solved."""
        with transaction(self.path) as conn:
            conn.execute("INSERT OR REPLACE INTO lesson_tasks VALUES (?, ?, ?, ?, ?)",
                         (lesson, step, wrong, int(hinted), time.time()))

    def tasks(self, lesson: str) -> dict[int, TaskRecord]:
        """The tasks of ``lesson`` kept as solved, by step (counted from 0); rows that cannot be
        read are set aside."""
        kept = {}
        with reading(self.path) as conn:
            for rowid, step, wrong, hinted in readable_rows(
                    conn, "lesson_tasks", ("step", "wrong", "hinted"), "lesson = ?", (lesson,)):
                problem = task_problem(step, wrong, hinted)
                if problem is None:
                    kept[step] = TaskRecord(wrong, bool(hinted))
                else:
                    set_aside_row(conn, "lesson_tasks", rowid, problem)
        return kept

    def forget_tasks(self, lesson: str) -> None:
        """Drop the tasks kept for ``lesson`` (its steps have changed since)."""
        with transaction(self.path) as conn:
            _drop_tasks(conn, lesson)

    def get(self, lesson: str) -> LessonRecord | None:
        """The learner's record of ``lesson``, or ``None`` (also when its row could not be read:
        it is then set aside)."""
        return self._records("lesson = ?", (lesson,)).get(lesson)

    def all(self) -> dict[str, LessonRecord]:
        """Every lesson's record, by lesson id; rows that cannot be read are set aside."""
        return self._records()

    def _records(self, where: str = "", params: tuple[object, ...] = ()
                 ) -> dict[str, LessonRecord]:
        records = {}
        with reading(self.path) as conn:
            for rowid, *values in readable_rows(conn, "lesson_progress", _COLUMNS, where, params):
                record = LessonRecord(*values)
                problem = record_problem(record)
                if problem is None:
                    records[record.lesson] = record
                else:
                    set_aside_row(conn, "lesson_progress", rowid, problem)
        return records


_COLUMNS = ("lesson", "steps_seen", "steps", "stars")


def _drop_tasks(conn: sqlite3.Connection, lesson: str) -> None:
    """Forget how the tasks of ``lesson`` were solved (it reopens at its first step)."""
    conn.execute("DELETE FROM lesson_tasks WHERE lesson = ?", (lesson,))


def record_problem(record: LessonRecord) -> str | None:
    """Why ``record`` (its values of the right types) cannot be a learner's record, naming the
    field, or ``None``.

    >>> record_problem(LessonRecord("01_table", 3, 7, 99))
    'stars: 99 is not 1 to 3'
    """
    if record.lesson is None:
        return "lesson: missing"
    if record.stars is not None and not 1 <= record.stars <= 3:
        return f"stars: {record.stars} is not 1 to 3"
    if record.steps is None or record.steps < 1:
        return f"steps: {record.steps} is not a number of steps"
    if record.steps_seen is None or record.steps_seen < 0:
        return f"steps_seen: {record.steps_seen} is not a number of steps"
    return None


def task_problem(step: object, wrong: object, hinted: object) -> str | None:
    """Why a kept task's values cannot be a learner's, naming the field, or ``None``.

    >>> task_problem(2, -1, 0)
    'wrong: -1 is not a number of answers'
    """
    if not isinstance(step, int) or step < 0:
        return f"step: {step} is not a step"
    if not isinstance(wrong, int) or wrong < 0:
        return f"wrong: {wrong} is not a number of answers"
    if hinted not in (0, 1):
        return f"hinted: {hinted} is not 0 or 1"
    return None
