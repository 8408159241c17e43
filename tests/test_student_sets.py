"""A student and a teacher's set: the set and the first answers survive leaving and reopening,
a set whose answers are wrong is caught when it opens, the end says what to do with the
results file, and a pasted name is one clean line.

Each test is named after the rule it checks; each opens the app's real Puzzles screen on a
real SQLite store in a temporary folder, the set as a teacher's link or file.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.cards import Card
from kozel_tutor.puzzles.model import Goal, Puzzle, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.puzzles.student_sets import first_answers
from kozel_tutor.puzzles.teacher import (
    filter_puzzles,
    load_results,
    normalise_student_name,
    set_to_param,
)
from kozel_tutor.puzzles.verify import analyse, check_set_answers, legal_cards, verified_key
from kozel_tutor.widgets.schema import check_panel_view

PY = "python"
CATALOGUE = [p for s in load_catalogue() for p in s.puzzles]


def homework(set_id: str = "homework-7") -> PuzzleSet:
    chosen = filter_puzzles(CATALOGUE, max_rating=1400, cards=(3,))[:4]
    assert len(chosen) == 4
    return PuzzleSet(set_id, Text("Домашка 7", "Homework 7"), puzzles=tuple(chosen))


def with_wrong_answer(puzzle_set: PuzzleSet, number: int) -> tuple[PuzzleSet, Card]:
    """The set with puzzle ``number`` (from 1) given a wrong card as its answer, as a hand
    edit of the file would; returns the card the solver finds best instead."""
    data = puzzle_set.to_dict()
    puzzle = puzzle_set.puzzles[number - 1]
    wrong = next(c for c in legal_cards(puzzle.position) if c not in puzzle.answers)
    data["puzzles"][number - 1]["answers"] = [wrong.token]
    best = min(puzzle.answers, key=lambda c: c.index)
    return PuzzleSet.from_dict(data), best


def open_link(store: Store, puzzle_set: PuzzleSet, lang: str = "ru", **kwargs: Any) -> PuzzlesView:
    """The page a student's browser opens from the teacher's link (a new kernel each time)."""
    return PuzzlesView(lang, store, lambda: None, query=f"set={set_to_param(puzzle_set)}",
                       backend=PY, **kwargs)


def play(view: PuzzlesView, right: bool) -> str:
    """Answer the puzzle on screen right or wrong; returns the card played."""
    assert view.player is not None and view.widget is not None
    puzzle = view.player.puzzle
    assert puzzle is not None
    answers = {c.token for c in puzzle.answers}
    card = next(c for c in view.widget.view["legal"] if (c in answers) == right)
    assert view.widget.receive({"type": "play", "card": card})
    return card


def results(view: PuzzlesView) -> dict[str, Any]:
    payload = view.downloads.value.split("base64,", 1)[1].split('"', 1)[0]
    data: dict[str, Any] = json.loads(base64.b64decode(payload))
    return data


def tiles(view: PuzzlesView) -> dict[str, dict[str, Any]]:
    return {t["testid"]: t for t in check_panel_view(view.panel.view)["tiles"]}


# -- 1. leaving a set and opening it again: the first answers stay, the work goes on -----------

def test_reopening_a_link_keeps_the_name_and_the_first_answers_and_goes_on_from_there(
        tmp_path: Path) -> None:
    store, puzzle_set = Store(tmp_path / "progress.sqlite3"), homework()
    first = open_link(store, puzzle_set)
    first.name.value = "Борис"
    played = [play(first, right=False)]
    assert first.widget is not None and first.widget.receive({"type": "next"})
    played.append(play(first, right=False))

    again = open_link(store, puzzle_set)   # the student opens the link again, the next day
    assert again.name.value == "Борис"
    assert again.widget is not None and again.player is not None
    view = again.widget.view
    assert view["phase"] == "solve" and view["header"]["counter"] == "Задача 3 из 4"
    data = results(again)
    assert data["student"] == "Борис"
    assert [(r["card"], r["correct"]) for r in data["results"]] == [
        (played[0], False), (played[1], False)]
    play(again, right=True)
    assert [r["correct"] for r in results(again)["results"]] == [False, False, True]
    assert again.widget.receive({"type": "next"})
    play(again, right=True)
    assert again.widget.receive({"type": "next"})
    assert again.widget.view["message"].startswith("Набор решён: верно 2 из 4.")


def test_a_set_answered_before_shows_each_answer_and_try_again_changes_none(
        tmp_path: Path) -> None:
    store, puzzle_set = Store(tmp_path / "progress.sqlite3"), homework()
    first = open_link(store, puzzle_set, lang="en")
    first.name.value = "Anna"
    wrong = play(first, right=False)
    for _ in range(3):
        assert first.widget is not None and first.widget.receive({"type": "next"})
        play(first, right=True)
    attempts = len(Progress(store.path).attempts())

    again = open_link(store, puzzle_set, lang="en")
    assert again.widget is not None
    view = again.widget.view
    assert view["header"]["counter"] == "Puzzle 1 of 4"   # every puzzle answered: from the start
    assert view["phase"] == "wrong" and view["feedback"]["card"] == wrong
    assert "your first answer counts" in view["note"]
    assert view["cards_table"], "the answer is explained as it was"
    for card in legal_cards(puzzle_set.puzzles[0].position):
        assert not again.widget.receive({"type": "play", "card": card.token})
    assert again.widget.receive({"type": "retry"})
    play(again, right=True)
    assert again.widget.view["phase"] == "right"
    assert len(Progress(store.path).attempts()) == attempts
    assert [r["correct"] for r in results(again)["results"]] == [False, True, True, True]


def test_the_menu_offers_a_set_opened_from_a_link_and_goes_on_where_it_was_left(
        tmp_path: Path) -> None:
    store, puzzle_set = Store(tmp_path / "progress.sqlite3"), homework("homework.7")
    first = open_link(store, puzzle_set)
    first.name.value = "Борис"
    play(first, right=False)

    menu = PuzzlesView("ru", store, lambda: None, backend=PY)   # the app, no link this time
    tile = tiles(menu)["puzzles-open-homework-7"]
    assert tile["label"] == "Домашка 7" and tile["title"] == "Отвечено 1 из 4 — продолжить"
    assert next(iter(tiles(menu))) == "puzzles-open-homework-7", "the student's sets come first"
    menu.panel.receive({"type": "button", "id": tile["id"]})
    assert menu.screen == "puzzle" and menu.widget is not None
    assert menu.widget.view["header"]["counter"] == "Задача 2 из 4"
    assert menu.name.value == "Борис"
    menu.set_lang("en")
    menu.bar.receive({"type": "button", "id": "menu"})
    assert tiles(menu)["puzzles-open-homework-7"]["title"] == "1 of 4 answered: continue"


def test_leaving_a_set_half_done_says_its_answers_are_kept(tmp_path: Path) -> None:
    store, puzzle_set = Store(tmp_path / "progress.sqlite3"), homework()
    view = open_link(store, puzzle_set)
    back = next(b for b in view.bar.view["toolbar"] if b["id"] == "menu")
    assert back["title"] == "Ответы сохранятся: набор можно продолжить из меню"
    play(view, right=True)
    view.bar.receive({"type": "button", "id": "menu"})
    assert view.screen == "menu"
    assert view.panel.view["lines"] == [
        "Ответы сохранены: в наборе «Домашка 7» отвечено 1 из 4. Продолжить можно с его плитки."]
    view.set_lang("en")
    assert view.panel.view["lines"] == [
        "Your answers are kept: 1 of 4 answered in “Homework 7”. Continue from its tile."]
    view.panel.receive({"type": "button", "id": "open:homework-7"})
    assert view.screen == "puzzle" and view.note is None


def test_a_catalogue_set_tile_counts_the_answers_given(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("ru", store, lambda: None, backend=PY)
    catalogue_set = next(s for s in view.sets if s.puzzles and s.puzzles[0].cards <= 4)
    testid = f"puzzles-set-{catalogue_set.id}"[:40]
    view.panel.receive({"type": "button", "id": tiles(view)[testid]["id"]})
    play(view, right=True)
    view.bar.receive({"type": "button", "id": "menu"})
    n = len(catalogue_set.puzzles)
    assert tiles(view)[testid]["title"] == f"задач: {n}, отвечено 1"
    assert not any(t.startswith("puzzles-open-") for t in tiles(view)), "not kept twice"


def test_the_player_counts_the_answers_given_before_and_refuses_a_second_first_answer(
        tmp_path: Path) -> None:
    puzzle_set = homework()
    progress = Progress(tmp_path / "progress.sqlite3")
    first = PuzzlePlayer(SetQueue(list(puzzle_set.puzzles)), progress=progress,
                         set_id=puzzle_set.id, backend=PY)
    puzzle = first.puzzle
    assert puzzle is not None
    right = min(puzzle.answers, key=lambda c: c.index)
    first.answer(right)
    given = first_answers(progress)[puzzle_set.id]
    assert set(given) == {puzzle.id} and given[puzzle.id].card == right

    again = PuzzlePlayer(SetQueue(list(puzzle_set.puzzles)), progress=progress,
                         set_id=puzzle_set.id, backend=PY, given=given)
    assert again.answered == [(puzzle.id, True)]
    assert again.puzzle == puzzle_set.puzzles[1]


# -- 2. a set whose stated answers are wrong is caught when it opens ---------------------------

def test_a_set_file_with_a_wrong_answer_sets_that_puzzle_aside_and_names_it(
        tmp_path: Path) -> None:
    puzzle_set, best = with_wrong_answer(homework(), 1)
    view = PuzzlesView("ru", Store(tmp_path / "progress.sqlite3"), lambda: None, backend=PY)
    view.open_file("homework.json", puzzle_set.to_json().encode())
    assert view.widget is not None and view.player is not None
    assert view.widget.view["header"]["counter"] == "Задача 1 из 3"
    assert view.player.puzzle == puzzle_set.puzzles[1]
    first = puzzle_set.puzzles[0]
    stated = next(iter(first.answers))
    assert view.bar.view["error"] == (
        f"Отложено задач: 1 — в файле набора у них неверные ответы, скажите об этом учителю. "
        f"Задача 1 («{first.title.ru}»): в файле набора ответ — {stated.label('ru')}, "
        f"а по решателю лучше всего {best.label('ru')}.")
    view.set_lang("en")
    assert view.bar.view["error"] == (
        f"Puzzles set aside: 1 — the set file gives them wrong answers; please tell your "
        f"teacher. Puzzle 1 (“{first.title.en}”): the set file's answer is {stated.label('en')}, "
        f"but the solver's best is {best.label('en')}.")
    view.name.value = "Anna"
    assert len(results(view)["puzzles"]) == 4, "the teacher still sees the whole set"
    play(view, right=False)
    view.bar.receive({"type": "button", "id": "menu"})
    assert tiles(view)["puzzles-open-homework-7"]["title"] == "1 of 3 answered: continue"


def test_a_kept_set_that_cannot_be_read_is_left_out_and_the_menu_still_opens(
        tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    open_link(store, homework())
    kept = store.get_pref("puzzle_student_sets")
    store.set_pref("puzzle_student_sets", [{"set": {"format": "nonsense"}, "used": 9e9}, 7,
                                           {"set": kept[0]["set"], "used": "soon"}, *kept])
    store.set_pref("puzzle_student_names", ["not", "a", "mapping"])
    view = PuzzlesView("ru", store, lambda: None, backend=PY)
    assert [t for t in tiles(view) if t.startswith("puzzles-open-")] == [
        "puzzles-open-homework-7"]
    view.panel.receive({"type": "button", "id": "open:homework-7"})
    assert view.screen == "puzzle" and view.name.value == ""


def test_only_the_puzzles_not_known_good_are_solved_again() -> None:
    puzzle_set, _ = with_wrong_answer(homework(), 2)
    trusted = {verified_key(p) for p in CATALOGUE}
    seen: list[tuple[int, int]] = []
    kept, aside = check_set_answers(puzzle_set.puzzles, trusted=trusted, backend=PY,
                                    on_progress=lambda done, total: seen.append((done, total)))
    assert [a.number for a in aside] == [2] and len(kept) == 3
    assert seen == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]


def test_a_puzzle_whose_goal_no_card_reaches_is_set_aside() -> None:
    # a three-card ending where no card makes 90, given that goal
    source = next(p for p in CATALOGUE if p.cards == 3 and p.goal is not Goal.MAKE_90
                  and not analyse(p.position, Goal.MAKE_90, backend=PY).answers)
    puzzle = Puzzle.from_dict({**source.to_dict(), "goal": "make_90"})
    _, aside = check_set_answers([puzzle], backend=PY)
    assert [a.found for a in aside] == [frozenset()]
    assert aside[0].problem.text("ru").endswith("но цели не достигает ни одна карта")


def test_checking_a_set_that_takes_long_shows_how_far_the_solver_got(tmp_path: Path) -> None:
    ticks = iter(range(0, 10_000, 2))   # every look at the clock: two seconds later
    view = PuzzlesView("ru", Store(tmp_path / "progress.sqlite3"), lambda: None, backend=PY,
                       clock=lambda: float(next(ticks)))
    shown: list[dict[str, Any]] = []
    view.panel.observe(lambda change: shown.append(change["new"]), names="view")
    view.open_file("homework.json", homework().to_json().encode())
    lines = [v["lines"][0] for v in shown if v.get("testid") == "puzzles-checking"]
    assert lines == [f"Решатель проверяет ответы набора: задача {i} из 4…" for i in (1, 2, 3, 4)]
    assert view.screen == "puzzle"


# -- 3. the end of the set says what to do with the results, in the page's column --------------

@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Скачайте файл результатов (вверху, под заголовком) и отправьте его учителю."),
    ("en", "Download your results file (at the top, under the title) and send it to your "
           "teacher.")])
def test_the_end_of_a_teachers_set_asks_for_the_results_file_to_be_sent(
        tmp_path: Path, lang: str, words: str) -> None:
    view = open_link(Store(tmp_path / "progress.sqlite3"), homework(), lang=lang)
    for _ in range(4):
        play(view, right=True)
        assert view.widget is not None and view.widget.receive({"type": "next"})
    assert view.widget.view["message"].endswith(words)
    # the name and the files right under the bar, above the puzzle, in line with it (920px)
    assert view.children.index(view.results) == view.children.index(view.bar) + 1
    assert view.children[-1] is view.widget
    layout = view.results.layout
    assert (layout.max_width, layout.margin, layout.padding) == ("920px", "0 auto 8px", None)


# -- 4. a name pasted with a tab or a line break ------------------------------------------------

def test_a_pasted_name_is_one_line_that_the_teachers_gradebook_takes(tmp_path: Path) -> None:
    assert normalise_student_name(" Иванов\tБорис\r\n 7Б ") == "Иванов Борис 7Б"
    assert normalise_student_name("Я" * 79 + " \x07x") == "Я" * 79
    assert normalise_student_name("e\u0301") == "\u00e9"
    view = open_link(Store(tmp_path / "progress.sqlite3"), homework())
    view.name.value = "Иванов\tБорис\n"
    play(view, right=True)
    data = results(view)
    assert data["student"] == "Иванов Борис"
    path = tmp_path / "results.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    table, errors = load_results([path])
    assert errors == [] and list(table["student"]) == ["Иванов Борис"]


def test_a_linked_set_waits_for_its_screen_before_the_solver_checks_it(tmp_path: Path) -> None:
    """In the app the screen is put up first (saying the set is opening), and the check, whose
    progress it shows, starts once it is on screen (``on_shown``)."""
    store = Store(tmp_path / "progress.sqlite3")
    view = open_link(store, homework(), lang="en", open_link_later=True)
    assert view.screen == "checking" and view.children == (view.panel,)
    assert view.panel.view["lines"] == ["Opening the puzzle set…"]
    view.on_shown()
    assert view.screen == "puzzle" and view.pending is None
    view.on_shown()   # once only
    assert view.screen == "puzzle"
