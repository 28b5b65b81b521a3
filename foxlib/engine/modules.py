"""Which Deluxe modules a game is played with: one frozen value carried by positions, rounds
and games.

``Modules()`` is the base game. ``Modules(poison=True)`` plays the three 8s as Poison 8s (the
same cards, 8B, 8K and 8M: the deck is still 33 cards; whoever wins a trick loses 1 point per
Poison 8 in it, never going below 0). ``goals`` names the goal cards of the game's goal deck
by their ids in the house goal file (``foxlib/data/goals/house.json``; ``house_goal_ids()``
gives every one of them), or in ``goal_file``, a goal file of the players' own (a
``foxlib.engine.goals.GoalSet``, carried whole so that a saved game keeps the goals' definitions;
``Modules.with_goals(goal_set)`` plays every goal of a set): two are revealed each round and
claimed automatically (docs/goals.md, rulings G1-G6 in docs/rulings.md). ``special`` names the
special cards shuffled into the deck (``SPECIAL_CARDS``; ``choose_special`` picks them at random,
two by default, as the box says), played by ``foxlib.engine.round`` (rulings SC1-SC19).

Reading modules from JSON (``{"poison": true}``) with a clear problem for each bad field is
``foxlib.io.inputs.read_modules``; this module only holds the value (``as_modules`` builds one
from a dict of its fields, for ``Game(modules={"poison": True})``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InvalidState
from .goals import GoalSet, house_goals

#: The nine special cards of the Deluxe box, by name (see docs/deluxe-design.md).
SPECIAL_CARDS = ("Axe", "Tree", "Fairy", "Crown", "Mirror", "Bow", "Hammer", "Potion", "Shovel")
#: The fields of a modules object, in the order they are written.
MODULE_FIELDS = ("poison", "special", "goals", "goal_file")


@dataclass(frozen=True)
class Modules:
    """The Deluxe modules in play: ``poison`` (the Poison 8s), ``special`` (names of special
    cards shuffled into the deck, from ``SPECIAL_CARDS``), ``goals`` (ids of goal cards) and
    ``goal_file`` (None: the goals are house goals; else the ``foxlib.engine.goals.GoalSet`` that
    defines them)."""

    poison: bool = False
    special: tuple = ()
    goals: tuple = ()
    goal_file: object = None

    def __post_init__(self):
        if not isinstance(self.poison, bool):
            raise InvalidState(f"Modules: poison must be true or false, not {self.poison!r}.")
        for name in ("special", "goals"):
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
            elif not isinstance(value, tuple):
                raise InvalidState(f"Modules: {name} must be a list, not {value!r}.")
        bad = [s for s in self.special if s not in SPECIAL_CARDS]
        if bad:
            raise InvalidState(f"Modules: {bad[0]!r} is not a special card; the special cards "
                               f"are {', '.join(SPECIAL_CARDS)}.")
        if len(set(self.special)) != len(self.special):
            raise InvalidState("Modules: each special card is in the box once, so it can be "
                               "named only once.")
        if any(not isinstance(g, str) or not g.strip() for g in self.goals):
            raise InvalidState("Modules: each goal is named by its id, a non-empty text.")
        if len(set(self.goals)) != len(self.goals):
            raise InvalidState("Modules: each goal card can be named only once.")
        if self.goal_file is not None:
            if not isinstance(self.goal_file, GoalSet):
                raise InvalidState("Modules: goal_file must be a goal set read from a goal "
                                   f"file (foxlib.engine.goals.GoalSet), not {self.goal_file!r}.")

    @classmethod
    def with_goals(cls, goal_set, poison: bool = False) -> "Modules":
        """Play every goal of ``goal_set`` (a ``foxlib.engine.goals.GoalSet``, e.g. from
        ``foxlib.io.goal_files.load_text``). The house goals are named by id only; any other set is
        carried whole (``goal_file``)."""
        ids = tuple(g.id for g in goal_set)
        own = None if goal_set == house_goals() else goal_set
        return cls(poison=poison, goals=ids, goal_file=own)

    def _goal_source(self):
        """The goal set the ids name: the players' own goal file, or the house goals."""
        if self.goal_file is not None:
            return self.goal_file
        return house_goals()

    @property
    def base(self) -> bool:
        """True for the base game (no module in play)."""
        return not (self.poison or self.special or self.goals)

    def unavailable(self) -> list:
        """(field, reason) for each module named here that cannot be played yet."""
        out = []
        if self.goals:
            known = [g.id for g in self._goal_source()]
            bad = [g for g in self.goals if g not in known]
            if bad and self.goal_file is None:
                out.append(("goals", f"{bad[0]!r} is not a house goal; the house goals are "
                                     f"{', '.join(known)}."))
            elif bad:
                out.append(("goals", f"{bad[0]!r} is not a goal of the goal file "
                                     f"\u201c{self.goal_file.title}\u201d; its goals are "
                                     f"{', '.join(known)}."))
        return out

    def goal_cards(self) -> tuple:
        """The goals named by ``goals``, as ``foxlib.engine.goals.Goal`` values, in the order named."""
        if not self.goals:
            return ()
        for key, reason in self.unavailable():
            if key == "goals":
                raise InvalidState(f"Modules: {reason}")
        cards = self._goal_source()
        return tuple(cards.by_id(g) for g in self.goals)

    def to_json(self) -> dict:
        """Only the modules in play: ``{"poison": true}``; ``{}`` for the base game."""
        out = {}
        if self.poison:
            out["poison"] = True
        if self.special:
            out["special"] = list(self.special)
        if self.goals:
            out["goals"] = list(self.goals)
        if self.goal_file is not None:
            out["goal_file"] = self.goal_file.to_json()
        return out

    def __str__(self) -> str:
        parts = ["Poison 8s"] if self.poison else []
        if self.special:
            parts.append("special cards (" + ", ".join(self.special) + ")")
        if self.goals:
            parts.append(f"{len(self.goals)} goal card{'s' if len(self.goals) != 1 else ''}"
                         + (f" from \u201c{self.goal_file.title}\u201d" if self.goal_file
                            is not None else ""))
        return " and ".join(parts) if parts else "the base game"


#: The base game.
BASE = Modules()
#: The base game with Poison 8s.
POISON = Modules(poison=True)


def choose_special(rng, count: int = 2, among=SPECIAL_CARDS) -> tuple:
    """``count`` special cards picked at random from ``among`` (the box's setup: two, shuffled
    in unseen), in the box's order."""
    among = [s for s in SPECIAL_CARDS if s in among]
    if not 0 <= count <= len(among):
        raise InvalidState(f"Modules: cannot pick {count} special cards from {len(among)}.")
    picked = set(rng.sample(among, count))
    return tuple(s for s in SPECIAL_CARDS if s in picked)


def house_goal_ids() -> tuple:
    """The ids of every house goal (``Modules(goals=house_goal_ids())``: play with them all)."""
    return tuple(g.id for g in house_goals())


def as_modules(value) -> Modules:
    """``Modules`` from a Modules, None (the base game) or a dict of its fields, written as in
    Python: ``{"poison": True}``, ``{"special": ["Axe", "Hammer"], "goals": [ids]}`` (a missing
    field is off; each field is checked as ``Modules`` checks it). A save's JSON, with a goal
    file written out and a problem named for each bad field, is read by
    ``foxlib.io.inputs.read_modules``."""
    if value is None:
        return BASE
    if isinstance(value, Modules):
        return value
    if not isinstance(value, dict):
        raise InvalidState(f'Modules: give a Modules value or a dict like {{"poison": True}}, '
                           f"not {value!r}.")
    unknown = sorted(set(value) - set(MODULE_FIELDS), key=str)
    if unknown:
        raise InvalidState(f"Modules: unknown module(s) {unknown}; the modules are "
                           f"{', '.join(MODULE_FIELDS)}.")
    return Modules(**{key: item for key, item in value.items() if item is not None})
