"""A panel of text, option groups, a table and buttons: home screen, settings, sections.

Like the table it is drawn from a checked JSON :attr:`PanelWidget.view`; it sends ``button`` and
``choose`` commands, checked against the view on screen.

Its voice for a screen reader is one polite status region beside the panel, on the page empty
and never redrawn: :meth:`PanelWidget.say` reads a line out once (what a search found, whether
a file was loaded).  A tile whose line of explanation is the line just said is not described
by it as well (the focus comes back to the tile as the panel is drawn again, and would have it
said twice).  A press that Python has not answered after a second says, in the same region,
that it is being worked on (:attr:`PanelWidget.waiting`).

>>> panel = PanelWidget(view={"title": "Kozel", "buttons": []})
>>> panel.receive({"type": "button", "id": "play"}) is None
True
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from ._assets import css, esm
from .commands import CommandWidget
from .schema import check_panel_view

__all__ = ["PanelWidget"]


class PanelWidget(CommandWidget):
    """A screen of the app that is not the card table."""

    _esm = esm("panel.js")
    _css = css("panel.css")
    OFFLINE: ClassVar[tuple[str, str]] = (
        "Экран приложения «Козёл» — запустите блокнот в Jupyter, чтобы открыть его",
        "A screen of the Kozel app: run the notebook in Jupyter to open it")

    view = traitlets.Dict(default_value={"title": "", "buttons": []}).tag(sync=True)
    return_to = traitlets.Unicode("").tag(sync=True)
    """The control (its data-testid) the focus goes to when this screen is shown again, instead
    of the one pressed last: the list of lessons gives it the tile of the lesson just left."""

    said = traitlets.Unicode("").tag(sync=True)
    """The line a screen reader reads out (:meth:`say`); empty: the region is emptied."""
    said_lang = traitlets.Unicode("").tag(sync=True)
    said_count = traitlets.Int(0).tag(sync=True)
    """A new number for every line said, so that the same words said again are read again."""
    waiting = traitlets.Unicode("").tag(sync=True)
    """What a press still unanswered after a second says, ``{label}`` the control's name."""

    WAITING: ClassVar[dict[str, str]] = {"ru": "{label}: подождите…",
                                         "en": "{label}: please wait…"}

    @staticmethod
    def check_view(view: object) -> dict[str, Any]:
        return check_panel_view(view)

    @traitlets.default("waiting")
    def _default_waiting(self) -> str:
        return self.WAITING[self.lang]

    @traitlets.observe("lang")
    def _waiting_in_lang(self, change: dict[str, Any]) -> None:
        self.waiting = self.WAITING[change["new"]]

    def say(self, text: str, lang: str | None = None) -> None:
        """Read ``text`` (in ``lang``, default the panel's) out once; the same words said
        again are read again.

        >>> panel = PanelWidget(lang="en", view={"title": "Kozel", "buttons": []})
        >>> panel.say("No new deals since the last search.")
        >>> panel.said, panel.said_lang, panel.said_count
        ('No new deals since the last search.', 'en', 1)
        """
        with self.hold_sync():
            self.said = text
            self.said_lang = lang or self.lang
            self.said_count += 1
