// A typed number answer for the puzzle page (anywidget ESM, no build step, no network).
//
// One field and one Check button. The answer is sent to Python once, as a message
// {event: "submit", value: "7"}, when Check is clicked or Enter is pressed in the field: never
// when the field merely loses focus (that used to send it a second time, and the second
// answer was refused as "This attempt is over").

let counter = 0;

export default {
  render({ model, el }) {
    el.classList.add("fox-pz-number");
    const id = "fox-pz-number-" + ++counter;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = model.get("label");
    const input = document.createElement("input");
    input.id = id;
    input.type = "text";
    input.inputMode = "numeric";
    input.autocomplete = "off";
    input.placeholder = model.get("placeholder");
    input.value = model.get("value");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "jupyter-button widget-button mod-primary fox-pz-check";
    button.textContent = "Check";
    button.title = "Check your answer";
    const submit = () => model.send({ event: "submit", value: input.value });
    button.addEventListener("click", submit);
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        submit();
      }
    });
    const refresh = () => {
      input.value = model.get("value"); // Python empties the field for a new attempt
      input.disabled = button.disabled = model.get("disabled");
    };
    const focus = (msg) => {
      if (msg && msg.do === "focus") input.focus(); // Python's widget.focus(): the field
    };
    model.on("change:value", refresh);
    model.on("change:disabled", refresh);
    model.on("msg:custom", focus);
    refresh();
    el.replaceChildren(label, input, button);
    return () => {
      model.off("change:value", refresh);
      model.off("change:disabled", refresh);
      model.off("msg:custom", focus);
    };
  },
};
