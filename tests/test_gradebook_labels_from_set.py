"""The gradebook names and numbers the puzzles of a set it was given as that set does: a results
file that renames them or lists them in another order changes neither their titles nor their
places.  A results file's words name only the puzzles neither a given set nor the catalogue
has."""

from __future__ import annotations

import pandas as pd  # type: ignore[import-untyped]
import pytest

from kozel_tutor.puzzles.model import Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import ResultsSheet, gradebook, read_results, results_table

CATALOGUE = [p for s in load_catalogue() for p in s.puzzles]


def _distinct(count: int) -> list[Puzzle]:
    """The catalogue's first puzzles of ``count`` different titles."""
    chosen: dict[Text, Puzzle] = {}
    for puzzle in CATALOGUE:
        chosen.setdefault(puzzle.title, puzzle)
        if len(chosen) == count:
            break
    return list(chosen.values())


THREE = _distinct(4)[:3]
OUTSIDE = _distinct(4)[3]
HOMEWORK = PuzzleSet("homework-3", Text("Домашка 3", "Homework 3"), puzzles=tuple(THREE))


def _answer(puzzle: Puzzle) -> str:
    return min(card.token for card in puzzle.answers)


def _renaming_file(fmt: str, *, outside: bool = False) -> pd.DataFrame:
    """Anna's results file for HOMEWORK whose list of puzzles is backwards and renamed "x",
    with an answer to each puzzle (and to OUTSIDE, a puzzle not in the set, titled "y")."""
    sheet = ResultsSheet.for_set("Anna", HOMEWORK, "en")
    sheet.puzzles = [(p.id, Text("x", "x")) for p in reversed(THREE)]
    answered = list(THREE)
    if outside:
        sheet.puzzles.insert(0, (OUTSIDE.id, Text("у", "y")))
        answered.insert(0, OUTSIDE)
    for puzzle in answered:
        sheet.add(puzzle, _answer(puzzle), seconds=10, hints=0)
    text = sheet.to_json() if fmt == "json" else sheet.to_csv("ru")
    return results_table([read_results((f"anna.{fmt}", text.encode()))])


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_given_sets_titles_and_order_win_over_the_results_file(fmt: str) -> None:
    book = gradebook(_renaming_file(fmt), sets=[HOMEWORK])
    part = book.sets[0]
    for lang in ("ru", "en"):
        assert [part.label(p.id, lang) for p in THREE] == [
            f"{n}. {p.title.get(lang)}" for n, p in enumerate(THREE, 1)]
        puzzles = book.table("puzzles", lang)
        assert isinstance(puzzles, pd.DataFrame)
        assert list(puzzles.index) == [part.label(p.id, lang) for p in THREE]
        grid = book.table("answers", lang)
        assert isinstance(grid, pd.DataFrame)
        assert list(grid.columns) == [part.label(p.id, lang) for p in THREE]
        assert not any(". x" in label for label in grid.columns)
    header = part.to_csv("en").splitlines()[0]
    assert ". x" not in header and f"1. {THREE[0].title.en}" in header


def test_a_puzzle_outside_the_given_set_keeps_the_files_title_but_no_place_in_it() -> None:
    book = gradebook(_renaming_file("json", outside=True), sets=[HOMEWORK])
    part = book.sets[0]
    assert part.label(OUTSIDE.id, "en") == "y" and part.label(OUTSIDE.id, "ru") == "у"
    assert [part.label(p.id, "en") for p in THREE] == [
        f"{n}. {p.title.en}" for n, p in enumerate(THREE, 1)]
    puzzles = book.table("puzzles", "en")
    assert isinstance(puzzles, pd.DataFrame)
    assert list(puzzles.index) == [*(part.label(p.id, "en") for p in THREE), "y"]


def test_without_the_set_the_files_places_and_the_catalogues_titles_are_used() -> None:
    book = gradebook(_renaming_file("json"), puzzles=CATALOGUE)
    part = book.sets[0]
    assert [part.label(p.id, "en") for p in reversed(THREE)] == [
        f"{n}. {p.title.en}" for n, p in enumerate(reversed(THREE), 1)]


def test_without_the_set_or_the_catalogue_the_files_titles_and_places_are_used() -> None:
    book = gradebook(_renaming_file("json"))
    part = book.sets[0]
    assert [part.label(p.id, "en") for p in reversed(THREE)] == ["1. x", "2. x", "3. x"]
