"""The card table: a thin anywidget over ``table.js``; all game logic stays in Python.

The widget draws whatever :attr:`TableWidget.view` says (see :func:`~.schema.check_table_view`)
and turns clicks and keys into commands: ``play`` a card, ``call`` a trump suit, press a
``button``.  Commands are checked against the view on screen before a handler sees them.

>>> table = TableWidget()
>>> table.lang
'ru'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from ._assets import css, esm
from .schema import Command, check_table_view, parse_command

__all__ = ["TableWidget", "empty_table_view"]

CommandHandler = Callable[[Command], None]


def empty_table_view() -> dict[str, Any]:
    """A table with nobody seated: what the widget shows before a deal."""
    seats = {name: {"name": "", "cards": [], "count": 0} for name in ("N", "E", "S", "W")}
    return {"seats": seats, "trick": [], "winner": None, "status": "", "status_kind": "info",
            "badges": [], "toolbar": [],
            "ranks": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}}


class TableWidget(anywidget.AnyWidget):
    """Four seats, the trick, the status line, badges and overlays, drawn from :attr:`view`."""

    _esm = esm("table.js")
    _css = css("table.css")

    view = traitlets.Dict(default_value=empty_table_view()).tag(sync=True)
    lang = traitlets.Unicode("ru").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    sound = traitlets.Bool(True).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[CommandHandler] = []
        self.rejected = 0
        self.on_msg(self._receive)

    @traitlets.validate("view")
    def _check_view(self, proposal: dict[str, Any]) -> dict[str, Any]:
        try:
            return check_table_view(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in ("ru", "en"):
            raise traitlets.TraitError(f"language must be ru or en, not {proposal['value']!r}")
        return str(proposal["value"])

    def on_command(self, handler: CommandHandler) -> None:
        """Call ``handler`` with every valid command from the browser."""
        self._handlers.append(handler)

    def receive(self, message: object) -> Command | None:
        """Check one browser message and hand it on; bad ones are counted and dropped."""
        command = parse_command(message, self.view)
        if command is None:
            self.rejected += 1
            return None
        for handler in list(self._handlers):
            handler(command)
        return command

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        self.receive(content)

    def shake(self, token: str) -> None:
        """Make the card ``token`` in the learner's hand shake (an illegal click)."""
        self.send({"type": "shake", "card": token})

    def sound_effect(self, name: str) -> None:
        """Play a short sound (``card``, ``trick``, ``illegal``, ``win``, ``lose``) if it is on."""
        self.send({"type": "sound", "name": name})
