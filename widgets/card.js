// Front end of the Fox in the Forest widgets (anywidget ESM, no build step, no network).
//
// Python draws everything (foxlib.svg); this module only places the drawings, makes cards
// focusable and clickable, and reports each click or key press back to Python as a message
// {event: "click", card: "9M"}. Python decides what a click means, using the rules engine.

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-3 -3 106 146" aria-hidden="true" focusable="false">';

function cardElement(item, model) {
  const el = document.createElement("div");
  el.className = "fox-card";
  if (item.selected) el.classList.add("fox-selected");
  if (item.dimmed) el.classList.add("fox-dimmed");
  if (item.face_down) el.classList.add("fox-face-down");
  el.dataset.card = item.card || "";
  el.setAttribute("aria-label", item.label);
  el.title = item.title || item.label;
  el.innerHTML = SVG_OPEN + item.body + "</svg>";
  if (item.clickable) {
    el.classList.add("fox-clickable");
    el.setAttribute("role", "button");
    el.tabIndex = 0;
    el.setAttribute("aria-pressed", item.selected ? "true" : "false");
    // Dimmed cards stay clickable on purpose (trying one shows the engine's reason), so they
    // are not marked aria-disabled; their label says "(cannot be played now)" instead.
    const send = () => model.send({ event: "click", card: item.card });
    el.addEventListener("click", send);
    el.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " " || e.key === "Spacebar") {
        e.preventDefault();
        send();
      } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
        const sib = e.key === "ArrowRight" ? el.nextElementSibling : el.previousElementSibling;
        if (sib && sib.tabIndex === 0) {
          e.preventDefault();
          sib.focus();
        }
      }
    });
  } else {
    el.setAttribute("role", "img");
  }
  return el;
}

function drawCards(model, el) {
  // Keep keyboard focus on the same position after the row is redrawn (e.g. after a play).
  const active = el.contains(document.activeElement) ? document.activeElement : null;
  const focusIndex = active ? Array.prototype.indexOf.call(el.firstChild.children, active) : -1;
  const row = document.createElement("div");
  row.className = "fox-cards fox-size-" + model.get("size");
  const items = model.get("_items");
  const label = model.get("label");
  // A lone card names itself; a row of cards is a group with its own name.
  if (items.length !== 1) {
    row.setAttribute("role", "group");
    if (label) row.setAttribute("aria-label", label);
  }
  if (!items.length) {
    const empty = document.createElement("span");
    empty.className = "fox-empty";
    empty.textContent = model.get("empty_text");
    row.appendChild(empty);
  }
  for (const item of items) row.appendChild(cardElement(item, model));
  el.replaceChildren(row);
  if (focusIndex >= 0) {
    const cards = row.querySelectorAll(".fox-clickable");
    const target = cards[Math.min(focusIndex, cards.length - 1)];
    if (target) target.focus();
  }
}

function drawHtml(model, el) {
  const box = document.createElement("div");
  box.className = "fox-html";
  box.innerHTML = model.get("html");
  el.replaceChildren(box);
}

export default {
  render({ model, el }) {
    el.classList.add("fox-widget");
    const kind = model.get("_kind");
    const draw = () => (kind === "html" ? drawHtml(model, el) : drawCards(model, el));
    draw();
    const names = kind === "html" ? ["html"] : ["_items", "size", "label", "empty_text"];
    for (const name of names) model.on("change:" + name, draw);
    return () => {
      for (const name of names) model.off("change:" + name, draw);
    };
  },
};
