"""Where the keyboard's focus goes as the backup screen's question goes, in Voila and Chromium.

A backup copy chosen with the real file chooser brings up the question, its Cancel focused.
Answered by the keys (Enter on Cancel, Escape, or Shift+Tab and Enter on "Load and replace"),
the question goes and the focus is back on the file button that chose the file, not on the
page's body (where a keyboard would start again from the top); what came of it is still read
out by the screen's voice.

On the shared server, in the language it is in; the file loaded is the server's own progress,
saved just before, so the other tests find their progress as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import choose_backup, download_backup, open_home

CANCEL = ".kozel-backup-confirm-no"
FOCUSED = ("sel => document.activeElement !== null && document.activeElement.matches(sel)")
UPLOAD = "[data-testid='backup-upload']"
# the backup screen's voice: what a screen reader hears (the panel's status region)
SPOKEN = "() => document.querySelector('.kozel-backup [data-testid=panel-spoken]')?.textContent"


def _choose(page: Any, file: Path) -> None:
    choose_backup(page, file)
    page.get_by_test_id("backup-ask").wait_for()
    page.wait_for_function(FOCUSED, arg=CANCEL)


def _heard(page: Any, testid: str) -> None:
    """What the screen shows under the button (``testid``) is what its voice said."""
    shown = page.get_by_test_id(testid).inner_text().strip()
    page.wait_for_function(f"shown => ({SPOKEN})()?.includes(shown)", arg=shown)


def test_after_cancel_escape_or_loading_the_focus_is_back_on_the_file_button(
        page: Any, voila_server: Any, tmp_path: Path) -> None:
    open_home(page, voila_server.url)
    page.get_by_test_id("section-progress").click()
    saved = download_backup(page, tmp_path)
    copies = set(Path(voila_server.home).glob("progress-before-import-*.json"))

    # Enter on Cancel: the question goes, the focus is on the file button, the outcome said
    _choose(page, saved)
    page.keyboard.press("Enter")
    page.get_by_test_id("backup-ask").wait_for(state="hidden")
    page.wait_for_function(FOCUSED, arg=UPLOAD)
    _heard(page, "backup-cancelled")

    # Escape answers Cancel: the same
    _choose(page, saved)
    page.keyboard.press("Escape")
    page.get_by_test_id("backup-ask").wait_for(state="hidden")
    page.wait_for_function(FOCUSED, arg=UPLOAD)

    # "Load and replace", by the keys: loaded, and the focus on the file button again
    _choose(page, saved)
    page.keyboard.press("Shift+Tab")
    page.wait_for_function(FOCUSED, arg=".kozel-backup-confirm-yes")
    page.keyboard.press("Enter")
    page.get_by_test_id("backup-ok").wait_for()
    page.wait_for_function(FOCUSED, arg=UPLOAD)
    _heard(page, "backup-ok")
    # and a keyboard goes on from there: Tab leaves the button for what follows it, not the top
    page.keyboard.press("Tab")
    assert not page.evaluate("() => document.activeElement === document.body")

    for kept in set(Path(voila_server.home).glob("progress-before-import-*.json")) - copies:
        kept.unlink()   # leaves the server's folder as it found it
