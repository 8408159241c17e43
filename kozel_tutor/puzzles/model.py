"""The puzzle format: one "what card would you play?" position, its goal and its answers.

A puzzle is plain JSON (see ``docs/puzzles.md``); a *set* is a titled list of puzzles, the unit
that is stored in ``puzzles/``, exported by teachers and opened from a link.  Reading validates
everything and names every problem with the file it came from; files are read as JSON only
(never evaluated or unpickled) and written atomically.

>>> from kozel_tutor.puzzles.model import Puzzle
>>> p = Puzzle.from_dict({"id": "demo-1", "title": {"ru": "Пример", "en": "Example"},
...     "story": {"ru": "", "en": ""}, "goal": "make_61", "answers": ["QC"],
...     "position": {"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"}, "leader": "N",
...                  "taken": {"NS": [60, 4], "EW": [46, 4]}},
...     "themes": [], "rating": 1200, "hints": [], "view": "double_dummy"})
>>> p.goal.value, sorted(c.token for c in p.answers)
('make_61', ['QC'])
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from ..atomic_files import atomic_write_text
from ..cards import Card, CardError, parse_card
from ..formats import FILE_HEADS, RESULTS_FORMAT
from ..formats import PUZZLE_SET_FORMAT as FORMAT
from ..i18n import NBSP
from ..json_input import FileTooLarge, JsonProblem, decode_json, read_capped
from ..position import Position, PositionError
from ..seats import Seat, Team
from .texts import ERRORS, FILE_KINDS, TEXTS, cards_words, json_message, size_phrase

__all__ = [
    "FORMAT",
    "MAX_FILE_BYTES",
    "RESULTS_FORMAT",
    "THEME_IDS",
    "Goal",
    "Puzzle",
    "PuzzleError",
    "PuzzleProblem",
    "PuzzleSet",
    "Text",
    "View",
    "atomic_write_text",
    "catalogue_dir",
    "category_of",
    "decoded_text",
    "file_kind",
    "load_catalogue",
    "load_catalogue_lenient",
    "load_set",
    "read_json_file",
    "rotate_position",
    "save_set",
    "table_kind",
    "unreceived_file_error",
]

MAX_FILE_BYTES = 20 * 1024 * 1024
"""Files larger than this (20 MB) are refused before parsing (a set of 300 puzzles is
~400 kB)."""

THEME_IDS: tuple[str, ...] = (
    "feed_partner", "cheap_discard", "pull_trumps", "count_trumps", "duck", "unblock",
    "ruff_or_not", "endplay", "save_31", "make_61", "make_90", "take_trick", "all_tricks",
    "catch", "opening_lead",
)
"""Every theme a puzzle may carry; :mod:`.themes` defines each one in code and in words."""

E = TypeVar("E", bound=StrEnum)

_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_PUZZLE_KEYS = {"id", "title", "story", "position", "goal", "answers", "themes", "rating",
                "hints", "view", "source"}
_SET_KEYS = {"format", "version", "id", "title", "description", "puzzles"}


class PuzzleProblem:
    """One thing wrong with a puzzle, a set, a link or a results file, worded in ``"en"`` (as
    ``str(error)`` always was) or ``"ru"`` by :meth:`text` (words: :data:`.texts.ERRORS`).

    A parameter is a value (formatted as it is), a ``{"en": …, "ru": …}`` pair, another
    problem, or a :class:`~kozel_tutor.position.PositionError`; each is worded in the language.

    >>> PuzzleProblem("row_lacks", n=3, name="card").text("ru")
    'в строке 3 нет поля card'
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: object) -> None:
        if key not in ERRORS:
            raise KeyError(f"no words for the puzzle problem {key!r}")
        self.key = key
        self.params = params

    def text(self, lang: str) -> str:
        lang = "ru" if lang == "ru" else "en"
        return ERRORS[self.key][lang].format(
            **{name: _in_lang(value, lang) for name, value in self.params.items()})

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"PuzzleProblem({self.key!r}: {self.text('en')!r})"


def _in_lang(value: object, lang: str) -> object:
    if isinstance(value, PuzzleProblem):
        return value.text(lang)
    if isinstance(value, PositionError):
        return value.text(lang)
    if isinstance(value, Mapping) and set(value) == {"en", "ru"}:
        return value[lang]
    return value


def joined(problems: Iterable[PuzzleProblem], en: str = "; ") -> dict[str, str]:
    """Several problems as one parameter of another: joined by ``en`` in English, «; » in
    Russian.

    >>> joined([PuzzleProblem("incomplete"), PuzzleProblem("empty_file")])["ru"]
    'данные неполные; файл пустой'
    """
    shown = list(problems)
    return {"en": en.join(p.text("en") for p in shown),
            "ru": "; ".join(p.text("ru") for p in shown)}


def field_names(keys: Iterable[object]) -> dict[str, str]:
    """Field names as the messages list them: ``'a', 'b'`` in English, «a», «b» in Russian."""
    shown = list(keys)
    return {"en": ", ".join(map(repr, shown)), "ru": ", ".join(f"«{k}»" for k in shown)}


def version_words(found: object) -> dict[str, str]:
    """A file's version as the messages give it (``None`` when the file names none)."""
    return {"en": repr(found), "ru": "не указана" if found is None else f"«{found}» не "
                                                                           "поддерживается"}


_MORE_PROBLEMS = {"en": "and {n} more", "ru": "и ещё {n}"}
"""What ends a message that names only the first :attr:`PuzzleError.SHOWN` problems."""


def _count_words(n: int, lang: str) -> str:
    """A count as the app writes it: 2,391 in English, «2 391» (a no-break space) in Russian."""
    return f"{n:,}".replace(",", NBSP) if lang == "ru" else f"{n:,}"


class PuzzleError(ValueError):
    """A puzzle, set or results file that cannot be used; names the file and its problems.

    ``str(error)`` and :attr:`problems` are in English (the command line and the tests read
    them); :meth:`text` gives the same in ``"ru"`` or ``"en"`` for the app.  Every problem is a
    keyed :class:`PuzzleProblem`, so no English line can reach the Russian text.  The texts
    name the first :attr:`SHOWN` problems and how many more there are (a set of 2,400 bad
    puzzles is one short message, not a page); :attr:`problems` and :attr:`details` keep
    every one.

    >>> many = PuzzleError([PuzzleProblem("puzzle_n", n=n) for n in range(1, 2401)], "big.json")
    >>> str(many)
    'big.json: puzzle #1; puzzle #2; puzzle #3; puzzle #4; puzzle #5; and 2,395 more'
    >>> many.text("ru").split("; ")[-1], len(many.problems)
    ('и ещё 2\\xa0395', 2400)
    """

    SHOWN = 5
    """How many problems the texts name before saying how many more there are."""

    def __init__(self, problems: Sequence[PuzzleProblem], source: str | None = None,
                 advice: PuzzleProblem | None = None) -> None:
        self.details: list[PuzzleProblem] = list(problems)
        self.problems = [str(problem) for problem in self.details]
        self.source = source
        self.advice = advice
        text = self.problems_text("en")
        super().__init__(f"{source}: {text}" if source else text)

    def advised(self, advice: PuzzleProblem) -> PuzzleError:
        """The same problems, followed by ``advice``: what to do (a sentence of its own)."""
        return PuzzleError(self.details, self.source, advice)

    def problems_text(self, lang: str) -> str:
        """The problems in ``lang`` (the first :attr:`SHOWN`, then how many more), without
        the file's name, then the advice, if any."""
        lang = "ru" if lang == "ru" else "en"
        shown = [problem.text(lang) for problem in self.details[:self.SHOWN]]
        more = len(self.details) - len(shown)
        if more:
            shown.append(_MORE_PROBLEMS[lang].format(n=_count_words(more, lang)))
        text = "; ".join(shown)
        return f"{text}. {self.advice.text(lang)}" if self.advice is not None else text

    def source_text(self, lang: str) -> str:
        """Where the problems are: a file's name, or «ссылка» / "link"."""
        if self.source == "link":
            return PuzzleProblem("source_link").text(lang)
        return self.source or ""

    def text(self, lang: str) -> str:
        """The whole message in ``"ru"`` or ``"en"``: the source, then the problems (the
        first :attr:`SHOWN`, then how many more)."""
        body = self.problems_text(lang)
        return f"{self.source_text(lang)}: {body}" if self.source else body


class Goal(StrEnum):
    """What the learner's side is trying to do from the puzzle position."""

    MAX_POINTS = "max_points"
    MAKE_61 = "make_61"
    MAKE_90 = "make_90"
    SAVE_31 = "save_31"
    TAKE_TRICK = "take_trick"
    ALL_TRICKS = "all_tricks"

    @property
    def threshold(self) -> int | None:
        """The card points the side must reach, for the goals that are a points target."""
        return {"make_61": 61, "make_90": 90, "save_31": 31}.get(self.value)

    def text(self, lang: str) -> str:
        return _GOAL_TEXT[self.value][lang]


_GOAL_TEXT = {
    "max_points": {"en": "Take as many card points as you can.",
                   "ru": "Наберите как можно больше очков."},
    "make_61": {"en": "Win the deal: make 61 points.",
                "ru": "Выиграйте раздачу: наберите 61 очко."},
    "make_90": {"en": "Make 90: keep the opponents to 30 or fewer (you write 4).",
                "ru": "Наберите 90: не дайте соперникам спастись (вы пишете 4)."},
    "save_31": {"en": "Save yourselves: make 31 points (they write 2, not 4).",
                "ru": "Спаситесь: наберите 31 очко (соперники пишут 2, а не 4)."},
    "take_trick": {"en": "Take at least one trick (they write 4, not 6).",
                   "ru": "Возьмите хотя бы одну взятку (соперники пишут 4, а не 6)."},
    "all_tricks": {"en": "Take every trick that is left (you write 6).",
                   "ru": "Возьмите все оставшиеся взятки (вы пишете 6)."},
}


class View(StrEnum):
    """What the learner sees: every hand, or only their own plus the cards already played."""

    DOUBLE_DUMMY = "double_dummy"
    OWN_HAND = "own_hand"


@dataclass(frozen=True)
class Text:
    """A sentence in both languages."""

    ru: str
    en: str

    def get(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    def to_dict(self) -> dict[str, str]:
        return {"ru": self.ru, "en": self.en}

    @classmethod
    def of(cls, value: Text | str, what: str = "title") -> Text:
        """``value`` as a :class:`Text`: one string is the same words in both languages
        (a teacher's own title); anything else is a ``TypeError`` naming ``what`` it is.

        >>> Text.of("Homework 5")
        Text(ru='Homework 5', en='Homework 5')
        """
        if isinstance(value, Text):
            return value
        if isinstance(value, str):
            return cls(value, value)
        raise TypeError(f"{what} must be Text(ru, en) or a string, not {type(value).__name__}")

    @classmethod
    def parse(cls, raw: object, where: str | PuzzleProblem,
              problems: list[PuzzleProblem], *, required: bool) -> Text:
        """Read ``{"ru": …, "en": …}`` (or one string for both); ``where`` is a field name
        (``title``, ``story``, ``description``) or a worded place, for the problems."""
        place: object = (PuzzleProblem(f"field_{where}")
                         if isinstance(where, str) and f"field_{where}" in ERRORS else where)
        if isinstance(raw, str):
            raw = {"ru": raw, "en": raw}
        if not isinstance(raw, Mapping) or not all(isinstance(raw.get(k), str)
                                                   for k in ("ru", "en")):
            problems.append(PuzzleProblem("text_object", where=place))
            return cls("", "")
        text = cls(str(raw["ru"]), str(raw["en"]))
        if required and not (text.ru.strip() and text.en.strip()):
            problems.append(PuzzleProblem("text_empty", where=place))
        return text


@dataclass(frozen=True)
class Puzzle:
    """One puzzle.  ``answers`` holds every card that reaches the goal's optimum.

    The learner plays the seat to move in :attr:`position`; ``rating`` is the difficulty on the
    Glicko scale (1500 = average learner); ``hints`` go from a nudge to nearly the answer.
    """

    id: str
    title: Text
    story: Text
    position: Position
    goal: Goal
    answers: frozenset[Card]
    themes: tuple[str, ...] = ()
    rating: int = 1500
    hints: tuple[Text, ...] = ()
    view: View = View.DOUBLE_DUMMY
    source: str = ""

    def __post_init__(self) -> None:   # a plain string title or story: both languages
        object.__setattr__(self, "title", Text.of(self.title, "title"))
        object.__setattr__(self, "story", Text.of(self.story, "story"))

    @property
    def seat(self) -> Seat:
        """The learner's seat: the player to move."""
        return self.position.to_move

    @property
    def team(self) -> Team:
        return self.seat.team

    @property
    def cards(self) -> int:
        """Cards in the learner's hand: a full hand (9, 8 or 6) is an opening lead, fewer an
        ending."""
        return self.position.cards_per_hand

    @property
    def variant(self) -> str:
        """The rules the puzzle is played under: ``standard``, ``classic``, ``nizhny`` or
        ``kozly24`` (the name of the position's rules, the one source of truth)."""
        return self.position.rules.name

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "title": self.title.to_dict(),
            "story": self.story.to_dict(),
            "position": self.position.to_dict(),
            "goal": self.goal.value,
            "answers": sorted(card.token for card in self.answers),
            "themes": list(self.themes),
            "rating": self.rating,
            "hints": [hint.to_dict() for hint in self.hints],
            "view": self.view.value,
        }
        if self.source:
            out["source"] = self.source
        return out

    @classmethod
    def from_dict(cls, data: object, where: str | PuzzleProblem = "puzzle") -> Puzzle:
        """Validate a decoded puzzle; :class:`PuzzleError` lists every problem found.

        ``where`` names it in the problems: ``"puzzle"`` or a worded place such as
        ``PuzzleProblem("puzzle_n", n=3)`` (any other string is used as it is).
        """
        problems: list[PuzzleProblem] = []
        place: object = PuzzleProblem("puzzle") if where == "puzzle" else where
        if not isinstance(data, Mapping):
            raise PuzzleError([PuzzleProblem("json_object", where=place)])
        unknown = sorted(set(data) - _PUZZLE_KEYS)
        if unknown:
            problems.append(PuzzleProblem("unknown_keys", keys=field_names(unknown)))
        missing = sorted(k for k in _PUZZLE_KEYS - {"source", "story", "hints", "themes", "view"}
                         if k not in data)
        if missing:
            problems.append(PuzzleProblem("missing_keys", keys=field_names(missing)))
        puzzle_id = data.get("id", "")
        if not isinstance(puzzle_id, str) or not _ID.match(puzzle_id):
            problems.append(PuzzleProblem("bad_id", id=puzzle_id))
            puzzle_id = str(puzzle_id)
        title = Text.parse(data.get("title"), "title", problems, required=True)
        story = Text.parse(data.get("story", {"ru": "", "en": ""}), "story", problems,
                           required=False)
        position: Position | None = None
        try:
            position = Position.from_json(data.get("position"))  # type: ignore[arg-type]
        except PositionError as exc:
            problems.append(PuzzleProblem("position", error=exc))
        goal = _parse_enum(Goal, data.get("goal"), "goal", problems)
        view = _parse_enum(View, data.get("view", "double_dummy"), "view", problems)
        answers = _parse_answers(data.get("answers"), position, problems)
        themes = _parse_themes(data.get("themes", []), problems)
        rating = data.get("rating")
        if not isinstance(rating, int) or isinstance(rating, bool) or not 100 <= rating <= 3500:
            problems.append(PuzzleProblem("bad_rating", rating=rating))
            rating = 1500
        hints_raw = data.get("hints", [])
        hints: list[Text] = []
        if not isinstance(hints_raw, list) or len(hints_raw) > 5:
            problems.append(PuzzleProblem("hints_list"))
        else:
            hints = [Text.parse(h, PuzzleProblem("field_hint", n=i + 1), problems,
                                required=True)
                     for i, h in enumerate(hints_raw)]
        source = data.get("source", "")
        if not isinstance(source, str):
            problems.append(PuzzleProblem("source_text"))
            source = ""
        if problems or position is None or goal is None or view is None:
            label = PuzzleProblem("named", where=place, id=puzzle_id) if puzzle_id else place
            raise PuzzleError([PuzzleProblem("at", where=label, problem=p) for p in problems]
                              or [PuzzleProblem("at", where=label,
                                                problem=PuzzleProblem("incomplete"))])
        return cls(puzzle_id, title, story, position, goal, answers, themes, rating,
                   tuple(hints), view, source)


def _parse_enum(kind: type[E], raw: object, key: str,
                problems: list[PuzzleProblem]) -> E | None:
    try:
        return kind(str(raw)) if isinstance(raw, str) else kind(raw)  # type: ignore[arg-type]
    except (ValueError, TypeError):
        known = ", ".join(member.value for member in kind)
        field_name = PuzzleProblem(f"field_{key}")
        problems.append(PuzzleProblem("bad_choice", name={"en": key, "ru": field_name.text("ru")},
                                      value=raw, known=known))
        return None


def _parse_answers(raw: object, position: Position | None,
                   problems: list[PuzzleProblem]) -> frozenset[Card]:
    if not isinstance(raw, list) or not raw or not all(isinstance(t, str) for t in raw):
        problems.append(PuzzleProblem("answers_list"))
        return frozenset()
    cards: set[Card] = set()
    for token in raw:
        try:
            cards.add(parse_card(token))
        except CardError as exc:
            problems.append(PuzzleProblem("answers_card", error=str(exc), card=token))
    if position is not None and cards:
        legal = position.to_state().legal_plays()
        wrong = " ".join(sorted(c.token for c in cards if c not in legal))
        if wrong:
            seat = position.to_move
            problems.append(PuzzleProblem(
                "answers_illegal", cards=cards_words(wrong), seat=_seat_words(seat)))
    return frozenset(cards)


def _seat_words(seat: Seat) -> dict[str, str]:
    """A seat as the teacher wrote it (``S``), in Russian also by its letter there, «Ю (S)»:
    as the position's own problems name it (:mod:`kozel_tutor.position`)."""
    return {"en": seat.label("en"), "ru": f"{seat.label('ru')} ({seat.name})"}


def _parse_themes(raw: object, problems: list[PuzzleProblem]) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
        problems.append(PuzzleProblem("themes_list"))
        return ()
    unknown = [t for t in raw if t not in THEME_IDS]
    if unknown:
        problems.append(PuzzleProblem("unknown_themes", themes={
            "en": ", ".join(unknown), "ru": ", ".join(f"«{t}»" for t in unknown)},
                                      known=", ".join(THEME_IDS)))
    return tuple(t for t in raw if t in THEME_IDS)


@dataclass(frozen=True)
class PuzzleSet:
    """A titled list of puzzles: a catalogue file, a curated path, or a teacher's assignment."""

    id: str
    title: Text
    description: Text = Text("", "")
    puzzles: tuple[Puzzle, ...] = field(default=())

    def __post_init__(self) -> None:   # a plain string title or description: both languages
        object.__setattr__(self, "title", Text.of(self.title, "title"))
        object.__setattr__(self, "description", Text.of(self.description, "description"))

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "id": self.id, "title": self.title.to_dict(),
                "description": self.description.to_dict(),
                "puzzles": [p.to_dict() for p in self.puzzles]}

    def to_json(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    def by_id(self) -> dict[str, Puzzle]:
        return {p.id: p for p in self.puzzles}

    @classmethod
    def from_dict(cls, data: object, source: str | None = None) -> PuzzleSet:
        """Validate a decoded set; every bad puzzle is named (by position in the list and id)."""
        if not isinstance(data, Mapping):
            raise PuzzleError([PuzzleProblem("set_object")], source)
        problems: list[PuzzleProblem] = []
        found = data.get("format")
        kind = file_kind(data)
        if kind is not None and kind != "set":
            raise PuzzleError([other_kind(kind, "want_set")], source)
        if found != FORMAT:
            problems.append(PuzzleProblem("not_a_set", format=FORMAT, found={
                "en": repr(found),
                "ru": "а формат не указан" if found is None else f"а здесь «{found}»"}))
            raise PuzzleError(problems, source)
        if data.get("version") != 1:
            problems.append(PuzzleProblem("set_version",
                                          version=version_words(data.get("version"))))
        unknown = sorted(set(data) - _SET_KEYS)
        if unknown:
            problems.append(PuzzleProblem("unknown_keys", keys=field_names(unknown)))
        set_id = data.get("id")
        if not isinstance(set_id, str) or not _ID.match(set_id):
            problems.append(PuzzleProblem("bad_set_id", id={
                "en": repr(set_id),
                "ru": "не указан" if set_id is None else f"«{set_id}»"}))
        title = Text.parse(data.get("title"), "title", problems, required=True)
        description = Text.parse(data.get("description", {"ru": "", "en": ""}), "description",
                                 problems, required=False)
        raw = data.get("puzzles")
        puzzles: list[Puzzle] = []
        if not isinstance(raw, list):
            problems.append(PuzzleProblem("puzzles_list"))
            raw = []
        seen: set[str] = set()
        for number, item in enumerate(raw, 1):
            try:
                puzzle = Puzzle.from_dict(item, where=PuzzleProblem("puzzle_n", n=number))
            except PuzzleError as exc:
                problems.extend(exc.details)
                continue
            if puzzle.id in seen:
                problems.append(PuzzleProblem("twice", n=number, id=puzzle.id))
            seen.add(puzzle.id)
            puzzles.append(puzzle)
        if problems:
            raise PuzzleError(problems, source)
        return cls(str(set_id), title, description, tuple(puzzles))

    @classmethod
    def from_json(cls, text: str | bytes, source: str | None = None) -> PuzzleSet:
        """A set from the text of its file (``source`` names it in the errors)."""
        return cls.from_dict(_decode(text, source), source)

    @classmethod
    def sent_to_student(cls, text: str | bytes, source: str | None = None) -> PuzzleSet:
        """A set a student was sent, as a file or a link (``source="link"``): any problem ends
        with what to do — open the set file rather than another of the app's files, or ask the
        teacher for the file or the link again."""
        try:
            return cls.from_json(text, source)
        except PuzzleError as exc:
            raise exc.advised(PuzzleProblem(
                "advice_link_again" if source == "link"
                else "advice_open_set" if any(p.key in ("other_kind", "not_utf8")
                                              for p in exc.details)
                else "advice_set_again")) from None


def _too_large(size: int, limit: int = MAX_FILE_BYTES) -> PuzzleProblem:
    return PuzzleProblem("too_large", size=size_phrase(size, over=limit),
                         limit=size_phrase(limit))


# -- the app's own files, told by their content -----------------------------------------------


def file_kind(data: object) -> str | None:
    """Which of the app's own JSON files decoded ``data`` is: ``set``, ``results``, ``backup``
    or ``game`` (a :data:`.texts.FILE_KINDS` key), told by its tags
    (:data:`~kozel_tutor.formats.FILE_HEADS`); ``None`` for anything else.

    >>> file_kind({"format": "kozel-puzzle-results", "version": 1}), file_kind([1])
    ('results', None)
    """
    if not isinstance(data, Mapping):
        return None
    return next((kind for kind, head in FILE_HEADS.items()
                 if all(data.get(key) == value for key, value in head.items())), None)


_RESULTS_HEADER = {"student", "set_id", "puzzle"}
_GRADEBOOK_HEADER = [{TEXTS[key][lang].lower() for lang in ("ru", "en")}
                     for key in ("gb_student", "gb_answered")]


def table_kind(text: str) -> str | None:
    """Which of the app's own CSV tables ``text`` is, by its header row: a student's results
    (``results_csv``) or a teacher's gradebook (``gradebook``), whatever its separator;
    ``None`` for anything else.

    >>> table_kind("\\ufeffУченик;Ответил;Верно\\nАня;5;4\\n")
    'gradebook'
    """
    header_line = next((line for line in text.splitlines() if line.strip()), "")
    header = [cell.strip(' "\ufeff').lower() for cell in re.split(r"[,;\t]", header_line)]
    if set(header) >= _RESULTS_HEADER:
        return "results_csv"
    first, second = _GRADEBOOK_HEADER
    if len(header) > 1 and header[0] in first and header[1] in second:
        return "gradebook"
    return None


def other_kind(kind: str, wanted: str) -> PuzzleProblem:
    """«это журнал учителя (…), а не набор задач»: one of the app's files named for what it
    is, where ``wanted`` (``want_set``, ``want_results``) was wanted."""
    return PuzzleProblem("other_kind", kind=FILE_KINDS[kind], wanted=FILE_KINDS[wanted])


def decoded_text(content: bytes) -> str | None:
    """A file's bytes as text, whatever wrote it: UTF-8 with or without a byte-order mark,
    UTF-16 with one (Excel's "Unicode text", Notepad's "Unicode"), or Windows-1251 (Russian
    Excel and Notepad's "ANSI" on a Russian Windows); ``None`` for bytes that are none of
    these (a picture, a spreadsheet's own format).

    >>> decoded_text("Домашка".encode("cp1251")), decoded_text(b"\\x89PNG\\x00")
    ('Домашка', None)
    """
    if content.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        with contextlib.suppress(UnicodeDecodeError):
            return content.decode("utf-16")
    elif b"\x00" not in content:
        for encoding in ("utf-8-sig", "cp1251"):
            with contextlib.suppress(UnicodeDecodeError):
                return content.decode(encoding)
    return None


def unreceived_file_error(name: str, size: int, too_large: bool, limit: int) -> PuzzleError:
    """The error for a file the browser did not send: larger than ``limit`` bytes (the most a
    file button takes), or one it could not read."""
    problem = _too_large(size, limit) if too_large else PuzzleProblem("not_received")
    return PuzzleError([problem], name)


def _decode(data: str | bytes, source: str | None, wanted: str = "want_set") -> Any:
    """The JSON of a file (its bytes, as :func:`decoded_text` reads them, or its text); an
    empty file, one that is not text, another of the app's tables (where ``wanted`` was
    wanted), or JSON with a mistake is a :class:`PuzzleError` saying so."""
    if len(data) > MAX_FILE_BYTES:
        raise PuzzleError([_too_large(len(data))], source)
    text = decoded_text(data) if isinstance(data, bytes) else data
    if text is None:
        raise PuzzleError([PuzzleProblem("not_utf8")], source)
    try:
        return decode_json(text)
    except JsonProblem as problem:
        raise PuzzleError([_json_problem(text, problem, wanted)], source) from None


_CURLY = "“”„‟«»‘’‚‛"
"""Quotation marks a word processor puts for ``"``."""


def _json_problem(text: str, problem: JsonProblem, wanted: str) -> PuzzleProblem:
    """What is wrong with a file that is not JSON: it is empty, another of the app's tables,
    cut short, written with curled quotation marks, or has a mistake at a line and column."""
    if problem.reason != "not_json":
        return PuzzleProblem({"too_deep": "json_deep"}.get(problem.reason, "json_long_number"))
    if problem.empty:
        return PuzzleProblem("empty_file")
    kind = table_kind(text)
    if kind is not None:
        return other_kind(kind, wanted)
    where = {"line": problem.line, "column": problem.column}
    if problem.found and problem.found in _CURLY:
        return PuzzleProblem("json_curly", mark=problem.found, **where)
    if problem.ends_early:
        return PuzzleProblem("json_cut", line=problem.line)
    return PuzzleProblem("bad_json", message=json_message(problem.message), **where)


_OS_REASONS_RU = {errno.ENOENT: "такого файла нет", errno.EACCES: "нет доступа к файлу",
                  errno.EPERM: "нет доступа к файлу", errno.EISDIR: "это папка, а не файл"}


def os_reason(exc: OSError, english: str | None = None) -> dict[str, str]:
    """Why a file could not be read: the system's words in English, plain Russian words."""
    return {"en": english if english is not None else str(exc.strerror or exc),
            "ru": _OS_REASONS_RU.get(exc.errno or 0, "ошибка чтения с диска")}


def read_json_file(path: str | os.PathLike[str]) -> Any:
    """Decode a JSON file; any failure is a :class:`PuzzleError` naming the file."""
    name = str(path)
    try:
        raw = read_capped(path, MAX_FILE_BYTES)
    except FileTooLarge as exc:
        raise PuzzleError([_too_large(exc.size)], name) from None
    except OSError as exc:
        raise PuzzleError([PuzzleProblem("cannot_read", reason=os_reason(exc))], name) from None
    return _decode(raw, name)


_LOADED: dict[tuple[str, int, int], PuzzleSet] = {}
_LOADED_MAX = 64


def load_set(path: str | os.PathLike[str]) -> PuzzleSet:
    """Read and validate one puzzle-set file.

    A file read before and not changed since (same size and modification time) is not parsed
    again: opening the Puzzles or Teacher screen re-reads the whole catalogue, about 480
    puzzles, which took 0.7 s each time.  Sets are frozen, so sharing them is safe.
    """
    try:
        info = os.stat(path)
    except OSError:
        info = None
    key = (str(path), info.st_mtime_ns, info.st_size) if info else None
    if key is not None and key in _LOADED:
        return _LOADED[key]
    loaded = PuzzleSet.from_dict(read_json_file(path), str(path))
    if key is not None:
        if len(_LOADED) >= _LOADED_MAX:
            _LOADED.pop(next(iter(_LOADED)))
        _LOADED[key] = loaded
    return loaded


def save_set(path: str | os.PathLike[str], puzzle_set: PuzzleSet) -> None:
    atomic_write_text(path, puzzle_set.to_json() + "\n")


def category_of(position: Position) -> str:
    """``open`` for a first lead with full hands, else ``e<cards in the mover's hand>``."""
    if (not position.trick and not sum(position.taken_tricks)
            and position.cards_per_hand == position.rules.hand_size):
        return "open"
    return f"e{position.cards_per_hand}"


def catalogue_dir() -> Path:
    """``$KOZEL_PUZZLES`` when set; else the copy an installed package carries
    (``kozel_tutor/data/puzzles``, made by the build), else ``puzzles/`` at the root of the
    repository (a checkout or an editable install)."""
    override = os.environ.get("KOZEL_PUZZLES")
    if override:
        return Path(override)
    package = Path(__file__).resolve().parents[1]
    installed = package / "data" / "puzzles"
    return installed if installed.is_dir() else package.parent / "puzzles"


def load_catalogue(root: str | os.PathLike[str] | None = None) -> list[PuzzleSet]:
    """Every set under ``root`` (default :func:`catalogue_dir`), sorted by path.

    A bad file raises :class:`PuzzleError` naming it; callers that must keep going (the app)
    catch it per file with :func:`load_catalogue_lenient`.
    """
    base = Path(root) if root is not None else catalogue_dir()
    return [load_set(path) for path in sorted(base.rglob("*.json"))]


def load_catalogue_lenient(
    root: str | os.PathLike[str] | None = None,
) -> tuple[list[PuzzleSet], list[PuzzleError]]:
    """Like :func:`load_catalogue`, but a bad file is reported and skipped, not fatal."""
    base = Path(root) if root is not None else catalogue_dir()
    sets: list[PuzzleSet] = []
    errors: list[PuzzleError] = []
    for path in sorted(base.rglob("*.json")) if base.is_dir() else []:
        try:
            sets.append(load_set(path))
        except PuzzleError as exc:
            errors.append(exc)
    return sets, errors


def rotate_position(position: Position, steps: int) -> Position:
    """The same position with every seat moved ``steps`` places clockwise.

    Puzzles are stored with the learner at S (bottom of the table); an odd rotation swaps the
    sides' taken points and tricks.
    """
    steps %= 4
    if steps == 0:
        return position
    hands = [position.hands[Seat(s).offset(-steps)] for s in Seat]
    swap = steps % 2 == 1
    taken_points = position.taken_points[::-1] if swap else position.taken_points
    taken_tricks = position.taken_tricks[::-1] if swap else position.taken_tricks
    return Position(
        rules=position.rules,
        trump=position.trump,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        leader=position.leader.offset(steps),
        trick=position.trick,
        taken_points=(taken_points[0], taken_points[1]),
        taken_tricks=(taken_tricks[0], taken_tricks[1]),
        led=position.led,
    )
