"""Progress in SQLite: the match in progress, statistics, preferences.

The database lives in the user's data folder (``platformdirs.user_data_dir("kozel-tutor")``),
or in ``$KOZEL_TUTOR_HOME`` when set (tests use a temporary folder).  Every write is one
transaction.  Saves are JSON, checked when loaded (never pickle); so is the work a section
keeps unfinished between visits (a teacher's set: :meth:`Store.save_draft`).  A database that
SQLite cannot read is renamed aside and a fresh one started; a save that does not load (any
bytes, any JSON shape, nested too deeply) is moved to the ``bad_saves`` table, and any other row
whose values (a draft among them) cannot be read to the ``bad_rows`` table
(:mod:`kozel_tutor.puzzles.progress`).  None of them ever stops the app:
:attr:`Store.recovered`, :class:`UnreadableValue` and :meth:`Store.take_untold` say what
happened so the app can tell the learner.

>>> import tempfile
>>> store = Store(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> store.save_match({"hello": 1}); store.load_match()
{'hello': 1}
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import time
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from ..bad_rows import (
    BAD_ROWS_SCHEMA,
    UnreadableValue,
    kept_text,
    read_stored_json,
    readable_rows,
    set_aside_row,
    take_untold,
)
from ..scoring import DealResult, MatchScore
from ..seats import Team
from ..sqlite_files import reading, transaction

__all__ = ["DB_NAME", "Stats", "Store", "UnreadableValue", "data_dir", "parse_save"]

log = logging.getLogger(__name__)

DB_NAME = "progress.sqlite3"
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
""" + BAD_ROWS_SCHEMA


def data_dir() -> Path:
    """``$KOZEL_TUTOR_HOME`` if set, else the user's data folder for kozel-tutor."""
    override = os.environ.get("KOZEL_TUTOR_HOME", "").strip()
    return Path(override) if override else Path(platformdirs.user_data_dir("kozel-tutor"))


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
        self.path = path or data_dir() / DB_NAME
        self.slot = slot
        self.recovered: Path | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._initialise()
        except sqlite3.DatabaseError as exc:
            self.recovered = self._set_aside_database(exc)
            self._initialise()

    # -- plumbing -----------------------------------------------------------------------------

    def _initialise(self) -> None:
        with reading(self.path) as conn:
            check = conn.execute("PRAGMA quick_check").fetchone()
            if check is None or check[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
            conn.executescript(_SCHEMA)
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))

    def _set_aside_database(self, error: Exception) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        counter = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{counter}")
            counter += 1
        log.warning("progress database %s is unreadable (%s); moved to %s", self.path, error, aside)
        os.replace(self.path, aside)
        for suffix in ("-journal", "-wal", "-shm"):
            extra = self.path.with_name(self.path.name + suffix)
            if extra.exists():
                os.replace(extra, aside.with_name(aside.name + suffix))
        return aside

    # -- the match in progress ----------------------------------------------------------------

    def save_match(self, data: dict[str, Any]) -> None:
        """Replace the saved match (one transaction)."""
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        with transaction(self.path) as conn:
            _write_save(conn, self.slot, text)

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
        with reading(self.path) as conn:
            # as bytes: text that is not UTF-8 could not even be fetched as str
            row = conn.execute("SELECT CAST(data AS BLOB) FROM saves WHERE slot = ?",
                               (self.slot,)).fetchone()
        if row is None:
            return None
        try:
            return parse_save(row[0])
        except UnreadableValue as problem:
            self.set_aside_match(str(problem))
            raise

    def has_match(self) -> bool:
        with reading(self.path) as conn:
            row = conn.execute("SELECT 1 FROM saves WHERE slot = ?", (self.slot,)).fetchone()
        return row is not None

    def set_aside_match(self, reason: str) -> None:
        """Move the saved match to ``bad_saves`` with the reason it could not be loaded."""
        with transaction(self.path) as conn:
            kept = kept_text(conn, "saves", "data", "slot = ?", (self.slot,))
            if kept is None:
                return
            data, encoded = kept
            conn.execute("INSERT INTO bad_saves (slot, data, reason, moved) VALUES (?, ?, ?, ?)",
                         (self.slot, data, reason + (" (kept as base64)" if encoded else ""),
                          time.time()))
            conn.execute("DELETE FROM saves WHERE slot = ?", (self.slot,))

    def bad_saves(self) -> list[tuple[str, str]]:
        """``(reason, data)`` of every save that was set aside, oldest first."""
        with reading(self.path) as conn:
            rows = conn.execute("SELECT reason, data FROM bad_saves ORDER BY id").fetchall()
        return [(str(r[0]), str(r[1])) for r in rows]

    def delete_match(self) -> None:
        with transaction(self.path) as conn:
            conn.execute("DELETE FROM saves WHERE slot = ?", (self.slot,))

    # -- statistics ---------------------------------------------------------------------------

    def record_deal(self, key: tuple[str, str], result: DealResult, team: Team,
                    save: dict[str, Any] | None, deal: dict[str, Any] | None = None) -> None:
        """Count a finished deal for ``team`` (the learner's side), keep its record ``deal``
        (``{"rules": settings, "deal": record}``) and write ``save`` — all in one transaction,
        so a deal is never counted twice or lost."""
        won = result.winner is team
        delta = {"deals": 1, "deals_won": int(won), "eggs": int(result.eggs),
                 "points": result.points[team]}
        text = None if save is None else json.dumps(save, ensure_ascii=False,
                                                    separators=(",", ":"))
        with transaction(self.path) as conn:
            _add_stats(conn, key, delta)
            if deal is not None:
                conn.execute("INSERT INTO deals (level, trump, data, finished) VALUES (?, ?, ?, ?)",
                             (*key, json.dumps(deal, ensure_ascii=False), time.time()))
            if text is not None:
                _write_save(conn, self.slot, text)

    def record_match(self, key: tuple[str, str], score: MatchScore, team: Team) -> None:
        """Count a finished match and delete its save (one transaction)."""
        goats = score.goats
        delta = {
            "matches": 1,
            "wins": int(score.winner is team),
            "goats": int(goats is team),
            "naked_goats": int(goats is team and score.naked_goats),
            "opponents_naked": int(goats is team.other and score.naked_goats),
        }
        with transaction(self.path) as conn:
            _add_stats(conn, key, delta)
            conn.execute("DELETE FROM saves WHERE slot = ?", (self.slot,))

    def stats(self, key: tuple[str, str]) -> Stats:
        """The record for ``key``; a row that cannot be read is set aside (the record starts
        again from zero)."""
        with reading(self.path) as conn:
            rows = readable_rows(conn, "stats", _STAT_FIELDS, "level = ? AND trump = ?", key)
        return Stats(*rows[0][1:]) if rows else Stats()

    def all_stats(self) -> list[tuple[tuple[str, str], Stats]]:
        """Every ``((level, trump rule), Stats)`` the learner has played, in a stable order;
        rows that cannot be read are set aside."""
        with reading(self.path) as conn:
            rows = readable_rows(conn, "stats", ("level", "trump", *_STAT_FIELDS),
                                 tail="ORDER BY level, trump")
        return [((row[1], row[2]), Stats(*row[3:])) for row in rows]

    def finished_deals(self, limit: int = 200) -> list[dict[str, Any]]:
        """The records of the last ``limit`` finished deals, oldest first (for drills and
        reviews); rows that are not JSON objects are set aside."""
        deals = []
        with reading(self.path) as conn:
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
        with reading(self.path) as conn:
            if conn.execute("SELECT 1 FROM bad_rows WHERE told = 0 LIMIT 1").fetchone() is None:
                return []
            return take_untold(conn)

    # -- unfinished work of a section ---------------------------------------------------------

    def save_draft(self, name: str, data: dict[str, Any]) -> None:
        """Keep ``data`` as the draft ``name`` (``"teacher"``: the set being built), replacing
        the one before in one transaction: the old draft or the new, never half of either."""
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        with transaction(self.path) as conn:
            conn.execute("INSERT INTO drafts VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET "
                         "data = excluded.data, updated = excluded.updated",
                         (name, text, time.time()))

    def read_draft(self, name: str) -> dict[str, Any] | None:
        """The draft ``name`` as a JSON object, or ``None`` when there is none.  One that is not
        a JSON object (damaged text, any other JSON) is set aside (:meth:`set_aside_draft`), then
        :class:`UnreadableValue` says why.  Its meaning is the caller's to check."""
        with reading(self.path) as conn:
            row = conn.execute("SELECT CAST(data AS BLOB) FROM drafts WHERE name = ?",
                               (name,)).fetchone()
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
        with transaction(self.path) as conn:
            row = conn.execute("SELECT rowid FROM drafts WHERE name = ?", (name,)).fetchone()
            if row is None:
                return
            set_aside_row(conn, "drafts", int(row[0]), reason)
            conn.execute("UPDATE bad_rows SET told = 1 WHERE id = "
                         "(SELECT max(id) FROM bad_rows WHERE source = 'drafts')")

    def delete_draft(self, name: str) -> None:
        with transaction(self.path) as conn:
            conn.execute("DELETE FROM drafts WHERE name = ?", (name,))

    # -- preferences --------------------------------------------------------------------------

    def get_pref(self, key: str, default: Any = None) -> Any:
        """A preference (JSON value) or ``default`` when absent or unreadable (an unreadable
        value is set aside)."""
        with reading(self.path) as conn:
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
        with transaction(self.path) as conn:
            conn.execute("INSERT INTO prefs VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET "
                         "value = excluded.value", (key, json.dumps(value, ensure_ascii=False)))


def _write_save(conn: sqlite3.Connection, slot: str, text: str) -> None:
    conn.execute("INSERT INTO saves VALUES (?, ?, ?) ON CONFLICT(slot) DO UPDATE SET "
                 "data = excluded.data, updated = excluded.updated", (slot, text, time.time()))


def _add_stats(conn: sqlite3.Connection, key: tuple[str, str], delta: dict[str, int]) -> None:
    conn.execute("INSERT OR IGNORE INTO stats (level, trump) VALUES (?, ?)", key)
    assignments = ", ".join(f"{name} = {name} + ?" for name in delta)
    conn.execute(f"UPDATE stats SET {assignments} WHERE level = ? AND trump = ?",
                 (*delta.values(), *key))
