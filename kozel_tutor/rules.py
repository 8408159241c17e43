"""The rules as data: one frozen :class:`Rules` object per game, and a registry of named presets.

Every rule the engine, the solver and the AI honour is a field here, so a regional variant is a
preset, not a fork of the code.  The card order for one deal (which cards are trumps, which card
beats which) is compiled once per ``(rules, trump suit)`` into a :class:`CardOrder`.

>>> rules = find_rules("standard", deck=32)
>>> rules.deck, rules.packets, len(rules.card_order(Suit.CLUBS).trumps)
(32, (3, 3, 2), 14)
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Literal

from .cards import CARDS, Card, CardSet, Rank, Suit, parse_cards

__all__ = [
    "PRESETS",
    "TRUMP",
    "CardOrder",
    "Rules",
    "RulesError",
    "find_rules",
    "legal_mask",
    "preset_names",
    "preset_options",
    "register_preset",
]

TRUMP = 4
"""The effective suit number of every trump (plain suits are 0..3, as :class:`Suit`)."""

TrumpRule = Literal["fixed", "called"]


class RulesError(ValueError):
    """An unknown preset or an option the preset does not allow."""


_STANDARD_TOP = tuple(parse_cards("QC QS QH QD JC JS JH JD"))
_PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT,
                Rank.SEVEN, Rank.SIX)
_DECK_RANKS = {
    36: frozenset(Rank),
    32: frozenset(Rank) - {Rank.SIX},
    24: frozenset({Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SIX}),
}


@cache
def _deck_cards(deck: int) -> CardSet:
    """The cards of the ``deck``-card deck (an immutable set, made once: positions ask for it
    card by card)."""
    return CardSet(c for c in CARDS if c.rank in _DECK_RANKS[deck])


@dataclass(frozen=True)
class Rules:
    """Everything that makes one game of Kozel differ from another.

    The defaults are the standard rules of RULES.md §1.  Fields:

    * ``deck`` – 36, 32 or 24 cards; ``packets`` – how many cards each player gets per round of
      the deal (36: 3+3+3; 32: 3+3+2; 24: six rounds of one).
    * ``trump_rule`` – ``"fixed"`` (``trump`` is the trump suit of every deal) or ``"called"``
      (the player left of the dealer names it).
    * ``top_trumps`` – the permanent trumps, highest first; the rest of the trump suit follows
      in the plain order A 10 K 9 8 7 6.
    * ``scoring`` – the name of the deal-score table (see :mod:`kozel_tutor.scoring`);
      ``match_target`` – the match ends when a side reaches it; ``target_loses`` – whether reaching
      it loses (penalty scoring) instead of winning.
    * ``first_lead`` – who leads the first trick of a match: ``"left_of_dealer"`` or
      ``"holder:7D"`` (the holder of that card leads; with ``lead_that_card`` they must lead it).
    * ``no_trump_lead_with_plain`` – a trump may be led only by a player holding nothing else.
    * ``ace_dump_ban`` – a player who cannot follow may not discard an ace of a plain suit not yet
      led this deal, unless every card they hold is such an ace.
    * ``catch`` – the 6♣ "catches" the Q♣: both in one trick from opposite sides ends the deal.
    * ``procedures`` – the name of the match-level procedures (first lead of later deals, redeal,
      giving the last trump, boasts, tablo) registered in :mod:`kozel_tutor.variants`.
    """

    name: str = "standard"
    deck: int = 36
    trump_rule: TrumpRule = "fixed"
    trump: Suit = Suit.CLUBS
    top_trumps: tuple[Card, ...] = _STANDARD_TOP
    packets: tuple[int, ...] = (3, 3, 3)
    match_target: int = 12
    target_loses: bool = False
    scoring: str = "standard"
    first_lead: str = "left_of_dealer"
    lead_that_card: bool = False
    no_trump_lead_with_plain: bool = False
    ace_dump_ban: bool = False
    catch: bool = False
    procedures: str = "standard"
    options: tuple[tuple[str, object], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.deck not in _DECK_RANKS:
            raise RulesError(f"deck must be 36, 32 or 24 cards, not {self.deck}")
        if sum(self.packets) * 4 != self.deck:
            raise RulesError(f"packets {self.packets} do not deal {self.deck} cards to 4 players")
        if self.trump_rule not in ("fixed", "called"):
            raise RulesError(f"unknown trump rule {self.trump_rule!r} (use fixed or called)")
        if self.match_target < 1:
            raise RulesError("match target must be positive")
        missing = [c.token for c in self.top_trumps if c.rank not in _DECK_RANKS[self.deck]]
        if missing:
            raise RulesError(f"top trumps {missing} are not in the {self.deck}-card deck")

    @property
    def first_lead_holder(self) -> Card | None:
        """The card whose holder leads the first trick of a match (``None``: left of dealer)."""
        if self.first_lead.startswith("holder:"):
            return Card.parse(self.first_lead.removeprefix("holder:"))
        return None

    @property
    def first_lead_card(self) -> Card | None:
        """The card the first lead of a match must be (``None`` where any card may open it)."""
        return self.first_lead_holder if self.lead_that_card else None

    @property
    def hand_size(self) -> int:
        return self.deck // 4

    @property
    def ranks(self) -> frozenset[Rank]:
        return _DECK_RANKS[self.deck]

    @property
    def deck_cards(self) -> CardSet:
        return _deck_cards(self.deck)

    def card_order(self, trump: Suit | None = None) -> CardOrder:
        """The compiled card order for a deal with ``trump`` (default: the fixed trump suit)."""
        return _card_order(self, self.trump if trump is None else Suit(trump))

    def replace(self, **changes: object) -> Rules:
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.options)
        return f"find_rules({self.name!r}{opts})"


@dataclass(frozen=True, eq=False)
class CardOrder:
    """Which cards are trumps and which card beats which, for one ``(rules, trump suit)``.

    ``suit_of[i]`` is the *effective* suit of card ``i`` (0..3 plain, :data:`TRUMP` for every
    trump, -1 outside the deck); ``strength[i]`` orders the cards of one effective suit (higher
    wins); ``suit_masks[s]`` holds the cards of effective suit ``s``.  The solver's tables are
    built from these arrays.
    """

    rules: Rules
    trump: Suit
    trumps: tuple[Card, ...]
    suit_of: tuple[int, ...]
    strength: tuple[int, ...]
    points: tuple[int, ...]
    suit_masks: tuple[int, ...]
    deck_mask: int

    def effective_suit(self, card: Card) -> int:
        return self.suit_of[card.index]

    def is_trump(self, card: Card) -> bool:
        return self.suit_of[card.index] == TRUMP

    def suit_cards(self, suit: int) -> tuple[Card, ...]:
        """The cards of an effective suit, highest first."""
        members = [c for c in CARDS if self.suit_of[c.index] == suit]
        return tuple(sorted(members, key=lambda c: -self.strength[c.index]))

    def winning_index(self, cards: Sequence[int]) -> int:
        """Position in ``cards`` (card indices, in play order) of the card that takes the trick."""
        suit_of, strength = self.suit_of, self.strength
        best = 0
        best_suit = suit_of[cards[0]]
        best_strength = strength[cards[0]]
        for pos in range(1, len(cards)):
            card = cards[pos]
            suit = suit_of[card]
            if suit == best_suit:
                if strength[card] > best_strength:
                    best, best_strength = pos, strength[card]
            elif suit == TRUMP:
                best, best_suit, best_strength = pos, TRUMP, strength[card]
        return best

    def beats(self, challenger: Card, holder: Card) -> bool:
        """Whether ``challenger`` played after ``holder`` takes the trick from it."""
        return self.winning_index((holder.index, challenger.index)) == 1

    def sort_key(self) -> Callable[[Card], tuple[int, int]]:
        """Sort key that shows a hand as players hold it: trumps first, then C S H D, high first."""
        def key(card: Card) -> tuple[int, int]:
            suit = self.suit_of[card.index]
            return (-1 if suit == TRUMP else suit, -self.strength[card.index])
        return key


def legal_mask(order: CardOrder, hand: int, trick: Sequence[int], led: int) -> int:
    """The cards of ``hand`` (a mask) that may be played to ``trick`` (card indices).

    Follow the effective suit led (all trumps are one suit); with no card of it, anything goes,
    subject to the lead restriction and the ace-dump ban of the rules.  ``led`` is the 4-bit mask
    of plain suits led in earlier tricks.  The engine and both solver backends share this rule.
    """
    rules = order.rules
    if not trick:
        if rules.no_trump_lead_with_plain:
            plain = hand & ~order.suit_masks[TRUMP]
            if plain:
                return plain
        return hand
    follow = hand & order.suit_masks[order.suit_of[trick[0]]]
    if follow:
        return follow
    if rules.ace_dump_ban:
        allowed = hand & ~_unled_aces(order, led)
        if allowed:
            return allowed
    return hand


def _unled_aces(order: CardOrder, led: int) -> int:
    mask = 0
    for suit in range(4):
        ace = suit * 9 + Rank.ACE
        if not led >> suit & 1 and order.suit_of[ace] == suit:
            mask |= 1 << ace
    return mask


@lru_cache(maxsize=64)
def _card_order(rules: Rules, trump: Suit) -> CardOrder:
    in_deck = [c for c in CARDS if c.rank in rules.ranks]
    top = list(rules.top_trumps)
    top_set = set(top)
    rest = [Card.of(rank, trump) for rank in _PLAIN_ORDER if rank in rules.ranks]
    trumps = top + [c for c in rest if c not in top_set]
    suit_of = [-1] * 36
    strength = [0] * 36
    for position, card in enumerate(trumps):
        suit_of[card.index] = TRUMP
        strength[card.index] = 100 - position
    trump_set = set(trumps)
    for suit in Suit:
        plain = [Card.of(r, suit) for r in _PLAIN_ORDER if r in rules.ranks]
        plain = [c for c in plain if c not in trump_set]
        for position, card in enumerate(plain):
            suit_of[card.index] = suit
            strength[card.index] = 50 - position
    masks = [0] * 5
    for card in in_deck:
        masks[suit_of[card.index]] |= card.bit
    return CardOrder(
        rules=rules,
        trump=trump,
        trumps=tuple(trumps),
        suit_of=tuple(suit_of),
        strength=tuple(strength),
        points=tuple(c.points if c in in_deck else 0 for c in CARDS),
        suit_masks=tuple(masks),
        deck_mask=sum(c.bit for c in in_deck),
    )


PRESETS: dict[str, Callable[..., Rules]] = {}


def register_preset(name: str, factory: Callable[..., Rules]) -> None:
    """Add a named preset; ``factory(**options)`` returns rules or raises :class:`RulesError`."""
    PRESETS[name] = factory


def preset_names() -> list[str]:
    return sorted(PRESETS)


def preset_options(name: str) -> dict[str, object]:
    """The options preset ``name`` takes, each with its default (``{}``: it takes none).

    >>> preset_options("standard"), preset_options("nizhny")
    ({'deck': 36, 'trump': 'clubs', 'match': 12}, {})
    """
    factory = _preset(name)
    return {p.name: p.default for p in inspect.signature(factory).parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}


def _preset(name: str) -> Callable[..., Rules]:
    if not isinstance(name, str):
        raise TypeError(f"a preset is named by a string such as 'standard', not {name!r}")
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(preset_names())
        raise RulesError(f"unknown rules {name!r} (known: {known})") from None


def find_rules(name: str = "standard", **options: object) -> Rules:
    """The rules of the preset ``name`` with ``options``, e.g. ``find_rules("standard", deck=32)``.

    The presets (RULES.md §1–2) and their options:

    * ``"standard"``: ``deck`` 36 (default) or 32; ``trump`` ``"clubs"`` (default: clubs are
      always trumps) or ``"called"`` (the player left of the dealer names the trump suit);
      ``match`` 12 (default) or 6 (the points that win the match).
    * ``"classic"``: no options (32 cards, diamonds trumps, the ace-dump ban).
    * ``"nizhny"``: no options (36 cards, clubs trumps, the 6♣ catches the Q♣).
    * ``"kozly24"``: no options (24 cards dealt one by one, clubs trumps, the catch).

    :func:`preset_names` lists the presets, :func:`preset_options` the options of one.  An
    unknown preset or a value an option does not allow raises :class:`RulesError`; an option
    the preset does not take raises :class:`TypeError` (as any unexpected keyword does), and
    each says which there are.

    >>> find_rules("nizhny", deck=32)
    Traceback (most recent call last):
    ...
    TypeError: rules 'nizhny' take no options, not deck (see help(find_rules))
    """
    factory = _preset(name)
    known = preset_options(name)
    unknown = [option for option in options if option not in known]
    if unknown and not _takes_any_option(factory):
        raise TypeError(_unknown_options(name, unknown, known))
    return factory(**options)


def _takes_any_option(factory: Callable[..., Rules]) -> bool:
    return any(p.kind == p.VAR_KEYWORD for p in inspect.signature(factory).parameters.values())


def _unknown_options(name: str, unknown: list[str], known: dict[str, object]) -> str:
    given = ", ".join(unknown)
    if not known:
        return f"rules {name!r} take no options, not {given} (see help(find_rules))"
    listed = ", ".join(f"{option} (default {default!r})" for option, default in known.items())
    return (f"rules {name!r} have no option {given}; their options are {listed} "
            "(see help(find_rules))")


def _standard(deck: int = 36, trump: str = "clubs", match: int = 12) -> Rules:
    """Standard rules: options ``deck`` 36|32, ``trump`` clubs|called, ``match`` 12|6."""
    if deck not in (36, 32):
        raise RulesError(f"standard rules use a 36- or 32-card deck, not {deck!r}")
    if trump not in ("clubs", "called"):
        raise RulesError(f"standard trump option must be 'clubs' or 'called', not {trump!r}")
    if match not in (12, 6):
        raise RulesError(f"standard match length must be 12 or 6, not {match!r}")
    options: list[tuple[str, object]] = []
    if deck != 36:
        options.append(("deck", deck))
    if trump != "clubs":
        options.append(("trump", trump))
    if match != 12:
        options.append(("match", match))
    return Rules(
        name="standard",
        deck=deck,
        packets=(3, 3, 3) if deck == 36 else (3, 3, 2),
        trump_rule="fixed" if trump == "clubs" else "called",
        match_target=match,
        options=tuple(options),
    )


register_preset("standard", _standard)
