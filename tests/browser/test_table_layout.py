"""The card table's layout in a real browser: nothing moves under the mouse when the status line
grows (a hint three or four lines long lies over the felt's top), focus rings only for the keys
(not after a click, nor after H pressed by a mouse user; not on the card a lesson's step starts
on after a click), and a larger table on a large screen that still fits a laptop's."""

from __future__ import annotations

from typing import Any

import pytest

from kozel_tutor.ai import reasons
from kozel_tutor.ai.advice import Advice
from kozel_tutor.ai.reasons import MatchGain, layouts_count, reason, rule_words
from kozel_tutor.cards import Card, Suit
from kozel_tutor.i18n import CARD_POINTS

from .helpers import (
    HAND,
    PLAYABLE,
    SUMMARY,
    open_home,
    play_deal,
    put_in_status,
    start_game,
    wait_ready,
)

TABLE = ".kz-table-root"
# where the table's parts are on the page: the felt, the learner's hand, the keys line, the
# status line (tops and bottoms, in CSS pixels) and the trick's area below the felt's top
PLACES = """() => {
  const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                         return [Math.round(r.top), Math.round(r.bottom)]; };
  return {felt: box('.kz-felt'), hand: box('.kz-seat-S .kz-hand'), keys: box('[data-testid=keys]'),
          status: box('[data-testid=status]'), trick: box('[data-testid=trick]')}; }"""
# the table's own focus ring (a dark blue outline inside its edge), and whether the focus is on
# the table
RING = """() => { const root = document.querySelector('.kz-table-root');
  const s = getComputedStyle(root);
  return [document.activeElement === root,
          s.outlineStyle === 'solid' && s.outlineColor === 'rgb(23, 74, 140)']; }"""
HINT_SHOWN = """() => document.querySelector('[data-testid=status]').classList.contains(
  'kz-status-advice') && document.querySelector('[data-testid=hint]').disabled
  && document.querySelector('.kz-status-progress').classList.contains('kz-hidden')"""
ON_A_CARD = "() => document.activeElement.dataset.testid?.startsWith('lesson-card-')"
STEP = "i => document.querySelectorAll('.kz-lesson-dot')[i].classList.contains('kz-dot-current')"


def longest_hint(lang: str) -> str:
    """A four-line hint (at 1024 pixels): the longest rule in words and the search's figures,
    the rule agreeing.  The longest of all (:func:`longest_hint_of_all`) is a line longer."""
    card = Card.parse("QH")
    rule = reason("partner_takes_nothing_to_give_unless", card=card, suit=Suit.SPADES)
    search = reason("advice_search", samples=24, layouts=layouts_count(24),
                    points=CARD_POINTS(61), score=MatchGain(-0.1))
    return Advice(card=card, reasons=(rule, search)).text(lang)


def longest_hint_of_all(lang: str) -> str:
    """The longest hint the tutor can write in ``lang``: of every rule with its words (naming a
    suit) given as the reason, or named in full as the rule the search's card is no worse than,
    beside the search's longest figures (layouts cut short by the clock, a score of penalty
    points or rows)."""
    card, rule_card = Card.parse("QH"), Card.parse("KD")
    rules = []
    for name in sorted({*reasons._RULES, *reasons._RULE_OF}):
        try:
            rule = reason(name, card=card, suit=Suit.DIAMONDS)
            rule.text(lang)
        except (KeyError, IndexError):   # a reason that needs more than a card and a suit
            continue
        rules.append(rule)
    searches = [reason("advice_search", samples=samples, layouts=layouts_count(samples,
                                                                               drawn=drawn),
                       points=CARD_POINTS(61), score=MatchGain(-0.1, penalty=penalty, rows=rows))
                for samples, drawn in ((24, None), (2, 21))
                for penalty, rows in ((False, False), (True, False), (False, True))]
    hints = [Advice(card=card, reasons=(rule, search)).text(lang)
             for rule in rules for search in searches]
    hints += [Advice(card=card, reasons=(search, reason(
                  "advice_rule_no_worse", rule=said, rule_card=rule_card, card=card))).text(lang)
              for rule in rules if (said := rule_words(rule)) is not None for search in searches]
    return max(hints, key=len)


def _places(page: Any) -> dict[str, list[int]]:
    return {k: [int(v) for v in vs] for k, vs in page.evaluate(PLACES).items()}


def test_a_hint_moves_neither_the_table_nor_the_hand_even_four_lines_long(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    page.wait_for_function("() => document.activeElement?.classList.contains('kz-table-root')")
    before = _places(page)
    assert before["keys"][1] <= 720, "the whole table and its keys line fit 1280x720"
    page.keyboard.press("h")
    page.locator(".kz-seat-S [data-mark='advised']").wait_for()
    page.wait_for_function(HINT_SHOWN)   # the hint's view drawn, its search over
    after = _places(page)
    for part in ("felt", "hand", "keys", "trick"):
        assert after[part] == before[part], f"the hint moved the {part}: {before} -> {after}"
    # the worst case, deterministic: the longest hint, in Russian (the longer language), is
    # four lines at this width; it lies over the felt's top, above the trick
    over = ("() => document.querySelector('[data-testid=status]')"
            ".classList.contains('kz-status-over')")
    for lang in ("ru", "en"):
        put_in_status(page, longest_hint(lang))
        tall = _places(page)
        assert tall["status"][1] - tall["status"][0] >= 3 * 16, f"{lang}: a hint of 3+ lines"
        for part in ("felt", "hand", "keys", "trick"):
            assert tall[part] == before[part], f"{lang}: the status moved the {part}"
        assert tall["status"][1] < tall["trick"][0], f"{lang}: the hint hides the trick"
        page.wait_for_function(over)   # drawn with a shadow, over the felt
        assert page.get_by_test_id("status").inner_text() == longest_hint(lang), "redrawn"
        put_in_status(page, "…")
        page.wait_for_function(f"() => !({over})()")   # one line: no shadow


@pytest.mark.parametrize("width, height", [(1366, 768), (1280, 720), (1920, 1080)])
def test_the_table_fits_the_screen_and_grows_on_a_large_one(
        page: Any, voila_server: Any, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_home(page, voila_server.url)
    start_game(page)
    assert wait_ready(page) == "play"
    page.evaluate("window.scrollTo(0, 0)")
    places = _places(page)
    assert places["keys"][1] <= height, f"the keys line ends at {places['keys'][1]}"
    table_width = page.locator(TABLE).bounding_box()["width"]
    card_width = page.locator(HAND).first.bounding_box()["width"]
    if width >= 1920:
        assert table_width >= 1300 and card_width >= 100, (table_width, card_width)
    else:
        assert 1000 <= table_width <= 1100 and card_width >= 80, (table_width, card_width)


@pytest.mark.parametrize("width, height", [(1366, 768), (1920, 950)])
def test_the_review_beside_a_larger_table_stays_in_the_window(
        page: Any, voila_server: Any, width: int, height: int) -> None:
    # larger cards than in 1366x640 (1920x950: a 1080p screen's browser window), every hand
    # face up, the panel beside the felt
    page.set_viewport_size({"width": width, "height": height})
    open_home(page, voila_server.url)
    start_game(page)
    play_deal(page)
    page.locator(SUMMARY).get_by_test_id("review").click()
    page.locator(".kz-panel-review [data-testid=legend]").wait_for()
    page.wait_for_timeout(400)   # the panel has come in
    for sel in (".kz-felt", ".kz-panel-review", "[data-testid=keys]"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (sel, box)


def test_the_tables_ring_is_for_the_keys_not_after_a_click_or_h(
        page: Any, voila_server: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_home(page, voila_server.url)
    start_game(page)   # by the mouse: the table takes the focus as it appears
    assert wait_ready(page) == "play"
    page.wait_for_function(f"() => ({RING})()[0]")
    assert page.evaluate(RING) == [True, False], "no frame round the table after a click"
    page.keyboard.press("h")
    page.locator(".kz-seat-S [data-mark='advised']").wait_for()
    assert page.evaluate(RING) == [True, False], "nor after H, a shortcut"
    page.keyboard.press("ArrowRight")
    page.locator(".kz-selected").wait_for()
    assert page.evaluate(RING) == [True, True], "the keys move about the table: its ring"
    page.locator(PLAYABLE).first.click()
    page.wait_for_function(f"() => !({RING})()[1]")   # the mouse again: no ring


def _lesson_card_focus(page: Any) -> list[Any]:
    return list(page.evaluate("""() => { const a = document.activeElement;
        return [a.dataset.testid || '', a.matches(':focus-visible'),
                getComputedStyle(a).outlineStyle]; }"""))


def test_a_lesson_step_opened_by_a_click_starts_without_a_ring_on_its_card(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id("lesson-open-02_trumps").click()
    page.get_by_test_id("lesson-title").wait_for()
    # a learner who once used the keyboard, then clicks Next twice (to the step with cards)
    page.get_by_test_id("lesson-next").focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    for step in (1, 2):
        page.get_by_test_id("lesson-next").click()
        page.wait_for_function(STEP, arg=step)
    page.wait_for_function(ON_A_CARD)
    testid, visible, outline = _lesson_card_focus(page)
    assert (visible, outline) == (False, "none"), f"{testid} looks chosen before any choice"
    # the keyboard's way to the same step: its first card shows the focus
    page.get_by_test_id("lesson-back").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(STEP, arg=1)
    page.get_by_test_id("lesson-next").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(ON_A_CARD)
    testid, visible, outline = _lesson_card_focus(page)
    assert (visible, outline) == (True, "solid"), f"{testid} has no focus ring for the keys"
