// A button that opens the file picker and sends the chosen files to Python, one message with one
// buffer per file. A file that would take the message past max_bytes is not read: Python is told
// its name and size ("sent": false) and says why. No words here: the label comes from Python.

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
    host.append(root);

    let reading = false;
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

    input.addEventListener("change", async () => {
      const files = Array.from(input.files || []);
      if (!files.length) return;
      reading = true;
      draw();
      const limit = model.get("max_bytes");
      const meta = [];
      const buffers = [];
      let total = 0;
      try {
        for (const file of files) {
          const sent = file.size <= limit - total;
          meta.push({ name: file.name, size: file.size, sent });
          if (sent) {
            buffers.push(await file.arrayBuffer());
            total += file.size;
          }
        }
        model.send({ type: "files", files: meta }, undefined, buffers);
      } catch (err) {
        model.send({ type: "unreadable", files: files.map((f) => ({ name: f.name, size: f.size, sent: false })) });
      } finally {
        reading = false;
        draw();
        button.focus({ preventScroll: true });
      }
    });

    model.on("change", draw);
    draw();
    return () => model.off("change", draw);
  },
};
