// Python's HTML in a screen of plain ipywidgets (steady_html.py): drawn as ipywidgets' HTML
// widget draws it (the same classes, so the screens' sheets style it alike), except that a
// change from Python waits while a pointer pressed inside it is down (whenReleased): a link
// drawn anew under a press would lose its click.  Drawn anew, it keeps what the learner did to
// the old one: the parts opened (details, by data-testid) stay open, and the focus on a part
// with a data-testid (or on the summary of one) moves to the new one of that name; else it
// would fall to the page, and Enter would do nothing.
function render({ model, el: root }) {
  root.classList.add("widget-inline-hbox", "widget-html");
  const content = el("div", "widget-html-content");
  root.append(content);
  const named = (testid) => content.querySelector(`[data-testid="${CSS.escape(testid)}"]`);
  const focused = () => {
    const active = document.activeElement;
    if (!active || !content.contains(active)) return null;
    const summary = active.tagName === "SUMMARY" && active.parentElement.tagName === "DETAILS";
    const owner = summary ? active.parentElement : active;
    return owner.dataset.testid ? { testid: owner.dataset.testid, summary } : null;
  };
  const draw = () => {
    const opened = [...content.querySelectorAll("details[open][data-testid]")].map((d) => d.dataset.testid);
    const focus = focused();
    content.innerHTML = model.get("value");
    for (const testid of opened) {
      const again = named(testid);
      if (again instanceof HTMLDetailsElement) again.open = true;
    }
    const owner = focus && named(focus.testid);
    const again = owner && (focus.summary ? owner.querySelector(":scope > summary") : owner);
    if (again) again.focus({ preventScroll: true });
  };
  const redraw = whenReleased(root, draw);
  draw();
  model.on("change:value", redraw);
  return () => model.off("change:value", redraw);
}
export default { render };
