"""Solver checks: which cards reach a puzzle's goal, and whether the best one is the only one.

A puzzle is kept only when its answer is the one good card (lichess keeps a puzzle only when its
move is the only good one).  Cards of one hand that are worth the same points and have no other
card still in play between them (the 7♠ and 8♠ in your hand when the other spades are out) are
*equivalent*: they give the same result, so a puzzle accepts each of them and ``answers`` lists
them all.  The rule of uniqueness, per goal:

* ``max_points`` – one class of cards takes the most card points, every other card at least
  :data:`MARGIN` points fewer;
* ``make_61``, ``make_90``, ``save_31`` – the cards that still reach 61 / 90 / 31 points form one
  class (and some card does not reach it);
* ``take_trick`` / ``all_tricks`` – the cards after which the side still takes a trick / every
  trick form one class.

Under a regional preset the points of ``make_61``, ``make_90`` and ``save_31`` come from the
preset's deal-score table (:func:`.variants.goal_threshold`: ``kozly24`` saves at 30 and holds
the opponents under 30 at 91); the trick goals apply only where they change the deal result
whatever the match score (:func:`.variants.goal_applies`), and ``max_points`` only where the
catch cannot happen any more (a catch is scored, not counted in card points).

>>> from kozel_tutor.position import Position
>>> pos = Position.from_json({"hands": {"N": "QC 9S", "E": "JD AH", "S": "TC 7S", "W": "KH 6D"},
...     "leader": "N", "taken": {"NS": [40, 4], "EW": [50, 3]}})
>>> check = analyse(pos, Goal.MAX_POINTS, backend="python")
>>> sorted(c.token for c in check.answers), [problem.key for problem in check.problems]
(['QC'], ['no_clear_best'])
>>> print(check.problems[0].text("ru"))
нет явно лучшей карты: следующая хуже всего на 6 очков (нужна разница хотя бы в 10 очков)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..cards import CARDS, Card
from ..i18n import word_list
from ..position import Position
from ..rules import legal_mask
from ..scoring import deal_result
from ..seats import Seat, Team
from ..solver import Analysis, Outcome, deal_of, resolve_backend, solve
from ..solver.core import Backend, Deal
from .model import Goal, Puzzle, PuzzleProblem
from .texts import cards_label, cards_words, in_both, points_words
from .variants import catch_live, goal_applies, goal_threshold, variant_label

__all__ = [
    "MARGIN",
    "QUICK_CARDS",
    "CardResult",
    "GoalCheck",
    "LineTrick",
    "SetAside",
    "analyse",
    "check_puzzle",
    "check_set_answers",
    "equivalence_classes",
    "legal_cards",
    "line_after",
    "play_line",
    "position_after",
    "quick_to_check",
    "signed_score",
    "verified_key",
]

MARGIN = 10
"""Card points by which the best card of a ``max_points`` puzzle must beat every other card."""

QUICK_CARDS = 6
"""Up to this many cards in hand the Python solver judges every card of a puzzle in a moment;
above it only the native solver does, so the puzzle player's per-card analysis of a larger
puzzle needs the native solver (:func:`quick_to_check`)."""


@dataclass(frozen=True)
class CardResult:
    """One legal card: what the learner's side ends the deal with if it is played.

    ``points`` is the side's final card points under best play (exact), or ``None`` when a time
    budget ran out (then ``bounds`` is what is known); ``outcome`` the deal result; ``score``
    the deal score from the side's point of view (+6 … −6, 0 for eggs); ``achieves`` whether the
    card reaches the goal (``None``: not settled in the budget); ``group`` its equivalence class.
    """

    card: Card
    points: int | None
    bounds: tuple[int, int]
    outcome: Outcome | None
    score: int | None
    achieves: bool | None
    group: int


@dataclass(frozen=True)
class GoalCheck:
    """The solver's verdict on a position and goal; ``problems`` empty means a valid puzzle.

    Each problem is keyed (words: :data:`.texts.ERRORS`): ``str(problem)`` is the English line,
    ``problem.text("ru")`` the Russian one.
    """

    position: Position
    goal: Goal
    results: dict[Card, CardResult]
    classes: tuple[tuple[Card, ...], ...]
    answers: frozenset[Card]
    problems: tuple[PuzzleProblem, ...]
    exact: bool = True
    backend: str = ""
    margin: int | None = None
    analysis: Analysis | None = field(default=None, repr=False, compare=False)

    @property
    def unique(self) -> bool:
        return not self.problems

    @property
    def best_points(self) -> int | None:
        values = [r.points for r in self.results.values() if r.points is not None]
        return max(values) if values else None

    def group_of(self, card: Card) -> tuple[Card, ...]:
        return self.classes[self.results[card].group]


def signed_score(outcome: Outcome, team: Team) -> int:
    """What ``team`` writes (positive) or the opponents write (negative); 0 for eggs."""
    if outcome.winner is None:
        return 0
    return outcome.value if outcome.winner == team else -outcome.value


def equivalence_classes(position: Position) -> tuple[tuple[Card, ...], ...]:
    """The legal cards grouped into classes of equivalent cards, highest first in each class.

    Two cards are equivalent when they are of one effective suit, worth the same points, and no
    card still in play (in a hand or in the current trick) that the mover cannot play lies
    between them: whichever is played, the rest of the deal can go exactly the same way.
    """
    order = position.rules.card_order(position.trump)
    hands = [h.mask for h in position.hands]
    trick = [c.index for c in position.trick]
    legal = legal_mask(order, hands[position.to_move], trick, position.led_mask)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    for c in trick:
        alive |= 1 << c
    classes: list[list[Card]] = []
    for suit in range(5):
        previous: Card | None = None
        for card in order.suit_cards(suit):
            if not alive >> card.index & 1:
                continue
            if legal >> card.index & 1:
                if previous is not None and previous.points == card.points:
                    classes[-1].append(card)
                else:
                    classes.append([card])
                previous = card
            else:
                previous = None
    return tuple(tuple(c) for c in classes)


def position_after(position: Position, card: Card) -> Position | None:
    """The position once ``card`` is played (``None`` if that ends the deal)."""
    state = position.to_state()
    state.play(card)
    if state.is_over:
        return None
    return Position.from_state(state)


def _deal_after(deal: Deal, card: int) -> tuple[Deal | None, int | None]:
    """The backends' deal after ``card``, and the team that took the trick if it completed."""
    hands = list(deal.hands)
    hands[deal.to_move] &= ~(1 << card)
    trick = (*deal.trick, card)
    leader, led = deal.leader, deal.led
    winner_team: int | None = None
    if len(trick) == 4:
        order = deal.order
        winner = (leader + order.winning_index(trick)) % 4
        winner_team = winner % 2
        lead_suit = order.suit_of[trick[0]]
        if lead_suit < 4:
            led |= 1 << lead_suit
        leader, trick = winner, ()
        if not any(hands):
            return None, winner_team
    after = Deal(deal.order, (hands[0], hands[1], hands[2], hands[3]), leader, trick, led)
    return after, winner_team


def _takes_a_trick(engine: Backend, deal: Deal, card: int, team: int) -> bool:
    """Whether ``team`` takes at least one more trick once ``card`` is played."""
    after, won = _deal_after(deal, card)
    if won == team:
        return True
    if after is None:
        return False
    return not engine.all_tricks(after, 1 - team)


def _takes_every_trick(engine: Backend, deal: Deal, card: int, team: int) -> bool:
    after, won = _deal_after(deal, card)
    if won is not None and won != team:
        return False
    if after is None:
        return True
    return engine.all_tricks(after, team)


def _goal_precondition(position: Position, goal: Goal) -> PuzzleProblem | None:
    team = position.to_move.team
    rules = position.rules
    if not goal_applies(goal, rules):
        return PuzzleProblem("goal_not_deciding", goal=goal.value, rules={
            "en": rules.name, "ru": variant_label(rules.name).ru})
    if goal is Goal.MAX_POINTS and catch_live(position):
        return PuzzleProblem("goal_catch_live")
    if goal is Goal.TAKE_TRICK and position.taken_tricks[team] > 0:
        return PuzzleProblem("goal_trick_taken")
    if goal is Goal.ALL_TRICKS and position.taken_tricks[team.other] > 0:
        return PuzzleProblem("goal_opponents_trick")
    return None


def analyse(
    position: Position,
    goal: Goal,
    *,
    backend: str | Backend | None = None,
    budget: float | None = None,
    margin: int = MARGIN,
    analysis: Analysis | None = None,
) -> GoalCheck:
    """Solve ``position`` and judge every legal card against ``goal``.

    With a ``budget`` (seconds) the solve may stop early; cards are then judged from bounds
    where bounds suffice, ``exact`` is False and an unsettled verdict is a problem.  Pass the
    ``analysis`` of the same position to judge several goals from one solve.
    """
    engine = resolve_backend(backend)
    if analysis is None or analysis.position != position:
        analysis = solve(position, budget=budget, backend=engine)
    team = position.to_move.team
    classes = equivalence_classes(position)
    group_of = {card: i for i, members in enumerate(classes) for card in members}
    deal = deal_of(position)
    problems: list[PuzzleProblem] = []
    pre = _goal_precondition(position, goal)
    if pre:
        problems.append(pre)
    threshold = goal_threshold(goal, position.rules)

    results: dict[Card, CardResult] = {}
    for card, bounds in analysis.bounds.items():
        points = analysis.values.get(card) if analysis.exact else (
            bounds[0] if bounds[0] == bounds[1] else None)
        outcome = analysis.outcomes.get(card)
        if outcome is None and points is not None:
            outcome = _outcome_of(position, points)
        achieves = _achieves(goal, threshold, engine, deal, card, bounds, team.value,
                             pre is None)
        results[card] = CardResult(card, points, bounds, outcome,
                                   None if outcome is None else signed_score(outcome, team),
                                   achieves, group_of[card])

    answers, margin_found = _answers(goal, results, margin)
    if goal is Goal.MAX_POINTS:
        results = {c: replace(r, achieves=None if r.points is None and not answers
                              else c in answers) for c, r in results.items()}
    exact = analysis.exact and all(r.achieves is not None for r in results.values())
    if not pre:
        problems.extend(_uniqueness_problems(goal, results, answers, group_of, margin_found,
                                             margin, exact))
    return GoalCheck(position, goal, results, classes, frozenset(answers), tuple(problems),
                     exact, getattr(engine, "name", "?"), margin_found, analysis)


def _outcome_of(position: Position, points: int) -> Outcome:
    """The deal result from the side's final points (budgeted solves skip the trick check)."""
    team = position.to_move.team
    pts = [0, 0]
    pts[team] = points
    pts[team.other] = 120 - points
    result = deal_result(position.rules, (pts[0], pts[1]), (1, 1))
    return Outcome(result.winner, result.value, result.eggs)


def _achieves(goal: Goal, threshold: int | None, engine: Backend, deal: Deal, card: Card,
              bounds: tuple[int, int], team: int, applicable: bool) -> bool | None:
    low, high = bounds
    if threshold is not None:
        if low >= threshold:
            return True
        if high < threshold:
            return False
        return None
    if goal is Goal.MAX_POINTS:
        return None if low != high else True  # refined by _answers (needs every card)
    if not applicable:
        return False
    if goal is Goal.TAKE_TRICK:
        return _takes_a_trick(engine, deal, card.index, team)
    return _takes_every_trick(engine, deal, card.index, team)


def _answers(goal: Goal, results: dict[Card, CardResult],
             margin: int) -> tuple[set[Card], int | None]:
    if goal is not Goal.MAX_POINTS:
        return {c for c, r in results.items() if r.achieves}, None
    lows = {c: r.bounds[0] for c, r in results.items()}
    highs = {c: r.bounds[1] for c, r in results.items()}
    best_low = max(lows.values())
    best = {c for c, r in results.items() if r.points is not None and r.points == best_low}
    if not best:
        return set(), None
    others = [highs[c] for c in results if c not in best]
    found = best_low - max(others) if others else None
    return best, found


def _cards_words(cards: Iterable[Card]) -> dict[str, str]:
    """Cards for a problem: their tokens in order (``JH JS``), as a player reads them in Russian."""
    return cards_words(" ".join(sorted(c.token for c in cards)))


def _uniqueness_problems(goal: Goal, results: dict[Card, CardResult], answers: set[Card],
                         group_of: dict[Card, int], margin_found: int | None, margin: int,
                         exact: bool) -> list[PuzzleProblem]:
    if not exact and goal is not Goal.MAX_POINTS:
        unsettled = [c for c, r in results.items() if r.achieves is None]
        if unsettled:
            return [PuzzleProblem("unsettled_cards", cards=_cards_words(unsettled))]
    if len(results) < 2:
        return [PuzzleProblem("one_card")]
    if not answers:
        if goal is Goal.MAX_POINTS:
            return [PuzzleProblem("unsettled")]
        return [PuzzleProblem("no_card_reaches", goal=goal.value)]
    if len(answers) == len(results):
        return [PuzzleProblem("every_card_reaches", goal=goal.value)]
    groups = {group_of[c] for c in answers}
    if len(groups) > 1:
        shown = ", ".join(" ".join(c.token for c in sorted(answers, key=lambda c: c.index)
                                   if group_of[c] == g) for g in sorted(groups))
        return [PuzzleProblem("several_best", cards=cards_words(shown))]
    group = next(iter(groups))
    outside = [c for c in group_of if group_of[c] == group and c not in answers]
    if outside:  # pragma: no cover - equivalent cards always share a value
        return [PuzzleProblem("equivalent_differ", cards=_cards_words(outside))]
    if goal is Goal.MAX_POINTS and margin_found is not None and margin_found < margin:
        if not exact:
            return [PuzzleProblem("unsettled")]
        return [PuzzleProblem("no_clear_best", points=points_words(margin_found),
                              margin=points_words(margin))]
    return []


def check_puzzle(puzzle: Puzzle, *, backend: str | Backend | None = None,
                 budget: float | None = None) -> tuple[GoalCheck, list[PuzzleProblem]]:
    """Re-solve a puzzle; the problems list is empty when its answers and goal are right."""
    check = analyse(puzzle.position, puzzle.goal, backend=backend, budget=budget)
    problems = list(check.problems)
    if check.exact or puzzle.goal is Goal.MAX_POINTS:
        stated = set(puzzle.answers)
        if check.answers and stated != set(check.answers):
            problems.append(PuzzleProblem("answers_differ", stated=_cards_words(stated),
                                          found=_cards_words(check.answers)))
    return check, problems


def quick_to_check(puzzle: Puzzle, backend: str | Backend | None = None) -> bool:
    """Whether ``backend`` judges every card of ``puzzle`` in a moment (see :data:`QUICK_CARDS`)."""
    if puzzle.cards <= QUICK_CARDS:
        return True
    engine = resolve_backend(backend)
    return getattr(engine, "name", "python") != "python"


def verified_key(puzzle: Puzzle) -> Hashable:
    """What a verdict on ``puzzle``'s answers depends on: its position, goal and answers."""
    return (puzzle.position, puzzle.goal, puzzle.answers)


def _either_card(cards: Iterable[Card]) -> dict[str, str]:
    """Cards that are each an answer, as a player reads them: ``J♠ or J♥``, «В♠ или В♥»."""
    tokens = [c.token for c in sorted(cards, key=lambda c: c.index)]
    return in_both(lambda lang: word_list([cards_label(token, lang) for token in tokens], lang,
                                          either=True))


@dataclass(frozen=True)
class SetAside:
    """A puzzle of a set whose stated answers the solver does not confirm: ``number`` is its
    place in the set (from 1), ``found`` the cards the solver finds best (none: no card
    reaches the goal)."""

    number: int
    puzzle: Puzzle
    found: frozenset[Card]

    @property
    def problem(self) -> PuzzleProblem:
        """Which puzzle and why, in both languages (``problem.text(lang)``)."""
        stated = _either_card(self.puzzle.answers)
        why = (PuzzleProblem("answer_wrong", stated=stated, found=_either_card(self.found))
               if self.found else PuzzleProblem("answer_none", stated=stated))
        return PuzzleProblem("set_aside", n=self.number, title=self.puzzle.title.to_dict(),
                             why=why)


def check_set_answers(
    puzzles: Sequence[Puzzle],
    *,
    trusted: Collection[Hashable] = (),
    backend: str | Backend | None = None,
    on_progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Puzzle], list[SetAside]]:
    """Re-solve the puzzles of a set that was opened from a file or a link: the puzzles whose
    answers hold, in order, and those set aside because their answers are not the solver's.

    A puzzle whose :func:`verified_key` is in ``trusted`` (the catalogue's, checked when it was
    built) is kept as it is, and so is one this ``backend`` cannot judge in a moment
    (:func:`quick_to_check`; the player then shows only right or wrong there too).
    ``on_progress(done, total)`` is called before each puzzle and once at the end.
    """
    kept: list[Puzzle] = []
    aside: list[SetAside] = []
    for number, puzzle in enumerate(puzzles, 1):
        if on_progress is not None:
            on_progress(number - 1, len(puzzles))
        if verified_key(puzzle) in trusted or not quick_to_check(puzzle, backend):
            kept.append(puzzle)
            continue
        check, problems = check_puzzle(puzzle, backend=backend)
        if not check.answers or any(p.key == "answers_differ" for p in problems):
            aside.append(SetAside(number, puzzle, check.answers))
        else:
            kept.append(puzzle)
    if on_progress is not None:
        on_progress(len(puzzles), len(puzzles))
    return kept, aside


def line_after(position: Position, card: Card, goal: Goal,
               backend: str | Backend | None = None, budget: float | None = None) -> list[Card]:
    """A line of best play for both sides that starts with ``card`` and runs to the deal's end.

    For points goals both sides maximise their card points (the solver's principal variation);
    for trick goals each side first keeps (or breaks) the trick goal, then maximises points.
    With a ``budget`` (seconds, points goals) a line the solver cannot prove in time raises
    :class:`TimeoutError`: half a line would explain nothing.
    """
    line = [card]
    after = position_after(position, card)
    if after is None:
        return line
    if goal in (Goal.TAKE_TRICK, Goal.ALL_TRICKS):
        return line + _trick_goal_line(after, goal, position.to_move.team, backend)
    analysis = solve(after, backend=backend, outcomes=False, budget=budget)
    if not analysis.exact:
        raise TimeoutError(f"no exact line after {card} within {budget} s")
    return line + analysis.pv


def _trick_goal_line(position: Position, goal: Goal, team: Team,
                     backend: str | Backend | None) -> list[Card]:
    engine = resolve_backend(backend)
    line: list[Card] = []
    current: Position | None = position
    while current is not None:
        deal = deal_of(current)
        values = solve(current, backend=engine, outcomes=False).values
        ranked = sorted(values, key=lambda c: (-values[c], c.index))
        status = [_goal_holds(goal, engine, deal, c.index, team, current) for c in ranked]
        wanted = any(status) if current.to_move.team == team else all(status)
        choice = next(c for c, s in zip(ranked, status, strict=True) if s == wanted)
        line.append(choice)
        current = position_after(current, choice)
    return line


def _goal_holds(goal: Goal, engine: Backend, deal: Deal, card: int, team: Team,
                position: Position) -> bool:
    if goal is Goal.TAKE_TRICK:
        if position.taken_tricks[team] > 0:
            return True
        return _takes_a_trick(engine, deal, card, team.value)
    return _takes_every_trick(engine, deal, card, team.value)


@dataclass(frozen=True)
class LineTrick:
    """One trick of a line: every card in it (those already on the table first), the winner."""

    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat
    points: int
    before: int
    """How many of ``plays`` were already on the table in the puzzle position."""

    @property
    def winning_card(self) -> Card:
        return next(card for seat, card in self.plays if seat == self.winner)


def play_line(position: Position, line: Iterable[Card]) -> list[LineTrick]:
    """Play ``line`` from ``position`` and return its tricks (the current one first)."""
    state = position.to_state()
    before = len(position.trick)
    tricks: list[LineTrick] = []
    for card in line:
        trick = state.play(card)
        if trick is not None:
            tricks.append(LineTrick(tuple(trick.plays()), trick.winner, trick.points,
                                    before if not tricks else 0))
    return tricks


def legal_cards(position: Position) -> list[Card]:
    order = position.rules.card_order(position.trump)
    mask = legal_mask(order, position.hands[position.to_move].mask,
                      [c.index for c in position.trick], position.led_mask)
    return [CARDS[i] for i in range(36) if mask >> i & 1]
