"""A lesson's own language button switches the whole app (RU/EN is one choice for every screen):
the next lesson, the home screen and the saved preference follow it."""

from __future__ import annotations

from pathlib import Path

from kozel_tutor.app.lessons_view import LessonsView
from kozel_tutor.app.main import App
from kozel_tutor.app.store import Store


def test_the_lesson_language_button_switches_the_app_and_the_next_lesson(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    app = App(store, warm=False)
    assert app.lang == "ru"
    app._open_section("lessons")
    lessons = app.section_widget
    assert isinstance(lessons, LessonsView)
    lessons.open_lesson("01_table")
    assert lessons.player is not None
    lessons.player.handle({"type": "lang", "lang": "en"})
    assert app.lang == "en" and lessons.lang == "en" and lessons.player.lang == "en"
    assert store.get_pref("lang") == "en"
    lessons.show_list()
    assert lessons.open_lesson("02_trumps") and lessons.player.lang == "en"
    assert App(store, warm=False).lang == "en"   # remembered for the next visit


def test_a_lesson_outside_the_app_switches_only_itself(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    lessons = LessonsView("ru", store, lambda: None)
    lessons.open_lesson("01_table")
    assert lessons.player is not None
    lessons.player.handle({"type": "lang", "lang": "en"})
    assert lessons.player.lang == "en" and lessons.lang == "ru"
