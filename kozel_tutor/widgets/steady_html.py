"""HTML from Python that is not drawn anew under a pressed pointer.

ipywidgets' ``HTML`` replaces its content at every change.  A change arriving between a press on
a link in it and the release (the teacher's download link, made anew as the title's last key
reaches Python) puts a new link under the pointer: the press and the release fall on two
nodes, and the browser sends no click.  :class:`SteadyHTML` is drawn like ``HTML`` (its classes,
so the screens' sheets style both alike), but a change waits until the pointer pressed inside
it is released and its click is sent (``whenReleased`` in ``dom.js``).  Drawn anew, it keeps
what was done to the old content: a ``<details>`` opened stays open, and the focus on a part
goes to the new part of the same ``data-testid`` (a summary to keep its focus needs one too):
a keyboard user who reached the link as it was made anew presses Enter on the new one, not on
the page.

>>> part = SteadyHTML(value="<p>Скачать</p>")
>>> part.value
'<p>Скачать</p>'
"""

from __future__ import annotations

import anywidget
import traitlets

from ._assets import esm

__all__ = ["SteadyHTML"]


class SteadyHTML(anywidget.AnyWidget):
    """An HTML part of a screen: ``value`` is its HTML, as in ``ipywidgets.HTML``."""

    _esm = esm("steady_html.js")

    value = traitlets.Unicode("").tag(sync=True)
