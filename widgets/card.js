// Front end of the Fox in the Forest widgets (anywidget ESM, no build step, no network).
//
// Python draws everything (foxlib.words.svg); this module only places the drawings, makes cards
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
  if (item.disabled) {
    // A decision is pending that no card of this row answers: the card is announced as a
    // button that is not available, is never focused, and a click does nothing.
    el.classList.add("fox-disabled");
    el.setAttribute("role", "button");
    el.setAttribute("aria-disabled", "true");
  } else if (item.clickable) {
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

function actionButton(model) {
  // Looks like an ipywidgets Button (the page's own button style), drawn here so that a
  // block of text and its button are one widget.
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-widgets jupyter-button widget-button fox-action";
  button.title = model.get("action_tooltip") || model.get("action");
  const icon = model.get("action_icon");
  if (icon) {
    const i = document.createElement("i");
    i.className = "fa fa-" + icon;
    i.setAttribute("aria-hidden", "true");
    button.append(i, " ");
  }
  button.append(model.get("action"));
  button.addEventListener("click", () => model.send({ event: "press" }));
  return button;
}

function drawHtml(model, el) {
  const box = document.createElement("div");
  box.className = "fox-html";
  box.innerHTML = model.get("html");
  if (model.get("action")) box.appendChild(actionButton(model));
  el.replaceChildren(box);
  revealTarget(box);
}

// ----------------------------------------------------------------------------- #anchors
// A link such as rulings.ipynb#special-cards-sc10 names an element that only exists once its
// widget is drawn, after the browser has looked for it. So each drawn block looks for the
// address's anchor itself: it highlights it and scrolls it into view, again while the widgets
// above it are still being drawn (they push it down), until the page is still for a moment
// or the reader scrolls.

const MARGIN = 12; // px left above the anchored element

function anchorId() {
  try {
    return decodeURIComponent(window.location.hash.slice(1));
  } catch (e) {
    return "";
  }
}

function highlight(target) {
  // The anchored element and, on the rulings page, the whole ruling with its button.
  for (const old of document.querySelectorAll(".fox-target")) old.classList.remove("fox-target");
  target.classList.add("fox-target");
  const box = target.closest(".fox-ruling-box");
  if (box) box.classList.add("fox-target");
}

function keepInView(target) {
  const fox = globalThis.__foxExplorer;
  fox.following = target;
  let still = 0;
  let frames = 0;
  const stop = () => {
    if (fox.following === target) fox.following = null;
  };
  for (const kind of ["wheel", "touchstart", "keydown", "mousedown"]) {
    window.addEventListener(kind, stop, { once: true, capture: true });
  }
  const step = () => {
    if (fox.following !== target || !target.isConnected) return;
    const top = target.getBoundingClientRect().top;
    if (Math.abs(top - MARGIN) > 2) {
      target.scrollIntoView({ block: "start" });
      still = 0;
    } else {
      still += 1;
    }
    frames += 1;
    if (still < 30 && frames < 600) window.requestAnimationFrame(step);
    else stop();
  };
  step();
}

function revealTarget(root) {
  const id = anchorId();
  if (!id) return;
  const target = root.querySelector('[id="' + CSS.escape(id) + '"]');
  if (!target) return;
  highlight(target);
  const fox = globalThis.__foxExplorer;
  if (fox.revealed === id) return; // a redraw (e.g. its button pressed) does not scroll again
  fox.revealed = id;
  const shown = target.closest(".fox-ruling-box") || target; // the ruling with its button
  shown.style.scrollMarginTop = MARGIN + "px";
  keepInView(shown);
}

function followHashChanges() {
  // Links inside the page (the rulings' contents) change only the #anchor: highlight it.
  const fox = globalThis.__foxExplorer;
  if (fox.hashListener) return;
  fox.hashListener = () => {
    const id = anchorId();
    const target = id && document.getElementById(id);
    fox.revealed = id; // the browser scrolls to it itself
    if (target && target.closest(".fox-html")) highlight(target);
  };
  window.addEventListener("hashchange", fox.hashListener);
}

function focusWhenDrawn(root, selector) {
  // Widgets that Python has just added are drawn a few frames later: look for the target
  // at each frame, for about five seconds at most.
  let frames = 0;
  const step = () => {
    const target = root.querySelector(selector);
    if (target && target.offsetParent !== null) target.focus();
    else if (++frames < 300) requestAnimationFrame(step);
  };
  step();
}

const widget = {
  render({ model, el }) {
    el.classList.add("fox-widget");
    const kind = model.get("_kind");
    const draw = () => (kind === "html" ? drawHtml(model, el) : drawCards(model, el));
    draw();
    const names = kind === "html"
      ? ["html", "action", "action_icon", "action_tooltip"]
      : ["_items", "size", "label", "empty_text"];
    for (const name of names) model.on("change:" + name, draw);
    // Python's widget.focus() (e.g. the puzzle player after Retry): the first card (or button)
    // that can be pressed takes the keyboard focus, so the learner does not tab back to it.
    const focus = (msg) => {
      if (msg && msg.do === "focus") {
        const target = el.querySelector(".fox-clickable, button");
        if (target) target.focus();
      } else if (msg && msg.do === "focus_in") {
        focusWhenDrawn(el.closest(msg.scope) || document, msg.target);
      }
    };
    model.on("msg:custom", focus);
    return () => {
      for (const name of names) model.off("change:" + name, draw);
      model.off("msg:custom", focus);
    };
  },
};

// Every Fox widget draws with this module: it is sent to the page once (with the hidden
// _FoxAssets widget) and handed to each widget's card_stub.js here.
const fox = (globalThis.__foxExplorer ??= {});
fox.ready ??= new Promise((resolve) => (fox.resolve = resolve));
fox.resolve(widget);
followHashChanges();

export default { render() {} };  // the assets widget itself is never displayed
