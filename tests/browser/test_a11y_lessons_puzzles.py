"""Lessons and puzzles for the keyboard, in a real browser and a short window (a laptop at 150%
zoom: 911x512 CSS pixels): the focus after an answer, a verdict that comes into sight, a card
that takes the focus in sight, the focus ring outside the answer's red ring, readable cards
already played, and the puzzle bar's language button keeping the focus."""

from __future__ import annotations

from typing import Any

from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.checks import expected
from kozel_tutor.lessons.model import Task
from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import set_to_param

from .helpers import open_home

SHORT = {"width": 911, "height": 512}
# (scrolled "nearest", an element may end a fraction of a pixel past the window's bottom)
IN_SIGHT = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight + 1; }"""


def _open_lesson(page: Any, url: str, lesson: str) -> None:
    open_home(page, url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id(f"lesson-open-{lesson}").click()
    page.get_by_test_id("lesson-title").wait_for()


def test_a_seat_answered_by_the_keys_leaves_the_focus_on_next_not_on_the_page(
        page: Any, voila_server: Any) -> None:
    lesson = load_lesson("01_table")
    step = lesson.steps[1]
    assert isinstance(step, Task)
    _open_lesson(page, voila_server.url, "01_table")
    page.get_by_test_id("lesson-next").click()
    page.wait_for_function("() => document.querySelectorAll('button.kz-lesson-plate').length")
    page.get_by_test_id(f"lesson-seat-{expected(step)}").focus()
    page.keyboard.press("Enter")
    # the seat answered is no button any more: the focus goes on to Next
    page.wait_for_function("() => document.activeElement?.dataset.testid === 'lesson-next'")


def test_a_wrong_cards_verdict_comes_into_a_short_window_with_the_focus_ring_outside_it(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size(SHORT)
    lesson = load_lesson("04_trick")
    step = lesson.steps[1]
    assert isinstance(step, Task)
    _open_lesson(page, voila_server.url, "04_trick")
    page.get_by_test_id("lesson-next").click()
    cards = page.locator("[data-testid='lesson-trick'] [data-card]")
    cards.first.wait_for()
    wrong = next(t for t in cards.evaluate_all("els => els.map(e => e.dataset.card)")
                 if t != expected(step))
    page.get_by_test_id(f"lesson-card-{wrong}").focus()
    page.keyboard.press("Enter")
    page.locator("[data-testid='lesson-feedback'][data-correct='false']").wait_for()
    page.wait_for_function(IN_SIGHT, arg="[data-testid='lesson-feedback']")
    card = page.get_by_test_id(f"lesson-card-{wrong}")
    page.wait_for_function("t => document.activeElement?.dataset.testid === t",
                           arg=f"lesson-card-{wrong}")
    style = card.evaluate("""e => { const s = getComputedStyle(e);
        return [s.boxShadow, s.outlineColor, parseFloat(s.outlineOffset)]; }""")
    assert "rgb(192, 57, 43)" in style[0], "the red ring of the wrong answer stays in sight"
    assert style[1] == "rgb(255, 255, 255)" and style[2] > 4, "the focus is a white ring outside"


def _endgame(set_id: str) -> PuzzleSet:
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    three = sorted((p for p in unique.values() if p.cards == 3 and p.variant == "standard"),
                   key=lambda p: (p.rating, p.id))
    return PuzzleSet(set_id, Text("Проверка", "Check"), puzzles=(three[0],))


def test_a_puzzle_in_a_short_window_focuses_a_card_in_sight_and_its_played_cards_read(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size(SHORT)
    page.goto(f"{voila_server.url}?set={set_to_param(_endgame('a11y-short'))}")
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    page.wait_for_function(
        "() => document.activeElement?.dataset.testid?.startsWith('puzzle-card-')")
    page.wait_for_function("""() => { const r = document.activeElement.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight; }""")
    played = page.locator("[data-testid='puzzle-played'] .kz-card")
    assert played.count() == 24
    widths = played.evaluate_all("els => els.map(e => e.getBoundingClientRect().width)")
    assert min(widths) >= 44, f"cards already played {min(widths):.0f} px wide: too small to read"
    rows = {round(y) for y in played.evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().top)")}
    assert len(rows) <= 2, "fanned: a deck's worth on one or two lines"


def test_the_puzzle_bars_language_button_keeps_the_focus(page: Any, voila_server: Any) -> None:
    page.goto(f"{voila_server.url}?set={set_to_param(_endgame('a11y-lang'))}")
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    bar = page.get_by_test_id("puzzles-bar")
    switch = bar.get_by_test_id("lang")
    before = switch.inner_text()
    switch.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("t => document.querySelector('[data-testid=puzzles-bar] "
                           "[data-testid=lang]').textContent !== t", arg=before)
    page.wait_for_function("() => document.activeElement?.dataset.testid === 'lang'")
    assert page.evaluate("() => document.documentElement.lang") == switch.evaluate(
        "e => e.closest('.kz-panel-root').lang")
    page.keyboard.press("Enter")                  # and back, for the tests after this one
    page.wait_for_function("t => document.querySelector('[data-testid=puzzles-bar] "
                           "[data-testid=lang]').textContent === t", arg=before)
    page.wait_for_function("() => document.activeElement?.dataset.testid === 'lang'")
