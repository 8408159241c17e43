"""What a checker answers: a verdict with its explanation, and the choices a task offers.

Answers arrive as text from the widget; these helpers read them strictly (a card among those
on offer, a small whole number) so a forged or mistyped answer is simply not right.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from .model import Text

__all__ = ["PICK_BUTTON", "PICK_CARD", "RIGHT", "TYPE_NUMBER", "WRONG", "Choice", "Verdict",
           "card_answer", "number_answer"]


@dataclass(frozen=True)
class Choice:
    """One button of a multiple-choice task."""

    value: str
    label: Text


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, and why, in both languages."""

    correct: bool
    explanation: Text
    worked: bool = False
    """The explanation works the answer out (a count, a score): on a wrong answer the lesson
    shows a nudge instead, until it reveals the answer."""


RIGHT = Text("Верно.", "Right.")
WRONG = Text("Не совсем.", "Not quite.")


def card_answer(answer: str, allowed: Sequence[Card]) -> Card | None:
    return next((card for card in allowed if card.token == answer.upper()), None)


def number_answer(answer: str) -> int | None:
    text = answer.strip()
    return int(text) if text.isdigit() and len(text) < 6 else None


PICK_CARD = Text("Нажмите на одну из показанных карт.", "Click one of the cards shown.")
TYPE_NUMBER = Text("Введите число.", "Type a number.")
PICK_BUTTON = Text("Выберите один из вариантов.", "Pick one of the options.")
