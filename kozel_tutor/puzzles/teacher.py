"""Teaching with puzzle sets, no server needed: build a set, share it, collect results, grade.

1. **Build** a set by filtering the catalogue (:func:`filter_puzzles`) or by authoring a puzzle
   from a position (:func:`author_puzzle`: the solver fills in the answers and refuses a
   position without a unique best card).
2. **Share** it as a file (:func:`~.model.save_set`) or a link (:func:`set_link`): the whole set,
   compressed, rides in the link's ``set`` parameter, and the app opens it (:func:`set_from_query`).
3. Students solve it in the app and **download a results file** (:class:`ResultsSheet`, JSON or
   CSV: puzzle, card chosen, correct, seconds, hints used).
4. The teacher loads many results files into a **gradebook** (:func:`load_results`,
   :func:`gradebook`): one part per set, per-student and per-puzzle statistics and charts,
   each answer graded by its card.  A bad file is named with its problem and left out; the
   others still load.  Steps 3 and 4 live in :mod:`.results`; their names are here too.

>>> link = set_link(PuzzleSet("demo", Text("Демо", "Demo")), repo="me/kozel")
>>> link.startswith("https://mybinder.org/v2/gh/me/kozel/HEAD?urlpath=voila/render/")
True
>>> set_from_query(link.split("%3F", 1)[1].replace("%3D", "=")).id
'demo'
"""

from __future__ import annotations

import base64
import json
import os
import random
import re
import zlib
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import pandas as pd  # type: ignore[import-untyped]

from ..formats import RESULTS_FORMAT
from ..i18n import check_lang, word_list
from ..json_input import JsonProblem, decode_json
from ..position import Position, PositionError
from ..rules import Rules
from ..solver.core import Backend
from .generate import build_puzzle, category_of
from .model import (
    THEME_IDS,
    Goal,
    Puzzle,
    PuzzleError,
    PuzzleProblem,
    PuzzleSet,
    Text,
    View,
    joined,
    save_set,
)
from .results import (
    Dispute,
    Gradebook,
    Namesakes,
    Note,
    ResultRow,
    ResultsProblem,
    ResultsSheet,
    SetGrades,
    gradebook,
    gradebook_html,
    gradebook_table,
    load_results,
    normalise_student_name,
    percent,
    read_results,
    results_in,
    results_table,
)
from .texts import GOAL_WORDS, bytes_phrase, cards_label, json_message, points_phrase
from .themes import THEMES
from .variants import VARIANTS, goal_threshold, variant_label
from .verify import analyse

__all__ = [
    "DEFAULT_REPO",
    "DRAFT_TEXT_LIMITS",
    "EXAMPLE_POSITION",
    "RESULTS_FORMAT",
    "STANDARD_ONLY",
    "TEACHER_FILES",
    "Dispute",
    "DraftReading",
    "Gradebook",
    "Namesakes",
    "Note",
    "ResultRow",
    "ResultsProblem",
    "ResultsSheet",
    "SetGrades",
    "TeacherDraft",
    "answer_label",
    "author_puzzle",
    "filter_puzzles",
    "goal_name",
    "gradebook",
    "gradebook_html",
    "gradebook_table",
    "load_results",
    "normalise_student_name",
    "percent",
    "puzzle_dict",
    "puzzle_list",
    "read_results",
    "results_in",
    "results_table",
    "save_set",
    "set_dict",
    "set_filename",
    "set_from_query",
    "set_link",
    "set_to_param",
    "workspace",
]

DEFAULT_REPO = "kozel-tutor/kozel-tutor"
"""The GitHub ``owner/repo`` a Binder link opens; ``$KOZEL_TUTOR_REPO`` overrides it."""

MAX_LINK_SET_BYTES = 2_000_000
"""A set decoded from a link may not expand beyond this (a guard against zip bombs)."""
LONG_LINK = 8000
"""Links longer than this may be cut by some browsers and chat apps: prefer the file."""


# -- building ---------------------------------------------------------------------------------

TEACHER_FILES = "teacher-files"
"""The folder a notebook keeps a teacher's sets and results files in, next to the notebook."""


def workspace(base: str | os.PathLike[str] | None = None) -> Path:
    """A folder for a teacher's sets and the results files they collect, with ``results/``
    inside, made if need be: :data:`TEACHER_FILES` in ``base`` (a notebook passes its own
    folder, so that JupyterLab's file browser shows it and can upload into it), or without a
    base ``teacher/`` in the app's data folder (``$KOZEL_TUTOR_HOME`` or the user data folder).
    """
    if base is not None:
        folder = Path(base) / TEACHER_FILES
    else:
        from ..data_home import data_dir

        folder = data_dir() / "teacher"
    (folder / "results").mkdir(parents=True, exist_ok=True)
    return folder


STANDARD_ONLY: tuple[str, ...] = ("standard",)
"""The variants a filter keeps unless told otherwise: the standard game a teacher's class
plays."""


def _wanted(values: str | Iterable[str], what: str, known: Collection[str]) -> frozenset[str]:
    """A filter's values, one or several: each must be one of ``known``, else a ``ValueError``
    names the unknown ones and the known (a misspelt theme would otherwise find nothing)."""
    given = [str(v) for v in ((values,) if isinstance(values, str) else values)]
    unknown = [v for v in given if v not in known]
    if unknown:
        names = ", ".join(repr(v) for v in unknown)
        raise ValueError(f"unknown {what}{'s' if len(unknown) > 1 else ''} {names} "
                         f"(known: {', '.join(known)})")
    return frozenset(given)


def _wanted_cards(cards: int | Iterable[int]) -> frozenset[int]:
    """The hand sizes asked for: one number or several, each a whole number."""
    given = [cards] if isinstance(cards, int) else list(cards)
    wrong = [c for c in given if not isinstance(c, int) or isinstance(c, bool)]
    if wrong:
        raise TypeError(f"cards must be whole numbers, such as 3 or [3, 4], not {wrong[0]!r}")
    return frozenset(given)


def filter_puzzles(
    puzzles: Iterable[Puzzle],
    *,
    themes: str | Iterable[str] = (),
    min_rating: int | None = None,
    max_rating: int | None = None,
    cards: int | Iterable[int] = (),
    goals: str | Iterable[str] = (),
    views: str | Iterable[str] = (),
    variants: str | Iterable[str] = STANDARD_ONLY,
) -> list[Puzzle]:
    """The puzzles matching every given filter (a theme filter matches any of its themes),
    each id once, easiest first.

    Each filter takes one value or a list: ``themes="duck"`` is ``themes=["duck"]``,
    ``cards=3`` is ``cards=[3]``.  A theme, goal, view or variant that does not exist (a typo)
    is a ``ValueError`` naming it and those there are, rather than an empty list.
    ``variants`` names the rules kept: ``standard``, ``classic``, ``nizhny``, ``kozly24``.  By
    default only the standard game, so that a regional puzzle never slips into a homework
    unasked; ``variants=()`` keeps every variant.

    >>> filter_puzzles([], themes="feed_parner")
    Traceback (most recent call last):
    ...
    ValueError: unknown theme 'feed_parner' (known: feed_partner, cheap_discard, ...)
    """
    wanted_themes = _wanted(themes, "theme", THEME_IDS)
    wanted_goals = _wanted(goals, "goal", [goal.value for goal in Goal])
    wanted_views = _wanted(views, "view", [view.value for view in View])
    wanted_variants = _wanted(variants, "variant", list(VARIANTS))
    wanted_cards = _wanted_cards(cards)
    seen: set[str] = set()
    out: list[Puzzle] = []
    for puzzle in puzzles:
        if puzzle.id in seen:
            continue
        if wanted_themes and not wanted_themes & set(puzzle.themes):
            continue
        if min_rating is not None and puzzle.rating < min_rating:
            continue
        if max_rating is not None and puzzle.rating > max_rating:
            continue
        if wanted_cards and puzzle.cards not in wanted_cards:
            continue
        if wanted_goals and puzzle.goal.value not in wanted_goals:
            continue
        if wanted_views and puzzle.view.value not in wanted_views:
            continue
        if wanted_variants and puzzle.variant not in wanted_variants:
            continue
        seen.add(puzzle.id)
        out.append(puzzle)
    return sorted(out, key=lambda p: (p.rating, p.id))


_LIST_WORDS: dict[str, dict[str, str]] = {
    "number": {"ru": "№", "en": "No."},
    "title": {"ru": "Задача", "en": "Puzzle"},
    "goal": {"ru": "Цель", "en": "Goal"},
    "variant": {"ru": "Вариант", "en": "Variant"},
    "rating": {"ru": "Рейтинг", "en": "Rating"},
    "themes": {"ru": "Темы", "en": "Themes"},
    "answer": {"ru": "Ответ", "en": "Answer"},
    "id": {"ru": "Код", "en": "Id"},
}


def goal_name(puzzle: Puzzle, lang: str) -> str:
    """The puzzle's goal in a few words, the same in every variant, with the card points it asks
    for under the puzzle's rules: «спастись (31)», "win the deal (61)", «спастись (30)» in the
    24-card game.

    >>> goal_name(author_puzzle(EXAMPLE_POSITION), "en")
    'as many points as possible'
    """
    return _goal_words(puzzle.goal, puzzle.position.rules, check_lang(lang))


def _goal_words(goal: Goal, rules: Rules, lang: str) -> str:
    return GOAL_WORDS[goal.value][lang].format(n=goal_threshold(goal, rules))


def answer_label(puzzle: Puzzle, lang: str) -> str:
    """The puzzle's right cards as a player reads them: ``10♣``, or «Т♣ или 10♣» where either
    card is right."""
    check_lang(lang)
    return word_list([card.label(lang) for card in sorted(puzzle.answers, key=lambda c: c.index)],
                     lang, either=True)


def puzzle_list(puzzles: Iterable[Puzzle], lang: str = "ru") -> pd.DataFrame:
    """The puzzles as a teacher reads them before handing them out, numbered from 1: title,
    goal, variant, rating, themes, the answer and the id (which tells apart puzzles of one
    title), with headers in ``lang`` (``"ru"`` or ``"en"``)."""
    check_lang(lang)
    rows = [{"title": p.title.get(lang), "goal": goal_name(p, lang),
             "variant": variant_label(p.variant).get(lang), "rating": p.rating,
             "themes": ", ".join(THEMES[t].name.get(lang) for t in p.themes if t in THEMES),
             "answer": answer_label(p, lang), "id": p.id} for p in puzzles]
    frame = pd.DataFrame(rows, columns=["title", "goal", "variant", "rating", "themes", "answer",
                                        "id"])
    frame.index = pd.RangeIndex(1, len(frame) + 1, name=_LIST_WORDS["number"][lang])
    return frame.rename(columns={key: words[lang] for key, words in _LIST_WORDS.items()})


EXAMPLE_POSITION = """{
  "rules": "standard",
  "trump": "C",
  "hands": {
    "N": "QC KS 6H",
    "E": "6S TD 7D",
    "S": "TC 7H 9D",
    "W": "7S QD 8D"
  },
  "leader": "S",
  "trick": [],
  "taken": {"NS": [22, 2], "EW": [68, 4]}
}"""
"""A position a teacher can start from and change: three cards each, South to lead, clubs
trumps; the solver makes a puzzle of it (South's best card is the ten of trumps)."""

# The JSON parser's complaints said as a teacher reads them, pointing at ▸ in the excerpt of
# the line that :func:`_json_near` shows.
_JSON_PLAIN: dict[str, dict[str, str]] = {
    "Expecting ',' delimiter": {"en": "a comma is missing before ▸",
                                "ru": "перед ▸ не хватает запятой"},
    "Expecting ':' delimiter": {"en": "a colon is missing before ▸",
                                "ru": "перед ▸ не хватает двоеточия"},
    "Expecting value": {"en": "at ▸ a value is missing (text in quotes, a number, or a list "
                              "in [ ]), or the comma before it is one too many",
                        "ru": "на месте ▸ не хватает значения (текста в кавычках, числа или "
                              "списка в [ ]) или перед ним лишняя запятая"},
    "Expecting property name enclosed in double quotes": {
        "en": "at ▸ a name in double quotes is expected, such as \"hands\", or the comma before "
              "it is one too many",
        "ru": "на месте ▸ должно быть название в двойных кавычках, например «\"hands\"», "
              "или перед ним лишняя запятая"},
    "Unterminated string starting at": {"en": "the quotation mark at ▸ is never closed",
                                        "ru": "кавычка на месте ▸ не закрыта"},
    "Invalid control character at": {"en": "a quotation mark opened on this line is not "
                                           "closed before ▸",
                                     "ru": "кавычка, открытая в этой строке, не закрыта до ▸"},
    "Invalid \\escape": {"en": "a backslash \\ at ▸ that does not belong there",
                         "ru": "лишняя обратная косая черта \\ на месте ▸"},
    "Extra data": {"en": "there is more text after the end of the position, from ▸",
                   "ru": "после конца позиции есть лишний текст, начиная с ▸"},
    "Illegal trailing comma before end of object": {"en": "an extra comma before ▸",
                                                    "ru": "лишняя запятая перед ▸"},
    "Illegal trailing comma before end of array": {"en": "an extra comma before ▸",
                                                   "ru": "лишняя запятая перед ▸"},
}
_CURLY_QUOTES = "“”„‘’«»"
_QUOTES_HINT = {"en": "; type straight quotation marks \" instead of “ ” or « »",
                "ru": "; кавычки нужны прямые: \", а не “ ” или « »"}


def _json_near(text: str, line: int, column: int, width: int = 18) -> str:
    """The bit of line ``line`` around ``column`` (both from 1), the place marked with ▸; when
    the place starts its line, the end of the line before it too (where a comma is missing).

    >>> _json_near('{"a": 1 "b": 2}', 1, 9)
    '{"a": 1 ▸"b": 2}'
    >>> _json_near('{"a": 1\\n  "b": 2}', 2, 3)
    '{"a": 1 ▸"b": 2}'
    """
    lines = [row.replace("\t", " ") for row in text.splitlines()] or [""]
    number = min(max(line, 1), len(lines)) - 1
    row = lines[number]
    at = min(max(column - 1, 0), len(row))
    before, after = row[:at].lstrip(), row[at:].rstrip()
    if not before and number > 0:
        earlier = [r.rstrip() for r in lines[:number] if r.strip()]
        before = earlier[-1].lstrip() + " " if earlier else ""
    before = "…" + before[-width:] if len(before) > width else before
    after = after[:width] + "…" if len(after) > width else after
    return f"{before}▸{after}"


def _position_json_problem(text: str, problem: JsonProblem) -> PuzzleProblem:
    """What is wrong with a pasted position that is not JSON, and where, in people's words."""
    what = dict(_JSON_PLAIN.get(problem.message) or {
        "en": "a mistake in the writing at ▸",
        "ru": json_message(problem.message)["ru"] + " (на месте ▸)"})
    if any(mark in text for mark in _CURLY_QUOTES):
        what = {lang: what[lang] + _QUOTES_HINT[lang] for lang in ("en", "ru")}
    return PuzzleProblem("position_json", what=what, line=problem.line, column=problem.column,
                         near=_json_near(text, problem.line, problem.column))


def author_puzzle(
    position: Position | Mapping[str, Any] | str,
    *,
    title: Text | str | None = None,
    story: Text | str | None = None,
    goal: Goal | None = None,
    view: View = View.DOUBLE_DUMMY,
    puzzle_id: str | None = None,
    backend: str | Backend | None = None,
) -> Puzzle:
    """A puzzle from a teacher's position; the solver finds the answers, themes and hints.

    ``goal=None`` picks the first goal with a unique best card, as the miner does.  A position
    with no unique best card (for the given goal, or for any) raises :class:`PuzzleError`
    saying why; text that is not JSON is named in words, with the place (``position_json``).
    ``title`` and ``story`` are :class:`~.model.Text` or one string for both languages.
    """
    if isinstance(position, str | bytes):
        try:
            decode_json(position)
        except JsonProblem as problem:
            if problem.reason == "not_json":   # the others: Position's own words, below
                text = (position if isinstance(position, str)
                        else position.decode("utf-8", "replace"))
                raise PuzzleError([_position_json_problem(text, problem)]) from None
    if not isinstance(position, Position):
        try:
            position = Position.from_json(position)
        except PositionError as exc:
            raise PuzzleError([PuzzleProblem("position", error=exc)]) from None
    puzzle = build_puzzle(position, category=category_of(position), rng=random.Random(0),
                          backend=backend, view=view, goal=goal, source="authored")
    if puzzle is None:
        wanted = [goal] if goal is not None else list(Goal)
        found = [(each, analyse(position, each, backend=backend).problems) for each in wanted]
        rules = position.rules
        russian = joined(PuzzleProblem("goal_reason", goal={"en": each.value,
                                       "ru": _goal_words(each, rules, "ru")},
                                       problems=joined(problems)) for each, problems in found)
        reasons = {"en": "; ".join(_goal_reason_en(each, rules, problems)
                                   for each, problems in found),
                   "ru": russian["ru"]}
        raise PuzzleError([PuzzleProblem("no_unique", reasons=reasons)])
    if puzzle_id is not None or title is not None or story is not None:
        puzzle = Puzzle(puzzle_id or puzzle.id, Text.of(title or puzzle.title, "title"),
                        Text.of(story or puzzle.story, "story"),
                        puzzle.position, puzzle.goal, puzzle.answers, puzzle.themes,
                        puzzle.rating, puzzle.hints, puzzle.view, puzzle.source)
        puzzle = Puzzle.from_dict(puzzle.to_dict())
    return puzzle


# Why a position makes no puzzle for a goal, as the teacher reads it in English: the plain words
# of the Russian (the goal as GOAL_WORDS says it), where the checker's own English (for the
# command line and the catalogue's checks) names goals by their ids, such as make_61.
_REASONS_EN = {
    "goal_not_deciding": "under the {rules} rules it does not decide the result of the deal",
    "goal_catch_live": "while the 6♣ can still catch the Q♣, points do not matter: the catch "
                       "decides the deal itself",
    "goal_trick_taken": "it only suits a side that has not taken a trick yet",
    "goal_opponents_trick": "it only suits while the opponents have not taken a trick",
    "no_card_reaches": "no card reaches it",
    "every_card_reaches": "any card reaches it: there is nothing to find",
    "several_best": "different cards give the best result ({cards})",
    "equivalent_differ": "equal cards give different results: {cards}",
    "no_clear_best": "no card is clearly best: the next one is only {points} worse (it needs a "
                     "difference of at least {margin})",
    "unsettled_cards": "the solver did not finish judging the cards {cards} in the time "
                       "allowed",
    "unsettled": "the solver did not finish in the time allowed",
}


def _reason_en(problem: PuzzleProblem) -> str:
    """One of the checker's reasons in plain English (its own words when there are none)."""
    template = _REASONS_EN.get(problem.key)
    if template is None:
        return problem.text("en")
    params: dict[str, str] = {}
    for name, value in problem.params.items():
        words = str(value["en"] if isinstance(value, Mapping) else value)
        if name == "cards":
            words = cards_label(words, "en")
        elif name in ("points", "margin") and words.isdigit():
            words = points_phrase(int(words), "en")
        params[name] = words
    return template.format(**params)


def _goal_reason_en(goal: Goal, rules: Rules, problems: Sequence[PuzzleProblem]) -> str:
    """``goal “win the deal (61)”: any card reaches it: there is nothing to find``."""
    why = "; ".join(_reason_en(problem) for problem in problems)
    return f"goal “{_goal_words(goal, rules, 'en')}”: {why}"


# -- the set being built, kept between visits -------------------------------------------------

_GOAL_CHOICES = frozenset({"auto", *(goal.value for goal in Goal)})
DRAFT_TEXT_LIMITS = {"title": 200, "repo": 200, "position": 100_000}
"""The longest title, repository and position a draft keeps, in characters: the teacher's
screen cuts what is typed to them (and says so), a draft is written within them, and a stored
one beyond them is damage."""
MAX_DRAFT_PUZZLES = 1000
"""A draft with more puzzles than this is damage, not a teacher's work."""


@dataclass
class TeacherDraft:
    """The set a teacher is putting together, kept in the app's store between visits: its
    puzzles (the catalogue's and the teacher's own, whole), title and repository, and the
    position being typed with its goal (``auto`` or a :class:`~.model.Goal` value).

    >>> draft = TeacherDraft(title="Homework 7", position="{")
    >>> TeacherDraft.from_dict(draft.to_dict()) == (draft, [])
    True
    """

    puzzles: list[Puzzle] = field(default_factory=list)
    title: str = ""
    repo: str = ""
    position: str = ""
    goal: str = "auto"

    def to_dict(self) -> dict[str, Any]:
        """The draft as JSON; a text longer than :data:`DRAFT_TEXT_LIMITS` is cut to it, so
        that what is written can always be read back.

        >>> len(TeacherDraft(title="Т" * 201).to_dict()["title"])
        200
        """
        texts = {key: getattr(self, key)[:limit] for key, limit in DRAFT_TEXT_LIMITS.items()}
        return {"version": 1, **texts, "goal": self.goal,
                "puzzles": [puzzle_dict(puzzle) for puzzle in self.puzzles]}

    @classmethod
    def from_dict(cls, data: object) -> tuple[TeacherDraft, list[str]]:
        """A stored draft, checked: what of it can be used, and why the rest cannot (in
        English, for the ``bad_rows`` table).  See :meth:`read`."""
        reading = cls.read(data)
        return reading.draft, reading.problems

    @classmethod
    def read(cls, data: object) -> DraftReading:
        """A stored draft, checked: what of it can be used, which of its parts could not be,
        and why (in English, for the ``bad_rows`` table).  A bad puzzle, title, repository,
        position or goal is left out and the rest kept; a ``ValueError`` says so when nothing
        can be used (not a version 1 draft).

        >>> reading = TeacherDraft.read({"version": 1, "title": 7, "puzzles": [{}]})
        >>> reading.fields, reading.left_out
        (('title',), 1)
        """
        if not isinstance(data, Mapping):
            raise ValueError("a teacher's draft must be a JSON object")
        if data.get("version") != 1 or isinstance(data.get("version"), bool):
            raise ValueError(f"a teacher's draft of version {data.get('version')!r}, not 1")
        problems: list[str] = []
        fields: list[str] = []
        texts: dict[str, str] = {}
        for key, limit in DRAFT_TEXT_LIMITS.items():
            value = data.get(key, "")
            if isinstance(value, str) and len(value) <= limit:
                texts[key] = value
            else:
                problems.append(f"{key}: not a text of at most {limit} characters")
                fields.append(key)
                texts[key] = ""
        goal = data.get("goal", "auto")
        if not isinstance(goal, str) or goal not in _GOAL_CHOICES:
            problems.append(f"goal: {goal!r} is not one of {sorted(_GOAL_CHOICES)}")
            fields.append("goal")
            goal = "auto"
        raw = data.get("puzzles", [])
        left_out = 0
        if not isinstance(raw, list):
            problems.append("puzzles: not a list")
            fields.append("puzzles")
            raw = []
        elif len(raw) > MAX_DRAFT_PUZZLES:
            problems.append(f"puzzles: a list of {len(raw)}, more than {MAX_DRAFT_PUZZLES}")
            left_out, raw = len(raw), []
        puzzles: list[Puzzle] = []
        seen: set[str] = set()
        for number, item in enumerate(raw, 1):
            try:
                puzzle = Puzzle.from_dict(item, PuzzleProblem("puzzle_n", n=number))
            except PuzzleError as exc:
                problems.append(str(exc))
                left_out += 1
                continue
            if puzzle.id in seen:
                problems.append(f"puzzle #{number}: id {puzzle.id!r} appears twice")
                left_out += 1
                continue
            seen.add(puzzle.id)
            puzzles.append(puzzle)
        draft = cls(puzzles, texts["title"], texts["repo"], texts["position"], str(goal))
        return DraftReading(draft, problems, tuple(fields), left_out)

    def with_catalogue(self, catalogue: Iterable[Puzzle]) -> TeacherDraft:
        """The draft with each catalogue puzzle in it replaced by the catalogue's current
        version, matched by id (the catalogue's words change between versions of the app).
        The teacher's own positions (source ``authored``), and puzzles the catalogue no longer
        has, stay as they were kept."""
        current = {puzzle.id: puzzle for puzzle in catalogue}
        puzzles = [puzzle if puzzle.source == "authored" else current.get(puzzle.id, puzzle)
                   for puzzle in self.puzzles]
        return TeacherDraft(puzzles, self.title, self.repo, self.position, self.goal)


@dataclass(frozen=True)
class DraftReading:
    """What :meth:`TeacherDraft.read` made of a stored draft: the ``draft`` that can be used,
    the ``problems`` with the rest (in English), the ``fields`` that could not be read (of
    ``title``, ``repo``, ``position``, ``goal`` and ``puzzles``, the list itself) and how many
    puzzles of the list were ``left_out``."""

    draft: TeacherDraft
    problems: list[str]
    fields: tuple[str, ...] = ()
    left_out: int = 0


# -- sharing ----------------------------------------------------------------------------------

_PUZZLE_DICTS: dict[int, tuple[Puzzle, dict[str, Any]]] = {}
_PUZZLE_DICTS_MAX = 5000


def puzzle_dict(puzzle: Puzzle) -> dict[str, Any]:
    """``puzzle.to_dict()``, made once per puzzle (puzzles are frozen): the teacher's screen
    writes the set's file, link and draft at every key of its title.  Not to be changed."""
    hit = _PUZZLE_DICTS.get(id(puzzle))
    if hit is not None and hit[0] is puzzle:
        return hit[1]
    if len(_PUZZLE_DICTS) >= _PUZZLE_DICTS_MAX:
        _PUZZLE_DICTS.clear()
    data = puzzle.to_dict()
    _PUZZLE_DICTS[id(puzzle)] = (puzzle, data)
    return data


def set_dict(puzzle_set: PuzzleSet) -> dict[str, Any]:
    """``puzzle_set.to_dict()``, its puzzles' parts made once (:func:`puzzle_dict`).

    >>> demo = PuzzleSet("demo", Text("Демо", "Demo"))
    >>> set_dict(demo) == demo.to_dict()
    True
    """
    return {**replace(puzzle_set, puzzles=()).to_dict(),
            "puzzles": [puzzle_dict(puzzle) for puzzle in puzzle_set.puzzles]}


def set_to_param(puzzle_set: PuzzleSet) -> str:
    """The set as compact JSON, zlib-compressed, in URL-safe base64 without padding."""
    raw = json.dumps(set_dict(puzzle_set), ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(raw.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def set_filename(puzzle_set: PuzzleSet, lang: str = "ru") -> str:
    """The name of the set's file: its title made safe for any system (letters of any alphabet,
    digits, spaces, ``-``, ``_`` and ``.``), or its id when nothing of the title is left.

    >>> set_filename(PuzzleSet("set-1", Text("Домашка 7: взятки/козыри?", "Homework 7")))
    'Домашка 7 взятки козыри.json'
    """
    title = re.sub(r"[^\w\s.-]+", " ", puzzle_set.title.get(check_lang(lang)))
    name = re.sub(r"\s+", " ", title).strip(" .-_")[:80].strip(" .-_")
    return f"{name or puzzle_set.id}.json"


def set_link(puzzle_set: PuzzleSet, *, repo: str | None = None, ref: str = "HEAD",
             notebook: str = "notebooks/app.ipynb") -> str:
    """A Binder link that opens the app with ``puzzle_set`` loaded.

    ``repo`` is the GitHub ``owner/name`` (default ``$KOZEL_TUTOR_REPO`` or
    :data:`DEFAULT_REPO`).  The set travels inside the link; see :data:`LONG_LINK`.  A bad
    ``repo`` is a :class:`PuzzleError` (a ``ValueError``) saying how to write it.
    """
    slug = repo or os.environ.get("KOZEL_TUTOR_REPO", "").strip() or DEFAULT_REPO
    if not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", slug):
        raise PuzzleError([PuzzleProblem("bad_repo", repo=slug)])
    inner = f"voila/render/{notebook}?set={set_to_param(puzzle_set)}"
    return (f"https://mybinder.org/v2/gh/{slug}/{quote(ref, safe='')}"
            f"?urlpath={quote(inner, safe='/')}")


def set_from_param(param: str, source: str = "link") -> PuzzleSet:
    """Decode a ``set`` parameter; any problem is a :class:`PuzzleError` naming the link and
    ending with what to do: ask the teacher for the link again.

    >>> set_from_param("eJw")
    Traceback (most recent call last):
    ...
    kozel_tutor.puzzles.model.PuzzleError: link: the set data is incomplete (was the link \
cut?). Ask your teacher to send the link again.
    """
    again = PuzzleProblem("advice_link_again")
    text = param.strip()
    if not re.fullmatch(r"[A-Za-z0-9_-]*={0,2}", text):
        raise PuzzleError([PuzzleProblem("link_chars")], source, again)
    text = text.rstrip("=")
    inflater = zlib.decompressobj()
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        raw = inflater.decompress(packed, MAX_LINK_SET_BYTES)
    except (ValueError, zlib.error):
        raise PuzzleError([PuzzleProblem("link_not_set")], source, again) from None
    if inflater.unconsumed_tail:
        raise PuzzleError([PuzzleProblem("link_too_large",
                                         limit=bytes_phrase(MAX_LINK_SET_BYTES))], source, again)
    if not inflater.eof:
        raise PuzzleError([PuzzleProblem("link_cut")], source, again)
    return PuzzleSet.sent_to_student(raw, source)


def set_from_query(query: str | None = None) -> PuzzleSet | None:
    """The set named by the ``set`` parameter of a query string (default: Voila's
    ``$QUERY_STRING``), or ``None`` when there is none."""
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    values = parse_qs(query.lstrip("?")).get("set")
    if not values:
        return None
    return set_from_param(values[0])


