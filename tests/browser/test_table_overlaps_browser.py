"""What lies over the card table hides nothing the learner reads there, in a real browser: the
card chosen by the keys leaves the next card's corner (its rank and suit) readable; a hint too
long for its room above the partner's cards scrolls in its own box, which the keys reach; a
panel before the deal (classic's question, what the boasts did) leaves the sides' points and the
side players' plates in sight."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    PLAYABLE,
    SUMMARY,
    back_to_standard,
    choose,
    open_home,
    play_one,
    put_in_status,
    start_game,
    wait_ready,
)
from .test_table_layout import longest_hint

TABLE_FOCUSED = "() => document.activeElement?.classList.contains('kz-table-root')"
# the corner of the learner's card number n (1, 2, ...), where its rank and suit are drawn (the
# top left of the card's face: 100 x 140 units, the rank to 27 units down, the suit to 44)
CORNER = """n => { const r = document.querySelector(`.kz-seat-S [data-index="${n}"]`)
  .getBoundingClientRect();
  return {x: r.left + r.width * 0.02, y: r.top + r.height * 0.02,
          width: r.width * 0.22, height: r.height * 0.3}; }"""
# the chosen card and the next one: the chosen card's top and the next one's
RAISED = """n => [n, n + 1].map((i) => document.querySelector(`.kz-seat-S [data-index="${i}"]`)
  .getBoundingClientRect().top)"""


def _corner(page: Any, number: int) -> bytes:
    """How the corner of the learner's card ``number`` looks (a PNG of it, as on the screen)."""
    return bytes(page.screenshot(clip=page.evaluate(CORNER, number)))


@pytest.mark.parametrize("width, height", [(1366, 768), (1280, 720)])
def test_the_card_chosen_by_the_keys_leaves_the_next_cards_corner_readable(
        page: Any, voila_server: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    page.wait_for_function(TABLE_FOCUSED)
    page.mouse.move(0, 0)   # no card under the mouse (a card hovered rises)
    page.wait_for_timeout(300)
    count = page.locator(".kz-seat-S [data-card]").count()
    plain = {n: _corner(page, n) for n in range(2, count + 1)}   # none chosen yet
    for number in range(1, count):
        page.keyboard.press(str(number))   # the digit chooses the card, as the arrows do
        page.locator(f".kz-seat-S .kz-selected[data-index='{number}']").wait_for()
        page.wait_for_timeout(300)   # (risen)
        chosen, after = page.evaluate(RAISED, number)
        assert chosen < after, f"card {number}, chosen, stands no higher than the next"
        assert _corner(page, number + 1) == plain[number + 1], (
            f"card {number}, chosen, hides the corner of card {number + 1}")


def test_a_hint_too_long_for_its_room_scrolls_in_its_box_above_the_partners_cards(
        page: Any, voila_server: Any) -> None:
    # a narrow, short window (700x480: 853x480 is a laptop at 150% zoom): the longest hint is
    # six lines at this width, more than the band above the partner's cards holds
    page.set_viewport_size({"width": 700, "height": 480})
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    page.wait_for_function(TABLE_FOCUSED)
    page.keyboard.press("1")   # a card chosen, which Enter or Space would play from the table
    page.locator(".kz-seat-S .kz-selected").wait_for()
    put_in_status(page, longest_hint("ru"))
    page.wait_for_function("() => document.querySelector('[data-testid=status]')"
                           ".getAttribute('tabindex') === '0'")
    box = page.evaluate("""() => { const s = document.querySelector('[data-testid=status]');
      return {bottom: s.getBoundingClientRect().bottom,
              cards: document.querySelector('.kz-seat-N .kz-hand').getBoundingClientRect().top,
              scrolls: s.scrollHeight > s.clientHeight}; }""")
    assert box["scrolls"] and box["bottom"] <= box["cards"], box
    # it takes the focus (a Tab stop), and the keys scroll it, playing no card meanwhile
    page.get_by_test_id("status").focus()
    page.keyboard.press("PageDown")
    page.keyboard.press(" ")
    page.wait_for_function("() => document.querySelector('[data-testid=status]').scrollTop > 0")
    assert page.locator(".kz-seat-S [data-card]").count() == 9, "a key played a card"
    # one line again: no scrolling, no Tab stop
    page.evaluate("() => { document.querySelector('[data-testid=status]').textContent = '…'; }")
    page.wait_for_function("() => !document.querySelector('[data-testid=status]')"
                           ".hasAttribute('tabindex')")


# Whether the panel over the felt meets each name plate, by its testid.
PANEL_MEETS = """() => {
  const p = document.querySelector('.kz-backdrop .kz-panel').getBoundingClientRect();
  return Object.fromEntries([...document.querySelectorAll('.kz-plate')].map((plate) => {
    const r = plate.getBoundingClientRect();
    return [plate.dataset.testid,
            r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top]; })); }"""
BEFORE_THE_DEAL = "[data-testid=question], [data-testid=predeal]"


@pytest.mark.parametrize("width, height", [(1280, 720), (1024, 576)])
def test_a_panel_before_the_deal_leaves_the_points_and_the_side_plates_in_sight(
        page: Any, voila_server: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_home(page, voila_server.url)
    page.get_by_test_id("open-play").click()
    choose(page, "variant-classic", "level-random")
    try:
        page.get_by_test_id("play").click()
        page.locator(".kz-felt").wait_for()
        for _ in range(600):   # deals played (the first card each time) until one opens so
            page.locator(f"{BEFORE_THE_DEAL}, {SUMMARY}, {PLAYABLE}").first.wait_for()
            if page.locator(BEFORE_THE_DEAL).count():
                break
            if page.locator(SUMMARY).count():
                page.locator(f"{SUMMARY} .kz-primary").click()
                page.locator(SUMMARY).wait_for(state="detached")
            else:
                play_one(page)
        else:
            raise AssertionError("no deal opened with a panel before it")
        page.wait_for_timeout(300)
        meets = page.evaluate(PANEL_MEETS)
        # the points (the opponents': «Они», on Fedor's plate; yours, «Мы», on your own, but
        # for a question about the cards it shows) and who sits at the sides; the partner's
        # plate, above the trick, may lie under a tall panel
        points = page.locator(".kz-plate:has(.kz-points)").evaluate_all(
            "plates => plates.map((p) => p.dataset.testid)")
        assert "seat-W" in points, points
        shown = {"seat-E", "seat-W", *points}
        assert {k: v for k, v in meets.items() if k in shown} == dict.fromkeys(shown, False), (
            meets, points)
    finally:
        back_to_standard(page)
