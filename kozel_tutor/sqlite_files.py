"""The learner's progress file in SQLite: opening it whatever state it is in, short connections
to it, and atomic transactions on it.

The app's store, the puzzle record and lesson progress share one database file
(``progress.sqlite3``).  Each call opens its own short connection (autocommit), so a kernel never
holds the file open between clicks.  What the learner does waits a second at most while another
window or program holds the file (:func:`short_reading`, :func:`short_transaction`, and the
opening: :func:`open_database`).

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "example.sqlite3"
>>> with short_transaction(path) as conn:
...     _ = conn.execute("CREATE TABLE t (x INTEGER)")
...     _ = conn.execute("INSERT INTO t VALUES (1)")
>>> with short_reading(path) as conn:
...     conn.execute("SELECT x FROM t").fetchall()
[(1,)]

Opening the file (:func:`open_database`) never stops the app, and never takes a good file for a
damaged one:

* a file that SQLite finds damaged (``PRAGMA quick_check`` fails, "file is not a database",
  "malformed") is renamed aside (``progress.sqlite3.corrupt-<time>``) and a new one started; the
  new file's ``meta`` table names the old one (:data:`SET_ASIDE_KEY`) until the learner has
  read where it went;
* a good file that cannot be written -- read-only, in a read-only folder, or held by another
  window or program for longer than the wait (:data:`SHORT_WAIT`, a second) -- is left exactly as
  it is.  The session works on a copy in a temporary folder: everything can be read and played,
  nothing is kept (:class:`NotKept` says why, for the app to tell the learner).  A file held so
  that it cannot even be read (``BEGIN EXCLUSIVE``) is not waited for: the copy starts empty;
* a data folder that cannot be created: the same, on a new empty file.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "SET_ASIDE_KEY",
    "SHORT_WAIT",
    "DamagedFile",
    "NotKept",
    "OpenedFile",
    "OpeningFile",
    "RecordInFile",
    "connect",
    "held",
    "hold_on",
    "is_damage",
    "open_database",
    "short_reading",
    "short_transaction",
    "write_problem",
]

log = logging.getLogger(__name__)

SHORT_WAIT = 1.0
"""Seconds a query waits while another window or program holds the progress file (the app's own
writes take milliseconds); then it gives up, and the app says the file is in use.  Opening the
file (:func:`open_database`) waits no longer."""
META_SCHEMA = "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);\n"
SET_ASIDE_KEY = "set_aside"
"""The ``meta`` key naming the damaged file a new one replaced (its file name)."""

# SQLite's primary result codes (https://sqlite.org/rescode.html)
_DAMAGED = frozenset({11, 26})          # SQLITE_CORRUPT, SQLITE_NOTADB
_IN_USE = frozenset({5, 6})             # SQLITE_BUSY, SQLITE_LOCKED
_READ_ONLY = frozenset({3, 8, 14, 23})  # SQLITE_PERM, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_AUTH
_FULL = 13                              # SQLITE_FULL


def connect(path: Path, *, wait: float = SHORT_WAIT) -> sqlite3.Connection:
    """A new autocommit connection that enforces foreign keys, waiting ``wait`` seconds for
    another connection's hold; the caller closes it."""
    conn = sqlite3.connect(path, timeout=wait, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


@contextmanager
def _atomic(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """The block in one ``BEGIN IMMEDIATE`` transaction of ``conn``: committed, or rolled back
    if it raises."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


# -- what went wrong ------------------------------------------------------------------------


class DamagedFile(sqlite3.DatabaseError):
    """SQLite's integrity check found the file damaged."""


def _code(exc: sqlite3.Error) -> int:
    return int(getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` says the file itself is damaged (not merely locked or read-only)."""
    return isinstance(exc, DamagedFile) or _code(exc) in _DAMAGED


def write_problem(exc: sqlite3.Error) -> str:
    """Why a write failed, as a key the app words: ``in_use`` (another connection held the file
    for longer than the wait), ``read_only`` (the file or its folder cannot be written),
    ``full`` (the disk is full), else ``other``."""
    code = _code(exc)
    if code in _IN_USE:
        return "in_use"
    if code in _READ_ONLY:
        return "read_only"
    return "full" if code == _FULL else "other"


@dataclass(frozen=True)
class NotKept:
    """Why nothing this session does is kept: ``reason`` is ``no_folder`` (the data folder
    cannot be created) or a :func:`write_problem` key; ``place`` is the folder or the file,
    ``detail`` the system's or SQLite's own words."""

    reason: str
    place: Path
    detail: str


@dataclass
class OpenedFile:
    """The file as opened: ``path`` is where to read and write (the learner's file, or a copy
    of it in a temporary folder when ``not_kept``); ``recovered`` the damaged file set aside."""

    path: Path
    recovered: Path | None = None
    not_kept: NotKept | None = None
    scratch: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)
    """The temporary folder of the copy: removed when the last holder lets it go."""


# -- opening --------------------------------------------------------------------------------


def open_database(path: Path, schema: str) -> OpenedFile:
    """Open the progress file ``path``, making the tables of ``schema`` (SQL run each time:
    ``CREATE TABLE IF NOT EXISTS``), as the module says: a damaged file is set aside, a file
    that cannot be written is left alone and a copy used instead."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return _unkept(path, schema, NotKept("no_folder", path.parent, _words(exc)), copy=False)
    try:
        _initialise(path, schema)
        return OpenedFile(path)
    except sqlite3.Error as exc:
        if not is_damage(exc):
            return _unkept(path, schema, NotKept(write_problem(exc), path, str(exc)), copy=True)
        damage = exc
    try:
        aside = _set_aside(path, damage)
        _initialise(path, schema, set_aside=aside.name)
    except OSError as exc:    # the folder cannot be written: the damaged file stays where it is
        return _unkept(path, schema, NotKept("read_only", path, _words(exc)), copy=False)
    except sqlite3.Error as exc:
        return _unkept(path, schema, NotKept(write_problem(exc), path, str(exc)), copy=False)
    return OpenedFile(path, recovered=aside)


def hold_on(path: Path) -> NotKept | None:
    """Another window's or program's hold on ``path`` just now, found by a write that changes
    nothing (waiting :data:`SHORT_WAIT` at most), or ``None``; any other problem is
    :func:`open_database`'s to handle."""
    try:
        with short_transaction(path):
            pass
    except sqlite3.Error as exc:
        if write_problem(exc) == "in_use":
            return NotKept("in_use", Path(path), str(exc))
    return None


class OpeningFile:
    """A progress file opened as :func:`open_database` opens it, once no other window or
    program holds it.  While one does, the file is used as it is and :meth:`open` tries again
    at each call: a copy for the session (what :func:`open_database` makes of a file held for
    longer than its wait) would take the changes made meanwhile, and they would be lost."""

    def __init__(self, path: Path, schema: str) -> None:
        self._path = path
        self._schema = schema
        self.opened: OpenedFile | None = None   # (holds a copy's folder)
        self.hold: NotKept | None = None
        """The hold the last try to open the file met, if it met one."""
        self.open()

    @property
    def path(self) -> Path:
        """Where to read and write: the file, or its copy when :attr:`not_kept`."""
        return self._path if self.opened is None else self.opened.path

    @property
    def not_kept(self) -> NotKept | None:
        """Why nothing is kept this session (the file cannot be written), if so."""
        return None if self.opened is None else self.opened.not_kept

    def open(self) -> bool:
        """Open the file unless another window or program holds it just now; whether it is
        open."""
        if self.opened is None:
            self.hold = hold_on(self._path)
            if self.hold is None:
                opened = open_database(self._path, self._schema)
                if opened.not_kept is not None and opened.not_kept.reason == "in_use":
                    self.hold = opened.not_kept   # taken again since: another try later
                else:
                    self.opened = opened
        return self.opened is not None


class RecordInFile:
    """A learner's record kept in a progress file that :class:`OpeningFile` opens (the lessons'
    progress, the puzzles' record): where it is, and whether it is kept."""

    def __init__(self, path: Path, schema: str) -> None:
        self._file = OpeningFile(path, schema)

    @property
    def path(self) -> Path:
        """Where the record is read and written: the file, or its copy when :attr:`not_kept`."""
        return self._file.path

    @property
    def not_kept(self) -> NotKept | None:
        """Why the record is not kept this session (the file cannot be written), if so."""
        return self._file.not_kept


def _words(exc: OSError) -> str:
    """The system's words for ``exc``, without the file name the message names already."""
    return exc.strerror or str(exc)


def _initialise(path: Path, schema: str, *, set_aside: str | None = None) -> None:
    """Check ``path``, make its tables, and prove it can be written (a change made and undone
    in one transaction: SQLite notices a read-only file or folder only when a page changes).
    Another connection's hold is waited for :data:`SHORT_WAIT` at most."""
    with closing(connect(path)) as conn:
        check = conn.execute("PRAGMA quick_check").fetchone()
        if check is None or check[0] != "ok":
            raise DamagedFile(f"integrity check failed: {check}")
        # one transaction (a new file's tables made with one write to disk, not one each),
        # IMMEDIATE: it waits for another connection's write, not only for its reads
        conn.executescript("BEGIN IMMEDIATE;\n" + META_SCHEMA + schema + "\n;\nCOMMIT;\n")
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute("INSERT OR REPLACE INTO meta VALUES ('write_check', '')")
            conn.execute("DELETE FROM meta WHERE key = 'write_check'")
            if set_aside is not None:
                conn.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                             (SET_ASIDE_KEY, set_aside))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


def _set_aside(path: Path, error: Exception) -> Path:
    """Rename the damaged file (and its journal) aside; the new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while aside.exists():
        aside = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    log.warning("progress database %s is damaged (%s); moved to %s", path, error, aside)
    os.replace(path, aside)
    for suffix in ("-journal", "-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            os.replace(extra, aside.with_name(aside.name + suffix))
    return aside


def _unkept(path: Path, schema: str, why: NotKept, *, copy: bool) -> OpenedFile:
    """A session on a copy of ``path`` (when ``copy`` and it can be read; else a new file) in a
    temporary folder: ``path`` itself is never touched."""
    log.warning("progress file %s cannot be used for saving (%s: %s); nothing of this session "
                "will be kept", why.place, why.reason, why.detail)
    scratch = tempfile.TemporaryDirectory(prefix="kozel-tutor-unsaved-")
    target = Path(scratch.name) / path.name
    if copy:
        try:
            # a file just found held is not waited for again: it can be read at once (another
            # window's write), or not at all (an exclusive hold) until the other lets it go
            _copy(path, target, wait=PAUSED_WAIT if why.reason == "in_use" else SHORT_WAIT)
            _initialise(target, schema)
            return OpenedFile(target, not_kept=why, scratch=scratch)
        except sqlite3.Error as exc:
            log.warning("could not copy %s (%s): starting from nothing", path, exc,
                        exc_info=write_problem(exc) != "in_use")
            target.unlink(missing_ok=True)
    _initialise(target, schema)
    return OpenedFile(target, not_kept=why, scratch=scratch)


def _copy(source: Path, target: Path, *, wait: float = SHORT_WAIT) -> None:
    """Copy the database ``source`` to ``target``, reading it read-only (SQLite's backup).

    The read lock is taken first, waiting ``wait`` seconds at most (``sqlite3.OperationalError``
    when another connection holds the file exclusively): the backup itself, once it has begun,
    retries a lock it cannot get for as long as the other connection holds it."""
    uri = f"{source.resolve().as_uri()}?mode=ro"
    with (closing(sqlite3.connect(uri, uri=True, timeout=wait, isolation_level=None)) as src,
          closing(sqlite3.connect(target)) as dst):
        src.execute("BEGIN")
        src.execute("SELECT count(*) FROM sqlite_master").fetchone()   # the read lock, now
        src.backup(dst)
        src.execute("COMMIT")


# -- brief waits: a file another window or program holds while the app is open ------------

BUSY_PAUSE = 5.0
"""For this many seconds after a query found the file held, queries wait only
:data:`PAUSED_WAIT`: a screen that reads several things is drawn at once, not after a wait
for each."""
PAUSED_WAIT = 0.05


@dataclass(frozen=True)
class _Held:
    why: NotKept
    at: float
    """When it was last found held (:func:`time.monotonic`)."""
    by_write: bool
    """Whether a write found it held (only a write then shows it is free again)."""


_held: dict[str, _Held] = {}
"""The database files another connection held when last tried, by absolute path."""


def _key(path: Path) -> str:
    return os.path.abspath(path)


def held(path: Path) -> NotKept | None:
    """Why the database file ``path`` cannot be written just now (``reason`` ``in_use``: another
    window or program held it when a query last tried), or ``None``.  It stays until a write
    succeeds (or, when only a read found the file held, a read)."""
    found = _held.get(_key(path))
    return None if found is None else found.why


@contextmanager
def _connection(path: Path, *, write: bool) -> Iterator[sqlite3.Connection]:
    """A short connection to ``path`` that waits :data:`SHORT_WAIT` at most for another
    connection's hold (:data:`PAUSED_WAIT` just after one was found); ``write``: in one
    ``BEGIN IMMEDIATE`` transaction.  A query that finds the file held marks it (:func:`held`)."""
    key = _key(path)
    found = _held.get(key)
    paused = found is not None and time.monotonic() - found.at < BUSY_PAUSE
    try:
        with closing(connect(path)) as conn:
            wait = PAUSED_WAIT if paused else SHORT_WAIT
            conn.execute(f"PRAGMA busy_timeout = {round(1000 * wait)}")
            if not write:
                yield conn
            else:
                with _atomic(conn):
                    yield conn
    except sqlite3.Error as exc:
        if write_problem(exc) == "in_use":
            _held[key] = _Held(NotKept("in_use", Path(path), str(exc)), time.monotonic(),
                               write or (found is not None and found.by_write))
        raise
    if found is not None and (write or not found.by_write):
        _held.pop(key, None)


@contextmanager
def short_reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection for reads (or single statements) that waits briefly for another
    connection's hold on the file (:data:`SHORT_WAIT`), closed at the end of the block."""
    with _connection(path, write=False) as conn:
        yield conn


@contextmanager
def short_transaction(path: Path) -> Iterator[sqlite3.Connection]:
    """One atomic write that waits briefly for another connection's hold on the file
    (:data:`SHORT_WAIT`): everything done in the block is committed, or none of it."""
    with _connection(path, write=True) as conn:
        yield conn
