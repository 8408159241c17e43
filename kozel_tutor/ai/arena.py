"""The arena: line-ups play each other on duplicate deals, and the ladder is measured.

A pairing ``A:B`` seats level ``A`` on one side and level ``B`` on the other.  Every deal is
played **twice** with the same cards, the sides swapped (A at NS, then A at EW), so the luck of
the cards cancels out.  Per pairing the arena reports the deals played, the mean deal-score
difference per deal (what A writes minus what B writes, eggs 0, 2/4/6 otherwise) with a 95%
confidence interval taken over the duplicate pairs, and the matches each side won: each copy
of the deal stream is cut into matches to 12 (dealer passing left, eggs doubling the next deal).

Run it::

    python -m kozel_tutor.ai.arena --pairs insane:hard,hard:medium --deals 100 --workers 2

With ``--rules classic|nizhny|kozly24`` whole matches of the preset are played instead, every
deal set up and scored by its :class:`~kozel_tutor.variants.Match` (see :mod:`.variant_arena`).

The deals depend only on ``--seed``, so two runs with the same arguments play the same cards.
With ``--journal FOLDER`` every finished duplicate deal is appended to a JSON-lines file of its
pairing there, and a run with the same arguments skips the deals already in it: a long run can
be stopped and resumed, or grown with a larger ``--deals``, without replaying anything.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import TypeVar

from ..rules import Rules, find_rules
from ..scoring import DealResult, MatchScore, deal_result
from ..seats import Seat, Team
from ..state import DealState, Phase
from . import make_player

__all__ = ["DealRecord", "JournalError", "PairingReport", "difference", "journal_path", "main",
           "play_deal", "read_journal", "report", "run_pairing", "written"]


Played = tuple[tuple[int, int], tuple[int, int], int]
"""A finished deal: card points (NS, EW), tricks (NS, EW), the caught side (-1: none)."""


@dataclass(frozen=True)
class DealRecord:
    """One deal of a pairing, played in both seatings (A at NS, then A at EW)."""

    index: int
    a_at_ns: Played
    a_at_ew: Played
    seconds: float


def written(rules: Rules, played: Played, multiplier: int = 1) -> DealResult:
    points, tricks, caught = played
    return deal_result(rules, points, tricks, multiplier, None if caught < 0 else Team(caught))


def difference(rules: Rules, record: DealRecord) -> float:
    """A's deal score minus B's, averaged over the two copies of the deal."""
    first = written(rules, record.a_at_ns).written
    second = written(rules, record.a_at_ew).written
    diff = (first[0] - first[1] + second[1] - second[0]) / 2
    return -diff if rules.target_loses else diff


@dataclass(frozen=True)
class PairingReport:
    a: str
    b: str
    deals: int
    mean: float
    low: float
    high: float
    matches_a: int
    matches_b: int
    seconds: float

    @property
    def significant(self) -> bool:
        """Whether A beats B at 95% (the interval lies above zero)."""
        return self.low > 0

    def line(self) -> str:
        verdict = "significant" if self.significant else (
            "B better" if self.high < 0 else "not significant")
        return (f"{self.a:>7} vs {self.b:<7} deals {self.deals:5d}  "
                f"mean diff/deal {self.mean:+.3f}  95% CI [{self.low:+.3f}, {self.high:+.3f}]  "
                f"matches {self.matches_a}-{self.matches_b}  ({verdict}, {self.seconds:.0f}s)")


def _seed(*parts: object) -> int:
    return random.Random(":".join(str(p) for p in parts)).randrange(2**63)


def play_deal(rules: Rules, index: int, seed: int, ns: str, ew: str) -> Played:
    """Play deal ``index`` of the stream ``seed`` with level ``ns`` at NS and ``ew`` at EW."""
    rng = random.Random(_seed(seed, "deal", index))
    state = DealState.deal(rules, dealer=Seat(index % 4), rng=rng)
    players = {seat: make_player(ns if seat.team is Team.NS else ew,
                                 random.Random(_seed(seed, "player", index, seat.name, ns, ew)))
               for seat in Seat}
    if state.phase is Phase.CALL:
        caller = state.to_move
        state.call_trump(players[caller].call_trump(state.view(caller)).suit)
    while not state.is_over:
        seat = state.to_move
        state.play(players[seat].choose(state.view(seat)).card)
    caught = -1 if state.caught is None else int(state.caught)
    return ((state.points[0], state.points[1]), (state.tricks_taken[0], state.tricks_taken[1]),
            caught)


def _play_pair(task: tuple[Rules, int, int, str, str]) -> DealRecord:
    rules, index, seed, a, b = task
    started = time.perf_counter()
    first = play_deal(rules, index, seed, a, b)
    second = play_deal(rules, index, seed, b, a)
    return DealRecord(index, first, second, time.perf_counter() - started)


class JournalError(ValueError):
    """A journal line that is not a finished duplicate deal of this arena."""


def journal_path(folder: Path, rules: Rules, a: str, b: str, seed: int) -> Path:
    """The journal of one pairing: its rules, deck, trump rule, levels and seed in the name."""
    trump = rules.trump_rule if rules.trump_rule != "fixed" else rules.trump.name.lower()
    return folder / f"{rules.name}-{rules.deck}-{trump}-{a}-{b}-seed{seed}.jsonl"


def _played(value: object, where: str) -> Played:
    ok = (isinstance(value, list) and len(value) == 3
          and all(isinstance(pair, list) and len(pair) == 2
                  and all(type(x) is int and 0 <= x <= 120 for x in pair) for pair in value[:2])
          and type(value[2]) is int and value[2] in (-1, 0, 1))
    if not ok:
        raise JournalError(f"{where}: a deal's result is [[points NS, EW], [tricks NS, EW], "
                           f"caught side -1/0/1], not {value!r}")
    assert isinstance(value, list)
    return ((value[0][0], value[0][1]), (value[1][0], value[1][1]), value[2])


def read_journal(path: Path) -> dict[int, DealRecord]:
    """The deals recorded in a journal, by index.  A half-written last line (a run stopped while
    writing) is ignored; any other bad line raises :class:`JournalError` naming it."""
    records: dict[int, DealRecord] = {}
    if not path.exists():
        return records
    lines = path.read_text(encoding="utf-8").split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            if number == len(lines):   # no newline after it: the write was cut short
                continue
            raise JournalError(f"{where}: not JSON ({exc.msg})") from None
        if not isinstance(data, dict) or set(data) != {"index", "a_at_ns", "a_at_ew", "seconds"}:
            raise JournalError(f"{where}: expected the keys index, a_at_ns, a_at_ew, seconds")
        index, seconds = data["index"], data["seconds"]
        if type(index) is not int or index < 0:
            raise JournalError(f"{where}: index must be a deal number, not {index!r}")
        if not isinstance(seconds, (int, float)) or seconds < 0:
            raise JournalError(f"{where}: seconds must be a time, not {seconds!r}")
        records[index] = DealRecord(index, _played(data["a_at_ns"], where),
                                    _played(data["a_at_ew"], where), float(seconds))
    return records


def _append(path: Path, record: DealRecord) -> None:
    """One line per deal, flushed to disk before the next deal counts as done."""
    line = json.dumps({"index": record.index, "a_at_ns": record.a_at_ns,
                       "a_at_ew": record.a_at_ew, "seconds": round(record.seconds, 3)})
    with path.open("a", encoding="utf-8") as out:
        out.write(line + "\n")
        out.flush()
        os.fsync(out.fileno())


_Task = TypeVar("_Task")
_Done = TypeVar("_Done")


@contextmanager
def deals_played(play: Callable[[_Task], _Done], tasks: Sequence[_Task],
                 workers: int = 1) -> Iterator[Iterator[_Done]]:
    """``play`` of each task, as the tasks finish: in ``workers`` forked processes when more
    than one (in the order they finish), else one after another here.

    Leaving the ``with`` block normally lets the workers end and waits for them; leaving it by
    an exception (Ctrl-C, a worker's error, the caller's own) terminates them at once, instead
    of waiting for every deal still to play."""
    if workers <= 1:
        yield map(play, tasks)
        return
    pool = get_context("fork").Pool(workers)
    try:
        yield pool.imap_unordered(play, tasks)
    except BaseException:
        pool.terminate()
        raise
    else:
        pool.close()
    finally:
        pool.join()


def run_pairing(rules: Rules, a: str, b: str, deals: int, *, seed: int = 1, workers: int = 1,
                log: bool = True, journal: Path | None = None) -> list[DealRecord]:
    """Play ``deals`` duplicate deals of ``a`` against ``b``; records sorted by deal index.

    With a ``journal`` folder the deals already recorded there are not played again, and each
    new one is recorded as soon as it is finished (see :func:`journal_path`)."""
    path = journal_path(journal, rules, a, b, seed) if journal is not None else None
    done = read_journal(path) if path is not None else {}
    records: list[DealRecord] = [done[i] for i in range(deals) if i in done]
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if log and records:
            print(f"  {a}:{b} {len(records)}/{deals} deals already in {path}", file=sys.stderr,
                  flush=True)
    tasks = [(rules, index, seed, a, b) for index in range(deals) if index not in done]
    with deals_played(_play_pair, tasks, workers) as results:
        for record in results:
            records.append(record)
            if path is not None:
                _append(path, record)
            if log and len(records) % max(1, deals // 10) == 0:
                print(f"  {a}:{b} {len(records)}/{deals} deals", file=sys.stderr, flush=True)
    return sorted(records, key=lambda r: r.index)


def _matches(rules: Rules, records: Sequence[DealRecord], a_team: Team) -> tuple[int, int]:
    """Cut one copy of the deal stream into matches; returns (A's wins, B's wins)."""
    wins = [0, 0]
    score = MatchScore(rules, first_dealer=Seat(0))
    for record in records:
        played = record.a_at_ns if a_team is Team.NS else record.a_at_ew
        if score.is_over:
            score = MatchScore(rules, first_dealer=Seat(record.index % 4))
        score.record(written(rules, played, score.multiplier))
        if score.is_over:
            winner = score.winner
            wins[0 if winner is a_team else 1] += 1
    return wins[0], wins[1]


def report(rules: Rules, a: str, b: str, records: Sequence[DealRecord]) -> PairingReport:
    diffs = [difference(rules, r) for r in records]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else math.inf
    wins_ns = _matches(rules, records, Team.NS)
    wins_ew = _matches(rules, records, Team.EW)
    return PairingReport(a, b, 2 * n, mean, mean - half, mean + half,
                         wins_ns[0] + wins_ew[0], wins_ns[1] + wins_ew[1],
                         sum(r.seconds for r in records))


def _pairing(text: str, deals: int) -> tuple[str, str, int]:
    """``"hard:medium"`` or ``"hard:medium=40"`` -> (a, b, deals)."""
    spec, _, count = text.partition("=")
    sides = spec.split(":")
    if len(sides) != 2:
        raise ValueError(f"a pairing looks like hard:medium or hard:medium=40, not {text!r}")
    for level in sides:
        make_player(level)
    if count:
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"deal count in {text!r} must be a positive number")
        deals = int(count)
    return sides[0], sides[1], deals


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kozel_tutor.ai.arena", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", default="insane:hard,hard:medium,medium:easy,easy:random",
                        help="comma-separated A:B pairings (default: the ladder); A:B=N plays "
                             "N duplicate deals for that pairing")
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rules", default="standard",
                        help="standard, or a regional preset: classic, nizhny, kozly24")
    parser.add_argument("--deck", type=int, default=36)
    parser.add_argument("--trump", default="clubs", help="clubs or called")
    parser.add_argument("--json", help="also write the reports to this JSON file")
    parser.add_argument("--journal", type=Path,
                        help="record each finished deal in this folder and skip the deals "
                             "already recorded there (resume a stopped run)")
    args = parser.parse_args(argv)
    try:
        if args.rules == "standard":
            rules = find_rules(args.rules, deck=args.deck, trump=args.trump)
        else:
            rules = find_rules(args.rules)
        pairs = [_pairing(p, args.deals) for p in args.pairs.split(",") if p]
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    reports = []
    for a, b, deals in pairs:
        if rules.name == "standard":
            try:
                records = run_pairing(rules, a, b, deals, seed=args.seed, workers=args.workers,
                                      journal=args.journal)
            except JournalError as exc:
                print(f"error: {exc}", file=sys.stderr)
                return 2
            rep = report(rules, a, b, records)
        else:
            from .variant_arena import match_report, run_match_pairing
            rep = match_report(rules, a, b, run_match_pairing(rules, a, b, deals, seed=args.seed,
                                                              workers=args.workers))
        reports.append(rep)
        print(f"{rules.name:>8} {rep.line()}", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump([asdict(r) for r in reports], out, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
