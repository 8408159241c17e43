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

__all__ = ["SPOKEN_KEPT", "TableWidget", "empty_table_view"]

SPOKEN_KEPT = 24
"""How many of the table's latest spoken lines its ``spoken`` trait keeps (see
:meth:`TableWidget.say`): enough for every line said while a new view's live region holds its
first words back (300 ms), at the instant pace too (a match's and a deal's news, then cards)."""


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
    #: what the live region is to read out: ``count``, how many lines were ever said, the
    #: latest of them (:data:`SPOKEN_KEPT`), each ``{"text", "lang"}``, and ``start``, the
    #: count when the table was last about to be shown (:meth:`shown_anew`)
    spoken = traitlets.Dict(default_value={"count": 0, "lines": [], "start": 0}).tag(sync=True)

    @staticmethod
    def check_view(view: object) -> dict[str, Any]:
        return check_table_view(view)

    def shake(self, token: str) -> None:
        """Make the card ``token`` in the learner's hand shake (an illegal click)."""
        self.send({"type": "shake", "card": token})

    def say(self, words: str) -> None:
        """Have a screen reader read ``words`` out, in the table's language: a new line in the
        table's one live region (a card played and by whom, who took the trick, what the status
        line now says).  Kept in the widget's state, not sent as a message: words said before
        the table is on the page (a new match starts before it is shown) are read out as it is
        drawn."""
        spoken: dict[str, Any] = self.spoken
        lines = [*spoken["lines"], {"text": words, "lang": self.lang}]
        self.spoken = {**spoken, "count": spoken["count"] + 1, "lines": lines[-SPOKEN_KEPT:]}

    def shown_anew(self) -> None:
        """The table is about to be drawn anew (shown in another screen's place): a view drawn
        from now on reads out what is said from here on, not what it said before."""
        self.spoken = {**self.spoken, "start": self.spoken["count"]}

    def sound_effect(self, name: str) -> None:
        """Play a short sound (``card``, ``trick``, ``illegal``, ``win``, ``lose``) if it is on."""
        self.send({"type": "sound", "name": name})
