// A screen of the app that is not the table: home, settings, a section's front page.
// Draws Python's view and sends {type: "button", id} and {type: "choose", group, value}.

export default {
  render({ model, el: host }) {
    const root = el("div", "kz-panel-root");
    host.append(root);

    function button(spec, cls) {
      const b = el("button", `kz-btn ${cls || ""}` + (spec.primary ? " kz-primary" : ""));
      b.type = "button";
      b.dataset.testid = spec.testid;
      b.dataset.id = spec.id;
      if (spec.icon) b.append(el("span", "kz-tile-icon", spec.icon));
      b.append(el("span", "kz-btn-label", spec.label));
      if (spec.title) {
        b.title = spec.title;
        if (cls === "kz-tile") b.append(el("span", "kz-tile-hint", spec.title));
      }
      if (spec.disabled) b.disabled = true;
      b.addEventListener("click", () => {
        busy(b);
        model.send({ type: "button", id: spec.id });
      });
      return b;
    }

    // Until Python answers (a new view, or this screen replaced by another) the pressed
    // button says it is working; the spinner shows only after 0.3 s (see panel.css).
    let idle = null;
    let shownError = null;
    function busy(b) {
      b.classList.add("kz-busy");
      b.setAttribute("aria-busy", "true");
      root.classList.add("kz-waiting");
      clearTimeout(idle);
      idle = setTimeout(() => draw(), 15000);   // never stuck, whatever happened
    }

    function draw() {
      const view = model.get("view");
      clearTimeout(idle);
      root.classList.remove("kz-waiting");
      root.replaceChildren();
      root.lang = model.get("lang");
      if (view.testid) root.dataset.testid = view.testid;
      const head = el("div", "kz-panel-head");
      const titles = el("div", "kz-panel-titles");
      titles.append(el("h1", "kz-panel-h1", view.title));
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
      for (const group of view.groups || []) {
        const box = el("div", "kz-group");
        box.setAttribute("role", "radiogroup");
        const label = el("div", "kz-group-label", group.label);
        box.append(label);
        const row = el("div", "kz-group-options");
        for (const opt of group.options) {
          const b = el("button", "kz-opt", opt.label);
          b.type = "button";
          b.setAttribute("role", "radio");
          b.setAttribute("aria-checked", String(opt.value === group.value));
          b.dataset.testid = opt.testid || `${group.id}-${opt.value}`;
          if (opt.hint) b.title = opt.hint;
          b.addEventListener("click", () => model.send({ type: "choose", group: group.id, value: opt.value }));
          row.append(b);
        }
        box.append(row);
        if (group.hint) {
          const hint = el("p", "kz-group-hint", group.hint);
          hint.dataset.testid = `${group.id}-summary`;
          box.append(hint);
        }
        groups.append(box);
      }
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
    }

    model.on("change:view", draw);
    model.on("change:lang", draw);
    model.on("change:names", draw);
    draw();
    // A pre-started kernel built this screen before the page opened: ask for fresh data, and
    // pass on the page's query string (a teacher's link carries a puzzle set in it).
    model.send({ type: "hello", query: window.location.search || "" });
    return () => {
      clearTimeout(idle);
      model.off("change:view", draw);
      model.off("change:lang", draw);
      model.off("change:names", draw);
    };
  },
};
