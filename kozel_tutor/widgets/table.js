// The card table. Draws Python's view (model "view") and sends commands back:
// {type: "play", card}, {type: "call", suit}, {type: "button", id}. No game logic here.

const SEATS = ["N", "E", "S", "W"];

// Toolbar icons by name (the only words-free UI the browser holds).
const ICONS = {
  menu: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>',
  "sound-on": '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3 8h3l4-3.5v11L6 12H3z" fill="currentColor"/><path d="M13 7.2a4 4 0 0 1 0 5.6M15.2 5a7 7 0 0 1 0 10" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round"/></svg>',
  "sound-off": '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3 8h3l4-3.5v11L6 12H3z" fill="currentColor"/><path d="M13 7.5l5 5M18 7.5l-5 5" stroke="currentColor" stroke-width="1.7" stroke-linecap="round"/></svg>',
  "last-trick": '<svg viewBox="0 0 20 20" aria-hidden="true"><rect x="2.5" y="5.5" width="8.5" height="12" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.6" transform="rotate(-10 6.7 11.5)"/><rect x="9" y="3" width="8.5" height="12" rx="1.5" fill="currentColor" transform="rotate(8 13.2 9)"/></svg>',
};

const h = el;

// A result's panels (a deal's, the match's: kozel_tutor.app.table_access.RESULT_PANELS) and
// those whose words the live region reads out as they open: a result's and what happened
// before the deal (SPOKEN_PANELS).
const RESULTS = ["summary", "results"];
const READ_OUT = [...RESULTS, "predeal"];
let tableUid = 0;

function buttonEl(spec, onClick) {
  const b = h("button", "kz-btn" + (spec.primary ? " kz-primary" : ""));
  b.type = "button";
  b.dataset.testid = spec.testid;
  b.dataset.id = spec.id;
  if (spec.icon) {
    const icon = h("span", "kz-icon");
    if (ICONS[spec.icon]) icon.innerHTML = ICONS[spec.icon];
    else icon.textContent = spec.icon;
    b.append(icon);
    b.setAttribute("aria-label", spec.label);
    b.title = spec.title || spec.label;
    b.classList.add("kz-icon-btn");
  } else {
    b.textContent = spec.label;
    if (spec.title) b.title = spec.title;
  }
  if (spec.pressed !== undefined) b.setAttribute("aria-pressed", String(spec.pressed));
  if (spec.disabled) b.disabled = true;
  if (spec.lang) b.lang = spec.lang;
  if (spec.key) b.setAttribute("aria-keyshortcuts", spec.key);
  b.addEventListener("click", (e) => { e.stopPropagation(); onClick(spec.id); });
  return b;
}

// What is shown one way and read another (a badge's "×2", a mini card and its label): the
// nodes shown are hidden from a screen reader, which reads Python's words for them instead.
function shownAndSaid(box, shown, said) {
  for (const node of shown) node.setAttribute("aria-hidden", "true");
  box.append(...shown, h("span", "kz-said kz-sr-only", said));
}

function cellEl(cell, opts) {
  const td = h("td");
  if (typeof cell === "string") { td.textContent = cell; return td; }
  if (cell.card) {
    const card = cardElement(cell.card, opts);
    card.classList.add("kz-mini");
    td.append(card);
  }
  if (cell.text) td.append(h(cell.strong ? "strong" : "span", cell.tone ? "kz-tone-" + cell.tone : "", cell.text));
  if (cell.said) shownAndSaid(td, [...td.children], cell.said);   // the card shown twice, said once
  return td;
}

function tableEl(spec, opts, words = {}) {
  const table = h("table", "kz-grid");
  if (spec.testid) table.dataset.testid = spec.testid;
  if (spec.head.length) {
    const tr = h("tr");
    for (const c of spec.head) { const th = cellEl(c, opts); const el = h("th"); el.append(...th.childNodes); tr.append(el); }
    const head = h("thead");
    head.append(tr);
    table.append(head);
  }
  const body = h("tbody");
  for (const row of spec.rows) {
    const tr = h("tr", row.mark ? "kz-row-" + row.mark : "");
    for (const c of row.cells) tr.append(cellEl(c, opts));
    // the card the learner played is said in words, not by its colour alone
    if (row.mark && row.mark.startsWith("played") && words.your_card && tr.firstChild) {
      tr.firstChild.append(h("span", "kz-row-tag", words.your_card));
    }
    body.append(tr);
  }
  table.append(body);
  return table;
}

// Where each line of a box's text ends on the page, top to bottom (as if it were not scrolled):
// the bottoms of the lines' boxes, which the next line's start from.
function lineBottoms(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  const bottoms = [...range.getClientRects()].map((r) => r.bottom + node.scrollTop);
  return [...new Set(bottoms)].sort((a, b) => a - b);
}

// A touch screen with no mouse nor keyboard (a phone, a tablet): no keys to name (table.css).
const TOUCH_ONLY = window.matchMedia("(hover: none) and (pointer: coarse)");

export default {
  render({ model, el }) {
    const root = h("div", "kz-table-root");
    root.tabIndex = 0;
    // The root takes the table's keys (1-9, arrows, Enter, H): an application, named by Python.
    root.setAttribute("role", "application");
    const uid = `kz-table-${tableUid++}`;
    const hintId = `${uid}-keys`;
    const statusId = `${uid}-status`;
    el.append(root);
    keysStayHere(root);
    // What is drawn anew on every change of the view, and, beside it and never redrawn, the one
    // live region through which Python's words reach a screen reader (TableWidget.say: each
    // card played, by whom, who took the trick, what changed).
    const content = h("div", "kz-table-content");
    const spoken = liveRegion("kz-spoken", "spoken", 4);
    root.append(content, spoken.node);
    let selected = null;   // the card chosen by the keys (its token), not yet played
    // The panel beside or below the table (the deal review): which page of it was shown (its
    // kind and title: a step of the review), how far its content was scrolled, how tall it was.
    let side = { key: null, scroll: 0, height: 0 };
    // the modal panel drawn last (its kind and testid), null when none: still the same panel,
    // or a new one that takes the focus
    let modalKey = null;

    const send = (msg) => model.send(msg);
    const pressButton = (id) => send({ type: "button", id });
    // the modal panel's button pressed last: the panel shown again (the deal's summary after
    // its review) gives it the focus back
    let pressed = null;
    // whether the learner has opened the legend of the review's columns
    let legendOpen = false;
    const pressInPanel = (id) => { pressed = id; pressButton(id); };
    // Python's names in the UI language: names.cards (token -> "дама пик"), names.table.
    const names = () => model.get("names") || {};
    const cardOpts = () => ({ ranks: model.get("view").ranks, fourColour: model.get("four_colour"), names: names().cards });

    // "Фёдор: туз пик": a card named with its player (Python's pattern, names.seat_card).
    function seatCard(seat, token) {
      const card = cardName(token, { names: names().cards });
      return (names().seat_card || "{seat}: {card}").replace("{seat}", seat).replace("{card}", card);
    }

    function learnerCards() {
      return model.get("view").seats.S.cards || [];
    }

    function playCard(token) {
      send({ type: "play", card: token });
    }

    function drawSeat(name, view) {
      const seat = view.seats[name];
      const box = h("div", `kz-seat kz-seat-${name}`);
      box.dataset.seat = name;
      if (seat.active) box.classList.add("kz-active");
      const plate = h("div", "kz-plate");
      plate.dataset.testid = `seat-${name}`;
      plate.append(h("span", "kz-name", seat.name));
      if (seat.dealer) {
        // a short mark on the plate (labels.dealer); its full name (names.dealer) for the tooltip and screen readers
        const chip = h("span", "kz-dealer", (view.labels && view.labels.dealer) || "");
        chip.dataset.testid = "dealer";
        if (names().dealer) {
          chip.title = names().dealer;
          chip.setAttribute("role", "img");
          chip.setAttribute("aria-label", names().dealer);
        }
        plate.append(chip);
      }
      if (seat.points) {
        const pts = h("span", "kz-points", seat.points);
        pts.dataset.testid = `points-${name}`;
        if (seat.points_title) pts.title = seat.points_title;
        plate.append(pts);
      }
      if (seat.thinking) {
        const dots = h("span", "kz-thinking");
        dots.dataset.testid = "thinking";
        dots.setAttribute("aria-label", (view.labels && view.labels.thinking) || "…");
        dots.append(h("i"), h("i"), h("i"));
        plate.append(dots);
      }
      if (seat.caption) plate.append(h("span", "kz-caption", seat.caption));
      const hand = h("div", "kz-hand");
      const opts = cardOpts();
      // the learner's hand is a list of options: the root (which keeps the focus and the keys)
      // points at the one chosen (aria-activedescendant), any of them (the arrow keys go over
      // them all); the ones not to be played now say so
      const choosing = name === "S" && seat.cards.some((c) => c.playable);
      if (name === "S" && seat.cards.length) {
        hand.setAttribute("role", "listbox");
        hand.setAttribute("aria-orientation", "horizontal");
        hand.setAttribute("aria-label", (view.labels && view.labels.hand) || "");
      }
      if (seat.cards.length) {
        seat.cards.forEach((entry, i) => {
          const card = cardElement(entry.card, Object.assign({ trump: entry.trump }, opts));
          if (name === "S") {
            card.dataset.index = String(i + 1);
            card.id = `${uid}-card-${entry.card}`;
            card.setAttribute("role", "option");
            card.setAttribute("aria-selected", String(entry.card === selected));
            if (entry.playable) {
              card.dataset.playable = "true";
              card.classList.add("kz-playable");
            } else if (choosing) {
              // why, when the status line says it (a card of these just refused)
              notPlayable(card, view === refusal ? statusId : null);
            }
            if (entry.card === selected) card.classList.add("kz-selected");
            card.addEventListener("click", () => { selected = null; playCard(entry.card); });
          }
          if (entry.mark) {
            card.classList.add("kz-mark-" + entry.mark);
            card.dataset.mark = entry.mark;
            if (entry.mark === "played" && names().your_card) card.append(h("span", "kz-card-tag", names().your_card));
          }
          hand.append(card);
        });
      } else {
        for (let i = 0; i < seat.count; i++) hand.append(cardElement(null));
      }
      if (name === "S" && view.seats.S.active && learnerCards().some((c) => c.playable)) {
        hand.classList.add("kz-my-turn");
      }
      box.append(plate, hand);
      return box;
    }

    function drawCenter(view) {
      const center = h("div", "kz-center");
      center.setAttribute("role", "group");
      center.setAttribute("aria-label", (view.labels && view.labels.trick) || "");
      center.dataset.testid = "trick";
      const opts = cardOpts();
      for (const play of view.trick) {
        const slot = h("div", `kz-slot kz-slot-${play.seat}`);
        const card = cardElement(play.card, opts);
        card.dataset.seat = play.seat;
        // each card on the table is named with its player: "Фёдор: туз пик"
        slot.setAttribute("role", "img");
        slot.setAttribute("aria-label", seatCard(view.seats[play.seat].name, play.card));
        slot.append(card);
        if (view.winner === play.seat) {
          slot.classList.add("kz-winner");
          slot.dataset.testid = "trick-winner";
        }
        center.append(slot);
      }
      if (view.trick_note) {
        // the last trick shown again (Python's "Fedor took it: 14 points"), at the trick's corner
        const note = h("div", "kz-trick-note", view.trick_note);
        note.dataset.testid = "trick-note";
        center.append(note);
      }
      return center;
    }

    function drawCall(view) {
      const call = h("div", "kz-call");
      call.dataset.testid = "call";
      const prompt = h("div", "kz-call-prompt", view.call.prompt);
      prompt.id = `${uid}-call-prompt`;
      call.append(prompt);
      // the suits are one group, named by the prompt: a suit's button says what it is for
      const row = h("div", "kz-call-row");
      row.setAttribute("role", "group");
      row.setAttribute("aria-labelledby", prompt.id);
      for (const s of view.call.suits) {
        const b = h("button", "kz-btn kz-suit-btn");
        b.type = "button";
        b.dataset.testid = `call-${s.suit}`;
        if (s.advised) {
          b.classList.add("kz-advised");
          b.dataset.mark = "advised";
        }
        b.innerHTML = suitSVG(s.suit, { fourColour: model.get("four_colour") });
        b.append(h("span", "", s.label));
        b.addEventListener("click", () => send({ type: "call", suit: s.suit }));
        row.append(b);
      }
      // the arrow keys go from suit to suit; Enter (or Space) names the one with the focus
      row.addEventListener("keydown", (e) => {
        const buttons = Array.from(row.querySelectorAll("button"));
        const at = buttons.indexOf(document.activeElement);
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
        if (at < 0 || !step || e.ctrlKey || e.metaKey || e.altKey) return;
        buttons[(at + step + buttons.length) % buttons.length].focus();
        consumeKey(e);
      });
      call.append(row);
      return call;
    }

    // What a table's columns mean, after its rows: read once, not in the way of every step's
    // rows.  A disclosure under its title, shut until the learner opens it; it stays as they
    // left it from one step of the review to the next.
    function legendEl(ov) {
      const legend = h("details", "kz-panel-legend");
      legend.dataset.testid = "legend";
      legend.append(h("summary", "kz-legend-title", ov.legend_title));
      legend.open = legendOpen;
      legend.addEventListener("toggle", () => { legendOpen = legend.open; });
      for (const line of ov.legend) legend.append(h("p", "kz-legend-line", line));
      return legend;
    }

    function drawOverlay(view) {
      const ov = view.overlay;
      const box = h("div", `kz-panel kz-panel-${ov.kind}`);
      if (ov.testid) box.dataset.testid = ov.testid;
      const modal = (ov.placement || "modal") === "modal";
      // a dialog over the felt (which it shuts: shutBehind), not over the whole table: the
      // toolbar above stays in reach, of the mouse, the keys and a screen reader, so no aria-modal
      box.setAttribute("role", "dialog");
      const title = h("h2", "kz-panel-title", ov.title);
      title.id = `${uid}-dialog-title`;
      title.tabIndex = -1;
      box.setAttribute("aria-labelledby", title.id);
      box.append(title);
      // A side panel (the deal review, as tall as the felt) shows its table first, under the
      // title: the table never runs longer than a hand, where the words may (the tutor's
      // reasons), so that in a short window every row, the best card's and yours, is in sight
      // as a step opens; the words follow, then the legend of its columns.  A modal panel (a
      // deal's summary, the results) says its words first and sums them up in its table.
      const table = ov.table ? tableEl(ov.table, cardOpts(), names()) : null;
      if (table && !modal) box.append(table);
      // A modal panel's words (and those for a screen reader only: the score its table shows)
      // describe it: read with its title as the focus comes into it.  A result's are read out
      // as it opens, and the review's page by page (Python's Speaker): they describe nothing,
      // so that a screen reader reads them once.
      const words = [];
      for (const line of ov.lines || []) words.push(box.appendChild(h("p", "kz-panel-line", line)));
      for (const line of ov.said || []) words.push(box.appendChild(h("p", "kz-sr-only", line)));
      if (modal && words.length && !READ_OUT.includes(ov.kind)) {
        words.forEach((p, i) => { p.id = `${uid}-dialog-line-${i}`; });
        box.setAttribute("aria-describedby", words.map((p) => p.id).join(" "));
      }
      if (ov.progress !== undefined && ov.progress !== null) {
        const bar = h("div", "kz-progress");
        const fill = h("div", "kz-progress-fill");
        fill.style.width = `${Math.round(ov.progress * 100)}%`;
        bar.append(fill);
        box.append(bar);
      }
      if (table && modal) box.append(table);
      if (ov.legend && ov.legend.length) box.append(legendEl(ov));
      const buttons = h("div", "kz-panel-buttons");
      for (const b of ov.buttons) buttons.append(buttonEl(b, modal ? pressInPanel : pressButton));
      box.append(buttons);
      if (modal) {
        const backdrop = h("div", "kz-backdrop");
        backdrop.append(box);
        return backdrop;
      }
      return box;
    }

    // A variant's scoreboard: classic's tablo (each side's two sixes, the top one sliding down
    // a row at a time, face up from three rows) or the penalty points against each side.
    function drawScoreboard(view) {
      const sb = view.scoreboard;
      const box = h("div", `kz-scoreboard kz-scoreboard-${sb.kind}`);
      if (sb.testid) box.dataset.testid = sb.testid;
      box.setAttribute("aria-label", sb.title);
      box.append(h("span", "kz-scoreboard-title", sb.title));
      for (const side of sb.sides) {
        const item = h("div", `kz-board-side kz-board-${side.team}`);
        item.dataset.testid = `board-${side.team}`;
        item.title = `${side.label}: ${side.text}`;
        item.append(h("span", "kz-board-label", side.label));
        if (sb.kind === "tablo" && side.sixes && side.sixes.length === 2) {
          const tablo = h("div", "kz-tablo");
          tablo.style.setProperty("--kz-rows", String(side.uncovered || 0));
          const bottom = cardElement(side.sixes[0], cardOpts());
          bottom.classList.add("kz-tablo-bottom");
          const top = cardElement(side.top_face_up ? side.sixes[1] : null, cardOpts());
          top.classList.add("kz-tablo-top");
          tablo.append(bottom, top);
          item.append(tablo);
        } else if (sb.target) {
          const bar = h("div", "kz-board-bar");
          const fill = h("div", "kz-board-fill");
          fill.style.width = `${Math.min(100, Math.round((side.value / sb.target) * 100))}%`;
          bar.append(fill);
          item.append(bar);
        }
        const value = h("span", "kz-board-value", side.text);
        value.dataset.testid = `board-value-${side.team}`;
        item.append(value);
        box.append(item);
      }
      return box;
    }

    // After a redraw, the side panel (a new element) shows what it showed: the same page keeps
    // its own scroll; a new page (the review opening, another step) starts at its top. The
    // panel comes into the window on a new page and when it grew (its analysis arrived), so that
    // its top and its buttons are in sight; otherwise the page stays where the learner put it.
    function placeSidePanel(panel, overlay) {
      const key = `${overlay.kind}\n${overlay.title}`;
      const fresh = key !== side.key;
      panel.scrollTop = fresh ? 0 : side.scroll;
      if (fresh || panel.offsetHeight > side.height) panel.scrollIntoView({ block: "nearest" });
      const shown = { key, scroll: panel.scrollTop, height: panel.offsetHeight };
      side = shown;   // (a late scroll event of a panel gone by changes its own record only)
      panel.addEventListener("scroll", () => {
        shown.scroll = panel.scrollTop;
        markMoreBelow(panel);
      }, { passive: true });
    }

    // A box whose words run on below what it shows (a panel under its buttons, which stay in
    // sight at its foot, table.css .kz-panel-buttons; a long hint in its box): a shadow at its
    // foot, until its end is in sight.  What the keys bring into a panel's sight (Tab to the
    // legend's title) stops above its buttons, not under them (scroll-padding: their height).
    function markMoreBelow(box) {
      const buttons = box.querySelector(":scope > .kz-panel-buttons");
      if (buttons) box.style.scrollPaddingBottom = `${buttons.offsetHeight}px`;
      box.classList.toggle("kz-more-below", box.scrollTop + box.clientHeight < box.scrollHeight - 1);
    }

    // The status line: drawn, not spoken (Python says what matters through the live region).
    // It stands in a slot one line high (table.css): a longer text (a hint and its reasons)
    // lies over the top of the felt, so that the table and the hand under the mouse never move.
    function drawStatus(view) {
      const slot = h("div", "kz-status-slot");
      const status = h("div", `kz-status kz-status-${view.status_kind}`);
      status.dataset.testid = "status";
      status.id = statusId;
      status.textContent = view.status;
      status.addEventListener("scroll", () => markMoreBelow(status), { passive: true });
      slot.append(status);
      return slot;
    }

    // What lies over the felt hides nothing the learner reads on it.  The status line (a hint
    // and its reasons) ends above the partner's cards: the felt keeps a band for its last lines
    // (table.css --kz-hint-room); a text longer still (a narrow window) stops there (fitStatus).
    // A status longer than its slot gets a shadow, as a note over the felt.  A modal panel (a
    // question before the deal, the pause) leaves the sides' points in sight: it stands between
    // the side seats' plates (the opponents', theirs on one of them), in the middle still, and
    // above yours, where the felt is wide enough for it between them.  A result's panel says the
    // points itself and keeps the whole felt.  A panel longer than the felt makes the felt
    // taller, as far as the window has room under the table, on a phone all the way
    // (growForPanel).
    const PLATE_GAP = 8;
    const PANEL_MIN = 300;   // the narrowest a modal panel is drawn (table.css .kz-panel)
    // a phone: a narrow window or a touch screen (fitStatus, growForPanel)
    const GROWS = window.matchMedia("(max-width: 640px), (pointer: coarse)");
    function fitOverFelt() {
      const felt = content.querySelector(":scope > .kz-felt, :scope > .kz-stage > .kz-felt");
      const status = content.querySelector(".kz-status");
      if (!felt || !status || !felt.getClientRects().length) return;
      fitStatus(felt, status);
      const review = content.querySelector(":scope > .kz-stage > .kz-panel-review");
      if (review) markMoreBelow(review);
      const backdrop = felt.querySelector(":scope > .kz-backdrop");
      const view = model.get("view");
      if (!backdrop || !view.overlay) return;
      const panel = backdrop.querySelector(".kz-panel");
      if (!RESULTS.includes(view.overlay.kind)) padBetweenPlates(felt, backdrop);
      if (panel) {
        growForPanel(felt, panel);
        markMoreBelow(panel);
      }
    }

    function padBetweenPlates(felt, backdrop) {
      const box = felt.getBoundingClientRect();
      const pad = { top: 12, right: 12, bottom: 12, left: 12 };
      for (const plate of felt.querySelectorAll(".kz-seat .kz-plate")) {
        const seat = plate.closest(".kz-seat").dataset.seat;
        const r = plate.getBoundingClientRect();
        const side = seat === "W" ? r.right - box.left : seat === "E" ? box.right - r.left : 0;
        pad.left = pad.right = Math.max(pad.left, side + PLATE_GAP);
        if (!plate.querySelector(".kz-points")) continue;
        if (seat === "N") pad.top = Math.max(pad.top, r.bottom - box.top + PLATE_GAP);
        if (seat === "S") pad.bottom = Math.max(pad.bottom, box.bottom - r.top + PLATE_GAP);
      }
      // a felt too narrow for the panel between the side plates (a phone's): the panel stands
      // over them, in the middle of the felt and inside it, rather than off its side
      if (box.width - pad.left - pad.right < PANEL_MIN) pad.left = pad.right = 12;
      backdrop.style.padding = ["top", "right", "bottom", "left"].map((k) => `${Math.ceil(pad[k])}px`).join(" ");
    }

    // The felt grows (from its own height, measured afresh) by what the panel lacks (the match's
    // results, whose words wrap onto many lines in a phone's narrow felt): on a phone (GROWS,
    // below: its page scrolls, where a box's scroll bar does not show) by all of it, elsewhere
    // no further than the page's end may go without the window scrolling.
    function growForPanel(felt, panel) {
      felt.style.minHeight = "";
      const short = panel.scrollHeight - panel.clientHeight;
      if (short <= 1) return;
      // where the table ends on the page, however far it is scrolled (Voila scrolls a box of
      // its own, not the window)
      let end = root.getBoundingClientRect().bottom;
      for (let box = root.parentElement; box; box = box.parentElement) end += box.scrollTop;
      const free = GROWS.matches ? short : Math.floor(document.documentElement.clientHeight - end);
      if (free <= 0) return;
      const style = getComputedStyle(felt);   // (its min-height is its content's: less its padding)
      const inner = felt.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      felt.style.minHeight = `${inner + Math.min(short, free)}px`;
    }

    // Where a hint does not fit over the felt's top, above the partner's cards: on a phone (a
    // narrow window, a touch screen, where a box's scroll bar does not show) its slot grows and
    // the felt moves down by what it lacks, so that the whole text is read at once; elsewhere
    // (the mouse's table moves under it for nothing) its box ends at the bottom of its last
    // line that fits there, no line cut through, and scrolls (taking the Tab, so that the keys
    // scroll it too).
    function fitStatus(felt, status) {
      const slot = status.parentElement;
      slot.style.height = "";
      status.style.maxHeight = "";
      status.classList.remove("kz-status-clipped");
      const north = felt.querySelector(".kz-seat-N .kz-hand");
      if (north) {
        const base = slot.clientHeight;
        const top = status.getBoundingClientRect().top;
        const room = Math.max(base, Math.floor(north.getBoundingClientRect().top - top - 4));
        const need = status.offsetHeight;   // (no height set: its whole text)
        if (need > room && GROWS.matches) {
          slot.style.height = `${base + need - room}px`;
        } else if (need > room) {
          // the bottom padding becomes a border (table.css): a box that scrolls shows its text
          // through its padding, not its border
          status.classList.add("kz-status-clipped");
          const foot = status.offsetHeight - status.clientHeight - status.clientTop;
          const last = lineBottoms(status).filter((b) => b - top + foot <= room).pop();
          status.style.maxHeight = `${last === undefined ? room : last - top + foot}px`;
        }
      }
      status.classList.toggle("kz-status-over", status.offsetHeight > slot.clientHeight + 1);
      if (status.scrollHeight > status.clientHeight + 1) status.tabIndex = 0;
      else status.removeAttribute("tabindex");
      markMoreBelow(status);
    }
    // looked at as the table is drawn and whenever its size changes (a narrower window wraps the
    // status onto more lines; a shorter one makes the cards smaller), in the next frame
    let fitting = 0;
    const statusSize = new ResizeObserver(() => {
      cancelAnimationFrame(fitting);
      fitting = requestAnimationFrame(fitOverFelt);
    });

    // Behind a modal panel the table (its seats, the trick) cannot be reached.  The toolbar
    // above stays in reach (the menu, the sound, the language), for the mouse and the keys
    // alike: Tab goes round its buttons and the panel's (onKey).
    function shutBehind(felt, backdrop) {
      for (const node of felt.children) if (node !== backdrop) node.inert = true;
    }

    // Where the focus goes when its control has gone: the suit buttons while the trump is to be
    // named (the advised one first); the review's step buttons; else the root (its keys).
    const CALL_FOCUS = [".kz-call .kz-advised", ".kz-call button"];
    const SIDE_FOCUS = [".kz-panel-review .kz-panel-buttons button:not(.kz-primary)", ".kz-panel-review .kz-panel-buttons button"];

    function placeFocus(view, focused, backdrop, panelShown) {
      if (backdrop) {
        // a toolbar button pressed while the panel stays (the sound, the language) keeps the focus
        const tool = panelShown && focused.testid
          && Array.from(root.querySelectorAll(".kz-tools button")).find((n) => n.dataset.testid === focused.testid);
        if (usable(tool) && focusOn(tool)) return;
        // a modal panel takes the focus: its button that had it (or that was pressed last, if
        // the panel is back), else its primary button
        const panel = backdrop.querySelector(".kz-panel");
        const same = Array.from(panel.querySelectorAll("button"))
          .find((n) => n.dataset.testid === focused.testid) || panel.querySelector(`button[data-id="${pressed}"]`);
        const target = usable(same) ? same : panel.querySelector(".kz-primary") || panel.querySelector("button");
        if (target && focusOn(target) && target !== same) reveal(target);
        return;
      }
      if (view.call && focused.root) {
        // the trump is to be named: the focus goes from the root to the suits (arrows, Enter)
        restoreFocus(root, { inside: true, root: false, testid: null }, CALL_FOCUS);
        return;
      }
      restoreFocus(root, focused, view.overlay ? SIDE_FOCUS : CALL_FOCUS);
    }

    function draw() {
      const view = model.get("view");
      const focused = focusBefore(root);
      // the review (a side panel) shows the hands as they were: no card of them is chosen
      const reviewing = !!view.overlay && view.overlay.placement === "side";
      if (reviewing || !(view.seats.S.cards || []).some((c) => c.card === selected)) selected = null;
      followAdvice(view, focused);
      content.replaceChildren();
      root.lang = model.get("lang");
      pageLang(model.get("lang"));
      root.setAttribute("aria-label", (view.labels && view.labels.table) || names().table || "");
      root.classList.toggle("kz-four-colour", !!model.get("four_colour"));
      root.classList.toggle("kz-with-board", !!view.scoreboard);

      const top = h("div", "kz-topbar");
      const tools = h("div", "kz-tools");
      for (const b of view.toolbar) tools.append(buttonEl(b, pressButton));
      const badges = h("div", "kz-badges");
      for (const b of view.badges) {
        const badge = h("span", `kz-badge kz-badge-${b.kind || b.id}`);
        if (b.testid) badge.dataset.testid = b.testid;
        if (b.title) badge.title = b.title;
        if (b.kind === "trump" && view.trump) badge.innerHTML = suitSVG(view.trump, { fourColour: model.get("four_colour"), name: (names().suits || {})[view.trump] }) + " ";
        if (b.said) shownAndSaid(badge, [h("span", "", b.text)], b.said);   // shown short: "×2"
        else badge.append(document.createTextNode(b.text));
        badges.append(badge);
      }
      top.append(tools, badges);
      if (view.scoreboard) top.append(drawScoreboard(view));

      const statusSlot = drawStatus(view);
      const bar = h("div", "kz-progress kz-status-progress");
      if (view.progress !== undefined && view.progress !== null) {
        const fill = h("div", "kz-progress-fill");
        fill.style.width = `${Math.round(view.progress * 100)}%`;
        bar.append(fill);
      } else {
        bar.classList.add("kz-hidden");
      }

      const felt = h("div", "kz-felt");
      for (const name of SEATS) felt.append(drawSeat(name, view));
      felt.append(drawCenter(view));
      if (view.call) felt.append(drawCall(view));
      let under = null;
      let backdrop = null;
      if (view.overlay) {
        const ov = drawOverlay(view);
        if ((view.overlay.placement || "modal") === "modal") {
          felt.append(ov);
          backdrop = ov;
        } else {
          under = ov;
        }
      }
      // A side panel (the deal review) shares a stage with the felt: beside it where the table
      // is wide enough (table.css), else below it.
      root.classList.toggle("kz-with-side", !!under);
      if (under) {
        const stage = h("div", "kz-stage");
        // the panel just opened (not a step of it): it comes in, rather than appearing (table.css)
        if (side.key === null) stage.classList.add("kz-stage-opening");
        stage.append(felt, under);
        content.append(top, statusSlot, bar, stage);
        placeSidePanel(under, view.overlay);
      } else {
        side = { key: null, scroll: 0, height: 0 };
        content.append(top, statusSlot, bar, felt);
      }
      // The keys line (the keys that work now). A touch screen without a mouse or keyboard
      // hides it (table.css), and a screen reader there does not hear it as the table's
      // description either: neither has the keys it names.
      if (view.hint) {
        const keys = h("div", "kz-hint", view.hint);
        keys.id = hintId;
        keys.dataset.testid = "keys";
        content.append(keys);
      }
      if (view.hint && !TOUCH_ONLY.matches) root.setAttribute("aria-describedby", hintId);
      else root.removeAttribute("aria-describedby");
      const chosen = selected && root.querySelector(`.kz-seat-S [data-card="${selected}"]`);
      if (chosen) root.setAttribute("aria-activedescendant", chosen.id);
      else root.removeAttribute("aria-activedescendant");
      if (backdrop) shutBehind(felt, backdrop);
      statusSize.disconnect();
      statusSize.observe(statusSlot.firstElementChild);
      statusSize.observe(felt);
      fitOverFelt();
      const panelKey = backdrop ? `${view.overlay.kind}\n${view.overlay.testid || ""}` : null;
      placeFocus(view, focused, backdrop, panelKey !== null && panelKey === modalKey);
      modalKey = panelKey;
    }

    // The hint's card (or suit) becomes the keys' choice as it arrives, so that H then Enter
    // plays what it advised: while the learner moves by the keys, the focus is in the table and
    // the card may still be played (never played for them).  Once per hint: the learner may
    // choose another card after it.
    let advised = null;
    // the view whose status line says why a card was refused (a shake), while it is on screen
    let refusal = null;
    function followAdvice(view, focused) {
      const card = (view.seats.S.cards || []).find((c) => c.mark === "advised" && c.playable);
      const suit = view.call && view.call.suits.find((s) => s.advised);
      const now = card ? card.card : suit ? `call-${suit.suit}` : null;
      if (now === advised) return;
      advised = now;
      if (!now || !focused.inside || (lastInput() !== "keys" && selected === null)) return;
      if (card) selected = card.card;
      // the focus goes to the advised suit (placeFocus keeps the control it finds by testid)
      else focused.testid = now;
    }

    function select(token) {
      selected = token;
      draw();
      const card = root.querySelector(`.kz-seat-S [data-card="${token}"]`);
      if (card) reveal(card);
    }

    // A key given to a button of the view (spec.key: Escape closes the pause menu and the
    // review, the arrows step through the review): the button, enabled or not (the review's
    // last step: → is its key still, and does nothing), else null.
    function keyedButton(key) {
      const view = model.get("view");
      const buttons = [...view.toolbar, ...((view.overlay && view.overlay.buttons) || [])];
      return buttons.find((b) => b.key === key && !b.disabled) || buttons.find((b) => b.key === key) || null;
    }

    // Whether the control with the focus needs the key itself: a text field all of them, a
    // button (of the toolbar, a panel, a suit) Enter and Space, which press it, a status line
    // that scrolls in its box (fitOverFelt) the keys that scroll it.
    const SCROLL_KEYS = [" ", "Home", "End", "PageUp", "PageDown", "ArrowUp", "ArrowDown"];
    function ownKey(target, key) {
      if (!(target instanceof Element) || target === root) return false;
      if (target.closest("input, textarea, select, [contenteditable=true]")) return true;
      if (target.matches(".kz-status[tabindex]")) return SCROLL_KEYS.includes(key);
      const control = "button, a[href], [role=button], summary";
      return (key === "Enter" || key === " ") && !!target.closest(control);
    }

    // A card chosen by the keys from a button of the table (the toolbar's): the focus goes back
    // to the root, whose aria-activedescendant names the card and whose Enter plays it.
    function selectByKey(token) {
      select(token);
      if (document.activeElement !== root) focusOn(root);
    }

    // The table's keys work wherever the focus is inside it (the root, a toolbar button, a
    // panel), save the keys its control needs itself (ownKey).
    function onKey(e) {
      if (e.ctrlKey || e.metaKey || e.altKey || ownKey(e.target, e.key)) return;
      const modal = root.querySelector(".kz-backdrop .kz-panel");
      // behind a modal panel, Tab goes round what can be reached: the toolbar and the panel
      if (modal && trapTab(e, root)) return;
      const keyed = keyedButton(e.key);
      if (keyed) {
        if (!keyed.disabled) pressButton(keyed.id);
        consumeKey(e);
        return;
      }
      if (modal) return;   // the table's own keys rest behind a dialog
      const onSuit = e.target instanceof Element && !!e.target.closest(".kz-call");
      // Every key the table acts on stops here (consumeKey): JupyterLab never sees it.
      if (e.key === "h" || e.key === "H" || e.key === "р" || e.key === "Р") {
        const hint = model.get("view").toolbar.find((b) => b.id === "hint");
        if (hint && !hint.disabled) pressButton("hint");
        consumeKey(e);
        return;
      }
      if (onSuit) return;
      if (e.key === "l" || e.key === "L" || e.key === "д" || e.key === "Д") {
        // the last trick shown again, or hidden (Python decides what it is)
        const last = model.get("view").toolbar.find((b) => b.id === "last-trick");
        if (last && !last.disabled) pressButton("last-trick");
        consumeKey(e);
        return;
      }
      if (model.get("view").call && ["ArrowRight", "ArrowLeft", "Enter", " "].includes(e.key)) {
        // the trump is to be named first: the keys go to the suit buttons
        restoreFocus(root, { inside: true, root: false, testid: null }, CALL_FOCUS);
        consumeKey(e);
        return;
      }
      const cards = learnerCards();
      // the review (behind no dialog: modal returned above) chooses no card of its hands
      if (!cards.length || model.get("view").overlay) return;
      // the arrow keys (Home, End) go over every card of the hand, those not to be played now
      // too; with none chosen yet, → chooses the first that may be played (← the last), as a
      // puzzle's or a lesson's hand takes the focus on its first card to play
      let at = cards.findIndex((c) => c.card === selected);
      const open = cards.flatMap((c, i) => (c.playable ? [i] : []));
      if (at < 0 && open.length) at = e.key === "ArrowLeft" ? open[open.length - 1] + 1 : open[0] - 1;
      const to = rowStep(e, at, cards.length);
      if (to !== null) {
        selectByKey(cards[to].card);
        consumeKey(e);
      } else if (/^[1-9]$/.test(e.key) && Number(e.key) <= cards.length) {
        selectByKey(cards[Number(e.key) - 1].card);
        consumeKey(e);
      } else if ((e.key === "Enter" || e.key === " ") && selected) {
        playCard(selected);
        consumeKey(e);
      }
    }

    function onCustom(msg) {
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "shake") {
        // Python refused the card (it may not be played now): its status line says why
        refusal = model.get("view");
        draw();
        const card = root.querySelector(`.kz-seat-S [data-card="${msg.card}"]`);
        if (card) {
          card.classList.remove("kz-shake");
          void card.offsetWidth;
          card.classList.add("kz-shake");
        }
      } else if (msg.type === "sound" && model.get("sound")) {
        playSound(msg.name);
      }
    }

    // Python's words (TableWidget.say): the model's "spoken" counts the lines ever said and
    // keeps the latest, each in its language, which its line in the live region is marked with
    // (the lines said before a switch keep theirs).  In the model, not in messages: what was
    // said as the table was about to be shown (a new match: who deals, whose turn) is read once
    // this view's empty region has been on the page a moment (tell), from its "start" on.
    const news = () => model.get("spoken") || { count: 0, lines: [], start: 0 };
    let heard = Math.min(news().start || 0, news().count);   // the lines this view has said
    // The lines not said yet, oldest first, each in its language: taken as they are said
    // (several, when the view has just been drawn).
    function unheard() {
      const { count, lines } = news();
      const fresh = lines.slice(Math.max(0, lines.length - (count - heard)));
      heard = count;
      return fresh;
    }
    function hear() {
      const { count, lines } = news();
      if (count > heard && lines.length) spoken.tell(count, unheard);
    }

    // The table's own focus ring (table.css) shows while the learner moves by the keys (Tab to
    // it, the arrows, the digits): not after a click, nor when a mouse user presses H (a frame
    // round the whole table would look like a choice).  lastInput() (dom.js) is updated before;
    // before any input the browser decides.
    const markKeys = () => {
      const by = lastInput();
      root.classList.toggle("kz-keys", by === "keys" || (by === null && root.matches(":focus-visible")));
    };
    root.addEventListener("focus", markKeys);
    root.addEventListener("keydown", markKeys);
    root.addEventListener("pointerdown", () => root.classList.remove("kz-keys"));
    root.addEventListener("keydown", onKey);
    const redraw = whenReleased(root, draw);
    model.on("change:view", redraw);
    model.on("change:lang", redraw);
    model.on("change:four_colour", redraw);
    model.on("change:names", redraw);
    model.on("msg:custom", onCustom);
    model.on("change:spoken", hear);
    draw();
    hear();
    // a modal panel's primary button; the suits, if the trump is to be named; else the root
    // and its keys
    focusOnArrival(root, [".kz-backdrop .kz-primary", ...CALL_FOCUS]);
    return () => {
      model.off("change:view", redraw);
      model.off("change:lang", redraw);
      model.off("change:four_colour", redraw);
      model.off("change:names", redraw);
      model.off("msg:custom", onCustom);
      model.off("change:spoken", hear);
      statusSize.disconnect();
      cancelAnimationFrame(fitting);
    };
  },
};
