"""The Voila app: ``from kozel_tutor.app import App; App()``.

Modules: :mod:`.session` (the match controller, pure Python), :mod:`.store` (SQLite progress),
:mod:`.texts` (every string, ru/en), :mod:`.views` and :mod:`.screens` (JSON views),
:mod:`.review` (solver-backed deal review), :mod:`.play_view` (the table's controller),
:mod:`.sections` (home-screen sections other modules register), :mod:`.main` (the app).
"""

from __future__ import annotations

from .main import App
from .sections import Section, SectionContext, register_section
from .session import MatchSession, SaveError, Settings
from .store import Store

__all__ = ["App", "MatchSession", "SaveError", "Section", "SectionContext", "Settings", "Store",
           "register_section"]
