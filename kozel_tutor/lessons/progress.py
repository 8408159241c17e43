"""Lesson progress and stars, kept in the app's SQLite database (its own table).

The database file is the app's (:mod:`kozel_tutor.app.store`: ``progress.sqlite3`` in
``$KOZEL_TUTOR_HOME`` or the user's data folder); opening it through :class:`Store` first means
an unreadable file is set aside exactly as the app does it.  Each record is one transaction and
only ever improves: the furthest step seen and the best stars are kept.

>>> import tempfile
>>> from pathlib import Path
>>> progress = LessonProgress(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> progress.record("01_table", 7, 7, 2); progress.record("01_table", 3, 7, None)
>>> progress.get("01_table")
LessonRecord(lesson='01_table', steps_seen=7, steps=7, stars=2)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from ..sqlite_files import reading, transaction

__all__ = ["LessonProgress", "LessonRecord"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS lesson_progress (
    lesson TEXT PRIMARY KEY,
    steps_seen INTEGER NOT NULL,
    steps INTEGER NOT NULL,
    stars INTEGER,
    updated REAL NOT NULL);
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


class LessonProgress:
    """Read and write lesson progress in the app's database file."""

    def __init__(self, path: Path) -> None:
        from ..app.store import Store

        self.path = Store(path).path
        with reading(self.path) as conn:
            conn.executescript(SCHEMA)

    @classmethod
    def open_default(cls) -> LessonProgress:
        """The app's database (``$KOZEL_TUTOR_HOME`` or the user's data folder)."""
        from ..app.store import DB_NAME, data_dir

        return cls(data_dir() / DB_NAME)

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

    def get(self, lesson: str) -> LessonRecord | None:
        with reading(self.path) as conn:
            row = conn.execute("SELECT lesson, steps_seen, steps, stars FROM lesson_progress "
                               "WHERE lesson = ?", (lesson,)).fetchone()
        return None if row is None else LessonRecord(str(row[0]), int(row[1]), int(row[2]),
                                                     None if row[3] is None else int(row[3]))

    def all(self) -> dict[str, LessonRecord]:
        with reading(self.path) as conn:
            rows = conn.execute("SELECT lesson, steps_seen, steps, stars FROM lesson_progress"
                                ).fetchall()
        return {str(r[0]): LessonRecord(str(r[0]), int(r[1]), int(r[2]),
                                        None if r[3] is None else int(r[3])) for r in rows}
