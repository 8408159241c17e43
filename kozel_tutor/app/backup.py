"""The *Backup copy* section: the learner saves the progress to a file and loads it back.

The file and everything done with it (export, the checks, the import) are
:mod:`.backup_format`'s, which needs no widgets; this module is the screen,
:class:`BackupPanel`, which asks before a file replaces anything.  The functions the
documentation names here (``export_progress``, ``write_backup``, ``read_backup``,
``import_progress``) stay importable from this module too.
"""

from __future__ import annotations

import base64
import html
import logging
import sqlite3
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import partial
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..atomic_files import atomic_write_bytes
from ..file_problems import file_problem
from ..i18n import word_list
from ..widgets import Command, PanelWidget
from ..widgets.file_button import ChosenFile, FileButton
from .backup_format import (
    MAX_BYTES,
    BackupError,
    ImportReport,
    backup_filename,
    check_backup,
    export_progress,
    import_progress,
    read_backup,
    too_big,
    write_backup,
)
from .notices import save_set_aside_notice, untold_notice
from .screens import LanguageSwitch, lang_button, wbutton
from .sections import Section, SectionContext, register_section
from .store import Store
from .teacher_live import LiveStatus

log = logging.getLogger(__name__)

__all__ = [
    "BackupPanel",
    # the file's functions the documentation names here (docs/binder.md): .backup_format's
    "export_progress",
    "import_progress",
    "read_backup",
    "write_backup",
]

_text = partial(html.escape, quote=False)
"""Words as HTML text: ``&``, ``<`` and ``>`` escaped, quotation marks and apostrophes kept."""

_PANEL: dict[str, dict[str, str]] = {
    "title": {"en": "Backup copy", "ru": "Резервная копия"},
    "hint": {"en": "Save your progress to a file, or load it back",
             "ru": "Сохранить прогресс в файл или загрузить его обратно"},
    "explain": {
        "en": "An online session is deleted when it has not been used for a while. Save a "
              "backup copy of your progress (lessons, puzzles, the match in progress, "
              "statistics, settings) to a file and load it next time to carry on.",
        "ru": "Сеанс в интернете удаляется, если им какое-то время не пользоваться. Сохраните "
              "резервную копию прогресса (уроки, задачи, текущая партия, статистика, "
              "настройки) в файл и загрузите её в следующий раз, чтобы продолжить.",
    },
    "download": {"en": "Save a backup copy", "ru": "Сохранить резервную копию"},
    "upload": {"en": "Load a backup copy", "ru": "Загрузить резервную копию"},
    "back": {"en": "← Home", "ru": "← Домой"},
    # the question before a file replaces the progress; {when}: _when, {parts}: the parts
    # kept (_PARTS, "kept_*"), joined by i18n.word_list
    "ask": {"en": "Load the progress from the file saved on {when}?",
            "ru": "Загрузить прогресс из файла, сохранённого {when}?"},
    "ask_undated": {"en": "Load the progress from this file?",
                    "ru": "Загрузить прогресс из этого файла?"},
    "ask_replaces": {"en": "These parts of your progress will be replaced by the file's:",
                     "ru": "Эти части вашего прогресса заменятся данными из файла:"},
    "ask_keeps": {"en": "These stay as they are, because the file does not have them: {parts}.",
                  "ru": "Останутся прежними, потому что их нет в файле: {parts}."},
    "ask_copy": {"en": "The progress it replaces is kept, and you can save it as a file.",
                 "ru": "Прежний прогресс сохранится, и его можно будет скачать файлом."},
    "ask_yes": {"en": "Load and replace", "ru": "Загрузить и заменить"},
    "ask_no": {"en": "Cancel", "ru": "Отмена"},
    "cancelled": {"en": "The file was not loaded: your progress is unchanged.",
                  "ru": "Файл не загружен: ваш прогресс не изменился."},
    # the parts of the progress, as the learner knows them (_PARTS), with what the file holds
    # ({lessons}, {answers}, ...: ImportReport.counts)
    "part_lessons": {"en": "lessons (started: {lessons})", "ru": "уроки (начато: {lessons})"},
    "part_puzzles": {"en": "puzzles (answers: {answers})", "ru": "задачи (ответов: {answers})"},
    "part_matches": {"en": "matches (played: {played}, unfinished: {unfinished})",
                     "ru": "партии (сыграно: {played}, незаконченных: {unfinished})"},
    "part_settings": {"en": "settings", "ru": "настройки"},
    "part_teacher": {"en": "the teacher's puzzle set and results files",
                     "ru": "набор задач и файлы результатов учителя"},
    "part_set_aside": {"en": "damaged records set aside ({set_aside})",
                       "ru": "отложенные повреждённые записи ({set_aside})"},
    "part_table": {"en": "the table {table}", "ru": "таблица {table}"},
    # the same, without the counts: the parts kept as they were
    "kept_lessons": {"en": "lessons", "ru": "уроки"},
    "kept_puzzles": {"en": "puzzles", "ru": "задачи"},
    "kept_matches": {"en": "matches", "ru": "партии"},
    "kept_set_aside": {"en": "damaged records set aside",
                       "ru": "отложенные повреждённые записи"},
    # {link}: "replaced_download", the words of the link that saves it
    "kept": {"en": "The progress it replaced is kept in your data folder as {name}. An online "
                   "session deletes that folder when it ends: to keep the copy, save it with "
                   "the link “{link}” below.",
             "ru": "Прежний прогресс сохранён в папке данных как {name}. Сеанс в интернете, "
                   "закончившись, удаляет эту папку: чтобы не потерять прежний прогресс, "
                   "скачайте его по ссылке «{link}» ниже."},
    "kept_parts": {"en": "Kept as they were, because the file does not have them: {parts}.",
                   "ru": "Остались прежними, потому что их нет в файле: {parts}."},
    "replaced_download": {"en": "Save the progress it replaced",
                          "ru": "Сохранить прежний прогресс"},
    "loaded": {"en": "Progress loaded from the file saved on {exported}.",
               "ru": "Прогресс загружен из файла, сохранённого {exported}."},
    "loaded_undated": {"en": "Progress loaded from the file.",
                       "ru": "Прогресс загружен из файла."},
    "reopen": {"en": "Open the app with this progress", "ru": "Открыть приложение с этим "
                                                             "прогрессом"},
    # {link}: "reopen", the link's words
    "way_on": {"en": "The app's screens still hold the old progress, so the way home is gone: "
                     "to carry on, open the app again with the link “{link}” below.",
               "ru": "Экраны приложения ещё показывают прежний прогресс, поэтому кнопки «Домой» "
                     "больше нет: чтобы продолжить, откройте приложение заново по ссылке "
                     "«{link}» ниже."},
    "failed": {"en": "The file was not loaded, your progress is unchanged. {reason}",
               "ru": "Файл не загружен, ваш прогресс не изменился. {reason}"},
    "copy_not_written": {"en": "the copy of your progress could not be written to {place}",
                         "ru": "не удалось записать копию прогресса в {place}"},
    "db_error": {"en": "Your progress could not be read or written: {reason}. "
                       "Try again in a moment.",
                 "ru": "Не удалось прочитать или записать прогресс: {reason}. "
                       "Попробуйте ещё раз чуть позже."},
}

_PARTS: tuple[tuple[str, frozenset[str]], ...] = (
    ("lessons", frozenset({"lesson_progress", "lesson_tasks"})),
    ("puzzles", frozenset({"puzzle_ratings", "puzzle_attempts", "puzzle_reviews",
                           "puzzle_drills", "puzzle_mined_deals"})),
    ("matches", frozenset({"stats", "deals", "saves"})),
    ("settings", frozenset({"prefs"})),
    ("teacher", frozenset({"drafts"})),
    ("set_aside", frozenset({"bad_rows", "bad_saves"})),
)
"""The parts of the progress as the learner knows them, by their tables; a table of none (a
later version's) is named by itself."""


def _parts(tables: Iterable[str]) -> list[str]:
    """The parts (:data:`_PARTS`) that ``tables`` belong to, in their order; ``table:<name>``
    for a table of none."""
    names = set(tables)
    known = frozenset().union(*(held for _, held in _PARTS))
    return ([part for part, held in _PARTS if names & held]
            + [f"table:{name}" for name in sorted(names - known)])


def _when(stamp: str, lang: str) -> str:
    """An export's ISO time as a person reads it: «01.12.2026 в 03:59 (UTC)» / "1 Dec 2026 at
    03:59 (UTC)"; the stamp as it is when it is not a time."""
    try:
        moment = datetime.fromisoformat(stamp).astimezone(UTC)
    except ValueError:
        return stamp
    if lang == "ru":
        return moment.strftime("%d.%m.%Y в %H:%M (UTC)")
    return f"{moment.day} {moment.strftime('%b %Y at %H:%M')} (UTC)"


class BackupPanel(LanguageSwitch, widgets.VBox):  # type: ignore[misc]
    """Download a backup copy of the progress, or upload one: the *Backup copy* section.

    Its header is the other sections' (:class:`~kozel_tutor.widgets.PanelWidget`): the title,
    the way home and the language switch (``on_lang``: the app's own, which switches every
    screen; without it the switch changes this screen).

    A file chosen is checked in full (:func:`check_backup`) and changes nothing yet: the panel
    asks first, as the teacher's screen asks before its set is cleared: what the file will
    replace (its parts, counted, and the date it was saved) and what it does not have, which
    stays; *Cancel* is the main button, and has the focus (Escape presses it: its
    :class:`~.teacher_live.LiveStatus`).  *Load and replace* loads it (:meth:`import_file`),
    keeping the progress it replaces beside the database and offering it for download.  After
    an import the app on screen still holds the old progress in memory, so the panel offers
    only a link that opens the app again (from the imported progress) and no way back to the
    stale screens, and says so.  ``on_import`` is told of every successful import.  Either
    answer gives the focus back to the file button that chose the file.

    How a file went is shown under the buttons (a refusal in the colours of the home screen's
    notice) and read out once by a screen reader, through the header's voice
    (:meth:`PanelWidget.say <kozel_tutor.widgets.PanelWidget.say>`).
    """

    def __init__(self, store: Store, lang: str, *, go_home: Callable[[], None] | None = None,
                 on_import: Callable[[ImportReport], None] | None = None,
                 on_lang: Callable[[], None] | None = None) -> None:
        self.store = store
        self.lang = lang if lang in ("ru", "en") else "en"
        self.go_home = go_home
        self.on_import = on_import
        self.on_lang = on_lang
        self.imported = False
        self.pending: tuple[bytes, ImportReport] | None = None
        """The file chosen and checked, and what it would do, while the panel asks."""
        self.header = PanelWidget(lang=self.lang)
        self.header.add_class("kz-page-header")
        self.header.add_class("kozel-backup-header")
        self.header.on_command(self._command)
        self.intro = widgets.HTML()
        self.download = widgets.HTML()
        self.upload = FileButton(accept=".json,application/json", max_bytes=MAX_BYTES,
                                 testid="backup-upload")
        self.upload.add_class("kozel-backup-upload")
        self.status = widgets.HTML()
        self.upload.on_files(self._on_files)
        # after the button's own handler, which answers the browser: the button then takes
        # the focus back, so the question's Cancel takes it only after that
        self.upload.on_msg(self._after_files)
        self.files = widgets.HBox([self.download, self.upload],
                                  layout=widgets.Layout(align_items="center",
                                                        flex_flow="row wrap"))
        self.files.add_class("kozel-backup-files")
        self.question = widgets.HTML()
        self.load_yes = wbutton("kozel-backup-confirm-yes")
        self.load_yes.on_click(lambda _: self.confirm_import())
        self.load_no = wbutton("kz-wbtn-primary", "kozel-backup-confirm-no")
        self.load_no.on_click(lambda _: self.cancel_import())
        self.confirm = widgets.VBox([self.question, widgets.HBox([self.load_yes, self.load_no])],
                                    layout=widgets.Layout(display="none"))
        self.confirm.add_class("kozel-backup-confirm")
        # Escape in the question presses Cancel; the screen's keys stay its own in JupyterLab
        self.escape = LiveStatus(testid="backup-keys", escape_from=".kozel-backup-confirm",
                               escape_to=".kozel-backup-confirm-no", keys_of=".kozel-backup")
        super().__init__([self.header, self.intro, self.files, self.confirm, self.status,
                          self.escape])
        self.add_class("kozel-backup")
        self.add_class("kz-page")
        self.set_lang(self.lang)

    def _say(self, key: str, **params: object) -> str:
        return _PANEL[key][self.lang].format(**params)

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in ("ru", "en") else "en"
        self._show_header()
        self.intro.value = f"<p>{_text(self._say('explain'))}</p>"
        self.upload.description = self._say("upload")
        self._word_question()
        self.refresh()

    def _show_header(self) -> None:
        """Title, the way home (none after an import: the screens behind are stale) and the
        language switch."""
        toolbar = [lang_button(self.lang)]
        if self.go_home is not None and not self.imported:
            toolbar.insert(0, {"id": "home", "label": self._say("back"), "testid": "backup-home"})
        view: dict[str, Any] = {"title": self._say("title"), "subtitle": self._say("hint"),
                                "testid": "backup", "toolbar": toolbar, "buttons": []}
        self.header.lang = self.lang
        self.header.view = view

    def _command(self, command: Command) -> None:
        # after an import the only way on is to reopen the app: no way home
        if command.kind == "button" and not (command.value == "home" and self.imported):
            self.header_button(command.value)

    def refresh(self) -> None:
        """Put the learner's current progress behind the download link."""
        try:
            payload = export_progress(self.store)
        except sqlite3.Error as exc:
            message = self._db_error(exc)
            self.download.value = f'<p data-testid="backup-error">{_text(message)}</p>'
            return
        self.download.value = self._download_link(payload, backup_filename(), "download",
                                                  "backup-download")

    def _download_link(self, payload: bytes, name: str, words: str, testid: str) -> str:
        """A link that saves ``payload`` as the file ``name``."""
        data = base64.b64encode(payload).decode("ascii")
        # the arrow is a picture: the link is named by its words alone
        return (f'<a class="kozel-backup-download kz-download" data-testid="{testid}" '
                f'download="{html.escape(name)}" href="data:application/json;base64,{data}">'
                f'<span aria-hidden="true">⬇ </span>{_text(self._say(words))}</a>')

    # -- asking first --------------------------------------------------------------------------

    def choose_file(self, content: bytes) -> ImportReport | None:
        """A file chosen: check it in full (:func:`check_backup`) and, if it can be loaded, ask
        before it replaces anything: what :func:`check_backup` found, or ``None`` (the refusal
        shown).  Nothing is written either way; a question about a file chosen before goes."""
        self._forget_question()
        self.status.value = ""
        try:
            preview = check_backup(self.store, content)
        except (BackupError, sqlite3.Error, OSError) as exc:
            self._refused(exc)
            return None
        self.pending = (content, preview)
        self._word_question()
        self.confirm.layout.display = "flex"
        return preview

    def asking(self) -> bool:
        """Whether the panel is asking before a file replaces the progress."""
        return self.pending is not None

    def confirm_import(self) -> ImportReport | None:
        """*Load and replace*: load the file asked about (:meth:`import_file`); the focus goes
        back to the file button, as the question goes (:meth:`_answered`)."""
        if self.pending is None:
            return None
        content, _ = self.pending
        self._forget_question()
        try:
            return self.import_file(content)
        finally:
            self._answered()

    def cancel_import(self) -> None:
        """*Cancel* (or Escape): the file is not loaded, and the panel says so; the focus goes
        back to the file button (:meth:`_answered`)."""
        if self.pending is None:
            return
        self._forget_question()
        message = self._say("cancelled")
        self.header.say(message, self.lang)
        self.status.value = f'<p data-testid="backup-cancelled">{_text(message)}</p>'
        self._answered()

    def _answered(self) -> None:
        """The question answered and gone, with the button that had the focus: the focus goes
        back to the file button that started it, not to the page's start, and a keyboard
        goes on from there (what came of it is read out by the header's voice, and stands
        under the button)."""
        self.upload.focus()

    def _forget_question(self) -> None:
        self.pending = None
        self.confirm.layout.display = "none"

    def _part_names(self, parts: list[str], counts: dict[str, int] | None) -> list[str]:
        """The parts named, with the file's ``counts`` (none: the parts kept, named alone)."""
        words = []
        for part in parts:
            if part.startswith("table:"):
                words.append(self._say("part_table", table=part.partition(":")[2]))
            elif counts is None:
                key = f"kept_{part}"
                words.append(self._say(key if key in _PANEL else f"part_{part}"))
            else:
                words.append(self._say(f"part_{part}", **counts))
        return words

    def _kept_words(self, tables: tuple[str, ...]) -> str:
        """The parts of the progress that ``tables`` (the ones the file lacks) belong to."""
        return word_list(self._part_names(_parts(tables), None), self.lang)

    def _word_question(self) -> None:
        """The question, in the screen's language; it also describes its two buttons (their
        title: a screen reader says it with the button's name)."""
        self.load_yes.description = self._say("ask_yes")
        self.load_no.description = self._say("ask_no")
        if self.pending is None:
            return
        preview = self.pending[1]
        held = [part for part in _parts(preview.rows)
                if part != "set_aside" or preview.counts.get("set_aside")]
        parts = self._part_names(held, preview.counts)
        first = (self._say("ask", when=_when(preview.exported, self.lang)) if preview.exported
                 else self._say("ask_undated"))
        replaces = self._say("ask_replaces")
        after = [self._say("ask_keeps", parts=self._kept_words(preview.kept))] \
            if preview.kept else []
        after.append(self._say("ask_copy"))
        items = "".join(f"<li>{_text(part)}</li>" for part in parts)
        self.question.value = (
            f'<div data-testid="backup-ask"><p>{_text(first)} {_text(replaces)}</p>'
            f'<ul data-testid="backup-ask-parts">{items}</ul>'
            f'{"".join(f"<p>{_text(line)}</p>" for line in after)}</div>')
        self.load_yes.tooltip = self.load_no.tooltip = " ".join(
            (first, f"{replaces} {'; '.join(parts)}.", *after))

    def _after_files(self, _widget: object, content: object, _buffers: object) -> None:
        """A file message handled (:meth:`FileButton.receive`, which answered it): the focus on
        the question's Cancel, the safe answer, if the panel asks."""
        if isinstance(content, dict) and content.get("type") == "files" and self.asking():
            self.load_no.focus()

    # -- loading -------------------------------------------------------------------------------

    def import_file(self, content: bytes) -> ImportReport | None:
        """Import ``content`` at once and say how it went in :attr:`status`; ``None`` if
        refused.  A file the learner chooses is asked about first (:meth:`choose_file`): this
        is the question's *Load and replace*.

        The progress it replaces is first kept as a backup copy beside the database
        (``progress-before-import-<time>.json``), and offered for download after the import,
        so loading the wrong file loses nothing."""
        kept = self.store.path.with_name(
            f"progress-before-import-{datetime.now(UTC):%Y%m%d-%H%M%S}.json")
        try:
            before = export_progress(self.store)
            atomic_write_bytes(kept, before)
            report = import_progress(self.store, content)
        except (BackupError, sqlite3.Error, OSError) as exc:
            kept.unlink(missing_ok=True)   # nothing was changed: nothing to keep
            self._refused(exc)
            return None
        loaded = (self._say("loaded", exported=_when(report.exported, self.lang))
                  if report.exported else self._say("loaded_undated"))
        said = [loaded]
        if report.kept:
            said.append(self._say("kept_parts", parts=self._kept_words(report.kept)))
        said.append(self._say("kept", name=kept.name, link=self._say("replaced_download")))
        message = " ".join(said)
        # the saves and rows of the file that were set aside; rows are told once, here
        notices = [save_set_aside_notice(reason, self.lang)
                   for reason in dict.fromkeys(report.set_aside)]
        rows_notice = untold_notice(self.store, self.lang)
        if rows_notice is not None:
            notices.append(rows_notice)
        set_aside = "".join(f'<p data-testid="backup-set-aside">{_text(notice)}</p>'
                            for notice in notices)
        way_on = self._say("way_on", link=self._say("reopen"))
        replaced = self._download_link(before, kept.name, "replaced_download", "backup-replaced")
        # read out once, with the way on: the header loses its way home below
        self.header.say(" ".join((message, *notices, way_on)), self.lang)
        # "?" is this very page without its query: following it starts the app afresh.
        self.status.value = (f'<p data-testid="backup-ok">{_text(message)}</p>'
                             f'<p>{replaced}</p>{set_aside}'
                             f'<p data-testid="backup-way-on">{_text(way_on)}</p>'
                             f'<p><a href="?" target="_self" data-testid="backup-reopen">'
                             f'{_text(self._say("reopen"))}</a></p>')
        self.imported = True
        self._show_header()
        self.refresh()
        if self.on_import is not None:
            self.on_import(report)
        return report

    def _db_error(self, exc: sqlite3.Error | OSError) -> str:
        """The progress file could not be read or written: why, in words (the system's and
        SQLite's own go to the log)."""
        log.warning("backup: the progress file could not be read or written: %s", exc)
        if isinstance(exc, sqlite3.Error):
            reason = file_problem(exc, self.store.path, self.lang)
        else:   # the copy of the progress a load replaces could not be written
            reason = self._say("copy_not_written", place=exc.filename or self.store.path.parent)
        return self._say("db_error", reason=reason)

    def _refused(self, exc: BackupError | sqlite3.Error | OSError) -> None:
        message = (self._say("failed", reason=exc.text(self.lang))
                   if isinstance(exc, BackupError) else self._db_error(exc))
        # shown as the home screen's notices are (panel.css), read out once by the header
        self.header.say(message, self.lang)
        self.status.value = (f'<p class="kz-panel-error" data-testid="backup-error">'
                             f'{_text(message)}</p>')

    def _on_files(self, files: list[ChosenFile]) -> None:
        chosen = files[0]
        if chosen.content is not None:
            self.choose_file(chosen.content)
            return
        self._forget_question()
        problem = (too_big(chosen.size) if chosen.problem == "too_big"
                   else BackupError("unreadable"))
        self._refused(problem)


def _open_section(context: SectionContext) -> BackupPanel:
    return BackupPanel(context.store, context.lang, go_home=context.go_home,
                       on_lang=context.toggle_lang)


register_section(Section("progress", _PANEL["title"], _PANEL["hint"], "⇅", _open_section,
                         order=900))
