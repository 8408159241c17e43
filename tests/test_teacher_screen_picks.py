"""What a teacher meets before handing a set out: the standard game unless asked, each catalogue
puzzle to look at with its answer and to add or take out alone, puzzles of one title told apart,
a question before the whole set goes, text boxes and buttons named for a screen reader, the
link to the app the page runs in (or why there is none), and the notebook's own way: a visible
folder, the whole link, a listing that says each puzzle's variant and answer, results read from
a folder.

Everything is the real thing: the catalogue, the teacher's screen (ipywidgets), files on disk.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote

import pytest

from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.notebook import share_set
from kozel_tutor.puzzles.teacher import (
    ResultsSheet,
    filter_puzzles,
    gradebook,
    load_results,
    puzzle_list,
    set_from_param,
    set_link,
    workspace,
)
from kozel_tutor.puzzles.variants import VARIANTS

CATALOGUE = [p for s in load_catalogue() for p in s.puzzles]
UNIQUE = list({p.id: p for p in CATALOGUE}.values())


def _words(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


@pytest.fixture(autouse=True)
def _outside_voila_and_binder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen as in a notebook on the teacher's own computer, unless a test says otherwise."""
    for name in ("VOILA_BASE_URL", "BINDER_REPO_URL", "BINDER_LAUNCH_HOST"):
        monkeypatch.delenv(name, raising=False)


# -- the standard game unless asked ------------------------------------------------------------

def test_the_catalogue_filter_keeps_the_standard_game_unless_asked() -> None:
    homework = filter_puzzles(CATALOGUE, themes=["feed_partner", "cheap_discard"],
                              max_rating=1300, cards=[3, 4])[:6]
    assert len(homework) == 6 and {p.variant for p in homework} == {"standard"}
    every = filter_puzzles(CATALOGUE, themes=["feed_partner", "cheap_discard"],
                           max_rating=1300, cards=[3, 4], variants=())
    assert "nizhny" in {p.variant for p in every[:6]}   # what the example used to hand out
    assert {p.variant for p in filter_puzzles(CATALOGUE, variants=("nizhny",))} == {"nizhny"}


def test_the_screen_starts_with_the_standard_game_in_both_languages() -> None:
    for lang, name in (("ru", "Обычный"), ("en", "Standard")):
        view = TeacherView(lang, backend="python")
        assert view.variant.value == "standard" and view.variant.label == name
        assert view.add_filtered() == view.ADD_AT_ONCE
        assert {p.variant for p in view.chosen} == {"standard"}
        view.variant.value = "any"   # the teacher can still ask for every variant
        assert {p.variant for p in view.filtered()} >= {"classic", "nizhny"}


# -- looking at a puzzle, adding and removing one ----------------------------------------------

def test_a_catalogue_puzzle_is_shown_whole_with_its_answer_before_it_is_added() -> None:
    view = TeacherView("ru", backend="python")
    view.cards.value = "3"
    assert [value for _, value in view.pick.options] == [p.id for p in view.filtered()]
    second = view.filtered()[1]
    view.pick.value = second.id
    shown = _words(view.preview.value)
    assert f'data-puzzle="{second.id}"' in view.preview.value
    assert second.title.ru in shown and second.story.ru in shown
    answer = " или ".join(c.label("ru") for c in sorted(second.answers, key=lambda c: c.index))
    assert f"Ответ: {answer}" in shown
    for who in ("Ученик:", "Соперник слева:", "Партнёр:", "Соперник справа:"):
        assert who in shown
    student_cards = " ".join(c.label("ru") for c in second.position.hands[second.seat])
    assert all(card in shown for card in student_cards.split())
    assert "Козыри: трефы." in shown and f"код {second.id}" in shown
    assert view.chosen == [] and view.toggle.description == "Добавить в набор"

    assert view.toggle_picked() is True   # that one puzzle, and no other
    assert [p.id for p in view.chosen] == [second.id]
    assert view.toggle.description == "Убрать из набора"
    assert dict((v, k) for k, v in view.pick.options)[second.id].startswith("✓ ")
    assert f'data-puzzle="{second.id}"' in view.items.children[0].children[0].value
    assert view.toggle_picked() is False   # the same button takes it out again
    assert view.chosen == [] and not view.items.children
    view.set_lang("en")
    assert "Answer: " in _words(view.preview.value) and view.toggle.description == "Add to the set"


def test_the_list_says_when_no_puzzle_matches() -> None:
    view = TeacherView("en", backend="python")
    view.variant.value = "kozly24"   # its full hands have 6 cards: none of 9
    view.cards.value = "9"
    assert view.filtered() == [] and view.pick.options == ()
    assert "No catalogue puzzle matches these filters" in view.preview.value
    assert view.toggle.disabled and view.toggle_picked() is False


def test_puzzles_of_one_title_are_told_apart_in_the_list_and_the_set() -> None:
    view = TeacherView("ru", backend="python")
    view.cards.value = "3"
    view.add_filtered()
    titles = [p.title.ru for p in view.chosen]
    twins = [p for p in view.chosen if titles.count(p.title.ru) > 1]
    assert len(twins) >= 2   # «1./2. Пустая карта: 3 карты»
    labels = [_words(row.children[0].value) for row in view.items.children]
    assert len(set(labels)) == len(labels)
    for puzzle in twins:
        assert any(f"код {puzzle.id}" in label for label in labels)
    pick_labels = [label for label, _ in view.pick.options]
    assert len(set(pick_labels)) == len(pick_labels)


# -- clearing asks first -----------------------------------------------------------------------

def test_clearing_the_set_asks_first_and_cancel_keeps_everything(tmp_path: Path) -> None:
    view = TeacherView("ru", backend="python")
    view.cards.value = "3"
    view.add_filtered()
    kept = list(view.chosen)
    assert view.confirm.layout.display == "none" and not view.clear.disabled
    view.clear.click()
    assert view.chosen == kept   # nothing gone yet: the question
    assert view.confirm.layout.display != "none"
    assert "все задачи (10)" in view.clear_question.value
    assert "позиции тоже" in view.clear_question.value
    view.set_lang("en")
    assert "every puzzle (10)" in view.clear_question.value
    view.clear_no.click()
    assert view.chosen == kept and view.confirm.layout.display == "none"

    view.clear.click()
    view.clear_yes.click()
    assert view.chosen == [] and view.confirm.layout.display == "none"
    assert view.clear.disabled   # nothing left to clear
    view.clear.click()
    assert view.confirm.layout.display == "none"


# -- names for a screen reader -----------------------------------------------------------------

def test_the_text_boxes_have_labels_and_each_remove_button_names_its_puzzle() -> None:
    for lang, names in (("ru", ("Название набора", "Репозиторий GitHub (владелец/название)",
                                "Позиция", "Задачи каталога")),
                        ("en", ("Set title", "GitHub repository (owner/name)", "Position",
                                "Catalogue puzzles"))):
        view = TeacherView(lang, backend="python")
        assert (view.title.description, view.repo.description, view.position.description,
                view.pick.description) == names
        assert view.title.placeholder != view.title.description   # an example, not the name
        assert "school-7/kozel-tutor" in view.repo.placeholder
        view.cards.value = "3"
        view.add_filtered()
        buttons = [row.children[1] for row in view.items.children]
        assert len({b.description for b in buttons}) == len(buttons) == view.ADD_AT_ONCE
        for number, (button, puzzle) in enumerate(zip(buttons, view.chosen, strict=True), 1):
            assert button.description.endswith(f"{number}")
            assert puzzle.title.get(lang) in button.tooltip


# -- the link to this app ----------------------------------------------------------------------

def _local_href(view: TeacherView) -> str:
    part = view.share.value.split('data-testid="teacher-local-open"', 1)[1]
    return html.unescape(part.split('href="', 1)[1].split('"', 1)[0])


def test_in_the_app_in_voila_the_screen_offers_to_try_the_set_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    view = TeacherView("ru", lambda: None, backend="python")   # the app's section
    view.cards.value = "3"
    view.add_filtered()
    view.title.value = "Домашка 4"
    href = _local_href(view)
    assert href.startswith("?set=")   # the page's own address, made whole by the browser
    assert set_from_param(href.removeprefix("?set=")) == view.puzzle_set()
    shown = view.share.value
    assert 'data-testid="teacher-local"' in shown
    assert 'data-testid="teacher-local-copy"' not in shown   # to try, not to hand out
    assert "Попробовать набор здесь" in _words(shown)
    assert "Ученикам её не давайте" in _words(shown)
    assert 'data-testid="teacher-link-text"' in shown   # the Binder link is still there
    view.set_lang("en")
    assert "Try the set here" in _words(view.share.value)


@pytest.mark.parametrize("binder", ["BINDER_REPO_URL", "BINDER_LAUNCH_HOST"])
def test_on_binder_only_the_binder_link_is_offered(monkeypatch: pytest.MonkeyPatch,
                                                  binder: str) -> None:
    monkeypatch.setenv("VOILA_BASE_URL", "/")
    monkeypatch.setenv(binder, "https://github.com/school-7/kozel-tutor")
    view = TeacherView("en", lambda: None, backend="python")
    view.cards.value = "3"
    view.add_filtered()
    assert "teacher-local" not in view.share.value
    assert 'data-testid="teacher-link-text"' in view.share.value


def test_outside_voila_the_screen_says_each_student_uses_a_copy_of_their_own() -> None:
    view = TeacherView("en", lambda: None, backend="python")
    view.cards.value = "3"
    view.add_filtered()
    assert 'data-testid="teacher-local-open"' not in view.share.value
    assert "Each student solves the set in their own copy of the app" in _words(view.share.value)
    view.set_lang("ru")
    assert "Каждый ученик решает набор в своей копии приложения" in _words(view.share.value)


# -- the notebook's way ------------------------------------------------------------------------

def test_a_notebooks_folder_is_visible_next_to_it_and_the_apps_stays_where_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    folder = workspace(notebooks)
    assert folder == notebooks / "teacher-files" and (folder / "results").is_dir()
    assert not any(part.startswith(".") for part in folder.relative_to(tmp_path).parts)
    assert workspace(notebooks) == folder   # again: the same folder, nothing lost
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path / "home"))
    assert workspace() == tmp_path / "home" / "teacher"


def test_the_notebook_shares_a_set_with_its_whole_link_to_copy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)   # the notebook's folder
    chosen = filter_puzzles(CATALOGUE, max_rating=1300, cards=[3, 4])[:10]
    homework = PuzzleSet("homework-1", Text("Домашка", "Homework"), puzzles=tuple(chosen))
    shared = share_set(homework, workspace(tmp_path), repo="school-7/kozel-tutor", lang="en")
    assert shared.file == tmp_path / "teacher-files" / "homework-1.json"
    assert json.loads(shared.file.read_text("utf-8"))["id"] == "homework-1"
    link = set_link(homework, repo="school-7/kozel-tutor")
    assert shared.link == link and len(link) > 2000
    shown = shared._repr_html_()
    field = shown.split('data-testid="teacher-link-text"', 1)[1].split(">", 1)[1]
    assert html.unescape(field.split("</textarea>", 1)[0]) == link   # whole, not cut at 120
    assert f"Characters in the link: {len(link)}." in _words(shown)
    assert 'data-testid="teacher-copy"' in shown and "Copy the link" in shown
    assert "The set file is saved: teacher-files/homework-1.json" in _words(shown)
    opened = unquote(html.unescape(shown.split('data-testid="teacher-link"', 1)[1]
                                   .split('href="', 1)[1].split('"', 1)[0]))
    assert set_from_param(opened.split("?set=", 1)[1]) == homework


def test_the_notebooks_listing_says_each_puzzles_variant_goal_and_answer() -> None:
    mixed = [next(p for p in UNIQUE if p.variant == v) for v in VARIANTS]
    table = puzzle_list(mixed, "ru")
    assert list(table.columns) == ["Задача", "Цель", "Вариант", "Рейтинг", "Темы", "Ответ", "Код"]
    assert list(table.index) == [1, 2, 3, 4] and table.index.name == "№"
    assert list(table["Вариант"]) == [VARIANTS[v].ru for v in VARIANTS]
    assert list(table["Код"]) == [p.id for p in mixed]
    first = mixed[0]
    assert table["Ответ"].iloc[0] == " ".join(
        c.label("ru") for c in sorted(first.answers, key=lambda c: c.index))
    english = puzzle_list(mixed, "en")
    assert list(english.columns)[:3] == ["Puzzle", "Goal", "Variant"]
    assert "Nizhny Novgorod" in set(english["Variant"])


def test_results_are_read_from_a_folder_leaving_out_hidden_files_and_folders(
        tmp_path: Path) -> None:
    results = workspace(tmp_path) / "results"
    puzzle = next(p for p in UNIQUE if p.variant == "standard" and p.cards == 3)
    homework = PuzzleSet("homework-2", Text("Домашка 2", "Homework 2"), puzzles=(puzzle,))
    right = sorted(c.token for c in puzzle.answers)[0]
    wrong = next(c.token for c in puzzle.position.hands[puzzle.seat]
                 if c not in puzzle.answers)
    anna = ResultsSheet.for_set("Anna", homework)
    anna.add(puzzle, right, seconds=5, hints=0)
    anna.save(results / "anna.json")
    boris = ResultsSheet.for_set("Boris", homework)
    boris.rows.append(replace(boris.add(puzzle, wrong, seconds=5, hints=0), correct=True))
    del boris.rows[0]
    boris.save(results / "boris.csv")   # a file that says "correct" of a wrong card
    (results / ".ipynb_checkpoints").mkdir()
    (results / ".ipynb_checkpoints" / "anna-checkpoint.json").write_text("{}", "utf-8")
    (results / ".DS_Store").write_bytes(b"\0\1")
    table, problems = load_results(results)
    assert problems == []
    assert sorted(set(table["file"].map(lambda f: Path(f).name))) == ["anna.json", "boris.csv"]
    book = gradebook(table, sets=[homework])
    students = book.students
    assert int(students.loc["Anna", "right"]) == 1
    assert int(students.loc["Boris", "right"]) == 0   # graded by the card, not by the file
    assert [d.student for d in book.disputes] == ["Boris"]
