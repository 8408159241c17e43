"""The app object as Voila runs it: a pre-started kernel builds ``App()`` before the page opens,
so the page's hello must bring in what changed since (progress, the query string)."""

from __future__ import annotations

import time
from pathlib import Path

import ipywidgets
import pytest

from kozel_tutor.app import App
from kozel_tutor.app.play_view import Pace
from kozel_tutor.app.session import Settings
from kozel_tutor.app.store import Store
from kozel_tutor.app.texts import text
from kozel_tutor.puzzles.model import PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import set_to_param
from kozel_tutor.widgets import Command
from kozel_tutor.widgets.schema import MAX_QUERY_CHARS, parse_command


def hello(app: App, query: str = "") -> None:
    app.home.receive({"type": "hello", "query": query})


def home_buttons(app: App) -> set[str]:
    return {str(b["id"]) for b in app.home.view.get("buttons", ())} | {
        str(t["id"]) for t in app.home.view.get("tiles", ())}


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "progress.sqlite3")


def test_hello_carries_the_page_query_string() -> None:
    assert parse_command({"type": "hello", "query": "?set=abc"}, {}).value == "?set=abc"
    assert parse_command({"type": "hello"}, {}).value == ""
    # a wrong type or an oversized query is dropped, the hello itself still counts
    assert parse_command({"type": "hello", "query": 5}, {}).value == ""
    assert parse_command({"type": "hello", "query": "x" * (MAX_QUERY_CHARS + 1)}, {}).value == ""


def test_a_match_saved_after_the_app_was_built_is_offered_on_hello(store: Store) -> None:
    prebuilt = App(store)  # the pre-started kernel's app, built before the learner played
    assert "continue" not in home_buttons(prebuilt)
    other_visit = App(store)
    other_visit.play.start(Settings(level="random"))
    assert store.load_match() is not None
    hello(prebuilt)
    assert "continue" in home_buttons(prebuilt)


def test_a_language_chosen_after_the_app_was_built_is_used_on_hello(store: Store) -> None:
    prebuilt = App(store)
    assert prebuilt.lang == "ru"
    App(store).toggle_lang()
    hello(prebuilt)
    assert prebuilt.lang == "en" and prebuilt.home.lang == "en"


def test_a_teachers_link_opens_its_set_when_the_page_says_hello(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("QUERY_STRING", "")  # restored after the test
    puzzles = load_catalogue()[0].puzzles[:2]
    homework = PuzzleSet("homework", Text("Домашка", "Homework"), Text("", ""), tuple(puzzles))
    prebuilt = App(store)
    assert prebuilt.screen == "home"
    hello(prebuilt, "?set=" + set_to_param(homework))
    assert prebuilt.screen == "section:puzzles"
    assert prebuilt.section_widget.screen == "puzzle"  # the set is open, not the menu


def test_the_sections_warm_up_on_the_home_screen_and_a_failing_warm_up_changes_nothing(
        store: Store, caplog: pytest.LogCaptureFixture) -> None:
    import sys

    from kozel_tutor.app.sections import SECTIONS, Section, register_section

    warmed: list[str] = []

    def fails() -> None:
        raise RuntimeError("no catalogue here")

    register_section(Section("warm-ok", {"en": "A", "ru": "А"}, {"en": "", "ru": ""}, "★",
                             lambda ctx: None, warm=lambda: warmed.append("ok")))
    register_section(Section("warm-bad", {"en": "B", "ru": "Б"}, {"en": "", "ru": ""}, "★",
                             lambda ctx: None, order=1, warm=fails))
    try:
        App.WARM_AFTER = 0.2
        app = App(store)
        time.sleep(0.5)
        assert app.warming is None   # not while the page is still loading
        hello(app)
        deadline = time.monotonic() + 30
        while app.warming is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert app.warming is not None
        app.warming.join(timeout=120)
        assert not app.warming.is_alive()
        assert "ok" in warmed   # (apps of earlier tests that said hello may warm up too)
        assert "warming section warm-bad failed" in caplog.text
        # the real sections' slow imports are done before the first click
        assert "kozel_tutor.app.puzzles_view" in sys.modules
        assert "kozel_tutor.app.teacher_view" in sys.modules
        quiet = App(store, warm=False)
        hello(quiet)
        # a learner who leaves the home screen at once (to play) gets no warm-up meanwhile
        busy = App(store)
        hello(busy)
        busy.show_settings()
        time.sleep(0.6)
        assert busy.warming is None and busy._warm_timer is None
        time.sleep(0.2)
        assert quiet.warming is None and quiet._warm_timer is None
    finally:
        App.WARM_AFTER = 2.0
        del SECTIONS["warm-ok"], SECTIONS["warm-bad"]


def settings_buttons(app: App) -> list[str]:
    return [str(b["id"]) for b in app.settings_panel.view["buttons"]]


def test_a_new_match_from_the_settings_says_it_replaces_the_unfinished_one(store: Store) -> None:
    app = App(store, warm=False, pace=Pace(card=0, trick=0))
    assert app.home.receive({"type": "button", "id": "open-play"}) is not None
    assert "lines" not in app.settings_panel.view   # nothing to replace yet
    assert settings_buttons(app) == ["back", "play"]
    app.settings = Settings(level="random")
    assert app.settings_panel.receive({"type": "button", "id": "play"}) is not None
    app.play.wait_idle()
    unfinished = store.load_match()
    # the learner leaves the table for a new match: the settings say what happens to this one
    app.play.handle(Command("button", "new-game"))
    assert app.screen == "settings"
    [warning] = app.settings_panel.view["lines"]
    assert warning == text("replace_warning", "ru", match=app._continue_hint())
    assert settings_buttons(app) == ["back", "continue", "play"]
    assert app.settings_panel.view["buttons"][1]["primary"] is True   # Enter keeps the match
    app.toggle_lang()
    assert app.settings_panel.view["lines"] == [
        text("replace_warning", "en", match=app._continue_hint())]
    # Continue goes back to it, as it was
    assert app.settings_panel.receive({"type": "button", "id": "continue"}) is not None
    assert app.screen == "play" and store.load_match() == unfinished
    app.play.wait_idle()
    # a reload: the saved match is the unfinished one, and the warning says so again
    again = App(store, warm=False, pace=Pace(card=0, trick=0))
    again.home.receive({"type": "button", "id": "open-play"})
    assert again.settings_panel.view["lines"] and "continue" in settings_buttons(again)
    assert again.settings_panel.receive({"type": "button", "id": "play"}) is not None
    again.play.wait_idle()
    assert store.load_match() != unfinished   # replaced, as the learner was told


def test_a_first_visit_points_to_the_lessons_and_later_visits_to_play(store: Store) -> None:
    def primary(app: App) -> list[str]:
        return [tile["id"] for tile in app.home.view["tiles"] if tile.get("primary")]

    assert primary(App(store, warm=False)) == ["section:lessons"]
    from kozel_tutor.lessons.progress import LessonProgress
    LessonProgress(store.path).record("01_table", 2, 8, None)
    assert primary(App(store, warm=False)) == ["open-play"]


def test_hello_carries_the_browsers_languages() -> None:
    assert parse_command({"type": "hello", "langs": ["en-US", "en"]}, {}).langs == ("en-US", "en")
    assert parse_command({"type": "hello"}, {}).langs == ()
    # malformed lists are dropped, the hello itself still counts
    assert parse_command({"type": "hello", "langs": "en"}, {}).langs == ()
    assert parse_command({"type": "hello", "langs": ["x"] * 21}, {}).langs == ()
    assert parse_command({"type": "hello", "langs": ["en", 5, "", "d" * 36]}, {}).langs == ("en",)


def test_a_first_visit_speaks_the_browsers_language(store: Store) -> None:
    app = App(store)
    app.home.receive({"type": "hello", "query": "", "langs": ["en-GB", "ru"]})
    assert app.lang == "en" and app.home.lang == "en" and app.play.ui.lang == "en"
    # not a choice: nothing is saved; a browser asking for neither, but for a language whose
    # readers more often read Russian, gets Russian
    assert store.get_pref("lang") is None
    other = App(store)
    other.home.receive({"type": "hello", "query": "", "langs": ["kk-KZ", "de"]})
    assert other.lang == "ru"


def test_a_language_chosen_with_the_switch_wins_over_the_browsers(store: Store) -> None:
    App(store).toggle_lang()   # the learner chose English
    App(store).toggle_lang()   # and then Russian again
    app = App(store)
    app.home.receive({"type": "hello", "query": "", "langs": ["en-US"]})
    assert app.lang == "ru"


def test_a_section_pressed_before_the_warm_up_opens_without_a_warm_up_beside_it(
        store: Store) -> None:
    """The warm-up does the work of a section's first opening: started while a section opens,
    that work is done twice (the home screen's timer must not fire into the opening)."""
    from kozel_tutor.app.sections import SECTIONS, Section, register_section

    def slow_open(ctx: object) -> ipywidgets.HTML:
        time.sleep(0.6)   # longer than WARM_AFTER: the timer would fire meanwhile
        return ipywidgets.HTML("opened")

    register_section(Section("slow-open", {"en": "S", "ru": "С"}, {"en": "", "ru": ""}, "★",
                             slow_open, warm=lambda: None))
    try:
        App.WARM_AFTER = 0.2
        app = App(store)
        hello(app)
        assert app._warm_timer is not None
        app._open_section("slow-open")
        time.sleep(0.4)
        assert app.warming is None and app._warm_timer is None
        assert app.screen == "section:slow-open"
    finally:
        App.WARM_AFTER = 2.0
        del SECTIONS["slow-open"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_section_that_fails_to_open_is_told_in_plain_words_without_the_error(
        store: Store, lang: str) -> None:
    from kozel_tutor.app.sections import SECTIONS, Section, register_section

    def broken(ctx: object) -> None:
        raise ImportError("cannot import name 'x' from 'kozel_tutor.solver' (/srv/app/x.py)")

    register_section(Section("broken", {"en": "B", "ru": "Б"}, {"en": "", "ru": ""}, "★",
                             broken))
    try:
        app = App(store, warm=False)
        if app.lang != lang:
            app.toggle_lang()
        app._open_section("broken")
        assert app.screen == "home"
        shown = " ".join(app.home.view.get("notices", ())) + " ".join(app.notices)
        assert text("section_failed", lang) in shown
        assert "import" not in shown and "/srv/app" not in shown
    finally:
        del SECTIONS["broken"]


def test_a_section_module_that_fails_to_import_is_told_on_the_home_screen(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """In the learner's language, switched or not, and for as long as the tiles are missing."""
    import kozel_tutor.app.main as main

    monkeypatch.setattr(main, "load_sections", lambda: ["kozel_tutor.app.x_section: boom"])
    app = App(store, warm=False)
    app.show_home()
    assert text("sections_missing", "ru") in app.home.view["error"]
    assert "boom" not in app.home.view["error"]
    app.toggle_lang()
    app.show_home()
    assert text("sections_missing", "en") in app.home.view["error"]
    app.show_settings()   # a match played and home again: the tiles are still missing
    app.show_home()
    assert text("sections_missing", "en") in app.home.view["error"]
    app.toggle_lang()
    monkeypatch.setattr(main, "load_sections", lambda: [])
    fine = App(store, warm=False)
    fine.show_home()
    assert text("sections_missing", "ru") not in str(fine.home.view.get("error"))
