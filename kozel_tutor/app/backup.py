"""Save the learner's progress to a file and bring it back: progress that outlives a session.

A Binder session is thrown away after some idle minutes, and its SQLite database with it.  The
learner keeps progress across sessions by downloading a *backup copy* (a JSON file) and
uploading it in the next session.  The file holds every table of the :class:`~.store.Store`
database except its private ``meta`` table: the match in progress, statistics, preferences,
and whatever tables later versions add (lessons, ratings): nothing here lists them by hand.

Every row is exported as it is stored, damaged or not (:func:`~kozel_tutor.bad_rows.raw_rows`:
text that is not UTF-8 and blobs as ``{"base64": ...}``, byte for byte), so the download never
fails on a row and loses nothing, even rows the app never reads again (old deals, ``bad_rows``).

Importing is atomic, and strict about the file's shape.  The file is checked in full before
anything is written: its kind, its format and schema version, every table and column name
against the live database, every row's length, every value a JSON scalar or ``{"base64": ...}``.
Then one transaction replaces the content of the tables the file holds (the tables it does not
hold keep their rows: :attr:`ImportReport.kept`); if SQLite still refuses a row (a missing value,
a repeated key), nothing changes.  Every refusal is a :class:`BackupError` whose message, in
Russian or English, says what is wrong with the file, SQLite's refusal included (the row, in
words).  :func:`check_backup` does all of it and undoes it: the screen asks before loading a
file with what that found (:class:`BackupPanel`).

A *row* that cannot be used does not refuse the file: the rest of the progress is worth having,
and the app's own export holds damaged rows as they were.  A row with a value that does not fit
its column (:func:`~kozel_tutor.bad_rows.misfit`: text in a count, damaged text, ``true``) goes,
whole, to the ``bad_rows`` table with its reason (:attr:`ImportReport.rows_set_aside`; the learner
is told once, as for any row set aside); a saved match that cannot be read as a save
(:func:`~.store.parse_save`: not JSON, not an object, nested too deeply) goes to the
``bad_saves`` table (:attr:`ImportReport.set_aside`).  Both are kept whole, never deleted: an
unreadable save is thus never the app's match in progress, and never stops the app from
starting.

>>> import tempfile
>>> from pathlib import Path
>>> from kozel_tutor.app.store import Store
>>> old = Store(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> old.set_pref("lang", "ru")
>>> new = Store(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> import_progress(new, export_progress(old)).rows["prefs"]
1
>>> new.get_pref("lang")
'ru'
"""

from __future__ import annotations

import base64
import json
import logging
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..atomic_files import atomic_write_bytes
from ..bad_rows import (
    UnreadableValue,
    add_bad_row,
    column_types,
    is_cell,
    quote,
    raw_rows,
    row_misfit,
    stored_value,
)
from ..formats import BACKUP_APP as APP
from ..formats import BACKUP_KIND as KIND
from ..i18n import plural_ru, word_list
from ..lessons.progress import SCHEMA as LESSON_SCHEMA
from ..puzzles.progress import SCHEMA as PUZZLE_SCHEMA
from ..puzzles.progress import rating_problem
from ..puzzles.texts import bytes_phrase
from ..sqlite_files import reading
from ..widgets import Command, PanelWidget
from ..widgets.file_button import ChosenFile, FileButton
from .notices import save_set_aside_notice, untold_notice
from .screens import LanguageSwitch, lang_button, wbutton
from .sections import Section, SectionContext, register_section
from .store import SCHEMA_VERSION, Store, parse_save
from .teacher_live import LiveStatus

log = logging.getLogger(__name__)

__all__ = [
    "APP",
    "COUNTS",
    "FORMAT",
    "KIND",
    "MAX_BYTES",
    "BackupError",
    "BackupPanel",
    "ImportReport",
    "backup_filename",
    "check_backup",
    "export_progress",
    "import_progress",
    "read_backup",
    "write_backup",
]

FORMAT = 1
"""Version of the file layout below; a file with a larger number comes from a newer app."""
MAX_BYTES = 8 * 1024 * 1024
"""Largest file accepted: years of play are a few hundred kilobytes."""
PRIVATE_TABLES = frozenset({"meta"})

Stored = str | int | float | bytes | None

_MESSAGES: dict[str, dict[str, str]] = {
    # {size} and {limit} are puzzles.texts.bytes_phrase: «9 000 000 байт», "9000000"
    "too_big": {
        "en": "The file is too large ({size} bytes; at most {limit}). Is it a backup copy?",
        "ru": "Файл слишком большой ({size}; не больше {limit}). Это резервная копия?",
    },
    "unreadable": {
        "en": "The browser could not read the file. Choose it again.",
        "ru": "Браузер не смог прочитать файл. Выберите его ещё раз.",
    },
    "not_text": {
        "en": "The file is not text (UTF-8), so it is not a backup copy.",
        "ru": "Файл не текстовый (UTF-8), это не резервная копия.",
    },
    "not_json": {
        "en": "This file is damaged or is not a backup copy. Was it changed or cut short?",
        "ru": "Этот файл повреждён или это не резервная копия. Может быть, его изменили или он "
              "загрузился не полностью?",
    },
    "not_progress": {
        "en": "This is not a kozel-tutor backup copy.",
        "ru": "Это не резервная копия kozel-tutor.",
    },
    "newer_format": {
        "en": "The file was made by a newer version of the app (format {found}; this app reads "
              "{known}). Open it with the newer version.",
        "ru": "Файл создан более новой версией приложения (формат {found}, это приложение "
              "читает {known}). Откройте его в новой версии.",
    },
    # {advice}: what to do, "newer_schema" or "older_schema" below
    "other_schema": {
        "en": "The file comes from another version of the progress database (version {found}; "
              "this app has {known}). {advice}",
        "ru": "Файл от другой версии базы прогресса (версия {found}, у этого приложения "
              "{known}). {advice}",
    },
    "bad_shape": {
        "en": "The file is damaged: {detail}.",
        "ru": "Файл повреждён: {detail}.",
    },
    "unknown_table": {
        "en": "The file holds a table this app does not know ({table}): it was probably made "
              "by a newer version.",
        "ru": "В файле есть таблица, незнакомая этому приложению ({table}): вероятно, файл "
              "создан более новой версией.",
    },
    "unknown_column": {
        "en": "The file's table {table} has a column this app does not know ({column}).",
        "ru": "В таблице {table} из файла есть незнакомый столбец ({column}).",
    },
    # {detail}: which row, in words ("duplicate_key", "missing_value", "row_refused" below);
    # the screen's own message says that nothing changed
    "rejected_rows": {
        "en": "The file's data breaks a rule of the progress database: {detail}.",
        "ru": "Данные файла нарушают правило базы прогресса: {detail}.",
    },
}

_ADVICE: dict[str, dict[str, str]] = {
    "newer_schema": {
        "en": "It was saved by a newer version of the app: open it there, or update this app.",
        "ru": "Он сохранён более новой версией приложения: откройте его там или обновите это "
              "приложение.",
    },
    "older_schema": {
        "en": "This app cannot read it: open it with the version of the app that saved it.",
        "ru": "Это приложение не может его прочитать: откройте его в той версии приложения, "
              "которая его сохранила.",
    },
    # {key}: the row's key, its values joined; {times}: "twice", "3 times" / «дважды», «3 раза»
    "duplicate_key": {
        "en": "the {table} table has the row with key {key} {times}",
        "ru": "в таблице {table} строка с ключом {key} встречается {times}",
    },
    "missing_value": {
        "en": "in the {table} table, row {number} has no value in the column {column}",
        "ru": "в таблице {table} в строке {number} нет значения в столбце {column}",
    },
    "row_refused": {
        "en": "in the {table} table, row {number} cannot be stored",
        "ru": "в таблице {table} строку {number} нельзя сохранить",
    },
}


class BackupError(ValueError):
    """A backup copy that cannot be imported; :meth:`text` says why, in ru or en."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        lang = lang if lang in ("ru", "en") else "en"
        params = {name: (value[lang] if isinstance(value, dict) else value)
                  for name, value in self.params.items()}
        return _MESSAGES[self.key][lang].format(**params)


def _too_big(size: int) -> BackupError:
    """The refusal of a file of ``size`` bytes, larger than :data:`MAX_BYTES`: «Файл слишком
    большой (9 000 000 байт; не больше 8 388 608 байт)…»."""
    return BackupError("too_big", size=bytes_phrase(size), limit=bytes_phrase(MAX_BYTES))


@dataclass(frozen=True)
class ImportReport:
    """What an import wrote (or, from :func:`check_backup`, would write): rows per table, when
    the file was made (as written in it), why each save of the file that could not be read
    went to ``bad_saves`` instead (:attr:`UnreadableValue.reason
    <kozel_tutor.bad_rows.UnreadableValue.reason>`), the table of each row that did not fit its
    columns and went to ``bad_rows`` instead, the tables of the database that the file does
    not hold and that kept their rows (``kept``: the progress is then partly the file's), and
    what the file holds, counted as the learner knows it (``counts``: :data:`COUNTS`)."""

    rows: dict[str, int]
    exported: str
    set_aside: tuple[str, ...] = ()
    rows_set_aside: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    counts: dict[str, int] = field(default_factory=dict)


# -- reading the database ---------------------------------------------------------------------


def _tables(conn: sqlite3.Connection) -> dict[str, list[tuple[str, str]]]:
    """Every table of the learner's data (not SQLite's own, not ``meta``) with the ``(name,
    affinity)`` of its columns."""
    names = [str(row[0]) for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")]
    return {name: column_types(conn, name) for name in names if name not in PRIVATE_TABLES}


# -- export -----------------------------------------------------------------------------------


def export_progress(store: Store) -> bytes:
    """The whole of the learner's progress as a backup copy (UTF-8 JSON), read in one
    consistent snapshot; every row as it is stored, however damaged
    (:func:`~kozel_tutor.bad_rows.raw_rows`)."""
    with reading(store.path) as conn:
        conn.execute("BEGIN")
        try:
            tables = {}
            for name in _tables(conn):
                columns, rows = raw_rows(conn, name)
                tables[name] = {"columns": columns, "rows": rows}
        finally:
            conn.execute("COMMIT")
    document = {
        "app": APP,
        "kind": KIND,
        "format": FORMAT,
        "schema": SCHEMA_VERSION,
        "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "tables": tables,
    }
    return json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")


def backup_filename(now: float | None = None) -> str:
    """``kozel-progress-20250131-1842.json``: sorts by date in a downloads folder."""
    return time.strftime("kozel-progress-%Y%m%d-%H%M.json", time.localtime(now))


def write_backup(store: Store, path: str | os.PathLike[str]) -> None:
    """Write a backup copy to ``path`` (a ``str`` or a path) atomically: a complete file or the
    old one (:func:`~kozel_tutor.atomic_files.atomic_write_bytes`)."""
    atomic_write_bytes(path, export_progress(store))


# -- import -----------------------------------------------------------------------------------


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _decode(data: bytes) -> dict[str, Any]:
    if len(data) > MAX_BYTES:
        raise _too_big(len(data))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BackupError("not_text") from None
    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except (json.JSONDecodeError, ValueError, RecursionError) as exc:
        log.info("backup copy is not JSON: %s", exc)   # the parser's words, for the log
        raise BackupError("not_json") from None
    if (not isinstance(document, dict) or document.get("app") != APP
            or document.get("kind") != KIND):
        raise BackupError("not_progress")
    return document


def _check_header(document: dict[str, Any]) -> None:
    found = document.get("format")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise BackupError("bad_shape", detail=_both("no valid format number",
                                                    "нет правильного номера формата"))
    if found > FORMAT:
        raise BackupError("newer_format", found=found, known=FORMAT)
    schema = document.get("schema")
    if schema != SCHEMA_VERSION:
        advice = "newer_schema" if _newer(schema) else "older_schema"
        raise BackupError("other_schema", found=schema, known=SCHEMA_VERSION,
                          advice=_ADVICE[advice])
    if not isinstance(document.get("exported", ""), str):
        raise BackupError("bad_shape", detail=_both("the export time is not text",
                                                    "время сохранения — не текст"))


def _newer(schema: object) -> bool:
    """Whether a file's database version ``schema`` is a later one than this app's."""
    try:
        return int(str(schema)) > int(SCHEMA_VERSION)
    except ValueError:
        return False


def _both(en: str, ru: str) -> dict[str, str]:
    return {"en": en, "ru": ru}


_Rows = dict[str, tuple[list[str], list[list[Stored]]]]
_Misfits = list[tuple[str, dict[str, object], str]]


_SECTION_TABLES = {
    match.group(1): match.group(0)
    for schema in (PUZZLE_SCHEMA, LESSON_SCHEMA)
    for match in re.finditer(r"CREATE TABLE IF NOT EXISTS (\w+) \(.*?\);", schema, re.S)}
"""The sections' own tables (puzzles, lessons), by name: each is made when first opened."""


def _make_section_tables(conn: sqlite3.Connection, document: dict[str, Any]) -> None:
    """A new session (Binder's every visit) has only the tables of the sections opened so far:
    those the file holds are made now, in the import's transaction (undone if it is refused),
    so that their rows are not taken for a newer app's."""
    tables = document.get("tables")
    for name in tables if isinstance(tables, dict) else ():
        if name in _SECTION_TABLES:
            conn.execute(_SECTION_TABLES[name])


def _value_problem(table: str, columns: list[str], row: list[Any]) -> str | None:
    """Why a row of the right shape still cannot be used (a rating no learner can have), or
    ``None``: such a row is set aside with the misfits instead of breaking the next answer."""
    if table != "puzzle_ratings":
        return None
    cells = dict(zip(columns, row, strict=True))
    return rating_problem(cells.get("rating"), cells.get("rd"), cells.get("volatility"))


def _checked_tables(document: dict[str, Any], live: dict[str, list[tuple[str, str]]]
                    ) -> tuple[_Rows, _Misfits]:
    """The file's tables, every name and shape checked against the live database: the rows
    to write, as SQLite values, and ``(table, row, reason)`` of each row that does not fit its
    columns (:func:`~kozel_tutor.bad_rows.row_misfit`), as the file holds it."""
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise BackupError("bad_shape", detail=_both("no tables", "нет таблиц"))
    checked: _Rows = {}
    misfits: _Misfits = []
    for name, table in tables.items():
        if name not in live:
            raise BackupError("unknown_table", table=name)
        if (not isinstance(table, dict) or not isinstance(table.get("columns"), list)
                or not isinstance(table.get("rows"), list)):
            raise BackupError("bad_shape", detail=_both(f"table {name} has no columns or rows",
                                                        f"у таблицы {name} нет столбцов или "
                                                        "строк"))
        known = dict(live[name])
        columns = table["columns"]
        for column in columns:
            if not isinstance(column, str) or column not in known:
                raise BackupError("unknown_column", table=name, column=column)
        if len(set(columns)) != len(columns):
            raise BackupError("bad_shape", detail=_both(f"table {name} repeats a column",
                                                        f"в таблице {name} повторён столбец"))
        types = [(column, known[column]) for column in columns]
        rows = []
        for number, row in enumerate(table["rows"], start=1):
            if not isinstance(row, list) or len(row) != len(columns):
                raise BackupError("bad_shape", detail=_both(
                    f"table {name}, row {number} does not match its columns",
                    f"таблица {name}, строка {number} не совпадает со столбцами"))
            for column, value in zip(columns, row, strict=True):
                if not is_cell(value):
                    raise BackupError("bad_shape", detail=_both(
                        f"table {name}, row {number}, column {column} holds a list or an "
                        "object, not a value",
                        f"таблица {name}, строка {number}, столбец {column} — список или "
                        "объект вместо значения"))
            problem = row_misfit(types, row) or _value_problem(name, columns, row)
            if problem is None:
                rows.append([stored_value(value) for value in row])
            else:
                misfits.append((name, dict(zip(columns, row, strict=True)),
                                f"in the imported file: {problem}"))
        checked[name] = (columns, rows)
    return checked, misfits


def _unreadable_saves(tables: _Rows, moved: float) -> tuple[list[list[Stored]],
                                                             tuple[str, ...]]:
    """Take the saves that cannot be read out of the checked ``saves`` table: their rows for
    ``bad_saves`` and the reasons (:func:`~.store.parse_save`)."""
    columns, rows = tables.get("saves", ([], []))
    if not {"slot", "data"} <= set(columns):
        return [], ()  # SQLite refuses such rows, with its own words
    slot, data = columns.index("slot"), columns.index("data")
    kept: list[list[Stored]] = []
    bad: list[list[Stored]] = []
    reasons: list[str] = []
    for row in rows:
        try:
            if isinstance(row[slot], str) and isinstance(row[data], str):
                parse_save(row[data])
        except UnreadableValue as problem:
            bad.append([row[slot], row[data], f"in the imported file: {problem}", moved])
            reasons.append(problem.reason)
        else:
            kept.append(row)
    if bad:
        tables["saves"] = (columns, kept)
    return bad, tuple(reasons)


def read_backup(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a backup copy on disk at ``path`` (a ``str`` or a path, as
    :func:`write_backup` takes), refusing a file too large before reading it."""
    file = Path(path)
    size = file.stat().st_size
    if size > MAX_BYTES:
        raise _too_big(size)
    return file.read_bytes()


def import_progress(store: Store, data: bytes) -> ImportReport:
    """Replace the progress held in the tables of the file ``data`` with the file's rows.

    Everything is checked before the first write, and the writes are one transaction: on any
    :class:`BackupError` the database is exactly as it was.  Tables the file does not hold (a
    file from an older version, or saved before a section was first opened) keep their rows
    (:attr:`ImportReport.kept`).  A row that does not fit its columns goes to ``bad_rows``, an
    unreadable save to ``bad_saves`` (:class:`ImportReport`).
    """
    return _import(store, data, write=True)


def check_backup(store: Store, data: bytes) -> ImportReport:
    """What :func:`import_progress` would do with the file ``data``, with nothing written: the
    same import, every row given to SQLite, then undone.  Raises the same :class:`BackupError`
    for a file it would refuse, so a file that passes is one the import takes (unless the
    progress changes in between).  The screen asks before loading with what this says."""
    return _import(store, data, write=False)


COUNTS = ("lessons", "answers", "played", "unfinished", "set_aside")
"""What :attr:`ImportReport.counts` counts: lessons begun, puzzle answers, matches played,
unfinished matches, and rows set aside as damaged."""


def _counts(tables: _Rows, set_aside: int) -> dict[str, int]:
    """The file's progress as the learner knows it (:data:`COUNTS`), from the rows to write."""
    def rows(name: str) -> int:
        return len(tables.get(name, ([], []))[1])

    columns, stats = tables.get("stats", ([], []))
    played = 0
    if "matches" in columns:
        at = columns.index("matches")
        played = sum(value for value in (row[at] for row in stats) if isinstance(value, int))
    return {"lessons": rows("lesson_progress"), "answers": rows("puzzle_attempts"),
            "played": played, "unfinished": rows("saves"),
            "set_aside": rows("bad_rows") + rows("bad_saves") + set_aside}


def _import(store: Store, data: bytes, *, write: bool) -> ImportReport:
    """:func:`import_progress` (``write``), or :func:`check_backup`: the same, undone."""
    document = _decode(data)
    _check_header(document)
    with reading(store.path) as conn:
        conn.execute("BEGIN IMMEDIATE")
        try:
            live = _tables(conn)   # before the file's section tables are made: those are empty
            _make_section_tables(conn, document)
            tables, misfits = _checked_tables(document, _tables(conn))
            kept = tuple(name for name in live if name not in tables and conn.execute(
                f"SELECT EXISTS (SELECT 1 FROM {quote(name)})").fetchone()[0])
            unreadable, reasons = _unreadable_saves(tables, time.time())
            for name, (columns, rows) in tables.items():
                conn.execute(f"DELETE FROM {quote(name)}")
                if columns:
                    _insert(conn, document, name, columns, rows)
            # after the file's own bad_saves and bad_rows, which replace the old ones
            conn.executemany("INSERT INTO bad_saves (slot, data, reason, moved) "
                             "VALUES (?, ?, ?, ?)", unreadable)
            for source, row, reason in misfits:
                add_bad_row(conn, source, row, reason)
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT" if write else "ROLLBACK")
    return ImportReport(rows={name: len(rows) for name, (_, rows) in tables.items()},
                        exported=str(document.get("exported", "")), set_aside=reasons,
                        rows_set_aside=tuple(source for source, _, _ in misfits), kept=kept,
                        counts=_counts(tables, len(unreadable) + len(misfits)))


def _insert(conn: sqlite3.Connection, document: dict[str, Any], table: str, columns: list[str],
            rows: list[list[Stored]]) -> None:
    """Write the file's ``rows`` of ``table`` one by one, so that a row SQLite refuses (a key
    twice, a missing value) is known, and said in words (:func:`_refusal`)."""
    sql = (f"INSERT INTO {quote(table)} ({', '.join(map(quote, columns))}) "
           f"VALUES ({', '.join('?' * len(columns))})")
    for row in rows:
        try:
            conn.execute(sql, row)
        except sqlite3.IntegrityError as exc:
            log.info("backup copy refused by SQLite in %s: %s", table, exc)   # for the log
            raise BackupError("rejected_rows",
                              detail=_refusal(exc, document, table, columns, row, rows)) from None


def _refusal(exc: sqlite3.IntegrityError, document: dict[str, Any], table: str,
             columns: list[str], row: list[Stored], rows: list[list[Stored]]) -> dict[str, str]:
    """Which row of the file SQLite refused, and why, in both languages: a key twice, a value
    missing, or (any other rule) the row's number."""
    kind = getattr(exc, "sqlite_errorname", "")
    # SQLite names the columns of the rule broken: "UNIQUE constraint failed: stats.level,
    # stats.trump", "NOT NULL constraint failed: saves.data"
    named = str(exc).partition(": ")[2].split(", ")
    broken = [name.partition(".")[2] for name in named if name.startswith(f"{table}.")]
    if kind in ("SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE") and broken \
            and set(broken) <= set(columns):
        at = [columns.index(column) for column in broken]
        key = [row[i] for i in at]
        times = max(2, sum(1 for other in rows if [other[i] for i in at] == key))
        return {lang: _ADVICE["duplicate_key"][lang].format(
            table=table, key=", ".join(_shown(value, lang) for value in key),
            times=_times(times, lang)) for lang in ("en", "ru")}
    number = _row_number(document, table, row)
    if kind == "SQLITE_CONSTRAINT_NOTNULL" and len(broken) == 1:
        return {lang: _ADVICE["missing_value"][lang].format(table=table, number=number,
                                                              column=broken[0])
                for lang in ("en", "ru")}
    return {lang: _ADVICE["row_refused"][lang].format(table=table, number=number)
            for lang in ("en", "ru")}


def _row_number(document: dict[str, Any], table: str, row: list[Stored]) -> int:
    """The number (from 1) of ``row`` among the file's rows of ``table``, as the file holds it."""
    for number, held in enumerate(document["tables"][table]["rows"], start=1):
        try:
            if [stored_value(value) for value in held] == row:
                return number
        except ValueError:
            continue
    return 0   # not reached: every row written is one of the file's


def _shown(value: Stored, lang: str) -> str:
    """A key's value in a sentence: as it is, in quotes when it would not read as one word."""
    if isinstance(value, bytes):
        value = base64.b64encode(value).decode("ascii")
    text = "null" if value is None else str(value)
    if text and not re.search(r"[\s,«»“”]", text):
        return text
    return f"«{text}»" if lang == "ru" else f"“{text}”"


def _times(n: int, lang: str) -> str:
    """How often a key occurs: "twice", "3 times"; «дважды», «3 раза»."""
    if lang == "ru":
        return "дважды" if n == 2 else f"{n} {plural_ru(n, 'раз', 'раза', 'раз')}"
    return "twice" if n == 2 else f"{n} times"


# -- the home-screen section -------------------------------------------------------------------

_PANEL: dict[str, dict[str, str]] = {
    "title": {"en": "Backup copy", "ru": "Резервная копия"},
    "hint": {"en": "Save your progress to a file, or load it back",
             "ru": "Сохранить прогресс в файл или загрузить его обратно"},
    "explain": {
        "en": "An online session is deleted when it has not been used for a while. Save a "
              "backup copy of your progress (lessons, puzzles, the match in progress, "
              "statistics, settings) to a file and load it next time to carry on.",
        "ru": "Сеанс в интернете удаляется, если им какое-то время не пользоваться. Сохраните "
              "резервную копию прогресса (уроки, задачи, текущая партия, статистика, "
              "настройки) в файл и загрузите её в следующий раз, чтобы продолжить.",
    },
    "download": {"en": "Save a backup copy", "ru": "Сохранить резервную копию"},
    "upload": {"en": "Load a backup copy", "ru": "Загрузить резервную копию"},
    "back": {"en": "← Home", "ru": "← Домой"},
    # the question before a file replaces the progress; {when}: _when, {parts}: the parts
    # kept (_PARTS, "kept_*"), joined by i18n.word_list
    "ask": {"en": "Load the progress from the file saved on {when}?",
            "ru": "Загрузить прогресс из файла, сохранённого {when}?"},
    "ask_undated": {"en": "Load the progress from this file?",
                    "ru": "Загрузить прогресс из этого файла?"},
    "ask_replaces": {"en": "These parts of your progress will be replaced by the file's:",
                     "ru": "Эти части вашего прогресса заменятся данными из файла:"},
    "ask_keeps": {"en": "These stay as they are, because the file does not have them: {parts}.",
                  "ru": "Останутся прежними, потому что их нет в файле: {parts}."},
    "ask_copy": {"en": "The progress it replaces is kept, and you can save it as a file.",
                 "ru": "Прежний прогресс сохранится, и его можно будет скачать файлом."},
    "ask_yes": {"en": "Load and replace", "ru": "Загрузить и заменить"},
    "ask_no": {"en": "Cancel", "ru": "Отмена"},
    "cancelled": {"en": "The file was not loaded: your progress is unchanged.",
                  "ru": "Файл не загружен: ваш прогресс не изменился."},
    # the parts of the progress, as the learner knows them (_PARTS), with what the file holds
    # ({lessons}, {answers}, ...: ImportReport.counts)
    "part_lessons": {"en": "lessons (started: {lessons})", "ru": "уроки (начато: {lessons})"},
    "part_puzzles": {"en": "puzzles (answers: {answers})", "ru": "задачи (ответов: {answers})"},
    "part_matches": {"en": "matches (played: {played}, unfinished: {unfinished})",
                     "ru": "партии (сыграно: {played}, незаконченных: {unfinished})"},
    "part_settings": {"en": "settings", "ru": "настройки"},
    "part_teacher": {"en": "the teacher's puzzle set and results files",
                     "ru": "набор задач и файлы результатов учителя"},
    "part_set_aside": {"en": "damaged records set aside ({set_aside})",
                       "ru": "отложенные повреждённые записи ({set_aside})"},
    "part_table": {"en": "the table {table}", "ru": "таблица {table}"},
    # the same, without the counts: the parts kept as they were
    "kept_lessons": {"en": "lessons", "ru": "уроки"},
    "kept_puzzles": {"en": "puzzles", "ru": "задачи"},
    "kept_matches": {"en": "matches", "ru": "партии"},
    "kept_set_aside": {"en": "damaged records set aside",
                       "ru": "отложенные повреждённые записи"},
    # {link}: "replaced_download", the words of the link that saves it
    "kept": {"en": "The progress it replaced is kept in your data folder as {name}. An online "
                   "session deletes that folder when it ends: to keep the copy, save it with "
                   "the link “{link}” below.",
             "ru": "Прежний прогресс сохранён в папке данных как {name}. Сеанс в интернете, "
                   "закончившись, удаляет эту папку: чтобы не потерять прежний прогресс, "
                   "скачайте его по ссылке «{link}» ниже."},
    "kept_parts": {"en": "Kept as they were, because the file does not have them: {parts}.",
                   "ru": "Остались прежними, потому что их нет в файле: {parts}."},
    "replaced_download": {"en": "Save the progress it replaced",
                          "ru": "Сохранить прежний прогресс"},
    "loaded": {"en": "Progress loaded from the file saved on {exported}.",
               "ru": "Прогресс загружен из файла, сохранённого {exported}."},
    "loaded_undated": {"en": "Progress loaded from the file.",
                       "ru": "Прогресс загружен из файла."},
    "reopen": {"en": "Open the app with this progress", "ru": "Открыть приложение с этим "
                                                             "прогрессом"},
    # {link}: "reopen", the link's words
    "way_on": {"en": "The app's screens still hold the old progress, so the way home is gone: "
                     "to carry on, open the app again with the link “{link}” below.",
               "ru": "Экраны приложения ещё показывают прежний прогресс, поэтому кнопки «Домой» "
                     "больше нет: чтобы продолжить, откройте приложение заново по ссылке "
                     "«{link}» ниже."},
    "failed": {"en": "The file was not loaded, your progress is unchanged. {reason}",
               "ru": "Файл не загружен, ваш прогресс не изменился. {reason}"},
    "db_error": {"en": "The progress database could not be read or written ({reason}). "
                       "Try again in a moment.",
                 "ru": "Не удалось прочитать или записать базу прогресса ({reason}). "
                       "Попробуйте ещё раз чуть позже."},
}

_PARTS: tuple[tuple[str, frozenset[str]], ...] = (
    ("lessons", frozenset({"lesson_progress", "lesson_tasks"})),
    ("puzzles", frozenset({"puzzle_ratings", "puzzle_attempts", "puzzle_reviews",
                           "puzzle_drills", "puzzle_mined_deals"})),
    ("matches", frozenset({"stats", "deals", "saves"})),
    ("settings", frozenset({"prefs"})),
    ("teacher", frozenset({"drafts"})),
    ("set_aside", frozenset({"bad_rows", "bad_saves"})),
)
"""The parts of the progress as the learner knows them, by their tables; a table of none (a
later version's) is named by itself."""


def _parts(tables: Iterable[str]) -> list[str]:
    """The parts (:data:`_PARTS`) that ``tables`` belong to, in their order; ``table:<name>``
    for a table of none."""
    names = set(tables)
    known = frozenset().union(*(held for _, held in _PARTS))
    return ([part for part, held in _PARTS if names & held]
            + [f"table:{name}" for name in sorted(names - known)])


def _when(stamp: str, lang: str) -> str:
    """An export's ISO time as a person reads it: «01.12.2026 в 03:59 (UTC)» / "1 Dec 2026 at
    03:59 (UTC)"; the stamp as it is when it is not a time."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone(UTC)
    except ValueError:
        return stamp
    if lang == "ru":
        return moment.strftime("%d.%m.%Y в %H:%M (UTC)")
    return f"{moment.day} {moment.strftime('%b %Y at %H:%M')} (UTC)"


class BackupPanel(LanguageSwitch, widgets.VBox):  # type: ignore[misc]
    """Download a backup copy of the progress, or upload one: the *Backup copy* section.

    Its header is the other sections' (:class:`~kozel_tutor.widgets.PanelWidget`): the title,
    the way home and the language switch (``on_lang``: the app's own, which switches every
    screen; without it the switch changes this screen).

    A file chosen is checked in full (:func:`check_backup`) and changes nothing yet: the panel
    asks first, as the teacher's screen asks before its set is cleared: what the file will
    replace (its parts, counted, and the date it was saved) and what it does not have, which
    stays; *Cancel* is the main button, and has the focus (Escape presses it: its
    :class:`~.teacher_live.LiveStatus`).  *Load and replace* loads it (:meth:`import_file`),
    keeping the progress it replaces beside the database and offering it for download.  After
    an import the app on screen still holds the old progress in memory, so the panel offers
    only a link that opens the app again (from the imported progress) and no way back to the
    stale screens, and says so.  ``on_import`` is told of every successful import.  Either
    answer gives the focus back to the file button that chose the file.

    How a file went is shown under the buttons (a refusal in the colours of the home screen's
    notice) and read out once by a screen reader, through the header's voice
    (:meth:`PanelWidget.say <kozel_tutor.widgets.PanelWidget.say>`).
    """

    def __init__(self, store: Store, lang: str, *, go_home: Callable[[], None] | None = None,
                 on_import: Callable[[ImportReport], None] | None = None,
                 on_lang: Callable[[], None] | None = None) -> None:
        self.store = store
        self.lang = lang if lang in ("ru", "en") else "en"
        self.go_home = go_home
        self.on_import = on_import
        self.on_lang = on_lang
        self.imported = False
        self.pending: tuple[bytes, ImportReport] | None = None
        """The file chosen and checked, and what it would do, while the panel asks."""
        self.header = PanelWidget(lang=self.lang)
        self.header.add_class("kz-page-header")
        self.header.add_class("kozel-backup-header")
        self.header.on_command(self._command)
        self.intro = widgets.HTML()
        self.download = widgets.HTML()
        self.upload = FileButton(accept=".json,application/json", max_bytes=MAX_BYTES,
                                 testid="backup-upload")
        self.upload.add_class("kozel-backup-upload")
        self.status = widgets.HTML()
        self.upload.on_files(self._on_files)
        # after the button's own handler, which answers the browser: the button then takes
        # the focus back, so the question's Cancel takes it only after that
        self.upload.on_msg(self._after_files)
        self.files = widgets.HBox([self.download, self.upload],
                                  layout=widgets.Layout(align_items="center",
                                                        flex_flow="row wrap"))
        self.files.add_class("kozel-backup-files")
        self.question = widgets.HTML()
        self.load_yes = wbutton("kozel-backup-confirm-yes")
        self.load_yes.on_click(lambda _: self.confirm_import())
        self.load_no = wbutton("kz-wbtn-primary", "kozel-backup-confirm-no")
        self.load_no.on_click(lambda _: self.cancel_import())
        self.confirm = widgets.VBox([self.question, widgets.HBox([self.load_yes, self.load_no])],
                                    layout=widgets.Layout(display="none"))
        self.confirm.add_class("kozel-backup-confirm")
        # Escape in the question presses Cancel; the screen's keys stay its own in JupyterLab
        self.escape = LiveStatus(testid="backup-keys", escape_from=".kozel-backup-confirm",
                               escape_to=".kozel-backup-confirm-no", keys_of=".kozel-backup")
        super().__init__([self.header, self.intro, self.files, self.confirm, self.status,
                          self.escape])
        self.add_class("kozel-backup")
        self.add_class("kz-page")
        self.set_lang(self.lang)

    def _say(self, key: str, **params: object) -> str:
        return _PANEL[key][self.lang].format(**params)

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in ("ru", "en") else "en"
        self._show_header()
        self.intro.value = f"<p>{_escape(self._say('explain'))}</p>"
        self.upload.description = self._say("upload")
        self._word_question()
        self.refresh()

    def _show_header(self) -> None:
        """Title, the way home (none after an import: the screens behind are stale) and the
        language switch."""
        toolbar = [lang_button(self.lang)]
        if self.go_home is not None and not self.imported:
            toolbar.insert(0, {"id": "home", "label": self._say("back"), "testid": "backup-home"})
        view: dict[str, Any] = {"title": self._say("title"), "subtitle": self._say("hint"),
                                "testid": "backup", "toolbar": toolbar, "buttons": []}
        self.header.lang = self.lang
        self.header.view = view

    def _command(self, command: Command) -> None:
        # after an import the only way on is to reopen the app: no way home
        if command.kind == "button" and not (command.value == "home" and self.imported):
            self.header_button(command.value)

    def refresh(self) -> None:
        """Put the learner's current progress behind the download link."""
        try:
            payload = export_progress(self.store)
        except sqlite3.Error as exc:
            message = self._say("db_error", reason=exc)
            self.download.value = f'<p data-testid="backup-error">{_escape(message)}</p>'
            return
        self.download.value = self._download_link(payload, backup_filename(), "download",
                                                  "backup-download")

    def _download_link(self, payload: bytes, name: str, words: str, testid: str) -> str:
        """A link that saves ``payload`` as the file ``name``."""
        data = base64.b64encode(payload).decode("ascii")
        # the arrow is a picture: the link is named by its words alone
        return (f'<a class="kozel-backup-download kz-download" data-testid="{testid}" '
                f'download="{_escape(name)}" href="data:application/json;base64,{data}">'
                f'<span aria-hidden="true">⬇ </span>{_escape(self._say(words))}</a>')

    # -- asking first --------------------------------------------------------------------------

    def choose_file(self, content: bytes) -> ImportReport | None:
        """A file chosen: check it in full (:func:`check_backup`) and, if it can be loaded, ask
        before it replaces anything: what :func:`check_backup` found, or ``None`` (the refusal
        shown).  Nothing is written either way; a question about a file chosen before goes."""
        self._forget_question()
        self.status.value = ""
        try:
            preview = check_backup(self.store, content)
        except (BackupError, sqlite3.Error, OSError) as exc:
            self._refused(exc)
            return None
        self.pending = (content, preview)
        self._word_question()
        self.confirm.layout.display = "flex"
        return preview

    def asking(self) -> bool:
        """Whether the panel is asking before a file replaces the progress."""
        return self.pending is not None

    def confirm_import(self) -> ImportReport | None:
        """*Load and replace*: load the file asked about (:meth:`import_file`); the focus goes
        back to the file button, as the question goes (:meth:`_answered`)."""
        if self.pending is None:
            return None
        content, _ = self.pending
        self._forget_question()
        try:
            return self.import_file(content)
        finally:
            self._answered()

    def cancel_import(self) -> None:
        """*Cancel* (or Escape): the file is not loaded, and the panel says so; the focus goes
        back to the file button (:meth:`_answered`)."""
        if self.pending is None:
            return
        self._forget_question()
        message = self._say("cancelled")
        self.header.say(message, self.lang)
        self.status.value = f'<p data-testid="backup-cancelled">{_escape(message)}</p>'
        self._answered()

    def _answered(self) -> None:
        """The question answered and gone, with the button that had the focus: the focus goes
        back to the file button that started it, not to the page's start, and a keyboard
        goes on from there (what came of it is read out by the header's voice, and stands
        under the button)."""
        self.upload.focus()

    def _forget_question(self) -> None:
        self.pending = None
        self.confirm.layout.display = "none"

    def _part_names(self, parts: list[str], counts: dict[str, int] | None) -> list[str]:
        """The parts named, with the file's ``counts`` (none: the parts kept, named alone)."""
        words = []
        for part in parts:
            if part.startswith("table:"):
                words.append(self._say("part_table", table=part.partition(":")[2]))
            elif counts is None:
                key = f"kept_{part}"
                words.append(self._say(key if key in _PANEL else f"part_{part}"))
            else:
                words.append(self._say(f"part_{part}", **counts))
        return words

    def _kept_words(self, tables: tuple[str, ...]) -> str:
        """The parts of the progress that ``tables`` (the ones the file lacks) belong to."""
        return word_list(self._part_names(_parts(tables), None), self.lang)

    def _word_question(self) -> None:
        """The question, in the screen's language; it also describes its two buttons (their
        title: a screen reader says it with the button's name)."""
        self.load_yes.description = self._say("ask_yes")
        self.load_no.description = self._say("ask_no")
        if self.pending is None:
            return
        preview = self.pending[1]
        held = [part for part in _parts(preview.rows)
                if part != "set_aside" or preview.counts.get("set_aside")]
        parts = self._part_names(held, preview.counts)
        first = (self._say("ask", when=_when(preview.exported, self.lang)) if preview.exported
                 else self._say("ask_undated"))
        replaces = self._say("ask_replaces")
        after = [self._say("ask_keeps", parts=self._kept_words(preview.kept))] \
            if preview.kept else []
        after.append(self._say("ask_copy"))
        items = "".join(f"<li>{_escape(part)}</li>" for part in parts)
        self.question.value = (
            f'<div data-testid="backup-ask"><p>{_escape(first)} {_escape(replaces)}</p>'
            f'<ul data-testid="backup-ask-parts">{items}</ul>'
            f'{"".join(f"<p>{_escape(line)}</p>" for line in after)}</div>')
        self.load_yes.tooltip = self.load_no.tooltip = " ".join(
            (first, f"{replaces} {'; '.join(parts)}.", *after))

    def _after_files(self, _widget: object, content: object, _buffers: object) -> None:
        """A file message handled (:meth:`FileButton.receive`, which answered it): the focus on
        the question's Cancel, the safe answer, if the panel asks."""
        if isinstance(content, dict) and content.get("type") == "files" and self.asking():
            self.load_no.focus()

    # -- loading -------------------------------------------------------------------------------

    def import_file(self, content: bytes) -> ImportReport | None:
        """Import ``content`` at once and say how it went in :attr:`status`; ``None`` if
        refused.  A file the learner chooses is asked about first (:meth:`choose_file`): this
        is the question's *Load and replace*.

        The progress it replaces is first kept as a backup copy beside the database
        (``progress-before-import-<time>.json``), and offered for download after the import,
        so loading the wrong file loses nothing."""
        kept = self.store.path.with_name(
            f"progress-before-import-{datetime.now(UTC):%Y%m%d-%H%M%S}.json")
        try:
            before = export_progress(self.store)
            atomic_write_bytes(kept, before)
            report = import_progress(self.store, content)
        except (BackupError, sqlite3.Error, OSError) as exc:
            kept.unlink(missing_ok=True)   # nothing was changed: nothing to keep
            self._refused(exc)
            return None
        loaded = (self._say("loaded", exported=_when(report.exported, self.lang))
                  if report.exported else self._say("loaded_undated"))
        said = [loaded]
        if report.kept:
            said.append(self._say("kept_parts", parts=self._kept_words(report.kept)))
        said.append(self._say("kept", name=kept.name, link=self._say("replaced_download")))
        message = " ".join(said)
        # the saves and rows of the file that were set aside; rows are told once, here
        notices = [save_set_aside_notice(reason, self.lang)
                   for reason in dict.fromkeys(report.set_aside)]
        rows_notice = untold_notice(self.store, self.lang)
        if rows_notice is not None:
            notices.append(rows_notice)
        set_aside = "".join(f'<p data-testid="backup-set-aside">{_escape(notice)}</p>'
                            for notice in notices)
        way_on = self._say("way_on", link=self._say("reopen"))
        replaced = self._download_link(before, kept.name, "replaced_download", "backup-replaced")
        # read out once, with the way on: the header loses its way home below
        self.header.say(" ".join((message, *notices, way_on)), self.lang)
        # "?" is this very page without its query: following it starts the app afresh.
        self.status.value = (f'<p data-testid="backup-ok">{_escape(message)}</p>'
                             f'<p>{replaced}</p>{set_aside}'
                             f'<p data-testid="backup-way-on">{_escape(way_on)}</p>'
                             f'<p><a href="?" target="_self" data-testid="backup-reopen">'
                             f'{_escape(self._say("reopen"))}</a></p>')
        self.imported = True
        self._show_header()
        self.refresh()
        if self.on_import is not None:
            self.on_import(report)
        return report

    def _refused(self, exc: BackupError | sqlite3.Error | OSError) -> None:
        message = (self._say("failed", reason=exc.text(self.lang))
                   if isinstance(exc, BackupError) else self._say("db_error", reason=exc))
        # shown as the home screen's notices are (panel.css), read out once by the header
        self.header.say(message, self.lang)
        self.status.value = (f'<p class="kz-panel-error" data-testid="backup-error">'
                             f'{_escape(message)}</p>')

    def _on_files(self, files: list[ChosenFile]) -> None:
        chosen = files[0]
        if chosen.content is not None:
            self.choose_file(chosen.content)
            return
        self._forget_question()
        too_big = chosen.problem == "too_big"
        problem = _too_big(chosen.size) if too_big else BackupError("unreadable")
        self._refused(problem)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _open_section(context: SectionContext) -> BackupPanel:
    return BackupPanel(context.store, context.lang, go_home=context.go_home,
                       on_lang=context.toggle_lang)


register_section(Section("progress", _PANEL["title"], _PANEL["hint"], "⇅", _open_section,
                         order=900))
