"""Where the learner's files live: one folder, decided here once.

``$KOZEL_TUTOR_HOME`` when set (the tests use a temporary folder), else the user's data folder
(``platformdirs.user_data_dir("kozel-tutor")``).  In it: the progress database
(:data:`DB_NAME`), which the app's store, lesson progress and the puzzle record share, and the
teacher's files (``teacher/``).

The rule sits below everything that keeps something (the app, lessons, puzzles), so that none of
them asks another where the folder is.  How the database is opened -- a damaged file set aside,
a read-only one read from a copy -- is :mod:`kozel_tutor.sqlite_files`' business: it works on
any path, this module only says which.

>>> progress_file().name
'progress.sqlite3'
>>> progress_file().parent == data_dir()
True
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["DB_NAME", "data_dir", "progress_file"]

DB_NAME = "progress.sqlite3"
"""The progress database's file name in :func:`data_dir`."""


def data_dir() -> Path:
    """``$KOZEL_TUTOR_HOME`` if set, else the user's data folder for kozel-tutor (neither is
    created here: opening the database does that, and says so when it cannot)."""
    override = os.environ.get("KOZEL_TUTOR_HOME", "").strip()
    return Path(override) if override else Path(platformdirs.user_data_dir("kozel-tutor"))


def progress_file() -> Path:
    """The learner's progress database: :data:`DB_NAME` in :func:`data_dir`."""
    return data_dir() / DB_NAME
