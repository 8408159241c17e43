"""Reading the other players' cards from their plays: how likely a layout makes what they did.

Uniform layouts (:mod:`.sampler`) treat every consistent deal alike.  Real players are not
random: they take a trick with points when they can, they give their emptiest card to a trick
the other side wins, they feed points to their partner's trick, and the caller of the trump
suit holds a hand strong in it.  :func:`log_likelihood` scores a layout by how well a simple soft
model of those habits explains every card the others have played (and the trump call); the
insane level draws a pool of uniform layouts and keeps them in proportion to this likelihood
(through one :class:`PlayReader` per decision), or, when few layouts fit the view, weighs every
one of them by it.

The model is deliberately soft (a card the model dislikes is unlikely, never impossible), so a
layout that fits the rules is never ruled out.
"""

from __future__ import annotations

import math

from ..cards import CardSet, Suit
from ..rules import TRUMP, CardOrder, legal_mask
from ..seats import Seat
from ..state import SeatView
from .sampler import World
from .trump_call import hand_strength

__all__ = ["PlayReader", "log_likelihood"]

TEMPERATURE = 1.0
CALL_SHARPNESS = 2.0


def _utility(order: CardOrder, card: int, trick: list[int], mover_is_partner_of_winner: bool,
             last: bool) -> float:
    """How natural playing ``card`` to ``trick`` is (higher = more natural)."""
    points = order.points[card]
    win = trick[order.winning_index(trick)]
    beats = order.winning_index([win, card]) == 1
    if mover_is_partner_of_winner:
        ruff_waste = 0.3 if beats and order.suit_of[card] == TRUMP else 0.0
        return points / 11 * (1.0 if last else 0.4) - ruff_waste
    if beats:
        trick_points = sum(order.points[c] for c in trick)
        spend = 0.4 if order.suit_of[card] == TRUMP and order.suit_of[trick[0]] != TRUMP else 0.0
        return 0.5 + (trick_points + points) / 20 - spend
    return -points / 8


class PlayReader:
    """:func:`log_likelihood` for many layouts of one view: what does not depend on the layout
    (each play's trick, the naturalness of every card there) is worked out once.

    A layout changes only which cards each player could have played, so per layout a play
    costs its legal cards and a sum; the sums are kept by legal set, which layouts share.
    """

    def __init__(self, view: SeatView) -> None:
        order = view.order
        self._view = view
        plays: list[tuple[Seat, list[int], int]] = []  # who, trick before the card, the card
        for trick in view.tricks:
            cards = [c.index for c in trick.cards]
            for i in range(4):
                plays.append((trick.leader.offset(i), cards[:i], cards[i]))
        current = [c.index for c in view.trick]
        for i, card in enumerate(current):
            plays.append((view.leader.offset(i), current[:i], card))
        trick_leads = [order.suit_of[t.cards[0].index] for t in view.tricks]
        # latest first: (seat, card, the play's model or None when the layout cannot matter)
        self._plays: list[tuple[Seat, int, _PlayModel | None]] = []
        for k in range(len(plays) - 1, -1, -1):
            seat, before, card = plays[k]
            model = None
            if seat != view.seat and before:
                model = _PlayModel(order, seat, before, card, _led_before(trick_leads, k // 4))
            self._plays.append((seat, card, model))

    def weights(self, worlds: list[World]) -> list[float]:
        """Each layout's likelihood relative to the likeliest of ``worlds`` (which gets 1)."""
        logs = [self.log_likelihood(world) for world in worlds]
        top = max(logs)
        return [math.exp(value - top) for value in logs]

    def log_likelihood(self, world: World) -> float:
        """Log-probability, up to a constant, of the others' plays and trump call in ``world``."""
        view = self._view
        # Rebuild each seat's hand at each play: the world's hand plus the cards it played later.
        held = list(world)
        total = 0.0
        for seat, card, model in self._plays:
            held[seat] |= 1 << card
            if model is not None:
                total += model.log_probability(held[seat])
        if view.rules.trump_rule == "called" and view.trump is not None:
            caller = view.dealer.next
            if caller != view.seat:
                total += _call_log_probability(view, held[caller], caller)
        return total


class _PlayModel:
    """One card another player chose: the softmax of naturalness over the cards they could play."""

    def __init__(self, order: CardOrder, seat: Seat, before: list[int], card: int,
                 led: int) -> None:
        self._order = order
        self._before = before
        self._led = led
        win_pos = order.winning_index(before)
        partner_winning = seat.offset(-len(before) + win_pos) == seat.partner
        last = len(before) == 3
        self._weight = [math.exp(_utility(order, c, before, partner_winning, last) / TEMPERATURE)
                        for c in range(36)]
        self._chosen = _utility(order, card, before, partner_winning, last) / TEMPERATURE
        self._by_legal: dict[int, float] = {}

    def log_probability(self, hand: int) -> float:
        """Log-probability of the card played, for a player who held ``hand`` (0 if forced)."""
        legal = legal_mask(self._order, hand, self._before, self._led)
        if legal & (legal - 1) == 0:
            return 0.0
        known = self._by_legal.get(legal)
        if known is None:
            weight = self._weight
            norm = sum(weight[c] for c in range(36) if legal >> c & 1)
            known = self._by_legal[legal] = self._chosen - math.log(norm)
        return known


def log_likelihood(view: SeatView, world: World) -> float:
    """Log-probability, up to a constant, of the others' plays and trump call given ``world``.

    For many layouts of one view, build a :class:`PlayReader` once and ask it instead.
    """
    return PlayReader(view).log_likelihood(world)


def _led_before(trick_leads: list[int], trick_no: int) -> int:
    mask = 0
    for suit in trick_leads[:trick_no]:
        if suit != TRUMP:
            mask |= 1 << suit
    return mask


def _call_log_probability(view: SeatView, dealt: int, caller: Seat) -> float:
    """Log-probability that a caller dealt ``dealt`` names ``view.trump`` (softmax of strength)."""
    hand = CardSet(dealt)
    assert view.trump is not None
    strengths = [CALL_SHARPNESS * hand_strength(hand, view.rules, s) for s in Suit]
    top = max(strengths)
    norm = sum(math.exp(s - top) for s in strengths)
    return strengths[view.trump] - top - math.log(norm)
