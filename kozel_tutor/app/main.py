"""The app: home screen, settings, the table, and the sections other modules register.

``App()`` is the whole of the Voila notebook.  It is an ``ipywidgets.VBox`` showing one screen
at a time; all of them share the learner's language and the progress store.
"""

from __future__ import annotations

import html
import logging
import os
import sqlite3
import threading
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from ..widgets import Command, PanelWidget
from . import variant_texts  # noqa: F401  (registers the texts)
from .notices import save_set_aside_notice, untold_notice
from .play_view import Pace, PlayScreen
from .screens import home_view, settings_view
from .sections import SectionContext, load_sections, sections, warm_sections
from .session import MatchSession, SaveError, Settings, available_levels, open_saved_match
from .store import Store
from .texts import text
from .views import level_label

__all__ = ["App"]

log = logging.getLogger(__name__)


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
        if self.store.recovered is not None:
            self.notices.append(text("db_corrupt", self.lang, name=self.store.recovered.name))
        self.section_problems = load_sections()
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
        data = self.store.get_pref("settings")
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

    def _continue_hint(self) -> str | None:
        session = self.play.session if self.play.has_match else self.saved
        if session is None or session.score.is_over:
            return None
        us, them = session.score.scores
        level = level_label(session.settings.level, self.lang)
        if not session.settings.standard:
            level = f"{text(f'variant_{session.settings.variant}', self.lang)} · {level}"
        return text("continue_hint", self.lang, level=level, us=us, them=them)

    def show_home(self) -> None:
        self.screen = "home"
        news = untold_notice(self.store, self.lang)
        if news is not None:
            self.notices.append(news)
        self.home.view = home_view(self.lang, continue_hint=self._continue_hint(),
                                   sections=sections(), notice=" ".join(self.notices) or None)
        self.children = (self.home,)
        self._schedule_warm()

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

    def show_settings(self) -> None:
        self.screen = "settings"
        self.settings_panel.view = settings_view(self.settings, four_colour=self.four_colour,
                                                 lang=self.lang)
        self.children = (self.settings_panel,)

    def show_table(self) -> None:
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

    def refresh(self, query: str = "") -> None:
        """Re-read the preferences and the saved match (Voila may have built this app in a
        pre-started kernel, before the learner's last visit changed them); ``query`` is the
        page's query string, which such a kernel did not know."""
        if query and not os.environ.get("QUERY_STRING"):
            os.environ["QUERY_STRING"] = query.lstrip("?")
        if self.screen != "home":
            return
        lang = self._pref("lang", "ru", ("ru", "en"))
        if lang != self.lang:
            self.lang = lang
            self.home.lang = self.settings_panel.lang = lang
            self.play.set_lang(lang)
        self.four_colour = bool(self._pref("four_colour", False, (True, False)))
        self.settings_panel.four_colour = self.four_colour
        self.play.set_four_colour(self.four_colour)
        self.settings = self._saved_settings()
        if not self.play.has_match:
            self.saved = self._load_saved()
        self.show_home()
        self._open_linked_set()

    def _home_command(self, command: Command) -> None:
        if command.kind == "hello":
            self._greeted = True
            self.refresh(command.value)
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
            self.notices.clear()
            if self.play.has_match:
                self.show_table()
                self.play.come_back()
            elif self.saved is not None:
                session, self.saved = self.saved, None
                self.show_table()
                self.play.resume(session)
        elif ident.startswith("section:"):
            self._open_section(ident.removeprefix("section:"))

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
            elif command.value == "play":
                self.notices.clear()
                self.saved = None
                self.show_table()
                self.play.start(self.settings)

    def _leave_table(self, where: str) -> None:
        if where == "new-game":
            self.show_settings()
        else:
            self.show_home()

    def _open_section(self, key: str) -> None:
        from .sections import SECTIONS
        section = SECTIONS.get(key)
        if section is None:
            return
        try:
            widget = section.open(SectionContext(self.lang, self.store, self.show_home,
                                                  self.toggle_lang))
        except Exception as exc:
            log.exception("section %s failed to open", key)
            self.notices = [text("section_failed", self.lang, reason=str(exc))]
            self.show_home()
            return
        self.section_widget = widget
        self.screen = f"section:{key}"
        # rows the section could not read were set aside while it opened: say so above it
        news = untold_notice(self.store, self.lang)
        shown: Any = (widget,) if news is None else (_notice_widget(news), widget)
        self.children = shown

    def _set_pref(self, key: str, value: Any) -> None:
        try:
            self.store.set_pref(key, value)
        except sqlite3.Error:
            log.exception("could not save a preference")


def _notice_widget(message: str) -> Any:
    """A notice above a section, in the home screen's notice colours."""
    # the colours of the home screen's notice (.kz-panel-error in widgets/panel.css)
    notice = ipywidgets.HTML(f'<p role="status" data-testid="section-notice" '
                             f'style="margin:12px;padding:10px 14px;border-radius:8px;'
                             f'background:#fcebea;color:#8e1f16;border-left:5px solid #c0392b;'
                             f'font-weight:600">{html.escape(message)}</p>')
    notice.add_class("kz-section-notice")
    return notice
