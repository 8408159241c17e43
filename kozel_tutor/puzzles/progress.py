"""The learner's puzzle history in SQLite: attempts, Glicko-2 ratings, reviews and drills.

The tables live in the app's progress database (``progress.sqlite3`` in the learner's data
folder: :mod:`kozel_tutor.data_home`), so the app's progress file carries them too.  All tables
start with ``puzzle_``.  Every change is one transaction.

* **Ratings** – the learner and every puzzle have a Glicko-2 rating (one answer moves a rating
  by at most :data:`MAX_CHANGE`).  An attempt is *rated* when
  the learner has not tried that puzzle in the last :data:`RERATE_AFTER` seconds (retries right
  after seeing the answer do not count).  A wrong card scores 0.  A right card never lowers
  the rating: without hints it is a win (score 1), and each hint takes :data:`HINT_COST` of the
  rating that win would bring (:func:`hint_share`; the score is then that share of the way
  from the expected score to 1, which the puzzle's rating gets the rest of).
* **Spaced review** – a missed puzzle comes back after one day; each right answer on or after
  its day multiplies the gap by three; after three right answers in a row it leaves the review
  list.  A puzzle on the list may be practised before its day (:meth:`Progress.waiting_reviews`):
  a right answer then leaves its schedule as it was (the learner may just have seen the
  answer), a miss starts it again.
* **Drills** – positions from the learner's own games where their card cost the most
  (:mod:`.drills`) are stored as puzzles of their own.
* **Rows that cannot be read** – a row whose values do not fit their columns (text where a
  number belongs, bytes that are not text, JSON that does not parse) never stops a reader: it
  is moved, whole, to the ``bad_rows`` table with the reason (:func:`readable_rows`,
  :func:`set_aside_row`), and the app tells the learner once (:func:`take_untold`).  The app's
  store (:mod:`kozel_tutor.app.store`) and its progress file use the same functions and table.
  So is a rating out of its range (:func:`rating_problem`: from a hand-edited or imported
  file), which would break the arithmetic of the next answer: that subject starts again.
* **Opening** – the file is opened as the app opens it
  (:func:`~kozel_tutor.sqlite_files.open_database`): one that cannot be written is read from a
  copy, so puzzles can be solved, without saving.
* **A file another program holds** – every query waits at most a second (``SHORT_WAIT``) for
  another window's or program's hold on the file (:func:`short_reading`,
  :func:`short_transaction`; the app's store and the lessons use them too), and once the file
  was found held, the queries of the next ``BUSY_PAUSE`` seconds hardly wait, so that a screen
  of several queries is drawn at once.
  Then it raises :class:`sqlite3.OperationalError`, and :func:`held` says why until a write
  succeeds: the app says the file is in use, answers are judged all the same, and each later
  change tries again.  A record opened while the file is held works on the file as it is, and
  finishes opening it (:func:`~kozel_tutor.sqlite_files.open_database`) once it is free.

>>> import tempfile
>>> book = Progress(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> book.learner_rating().rating
1500.0
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..bad_rows import (
    BAD_ROWS_SCHEMA,
    UnreadableValue,
    column_names,
    read_stored_json,
    readable_rows,
    set_aside_row,
)
from ..cards import Card
from ..data_home import DB_NAME
from ..data_home import progress_file as default_path
from ..sqlite_files import (
    NotKept,
    RecordInFile,
    held,
    hold_on,
    short_reading,
    short_transaction,
)
from .glicko import MAX_RD, Rating, expected_score, update
from .model import Puzzle, PuzzleError

__all__ = [
    "DB_NAME",
    "HINT_COST",
    "RERATE_AFTER",
    "SCHEMA",
    "Attempt",
    "Progress",
    "ReviewStatus",
    "default_path",
    "hint_share",
    "rating_problem",
]

HINT_COST = 0.25
"""The share of a right answer's rating gain each hint takes (shown on the hint button)."""
RERATE_AFTER = 20 * 3600.0
DAY = 86400.0
REVIEW_GROWTH = 3.0
REVIEW_DONE = 3
MAX_CHANGE = 150.0
"""One answer moves a rating by at most this much: Glicko-2 alone would move a new learner
(deviation 350) by 400 points or more after one surprising answer, which reads as a
punishment, not a measurement.  The deviation still shrinks as Glicko-2 says."""
PUZZLE_RD = 200.0
"""A new puzzle's rating deviation: its generated difficulty is an informed guess."""
RATING_RANGE = (0.0, 4000.0)
"""The ratings kept (puzzles are rated 100 to 3500; one answer moves a rating by at most
:data:`MAX_CHANGE`).  Two ratings much further apart than this make Glicko-2's expected score
exactly 0 or 1, and its next update divides by zero."""
MAX_VOLATILITY = 1.0
"""The largest volatility kept (Glicko-2 starts at 0.06 and moves it slowly)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    subject TEXT PRIMARY KEY, rating REAL NOT NULL, rd REAL NOT NULL, volatility REAL NOT NULL,
    games INTEGER NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS puzzle_attempts (
    id INTEGER PRIMARY KEY, puzzle_id TEXT NOT NULL, set_id TEXT NOT NULL, card TEXT NOT NULL,
    correct INTEGER NOT NULL, seconds REAL NOT NULL, hints INTEGER NOT NULL, score REAL NOT NULL,
    rated INTEGER NOT NULL, themes TEXT NOT NULL, cards INTEGER NOT NULL,
    learner_before REAL NOT NULL, learner_after REAL NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS puzzle_reviews (
    puzzle_id TEXT PRIMARY KEY, puzzle TEXT NOT NULL, due REAL NOT NULL, gap REAL NOT NULL,
    streak INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS puzzle_drills (
    puzzle_id TEXT PRIMARY KEY, puzzle TEXT NOT NULL, deal_key TEXT NOT NULL, loss INTEGER NOT NULL,
    created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS puzzle_mined_deals (deal_key TEXT PRIMARY KEY, at REAL NOT NULL);
"""


def hint_share(hints: int) -> float:
    """The share of a clean solve's rating gain that a right answer after ``hints`` hints keeps.

    >>> [hint_share(n) for n in range(5)]
    [1.0, 0.75, 0.5, 0.25, 0.0]
    """
    return max(0.0, 1.0 - HINT_COST * hints)


@dataclass(frozen=True)
class ReviewStatus:
    """The review list at one moment: how many puzzles are due, how many wait for a later day,
    and when the first of those is due (``None`` when none waits)."""

    due: int
    later: int
    next_due: float | None

    @property
    def waiting(self) -> int:
        return self.due + self.later


@dataclass(frozen=True)
class Attempt:
    """One answer and what it did to the ratings."""

    puzzle_id: str
    card: Card
    correct: bool
    seconds: float
    hints: int
    score: float
    rated: bool
    learner_before: Rating
    learner_after: Rating
    puzzle_before: Rating
    puzzle_after: Rating


class Progress(RecordInFile):
    """The learner's puzzle record.  Every call opens its own short connection."""

    def __init__(self, path: Path | None = None) -> None:
        super().__init__(path or default_path(), SCHEMA + BAD_ROWS_SCHEMA)

    def _open(self) -> None:
        """Open the file as the app does, unless another window or program holds it just now:
        then the record uses the file as it is, and each call tries again (briefly) until it is
        free (:class:`~kozel_tutor.sqlite_files.OpeningFile`)."""
        self._file.open()

    @property
    def held(self) -> NotKept | None:
        """Why changes cannot be kept just now: the file is held by another window or
        program (:func:`held`); ``None`` once a write has gone through again."""
        return held(self.path)

    def still_held(self) -> NotKept | None:
        """:attr:`held`, after trying whether the file is free again (a write that changes
        nothing; only when it was held: otherwise nothing is tried)."""
        if self.held is not None and self._file.open():   # (not open: it was just tried)
            hold_on(self.path)
        return self.held

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        self._open()
        with short_reading(self.path) as conn:
            yield conn

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._open()
        with short_transaction(self.path) as conn:
            yield conn

    # -- ratings ----------------------------------------------------------------------------

    def learner_rating(self) -> Rating:
        with self._reading() as conn:
            return _rating(conn, "learner", Rating())

    def puzzle_ratings(self) -> dict[str, float]:
        """The rating of every puzzle played so far, by id (the others keep their own)."""
        with self._reading() as conn:
            rows = _ratings(conn, "subject LIKE 'puzzle:%'", ())
        return {str(subject)[len("puzzle:"):]: rating.rating for subject, rating in rows}

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        with self._reading() as conn:
            return _rating(conn, f"puzzle:{puzzle.id}", Rating(float(puzzle.rating), PUZZLE_RD))

    def record(self, puzzle: Puzzle, card: Card, *, seconds: float, hints: int = 0,
               set_id: str = "", now: float | None = None) -> Attempt:
        """Record an answer; update ratings (if rated) and the review schedule, atomically."""
        now = time.time() if now is None else now
        correct = card in puzzle.answers
        with self._transaction() as conn:
            learner = _rating(conn, "learner", Rating())
            subject = f"puzzle:{puzzle.id}"
            puzzle_rating = _rating(conn, subject, Rating(float(puzzle.rating), PUZZLE_RD))
            rated = _rates(conn, puzzle.id, now)
            score = 0.0
            if correct:
                share = hint_share(hints)
                expected = expected_score(learner, puzzle_rating)
                score = expected + share * (1.0 - expected)
            learner_after, puzzle_after = learner, puzzle_rating
            if rated:
                learner_after = _learner_after(learner, puzzle_rating, correct, hints, score)
                puzzle_after = _capped(puzzle_rating,
                                       update(puzzle_rating, [(learner, 1.0 - score)]))
                _store_rating(conn, "learner", learner_after, now)
                _store_rating(conn, subject, puzzle_after, now)
            conn.execute(
                "INSERT INTO puzzle_attempts (puzzle_id, set_id, card, correct, seconds, hints, "
                "score, rated, themes, cards, learner_before, learner_after, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (puzzle.id, set_id, card.token, int(correct), float(seconds), hints, score,
                 int(rated), ",".join(puzzle.themes), puzzle.cards, learner.rating,
                 learner_after.rating, now))
            _schedule_review(conn, puzzle, correct and hints < 2, now)
        return Attempt(puzzle.id, card, correct, seconds, hints, score, rated, learner,
                       learner_after, puzzle_rating, puzzle_after)

    def will_rate(self, puzzle: Puzzle, now: float | None = None) -> bool:
        """Whether an answer to ``puzzle`` now would move the ratings (no attempt at it in the
        last :data:`RERATE_AFTER` seconds)."""
        now = time.time() if now is None else now
        with self._reading() as conn:
            return _rates(conn, puzzle.id, now)

    # -- history ----------------------------------------------------------------------------

    def attempts(self) -> list[dict[str, Any]]:
        """Every attempt, oldest first, as plain rows (for pandas)."""
        with self._reading() as conn:
            columns = column_names(conn, "puzzle_attempts")
            rows = readable_rows(conn, "puzzle_attempts", columns, tail="ORDER BY at, id")
        return [dict(zip(columns, row[1:], strict=True)) for row in rows]

    def solved_ids(self) -> set[str]:
        with self._reading() as conn:
            rows = conn.execute(
                "SELECT DISTINCT puzzle_id FROM puzzle_attempts WHERE correct = 1").fetchall()
        return {str(r[0]) for r in rows}

    def tried_ids(self) -> set[str]:
        with self._reading() as conn:
            rows = conn.execute("SELECT DISTINCT puzzle_id FROM puzzle_attempts").fetchall()
        return {str(r[0]) for r in rows}

    # -- spaced review ----------------------------------------------------------------------

    def due_reviews(self, now: float | None = None) -> list[Puzzle]:
        """Missed puzzles whose review is due, most overdue first (unreadable rows skipped)."""
        now = time.time() if now is None else now
        with self._reading() as conn:
            return _puzzles(conn, "puzzle_reviews", "due <= ?", (now,), "ORDER BY due")

    def waiting_reviews(self, now: float | None = None) -> list[Puzzle]:
        """Every puzzle on the review list: those due first (most overdue first), then those
        waiting for a later day, soonest first (to practise early)."""
        now = time.time() if now is None else now
        return self.due_reviews(now) + self._later_reviews(now)

    def _later_reviews(self, now: float) -> list[Puzzle]:
        with self._reading() as conn:
            return _puzzles(conn, "puzzle_reviews", "due > ?", (now,), "ORDER BY due")

    def review_status(self, now: float | None = None) -> ReviewStatus:
        """How many puzzles are due for review at ``now``, how many later, and when next."""
        now = time.time() if now is None else now
        due = len(self.due_reviews(now))
        with self._reading() as conn:
            later = [float(row[1]) for row in readable_rows(conn, "puzzle_reviews", ("due",),
                                                            "due > ?", (now,), "ORDER BY due")]
        return ReviewStatus(due, len(later), later[0] if later else None)

    def review_count(self) -> int:
        with self._reading() as conn:
            return int(conn.execute("SELECT COUNT(*) FROM puzzle_reviews").fetchone()[0])

    # -- drills from the learner's games ----------------------------------------------------

    def add_drills(self, deal_key: str, drills: Iterable[tuple[int, Puzzle]],
                   now: float | None = None) -> int:
        """Store the drills mined from one deal and mark the deal as mined; returns how many."""
        now = time.time() if now is None else now
        added = 0
        with self._transaction() as conn:
            for loss, puzzle in drills:
                cursor = conn.execute(
                    "INSERT OR IGNORE INTO puzzle_drills VALUES (?, ?, ?, ?, ?)",
                    (puzzle.id, json.dumps(puzzle.to_dict(), ensure_ascii=False), deal_key,
                     int(loss), now))
                added += cursor.rowcount
            conn.execute("INSERT OR IGNORE INTO puzzle_mined_deals VALUES (?, ?)", (deal_key, now))
        return added

    def mined_deals(self) -> set[str]:
        with self._reading() as conn:
            rows = conn.execute("SELECT deal_key FROM puzzle_mined_deals").fetchall()
        return {str(r[0]) for r in rows}

    def drills(self) -> list[Puzzle]:
        """The learner's drills, costliest mistake first."""
        with self._reading() as conn:
            return _puzzles(conn, "puzzle_drills", tail="ORDER BY loss DESC, created")


def _rates(conn: sqlite3.Connection, puzzle_id: str, now: float) -> bool:
    times = [row[1] for row in readable_rows(conn, "puzzle_attempts", ("at",), "puzzle_id = ?",
                                             (puzzle_id,))]
    return not times or now - max(times) >= RERATE_AFTER


def _learner_after(learner: Rating, puzzle: Rating, correct: bool, hints: int,
                   score: float) -> Rating:
    """The learner's rating after a rated answer: a miss as Glicko-2 says (capped); a right
    answer gains :func:`hint_share` of what a clean solve would (so never less than nothing)."""
    if not correct:
        return _capped(learner, update(learner, [(puzzle, 0.0)]))
    clean = _capped(learner, update(learner, [(puzzle, 1.0)]))
    hinted = update(learner, [(puzzle, score)])
    gain = hint_share(hints) * (clean.rating - learner.rating)
    return replace(hinted, rating=learner.rating + max(0.0, gain))


def _capped(before: Rating, after: Rating) -> Rating:
    change = max(-MAX_CHANGE, min(MAX_CHANGE, after.rating - before.rating))
    return replace(after, rating=before.rating + change)


def rating_problem(rating: object, rd: object, volatility: object) -> str | None:
    """Why a stored rating cannot be used, naming the field, or ``None``: each must be a
    finite number, the rating in :data:`RATING_RANGE`, the deviation above 0 and at most
    Glicko-2's largest, the volatility above 0 and at most :data:`MAX_VOLATILITY`.

    >>> rating_problem(1500, 350, 0.06) is None, rating_problem(1e300, 350, 0.06)
    (True, 'rating: 1e+300 is out of range (0 to 4000)')
    """
    low, high = RATING_RANGE
    fields: tuple[tuple[str, object, Callable[[float], bool], str], ...] = (
        ("rating", rating, lambda v: low <= v <= high, f"{low:g} to {high:g}"),
        ("rd", rd, lambda v: 0 < v <= MAX_RD, f"above 0, at most {MAX_RD:g}"),
        ("volatility", volatility, lambda v: 0 < v <= MAX_VOLATILITY,
         f"above 0, at most {MAX_VOLATILITY:g}"))
    for name, value, fits, expected in fields:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"{name}: {value!r} is not a number"
        if not fits(value):   # NaN fits nothing
            return f"{name}: {value!r} is out of range ({expected})"
    return None


def _ratings(conn: sqlite3.Connection, where: str, params: Sequence[object]
             ) -> list[tuple[str, Rating]]:
    """``(subject, rating)`` of the rows matching ``where``; a row that cannot be read or holds
    a rating out of its range (:func:`rating_problem`) is set aside."""
    out = []
    for rowid, subject, rating, rd, volatility in readable_rows(
            conn, "puzzle_ratings", ("subject", "rating", "rd", "volatility"), where, params):
        problem = rating_problem(rating, rd, volatility)
        if problem is None:
            out.append((str(subject), Rating(float(rating), float(rd), float(volatility))))
        else:
            set_aside_row(conn, "puzzle_ratings", rowid, problem)
    return out


def _rating(conn: sqlite3.Connection, subject: str, default: Rating) -> Rating:
    """``subject``'s rating, or ``default`` when it has none or its row cannot be read (the
    row is then set aside, and ``subject`` starts again from ``default``)."""
    return next((rating for _, rating in _ratings(conn, "subject = ?", (subject,))), default)


def _store_rating(conn: sqlite3.Connection, subject: str, rating: Rating, now: float) -> None:
    low, high = RATING_RANGE
    rating = replace(rating, rating=min(high, max(low, rating.rating)))
    conn.execute(
        "INSERT INTO puzzle_ratings VALUES (?, ?, ?, ?, 1, ?) ON CONFLICT(subject) DO UPDATE SET "
        "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, "
        "games = games + 1, updated = excluded.updated",
        (subject, rating.rating, rating.rd, rating.volatility, now))


def _schedule_review(conn: sqlite3.Connection, puzzle: Puzzle, good: bool, now: float) -> None:
    row = next(iter(readable_rows(conn, "puzzle_reviews", ("gap", "streak", "due"),
                                  "puzzle_id = ?", (puzzle.id,))), None)
    if row is None:
        if not good:
            conn.execute("INSERT INTO puzzle_reviews VALUES (?, ?, ?, ?, 0)",
                         (puzzle.id, json.dumps(puzzle.to_dict(), ensure_ascii=False),
                          now + DAY, DAY))
        return
    gap, streak, due = float(row[1]), int(row[2]), float(row[3])
    if good and now < due:
        return   # practised early: only an answer on or after its day counts as a review
    if not good:
        gap, streak = DAY, 0
    else:
        gap, streak = gap * REVIEW_GROWTH, streak + 1
    if streak >= REVIEW_DONE:
        conn.execute("DELETE FROM puzzle_reviews WHERE puzzle_id = ?", (puzzle.id,))
        return
    conn.execute("UPDATE puzzle_reviews SET due = ?, gap = ?, streak = ? WHERE puzzle_id = ?",
                 (now + gap, gap, streak, puzzle.id))


def _puzzles(conn: sqlite3.Connection, table: str, where: str = "",
             params: Sequence[object] = (), tail: str = "") -> list[Puzzle]:
    """The puzzles kept in ``table``'s ``puzzle`` column; rows that do not hold one are set
    aside."""
    out: list[Puzzle] = []
    for rowid, text in readable_rows(conn, table, ("puzzle",), where, params, tail):
        try:
            out.append(Puzzle.from_dict(read_stored_json(text)))
        except UnreadableValue as exc:
            set_aside_row(conn, table, rowid, str(exc))
        except PuzzleError as exc:
            set_aside_row(conn, table, rowid, f"not a puzzle: {exc}")
    return out
