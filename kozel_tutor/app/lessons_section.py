"""Registers the Lessons tile on the app's home screen (the app imports this module:
:data:`~kozel_tutor.app.sections.SECTION_MODULES`).

The screen lives in :mod:`kozel_tutor.app.lessons_view`; it is imported only when the tile is
opened (or warmed up).
"""

from __future__ import annotations

import importlib
from typing import Any

from .sections import Section, SectionContext, register_section

__all__ = ["open_lessons", "warm_lessons"]


def open_lessons(ctx: SectionContext) -> Any:
    from .lessons_view import LessonsView

    return LessonsView(ctx.lang, ctx.store, ctx.go_home, open_section=ctx.open_section,
                       on_lang=ctx.toggle_lang)


def warm_lessons() -> None:
    importlib.import_module("kozel_tutor.app.lessons_view")


register_section(Section(
    key="lessons",
    title={"ru": "Уроки", "en": "Lessons"},
    hint={"ru": "Правила с нуля, шаг за шагом, на картах",
          "en": "Learn the rules step by step, on the cards"},
    icon="✎",
    open=open_lessons,
    order=10,
    warm=warm_lessons,
))
