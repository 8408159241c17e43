"""Exact double-dummy analysis: ``solve(position) -> Analysis``.

Two backends implement one contract (:mod:`.core`): the readable pure-Python reference and a
compiled C core.  The native one is used when it was built; ``KOZEL_SOLVER=python`` or
``KOZEL_SOLVER=native`` forces a choice (``native`` fails loudly when it is missing).

>>> from kozel_tutor.position import Position
>>> pos = Position.from_json({"hands": {"N": "QC", "E": "AH", "S": "7S", "W": "6D"},
...     "leader": "N", "taken": {"NS": [60, 4], "EW": [46, 4]}})
>>> solve(pos, backend="python").values
{Card.parse('QC'): 74}
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, TypeVar

from ..cards import CARDS, Card
from ..position import Position
from ..rules import CardOrder
from ..scoring import DealResult, deal_result
from ..seats import Seat, Team
from ..state import DealState
from .core import MAX_TARGETS, Backend, BracketBackend, CoreResult, Deal, change_points
from .python_solver import PythonBackend, caught_team

__all__ = [
    "Analysis",
    "DealScore",
    "Outcome",
    "SolverUnavailable",
    "StoppableBackend",
    "Stopped",
    "available_backends",
    "deal_of",
    "deal_outcomes",
    "get_backend",
    "resolve_backend",
    "score_cuts",
    "solve",
    "stoppable_backend",
]


class SolverUnavailable(RuntimeError):
    """The backend asked for (``KOZEL_SOLVER=native``) is not built on this machine."""


@cache
def _native_backend() -> Backend | None:
    try:
        from .native import AVAILABLE, NativeBackend
    except ImportError:
        return None
    return NativeBackend() if AVAILABLE else None


def available_backends() -> list[str]:
    """The names of the backends that run here, to pass to :func:`get_backend` or
    ``solve(..., backend=...)``: ``["python"]``, and ``"native"`` too when the C core was built.

    >>> "python" in available_backends()
    True
    """
    return ["python"] + (["native"] if _native_backend() is not None else [])


def get_backend(name: str | None = None) -> Backend:
    """The backend called ``name``, else the one ``KOZEL_SOLVER`` names, else the fastest.

    A name it does not know raises :class:`ValueError` (naming ``KOZEL_SOLVER`` when the name
    came from there); ``native`` where the core is not built raises :class:`SolverUnavailable`.
    """
    from_env = not name
    choice = (name or os.environ.get("KOZEL_SOLVER", "")).strip().lower()
    if choice in ("", "auto"):
        return _native_backend() or PythonBackend()
    if choice == "python":
        return PythonBackend()
    if choice == "native":
        native = _native_backend()
        if native is None:
            raise SolverUnavailable("the native solver core is not built (pip install . builds it)")
        return native
    where = " in the environment variable KOZEL_SOLVER" if from_env else ""
    raise ValueError(f"unknown solver backend {choice!r}{where} (use python, native or auto)")


def resolve_backend(backend: str | Backend | None) -> Backend:
    """What a ``backend=`` argument names: a backend passed as such, else :func:`get_backend`
    of the name (``None``: ``KOZEL_SOLVER``, else the fastest)."""
    return get_backend(backend) if backend is None or isinstance(backend, str) else backend


_T = TypeVar("_T")


class Stopped(Exception):
    """A query asked of a :class:`StoppableBackend` that was stopped: its job is called off."""


class StoppableBackend:
    """A backend of one job's own that another thread can call off.

    It wraps a backend object no one else uses (:func:`stoppable_backend`): with the native
    core a solver of its own, so its queries wait for no other thread's, nor theirs for it (one
    core object runs one query at a time).  :meth:`stop` cuts the query running short (the
    backend's own ``stop``) and from then on every query raises :class:`Stopped`, the one
    running included, so the job ends at once.
    """

    def __init__(self, inner: Backend) -> None:
        self.inner = inner
        self.name = inner.name
        self._stopped = threading.Event()

    def __repr__(self) -> str:
        state = "stopped" if self.stopped else "running"
        return f"<StoppableBackend {state}: {self.inner!r}>"

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def stop(self) -> None:
        """Call the job off (from any thread); stopping twice does nothing more."""
        if self._stopped.is_set():
            return
        self._stopped.set()
        # the native core's stop: its running query ends, and so does one that begins after
        # this call (between a query's check and its start); cancel alone misses that one
        stop = getattr(self.inner, "stop", None) or getattr(self.inner, "cancel", None)
        if callable(stop):
            stop()

    def _guarded(self, query: Callable[[], _T]) -> _T:
        """``query``'s answer, unless the job is stopped before it begins or while it runs."""
        if self._stopped.is_set():
            raise Stopped("the solver job was called off")
        result = query()
        if self._stopped.is_set():
            raise Stopped("the solver job was called off")
        return result

    def analyse(self, deal: Deal, budget: float | None = None) -> CoreResult:
        return self._guarded(lambda: self.inner.analyse(deal, budget))

    def value(self, deal: Deal, budget: float | None = None) -> tuple[int, int]:
        return self._guarded(lambda: self.inner.value(deal, budget))

    def reaches(self, deal: Deal, target: int) -> bool:
        return self._guarded(lambda: self.inner.reaches(deal, target))

    def all_tricks(self, deal: Deal, team: int) -> bool:
        return self._guarded(lambda: self.inner.all_tricks(deal, team))


class _StoppableBrackets(StoppableBackend):
    """A :class:`StoppableBackend` around a backend that answers bracket queries."""

    def __init__(self, inner: BracketBackend) -> None:
        super().__init__(inner)
        self._brackets = inner

    def brackets(self, deal: Deal, targets: Sequence[int],
                 budget: float | None = None) -> CoreResult:
        return self._guarded(lambda: self._brackets.brackets(deal, targets, budget))


def stoppable_backend(name: str | None = None) -> StoppableBackend:
    """A backend for one job that runs beside others and may be called off (the app's hint):
    the backend :func:`get_backend` would choose, as a new object of the job's own (the native
    core's table is its own, 8 MB), behind a :class:`StoppableBackend`."""
    own = get_backend(name)
    if own is _native_backend():    # the shared one: this job gets a core object of its own
        from .native import NativeBackend
        own = NativeBackend()
    if isinstance(own, BracketBackend):
        return _StoppableBrackets(own)
    return StoppableBackend(own)


@dataclass(frozen=True)
class Outcome:
    """The deal result a card leads to under best play: who wins and what they write.

    ``value`` is what the deal writes, after the eggs multiplier when the solve was scored in
    its match (``scorer``); 0 for a reset (люся, erasing), whose words name it.
    """

    winner: Team | None
    value: int
    eggs: bool

    @classmethod
    def of(cls, result: DealResult) -> Outcome:
        """The outcome of a scored deal."""
        value = 0 if result.reset is not None else max(result.written)
        return cls(result.winner, value, result.eggs)

    def to_dict(self) -> dict[str, Any]:
        return {"winner": None if self.winner is None else self.winner.name,
                "value": self.value, "eggs": self.eggs}


DealScore = Callable[[tuple[int, int], tuple[int, int]], DealResult]
"""What a deal that ends with these card points and tricks (NS, EW) writes.  By default the
rules' own table (:func:`~kozel_tutor.scoring.deal_result`); the deal review passes the match's
(:meth:`kozel_tutor.ai.context.MatchContext.result_of`: the multiplier after eggs, the first
deal's sweep)."""


@dataclass(frozen=True)
class Analysis:
    """Double-dummy values of every legal card of the player to move.

    ``values[card]`` is the card points the mover's side ends the deal with (already taken plus
    still to come) if it plays ``card`` and both sides then play to maximise their own points;
    ``best`` the cards reaching the maximum ``value``; ``pv`` a line of best play; ``outcomes``
    the deal result each card leads to.  When a time budget ran out, ``exact`` is False and
    ``bounds`` holds what is known.
    """

    position: Position
    to_move: Seat
    values: dict[Card, int]
    bounds: dict[Card, tuple[int, int]]
    best: list[Card]
    value: int | None
    pv: list[Card]
    outcomes: dict[Card, Outcome] = field(default_factory=dict)
    exact: bool = True
    backend: str = "python"
    nodes: int = 0

    def to_json(self) -> dict[str, Any]:
        """The ``kozel solve`` output (a fixed public contract) as a **dict**, ready for
        :func:`json.dumps`: ``to_move``, ``cards`` (token → value, best first), ``best``,
        ``value`` and ``pv``.

        Note: :meth:`kozel_tutor.position.Position.to_json` returns JSON *text* (a ``str``);
        its ``dict`` is :meth:`~kozel_tutor.position.Position.to_dict`.
        """
        ordered = sorted(self.values, key=lambda c: (-self.values[c], c.index))
        return {
            "to_move": self.to_move.name,
            "cards": {card.token: self.values[card] for card in ordered},
            "best": [card.token for card in self.best],
            "value": self.value,
            "pv": [card.token for card in self.pv],
        }


def deal_of(position: Position) -> Deal:
    """The backends' view of a position."""
    return Deal(
        order=position.rules.card_order(position.trump),
        hands=(position.hands[0].mask, position.hands[1].mask, position.hands[2].mask,
               position.hands[3].mask),
        leader=int(position.leader),
        trick=tuple(card.index for card in position.trick),
        led=position.led_mask,
        taken=position.taken_points,
    )


def solve(
    position: Position,
    *,
    budget: float | None = None,
    backend: str | Backend | None = None,
    outcomes: bool = True,
    scorer: DealScore | None = None,
) -> Analysis:
    """Analyse every legal card of the player to move (``budget``: seconds, ``None`` = exact;
    ``scorer``: how the ``outcomes`` are scored, see :data:`DealScore`).

    ``position`` is a :class:`~kozel_tutor.position.Position`; for a deal in progress pass
    ``Position.from_state(deal)``.
    """
    _check_position(position)
    engine = resolve_backend(backend)
    deal = deal_of(position)
    result: CoreResult = engine.analyse(deal, budget)
    team = position.to_move.team
    already = position.taken_points[team]
    values = {CARDS[c]: already + v for c, v in sorted(result.values.items())}
    bounds = {CARDS[c]: (already + lo, already + hi)
              for c, (lo, hi) in sorted(result.bounds.items())}
    value = max(values.values()) if values and result.exact else None
    best = [card for card, v in values.items() if v == value]
    card_outcomes: dict[Card, Outcome] = {}
    if outcomes and result.exact:
        card_outcomes = {card: _outcome(position, deal, engine, card, v, scorer)
                         for card, v in values.items()}
    return Analysis(
        position=position,
        to_move=position.to_move,
        values=values,
        bounds=bounds,
        best=best,
        value=value,
        pv=[CARDS[c] for c in result.pv],
        outcomes=card_outcomes,
        exact=result.exact,
        backend=getattr(engine, "name", "?"),
        nodes=result.nodes,
    )


def _check_position(position: object) -> None:
    """A :class:`TypeError` naming what ``solve`` takes, for anything but a position."""
    if isinstance(position, Position):
        return
    hint = ("for a deal in progress pass Position.from_state(deal)"
            if isinstance(position, DealState) else "read one with Position.from_json(...)")
    raise TypeError(f"the solver takes a Position, not a {type(position).__name__}; {hint}")


def score_cuts(position: Position, scorer: DealScore | None = None) -> tuple[int, ...]:
    """The final points of the mover's side at which the deal result changes (61 wins, 31
    saves the losers, ...: as the preset scores), with 1 and 120 (a side with no points may
    also have no trick)."""
    team = position.to_move.team
    score = scorer or _rules_scorer(position)

    def result(ours: int) -> Outcome:
        points = [0, 0]
        points[team], points[team.other] = ours, 120 - ours
        return Outcome.of(score((points[0], points[1]), (1, 1)))

    return tuple(sorted(change_points(result, 0, 120) | {1, 120}))


def deal_outcomes(position: Position, *, budget: float | None = None,
                  backend: str | Backend | None = None, scorer: DealScore | None = None
                  ) -> dict[Card, tuple[int, int, Outcome | None]]:
    """The deal result of every legal card of the player to move, solved only as far as the
    score needs: ``{card: (low, high, outcome)}`` with bounds on the final points of the
    mover's side and the outcome, ``None`` when the budget ran out before it was decided.

    With the native core this asks for brackets (which thresholds each card reaches), much
    cheaper than exact values early in a deal; other backends solve exactly.  ``scorer``
    scores the outcomes (:data:`DealScore`).
    """
    _check_position(position)
    engine = resolve_backend(backend)
    cuts = score_cuts(position, scorer)
    if not isinstance(engine, BracketBackend) or len(cuts) > MAX_TARGETS:
        analysis = solve(position, budget=budget, backend=engine, scorer=scorer)
        return {card: (*analysis.bounds[card], analysis.outcomes.get(card))
                for card in analysis.bounds}
    deal = deal_of(position)
    already = position.taken_points[position.to_move.team]
    result = engine.brackets(deal, [cut - already for cut in cuts], budget)
    found: dict[Card, tuple[int, int, Outcome | None]] = {}
    for index, (low, high) in sorted(result.bounds.items()):
        card, low, high = CARDS[index], already + low, already + high
        decided = all((low >= cut) == (high >= cut) for cut in cuts)
        outcome = _outcome(position, deal, engine, card, low, scorer) if decided else None
        found[card] = (low, high, outcome)
    return found


def _rules_scorer(position: Position) -> DealScore:
    """The rules' own deal-score table, outside any match."""
    rules = position.rules
    return lambda points, tricks: deal_result(rules, points, tricks)


def _outcome(position: Position, deal: Deal, engine: Backend, card: Card, value: int,
             scorer: DealScore | None = None) -> Outcome:
    """Deal result when the mover's side ends with ``value`` points after playing ``card``.

    ``scorer`` (else the rules' own table) decides: the points settle every threshold, and
    where the losers would end with no points an exact search tells whether they can still be
    kept from taking any trick (the 6 of the standard game, люся in ``classic``, erasing or, in
    the first deal, 12 on the opponents in ``kozly24``).  A caught line's
    value is already scored as the catch scores (see :func:`.core.caught_points`).
    """
    team = position.to_move.team
    points = [0, 0]
    points[team] = value
    points[team.other] = 120 - value
    tricks = [1, 1]
    if points[0] != points[1]:
        winner = Team.NS if points[0] > points[1] else Team.EW
        loser = winner.other
        if points[loser] == 0 and position.taken_tricks[loser] == 0:
            tricks[loser] = 0 if _takes_every_trick(engine, deal, card.index, winner) else 1
    score = scorer or _rules_scorer(position)
    return Outcome.of(score((points[0], points[1]), (tricks[0], tricks[1])))


def _takes_every_trick(engine: Backend, deal: Deal, card: int, team: int) -> bool:
    """Whether ``team`` takes every remaining trick once ``card`` is played."""
    mover = deal.to_move
    hands = list(deal.hands)
    hands[mover] &= ~(1 << card)
    trick = (*deal.trick, card)
    leader, led = deal.leader, deal.led
    if len(trick) == 4:
        order: CardOrder = deal.order
        winner = (leader + order.winning_index(trick)) % 4
        if winner % 2 != team:
            return False
        lead_suit = order.suit_of[trick[0]]
        if lead_suit < 4:
            led |= 1 << lead_suit
        if order.rules.catch and caught_team(leader, trick) >= 0:
            return False
        leader, trick = winner, ()
        if not any(hands):
            return True
    after = Deal(deal.order, (hands[0], hands[1], hands[2], hands[3]), leader, trick, led,
                 deal.taken)
    return engine.all_tricks(after, team)
