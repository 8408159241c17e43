"""The teacher's screen and the puzzles screen in the Voila app: the set's list with a remove
button per puzzle, the set file named after its title (as typed, Enter or not), a gradebook a
Russian teacher can read, with its files listed and kept after Home and back, and the app's
language switch on both screens, switching every word at once.  A catalogue puzzle looked at
and added with the keyboard alone, a question before the set is cleared, text boxes named by
their labels, the screen laid out at any width, and the link to this very app opening the set."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import ResultsSheet

from .conftest import leave_in_russian
from .helpers import open_home

CYRILLIC = re.compile("[А-Яа-яЁё]")
ITEM = "[data-testid='teacher-item']"


def _results_files(folder: Path) -> list[str]:
    """A student who answered 1 puzzle of a set of 4, right; one file that is not results.
    (The student's app was in English: the file names the set "Homework".)"""
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    chosen = sorted((p for p in unique.values() if p.cards == 3), key=lambda p: p.id)[:4]
    puzzle_set = PuzzleSet("browser-homework", Text("Домашка", "Homework"), puzzles=tuple(chosen))
    sheet = ResultsSheet.for_set("Anna", puzzle_set, "en")
    sheet.add(chosen[0], sorted(c.token for c in chosen[0].answers)[0], seconds=4, hints=0)
    sheet.save(folder / "anna.json")
    sheet.student = "Boris"
    sheet.save(folder / "boris.csv")
    (folder / "set.json").write_text(puzzle_set.to_json(), encoding="utf-8")
    return [str(folder / "anna.json"), str(folder / "set.json")]


def start_empty(page: Any) -> None:
    """The set the teacher left last time is kept, and so are the results files loaded (the
    server's store, shared by these tests): clear both first (the screen asks before clearing
    the set; with nothing in the set there is nothing to clear)."""
    page.locator(".kz-teacher-clear").wait_for()
    if page.locator(".kz-teacher-clear-results").count():
        page.locator(".kz-teacher-clear-results").click()
        page.locator(".kz-teacher-clear-results-yes").click()   # it asks first
        page.locator("[data-testid='teacher-file']").first.wait_for(state="detached")
    if page.locator(".kz-teacher-clear").is_disabled():
        return
    page.locator(".kz-teacher-clear").click()
    page.locator(".kz-teacher-clear-yes").click()
    page.locator(ITEM).first.wait_for(state="detached")


def open_teacher(page: Any, url: str) -> None:
    """The app at ``url``, its Teacher section, with an empty set (:func:`start_empty`)."""
    open_home(page, url)
    page.get_by_test_id("section-teacher").click()
    page.get_by_test_id("teacher").wait_for()
    start_empty(page)


def to_english(page: Any) -> None:
    if page.get_by_test_id("lang").inner_text() == "English":
        page.get_by_test_id("lang").click()
        page.get_by_text("Kozel", exact=True).wait_for()


@pytest.fixture()
def russian(page: Any, voila_server: Any) -> Iterator[Any]:
    """The page, with the app in Russian before and after (the language is remembered by the
    server's store, which the other browser tests share)."""
    yield page
    leave_in_russian(voila_server)


def test_the_teacher_lists_removes_names_grades_and_switches_language(
        russian: Any, voila_server: Any, tmp_path: Path) -> None:
    page = russian
    open_home(page, voila_server.url)
    page.get_by_test_id("section-teacher").click()
    page.get_by_test_id("teacher").wait_for()
    assert page.locator("[data-testid='lang']").count() == 1
    start_empty(page)

    page.locator(".kz-teacher-add").click()
    items = page.locator(ITEM)
    items.first.wait_for()
    assert items.count() == 10
    assert all("вариант: " in text for text in items.all_inner_texts())
    second = str(items.nth(1).get_attribute("data-puzzle"))
    third = str(items.nth(2).get_attribute("data-puzzle"))
    page.locator(".kz-teacher-remove").nth(1).click()
    page.get_by_text("В наборе задач: 9").wait_for()
    assert items.count() == 9
    assert page.locator(f"{ITEM}[data-puzzle='{second}']").count() == 0
    assert items.nth(1).get_attribute("data-puzzle") == third
    assert items.nth(1).inner_text().startswith("2. ")

    page.locator(".kz-teacher-title input").fill("Домашка 7: козыри")
    page.locator(".kz-teacher-title input").press("Enter")   # sent when done, not at each key
    page.locator("[data-testid='teacher-download'][download='Домашка 7 козыри.json']").wait_for()

    with page.expect_file_chooser() as chooser:  # the widget's file input is not in the page
        page.get_by_test_id("teacher-upload").click()
    chooser.value.set_files(_results_files(tmp_path))
    book = page.get_by_test_id("gradebook")
    book.wait_for()
    assert "Ученик" in book.inner_text() and "1 из 4" in book.inner_text()
    bad = page.get_by_test_id("teacher-bad-results")
    assert "set.json: это файл набора задач, а не результаты ученика" in bad.inner_text()

    # two files that fit the file button's 8 MiB one by one but not together: each is read
    # (in a message of its own) and named for what it is, neither called too large
    halves = [tmp_path / f"half-{n}.json" for n in (1, 2)]
    for half in halves:
        half.write_bytes(b" " * (4_500_000) + b"x")
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("teacher-upload").click()
    chooser.value.set_files([str(half) for half in halves])
    page.wait_for_function("() => /half-2/.test(document.querySelector("
                           "'[data-testid=teacher-bad-results]')?.textContent || '')")
    listed = bad.inner_text()
    assert "half-1.json" in listed and "half-2.json" in listed
    assert "слишком большой" not in listed

    page.get_by_test_id("lang").click()
    page.get_by_text("For teachers: puzzle sets").wait_for()
    page.get_by_text("Puzzles in the set: 9").wait_for()
    book.get_by_text("Student", exact=True).first.wait_for()   # the gradebook comes after
    screen = page.locator(".kz-teacher")
    shown = screen.inner_text().replace("Русский", "")
    assert not CYRILLIC.search(shown), CYRILLIC.findall(shown)
    assert "Remove" in shown and "1 of 4" in shown and "Student" in shown
    assert "variant: " in items.first.inner_text()

    page.get_by_test_id("lang").click()
    page.get_by_text("Учителю: наборы задач").wait_for()
    page.get_by_text("В наборе задач: 9").wait_for()
    book.get_by_text("Ученик", exact=True).first.wait_for()


def test_the_puzzles_screens_have_the_language_switch(russian: Any, voila_server: Any) -> None:
    page = russian
    open_home(page, voila_server.url)
    page.get_by_test_id("section-puzzles").click()
    page.get_by_test_id("puzzles-rated").wait_for()
    assert page.locator("[data-testid='lang']").count() == 1
    page.get_by_test_id("lang").click()
    page.get_by_test_id("puzzles-rated").get_by_text("Rated puzzles").wait_for()

    page.get_by_test_id("puzzles-rated").click()
    page.get_by_test_id("puzzle-title").wait_for()
    assert page.locator("[data-testid='lang']").count() == 1
    page.get_by_test_id("puzzles-back").get_by_text("← Puzzles").wait_for()
    page.get_by_test_id("lang").click()
    page.get_by_test_id("puzzles-back").get_by_text("← К задачам").wait_for()
    page.get_by_test_id("puzzle-goal").get_by_text("Цель").wait_for()
    page.get_by_test_id("puzzles-back").click()
    page.get_by_test_id("puzzles-rated").get_by_text("Задачи по рейтингу").wait_for()


def test_the_teacher_gets_words_for_a_bad_position_the_whole_link_and_the_apps_buttons(
        russian: Any, voila_server: Any) -> None:
    page = russian
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_home(page, voila_server.url)
    to_english(page)
    page.get_by_test_id("section-teacher").click()
    page.get_by_test_id("teacher").wait_for()
    start_empty(page)
    box = page.locator(".kz-teacher-position textarea")
    assert "RULES.md" not in str(box.get_attribute("placeholder"))
    page.locator(".kz-teacher-example").click()
    page.wait_for_function("() => document.querySelector('.kz-teacher-position textarea')"
                           ".value.includes('QC KS 6H')")
    box.fill(box.input_value().replace('"QC KS 6H",', '"QC KS 6H"'))
    page.locator(".kz-teacher-check").click()
    error = page.get_by_test_id("teacher-error")
    error.wait_for()
    assert "a comma is missing before ▸" in error.inner_text()
    assert "Line 6, character 5" in error.inner_text() and "Expecting" not in error.inner_text()
    box.fill("")
    box.blur()   # the position is sent when the teacher leaves the box
    error.wait_for(state="detached")   # the verdict was on a position no longer there

    page.locator(".kz-teacher-add").click()
    page.locator(ITEM).first.wait_for()
    field = page.get_by_test_id("teacher-link-text")
    link = str(page.get_by_test_id("teacher-link").get_attribute("href"))
    assert field.input_value() == link and len(link) > 1000 and "…" not in link
    page.get_by_test_id("teacher-copy").click()
    page.get_by_test_id("teacher-copy").get_by_text("Copied ✓").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == link

    def look(selector: str) -> tuple[str, ...]:
        return tuple(page.locator(selector).first.evaluate(
            "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).borderRadius]"))

    green, cream = "rgb(31, 107, 74)", "rgb(255, 253, 248)"
    assert look(".kz-teacher-add") == look(".kz-teacher-check") == (green, "8px")
    assert look(".kz-teacher-clear") == look(".kz-teacher-remove") == (cream, "8px")
    assert look("[data-testid='teacher-download']") == (green, "8px")

    page.get_by_test_id("teacher-home").click()
    page.get_by_test_id("section-progress").click()
    page.get_by_test_id("backup").get_by_text("Backup copy", exact=True).wait_for()
    assert page.get_by_test_id("backup-home").inner_text() == "← Home"
    assert look("[data-testid='backup-home']") == (cream, "8px")
    page.get_by_test_id("lang").click()
    page.get_by_test_id("backup").get_by_text("Резервная копия", exact=True).wait_for()
    page.get_by_test_id("backup-home").get_by_text("← Домой").click()
    page.get_by_test_id("open-play").wait_for()


def test_the_set_being_built_is_there_after_home_and_a_reload(
        russian: Any, voila_server: Any) -> None:
    page = russian
    open_teacher(page, voila_server.url)
    page.locator(".kz-teacher-add").click()
    page.locator(ITEM).first.wait_for()
    title = page.locator(".kz-teacher-title input")
    title.fill("Т" * 201)
    title.press("Enter")
    page.get_by_test_id("teacher-cut").get_by_text("до 200 символов").wait_for()
    page.wait_for_function("() => document.querySelector('.kz-teacher-title input')"
                           ".value.length === 200")
    title.fill("Домашка 8")
    title.press("Enter")
    page.locator("[data-testid='teacher-download'][download='Домашка 8.json']").wait_for()
    page.get_by_test_id("teacher-cut").wait_for(state="detached")
    chosen = page.locator(ITEM).evaluate_all("els => els.map(e => e.dataset.puzzle)")
    for leave in ("home", "reload"):
        if leave == "home":
            page.get_by_test_id("teacher-home").click()
            page.get_by_test_id("open-play").wait_for()
        else:
            open_home(page, voila_server.url)
        page.get_by_test_id("section-teacher").click()
        page.get_by_test_id("teacher").wait_for()
        page.locator(ITEM).first.wait_for(timeout=5000)
        assert page.locator(ITEM).evaluate_all("els => els.map(e => e.dataset.puzzle)") == chosen
        assert page.locator(".kz-teacher-title input").input_value() == "Домашка 8"
    start_empty(page)


def test_the_title_typed_without_enter_is_downloaded_and_the_gradebook_stays_after_home(
        russian: Any, voila_server: Any, tmp_path: Path) -> None:
    page = russian
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_teacher(page, voila_server.url)
    page.locator(".kz-teacher-add").click()
    page.locator(ITEM).first.wait_for()

    title = page.locator(".kz-teacher-title input")
    title.fill("Домашка 2 для 5Б")   # no Enter, no leaving the field: the download at once
    with page.expect_download() as download:
        page.get_by_test_id("teacher-download").click()
    assert download.value.suggested_filename == "Домашка 2 для 5Б.json"
    saved = tmp_path / "set-file.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["title"]["ru"] == "Домашка 2 для 5Б"
    title.fill("Домашка 3")
    page.get_by_test_id("teacher-copy").click()   # the link copied carries the new title
    page.get_by_test_id("teacher-copy").get_by_text("Скопировано ✓").wait_for()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == page.get_by_test_id("teacher-link-text").input_value()
    assert page.locator("[data-testid='teacher-link'][data-title='Домашка 3']").count() == 1

    _results_files(tmp_path)
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("teacher-upload").click()
    chooser.value.set_files([str(tmp_path / "anna.json"), str(tmp_path / "boris.csv")])
    files = page.get_by_test_id("teacher-file")
    files.nth(1).wait_for()
    assert files.all_inner_texts() == ["anna.json → Anna · набор «Homework» · ответов: 1",
                                       "boris.csv → Boris · набор «Homework» · ответов: 1"]
    csv = page.get_by_test_id("gradebook-csv")
    assert csv.get_attribute("download") == "Homework — журнал.csv"
    page.locator(".kz-teacher-remove-file").nth(1).click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=teacher-file]')"
                           ".length === 1")

    page.get_by_test_id("teacher-home").click()
    page.get_by_test_id("open-play").wait_for()
    page.get_by_test_id("section-teacher").click()
    page.get_by_test_id("gradebook").wait_for()
    assert files.all_inner_texts() == ["anna.json → Anna · набор «Homework» · ответов: 1"]
    assert "1 из 4" in page.get_by_test_id("gradebook").inner_text()
    page.locator(".kz-teacher-clear-results").click()
    page.locator(".kz-teacher-clear-results-yes").click()   # it asks first
    page.get_by_test_id("gradebook").wait_for(state="detached")
    assert files.count() == 0
    start_empty(page)


def test_the_teacher_picks_a_puzzle_by_keyboard_after_looking_at_it_and_is_asked_before_clearing(
        russian: Any, voila_server: Any) -> None:
    page = russian
    open_teacher(page, voila_server.url)

    # every box is named by its label, the variant is the standard game
    for label in ("Название набора", "Репозиторий GitHub (владелец/название)", "Позиция",
                  "Задачи каталога", "Вариант"):
        assert page.get_by_label(label, exact=True).count() == 1, label
    variant = page.get_by_label("Вариант", exact=True)
    assert variant.evaluate("e => e.options[e.selectedIndex].text") == "Обычный"

    # the list, the arrow keys, the puzzle shown whole, Tab and Enter add that one alone
    listing = page.get_by_label("Задачи каталога", exact=True)
    preview = page.get_by_test_id("teacher-preview")
    first = preview.get_attribute("data-puzzle")
    listing.focus()
    page.keyboard.press("ArrowDown")
    page.wait_for_function("first => document.querySelector('[data-testid=teacher-preview]')"
                           ".dataset.puzzle !== first", arg=first)
    chosen = str(preview.get_attribute("data-puzzle"))
    assert "Ответ:" in preview.inner_text() and "Ученик:" in preview.inner_text()
    # the list takes the app's focus ring (panel.css), not the widgets' thin border
    ring = "e => { const s = getComputedStyle(e); return `${s.outlineWidth} ${s.outlineStyle}`; }"
    assert listing.evaluate(ring) == "3px solid"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Добавить в набор"
    page.keyboard.press("Enter")
    page.locator(f"{ITEM}[data-puzzle='{chosen}']").wait_for()
    assert page.locator(ITEM).count() == 1
    page.get_by_text("Убрать из набора", exact=True).wait_for()
    assert page.get_by_role("button", name="Убрать №1").count() == 1

    # the list and the puzzle side by side where there is room, one under the other where
    # there is not; nothing wider than the screen
    pick, shown = listing.bounding_box(), preview.bounding_box()
    assert pick is not None and shown is not None and shown["x"] >= pick["x"] + pick["width"]
    page.set_viewport_size({"width": 640, "height": 900})
    page.wait_for_function("() => { const p = document.querySelector("
                           "'[data-testid=teacher-preview]').getBoundingClientRect();"
                           " const l = document.querySelector('.kz-teacher-pick select')"
                           ".getBoundingClientRect(); return p.top >= l.bottom"
                           " && p.right <= window.innerWidth; }")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.set_viewport_size({"width": 1100, "height": 900})

    # clearing asks first, the safe answer focused: Enter keeps the set, «Да, очистить» clears
    page.locator(".kz-teacher-add").click()
    page.get_by_text("В наборе задач: 11").wait_for()
    page.locator(".kz-teacher-clear").focus()
    page.keyboard.press("Enter")
    question = page.get_by_test_id("teacher-clear-ask")
    question.wait_for()
    assert "все задачи (11)" in question.inner_text()
    page.wait_for_function("() => document.activeElement.textContent === 'Отмена'")
    page.keyboard.press("Enter")
    question.wait_for(state="hidden")
    assert page.locator(ITEM).count() == 11
    page.locator(".kz-teacher-clear").click()
    page.locator(".kz-teacher-clear-yes").click()
    page.locator(ITEM).first.wait_for(state="detached")
    assert page.locator(".kz-teacher-clear").is_disabled()


def test_the_link_to_this_app_opens_the_set_here(russian: Any, voila_server: Any) -> None:
    page = russian
    open_teacher(page, voila_server.url)
    page.locator(".kz-teacher-add").click()
    page.locator(ITEM).first.wait_for()
    page.locator(".kz-teacher-title input").fill("Домашка 9")
    page.locator(".kz-teacher-title input").press("Enter")
    page.locator("[data-testid='teacher-download'][download='Домашка 9.json']").wait_for()
    page.locator("[data-testid='teacher-local'] summary").click()   # «Попробовать набор здесь»
    link = page.get_by_test_id("teacher-local-open").evaluate("a => a.href")
    assert link.startswith(voila_server.url + "?set=")
    student = page.context.new_page()
    student.goto(link)
    student.get_by_test_id("puzzle-title").wait_for(timeout=90_000)
    assert "Домашка 9" in student.inner_text("body")
    student.close()
    start_empty(page)
