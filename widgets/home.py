"""The landing page (notebooks/index.ipynb): a hero with drawn cards, the learning path, every
lesson and puzzle set with the progress this browser remembers, and "Continue".

``page_html()`` is plain HTML (drawn offline by foxlib.words.svg), shown as the notebook's output, so
links work at once. ``HomeProgress`` (home.js) then reads this browser's localStorage (lessons:
widgets/progress.js; puzzles: widgets/puzzle.js) and fills in the progress bars and the
Continue button. ``HomePage()`` shows both.
"""
from __future__ import annotations

import html
import pathlib
import re

import anywidget
import traitlets as t

from foxlib import Card
from foxlib.teaching.puzzles import load_collection, set_level
from foxlib.words import captions as say
from foxlib.words.captions import LESSON_GROUPS
from foxlib.words.home_progress import HOME_PROGRESS, continue_lesson, continue_set
from foxlib.words.svg import card_svg

from .progress import STORAGE_KEY as LESSONS_KEY
from .project import links_html
from .puzzle_store import STORAGE_KEY as PUZZLES_KEY
from .puzzle_store import progress_key
from .runtime import IN_BROWSER, page_href

HERE = pathlib.Path(__file__).parent
SLIDES = "?voila-template=fox-slides"

LESSONS = [lesson for _, group in LESSON_GROUPS for lesson in group]
PLAY = "15_play_the_computer"
GUIDE = "teachers_guide"
RULINGS = "rulings"
# The hero's fan: five of the six characters, one of each suit at least.
HERO_CARDS = ["1M", "3K", "9B", "11M", "7K"]


def same_tab(markup: str) -> str:
    """Make every link in ``markup`` open in this tab: Voila's output renderer opens links in
    output HTML in a new tab unless the link names its own target."""
    return re.sub(r"<a(?![^>]*\btarget=)(?=[\s>])", "<a target='_self'", markup)


def _esc(text) -> str:
    return html.escape(str(text))


def _bar(label: str) -> str:
    return (f"<span class='fox-home-bar' role='progressbar' aria-label='{_esc(label)}' "
            "aria-valuemin='0' aria-valuemax='100' aria-valuenow='0'><span></span></span>")


def _lesson_item(number: int, stem: str, title: str, href=page_href, slides=True) -> str:
    present = (f"<a class='fox-home-present' href='{href(stem)}{SLIDES}' "
               f"aria-label='{_esc(say.present_lesson(title))}' title='{say.PRESENT_TIP}'>"
               "<span aria-hidden='true'>&#9654;</span> Present</a>") if slides else ""
    return (
        f"<li class='fox-home-lesson' data-fox-lesson='{stem}'>"
        f"<span class='fox-home-num' aria-hidden='true'>{number}</span>"
        f"<span class='fox-home-lesson-main'><a class='fox-home-lesson-link' "
        f"href='{href(stem)}'>{_esc(title)}</a>"
        f"<span class='fox-home-state'>Not started</span></span>"
        f"{_bar(say.lesson_progress(number))}{present}</li>")


def lessons_html(href=page_href, slides=True) -> str:
    parts, number = [], 0
    for heading, group in LESSON_GROUPS:
        items = []
        for stem, title in group:
            number += 1
            items.append(_lesson_item(number, stem, title, href, slides))
        parts.append(f"<div class='fox-home-group'><h3>{_esc(heading)}</h3>"
                     f"<ol class='fox-home-lessons' start='{number - len(group) + 1}'>"
                     f"{''.join(items)}</ol></div>")
    return "".join(parts)


def puzzle_sets() -> list:
    return load_collection().sets


def puzzles_html(sets, href=page_href) -> str:
    """The puzzle sets, in the collection's order, each with its level (easy to hard within
    each part of the course: docs/puzzles.md, "How hard a puzzle is")."""
    items = []
    for s in sets:
        level = say.set_level_words(set_level(s))
        items.append(
            f"<li class='fox-home-set' data-fox-set='{_esc(s.id)}' "
            f"data-fox-total='{len(s.puzzles)}'>"
            f"<a href='{href('puzzles', _esc(s.id))}'>{_esc(s.title)}</a>"
            + (f"<span class='fox-home-level' title='{_esc(say.SET_LEVEL_TIP)}'>"
               f"{_esc(level)}</span>" if level else "") +
            f"<span class='fox-home-state'>{len(s.puzzles)} puzzles</span>"
            f"{_bar(say.set_progress(s.title))}</li>")
    return f"<ul class='fox-home-sets'>{''.join(items)}</ul>"


def hero_cards() -> str:
    cards = "".join(f"<span class='fox-home-fan-card'>{card_svg(Card(c), width=100)}</span>"
                    for c in HERO_CARDS)
    return f"<div class='fox-home-fan' aria-hidden='true'>{cards}</div>"


def page_html(sets=None, href=page_href, slides: bool = not IN_BROWSER) -> str:
    """The landing page's HTML. ``href(stem, fragment='')`` links a page (this runtime's by
    default; the static site's contents page passes its own); ``slides``: Present links."""
    sets = puzzle_sets() if sets is None else sets
    n_puzzles = sum(len(s.puzzles) for s in sets)
    first = LESSONS[0]
    css = (HERE / "home.css").read_text()
    w = say.home_words(len(LESSONS), n_puzzles, len(sets), slides)
    return same_tab(f"""<style>{css}</style>
<div class='fox-home' id='fox-home'>
<header class='fox-home-hero'>
  <div class='fox-home-hero-text'>
    <p class='fox-home-kicker'>{w['kicker']}</p>
    <h1>{w['title']}</h1>
    <p class='fox-home-pitch'>{w['pitch']}</p>
    <div class='fox-home-cta'>
      <a class='fox-home-button fox-home-primary' data-fox-continue href='{href(first[0])}'>
        {w['start']}</a>
      <a class='fox-home-button' href='{href('puzzles')}'>{w['puzzle']}</a>
    </div>
    <p class='fox-home-continue-note' data-fox-continue-note>{w['continue']}</p>
  </div>
  {hero_cards()}
</header>
<nav class='fox-home-path' aria-label='{w['path']}'>
  <a class='fox-home-step' href='#fox-home-lessons'>
    <span class='fox-home-step-num'>1</span><b>{w['lessons']}</b>
    <span>{w['step_lessons']}</span></a>
  <span class='fox-home-arrow' aria-hidden='true'>&rarr;</span>
  <a class='fox-home-step' href='#fox-home-puzzles'>
    <span class='fox-home-step-num'>2</span><b>{w['puzzles']}</b>
    <span>{w['step_puzzles']}</span></a>
  <span class='fox-home-arrow' aria-hidden='true'>&rarr;</span>
  <a class='fox-home-step' href='{href(PLAY)}'>
    <span class='fox-home-step-num'>3</span><b>{w['step_play_title']}</b>
    <span>{w['step_play']}</span></a>
</nav>
<section class='fox-home-section' id='fox-home-lessons'>
  <h2>{w['lessons']}</h2>
  <p class='fox-home-summary' data-fox-lessons-summary>{w['lessons_summary']}</p>
  <div class='fox-home-groups'>{lessons_html(href, slides)}</div>
</section>
<section class='fox-home-section' id='fox-home-puzzles'>
  <h2>{w['puzzles']}</h2>
  <p class='fox-home-summary' data-fox-puzzles-summary>{w['puzzles_summary']}</p>
  {puzzles_html(sets, href)}
</section>
<section class='fox-home-section fox-home-teachers' id='fox-home-teachers'>
  <h2>{w['teachers_title']}</h2>
  <p class='fox-home-summary'>{w['teachers_before']}<a href='{href(GUIDE)}'>{w['guide_link']}</a>
  {w['teachers_after']}</p>
  {links_html()}
</section>
<section class='fox-home-section fox-home-rulings' id='fox-home-rulings'>
  <h2>{w['rulings']}</h2>
  <p class='fox-home-summary'>{w['rulings_before']}
  <a href='{href(RULINGS)}'>{w['rulings_link']}</a>{w['rulings_after']}</p>
</section>
<section class='fox-home-section fox-home-about'>
  <h2>{w['about_title']}</h2>
  <p class='fox-home-summary'>{w['about']}</p>
</section>
</div>""")


class HomeProgress(anywidget.AnyWidget):
    """Fills the landing page's progress from this browser's storage (draws nothing itself)."""

    _esm = HERE / "home.js"
    lessons_key = t.Unicode(LESSONS_KEY).tag(sync=True)
    puzzles_key = t.Unicode(PUZZLES_KEY).tag(sync=True)
    # set id -> the storage keys of its puzzles (widgets/puzzle.py's progress_key)
    puzzle_keys = t.Dict().tag(sync=True)
    # lesson -> its title
    titles = t.Dict().tag(sync=True)
    # the links' form, "{}" standing for the page (page_href's form)
    href_pattern = t.Unicode(page_href("{}")).tag(sync=True)
    # the learning path in order, for Continue (``continue_steps``), and the last step
    steps = t.List().tag(sync=True)
    all_done = t.Dict().tag(sync=True)
    words = t.Dict().tag(sync=True)

    def __init__(self, sets=(), **kwargs):
        super().__init__(**kwargs)
        settings = progress_settings(sets)
        for name in ("puzzle_keys", "titles", "steps", "all_done", "words"):
            setattr(self, name, settings[name])
        self.layout.display = "none"


def progress_settings(sets, href_pattern: str = page_href("{}")) -> dict:
    """What home.js needs to fill in the progress (``HomeProgress``'s synced values); the
    static site's contents page gives the same to home.js without a kernel."""
    return {"lessons_key": LESSONS_KEY, "puzzles_key": PUZZLES_KEY,
            "puzzle_keys": {s.id: [progress_key(p) for p in s.puzzles] for s in sets},
            "titles": {stem: f"{i}. {title}" for i, (stem, title) in enumerate(LESSONS, 1)},
            "href_pattern": href_pattern, "steps": continue_steps(sets, href_pattern),
            "all_done": {"href": href_pattern.replace("{}", PLAY),
                         "label": HOME_PROGRESS["all_done"]},
            "words": HOME_PROGRESS}


def continue_steps(sets, href_pattern: str = page_href("{}")) -> list:
    """The learning path in order, for the Continue button: every lesson, then every puzzle
    set, each {"lesson": stem} or {"set": id}, with its "href" and its button "label". home.js
    leads to the first step not finished (a lesson: all its exercises solved; a set: all its
    puzzles solved)."""
    steps = [{"lesson": stem, "href": href_pattern.replace("{}", stem),
              "label": continue_lesson(number, title)}
             for number, (stem, title) in enumerate(LESSONS, 1)]
    puzzles = href_pattern.replace("{}", "puzzles")
    steps += [{"set": s.id, "href": f"{puzzles}#{s.id}",
               "label": continue_set(s.title, say.set_level_words(set_level(s)))}
              for s in sets]
    return steps


def HomePage():
    """Show the landing page: its HTML, then the widget that fills in the progress."""
    from IPython.display import HTML, display

    sets = puzzle_sets()
    display(HTML(page_html(sets)))
    return HomeProgress(sets)
