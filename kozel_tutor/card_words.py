"""A card's name in a Russian sentence: declined for the case the sentence needs, and the words
that agree with it.

Russian names a card by its rank, declined, and its suit in the genitive, which stays: «дама
треф», «сыграйте даму треф», «зайдите с дамы треф», «бейте дамой треф».  The jack, the king and
the ace are masculine and animate (their accusative is their genitive: «отдайте туза»); the
queen and the numbered cards are feminine.  Every layer that words a card uses this one table
(the AI's reasons, the app's events).

>>> ace, queen = Card.parse("AC"), Card.parse("QD")
>>> card_ru(ace, "accusative"), card_ru(queen, "accusative")
('туза треф', 'даму бубен')
>>> card_ru(Card.parse("6S"), "genitive"), card_ru(Card.parse("KH"), "instrumental")
('шестёрки пик', 'королём червей')
>>> agree_ru(ace, "он", "она"), agree_ru(queen, "он", "она")
('он', 'она')
"""

from __future__ import annotations

from typing import Literal

from .cards import Card, Rank
from .i18n import Phrase

__all__ = ["CASES", "Case", "agree_ru", "card_phrase", "card_ru", "is_masculine", "rank_ru"]

Case = Literal["nominative", "accusative", "genitive", "instrumental"]
CASES: tuple[Case, ...] = ("nominative", "accusative", "genitive", "instrumental")

_RANK_FORMS_RU: dict[Rank, tuple[str, str, str]] = {
    Rank.SIX: ("шестёрку", "шестёрки", "шестёркой"),
    Rank.SEVEN: ("семёрку", "семёрки", "семёркой"),
    Rank.EIGHT: ("восьмёрку", "восьмёрки", "восьмёркой"),
    Rank.NINE: ("девятку", "девятки", "девяткой"),
    Rank.TEN: ("десятку", "десятки", "десяткой"),
    Rank.JACK: ("валета", "валета", "валетом"),
    Rank.QUEEN: ("даму", "дамы", "дамой"),
    Rank.KING: ("короля", "короля", "королём"),
    Rank.ACE: ("туза", "туза", "тузом"),
}
"""Each rank's accusative, genitive and instrumental (the nominative is
:meth:`Rank.name_in <kozel_tutor.cards.Rank.name_in>`)."""

_MASCULINE = frozenset({Rank.JACK, Rank.KING, Rank.ACE})


def rank_ru(rank: Rank, case: Case = "nominative") -> str:
    """The rank's Russian name in ``case``: «валет», «валета», «валетом»."""
    if case == "nominative":
        return rank.name_in("ru")
    return _RANK_FORMS_RU[rank][CASES.index(case) - 1]


def card_ru(card: Card, case: Case = "nominative") -> str:
    """The card's Russian name in ``case``, the suit in the genitive as always: «даму бубен»."""
    return f"{rank_ru(card.rank, case)} {card.suit.genitive_in('ru')}"


def card_phrase(card: Card, case: Case) -> Phrase:
    """The card as a message parameter: its English name and its Russian one in ``case``."""
    return Phrase(card.name_in("en"), card_ru(card, case))


def is_masculine(rank: Rank) -> bool:
    """Whether the rank's Russian name is masculine (валет, король, туз)."""
    return rank in _MASCULINE


def agree_ru(card: Card, masculine: str, feminine: str) -> str:
    """The word that agrees with the card's name: ``masculine`` for a jack, king or ace,
    ``feminine`` for the others («он самый дешёвый» / «она самая дешёвая»)."""
    return masculine if is_masculine(card.rank) else feminine
