"""Boasts (хвалёнки) of the ``classic`` game: special deals that produce the first trick(s).

The first player (the *boaster*) asks for one of them instead of a normal deal:

* **pants (штаны)** – the boaster takes cards in pairs, one from the top and one from the bottom
  of the stock.  Trumps and aces are kept; the first other card is led face down (with two such
  cards in one pair the boaster picks one and keeps the other).  Each next player in turn does
  the same but keeps only trumps and lays the first non-trump (an ace may be laid); the third
  and fourth players lay face up.  Then the boaster's card is shown and the trick is decided.
* **double pants (двойные штаны)** – the same with four cards at a time (two from the top, two
  from the bottom) and two tricks at once: every player lays one card on a closed trick and one
  on an open trick.  The winner of the closed trick leads next.
* **mirror (зеркало)** – each player in turn cuts the stock and looks at the bottom card of the
  cut part: trumps are taken, the first non-trump is laid face up.  No one has a choice.

The rest of the stock is then dealt one card at a time from the boaster so that everyone holds
the same number of cards, and the winner of the (closed) trick leads.  Nobody keeps more cards
than the hand can hold: the boaster's surplus good cards go to the partner (only trumps and
aces may be passed), any other surplus goes back to the stock.

Each boast is a generator (see :mod:`.questions`): it yields a :class:`~.questions.LayQuestion`
whenever a player has a real choice and returns a :class:`BoastOutcome`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import Card, CardSet, Rank, Suit
from ..rules import TRUMP, CardOrder, Rules
from ..seats import Seat
from ..state import Trick
from .questions import LayQuestion, Procedure

__all__ = ["BOASTS", "BOAST_NAMES", "BoastOutcome", "run_boast"]

BOAST_NAMES: dict[str, dict[str, str]] = {
    "pants": {"ru": "штаны", "en": "pants"},
    "double_pants": {"ru": "двойные штаны", "en": "double pants"},
    "mirror": {"ru": "зеркало", "en": "mirror"},
}


@dataclass(frozen=True)
class BoastOutcome:
    """The deal a boast produced: full hands, the trick(s) already made, and who leads next.

    ``kept`` holds what each seat collected during the boast itself (before the rest of the
    stock was dealt); ``boaster`` and ``name`` say which boast it was.  The deal that follows is
    built by :meth:`~kozel_tutor.state.DealState.after_setup` (the suits the tricks led count as
    led there).
    """

    name: str
    boaster: Seat
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    tricks: tuple[Trick, ...]
    leader: Seat
    kept: tuple[CardSet, CardSet, CardSet, CardSet]

    @property
    def taken_points(self) -> tuple[int, int]:
        points = [0, 0]
        for trick in self.tricks:
            points[trick.winner.team] += trick.points
        return (points[0], points[1])

    @property
    def taken_tricks(self) -> tuple[int, int]:
        count = [0, 0]
        for trick in self.tricks:
            count[trick.winner.team] += 1
        return (count[0], count[1])


class _Table:
    """The stock and what every seat has kept and laid during one boast."""

    def __init__(self, rules: Rules, trump: Suit, boaster: Seat, stock: list[Card],
                 slots: int) -> None:
        self.order: CardOrder = rules.card_order(trump)
        self.rules = rules
        self.boaster = boaster
        self.stock = stock
        self.slots = slots
        self.capacity = rules.hand_size - slots
        self.kept: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        self.laid: dict[Seat, list[Card]] = {seat: [] for seat in Seat}
        self.face_up: dict[Seat, list[bool]] = {seat: [] for seat in Seat}
        self.aside: list[Card] = []

    def seats(self) -> list[Seat]:
        return [self.boaster.offset(i) for i in range(4)]

    def is_trump(self, card: Card) -> bool:
        return self.order.suit_of[card.index] == TRUMP

    def draw(self, count: int) -> list[Card]:
        """Half from the top, half from the bottom of the stock."""
        top = count - count // 2
        cards = [self.stock.pop(0) for _ in range(min(top, len(self.stock)))]
        cards += [self.stock.pop() for _ in range(min(count - top, len(self.stock)))]
        return cards

    def keep(self, seat: Seat, card: Card, passable: bool) -> None:
        """Add ``card`` to ``seat``; surplus good cards of the boaster go to the partner."""
        if len(self.kept[seat]) < self.capacity:
            self.kept[seat].append(card)
        elif passable and seat == self.boaster and len(self.kept[seat.partner]) < self.capacity:
            self.kept[seat.partner].append(card)
        else:
            self.aside.append(card)

    def lay(self, seat: Seat, card: Card, face_up: bool) -> None:
        self.laid[seat].append(card)
        self.face_up[seat].append(face_up)

    def visible(self, slot: int) -> tuple[tuple[Seat, Card], ...]:
        return tuple((seat, self.laid[seat][slot]) for seat in self.seats()
                     if len(self.laid[seat]) > slot and self.face_up[seat][slot])

    def finish(self, name: str) -> BoastOutcome:
        """Decide the trick(s), deal the rest one at a time from the boaster."""
        tricks: list[Trick] = []
        for slot in range(self.slots):
            cards = tuple(self.laid[seat][slot] for seat in self.seats())
            winner = self.boaster.offset(self.order.winning_index([c.index for c in cards]))
            points = sum(self.order.points[c.index] for c in cards)
            tricks.append(Trick(self.boaster, cards, winner, points))
        kept = tuple(CardSet(self.kept[seat]) for seat in Seat)
        rest = self.stock + self.aside
        hands = {seat: list(self.kept[seat]) for seat in Seat}
        while rest:
            for seat in self.seats():
                if rest and len(hands[seat]) < self.capacity:
                    hands[seat].append(rest.pop(0))
        full = tuple(CardSet(hands[seat]) for seat in Seat)
        return BoastOutcome(
            name=name,
            boaster=self.boaster,
            hands=(full[0], full[1], full[2], full[3]),
            tricks=tuple(tricks),
            leader=tricks[0].winner,
            kept=(kept[0], kept[1], kept[2], kept[3]),
        )


def _pants(table: _Table, name: str, draw: int) -> Procedure[BoastOutcome]:
    """Pants and double pants: draw ``draw`` cards at a time until every slot is laid."""
    for position, seat in enumerate(table.seats()):
        leads = position == 0

        def keeps(card: Card, leads: bool = leads) -> bool:
            return table.is_trump(card) or (leads and card.rank is Rank.ACE)

        face_up_closed = position >= 2
        while len(table.laid[seat]) < table.slots:
            if not table.stock:
                raise RuntimeError("the stock ran out during a boast")  # pragma: no cover
            drawn = table.draw(draw)
            candidates = [c for c in drawn if not keeps(c)]
            for card in drawn:
                if keeps(card):
                    table.keep(seat, card, passable=True)
            while candidates and len(table.laid[seat]) < table.slots:
                slot = len(table.laid[seat])
                if len(candidates) == 1:
                    chosen = candidates[0]
                else:
                    chosen = yield LayQuestion(
                        seat, tuple(candidates), rules=table.rules,
                        hand=CardSet(table.kept[seat]), visible=table.visible(slot),
                        slot=_slot_name(table.slots, slot), leads=leads)
                candidates.remove(chosen)
                table.lay(seat, chosen, face_up=slot == 1 or face_up_closed)
            for card in candidates:
                table.keep(seat, card, passable=False)
    return table.finish(name)


def _slot_name(slots: int, slot: int) -> str:
    if slots == 1:
        return "single"
    return "closed" if slot == 0 else "open"


def _mirror(table: _Table, rng: random.Random) -> BoastOutcome:
    """Each player cuts, takes trumps from the bottom of the cut part, lays the first other card."""
    for seat in table.seats():
        stock = table.stock
        cut = rng.randrange(1, len(stock)) if len(stock) > 1 else 1
        # The bottom card of the cut part first, then upwards; past the top, from the bottom.
        positions = list(range(cut - 1, -1, -1)) + list(range(len(stock) - 1, cut - 1, -1))
        taken: list[int] = []
        for index in positions:
            card = stock[index]
            if not table.is_trump(card):
                table.lay(seat, card, face_up=True)
                taken.append(index)
                break
            if len(table.kept[seat]) < table.capacity:
                table.kept[seat].append(card)
                taken.append(index)
        for index in sorted(taken, reverse=True):
            del stock[index]
    return table.finish("mirror")


BoastRunner = Callable[[_Table, random.Random], Procedure[BoastOutcome]]


def _as_procedure(outcome: BoastOutcome) -> Procedure[BoastOutcome]:
    return outcome
    yield  # pragma: no cover - makes this a generator with no questions


BOASTS: dict[str, BoastRunner] = {
    "pants": lambda table, rng: _pants(table, "pants", 2),
    "double_pants": lambda table, rng: _pants(table, "double_pants", 4),
    "mirror": lambda table, rng: _as_procedure(_mirror(table, rng)),
}
_SLOTS = {"pants": 1, "double_pants": 2, "mirror": 1}


def run_boast(name: str, rules: Rules, boaster: Seat, stock: list[Card],
              rng: random.Random, trump: Suit | None = None) -> Procedure[BoastOutcome]:
    """The boast ``name`` with ``boaster`` first, on the shuffled ``stock`` (consumed).

    >>> from kozel_tutor.rules import find_rules
    >>> from kozel_tutor.variants.questions import drive
    >>> rng = random.Random(3)
    >>> rules = find_rules("classic")
    >>> stock = list(rules.deck_cards); rng.shuffle(stock)
    >>> out = drive(run_boast("mirror", rules, Seat.N, stock, rng), lambda q: q.options[0])
    >>> [len(h) for h in out.hands], len(out.tricks)
    ([7, 7, 7, 7], 1)
    """
    if name not in BOASTS:
        raise ValueError(f"unknown boast {name!r} (known: {', '.join(BOASTS)})")
    table = _Table(rules, rules.trump if trump is None else trump, boaster, stock, _SLOTS[name])
    return BOASTS[name](table, rng)
