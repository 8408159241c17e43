"""A deal review whose analysis fails does not hang on "Analysing…".

The solver failing cannot be brought about with a real position, so these tests put a failing
:func:`~kozel_tutor.app.review.analyse_step` in the Play screen's place (monkeypatched): that is
the failure itself being simulated, everything else (the table, the session, the store, the
analyst thread, the solver for the steps that do not fail) is the real thing.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app import play_view
from kozel_tutor.app.play_view import Pace, PlayScreen
from kozel_tutor.app.review import ReviewStep, StepAnalysis, analyse_step
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import Store
from kozel_tutor.app.texts import text
from kozel_tutor.app.views import ReviewUi
from kozel_tutor.widgets import Command, check_table_view


def reviewed_screen(tmp_path: Path) -> PlayScreen:
    """A table whose first deal is over (the learner plays the first legal card), review open."""
    screen = PlayScreen(Store(tmp_path / "progress.sqlite3"), lang="en",
                        pace=Pace(card=0.0, trick=0.0, review_budget=0.3))
    screen.start(Settings(level="random", deck=32), rng=random.Random(5))
    session = screen.session
    assert session is not None
    while not session.deal_recorded:
        assert screen.wait_idle(30)
        if session.learner_to_act:
            screen.handle(Command("play", sorted(session.deal.legal_plays())[0].token))
    assert screen.wait_idle(30)
    screen.handle(Command("button", "review"))
    return screen


def analyst_done(screen: PlayScreen) -> ReviewUi:
    """Wait until the review's analyst thread has stopped (it stops once every step is tried)."""
    analyst = screen._analyst   # None: it has already finished
    if analyst is not None:
        analyst.join(120)
        assert not analyst.is_alive(), "the review's analyst never finished"
    review = screen.ui.review
    assert review is not None
    return review


def overlay(screen: PlayScreen) -> dict[str, Any]:
    view = check_table_view(screen.table.view)
    assert view["overlay"]["kind"] == "review"
    result: dict[str, Any] = view["overlay"]
    return result


def says_failed(panel: dict[str, Any], lang: str) -> bool:
    return (panel["lines"][-1] == text("review_failed", lang) and "progress" not in panel
            and text("review_analysing", lang) not in panel["lines"])


def test_a_card_whose_analysis_fails_says_so_and_the_other_cards_are_still_analysed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def first_card_fails(step: ReviewStep, budget: float) -> StepAnalysis:
        if step.number == 1:
            raise RuntimeError("solver failed")
        return analyse_step(step, budget)

    monkeypatch.setattr(play_view, "analyse_step", first_card_fails)
    screen = reviewed_screen(tmp_path)
    review = analyst_done(screen)
    # the first card, shown at once: no progress bar, plain words, no error text
    panel = overlay(screen)
    assert review.progress is None
    assert says_failed(panel, "en") and "table" not in panel
    assert "solver failed" not in str(panel) and "RuntimeError" not in str(panel)
    screen.set_lang("ru")
    assert says_failed(overlay(screen), "ru")
    screen.set_lang("en")
    assert len(review.steps) == 8
    assert sorted(review.analyses) == list(range(1, 8)), "the other cards were analysed"

    # Next shows the second card's analysis, Back the failure again, Close leaves the review
    screen.handle(Command("button", "next-step"))
    assert review.index == 1 and overlay(screen)["table"]["rows"]
    screen.handle(Command("button", "prev-step"))
    assert review.index == 0 and says_failed(overlay(screen), "en")
    screen.handle(Command("button", "close"))
    assert screen.ui.mode == "summary" and screen.ui.review is None
    assert screen.table.view.get("overlay", {}).get("kind") != "review"


def test_when_every_analysis_fails_the_review_stops_trying_and_can_be_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tried: list[int] = []

    def always_fails(step: ReviewStep, budget: float) -> StepAnalysis:
        tried.append(step.number)
        raise RuntimeError("solver failed")

    monkeypatch.setattr(play_view, "analyse_step", always_fails)
    screen = reviewed_screen(tmp_path)
    review = analyst_done(screen)
    assert sorted(tried) == list(range(1, 9)), "each card is tried once, none again"
    assert review.analyses == {} and review.progress is None
    for index in range(len(review.steps)):
        assert review.index == index and says_failed(overlay(screen), "en")
        screen.handle(Command("button", "next-step"))
    assert tried == sorted(tried) and len(tried) == 8, "moving about tries no card again"

    # closed and opened again, the review tries the cards afresh (and says so again)
    screen.handle(Command("button", "close"))
    screen.handle(Command("button", "review"))
    assert analyst_done(screen) is not review and len(tried) == 16
    assert says_failed(overlay(screen), "en")
