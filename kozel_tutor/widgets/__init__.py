"""Notebook widgets (anywidget): the card table and the app's panels.

The card art is one file, ``cards.js``; :func:`esm` inlines it into any widget module, so a lesson
or puzzle widget draws the same cards: ``_esm = esm("puzzle.js")``, ``_css = css("puzzle.css")``.
"""

from __future__ import annotations

from ._assets import asset, css, esm
from .file_button import ChosenFile, FileButton
from .panel import PanelWidget
from .schema import Command, ViewError, check_panel_view, check_table_view, parse_command
from .steady_html import SteadyHTML
from .table import TableWidget, empty_table_view

__all__ = [
    "ChosenFile",
    "Command",
    "FileButton",
    "PanelWidget",
    "SteadyHTML",
    "TableWidget",
    "ViewError",
    "asset",
    "check_panel_view",
    "check_table_view",
    "css",
    "empty_table_view",
    "esm",
    "parse_command",
]
