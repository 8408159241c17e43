"""The end of the course leads on: once the last lesson is finished, the app offers a match and
the puzzles as the first buttons of its end (the match the main one), opened through the app's
own way to its screens; earlier lessons, and lessons outside the app (a notebook), offer no such
buttons."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import finish_lesson

from kozel_tutor.app import App
from kozel_tutor.app.lessons_view import LessonsView
from kozel_tutor.app.store import Store
from kozel_tutor.lessons import LessonPlayer, lesson_ids

LAST = lesson_ids()[-1]


def lessons_in(app: App) -> LessonsView:
    app._open_section("lessons")
    view = app.section_widget
    assert isinstance(view, LessonsView)
    return view


@pytest.fixture()
def app(tmp_path: Path) -> App:
    return App(Store(tmp_path / "progress.sqlite3"), warm=False)


WAYS = [{"key": "play", "label": "Сыграть партию"}, {"key": "puzzles", "label": "Решать задачи"}]


def test_the_last_lesson_ends_with_a_match_and_the_puzzles_as_buttons(app: App) -> None:
    lessons = lessons_in(app)
    widget = lessons.open_lesson(LAST)
    assert widget.view["done"] is None, "no way on before the lesson is finished"
    widget.receive({"type": "way", "key": "play"})   # not finished yet: ignored
    assert app.screen == "section:lessons"
    finish_lesson(widget)
    assert list(lessons.children) == [widget]   # the ways on are the lesson's own buttons
    assert widget.view["done"]["ways"] == WAYS   # the match first: the main way on
    app.toggle_lang()   # the app's switch relabels them with the lesson
    assert [w["label"] for w in widget.view["done"]["ways"]] == ["Play a match", "Solve puzzles"]
    assert "Beginner path" in widget.view["done"]["text"]   # the words say where to start


def test_solve_puzzles_opens_the_puzzles_section_as_its_tile_does(app: App) -> None:
    from kozel_tutor.app.puzzles_view import PuzzlesView

    lessons = lessons_in(app)
    widget = lessons.open_lesson(LAST)
    finish_lesson(widget)
    widget.receive({"type": "way", "key": "puzzles"})
    puzzles = app.section_widget
    assert isinstance(puzzles, PuzzlesView) and app.screen == "section:puzzles"
    assert puzzles.screen == "menu"
    beginner = [t for t in puzzles.panel.view["tiles"] if t["id"] == "set:beginner-path"]
    assert [t["label"] for t in beginner] == ["Путь новичка"]


def test_play_a_match_opens_the_apps_play_screen_as_its_tile_does(app: App) -> None:
    lessons = lessons_in(app)
    widget = lessons.open_lesson(LAST)
    finish_lesson(widget)
    widget.receive({"type": "way", "key": "bogus"})   # no such way: ignored
    assert app.screen == "section:lessons"
    widget.receive({"type": "way", "key": "play"})
    assert app.screen == "settings"
    assert list(app.children) == [app.settings_panel]
    play = [b for b in app.settings_panel.view["buttons"] if b["id"] == "play"]
    assert len(play) == 1


def test_earlier_lessons_end_without_those_buttons(app: App) -> None:
    lessons = lessons_in(app)
    widget = lessons.open_lesson(lesson_ids()[-2])
    finish_lesson(widget)
    assert widget.view["done"]["next"] is not None
    assert "ways" not in widget.view["done"]
    widget.receive({"type": "next_lesson"})   # on to the last lesson in the same widget
    assert widget.view["lesson"]["id"] == LAST
    finish_lesson(widget)
    assert widget.view["done"]["ways"] == WAYS
    widget.receive({"type": "restart"})   # the last lesson again: the way on waits for its end
    assert widget.view["done"] is None
    widget.receive({"type": "exit"})   # the list of lessons
    assert list(lessons.children) == [lessons.panel]


def test_outside_the_app_the_last_lesson_offers_only_the_words(tmp_path: Path) -> None:
    lessons = LessonsView("en", Store(tmp_path / "progress.sqlite3"), lambda: None)
    widget = lessons.open_lesson(LAST)
    finish_lesson(widget)
    assert lessons.ways_on == {} and "ways" not in widget.view["done"]
    # a notebook shows the player's own widget: its view carries no buttons to draw
    player = LessonPlayer(LAST, lang="en", progress=None)
    finish_lesson(player.widget())
    assert player.course_finished
    assert set(player.view()["done"]) == {"stars", "text", "next"}
    assert "Beginner path" in player.view()["done"]["text"]
