"""The reviewer's case in the Voila app: another program holds the progress file (a second
SQLite connection's ``BEGIN IMMEDIATE`` or ``BEGIN EXCLUSIVE``) while the app is open.  The
Puzzles tile still opens at once, saying the file is in use; a rated puzzle answered meanwhile
gets its verdict at once, saying the answer was not saved; the puzzle goes on; once the file is
free, the next answer is saved."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

from .helpers import open_home

SOON_MS = 8_000
"""Far less than the old wait (ten seconds for each query of a screen)."""


@contextmanager
def held(path: Path, how: str) -> Iterator[None]:
    with closing(sqlite3.connect(path, isolation_level=None, timeout=30)) as other:
        other.execute(f"BEGIN {how}")
        other.execute("CREATE TABLE IF NOT EXISTS other_program (x)")
        try:
            yield
        finally:
            other.execute("ROLLBACK")


def _legal(page: Any) -> list[str]:
    return [str(t) for t in page.locator("[data-testid^='puzzle-card-']").evaluate_all(
        "els => els.map(e => e.dataset.card)")]


def test_a_held_progress_file_neither_freezes_a_puzzle_nor_the_puzzles_tile(
        page: Any, voila_server: Any) -> None:
    db = Path(voila_server.home) / "progress.sqlite3"
    open_home(page, voila_server.url)   # the session began before the other program's hold
    assert db.exists()
    with held(db, "EXCLUSIVE"):   # not even reading is possible
        started = time.monotonic()
        page.get_by_test_id("section-puzzles").click()
        page.get_by_test_id("puzzles-rated").wait_for(timeout=SOON_MS + 5_000)
        assert time.monotonic() - started < (SOON_MS + 5_000) / 1000
        error = page.get_by_test_id("error").first.inner_text()
        assert "занят другим окном или программой" in error and str(db) in error
    page.get_by_test_id("puzzles-rated").click()
    page.get_by_test_id("puzzle-title").wait_for()
    before = _attempts(db)
    with held(db, "IMMEDIATE"):
        page.get_by_test_id(f"puzzle-card-{_legal(page)[0]}").click()
        page.get_by_test_id("puzzle-feedback").wait_for(timeout=SOON_MS)
        note = page.locator(".kz-puzzle-note").inner_text(timeout=SOON_MS)
        assert "Ответ не сохранён" in note and "занят другим окном" in note
        bar = page.get_by_test_id("error").first.inner_text(timeout=SOON_MS)
        assert "занят другим окном или программой" in bar
        page.get_by_test_id("puzzle-next").click()   # not stuck: the next puzzle comes
        page.locator("[data-testid^='puzzle-card-']").first.wait_for(timeout=SOON_MS)
    assert _attempts(db) == before
    # the file is free: the next answer is saved, and the bar's notice goes
    page.get_by_test_id(f"puzzle-card-{_legal(page)[0]}").click()
    page.get_by_test_id("puzzle-feedback").wait_for()
    page.get_by_test_id("error").wait_for(state="detached")
    assert "не сохранён" not in page.locator(".kz-puzzle-note").inner_text()
    assert _attempts(db) == before + 1


def _attempts(db: Path) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return int(conn.execute("SELECT COUNT(*) FROM puzzle_attempts").fetchone()[0])
