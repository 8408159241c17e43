"""Every puzzle of a set the gradebook knows is listed, the ones nobody answered too: a teacher
sends seven puzzles, three students answer four to six, nobody reaches the seventh, and the
tables of puzzles and of who answered what show all seven.  Of a set the gradebook does not
know, only the puzzles answered are listed, and the page says how many are left out."""

from __future__ import annotations

import csv
import html
import io
import re

import pandas as pd  # type: ignore[import-untyped]
import pytest

from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import (
    Gradebook,
    ResultsSheet,
    filter_puzzles,
    gradebook,
    gradebook_html,
    read_results,
    results_table,
)

CATALOGUE = [p for s in load_catalogue() for p in s.puzzles]
SEVEN = filter_puzzles(CATALOGUE, max_rating=1400, cards=(3, 4))[:7]
HOMEWORK = PuzzleSet("homework-7", Text("Домашка 7", "Homework 7"), puzzles=tuple(SEVEN))


def right(puzzle: Puzzle) -> str:
    return min(card.token for card in puzzle.answers)


def wrong(puzzle: Puzzle) -> str:
    legal = puzzle.position.to_state().legal_plays()
    return next(c.token for c in legal if c not in puzzle.answers)


def sheet_bytes(student: str, puzzle_set: PuzzleSet, picks: list[bool]) -> tuple[str, bytes]:
    """A student's results file: ``picks`` right or wrong for the set's first puzzles."""
    sheet = ResultsSheet.for_set(student, puzzle_set, "en")
    for puzzle, good in zip(puzzle_set.puzzles, picks, strict=False):
        sheet.add(puzzle, right(puzzle) if good else wrong(puzzle), seconds=10, hints=0)
    return sheet.filename(), sheet.to_json().encode()


def class_results() -> pd.DataFrame:
    """Anna answers four puzzles, Boris and Vika six; nobody reaches the seventh."""
    files = [sheet_bytes("Anna", HOMEWORK, [True] * 4),
             sheet_bytes("Boris", HOMEWORK, [True, False, True, False, True, True]),
             sheet_bytes("Vika", HOMEWORK, [True, False, False, False, True, True])]
    return results_table([read_results(file) for file in files])


def test_the_puzzle_nobody_reached_is_in_the_table_of_puzzles_and_the_grid() -> None:
    book = gradebook(class_results(), sets=[HOMEWORK])
    part = book.sets[0]
    assert part.total == 7 and part.unlisted == 0
    puzzles = book.table("puzzles", "en")
    assert isinstance(puzzles, pd.DataFrame)
    assert len(puzzles) == 7
    seventh = part.label(SEVEN[6].id, "en")
    assert seventh.startswith("7. ")
    row = puzzles.loc[seventh]
    assert row["Students who answered"] == 0 and row["Students who did not answer"] == 3
    assert row["Right"] == 0 and row["Right of answered, %"] == "—"
    assert row["Hints on average"] == "—" and row["Most common wrong card"] == "—"
    assert puzzles.index[-1] == seventh   # in the set's order, answered or not
    grid = book.table("answers", "ru")
    assert isinstance(grid, pd.DataFrame)
    assert [label.split(".")[0] for label in grid.columns] == [str(n) for n in range(1, 8)]
    assert list(grid[part.label(SEVEN[6].id, "ru")]) == ["—", "—", "—"]
    assert list(grid.loc["Anna"]) == ["✓"] * 4 + ["—"] * 3
    students = book.table("students", "ru")
    assert isinstance(students, pd.DataFrame)
    assert list(students["Ответил"]) == ["4 из 7", "6 из 7", "6 из 7"]
    assert list(students["Не ответил"]) == [3, 1, 1]


def test_one_answer_to_a_set_of_three_lists_all_three() -> None:
    """The reviewer's repro: one student, one answer."""
    homework = PuzzleSet("A", Text("Д", "H"), puzzles=tuple(SEVEN[:3]))
    book = gradebook(results_table([read_results(sheet_bytes("A", homework, [True]))]),
                     sets=[homework])
    puzzles = book.table("puzzles", "en")
    assert isinstance(puzzles, pd.DataFrame)
    assert len(puzzles) == 3
    assert list(book.sets[0].puzzles["students"]) == [1, 0, 0]


def test_the_gradebook_page_and_its_csv_show_every_puzzle() -> None:
    book = gradebook(class_results(), sets=[HOMEWORK])
    page = gradebook_html(book, "ru")
    assert "задач в наборе: 7" in page and "nan" not in page
    grid = page.split("Кто как ответил", 1)[1]
    headers = re.findall(r"<th>([^<]*)</th>", grid.split("</thead>", 1)[0])
    assert headers == ["Ученик", *(str(n) for n in range(1, 8))]
    chart = page.split("Верно из отвеченных, % (задачи, сначала самые трудные)", 1)[1]
    chart = chart.split("</svg>", 1)[0]
    assert chart.count("<rect") == 6   # no "0 %" bar for a puzzle nobody answered
    header, anna, *_ = csv.reader(io.StringIO(book.sets[0].to_csv("en")))
    assert [column.split(".")[0] for column in header[-7:]] == [str(n) for n in range(1, 8)]
    assert anna[0] == "Anna" and anna[-7:] == ["1", "1", "1", "1", "", "", ""]


def test_a_set_the_gradebook_does_not_know_lists_the_puzzles_answered_and_says_so() -> None:
    book = gradebook(class_results())
    part = book.sets[0]
    assert len(part.puzzles) == 6 and part.total == 7 and part.unlisted == 1
    assert ("Задач, на которые никто не ответил, в таблицах нет (1 из 7)"
            in gradebook_html(book, "ru"))
    english = html.unescape(gradebook_html(book, "en"))
    assert ("Puzzles nobody answered are not in the tables (1 of 7): the gradebook does not "
            "know this set's puzzles") in english
    assert "gradebook-unlisted" not in gradebook_html(gradebook(class_results(),
                                                                sets=[HOMEWORK]), "en")


def test_the_teacher_screen_shows_every_puzzle_of_the_set_on_it() -> None:
    view = TeacherView("en", backend="python")
    view.chosen.extend(SEVEN)
    view.title.value = "Homework 7"
    on_screen = view.puzzle_set()
    view.add_results([sheet_bytes("Anna", on_screen, [True] * 4),
                      sheet_bytes("Boris", on_screen, [True, False, True, False, True, True])])
    assert isinstance(view.book, Gradebook)
    assert len(view.book.sets[0].puzzles) == 7
    grid = view.grades.value.split("Who answered what", 1)[1]
    headers = re.findall(r"<th>([^<]*)</th>", grid.split("</thead>", 1)[0])
    assert headers == ["Student", *(str(n) for n in range(1, 8))]
    assert "gradebook-unlisted" not in view.grades.value


@pytest.mark.parametrize("lang", ["de", "EN", ""])
def test_the_gradebook_refuses_a_language_it_does_not_speak(lang: str) -> None:
    book = gradebook(class_results(), sets=[HOMEWORK])
    for call in (lambda: book.table("students", lang), lambda: gradebook_html(book, lang),
                 lambda: book.sets[0].to_csv(lang), lambda: Gradebook().table("puzzles", lang),
                 lambda: ResultsSheet.for_set("Anna", HOMEWORK, lang)):
        with pytest.raises(ValueError, match=r"unknown language .* \(use ru or en\)"):
            call()
