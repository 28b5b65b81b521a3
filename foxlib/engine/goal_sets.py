"""Goals and goal sets read from a goal file: ``Goal``, ``GoalSet``, ``read_goals`` (the
structure checked against ``foxlib.engine.goal_schema.SCHEMA``, each condition against the form
it names, then what a schema cannot say), the problems it notes (``GoalProblem``) and the house
goals (``house_goals``). Every name here is a name of ``foxlib.engine.goals`` too. Standard
library only.
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field as dataclass_field
from pathlib import Path

from ..core.cards import DEFAULT_THEME, Card, Theme
from ..core.errors import InputError, Problem, Problems
from ..core.goal_format import CHARACTER_RANKS, EVENTS, FORMAT, ROUND_TRICKS, condition_form
from ..core.schema import field_name, validate
from ..words.goal_words import describe, points_words
from ..words.grammar import sentence
from .goal_schema import FORMATS, _FORM_VALIDATION, _VALIDATION

DATA_DIR = Path(__file__).parent.parent / "data" / "goals"
HOUSE_FILE = DATA_DIR / "house.json"


# ----------------------------------------------------------------------------- goals

@dataclass(frozen=True)
class Goal:
    """One goal, read from a file. ``condition`` is the condition as written (plain data)."""

    id: str
    title: str
    source: str
    kind: str
    points: int
    condition: dict = dataclass_field(hash=False)
    text: str | None = None
    file: str = dataclass_field(default="", compare=False)

    @property
    def house(self) -> bool:
        return self.source == "house"

    @property
    def label(self) -> str:
        """'house goal' or 'goal card': how a sentence names it (a house goal is never called
        a goal card)."""
        return "house goal" if self.house else "goal card"

    def words(self, theme: Theme = DEFAULT_THEME) -> str:
        """What it asks, in plain words ('Win a trick with a Swan: +3 points, once.')."""
        text = self.text or sentence(describe(self.condition, theme))
        return f"{text.rstrip('.')}: {points_words(self.points, self.kind)}."

    def to_json(self) -> dict:
        out = {"id": self.id, "title": self.title, "source": self.source, "kind": self.kind,
               "points": self.points, "condition": self.condition}
        if self.text:
            out["text"] = self.text
        return out


@dataclass(frozen=True)
class GoalSet:
    """The goals of one goal file. Two sets are equal when they hold the same goals, whatever
    file they were read from."""

    id: str
    title: str
    goals: tuple
    file: str = dataclass_field(default="", compare=False)
    description: str = ""

    def __iter__(self):
        return iter(self.goals)

    def __len__(self):
        return len(self.goals)

    def by_id(self, gid: str) -> Goal:
        for goal in self.goals:
            if goal.id == gid:
                return goal
        raise KeyError(gid)

    def to_json(self) -> dict:
        """The set as a goal file (``fox-goals/1``): ``read_goals`` reads it back."""
        out = {"format": FORMAT, "id": self.id, "title": self.title}
        if self.description:
            out["description"] = self.description
        out["goals"] = [g.to_json() for g in self.goals]
        return out


@dataclass(frozen=True)
class GoalProblem(Problem):
    """A problem in a goal file: said with the goal's id ('house.json, goal swan-song,
    condition.with.rank: ...')."""

    def __str__(self) -> str:
        where = ", ".join(part for part in (self.file, self.id and f"goal {self.id}") if part)
        if not where:
            return self.message
        return f"{where}{', ' if self._label() else ': '}{self.message}"


class GoalProblems(Problems):
    """``Problems`` whose entries name the goal ('goal swan-song', not 'puzzle ...')."""

    def add(self, field: str, reason: str, label: str | None = None) -> None:
        problem = GoalProblem(self.file, self.id, field, reason, label)
        self.out.append(problem)
        self.count += 1
        if self.raise_first:
            raise InputError([problem])

    def at(self, gid) -> "GoalProblems":
        """The same list, stamping ``gid`` on what it adds."""
        other = GoalProblems(self.file, gid, self.out, first=self.raise_first)
        return other


# ----------------------------------------------------------------------------- reading

def read_goals(data, file: str = "<goals>", problems=None) -> GoalSet | None:
    """Read a decoded goal file. ``problems``: None raises an ``InputError`` at the first
    problem; a ``Problems()`` collects every problem (then None is returned if any was found).
    The structure is checked against ``SCHEMA``, each condition against the form it names,
    then what a schema cannot say (unique ids, counts that can be met, a card description that
    can match)."""
    collect = problems is not None
    probs = goal_problems(file, problems)
    start = len(probs.out)
    by_goal, head_bad = {}, set()
    for error in validate(data, _VALIDATION, FORMATS):
        if error.path[:1] == ("goals",) and len(error.path) > 1:
            by_goal.setdefault(error.path[1], []).append(error)
        else:
            probs.add(error.field, error.message)
            head_bad.update(error.path[:1])
    if not isinstance(data, dict):
        return _done(problems, probs, start)
    goals, ids = [], set()
    items = data.get("goals") if "goals" not in head_bad else None
    for i, obj in enumerate(items if isinstance(items, list) else ()):
        gid = obj.get("id") if isinstance(obj, dict) and isinstance(obj.get("id"), str) \
            and obj.get("id").strip() else f"#{i + 1}"
        here = probs.at(gid)
        before = here.count
        for error in by_goal.get(i, ()):
            here.add(field_name(error.path[2:]), error.message)
        if not isinstance(obj, dict):
            continue
        if gid in ids:
            here.add("id", f"the id '{gid}' is already used by another goal in this file.")
        ids.add(gid)
        if isinstance(obj.get("condition"), dict):
            _check_condition(obj["condition"], ("condition",), here)
        if here.count == before and not by_goal.get(i):
            goals.append(Goal(obj["id"], obj["title"].strip(), obj["source"], obj["kind"],
                              obj["points"], copy.deepcopy(obj["condition"]),
                              obj.get("text"), file))
    if collect and len(probs.out) > start:
        problems.count += len(probs.out) - start
        return None
    title = data.get("title") if isinstance(data.get("title"), str) else ""
    return GoalSet(str(data.get("id", "")), title, tuple(goals), file,
                   data.get("description", "") or "")


def _done(problems, probs, start):
    if problems is not None:
        problems.count += len(probs.out) - start
    return None


def _check_condition(cond: dict, path: tuple, probs: GoalProblems) -> None:
    """Check one condition against the form it names, then its nested conditions and what a
    schema cannot say."""
    form = condition_form(cond)
    if form is None:
        if "event" in cond:
            probs.add(field_name(path + ("event",)),
                      f"unknown event {cond['event']!r}; the events are "
                      f"{', '.join(EVENTS)}.")
        else:
            probs.add(field_name(path), "a condition names its \"event\" ("
                      + ", ".join(EVENTS) + ") or is exactly one of \"all\", \"any\" and "
                      "\"never\".", f"{field_name(path)}:")
        return
    errors = validate(cond, _FORM_VALIDATION[form], FORMATS)
    for error in errors:
        probs.add(field_name(path + error.path), error.message)
    if errors:
        return
    if form in ("all", "any"):
        for i, sub in enumerate(cond[form]):
            _check_condition(sub, path + (form, i), probs)
    elif form == "never":
        _check_condition(cond["never"], path + ("never",), probs)
    else:
        _check_meaning(form, cond, path, probs)


def _check_meaning(form: str, cond: dict, path: tuple, probs: GoalProblems) -> None:
    for key in ("with", "against", "cards"):
        if key in cond:
            _check_spec(cond[key], path + (key,), probs)
    if form == "win_tricks" and cond["count"] > ROUND_TRICKS:
        probs.add(field_name(path + ("count",)), f"a round has 13 tricks, so "
                  f"{cond['count']} can never be won.")
    if form == "streak" and not 2 <= cond["tricks"] <= ROUND_TRICKS:
        probs.add(field_name(path + ("tricks",)), "a run of tricks in a row is 2 to 13 "
                  f"tricks long, not {cond['tricks']}.")
    if form == "round_end":
        if "tricks" not in cond and "taken" not in cond:
            probs.add(field_name(path), "a round_end condition checks \"tricks\", \"taken\" "
                      "or both: give at least one.", f"{field_name(path)}:")
        if "tricks" in cond:
            _check_range(cond["tricks"], path + ("tricks",), probs, ROUND_TRICKS)
        if "taken" in cond:
            _check_spec(cond["taken"]["cards"], path + ("taken", "cards"), probs)
            if "count" in cond["taken"]:
                _check_range(cond["taken"]["count"], path + ("taken", "count"), probs,
                             2 * ROUND_TRICKS)


def _check_range(rng, path, probs, most: int) -> None:
    where = field_name(path)
    if isinstance(rng, int):
        low, high = rng, most
    else:
        if not rng:
            probs.add(where, "give \"exactly\", \"at_least\" or \"at_most\".")
            return
        if "exactly" in rng and len(rng) > 1:
            probs.add(where, "\"exactly\" stands alone: leave out \"at_least\" and "
                      "\"at_most\".")
            return
        low = rng.get("exactly", rng.get("at_least", 0))
        high = rng.get("exactly", rng.get("at_most", most))
    if low > most:
        probs.add(where, f"{low} can never be reached: the most there can be is {most}.")
    elif low > high:
        probs.add(where, f"at least {low} and at most {high} can never both hold.")


def _check_spec(spec: dict, path: tuple, probs: GoalProblems) -> None:
    where = field_name(path)
    card = Card(spec["card"]) if "card" in spec else None
    rank = spec.get("rank")
    char = CHARACTER_RANKS.get(spec.get("character"))
    if card is not None and ("rank" in spec or "suit" in spec):
        probs.add(where, "\"card\" already names a rank and a suit: leave out \"rank\" and "
                  "\"suit\".")
    ranks = {r for r in (rank, char, card and card.rank) if r is not None}
    if len(ranks) > 1:
        probs.add(where, "no card matches: its rank, character and card name different "
                  "ranks.")
    if "special" in spec and ({"card", "rank", "suit", "character", "trump"} & set(spec)):
        probs.add(where, "a special card has no suit card's rank, suit or character: "
                  "\"special\" stands alone.")


# ----------------------------------------------------------------------------- loading
#
# A goal file of the players' own, as text or a file, is read by ``foxlib.io.goal_files``
# (``load_text``, ``load_file``); the house goals are this package's own file, read here.

def goal_problems(file: str, problems) -> GoalProblems:
    """Where a reader of goal files notes problems: the caller's list, or raise at once."""
    return GoalProblems(file, None, problems.out if problems is not None else [],
                        first=problems is None)


_HOUSE: tuple | None = None


def house_goals() -> GoalSet:
    """The house goals of this project (foxlib/data/goals/house.json). Read and checked once,
    then kept (read again if the file changes): every round with goal cards asks for them.
    The goals are frozen; their conditions are plain data that nobody changes. The file is
    this package's own (``tests/engine/test_goals.py`` keeps it valid), so it is decoded here and any
    problem in it raises at once; a goal file of the players' own is read by
    ``foxlib.io.goal_files``."""
    global _HOUSE
    stat = HOUSE_FILE.stat()
    key = (stat.st_mtime_ns, stat.st_size)
    if _HOUSE is None or _HOUSE[0] != key:
        data = json.loads(HOUSE_FILE.read_text(encoding="utf-8"))
        _HOUSE = (key, read_goals(data, str(HOUSE_FILE)))
    return _HOUSE[1]
