"""Teacher sets: build → export (file and link) → solve → results files → gradebook.

Everything here is the real thing: the sets are real catalogue puzzles solved by the player with
the solver, results files are written to disk and read back into pandas.
"""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import (
    Goal,
    PuzzleError,
    PuzzleSet,
    Text,
    load_catalogue,
    load_set,
    save_set,
)
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.teacher import (
    ResultsSheet,
    author_puzzle,
    filter_puzzles,
    gradebook,
    gradebook_html,
    load_results,
    set_from_param,
    set_from_query,
    set_link,
    set_to_param,
)

CATALOGUE = [p for s in load_catalogue() for p in s.puzzles if p.cards <= 4]
SMALL_POSITION = {"hands": {"N": "QC 9S", "E": "JD AH", "S": "TC 7S", "W": "KH 6D"},
                  "leader": "N", "taken": {"NS": [40, 4], "EW": [50, 3]}}


def homework() -> PuzzleSet:
    chosen = filter_puzzles(CATALOGUE, max_rating=1400, cards=(3, 4))[:4]
    assert len(chosen) == 4
    return PuzzleSet("homework-1", Text("Домашнее задание 1", "Homework 1"),
                     Text("Четыре концовки", "Four endings"), tuple(chosen))


def solve_as(student: str, puzzle_set: PuzzleSet, picks: list[str], tmp: Path) -> Path:
    """A student solves the set in the player: ``right`` or ``wrong`` per puzzle."""
    sheet = ResultsSheet(student, puzzle_set.id, puzzle_set.title.en)
    player = PuzzlePlayer(SetQueue(list(puzzle_set.puzzles)), lang="en", sheet=sheet,
                          backend="python")
    for pick in picks:
        puzzle = player.puzzle
        assert puzzle is not None
        legal = player.view()["legal"]
        answers = sorted(c.token for c in puzzle.answers)
        card = answers[0] if pick == "right" else next(c for c in legal if c not in answers)
        if pick == "hint":
            player.handle({"type": "hint"})
            card = answers[0]
        assert player.handle({"type": "play", "card": card})
        assert player.handle({"type": "next"})
    assert player.view()["phase"] == "empty"
    path = tmp / (sheet.filename("csv" if student == "Boris" else "json"))
    sheet.save(path)
    return path


def test_filters_keep_only_matching_puzzles_easiest_first() -> None:
    found = filter_puzzles(CATALOGUE, themes=("ruff_or_not",), max_rating=1500)
    assert found and all("ruff_or_not" in p.themes and p.rating <= 1500 for p in found)
    assert [p.rating for p in found] == sorted(p.rating for p in found)


@pytest.mark.parametrize("variant", ["standard", "classic", "nizhny", "kozly24"])
def test_the_catalogue_filters_by_variant(variant: str) -> None:
    found = filter_puzzles(CATALOGUE, variants=(variant,))
    assert found and all(p.variant == variant for p in found)
    assert all(p.position.rules.name == variant for p in found)
    others = filter_puzzles(CATALOGUE, variants=[v for v in ("standard", "classic", "nizhny",
                                                             "kozly24") if v != variant])
    assert not {p.id for p in found} & {p.id for p in others}
    assert len(found) + len(others) == len({p.id for p in CATALOGUE})


def test_a_set_travels_in_a_binder_link_and_comes_back_whole() -> None:
    puzzle_set = homework()
    link = set_link(puzzle_set, repo="school/kozel-tutor")
    parts = urlsplit(link)
    assert parts.netloc == "mybinder.org" and parts.path == "/v2/gh/school/kozel-tutor/HEAD"
    urlpath = unquote(parts.query.removeprefix("urlpath="))
    assert urlpath.startswith("voila/render/notebooks/app.ipynb?set=")
    assert set_from_query(urlpath.split("?", 1)[1]) == puzzle_set


def test_the_repository_of_the_link_is_configurable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_TUTOR_REPO", "someone/fork")
    assert "/v2/gh/someone/fork/HEAD?" in set_link(homework())
    with pytest.raises(ValueError, match="owner/name"):
        set_link(homework(), repo="not a repo")


@pytest.mark.parametrize(("param", "message"), [
    ("abc$%", "characters that base64 never uses"),
    ("AAAA", "not a compressed set"),
    (base64.urlsafe_b64encode(zlib.compress(b'{"format": "x"}')).decode(), "not a puzzle set"),
])
def test_a_broken_link_is_a_clear_error(param: str, message: str) -> None:
    with pytest.raises(PuzzleError, match=message) as info:
        set_from_param(param)
    assert str(info.value).startswith("link:")


def test_a_cut_link_is_reported_as_cut() -> None:
    param = set_to_param(homework())
    with pytest.raises(PuzzleError, match="cut"):
        set_from_param(param[: len(param) // 2])


def test_a_zip_bomb_in_a_link_is_refused() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000)).decode()
    with pytest.raises(PuzzleError, match="larger than"):
        set_from_param(bomb)


def test_authoring_fills_in_the_answers_or_says_why_not() -> None:
    with pytest.raises(PuzzleError, match="no clear best: the next card is only 6 point"):
        author_puzzle(SMALL_POSITION, backend="python")
    taken_all = {"hands": {"N": "8D 7D", "E": "KS TH 6H", "S": "AC 7H", "W": "AD KD"},
                 "leader": "S", "trick": ["AH", "8H", "KH"], "led": "S",
                 "taken": {"NS": [65, 6], "EW": [0, 0]}}
    puzzle = author_puzzle(taken_all, title=Text("Сбереги десятку", "Keep the ten"),
                           backend="python")
    assert puzzle.goal is Goal.TAKE_TRICK and [c.token for c in puzzle.answers] == ["6H"]
    assert puzzle.title.en == "Keep the ten" and puzzle.source == "authored"
    with pytest.raises(PuzzleError, match="position:"):
        author_puzzle({"hands": {"N": "QC"}}, backend="python")


def test_teacher_round_trip_build_export_solve_results_gradebook(tmp_path: Path) -> None:
    puzzle_set = homework()
    save_set(tmp_path / "homework.json", puzzle_set)
    from_file = load_set(tmp_path / "homework.json")
    param = unquote(set_link(from_file, repo="a/b")).split("?set=", 1)[1]
    from_link = set_from_param(param)
    assert from_file == from_link == puzzle_set

    files = [
        solve_as("Anna", from_link, ["right", "right", "right", "right"], tmp_path),
        solve_as("Boris", from_link, ["wrong", "right", "wrong", "right"], tmp_path),
        solve_as("Vera", from_file, ["hint", "wrong", "right", "right"], tmp_path),
    ]
    assert files[1].suffix == ".csv"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kozel-puzzle-results", "version": 1, "student": "X", '
                   '"set_id": "homework-1", "results": [{"puzzle": "p", "card": "ZZ", '
                   '"correct": true, "seconds": 1, "hints": 0}]}', encoding="utf-8")
    table, errors = load_results([*files, bad])
    assert len(errors) == 1 and "bad.json" in str(errors[0]) and "bad card 'ZZ'" in str(errors[0])
    assert len(table) == 12 and set(table["student"]) == {"Anna", "Boris", "Vera"}

    book = gradebook(table)
    assert book.students.loc["Anna", "percent"] == 100
    assert book.students.loc["Boris", "percent"] == 50
    assert book.students.loc["Vera", "right"] == 3 and book.students.loc["Vera", "hints"] == 1
    first = puzzle_set.puzzles[0].id
    assert book.puzzles.loc[first, "right"] == 2
    assert book.puzzles.loc[first, "common_wrong_card"] != ""
    assert book.answers.shape == (3, 4)
    html = gradebook_html(book, "ru")
    assert "<svg" in html and "Anna" in html


def test_results_files_record_card_time_and_hints(tmp_path: Path) -> None:
    puzzle_set = homework()
    path = solve_as("Anna", puzzle_set, ["hint", "right", "right", "right"], tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "kozel-puzzle-results" and data["student"] == "Anna"
    row = data["results"][0]
    assert set(row) == {"puzzle", "card", "correct", "seconds", "hints", "at"}
    assert row["hints"] == 1 and row["correct"] is True and row["seconds"] >= 0


@pytest.mark.parametrize(("name", "content", "message"), [
    ("a.json", "[]", "not a results file"),
    ("b.json", "{", "not valid JSON"),
    ("c.csv", "student,puzzle\nA,p\n", "needs the columns"),
    ("d.csv", "student,set_id,puzzle,card,correct,seconds,hints,at\nA,s,p,QC,maybe,1,0,\n",
     "correct must be"),
    ("e.json", '{"format": "kozel-puzzle-results", "version": 1, "student": "", "set_id": "s",'
               ' "results": []}', "student must be a name"),
])
def test_a_bad_results_file_is_named_and_the_others_still_load(
        tmp_path: Path, name: str, content: str, message: str) -> None:
    good = solve_as("Anna", homework(), ["right"] * 4, tmp_path)
    bad = tmp_path / name
    bad.write_text(content, encoding="utf-8")
    table, errors = load_results([good, bad])
    assert len(table) == 4
    assert [e.source for e in errors] == [str(bad)] and message in str(errors[0])


def test_the_app_opens_a_set_from_its_link_and_offers_the_results(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    param = set_to_param(homework())
    view = PuzzlesView("en", store, lambda: None, query=f"set={param}", backend="python")
    assert view.screen == "puzzle" and view.widget is not None
    assert view.widget.view["header"]["counter"] == "Puzzle 1 of 4"
    assert "puzzles-name-needed" in view.downloads.value
    view.name.value = "Anna"
    card = view.widget.view["legal"][0]
    assert view.widget.receive({"type": "play", "card": card})
    assert 'download="Anna-homework-1.json"' in view.downloads.value
    payload = view.downloads.value.split("base64,", 1)[1].split('"', 1)[0]
    results = json.loads(base64.b64decode(payload))
    assert results["results"][0]["card"] == card


def test_the_app_reports_a_broken_link_and_shows_the_menu(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("en", store, lambda: None, query="set=AAAA", backend="python")
    assert view.screen == "menu"
    assert "not a compressed set" in view.panel.view["error"]


def test_the_app_refuses_a_bad_set_file_by_name(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("en", store, lambda: None, backend="python")
    assert view.open_file("homework.json", b'{"format": "kozel-puzzle-set"}') is None
    assert view.panel.view["error"].startswith("Could not read: homework.json:")


def test_the_teacher_section_builds_shares_and_grades(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = TeacherView("en", store, backend="python")
    view.cards.value = "3"
    assert view.add_filtered() == view.ADD_AT_ONCE
    assert 'data-testid="teacher-link"' in view.share.value
    view.position.value = json.dumps(SMALL_POSITION)
    assert view.author() is None and "teacher-error" in view.author_status.value
    results = solve_as("Anna", view.puzzle_set(), ["right"] * view.ADD_AT_ONCE, tmp_path)
    view.add_results([(results.name, results.read_bytes()), ("junk.csv", b"nonsense")])
    assert "junk.csv" in view.grades.value and "Anna" in view.grades.value


def test_the_teacher_filters_the_catalogue_by_variant(tmp_path: Path) -> None:
    view = TeacherView("ru", Store(tmp_path / "progress.sqlite3"), backend="python")
    assert ("Нижегородский", "nizhny") in view.variant.options
    view.variant.value = "nizhny"
    found = view.filtered()
    assert found and all(p.variant == "nizhny" for p in found)
    view.set_lang("en")
    assert view.variant.value == "nizhny" and ("Nizhny Novgorod", "nizhny") in view.variant.options
    view.variant.value = "any"
    assert {p.variant for p in view.filtered()} >= {"standard", "classic", "nizhny", "kozly24"}
