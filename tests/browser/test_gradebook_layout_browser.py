"""The teacher's gradebook in the Voila app, as a QA tester met it: ten puzzles on the screen,
one student who answered the second (wrong), the first and the third.  At 1024 and at 1366
pixels its tables are tidy (rows a line apart, the student's name and each puzzle on one line,
nothing wider than the page), the puzzles are in the set's order, the Russian fractions have a
decimal comma, and the chart of puzzles writes every label whole."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from kozel_tutor.puzzles.model import Puzzle, load_set
from kozel_tutor.puzzles.teacher import ResultsSheet

from .test_teacher_browser import ITEM, open_teacher, start_empty

# Each body row of the gradebook's tables: its height, its line height, and how many lines its
# first cell (the student or the puzzle) takes; each table's overflow of its scrolling box.
_MEASURE = """() => {
  const book = document.querySelector('[data-testid=gradebook]');
  const rows = [...book.querySelectorAll('table.kz-table tbody tr')].map(tr => {
    const first = tr.firstElementChild, style = getComputedStyle(first);
    const line = parseFloat(style.lineHeight);
    const range = document.createRange(); range.selectNodeContents(first);
    const lines = Math.round(range.getBoundingClientRect().height / line);
    return {text: first.textContent, height: tr.getBoundingClientRect().height, line, lines};
  });
  const overflow = [...book.querySelectorAll('.kz-gb-scroll')].map(
    box => box.scrollWidth - box.clientWidth);
  return {rows, overflow};
}"""


def _answered(puzzle: Puzzle, good: bool) -> str:
    if good:
        return min(card.token for card in puzzle.answers)
    return next(c.token for c in puzzle.position.to_state().legal_plays()
                if c not in puzzle.answers)


def _results_for_the_set_on_screen(page: Any, folder: Path) -> Path:
    """Download the set on the screen, answer it as Anya would, save her results file."""
    with page.expect_download() as download:
        page.get_by_test_id("teacher-download").click()
    download.value.save_as(folder / "set.json")
    puzzles = load_set(folder / "set.json").puzzles
    sheet = ResultsSheet.for_set("Аня Петрова", load_set(folder / "set.json"), "ru")
    for number, good, seconds, hints in ((1, False, 1.6, 1), (0, True, 14.0, 0),
                                         (2, True, 1.0, 0)):
        sheet.add(puzzles[number], _answered(puzzles[number], good), seconds=seconds,
                  hints=hints)
    sheet.save(folder / "anya.json")
    return folder / "anya.json"


def test_the_gradebook_is_a_tidy_table_in_the_sets_order_at_1024_and_1366(
        page: Any, voila_server: Any, tmp_path: Path) -> None:
    open_teacher(page, voila_server.url)
    page.locator(".kz-teacher-add").click()
    page.locator(ITEM).nth(9).wait_for()
    results = _results_for_the_set_on_screen(page, tmp_path)
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("teacher-upload").click()
    chooser.value.set_files([str(results)])
    book = page.get_by_test_id("gradebook")
    book.wait_for()
    try:
        for width in (1024, 1366):
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(300)
            measured = page.evaluate(_MEASURE)
            assert measured["overflow"] and max(measured["overflow"]) <= 1, (width, measured)
            for row in measured["rows"]:
                assert row["lines"] == 1, (width, row)
                assert row["height"] < 1.5 * row["line"] + 12, (width, row)   # not 2 lines
            firsts = [row["text"] for row in measured["rows"]]
            assert firsts[0] == "Аня Петрова"
            puzzles = firsts[1:11]
            assert [label.split(".", 1)[0] for label in puzzles] == [str(n) for n in range(1, 11)]
        text = book.inner_text()
        assert "1,6" in text and "14,0" in text and not re.search(r"\b1[.]6\b|\b14[.]0\b", text)
        chart = book.locator("svg").nth(1)
        labels = " ".join(chart.locator("text[text-anchor=end]").all_text_contents())
        assert "…" not in labels
        for label in (puzzles[1], puzzles[0], puzzles[2]):
            assert label in labels
    finally:
        page.locator(".kz-teacher-clear-results").click()
        page.locator(".kz-teacher-clear-results-yes").click()   # it asks first
        book.wait_for(state="detached")
        start_empty(page)
