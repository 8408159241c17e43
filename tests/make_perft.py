"""Write ``tests/data/perft.json``: counts of legal play sequences from fixed positions.

Perft ("performance test", after the chess engines) counts every distinct sequence of legal cards
from a position, to a fixed depth in plies or to the end of the deal.  The counts pin down the
legal-play rules and play/undo: any change in either moves a number.  The file keeps each position
in the RULES.md §3 notation, so the test does not depend on how this script shuffled.

Run ``python tests/make_perft.py`` from the repository root after a *deliberate* rule change, and
explain the new numbers in the commit.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kozel_tutor.cards import Suit  # noqa: E402
from kozel_tutor.position import Position  # noqa: E402
from kozel_tutor.rules import find_rules  # noqa: E402
from kozel_tutor.seats import Seat  # noqa: E402
from kozel_tutor.state import DealState  # noqa: E402

OUT = Path(__file__).resolve().parent / "data" / "perft.json"

# (name, seed, deck, trump (None: the clubs option), cards left per hand, cards into the trick,
#  depth in plies; None counts every sequence to the end of the deal)
CASES: list[tuple[str, int, int, Suit | None, int, int, int | None]] = [
    ("36 cards, clubs, start of the deal", 1, 36, None, 9, 0, 6),
    ("36 cards, clubs, start of the deal", 2, 36, None, 9, 0, 6),
    ("32 cards, clubs, start of the deal", 3, 32, None, 8, 0, 6),
    ("36 cards, hearts called, start of the deal", 4, 36, Suit.HEARTS, 9, 0, 6),
    ("36 cards, clubs, last 3 tricks", 5, 36, None, 3, 0, None),
    ("36 cards, clubs, last 3 tricks, two cards into the trick", 6, 36, None, 3, 2, None),
    ("36 cards, diamonds called, last 3 tricks", 7, 36, Suit.DIAMONDS, 3, 0, None),
    ("32 cards, spades called, last 3 tricks, one card into the trick", 8, 32, Suit.SPADES, 3, 1,
     None),
    ("32 cards, clubs, last 2 tricks", 9, 32, None, 2, 0, None),
    ("36 cards, clubs, last 4 tricks", 10, 36, None, 4, 0, None),
]


def seeded_position(seed: int, deck: int, trump: Suit | None, cards_left: int,
                    in_trick: int) -> DealState:
    rng = random.Random(seed)
    rules = find_rules("standard", deck=deck, trump="clubs" if trump is None else "called")
    state = DealState.deal(rules, dealer=Seat.W, rng=rng)
    if trump is not None:
        state.call_trump(trump)
    while state.trick or len(state.hand(state.to_move)) > cards_left:
        state.play(rng.choice(list(state.legal_plays())))
    for _ in range(in_trick):
        state.play(rng.choice(list(state.legal_plays())))
    return state


def perft(state: DealState, depth: int | None) -> int:
    """Legal sequences of ``depth`` cards (``None``: to the end; a shorter deal counts once)."""
    if depth == 0 or state.is_over:
        return 1
    total = 0
    for card in state.legal_plays():
        state.play(card)
        total += perft(state, None if depth is None else depth - 1)
        state.undo()
    return total


def main() -> None:
    cases = []
    for name, seed, deck, trump, cards_left, in_trick, depth in CASES:
        state = seeded_position(seed, deck, trump, cards_left, in_trick)
        position = Position.from_state(state).to_dict()
        if depth is None:
            counts = {"end": perft(state, None)}
        else:
            counts = {str(d): perft(state, d) for d in range(1, depth + 1)}
        cases.append({"name": f"{name} (seed {seed})", "position": position, "counts": counts})
        print(f"{name} (seed {seed}): {counts}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"about": __doc__.strip().splitlines()[0], "cases": cases},
                      ensure_ascii=False, indent=1)
    OUT.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
