"""The pure-Python solver can be called off from another thread, as the native core can: the
app's hint runs on a solver of its own and stops it when the hint is no longer wanted (where no
compiler built the native core, the hint runs on this one)."""

from __future__ import annotations

import threading
import time

import pytest

from kozel_tutor.cards import CardSet, Suit
from kozel_tutor.rules import find_rules
from kozel_tutor.solver import Stopped, stoppable_backend
from kozel_tutor.solver.core import CoreResult, Deal
from kozel_tutor.solver.python_solver import PythonBackend


def full_deal() -> Deal:
    """A whole 36-card deal: far beyond what the pure-Python solver finishes in a test."""
    order = find_rules("standard").card_order(Suit.CLUBS)
    hands = tuple(CardSet.parse(hand).mask for hand in (
        "TC 8C TS 8S 6S QD TD 9D 7D", "QC 7C 6C KS JS 9S QH AD 8D",
        "AC JC 9C AS QS KH TH 7H JD", "KC 7S AH JH 9H 8H 6H KD 6D"))
    return Deal(order, (hands[0], hands[1], hands[2], hands[3]), 0, ())


def small_deal() -> Deal:
    """Two cards each: solved in a moment."""
    order = find_rules("standard").card_order(Suit.CLUBS)
    hands = tuple(CardSet.parse(hand).mask for hand in ("TC 8S", "QC KS", "AC QS", "KC 7S"))
    return Deal(order, (hands[0], hands[1], hands[2], hands[3]), 0, ())


def analyse_in_a_thread(backend: PythonBackend | object, deal: Deal
                        ) -> tuple[threading.Thread, list[CoreResult | BaseException]]:
    """Start analysing ``deal`` (a budget of ten minutes) in another thread; what it returned or
    raised lands in the list."""
    results: list[CoreResult | BaseException] = []

    def analyse() -> None:
        try:
            results.append(backend.analyse(deal, budget=600))  # type: ignore[attr-defined]
        except Stopped as stopped:
            results.append(stopped)

    worker = threading.Thread(target=analyse, daemon=True)
    worker.start()
    return worker, results


def finished(worker: threading.Thread, results: list[CoreResult | BaseException]
             ) -> CoreResult | BaseException:
    worker.join(timeout=60)   # a safety net only: unstopped, the search runs its ten minutes
    assert not worker.is_alive() and results, "the stopped search ran on"
    return results[0]


def test_a_stop_ends_the_python_query_running_with_true_bounds() -> None:
    backend = PythonBackend()
    worker, results = analyse_in_a_thread(backend, full_deal())
    time.sleep(0.3)
    backend.stop()
    result = finished(worker, results)
    assert isinstance(result, CoreResult)
    assert not result.exact
    assert all(0 <= low <= high <= 120 for low, high in result.bounds.values())


def test_after_a_stop_every_python_query_ends_at_once() -> None:
    backend = PythonBackend()
    assert backend.analyse(small_deal()).exact   # (before the stop: exact)
    backend.stop()
    later = backend.analyse(full_deal(), budget=600)
    assert not later.exact
    low, high = backend.value(full_deal(), budget=600)
    assert 0 <= low < high <= 120   # bounds, not the value
    assert backend.reaches(full_deal(), 61) is False
    # another object is not stopped with it
    assert PythonBackend().analyse(small_deal()).exact


def test_a_stopped_python_job_raises_stopped() -> None:
    job = stoppable_backend("python")
    assert job.name == "python"
    worker, results = analyse_in_a_thread(job, full_deal())
    time.sleep(0.3)
    job.stop()
    assert isinstance(finished(worker, results), Stopped)
    with pytest.raises(Stopped):
        job.analyse(small_deal())
