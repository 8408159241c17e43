"""The app's Puzzles section: rated puzzles, reviews, drills, sets, the dashboard.

One :class:`PuzzlesView` (an ``ipywidgets.VBox``) shows either the menu (a panel: tiles for the
modes and sets, a theme filter, a set-file upload) or one puzzle player, or the dashboard.  A
teacher's link (``?set=…`` in the page address) opens that set at once; students type their
name and download their results file when they like (with the name they see, clicked however
soon after the last key: :mod:`.typed_links`).  A set opened from a link or a file is
first checked by the solver (a puzzle whose answers are wrong is set aside and named), then
kept with the student's name (:mod:`~kozel_tutor.puzzles.student_sets`): the menu offers it
again, and opening it again goes on from the first answers given, which stay as they were.
Bad files and links are reported in the panel, in the learner's language, never as a
traceback.  While another window or program holds the progress file, the menu and the bar
above a puzzle say so (:func:`~kozel_tutor.app.notices.held_notice`), the menu shows what can
be read, and answers are judged all the same (each verdict says it was not saved).  Every
screen has the app's language switch, which in the app switches every screen at once
(``on_lang``: ``App.toggle_lang``).

>>> menu_view({"rated": 3}, [], "en", theme="any", rating=1500, errors=[])["title"]
'Puzzles'
"""

from __future__ import annotations

import html
import logging
import re
import sqlite3
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from ..file_problems import file_problem
from ..i18n import pick
from ..puzzles.dashboard import dashboard_html, review_summary
from ..puzzles.drills import deals_from_store, mine_deal
from ..puzzles.model import (
    Puzzle,
    PuzzleError,
    PuzzleSet,
    load_catalogue_lenient,
    unreceived_file_error,
)
from ..puzzles.player import (
    PuzzlePlayer,
    RatedQueue,
    SetQueue,
    rated_variants,
    results_download,
)
from ..puzzles.progress import Progress, ReviewStatus
from ..puzzles.student_sets import FirstAnswer, KeptSet, StudentSets, first_answers, given_answers
from ..puzzles.teacher import ResultsSheet, normalise_student_name, set_from_query
from ..puzzles.themes import THEMES, theme_note
from ..puzzles.variants import variant_label
from ..puzzles.verify import MARGIN, SetAside, check_set_answers, verified_key
from ..sqlite_files import is_damage, write_problem
from ..widgets import Command, PanelWidget, SteadyHTML
from ..widgets.file_button import ChosenFile, FileButton
from ..widgets.puzzle import PuzzleWidget
from .notices import held_notice
from .screens import LanguageSwitch, lang_button
from .store import Store
from .typed_links import wait_for_typed

__all__ = ["PuzzlesView", "menu_view"]

log = logging.getLogger(__name__)

_TEXT = {
    "title": {"ru": "Задачи", "en": "Puzzles"},
    "subtitle": {"ru": "«Какой картой вы сыграете?» Ваш рейтинг: {rating}.",
                 "en": "“What card would you play?” Your rating: {rating}."},
    "home": {"ru": "← Домой", "en": "← Home"},
    "menu": {"ru": "← К задачам", "en": "← Puzzles"},
    "dashboard": {"ru": "Статистика задач", "en": "Puzzle statistics"},
    "rated": {"ru": "Задачи по рейтингу", "en": "Rated puzzles"},
    "rated_hint": {"ru": "Подбираются под ваш уровень", "en": "Picked to match your level"},
    "review": {"ru": "Повторение ({n})", "en": "Review ({n})"},
    "drills": {"ru": "Мои ошибки ({n})", "en": "My drills ({n})"},
    "drills_hint": {"ru": "Позиции из ваших партий", "en": "Positions from your own games"},
    "mine": {"ru": "Найти ошибки в моих партиях", "en": "Find drills in my games"},
    "mine_hint": {"ru": "Решатель разберёт ваши сыгранные раздачи",
                  "en": "The solver goes through the deals you played"},
    "mining": {"ru": "Разбираем раздачу {i} из {n}…", "en": "Analysing deal {i} of {n}…"},
    "mined": {"ru": "Новых задач из ваших партий: {n}.", "en": "New drills from your games: {n}."},
    "mined_none": {"ru": "Новых задач из ваших партий нет: задача получается из хода, который "
                         "стоил вашей стороне {margin} очков или больше (или итога раздачи), когда "
                         "лучшей была одна-единственная карта.",
                   "en": "No new drills from your games: a drill comes from a card that cost "
                         "your side {margin} points or more (or the deal's result) where one "
                         "card alone was best."},
    "no_deals": {"ru": "Пока нет сыгранных раздач: сыграйте партию.",
                 "en": "No finished deals yet: play a match first."},
    "no_new": {"ru": "Новых раздач с прошлого поиска нет.",
               "en": "No new deals since the last search."},
    "theme": {"ru": "Тема", "en": "Theme"},
    "any": {"ru": "Все темы", "en": "All themes"},
    "any_hint": {"ru": "Задачи по рейтингу на любую тему. Выберите тему, чтобы решать только "
                       "её; что значит каждая тема, покажет кнопка «?» рядом со словом «Тема».",
                 "en": "Rated puzzles of every theme. Pick a theme to practise only it; the "
                       "“?” beside “Theme” says what each one means."},
    "theme_hint": {"ru": "{note} Задачи по рейтингу — только на эту тему.",
                   "en": "{note} Rated puzzles come from this theme only."},
    "theme_hint_variants": {"ru": "{note} Задачи по рейтингу — только на эту тему; в обычной "
                                  "игре таких нет, и они идут по правилам: {games}.",
                            "en": "{note} Rated puzzles come from this theme only; the standard "
                                  "game has none, so they are played under these rules: "
                                  "{games}."},
    "set_hint": {"ru": "задач: {n}", "en": "{n} puzzles"},
    "set_hint_answered": {"ru": "задач: {n}, отвечено {a}", "en": "{n} puzzles, {a} answered"},
    "kept_going": {"ru": "Отвечено {a} из {n} — продолжить", "en": "{a} of {n} answered: continue"},
    "kept_done": {"ru": "Решён: верно {right} из {n}", "en": "Done: {right} of {n} right"},
    "kept_note": {"ru": "Ответы сохранены: в наборе «{title}» отвечено {a} из {n}. Продолжить "
                        "можно с его плитки.",
                  "en": "Your answers are kept: {a} of {n} answered in “{title}”. Continue from "
                        "its tile."},
    "back_kept": {"ru": "Ответы сохранятся: набор можно продолжить из меню",
                  "en": "Your answers are kept: you can continue the set from the menu"},
    "opening": {"ru": "Открываем набор задач…", "en": "Opening the puzzle set…"},
    "checking": {"ru": "Решатель проверяет ответы набора: задача {i} из {n}…",
                 "en": "The solver is checking the set's answers: puzzle {i} of {n}…"},
    "set_aside": {"ru": "Отложено задач: {n} — в файле набора у них неверные ответы, скажите об "
                        "этом учителю. {which}.",
                  "en": "Puzzles set aside: {n} — the set file gives them wrong answers; please "
                        "tell your teacher. {which}."},
    "upload": {"ru": "Открыть файл набора", "en": "Open a set file"},
    "name": {"ru": "Ваше имя", "en": "Your name"},
    "name_needed": {"ru": "Чтобы отправить ответы учителю, впишите своё имя: здесь появятся "
                          "файлы результатов.",
                    "en": "To send your answers to your teacher, type your name: your results "
                          "files then appear here."},
    "download": {"ru": "⬇ Результаты (JSON)", "en": "⬇ Results (JSON)"},
    "download_csv": {"ru": "⬇ Результаты (CSV)", "en": "⬇ Results (CSV)"},
    "bad_files": {"ru": "Не удалось прочитать: {problems}", "en": "Could not read: {problems}"},
    # the progress file could not be read or written ({reason}: file_problems), and what to do
    "db_error": {"ru": "Не удалось прочитать или сохранить прогресс задач: {reason}. {advice}",
                 "en": "Your puzzle progress could not be read or saved: {reason}. {advice}"},
    "db_try_again": {"ru": "Попробуйте ещё раз чуть позже.", "en": "Try again in a moment."},
    "db_reload": {"ru": "Перезагрузите страницу: приложение отложит повреждённый файл и начнёт "
                        "новый.",
                  "en": "Reload the page: the app then puts the damaged file aside and starts a "
                        "new one."},
    "dashboard_title": {"ru": "Статистика задач", "en": "Puzzle statistics"},
}


Shown = Callable[[str], str]
"""A message that can be worded again when the language changes: ``lang -> text``."""


def _t(key: str, lang: str, **params: object) -> str:
    return pick(_TEXT, key, lang, **params)


def _said(key: str, **params: object) -> Shown:
    """The text ``key`` with ``params``, worded in whatever language is on screen."""
    return lambda lang: _t(key, lang, **params)


def _tile_key(set_id: str) -> str:
    """A kept set's part of its tile's id and test id (those allow no dots, and 40 characters)."""
    return re.sub(r"[^A-Za-z0-9_-]", "-", set_id)[:27]


Tally = tuple[int, int, int]
"""How far a learner got in a set: puzzles answered, answered right, and to answer."""


def _tally(puzzle_set: PuzzleSet, answers: Mapping[str, FirstAnswer],
           aside: Collection[str] = ()) -> Tally:
    """The set's :data:`Tally` from its first answers (puzzles set aside do not count)."""
    puzzles = [p for p in puzzle_set.puzzles if p.id not in aside]
    given = [answers[p.id].card in p.answers for p in puzzles if p.id in answers]
    return len(given), sum(given), len(puzzles)


def _set_hint(tally: Tally, lang: str, *, kept: bool) -> str:
    """A set tile's second line: its size, and how far the learner got."""
    answered, right, n = tally
    if not answered:
        return _t("set_hint", lang, n=n)
    if not kept:
        return _t("set_hint_answered", lang, n=n, a=answered)
    if answered >= n:
        return _t("kept_done", lang, right=right, n=n)
    return _t("kept_going", lang, a=answered, n=n)


# The results files carry the name they were made with (data-name): a click waits for the one
# with the name the student sees.
_NAME_TYPED_JS = wait_for_typed(".kz-puzzles-results", ".kz-puzzles-name input", "name")

# The bar above a puzzle is a slim header, not a page of its own, as wide as the puzzle under it
# (puzzle.css: 920px).  The menu (its panel and the set-file button) and the dashboard (the
# bar and the content) each sit in one centred card as wide as the app's panels (820px and
# padding), the panel inside without a frame of its own.
_STYLE = ("<style>.kz-puzzles-bar .kz-panel-root{padding:6px 22px 6px;margin-bottom:6px;"
          "max-width:920px;box-sizing:border-box}"
          ".kz-puzzles-bar .kz-panel-h1{font-size:21px}"
          ".kz-puzzles-bar .kz-panel-actions{display:none}"
          ".kz-puzzles-bar .kz-tool{white-space:nowrap}"
          ".kz-puzzles-menu,.kz-puzzles-dashboard{max-width:872px;width:100%;"
          "margin:0 auto !important;"
          "box-sizing:border-box;padding:18px 26px 24px;background:#fffdf8;border-radius:18px;"
          "box-shadow:0 4px 18px rgba(0,0,0,0.12);border-top:8px solid #1f6b4a;"
          "font-family:system-ui,'DejaVu Sans','Segoe UI',sans-serif;color:#1d1d22}"
          ".kz-puzzles-menu{padding-top:22px;gap:16px}"
          ".kz-puzzles-menu .kz-panel-root,"
          ".kz-puzzles-dashboard .kz-puzzles-bar .kz-panel-root{box-shadow:none;border:0;"
          "padding:0 0 6px;margin:0;max-width:none;background:transparent}"
          ".kz-puzzles-menu .kz-panel-root{padding:0}"
          ".kz-puzzles-dashboard .kz-dashboard-body{width:100%}"
          ".kz-puzzles-results{gap:4px 12px;flex-wrap:wrap;box-sizing:border-box;"
          "padding:3px 10px;background:#fbf4df;border-radius:8px;"
          "font-family:system-ui,'DejaVu Sans','Segoe UI',sans-serif;font-size:14px}"
          ".kz-puzzles-results .kz-puzzles-name{width:220px;flex:none;margin:0}"
          ".kz-puzzles-results .widget-html{flex:1 1 16em;min-width:0;margin:0}"
          ".kz-puzzles-results .widget-html-content{line-height:1.3;white-space:normal}"
          "</style>")


def _db_error(exc: sqlite3.Error, place: object) -> Shown:
    """What the learner is told when the progress file ``place`` could not be read or written
    (``exc``): the same in both languages, SQLite's own words left to the log."""
    advice = "db_reload" if is_damage(exc) else "db_try_again"
    return lambda lang: _t("db_error", lang, reason=file_problem(exc, place, lang),
                           advice=_t(advice, lang))


def _in_use(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` is another window's or program's hold on the progress file: the
    section's notice says so (:meth:`PuzzlesView.held_notice`), not an error line."""
    return write_problem(exc) == "in_use"


def menu_view(counts: dict[str, int], sets: Sequence[PuzzleSet], lang: str, *, theme: str,
              rating: float, errors: Sequence[str], note: str = "",
              reviews: ReviewStatus | None = None, now: float | None = None,
              kept: Sequence[PuzzleSet] = (),
              answered: Mapping[str, Tally] | None = None, mining: str = "",
              variants: Sequence[str] = ("standard",), notice: str = "") -> dict[str, Any]:
    """The menu panel: modes and sets as tiles, the theme filter, problems if any (after
    ``notice``: the progress file is in use by another window or program).

    ``variants`` are the rules the rated puzzles of the picked theme are played under
    (:func:`~kozel_tutor.puzzles.player.rated_variants`): named when not the standard game.

    The Review tile counts every puzzle on the review list (``reviews``; without it
    ``counts["review"]`` puzzles due now) and says when they are due; it opens whenever one waits.
    The sets opened from links and files (``kept``) come first, each saying how far the
    learner got (``answered``: a :data:`Tally` by set id).  The search for drills shows how far
    it got, then what it found (``mining``) on its own tile, in place of the tile's line of
    explanation, where the eyes are: the tile keeps the focus as the menu is drawn again.  A
    screen reader hears it from the panel's voice (:meth:`PuzzlesView.find_drills`).

    >>> menu_view({}, [], "en", theme="any", rating=1500, errors=[],
    ...           mining="New drills from your games: 2.")["tiles"][3]["title"]
    'New drills from your games: 2.'
    """
    answered = answered or {}
    if reviews is None:
        reviews = ReviewStatus(counts.get("review", 0), 0, None)
    now = time.time() if now is None else now
    tiles = [
        {"id": "rated", "label": _t("rated", lang), "testid": "puzzles-rated", "icon": "♛",
         "title": _t("rated_hint", lang), "primary": True},
        {"id": "review", "label": _t("review", lang, n=reviews.waiting),
         "testid": "puzzles-review", "icon": "↻",
         "title": review_summary(reviews, now, lang, long=True),
         "disabled": reviews.waiting == 0},
        {"id": "drills", "label": _t("drills", lang, n=counts.get("drills", 0)),
         "testid": "puzzles-drills", "icon": "✎", "title": _t("drills_hint", lang),
         "disabled": counts.get("drills", 0) == 0},
        {"id": "mine", "label": _t("mine", lang), "testid": "puzzles-mine", "icon": "⚙",
         "title": mining or _t("mine_hint", lang)},
    ]
    tiles[:0] = [{"id": f"open:{_tile_key(s.id)}", "label": s.title.get(lang),
                  "testid": f"puzzles-open-{_tile_key(s.id)}", "icon": "✉",
                  "title": _set_hint(answered.get(s.id, (0, 0, len(s.puzzles))), lang,
                                     kept=True)}
                 for s in kept]
    for puzzle_set in sets:
        tiles.append({"id": f"set:{puzzle_set.id}"[:40], "label": puzzle_set.title.get(lang),
                      "testid": f"puzzles-set-{puzzle_set.id}"[:40], "icon": "▦",
                      "title": _set_hint(answered.get(puzzle_set.id,
                                                      (0, 0, len(puzzle_set.puzzles))),
                                         lang, kept=False)})
    options = [{"value": "any", "label": _t("any", lang), "hint": _t("any_hint", lang)}] + [
        {"value": tid, "label": theme_def.name.get(lang), "hint": theme_note(tid, lang)}
        for tid, theme_def in THEMES.items()]
    if theme not in THEMES:
        picked = _t("any_hint", lang)
    elif tuple(variants) != ("standard",):
        games = ", ".join(variant_label(name).get(lang) for name in variants)
        picked = _t("theme_hint_variants", lang, note=theme_note(theme, lang), games=games)
    else:
        picked = _t("theme_hint", lang, note=theme_note(theme, lang))
    view: dict[str, Any] = {
        "title": _t("title", lang),
        "subtitle": _t("subtitle", lang, rating=round(rating)),
        "testid": "puzzles",
        "toolbar": [{"id": "home", "label": _t("home", lang), "testid": "puzzles-home"},
                    {"id": "dashboard", "label": _t("dashboard", lang),
                     "testid": "puzzles-dashboard"}, lang_button(lang)],
        "tiles": tiles,
        "groups": [{"id": "theme", "label": _t("theme", lang), "options": options,
                    "value": theme, "hint": picked}],
        "lines": [note] if note else [],
        "buttons": [],
    }
    problems = [notice] if notice else []
    if errors:
        problems.append(_t("bad_files", lang, problems="; ".join(errors)))
    if problems:
        view["error"] = " ".join(problems)
    return view


class PuzzlesView(LanguageSwitch, ipywidgets.VBox):  # type: ignore[misc]
    """The Puzzles section of the app.

    ``on_lang`` switches the language of the whole app (default: the app's own switch, found
    through ``go_home``; without an app the switch changes this screen only).
    """

    children: tuple[Any, ...]

    def __init__(self, lang: str, store: Store, go_home: Callable[[], None], *,
                 query: str | None = None, backend: str | None = None,
                 on_lang: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.time, open_link_later: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kz-puzzles")
        self.clock = clock   # when reviews fall due is told by this clock (tests move it)
        self.lang = "ru" if lang == "ru" else "en"
        self.store = store
        self.go_home = go_home
        self.on_lang = on_lang
        self.backend = backend
        self.progress = Progress(store.path)
        sets, errors = load_catalogue_lenient()
        self.sets = list(sets)
        self.errors: list[Shown] = [e.text for e in errors]
        seen: dict[str, Puzzle] = {}
        for puzzle_set in self.sets:
            for puzzle in puzzle_set.puzzles:
                seen.setdefault(puzzle.id, puzzle)
        self.catalogue = list(seen.values())
        self.trusted = {verified_key(puzzle) for puzzle in self.catalogue}
        self.memory = StudentSets(store)
        self.theme = "any"
        self.note: Shown | None = None
        #: the progress file could not be read or written: said on the menu until the
        #: learner's next action
        self.db_problem: Shown | None = None
        #: how far the search for drills got, or what it found: said on its tile
        self.mining: Shown | None = None
        self.panel = PanelWidget(lang=self.lang)
        self.panel.on_command(self._command)
        # The bar above a puzzle or the dashboard: the way back to the menu, the language.
        self.bar = PanelWidget(lang=self.lang)
        self.bar.add_class("kz-puzzles-bar")
        self.bar.on_command(self._command)
        self.style = ipywidgets.HTML(_STYLE, layout=ipywidgets.Layout(display="none"))
        self.upload = FileButton(accept=".json,application/json",
                                 description=_t("upload", self.lang), testid="puzzles-upload")
        self.upload.add_class("kz-puzzles-upload")
        self.upload.on_files(self._on_files)
        # The menu's page: the panel and the set-file button in one centred card.
        self.menu = ipywidgets.VBox()
        self.menu.add_class("kz-puzzles-menu")
        self.name = ipywidgets.Text(placeholder=_t("name", self.lang), description="")
        self.name.add_class("kz-puzzles-name")
        self.name.observe(lambda _: self._refresh_downloads(), names="value")
        # its links are made anew as the name is typed: not under a press, and a click waits for
        # the name the student sees (typed_links.py)
        self.downloads = SteadyHTML()
        # the name and the results files: right under the bar, above the puzzle, where a
        # student sees them from the first puzzle on, in line with it (puzzle.css: 920px)
        self.results = ipywidgets.HBox(
            [self.name, self.downloads],
            layout=ipywidgets.Layout(max_width="920px", width="100%", margin="0 auto 8px",
                                     align_items="center"))
        self.results.add_class("kz-puzzles-results")
        self.extra = ipywidgets.HTML()
        self.extra.add_class("kz-dashboard-body")
        # The dashboard's page: its header and its content in one centred card, as the menu.
        self.dashboard = ipywidgets.VBox()
        self.dashboard.add_class("kz-puzzles-dashboard")
        self.player: PuzzlePlayer | None = None
        self.widget: PuzzleWidget | None = None
        self.sheet: ResultsSheet | None = None
        self.playing: PuzzleSet | None = None
        self.aside: list[SetAside] = []
        self.screen = "menu"
        self._held_shown = False
        """Whether the bar above the puzzle says the progress file is held."""
        try:
            linked = set_from_query(query)
        except PuzzleError as exc:
            self.errors.append(exc.text)
            linked = None
        self.pending: PuzzleSet | None = None
        if linked is not None and open_link_later:
            # the solver checks a shared set's answers, which may take a while: the app puts
            # this screen up first, then calls on_shown, so the check's progress is seen
            self.pending = linked
            self.screen = "checking"
            self.panel.view = {"title": linked.title.get(self.lang), "buttons": [],
                               "testid": "puzzles-checking", "lines": [_t("opening", self.lang)]}
            self.children = (self.panel,)
        elif linked is not None:
            self.open_set(linked)
        else:
            self.show_menu()

    def on_shown(self) -> None:
        """Open the set of the page's link, if it waits for the screen to be shown."""
        linked, self.pending = self.pending, None
        if linked is not None:
            self.open_set(linked)

    # -- screens ----------------------------------------------------------------------------

    def _counts(self) -> tuple[dict[str, int], ReviewStatus | None]:
        try:
            reviews = self.progress.review_status(self.clock())
            return {"review": reviews.due, "drills": len(self.progress.drills())}, reviews
        except sqlite3.Error as exc:
            if not _in_use(exc):
                self.db_problem = _db_error(exc, self.progress.path)
            return {}, None

    def _set_progress(self) -> tuple[list[PuzzleSet], dict[str, Tally]]:
        """The sets kept from links and files (each tile once), and the :data:`Tally` of
        every set, kept or in the catalogue."""
        try:
            answers = first_answers(self.progress)
            listed = {s.id for s in self.sets}
            kept: dict[str, KeptSet] = {}
            for entry in self.memory.kept():
                if entry.puzzle_set.id not in listed:
                    kept.setdefault(_tile_key(entry.puzzle_set.id), entry)
        except sqlite3.Error as exc:
            if not _in_use(exc):
                self.db_problem = _db_error(exc, self.progress.path)
            return [], {}
        tallies = {s.id: _tally(s, answers.get(s.id, {})) for s in self.sets}
        tallies.update({k.puzzle_set.id: _tally(k.puzzle_set, answers.get(k.puzzle_set.id, {}),
                                                k.aside) for k in kept.values()})
        return [k.puzzle_set for k in kept.values()], tallies

    def show_menu(self) -> None:
        self.screen = "menu"
        self.player = self.widget = None
        self.sheet = None
        self.playing = None
        self.aside = []
        self.progress.still_held()   # a file held before may be free again
        try:
            rating = self.progress.learner_rating().rating
        except sqlite3.Error:
            rating = 1500.0
        counts, reviews = self._counts()
        kept, answered = self._set_progress()
        self.panel.view = menu_view(counts, self.sets, self.lang, theme=self.theme,
                                    rating=rating, errors=[e(self.lang) for e in self.errors],
                                    note=self.note(self.lang) if self.note else "",
                                    reviews=reviews, now=self.clock(), kept=kept,
                                    answered=answered,
                                    mining=self.mining(self.lang) if self.mining else "",
                                    variants=rated_variants(self.catalogue, self._themes()),
                                    notice=self.notice())
        self.menu.children = (self.panel, self.upload)
        self.children = (self.style, self.menu)

    def notice(self) -> str:
        """What the menu says of the progress file above its other problems: that it is in use
        (:meth:`held_notice`), and that it could not be read or written (:attr:`db_problem`)."""
        said = [self.held_notice(), self.db_problem(self.lang) if self.db_problem else ""]
        return " ".join(words for words in said if words)

    def held_notice(self) -> str:
        """That the progress file is in use by another window or program just now, naming it
        (:func:`~kozel_tutor.sqlite_files.held`), or ``""``."""
        why = self.progress.held
        return "" if why is None else held_notice(why, self.lang)

    def leave(self) -> None:
        """Back to the menu; leaving a set half done says that its answers are kept."""
        player, puzzle_set = self.player, self.playing
        if player is not None and puzzle_set is not None and isinstance(player.queue, SetQueue):
            done, total = len(player.answered), len(player.queue.puzzles)
            if 0 < done < total:
                title = puzzle_set.title
                self.note = lambda lang: _t("kept_note", lang, title=title.get(lang), a=done,
                                            n=total)
        self.show_menu()

    def _show_bar(self) -> None:
        """The bar above a puzzle or the dashboard, in the current language."""
        if self.screen == "dashboard":
            title = _t("dashboard_title", self.lang)
        elif self.playing is not None:
            title = self.playing.title.get(self.lang)
        else:
            title = _t("title", self.lang)
        back: dict[str, Any] = {"id": "menu", "label": _t("menu", self.lang),
                                "testid": "puzzles-back"}
        if self.screen == "puzzle" and self.playing is not None:
            back["title"] = _t("back_kept", self.lang)
        view: dict[str, Any] = {"title": title, "testid": "puzzles-bar", "buttons": [],
                                "toolbar": [back, lang_button(self.lang)]}
        problems = []
        if self.screen == "puzzle":
            self._held_shown = self.progress.held is not None
            problems.append(self.held_notice())
        if self.screen == "puzzle" and self.aside:
            which = "; ".join(a.problem.text(self.lang) for a in self.aside)
            problems.append(_t("set_aside", self.lang, n=len(self.aside),
                               which=which[:1].upper() + which[1:]))
        if any(problems):
            view["error"] = " ".join(p for p in problems if p)
        self.bar.view = view

    def _player_changed(self) -> None:
        """After the player's screen changed: the results files, and the bar's notice when
        the progress file was found held or free again (an answer was or was not saved)."""
        self._refresh_downloads()
        if self.screen == "puzzle" and (self.progress.held is not None) != self._held_shown:
            self._show_bar()

    def _play(self, queue: SetQueue | RatedQueue, *, set_id: str = "",
              sheet: ResultsSheet | None = None, given: Mapping[str, FirstAnswer] | None = None,
              send_results: bool = False) -> PuzzleWidget:
        self.note = self.mining = self.db_problem = None
        self.sheet = sheet
        self.player = PuzzlePlayer(queue, lang=self.lang, progress=self.progress, sheet=sheet,
                                   set_id=set_id, backend=self.backend, given=given,
                                   send_results=send_results)
        self.widget = PuzzleWidget(self.player)
        self.player.on_change(self._player_changed)
        self.screen = "puzzle"
        self._show_bar()
        parts: list[Any] = [self.style, self.bar, self.widget]
        if sheet is not None:
            parts.insert(2, self.results)
            self._refresh_downloads()
        self.children = tuple(parts)
        return self.widget

    def _themes(self) -> tuple[str, ...]:
        """The themes the rated puzzles are picked from (none: every theme)."""
        return () if self.theme == "any" else (self.theme,)

    def open_rated(self) -> PuzzleWidget:
        themes = self._themes()
        self.playing = None
        self.aside = []
        return self._play(RatedQueue(self.catalogue, self.progress, themes=themes,
                                     variants=rated_variants(self.catalogue, themes)))

    CHECK_QUIET = 1.0
    """Seconds the solver checks a set's answers before the screen says how far it got."""

    def _check_answers(self, puzzle_set: PuzzleSet) -> tuple[list[Puzzle], list[SetAside]]:
        """The set's puzzles whose answers the solver confirms, and those it sets aside (the
        catalogue's puzzles were checked when it was built)."""
        started = self.clock()

        def progress(done: int, total: int) -> None:
            if done < total and self.clock() - started >= self.CHECK_QUIET:
                self.screen = "checking"
                self.panel.view = {"title": puzzle_set.title.get(self.lang), "buttons": [],
                                   "testid": "puzzles-checking",
                                   "lines": [_t("checking", self.lang, i=done + 1, n=total)]}
                self.children = (self.panel,)

        return check_set_answers(puzzle_set.puzzles, trusted=self.trusted, backend=self.backend,
                                 on_progress=progress)

    def open_set(self, puzzle_set: PuzzleSet, *, catalogue: bool = False) -> PuzzleWidget:
        """Solve a set in order.  A set opened before goes on from the first puzzle without an
        answer.

        A set from a link or a file (not ``catalogue``) is a teacher's: it is kept for the
        menu, and the student's name and the results files to send back sit under the puzzle
        (the file names the set's puzzles, so the teacher's gradebook knows how many there
        are), with the name typed before and the first answers given before.  A set of the
        catalogue is the learner's own practice: no name, no results files.
        """
        puzzles, self.aside = self._check_answers(puzzle_set)
        self.sheet, self.playing = None, puzzle_set
        given = given_answers(self.progress, puzzle_set.id, puzzles)
        sheet = None if catalogue else self._teachers_sheet(puzzle_set, puzzles, given)
        return self._play(SetQueue(puzzles), set_id=puzzle_set.id, sheet=sheet, given=given,
                          send_results=not catalogue)

    def _teachers_sheet(self, puzzle_set: PuzzleSet, puzzles: Sequence[Puzzle],
                        given: Mapping[str, FirstAnswer]) -> ResultsSheet:
        """Keep a teacher's set for the menu; its results sheet, under the name typed before,
        with the first answers given before."""
        try:
            self.memory.keep(puzzle_set, self.clock(), (a.puzzle.id for a in self.aside))
        except sqlite3.Error:   # held by another program: the set opens, the menu lacks it
            log.warning("could not keep the set %s for the menu", puzzle_set.id, exc_info=True)
        try:
            name = self.memory.student(puzzle_set.id)
        except sqlite3.Error:
            name = ""
        if name:
            self.name.value = name
        sheet = ResultsSheet.for_set(normalise_student_name(self.name.value) or "?", puzzle_set,
                                     self.lang)
        by_id = {p.id: p for p in puzzles}
        for puzzle_id, answer in sorted(given.items(), key=lambda item: item[1].at):
            sheet.add(by_id[puzzle_id], answer.card.token, seconds=answer.seconds,
                      hints=answer.hints, at=datetime.fromtimestamp(answer.at, UTC))
        return sheet

    def _play_list(self, puzzles: list[Puzzle]) -> PuzzleWidget:
        self.playing = None
        self.aside = []
        return self._play(SetQueue(puzzles))

    def show_dashboard(self) -> None:
        self.screen = "dashboard"
        self.playing = None
        self.db_problem = None
        try:
            self.extra.value = dashboard_html(self.progress, self.lang, now=self.clock())
        except sqlite3.Error as exc:
            log.warning("could not read the puzzle statistics", exc_info=True)
            said = _db_error(exc, self.progress.path)(self.lang)
            self.extra.value = f'<p data-testid="puzzles-db-error">{html.escape(said)}</p>'
        self._show_bar()
        self.dashboard.children = (self.bar, self.extra)
        self.children = (self.style, self.dashboard)

    def find_drills(self) -> int:
        """Mine the learner's finished deals not mined yet; returns how many drills were added.
        The search's tile shows how far it got, deal by deal, then what it found, and the
        menu's voice says each once (:meth:`_mining`)."""
        mined = self.progress.mined_deals()
        stored = deals_from_store(self.store)
        deals = [d for d in stored if d.key not in mined]
        if not deals:
            self._mining(_said("no_new" if stored else "no_deals"))
            return 0
        added = 0
        for number, deal in enumerate(deals, 1):
            self._mining(_said("mining", i=number, n=len(deals)))
            added += self.progress.add_drills(deal.key, mine_deal(deal, backend=self.backend))
        self._mining(_said("mined", n=added) if added else _said("mined_none", margin=MARGIN))
        return added

    def _mining(self, words: Shown) -> None:
        """The search for drills got this far: the menu's voice says so (a screen reader hears
        nothing of a tile's line that changes), then its tile shows it.  Said first: the tile
        whose line was just said is not described by it too (panel.js), so it is heard once."""
        self.mining = words
        self.panel.say(words(self.lang), self.lang)
        self.show_menu()

    def set_lang(self, lang: str) -> None:
        """Called by the app when the learner switches language: every word on screen."""
        self.lang = lang = "ru" if lang == "ru" else "en"
        self.panel.lang = self.bar.lang = lang
        self.upload.description = _t("upload", lang)
        self.name.placeholder = _t("name", lang)
        if self.player is not None:
            self.player.set_lang(lang)
            if self.sheet is not None and self.playing is not None:
                self.sheet.set_title = self.playing.title.get(lang)
            self._show_bar()
            self._refresh_downloads()
        elif self.screen == "dashboard":
            self.show_dashboard()
        else:
            self.show_menu()

    # -- events -----------------------------------------------------------------------------

    def _refresh_downloads(self) -> None:
        sheet, puzzle_set = self.sheet, self.playing
        if sheet is None:
            return
        name = normalise_student_name(self.name.value)
        if not name:
            self.downloads.value = (f'<span data-testid="puzzles-name-needed">'
                                    f'{html.escape(_t("name_needed", self.lang))}</span>')
            return
        sheet.student = name
        if puzzle_set is not None:
            self._remember_name(puzzle_set.id, name)
        links = []
        for kind, key in (("json", "download"), ("csv", "download_csv")):
            link = results_download(sheet, kind, self.lang)
            # the arrow is a picture: the link is named by its words alone
            arrow, words = _t(key, self.lang).split(" ", 1)
            links.append(f'<a class="kz-puzzles-download" data-testid="puzzles-results-{kind}" '
                         f'data-name="{html.escape(self.name.value)}" '
                         f'onclick="{html.escape(_NAME_TYPED_JS)}" '
                         f'download="{html.escape(link["filename"])}" href="{link["href"]}">'
                         f'<span aria-hidden="true">{arrow} </span>{html.escape(words)}</a>')
        self.downloads.value = " ".join(links)

    def _remember_name(self, set_id: str, name: str) -> None:
        try:
            self.memory.set_student(set_id, name)
        except sqlite3.Error:
            log.exception("could not keep the student's name")

    def _command(self, command: Command) -> None:
        self.db_problem = None   # a problem is said after the action that met it, until the next
        if command.kind == "choose":
            group, value = command.value.split("=", 1)
            if group == "theme" and (value == "any" or value in THEMES):
                self.theme = value
                self.show_menu()
            return
        if command.kind != "button":
            return
        ident = command.value
        try:
            if ident in ("home", "lang"):
                self.header_button(ident)
            elif ident == "menu":
                self.leave()
            elif ident == "dashboard":
                self.show_dashboard()
            elif ident == "rated":
                self.open_rated()
            elif ident == "review":
                self._play_list(self.progress.waiting_reviews(self.clock()))
            elif ident == "drills":
                self._play_list(self.progress.drills())
            elif ident == "mine":
                self.find_drills()
            elif ident.startswith("set:"):
                wanted = ident.removeprefix("set:")
                match = next((s for s in self.sets if s.id[:36] == wanted), None)
                if match is not None:
                    self.open_set(match, catalogue=True)
            elif ident.startswith("open:"):
                wanted = ident.removeprefix("open:")
                kept = next((k.puzzle_set for k in self.memory.kept()
                             if _tile_key(k.puzzle_set.id) == wanted), None)
                if kept is not None:
                    self.open_set(kept)
        except sqlite3.Error as exc:
            log.exception("puzzle progress database error")
            if not _in_use(exc):   # the menu's notice says the file is in use
                self.db_problem = _db_error(exc, self.progress.path)
            self.show_menu()

    def open_file(self, name: str, content: bytes) -> PuzzleWidget | None:
        """Open an uploaded set file; a bad one is named in the menu's error line."""
        try:
            puzzle_set = PuzzleSet.sent_to_student(content, name)
        except PuzzleError as exc:
            self.errors = [exc.text]
            self.show_menu()
            return None
        return self.open_set(puzzle_set)

    def _on_files(self, files: list[ChosenFile]) -> None:
        chosen = files[0]
        if chosen.content is not None:
            self.open_file(chosen.name, chosen.content)
            return
        self.errors = [unreceived_file_error(chosen.name, chosen.size, chosen.problem == "too_big",
                                             self.upload.max_bytes).text]
        self.show_menu()
