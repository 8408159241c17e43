// The lesson player. Draws Python's view (model "view") and sends back what the learner does:
// {type: "answer", value}, {type: "next"}, {type: "back"}, {type: "hint"}, {type: "restart"},
// {type: "lang", lang}, {type: "next_lesson"}, {type: "way", key}, {type: "exit"}. Whether an answer is right is decided
// in Python, never here.

let lessonUid = 0;

export default {
  render({ model, el: host }) {
    const root = el("div", "kz-lesson-root");
    root.tabIndex = -1;   // the focus stays in the widget even when a step has no control
    host.append(root);
    keysStayHere(root);
    // What is drawn anew on every change of the view, and, beside it and never redrawn, the one
    // live region through which Python's words reach a screen reader (view.spoken: the new
    // step, the hint, the verdict, the end of the lesson). A region drawn already filled is
    // often not read; this one is on the page, empty, before its first sentence.
    const content = el("div", "kz-lesson-content");
    const spoken = liveRegion("kz-lesson-spoken", "lesson-spoken", 3);
    root.append(content, spoken.node);
    // The step's text, by id: the answer controls are described by it (the question is read
    // with the seat, the card or the box that answers it).
    const textId = `kz-lesson-${lessonUid++}-text`;
    const describe = (node) => node.setAttribute("aria-describedby", textId);
    const send = (msg) => model.send(msg);
    const answer = (value) => send({ type: "answer", value: String(value) });

    // Python's names in the UI language: names.cards (token -> "дама пик"), names.suits.
    const names = () => model.get("names") || {};

    function cardOpts(view) {
      return { ranks: view.ranks, fourColour: model.get("four_colour"), names: names().cards };
    }

    // Whether the task is answered by picking one of these cards (a hand, a row, the trick):
    // then each is a button, reached by the arrow keys (handKeys).
    function picking(view, tokens) {
      const a = view.answer;
      return !!a && a.kind === "card" && !a.solved && tokens.some((t) => view.scene.clickable.includes(t));
    }

    // A card; of cards to pick from (extra.pick), a button that answers the task with it on a
    // click, Enter or Space, or, if it cannot answer it, one that says so and does nothing.
    function card(token, view, extra = {}) {
      const scene = view.scene;
      const a = view.answer;
      const node = cardElement(token, Object.assign({ trump: (scene.trumps || []).includes(token) }, cardOpts(view)));
      if (extra.small) node.classList.add("kz-lesson-small");
      if (a && a.last === token && view.feedback) node.classList.add(view.feedback.correct ? "kz-right" : "kz-wrong");
      if (extra.pick) {
        const open = scene.clickable.includes(token);
        if (open) node.classList.add("kz-pickable");
        node.dataset.testid = `lesson-${open ? "card" : "unplayable"}-${token}`;
        handCard(node, cardName(token, cardOpts(view)), open ? () => answer(token) : null);
        describe(node);
      }
      return node;
    }

    function drawSeats(view) {
      const scene = view.scene;
      const felt = el("div", "kz-lesson-felt");
      // no trick on the table: the middle keeps only a little room, not a trick's
      if (!scene.trick.length) felt.classList.add("kz-lesson-felt-open");
      for (const name of SEAT_ORDER) {
        const seat = scene.seats[name];
        const box = el("div", `kz-lesson-seat kz-lesson-seat-${name}`);
        let plate;
        if (scene.seat_buttons && view.answer && !view.answer.solved) {
          plate = button(seat.label, `lesson-seat-${name}`, () => answer(name));
          plate.classList.add("kz-lesson-plate");
          plate.setAttribute("aria-label", seat.name);   // «Север, С», not a bare «С»
          describe(plate);
        } else {
          plate = el("div", "kz-lesson-plate", seat.label);
          plate.dataset.testid = `lesson-seat-${name}`;
        }
        if (view.answer && view.answer.kind === "seat" && view.answer.last === name && view.feedback) {
          plate.classList.add(view.feedback.correct ? "kz-right" : "kz-wrong");
        }
        if (scene.dealer === name) plate.append(el("span", "kz-lesson-dealer", view.labels.dealer));
        box.append(plate);
        if (seat.cards.length) {
          const hand = el("div", "kz-lesson-hand");
          const pick = picking(view, seat.cards);
          for (const token of seat.cards) hand.append(card(token, view, { small: name !== "S", pick }));
          if (pick) handKeys(hand);
          box.append(hand);
        }
        felt.append(box);
      }
      const centre = el("div", "kz-cross kz-lesson-centre");
      centre.dataset.testid = "lesson-trick";
      const pick = picking(view, scene.trick.map((play) => play.card));
      for (const play of scene.trick) {
        const slot = el("div", `kz-cross-${play.seat}`);
        slot.append(card(play.card, view, { pick }));
        centre.append(slot);
      }
      if (pick) handKeys(centre);
      felt.append(centre);
      return felt;
    }

    function drawSheet(sheet) {
      const box = el("div", "kz-lesson-sheet");
      const table = el("table", "kz-grid");
      table.dataset.testid = "lesson-sheet";
      const head = el("tr");
      for (const cell of sheet.head) head.append(el("th", "", cell));
      const thead = el("thead");
      thead.append(head);
      table.append(thead);
      const body = el("tbody");
      for (const row of sheet.rows) {
        const tr = el("tr");
        for (const cell of row) tr.append(el("td", "", cell));
        body.append(tr);
      }
      table.append(body);
      box.append(table);
      if (sheet.note) box.append(el("p", "kz-lesson-note", sheet.note));
      return box;
    }

    // An explanation with nothing to show (no seats, cards or sheet) gets no empty table.
    function sceneIsEmpty(scene) {
      return !scene.trump && !scene.seats && !scene.row.length && !scene.played.length
        && !scene.sheet && !scene.info.length;
    }

    function drawScene(view) {
      const scene = view.scene;
      if (sceneIsEmpty(scene)) return null;
      const box = el("div", "kz-lesson-scene");
      if (scene.trump) {
        const badge = el("span", "kz-badge kz-badge-trump");
        badge.dataset.testid = "lesson-trump";
        badge.innerHTML = suitSVG(scene.trump, { fourColour: model.get("four_colour"), name: (names().suits || {})[scene.trump] }) + " ";
        badge.append(document.createTextNode(view.labels.trump));
        box.append(badge);
      }
      if (scene.seats) box.append(drawSeats(view));
      if (scene.row.length) {
        const row = el("div", "kz-lesson-row");
        row.dataset.testid = "lesson-cards";
        const pick = picking(view, scene.row);
        for (const token of scene.row) row.append(card(token, view, { small: scene.row.length > 12, pick }));
        if (pick) handKeys(row);
        box.append(row);
      }
      if (scene.played.length) {
        const played = el("div", "kz-lesson-played");
        played.append(el("div", "kz-lesson-caption", view.labels.played));
        const row = el("div", "kz-lesson-row");
        for (const token of scene.played) row.append(card(token, view, { small: true }));
        played.append(row);
        box.append(played);
      }
      if (scene.sheet) box.append(drawSheet(scene.sheet));
      for (const line of scene.info) box.append(el("p", "kz-lesson-info", line));
      return box;
    }

    function drawAnswer(view) {
      const a = view.answer;
      const box = el("div", "kz-lesson-answer");
      if (!a || a.solved) return box;
      if (a.kind === "number") {
        // a text box with the digits keyboard: what was typed reaches Python as typed («+30»,
        // «３０», «2.5»), which reads it or says what is wanted (a number box would pass on ""
        // for some and keep a spinner that steps by one)
        const input = el("input", "kz-lesson-number");
        input.type = "text";
        input.inputMode = "numeric";
        input.autocomplete = "off";
        input.spellcheck = false;
        input.dataset.testid = "lesson-number";
        input.setAttribute("aria-label", view.labels.answer_here);
        describe(input);
        if (a.last !== null && view.feedback && !view.feedback.correct) input.value = a.last;
        // What was typed and refused (not a whole number: not a try), with what is wanted; the
        // live region says it.
        const refused = a.refused ? el("p", "kz-lesson-note", a.refused.text) : null;
        if (refused) {
          input.value = a.refused.typed;
          input.setAttribute("aria-invalid", "true");
          refused.dataset.testid = "lesson-number-refused";
        }
        // An empty box is not an answer: say so.
        const empty = el("p", "kz-lesson-note", view.labels.number_first);
        empty.dataset.testid = "lesson-number-empty";
        empty.setAttribute("role", "alert");
        const submit = () => {
          const value = input.value.trim();
          if (value !== "") { answer(value); return; }
          input.setAttribute("aria-invalid", "true");
          if (refused) refused.remove();
          if (!empty.isConnected) box.append(empty);
          input.focus();
        };
        input.addEventListener("input", () => {
          input.removeAttribute("aria-invalid");
          empty.remove();
          if (refused) refused.remove();
        });
        input.addEventListener("keydown", (e) => { if (e.key === "Enter") { consumeKey(e); submit(); } });
        box.append(input, button(view.labels.check, "lesson-check", submit, { primary: true }));
        if (refused) box.append(refused);
      } else if (a.kind === "choice") {
        for (const c of a.choices) {
          const b = button(c.label, `lesson-choice-${c.value}`, () => answer(c.value));
          describe(b);
          if (a.last === c.value && view.feedback) b.classList.add(view.feedback.correct ? "kz-right" : "kz-wrong");
          box.append(b);
        }
      } else if (a.kind === "suit") {
        for (const s of ["C", "S", "H", "D"]) {
          const b = button("", `lesson-suit-${s}`, () => answer(s));
          b.innerHTML = suitSVG(s, { fourColour: model.get("four_colour") });
          b.classList.add("kz-suit-btn");
          b.setAttribute("aria-label", (names().suits || {})[s] || s);
          describe(b);
          box.append(b);
        }
      }
      return box;
    }

    function draw() {
      const view = model.get("view");
      if (!view || !view.lesson) return;
      const focused = focusBefore(root);
      content.replaceChildren();
      // a step with the seats at a table: in a short, wide window the table stands beside the
      // question, the answer and the buttons (lesson.css), so that all of them are in sight
      root.classList.toggle("kz-lesson-tabled", Boolean(view.scene && view.scene.seats));
      root.lang = view.lang;
      pageLang(view.lang);

      const top = el("div", "kz-lesson-top");
      const title = el("h2", "kz-lesson-title", `${view.lesson.number}. ${view.lesson.title}`);
      title.dataset.testid = "lesson-title";
      const dots = el("div", "kz-lesson-dots");
      dots.setAttribute("role", "img");   // one picture named "Шаг 2 / 5"; the dots inside are not read
      dots.setAttribute("aria-label", `${view.labels.step} ${view.step.index + 1} / ${view.step.count}`);
      view.dots.forEach((state) => dots.append(el("span", `kz-lesson-dot kz-dot-${state}`)));
      top.append(title, dots, langButton(view, "lesson-lang", send));

      const text = el("p", "kz-lesson-text", view.step.text);
      text.dataset.testid = "lesson-text";
      text.id = textId;
      content.append(top, text);
      const scene = drawScene(view);
      if (scene) content.append(scene);
      content.append(drawAnswer(view));

      if (view.feedback) {
        const fb = el("div", "kz-lesson-feedback " + (view.feedback.correct ? "kz-right" : "kz-wrong"), view.feedback.text);
        fb.dataset.testid = "lesson-feedback";
        fb.dataset.correct = String(view.feedback.correct);   // read out by the live region
        content.append(fb);
      }
      const feedbackKey = view.feedback ? `${view.step.index}\n${view.answer && view.answer.last}\n${view.feedback.text}` : null;
      if (view.hint) {
        const hint = el("div", "kz-lesson-hint", view.hint);
        hint.dataset.testid = "lesson-hint-text";   // read out by the live region
        content.append(hint);
      }
      if (view.done) {
        const done = el("div", "kz-lesson-done");
        done.dataset.testid = "lesson-done";
        const stars = el("div", "kz-lesson-stars", "★".repeat(view.done.stars) + "☆".repeat(3 - view.done.stars));
        stars.dataset.testid = "lesson-stars";
        stars.setAttribute("role", "img");   // one picture, named "Звёзды: 2 / 3"
        stars.setAttribute("aria-label", `${view.labels.stars}: ${view.done.stars} / 3`);
        // The way on: the next lesson, or after the last one the app's ways on (a match, the
        // puzzles), the first the main one; then the list of lessons (in the app), this lesson
        // again. The focus lands on the first of them (FIRST_CONTROLS).
        const actions = el("div", "kz-lesson-done-actions");
        if (view.done.next) {
          actions.append(button(`${view.labels.next_lesson}: ${view.done.next.title}`, "lesson-next-lesson",
            () => send({ type: "next_lesson" }), { primary: true }));
        }
        (view.done.ways || []).forEach((way, i) => {
          const b = button(way.label, `lesson-way-${way.key}`, () => send({ type: "way", key: way.key }), { primary: i === 0 });
          b.classList.add("kz-lesson-way");
          actions.append(b);
        });
        if (model.get("exit_label")) actions.append(button(model.get("exit_label"), "lesson-exit", () => send({ type: "exit" })));
        actions.append(button(view.labels.restart, "lesson-restart", () => send({ type: "restart" })));
        done.append(stars, el("p", "", view.done.text), actions);
        content.append(done);
      }

      const nav = el("div", "kz-lesson-nav");
      if (model.get("exit_label") && !view.done) {
        const exit = button(model.get("exit_label"), "lesson-exit", () => send({ type: "exit" }));
        exit.classList.add("kz-lesson-exit");
        nav.append(exit);
      }
      nav.append(button(view.labels.back, "lesson-back", () => send({ type: "back" }), { disabled: !view.can_back }));
      if (view.answer && !view.answer.solved) {
        // Disabled once the hint is on screen, in its box or in a wrong answer's nudge.
        nav.append(button(view.labels.hint, "lesson-hint", () => send({ type: "hint" }), { disabled: !view.can_hint }));
      }
      if (!view.done) {   // at the end the way on is in the box above
        nav.append(button(view.labels.next, "lesson-next", () => send({ type: "next" }), { primary: true, disabled: !view.can_next }));
      }
      content.append(nav);

      // The same control if it is still there, else the step's first answer control (in page
      // order: a card, a seat, a suit, a choice, the number), else Next, Next lesson, the first
      // way on, Start again, Hint, Back.
      restoreFocus(root, focused, FIRST_CONTROLS);
      // a new verdict comes into the window (below a short one, after a wrong card)
      if (feedbackKey && feedbackKey !== shownFeedback) reveal(root.querySelector(".kz-lesson-feedback"));
      shownFeedback = feedbackKey;
      speak(view.spoken, view.lang);
    }
    let shownFeedback = null;

    // The number just typed was refused (Python's "refused_at", after the view that says why):
    // back into the box, to put it right.
    function retypeRefused() {
      const box = root.querySelector('[data-testid="lesson-number"]');
      if (box && root.contains(document.activeElement)) focusOn(box);
    }

    // A new sentence from Python (a new count) is added to the live region and read out, in
    // its language (the lines said before a switch keep theirs); the last few stay (for a look
    // back). A new step's question is read with the answer control the focus lands on (the
    // question describes it), so the region then says only the step's number (news.brief): a
    // screen reader does not read the question twice.
    function words(news) {
      const focus = document.activeElement;
      const described = focus && root.contains(focus) && focus.getAttribute("aria-describedby") === textId;
      return news.brief && described ? news.brief : news.text;
    }
    function speak(news, lang) {
      if (news) spoken.tell(news.count, () => words(news), lang);
    }
    const FIRST_CONTROLS = [
      ".kz-pickable, button.kz-lesson-plate, .kz-lesson-answer input, .kz-lesson-answer button",
      '[data-testid="lesson-next"]', '[data-testid="lesson-next-lesson"]', ".kz-lesson-way",
      '[data-testid="lesson-restart"]',
      '[data-testid="lesson-hint"]', '[data-testid="lesson-back"]',
    ];

    const redraw = whenReleased(root, draw);
    model.on("change:view", redraw);
    model.on("change:names", redraw);
    model.on("change:four_colour", redraw);
    model.on("change:exit_label", redraw);
    model.on("change:refused_at", retypeRefused);
    draw();
    focusOnArrival(root, FIRST_CONTROLS);
  },
};
