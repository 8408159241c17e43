"""Students' results files and the gradebook (the teacher's tools: :mod:`.teacher`).

A student downloads a **results file** (:class:`ResultsSheet`, JSON or CSV: puzzle, card
chosen, correct, seconds, hints used).  The teacher loads many into one table
(:func:`load_results`; the app reads each as it is uploaded, :func:`read_results`) and makes the
**gradebook** (:func:`gradebook`): one part per set, per-student and per-puzzle statistics and
charts, every answer graded by its card where the puzzle is known.  A bad file is named with
its problem and left out; the others still load.  Files are read for what they are, whatever
their names say: JSON, or a table as Excel saves it (commas or semicolons, UTF-8 or
Windows-1251).

>>> percent(5, 8)
63.0
"""

from __future__ import annotations

import base64
import codecs
import csv
import html
import io
import json
import math
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pandas as pd  # type: ignore[import-untyped]

from ..atomic_files import atomic_write_bytes
from ..cards import CardError, parse_card
from ..i18n import Noun, Number, check_lang, pick, word_list
from ..json_input import FileTooLarge, read_capped
from .charts import bar_chart
from .model import (
    MAX_FILE_BYTES,
    RESULTS_FORMAT,
    Puzzle,
    PuzzleError,
    PuzzleProblem,
    PuzzleSet,
    Text,
    _decode,
    _too_large,
    decoded_text,
    file_kind,
    os_reason,
    other_kind,
    table_kind,
    version_words,
)
from .texts import PUZZLES, say

__all__ = [
    "MAX_STUDENT_NAME",
    "RESULTS_FORMAT",
    "CaseNames",
    "Dispute",
    "Gradebook",
    "Namesakes",
    "Note",
    "ResultRow",
    "ResultsProblem",
    "ResultsSheet",
    "ResultsSource",
    "SetGrades",
    "TitlesDiffer",
    "Untimed",
    "excel_cell",
    "gradebook",
    "gradebook_html",
    "gradebook_table",
    "half_up",
    "load_results",
    "normalise_student_name",
    "percent",
    "read_results",
    "results_in",
    "results_table",
    "set_table",
    "shown_path",
]

_CSV_COLUMNS = ["student", "set_id", "puzzle", "card", "correct", "seconds", "hints", "at"]
_CSV_SET_COLUMNS = ["number", "total", "title_ru", "title_en", "set_title"]
"""Optional columns of a results CSV: where the puzzle is in the set, the set's size, the
puzzle's title and the set's (files written before these existed still load; the gradebook
then knows less)."""
_TABLE_COLUMNS = ["student", "set_id", *_CSV_COLUMNS[2:], *_CSV_SET_COLUMNS, "file", "file_no"]


# -- cells Excel would run -------------------------------------------------------------------

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes Excel (and LibreOffice) read a CSV cell as a formula: such a cell of text is
written with a ``'`` before it, the usual guard, so that a student named ``=1+2`` is text."""


def excel_cell(text: str) -> str:
    """``text`` as a CSV cell for a spreadsheet: one that would start a formula is kept as text
    by a ``'`` before it.

    >>> excel_cell("=HYPERLINK(1)"), excel_cell("Anna")
    ("'=HYPERLINK(1)", 'Anna')
    """
    return "'" + text if text.startswith(_FORMULA_START) else text


def _from_excel_cell(cell: str) -> str:
    """A cell :func:`excel_cell` wrote, read back as the text it was."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA_START) else cell


# -- results ----------------------------------------------------------------------------------

MAX_STUDENT_NAME = 80
"""The most characters of a student's name a results file keeps."""


def normalise_student_name(name: str) -> str:
    """A student's name as results files keep it and the gradebook shows it: composed letters
    (NFC), each run of spaces, tabs, line breaks and other control characters one space,
    trimmed, at most :data:`MAX_STUDENT_NAME` characters.  The student's screen and the
    teacher's both read names through it, so a name one takes, the other takes too.

    >>> normalise_student_name("  Anna\\tIvanova\\n")
    'Anna Ivanova'
    """
    text = re.sub(r"[\s\x00-\x1f\x7f-\x9f]+", " ", unicodedata.normalize("NFC", name)).strip()
    return text[:MAX_STUDENT_NAME].rstrip()


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
    answered 3 of 12 is shown as such, and what each puzzle is called.  The student's name is
    written as :func:`normalise_student_name` makes it.
    """

    student: str
    set_id: str
    set_title: str = ""
    rows: list[ResultRow] = field(default_factory=list)
    puzzles: list[tuple[str, Text]] = field(default_factory=list)

    @classmethod
    def for_set(cls, student: str, puzzle_set: PuzzleSet, lang: str = "ru") -> ResultsSheet:
        """An empty sheet for ``puzzle_set``, knowing its puzzles and their titles."""
        return cls(student, puzzle_set.id, puzzle_set.title.get(check_lang(lang)),
                   puzzles=[(p.id, p.title) for p in puzzle_set.puzzles])

    def add(self, puzzle: Puzzle, card: str, *, seconds: float, hints: int,
            at: datetime | None = None) -> ResultRow:
        stamp = (at or datetime.now(UTC)).replace(microsecond=0).isoformat()
        row = ResultRow(puzzle.id, parse_card(card).token, parse_card(card) in puzzle.answers,
                        half_up(float(seconds)), int(hints), stamp)
        self.rows.append(row)
        return row

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": RESULTS_FORMAT, "version": 1,
                               "student": normalise_student_name(self.student),
                               "set_id": self.set_id, "set_title": self.set_title,
                               "results": [row.__dict__ for row in self.rows]}
        if self.puzzles:
            out["puzzles"] = [{"id": ident, "title": title.to_dict()}
                              for ident, title in self.puzzles]
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1)

    def to_csv(self, lang: str = "en") -> str:
        """The answers as a table: with commas and decimal points, or in Russian (``"ru"``)
        with semicolons and decimal commas, as Excel in Russian reads it (so the gradebook's
        CSV is written: :meth:`SetGrades.to_csv`); :func:`read_results` reads either."""
        ru = check_lang(lang) == "ru"
        out = io.StringIO()
        writer = csv.writer(out, delimiter=";" if ru else ",", lineterminator="\n")
        writer.writerow([*_CSV_COLUMNS, *_CSV_SET_COLUMNS])
        where = {ident: (number, title) for number, (ident, title) in enumerate(self.puzzles, 1)}
        total = len(self.puzzles) or ""
        student = normalise_student_name(self.student)
        for row in self.rows:
            number, title = where.get(row.puzzle, ("", Text("", "")))
            writer.writerow([excel_cell(student), excel_cell(self.set_id), excel_cell(row.puzzle),
                             row.card, "1" if row.correct else "0",
                             str(row.seconds).replace(".", ",") if ru else row.seconds, row.hints,
                             row.at, number, total, excel_cell(title.ru), excel_cell(title.en),
                             excel_cell(self.set_title)])
        return out.getvalue()

    def filename(self, ext: str = "json") -> str:
        name = normalise_student_name(self.student)
        safe = re.sub(r"[^\w.-]+", "_", f"{name}-{self.set_id}").strip("_") or "results"
        return f"{safe}.{ext}"

    def file_bytes(self, kind: str = "json", lang: str = "en") -> bytes:
        """The results file as the student hands it in, ``kind`` ``"json"`` or ``"csv"``: the
        JSON in UTF-8; the CSV for Excel as the gradebook's is, in ``lang``'s way (in Russian
        with semicolons and decimal commas: :meth:`to_csv`) and in UTF-8 marked as such (a
        BOM), so that Excel reads its Cyrillic right.  The app's download
        (:func:`~.player.results_download`) and :meth:`save` both write these bytes; the
        teacher's app reads either kind, either language."""
        if kind == "csv":
            return self.to_csv(lang).encode("utf-8-sig")
        if kind == "json":
            return (self.to_json() + "\n").encode("utf-8")
        raise ValueError(f"a results file is json or csv, not {kind!r}")

    def save(self, path: str | os.PathLike[str], lang: str = "en") -> None:
        """Write the results file, JSON or CSV by the file's extension (the CSV in ``lang``'s
        way: :meth:`file_bytes`), atomically."""
        kind = "csv" if str(path).lower().endswith(".csv") else "json"
        atomic_write_bytes(path, self.file_bytes(kind, lang))


# What is wrong with a results file, in the words this module adds to :data:`.texts.ERRORS`.
_RESULTS_WORDS: dict[str, dict[str, str]] = {
    "not_text": {"en": "this is not a text file (a results file is JSON or CSV text)",
                 "ru": "это не текстовый файл (файл результатов — текст в формате JSON или CSV)"},
    "no_student": {"en": "the student's name (student) is missing",
                   "ru": "не указано имя ученика (student)"},
    "csv_no_rows": {"en": "the table has no rows of answers",
                    "ru": "в таблице нет ни одной строки с ответами"},
    "row_empty": {"en": "row {n}: {field} is empty", "ru": "строка {n}: поле {field} пустое"},
    "row_whole": {"en": "row {n}: {field} must be a whole number from {low} to {high}, "
                        "not {value}",
                  "ru": "строка {n}: в поле {field} должно быть целое число от {low} до {high}, "
                        "а не {value}"},
    "row_seconds": {"en": "row {n}: seconds must be a number from 0 to 999999, not {value}",
                    "ru": "строка {n}: в поле seconds должно быть число от 0 до 999999, "
                          "а не {value}"},
    "row_text": {"en": "row {n}: {field} must be text, not {value}",
                 "ru": "строка {n}: в поле {field} должен быть текст, а не {value}"},
}


class ResultsProblem(PuzzleProblem):
    """A problem of a results file worded by this module (:data:`_RESULTS_WORDS`), in a
    :class:`~.model.PuzzleError` like any other.

    >>> ResultsProblem("row_empty", n=2, field="card").text("ru")
    'строка 2: поле card пустое'
    """

    def __init__(self, key: str, **params: object) -> None:   # not texts.ERRORS: ours
        if key not in _RESULTS_WORDS:
            raise KeyError(f"no words for the results problem {key!r}")
        self.key = key
        self.params = params

    def text(self, lang: str) -> str:
        lang = "ru" if lang == "ru" else "en"
        return pick(_RESULTS_WORDS, self.key, lang, **{
            name: value[lang] if isinstance(value, Mapping) else value
            for name, value in self.params.items()})


class _Bad(Exception):
    """One problem that makes a results file unusable (becomes a :class:`PuzzleError`)."""

    def __init__(self, problem: PuzzleProblem) -> None:
        super().__init__(problem.text("en"))
        self.problem = problem


ResultsSource = str | os.PathLike[str] | tuple[str, bytes]
"""A results file: its path, or its name and bytes (as uploaded)."""


def _value_words(value: object) -> dict[str, str]:
    """A value from a file as a message quotes it: ``2.9``, ``"12"``, ``{"a": 1}`` in English,
    «true» in Russian."""
    words = json.dumps(value, ensure_ascii=False) if not isinstance(value, float) else repr(value)
    words = words if len(words) <= 40 else words[:39] + "…"
    return {"en": words, "ru": f"«{words}»"}


def _number(value: object, text: bool) -> float | None:
    """A JSON number (not true or false) or, in a table's cell (``text``), a number written
    with a point or a decimal comma; ``None`` when it is not one."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        try:
            return float(value)
        except OverflowError:   # a whole number of hundreds of digits
            return math.inf
    if text and isinstance(value, str):
        try:
            return float(value.strip().replace(",", "."))
        except ValueError:
            return None
    return None


_EXCEL_DATE = re.compile(r"\d{1,2}[./ -]?(?:[^\W\d_]{3,9}\.?|\d{1,2})(?:[./ -]\d{2,4})?")
"""A number Excel took for a date and wrote back as one: Russian Excel reads ``3.1`` as the 3rd
of January and saves «03.янв»."""


def _seconds(raw: Mapping[str, Any], n: int, text: bool) -> float:
    """The seconds of an answer; NaN for a table's value that Excel turned into a date (the
    time is lost, the answer is not: the gradebook says so)."""
    value = _present(raw, "seconds", n)
    seconds = _number(value, text)
    if seconds is None and text and _EXCEL_DATE.fullmatch(str(value).strip()):
        return math.nan
    if seconds is None or not 0 <= seconds < 1e6:
        raise _Bad(ResultsProblem("row_seconds", n=n, value=_value_words(value)))
    return seconds


def _present(raw: Mapping[str, Any], key: str, n: int) -> object:
    value = raw[key]
    if value is None or (isinstance(value, str) and not value.strip()):
        raise _Bad(ResultsProblem("row_empty", n=n, field=key))
    return value


def _whole(raw: Mapping[str, Any], key: str, n: int, text: bool, high: int) -> int:
    """A whole number from 0 to ``high`` (``hints``, ``number``, ``total``)."""
    value = _present(raw, key, n)
    number = _number(value, text)
    if number is None or not number.is_integer() or not 0 <= number <= high:
        raise _Bad(ResultsProblem("row_whole", n=n, field=key, low=0, high=high,
                                  value=_value_words(value)))
    return int(number)


def _optional_whole(raw: Mapping[str, Any], key: str, n: int) -> int:
    """An optional whole number of a table's row (``number``, ``total``); 0 when empty."""
    value = raw.get(key)
    if value is None or not str(value).strip():
        return 0
    return _whole(raw, key, n, True, 10_000)


def _check_row(raw: object, n: int, *, text: bool) -> dict[str, Any]:
    """One answer, checked: a JSON file's values must be of their JSON types; a table's
    (``text``) are text, read as numbers and 0/1 or true/false."""
    if not isinstance(raw, Mapping):
        raise _Bad(PuzzleProblem("row_object", n=n))
    for key in ("card", "correct", "seconds", "hints", "puzzle"):
        if key not in raw:
            raise _Bad(PuzzleProblem("row_lacks", n=n, name=key))
    puzzle, card = _present(raw, "puzzle", n), _present(raw, "card", n)
    for key, value in (("puzzle", puzzle), ("card", card)):
        if not isinstance(value, str):
            raise _Bad(ResultsProblem("row_text", n=n, field=key, value=_value_words(value)))
    assert isinstance(card, str) and isinstance(puzzle, str)
    try:
        token = parse_card(card.strip()).token
    except CardError as exc:
        raise _Bad(PuzzleProblem("row_card", n=n, error=str(exc), card=card)) from None
    correct = raw["correct"]
    if text:   # Russian Excel writes true and false as ИСТИНА and ЛОЖЬ
        if str(correct).strip().lower() not in ("0", "1", "true", "false", "истина", "ложь"):
            raise _Bad(PuzzleProblem("row_correct", n=n))
        correct = str(correct).strip().lower() in ("1", "true", "истина")
    elif not isinstance(correct, bool):
        raise _Bad(PuzzleProblem("row_correct_bool", n=n))
    seconds = _seconds(raw, n, text)
    at = raw.get("at")
    return {"puzzle": puzzle.strip(), "card": token, "correct": correct, "seconds": seconds,
            "hints": _whole(raw, "hints", n, text, 10),
            "at": at.strip() if isinstance(at, str) else ""}


def shown_path(path: str | os.PathLike[str]) -> str:
    """A file's path as a teacher is told it: from the current folder when the file is in it
    (``teacher-files/results/anna.json`` beside a notebook), else as given.

    >>> shown_path(Path.cwd() / "results" / "anna.json")
    'results/anna.json'
    """
    try:
        return Path(path).resolve().relative_to(Path.cwd().resolve()).as_posix()
    except (OSError, ValueError):
        return str(path)


def _source_bytes(source: ResultsSource) -> tuple[str, bytes]:
    """The file's name (as :func:`shown_path` tells it) and bytes; one too large or that
    cannot be read is a PuzzleError."""
    if isinstance(source, tuple):
        name, content = str(source[0]), source[1]
        size = len(content)
    else:
        name = shown_path(source)
        try:
            content = read_capped(source, MAX_FILE_BYTES)
        except FileTooLarge as exc:
            raise PuzzleError([_too_large(exc.size)], name) from None
        except OSError as exc:   # the system's words, without the path named before them
            raise PuzzleError([PuzzleProblem("cannot_read", reason=os_reason(exc))],
                              name) from None
        size = len(content)
    if size > MAX_FILE_BYTES:
        raise PuzzleError([_too_large(size)], name)
    return name, content


def _results_text(content: bytes) -> str:
    """The file as text, whatever wrote it (:func:`~.model.decoded_text`: UTF-8, UTF-16 or
    Windows-1251, as Excel saves a table)."""
    if not content.removeprefix(codecs.BOM_UTF8).strip():
        raise _Bad(PuzzleProblem("empty_file"))
    text = decoded_text(content)
    if text is None:
        raise _Bad(ResultsProblem("not_text"))
    return text


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


def _no_answers(student: str, set_id: str, total: int, set_title: str) -> dict[str, Any]:
    """The row of a file without a single answer: the student is shown, nothing answered."""
    return {"student": student, "set_id": set_id, "puzzle": "", "card": "", "correct": False,
            "seconds": math.nan, "hints": 0, "at": "", "number": 0, "total": total,
            "title_ru": "", "title_en": "", "set_title": set_title}


def _json_rows(text: str, name: str) -> list[dict[str, Any]]:
    data = _decode(text, name, "want_results")
    kind = file_kind(data)
    if kind != "results":
        raise _Bad(PuzzleProblem("set_not_results") if kind == "set"
                   else other_kind(kind, "want_results") if kind is not None
                   else PuzzleProblem("not_results"))
    assert isinstance(data, Mapping)
    if data.get("version") != 1:
        raise _Bad(PuzzleProblem("results_version", version=version_words(data.get("version"))))
    raw_student, set_id = data.get("student"), data.get("set_id")
    student = normalise_student_name(raw_student) if isinstance(raw_student, str) else ""
    if not student:
        raise _Bad(ResultsProblem("no_student"))
    if not isinstance(set_id, str) or not set_id.strip():
        raise _Bad(PuzzleProblem("no_set_id"))
    results = data.get("results")
    if not isinstance(results, list):
        raise _Bad(PuzzleProblem("results_list"))
    puzzles = _set_puzzles(data.get("puzzles"))
    title = data.get("set_title")
    set_title = title.strip() if isinstance(title, str) else ""
    where = {ident: (number, title) for number, (ident, title) in enumerate(puzzles, 1)}
    rows = []
    for n, raw in enumerate(results, 1):
        row = _check_row(raw, n, text=False)
        number, puzzle_title = where.get(row["puzzle"], (0, Text("", "")))
        rows.append({"student": student, "set_id": set_id.strip(), **row, "number": number,
                     "total": len(puzzles), "title_ru": puzzle_title.ru,
                     "title_en": puzzle_title.en, "set_title": set_title})
    return rows or [_no_answers(student, set_id.strip(), len(puzzles), set_title)]


_CSV_SEPARATORS = (",", ";", "\t")


def _csv_records(text: str) -> list[dict[str, str]]:
    """The table's rows by column name: separated by commas, semicolons (Excel in Russian) or
    tabs, whichever the header row uses."""
    header_line = next((line for line in text.splitlines() if line.strip()), "")
    separator = max(_CSV_SEPARATORS, key=header_line.count)
    rows = [row for row in csv.reader(io.StringIO(text, newline=""), delimiter=separator)
            if any(cell.strip() for cell in row)]
    header = [cell.strip().lower() for cell in rows[0]] if rows else []
    missing = [column for column in _CSV_COLUMNS if column not in header]
    if len(missing) == len(_CSV_COLUMNS):
        kind = table_kind(text)
        raise _Bad(other_kind(kind, "want_results") if kind is not None
                   else PuzzleProblem("not_results"))
    if missing:
        raise _Bad(PuzzleProblem("csv_columns", columns=", ".join(_CSV_COLUMNS)))
    if len(rows) == 1:
        raise _Bad(ResultsProblem("csv_no_rows"))
    return [dict(zip(header, [_from_excel_cell(cell) for cell in row]
                     + [""] * (len(header) - len(row)), strict=False))
            for row in rows[1:]]


def _csv_rows(text: str) -> list[dict[str, Any]]:
    rows = []
    for n, raw in enumerate(_csv_records(text), 1):
        row = _check_row(raw, n, text=True)
        student, set_id = normalise_student_name(raw["student"]), raw["set_id"].strip()
        if not student or not set_id:
            raise _Bad(PuzzleProblem("row_student", n=n))
        rows.append({"student": student, "set_id": set_id, **row,
                     "number": _optional_whole(raw, "number", n),
                     "total": _optional_whole(raw, "total", n),
                     "title_ru": raw.get("title_ru", "").strip(),
                     "title_en": raw.get("title_en", "").strip(),
                     "set_title": raw.get("set_title", "").strip()})
    return rows


def read_results(source: ResultsSource) -> pd.DataFrame:
    """One results file as rows (see :func:`load_results`); a bad file raises
    :class:`PuzzleError` naming it.

    JSON or CSV is told by the content, not the file's name; a table may be separated by
    commas, semicolons or tabs, in UTF-8 (with or without a byte-order mark), UTF-16 or
    Windows-1251, with decimal commas — as Excel saves it.
    """
    name, content = _source_bytes(source)
    try:
        text = _results_text(content)
        is_json = text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[")
        rows = _json_rows(text, name) if is_json else _csv_rows(text)
    except _Bad as exc:
        raise _advised(PuzzleError([exc.problem], name)) from None
    except PuzzleError as exc:   # not JSON
        raise _advised(exc) from None
    except csv.Error as exc:
        raise _advised(PuzzleError([PuzzleProblem("csv_broken", detail=str(exc))],
                                   name)) from None
    frame = pd.DataFrame(rows, columns=_TABLE_COLUMNS[:-2])
    frame["file"] = Path(name).name
    return frame


_NAMED_FILES = {"other_kind", "set_not_results", "not_results"}
"""Problems that name a file for what it is: they need no advice."""


def _advised(error: PuzzleError) -> PuzzleError:
    """A damaged or hand-edited results file's error, with what the teacher can do: ask for
    the file again."""
    if any(problem.key in _NAMED_FILES for problem in error.details):
        return error
    return error.advised(PuzzleProblem("advice_results_again"))


def results_table(frames: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """Files read by :func:`read_results` as one table, each row with ``file_no``: the place
    of its file in ``frames``."""
    numbered = [frame.assign(file_no=number) for number, frame in enumerate(frames)]
    table = (pd.concat(numbered, ignore_index=True) if numbered
             else pd.DataFrame(columns=_TABLE_COLUMNS))
    table["correct"] = table["correct"].astype(bool)
    for column in ("number", "total", "hints", "file_no"):
        table[column] = table[column].astype(int)
    table["seconds"] = table["seconds"].astype(float)
    return table


def results_in(folder: str | os.PathLike[str]) -> list[Path]:
    """The files of ``folder`` in name order, the hidden ones (``.ipynb_checkpoints``, ``.DS_Store``
    …) and the folders in it left out."""
    return sorted(p for p in Path(folder).iterdir() if p.is_file() and not p.name.startswith("."))


def load_results(paths: Iterable[ResultsSource] | str | os.PathLike[str]
                 ) -> tuple[pd.DataFrame, list[PuzzleError]]:
    """Every readable results file in one table; the bad ones come back as errors.  ``paths``
    is the files, or one folder: its files (:func:`results_in`).

    The table has a row per answer: ``student``, ``set_id``, ``puzzle``, ``card``, ``correct``
    (as the file says: :func:`gradebook` checks it), ``seconds``, ``hints``, ``at``; then what
    the file says of the set (``number``: the puzzle's place in it, ``total``: its size,
    ``title_ru``/``title_en``: the puzzle's title, ``set_title``; 0 or empty when the file does
    not say), the ``file`` it came from and ``file_no``, the file's place among those read.  A
    file without a single answer is one row with an empty ``puzzle``: its student is shown
    with nothing answered.  A file is a path or a ``(name, bytes)`` pair.
    """
    if isinstance(paths, str | os.PathLike):
        paths = results_in(paths)
    frames: list[pd.DataFrame] = []
    errors: list[PuzzleError] = []
    for path in paths:
        try:
            frames.append(read_results(path))
        except PuzzleError as exc:
            errors.append(exc)
    return results_table(frames), errors


# -- the gradebook ----------------------------------------------------------------------------

# The gradebook's words beyond the tables' headers (:data:`.texts.TEXTS`, ``gb_…``).
_BOOK_WORDS: dict[str, dict[str, str]] = {
    "set": {"en": "Set “{title}”", "ru": "Набор «{title}»"},
    "set_size": {"en": "students: {students} · puzzles in the set: {total}",
                 "ru": "учеников: {students} · задач в наборе: {total}"},
    "score": {"en": "Right of the whole set, %", "ru": "Верно из всего набора, %"},
    "of_set": {"en": "Puzzles in the set", "ru": "Задач в наборе"},
    "chart_students": {"en": "Right of the whole set, % (students)",
                       "ru": "Верно из всего набора, % (ученики)"},
    "chart_puzzles": {"en": "Right of answered, % (puzzles, the hardest first)",
                      "ru": "Верно из отвеченных, % (задачи, сначала самые трудные)"},
    "csv": {"en": "⬇ Gradebook (CSV)", "ru": "⬇ Журнал (CSV)"},
    "csv_name": {"en": "{title} – gradebook.csv", "ru": "{title} — журнал.csv"},
    "twin": {"en": "{title} ({mark})", "ru": "{title} ({mark})"},
    "check": {"en": "Please check:", "ru": "Проверьте:"},
    "marked_right": {"en": "{file} ({student}): puzzle {puzzle} is marked right, but {card} "
                           "is not its answer",
                     "ru": "{file} ({student}): задача {puzzle} отмечена как решённая верно, "
                           "но {card} — не её ответ"},
    "marked_wrong": {"en": "{file} ({student}): puzzle {puzzle} is marked wrong, but {card} "
                           "is its answer",
                     "ru": "{file} ({student}): задача {puzzle} отмечена как неверная, но "
                           "{card} — её ответ"},
    "by_card": {"en": "The gradebook counts these answers by the card chosen.",
                "ru": "В журнале эти ответы засчитаны по выбранной карте."},
    "namesakes": {"en": "Different files name the same student “{name}” in the set “{title}”: "
                        "{files}. They are shown apart, as {shown}; if it is one student, "
                        "remove the file that should not count.",
                  "ru": "Разные файлы называют одного ученика «{name}» в наборе «{title}»: "
                        "{files}. Они показаны отдельно: {shown}; если это один ученик, "
                        "уберите файл, который не нужно учитывать."},
    "case_names": {"en": "In the set “{title}” the names {names} differ only in capital letters "
                         "({files}). They are shown as different students; if it is one "
                         "student, remove the file that should not count.",
                   "ru": "В наборе «{title}» имена {names} различаются только заглавными "
                         "буквами ({files}). Они показаны как разные ученики; если это один "
                         "ученик, уберите файл, который не нужно учитывать."},
    "same_title": {"en": "Different sets have the same title “{title}”: {parts}. The set was "
                         "probably changed after it was given out; each version has its own part "
                         "of the gradebook below.",
                   "ru": "Разные наборы называются одинаково — «{title}»: {parts}. Наверное, "
                         "набор изменили после того, как раздали ученикам; у каждого варианта "
                         "своя часть журнала ниже."},
    "only_in": {"en": "{name}, only in it: {puzzles}", "ru": "{name}, только в нём: {puzzles}"},
    "titles_differ": {"en": "In the set “{title}” the results files give puzzle {puzzle} "
                            "different titles: {titles}. The gradebook uses the most common "
                            "one.",
                      "ru": "В наборе «{title}» файлы результатов называют задачу {puzzle} "
                            "по-разному: {titles}. В журнале — название, которое встречается "
                            "чаще всего."},
    "untimed": {"en": "{file} ({student}): the time of {answers} could not be read: the file has "
                      "dates instead of seconds (Excel writes 3.1 so, taking it for the 3rd of "
                      "January). The answers count; their time is left out of the gradebook.",
                "ru": "{file} ({student}): время {answers} не прочитано — в файле вместо секунд "
                      "даты (так Excel записывает 3.1, приняв это число за 3 января). Ответы "
                      "учтены, а их время в журнал не вошло."},
    "set_column": {"en": "Set", "ru": "Набор"},
    "unlisted": {"en": "Puzzles nobody answered are not in the tables ({n} of {total}): the "
                       "gradebook does not know this set's puzzles, only what the results "
                       "files say of them.",
                 "ru": "Задач, на которые никто не ответил, в таблицах нет ({n} из {total}): "
                       "журнал не знает задач этого набора, только то, что о них сказано в "
                       "файлах результатов."},
}


def _words(key: str, lang: str, **params: object) -> str:
    return pick(_BOOK_WORDS, key, lang, **params)


_ANSWERS_OF = Noun(("answer", "answers"), ("ответа", "ответов", "ответов"))
"""Answers counted after «время» (genitive): "the time of 5 answers", «время 5 ответов»."""


def half_up(value: float, digits: int = 1) -> float:
    """``value`` to ``digits`` decimals, a half rounded up, as a teacher rounds by hand: the
    gradebook's figures, on screen and in its CSV (Python's and pandas' ``round`` take a half
    to the even digit, and a float's binary value below it: 14.25 and 30.25 would be 14.2 and
    30.2).  NaN stays NaN.

    >>> half_up(14.25), half_up(30.25), half_up(1.15), half_up(2.0 / 3, 2)
    (14.3, 30.3, 1.2, 0.67)
    """
    if math.isnan(value):
        return value
    step = Decimal(1).scaleb(-digits)
    return float(Decimal(repr(float(value))).quantize(step, rounding=ROUND_HALF_UP))


def percent(part: int, whole: int) -> float:
    """``part`` of ``whole`` in whole percent, halves rounded up (5 of 8: 63); NaN of nothing.

    >>> percent(5, 8), percent(7, 8), percent(1, 3)
    (63.0, 88.0, 33.0)
    """
    return math.nan if whole <= 0 else float((200 * part + whole) // (2 * whole))


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
class Dispute:
    """An answer a file marks ``claimed`` right (or wrong) whose card says otherwise."""

    file: str
    student: str
    set_id: str
    puzzle: str
    card: str
    claimed: bool


@dataclass(frozen=True)
class Namesakes:
    """Files of one set naming the same ``student`` whose answers are not one student's (they
    differ on a puzzle, or have none in common): shown apart, as ``shown`` (``Anna``,
    ``Anna (2)``), from ``files``."""

    student: str
    set_id: str
    files: tuple[tuple[str, ...], ...]
    shown: tuple[str, ...]


@dataclass(frozen=True)
class CaseNames:
    """Names in files of one set that differ only in capital letters (``Аня``, ``аня``): shown
    as different students, each from its ``files``, and named under *Please check*."""

    set_id: str
    names: tuple[str, ...]
    files: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class TitlesDiffer:
    """A puzzle of a set that neither a given set nor the catalogue knows, to which the results
    files give different ``titles``: each with the ``files`` that give it, the most common
    first (the one the gradebook uses; of titles as common, the first seen)."""

    set_id: str
    puzzle: str
    titles: tuple[Text, ...]
    files: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Untimed:
    """A file with ``answers`` whose seconds could not be read (Excel made dates of them): the
    answers count, their time does not."""

    file: str
    student: str
    answers: int


@dataclass(frozen=True)
class SetGrades:
    """The gradebook of one set (first answer per student and puzzle).

    The frames are the data, with English column names: ``students`` (``puzzles`` answered of
    the set's ``total``, ``unanswered``, ``right``, ``score``: right of the whole set, %,
    ``percent`` right of those answered, ``hints``, median ``seconds``; a student whose file
    has no answers is there with nothing answered), ``puzzles`` (``students`` who answered,
    ``unanswered``, ``right``, ``percent``, mean ``hints``, median ``seconds``,
    ``common_wrong_card``) and ``answers`` (student × puzzle: right or wrong, NA: no answer).
    ``labels`` names each puzzle (its place in the set and its title); ``titles_differ``: the
    puzzles whose title only the files give, and they do not agree on it.

    ``puzzles`` is in the set's order (the puzzles' places in it), as the table of answers and
    the CSV are.  Of a set the gradebook was given, ``puzzles`` and ``answers`` list every
    puzzle, the ones nobody answered too (0 students, no percent).  Of a set it does not know,
    they list the puzzles answered, and ``unlisted`` says how many of the set's ``total`` are
    left out.
    """

    set_id: str
    title: Text
    students: pd.DataFrame
    puzzles: pd.DataFrame
    answers: pd.DataFrame
    labels: Mapping[str, Text] = field(default_factory=dict)
    numbers: Mapping[str, int] = field(default_factory=dict)
    total: int = 0
    unlisted: int = 0
    titles_differ: tuple[TitlesDiffer, ...] = ()

    def label(self, puzzle_id: str, lang: str) -> str:
        """``3. Пустая карта: 3 карты``: the puzzle's place in its set and title (its id when
        neither is known)."""
        text = self.labels.get(puzzle_id)
        return text.get(lang) if text is not None else puzzle_id

    def table(self, which: str = "students", lang: str = "ru") -> pd.DataFrame:
        """``students``, ``puzzles`` or ``answers`` as a teacher reads it: headers, puzzle titles,
        cards (7♥, Т♠) and fractions (``1,6``) in ``lang``."""
        return set_table(self, which, lang)

    def to_csv(self, lang: str = "ru") -> str:
        """The students' numbers and who answered what (1 right, 0 wrong, empty: no answer),
        for a spreadsheet: in Russian with semicolons and decimal commas, as Excel in Russian
        reads it, in English with commas; a name or title that would start a formula is kept
        as text (:func:`excel_cell`)."""
        check_lang(lang)
        data, order = self.students, self._in_order()
        whole = {say("gb_answered", lang): data["puzzles"], _words("of_set", lang): data["total"],
                 say("gb_right", lang): data["right"], _words("score", lang): data["score"],
                 say("gb_percent", lang): data["percent"], say("gb_hints", lang): data["hints"]}
        frame = pd.DataFrame({name: pd.array(values.to_list(), dtype="Int64")
                              for name, values in whole.items()}, index=data.index)
        frame[say("gb_seconds", lang)] = data["seconds"].astype(float).map(half_up)
        marks = self.answers.reindex(index=list(data.index), columns=order)
        for puzzle in order:
            frame[self.label(puzzle, lang)] = pd.array(
                [None if pd.isna(v) else int(bool(v)) for v in marks[puzzle]], dtype="Int64")
        frame.index = pd.Index([excel_cell(str(name)) for name in frame.index],
                               name=say("gb_student", lang))
        frame.columns = [excel_cell(str(column)) for column in frame.columns]
        ru = lang == "ru"
        return str(frame.to_csv(sep=";" if ru else ",", decimal="," if ru else "."))

    def _in_order(self) -> list[str]:
        return sorted((str(p) for p in self.answers.columns),
                      key=lambda p: (self.numbers.get(p, 10**6), self.label(p, "en")))


@dataclass(frozen=True)
class Gradebook:
    """Students' results, one :class:`SetGrades` per set (:attr:`sets`: the sets given out
    first, then as the files come), answers graded by their cards wherever the puzzle is known.

    ``files`` says what each file read was (``file_no``, ``file``, ``student`` as written,
    ``shown`` as the gradebook shows them, ``set_id``, ``answers``); ``disputes`` are the
    answers a file marks otherwise than its card deserves; ``namesakes`` the files shown apart
    although they name the same student; ``case_names`` the names that differ only in capital
    letters; ``untimed`` the files whose answers' seconds could not be read;
    :attr:`titles_differ` the puzzles the files title differently.  ``students``, ``puzzles``
    and ``answers`` are the sets' frames together, each row with its ``set_id``; :meth:`table`
    shows them to a teacher.
    """

    sets: tuple[SetGrades, ...] = ()
    files: pd.DataFrame = field(default_factory=pd.DataFrame)
    disputes: tuple[Dispute, ...] = ()
    namesakes: tuple[Namesakes, ...] = ()
    case_names: tuple[CaseNames, ...] = ()
    untimed: tuple[Untimed, ...] = ()

    def _together(self, which: str) -> pd.DataFrame:
        frames = [getattr(part, which).assign(set_id=part.set_id) for part in self.sets]
        if not frames:
            return pd.DataFrame()
        joined_frame = pd.concat(frames)
        return joined_frame[["set_id", *(c for c in joined_frame.columns if c != "set_id")]]

    @property
    def students(self) -> pd.DataFrame:
        return self._together("students")

    @property
    def titles_differ(self) -> tuple[TitlesDiffer, ...]:
        """The puzzles whose title only the results files give, and they disagree on it."""
        return tuple(differ for part in self.sets for differ in part.titles_differ)

    @property
    def puzzles(self) -> pd.DataFrame:
        return self._together("puzzles")

    @property
    def answers(self) -> pd.DataFrame:
        return self._together("answers")

    def part(self, set_id: str) -> SetGrades | None:
        return next((part for part in self.sets if part.set_id == set_id), None)

    def set_title(self, set_id: str, lang: str) -> str:
        """The set's title; where other sets have the same title (a set changed after it was
        given out gets a new id), told apart by its number of puzzles, or else its id:
        ``Домашка 5 (4 задачи)``, ``Домашка 5 (5 задач)``."""
        part = self.part(set_id)
        if part is None:
            return set_id
        twins = self.twins(part, lang)
        if not twins:
            return part.title.get(lang)
        by_size = all(other.total != part.total for other in twins)
        mark = PUZZLES(part.total).in_lang(lang) if by_size else part.set_id
        return _words("twin", lang, title=part.title.get(lang), mark=mark)

    def twins(self, part: SetGrades, lang: str) -> list[SetGrades]:
        """The other sets titled as ``part`` is in ``lang``."""
        return [other for other in self.sets
                if other is not part and other.title.get(lang) == part.title.get(lang)]

    def label(self, puzzle_id: str, lang: str) -> str:
        """The puzzle's place and title in the first set that has it."""
        for part in self.sets:
            if puzzle_id in part.labels:
                return part.label(puzzle_id, lang)
        return puzzle_id

    def table(self, which: str = "students", lang: str = "ru") -> pd.DataFrame | Note:
        """``students``, ``puzzles`` or ``answers`` as a teacher reads it (each set's, under its
        title when there are several); a :class:`Note` saying so when there are no results."""
        if which not in ("students", "puzzles", "answers"):
            raise ValueError(f"no gradebook table {which!r} (students, puzzles or answers)")
        check_lang(lang)
        if not self.sets:
            return Note(say("gb_empty", lang))
        if len(self.sets) == 1:
            return self.sets[0].table(which, lang)
        return pd.concat([part.table(which, lang) for part in self.sets],
                         keys=[self.set_title(part.set_id, lang) for part in self.sets],
                         names=[_words("set_column", lang)]).fillna("")


def _column(frame: pd.DataFrame, name: str, default: object) -> pd.Series:
    return frame[name] if name in frame else pd.Series(default, index=frame.index)


def _files_titles(rows: pd.DataFrame, set_id: str, known: Iterable[str]
                  ) -> tuple[dict[str, Text], list[TitlesDiffer]]:
    """What the results files of a set title each puzzle that is not ``known``: the title most
    of the files give it (of titles as common, the first seen), and the puzzles they title
    differently.  Each file counts once for a puzzle, however often it answered it."""
    skip = set(known)
    given: dict[str, dict[Text, dict[str, str]]] = {}   # puzzle → title → file key → name
    told = rows.assign(title_ru=_column(rows, "title_ru", ""),
                       title_en=_column(rows, "title_en", ""),
                       file_key=_column(rows, "file_key", ""), file=_column(rows, "file", ""))
    for row in told.itertuples(index=False):
        puzzle = str(row.puzzle)
        ru, en = row.title_ru, row.title_en
        if not puzzle or puzzle in skip or not (isinstance(ru, str) and ru
                                               and isinstance(en, str) and en):
            continue
        files = given.setdefault(puzzle, {}).setdefault(Text(ru, en), {})
        files.setdefault(str(row.file_key), str(row.file))
    titles: dict[str, Text] = {}
    differ: list[TitlesDiffer] = []
    for puzzle, by_title in given.items():
        ranked = sorted(by_title, key=lambda title: -len(by_title[title]))   # stable: ties
        titles[puzzle] = ranked[0]                                           # first seen
        if len(ranked) > 1:
            differ.append(TitlesDiffer(set_id, puzzle, tuple(ranked), tuple(
                tuple(dict.fromkeys(by_title[title].values())) for title in ranked)))
    return titles, differ


def _puzzle_labels(first: pd.DataFrame, ids: Sequence[str], sets: Sequence[PuzzleSet],
                   puzzles: Iterable[Puzzle], told_titles: Mapping[str, Text]
                   ) -> tuple[dict[str, Text], dict[str, int]]:
    """Each puzzle's title and place in its set.  A given set decides for its puzzles: their
    titles and the set's order (a results file cannot rename or renumber them), and a puzzle
    answered outside it has no place in it.  Of a puzzle no given set knows, the title is the
    given puzzles' (the catalogue), else the one the results files agree on most
    (``told_titles``: :func:`_files_titles`); of a set not given, the places are the files'.
    Equal labels are told apart by a counter."""
    titles: dict[str, Text] = {**told_titles, **{p.id: p.title for p in puzzles}}
    numbers: dict[str, int] = {}
    if not sets:
        for puzzle, number in zip(first["puzzle"], _column(first, "number", 0), strict=True):
            if int(number):
                numbers[str(puzzle)] = int(number)
    in_sets: set[str] = set()
    for puzzle_set in sets:
        for number, puzzle in enumerate(puzzle_set.puzzles, 1):
            if puzzle.id not in in_sets:
                in_sets.add(puzzle.id)
                titles[puzzle.id] = puzzle.title
                numbers[puzzle.id] = number
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


def _with_files(results: pd.DataFrame) -> pd.DataFrame:
    """The table with what :func:`load_results` gives beyond the answers, for tables made
    otherwise: each file told apart by ``file_no`` and ``file``."""
    table = results.copy()
    for name, default in (("file", ""), ("file_no", 0), ("set_title", ""), ("total", 0)):
        if name not in table:
            table[name] = default
    table["file_key"] = table["file_no"].astype(str) + "/" + table["file"].astype(str)
    return table


Answers = dict[str, tuple[str, str, float]]
"""A file's first answer to each puzzle: the card, when (``at``) and in how many seconds."""


def _answers_of(rows: pd.DataFrame) -> Answers:
    answers: Answers = {}
    for row in rows.itertuples(index=False):
        if row.puzzle:
            answers.setdefault(str(row.puzzle), (str(row.card), str(row.at), float(row.seconds)))
    return answers


def _one_students(known: Answers, file: Answers) -> bool:
    """Whether a file's answers can be the same student's as ``known``: one of them has none
    (a file downloaded before the first answer), or they share an answer and never differ on
    a puzzle both answered (a later download of the same work)."""
    common = known.keys() & file.keys()
    if not known or not file:
        return True
    return bool(common) and all(known[p] == file[p] for p in common)


def _shown_names(table: pd.DataFrame) -> tuple[pd.Series, list[Namesakes]]:
    """Each row's student as shown: files of one set naming the same student are one student
    when :func:`_one_students` says so; otherwise they are namesakes, shown as ``Anna``,
    ``Anna (2)``…"""
    shown = table["student"].astype(str).copy()
    found: list[Namesakes] = []
    for (student, set_id), group in table.groupby(["student", "set_id"], sort=False):
        clusters: list[tuple[list[str], Answers]] = []
        for key, rows in group.groupby("file_key", sort=False):
            answers = _answers_of(rows)
            home = next((c for c in clusters if _one_students(c[1], answers)), None)
            if home is None:
                clusters.append(([str(key)], answers))
            else:
                home[0].append(str(key))
                home[1].update({p: a for p, a in answers.items() if p not in home[1]})
        if len(clusters) < 2:
            continue
        names = [str(student) if n == 0 else f"{student} ({n + 1})" for n in range(len(clusters))]
        for name, (keys, _) in zip(names, clusters, strict=True):
            shown.loc[group.index[group["file_key"].isin(keys)]] = name
        files = tuple(tuple(dict.fromkeys(group.loc[group["file_key"].isin(keys), "file"]))
                      for keys, _ in clusters)
        found.append(Namesakes(str(student), str(set_id), files, tuple(names)))
    return shown, found


def _graded(table: pd.DataFrame, known: Mapping[str, Puzzle]
            ) -> tuple[pd.Series, list[Dispute]]:
    """Each answer right or wrong by its card wherever the puzzle is known, and the answers
    whose file says otherwise; the file's word for the others."""
    correct = table["correct"].astype(bool).copy()
    disputes: dict[tuple[str, str, str], Dispute] = {}
    for index, row in zip(table.index, table.itertuples(index=False), strict=True):
        puzzle = known.get(str(row.puzzle)) if row.puzzle else None
        if puzzle is None:
            continue
        right = parse_card(str(row.card)) in puzzle.answers
        if right != bool(row.correct):
            disputes.setdefault((str(row.file_key), str(row.set_id), str(row.puzzle)), Dispute(
                str(row.file), str(row.shown), str(row.set_id), str(row.puzzle),
                str(row.card), bool(row.correct)))
        correct[index] = right
    return correct, list(disputes.values())


def _set_title(rows: pd.DataFrame, set_id: str, puzzle_set: PuzzleSet | None) -> Text:
    """The set's title: the given set's, else what the files say, else its id."""
    if puzzle_set is not None and (puzzle_set.title.ru or puzzle_set.title.en):
        return puzzle_set.title
    told = [str(t) for t in rows["set_title"] if str(t).strip()]
    return Text(told[0], told[0]) if told else Text(set_id, set_id)


def _listed(first: pd.DataFrame, puzzle_set: PuzzleSet | None) -> list[str]:
    """The puzzles a set's tables list: every puzzle of the set, in order, answered or not,
    then any other puzzle answered; of a set not known, the puzzles answered."""
    answered = [str(p) for p in dict.fromkeys(first["puzzle"])]
    if puzzle_set is None:
        return answered
    return list(dict.fromkeys([*(p.id for p in puzzle_set.puzzles), *answered]))


def _puzzle_frame(first: pd.DataFrame, listed: Sequence[str], students: int) -> pd.DataFrame:
    """Each listed puzzle's numbers; one nobody answered has 0 students and no percent."""
    frame = first.groupby("puzzle").agg(
        students=("shown", "size"), right=("correct", "sum"), hints=("hints", "mean"),
        seconds=("seconds", "median")).reindex(pd.Index(listed, name="puzzle"))
    for column in ("students", "right"):
        frame[column] = frame[column].fillna(0).astype(int)
    frame["unanswered"] = (students - frame["students"]).clip(lower=0)
    frame["percent"] = [percent(r, n) for r, n in
                        zip(frame["right"], frame["students"], strict=True)]
    wrong = first[~first["correct"]]
    common = wrong.groupby("puzzle")["card"].agg(
        lambda cards: cards.value_counts().index[0] if len(cards) else "")
    frame["common_wrong_card"] = common.reindex(frame.index).fillna("")
    return frame[["students", "unanswered", "right", "percent", "hints", "seconds",
                  "common_wrong_card"]]


def _set_grades(rows: pd.DataFrame, set_id: str, puzzle_set: PuzzleSet | None,
                known: Mapping[str, Puzzle]) -> SetGrades:
    """One set's gradebook: a student's first answer to each puzzle counts."""
    roster = list(dict.fromkeys(rows["shown"]))
    first = rows[rows["puzzle"] != ""].drop_duplicates(subset=["shown", "puzzle"], keep="first")
    total = max(int(rows["total"].max()), len(puzzle_set.puzzles) if puzzle_set else 0,
                int(first["puzzle"].nunique()))

    per = first.groupby("shown").agg(puzzles=("puzzle", "size"), right=("correct", "sum"),
                                     hints=("hints", "sum"), seconds=("seconds", "median"))
    students = per.reindex(roster)
    for column in ("puzzles", "right", "hints"):
        students[column] = students[column].fillna(0).astype(int)
    students["total"] = total
    students["unanswered"] = (total - students["puzzles"]).clip(lower=0)
    students["score"] = [percent(r, total) for r in students["right"]]
    students["percent"] = [percent(r, n) for r, n in zip(students["right"], students["puzzles"],
                                                           strict=True)]
    students = students.sort_values(["right", "percent"], ascending=False, kind="stable",
                                    na_position="last")
    students = students[["puzzles", "total", "unanswered", "right", "score", "percent", "hints",
                         "seconds"]]
    students.index.name = "student"

    listed = _listed(first, puzzle_set)
    puzzles_frame = _puzzle_frame(first, listed, len(roster))
    answers = (first.pivot_table(index="shown", columns="puzzle", values="correct",
                                 aggfunc="first") if not first.empty else pd.DataFrame())
    answers = answers.reindex(index=roster, columns=listed).astype("boolean")
    answers.index.name, answers.columns.name = "student", "puzzle"
    sets = [puzzle_set] if puzzle_set is not None else []
    told_titles, differ = _files_titles(rows, set_id, known)   # known: the given sets' too
    labels, numbers = _puzzle_labels(first, listed, sets, known.values(), told_titles)
    in_set_order = sorted(listed, key=lambda p: (numbers.get(p, 10**6), p))
    return SetGrades(set_id, _set_title(rows, set_id, puzzle_set), students,
                     puzzles_frame.loc[in_set_order],
                     answers, labels, numbers, total, max(total - len(listed), 0),
                     tuple(differ))


def gradebook(results: pd.DataFrame, *, sets: Iterable[PuzzleSet] = (),
              puzzles: Iterable[Puzzle] = ()) -> Gradebook:
    """The gradebook of a results table (:func:`load_results`), one part per set.

    A student's first answer to each puzzle of a set counts (retries do not raise a grade); a
    puzzle given again in a later set counts in each.  Where the puzzle is known (in ``sets``,
    the sets given out, or ``puzzles``, say the catalogue), the card decides whether an answer
    is right, whatever the file says (:attr:`Gradebook.disputes` names the answers it says
    otherwise).  A set's size comes from the files, from ``sets`` and from the puzzles anyone
    answered, whichever is largest, so a student who stopped early is shown with the puzzles
    left unanswered.  Every puzzle of a set in ``sets`` is listed, the ones nobody answered
    too; of another set only those answered are (:attr:`SetGrades.unlisted`).  Files of one
    set naming the same student are kept apart unless their answers show them to be one
    student's (:attr:`Gradebook.namesakes`).
    """
    given = {s.id: s for s in sets}
    known: dict[str, Puzzle] = {p.id: p for p in puzzles}
    for puzzle_set in given.values():
        known.update((p.id, p) for p in puzzle_set.puzzles)
    if results.empty:
        return Gradebook()
    table = _with_files(results)
    shown, namesakes = _shown_names(table)
    table["shown"] = shown
    table["correct"], disputes = _graded(table, known)
    order = [s for s in given if s in set(table["set_id"])]
    order += [s for s in dict.fromkeys(table["set_id"].astype(str)) if s not in order]
    parts = tuple(_set_grades(table[table["set_id"] == set_id], set_id, given.get(set_id), known)
                  for set_id in order)
    files = table.groupby("file_key", sort=False).agg(
        file_no=("file_no", "first"), file=("file", "first"), student=("student", "first"),
        shown=("shown", "first"), set_id=("set_id", "first"),
        answers=("puzzle", lambda p: int((p != "").sum())))
    return Gradebook(parts, files.reset_index(drop=True), tuple(disputes), tuple(namesakes),
                     tuple(_case_names(table)), tuple(_untimed(table)))


def _case_names(table: pd.DataFrame) -> list[CaseNames]:
    """The names of each set that differ only in capital letters, with each one's files."""
    found: list[CaseNames] = []
    for set_id, group in table.groupby("set_id", sort=False):
        files: dict[str, dict[str, dict[str, None]]] = {}   # casefolded → name → its files
        for student, file in zip(group["student"].astype(str), group["file"].astype(str),
                                 strict=True):
            files.setdefault(student.casefold(), {}).setdefault(student, {})[file] = None
        found.extend(CaseNames(str(set_id), tuple(names), tuple(map(tuple, names.values())))
                     for names in files.values() if len(names) > 1)
    return found


def _untimed(table: pd.DataFrame) -> list[Untimed]:
    """The files with answers whose seconds could not be read (NaN)."""
    lost = table[(table["puzzle"] != "") & table["seconds"].isna()]
    return [Untimed(str(rows["file"].iloc[0]), str(rows["shown"].iloc[0]), len(rows))
            for _, rows in lost.groupby("file_key", sort=False)]


def _card_label(token: object, lang: str) -> str:
    try:
        return parse_card(str(token)).label(lang) if token else "—"
    except CardError:
        return str(token)


def _shown_number(value: float, lang: str, digits: int = 0) -> int | str:
    """A number of a table as shown: a whole one as a number, one with ``digits`` decimals as
    ``lang`` writes it (``1,6`` in Russian, ``1.6`` in English), a half rounded up
    (:func:`half_up`), ``—`` where there is none.

    >>> _shown_number(63.0, "ru"), _shown_number(1.63, "ru", 1), _shown_number(14, "en", 1)
    (63, '1,6', '14.0')
    >>> _shown_number(14.25, "ru", 1)
    '14,3'
    """
    if pd.isna(value):
        return "—"
    if digits == 0:
        return int(value)
    return Number(half_up(float(value), digits), digits).in_lang(lang)


def set_table(part: SetGrades, which: str, lang: str) -> pd.DataFrame:
    """One of a set's frames as a teacher reads it (see :meth:`SetGrades.table`)."""
    check_lang(lang)
    if which == "students":
        data = part.students
        return pd.DataFrame({
            say("gb_answered", lang): [say("gb_of", lang, n=int(n), total=int(t))
                                       for n, t in zip(data["puzzles"], data["total"],
                                                       strict=True)],
            say("gb_unanswered", lang): data["unanswered"].astype(int).to_list(),
            say("gb_right", lang): data["right"].astype(int).to_list(),
            _words("score", lang): [_shown_number(v, lang) for v in data["score"]],
            say("gb_percent", lang): [_shown_number(v, lang) for v in data["percent"]],
            say("gb_hints", lang): data["hints"].astype(int).to_list(),
            say("gb_seconds", lang): [_shown_number(v, lang, 1) for v in data["seconds"]],
        }, index=pd.Index(list(data.index), name=say("gb_student", lang)))
    if which == "puzzles":
        data = part.puzzles
        return pd.DataFrame({
            say("gb_students", lang): data["students"].astype(int).to_list(),
            say("gb_unanswered_puzzle", lang): data["unanswered"].astype(int).to_list(),
            say("gb_right", lang): data["right"].astype(int).to_list(),
            say("gb_percent", lang): [_shown_number(v, lang) for v in data["percent"]],
            say("gb_hints_mean", lang): [_shown_number(v, lang, 1) for v in data["hints"]],
            say("gb_seconds_puzzle", lang): [_shown_number(v, lang, 1) for v in data["seconds"]],
            say("gb_wrong_card", lang): [_card_label(c, lang) for c in data["common_wrong_card"]],
        }, index=pd.Index([part.label(str(p), lang) for p in data.index],
                          name=say("gb_puzzle", lang)))
    if which == "answers":
        order = part._in_order()
        rows = [name for name in part.students.index if name in part.answers.index]
        marks = {True: "✓", False: "✗"}
        return pd.DataFrame(
            [[marks[bool(v)] if not pd.isna(v) else "—" for v in part.answers.loc[name, order]]
             for name in rows],
            index=pd.Index(rows, name=say("gb_student", lang)),
            columns=[part.label(str(p), lang) for p in order])
    raise ValueError(f"no gradebook table {which!r} (students, puzzles or answers)")


def gradebook_table(book: Gradebook, which: str, lang: str) -> pd.DataFrame | Note:
    """One of the gradebook's tables as a teacher reads it (see :meth:`Gradebook.table`)."""
    return book.table(which, lang)


def _check_html(book: Gradebook, lang: str) -> str:
    """What the teacher should look at: answers a file marks otherwise than their cards,
    namesakes shown apart, names differing in capitals, sets of one title, puzzles the files
    title differently and files whose seconds could not be read."""
    items = []
    for dispute in book.disputes:
        part = book.part(dispute.set_id)
        label = part.label(dispute.puzzle, lang) if part is not None else dispute.puzzle
        key = "marked_right" if dispute.claimed else "marked_wrong"
        items.append(_words(key, lang, file=dispute.file, student=dispute.student,
                            puzzle=_QUOTES[lang].format(label),
                            card=_card_label(dispute.card, lang)))
    if book.disputes:
        items[-1] += ". " + _words("by_card", lang)
    quote = _QUOTES[lang]
    for same in book.namesakes:
        files = [" + ".join(group) for group in same.files]
        items.append(_words("namesakes", lang, name=same.student,
                            title=book.set_title(same.set_id, lang), files=", ".join(files),
                            shown=", ".join(quote.format(name) for name in same.shown)))
    for case in book.case_names:
        items.append(_words("case_names", lang, title=book.set_title(case.set_id, lang),
                            names=word_list([quote.format(n) for n in case.names], lang),
                            files=", ".join(" + ".join(group) for group in case.files)))
    items.extend(_same_title_notes(book, lang))
    items.extend(_titles_differ_notes(book, lang))
    for lost in book.untimed:
        items.append(_words("untimed", lang, file=lost.file, student=lost.student,
                            answers=_ANSWERS_OF(lost.answers).in_lang(lang)))
    if not items:
        return ""
    body = "".join(f"<li>{html.escape(item)}</li>" for item in items)
    return (f'<div class="kz-teacher-error" data-testid="gradebook-check">'
            f'{html.escape(_words("check", lang))}<ul>{body}</ul></div>')


_QUOTES = {"ru": "«{}»", "en": "“{}”"}
"""A name or a title in the quotation marks of each language."""


def _same_title_notes(book: Gradebook, lang: str) -> list[str]:
    """A note for each title that several sets have: each set told apart (:meth:`set_title`),
    with the puzzles only it has."""
    notes: list[str] = []
    told: set[str] = set()
    quote = _QUOTES[lang]
    for part in book.sets:
        title = part.title.get(lang)
        twins = book.twins(part, lang)
        if not twins or title in told:
            continue
        told.add(title)
        described = []
        for one in (part, *twins):
            others = {str(p) for other in (part, *twins) if other is not one
                      for p in other.puzzles.index}
            only = [quote.format(one.label(str(p), lang)) for p in one.puzzles.index
                    if str(p) not in others]
            name = quote.format(book.set_title(one.set_id, lang))
            described.append(_words("only_in", lang, name=name, puzzles=", ".join(
                only[:3] + ["…"] * (len(only) > 3))) if only else name)
        notes.append(_words("same_title", lang, title=title, parts="; ".join(described)))
    return notes


def _titles_differ_notes(book: Gradebook, lang: str) -> list[str]:
    """A note for each puzzle the results files title differently in ``lang``: its label in
    the gradebook, and each title with (the first three of) the files that give it."""
    notes: list[str] = []
    quote = _QUOTES[lang]
    for differ in book.titles_differ:
        files: dict[str, dict[str, None]] = {}   # the title in lang → its files
        for title, named in zip(differ.titles, differ.files, strict=True):
            files.setdefault(title.get(lang), {}).update(dict.fromkeys(named))
        if len(files) < 2:
            continue   # they differ in the other language only
        titles = []
        for shown, givers in files.items():
            names = list(givers)
            listed = ", ".join(names[:3]) + (", …" if len(names) > 3 else "")
            titles.append(f"{quote.format(shown)} ({listed})")
        part = book.part(differ.set_id)
        label = part.label(differ.puzzle, lang) if part is not None else differ.puzzle
        notes.append(_words("titles_differ", lang, title=book.set_title(differ.set_id, lang),
                            puzzle=quote.format(label), titles="; ".join(titles)))
    return notes


def _csv_link(part: SetGrades, lang: str, name: str) -> str:
    """The button that downloads the set's CSV, the file named after ``name``, its title as
    the gradebook shows it."""
    payload = base64.b64encode(part.to_csv(lang).encode("utf-8-sig")).decode("ascii")
    title = re.sub(r"\s+", " ", re.sub(r"[^\w\s().-]+", " ", name))
    title = title.strip(" .-_")[:80].strip() or part.set_id
    name = _words("csv_name", lang, title=title)
    return (f'<a class="kz-download" data-testid="gradebook-csv" download="{html.escape(name)}" '
            f'href="data:text/csv;charset=utf-8;base64,{payload}">'
            f'{html.escape(_words("csv", lang))}</a>')


# a set's parts under its title, readable where the page styles h5 smaller than its text
_H5 = ' style="font-size: 15px; margin: 14px 0 4px"'

_STYLE = ("<style>.kz-gradebook{line-height:1.45}"
          ".kz-gradebook .kz-gb-scroll{max-width:100%;overflow-x:auto}"
          ".kz-gradebook table.kz-table{border-collapse:collapse;margin:4px 0 12px;"
          "font-size:14px;line-height:1.35;font-variant-numeric:tabular-nums}"
          ".kz-gradebook table.kz-table th,.kz-gradebook table.kz-table td{padding:4px 6px;"
          "border-bottom:1px solid #e6dfcd;text-align:right;font-weight:normal}"
          ".kz-gradebook table.kz-table thead th{font-size:13px;font-weight:600;color:#5c5647;"
          "vertical-align:bottom}"
          ".kz-gradebook table.kz-table td{white-space:nowrap}"
          ".kz-gradebook table.kz-table :is(th,td):first-child{text-align:left}"
          ".kz-gradebook table.kz-table tbody th{min-width:15em}"
          ".kz-gradebook table.kz-gb-short tbody th{min-width:0;white-space:nowrap}"
          ".kz-gradebook table.kz-gb-answers td{text-align:center;min-width:1.4em}</style>")
"""The gradebook's tables, as tidy at 1024 pixels as wider: a line apart (not the 28 pixels of
the widget's text), numbers right-aligned and kept on one line, a student's name and a puzzle's
place and title on one line (when none is longer than :data:`_FIRST_MOST` characters: else in
a first column about that wide, the longer ones over lines), a table wider than the page
scrolled on its own."""

_FIRST_MOST = 30
"""The most characters of a table's first column (a student, a puzzle) kept on one line: what
fits beside the other columns of the table of puzzles in a page 844 pixels wide (the app's at
1024 pixels and more)."""


def _table_html(part: SetGrades, which: str, lang: str) -> str:
    """One of a set's tables as HTML (class ``kz-gb-students``, ``-puzzles`` or ``-answers``):
    the headers in ``<thead>``, each row headed by its student or puzzle; the table of answers
    is headed by the puzzles' numbers when all are known."""
    table = part.table(which, lang)
    columns = [str(c) for c in table.columns]
    if which == "answers" and part.numbers and all(str(p) in part.numbers
                                                   for p in part.answers.columns):
        columns = [label.split(".", 1)[0] for label in columns]   # narrow, as above
    names = [str(name) for name in table.index]
    short = " kz-gb-short" if all(len(name) <= _FIRST_MOST for name in names) else ""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in [str(table.index.name), *columns])
    body = "".join(f'<tr><th scope="row">{html.escape(name)}</th>'
                   + "".join(f"<td>{html.escape(str(value))}</td>" for value in row) + "</tr>"
                   for name, row in zip(names, table.itertuples(index=False), strict=True))
    return (f'<div class="kz-gb-scroll"><table class="kz-table kz-gb-{which}{short}">'
            f"<thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table></div>")


def _charts(part: SetGrades, lang: str) -> tuple[str, str]:
    """The bars of the students (the most right answers first) and of the puzzles someone
    answered (the hardest first: the fewest right answers), every label whole."""
    ranked = part.students
    by_student = bar_chart([str(s) for s in ranked.index],
                           [0.0 if pd.isna(v) else float(v) for v in ranked["score"]],
                           title=_words("chart_students", lang), maximum=100, unit="%",
                           width=640, label_width=None, lang=lang)
    answered = part.puzzles[part.puzzles["students"] > 0]   # a percent of no answers: none
    hardest = answered.sort_values("percent", kind="stable")
    by_puzzle = bar_chart([part.label(str(p), lang) for p in hardest.index],
                          [float(v) for v in hardest["percent"]],
                          title=_words("chart_puzzles", lang), maximum=100, unit="%",
                          width=640, label_width=None, lang=lang)
    return by_student, by_puzzle


def _set_html(part: SetGrades, lang: str, name: str) -> str:
    """One set's charts and tables, under its title (``name``: as the gradebook tells it from
    another of that title), with its CSV."""
    ranked = part.students
    by_student, by_puzzle = _charts(part, lang)
    size = _words("set_size", lang, students=len(ranked), total=part.total)
    parts = [f'<section class="kz-gradebook-set" data-testid="gradebook-set" '
             f'data-set="{html.escape(part.set_id)}">'
             f'<h4>{html.escape(_words("set", lang, title=name))}</h4>'
             f'<p>{html.escape(size)} · {_csv_link(part, lang, name)}</p>']
    if part.unlisted:
        unlisted = _words("unlisted", lang, n=part.unlisted, total=part.total)
        parts.append(f'<p data-testid="gradebook-unlisted">{html.escape(unlisted)}</p>')
    for heading, chart, which in (("gb_by_student", by_student, "students"),
                                  ("gb_by_puzzle", by_puzzle, "puzzles"),
                                  ("gb_answers", "", "answers")):
        parts.append(f"<h5{_H5}>{html.escape(say(heading, lang))}</h5>{chart}")
        if which == "answers":
            legend = " · ".join(say(k, lang) for k in ("gb_right_mark", "gb_wrong_mark",
                                                       "gb_none_mark"))
            parts.append(f"<p>{html.escape(legend)}</p>")
        parts.append(_table_html(part, which, lang))
    parts.append("</section>")
    return "".join(parts)


def gradebook_html(book: Gradebook, lang: str = "en") -> str:
    """The gradebook as one HTML fragment, every word in ``lang``: what to check first, then
    each set under its title with its charts, tables and CSV download."""
    check_lang(lang)
    if not book.sets:
        return f'<p class="kz-gradebook-empty">{html.escape(say("gb_empty", lang))}</p>'
    sets = "".join(_set_html(part, lang, book.set_title(part.set_id, lang)) for part in book.sets)
    return (f'{_STYLE}<div class="kz-gradebook" data-testid="gradebook">'
            f'{_check_html(book, lang)}{sets}</div>')
