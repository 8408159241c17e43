"""The tutor at the learner's elbow: which card (or trump suit) to play now, and why.

An :class:`Adviser` sees exactly what the learner sees (a :class:`~kozel_tutor.state.SeatView`)
and asks two players for their choice: the rule-of-thumb player (``medium``), whose reason is a
rule in words, and the sampling player (``hard``), which solves possible layouts of the hidden
cards exactly. The search decides the card; the rule's words come first when it agrees, and when
it does not, the advice says so: that is the lesson.

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

import random
from dataclasses import dataclass

from ..cards import Card, Suit
from ..i18n import Message, Number
from ..state import Phase, SeatView
from .base import Decision, Progress
from .context import MatchContext, tell
from .heuristic import MediumPlayer
from .pimc import HARD, MonteCarloPlayer
from .reasons import reason

__all__ = ["Advice", "Adviser"]


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

    def advise(self, view: SeatView, progress: Progress | None = None) -> Advice:
        """What to do now at ``view.seat``: call a trump suit or play a card."""
        if view.phase is Phase.CALL:
            call = self.search.call_trump(view)
            return Advice(suit=call.suit, reasons=() if call.reason is None else (call.reason,))
        legal = sorted(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat.name} has nothing to play now")
        if len(legal) == 1:
            return Advice(card=legal[0], reasons=(reason("only_card", card=legal[0]),))
        rule = self.rule.choose(view)
        best = self.search.choose(view, progress)
        return Advice(card=best.card, reasons=_reasons(rule, best))


def _reasons(rule: Decision, best: Decision) -> tuple[Message, ...]:
    stats = next((s for s in best.candidates if s.card == best.card), None)
    if stats is not None:
        searched: tuple[Message, ...] = (reason(
            "advice_search", samples=stats.samples, points=f"{stats.mean_points:.0f}",
            score=Number(stats.mean_score, sign=True)),)
    else:   # no layout solved in time: the player's own words say so
        searched = () if best.reason is None else (best.reason,)
    if rule.card == best.card:
        return searched if rule.reason is None else (rule.reason, *searched)
    return (*searched, reason("advice_rule_differs", rule_card=rule.card, card=best.card))
