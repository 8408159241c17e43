"""Deal the hidden cards: layouts of the other hands consistent with what a seat has seen.

A layout (a "world") gives every unseen card to one of the other three seats so that

* every seat gets exactly as many cards as it still holds (``SeatView.hand_sizes``);
* no seat gets a card of an effective suit it has shown out of (``SeatView.voids``: a seat that
  did not follow suit holds none of it; with the trump call made, queens and jacks count as
  trumps, not as their printed suit);
* the seat's own hand and every card on the table stay where they are;
* a card the seat knows another seat was holding (``known``: the 7♦ of ``classic``'s first
  leader, a trump passed to the partner, see :mod:`.context`) stays with that seat until played.

The preset's deck (32, 36 or 24 cards), its trump order (the 6♣ above the Q♣) and its lead
rule reach the sampler through the view: ``SeatView.unseen`` holds only cards of the preset's
deck, and a player who led a trump while plain cards were forbidden shows out of every plain
suit in ``SeatView.voids``.

:class:`WorldSampler` draws layouts **uniformly** among all that satisfy these rules: cards are
grouped by the set of seats that may hold them, a small memoised count of the completions of
each partial deal steers how many cards of each group go to each seat, and the cards of a
group are then shuffled among those seats.  :meth:`WorldSampler.layouts` lists every such
layout once instead, for views that leave only a few (late in the deal, or after many voids).

>>> import random
>>> from kozel_tutor.state import DealState
>>> deal = DealState.deal(rng=random.Random(2))
>>> sampler = WorldSampler(deal.view(deal.to_move))
>>> world = sampler.sample(random.Random(0))
>>> world[deal.to_move] == deal.hands[deal.to_move], sum(h.bit_count() for h in world)
(True, 36)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations
from math import factorial

from ..seats import Seat
from ..state import SeatView

__all__ = ["InconsistentView", "World", "WorldSampler"]

World = tuple[int, int, int, int]
"""Four hand masks indexed by seat (N E S W)."""


class InconsistentView(ValueError):
    """No layout of the hidden cards fits the view (a card nobody may hold, wrong counts)."""


class WorldSampler:
    """Uniform sampler of the layouts consistent with ``view`` (see the module docstring)."""

    def __init__(self, view: SeatView, known: tuple[int, int, int, int] = (0, 0, 0, 0)) -> None:
        if view.trump is None:
            raise InconsistentView("the trump suit is not named yet: nothing to sample")
        order = view.order
        self.view = view
        self.seat = view.seat
        self.others: tuple[Seat, Seat, Seat] = (
            view.seat.offset(1), view.seat.offset(2), view.seat.offset(3))
        self.sizes = tuple(view.hand_sizes[s] for s in self.others)
        unseen = view.unseen.mask
        self.known = tuple(known[s] & unseen for s in Seat)
        if unseen.bit_count() != sum(self.sizes):
            raise InconsistentView(
                f"{unseen.bit_count()} unseen cards for {sum(self.sizes)} places in other hands")
        groups: dict[int, list[int]] = {}
        for card in range(36):
            if not unseen >> card & 1:
                continue
            suit = order.suit_of[card]
            allowed = 0
            for i, other in enumerate(self.others):
                if suit not in view.voids[other] and self.sizes[i] > 0:
                    allowed |= 1 << i
            for i, other in enumerate(self.others):
                if self.known[other] >> card & 1 and allowed >> i & 1:
                    allowed = 1 << i
            if not allowed:
                raise InconsistentView(f"no seat may hold card index {card}")
            groups.setdefault(allowed, []).append(card)
        self.groups: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
            (allowed, tuple(cards)) for allowed, cards in sorted(groups.items()))
        self._suffix = [sum(len(c) for _, c in self.groups[g:])
                        for g in range(len(self.groups) + 1)]
        self._ways = lru_cache(maxsize=None)(self._count)
        if self.count() == 0:
            raise InconsistentView("the seats' voids leave no way to deal the hidden cards")

    def count(self) -> int:
        """How many layouts fit the view."""
        return self._ways(0, self.sizes[0], self.sizes[1])

    def _splits(self, g: int, a: int, b: int) -> list[tuple[int, int, int, int]]:
        """``(k0, k1, k2, ways)`` for giving group ``g`` to seats with room ``a``, ``b``, rest."""
        allowed, cards = self.groups[g]
        n = len(cards)
        c = self._suffix[g] - a - b
        out: list[tuple[int, int, int, int]] = []
        for k0 in range(min(n, a) + 1 if allowed & 1 else 1):
            for k1 in range(min(n - k0, b) + 1 if allowed & 2 else 1):
                k2 = n - k0 - k1
                if k2 > c or (k2 and not allowed & 4):
                    continue
                rest = self._ways(g + 1, a - k0, b - k1)
                if rest:
                    multinomial = factorial(n) // (factorial(k0) * factorial(k1) * factorial(k2))
                    out.append((k0, k1, k2, multinomial * rest))
        return out

    def _count(self, g: int, a: int, b: int) -> int:
        if a < 0 or b < 0 or self._suffix[g] - a - b < 0:
            return 0
        if g == len(self.groups):
            return 1 if a == b == 0 else 0
        return sum(ways for *_, ways in self._splits(g, a, b))

    def sample(self, rng: random.Random) -> World:
        """One layout, every consistent layout equally likely."""
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.view.hand.mask
        a, b = self.sizes[0], self.sizes[1]
        for g, (_, cards) in enumerate(self.groups):
            k0, k1, k2 = _pick(self._splits(g, a, b), rng)
            shuffled = list(cards)
            rng.shuffle(shuffled)
            for i, (start, stop) in enumerate(((0, k0), (k0, k0 + k1), (k0 + k1, k0 + k1 + k2))):
                for card in shuffled[start:stop]:
                    hands[self.others[i]] |= 1 << card
            a, b = a - k0, b - k1
        return (hands[0], hands[1], hands[2], hands[3])

    def layouts(self) -> Iterator[World]:
        """Every layout that fits the view, each exactly once (:meth:`count` of them), in a
        fixed order: shuffle them before using a part of them as a sample.

        >>> from kozel_tutor.state import DealState
        >>> deal = DealState.deal(rng=random.Random(2))
        >>> for card in range(26):
        ...     _ = deal.play(sorted(deal.legal_plays())[0])
        >>> sampler = WorldSampler(deal.view(deal.to_move))
        >>> every = list(sampler.layouts())
        >>> len(every), len(set(every)) == sampler.count(), tuple(deal.hands) in every
        (60, True, True)
        """
        own = self.view.hand.mask
        for dealt in self._deal_groups(0, self.sizes[0], self.sizes[1], (0, 0, 0)):
            hands = [0, 0, 0, 0]
            hands[self.seat] = own
            for other, mask in zip(self.others, dealt, strict=True):
                hands[other] = mask
            yield hands[0], hands[1], hands[2], hands[3]

    def _deal_groups(self, g: int, a: int, b: int,
                     dealt: tuple[int, int, int]) -> Iterator[tuple[int, int, int]]:
        """Every way to deal groups ``g``.. to the other seats (room ``a``, ``b``, rest), on
        top of ``dealt`` (their hands so far)."""
        if g == len(self.groups):
            yield dealt
            return
        cards = self.groups[g][1]
        for k0, k1, _, _ in self._splits(g, a, b):
            for first in combinations(cards, k0):
                rest = [card for card in cards if card not in first]
                for second in combinations(rest, k1):
                    third = [card for card in rest if card not in second]
                    yield from self._deal_groups(g + 1, a - k0, b - k1, (
                        dealt[0] | _mask(first), dealt[1] | _mask(second),
                        dealt[2] | _mask(third)))

    def is_consistent(self, world: World) -> bool:
        """Whether ``world`` fits the view (the same rules the sampler obeys)."""
        return is_consistent(self.view, world, self.known)


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    return sum(1 << card for card in cards)


def _pick(splits: list[tuple[int, int, int, int]], rng: random.Random) -> tuple[int, int, int]:
    """One split, chosen with probability proportional to its number of completions."""
    pick = rng.randrange(sum(split[3] for split in splits))
    for k0, k1, k2, ways in splits:
        if pick < ways:
            return k0, k1, k2
        pick -= ways
    raise AssertionError("unreachable: pick is below the total")


def is_consistent(view: SeatView, world: World,
                  known: tuple[int, ...] = (0, 0, 0, 0)) -> bool:
    """Whether a layout fits everything ``view``'s seat has seen (and the cards it knows)."""
    order = view.order
    if world[view.seat] != view.hand.mask:
        return False
    if any(world[i] & world[j] for i in range(4) for j in range(i + 1, 4)):
        return False
    if world[0] | world[1] | world[2] | world[3] != view.hand.mask | view.unseen.mask:
        return False
    for seat in Seat:
        hand = world[seat]
        if hand.bit_count() != view.hand_sizes[seat]:
            return False
        if seat != view.seat and known[seat] & view.unseen.mask & ~hand:
            return False
        for suit in view.voids[seat]:
            if hand & order.suit_masks[suit]:
                return False
    return True
