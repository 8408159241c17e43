// Small DOM helpers shared by every widget (inlined after the card art, before the widget).

// Seats in the order the small tables of lessons and puzzles lay them out.
const SEAT_ORDER = ["N", "W", "E", "S"];

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

// A widget's one live region (role=log, polite), through which Python's words reach a screen
// reader. Put it on the page once, empty, beside what is redrawn, and never redraw it: a region
// drawn already filled is often not read. say(text, lang) adds a line (marked with its
// language when given) and keeps the last `keep` lines for a look back. tell(count, words,
// lang) says Python's news once each (a new count): until the empty region has been on the page
// a moment, the latest waits; `words()` gives its text as it is said (it may depend on where
// the focus is by then), or the lines to say then, in order, each {text, lang}. `role`: log
// (lines that add up) or status (one line at a time).
function liveRegion(className, testid, keep, role = "log") {
  const node = el("div", `${className} kz-sr-only`);
  node.dataset.testid = testid;
  node.setAttribute("role", role);
  node.setAttribute("aria-live", "polite");
  const say = (text, lang) => {
    if (!text) return;
    const line = el("p", "", text);
    if (lang) line.lang = lang;
    node.append(line);
    while (node.childElementCount > keep) node.firstElementChild.remove();
  };
  const sayAll = (words, lang) => {
    for (const line of Array.isArray(words) ? words : [{ text: words, lang }]) say(line.text, line.lang);
  };
  let told = null;
  let waiting = null;
  let ready = false;
  setTimeout(() => {
    ready = true;
    if (waiting) sayAll(waiting.words(), waiting.lang);
    waiting = null;
  }, 300);
  const tell = (count, words, lang) => {
    if (count === told) return;
    told = count;
    if (ready) sayAll(words(), lang);
    else waiting = { words, lang };
  };
  return { node, say, tell };
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

// The button to the other language: it says its name in that language ("English" is said in
// English) and sends {type: "lang", lang} with it.
function langButton(view, testid, send) {
  const to = otherLang(view.lang);
  const b = button(view.labels.lang, testid, () => send({ type: "lang", lang: to }));
  b.lang = to;
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
  return { inside: true, root: active === root, testid: (active !== root && active.dataset && active.dataset.testid) || null,
           weak: !!(active.dataset && active.dataset.kzArrival === "weak") };
}

// A focus a panel took as it arrived (its heading): another widget arriving may take it over.
function markWeak(node) {
  node.dataset.kzArrival = "weak";
  node.addEventListener("blur", () => { delete node.dataset.kzArrival; }, { once: true });
}

// Whether the focus can go to node: on the page, enabled, not in an inert part (behind a modal
// panel) and focusable (a control, or an element with a tabindex: a card button, a heading).
// `reached`: a control said to be unavailable (aria-disabled) counts too: one the focus was on
// (a card of the hand that cannot be played now, reached by the arrow keys) keeps it.
function usable(node, reached = false) {
  return !!node && node.isConnected && !node.disabled && (reached || node.getAttribute("aria-disabled") !== "true")
    && (node.tabIndex >= 0 || node.hasAttribute("tabindex")) && !node.closest("[inert]");
}

// Bring a control that has just been given the focus into the window, scrolling as little as
// possible (a card below a short window, at 150% zoom); nothing moves when it is in sight.
function reveal(node) {
  const box = node.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) {
    node.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

// How the learner last moved about the page: "pointer" (a mouse, a finger, a pen), "keys" (Tab,
// the arrows, Enter, Space, Escape, a digit) or null before either.  One record for the page,
// kept from the first widget's load on (each widget's module has its own copy of these helpers).
// A shortcut (H: a hint) is not a move: it leaves the record as it was.
const MOVING_KEYS = /^(Tab|Enter| |Escape|Arrow(Left|Right|Up|Down)|Home|End|PageUp|PageDown|[0-9])$/;

function lastInput() {
  if (!window.kzLastInput) {
    const record = { by: null };
    window.kzLastInput = record;
    document.addEventListener("pointerdown", () => { record.by = "pointer"; }, true);
    document.addEventListener("keydown", (e) => {
      if (!e.ctrlKey && !e.metaKey && !e.altKey && MOVING_KEYS.test(e.key)) record.by = "keys";
    }, true);
  }
  return window.kzLastInput.by;
}
lastInput();

// Give node the focus from a script, without scrolling.  Its focus ring shows when the learner
// moves by the keys, not after a click (the card a lesson's step starts on would look chosen);
// ring is false for a container that only keeps the keys in the widget (a lesson's root).
function focusQuietly(node, ring = true) {
  const by = lastInput();
  if (!ring || by === "pointer") node.focus({ preventScroll: true, focusVisible: false });
  else if (by === "keys") node.focus({ preventScroll: true, focusVisible: true });
  else node.focus({ preventScroll: true });   // no input yet: the browser decides
}

// Focus node; false when it could not take the focus (hidden, or not focusable after all).
function focusOn(node, ring = true) {
  if (document.activeElement !== node) focusQuietly(node, ring);
  return document.activeElement === node;
}

// After a redraw, if the widget had the focus: back to the same control (same data-testid) when it
// is still there and can take the focus, else to the first such element matched by the
// selectors, tried in order (each selector's matches in page order), else to the root if it can
// take the focus.  The same control keeps the page where it is (a redraw never scrolls); focus
// that moves to another control brings it into the window.  Returns the element focused, or null.
function restoreFocus(root, before, fallbacks = []) {
  if (!before || !before.inside) return null;
  // the root itself is a control only when it takes the Tab (the card table: its keys)
  const rootRing = root.tabIndex >= 0;
  if (before.root) {
    focusOn(root, rootRing);
    return root;
  }
  // looked up one selector at a time, until a usable one is found (the table redraws at each key);
  // each with whether it is the control that had the focus
  function* candidates() {
    if (before.testid) {
      for (const n of root.querySelectorAll("[data-testid]")) if (n.dataset.testid === before.testid) yield [n, true];
    }
    for (const selector of fallbacks) for (const n of root.querySelectorAll(selector)) yield [n, false];
    if (root.hasAttribute("tabindex")) yield [root, false];
  }
  for (const [node, same] of candidates()) {
    if ((node !== root && !usable(node, same)) || !focusOn(node, node !== root || rootRing)) continue;
    if (node !== root && (!before.testid || node.dataset.testid !== before.testid)) reveal(node);
    if (before.weak) markWeak(node);
    return node;
  }
  return null;
}

// A widget that appears while nothing has the focus (in the app, the button that opened it has
// gone) takes it, so that its keys work at once; never when the focus is elsewhere (a notebook
// cell being edited, another widget). Once the widget is on the page, after its first draw.
// opts.testid: the control to prefer (a function, asked then); opts.weak: a screen's panel,
// whose arrival focus (its heading) a widget arriving with it (a puzzle, a lesson) takes over.
function focusOnArrival(root, fallbacks = [], opts = {}) {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (!root.isConnected) return;
    const free = !active || active === document.body
      || (!opts.weak && !root.contains(active) && active.dataset && active.dataset.kzArrival === "weak");
    if (!free) return;
    const testid = typeof opts.testid === "function" ? opts.testid() : opts.testid || null;
    restoreFocus(root, { inside: true, root: false, testid, weak: !!opts.weak }, fallbacks);
  });
}

// The page speaks the language of the widget drawn last (<html lang>, for screen readers).
function pageLang(lang) {
  if (lang && document.documentElement.lang !== lang) document.documentElement.lang = lang;
}

// The other language of the app's two (a language button says its own name in it: lang="en").
function otherLang(lang) {
  return lang === "ru" ? "en" : "ru";
}

// Tab and Shift+Tab go round the focusable controls of box (a modal panel) and never leave it.
function trapTab(e, box) {
  if (e.key !== "Tab" || e.ctrlKey || e.metaKey || e.altKey) return false;
  const items = Array.from(box.querySelectorAll("button, [href], input, select, textarea, [tabindex]"))
    .filter((n) => usable(n) && n.tabIndex >= 0 && n.getClientRects().length);
  if (!items.length) return false;
  const at = items.indexOf(document.activeElement);
  const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at < 0 || at === items.length - 1 ? 0 : at + 1);
  items[next].focus();
  consumeKey(e);
  return true;
}

// ---- a hand of cards to play from, for the keyboard (the table's, a puzzle's, a lesson's) ----
// The arrow keys go over every card of the hand in order, those that cannot be played now too;
// Tab stops, as before, at the cards that can be.

// Where ← → (and Home, End) go in a row of n cards from the one at `at` (-1: none yet): the
// next or the previous one, round from the last to the first, the first or the last; null
// for any other key (and with Ctrl, Alt or Cmd: the browser's, the screen reader's).
function rowStep(e, at, n) {
  if (!n || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === "Home") return 0;
  if (e.key === "End") return n - 1;
  const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
  if (!step) return null;
  return at < 0 ? (step > 0 ? 0 : n - 1) : (at + step + n) % n;
}

// A card of the hand that cannot be played now says so (a screen reader: "unavailable"), and
// why when the screen says why (the id of those words).
function notPlayable(card, reasonId = null) {
  card.setAttribute("aria-disabled", "true");
  if (reasonId) card.setAttribute("aria-describedby", reasonId);
}

// A card of a hand as a button named by the card (a puzzle's, a lesson's): `play` plays it, on a
// click, Enter or Space.  Without it (it cannot be played now) the arrow keys still reach it, it
// says so, and Enter and Space on it do nothing.
function handCard(card, name, play) {
  card.setAttribute("role", "button");
  card.setAttribute("aria-label", name);
  card.tabIndex = play ? 0 : -1;
  if (play) card.addEventListener("click", play);
  else notPlayable(card);
  card.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    consumeKey(e);
    if (play) play();
  });
}

// The arrow keys over a hand of handCard()s: the focus goes from card to card (rowStep).
function handKeys(hand) {
  hand.addEventListener("keydown", (e) => {
    const cards = Array.from(hand.querySelectorAll(".kz-card[role=button]"));
    const at = cards.indexOf(document.activeElement);
    const to = at < 0 ? null : rowStep(e, at, cards.length);
    if (to === null) return;
    consumeKey(e);
    focusOn(cards[to]);
    reveal(cards[to]);
  });
}

// In JupyterLab a key pressed in a widget is also offered to the notebook's command-mode
// shortcuts (↓ to the next cell, "a" to add one, "m" to make it Markdown). Lab matches them
// from the focused element up and skips one marked data-lm-suppress-shortcuts (a mark on the
// root would come too late: the focused element itself matches ":focus"). So each key marks,
// or unmarks, its own target before Lab sees it: a key without Ctrl, Alt or Cmd is the
// widget's (or the browser's: a list's ↓); with one of them, and Shift+Enter, still Lab's
// (Ctrl+S saves the notebook, Shift+Enter runs the cell). Outside Lab the mark means nothing.
function keepKeyFromLab(e) {
  if (!(e.target instanceof Element)) return;
  const lab = e.ctrlKey || e.altKey || e.metaKey || (e.shiftKey && e.key === "Enter");
  e.target.toggleAttribute("data-lm-suppress-shortcuts", !lab);
}

function keysStayHere(root) {
  root.addEventListener("keydown", keepKeyFromLab, true);
}

// A redraw between a press and its release would put a new node under the pointer, and the
// browser would send no click (the press and the release fell on two nodes): the card or
// button pressed would do nothing. whenReleased(root, draw) gives the function to call for
// Python's changes: it draws at once, except while a pointer pressed inside root is down; then
// once, after the release (anywhere on the page) and its click, or three seconds after the
// press should no release come. The page is listened to only while a press lasts.
function whenReleased(root, draw) {
  let down = false;
  let waiting = false;
  let guard = null;
  const release = () => {
    if (!down) return;
    down = false;
    clearTimeout(guard);
    window.removeEventListener("pointerup", release, true);
    window.removeEventListener("pointercancel", release, true);
    if (waiting) {
      waiting = false;
      setTimeout(draw, 0);   // after the click, which the browser sends after this event
    }
  };
  root.addEventListener("pointerdown", () => {
    if (down) return;
    down = true;
    guard = setTimeout(release, 3000);
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
  });
  return () => {
    if (down) waiting = true;
    else draw();
  };
}
