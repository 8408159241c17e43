"""The golden full deals (tests/golden/full_deals.json, written by benchmarks/make_golden.py from
the native core) agree with the pure-Python reference solver, not only with the code that wrote
them: a golden value of an opening lead is what the leader's side takes along a best line from
it, so the points taken along such a line plus the Python solver's value of the position it
reaches, late in the deal, give that golden value back.

The lines (the golden best opening lead and the worst, then best play, as the native core found
it when this test was written) are data here; along a line that is not best play the sum would
in general miss the golden value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kozel_tutor.cards import CARDS, CardSet, Suit
from kozel_tutor.rules import TRUMP, find_rules
from kozel_tutor.solver.core import Deal, legal_mask
from kozel_tutor.solver.python_solver import PythonBackend

GOLDEN = Path(__file__).resolve().parent / "golden" / "full_deals.json"
SEATS = "NESW"
INDEX = {card.token: card.index for card in CARDS}

# (golden deal, the line from its opening lead down to three cards a hand)
LINES = [
    (0, "6C 8C QC QH AS 9S 6H 7S QS AC TC 9C TS 8S 7D 6S KC 7H QD JD JC JS JH 9D"),
    (0, "TD 8D KD AD AH 6H KH 8H 9D 7D JS JH 7S AS 9S TC JC 9C QC QH TS 8S 6D 6S"),
    (5, "8C TC AC 7C 8H 9H KS 7H KD AD 9D 6D 7D TD 6C KC 9S JD JC QC 6H JS KH AS"),
    (5, "AS TS 9S QD 6D KD AD 9D QC 8S JD 6S 7H 8H 9H KS KC TC AC 7C TD 7S QH 7D"),
    (26, "8D JS 9D 7D AC KC TC 9C AS 8S 9S TS 7C KD TH 8C 8H JC QH QS"),
    (26, "8C AC KC TC AS 8S 9S TS 7C 7S TH 9C 8H KH QC 9H JS QS 7H JC"),
    (31, "7S 8S AS TS JS QC 8D JD TH KH AH 7H AC 7C TC 8C QD 9D 7D KD"),
    (31, "QS JD 9D QC TD 8D QD JS AC 7C TC 8C JC JH 7D KD 8H 7H TH KH"),
]


def golden(number: int) -> dict[str, object]:
    record: dict[str, object] = json.loads(GOLDEN.read_text())["deals"][number]
    return record


def to_come(deal: Deal) -> int:
    held = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
    return sum(deal.order.points[c] for c in range(36) if held >> c & 1)


def python_value_for(deal: Deal, team: int) -> int:
    """The points ``team`` takes from ``deal`` (at a trick's start) on, by the Python solver."""
    low, high = PythonBackend().value(deal)
    assert low == high
    return low if deal.to_move % 2 == team else to_come(deal) - low


@pytest.mark.parametrize(("number", "line"), LINES)
def test_golden_values_are_the_python_solvers_along_a_best_line(number: int, line: str) -> None:
    record = golden(number)
    deck, trump, hands, values = record["deck"], record["trump"], record["hands"], record["values"]
    assert isinstance(deck, int) and isinstance(trump, str)
    assert isinstance(hands, dict) and isinstance(values, dict)
    order = find_rules("standard", deck=deck).card_order(Suit.parse(trump))
    masks = [CardSet.parse(hands[seat]).mask for seat in SEATS]
    leader = SEATS.index(str(record["leader"]))
    team = leader % 2
    cards = [INDEX[token] for token in line.split()]
    assert len(cards) == (deck // 4 - 3) * 4   # down to three cards a hand
    taken, trick, led, checked = 0, [], 0, 0
    for card in cards:
        mover = (leader + len(trick)) % 4
        assert legal_mask(order, masks[mover], trick, led) >> card & 1, CARDS[card]
        masks[mover] &= ~(1 << card)
        trick.append(card)
        if len(trick) < 4:
            continue
        winner = (leader + order.winning_index(trick)) % 4
        if winner % 2 == team:
            taken += sum(order.points[c] for c in trick)
        if order.suit_of[trick[0]] != TRUMP:
            led |= 1 << order.suit_of[trick[0]]
        leader, trick = winner, []
        left = masks[0].bit_count()
        if left <= 5:   # five, four and three cards a hand: the Python solver is quick there
            deal = Deal(order, (masks[0], masks[1], masks[2], masks[3]), leader, (), led)
            assert taken + python_value_for(deal, team) == values[line.split()[0]], left
            checked += 1
    assert checked == 3
