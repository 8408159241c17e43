"""A puzzle is playable on a laptop at 125% zoom (1024×576): when it opens, the learner's hand
and the Hint button are in the window, with no scrolling; in a teacher's set the student's name
field is there too, above the puzzle.  The answer table's rows line up and its cards can be
read; the goal is said once, its label on its own; at 1366×768 a variant puzzle's badges share
the title's line.

A tester met «Вы» at y≈566 and the hand below the fold at 1024×576, the name field at the very
bottom of the page, «Карта» cells 40 px tall in 57 px rows with 20 px thumbnails, and «Ваш
рейтинг» alone on a line of its own."""

from __future__ import annotations

from typing import Any

from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import set_to_param

from .helpers import open_home

LAPTOP = {"width": 1024, "height": 576}
IN_VIEW = """els => els.map(e => { const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; })"""


def _in_view(page: Any, selector: str) -> list[bool]:
    return [bool(x) for x in page.locator(selector).evaluate_all(IN_VIEW)]


def _playable_in_view(page: Any) -> None:
    """The hand's cards and the Hint button are in the window once the puzzle has settled."""
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    page.wait_for_timeout(400)   # the focus arrives, the page settles (two frames)
    cards = _in_view(page, "[data-testid='puzzle-hand-S'] .kz-card")
    assert cards and all(cards), cards
    assert _in_view(page, "[data-testid='puzzle-hint']") == [True]


def _open_catalogue_set(page: Any, url: str, set_id: str) -> None:
    open_home(page, url)
    page.get_by_test_id("section-puzzles").click()
    page.get_by_test_id(f"puzzles-set-{set_id}").click()


def test_at_1024x576_a_puzzle_opens_with_its_hand_and_hint_button_in_the_window(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size(LAPTOP)
    _open_catalogue_set(page, voila_server.url, "catalogue-variant-classic")   # «Классический»
    _playable_in_view(page)
    # the goal is said once: the story leaves it to its box, whose label stands on its own
    goal = page.get_by_test_id("puzzle-goal")
    words = goal.locator(".kz-puzzle-goal-text").inner_text()
    assert words and words not in page.locator(".kz-puzzle-story").inner_text()
    label = goal.locator(".kz-puzzle-goal-label").evaluate(
        "e => [e.firstChild.textContent, getComputedStyle(e).textTransform]")
    assert label == ["Цель", "uppercase"]   # a tag, not «Цель: Наберите…»

    # answered (its table and line below), then the next puzzle: in the window again
    wrong = page.locator("[data-testid^='puzzle-card-']").last
    wrong.click()
    page.get_by_test_id("puzzle-values").wait_for()
    page.get_by_test_id("puzzle-next").click()
    page.get_by_text("Задача 2 из").wait_for()
    _playable_in_view(page)


def test_the_answer_tables_rows_line_up_and_its_cards_can_be_read(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size(LAPTOP)
    _open_catalogue_set(page, voila_server.url, "catalogue-e3")
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    page.locator("[data-testid^='puzzle-card-']").first.click()
    rows = page.locator("[data-testid='puzzle-values'] tbody tr")
    rows.first.wait_for()
    assert rows.count() >= 2
    for i in range(rows.count()):
        heights = rows.nth(i).locator("td").evaluate_all(
            "tds => tds.map(td => Math.round(td.getBoundingClientRect().height))")
        assert len(set(heights)) == 1, heights   # the «Карта» cell as tall as the row
    widths = page.locator("[data-testid='puzzle-values'] .kz-card, "
                          "[data-testid='puzzle-line'] .kz-card").evaluate_all(
        "cs => cs.map(c => c.getBoundingClientRect().width)")
    assert widths and min(widths) >= 36, widths


def test_a_teachers_set_at_1024x576_shows_the_name_field_and_the_hand(
        page: Any, voila_server: Any) -> None:
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    puzzles = sorted((p for p in unique.values() if p.cards == 3 and p.variant == "standard"),
                     key=lambda p: (p.rating, p.id))[:2]
    homework = PuzzleSet("fit-homework", Text("Домашка", "Homework"), puzzles=tuple(puzzles))
    page.set_viewport_size(LAPTOP)
    page.goto(f"{voila_server.url}?set={set_to_param(homework)}")
    page.get_by_test_id("puzzle-title").wait_for()
    _playable_in_view(page)
    assert _in_view(page, ".kz-puzzles-name input") == [True]
    # the name field comes before the puzzle on the page, and says what it is for
    name, board = (page.locator(".kz-puzzles-name input").bounding_box(),
                   page.locator(".kz-puzzle-root").bounding_box())
    assert name is not None and board is not None and name["y"] < board["y"]
    assert page.get_by_test_id("puzzles-name-needed").inner_text().startswith(
        "Чтобы отправить ответы учителю")


def test_at_1366x768_a_variant_puzzles_badges_share_the_titles_line(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    _open_catalogue_set(page, voila_server.url, "catalogue-variant-nizhny")
    title = page.get_by_test_id("puzzle-title")
    title.wait_for()
    assert "Нижегородский" not in title.inner_text()   # the variant is on its badge
    box = title.bounding_box()
    badges = page.locator(".kz-puzzle-top .kz-badge").evaluate_all(
        "bs => bs.map(b => b.getBoundingClientRect().top)")
    assert box is not None and len(badges) >= 3
    assert all(box["y"] - 4 <= top <= box["y"] + box["height"] for top in badges), (box, badges)
    _playable_in_view(page)
