"""The deal that ended the match, reviewed from the match's results in a real browser.

A saved match whose last deal has all its cards played, not yet scored, and which that deal
ends: Continue scores it (the deal's summary), Results opens the match's results, whose button
«Разбор последней раздачи», reached by the keys, opens the review of that deal; Escape closes
it, back to the results (not to a new match), the focus on the button that opened it.

On the table server (conftest.table_server), whose tests write their own saved match before each
page: the finished match counts in its statistics, not the shared server's (whose tests count
matches and achievements)."""

from __future__ import annotations

import copy
import random
from typing import Any

from kozel_tutor.app.session import MatchSession, Settings

from .conftest import Server, save_match_at_its_end
from .helpers import SUMMARY

RESULTS = ".kz-panel[data-testid='results']"
REVIEW = ".kz-panel-review"
FOCUS = "() => document.activeElement && document.activeElement.dataset.testid"


def last_deal_played_out(seed: int = 1) -> dict[str, Any]:
    """A short match (to 6, 32 cards) played at random up to the deal that ends it, every card
    of that deal played, not yet scored: the save of it."""
    rng = random.Random(seed)
    session = MatchSession(Settings(level="random", deck=32, match=6), rng=random.Random(seed))
    for _ in range(60):   # deals
        while not session.deal.is_over:
            if session.learner_to_act:
                session.play(rng.choice(sorted(session.deal.legal_plays())))
            else:
                session.ai_act()
        score = copy.deepcopy(session.score)
        score.record(session.pending_result())
        if score.is_over and any(score.results[-1].tricks):
            return session.to_json()
        session.finish_deal()
        assert not session.score.is_over
        session.start_deal()
    raise AssertionError("the match never ended")


def test_the_last_deal_is_reviewed_from_the_match_results_and_closes_back_to_them(
        page: Any, table_server: Server) -> None:
    save_match_at_its_end(table_server, last_deal_played_out())
    page.goto(table_server.url)
    page.get_by_test_id("continue").click()

    # the deal that ends the match is scored: its summary, then the match's results
    page.locator(SUMMARY).get_by_test_id("results").click()
    results = page.locator(RESULTS)
    results.wait_for()
    review_button = results.get_by_test_id("review")
    assert review_button.inner_text() == "Разбор последней раздачи"
    page.wait_for_function(f"() => ({FOCUS})() === 'new-game'")   # the primary button

    # by the keys: Tab goes round the toolbar and the panel's buttons, to the review's
    for _ in range(12):
        if page.evaluate(FOCUS) == "review":
            break
        page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUS) == "review", "the review's button is reached by Tab"
    page.keyboard.press("Enter")
    review = page.locator(REVIEW)
    review.wait_for()
    assert results.count() == 0
    assert "Разбор раздачи" in review.locator(".kz-panel-title").inner_text()
    review.locator("[data-testid=review-table]").wait_for()   # the last deal's first card

    # Escape closes the review: the results again, the focus on the button that opened it
    page.keyboard.press("Escape")
    results.wait_for()
    assert page.locator(REVIEW).count() == 0
    page.wait_for_function(f"() => ({FOCUS})() === 'review'")
    assert results.get_by_test_id("new-game").is_visible()
    assert page.get_by_test_id("open-play").count() == 0, "still at the table, no new match"

    # and the mouse opens it again
    review_button.click()
    review.wait_for()
    review.get_by_test_id("close").click()
    results.wait_for()
