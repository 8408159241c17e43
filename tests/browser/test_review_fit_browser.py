"""The card table on a laptop's screen (1280x720 at 125%: 1024x576 CSS pixels, 1280x720 and
1366x768) in a real browser: the deal review shows every step's table of cards (the best card's
row and yours) and the words saying what you played without scrolling its panel; no hint hides
anything of the table (a name plate, the partner's cards or anyone's, the trick); classic's
"before the deal" panel opens at its top; a new match shows nothing of the last."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import (
    PLAYABLE,
    SUMMARY,
    back_to_standard,
    choose,
    open_home,
    play_deal,
    put_in_status,
    start_game,
    wait_ready,
)
from .test_table_layout import longest_hint, longest_hint_of_all

SIZES = [(1024, 576), (1366, 768)]

# Where a review step's parts are against the panel's visible part (its top to its buttons'
# top): the title, the rows of the best cards and of yours (whether there is yours, and whether
# every marked row is in sight), the line saying what you played;
# how far the panel is scrolled; whether your plate («Вы  Мы: 0») keeps to one line.
REVIEW_STEP = """() => {
  const panel = document.querySelector('.kz-panel-review');
  const box = panel.getBoundingClientRect();
  const foot = panel.querySelector('.kz-panel-buttons').getBoundingClientRect().top;
  const seen = (node) => { const r = node.getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= foot + 1 && r.bottom <= window.innerHeight + 1; };
  const rows = [...panel.querySelectorAll('[data-testid=review-table] tbody tr')];
  const marked = rows.filter((tr) => /kz-row-(best|played)/.test(tr.className));
  const played = [...panel.querySelectorAll('.kz-panel-line')]
    .find((line) => line.textContent.startsWith('Вы сыграли'));
  const plate = document.querySelector('[data-testid=seat-S]');
  const name = plate.querySelector('.kz-name').getBoundingClientRect();
  const points = plate.querySelector('.kz-points').getBoundingClientRect();
  return {title: seen(panel.querySelector('.kz-panel-title')),
          yours: rows.some((tr) => /kz-row-played/.test(tr.className)),
          marked_seen: marked.length > 0 && marked.every(seen),
          played_line: !!played && seen(played),
          scrolled: panel.scrollTop,
          plate_one_line: Math.abs(name.top - points.top) < 8};
}"""


def _step(page: Any, number: int) -> None:
    """Wait until the review shows step ``number`` with its table."""
    page.wait_for_function(
        "n => document.querySelector('.kz-panel-review .kz-panel-title')"
        "?.textContent.includes(` ${n} `)", arg=number)   # (no panel yet: not yet)
    page.locator(".kz-panel-review [data-testid=review-table]").wait_for()
    page.wait_for_timeout(350)   # the panel has come in, and its scroll settled


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_review_step_shows_its_best_row_and_yours_without_scrolling(
        page: Any, voila_server: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_home(page, voila_server.url)
    start_game(page)
    play_deal(page)
    page.locator(SUMMARY).get_by_test_id("review").click()
    _step(page, 1)
    steps = int(str(page.locator(".kz-panel-review .kz-panel-title").inner_text())
                .rsplit(" ", 1)[-1])
    for number in range(1, steps + 1):
        if number > 1:
            # the learner had scrolled the step before to its end: the new one opens at its top
            page.locator(".kz-panel-review").evaluate("p => { p.scrollTop = p.scrollHeight; }")
            page.get_by_test_id("next-step").click()
            _step(page, number)
        seen = page.evaluate(REVIEW_STEP)
        # every marked row is in sight: yours, and the best cards' (none for a forced card)
        assert seen == {"title": True, "yours": True, "marked_seen": True,
                        "played_line": True, "scrolled": 0, "plate_one_line": True}, (
            number, seen)
    # the legend of the columns is still there, after the step's words
    assert page.locator(".kz-panel-review [data-testid=legend]").count() == 1


# Each name plate: whether the element at its centre is the plate (or inside it).
PLATES_FREE = """() => Object.fromEntries([...document.querySelectorAll('.kz-plate')].map((p) => {
  const r = p.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [p.dataset.testid, p.contains(hit)]; }))"""
FITS = """() => document.documentElement.scrollHeight <= window.innerHeight
  && document.querySelector('[data-testid=keys]').getBoundingClientRect().bottom <= innerHeight"""
# What of the table the status line's box (a hint over the felt's top) meets: every name plate,
# every card of every seat (the partner's backs first of all) and the trick's area, named by
# seat; and whether the whole text shows in the box (it does not scroll).
UNDER_STATUS = """() => {
  const status = document.querySelector('[data-testid=status]');
  const s = status.getBoundingClientRect();
  const felt = document.querySelector('.kz-felt');
  const parts = [...felt.querySelectorAll('.kz-plate, .kz-card, [data-testid=trick]')];
  const hidden = parts.filter((node) => { const r = node.getBoundingClientRect();
    return r.left < s.right && r.right > s.left && r.top < s.bottom && r.bottom > s.top; })
    .map((node) => node.dataset.testid
      || `card of ${node.closest('.kz-seat')?.dataset.seat || 'the trick'}`);
  return {hidden: [...new Set(hidden)], whole: status.scrollHeight <= status.clientHeight + 1};
}"""
NOTHING_HIDDEN = {"hidden": [], "whole": True}
# A status box that does not show its whole text: it scrolls, takes the Tab, and is marked as
# having more below (table.js fitStatus, markMoreBelow).
SCROLLS_MARKED = """() => { const status = document.querySelector('[data-testid=status]');
  return status.scrollHeight > status.clientHeight && status.tabIndex === 0
    && status.classList.contains('kz-more-below'); }"""


def show_status(page: Any, words: str) -> None:
    """The status line, over the felt, says ``words`` (as a long hint would)."""
    put_in_status(page, words)
    page.wait_for_function("() => document.querySelector('[data-testid=status]')"
                           ".classList.contains('kz-status-over')")


def settle(page: Any) -> None:
    """Three frames pass: a change of the table's size seen in one (its ResizeObserver) has the
    status box fitted to the felt in the next (table.js fitStatus).  A busy machine may draw the
    hint and fit it frames apart; the box in between is not what the learner is left with."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                  "requestAnimationFrame(() => requestAnimationFrame(done))))")


@pytest.mark.parametrize(("width", "height"), [*SIZES, (1280, 720)])
def test_no_hint_hides_a_plate_a_card_or_the_trick_and_the_table_still_fits(
        page: Any, voila_server: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    free = {f"seat-{seat}": True for seat in "NESW"}
    assert page.evaluate(PLATES_FREE) == free
    page.wait_for_function("() => document.activeElement?.classList.contains('kz-table-root')")
    page.keyboard.press("h")
    page.locator(".kz-seat-S [data-mark='advised']").wait_for()
    page.locator("[data-testid=status].kz-status-advice").wait_for()
    settle(page)
    assert page.evaluate(PLATES_FREE) == free, "a hint hides a plate"
    seen = page.evaluate(UNDER_STATUS)
    assert seen["hidden"] == [], ("a hint hides part of the table",
                                  page.get_by_test_id("status").inner_text())
    assert seen["whole"] or page.evaluate(SCROLLS_MARKED), (
        "a hint cut short", page.get_by_test_id("status").inner_text())
    # The longest hints of all (a rule named in full beside a search cut short) are a line
    # longer: on a short window they stop above the partner's cards, at a line's end, and
    # scroll in their box, marked, and reached by Tab.
    for lang in ("ru", "en"):
        show_status(page, longest_hint_of_all(lang))
        settle(page)
        assert page.evaluate(PLATES_FREE) == free, f"{lang}: the longest hint hides a plate"
        seen = page.evaluate(UNDER_STATUS)
        assert seen["hidden"] == [], f"{lang}: the longest hint hides part of the table"
        assert seen["whole"] or page.evaluate(SCROLLS_MARKED), f"{lang}: the longest hint cut"
        assert page.evaluate(FITS), f"{lang}: the page scrolls"
    # a four-line hint, in either language, ends above the partner's cards, whole in its box
    for lang in ("ru", "en"):
        show_status(page, longest_hint(lang))
        settle(page)
        assert page.evaluate(PLATES_FREE) == free, f"{lang}: a four-line hint hides a plate"
        assert page.evaluate(UNDER_STATUS) == NOTHING_HIDDEN, (
            f"{lang}: a four-line hint hides part of the table")
        assert page.evaluate(FITS), f"{lang}: the page scrolls"


PREDEAL = "[data-testid=predeal]"
# a boast's tricks shown before the deal: more than a short window's felt can hold
BOAST_TRICKS = f"{PREDEAL} [data-testid=boast-tricks]"


def _to_a_boast(page: Any) -> None:
    """Play classic deals (the first playable card each time; the other questions answered with
    their first choice) until a deal opens with a boast's tricks: Nina's pants when the
    learner's side may boast, else the opponents' own."""
    for _ in range(600):
        if page.locator(BOAST_TRICKS).count():
            return
        nina = page.get_by_role("button", name="Штаны (хвалится Нина)", exact=True)
        answers = page.locator(".kz-panel button[data-id^='answer-']")
        if page.locator(PREDEAL).count():   # a redeal, a passed trump: nothing to scroll
            page.get_by_test_id("predeal-play").click()
            page.locator(PREDEAL).wait_for(state="detached")
        elif nina.count():
            nina.click()
        elif answers.count():
            answers.first.click()
        elif page.locator(SUMMARY).count():
            page.get_by_test_id("next").click()
        elif page.locator(PLAYABLE).count():
            page.locator(PLAYABLE).first.click()
        page.wait_for_timeout(150)
    raise AssertionError("no deal opened with a boast")


def test_classics_before_the_deal_panel_opens_at_its_top(page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1024, "height": 576})
    open_home(page, voila_server.url)
    page.get_by_test_id("open-play").click()
    choose(page, "variant-classic", "level-random")
    try:
        page.get_by_test_id("play").click()
        page.locator(".kz-felt").wait_for()
        _to_a_boast(page)
        page.wait_for_function("() => document.activeElement?.dataset.testid === 'predeal-play'")
        page.wait_for_timeout(300)
        seen = page.evaluate("""() => {
          const panel = document.querySelector('[data-testid=predeal]');
          const box = panel.getBoundingClientRect();
          const inside = (node) => { const r = node.getBoundingClientRect();
            return r.top >= box.top && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight; };
          return {scrolled: panel.scrollTop, title: inside(panel.querySelector('.kz-panel-title')),
                  first_line: inside(panel.querySelector('.kz-panel-line')),
                  play: inside(panel.querySelector('[data-testid=predeal-play]'))}; }""")
        # its words and a boast's rows (more than the felt held before it was made tighter)
        # open at its top, its heading and first line in sight, and its Play button too
        assert seen == {"scrolled": 0, "title": True, "first_line": True, "play": True}, seen
        # the live region reads its words as it opens: the dialog is not also described by them
        assert page.locator(PREDEAL).get_attribute("aria-describedby") is None
    finally:
        back_to_standard(page)


# What the table shows, each time it changes from now on: no table, a panel (its testid), or
# the table with the learner's cards (how many).
RECORD = """() => { window.kzShown = [];
  new MutationObserver(() => {
    const root = document.querySelector('.kz-table-root');
    const panel = root && root.querySelector('.kz-panel');
    const now = !root ? 'none' : panel ? `panel:${panel.dataset.testid}`
      : `cards:${root.querySelectorAll('.kz-seat-S [data-card]').length}`;
    if (window.kzShown[window.kzShown.length - 1] !== now) window.kzShown.push(now);
  }).observe(document.body, {childList: true, subtree: true}); }"""


def test_a_new_match_shows_nothing_of_the_last_one(page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1024, "height": 576})
    open_home(page, voila_server.url)
    start_game(page)
    for _ in range(2):   # the last match: two cards played, then the menu
        assert wait_ready(page) == "play"
        token = page.locator(PLAYABLE).first.get_attribute("data-card")
        page.locator(PLAYABLE).first.click()
        page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
    page.get_by_test_id("menu").click()
    page.get_by_test_id("pause").wait_for()
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("play").wait_for()
    page.evaluate(RECORD)
    page.get_by_test_id("play").click()
    page.locator(PLAYABLE).first.wait_for()
    shown = page.evaluate("() => window.kzShown")
    assert shown and shown[-1] == "cards:9", shown
    assert all(now in ("none", "cards:9") for now in shown), shown


LEGEND = """() => { const d = document.querySelector('.kz-panel-review [data-testid=legend]');
  const line = d.querySelector('.kz-legend-line');
  return {open: d.open, title: d.querySelector('summary').textContent,
          lines_shown: line.checkVisibility()}; }"""


def test_the_review_legend_is_shut_until_opened_and_stays_as_left_from_step_to_step(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_home(page, voila_server.url)
    start_game(page)
    play_deal(page)
    page.locator(SUMMARY).get_by_test_id("review").click()
    _step(page, 1)
    shut = {"open": False, "title": "Что значат столбцы?", "lines_shown": False}
    assert page.evaluate(LEGEND) == shut
    # opened from the keys: Enter on its title opens it, and does not turn the review's page
    page.locator(".kz-panel-review summary").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.kz-panel-review details').open")
    assert page.evaluate(LEGEND) == {**shut, "open": True, "lines_shown": True}
    assert " 1 " in page.locator(".kz-panel-review .kz-panel-title").inner_text()
    page.get_by_test_id("next-step").click()
    _step(page, 2)
    assert page.evaluate(LEGEND)["open"], "the next step keeps it open"
    page.locator(".kz-panel-review summary").click()
    page.get_by_test_id("prev-step").click()
    _step(page, 1)
    assert page.evaluate(LEGEND) == shut, "and shut, once shut"
