// Python's HTML in a screen of plain ipywidgets (steady_html.py): drawn as ipywidgets' HTML
// widget draws it (the same classes, so the screens' sheets style it alike), except that a
// change from Python waits while a pointer pressed inside it is down (whenReleased): a link
// drawn anew under a press would lose its click.  Drawn anew, it keeps what the learner did to
// the old one: the parts opened (details, by data-testid) stay open, and the focus on a part
// with a data-testid goes to the new one of that name (restoreFocus); else it would fall to
// the page, and Enter would do nothing.
function render({ model, el: root }) {
  root.classList.add("widget-inline-hbox", "widget-html");
  const content = el("div", "widget-html-content");
  root.append(content);
  const draw = () => {
    const opened = new Set([...content.querySelectorAll("details[open][data-testid]")].map((d) => d.dataset.testid));
    const focused = focusBefore(content);
    content.innerHTML = model.get("value");
    for (const part of content.querySelectorAll("details[data-testid]")) {
      if (opened.has(part.dataset.testid)) part.open = true;
    }
    restoreFocus(content, focused);
  };
  const redraw = whenReleased(root, draw);
  draw();
  model.on("change:value", redraw);
  return () => model.off("change:value", redraw);
}
export default { render };
