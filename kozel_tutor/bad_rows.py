"""Rows of the progress database that cannot be read are set aside, never lost.

A row whose values do not fit their columns (text in a number column, bytes that are not text,
stored JSON that does not parse) never stops a reader: :func:`readable_rows` moves it, whole, to
the ``bad_rows`` table with the reason (:func:`set_aside_row`), and the app tells the learner
once (:func:`take_untold`).  :func:`read_stored_json` reads a stored JSON value the same way:
anything damaged is one :class:`UnreadableValue`, never another exception.  The app's store,
its progress file, lesson progress and the puzzle record all use this module and its table.

A value travels as JSON the same way everywhere (:func:`json_value`, back with
:func:`stored_value`): text that is UTF-8 as a string, numbers and NULL as themselves, anything
else (blobs, text that is not UTF-8) as ``{"base64": ...}``.  :func:`raw_rows` reads a whole
table so, whatever it holds; :func:`misfit` is the one rule of what fits a column.
"""

from __future__ import annotations

import base64
import json
import math
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from .json_input import JsonProblem, decode_json

__all__ = [
    "BAD_ROWS_SCHEMA",
    "MAX_JSON_DEPTH",
    "UnreadableValue",
    "add_bad_row",
    "affinity",
    "column_names",
    "column_types",
    "is_cell",
    "json_value",
    "kept_text",
    "misfit",
    "quote",
    "raw_rows",
    "read_stored_json",
    "readable_rows",
    "row_misfit",
    "set_aside_row",
    "stored_value",
    "take_untold",
]

BAD_ROWS_SCHEMA = """
CREATE TABLE IF NOT EXISTS bad_rows (
    id INTEGER PRIMARY KEY, source TEXT NOT NULL, data TEXT NOT NULL, reason TEXT NOT NULL,
    moved REAL NOT NULL, told INTEGER NOT NULL DEFAULT 0);
"""
"""Rows set aside because they could not be read: ``source`` is their table, ``data`` the row
as a JSON object (bytes as ``{"base64": ...}``), ``told`` whether the learner was told."""
MAX_JSON_DEPTH = 32
"""Deepest nesting of stored JSON read back (saves and puzzles are about 5 deep): anything
deeper is damage, and would exhaust Python's recursion limit long before it got near a game."""


# -- stored values that cannot be read ----------------------------------------------------


class UnreadableValue(ValueError):
    """A stored value that cannot be read back.  ``reason`` says why, as a key the app turns
    into words (``not_text``, ``not_json``, ``too_deep``, ``not_object``); the message says it
    in English, for the log and the ``bad_*`` tables."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def read_stored_json(data: object, *, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``data`` (text or UTF-8 bytes, as SQLite returns it) decoded as JSON, however damaged it
    is: anything that is not JSON nested at most ``max_depth`` deep raises
    :class:`UnreadableValue`, never another exception.

    >>> read_stored_json('{"a": [1]}')
    {'a': [1]}
    >>> read_stored_json("[" * 100_000 + "]" * 100_000)
    Traceback (most recent call last):
    ...
    kozel_tutor.bad_rows.UnreadableValue: JSON nested too deeply
    """
    if not isinstance(data, str | bytes):
        raise UnreadableValue("not_text", f"not text but {type(data).__name__}")
    try:
        return decode_json(data, max_depth=max_depth)
    except JsonProblem as problem:   # a number too long to read is damage like any other
        reason = "not_json" if problem.reason == "long_number" else problem.reason
        raise UnreadableValue(reason, str(problem)) from None


def affinity(declared: str) -> str:
    """SQLite's column affinity of a declared type (https://sqlite.org/datatype3.html §3.1):
    INTEGER, TEXT, BLOB, REAL or NUMERIC."""
    upper = declared.upper()
    if "INT" in upper:
        return "INTEGER"
    if any(word in upper for word in ("CHAR", "CLOB", "TEXT")):
        return "TEXT"
    if "BLOB" in upper or not upper:
        return "BLOB"
    if any(word in upper for word in ("REAL", "FLOA", "DOUB")):
        return "REAL"
    return "NUMERIC"


def quote(identifier: str) -> str:
    """``identifier`` as an SQL identifier, whatever it holds.

    >>> quote('a "b" c')
    '"a ""b"" c"'
    """
    return '"' + identifier.replace('"', '""') + '"'


def column_names(conn: sqlite3.Connection, table: str) -> list[str]:
    return [name for name, _ in column_types(conn, table)]


def column_types(conn: sqlite3.Connection, table: str) -> list[tuple[str, str]]:
    """The ``(name, affinity)`` of every column of ``table``, in order."""
    return [(str(c[1]), affinity(str(c[2])))
            for c in conn.execute(f"PRAGMA table_info({quote(table)})")]


def _raw_columns(conn: sqlite3.Connection, table: str) -> tuple[list[tuple[str, str]], str]:
    """The ``(name, affinity)`` of every column of ``table`` and the SQL that selects each as
    its storage class and its value, text as bytes (text that is not UTF-8 cannot be fetched
    as ``str``)."""
    columns = column_types(conn, table)
    return columns, ", ".join(_raw(name) for name, _ in columns)


def _raw(column: str) -> str:
    """SQL for the storage class of ``column`` and its value, text as bytes."""
    name = quote(column)
    return (f"typeof({name}), CASE WHEN typeof({name}) = 'text' THEN CAST({name} AS BLOB) "
            f"ELSE {name} END")


def _json_values(count: int, raw: Sequence[object], start: int = 0) -> list[object]:
    """The ``count`` values selected by :func:`_raw_columns` from ``raw[start:]``, as JSON."""
    return [json_value(str(raw[start + 2 * n]), raw[start + 2 * n + 1]) for n in range(count)]


# -- values as JSON, and what fits a column -------------------------------------------------

_INT64 = range(-2**63, 2**63)


def json_value(kind: str, raw: object) -> object:
    r"""A stored value as JSON, given its storage class ``kind`` (``typeof()``) and its value
    with text as bytes (:func:`_raw_columns`): UTF-8 text as text, numbers and NULL as
    themselves, any other bytes (a blob, text that is not UTF-8) as ``{"base64": ...}``, kept
    byte for byte.  An infinite number (JSON has none) becomes the text ``'inf'`` or
    ``'-inf'``, which fits no number column.

    >>> json_value("text", "привет".encode()), json_value("text", b"\xff\xfe")
    ('привет', {'base64': '//4='})
    >>> json_value("blob", b"ok"), json_value("integer", 7), json_value("real", float("inf"))
    ({'base64': 'b2s='}, 7, 'inf')
    """
    if kind == "text" and isinstance(raw, bytes):
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            pass
    if isinstance(raw, bytes):
        return {"base64": base64.b64encode(raw).decode("ascii")}
    if isinstance(raw, float) and not math.isfinite(raw):
        return repr(raw)
    return raw


def is_cell(value: object) -> bool:
    """Whether ``value`` is one stored value as JSON: a scalar or ``{"base64": "..."}``, never a
    list or another object.  Whether it fits its column is :func:`misfit`'s question."""
    if isinstance(value, dict):
        return set(value) == {"base64"} and isinstance(value["base64"], str)
    return value is None or isinstance(value, str | int | float)


def _blob(value: object) -> bytes | None:
    """The bytes of ``{"base64": ...}``, or ``None`` if ``value`` is not that."""
    if not isinstance(value, dict) or not is_cell(value):
        return None
    try:
        return base64.b64decode(value["base64"], validate=True)
    except ValueError:
        return None


def _is_text(value: object) -> bool:
    """Text SQLite can store: a string that is UTF-8 (no lone surrogate, which JSON allows)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_number(value: object, *, whole: bool) -> bool:
    """A number SQLite can store: a 64-bit integer or, unless ``whole``, a finite float; never
    ``True``/``False`` (SQLite has no booleans; the app stores 1 and 0)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value in _INT64
    return not whole and isinstance(value, float) and math.isfinite(value)


def misfit(value: object, column_affinity: str) -> str | None:
    """Why ``value`` (JSON, as :func:`json_value` gives it) does not belong in a column of
    ``column_affinity`` (:func:`affinity`), or ``None`` if it does.

    Stricter than SQLite, which stores anything anywhere: ``None`` fits every column (``NOT
    NULL`` is SQLite's to enforce); TEXT holds UTF-8 text; INTEGER a 64-bit whole number; REAL
    and NUMERIC such a number or a finite float; BLOB (and a column without a type) any of
    these or bytes (``{"base64": ...}``).  Booleans, infinite numbers, numbers too large for
    SQLite, lists, objects and damaged base64 fit nowhere.

    >>> misfit(3, "INTEGER"), misfit(2.5, "INTEGER"), misfit(True, "NUMERIC")
    (None, 'not a whole number', 'not a number')
    >>> misfit({"base64": "//4="}, "TEXT"), misfit({"base64": "//4="}, "BLOB")
    ('not text', None)
    """
    if value is None:
        return None
    if column_affinity == "TEXT":
        return None if _is_text(value) else "not text"
    if column_affinity == "INTEGER":
        return None if _is_number(value, whole=True) else "not a whole number"
    if column_affinity in ("REAL", "NUMERIC"):
        return None if _is_number(value, whole=False) else "not a number"
    if _is_text(value) or _is_number(value, whole=False) or _blob(value) is not None:
        return None
    return "not a value SQLite can hold"


def row_misfit(columns: Sequence[tuple[str, str]], values: Sequence[object]) -> str | None:
    """Why a row of ``values`` (JSON) does not fit its ``(name, affinity)`` columns, naming
    each column it does not fit (``"points: not a whole number"``), or ``None``."""
    problems = [f"{name}: {problem}" for (name, kind), value in zip(columns, values, strict=True)
                if (problem := misfit(value, kind)) is not None]
    return "; ".join(problems) or None


def stored_value(value: object) -> str | int | float | bytes | None:
    """What to store for ``value``, JSON that fits its column (:func:`misfit`): bytes for
    ``{"base64": ...}``, anything else as it is.  The inverse of :func:`json_value`."""
    blob = _blob(value)
    if blob is not None:
        return blob
    if value is None or isinstance(value, str | int | float):
        return value
    raise ValueError(f"not a value SQLite can hold: {type(value).__name__}")


# -- whole tables, and rows set aside -------------------------------------------------------


def raw_rows(conn: sqlite3.Connection, table: str) -> tuple[list[str], list[list[object]]]:
    r"""The column names of ``table`` and every one of its rows (in ``rowid`` order if it has
    one), each value as JSON (:func:`json_value`).  Never fails on a value: a row of any
    damage is read whole, byte for byte.

    >>> conn = sqlite3.connect(":memory:")
    >>> _ = conn.execute("CREATE TABLE t (k TEXT, n INTEGER)")
    >>> _ = conn.execute("INSERT INTO t VALUES (CAST(? AS TEXT), 1), ('ok', 'x')", (b"\xff",))
    >>> raw_rows(conn, "t")
    (['k', 'n'], [[{'base64': '/w=='}, 1], ['ok', 'x']])
    """
    described, sql = _raw_columns(conn, table)
    order = " ORDER BY rowid" if _has_rowid(conn, table) else ""
    rows = [_json_values(len(described), raw)
            for raw in conn.execute(f"SELECT {sql} FROM {quote(table)}{order}")]
    return [name for name, _ in described], rows


def _has_rowid(conn: sqlite3.Connection, table: str) -> bool:
    try:
        conn.execute(f"SELECT rowid FROM {quote(table)} LIMIT 0")
    except sqlite3.OperationalError:
        return False   # a WITHOUT ROWID table
    return True


def readable_rows(conn: sqlite3.Connection, table: str, columns: Sequence[str],
                  where: str = "", params: Sequence[object] = (), tail: str = ""
                  ) -> list[tuple[Any, ...]]:
    """``(rowid, *columns)`` of the rows of ``table`` that match ``where`` (SQL, with
    ``params``; ``tail`` is an ``ORDER BY``/``LIMIT``).  A row with any value that does not fit
    its column's type (text in a number column, bytes or damaged text in a text column, an
    infinite number) is set aside (:func:`set_aside_row`) instead of returned."""
    described, sql = _raw_columns(conn, table)
    index = {name: number for number, (name, _) in enumerate(described)}
    fetched = conn.execute(
        f"SELECT rowid, {sql} FROM {quote(table)}" + (f" WHERE {where}" if where else "")
        + (f" {tail}" if tail else ""), tuple(params)).fetchall()
    rows: list[tuple[Any, ...]] = []
    for raw in fetched:
        values = _json_values(len(described), raw, start=1)
        problem = row_misfit(described, values)
        if problem is not None:
            set_aside_row(conn, table, int(raw[0]), problem)
            continue
        rows.append((int(raw[0]), *(values[index[name]] for name in columns)))
    return rows


def set_aside_row(conn: sqlite3.Connection, table: str, rowid: int, reason: str) -> None:
    """Move row ``rowid`` of ``table`` to ``bad_rows``, whole, with ``reason``: in the caller's
    transaction if there is one, else in one of its own."""
    described, sql = _raw_columns(conn, table)
    conn.execute("SAVEPOINT set_aside_row")
    try:
        raw = conn.execute(f"SELECT {sql} FROM {quote(table)} WHERE rowid = ?",
                           (rowid,)).fetchone()
        if raw is not None:
            values = _json_values(len(described), raw)
            add_bad_row(conn, table, dict(zip((name for name, _ in described), values,
                                              strict=True)), reason)
            conn.execute(f"DELETE FROM {quote(table)} WHERE rowid = ?", (rowid,))
    except BaseException:
        conn.execute("ROLLBACK TO set_aside_row")
        conn.execute("RELEASE set_aside_row")
        raise
    conn.execute("RELEASE set_aside_row")


def add_bad_row(conn: sqlite3.Connection, source: str, data: dict[str, object],
                reason: str) -> None:
    """Keep a row of table ``source`` that cannot be used in ``bad_rows``: ``data`` maps its
    columns to their values as JSON (:func:`json_value`, or as a progress file held them)."""
    text = json.dumps(data, ensure_ascii=False)
    if not _is_text(text):   # a lone surrogate from a hand-made file: kept as a JSON escape
        text = json.dumps(data)
    conn.execute("INSERT INTO bad_rows (source, data, reason, moved) VALUES (?, ?, ?, ?)",
                 (source, text, reason, time.time()))


def kept_text(conn: sqlite3.Connection, table: str, column: str, where: str,
              params: Sequence[object]) -> tuple[str, bool] | None:
    """The value of ``column`` in the first row of ``table`` matching ``where`` as text that
    keeps every byte: ``(text, False)`` for UTF-8 text, ``(base64, True)`` for anything else;
    ``None`` without such a row."""
    row = conn.execute(f"SELECT {_raw(column)} FROM {quote(table)} WHERE {where}",
                       tuple(params)).fetchone()
    if row is None:
        return None
    [value] = _json_values(1, row)
    if isinstance(value, dict):
        return str(value["base64"]), True
    return str(value), False


def take_untold(conn: sqlite3.Connection) -> list[str]:
    """The tables of the rows set aside since the learner was last told (each once, in the
    order they were set aside), marked as told."""
    conn.execute("SAVEPOINT take_untold")
    try:
        rows = conn.execute("SELECT source FROM bad_rows WHERE told = 0 ORDER BY id").fetchall()
        conn.execute("UPDATE bad_rows SET told = 1 WHERE told = 0")
    except BaseException:
        conn.execute("ROLLBACK TO take_untold")
        conn.execute("RELEASE take_untold")
        raise
    conn.execute("RELEASE take_untold")
    return list(dict.fromkeys(str(row[0]) for row in rows))
