"""The tutor: why each card is right or worse, in words, from the solver's values and lines.

For a card that misses, the tutor plays the best line (from the best card, of equals the one
with the best deal result: :func:`best_answer`) and the card's refutation side by side and names
the trick where the opponents gain the most over the best line (the *turning trick*), then the
points and the deal result of both: "After 9♠ the opponents take this trick (21 points) with
A♥: you end with 52 instead of 67. You lose the deal (they write 2) instead of winning it (you
write 2)." (:func:`~.result_words.compare_results` says who wins the deal each time, so equal
scores never read as "nothing changed".)  The turning trick is named by where it lies on the
line, counted from the trick the card goes to: "this trick", "the next trick", or "three tricks
later" (:func:`turn_words`), so a later trick never reads as the one on the table, and its card
is the one that wins it on the line. Deal results
are put in the words of the puzzle's own rules ("they are written 4" under penalty scoring, rows
and люся in ``classic``), and a line that ends with the 6♣ catching the Q♣ says so instead of
counting points: the solver's value of such a line is a stand-in for the catch, not card points
(:func:`~kozel_tutor.solver.core.caught_points`), so a card whose line ends in the catch has no
``points`` and is never compared with another in points.

>>> from kozel_tutor.position import Position
>>> from kozel_tutor.puzzles.verify import analyse
>>> pos = Position.from_json({"hands": {"N": "QC 9S", "E": "JD AH", "S": "TC 7S",
...     "W": "KH 6D"}, "leader": "N", "taken": {"NS": [40, 4], "EW": [50, 3]}})
>>> report = card_report(analyse(pos, Goal.MAX_POINTS, backend="python"),
...                      Card.parse("9S"), backend="python")
>>> report.correct, report.text.en.startswith("After 9♠")
(False, True)
>>> turn_words(3, Card.parse("TC"), 20, "en")
'the opponents take a trick (20 points) with 10♣ three tricks later'
>>> turn_words(5, Card.parse("TC"), 20, "ru")
'через пять взяток соперники забирают взятку (20 очков) картой 10♣'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..i18n import word_list
from ..rules import Rules
from ..seats import Team
from ..solver import Outcome
from ..solver.core import Backend
from .model import Goal, Text
from .result_words import compare_results, miss_words
from .texts import points_phrase, say, seat_role
from .themes import caught_side
from .variants import outcome_words
from .verify import GoalCheck, LineTrick, line_after, play_line

__all__ = ["CardReport", "best_answer", "card_report", "outcome_text", "turn_words"]

_SIX_CLUBS = Card.parse("6C")

_LATER = {
    "en": ("", "", "two", "three", "four", "five", "six", "seven", "eight"),
    "ru": ("", "", "две взятки", "три взятки", "четыре взятки", "пять взяток", "шесть взяток",
           "семь взяток", "восемь взяток"),
}
"""How many tricks after the card's own the turning trick lies, in words (a deal has nine)."""


@dataclass(frozen=True)
class CardReport:
    """Everything the player shows about one legal card after the learner has answered.

    ``points`` is the card points the learner's side ends the deal with along ``line``, or
    ``None`` when the line ends with the 6♣ catching the Q♣ (the deal stops there and only its
    result, ``outcome`` and ``score``, counts).
    """

    card: Card
    group: tuple[Card, ...]
    correct: bool
    points: int | None
    score: int | None
    outcome: Text
    text: Text
    line: tuple[Card, ...]
    tricks: tuple[LineTrick, ...]

    def to_view(self, check: GoalCheck, lang: str) -> dict[str, Any]:
        """Plain JSON for the widget: the verdict and the line trick by trick."""
        learner = check.position.to_move
        return {
            "card": self.card.token,
            "group": [c.token for c in self.group],
            "correct": self.correct,
            "points": self.points,
            "score": self.score,
            "outcome": self.outcome.get(lang),
            "text": self.text.get(lang),
            "tricks": [{
                "plays": [{"seat": seat.name, "card": card.token,
                           "who": seat_role(seat, learner, lang), "shown": i < t.before}
                          for i, (seat, card) in enumerate(t.plays)],
                "winner": t.winner.name,
                "winner_who": seat_role(t.winner, learner, lang),
                "points": t.points,
                "ours": t.winner.team == learner.team,
            } for t in self.tricks],
        }


def outcome_text(outcome: Outcome | None, team: Team, *, gerund: bool = False,
                 rules: Rules | None = None) -> Text:
    """"you write 4" / "they write 2" / "eggs", from ``team``'s point of view (in the words of
    ``rules``' deal-score table when given, see :func:`.variants.outcome_words`)."""
    if rules is not None:
        return outcome_words(outcome, team, rules, gerund=gerund)
    if outcome is None:
        return Text("?", "?")
    if outcome.winner is None:
        key = "eggs_ing" if gerund else "eggs"
        return Text(say(key, "ru"), say(key, "en"))
    ours = outcome.winner == team
    key = ("you" if ours else "they") + ("_writing" if gerund else "_write")
    return Text(say(key, "ru", n=outcome.value), say(key, "en", n=outcome.value))


def card_report(check: GoalCheck, card: Card, *, best_line: list[Card] | None = None,
                backend: str | Backend | None = None,
                budget: float | None = None) -> CardReport:
    """The verdict on ``card``: right or not, its value, the line, and the words.  ``budget``
    bounds each line's solve (:func:`~.verify.line_after` raises :class:`TimeoutError`)."""
    position = check.position
    team = position.to_move.team
    result = check.results[card]
    correct = card in check.answers
    answer = _representative(check, card)
    if best_line is None or best_line[0] != answer:
        best_line = line_after(position, answer, check.goal, backend, budget)
    line = best_line if card == answer else line_after(position, card, check.goal, backend,
                                                       budget)
    tricks = play_line(position, line)
    outcome = outcome_text(result.outcome, team, rules=position.rules)
    caught = caught_side(position.rules, tricks)
    if correct:
        text = _right_text(check, card, outcome, caught)
    else:
        text = _miss_text(check, card, answer, tricks, play_line(position, best_line))
    return CardReport(card, check.group_of(card), correct,
                      None if caught is not None else result.points, result.score, outcome,
                      text, tuple(line), tuple(tricks))


def _representative(check: GoalCheck, card: Card) -> Card:
    """The answer to compare with: ``card`` itself if right, else :func:`best_answer`."""
    return card if card in check.answers else best_answer(check)


def best_answer(check: GoalCheck) -> Card:
    """The answer a missed card is compared with: the one of the most points and, among
    those, the best deal result (a sweep's 6 before a 4), then the first in card order; so
    "you win the deal either way" is never said where a best card writes more."""

    def rank(card: Card) -> tuple[int, int, int]:
        result = check.results[card]
        points = -1 if result.points is None else result.points
        score = -100 if result.score is None else result.score
        return -points, -score, card.index

    return min(check.answers, key=rank)


def _label(card: Card, lang: str) -> str:
    return card.label(lang)


def _whose(caught: Team, team: Team, lang: str) -> str:
    return say("whose_ours" if caught == team else "whose_theirs", lang)


def _right_text(check: GoalCheck, card: Card, outcome: Text, caught: Team | None) -> Text:
    points = check.results[card].points or 0
    team = check.position.to_move.team
    key = {Goal.ALL_TRICKS: "is_right_all", Goal.TAKE_TRICK: "is_right_trick"}.get(
        check.goal, "is_right")
    if caught is not None:
        key = "is_right_catch_six" if card == _SIX_CLUBS else "is_right_catch"
    parts: list[Text] = [Text(
        say(key, "ru", card=_label(card, "ru"), points_ins=points_phrase(points, "ru",
            instrumental=True), outcome=outcome.ru,
            whose="" if caught is None else _whose(caught, team, "ru")),
        say(key, "en", card=_label(card, "en"), points=points_phrase(points, "en"),
            outcome=outcome.en, whose="" if caught is None else _whose(caught, team, "en")))]
    others = [c for c in check.group_of(card) if c != card]
    if others:
        parts.append(Text(
            say("also_right", "ru", card=_label(card, "ru"),
                group=word_list([_label(c, "ru") for c in others], "ru")),
            say("also_right", "en", card=_label(card, "en"),
                group=word_list([_label(c, "en") for c in others], "en"))))
    return Text(" ".join(p.ru for p in parts), " ".join(p.en for p in parts))


def _miss_text(check: GoalCheck, card: Card, answer: Card, miss: list[LineTrick],
               best: list[LineTrick]) -> Text:
    team = check.position.to_move.team
    rules = check.position.rules
    mine, top = check.results[card], check.results[answer]
    result = compare_results(mine.outcome, top.outcome, team, rules)
    if check.goal in (Goal.TAKE_TRICK, Goal.ALL_TRICKS):
        return _miss_trick_goal(check, card, miss, result)
    turn = _turning_trick(miss, best, team)
    caught = caught_side(rules, miss)
    best_caught = caught_side(rules, best)
    texts: dict[str, str] = {}
    for lang in ("ru", "en"):
        if turn is None:
            turn_text = say("turn_less", lang)
        else:
            turn_text = turn_words(turn, miss[turn].winning_card, miss[turn].points, lang)
        if caught is not None:
            texts[lang] = miss_words("miss_catch", lang, result, card=_label(card, lang),
                                     whose=_whose(caught, team, lang))
        elif best_caught is not None:
            # the best line's value is the catch's stand-in, not points: no points compared;
            # the best card may be the 6♣ itself, which then catches in this trick
            key = "miss_best_catch_six" if answer == _SIX_CLUBS else "miss_best_catch"
            texts[lang] = miss_words(key, lang, result, card=_label(card, lang),
                                     points=points_phrase(_line_points(check, miss), lang),
                                     best=_label(answer, lang),
                                     whose=_whose(best_caught, team, lang))
        else:
            texts[lang] = miss_words("miss", lang, result, card=_label(card, lang),
                                     turn=turn_text, points=mine.points, best=top.points)
    return Text(texts["ru"], texts["en"])


def _line_points(check: GoalCheck, tricks: list[LineTrick]) -> int:
    """The card points the learner's side ends the deal with along ``tricks``."""
    position = check.position
    team = position.to_move.team
    return position.taken_points[team] + sum(t.points for t in tricks if t.winner.team == team)


def _miss_trick_goal(check: GoalCheck, card: Card, miss: list[LineTrick], result: Text) -> Text:
    team = check.position.to_move.team
    texts: dict[str, str] = {}
    lost = next((i for i, t in enumerate(miss) if t.winner.team != team), None)
    for lang in ("ru", "en"):
        if check.goal is Goal.ALL_TRICKS and lost is not None:
            texts[lang] = miss_words("miss_all", lang, result, card=_label(card, lang),
                                     turn=turn_words(lost, miss[lost].winning_card,
                                                     miss[lost].points, lang))
        else:
            texts[lang] = miss_words("miss_trick", lang, result, card=_label(card, lang))
    return Text(texts["ru"], texts["en"])


def turn_words(index: int, card: Card, points: int, lang: str) -> str:
    """The opponents taking the trick ``index`` of a line (0: the one the learner's card goes
    to) with ``card``, ``points`` in it: which trick it is, in words."""
    phrase = points_phrase(points, lang)
    label = _label(card, lang)
    if index == 0:
        return say("turn_this", lang, points=phrase, card=label)
    if index == 1:
        return say("turn_next", lang, points=phrase, card=label)
    words = _LATER["ru" if lang == "ru" else "en"]
    later = words[index] if index < len(words) else str(index)
    return say("turn_later", lang, points=phrase, card=label, later=later)


def _turning_trick(miss: list[LineTrick], best: list[LineTrick], team: Team) -> int | None:
    """The index in ``miss`` of the trick that explains the loss: the one where the opponents
    gain the most over the same trick of the best line (the first of equals), so a 2-point trick
    is not blamed for a 27-point loss that comes later.  The opponents take that trick, so its
    winning card is theirs.  Without such a trick (the lines never differ in the opponents'
    favour), the refutation's richest trick of theirs, if any."""
    def theirs(tricks: list[LineTrick], i: int) -> int:
        return tricks[i].points if i < len(tricks) and tricks[i].winner.team != team else 0

    gains = [theirs(miss, i) - theirs(best, i) for i in range(len(miss))]
    if gains and max(gains) > 0:
        return gains.index(max(gains))
    lost = [i for i, t in enumerate(miss) if t.winner.team != team]
    return max(lost, key=lambda i: miss[i].points) if lost else None
