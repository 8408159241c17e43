"""The app's Teacher section: build a puzzle set, share it, and grade the results.

Three parts on one screen, plain ipywidgets over :mod:`kozel_tutor.puzzles.teacher`, under the
app's panel header (title, the way home and the app's language switch):

* **Build** – filter the catalogue by theme, difficulty, cards and variant and add what you
  see, or paste a position (RULES.md §3 JSON): the solver fills in the answers, or says why the
  position has no unique best card.
* **Share** – the set's title, the list of its puzzles (title, themes, variant, rating) with a
  button to remove each, its file to download (named after the title), and the Binder link that
  opens it in the app (the GitHub repository is configurable).
* **Grade** – upload the students' results files (JSON or CSV); each bad file is named with its
  problem and the rest still make the gradebook, whose headers, puzzle titles and cards are in
  the teacher's language.

Every word on the screen, the problems included, follows the language switch.

>>> from kozel_tutor.puzzles.model import load_catalogue_lenient
>>> difficulty_range("easy")
(0, 1199)
"""

from __future__ import annotations

import base64
import hashlib
import html
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets  # type: ignore[import-untyped]
import pandas as pd  # type: ignore[import-untyped]

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
    LONG_LINK,
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

__all__ = ["TeacherView", "difficulty_range"]

_DIFFICULTY = {"any": (0, 9999), "easy": (0, 1199), "medium": (1200, 1599),
               "hard": (1600, 9999)}

_TEXT = {
    "title": {"ru": "Учителю: наборы задач", "en": "For teachers: puzzle sets"},
    "bad_catalogue": {"ru": "Часть задач не загрузилась: {problems}",
                      "en": "Some puzzles could not be loaded: {problems}"},
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
    "author": {"ru": "Своя позиция (JSON, RULES.md §3)",
               "en": "Your own position (JSON, RULES.md §3)"},
    "goal": {"ru": "Цель", "en": "Goal"},
    "auto": {"ru": "подобрать", "en": "find one"},
    "check": {"ru": "Проверить и добавить", "en": "Check and add"},
    "added": {"ru": "Добавлено: {title} — ответ {answers}.",
              "en": "Added: {title} — answer {answers}."},
    "rejected": {"ru": "Позиция не подходит: {reason}",
                 "en": "This position will not do: {reason}"},
    "share": {"ru": "2. Поделиться", "en": "2. Share"},
    "set_title": {"ru": "Название набора", "en": "Set title"},
    "repo": {"ru": "Репозиторий GitHub (owner/name)", "en": "GitHub repository (owner/name)"},
    "in_set": {"ru": "В наборе задач: {n}", "en": "Puzzles in the set: {n}"},
    "download": {"ru": "⬇ Файл набора", "en": "⬇ Set file"},
    "link": {"ru": "Ссылка Binder", "en": "Binder link"},
    "long": {"ru": "Ссылка длинная ({n} символов): некоторые мессенджеры её обрежут — "
                   "надёжнее файл.",
             "en": "The link is long ({n} characters): some chat apps cut it — the file is "
                   "safer."},
    "grade": {"ru": "3. Результаты учеников", "en": "3. Students' results"},
    "upload": {"ru": "Загрузить файлы результатов", "en": "Load results files"},
    "bad": {"ru": "Эти файлы не прочитаны (остальные — в журнале ниже):",
            "en": "These files were not read (the others are in the gradebook below):"},
    "empty_set": {"ru": "Набор пуст: добавьте задачи.", "en": "The set is empty: add puzzles."},
    "remove": {"ru": "Убрать", "en": "Remove"},
    "remove_hint": {"ru": "Убрать задачу из набора", "en": "Remove this puzzle from the set"},
    "item_theme": {"ru": "тема: {themes}", "en": "theme: {themes}"},
    "item_themes": {"ru": "темы: {themes}", "en": "themes: {themes}"},
    "item_variant": {"ru": "вариант: {variant}", "en": "variant: {variant}"},
    "item_rating": {"ru": "рейтинг {rating}", "en": "rating {rating}"},
    "paste_first": {"ru": "Сначала вставьте позицию в поле выше.",
                    "en": "Paste a position in the box above first."},
    "default_title": {"ru": "Набор задач", "en": "Puzzle set"},
}

# The panel header sits inside this page's frame: no second frame around it.
_STYLE = ("<style>.kz-teacher .kz-teacher-header .kz-panel-root{box-shadow:none;border:0;"
          "padding:0 0 6px;max-width:none;background:transparent}"
          ".kz-teacher .kz-teacher-header .kz-tool{white-space:nowrap}"
          ".kz-teacher-item{border-bottom:1px solid #e6dfcd;padding:2px 0}"
          ".kz-teacher-item-meta{color:#5c5647;font-size:13px}"
          ".kz-teacher-error{color:#8e1f16;font-weight:600}"
          ".kz-gradebook .kz-table{border-collapse:collapse;margin:4px 0 12px}"
          ".kz-gradebook .kz-table th,.kz-gradebook .kz-table td{padding:3px 8px;"
          "border-bottom:1px solid #e6dfcd;text-align:left}</style>")


def _t(key: str, lang: str, **params: object) -> str:
    text = _TEXT[key]["ru" if lang == "ru" else "en"]
    return text.format(**params) if params else text


def difficulty_range(name: str) -> tuple[int, int]:
    return _DIFFICULTY.get(name, _DIFFICULTY["any"])


class TeacherView(ipywidgets.VBox):  # type: ignore[misc]
    """The Teacher section of the app (also usable on its own in a notebook).

    ``on_lang`` switches the language of the whole app (default: the app's own switch, found
    through ``go_home``; without an app, as in a notebook, the switch changes this screen).
    """

    ADD_AT_ONCE = 10

    def __init__(self, lang: str, go_home: Callable[[], None] | None = None, *,
                 backend: str | None = None,
                 on_lang: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kz-teacher")
        self.add_class("kz-page")
        self.lang = "ru" if lang == "ru" else "en"
        self.go_home = go_home
        self.on_lang = on_lang
        self.backend = backend
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
        self._authored: Puzzle | PuzzleError | str | None = None
        self._tmp = tempfile.TemporaryDirectory(prefix="kozel-results-")
        w = ipywidgets
        self.header = PanelWidget(lang=self.lang)
        self.header.add_class("kz-teacher-header")
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
        self.add = w.Button(button_style="success", layout=w.Layout(width="auto"))
        self.add.add_class("kz-teacher-add")
        self.add.on_click(lambda _: self.add_filtered())
        self.clear = w.Button(layout=w.Layout(width="auto"))
        self.clear.add_class("kz-teacher-clear")
        self.clear.on_click(lambda _: self.clear_set())
        self.position = w.Textarea(layout=w.Layout(width="100%", height="7em"))
        self.position.add_class("kz-teacher-position")
        self.goal = w.Dropdown(style=labelled)
        self.check = w.Button(button_style="info", layout=w.Layout(width="auto"))
        self.check.add_class("kz-teacher-check")
        self.check.on_click(lambda _: self.author())
        self.author_status = w.HTML()
        self.title = w.Text(value="")
        self.title.add_class("kz-teacher-title")
        self.title.observe(lambda _: self.refresh_share(), names="value")
        self.repo = w.Text(value="")
        self.repo.add_class("kz-teacher-repo")
        self.repo.observe(lambda _: self.refresh_share(), names="value")
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
        self.children = (
            w.HTML(_STYLE, layout=w.Layout(display="none")), self.header,
            self.section_title("build"),
            w.HBox([self.theme, self.difficulty, self.cards, self.variant],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.found, self.add, self.clear]),
            self.position, w.HBox([self.goal, self.check]), self.author_status,
            self.section_title("share"), w.HBox([self.title, self.repo]), self.count,
            self.items, self.share,
            self.section_title("grade"), self.upload, self.grades,
        )
        self.set_lang(self.lang)

    def section_title(self, key: str) -> ipywidgets.HTML:
        label = ipywidgets.HTML()
        label.add_class(f"kz-teacher-{key}")
        label.key = key
        return label

    # -- language ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        """Every word on the screen in ``lang`` (the app calls this when the language changes)."""
        self.lang = lang = "ru" if lang == "ru" else "en"
        def t(key: str, **params: object) -> str:
            return _t(key, lang, **params)

        self.header.lang = lang
        toolbar = [lang_button(lang)]
        if self.go_home is not None:
            toolbar.insert(0, {"id": "home", "label": t("home"), "testid": "teacher-home"})
        view: dict[str, Any] = {"title": t("title"), "subtitle": t("intro"), "testid": "teacher",
                                "toolbar": toolbar, "buttons": []}
        if self.load_errors:
            view["error"] = t("bad_catalogue",
                              problems="; ".join(e.text(lang) for e in self.load_errors))
        self.header.view = view
        for child in self.children:
            key = getattr(child, "key", None)
            if key:
                child.value = f"<h3>{html.escape(t(key))}</h3>"
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
        self.cards.options = [(t("any"), "any"), ("3", "3"), ("4", "4"), ("5", "5"), ("6", "6"),
                              (t("opening"), "9")]
        self.cards.value = value
        self.cards.description = t("cards")
        value = self.variant.value or "any"
        self.variant.options = [(t("any"), "any")] + [(name.get(lang), key)
                                                      for key, name in VARIANTS.items()]
        self.variant.value = value
        self.variant.description = t("variant")
        value = self.goal.value or "auto"
        self.goal.options = [(t("auto"), "auto")] + [(g.text(lang), g.value) for g in Goal]
        self.goal.value = value
        self.goal.description = t("goal")
        self.position.placeholder = t("author")
        self.check.description = t("check")
        self.clear.description = t("clear")
        self.title.placeholder = t("set_title")
        self.repo.placeholder = t("repo")
        self.upload.description = t("upload")
        self.refresh()
        self._show_authored()
        self._show_grades()

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

    def add_filtered(self) -> int:
        fresh = [p for p in self.filtered() if p not in self.chosen][:self.ADD_AT_ONCE]
        self.chosen.extend(fresh)
        self.refresh()
        return len(fresh)

    def clear_set(self) -> None:
        self.chosen.clear()
        self.refresh()

    def remove(self, puzzle_id: str) -> bool:
        """Take one puzzle out of the set; ``False`` when it is not in it."""
        kept = [p for p in self.chosen if p.id != puzzle_id]
        if len(kept) == len(self.chosen):
            return False
        self.chosen[:] = kept
        self.refresh()
        return True

    def author(self) -> Puzzle | None:
        """Check the pasted position with the solver and add it to the set if it is a puzzle."""
        if not self.position.value.strip():
            self._authored = "paste_first"
            self._show_authored()
            return None
        goal = None if self.goal.value == "auto" else Goal(self.goal.value)
        try:
            puzzle = author_puzzle(self.position.value, goal=goal, backend=self.backend)
        except PuzzleError as exc:
            self._authored = exc
            self._show_authored()
            return None
        self.chosen.append(puzzle)
        self._authored = puzzle
        self._show_authored()
        self.refresh()
        return puzzle

    def _show_authored(self) -> None:
        done, lang = self._authored, self.lang
        if done is None:
            self.author_status.value = ""
        elif isinstance(done, PuzzleError):
            message = _t("rejected", lang, reason=done.text(lang))
            self.author_status.value = (f'<p class="kz-teacher-error" data-testid="teacher-error">'
                                        f'{html.escape(message)}</p>')
        elif isinstance(done, str):
            self.author_status.value = (f'<p class="kz-teacher-error" data-testid="teacher-error">'
                                        f'{html.escape(_t(done, lang))}</p>')
        else:
            answers = " ".join(c.label(lang) for c in sorted(done.answers, key=lambda c: c.index))
            self.author_status.value = html.escape(_t("added", lang, title=done.title.get(lang),
                                                      answers=answers))

    # -- share ------------------------------------------------------------------------------

    def puzzle_set(self) -> PuzzleSet:
        title = self.title.value.strip() or _t("default_title", self.lang)
        digest = hashlib.sha1(" ".join(p.id for p in self.chosen).encode()).hexdigest()[:10]
        ident = f"set-{digest}"
        return PuzzleSet(ident, Text(title, title), Text("", ""), tuple(self.chosen))

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
                button = w.Button(layout=w.Layout(width="auto", flex="none"))
                button.add_class("kz-teacher-remove")
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
        parts = [f'<a data-testid="teacher-download" download="{html.escape(name)}" '
                 f'href="data:application/json;base64,{payload}">'
                 f'{html.escape(_t("download", lang))}</a>']
        try:
            link = set_link(puzzle_set, repo=self.repo.value.strip() or None)
        except PuzzleError as exc:
            parts.append(f'<p class="kz-teacher-error" data-testid="teacher-repo-error">'
                         f'{html.escape(exc.text(lang))}</p>')
        else:
            parts.append(f'<p>{html.escape(_t("link", lang))}: <a data-testid="teacher-link" '
                         f'target="_blank" href="{html.escape(link)}">{html.escape(link[:90])}…'
                         f'</a></p>')
            if len(link) > LONG_LINK:
                parts.append(f"<p>{html.escape(_t('long', lang, n=len(link)))}</p>")
        self.share.value = "".join(parts)

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
        table, errors = self._results
        errors = [*self.unreceived, *errors]
        lang = self.lang
        error_html = ""
        if errors:
            items = "".join(f"<li>{html.escape(Path(e.source or '?').name)}: "
                            f"{html.escape(e.problems_text(lang))}</li>" for e in errors)
            error_html = (f'<div class="kz-teacher-error" data-testid="teacher-bad-results">'
                          f'{html.escape(_t("bad", lang))}<ul>{items}</ul></div>')
        sets = [self.puzzle_set()] if self.chosen else []
        book = gradebook(table, sets=sets, puzzles=[*self.catalogue, *self.chosen])
        self.grades.value = error_html + gradebook_html(book, lang)

    def _on_files(self, files: list[ChosenFile]) -> None:
        self.unreceived += [unreceived_file_error(f.name, f.size, f.problem == "too_big",
                                                  self.upload.max_bytes)
                            for f in files if f.content is None]
        self.add_results([(f.name, f.content) for f in files if f.content is not None])
