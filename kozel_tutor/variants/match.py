"""A whole match under any preset: the procedures before each deal and the score after it.

:class:`Match` is the match-level object the variants need.  :meth:`Match.setup` is a procedure
(a generator of :mod:`questions <.questions>`) that takes a deal from the shuffle to the first
card: boast or normal deal, redeal demands, giving the last trump, and who leads.  It returns a
:class:`DealSetup` whose ``state`` is an ordinary :class:`~kozel_tutor.state.DealState`; after
play, :meth:`Match.record` scores it with the preset's table and the match rules (rows and люся,
penalty points, erasing, the sweep of the first deal, tails).

>>> import random
>>> from kozel_tutor.ai import make_player
>>> from kozel_tutor.rules import find_rules
>>> from kozel_tutor.variants.choices import HeuristicChooser
>>> rng = random.Random(7)
>>> match = Match(find_rules("kozly24"), rng=rng)
>>> players = {seat: make_player("random", rng) for seat in Seat}
>>> _ = play_match(match, players, HeuristicChooser(rng))
>>> match.is_over and max(match.score.scores) >= 12
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..cards import Card, CardSet
from ..rules import Rules, find_rules
from ..scoring import DealResult, MatchScore
from ..seats import Seat, Team
from ..state import DealState, Phase
from .boasts import BoastOutcome, run_boast
from .match_rules import Procedures, procedures_for, scored_in_match
from .predeal import Exchange, exchange_procedure, redeal_questions
from .questions import BoastQuestion, LeaderQuestion, Procedure, ProcedureError, Question, drive

if TYPE_CHECKING:
    from ..ai.base import Player

__all__ = ["DealSetup", "Match", "VariantScore", "play_match"]


@dataclass(frozen=True)
class DealSetup:
    """How a deal came to be: the state ready to play (``None`` when the deal was not played
    because a redeal was refused and the penalty written), the boast, the exchanges made, the
    redeals made before it, and the penalty result if any."""

    state: DealState | None
    boast: BoastOutcome | None = None
    exchanges: tuple[Exchange, ...] = ()
    redeals: int = 0
    penalty: DealResult | None = None
    hands: tuple[CardSet, ...] = field(default=())


@dataclass
class VariantScore(MatchScore):
    """The score of a :class:`Match`, which may hold deals that were not played.

    A refused redeal ends its deal without play: the penalty is written and the dealer passes
    on, but no deal was won or lost, so the eggs bonus (the next deal doubled, or the classic
    egg pair) neither comes from it nor is used up by it: it stays pending for the next deal
    actually played.  ``not_played`` holds the indices in ``results`` of those deals.
    """

    not_played: set[int] = field(default_factory=set)

    @property
    def multiplier(self) -> int:
        """2 if the last deal *played* was eggs, else 1 (eggs in a row do not compound)."""
        for index in range(len(self.results) - 1, -1, -1):
            if index not in self.not_played:
                return 2 if self.results[index].eggs else 1
        return 1

    def record_not_played(self, result: DealResult) -> None:
        """Record the penalty of a deal that was not played (see the class docs)."""
        self.record(result)
        self.not_played.add(len(self.results) - 1)


class Match:
    """One match under ``rules``: deals set up with the variant's procedures and scored."""

    def __init__(self, rules: Rules | None = None, *, first_dealer: Seat = Seat.W,
                 rng: random.Random | None = None) -> None:
        self.rules = rules or find_rules()
        self.procedures: Procedures = procedures_for(self.rules)
        self.score = VariantScore(self.rules, first_dealer)
        self.rng = rng or random.Random()
        self.with_tails = False
        self.setups: list[DealSetup] = []

    # -- the state of the match -------------------------------------------------------------

    @property
    def dealer(self) -> Seat:
        return self.score.dealer

    @property
    def first_deal(self) -> bool:
        """No deal has been scored yet."""
        return not self.score.results

    @property
    def last_winner(self) -> Team | None:
        """The side that won the most recent deal that had a winner (eggs are skipped)."""
        for result in reversed(self.score.results):
            if result.winner is not None:
                return result.winner
        return None

    @property
    def is_over(self) -> bool:
        return self.score.is_over

    @property
    def winner(self) -> Team | None:
        return self.score.winner

    @property
    def goats(self) -> Team | None:
        return self.score.goats

    @property
    def with_eggs(self) -> bool:
        """Eggs fell in this match: the goats are "with eggs"."""
        return self.score.eggs > 0

    # -- before the deal --------------------------------------------------------------------

    def setup(self) -> Procedure[DealSetup]:
        """Take the next deal from the shuffle to the first card (see the module docs)."""
        if self.is_over:
            raise ProcedureError("the match is over")
        rules, procedures, dealer = self.rules, self.procedures, self.dealer
        allowed = procedures.first_deal_special or not self.first_deal
        entitled = self._entitled_side()
        if procedures.boasts and entitled is not None:
            seats = _seats_of(entitled, dealer)
            options = (None, *((seat, boast) for seat in seats for boast in procedures.boasts))
            answer = yield BoastQuestion(seats[0], options, rules=rules)
            if answer is not None:
                seat, name = answer
                stock = list(rules.deck_cards)
                self.rng.shuffle(stock)
                outcome = yield from run_boast(name, rules, seat, stock, self.rng)
                # the same construction as a replayed record's: the made tricks count for
                # their winners and the plain suits they led count as led
                state = DealState.after_setup(rules, list(outcome.hands), dealer=dealer,
                                              leader=outcome.leader, made=outcome.tricks)
                return self._keep(DealSetup(state, boast=outcome, hands=outcome.hands))
        redeals = 0
        while True:
            dealt = DealState.deal(rules, dealer=dealer, rng=self.rng)
            hands = [dealt.hand(seat) for seat in Seat]
            demanded = False
            if procedures.has_redeal and allowed:
                limit = procedures.redeal_limit
                last = limit is not None and redeals + 1 >= limit
                for question in redeal_questions(rules, procedures, hands, dealer):
                    if last:   # the claim the rules refuse: the dealing side would lose
                        question = replace(question, refused_dealer=dealer)
                    if (yield question):
                        demanded = True
                        break
            if not demanded:
                break
            redeals += 1
            if procedures.redeal_limit is not None and redeals >= procedures.redeal_limit:
                penalty = self._redeal_penalty(dealer)
                self.score.record_not_played(penalty)
                return self._keep(DealSetup(None, redeals=redeals - 1, penalty=penalty))
        exchanges: list[Exchange] = []
        if procedures.exchange == "give_last_trump" and allowed:
            exchanges = yield from exchange_procedure(rules, hands, dealer)
        leader, required = yield from self._first_leader(hands, dealer)
        state = DealState(rules, hands, dealer=dealer, leader=leader, required_lead=required)
        return self._keep(DealSetup(state, exchanges=tuple(exchanges), redeals=redeals,
                                    hands=tuple(hands)))

    def _keep(self, setup: DealSetup) -> DealSetup:
        self.setups.append(setup)
        return setup

    def _entitled_side(self) -> Team | None:
        if self.procedures.later_lead == "last_winners_choose":
            return self.last_winner
        return None

    def _first_leader(self, hands: list[CardSet], dealer: Seat) -> Procedure[
            tuple[Seat, Card | None]]:
        """Who leads the first trick, and the card they must lead (if any)."""
        rules, procedures = self.rules, self.procedures
        entitled = self._entitled_side()
        if entitled is not None:
            seats = _seats_of(entitled, dealer)
            seat: Seat = yield LeaderQuestion(
                seats[0], seats, rules=rules, hands=tuple((s, hands[s]) for s in seats))
            return seat, None
        holder_rule = self.first_deal or procedures.later_lead == "last_winners_choose"
        card = rules.first_lead_holder
        if holder_rule and card is not None:
            holder = next(s for s in Seat if card in hands[s])
            return holder, rules.first_lead_card
        return dealer.next, None

    def _redeal_penalty(self, dealer: Seat) -> DealResult:
        """The refused redeal: the dealing side loses; the opponents are written the penalty.

        Only the penalty: a pending eggs bonus is neither applied to it nor used up by it
        (:class:`VariantScore` keeps it for the next deal played)."""
        gainers = dealer.team.other
        written = [0, 0]
        if self.rules.target_loses:
            written[dealer.team] = self.procedures.redeal_penalty
        else:
            written[gainers] = self.procedures.redeal_penalty
        return DealResult((0, 0), (0, 0), gainers, self.procedures.redeal_penalty,
                          written=(written[0], written[1]))

    # -- after the deal ---------------------------------------------------------------------

    def result_of(self, state: DealState) -> DealResult:
        """The score of a finished deal under the preset's table and the match rules."""
        return scored_in_match(state.result(self.score.multiplier), self.rules,
                               first_deal=self.first_deal)

    def record(self, state: DealState) -> DealResult:
        """Score the finished deal and add it to the match."""
        if not state.is_over:
            raise ProcedureError("the deal is not over yet")
        result = self.result_of(state)
        before = list(self.score.scores)
        self.score.record(result)
        if (self.procedures.tails and self.is_over and result.winner is not None
                and self.winner == result.winner
                and before[result.winner] == self.rules.match_target - 1
                and result.points[result.winner] >= 90):
            self.with_tails = True
        return result


def _seats_of(team: Team, dealer: Seat) -> tuple[Seat, ...]:
    """The side's two seats in turn from the left of the dealer."""
    return tuple(s for s in (dealer.offset(i) for i in range(1, 5)) if s.team == team)


def play_match(
    match: Match,
    players: Mapping[Seat, Player],
    answer: Callable[[Question], object],
    *,
    max_deals: int = 1000,
    on_play: Callable[[DealState, Card], None] | None = None,
) -> Match:
    """Play ``match`` to the end: ``players`` choose the cards, ``answer`` the procedures.

    ``on_play(state, card)`` is called before each card is played (for checks and logs).
    """
    deals = 0
    while not match.is_over:
        deals += 1
        if deals > max_deals:
            raise RuntimeError(f"the match did not end within {max_deals} deals")
        setup = drive(match.setup(), answer)
        state = setup.state
        if state is None:
            continue
        while not state.is_over:
            seat = state.to_move
            if state.phase is Phase.CALL:
                state.call_trump(players[seat].call_trump(state.view(seat)).suit)
                continue
            card = players[seat].choose(state.view(seat)).card
            if on_play is not None:
                on_play(state, card)
            state.play(card)
        match.record(state)
    return match
