"""Many deals at once, for bulk work: checking a backend over a set of deals (the golden deals
and the parallel runs in tests/test_native_solver.py) or any script that solves many positions.

:func:`analyse_many` runs one backend over a list of deals, in this process or spread over
worker processes (each with its own backend and transposition table; the native core releases
the GIL, but one table serves one query at a time, so processes are the way to use more cores).

The AI does not use it: a Monte Carlo decision (:mod:`kozel_tutor.ai.pimc`) solves its sampled
layouts one by one in its own process, each with the time left of the decision's budget, and
stops at the decision's deadline.

>>> from kozel_tutor.rules import find_rules
>>> from kozel_tutor.cards import CardSet
>>> order = find_rules("standard").card_order()
>>> hands = tuple(CardSet.parse(h).mask for h in ("QC 9S", "JD AH", "TC 7S", "KH 6D"))
>>> [r.values for r in analyse_many([Deal(order, hands, 0, ())], backend="python")]
[{6: 30, 12: 24}]
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from .core import Backend, CoreResult, Deal

__all__ = ["analyse_many"]


def _backend(name: str | None) -> Backend:
    from . import get_backend  # the dispatch: KOZEL_SOLVER, then the fastest available

    return get_backend(name)


def analyse_many(
    deals: Sequence[Deal],
    *,
    backend: Backend | str | None = None,
    budget: float | None = None,
    processes: int = 1,
) -> list[CoreResult]:
    """``backend.analyse(deal, budget)`` for every deal, in order.

    ``backend`` is a backend object, a name (``"native"``, ``"python"``) or None for the
    dispatch's choice (``KOZEL_SOLVER``, else the fastest available); ``budget`` is the time
    budget of *each* deal.  With ``processes > 1`` the deals are shared among that many worker
    processes, each building its own backend of the same name (a backend object is not sent to
    them, only its ``name``).
    """
    if processes < 1:
        raise ValueError(f"processes must be at least 1, not {processes}")
    if isinstance(backend, str) or backend is None:
        name = backend
        engine: Backend | None = None
    else:
        name = backend.name
        engine = backend
    if processes == 1 or len(deals) < 2:
        solver = engine if engine is not None else _backend(name)
        return [solver.analyse(deal, budget) for deal in deals]
    workers = min(processes, len(deals))
    chunk = max(1, len(deals) // (4 * workers))
    with ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                             initargs=(name,)) as pool:
        return list(pool.map(_analyse_in_worker, deals, [budget] * len(deals),
                             chunksize=chunk))


_WORKER_BACKEND: Backend | None = None


def _start_worker(name: str | None) -> None:
    global _WORKER_BACKEND
    _WORKER_BACKEND = _backend(name)


def _analyse_in_worker(deal: Deal, budget: float | None) -> CoreResult:
    if _WORKER_BACKEND is None:  # pragma: no cover - the initializer always runs first
        _start_worker(None)
    assert _WORKER_BACKEND is not None
    return _WORKER_BACKEND.analyse(deal, budget)
