"""What the keyboard reaches on the card table, and what the window shows, in a real browser.

The table's keys work wherever the focus is inside it (a toolbar button pressed by Enter keeps
Enter and Space, the arrows, the digits and L still act on the table); the deal's summary leaves
the toolbar (the menu, the sound, the language) in reach of Tab; a match and its review fit a
1280x720 screen at 125% zoom (1024x576 CSS pixels) without scrolling; and the focus ring round a
tile of the puzzles menu is drawn whole."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import PLAYABLE, SUMMARY, hand, open_home, play_deal, play_one, start_game, wait_ready

TABLE = ".kz-table-root"
LAST = "[data-testid=last-trick]"
FOCUS = ("() => { const a = document.activeElement; if (!a) return null;"
         " return a.classList.contains('kz-table-root') ? 'table'"
         " : a.dataset.testid || a.tagName; }")
CHOSEN = f"() => document.querySelector('{TABLE}').getAttribute('aria-activedescendant')"
# How far the learner's hand and plate keep from the felt's left and right edges.
RIM = """() => { const seat = document.querySelector('.kz-seat-S');
  const f = seat.closest('.kz-felt').getBoundingClientRect();
  const c = [...seat.querySelectorAll('.kz-card, .kz-plate')].map(n => n.getBoundingClientRect());
  return [Math.min(...c.map(r => r.left)) - f.left,
          f.right - Math.max(...c.map(r => r.right))]; }"""
# Every box round the table that scrolls and has more to show than its height: none may.
SCROLLED = f"""() => {{ const out = [];
  for (let n = document.querySelector('{TABLE}'); n; n = n.parentElement) {{
    const s = getComputedStyle(n);
    const scrolls = ['auto', 'scroll'].includes(s.overflowY) || n === document.scrollingElement;
    if (scrolls && n.scrollHeight > n.clientHeight + 1)
      out.push(`${{n.className}}: ${{n.scrollHeight}} > ${{n.clientHeight}}`); }}
  return out; }}"""
# The focus ring of the focused control (outline) against every box round it that clips what
# overflows it (overflow other than visible): the boxes that cut the ring off, if any.
CLIPPERS = """() => { const el = document.activeElement, cs = getComputedStyle(el);
  if (cs.outlineStyle === 'none') return ['no ring'];
  const out = parseFloat(cs.outlineWidth) + parseFloat(cs.outlineOffset);
  const r = el.getBoundingClientRect();
  const ring = [r.left - out, r.top - out, r.right + out, r.bottom + out];
  const cut = [];
  for (let n = el.parentElement; n && n !== document.documentElement; n = n.parentElement) {
    const s = getComputedStyle(n);
    const clipsX = s.overflowX !== 'visible', clipsY = ['hidden', 'clip'].includes(s.overflowY);
    if (!clipsX && !clipsY) continue;
    const b = n.getBoundingClientRect();
    const w = (side) => parseFloat(s[`border${side}Width`]);
    const box = [b.left + w('Left'), b.top + w('Top'),
                 b.right - w('Right'), b.bottom - w('Bottom')];
    if ((clipsX && (ring[0] < box[0] - 0.5 || ring[2] > box[2] + 0.5))
        || (clipsY && (ring[1] < box[1] - 0.5 || ring[3] > box[3] + 0.5)))
      cut.push(`${n.tagName}.${n.className} (${s.overflowX}/${s.overflowY})`);
  }
  return cut; }"""


def _focus(page: Any) -> str:
    return str(page.evaluate(FOCUS))


def _inside(page: Any, selector: str, width: int, height: int) -> None:
    """Every element matched is drawn whole inside the window."""
    boxes = page.locator(selector).evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })")
    assert boxes, f"nothing matches {selector}"
    for left, top, right, bottom in boxes:
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, (
            f"{selector} at {[round(v) for v in (left, top, right, bottom)]}, "
            f"outside the {width}x{height} window")


def test_the_cards_keys_work_after_a_toolbar_button_is_pressed_by_enter(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    play_one(page)
    assert wait_ready(page) == "play"   # the first trick is over: the learner's turn again
    page.locator(f"{LAST}:not([disabled])").wait_for()
    cards = hand(page)

    # Enter on the button presses it (the trick shows), and the button keeps the focus
    page.locator(LAST).focus()
    page.keyboard.press("Enter")
    page.locator(f"{LAST}[aria-pressed='true']").wait_for()
    assert _focus(page) == "last-trick"
    assert page.evaluate(CHOSEN) is None and hand(page) == cards, "Enter played no card"

    # the arrow chooses a card from there: the focus goes back to the table, which names it
    page.keyboard.press("ArrowRight")
    page.wait_for_function(CHOSEN)
    option = page.locator(f"[id='{page.evaluate(CHOSEN)}']")
    assert option.get_attribute("aria-selected") == "true"
    assert option.get_attribute("data-playable") == "true"
    assert _focus(page) == "table"
    assert "Enter" in page.get_by_test_id("keys").inner_text()

    # L from the button hides the trick again
    page.locator(LAST).focus()
    page.keyboard.press("l")
    page.locator(f"{LAST}[aria-pressed='false']").wait_for()
    assert _focus(page) == "last-trick"

    # another button of the toolbar: Enter is still its own, a digit chooses a card
    sound = page.get_by_test_id("sound")
    was = sound.get_attribute("aria-pressed")
    sound.focus()
    for _ in range(2):   # twice: the sound as the other tests expect it
        before = sound.get_attribute("aria-pressed")
        page.keyboard.press("Enter")
        page.wait_for_function("b => document.querySelector('[data-testid=sound]')"
                               ".getAttribute('aria-pressed') !== b", arg=before)
        assert _focus(page) == "sound"
    assert sound.get_attribute("aria-pressed") == was and hand(page) == cards
    page.keyboard.press("1")
    page.wait_for_function(f"t => ({CHOSEN})()?.endsWith('-card-' + t)", arg=cards[0])
    assert _focus(page) == "table"
    # and Enter, on the table now, plays the card chosen when it may be played: the arrows go
    # over every card of the hand, those that cannot be played now too
    playable = page.locator(PLAYABLE).evaluate_all("els => els.map(e => e.dataset.card)")
    token = None
    for _ in cards:
        page.keyboard.press("ArrowRight")
        token = page.locator(f"[id='{page.evaluate(CHOSEN)}']").get_attribute("data-card")
        if token in playable:
            break
    assert token in playable
    page.keyboard.press("Enter")
    page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")


def test_tab_reaches_the_menu_from_the_deal_summary_and_escape_leaves_it_open(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_home(page, voila_server.url)
    start_game(page)
    play_deal(page)
    summary = page.locator(SUMMARY)
    page.wait_for_function(f"() => ({FOCUS})() === 'next'")
    tools = set(page.locator(".kz-tools button:not([disabled])").evaluate_all(
        "els => els.map(e => e.dataset.testid)"))
    assert {"menu", "sound", "lang"} <= tools
    buttons = set(summary.locator("button").evaluate_all("els => els.map(e => e.dataset.testid)"))
    forward, backward = [], []
    for _ in range(len(tools | buttons) + 1):
        page.keyboard.press("Tab")
        forward.append(_focus(page))
    for _ in range(len(tools | buttons) + 1):
        page.keyboard.press("Shift+Tab")
        backward.append(_focus(page))
    assert set(forward) == set(backward) == tools | buttons, (forward, backward)
    assert forward[-1] == forward[0], "Tab goes round, within the table"
    # a dialog over the felt, which it shuts; the toolbar above stays in reach (no aria-modal)
    assert summary.get_attribute("role") == "dialog" and summary.get_attribute("aria-modal") is None
    assert page.locator(".kz-seat-S").evaluate("e => e.inert")

    # Escape closes nothing here (the deal is over: only a button goes on)
    page.get_by_test_id("next").focus()
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    assert summary.count() == 1 and _focus(page) == "next"

    # the main menu, by the keys: Menu opens the pause, whose Escape comes back to the summary
    for _ in range(len(tools | buttons)):
        if _focus(page) == "menu":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.get_by_role("dialog", name="Пауза").wait_for()
    page.wait_for_function(f"() => ({FOCUS})() === 'resume'")
    assert page.get_by_test_id("home").is_visible()
    page.keyboard.press("Escape")
    summary.wait_for()
    page.wait_for_function(f"() => ({FOCUS})() === 'next'")


def test_a_match_and_its_review_fit_a_1024x576_window(page: Any, voila_server: Any) -> None:
    # 1280x720 at 125% zoom
    width, height = 1024, 576
    page.set_viewport_size({"width": width, "height": height})
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    assert page.evaluate(SCROLLED) == []
    for selector in (".kz-seat-S .kz-card", ".kz-seat-S .kz-plate", "[data-testid=keys]",
                     ".kz-felt", ".kz-topbar"):
        _inside(page, selector, width, height)
    assert page.locator(".kz-seat-S .kz-card").first.bounding_box()["width"] >= 60, "readable"

    # the review beside the felt: the table before your card and its analysis together
    play_deal(page)
    page.locator(SUMMARY).get_by_test_id("review").click()
    page.locator(".kz-panel-review [data-testid=legend]").wait_for()
    page.wait_for_timeout(400)   # the panel has come in
    assert page.evaluate(SCROLLED) == []
    for selector in ("[data-testid=trick]", ".kz-seat-S .kz-card", "[data-testid=keys]",
                     ".kz-panel-review .kz-panel-title", ".kz-panel-review .kz-panel-buttons"):
        _inside(page, selector, width, height)
    felt = page.locator(".kz-felt").bounding_box()
    panel = page.locator(".kz-panel-review").bounding_box()
    assert panel["x"] >= felt["x"] + felt["width"], "the review stands beside the felt"
    assert min(page.evaluate(RIM)) >= 16, f"the hand, its plate and the rim: {page.evaluate(RIM)}"
    page.get_by_test_id("close").click()
    page.locator(SUMMARY).wait_for()


@pytest.mark.parametrize("width, height", [(1366, 768), (1024, 576)])
def test_the_focus_ring_round_every_puzzles_tile_is_drawn_whole(
        page: Any, voila_server: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_home(page, voila_server.url)
    page.get_by_test_id("section-puzzles").click()
    tiles = page.locator(".kz-tile:not([disabled])")
    page.get_by_test_id("puzzles-mine").wait_for()
    names = tiles.evaluate_all("els => els.map(e => e.dataset.testid)")
    assert "puzzles-mine" in names and any(n == "puzzles-set-catalogue-e6" for n in names)
    tiles.first.focus()
    page.keyboard.press("Shift+Tab")   # the keys move about the page: the rings show
    seen = []
    for _ in range(len(names) + 1):
        page.keyboard.press("Tab")
        testid = _focus(page)
        if testid not in names:
            continue
        seen.append(testid)
        assert page.evaluate(CLIPPERS) == [], f"the ring round {testid} is cut off"
    assert set(seen) == set(names)
