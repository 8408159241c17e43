"""Best-card tasks: small open endgames decided by the exact solver.

A task is kept only if one card is best by a clear margin (``task.margin`` card points, or a
different deal result), as lichess-puzzler keeps a puzzle only when one move is clearly best.
The pure-Python solver answers endgames of four cards a hand at once.
"""

from __future__ import annotations

from functools import cache

from ..cards import Card
from ..seats import Seat, Team
from ..solver import Analysis, Outcome, solve
from .model import BestCardTask, LessonError, Text
from .phrases import points, say
from .verdicts import PICK_CARD, RIGHT, Verdict, card_answer

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


def _outcome_text(outcome: Outcome) -> Text:
    if outcome.winner is None:
        return say("eggs", "яйца", cap=False)
    if outcome.winner is Team.NS:
        return say("{t} win the deal and write {n}", "{t} выигрываем раздачу и пишем {n}",
                   cap=False, t=outcome.winner, n=outcome.value)
    return say("{t} win the deal and write {n}", "{t} выигрывают раздачу и пишут {n}",
               cap=False, t=outcome.winner, n=outcome.value)


def _line_text(task: BestCardTask) -> Text:
    assert task.position is not None
    analysis = analyse(task)
    state = task.position.to_state()   # whoever wins a trick leads the next: replay the line
    parts_ru, parts_en = [], []
    for card in analysis.pv[:4]:
        who = state.to_move
        state.play(card)
        # «Ю: Д♠», not «С Д♠»: a bare С, В or З before a card reads as a preposition
        parts_ru.append(f"{who.label('ru')}: {card.label('ru')}")
        parts_en.append(f"{who.label('en')} {card.label('en')}")
    return say("Best play goes: {line} …", "Лучшая игра: {line} …",
               line=Text(", ".join(parts_ru), ", ".join(parts_en)))


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
        return Verdict(False, Text(reason.text("ru"), reason.text("en")))
    best = best_card(task)
    values, outcomes = analysis.values, analysis.outcomes
    if chosen == best:
        second = max((v for c, v in values.items() if c != best), default=values[best])
        return Verdict(True, RIGHT + say(
            "With the {c} your side ends the deal with {v} ({out}); every other card "
            "gives {d} fewer or worse.",
            "С картой {c} ваша сторона заканчивает раздачу с {v} ({out}); любая другая "
            "карта даёт на {d} меньше или ещё хуже.",
            c=best, v=points(values[best], "ins"), out=_outcome_text(outcomes[best]),
            d=points(values[best] - second))
            + _line_text(task))
    return Verdict(False, say(
        "With the {c}, if everyone then plays their best, your side ends the deal with {v} "
        "({out}). There is a card that gets you {b} ({bout}).",
        "С картой {c}, если дальше все играют наилучшим образом, ваша сторона заканчивает "
        "раздачу с {v} ({out}). Есть карта, которая даёт {b} ({bout}).",
        c=chosen, v=points(values[chosen], "ins"), out=_outcome_text(outcomes[chosen]),
        b=points(values[best]), bout=_outcome_text(outcomes[best])))
