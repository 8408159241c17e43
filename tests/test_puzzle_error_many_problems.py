"""A file with thousands of problems is refused in a few lines, not a page.

A set of 2,400 puzzles, the same four over and over, has 2,396 problems (each repeated id).
Every screen that says why a file was refused — the learner's Puzzles → "Open a set file", the
teacher's "Open a set file" and the results files under the gradebook — and ``str(error)`` on
the command line name the first :attr:`PuzzleError.SHOWN` problems and how many more there
are («и ещё 2 391», the Russian thousands kept together by a no-break space); the error still
lists every problem for a program (:attr:`PuzzleError.problems`).
"""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from test_teacher import homework

from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import _RESULTS_ADVICE, TeacherView, advised_problems
from kozel_tutor.puzzles.model import PuzzleError, PuzzleProblem, PuzzleSet

NBSP = "\u00a0"
COPIES = 600   # 4 puzzles × 600 = 2,400 puzzles: 2,396 ids seen before


def _huge_set() -> bytes:
    data = json.loads(homework().to_json())
    data["puzzles"] = data["puzzles"] * COPIES
    return json.dumps(data, ensure_ascii=False).encode()


def _refused() -> PuzzleError:
    with pytest.raises(PuzzleError) as info:
        PuzzleSet.from_json(_huge_set(), "huge.json")
    return info.value


def test_the_error_names_five_problems_and_counts_the_rest() -> None:
    error = _refused()
    assert len(error.problems) == len(error.details) == 2396   # a program still has them all
    english, russian = str(error), error.text("ru")
    assert english.count("appears twice") == 5
    assert english.endswith("; puzzle #9: id '" + homework().puzzles[0].id + "' appears twice; "
                            "and 2,391 more")
    assert russian.count("встречается второй раз") == 5
    assert russian.endswith(f"встречается второй раз; и ещё 2{NBSP}391")
    assert len(english) < 400 and len(russian) < 500


def test_a_few_problems_are_all_named() -> None:
    problems = [PuzzleProblem("puzzle_n", n=n) for n in range(1, 6)]
    assert str(PuzzleError(problems, "a.json")) == \
        "a.json: puzzle #1; puzzle #2; puzzle #3; puzzle #4; puzzle #5"
    one_more = PuzzleError([*problems, PuzzleProblem("puzzle_n", n=6)], "a.json")
    assert one_more.text("ru").endswith("задача №5; и ещё 1")
    assert one_more.text("en").endswith("puzzle #5; and 1 more")


@pytest.mark.parametrize(("lang", "more", "advice"), [
    ("en", "; and 2,391 more. ", "Ask your teacher to send the set file again."),
    ("ru", f"; и ещё 2{NBSP}391. ", "Попросите учителя прислать файл набора ещё раз."),
])
def test_the_learner_opening_a_huge_set_reads_a_short_error(tmp_path: Path, lang: str,
                                                             more: str, advice: str) -> None:
    view = PuzzlesView(lang, Store(tmp_path / "student.sqlite3"), lambda: None,
                       backend="python")
    assert view.open_file("huge.json", _huge_set()) is None
    shown = str(view.panel.view["error"])
    assert shown.endswith(more + advice), shown[-300:]
    assert len(shown) < 600


@pytest.mark.parametrize(("lang", "more"), [("en", "; and 2,391 more."),
                                             ("ru", f"; и ещё 2{NBSP}391.")])
def test_the_teacher_opening_a_huge_set_reads_a_short_error(lang: str, more: str) -> None:
    view = TeacherView(lang, backend="python")
    assert not view.open_set_file("huge.json", _huge_set())
    shown = html.unescape(view.open_status.value)
    assert more in shown and "huge.json" in shown
    assert len(shown) < 800


@pytest.mark.parametrize(("lang", "more"), [("en", "; and 95 more."), ("ru", "; и ещё 95.")])
def test_a_results_file_with_many_problems_is_listed_briefly(lang: str, more: str) -> None:
    error = PuzzleError([PuzzleProblem("row_correct", n=n) for n in range(1, 101)],
                        "anna.json", PuzzleProblem("advice_results_again"))
    said = advised_problems(error, lang, _RESULTS_ADVICE, "advice_results_file")
    assert said.count(";") == 5 and more in said
