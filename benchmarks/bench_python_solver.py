"""How long the pure-Python solver takes on endgames of 4, 5 and 6 cards per hand.

Positions are reached by random legal play from seeded 36-card deals (clubs trumps): half stop at
a trick boundary, half one to three cards into a trick.  Each is analysed in full — the exact
value of every legal card and a principal variation — by ``solve(position, backend="python")``.
The table shows the median and the slowest time per size.

    python benchmarks/bench_python_solver.py            # 50 positions per size
    python benchmarks/bench_python_solver.py --quick    # 10 positions per size

Target: median at 6 cards per hand at most 150 ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kozel_tutor.position import Position
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.solver import solve
from kozel_tutor.state import DealState


def endgame(seed: int, cards: int, in_trick: int) -> Position:
    """A seeded deal played at random until every hand holds ``cards``, then ``in_trick`` more."""
    rng = random.Random(seed)
    state = DealState.deal(find_rules("standard"), dealer=Seat(rng.randrange(4)), rng=rng)
    while state.trick or len(state.hand(state.to_move)) > cards:
        state.play(rng.choice(list(state.legal_plays())))
    for _ in range(in_trick):
        state.play(rng.choice(list(state.legal_plays())))
    return Position.from_state(state)


def measure(cards: int, count: int, seed: int) -> tuple[list[float], list[int]]:
    times: list[float] = []
    nodes: list[int] = []
    progress = sys.stderr.isatty()
    for i in range(count):
        in_trick = 0 if i % 2 == 0 else 1 + (i // 2) % 3
        pos = endgame(seed * 1_000_003 + cards * 1000 + i, cards, in_trick)
        start = time.perf_counter()
        analysis = solve(pos, backend="python", outcomes=False)
        times.append(time.perf_counter() - start)
        nodes.append(analysis.nodes)
        if progress:
            print(f"\r  {cards} cards: {i + 1}/{count}", end="", file=sys.stderr, flush=True)
    if progress:
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr, flush=True)
    return times, nodes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="10 positions per size, not 50")
    parser.add_argument("--positions", type=int, default=None, help="positions per size")
    parser.add_argument("--sizes", default="4,5,6", help="cards per hand, e.g. 4,5,6")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    count = args.positions or (10 if args.quick else 50)
    sizes = [int(s) for s in args.sizes.split(",")]

    print(f"pure-Python solver, 36 cards, clubs; {count} positions per size "
          f"(half at a trick boundary, half mid-trick); full analysis of every legal card + pv")
    print(f"{'cards/hand':>10} {'positions':>9} {'median ms':>10} {'max ms':>9} "
          f"{'median nodes':>13} {'max nodes':>10}")
    for cards in sizes:
        times, nodes = measure(cards, count, args.seed)
        print(f"{cards:>10} {count:>9} {statistics.median(times) * 1000:>10.1f} "
              f"{max(times) * 1000:>9.1f} {int(statistics.median(nodes)):>13} "
              f"{max(nodes):>10}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
