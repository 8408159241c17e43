"""Write tests/golden/full_deals.json: full deals with the exact value of every opening lead.

The deals are random (fixed seed): 36-card deals with each trump suit and 32-card deals, every
seat leading in turn.  Values are the card points the leader's side ends the deal with after
each legal first card, both sides playing to maximise their own points (the opening lead is the
whole deal, so future points are final points).  They come from the native core;
``--check-python N`` recomputes the first N deals with the pure-Python solver too (slow:
minutes per deal) and refuses to write on any difference.

    python benchmarks/make_golden.py                  # 24 + 12 deals
    python benchmarks/make_golden.py --check-python 2
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from kozel_tutor.cards import CARDS, CardSet, Suit
from kozel_tutor.rules import find_rules
from kozel_tutor.solver.core import Deal
from kozel_tutor.solver.native import AVAILABLE, NativeBackend

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "full_deals.json"
SEATS = "NESW"


def golden_deals(count36: int, count32: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    records = []
    for index in range(count36 + count32):
        deck = 36 if index < count36 else 32
        trump = Suit(index % 4)
        order = find_rules("standard", deck=deck).card_order(trump)
        cards = [c for c in range(36) if order.deck_mask >> c & 1]
        rng.shuffle(cards)
        size = deck // 4
        hands = [CardSet(CARDS[c] for c in cards[size * i:size * i + size]) for i in range(4)]
        records.append({
            "rules": "standard",
            "deck": deck,
            "trump": trump.letter,
            "hands": {SEATS[i]: str(hands[i]) for i in range(4)},
            "leader": SEATS[index % 4],
        })
    return records


def deal_of(record: dict[str, Any]) -> Deal:
    order = find_rules(record["rules"], deck=record["deck"]).card_order(Suit.parse(record["trump"]))
    hands = tuple(CardSet.parse(record["hands"][s]).mask for s in SEATS)
    return Deal(order, (hands[0], hands[1], hands[2], hands[3]), SEATS.index(record["leader"]), ())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals36", type=int, default=24)
    parser.add_argument("--deals32", type=int, default=12)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--check-python", type=int, default=0, metavar="N")
    parser.add_argument("--out", type=Path, default=GOLDEN)
    args = parser.parse_args(argv)
    if not AVAILABLE:
        print("the native core is not built: python setup.py build_ext --inplace", file=sys.stderr)
        return 1
    backend = NativeBackend()
    records = golden_deals(args.deals36, args.deals32, args.seed)
    for number, record in enumerate(records):
        start = time.perf_counter()
        result = backend.analyse(deal_of(record))
        assert result.exact
        record["values"] = {CARDS[c].token: v for c, v in sorted(result.values.items())}
        record["value"] = max(result.values.values())
        print(f"deal {number:2d} ({record['deck']} cards, trump {record['trump']}): "
              f"{time.perf_counter() - start:6.2f} s  value {record['value']}", flush=True)
        if number < args.check_python:
            from kozel_tutor.solver.python_solver import PythonBackend

            start = time.perf_counter()
            reference = PythonBackend().analyse(deal_of(record))
            values = {CARDS[c].token: v for c, v in sorted(reference.values.items())}
            print(f"        python check: {time.perf_counter() - start:6.1f} s", flush=True)
            if values != record["values"]:
                print(f"MISMATCH with the Python solver: {values}", file=sys.stderr)
                return 1
            record["checked_by_python"] = True
    payload = {
        "about": "Full deals (RULES.md §3 notation) with the exact value of every opening lead: "
                 "the card points the leader's side ends the deal with, both sides maximising "
                 "their own points.  Written by benchmarks/make_golden.py.",
        "seed": args.seed,
        "deals": records,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(payload, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {len(records)} deals to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
