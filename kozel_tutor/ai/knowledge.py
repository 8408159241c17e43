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

from dataclasses import dataclass
from functools import cache, cached_property
from typing import Literal

from ..cards import Card, CardSet
from ..rules import TRUMP, Rules
from ..scoring import deal_result
from ..seats import Seat, Team
from ..state import QUEEN_OF_CLUBS, SIX_OF_CLUBS, SeatView, catch_still_possible

__all__ = ["Outlook", "SaveStakes", "TableFacts", "cards_of", "catch_possible", "save_points",
           "save_stakes"]

Outlook = Literal["sure", "unless_void", "open"]
"""How sure a card winning the trick now is to keep it against the seats still to play:
``"sure"`` – no layout of the hidden cards lets them beat it; ``"unless_void"`` – only a seat
that is out of the suit led (not known to be) could beat it, with a trump; ``"open"`` – a seat
still to play may hold a card that beats it."""


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


@dataclass(frozen=True)
class SaveStakes:
    """What the fight for the saving points is about, for one side of a lost deal: with
    ``points`` card points the deal is written ``mild`` (NS, EW), with one point fewer (and a
    trick taken) ``harsh``."""

    points: int
    mild: tuple[int, int]
    harsh: tuple[int, int]


@cache
def save_stakes(rules: Rules, team: Team, multiplier: int = 1) -> SaveStakes | None:
    """The stakes of the fight for :func:`save_points` for ``team``, read off the preset's own
    score table (``None`` when the table has no such line: then there is nothing to fight for).

    >>> from kozel_tutor.rules import find_rules
    >>> save_stakes(find_rules(), Team.NS)
    SaveStakes(points=31, mild=(0, 2), harsh=(0, 4))
    """
    total = rules.deck_cards.points
    points = save_points(rules)

    def written(ours: int) -> tuple[int, int]:
        split = [0, 0]
        split[team], split[team.other] = ours, total - ours
        return deal_result(rules, (split[0], split[1]), (1, 1), multiplier).written

    mild, harsh = written(points), written(points - 1)
    return SaveStakes(points, mild, harsh) if mild != harsh else None


def catch_possible(view: SeatView) -> bool:
    """Whether, as far as ``view.seat`` can tell, the 6♣ may still catch the Q♣ in this deal
    (both still in play and not known to be on the same side).  While it may, a solver's card
    points for a line can be the catch's stand-in (:func:`~kozel_tutor.solver.core.caught_points`),
    not points any side takes."""
    def sides_holding(card: Card) -> tuple[Team, ...]:
        if card in view.hand:
            return (view.seat.team,)
        return tuple(Team) if card in view.unseen else ()   # either side, as far as we know

    return catch_still_possible(view.rules, view.leader, view.trick, sides_holding)


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, lowest index first."""
    return list(CardSet(mask))


class TableFacts:
    """Derived knowledge of one seat at one moment (computed lazily, cached)."""

    def __init__(self, view: SeatView, memory: bool = True, multiplier: int = 1) -> None:
        self.view = view
        self.memory = memory
        self.multiplier = multiplier
        """2 right after eggs: the scores the reasons quote are doubled."""
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
        return self._above(card, self.out)

    def own_above(self, card: Card) -> int:
        """Cards of this hand in ``card``'s effective suit that rank above it: while any are, a
        card no other hand can beat is still not "the highest card still out"."""
        return self._above(card, self.hand)

    def _above(self, card: Card, cards: int) -> int:
        """The cards of mask ``cards`` in ``card``'s effective suit that rank above it."""
        suit = self.order.suit_of[card.index]
        strength = self.order.strength
        mask = cards & self.order.suit_masks[suit]
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
        """Whether none of ``seats`` (by what this seat knows) can beat ``card``.

        "Knows" is the rule players' working assumption: a seat that has not shown out of the
        suit led will follow it.  :meth:`outlook` says how sure that really is."""
        return not any(self.can_beat(seat, card, led) for seat in seats)

    # -- what is certain -----------------------------------------------------------------------

    @cached_property
    def full(self) -> TableFacts:
        """The same seat's facts with every finished trick remembered (what the learner can
        know); the statements in the reasons are checked against these."""
        return self if self.memory else TableFacts(self.view, True, self.multiplier)

    def must_hold(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` surely still holds a card of effective ``suit``: more of them are
        out than the other hands that may hold the suit have room for."""
        if not self.memory or self.void(seat, suit):
            return False
        out = self.out_in_suit(suit).bit_count()
        room = sum(self.view.hand_sizes[other] for other in Seat
                   if other not in (seat, self.me) and not self.void(other, suit))
        return out > room

    def could_beat(self, seat: Seat, card: Card, led: int) -> bool:
        """Whether ``seat``, playing later to a trick led in ``led``, could beat ``card`` in any
        layout of the hidden cards: unlike :meth:`can_beat`, a seat may be out of any suit it
        has not been seen to hold."""
        facts = self.full
        may_be_out_of_led = led != TRUMP and not facts.must_hold(seat, led)
        if facts.suit_of(card) == TRUMP:
            return (bool(facts.out_above(card)) and not facts.void(seat, TRUMP)
                    and (led == TRUMP or may_be_out_of_led))
        if facts.out_above(card) and not facts.void(seat, facts.suit_of(card)):
            return True
        return may_be_out_of_led and facts.may_hold(seat, TRUMP)

    def outlook(self, seats: list[Seat], card: Card, led: int) -> Outlook:
        """How sure ``card``, winning the trick now, is to keep it against ``seats`` (see
        :data:`Outlook`), by everything this seat has seen."""
        if not any(self.could_beat(seat, card, led) for seat in seats):
            return "sure"
        full = self.full
        # with no card of the suit led left out, every other hand is out of it for certain
        if full.safe_from(seats, card, led) and (led == TRUMP or full.out_in_suit(led)):
            return "unless_void"
        return "open"

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
        (fight for 31), where the preset's table has such a line.  Under the catch such a deal
        may still be won by it (:attr:`catch_may_win`): the fight for the points goes on all
        the same, but the words must not call the deal lost."""
        if not self.memory or save_stakes(self.view.rules, self.me.team) is None:
            return False
        cannot_win = self.theirs >= 61 or self.ours + self.points_left < 61
        save = self.save_points
        return cannot_win and self.ours < save <= self.ours + self.points_left

    @cached_property
    def catch_may_win(self) -> bool:
        """Whether, by everything this seat has seen, its side's 6♣ may still catch the other
        side's Q♣: under the catch that wins the deal whatever the card points."""
        full = self.full
        if not self.view.rules.catch:
            return False
        team = self.me.team
        sixes = full._may_play(SIX_OF_CLUBS, team)
        queens = full._may_play(QUEEN_OF_CLUBS, team.other)
        if not sixes or not queens:
            return False
        trick = self.view.trick
        if SIX_OF_CLUBS not in trick and QUEEN_OF_CLUBS not in trick:
            return True
        # one of them is on the table: the other must fall to this trick
        to_play = {self.me, *self.still_to_play()}
        return any(seat in to_play for seat in (*sixes, *queens))

    def _may_play(self, card: Card, team: Team) -> list[Seat]:
        """The seats of ``team`` that may have played ``card`` to this trick or may still play
        it: the one that did, this seat if it holds it, or the others that may hold it."""
        trick = self.view.trick
        if card in trick:
            seat = self.view.leader.offset(trick.index(card))
            return [seat] if seat.team == team else []
        if card in self.view.hand:
            return [self.me] if self.me.team == team else []
        if not self.out >> card.index & 1:
            return []
        return [seat for seat in Seat if seat.team == team and seat != self.me
                and not self.void(seat, self.suit_of(card))]
