"""The app's Lessons section: the list of lessons with progress and stars, and the player.

One :class:`LessonsView` (an ``ipywidgets.VBox``) shows either the list (a panel of tiles, one a
lesson, with the stars earned and the steps seen) or one lesson (the lesson widget; once the last
lesson of the course is finished, its end leads on to a match and to the puzzles, the first
buttons there and the focus on the match, through the app's own way to its screens).  Back on
the list, the focus is on the tile of the lesson just left (reached, perhaps, by «Next lesson»
from the tile pressed).  Progress is read from and written to the app's database through
:class:`~kozel_tutor.lessons.progress.LessonProgress`.  While another window or program holds
the progress file, the list and the bar above a lesson say so
(:func:`~kozel_tutor.app.notices.held_notice`), the lessons go on as usual, and what the learner
does meanwhile is saved once the file is free.

>>> from kozel_tutor.lessons.progress import LessonRecord
>>> lesson_tile("04_trick", LessonRecord("04_trick", 5, 5, 2), "en")["label"]
'4. Who takes the trick  ★★☆'
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from ..i18n import Noun
from ..lessons import LessonPlayer, LessonProgress, LessonRecord, lesson_ids, load_lesson
from ..widgets import Command, PanelWidget
from ..widgets.lesson import LessonWidget
from .notices import held_notice, notice_html
from .screens import LanguageSwitch, lang_button
from .sections import SECTIONS
from .store import Store
from .texts import text

__all__ = ["LessonsView", "lesson_tile", "lessons_panel_view", "tile_testid"]

log = logging.getLogger(__name__)

_TEXT = {
    "title": {"ru": "Уроки", "en": "Lessons"},
    "subtitle": {"ru": "С нуля до первой партии: каждое правило — на картах, каждое задание "
                       "проверяет сам движок игры.",
                 "en": "From zero to your first match: every rule on the cards, every task "
                       "checked by the game engine itself."},
    "list": {"ru": "Все уроки", "en": "All lessons"},
    "seen": {"ru": "пройдено шагов: {seen} из {steps}", "en": "{seen} of {steps} steps seen"},
    "new": {"ru": "ещё не начат", "en": "not started yet"},
    "stars": {"ru": "{title}: {stars} из 3", "en": "{title}: {n} of 3 stars"},
    "way_play": {"ru": "Сыграть партию", "en": "Play a match"},
    "way_puzzles": {"ru": "Решать задачи", "en": "Solve puzzles"},
}

WAYS_ON = ("play", "puzzles")
"""Where the end of the last lesson leads: the app's Play screen and the Puzzles section (the
keys the app's ``open_section`` takes; Play is the app's own, the others are sections).  The
lesson widget draws them (:meth:`~kozel_tutor.widgets.lesson.LessonWidget.offer_ways_on`), in
this order, the first the main one."""


STARS = Noun(("star", "stars"), ("звезда", "звезды", "звёзд"))
"""A lesson's stars, as a screen reader says them: «2 звезды из 3»."""


def _t(key: str, lang: str, **params: object) -> str:
    return _TEXT[key][lang].format(**params)


def tile_testid(lesson_id: str) -> str:
    """The data-testid of the lesson's tile in the list."""
    return f"lesson-open-{lesson_id}"


def lesson_tile(lesson_id: str, record: LessonRecord | None, lang: str) -> dict[str, Any]:
    """One tile of the list: number, title and stars (a screen reader says how many, not
    "black star, white star"); the goal and progress as its tooltip."""
    lesson = load_lesson(lesson_id)
    label = name = f"{lesson.number}. {lesson.title.get(lang)}"
    if record is not None and record.stars is not None:
        label += "  " + "★" * record.stars + "☆" * (3 - record.stars)
        stars = STARS(record.stars).in_lang(lang)
        name = _t("stars", lang, title=name, stars=stars, n=record.stars)
    if record is None:
        status = _t("new", lang)
    else:
        status = _t("seen", lang, seen=min(record.steps_seen, record.steps), steps=record.steps)
    return {"id": f"lesson:{lesson_id}", "label": label, "name": name,
            "testid": tile_testid(lesson_id),
            "icon": "★" if record is not None and record.finished else "✎",
            "title": f"{lesson.goal.get(lang)} ({status})"}


def lessons_panel_view(records: dict[str, LessonRecord], lang: str, *,
                       notice: str = "") -> dict[str, Any]:
    """The list of lessons; ``notice``: the progress file is in use by another window or
    program (:func:`~kozel_tutor.app.notices.held_notice`)."""
    view = {
        "title": _t("title", lang),
        "subtitle": _t("subtitle", lang),
        "testid": "lessons",
        "toolbar": [{"id": "home", "label": text("back", lang), "testid": "lessons-home"},
                    lang_button(lang)],
        "tiles": [lesson_tile(lid, records.get(lid), lang) for lid in lesson_ids()],
        "buttons": [],
    }
    if notice:
        view["error"] = notice
    return view


class LessonsView(LanguageSwitch, ipywidgets.VBox):  # type: ignore[misc]
    """The Lessons section of the app: the list, or one lesson with a button back to the list.

    The list has the language switch of every screen: the app's own (``on_lang``), which
    switches every screen; without an app it switches this one.

    ``open_section(key)`` is the app's way to its other screens (:data:`WAYS_ON`): with it, the
    end of the course offers a match and the puzzles as buttons; without it (no app) it offers
    none, only the words.
    """

    children: tuple[Any, ...]

    def __init__(self, lang: str, store: Store, go_home: Callable[[], None], *,
                 open_section: Callable[[str], None] | None = None,
                 on_lang: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = lang
        self.go_home = go_home
        self.open_section = open_section
        self.on_lang = on_lang
        self.progress = LessonProgress.for_file(store.path)
        self.panel = PanelWidget(lang=lang)
        self.notice = ipywidgets.HTML()
        """Above a lesson: the progress file is in use (empty, and not shown, when it is not)."""
        self.notice.add_class("kz-lessons-notice")
        self.panel.on_command(self._command)
        self.player: LessonPlayer | None = None
        self.lesson_widget: LessonWidget | None = None
        self.ways_on: dict[str, dict[str, str]] = {
            key: _TEXT[f"way_{key}"] for key in WAYS_ON
            if open_section is not None and (key == "play" or key in SECTIONS)}
        """The ways on from the end of the course, their words by language, by key (none without
        the app's ``open_section``)."""
        self.show_list()

    def _go(self, key: str) -> None:
        """Leave the lessons for the app's screen ``key``, as its home tile does."""
        if self.open_section is not None:
            self.open_section(key)

    def _records(self) -> dict[str, LessonRecord]:
        try:
            return self.progress.all()
        except sqlite3.Error:
            log.exception("could not read lesson progress")
            return {}

    def held_notice(self) -> str:
        """That progress is not saved just now, the file being in use by another window or
        program (naming it), or ``""``."""
        why = self.progress.held
        if why is None:
            return ""
        return held_notice(why, self.lang, lessons=True, unread=self.progress.unread)

    def _list_view(self) -> dict[str, Any]:
        records = self._records()   # first: it writes what waits, if the file is free again
        return lessons_panel_view(records, self.lang, notice=self.held_notice())

    def show_list(self) -> None:
        """The list of lessons; after a lesson, with the focus to go back to its tile."""
        left = self.player.lesson.id if self.player is not None else None
        self.player = self.lesson_widget = None
        self.panel.return_to = "" if left is None else tile_testid(left)
        self._still_held()
        self.panel.view = self._list_view()
        self._show(self.panel)

    def _still_held(self) -> None:
        try:
            self.progress.still_held()   # a file held before may be free again
        except sqlite3.Error:
            log.exception("could not save lesson progress")

    def open_lesson(self, lesson_id: str) -> LessonWidget:
        player = self.player = LessonPlayer(lesson_id, lang=self.lang, progress=self.progress)
        self.lesson_widget = player.widget()
        self.lesson_widget.exit_label = _t("list", self.lang)
        self.lesson_widget.on_exit(self.show_list)
        if self.ways_on:
            self.lesson_widget.offer_ways_on(self.ways_on, self._go)
        player.on_lang(self._lesson_lang)
        player.on_change(self._show_lesson)
        self._show_lesson()
        return self.lesson_widget

    def _show_lesson(self) -> None:
        """The lesson on screen, with the notice above it while the progress file is held
        (after each step: an answer or a step may have found it held, or free again)."""
        if self.lesson_widget is None:
            return
        self.notice.value = notice_html(self.held_notice(), "lessons-notice")
        if self.notice.value:
            self._show(self.notice, self.lesson_widget)
        else:
            self._show(self.lesson_widget)

    def _show(self, *widgets: Any) -> None:
        if tuple(self.children) != widgets:
            self.children = widgets

    def _lesson_lang(self, lang: str) -> None:
        """The lesson's own language button was pressed: the whole app switches (``on_lang``,
        the app's switch), so the next lesson and every screen speak it too."""
        if lang != self.lang and self.on_lang is not None:
            self.on_lang()

    def set_lang(self, lang: str) -> None:
        """Called by the app when the learner switches language."""
        self.lang = lang
        self.panel.lang = lang
        if self.player is not None and self.lesson_widget is not None:
            if self.player.lang != lang:   # not when the lesson's own button switched the app
                self.player.set_lang(lang)
            self.lesson_widget.exit_label = _t("list", lang)
            self._show_lesson()
        else:
            self.panel.view = self._list_view()

    def _command(self, command: Command) -> None:
        if command.kind != "button":
            return
        self.panel.return_to = ""   # the focus comes back to the control pressed now
        if command.value in ("home", "lang"):
            self.header_button(command.value)
        elif command.value.startswith("lesson:"):
            lesson_id = command.value.removeprefix("lesson:")
            if lesson_id in lesson_ids():
                self.open_lesson(lesson_id)
