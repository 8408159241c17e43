"""The app's *My progress* section: everything the learner has achieved, on one page.

Three parts, each read from the progress file on its own, so one that cannot be read (a
database error, say) shows a word instead and leaves the others standing:

* **Lessons** -- how many are finished, the stars earned, the next lesson to take, and a
  button that opens the Lessons section (:class:`~kozel_tutor.lessons.LessonProgress`);
* **Puzzles** -- the rating and what it means in words, puzzles solved of those tried and
  right answers of all attempts (:class:`~kozel_tutor.puzzles.dashboard.PuzzleCounts`, as the
  dashboard says them), the review list
  (:func:`~kozel_tutor.puzzles.dashboard.review_summary`) and the weakest theme
  (:func:`~kozel_tutor.puzzles.dashboard.weakest_theme`); the full dashboard stays in Puzzles;
* **Matches** -- per difficulty and game (as the play notebook's ``results()``): matches
  played and won, deals won, card points per deal (:meth:`Store.all_stats
  <kozel_tutor.app.store.Store.all_stats>`), only the rows that exist.

The page writes nothing of its own.  Its readers are the ones every section uses: a row that
cannot be read is set aside as they always do, and the app says so above the page.

>>> from kozel_tutor.lessons.progress import LessonRecord
>>> lessons_lines({"01_table": LessonRecord("01_table", 7, 7, 2)}, "en")[:2]
['Lessons finished: 1 of 15.', 'Stars earned: 2 of 45.']
>>> rating_meaning(1500, "en"), rating_meaning(1150, "ru")
('about an average learner (1500)', 'уровень новичка: вам подойдут лёгкие задачи')
"""

from __future__ import annotations

import importlib
import logging
import sqlite3
import time
from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets  # type: ignore[import-untyped]

from ..i18n import Number, pick
from ..lessons import LessonProgress, LessonRecord, lesson_ids, load_lesson
from ..puzzles.progress import Progress
from ..widgets import Command, PanelWidget
from .screens import LanguageSwitch, lang_button, wbutton
from .sections import SECTIONS, Section, SectionContext, register_section
from .session import LEVEL_ORDER, VARIANTS
from .store import Stats, Store
from .texts import text
from .views import level_label, rule_label

if TYPE_CHECKING:
    import pandas as pd  # type: ignore[import-untyped]

__all__ = ["AchievementsView", "lessons_lines", "matches_html", "puzzles_lines",
           "rating_meaning"]

log = logging.getLogger(__name__)

_TEXT: dict[str, dict[str, str]] = {
    "title": {"ru": "Мои успехи", "en": "My progress"},
    "hint": {"ru": "Уроки, задачи и партии: всё, чего вы добились, в одном месте",
             "en": "Lessons, puzzles and matches: all you have achieved, in one place"},
    "lessons": {"ru": "Уроки", "en": "Lessons"},
    "lessons_done": {"ru": "Пройдено уроков: {done} из {total}.",
                     "en": "Lessons finished: {done} of {total}."},
    "stars": {"ru": "Звёзд: {stars} из {most}.", "en": "Stars earned: {stars} of {most}."},
    "first": {"ru": "Вы ещё не прошли ни одного урока. Начните с первого: «{name}».",
              "en": "You have not finished a lesson yet. Start with the first one: “{name}”."},
    "next": {"ru": "Следующий урок: «{name}».", "en": "Next lesson: “{name}”."},
    "next_started": {"ru": "Следующий урок: «{name}» (вы остановились на шаге {seen} из "
                           "{steps}).",
                     "en": "Next lesson: “{name}” (you stopped at step {seen} of {steps})."},
    "all_done": {"ru": "Все уроки пройдены! Пройдите любой ещё раз, чтобы собрать больше звёзд.",
                 "en": "Every lesson finished! Take any of them again to earn more stars."},
    "all_stars": {"ru": "Все уроки пройдены на три звезды. Отлично!",
                  "en": "Every lesson finished with all three stars. Well done!"},
    "open_lessons": {"ru": "Открыть уроки", "en": "Open lessons"},
    "puzzles": {"ru": "Задачи", "en": "Puzzles"},
    "no_puzzles": {"ru": "Вы ещё не решали задач — попробуйте: плитка «Задачи» на главном "
                         "экране.",
                   "en": "No puzzles tried yet — try one from the Puzzles tile on the home "
                         "screen."},
    "rating": {"ru": "Рейтинг: {rating} — {meaning}.", "en": "Rating: {rating}, {meaning}."},
    "weakest": {"ru": "Самая слабая тема: «{theme}» (верных ответов {solved}).",
                "en": "Weakest theme: {theme} ({solved} of answers right)."},
    "no_weak": {"ru": "Слабых тем нет: все ответы верные.",
                "en": "No weak theme: every answer was right."},
    "no_weak_themed": {"ru": "Слабых тем нет: ошибки были только в задачах без темы.",
                       "en": "No weak theme: your only mistakes were in puzzles without a "
                             "theme."},
    "open_puzzles": {"ru": "Открыть задачи", "en": "Open puzzles"},
    "matches": {"ru": "Партии против компьютера", "en": "Matches against the computer"},
    "no_matches": {"ru": "Партий пока нет — сыграйте первую: плитка «Играть» на главном экране.",
                   "en": "No matches yet — play one from the Play tile on the home screen."},
    "matches_total": {"ru": "Доиграно партий: {played}, из них выиграно: {won}.",
                      "en": "Matches finished: {played}; won: {won}."},
    "by_level": {"ru": "По уровням сложности и играм", "en": "By difficulty and game"},
    "unreadable": {"ru": "Эту часть не удалось прочитать из файла прогресса ({reason}). "
                         "Попробуйте открыть страницу ещё раз чуть позже.",
                   "en": "This part could not be read from the progress file ({reason}). "
                         "Try opening the page again in a moment."},
}

_RATING_WORDS: tuple[tuple[float, dict[str, str]], ...] = (
    (1200, {"ru": "уровень новичка: вам подойдут лёгкие задачи",
            "en": "a beginner's level: easy puzzles suit you best"}),
    (1450, {"ru": "ниже среднего ученика (1500)", "en": "below an average learner (1500)"}),
    (1550, {"ru": "как у среднего ученика (1500)", "en": "about an average learner (1500)"}),
    (1800, {"ru": "выше среднего ученика (1500)", "en": "above an average learner (1500)"}),
    (float("inf"), {"ru": "сильный игрок: вам по силам трудные задачи",
                    "en": "a strong player: hard puzzles suit you"}),
)
"""What a rating means, by the band it is below (the puzzles' scale: 1500 is an average learner;
the teacher's filter calls puzzles under 1200 easy and from 1600 hard)."""

# Parts of the page as the panels draw them (the page's frame is panel.css's .kz-page).
_STYLE = ("<style>.kz-achievements .kz-ach-part{margin:6px 0 2px}"
          ".kz-achievements .kz-ach-part h2{font-size:19px;margin:14px 0 2px;color:#1f6b4a}"
          ".kz-achievements .kz-ach-part p{margin:4px 0}"
          ".kz-achievements .kz-ach-error{color:#8e1f16;font-weight:600}"
          ".kz-ach-table{border-collapse:collapse;width:100%;margin-top:6px;font-size:15px;"
          "font-variant-numeric:tabular-nums}"
          ".kz-ach-table caption{text-align:left;font-weight:600;font-size:14px;"
          "padding-bottom:4px}"
          ".kz-ach-table th,.kz-ach-table td{padding:5px 8px;border-bottom:1px solid #e6dfcd;"
          "text-align:right;line-height:1.3}"
          ".kz-ach-table thead th{font-size:13px;color:#5c5647;vertical-align:bottom}"
          ".kz-ach-table .kz-ach-left{text-align:left}"
          ".kz-achievements .kz-ach-actions{gap:8px;flex-wrap:wrap}</style>")


def _t(key: str, lang: str, **params: object) -> str:
    return pick(_TEXT, key, lang, **params)


def _lesson_name(lesson_id: str, lang: str) -> str:
    """``4. Who takes the trick``, as the lessons list names it."""
    lesson = load_lesson(lesson_id)
    return f"{lesson.number}. {lesson.title.get(lang)}"


# -- lessons ------------------------------------------------------------------------------------


def lessons_lines(records: Mapping[str, LessonRecord], lang: str) -> list[str]:
    """Lessons finished, stars earned and what to take next, as sentences."""
    ids = lesson_ids()
    finished = [records[i] for i in ids if i in records and records[i].finished]
    stars = sum(record.stars or 0 for record in finished)
    upcoming = next((i for i in ids if i not in records or not records[i].finished), None)
    lines = [_t("lessons_done", lang, done=len(finished), total=len(ids)),
             _t("stars", lang, stars=stars, most=3 * len(ids))]
    if upcoming is None:
        lines.append(_t("all_stars" if stars == 3 * len(ids) else "all_done", lang))
        return lines
    name = _lesson_name(upcoming, lang)
    started = records.get(upcoming)
    if not finished and started is None:
        return [_t("first", lang, name=name)]
    if started is not None and started.steps_seen > 0:
        lines.append(_t("next_started", lang, name=name, steps=started.steps,
                        seen=min(started.steps_seen, started.steps)))
    else:
        lines.append(_t("next", lang, name=name))
    return lines


# -- puzzles ------------------------------------------------------------------------------------


def rating_meaning(rating: float, lang: str) -> str:
    """The puzzle rating in words: a beginner's level, about an average learner (1500), ..."""
    words = next(words for below, words in _RATING_WORDS if rating < below)
    return words["ru" if lang == "ru" else "en"]


def puzzles_lines(progress: Progress, lang: str, now: float) -> list[str]:
    """The rating and its meaning, puzzles solved of those tried, right answers of all attempts,
    the review list and the weakest theme; one kind line when no puzzle has been tried."""
    from ..puzzles.dashboard import PuzzleCounts, attempts_frame, review_summary

    frame = attempts_frame(progress)
    if frame.empty:
        return [_t("no_puzzles", lang)]
    rating = round(progress.learner_rating().rating)
    counts = PuzzleCounts.of(frame)
    reviews = review_summary(progress.review_status(now), now, lang)
    lines = [_t("rating", lang, rating=rating, meaning=rating_meaning(rating, lang)),
             f"{counts.solved_words(lang)}.", f"{counts.attempts_words(lang)}.",
             reviews[:1].upper() + reviews[1:] + "."]
    weakest = _weakest_line(frame, lang)
    return lines if weakest is None else [*lines, weakest]


def _weakest_line(frame: pd.DataFrame, lang: str) -> str | None:
    """The weakest theme and its share of right answers; with no wrong answer in any theme,
    that there is no weak one (and why); nothing when no puzzle with a theme was tried."""
    from ..puzzles.dashboard import theme_rows, weakest_theme

    weakest = weakest_theme(frame, lang)
    if weakest is not None:
        return _t("weakest", lang, theme=weakest["theme"], solved=weakest["solved"])
    if not theme_rows(frame, lang):
        return None
    return _t("no_weak" if frame["correct"].all() else "no_weak_themed", lang)


# -- matches ------------------------------------------------------------------------------------


_RULE_ORDER = ("clubs", "called", *VARIANTS)
"""The trump rules and regional games in the order the settings offer them."""


def _rank(key: tuple[str, str]) -> tuple[int, int, str, str]:
    """Easy to insane (then any other level), clubs before called before the regional games."""
    level, rule = key
    return (LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER),
            _RULE_ORDER.index(rule) if rule in _RULE_ORDER else len(_RULE_ORDER), level, rule)


def matches_html(records: Sequence[tuple[tuple[str, str], Stats]], lang: str) -> str:
    """The learner's record against the computer: a line in all, then a row per difficulty
    and game played (easy to insane), with the columns of the play notebook's ``results()``."""
    if not records:
        return f"<p>{escape(_t('no_matches', lang))}</p>"
    ordered = sorted(records, key=lambda item: _rank(item[0]))
    total = _t("matches_total", lang, played=sum(s.matches for _, s in ordered),
               won=sum(s.wins for _, s in ordered))
    heads = ("nb_col_level", "nb_col_rule", "nb_col_matches", "nb_col_wins", "nb_col_deals_won",
             "stats_points")
    left = ' class="kz-ach-left"'
    head = "".join(f'<th scope="col"{left if i < 2 else ""}>{escape(text(key, lang))}</th>'
                   for i, key in enumerate(heads))
    body = "".join(
        f'<tr><th scope="row" class="kz-ach-left">{escape(level_label(level, lang))}</th>'
        f'<td class="kz-ach-left">{escape(rule_label(rule, lang))}</td>'
        f"<td>{stats.matches}</td><td>{stats.wins}</td>"
        f"<td>{escape(text('stats_of', lang, n=stats.deals_won, total=stats.deals))}</td>"
        f"<td>{escape(Number(stats.points_per_deal).in_lang(lang))}</td></tr>"
        for (level, rule), stats in ordered)
    return (f"<p>{escape(total)}</p>"
            f'<table class="kz-ach-table" data-testid="achievements-matches-table">'
            f"<caption>{escape(_t('by_level', lang))}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


# -- the page -----------------------------------------------------------------------------------


def _part(testid: str, heading: str, body: str) -> str:
    return (f'<section class="kz-ach-part" data-testid="{testid}"><h2>{escape(heading)}</h2>'
            f"{body}</section>")


def _paragraphs(lines: Sequence[str]) -> str:
    return "".join(f"<p>{escape(line)}</p>" for line in lines)


class AchievementsView(LanguageSwitch, ipywidgets.VBox):  # type: ignore[misc]
    """The *My progress* page: the sections' header (title, the way home, the language switch:
    ``on_lang``, the app's own, else this page's), then lessons, puzzles and matches.

    ``open_section(key)`` puts another section (Lessons, Puzzles) in place of this page, in the
    app's context (``context``); without a context, or when that section is not installed, its
    button is not shown.  Every language switch and :meth:`refresh` reads the progress again.
    """

    children: tuple[Any, ...]

    def __init__(self, store: Store, lang: str, *, go_home: Callable[[], None] | None = None,
                 on_lang: Callable[[], None] | None = None,
                 context: SectionContext | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.add_class("kz-achievements")
        self.add_class("kz-page")
        self.store = store
        self.lang = "ru" if lang == "ru" else "en"
        self.go_home = go_home
        self.on_lang = on_lang
        self.context = context
        self.clock = clock   # when reviews fall due is told by this clock (tests move it)
        self.header = PanelWidget(lang=self.lang)
        self.header.add_class("kz-page-header")
        self.header.on_command(self._command)
        self.style = ipywidgets.HTML(_STYLE, layout=ipywidgets.Layout(display="none"))
        self.lessons = ipywidgets.HTML()
        self.puzzles = ipywidgets.HTML()
        self.matches = ipywidgets.HTML()
        self.buttons = {key: self._button(key) for key in ("lessons", "puzzles")
                        if context is not None and context.open_section is not None
                        and key in SECTIONS}
        self.page = (self.header, self.style, self.lessons, self._actions("lessons"),
                     self.puzzles, self._actions("puzzles"), self.matches)
        self.children = self.page
        self._lesson_progress: LessonProgress | None = None
        self._puzzle_progress: Progress | None = None
        self.set_lang(self.lang)

    def _button(self, key: str) -> ipywidgets.Button:
        primary = ("kz-wbtn-primary",) if key == "lessons" else ()
        button = wbutton(*primary, f"kz-achievements-open-{key}")
        button.on_click(lambda _: self.open_section(key))
        return button

    def _actions(self, key: str) -> ipywidgets.HBox:
        box = ipywidgets.HBox([self.buttons[key]] if key in self.buttons else [])
        box.add_class("kz-ach-actions")
        return box

    # -- language and reading -------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Redraw in ``lang`` (the app calls it on every screen)."""
        self.lang = "ru" if lang == "ru" else "en"
        self.header.lang = self.lang
        toolbar = [lang_button(self.lang)]
        if self.go_home is not None:
            toolbar.insert(0, {"id": "home", "label": text("back", self.lang),
                               "testid": "achievements-home"})
        view: dict[str, Any] = {"title": _t("title", self.lang), "testid": "achievements",
                                "subtitle": _t("hint", self.lang), "toolbar": toolbar,
                                "buttons": []}
        self.header.view = view
        for key, button in self.buttons.items():
            button.description = _t(f"open_{key}", self.lang)
        self.refresh()

    def refresh(self) -> None:
        """Read the three parts from the progress file again."""
        lang = self.lang
        self.lessons.value = _part("achievements-lessons", _t("lessons", lang),
                                   self._read(self._lessons_body))
        self.puzzles.value = _part("achievements-puzzles", _t("puzzles", lang),
                                   self._read(self._puzzles_body))
        self.matches.value = _part("achievements-matches", _t("matches", lang),
                                   self._read(self._matches_body))

    def _read(self, body: Callable[[], str]) -> str:
        """One part's HTML, or a word that it could not be read."""
        try:
            return body()
        except sqlite3.Error as exc:
            log.exception("could not read a part of the progress page")
            return (f'<p class="kz-ach-error" role="status">'
                    f'{escape(_t("unreadable", self.lang, reason=exc))}</p>')

    def _lessons_body(self) -> str:
        if self._lesson_progress is None:
            self._lesson_progress = LessonProgress.for_file(self.store.path)
        return _paragraphs(lessons_lines(self._lesson_progress.all(), self.lang))

    def _puzzles_body(self) -> str:
        if self._puzzle_progress is None:
            self._puzzle_progress = Progress(self.store.path)
        return _paragraphs(puzzles_lines(self._puzzle_progress, self.lang, self.clock()))

    def _matches_body(self) -> str:
        return matches_html(self.store.all_stats(), self.lang)

    # -- commands -------------------------------------------------------------------------------

    def _command(self, command: Command) -> None:
        if command.kind == "button":
            self.header_button(command.value)

    def open_section(self, key: str) -> None:
        """Open the section ``key`` as its home tile does (the app's own way to it)."""
        if self.context is not None and self.context.open_section is not None:
            self.context.open_section(key)


def _open_section(context: SectionContext) -> AchievementsView:
    return AchievementsView(context.store, context.lang, go_home=context.go_home,
                            on_lang=context.toggle_lang, context=context)


def _warm() -> None:
    importlib.import_module("kozel_tutor.puzzles.dashboard")


register_section(Section("achievements", _TEXT["title"], _TEXT["hint"], "☆", _open_section,
                         order=30, warm=_warm))
