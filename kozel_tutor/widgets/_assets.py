"""The widgets' JavaScript and CSS, read from the files shipped beside this module.

The card art lives in one place, ``cards.js`` (+ ``cards.css``).  Every widget that draws cards
gets it inlined in front of its own module, so ``table.js`` (and a lesson or puzzle widget later)
calls ``cardSVG`` without a loader: the assembled text is one ES module whose default export is
the widget and whose named exports are the card helpers.

>>> "export function cardSVG" in esm("table.js")
True
"""

from __future__ import annotations

from functools import cache
from importlib import resources

__all__ = ["asset", "css", "esm"]

CARD_ART_JS = "cards.js"
DOM_JS = "dom.js"
CARD_ART_CSS = "cards.css"


@cache
def asset(name: str) -> str:
    """The text of one file shipped in ``kozel_tutor/widgets``."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def esm(widget_js: str) -> str:
    """The card art and the DOM helpers followed by the widget's own module: one ES module for
    ``_esm``."""
    return (f"{asset(CARD_ART_JS)}\n\n// ---- {DOM_JS} ----\n{asset(DOM_JS)}"
            f"\n\n// ---- {widget_js} ----\n{asset(widget_js)}")


def css(widget_css: str) -> str:
    """The card styles followed by the widget's own styles, for ``_css``."""
    return f"{asset(CARD_ART_CSS)}\n\n/* ---- {widget_css} ---- */\n{asset(widget_css)}"
