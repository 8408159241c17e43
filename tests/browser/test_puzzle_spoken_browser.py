"""A puzzle for a screen reader and the keyboard, in a real browser on a laptop at 125% zoom
(1024x576 CSS pixels): one live region, never redrawn, reads out the position of each puzzle put
on screen, a hint taken with H, the verdict and each card of the line stepped through with →;
the keys line sits beside the buttons without making the puzzle taller; every column of the
answer table has a name.

The server's data folder lasts the whole session and a set opened again goes on from the
answers given before, so each test opens a set of its own id."""

from __future__ import annotations

from typing import Any

from kozel_tutor.cards import Card
from kozel_tutor.puzzles.model import Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import set_to_param
from kozel_tutor.puzzles.themes import current_hint

LAPTOP_125 = {"width": 1024, "height": 576}
SPOKEN = "[data-testid='puzzle-spoken']"
LAST_SAID = f"() => document.querySelector(\"{SPOKEN}\").lastElementChild?.textContent ?? ''"
FOCUSED = "() => document.activeElement?.dataset.testid ?? ''"


def _endings(set_id: str) -> PuzzleSet:
    """Two three-card endings, each with a hint and a card that is not an answer."""
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    easy = sorted((p for p in unique.values() if p.cards == 3 and p.variant == "standard"
                   and p.hints and len(p.position.to_state().legal_plays()) > len(p.answers)),
                  key=lambda p: (p.rating, p.id))
    return PuzzleSet(set_id, Text("Проверка", "Check"), puzzles=tuple(easy[:2]))


def _open(page: Any, url: str, puzzle_set: PuzzleSet) -> None:
    page.set_viewport_size(LAPTOP_125)
    page.goto(f"{url}?set={set_to_param(puzzle_set)}")
    page.locator(".kz-puzzle-root[data-phase='solve']").wait_for()
    page.wait_for_function(f"() => ({FOCUSED})().startsWith('puzzle-card-')")


def _said(page: Any, start: str) -> str:
    """Wait until the live region's last line starts with ``start``; returns that line."""
    page.wait_for_function(f"s => ({LAST_SAID})().startsWith(s)", arg=start)
    return str(page.evaluate(LAST_SAID))


def _wrong(puzzle: Puzzle) -> str:
    return next(c.token for c in puzzle.position.to_state().legal_plays()
                if c not in puzzle.answers)


def test_a_hint_taken_with_h_is_read_out_and_the_focus_stays_on_the_card(
        page: Any, voila_server: Any) -> None:
    puzzle_set = _endings("spoken-hint")
    first = puzzle_set.puzzles[0]
    _open(page, voila_server.url, puzzle_set)
    region = page.locator(SPOKEN)
    assert (region.get_attribute("role"), region.get_attribute("aria-live")) == ("log", "polite")
    # the puzzle that opens is read out: its title, story, trumps
    opened = _said(page, "Концовка: 3 карты. ")
    assert opened == (f"Концовка: 3 карты. {first.story.ru} "
                      f"Козыри: {first.position.trump.name_in('ru')}.")
    region.evaluate("e => { e.kzSame = true; }")
    card = str(page.evaluate(FOCUSED))

    page.keyboard.press("h")
    hint = current_hint(first.hints[0], first.position).ru
    assert _said(page, "Подсказка 1: ") == f"Подсказка 1: {hint}"
    assert page.get_by_test_id("puzzle-hints").inner_text().strip() == hint
    assert page.evaluate(FOCUSED) == card
    assert region.evaluate("e => e.kzSame === true"), "the live region is never redrawn"


def test_a_wrong_answers_verdict_and_each_step_of_its_line_are_read_out(
        page: Any, voila_server: Any) -> None:
    puzzle_set = _endings("spoken-line")
    first, second = puzzle_set.puzzles
    _open(page, voila_server.url, puzzle_set)
    wrong = _wrong(first)
    page.get_by_test_id(f"puzzle-card-{wrong}").focus()
    page.keyboard.press("Enter")
    page.get_by_test_id("puzzle-line").wait_for()
    verdict = page.get_by_test_id("puzzle-feedback").inner_text()
    assert _said(page, "Это не лучшая карта.").startswith(verdict)

    # → shows the line's next card, the learner's own, and says it (and the trick it completes)
    page.keyboard.press("ArrowRight")
    mine = f"Вы: {Card.parse(wrong).name_in('ru')}."
    step = _said(page, mine)
    first_trick = page.get_by_test_id("puzzle-line-trick").first
    caption = first_trick.locator(".kz-puzzle-trickto")
    if caption.count():
        taken = caption.inner_text()
        assert step == f"{mine} {taken[:1].upper()}{taken[1:]}."
    else:
        assert step == mine
    page.keyboard.press("ArrowRight")
    shown = page.get_by_test_id("puzzle-line").locator(".kz-puzzle-play:not(.kz-was-shown)")
    page.wait_for_function("n => document.querySelectorAll(\"[data-testid='puzzle-line'] "
                           ".kz-puzzle-play:not(.kz-was-shown)\").length === n", arg=2)
    second_play = shown.nth(1)
    who = second_play.locator(".kz-puzzle-who").inner_text()
    name = Card.parse(str(second_play.locator("[data-card]").get_attribute("data-card")))
    _said(page, f"{who[:1].upper()}{who[1:]}: {name.name_in('ru')}.")

    # the next puzzle: its position is read out, the focus on its first card
    page.keyboard.press("n")
    page.get_by_test_id("puzzle-title").get_by_text("Концовка: 3 карты").wait_for()
    _said(page, f"Концовка: 3 карты. {second.story.ru}")
    page.wait_for_function(f"() => ({FOCUSED})().startsWith('puzzle-card-')")


def test_the_keys_line_sits_beside_the_buttons_and_costs_no_height(
        page: Any, voila_server: Any) -> None:
    puzzle_set = _endings("spoken-keys")
    first = puzzle_set.puzzles[0]
    _open(page, voila_server.url, puzzle_set)
    keys = page.get_by_test_id("puzzle-keys")
    assert keys.inner_text() == ("Клавиши: Tab или ← → — выбрать карту, Enter — сыграть её, "
                                 "H — подсказка.")
    hint = page.get_by_test_id("puzzle-hint")
    nav = page.locator(".kz-puzzle-root > .kz-puzzle-content > .kz-puzzle-nav").first
    _beside(keys.bounding_box(), hint.bounding_box(), nav.bounding_box())

    page.get_by_test_id(f"puzzle-card-{_wrong(first)}").click()
    page.get_by_test_id("puzzle-line").wait_for()
    assert keys.inner_text() == ("Клавиши: N — следующая задача, R — ещё раз, → — следующая "
                                 "карта розыгрыша.")
    _beside(keys.bounding_box(), page.get_by_test_id("puzzle-next").bounding_box(),
            nav.bounding_box())
    heads = page.locator("[data-testid='puzzle-values'] thead th").all_inner_texts()
    assert heads == ["Карта", "Очки", "Итог раздачи", "Пояснение"]


def _beside(keys: Any, button: Any, row: Any) -> None:
    """The keys line on the button's row, left of it, and the row no taller than the button."""
    assert keys and button and row
    assert keys["x"] + keys["width"] <= button["x"], (keys, button)
    assert button["y"] <= keys["y"] and keys["y"] + keys["height"] <= button["y"] + button["height"]
    assert row["height"] <= button["height"] + 1, (row, button)
