"""Best-card tasks: small open endgames decided by the exact solver.

A task is kept only if one card is best by a clear margin (``task.margin`` card points, or a
different deal result), as lichess-puzzler keeps a puzzle only when one move is clearly best.
The pure-Python solver answers endgames of four cards a hand at once.  A wrong card is
explained by the puzzles' tutor (:func:`kozel_tutor.puzzles.explain.card_report`): the trick
where the opponents gain on its line, and the points of your side that go to them there.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..cards import Card
from ..seats import Seat, Team
from ..solver import Analysis, solve
from .model import BestCardTask, LessonError, Text
from .phrases import cards_list, points, say
from .verdicts import PICK_CARD, RIGHT, WRONG, Verdict, card_answer

if TYPE_CHECKING:   # the puzzles' tutor is imported when a lesson first needs it
    from ..puzzles.explain import CardReport
    from ..puzzles.verify import GoalCheck, LineTrick

__all__ = ["analyse", "best_card", "check_best"]


@cache
def analyse(task: BestCardTask) -> Analysis:
    """The exact analysis of the task's endgame (pure-Python solver: small endgames, instant)."""
    if task.position is None:
        raise LessonError("best_card", ["the task has no position"])
    return solve(task.position, backend="python")


def best_card(task: BestCardTask) -> Card:
    analysis = analyse(task)
    if len(analysis.best) != 1:
        raise LessonError("best_card", [
            f"{len(analysis.best)} cards are equally best "
            f"({' '.join(c.token for c in analysis.best)}): a task needs one best card"])
    best = analysis.best[0]
    for card, value in analysis.values.items():
        if card == best:
            continue
        gap = analysis.values[best] - value
        if gap < task.margin and analysis.outcomes[card] == analysis.outcomes[best]:
            raise LessonError("best_card", [
                f"{card.token} is only {gap} point(s) worse than {best.token} and leads to the "
                f"same deal result: the best card must win by {task.margin} or more"])
    return best


@cache
def _judged(task: BestCardTask) -> GoalCheck:
    """The puzzles' verdict on every card of the endgame (from the same solve)."""
    from ..puzzles.model import Goal
    from ..puzzles.verify import analyse as judge

    assert task.position is not None
    return judge(task.position, Goal.MAX_POINTS, backend="python", analysis=analyse(task))


@cache
def _report(task: BestCardTask, card: Card) -> CardReport:
    """The puzzles' tutor on ``card``: its line and, for a miss, why in words."""
    from ..puzzles.explain import card_report

    return card_report(_judged(task), card, backend="python")


def _outcome(task: BestCardTask, card: Card) -> Text:
    from ..puzzles.explain import outcome_text

    assert task.position is not None
    words = outcome_text(analyse(task).outcomes[card], task.position.to_move.team,
                         rules=task.position.rules)
    return Text(words.ru, words.en)


def _line_text(task: BestCardTask) -> Text:
    """The start of the best line, four cards, each with the seat that plays it; when the line
    goes on into the next trick, the tricks are told apart: «в этой взятке вы — 10♠; в следующей
    партнёр — К♦, …» (else the learner seems to play twice in one trick)."""
    from ..puzzles.texts import seat_role

    assert task.position is not None
    analysis = analyse(task)
    state = task.position.to_state()   # whoever wins a trick leads the next: replay the line
    tricks: list[tuple[list[str], list[str]]] = [([], [])]
    for card in analysis.pv[:4]:
        if not tricks[-1][0] or state.trick:
            ru, en = tricks[-1]
        else:   # the trick before is complete: this card leads the next one
            ru, en = [], []
            tricks.append((ru, en))
        who = state.to_move
        state.play(card)
        # «партнёр — 7♠», not «С 7♠»: a bare С, В or З before a card reads as a preposition,
        # and В as a jack
        ru.append(f"{seat_role(who, Seat.S, 'ru')} — {card.label('ru')}")
        en.append(f"{who.label('en')} {card.label('en')}")
    line = [Text(", ".join(ru), ", ".join(en)) for ru, en in tricks]
    if len(line) > 1:
        line = [say("in this trick {p}", "в этой взятке {p}", cap=False, p=line[0]),
                *(say("in the next trick {p}", "в следующей {p}", cap=False, p=part)
                  for part in line[1:])]
    return say("Best play goes: {line} …", "Лучший розыгрыш: {line} …",
               line=Text("; ".join(t.ru for t in line), "; ".join(t.en for t in line)))


def _given_away(task: BestCardTask, card: Card, best: Card) -> list[Card]:
    """Your side's point cards that the opponents take on ``card``'s line but not on the best
    line: what the miss actually costs, card by card."""
    def theirs(line: tuple[LineTrick, ...]) -> set[Card]:
        return {played for trick in line if trick.winner.team is not Team.NS
                for seat, played in trick.plays if seat.team is Team.NS and played.points}

    lost = theirs(_report(task, card).tricks) - theirs(_report(task, best).tricks)
    return sorted(lost, key=lambda c: (-c.points, c.index))


def check_best(task: BestCardTask, answer: str) -> Verdict:
    assert task.position is not None
    hand = tuple(task.position.hands[Seat.S])
    chosen = card_answer(answer, hand)
    if chosen is None:
        return Verdict(False, PICK_CARD)
    analysis = analyse(task)
    if chosen not in analysis.values:
        reason = task.position.to_state().why_illegal(chosen)
        assert reason is not None
        return Verdict(False, WRONG + Text(reason.text("ru"), reason.text("en")))
    best = best_card(task)
    values = analysis.values
    if chosen == best:
        second = max((v for c, v in values.items() if c != best), default=values[best])
        return Verdict(True, RIGHT + say(
            "With the {c} your side ends the deal with {v} ({out}); every other card "
            "gives {d} fewer or worse.",
            "С картой {c} ваша сторона заканчивает раздачу с {v} ({out}); любая другая "
            "карта даёт на {d} меньше или ещё хуже.",
            c=best, v=points(values[best], "ins"), out=_outcome(task, best),
            d=points(values[best] - second))
            + _line_text(task))
    report = _report(task, chosen).text
    why = WRONG + Text(report.ru, report.en)
    lost = _given_away(task, chosen, best)
    if lost:
        # over the rest of the deal, not only in the trick the report names (the best line
        # may lose other cards of yours that this one loses too)
        why = why + say("After this card, and not after the best one, the opponents win these "
                        "cards of your side by the end of the deal: {cards}.",
                        "После этой карты, в отличие от лучшей, соперники до конца раздачи "
                        "забирают эти карты вашей стороны: {cards}.",
                        cards=cards_list(lost))
    return Verdict(False, why)
