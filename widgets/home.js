// The landing page's progress (anywidget ESM, no build step, no network).
//
// The page itself is plain HTML (widgets/home.py). This module reads what this browser
// remembers, lessons from widgets/progress.js's storage and puzzles from widgets/puzzle.js's,
// and fills in each lesson's and puzzle set's bar, and the Continue button: the first step
// not finished, the first lesson whose exercises are not all solved, then, when every
// lesson is, the first puzzle set whose puzzles are not all solved (``nextStep``). Its words
// come from the kernel (foxlib/words/home_progress.py). It draws nothing of its own.

const FALLBACK_WORDS = {
  not_started: "Not started", visited: "Visited", lesson_done: "\u2714 All exercises solved",
  lesson_some: "{done} of {total} exercises solved", set_done: "\u2714 all solved",
  set_some: "{done} of {total} solved", continue_aria: "{step}", note: "",
};

function fillIn(template, values) {
  return String(template || "").replace(/\{(\w+)\}/g, (all, name) =>
    name in values ? String(values[name]) : all);
}

function readStored(key) {
  try {
    const value = JSON.parse(window.localStorage.getItem(key) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch (e) {
    return {};
  }
}

function setBar(item, done, total) {
  const bar = item.querySelector(".fox-home-bar");
  if (!bar) return;
  const pct = total > 0 ? Math.round((100 * Math.min(done, total)) / total) : 0;
  bar.setAttribute("aria-valuenow", String(pct));
  bar.firstElementChild.style.width = pct + "%";
}

function lessonState(entry, w = FALLBACK_WORDS) {
  // {visited, total, solved: [...], at} -> [done, total, words]
  if (!entry || typeof entry !== "object") return [0, 0, w.not_started];
  const total = Number(entry.total) || 0;
  const done = Math.min(Array.isArray(entry.solved) ? entry.solved.length : 0, total);
  if (total > 0 && done >= total) return [done, total, w.lesson_done];
  if (total > 0 && done > 0) return [done, total, fillIn(w.lesson_some, { done, total })];
  return [done, total, entry.visited ? w.visited : w.not_started];
}

// A lesson is finished when every exercise on its page is solved (as its bar shows).
export function lessonFinished(entry) {
  const [done, total] = lessonState(entry);
  return total > 0 && done >= total;
}

// The first step of ``steps`` (home.py's continue_steps: lessons, then puzzle sets) not
// finished, or null when all are. ``lessons``: progress.js's storage; ``solved``: puzzle.js's
// (a puzzle whose solution was shown is not in it); ``keysBySet``: each set's puzzle keys.
export function nextStep(steps, lessons, solved, keysBySet) {
  for (const step of steps || []) {
    if (step.lesson !== undefined) {
      if (!lessonFinished(lessons[step.lesson])) return step;
    } else if (step.set !== undefined) {
      if (!(keysBySet[step.set] || []).every((k) => solved[k])) return step;
    }
  }
  return null;
}

function fillLessons(root, lessons, w) {
  let touched = 0, complete = 0;
  for (const item of root.querySelectorAll("[data-fox-lesson]")) {
    const entry = lessons[item.dataset.foxLesson];
    const [done, total, words] = lessonState(entry, w);
    item.querySelector(".fox-home-state").textContent = words;
    item.classList.toggle("fox-home-visited", Boolean(entry && entry.visited));
    item.classList.toggle("fox-home-done", total > 0 && done >= total);
    setBar(item, done, total);
    if (entry && entry.visited) touched += 1;
    if (total > 0 && done >= total) complete += 1;
  }
  return [touched, complete];
}

function fillPuzzles(root, solved, keysBySet, w) {
  let done = 0, total = 0;
  for (const item of root.querySelectorAll("[data-fox-set]")) {
    const keys = keysBySet[item.dataset.foxSet] || [];
    const n = keys.filter((k) => solved[k]).length;
    done += n;
    total += keys.length;
    const words = n >= keys.length && n > 0 ? w.set_done
      : fillIn(w.set_some, { done: n, total: keys.length });
    item.querySelector(".fox-home-state").textContent = words;
    item.classList.toggle("fox-home-done", n > 0 && n >= keys.length);
    setBar(item, n, keys.length);
  }
  return [done, total];
}

function fill(model) {
  const root = document.querySelector(".fox-home");
  if (!root) return;
  const w = Object.assign({}, FALLBACK_WORDS, model.get("words") || {});
  const lessons = readStored(model.get("lessons_key"));
  const solved = readStored(model.get("puzzles_key"));
  const keysBySet = model.get("puzzle_keys") || {};
  const [touched, complete] = fillLessons(root, lessons, w);
  const [pDone, pTotal] = fillPuzzles(root, solved, keysBySet, w);
  const button = root.querySelector("[data-fox-continue]");
  const note = root.querySelector("[data-fox-continue-note]");
  // A learner with nothing stored keeps "Start with lesson 1".
  if (!button || (touched === 0 && pDone === 0)) return;
  const step = nextStep(model.get("steps"), lessons, solved, keysBySet) || model.get("all_done");
  if (!step || !step.href) return;
  button.href = step.href;
  button.textContent = step.label;
  button.setAttribute("aria-label", fillIn(w.continue_aria, { step: step.label }));
  if (note && w.note) {
    note.textContent = fillIn(w.note, {
      visited: touched, lessons: Object.keys(model.get("titles") || {}).length,
      finished: complete, solved: pDone, puzzles: pTotal,
    });
  }
}

export default {
  render({ model, el }) {
    el.classList.add("fox-home-progress");
    el.setAttribute("aria-hidden", "true");
    const refill = () => fill(model);
    refill();
    // Back from a lesson by the browser's Back button, the page may come from its cache.
    window.addEventListener("pageshow", refill);
    window.addEventListener("storage", refill);
    return () => {
      window.removeEventListener("pageshow", refill);
      window.removeEventListener("storage", refill);
    };
  },
};
