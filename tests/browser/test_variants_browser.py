"""A regional variant in a real browser: the learner picks Nizhny Novgorod, reads its summary,
plays a card and sees the penalty points written against each side."""

from __future__ import annotations

from typing import Any

import pytest

from kozel_tutor.variants import VARIANT_SUMMARIES

from .helpers import HAND, PLAYABLE, SUMMARY, open_home, play_deal, play_one

BOARD = "[data-testid='scoreboard']"


def _board_values(page: Any) -> dict[str, str]:
    return {team: page.get_by_test_id(f"board-value-{team}").inner_text() for team in ("NS", "EW")}


def test_a_nizhny_match_shows_its_summary_and_penalty_points(page: Any,
                                                              voila_server: Any) -> None:
    # Voila runs the app notebook before the page loads: allow for a busy machine.
    page.set_default_navigation_timeout(120_000)
    open_home(page, voila_server.url)
    page.get_by_test_id("open-play").click()
    page.get_by_test_id("variant-nizhny").click()
    page.locator("[data-testid='variant-nizhny'][aria-checked='true']").wait_for()
    summary = page.get_by_test_id("variant-summary")
    assert summary.inner_text() == VARIANT_SUMMARIES["nizhny"]["ru"]
    assert page.get_by_test_id("deck-36").count() == 0, "the preset fixes its deck"
    page.get_by_test_id("level-random").click()
    page.locator("[data-testid='level-random'][aria-checked='true']").wait_for()
    try:
        page.get_by_test_id("play").click()
        page.locator(PLAYABLE).first.wait_for()
        board = page.locator(BOARD)
        assert "kz-scoreboard-penalty" in str(board.get_attribute("class"))
        assert _board_values(page) == {"NS": "0 из 12", "EW": "0 из 12"}
        assert "кто первым наберёт 12, тот проиграл" in page.get_by_test_id("score").inner_text()

        before = len(page.locator(HAND).all())
        token = play_one(page)
        assert token not in [str(t) for t in page.locator(HAND).evaluate_all(
            "els => els.map(e => e.dataset.card)")]
        assert len(page.locator(HAND).all()) == before - 1

        play_deal(page)
        page.locator(SUMMARY).wait_for()
        rows = page.locator(f"{SUMMARY} tbody tr")
        written = rows.nth(2).locator("td").all_inner_texts()
        match = rows.nth(3).locator("td").all_inner_texts()
        assert written[0] == "Штрафные очки"
        assert int(written[1]) + int(written[2]) > 0 or int(
            rows.nth(0).locator("td").all_inner_texts()[1]) == 60, "someone is written (or eggs)"
        assert _board_values(page) == {"NS": f"{match[1]} из 12", "EW": f"{match[2]} из 12"}
    finally:
        # Leave the settings as the other browser tests expect them: the standard game.
        page.get_by_test_id("menu").click()
        page.get_by_test_id("new-game").click()
        page.get_by_test_id("variant-standard").click()
        page.locator("[data-testid='variant-standard'][aria-checked='true']").wait_for()


@pytest.mark.parametrize("variant", ["classic", "nizhny"])
def test_a_variants_scoreboard_leaves_the_whole_table_on_a_laptop_screen(
        page: Any, voila_server: Any, variant: str) -> None:
    page.set_default_navigation_timeout(120_000)
    page.set_viewport_size({"width": 1366, "height": 640})   # 1366x768 less the browser's bars
    open_home(page, voila_server.url)
    page.get_by_test_id("open-play").click()
    page.get_by_test_id(f"variant-{variant}").click()
    page.locator(f"[data-testid='variant-{variant}'][aria-checked='true']").wait_for()
    play = page.get_by_test_id("play")
    box = play.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640, "Play is in sight"
    try:
        play.click()
        page.locator(".kz-felt").wait_for()
        # the learner's hand (a regional deal may open with its own procedure first)
        page.locator(HAND).first.wait_for(timeout=90_000)
        page.wait_for_timeout(300)
        page.evaluate("window.scrollTo(0, 0)")
        for name, selector in (("board", BOARD), ("table", ".kz-felt"), ("hand", HAND),
                               ("you", ".kz-seat-S .kz-plate")):
            box = page.locator(selector).first.bounding_box()
            assert box is not None, name
            assert box["y"] >= 0 and box["y"] + box["height"] <= 640, (name, box)
    finally:
        page.get_by_test_id("menu").click()
        page.get_by_test_id("new-game").click()
        page.get_by_test_id("variant-standard").click()
        page.locator("[data-testid='variant-standard'][aria-checked='true']").wait_for()
