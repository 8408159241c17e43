// The teacher screen's voice (kozel_tutor.app.teacher_live.LiveStatus): one polite status
// region, never redrawn, whose line is Python's latest words ("said", a new "count" each time);
// empty words take the line away, saying nothing. And Escape for the screen's question:
// pressed inside an element matching "escape_from", it presses the "escape_to" found in it.
// The screen is plain ipywidgets: the keys pressed inside the element matching "keys_of" (the
// whole screen) stay the screen's in JupyterLab, as a widget's do (dom.js: keepKeyFromLab).
function render({ model, el }) {
  const region = liveRegion("kz-live-status", model.get("testid"), 1, "status");
  el.append(region.node);
  const hear = () => {
    if (!model.get("said")) region.node.replaceChildren();
    else region.tell(model.get("count"), () => model.get("said"), model.get("lang"));
  };
  model.on("change:count", hear);
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
  const keys = (e) => {
    const screen = model.get("keys_of");
    if (screen && el.isConnected && e.target instanceof Element && e.target.closest(screen)) {
      keepKeyFromLab(e);
    }
  };
  document.addEventListener("keydown", escape, true);
  document.addEventListener("keydown", keys, true);
  return () => {
    model.off("change:count", hear);
    document.removeEventListener("keydown", escape, true);
    document.removeEventListener("keydown", keys, true);
  };
}
export default { render };
