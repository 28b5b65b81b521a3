// Fox in the Forest Explorer presenter mode: what Voilà's reveal.js setup leaves out.
//
// * Layout: reveal.js lays the slides out when it starts, while Voilà still hides the page,
//   and centres each slide by its height, which grows as the widgets draw themselves.  Any
//   change of size of the page or of a slide asks reveal.js to lay out again (it does so on
//   a window "resize").
// * Tall slides: a slide taller than the screen scrolls (fox-slides.css) and is marked
//   `fox-slide-tall`; the Up and Down keys scroll it (reveal.js uses them only for vertical
//   slides, which the lessons do not have).  Left/Right, Space and Page Up/Down still move
//   between slides.
// * Links to other lessons keep presenter mode; a "Page view" link leaves it.
(function () {
  "use strict";

  var SLIDES_QUERY = "voila-template=fox-slides";
  var LESSON_LINK = /^(\d\d_[\w-]+\.ipynb)(#.*)?$/;

  function presentSlide() {
    var slides = document.querySelectorAll(".reveal .slides > section.present");
    if (!slides.length) { return null; }
    var slide = slides[0];
    var inner = slide.querySelector(":scope > section.present");
    return inner || slide;
  }

  function isTall(section) {
    return section.scrollHeight > section.clientHeight + 2;
  }

  function markTallSlides() {
    var sections = document.querySelectorAll(".reveal .slides section");
    for (var i = 0; i < sections.length; i++) {
      sections[i].classList.toggle("fox-slide-tall", isTall(sections[i]));
    }
  }

  var pending = false;
  function relayout() {
    if (pending) { return; }
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      window.dispatchEvent(new Event("resize"));
      markTallSlides();
    });
  }

  function watchSizes() {
    if (!("ResizeObserver" in window)) { return; }
    var observer = new ResizeObserver(relayout);
    var root = document.getElementById("rendered_cells");
    if (root) { observer.observe(root); }
    var sections = document.querySelectorAll(".reveal .slides section");
    for (var i = 0; i < sections.length; i++) {
      // the section's content box does not grow (max-height); its first child does
      observer.observe(sections[i]);
      for (var j = 0; j < sections[i].children.length; j++) {
        observer.observe(sections[i].children[j]);
      }
    }
  }

  function isTyping(element) {
    if (!element) { return false; }
    var tag = element.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || element.isContentEditable;
  }

  function scrollTallSlide(event) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") { return; }
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    if (isTyping(document.activeElement)) { return; }
    var slide = presentSlide();
    if (!slide || !isTall(slide)) { return; }
    var step = Math.round(slide.clientHeight * 0.6) * (event.key === "ArrowDown" ? 1 : -1);
    slide.scrollBy({top: step, behavior: "smooth"});
    event.preventDefault();
    event.stopPropagation();
  }

  function keepPresenting() {
    var links = document.querySelectorAll(".reveal a[href]");
    for (var i = 0; i < links.length; i++) {
      var match = LESSON_LINK.exec(links[i].getAttribute("href"));
      if (match) {
        links[i].setAttribute("href", match[1] + "?" + SLIDES_QUERY + (match[2] || ""));
      }
    }
  }

  function addExitLink() {
    var exit = document.createElement("a");
    exit.className = "fox-slides-exit";
    exit.href = window.location.pathname;
    exit.textContent = "Page view";
    exit.title = "Leave the slides: show this lesson as a page";
    document.body.appendChild(exit);
  }

  function start() {
    keepPresenting();
    addExitLink();
    watchSizes();
    relayout();
    // capture phase on window: before reveal.js's own keydown handler on document
    window.addEventListener("keydown", scrollTallSlide, true);
    var reveal = document.querySelector(".reveal");
    if (reveal) {
      reveal.addEventListener("slidechanged", markTallSlides);
      reveal.addEventListener("ready", relayout);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
