"""The teacher screen's voice for a screen reader, and Escape for its question.

Plain ipywidgets draw an HTML widget anew at every change, and a live region drawn already
filled is often not read.  :class:`LiveStatus` puts one polite status region on the page, empty,
and never redraws it: :meth:`LiveStatus.say` puts a line in it (marked with its language),
which a screen reader reads out – what was added to the set, why a position was not, what
the files loaded came to.  When the screen's language changes, nothing is said and the line
is taken away (:meth:`LiveStatus.clear`).

The same small script answers Escape: pressed inside an element matching ``escape_from`` (the
question before the set is cleared), it presses the button ``escape_to`` in it (*Cancel*).

>>> live = LiveStatus()
>>> live.say("Добавлено задач: 10.", "ru")
>>> live.said, live.lang, live.count
('Добавлено задач: 10.', 'ru', 1)
"""

from __future__ import annotations

import anywidget
import traitlets

__all__ = ["LiveStatus"]

_ESM = """
function render({ model, el }) {
  const node = document.createElement("div");
  node.className = "kz-live-status";
  node.setAttribute("role", "status");
  node.setAttribute("aria-live", "polite");
  node.dataset.testid = model.get("testid");
  el.append(node);
  // the region is on the page, empty, a moment before its first line (else it may go unread)
  let ready = false;
  let waiting = false;
  const say = () => {
    if (!ready) { waiting = true; return; }
    const text = model.get("said");
    node.textContent = "";
    if (!text) return;
    const line = document.createElement("p");
    line.textContent = text;
    line.lang = model.get("lang");
    node.append(line);
  };
  const timer = setTimeout(() => { ready = true; if (waiting) say(); }, 300);
  model.on("change:count", say);
  const escape = (e) => {
    const from = model.get("escape_from");
    if (e.key !== "Escape" || !from || !(e.target instanceof Element)) return;
    const box = e.target.closest(from);
    const to = box && box.querySelector(model.get("escape_to"));
    if (!to || !el.isConnected) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    to.click();
  };
  document.addEventListener("keydown", escape, true);
  return () => {
    clearTimeout(timer);
    model.off("change:count", say);
    document.removeEventListener("keydown", escape, true);
  };
}
export default { render };
"""

_CSS = (".kz-live-status{position:absolute;width:1px;height:1px;margin:-1px;padding:0;"
        "overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}")


class LiveStatus(anywidget.AnyWidget):
    """A polite live region: :meth:`say` reads a line out.  ``escape_from`` and ``escape_to``
    (CSS selectors): Escape pressed inside the first presses the second, found in it."""

    _esm = _ESM
    _css = _CSS

    said = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("ru").tag(sync=True)
    count = traitlets.Int(0).tag(sync=True)
    testid = traitlets.Unicode("live-status").tag(sync=True)
    escape_from = traitlets.Unicode("").tag(sync=True)
    escape_to = traitlets.Unicode("").tag(sync=True)

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
