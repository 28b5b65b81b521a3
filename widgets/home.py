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
from foxlib.teaching.puzzles import load_collection
from foxlib.words.svg import card_svg

from .progress import STORAGE_KEY as LESSONS_KEY
from .puzzle import STORAGE_KEY as PUZZLES_KEY
from .puzzle import progress_key

HERE = pathlib.Path(__file__).parent
SLIDES = "?voila-template=fox-slides"

#: (group heading, [(notebook without .ipynb, title)]) in the order a learner takes them.
LESSON_GROUPS = [
    ("The basics", [
        ("01_cards_and_deal", "The cards and the deal"),
        ("02_leading_and_following", "Leading and following"),
        ("03_trump_and_decree", "Trump and the decree card"),
    ]),
    ("The six characters", [
        ("04_swan", "The Swan (1)"),
        ("05_fox", "The Fox (3)"),
        ("06_woodcutter", "The Woodcutter (5)"),
        ("07_treasure", "The Treasure (7)"),
        ("08_witch", "The Witch (9)"),
        ("09_monarch", "The Monarch (11)"),
    ]),
    ("Putting it together", [
        ("10_scoring_a_round", "Scoring a round"),
        ("11_a_full_round", "A full round, step by step"),
        ("12_a_whole_game", "A whole game"),
        ("13_misconceptions", "Spot the mistakes"),
    ]),
    ("Try it yourself", [
        ("14_explorer_sandbox", "The rules explorer"),
        ("15_play_the_computer", "Play against the computer"),
    ]),
    ("Deluxe", [
        ("16_special_cards", "Special cards: the general rules"),
        ("17_special_cards_1", "Axe, Tree, Fairy, Crown and Mirror"),
        ("18_special_cards_2", "Bow, Hammer, Potion and Shovel"),
        ("19_poison_8s", "Poison 8s"),
        ("20_goal_cards", "Goal cards"),
    ]),
]
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


def _lesson_item(number: int, stem: str, title: str) -> str:
    return (
        f"<li class='fox-home-lesson' data-fox-lesson='{stem}'>"
        f"<span class='fox-home-num' aria-hidden='true'>{number}</span>"
        f"<span class='fox-home-lesson-main'><a class='fox-home-lesson-link' "
        f"href='{stem}.ipynb'>{_esc(title)}</a>"
        f"<span class='fox-home-state'>Not started</span></span>"
        f"{_bar(f'Progress in lesson {number}')}"
        f"<a class='fox-home-present' href='{stem}.ipynb{SLIDES}' "
        f"aria-label='Present this lesson: {_esc(title)}' title='Present this lesson as slides'>"
        "<span aria-hidden='true'>&#9654;</span> Present</a></li>")


def lessons_html() -> str:
    parts, number = [], 0
    for heading, group in LESSON_GROUPS:
        items = []
        for stem, title in group:
            number += 1
            items.append(_lesson_item(number, stem, title))
        parts.append(f"<div class='fox-home-group'><h3>{_esc(heading)}</h3>"
                     f"<ol class='fox-home-lessons' start='{number - len(group) + 1}'>"
                     f"{''.join(items)}</ol></div>")
    return "".join(parts)


def puzzle_sets() -> list:
    return load_collection().sets


def puzzles_html(sets) -> str:
    items = []
    for s in sets:
        items.append(
            f"<li class='fox-home-set' data-fox-set='{_esc(s.id)}' "
            f"data-fox-total='{len(s.puzzles)}'>"
            f"<a href='puzzles.ipynb#{_esc(s.id)}'>{_esc(s.title)}</a>"
            f"<span class='fox-home-state'>{len(s.puzzles)} puzzles</span>"
            f"{_bar('Puzzles solved in ' + s.title)}</li>")
    return f"<ul class='fox-home-sets'>{''.join(items)}</ul>"


def hero_cards() -> str:
    cards = "".join(f"<span class='fox-home-fan-card'>{card_svg(Card(c), width=100)}</span>"
                    for c in HERO_CARDS)
    return f"<div class='fox-home-fan' aria-hidden='true'>{cards}</div>"


def page_html(sets=None) -> str:
    sets = puzzle_sets() if sets is None else sets
    n_puzzles = sum(len(s.puzzles) for s in sets)
    first = LESSONS[0]
    css = (HERE / "home.css").read_text()
    return same_tab(f"""<style>{css}</style>
<div class='fox-home' id='fox-home'>
<header class='fox-home-hero'>
  <div class='fox-home-hero-text'>
    <p class='fox-home-kicker'>A trick-taking card game for two</p>
    <h1>Fox in the Forest Explorer</h1>
    <p class='fox-home-pitch'>Learn the card game where winning too many tricks loses: short
    lessons you play, checked and explained by a rules engine.</p>
    <div class='fox-home-cta'>
      <a class='fox-home-button fox-home-primary' data-fox-continue href='{first[0]}.ipynb'>
        Start with lesson 1</a>
      <a class='fox-home-button' href='puzzles.ipynb'>Solve a puzzle</a>
    </div>
    <p class='fox-home-continue-note' data-fox-continue-note>{len(LESSONS)} lessons of a few
    minutes each. Your progress stays in this browser.</p>
  </div>
  {hero_cards()}
</header>
<nav class='fox-home-path' aria-label='The path'>
  <a class='fox-home-step' href='#fox-home-lessons'>
    <span class='fox-home-step-num'>1</span><b>Lessons</b>
    <span>The rules, one idea at a time, each with exercises.</span></a>
  <span class='fox-home-arrow' aria-hidden='true'>&rarr;</span>
  <a class='fox-home-step' href='#fox-home-puzzles'>
    <span class='fox-home-step-num'>2</span><b>Puzzles</b>
    <span>{n_puzzles} positions from real rounds to solve.</span></a>
  <span class='fox-home-arrow' aria-hidden='true'>&rarr;</span>
  <a class='fox-home-step' href='{PLAY}.ipynb'>
    <span class='fox-home-step-num'>3</span><b>Play the computer</b>
    <span>A whole game, with undo and hints.</span></a>
</nav>
<section class='fox-home-section' id='fox-home-lessons'>
  <h2>Lessons</h2>
  <p class='fox-home-summary' data-fox-lessons-summary>New to trick-taking games? Start with
  lesson 1 and follow the <i>Next</i> link at the bottom of each page.</p>
  <div class='fox-home-groups'>{lessons_html()}</div>
</section>
<section class='fox-home-section' id='fox-home-puzzles'>
  <h2>Puzzles</h2>
  <p class='fox-home-summary' data-fox-puzzles-summary>{len(sets)} sets that follow the lessons,
  from easy to hard.</p>
  {puzzles_html(sets)}
</section>
<section class='fox-home-section fox-home-teachers' id='fox-home-teachers'>
  <h2>For teachers</h2>
  <p class='fox-home-summary'>Every lesson has a <b>Present</b> link that shows it as slides for
  the projector, exercises included. The <a href='{GUIDE}.ipynb'>teacher's guide</a> has lesson
  plans for one and for three class periods, what to show, questions to discuss, which puzzle
  sets to give, how to write your own puzzles, and how to run the app for a class.</p>
</section>
<section class='fox-home-section fox-home-rulings' id='fox-home-rulings'>
  <h2>Rulings</h2>
  <p class='fox-home-summary'>The rulebook leaves a few situations open. The
  <a href='{RULINGS}.ipynb'>rulings page</a> gives the one answer this app follows for each,
  base game and Deluxe special cards, in a few words and with an example to step through.</p>
</section>
<section class='fox-home-section fox-home-about'>
  <h2>About the game</h2>
  <p><i>The Fox in the Forest</i> is a card game for exactly two players, designed by Joshua
  Buergel. Each round, both players get 13 cards and play them out, one card each at a time, in
  13 <b>tricks</b>. The twist: winning lots of tricks is not the aim. A player who takes a few
  tricks, or a solid majority, scores well; a player who takes too many scores nothing for
  them. On top of that, every odd-numbered card is a fairy-tale character that bends the rules
  when it is played.</p>
</section>
</div>""")


class HomeProgress(anywidget.AnyWidget):
    """Fills the landing page's progress from this browser's storage (draws nothing itself)."""

    _esm = HERE / "home.js"
    lessons_key = t.Unicode(LESSONS_KEY).tag(sync=True)
    puzzles_key = t.Unicode(PUZZLES_KEY).tag(sync=True)
    # set id -> the storage keys of its puzzles (widgets/puzzle.py's progress_key)
    puzzle_keys = t.Dict().tag(sync=True)
    # lesson -> its title, for the Continue button
    titles = t.Dict().tag(sync=True)

    def __init__(self, sets=(), **kwargs):
        super().__init__(**kwargs)
        self.puzzle_keys = {s.id: [progress_key(p) for p in s.puzzles] for s in sets}
        self.titles = {stem: f"{i}. {title}" for i, (stem, title) in enumerate(LESSONS, 1)}
        self.layout.display = "none"


def HomePage():
    """Show the landing page: its HTML, then the widget that fills in the progress."""
    from IPython.display import HTML, display

    sets = puzzle_sets()
    display(HTML(page_html(sets)))
    return HomeProgress(sets)
