"""An arena run with worker processes stops at once when it fails or is interrupted (Ctrl-C):
the workers are terminated, not left to play every remaining deal first."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

from kozel_tutor.ai import arena, variant_arena
from kozel_tutor.ai.arena import deals_played
from kozel_tutor.rules import find_rules

SLOW = 0.5   # seconds each deal but the failing one takes
DEALS = 24   # closed and joined, two workers would play on for ~ DEALS * SLOW / 2 = 6 s
QUICK = 2.5  # a stop well under that

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the arena forks its workers")


def _slow_or_failing(task: Any) -> Any:
    """A deal that fails at once for the first task, and takes SLOW seconds for the others."""
    index = task[1]
    if index == 0:
        raise RuntimeError("a worker failed")
    time.sleep(SLOW)
    raise AssertionError("a deal after the failure was still played")   # never waited for


def _stops_within(run: Any, failure: type[BaseException]) -> float:
    started = time.monotonic()
    with pytest.raises(failure):
        run()
    return time.monotonic() - started


def test_a_worker_error_stops_the_pairing_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "_play_pair", _slow_or_failing)
    took = _stops_within(lambda: arena.run_pairing(find_rules("standard"), "random", "random",
                                                   DEALS, workers=2, log=False), RuntimeError)
    assert took < QUICK, f"the pool played on for {took:.1f} s after a worker failed"


def test_a_worker_error_stops_the_regional_pairing_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(variant_arena, "play_block", _slow_or_failing)
    took = _stops_within(lambda: variant_arena.run_match_pairing(
        find_rules("nizhny"), "random", "random", DEALS, block=1, workers=2, log=False),
        RuntimeError)
    assert took < QUICK, f"the pool played on for {took:.1f} s after a worker failed"


def test_ctrl_c_terminates_the_workers() -> None:
    tasks = [(None, index) for index in range(1, DEALS + 1)]   # every one slow
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt), deals_played(_slow_or_failing, tasks, 2):
        time.sleep(0.2)
        raise KeyboardInterrupt   # as the terminal's Ctrl-C arrives in the main process
    took = time.monotonic() - started
    assert took < QUICK, f"Ctrl-C waited {took:.1f} s for the remaining deals"


def test_without_workers_the_deals_are_played_here_in_order() -> None:
    with deals_played(lambda task: task * 2, [3, 1, 2]) as results:
        assert list(results) == [6, 2, 4]
    with deals_played(abs, [-3, 1, -2], 2) as results:
        assert sorted(results) == [1, 2, 3]
