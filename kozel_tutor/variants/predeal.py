"""What happens between the deal and the first card: redeal claims and giving the last trump.

* **Redeal** (``classic``): a player with 12 card points or less, or all four nines, may demand
  a redeal, and so may a side holding no queen or only the Q♦ (``kozly24``: a side with no queen,
  not in the first deal).  The match counts redeals in a row (see :class:`.match.Match`).
* **Giving the last trump** (``classic``; ``kozly24``'s single-trump swap, not in the first
  deal): a player with exactly one trump may pass it face down to the partner, who gives back a
  non-trump — a trump only if they hold nothing else.

>>> weak_hand(CardSet.parse("9C 9S 9H 9D AC AS KH TD"), 12)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, CardSet, Rank, Suit
from ..rules import TRUMP, Rules
from ..seats import Seat, Team
from .match_rules import Procedures
from .questions import GiveBackQuestion, GiveTrumpQuestion, Procedure, RedealQuestion

__all__ = [
    "Exchange",
    "exchange_procedure",
    "redeal_questions",
    "side_without_queen",
    "weak_hand",
]

_QUEENS = CardSet(Card.of(Rank.QUEEN, suit) for suit in Suit)
_QUEEN_OF_DIAMONDS = Card.of(Rank.QUEEN, Suit.DIAMONDS)
_NINES = CardSet(Card.of(Rank.NINE, suit) for suit in Suit)


def weak_hand(hand: CardSet, limit: int) -> bool:
    """``limit`` card points or less, or all four nines."""
    return hand.points <= limit or (hand.mask & _NINES.mask) == _NINES.mask


def side_without_queen(hands: list[CardSet], team: Team, only_diamond_is_none: bool) -> bool:
    """No queen in the side's two hands (or, when asked, only the Q♦)."""
    queens = CardSet((hands[team.seats[0]] | hands[team.seats[1]]).mask & _QUEENS.mask)
    if not queens:
        return True
    return only_diamond_is_none and queens == CardSet([_QUEEN_OF_DIAMONDS])


def redeal_questions(rules: Rules, procedures: Procedures, hands: list[CardSet],
                     dealer: Seat) -> list[RedealQuestion]:
    """Every redeal a player or side may demand now, in turn from the left of the dealer.

    A side's claim is put to its first player in that order (the partners agree on it).
    """
    questions: list[RedealQuestion] = []
    asked_sides: set[Team] = set()
    for step in range(1, 5):
        seat = dealer.offset(step)
        if procedures.weak_hand_redeal and weak_hand(hands[seat], procedures.weak_hand_points):
            questions.append(RedealQuestion(seat, (False, True), rules=rules, hand=hands[seat],
                                            reason="weak_hand"))
        team = seat.team
        if (procedures.no_queen_redeal and team not in asked_sides
                and side_without_queen(hands, team, procedures.only_diamond_queen_counts_as_none)):
            asked_sides.add(team)
            questions.append(RedealQuestion(
                seat, (False, True), rules=rules, hand=hands[seat], reason="no_queen",
                side_hands=((seat, hands[seat]), (seat.partner, hands[seat.partner]))))
    return questions


@dataclass(frozen=True)
class Exchange:
    """One giving of the last trump: ``giver`` passed ``trump``, got ``returned`` back."""

    giver: Seat
    trump: Card
    returned: Card

    @property
    def taker(self) -> Seat:
        return self.giver.partner


def exchange_procedure(rules: Rules, hands: list[CardSet], dealer: Seat,
                       trump: Suit | None = None) -> Procedure[list[Exchange]]:
    """Offer the last-trump exchange in turn from the left of the dealer; updates ``hands``.

    A player already part of an exchange is not asked again.
    """
    order = rules.card_order(trump)
    trumps = order.suit_masks[TRUMP]
    done: list[Exchange] = []
    involved: set[Seat] = set()
    for step in range(1, 5):
        seat = dealer.offset(step)
        if seat in involved:
            continue
        held = hands[seat].mask & trumps
        if held.bit_count() != 1:
            continue
        card = CardSet(held).sorted()[0]
        give = yield GiveTrumpQuestion(seat, (False, True), rules=rules, hand=hands[seat],
                                       trump=card)
        if not give:
            continue
        partner = seat.partner
        plain = hands[partner].mask & ~trumps
        choices = CardSet(plain or hands[partner].mask).sorted()
        back: Card = yield GiveBackQuestion(partner, tuple(choices), rules=rules,
                                            hand=hands[partner], received=card)
        hands[seat] = hands[seat] - CardSet([card]) | CardSet([back])
        hands[partner] = hands[partner] - CardSet([back]) | CardSet([card])
        done.append(Exchange(seat, card, back))
        involved.update((seat, partner))
    return done
