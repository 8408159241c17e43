"""Rows of the progress database that cannot be read are set aside, never lost.

A row whose values do not fit their columns (text in a number column, bytes that are not text,
stored JSON that does not parse) never stops a reader: :func:`readable_rows` moves it, whole, to
the ``bad_rows`` table with the reason (:func:`set_aside_row`), and the app tells the learner
once (:func:`take_untold`).  :func:`read_stored_json` reads a stored JSON value the same way:
anything damaged is one :class:`UnreadableValue`, never another exception.  The app's store,
its progress file and the puzzle record all use this module and its table.
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
    "affinity",
    "column_names",
    "kept_text",
    "read_stored_json",
    "readable_rows",
    "set_aside_row",
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


def _quote(identifier: str) -> str:
    return '"' + identifier.replace('"', '""') + '"'


def column_names(conn: sqlite3.Connection, table: str) -> list[str]:
    return [str(c[1]) for c in conn.execute(f"PRAGMA table_info({_quote(table)})")]


def _raw_columns(conn: sqlite3.Connection, table: str) -> tuple[list[tuple[str, str]], str]:
    """The ``(name, affinity)`` of every column of ``table`` and the SQL that selects each as
    its storage class and its value, text as bytes (text that is not UTF-8 cannot be fetched
    as ``str``)."""
    columns = [(str(c[1]), affinity(str(c[2])))
               for c in conn.execute(f"PRAGMA table_info({_quote(table)})")]
    return columns, ", ".join(_raw(name) for name, _ in columns)


def _raw(column: str) -> str:
    """SQL for the storage class of ``column`` and its value, text as bytes."""
    name = _quote(column)
    return (f"typeof({name}), CASE WHEN typeof({name}) = 'text' THEN CAST({name} AS BLOB) "
            f"ELSE {name} END")


def _plain(kind: str, raw: object) -> object:
    """A value fetched by :func:`_raw_columns` as JSON: text as text, anything else that is
    not a number or NULL as ``{"base64": ...}``."""
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


def _misfit(value: object, column_affinity: str) -> str | None:
    """Why ``value`` (a :func:`_plain` value) does not belong in its column, or ``None``."""
    if value is None or column_affinity in ("BLOB", "NUMERIC"):
        return None
    if column_affinity == "TEXT":
        return None if isinstance(value, str) else "not text"
    if column_affinity == "INTEGER":
        return None if isinstance(value, int) else "not a whole number"
    return None if isinstance(value, int | float) else "not a number"


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
        f"SELECT rowid, {sql} FROM {_quote(table)}" + (f" WHERE {where}" if where else "")
        + (f" {tail}" if tail else ""), tuple(params)).fetchall()
    rows: list[tuple[Any, ...]] = []
    for raw in fetched:
        values = [_plain(str(raw[1 + 2 * n]), raw[2 + 2 * n]) for n in range(len(described))]
        problems = [f"{name}: {problem}" for (name, kind), value in zip(described, values,
                                                                         strict=True)
                    if (problem := _misfit(value, kind)) is not None]
        if problems:
            set_aside_row(conn, table, int(raw[0]), "; ".join(problems))
            continue
        rows.append((int(raw[0]), *(values[index[name]] for name in columns)))
    return rows


def set_aside_row(conn: sqlite3.Connection, table: str, rowid: int, reason: str) -> None:
    """Move row ``rowid`` of ``table`` to ``bad_rows``, whole, with ``reason``: in the caller's
    transaction if there is one, else in one of its own."""
    described, sql = _raw_columns(conn, table)
    conn.execute("SAVEPOINT set_aside_row")
    try:
        raw = conn.execute(f"SELECT {sql} FROM {_quote(table)} WHERE rowid = ?",
                           (rowid,)).fetchone()
        if raw is not None:
            data = {name: _plain(str(raw[2 * n]), raw[2 * n + 1])
                    for n, (name, _) in enumerate(described)}
            conn.execute("INSERT INTO bad_rows (source, data, reason, moved) VALUES (?, ?, ?, ?)",
                         (table, json.dumps(data, ensure_ascii=False), reason, time.time()))
            conn.execute(f"DELETE FROM {_quote(table)} WHERE rowid = ?", (rowid,))
    except BaseException:
        conn.execute("ROLLBACK TO set_aside_row")
        conn.execute("RELEASE set_aside_row")
        raise
    conn.execute("RELEASE set_aside_row")


def kept_text(conn: sqlite3.Connection, table: str, column: str, where: str,
              params: Sequence[object]) -> tuple[str, bool] | None:
    """The value of ``column`` in the first row of ``table`` matching ``where`` as text that
    keeps every byte: ``(text, False)`` for UTF-8 text, ``(base64, True)`` for anything else;
    ``None`` without such a row."""
    row = conn.execute(f"SELECT {_raw(column)} FROM {_quote(table)} WHERE {where}",
                       tuple(params)).fetchone()
    if row is None:
        return None
    value = _plain(str(row[0]), row[1])
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
