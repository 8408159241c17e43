"""The card table for the keyboard and a screen reader, in a real browser: the suits to name as
trumps are a group named by the prompt and the call is said as the table opens; H then Enter
plays the hinted card; the review's arrows at its ends choose no card; a deal's result is its
dialog's description and is said, and so is the next deal; each spoken line keeps its
language; and the table's focus ring crosses nothing, in either language and in the review.

A server of its own, whose progress file holds a saved match (trumps to be named, Gleb deals:
the learner names them first), written afresh before each page."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server, open_called_match
from .helpers import LISTEN, PLAYABLE, SUMMARY

TABLE = ".kz-table-root"
LINES = ("() => [...document.querySelectorAll('[data-testid=spoken] p')]"
         ".map(p => [p.lang, p.textContent])")
# everything said since LISTEN ran, in order (the region keeps its last four lines only)
HEARD = "() => window.kzHeard.join(' ')"
FOCUS = ("() => { const a = document.activeElement;"
         " return a ? (a.dataset.testid || a.className) : null; }")
CHOSEN = f"() => document.querySelector('{TABLE}').getAttribute('aria-activedescendant')"
# How far the table's focus ring reaches inside its edge, and how far inside it each of its
# parts begins: the ring crosses a part that begins nearer the edge than the ring reaches.
RING = f"""() => {{
  const root = document.querySelector('{TABLE}'), s = getComputedStyle(root);
  const spread = /inset/.test(s.boxShadow) ? Math.max(...s.boxShadow.match(/[\\d.]+px/g)
    .map(parseFloat)) : 0;
  const reach = Math.max(-parseFloat(s.outlineOffset), spread);
  const r = root.getBoundingClientRect();
  const parts = ['[data-testid=keys]', '.kz-topbar button', '.kz-badge', '.kz-felt',
                 '.kz-panel-review', '.kz-status'];
  const gaps = {{}};
  for (const sel of parts) for (const n of root.querySelectorAll(sel)) {{
    const b = n.getBoundingClientRect();
    if (!b.width) continue;
    const gap = Math.min(b.left - r.left, r.right - b.right, b.top - r.top, r.bottom - b.bottom);
    gaps[sel] = Math.min(gaps[sel] ?? Infinity, gap);
  }}
  return {{ reach, ring: root.matches('.kz-keys:focus') && s.outlineStyle === 'solid', gaps }};
}}"""


def _said(page: Any, words: str) -> None:
    page.wait_for_function(f"w => ({HEARD})().includes(w)", arg=words)


def _play_to_the_summary(page: Any) -> None:
    while not page.locator(SUMMARY).count():
        page.locator(f"{PLAYABLE}, {SUMMARY}").first.wait_for()
        card = page.locator(PLAYABLE)
        if card.count():
            token = card.first.get_attribute("data-card")
            card.first.click()
            page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")


def _ring_crosses_nothing(page: Any, where: str) -> None:
    found = page.evaluate(RING)
    assert found["ring"], f"{where}: the table's ring is not shown"
    for part, gap in found["gaps"].items():
        assert gap >= found["reach"], (
            f"{where}: the ring reaches {found['reach']} px inside the table's edge, "
            f"{part} begins {gap:.1f} px inside it")


def test_the_suits_are_a_group_named_by_the_prompt_and_the_call_is_said(
        page: Any, table_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_called_match(page, table_server)
    row = page.locator(".kz-call-row")
    assert row.get_attribute("role") == "group"
    prompt = page.locator(f"[id='{row.get_attribute('aria-labelledby')}']")
    assert prompt.inner_text() == "Назначьте козырную масть:"
    # said as the table opens (the words were said before the table was on the page)
    page.wait_for_function(f"() => ({LINES})().some(([lang, t]) => lang === 'ru'"
                           " && t.includes('В этой раздаче козырь назначаете вы.'))")
    # the hint's suit takes the focus of a learner at the keys: Enter names it
    page.wait_for_function(f"() => ({FOCUS})() === 'call-C'")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("h")
    advised = page.locator(".kz-call [data-mark=advised]")
    advised.wait_for()
    testid = str(advised.get_attribute("data-testid"))
    page.wait_for_function(f"t => ({FOCUS})() === t", arg=testid)
    suit = advised.inner_text().strip().lower()
    page.evaluate(LISTEN)
    page.keyboard.press("Enter")
    page.get_by_test_id("call").wait_for(state="detached")
    _said(page, f"Вы: козыри — {suit}.")


def test_h_then_enter_plays_the_hinted_card_not_the_one_chosen_before(
        page: Any, table_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_called_match(page, table_server)
    page.get_by_test_id("call-H").click()
    while not page.locator(SUMMARY).count():
        page.locator(f"{PLAYABLE}, {SUMMARY}").first.wait_for()
        if not page.locator(PLAYABLE).count():
            continue
        page.locator(TABLE).focus()
        options = page.locator(".kz-seat-S [role=option]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-disabled') === 'true')")
        if True not in options:   # every card may be played: on to a turn where some may not
            page.keyboard.press("ArrowRight")
            token = page.locator(f"[id='{page.evaluate(CHOSEN)}']").get_attribute("data-card")
            page.keyboard.press("Enter")
            page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
            continue
        page.keyboard.press(str(options.index(True) + 1))   # a card that may not be played
        chosen = page.locator(f"[id='{page.evaluate(CHOSEN)}']")
        assert chosen.get_attribute("aria-disabled") == "true"
        page.keyboard.press("h")
        advised = page.locator(".kz-seat-S [data-mark=advised]")
        advised.wait_for()
        token = str(advised.get_attribute("data-card"))
        assert page.evaluate(CHOSEN) == advised.get_attribute("id"), "the hint's card is chosen"
        page.keyboard.press("Enter")
        page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")
        assert page.locator(".kz-status-error").count() == 0
        return
    pytest.fail("no turn of the deal left a card that may not be played")


def test_a_deals_result_is_said_once_its_review_ends_choose_no_card_then_deal_2(
        page: Any, table_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_called_match(page, table_server)
    page.get_by_test_id("call-H").click()
    page.evaluate(LISTEN)
    _play_to_the_summary(page)
    # the summary's dialog is not also described by its words: the live region reads them once
    dialog = page.get_by_role("dialog").first
    assert dialog.get_attribute("aria-describedby") is None
    lines = page.locator(".kz-backdrop .kz-panel-line").all_inner_texts()
    assert lines
    # and the live region says the result as the dialog opens
    title = page.locator(".kz-panel-title").inner_text()
    _said(page, f"{title}. {lines[0]}")
    _said(page, "Счёт партии: мы ")

    # the review: an arrow at either end (its button disabled) does nothing; no card is chosen
    page.get_by_test_id("review").focus()
    page.keyboard.press("Enter")
    step = page.locator(".kz-panel-review .kz-panel-title")
    step.wait_for()
    page.wait_for_function(f"() => ({FOCUS})() === 'next-step'")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("2")
    assert "ход 1 из" in step.inner_text()
    assert page.evaluate(CHOSEN) is None and page.evaluate(FOCUS) != "kz-table-root"
    while page.get_by_test_id("next-step").is_enabled():
        before = step.inner_text()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("t => document.querySelector('.kz-panel-review .kz-panel-title')"
                               ".textContent !== t", arg=before)
    last = step.inner_text()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("t => document.querySelector('.kz-panel-review .kz-panel-title')"
                           ".textContent !== t", arg=last)
    assert page.evaluate(CHOSEN) is None, "the arrow at the last step chose no card"
    assert page.evaluate(FOCUS) in ("prev-step", "next-step", "close")
    # the ring, shown by the keys, crosses neither the review's panel nor the keys line
    page.locator(TABLE).focus()
    _ring_crosses_nothing(page, "the review")

    page.evaluate(LISTEN)
    page.keyboard.press("Escape")
    page.locator(SUMMARY).wait_for()
    page.wait_for_function(f"() => ({FOCUS})() === 'review'")
    page.get_by_test_id("next").focus()
    page.keyboard.press("Enter")
    _said(page, "Раздача 2: сдаёте вы.")
    assert title not in page.evaluate(HEARD), "the result is said once"


def test_each_spoken_line_keeps_its_language_and_the_ring_crosses_nothing_in_either(
        page: Any, table_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_called_match(page, table_server)
    page.get_by_test_id("call-S").click()
    page.locator(PLAYABLE).first.wait_for()
    page.locator(TABLE).focus()
    page.keyboard.press("ArrowRight")
    _ring_crosses_nothing(page, "ru")
    page.wait_for_function(f"() => ({LINES})().some(([l, t]) => l === 'ru' && t.includes('пики'))")
    switch = page.get_by_test_id("lang")
    try:
        switch.click()
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        page.locator(TABLE).focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => ({LINES})().some(([l, t]) => l === 'en'"
                               " && t.startsWith('You: '))")
        lines = page.evaluate(LINES)
        assert all(lang == "ru" for lang, words in lines if "пики" in words), lines
        page.locator(PLAYABLE).first.wait_for()
        page.locator(TABLE).focus()
        page.keyboard.press("ArrowRight")
        _ring_crosses_nothing(page, "en")
    finally:
        page.get_by_test_id("lang").click()
        page.wait_for_function("() => document.documentElement.lang === 'ru'")
