"""Benchmark: the native Kozel core against bridge's DDS, in one run on one machine.

(a) the native core on random full 36-card Kozel deals (standard rules, clubs trump), the exact
    value of every legal opening lead (``NativeBackend.analyse``: values and a best line);
(b) DDS through the ``endplay`` package on random bridge deals, every card of the player on lead
    (``endplay.dds.solve_board``, the same question for bridge: tricks instead of points).

It prints the median, 90th percentile and maximum of both, the ratio (a)/(b), and for the Kozel
deals also the exact value alone, the ">= 61?" test alone, the deal score of every lead alone
(``brackets``: which of 31/60/61/90 points each lead reaches, what the insane AI asks), and nodes
per second.  Wall-clock
time is the headline; process CPU time is shown too because a shared machine inflates the wall
clock of both sides alike but unevenly.

    python benchmarks/bench_native.py --deals 30 --seed 1

``endplay`` is a benchmark-only dependency (``pip install endplay``); without it part (b) is
skipped.  Each side gets one untimed warm-up deal, then the two alternate deal by deal.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from kozel_tutor.cards import Suit
from kozel_tutor.rules import find_rules
from kozel_tutor.solver.core import Deal
from kozel_tutor.solver.native import AVAILABLE, NativeBackend


def kozel_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    order = find_rules("standard").card_order(Suit.CLUBS)
    cards = [c for c in range(36) if order.deck_mask >> c & 1]
    deals = []
    for _ in range(count):
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[9 * i:9 * i + 9]) for i in range(4))
        deals.append(Deal(order, (hands[0], hands[1], hands[2], hands[3]), rng.randrange(4), ()))
    return deals


def bridge_deals(count: int, seed: int) -> list[Any]:
    from endplay.types import Deal as BridgeDeal
    from endplay.types import Denom, Player

    rng = random.Random(seed)
    ranks = "AKQJT98765432"
    deck = [(s, r) for s in range(4) for r in range(13)]
    deals = []
    for _ in range(count):
        rng.shuffle(deck)
        hands = []
        for h in range(4):
            held = deck[13 * h:13 * h + 13]
            suits = [
                "".join(ranks[r] for r in sorted(r for s2, r in held if s2 == s)) for s in range(4)
            ]
            hands.append(".".join(suits))
        deal = BridgeDeal("N:" + " ".join(hands))
        deal.trump = rng.choice(list(Denom))
        deal.first = rng.choice(list(Player))
        deals.append(deal)
    return deals


def clock(function: Callable[[Any], Any], item: Any) -> tuple[float, float, Any]:
    """Wall and CPU seconds of ``function(item)``, and its result."""
    w0, c0 = time.perf_counter(), time.process_time()
    result = function(item)
    return time.perf_counter() - w0, time.process_time() - c0, result


def timed(function: Callable[[Any], Any], items: Sequence[Any]) -> tuple[list[float], list[float],
                                                                            list[Any]]:
    """Wall and CPU seconds of ``function(item)`` for each item, after one untimed warm-up."""
    function(items[0])
    walls, cpus, results = [], [], []
    for item in items:
        wall, cpu, result = clock(function, item)
        walls.append(wall)
        cpus.append(cpu)
        results.append(result)
    return walls, cpus, results


def summary(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"{name:<44} median {1e3 * statistics.median(ordered):8.2f} ms   "
            f"p90 {1e3 * p90:8.2f} ms   max {1e3 * ordered[-1]:8.2f} ms   "
            f"mean {1e3 * statistics.fmean(ordered):8.2f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30, help="deals per side (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tt-megabytes", type=float, default=8.0,
                        help="the transposition table (default 8, the backend's default)")
    args = parser.parse_args(argv)
    if not AVAILABLE:
        print("the native core is not built: python setup.py build_ext --inplace", file=sys.stderr)
        return 1
    backend = NativeBackend(args.tt_megabytes)
    deals = kozel_deals(args.deals, args.seed)
    solve_board: Callable[[Any], Any] | None
    try:
        from endplay.dds import solve_board
    except ImportError:
        solve_board = None
        print("endplay is not installed (pip install endplay): the DDS side is skipped\n")

    def dds_all_cards(deal: Any) -> list[Any]:
        assert solve_board is not None
        return list(solve_board(deal))

    # The two sides alternate deal by deal, so a busy machine slows both alike.
    bridge = bridge_deals(args.deals, args.seed) if solve_board is not None else []
    backend.analyse(deals[0])
    if bridge:
        dds_all_cards(bridge[0])
    walls: list[float] = []
    cpus: list[float] = []
    dds_walls: list[float] = []
    dds_cpus: list[float] = []
    nodes = exact = 0
    for index, deal in enumerate(deals):
        wall, cpu, result = clock(backend.analyse, deal)
        walls.append(wall)
        cpus.append(cpu)
        nodes += result.nodes
        exact += result.exact
        if bridge:
            wall, cpu, _ = clock(dds_all_cards, bridge[index])
            dds_walls.append(wall)
            dds_cpus.append(cpu)

    print(f"Kozel: {args.deals} random full 36-card deals, standard rules, clubs trump")
    print(summary("(a) native analyse, every opening lead", walls))
    print(summary("    same, process CPU time", cpus))
    print(f"    {exact}/{len(deals)} exact; {nodes / len(deals):,.0f} nodes per deal; "
          f"{nodes / sum(cpus) / 1e6:.2f} M nodes per CPU second")
    # fresh deals for each question, so no answer comes from the table of an earlier one
    value_walls, _, _ = timed(backend.value, kozel_deals(args.deals, args.seed + 1000))
    print(summary("    exact value of the deal alone", value_walls))
    reach_walls, _, _ = timed(lambda d: backend.reaches(d, 61),
                              kozel_deals(args.deals, args.seed + 2000))
    print(summary("    'does the leader's side reach 61?' alone", reach_walls))
    fresh = NativeBackend(args.tt_megabytes)
    bracket_walls, _, _ = timed(lambda d: fresh.brackets(d, (1, 31, 60, 61, 90, 120)), deals)
    print(summary("    every opening lead, deal score only", bracket_walls))
    print("    (brackets: which of 31/60/61/90 points each lead reaches, as insane asks; the")
    print("    same deals as (a), a table of its own)")
    if not bridge:
        return 0

    print(f"\nBridge: {args.deals} random deals, random strain and leader")
    print(summary("(b) DDS solve_board, every card of the leader", dds_walls))
    print(summary("    same, process CPU time", dds_cpus))

    ratio = statistics.median(walls) / statistics.median(dds_walls)
    ratio_p90 = sorted(walls)[int(0.9 * len(walls))] / sorted(dds_walls)[int(0.9 * len(dds_walls))]
    ratio_cpu = statistics.median(cpus) / statistics.median(dds_cpus)
    ratio_total = sum(walls) / sum(dds_walls)
    print(f"\nratio (a)/(b): median {ratio:.2f}   p90 {ratio_p90:.2f}   total {ratio_total:.2f}   "
          f"median CPU {ratio_cpu:.2f}   (target <= 1.0)")
    print(f"ratio deal score of every lead / (b): median "
          f"{statistics.median(bracket_walls) / statistics.median(dds_walls):.2f}   total "
          f"{sum(bracket_walls) / sum(dds_walls):.2f}   (not the target's question: bounds, "
          f"not exact points)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
