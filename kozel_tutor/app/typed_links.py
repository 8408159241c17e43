"""Links made with what a text box said: the click waits for the one made with what it says.

A text box that reaches Python at every key (the teacher's set title, the student's name) has
links made from it: a file named after it, a link carrying it.  A link clicked as the last key
is still on its way to Python was made with the text before it.  Such a link carries the text
it was made with (``data-<attr>``); :func:`wait_for_typed` is its click script: when the box
says otherwise, the click waits for the link's successor (the same ``data-testid``) made with
what the box says, and clicks that one, or after 3 s the newest there is.  The part holding the
links must not be drawn anew under a press (:class:`~kozel_tutor.widgets.SteadyHTML`), or the
click itself would be lost.

>>> script = wait_for_typed(".kz-puzzles-results", ".kz-puzzles-name input", "name")
>>> "this.dataset.name" in script and "closest('.kz-puzzles-results')" in script
True
"""

from __future__ import annotations

import re

__all__ = ["wait_for_typed"]

_NAME = re.compile(r"[a-z]+")


def wait_for_typed(part: str, box: str, attr: str) -> str:
    """The click script of a link inside ``part`` made with the text of ``box`` (CSS selectors,
    ``box`` found inside ``part``), which it carries as ``data-<attr>`` (lower-case letters)."""
    if not _NAME.fullmatch(attr) or "'" in part + box:
        raise ValueError(f"not a plain selector or attribute name: {part!r} {box!r} {attr!r}")
    return (f"const root=this.closest('{part}');"
            f"const box=root&&root.querySelector('{box}');"
            f"if(box&&box.value!==this.dataset.{attr}){{event.preventDefault();"
            "const me=this,id=this.dataset.testid;let n=0;const t=setInterval(()=>{"
            "const all=[...root.querySelectorAll('[data-testid='+id+']')];"
            f"const f=all.find(e=>e.dataset.{attr}===box.value);"
            "if(f||++n>100){clearInterval(t);const go=f||all.pop()||me;"
            f"go.dataset.{attr}=box.value;go.click();}}}},30);return false;}}")
