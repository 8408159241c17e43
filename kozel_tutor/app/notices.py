"""What the learner is told when part of their progress was set aside, or cannot be kept, in
their language.

The store and the progress file only say *what* was set aside and why (a save's
:attr:`UnreadableValue.reason <kozel_tutor.bad_rows.UnreadableValue.reason>`, the tables of rows
moved to ``bad_rows``); the words are here, from :mod:`.texts`.  A table is named by the text
``rows_<table>`` when there is one, else as puzzle history (``puzzle_*``) or as saved data, so a
new table needs only a text, not code.

>>> set_aside_notice(["puzzle_attempts", "puzzle_reviews", "bad_saves"], "en")
'Part of your progress could not be read (puzzle history, saved data). It was put aside; ...'
"""

from __future__ import annotations

import html
import logging
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .texts import TEXTS, text

if TYPE_CHECKING:
    from ..sqlite_files import NotKept
    from .store import Store

__all__ = ["held_notice", "not_kept_notice", "notice_html",
           "save_set_aside_notice", "set_aside_notice", "untold_notice"]

log = logging.getLogger(__name__)

_HELD = {
    # the progress file, free when the app opened it, is held by another window or program now
    # (kozel_tutor.sqlite_files.held): what is done is not kept until it lets the file go
    "en": "Your progress cannot be saved just now: the progress file {place} is in use by "
          "another window or program. You can go on solving: your answers are judged as "
          "usual, and they are saved again once the other window or program lets the file go.",
    "ru": "Прогресс сейчас не сохраняется: файл {place} занят другим окном или программой. "
          "Решать задачи можно: ответы проверяются как обычно и снова начнут сохраняться, "
          "когда другое окно или программа освободит файл.",
}
_HELD_LESSONS = {
    # the same in the Lessons: what is done meanwhile waits in memory and is saved once the
    # file is free (kozel_tutor.lessons.progress.LessonProgress)
    "en": "Your progress cannot be saved just now: the progress file {place} is in use by "
          "another window or program. You can go on with the lessons: what you do now is saved "
          "once the other window or program lets the file go. Keep this page open until then.",
    "ru": "Прогресс сейчас не сохраняется: файл {place} занят другим окном или программой. "
          "Уроки можно продолжать: всё, что вы сейчас пройдёте, сохранится, когда другое окно "
          "или программа освободит файл. До тех пор не закрывайте эту страницу.",
}
_UNREAD_LESSONS = {
    # ... and held so that it cannot even be read (BEGIN EXCLUSIVE): the list and the lessons
    # show only what was done since, each lesson from its first step
    "en": "It cannot even be read just now: your stars and the steps you took before come "
          "back once it is free.",
    "ru": "Сейчас его не удаётся даже прочитать: звёзды и пройденные раньше шаги появятся "
          "снова, когда файл освободится.",
}


def save_set_aside_notice(reason: str, lang: str) -> str:
    """What the learner is told when a save was set aside, ``reason`` being an
    :attr:`UnreadableValue.reason <kozel_tutor.bad_rows.UnreadableValue.reason>` (or
    ``not_match``: it breaks the rules of the game)."""
    return text("save_corrupt", lang, reason=text(f"save_reason_{reason}", lang))


def _table_words(table: str) -> str:
    key = f"rows_{table}"
    if key in TEXTS:
        return key
    return "rows_puzzles" if table.startswith("puzzle_") else "rows_other"


def set_aside_notice(tables: Sequence[str], lang: str) -> str:
    """What the learner is told when rows of ``tables`` were set aside
    (:meth:`Store.take_untold <kozel_tutor.app.store.Store.take_untold>`)."""
    words = dict.fromkeys(_table_words(table) for table in tables)
    return text("rows_set_aside", lang, what=", ".join(text(word, lang) for word in words))


def untold_notice(store: Store, lang: str) -> str | None:
    """What to tell the learner of the rows set aside since they were last told (now marked
    as told), or ``None`` if nothing was, or if the database cannot be read just now."""
    try:
        tables = store.take_untold()
    except sqlite3.Error:
        log.exception("could not read the rows set aside")
        return None
    return set_aside_notice(tables, lang) if tables else None


def not_kept_notice(why: NotKept, lang: str) -> str:
    """What the learner is told when nothing of this session can be kept
    (:attr:`Store.not_kept <kozel_tutor.app.store.Store.not_kept>`): why, naming the file or the
    folder."""
    key = f"not_kept_{why.reason}"
    return text(key if key in TEXTS else "not_kept_other", lang, place=str(why.place),
                detail=why.detail)


def notice_html(message: str, testid: str) -> str:
    """``message`` as a notice above a screen, in the colours of the home screen's notices
    (``.kz-panel-error`` in widgets/panel.css); ``""`` without a message."""
    if not message:
        return ""
    return (f'<p role="status" data-testid="{testid}" style="margin:12px auto;max-width:920px;'
            'box-sizing:border-box;padding:10px 14px;border-radius:8px;background:#fcebea;'
            'color:#8e1f16;border-left:5px solid #c0392b;font-weight:600">'
            f'{html.escape(message)}</p>')


def held_notice(why: NotKept, lang: str, *, lessons: bool = False, unread: bool = False
                ) -> str:
    """What the learner is told while the progress file, free when the app opened it, is held
    by another window or program (:func:`kozel_tutor.sqlite_files.held`), naming the file:
    the words of :func:`not_kept_notice` when the app cannot keep anything at all, else that
    nothing is kept *until the file is free again* (in the ``lessons``: that what is done
    meanwhile is saved then, while the page stays open; ``unread``: that it cannot even be read,
    so what was done before is not shown until then).

    >>> from pathlib import Path
    >>> from kozel_tutor.sqlite_files import NotKept
    >>> held_notice(NotKept("in_use", Path("p.sqlite3"), ""), "en", lessons=True)[:52]
    'Your progress cannot be saved just now: the progress'
    """
    if why.reason != "in_use":
        return not_kept_notice(why, lang)
    lang = "ru" if lang == "ru" else "en"
    said = (_HELD_LESSONS if lessons else _HELD)[lang].format(place=why.place)
    return f"{said} {_UNREAD_LESSONS[lang]}" if lessons and unread else said
