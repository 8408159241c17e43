"""Decision latency of the Monte Carlo levels at trick 1 and trick 5 of 36-card deals.

Targets (issue "AI players"): hard ≤ 1 s median, insane ≤ 3 s median.  ``hint`` is the table's
Hint button (``kozel_tutor.ai.advice``: the hard player and the medium rules, for the learner).
Positions come from
seeded shuffles played on by the medium rules, so every run measures the same decisions; a
decision with a single legal card is skipped (it costs nothing).

    python benchmarks/bench_ai_latency.py --positions 12
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kozel_tutor.ai import make_player
from kozel_tutor.ai.advice import Adviser
from kozel_tutor.ai.heuristic import rule_decision
from kozel_tutor.rules import find_rules
from kozel_tutor.seats import Seat
from kozel_tutor.solver import get_backend
from kozel_tutor.state import DealState


def positions(trick: int, count: int) -> list[DealState]:
    """Deals at the given trick (1-based), the player to move having a real choice."""
    found: list[DealState] = []
    seed = 0
    while len(found) < count:
        rng = random.Random(f"latency:{trick}:{seed}")
        seed += 1
        state = DealState.deal(find_rules(), dealer=Seat(seed % 4), rng=rng)
        in_trick = rng.randrange(4)
        while len(state.tricks) < trick - 1 or len(state.trick) < in_trick:
            state.play(rule_decision(state.view(state.to_move)).card)
        if len(state.legal_plays()) > 1:
            found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--levels", default="hard,insane,hint")
    args = parser.parse_args()
    print(f"solver backend: {get_backend().name}")
    for level in args.levels.split(","):
        for trick in (1, 5):
            times: list[float] = []
            samples: list[int] = []
            for i, state in enumerate(positions(trick, args.positions)):
                view = state.view(state.to_move)
                started = time.perf_counter()
                if level == "hint":
                    Adviser(random.Random(i)).advise(view)
                    times.append(time.perf_counter() - started)
                    continue
                decision = make_player(level, random.Random(i)).choose(view)
                times.append(time.perf_counter() - started)
                samples.append(decision.candidates[0].samples if decision.candidates else 0)
            solved = (f"  layouts solved median {statistics.median(samples):.0f}"
                      if samples else "")
            print(f"{level:>6} trick {trick}: median {statistics.median(times):.3f} s  "
                  f"max {max(times):.3f} s{solved} (n={len(times)})", flush=True)


if __name__ == "__main__":
    main()
