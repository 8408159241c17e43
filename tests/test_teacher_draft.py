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
from kozel_tutor.app.backup_format import export_progress, import_progress
from kozel_tutor.app.store import Store, UnreadableValue
from kozel_tutor.app.teacher_view import DRAFT, TeacherView
from kozel_tutor.app.texts import text
from kozel_tutor.puzzles.model import Goal, PuzzleSet, load_catalogue
from kozel_tutor.puzzles.teacher import (
    DRAFT_TEXT_LIMITS,
    EXAMPLE_POSITION,
    TeacherDraft,
    puzzle_dict,
)


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
                                         "be read (puzzles left out: 1; to fill in again: the "
                                         "student's goal). It was put aside; the rest is below.")
    view.set_lang("ru")
    assert "(не прочитано задач: 1; заполните заново: цель ученика)" in view.header.view["error"]
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


_CATALOGUE = [puzzle for puzzle_set in load_catalogue() for puzzle in puzzle_set.puzzles]


@settings(max_examples=60, deadline=None)
@given(st.fixed_dictionaries({"version": st.just(1)}, optional={
    "title": st.text(max_size=DRAFT_TEXT_LIMITS["title"]),
    "repo": st.text(max_size=DRAFT_TEXT_LIMITS["repo"]),
    "position": st.text(max_size=400),
    "goal": st.sampled_from(["auto", *(goal.value for goal in Goal)]),
    "puzzles": st.lists(st.sampled_from(_CATALOGUE), max_size=4, unique_by=lambda p: p.id).map(
        lambda puzzles: [puzzle_dict(puzzle) for puzzle in puzzles])}))
def test_any_valid_draft_is_read_whole_without_a_problem(data: dict[str, Any]) -> None:
    draft, problems = TeacherDraft.from_dict(data)   # a ValueError here fails the test
    assert problems == []
    written = draft.to_dict()
    assert written == {"version": 1, "title": "", "repo": "", "position": "", "goal": "auto",
                       "puzzles": [], **data}
    assert [puzzle.id for puzzle in draft.puzzles] == [p["id"] for p in data.get("puzzles", [])]


def test_the_example_and_a_typed_position_round_trip_as_a_draft() -> None:
    draft = TeacherDraft(title="Домашка", position=EXAMPLE_POSITION, goal="make_61")
    assert TeacherDraft.from_dict(json.loads(json.dumps(draft.to_dict()))) == (draft, [])


def test_a_kept_catalogue_puzzle_in_old_words_is_not_added_twice(tmp_path: Path) -> None:
    """The catalogue's words change between versions of the app, and a draft kept before the
    change has the old ones: its puzzles come back as the catalogue's (matched by id), so
    adding what the filters find never adds one of them again."""
    store = Store(tmp_path / "progress.sqlite3")
    first = TeacherView("en", backend="python", store=store)
    first.add_filtered()
    first.use_example()
    assert first.author() is not None
    data = store.read_draft(DRAFT)
    assert data is not None
    for puzzle in data["puzzles"]:
        puzzle["title"] = {"ru": "Старые слова", "en": "Old words"}
    store.save_draft(DRAFT, data)

    view = TeacherView("en", backend="python", store=store)
    current = {p.id: p for p in view.catalogue}
    *kept, own = view.chosen
    assert [p.id for p in view.chosen] == [p.id for p in first.chosen]
    assert kept == [current[p.id] for p in kept], "the catalogue's puzzles in today's words"
    assert own.source == "authored" and own.title.en == "Old words", "the teacher's, as kept"
    matching = len(view.filtered())
    assert view.found.value == (f"Matching puzzles: {matching}, not yet in the set: "
                                f"{matching - len(kept)}.")
    assert view.add_filtered() == TeacherView.ADD_AT_ONCE
    ids = [p.id for p in view.chosen]
    assert len(ids) == len(set(ids)) == 2 * TeacherView.ADD_AT_ONCE + 1
    assert len(PuzzleSet.from_json(view.puzzle_set().to_json()).puzzles) == len(ids)
    rows = view.items.children
    assert len(rows) == len(ids) and len({id(row) for row in rows}) == len(ids)
    again = TeacherView("en", backend="python", store=store)
    assert [p.id for p in again.chosen] == ids and again.header.view.get("error") is None
    assert bad_rows(store) == []


@pytest.mark.parametrize(("field", "said_en", "said_ru"), [
    ("title", "The title is cut to 200 characters", "Название обрезано до 200 символов"),
    ("repo", "The repository is cut to 200 characters", "Репозиторий обрезан до 200 символов"),
], ids=["title", "repo"])
def test_a_title_or_repository_too_long_to_keep_is_cut_and_said(
        tmp_path: Path, field: str, said_en: str, said_ru: str) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = TeacherView("en", backend="python", store=store)
    view.add_filtered()
    box = getattr(view, field)
    limit = DRAFT_TEXT_LIMITS[field]
    box.value = "Т" * (limit + 1)
    assert box.value == "Т" * limit
    assert said_en in view.details_status.value
    view.set_lang("ru")
    assert said_ru in view.details_status.value
    again = TeacherView("en", backend="python", store=store)
    assert getattr(again, field).value == "Т" * limit
    assert len(again.chosen) == TeacherView.ADD_AT_ONCE
    assert again.header.view.get("error") is None and bad_rows(store) == []
    box.value = "Homework 7"
    assert view.details_status.value == "", "said of the text that was cut, not of this one"


def test_a_position_too_long_to_keep_is_cut_and_said(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = TeacherView("en", backend="python", store=store)
    limit = DRAFT_TEXT_LIMITS["position"]
    view.position.value = EXAMPLE_POSITION + " " * limit
    assert view.position.value == (EXAMPLE_POSITION + " " * limit)[:limit]
    assert f"The position is cut to {limit} characters" in view.author_status.value
    view.set_lang("ru")
    assert f"Позиция обрезана до {limit} символов" in view.author_status.value
    again = TeacherView("en", backend="python", store=store)
    assert again.position.value == view.position.value
    assert again.header.view.get("error") is None and bad_rows(store) == []


def test_a_draft_is_written_within_what_it_can_be_read_back_with() -> None:
    long = TeacherDraft(title="Т" * 500, repo="r" * 500, position="{" * 200_000)
    back, problems = TeacherDraft.from_dict(long.to_dict())
    assert problems == []
    assert [len(back.title), len(back.repo), len(back.position)] == [
        DRAFT_TEXT_LIMITS["title"], DRAFT_TEXT_LIMITS["repo"], DRAFT_TEXT_LIMITS["position"]]


@pytest.mark.parametrize(("field", "value", "what_en", "what_ru"), [
    ("title", "Т" * 201, "to fill in again: the title", "заполните заново: название"),
    ("repo", 7, "to fill in again: the repository", "заполните заново: репозиторий"),
    ("position", ["{"], "to fill in again: the position", "заполните заново: позиция"),
    ("goal", "win_everything", "to fill in again: the student's goal",
     "заполните заново: цель ученика"),
    ("puzzles", {"1": "AH"}, "the list of puzzles", "список задач"),
], ids=["title", "repo", "position", "goal", "puzzles"])
def test_a_bad_title_repository_position_or_goal_is_said_as_such(
        tmp_path: Path, field: str, value: Any, what_en: str, what_ru: str) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    before = built(store)
    data = store.read_draft(DRAFT)
    assert data is not None
    data[field] = value
    store.save_draft(DRAFT, data)
    view = TeacherView("en", backend="python", store=store)
    if field != "puzzles":
        assert [p.id for p in view.chosen] == [p.id for p in before.chosen]
    assert view.header.view["error"] == (f"Part of the set you were putting together could not "
                                         f"be read ({what_en}). It was put aside; the rest is "
                                         f"below.")
    view.set_lang("ru")
    assert f"не удалось прочитать ({what_ru})." in view.header.view["error"]
    assert "задач: 0" not in view.header.view["error"]
    [(source, _, reason, _)] = bad_rows(store)
    assert source == "drafts" and reason.startswith(field)


def test_the_long_texts_reach_python_when_the_teacher_is_done_the_title_at_every_key() -> None:
    """Each change writes the whole draft.  The repository and the position are sent when the
    teacher leaves the field or presses Enter; the title at every key, so that the set's file
    and link always carry the title on screen (its draft is small)."""
    view = TeacherView("en", backend="python")
    assert [box.continuous_update for box in (view.title, view.repo, view.position)] == [
        True, False, False]


def test_a_draft_that_cannot_be_written_is_said(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = TeacherView("ru", lambda: None, backend="python", store=store)

    def full_disk(name: str, data: dict[str, Any]) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "save_draft", full_disk)
    view.add_filtered()
    assert view.header.view["error"].startswith("Набор сейчас не сохраняется: файл прогресса "
                                                "не удалось записать.")
    view.set_lang("en")
    assert view.header.view["error"].startswith("The set is not being kept now: the progress "
                                                "file could not be written.")
    monkeypatch.undo()
    view.title.value = "Homework 7"
    assert view.header.view.get("error") is None, "kept again: said no more"
    again = TeacherView("en", backend="python", store=store)
    assert again.chosen == view.chosen and again.title.value == "Homework 7"


def test_a_kept_draft_that_cannot_be_read_now_is_never_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    first = TeacherView("en", backend="python", store=store)
    first.add_filtered()
    kept = store.read_draft(DRAFT)

    def busy(name: str) -> dict[str, Any] | None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(store, "read_draft", busy)
    view = TeacherView("en", backend="python", store=store)
    assert view.chosen == []
    assert "could not be read just now; it is left as it was" in view.header.view["error"]
    view.add_filtered()
    view.title.value = "Something else"
    monkeypatch.undo()
    assert store.read_draft(DRAFT) == kept, "the kept set was not written over"
    assert TeacherView("en", backend="python", store=store).chosen == first.chosen


def test_a_set_built_in_another_tab_is_not_replaced_by_this_ones(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    first = TeacherView("en", lambda: None, backend="python", store=Store(path))
    second = TeacherView("ru", lambda: None, backend="python", store=Store(path))
    first.title.value = "Homework A"
    first.add_filtered()
    first.add_filtered()
    second.add_filtered()   # the other tab, opened before, adds ten puzzles of its own
    assert text("draft_elsewhere", "ru") in second.header.view["error"]
    reloaded = TeacherView("en", lambda: None, backend="python", store=Store(path))
    assert [p.id for p in reloaded.chosen] == [p.id for p in first.chosen]
    assert reloaded.title.value == "Homework A"
    assert reloaded.header.view.get("error") is None
