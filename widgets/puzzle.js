// The puzzle pages' memory in the browser (anywidget ESM, no build step, no network).
//
// Progress is kept in this browser's localStorage, so it survives a page reload and a new
// kernel, and each learner's browser keeps its own:
//   <key>        which puzzles were solved      {"witch/witch-lone-witch": true, ...}
//   <key>-seen   puzzles whose solution was shown before they were solved (not counted)
//   <key>-place  the puzzle last open, "set/puzzle-id", to reopen it after a reload
// The kernel owns the `solved` and `seen` traits while the page is open; this module merges
// what the browser remembered into them once, then writes every change back. It also passes
// the page's #fragment (a set or a puzzle to open: "#witch", "#puzzle=witch-lone-witch", or the
// same as a query string, "?puzzle=witch-lone-witch") and
// the remembered place to the kernel, and writes the open puzzle into the fragment, so that
// the address in the bar links to that very puzzle.

function readStored(key, fallback) {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const value = JSON.parse(raw);
    return typeof value === typeof fallback && !Array.isArray(value) && value !== null
      ? value
      : fallback;
  } catch (e) {
    return fallback; // storage blocked or damaged: start afresh rather than fail
  }
}

function writeStored(key, value) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch (e) {
    /* storage full or blocked: progress then lasts only for this page */
  }
}

function pageHash() {
  const raw = window.location.hash.replace(/^#/, "");
  if (!raw) {
    // No fragment: a query string (?puzzle=<id> or ?set=<id>) links just as well. Voilà's
    // pre-heated kernel never sees the query string, so it is read here.
    const query = new URLSearchParams(window.location.search);
    for (const name of ["puzzle", "set"]) {
      if (query.get(name)) return name + "=" + query.get(name);
    }
    return "";
  }
  try {
    return decodeURIComponent(raw);
  } catch (e) {
    return raw; // a damaged %-escape: take it as it is
  }
}

export default {
  render({ model, el }) {
    el.classList.add("fox-pz-store");
    el.setAttribute("aria-hidden", "true");
    const key = model.get("key");
    const solved = Object.assign({}, readStored(key, {}), model.get("solved"));
    const seen = Object.assign({}, readStored(key + "-seen", {}), model.get("seen"));
    model.set("solved", solved);
    model.set("seen", seen);
    model.set("last", readStored(key + "-place", ""));
    model.set("hash", pageHash());
    model.set("loaded", true);
    model.save_changes();
    writeStored(key, solved);
    writeStored(key + "-seen", seen);
    const save = () => {
      writeStored(key, model.get("solved"));
      writeStored(key + "-seen", model.get("seen"));
    };
    const place = () => {
      const where = model.get("place");
      if (!where) return;
      writeStored(key + "-place", where);
      const id = where.split("/").pop();
      if (model.get("link") && pageHash() !== "puzzle=" + id) {
        // replaceState: no new history entry per puzzle, and no hashchange back to Python.
        window.history.replaceState(null, "", "#puzzle=" + encodeURIComponent(id));
      }
    };
    const hash = () => {
      model.set("hash", pageHash());
      model.save_changes();
    };
    model.on("change:solved", save);
    model.on("change:seen", save);
    model.on("change:place", place);
    window.addEventListener("hashchange", hash);
    return () => {
      model.off("change:solved", save);
      model.off("change:seen", save);
      model.off("change:place", place);
      window.removeEventListener("hashchange", hash);
    };
  },
};
