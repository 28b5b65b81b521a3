"""Goal cards (the Deluxe goal module) as data: a validated file format, evaluation over a
round's records, and the goal deck.

The sixteen printed goal cards' conditions are not public, so a goal is data (rulings 19-21 of
docs/deluxe-design.md). A goal file (``fox-goals/1``, docs/goals.md) lists goals; each has an
``id``, a ``title``, its ``source`` (``"house"``: one of this project's own house goals;
``"printed"``: a card an owner of the box typed in), ``points`` (negative for a penalty),
``kind`` (``"once"``: claimed once; ``"ongoing"``: triggers every time, for the whole round)
and a ``condition`` in a small composable language:

    {"event": "win_trick", "with": {"character": "Swan"}}
    {"event": "lose_trick", "against": {"rank": 11}, "trick": "last"}
    {"event": "take", "cards": {"character": "Treasure"}, "count": 2}
    {"event": "win_tricks", "count": 5}          {"event": "streak", "tricks": 3}
    {"event": "round_end", "tricks": {"at_least": 7}}
    {"all": [...]}   {"any": [...]}   {"never": {...}}

``SCHEMA`` is the one description of the format: ``read_goals`` validates with it (every bad
field is a ``Problem`` naming the file, the goal's id and the field; first problem or every
problem, as ``foxlib.io.inputs`` does) and docs/goals.md is rendered from it
(``python -m foxlib goals schema --update-docs docs/goals.md``).

``evaluate(records, goal)`` reads facts only (the ``TrickRecord`` s and the ``RoundEndRecord``
of a round's history) and returns frozen ``Claim`` s; ``foxlib.words.goal_words.say_claim``
says one in the narrator's grammar, and ``describe`` a condition. ``GoalDeck`` shuffles,
reveals two goals a round, discards and reshuffles by seed. A goal file of the players' own is
read from its text or its path by ``foxlib.io.goal_files`` (``load_text``, ``load_file``); the
command line ``python -m foxlib goals`` is ``foxlib.cli.goals``.

Standard library only, headless. A round scores the goals revealed for it with
``evaluate_all`` (``foxlib.engine.round``); a game plays the house goals or any ``GoalSet``
(``foxlib.engine.modules.Modules.with_goals``), which ``GoalSet.to_json`` writes back as a goal file.
"""
from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field as dataclass_field
from pathlib import Path
from typing import NamedTuple

from ..core.cards import DEFAULT_THEME, Card, Suit, Theme
from ..core.errors import InputError, Problem, Problems
# The format's plain data is core's, shared with the goals' words (``goals.EVENTS`` and the
# others stay names of this module).
from ..core.goal_format import (CHARACTER_RANKS, COMBINATORS, END, EVENTS, FORMAT,  # noqa: F401
                                ROUND_TRICKS, condition_form)
from ..core.schema import DocBlocks, card_problem, field_name, format_field, render_fields, validate
from ..words.goal_words import describe, points_words
from ..words.grammar import sentence

DATA_DIR = Path(__file__).parent.parent / "data" / "goals"
HOUSE_FILE = DATA_DIR / "house.json"
SOURCES = ("house", "printed")
KINDS = ("once", "ongoing")
#: The special cards of the Deluxe box (rulings SC1-SC19): a card description may name one.
SPECIAL_CARDS = ("Axe", "Tree", "Fairy", "Crown", "Mirror", "Bow", "Hammer", "Potion", "Shovel")
SUIT_LETTERS = ("B", "K", "M")


# ----------------------------------------------------------------------------- the schema

FORMATS = {"card": card_problem}
_TEXT = {"type": "string", "pattern": "\\S", "x-message": "must be a non-empty text, not "
                                                          "{value!r}."}
_IDENT = {"type": "string", "minLength": 1, "pattern": "^[A-Za-z0-9-]+$",
          "x-messages": {"type": "must be a non-empty text, not {value!r}.",
                         "minLength": "must be a non-empty text, not {value!r}.",
                         "pattern": "'{value}' may use only letters, digits and dashes."}}
_COUNT_MSG = "must be a whole number of at least {minimum}, not {value!r}."
_N0 = {"type": "integer", "minimum": 0, "x-message": _COUNT_MSG}
_N1 = {"type": "integer", "minimum": 1, "x-message": _COUNT_MSG}

_SPEC = {
    "title": "A card description",
    "description": "Which cards count: every field given must hold (`{}` is any card). "
                   "`{\"character\": \"Swan\"}` is any 1, `{\"suit\": \"M\", \"rank\": 9}` the "
                   "9 of Moons, `{\"trump\": true}` any card of the trump suit",
    "type": "object", "additionalProperties": False,
    "x-missing": 'this field is missing: say which cards count, like {{"character": '
                 '"Treasure"}}.',
    "x-messages": {"type": 'must be a card description like {{"character": "Swan"}}, not '
                           "{kind}.",
                   "additionalProperties": "unknown field; a card description has {names}."},
    "properties": {
        "card": {"type": "string", "format": "card", "x-message": "unknown card: {detail}",
                 "description": "one card: rank then suit letter, `9M`"},
        "rank": {"enum": list(range(1, 12)),
                 "x-message": "must be a rank from 1 to 11, not {value!r}.",
                 "description": "a rank, 1 to 11"},
        "suit": {"enum": list(SUIT_LETTERS),
                 "x-message": "must be a suit letter, B, K or M (Bells, Keys, Moons in the "
                              "classic theme), not {value!r}.",
                 "description": "a suit letter, as in card codes: `B`, `K` or `M` (each theme "
                                "names it in its own words)"},
        "character": {"enum": list(CHARACTER_RANKS),
                      "x-message": "must be a character: " + ", ".join(CHARACTER_RANKS)
                                   + "; not {value!r}.",
                      "description": "a character (the odd ranks): " + ", ".join(
                          f"{n} ({r})" for n, r in CHARACTER_RANKS.items())},
        "special": {"enum": list(SPECIAL_CARDS),
                    "x-message": "must be a special card: " + ", ".join(SPECIAL_CARDS)
                                 + "; not {value!r}.",
                    "description": "a Deluxe special card by name (rank, suit, character and "
                                   "trump describe suit cards only)"},
        "trump": {"type": "boolean", "x-message": "must be true or false, not {value!r}.",
                  "description": "`true`: of the trump suit at that trick (after any Fox); "
                                 "`false`: not (a lone Witch counts as trump to decide the "
                                 "trick, but it is not a trump card)"},
    }}
_RANGE = {
    "title": "A count",
    "description": "A number (`3` means at least 3), or an object with `exactly`, or with "
                   "`at_least` and/or `at_most`",
    "oneOf": [dict(_N0, description="at least this many"), {
        "type": "object", "additionalProperties": False,
        "x-messages": {"additionalProperties": "unknown field; a count has {names}."},
        "properties": {"exactly": dict(_N0, description="exactly this many"),
                       "at_least": dict(_N0, description="this many or more"),
                       "at_most": dict(_N0, description="this many or fewer")}}],
    "x-messages": {"oneOf": "must be a number or an object like {{\"at_least\": 7}}, not "
                            "{found}."}}
#: Where a condition nests another one: the docs link it; validation dispatches on it.
_CONDITION_LINK = {"title": "A condition", "type": "object"}
_TRICK_FIELDS = {
    "with": _SPEC,
    "against": _SPEC,
    "trick": {"enum": ["first", "last"] + list(range(1, ROUND_TRICKS + 1)),
              "x-message": "must be \"first\", \"last\" or a trick number from 1 to 13, not "
                           "{value!r}.",
              "description": "only this trick: `\"first\"`, `\"last\"` (trick 13) or its "
                             "number"},
    "led": {"type": "boolean", "x-message": "must be true or false, not {value!r}.",
            "description": "`true`: only a trick the player led; `false`: only one they "
                           "followed in"},
}


def _event(name: str, title: str, description: str, props: dict, required=()) -> dict:
    event = {"const": name, "x-message": f"must be {name!r} in this form.",
             "description": "the kind of event"}
    return {"title": title, "description": description, "type": "object",
            "required": ["event", *required], "additionalProperties": False,
            "x-messages": {"additionalProperties": f"unknown field; a {name} condition has "
                                                   "{names}."},
            "properties": {"event": event, **props}}


def _combinator(name: str, title: str, description: str, node: dict) -> dict:
    return {"title": title, "description": description, "type": "object",
            "required": [name], "additionalProperties": False,
            "x-messages": {"additionalProperties": f"unknown field; an {name!r} condition has "
                                                   "only {names}."},
            "properties": {name: node}}


_LIST = {"type": "array", "minItems": 1, "items": _CONDITION_LINK,
         "x-messages": {"type": "must be a non-empty list of conditions, not {found}.",
                        "minItems": "must be a non-empty list of conditions."},
         "description": "the conditions"}
FORMS = {
    "win_trick": _event(
        "win_trick", "A win-trick condition",
        "`\"event\": \"win_trick\"`: the player wins a trick; `with`: their own card in it, "
        "`against`: the opponent's, `trick`: which trick, `led`: whether they led it (each "
        "field given must hold). Triggers at every such trick", _TRICK_FIELDS),
    "lose_trick": _event(
        "lose_trick", "A lose-trick condition",
        "`\"event\": \"lose_trick\"`: the player loses a trick; the fields as for win_trick. "
        "Triggers at every such trick",
        _TRICK_FIELDS),
    "take": _event(
        "take", "A take condition",
        "`\"event\": \"take\"`: the player takes cards in the tricks they win (both cards of "
        "a won trick are taken). "
        "Met when the number of matching cards taken this round reaches `count`; an ongoing "
        "goal triggers at every `count`-th matching card",
        {"cards": _SPEC,
         "count": dict(_N1, default=1, description="how many matching cards")},
        required=["cards"]),
    "win_tricks": _event(
        "win_tricks", "A win-tricks condition",
        "`\"event\": \"win_tricks\"`: the player has won `count` tricks this round (tricks "
        "won before a position a round "
        "starts from count too). Met at the trick that makes the number; once only",
        {"count": dict(_N1, description="how many tricks, 1 to 13")}, required=["count"]),
    "streak": _event(
        "streak", "A streak condition",
        "`\"event\": \"streak\"`: the player wins `tricks` tricks in a row (`with`: only tricks "
        "won with such a card count). Met at the trick that completes the run; an "
        "ongoing goal triggers for every run of that length (six in a row is two runs of "
        "three)",
        {"tricks": dict(_N1, description="how many in a row, 2 to 13"),
         "with": _SPEC},
        required=["tricks"]),
    "round_end": _event(
        "round_end", "A round-end condition",
        "`\"event\": \"round_end\"`: checked once, at the end of the round: `tricks`, how many "
        "tricks the player won, and/or `taken`, how many cards of a kind they took (give at "
        "least one)",
        {"tricks": _RANGE,
         "taken": {"title": "A taken count", "type": "object", "required": ["cards"],
                   "additionalProperties": False,
                   "description": "how many cards of a kind the player took in the round",
                   "x-messages": {"type": "must be an object like {{\"cards\": {{\"suit\": "
                                          "\"M\"}}, \"count\": {{\"at_most\": 2}}}}, not "
                                          "{kind}.",
                                  "additionalProperties": "unknown field; taken has {names}."},
                   "properties": {"cards": _SPEC, "count": dict(_RANGE, default=1)}}}),
    "all": _combinator("all", "An all condition",
                       "`all`: every condition in the list is met by the same player, at any "
                       "moments "
                       "of the round; met when the last of them is. Triggers once", _LIST),
    "any": _combinator("any", "An any condition",
                       "`any`: one of the conditions is met; triggers whenever one of them does "
                       "(once per trick)", _LIST),
    "never": _combinator("never", "A never condition",
                         "`never`: met at the end of the round when the player never met the "
                         "condition during it. Triggers once",
                         dict(_CONDITION_LINK, description="the condition not to meet")),
}
_CONDITION = {
    "title": "A condition",
    "description": "An object naming its `event` (`" + "`, `".join(EVENTS) + "`), or "
                   "combining other conditions (`all`, `any`, `never`)",
    "oneOf": list(FORMS.values())}
_GOAL = {
    "title": "A goal",
    "type": "object", "additionalProperties": False,
    "required": ["id", "title", "source", "kind", "points", "condition"],
    "x-messages": {"type": "a goal is a JSON object, not {kind}.",
                   "additionalProperties": "unknown field; a goal has {names}."},
    "properties": {
        "id": dict(_IDENT, description="unique in the file; letters, digits and dashes"),
        "title": dict(_TEXT, description="a short name (a house goal's is our own)"),
        "source": {"enum": list(SOURCES),
                   "x-message": "must be \"house\" (a goal of this project) or \"printed\" (a "
                                "card of the box typed in by its owner), not {value!r}.",
                   "description": "`\"house\"`: a house goal of this project; `\"printed\"`: "
                                  "one of the box's goal cards, typed in by its owner"},
        "kind": {"enum": list(KINDS),
                 "x-message": "must be \"once\" (claimed once) or \"ongoing\" (triggers every "
                              "time during the round), not {value!r}.",
                 "description": "`\"once\"`: the first player to meet it claims it; "
                                "`\"ongoing\"`: it stays for the round and triggers every time"},
        "points": {"type": "integer", "x-message": "must be a whole number of points (negative "
                                                   "for a loss), not {value!r}.",
                   "description": "gained when claimed or triggered; negative: lost (a score "
                                  "never goes below 0)"},
        "condition": _CONDITION,
        "text": dict(_TEXT, description="the goal's words as shown to players (default: made "
                                        "from the condition)"),
    }}
#: The structure of a goal file, in JSON Schema (the subset ``foxlib.core.schema``
#: validates): ``read_goals`` checks files with it and docs/goals.md is rendered from it.
SCHEMA = {
    "title": "The goal file",
    "description": "A goal file is one JSON object holding a list of goals",
    "type": "object", "required": ["format", "id", "title", "goals"],
    "additionalProperties": False,
    "x-messages": {"type": "a goal file is a JSON object with 'format', 'id', 'title' and "
                           "'goals', not {kind}.",
                   "additionalProperties": "unknown field; a goal file has {names}."},
    "properties": {
        "format": format_field(FORMAT),
        "id": dict(_IDENT, description="letters, digits and dashes"),
        "title": dict(_TEXT, description="what the file holds"),
        "description": dict(_TEXT, description="a sentence about the file"),
        "goals": {"type": "array", "minItems": 1, "items": _GOAL,
                  "x-messages": {"type": "must be a non-empty list of goals.",
                                 "minItems": "must be a non-empty list of goals."},
                  "description": "the goals"},
    }}


def _shape_only(node):
    """A copy of ``node`` in which every condition is checked only to be an object: a
    condition is checked by the form its ``event`` (or combinator) names (``_check_condition``),
    which says better what is wrong than a failed ``oneOf``."""
    if node is _CONDITION or node is _CONDITION_LINK:
        return {"type": "object", "x-message": 'must be a condition like {{"event": '
                                               '"win_trick"}}, not {found}.'}
    if isinstance(node, dict):
        return {k: _shape_only(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_shape_only(v) for v in node]
    return node


_VALIDATION = _shape_only(SCHEMA)
_FORM_VALIDATION = {name: _shape_only(form) for name, form in FORMS.items()}


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
    this package's own (``tests/test_goals.py`` keeps it valid), so it is decoded here and any
    problem in it raises at once; a goal file of the players' own is read by
    ``foxlib.io.goal_files``."""
    global _HOUSE
    stat = HOUSE_FILE.stat()
    key = (stat.st_mtime_ns, stat.st_size)
    if _HOUSE is None or _HOUSE[0] != key:
        data = json.loads(HOUSE_FILE.read_text(encoding="utf-8"))
        _HOUSE = (key, read_goals(data, str(HOUSE_FILE)))
    return _HOUSE[1]


# ----------------------------------------------------------------------------- evaluation

class Fact(NamedTuple):
    """One fact a claim rests on: ``event`` ('won', 'lost', 'took', 'tricks', 'streak',
    'end_tricks', 'end_taken', 'never'), the trick (None: the end of the round), the player's
    card and the opponent's (or the card taken), and a number (cards or tricks so far, a run's
    length)."""

    event: str
    trick: int | None = None
    card: Card | None = None
    other: Card | None = None
    count: int | None = None
    spec: str | None = None  # the card description or condition it is about, as JSON text

    @property
    def about(self):
        """``spec`` decoded: the card description or the condition the fact is about."""
        return None if self.spec is None else json.loads(self.spec)


@dataclass(frozen=True)
class Claim:
    """A goal met: ``player`` gains ``points`` (lost, if negative) at ``trick`` (None: at the
    end of the round), because of the facts in ``why``. ``goal`` is the goal's id; ``title``,
    ``source`` and ``kind`` are copied so that the claim can be said alone."""

    goal: str
    title: str
    source: str
    kind: str
    player: int
    trick: int | None
    points: int
    why: tuple

    @property
    def moment(self) -> int:
        return END if self.trick is None else self.trick


class _Trick(NamedTuple):
    number: int
    leader: int
    cards: tuple
    winner: int
    decree: Card


def _facts(source):
    """(tricks, round_end record or None, tricks won before the records) from a ``Round`` or
    from records (a round's ``history``: only its ``trick`` and ``round_end`` records are
    read)."""
    before = (0, 0)
    records = source
    if hasattr(source, "history"):
        records = source.history
        start = getattr(source, "start", None)
        if start is not None:
            before = tuple(start.tricks_won)
    tricks, end = [], None
    for rec in records:
        if rec.kind == "trick":
            tricks.append(_Trick(rec.number, rec.leader, tuple(rec.cards), rec.winner,
                                 rec.decree))
        elif rec.kind == "round_end":
            end = rec
    return tricks, end, before


def matches(spec: dict, card: Card, decree: Card | None = None) -> bool:
    """Whether ``card`` fits the card description ``spec`` (``decree``: the decree card at
    that trick, for ``trump``)."""
    if "special" in spec:
        return card.special == spec["special"]
    if card.special is not None:
        return "card" not in spec and not ({"rank", "suit", "character", "trump"} & set(spec))
    if "card" in spec and card is not Card(spec["card"]):
        return False
    if "rank" in spec and card.rank != spec["rank"]:
        return False
    if "suit" in spec and card.suit != Suit("BKM".index(spec["suit"])):
        return False
    if "character" in spec and card.rank != CHARACTER_RANKS[spec["character"]]:
        return False
    if "trump" in spec and (decree is not None and card.suit == decree.suit) != spec["trump"]:
        return False
    return True


def _frozen(obj) -> str:
    """A card description or condition as JSON text, so that a fact (and a claim) stays
    hashable."""
    return json.dumps(obj, sort_keys=True)


def _range_holds(rng, n: int) -> bool:
    if isinstance(rng, int):
        return n >= rng
    if "exactly" in rng:
        return n == rng["exactly"]
    return rng.get("at_least", 0) <= n <= rng.get("at_most", n)


def _trick_holds(cond: dict, t: _Trick, p: int) -> bool:
    mine = t.cards[0] if t.leader == p else t.cards[1]
    theirs = t.cards[1] if t.leader == p else t.cards[0]
    which = cond.get("trick")
    if which is not None:
        number = {"first": 1, "last": ROUND_TRICKS}.get(which, which)
        if t.number != number:
            return False
    if "led" in cond and (t.leader == p) != cond["led"]:
        return False
    if "with" in cond and not matches(cond["with"], mine, t.decree):
        return False
    if "against" in cond and not matches(cond["against"], theirs, t.decree):
        return False
    return True


def triggers(cond: dict, tricks, end, p: int, before=(0, 0)) -> list:
    """Every moment player ``p`` meets ``cond``, in order: ``[(moment, facts), ...]`` (moment:
    the trick number, ``END`` for the end of the round). Only the tricks in the records count
    (and the round's end when it is recorded)."""
    form = condition_form(cond)
    out = []
    if form in ("win_trick", "lose_trick"):
        won = form == "win_trick"
        for t in tricks:
            if (t.winner == p) == won and _trick_holds(cond, t, p):
                mine = t.cards[0] if t.leader == p else t.cards[1]
                theirs = t.cards[1] if t.leader == p else t.cards[0]
                out.append((t.number, (Fact("won" if won else "lost", t.number, mine,
                                            theirs),)))
    elif form == "take":
        need, n = cond.get("count", 1), 0
        for t in tricks:
            if t.winner != p:
                continue
            for card in t.cards:
                if matches(cond["cards"], card, t.decree):
                    n += 1
                    if n % need == 0:
                        out.append((t.number, (Fact("took", t.number, card, None, n,
                                                    _frozen(cond["cards"])),)))
    elif form == "win_tricks":
        n = before[p]
        for t in tricks:
            if t.winner == p:
                n += 1
                if n == cond["count"]:
                    out.append((t.number, (Fact("tricks", t.number, None, None, n),)))
    elif form == "streak":
        run, need = 0, cond["tricks"]
        for t in tricks:
            mine = t.cards[0] if t.leader == p else t.cards[1]
            if t.winner == p and ("with" not in cond or matches(cond["with"], mine, t.decree)):
                run += 1
                if run == need:
                    out.append((t.number, (Fact("streak", t.number, None, None, need),)))
                    run = 0
            else:
                run = 0
    elif form == "round_end":
        if end is None:
            return out
        facts = []
        if "tricks" in cond:
            n = end.tricks_won[p]
            if not _range_holds(cond["tricks"], n):
                return out
            facts.append(Fact("end_tricks", None, None, None, n))
        if "taken" in cond:
            spec = cond["taken"]["cards"]
            n = sum(matches(spec, c, t.decree) for t in tricks if t.winner == p
                    for c in t.cards)
            if not _range_holds(cond["taken"].get("count", 1), n):
                return out
            facts.append(Fact("end_taken", None, None, None, n, _frozen(spec)))
        out.append((END, tuple(facts)))
    elif form == "all":
        parts = [triggers(sub, tricks, end, p, before) for sub in cond["all"]]
        if all(parts):
            firsts = [part[0] for part in parts]
            moment = max(m for m, _ in firsts)
            out.append((moment, tuple(f for _, facts in firsts for f in facts)))
    elif form == "any":
        seen = {}
        for sub in cond["any"]:
            for moment, facts in triggers(sub, tricks, end, p, before):
                seen.setdefault(moment, facts)
        out = sorted(seen.items())
    elif form == "never":
        if end is not None and not triggers(cond["never"], tricks, end, p, before):
            out.append((END, (Fact("never", None, spec=_frozen(cond["never"])),)))
    return out


def evaluate(source, goal: Goal) -> list:
    """The claims of ``goal`` in a round, from its facts: ``source`` is a ``Round`` or its
    records (``history``; a round in progress gives the claims so far). A once-goal is claimed
    by the first player to meet it, at that moment; if both meet it at the same moment, the
    winner of that trick claims it (at the end of the round: the winner of the last trick)
    (ruling 19). An ongoing goal gives a claim at each trigger, for each player who meets it."""
    tricks, end, before = _facts(source)
    per_player = [triggers(goal.condition, tricks, end, p, before) for p in (0, 1)]

    def claim(p, moment, facts):
        return Claim(goal.id, goal.title, goal.source, goal.kind, p,
                     None if moment == END else moment, goal.points, facts)

    if goal.kind == "ongoing":
        found = [claim(p, m, f) for p in (0, 1) for m, f in per_player[p]]
        return sorted(found, key=lambda c: (c.moment, c.player != _winner_at(tricks,
                                                                              c.moment)))
    firsts = [(found[0][0], p, found[0][1]) for p, found in enumerate(per_player) if found]
    if not firsts:
        return []
    moment = min(m for m, _, _ in firsts)
    at_once = [(p, f) for m, p, f in firsts if m == moment]
    if len(at_once) == 2:
        winner = _winner_at(tricks, moment)
        at_once = [(p, f) for p, f in at_once if p == winner]
    p, facts = at_once[0]
    return [claim(p, moment, facts)]


def _winner_at(tricks, moment: int):
    """Who won the trick of ``moment`` (the last trick for the end of the round)."""
    for t in reversed(tricks):
        if t.number == moment or moment == END:
            return t.winner
    return None


def evaluate_all(source, goals) -> list:
    """The claims of several goals (the two revealed in a round), in the order they happen."""
    found = [c for g in goals for c in evaluate(source, g)]
    return sorted(found, key=lambda c: c.moment)


# ----------------------------------------------------------------------------- the goal deck

class GoalDeck:
    """The goal deck of a game (ruling 20): shuffled with its own seeded random source, two
    goals revealed at the start of each round, a claimed goal discarded at once and the
    unclaimed ones at the round's end; when the deck runs out, the discards are shuffled into
    a new deck. The same goals and seed give the same goals, round after round.

        deck = GoalDeck(house_goals(), seed=7)
        shown = deck.reveal()          # this round's goals
        deck.claim(shown[0])           # a once-goal claimed: to the discard pile
        deck.end_round()               # the rest to the discard pile
    """

    def __init__(self, goals, seed=None, per_round: int = 2):
        goals = tuple(goals)
        ids = [g.id for g in goals]
        if len(set(ids)) != len(ids):
            raise ValueError("The goal deck needs goals with different ids.")
        if per_round < 1:
            raise ValueError("At least one goal is revealed each round.")
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.per_round = per_round
        self.draw = list(goals)
        self.rng.shuffle(self.draw)
        self.discards: list = []
        self.revealed: list = []
        self.reshuffles = 0

    def reveal(self) -> tuple:
        """Reveal this round's goals from the top of the deck (the goals of the round before
        are discarded first, if ``end_round`` was not called)."""
        if self.revealed:
            self.end_round()
        while len(self.revealed) < self.per_round:
            if not self.draw:
                if not self.discards:
                    break            # fewer goals in all than a round reveals
                self.draw = self.discards
                self.discards = []
                self.rng.shuffle(self.draw)
                self.reshuffles += 1
            self.revealed.append(self.draw.pop(0))
        return tuple(self.revealed)

    def claim(self, goal) -> None:
        """A once-goal claimed: it leaves the table for the discard pile."""
        gid = goal if isinstance(goal, str) else goal.id
        for g in self.revealed:
            if g.id == gid:
                self.revealed.remove(g)
                self.discards.append(g)
                return
        raise ValueError(f"The goal {gid!r} is not on the table, so it cannot be claimed.")

    def end_round(self) -> None:
        """The round is over: the goals still on the table go to the discard pile."""
        self.discards.extend(self.revealed)
        self.revealed = []

    def state(self) -> dict:
        """Where each goal is, by id (deck from the top)."""
        return {"deck": [g.id for g in self.draw], "table": [g.id for g in self.revealed],
                "discards": [g.id for g in self.discards]}


# ----------------------------------------------------------------------------- docs

BLOCKS = ("goal fields",)
_COMMAND = "python -m foxlib goals schema --update-docs docs/goals.md"


def render(block: str) -> str:
    if block == "goal fields":
        return render_fields(SCHEMA)
    raise ValueError(f"There is no generated block {block!r}; the blocks are {BLOCKS}.")


DOCS = DocBlocks(BLOCKS, "foxlib.engine.goals.SCHEMA", _COMMAND, render)
begin_marker, end_marker = DOCS.begin_marker, DOCS.end_marker
update_docs, generated_block = DOCS.update, DOCS.block
