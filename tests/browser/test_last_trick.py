"""The last trick shown again in a real browser: off before the first trick; the toolbar's button
(and the key L) puts its four cards back in the trick area with who took it, pressed again (or
Escape, or a card played) it goes; the hand stays where it was and playable meanwhile."""

from __future__ import annotations

from typing import Any

from .helpers import PLAYABLE, hand, open_home, play_one, start_game, wait_ready

TABLE = ".kz-table-root"
BUTTON = "[data-testid=last-trick]"
NOTE = "[data-testid=trick-note]"
SLOTS = "[data-testid=trick] .kz-slot"
HAND_BOX = """() => {
  const r = document.querySelector('.kz-seat-S .kz-hand').getBoundingClientRect();
  return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; }"""
SAID = "() => [...document.querySelectorAll('[data-testid=spoken] p')].map(p => p.textContent)"


def _shown(page: Any) -> None:
    page.locator(NOTE).wait_for()
    page.locator(f"{BUTTON}[aria-pressed='true']").wait_for()
    assert page.locator(SLOTS).count() == 4, "the last trick's four cards, each by its player"
    assert page.locator(f"{SLOTS}[role=img]").count() == 4


def _hidden(page: Any) -> None:
    page.locator(NOTE).wait_for(state="detached")
    page.locator(f"{BUTTON}[aria-pressed='false']").wait_for()


def test_the_last_trick_comes_back_by_the_button_and_by_l_and_the_hand_stays(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    button = page.locator(BUTTON)
    assert button.is_disabled(), "no trick finished yet"
    assert button.get_attribute("aria-label") == "Последняя взятка", "a small button, named"
    play_one(page)
    assert wait_ready(page) == "play"   # the first trick is over: the learner's turn again
    page.locator(f"{BUTTON}:not([disabled])").wait_for()
    assert "L — последняя взятка" in page.get_by_test_id("keys").inner_text()
    cards, box = hand(page), page.evaluate(HAND_BOX)

    button.click()
    _shown(page)
    note = page.locator(NOTE).inner_text()
    assert note.startswith(("Взял ", "Взяла ", "Взяли вы")) and "очк" in note, note
    page.wait_for_function(f"() => ({SAID})().some(t => t.startsWith('Последняя взятка: '))")
    assert hand(page) == cards and page.evaluate(HAND_BOX) == box, "the hand did not move"
    assert page.locator(PLAYABLE).count() > 0, "the hand is still playable"

    button.click()
    _hidden(page)
    page.locator(TABLE).focus()
    page.keyboard.press("l")
    _shown(page)
    assert page.evaluate(HAND_BOX) == box
    page.keyboard.press("l")
    _hidden(page)
    page.keyboard.press("L")
    _shown(page)
    page.keyboard.press("Escape")
    _hidden(page)

    page.keyboard.press("l")
    _shown(page)
    play_one(page)
    page.locator(NOTE).wait_for(state="detached")
