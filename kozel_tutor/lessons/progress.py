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

While another window or program holds the file, no call waits more than about a second (the
short connections of :mod:`kozel_tutor.sqlite_files`; once the file was found held, the calls of
the next few seconds hardly wait), and none fails for it: a change that cannot be written waits
in memory, in order, and is written by the next call once the file is free, or by a retry every
:attr:`LessonProgress.RETRY_EVERY` seconds.  What is read meanwhile includes it, and
:attr:`LessonProgress.held` says why it waits.  A record opened while the file is held works on
the file as it is, and finishes opening it (:func:`~kozel_tutor.sqlite_files.open_database`)
once it is free.

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

import logging
import sqlite3
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..bad_rows import BAD_ROWS_SCHEMA, readable_rows, set_aside_row
from ..data_home import progress_file
from ..sqlite_files import (
    NotKept,
    RecordInFile,
    held,
    hold_on,
    short_reading,
    short_transaction,
    write_problem,
)

__all__ = ["LessonProgress", "LessonRecord", "TaskRecord"]

log = logging.getLogger(__name__)

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


_SHARED: dict[Path, LessonProgress] = {}
_SHARED_LOCK = threading.Lock()


@dataclass(frozen=True)
class _Change:
    """One change to the learner's progress: ``record`` (``values``: steps seen, steps, stars),
    ``solved`` (step, wrong answers, hinted) or ``forget`` (the lesson's tasks)."""

    kind: str
    lesson: str
    values: tuple[int | None, ...]
    at: float

    def write(self, conn: sqlite3.Connection) -> None:
        if self.kind == "record":
            conn.execute(
                "INSERT INTO lesson_progress VALUES (?, ?, ?, ?, ?) ON CONFLICT(lesson) DO "
                "UPDATE SET steps_seen = max(steps_seen, excluded.steps_seen), "
                "steps = excluded.steps, "
                "stars = CASE WHEN excluded.stars IS NULL THEN stars "
                "WHEN stars IS NULL THEN excluded.stars "
                "ELSE max(stars, excluded.stars) END, "
                "updated = excluded.updated",
                (self.lesson, *self.values, self.at))
            if self.values[2] is not None:   # finished: it reopens at its first step, anew
                _drop_tasks(conn, self.lesson)
        elif self.kind == "solved":
            conn.execute("INSERT OR REPLACE INTO lesson_tasks VALUES (?, ?, ?, ?, ?)",
                         (self.lesson, *self.values, self.at))
        else:
            _drop_tasks(conn, self.lesson)


def _with_changes(records: dict[str, LessonRecord], changes: Iterable[_Change]
                  ) -> dict[str, LessonRecord]:
    """``records`` as the ``record`` changes leave them (as :meth:`_Change.write` does)."""
    out = dict(records)
    for change in changes:
        if change.kind != "record":
            continue
        seen, steps, stars = change.values
        assert seen is not None and steps is not None
        old = out.get(change.lesson)
        if old is not None:
            seen = max(seen, old.steps_seen)
            if stars is None or (old.stars is not None and old.stars > stars):
                stars = old.stars
        out[change.lesson] = LessonRecord(change.lesson, seen, steps, stars)
    return out


def _tasks_with_changes(tasks: dict[int, TaskRecord], changes: Iterable[_Change]
                        ) -> dict[int, TaskRecord]:
    """One lesson's ``tasks`` as its ``changes`` leave them."""
    out = dict(tasks)
    for change in changes:
        if change.kind == "solved":
            step, wrong, hinted = change.values
            assert step is not None and wrong is not None
            out[step] = TaskRecord(wrong, bool(hinted))
        elif change.kind == "forget" or change.values[2] is not None:
            out.clear()
    return out


class LessonProgress(RecordInFile):
    """Read and write lesson progress in the app's database file (the app's screens share one
    per file: :meth:`for_file`)."""

    RETRY_EVERY = 5.0
    """Seconds between tries to write the changes waiting for a held file (in the background:
    they are written even if the learner does nothing more in the lessons)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, SCHEMA + BAD_ROWS_SCHEMA)
        self._lock = threading.RLock()
        self._waiting: list[_Change] = []
        """Changes not written yet (the file was held), oldest first."""
        self._held: NotKept | None = self._file.hold
        """Why the last try to write them (or to open the file) failed."""
        self._timer: threading.Timer | None = None
        self.unread = False
        """The last read found the file held so that it cannot be read (or not opened yet):
        what it returned is only what waits to be written."""

    @classmethod
    def open_default(cls) -> LessonProgress:
        """The app's database (``$KOZEL_TUTOR_HOME`` or the user's data folder)."""
        return cls.for_file(progress_file())

    @classmethod
    def for_file(cls, path: Path) -> LessonProgress:
        """The one record of the file ``path`` in this process, shared by every screen: changes
        waiting for a held file are then seen by all of them, and written once, in order (two
        records would each keep their own, and the older could be written last)."""
        key = Path(path).resolve()
        with _SHARED_LOCK:
            shared = _SHARED.get(key)
            if shared is None:
                shared = _SHARED[key] = cls(path)
            return shared

    # -- a file another window or program holds ---------------------------------------------

    def _open(self) -> bool:
        """Open the file as the app does, unless another window or program holds it just now
        (then later: :class:`~kozel_tutor.sqlite_files.OpeningFile`); whether it is open."""
        if not self._file.open():
            self._held = self._file.hold
            return False
        return True

    def _free(self) -> bool:
        """Whether the file can be written now (a write that changes nothing, waiting
        briefly)."""
        why = hold_on(self.path)
        if why is not None:
            self._held = why
        return why is None

    @property
    def waiting(self) -> int:
        """How many changes wait for the file to be free."""
        return len(self._waiting)

    @property
    def held(self) -> NotKept | None:
        """Why progress cannot be saved just now (``reason`` ``in_use``: another window or
        program holds the file), or ``None``: changes made meanwhile wait (:attr:`waiting`)."""
        why = held(self.path)
        if why is None and (self._waiting or self._file.opened is None):
            why = self._held
        return why

    def still_held(self) -> NotKept | None:
        """:attr:`held`, after trying whether the file is free again (writing what waits, or a
        write that changes nothing; only when it was held: otherwise nothing is tried)."""
        with self._lock:
            if self.held is not None:
                if self._waiting:
                    self._write_waiting()
                elif self._file.opened is None:
                    self._open()
                else:
                    self._free()
            return self.held

    def _write_waiting(self) -> None:
        """Write the changes that wait, in one transaction; while the file is held they wait
        on (and a retry is due).  Another problem drops them and raises."""
        with self._lock:
            if not self._waiting:
                return
            if not self._open():
                self._retry_later()
                return
            try:
                with short_transaction(self.path) as conn:
                    for change in self._waiting:
                        change.write(conn)
            except sqlite3.Error as exc:
                if write_problem(exc) == "in_use":
                    self._held = NotKept("in_use", Path(self.path), str(exc))
                    self._retry_later()
                    return
                log.error("lesson progress not saved (%d changes): %s", len(self._waiting), exc)
                self._waiting.clear()
                raise
            self._waiting.clear()
            self._held = None

    def _retry_later(self) -> None:
        if self._timer is None:
            self._timer = threading.Timer(self.RETRY_EVERY, self._retry)
            self._timer.daemon = True
            self._timer.start()

    def _retry(self) -> None:
        with self._lock:
            self._timer = None
            try:
                self._write_waiting()
            except sqlite3.Error:
                log.exception("could not save lesson progress")

    def _change(self, change: _Change) -> None:
        with self._lock:
            self._waiting.append(change)
            self._write_waiting()

    def _unreadable(self, exc: sqlite3.Error) -> bool:
        """Whether a read failed for another connection's hold (then what is known is used:
        the changes that wait), not for a problem to raise."""
        if write_problem(exc) == "in_use" or self._file.opened is None:   # unopened: no tables yet
            log.warning("lesson progress cannot be read just now: %s", exc)
            self.unread = True
            return True
        return False

    # -- the learner's progress ---------------------------------------------------------------

    def record(self, lesson: str, steps_seen: int, steps: int, stars: int | None) -> None:
        """Note how far the learner got; a lower step count or fewer stars never overwrite."""
        if stars is not None and not 1 <= stars <= 3:
            raise ValueError(f"stars must be 1 to 3, not {stars}")
        self._change(_Change("record", lesson, (steps_seen, steps, stars), time.time()))

    def solved(self, lesson: str, step: int, *, wrong: int, hinted: bool) -> None:
        """Keep how the task at ``step`` (counted from 0) of ``lesson`` was solved."""
        self._change(_Change("solved", lesson, (step, wrong, int(hinted)), time.time()))

    def tasks(self, lesson: str) -> dict[int, TaskRecord]:
        """The tasks of ``lesson`` kept as solved, by step (counted from 0); rows that cannot be
        read are set aside."""
        kept = {}
        with self._lock:
            self._write_waiting()
            try:
                with short_reading(self.path) as conn:
                    for rowid, step, wrong, hinted in readable_rows(
                            conn, "lesson_tasks", ("step", "wrong", "hinted"), "lesson = ?",
                            (lesson,)):
                        problem = task_problem(step, wrong, hinted)
                        if problem is None:
                            kept[step] = TaskRecord(wrong, bool(hinted))
                        else:
                            set_aside_row(conn, "lesson_tasks", rowid, problem)
            except sqlite3.Error as exc:
                if not self._unreadable(exc):
                    raise
                kept = {}
            else:
                self.unread = False
            return _tasks_with_changes(kept, (c for c in self._waiting if c.lesson == lesson))

    def forget_tasks(self, lesson: str) -> None:
        """Drop the tasks kept for ``lesson`` (its steps have changed since)."""
        self._change(_Change("forget", lesson, (), time.time()))

    def get(self, lesson: str) -> LessonRecord | None:
        """The learner's record of ``lesson``, or ``None`` (also when its row could not be read:
        it is then set aside)."""
        return self._records("lesson = ?", (lesson,)).get(lesson)

    def all(self) -> dict[str, LessonRecord]:
        """Every lesson's record, by lesson id; rows that cannot be read are set aside."""
        return self._records()

    def _records(self, where: str = "", params: tuple[str, ...] = ()
                 ) -> dict[str, LessonRecord]:
        records = {}
        with self._lock:
            self._write_waiting()
            try:
                with short_reading(self.path) as conn:
                    for rowid, *values in readable_rows(conn, "lesson_progress", _COLUMNS,
                                                        where, params):
                        record = LessonRecord(*values)
                        problem = record_problem(record)
                        if problem is None:
                            records[record.lesson] = record
                        else:
                            set_aside_row(conn, "lesson_progress", rowid, problem)
            except sqlite3.Error as exc:
                if not self._unreadable(exc):
                    raise
                records = {}
            else:
                self.unread = False
            waiting = [c for c in self._waiting if not params or c.lesson in params]
            return _with_changes(records, waiting)


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
