// The puzzle pages' memory in the browser (anywidget ESM, no build step, no network).
//
// Progress (which puzzles were solved) is kept in this browser's localStorage, so it survives a
// page reload and a new kernel, and each learner's browser keeps its own. The kernel owns the
// `solved` trait while the page is open; this module merges what the browser remembered into it
// once, then writes every change back. It also passes the page's #fragment (a set to open,
// e.g. "puzzles.ipynb#witch") to the kernel.

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

export default {
  render({ model, el }) {
    el.classList.add("fox-pz-store");
    el.setAttribute("aria-hidden", "true");
    const key = model.get("key");
    const merged = Object.assign({}, readStored(key), model.get("solved"));
    model.set("solved", merged);
    model.set("hash", decodeURIComponent(window.location.hash.replace(/^#/, "")));
    model.set("loaded", true);
    model.save_changes();
    writeStored(key, merged);
    const save = () => writeStored(key, model.get("solved"));
    const hash = () => {
      model.set("hash", decodeURIComponent(window.location.hash.replace(/^#/, "")));
      model.save_changes();
    };
    model.on("change:solved", save);
    window.addEventListener("hashchange", hash);
    return () => {
      model.off("change:solved", save);
      window.removeEventListener("hashchange", hash);
    };
  },
};
