"""What a checker answers: a verdict with its explanation, and the choices a task offers.

Answers arrive as text from the widget; these helpers read them strictly (a card among those
on offer, a whole number) so a forged or mistyped answer is simply not right.

>>> [number_answer(typed) for typed in (" 30 ", "+30", "-5", "\u22125", "\uff13\uff10")]
[30, 30, -5, -5, 30]
>>> [number_answer(typed) for typed in ("2.5", "1e1", "30 очков", "")]
[None, None, None, None]
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


MINUS = "-\u2212\uff0d"
"""A minus as typed: the hyphen, the minus sign «−», the full-width «－»."""
PLUS = "+\uff0b"


def number_answer(answer: str) -> int | None:
    """The whole number ``answer`` reads as, or ``None`` if it is not one (a point, a comma, a
    letter, an exponent, more than nine digits): spaces around it, a sign and digits of any
    script (full-width «３０») are read as the learner meant them."""
    text = answer.strip()
    sign = text[:1] if text[:1] and text[:1] in MINUS + PLUS else ""
    digits = text[len(sign):]
    if not (digits.isdecimal() and len(digits) <= 9):
        return None
    return -int(digits) if sign and sign in MINUS else int(digits)


PICK_CARD = Text("Нажмите на одну из показанных карт.", "Click one of the cards shown.")
TYPE_NUMBER = Text("Введите целое число: только цифры, без точки, запятой и букв.",
                   "Type a whole number: digits only, with no point, comma or letters.")
"""What an answer that is not a whole number is told (it is not counted as a try)."""
PICK_BUTTON = Text("Выберите один из вариантов.", "Pick one of the options.")
