"""What the widgets say to a screen reader, in the learner's language.

The browser holds no words: every widget gets this map as its ``names`` trait and uses it for
the accessible names of what it draws: each card (its ``<desc>`` and, for a card button, its
``aria-label``), each suit button, the card table itself and the dealer's chip.  The visible
labels (the corner letters, the suit symbols, the dealer's short mark «Сд» / "D", the app's
``dealer_chip`` text) stay as they are.

>>> names_in("ru")["cards"]["QS"], names_in("en")["cards"]["QS"]
('дама пик', 'queen of spades')
>>> names_in("ru")["suits"]["C"], names_in("en")["table"], names_in("ru")["dealer"]
('трефы', 'Card table', 'Сдаёт')
"""

from __future__ import annotations

from functools import cache
from types import MappingProxyType
from typing import Any, ClassVar

import anywidget
import traitlets

from ..cards import CARDS, Suit
from ..i18n import check_lang
from .schema import check_names

__all__ = ["LABELS", "NamedWidget", "names_in", "seat_card"]

LABELS: dict[str, dict[str, str]] = {
    "table": {"ru": "Карточный стол", "en": "Card table"},
    "dealer": {"ru": "Сдаёт", "en": "Dealer"},
    "seat_card": {"ru": "{seat}: {card}", "en": "{seat}: {card}"},
    "your_card": {"ru": "ваша карта", "en": "your card"},
    "options_explained": {"ru": "Что значит каждый вариант", "en": "What each choice means"},
}
"""The widgets' own words, by key and language: the accessible names of the card table's root
and of the dealer's chip (whose short mark alone says little); how a card on the table is named
with its player ("Фёдор: туз пик", :func:`seat_card`); the words that mark the learner's own
card in the deal review's table; the opener of the list of what an option group's choices
mean (their tooltips, for those who cannot hover)."""


@cache
def _names(lang: str) -> MappingProxyType[str, Any]:
    check_lang(lang)
    return MappingProxyType({
        "cards": {card.token: card.name_in(lang) for card in CARDS},
        "suits": {suit.letter: suit.name_in(lang) for suit in Suit},
        **{key: text[lang] for key, text in LABELS.items()},
    })


def seat_card(seat: str, card: str, lang: str) -> str:
    """A card named with its player, the way the table names the cards on it.

    >>> seat_card("Фёдор", "туз пик", "ru")
    'Фёдор: туз пик'
    """
    return LABELS["seat_card"][lang].format(seat=seat, card=card)


def names_in(lang: str) -> dict[str, Any]:
    """Every card's and suit's full name, and the widgets' own names, in ``lang``: a fresh
    plain-JSON dict for a widget's ``names`` trait."""
    names = _names(lang)
    return {key: dict(value) if isinstance(value, dict) else value for key, value in names.items()}


class NamedWidget(anywidget.AnyWidget):
    """Base of the widgets: a checked :attr:`names` trait, the accessible names they draw with,
    and a line of text for where widgets are not drawn (:meth:`__repr__`)."""

    OFFLINE: ClassVar[tuple[str, str]] = ("Запустите блокнот в Jupyter, чтобы увидеть это",
                                          "Run the notebook in Jupyter to see this")
    """What the widget is and where it works, in Russian and in English (each widget its own)."""

    names = traitlets.Dict().tag(sync=True)
    """:func:`names_in` the widget's language; checked by :func:`~.schema.check_names`."""

    @traitlets.validate("names")
    def _check_names(self, proposal: dict[str, Any]) -> dict[str, Any]:
        try:
            return check_names(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    def __repr__(self) -> str:
        """The widget's text for a front end that does not draw widgets (a saved or exported
        notebook, a console), in both languages: what it is and that it runs in Jupyter.

        >>> repr(NamedWidget())
        'Запустите блокнот в Jupyter, чтобы увидеть это · Run the notebook in Jupyter to see this'
        """
        return " · ".join(self.OFFLINE)
