"""Why the progress file could not be read or written, in the learner's words: a clause for a
sentence of the app's notices, the backup screen and the puzzles' verdict (SQLite's own words
are for the log).

>>> from pathlib import Path
>>> problem_words("in_use", Path("p.sqlite3"), "ru")
'файл прогресса p.sqlite3 занят другим окном или программой'
"""

from __future__ import annotations

import sqlite3

from .i18n import pick
from .sqlite_files import is_damage, write_problem

__all__ = ["file_problem", "problem_words"]

_WORDS = {
    "in_use": {"ru": "файл прогресса {place} занят другим окном или программой",
              "en": "the progress file {place} is in use by another window or program"},
    "read_only": {"ru": "файл прогресса {place} (или его папка) доступен только для чтения",
                 "en": "the progress file {place} (or its folder) is read-only"},
    "full": {"ru": "диск, где лежит файл прогресса {place}, заполнен",
            "en": "the disk of the progress file {place} is full"},
    "damaged": {"ru": "файл прогресса {place} повреждён",
               "en": "the progress file {place} is damaged"},
    "other": {"ru": "при работе с файлом прогресса {place} случилась непредвиденная ошибка",
             "en": "something unexpected went wrong with the progress file {place}"},
}
"""By reason: :func:`~kozel_tutor.sqlite_files.write_problem`'s keys, and ``damaged``."""


def problem_words(reason: str, place: object, lang: str) -> str:
    """The clause for ``reason`` (a :class:`~kozel_tutor.sqlite_files.NotKept` reason; an
    unknown one is ``other``), naming the file ``place``."""
    return pick(_WORDS, reason if reason in _WORDS else "other", lang, place=place)


def file_problem(exc: sqlite3.Error, place: object, lang: str) -> str:
    """Why the progress file ``place`` could not be read or written (``exc``): in use,
    read-only, a full disk, damaged, or unexpected.

    >>> file_problem(sqlite3.OperationalError("no such table: x"), "p.sqlite3", "en")
    'something unexpected went wrong with the progress file p.sqlite3'
    """
    return problem_words("damaged" if is_damage(exc) else write_problem(exc), place, lang)
