"""Accessibility review of the screens that are not the card table: what a screen reader hears
(the backup copy's result, the search for drills, a slow screen), the lessons' language switch,
the words of a set file that is not JSON, and the waiting for a section's warm-up.

The browser's side (forced colours, focus rings, accessible names without the arrows) is in
``tests/browser/test_a11y_review_fixes_browser.py``.
"""

from __future__ import annotations

import html
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.backup import BackupPanel, export_progress
from kozel_tutor.app.lessons_view import LessonsView, lessons_panel_view
from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.puzzles.texts import json_message
from kozel_tutor.widgets import PanelWidget


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "progress.sqlite3")
    store.set_pref("lang", "ru")
    return store


def _words(markup: str) -> str:
    """The text of some HTML, its blanks made single."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _said(panel: PanelWidget) -> list[tuple[int, str, str]]:
    """Every line the panel says from now on: (count, words, language)."""
    heard: list[tuple[int, str, str]] = []
    panel.observe(lambda change: heard.append((panel.said_count, panel.said, panel.said_lang)),
                  names="said_count")
    return heard


# -- the backup copy: its result is said once, the error looks like one --------------------------


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_refused_backup_file_is_said_once_and_shown_as_an_error(store: Store,
                                                                   lang: str) -> None:
    panel = BackupPanel(store, lang)
    heard = _said(panel.header)
    assert panel.import_file(b"not a backup at all") is None
    failed = {"en": "The file was not loaded, your progress is unchanged.",
              "ru": "Файл не загружен, ваш прогресс не изменился."}[lang]
    assert len(heard) == 1 and heard[0][1].startswith(failed) and heard[0][2] == lang
    assert 'class="kz-panel-error"' in panel.status.value, "styled as the home screen's notice"
    assert "role=" not in panel.status.value, "said by the live region, not a second time"
    assert _words(panel.status.value) == heard[0][1]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_file_too_large_to_send_is_said_too(store: Store, lang: str) -> None:
    panel = BackupPanel(store, lang)
    heard = _said(panel.header)
    panel.upload.receive({"type": "files", "files": [{"name": "photo.jpg", "size": 9_000_000,
                                                       "sent": False}]}, [])
    assert len(heard) == 1 and ("too large" in heard[0][1] or "слишком большой" in heard[0][1])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_loaded_backup_is_said_once_with_the_way_on_now_that_home_is_gone(
        store: Store, tmp_path: Path, lang: str) -> None:
    fresh = Store(tmp_path / "fresh" / "progress.sqlite3")
    panel = BackupPanel(fresh, lang, go_home=lambda: None)
    heard = _said(panel.header)
    assert panel.import_file(export_progress(store)) is not None
    assert len(heard) == 1
    words = heard[0][1]
    loaded = {"en": "Progress loaded from the file saved on",
              "ru": "Прогресс загружен из файла, сохранённого"}[lang]
    link = {"en": "Open the app with this progress",
            "ru": "Открыть приложение с этим прогрессом"}[lang]
    gone = {"en": "the way home is gone", "ru": "кнопки «Домой» больше нет"}[lang]
    assert words.startswith(loaded)
    assert f"“{link}”" in words or f"«{link}»" in words
    assert gone in words, "the learner is told that Home has gone, and where to go instead"
    shown = _words(panel.status.value)
    assert gone in shown and link in shown
    assert [b["id"] for b in panel.header.view["toolbar"]] == ["lang"]


# -- the lessons' list has the language switch of every other screen ----------------------------


def test_the_lessons_list_has_the_language_switch_of_every_screen() -> None:
    for lang, other in (("ru", "English"), ("en", "Русский")):
        toolbar = lessons_panel_view({}, lang)["toolbar"]
        assert [b["id"] for b in toolbar] == ["home", "lang"]
        assert toolbar[1]["label"] == other and toolbar[1]["testid"] == "lang"


def test_the_lessons_language_switch_switches_the_app_or_else_the_list(store: Store) -> None:
    switched: list[bool] = []
    view = LessonsView("ru", store, lambda: None, on_lang=lambda: switched.append(True))
    assert view.panel.receive({"type": "button", "id": "lang"}) is not None
    assert switched == [True], "the app's switch, which calls set_lang on every screen"
    alone = LessonsView("ru", store, lambda: None)
    alone.panel.receive({"type": "button", "id": "lang"})
    assert alone.lang == "en" and alone.panel.lang == "en"
    assert alone.panel.view["title"] == "Lessons"
    assert alone.panel.view["toolbar"][1]["label"] == "Русский"


def test_the_apps_lessons_switch_switches_every_screen(store: Store) -> None:
    from kozel_tutor.app import App

    app = App(store, warm=False)
    app._open_section("lessons")
    app.section_widget.panel.receive({"type": "button", "id": "lang"})
    assert app.lang == "en" and store.get_pref("lang") == "en"
    assert app.section_widget.panel.view["title"] == "Lessons"
    assert app.home.lang == "en"


# -- a set file that is not JSON, in plain English -----------------------------------------------


@pytest.mark.parametrize("message", ["Expecting value", "Expecting ',' delimiter",
                                     "Expecting property name enclosed in double quotes",
                                     "Unterminated string starting at", "Extra data",
                                     "Invalid control character at", "Something new"])
def test_the_json_parsers_complaint_is_said_in_plain_english(message: str) -> None:
    english = json_message(message)["en"]
    assert english and not english.startswith(("Expecting", "Unterminated", "Extra data",
                                               "Invalid", "Something"))
    assert english[0].islower(), "it goes on a sentence: «not valid JSON: …»"


def test_a_set_file_that_is_not_json_is_named_in_plain_words(store: Store) -> None:
    view = PuzzlesView("en", store, lambda: None)
    assert view.open_file("bad.txt", b"This is a shopping list, not a set.") is None
    error = view.panel.view["error"]
    assert error.startswith("Could not read: bad.txt: not valid JSON: ")
    assert "Expecting" not in error and "a value is missing" in error
    assert "(line 1, column 1)" in error
    view.set_lang("ru")
    assert "нет значения или перед ним лишняя запятая (строка 1, символ 1)" in \
        view.panel.view["error"]


# -- the search for drills is said once, as its tile shows it -------------------------------------


def test_the_search_for_drills_is_said_once_in_the_menus_live_region(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("en", store, lambda: None, backend="python")
    heard = _said(view.panel)
    shown: list[tuple[str, str]] = []

    def drawn(change: dict[str, Any]) -> None:
        tile = next(t for t in view.panel.view["tiles"] if t["id"] == "mine")
        shown.append((tile["title"], view.panel.said))

    view.panel.observe(drawn, names="view")
    assert view.panel.receive({"type": "button", "id": "mine"}) is not None
    assert [words for _, words, _ in heard] == ["No finished deals yet: play a match first."]
    # said before the tile shows it: the tile's line is then not its description too
    # (panel.js), so a screen reader hears it once
    assert shown == [("No finished deals yet: play a match first.",) * 2]
    view.panel.receive({"type": "button", "id": "mine"})
    assert len(heard) == 2, "pressed again: said again"
    view.set_lang("ru")
    assert len(heard) == 2, "a new language says nothing"


# -- a slow screen says that it is working ---------------------------------------------------------


def test_a_panel_has_words_for_a_wait_in_its_language() -> None:
    panel = PanelWidget(lang="ru")
    assert panel.waiting == "{label}: подождите…"
    panel.lang = "en"
    assert panel.waiting == "{label}: please wait…"


def test_a_section_opened_while_it_warms_up_waits_for_the_warm_up(store: Store) -> None:
    """The warm-up reads the puzzle catalogue: a click meanwhile used to read it a second time,
    at the same time (two threads, one interpreter lock), and took longer than both in turn."""
    from kozel_tutor.app import App
    from kozel_tutor.app.sections import SECTIONS, Section, register_section

    warmed = threading.Event()
    opened: list[bool] = []

    def warm() -> None:
        time.sleep(0.6)
        warmed.set()

    def open_it(ctx: Any) -> PanelWidget:
        opened.append(warmed.is_set())
        return PanelWidget(lang=ctx.lang, view={"title": "Slow", "buttons": []})

    register_section(Section("slow-warm", {"en": "S", "ru": "С"}, {"en": "", "ru": ""}, "★",
                             open_it, order=-5, warm=warm))
    try:
        App.WARM_AFTER = 0.05
        app = App(store)
        app.home.receive({"type": "hello", "query": "", "langs": []})
        deadline = time.monotonic() + 30
        while app.warming is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert app.warming is not None and not warmed.is_set()
        app.home.receive({"type": "button", "id": "section:slow-warm"})
        assert opened == [True], "opened once the warm-up had done its work"
        assert app.screen == "section:slow-warm"
    finally:
        App.WARM_AFTER = 2.0
        del SECTIONS["slow-warm"]
        if app.warming is not None:
            app.warming.join(timeout=120)
