"""The trump call (``called`` rule): rate the hand with each suit as trumps and name the best.

The rating counts what the hand is likely to win: every trump by its place in the trump order
(the queens and jacks are trumps whatever is called; the called suit adds its A 10 K 9 8 7 6
below them), long trumps, side aces (better with their ten, worse in a long suit that others will
ruff) and short side suits that let the trumps ruff.

>>> from kozel_tutor.cards import CardSet
>>> from kozel_tutor.rules import find_rules
>>> call_trump(CardSet.parse("QC JH AH TH KH 9H 7S 8D AS"), find_rules(trump="called")).suit
<Suit.HEARTS: 2>
"""

from __future__ import annotations

from ..cards import CardSet, Rank, Suit
from ..rules import TRUMP, Rules
from .base import TrumpDecision
from .reasons import reason, trumps_count

__all__ = ["call_trump", "hand_strength"]


def hand_strength(hand: CardSet, rules: Rules, trump: Suit) -> float:
    """A rough count of the tricks and points ``hand`` is worth with ``trump`` as trumps."""
    order = rules.card_order(trump)
    trumps = order.trumps
    n_trumps = 0
    value = 0.0
    plain_length = [0, 0, 0, 0]
    for card in hand:
        if order.suit_of[card.index] == TRUMP:
            n_trumps += 1
            place = trumps.index(card)
            value += max(0.25, 1.0 - place / len(trumps)) + card.points / 60
        else:
            plain_length[order.suit_of[card.index]] += 1
    for card in hand:
        suit = order.suit_of[card.index]
        if suit == TRUMP:
            continue
        length = plain_length[suit]
        if card.rank == Rank.ACE:
            value += 0.8 if length <= 3 else 0.5
        elif card.rank == Rank.TEN and card.bit << 4 & hand.mask:
            value += 0.4
    value += max(0, n_trumps - 4) * 0.5
    if n_trumps >= 3:
        value += 0.3 * sum(1 for s in range(4) if s != trump and plain_length[s] == 0)
    return value


def call_trump(hand: CardSet, rules: Rules) -> TrumpDecision:
    """The suit that makes ``hand`` strongest, with the reason in words."""
    best = max(Suit, key=lambda s: (hand_strength(hand, rules, s), -s))
    order = rules.card_order(best)
    count = sum(1 for card in hand if order.suit_of[card.index] == TRUMP)
    return TrumpDecision(best, reason("call_trump", suit=best, count=trumps_count(count)))
