"""The Voila app: ``from kozel_tutor.app import App; App()``.

Modules: :mod:`.session` (the match controller, pure Python), :mod:`.store` (SQLite progress),
:mod:`.texts` (every string, ru/en), :mod:`.views` and :mod:`.screens` (JSON views),
:mod:`.review` (solver-backed deal review), :mod:`.play_view` (the table's controller),
:mod:`.sections` (home-screen sections other modules register), :mod:`.main` (the app).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .sections import Section, SectionContext, register_section
from .session import MatchSession, SaveError, Settings
from .store import Store

if TYPE_CHECKING:
    from .main import App

__all__ = ["App", "MatchSession", "SaveError", "Section", "SectionContext", "Settings", "Store",
           "register_section"]


def __getattr__(name: str) -> Any:
    """``App`` is imported when first asked for: the app's other modules (the backup format,
    the store, the session) stay usable from a script without ipywidgets."""
    if name == "App":
        from .main import App
        return App
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
