"""The notebooks speak one language: the one last used in a notebook (``notebook_lang``), at the
play table, in a lesson or in the puzzles; a lesson's language button changes it for them all,
and a language other than ``ru`` or ``en`` is refused up front, in the same words everywhere."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app import notebook
from kozel_tutor.app.notebook import LANG_PREF, NOTEBOOK_SLOT, lesson, notebook_lang
from kozel_tutor.app.play_view import Pace
from kozel_tutor.app.store import DB_NAME, Store
from kozel_tutor.lessons import LessonProgress, load_lesson
from kozel_tutor.puzzles import notebook as puzzles_notebook

INSTANT = Pace(card=0.0, trick=0.0)


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The learner's data folder, where the entry points open the progress file by default."""
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture()
def store(home: Path) -> Iterator[Store]:
    yield Store(home / DB_NAME, slot=NOTEBOOK_SLOT)
    notebook._put_aside_the_table_before()   # a table's AI stops before its folder goes


def test_a_lesson_opens_in_the_language_last_used_at_the_notebooks_table(store: Store) -> None:
    table = notebook.play("random", lang="en", store=store, pace=INSTANT)
    player = lesson("01_table", store=store)
    assert player.lang == "en"
    assert player.view()["lesson"]["title"] == load_lesson("01_table").title.en
    assert player.view()["labels"]["lang"] == "Русский"   # the button offers the other one
    assert table.lang == "en"


@pytest.mark.usefixtures("home")
def test_a_lesson_opens_in_russian_the_first_time() -> None:
    assert lesson("02_trumps", store=None).lang == "ru"


def test_switching_a_lessons_language_is_remembered_for_the_next_lesson_and_the_table(
        store: Store) -> None:
    player = lesson("01_table", store=store)
    assert store.get_pref(LANG_PREF) == "ru"
    player.widget().receive({"type": "lang", "lang": "en"})   # the lesson's button
    assert player.lang == "en" and store.get_pref(LANG_PREF) == "en"
    assert lesson("02_trumps", store=store).lang == "en"
    table = notebook.play("random", store=store, pace=INSTANT)
    assert table.lang == "en"
    table.receive({"type": "button", "id": "lang"})   # and back, at the table
    assert lesson("03_following", store=store).lang == "ru"


def test_a_lesson_given_a_language_speaks_it_and_keeps_it_for_the_notebooks(store: Store) -> None:
    assert lesson("01_table", "en", store=store).lang == "en"
    assert notebook_lang(store=store) == "en"


def test_a_notebook_lesson_keeps_its_progress_in_the_learners_progress_file(store: Store) -> None:
    player = lesson("04_trick", store=store)
    player.next()
    record = LessonProgress(store.path).get("04_trick")
    assert record is not None and record.steps_seen == 2


def test_the_puzzles_speak_the_notebooks_language_and_keep_one_given(home: Path) -> None:
    from kozel_tutor.puzzles.dashboard import dashboard_html
    from kozel_tutor.puzzles.progress import Progress

    store = Store(home / DB_NAME, slot=NOTEBOOK_SLOT)
    store.set_pref(LANG_PREF, "en")
    assert puzzles_notebook.play("beginner-path").view["lang"] == "en"
    assert puzzles_notebook.dashboard()._repr_html_() == dashboard_html(Progress(), "en")
    assert puzzles_notebook.play("beginner-path", "ru").view["lang"] == "ru"
    assert store.get_pref(LANG_PREF) == "ru"   # a widget opened in a language keeps it
    assert puzzles_notebook.play("fight-for-31").view["lang"] == "ru"
    assert puzzles_notebook.dashboard("en")._repr_html_() == dashboard_html(Progress(), "en")
    assert store.get_pref(LANG_PREF) == "ru"   # the dashboard only shows it


UNKNOWN = "unknown language 'de' (use ru or en)"


@pytest.mark.parametrize("call", [
    lambda store: notebook.play("easy", lang="de", store=store, pace=INSTANT),
    lambda store: notebook.resume("de", store=store),
    lambda store: notebook.review_last_deal("de", store=store, progress=False),
    lambda store: notebook.results("de", store=store),
    lambda store: lesson("01_table", "de", store=store),
    lambda store: puzzles_notebook.play("beginner-path", "de"),
    lambda store: puzzles_notebook.dashboard("de"),
], ids=["play", "resume", "review_last_deal", "results", "lesson", "puzzles.play",
        "puzzles.dashboard"])
def test_an_unknown_language_is_refused_up_front_in_the_same_words(
        store: Store, call: Any) -> None:
    with pytest.raises(ValueError) as refused:
        call(store)
    assert str(refused.value) == UNKNOWN
    assert store.get_pref(LANG_PREF) is None   # nothing was opened in it
    assert notebook._latest is None
