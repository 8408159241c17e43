"""The native (C) solver backend: the same contract as the pure-Python one, much faster.

The compiled core ``kozel_tutor.solver._native`` is optional: when it is missing,
``AVAILABLE`` is False and :class:`NativeBackend` raises on construction, so callers (the
dispatch in :mod:`kozel_tutor.solver`) fall back to the Python backend.

The core knows nothing of cards or rules objects: this module compiles a
:class:`~kozel_tutor.rules.CardOrder` into small tables (each effective suit a run of bits,
weakest lowest, the trumps last; points; the lead restriction and ace-dump-ban flags) and turns
the core's plain tuples back into :class:`~kozel_tutor.solver.core.CoreResult`.

>>> from kozel_tutor.rules import find_rules
>>> from kozel_tutor.cards import CardSet
>>> order = find_rules("standard").card_order()
>>> hands = tuple(CardSet.parse(h).mask for h in ("QC 9S", "JD AH", "TC 7S", "KH 6D"))
>>> NativeBackend().analyse(Deal(order, hands, leader=0, trick=())).values  # doctest: +SKIP
{6: 30, 12: 24}

The catch (``rules.catch``: the 6♣ and the Q♣ falling in one trick from opposite sides ends the
deal) is scored as :func:`~kozel_tutor.solver.core.caught_points` says, like the Python solver,
so those values depend on the points NS took before (``Deal.taken``).
"""

from __future__ import annotations

import importlib
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..rules import TRUMP, CardOrder
from .core import MAX_TARGETS, CoreResult, Deal, caught_points

__all__ = ["AVAILABLE", "NativeBackend", "NativeUnavailable"]


def _load_core() -> Any:
    """Import the compiled core, or None when it was not built."""
    try:
        return importlib.import_module(f"{__package__}._native")
    except ImportError:  # pragma: no cover - depends on the build
        return None


_native: Any = _load_core()

AVAILABLE: bool = _native is not None
"""Whether the compiled core could be imported."""

_FLAG_NO_TRUMP_LEAD_WITH_PLAIN = 1
_FLAG_ACE_DUMP_BAN = 2
_FLAG_CATCH = 4
_SIX_OF_CLUBS, _QUEEN_OF_CLUBS = 0, 6
_NOT_IN_DECK = 255


class NativeUnavailable(ImportError):
    """The compiled core is not built; use the pure-Python backend instead."""


@dataclass(frozen=True, slots=True)
class _Tables:
    """A card order compiled for the core: the blob it reads and the suit renumbering."""

    blob: bytes
    led_map: tuple[int, int, int, int]  # real plain suit -> internal plain suit bit (0 = none)


_TABLE_CACHE: dict[tuple[object, ...], _Tables] = {}


def _tables(order: CardOrder) -> _Tables:
    rules = order.rules
    key = (order.suit_of, order.strength, order.points, rules.no_trump_lead_with_plain,
           rules.ace_dump_ban, rules.catch, caught_points(rules) if rules.catch else 0)
    cached = _TABLE_CACHE.get(key)
    if cached is None:
        cached = _compile(order)
        if len(_TABLE_CACHE) > 256:
            _TABLE_CACHE.clear()
        _TABLE_CACHE[key] = cached
    return cached


def _compile(order: CardOrder) -> _Tables:
    """Lay the deck out as runs of bits: non-empty plain suits in C S H D order, then trumps."""
    suits = [s for s in range(4) if order.suit_masks[s]] + [TRUMP]
    to_internal = [_NOT_IN_DECK] * 36
    suit_bytes: list[int] = []
    point_bytes: list[int] = []
    led_map = [0, 0, 0, 0]
    for internal, suit in enumerate(suits):
        members = [c for c in range(36) if order.suit_of[c] == suit]
        members.sort(key=lambda c: order.strength[c])
        code = TRUMP if suit == TRUMP else internal
        if suit != TRUMP:
            led_map[suit] = 1 << internal
        for card in members:
            to_internal[card] = len(suit_bytes)
            suit_bytes.append(code)
            point_bytes.append(order.points[card])
    aces = [_NOT_IN_DECK] * 4
    for internal, suit in enumerate(suits[:-1]):
        ace = suit * 9 + 8
        if order.suit_of[ace] == suit:
            aces[internal] = to_internal[ace]
    rules = order.rules
    flags = (_FLAG_NO_TRUMP_LEAD_WITH_PLAIN if rules.no_trump_lead_with_plain else 0) | (
        _FLAG_ACE_DUMP_BAN if rules.ace_dump_ban else 0)
    catch = (_NOT_IN_DECK, _NOT_IN_DECK, 0)
    if rules.catch and to_internal[_SIX_OF_CLUBS] != _NOT_IN_DECK and (
            to_internal[_QUEEN_OF_CLUBS] != _NOT_IN_DECK):
        flags |= _FLAG_CATCH
        catch = (to_internal[_SIX_OF_CLUBS], to_internal[_QUEEN_OF_CLUBS], caught_points(rules))
    ncards = len(suit_bytes)
    blob = struct.pack(f"<BB36B{ncards}B{ncards}B4B3B", ncards, flags, *to_internal,
                       *suit_bytes, *point_bytes, *aces, *catch)
    return _Tables(blob, (led_map[0], led_map[1], led_map[2], led_map[3]))


def _internal_led(tables: _Tables, led: int) -> int:
    mask = 0
    for suit in range(4):
        if led >> suit & 1:
            mask |= tables.led_map[suit]
    return mask


_ANALYSE, _VALUE, _REACHES, _ALL_TRICKS, _BRACKETS = 0, 1, 2, 3, 4


class NativeBackend:
    """The C core behind the :class:`~kozel_tutor.solver.core.Backend` protocol.

    One backend owns one transposition table (``tt_megabytes``, 8 by default), kept between
    queries: positions seen for one card or one query speed up the next.  (A table that fits the
    processor's last-level cache is faster than a bigger one: on the 30 benchmark deals 8 MB
    took 7% less time than 64 MB for 1.6% more nodes; docs/solver.md.)  Queries release the
    GIL; concurrent queries on one backend wait for each other (use one backend per thread,
    or :func:`kozel_tutor.solver.batch.analyse_many` with processes, to run in parallel).
    """

    name = "native"

    def __init__(self, tt_megabytes: float = 8.0) -> None:
        if _native is None:
            raise NativeUnavailable("the native solver core (solver._native) is not built")
        self._solver = _native.Solver(tt_megabytes)

    def __repr__(self) -> str:
        table = self.tt_bytes / 2**20
        return f"<NativeBackend {self.name!r}: the compiled C core ({table:g} MB table)>"

    @property
    def tt_bytes(self) -> int:
        """Memory held by the transposition table."""
        return int(self._solver.tt_bytes)

    def cancel(self) -> None:
        """Stop the queries other threads asked before this call: the one running and those
        waiting for the table.  They return their bounds, not exact (:meth:`reaches` and
        :meth:`all_tricks` have none: cancelled, they answer False); later queries run as
        usual."""
        self._solver.cancel()

    def stop(self) -> None:
        """:meth:`cancel`, and every later query stops at once too, answering as a cancelled
        one does: for a solver of a job called off for good (no query begun after it runs)."""
        self._solver.stop()

    def clear(self) -> None:
        """Forget every position learnt so far."""
        self._solver.clear()

    def _run(self, deal: Deal, kind: int, target: int = 0, team: int = 0,
             budget: float | None = None, with_pv: bool = False,
             targets: tuple[int, ...] = ()) -> tuple[Any, ...]:
        tables = _tables(deal.order)
        result: tuple[Any, ...] = self._solver.run(
            tables.blob, deal.hands, deal.leader, deal.trick, _internal_led(tables, deal.led),
            kind, target, team, 0.0 if budget is None else max(budget, 1e-9), with_pv,
            deal.taken[0] if deal.order.rules.catch else 0, targets)
        return result

    def analyse(self, deal: Deal, budget: float | None = None) -> CoreResult:
        """Exact future points of every legal card of the player to move, and a best line."""
        cards, lows, highs, _, _, _, exact, pv, _, nodes = self._run(
            deal, _ANALYSE, budget=budget, with_pv=True)
        bounds = {card: (lo, hi) for card, lo, hi in zip(cards, lows, highs, strict=True)}
        values = {card: lo for card, (lo, hi) in bounds.items() if lo == hi}
        ordered = dict(sorted(bounds.items()))
        return CoreResult(dict(sorted(values.items())), ordered, tuple(pv), bool(exact),
                          int(nodes))

    def brackets(self, deal: Deal, targets: Sequence[int],
                 budget: float | None = None) -> CoreResult:
        """For every legal card, bounds on its future points (mover's side) that no target
        splits: each card's bounds tell whether it reaches each target, and nothing more.

        Much cheaper than :meth:`analyse` when only thresholds matter (61 to win, 31 to stay
        out of the 4, ...).  ``values`` holds the cards whose bounds met; ``exact`` is False
        when the budget ran out before every card was settled.
        """
        wanted = tuple(sorted({int(t) for t in targets}))
        if len(wanted) > MAX_TARGETS:
            raise ValueError(f"at most {MAX_TARGETS} targets, not {len(wanted)}")
        cards, lows, highs, _, _, _, exact, _, _, nodes = self._run(
            deal, _BRACKETS, budget=budget, targets=wanted)
        bounds = {card: (lo, hi) for card, lo, hi in zip(cards, lows, highs, strict=True)}
        values = {card: lo for card, (lo, hi) in bounds.items() if lo == hi}
        return CoreResult(dict(sorted(values.items())), dict(sorted(bounds.items())), (),
                          bool(exact), int(nodes))

    def value(self, deal: Deal, budget: float | None = None) -> tuple[int, int]:
        """Bounds on the best future points of the mover's side (equal when exact)."""
        _, _, _, low, high, _, _, _, _, _ = self._run(deal, _VALUE, budget=budget)
        return int(low), int(high)

    def reaches(self, deal: Deal, target: int) -> bool:
        """Whether the mover's side can take at least ``target`` future points."""
        return bool(self._run(deal, _REACHES, target=target)[5])

    def all_tricks(self, deal: Deal, team: int) -> bool:
        """Whether ``team`` (0 NS, 1 EW) can take every remaining trick, the current included."""
        if team not in (0, 1):
            raise ValueError(f"team must be 0 (NS) or 1 (EW), not {team}")
        return bool(self._run(deal, _ALL_TRICKS, team=team)[5])
