"""A teacher's set to hand out, its id made from its puzzles.

A results file names the set it answers by the set's id, and so does a student's app that
keeps the set: two sets with one id are one set to the gradebook (their answers merge) and to a
student's app (the later replaces the earlier).  So a set handed out gets its id from what makes
it that set, its puzzles in their order (:func:`set_id`): next week's set is another set
without anyone choosing a new id, and the same puzzles make the same set, on the app's teacher
screen and in a notebook.  A set changed after it was handed out is therefore another set: hand
it out again, and the answers to the old one come in apart.

>>> from kozel_tutor.puzzles.model import load_catalogue
>>> puzzles = load_catalogue()[0].puzzles[:3]
>>> week_1 = handout_set(Text("Домашка 1", "Homework 1"), puzzles)
>>> week_1.id == set_id(puzzles) and week_1.id.startswith("set-")
True
>>> handout_set("Домашка 2", puzzles[:2]).id == week_1.id
False
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from .model import Puzzle, PuzzleSet, Text

__all__ = ["handout_set", "set_id"]


def set_id(puzzles: Iterable[Puzzle]) -> str:
    """``set-`` and a hash of the puzzles' ids, in order: the id of the set of ``puzzles``."""
    digest = hashlib.sha1(" ".join(p.id for p in puzzles).encode()).hexdigest()[:10]
    return f"set-{digest}"


def handout_set(title: Text | str, puzzles: Iterable[Puzzle],
                description: Text | str = "") -> PuzzleSet:
    """The set of ``puzzles`` (in this order) under ``title`` (a :class:`~.model.Text`, or one
    string for both languages), its id made from its puzzles (:func:`set_id`)."""
    chosen = tuple(puzzles)
    return PuzzleSet(set_id(chosen), Text.of(title, "title"),
                     Text.of(description, "description"), chosen)
