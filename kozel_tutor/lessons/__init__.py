"""Guided rule lessons: learn Kozel by doing, one small task on the table at a time.

Lessons are data (``kozel_tutor/data/lessons/*.json``, Russian and English); every task's
answer is computed by the engine or the solver (:mod:`.checks`), never stored.

>>> from kozel_tutor.lessons import LessonPlayer, lesson_ids
>>> lesson_ids()[:2]
['01_table', '02_trumps']
"""

from __future__ import annotations

from .model import Lesson, LessonError, Text, lesson_ids, load_lesson, parse_lesson
from .player import LessonPlayer
from .progress import LessonProgress, LessonRecord

__all__ = [
    "Lesson",
    "LessonError",
    "LessonPlayer",
    "LessonProgress",
    "LessonRecord",
    "Text",
    "lesson_ids",
    "load_lesson",
    "parse_lesson",
]
