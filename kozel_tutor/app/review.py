"""Deal review: for every card the learner played, what each legal alternative was worth.

Values come from the double-dummy solver (everyone plays perfectly with open cards).  A full
9-card position can take the pure-Python solver longer than a learner should wait, so every
solve has a time ``budget``; when it runs out the alternatives show their bounds instead, and a
second, cheaper search (half the budget more) settles at least what each card's deal is worth
(:func:`~kozel_tutor.solver.deal_outcomes`).  A card that gave points away also gets the
puzzles' tutor's words (:func:`~kozel_tutor.puzzles.explain.card_report`): the trick where the
opponents gain by it, and what the deal comes to either way.

The deal results are scored in the deal's match (:class:`~kozel_tutor.ai.context.MatchContext`,
as the hint and the AI score them): after eggs a deal counts double, and a sweep in the first deal
of ``kozly24`` writes 12 on the opponents.  Between two of the learner's cards the others play;
where their cards change the most the learner's side can make (the partner's can only lower it,
the opponents' only raise it), :func:`swing` says so, card by card: the step's analysis also
solves the positions between the others' cards (:attr:`StepAnalysis.between`), so an opponent's
gift is never netted against the partner's loss that follows it.

Under the catch of ``nizhny`` and ``kozly24`` (the 6♣ taking the Q♣ of the other side ends the
deal at once, RULES.md) the solver values a line that ends in the catch with a stand-in, not card
points (:func:`~kozel_tutor.solver.core.caught_points`): it ranks the cards as the deal's score
does, so the review still finds the best cards by it, but where a card's value may be that
stand-in it shows no points for it (:attr:`Alternative.catch`) and compares the deal's results,
not points (:attr:`StepAnalysis.lost_result`).  Positions where the catch cannot happen any more
are reviewed in card points as everywhere else.

Card points do not settle everything: two cards can end the deal with the same points and still
different results (one takes every trick, the other lets the opponents take a trick with no
points in it: the opponents are written 4, not 6).  The best cards are those of the most points
and, among them, of the best result for the learner's side (:func:`deal_worth`); a card of the
same points but a worse result is not best, and the review says what it cost in the deal's
result.

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
>>> steps[0].others, 2 <= len(steps[1].others) <= 6    # the others' cards since your last
((), True)
>>> len(steps[1].between) == len(steps[1].others) - 1    # the positions between them
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from functools import cached_property

from ..ai.context import MatchContext
from ..ai.pimc import backend_for, deal_utility
from ..cards import Card
from ..i18n import MORE_POINTS, POINTS, ROWS
from ..position import Position
from ..puzzles.explain import card_report
from ..puzzles.model import Goal, Text
from ..puzzles.result_words import compare_results
from ..puzzles.variants import catch_live
from ..puzzles.verify import QUICK_CARDS, analyse, signed_score
from ..rules import Rules
from ..seats import Seat, Team
from ..solver import Analysis, DealScore, Outcome, deal_of, deal_outcomes, solve
from ..solver.core import Backend, caught_points
from ..state import caught_side
from . import review_texts  # noqa: F401  (registers the texts)
from .session import LEARNER, DealRecord
from .texts import text

__all__ = ["SETTLE_SHARE", "Alternative", "ReviewStep", "StepAnalysis", "Swing",
           "analyse_step", "deal_worth", "learner_steps", "swing", "swing_text"]

#: the second search, for the outcomes only, gets this share of the budget on top
SETTLE_SHARE = 0.5


@dataclass(frozen=True)
class ReviewStep:
    """The learner's ``number``-th card of a deal: the position before it and the card played,
    the match ``context`` the deal was played in, ``others``, the cards the other players
    played since the learner's previous card (none before the first), and ``between``, the
    positions between those cards: after each of them but the last (before the next one)."""

    number: int
    ply: int
    played: Card
    position: Position
    legal: tuple[Card, ...]
    context: MatchContext = field(default_factory=MatchContext)
    others: tuple[tuple[Seat, Card], ...] = ()
    between: tuple[Position, ...] = ()

    @property
    def caught(self) -> bool:
        """The 6♣ has already caught the Q♣ in this trick: the deal ends with it."""
        return caught_side(self.position.leader, self.position.trick) is not None

    def scorer(self) -> DealScore:
        """How the deal's results are scored: in its match context."""
        context, rules = self.context, self.position.rules
        return lambda points, tricks: context.result_of(rules, points, tricks)


@dataclass(frozen=True)
class Alternative:
    """One legal card: the solver's value of it for the learner's side, ``low``..``high``
    (equal when exact), and ``outcome``, the deal result when known.

    The value is the card points the side ends the deal with, unless ``catch`` is set: then
    the 6♣ may still catch the Q♣ on the card's line and the value may be the solver's stand-in
    for the catch (:func:`~kozel_tutor.solver.core.caught_points`), which ranks the card as the
    deal's score does but counts no points.  The review shows no points for such a card.
    """

    card: Card
    low: int
    high: int
    outcome: Outcome | None = None
    catch: bool = False
    #: the card itself makes the catch: the second of the 6♣ and the Q♣ to fall in this trick
    catch_now: bool = False

    @property
    def exact(self) -> bool:
        return self.low == self.high


@dataclass(frozen=True)
class StepAnalysis:
    step: ReviewStep
    alternatives: tuple[Alternative, ...]
    #: why the played card was worse, when it was and the lines were found in time
    why: Text | None = None
    #: the most the learner's side can make (card points, all cards face up) in each of the
    #: step's ``between`` positions: ``None`` for one not proven in time or whose value may be
    #: the catch's stand-in; ``None`` in all when not worked out (:func:`swing`)
    between: tuple[int | None, ...] | None = None

    @property
    def exact(self) -> bool:
        return all(alt.exact for alt in self.alternatives)

    def _tops(self) -> tuple[Alternative, ...]:
        """The cards of the highest value and, among them, of the best deal result (none while
        any value is still a range); a card whose result is not known yet stays among them."""
        return self._top_cards

    @cached_property
    def _top_cards(self) -> tuple[Alternative, ...]:
        """:meth:`_tops`, worked out once (the review's lines ask for it many times)."""
        if not self.exact:
            return ()
        top = max(alt.low for alt in self.alternatives)
        tops = [alt for alt in self.alternatives if alt.low == top]
        worth = [self._worth(alt) for alt in tops]
        best = max((w for alt, w in zip(tops, worth, strict=True) if alt.outcome is not None),
                   default=0.0)
        return tuple(alt for alt, w in zip(tops, worth, strict=True)
                     if alt.outcome is None or w == best)

    def _worth(self, alt: Alternative) -> float:
        """What ``alt``'s deal result is worth to the learner's side (:func:`deal_worth`)."""
        return deal_worth(alt.outcome, self.step)

    def _played(self) -> Alternative:
        return next(alt for alt in self.alternatives if alt.card == self.step.played)

    def _same_points(self, played: Alternative, top: Alternative) -> bool:
        """Whether the played card, not a best one, ends the deal with the best card's points
        (counted, not the catch's stand-in): it is worse only in the deal's result."""
        return not (played.catch or top.catch) and played.low == top.low

    @property
    def best(self) -> tuple[Card, ...]:
        """The cards proven best (empty while any value is still a range): those of the highest
        value and the best deal result among them and, where the catch makes points no measure
        between a card and them (its value or all theirs may stand for the catch), those that
        end the deal with the same result."""
        tops = self._tops()
        if not tops:
            return ()
        all_catch = all(alt.catch for alt in tops)
        return tuple(alt.card for alt in self.alternatives if alt in tops or (
            (alt.catch or all_catch) and alt.outcome is not None
            and alt.outcome == tops[0].outcome))

    @property
    def loss(self) -> int | None:
        """Card points the played card gave away against the best card: 0 for a best card,
        ``None`` while not exact, and ``None`` when points are no measure of it: the catch
        decides, or the card keeps the best card's points but ends the deal with a worse
        result (then :attr:`lost_result` says what it cost)."""
        tops = self._tops()
        if not tops:
            return None
        played = self._played()
        if played.card in self.best:
            return 0
        counted = [alt for alt in tops if not alt.catch]
        if played.catch or not counted or self._same_points(played, counted[0]):
            return None
        return counted[0].low - played.low

    @property
    def lost_result(self) -> tuple[Alternative, Alternative] | None:
        """The played card and a best card when the played card ends the deal with a worse
        result and points are no measure between them (the catch decides, or both keep the
        same points); ``None`` otherwise."""
        tops = self._tops()
        if not tops or self.loss is not None:
            return None
        return self._played(), max(tops, key=self._worth)

    def lost_text(self, lang: str) -> str | None:
        """What the played card cost against the best one, in ``lang``: the points it gave
        away, or the better deal result where the catch decides or the points are the same;
        ``None`` for a best card or while not exact."""
        if self.loss:
            return text("review_lost", lang, diff=MORE_POINTS(self.loss))
        lost = self.lost_result
        if lost is None:
            return None
        played, top = lost
        team, rules = self.step.position.to_move.team, self.step.position.rules
        result = compare_results(played.outcome, top.outcome, team, rules).get(lang)
        key = "review_lost_same_points" if self._same_points(played, top) else \
            "review_lost_result"
        return text(key, lang, result=result)

    @property
    def reset_note(self) -> Text | None:
        """A word on the match where the points and the deal's results part ways: the best
        cards' line ends in a reset by the learner's side (``classic``'s люся, ``kozly24``'s
        sweep) that wipes little or nothing, or another card's line ends in the opponents'
        reset and costs less than losing with a trick, so a line of fewer points may be worth
        more in the match.  The review ranks the cards by points, as the solver plays them; it
        does not claim which line the match favours, since both sides would then play for the
        result and not for points.  ``None`` elsewhere."""
        tops = [alt for alt in self._tops() if alt.outcome is not None]
        known = [alt for alt in self.alternatives if alt.outcome is not None]
        if not tops or not known:
            return None
        top, better = max(tops, key=self._worth), max(known, key=self._worth)
        if self._worth(better) <= self._worth(top):
            return None
        team, rules = self.step.position.to_move.team, self.step.position.rules
        if _reset_by(top.outcome, team):
            sweepers = team
        elif _reset_by(better.outcome, team.other):
            sweepers = team.other
        else:
            return None
        if _sweep_writes(self.step, sweepers):
            return None   # the sweep writes something too (after eggs, the egg row): not "only"
        # a reset wipes the sweepers' own penalty (points), or the losers' tablo (rows)
        wiped = self.step.context.scores[sweepers if rules.target_loses else sweepers.other]
        key = "review_reset_" + ("ours" if sweepers == team else "theirs") + \
            ("_penalty" if rules.target_loses else "_rows")
        if not wiped:
            return Text(text(key + "_none", "ru"), text(key + "_none", "en"))
        count = POINTS if rules.target_loses else ROWS
        return Text(*(text(key, lang, n=count(wiped).in_lang(lang)) for lang in ("ru", "en")))


def _sweep_writes(step: ReviewStep, sweepers: Team) -> bool:
    """Whether ``sweepers`` taking every trick also writes something in the deal's match (the
    egg row after eggs in ``classic``), not only resets."""
    points, tricks = [0, 0], [0, 0]
    points[sweepers], tricks[sweepers] = 120, 1
    result = step.context.result_of(step.position.rules, (points[0], points[1]),
                                    (tricks[0], tricks[1]))
    return any(result.written)


def _reset_by(outcome: Outcome | None, team: Team) -> bool:
    """Whether ``outcome`` is a reset by ``team``: it took every trick (:class:`Outcome`)."""
    return outcome is not None and outcome.winner == team and not outcome.value


def deal_worth(outcome: Outcome | None, step: ReviewStep) -> float:
    """What the deal result ``outcome`` is worth to the side of the learner's card ``step``, to
    rank the cards of equal value: what it writes (negative: what the opponents write); a reset
    (``classic``'s люся, ``kozly24``'s sweep erasing) is worth the match score it wipes, as
    the AI weighs it (:func:`~kozel_tutor.ai.pimc.deal_utility`); an unknown result least.
    """
    team = step.position.to_move.team
    if outcome is None:
        return -1000.0
    if outcome.winner is None or outcome.value:
        return signed_score(outcome, team)
    # a reset: the winners took every trick and so all 120 points
    ours = 120 if outcome.winner == team else 0
    return deal_utility(step.position.rules, team, ours, 120 - ours, ours_no_trick=not ours,
                        theirs_no_trick=bool(ours), context=step.context)


def learner_steps(record: DealRecord, rules: Rules,
                  context: MatchContext | None = None) -> list[ReviewStep]:
    """Every card the learner played in the deal ``record``, with the position before it;
    ``context`` is the match the deal was played in
    (:func:`~kozel_tutor.ai.context.last_deal_context`; none: a deal on its own)."""
    state = record.replay(rules, upto=0)
    steps: list[ReviewStep] = []
    others: list[tuple[Seat, Card]] = []
    between: list[Position] = []
    for ply, card in enumerate(record.plays):
        if state.to_move == LEARNER:
            steps.append(ReviewStep(len(steps) + 1, ply, card, Position.from_state(state),
                                    tuple(state.legal_plays().sorted()),
                                    context or MatchContext(), tuple(others) if steps else (),
                                    tuple(between) if steps else ()))
            others, between = [], []
        else:
            if others:   # the position after the others' card before this one
                between.append(Position.from_state(state))
            others.append((state.to_move, card))
        state.play(card)
    return steps


def analyse_step(step: ReviewStep, budget: float | None = 2.0) -> StepAnalysis:
    """Solve the position before the learner's card within ``budget`` seconds; once its values
    are exact, also the positions between the others' cards before it (``step.between``, all
    of them within :data:`SETTLE_SHARE` of the budget more)."""
    # Under the catch of nizhny/kozly24 too: both backends play it (ai.pimc.backend_for).
    backend = backend_for(step.position.rules)
    scorer = step.scorer()
    analysis = solve(step.position, budget=budget, backend=backend, scorer=scorer)
    settled: dict[Card, tuple[int, int, Outcome | None]] = {}
    if not analysis.exact:
        settled = deal_outcomes(step.position, backend=backend, scorer=scorer,
                                budget=None if budget is None else budget * SETTLE_SHARE)
    stand_ins = _catch_values(step.position)
    caught = step.caught
    alternatives = []
    for card in step.legal:
        low, high = analysis.bounds.get(card, (0, 120))
        if card in analysis.values:
            low = high = analysis.values[card]
        outcome = analysis.outcomes.get(card)
        if card in settled:
            low, high = max(low, settled[card][0]), min(high, settled[card][1])
            outcome = outcome or settled[card][2]
        catch = any(low <= value <= high for value in stand_ins)
        now = catch and not caught and \
            caught_side(step.position.leader, (*step.position.trick, card)) is not None
        alternatives.append(Alternative(card, low, high, outcome, catch, now))
    alternatives.sort(key=lambda alt: (-alt.high, -alt.low, -deal_worth(alt.outcome, step),
                                       alt.card.index))
    result = StepAnalysis(step, tuple(alternatives))
    # the best cards first (a card as good as the best through the catch may be worth less)
    best = set(result.best)
    result = replace(result, alternatives=tuple(sorted(alternatives,
                                                       key=lambda alt: alt.card not in best)))
    if result.loss:
        result = replace(result, why=_why(step, analysis, backend, budget))
    elif (lost := result.lost_result) is not None:
        played, top = lost
        why = _trick_why(step, analysis, backend, top.card) if result._same_points(played, top) \
            else _why(step, analysis, backend, budget)
        result = replace(result, why=why)
    if result.exact:   # (an inexact step has no swing to tell)
        result = replace(result, between=_between_values(
            step, backend, None if budget is None else budget * SETTLE_SHARE))
    return result


def _between_values(step: ReviewStep, backend: Backend,
                    budget: float | None) -> tuple[int | None, ...]:
    """The most the learner's side can make, all cards face up, in each of ``step.between``
    (:attr:`StepAnalysis.between`), within ``budget`` seconds for them all."""
    deadline = None if budget is None else time.monotonic() + budget
    values: list[int | None] = []
    for position in step.between:
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            values.append(None)
            continue
        low, high = backend.value(deal_of(position), left)
        team = position.to_move.team
        mover = position.taken_points[team] + low   # the mover's side's, taken and to come
        if low != high or mover in _catch_values(position):
            values.append(None)
        else:   # the points taken and still in play make 120 (a valid Position)
            values.append(mover if team == LEARNER.team else 120 - mover)
    return tuple(values)


def _catch_values(position: Position) -> tuple[int, ...]:
    """The values the solver may give the mover's side for a line ending in the catch (caught,
    or catching), when the 6♣ can still catch the Q♣ here; none otherwise."""
    if not catch_live(position):
        return ()
    caught = caught_points(position.rules)
    return caught, 120 - caught


def _why(step: ReviewStep, analysis: Analysis, backend: Backend,
         budget: float | None) -> Text | None:
    """The tutor's words on the learner's card, or ``None`` when its lines (one solve each,
    ``budget`` seconds at most) are not proven in time."""
    check = analyse(step.position, Goal.MAX_POINTS, backend=backend, analysis=analysis)
    try:
        return card_report(check, step.played, backend=backend, budget=budget).text
    except TimeoutError:
        return None


def _trick_why(step: ReviewStep, analysis: Analysis, backend: Backend,
               best: Card) -> Text | None:
    """The tutor's words on a card that kept the best card's points but not its result: the
    trick the opponents take after it where the ``best`` card takes every trick, or the tricks
    they all take where the best card takes one (the goals that tell the two apart).  ``None``
    where neither goal tells them apart under the preset, or the hand is too big to play the
    lines out in a moment (:data:`~kozel_tutor.puzzles.verify.QUICK_CARDS`)."""
    if len(step.position.hands[step.position.to_move]) > QUICK_CARDS:
        return None
    for goal in (Goal.ALL_TRICKS, Goal.TAKE_TRICK):
        check = analyse(step.position, goal, backend=backend, analysis=analysis)
        if best in check.answers and step.played not in check.answers:
            return card_report(check, step.played, backend=backend).text
    return None


@dataclass(frozen=True)
class Swing:
    """The most the learner's side can make (card points, all cards face up) changed between
    two of the learner's cards, from ``before`` to ``after``, by ``cards``, others' cards in a
    row that all moved it one way (the partner's can only lower it, the opponents' only raise
    it); the cards between them that did not move it are not named."""

    before: int
    after: int
    cards: tuple[tuple[Seat, Card], ...]

    @property
    def fell(self) -> bool:
        return self.after < self.before


def swing(previous: StepAnalysis | None, current: StepAnalysis) -> tuple[Swing, ...]:
    """How the others' cards since the learner's previous card changed the most the learner's
    side can make (``previous``: the analysis of the learner's previous card), in order: each
    run of their cards that moved it one way, from the value before the first of them to the
    value after the last (an opponent's gift before the partner's loss is told apart from it,
    not netted against it).  Empty when nothing changed it, a value is not exact or may be the
    catch's stand-in, or ``previous`` is not the card before; empty too when both sides played
    and what each card did is not known (the positions between them not solved in time)."""
    if (previous is None or previous.step.number + 1 != current.step.number
            or not previous.exact or not current.exact):
        return ()
    played, tops = previous._played(), current._tops()
    if played.catch or any(alt.catch for alt in tops):
        return ()
    before, after = played.low, tops[0].low
    others, between = current.step.others, current.between
    if between is None or len(between) != len(others) - 1 or None in between:
        # what each card did is not known: only all of one side's cards changed it
        partner = {seat == LEARNER.partner for seat, _ in others}
        if before == after or partner != {after < before}:
            return ()
        return (Swing(before, after, others),)
    values = [before, *(value for value in between if value is not None), after]
    runs: list[Swing] = []
    for move, old, new in zip(others, values[:-1], values[1:], strict=True):
        if new == old:
            continue
        if runs and runs[-1].fell == (new < old):
            runs[-1] = Swing(runs[-1].before, new, (*runs[-1].cards, move))
        else:
            runs.append(Swing(old, new, (move,)))
    return tuple(runs)


def swing_text(changes: tuple[Swing, ...], lang: str) -> str:
    """The swings in words: "After Nina's Q♥, the most your side can make … fell from 101 to
    80 points: …", each one after the first as "Then after …" (neutral lines: the others cannot
    see the hidden cards either)."""
    sentences = []
    for number, change in enumerate(changes):
        key = "review_swing_" + ("fell" if change.fell else "rose") + ("_then" if number else "")
        sentences.append(text(key, lang, cards=_cards_words(change.cards, lang),
                              before=change.before, after=POINTS(change.after)))
    return " ".join(sentences)


def _cards_words(cards: tuple[tuple[Seat, Card], ...], lang: str) -> str:
    """Whose cards, seat by seat: "Nina's Q♥", "Fedor's A♥ and J♥ and Gleb's 9♣" / «хода Нины
    (Д♥)», «ходов Фёдора (Т♥, В♥) и Глеба (9♣)»."""
    seats = list(dict.fromkeys(seat for seat, _ in cards))
    words = [text("review_swing_card", lang, name=text(f"review_seat_gen_{seat.name}", lang),
                  card=text("review_swing_list", lang).join(
                      card.label(lang) for who, card in cards if who == seat))
             for seat in seats]
    joined = words[0] if len(words) == 1 else text(
        "review_swing_and", lang, first=", ".join(words[:-1]), last=words[-1])
    return text("review_swing_moves" if len(cards) > 1 else "review_swing_move", lang,
                cards=joined)
