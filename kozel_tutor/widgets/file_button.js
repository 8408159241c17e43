// A button that opens the file picker and sends the chosen files to Python: one buffer per file,
// in as many messages as it takes to keep each within max_bytes and max_files. A file larger than
// max_bytes is not read: Python is told its name and size ("sent": false) and says why. No words
// here: the label comes from Python. Each message is named ("batch"), and Python answers it
// ({"type": "received", "batch"}) once the screen has what came of it: until then the button is
// busy (or for ANSWER_WAIT_MS at most, should no answer ever come). Python may give the button
// the focus back ({"type": "focus"}): it decides when, this only moves it.

const ANSWER_WAIT_MS = 60_000;

export default {
  render({ model, el: host }) {
    const root = document.createElement("div");
    root.className = "kz-file";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "kz-file-btn";
    const icon = document.createElement("span");
    icon.className = "kz-file-icon";
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = "⤒";
    const label = document.createElement("span");
    const input = document.createElement("input");
    input.type = "file";
    input.hidden = true;
    input.tabIndex = -1;
    button.append(icon, label);
    root.append(button, input);
    // the widget's box (Lumino's .lm-Widget clips its overflow) lets the button's focus ring
    // show whole (file_button.css)
    host.classList.add("kz-file-host");
    host.append(root);

    let reading = false;
    // the messages sent and not yet answered: batch name -> what ends the wait for it
    const waiting = new Map();
    const me = Math.random().toString(36).slice(2, 10);   // another view's names differ
    let count = 0;
    function answered(batch) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => { waiting.delete(batch); resolve(); }, ANSWER_WAIT_MS);
        waiting.set(batch, () => { clearTimeout(timer); waiting.delete(batch); resolve(); });
      });
    }
    function hear(msg) {
      if (msg && msg.type === "received" && waiting.has(msg.batch)) waiting.get(msg.batch)();
      // (while it reads, the button takes the focus back once it is done: below)
      if (msg && msg.type === "focus" && !reading) takeFocus();
    }

    // The focus on the button, and the button in sight: the page scrolls only as far as it must
    // (a button in sight stays put, so what the screen said stays where the learner reads it,
    // and in sight as far as the window has room for both). In the next frame: after the page's
    // own scrolling to what it said (a panel brings its error into sight then).
    function takeFocus() {
      button.focus({ preventScroll: true });
      requestAnimationFrame(() => {
        if (document.activeElement === button) button.scrollIntoView({ block: "nearest" });
      });
    }

    function draw() {
      label.textContent = model.get("description");
      button.dataset.testid = model.get("testid");
      button.disabled = model.get("disabled") || reading;
      button.classList.toggle("kz-busy", reading);
      button.setAttribute("aria-busy", reading ? "true" : "false");
      input.accept = model.get("accept");
      input.multiple = model.get("multiple");
    }

    button.addEventListener("click", (e) => {
      e.stopPropagation();
      input.value = "";   // choosing the same file again is a new choice
      input.click();
    });

    // Files go in batches that each fit one message: max_bytes of content, max_files files.
    // A file larger than max_bytes on its own is named ("sent": false), never read.
    function batches(files, limit, most) {
      const out = [];
      let batch = [];
      let total = 0;
      for (const file of files) {
        const fits = file.size <= limit;
        if (batch.length && (batch.length >= most || (fits && total + file.size > limit))) {
          out.push(batch);
          batch = [];
          total = 0;
        }
        batch.push({ file, sent: fits });
        if (fits) total += file.size;
      }
      if (batch.length) out.push(batch);
      return out;
    }

    input.addEventListener("change", async () => {
      const files = Array.from(input.files || []);
      if (!files.length) return;
      reading = true;
      draw();
      try {
        for (const batch of batches(files, model.get("max_bytes"), model.get("max_files"))) {
          const meta = batch.map(({ file, sent }) => ({ name: file.name, size: file.size, sent }));
          const name = `${me}-${++count}`;
          let buffers = [];
          try {
            for (const { file, sent } of batch) if (sent) buffers.push(await file.arrayBuffer());
          } catch (err) {
            buffers = null;
          }
          const answer = answered(name);
          if (buffers) model.send({ type: "files", files: meta, batch: name }, undefined, buffers);
          else {
            model.send({ type: "unreadable", batch: name,
                         files: meta.map((m) => ({ ...m, sent: false })) });
          }
          await answer;   // the screen has read it: the next batch, or the button again
        }
      } finally {
        reading = false;
        draw();
        takeFocus();   // the focus back on the button, what the screen said of the files in sight
      }
    });

    model.on("change", draw);
    model.on("msg:custom", hear);
    draw();
    return () => {
      model.off("change", draw);
      model.off("msg:custom", hear);
      for (const done of [...waiting.values()]) done();
    };
  },
};
