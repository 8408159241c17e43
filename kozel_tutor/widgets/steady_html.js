// Python's HTML in a screen of plain ipywidgets (steady_html.py): drawn as ipywidgets' HTML
// widget draws it (the same classes, so the screens' sheets style it alike), except that a
// change from Python waits while a pointer pressed inside it is down (whenReleased): a link
// drawn anew under a press would lose its click.
function render({ model, el: root }) {
  root.classList.add("widget-inline-hbox", "widget-html");
  const content = el("div", "widget-html-content");
  root.append(content);
  const draw = () => { content.innerHTML = model.get("value"); };
  const redraw = whenReleased(root, draw);
  draw();
  model.on("change:value", redraw);
  return () => model.off("change:value", redraw);
}
export default { render };
