"""Bilingual phrases for lesson feedback, filled with cards, suits and seats in each language.

>>> from kozel_tutor.cards import Card
>>> say("The {card} wins.", "Берёт {card}.", card=Card.parse("QS")).ru
'Берёт Д♠.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..cards import Card, Suit
from ..i18n import CARDS, NBSP, POINTS, POINTS_WITH, plural_ru, word_list
from ..seats import Seat, Team
from .model import Text

__all__ = ["card_count", "cards_list", "keep_together", "mid_sentence", "points", "say",
           "seat_letter", "seat_name", "seat_subject", "seat_words", "team_dative", "team_name",
           "tricks"]

_SEAT_NAMES = {
    "en": {Seat.N: "N (your partner)", Seat.E: "E (right opponent)", Seat.S: "S (you)",
           Seat.W: "W (left opponent)"},
    "ru": {Seat.N: "С (партнёр)", Seat.E: "В (соперник справа)", Seat.S: "Ю (вы)",
           Seat.W: "З (соперник слева)"},
}
_SEAT_LETTERS = {
    "en": {Seat.N: "N", Seat.E: "E", Seat.S: "S (you)", Seat.W: "W"},
    "ru": {Seat.N: "С", Seat.E: "В", Seat.S: "Ю (вы)", Seat.W: "З"},
}
# A seat inside a Russian sentence names the role first, the letter in brackets: a bare С, В
# or З would read as a preposition («В зашёл…»).  The genitive and instrumental serve «после»,
# «от» and «перед».
_SEAT_WORDS_RU = {
    "nom": {Seat.N: "партнёр (С)", Seat.E: "соперник справа (В)", Seat.S: "вы (Ю)",
            Seat.W: "соперник слева (З)"},
    "gen": {Seat.N: "партнёра (С)", Seat.E: "соперника справа (В)", Seat.S: "вас (Ю)",
            Seat.W: "соперника слева (З)"},
    "ins": {Seat.N: "партнёром (С)", Seat.E: "соперником справа (В)", Seat.S: "вами (Ю)",
            Seat.W: "соперником слева (З)"},
}
_SEAT_SUBJECTS = {   # a seat as the subject of a sentence, its role set off by commas
    "en": {Seat.N: "N, your partner,", Seat.E: "E, the opponent on your right,",
           Seat.S: "you (S)", Seat.W: "W, the opponent on your left,"},
    "ru": _SEAT_WORDS_RU["nom"],
}
_TEAM_NAMES = {
    "en": {Team.NS: "we (N–S)", Team.EW: "they (E–W)"},
    "ru": {Team.NS: "мы (С–Ю)", Team.EW: "они (В–З)"},
}
_TEAM_DATIVE = {   # who penalty points are written to: «нам (С–Ю) пишут 4»
    "en": {Team.NS: "us (N–S)", Team.EW: "them (E–W)"},
    "ru": {Team.NS: "нам (С–Ю)", Team.EW: "им (В–З)"},
}


def seat_name(seat: Seat, lang: str) -> str:
    """How the table labels a seat from the learner's chair (the learner is S)."""
    return _SEAT_NAMES[lang][seat]


def seat_words(seat: Seat, lang: str, case: str = "nom") -> str:
    """How a sentence names a seat: «соперник справа (В)», genitive «соперника справа (В)»,
    instrumental «соперником справа (В)»; English has one form, ``E (right opponent)``.

    >>> seat_words(Seat.E, "ru"), seat_words(Seat.S, "ru", "gen"), seat_words(Seat.E, "en")
    ('соперник справа (В)', 'вас (Ю)', 'E (right opponent)')
    """
    return _SEAT_WORDS_RU[case][seat] if lang == "ru" else _SEAT_NAMES["en"][seat]


def seat_letter(seat: Seat, lang: str) -> str:
    """A seat's letter without its role (only the learner's own seat says "you"): for a question
    whose answer the role would give away."""
    return _SEAT_LETTERS[lang][seat]


def seat_subject(seat: Seat, lang: str) -> str:
    """A seat as the subject of a sentence: ``N, your partner, leads first``."""
    return _SEAT_SUBJECTS[lang][seat]


def team_name(team: Team, lang: str) -> str:
    return _TEAM_NAMES[lang][team]


def team_dative(team: Team) -> Text:
    """A side as the one something is written to: «нам (С–Ю)», "us (N–S)"."""
    return Text(_TEAM_DATIVE["ru"][team], _TEAM_DATIVE["en"][team])


def cards_list(cards: Iterable[Card], either: bool = False) -> Text:
    """Cards as a list in words: ``9♠, 8♥ and K♥`` / ``9♠, 8♥ и К♥``; ``either`` when any one of
    them will do: ``A♥ or 7♠`` / ``Т♥ или 7♠``.

    >>> cards_list([Card.parse("AH"), Card.parse("7S")], either=True).ru
    'Т♥ или 7♠'
    """
    cards = list(cards)
    return Text(*(word_list([card.label(lang) for card in cards], lang, either=either)
                  for lang in ("ru", "en")))


_FORMULA = re.compile(r" ([=×−+]) ")
"""An operator of a short formula between spaces: «Т♥ = 11», «4 × 30 = 120», «15 − 3 − 2»."""


def keep_together(text: str) -> str:
    """Short formulas kept on one line, and an order of cards broken only after a «>», so that no
    line ends inside «Т♥ = 11» and none starts with a «>»: «Д♣ > Д♠ > …».

    >>> keep_together("Т♥ = 11, 4 × 30 = 120; Д♣ > Д♠") == (
    ...     f"Т♥{NBSP}={NBSP}11, 4{NBSP}×{NBSP}30{NBSP}={NBSP}120; Д♣{NBSP}> Д♠")
    True
    """
    return _FORMULA.sub(NBSP + r"\1" + NBSP, text).replace(" > ", NBSP + "> ")


_NAMES_RU = ("Нин", "Фёдор", "Глеб", "Север", "Юг", "Запад", "Восток")
"""The beginnings of names that keep their capital anywhere: the players, the seats in full."""
_LOWER_AFTER_LABEL = re.compile(r"^[А-ЯЁ](?=[а-яё]|\s[а-яё])")
"""A Russian capital that starts an ordinary word (not «В (соперник справа)», «Д♣», «С–Ю»): a
word in lower case after it, or a one-letter word (a preposition) before one."""


def mid_sentence(text: Text) -> Text:
    """``text`` going on after a label and a colon («Подсказка: …», «Ответ: …»): Russian goes on
    in lower case, unless it starts with a name, a seat's letter or a card (the learner's «Вы» is
    «вы» inside a sentence, as everywhere in the app); English keeps its capital.

    >>> [mid_sentence(Text(ru, "X")).ru for ru in ("Партнёры рядом.", "В колоде 36 карт.",
    ...                                            "В (соперник справа)", "Д♣ берёт.", "Нина")]
    ['партнёры рядом.', 'в колоде 36 карт.', 'В (соперник справа)', 'Д♣ берёт.', 'Нина']
    """
    ru = text.ru
    if ru.startswith(_NAMES_RU) or not _LOWER_AFTER_LABEL.match(ru):
        return text
    return Text(ru[:1].lower() + ru[1:], text.en)


def _render(value: object, lang: str) -> str:
    if isinstance(value, Card):
        return value.label(lang)
    if isinstance(value, Suit):
        return value.name_in(lang)
    if isinstance(value, Seat):
        return seat_words(value, lang)
    if isinstance(value, Team):
        return team_name(value, lang)
    if isinstance(value, Text):
        return value.get(lang)
    if isinstance(value, (list, tuple)) and all(isinstance(c, Card) for c in value):
        return cards_list(value).get(lang)
    return str(value)


def say(en: str, ru: str, cap: bool = True, **params: object) -> Text:
    """Fill both templates; a :class:`Suit` also offers ``{name_gen}`` (genitive in Russian), a
    :class:`Seat` ``{name_gen}`` and ``{name_ins}`` (:func:`seat_words`).

    A list of cards is listed in words (:func:`cards_list`).  The result starts with a capital
    letter unless ``cap`` is false (a fragment for another template), and keeps its short
    formulas on one line (:func:`keep_together`)."""
    out: dict[str, str] = {}
    for lang, template in (("en", en), ("ru", ru)):
        values = {name: _render(value, lang) for name, value in params.items()}
        for name, value in params.items():
            if isinstance(value, Suit):
                values[name + "_gen"] = value.genitive_in(lang)
            if isinstance(value, Seat):
                values[name + "_gen"] = seat_words(value, lang, "gen")
                values[name + "_ins"] = seat_words(value, lang, "ins")
        text = keep_together(template.format(**values))
        out[lang] = text[:1].upper() + text[1:] if cap else text
    return Text(ru=out["ru"], en=out["en"])


_POINT_CASES = {"acc": POINTS, "ins": POINTS_WITH}


def points(n: int, case: str = "acc") -> Text:
    """``31 points`` / ``31 очко`` (``case="ins"``: ``с 31 очком``)."""
    count = _POINT_CASES[case](n)
    return Text(count.in_lang("ru"), count.in_lang("en"))


def card_count(n: int) -> Text:
    """``3 cards`` / ``3 карты`` (``1 card`` / ``1 карта``, ``5 карт``)."""
    count = CARDS(n)
    return Text(count.in_lang("ru"), count.in_lang("en"))


def tricks(n: int) -> Text:
    """``in 3 tricks`` / ``в 3 взятках``."""
    return Text(f"в {n} {plural_ru(n, 'взятке', 'взятках', 'взятках')}",
                f"in {n} trick{'' if n == 1 else 's'}")
