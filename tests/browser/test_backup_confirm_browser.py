"""The backup screen in Voila and Chromium asks before a file replaces the progress.

A backup copy chosen with the real file chooser brings up the question: what the file will
replace, Cancel focused and describing it to a screen reader; Escape answers Cancel and nothing
is written (no copy of the progress kept beside the database).  Chosen again and confirmed, the
file loads, and the screen offers the progress it replaced as a download.

On the shared server, in Russian; the file loaded is the server's own progress, saved just
before, so the other tests find their progress as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .helpers import (
    button_description,
    choose_backup,
    download_backup,
    open_home_in_russian,
)

CANCEL = ".kozel-backup-confirm-no"
LOAD = ".kozel-backup-confirm-yes"
FOCUSED_CANCEL = ("() => document.activeElement !== null"
                  " && document.activeElement.matches('.kozel-backup-confirm-no')")


def test_loading_a_backup_asks_first_cancel_keeps_everything_and_yes_loads(
        page: Any, voila_server: Any, tmp_path: Path) -> None:
    open_home_in_russian(page, voila_server.url)
    page.get_by_test_id("section-progress").click()
    saved = download_backup(page, tmp_path)
    copies = set(Path(voila_server.home).glob("progress-before-import-*.json"))

    # chosen: the question, Cancel focused and described by it; nothing loaded yet
    choose_backup(page, saved)
    ask = page.get_by_test_id("backup-ask")
    ask.wait_for()
    assert ask.inner_text().startswith("Загрузить прогресс из файла, сохранённого ")
    assert "настройки" in page.get_by_test_id("backup-ask-parts").inner_text()
    page.wait_for_function(FOCUSED_CANCEL)
    assert page.locator(CANCEL).inner_text() == "Отмена"
    assert button_description(page, "Отмена").startswith(
        "Загрузить прогресс из файла, сохранённого ")
    assert page.get_by_test_id("backup-ok").count() == 0

    # Escape answers Cancel: nothing is loaded, nothing kept, and the screen says so
    page.keyboard.press("Escape")
    ask.wait_for(state="hidden")
    assert page.get_by_test_id("backup-cancelled").inner_text() == (
        "Файл не загружен: ваш прогресс не изменился.")
    assert page.get_by_test_id("backup-ok").count() == 0
    assert set(Path(voila_server.home).glob("progress-before-import-*.json")) == copies
    assert page.get_by_test_id("backup-home").count() == 1, "the way home is still there"

    # chosen again and confirmed: loaded, and the progress it replaced offered as a file
    choose_backup(page, saved)
    ask.wait_for()
    page.wait_for_function(FOCUSED_CANCEL)
    page.locator(LOAD).click()
    page.get_by_test_id("backup-ok").wait_for()
    assert ask.is_hidden()
    [kept] = set(Path(voila_server.home).glob("progress-before-import-*.json")) - copies
    assert kept.name in page.get_by_test_id("backup-ok").inner_text()
    replaced = page.get_by_test_id("backup-replaced")
    assert replaced.inner_text().endswith("Сохранить прежний прогресс")
    with page.expect_download() as download:
        replaced.click()
    assert download.value.suggested_filename == kept.name
    got = tmp_path / "replaced.json"
    download.value.save_as(got)
    assert got.read_bytes() == kept.read_bytes()
    assert json.loads(got.read_bytes())["kind"] == "progress"
    kept.unlink()   # leaves the server's folder as it found it
