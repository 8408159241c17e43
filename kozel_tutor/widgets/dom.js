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

// A key the widget acts on stops here: no default action, and the page around the widget never
// sees it (JupyterLab's command-mode shortcuts: "r" would turn the cell into a raw cell).
function consumeKey(e) {
  e.preventDefault();
  e.stopPropagation();
}

// Where the focus is before a redraw: inside the widget or not, on its root or not, and the
// data-testid of the focused control (null for the root itself or an element without one).
function focusBefore(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return { inside: false, testid: null, root: false };
  return { inside: true, root: active === root, testid: (active !== root && active.dataset && active.dataset.testid) || null };
}

function usable(node) {
  return !!node && !node.disabled && node.getAttribute("aria-disabled") !== "true";
}

// After a redraw, if the widget had the focus: back to the same control (same data-testid) when it
// is still there and enabled, else to the first enabled element matched by the selectors, tried
// in order (each selector's matches in page order), else to the root if it can take the focus.
// Never scrolls. Returns the element focused, or null.
function restoreFocus(root, before, fallbacks = []) {
  if (!before || !before.inside) return null;
  if (before.root) {
    root.focus({ preventScroll: true });
    return root;
  }
  let target = null;
  if (before.testid) {
    target = Array.from(root.querySelectorAll("[data-testid]")).find((n) => n.dataset.testid === before.testid) || null;
    if (!usable(target)) target = null;
  }
  for (const selector of fallbacks) {
    if (target) break;
    target = Array.from(root.querySelectorAll(selector)).find(usable) || null;
  }
  if (!target && root.hasAttribute("tabindex")) target = root;
  if (target && document.activeElement !== target) target.focus({ preventScroll: true });
  return target;
}

// A widget that appears while nothing has the focus (in the app, the button that opened it has
// gone) takes it, so that its keys work at once; never when the focus is elsewhere (a notebook
// cell being edited, another widget). Once the widget is on the page, after its first draw.
function focusOnArrival(root, fallbacks = []) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!root.isConnected || (active && active !== document.body)) return;
    restoreFocus(root, { inside: true, root: false, testid: null }, fallbacks);
  });
}
