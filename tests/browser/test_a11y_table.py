"""The card table for the keyboard and a screen reader, in a real browser: the trump named by
the keys, the hand as a list of options, every card said with its player through one live
region, the dialogs shutting the felt (the toolbar stays in reach) and the pause closed by
Escape, the review's keys and its words for your card,
and the whole table in a short window (a laptop at 150% zoom).

A server of its own, whose progress file holds a saved match (trumps named, Gleb deals: the
learner names them first), written afresh before each page."""

from __future__ import annotations

from typing import Any

import pytest

from kozel_tutor.cards import CARDS, Card

from .conftest import Server, open_called_match
from .helpers import PLAYABLE, SUMMARY

TABLE = ".kz-table-root"
SAID = "() => [...document.querySelectorAll('[data-testid=spoken] p')].map(p => p.textContent)"
# The live region keeps its last four lines; everything said since LISTEN ran, in order (on a busy
# machine the AI's next cards may push the learner's own out before the test reads the region).
LISTEN = """() => {
  const region = document.querySelector('[data-testid=spoken]');
  window.kzHeard = [...region.querySelectorAll('p')].map(p => p.textContent);
  new MutationObserver(changes => changes.forEach(change => change.addedNodes.forEach(
    node => window.kzHeard.push(node.textContent)))).observe(region, { childList: true });
}"""
HEARD = "() => window.kzHeard"
# Every card the trick shows from now on, as [role, name, card] of its slot, taken at each
# redraw: at this server's quick pace a whole trick can come and go between two looks of a
# waiting test on a busy machine (seen: its four cards on the table for 170 ms).
RECORD_SLOTS = """() => {
  window.kzSlots = [];
  const record = () => document.querySelectorAll('[data-testid=trick] .kz-slot').forEach(e =>
    window.kzSlots.push([e.getAttribute('role'), e.getAttribute('aria-label'),
                         e.querySelector('[data-card]').dataset.card]));
  new MutationObserver(record).observe(document.querySelector('.kz-table-root'),
                                       { childList: true, subtree: true });
}"""
FOCUS = ("() => { const a = document.activeElement;"
         " return a ? (a.dataset.testid || a.className) : null; }")


def _focus(page: Any) -> str | None:
    found = page.evaluate(FOCUS)
    return None if found is None else str(found)


def _play_to_the_summary(page: Any) -> None:
    while not page.locator(SUMMARY).count():
        page.locator(f"{PLAYABLE}, {SUMMARY}").first.wait_for()
        card = page.locator(PLAYABLE)
        if card.count():
            token = card.first.get_attribute("data-card")
            card.first.click()
            page.locator(f".kz-seat-S [data-card='{token}']").wait_for(state="detached")


def test_trumps_are_named_and_a_card_played_by_the_keys_and_every_card_is_said(
        page: Any, table_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_called_match(page, table_server)
    # the suits take the focus, and the keys line says how to name one (not "Enter plays it")
    page.wait_for_function(f"() => ({FOCUS})() === 'call-C'")
    keys = page.get_by_test_id("keys")
    assert keys.inner_text() == ("Клавиши: ← → — выбрать масть, Enter — назначить её козырем, "
                                 "H — подсказка.")
    page.evaluate("() => { document.querySelector('[data-testid=spoken]').kzFirst = true; }")
    page.keyboard.press("ArrowRight")
    assert _focus(page) == "call-S"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")              # hearts
    page.get_by_test_id("call").wait_for(state="detached")
    page.wait_for_function("() => document.activeElement?.classList.contains('kz-table-root')")
    page.wait_for_function(f"() => ({SAID})().some(t => t.includes('козыри — черви'))")
    assert keys.inner_text().startswith("Клавиши: ← → или 1–9 — выбрать карту, Enter")

    # the hand: a list of options; the arrows go from playable card to playable card
    page.locator(PLAYABLE).first.wait_for()
    hand = page.locator(".kz-seat-S [role=listbox]")
    assert hand.get_attribute("aria-label") == "Ваши карты"
    cards = page.locator(".kz-seat-S [role=option]").evaluate_all(
        "els => els.map(e => [e.dataset.card, !!e.dataset.playable,"
        " e.getAttribute('aria-disabled')])")
    playable = [token for token, ok, _ in cards if ok]
    assert all((off == "true") != ok for _, ok, off in cards), "the others are marked unplayable"
    chosen = []
    for _ in range(len(playable) + 1):
        page.keyboard.press("ArrowRight")
        active = page.locator(TABLE).get_attribute("aria-activedescendant")
        option = page.locator(f"[id='{active}']")
        assert option.get_attribute("aria-selected") == "true"
        chosen.append(str(option.get_attribute("data-card")))
    assert chosen == [*playable, playable[0]], "only the cards that may be played, round again"
    assert page.locator("[aria-selected=true]").count() == 1
    page.evaluate(LISTEN)
    page.keyboard.press("Enter")
    card = Card.parse(chosen[-1])
    page.locator(f".kz-seat-S [data-card='{card.token}']").wait_for(state="detached")

    # every card is said with its player, then who took the trick, through one live region
    page.wait_for_function(f"() => ({HEARD})().join(' ').includes('забирает взятку')"
                           f" || ({HEARD})().join(' ').includes('забираете взятку')")
    said = " ".join(page.evaluate(HEARD))
    assert f"Вы: {card.name_in('ru')}." in said
    assert any(f"{name}: " in said for name in ("Фёдор", "Нина", "Глеб"))
    assert "думает" not in said
    assert page.evaluate("() => document.querySelector('[data-testid=spoken]').kzFirst") is True, \
        "the live region is never redrawn"
    assert page.locator("[data-testid=status]").get_attribute("aria-live") is None, \
        "the status line is not a second live region"


def test_the_cards_on_the_table_are_named_with_their_players(page: Any,
                                                             table_server: Server) -> None:
    open_called_match(page, table_server)
    page.get_by_test_id("call-S").click()
    page.locator(PLAYABLE).first.wait_for()
    trick = page.get_by_test_id("trick")
    assert (trick.get_attribute("role"), trick.get_attribute("aria-label")) == (
        "group", "Карты на столе")
    page.evaluate(RECORD_SLOTS)
    page.locator(PLAYABLE).first.click()
    page.wait_for_function("() => window.kzSlots.some(([, label]) => label.startsWith('Вы: '))")
    for role, label, token in page.evaluate("() => window.kzSlots"):
        assert role == "img"
        seat, name = label.split(": ")
        assert seat in ("Вы", "Фёдор", "Нина", "Глеб") and name == Card.parse(token).name_in("ru")


def test_the_pause_menu_is_a_dialog_over_the_felt_that_escape_closes(
        page: Any, table_server: Server) -> None:
    open_called_match(page, table_server)
    page.get_by_test_id("menu").click()
    dialog = page.get_by_role("dialog", name="Пауза")
    dialog.wait_for()
    # it shuts the felt, not the toolbar above (the mouse reaches it, so do the keys): no aria-modal
    assert dialog.get_attribute("aria-modal") is None
    page.wait_for_function(f"() => ({FOCUS})() === 'resume'")
    assert page.get_by_test_id("keys").inner_text() == (
        "Клавиши: Tab — от кнопки к кнопке, Esc — вернуться к игре.")
    inside = {"home", "new-game", "resume", *page.locator(".kz-tools button:not([disabled])")
              .evaluate_all("els => els.map(e => e.dataset.testid)")}
    for key in ("Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab"):
        page.keyboard.press(key)
        assert _focus(page) in inside, f"{key} went behind the dialog"
    assert page.locator(".kz-seat-S").evaluate("e => e.inert"), "the table behind is shut"
    page.keyboard.press("Escape")
    dialog.wait_for(state="detached")
    page.get_by_test_id("call").wait_for()
    page.wait_for_function("() => document.querySelector('.kz-table-root')"
                           ".contains(document.activeElement)")


def test_the_review_steps_by_the_arrows_marks_your_card_in_words_and_escape_closes_it(
        page: Any, table_server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_called_match(page, table_server)
    page.get_by_test_id("call-H").click()
    _play_to_the_summary(page)
    summary = page.get_by_role("dialog").first
    assert summary.get_attribute("aria-modal") is None and summary.get_attribute(
        "aria-labelledby")
    page.get_by_test_id("review").focus()
    page.keyboard.press("Enter")
    title = page.locator(".kz-panel-review .kz-panel-title")
    title.wait_for()
    # the review took the focus (its step button), not the page's <body>
    page.wait_for_function(f"() => ({FOCUS})() === 'next-step'")
    assert page.get_by_test_id("keys").inner_text() == (
        "Клавиши: ← → — ваша предыдущая или следующая карта, Esc — закрыть разбор.")
    page.locator("[data-testid=review-table] .kz-row-tag").wait_for()
    played = page.locator("[data-testid=review-table] tr.kz-row-played, "
                          "[data-testid=review-table] tr.kz-row-played-best")
    assert played.count() == 1 and "ваша карта" in played.inner_text()
    # the mini card and its label are hidden from a screen reader, which hears the card's name
    cell = played.locator("td").first
    said = cell.locator(".kz-said").text_content() or ""
    assert said.split(" — ")[0] in {c.name_in("ru") for c in CARDS}
    assert cell.locator(".kz-card[aria-hidden=true], .kz-mini[aria-hidden=true]").count() == 1
    mark = page.locator(".kz-seat-S [data-mark=played]")
    assert mark.locator(".kz-card-tag").inner_text() == "ваша карта"
    first = title.inner_text()
    page.wait_for_function(f"t => ({SAID})().some(s => s.startsWith(t))", arg=first)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("t => document.querySelector('.kz-panel-review .kz-panel-title')"
                           ".textContent !== t", arg=first)
    second = title.inner_text()
    assert "2 из" in second
    page.wait_for_function(f"t => ({SAID})().some(s => s.startsWith(t))", arg=second)
    # the keyboard's choice and the card you played look different
    rings = page.evaluate("""() => {
        const played = document.querySelector('.kz-seat-S [data-mark=played]');
        return getComputedStyle(played).boxShadow; }""")
    assert "rgb(42, 125, 225)" in rings
    page.keyboard.press("Escape")
    page.locator(SUMMARY).wait_for()
    page.wait_for_function(f"() => ({FOCUS})() === 'review'")   # the button that opened it


def test_the_chosen_card_has_a_ring_that_stands_out_on_the_felt(page: Any,
                                                               table_server: Server) -> None:
    open_called_match(page, table_server)
    page.get_by_test_id("call-C").click()
    page.locator(PLAYABLE).first.wait_for()
    page.locator(TABLE).focus()
    page.keyboard.press("ArrowRight")
    ring = page.evaluate("""() => {
        const s = getComputedStyle(document.querySelector('.kz-selected'));
        return [s.outlineColor, s.outlineStyle, parseFloat(s.outlineWidth),
                parseFloat(s.outlineOffset)]; }""")
    assert ring[:2] == ["rgb(255, 255, 255)", "solid"] and ring[2] >= 3 and ring[3] > 0
    root = page.evaluate("""() => {
        const s = getComputedStyle(document.querySelector('.kz-table-root'));
        return [s.outlineColor, s.outlineStyle, parseFloat(s.outlineOffset)]; }""")
    # dark blue, drawn inside the table's edge, where no output box around it can clip it
    assert root[:2] == ["rgb(23, 74, 140)", "solid"] and root[2] < 0, root


@pytest.mark.parametrize("width, height", [(911, 512), (853, 480)])
def test_the_whole_table_fits_a_laptop_window_at_150_percent(
        page: Any, table_server: Server, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_called_match(page, table_server)
    page.get_by_test_id("call-D").click()
    page.locator(PLAYABLE).first.wait_for()
    bottoms = page.evaluate("""() => Object.fromEntries(['.kz-seat-S .kz-card',
        '.kz-seat-S .kz-plate', '[data-testid=keys]', '.kz-felt', '.kz-topbar'].map(s => [s,
        Math.max(...[...document.querySelectorAll(s)].map(e => e.getBoundingClientRect().bottom))
        ]))""")
    for what, bottom in bottoms.items():
        assert bottom <= height, f"{what} ends at {bottom:.0f}, below the {height} px window"
    width_of_card = page.locator(".kz-seat-S .kz-card").first.bounding_box()["width"]
    assert width_of_card >= 44, "the cards stay readable"
