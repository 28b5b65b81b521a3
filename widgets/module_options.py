"""The Deluxe module options of the play table and the rules explorer: the special cards (none,
two at random as the box does, or the cards the reader ticks), Poison 8s on or off, and the goal
cards (none, the house goals, or the reader's own goal file).

A thin view: the goal file is read and checked by ``foxlib.engine.goals.load_text`` (every problem
named with the file, the goal and the field, in plain words), the modules are a
``foxlib.engine.modules.Modules`` value and their words are its own (``str(modules)``). A file with
problems is refused with every problem listed in place, and the previous choice stays. The
special cards are shown with their faces and our words for each (``Card.ability``); the random
pick is ``foxlib.engine.modules.choose_special``; a choice the engine cannot play (no card ticked) is
explained in place and the game keeps the other modules.
"""
from __future__ import annotations

import random
from dataclasses import replace
from html import escape

from ipywidgets import Checkbox, Dropdown, HBox, Layout, VBox

from foxlib import Card
from foxlib.core.errors import Problems
from foxlib.engine.goals import GoalSet, house_goals
from foxlib.io.goal_files import load_text
from foxlib.engine.modules import BASE, SPECIAL_CARDS, Modules, choose_special
from foxlib.words import captions as say
from foxlib.words.captions import MODULES as WORDS
from foxlib.words.narrator import SPECIAL_CARDS_TOLD

from .card import CardRow, HtmlView
from .file_button import FileButton
from .table import message

OFF, HOUSE, OWN = "off", "house", "own"
#: How the special cards are chosen: two at random (the box's way), or the ones ticked.
RANDOM, CHOSEN = "random", "chosen"
#: How many special cards the box shuffles in, picked at random.
BOX_SPECIAL = 2


def describe(modules: Modules, hide_special: bool = False) -> str:
    """The modules in words (``str(modules)``); with ``hide_special`` the special cards are
    counted, not named: for a game not dealt yet, whose cards are picked at random when it
    starts (once it starts, both players are told which: ruling SC18)."""
    if not (hide_special and modules.special):
        return str(modules)
    rest = replace(modules, special=())
    hidden = say.picked_at_random(len(modules.special))
    return hidden if rest.base else f"{hidden} and {rest}"


class ModuleOptions(VBox):
    """``ModuleOptions(poison=False, goals=None, special=None)``: ``goals`` is None (no goal
    cards), ``"house"`` or a ``foxlib.engine.goals.GoalSet`` (the reader's own goals); ``special`` is
    None (no special cards), ``"random"`` (two picked at random for each new game, as the box
    does) or names of special cards (those cards, ticked).

    Special cards: ``special`` (Checkbox: on or off), ``special_mode`` (Dropdown: ``"random"``,
    the default when turned on, or ``"chosen"``), ``special_cards`` (a CardRow of the nine
    cards: a click ticks or unticks a card, the ticked ones are its ``selected``; each card's
    tooltip is what it does), ``special_words`` (HtmlView: our words for what each card
    does) and ``special_note`` (what will be played, or why the choice cannot be played).
    ``ticked()`` lists the ticked names; ``tick(names)`` sets them.

    Parts for code and tests: ``poison`` (Checkbox), ``goals`` (Dropdown: ``"off"``,
    ``"house"``, ``"own"`` once a goal file is loaded), ``upload`` (the file button; its
    ``load(name, data)`` does what choosing a file does), ``report`` (HtmlView: what the last
    upload gave, or every problem of a refused file), ``problems`` (those problems as text).
    ``modules(rng=None)`` is the ``foxlib.engine.modules.Modules`` chosen (with ``"random"``, two
    special cards picked with ``rng``: call it once per new game); ``on_change(callback(modules))``
    is called when the choice changes; ``special_problem`` is why the special cards chosen cannot
    be played ('' when they can)."""

    def __init__(self, poison: bool = False, goals=None, special=None):
        self.own: GoalSet | None = None
        self.problems: list = []
        self._handlers: list = []
        self._memo = (None, BASE)
        self._house = house_goals()
        self.poison = Checkbox(value=bool(poison), description="Poison 8s",
                               indent=False, layout=Layout(width="auto"),
                               tooltip=WORDS["poison_tip"])
        self.goals = Dropdown(description="Goal cards", layout=Layout(width="auto"),
                              style={"description_width": "initial"})
        self.upload = FileButton(description=WORDS["upload"], accept=".json,application/json",
                                 tooltip=WORDS["upload_tip"], max_bytes=500_000)
        self.report = HtmlView()
        self._build_special(special)
        if isinstance(goals, GoalSet):
            self.own = goals
        self._fill(HOUSE if goals == HOUSE else OWN if self.own is not None else OFF)
        self.poison.observe(self._changed, names="value")
        self.goals.observe(self._changed, names="value")
        self.upload.on_file(self.load_goal_file)
        row = HBox([self.special, self.special_mode, self.poison, self.goals, self.upload])
        row.add_class("fox-controls")
        self.special_box = VBox([self.special_note, self.special_cards, self.special_words])
        super().__init__([row, self.special_box, self.report])
        self._draw_special()
        self.add_class("fox-module-options")

    # -- the special cards
    def _build_special(self, special) -> None:
        mode = RANDOM if special in (None, RANDOM) else CHOSEN
        ticked = () if isinstance(special, str) or special is None else tuple(special)
        bad = [s for s in ticked if s not in SPECIAL_CARDS]
        if bad:
            raise ValueError(say.not_special_card(bad[0], SPECIAL_CARDS))
        self.special = Checkbox(value=special is not None, description="Special cards",
                                indent=False, layout=Layout(width="auto"),
                                tooltip=WORDS["special_tip"])
        self.special_mode = Dropdown(options=[(say.at_random(BOX_SPECIAL), RANDOM),
                                              (WORDS["ticked"], CHOSEN)],
                                     value=mode, layout=Layout(width="auto"))
        self.special_cards = CardRow(SPECIAL_CARDS, size="small",
                                     label=WORDS["special_row"], selected=list(ticked),
                                     titles={n: f"{n}: {Card(n).ability}" for n in SPECIAL_CARDS})
        self.special_cards.on_click(self._toggle)
        self.special_words = HtmlView()
        self.special_note = HtmlView()
        self.special.observe(self._special_changed, names="value")
        self.special_mode.observe(self._special_changed, names="value")

    def ticked(self) -> tuple:
        """The special cards ticked, in the box's order."""
        return tuple(n for n in SPECIAL_CARDS if n in self.special_cards.selected)

    def tick(self, names) -> None:
        """Tick exactly ``names`` (and choose "the cards I tick")."""
        names = [str(Card(n)) for n in names]
        with self.special_mode.hold_trait_notifications():
            self._filling = True
            try:
                self.special.value = True
                self.special_mode.value = CHOSEN
            finally:
                self._filling = False
        self.special_cards.selected = [n for n in SPECIAL_CARDS if n in names]
        self._special_changed()

    def _toggle(self, code) -> None:
        chosen = list(self.special_cards.selected)
        chosen = [c for c in chosen if c != code] if code in chosen else chosen + [code]
        self._filling = True
        try:
            self.special.value = True
            self.special_mode.value = CHOSEN
        finally:
            self._filling = False
        self.special_cards.selected = [n for n in SPECIAL_CARDS if n in chosen]
        self._special_changed()

    @property
    def special_random(self) -> bool:
        """Whether the special cards are picked at random for each new game."""
        return bool(self.special.value) and self.special_mode.value == RANDOM

    def words(self) -> str:
        """The choice in words, the random special cards counted, not named."""
        return describe(self.modules(random.Random(0)), hide_special=self.special_random)

    @property
    def special_problem(self) -> str:
        """Why the special cards chosen cannot be played ('' when they can)."""
        if self.special.value and self.special_mode.value == CHOSEN and not self.ticked():
            return WORDS["none_ticked"]
        return ""

    def _special_names(self, rng=None) -> tuple:
        if not self.special.value or self.special_problem:
            return ()
        if self.special_mode.value == RANDOM:
            return choose_special(rng or random.Random(), BOX_SPECIAL)
        return self.ticked()

    def _special_changed(self, _change=None) -> None:
        if getattr(self, "_filling", False):
            return
        self._draw_special()
        self._notify()

    def _draw_special(self) -> None:
        on, mode = self.special.value, self.special_mode.value
        self.special_mode.layout.display = "" if on else "none"
        self.special_box.layout.display = "" if on else "none"
        ticked = self.ticked()
        # Hidden while the special cards are off: then its cards are not clickable either.
        self.special_cards.interactive = bool(on)
        if not on:
            note = ""
        elif self.special_problem:
            note = message(self.special_problem, "setup")
        elif mode == RANDOM:
            note = message(say.random_note(BOX_SPECIAL, SPECIAL_CARDS_TOLD), "info")
        else:
            note = message(say.chosen_note(ticked), "info")
        self.special_note.html = note
        # The faces are the clickable row above; here what each card does, in our words.
        items = "".join(
            f'<li class="fox-special-item{" fox-ticked" if n in ticked else ""}"><b>{escape(n)}'
            f'{" (ticked)" if n in ticked and mode == CHOSEN else ""}</b>: '
            f"{escape(Card(n).ability)}</li>" for n in SPECIAL_CARDS)
        self.special_words.html = (f'<ul class="fox-special-list" '
                                   f'aria-label="{WORDS["what_each"]}">{items}</ul>') if on else ""

    # -- the choice
    def modules(self, rng=None) -> Modules:
        """The modules chosen, as the engine takes them (special cards "at random" are picked
        with ``rng`` at each call)."""
        special = self._special_names(rng)
        base = self._goal_modules()
        if not special:
            return base
        return replace(base, special=special)

    def _goal_modules(self) -> Modules:
        choice, poison = self.goals.value, self.poison.value
        key = (choice, poison, id(self.own))
        if self._memo[0] != key:            # the views ask often; the answer changes rarely
            if choice == HOUSE:
                modules = Modules.with_goals(self._house, poison=poison)
            elif choice == OWN and self.own is not None:
                modules = Modules.with_goals(self.own, poison=poison)
            else:
                modules = Modules(poison=poison) if poison else BASE
            self._memo = (key, modules)
        return self._memo[1]

    def goal_set(self) -> GoalSet | None:
        """The goal set chosen (None: no goal cards)."""
        return {HOUSE: self._house, OWN: self.own}.get(self.goals.value)

    def on_change(self, callback) -> None:
        self._handlers.append(callback)

    # -- a goal file of the reader's own
    def load_goal_file(self, name: str, data) -> GoalSet | None:
        """Read an uploaded goal file. A good file becomes the "own" choice and is chosen; a
        bad one is refused with every problem shown in place, and the choice stays as it was."""
        self.problems = []
        if data is None:
            self._refuse(name, [say.file_too_big(name, "goal file",
                                                 f"{self.upload.max_bytes // 1000} kB")])
            return None
        try:
            text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else str(data)
        except UnicodeDecodeError:
            self._refuse(name, [say.file_not_text(name, "goal file")])
            return None
        found = Problems(name)
        goal_set = load_text(text, name, found)
        if goal_set is None:
            self._refuse(name, [str(p) for p in found.out])
            return None
        self.own = goal_set
        self._fill(OWN)
        self.report.html = message(say.goals_loaded(name, len(goal_set), goal_set.title), "ok")
        return goal_set

    def _refuse(self, name: str, problems: list) -> None:
        self.problems = problems
        kept = self.goals.label or WORDS["kept_none"]
        head = say.goals_refused(name, len(problems), kept)
        items = "".join(f"<li>{escape(p)}</li>" for p in problems)
        self.report.html = (message(head, "setup")
                            + f'<ul class="fox-module-problems">{items}</ul>')

    # -- drawing
    def _fill(self, value: str) -> None:
        options = [(WORDS["no_goals"], OFF),
                   (f"House goals ({len(self._house)})", HOUSE)]
        if self.own is not None:
            options.append((f"Your file: {self.own.title} ({len(self.own)})", OWN))
        was = getattr(self, "_filling", False)
        self._filling = True
        try:
            self.goals.options = options
            self.goals.value = value
        finally:
            self._filling = was
        if value == OWN and not was:
            self._notify()

    def _changed(self, _change=None) -> None:
        if getattr(self, "_filling", False):
            return
        self._notify()

    def _notify(self) -> None:
        modules = self.modules()
        for handler in list(self._handlers):
            handler(modules)
