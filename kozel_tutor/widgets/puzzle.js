// The puzzle player. Draws Python's view (model "view") and sends back what the learner does:
// {type: "play", card}, {type: "hint"}, {type: "retry"}, {type: "next"}, and {type: "lang", lang}
// from its own language button (in a notebook: lang_switch).
// Whether a card is right, and every value shown, comes from Python; the only local state is
// how far the learner has stepped through the line of play.  Beside what is drawn anew at each
// change, one live region is never redrawn: it reads out Python's words (view.spoken: the
// position of a puzzle put on screen, a hint, the verdict) and each card of the line stepped to.

export default {
  render({ model, el: host }) {
    const root = el("div", "kz-puzzle-root");
    root.tabIndex = -1;
    const content = el("div", "kz-puzzle-content");
    const spoken = liveRegion("kz-puzzle-spoken", "puzzle-spoken", 4);
    const say = spoken.say;
    root.append(content, spoken.node);
    host.append(root);
    keysStayHere(root);
    const send = (msg) => model.send(msg);
    let shownCards = 0;   // cards of the line revealed so far (local presentation state)
    let lineKey = "";

    // Python's names in the UI language: names.cards (token -> "дама пик"), names.suits.
    const names = () => model.get("names") || {};

    function opts(view, token) {
      return { ranks: view.ranks, fourColour: model.get("four_colour"),
               trump: (view.trumps || []).includes(token), names: names().cards };
    }

    function card(token, view, cls) {
      const node = cardElement(token, opts(view, token));
      if (cls) node.classList.add(cls);
      return node;
    }

    // A card of the hand to play from: a legal one plays on a click, Enter or Space; another is
    // dimmed, and reached by the arrow keys all the same (handCard, handKeys).
    function handCardOf(token, view) {
      const node = card(token, view);
      const legal = view.legal.includes(token);
      node.classList.add(legal ? "kz-pickable" : "kz-dim");
      node.dataset.testid = `puzzle-${legal ? "card" : "unplayable"}-${token}`;
      handCard(node, cardName(token, opts(view, token)), legal ? () => send({ type: "play", card: token }) : null);
      return node;
    }

    function drawFelt(view) {
      const felt = el("div", "kz-puzzle-felt");
      const trump = el("span", "kz-badge kz-badge-trump");
      trump.innerHTML = suitSVG(view.trump, { fourColour: model.get("four_colour"), name: (names().suits || {})[view.trump] }) + " ";
      trump.append(document.createTextNode(view.labels.trump));
      trump.dataset.testid = "puzzle-trump";
      felt.append(trump);
      const grid = el("div", "kz-puzzle-grid");
      for (const name of SEAT_ORDER) {
        const seat = view.seats[name];
        const box = el("div", `kz-puzzle-seat kz-puzzle-seat-${name}`);
        box.append(el("div", "kz-puzzle-plate", seat.label));
        const hand = el("div", "kz-puzzle-hand");
        hand.dataset.testid = `puzzle-hand-${name}`;
        if (seat.cards.length) {
          // the learner's hand while a card of it is to be played (none once the puzzle is answered)
          const playing = name === "S" && view.legal.length > 0;
          for (const token of seat.cards) {
            const node = playing ? handCardOf(token, view) : card(token, view, name === "S" ? null : "kz-puzzle-small");
            if (view.feedback && view.feedback.card === token) node.classList.add(view.feedback.correct ? "kz-right" : "kz-wrong");
            hand.append(node);
          }
          if (playing) handKeys(hand);
        } else {
          for (let i = 0; i < Math.min(seat.count, 9); i++) hand.append(cardElement(null, {}));
          hand.classList.add("kz-puzzle-backs");
          hand.setAttribute("role", "img");   // the backs are one picture: "карт: 5"
          hand.setAttribute("aria-label", seat.hidden);
        }
        box.append(hand);
        grid.append(box);
      }
      const centre = el("div", "kz-cross kz-puzzle-centre");
      centre.dataset.testid = "puzzle-trick";
      for (const play of view.trick) {
        const slot = el("div", `kz-cross-${play.seat}`);
        slot.append(card(play.card, view));
        centre.append(slot);
      }
      grid.append(centre);
      felt.append(grid);
      felt.append(el("div", "kz-puzzle-taken", view.taken));
      return felt;
    }

    function drawPlayed(view) {
      const box = el("div", "kz-puzzle-played");
      if (!view.played.length) return box;
      box.append(el("div", "kz-puzzle-caption", view.labels.played));
      const row = el("div", "kz-puzzle-row");
      row.dataset.testid = "puzzle-played";
      for (const token of view.played) row.append(card(token, view, "kz-puzzle-played-card"));
      box.append(row);
      return box;
    }


    // Python's next words, once each, in the view's language (the line is marked with it: a
    // line said before a switch keeps its own). A switch of the language is news too: the
    // puzzle's words are said again, once, in the new language.
    function sayView(view) {
      if (view.spoken) spoken.tell(view.spoken.count, () => view.spoken.text, view.lang);
    }

    // What the cards of the line from the from-th to the to-th (not counting those already on the
    // table) say, with each trick they complete.
    function lineSaid(line, from, to) {
      const said = [];
      let k = 0;
      for (const trick of line.tricks) {
        for (const play of trick.plays) {
          if (play.shown) continue;
          if (k >= from && k < to) {
            said.push(play.said);
            if (play === trick.plays[trick.plays.length - 1]) said.push(trick.said);
          }
          k++;
        }
      }
      return said.join(" ");
    }

    function drawTable(view) {
      const table = el("table", "kz-grid kz-puzzle-table");
      table.dataset.testid = "puzzle-values";
      const head = el("tr");
      for (const h of [view.labels.cards, view.labels.points, view.labels.result, view.labels.why]) {
        const th = el("th", "", h);
        th.scope = "col";
        head.append(th);
      }
      const thead = el("thead");
      thead.append(head);
      table.append(thead);
      const body = el("tbody");
      for (const row of view.cards_table) {
        const tr = el("tr", row.correct ? "kz-right" : "");
        tr.dataset.testid = `puzzle-row-${row.cards[0]}`;
        if (row.chosen) tr.classList.add("kz-chosen");
        // the cell stays a table cell (the row's borders line up); its cards and marks are laid
        // out in a box inside it
        const cell = el("td");
        const cards = el("div", "kz-puzzle-cards");
        for (const token of row.cards) cards.append(card(token, view, "kz-puzzle-tiny"));
        const marks = el("div", "kz-puzzle-marks");
        if (row.correct) marks.append(el("span", "kz-puzzle-mark kz-puzzle-best", view.labels.best));
        if (row.chosen) marks.append(el("span", "kz-puzzle-mark", view.labels.chosen));
        if (marks.childNodes.length) cards.append(marks);
        cell.append(cards);
        tr.append(cell, el("td", "kz-num", row.points === null ? "—" : String(row.points)),
                  el("td", "", row.outcome), el("td", "kz-puzzle-why", row.text));
        body.append(tr);
      }
      table.append(body);
      return table;
    }

    // "Themes: Duck, Make 61", each name with its one-line meaning as a tooltip and, for those
    // who cannot hover, written out below when the line is opened
    function drawThemes(view) {
      const notes = view.feedback.theme_notes || [];
      if (!notes.length) return el("p", "kz-puzzle-themes", `${view.labels.themes}: ${view.feedback.themes}`);
      const box = el("details", "kz-puzzle-themes");
      box.dataset.testid = "puzzle-themes";
      const summary = el("summary", "", `${view.labels.themes}: `);
      notes.forEach((n, i) => {
        const name = el("span", "kz-puzzle-theme", n.label);
        name.title = n.note;
        summary.append(name);
        if (i < notes.length - 1) summary.append(document.createTextNode(", "));
      });
      box.append(summary);
      const list = el("ul", "kz-puzzle-theme-notes");
      for (const n of notes) list.append(el("li", "", n.note));
      box.append(list);
      return box;
    }

    function drawLine(view) {
      const line = view.line;
      const box = el("div", "kz-puzzle-line");
      box.dataset.testid = "puzzle-line";
      box.append(el("h3", "", line.title));
      const key = JSON.stringify(line.tricks.map((t) => t.plays.map((p) => p.card)));
      if (key !== lineKey) { lineKey = key; shownCards = 0; }
      const total = line.tricks.reduce((n, t) => n + t.plays.filter((p) => !p.shown).length, 0);
      let budget = shownCards;
      for (const trick of line.tricks) {
        const visible = trick.plays.filter((p) => p.shown || budget-- > 0);
        if (!visible.length) break;
        const row = el("div", "kz-puzzle-trickrow" + (trick.ours ? " kz-ours" : " kz-theirs"));
        row.dataset.testid = "puzzle-line-trick";
        for (const play of visible) {
          const cell = el("div", "kz-puzzle-play" + (play.shown ? " kz-was-shown" : ""));
          cell.append(card(play.card, view, "kz-puzzle-tiny"), el("span", "kz-puzzle-who", play.who));
          row.append(cell);
        }
        if (visible.length === trick.plays.length) row.append(el("span", "kz-puzzle-trickto", trick.caption));
        box.append(row);
        if (visible.length < trick.plays.length) break;
      }
      const stepTo = (n) => {
        const from = shownCards;
        shownCards = Math.min(total, n);
        draw();
        say(lineSaid(line, from, shownCards), view.lang);
      };
      const nav = el("div", "kz-puzzle-nav");
      nav.append(button(view.labels.step, "puzzle-step", () => stepTo(shownCards + 1),
                        { disabled: shownCards >= total, key: "ArrowRight" }));
      nav.append(button(view.labels.all, "puzzle-step-all", () => stepTo(total),
                        { disabled: shownCards >= total }));
      box.append(nav);
      return box;
    }

    // The title with the puzzle's badges beside it, kept together (when the line is too short
    // they go under it as one group, never one badge alone).
    function drawTop(view) {
      const top = el("div", "kz-puzzle-top");
      const title = el("h2", "kz-puzzle-title", view.header.title);
      title.dataset.testid = "puzzle-title";
      const badges = el("div", "kz-puzzle-badges");
      if (view.header.variant && view.header.variant !== "standard" && view.header.variant_label) {
        const variant = el("span", "kz-badge kz-puzzle-variant", view.header.variant_label);
        variant.dataset.testid = "puzzle-variant";
        badges.append(variant);
      }
      for (const text of [view.header.counter, view.header.difficulty, view.header.rating]) {
        if (text) badges.append(el("span", "kz-badge", text));
      }
      if (model.get("lang_switch")) badges.append(langButton(view, "puzzle-lang", send));
      top.append(title, badges);
      return top;
    }

    // The goal, its label on its own (a tag, as the menu's group names): "ЦЕЛЬ  Спаситесь: …"
    function drawGoal(view) {
      const goal = el("div", "kz-puzzle-goal");
      goal.dataset.testid = "puzzle-goal";
      const label = el("span", "kz-puzzle-goal-label", view.labels.goal);
      label.append(el("span", "kz-sr-only", ": "));   // heard as "Goal: …"
      goal.append(label, el("span", "kz-puzzle-goal-text", view.header.goal));
      return goal;
    }

    // What must be in the window: on a new puzzle (or a retry) its hand and the buttons' row,
    // with the Hint button, and its title too when all of it fits; after a hint, the hint and
    // the buttons; with a verdict, the verdict and its buttons, again when the solver's reasons
    // replace the first words (on a laptop screen they would open below the window). The least
    // scroll that shows the buttons' row, and only while the puzzle has the focus or nothing
    // has (in a notebook, a puzzle being drawn never moves the page).
    let shownPhase = null;
    let shownPuzzle = null;
    let shownHints = 0;
    let wasThinking = false;
    function bringIntoSight(view, nav) {
      const fresh = view.phase === "solve" && (view.header.id !== shownPuzzle || shownPhase !== "solve");
      const hinted = view.hints.length > shownHints;
      const verdict = view.feedback && (shownPhase === "solve" || (wasThinking && !view.thinking));
      shownPhase = view.phase;
      shownPuzzle = view.header.id;
      shownHints = view.hints.length;
      wasThinking = !!view.thinking;
      if (!fresh && !hinted && !verdict) return;
      if (!fresh) {
        // the learner's own act (the control pressed has just been redrawn: no focus yet)
        const active = document.activeElement;
        if (!active || active === document.body || root.contains(active)) nav.scrollIntoView({ block: "nearest" });
        return;
      }
      // a new puzzle: once it has taken the focus (focusOnArrival, restoreFocus: a frame later),
      // so that of a notebook's puzzles only the one being solved moves the page
      requestAnimationFrame(() => requestAnimationFrame(() => {
        if (!root.isConnected || !root.contains(document.activeElement)) return;
        root.querySelector(".kz-puzzle-top")?.scrollIntoView({ block: "nearest" });
        nav.scrollIntoView({ block: "nearest" });
      }));
    }

    const firstControls = (view) => (view.phase === "solve"
      ? ['[data-testid^="puzzle-card-"]', '[data-testid="puzzle-hint"]']
      : ['[data-testid="puzzle-next"]', '[data-testid="puzzle-retry"]', '[data-testid="puzzle-step"]']);
    function draw() {
      const view = model.get("view");
      if (!view || !view.labels) return;
      const focused = focusBefore(root);
      content.replaceChildren();
      root.lang = view.lang;
      pageLang(view.lang);
      root.dataset.phase = view.phase;
      if (view.phase === "empty") {
        const done = el("div", "kz-puzzle-empty", view.message);
        done.dataset.testid = "puzzle-empty";
        content.append(done);
        // in a notebook the widget has its own language button (in the app, the toolbar has it)
        if (model.get("lang_switch")) content.append(langButton(view, "puzzle-lang", send));
        restoreFocus(root, focused);
        sayView(view);
        return;
      }
      content.append(drawTop(view));
      // the story (which leaves the goal to its box) and the goal, the felt, the hints taken,
      // the verdict; the buttons right under them
      if (view.header.story) content.append(el("p", "kz-puzzle-story", view.header.story));
      content.append(drawGoal(view), drawFelt(view));

      if (view.hints.length) {
        const hints = el("ol", "kz-puzzle-hints");
        hints.dataset.testid = "puzzle-hints";
        for (const h of view.hints) hints.append(el("li", "", h));
        content.append(hints);
      }
      if (view.thinking && !view.feedback) {
        const busy = el("div", "kz-puzzle-thinking", view.labels.thinking);
        busy.setAttribute("role", "status");
        busy.dataset.testid = "puzzle-thinking";
        content.append(busy);
      }
      if (view.feedback) {
        // while the solver works the verdict names the best cards and says that the reasons
        // are on their way (Python's words); it is busy until they come
        const fb = el("div", "kz-puzzle-feedback " + (view.feedback.correct ? "kz-right" : "kz-wrong"), view.feedback.text);
        fb.dataset.testid = "puzzle-feedback";
        fb.dataset.correct = String(view.feedback.correct);   // read out by the live region
        if (view.thinking) {
          fb.classList.add("kz-working");
          fb.setAttribute("aria-busy", "true");
        }
        content.append(fb);
        if (view.feedback.themes) content.append(drawThemes(view));
      }
      if (view.note) content.append(el("p", "kz-puzzle-note", view.note));

      // the buttons right under the verdict, above the long table and line; the puzzle's keys
      // beside them, where they take no room of their own
      const nav = el("div", "kz-puzzle-nav");
      if (view.keys) {
        const keys = el("p", "kz-puzzle-keys", view.keys);
        keys.dataset.testid = "puzzle-keys";
        nav.append(keys);
      }
      if (view.hint_button) nav.append(button(view.hint_button, "puzzle-hint", () => send({ type: "hint" }), { key: "h" }));
      if (view.phase !== "solve") {
        nav.append(button(view.labels.retry, "puzzle-retry", () => send({ type: "retry" }), { key: "r" }));
        nav.append(button(view.labels.next, "puzzle-next", () => send({ type: "next" }), { primary: true, key: "n" }));
      }
      content.append(nav);
      if (view.cards_table.length) content.append(drawTable(view));
      if (view.line) content.append(drawLine(view));
      // the cards already out: for reference, under the buttons (the hand and the Hint button
      // come first, on a laptop's screen)
      content.append(drawPlayed(view));
      bringIntoSight(view, nav);
      // The same control if it is still there; else, on a new puzzle, its first card to play (or
      // the Hint button), after an answer, Next (or Retry, or the line's steps).
      restoreFocus(root, focused, firstControls(view));
      sayView(view);
    }

    // The puzzle's keys: h hint, n next, r retry (the same keys in the Russian layout, р т к, and
    // with Caps Lock), ArrowRight the line's next card. While a puzzle is on screen h, n and r are
    // always the widget's (acted on when their button is there), so they never reach the page
    // (in JupyterLab "r" would turn the cell into a raw cell); every other key (save the hand's
    // own: its arrows, Enter, Space, handKeys), and every key with a modifier, passes through
    // untouched.
    const KEYS = { h: "hint", "р": "hint", n: "next", "т": "next", r: "retry", "к": "retry" };
    root.addEventListener("keydown", (e) => {
      if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA")) return;
      const view = model.get("view");
      if (!view || view.phase === "empty" || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return;
      const action = KEYS[e.key.length === 1 ? e.key.toLowerCase() : ""];
      if (action === "hint") {
        if (view.hint_button) send({ type: "hint" });
      } else if (action === "next" || action === "retry") {
        if (view.phase !== "solve") send({ type: action });
      } else if (e.key === "ArrowRight" && view.line) {
        root.querySelector('[data-testid="puzzle-step"]')?.click();
      } else {
        return;
      }
      consumeKey(e);
    });
    const redraw = whenReleased(root, draw);
    model.on("change:view", redraw);
    model.on("change:names", redraw);
    model.on("change:four_colour", redraw);
    draw();
    const first = model.get("view");
    if (first && first.labels && first.phase !== "empty") focusOnArrival(root, firstControls(first));
  },
};
