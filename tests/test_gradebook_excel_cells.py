"""What Excel does to the app's CSV files, and what it must not do.

A name or title starting with ``=``, ``+``, ``-`` or ``@`` is a formula to Excel: every CSV the
app writes for a spreadsheet (the gradebook's, a student's results table) keeps such a cell as
text with a ``'`` before it, and the app reads its own tables back as they were.  Russian Excel
turns a seconds value such as ``3.1`` into the date «03.янв»: such a file is still read, its
answers counted, and the teacher told the time was lost.  The files are written by the app's
own sheet and gradebook and saved as Excel saves them.
"""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from test_teacher import homework

from kozel_tutor.puzzles.model import PuzzleSet, Text
from kozel_tutor.puzzles.teacher import (
    ResultsSheet,
    gradebook,
    gradebook_html,
    load_results,
)

FORMULAS = ["=1+2", "+7(900)1234567", "-Аня", "@SUM(A1)", "=HYPERLINK(\"http://x\",\"a\")"]


def _sheet(student: str, puzzle_set: PuzzleSet) -> ResultsSheet:
    sheet = ResultsSheet.for_set(student, puzzle_set, "ru")
    for puzzle in puzzle_set.puzzles:
        sheet.add(puzzle, sorted(c.token for c in puzzle.answers)[0], seconds=3.1, hints=0)
    return sheet


def _cells(text: str, separator: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text), delimiter=separator))


def _starts_formula(cell: str) -> bool:
    return cell[:1] in ("=", "+", "-", "@", "\t", "\r")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_gradebook_csv_keeps_formula_names_as_text(lang: str) -> None:
    puzzle_set = homework()
    files = [(f"s{n}.json", _sheet(name, puzzle_set).to_json().encode())
             for n, name in enumerate(FORMULAS)]
    table, errors = load_results(files)
    assert errors == [] and sorted(set(table["student"])) == sorted(FORMULAS)   # as typed
    part = gradebook(table, sets=[puzzle_set]).sets[0]
    rows = _cells(part.to_csv(lang), ";" if lang == "ru" else ",")
    assert sorted(row[0] for row in rows[1:]) == sorted("'" + name for name in FORMULAS)
    assert not any(_starts_formula(cell) for row in rows for cell in row)


def test_a_puzzle_named_like_a_formula_heads_its_column_as_text() -> None:
    hand_made = {"format": "kozel-puzzle-results", "version": 1, "student": "Anna",
                 "set_id": "s", "results": [{"puzzle": "=cmd|'/c calc'!A1", "card": "QC",
                                             "correct": True, "seconds": 2, "hints": 0}]}
    table, errors = load_results([("anna.json", json.dumps(hand_made).encode())])
    assert errors == []
    header = _cells(gradebook(table).sets[0].to_csv("en"), ",")[0]
    assert header[-1] == "'=cmd|'/c calc'!A1"


def test_a_students_csv_keeps_formulas_as_text_and_reads_back_as_typed() -> None:
    puzzle_set = PuzzleSet("hw-5", Text("-Домашка 5", "-Homework 5"), puzzles=homework().puzzles)
    sheet = _sheet("=1+2", puzzle_set)
    rows = _cells(sheet.to_csv(), ",")
    assert rows[1][0] == "'=1+2" and rows[1][-1] == "'-Домашка 5"
    assert not any(_starts_formula(cell) for row in rows for cell in row)
    excel = sheet.to_csv().replace(",", ";").encode("cp1251")   # as Russian Excel saves it
    for name, content in (("a.csv", sheet.to_csv().encode()), ("a_excel.csv", excel)):
        table, errors = load_results([(name, content)])
        assert errors == [] and set(table["student"]) == {"=1+2"}
        assert set(table["set_title"]) == {"-Домашка 5"}
    assert json.loads(sheet.to_json())["student"] == "=1+2"   # JSON is not a spreadsheet's


def test_a_name_with_a_quote_of_its_own_is_left_as_it_is() -> None:
    sheet = _sheet("'Anna", homework())
    assert _cells(sheet.to_csv(), ",")[1][0] == "'Anna"
    table, _ = load_results([("a.csv", sheet.to_csv().encode())])
    assert set(table["student"]) == {"'Anna"}


def _excel_dates(sheet: ResultsSheet) -> bytes:
    """The sheet's CSV as Russian Excel re-saves it: 3.1 seconds read as the 3rd of January,
    true and false as ИСТИНА and ЛОЖЬ, semicolons, Windows-1251."""
    rows = _cells(sheet.to_csv(), ",")
    seconds, correct = rows[0].index("seconds"), rows[0].index("correct")
    for row in rows[1:]:
        row[seconds] = "03.янв"
        row[correct] = "ИСТИНА" if row[correct] == "1" else "ЛОЖЬ"
    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="\r\n").writerows(rows)
    return out.getvalue().encode("cp1251")


def test_seconds_excel_made_dates_of_are_left_out_and_the_answers_count() -> None:
    puzzle_set = homework()
    excel = _excel_dates(_sheet("Боря", puzzle_set))
    table, errors = load_results([("borya_excel.csv", excel),
                                  ("anna.json", _sheet("Anna", puzzle_set).to_json().encode())])
    assert errors == []
    borya = table[table["student"] == "Боря"]
    assert len(borya) == 4 and borya["seconds"].isna().all() and borya["correct"].all()
    book = gradebook(table, sets=[puzzle_set])
    grades = book.sets[0].students
    assert grades.loc["Боря", "right"] == 4 and grades.loc["Anna", "seconds"] == 3.1
    assert book.sets[0].table("students", "ru").loc["Боря", "Секунд на задачу (медиана)"] == "—"

    check = re.sub(r"<[^>]+>", " ", gradebook_html(book, "ru"))
    assert ("borya_excel.csv (Боря): время 4 ответов не прочитано — в файле вместо секунд даты "
            "(так Excel записывает 3.1, приняв это число за 3 января). Ответы учтены, а их время "
            "в журнал не вошло.") in check
    english = re.sub(r"<[^>]+>", " ", gradebook_html(book, "en"))
    assert "borya_excel.csv (Боря): the time of 4 answers could not be read" in english


def test_seconds_that_are_no_date_nor_number_still_refuse_the_file() -> None:
    text = _sheet("Anna", homework()).to_csv().replace(",3.1,", ",abc,")
    _, errors = load_results([("anna.csv", text.encode())])
    assert len(errors) == 1 and "seconds must be a number" in str(errors[0])
