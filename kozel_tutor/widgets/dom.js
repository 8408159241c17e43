// Small DOM helpers shared by every widget (inlined after the card art, before the widget).

// Seats in the order the small tables of lessons and puzzles lay them out.
const SEAT_ORDER = ["N", "W", "E", "S"];

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// A button that calls onClick; opts: primary, disabled, key (its keyboard shortcut).
function button(label, testid, onClick, opts = {}) {
  const b = el("button", "kz-btn" + (opts.primary ? " kz-primary" : ""), label);
  b.type = "button";
  b.dataset.testid = testid;
  if (opts.disabled) b.disabled = true;
  if (opts.key) b.setAttribute("aria-keyshortcuts", opts.key);
  b.addEventListener("click", (e) => { e.stopPropagation(); onClick(); });
  return b;
}
