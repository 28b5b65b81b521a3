// What each Fox widget instance carries instead of card.js: it draws with the module that the
// page's one hidden _FoxAssets widget brought (widgets/card.py, page_assets()), waiting for it
// when this widget's model is created first. Sending card.js and the stylesheets once per page
// instead of once per card makes a lesson page reach its first exercise sooner.
const fox = (globalThis.__foxExplorer ??= {});
fox.ready ??= new Promise((resolve) => (fox.resolve = resolve));
export default {
  async render(context) {
    return (await fox.ready).render(context);
  },
};
