"""Without the teacher's set, the gradebook does not let one results file rename a puzzle.

Eight students' files title puzzle 1 "Duck: 4 cards"; a ninth, loaded last, titles it "=2+2".
A catalogue puzzle keeps the catalogue's title whatever the files say; a puzzle neither a given
set nor the catalogue knows takes the title most of the files give it (of titles as common,
the first seen), and *Please check* names the puzzle and the titles the files gave it.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pandas as pd  # type: ignore[import-untyped]

from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.results import gradebook_html
from kozel_tutor.puzzles.teacher import ResultsSheet, gradebook, read_results, results_table

CATALOGUE = [p for s in load_catalogue() for p in s.puzzles]
FOUR = CATALOGUE[:4]
ODD = Text("=2+2", "=2+2")


def _own(puzzle: Puzzle, n: int) -> Puzzle:
    """A teacher's own puzzle (the catalogue does not have it), titled "Own n"."""
    return replace(puzzle, id=f"own-{n}", title=Text(f"Своя {n}", f"Own {n}"))


OWN = [_own(p, n) for n, p in enumerate(FOUR, 1)]


def _file(student: str, puzzles: list[Puzzle], first_title: Text | None = None,
          set_id: str = "set-teachers-own") -> tuple[str, bytes]:
    """A student's results file answering each puzzle of a set not given to the gradebook,
    the first puzzle titled ``first_title`` instead of its own title."""
    sheet = ResultsSheet.for_set(student, PuzzleSet(set_id, Text("Домашка", "Homework"),
                                                    puzzles=tuple(puzzles)), "en")
    if first_title is not None:
        sheet.puzzles[0] = (puzzles[0].id, first_title)
    for puzzle in puzzles:
        sheet.add(puzzle, min(c.token for c in puzzle.answers), seconds=5, hints=0)
    return f"{student.lower()}.json", sheet.to_json().encode()


def _table(files: list[tuple[str, bytes]]) -> pd.DataFrame:
    return results_table([read_results(f) for f in files])


def _eight_then_odd(puzzles: list[Puzzle]) -> list[tuple[str, bytes]]:
    return [*(_file(f"Student{n}", puzzles) for n in range(8)),
            _file("Vasya", puzzles, first_title=ODD)]


def _check_items(book_html: str) -> list[str]:
    found = re.search(r'data-testid="gradebook-check">(.*?)</div>', book_html, re.S)
    if found is None:
        return []
    return [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", found.group(1))]


def test_a_catalogue_puzzle_keeps_the_catalogues_title_whatever_the_last_file_says() -> None:
    book = gradebook(_table(_eight_then_odd(FOUR)), puzzles=CATALOGUE)
    part = book.sets[0]
    for lang in ("ru", "en"):
        assert part.label(FOUR[0].id, lang) == f"1. {FOUR[0].title.get(lang)}"
        puzzles = book.table("puzzles", lang)
        grid = book.table("answers", lang)
        assert isinstance(puzzles, pd.DataFrame) and isinstance(grid, pd.DataFrame)
        assert puzzles.index[0] == grid.columns[0] == part.label(FOUR[0].id, lang)
        assert "=2+2" not in part.to_csv(lang)
    assert book.titles_differ == ()   # the catalogue decides: nothing for the teacher to check


def test_a_catalogue_puzzle_keeps_its_title_even_when_every_file_renames_it() -> None:
    files = [_file(f"Student{n}", FOUR, first_title=ODD) for n in range(3)]
    book = gradebook(_table(files), puzzles=CATALOGUE)
    assert book.sets[0].label(FOUR[0].id, "en") == f"1. {FOUR[0].title.en}"


def test_an_unknown_puzzle_takes_the_title_most_files_give_it() -> None:
    book = gradebook(_table(_eight_then_odd(OWN)), puzzles=CATALOGUE)
    part = book.sets[0]
    assert part.label("own-1", "ru") == "1. Своя 1" and part.label("own-1", "en") == "1. Own 1"
    assert "1. Own 1" in part.to_csv("en").splitlines()[0]
    assert "=2+2" not in part.to_csv("en") and "=2+2" not in part.to_csv("ru")
    assert [(d.set_id, d.puzzle, d.titles, d.files) for d in book.titles_differ] == [(
        "set-teachers-own", "own-1", (Text("Своя 1", "Own 1"), ODD),
        (tuple(f"student{n}.json" for n in range(8)), ("vasya.json",)))]


def test_of_titles_as_common_the_first_seen_wins() -> None:
    files = [_file("Anna", OWN, first_title=ODD), _file("Boris", OWN)]
    book = gradebook(_table(files))
    assert book.sets[0].label("own-1", "en") == "1. =2+2"
    files.reverse()
    assert gradebook(_table(files)).sets[0].label("own-1", "en") == "1. Own 1"


def test_please_check_names_the_puzzle_and_the_titles_the_files_gave_it() -> None:
    book = gradebook(_table(_eight_then_odd(OWN)), puzzles=CATALOGUE)
    assert _check_items(gradebook_html(book, "en")) == [
        "In the set “Homework” the results files give puzzle “1. Own 1” different titles: "
        "“Own 1” (student0.json, student1.json, student2.json, …); “=2+2” (vasya.json). The "
        "gradebook uses the most common one."]
    assert _check_items(gradebook_html(book, "ru")) == [
        "В наборе «Homework» файлы результатов называют задачу «1. Своя 1» по-разному: "
        "«Своя 1» (student0.json, student1.json, student2.json, …); «=2+2» (vasya.json). В "
        "журнале — название, которое встречается чаще всего."]


def test_files_that_agree_leave_nothing_to_check() -> None:
    book = gradebook(_table([_file(f"Student{n}", OWN) for n in range(3)]))
    assert book.titles_differ == ()
    assert _check_items(gradebook_html(book, "ru")) == []


def test_the_teachers_screen_shows_the_catalogues_title_without_the_set() -> None:
    view = TeacherView("ru", backend="python")
    view.add_results(_eight_then_odd(FOUR))
    shown = html.unescape(view.grades.value)
    assert f"1. {FOUR[0].title.ru}" in shown
    assert "=2+2" not in shown
