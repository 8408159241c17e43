"""The app under a finger and on a phone's narrow screen (390x844, a touch screen: Playwright's
emulation of a phone, ``has_touch`` and ``is_mobile``), against a desktop's window.

* The keys lines (the Play table's «Клавиши: ← → или 1–9 …», a puzzle's) name keys that a touch
  screen does not have: there they are not shown, and the table is not described by them to a
  screen reader either; on a desktop both stay.
* The teacher's catalogue list writes a long puzzle's line whole on a phone, over two or three
  lines, and on a desktop keeps each on one line, the list as wide as the longest.
* A wide table that scrolls sideways in its box (My progress, the puzzles' statistics, the
  gradebook) shows a shadow at the edge where more of it lies, and none at its ends.

On the shared server (the language it is in: nothing here switches it), and on the record
server for the tables that need a learner's record."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from .conftest import Server
from .helpers import open_home, start_game, wait_ready
from .test_gradebook_layout_browser import _results_for_the_set_on_screen
from .test_teacher_browser import ITEM, start_empty

# -- the keys lines ------------------------------------------------------------------------------

# the table's keys line: drawn, shown, and the table's description (its id in aria-describedby)
KEYS_LINE = """() => {
  const keys = document.querySelector('[data-testid=keys]');
  const root = document.querySelector('.kz-table-root');
  return {drawn: !!keys, shown: !!keys && keys.getClientRects().length > 0,
          describes: !!keys && root.getAttribute('aria-describedby') === keys.id};
}"""


def test_the_tables_keys_line_is_for_a_keyboard_not_a_touch_screen(
        phone: Any, page: Any, voila_server: Server) -> None:
    for screen, shown in ((phone, False), (page, True)):
        open_home(screen, voila_server.url)
        start_game(screen)
        assert wait_ready(screen) == "play"
        line = screen.evaluate(KEYS_LINE)
        assert line == {"drawn": True, "shown": shown, "describes": shown}, \
            ("a desktop" if shown else "a phone", line)
        if shown:
            assert "Enter" in screen.get_by_test_id("keys").inner_text()


def test_a_puzzles_keys_line_is_for_a_keyboard_not_a_touch_screen(
        phone: Any, page: Any, voila_server: Server) -> None:
    for screen, shown in ((phone, False), (page, True)):
        open_home(screen, voila_server.url)
        screen.get_by_test_id("section-puzzles").click()
        screen.get_by_test_id("puzzles-set-catalogue-e3").click()
        screen.get_by_test_id("puzzle-hint").wait_for()
        keys = screen.get_by_test_id("puzzle-keys")
        assert keys.count() == 1 and keys.is_visible() == shown, \
            "a desktop" if shown else "a phone"


# -- the teacher's catalogue list ------------------------------------------------------------

# the catalogue list: how far it scrolls sideways, its lines cut at its right edge, and the
# heights of its lines (one line's, or two and three lines')
PICK = """() => {
  const list = document.querySelector('.kz-teacher-pick select');
  const lines = [...list.options];
  return {sideways: list.scrollWidth - list.clientWidth,
          cut: lines.filter(o => o.scrollWidth > o.clientWidth + 1).map(o => o.text).slice(0, 5),
          heights: [...new Set(lines.map(o => Math.round(o.getBoundingClientRect().height)))],
          count: lines.length};
}"""


def _any_variant(screen: Any) -> Any:
    """Show every puzzle of the catalogue, the regional games' long titles too; returns the
    list of variants, to be put back."""
    variant = screen.locator(".kz-teacher .widget-dropdown select").nth(3)
    variant.select_option(index=0)   # «Любой» / "Any"
    screen.wait_for_function("() => document.querySelector('.kz-teacher-pick select')"
                             ".options.length > 400")
    return variant


def test_the_catalogue_list_writes_long_puzzles_whole_on_a_phone_and_one_a_line_on_a_desktop(
        phone: Any, page: Any, voila_server: Server) -> None:
    for screen, desktop in ((phone, False), (page, True)):
        open_home(screen, voila_server.url)
        screen.get_by_test_id("section-teacher").click()
        screen.locator(".kz-teacher-pick select").wait_for()
        variant = screen.locator(".kz-teacher .widget-dropdown select").nth(3)
        was = variant.input_value()
        _any_variant(screen)
        try:
            pick = screen.evaluate(PICK)
            where = "a desktop" if desktop else "a phone"
            assert pick["cut"] == [] and pick["sideways"] <= 1, (where, pick)
            if desktop:
                assert len(pick["heights"]) == 1, f"one line each on a desktop: {pick}"
            else:
                assert len(pick["heights"]) > 1, f"the long ones over lines on a phone: {pick}"
        finally:
            variant.select_option(was)


# -- a wide table's shadows --------------------------------------------------------------------

# The brightness of a screenshot (PNG, base64) at its left edge, in its middle and at its right
# edge (each the mean of a column of pixels), decoded by the browser.
EDGES = """async png => {
  const bytes = Uint8Array.from(atob(png), c => c.charCodeAt(0));
  const image = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const column = x => {
    let sum = 0;
    for (let y = 0; y < image.height; y++) {
      const i = (y * image.width + x) * 4;
      sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
    }
    return sum / image.height;
  };
  return [column(1), column(image.width >> 1), column(image.width - 2)];
}"""
# the box's words and lines made transparent: only what is drawn behind them is measured
BLANK = ("box => { box.setAttribute('data-kz-blank', ''); const style = document.createElement("
         "'style'); style.textContent = '[data-kz-blank], [data-kz-blank] * { color: transparent"
         " !important; border-color: transparent !important; text-shadow: none !important; }';"
         " document.head.append(style); }")
SHADE = 12   # how much darker an edge with more beyond it is than the box's middle, at least


def _edges(screen: Any, box: Any, scroll: str) -> list[float]:
    box.evaluate(f"box => {{ box.scrollLeft = {scroll}; }}")
    screen.wait_for_timeout(100)
    png = base64.b64encode(box.screenshot()).decode("ascii")
    return [float(v) for v in screen.evaluate(EDGES, png)]


def _shadows_say_more_beyond(screen: Any, box: Any, what: str) -> None:
    """``box`` scrolls sideways: at its start a shadow at its right edge only, at its end at its
    left edge only, in the middle at both."""
    assert box.evaluate("b => b.scrollWidth - b.clientWidth") > 20, f"{what} scrolls sideways"
    box.scroll_into_view_if_needed()
    box.evaluate(BLANK)
    left, middle, right = _edges(screen, box, "0")
    assert right < middle - SHADE and abs(left - middle) < 3, (what, "start", left, middle, right)
    left, middle, right = _edges(screen, box, "box.scrollWidth / 2 - box.clientWidth / 2")
    assert right < middle - SHADE and left < middle - SHADE, (what, "middle", left, middle, right)
    left, middle, right = _edges(screen, box, "box.scrollWidth")
    assert left < middle - SHADE and abs(right - middle) < 3, (what, "end", left, middle, right)


def test_on_a_phone_a_wide_table_shows_a_shadow_where_more_of_it_lies(
        phone: Any, record_server: Server) -> None:
    for presses, table in ((("section-achievements",), "achievements-matches-table"),
                           (("section-puzzles", "puzzles-dashboard"), "dashboard-table")):
        open_home(phone, record_server.url)
        for testid in presses:
            phone.get_by_test_id(testid).click()
        box = phone.get_by_test_id(table)
        box.wait_for()
        phone.wait_for_timeout(300)   # the page's widgets drawn
        _shadows_say_more_beyond(phone, box, table)


def test_on_a_phone_the_gradebooks_wide_table_shows_a_shadow_where_more_of_it_lies(
        phone: Any, voila_server: Server, tmp_path: Path) -> None:
    open_home(phone, voila_server.url)
    phone.get_by_test_id("section-teacher").click()
    start_empty(phone)
    phone.locator(".kz-teacher-add").click()
    phone.locator(ITEM).nth(9).wait_for()
    results = _results_for_the_set_on_screen(phone, tmp_path)
    with phone.expect_file_chooser() as chooser:
        phone.get_by_test_id("teacher-upload").click()
    chooser.value.set_files([str(results)])
    book = phone.get_by_test_id("gradebook")
    book.wait_for()
    try:
        box = book.locator(".kz-gb-scroll:has(table.kz-gb-puzzles)")
        _shadows_say_more_beyond(phone, box, "the gradebook's table of puzzles")
    finally:
        phone.locator(".kz-teacher-clear-results").click()
        phone.locator(".kz-teacher-clear-results-yes").click()   # it asks first
        book.wait_for(state="detached")
        start_empty(phone)
