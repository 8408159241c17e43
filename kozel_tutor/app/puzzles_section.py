"""Registers the Puzzles and Teacher tiles on the app's home screen (the app imports this
module: :data:`~kozel_tutor.app.sections.SECTION_MODULES`).

The sections' screens live in :mod:`kozel_tutor.app.puzzles_view` and
:mod:`kozel_tutor.app.teacher_view`; they are imported only when a tile is opened.
"""

from __future__ import annotations

import importlib
from typing import Any

from .sections import Section, SectionContext, register_section

__all__ = ["open_puzzles", "open_teacher", "warm_puzzles", "warm_teacher"]


def open_puzzles(ctx: SectionContext) -> Any:
    from .puzzles_view import PuzzlesView

    return PuzzlesView(ctx.lang, ctx.store, ctx.go_home, on_lang=ctx.toggle_lang,
                       open_link_later=True)


def warm_puzzles() -> None:
    """The screen's module (pandas and the rating code) and the parsed catalogue."""
    from ..puzzles.model import load_catalogue_lenient

    importlib.import_module("kozel_tutor.app.puzzles_view")
    load_catalogue_lenient()


def warm_teacher() -> None:
    importlib.import_module("kozel_tutor.app.teacher_view")


def open_teacher(ctx: SectionContext) -> Any:
    from .teacher_view import TeacherView

    return TeacherView(ctx.lang, ctx.go_home, on_lang=ctx.toggle_lang, store=ctx.store)


register_section(Section(
    key="puzzles",
    title={"ru": "Задачи", "en": "Puzzles"},
    hint={"ru": "Какой картой сыграть? Рейтинг, повторение, ваши ошибки",
          "en": "What card would you play? Ratings, reviews, your own mistakes"},
    icon="♞",
    open=open_puzzles,
    order=20,
    warm=warm_puzzles,
))

register_section(Section(
    key="teacher",
    title={"ru": "Учителю", "en": "For teachers"},
    hint={"ru": "Наборы задач, ссылки для учеников, журнал результатов",
          "en": "Puzzle sets, links for students, a gradebook"},
    icon="✉",
    open=open_teacher,
    order=60,
    warm=warm_teacher,
))
