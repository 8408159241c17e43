"""The lesson format: bilingual steps that explain, and tasks that set up a situation on the table.

A lesson is a JSON file in ``kozel_tutor/data/lessons/`` (``01_table.json`` …).  A task stores
only the *situation* (a trick, a hand, a position, the points of a deal); the expected answer is
never written down: :mod:`.checks` computes it with the engine or the solver, so a lesson cannot
drift from the rules.  Loading validates everything and names every problem with its path::

    {"id": "04_trick", "title": {"ru": "…", "en": "…"}, "goal": {...},
     "steps": [
       {"type": "explain", "text": {"ru": "…", "en": "…"}, "cards": "QC QS"},
       {"type": "explain", "text": {...}, "table": true},
       {"type": "task", "kind": "trick_winner", "prompt": {...}, "hint": {...},
        "leader": "W", "trick": "AH TH QD 6H"}]}

>>> lesson = load_lesson("04_trick")
>>> lesson.title.get("en")
'Who takes the trick'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from ..cards import Card, CardError, Suit, parse_cards
from ..i18n import LANGUAGES, check_lang
from ..position import Position, PositionError
from ..rules import CardOrder, Rules, RulesError, find_rules
from ..seats import Seat, SeatError

__all__ = [
    "DEAL_SCORE_TABLES",
    "BestCardTask",
    "CallTrumpTask",
    "CardPointsTask",
    "CountTrumpsTask",
    "DealScoreTask",
    "ExplainStep",
    "HighestCardTask",
    "LegalCardTask",
    "Lesson",
    "LessonError",
    "MatchTask",
    "SeatTask",
    "Step",
    "Task",
    "Text",
    "TrickWinnerTask",
    "TrumpsLeftTask",
    "lesson_ids",
    "load_lesson",
    "parse_lesson",
]

LESSON_ID = re.compile(r"^\d\d_[a-z0-9_]+$")
MIN_STEPS, MAX_STEPS, MIN_TASKS = 3, 12, 2


class LessonError(ValueError):
    """A lesson file that does not follow the format; ``problems`` lists each one with its path."""

    def __init__(self, source: str, problems: list[str]) -> None:
        super().__init__(f"{source}: " + "; ".join(problems))
        self.source = source
        self.problems = problems


@dataclass(frozen=True)
class Text:
    """One sentence or paragraph in both languages."""

    ru: str
    en: str

    def get(self, lang: str) -> str:
        return self.ru if check_lang(lang) == "ru" else self.en

    def __add__(self, other: Text) -> Text:
        return Text(_join(self.ru, other.ru), _join(self.en, other.en))


def _join(first: str, second: str) -> str:
    return f"{first} {second}" if first and second else first or second


class _Reader:
    """Reads one JSON object, collecting problems as ``path: message`` instead of stopping."""

    def __init__(self, data: object, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        if isinstance(data, Mapping):
            self.data: Mapping[str, Any] = data
        else:
            self.data = {}
            self.fail("expected a JSON object")
        self.used: set[str] = set()

    def fail(self, message: str, key: str | None = None) -> None:
        where = self.path if key is None else f"{self.path}.{key}"
        self.problems.append(f"{where}: {message}")

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: object = None) -> object:
        self.used.add(key)
        return self.data.get(key, default)

    def require(self, key: str) -> object:
        self.used.add(key)
        if key not in self.data:
            self.fail("missing", key)
            return None
        return self.data[key]

    def text(self, key: str, optional: bool = False) -> Text:
        value = self.raw(key) if optional else self.require(key)
        if value is None:
            return Text("", "")
        if not isinstance(value, Mapping):
            self.fail('expected {"ru": "…", "en": "…"}', key)
            return Text("", "")
        for lang in LANGUAGES:
            item = value.get(lang)
            if not isinstance(item, str) or not item.strip():
                self.fail(f"the {lang} text is missing or empty", key)
        extra = sorted(set(value) - set(LANGUAGES))
        if extra:
            self.fail(f"unknown language(s) {', '.join(extra)}", key)
        ru, en = value.get("ru"), value.get("en")
        return Text(ru.strip() if isinstance(ru, str) else "",
                    en.strip() if isinstance(en, str) else "")

    def cards(self, key: str, count: tuple[int, int] = (0, 36), optional: bool = False
              ) -> tuple[Card, ...]:
        value = self.raw(key, "") if optional else self.require(key)
        if value is None:
            return ()
        if not isinstance(value, str):
            self.fail('expected cards as text, e.g. "QC TH 7S"', key)
            return ()
        try:
            cards = tuple(parse_cards(value))
        except CardError as exc:
            self.fail(str(exc), key)
            return ()
        if len(set(cards)) != len(cards):
            self.fail("a card appears twice", key)
        low, high = count
        if not low <= len(cards) <= high:
            self.fail(f"expected {low} to {high} cards, got {len(cards)}", key)
        return cards

    def suits(self, key: str) -> frozenset[Suit]:
        """Suit letters (``"SH"``), optional: none by default."""
        value = self.raw(key, "")
        if not isinstance(value, str):
            self.fail('expected suit letters, e.g. "SH"', key)
            return frozenset()
        out: set[Suit] = set()
        for letter in value.replace(" ", ""):
            try:
                out.add(Suit.parse(letter))
            except CardError as exc:
                self.fail(str(exc), key)
        return frozenset(out)

    def seat(self, key: str, default: Seat | None = None) -> Seat:
        value = self.require(key) if default is None else self.raw(key, default.name)
        try:
            return Seat.parse(value) if isinstance(value, str) else Seat.parse("?")
        except SeatError as exc:
            self.fail(str(exc), key)
            return Seat.S

    def suit(self, key: str, default: Suit) -> Suit:
        value = self.raw(key, default.letter)
        if not isinstance(value, str):
            self.fail("expected a suit letter C, S, H or D", key)
            return default
        try:
            return Suit.parse(value)
        except CardError as exc:
            self.fail(str(exc), key)
            return default

    def ints(self, key: str, length: int, value: object = None) -> tuple[int, ...]:
        value = self.require(key) if value is None else value
        if (not isinstance(value, list) or len(value) != length
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                           for v in value)):
            self.fail(f"expected a list of {length} whole numbers ≥ 0", key)
            return (0,) * length
        return tuple(value)

    def choice(self, key: str, allowed: tuple[str, ...], default: str | None = None) -> str:
        value = self.require(key) if default is None else self.raw(key, default)
        if value not in allowed:
            self.fail(f"expected one of {', '.join(allowed)}, got {value!r}", key)
            return allowed[0]
        assert isinstance(value, str)
        return value

    def finish(self) -> None:
        extra = sorted(set(self.data) - self.used)
        if extra:
            self.fail(f"unknown key(s) {', '.join(extra)}")


# -- steps ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExplainStep:
    """A short explanation, optionally illustrated by a row of cards or the four seats
    (``"table": true``)."""

    text: Text
    cards: tuple[Card, ...] = ()
    trump: Suit | None = None
    table: bool = False


@dataclass(frozen=True)
class Task:
    """What every task has: the question, a hint, an optional remark after the right answer."""

    kind: ClassVar[str] = ""
    prompt: Text
    hint: Text
    after: Text
    rules: Rules
    trump: Suit

    @property
    def order(self) -> CardOrder:
        return self.rules.card_order(self.trump)


@dataclass(frozen=True)
class TrickWinnerTask(Task):
    """Click the card that takes this trick (2–4 cards played from ``leader``)."""

    kind: ClassVar[str] = "trick_winner"
    leader: Seat = Seat.W
    trick: tuple[Card, ...] = ()


@dataclass(frozen=True)
class HighestCardTask(Task):
    """Click the strongest of these cards (all of one effective suit)."""

    kind: ClassVar[str] = "highest_card"
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class CardPointsTask(Task):
    """How many card points are in these cards (a trick, a hand, the deck)?"""

    kind: ClassVar[str] = "card_points"
    cards: tuple[Card, ...] = ()
    whole_deck: bool = False


@dataclass(frozen=True)
class CountTrumpsTask(Task):
    """How many trumps are in these cards (``whole_deck``: in the whole deck)?"""

    kind: ClassVar[str] = "count_trumps"
    cards: tuple[Card, ...] = ()
    whole_deck: bool = False


@dataclass(frozen=True)
class TrumpsLeftTask(Task):
    """You hold ``hand`` and saw ``played``: how many trumps do the other three still hold?"""

    kind: ClassVar[str] = "trumps_left"
    hand: tuple[Card, ...] = ()
    played: tuple[Card, ...] = ()


@dataclass(frozen=True)
class LegalCardTask(Task):
    """You (S) hold ``hand``; ``trick`` was played from ``leader``: play a card you may play.

    ``led`` names the plain suits led in earlier tricks of the deal (it matters only under the
    classic ace-dump ban, and the prompt must then say it).  ``first_of_match`` makes it the
    first lead of a match, which under ``nizhny`` and ``kozly24`` must be the A♦: the hand is
    then a whole hand of the rules, as dealt (9 cards of 36, 6 of 24)."""

    kind: ClassVar[str] = "legal_card"
    hand: tuple[Card, ...] = ()
    leader: Seat = Seat.S
    trick: tuple[Card, ...] = ()
    led: frozenset[Suit] = frozenset()
    first_of_match: bool = False


SEAT_RELATIONS = ("partner", "left", "right", "first_lead", "next_dealer")


@dataclass(frozen=True)
class SeatTask(Task):
    """Questions about the table: the partner of a seat, who is left of it, who leads first."""

    kind: ClassVar[str] = "seat"
    relation: str = "partner"
    of: Seat = Seat.S


DEAL_SCORE_TABLES = ("standard", "classic", "nizhny", "kozly24")
"""The score tables a ``deal_score`` task can ask about (:attr:`Rules.scoring`)."""


@dataclass(frozen=True)
class DealScoreTask(Task):
    """A deal ended with these points and tricks (NS, EW): who writes what (under the
    lesson's score table: points, rows of the classic tablo, or penalty points)?"""

    kind: ClassVar[str] = "deal_score"
    points: tuple[int, int] = (0, 0)
    tricks: tuple[int, int] = (0, 0)
    after_eggs: bool = False


MATCH_QUESTIONS = ("goats", "score")


@dataclass(frozen=True)
class MatchTask(Task):
    """A match of deals ``[points NS, points EW, tricks NS, tricks EW]``: the score or the goats."""

    kind: ClassVar[str] = "match"
    deals: tuple[tuple[int, int, int, int], ...] = ()
    question: str = "goats"


@dataclass(frozen=True)
class CallTrumpTask(Task):
    """With the ``called`` rule and this hand, which suit gives you the most trumps?"""

    kind: ClassVar[str] = "call_trump"
    hand: tuple[Card, ...] = ()


@dataclass(frozen=True)
class BestCardTask(Task):
    """A small endgame with every hand open; you (S) are to play: find the best card.

    The solver decides; the task is valid only if one card beats every other by ``margin``
    card points or more (or is the only card that changes what the deal writes).
    """

    kind: ClassVar[str] = "best_card"
    position: Position | None = None
    margin: int = 10


Step = ExplainStep | Task


@dataclass(frozen=True)
class Lesson:
    id: str
    title: Text
    goal: Text
    steps: tuple[Step, ...]

    @property
    def number(self) -> int:
        return int(self.id[:2])

    @property
    def tasks(self) -> tuple[Task, ...]:
        return tuple(step for step in self.steps if isinstance(step, Task))


# -- parsing ------------------------------------------------------------------------------------


def _common(r: _Reader, rules: Rules) -> dict[str, Any]:
    trump = r.suit("trump", rules.trump)
    if trump != rules.trump and rules.trump_rule == "fixed":
        rules = find_rules("standard", deck=rules.deck, trump="called")
    return {"prompt": r.text("prompt"), "hint": r.text("hint"),
            "after": r.text("after", optional=True), "rules": rules, "trump": trump}


def _trick_winner(r: _Reader, c: dict[str, Any]) -> Task:
    return TrickWinnerTask(**c, leader=r.seat("leader"), trick=r.cards("trick", (2, 4)))


def _highest(r: _Reader, c: dict[str, Any]) -> Task:
    cards = r.cards("cards", (2, 15))
    order = c["rules"].card_order(c["trump"])
    if len({order.suit_of[card.index] for card in cards}) > 1:
        r.fail("the cards must all be trumps or all of one plain suit", "cards")
    return HighestCardTask(**c, cards=cards)


def _whole_deck(r: _Reader) -> tuple[tuple[Card, ...], bool]:
    whole = r.raw("cards") == "deck"
    if whole:
        return (), True
    return r.cards("cards", (1, 36)), False


def _card_points(r: _Reader, c: dict[str, Any]) -> Task:
    cards, whole = _whole_deck(r)
    return CardPointsTask(**c, cards=cards, whole_deck=whole)


def _count_trumps(r: _Reader, c: dict[str, Any]) -> Task:
    cards, whole = _whole_deck(r)
    return CountTrumpsTask(**c, cards=cards, whole_deck=whole)


def _trumps_left(r: _Reader, c: dict[str, Any]) -> Task:
    hand = r.cards("hand", (1, 9))
    played = r.cards("played", (0, 32), optional=True)
    if set(hand) & set(played):
        r.fail("a card is both in the hand and among the played cards", "played")
    return TrumpsLeftTask(**c, hand=hand, played=played)


def _legal_card(r: _Reader, c: dict[str, Any]) -> Task:
    hand = r.cards("hand", (1, 9))
    leader = r.seat("leader", Seat.S)
    trick = r.cards("trick", (0, 3), optional=True)
    if leader.offset(len(trick)) != Seat.S:
        r.fail(f"with {len(trick)} card(s) led by {leader.name} it is not S's turn", "leader")
    if set(hand) & set(trick):
        r.fail("a card is both in the hand and in the trick", "trick")
    led = r.suits("led")
    if c["trump"] in led:
        r.fail("the trump suit is not a plain suit: only plain suits count as led", "led")
    first = r.raw("first_of_match", False)
    if not isinstance(first, bool):
        r.fail("expected true or false", "first_of_match")
        first = False
    if first:
        _check_first_lead(r, c["rules"], hand, trick, led)
    return LegalCardTask(**c, hand=hand, leader=leader, trick=trick, led=led,
                         first_of_match=first)


def _check_first_lead(r: _Reader, rules: Rules, hand: tuple[Card, ...],
                      trick: tuple[Card, ...], led: frozenset[Suit]) -> None:
    """A first lead of the match is a task only where a card must open it and S holds it, in a
    hand as dealt (no card has been played yet)."""
    card = rules.first_lead_card
    if card is None:
        r.fail(f"under {rules.name!r} no card must open the match", "first_of_match")
    elif trick or led:
        r.fail("the first lead of the match comes before any card is played", "first_of_match")
    elif card not in hand:
        r.fail(f"the hand must hold the {card.token}, which opens the match", "hand")
    if card is not None and len(hand) != rules.hand_size:
        r.fail(f"the first lead of the match is made from a whole hand: {rules.hand_size} cards "
               f"under {rules.name!r}, not {len(hand)}", "hand")


def _seat(r: _Reader, c: dict[str, Any]) -> Task:
    return SeatTask(**c, relation=r.choice("relation", SEAT_RELATIONS), of=r.seat("of", Seat.S))


def _deal_score(r: _Reader, c: dict[str, Any]) -> Task:
    rules: Rules = c["rules"]
    if rules.scoring not in DEAL_SCORE_TABLES:
        r.fail(f"no deal_score task for the {rules.scoring!r} score table", "kind")
    points = r.ints("points", 2)
    tricks = r.ints("tricks", 2)
    if sum(points) != 120:
        r.fail(f"the points of a deal add up to 120, not {sum(points)}", "points")
    if sum(tricks) != rules.hand_size:
        r.fail(f"a {rules.deck}-card deal has {rules.hand_size} tricks, not {sum(tricks)}",
               "tricks")
    for team in (0, 1):
        if tricks[team] == 0 and points[team] > 0:
            r.fail("a side with no trick cannot have points", "points")
    after_eggs = r.raw("after_eggs", False)
    if not isinstance(after_eggs, bool):
        r.fail("expected true or false", "after_eggs")
        after_eggs = False
    return DealScoreTask(**c, points=(points[0], points[1]), tricks=(tricks[0], tricks[1]),
                         after_eggs=after_eggs)


def _match(r: _Reader, c: dict[str, Any]) -> Task:
    raw = r.require("deals")
    deals: list[tuple[int, int, int, int]] = []
    if not isinstance(raw, list) or not raw:
        r.fail("expected a list of deals [points NS, points EW, tricks NS, tricks EW]", "deals")
        raw = []
    rules: Rules = c["rules"]
    for i, item in enumerate(raw):
        a, b, x, y = r.ints(f"deals[{i}]", 4, item if isinstance(item, list) else "bad")
        if a + b != 120 or x + y != rules.hand_size or (x == 0 and a) or (y == 0 and b):
            r.fail("not a possible deal (points add up to 120, tricks to the hand size)",
                   f"deals[{i}]")
        deals.append((a, b, x, y))
    return MatchTask(**c, deals=tuple(deals), question=r.choice("question", MATCH_QUESTIONS))


def _call_trump(r: _Reader, c: dict[str, Any]) -> Task:
    rules: Rules = c["rules"]
    if rules.trump_rule != "called":
        c["rules"] = find_rules("standard", deck=rules.deck, trump="called")
    return CallTrumpTask(**c, hand=r.cards("hand", (c["rules"].hand_size, c["rules"].hand_size)))


def _best_card(r: _Reader, c: dict[str, Any]) -> Task:
    raw = r.require("position")
    position: Position | None = None
    try:
        position = Position.from_json(raw if isinstance(raw, Mapping) else "null")
    except PositionError as exc:
        r.fail(str(exc), "position")
    if position is not None:
        if position.to_move != Seat.S:
            r.fail("the learner plays S: S must be to move", "position")
        if max(len(hand) for hand in position.hands) > 4:
            r.fail("keep endgames to 4 cards a hand or fewer", "position")
        c["rules"], c["trump"] = position.rules, position.trump
    margin = r.raw("margin", 10)
    if not isinstance(margin, int) or isinstance(margin, bool) or margin < 1:
        r.fail("expected a whole number ≥ 1", "margin")
        margin = 10
    return BestCardTask(**c, position=position, margin=margin)


TASK_PARSERS: dict[str, Callable[[_Reader, dict[str, Any]], Task]] = {
    "trick_winner": _trick_winner,
    "highest_card": _highest,
    "card_points": _card_points,
    "count_trumps": _count_trumps,
    "trumps_left": _trumps_left,
    "legal_card": _legal_card,
    "seat": _seat,
    "deal_score": _deal_score,
    "match": _match,
    "call_trump": _call_trump,
    "best_card": _best_card,
}


def _lesson_rules(r: _Reader) -> Rules:
    """Standard options (``{"deck": 32}``), or a regional preset (``{"preset": "nizhny"}``)."""
    options = r.raw("rules", {})
    if not isinstance(options, Mapping):
        r.fail("expected an object of standard options, e.g. {\"deck\": 32}", "rules")
        return find_rules()
    options = dict(options)
    preset = options.pop("preset", "standard")
    try:
        return find_rules(str(preset), **options)
    except (RulesError, TypeError) as exc:
        r.fail(str(exc), "rules")
        return find_rules()


def _step(data: object, path: str, rules: Rules, problems: list[str]) -> Step | None:
    r = _Reader(data, path, problems)
    kind = r.choice("type", ("explain", "task"))
    step: Step | None
    if kind == "explain":
        cards = r.cards("cards", (0, 15), optional=True)
        trump = r.suit("trump", rules.trump) if r.has("trump") else None
        table = r.raw("table", False)
        if not isinstance(table, bool):
            r.fail("expected true or false", "table")
            table = False
        step = ExplainStep(r.text("text"), cards, trump, table)
    else:
        name = r.raw("kind")
        parser = TASK_PARSERS.get(name) if isinstance(name, str) else None
        if parser is None:
            r.fail(f"unknown task kind {name!r} (known: {', '.join(TASK_PARSERS)})", "kind")
            step = None
        else:
            step = parser(r, _common(r, rules))
    r.finish()
    return step


def parse_lesson(data: object, source: str = "lesson") -> Lesson:
    """Validate a decoded lesson; raises :class:`LessonError` listing every problem."""
    problems: list[str] = []
    r = _Reader(data, "lesson", problems)
    lesson_id = r.require("id")
    if not isinstance(lesson_id, str) or not LESSON_ID.match(lesson_id):
        r.fail("expected an id like 04_trick (two digits, underscore, lower-case name)", "id")
        lesson_id = "00_invalid"
    title, goal = r.text("title"), r.text("goal")
    rules = _lesson_rules(r)
    raw_steps = r.require("steps")
    steps: list[Step] = []
    if not isinstance(raw_steps, list):
        r.fail("expected a list of steps", "steps")
        raw_steps = []
    for i, item in enumerate(raw_steps):
        step = _step(item, f"steps[{i}]", rules, problems)
        if step is not None:
            steps.append(step)
    r.finish()
    if not MIN_STEPS <= len(raw_steps) <= MAX_STEPS:
        problems.append(
            f"steps: a lesson has {MIN_STEPS} to {MAX_STEPS} steps, not {len(raw_steps)}")
    if sum(isinstance(s, Task) for s in steps) < MIN_TASKS:
        problems.append(f"steps: a lesson needs at least {MIN_TASKS} tasks")
    if problems:
        raise LessonError(source, problems)
    return Lesson(lesson_id, title, goal, tuple(steps))


# -- the shipped lessons ----------------------------------------------------------------------


def _folder() -> Any:
    return resources.files("kozel_tutor").joinpath("data", "lessons")


def lesson_ids() -> list[str]:
    """The ids of the shipped lessons, in teaching order."""
    return sorted(p.name[:-5] for p in _folder().iterdir() if p.name.endswith(".json"))


@cache
def load_lesson(lesson_id: str) -> Lesson:
    """Read and validate a shipped lesson by id (``"01_table"``)."""
    if lesson_id not in lesson_ids():
        raise LessonError(lesson_id, [f"no such lesson (known: {', '.join(lesson_ids())})"])
    source = f"{lesson_id}.json"
    try:
        data = json.loads(_folder().joinpath(source).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise LessonError(source, [f"not valid JSON: {exc.msg} at line {exc.lineno}"]) from None
    lesson = parse_lesson(data, source)
    if lesson.id != lesson_id:
        raise LessonError(source, [f"id {lesson.id!r} does not match the file name"])
    return lesson
