"""The home screen's sections, registered by the modules that provide them.

The app itself provides *Play*.  The tiles of lessons, puzzles, the teacher's tools, the backup
and the learner's achievements are the app's own modules (:mod:`.lessons_section`,
:mod:`.puzzles_section` ...: lessons and puzzles sit below the app and never import it), each
registering a :class:`Section` when imported; the app imports the modules named in
:data:`SECTION_MODULES` (a missing one is simply not shown), and any other module above the app
may call :func:`register_section` before the app is created.

>>> register_section(Section("demo", {"en": "Demo", "ru": "Демо"}, {"en": "", "ru": ""}, "★",
...                          lambda ctx: None))
>>> "demo" in [s.key for s in sections()]
True
>>> del SECTIONS["demo"]
"""

from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .store import Store

__all__ = ["SECTIONS", "SECTION_MODULES", "Section", "SectionContext", "load_sections",
           "register_section", "sections", "warm_sections"]

log = logging.getLogger(__name__)

SECTION_MODULES = (
    "kozel_tutor.app.backup",
    "kozel_tutor.app.lessons_section",
    "kozel_tutor.app.puzzles_section",
    "kozel_tutor.app.achievements_view",
)
"""Modules the app imports so they can register their sections (missing ones are skipped)."""


@dataclass(frozen=True)
class SectionContext:
    """What a section gets from the app: the language, the progress store, a way home, the
    app's language switch (every screen at once, remembered), and a way to another section
    by its key, or to the Play screen by ``"play"`` (the app opens it as from its tile)."""

    lang: str
    store: Store
    go_home: Callable[[], None]
    toggle_lang: Callable[[], None] | None = None
    open_section: Callable[[str], None] | None = None


@dataclass(frozen=True)
class Section:
    """A tile on the home screen.

    ``open(ctx)`` returns the ipywidget to show; if that widget has a ``set_lang(lang)`` method,
    the app calls it when the learner switches language.  ``title`` and ``hint`` map ``ru`` and
    ``en`` to text; ``order`` sorts the tiles (Play is 0).  ``warm()``, when given, does ahead
    of time the slow part of the first ``open`` (imports, reading data): the app runs it in the
    background once the home screen is built (:func:`warm_sections`).
    """

    key: str
    title: Mapping[str, str]
    hint: Mapping[str, str]
    icon: str
    open: Callable[[SectionContext], Any]
    order: int = 100
    warm: Callable[[], object] | None = None


SECTIONS: dict[str, Section] = {}


def register_section(section: Section) -> None:
    """Add (or replace) a section of the home screen."""
    for lang in ("ru", "en"):
        if not section.title.get(lang):
            raise ValueError(f"section {section.key!r} needs a title in {lang!r}")
    SECTIONS[section.key] = section


def sections() -> list[Section]:
    return sorted(SECTIONS.values(), key=lambda s: (s.order, s.key))


def load_sections(modules: tuple[str, ...] = SECTION_MODULES) -> list[str]:
    """Import the section modules that exist; returns the problems met (never raises)."""
    problems = []
    for name in modules:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not name.startswith(exc.name):
                problems.append(f"{name}: {exc}")
                log.warning("section module %s failed to import: %s", name, exc)
        except Exception as exc:
            problems.append(f"{name}: {exc}")
            log.exception("section module %s failed to import", name)
    return problems


def warm_sections() -> threading.Thread:
    """Run every section's ``warm()`` in a background thread (started, returned so that callers
    may wait for it).  A failing warm-up is logged and changes nothing: ``open`` does the work
    itself then.  A learner who clicks a tile early waits no longer than without it."""
    def run() -> None:
        for section in sections():
            if section.warm is None:
                continue
            try:
                section.warm()
            except Exception:
                log.exception("warming section %s failed", section.key)

    thread = threading.Thread(target=run, name="kozel-warm-sections", daemon=True)
    thread.start()
    return thread
