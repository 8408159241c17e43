"""Messages a person reads, in Russian and English, addressed by key.

The engine never returns bare English strings: it returns a :class:`Message` (a key and its
parameters) and the UI renders it in the learner's language.

>>> Message("must_play_trump").text("ru")
'Зашли с козыря: нужно положить козырь.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .cards import Card, Suit
from .seats import Seat

__all__ = [
    "CARDS",
    "CARD_POINTS",
    "LANGUAGES",
    "MESSAGES",
    "MORE_POINTS",
    "NBSP",
    "POINTS",
    "POINTS_WITH",
    "ROWS",
    "Count",
    "Message",
    "Noun",
    "Number",
    "Phrase",
    "in_words",
    "pick",
    "plural_ru",
    "translate",
    "unbroken",
]

LANGUAGES = ("ru", "en")

MESSAGES: dict[str, dict[str, str]] = {
    "must_follow_suit": {
        "en": "You must follow suit: you hold {suit}.",
        "ru": "Нужно ходить в масть: у вас есть {suit}.",
    },
    "trump_does_not_follow": {
        "en": "You must follow suit. The {card} is a trump: it does not count as {suit}.",
        "ru": "Нужно ходить в масть: {card} — козырь, а не карта масти {suit_gen}.",
    },
    "must_play_trump": {
        "en": "A trump was led: you must play a trump.",
        "ru": "Зашли с козыря: нужно положить козырь.",
    },
    "no_trump_lead": {
        "en": "You may lead a trump only when you hold nothing else.",
        "ru": "Заходить с козыря можно, только когда других карт нет.",
    },
    "ace_dump_ban": {
        "en": "You may not throw away the ace of a suit that has not been led yet.",
        "ru": "Нельзя сносить туза масти, в которую ещё не заходили.",
    },
    "must_lead_card": {
        "en": "The first lead of the match must be the {card}.",
        "ru": "Партию открывает {card}: первым ходом нужно сыграть именно эту карту.",
    },
    "not_in_hand": {
        "en": "The {card} is not in your hand.",
        "ru": "Карты «{card}» нет у вас в руке.",
    },
    # {seat} is a Seat: its letter in the learner's language (N / «С»)
    "not_your_turn": {
        "en": "It is {seat}'s turn.",
        "ru": "Сейчас ход игрока {seat}.",
    },
    "call_trump_first": {
        "en": "The trump suit must be named first.",
        "ru": "Сначала нужно назначить козырь.",
    },
    "deal_over": {
        "en": "The deal is over.",
        "ru": "Раздача окончена.",
    },
}


@dataclass(frozen=True)
class Number:
    """A number with a fraction, written as each language writes it: ``-1.25`` / ``−1,25``.

    >>> Number(-1.25, 2).in_lang("ru"), Number(55.8).in_lang("en")
    ('−1,25', '55.8')
    >>> Number(0.5, sign=True).in_lang("ru"), Number(-0.04).in_lang("en")
    ('+0,5', '0.0')
    """

    value: float
    digits: int = 1
    sign: bool = False

    def in_lang(self, lang: str) -> str:
        value = self.value if round(self.value, self.digits) else 0.0   # never "-0.0"
        text = f"{value:{'+' if self.sign else ''}.{self.digits}f}"
        return text.replace(".", ",").replace("-", "\u2212") if lang == "ru" else text


def pick(table: Mapping[str, Mapping[str, str]], key: str, lang: str, **params: object) -> str:
    """The text ``key`` of a bilingual ``table`` in ``lang`` (Russian, or else English), with
    ``params`` put in: what each screen's own table of words is read with.

    >>> pick({"n": {"en": "{n} left", "ru": "осталось: {n}"}}, "n", "ru", n=3)
    'осталось: 3'
    """
    text = table[key]["ru" if lang == "ru" else "en"]
    return text.format(**params) if params else text


NBSP = "\u00a0"
"""A space no line breaks at."""


def unbroken(text: str) -> str:
    """``text`` that no line breaks inside: «ещё 4 карты = 0»."""
    return text.replace(" ", NBSP)


_LAST_JOINER = {"and": {"en": " and ", "ru": " и "}, "or": {"en": " or ", "ru": " или "}}


def word_list(words: Sequence[str], lang: str, *, either: bool = False) -> str:
    """Words joined as a sentence lists them: «Д♠ и Д♥», «Д♠, Д♥ и Д♦»; ``either`` joins the
    last one with «или» / "or".

    >>> word_list(["Д♠", "Д♥", "Д♦"], "ru"), word_list(["Q♣", "Q♠"], "en", either=True)
    ('Д♠, Д♥ и Д♦', 'Q♣ or Q♠')
    """
    if len(words) < 2:
        return "".join(words)
    last = _LAST_JOINER["or" if either else "and"][lang]
    return f"{', '.join(words[:-1])}{last}{words[-1]}"


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for ``n``: 1 очко, 2 очка, 5 очков, 11 очков, 21 очко.

    >>> [plural_ru(n, "очко", "очка", "очков") for n in (1, 2, 5, 11, 14, 21, 22, 31)]
    ['очко', 'очка', 'очков', 'очков', 'очков', 'очко', 'очка', 'очко']
    """
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


@dataclass(frozen=True)
class Count:
    """A whole number with its noun, agreeing in each language: 1 trump, 4 trumps; 1 козырь,
    4 козыря, 5 козырей.  ``en`` holds the singular and plural, ``ru`` the forms for 1, 2–4 and 5
    (in the case the sentence needs).

    >>> trumps = ("trump", "trumps"), ("козырь", "козыря", "козырей")
    >>> [Count(n, *trumps).in_lang("ru") for n in (1, 3, 5, 21)]
    ['1 козырь', '3 козыря', '5 козырей', '21 козырь']
    >>> Count(1, *trumps).in_lang("en"), Count(4, *trumps).in_lang("en")
    ('1 trump', '4 trumps')
    """

    n: int
    en: tuple[str, str]
    ru: tuple[str, str, str]

    def in_lang(self, lang: str) -> str:
        if lang == "ru":
            return f"{self.n} {plural_ru(self.n, *self.ru)}"
        return f"{self.n} {self.en[0] if self.n == 1 else self.en[1]}"


@dataclass(frozen=True)
class Noun:
    """A noun counted by a number, in both languages: ``en`` the singular and plural, ``ru`` the
    forms for 1, 2–4 and 5 in the case the sentence needs.  Called with a number, it gives the
    :class:`Count` a message takes as a parameter.

    >>> ROWS(1).in_lang("ru"), ROWS(2).in_lang("en"), POINTS_WITH(21).in_lang("ru")
    ('1 пару', '2 rows', '21 очком')
    """

    en: tuple[str, str]
    ru: tuple[str, str, str]

    def __call__(self, n: int) -> Count:
        return Count(n, self.en, self.ru)


# The counted nouns of the game, each spelt out once.
_POINT_FORMS_RU = ("очко", "очка", "очков")
POINTS = Noun(("point", "points"), _POINT_FORMS_RU)
"""Card points, nominative or accusative: "21 points", «21 очко», «наберите 31 очко»."""
POINTS_WITH = Noun(("point", "points"), ("очком", "очками", "очками"))
"""Card points after «с» (instrumental): «с 21 очком», «с 30 очками»."""
CARD_POINTS = Noun(("card point", "card points"), _POINT_FORMS_RU)
"""Card points said in full in English: "61 card points", «61 очко»."""
MORE_POINTS = Noun(("more point", "more points"), _POINT_FORMS_RU)
"""A difference in card points: "kept 1 more point", «на 3 очка больше»."""
ROWS = Noun(("row", "rows"), ("пару", "пары", "пар"))
"""Rows of the tablo as written, accusative: "1 row", «запишут 1 пару»."""
CARDS = Noun(("card", "cards"), ("карта", "карты", "карт"))
"""Cards, nominative: "3 cards", «3 карты», «5 карт»."""
TRICKS = Noun(("trick", "tricks"), ("взятка", "взятки", "взяток"))
"""Tricks, nominative: "1 trick", «2 взятки»."""
PLAIN_SUITS = Noun(("plain suit", "plain suits"), ("простая масть", "простые масти",
                                                    "простых мастей"))
"""Plain (not trump) suits, nominative: "3 plain suits"."""


@dataclass(frozen=True)
class Phrase:
    """Words that go into a message as a parameter, in both languages.

    >>> Phrase("play low", "ходите с младшей").in_lang("ru")
    'ходите с младшей'
    """

    en: str
    ru: str

    def in_lang(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


def in_words(value: object, lang: str) -> object:
    """A message parameter as ``lang`` writes it: a card or a suit by name, a seat by its
    letter (N / «С»), a :class:`Number` with its decimal sign, a :class:`Count` with its noun,
    a :class:`Phrase` in that language; anything else as it is.

    >>> in_words(Seat.N, "ru"), in_words(Seat.N, "en"), in_words(Card.parse("7D"), "ru")
    ('С', 'N', 'семёрка бубен')
    """
    if isinstance(value, (Suit, Card)):
        return value.name_in(lang)
    if isinstance(value, Seat):
        return value.label(lang)
    if isinstance(value, (Number, Count, Phrase)):
        return value.in_lang(lang)
    return value


def check_lang(lang: object) -> str:
    """``lang`` when it is one of :data:`LANGUAGES`; anything else is a ``ValueError`` that
    says which languages there are (every public function taking a language checks it here).

    >>> check_lang("de")
    Traceback (most recent call last):
    ...
    ValueError: unknown language 'de' (use ru or en)
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (use ru or en)")
    return str(lang)


def translate(key: str, lang: str, **params: object) -> str:
    """Render message ``key`` in ``lang`` (``"ru"`` or ``"en"``)."""
    check_lang(lang)
    template = MESSAGES[key][lang]
    rendered: dict[str, str] = {}
    for name, value in params.items():
        rendered[name] = str(in_words(value, lang))
        if isinstance(value, Suit):
            rendered[name + "_gen"] = value.genitive_in(lang)
    text = template.format(**rendered)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Message:
    """A message key with its parameters; render it with :meth:`text`."""

    key: str
    params: dict[str, object] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.key not in MESSAGES:
            raise KeyError(f"unknown message key {self.key!r}")

    def text(self, lang: str = "en") -> str:
        return translate(self.key, lang, **self.params)

    def __str__(self) -> str:
        return self.text("en")
