"""The file buttons' focus ring and where the focus lands after a file: "Load a backup copy"
(My progress), "Open a set file" (Puzzles, the teacher's screen) and "Load results files" (the
teacher's screen) show the whole 3px ring when focused by the keys, at 100% and at 200% zoom
(the widget's box clips nothing); after a set file that cannot be read, the button has the focus
again and is in sight, and the error above it too where the window has room for both.

On the shared server; each test in a browser window of its own size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import TIMEOUT_MS, Server, close_as_a_tab

BUTTONS = (("section-progress", ("backup-upload",)),
           ("section-puzzles", ("puzzles-upload",)),
           ("section-teacher", ("teacher-open-set", "teacher-upload")))

# The focused element's ring (outline and its offset) and the ancestors that clip it: those
# whose overflow is not visible and whose box does not hold the element's grown by the ring.
RING = """(node) => {
  const style = getComputedStyle(node);
  const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const r = node.getBoundingClientRect();
  const cut = [];
  for (let e = node.parentElement; e && e !== document.body; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = e.getBoundingClientRect();
    if (q.left > r.left - ring + 0.5 || q.right < r.right + ring - 0.5
        || q.top > r.top - ring + 0.5 || q.bottom < r.bottom + ring - 0.5)
      cut.push(String(e.className).slice(0, 80) + ' (overflow ' + s.overflow + ')');
  }
  return {focused: node === document.activeElement, style: style.outlineStyle,
          width: style.outlineWidth, cut};
}"""

IN_SIGHT = """(node) => { const r = node.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight; }"""


def _window(browser: Any, server: Server, width: int, height: int, scale: int = 1) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=scale, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    page.goto(server.url)
    page.get_by_test_id("open-play").wait_for()
    return page


@pytest.fixture()
def windows(browser: Any, voila_server: Server) -> Iterator[list[Any]]:
    opened: list[Any] = []
    yield opened
    for page in opened:
        close_as_a_tab(page.context)


@pytest.mark.parametrize(("width", "height", "scale"), [(1280, 720, 1), (640, 360, 2)],
                         ids=["100%", "200%"])
def test_a_file_button_focused_by_the_keys_shows_its_whole_ring(
        browser: Any, voila_server: Server, windows: list[Any], width: int, height: int,
        scale: int) -> None:
    page = _window(browser, voila_server, width, height, scale)
    windows.append(page)
    for number, (section, testids) in enumerate(BUTTONS):
        if number:   # each section from a page loaded afresh (the first: the window's own)
            page.goto(voila_server.url)
        page.get_by_test_id(section).click()
        for testid in testids:
            button = page.get_by_test_id(testid)
            button.wait_for()
            page.wait_for_timeout(300)   # the new screen has taken the focus to its heading
            button.scroll_into_view_if_needed()
            page.keyboard.press("Shift")   # the keys, not the mouse: the ring shows
            button.focus()
            ring = button.evaluate(RING)
            assert ring["focused"] and (ring["style"], ring["width"]) == ("solid", "3px"), \
                (testid, ring)
            assert ring["cut"] == [], f"{testid}: the ring is cut off by {ring['cut']}"


@pytest.mark.parametrize(("height", "both"), [(720, False), (900, True)])
def test_after_a_set_file_that_cannot_be_read_the_focused_button_is_in_sight(
        browser: Any, voila_server: Server, windows: list[Any], tmp_path: Path, height: int,
        both: bool) -> None:
    """At 1280x720 the error (at the top of the puzzles' panel) and the button (below the
    tiles and the themes) do not fit in the window together: the button with the focus is in
    sight.  At 1280x900 they fit, and both are."""
    page = _window(browser, voila_server, 1280, height)
    windows.append(page)
    page.get_by_test_id("section-puzzles").click()
    button = page.get_by_test_id("puzzles-upload")
    button.wait_for()
    bad = tmp_path / "bad.txt"
    bad.write_text("hello, not a set file", encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(bad))
    error = page.locator(".kz-puzzles-menu [data-testid=error]")
    error.wait_for()
    page.wait_for_function("() => document.activeElement && "
                           "document.activeElement.dataset.testid === 'puzzles-upload'")
    page.wait_for_timeout(300)   # the page's scrolling has settled
    assert button.evaluate(IN_SIGHT), "the button with the focus is in sight"
    # the menu grows with the sets kept by earlier tests on this server: both are asked for only
    # where they fit in the window together
    span = page.evaluate("""([e, b]) => b.getBoundingClientRect().bottom
                            - e.getBoundingClientRect().top""",
                         [error.element_handle(), button.element_handle()])
    if both and span <= height:
        assert error.evaluate(IN_SIGHT), "the error is in sight too"
