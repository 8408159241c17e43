"""Short SQLite connections to the learner's progress file, and atomic transactions on it.

The app's store, the puzzle record and lesson progress share one database file
(``progress.sqlite3``).  Each call opens its own short connection (autocommit, a 10 s wait when
another connection is writing), so a kernel never holds the file open between clicks.

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "example.sqlite3"
>>> with transaction(path) as conn:
...     _ = conn.execute("CREATE TABLE t (x INTEGER)")
...     _ = conn.execute("INSERT INTO t VALUES (1)")
>>> with reading(path) as conn:
...     conn.execute("SELECT x FROM t").fetchall()
[(1,)]
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

__all__ = ["connect", "reading", "transaction"]


def connect(path: Path) -> sqlite3.Connection:
    """A new autocommit connection that enforces foreign keys; the caller closes it."""
    conn = sqlite3.connect(path, timeout=10, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    return conn


@contextmanager
def reading(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection for reads (or single statements), closed at the end of the block."""
    with closing(connect(path)) as conn:
        yield conn


@contextmanager
def transaction(path: Path) -> Iterator[sqlite3.Connection]:
    """One atomic write: everything done in the block is committed, or none of it."""
    with closing(connect(path)) as conn:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
