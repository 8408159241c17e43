"""The contract every solver backend implements (pure Python and native C).

A backend works on plain ints: cards are indices 0..35, hands are 36-bit masks indexed by seat
(N=0, E=1, S=2, W=3), and the card order comes from :class:`~kozel_tutor.rules.CardOrder`.
Values are **future card points** — points of the cards still in the hands and in the current
trick — that the team of the player to move takes when both teams play to maximise their own
card points.  The public :func:`kozel_tutor.solver.solve` adds the points already taken.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol, runtime_checkable

from ..rules import CardOrder, Rules, legal_mask
from ..scoring import deal_result
from ..seats import Team

__all__ = ["MAX_TARGETS", "Backend", "BracketBackend", "CoreResult", "Deal", "caught_points",
           "change_points", "legal_mask"]


@dataclass(frozen=True, slots=True)
class Deal:
    """A position in the backends' terms.

    ``trick`` lists the card indices played to the current trick, from ``leader``; the player to
    move is ``(leader + len(trick)) % 4``.  ``led`` is a 4-bit mask of the plain suits led in
    earlier tricks (only the ace-dump ban reads it).  ``taken`` holds the card points NS and EW
    took before this position (only the catch reads it: see :func:`caught_points`).
    """

    order: CardOrder
    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    led: int = 0
    taken: tuple[int, int] = (0, 0)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4


@dataclass(frozen=True, slots=True)
class CoreResult:
    """What a backend found.

    ``values`` maps each legal card (index) of the player to move to its exact future points for
    the mover's team, or is empty when the budget ran out before any card was settled; ``bounds``
    maps every legal card to ``(low, high)`` (equal when exact).  ``pv`` is a principal variation
    (card indices) starting with a best card.  ``exact`` is False when the budget ran out.
    """

    values: dict[int, int]
    bounds: dict[int, tuple[int, int]]
    pv: tuple[int, ...]
    exact: bool
    nodes: int


class Backend(Protocol):
    name: str

    def analyse(self, deal: Deal, budget: float | None = None) -> CoreResult:
        """Exact value of every legal card of the player to move (within ``budget`` seconds)."""

    def value(self, deal: Deal, budget: float | None = None) -> tuple[int, int]:
        """Bounds ``(low, high)`` on the best future points of the mover's team (equal if exact)."""

    def reaches(self, deal: Deal, target: int) -> bool:
        """Whether the mover's team can take at least ``target`` future points."""

    def all_tricks(self, deal: Deal, team: int) -> bool:
        """Whether ``team`` (0 NS, 1 EW) can take every remaining trick against best defence."""


#: the most targets one bracket query takes
MAX_TARGETS = 8


def change_points(worth: Callable[[int], object], low: int, high: int) -> set[int]:
    """The ``x`` in ``low + 1 .. high`` where ``worth(x)`` differs from ``worth(x - 1)``: the
    targets a bracket query needs to settle a score that depends on points only through
    ``worth``."""
    values = {x: worth(x) for x in range(low, high + 1)}
    return {x for x in range(low + 1, high + 1) if values[x] != values[x - 1]}


@runtime_checkable
class BracketBackend(Backend, Protocol):
    """A backend that can also answer only as far as some thresholds (the native core)."""

    def brackets(self, deal: Deal, targets: Sequence[int],
                 budget: float | None = None) -> CoreResult:
        """For every legal card, bounds on the mover's future points that no target splits."""


@cache
def caught_points(rules: Rules) -> int:
    """The card points a side caught by the 6♣ counts as having made, for the solver.

    Under the catch (``rules.catch``) the deal ends at once and the side that played the Q♣ is
    written a fixed penalty, whatever the points.  The solvers stay point maximisers by ending such
    a line as if the caught side had made the largest number of points for which the rules'
    scorer writes that same result against it (30 in ``nizhny``, 29 in ``kozly24``), and the
    catchers the rest of 120.  Every threshold scorer is monotone in the points, so maximising
    these points maximises the deal score.
    """
    caught = deal_result(rules, (0, 120), (1, 1), caught=Team.NS).written
    for points in range(59, -1, -1):
        if deal_result(rules, (points, 120 - points), (1, 1)).written == caught:
            return points
    return 0
