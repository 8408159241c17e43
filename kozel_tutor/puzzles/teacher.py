"""Teaching with puzzle sets, no server needed: build a set, share it, collect results, grade.

1. **Build** a set by filtering the catalogue (:func:`filter_puzzles`) or by authoring a puzzle
   from a position (:func:`author_puzzle`: the solver fills in the answers and refuses a
   position without a unique best card).
2. **Share** it as a file (:func:`~.model.save_set`) or a link (:func:`set_link`): the whole set,
   compressed, rides in the link's ``set`` parameter, and the app opens it (:func:`set_from_query`).
3. Students solve it in the app and **download a results file** (:class:`ResultsSheet`, JSON or
   CSV: puzzle, card chosen, correct, seconds, hints used).
4. The teacher loads many results files into a **gradebook** (:func:`load_results`,
   :func:`gradebook`): per-student and per-puzzle statistics and charts.  A bad file is named
   with its problem and left out; the others still load.

>>> link = set_link(PuzzleSet("demo", Text("Демо", "Demo")), repo="me/kozel")
>>> link.startswith("https://mybinder.org/v2/gh/me/kozel/HEAD?urlpath=voila/render/")
True
>>> set_from_query(link.split("%3F", 1)[1].replace("%3D", "=")).id
'demo'
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import os
import random
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import pandas as pd  # type: ignore[import-untyped]

from ..cards import CardError, parse_card
from ..json_input import JsonProblem, decode_json
from ..position import Position, PositionError
from ..solver.core import Backend
from .charts import bar_chart
from .generate import build_puzzle, category_of
from .model import (
    FORMAT,
    MAX_FILE_BYTES,
    Goal,
    Puzzle,
    PuzzleError,
    PuzzleProblem,
    PuzzleSet,
    Text,
    View,
    atomic_write_text,
    joined,
    os_reason,
    read_json_file,
    save_set,
    version_words,
)
from .texts import GOAL_NAMES, bytes_phrase, json_message, say
from .verify import analyse

__all__ = [
    "DEFAULT_REPO",
    "DRAFT_TEXT_LIMITS",
    "EXAMPLE_POSITION",
    "RESULTS_FORMAT",
    "DraftReading",
    "Gradebook",
    "Note",
    "ResultRow",
    "ResultsSheet",
    "TeacherDraft",
    "author_puzzle",
    "filter_puzzles",
    "gradebook",
    "gradebook_html",
    "load_results",
    "save_set",
    "set_filename",
    "set_from_query",
    "set_link",
    "set_to_param",
    "workspace",
]

DEFAULT_REPO = "kozel-tutor/kozel-tutor"
"""The GitHub ``owner/repo`` a Binder link opens; ``$KOZEL_TUTOR_REPO`` overrides it."""

RESULTS_FORMAT = "kozel-puzzle-results"
MAX_LINK_SET_BYTES = 2_000_000
"""A set decoded from a link may not expand beyond this (a guard against zip bombs)."""
LONG_LINK = 8000
"""Links longer than this may be cut by some browsers and chat apps: prefer the file."""

_CSV_COLUMNS = ["student", "set_id", "puzzle", "card", "correct", "seconds", "hints", "at"]
_CSV_SET_COLUMNS = ["number", "total", "title_ru", "title_en"]
"""Optional columns of a results CSV: where the puzzle is in the set, the set's size, its title
(files written before these existed still load; the gradebook then knows less)."""
_TABLE_COLUMNS = ["student", "set_id", *_CSV_COLUMNS[2:], *_CSV_SET_COLUMNS, "file"]
_STUDENT = re.compile(r"^[^\x00-\x1f]{1,80}$")


# -- building ---------------------------------------------------------------------------------

def workspace() -> Path:
    """A folder for a teacher's sets and the results files they collect: ``teacher/`` in the
    app's data folder (``$KOZEL_TUTOR_HOME`` or the user data folder), with ``results/``."""
    from .progress import default_path

    folder = default_path().parent / "teacher"
    (folder / "results").mkdir(parents=True, exist_ok=True)
    return folder


def filter_puzzles(
    puzzles: Iterable[Puzzle],
    *,
    themes: Sequence[str] = (),
    min_rating: int | None = None,
    max_rating: int | None = None,
    cards: Sequence[int] = (),
    goals: Sequence[Goal] = (),
    views: Sequence[View] = (),
    variants: Sequence[str] = (),
) -> list[Puzzle]:
    """The puzzles matching every given filter (a theme filter matches any of its themes;
    ``variants`` names rules: ``standard``, ``classic``, ``nizhny``, ``kozly24``), each id once,
    easiest first."""
    seen: set[str] = set()
    out: list[Puzzle] = []
    for puzzle in puzzles:
        if puzzle.id in seen:
            continue
        if themes and not set(themes) & set(puzzle.themes):
            continue
        if min_rating is not None and puzzle.rating < min_rating:
            continue
        if max_rating is not None and puzzle.rating > max_rating:
            continue
        if cards and puzzle.cards not in cards:
            continue
        if goals and puzzle.goal not in goals:
            continue
        if views and puzzle.view not in views:
            continue
        if variants and puzzle.variant not in variants:
            continue
        seen.add(puzzle.id)
        out.append(puzzle)
    return sorted(out, key=lambda p: (p.rating, p.id))


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
    title: Text | None = None,
    story: Text | None = None,
    goal: Goal | None = None,
    view: View = View.DOUBLE_DUMMY,
    puzzle_id: str | None = None,
    backend: str | Backend | None = None,
) -> Puzzle:
    """A puzzle from a teacher's position; the solver finds the answers, themes and hints.

    ``goal=None`` picks the first goal with a unique best card, as the miner does.  A position
    with no unique best card (for the given goal, or for any) raises :class:`PuzzleError`
    saying why; text that is not JSON is named in words, with the place (``position_json``).
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
        reasons = [PuzzleProblem("goal_reason", goal=GOAL_NAMES[each.value],
                                 problems=joined(analyse(position, each, backend=backend).problems))
                   for each in wanted]
        raise PuzzleError([PuzzleProblem("no_unique", reasons=joined(reasons, en=" | "))])
    if puzzle_id is not None or title is not None or story is not None:
        puzzle = Puzzle(puzzle_id or puzzle.id, title or puzzle.title, story or puzzle.story,
                        puzzle.position, puzzle.goal, puzzle.answers, puzzle.themes,
                        puzzle.rating, puzzle.hints, puzzle.view, puzzle.source)
        puzzle = Puzzle.from_dict(puzzle.to_dict())
    return puzzle


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
                "puzzles": [puzzle.to_dict() for puzzle in self.puzzles]}

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

def set_to_param(puzzle_set: PuzzleSet) -> str:
    """The set as compact JSON, zlib-compressed, in URL-safe base64 without padding."""
    raw = json.dumps(puzzle_set.to_dict(), ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(raw.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def set_filename(puzzle_set: PuzzleSet, lang: str = "ru") -> str:
    """The name of the set's file: its title made safe for any system (letters of any alphabet,
    digits, spaces, ``-``, ``_`` and ``.``), or its id when nothing of the title is left.

    >>> set_filename(PuzzleSet("set-1", Text("Домашка 7: взятки/козыри?", "Homework 7")))
    'Домашка 7 взятки козыри.json'
    """
    title = re.sub(r"[^\w\s.-]+", " ", puzzle_set.title.get(lang))
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
    """Decode a ``set`` parameter; any problem is a :class:`PuzzleError` naming the link."""
    text = param.strip()
    if not re.fullmatch(r"[A-Za-z0-9_-]*={0,2}", text):
        raise PuzzleError([PuzzleProblem("link_chars")], source)
    text = text.rstrip("=")
    inflater = zlib.decompressobj()
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        raw = inflater.decompress(packed, MAX_LINK_SET_BYTES)
    except (ValueError, zlib.error):
        raise PuzzleError([PuzzleProblem("link_not_set")], source) from None
    if inflater.unconsumed_tail:
        raise PuzzleError([PuzzleProblem("link_too_large",
                                         limit=bytes_phrase(MAX_LINK_SET_BYTES))], source)
    if not inflater.eof:
        raise PuzzleError([PuzzleProblem("link_cut")], source)
    return PuzzleSet.from_json(raw, source)


def set_from_query(query: str | None = None) -> PuzzleSet | None:
    """The set named by the ``set`` parameter of a query string (default: Voila's
    ``$QUERY_STRING``), or ``None`` when there is none."""
    if query is None:
        query = os.environ.get("QUERY_STRING", "")
    values = parse_qs(query.lstrip("?")).get("set")
    if not values:
        return None
    return set_from_param(values[0])


# -- results ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class ResultRow:
    puzzle: str
    card: str
    correct: bool
    seconds: float
    hints: int
    at: str


@dataclass
class ResultsSheet:
    """A student's answers to one set, written as a results file for the teacher.

    ``puzzles`` lists the set's puzzles in order, each with its title (:meth:`for_set` fills it
    in): the file then tells the gradebook how many puzzles the set has, so a student who
    answered 3 of 12 is shown as such, and what each puzzle is called.
    """

    student: str
    set_id: str
    set_title: str = ""
    rows: list[ResultRow] = field(default_factory=list)
    puzzles: list[tuple[str, Text]] = field(default_factory=list)

    @classmethod
    def for_set(cls, student: str, puzzle_set: PuzzleSet, lang: str = "ru") -> ResultsSheet:
        """An empty sheet for ``puzzle_set``, knowing its puzzles and their titles."""
        return cls(student, puzzle_set.id, puzzle_set.title.get(lang),
                   puzzles=[(p.id, p.title) for p in puzzle_set.puzzles])

    def add(self, puzzle: Puzzle, card: str, *, seconds: float, hints: int,
            at: datetime | None = None) -> ResultRow:
        stamp = (at or datetime.now(UTC)).replace(microsecond=0).isoformat()
        row = ResultRow(puzzle.id, parse_card(card).token, parse_card(card) in puzzle.answers,
                        round(float(seconds), 1), int(hints), stamp)
        self.rows.append(row)
        return row

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": RESULTS_FORMAT, "version": 1, "student": self.student,
                               "set_id": self.set_id, "set_title": self.set_title,
                               "results": [row.__dict__ for row in self.rows]}
        if self.puzzles:
            out["puzzles"] = [{"id": ident, "title": title.to_dict()}
                              for ident, title in self.puzzles]
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*_CSV_COLUMNS, *_CSV_SET_COLUMNS])
        where = {ident: (number, title) for number, (ident, title) in enumerate(self.puzzles, 1)}
        total = len(self.puzzles) or ""
        for row in self.rows:
            number, title = where.get(row.puzzle, ("", Text("", "")))
            writer.writerow([self.student, self.set_id, row.puzzle, row.card,
                             "1" if row.correct else "0", row.seconds, row.hints, row.at,
                             number, total, title.ru, title.en])
        return out.getvalue()

    def filename(self, ext: str = "json") -> str:
        safe = re.sub(r"[^\w.-]+", "_", f"{self.student}-{self.set_id}").strip("_") or "results"
        return f"{safe}.{ext}"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write JSON or CSV, by the file's extension, atomically."""
        text = self.to_csv() if str(path).lower().endswith(".csv") else self.to_json() + "\n"
        atomic_write_text(path, text)


class _Bad(Exception):
    """One problem that makes a results file unusable (becomes a :class:`PuzzleError`)."""

    def __init__(self, problem: PuzzleProblem) -> None:
        super().__init__(problem.text("en"))
        self.problem = problem


def _set_puzzles(raw: object) -> list[tuple[str, Text]]:
    """The optional list of the set's puzzles in a results file: ``[{id, title}, …]``."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > 10_000:
        raise _Bad(PuzzleProblem("set_puzzles"))
    out = []
    for item in raw:
        problems: list[PuzzleProblem] = []
        if not isinstance(item, Mapping) or not isinstance(item.get("id"), str):
            raise _Bad(PuzzleProblem("set_puzzles"))
        title = Text.parse(item.get("title", ""), "title", problems, required=False)
        if problems or not item["id"]:
            raise _Bad(PuzzleProblem("set_puzzles"))
        out.append((str(item["id"]), title))
    return out


def _rows_from_json(data: object) -> tuple[str, str, list[Any], list[tuple[str, Text]]]:
    if not isinstance(data, Mapping) or data.get("format") != RESULTS_FORMAT:
        is_set = isinstance(data, Mapping) and data.get("format") == FORMAT
        raise _Bad(PuzzleProblem("set_not_results" if is_set else "not_results"))
    if data.get("version") != 1:
        raise _Bad(PuzzleProblem("results_version", version=version_words(data.get("version"))))
    student, set_id = data.get("student"), data.get("set_id")
    if not isinstance(student, str) or not _STUDENT.match(student):
        raise _Bad(PuzzleProblem("bad_student"))
    if not isinstance(set_id, str) or not set_id:
        raise _Bad(PuzzleProblem("no_set_id"))
    results = data.get("results")
    if not isinstance(results, list):
        raise _Bad(PuzzleProblem("results_list"))
    return student, set_id, results, _set_puzzles(data.get("puzzles"))


def _number(raw: Mapping[str, Any], key: str, number: int, kind: type[float] | type[int]
            ) -> float:
    try:
        return kind(raw[key])
    except (TypeError, ValueError) as exc:
        raise _Bad(PuzzleProblem("row_number", n=number, field=key, detail=str(exc))) from None


def _optional_count(raw: Mapping[str, Any], key: str, number: int) -> int:
    """An optional whole number of a CSV row (``number``, ``total``); 0 when left empty."""
    value = raw.get(key)
    if value is None or str(value).strip() == "":
        return 0
    count = int(_number(raw, key, number, int))
    if not 0 <= count <= 10_000:
        raise _Bad(PuzzleProblem("row_number", n=number, field=key,
                                 detail=f"{key} must be a whole number from 0 to 10000"))
    return count


def _check_row(raw: object, number: int) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise _Bad(PuzzleProblem("row_object", n=number))
    for key in ("card", "correct", "seconds", "hints", "puzzle"):
        if key not in raw:
            raise _Bad(PuzzleProblem("row_lacks", n=number, name=key))
    try:
        card = parse_card(str(raw["card"])).token
    except CardError as exc:
        raise _Bad(PuzzleProblem("row_card", n=number, error=str(exc),
                                 card=str(raw["card"]))) from None
    correct = raw["correct"]
    if isinstance(correct, str):
        if correct.strip().lower() not in ("0", "1", "true", "false"):
            raise _Bad(PuzzleProblem("row_correct", n=number))
        correct = correct.strip().lower() in ("1", "true")
    if not isinstance(correct, bool):
        raise _Bad(PuzzleProblem("row_correct_bool", n=number))
    seconds = float(_number(raw, "seconds", number, float))
    hints = int(_number(raw, "hints", number, int))
    puzzle = str(raw["puzzle"])
    at = str(raw.get("at", ""))
    if not (0 <= seconds < 1e6) or not 0 <= hints <= 10 or not puzzle:
        raise _Bad(PuzzleProblem("row_range", n=number))
    return {"puzzle": puzzle, "card": card, "correct": correct, "seconds": seconds,
            "hints": hints, "at": at}


def _csv_rows(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    if os.path.getsize(path) > MAX_FILE_BYTES:
        raise _Bad(PuzzleProblem("csv_too_large"))
    with open(path, encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle)
        if reader.fieldnames is None or not set(_CSV_COLUMNS) <= set(reader.fieldnames):
            raise _Bad(PuzzleProblem("csv_columns", columns=", ".join(_CSV_COLUMNS)))
        raw_rows = list(reader)
    rows = []
    for number, raw in enumerate(raw_rows, 1):
        row = _check_row(raw, number)
        student, set_id = str(raw["student"]), str(raw["set_id"])
        if not _STUDENT.match(student) or not set_id:
            raise _Bad(PuzzleProblem("row_student", n=number))
        rows.append({"student": student, "set_id": set_id, **row,
                     "number": _optional_count(raw, "number", number),
                     "total": _optional_count(raw, "total", number),
                     "title_ru": str(raw.get("title_ru") or ""),
                     "title_en": str(raw.get("title_en") or "")})
    return rows


def _json_rows(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    student, set_id, results, puzzles = _rows_from_json(read_json_file(path))
    where = {ident: (number, title) for number, (ident, title) in enumerate(puzzles, 1)}
    rows = []
    for index, raw in enumerate(results, 1):
        row = _check_row(raw, index)
        number, title = where.get(row["puzzle"], (0, Text("", "")))
        rows.append({"student": student, "set_id": set_id, **row, "number": number,
                     "total": len(puzzles), "title_ru": title.ru, "title_en": title.en})
    return rows


def read_results(path: str | os.PathLike[str]) -> pd.DataFrame:
    """One results file (JSON or CSV) as rows; a bad file raises :class:`PuzzleError`."""
    name = str(path)
    try:
        rows = _csv_rows(path) if name.lower().endswith(".csv") else _json_rows(path)
    except _Bad as exc:
        raise PuzzleError([exc.problem], name) from None
    except UnicodeDecodeError as exc:
        raise PuzzleError([PuzzleProblem("cannot_read", reason={
            "en": str(exc), "ru": "это не текст в кодировке UTF-8"})], name) from None
    except OSError as exc:
        raise PuzzleError([PuzzleProblem("cannot_read", reason=os_reason(exc, str(exc)))],
                          name) from None
    except csv.Error as exc:
        raise PuzzleError([PuzzleProblem("csv_broken", detail=str(exc))], name) from None
    frame = pd.DataFrame(rows, columns=_TABLE_COLUMNS[:-1])
    frame["file"] = Path(name).name
    return frame


def load_results(paths: Iterable[str | os.PathLike[str]]) -> tuple[pd.DataFrame, list[PuzzleError]]:
    """Every readable results file in one table; the bad ones come back as errors.

    The table has a row per answer: ``student``, ``set_id``, ``puzzle``, ``card``, ``correct``,
    ``seconds``, ``hints``, ``at``; then what the file says of the set (``number``: the puzzle's
    place in it, ``total``: its size, ``title_ru``/``title_en``; 0 or empty when the file does
    not say) and the ``file`` it came from.
    """
    frames: list[pd.DataFrame] = []
    errors: list[PuzzleError] = []
    for path in paths:
        try:
            frames.append(read_results(path))
        except PuzzleError as exc:
            errors.append(exc)
    table = (pd.concat(frames, ignore_index=True) if frames
             else pd.DataFrame(columns=_TABLE_COLUMNS))
    table["correct"] = table["correct"].astype(bool)
    for column in ("number", "total"):
        table[column] = table[column].astype(int)
    return table, errors


# -- the gradebook ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Note:
    """A sentence shown where a table would be (no results yet): plain text, or HTML in a
    notebook."""

    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return f'<p class="kz-note">{html.escape(self.text)}</p>'


@dataclass(frozen=True)
class Gradebook:
    """Per student and per puzzle statistics of a results table (first answer per puzzle).

    The frames are the data, with English column names: ``students`` (``puzzles`` answered of
    the set's ``total``, ``unanswered``, ``right``, ``percent`` right of those answered,
    ``hints``, median ``seconds``), ``puzzles`` (``students`` who answered, ``unanswered``,
    ``right``, ``percent``, mean ``hints``, median ``seconds``, ``common_wrong_card``) and
    ``answers`` (student × puzzle: right or wrong).  ``labels`` names each puzzle (its place in
    the set and its title); :meth:`table` shows a frame to a teacher in Russian or English.
    """

    students: pd.DataFrame
    puzzles: pd.DataFrame
    answers: pd.DataFrame
    labels: Mapping[str, Text] = field(default_factory=dict)
    numbers: Mapping[str, int] = field(default_factory=dict)

    def label(self, puzzle_id: str, lang: str) -> str:
        """``3. Пустая карта: 3 карты``: the puzzle's place in its set and title (its id when
        neither is known)."""
        text = self.labels.get(puzzle_id)
        return text.get(lang) if text is not None else puzzle_id

    def table(self, which: str = "students", lang: str = "ru") -> pd.DataFrame | Note:
        """``students``, ``puzzles`` or ``answers`` as a teacher reads it: headers, puzzle titles
        and cards (7♥, Т♠) in ``lang``; a :class:`Note` saying so when there are no results."""
        return gradebook_table(self, which, lang)


def _column(frame: pd.DataFrame, name: str, default: object) -> pd.Series:
    return frame[name] if name in frame else pd.Series(default, index=frame.index)


def _puzzle_labels(first: pd.DataFrame, ids: Sequence[str], sets: Sequence[PuzzleSet],
                   puzzles: Iterable[Puzzle]) -> tuple[dict[str, Text], dict[str, int]]:
    """Each puzzle's title and place in its set: what the results files say, else what the
    given sets and puzzles say; equal labels are told apart by a counter."""
    titles: dict[str, Text] = {p.id: p.title for p in puzzles}
    numbers: dict[str, int] = {}
    used = set(first["set_id"])
    for puzzle_set in sets:
        for number, puzzle in enumerate(puzzle_set.puzzles, 1):
            titles[puzzle.id] = puzzle.title
            if puzzle_set.id in used:
                numbers.setdefault(puzzle.id, number)
    told = first.assign(number=_column(first, "number", 0),
                        title_ru=_column(first, "title_ru", ""),
                        title_en=_column(first, "title_en", ""))
    for row in told.itertuples(index=False):
        if int(row.number):
            numbers[str(row.puzzle)] = int(row.number)
        if row.title_ru and row.title_en:
            titles[str(row.puzzle)] = Text(str(row.title_ru), str(row.title_en))
    labels: dict[str, Text] = {}
    for ident in ids:
        title = titles.get(ident, Text(ident, ident))
        place = numbers.get(ident)
        labels[ident] = (Text(f"{place}. {title.ru}", f"{place}. {title.en}") if place
                         else title)
    seen: dict[Text, int] = {}
    for ident in sorted(ids, key=lambda i: (numbers.get(i, 10**6), i)):
        count = seen[labels[ident]] = seen.get(labels[ident], 0) + 1
        if count > 1:
            labels[ident] = Text(f"{labels[ident].ru} ({count})", f"{labels[ident].en} ({count})")
    return labels, numbers


def gradebook(results: pd.DataFrame, *, sets: Iterable[PuzzleSet] = (),
              puzzles: Iterable[Puzzle] = ()) -> Gradebook:
    """A student's first answer to each puzzle counts (retries do not raise a grade).

    A set's size comes from the results files, from ``sets`` (the sets given out) and from the
    puzzles anyone answered, whichever is largest, so a student who stopped early is shown with
    the puzzles left unanswered.  Titles come from the files, ``sets`` and ``puzzles`` (say,
    the catalogue).
    """
    given = list(sets)
    first = results.drop_duplicates(subset=["student", "puzzle"], keep="first")
    if first.empty:
        empty = pd.DataFrame()
        return Gradebook(empty, empty, first)
    sizes = {s.id: len(s.puzzles) for s in given}
    totals: dict[str, int] = {}
    for set_id, group in results.groupby("set_id"):
        told = int(_column(group, "total", 0).max())
        totals[str(set_id)] = max(told, sizes.get(str(set_id), 0), group["puzzle"].nunique())

    students = first.groupby("student").agg(
        puzzles=("puzzle", "size"), right=("correct", "sum"), hints=("hints", "sum"),
        seconds=("seconds", "median"))
    sets_of = first.groupby("student")["set_id"].unique()
    students["total"] = [sum(totals[str(s)] for s in sets_of[name]) for name in students.index]
    students["unanswered"] = (students["total"] - students["puzzles"]).clip(lower=0)
    students["percent"] = (100 * students["right"] / students["puzzles"]).round(0)
    students = students[["puzzles", "total", "unanswered", "right", "percent", "hints",
                         "seconds"]]

    puzzles_frame = first.groupby("puzzle").agg(
        students=("student", "size"), right=("correct", "sum"), hints=("hints", "mean"),
        seconds=("seconds", "median"))
    class_size = first.groupby("set_id")["student"].nunique()
    set_of = first.groupby("puzzle")["set_id"].first()
    puzzles_frame["unanswered"] = [max(0, int(class_size[set_of[p]]) - int(n))
                                   for p, n in puzzles_frame["students"].items()]
    puzzles_frame["percent"] = (100 * puzzles_frame["right"] / puzzles_frame["students"]).round(0)
    wrong = first[~first["correct"]]
    common = wrong.groupby("puzzle")["card"].agg(
        lambda cards: cards.value_counts().index[0] if len(cards) else "")
    puzzles_frame["common_wrong_card"] = common.reindex(puzzles_frame.index).fillna("")
    puzzles_frame = puzzles_frame[["students", "unanswered", "right", "percent", "hints",
                                   "seconds", "common_wrong_card"]]
    answers = first.pivot_table(index="student", columns="puzzle", values="correct",
                                aggfunc="first").astype("boolean")
    labels, numbers = _puzzle_labels(first, list(puzzles_frame.index), given, puzzles)
    in_set_order = sorted(puzzles_frame.index, key=lambda p: (numbers.get(str(p), 10**6), p))
    return Gradebook(students.sort_values("percent", ascending=False, kind="stable"),
                     puzzles_frame.loc[in_set_order].sort_values("percent", kind="stable"),
                     answers, labels, numbers)


def _card_label(token: object, lang: str) -> str:
    try:
        return parse_card(str(token)).label(lang) if token else "—"
    except CardError:
        return str(token)


def gradebook_table(book: Gradebook, which: str, lang: str) -> pd.DataFrame | Note:
    """One of the gradebook's frames as a teacher reads it (see :meth:`Gradebook.table`)."""
    if book.students.empty:
        return Note(say("gb_empty", lang))
    if which == "students":
        data = book.students
        frame = pd.DataFrame({
            say("gb_answered", lang): [say("gb_of", lang, n=int(n), total=int(t))
                                       for n, t in zip(data["puzzles"], data["total"],
                                                       strict=True)],
            say("gb_unanswered", lang): data["unanswered"].astype(int),
            say("gb_right", lang): data["right"].astype(int),
            say("gb_percent", lang): data["percent"].astype(int),
            say("gb_hints", lang): data["hints"].astype(int),
            say("gb_seconds", lang): data["seconds"].astype(float).round(1),
        }, index=pd.Index(list(data.index), name=say("gb_student", lang)))
        return frame
    if which == "puzzles":
        data = book.puzzles
        return pd.DataFrame({
            say("gb_students", lang): data["students"].astype(int).to_list(),
            say("gb_unanswered_puzzle", lang): data["unanswered"].astype(int).to_list(),
            say("gb_right", lang): data["right"].astype(int).to_list(),
            say("gb_percent", lang): data["percent"].astype(int).to_list(),
            say("gb_hints_mean", lang): data["hints"].astype(float).round(1).to_list(),
            say("gb_seconds_puzzle", lang): data["seconds"].astype(float).round(1).to_list(),
            say("gb_wrong_card", lang): [_card_label(c, lang) for c in data["common_wrong_card"]],
        }, index=pd.Index([book.label(str(p), lang) for p in data.index],
                          name=say("gb_puzzle", lang)))
    if which == "answers":
        order = sorted(book.answers.columns,
                       key=lambda p: (book.numbers.get(str(p), 10**6), book.label(str(p), lang)))
        rows = [name for name in book.students.index if name in book.answers.index]
        marks = {True: "✓", False: "✗"}
        return pd.DataFrame(
            [[marks[bool(v)] if not pd.isna(v) else "—" for v in book.answers.loc[name, order]]
             for name in rows],
            index=pd.Index(rows, name=say("gb_student", lang)),
            columns=[book.label(str(p), lang) for p in order])
    raise ValueError(f"no gradebook table {which!r} (students, puzzles or answers)")


def _short(label: str, size: int = 24) -> str:
    return label if len(label) <= size else label[:size - 1].rstrip() + "…"


def gradebook_html(book: Gradebook, lang: str = "en") -> str:
    """The gradebook's charts and tables as one HTML fragment, every word in ``lang``."""
    if book.students.empty:
        return f'<p class="kz-gradebook-empty">{html.escape(say("gb_empty", lang))}</p>'
    by_student = bar_chart([str(s) for s in book.students.index], list(book.students["percent"]),
                           title=say("gb_chart_students", lang), maximum=100, unit="%")
    by_puzzle = bar_chart([_short(book.label(str(p), lang)) for p in book.puzzles.index],
                          list(book.puzzles["percent"]), title=say("gb_chart_puzzles", lang),
                          maximum=100, unit="%")
    parts = ['<div class="kz-gradebook" data-testid="gradebook">']
    for heading, chart, which in (("gb_by_student", by_student, "students"),
                                  ("gb_by_puzzle", by_puzzle, "puzzles"),
                                  ("gb_answers", "", "answers")):
        table = gradebook_table(book, which, lang)
        assert isinstance(table, pd.DataFrame)
        parts.append(f"<h4>{html.escape(say(heading, lang))}</h4>{chart}")
        if which == "answers":
            legend = " · ".join(say(k, lang) for k in ("gb_right_mark", "gb_wrong_mark",
                                                       "gb_none_mark"))
            parts.append(f"<p>{html.escape(legend)}</p>")
            if book.numbers and all(str(p) in book.numbers for p in book.answers.columns):
                # the puzzles' numbers, as in the table of puzzles above: narrow columns
                table.columns = [label.split(".", 1)[0] for label in table.columns]
        parts.append(table.reset_index().to_html(classes="kz-table", border=0, escape=True,
                                                 index=False))
    parts.append("</div>")
    return "".join(parts)
