"""Positions in the JSON notation of RULES.md §3: parse, validate, format, and turn into a deal.

A position is everything a double-dummy solve needs.  Parsing validates it completely and every
problem found is named in the :class:`PositionError` message, in English; ``err.text("ru")``
names them in Russian for the people using the app.  A card, suit or seat typed with Russian
letters (``ТС`` on a Russian keyboard: the Т and С look Latin) is named as such, with the Latin
letter meant; points short of 120 by no more than the tens in play suggest a T meant as an ace.

>>> pos = Position.from_json('''{"rules": "standard", "hands": {"N": "QC 9S", "E": "JD",
...   "S": "TC 7S", "W": "KH 6D"}, "leader": "E", "trick": ["AH"],
...   "taken": {"NS": [40, 4], "EW": [50, 3]}}''')
>>> pos.to_move
<Seat.S: 2>
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, CardError, CardSet, Rank, Suit, parse_card
from .i18n import CARDS, LANGUAGES, PLAIN_SUITS, POINTS, TRICKS, Count, plural_ru, word_list
from .json_input import JsonProblem, decode_json
from .rules import Rules, RulesError, find_rules, legal_mask, preset_names, preset_options
from .seats import Seat, SeatError, Team
from .state import DealState

__all__ = ["Position", "PositionError", "Problem"]

_KEYS = {"rules", "deck", "trump", "hands", "leader", "trick", "taken", "led"}

# Every problem a position can have, in English (the words of ``str(PositionError)``) and in
# Russian.  A parameter given as _Words is worded in each language; the others (values quoted
# from the position) read the same in both.  The Latin letters of ranks, suits and seats are
# listed by the parameters of _LETTERS, in every problem.
_MESSAGES: dict[str, dict[str, str]] = {
    "not_text": {
        "en": "not UTF-8 text",
        "ru": "текст не в кодировке UTF-8",
    },
    "not_json": {
        "en": "not valid JSON: {error} at line {line}",
        "ru": "это некорректный JSON: ошибка в строке {line}, символ {column}",
    },
    "empty": {
        "en": "the input is empty",
        "ru": "текст пустой: в нём нет позиции",
    },
    "ends_early": {
        "en": "not valid JSON: the text ends early, at line {line} (was the end cut off?)",
        "ru": "это некорректный JSON: текст обрывается раньше времени, в строке {line} "
              "(может быть, конец потерялся при копировании?)",
    },
    "duplicate_key": {
        "en": "the key {name} appears twice in one object",
        "ru": "поле {name} указано дважды в одном объекте",
    },
    "not_a_number": {
        "en": "not valid JSON: {value} at line {line} is not a number (JSON has no NaN or "
              "Infinity)",
        "ru": "это некорректный JSON: {value} в строке {line}, символ {column}, — не число "
              "(в JSON нет NaN и Infinity)",
    },
    "too_deep": {
        "en": "not valid JSON: nested too deeply",
        "ru": "это некорректный JSON: скобки вложены слишком глубоко",
    },
    "long_number": {
        "en": "not valid JSON: a number has too many digits",
        "ru": "это некорректный JSON: в числе слишком много цифр",
    },
    "not_object": {
        "en": "a position must be a JSON object",
        "ru": "позиция должна быть JSON-объектом в фигурных скобках {{…}}",
    },
    "no_trump_yet": {
        "en": "the trump suit has not been named yet",
        "ru": "козырная масть ещё не названа",
    },
    "unknown_keys": {
        "en": "unknown key(s) {keys}",
        "ru": "незнакомые поля: {keys}",
    },
    "rules_not_name": {
        "en": "'rules' must be a preset name",
        "ru": "правила указываются названием, например \"standard\"",
    },
    "unknown_rules": {
        "en": "{error}",
        "ru": "неизвестные правила «{name}» (есть такие: {known})",
    },
    "rules_deck": {
        "en": "{error}",
        "ru": "по правилам «{name}» не играют колодой из {deck} карт",
    },
    "deck_not_number": {
        "en": "'deck' must be a number of cards, not {deck}",
        "ru": "колода указывается числом карт (36, 32 или 24), а не {deck}",
    },
    "deck_fixed": {
        "en": "rules {name!r} are played with {fixed} cards, not {deck}",
        "ru": "по правилам «{name}» играют колодой из {fixed} карт, а не из {deck}",
    },
    "fixed_trump": {
        "en": "rules {name!r} always have {suit} as trumps",
        "ru": "по правилам «{name}» козыри всегда {suit}",
    },
    "trump_not_text": {
        "en": "'trump' must be a suit letter, not {token}",
        "ru": "козырь указывается буквой масти ({suit_letters}), а не {token}",
    },
    "bad_trump": {
        "en": "trump: {error}",
        "ru": "непонятная козырная масть «{token}» (пишите {suit_letters})",
    },
    "hands_not_object": {
        "en": "'hands' must be an object with the seats {seat_list}",
        "ru": "карты игроков указываются объектом с местами {seat_list} ({seat_list_ru})",
    },
    "hand_missing": {
        "en": "hand of {seat} is missing",
        "ru": "не указаны карты игрока {seat}",
    },
    "hand_not_text": {
        "en": "hand of {seat} must be a string of cards separated by spaces",
        "ru": "карты игрока {seat} записываются одной строкой через пробел, например \"QC 9S\"",
    },
    "unknown_seats": {
        "en": "unknown seat(s) in hands: {seats}",
        "ru": "незнакомые места среди игроков: {seats} (места — {seat_list})",
    },
    "card_short": {
        "en": "{place}: {error}",
        "ru": "{place} непонятная карта «{token}»: нужны достоинство и масть, например QC "
              "или 10H",
    },
    "card_rank": {
        "en": "{place}: {error}",
        "ru": "{place} непонятная карта «{token}»: нет достоинства «{rank}» "
              "(пишите {rank_letters})",
    },
    "card_suit": {
        "en": "{place}: {error}",
        "ru": "{place} непонятная карта «{token}»: нет масти «{suit}» (пишите {suit_letters})",
    },
    "card_cyrillic": {
        "en": "{place}: the card {token!r} has {letters} – type {fixes}",
        "ru": "{place} в карте «{token}» {letters} — пишите {fixes}",
    },
    "trump_cyrillic": {
        "en": "trump: {token!r} has {letters} – type {fixes}",
        "ru": "козырная масть «{token}» набрана по-русски — пишите {fixes}",
    },
    "led_cyrillic": {
        "en": "led: {token!r} is a Russian letter – type {fixes}",
        "ru": "среди мастей, с которых уже ходили, русская буква — пишите {fixes}",
    },
    "leader_cyrillic": {
        "en": "leader: {token!r} has {letters} – type {fixes}",
        "ru": "место игрока, начавшего взятку, «{token}» набрано по-русски — пишите {fixes}",
    },
    "seats_cyrillic": {
        "en": "hands: seats typed in Russian letters ({seats}) – type {fixes}",
        "ru": "места игроков записаны русскими буквами ({seats}) — пишите {fixes}",
    },
    "card_twice_in_hand": {
        "en": "{place}: card {card} appears twice",
        "ru": "{place} дважды указана карта {card}",
    },
    "leader_not_text": {
        "en": "'leader' must be one of {seat_list}",
        "ru": "игрок, начавший взятку, указывается одним из мест {seat_list}",
    },
    "bad_leader": {
        "en": "leader: {error}",
        "ru": "непонятное место игрока, начавшего взятку: «{token}» (пишите {seat_letters})",
    },
    "trick_not_list": {
        "en": "'trick' must be a list of card tokens",
        "ru": "карты текущей взятки записываются списком, например [\"AH\", \"7S\"]",
    },
    "taken_not_object": {
        "en": "'taken' must be an object {{\"NS\": [points, tricks], \"EW\": [...]}}",
        "ru": "взятые очки и взятки записываются объектом "
              "{{\"NS\": [очки, взятки], \"EW\": [очки, взятки]}}",
    },
    "unknown_side": {
        "en": "unknown side {side} in 'taken' (use NS and EW)",
        "ru": "среди взятых очков и взяток незнакомая сторона {side} (пишите NS и EW)",
    },
    "bad_taken": {
        "en": "taken {team} must be [points, tricks], not {value}",
        "ru": "очки и взятки стороны {team} записываются как [очки, взятки], а не {value}",
    },
    "led_not_text": {
        "en": "'led' must be a string of suit letters, e.g. \"SH\"",
        "ru": "масти, с которых уже ходили, записываются строкой букв, например \"SH\"",
    },
    "bad_led": {
        "en": "led: {error}",
        "ru": "среди мастей, с которых уже ходили, непонятная масть «{token}» "
              "(пишите {suit_letters})",
    },
    "led_twice": {
        "en": "led names {repeats}: name each suit once",
        "ru": "среди мастей, с которых уже ходили, повторяются {repeats} — каждую масть "
              "пишут один раз",
    },
    "card_twice": {
        "en": "{card} is both in the {first} and the {second}",
        "ru": "карта {card} указана дважды: {first} и {second}",
    },
    "not_in_deck": {
        "en": "card(s) {cards} are not in the {deck}-card deck",
        "ru": "в колоде из {deck} карт нет таких карт: {cards}",
    },
    "trick_too_long": {
        "en": "the trick has {size} cards; a trick in progress holds 0 to 3",
        "ru": "карт во взятке: {size}, а в неоконченной взятке их от 0 до 3",
    },
    "hand_sizes": {
        "en": "hand sizes ({sizes}) do not fit a trick of {cards} led by {leader}: the "
              "players who have played to it hold one card fewer",
        "ru": "число карт на руках не сходится с текущей взяткой: на руках {sizes}; взятку "
              "начинает игрок {leader}, карт в ней: {size}; у тех, кто уже сыграл в эту взятку, "
              "должно быть на одну карту меньше",
    },
    "deal_over": {
        "en": "every hand is empty: the deal is over",
        "ru": "у всех игроков кончились карты: раздача окончена",
    },
    "deck_missing": {
        "en": "\"deck\" is missing: the position fits the {deck}-card deck, but rules {name!r} "
              "without \"deck\" are played with {default} cards (add \"deck\": {deck})",
        "ru": "не указана колода (\"deck\"): позиция сходится с колодой из {deck} карт, а по "
              "правилам «{name}» без поля \"deck\" играют колодой из {default} карт (добавьте "
              "\"deck\": {deck})",
    },
    "hand_too_big": {
        "en": "a hand cannot hold {size} cards with the {deck}-card deck",
        "ru": "при колоде из {deck} карт у игрока не может быть столько карт: {size}",
    },
    "taken_missing": {
        "en": "\"taken\" is missing: {cards} were played in finished tricks, so each side's "
              "points and tricks are needed ({{\"NS\": [points, tricks], \"EW\": [points, "
              "tricks]}})",
        "ru": "не указаны взятые очки и взятки (\"taken\"): в законченных взятках уже сыграно "
              "{cards}, поэтому нужны очки и взятки каждой стороны ({{\"NS\": [очки, взятки], "
              "\"EW\": [очки, взятки]}})",
    },
    "tricks_count": {
        "en": "the tricks taken add up to {taken}, but the cards played make {played}",
        "ru": "всего взято взяток: {taken}, а сыграно: {played_n}",
    },
    "illegal_card": {
        "en": "{seat} could not have played {card} to the trick: holding {hand}, only "
              "{allowed} may be played",
        "ru": "игрок {seat} не мог положить во взятку {card}: с картами {hand} можно сыграть "
              "только {allowed}",
    },
    "points_sum": {
        "en": "points do not add up: taken {taken} + still in play {left} = {total}, not 120",
        "ru": "очки не сходятся: взято {taken} + ещё в игре {left} = {total}, а должно быть 120",
    },
    "points_sum_tens": {
        "en": "points do not add up: taken {taken} + still in play {left} = {total}, not 120 "
              "(T is the ten, worth 10; the ace, worth 11, is A)",
        "ru": "очки не сходятся: взято {taken} + ещё в игре {left} = {total}, а должно быть 120 "
              "(T — это десятка, 10 очков; туз, 11 очков, пишется A)",
    },
    "negative": {
        "en": "taken {team} cannot be negative",
        "ru": "очки и взятки стороны {team} не могут быть отрицательными",
    },
    "points_no_trick": {
        "en": "{team} took {points} points without taking a trick",
        "ru": "у стороны {team} нет ни одной взятки, но есть очки: {points}",
    },
    "points_not_makeable": {
        "en": "{team} cannot have taken {points} in {tricks}: no {cards} of those played in "
              "finished tricks add up to {total}",
        "ru": "очки стороны {team} не складываются из сыгранных карт: взяток — {tricks_n}, "
              "очков — {total}, но никакие {cards} из сыгранных в законченных взятках не дают "
              "в сумме {total}",
    },
    "led_trump": {
        "en": "led: {suit} are trumps, and a trump lead leads no plain suit",
        "ru": "среди мастей, с которых уже ходили, указаны {suit}, но это козыри, а ход "
              "с козыря не считается ходом с простой масти",
    },
    "led_too_many": {
        "en": "led: {count} named, more than the {tricks} finished",
        "ru": "мастей, с которых уже ходили, указано больше ({count_n}), чем сыграно взяток "
              "({tricks_n})",
    },
    "led_not_played": {
        "en": "led: {suit} cannot have been led: no card of that suit but its queen and jack "
              "(trumps) has been played in a finished trick",
        "ru": "с {suit} не могли ходить: в законченных взятках не сыграно ни одной карты этой "
              "масти, кроме дамы и валета (они козыри)",
    },
}

@dataclass(frozen=True)
class _Words:
    """A parameter of a problem worded in each language (other parameters read the same)."""

    en: str
    ru: str

    def in_lang(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


def _seat(seat: Seat) -> _Words:
    """A seat as the teacher wrote it (``N``), in Russian also by its letter there: «С (N)»."""
    return _Words(seat.label("en"), f"{seat.label('ru')} ({seat.name})")


def _team(team: Team) -> _Words:
    """A side as the teacher wrote it under ``taken`` (``EW``), in Russian «В–З (EW)»."""
    return _Words(team.label("en"), f"{team.label('ru')} ({team.name})")


def _cards(cards: Iterable[Card]) -> _Words:
    """Cards as written in the notation (``QC TH``) and as a Russian player reads them."""
    shown = list(cards)
    return _Words(" ".join(c.token for c in shown), " ".join(c.label("ru") for c in shown))


def _as_json(value: object) -> str:
    """A value quoted from a position as JSON writes it (``true``, ``null``, ``[40, 4]``,
    ``"36"``), cut short when long; a value JSON cannot hold (from a Python mapping) by its
    ``repr``."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= _QUOTED_MAX else text[:_QUOTED_MAX - 1] + "…"


_QUOTED_MAX = 60
"""The longest value quoted in a problem: the first characters say what it is."""


def _hand_place(seat: Seat) -> _Words:
    return _Words(f"hand of {seat.label('en')}", f"в руке {_seat(seat).ru}")


_TRICK_PLACE = _Words("trick", "во взятке")

_CYRILLIC = re.compile("[\u0400-\u04ff]")


def _russian(token: str) -> bool:
    """Whether ``token`` has Russian (Cyrillic) letters."""
    return bool(_CYRILLIC.search(token))


def _letter_lists(lang: str) -> dict[str, str]:
    """The Latin letters a position is written with, listed as its problems name them: the
    ranks «6 7 8 9 T J Q K A», the suits «C, S, H или D», the seats «N, E, S или W» and
    «N, E, S, W» (the Russian seat letters «С, В, Ю, З» beside them)."""
    return {"rank_letters": " ".join(rank.letter for rank in Rank),
            "suit_letters": word_list([suit.letter for suit in Suit], lang, either=True),
            "seat_letters": word_list([seat.name for seat in Seat], lang, either=True),
            "seat_list": ", ".join(seat.name for seat in Seat),
            "seat_list_ru": ", ".join(seat.label("ru") for seat in Seat)}


_LETTERS = {lang: _letter_lists(lang) for lang in LANGUAGES}
"""Parameters of every problem's words, in each language (:meth:`Problem.text`)."""


def _in_letters(en: str, ru: str) -> _Words:
    """Words naming the Latin letters (:data:`_LETTERS`), in each language."""
    return _Words(en.format_map(_LETTERS["en"]), ru.format_map(_LETTERS["ru"]))


_RANK_ANY = _in_letters("a Latin rank ({rank_letters})", "достоинство латиницей ({rank_letters})")
_SUIT_ANY = _in_letters("a Latin suit ({suit_letters})", "масть латиницей ({suit_letters})")
_SEAT_ANY = _in_letters("a Latin seat ({seat_letters})", "место латиницей ({seat_letters})")

_LOOK_ALIKE = dict(zip("АВЕКМНОРСТХ", "ABEKMHOPCTX", strict=True))
"""The Russian capitals that look like a Latin one, by the Latin one they look like."""

_Meant = tuple[tuple[str, str, str], ...]   # (Latin letter, English name, Russian name)


def _meant(named: Sequence[tuple[str, str, str, str]]) -> dict[str, _Meant]:
    """The Latin letters a Russian letter typed for a rank, suit or seat most likely means,
    given each one's Latin letter, Russian letter, English and Russian name: the one it looks
    like (С for C, Т for T), then the one it stands for in Russian (Т for the ace, туз;
    П for spades, пики)."""
    looks = [(russian, (latin, en, ru)) for russian, similar in _LOOK_ALIKE.items()
             for latin, _, en, ru in named if latin == similar]
    says = [(russian, (latin, en, ru)) for latin, russian, en, ru in named if _russian(russian)]
    meant: dict[str, _Meant] = {}
    for russian, option in dict.fromkeys(looks + says):
        meant[russian] = (*meant.get(russian, ()), option)
    return meant


_RANK_MEANT = _meant([(rank.letter, rank.letter_in("ru"), rank.name_in("en"), rank.name_in("ru"))
                      for rank in Rank])
_SUIT_MEANT = _meant([(suit.letter, suit.name_in("ru")[0].upper(), suit.name_in("en"),
                       suit.name_in("ru")) for suit in Suit])
_SEAT_MEANT = _meant([(seat.name, seat.label("ru"), seat.name_in("en"), seat.name_in("ru"))
                      for seat in Seat])


def _latin_for(letter: str, meant: Mapping[str, _Meant], other: _Words) -> _Words:
    """What to type for the Russian ``letter``: «вместо «Т» латинскую T (десятка) или A (туз)»,
    or ``other`` when no Latin letter is likely meant."""
    options = meant.get(letter.upper())
    if options is None:
        return _Words(f"{other.en} for {letter!r}", f"вместо «{letter}» {other.ru}")
    return _Words(f"the Latin {' or '.join(f'{x} ({en})' for x, en, _ in options)} "
                  f"for {letter!r}",
                  f"вместо «{letter}» латинскую "
                  f"{' или '.join(f'{x} ({ru})' for x, _, ru in options)}")


def _fixes(parts: Iterable[tuple[str, Mapping[str, _Meant], _Words]]) -> dict[str, _Words]:
    """The ``letters`` (one Russian letter or several) and their ``fixes``, for each part of
    a token (its text, what its Russian letters may mean, what else to type), each letter
    once."""
    said: dict[str, _Words] = {}
    for text, meant, other in parts:
        for letter in text:
            if _russian(letter) and letter not in said:
                said[letter] = _latin_for(letter, meant, other)
    letters = (_Words("a Russian letter", "русская буква") if len(said) == 1
               else _Words("Russian letters", "русские буквы"))
    return {"letters": letters,
            "fixes": _Words(", ".join(w.en for w in said.values()),
                            ", ".join(w.ru for w in said.values()))}


class Problem:
    """One thing wrong with a position; :meth:`text` words it in ``"en"`` or ``"ru"``."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: object) -> None:
        if key not in _MESSAGES:
            raise KeyError(f"no words for the position problem {key!r}")
        self.key = key
        self.params = params

    def text(self, lang: str) -> str:
        lang = lang if lang in LANGUAGES else "en"
        params = {name: (value.in_lang(lang) if isinstance(value, (_Words, Count)) else value)
                  for name, value in self.params.items()}
        return _MESSAGES[self.key][lang].format(**_LETTERS[lang], **params)

    def __repr__(self) -> str:
        return f"Problem({self.key!r}: {self.text('en')!r})"


class PositionError(ValueError):
    """A position that cannot exist; the message lists every problem found, in English.

    :attr:`problems` holds those English lines; :meth:`text` gives them in ``"ru"`` or ``"en"``
    for people reading the app.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.details = tuple(problems)
        self.problems = [problem.text("en") for problem in self.details]
        super().__init__("; ".join(self.problems))

    def text(self, lang: str) -> str:
        return "; ".join(problem.text(lang) for problem in self.details)


@dataclass(frozen=True)
class Position:
    """A validated double-dummy position (see RULES.md §3)."""

    rules: Rules
    trump: Suit
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    leader: Seat
    trick: tuple[Card, ...] = ()
    taken_points: tuple[int, int] = (0, 0)
    taken_tricks: tuple[int, int] = (0, 0)
    led: frozenset[Suit] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        problems = _check(self)
        if problems:
            raise PositionError(problems)

    @property
    def to_move(self) -> Seat:
        return self.leader.offset(len(self.trick))

    @property
    def led_mask(self) -> int:
        return sum(1 << suit for suit in self.led)

    @property
    def cards_per_hand(self) -> int:
        """Cards in the hand of the player to move."""
        return len(self.hands[self.to_move])

    # -- JSON -------------------------------------------------------------------------------

    @classmethod
    def from_json(cls, data: str | bytes | Mapping[str, Any]) -> Position:
        """Read a position from JSON text (``str``, or UTF-8 ``bytes``; a byte-order mark is
        skipped in either) or an already-decoded mapping such as :meth:`to_dict` returns.

        Text is read strictly: a key given twice, ``NaN`` and ``Infinity`` are refused.  Every
        problem found is named in the :class:`PositionError`.
        """
        decoded = _decode(data) if isinstance(data, (str, bytes)) else data
        if not isinstance(decoded, Mapping):
            raise PositionError([Problem("not_object")])
        return _parse(decoded)

    def to_dict(self) -> dict[str, Any]:
        """The canonical JSON object as a ``dict``: canonical card tokens, hands sorted, every
        key present (``led`` only when a suit was led).  :meth:`from_json` reads it back."""
        out: dict[str, Any] = {"rules": self.rules.name, "deck": self.rules.deck,
                               "trump": self.trump.letter}
        out["hands"] = {seat.name: str(self.hands[seat]) for seat in Seat}
        out["leader"] = self.leader.name
        out["trick"] = [card.token for card in self.trick]
        out["taken"] = {team.name: [self.taken_points[team], self.taken_tricks[team]]
                        for team in Team}
        if self.led:
            out["led"] = "".join(s.letter for s in sorted(self.led))
        return out

    def to_json(self, indent: int | None = None) -> str:
        """The position as JSON **text** (a ``str``), :meth:`to_dict` dumped with ``indent``.

        Note: :meth:`kozel_tutor.solver.Analysis.to_json` returns a ``dict`` instead (the
        ``kozel solve`` output, to be dumped by the caller); use :meth:`to_dict` here for the
        ``dict``.
        """
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    # -- conversion -------------------------------------------------------------------------

    def to_state(self) -> DealState:
        """A :class:`DealState` at this position (play continues from here)."""
        return DealState(
            self.rules,
            list(self.hands),
            dealer=self.leader.previous,
            leader=self.leader,
            trump=self.trump,
            trick=self.trick,
            taken_points=self.taken_points,
            taken_tricks=self.taken_tricks,
            led=self.led_mask,
        )

    @classmethod
    def from_state(cls, state: DealState) -> Position:
        """The position a deal in progress has reached (it must be in the play phase)."""
        if state.trump is None:
            raise PositionError([Problem("no_trump_yet")])
        return cls(
            rules=state.rules,
            trump=state.trump,
            hands=(state.hand(Seat.N), state.hand(Seat.E), state.hand(Seat.S), state.hand(Seat.W)),
            leader=state.leader,
            trick=state.current_trick,
            taken_points=(state.points[0], state.points[1]),
            taken_tricks=(state.tricks_taken[0], state.tricks_taken[1]),
            led=frozenset(Suit(s) for s in range(4) if state.led >> s & 1),
        )


def _decode(text: str | bytes) -> object:
    try:
        return decode_json(text, strict=True)
    except JsonProblem as problem:
        raise PositionError([_json_problem(problem)]) from None


def _json_problem(problem: JsonProblem) -> Problem:
    """A text that is not the JSON of a position, worded for the person who wrote it."""
    where = {"line": problem.line, "column": problem.column}
    if problem.reason == "not_json":
        if problem.empty:
            return Problem("empty")
        if problem.ends_early:
            return Problem("ends_early", **where)
        return Problem("not_json", error=problem.message, **where)
    if problem.reason == "duplicate_key":
        return Problem("duplicate_key", name=_as_json(problem.message))
    if problem.reason == "not_a_number":
        return Problem("not_a_number", value=problem.message, **where)
    return Problem(problem.reason)


def _parse(data: Mapping[str, Any]) -> Position:
    problems: list[Problem] = []
    unknown = sorted(_as_json(key) for key in data if key not in _KEYS)
    if unknown:
        problems.append(Problem("unknown_keys", keys=", ".join(unknown)))

    trump = _parse_trump(data, problems)
    rules = _parse_rules(data, trump, problems)
    if rules is not None and trump is None and "trump" not in data:
        trump = rules.trump
    hands = _parse_hands(data.get("hands"), problems)
    leader = _parse_leader(data.get("leader"), problems)
    trick = _parse_trick(data.get("trick", []), problems)
    taken = _parse_taken(data.get("taken"), problems)
    led = _parse_led(data.get("led", ""), problems)

    if problems:
        raise PositionError(problems)
    # Each part that could not be read has named its problem above.
    assert rules is not None and trump is not None and hands is not None and leader is not None
    parts = _Parts(trump, hands, leader, trick, taken, led, "taken" in data)
    try:
        return _position(rules, parts)
    except PositionError as exc:
        if "deck" in data or not _COUNTS & {problem.key for problem in exc.details}:
            raise
        smaller = _deck_left_out(rules, parts)
        if smaller is None:
            raise
        raise smaller from None


@dataclass(frozen=True)
class _Parts:
    """What a position gives besides its rules, read."""

    trump: Suit
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    leader: Seat
    trick: tuple[Card, ...]
    taken: tuple[tuple[int, int], tuple[int, int]]
    led: frozenset[Suit]
    taken_given: bool


def _position(rules: Rules, parts: _Parts) -> Position:
    """The position of ``parts`` under ``rules``; one that leaves out ``taken`` where it is
    needed is told so."""
    try:
        return Position(rules, parts.trump, parts.hands, parts.leader, parts.trick,
                        parts.taken[0], parts.taken[1], parts.led)
    except PositionError as exc:
        if parts.taken_given or not _TAKEN_MISSED & {problem.key for problem in exc.details}:
            raise
        # the deal's start may leave out what was taken; a later position may not, and its
        # sums are then wrong only for want of it
        held = sum(len(hand) for hand in parts.hands) + len(parts.trick)
        rest = [problem for problem in exc.details if problem.key not in _TAKEN_MISSED]
        raise PositionError([Problem("taken_missing", cards=CARDS(rules.deck - held)),
                             *rest]) from None


_TAKEN_MISSED = frozenset({"tricks_count", "points_sum", "points_sum_tens",
                           "points_not_makeable"})
"""The problems of a later position that leaves out ``taken`` (each side taken to have none)."""

_COUNTS = _TAKEN_MISSED | {"taken_missing", "hand_too_big"}
"""The problems of cards that do not fit the deck in number: its size, or its points."""

_DECK_SIZES = (36, 32, 24)
"""Every deck a preset may be played with (:class:`~kozel_tutor.rules.Rules`), largest first."""


def _smaller_decks(rules: Rules) -> list[Rules]:
    """``rules`` with each deck of the preset smaller than theirs, largest first: the other
    decks a position of the preset may mean when it leaves out ``deck``."""
    if "deck" not in preset_options(rules.name):
        return []
    options = dict(rules.options)
    found: list[Rules] = []
    for deck in _DECK_SIZES:
        if deck < rules.deck:
            with contextlib.suppress(RulesError):   # a deck the preset is not played with
                found.append(find_rules(rules.name, **{**options, "deck": deck}))
    return found


def _deck_left_out(rules: Rules, parts: _Parts) -> PositionError | None:
    """Why a position that leaves out ``deck`` and does not fit the preset's first deck
    (``rules``) is refused, when its cards make a smaller deck of the preset instead: none is
    outside that deck, and their number and points fit it (with what was taken).  The deck is
    not guessed: the problem names it, with whatever else is wrong under it.  ``None`` when
    no smaller deck fits."""
    given = {card for hand in parts.hands for card in hand} | set(parts.trick)
    for smaller in _smaller_decks(rules):
        if not all(card in smaller.deck_cards for card in given):
            continue
        try:
            _position(smaller, parts)
        except PositionError as exc:
            rest = list(exc.details)
        else:
            rest = []
        if not _COUNTS & {problem.key for problem in rest}:
            return PositionError([Problem("deck_missing", deck=smaller.deck, name=rules.name,
                                          default=rules.deck), *rest])
    return None


def _parse_rules(data: Mapping[str, Any], trump: Suit | None,
                 problems: list[Problem]) -> Rules | None:
    """The preset with the position's deck; a trump suit other than the preset's fixed one
    selects the preset's ``called`` option (standard rules allow any trump suit)."""
    name = data.get("rules", "standard")
    if not isinstance(name, str):
        problems.append(Problem("rules_not_name"))
        return None
    options: dict[str, object] = {}
    if "deck" in data:
        deck = data["deck"]
        if not isinstance(deck, int) or isinstance(deck, bool):
            problems.append(Problem("deck_not_number", deck=_as_json(deck)))
            return None
        options["deck"] = deck
    try:
        takes = preset_options(name)
        # A preset that fixes its deck takes no 'deck' option; accept one that agrees.
        options = {key: value for key, value in options.items() if key in takes}
        rules = find_rules(name, **options)
    except RulesError as exc:
        problems.append(_rules_problem(name, data.get("deck"), exc))
        return None
    if rules.deck != data.get("deck", rules.deck):
        problems.append(Problem("deck_fixed", name=name, fixed=rules.deck, deck=data["deck"]))
        return None
    if trump is None or trump == rules.trump:
        return rules
    try:
        if "trump" in takes:
            return find_rules(name, **options, trump="called")
    except RulesError:
        pass
    problems.append(_fixed_trump(rules))
    return None


def _rules_problem(name: str, deck: object, exc: RulesError) -> Problem:
    """An unknown preset, or a known one refusing the only option a position gives: the deck."""
    if name not in preset_names():
        return Problem("unknown_rules", error=str(exc), name=name,
                       known=", ".join(preset_names()))
    return Problem("rules_deck", error=str(exc), name=name, deck=deck)


def _fixed_trump(rules: Rules) -> Problem:
    return Problem("fixed_trump", name=rules.name,
                   suit=_Words(rules.trump.name_in("en"), rules.trump.name_in("ru")))


def _parse_trump(data: Mapping[str, Any], problems: list[Problem]) -> Suit | None:
    if "trump" not in data:
        return None
    token = data["trump"]
    if not isinstance(token, str):
        problems.append(Problem("trump_not_text", token=_as_json(token)))
        return None
    try:
        return Suit.parse(token)
    except CardError as exc:
        problems.append(Problem("trump_cyrillic", token=token,
                                **_fixes([(token, _SUIT_MEANT, _SUIT_ANY)]))
                        if _russian(token) else Problem("bad_trump", error=str(exc), token=token))
        return None


def _parse_hands(
    raw: object, problems: list[Problem]
) -> tuple[CardSet, CardSet, CardSet, CardSet] | None:
    if not isinstance(raw, Mapping):
        problems.append(Problem("hands_not_object"))
        return None
    hands: list[CardSet] = []
    for seat in Seat:
        if seat.name not in raw:
            problems.append(Problem("hand_missing", seat=_seat(seat)))
            hands.append(CardSet())
        else:
            hands.append(_parse_hand(seat, raw[seat.name], problems))
    extra = sorted((key for key in raw if key not in Seat.__members__), key=str)
    russian = [key for key in extra if isinstance(key, str) and _russian(key)]
    if russian:
        problems.append(Problem("seats_cyrillic", seats=", ".join(russian),
                                **_fixes((key, _SEAT_MEANT, _SEAT_ANY) for key in russian)))
    extra = [key for key in extra if key not in russian]
    if extra:
        problems.append(Problem("unknown_seats", seats=", ".join(map(str, extra))))
    return (hands[0], hands[1], hands[2], hands[3])


def _parse_hand(seat: Seat, raw: object, problems: list[Problem]) -> CardSet:
    """A hand is one string of cards separated by spaces (RULES.md §3); commas are tolerated,
    as :func:`~kozel_tutor.cards.parse_cards` reads them."""
    if not isinstance(raw, str):
        problems.append(Problem("hand_not_text", seat=_seat(seat)))
        return CardSet()
    place = _hand_place(seat)
    cards = _parse_cards(raw.replace(",", " ").split(), place, problems)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            problems.append(Problem("card_twice_in_hand", place=place, card=_cards([card])))
            return CardSet()
        seen.add(card)
    return CardSet(cards)


def _parse_cards(tokens: list[str], place: _Words, problems: list[Problem]) -> list[Card]:
    """The cards of ``tokens``, or none after naming the first token that is not a card."""
    try:
        return [parse_card(token) for token in tokens]
    except CardError as exc:
        token = next(t for t in tokens if not _reads(parse_card, t))
        problems.append(_bad_card(token, place, exc))
        return []


def _reads(parse: Callable[[str], object], token: str) -> bool:
    """Whether ``parse`` (a card or rank reader of :mod:`~kozel_tutor.cards`) takes ``token``."""
    try:
        parse(token)
    except CardError:
        return False
    return True


def _bad_card(token: str, place: _Words, exc: CardError) -> Problem:
    """What is wrong with ``token``, told apart as :func:`~kozel_tutor.cards.parse_card` does."""
    text = token.strip()
    rank, suit = text[:-1], text[-1:]
    if _russian(text):
        if len(text) < 2:
            rank, suit = text, ""
        return Problem("card_cyrillic", place=place, token=token,
                       **_fixes([(rank, _RANK_MEANT, _RANK_ANY), (suit, _SUIT_MEANT, _SUIT_ANY)]))
    key = "card_suit"
    if len(text) < 2:
        key = "card_short"
    elif not _reads(Rank.parse, rank):
        key = "card_rank"
    return Problem(key, place=place, error=str(exc), token=token, rank=rank, suit=suit)


def _parse_leader(raw: object, problems: list[Problem]) -> Seat | None:
    if not isinstance(raw, str):
        problems.append(Problem("leader_not_text"))
        return None
    try:
        return Seat.parse(raw)
    except SeatError as exc:
        problems.append(Problem("leader_cyrillic", token=raw,
                                **_fixes([(raw, _SEAT_MEANT, _SEAT_ANY)]))
                        if _russian(raw) else Problem("bad_leader", error=str(exc), token=raw))
        return None


def _parse_trick(raw: object, problems: list[Problem]) -> tuple[Card, ...]:
    """The trick is a list of card tokens (RULES.md §3), not a string (a tuple is taken for
    a list, as a Python caller writes one)."""
    if not isinstance(raw, (list, tuple)) or not all(isinstance(t, str) for t in raw):
        problems.append(Problem("trick_not_list"))
        return ()
    return tuple(_parse_cards(list(raw), _TRICK_PLACE, problems))


def _parse_taken(raw: object,
                 problems: list[Problem]) -> tuple[tuple[int, int], tuple[int, int]]:
    if raw is None:
        return (0, 0), (0, 0)
    if not isinstance(raw, Mapping):
        problems.append(Problem("taken_not_object"))
        return (0, 0), (0, 0)
    points, tricks = [0, 0], [0, 0]
    for key in raw:
        if key not in ("NS", "EW"):
            problems.append(Problem("unknown_side", side=_as_json(key)))
    for team in Team:
        value = raw.get(team.name, [0, 0])
        if (not isinstance(value, (list, tuple)) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            problems.append(Problem("bad_taken", team=_team(team), value=_as_json(value)))
            continue
        points[team], tricks[team] = value
    return (points[0], points[1]), (tricks[0], tricks[1])


def _parse_led(raw: object, problems: list[Problem]) -> frozenset[Suit]:
    """The suits ``led`` names, each letter a suit; a suit named more than once is a problem
    (it lists the suits led, not the tricks: a suit is led or not)."""
    if not isinstance(raw, str):
        problems.append(Problem("led_not_text"))
        return frozenset()
    named: dict[Suit, int] = {}
    for letter in raw.replace(" ", ""):
        try:
            suit = Suit.parse(letter)
        except CardError as exc:
            problems.append(Problem("led_cyrillic", token=letter,
                                    **_fixes([(letter, _SUIT_MEANT, _SUIT_ANY)]))
                            if _russian(letter)
                            else Problem("bad_led", error=str(exc), token=letter))
            continue
        named[suit] = named.get(suit, 0) + 1
    repeated = [(suit, count) for suit, count in named.items() if count > 1]
    if repeated:
        problems.append(Problem("led_twice", repeats=_Words(
            word_list([f"{suit.name_in('en')} {_times(n, 'en')}" for suit, n in repeated], "en"),
            word_list([f"{suit.name_in('ru')} ({_times(n, 'ru')})" for suit, n in repeated],
                      "ru"))))
    return frozenset(named)


def _times(n: int, lang: str) -> str:
    """How often: "twice", "3 times"; «дважды», «3 раза», «5 раз»."""
    if lang == "ru":
        return "дважды" if n == 2 else f"{n} {plural_ru(n, 'раз', 'раза', 'раз')}"
    return "twice" if n == 2 else f"{n} times"


# -- consistency --------------------------------------------------------------------------------


def _check(pos: Position) -> list[Problem]:
    """Every way the position contradicts the rules of a real deal."""
    problems = _check_cards(pos)
    if len(pos.trick) > 3:
        problems.append(Problem("trick_too_long", size=len(pos.trick)))
        return problems
    if pos.rules.trump_rule == "fixed" and pos.trump != pos.rules.trump:
        problems.append(_fixed_trump(pos.rules))
    problems += _check_hand_sizes(pos)
    problems += _check_tricks_played(pos)
    problems += _check_trick_plays(pos)
    problems += _check_taken(pos)
    problems += _check_led(pos)
    return problems


def _places(pos: Position) -> list[tuple[Card, _Words]]:
    """Every card still in play with where it is: in a hand or in the trick."""
    held = [(card, _hand_place(seat)) for seat in Seat for card in pos.hands[seat]]
    return held + [(card, _TRICK_PLACE) for card in pos.trick]


def _check_cards(pos: Position) -> list[Problem]:
    """No card in two places, and none outside the deck."""
    problems: list[Problem] = []
    seen: dict[Card, _Words] = {}
    for card, place in _places(pos):
        if card in seen and seen[card] == place:   # only the trick can hold a card twice
            problems.append(Problem("card_twice_in_hand", place=place, card=_cards([card])))
        elif card in seen:
            problems.append(Problem("card_twice", card=_cards([card]), first=seen[card],
                                    second=place))
        seen[card] = place
    outside = sorted((c for c in seen if c not in pos.rules.deck_cards), key=lambda c: c.token)
    if outside:
        problems.append(Problem("not_in_deck", cards=_cards(outside), deck=pos.rules.deck))
    return problems


def _check_hand_sizes(pos: Position) -> list[Problem]:
    """The players who have played to the trick hold one card fewer than the others."""
    problems: list[Problem] = []
    sizes = [len(h) for h in pos.hands]
    played = {pos.leader.offset(i) for i in range(len(pos.trick))}
    after = max((sizes[s] for s in Seat if s not in played), default=0)
    expected = [after - 1 if s in played else after for s in Seat]
    if sizes != expected:
        shown = _Words(", ".join(f"{s.label('en')} {sizes[s]}" for s in Seat),
                       ", ".join(f"{_seat(s).ru} — {sizes[s]}" for s in Seat))
        problems.append(Problem("hand_sizes", sizes=shown, size=len(pos.trick),
                                cards=CARDS(len(pos.trick)), leader=_seat(pos.leader)))
    if after == 0 and not pos.trick and sum(sizes) == 0:
        problems.append(Problem("deal_over"))
    if after > pos.rules.hand_size or (pos.trick and after < 1):
        problems.append(Problem("hand_too_big", size=after, deck=pos.rules.deck))
    return problems


def _check_tricks_played(pos: Position) -> list[Problem]:
    """The tricks taken are the tricks played, when the cards in play tell how many."""
    done = pos.rules.deck - sum(len(h) for h in pos.hands) - len(pos.trick)
    if done % 4 or done < 0 or sum(pos.taken_tricks) == done // 4:
        return []
    return [Problem("tricks_count", taken=sum(pos.taken_tricks), played=TRICKS(done // 4),
                    played_n=done // 4)]


def _check_trick_plays(pos: Position) -> list[Problem]:
    """Every card in the trick was a legal play from its player's hand."""
    problems: list[Problem] = []
    order = pos.rules.card_order(pos.trump)
    for i, card in enumerate(pos.trick):
        seat = pos.leader.offset(i)
        hand = pos.hands[seat].mask | card.bit
        allowed = legal_mask(order, hand, [c.index for c in pos.trick[:i]], pos.led_mask)
        if not allowed >> card.index & 1:
            problems.append(Problem("illegal_card", seat=_seat(seat), card=_cards([card]),
                                    hand=_cards(CardSet(hand).sorted()),
                                    allowed=_cards(CardSet(allowed).sorted())))
    return problems


def _played(pos: Position) -> CardSet:
    """The cards played in finished tricks: those of the deck in no hand and not in the trick."""
    mask = pos.rules.card_order(pos.trump).deck_mask
    for hand in pos.hands:
        mask &= ~hand.mask
    for card in pos.trick:
        mask &= ~card.bit
    return CardSet(mask)


def _check_taken(pos: Position) -> list[Problem]:
    """The points taken and still in play make 120; no side took points without a trick; and
    each side's points can be made of as many of the cards played as its tricks hold."""
    problems: list[Problem] = []
    points = pos.rules.card_order(pos.trump).points
    left = sum(points[card.index] for card in {card for card, _ in _places(pos)})
    taken = sum(pos.taken_points)
    if taken + left != 120:
        # each ace written T (the Russian Т is the ace) counts a point short
        tens = sum(card.rank == Rank.TEN for card, _ in _places(pos))
        key = "points_sum_tens" if 0 < 120 - taken - left <= tens else "points_sum"
        problems.append(Problem(key, taken=taken, left=left, total=taken + left))
    unmakeable: list[Problem] = []
    played = [points[card.index] for card in _played(pos)]
    makeable = _makeable(played)
    for team in Team:
        pts, tricks = pos.taken_points[team], pos.taken_tricks[team]
        if pts < 0 or tricks < 0:
            problems.append(Problem("negative", team=_team(team)))
        elif tricks == 0 and pts > 0:
            problems.append(Problem("points_no_trick", team=_team(team), points=pts))
        elif not makeable(4 * tricks, pts):
            unmakeable.append(Problem("points_not_makeable", team=_team(team),
                                      points=POINTS(pts), total=pts, tricks=TRICKS(tricks),
                                      tricks_n=tricks, cards=CARDS(4 * tricks)))
    # Which cards each side holds in its tricks is only known when the tricks taken are the
    # tricks played (else that problem is named, and the sides cannot be told apart).
    if min(pos.taken_tricks) >= 0 and 4 * sum(pos.taken_tricks) == len(played):
        problems += unmakeable
    return problems


def _makeable(values: Sequence[int]) -> Callable[[int, int], bool]:
    """Whether exactly ``count`` of ``values`` (card points) add up to ``total``, asked as
    ``makeable(count, total)``.

    >>> makeable = _makeable([11, 10, 4, 0, 0, 3, 2, 0])
    >>> makeable(4, 28), makeable(4, 29), makeable(1, 1), makeable(2, 0), makeable(9, 30)
    (True, False, False, True, False)
    """
    nonzero = [value for value in values if value]
    zeros = len(values) - len(nonzero)
    # bit p of exact[j] is set when exactly j of the non-zero values add up to p
    exact = [1] + [0] * len(nonzero)
    for seen, value in enumerate(nonzero, 1):
        for j in range(seen, 0, -1):
            exact[j] |= exact[j - 1] << value

    def makeable(count: int, total: int) -> bool:
        # j non-zero cards and count - j of the zeros
        return total >= 0 and any(exact[j] >> total & 1 for j in range(
            max(0, count - zeros), min(count, len(nonzero)) + 1))

    return makeable


def _check_led(pos: Position) -> list[Problem]:
    """``led`` names plain suits only, no more of them than tricks were finished, and each
    with a card of its own (not a trump) played in a finished trick."""
    if not pos.led:
        return []
    problems: list[Problem] = []
    order = pos.rules.card_order(pos.trump)
    played = _played(pos)
    finished = len(played) // 4
    plain = sorted(suit for suit in pos.led if suit != pos.trump)
    if pos.trump in pos.led:
        problems.append(Problem("led_trump", suit=_Words(pos.trump.name_in("en"),
                                                         pos.trump.name_in("ru"))))
    if len(plain) > finished:
        problems.append(Problem("led_too_many", count=PLAIN_SUITS(len(plain)),
                                count_n=len(plain), tricks=TRICKS(finished), tricks_n=finished))
    if finished == 0:
        return problems  # nothing was played: named above, whichever suits they are
    for suit in plain:
        if not any(order.suit_of[card.index] == suit for card in played):
            problems.append(Problem("led_not_played", suit=_Words(suit.name_in("en"),
                                                                  suit.genitive_in("ru"))))
    return problems
