"""The teacher's screen in Voila and Chromium: its polite live region says what an action did
(puzzles added, a puzzle removed), the question before the set is cleared describes *Cancel*
(its description in the accessibility tree) and Escape answers it; downloading the set file
hands the set out, so that removing a puzzle afterwards is said to make another set; the
app offers to try the set here, for the teacher alone; and the file saved opens again on the
screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .helpers import button_description, open_home

ITEM = "[data-testid='teacher-item']"
SPOKEN = "[data-testid='teacher-spoken']"
RESHARE = ("Набор изменён после того, как вы его раздали: это уже другой набор — раздайте его "
           "заново; ответы на старый придут отдельно.")


def _empty_screen(page: Any, url: str) -> None:
    """The teacher's screen with no set and no files (the server's store is shared by the
    browser tests)."""
    open_home(page, url)
    page.get_by_test_id("section-teacher").click()
    page.get_by_test_id("teacher").wait_for()
    page.locator(".kz-teacher-clear").wait_for()
    if page.locator(".kz-teacher-clear-results").count():
        page.locator(".kz-teacher-clear-results").click()
        page.locator(".kz-teacher-clear-results-yes").click()   # it asks first
        page.locator("[data-testid='teacher-file']").first.wait_for(state="detached")
    if not page.locator(".kz-teacher-clear").is_disabled():
        page.locator(".kz-teacher-clear").click()
        page.locator(".kz-teacher-clear-yes").click()
        page.locator(ITEM).first.wait_for(state="detached")


def _spoken(page: Any, words: str) -> None:
    page.wait_for_function("w => document.querySelector(\"[data-testid='teacher-spoken']\")"
                           ".textContent.includes(w)", arg=words)


def test_the_teacher_hears_what_happened_and_is_told_a_changed_set_is_another(
        page: Any, voila_server: Any, tmp_path: Path) -> None:
    _empty_screen(page, voila_server.url)
    region = page.locator(SPOKEN)
    assert region.get_attribute("role") == "status"
    assert region.get_attribute("aria-live") == "polite"

    page.locator(".kz-teacher-add").click()
    _spoken(page, "Добавлено задач: 10, всего в наборе: 10.")

    # clearing asks: the question is Cancel's description, and Escape answers Cancel
    page.locator(".kz-teacher-clear").click()
    page.get_by_test_id("teacher-clear-ask").wait_for()
    page.wait_for_function("() => document.activeElement.textContent === 'Отмена'")
    assert button_description(page, "Отмена") == (
        "Убрать из набора все задачи (10), и ваши собственные позиции тоже? Вернуть их будет "
        "нельзя.")
    page.keyboard.press("Escape")
    page.get_by_test_id("teacher-clear-ask").wait_for(state="hidden")
    assert page.locator(ITEM).count() == 10
    page.wait_for_function("() => document.activeElement.textContent === 'Очистить набор'")

    # the set file downloaded: the set is handed out; a puzzle removed makes another set
    page.locator(".kz-teacher-title input").fill("Домашка 12")
    page.locator(".kz-teacher-title input").press("Enter")
    download = page.locator("[data-testid='teacher-download'][download='Домашка 12.json']")
    with page.expect_download() as saving:
        download.click()
    saved = tmp_path / "Домашка 12.json"
    saving.value.save_as(saved)
    # the page put the set's id in the hidden field; Python took it, and empties the field
    page.wait_for_function("() => document.querySelector('.kz-teacher-handed input')"
                           ".value === ''")
    assert page.get_by_test_id("teacher-reshare").count() == 0
    page.locator(".kz-teacher-remove").first.click()
    page.get_by_test_id("teacher-reshare").wait_for()
    assert page.get_by_test_id("teacher-reshare").inner_text() == RESHARE
    _spoken(page, "осталось в наборе: 9. " + RESHARE)

    # the app offers to try the set here, for the teacher alone
    page.locator("[data-testid='teacher-local'] summary").click()
    assert "Ученикам её не давайте" in page.get_by_test_id("teacher-local").inner_text()
    assert page.get_by_test_id("teacher-local-open").evaluate("a => a.href").startswith(
        voila_server.url + "?set=")

    # the set file saved opens again on the screen, to go on with
    _empty_screen(page, voila_server.url)
    assert page.get_by_test_id("teacher-reshare").count() == 0
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("teacher-open-set").click()
    chooser.value.set_files(str(saved))
    page.get_by_test_id("teacher-opened").wait_for()
    page.locator(ITEM).nth(9).wait_for()   # the rows drawn after the message
    assert page.locator(ITEM).count() == 10
    assert page.locator(".kz-teacher-title input").input_value() == "Домашка 12"
    _spoken(page, "Открыт набор «Домашка 12» из файла Домашка 12.json: задач 10.")

    _empty_screen(page, voila_server.url)   # leaves the store as it found it
