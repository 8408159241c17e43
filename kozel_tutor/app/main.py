"""The app: home screen, settings, the table, and the sections other modules register.

``App()`` is the whole of the Voila notebook.  It is an ``ipywidgets.VBox`` showing one screen
at a time; all of them share the learner's language and the progress store.

What the learner must know of their progress file stays on the home screen
(:meth:`App.show_home`): that nothing is kept this session (the file cannot be written:
also above every section), and where a damaged file went (until they press "Got it").  Another
window that continued this window's match is said once, and Continue then offers the match as
that window saved it.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from ..widgets import Command, PanelWidget
from . import variant_texts  # noqa: F401  (registers the texts)
from .notices import not_kept_notice, notice_html, save_set_aside_notice, untold_notice
from .play_view import Pace, PlayScreen
from .screens import home_view, settings_view
from .sections import SectionContext, load_sections, sections, warm_sections
from .session import MatchSession, SaveError, Settings, available_levels, open_saved_match
from .store import Store
from .texts import text
from .variant_views import match_score_words
from .views import level_label

__all__ = ["App"]

log = logging.getLogger(__name__)


RUSSIAN_READERS = frozenset({"ru", "uk", "be", "kk", "ky", "uz", "tg", "tt", "ba", "os",
                             "hy", "az", "ka", "mn"})
"""Languages whose readers more often read Russian than English (the former Soviet countries):
a browser asking for one of them first gets the app in Russian."""


def browser_lang(langs: tuple[str, ...]) -> str:
    """The app's language for a browser that asks for ``langs`` (most preferred first):
    ``en`` or ``ru`` as the first tag that is either asks, else ``ru`` where Russian is the
    likelier second language, else ``en``; ``ru`` when the browser says nothing.

    >>> browser_lang(("en-US", "en")), browser_lang(("de-DE", "ru")), browser_lang(("uk",))
    ('en', 'ru', 'ru')
    >>> browser_lang(("fr-FR", "de")), browser_lang(())
    ('en', 'ru')
    """
    primaries = [tag.split("-")[0].split("_")[0].lower() for tag in langs]
    for primary in primaries:
        if primary in ("ru", "en"):
            return primary
    if not primaries or any(primary in RUSSIAN_READERS for primary in primaries):
        return "ru"
    return "en"


class App(ipywidgets.VBox):  # type: ignore[misc]
    """The kozel-tutor app; ``store`` defaults to the database in the user's data folder."""

    def __init__(self, store: Store | None = None, *, pace: Pace | None = None,
                 warm: bool = True, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kz-app")
        self.store = store or Store()
        self.lang = self._pref("lang", "ru", ("ru", "en"))
        self.four_colour = bool(self._pref("four_colour", False, (True, False)))
        self.settings = self._saved_settings()
        self.notices: list[str] = []
        """What to tell the learner once, on the home screen (cleared when they play)."""
        self._table_stale = False
        """Another window continued the match on the table: it is no longer this window's."""
        self.section_problems = load_sections()
        """Section modules that failed to import (logged): their tiles are missing, and the
        home screen says so (:meth:`_standing_notices`)."""
        self.saved: MatchSession | None = self._load_saved()
        self.home = PanelWidget(lang=self.lang)
        self.home.on_command(self._home_command)
        self.settings_panel = PanelWidget(lang=self.lang, four_colour=self.four_colour)
        self.settings_panel.on_command(self._settings_command)
        self.play = PlayScreen(self.store, lang=self.lang, four_colour=self.four_colour,
                               sound=bool(self._pref("sound", True, (True, False))),
                               on_leave=self._leave_table, on_lang=self.toggle_lang, pace=pace)
        self.section_widget: Any = None
        # The sections' first opening imports pandas and reads the puzzle catalogue (2-3 s):
        # done in the background while the learner looks at the home screen (WARM_AFTER
        # seconds there without a click).  Not while the page loads (Voila heats the next
        # kernel then, and it should not take the CPU from the browser), and not during a
        # match (the AI's thinking time is measured in samples per second).
        self._warm = warm
        self._greeted = False
        self._warm_timer: threading.Timer | None = None
        self.warming: threading.Thread | None = None
        self.screen = "home"
        self._link_opened = False
        self._begun = False   # the learner has played or begun a lesson (see _first_visit)
        self.show_home()
        self._open_linked_set()

    def _open_linked_set(self) -> None:
        """A teacher's link carries a puzzle set (``?set=...``): open it, once per page."""
        if not self._link_opened and "set=" in os.environ.get("QUERY_STRING", ""):
            self._link_opened = True
            self._open_section("puzzles")

    # -- loading ------------------------------------------------------------------------------

    def _pref(self, key: str, default: Any, allowed: tuple[Any, ...]) -> Any:
        try:
            value = self.store.get_pref(key, default)
        except sqlite3.Error:
            return default
        return value if value in allowed else default

    def _saved_settings(self) -> Settings:
        try:
            data = self.store.get_pref("settings")
        except sqlite3.Error:   # held by another program just now: the settings of a new learner
            log.warning("could not read the saved settings", exc_info=True)
            data = None
        try:
            settings = Settings.from_dict(data)
        except SaveError:
            levels = available_levels()
            settings = Settings(level="easy" if "easy" in levels else levels[0])
        return settings

    def _load_saved(self) -> MatchSession | None:
        """The saved match; one that cannot be read is set aside and the learner told why."""
        try:
            session, set_aside = open_saved_match(self.store)
        except sqlite3.Error:
            log.exception("could not read the saved match")
            return None
        if set_aside is not None:
            self.notices.append(save_set_aside_notice(set_aside, self.lang))
        return session

    # -- screens ------------------------------------------------------------------------------

    def _table_live(self) -> bool:
        """Whether the table holds a match this window may go on with."""
        return self.play.has_match and not self._table_stale

    def _continue_hint(self) -> str | None:
        session = self.play.session if self._table_live() else self.saved
        if session is None or session.score.is_over:
            return None
        level = level_label(session.settings.level, self.lang)
        if not session.settings.standard:
            level = f"{text(f'variant_{session.settings.variant}', self.lang)} · {level}"
        score = match_score_words(session.rules, session.score.scores, self.lang)
        return text("continue_hint", self.lang, level=level, score=score)

    def show_home(self) -> None:
        self.screen = "home"
        self._take_back_match()
        news = untold_notice(self.store, self.lang)
        if news is not None:
            self.notices.append(news)
        aside = self._set_aside()
        notices = [*self._standing_notices(aside), *self.notices]
        view = home_view(self.lang, continue_hint=self._continue_hint(), sections=sections(),
                         notice=" ".join(notices) or None, first_visit=self._first_visit())
        if aside is not None:
            view["buttons"] = [{"id": "dismiss-notice", "label": text("notice_ok", self.lang),
                                "testid": "dismiss-notice"}]
        self.home.view = view
        self.children = (self.home,)
        self._schedule_warm()

    def _first_visit(self) -> bool:
        """Nothing played and no lesson begun yet: the home screen points to the lessons.
        Once that is over it stays over, so the progress file is read only while it lasts."""
        from ..lessons.progress import LessonProgress

        if self._begun:
            return False
        try:
            self._begun = bool(self.store.all_stats()
                               or LessonProgress.for_file(self.store.path).all())
        except sqlite3.Error:
            return False
        return not self._begun

    def _standing_notices(self, aside: Path | None) -> list[str]:
        """What stays on the home screen: sections are missing (their modules failed to import),
        nothing is kept this session (and why), and where a
        damaged progress file was put (``aside``, until the learner has pressed "Got it")."""
        out = []
        if self.section_problems:
            out.append(text("sections_missing", self.lang))
        if self.store.not_kept is not None:
            out.append(not_kept_notice(self.store.not_kept, self.lang))
        if aside is not None:
            out.append(text("db_set_aside", self.lang, name=aside.name, folder=str(aside.parent)))
        return out

    def _set_aside(self) -> Path | None:
        try:
            return self.store.set_aside_note()
        except sqlite3.Error:
            log.exception("could not read which damaged file was set aside")
            return None

    def _take_back_match(self) -> None:
        """When another window has saved the match on the table since this one read it (a
        save was refused: :attr:`Store.match_changed_elsewhere`), the table's copy is dropped
        and Continue offers the match as that window left it."""
        if not self.store.match_changed_elsewhere:
            return
        self.play.put_aside()
        self._table_stale = True
        self.saved = self._load_saved()
        over = self.saved is None or self.saved.score.is_over
        told = text("match_elsewhere_over" if over else "match_elsewhere", self.lang)
        if told not in self.notices:
            self.notices.append(told)

    WARM_AFTER = 2.0
    """Seconds on the home screen, once the page is up, before the sections warm up."""

    def _schedule_warm(self) -> None:
        if not (self._warm and self._greeted) or self.warming is not None or self._warm_timer:
            return
        self._warm_timer = threading.Timer(self.WARM_AFTER, self._warm_if_home)
        self._warm_timer.daemon = True
        self._warm_timer.start()

    def _warm_if_home(self) -> None:
        self._warm_timer = None
        if self.screen == "home" and self.warming is None:
            self.warming = warm_sections()

    WARM_WAIT = 60.0
    """Seconds at most that a section pressed during the warm-up waits for it."""

    def _wait_for_warm_up(self) -> None:
        """A tile pressed while the sections warm up waits for the warm-up, which is doing the
        very work of the first opening (the imports, the puzzle catalogue).  Done again at the
        same time, in a second thread under one interpreter lock, the catalogue was read twice
        over: Puzzles pressed 0.3 s into the warm-up opened in 1.5-1.8 s, waiting in 0.8-1.1 s
        (two cores, both busy)."""
        warming = self.warming
        if warming is not None and warming.is_alive() and warming is not threading.current_thread():
            warming.join(timeout=self.WARM_WAIT)

    def show_settings(self) -> None:
        """The settings of a new match; while a match is unfinished they say that a new one
        takes its place, and offer to continue it instead (the first button)."""
        self.screen = "settings"
        view = settings_view(self.settings, four_colour=self.four_colour, lang=self.lang)
        unfinished = self._continue_hint()
        if unfinished is not None:
            # the warning says what each button does ("press Play" would name no button here);
            # it also describes (its title) the button that drops the match, where the focus
            # comes back (pressed last time): a screen reader reads it with the button's name
            view.pop("subtitle", None)
            warning = text("replace_warning", self.lang, match=unfinished)
            view["lines"] = [warning]
            view["buttons"] = [
                {"id": "back", "label": text("back", self.lang), "testid": "back"},
                {"id": "continue", "label": text("continue", self.lang), "testid": "continue",
                 "primary": True},
                {"id": "play", "label": text("new_game", self.lang), "testid": "play",
                 "title": warning}]
        self.settings_panel.view = view
        self.children = (self.settings_panel,)

    def show_table(self) -> None:
        """Show the table.  Called once its view is the match's (:meth:`PlayView.start`,
        ``resume``, ``come_back`` first): the browser draws the table anew as it is shown, so
        it never shows the view it had when it was last on screen (the match before, paused,
        or its results) for a moment before the new one."""
        self.screen = "play"
        self.children = (self.play.table,)

    def toggle_lang(self) -> None:
        """Switch between Russian and English everywhere."""
        self.lang = "en" if self.lang == "ru" else "ru"
        try:
            self.store.set_pref("lang", self.lang)
        except sqlite3.Error:
            log.exception("could not save the language")
        self.home.lang = self.settings_panel.lang = self.lang
        self.play.set_lang(self.lang)
        if self.section_widget is not None and hasattr(self.section_widget, "set_lang"):
            self.section_widget.set_lang(self.lang)
        if self.screen == "home":
            self.show_home()
        elif self.screen == "settings":
            self.show_settings()

    # -- commands -----------------------------------------------------------------------------

    def refresh(self, query: str = "", langs: tuple[str, ...] = ()) -> None:
        """Re-read the preferences and the saved match (Voila may have built this app in a
        pre-started kernel, before the learner's last visit changed them); ``query`` is the
        page's query string, which such a kernel did not know, and ``langs`` the browser's
        languages: until the learner chooses one with the switch, the app speaks the
        browser's (:func:`browser_lang`)."""
        if query and not os.environ.get("QUERY_STRING"):
            os.environ["QUERY_STRING"] = query.lstrip("?")
        if self.screen != "home":
            return
        lang = self._pref("lang", None, ("ru", "en")) or browser_lang(langs)
        if lang != self.lang:
            self.lang = lang
            self.home.lang = self.settings_panel.lang = lang
            self.play.set_lang(lang)
        self.four_colour = bool(self._pref("four_colour", False, (True, False)))
        self.settings_panel.four_colour = self.four_colour
        self.play.set_four_colour(self.four_colour)
        self.settings = self._saved_settings()
        if not self._table_live():
            self.saved = self._load_saved()
        self.show_home()
        self._open_linked_set()

    def _home_command(self, command: Command) -> None:
        if command.kind == "hello":
            self._greeted = True
            self.refresh(command.value, command.langs)
            self._schedule_warm()
            return
        if command.kind != "button":
            return
        ident = command.value
        if ident == "lang":
            self.toggle_lang()
        elif ident == "open-play":
            self.show_settings()
        elif ident == "continue":
            self._continue()
        elif ident == "dismiss-notice":
            try:
                self.store.forget_set_aside()
            except sqlite3.Error:
                log.exception("could not forget the damaged file set aside")
            self.show_home()
        elif ident.startswith("section:"):
            self._open_section(ident.removeprefix("section:"))

    def _continue(self) -> None:
        """Back to the match on the table, or to the saved one, at the pace last chosen."""
        self.notices.clear()
        if self._table_live():
            self.play.set_pace(self.settings.pace)
            self.play.come_back()
            self.show_table()
        elif self.saved is not None:
            session, self.saved = self.saved, None
            self._table_stale = False
            self.play.resume(session, pace=self.settings.pace)
            self.show_table()

    def _settings_command(self, command: Command) -> None:
        if command.kind == "choose":
            group, value = command.value.split("=", 1)
            if group == "colours":
                self.four_colour = value == "4"
                self.settings_panel.four_colour = self.four_colour
                self.play.set_four_colour(self.four_colour)
                self._set_pref("four_colour", self.four_colour)
            else:
                data = self.settings.to_dict()
                data[group] = int(value) if group in ("deck", "match") else value
                try:
                    self.settings = Settings.from_dict(data)
                except SaveError:
                    return
                self._set_pref("settings", self.settings.to_dict())
            self.show_settings()
        elif command.kind == "button":
            if command.value == "lang":
                self.toggle_lang()
            elif command.value == "back":
                self.show_home()
            elif command.value == "continue":
                self._continue()
            elif command.value == "play":
                self.notices.clear()
                self.saved = None
                self._table_stale = False
                self.play.start(self.settings)
                self.show_table()

    def _leave_table(self, where: str) -> None:
        if where == "new-game":
            self.show_settings()
        else:
            self.show_home()

    def _open_section(self, key: str) -> None:
        if key == "play":   # the app's own Play screen, as its tile opens it (not a section)
            self.show_settings()
            return
        from .sections import SECTIONS
        section = SECTIONS.get(key)
        if section is None:
            return
        # no warm-up starts while the section opens (it would do the same work again)
        self.screen = f"opening:{key}"
        timer, self._warm_timer = self._warm_timer, None   # (its thread may clear it too)
        if timer is not None:
            timer.cancel()
        self._wait_for_warm_up()
        try:
            widget = section.open(SectionContext(self.lang, self.store, self.show_home,
                                                  self.toggle_lang, self._open_section))
        except Exception:
            log.exception("section %s failed to open", key)
            self.notices = [text("section_failed", self.lang)]   # the reason is in the log
            self.show_home()
            return
        self.section_widget = widget
        self.screen = f"section:{key}"
        # rows the section could not read were set aside while it opened: say so above it,
        # and that nothing done in it is kept when the progress file cannot be written
        news = [untold_notice(self.store, self.lang)]
        if self.store.not_kept is not None:
            news.insert(0, not_kept_notice(self.store.not_kept, self.lang))
        told = " ".join(item for item in news if item is not None)
        shown: tuple[Any, ...] = (_notice_widget(told), widget) if told else (widget,)
        self.children = shown
        # a section with slow work to do once it is on screen (the puzzles of a teacher's
        # link are checked by the solver) shows its progress from here
        on_shown = getattr(widget, "on_shown", None)
        if callable(on_shown):
            on_shown()

    def _set_pref(self, key: str, value: Any) -> None:
        try:
            self.store.set_pref(key, value)
        except sqlite3.Error:
            log.exception("could not save a preference")


def _notice_widget(message: str) -> Any:
    """A notice above a section, in the home screen's notice colours."""
    notice = ipywidgets.HTML(notice_html(message, "section-notice"))
    notice.add_class("kz-section-notice")
    return notice
