"""A panel of text, option groups, a table and buttons: home screen, settings, sections.

Like the table it is drawn from a checked JSON :attr:`PanelWidget.view`; it sends ``button`` and
``choose`` commands, checked against the view on screen.

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

    @staticmethod
    def check_view(view: object) -> dict[str, Any]:
        return check_panel_view(view)
