// A lesson's progress in this browser (anywidget ESM, no build step, no network).
//
// localStorage[key] maps a lesson (its file name without ".ipynb", e.g. "05_fox") to
// {visited: true, total: <exercises on the page>, solved: [<exercise ids>], at: <ms time>}.
// The landing page (home.js) reads it to show progress and to "continue" at the first lesson
// not finished (every exercise solved: solved.length >= total). The kernel tells this module
// the page's exercises and which are solved.

function readStored(key) {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch (e) {
    return {}; // storage blocked or damaged: start afresh rather than fail
  }
}

function writeStored(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (e) {
    /* storage full or blocked: progress then lasts only for this page */
  }
}

export function lessonOf(path) {
  const file = decodeURIComponent(path.split("/").pop() || "");
  return file.replace(/\.(ipynb|html)$/, ""); // NAME.ipynb (Voilà) or NAME.html (static site)
}

function record(model) {
  const key = model.get("key");
  const lesson = lessonOf(window.location.pathname);
  if (!lesson) return;
  const store = readStored(key);
  const before = store[lesson] && typeof store[lesson] === "object" ? store[lesson] : {};
  const ids = model.get("exercises");
  const solved = new Set(Array.isArray(before.solved) ? before.solved : []);
  for (const id of model.get("solved")) solved.add(id);
  store[lesson] = {
    visited: true,
    total: ids.length,
    // Not filtered by the ids known yet: later cells add their exercises after this runs.
    solved: [...solved],
    at: Date.now(),
  };
  writeStored(key, store);
}

export default {
  render({ model, el }) {
    el.classList.add("fox-progress-store");
    el.setAttribute("aria-hidden", "true");
    const save = () => record(model);
    save();
    model.on("change:solved", save);
    model.on("change:exercises", save);
    return () => {
      model.off("change:solved", save);
      model.off("change:exercises", save);
    };
  },
};
