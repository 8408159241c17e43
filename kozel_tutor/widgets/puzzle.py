"""The puzzle player widget: a thin anywidget over ``puzzle.js``; the logic is Python.

The widget draws :meth:`PuzzlePlayer.view <kozel_tutor.puzzles.player.PuzzlePlayer.view>` and
hands the browser's messages (``{"type": "play", "card": "QC"}``, ``hint``, ``retry``,
``next``) to the player, which checks them against the puzzle on screen.  The card art is the
shared ``cards.js``.

>>> from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
>>> PuzzleWidget(PuzzlePlayer(SetQueue([]), lang="en")).view["phase"]
'empty'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import traitlets

from ..i18n import LANGUAGES
from ._assets import css, esm
from .names import NamedWidget, names_in

if TYPE_CHECKING:
    from ..puzzles.player import PuzzlePlayer

__all__ = ["PuzzleWidget"]


class PuzzleWidget(NamedWidget):
    """"What card would you play?": pick a card, see why, step through the refutation."""

    _esm = esm("puzzle.js")
    _css = css("puzzle.css")
    OFFLINE: ClassVar[tuple[str, str]] = (
        "Задачи по игре в «Козла» — запустите блокнот в Jupyter, чтобы решать их",
        "Kozel puzzles: run the notebook in Jupyter to solve them")

    view = traitlets.Dict().tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    lang_switch = traitlets.Bool(False).tag(sync=True)
    """Whether the widget draws its own language button (in a notebook; the app has its own)."""

    def __init__(self, player: PuzzlePlayer, *, on_lang: Callable[[str], object] | None = None,
                 **kwargs: Any) -> None:
        """``on_lang``: given, the widget has a language button, and hears each switch."""
        super().__init__(**kwargs)
        self.player = player
        self._on_lang = on_lang
        self.lang_switch = on_lang is not None
        player.on_change(self._refresh)
        self.on_msg(self._receive)
        self._refresh()

    def set_lang(self, lang: str, *, tell: bool = True) -> None:
        """Switch the language (the app calls this when the learner does); the puzzle's words
        are said again in it, unless not ``tell`` (another widget's button switched it)."""
        self.player.set_lang(lang, tell=tell)

    def receive(self, message: object) -> bool:
        """Hand one browser message to the player; anything that is not an object is dropped.
        ``{"type": "lang", "lang": "en"}`` switches the language where the widget has its own
        button."""
        if not isinstance(message, Mapping):
            return False
        if message.get("type") == "lang":
            return self._switch_lang(message.get("lang"))
        return self.player.handle(message)

    def _switch_lang(self, lang: object) -> bool:
        if self._on_lang is None or lang not in LANGUAGES or lang == self.player.lang:
            return False
        chosen = str(lang)
        self.player.set_lang(chosen)
        self._on_lang(chosen)
        return True

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        self.receive(content)

    def _refresh(self) -> None:
        view = self.player.view()
        with self.hold_sync():   # the names in the view's language arrive with the view
            self.names = names_in(view["lang"])
            self.view = view
