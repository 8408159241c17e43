"""The app's Teacher section: build a puzzle set, share it, and grade the results.

Three parts on one screen, all plain ipywidgets over :mod:`kozel_tutor.puzzles.teacher`:

* **Build** – filter the catalogue by theme, difficulty, cards and variant and add what you
  see, or paste a position (RULES.md §3 JSON): the solver fills in the answers, or says why the
  position has no unique best card.
* **Share** – the set's title, its file to download, and the Binder link that opens it in the app
  (the GitHub repository is configurable).
* **Grade** – upload the students' results files (JSON or CSV); each bad file is named with its
  problem and the rest still make the gradebook.

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

from ..puzzles.model import Goal, Puzzle, PuzzleError, PuzzleSet, Text, load_catalogue_lenient
from ..puzzles.teacher import (
    LONG_LINK,
    author_puzzle,
    filter_puzzles,
    gradebook,
    gradebook_html,
    load_results,
    set_link,
)
from ..puzzles.themes import THEMES
from ..puzzles.variants import VARIANTS
from .store import Store

__all__ = ["TeacherView", "difficulty_range"]

_DIFFICULTY = {"any": (0, 9999), "easy": (0, 1199), "medium": (1200, 1599),
               "hard": (1600, 9999)}

_TEXT = {
    "title": {"ru": "Учителю: наборы задач", "en": "For teachers: puzzle sets"},
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
    "bad": {"ru": "Не прочитаны: {problems}", "en": "Not read: {problems}"},
    "empty_set": {"ru": "Набор пуст: добавьте задачи.", "en": "The set is empty: add puzzles."},
}


def _t(key: str, lang: str, **params: object) -> str:
    text = _TEXT[key]["ru" if lang == "ru" else "en"]
    return text.format(**params) if params else text


def difficulty_range(name: str) -> tuple[int, int]:
    return _DIFFICULTY.get(name, _DIFFICULTY["any"])


class TeacherView(ipywidgets.VBox):  # type: ignore[misc]
    """The Teacher section of the app (also usable on its own in a notebook)."""

    ADD_AT_ONCE = 10

    def __init__(self, lang: str, store: Store | None = None,
                 go_home: Callable[[], None] | None = None, *, backend: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kz-teacher")
        self.add_class("kz-page")
        self.lang = lang
        self.go_home = go_home
        self.backend = backend
        sets, errors = load_catalogue_lenient()
        seen: dict[str, Puzzle] = {}
        for puzzle_set in sets:
            for puzzle in puzzle_set.puzzles:
                seen.setdefault(puzzle.id, puzzle)
        self.catalogue = list(seen.values())
        self.load_errors = [str(e) for e in errors]
        self.chosen: list[Puzzle] = []
        self.results_files: list[Path] = []
        self._tmp = tempfile.TemporaryDirectory(prefix="kozel-results-")
        w = ipywidgets
        self.header = w.HTML()
        self.home = w.Button(layout=w.Layout(width="auto", flex="none"))
        self.home.on_click(lambda _: self.go_home() if self.go_home else None)
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
        self.clear.on_click(lambda _: self.clear_set())
        self.position = w.Textarea(layout=w.Layout(width="100%", height="7em"))
        self.position.add_class("kz-teacher-position")
        self.goal = w.Dropdown(style=labelled)
        self.check = w.Button(button_style="info", layout=w.Layout(width="auto"))
        self.check.add_class("kz-teacher-check")
        self.check.on_click(lambda _: self.author())
        self.author_status = w.HTML()
        self.title = w.Text(value="")
        self.title.observe(lambda _: self.refresh_share(), names="value")
        self.repo = w.Text(value="")
        self.repo.observe(lambda _: self.refresh_share(), names="value")
        self.share = w.HTML()
        self.upload = w.FileUpload(accept=".json,.csv", multiple=True,
                                   layout=w.Layout(width="auto"))
        self.upload.add_class("kz-teacher-upload")
        self.upload.observe(self._on_upload, names="value")
        self.grades = w.HTML()
        self.children = (
            w.HBox([self.home, self.header]),
            self.section_title("build"),
            w.HBox([self.theme, self.difficulty, self.cards, self.variant],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.found, self.add, self.clear]),
            self.position, w.HBox([self.goal, self.check]), self.author_status,
            self.section_title("share"), w.HBox([self.title, self.repo]), self.share,
            self.section_title("grade"), self.upload, self.grades,
        )
        self.set_lang(lang)

    def section_title(self, key: str) -> ipywidgets.HTML:
        label = ipywidgets.HTML()
        label.add_class(f"kz-teacher-{key}")
        label.key = key
        return label

    # -- language ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        def t(key: str, **params: object) -> str:
            return _t(key, lang, **params)

        self.header.value = f"<h2>{html.escape(t('title'))}</h2><p>{html.escape(t('intro'))}</p>"
        self.home.description = t("home")
        self.home.layout.display = None if self.go_home else "none"
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
        self.refresh_share()

    def add_filtered(self) -> int:
        fresh = [p for p in self.filtered() if p not in self.chosen][:self.ADD_AT_ONCE]
        self.chosen.extend(fresh)
        self.refresh()
        return len(fresh)

    def clear_set(self) -> None:
        self.chosen.clear()
        self.refresh()

    def author(self) -> Puzzle | None:
        """Check the pasted position with the solver and add it to the set if it is a puzzle."""
        goal = None if self.goal.value == "auto" else Goal(self.goal.value)
        try:
            puzzle = author_puzzle(self.position.value, goal=goal, backend=self.backend)
        except PuzzleError as exc:
            self.author_status.value = (f'<p class="kz-teacher-error" data-testid="teacher-error">'
                                        f'{html.escape(_t("rejected", self.lang, reason=exc))}</p>')
            return None
        self.chosen.append(puzzle)
        answers = " ".join(c.label(self.lang)
                           for c in sorted(puzzle.answers, key=lambda c: c.index))
        self.author_status.value = html.escape(_t("added", self.lang,
                                                  title=puzzle.title.get(self.lang),
                                                  answers=answers))
        self.refresh()
        return puzzle

    # -- share ------------------------------------------------------------------------------

    def puzzle_set(self) -> PuzzleSet:
        title = self.title.value.strip() or ("Набор задач" if self.lang == "ru" else "Puzzle set")
        digest = hashlib.sha1(" ".join(p.id for p in self.chosen).encode()).hexdigest()[:10]
        ident = f"set-{digest}"
        return PuzzleSet(ident, Text(title, title), Text("", ""), tuple(self.chosen))

    def refresh_share(self) -> None:
        lang = self.lang
        if not self.chosen:
            self.share.value = html.escape(_t("empty_set", lang))
            return
        puzzle_set = self.puzzle_set()
        payload = base64.b64encode(puzzle_set.to_json().encode("utf-8")).decode("ascii")
        parts = [f"<p>{html.escape(_t('in_set', lang, n=len(self.chosen)))}</p>",
                 f'<a data-testid="teacher-download" download="{puzzle_set.id}.json" '
                 f'href="data:application/json;base64,{payload}">'
                 f'{html.escape(_t("download", lang))}</a>']
        try:
            link = set_link(puzzle_set, repo=self.repo.value.strip() or None)
        except ValueError as exc:
            parts.append(f"<p>{html.escape(str(exc))}</p>")
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
            path = folder / f"{number:03d}" / (Path(name).name or "results.json")
            path.parent.mkdir()
            path.write_bytes(content)
            self.results_files.append(path)
        table, errors = load_results(self.results_files)
        problems = "; ".join(f"{Path(e.source or '?').name}: {', '.join(e.problems)}"
                             for e in errors)
        error_html = (f'<p class="kz-teacher-error" data-testid="teacher-bad-results">'
                      f'{html.escape(_t("bad", self.lang, problems=problems))}</p>'
                      if errors else "")
        self.grades.value = error_html + gradebook_html(gradebook(table), self.lang)

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        self.upload.value = ()
        self.add_results([(str(f.get("name", "results.json")), bytes(f.get("content", b"")))
                          for f in files])
