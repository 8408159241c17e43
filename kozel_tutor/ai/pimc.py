"""The strong levels: Perfect-Information Monte Carlo (**hard**, **insane**).

For one decision the player deals the hidden cards many times in ways consistent with what its
seat has seen (:mod:`.sampler`), solves every such layout exactly with the double-dummy solver,
and plays the card with the best **expected deal score** (2, 4 or 6 written, eggs 0, from its
side's point of view), breaking ties on expected card points.  The solver's values are the
future card points of the mover's side; the deal score comes from
:func:`kozel_tutor.scoring.deal_result` on the points already taken plus the solved ones.

Cost and budgets.  Solving a full 9-card deal exactly takes from a few milliseconds to seconds
even in the native core, and seconds to minutes in pure Python.  But the deal score needs less
than exact points: for each card only which of the score's thresholds (61 to win, 31, ... as
the preset scores) it reaches.  The native core answers that (``brackets``) about as fast as a
playout (below) from the second card of the deal on, so there every layout with more than
``brackets_above`` cards in the hands is solved that way (hard above 32, i.e. for the rest of
trick 1 after the lead; insane above 24, also at tricks 2 and 3, where it costs about a third of
exact values); points then break ties by the middle of each card's bracket.  Otherwise a layout
is solved exactly when at most ``exact_cards`` cards are left (native 32, from the second trick
on; pure Python 20).  Earlier — the first lead, and any card with the pure-Python solver — each
candidate card is played out on the layout by the medium rules until ``horizon_cards`` remain at
a trick boundary (native 28, pure Python 16), and the rest is solved exactly from there (a
depth-limited search with a rule-of-thumb head).  That head plays for every seat, so a card
that only pays off against the medium rules' mistakes may look good; which is why the native
search no longer uses it after the first card of the deal.  Every solve gets the time left of
the decision's ``budget``; a layout not finished in time is dropped, and when no layout
finished at all the medium rules decide.  So a decision never blocks much longer than its
budget, on any backend.

Few layouts.  When no more layouts fit the seat's view than ``samples × pool_factor`` (96 for
hard, 384 for insane: late in the deal, or after many voids), the player solves every one of
them once (:meth:`.WorldSampler.layouts`) instead of sampling, in a shuffled order so that a
decision cut short by its budget still has a fair share; insane weighs each by the inference's
likelihood (the likeliest first).  The means are then exact for the model, not estimates.

Under the regional presets the same search follows the preset: the sampler deals only the
preset's deck and keeps the cards a seat knows in their hands (:mod:`.context`), every solve is
given the points taken so far (the catch of ``nizhny``/``kozly24`` ends a line with a fixed
penalty, see :func:`~kozel_tutor.solver.core.caught_points`), and a layout is scored with
the preset's own table through :func:`deal_utility` (penalty points count the other way; a
sweep that wipes a score is worth the score, told by the match context).

The **insane** level draws four times as many uniform layouts as it needs and keeps them in
proportion to how well they explain the other players' cards and the trump call
(:mod:`.inference`), then solves up to 96 of them within 3 seconds.

The reason given says how many layouts were solved, and whether they were all the possible ones
or a sample, and of how many drawn when the clock stopped the search
(:func:`~.reasons.layouts_count`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..cards import Card
from ..i18n import Number
from ..rules import Rules
from ..seats import Seat, Team
from ..solver import get_backend
from ..solver.core import MAX_TARGETS, Backend, BracketBackend, Deal, change_points
from ..state import DealState, SeatView
from .base import CandidateStats, Decision, Progress, TrumpDecision
from .context import MatchContext
from .heuristic import rule_decision
from .inference import PlayReader
from .knowledge import catch_possible
from .reasons import layouts_count, reason
from .sampler import World, WorldSampler
from .trump_call import call_trump

__all__ = ["HARD", "INSANE", "MonteCarloPlayer", "MonteCarloSettings", "backend_for",
           "deal_utility"]


@dataclass(frozen=True)
class MonteCarloSettings:
    """How hard a Monte Carlo player thinks: layouts per decision, seconds, inference."""

    name: str
    samples: int
    budget: float
    inference: bool = False
    pool_factor: int = 4
    #: above this many cards in the hands a layout is solved only as far as the deal score
    #: needs (which of its thresholds each card reaches), when the backend can do that
    brackets_above: int | None = None


HARD = MonteCarloSettings("hard", samples=24, budget=1.0, brackets_above=32)
INSANE = MonteCarloSettings("insane", samples=96, budget=3.0, inference=True, brackets_above=24)


def _limits(backend: Backend) -> tuple[int, int]:
    """``(exact_cards, horizon_cards)`` for a backend (see the module docstring)."""
    return (32, 28) if getattr(backend, "name", "") == "native" else (20, 16)


def deal_utility(rules: Rules, team: Team, ours: int, theirs: int, *,
                 ours_no_trick: bool = False, theirs_no_trick: bool = False,
                 caught: Team | None = None, context: MatchContext | None = None) -> float:
    """What a finished deal with these card points is worth to ``team``, scored by the preset's
    own table: how much its match score gains on the other side's.

    With ``target_wins`` scoring that is written for it minus written for the other side; with
    penalty scoring (``rules.target_loses``) the other way round, since lower is better.  A
    ``reset`` (``classic``'s люся wipes the losers' rows, ``kozly24``'s sweep erases the
    sweepers' penalty) is worth the score it wipes: the match score from ``context``, or, with
    no context, a quarter of the target as a typical score.  ``caught`` is the side caught by the
    6♣; ``context.multiplier`` doubles after eggs, and in the first deal of ``kozly24`` a sweep
    writes 12 on the opponents.
    """
    points = [0, 0]
    points[team], points[team.other] = ours, theirs
    tricks = [1, 1]
    if ours_no_trick:
        tricks[team] = 0
    if theirs_no_trick:
        tricks[team.other] = 0
    result = (context or MatchContext()).result_of(rules, (points[0], points[1]),
                                                    (tricks[0], tricks[1]), caught)
    gain = [float(result.written[0]), float(result.written[1])]
    if result.reset is not None:
        scores = context.scores if context is not None else None
        typical = rules.match_target / 4
        gain[result.reset] -= scores[result.reset] if scores is not None else typical
    diff = gain[team] - gain[team.other]
    return -diff if rules.target_loses else diff


def backend_for(rules: Rules, backend: Backend | None = None) -> Backend:
    """The solver backend for a search under ``rules``: ``backend`` if one is given, else the
    fastest that runs here (:func:`~kozel_tutor.solver.get_backend`, which ``KOZEL_SOLVER`` can
    override).  Both backends follow every rule set, the catch of ``nizhny``/``kozly24``
    included (tests/test_native_solver.py compares the native core with pure Python under each
    preset), so ``rules`` does not change the choice."""
    return backend or get_backend()


class _OutOfTime(Exception):
    pass


class MonteCarloPlayer:
    """Perfect-Information Monte Carlo over layouts consistent with the seat's view."""

    def __init__(self, rng: random.Random | None = None, settings: MonteCarloSettings = HARD,
                 backend: Backend | None = None) -> None:
        self.rng = rng or random.Random()
        self.settings = settings
        self.backend = backend
        self.name = settings.name
        self.context: MatchContext | None = None

    def observe_match(self, context: MatchContext) -> None:
        """The match around the coming deal (see :mod:`.context`); kept until the next one."""
        self.context = context

    def call_trump(self, view: SeatView) -> TrumpDecision:
        return call_trump(view.hand, view.rules)

    def choose(self, view: SeatView, progress: Progress | None = None, *,
               backend: Backend | None = None) -> Decision:
        """The card to play at ``view.seat``.  ``progress`` hears the share done after each
        layout; an exception it raises ends the search (a caller calling it off).  ``backend``
        solves this decision instead of the player's own (:attr:`backend`)."""
        legal = sorted(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat.name} has no card to play now")
        if len(legal) == 1:
            return Decision(legal[0], reason("only_card", card=legal[0]))
        started = time.perf_counter()
        deadline = started + self.settings.budget
        backend = backend_for(view.rules, backend or self.backend)
        plan = self._layouts(view)
        worlds = plan.worlds
        context = self.context
        outcomes: dict[Card, list[tuple[float, float]]] = {card: [] for card in legal}
        done: dict[World, dict[Card, tuple[float, float]]] = {}
        cuts = self._cuts(view, worlds[0], backend) if worlds else None
        used = 0
        for world in worlds:
            if time.perf_counter() >= deadline:
                break
            result = done.get(world)
            if result is None:
                try:
                    result = _evaluate(view, world, legal, backend, deadline, context, cuts)
                except _OutOfTime:
                    break
                done[world] = result
            for card, outcome in result.items():
                outcomes[card].append(outcome)
            used += 1
            if progress is not None:
                elapsed = (time.perf_counter() - started) / self.settings.budget
                progress(min(1.0, max(used / len(worlds), elapsed)))
        if progress is not None:
            progress(1.0)
        if used == 0:
            fallback = rule_decision(view)
            return Decision(fallback.card, reason("fallback", card=fallback.card))
        weights = plan.weights[:used]
        stats = tuple(
            CandidateStats(card, _mean([s for s, _ in outcomes[card]], weights),
                           _mean([p for _, p in outcomes[card]], weights), used,
                           tuple(outcomes[card]))
            for card in legal)
        best = max(stats, key=lambda s: (round(s.mean_score, 9), s.mean_points, -s.card.index))
        ordered = tuple(sorted(stats, key=lambda s: (-s.mean_score, -s.mean_points, s.card.index)))
        layouts = layouts_count(used, drawn=len(worlds), every=plan.every)
        score = Number(best.mean_score, 2, sign=True)
        if catch_possible(view):    # a line's points may be the catch's stand-in: say none
            why = reason("best_expected_score", samples=used, layouts=layouts, card=best.card,
                         score=score)
        elif cuts is None:
            why = reason("best_expected", samples=used, layouts=layouts, card=best.card,
                         score=score, points=Number(best.mean_points))
        else:
            why = reason("best_expected_about", samples=used, layouts=layouts, card=best.card,
                         score=score, points=f"{best.mean_points:.0f}")
        return Decision(best.card, why, ordered)

    def _layouts(self, view: SeatView) -> _Layouts:
        """The layouts to solve, in order, with their weights: every layout that fits the view
        when there are no more than a pool's worth (``samples × pool_factor``), else
        ``samples`` drawn (in proportion to the inference's likelihood, for insane)."""
        known = self.context.known if self.context is not None else (0, 0, 0, 0)
        sampler = WorldSampler(view, known)
        n = self.settings.samples
        pool_size = n * self.settings.pool_factor
        nothing_seen = not view.tricks and not view.trick and view.rules.trump_rule != "called"
        reader = None if not self.settings.inference or nothing_seen else PlayReader(view)
        if sampler.count() <= pool_size:
            every = list(sampler.layouts())
            self.rng.shuffle(every)     # a decision cut short by the clock keeps a fair share
            if reader is None:
                return _Layouts(every, [1.0] * len(every), every=True)
            weighed = sorted(zip(reader.weights(every), every, strict=True),
                             key=lambda pair: -pair[0])   # the likeliest first
            return _Layouts([world for _, world in weighed], [w for w, _ in weighed], every=True)
        if reader is None:
            return _Layouts([sampler.sample(self.rng) for _ in range(n)], [1.0] * n)
        pool = [sampler.sample(self.rng) for _ in range(pool_size)]
        drawn = self.rng.choices(pool, weights=reader.weights(pool), k=n)
        return _Layouts(drawn, [1.0] * n)

    def _cuts(self, view: SeatView, world: World, backend: Backend) -> tuple[int, ...] | None:
        """The deal score's thresholds (:func:`_score_cuts`) when layouts with as many cards as
        ``world`` are to be solved only as far as the deal score needs, else None."""
        above = self.settings.brackets_above
        in_hands = sum(h.bit_count() for h in world)
        # every card of the deal but the first lead, whose layouts cost about twice as much to
        # solve there as to play out (docs/ai.md)
        if (above is None or not isinstance(backend, BracketBackend)
                or not above < in_hands < view.rules.deck):
            return None
        return _score_cuts(view, world, self.context)


@dataclass(frozen=True)
class _Layouts:
    """The layouts of one decision in the order they are solved, each with its weight in the
    means; ``every`` when they are all the layouts that fit the view."""

    worlds: list[World]
    weights: list[float]
    every: bool = False


def _mean(values: list[float], weights: list[float]) -> float:
    return sum(v * w for v, w in zip(values, weights, strict=True)) / sum(weights)


def _state_of(view: SeatView, world: World) -> DealState:
    """The deal as it would stand if ``world`` were the true layout."""
    state = DealState(view.rules, world, dealer=view.dealer, leader=view.leader, trump=view.trump,
                      trick=view.trick, taken_points=view.taken_points,
                      taken_tricks=view.taken_tricks, led=view.led)
    state.tricks = list(view.tricks)
    return state


def _points_in(hands: tuple[int, ...] | list[int], trick: tuple[int, ...], view: SeatView) -> int:
    points = view.order.points
    mask = hands[0] | hands[1] | hands[2] | hands[3]
    return sum(points[c] for c in range(36) if mask >> c & 1) + sum(points[c] for c in trick)


def _remaining(deadline: float) -> float:
    left = deadline - time.perf_counter()
    if left <= 0:
        raise _OutOfTime
    return left


def _evaluate(view: SeatView, world: World, legal: list[Card], backend: Backend,
              deadline: float, context: MatchContext | None = None,
              cuts: tuple[int, ...] | None = None) -> dict[Card, tuple[float, float]]:
    """``{card: (deal utility, final card points of our side)}`` on one layout; with ``cuts``
    (see :func:`_score_cuts`) the points are the middle of what the solver proved."""
    if cuts is not None:
        return _evaluate_brackets(view, world, legal, backend, deadline, context, cuts)
    exact_cards, horizon_cards = _limits(backend)
    if sum(h.bit_count() for h in world) <= exact_cards:
        return _evaluate_exact(view, world, legal, backend, deadline, context)
    return {card: _evaluate_playout(view, world, card, backend, deadline, horizon_cards,
                                    context)
            for card in legal}


def _score_cuts(view: SeatView, world: World,
                context: MatchContext | None) -> tuple[int, ...] | None:
    """The future points of our side at which the deal's worth to us changes (61 to win, and
    so on, as the preset scores), with 1 and all of them (a side may end without a trick only
    at 0 points); None when there are too many for one bracket query."""
    team = view.seat.team
    ours, theirs = view.taken_points[team], view.taken_points[team.other]
    future = _points_in(world, tuple(c.index for c in view.trick), view)

    def worth(x: int) -> float:
        return deal_utility(view.rules, team, ours + x, theirs + future - x, context=context)

    # a catch ends the deal at fixed points, so values run over every final score 0..all
    cuts = change_points(worth, -ours, future + theirs) | {1, future}
    return tuple(sorted(cuts)) if len(cuts) <= MAX_TARGETS and future > 0 else None


def _evaluate_brackets(view: SeatView, world: World, legal: list[Card], backend: Backend,
                       deadline: float, context: MatchContext | None,
                       cuts: tuple[int, ...]) -> dict[Card, tuple[float, float]]:
    """As :func:`_evaluate_exact`, but each card is solved only until no cut lies inside its
    bounds: its deal score is then known, its points to within the bracket."""
    deal = _deal_of(view, world)
    assert isinstance(backend, BracketBackend)
    result = backend.brackets(deal, cuts, _remaining(deadline))
    if not result.exact or len(result.bounds) < len(legal):
        raise _OutOfTime
    return _scores(view, world, deal, legal, result.bounds, backend, context)


def _evaluate_exact(view: SeatView, world: World, legal: list[Card], backend: Backend,
                    deadline: float, context: MatchContext | None = None
                    ) -> dict[Card, tuple[float, float]]:
    deal = _deal_of(view, world)
    result = backend.analyse(deal, _remaining(deadline))
    if not result.exact or len(result.values) < len(legal):
        raise _OutOfTime
    return _scores(view, world, deal, legal, result.bounds, backend, context)


def _deal_of(view: SeatView, world: World) -> Deal:
    # ``taken`` lets the solver score a catch (6♣ over Q♣) as the preset does.
    trick = tuple(c.index for c in view.trick)
    return Deal(view.order, world, int(view.leader), trick, view.led, view.taken_points)


def _scores(view: SeatView, world: World, deal: Deal, legal: list[Card],
            bounds: dict[int, tuple[int, int]], backend: Backend,
            context: MatchContext | None) -> dict[Card, tuple[float, float]]:
    """Deal utility and points of each card from the solver's bounds on its future points
    (exact, or narrow enough that the deal score is the same anywhere inside)."""
    team = view.seat.team
    future = _points_in(world, deal.trick, view)
    out: dict[Card, tuple[float, float]] = {}
    for card in legal:
        low, high = bounds[card.index]
        ours = view.taken_points[team] + low
        theirs = view.taken_points[team.other] + future - low
        no_trick = _no_trick_sides(view, deal, card, ours, theirs, backend)
        utility = deal_utility(view.rules, team, ours, theirs, ours_no_trick=no_trick[0],
                               theirs_no_trick=no_trick[1], context=context)
        out[card] = (utility, view.taken_points[team] + (low + high) / 2)
    return out


def _no_trick_sides(view: SeatView, deal: Deal, card: Card, ours: int, theirs: int,
                    backend: Backend) -> tuple[bool, bool]:
    """Whether (our side, their side) ends the deal without a trick, when one may."""
    team = view.seat.team
    flags = [False, False]
    for index, (side, points) in enumerate(((team, ours), (team.other, theirs))):
        if points == 0 and view.taken_tricks[side] == 0:
            flags[index] = _sweeps(deal, card.index, side.other, backend)
    return flags[0], flags[1]


def _sweeps(deal: Deal, card: int, team: int, backend: Backend) -> bool:
    """Whether ``team`` can take every trick left once ``card`` is played."""
    hands = list(deal.hands)
    hands[deal.to_move] &= ~(1 << card)
    trick = (*deal.trick, card)
    leader, led = deal.leader, deal.led
    if len(trick) == 4:
        winner = (leader + deal.order.winning_index(trick)) % 4
        if winner % 2 != team:
            return False
        suit = deal.order.suit_of[trick[0]]
        if suit < 4:
            led |= 1 << suit
        leader, trick = winner, ()
        if not any(hands):
            return True
    after = Deal(deal.order, (hands[0], hands[1], hands[2], hands[3]), leader, trick, led,
                 deal.taken)
    return backend.all_tricks(after, team)


def _evaluate_playout(view: SeatView, world: World, card: Card, backend: Backend,
                      deadline: float, horizon_cards: int,
                      context: MatchContext | None = None) -> tuple[float, float]:
    """Play ``card``, let the medium rules play on to the horizon, solve the rest exactly."""
    state = _state_of(view, world)
    state.play(card)
    while not state.is_over and (state.trick or sum(h.bit_count() for h in state.hands)
                                 > horizon_cards):
        state.play(rule_decision(state.view(state.to_move)).card)
    team = view.seat.team
    ours, theirs = state.points[team], state.points[team.other]
    no_trick = [False, False]
    if not state.is_over:
        deal = Deal(state.order, (state.hands[0], state.hands[1], state.hands[2], state.hands[3]),
                    int(state.leader), (), state.led, (state.points[0], state.points[1]))
        low, high = backend.value(deal, _remaining(deadline))
        if low != high:
            raise _OutOfTime
        future = _points_in(state.hands, (), view)
        mover = Seat(state.leader).team
        ours += low if mover == team else future - low
        theirs += future - low if mover == team else low
        for index, (side, points) in enumerate(((team, ours), (team.other, theirs))):
            if points == 0 and state.tricks_taken[side] == 0:
                no_trick[index] = backend.all_tricks(deal, side.other)
    else:
        no_trick = [state.tricks_taken[team] == 0, state.tricks_taken[team.other] == 0]
    utility = deal_utility(view.rules, team, ours, theirs, ours_no_trick=no_trick[0],
                           theirs_no_trick=no_trick[1], caught=state.caught, context=context)
    return utility, ours

