// A button that opens the browser's file chooser (anywidget ESM, no build step, no network).
//
// ipywidgets' FileUpload writes a "(0)" counter into its label and cuts long labels off; this
// is a plain button with its whole label. The chosen file goes to Python once, as a message
// {event: "file", name, size} with the file's bytes as its one buffer (or, for a file over
// max_bytes, {event: "file", name, size, too_big: true} and no bytes).

export default {
  render({ model, el }) {
    el.classList.add("fox-file-button");
    const input = document.createElement("input");
    input.type = "file";
    input.hidden = true;
    input.tabIndex = -1;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "jupyter-button widget-button";
    const refresh = () => {
      button.textContent = model.get("description");
      button.title = model.get("tooltip") || model.get("description");
      input.accept = model.get("accept");
      button.disabled = model.get("disabled");
    };
    button.addEventListener("click", () => input.click());
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      input.value = ""; // the same file, corrected, may be chosen again
      if (!file) return;
      const head = { event: "file", name: file.name, size: file.size };
      if (file.size > model.get("max_bytes")) {
        model.send({ ...head, too_big: true });
        return;
      }
      model.send(head, undefined, [await file.arrayBuffer()]);
    });
    for (const name of ["description", "tooltip", "accept", "disabled"]) {
      model.on(`change:${name}`, refresh);
    }
    refresh();
    el.replaceChildren(button, input);
    return () => {
      for (const name of ["description", "tooltip", "accept", "disabled"]) {
        model.off(`change:${name}`, refresh);
      }
    };
  },
};
