"""Save the learner's progress to a file and bring it back: progress that outlives a session.

A Binder session is thrown away after some idle minutes, and its SQLite database with it.  The
learner keeps progress across sessions by downloading a *backup copy* (a JSON file) and
uploading it in the next session.  The file holds every table of the :class:`~.store.Store`
database except its private ``meta`` table: the match in progress, statistics, preferences,
and whatever tables later versions add (lessons, ratings): nothing here lists them by hand.

Every row is exported as it is stored, damaged or not (:func:`~kozel_tutor.bad_rows.raw_rows`:
text that is not UTF-8 and blobs as ``{"base64": ...}``, byte for byte), so the download never
fails on a row and loses nothing, even rows the app never reads again (old deals, ``bad_rows``).

Importing is atomic, and strict about the file's shape.  The file is checked in full before
anything is written: its kind, its format and schema version, every table and column name
against the live database, every row's length, every value a JSON scalar or ``{"base64": ...}``.
Then one transaction replaces the content of the tables the file holds; if SQLite still refuses
a row (a missing value, a repeated key), nothing changes.  Every refusal is a
:class:`BackupError` whose message, in Russian or English, says what is wrong with the file.

A *row* that cannot be used does not refuse the file: the rest of the progress is worth having,
and the app's own export holds damaged rows as they were.  A row with a value that does not fit
its column (:func:`~kozel_tutor.bad_rows.misfit`: text in a count, damaged text, ``true``) goes,
whole, to the ``bad_rows`` table with its reason (:attr:`ImportReport.rows_set_aside`; the learner
is told once, as for any row set aside); a saved match that cannot be read as a save
(:func:`~.store.parse_save`: not JSON, not an object, nested too deeply) goes to the
``bad_saves`` table (:attr:`ImportReport.set_aside`).  Both are kept whole, never deleted: an
unreadable save is thus never the app's match in progress, and never stops the app from
starting.

>>> import tempfile
>>> from pathlib import Path
>>> from kozel_tutor.app.store import Store
>>> old = Store(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> old.set_pref("lang", "ru")
>>> new = Store(Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> import_progress(new, export_progress(old)).rows["prefs"]
1
>>> new.get_pref("lang")
'ru'
"""

from __future__ import annotations

import base64
import json
import logging
import os
import re
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from ..atomic_files import atomic_write_bytes
from ..bad_rows import (
    UnreadableValue,
    add_bad_row,
    column_types,
    is_cell,
    quote,
    raw_rows,
    row_misfit,
    stored_value,
)
from ..formats import BACKUP_APP as APP
from ..formats import BACKUP_KIND as KIND
from ..lessons.progress import SCHEMA as LESSON_SCHEMA
from ..puzzles.progress import SCHEMA as PUZZLE_SCHEMA
from ..puzzles.progress import rating_problem
from ..puzzles.texts import bytes_phrase
from ..sqlite_files import reading
from ..widgets import Command, PanelWidget
from ..widgets.file_button import ChosenFile, FileButton
from .notices import save_set_aside_notice, untold_notice
from .screens import LanguageSwitch, lang_button
from .sections import Section, SectionContext, register_section
from .store import SCHEMA_VERSION, Store, parse_save

log = logging.getLogger(__name__)

__all__ = [
    "APP",
    "FORMAT",
    "KIND",
    "MAX_BYTES",
    "BackupError",
    "BackupPanel",
    "ImportReport",
    "backup_filename",
    "export_progress",
    "import_progress",
    "read_backup",
    "write_backup",
]

FORMAT = 1
"""Version of the file layout below; a file with a larger number comes from a newer app."""
MAX_BYTES = 8 * 1024 * 1024
"""Largest file accepted: years of play are a few hundred kilobytes."""
PRIVATE_TABLES = frozenset({"meta"})

Stored = str | int | float | bytes | None

_MESSAGES: dict[str, dict[str, str]] = {
    # {size} and {limit} are puzzles.texts.bytes_phrase: «9 000 000 байт», "9000000"
    "too_big": {
        "en": "The file is too large ({size} bytes; at most {limit}). Is it a backup copy?",
        "ru": "Файл слишком большой ({size}; не больше {limit}). Это резервная копия?",
    },
    "unreadable": {
        "en": "The browser could not read the file. Choose it again.",
        "ru": "Браузер не смог прочитать файл. Выберите его ещё раз.",
    },
    "not_text": {
        "en": "The file is not text (UTF-8), so it is not a backup copy.",
        "ru": "Файл не текстовый (UTF-8), это не резервная копия.",
    },
    "not_json": {
        "en": "This file is damaged or is not a backup copy. Was it changed or cut short?",
        "ru": "Этот файл повреждён или это не резервная копия. Может быть, его изменили или он "
              "загрузился не полностью?",
    },
    "not_progress": {
        "en": "This is not a kozel-tutor backup copy.",
        "ru": "Это не резервная копия kozel-tutor.",
    },
    "newer_format": {
        "en": "The file was made by a newer version of the app (format {found}; this app reads "
              "{known}). Open it with the newer version.",
        "ru": "Файл создан более новой версией приложения (формат {found}, это приложение "
              "читает {known}). Откройте его в новой версии.",
    },
    "other_schema": {
        "en": "The file comes from another version of the progress database (version {found}; "
              "this app has {known}).",
        "ru": "Файл от другой версии базы прогресса (версия {found}, у этого приложения "
              "{known}).",
    },
    "bad_shape": {
        "en": "The file is damaged: {detail}.",
        "ru": "Файл повреждён: {detail}.",
    },
    "unknown_table": {
        "en": "The file holds a table this app does not know ({table}): it was probably made "
              "by a newer version.",
        "ru": "В файле есть таблица, незнакомая этому приложению ({table}): вероятно, файл "
              "создан более новой версией.",
    },
    "unknown_column": {
        "en": "The file's table {table} has a column this app does not know ({column}).",
        "ru": "В таблице {table} из файла есть незнакомый столбец ({column}).",
    },
    "rejected_rows": {
        "en": "The file's data breaks a rule of the progress database ({detail}). "
              "Nothing was changed.",
        "ru": "Данные файла нарушают правило базы прогресса ({detail}). Ничего не изменено.",
    },
}


class BackupError(ValueError):
    """A backup copy that cannot be imported; :meth:`text` says why, in ru or en."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        lang = lang if lang in ("ru", "en") else "en"
        params = {name: (value[lang] if isinstance(value, dict) else value)
                  for name, value in self.params.items()}
        return _MESSAGES[self.key][lang].format(**params)


def _too_big(size: int) -> BackupError:
    """The refusal of a file of ``size`` bytes, larger than :data:`MAX_BYTES`: «Файл слишком
    большой (9 000 000 байт; не больше 8 388 608 байт)…»."""
    return BackupError("too_big", size=bytes_phrase(size), limit=bytes_phrase(MAX_BYTES))


@dataclass(frozen=True)
class ImportReport:
    """What an import wrote: rows per table, when the file was made (as written in it), why
    each save of the file that could not be read went to ``bad_saves`` instead
    (:attr:`UnreadableValue.reason <kozel_tutor.bad_rows.UnreadableValue.reason>`), and the
    table of each row that did not fit its columns and went to ``bad_rows`` instead."""

    rows: dict[str, int]
    exported: str
    set_aside: tuple[str, ...] = ()
    rows_set_aside: tuple[str, ...] = ()


# -- reading the database ---------------------------------------------------------------------


def _tables(conn: sqlite3.Connection) -> dict[str, list[tuple[str, str]]]:
    """Every table of the learner's data (not SQLite's own, not ``meta``) with the ``(name,
    affinity)`` of its columns."""
    names = [str(row[0]) for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name")]
    return {name: column_types(conn, name) for name in names if name not in PRIVATE_TABLES}


# -- export -----------------------------------------------------------------------------------


def export_progress(store: Store) -> bytes:
    """The whole of the learner's progress as a backup copy (UTF-8 JSON), read in one
    consistent snapshot; every row as it is stored, however damaged
    (:func:`~kozel_tutor.bad_rows.raw_rows`)."""
    with reading(store.path) as conn:
        conn.execute("BEGIN")
        try:
            tables = {}
            for name in _tables(conn):
                columns, rows = raw_rows(conn, name)
                tables[name] = {"columns": columns, "rows": rows}
        finally:
            conn.execute("COMMIT")
    document = {
        "app": APP,
        "kind": KIND,
        "format": FORMAT,
        "schema": SCHEMA_VERSION,
        "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "tables": tables,
    }
    return json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")


def backup_filename(now: float | None = None) -> str:
    """``kozel-progress-20250131-1842.json``: sorts by date in a downloads folder."""
    return time.strftime("kozel-progress-%Y%m%d-%H%M.json", time.localtime(now))


def write_backup(store: Store, path: str | os.PathLike[str]) -> None:
    """Write a backup copy to ``path`` (a ``str`` or a path) atomically: a complete file or the
    old one (:func:`~kozel_tutor.atomic_files.atomic_write_bytes`)."""
    atomic_write_bytes(path, export_progress(store))


# -- import -----------------------------------------------------------------------------------


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number JSON allows")


def _decode(data: bytes) -> dict[str, Any]:
    if len(data) > MAX_BYTES:
        raise _too_big(len(data))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BackupError("not_text") from None
    try:
        document = json.loads(text, parse_constant=_reject_constant)
    except (json.JSONDecodeError, ValueError, RecursionError) as exc:
        log.info("backup copy is not JSON: %s", exc)   # the parser's words, for the log
        raise BackupError("not_json") from None
    if (not isinstance(document, dict) or document.get("app") != APP
            or document.get("kind") != KIND):
        raise BackupError("not_progress")
    return document


def _check_header(document: dict[str, Any]) -> None:
    found = document.get("format")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise BackupError("bad_shape", detail=_both("no valid format number",
                                                    "нет правильного номера формата"))
    if found > FORMAT:
        raise BackupError("newer_format", found=found, known=FORMAT)
    schema = document.get("schema")
    if schema != SCHEMA_VERSION:
        raise BackupError("other_schema", found=schema, known=SCHEMA_VERSION)
    if not isinstance(document.get("exported", ""), str):
        raise BackupError("bad_shape", detail=_both("the export time is not text",
                                                    "время сохранения — не текст"))


def _both(en: str, ru: str) -> dict[str, str]:
    return {"en": en, "ru": ru}


_Rows = dict[str, tuple[list[str], list[list[Stored]]]]
_Misfits = list[tuple[str, dict[str, object], str]]


_SECTION_TABLES = {
    match.group(1): match.group(0)
    for schema in (PUZZLE_SCHEMA, LESSON_SCHEMA)
    for match in re.finditer(r"CREATE TABLE IF NOT EXISTS (\w+) \(.*?\);", schema, re.S)}
"""The sections' own tables (puzzles, lessons), by name: each is made when first opened."""


def _make_section_tables(conn: sqlite3.Connection, document: dict[str, Any]) -> None:
    """A new session (Binder's every visit) has only the tables of the sections opened so far:
    those the file holds are made now, in the import's transaction (undone if it is refused),
    so that their rows are not taken for a newer app's."""
    tables = document.get("tables")
    for name in tables if isinstance(tables, dict) else ():
        if name in _SECTION_TABLES:
            conn.execute(_SECTION_TABLES[name])


def _value_problem(table: str, columns: list[str], row: list[Any]) -> str | None:
    """Why a row of the right shape still cannot be used (a rating no learner can have), or
    ``None``: such a row is set aside with the misfits instead of breaking the next answer."""
    if table != "puzzle_ratings":
        return None
    cells = dict(zip(columns, row, strict=True))
    return rating_problem(cells.get("rating"), cells.get("rd"), cells.get("volatility"))


def _checked_tables(document: dict[str, Any], live: dict[str, list[tuple[str, str]]]
                    ) -> tuple[_Rows, _Misfits]:
    """The file's tables, every name and shape checked against the live database: the rows
    to write, as SQLite values, and ``(table, row, reason)`` of each row that does not fit its
    columns (:func:`~kozel_tutor.bad_rows.row_misfit`), as the file holds it."""
    tables = document.get("tables")
    if not isinstance(tables, dict):
        raise BackupError("bad_shape", detail=_both("no tables", "нет таблиц"))
    checked: _Rows = {}
    misfits: _Misfits = []
    for name, table in tables.items():
        if name not in live:
            raise BackupError("unknown_table", table=name)
        if (not isinstance(table, dict) or not isinstance(table.get("columns"), list)
                or not isinstance(table.get("rows"), list)):
            raise BackupError("bad_shape", detail=_both(f"table {name} has no columns or rows",
                                                        f"у таблицы {name} нет столбцов или "
                                                        "строк"))
        known = dict(live[name])
        columns = table["columns"]
        for column in columns:
            if not isinstance(column, str) or column not in known:
                raise BackupError("unknown_column", table=name, column=column)
        if len(set(columns)) != len(columns):
            raise BackupError("bad_shape", detail=_both(f"table {name} repeats a column",
                                                        f"в таблице {name} повторён столбец"))
        types = [(column, known[column]) for column in columns]
        rows = []
        for number, row in enumerate(table["rows"], start=1):
            if not isinstance(row, list) or len(row) != len(columns):
                raise BackupError("bad_shape", detail=_both(
                    f"table {name}, row {number} does not match its columns",
                    f"таблица {name}, строка {number} не совпадает со столбцами"))
            for column, value in zip(columns, row, strict=True):
                if not is_cell(value):
                    raise BackupError("bad_shape", detail=_both(
                        f"table {name}, row {number}, column {column} holds a list or an "
                        "object, not a value",
                        f"таблица {name}, строка {number}, столбец {column} — список или "
                        "объект вместо значения"))
            problem = row_misfit(types, row) or _value_problem(name, columns, row)
            if problem is None:
                rows.append([stored_value(value) for value in row])
            else:
                misfits.append((name, dict(zip(columns, row, strict=True)),
                                f"in the imported file: {problem}"))
        checked[name] = (columns, rows)
    return checked, misfits


def _unreadable_saves(tables: _Rows, moved: float) -> tuple[list[list[Stored]],
                                                             tuple[str, ...]]:
    """Take the saves that cannot be read out of the checked ``saves`` table: their rows for
    ``bad_saves`` and the reasons (:func:`~.store.parse_save`)."""
    columns, rows = tables.get("saves", ([], []))
    if not {"slot", "data"} <= set(columns):
        return [], ()  # SQLite refuses such rows, with its own words
    slot, data = columns.index("slot"), columns.index("data")
    kept: list[list[Stored]] = []
    bad: list[list[Stored]] = []
    reasons: list[str] = []
    for row in rows:
        try:
            if isinstance(row[slot], str) and isinstance(row[data], str):
                parse_save(row[data])
        except UnreadableValue as problem:
            bad.append([row[slot], row[data], f"in the imported file: {problem}", moved])
            reasons.append(problem.reason)
        else:
            kept.append(row)
    if bad:
        tables["saves"] = (columns, kept)
    return bad, tuple(reasons)


def read_backup(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a backup copy on disk at ``path`` (a ``str`` or a path, as
    :func:`write_backup` takes), refusing a file too large before reading it."""
    file = Path(path)
    size = file.stat().st_size
    if size > MAX_BYTES:
        raise _too_big(size)
    return file.read_bytes()


def import_progress(store: Store, data: bytes) -> ImportReport:
    """Replace the progress held in the tables of the file ``data`` with the file's rows.

    Everything is checked before the first write, and the writes are one transaction: on any
    :class:`BackupError` the database is exactly as it was.  Tables the file does not hold (a
    file from an older version) keep their rows.  A row that does not fit its columns goes to
    ``bad_rows``, an unreadable save to ``bad_saves`` (:class:`ImportReport`).
    """
    document = _decode(data)
    _check_header(document)
    with reading(store.path) as conn:
        conn.execute("BEGIN IMMEDIATE")
        try:
            _make_section_tables(conn, document)
            tables, misfits = _checked_tables(document, _tables(conn))
            unreadable, reasons = _unreadable_saves(tables, time.time())
            for name, (columns, rows) in tables.items():
                conn.execute(f"DELETE FROM {quote(name)}")
                if columns:
                    conn.executemany(
                        f"INSERT INTO {quote(name)} ({', '.join(map(quote, columns))}) "
                        f"VALUES ({', '.join('?' * len(columns))})", rows)
            # after the file's own bad_saves and bad_rows, which replace the old ones
            conn.executemany("INSERT INTO bad_saves (slot, data, reason, moved) "
                             "VALUES (?, ?, ?, ?)", unreadable)
            for source, row, reason in misfits:
                add_bad_row(conn, source, row, reason)
        except sqlite3.DatabaseError as exc:
            conn.execute("ROLLBACK")
            raise BackupError("rejected_rows", detail=str(exc)) from None
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return ImportReport(rows={name: len(rows) for name, (_, rows) in tables.items()},
                        exported=str(document.get("exported", "")), set_aside=reasons,
                        rows_set_aside=tuple(source for source, _, _ in misfits))


# -- the home-screen section -------------------------------------------------------------------

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
    "kept": {"en": "The progress it replaced is kept in your data folder as {name}.",
             "ru": "Прежний прогресс сохранён в папке данных как {name}."},
    "loaded": {"en": "Progress loaded from the file saved on {exported}.",
               "ru": "Прогресс загружен из файла, сохранённого {exported}."},
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
    "db_error": {"en": "The progress database could not be read or written ({reason}). "
                       "Try again in a moment.",
                 "ru": "Не удалось прочитать или записать базу прогресса ({reason}). "
                       "Попробуйте ещё раз чуть позже."},
}


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
    screen; without it the switch changes this screen).  After an import the app on screen
    still holds the old progress in memory, so the panel offers only a link that opens the app
    again (from the imported progress) and no way back to the stale screens, and says so.
    ``on_import`` is told of every successful import.

    How a file went is shown under the buttons (a refusal in the colours of the home screen's
    notice) and read out once by a screen reader, through the header's voice
    (:meth:`PanelWidget.say <kozel_tutor.widgets.PanelWidget.say>`): the focus stays on the
    button that chose the file, and the words appear elsewhere.
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
        self.files = widgets.HBox([self.download, self.upload],
                                  layout=widgets.Layout(align_items="center",
                                                        flex_flow="row wrap"))
        self.files.add_class("kozel-backup-files")
        super().__init__([self.header, self.intro, self.files, self.status])
        self.add_class("kozel-backup")
        self.add_class("kz-page")
        self.set_lang(self.lang)

    def _say(self, key: str, **params: object) -> str:
        return _PANEL[key][self.lang].format(**params)

    def set_lang(self, lang: str) -> None:
        self.lang = lang if lang in ("ru", "en") else "en"
        self._show_header()
        self.intro.value = f"<p>{_escape(self._say('explain'))}</p>"
        self.upload.description = self._say("upload")
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
            payload = base64.b64encode(export_progress(self.store)).decode("ascii")
        except sqlite3.Error as exc:
            message = self._say("db_error", reason=exc)
            self.download.value = f'<p data-testid="backup-error">{_escape(message)}</p>'
            return
        # the arrow is a picture: the link is named by its words alone
        self.download.value = (
            f'<a class="kozel-backup-download kz-download" data-testid="backup-download" '
            f'download="{backup_filename()}" href="data:application/json;base64,{payload}">'
            f'<span aria-hidden="true">⬇ </span>{_escape(self._say("download"))}</a>')

    def import_file(self, content: bytes) -> ImportReport | None:
        """Import ``content`` and say how it went in :attr:`status`; ``None`` if refused.

        The progress it replaces is first kept as a backup copy beside the database
        (``progress-before-import-<time>.json``), so loading the wrong file loses nothing."""
        kept = self.store.path.with_name(
            f"progress-before-import-{datetime.now(UTC):%Y%m%d-%H%M%S}.json")
        try:
            write_backup(self.store, kept)
            report = import_progress(self.store, content)
        except (BackupError, sqlite3.Error, OSError) as exc:
            kept.unlink(missing_ok=True)   # nothing was changed: nothing to keep
            self._refused(exc)
            return None
        message = " ".join((self._say("loaded", exported=_when(report.exported, self.lang)),
                            self._say("kept", name=kept.name)))
        # the saves and rows of the file that were set aside; rows are told once, here
        notices = [save_set_aside_notice(reason, self.lang)
                   for reason in dict.fromkeys(report.set_aside)]
        rows_notice = untold_notice(self.store, self.lang)
        if rows_notice is not None:
            notices.append(rows_notice)
        set_aside = "".join(f'<p data-testid="backup-set-aside">{_escape(notice)}</p>'
                            for notice in notices)
        way_on = self._say("way_on", link=self._say("reopen"))
        # read out once, with the way on: the header loses its way home below
        self.header.say(" ".join((message, *notices, way_on)), self.lang)
        # "?" is this very page without its query: following it starts the app afresh.
        self.status.value = (f'<p data-testid="backup-ok">{_escape(message)}</p>{set_aside}'
                             f'<p data-testid="backup-way-on">{_escape(way_on)}</p>'
                             f'<p><a href="?" target="_self" data-testid="backup-reopen">'
                             f'{_escape(self._say("reopen"))}</a></p>')
        self.imported = True
        self._show_header()
        self.refresh()
        if self.on_import is not None:
            self.on_import(report)
        return report

    def _refused(self, exc: BackupError | sqlite3.Error | OSError) -> None:
        message = (self._say("failed", reason=exc.text(self.lang))
                   if isinstance(exc, BackupError) else self._say("db_error", reason=exc))
        # shown as the home screen's notices are (panel.css), read out once by the header
        self.header.say(message, self.lang)
        self.status.value = (f'<p class="kz-panel-error" data-testid="backup-error">'
                             f'{_escape(message)}</p>')

    def _on_files(self, files: list[ChosenFile]) -> None:
        chosen = files[0]
        if chosen.content is not None:
            self.import_file(chosen.content)
            return
        too_big = chosen.problem == "too_big"
        problem = _too_big(chosen.size) if too_big else BackupError("unreadable")
        self._refused(problem)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _open_section(context: SectionContext) -> BackupPanel:
    return BackupPanel(context.store, context.lang, go_home=context.go_home,
                       on_lang=context.toggle_lang)


register_section(Section("progress", _PANEL["title"], _PANEL["hint"], "⇅", _open_section,
                         order=900))
