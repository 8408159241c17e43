"""Deal review: for every card the learner played, what each legal alternative was worth.

Values come from the double-dummy solver (everyone plays perfectly with open cards).  A full
9-card position can take the pure-Python solver longer than a learner should wait, so every
solve has a time ``budget``; when it runs out the alternatives show their bounds instead, and a
second, cheaper search (half the budget more) settles at least what each card's deal is worth
(:func:`~kozel_tutor.solver.deal_outcomes`).  A card that gave points away also gets the
puzzles' tutor's words (:func:`~kozel_tutor.puzzles.explain.card_report`): the trick where the
opponents gain by it, and what the deal comes to either way.

>>> import random
>>> from kozel_tutor.app.session import MatchSession, Settings
>>> session = MatchSession(Settings(level="random"), rng=random.Random(2))
>>> while not session.deal.is_over:
...     if session.learner_to_act:
...         _ = session.play(sorted(session.deal.legal_plays())[0])
...     else:
...         _ = session.ai_act()
>>> steps = learner_steps(session.record, session.rules)
>>> len(steps), steps[-1].played in steps[-1].legal
(9, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..ai.pimc import backend_for
from ..cards import Card
from ..position import Position
from ..puzzles.explain import card_report
from ..puzzles.model import Goal, Text
from ..puzzles.verify import analyse
from ..rules import Rules
from ..solver import Analysis, Outcome, deal_outcomes, solve
from ..solver.core import Backend
from .session import LEARNER, DealRecord

__all__ = ["SETTLE_SHARE", "Alternative", "ReviewStep", "StepAnalysis", "analyse_step",
           "learner_steps"]

#: the second search, for the outcomes only, gets this share of the budget on top
SETTLE_SHARE = 0.5


@dataclass(frozen=True)
class ReviewStep:
    """The learner's ``number``-th card of a deal: the position before it and the card played."""

    number: int
    ply: int
    played: Card
    position: Position
    legal: tuple[Card, ...]


@dataclass(frozen=True)
class Alternative:
    """One legal card: the learner's side ends the deal with ``low``..``high`` card points
    (equal when exact), and ``outcome`` is the deal result when known."""

    card: Card
    low: int
    high: int
    outcome: Outcome | None = None

    @property
    def exact(self) -> bool:
        return self.low == self.high


@dataclass(frozen=True)
class StepAnalysis:
    step: ReviewStep
    alternatives: tuple[Alternative, ...]
    #: why the played card gave points away, when it did and the lines were found in time
    why: Text | None = None

    @property
    def exact(self) -> bool:
        return all(alt.exact for alt in self.alternatives)

    @property
    def best(self) -> tuple[Card, ...]:
        """The cards proven best (empty while any value is still a range)."""
        if not self.exact:
            return ()
        top = max(alt.low for alt in self.alternatives)
        return tuple(alt.card for alt in self.alternatives if alt.low == top)

    @property
    def loss(self) -> int | None:
        """Points the played card gave away against the best card (``None`` if not exact)."""
        if not self.exact:
            return None
        top = max(alt.low for alt in self.alternatives)
        played = next(alt for alt in self.alternatives if alt.card == self.step.played)
        return top - played.low


def learner_steps(record: DealRecord, rules: Rules) -> list[ReviewStep]:
    """Every card the learner played in the deal ``record``, with the position before it."""
    state = record.replay(rules, upto=0)
    steps: list[ReviewStep] = []
    for ply, card in enumerate(record.plays):
        if state.to_move == LEARNER:
            steps.append(ReviewStep(len(steps) + 1, ply, card, Position.from_state(state),
                                    tuple(state.legal_plays().sorted())))
        state.play(card)
    return steps


def analyse_step(step: ReviewStep, budget: float | None = 2.0) -> StepAnalysis:
    """Solve the position before the learner's card within ``budget`` seconds."""
    # Under the catch of nizhny/kozly24, a backend that does not know it is passed over.
    backend = backend_for(step.position.rules)
    analysis = solve(step.position, budget=budget, backend=backend)
    settled: dict[Card, tuple[int, int, Outcome | None]] = {}
    if not analysis.exact:
        settled = deal_outcomes(step.position, backend=backend,
                                budget=None if budget is None else budget * SETTLE_SHARE)
    alternatives = []
    for card in step.legal:
        low, high = analysis.bounds.get(card, (0, 120))
        if card in analysis.values:
            low = high = analysis.values[card]
        outcome = analysis.outcomes.get(card)
        if card in settled:
            low, high = max(low, settled[card][0]), min(high, settled[card][1])
            outcome = outcome or settled[card][2]
        alternatives.append(Alternative(card, low, high, outcome))
    alternatives.sort(key=lambda alt: (-alt.high, -alt.low, alt.card.index))
    result = StepAnalysis(step, tuple(alternatives))
    if result.loss:
        result = replace(result, why=_why(step, analysis, backend, budget))
    return result


def _why(step: ReviewStep, analysis: Analysis, backend: Backend,
         budget: float | None) -> Text | None:
    """The tutor's words on the learner's card, or ``None`` when its lines (one solve each,
    ``budget`` seconds at most) are not proven in time."""
    check = analyse(step.position, Goal.MAX_POINTS, backend=backend, analysis=analysis)
    try:
        return card_report(check, step.played, backend=backend, budget=budget).text
    except TimeoutError:
        return None
