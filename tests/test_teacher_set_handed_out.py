"""A set's id follows from its puzzles, in the teacher's notebook as on the screen, so next
week's set is another set: the gradebook keeps the weeks apart.  And once a set was handed out
(its file downloaded, its link copied or opened), a change to it makes it another set, which
the screen says, the next day too, until the new set is handed out in turn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.handout import handout_set, set_id
from kozel_tutor.puzzles.model import Text, load_catalogue
from kozel_tutor.puzzles.teacher import ResultsSheet, gradebook, read_results, results_table

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "teacher.ipynb"
CATALOGUE = [p for s in load_catalogue() for p in s.puzzles]
RESHARE_RU = ("Набор изменён после того, как вы его раздали: это уже другой набор — раздайте "
              "его заново; ответы на старый придут отдельно.")
RESHARE_EN = ("The set was changed after you handed it out: it is now a different set – hand it "
              "out again; answers to the old one will come in separately.")


# -- the notebook's set ------------------------------------------------------------------------

def _code_cells() -> list[str]:
    cells = json.loads(NOTEBOOK.read_text("utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def _share_cell_with(chosen: list[Any], names: dict[str, Any]) -> Any:
    """The notebook's share cell run on ``chosen`` (the teacher's own position left out)."""
    [cell] = [source for source in _code_cells() if "share_set(" in source]
    names.update(chosen=chosen, keep_the_ten=chosen[-1], REPO="school-7/kozel-tutor")
    exec(cell.replace("REPO = None", "pass"), names)
    return names["homework"]


def test_next_weeks_set_from_the_notebook_is_another_set_in_the_gradebook(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    names: dict[str, Any] = {}
    exec(_code_cells()[0], names)   # the notebook's imports
    week_1 = _share_cell_with(CATALOGUE[:3], names)
    week_2 = _share_cell_with(CATALOGUE[3:6], names)   # the same cell, next week's puzzles
    assert week_1.id != week_2.id
    assert week_1.title == week_2.title == Text("Домашнее задание 1", "Homework 1")
    files = sorted((tmp_path / "teacher-files").glob("*.json"))
    assert [f.name for f in files] == sorted([f"{week_1.id}.json", f"{week_2.id}.json"])
    sheets = []
    for week in (week_1, week_2):
        sheet = ResultsSheet.for_set("Anna", week)
        puzzle = week.puzzles[0]
        sheet.add(puzzle, sorted(c.token for c in puzzle.answers)[0], seconds=3, hints=0)
        sheets.append(read_results((sheet.filename(), sheet.to_json().encode("utf-8"))))
    book = gradebook(results_table(sheets), sets=[week_1, week_2], puzzles=CATALOGUE)
    assert len(book.sets) == 2   # two parts, three puzzles each: the weeks are not merged
    assert sorted(len(part.puzzles) for part in book.sets) == [3, 3]


def test_the_set_id_is_the_same_on_the_screen_and_in_code() -> None:
    view = TeacherView("ru", backend="python")
    view.cards.value = "3"
    view.add_filtered()
    assert view.puzzle_set().id == set_id(view.chosen) == handout_set("x", view.chosen).id


# -- the screen: a set changed after it was handed out -----------------------------------------

def _screen(store: Store | None = None, lang: str = "ru") -> TeacherView:
    return TeacherView(lang, lambda: None, backend="python", store=store)


def _reshare(view: TeacherView) -> str:
    return str(view.reshare.value)


def test_an_edit_after_handing_out_says_it_is_another_set(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = _screen(store)
    view.cards.value = "3"
    view.add_filtered()
    first = view.puzzle_set()
    view.remove(first.puzzles[-1].id)   # not handed out yet: no word
    assert _reshare(view) == ""
    handed = view.puzzle_set()
    view.handed.value = handed.id   # what the page does when the file is downloaded
    assert view.handed.value == ""   # ready for the next one
    assert _reshare(view) == ""
    view.remove(handed.puzzles[0].id)
    assert RESHARE_RU in _reshare(view) and view.reshare_needed()
    assert view.live.said.endswith(RESHARE_RU)   # read out with what changed
    said = view.live.count
    view.remove(handed.puzzles[1].id)   # still another set: shown, not said again
    assert RESHARE_RU in _reshare(view) and view.live.count == said + 1
    assert RESHARE_RU not in view.live.said
    view.set_lang("en")
    assert RESHARE_EN in _reshare(view)
    view.set_lang("ru")

    # the next day: the word is still there
    again = _screen(Store(tmp_path / "progress.sqlite3"))
    assert RESHARE_RU in _reshare(again)
    # back to the set handed out: it is that set again
    again.chosen[:] = list(handed.puzzles)
    again.refresh()
    assert _reshare(again) == ""
    # a new set, handed out in turn
    again.remove(handed.puzzles[0].id)
    assert RESHARE_RU in _reshare(again)
    again.handed.value = again.puzzle_set().id
    assert _reshare(again) == ""


def test_a_cleared_set_starts_afresh(tmp_path: Path) -> None:
    view = _screen(Store(tmp_path / "progress.sqlite3"))
    view.cards.value = "3"
    view.add_filtered()
    view.handed.value = view.puzzle_set().id
    view.ask_clear()
    view.clear_set()
    assert view.keeper.handed == []
    view.add_filtered()   # next week's set, being built
    assert _reshare(view) == ""
    assert _screen(Store(tmp_path / "progress.sqlite3")).keeper.handed == []


def test_downloading_copying_or_opening_the_set_tells_the_screen_its_id() -> None:
    view = _screen(lang="en")
    view.cards.value = "3"
    view.add_filtered()
    ident = view.puzzle_set().id
    shown = view.share.value
    for testid in ("teacher-download", "teacher-copy", "teacher-link", "teacher-link-text"):
        part = shown.split(f'data-testid="{testid}"', 1)[1].split(">", 1)[0]
        assert f'data-set="{ident}"' in part, testid
        assert "kz-teacher-handed input" in part, testid   # the script that tells Python
    assert "kz-teacher-handed" in view.handed._dom_classes
    assert view.handed.layout.display == "none"
