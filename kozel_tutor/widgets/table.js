// The card table. Draws Python's view (model "view") and sends commands back:
// {type: "play", card}, {type: "call", suit}, {type: "button", id}. No game logic here.

const SEATS = ["N", "E", "S", "W"];

// Toolbar icons by name (the only words-free UI the browser holds).
const ICONS = {
  menu: '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>',
  "sound-on": '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3 8h3l4-3.5v11L6 12H3z" fill="currentColor"/><path d="M13 7.2a4 4 0 0 1 0 5.6M15.2 5a7 7 0 0 1 0 10" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round"/></svg>',
  "sound-off": '<svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3 8h3l4-3.5v11L6 12H3z" fill="currentColor"/><path d="M13 7.5l5 5M18 7.5l-5 5" stroke="currentColor" stroke-width="1.7" stroke-linecap="round"/></svg>',
};

const h = el;
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
  b.addEventListener("click", (e) => { e.stopPropagation(); onClick(spec.id); });
  return b;
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
  return td;
}

function tableEl(spec, opts) {
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
    body.append(tr);
  }
  table.append(body);
  return table;
}

export default {
  render({ model, el }) {
    const root = h("div", "kz-table-root");
    root.tabIndex = 0;
    // The root takes the table's keys (1-9, arrows, Enter, H): an application, named by Python.
    root.setAttribute("role", "application");
    const hintId = `kz-table-keys-${tableUid++}`;
    el.append(root);
    let selected = -1;
    // The panel beside or below the table (the deal review): which page of it was shown (its
    // kind and title: a step of the review), how far its content was scrolled, how tall it was.
    let side = { key: null, scroll: 0, height: 0 };

    const send = (msg) => model.send(msg);
    const pressButton = (id) => send({ type: "button", id });
    // Python's names in the UI language: names.cards (token -> "дама пик"), names.table.
    const names = () => model.get("names") || {};
    const cardOpts = () => ({ ranks: model.get("view").ranks, fourColour: model.get("four_colour"), names: names().cards });

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
      if (seat.cards.length) {
        seat.cards.forEach((entry, i) => {
          const card = cardElement(entry.card, Object.assign({ trump: entry.trump }, opts));
          if (name === "S") {
            card.dataset.index = String(i + 1);
            if (entry.playable) {
              card.dataset.playable = "true";
              card.classList.add("kz-playable");
            }
            if (i === selected) card.classList.add("kz-selected");
            card.addEventListener("click", () => { selected = -1; playCard(entry.card); });
          }
          if (entry.mark) {
            card.classList.add("kz-mark-" + entry.mark);
            card.dataset.mark = entry.mark;
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
      center.setAttribute("aria-label", (view.labels && view.labels.trick) || "");
      center.dataset.testid = "trick";
      const opts = cardOpts();
      for (const play of view.trick) {
        const slot = h("div", `kz-slot kz-slot-${play.seat}`);
        const card = cardElement(play.card, opts);
        card.dataset.seat = play.seat;
        slot.append(card);
        if (view.winner === play.seat) {
          slot.classList.add("kz-winner");
          slot.dataset.testid = "trick-winner";
        }
        center.append(slot);
      }
      return center;
    }

    function drawCall(view) {
      const call = h("div", "kz-call");
      call.dataset.testid = "call";
      call.append(h("div", "kz-call-prompt", view.call.prompt));
      const row = h("div", "kz-call-row");
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
      call.append(row);
      return call;
    }

    function drawOverlay(view) {
      const ov = view.overlay;
      const box = h("div", `kz-panel kz-panel-${ov.kind}`);
      if (ov.testid) box.dataset.testid = ov.testid;
      box.setAttribute("role", "dialog");
      box.append(h("h2", "kz-panel-title", ov.title));
      for (const line of ov.lines || []) box.append(h("p", "kz-panel-line", line));
      if (ov.legend && ov.legend.length) {
        // what the table's columns mean, just above it
        const legend = h("div", "kz-panel-legend");
        legend.dataset.testid = "legend";
        for (const line of ov.legend) legend.append(h("p", "kz-legend-line", line));
        box.append(legend);
      }
      if (ov.progress !== undefined && ov.progress !== null) {
        const bar = h("div", "kz-progress");
        const fill = h("div", "kz-progress-fill");
        fill.style.width = `${Math.round(ov.progress * 100)}%`;
        bar.append(fill);
        box.append(bar);
      }
      if (ov.table) box.append(tableEl(ov.table, cardOpts()));
      const buttons = h("div", "kz-panel-buttons");
      for (const b of ov.buttons) buttons.append(buttonEl(b, pressButton));
      box.append(buttons);
      if ((ov.placement || "modal") === "modal") {
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
      panel.addEventListener("scroll", () => { shown.scroll = panel.scrollTop; }, { passive: true });
    }

    function draw() {
      const view = model.get("view");
      const focused = focusBefore(root);
      const cards = view.seats.S.cards || [];
      if (selected >= cards.length) selected = cards.length - 1;
      root.replaceChildren();
      root.lang = model.get("lang");
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
        badge.append(document.createTextNode(b.text));
        badges.append(badge);
      }
      top.append(tools, badges);
      if (view.scoreboard) top.append(drawScoreboard(view));

      const status = h("div", `kz-status kz-status-${view.status_kind}`);
      status.dataset.testid = "status";
      status.setAttribute("role", "status");
      status.setAttribute("aria-live", "polite");
      status.textContent = view.status;
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
      if (view.overlay) {
        const ov = drawOverlay(view);
        if ((view.overlay.placement || "modal") === "modal") felt.append(ov);
        else under = ov;
      }
      // A side panel (the deal review) shares a stage with the felt: beside it where the table
      // is wide enough (table.css), else below it.
      root.classList.toggle("kz-with-side", !!under);
      if (under) {
        const stage = h("div", "kz-stage");
        stage.append(felt, under);
        root.append(top, status, bar, stage);
        placeSidePanel(under, view.overlay);
      } else {
        side = { key: null, scroll: 0, height: 0 };
        root.append(top, status, bar, felt);
      }
      if (view.hint) {
        const keys = h("div", "kz-hint", view.hint);
        keys.id = hintId;
        root.append(keys);
        root.setAttribute("aria-describedby", hintId);
      } else {
        root.removeAttribute("aria-describedby");
      }

      // A modal panel takes the focus (its primary button, unless one of its buttons has it);
      // otherwise, if the table had it, the same control if it is still there, else the root.
      const primary = root.querySelector(".kz-panel .kz-primary");
      if (primary && view.overlay && (view.overlay.placement || "modal") === "modal") {
        const same = focused.testid && Array.from(root.querySelectorAll(".kz-panel [data-testid]"))
          .find((n) => n.dataset.testid === focused.testid);
        (usable(same) ? same : primary).focus({ preventScroll: true });
      } else {
        restoreFocus(root, focused);
      }
    }

    function onKey(e) {
      if (e.target !== root || e.ctrlKey || e.metaKey || e.altKey) return;
      // Every key the table acts on stops here (consumeKey): JupyterLab never sees it.
      if (e.key === "h" || e.key === "H" || e.key === "р" || e.key === "Р") {
        const hint = model.get("view").toolbar.find((b) => b.id === "hint");
        if (hint && !hint.disabled) pressButton("hint");
        consumeKey(e);
        return;
      }
      const cards = learnerCards();
      if (!cards.length) return;
      if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        const step = e.key === "ArrowRight" ? 1 : -1;
        selected = selected < 0 ? (step > 0 ? 0 : cards.length - 1) : (selected + step + cards.length) % cards.length;
        draw();
        consumeKey(e);
      } else if (/^[1-9]$/.test(e.key) && Number(e.key) <= cards.length) {
        selected = Number(e.key) - 1;
        draw();
        consumeKey(e);
      } else if ((e.key === "Enter" || e.key === " ") && selected >= 0 && selected < cards.length) {
        playCard(cards[selected].card);
        consumeKey(e);
      }
    }

    function onCustom(msg) {
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "shake") {
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

    root.addEventListener("keydown", onKey);
    model.on("change:view", draw);
    model.on("change:lang", draw);
    model.on("change:four_colour", draw);
    model.on("change:names", draw);
    model.on("msg:custom", onCustom);
    draw();
    focusOnArrival(root);   // the root: its keys (1–9, arrows, Enter, H)
    return () => {
      model.off("change:view", draw);
      model.off("change:lang", draw);
      model.off("change:four_colour", draw);
      model.off("change:names", draw);
      model.off("msg:custom", onCustom);
    };
  },
};
