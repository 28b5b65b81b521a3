"""The Deluxe module options of the play table and the rules explorer: Poison 8s on or off, and
the goal cards (none, the house goals, or the reader's own goal file).

A thin view: the goal file is read and checked by ``foxlib.goals.load_text`` (every problem
named with the file, the goal and the field, in plain words), the modules are a
``foxlib.modules.Modules`` value and their words are its own (``str(modules)``). A file with
problems is refused with every problem listed in place, and the previous choice stays.
"""
from __future__ import annotations

from html import escape

from ipywidgets import Checkbox, Dropdown, HBox, Layout, VBox

from foxlib.errors import Problems
from foxlib.goals import GoalSet, house_goals, load_text
from foxlib.modules import BASE, Modules
from foxlib.rules import count

from .card import HtmlView
from .file_button import FileButton
from .table import message

OFF, HOUSE, OWN = "off", "house", "own"


class ModuleOptions(VBox):
    """``ModuleOptions(poison=False, goals=None)``: ``goals`` is None (no goal cards),
    ``"house"`` or a ``foxlib.goals.GoalSet`` (the reader's own goals).

    Parts for code and tests: ``poison`` (Checkbox), ``goals`` (Dropdown: ``"off"``,
    ``"house"``, ``"own"`` once a goal file is loaded), ``upload`` (the file button; its
    ``load(name, data)`` does what choosing a file does), ``report`` (HtmlView: what the last
    upload gave, or every problem of a refused file), ``problems`` (those problems as text).
    ``modules()`` is the ``foxlib.modules.Modules`` chosen; ``on_change(callback(modules))``
    is called when the choice changes."""

    def __init__(self, poison: bool = False, goals=None):
        self.own: GoalSet | None = None
        self.problems: list = []
        self._handlers: list = []
        self._memo = (None, BASE)
        self._house = house_goals()
        self.poison = Checkbox(value=bool(poison), description="Poison 8s",
                               indent=False, layout=Layout(width="auto"),
                               tooltip="The three 8s are Poison 8s: whoever wins a trick loses "
                                       "1 point for each (never going below 0)")
        self.goals = Dropdown(description="Goal cards", layout=Layout(width="auto"),
                              style={"description_width": "initial"})
        self.upload = FileButton(description="Upload goal file", accept=".json,application/json",
                                 tooltip="A goal file of your own (fox-goals/1, see "
                                         "docs/goals.md)", max_bytes=500_000)
        self.report = HtmlView()
        if isinstance(goals, GoalSet):
            self.own = goals
        self._fill(HOUSE if goals == HOUSE else OWN if self.own is not None else OFF)
        self.poison.observe(self._changed, names="value")
        self.goals.observe(self._changed, names="value")
        self.upload.on_file(self.load_goal_file)
        row = HBox([self.poison, self.goals, self.upload])
        row.add_class("fox-controls")
        super().__init__([row, self.report])
        self.add_class("fox-module-options")

    # -- the choice
    def modules(self) -> Modules:
        """The modules chosen, as the engine takes them."""
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
            self._refuse(name, [f"{name}: the file is too big for a goal file (at most "
                                f"{self.upload.max_bytes // 1000} kB)."])
            return None
        try:
            text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else str(data)
        except UnicodeDecodeError:
            self._refuse(name, [f"{name}: the file is not UTF-8 text, so it cannot be a goal "
                                "file (a goal file is JSON text)."])
            return None
        found = Problems(name)
        goal_set = load_text(text, name, found)
        if goal_set is None:
            self._refuse(name, [str(p) for p in found.out])
            return None
        self.own = goal_set
        self._fill(OWN)
        self.report.html = message(
            f"{name}: {count(len(goal_set), 'goal')} loaded from "
            f"\u201c{goal_set.title}\u201d and chosen as the goal cards.", "ok")
        return goal_set

    def _refuse(self, name: str, problems: list) -> None:
        self.problems = problems
        kept = self.goals.label or "no goal cards"
        head = (f"{name} cannot be used: {count(len(problems), 'problem')} to correct (the "
                f"goal cards stay as they were: {kept}).")
        items = "".join(f"<li>{escape(p)}</li>" for p in problems)
        self.report.html = (message(head, "setup")
                            + f'<ul class="fox-module-problems">{items}</ul>')

    # -- drawing
    def _fill(self, value: str) -> None:
        options = [("No goal cards", OFF),
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
