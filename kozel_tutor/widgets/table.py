"""The card table: a thin anywidget over ``table.js``; all game logic stays in Python.

The widget draws whatever :attr:`TableWidget.view` says (see :func:`~.schema.check_table_view`)
and turns clicks and keys into commands: ``play`` a card, ``call`` a trump suit, press a
``button``.  Commands are checked against the view on screen before a handler sees them.

>>> table = TableWidget()
>>> table.lang
'ru'
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from ._assets import css, esm
from .commands import CommandWidget
from .schema import check_table_view

__all__ = ["TableWidget", "empty_table_view"]


def empty_table_view() -> dict[str, Any]:
    """A table with nobody seated: what the widget shows before a deal."""
    seats = {name: {"name": "", "cards": [], "count": 0} for name in ("N", "E", "S", "W")}
    return {"seats": seats, "trick": [], "winner": None, "status": "", "status_kind": "info",
            "badges": [], "toolbar": [],
            "ranks": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}}


class TableWidget(CommandWidget):
    """Four seats, the trick, the status line, badges and overlays, drawn from :attr:`view`."""

    _esm = esm("table.js")
    _css = css("table.css")
    OFFLINE: ClassVar[tuple[str, str]] = (
        "Стол для игры в «Козла» — запустите блокнот в Jupyter, чтобы играть",
        "Kozel card table: run the notebook in Jupyter to play")

    view = traitlets.Dict(default_value=empty_table_view()).tag(sync=True)
    sound = traitlets.Bool(True).tag(sync=True)

    @staticmethod
    def check_view(view: object) -> dict[str, Any]:
        return check_table_view(view)

    def shake(self, token: str) -> None:
        """Make the card ``token`` in the learner's hand shake (an illegal click)."""
        self.send({"type": "shake", "card": token})

    def say(self, words: str) -> None:
        """Have a screen reader read ``words`` out: a new line in the table's one live region
        (a card played and by whom, who took the trick, what the status line now says)."""
        self.send({"type": "say", "text": words})

    def sound_effect(self, name: str) -> None:
        """Play a short sound (``card``, ``trick``, ``illegal``, ``win``, ``lose``) if it is on."""
        self.send({"type": "sound", "name": name})
