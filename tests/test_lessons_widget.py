"""The lesson widget and the app's Lessons section, driven through their Python message paths."""

from __future__ import annotations

from pathlib import Path

from kozel_tutor.app.lessons_view import LessonsView
from kozel_tutor.app.store import Store
from kozel_tutor.lessons import LessonPlayer, LessonProgress, lesson_ids
from kozel_tutor.widgets import esm
from kozel_tutor.widgets.lesson import LessonWidget


def test_the_lesson_widget_draws_with_the_shared_card_art() -> None:
    module = esm("lesson.js")
    assert "export function cardElement" in module
    assert module.count("export default") == 1


def test_a_browser_answer_reaches_the_player_and_the_view_follows(tmp_path: Path) -> None:
    player = LessonPlayer("04_trick", lang="en", progress=LessonProgress(tmp_path / "p.sqlite3"))
    widget = LessonWidget(player)
    widget.receive({"type": "next"})
    assert widget.view["step"]["index"] == 1
    widget.receive({"type": "answer", "value": "KH"})
    assert widget.view["feedback"]["correct"] is False
    assert widget.view["feedback"]["text"].startswith("Not quite. The 10♥ beats the K♥: in "
                                                      "Kozel the ten ranks above the king.")
    widget.receive({"type": "answer", "value": "TH"})
    assert widget.view["feedback"]["correct"] is True and widget.view["can_next"]
    widget.receive("not a command")
    widget.receive({"type": "lang", "lang": "ru"})
    assert widget.view["feedback"]["text"].startswith("Верно.")


def test_the_lessons_section_lists_every_lesson_with_its_stars(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    LessonProgress(store.path).record("02_trumps", 6, 6, 2)
    went_home: list[bool] = []
    view = LessonsView("en", store, lambda: went_home.append(True))
    tiles = view.panel.view["tiles"]
    assert len(tiles) == len(lesson_ids()) == 15
    assert tiles[1]["label"] == "2. Trumps  ★★☆"
    assert tiles[0]["title"].endswith("(not started yet)")
    view.panel.receive({"type": "button", "id": "lesson:04_trick"})
    assert view.lesson_widget is not None and view.children[-1] is view.lesson_widget
    view.lesson_widget.receive({"type": "next"})
    view.lesson_widget.receive({"type": "exit"})
    assert view.panel.view["tiles"][3]["title"].endswith("(2 of 5 steps seen)")
    view.set_lang("ru")
    assert view.panel.view["title"] == "Уроки"
    view.panel.receive({"type": "button", "id": "home"})
    assert went_home == [True]


def test_the_end_of_a_lesson_leads_on_to_the_next_in_the_same_widget(tmp_path: Path) -> None:
    from kozel_tutor.lessons.checks import expected
    from kozel_tutor.lessons.model import Task

    store = Store(tmp_path / "progress.sqlite3")
    view = LessonsView("en", store, lambda: None)
    view.panel.receive({"type": "button", "id": "lesson:01_table"})
    widget = view.lesson_widget
    assert widget is not None and view.player is not None
    while widget.view["done"] is None:
        if isinstance(view.player.step, Task) and not widget.view["answer"]["solved"]:
            widget.receive({"type": "answer", "value": expected(view.player.step).split()[0]})
        if widget.view["can_next"]:
            widget.receive({"type": "next"})
    assert widget.view["done"]["next"] == {"id": "02_trumps", "title": "2. Trumps"}
    widget.receive({"type": "next_lesson"})
    assert widget.view["lesson"]["id"] == "02_trumps" and widget.view["step"]["index"] == 0
    assert view.children[-1] is widget and widget.exit_label == "All lessons"
    widget.receive({"type": "exit"})
    tiles = view.panel.view["tiles"]
    assert tiles[0]["label"] == "1. The table, the sides and the points  ★★★"
    assert tiles[1]["title"].endswith("(1 of 6 steps seen)")


def test_the_app_registers_the_lessons_section() -> None:
    from kozel_tutor.app.sections import SECTIONS, load_sections

    assert load_sections(("kozel_tutor.app.lessons_section",)) == []
    assert SECTIONS["lessons"].title == {"ru": "Уроки", "en": "Lessons"}


def test_every_card_and_suit_the_lesson_shows_is_named_in_the_ui_language() -> None:
    from kozel_tutor.cards import Card, Suit

    player = LessonPlayer("07_called", lang="ru", progress=None)
    widget = LessonWidget(player)
    widget.receive({"type": "next"})
    assert widget.view["answer"]["kind"] == "suit"
    assert widget.names["suits"] == {s.letter: s.name_in("ru") for s in Suit}
    assert [widget.names["suits"][s] for s in "CSHD"] == ["трефы", "пики", "черви", "бубны"]
    for token in widget.view["scene"]["seats"]["S"]["cards"]:
        assert widget.names["cards"][token] == Card.parse(token).name_in("ru")
    assert widget.names["cards"]["QS"] == "дама пик"
    widget.receive({"type": "lang", "lang": "en"})
    assert widget.names["cards"]["QS"] == "queen of spades"
    assert widget.names["suits"]["C"] == "clubs"



def test_a_lesson_tile_says_its_stars_in_words(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    LessonProgress(store.path).record("02_trumps", 6, 6, 2)
    LessonProgress(store.path).record("03_following", 6, 6, 1)
    tiles = LessonsView("ru", store, lambda: None).panel.view["tiles"]
    assert tiles[1]["label"] == "2. Козыри  ★★☆", "the stars stay in sight"
    assert tiles[1]["name"] == "2. Козыри: 2 звезды из 3", "and a screen reader says how many"
    assert tiles[2]["name"].endswith(": 1 звезда из 3")
    assert tiles[3]["name"] == tiles[3]["label"], "a lesson without stars is named by its title"
    english = LessonsView("en", store, lambda: None).panel.view["tiles"]
    assert english[1]["name"] == "2. Trumps: 2 of 3 stars"


def test_a_language_switch_is_told_to_the_players_language_listeners_once() -> None:
    player = LessonPlayer("04_trick", lang="ru", progress=None)
    told: list[str] = []
    player.on_lang(told.append)
    widget = LessonWidget(player)
    widget.receive({"type": "lang", "lang": "en"})
    widget.receive({"type": "lang", "lang": "en"})   # the same language: nothing to tell
    widget.set_lang("ru")   # the app's switch
    assert told == ["en", "ru"]


def test_a_number_task_has_words_for_a_check_with_nothing_typed() -> None:
    """lesson.js shows them under the box (and sends nothing) when Check finds it empty."""
    player = LessonPlayer("08_counting", lang="ru", progress=None)
    player.next()
    assert player.view()["answer"]["kind"] == "number"
    assert player.view()["labels"]["number_first"] == "Сначала введите число"
    player.set_lang("en")
    assert player.view()["labels"]["number_first"] == "Type a number first"
    assert "view.labels.number_first" in esm("lesson.js")
