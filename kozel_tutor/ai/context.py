"""What a player knows beyond its seat's view: the match score and cards it saw change hands.

A :class:`~kozel_tutor.state.SeatView` shows one deal.  Under the regional variants a few more
facts matter to a strong player:

* **the match score** – a sweep in ``classic`` (люся) wipes the losers' rows, in ``kozly24`` it
  erases the sweepers' own penalty points; what that is worth depends on the score, and after
  eggs a deal counts double (or, in ``classic``, the winner gets an extra row);
* **the first deal** – in ``kozly24`` a sweep in the first deal writes 12 on the opponents;
* **cards known to be in a hand** – the holder of the 7♦ leads the first trick of ``classic``
  (so, until it is played, the leader holds it); a player who gave the last trump to the partner
  knows where it is, and the partner knows which card came back.

:func:`context_for` reads all of it off a :class:`kozel_tutor.variants.Match` and the deal's
:class:`~kozel_tutor.variants.DealSetup` for one seat; a standard game has no procedures, so
:func:`score_context` reads its score and multiplier (eggs double the next deal there too) off
its :class:`~kozel_tutor.scoring.MatchScore`, and :func:`last_deal_context` the context a
recorded deal was played in (for the deal review).  :func:`tell` hands a context to any player
that listens (``observe_match(context)``): the rule-based and Monte Carlo levels and the hint do.

:meth:`MatchContext.result_of` scores a deal's card points and tricks in its context: the
preset's table with the eggs multiplier, then the first deal's sweep of ``kozly24``, as
:meth:`kozel_tutor.variants.Match.result_of` scores a finished deal.

>>> MatchContext().known
(0, 0, 0, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..rules import Rules
from ..scoring import DealResult, MatchScore, deal_result
from ..seats import Seat, Team
from ..variants.match_rules import scored_in_match

if TYPE_CHECKING:
    from ..variants.match import DealSetup, Match

__all__ = ["MatchContext", "context_for", "last_deal_context", "score_context", "tell",
           "tell_all"]


@dataclass(frozen=True)
class MatchContext:
    """The match around one deal, as one seat knows it.

    ``scores`` are the match scores (NS, EW) before this deal (rows, points, or penalty points
    as the preset counts them); ``multiplier`` is 2 right after eggs; ``first_deal`` says no deal
    of the match has been scored yet; ``known[seat]`` is a mask of cards this seat knows
    ``seat`` was holding when play began.
    """

    scores: tuple[int, int] = (0, 0)
    multiplier: int = 1
    first_deal: bool = False
    known: tuple[int, int, int, int] = (0, 0, 0, 0)

    def to_dict(self) -> dict[str, object]:
        """The match part of the context, to keep with a finished deal's record (no cards)."""
        return {"scores": list(self.scores), "multiplier": self.multiplier,
                "first_deal": self.first_deal}

    @classmethod
    def from_dict(cls, data: object) -> MatchContext:
        """The context :meth:`to_dict` kept; a record without one (older, or damaged) is
        scored as a deal on its own.

        >>> MatchContext.from_dict({"scores": [4, 2], "multiplier": 2, "first_deal": False})
        MatchContext(scores=(4, 2), multiplier=2, first_deal=False, known=(0, 0, 0, 0))
        >>> MatchContext.from_dict("junk")
        MatchContext(scores=(0, 0), multiplier=1, first_deal=False, known=(0, 0, 0, 0))
        """
        if not isinstance(data, dict):
            return cls()
        scores, multiplier = data.get("scores"), data.get("multiplier")
        first = data.get("first_deal")
        if (not isinstance(scores, list) or len(scores) != 2
                or not all(type(s) is int and 0 <= s < 1000 for s in scores)
                or type(multiplier) is not int or not 1 <= multiplier <= 8
                or not isinstance(first, bool)):
            return cls()
        return cls((scores[0], scores[1]), multiplier, first)

    def result_of(self, rules: Rules, points: tuple[int, int], tricks: tuple[int, int],
                  caught: Team | None = None) -> DealResult:
        """The score of a deal that ends with these card ``points`` and ``tricks`` (NS, EW) in
        this context: the preset's table with the multiplier, and in the first deal of a preset
        whose sweep writes on the opponents (``kozly24``: 12) that instead of erasing.

        >>> from kozel_tutor.rules import find_rules
        >>> first = MatchContext(first_deal=True)
        >>> first.result_of(find_rules("kozly24"), (120, 0), (6, 0)).written
        (0, 12)
        >>> MatchContext().result_of(find_rules("kozly24"), (120, 0), (6, 0)).reset
        <Team.NS: 0>
        >>> MatchContext(multiplier=2).result_of(find_rules(), (50, 70), (4, 5)).written
        (0, 4)
        """
        return scored_in_match(deal_result(rules, points, tricks, self.multiplier, caught),
                               rules, first_deal=self.first_deal)


def context_for(match: Match, setup: DealSetup, seat: Seat) -> MatchContext:
    """The context of the deal ``setup`` of ``match`` for ``seat`` (call it before play, while
    the match has not recorded the deal yet)."""
    known = [0, 0, 0, 0]
    state = setup.state
    rules = match.rules
    card = rules.first_lead_holder
    if (state is not None and setup.boast is None and card is not None
            and not rules.lead_that_card and _holder_rule_applied(match)
            and card in state.hand(state.leader)):
        known[state.leader] |= card.bit
    for exchange in setup.exchanges:
        if seat == exchange.giver:
            known[exchange.taker] |= exchange.trump.bit
        elif seat == exchange.taker:
            known[exchange.giver] |= exchange.returned.bit
    known[seat] = 0
    scores = match.score.scores
    return MatchContext((scores[0], scores[1]), match.score.multiplier, match.first_deal,
                        (known[0], known[1], known[2], known[3]))


def score_context(score: MatchScore) -> MatchContext:
    """The context of the next deal of a match without procedures (the standard game), the same
    for every seat: the score, the multiplier (2 right after eggs), whether it is the first deal.

    >>> from kozel_tutor.rules import find_rules
    >>> from kozel_tutor.scoring import MatchScore, deal_result
    >>> score = MatchScore(find_rules())
    >>> score.record(deal_result(score.rules, (60, 60), (4, 5)))    # eggs
    >>> score_context(score)
    MatchContext(scores=(0, 0), multiplier=2, first_deal=False, known=(0, 0, 0, 0))
    """
    scores = score.scores
    return MatchContext((scores[0], scores[1]), score.multiplier, not score.results)


def last_deal_context(score: MatchScore) -> MatchContext:
    """The context the last deal recorded in ``score`` was played in (the same for every seat;
    no cards known): the score before it, its multiplier, whether it was the first deal.

    >>> from kozel_tutor.rules import find_rules
    >>> from kozel_tutor.scoring import MatchScore, deal_result
    >>> score = MatchScore(find_rules())
    >>> score.record(deal_result(score.rules, (60, 60), (4, 5)))    # eggs
    >>> last_deal_context(score)
    MatchContext(scores=(0, 0), multiplier=1, first_deal=True, known=(0, 0, 0, 0))
    >>> score.record(deal_result(score.rules, (90, 30), (7, 2), score.multiplier))
    >>> last_deal_context(score)
    MatchContext(scores=(0, 0), multiplier=2, first_deal=False, known=(0, 0, 0, 0))
    """
    if not score.results:
        raise ValueError("no deal has been recorded yet")
    *before, last = score.results
    previous = MatchScore(score.rules, score.first_dealer)
    for result in before:
        previous.record(result)
    scores = previous.scores
    return MatchContext((scores[0], scores[1]), last.multiplier, not before)


def _holder_rule_applied(match: Match) -> bool:
    """Whether the first leader of this deal was the holder of the preset's first-lead card."""
    procedures = match.procedures
    if procedures.later_lead == "last_winners_choose":
        return match.last_winner is None
    return match.first_deal


def tell(player: object, context: MatchContext) -> None:
    """Give ``context`` to ``player`` if it listens (has ``observe_match``)."""
    observe = getattr(player, "observe_match", None)
    if callable(observe):
        observe(context)


def tell_all(players: Mapping[Seat, object], match: Match, setup: DealSetup) -> None:
    """Give every seated player its own context of the deal about to be played."""
    for seat, player in players.items():
        tell(player, context_for(match, setup, seat))
