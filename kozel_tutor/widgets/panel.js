// A screen of the app that is not the table: home, settings, a section's front page.
// Draws Python's view and sends {type: "button", id} and {type: "choose", group, value}.

// The control last pressed on each screen (by the view's testid: a screen shown again, Home
// after a section, is a new view of the same panel), where the focus goes back when it returns.
const lastPressed = new Map();
let panelUid = 0;

export default {
  render({ model, el: host }) {
    const root = el("div", "kz-panel-root");
    // the widget's own box clips what overflows it (Lumino: overflow hidden); a focus ring round
    // a tile at the panel's edge (the puzzles menu: no padding of its own) must stay whole
    host.classList.add("kz-panel-host");
    host.append(root);
    keysStayHere(root);
    const uid = `kz-panel-${panelUid++}`;
    const opened = new Set();   // the option groups whose explanations the learner opened
    // The panel's voice (PanelWidget.say): one polite status region beside the panel, on the
    // page empty and never redrawn; Python's words are read once each (a new said_count).
    const spoken = liveRegion("kz-panel-spoken", "panel-spoken", 1, "status");
    host.append(spoken.node);
    const hear = () => {
      if (!model.get("said")) spoken.node.replaceChildren();
      else spoken.tell(model.get("said_count"), () => model.get("said"), model.get("said_lang") || model.get("lang"));
    };
    // a new language takes the line away, saying nothing (a line left in the other language
    // would be found there by a screen reader's reading keys)
    const hush = () => spoken.node.replaceChildren();

    function button(spec, cls) {
      const b = el("button", `kz-btn ${cls || ""}` + (spec.primary ? " kz-primary" : ""));
      b.type = "button";
      b.dataset.testid = spec.testid;
      b.dataset.id = spec.id;
      if (spec.lang) b.lang = spec.lang;
      if (spec.icon) {
        const icon = el("span", "kz-tile-icon", spec.icon);
        icon.setAttribute("aria-hidden", "true");   // a picture: its words are the label's
        b.append(icon);
      }
      // an arrow drawn before or after the words («← Домой», "Next →") is a picture too: shown,
      // not read out ("left arrow Home")
      const words = arrowed(spec.label);
      if (words.before) b.append(glyph(words.before + " "));
      const label = el("span", "kz-btn-label", words.text);
      b.append(label);
      if (words.after) b.append(glyph(" " + words.after));
      if (spec.name) b.setAttribute("aria-label", spec.name);
      if (spec.title) {
        // the line just said by the panel's voice (a search's result on its own tile, which
        // keeps the focus as the panel is drawn again) is shown, but does not describe the
        // tile too: it would be said twice
        const said = cls === "kz-tile" && model.get("said_count") > 0 && spec.title === model.get("said");
        if (!said) b.title = spec.title;
        if (cls === "kz-tile") {
          // a tile is named by its label and described by its line of explanation
          const hint = el("span", "kz-tile-hint", spec.title);
          hint.id = `${uid}-${spec.testid}-hint`;
          label.id = `${uid}-${spec.testid}-label`;
          if (!spec.name) b.setAttribute("aria-labelledby", label.id);
          if (!said) b.setAttribute("aria-describedby", hint.id);
          b.append(hint);
        }
      }
      if (spec.disabled) b.disabled = true;
      b.addEventListener("click", () => {
        busy(b, spec.name || words.text);
        lastPressed.set(model.get("view").testid || "", spec.testid);
        model.send({ type: "button", id: spec.id });
      });
      return b;
    }

    // An option group is one radio group: one Tab stop (the chosen option), the arrow keys
    // (and Home, End) move the choice, which Python makes; the focus goes with it.
    function optionGroup(group) {
      const box = el("div", "kz-group");
      box.setAttribute("role", "radiogroup");
      const head = el("div", "kz-group-head");
      const label = el("span", "kz-group-label", group.label);
      label.id = `${uid}-${group.id}-label`;
      box.setAttribute("aria-labelledby", label.id);
      head.append(label);
      box.append(head);
      const row = el("div", "kz-group-options");
      const options = [];
      const notes = el("dl", "kz-group-notes");
      notes.id = `${uid}-${group.id}-notes`;
      for (const opt of group.options) {
        const b = el("button", "kz-opt", opt.label);
        b.type = "button";
        b.setAttribute("role", "radio");
        const checked = opt.value === group.value;
        b.setAttribute("aria-checked", String(checked));
        b.tabIndex = checked ? 0 : -1;
        b.dataset.testid = opt.testid || `${group.id}-${opt.value}`;
        if (opt.hint) {
          // the meaning of an option: a tooltip for the mouse, its description for a screen
          // reader, and written out below for the keyboard and touch (details, opened at will)
          b.title = opt.hint;
          const note = el("dd", "", opt.hint);
          note.id = `${uid}-${b.dataset.testid}-note`;
          b.setAttribute("aria-describedby", note.id);
          notes.append(el("dt", "", opt.label), note);
        }
        b.addEventListener("click", () => choose(group, opt.value));
        row.append(b);
        options.push(b);
      }
      row.addEventListener("keydown", (e) => moveChoice(e, group, options));
      box.append(row);
      if (group.hint) {
        const hint = el("p", "kz-group-hint", group.hint);
        hint.dataset.testid = `${group.id}-summary`;
        box.append(hint);
      }
      if (notes.childElementCount) {
        head.append(explainButton(group, notes));
        box.append(notes);
      }
      return box;
    }

    function choose(group, value) {
      if (value !== group.value) model.send({ type: "choose", group: group.id, value });
    }

    function moveChoice(e, group, options) {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const at = options.indexOf(document.activeElement);
      if (at < 0) return;
      const last = options.length - 1;
      const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: last }[e.key];
      if (to === undefined) return;
      consumeKey(e);
      const index = (to + options.length) % options.length;
      options[index].focus();
      choose(group, group.options[index].value);
    }

    // "?" beside the group's name: shows (and hides) what each option means, written out under
    // the group; it takes no room until asked.  Named with its group («Что значит каждый
    // вариант: Колода»): each "?" of the screen has a name of its own.
    function explainButton(group, notes) {
      const b = el("button", "kz-group-more");
      b.type = "button";
      b.dataset.testid = `${group.id}-explained`;
      const name = names().options_explained ? `${names().options_explained}: ${group.label}` : group.label;
      b.setAttribute("aria-label", name);
      b.title = name;
      b.setAttribute("aria-controls", notes.id);
      const icon = el("span", "", "?");
      icon.setAttribute("aria-hidden", "true");
      b.append(icon);
      const show = (open) => {
        notes.hidden = !open;
        b.setAttribute("aria-expanded", String(open));
        if (open) opened.add(group.id); else opened.delete(group.id);
      };
      show(opened.has(group.id));
      b.addEventListener("click", () => show(notes.hidden));
      return b;
    }

    const names = () => model.get("names") || {};

    // Until Python answers (a new view, or this screen replaced by another) the pressed
    // button says it is working; the spinner shows only after 0.3 s (see panel.css).
    // After WAIT_SAID ms without an answer (a section's first opening on a busy machine) the
    // panel's voice says that the press is being worked on: aria-busy alone says nothing.
    let idle = null;
    let slow = null;
    let shownError = null;
    const WAIT_SAID = 1000;
    function busy(b, name) {
      b.classList.add("kz-busy");
      b.setAttribute("aria-busy", "true");
      root.classList.add("kz-waiting");
      clearTimeout(idle);
      clearTimeout(slow);
      idle = setTimeout(() => draw(), 15000);   // never stuck, whatever happened
      const waiting = model.get("waiting");
      if (waiting) {
        slow = setTimeout(() => {
          if (root.classList.contains("kz-waiting")) spoken.say(waiting.replace("{label}", name), model.get("lang"));
        }, WAIT_SAID);
      }
    }

    // After a redraw the focus stays on its control (an option chosen, the language switched),
    // else goes to the screen's heading.
    const FALLBACK = [".kz-panel-h1"];

    function draw() {
      const view = model.get("view");
      const focused = focusBefore(root);
      clearTimeout(idle);
      clearTimeout(slow);
      root.classList.remove("kz-waiting");
      root.replaceChildren();
      root.lang = model.get("lang");
      pageLang(model.get("lang"));
      if (view.testid) root.dataset.testid = view.testid;
      const head = el("div", "kz-panel-head");
      const titles = el("div", "kz-panel-titles");
      const h1 = el("h1", "kz-panel-h1", view.title);
      h1.tabIndex = -1;   // where the focus goes on a new screen: a screen reader reads its name
      titles.append(h1);
      if (view.subtitle) titles.append(el("p", "kz-panel-sub", view.subtitle));
      const tools = el("div", "kz-panel-tools");
      for (const b of view.toolbar || []) tools.append(button(b, "kz-tool"));
      head.append(titles, tools);
      root.append(head);
      if (view.error) {
        const err = el("div", "kz-panel-error", view.error);
        err.dataset.testid = "error";
        err.setAttribute("role", "alert");
        root.append(err);
        // a new error is brought into sight (a file chosen at the foot of a long page)
        if (view.error !== shownError) requestAnimationFrame(() => err.scrollIntoView({ block: "nearest" }));
      }
      shownError = view.error || null;
      for (const line of view.lines || []) root.append(el("p", "kz-panel-text", line));
      if ((view.tiles || []).length) {
        const tiles = el("div", "kz-tiles");
        for (const t of view.tiles) tiles.append(button(t, "kz-tile"));
        root.append(tiles);
      }
      const groups = el("div", "kz-groups");
      for (const group of view.groups || []) groups.append(optionGroup(group));
      if (groups.childElementCount) root.append(groups);
      if (view.table) {
        const table = el("table", "kz-grid");
        if (view.table.testid) table.dataset.testid = view.table.testid;
        if (view.table.head.length) {
          const tr = el("tr");
          for (const c of view.table.head) tr.append(el("th", "", typeof c === "string" ? c : c.text || ""));
          const head = el("thead");
          head.append(tr);
          table.append(head);
        }
        const body = el("tbody");
        for (const row of view.table.rows) {
          const tr = el("tr");
          for (const c of row.cells) {
            const td = el("td");
            if (typeof c === "string") td.textContent = c;
            else {
              if (c.card) td.insertAdjacentHTML("beforeend", `<span class="kz-card kz-mini" data-card="${c.card}">${cardSVG(c.card, { fourColour: model.get("four_colour"), names: (model.get("names") || {}).cards })}</span>`);
              if (c.text) td.append(el(c.strong ? "strong" : "span", "", c.text));
            }
            tr.append(td);
          }
          body.append(tr);
        }
        table.append(body);
        root.append(table);
      }
      const buttons = el("div", "kz-panel-actions");
      for (const b of view.buttons) buttons.append(button(b, "kz-action"));
      root.append(buttons);
      restoreFocus(root, focused, FALLBACK);
    }

    const redraw = whenReleased(root, draw);
    model.on("change:view", redraw);
    model.on("change:lang", hush);
    model.on("change:lang", redraw);
    model.on("change:names", redraw);
    model.on("change:said_count", hear);
    draw();
    // A screen shown again gives the focus back to the control that left it (Home: the tile of
    // the section), or the one Python names (return_to: the lessons' tile of the lesson just
    // left, which may be another than the tile pressed); a new one to its heading.  Weakly: a
    // puzzle or lesson arriving with its bar takes it over.
    const returnTo = () => model.get("return_to") || lastPressed.get(model.get("view").testid || "") || null;
    focusOnArrival(root, FALLBACK, { weak: true, testid: returnTo });
    // A pre-started kernel built this screen before the page opened: ask for fresh data, and
    // pass on the page's query string (a teacher's link carries a puzzle set in it) and the
    // browser's languages (the first visit speaks the learner's language).
    const langs = Array.from(navigator.languages || [navigator.language || ""]).slice(0, 20);
    model.send({ type: "hello", query: window.location.search || "", langs });
    return () => {
      clearTimeout(idle);
      clearTimeout(slow);
      model.off("change:view", draw);
      model.off("change:lang", hush);
      model.off("change:lang", draw);
      model.off("change:names", draw);
      model.off("change:said_count", hear);
    };
  },
};

// A label's arrow drawn before or after its words («← Домой», "Next →", "⬇ Results"): the
// words and the arrow apart, the arrow to be shown but not read out.
const ARROW_BEFORE = /^([\u2190-\u21FF\u27A1\u2B05-\u2B07]+)\s+(\S[\s\S]*)$/;
const ARROW_AFTER = /^([\s\S]*\S)\s+([\u2190-\u21FF\u27A1\u2B05-\u2B07]+)$/;

function arrowed(label) {
  let text = label;
  let before = "";
  let after = "";
  let m = ARROW_BEFORE.exec(text);
  if (m) [, before, text] = m;
  m = ARROW_AFTER.exec(text);
  if (m) [, text, after] = m;
  return { before, text, after };
}

function glyph(text) {
  const node = el("span", "kz-btn-glyph", text);
  node.setAttribute("aria-hidden", "true");
  return node;
}
