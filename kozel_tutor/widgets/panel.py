"""A panel of text, option groups, a table and buttons: home screen, settings, sections.

Like the table it is drawn from a checked JSON :attr:`PanelWidget.view`; it sends ``button`` and
``choose`` commands, checked against the view on screen.

>>> panel = PanelWidget(view={"title": "Kozel", "buttons": []})
>>> panel.receive({"type": "button", "id": "play"}) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from ._assets import css, esm
from .schema import Command, check_panel_view, parse_command

__all__ = ["PanelWidget"]


class PanelWidget(anywidget.AnyWidget):
    """A screen of the app that is not the card table."""

    _esm = esm("panel.js")
    _css = css("panel.css")

    view = traitlets.Dict(default_value={"title": "", "buttons": []}).tag(sync=True)
    lang = traitlets.Unicode("ru").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[Command], None]] = []
        self.rejected = 0
        self.on_msg(self._receive)

    @traitlets.validate("view")
    def _check_view(self, proposal: dict[str, Any]) -> dict[str, Any]:
        try:
            return check_panel_view(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in ("ru", "en"):
            raise traitlets.TraitError(f"language must be ru or en, not {proposal['value']!r}")
        return str(proposal["value"])

    def on_command(self, handler: Callable[[Command], None]) -> None:
        self._handlers.append(handler)

    def receive(self, message: object) -> Command | None:
        command = parse_command(message, self.view)
        if command is None:
            self.rejected += 1
            return None
        for handler in list(self._handlers):
            handler(command)
        return command

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        self.receive(content)
