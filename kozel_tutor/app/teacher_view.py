"""The app's Teacher section: build a puzzle set, share it, and grade the results.

Three parts on one screen, plain ipywidgets over :mod:`kozel_tutor.puzzles.teacher`, under the
app's panel header (title, the way home and the app's language switch):

* **Build** – filter the catalogue by theme, difficulty, cards and variant and add what you
  see, or write a position of your own (start from the example, help on the format one click
  away): the solver fills in the answers, or says why the position has no unique best card; a
  position that is not written correctly is named in words, with the place.
* **Share** – the set's title, the list of its puzzles (title, themes, variant, rating) with a
  button to remove each, its file to download (named after the title), and the whole Binder
  link that opens it in the app, to copy (the GitHub repository is configurable).
* **Grade** – upload the students' results files (JSON or CSV); each bad file is named with its
  problem and the rest still make the gradebook, whose headers, puzzle titles and cards are in
  the teacher's language.

With the app's store (``store=``), the set being built – its puzzles, the teacher's own
positions, the title – is kept as a draft (:class:`~kozel_tutor.puzzles.teacher.TeacherDraft`):
leaving the section, or reloading the page, loses nothing.  A draft that cannot be read is set
aside, and the screen says so.

Every word on the screen, the problems included, follows the language switch.

>>> from kozel_tutor.puzzles.model import load_catalogue_lenient
>>> difficulty_range("easy")
(0, 1199)
"""

from __future__ import annotations

import base64
import hashlib
import html
import logging
import sqlite3
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import pandas as pd  # type: ignore[import-untyped]

from ..bad_rows import UnreadableValue
from ..puzzles.model import (
    Goal,
    Puzzle,
    PuzzleError,
    PuzzleSet,
    Text,
    load_catalogue_lenient,
    unreceived_file_error,
)
from ..puzzles.teacher import (
    EXAMPLE_POSITION,
    LONG_LINK,
    TeacherDraft,
    author_puzzle,
    filter_puzzles,
    gradebook,
    gradebook_html,
    load_results,
    set_filename,
    set_link,
)
from ..puzzles.themes import THEMES
from ..puzzles.variants import VARIANTS
from ..widgets import Command, PanelWidget
from ..widgets.file_button import ChosenFile, FileButton
from .screens import lang_button
from .store import Store

__all__ = ["DRAFT", "TeacherView", "difficulty_range"]

log = logging.getLogger(__name__)

DRAFT = "teacher"
"""The name of the teacher's draft in the store (:meth:`~.store.Store.save_draft`)."""

_DIFFICULTY = {"any": (0, 9999), "easy": (0, 1199), "medium": (1200, 1599),
               "hard": (1600, 9999)}

_TEXT = {
    "title": {"ru": "Учителю: наборы задач", "en": "For teachers: puzzle sets"},
    "bad_catalogue": {"ru": "Часть задач не загрузилась: {problems}",
                      "en": "Some puzzles could not be loaded: {problems}"},
    "draft_lost": {"ru": "Набор, который вы собирали, не удалось прочитать. Он отложен в "
                         "сторону (остальной прогресс цел); начните новый набор.",
                   "en": "The set you were putting together could not be read. It was put "
                         "aside (the rest of your progress is kept); start a new set."},
    "draft_part": {"ru": "Часть набора, который вы собирали, не удалось прочитать (не "
                         "прочитано задач: {n}). Она отложена в сторону; остальное — ниже.",
                   "en": "Part of the set you were putting together could not be read "
                         "(puzzles left out: {n}). It was put aside; the rest is below."},
    "intro": {"ru": "Соберите набор, поделитесь файлом или ссылкой, загрузите результаты учеников.",
              "en": "Build a set, share it as a file or a link, load your students' results."},
    "home": {"ru": "← Домой", "en": "← Home"},
    "build": {"ru": "1. Собрать набор", "en": "1. Build a set"},
    "theme": {"ru": "Тема", "en": "Theme"},
    "difficulty": {"ru": "Сложность", "en": "Difficulty"},
    "cards": {"ru": "Карт на руке", "en": "Cards in hand"},
    "variant": {"ru": "Вариант", "en": "Variant"},
    "any": {"ru": "любая", "en": "any"},
    "easy": {"ru": "лёгкие (<1200)", "en": "easy (<1200)"},
    "medium": {"ru": "средние", "en": "medium"},
    "hard": {"ru": "трудные (1600+)", "en": "hard (1600+)"},
    "opening": {"ru": "первый ход", "en": "opening lead"},
    "found": {"ru": "Подходит задач: {n}.", "en": "Matching puzzles: {n}."},
    "add": {"ru": "Добавить первые {n}", "en": "Add the first {n}"},
    "clear": {"ru": "Очистить набор", "en": "Clear the set"},
    "own": {"ru": "Своя позиция", "en": "A position of your own"},
    "author": {"ru": "Вставьте сюда позицию — или нажмите «Начать с примера» и поменяйте в нём "
                     "карты.",
               "en": "Paste a position here – or press “Start from the example” and change "
                     "its cards."},
    "example": {"ru": "Начать с примера", "en": "Start from the example"},
    "example_hint": {"ru": "Вставить в поле пример позиции (то, что там было, заменится)",
                     "en": "Put an example position in the box (replacing what is there)"},
    "goal": {"ru": "Цель ученика", "en": "Student's goal"},
    "auto": {"ru": "Любая: решатель выберет цель, где есть одна лучшая карта",
             "en": "Any: the solver picks a goal with one best card"},
    "goal_hint": {"ru": "Ученик играет за того, чей сейчас ход. Позиция станет задачей, только "
                        "если для цели есть одна лучшая карта (или равноценные ей).",
                  "en": "The student plays for the player whose turn it is. The position "
                        "becomes a puzzle only if one card (or cards equal to it) is best for "
                        "the goal."},
    "check": {"ru": "Проверить и добавить", "en": "Check and add"},
    "added": {"ru": "Добавлено: {title} — ответ {answers}.",
              "en": "Added: {title} — answer {answers}."},
    "rejected": {"ru": "Не добавлено: {reason}", "en": "Not added: {reason}"},
    "already": {"ru": "Эта позиция уже есть в наборе (задача {n}).",
                "en": "This position is already in the set (puzzle {n})."},
    "share": {"ru": "2. Поделиться", "en": "2. Share"},
    "set_title": {"ru": "Название набора", "en": "Set title"},
    "repo": {"ru": "Репозиторий GitHub (owner/name)", "en": "GitHub repository (owner/name)"},
    "in_set": {"ru": "В наборе задач: {n}", "en": "Puzzles in the set: {n}"},
    "download": {"ru": "⬇ Файл набора", "en": "⬇ Set file"},
    "link": {"ru": "Ссылка Binder: по ней ученики откроют набор в приложении",
             "en": "Binder link: your students open the set in the app with it"},
    "copy": {"ru": "Копировать ссылку", "en": "Copy the link"},
    "copied": {"ru": "Скопировано ✓", "en": "Copied ✓"},
    "open_link": {"ru": "Открыть (в новой вкладке)", "en": "Open it (in a new tab)"},
    "long": {"ru": "Ссылка длинная ({n} символов): некоторые мессенджеры её обрежут — "
                   "надёжнее файл.",
             "en": "The link is long ({n} characters): some chat apps cut it — the file is "
                   "safer."},
    "grade": {"ru": "3. Результаты учеников", "en": "3. Students' results"},
    "upload": {"ru": "Загрузить файлы результатов", "en": "Load results files"},
    "bad": {"ru": "Эти файлы не прочитаны (остальные — в журнале ниже):",
            "en": "These files were not read (the others are in the gradebook below):"},
    "bad_plain": {"ru": "Эти файлы не прочитаны:", "en": "These files were not read:"},
    "bad_none": {"ru": "Ни один файл не прочитан:", "en": "No file could be read:"},
    "bad_none_hint": {"ru": "Файл результатов ученик скачивает в приложении, решив ваш набор "
                            "задач (JSON или CSV). Загрузите такие файлы — и здесь появится "
                            "журнал.",
                      "en": "A results file is what a student downloads in the app after "
                            "solving your puzzle set (JSON or CSV). Load such files and the "
                            "gradebook appears here."},
    "empty_set": {"ru": "Набор пуст: добавьте задачи.", "en": "The set is empty: add puzzles."},
    "remove": {"ru": "Убрать", "en": "Remove"},
    "remove_hint": {"ru": "Убрать задачу из набора", "en": "Remove this puzzle from the set"},
    "item_theme": {"ru": "тема: {themes}", "en": "theme: {themes}"},
    "item_themes": {"ru": "темы: {themes}", "en": "themes: {themes}"},
    "item_variant": {"ru": "вариант: {variant}", "en": "variant: {variant}"},
    "item_rating": {"ru": "рейтинг {rating}", "en": "rating {rating}"},
    "paste_first": {"ru": "Сначала вставьте позицию в поле выше (или начните с примера).",
                    "en": "Paste a position in the box above first (or start from the "
                          "example)."},
    "default_title": {"ru": "Набор задач", "en": "Puzzle set"},
}

# How to write a position, for a teacher who is not a programmer: what each line of the
# example means.  The JSON names stay in Latin letters in both languages (they are typed so).
_HELP = {
    "en": ("How to write a position",
           ["<b>hands</b>: the cards each player holds – <b>N</b>, <b>E</b>, <b>S</b>, <b>W</b> "
            "(North and South play together against East and West). A card is its rank and "
            "suit: ranks 6 7 8 9 <b>T</b> (ten) <b>J Q K A</b>, suits <b>C</b> ♣ <b>S</b> ♠ "
            "<b>H</b> ♥ <b>D</b> ♦; so <code>TC</code> is the ten of clubs. Between tricks "
            "every hand has the same number of cards.",
            "<b>leader</b>: who leads the trick (N, E, S or W). The student plays for the "
            "player whose turn it is: the leader, or the next player after the cards already "
            "on the table.",
            "<b>trick</b>: the cards already played to this trick, in order from the leader, "
            "such as <code>[\"AH\", \"7H\"]</code>; <code>[]</code> when none.",
            "<b>taken</b>: card points and tricks each side has taken so far: "
            "<code>\"NS\": [points, tricks]</code>. With the points of the cards still in play "
            "(A 11, T 10, K 4, Q 3, J 2) they make 120.",
            "<b>trump</b>: the trump suit (C, S, H or D); <b>rules</b>: standard, classic, "
            "nizhny or kozly24.",
            "Keep the quotation marks, commas, colons and brackets as in the example."]),
    "ru": ("Как записать позицию",
           ["<b>hands</b> — карты каждого игрока: <b>N</b> (север), <b>E</b> (восток), "
            "<b>S</b> (юг), <b>W</b> (запад); N и S играют вместе против E и W. Карта — "
            "достоинство и масть латиницей: 6 7 8 9 <b>T</b> (десятка) <b>J</b> (валет) "
            "<b>Q</b> (дама) <b>K</b> (король) <b>A</b> (туз), масти <b>C</b> ♣ <b>S</b> ♠ "
            "<b>H</b> ♥ <b>D</b> ♦; так, <code>TC</code> — десятка треф. Между взятками у всех "
            "поровну карт.",
            "<b>leader</b> — кто начинает взятку (N, E, S или W). Ученик играет за того, чей "
            "ход: за начинающего или, если на столе уже есть карты, за следующего игрока.",
            "<b>trick</b> — карты, уже сыгранные в эту взятку, по порядку от начинающего, "
            "например <code>[\"AH\", \"7H\"]</code>; <code>[]</code>, если карт нет.",
            "<b>taken</b> — очки и взятки, уже взятые каждой парой: "
            "<code>\"NS\": [очки, взятки]</code>. Вместе с очками карт, которые ещё в игре "
            "(туз 11, десятка 10, король 4, дама 3, валет 2), получается 120.",
            "<b>trump</b> — козырная масть (C, S, H или D); <b>rules</b> — правила: standard, "
            "classic, nizhny или kozly24.",
            "Кавычки, запятые, двоеточия и скобки оставляйте как в примере."]),
}

# The whole Binder link in a field that wraps, and a button that copies it (in the browser:
# Python cannot reach the teacher's clipboard).
_COPY_JS = ("const f=this.closest('.kz-teacher-linkbox').querySelector('textarea');"
            "f.focus();f.select();const done=()=>{this.textContent=this.dataset.done;};"
            "if(navigator.clipboard&&window.isSecureContext){navigator.clipboard"
            ".writeText(f.value).then(done,()=>{document.execCommand('copy');done();});}"
            "else{document.execCommand('copy');done();}")


def _t(key: str, lang: str, **params: object) -> str:
    text = _TEXT[key]["ru" if lang == "ru" else "en"]
    return text.format(**params) if params else text


def difficulty_range(name: str) -> tuple[int, int]:
    return _DIFFICULTY.get(name, _DIFFICULTY["any"])


def _button(*classes: str) -> ipywidgets.Button:
    """A plain ipywidgets button in the app's look (panel.css ``.kz-wbtn``)."""
    button = ipywidgets.Button(layout=ipywidgets.Layout(width="auto"))
    for name in ("kz-wbtn", *classes):
        button.add_class(name)
    return button


class TeacherView(ipywidgets.VBox):  # type: ignore[misc]
    """The Teacher section of the app (also usable on its own in a notebook).

    ``on_lang`` switches the language of the whole app (the app passes its own switch; without
    one, as in a notebook, the switch changes this screen).  ``store`` keeps the set being built
    between visits (without one nothing is kept).
    """

    ADD_AT_ONCE = 10

    def __init__(self, lang: str, go_home: Callable[[], None] | None = None, *,
                 backend: str | None = None,
                 on_lang: Callable[[], None] | None = None, store: Store | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kz-teacher")
        self.add_class("kz-page")
        self.lang = "ru" if lang == "ru" else "en"
        self.go_home = go_home
        self.on_lang = on_lang
        self.backend = backend
        self.store = store
        self._quiet = False   # set while the screen itself changes values (language, draft)
        self.draft_notice: tuple[str, int] | None = None
        sets, errors = load_catalogue_lenient()
        seen: dict[str, Puzzle] = {}
        for puzzle_set in sets:
            for puzzle in puzzle_set.puzzles:
                seen.setdefault(puzzle.id, puzzle)
        self.catalogue = list(seen.values())
        self.load_errors = errors   # catalogue files that could not be read, shown above
        self.chosen: list[Puzzle] = []
        self.results_files: list[Path] = []
        self._results: tuple[pd.DataFrame, list[PuzzleError]] | None = None
        self._authored: Puzzle | PuzzleError | tuple[str, dict[str, object]] | None = None
        self._tmp = tempfile.TemporaryDirectory(prefix="kozel-results-")
        w = ipywidgets
        self.header = PanelWidget(lang=self.lang)
        self.header.add_class("kz-teacher-header")
        self.header.add_class("kz-page-header")
        self.header.on_command(self._command)
        # Labels in full ("Карт на руках", not "Карт на р…"), buttons as wide as their words.
        labelled = {"description_width": "initial"}
        self.theme = w.Dropdown(style=labelled)
        self.difficulty = w.Dropdown(style=labelled)
        self.cards = w.Dropdown(style=labelled)
        self.variant = w.Dropdown(style=labelled)
        for control in (self.theme, self.difficulty, self.cards, self.variant):
            control.layout.width = "auto"
            control.observe(lambda _: self.refresh(), names="value")
        self.found = w.HTML()
        self.add = _button("kz-wbtn-primary", "kz-teacher-add")
        self.add.on_click(lambda _: self.add_filtered())
        self.clear = _button("kz-teacher-clear")
        self.clear.on_click(lambda _: self.clear_set())
        self.own = w.HTML()
        self.own.add_class("kz-teacher-own")
        self.example = _button("kz-teacher-example")
        self.example.on_click(lambda _: self.use_example())
        self.help = w.HTML()
        self.help.add_class("kz-teacher-help")
        self.position = w.Textarea(layout=w.Layout(width="100%", height="15em"))
        self.position.add_class("kz-teacher-position")
        self.position.observe(lambda _: self._edited(), names="value")
        self.goal = w.Dropdown(style=labelled, layout=w.Layout(width="auto"))
        self.goal.add_class("kz-teacher-goal")
        self.goal.observe(lambda _: self._edited(), names="value")
        self.check = _button("kz-wbtn-primary", "kz-teacher-check")
        self.check.on_click(lambda _: self.author())
        self.goal_hint = w.HTML()
        self.goal_hint.add_class("kz-teacher-goal-hint")
        self.author_status = w.HTML()
        self.title = w.Text(value="")
        self.title.add_class("kz-teacher-title")
        self.title.observe(lambda _: self._set_details_changed(), names="value")
        self.repo = w.Text(value="")
        self.repo.add_class("kz-teacher-repo")
        self.repo.observe(lambda _: self._set_details_changed(), names="value")
        self.count = w.HTML()
        self.items = w.VBox()
        self.items.add_class("kz-teacher-items")
        self._rows: dict[str, tuple[Any, Any, Any]] = {}
        self.share = w.HTML()
        self.upload = FileButton(accept=".json,.csv", multiple=True, testid="teacher-upload")
        self.upload.add_class("kz-teacher-upload")
        self.upload.on_files(self._on_files)
        self.unreceived: list[PuzzleError] = []
        self.grades = w.HTML()
        row = w.Layout(flex_flow="row wrap", align_items="center")
        self.children = (
            self.header,
            self.section_title("build"),
            w.HBox([self.theme, self.difficulty, self.cards, self.variant], layout=row),
            w.HBox([self.found, self.add, self.clear], layout=row),
            self.own, self.help, w.HBox([self.example], layout=row), self.position,
            w.HBox([self.goal, self.check], layout=row), self.goal_hint, self.author_status,
            self.section_title("share"), w.HBox([self.title, self.repo], layout=row),
            self.count, self.items, self.share,
            self.section_title("grade"), self.upload, self.grades,
        )
        self.set_lang(self.lang)
        self._restore_draft()

    def section_title(self, key: str) -> ipywidgets.HTML:
        label = ipywidgets.HTML()
        label.add_class(f"kz-teacher-{key}")
        label.key = key
        return label

    @contextmanager
    def _quietly(self) -> Iterator[None]:
        """Values set by the screen itself: not the teacher's edits (nothing is saved, no
        message is cleared)."""
        before, self._quiet = self._quiet, True
        try:
            yield
        finally:
            self._quiet = before

    # -- language ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Every word on the screen in ``lang`` (the app calls this when the language changes)."""
        self.lang = lang = "ru" if lang == "ru" else "en"
        def t(key: str, **params: object) -> str:
            return _t(key, lang, **params)

        self._show_header()
        for child in self.children:
            key = getattr(child, "key", None)
            if key:
                child.value = f"<h3>{html.escape(t(key))}</h3>"
        with self._quietly():
            value = self.theme.value or "any"
            self.theme.options = [(t("any"), "any")] + [(d.name.get(lang), k)
                                                        for k, d in THEMES.items()]
            self.theme.value = value
            self.theme.description = t("theme")
            value = self.difficulty.value or "any"
            self.difficulty.options = [(t(k), k) for k in ("any", "easy", "medium", "hard")]
            self.difficulty.value = value
            self.difficulty.description = t("difficulty")
            value = self.cards.value or "any"
            self.cards.options = [(t("any"), "any"), ("3", "3"), ("4", "4"), ("5", "5"),
                                  ("6", "6"), (t("opening"), "9")]
            self.cards.value = value
            self.cards.description = t("cards")
            value = self.variant.value or "any"
            self.variant.options = [(t("any"), "any")] + [(name.get(lang), key)
                                                          for key, name in VARIANTS.items()]
            self.variant.value = value
            self.variant.description = t("variant")
            value = self.goal.value or "auto"
            self.goal.options = [(t("auto"), "auto")] + [(g.text(lang).rstrip("."), g.value)
                                                         for g in Goal]
            self.goal.value = value
            self.goal.description = t("goal")
        self.own.value = f"<h4>{html.escape(t('own'))}</h4>"
        summary, points = _HELP[lang]
        self.help.value = (f'<details data-testid="teacher-help"><summary>{html.escape(summary)}'
                           f'</summary><ul>{"".join(f"<li>{p}</li>" for p in points)}</ul>'
                           f'</details>')
        self.example.description = t("example")
        self.example.tooltip = t("example_hint")
        self.position.placeholder = t("author")
        self.goal_hint.value = f"<p>{html.escape(t('goal_hint'))}</p>"
        self.check.description = t("check")
        self.clear.description = t("clear")
        self.title.placeholder = t("set_title")
        self.repo.placeholder = t("repo")
        self.upload.description = t("upload")
        self.refresh()
        self._show_authored()
        self._show_grades()

    def _show_header(self) -> None:
        lang = self.lang
        self.header.lang = lang
        toolbar = [lang_button(lang)]
        if self.go_home is not None:
            toolbar.insert(0, {"id": "home", "label": _t("home", lang), "testid": "teacher-home"})
        view: dict[str, Any] = {"title": _t("title", lang), "subtitle": _t("intro", lang),
                                "testid": "teacher", "toolbar": toolbar, "buttons": []}
        problems = []
        if self.draft_notice is not None:
            key, lost = self.draft_notice
            problems.append(_t(key, lang, n=lost))
        if self.load_errors:
            problems.append(_t("bad_catalogue", lang,
                               problems="; ".join(e.text(lang) for e in self.load_errors)))
        if problems:
            view["error"] = " ".join(problems)
        self.header.view = view

    def switch_lang(self) -> None:
        """The language switch: the whole app's when there is one, else this screen's."""
        if self.on_lang is not None:
            self.on_lang()  # the app calls set_lang on this screen too
        else:
            self.set_lang("en" if self.lang == "ru" else "ru")

    def _command(self, command: Command) -> None:
        if command.kind != "button":
            return
        if command.value == "lang":
            self.switch_lang()
        elif command.value == "home" and self.go_home is not None:
            self.go_home()

    # -- the draft --------------------------------------------------------------------------

    def draft(self) -> TeacherDraft:
        """The set being built, as it is kept between visits."""
        return TeacherDraft(list(self.chosen), self.title.value, self.repo.value,
                            self.position.value, str(self.goal.value or "auto"))

    def _save_draft(self) -> None:
        if self.store is None or self._quiet:
            return
        try:
            self.store.save_draft(DRAFT, self.draft().to_dict())
        except sqlite3.Error:
            log.exception("could not keep the teacher's draft")

    def _restore_draft(self) -> None:
        """The set the teacher was building last time, as far as it can be read; what cannot
        be is set aside (the store's ``bad_rows``) and :attr:`draft_notice` says so."""
        if self.store is None:
            return
        try:
            data = self.store.read_draft(DRAFT)
        except UnreadableValue:   # not even JSON: the store has set it aside
            self._draft_unreadable("draft_lost")
            return
        except sqlite3.Error:
            log.exception("could not read the teacher's draft")
            return
        if data is None:
            return
        try:
            draft, problems = TeacherDraft.from_dict(data)
        except ValueError as exc:
            self._set_aside_draft(str(exc))
            self._draft_unreadable("draft_lost")
            return
        with self._quietly():
            self.chosen[:] = draft.puzzles
            self.title.value = draft.title
            self.repo.value = draft.repo
            self.position.value = draft.position
            self.goal.value = draft.goal
        if problems:
            self._set_aside_draft("; ".join(problems))
            stored = data.get("puzzles")
            lost = len(stored) - len(draft.puzzles) if isinstance(stored, list) else 0
            self.draft_notice = ("draft_part", lost)
            self._show_header()
            self._save_draft()   # what could be read is the draft from now on
        self.refresh()

    def _set_aside_draft(self, reason: str) -> None:
        assert self.store is not None
        try:
            self.store.set_aside_draft(DRAFT, reason)
        except sqlite3.Error:
            log.exception("could not set the teacher's draft aside")

    def _draft_unreadable(self, key: str) -> None:
        self.draft_notice = (key, 0)
        self._show_header()

    # -- build ------------------------------------------------------------------------------

    def filtered(self) -> list[Puzzle]:
        low, high = difficulty_range(str(self.difficulty.value))
        themes = () if self.theme.value in (None, "any") else (str(self.theme.value),)
        cards: Sequence[int] = () if self.cards.value in (None, "any") else (int(self.cards.value),)
        variants = () if self.variant.value in (None, "any") else (str(self.variant.value),)
        return filter_puzzles(self.catalogue, themes=themes, min_rating=low, max_rating=high,
                              cards=cards, variants=variants)

    def refresh(self) -> None:
        matches = [p for p in self.filtered() if p not in self.chosen]
        self.found.value = html.escape(_t("found", self.lang, n=len(matches)))
        self.add.description = _t("add", self.lang, n=min(self.ADD_AT_ONCE, len(matches)))
        self.add.disabled = not matches
        self.refresh_items()
        self.refresh_share()

    def _set_changed(self) -> None:
        """The set changed: what was said of the last position checked no longer applies."""
        self._forget_authored()
        self.refresh()
        self._save_draft()

    def add_filtered(self) -> int:
        fresh = [p for p in self.filtered() if p not in self.chosen][:self.ADD_AT_ONCE]
        self.chosen.extend(fresh)
        self._set_changed()
        return len(fresh)

    def clear_set(self) -> None:
        self.chosen.clear()
        self._set_changed()

    def remove(self, puzzle_id: str) -> bool:
        """Take one puzzle out of the set; ``False`` when it is not in it."""
        kept = [p for p in self.chosen if p.id != puzzle_id]
        if len(kept) == len(self.chosen):
            return False
        self.chosen[:] = kept
        self._set_changed()
        return True

    def use_example(self) -> None:
        """Put the example position in the box, for the teacher to change."""
        self.position.value = EXAMPLE_POSITION

    def _edited(self) -> None:
        """The position or its goal was changed: an old verdict on it no longer applies."""
        if self._quiet:
            return
        self._forget_authored()
        self._save_draft()

    def _forget_authored(self) -> None:
        if self._authored is not None:
            self._authored = None
            self._show_authored()

    def author(self) -> Puzzle | None:
        """Check the pasted position with the solver and add it to the set if it is a puzzle."""
        if not self.position.value.strip():
            self._authored = ("paste_first", {})
            self._show_authored()
            return None
        goal = None if self.goal.value == "auto" else Goal(self.goal.value)
        try:
            puzzle = author_puzzle(self.position.value, goal=goal, backend=self.backend)
        except PuzzleError as exc:
            self._authored = exc
            self._show_authored()
            return None
        place = next((n for n, p in enumerate(self.chosen, 1) if p.id == puzzle.id), None)
        if place is not None:
            self._authored = ("already", {"n": place})
            self._show_authored()
            return None
        self.chosen.append(puzzle)
        self.refresh()
        self._save_draft()
        self._authored = puzzle
        self._show_authored()
        return puzzle

    def _show_authored(self) -> None:
        done, lang = self._authored, self.lang
        if done is None:
            self.author_status.value = ""
            return
        if isinstance(done, Puzzle):
            answers = " ".join(c.label(lang) for c in sorted(done.answers, key=lambda c: c.index))
            added = _t("added", lang, title=done.title.get(lang), answers=answers)
            self.author_status.value = f'<p data-testid="teacher-added">{html.escape(added)}</p>'
            return
        if isinstance(done, PuzzleError):
            message = _t("rejected", lang, reason=done.text(lang))
        else:
            key, params = done
            message = _t(key, lang, **params)
        self.author_status.value = (f'<p class="kz-teacher-error" data-testid="teacher-error">'
                                    f'{html.escape(message)}</p>')

    # -- share ------------------------------------------------------------------------------

    def puzzle_set(self) -> PuzzleSet:
        title = self.title.value.strip() or _t("default_title", self.lang)
        digest = hashlib.sha1(" ".join(p.id for p in self.chosen).encode()).hexdigest()[:10]
        ident = f"set-{digest}"
        return PuzzleSet(ident, Text(title, title), Text("", ""), tuple(self.chosen))

    def _set_details_changed(self) -> None:
        self.refresh_share()
        self._save_draft()

    def _item_html(self, number: int, puzzle: Puzzle) -> str:
        lang = self.lang
        variant = VARIANTS.get(puzzle.variant, Text(puzzle.variant, puzzle.variant)).get(lang)
        title = puzzle.title.get(lang).removesuffix(f" · {variant}")
        themes = [THEMES[t].name.get(lang) for t in puzzle.themes if t in THEMES]
        meta = " · ".join(
            ([_t("item_themes" if len(themes) > 1 else "item_theme", lang,
                 themes=", ".join(themes))] if themes else [])
            + [_t("item_variant", lang, variant=variant),
               _t("item_rating", lang, rating=puzzle.rating)])
        return (f'<span data-testid="teacher-item" data-puzzle="{html.escape(puzzle.id)}" '
                f'data-variant="{html.escape(puzzle.variant)}"><b>{number}.</b> '
                f'{html.escape(title)} <span class="kz-teacher-item-meta">{html.escape(meta)}'
                f'</span></span>')

    def refresh_items(self) -> None:
        """The list of the set's puzzles, each with its remove button."""
        w = ipywidgets
        rows = []
        for number, puzzle in enumerate(self.chosen, 1):
            if puzzle.id not in self._rows:
                label = w.HTML(layout=w.Layout(flex="1 1 auto"))
                button = _button("kz-wbtn-small", "kz-teacher-remove")
                button.layout.flex = "none"
                button.on_click(lambda _, ident=puzzle.id: self.remove(ident))
                box = w.HBox([label, button], layout=w.Layout(align_items="center"))
                box.add_class("kz-teacher-item")
                self._rows[puzzle.id] = (box, label, button)
            box, label, button = self._rows[puzzle.id]
            label.value = self._item_html(number, puzzle)
            button.description = _t("remove", self.lang)
            button.tooltip = _t("remove_hint", self.lang)
            rows.append(box)
        kept = {p.id for p in self.chosen}
        for ident in [i for i in self._rows if i not in kept]:
            self._rows.pop(ident)[0].close()
        self.items.children = tuple(rows)

    def refresh_share(self) -> None:
        lang = self.lang
        if not self.chosen:
            self.count.value = ""
            self.share.value = html.escape(_t("empty_set", lang))
            return
        self.count.value = (f'<p data-testid="teacher-count">'
                            f'{html.escape(_t("in_set", lang, n=len(self.chosen)))}</p>')
        puzzle_set = self.puzzle_set()
        payload = base64.b64encode(puzzle_set.to_json().encode("utf-8")).decode("ascii")
        name = (set_filename(puzzle_set, lang) if self.title.value.strip()
                else f"{puzzle_set.id}.json")
        parts = [f'<p><a class="kz-download" data-testid="teacher-download" '
                 f'download="{html.escape(name)}" href="data:application/json;base64,{payload}">'
                 f'{html.escape(_t("download", lang))}</a></p>']
        try:
            link = set_link(puzzle_set, repo=self.repo.value.strip() or None)
        except PuzzleError as exc:
            parts.append(f'<p class="kz-teacher-error" data-testid="teacher-repo-error">'
                         f'{html.escape(exc.text(lang))}</p>')
        else:
            parts.append(self._link_html(link))
        self.share.value = "".join(parts)

    def _link_html(self, link: str) -> str:
        """The whole link, in a field that wraps and selects itself, with a copy button."""
        lang, url = self.lang, html.escape(link)
        label = html.escape(_t("link", lang))
        out = (f'<div class="kz-teacher-linkbox"><p class="kz-teacher-linklabel">{label}:</p>'
               f'<textarea readonly rows="3" class="kz-teacher-linktext" spellcheck="false" '
               f'data-testid="teacher-link-text" aria-label="{label}" '
               f'onfocus="this.select()">{url}</textarea>'
               f'<div class="kz-teacher-linkactions">'
               f'<button type="button" class="kz-btn" data-testid="teacher-copy" '
               f'data-done="{html.escape(_t("copied", lang))}" '
               f'onclick="{html.escape(_COPY_JS)}">{html.escape(_t("copy", lang))}</button>'
               f'<a class="kz-btn" data-testid="teacher-link" target="_blank" rel="noopener" '
               f'href="{url}">{html.escape(_t("open_link", lang))}</a></div></div>')
        if len(link) > LONG_LINK:
            out += f"<p>{html.escape(_t('long', lang, n=len(link)))}</p>"
        return out

    # -- grade ------------------------------------------------------------------------------

    def add_results(self, files: Sequence[tuple[str, bytes]]) -> None:
        """Add uploaded results files and redraw the gradebook."""
        folder = Path(self._tmp.name)
        for number, (name, content) in enumerate(files, len(self.results_files)):
            base = Path(name).name
            safe = base if base not in ("", ".", "..") else "results.json"
            path = folder / f"{number:03d}" / safe
            path.parent.mkdir()
            path.write_bytes(content)
            self.results_files.append(path)
        self._results = load_results(self.results_files)
        self._show_grades()

    def _show_grades(self) -> None:
        if self._results is None:
            self.grades.value = ""
            return
        table, load_errors = self._results
        errors = [*self.unreceived, *load_errors]
        read = len(self.results_files) - len(load_errors)
        lang = self.lang
        sets = [self.puzzle_set()] if self.chosen else []
        book = gradebook(table, sets=sets, puzzles=[*self.catalogue, *self.chosen])
        if not errors:
            self.grades.value = gradebook_html(book, lang)
            return
        items = "".join(f"<li>{html.escape(Path(e.source or '?').name)}: "
                        f"{html.escape(e.problems_text(lang))}</li>" for e in errors)
        # which words depend on what was read: none of the files, some with answers, or
        # some without a single answer (then the gradebook says there are no results yet)
        key = "bad_none" if read == 0 else "bad_plain" if book.students.empty else "bad"
        error_html = (f'<div class="kz-teacher-error" data-testid="teacher-bad-results">'
                      f'{html.escape(_t(key, lang))}<ul>{items}</ul></div>')
        if read == 0:
            hint = html.escape(_t("bad_none_hint", lang))
            self.grades.value = f'{error_html}<p class="kz-gradebook-empty">{hint}</p>'
        else:
            self.grades.value = error_html + gradebook_html(book, lang)

    def _on_files(self, files: list[ChosenFile]) -> None:
        self.unreceived += [unreceived_file_error(f.name, f.size, f.problem == "too_big",
                                                  self.upload.max_bytes)
                            for f in files if f.content is None]
        self.add_results([(f.name, f.content) for f in files if f.content is not None])
