"""Running a variant's procedures before a deal for the app: boasts, redeals, the last trump, the
leader — the learner answers their own questions, the AI answers the others.

A :class:`SetupRun` wraps :meth:`kozel_tutor.variants.Match.setup` (a generator of questions).
It is **replayable**: the shuffle comes from ``seed`` and every answer is kept as its index in
the question's options, so ``(seed, answers)`` rebuilds exactly the same deal — a save holds
just these numbers and the cards played, and loading it runs the procedure again, which checks
every answer.

>>> import random
>>> from kozel_tutor.rules import find_rules
>>> from kozel_tutor.variants import HeuristicChooser, Match
>>> run = SetupRun(Match(find_rules("nizhny")), 7, HeuristicChooser(random.Random(1)))
>>> run.advance()
>>> run.setup is not None and run.setup.state is not None
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from ..cards import Card
from ..i18n import POINTS
from ..seats import Seat
from ..state import Trick
from ..variants.match import DealSetup, Match
from ..variants.questions import (
    BoastQuestion,
    GiveBackQuestion,
    GiveTrumpQuestion,
    LayQuestion,
    LeaderQuestion,
    Question,
    RedealQuestion,
)
from .seat_words import boasted, boasts, card_object, dative, ending, seat_cards

__all__ = ["Event", "SetupRun", "learner_decides", "seat_event"]

LEARNER = Seat.S


@dataclass(frozen=True)
class Event:
    """Something that happened before play, for the learner to read: a text key of
    :mod:`.variant_texts` and its parameters (seats and cards are put into words when shown)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def seat_event(key: str, seat: Seat, **params: Any) -> Event:
    """An event done by ``seat``, with the words that agree with them: the verb's ``ending``
    («Нина отдала», «вы отдали») and the partner as ``partner`` (to whom: «Нине», «вам»)."""
    return Event(key, {"seat": seat, "ending": ending(seat), "partner": dative(seat.partner),
                       **params})


def learner_decides(question: Question) -> bool:
    """Whether the learner answers ``question``: their own, or their side's (a boast, the
    choice of leader, a side's redeal claim) — the AI partner leaves side choices to them."""
    if question.seat == LEARNER:
        return True
    side = isinstance(question, (BoastQuestion, LeaderQuestion)) or (
        isinstance(question, RedealQuestion) and question.reason == "no_queen")
    return side and question.seat.team == LEARNER.team


class SetupRun:
    """One deal's procedure: ``question`` is the learner's pending question (``None`` when not
    asked), ``setup`` the result once done, ``answers`` every answer given so far (indices)."""

    def __init__(self, match: Match, seed: int, chooser: Callable[[Question], object]) -> None:
        self.match = match
        self.seed = seed
        self.chooser = chooser
        match.rng = Random(seed)
        self._procedure = match.setup()
        self._next: Question | None = None
        self.answers: list[int] = []
        self.events: list[Event] = []
        #: how many of :attr:`events` the learner has seen (listed with their last question)
        self.seen = 0
        self.question: Question | None = None
        self.setup: DealSetup | None = None
        self._started = False

    @property
    def done(self) -> bool:
        return self.setup is not None

    def advance(self, replay: Sequence[int] = ()) -> None:
        """Answer with ``replay`` (recorded indices) first, then let the AI answer its own
        questions, until the learner must decide or the setup is done.

        A recorded index that is not an option raises ``ValueError``.
        """
        pending = list(replay)
        if not self._started:
            self._started = True
            self._step(None)
        while self._next is not None:
            question = self._next
            if pending:
                index = pending.pop(0)
                if type(index) is not int or not 0 <= index < len(question.options):
                    kind = type(question).__name__
                    raise ValueError(f"answer {index!r} is not one of the "
                                     f"{len(question.options)} options of {kind}")
                self._give(question, index)
            elif learner_decides(question):
                self.question = question
                self.seen = len(self.events)
                return
            else:
                choice = self.chooser(question)
                self._give(question, question.options.index(choice))
        if pending:
            raise ValueError("more answers than the procedure asked for")

    def answer(self, index: int) -> None:
        """The learner's answer to :attr:`question` (an index into its options)."""
        if self.question is None:
            raise ValueError("no question is waiting for an answer")
        if not 0 <= index < len(self.question.options):
            raise ValueError(f"no option {index} in {type(self.question).__name__}")
        self._give(self.question, index)
        self.advance()

    def _give(self, question: Question, index: int) -> None:
        self.question = None
        self.answers.append(index)
        option = question.options[index]
        self.events.extend(_events(question, option))
        self._step(option)

    def _step(self, option: object) -> None:
        try:
            if self._next is None:
                self._next = next(self._procedure)
            else:
                self._next = self._procedure.send(option)
        except StopIteration as stop:
            self._next = None
            self.setup = stop.value
            if self.setup is not None and self.setup.penalty is not None:
                self.events.append(Event("ev_redeal_refused"))
            if self.setup is not None and self.setup.boast is not None:
                outcome = self.setup.boast
                slots = ("single",) if len(outcome.tricks) == 1 else ("closed", "open")
                self.events.extend(trick_event(trick, slot)
                                   for trick, slot in zip(outcome.tricks, slots, strict=True))

    @property
    def unseen(self) -> list[Event]:
        """What happened before play that the learner has not seen yet (with a question): shown
        before the first card.  Who leads needs no telling — the table shows it."""
        return [event for event in self.events[self.seen:]
                if not event.key.startswith("ev_leader_")]


def trick_event(trick: Trick, slot: str) -> Event:
    """A boast's trick (``slot``: ``single``, or ``closed`` / ``open`` in double pants): its
    cards with their players, who took it and its points."""
    return seat_event(f"ev_boast_trick_{slot}", trick.winner,
                      cards=seat_cards(tuple(trick.plays())), points=POINTS(trick.points))


def _events(question: Question, option: object) -> list[Event]:
    """What the table learns from an answer (a passed card stays face down for the others)."""
    if isinstance(question, BoastQuestion) and option is not None:
        assert isinstance(option, tuple)
        seat, name = option
        return [Event("ev_boast", {"seat": seat, "boast": name, "verb": boasts(seat),
                                   "verb_past": boasted(seat)})]
    if isinstance(question, RedealQuestion) and option:
        return [seat_event(f"ev_redeal_{question.reason}", question.seat)]
    if isinstance(question, GiveTrumpQuestion) and option:
        if LEARNER in (question.seat, question.seat.partner):
            return [seat_event("ev_gave_trump_you", question.seat, card=question.trump,
                               card_object=card_object(question.trump))]
        return [seat_event("ev_gave_trump", question.seat)]
    if isinstance(question, GiveBackQuestion) and LEARNER in (question.seat,
                                                               question.seat.partner):
        assert isinstance(option, Card)
        return [seat_event("ev_gave_back", question.seat, card=option,
                           card_object=card_object(option))]
    if isinstance(question, LeaderQuestion):
        assert isinstance(option, Seat)
        return [Event(f"ev_leader_{option.name}", {"seat": option})]
    if isinstance(question, LayQuestion):
        return []
    return []
