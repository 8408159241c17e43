"""The set a teacher is building is kept in the app's store: leaving the section, coming back,
reloading the page (a new store on the same file) or moving to a new session with the progress
file loses nothing; a draft that cannot be read is set aside, whole, and the screen says so."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kozel_tutor.app import App
from kozel_tutor.app.backup import export_progress, import_progress
from kozel_tutor.app.store import Store, UnreadableValue
from kozel_tutor.app.teacher_view import DRAFT, TeacherView
from kozel_tutor.puzzles.model import Goal
from kozel_tutor.puzzles.teacher import EXAMPLE_POSITION, TeacherDraft


def built(store: Store) -> TeacherView:
    """A teacher's afternoon: ten catalogue puzzles, one of their own, a title, a repository,
    a position half typed with a goal chosen."""
    view = TeacherView("en", lambda: None, backend="python", store=store)
    view.cards.value = "3"
    view.add_filtered()
    view.use_example()
    assert view.author() is not None
    view.remove(view.chosen[1].id)
    view.title.value = "Homework 7"
    view.repo.value = "school/kozel"
    view.position.value = '{"hands": {"N": "QC'
    view.goal.value = Goal.SAVE_31.value
    return view


def same_work(before: TeacherView, after: TeacherView) -> None:
    assert [p.id for p in after.chosen] == [p.id for p in before.chosen]
    assert after.chosen == before.chosen
    assert (after.title.value, after.repo.value, after.position.value, after.goal.value) == (
        before.title.value, before.repo.value, before.position.value, before.goal.value)
    after.set_lang(before.lang)
    assert after.share.value == before.share.value
    assert len(after.items.children) == len(before.chosen)
    assert after.header.view.get("error") is None


def bad_rows(store: Store) -> list[tuple[str, dict[str, Any], str, int]]:
    with closing(sqlite3.connect(store.path)) as conn:
        rows = conn.execute("SELECT source, data, reason, told FROM bad_rows").fetchall()
    return [(str(r[0]), json.loads(r[1]), str(r[2]), int(r[3])) for r in rows]


def stored(store: Store, text: str | bytes) -> None:
    with closing(sqlite3.connect(store.path)) as conn:
        conn.execute("INSERT INTO drafts VALUES (?, CAST(? AS TEXT), 0) ON CONFLICT(name) DO "
                     "UPDATE SET data = excluded.data", (DRAFT, text))
        conn.commit()


def test_the_set_being_built_is_there_after_leaving_and_coming_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    before = built(store)
    assert len(before.chosen) == TeacherView.ADD_AT_ONCE   # 10, one removed, one authored
    assert before.chosen[-1].source == "authored"
    same_work(before, TeacherView("ru", lambda: None, backend="python", store=store))
    # a reloaded page is a new kernel: a new store on the same file
    same_work(before, TeacherView("en", backend="python",
                                  store=Store(tmp_path / "progress.sqlite3")))


def test_clearing_the_set_is_kept_too(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    built(store).clear_set()
    again = TeacherView("en", backend="python", store=store)
    assert again.chosen == [] and again.title.value == "Homework 7"


def test_without_a_store_nothing_is_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = TeacherView("en", backend="python")
    view.add_filtered()
    assert view.store is None and store.read_draft(DRAFT) is None
    assert TeacherView("en", backend="python").chosen == []


def test_the_app_keeps_the_set_from_home_and_back(tmp_path: Path) -> None:
    app = App(Store(tmp_path / "progress.sqlite3"), warm=False)
    app._open_section("teacher")
    first = app.section_widget
    assert isinstance(first, TeacherView)
    first.add_filtered()
    first.title.value = "Homework 7"
    app.show_home()
    app._open_section("teacher")
    again = app.section_widget
    assert isinstance(again, TeacherView) and again is not first
    same_work(first, again)


def test_the_progress_file_carries_the_draft_to_a_new_session(tmp_path: Path) -> None:
    store = Store(tmp_path / "old" / "progress.sqlite3")
    before = built(store)
    fresh = Store(tmp_path / "new" / "progress.sqlite3")
    assert import_progress(fresh, export_progress(store)).rows["drafts"] == 1
    same_work(before, TeacherView("en", backend="python", store=fresh))


@pytest.mark.parametrize("damage", [b"\xff\xfe not text", b'{"version": 1, "puzzles": [',
                                    b"[1, 2]", b'{"version": 2}', b'"a set"'])
def test_a_draft_that_cannot_be_read_is_set_aside_and_said(tmp_path: Path,
                                                           damage: bytes) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    stored(store, damage)
    view = TeacherView("ru", lambda: None, backend="python", store=store)
    assert view.chosen == [] and view.title.value == ""
    assert view.header.view["error"].startswith("Набор, который вы собирали, не удалось "
                                                "прочитать. Он отложен в сторону")
    view.set_lang("en")
    assert view.header.view["error"].startswith("The set you were putting together could not "
                                                "be read. It was put aside")
    [(source, row, _, told)] = bad_rows(store)
    assert source == "drafts" and row["name"] == DRAFT and told == 1
    kept = row["data"]
    assert (kept == damage.decode() if isinstance(kept, str)
            else kept == {"base64": "//4gbm90IHRleHQ="})
    assert store.take_untold() == [], "told once, by the teacher's screen in its own words"
    assert store.read_draft(DRAFT) is None
    view.add_filtered()   # the new set is kept as usual
    again = TeacherView("en", backend="python", store=store)
    assert len(again.chosen) == TeacherView.ADD_AT_ONCE
    assert again.header.view.get("error") is None


def test_a_draft_with_a_bad_puzzle_keeps_the_rest(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    before = built(store)
    data = store.read_draft(DRAFT)
    assert data is not None
    data["puzzles"][2]["answers"] = ["ZZ"]
    data["goal"] = "win_everything"
    store.save_draft(DRAFT, data)
    view = TeacherView("en", backend="python", store=store)
    assert [p.id for p in view.chosen] == [p.id for i, p in enumerate(before.chosen) if i != 2]
    assert view.title.value == "Homework 7" and view.goal.value == "auto"
    assert view.header.view["error"] == ("Part of the set you were putting together could not "
                                         "be read (puzzles left out: 1). It was put aside; the "
                                         "rest is below.")
    view.set_lang("ru")
    assert "не прочитано задач: 1" in view.header.view["error"]
    [(source, row, reason, _)] = bad_rows(store)
    assert source == "drafts" and json.loads(row["data"]) == data, "set aside whole"
    assert "puzzle #3" in reason and "goal" in reason
    again = TeacherView("en", backend="python", store=store)
    assert again.chosen == view.chosen and again.header.view.get("error") is None


def test_the_store_keeps_one_draft_per_name_and_replaces_it_whole(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    assert store.read_draft("teacher") is None
    store.save_draft("teacher", {"a": 1})
    store.save_draft("teacher", {"b": [2]})
    store.save_draft("other", {"c": 3})
    assert store.read_draft("teacher") == {"b": [2]} and store.read_draft("other") == {"c": 3}
    store.delete_draft("teacher")
    assert store.read_draft("teacher") is None and store.read_draft("other") == {"c": 3}
    stored(store, b"[" * 100 + b"]" * 100)
    with pytest.raises(UnreadableValue):
        store.read_draft(DRAFT)
    assert store.read_draft(DRAFT) is None and [r[0] for r in bad_rows(store)] == ["drafts"]


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@settings(max_examples=60, deadline=None)
@given(st.fixed_dictionaries({"version": st.just(1)}, optional={
    "title": _JSON, "repo": _JSON, "position": _JSON, "goal": _JSON, "puzzles": _JSON}) | _JSON)
def test_any_stored_json_is_a_draft_or_a_value_error(data: Any) -> None:
    try:
        draft, problems = TeacherDraft.from_dict(data)
    except ValueError:
        return
    assert all(isinstance(problem, str) for problem in problems)
    assert TeacherDraft.from_dict(draft.to_dict()) == (draft, [])


def test_the_example_and_a_typed_position_round_trip_as_a_draft() -> None:
    draft = TeacherDraft(title="Домашка", position=EXAMPLE_POSITION, goal="make_61")
    assert TeacherDraft.from_dict(json.loads(json.dumps(draft.to_dict()))) == (draft, [])
