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
from ..position import Position, PositionError
from ..solver.core import Backend
from .charts import bar_chart
from .generate import build_puzzle, category_of
from .model import (
    MAX_FILE_BYTES,
    Goal,
    Puzzle,
    PuzzleError,
    PuzzleSet,
    Text,
    View,
    atomic_write_text,
    read_json_file,
    save_set,
)
from .verify import analyse

__all__ = [
    "DEFAULT_REPO",
    "RESULTS_FORMAT",
    "ResultRow",
    "ResultsSheet",
    "author_puzzle",
    "filter_puzzles",
    "gradebook",
    "gradebook_html",
    "load_results",
    "save_set",
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
    saying why.
    """
    if not isinstance(position, Position):
        try:
            position = Position.from_json(position)
        except PositionError as exc:
            raise PuzzleError([f"position: {exc}"]) from None
    puzzle = build_puzzle(position, category=category_of(position), rng=random.Random(0),
                          backend=backend, view=view, goal=goal, source="authored")
    if puzzle is None:
        wanted = [goal] if goal is not None else list(Goal)
        reasons = []
        for each in wanted:
            check = analyse(position, each, backend=backend)
            reasons.append(f"{each.value}: {'; '.join(check.problems)}")
        raise PuzzleError(["no unique best card — " + " | ".join(reasons)])
    if puzzle_id is not None or title is not None or story is not None:
        puzzle = Puzzle(puzzle_id or puzzle.id, title or puzzle.title, story or puzzle.story,
                        puzzle.position, puzzle.goal, puzzle.answers, puzzle.themes,
                        puzzle.rating, puzzle.hints, puzzle.view, puzzle.source)
        puzzle = Puzzle.from_dict(puzzle.to_dict())
    return puzzle


# -- sharing ----------------------------------------------------------------------------------

def set_to_param(puzzle_set: PuzzleSet) -> str:
    """The set as compact JSON, zlib-compressed, in URL-safe base64 without padding."""
    raw = json.dumps(puzzle_set.to_dict(), ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(raw.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def set_link(puzzle_set: PuzzleSet, *, repo: str | None = None, ref: str = "HEAD",
             notebook: str = "notebooks/app.ipynb") -> str:
    """A Binder link that opens the app with ``puzzle_set`` loaded.

    ``repo`` is the GitHub ``owner/name`` (default ``$KOZEL_TUTOR_REPO`` or
    :data:`DEFAULT_REPO`).  The set travels inside the link; see :data:`LONG_LINK`.
    """
    slug = repo or os.environ.get("KOZEL_TUTOR_REPO", "").strip() or DEFAULT_REPO
    if not re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", slug):
        raise ValueError(f"repository {slug!r} must look like owner/name")
    inner = f"voila/render/{notebook}?set={set_to_param(puzzle_set)}"
    return (f"https://mybinder.org/v2/gh/{slug}/{quote(ref, safe='')}"
            f"?urlpath={quote(inner, safe='/')}")


def set_from_param(param: str, source: str = "link") -> PuzzleSet:
    """Decode a ``set`` parameter; any problem is a :class:`PuzzleError` naming the link."""
    text = param.strip()
    if not re.fullmatch(r"[A-Za-z0-9_-]*={0,2}", text):
        raise PuzzleError(["the set parameter has characters that base64 never uses "
                           "(was the link cut or changed?)"], source)
    text = text.rstrip("=")
    inflater = zlib.decompressobj()
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        raw = inflater.decompress(packed, MAX_LINK_SET_BYTES)
    except (ValueError, zlib.error):
        raise PuzzleError(["the set parameter is not a compressed set "
                           "(was the link cut or changed?)"], source) from None
    if inflater.unconsumed_tail:
        raise PuzzleError([f"the set is larger than {MAX_LINK_SET_BYTES} bytes"], source)
    if not inflater.eof:
        raise PuzzleError(["the set data is incomplete (was the link cut?)"], source)
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
    """A student's answers to one set, written as a results file for the teacher."""

    student: str
    set_id: str
    set_title: str = ""
    rows: list[ResultRow] = field(default_factory=list)

    def add(self, puzzle: Puzzle, card: str, *, seconds: float, hints: int,
            at: datetime | None = None) -> ResultRow:
        stamp = (at or datetime.now(UTC)).replace(microsecond=0).isoformat()
        row = ResultRow(puzzle.id, parse_card(card).token, parse_card(card) in puzzle.answers,
                        round(float(seconds), 1), int(hints), stamp)
        self.rows.append(row)
        return row

    def to_dict(self) -> dict[str, Any]:
        return {"format": RESULTS_FORMAT, "version": 1, "student": self.student,
                "set_id": self.set_id, "set_title": self.set_title,
                "results": [row.__dict__ for row in self.rows]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_CSV_COLUMNS)
        for row in self.rows:
            writer.writerow([self.student, self.set_id, row.puzzle, row.card,
                             "1" if row.correct else "0", row.seconds, row.hints, row.at])
        return out.getvalue()

    def filename(self, ext: str = "json") -> str:
        safe = re.sub(r"[^\w.-]+", "_", f"{self.student}-{self.set_id}").strip("_") or "results"
        return f"{safe}.{ext}"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write JSON or CSV, by the file's extension, atomically."""
        text = self.to_csv() if str(path).lower().endswith(".csv") else self.to_json() + "\n"
        atomic_write_text(path, text)


def _rows_from_json(data: object) -> tuple[str, str, list[dict[str, Any]]]:
    if not isinstance(data, Mapping) or data.get("format") != RESULTS_FORMAT:
        raise ValueError(f"not a results file (format must be {RESULTS_FORMAT!r})")
    if data.get("version") != 1:
        raise ValueError(f"unsupported version {data.get('version')!r}")
    student, set_id = data.get("student"), data.get("set_id")
    if not isinstance(student, str) or not _STUDENT.match(student):
        raise ValueError("student must be a name of 1-80 characters")
    if not isinstance(set_id, str) or not set_id:
        raise ValueError("set_id is missing")
    results = data.get("results")
    if not isinstance(results, list):
        raise ValueError("results must be a list")
    return student, set_id, results


def _check_row(raw: object, number: int) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ValueError(f"row {number} is not an object")
    try:
        card = parse_card(str(raw["card"])).token
        correct = raw["correct"]
        if isinstance(correct, str):
            if correct.strip().lower() not in ("0", "1", "true", "false"):
                raise ValueError(f"row {number}: correct must be 0/1 or true/false")
            correct = correct.strip().lower() in ("1", "true")
        if not isinstance(correct, bool):
            raise ValueError(f"row {number}: correct must be true or false")
        seconds = float(raw["seconds"])
        hints = int(raw["hints"])
        puzzle = str(raw["puzzle"])
        at = str(raw.get("at", ""))
    except KeyError as exc:
        raise ValueError(f"row {number} lacks {exc.args[0]!r}") from None
    except CardError as exc:
        raise ValueError(f"row {number}: {exc}") from None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"row {number}: {exc}") from None
    if not (0 <= seconds < 1e6) or not 0 <= hints <= 10 or not puzzle:
        raise ValueError(f"row {number}: seconds, hints or puzzle out of range")
    return {"puzzle": puzzle, "card": card, "correct": correct, "seconds": seconds,
            "hints": hints, "at": at}


def read_results(path: str | os.PathLike[str]) -> pd.DataFrame:
    """One results file (JSON or CSV) as rows; a bad file raises :class:`PuzzleError`."""
    name = str(path)
    try:
        if name.lower().endswith(".csv"):
            if os.path.getsize(path) > MAX_FILE_BYTES:
                raise ValueError("file too large")
            with open(path, encoding="utf-8-sig", newline="") as handle:
                reader = csv.DictReader(handle)
                if reader.fieldnames is None or not set(_CSV_COLUMNS) <= set(reader.fieldnames):
                    raise ValueError(f"a results CSV needs the columns {', '.join(_CSV_COLUMNS)}")
                raw_rows = list(reader)
            rows = []
            for number, raw in enumerate(raw_rows, 1):
                row = _check_row(raw, number)
                student, set_id = str(raw["student"]), str(raw["set_id"])
                if not _STUDENT.match(student) or not set_id:
                    raise ValueError(f"row {number}: student or set_id missing")
                rows.append({"student": student, "set_id": set_id, **row})
        else:
            student, set_id, results = _rows_from_json(read_json_file(path))
            rows = [{"student": student, "set_id": set_id, **_check_row(r, i)}
                    for i, r in enumerate(results, 1)]
    except PuzzleError:
        raise
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleError([f"cannot read: {exc}"], name) from None
    except (ValueError, csv.Error) as exc:
        raise PuzzleError([str(exc)], name) from None
    frame = pd.DataFrame(rows, columns=["student", "set_id", *_CSV_COLUMNS[2:]])
    frame["file"] = Path(name).name
    return frame


def load_results(paths: Iterable[str | os.PathLike[str]]) -> tuple[pd.DataFrame, list[PuzzleError]]:
    """Every readable results file in one table; the bad ones come back as errors."""
    frames: list[pd.DataFrame] = []
    errors: list[PuzzleError] = []
    for path in paths:
        try:
            frames.append(read_results(path))
        except PuzzleError as exc:
            errors.append(exc)
    columns = ["student", "set_id", *_CSV_COLUMNS[2:], "file"]
    table = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=columns)
    table["correct"] = table["correct"].astype(bool)
    return table, errors


@dataclass(frozen=True)
class Gradebook:
    """Per student and per puzzle statistics of a results table (first answer per puzzle)."""

    students: pd.DataFrame
    puzzles: pd.DataFrame
    answers: pd.DataFrame


def gradebook(results: pd.DataFrame) -> Gradebook:
    """A student's first answer to each puzzle counts (retries do not raise a grade)."""
    first = results.drop_duplicates(subset=["student", "puzzle"], keep="first")
    if first.empty:
        empty = pd.DataFrame()
        return Gradebook(empty, empty, first)
    students = first.groupby("student").agg(
        puzzles=("puzzle", "size"), right=("correct", "sum"), hints=("hints", "sum"),
        seconds=("seconds", "median"))
    students["percent"] = (100 * students["right"] / students["puzzles"]).round(0)
    puzzles = first.groupby("puzzle").agg(
        students=("student", "size"), right=("correct", "sum"), hints=("hints", "mean"),
        seconds=("seconds", "median"))
    puzzles["percent"] = (100 * puzzles["right"] / puzzles["students"]).round(0)
    wrong = first[~first["correct"]]
    common = wrong.groupby("puzzle")["card"].agg(
        lambda cards: cards.value_counts().index[0] if len(cards) else "")
    puzzles["common_wrong_card"] = common.reindex(puzzles.index).fillna("")
    answers = first.pivot_table(index="student", columns="puzzle", values="correct",
                                aggfunc="first").astype("boolean")
    return Gradebook(students.sort_values("percent", ascending=False),
                     puzzles.sort_values("percent"), answers)


def gradebook_html(book: Gradebook, lang: str = "en") -> str:
    """The gradebook's charts and tables as one HTML fragment."""
    if book.students.empty:
        return "<p>" + ("Нет результатов." if lang == "ru" else "No results.") + "</p>"
    by_student = bar_chart([str(s) for s in book.students.index], list(book.students["percent"]),
                           title="Верно, % (ученики)" if lang == "ru" else "Right, % (students)",
                           maximum=100, unit="%")
    by_puzzle = bar_chart([str(p) for p in book.puzzles.index], list(book.puzzles["percent"]),
                          title="Верно, % (задачи)" if lang == "ru" else "Right, % (puzzles)",
                          maximum=100, unit="%")
    return (f'<div class="kz-gradebook">{by_student}'
            f'{book.students.to_html(classes="kz-table", border=0)}{by_puzzle}'
            f'{book.puzzles.to_html(classes="kz-table", border=0)}</div>')
