"""The choices players make outside the play of cards: boasts, redeals, giving the last trump,
who leads.

A procedure (:mod:`.boasts`, :mod:`.predeal`, :class:`.match.Match`) is a generator that
*yields* a :class:`Question` and receives the answer — one of ``question.options`` — back.  The
app shows the question to a person; :mod:`.choices` answers it for the AI.  :func:`drive` runs a
procedure to the end with an answering function.

>>> q = RedealQuestion(Seat.N, (False, True), rules=None, hand=CardSet(), reason="weak_hand")
>>> q.prompt.text("en")
'Your hand is weak (12 points or less, or all four nines): you may demand a redeal.'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..cards import Card, CardSet
from ..i18n import MESSAGES, Message
from ..rules import Rules
from ..seats import Seat
from .match_rules import procedures_for

__all__ = [
    "BoastQuestion",
    "GiveBackQuestion",
    "GiveTrumpQuestion",
    "LayQuestion",
    "LeaderQuestion",
    "Procedure",
    "ProcedureError",
    "Question",
    "RedealQuestion",
    "drive",
    "no_queen_claim",
]

T = TypeVar("T")


class ProcedureError(ValueError):
    """An answer that is not one of the question's options, or a procedure run out of order."""


@dataclass(frozen=True)
class Question(ABC):
    """Something ``seat`` must decide; the answer must be one of ``options``."""

    seat: Seat
    options: tuple[Any, ...]
    rules: Rules | None = field(default=None, kw_only=True)

    @property
    @abstractmethod
    def prompt(self) -> Message:
        """What the seat is asked, in words (each kind of question says it its own way)."""

    def check(self, answer: object) -> None:
        if answer not in self.options:
            raise ProcedureError(
                f"{answer!r} is not a valid answer to {type(self).__name__} "
                f"(choose one of {list(self.options)!r})")


@dataclass(frozen=True)
class BoastQuestion(Question):
    """The side entitled to the first lead may ask for a special deal (хвалёнка) before the deal.

    Options are ``None`` (deal normally) and ``(seat, boast)`` pairs: which partner boasts and how.
    """

    @property
    def prompt(self) -> Message:
        return Message("q_boast")


@dataclass(frozen=True)
class RedealQuestion(Question):
    """``seat`` may demand a redeal for ``reason`` (``weak_hand`` or ``no_queen``).

    A side's claim (``no_queen``) is the partners' to agree on: ``side_hands`` holds both
    partners' cards, so that whichever of them decides sees their own hand.  The prompt says
    the claim as the preset has it: in ``classic`` a side whose only queen is the Q♦ has "no
    queen" too (``Procedures.only_diamond_queen_counts_as_none``).  ``refused_dealer`` is set
    (to the dealer) when the claim would be refused and lose the deal for the dealing side.

    >>> from kozel_tutor.rules import find_rules
    >>> RedealQuestion(Seat.N, (False, True), rules=find_rules("kozly24"), hand=CardSet(),
    ...                reason="no_queen").prompt.text("en")
    'Your side holds no queen: you may demand a redeal.'
    """

    hand: CardSet = field(kw_only=True)
    reason: str = field(kw_only=True)
    side_hands: tuple[tuple[Seat, CardSet], ...] = field(default=(), kw_only=True)
    #: the side that deals, when this claim would be the redeal the rules refuse (the third
    #: in a row in ``classic``): claiming it ends the deal unplayed and that side loses
    refused_dealer: Seat | None = field(default=None, kw_only=True)

    @property
    def prompt(self) -> Message:
        if self.reason == "no_queen":
            return Message(f"q_redeal_{no_queen_claim(self.rules)}")
        return Message(f"q_redeal_{self.reason}")


def no_queen_claim(rules: Rules | None) -> str:
    """How ``rules`` word a side's no-queen redeal (the suffix of its text keys):
    ``no_queen_or_diamond`` where a lone Q♦ counts as no queen (``classic``), else ``no_queen``.
    """
    if rules is not None and procedures_for(rules).only_diamond_queen_counts_as_none:
        return "no_queen_or_diamond"
    return "no_queen"


@dataclass(frozen=True)
class GiveTrumpQuestion(Question):
    """``seat`` holds exactly one trump and may pass it face down to the partner."""

    hand: CardSet = field(kw_only=True)
    trump: Card = field(kw_only=True)

    @property
    def prompt(self) -> Message:
        return Message("q_give_trump", {"card": self.trump})


@dataclass(frozen=True)
class GiveBackQuestion(Question):
    """The partner received ``received`` and gives back one of ``options``."""

    hand: CardSet = field(kw_only=True)
    received: Card = field(kw_only=True)

    @property
    def prompt(self) -> Message:
        return Message("q_give_back", {"card": self.received})


@dataclass(frozen=True)
class LeaderQuestion(Question):
    """The side that won the last deal picks which partner leads; both look at their cards."""

    hands: tuple[tuple[Seat, CardSet], ...] = field(kw_only=True)

    @property
    def prompt(self) -> Message:
        return Message("q_leader")


@dataclass(frozen=True)
class LayQuestion(Question):
    """During a boast: which of ``options`` ``seat`` lays on the table.

    ``hand`` holds what the seat kept so far, ``visible`` the cards lying face up on this trick
    (in play order, with their seats), ``slot`` is ``"closed"`` or ``"open"`` (double pants) or
    ``"single"``; ``leads`` is True for the boaster.
    """

    hand: CardSet = field(kw_only=True)
    visible: tuple[tuple[Seat, Card], ...] = field(kw_only=True)
    slot: str = field(kw_only=True)
    leads: bool = field(kw_only=True)

    @property
    def prompt(self) -> Message:
        """Who lays (the boaster leads, the others follow) on which trick: in double pants the
        closed one (the boaster's card face down) or the open one."""
        role = "lead" if self.leads else "follow"
        return Message(f"q_lay_{role}" if self.slot == "single" else f"q_lay_{role}_{self.slot}")


Procedure = Generator[Question, Any, T]


def drive(procedure: Procedure[T], answer: Callable[[Question], object]) -> T:
    """Run ``procedure`` to the end, answering every question with ``answer(question)``."""
    try:
        question = next(procedure)
        while True:
            reply = answer(question)
            question.check(reply)
            question = procedure.send(reply)
    except StopIteration as stop:
        result: T = stop.value
        return result


_MESSAGES = {
    "q_boast": {
        "en": "Your side leads first: you may ask for a special deal (boast) or deal normally.",
        "ru": "Первый ход за вашей стороной: можно хвалиться (особая сдача) или сдавать как "
              "обычно.",
    },
    "q_redeal_weak_hand": {
        "en": "Your hand is weak (12 points or less, or all four nines): you may demand a redeal.",
        "ru": "Слабая рука (12 очков или меньше либо все четыре девятки): можно требовать "
              "пересдачи.",
    },
    "q_redeal_no_queen": {
        "en": "Your side holds no queen: you may demand a redeal.",
        "ru": "У вашей стороны нет дам: можно требовать пересдачи.",
    },
    "q_redeal_no_queen_or_diamond": {
        "en": "Your side holds no queen (or only the queen of diamonds): you may demand a redeal.",
        "ru": "У вашей стороны нет дам (или только дама бубен): можно требовать пересдачи.",
    },
    "q_give_trump": {
        "en": "You hold a single trump, the {card}: you may give it to your partner for a plain "
              "card.",
        "ru": "У вас один козырь — {card}: его можно отдать партнёру в обмен на простую карту.",
    },
    "q_give_back": {
        "en": "Your partner gave you the {card}: choose a card to give back.",
        "ru": "Партнёр отдал вам карту «{card}»: выберите, какую карту вернуть.",
    },
    "q_leader": {
        "en": "Your side won the last deal: choose which of you leads first.",
        "ru": "Ваша сторона выиграла прошлую раздачу: решите, кто из вас ходит первым.",
    },
    "q_lay_lead": {
        "en": "Choose the card you lead face down.",
        "ru": "Выберите карту, с которой зайдёте втёмную.",
    },
    "q_lay_follow": {
        "en": "Choose the card you lay on the boaster's trick.",
        "ru": "Выберите карту, которую положите на взятку хвалящегося.",
    },
    "q_lay_lead_closed": {
        "en": "The closed trick: choose the card you lead face down.",
        "ru": "Закрытая взятка: выберите карту, с которой зайдёте втёмную.",
    },
    "q_lay_lead_open": {
        "en": "The open trick: choose the card you lead face up.",
        "ru": "Открытая взятка: выберите карту, с которой зайдёте в открытую.",
    },
    "q_lay_follow_closed": {
        "en": "The closed trick (its first cards lie face down): choose the card you lay on "
              "it.",
        "ru": "Закрытая взятка (первые карты лежат втёмную): выберите карту, которую положите "
              "на неё.",
    },
    "q_lay_follow_open": {
        "en": "The open trick (all its cards face up): choose the card you lay on it.",
        "ru": "Открытая взятка (все карты видны): выберите карту, которую положите на неё.",
    },
}
for _key, _texts in _MESSAGES.items():
    MESSAGES.setdefault(_key, _texts)
