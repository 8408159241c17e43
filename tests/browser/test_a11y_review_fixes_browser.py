"""Accessibility review of the screens that are not the card table, in a real browser: what a
screen reader hears from the backup copy, the search for drills and a slow press; the lessons'
language switch; forced colours (Windows' high-contrast themes); accessible names without the
arrows drawn beside them; the focus ring of the link that reopens the app.

On the shared server, in Russian before and after each test (the language is the server's)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import leave_in_russian
from .helpers import open_home_in_russian

# everything a panel's live region says from now on, read back from window.kzHeard
LISTEN = """(selector) => {
  const region = document.querySelector(selector);
  window.kzHeard = [];
  new MutationObserver(changes => changes.forEach(change => change.addedNodes.forEach(
    node => window.kzHeard.push(node.textContent)))).observe(region, { childList: true });
}"""
HEARD = "() => window.kzHeard"
BACKUP_VOICE = ".kozel-backup-header [data-testid=panel-spoken]"
MENU_VOICE = ".kz-puzzles-menu [data-testid=panel-spoken]"
HOME_VOICE = ".kz-panel-host:has(> [data-testid=home]) > [data-testid=panel-spoken]"
ARROWS = re.compile("[\u2190-\u21ff\u27a1\u2b05-\u2b07]")


@pytest.fixture()
def russian(page: Any, voila_server: Any) -> Iterator[Any]:
    """The page on the home screen, the app in Russian before and after."""
    open_home_in_russian(page, voila_server.url)
    yield page
    leave_in_russian(voila_server)


def _heard_settles(page: Any, count: int) -> list[str]:
    """What the region said, once it has said ``count`` lines and a moment has passed (to
    hear a line said twice)."""
    page.wait_for_function(f"() => window.kzHeard.length >= {count}")
    page.wait_for_timeout(700)
    return [str(line) for line in page.evaluate(HEARD)]


def test_the_backup_copys_result_is_said_once_and_its_error_looks_like_one(
        russian: Any, tmp_path: Path) -> None:
    page = russian
    page.get_by_test_id("section-progress").click()
    page.get_by_test_id("backup-download").wait_for()
    page.evaluate(LISTEN, BACKUP_VOICE)
    bad = tmp_path / "bad.json"
    bad.write_text("not a backup copy", encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("backup-upload").click()
    chooser.value.set_files(str(bad))
    error = page.get_by_test_id("backup-error")
    error.wait_for()
    heard = _heard_settles(page, 1)
    assert heard == [" ".join(error.inner_text().split())], "said once, as shown"
    assert heard[0].startswith("Файл не загружен, ваш прогресс не изменился.")
    assert error.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(252, 235, 234)", \
        "the home screen's notice colours"
    assert error.evaluate("e => getComputedStyle(e).borderLeftWidth") == "5px"

    # the server's own progress, saved and loaded back: nothing changes for the other tests
    with page.expect_download() as download:
        page.get_by_test_id("backup-download").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("backup-upload").click()
    chooser.value.set_files(str(saved))
    page.locator(".kozel-backup-confirm-yes").click()   # the screen asks first
    page.get_by_test_id("backup-ok").wait_for()
    heard = _heard_settles(page, 2)
    assert len(heard) == 2 and heard[1].startswith("Прогресс загружен из файла")
    assert "кнопки «Домой» больше нет" in heard[1]
    assert "«Открыть приложение с этим прогрессом»" in heard[1]
    assert page.get_by_test_id("backup-home").count() == 0

    # the link that reopens the app has the app's focus ring, not the browser's thin one
    page.get_by_test_id("backup-upload").focus()
    for _ in range(6):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.testid") == "backup-reopen":
            break
    link = page.get_by_test_id("backup-reopen")
    assert link.evaluate("e => e === document.activeElement")
    ring = link.evaluate("e => [getComputedStyle(e).outlineStyle,"
                         " getComputedStyle(e).outlineWidth]")
    assert ring == ["solid", "3px"]


def test_the_lessons_list_switches_the_language_like_every_screen(russian: Any) -> None:
    page = russian
    page.get_by_test_id("section-lessons").click()
    lessons = page.get_by_test_id("lessons")
    lessons.wait_for()
    switch = lessons.get_by_test_id("lang")
    assert switch.inner_text() == "English" and switch.get_attribute("lang") == "en"
    switch.click()
    page.get_by_role("heading", name="Lessons", exact=True).wait_for()
    assert lessons.get_by_test_id("lessons-home").inner_text() == "← Home"
    # the focus stays on the switch, now in the other language
    page.wait_for_function("document.activeElement.dataset.testid === 'lang'")
    lessons.get_by_test_id("lang").click()
    page.get_by_role("heading", name="Уроки", exact=True).wait_for()


CHOICES = """() => [...document.querySelectorAll('[role=radiogroup]')].map(group => {
  const look = e => { const s = getComputedStyle(e); return [s.backgroundColor, s.color]; };
  return {
    chosen: look(group.querySelector('[aria-checked=true]')),
    others: [...group.querySelectorAll('[aria-checked=false]')].map(look),
  };
})"""


def test_forced_colours_keep_the_chosen_option_and_the_main_button_apart(russian: Any) -> None:
    page = russian
    page.emulate_media(forced_colors="active")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    border = "e => parseFloat(getComputedStyle(e).borderTopWidth)"
    tiles = page.locator(".kz-tile")
    primary = page.locator(".kz-tile.kz-primary").first
    plain = page.locator(".kz-tile:not(.kz-primary)").first
    assert tiles.count() > 1
    assert primary.evaluate(border) >= plain.evaluate(border) + 2, "the tile to press first"
    page.get_by_test_id("open-play").click()
    page.get_by_test_id("settings").wait_for()
    groups = page.evaluate(CHOICES)
    assert len(groups) >= 4
    for group in groups:
        for other in group["others"]:
            assert group["chosen"][0] != other[0], "the chosen option keeps a fill of its own"
            assert group["chosen"][1] != other[1]
    assert page.get_by_test_id("play").evaluate(border) >= \
        page.get_by_test_id("back").evaluate(border) + 2, "Play, the main button"
    page.emulate_media(forced_colors="none")


def _arrowed_names(page: Any) -> list[str]:
    """The buttons and links on screen whose accessible name holds an arrow."""
    snapshot = page.locator("body").aria_snapshot()
    return [line.strip() for line in snapshot.splitlines()
            if re.match(r"\s*- (button|link)\b", line) and ARROWS.search(line)]


def test_accessible_names_leave_out_the_arrows_drawn_beside_the_words(russian: Any) -> None:
    page = russian
    page.get_by_test_id("section-lessons").click()
    home = page.get_by_test_id("lessons-home")
    home.wait_for()
    assert home.inner_text() == "← Домой", "the arrow is still drawn"
    assert page.get_by_role("button", name="Домой", exact=True).count() == 1
    assert _arrowed_names(page) == []
    home.click()
    page.get_by_test_id("open-play").click()
    page.get_by_test_id("settings").wait_for()
    assert page.get_by_role("button", name="Домой", exact=True).count() == 1
    assert _arrowed_names(page) == []
    page.get_by_test_id("back").click()
    page.get_by_test_id("section-progress").click()
    page.get_by_test_id("backup-download").wait_for()
    assert page.get_by_role("link", name="Сохранить резервную копию", exact=True).count() == 1
    assert _arrowed_names(page) == []
    page.get_by_test_id("backup-home").click()
    page.get_by_test_id("section-puzzles").click()
    page.get_by_test_id("puzzles-dashboard").click()
    page.get_by_test_id("puzzles-back").wait_for()
    assert page.get_by_role("button", name="К задачам", exact=True).count() == 1
    assert _arrowed_names(page) == []


def test_the_search_for_drills_is_said_once_and_not_again_as_its_tiles_description(
        russian: Any) -> None:
    page = russian
    page.get_by_test_id("section-puzzles").click()
    tile = page.get_by_test_id("puzzles-mine")
    tile.wait_for()
    page.evaluate(LISTEN, MENU_VOICE)
    tile.click()
    # the search is over when the tile's line is no longer "Analysing deal i of n…"
    page.wait_for_function(
        "() => { const t = document.querySelector('[data-testid=puzzles-mine]');"
        " const line = t && t.querySelector('.kz-tile-hint');"
        " return line && !line.textContent.endsWith('…') && !t.classList.contains('kz-busy')"
        " && (window.kzHeard || []).includes(line.textContent); }", timeout=120_000)
    page.wait_for_timeout(700)
    heard = [str(line) for line in page.evaluate(HEARD)]
    line = tile.locator(".kz-tile-hint").inner_text()
    assert heard[-1] == line and heard.count(line) == 1, "the result, said once"
    assert len(heard) == len(set(heard)), "each step said once"
    assert page.evaluate("document.activeElement.dataset.testid") == "puzzles-mine"
    # the tile's line is not its description too: a screen reader would say it twice
    assert tile.get_attribute("aria-describedby") is None
    assert tile.get_attribute("title") is None


def test_a_press_that_takes_long_says_that_it_is_working(russian: Any) -> None:
    page = russian
    # the press never reaches Python: the tile waits as it would for a slow screen
    page.evaluate("""() => {
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (data) {
        const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
        if (text.includes('section:achievements')) return;
        return send.call(this, data);
      };
    }""")
    page.evaluate(LISTEN, HOME_VOICE)
    started = time.monotonic()
    page.get_by_test_id("section-achievements").click()
    page.wait_for_function("() => window.kzHeard.length >= 1", timeout=5000)
    assert time.monotonic() - started >= 0.9, "a quick screen says nothing"
    label = page.get_by_test_id("section-achievements").locator(".kz-btn-label").inner_text()
    assert page.evaluate(HEARD) == [f"{label}: подождите…"]
    assert page.get_by_test_id("section-achievements").get_attribute("aria-busy") == "true"
