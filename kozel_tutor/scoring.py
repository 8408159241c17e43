"""What a finished deal is worth, and the match that adds the deals up.

>>> deal_result(find_rules(), points=(90, 30), tricks=(7, 2)).written
(4, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .rules import Rules, RulesError, find_rules
from .seats import Seat, Team

__all__ = [
    "DEAL_SCORERS",
    "DealResult",
    "MatchScore",
    "deal_result",
    "register_scorer",
]


@dataclass(frozen=True)
class DealResult:
    """The outcome of one deal.

    ``winner`` is the side that won the deal (``None`` for eggs); ``value`` what the deal is
    worth before the eggs multiplier; ``written`` what each side (NS, EW) writes on its score
    after the multiplier.  With penalty scoring (``rules.target_loses``) the points are written
    *against* a side; ``written`` then holds penalty points.  ``reset`` is a side whose score
    goes back to zero before ``written`` is added (a variant's люся or erasing).
    """

    points: tuple[int, int]
    tricks: tuple[int, int]
    winner: Team | None
    value: int
    multiplier: int = 1
    eggs: bool = False
    caught: Team | None = None
    written: tuple[int, int] = (0, 0)
    reset: Team | None = None

    @property
    def loser(self) -> Team | None:
        return None if self.winner is None else self.winner.other


Scorer = Callable[[Rules, tuple[int, int], tuple[int, int], int, "Team | None"], DealResult]
DEAL_SCORERS: dict[str, Scorer] = {}


def register_scorer(name: str, scorer: Scorer) -> None:
    """Add a deal-score table; ``Rules.scoring`` names the one a game uses."""
    DEAL_SCORERS[name] = scorer


def deal_result(
    rules: Rules,
    points: tuple[int, int],
    tricks: tuple[int, int],
    multiplier: int = 1,
    caught: Team | None = None,
) -> DealResult:
    """Score a finished deal under ``rules`` (``caught``: the side caught by the 6♣, if any)."""
    try:
        scorer = DEAL_SCORERS[rules.scoring]
    except KeyError:
        raise RulesError(f"unknown scoring table {rules.scoring!r}") from None
    return scorer(rules, points, tricks, multiplier, caught)


def standard_value(loser_points: int, loser_tricks: int) -> int:
    """2 for a plain win, 4 when the losers made 30 or fewer, 6 when they took no trick."""
    if loser_tricks == 0:
        return 6
    if loser_points <= 30:
        return 4
    return 2


def _standard_scorer(
    rules: Rules,
    points: tuple[int, int],
    tricks: tuple[int, int],
    multiplier: int,
    caught: Team | None,
) -> DealResult:
    if points[0] == points[1]:
        return DealResult(points, tricks, None, 0, multiplier, eggs=True)
    winner = Team.NS if points[0] > points[1] else Team.EW
    loser = winner.other
    value = standard_value(points[loser], tricks[loser])
    written = [0, 0]
    written[winner] = value * multiplier
    return DealResult(points, tricks, winner, value, multiplier, written=(written[0], written[1]))


register_scorer("standard", _standard_scorer)


@dataclass
class MatchScore:
    """The running score of a match: deals recorded one by one until a side reaches the target.

    The dealer passes to the left after every deal; after eggs the next deal counts double
    (eggs in a row do not compound).
    """

    rules: Rules = field(default_factory=find_rules)
    first_dealer: Seat = Seat.W
    scores: list[int] = field(default_factory=lambda: [0, 0])
    results: list[DealResult] = field(default_factory=list)

    @property
    def dealer(self) -> Seat:
        """The dealer of the next (or current) deal."""
        return self.first_dealer.offset(len(self.results))

    @property
    def multiplier(self) -> int:
        """2 right after eggs, else 1."""
        return 2 if self.results and self.results[-1].eggs else 1

    @property
    def eggs(self) -> int:
        return sum(1 for r in self.results if r.eggs)

    @property
    def deals_won(self) -> tuple[int, int]:
        won = [0, 0]
        for result in self.results:
            if result.winner is not None:
                won[result.winner] += 1
        return (won[0], won[1])

    def record(self, result: DealResult) -> None:
        if self.is_over:
            raise ValueError("the match is already over")
        self.results.append(result)
        if result.reset is not None:
            self.scores[result.reset] = 0
        for team in Team:
            self.scores[team] += result.written[team]

    @property
    def is_over(self) -> bool:
        return max(self.scores) >= self.rules.match_target

    @property
    def winner(self) -> Team | None:
        """The side that won the match (with penalty scoring: the side that did *not* reach it)."""
        if not self.is_over:
            return None
        reached = Team.NS if self.scores[0] >= self.scores[1] else Team.EW
        return reached.other if self.rules.target_loses else reached

    @property
    def goats(self) -> Team | None:
        """The side that lost the match: the goats (козлы)."""
        winner = self.winner
        return None if winner is None else winner.other

    @property
    def naked_goats(self) -> bool:
        """Whether the goats finished with nothing written (голые козлы)."""
        goats = self.goats
        if goats is None or self.rules.target_loses:
            return False
        return self.scores[goats] == 0
