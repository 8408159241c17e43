"""Invariants of the double-dummy values (the contract of kozel_tutor/solver/core.py: a card's
value is the future card points of the mover's side), on small random positions (hypothesis):

* the suits are only names: relabelling them (the trump suit with them, the queens and jacks,
  which rank by their printed suit, kept) leaves every card's value unchanged;
* the seats are only places: moving every hand one seat on swaps the sides, and the mover's
  side's values stay the same, so the N–S values become the rest of the points to come;
* the two sides' values add to the points to come: after each card, the other side's best
  and the card's value share them.

The native core is used when it is built, else the pure-Python solver."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kozel_tutor.cards import CARDS, Card, Rank, Suit
from kozel_tutor.rules import TRUMP, Rules, find_rules
from kozel_tutor.solver.core import Backend, Deal, legal_mask
from kozel_tutor.solver.native import AVAILABLE, NativeBackend
from kozel_tutor.solver.python_solver import PythonBackend

BACKEND: Backend = NativeBackend(tt_megabytes=4) if AVAILABLE else PythonBackend()
RULES: tuple[Rules, ...] = (
    find_rules("standard"),
    find_rules("standard", deck=32),
    find_rules("standard", deck=32).replace(ace_dump_ban=True),
)


def bits(mask: int) -> list[int]:
    return [i for i in range(36) if mask >> i & 1]


def play(deal: Deal, card: int) -> tuple[Deal, int]:
    """The position after ``card``, and the points the mover's side took if it closed a trick."""
    order, mover = deal.order, deal.to_move
    hands = list(deal.hands)
    hands[mover] &= ~(1 << card)
    trick = (*deal.trick, card)
    if len(trick) < 4:
        return Deal(order, (hands[0], hands[1], hands[2], hands[3]), deal.leader, trick,
                    deal.led), 0
    winner = (deal.leader + order.winning_index(trick)) % 4
    led = deal.led
    if order.suit_of[trick[0]] != TRUMP:
        led |= 1 << order.suit_of[trick[0]]
    after = Deal(order, (hands[0], hands[1], hands[2], hands[3]), winner, (), led)
    points = sum(order.points[c] for c in trick)
    return after, points if winner % 2 == mover % 2 else 0


def to_come(deal: Deal) -> int:
    """The card points still in the hands and in the current trick."""
    held = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.hands[3]
    return sum(deal.order.points[c] for c in bits(held) + list(deal.trick))


@st.composite
def positions(draw: st.DrawFn) -> Deal:
    """A shuffled deal played on at random to 1..4 cards a hand, and 0..3 cards into a trick."""
    rules = draw(st.sampled_from(RULES))
    order = rules.card_order(draw(st.sampled_from(list(Suit))))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    cards_left, in_trick = draw(st.integers(1, 4)), draw(st.integers(0, 3))
    cards = bits(order.deck_mask)
    rng.shuffle(cards)
    size = len(cards) // 4
    hands = [sum(1 << c for c in cards[i * size:(i + 1) * size]) for i in range(4)]
    deal = Deal(order, (hands[0], hands[1], hands[2], hands[3]), rng.randrange(4), ())
    for _ in range((size - cards_left) * 4 + in_trick):
        deal, _ = play(deal, rng.choice(bits(legal_mask(order, deal.hands[deal.to_move],
                                                        deal.trick, deal.led))))
    return deal


def relabel(deal: Deal, suits: list[Suit]) -> tuple[Deal, dict[int, int]]:
    """``deal`` with suit ``s`` renamed ``suits[s]`` (trump included; queens and jacks kept),
    and the map of the card indices."""
    def rename(card: Card) -> Card:
        if card.rank in (Rank.QUEEN, Rank.JACK):
            return card
        return Card.of(card.rank, suits[card.suit])

    names = {c.index: rename(c).index for c in CARDS}

    def mask(m: int) -> int:
        return sum(1 << names[c] for c in bits(m))

    order = deal.order.rules.card_order(suits[deal.order.trump])
    hands = tuple(mask(h) for h in deal.hands)
    led = sum(1 << suits[s] for s in Suit if deal.led >> s & 1)
    return Deal(order, (hands[0], hands[1], hands[2], hands[3]), deal.leader,
                tuple(names[c] for c in deal.trick), led), names


@settings(max_examples=150, deadline=None)
@given(positions(), st.permutations(list(Suit)))
def test_renaming_the_suits_leaves_every_value_unchanged(deal: Deal, suits: list[Suit]) -> None:
    renamed, names = relabel(deal, suits)
    before = BACKEND.analyse(deal)
    after = BACKEND.analyse(renamed)
    assert before.exact and after.exact
    assert after.values == {names[c]: v for c, v in before.values.items()}, (deal, suits)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_moving_every_hand_one_seat_on_swaps_the_sides(deal: Deal) -> None:
    h = deal.hands
    moved = Deal(deal.order, (h[3], h[0], h[1], h[2]), (deal.leader + 1) % 4, deal.trick,
                 deal.led, (deal.taken[1], deal.taken[0]))
    assert moved.to_move % 2 != deal.to_move % 2
    before, after = BACKEND.analyse(deal), BACKEND.analyse(moved)
    assert after.values == before.values   # the mover's side's points, now the other side
    total = to_come(deal)
    ns_before = {c: v if deal.to_move % 2 == 0 else total - v for c, v in before.values.items()}
    ns_after = {c: v if moved.to_move % 2 == 0 else total - v for c, v in after.values.items()}
    assert ns_after == {c: total - v for c, v in ns_before.items()}


@settings(max_examples=150, deadline=None)
@given(positions())
def test_the_two_sides_values_add_to_the_points_to_come(deal: Deal) -> None:
    result = BACKEND.analyse(deal)
    total = to_come(deal)
    assert result.exact and result.values
    for card, value in result.values.items():
        after, taken = play(deal, card)
        closed = total - to_come(after)   # the points of the trick this card closed, if any
        if any(after.hands):
            best, high = BACKEND.value(after)
            assert best == high
            same_side = after.to_move % 2 == deal.to_move % 2
            theirs_later = to_come(after) - best if same_side else best
        else:
            theirs_later = 0
        theirs = closed - taken + theirs_later
        assert value + theirs == total, (deal, card)
    assert BACKEND.value(deal) == (max(result.values.values()),) * 2
