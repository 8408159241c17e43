"""The sets a student opened from a teacher's link or file, kept so the work can go on.

A set opened from a link or a file lives only in that page; this keeps, in the app's
preferences, each such set (the newest :data:`MAX_KEPT`) and the name the student typed for
each set (catalogue sets too), so that the menu can offer the set again and the results
file carries the same name.  The answers themselves are the learner's puzzle attempts
(:class:`~.progress.Progress`, each with its set's id): :func:`first_answers` reads the first
answer to each puzzle of a set, the one the teacher's gradebook counts.

Any keeper of preferences will do (:class:`Prefs`: the app gives its store); here, a dict:

>>> class Prefs(dict):
...     def get_pref(self, key, default=None): return self.get(key, default)
...     def set_pref(self, key, value): self[key] = value
>>> kept = StudentSets(Prefs())
>>> kept.set_student("homework-1", "Anna")
>>> kept.student("homework-1"), kept.student("homework-2")
('Anna', '')
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from ..cards import Card, CardError
from .model import Puzzle, PuzzleError, PuzzleSet
from .progress import Progress
from .verify import legal_cards

__all__ = ["MAX_KEPT", "FirstAnswer", "KeptSet", "StudentSets", "first_answers", "given_answers"]

log = logging.getLogger(__name__)

MAX_KEPT = 12
"""How many sets opened from links or files are kept (the most recently opened)."""
SETS_PREF = "puzzle_student_sets"
NAMES_PREF = "puzzle_student_names"


class Prefs(Protocol):
    """Where preferences are kept (the app's :class:`~kozel_tutor.app.store.Store`)."""

    def get_pref(self, key: str, default: Any = None) -> Any: ...

    def set_pref(self, key: str, value: Any) -> None: ...


@dataclass(frozen=True)
class FirstAnswer:
    """The first card a learner gave for a set's puzzle, as it was recorded."""

    card: Card
    seconds: float
    hints: int
    at: float


@dataclass(frozen=True)
class KeptSet:
    """A set opened from a link or a file, when it was last opened (Unix seconds), and the ids
    of its puzzles that were set aside then (their answers are wrong)."""

    puzzle_set: PuzzleSet
    used: float
    aside: frozenset[str] = frozenset()


def first_answers(progress: Progress) -> dict[str, dict[str, FirstAnswer]]:
    """The first answer to each puzzle, by set id and puzzle id (rated and review play, which
    has no set, is left out)."""
    out: dict[str, dict[str, FirstAnswer]] = {}
    for row in progress.attempts():   # oldest first
        set_id, puzzle_id = str(row.get("set_id") or ""), str(row.get("puzzle_id") or "")
        if not set_id or not puzzle_id or puzzle_id in out.get(set_id, {}):
            continue
        try:
            answer = FirstAnswer(Card.parse(str(row["card"])), float(row["seconds"]),
                                 int(row["hints"]), float(row["at"]))
        except (CardError, KeyError, TypeError, ValueError):
            continue
        out.setdefault(set_id, {})[puzzle_id] = answer
    return out


def given_answers(progress: Progress, set_id: str,
                  puzzles: Iterable[Puzzle]) -> dict[str, FirstAnswer]:
    """The first answers given before to ``puzzles`` of the set ``set_id``, by puzzle id, for
    a set opened again (a card the puzzle no longer allows, in a set changed since, does not
    count)."""
    answers = first_answers(progress).get(set_id, {})
    return {p.id: answers[p.id] for p in puzzles
            if p.id in answers and answers[p.id].card in legal_cards(p.position)}


class StudentSets:
    """The sets a student opened from links and files, and the name typed for each set."""

    def __init__(self, prefs: Prefs) -> None:
        self.prefs = prefs

    # -- names --------------------------------------------------------------------------------

    def _names(self) -> dict[str, str]:
        names = self.prefs.get_pref(NAMES_PREF, {})
        if not isinstance(names, dict):
            return {}
        return {str(k): v for k, v in names.items() if isinstance(v, str)}

    def student(self, set_id: str) -> str:
        """The name the student typed for the set ``set_id`` ("" when none)."""
        return self._names().get(set_id, "")

    def set_student(self, set_id: str, name: str) -> None:
        names = self._names()
        if names.get(set_id) != name:
            names[set_id] = name
            self.prefs.set_pref(NAMES_PREF, names)

    # -- sets ---------------------------------------------------------------------------------

    def _entries(self) -> list[dict[str, Any]]:
        entries = self.prefs.get_pref(SETS_PREF, [])
        return [e for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []

    def kept(self) -> list[KeptSet]:
        """The kept sets, the most recently opened first (one that cannot be read is left
        out, and logged)."""
        out: list[KeptSet] = []
        for entry in self._entries():
            try:
                aside = entry.get("aside", [])
                if not isinstance(aside, list):
                    raise TypeError("the puzzles set aside are not a list")
                out.append(KeptSet(PuzzleSet.from_dict(entry.get("set")),
                                   float(entry.get("used", 0.0)), frozenset(map(str, aside))))
            except (PuzzleError, TypeError, ValueError) as exc:
                log.warning("a kept puzzle set cannot be read: %s", exc)
        return sorted(out, key=lambda k: -k.used)

    def keep(self, puzzle_set: PuzzleSet, now: float, aside: Iterable[str] = ()) -> None:
        """Keep ``puzzle_set`` and the ids of its puzzles set aside (the version opened now
        replaces an older one of that id)."""
        others = [e for e in self._entries() if _entry_id(e) != puzzle_set.id]  # newest first
        entry = {"used": now, "set": puzzle_set.to_dict(), "aside": sorted(aside)}
        self.prefs.set_pref(SETS_PREF, [entry, *others][:MAX_KEPT])


def _entry_id(entry: dict[str, Any]) -> object:
    inner = entry.get("set")
    return inner.get("id") if isinstance(inner, dict) else None
