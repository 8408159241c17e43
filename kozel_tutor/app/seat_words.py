"""The table's players in Russian sentences: the verb's ending that agrees with who acts, the
dative (to whom) and a card named as an object (the accusative of :mod:`kozel_tutor.card_words`),
ready to go into a text as :class:`~kozel_tutor.i18n.Phrase` parameters.

The seats are people with names and genders: you (addressed as «вы»), Nina, Fedor and Gleb.

>>> from .texts import text
>>> ending(Seat.N).in_lang("ru"), ending(Seat.S).in_lang("ru"), ending(Seat.W).in_lang("ru")
('а', 'и', '')
>>> dative(Seat.S).in_lang("ru"), dative(Seat.N).in_lang("ru"), dative(Seat.E).in_lang("en")
('вам', 'Нине', 'Gleb')
>>> card_object(Card.parse("AC")).in_lang("ru"), card_object(Card.parse("QD")).in_lang("ru")
('туза треф', 'даму бубен')
"""

from __future__ import annotations

from ..card_words import card_ru
from ..cards import Card
from ..i18n import Phrase
from ..seats import Seat
from .texts import text

__all__ = ["boasted", "boasts", "card_object", "dative", "ending", "seat_cards"]

_ENDINGS_RU = {Seat.S: "и", Seat.N: "а", Seat.E: "", Seat.W: ""}
"""The past tense's ending: «вы отдали», «Нина отдала», «Фёдор отдал»."""

_DATIVE = {Seat.S: ("you", "вам"), Seat.N: ("Nina", "Нине"), Seat.E: ("Gleb", "Глебу"),
           Seat.W: ("Fedor", "Фёдору")}


def ending(seat: Seat) -> Phrase:
    """The Russian past tense's ending that agrees with ``seat`` (nothing in English)."""
    return Phrase("", _ENDINGS_RU[seat])


def boasts(seat: Seat) -> Phrase:
    """"boast(s)" in the present tense, agreeing with ``seat``: «вы хвалитесь», «Нина
    хвалится»."""
    return Phrase("boast", "хвалитесь") if seat == Seat.S else Phrase("boasts", "хвалится")


def boasted(seat: Seat) -> Phrase:
    """"boasted" agreeing with ``seat``, as the summary tells it after the deal: «вы
    хвалились», «Нина хвалилась», «Фёдор хвалился»."""
    return Phrase("boasted", {Seat.S: "хвалились", Seat.N: "хвалилась"}.get(seat, "хвалился"))


def dative(seat: Seat) -> Phrase:
    """``seat`` as the one something is given to: "Nina" / «Нине», "you" / «вам»."""
    en, ru = _DATIVE[seat]
    return Phrase(en, ru)


def card_object(card: Card) -> Phrase:
    """The card as an object: "the ace of clubs" / «туза треф»."""
    return Phrase(f"the {card.name_in('en')}", card_ru(card, "accusative"))


def seat_cards(plays: tuple[tuple[Seat, Card], ...]) -> Phrase:
    """Cards with their players: "Fedor — ace of spades, you — seven of hearts"."""
    def said(lang: str) -> str:
        return ", ".join(f"{text(f'seat_{seat.name}', lang)} — {card.name_in(lang)}"
                         for seat, card in plays)
    return Phrase(said("en"), said("ru"))
