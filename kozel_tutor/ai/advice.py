"""The tutor at the learner's elbow: which card (or trump suit) to play now, and why.

An :class:`Adviser` sees exactly what the learner sees (a :class:`~kozel_tutor.state.SeatView`)
and asks two players for their choice: the rule-of-thumb player (``medium``), whose reason is a
rule in words, and the sampling player (``hard``), which solves possible layouts of the hidden
cards exactly. The search decides the card; the rule's words come first when it agrees, and when
it does not, the advice says so, naming the rule in words ("The simple rule — play the cheapest
card when you cannot win the trick — says the six of spades, but here …"): that is the lesson.

>>> import random
>>> from kozel_tutor.rules import find_rules
>>> from kozel_tutor.seats import Seat
>>> from kozel_tutor.state import DealState
>>> deal = DealState.deal(find_rules("standard"), dealer=Seat.E, rng=random.Random(3))
>>> advice = Adviser(random.Random(1)).advise(deal.view(Seat.S))
>>> advice.card in deal.legal_plays()
True
>>> advice.text("en").startswith(f"Hint: the {advice.card.name_in('en')}.")
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..cards import Card, Suit
from ..i18n import CARD_POINTS, Message, Phrase
from ..solver.core import Backend
from ..state import Phase, SeatView
from .base import CandidateStats, Decision, Progress
from .context import MatchContext, tell
from .heuristic import MediumPlayer
from .knowledge import catch_possible
from .pimc import HARD, MonteCarloPlayer
from .reasons import MatchGain, layouts_count, reason, rule_words

__all__ = ["Advice", "Adviser", "clearly_better"]


@dataclass(frozen=True)
class Advice:
    """A suggested card (or trump suit, when the learner must call one) and the reasons."""

    card: Card | None = None
    suit: Suit | None = None
    reasons: tuple[Message, ...] = ()

    def text(self, lang: str) -> str:
        """One paragraph: «Подсказка: туз червей. …» / "Hint: the ace of hearts. …"."""
        if self.card is not None:
            head = Message("ai_advice_card", {"card": self.card}).text(lang)
        elif self.suit is not None:
            head = Message("ai_advice_suit", {"suit": self.suit}).text(lang)
        else:
            raise ValueError("an advice names a card or a suit")
        return " ".join([head, *(why.text(lang) for why in self.reasons)])


class Adviser:
    """Advice for one seat, from what that seat sees; keep one per match (variants tell it the
    match's context, as they tell the AI players)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        rng = rng or random.Random()
        self.rule = MediumPlayer(random.Random(rng.random()))
        self.search = MonteCarloPlayer(random.Random(rng.random()), HARD)

    def observe_match(self, context: MatchContext) -> None:
        tell(self.rule, context)
        tell(self.search, context)

    def advise(self, view: SeatView, progress: Progress | None = None, *,
               backend: Backend | None = None) -> Advice:
        """What to do now at ``view.seat``: call a trump suit or play a card.  ``progress`` and
        ``backend`` go to the search (:meth:`.pimc.MonteCarloPlayer.choose`): a progress report
        that raises calls the search off, and the app gives each hint a backend of its own
        (:func:`~kozel_tutor.solver.stoppable_backend`)."""
        if view.phase is Phase.CALL:
            call = self.search.call_trump(view)
            return Advice(suit=call.suit, reasons=() if call.reason is None else (call.reason,))
        legal = sorted(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat.name} has nothing to play now")
        if len(legal) == 1:
            return Advice(card=legal[0], reasons=(reason("only_card", card=legal[0]),))
        rule = self.rule.choose(view)
        best = self.search.choose(view, progress, backend=backend)
        rules = view.rules
        return Advice(card=best.card,
                      reasons=_reasons(rule, best, points_known=not catch_possible(view),
                                       penalty=rules.target_loses,
                                       rows=not rules.target_loses and rules.scoring != "standard"))


#: how many standard errors a mean difference over sampled layouts must clear to count
NOISE_Z = 2.0
#: without per-layout values, the margins a mean must clear (deal score, card points)
SCORE_MARGIN = 0.25
POINTS_MARGIN = 3.0


def _reasons(rule: Decision, best: Decision, *, points_known: bool = True,
             penalty: bool = False, rows: bool = False) -> tuple[Message, ...]:
    """The hint's reasons: the rule's words when it agrees, the search's figures, and when they
    differ whether the search's card is really better.  ``points_known`` is False while the
    solver's card points may be the catch's stand-in (:func:`.knowledge.catch_possible`);
    ``penalty`` says the deal's figure in penalty points (``rules.target_loses``), ``rows`` in
    the rows of the classic tablo (any other score the winners write is in points)."""
    stats = next((s for s in best.candidates if s.card == best.card), None)
    if stats is None:   # no layout solved in time: the player's own words say so
        searched = () if best.reason is None else (best.reason,)
        if rule.card == best.card and rule.reason is not None:
            return (rule.reason, *searched)
        return searched
    score = MatchGain(stats.mean_score, penalty=penalty, rows=rows)
    layouts = _searched_layouts(best, stats.samples)
    if points_known:
        searched = (reason("advice_search", samples=stats.samples, layouts=layouts,
                           points=CARD_POINTS(round(stats.mean_points)), score=score),)
    else:
        searched = (reason("advice_search_score", samples=stats.samples, layouts=layouts,
                           score=score),)
    if rule.card == best.card:
        return searched if rule.reason is None else (rule.reason, *searched)
    other = next((s for s in best.candidates if s.card == rule.card), None)
    key = ("advice_rule_differs" if other is not None and clearly_better(stats, other)
           else "advice_rule_no_worse")
    rule_said = rule_words(rule.reason)
    if rule_said is None:
        return (*searched, reason(key + "_unnamed", rule_card=rule.card, card=best.card))
    return (*searched, reason(key, rule=rule_said, rule_card=rule.card, card=best.card))


def _searched_layouts(best: Decision, samples: int) -> Phrase:
    """The layouts the search solved, in the player's own words where it gave them (sampled or
    every possible one, cut short by the clock or not), else as a plain sample count."""
    said = best.reason.params.get("layouts") if best.reason is not None else None
    return said if isinstance(said, Phrase) else layouts_count(samples)


def clearly_better(best: CandidateStats, other: CandidateStats) -> bool:
    """Whether the statistics show ``best`` strictly better than ``other`` (a higher deal score,
    or the same score in every layout and more points), beyond the noise of the sampled
    layouts: the mean difference, layout by layout, must clear :data:`NOISE_Z` standard errors
    (a difference the same in every layout, as an exact solve gives, needs only be above 0).

    >>> from kozel_tutor.cards import Card
    >>> a, b = Card.parse("JC"), Card.parse("JH")
    >>> same = ((2.0, 70.0), (-2.0, 50.0))
    >>> clearly_better(CandidateStats(a, 0.0, 60.0, 2, same), CandidateStats(b, 0.0, 60.0, 2, same))
    False
    >>> up = ((2.0, 71.0), (-2.0, 51.0))
    >>> clearly_better(CandidateStats(a, 0.0, 61.0, 2, up), CandidateStats(b, 0.0, 60.0, 2, same))
    True
    """
    if best.outcomes and len(best.outcomes) == len(other.outcomes):
        scores = [x[0] - y[0] for x, y in zip(best.outcomes, other.outcomes, strict=True)]
        if _above_noise(scores):
            return True
        if any(abs(d) > 1e-9 for d in scores):
            return False
        return _above_noise([x[1] - y[1] for x, y in zip(best.outcomes, other.outcomes,
                                                         strict=True)])
    if best.mean_score - other.mean_score >= SCORE_MARGIN:
        return True
    return (abs(best.mean_score - other.mean_score) < 1e-9
            and best.mean_points - other.mean_points >= POINTS_MARGIN)


def _above_noise(diffs: list[float]) -> bool:
    """Whether the mean of ``diffs`` is above 0 by more than :data:`NOISE_Z` standard errors."""
    n = len(diffs)
    mean = sum(diffs) / n
    if mean <= 1e-9:
        return False
    spread = sum((d - mean) ** 2 for d in diffs)
    if spread <= 1e-12:
        return True     # the same difference in every layout
    if n < 2:
        return False
    return mean > NOISE_Z * math.sqrt(spread / (n - 1) / n)
