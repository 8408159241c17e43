"""The lesson player widget: a thin anywidget over ``lesson.js``; the lesson logic is Python.

The widget draws :meth:`LessonPlayer.view <kozel_tutor.lessons.player.LessonPlayer.view>` and
passes the browser's messages (``{"type": "answer", "value": "QS"}``, ``next``, ``back``,
``hint``, ``restart``, ``lang``, ``next_lesson``) to the player, which checks them against the
step on screen.  The card art is the shared ``cards.js``.  The app may offer ways on from the end
of the course (:meth:`LessonWidget.offer_ways_on`): the end of the last lesson then shows them
as its first buttons, the focus on the first, and ``{"type": "way", "key": "play"}`` takes one.

>>> from kozel_tutor.lessons import LessonPlayer
>>> widget = LessonWidget(LessonPlayer("04_trick", lang="en", progress=None))
>>> widget.view["lesson"]["title"]
'Who takes the trick'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import traitlets

from ._assets import css, esm
from .names import NamedWidget, names_in

if TYPE_CHECKING:
    from ..lessons.player import LessonPlayer

__all__ = ["LessonWidget"]


class LessonWidget(NamedWidget):
    """Explanations and tasks on a small card table, with feedback, hints and stars."""

    _esm = esm("lesson.js")
    _css = css("lesson.css")
    OFFLINE: ClassVar[tuple[str, str]] = (
        "Урок игры в «Козла» — запустите блокнот в Jupyter, чтобы пройти его",
        "Kozel lesson: run the notebook in Jupyter to take it")

    view = traitlets.Dict().tag(sync=True)
    four_colour = traitlets.Bool(False).tag(sync=True)
    exit_label = traitlets.Unicode("").tag(sync=True)
    """Text of a "leave the lesson" button (the app's list of lessons); empty: no button."""
    refused_at = traitlets.Int(0).tag(sync=True)
    """The count of the lesson's words (``view["spoken"]["count"]``) that refused the number
    just typed (not a whole number: not a try), 0 before any: the box takes the focus back, to
    put it right."""

    def __init__(self, player: LessonPlayer, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.player = player
        self._exit: list[Callable[[], None]] = []
        self._ways: dict[str, Mapping[str, str]] = {}
        self._go: Callable[[str], None] | None = None
        player.on_change(self._refresh)
        self.on_msg(self._receive)
        self._refresh()

    def set_lang(self, lang: str) -> None:
        """Switch the language (the app calls this when the learner does)."""
        self.player.set_lang(lang)

    def on_exit(self, handler: Callable[[], None]) -> None:
        """Call ``handler`` when the learner presses the exit button (see :attr:`exit_label`)."""
        self._exit.append(handler)

    def offer_ways_on(self, labels: Mapping[str, Mapping[str, str]],
                      go: Callable[[str], None]) -> None:
        """Once the last lesson of the course is finished, show a button for each way on
        (``labels``: its words by language, by key, in order; the first is the main one) before
        the end's other buttons; pressing one calls ``go(key)``."""
        self._ways = dict(labels)
        self._go = go
        self._refresh()

    def receive(self, message: object) -> None:
        """Hand one browser message to the player; anything that is not an object is dropped."""
        if not isinstance(message, Mapping):
            return
        if message.get("type") == "way":
            key = message.get("key")
            if isinstance(key, str) and key in self._ways and self._go is not None \
                    and self.player.course_finished:
                self._go(key)
            return
        if message.get("type") == "exit":
            if self.exit_label:
                for handler in list(self._exit):
                    handler()
            return
        self.player.handle(message)
        state = self.player.task_state
        if message.get("type") == "answer" and state is not None and state.refused is not None:
            self.refused_at = self.view["spoken"]["count"]

    def _receive(self, _widget: object, content: object, _buffers: object) -> None:
        self.receive(content)

    def _refresh(self) -> None:
        view = self.player.view()
        if view["done"] is not None and self.player.course_finished and self._ways:
            view["done"]["ways"] = [{"key": key, "label": words[view["lang"]]}
                                    for key, words in self._ways.items()]
        with self.hold_sync():   # the names in the view's language arrive with the view
            self.names = names_in(view["lang"])
            self.view = view
