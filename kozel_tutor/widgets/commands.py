"""What the table and the panels share: a checked JSON view, the language, and commands.

A :class:`CommandWidget` draws its :attr:`~CommandWidget.view` (checked by the subclass's
:meth:`~CommandWidget.check_view` before it is sent) and turns browser messages into
:class:`~.schema.Command` objects, checked against the view on screen; a message that does not
fit is counted in :attr:`~CommandWidget.rejected` and dropped, never acted on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from .names import NamedWidget, names_in
from .schema import Command, parse_command

__all__ = ["CommandHandler", "CommandWidget"]

CommandHandler = Callable[[Command], None]


class CommandWidget(NamedWidget):
    """Base of the widgets that send commands; subclasses set ``_esm``, ``_css``, ``view``.
    Their :attr:`names` follow :attr:`lang`."""

    view = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("ru").tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handlers: list[CommandHandler] = []
        self.rejected = 0
        self.on_msg(self._receive)

    @staticmethod
    def check_view(view: object) -> dict[str, Any]:
        """The view, checked; raises ``ValueError`` naming the problem."""
        raise NotImplementedError

    @traitlets.validate("view")
    def _check_view(self, proposal: dict[str, Any]) -> dict[str, Any]:
        try:
            return self.check_view(proposal["value"])
        except ValueError as exc:
            raise traitlets.TraitError(str(exc)) from None

    @traitlets.default("names")
    def _default_names(self) -> dict[str, Any]:
        return names_in(self.lang)

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        self.names = names_in(change["new"])

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
