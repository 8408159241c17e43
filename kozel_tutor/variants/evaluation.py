"""A simple, honest hand evaluation for the choices made outside the play (boasts, redeals,
giving the last trump, who leads).

:func:`card_worth` estimates the card points a card brings its side: the chance it takes a trick
times what a trick holds, plus its own points when it does not (partly lost to the opponents).
The chances follow the rule book's strategy notes: the top trumps take the tricks, an ace usually
wins its trick, a ten needs its ace out of the way, small cards rarely win.

>>> from kozel_tutor.rules import find_rules
>>> order = find_rules("classic").card_order()
>>> strong = CardSet.parse("QC QS JC AD AC AS TS 7H")
>>> weak = CardSet.parse("7C 8C 9S 7S 8H 7H 9H KD")
>>> hand_strength(order, strong) > hand_strength(order, weak)
True
"""

from __future__ import annotations

from functools import cache

from ..cards import Card, CardSet, Rank
from ..rules import TRUMP, CardOrder, Rules

__all__ = ["average_strength", "card_worth", "hand_strength", "side_share"]


@cache
def _tables(order: CardOrder) -> tuple[tuple[int, ...], int, int]:
    """Per card: the mask of the cards above it in its effective suit; the trumps mask; the
    number of trumps."""
    above = [0] * 36
    for suit in range(5):
        members = order.suit_cards(suit)
        mask = 0
        for card in members:
            above[card.index] = mask
            mask |= card.bit
    return tuple(above), order.suit_masks[TRUMP], len(order.trumps)


def _win_chance(order: CardOrder, card: Card, hand: CardSet) -> float:
    above, trumps, n_trumps = _tables(order)
    missing = (above[card.index] & ~hand.mask).bit_count()
    if trumps >> card.index & 1:
        # Higher trumps held by this hand do not threaten this one; length helps.
        held = (hand.mask & trumps).bit_count()
        chance = 1.0 - missing / (0.75 * n_trumps) + 0.05 * (held - 3)
        return min(1.0, max(0.05, chance))
    if card.rank is Rank.SIX:
        return 0.03
    return (0.75, 0.35, 0.12)[min(missing, 2)]


def card_worth(order: CardOrder, card: Card, hand: CardSet) -> float:
    """Card points ``card`` is expected to bring its side, held in ``hand``."""
    tricks = order.rules.hand_size
    others = 120 / tricks * 0.75
    win = _win_chance(order, card, hand)
    return win * (others + card.points) + (1 - win) * 0.4 * card.points


def hand_strength(order: CardOrder, hand: CardSet) -> float:
    """Expected card points the hand brings its side (a rough, monotone estimate)."""
    return sum(card_worth(order, card, hand) for card in hand)


def side_share(order: CardOrder, ours: list[CardSet], theirs: list[CardSet],
               taken: tuple[int, int] = (0, 0)) -> float:
    """Expected card points of our side at the end of the deal: what it has taken plus its
    share, by strength, of the points still in play."""
    mine = sum(hand_strength(order, h) for h in ours)
    other = sum(hand_strength(order, h) for h in theirs)
    left = 120 - taken[0] - taken[1]
    share = 0.5 if mine + other <= 0 else mine / (mine + other)
    return taken[0] + share * left


@cache
def average_strength(rules: Rules) -> float:
    """The mean :func:`hand_strength` of a full hand under ``rules`` (fixed sample, cached)."""
    import random

    rng = random.Random(20240229)
    order = rules.card_order()
    deck = list(rules.deck_cards)
    total = 0.0
    samples = 400
    for _ in range(samples):
        total += hand_strength(order, CardSet(rng.sample(deck, rules.hand_size)))
    return total / samples
