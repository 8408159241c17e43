"""The app's screens for the keyboard and a screen reader, in a real browser: the focus after a
screen changes, the settings' option groups (named, one Tab stop, moved by the arrows, their
meanings readable without a mouse), and buttons that say what they are and in which language."""

from __future__ import annotations

from typing import Any

from .helpers import open_home

ACTIVE = """() => { const a = document.activeElement;
    return a ? [a.tagName, a.dataset.testid || '', a.textContent.trim()] : null; }"""


def _active(page: Any) -> list[str]:
    return [str(x) for x in page.evaluate(ACTIVE) or []]


def _wait_active(page: Any, tag: str, testid: str = "") -> None:
    page.wait_for_function(
        "([tag, testid]) => { const a = document.activeElement;"
        " return a && a.tagName === tag && (a.dataset.testid || '') === testid; }",
        arg=[tag, testid])


def test_the_focus_goes_to_each_new_screen_and_home_gives_back_the_tile_that_left_it(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    _wait_active(page, "H1")                      # not the page's <body>
    page.get_by_test_id("section-lessons").click()
    page.get_by_test_id("lessons").wait_for()
    _wait_active(page, "H1")
    assert _active(page)[2] in ("Уроки", "Lessons")
    page.keyboard.press("Tab")
    assert _active(page)[1] == "lessons-home", "Tab goes on from the heading"
    page.keyboard.press("Enter")
    page.get_by_test_id("home").wait_for()
    _wait_active(page, "BUTTON", "section-lessons")


def test_each_option_group_is_one_named_tab_stop_whose_arrows_move_the_choice(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    page.get_by_test_id("open-play").click()
    page.get_by_test_id("settings").wait_for()
    groups = page.locator("[role=radiogroup]").evaluate_all(
        "els => els.map(e => document.getElementById(e.getAttribute('aria-labelledby'))"
        "?.textContent)")
    assert groups and all(groups), "every group is named by its label"
    assert page.get_by_role("radiogroup", name=groups[1]).count() == 1
    stops = page.locator("[role=radiogroup]").evaluate_all(
        "els => els.map(g => [...g.querySelectorAll('[role=radio]')].filter(r => r.tabIndex === 0)"
        ".map(r => r.getAttribute('aria-checked')))")
    assert all(stop == ["true"] for stop in stops), "one Tab stop a group: its choice"
    page.get_by_test_id("deck-36").click()
    page.locator("[data-testid='deck-36'][aria-checked='true']").wait_for()
    page.get_by_test_id("deck-36").focus()
    page.keyboard.press("ArrowRight")
    page.locator("[data-testid='deck-32'][aria-checked='true']").wait_for()
    _wait_active(page, "BUTTON", "deck-32")       # the focus went with the choice, not to <body>
    page.keyboard.press("ArrowLeft")
    page.locator("[data-testid='deck-36'][aria-checked='true']").wait_for()
    _wait_active(page, "BUTTON", "deck-36")
    page.keyboard.press("Space")                  # the option already chosen: nothing moves
    page.wait_for_timeout(300)
    assert _active(page)[1] == "deck-36"
    page.keyboard.press("Tab")
    assert not _active(page)[1].startswith("deck-"), "Tab leaves the group"


def test_what_each_choice_means_is_written_out_for_the_keyboard_and_touch(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    page.get_by_test_id("open-play").click()
    page.get_by_test_id("settings").wait_for()
    more = page.get_by_test_id("level-explained")
    assert more.get_attribute("aria-label") in ("Что значит каждый вариант: Уровень соперников",
                                                "What each choice means: Opponents' level")
    notes = page.locator(f"[id='{more.get_attribute('aria-controls')}']")
    assert not notes.is_visible(), "no room taken until asked"
    more.focus()
    page.keyboard.press("Enter")
    notes.wait_for()
    assert more.get_attribute("aria-expanded") == "true"
    options = page.locator("[data-testid^='level-'][role=radio]")
    for i in range(options.count()):
        option = options.nth(i)
        note = page.locator(f"[id='{option.get_attribute('aria-describedby')}']")
        assert note.inner_text() == option.get_attribute("title"), "its description, in sight"
        assert note.is_visible()


def test_buttons_say_their_words_plainly_and_in_their_own_language(
        page: Any, voila_server: Any) -> None:
    open_home(page, voila_server.url)
    lang = page.locator(".kz-panel-root").first.get_attribute("lang")
    assert page.evaluate("() => document.documentElement.lang") == lang
    switch = page.get_by_test_id("lang")
    assert switch.get_attribute("lang") == ("en" if lang == "ru" else "ru")
    tile = page.get_by_test_id("section-lessons")
    assert tile.locator(".kz-tile-icon").get_attribute("aria-hidden") == "true"
    label = tile.locator(".kz-btn-label").inner_text()
    assert page.get_by_role("button", name=label, exact=True).count() == 1, \
        "a tile is named by its label, without its picture or its explanation"
    hint = page.locator(".kz-tile.kz-primary .kz-tile-hint").first
    assert hint.evaluate("e => getComputedStyle(e).opacity") == "1", \
        "white on the red or green tile at full strength (4.5:1 and more)"
    page.get_by_test_id("section-lessons").click()
    home = page.get_by_test_id("lessons-home")
    home.wait_for()
    box = home.bounding_box()
    assert box is not None and box["height"] <= 40, "«← Домой» on one line (34 px, not 52)"
