"""The teacher's Python API says what is wrong instead of quietly doing something else: a
misspelt theme or variant is named with the ones there are, one theme or hand size needs no
list, a plain string is a title in both languages, a language other than ru or en is refused,
and a results file's problem names the file as the notebook's folder shows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import THEME_IDS, Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.notebook import share_set
from kozel_tutor.puzzles.teacher import (
    EXAMPLE_POSITION,
    ResultsSheet,
    answer_label,
    author_puzzle,
    filter_puzzles,
    goal_name,
    load_results,
    puzzle_list,
    set_filename,
    set_from_param,
)

CATALOGUE = [p for s in load_catalogue() for p in s.puzzles]


@pytest.mark.parametrize(("filters", "named"), [
    ({"themes": ["feed_parner"]}, "unknown theme 'feed_parner' (known: feed_partner, "),
    ({"themes": ["duck", "dukc", "endplya"]}, "unknown themes 'dukc', 'endplya' (known: "),
    ({"variants": ("nizny",)}, "unknown variant 'nizny' (known: standard, classic, nizhny, "
                               "kozly24)"),
    ({"goals": ["make61"]}, "unknown goal 'make61' (known: max_points, make_61, "),
    ({"views": "own"}, "unknown view 'own' (known: double_dummy, own_hand)"),
])
def test_an_unknown_filter_value_is_named_with_the_known_ones(
        filters: dict[str, object], named: str) -> None:
    with pytest.raises(ValueError) as caught:
        filter_puzzles(CATALOGUE, **filters)  # type: ignore[arg-type]
    assert str(caught.value).startswith(named)


def test_every_theme_is_named_among_the_known_ones() -> None:
    with pytest.raises(ValueError) as caught:
        filter_puzzles(CATALOGUE, themes="nope")
    assert str(caught.value).endswith(f"(known: {', '.join(THEME_IDS)})")


def test_one_theme_variant_or_hand_size_needs_no_list() -> None:
    ducks = filter_puzzles(CATALOGUE, themes="duck")
    assert ducks and ducks == filter_puzzles(CATALOGUE, themes=["duck"])
    threes = filter_puzzles(CATALOGUE, cards=3)
    assert threes and threes == filter_puzzles(CATALOGUE, cards=[3])
    assert all(p.cards == 3 for p in threes)
    nizhny = filter_puzzles(CATALOGUE, variants="nizhny")
    assert nizhny and nizhny == filter_puzzles(CATALOGUE, variants=("nizhny",))


def test_a_hand_size_that_is_not_a_whole_number_is_a_clear_error() -> None:
    with pytest.raises(TypeError, match=r"cards must be whole numbers, such as 3 or \[3, 4\], "
                                        r"not '3'"):
        filter_puzzles(CATALOGUE, cards=["3"])  # type: ignore[list-item]


def test_a_plain_string_is_a_title_in_both_languages(tmp_path: Path) -> None:
    mine = author_puzzle(EXAMPLE_POSITION, title="Мой пример", story="Сыграйте")
    assert mine.title == Text("Мой пример", "Мой пример")
    assert mine.story == Text("Сыграйте", "Сыграйте")
    homework = PuzzleSet("hw", "Homework", puzzles=(mine,))  # type: ignore[arg-type]
    assert homework.title == Text("Homework", "Homework")
    shared = share_set(homework, tmp_path, repo="me/kozel")
    saved = json.loads(shared.file.read_text("utf-8"))
    assert saved["title"] == {"ru": "Homework", "en": "Homework"}
    assert saved["puzzles"][0]["title"] == {"ru": "Мой пример", "en": "Мой пример"}
    assert set_from_param(shared.link.split("%3Fset%3D", 1)[1]).title.ru == "Homework"


def test_a_title_that_is_neither_text_nor_a_string_is_refused_at_once() -> None:
    with pytest.raises(TypeError, match=r"title must be Text\(ru, en\) or a string, not int"):
        PuzzleSet("hw", 7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"title must be Text\(ru, en\) or a string"):
        author_puzzle(EXAMPLE_POSITION, title=["a"])  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", ["de", "RU", ""])
def test_the_teachers_functions_refuse_a_language_they_do_not_speak(lang: str) -> None:
    puzzle: Puzzle = CATALOGUE[0]
    homework = PuzzleSet("hw", Text("Д", "H"), puzzles=(puzzle,))
    for call in (lambda: puzzle_list([puzzle], lang), lambda: goal_name(puzzle, lang),
                 lambda: answer_label(puzzle, lang), lambda: set_filename(homework, lang),
                 lambda: ResultsSheet.for_set("Anna", homework, lang)):
        with pytest.raises(ValueError, match=rf"^unknown language {lang!r} \(use ru or en\)$"):
            call()


def test_the_empty_screens_set_is_titled_in_both_languages() -> None:
    assert TeacherView("en", backend="python").puzzle_set().title == Text("Набор задач",
                                                                          "Puzzle set")
    view = TeacherView("ru", backend="python")
    view.title.value = "Домашка 5"
    assert view.puzzle_set().title == Text("Домашка 5", "Домашка 5")


def test_a_bad_results_file_is_named_from_the_notebooks_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "teacher-files" / "results"
    results.mkdir(parents=True)
    (results / "broken.json").write_text("{", "utf-8")
    monkeypatch.chdir(tmp_path)
    _, [problem] = load_results(results)
    assert problem.text("en").startswith("teacher-files/results/broken.json: ")
    assert problem.text("ru").startswith("teacher-files/results/broken.json: ")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)   # not below the current folder: the path as given
    _, [problem] = load_results([results / "broken.json"])
    assert problem.text("en").startswith(f"{results / 'broken.json'}: ")


def test_a_results_file_that_cannot_be_read_is_named_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _, [problem] = load_results([tmp_path / "gone.json"])
    assert problem.text("en") == "gone.json: cannot read: No such file or directory"
