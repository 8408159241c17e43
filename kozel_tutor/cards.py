"""Cards, suits, ranks and sets of cards, with the notation of RULES.md §3.

A card is a small integer ``suit * 9 + rank`` (0..35), wrapped in :class:`Card` at the edges of
the API.  Sets of cards are int bitmasks wrapped in :class:`CardSet`, so the engine and the
solver can work on plain ints while users see set-like objects.

>>> Card.parse("10h")
Card.parse('TH')
>>> str(CardSet.parse("QC 9s T♥"))
'QC 9S TH'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

__all__ = [
    "CARDS",
    "Card",
    "CardError",
    "CardSet",
    "Rank",
    "Suit",
    "as_card",
    "parse_card",
    "parse_cards",
]


class CardError(ValueError):
    """A card token or card list that cannot be read; the message names the token."""


class _Named(IntEnum):
    """An int enum that prints as its name (``HEARTS``), not as its number: ``str()``, an
    f-string and ``format`` with a text spec; a number spec (``:d``) still gives the number."""

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:
        if spec[-1:] in _NUMBER_SPECS:
            return int.__format__(self, spec)
        return format(self.name, spec)


_NUMBER_SPECS = frozenset("bcdoxXneEfFgG%")


class Suit(_Named):
    """The four suits, in the order used by the notation (clubs first).

    >>> str(Suit.HEARTS), f"{Suit.CLUBS}", int(Suit.HEARTS)
    ('HEARTS', 'CLUBS', 2)
    """

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        return "♣♠♥♦"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def name_in(self, lang: str) -> str:
        """The suit's name in ``"en"`` or ``"ru"`` (plural, as players say it: "трефы")."""
        return _SUIT_NAMES[lang][self]

    def genitive_in(self, lang: str) -> str:
        """The form used after a noun: "дама *червей*", "queen of *hearts*"."""
        return _SUIT_GENITIVE_RU[self] if lang == "ru" else _SUIT_NAMES["en"][self]

    @classmethod
    def parse(cls, token: str) -> Suit:
        """Read ``C``, ``♣``, ``clubs``, ``трефы``… (case-insensitive)."""
        key = token.strip().lower()
        try:
            return _SUIT_TOKENS[key]
        except KeyError:
            raise CardError(f"unknown suit {token!r} (use C, S, H or D)") from None


class Rank(_Named):
    """Ranks in printed order, six to ace; the order of *play* depends on the rules."""

    SIX = 0
    SEVEN = 1
    EIGHT = 2
    NINE = 3
    TEN = 4
    JACK = 5
    QUEEN = 6
    KING = 7
    ACE = 8

    @property
    def letter(self) -> str:
        return "6789TJQKA"[self]

    def letter_in(self, lang: str) -> str:
        """The corner index a player reads: ``Д`` for a queen in Russian, ``Q`` in English."""
        return _RANK_LETTERS[lang][self]

    def name_in(self, lang: str) -> str:
        return _RANK_NAMES[lang][self]

    @property
    def points(self) -> int:
        """Card points: A 11, 10 10, K 4, Q 3, J 2, the rest 0 (the same in every variant)."""
        return _POINTS[self]

    @classmethod
    def parse(cls, token: str) -> Rank:
        key = token.strip().upper()
        if key == "10":
            key = "T"
        index = "6789TJQKA".find(key) if len(key) == 1 else -1
        if index < 0:
            raise CardError(f"unknown rank {token!r} (use 6 7 8 9 T J Q K A)")
        return cls(index)


_POINTS = (0, 0, 0, 0, 10, 2, 3, 4, 11)

_SUIT_NAMES = {
    "en": ("clubs", "spades", "hearts", "diamonds"),
    "ru": ("трефы", "пики", "черви", "бубны"),
}
_SUIT_GENITIVE_RU = ("треф", "пик", "червей", "бубен")
_RANK_LETTERS = {
    "en": ("6", "7", "8", "9", "10", "J", "Q", "K", "A"),
    "ru": ("6", "7", "8", "9", "10", "В", "Д", "К", "Т"),
}
_RANK_NAMES = {
    "en": ("six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"),
    "ru": ("шестёрка", "семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король",
           "туз"),
}
_SUIT_TOKENS: dict[str, Suit] = {}
for _suit in Suit:
    for _key in (_suit.letter, _suit.symbol, _SUIT_NAMES["en"][_suit], _SUIT_NAMES["ru"][_suit]):
        _SUIT_TOKENS[_key.lower()] = _suit
_SUIT_TOKENS.update({"♤": Suit.SPADES, "♧": Suit.CLUBS, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS})


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card; ``Card.parse("QC")`` or ``CARDS[index]``.

    Cards compare by index (suit, then printed rank), which is only a stable sort order, not the
    order of play: ask the rules which card wins a trick.
    """

    index: int

    SUITS: ClassVar[int] = 4
    RANKS: ClassVar[int] = 9

    def __post_init__(self) -> None:
        if not 0 <= self.index < 36:
            raise CardError(f"card index {self.index} out of range 0..35")

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        return CARDS[suit * 9 + rank]

    @classmethod
    def parse(cls, token: str) -> Card:
        return parse_card(token)

    @property
    def suit(self) -> Suit:
        return Suit(self.index // 9)

    @property
    def rank(self) -> Rank:
        return Rank(self.index % 9)

    @property
    def points(self) -> int:
        return self.rank.points

    @property
    def bit(self) -> int:
        return 1 << self.index

    @property
    def token(self) -> str:
        """Canonical notation: rank letter then suit letter, upper case (``TH``, ``QC``)."""
        return self.rank.letter + self.suit.letter

    def label(self, lang: str = "en") -> str:
        """Short label a player reads on the table: ``Д♣``, ``10♥``, ``Q♣``."""
        return self.rank.letter_in(lang) + self.suit.symbol

    def name_in(self, lang: str) -> str:
        """Full name: ``queen of clubs`` / ``дама треф``."""
        if lang == "ru":
            return f"{self.rank.name_in('ru')} {self.suit.genitive_in('ru')}"
        return f"{self.rank.name_in('en')} of {self.suit.name_in('en')}"

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"Card.parse({self.token!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(36))
_TOKEN_TO_CARD = {card.token: card for card in CARDS}


def parse_card(token: str) -> Card:
    """Read one card token: ``QC``, ``10h``, ``T♥``, ``д♣`` is not accepted (use Latin letters)."""
    text = token.strip()
    if len(text) < 2:
        raise CardError(f"bad card {token!r}: expected a rank and a suit, e.g. QC or 10H")
    try:
        rank = Rank.parse(text[:-1])
        suit = Suit.parse(text[-1])
    except CardError as exc:
        raise CardError(f"bad card {token!r}: {exc}") from None
    return Card.of(rank, suit)


def as_card(card: Card | str) -> Card:
    """``card`` itself, or the card a token such as ``"QC"`` or ``"10h"`` names (read by
    :func:`parse_card`): what the API takes where it asks for a card.

    >>> as_card("10h"), as_card(Card.parse("QC"))
    (Card.parse('TH'), Card.parse('QC'))
    >>> as_card(5)
    Traceback (most recent call last):
    ...
    TypeError: a card is a Card or a token such as 'QC' or '10H', not the int 5
    """
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise TypeError("a card is a Card or a token such as 'QC' or '10H', not the "
                    f"{type(card).__name__} {card!r}")


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas (or an iterable of tokens), keeping their order."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(token) for token in tokens]


class CardSet:
    """An immutable set of cards stored as a 36-bit mask.

    >>> hand = CardSet.parse("QC 9S")
    >>> Card.parse("QC") in hand, len(hand)
    (True, 2)
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: Iterable[Card] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards >> 36:
                raise CardError(f"card mask {cards:#x} has bits outside the 36 cards")
            mask = cards
        else:
            mask = 0
            for card in cards:
                mask |= 1 << card.index
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> CardSet:
        """Read a hand; a card named twice is an error."""
        mask = 0
        for card in parse_cards(text):
            if mask & card.bit:
                raise CardError(f"card {card.token} appears twice")
            mask |= card.bit
        return cls(mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield CARDS[low.bit_length() - 1]
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    @property
    def points(self) -> int:
        return sum(card.points for card in self)

    def sorted(self) -> list[Card]:
        """Cards grouped by suit (C S H D), high printed rank first, as a hand is read."""
        return sorted(self, key=lambda c: (c.suit, -c.rank))

    def __str__(self) -> str:
        return " ".join(card.token for card in self.sorted())

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
