// The landing page's progress (anywidget ESM, no build step, no network).
//
// The page itself is plain HTML (widgets/home.py). This module reads what this browser
// remembers, lessons from widgets/progress.js's storage and puzzles from widgets/puzzle.js's,
// and fills in each lesson's and puzzle set's bar, and the Continue button (the lesson
// touched last). It draws nothing of its own.

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

function lessonState(entry) {
  // {visited, total, solved: [...], at} -> [done, total, words]
  if (!entry || typeof entry !== "object") return [0, 0, "Not started"];
  const total = Number(entry.total) || 0;
  const done = Math.min(Array.isArray(entry.solved) ? entry.solved.length : 0, total);
  if (total > 0 && done >= total) return [done, total, "\u2714 All exercises solved"];
  if (total > 0 && done > 0) return [done, total, `${done} of ${total} exercises solved`];
  return [done, total, entry.visited ? "Visited" : "Not started"];
}

function fillLessons(root, lessons) {
  let touched = 0, complete = 0;
  for (const item of root.querySelectorAll("[data-fox-lesson]")) {
    const entry = lessons[item.dataset.foxLesson];
    const [done, total, words] = lessonState(entry);
    item.querySelector(".fox-home-state").textContent = words;
    item.classList.toggle("fox-home-visited", Boolean(entry && entry.visited));
    item.classList.toggle("fox-home-done", total > 0 && done >= total);
    setBar(item, done, total);
    if (entry && entry.visited) touched += 1;
    if (total > 0 && done >= total) complete += 1;
  }
  return [touched, complete];
}

function fillPuzzles(root, solved, keysBySet) {
  let done = 0, total = 0;
  for (const item of root.querySelectorAll("[data-fox-set]")) {
    const keys = keysBySet[item.dataset.foxSet] || [];
    const n = keys.filter((k) => solved[k]).length;
    done += n;
    total += keys.length;
    const words = n >= keys.length && n > 0 ? "\u2714 all solved" : `${n} of ${keys.length} solved`;
    item.querySelector(".fox-home-state").textContent = words;
    item.classList.toggle("fox-home-done", n > 0 && n >= keys.length);
    setBar(item, n, keys.length);
  }
  return [done, total];
}

function lastLesson(lessons, titles) {
  let best = null;
  for (const [stem, entry] of Object.entries(lessons)) {
    if (!(stem in titles) || !entry || typeof entry !== "object") continue;
    if (!best || (Number(entry.at) || 0) > (Number(lessons[best].at) || 0)) best = stem;
  }
  return best;
}

function fill(model) {
  const root = document.querySelector(".fox-home");
  if (!root) return;
  const lessons = readStored(model.get("lessons_key"));
  const titles = model.get("titles");
  const [touched, complete] = fillLessons(root, lessons);
  const [pDone, pTotal] = fillPuzzles(root, readStored(model.get("puzzles_key")),
                                      model.get("puzzle_keys"));
  const last = lastLesson(lessons, titles);
  const button = root.querySelector("[data-fox-continue]");
  const note = root.querySelector("[data-fox-continue-note]");
  if (last && button) {
    button.href = (model.get("href_pattern") || "{}.ipynb").replace("{}", last);
    button.textContent = "Continue: " + titles[last];
    button.setAttribute("aria-label", "Continue where you left off: " + titles[last]);
    if (note) {
      const count = Object.keys(titles).length;
      note.textContent = `Continue where you left off. ${touched} of ${count} lessons visited, ` +
        `${complete} complete; ${pDone} of ${pTotal} puzzles solved.`;
    }
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
