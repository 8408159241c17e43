"""One deal in progress: dealing, the trump call, play and undo, and what each seat can see.

>>> import random
>>> deal = DealState.deal(find_rules(), dealer=Seat.W, rng=random.Random(1))
>>> deal.to_move, len(deal.legal_plays())
(<Seat.N: 0>, 9)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .cards import CARDS, Card, CardSet, Suit, as_card, parse_card
from .i18n import MESSAGES, Message
from .rules import TRUMP, CardOrder, Rules, find_rules, legal_mask
from .scoring import DealResult, deal_result
from .seats import Seat, Team, as_seat

__all__ = ["CATCH_CARDS", "QUEEN_OF_CLUBS", "SIX_OF_CLUBS", "DealState", "IllegalPlay", "Phase",
           "SeatView", "Trick", "catch_still_possible", "caught_side", "led_suits"]

SIX_OF_CLUBS = Card.parse("6C")
QUEEN_OF_CLUBS = Card.parse("QC")
CATCH_CARDS = (SIX_OF_CLUBS, QUEEN_OF_CLUBS)
"""The cards of the catch, played where ``Rules.catch`` is set (``nizhny``, ``kozly24``; RULES.md
§2): the 6♣ (шамок) catches the Q♣ (шамка) when both fall in one trick from opposite sides, and
the deal ends with the Q♣'s side caught.  They are the two top trumps of those presets."""


# Why a card may not be played that only the deal (which sees every hand) can say; the
# learner's own reasons ("not_in_hand", "not_your_turn") are in kozel_tutor.i18n.
_MESSAGES = {
    # {seat} is to move, {holder} holds the card: seat letters in the reader's language
    "not_holding": {
        "en": "{seat} is to play and does not hold the {card}: {holder} holds it.",
        "ru": "У игрока {seat}, который сейчас ходит, нет карты «{card}»: она у игрока {holder}.",
    },
    "not_in_deck": {
        "en": "The {card} is not in the {deck}-card deck.",
        "ru": "Карты «{card}» нет в колоде из {deck} карт.",
    },
}
for _key, _texts in _MESSAGES.items():
    MESSAGES.setdefault(_key, _texts)


class IllegalPlay(ValueError):
    """A card that may not be played now; ``message`` says why in either language."""

    def __init__(self, message: Message) -> None:
        super().__init__(message.text("en"))
        self.message = message


class Phase(StrEnum):
    CALL = "call"
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, who took it and its card points."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    points: int

    @classmethod
    def scored(cls, order: CardOrder, leader: Seat, cards: tuple[Card, ...]) -> Trick:
        """The trick ``leader`` led with ``cards`` (in play order): its winner and points by
        the card order of the deal."""
        indices = [card.index for card in cards]
        return cls(leader, cards, leader.offset(order.winning_index(indices)),
                   sum(order.points[i] for i in indices))

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader.name, "cards": [card.token for card in self.cards]}

    @classmethod
    def from_json(cls, data: object, order: CardOrder) -> Trick:
        """A trick written by :meth:`to_json`, its winner and points worked out again by
        ``order``; a ``ValueError`` says what is wrong."""
        if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
            raise ValueError("a trick needs its leader and its cards")
        cards = tuple(parse_card(str(token)) for token in data["cards"])
        if len(cards) != 4 or len(set(cards)) != 4:
            raise ValueError("a trick needs four different cards")
        return cls.scored(order, Seat.parse(str(data.get("leader"))), cards)

    @classmethod
    def list_from_json(cls, data: object, order: CardOrder) -> tuple[Trick, ...]:
        """Tricks written as a list by :meth:`to_json` (a deal record's ``made``)."""
        if not isinstance(data, list):
            raise ValueError("made must be a list of tricks")
        return tuple(cls.from_json(entry, order) for entry in data)

    def plays(self) -> list[tuple[Seat, Card]]:
        return [(self.leader.offset(i), card) for i, card in enumerate(self.cards)]


@dataclass(frozen=True)
class SeatView:
    """What one seat may know: its own hand and everything played openly.

    ``voids[seat]`` holds the effective suits (0..3 plain, 4 trump) that ``seat`` has shown it
    no longer holds; ``hand_sizes`` how many cards each seat still holds.
    """

    rules: Rules
    seat: Seat
    dealer: Seat
    trump: Suit | None
    phase: Phase
    hand: CardSet
    to_move: Seat
    leader: Seat
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    taken_points: tuple[int, int]
    taken_tricks: tuple[int, int]
    hand_sizes: tuple[int, int, int, int]
    voids: tuple[frozenset[int], ...]
    led: int
    legal: CardSet

    @property
    def played(self) -> CardSet:
        """Every card seen on the table this deal (finished tricks and the current one)."""
        mask = 0
        for trick in self.tricks:
            for card in trick.cards:
                mask |= card.bit
        for card in self.trick:
            mask |= card.bit
        return CardSet(mask)

    @property
    def unseen(self) -> CardSet:
        """Cards held by the other three seats, as far as this seat can tell."""
        return self.rules.deck_cards - self.played - self.hand

    @property
    def order(self) -> CardOrder:
        return self.rules.card_order(self.trump)


class DealState:
    """One deal; change it with :meth:`play` and :meth:`call_trump`, take back with :meth:`undo`.

    Hands are kept as int masks indexed by seat; cards in play as indices.  Every change pushes
    the previous state on a stack, so :meth:`undo` is exact.
    """

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[CardSet | int],
        *,
        dealer: Seat = Seat.W,
        leader: Seat | None = None,
        trump: Suit | None = None,
        trick: Iterable[Card] = (),
        taken_points: tuple[int, int] = (0, 0),
        taken_tricks: tuple[int, int] = (0, 0),
        led: int = 0,
        required_lead: Card | None = None,
        tricks: Sequence[Trick] = (),
    ) -> None:
        if len(hands) != 4:
            raise ValueError("a deal needs exactly four hands")
        self.rules = rules
        self.dealer = Seat(dealer)
        self.hands = [h.mask if isinstance(h, CardSet) else int(h) for h in hands]
        self.leader = self.dealer.next if leader is None else Seat(leader)
        if trump is None and rules.trump_rule == "fixed":
            trump = rules.trump
        self.trump = trump
        self.trick = [card.index for card in trick]
        self.points = list(taken_points)
        self.tricks_taken = list(taken_tricks)
        self.led = led
        self.required_lead = required_lead
        self.tricks: list[Trick] = list(tricks)
        # Tricks made by a dealing procedure (boasts) before play: no obligation to follow applied.
        self.dealt_tricks = len(self.tricks)
        self.caught: Team | None = None
        self._stack: list[_Saved | None] = []

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def after_setup(cls, rules: Rules, hands: Sequence[CardSet | int], *, dealer: Seat,
                    leader: Seat | None = None, required_lead: Card | None = None,
                    made: Sequence[Trick] = ()) -> DealState:
        """A deal as its dealing procedures left it (a regional preset): ``leader`` leads,
        ``required_lead`` if set, and the tricks a boast ``made`` count for their winners; the
        plain suits they led count as led (the ace-dump ban), as in a trick played.

        This is the one way a deal with made tricks is built: live (:class:`~.variants.Match`)
        and replayed from a record alike.  The made tricks are read with the preset's trump
        suit (a boast is made before play)."""
        points, taken = [0, 0], [0, 0]
        for trick in made:
            points[trick.winner.team] += trick.points
            taken[trick.winner.team] += 1
        return cls(rules, hands, dealer=dealer, leader=leader, required_lead=required_lead,
                   tricks=made, taken_points=(points[0], points[1]),
                   taken_tricks=(taken[0], taken[1]), led=led_suits(rules.card_order(), made))

    @classmethod
    def deal(
        cls,
        rules: Rules | str | None = None,
        *,
        dealer: Seat | str = Seat.W,
        rng: random.Random | None = None,
        leader: Seat | str | None = None,
    ) -> DealState:
        """Shuffle and deal: packets of ``rules.packets`` cards, starting left of the dealer.

        ``rules`` are :class:`~kozel_tutor.rules.Rules` or a preset's name (``"nizhny"``, read
        by :func:`~kozel_tutor.rules.find_rules`; default ``"standard"``); seats may be given by
        letter (``dealer="N"``).
        """
        rules = _rules_arg(rules)
        dealer = as_seat(dealer)
        leader = None if leader is None else as_seat(leader)
        rng = rng or random.Random()
        deck = list(rules.deck_cards)
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        position = 0
        for packet in rules.packets:
            for step in range(1, 5):
                seat = dealer.offset(step)
                for card in deck[position:position + packet]:
                    hands[seat] |= card.bit
                position += packet
        return cls(rules, hands, dealer=dealer, leader=leader)

    def copy(self) -> DealState:
        other = DealState.__new__(DealState)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.trick = list(self.trick)
        other.points = list(self.points)
        other.tricks_taken = list(self.tricks_taken)
        other.tricks = list(self.tricks)
        other._stack = list(self._stack)
        return other

    # -- queries ------------------------------------------------------------------------------

    @property
    def order(self) -> CardOrder:
        if self.trump is None:
            raise ValueError("the trump suit has not been named yet")
        return self.rules.card_order(self.trump)

    @property
    def phase(self) -> Phase:
        if self.trump is None:
            return Phase.CALL
        if self.caught is not None or not any(self.hands):
            return Phase.DONE
        return Phase.PLAY

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def to_move(self) -> Seat:
        """The seat to act: the caller during the trump call, else the next to play."""
        if self.trump is None:
            return self.dealer.next
        return self.leader.offset(len(self.trick))

    def hand(self, seat: Seat | str | int) -> CardSet:
        """The cards ``seat`` holds (a :class:`Seat`, its letter ``"N"`` or its number)."""
        return CardSet(self.hands[as_seat(seat)])

    @property
    def current_trick(self) -> tuple[Card, ...]:
        return tuple(CARDS[i] for i in self.trick)

    def legal_plays(self) -> CardSet:
        """The cards the player to move may play now (empty unless in the play phase)."""
        if self.phase is not Phase.PLAY:
            return CardSet()
        hand = self.hands[self.to_move]
        if self.required_lead is not None and not self.trick and hand & self.required_lead.bit:
            return CardSet(self.required_lead.bit)
        return CardSet(legal_mask(self.order, hand, self.trick, self.led))

    def why_illegal(self, card: Card | str) -> Message | None:
        """``None`` if ``card`` may be played now, else the reason in words a player understands.

        ``card`` is a :class:`~kozel_tutor.cards.Card` or a token such as ``"QC"``.
        """
        card = as_card(card)
        phase = self.phase
        if phase is Phase.CALL:
            return Message("call_trump_first")
        if phase is Phase.DONE:
            return Message("deal_over")
        seat = self.to_move
        if not self.hands[seat] >> card.index & 1:
            return self._not_held(seat, card)
        if card in self.legal_plays():
            return None
        order = self.order
        if self.required_lead is not None and not self.trick:
            return Message("must_lead_card", {"card": self.required_lead})
        if not self.trick:
            return Message("no_trump_lead")
        led_suit = order.suit_of[self.trick[0]]
        hand = self.hands[seat]
        if hand & order.suit_masks[led_suit]:
            if led_suit == TRUMP:
                return Message("must_play_trump")
            if order.suit_of[card.index] == TRUMP and card.suit == led_suit:
                return Message("trump_does_not_follow", {"card": card, "suit": Suit(led_suit)})
            return Message("must_follow_suit", {"suit": Suit(led_suit)})
        return Message("ace_dump_ban")

    def _not_held(self, seat: Seat, card: Card) -> Message:
        """Why ``seat`` cannot play ``card``, which is not in its hand."""
        if card not in self.rules.deck_cards:
            return Message("not_in_deck", {"card": card, "deck": self.rules.deck})
        holder = next((s for s in Seat if self.hands[s] >> card.index & 1), None)
        if holder is not None:
            return Message("not_holding", {"seat": seat, "card": card, "holder": holder})
        return Message("not_in_hand", {"card": card})

    def trick_winner(self) -> Seat | None:
        """The seat currently winning the trick in progress (``None`` if no card is down)."""
        if not self.trick:
            return None
        return self.leader.offset(self.order.winning_index(self.trick))

    # -- changes ------------------------------------------------------------------------------

    def call_trump(self, suit: Suit) -> None:
        """Name the trump suit (``called`` rule; the player left of the dealer does it)."""
        if self.trump is not None:
            raise ValueError("the trump suit is already fixed for this deal")
        self._stack.append(None)
        self.trump = Suit(suit)

    def play(self, card: Card | str) -> Trick | None:
        """Play ``card`` (a :class:`~kozel_tutor.cards.Card` or a token such as ``"QC"``) for the
        player to move; returns the trick if this card completed one.  A card that may not be
        played raises :class:`IllegalPlay` saying why."""
        card = as_card(card)
        reason = self.why_illegal(card)
        if reason is not None:
            raise IllegalPlay(reason)
        seat = self.to_move
        self._stack.append(_Saved(
            seat, card, self.leader, tuple(self.trick), (self.points[0], self.points[1]),
            (self.tricks_taken[0], self.tricks_taken[1]), self.led, len(self.tricks), self.caught,
            self.required_lead,
        ))
        self.hands[seat] &= ~card.bit
        self.trick.append(card.index)
        if len(self.trick) == 4:
            return self._finish_trick()
        return None

    def _finish_trick(self) -> Trick:
        order = self.order
        winner = self.leader.offset(order.winning_index(self.trick))
        points = sum(order.points[i] for i in self.trick)
        trick = Trick(self.leader, tuple(CARDS[i] for i in self.trick), winner, points)
        self.tricks.append(trick)
        self.points[winner.team] += points
        self.tricks_taken[winner.team] += 1
        self.led |= led_suits(order, (trick,))
        if self.rules.catch:
            self.caught = caught_side(trick.leader, trick.cards)
        self.leader = winner
        self.trick = []
        self.required_lead = None
        return trick

    def undo(self) -> None:
        """Take back the last card played or the trump call."""
        if not self._stack:
            raise ValueError("nothing to undo")
        saved = self._stack.pop()
        if saved is None:
            self.trump = None
            return
        self.leader = saved.leader
        self.trick = list(saved.trick)
        self.points = list(saved.points)
        self.tricks_taken = list(saved.tricks_taken)
        self.led = saved.led
        del self.tricks[saved.n_tricks:]
        self.caught = saved.caught
        self.required_lead = saved.required_lead
        self.hands[saved.seat] |= saved.card.bit

    @property
    def history(self) -> list[tuple[Seat, Card]]:
        """Every card played this deal, in order, with the seat that played it."""
        plays = [p for trick in self.tricks for p in trick.plays()]
        plays += [(self.leader.offset(i), CARDS[c]) for i, c in enumerate(self.trick)]
        return plays

    def result(self, multiplier: int = 1) -> DealResult:
        """The deal's score under the rules (only once the deal is over)."""
        if not self.is_over:
            raise ValueError("the deal is not over yet")
        return deal_result(
            self.rules,
            (self.points[0], self.points[1]),
            (self.tricks_taken[0], self.tricks_taken[1]),
            multiplier,
            self.caught,
        )

    def view(self, seat: Seat | str | int) -> SeatView:
        """What ``seat`` can see: its own hand, the table, and the suits others showed out of.
        ``seat`` is a :class:`Seat`, its letter (``"N"``) or its number."""
        seat = as_seat(seat)
        voids: list[set[int]] = [set(), set(), set(), set()]
        order = self.rules.card_order(self.trump) if self.trump is not None else None
        if order is not None:
            all_tricks = [t.plays() for t in self.tricks[self.dealt_tricks:]]
            all_tricks.append([(self.leader.offset(i), CARDS[c]) for i, c in enumerate(self.trick)])
            for plays in all_tricks:
                if not plays:
                    continue
                led_suit = order.suit_of[plays[0][1].index]
                lead_seat = plays[0][0]
                if self.rules.no_trump_lead_with_plain and led_suit == TRUMP:
                    voids[lead_seat].update(range(4))
                for who, card in plays[1:]:
                    if order.suit_of[card.index] != led_suit:
                        voids[who].add(led_suit)
        sizes = tuple(h.bit_count() for h in self.hands)
        return SeatView(
            rules=self.rules,
            seat=seat,
            dealer=self.dealer,
            trump=self.trump,
            phase=self.phase,
            hand=CardSet(self.hands[seat]),
            to_move=self.to_move,
            leader=self.leader,
            trick=self.current_trick,
            tricks=tuple(self.tricks),
            taken_points=(self.points[0], self.points[1]),
            taken_tricks=(self.tricks_taken[0], self.tricks_taken[1]),
            hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
            voids=tuple(frozenset(v) for v in voids),
            led=self.led,
            legal=self.legal_plays() if seat == self.to_move else CardSet(),
        )

    def __repr__(self) -> str:
        hands = " | ".join(f"{s.name}: {CardSet(self.hands[s])}" for s in Seat)
        trick = " ".join(CARDS[i].token for i in self.trick)
        return f"<DealState {self.phase} to_move={self.to_move.name} [{hands}] trick=[{trick}]>"


def _rules_arg(rules: Rules | str | None) -> Rules:
    """The rules a deal is dealt by: given, a preset named, or the standard ones."""
    if rules is None or isinstance(rules, str):
        return find_rules(rules or "standard")
    if not isinstance(rules, Rules):
        raise TypeError("rules are a Rules (find_rules(...)) or a preset's name such as "
                        f"'standard', not the {type(rules).__name__} {rules!r}")
    return rules


def led_suits(order: CardOrder, tricks: Iterable[Trick]) -> int:
    """The plain suits led in ``tricks``, as the engine's 4-bit ``led`` mask (bit ``s`` for
    suit ``s``): the effective suit of each first card under ``order``; a trump lead (a queen
    or a jack included) leads no plain suit.

    >>> from kozel_tutor.cards import parse_cards
    >>> order = find_rules("classic").card_order()
    >>> made = [Trick.scored(order, Seat.N, tuple(parse_cards(t))) for t in ("7H 7C 7S 8C",
    ...                                                                      "QS 7D 8D 9D")]
    >>> led_suits(order, made) == 1 << Suit.HEARTS
    True
    """
    mask = 0
    for trick in tricks:
        suit = order.suit_of[trick.cards[0].index]
        if suit != TRUMP:
            mask |= 1 << suit
    return mask


@dataclass(frozen=True, slots=True)
class _Saved:
    """What :meth:`DealState.undo` needs to take back one card."""

    seat: Seat
    card: Card
    leader: Seat
    trick: tuple[int, ...]
    points: tuple[int, int]
    tricks_taken: tuple[int, int]
    led: int
    n_tricks: int
    caught: Team | None
    required_lead: Card | None


def caught_side(leader: Seat, cards: Sequence[Card]) -> Team | None:
    """The side caught by the 6♣ in a trick led by ``leader`` with ``cards`` (in play order): it
    played the Q♣ and the other side the 6♣; ``None`` if the trick holds no catch.

    >>> caught_side(Seat.N, [QUEEN_OF_CLUBS, SIX_OF_CLUBS]), caught_side(Seat.N, [QUEEN_OF_CLUBS])
    (<Team.NS: 0>, None)
    >>> caught_side(Seat.N, [QUEEN_OF_CLUBS, Card.parse("7C"), SIX_OF_CLUBS]) is None   # N–S both
    True
    """
    sides = [leader.offset(cards.index(card)).team if card in cards else None
             for card in CATCH_CARDS]
    six, queen = sides
    if six is None or queen is None or six == queen:
        return None
    return queen


def catch_still_possible(rules: Rules, leader: Seat, trick: Sequence[Card],
                         sides_holding: Callable[[Card], Collection[Team]]) -> bool:
    """Whether the 6♣ may still catch the Q♣ in this deal: ``rules`` play the catch and the two
    cards may yet fall to one trick from opposite sides.  A card in the current ``trick`` (led by
    ``leader``) is on the side of the seat that played it; ``sides_holding(card)`` says which
    sides may hold one that is not: the holder's side if it is known, both if not, none once the
    card is gone (played to an earlier trick, or not in the deck).

    >>> from kozel_tutor.rules import find_rules
    >>> nobody, anybody = (lambda card: ()), (lambda card: tuple(Team))
    >>> catch_still_possible(find_rules("nizhny"), Seat.N, [QUEEN_OF_CLUBS], anybody)
    True
    >>> catch_still_possible(find_rules("nizhny"), Seat.N, [QUEEN_OF_CLUBS], nobody)
    False
    >>> catch_still_possible(find_rules(), Seat.N, [QUEEN_OF_CLUBS], anybody)
    False
    """
    if not rules.catch:
        return False
    six, queen = ([leader.offset(trick.index(card)).team] if card in trick
                  else sides_holding(card) for card in CATCH_CARDS)
    return any(a != b for a in six for b in queen)
