"""Two sets with one title, and two names that differ only in capital letters, are told apart.

A teacher who changes a set after giving it out gets a new set id (a hash of its puzzles): the
students who had the old file and those with the new one then make two parts of the gradebook
with one title.  Each part is named with its size (or id), its CSV gets a file name of its own,
and *Please check* says what happened.  «Аня» and «аня» stay two students, but the teacher is
told.  The results files are written by the student's sheet and read back; the screen is the
teacher's own.
"""

from __future__ import annotations

import html
import re

import pytest
from test_teacher import homework

from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import (
    ResultsSheet,
    filter_puzzles,
    gradebook,
    gradebook_html,
    load_results,
)

TITLE = Text("Домашка 5: козыри", "Homework 5: trumps")


def _versions() -> tuple[PuzzleSet, PuzzleSet]:
    """A set of 4 puzzles as given out, and the same set with a fifth puzzle put in later."""
    puzzles = filter_puzzles([p for s in load_catalogue() for p in s.puzzles],
                             max_rating=1400, cards=3)[:5]
    first = PuzzleSet("set-93fec0b30c", TITLE, puzzles=tuple(puzzles[:4]))
    changed = PuzzleSet("set-4309917e16", TITLE, puzzles=(*puzzles[:3], puzzles[4], puzzles[3]))
    return first, changed


def _results(student: str, puzzle_set: PuzzleSet) -> tuple[str, bytes]:
    sheet = ResultsSheet.for_set(student, puzzle_set, "ru")
    for puzzle in puzzle_set.puzzles:
        sheet.add(puzzle, sorted(c.token for c in puzzle.answers)[0], seconds=4, hints=0)
    return sheet.filename(), sheet.to_json().encode()


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def _check(page: str) -> str:
    found = re.search(r'data-testid="gradebook-check">(.*?)</div>', page, re.S)
    return _text(found.group(1)).strip() if found else ""


@pytest.mark.parametrize("known", [True, False], ids=["sets-known", "only-the-files"])
def test_a_set_changed_after_it_was_given_out_makes_two_named_parts(known: bool) -> None:
    first, changed = _versions()
    files = [_results("Дима", first), _results("Аня", changed), _results("Боря", changed)]
    table, errors = load_results(files)
    assert errors == []
    book = gradebook(table, sets=[first, changed] if known else [])
    assert [book.set_title(part.set_id, "ru") for part in book.sets] == [
        "Домашка 5: козыри (4 задачи)", "Домашка 5: козыри (5 задач)"]
    english_title = TITLE.en if known else TITLE.ru   # the files tell the title in Russian
    assert book.set_title(changed.id, "en") == f"{english_title} (5 puzzles)"

    page = gradebook_html(book, "ru")
    assert re.findall(r"<h4>(.*?)</h4>", page) == [
        "Набор «Домашка 5: козыри (4 задачи)»", "Набор «Домашка 5: козыри (5 задач)»"]
    assert re.findall(r'data-testid="gradebook-csv" download="([^"]+)"', page) == [
        "Домашка 5 козыри (4 задачи) — журнал.csv", "Домашка 5 козыри (5 задач) — журнал.csv"]
    added = changed.puzzles[3].title.ru
    assert _check(page) == (
        "Проверьте: Разные наборы называются одинаково — «Домашка 5: козыри»: «Домашка 5: "
        "козыри (4 задачи)»; «Домашка 5: козыри (5 задач)», только в нём: "
        f"«4. {added}». Наверное, набор изменили после того, как раздали ученикам; у каждого "
        "варианта своя часть журнала ниже.")
    english = _check(gradebook_html(book, "en"))
    assert f"Different sets have the same title “{english_title}”" in english
    assert "The set was probably changed after it was given out" in english

    grid = book.table("students", "ru")
    assert sorted(set(grid.index.get_level_values(0))) == [
        "Домашка 5: козыри (4 задачи)", "Домашка 5: козыри (5 задач)"]


def test_two_sets_of_one_title_and_one_size_are_told_apart_by_their_ids() -> None:
    first, changed = _versions()
    swapped = PuzzleSet("set-0d1e2f3a4b", TITLE, puzzles=(*first.puzzles[:3],
                                                          changed.puzzles[3]))
    table, _ = load_results([_results("Дима", first), _results("Аня", swapped)])
    page = gradebook_html(gradebook(table, sets=[first, swapped]), "ru")
    assert re.findall(r"<h4>(.*?)</h4>", page) == [
        "Набор «Домашка 5: козыри (set-93fec0b30c)»", "Набор «Домашка 5: козыри (set-0d1e2f3a4b)»"]
    assert len(set(re.findall(r'data-testid="gradebook-csv" download="([^"]+)"', page))) == 2


def test_the_teachers_list_of_files_names_each_version() -> None:
    first, changed = _versions()
    view = TeacherView("ru", backend="python")
    view.add_results([_results("Дима", first), _results("Аня", changed)])
    listed = [_text(row.children[0].value) for row in view.files_box.children[1:-1]]
    assert len(listed) == 2
    assert "Дима" in listed[0] and "«Домашка 5: козыри (4 задачи)»" in listed[0]
    assert "Аня" in listed[1] and "«Домашка 5: козыри (5 задач)»" in listed[1]


def test_one_set_keeps_its_plain_title() -> None:
    table, _ = load_results([_results("Аня", homework())])
    page = gradebook_html(gradebook(table, sets=[homework()]), "ru")
    assert re.findall(r"<h4>(.*?)</h4>", page) == ["Набор «Домашнее задание 1»"]
    assert "Проверьте" not in page


def test_names_that_differ_only_in_capitals_are_two_students_and_named() -> None:
    puzzle_set = homework()
    anya, lower = _results("Аня", puzzle_set), _results("аня", puzzle_set)
    table, _ = load_results([("anya.json", anya[1]), ("anya-2.json", lower[1]),
                             _results("Боря", puzzle_set)])
    book = gradebook(table, sets=[puzzle_set])
    assert list(book.sets[0].students.index) == ["Аня", "аня", "Боря"]   # not merged
    assert _check(gradebook_html(book, "ru")) == (
        "Проверьте: В наборе «Домашнее задание 1» имена «Аня» и «аня» различаются только "
        "заглавными буквами (anya.json, anya-2.json). Они показаны как разные ученики; если это "
        "один ученик, уберите файл, который не нужно учитывать.")
    assert _check(gradebook_html(book, "en")) == (
        "Please check: In the set “Homework 1” the names “Аня” and “аня” differ only in capital "
        "letters (anya.json, anya-2.json). They are shown as different students; if it is one "
        "student, remove the file that should not count.")


def test_names_in_different_sets_are_not_compared() -> None:
    first, _ = _versions()
    table, _ = load_results([_results("Аня", first), _results("аня", homework())])
    assert gradebook(table).case_names == ()
