"""The teacher screen's voice for a screen reader, and Escape for its question.

Plain ipywidgets draw an HTML widget anew at every change, and a live region drawn already
filled is often not read.  :class:`LiveStatus` puts one polite status region on the page, empty,
and never redraws it: :meth:`LiveStatus.say` puts a line in it (marked with its language),
which a screen reader reads out – what was added to the set, why a position was not, what
the files loaded came to.  When the screen's language changes, nothing is said and the line
is taken away (:meth:`LiveStatus.clear`).

The same small script answers Escape: pressed inside an element matching ``escape_from`` (the
question before the set is cleared), it presses the button ``escape_to`` in it (*Cancel*).
And in JupyterLab a key pressed inside ``keys_of`` (the whole screen: plain ipywidgets, with no
script of their own) stays the screen's, not a shortcut of the notebook's, as a widget's does.

>>> live = LiveStatus()
>>> live.say("Добавлено задач: 10.", "ru")
>>> live.said, live.lang, live.count
('Добавлено задач: 10.', 'ru', 1)
"""

from __future__ import annotations

import anywidget
import traitlets

from ..widgets._assets import asset, esm

__all__ = ["LiveStatus"]

class LiveStatus(anywidget.AnyWidget):
    """A polite live region: :meth:`say` reads a line out.  ``escape_from`` and ``escape_to``
    (CSS selectors): Escape pressed inside the first presses the second, found in it.
    ``keys_of`` (a CSS selector): the keys pressed inside it are kept from JupyterLab's
    shortcuts."""

    _esm = esm("live_status.js")
    _css = asset("cards.css")   # its kz-sr-only: read out, not shown

    said = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("ru").tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)
    testid = traitlets.Unicode("live-status").tag(sync=True)
    escape_from = traitlets.Unicode("").tag(sync=True)
    escape_to = traitlets.Unicode("").tag(sync=True)
    keys_of = traitlets.Unicode("").tag(sync=True)

    def say(self, text: str, lang: str) -> None:
        """Read ``text`` (in ``lang``) out; the same words again are read again."""
        with self.hold_sync():
            self.said = text
            self.lang = lang
            self.count += 1

    def clear(self) -> None:
        """Empty the region, saying nothing (the screen changed its language: a line left in
        the other one would be found there)."""
        if self.said:
            self.say("", self.lang)
