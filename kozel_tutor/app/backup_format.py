"""The backup copy's file: the learner's progress written to a JSON file and read back.

A Binder session is thrown away after some idle minutes, and its SQLite database with it.  The
learner keeps progress across sessions by downloading a *backup copy* (a JSON file) and
uploading it in the next session.  The file holds every table of the :class:`~.store.Store`
database except its private ``meta`` table: the match in progress, statistics, preferences,
and whatever tables later versions add (lessons, ratings): nothing here lists them by hand.

This module is the file format alone, with no widgets: a script writes, reads, checks and
imports backup copies with it (:func:`write_backup`, :func:`read_backup`, :func:`check_backup`,
:func:`import_progress`).  The *Backup copy* screen is :class:`~.backup.BackupPanel`.

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
file with what that found.

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
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

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
from ..i18n import plural_ru
from ..json_input import FileTooLarge, JsonProblem, decode_json, read_capped
from ..lessons.progress import SCHEMA as LESSON_SCHEMA
from ..puzzles.progress import SCHEMA as PUZZLE_SCHEMA
from ..puzzles.progress import rating_problem
from ..puzzles.texts import bytes_phrase
from ..sqlite_files import short_reading
from .store import SCHEMA_VERSION, Store, parse_save

log = logging.getLogger(__name__)

__all__ = [
    "APP",
    "COUNTS",
    "FORMAT",
    "KIND",
    "MAX_BYTES",
    "BackupError",
    "ImportReport",
    "backup_filename",
    "check_backup",
    "export_progress",
    "import_progress",
    "read_backup",
    "too_big",
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


def too_big(size: int) -> BackupError:
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
    with short_reading(store.path) as conn:
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


def _decode(data: bytes) -> dict[str, Any]:
    """The file's JSON document (:func:`~kozel_tutor.json_input.decode_json`, strict: no
    ``NaN``, no key twice in one object), which must be a kozel-tutor backup copy."""
    if len(data) > MAX_BYTES:
        raise too_big(len(data))
    try:
        document = decode_json(data, strict=True)
    except JsonProblem as problem:
        if problem.reason == "not_text":
            raise BackupError("not_text") from None
        log.info("backup copy is not JSON: %s", problem)   # the parser's words, for the log
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
    :func:`write_backup` takes), refusing a file too large (:func:`too_big`) as it reads: never
    more than one byte past :data:`MAX_BYTES`, even from a named pipe or a file still growing
    (:func:`~kozel_tutor.json_input.read_capped`)."""
    try:
        return read_capped(path, MAX_BYTES)
    except FileTooLarge as exc:
        raise too_big(exc.size) from None


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
    with short_reading(store.path) as conn:
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

