"""Progress in SQLite: the match in progress, statistics, preferences.

The database lives in the learner's data folder (:mod:`kozel_tutor.data_home`: the user's data
folder, or ``$KOZEL_TUTOR_HOME`` when set; tests use a temporary folder).  Every write is one
transaction.  Saves are JSON, checked when loaded (never pickle); so is the work a section
keeps unfinished between visits (a teacher's set: :meth:`Store.save_draft`).

Nothing here ever stops the app, and nothing is lost without a word:

* a database SQLite finds damaged is renamed aside and a fresh one started
  (:attr:`Store.recovered`; the new file remembers where the old one went until the learner
  has read it: :meth:`Store.set_aside_note`);
* a good database that cannot be written (read-only, held by another program for longer than
  a second when the store opens it) is left as it is and the session works on a copy that is
  not kept (:attr:`Store.not_kept` says why);
* a file another window or program holds later, while the app is open, is waited for briefly
  (a second: :func:`~kozel_tutor.sqlite_files.short_reading`): the call then fails with
  :class:`sqlite3.OperationalError`, which its caller copes with, and the next call tries again;
* a save that does not load (any bytes, any JSON shape, nested too deeply) is moved to the
  ``bad_saves`` table, and any other row whose values (a draft among them) cannot be read to
  the ``bad_rows`` table (:mod:`kozel_tutor.bad_rows`): :class:`UnreadableValue` and
  :meth:`Store.take_untold` say what happened so the app can tell the learner;
* two windows (two kernels) on one file never write over each other's match or draft: each
  store remembers the version (``updated``) of the match and drafts it read, and a write over
  a newer version is refused with :class:`ChangedElsewhere` -- nothing is written, no deal is
  counted twice (:attr:`Store.match_changed_elsewhere`).

>>> import tempfile
>>> store = Store(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> store.save_match({"hello": 1}); store.load_match()
{'hello': 1}
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from ..bad_rows import (
    BAD_ROWS_SCHEMA,
    UnreadableValue,
    kept_text,
    read_stored_json,
    readable_rows,
    set_aside_row,
    take_untold,
)
from ..data_home import DB_NAME, data_dir, progress_file
from ..scoring import DealResult, MatchScore
from ..seats import Team
from ..sqlite_files import (
    SET_ASIDE_KEY,
    NotKept,
    open_database,
    short_reading,
    short_transaction,
)

__all__ = ["DB_NAME", "ChangedElsewhere", "NotKept", "Stats", "Store", "UnreadableValue",
           "data_dir", "parse_save"]

log = logging.getLogger(__name__)

SCHEMA_VERSION = "1"
#: the app's match in progress; the play notebook keeps its own (``Store(slot="notebook")``)
MATCH_SLOT = "match"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS saves (
    slot TEXT PRIMARY KEY, data TEXT NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS bad_saves (
    id INTEGER PRIMARY KEY, slot TEXT NOT NULL, data TEXT NOT NULL, reason TEXT NOT NULL,
    moved REAL NOT NULL);
CREATE TABLE IF NOT EXISTS stats (
    level TEXT NOT NULL, trump TEXT NOT NULL,
    matches INTEGER NOT NULL DEFAULT 0, wins INTEGER NOT NULL DEFAULT 0,
    deals INTEGER NOT NULL DEFAULT 0, deals_won INTEGER NOT NULL DEFAULT 0,
    eggs INTEGER NOT NULL DEFAULT 0, points INTEGER NOT NULL DEFAULT 0,
    goats INTEGER NOT NULL DEFAULT 0, naked_goats INTEGER NOT NULL DEFAULT 0,
    opponents_naked INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (level, trump));
CREATE TABLE IF NOT EXISTS prefs (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS deals (
    id INTEGER PRIMARY KEY, level TEXT NOT NULL, trump TEXT NOT NULL, data TEXT NOT NULL,
    finished REAL NOT NULL);
CREATE TABLE IF NOT EXISTS drafts (
    name TEXT PRIMARY KEY, data TEXT NOT NULL, updated REAL NOT NULL);
INSERT OR IGNORE INTO meta VALUES ('schema', '""" + SCHEMA_VERSION + """');
""" + BAD_ROWS_SCHEMA


@dataclass(frozen=True)
class Stats:
    """The learner's record for one difficulty and trump rule."""

    matches: int = 0
    wins: int = 0
    deals: int = 0
    deals_won: int = 0
    eggs: int = 0
    points: int = 0
    goats: int = 0
    naked_goats: int = 0
    opponents_naked: int = 0

    @property
    def points_per_deal(self) -> float:
        return self.points / self.deals if self.deals else 0.0


_STAT_FIELDS = tuple(f.name for f in fields(Stats))


def parse_save(data: object) -> dict[str, Any]:
    """A stored save (text or bytes, as SQLite or a progress file holds it) as a JSON object.

    Whatever ``data`` is, the only exception is :class:`UnreadableValue`, whose ``reason`` the
    app turns into words (:func:`~kozel_tutor.app.notices.save_set_aside_notice`).  The rules
    of the game are checked later, by :meth:`MatchSession.from_json
    <kozel_tutor.app.session.MatchSession.from_json>`.

    >>> parse_save('{"version": 1}')
    {'version': 1}
    >>> parse_save("[1, 2]")
    Traceback (most recent call last):
    ...
    kozel_tutor.bad_rows.UnreadableValue: a save must be a JSON object
    """
    value = read_stored_json(data)
    if not isinstance(value, dict):
        raise UnreadableValue("not_object", "a save must be a JSON object")
    return value


class Store:
    """The app's SQLite database.  Thread-safe: every call opens its own short connection.

    ``slot`` names the match in progress this store saves and loads; statistics, finished deals
    and preferences are shared by every slot of the file.
    """

    def __init__(self, path: Path | None = None, *, slot: str = MATCH_SLOT) -> None:
        self.file = path or progress_file()
        """The learner's progress file (:attr:`path` is it, unless nothing can be kept)."""
        self.slot = slot
        opened = open_database(self.file, _SCHEMA)
        self._opened = opened   # holds the temporary folder of a copy for as long as the store
        self.path = opened.path
        """Where this store reads and writes: :attr:`file`, or a copy when :attr:`not_kept`."""
        self.recovered: Path | None = opened.recovered
        """The damaged file set aside when this store opened (also :meth:`set_aside_note`)."""
        self.not_kept: NotKept | None = opened.not_kept
        """Why nothing of this session is kept, when the progress file cannot be written."""
        self._lock = threading.RLock()
        self._versions: dict[tuple[str, str], object] = {}
        self._stale: set[tuple[str, str]] = set()

    # -- rows that another window may write too -----------------------------------------------

    @contextmanager
    def _claim(self, table: str, key: str) -> Iterator[tuple[sqlite3.Connection, float]]:
        """A transaction that writes the row ``key`` of ``table`` (``saves`` by slot, ``drafts``
        by name) with a new version (its ``updated`` time), refused with
        :class:`ChangedElsewhere` if another window wrote or deleted the row since this store
        last read or wrote it.  A row this store never read is its to write."""
        with self._lock:
            with short_transaction(self.path) as conn:
                current = _version(conn, table, key)
                if self._versions.get((table, key), current) != current:
                    self._stale.add((table, key))
                    raise ChangedElsewhere(table, key)
                yield conn, _next_version(current)
                after = _version(conn, table, key)
            self._seen(table, key, after)

    def _seen(self, table: str, key: str, version: object) -> None:
        """This store now holds the row's ``version`` (``None``: there is no such row)."""
        with self._lock:
            self._versions[(table, key)] = version
            self._stale.discard((table, key))

    @property
    def match_changed_elsewhere(self) -> bool:
        """Whether a write of the match was refused because another window had changed it
        (until the match is read again: :meth:`read_match`)."""
        return ("saves", self.slot) in self._stale

    # -- the damaged file set aside -----------------------------------------------------------

    def set_aside_note(self) -> Path | None:
        """The damaged progress file this one replaced, until :meth:`forget_set_aside`."""
        with short_reading(self.path) as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (SET_ASIDE_KEY,)
                               ).fetchone()
        return None if row is None else self.file.with_name(str(row[0]))

    def forget_set_aside(self) -> None:
        """The learner has read where the damaged file went."""
        with short_transaction(self.path) as conn:
            conn.execute("DELETE FROM meta WHERE key = ?", (SET_ASIDE_KEY,))

    # -- the match in progress ----------------------------------------------------------------

    def save_match(self, data: dict[str, Any]) -> None:
        """Replace the saved match (one transaction); refused with :class:`ChangedElsewhere`
        when another window has saved or finished it since this store read it."""
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        with self._claim("saves", self.slot) as (conn, version):
            _write_save(conn, self.slot, text, version)

    def replace_match(self, data: dict[str, Any]) -> None:
        """Save a new match in place of the saved one, whichever window saved that: the learner
        chose to start over (the settings warn of an unfinished match first)."""
        with self._lock:
            self._versions.pop(("saves", self.slot), None)   # a row never read is ours to write
            self._stale.discard(("saves", self.slot))
        self.save_match(data)

    def load_match(self) -> dict[str, Any] | None:
        """The saved match as decoded JSON, or ``None`` (also when it could not be read: it is
        then set aside; :meth:`read_match` says so)."""
        try:
            return self.read_match()
        except UnreadableValue:
            return None

    def read_match(self) -> dict[str, Any] | None:
        """The saved match as decoded JSON, or ``None`` if there is none.  A save that cannot
        be read (:func:`parse_save`) is set aside, then :class:`UnreadableValue` says why."""
        with short_reading(self.path) as conn:
            # as bytes: text that is not UTF-8 could not even be fetched as str
            row = conn.execute("SELECT CAST(data AS BLOB), updated FROM saves WHERE slot = ?",
                               (self.slot,)).fetchone()
        self._seen("saves", self.slot, None if row is None else row[1])
        if row is None:
            return None
        try:
            return parse_save(row[0])
        except UnreadableValue as problem:
            self.set_aside_match(str(problem))
            raise

    def has_match(self) -> bool:
        with short_reading(self.path) as conn:
            row = conn.execute("SELECT 1 FROM saves WHERE slot = ?", (self.slot,)).fetchone()
        return row is not None

    def set_aside_match(self, reason: str) -> None:
        """Move the saved match to ``bad_saves`` with the reason it could not be loaded."""
        with short_transaction(self.path) as conn:
            kept = kept_text(conn, "saves", "data", "slot = ?", (self.slot,))
            if kept is None:
                return
            data, encoded = kept
            conn.execute("INSERT INTO bad_saves (slot, data, reason, moved) VALUES (?, ?, ?, ?)",
                         (self.slot, data, reason + (" (kept as base64)" if encoded else ""),
                          time.time()))
            conn.execute("DELETE FROM saves WHERE slot = ?", (self.slot,))
        self._seen("saves", self.slot, None)

    def bad_saves(self) -> list[tuple[str, str]]:
        """``(reason, data)`` of every save that was set aside, oldest first."""
        with short_reading(self.path) as conn:
            rows = conn.execute("SELECT reason, data FROM bad_saves ORDER BY id").fetchall()
        return [(str(r[0]), str(r[1])) for r in rows]

    def delete_match(self) -> None:
        """Delete the saved match, unless another window changed it (:meth:`save_match`)."""
        with self._claim("saves", self.slot) as (conn, _):
            conn.execute("DELETE FROM saves WHERE slot = ?", (self.slot,))

    # -- statistics ---------------------------------------------------------------------------

    def record_deal(self, key: tuple[str, str], result: DealResult, team: Team,
                    save: dict[str, Any] | None, deal: dict[str, Any] | None = None) -> None:
        """Count a finished deal for ``team`` (the learner's side), keep its record ``deal``
        (``{"rules": settings, "deal": record}``) and write ``save`` — all in one transaction,
        so a deal is never counted twice or lost.  Refused, nothing counted, when another
        window has played the match on since this store read it (:class:`ChangedElsewhere`):
        that window counts its own deals."""
        won = result.winner is team
        delta = {"deals": 1, "deals_won": int(won), "eggs": int(result.eggs),
                 "points": result.points[team]}
        text = None if save is None else json.dumps(save, ensure_ascii=False,
                                                    separators=(",", ":"))
        with self._claim("saves", self.slot) as (conn, version):
            _add_stats(conn, key, delta)
            if deal is not None:
                conn.execute("INSERT INTO deals (level, trump, data, finished) VALUES (?, ?, ?, ?)",
                             (*key, json.dumps(deal, ensure_ascii=False), time.time()))
            if text is not None:
                _write_save(conn, self.slot, text, version)

    def record_match(self, key: tuple[str, str], score: MatchScore, team: Team) -> None:
        """Count a finished match and delete its save (one transaction; refused as
        :meth:`record_deal` is)."""
        goats = score.goats
        delta = {
            "matches": 1,
            "wins": int(score.winner is team),
            "goats": int(goats is team),
            "naked_goats": int(goats is team and score.naked_goats),
            "opponents_naked": int(goats is team.other and score.naked_goats),
        }
        with self._claim("saves", self.slot) as (conn, _):
            _add_stats(conn, key, delta)
            conn.execute("DELETE FROM saves WHERE slot = ?", (self.slot,))

    def stats(self, key: tuple[str, str]) -> Stats:
        """The record for ``key``; a row that cannot be read is set aside (the record starts
        again from zero)."""
        with short_reading(self.path) as conn:
            rows = readable_rows(conn, "stats", _STAT_FIELDS, "level = ? AND trump = ?", key)
        return Stats(*rows[0][1:]) if rows else Stats()

    def all_stats(self) -> list[tuple[tuple[str, str], Stats]]:
        """Every ``((level, trump rule), Stats)`` the learner has played, in a stable order;
        rows that cannot be read are set aside."""
        with short_reading(self.path) as conn:
            rows = readable_rows(conn, "stats", ("level", "trump", *_STAT_FIELDS),
                                 tail="ORDER BY level, trump")
        return [((row[1], row[2]), Stats(*row[3:])) for row in rows]

    def finished_deals(self, limit: int = 200) -> list[dict[str, Any]]:
        """The records of the last ``limit`` finished deals, oldest first (for drills and
        reviews); rows that are not JSON objects are set aside."""
        deals = []
        with short_reading(self.path) as conn:
            rows = readable_rows(conn, "deals", ("data",), tail="ORDER BY id DESC LIMIT ?",
                                 params=(limit,))
            for rowid, text in reversed(rows):
                try:
                    data = read_stored_json(text)
                except UnreadableValue as problem:
                    set_aside_row(conn, "deals", rowid, str(problem))
                    continue
                if isinstance(data, dict):
                    deals.append(data)
                else:
                    set_aside_row(conn, "deals", rowid, "a deal must be a JSON object")
        return deals

    # -- rows set aside -----------------------------------------------------------------------

    def take_untold(self) -> list[str]:
        """The tables whose rows were set aside since the learner was last told, each once,
        now marked as told (the app words it: :mod:`kozel_tutor.app.notices`)."""
        with short_reading(self.path) as conn:
            if conn.execute("SELECT 1 FROM bad_rows WHERE told = 0 LIMIT 1").fetchone() is None:
                return []
            return take_untold(conn)

    # -- unfinished work of a section ---------------------------------------------------------

    def save_draft(self, name: str, data: dict[str, Any]) -> None:
        """Keep ``data`` as the draft ``name`` (``"teacher"``: the set being built), replacing
        the one before in one transaction: the old draft or the new, never half of either.
        Refused with :class:`ChangedElsewhere` when another window has changed the draft since
        this store read it: one window's set never silently replaces another's."""
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        with self._claim("drafts", name) as (conn, version):
            conn.execute("INSERT INTO drafts VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET "
                         "data = excluded.data, updated = excluded.updated",
                         (name, text, version))

    def read_draft(self, name: str) -> dict[str, Any] | None:
        """The draft ``name`` as a JSON object, or ``None`` when there is none.  One that is not
        a JSON object (damaged text, any other JSON) is set aside (:meth:`set_aside_draft`), then
        :class:`UnreadableValue` says why.  Its meaning is the caller's to check."""
        with short_reading(self.path) as conn:
            row = conn.execute("SELECT CAST(data AS BLOB), updated FROM drafts WHERE name = ?",
                               (name,)).fetchone()
        self._seen("drafts", name, None if row is None else row[1])
        if row is None:
            return None
        try:
            value = read_stored_json(row[0])
            if not isinstance(value, dict):
                raise UnreadableValue("not_object", "a draft must be a JSON object")
        except UnreadableValue as problem:
            self.set_aside_draft(name, str(problem))
            raise
        return value

    def set_aside_draft(self, name: str, reason: str) -> None:
        """Move the draft ``name``, whole, to ``bad_rows`` with ``reason``.  It is marked as
        told: the screen that reads a draft tells the user itself, in its own words."""
        with short_transaction(self.path) as conn:
            row = conn.execute("SELECT rowid FROM drafts WHERE name = ?", (name,)).fetchone()
            if row is None:
                return
            set_aside_row(conn, "drafts", int(row[0]), reason)
            conn.execute("UPDATE bad_rows SET told = 1 WHERE id = "
                         "(SELECT max(id) FROM bad_rows WHERE source = 'drafts')")
        self._seen("drafts", name, None)

    def delete_draft(self, name: str) -> None:
        """Delete the draft ``name``, unless another window changed it (:meth:`save_draft`)."""
        with self._claim("drafts", name) as (conn, _):
            conn.execute("DELETE FROM drafts WHERE name = ?", (name,))

    # -- preferences --------------------------------------------------------------------------

    def get_pref(self, key: str, default: Any = None) -> Any:
        """A preference (JSON value) or ``default`` when absent or unreadable (an unreadable
        value is set aside)."""
        with short_reading(self.path) as conn:
            rows = readable_rows(conn, "prefs", ("value",), "key = ?", (key,))
            if not rows:
                return default
            [(rowid, text)] = rows
            try:
                return read_stored_json(text)
            except UnreadableValue as problem:
                set_aside_row(conn, "prefs", rowid, str(problem))
                return default

    def set_pref(self, key: str, value: Any) -> None:
        with short_transaction(self.path) as conn:
            conn.execute("INSERT INTO prefs VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET "
                         "value = excluded.value", (key, json.dumps(value, ensure_ascii=False)))


class ChangedElsewhere(sqlite3.DatabaseError):
    """A write refused because another window (another kernel on the same progress file) has
    changed the row since this store read it: ``table`` and ``key`` name the row.  A
    :class:`sqlite3.DatabaseError`, so every caller that copes with a failed write copes."""

    def __init__(self, table: str, key: str) -> None:
        super().__init__(f"{table} {key!r} was changed in another window since it was read here")
        self.table = table
        self.key = key


def _version(conn: sqlite3.Connection, table: str, key: str) -> object:
    """The version (``updated``) of row ``key`` of ``saves`` or ``drafts``; ``None``: no row."""
    column = {"saves": "slot", "drafts": "name"}[table]
    row = conn.execute(f"SELECT updated FROM {table} WHERE {column} = ?", (key,)).fetchone()
    return None if row is None else row[0]


def _next_version(current: object) -> float:
    """A new version, never ``current`` (nor any before it): the time, or just after
    ``current`` when the clock has not passed it (two writes in one tick, a clock set back a
    little).  A version far ahead of the clock (a damaged value) is simply replaced."""
    now = time.time()
    if isinstance(current, int | float) and now <= current < now + 86400.0:
        return float(current) + 0.001
    return now


def _write_save(conn: sqlite3.Connection, slot: str, text: str, version: float) -> None:
    conn.execute("INSERT INTO saves VALUES (?, ?, ?) ON CONFLICT(slot) DO UPDATE SET "
                 "data = excluded.data, updated = excluded.updated", (slot, text, version))


def _add_stats(conn: sqlite3.Connection, key: tuple[str, str], delta: dict[str, int]) -> None:
    conn.execute("INSERT OR IGNORE INTO stats (level, trump) VALUES (?, ?)", key)
    assignments = ", ".join(f"{name} = {name} + ?" for name in delta)
    conn.execute(f"UPDATE stats SET {assignments} WHERE level = ? AND trump = ?",
                 (*delta.values(), *key))
