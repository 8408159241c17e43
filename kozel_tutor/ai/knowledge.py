"""What a seat can work out from its view: cards still out, sure winners, who can ruff.

The rule-based players (easy, medium) and the Monte Carlo players' fallbacks read the table
through :class:`TableFacts`.  With ``memory=False`` (the easy level) the facts forget the
finished tricks: every card not in the hand or on the table counts as still out, and nobody is
known to be void.

>>> import random
>>> from kozel_tutor.state import DealState
>>> deal = DealState.deal(rng=random.Random(3))
>>> facts = TableFacts(deal.view(deal.to_move))
>>> len(CardSet(facts.out)) + len(facts.view.hand)
36
"""

from __future__ import annotations

from functools import cache, cached_property

from ..cards import Card, CardSet
from ..rules import TRUMP, Rules
from ..scoring import deal_result
from ..seats import Seat
from ..state import SeatView

__all__ = ["TableFacts", "cards_of", "save_points"]


@cache
def save_points(rules: Rules) -> int:
    """The fewest card points with which a losing side takes the mildest loss of its preset:
    31 in the standard game, ``classic`` and ``nizhny``, 30 in ``kozly24`` ("4 below 30")."""
    half = rules.deck_cards.points // 2
    mildest = deal_result(rules, (half - 1, half + 1), (1, 1)).written
    for points in range(1, half):
        if deal_result(rules, (points, 2 * half - points), (1, 1)).written == mildest:
            return points
    return half


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first."""
    return list(CardSet(mask))


class TableFacts:
    """Derived knowledge of one seat at one moment (computed lazily, cached)."""

    def __init__(self, view: SeatView, memory: bool = True) -> None:
        self.view = view
        self.memory = memory
        self.order = view.order
        self.me = view.seat
        self.hand = view.hand.mask
        on_table = 0
        for card in view.trick:
            on_table |= card.bit
        seen = view.played.mask if memory else on_table
        self.out = view.rules.deck_cards.mask & ~seen & ~self.hand
        """Cards that may be in the other three hands."""

    # -- cards -------------------------------------------------------------------------------

    def suit_of(self, card: Card) -> int:
        return self.order.suit_of[card.index]

    def strength(self, card: Card) -> int:
        return self.order.strength[card.index]

    def is_trump(self, card: Card) -> bool:
        return self.order.suit_of[card.index] == TRUMP

    def out_above(self, card: Card) -> int:
        """Cards still out of ``card``'s effective suit that rank above it."""
        suit = self.order.suit_of[card.index]
        strength = self.order.strength
        mask = self.out & self.order.suit_masks[suit]
        own = strength[card.index]
        return sum(1 << c for c in range(36) if mask >> c & 1 and strength[c] > own)

    def out_in_suit(self, suit: int) -> int:
        return self.out & self.order.suit_masks[suit]

    @cached_property
    def top_trump(self) -> Card | None:
        """The highest trump not yet played (in this hand or still out)."""
        live = (self.out | self.hand) & self.order.suit_masks[TRUMP]
        if not live:
            return None
        return max(cards_of(live), key=self.strength)

    # -- seats -------------------------------------------------------------------------------

    def void(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` has shown it holds no card of effective suit ``suit``."""
        if self.view.hand_sizes[seat] == 0:
            return True
        return self.memory and suit in self.view.voids[seat]

    def may_hold(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` might hold a card of ``suit`` (not void, and such cards are out)."""
        return not self.void(seat, suit) and bool(self.out_in_suit(suit))

    @property
    def opponents(self) -> tuple[Seat, Seat]:
        return (self.me.next, self.me.previous)

    @property
    def partner(self) -> Seat:
        return self.me.partner

    def still_to_play(self) -> list[Seat]:
        """Seats that play to the current trick after this seat."""
        return [self.me.offset(k) for k in range(1, 4 - len(self.view.trick))]

    # -- the trick ---------------------------------------------------------------------------

    def winner(self) -> tuple[Seat, Card] | None:
        trick = self.view.trick
        if not trick:
            return None
        pos = self.order.winning_index([c.index for c in trick])
        return self.view.leader.offset(pos), trick[pos]

    def beats(self, card: Card, holder: Card) -> bool:
        return self.order.beats(card, holder)

    def can_beat(self, seat: Seat, card: Card, led: int) -> bool:
        """Whether ``seat``, playing later to a trick led in ``led``, might beat ``card``."""
        suit = self.suit_of(card)
        if suit == TRUMP:
            higher = self.out_above(card) & self.order.suit_masks[TRUMP]
            return bool(higher) and not self.void(seat, TRUMP) and (
                led == TRUMP or self.void(seat, led) or not self.memory)
        if self.out_above(card) and not self.void(seat, suit):
            return True
        # A plain card can be ruffed by a seat known to be out of the suit led.
        return self.void(seat, led) and self.may_hold(seat, TRUMP)

    def safe_from(self, seats: list[Seat], card: Card, led: int) -> bool:
        """Whether none of ``seats`` (by what this seat knows) can beat ``card``."""
        return not any(self.can_beat(seat, card, led) for seat in seats)

    def is_sure_lead(self, card: Card) -> bool:
        """Whether ``card`` led now surely wins: top of its suit and no opponent known to ruff."""
        if self.out_above(card):
            return False
        suit = self.suit_of(card)
        if suit == TRUMP:
            return True
        if not self.memory:
            return card.rank == 8  # an ace: without memory, the only card known to be top
        return not any(self.void(o, suit) and self.may_hold(o, TRUMP) for o in self.opponents)

    @property
    def trick_points(self) -> int:
        return sum(card.points for card in self.view.trick)

    # -- the score ---------------------------------------------------------------------------

    @property
    def ours(self) -> int:
        return self.view.taken_points[self.me.team]

    @property
    def theirs(self) -> int:
        return self.view.taken_points[self.me.team.other]

    @property
    def points_left(self) -> int:
        """Card points not yet taken by either side (hands and the current trick)."""
        return self.view.rules.deck_cards.points - self.ours - self.theirs

    @property
    def save_points(self) -> int:
        """Points that keep a lost deal to its mildest score (31 standard; see
        :func:`save_points`)."""
        return save_points(self.view.rules)

    @property
    def losing(self) -> bool:
        """Whether this side can no longer reach 61 but can still reach the saving points
        (fight for 31)."""
        if not self.memory:
            return False
        cannot_win = self.theirs >= 61 or self.ours + self.points_left < 61
        save = self.save_points
        return cannot_win and self.ours < save <= self.ours + self.points_left
