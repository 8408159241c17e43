"""The arena under a regional preset: whole matches through :class:`kozel_tutor.variants.Match`.

Under ``classic``, ``nizhny`` and ``kozly24`` a deal is more than its cards: a boast, redeal
demands, the last trump passed to a partner, the leader chosen by the last winners, the catch,
rows and penalty points.  So here every deal is set up and scored by ``Match`` (the AI's
:class:`~kozel_tutor.variants.choices.HeuristicChooser` answers every question before the
first card, the Monte Carlo levels are told the match around the deal, see :mod:`.context`),
and matches are played to their end, a new one starting as soon as one is over.

**Duplicate deals.**  The stream of deals is cut into blocks; a block is played twice, level A
at NS and then at EW, each copy a stream of matches of its own.  Deal ``k`` of the stream is
shuffled from the same seed in both copies and dealt by the same seat (a match that starts at
deal ``k`` has ``Seat(k % 4)`` as its first dealer), so the same cards meet both line-ups as
long as both copies make the same redeal demands.  Per deal the arena keeps how much each
side's match score moved (resets included); A's gain on B, averaged over the two copies, is
the duplicate difference, with penalty scoring counted the other way round (fewer points
against you is better).  The report has the same form as the standard arena's
(:class:`~.arena.PairingReport`), and counts the matches each level won.

    python -m kozel_tutor.ai.arena --rules nizhny --pairs hard:medium=80 --workers 2
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import Rules
from ..seats import Seat, Team
from ..state import Phase
from ..variants.choices import HeuristicChooser
from ..variants.match import Match
from ..variants.questions import drive
from . import make_player
from .arena import PairingReport, deals_played
from .context import tell_all

__all__ = ["BLOCK", "MatchDeal", "match_report", "play_block", "run_match_pairing"]

BLOCK = 8
"""Deals per block: the unit of work a process plays (both copies)."""


@dataclass(frozen=True)
class MatchDeal:
    """One deal of the stream in both copies: how each side's match score moved (NS, EW) with
    A at NS and with A at EW, and the winner of a match that ended with this deal (A: 0, B: 1,
    none: -1) in each copy."""

    index: int
    a_at_ns: tuple[int, int]
    a_at_ew: tuple[int, int]
    ended_ns: int
    ended_ew: int
    seconds: float


def _seed(*parts: object) -> int:
    return random.Random(":".join(str(p) for p in parts)).randrange(2**63)


def _copy(rules: Rules, block: int, size: int, seed: int, ns: str, ew: str, a_team: Team
          ) -> list[tuple[tuple[int, int], int, float]]:
    """Play one copy of a block: per deal the score moves (NS, EW), who ended a match
    (0 for the level A side, 1 for B, -1 none) and the seconds it took."""
    out: list[tuple[tuple[int, int], int, float]] = []
    match: Match | None = None
    for k in range(size):
        index = block * size + k
        started = time.perf_counter()
        if match is None or match.is_over:
            match = Match(rules, first_dealer=Seat(index % 4))
        match.rng = random.Random(_seed(seed, "deal", index))
        chooser = HeuristicChooser(random.Random(_seed(seed, "chooser", index)), samples=8)
        before = list(match.score.scores)
        setup = drive(match.setup(), chooser)
        state = setup.state
        if state is not None:
            players = {seat: make_player(ns if seat.team is Team.NS else ew,
                                         random.Random(_seed(seed, "player", index, seat.name,
                                                             ns, ew)))
                       for seat in Seat}
            tell_all(players, match, setup)
            while not state.is_over:
                seat = state.to_move
                if state.phase is Phase.CALL:
                    state.call_trump(players[seat].call_trump(state.view(seat)).suit)
                    continue
                state.play(players[seat].choose(state.view(seat)).card)
            match.record(state)
        after = match.score.scores
        moved = (after[0] - before[0], after[1] - before[1])
        ended = -1
        if match.is_over:
            ended = 0 if match.winner is a_team else 1
        out.append((moved, ended, time.perf_counter() - started))
    return out


def play_block(task: tuple[Rules, int, int, int, str, str]) -> list[MatchDeal]:
    """Play block ``block`` of ``size`` deals twice (A at NS, then at EW)."""
    rules, block, size, seed, a, b = task
    first = _copy(rules, block, size, seed, a, b, Team.NS)
    second = _copy(rules, block, size, seed, b, a, Team.EW)
    return [MatchDeal(block * size + k, first[k][0], second[k][0], first[k][1], second[k][1],
                      first[k][2] + second[k][2]) for k in range(size)]


def run_match_pairing(rules: Rules, a: str, b: str, deals: int, *, seed: int = 1,
                      workers: int = 1, block: int = BLOCK, log: bool = True
                      ) -> list[MatchDeal]:
    """Play ``deals`` duplicate deals (rounded up to whole blocks) of ``a`` against ``b``."""
    blocks = max(1, math.ceil(deals / block))
    size = min(block, deals)
    tasks = [(rules, j, size, seed, a, b) for j in range(blocks)]
    records: list[MatchDeal] = []
    with deals_played(play_block, tasks, workers) as results:
        for done in results:
            records.extend(done)
            if log:
                print(f"  {rules.name} {a}:{b} {len(records)}/{blocks * size} deals",
                      file=sys.stderr, flush=True)
    return sorted(records, key=lambda r: r.index)


def difference(rules: Rules, record: MatchDeal) -> float:
    """A's score gain on B's for one deal, averaged over the two copies (penalty: reversed)."""
    first = record.a_at_ns[0] - record.a_at_ns[1]
    second = record.a_at_ew[1] - record.a_at_ew[0]
    diff = (first + second) / 2
    return -diff if rules.target_loses else diff


def match_report(rules: Rules, a: str, b: str, records: Sequence[MatchDeal]) -> PairingReport:
    """Mean duplicate difference per deal with its 95% interval, and matches won."""
    diffs = [difference(rules, r) for r in records]
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else math.inf
    ends = [r.ended_ns for r in records] + [r.ended_ew for r in records]
    return PairingReport(a, b, 2 * n, mean, mean - half, mean + half, ends.count(0),
                         ends.count(1), sum(r.seconds for r in records))
