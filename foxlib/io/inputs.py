"""The input layer: every reader of what people and files give foxlib, in one place.

- cards: ``read_card``, ``read_card_list`` (files: ``hands.A[1]: '13B' is not a card...``) and
  ``read_typed_cards`` (typed by a learner: ``the follower's second card '12K' is not...``);
- themes: ``read_theme`` (the one lookup of a theme by its key);
- the Deluxe modules in play: ``read_modules`` (``{"poison": true}``);
- positions: ``read_position`` (then ``foxlib.engine.round.check_position``: could this position
  occur?);
- plays: ``read_move``;
- the referee's scenarios: ``read_scenario``;
- saved rounds and saved games: ``read_round`` and ``read_game`` (what ``to_json()`` wrote),
  ``loads_round`` and ``loads_game`` (what ``dumps()`` wrote: the engine writes, io reads);
- a trick set up from a learner's choices (the rules explorer): ``trick_setup``;
- a round from anything (a ``Round``, a ``Position``, a saved round, a scenario, their JSON
  text or a ``.json`` file): ``load_round``;
- a position with unseen cards filled in (a concealed hand, cards nobody chose): ``fill_unseen``.

Every reader takes ``problems``. Left out (None), the first problem raises an ``InputError``
whose message names the field and says what is wrong in plain words. Given a ``Problems()``,
the reader notes every problem it can find there (as ``Problem(file, id, field, reason)``, the
shape the puzzle loader uses too) and returns None when the input cannot be used.
"""
from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass

from ..core.cards import DECK, DEFAULT_THEME, THEMES, Card, Theme, ordinal
from ..core.errors import FoxError, InputError, InvalidCard, Problem, Problems, json_kind
from ..engine.game import DEFAULT_TARGET, Game, _check_seed
from ..engine.goals import read_goals
from ..engine.modules import BASE, MODULE_FIELDS, SPECIAL_CARDS, Modules
from ..engine.round import (ACTION_KINDS, PLAYERS, Action, Move, Position, Round, check_position,
                            player_index)
from ..words.grammar import count

__all__ = ["Problem", "Problems", "InputError", "read_card", "read_card_list",
           "read_typed_cards", "read_theme", "read_modules", "read_position", "read_move",
           "read_scenario", "read_round", "read_game", "loads_round", "loads_game", "read_json",
           "load_round",
           "fill_unseen", "Filled", "trick_setup", "TrickSetup", "SCENARIO_FIELDS"]

SCENARIO_FIELDS = {"decree", "hands", "leader", "plays", "deck", "trick", "tricks_won", "score",
                   "round_gain", "target", "modules", "goals", "seed", "chance", "last_won"}


def _probs(problems) -> Problems:
    return Problems.first() if problems is None else problems


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ----------------------------------------------------------------------------- cards

def read_card(value, field: str = "card", problems=None, label: str | None = None):
    """One card ('9M', '11b' or a Card). ``label``: how the message names the field (by
    default ``field:``; "" for none)."""
    try:
        return Card(value)
    except InvalidCard as exc:
        reason = str(exc)
    _probs(problems).add(field, reason, label)
    return None


def _card_items(items, probs, field, label_of) -> list | None:
    cards, start = [], probs.count
    for i, item in enumerate(items):
        cards.append(read_card(item, f"{field}[{i}]", probs, label_of(i)))
    return cards if probs.count == start else None


def read_card_list(value, field: str = "cards", problems=None) -> list | None:
    """A list of card names from a file (or text like '9M, 1B 2K'); a problem names the list
    and the position of the bad entry: ``hands.A[1]: '13M' is not a card...``."""
    probs = _probs(problems)
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, (list, tuple)):
        probs.add(field, f"must be a list of cards, not {json_kind(value)}.",
                  field)
        return None
    return _card_items(value, probs, field, lambda i: f"{field}[{i}]:")


def read_typed_cards(text, name: str = "card {nth}", problems=None,
                     field: str | None = None) -> list | None:
    """Cards typed by a learner ('9B 6B, 2K'; nothing at all is no cards). ``name`` says which
    card is wrong, ``{nth}`` counted in words: ``"the follower's {nth} card"`` -> "the
    follower's second card '12K' is not a card: ranks run from 1 to 11." ``field`` names the
    input for ``Problem.field`` (by default ``name`` without the count)."""
    probs = _probs(problems)
    whole = " ".join(name.format(nth="").split())
    field = field or whole
    if text is None:
        return []
    if not isinstance(text, (str, list, tuple)):
        probs.add(field, f"must be written as text, like '9M 4B', not {json_kind(text)}.",
                  whole)
        return None
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return _card_items(items, probs, field, lambda i: name.format(nth=ordinal(i)))


# ----------------------------------------------------------------------------- themes

def _theme_choices() -> str:
    names = [f"'{key}' ({t.title})" for key, t in THEMES.items()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def read_theme(key, field: str | None = None, problems=None) -> Theme | None:
    """The theme saved or chosen as ``key`` ('classic', 'zsa'; a ``Theme`` is returned as it
    is). The one lookup of a theme: an unknown key is refused with the valid ones."""
    if isinstance(key, Theme):
        return key
    if isinstance(key, str) and key in THEMES:
        return THEMES[key]
    reason = f"unknown theme {key!r}; the themes are {_theme_choices()}."
    if field:
        _probs(problems).add(field, reason)
    else:
        _probs(problems).add("theme", reason[0].upper() + reason[1:], "")
    return None


# ----------------------------------------------------------------------------- modules

def read_modules(obj, where: str = "modules", problems=None) -> Modules | None:
    """The Deluxe modules in play, as a saved round, a saved game or a scenario writes them:
    ``{"poison": true}``, optionally ``"special": ["Axe", ...]``, ``"goals": [ids]`` and
    ``"goal_file"`` (a whole goal file, ``fox-goals/1``, defining goals that are not house
    goals); a missing field is off (None or ``{}``: the base game). Every bad field is its own
    problem (``modules.poison must be true or false, not "yes".``; a bad goal file's problems
    name the goal and its field). Special cards and goal cards are read and checked here; a
    position refuses special cards (not available yet) and goal ids that its goal file (by
    default the house goals) does not define (``foxlib.engine.round.check_position``)."""
    probs = _probs(problems)
    if obj is None:
        return BASE
    if isinstance(obj, Modules):
        return obj
    if not isinstance(obj, dict):
        probs.add(where, f'must be an object like {{"poison": true}}, not {json_kind(obj)}.',
                  where)
        return None
    start = probs.count
    unknown = sorted(set(obj) - set(MODULE_FIELDS))
    if unknown:
        probs.add(where, f"unknown module(s) {unknown}; the modules are "
                  f"{', '.join(MODULE_FIELDS)}.")
    poison = obj.get("poison", False)
    if poison is None:
        poison = False
    if not isinstance(poison, bool):
        probs.add(f"{where}.poison", f"must be true or false, not {json.dumps(poison)}.",
                  f"{where}.poison")
    lists = {}
    for key in ("special", "goals"):
        value = obj.get(key, [])
        field = f"{where}.{key}"
        if value is None:
            value = []
        if not isinstance(value, list):
            probs.add(field, f"must be a list, not {json_kind(value)}.", field)
            continue
        seen = set()
        for i, item in enumerate(value):
            here = f"{field}[{i}]"
            if key == "special":
                name = item.strip().capitalize() if isinstance(item, str) else None
                if name not in SPECIAL_CARDS:
                    probs.add(here, f"{item!r} is not a special card; the special cards are "
                              f"{', '.join(SPECIAL_CARDS)}.")
                    continue
            else:
                name = item.strip() if isinstance(item, str) else ""
                if not name:
                    probs.add(here, f"a goal is named by its id, a non-empty text, not "
                              f"{json.dumps(item) if _jsonable(item) else repr(item)}.")
                    continue
            if name in seen:
                probs.add(here, f"{name!r} is named twice; each card is in the box once.")
                continue
            seen.add(name)
            lists.setdefault(key, []).append(name)
    goal_file = None
    if obj.get("goal_file") is not None:
        found = Problems(f"{where}.goal_file")
        goal_file = read_goals(obj["goal_file"], f"{where}.goal_file", found)
        for problem in found.out:
            # 'game.modules.goal_file, goal swan-song: condition.with.rank: must be ...'
            at = f"{where}.goal_file" + (f", goal {problem.id}" if problem.id else "")
            probs.add(f"{where}.goal_file", problem.message, f"{at}:")
    if probs.count > start:
        return None
    return Modules(poison, tuple(lists.get("special", ())), tuple(lists.get("goals", ())),
                   goal_file)


def _jsonable(value) -> bool:
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):
        return False


# ----------------------------------------------------------------------------- positions

def read_position(obj, where: str = "position", problems=None) -> Position | None:
    """A position as the referee and saved rounds write it (``decree``, ``hands``, ``leader``,
    optional ``deck``, ``trick``, ``tricks_won``, ``score``, ``round_gain``, ``dealer``,
    ``modules``, ``goals``, ``seed``, ``last_won``), checked with ``check_position``. With
    Poison 8s in play ``round_gain`` may be below 0 (the round has cost points so far). The
    led card in ``trick`` may be written ``["crown", "4K"]``: played with the Crown."""
    probs = _probs(problems)
    start = probs.count
    if not isinstance(obj, dict):
        probs.add(where, f"must be a JSON object, not {json_kind(obj)}.", where)
        return None
    for key in ("decree", "hands", "leader"):
        if key not in obj:
            probs.add(f"{where}.{key}", f"the field '{key}' is missing.", f"{where}:")
    decree = hands = leader = None
    if "decree" in obj:
        if isinstance(obj["decree"], str):
            decree = read_card(obj["decree"], f"{where}.decree", probs)
        else:
            probs.add(f"{where}.decree", "must be a card like '9M'.", f"{where}.decree")
    if "hands" in obj:
        value = obj["hands"]
        if not isinstance(value, dict) or set(value) != set(PLAYERS):
            probs.add(f"{where}.hands", 'must be an object {"A": [cards], "B": [cards]}.',
                      f"{where}.hands")
        else:
            hands = tuple(read_card_list(value[p], f"{where}.hands.{p}", probs) for p in PLAYERS)
    if "leader" in obj:
        leader = _player(obj["leader"], f"{where}.leader", probs)
    deck = read_card_list(obj.get("deck", []), f"{where}.deck", probs)
    trick, crowned = _read_trick(obj.get("trick", []), f"{where}.trick", probs)
    last_won = _read_last_won(obj.get("last_won"), f"{where}.last_won", probs)
    modules = read_modules(obj.get("modules"), f"{where}.modules", probs)
    poison = modules is not None and (modules.poison or bool(modules.goals))
    pairs = [_pair(obj, key, where, probs, below_zero=poison and key == "round_gain")
             for key in ("tricks_won", "score", "round_gain")]
    dealer = None
    if obj.get("dealer") is not None:
        dealer = _player(obj["dealer"], f"{where}.dealer", probs)
    goals = obj.get("goals", [])
    if not isinstance(goals, list) or any(not isinstance(g, str) for g in goals):
        probs.add(f"{where}.goals", "must be a list of goal ids (the goals revealed for the "
                  f"round), not {goals!r}.", f"{where}.goals")
    seed = obj.get("seed")
    if seed is not None and not (_whole(seed) and seed >= 0):
        probs.add(f"{where}.seed", f"must be a whole number of at least 0 (the random source "
                  f"of the special cards), not {seed!r}.", f"{where}.seed")
    if probs.count > start:
        return None
    pos = Position(decree, hands, leader, deck, trick, *pairs)
    pos.seed = seed
    pos.dealer = dealer
    pos.modules = modules
    pos.goals = tuple(goals)
    pos.last_won = last_won
    pos.crowned = crowned
    return pos if check_position(pos, where, probs) else None


def _read_trick(value, field, probs) -> tuple:
    """``trick``: its cards, each a card or ``["crown", card]`` (played with the Crown), and
    whether the led card was crowned: ``(cards or None, crowned)``."""
    if not isinstance(value, list):
        return read_card_list(value, field, probs), False
    items, crowned, start = [], False, probs.count
    for i, item in enumerate(value):
        if isinstance(item, list):
            here = f"{field}[{i}]"
            if len(item) == 2 and item[0] == "crown" and isinstance(item[1], str):
                card = read_card(item[1], here, probs, f"{here}:")
                if card is not None and i == 0:
                    crowned = True
                elif card is not None:
                    probs.add(here, "only the led card (the first) can be written as crowned.",
                              f"{here}:")
                items.append(card)
                continue
            probs.add(here, 'a card of the trick is a card like "4K", or ["crown", "4K"] when '
                      "it was played with the Crown.", f"{here}:")
            continue
        items.append(read_card(item, f"{field}[{i}]", probs, f"{field}[{i}]:"))
    return (items if probs.count == start else None), crowned


def _read_last_won(value, field, probs) -> tuple:
    """``last_won``: ``{"A": [cards], "B": [cards]}``, each player optional: the cards of the
    last trick that player won before the position (where their Shovel digs)."""
    if value is None:
        return (None, None)
    if not isinstance(value, dict):
        probs.add(field, 'must be an object like {"A": ["4K", "9K"]}: the cards of the last '
                  f"trick each player won before the scenario starts, not {json_kind(value)}.",
                  field)
        return (None, None)
    unknown = sorted(set(value) - set(PLAYERS))
    if unknown:
        probs.add(field, f"unknown player(s) {unknown}; use A and B.")
    out = []
    for p in PLAYERS:
        cards = value.get(p)
        out.append(None if cards is None else
                   read_card_list(cards, f"{field}.{p}", probs))
    return tuple(None if c is None else tuple(c) for c in out)


def _player(value, field, probs) -> int | None:
    try:
        return player_index(value)
    except FoxError as exc:
        reason = str(exc)
    probs.add(field, reason)
    return None


def _pair(obj, key, where, probs, below_zero: bool = False) -> tuple | None:
    field = f"{where}.{key}"
    value = obj.get(key, 0)
    if value is None:
        value = 0
    if isinstance(value, dict):
        unknown = set(value) - set(PLAYERS)
        if unknown:
            probs.add(field, f"unknown player(s) {sorted(unknown)}; use A and B.")
            return None
        pair = (value.get("A", 0), value.get("B", 0))
    elif isinstance(value, list) and len(value) == 2:
        pair = tuple(value)
    elif _whole(value) and value == 0:
        pair = (0, 0)
    else:
        probs.add(field, 'must be an object like {"A": 0, "B": 0}.', field)
        return None
    start = probs.count
    for p, v in zip(PLAYERS, pair):
        if below_zero and _whole(v):
            continue        # Poison 8s can make a round cost points
        if not _whole(v) or v < 0:
            probs.add(f"{field}.{p}", f"must be a whole number of at least 0, not {v!r}.",
                      f"{field}.{p}")
    if probs.count > start:
        return None
    if key == "tricks_won" and max(pair) > 13:
        probs.add(field, "a round has only 13 tricks.")
        return None
    return pair


# ----------------------------------------------------------------------------- plays

def read_move(obj, where: str = "play", problems=None) -> Move | None:
    """A play: a card like '9M', or ``{"card": "3B", "exchange": "7M"}`` (the Fox's swap) or
    ``{"card": "5K", "discard": "2B"}`` (the Woodcutter's discard)."""
    probs = _probs(problems)
    if isinstance(obj, (str, Card)):
        card = read_card(obj, where, probs)
        return None if card is None else Move(card)
    if not isinstance(obj, dict) or "card" not in obj:
        probs.add(where, 'a play is a card like \'9M\' or an object like {"card": "3B", '
                  '"exchange": "7M"}.')
        return None
    unknown = set(obj) - {"card", "exchange", "discard"}
    if unknown:
        probs.add(where, f"unknown field(s) {sorted(unknown)}; a play has 'card' and optionally "
                  "'exchange' or 'discard'.")
        return None
    start = probs.count
    cards = {key: read_card(obj[key], f"{where}.{key}", probs, f"{where}:")
             for key in ("card", "exchange", "discard") if obj.get(key) is not None}
    if probs.count > start:
        return None
    return Move(cards["card"], cards.get("exchange"), cards.get("discard"))


def _read_moves(items, field, probs) -> list | None:
    start = probs.count
    moves = [m if isinstance(m, Move) else read_move(m, f"{field}[{i}]", probs)
             for i, m in enumerate(items)]
    return moves if probs.count == start else None


def _apply(rnd: Round, moves, field, probs) -> bool:
    """Play ``moves`` on ``rnd``; the first one that cannot be played is the problem (the later
    ones would be played from a position that never happened)."""
    for i, move in enumerate(moves):
        here = f"{field}[{i}]"
        if rnd.is_over:
            probs.add(here, "the round is already over, so no more cards can be played.",
                      f"{here} ({move}):")
            return False
        try:
            rnd.push(move)
            continue
        except FoxError as exc:
            reason = str(exc)
        probs.add(here, reason, f"{here} ({move}):")
        return False
    return True


# ----------------------------------------------------------------------------- JSON text

def read_json(text, what: str = "The input", problems=None, file: str = ""):
    """Decode JSON text; ``(True, value)``, or ``(False, None)`` after noting the problem
    ("The saved round is not valid JSON: ...")."""
    try:
        return True, json.loads(text)
    except json.JSONDecodeError as exc:
        reason = f"{what} is not valid JSON: {exc}."
        field = f"line {exc.lineno}, column {exc.colno}"
    except RecursionError:
        reason, field = f"{what} is not readable: its JSON is nested too deeply.", ""
    _probs(problems).add(field, reason, "")
    return False, None


# ----------------------------------------------------------------------------- scenarios

def read_scenario(obj, problems=None) -> tuple | None:
    """A referee scenario (a position, its ``plays`` and an optional ``target``), read and
    played: ``(round after the plays, target)``. Every play is read before any is played; the
    first one the rules refuse is a problem, and nothing after it is looked at."""
    probs = _probs(problems)
    start = probs.count
    if not isinstance(obj, dict):
        probs.add("", f"A scenario must be a JSON object, not {json_kind(obj)}.", "")
        return None
    unknown = set(obj) - SCENARIO_FIELDS
    if unknown:
        probs.add(", ".join(sorted(unknown)), f"Unknown scenario field(s) {sorted(unknown)}; "
                  f"the fields are {sorted(SCENARIO_FIELDS)}.", "")
    mods = obj.get("modules")
    if isinstance(mods, dict) and mods.get("goals") and not obj.get("goals"):
        probs.add("goals", "a scenario with goal cards names the goals revealed for the round "
                  "in 'goals' (ids from modules.goals), for example \"goals\": "
                  "[\"early-bird\", \"heavy-crown\"].", "")
    if "plays" not in obj:
        probs.add("plays", "The field 'plays' is missing (use [] for none).", "")
    elif not isinstance(obj["plays"], list):
        probs.add("plays", "'plays' must be a list of plays.", "")
    target = obj.get("target", DEFAULT_TARGET)
    if target is None:
        target = DEFAULT_TARGET
    if not _whole(target) or target < 1:
        probs.add("target", f"'target' must be a whole number of at least 1, not {target!r}.",
                  "")
    pos = read_position({k: v for k, v in obj.items() if k not in ("plays", "target", "chance")},
                        "scenario", probs)
    chance = read_chance(obj.get("chance", []), "chance", probs)
    plays = obj.get("plays") if isinstance(obj.get("plays"), list) else []
    if pos is not None and pos.modules.special:
        steps = _read_steps(plays, "plays", probs)
    else:
        moves = _read_moves(plays, "plays", probs)
    if probs.count > start:
        return None
    rnd = Round(pos, chance=chance)
    if pos.modules.special:
        # A random pick must come from the scenario itself: its "seed" or its "chance"
        # (rulings R7). Once the plays are done the round goes on as any other.
        rnd.need_seed = pos.seed is None
        try:
            done = _act(rnd, steps, "plays", probs)
        finally:
            rnd.need_seed = False
        return (rnd, target) if done else None
    return (rnd, target) if _apply(rnd, moves, "plays", probs) else None


def read_step(obj, where: str = "play", problems=None) -> list | None:
    """One play of a round with special cards, as the actions it stands for: a card ('9M',
    'Tree': play it), an action pair (``["crown", "4K"]``, ``["name_suit", "B"]``,
    ``["dig", null]``) or a play with its Fox or Woodcutter decision
    (``{"card": "3B", "exchange": "7M"}``)."""
    probs = _probs(problems)
    if isinstance(obj, list):
        try:
            return [Action.from_json(obj, where)]
        except FoxError as exc:
            probs.add(where, str(exc).removeprefix(f"{where}: "), f"{where}:")
            return None
    move = read_move(obj, where, probs)
    if move is None:
        return None
    steps = [Action("play", move.card)]
    if isinstance(obj, dict) and "exchange" in obj:
        steps.append(Action("exchange", move.exchange))
    if move.discard is not None:
        steps.append(Action("discard", move.discard))
    return steps


def _read_steps(items, field, probs) -> list | None:
    start = probs.count
    steps = [read_step(m, f"{field}[{i}]", probs) for i, m in enumerate(items)]
    return steps if probs.count == start else None


def _act(rnd: Round, steps, field, probs) -> bool:
    """Do each play's actions on ``rnd``; the first one refused is the problem."""
    for i, actions in enumerate(steps):
        here = f"{field}[{i}]"
        for action in actions:
            if rnd.is_over:
                probs.add(here, "the round is already over, so nothing more can be played.",
                          f"{here} ({action}):")
                return False
            try:
                rnd.act(action)
                continue
            except FoxError as exc:
                reason = str(exc) + _dig_hint(rnd, action)
            probs.add(here, reason, f"{here} ({action}):")
            return False
    return True


def _dig_hint(rnd: Round, action) -> str:
    """What a scenario must add when a Shovel waits for its dig decision because its player
    won tricks before the scenario starts (rulings R7)."""
    p = rnd.to_play
    if rnd.phase != "dig" or action.kind == "dig" or not rnd._pile_unknown(p):
        return ""
    return (f" {rnd.names[p]} won tricks before the scenario starts, so the Shovel may dig in "
            f"the last of them: add [\"dig\", null] to the plays to decline, or give "
            f"\"last_won\" and [\"dig\", \"Shovel\"] to dig.")


# ----------------------------------------------------------------------------- saved rounds

def _names(obj, field, probs):
    names = obj.get("names", list(PLAYERS))
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        probs.add(field, "must be a list of two names.", field)
        return None
    return names


def read_chance(items, field: str = "chance", problems=None) -> list | None:
    """The outcomes of the special cards' chance effects, in order: a list of lists of cards
    (the Tree's card, the Fairy's cards seen, the Shovel's card dug), as ``Round.chance``
    keeps them. Whether each fits its moment is checked when the round gets there."""
    probs = _probs(problems)
    if not isinstance(items, list):
        probs.add(field, "must be a list of outcomes, each a list of cards like [\"9M\"].",
                  field)
        return None
    start = probs.count
    out = []
    for i, item in enumerate(items):
        cards = read_card_list(item, f"{field}[{i}]", probs)
        out.append(cards)
    return out if probs.count == start else None


def read_round(obj, where: str = "round", problems=None) -> Round | None:
    """A saved round (``Round.to_json()``: ``start``, ``names``, ``theme``, ``actions``),
    rebuilt by replaying its actions; the first action the rules refuse is a problem."""
    probs = _probs(problems)
    begin = probs.count
    if not isinstance(obj, dict) or "start" not in obj:
        probs.add(where, "must be an object with 'start' and 'actions'.", where)
        return None
    pos = read_position(obj["start"], f"{where}.start", probs)
    theme = read_theme(obj.get("theme", "classic"), f"{where}.theme", probs)
    names = _names(obj, f"{where}.names", probs)
    actions = obj.get("actions", [])
    if not isinstance(actions, list):
        probs.add(f"{where}.actions", "must be a list.", f"{where}.actions")
        actions = []
    chance = read_chance(obj.get("chance", []), f"{where}.chance", probs)
    if pos is None or chance is None:
        return None
    rnd = Round(pos, names or PLAYERS, theme or DEFAULT_THEME, chance)
    for i, item in enumerate(actions):
        here = f"{where}.actions[{i}]"
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                and item[0] in ACTION_KINDS):
            kinds = "|".join(f"'{k}'" for k in ACTION_KINDS)
            probs.add(here, f"must be [{kinds}, card].", here)
            break
        kind, card = item
        try:
            rnd.act(Action(kind, card))
            continue
        except FoxError as exc:
            reason = str(exc)
        probs.add(here, reason)
        break
    return rnd if probs.count == begin else None


def loads_round(text, problems=None) -> Round | None:
    """A saved round from its JSON text (``Round.dumps()``): ``read_json`` ("The saved round is
    not valid JSON: ..."), then ``read_round``."""
    ok, data = read_json(text, "The saved round", problems)
    return read_round(data, "round", problems) if ok else None


# ----------------------------------------------------------------------------- saved games

def read_game(obj, problems=None) -> Game | None:
    """A saved game (``Game.to_json()``): its rounds are read one by one and must follow each
    other (dealers alternate, scores carry on, no round after the end)."""
    probs = _probs(problems)
    begin = probs.count
    if not isinstance(obj, dict) or "rounds" not in obj:
        probs.add("game", "A saved game must be an object with 'seed', 'target' and 'rounds'.",
                  "")
        return None
    rounds = obj["rounds"]
    if not isinstance(rounds, list) or not rounds:
        probs.add("game.rounds", "A saved game's 'rounds' must be a non-empty list.", "")
        rounds = []
    theme = read_theme(obj.get("theme", "classic"), "game.theme", probs)
    game = Game.__new__(Game)
    game.seed = obj.get("seed", 0)
    try:
        _check_seed(game.seed, "saved seed")
        bad_seed = None
    except FoxError as exc:
        bad_seed = str(exc)
    if bad_seed:
        probs.add("game.seed", bad_seed, "")
    game.target = obj.get("target", DEFAULT_TARGET)
    if not _whole(game.target) or game.target < 1:
        probs.add("game.target", f"must be a whole number of at least 1, not {game.target!r}.",
                  "game.target")
    names = _names(obj, "game.names", probs)
    game.modules = read_modules(obj.get("modules"), "game.modules", probs) or BASE
    first = _player(obj.get("first_dealer", "A"), "game.first_dealer", probs)
    game.names, game.theme, game.first_dealer, game.rounds = tuple(names or PLAYERS), theme, \
        first, []
    # Each round is read even when an earlier one is bad (collecting, every bad round is
    # listed); whether they follow each other is checked while all is well so far.
    chained = probs.count == begin
    for i, data in enumerate(rounds):
        here = f"game.rounds[{i}]"
        before = probs.count
        rnd = read_round(data, here, probs)
        if rnd is not None and chained:
            _check_next_round(game, rnd, i, here, probs)
        chained = chained and probs.count == before
        game.rounds.append(rnd)
    return game if probs.count == begin else None


def loads_game(text, problems=None) -> Game | None:
    """A saved game from its JSON text (``Game.dumps()``): ``read_json`` ("The saved game is
    not valid JSON: ..."), then ``read_game``."""
    ok, data = read_json(text, "The saved game", problems)
    return read_game(data, problems) if ok else None


def _check_next_round(game: Game, rnd: Round, i: int, here: str, probs) -> None:
    """Does round ``i`` follow the game's rounds so far? (dealers alternate, the score carries
    on, no round after the end)"""
    dealer = (game.first_dealer + i) % 2
    if rnd.modules != game.modules:
        probs.add(f"{here}.start.modules", f"the round is played with {rnd.modules}, but the "
                  f"game with {game.modules}.")
    elif game.modules.goals:
        shown = tuple(g.id for g in game.goal_deck().reveal())
        if tuple(rnd.start.goals) != shown:
            probs.add(f"{here}.start.goals", f"reveals {list(rnd.start.goals)}, but the game's "
                      f"goal deck (shuffled from its seed) reveals {list(shown)} for this "
                      "round.")
    if rnd.start.dealer != dealer:
        who = "nobody" if rnd.start.dealer is None else PLAYERS[rnd.start.dealer]
        probs.add(here, f"is dealt by {who}, but dealers alternate from "
                  f"{PLAYERS[game.first_dealer]}, so {PLAYERS[dealer]} deals it.", here)
    if not game.rounds and tuple(rnd.start.score) != (0, 0):
        probs.add(here, f"starts at score {rnd.start.score}, but a game starts at 0 points "
                  "each.", here)
    if game.rounds:
        prev = game.rounds[-1]
        if not prev.is_over:
            probs.add(here, "follows a round that is not finished.", here)
        elif tuple(rnd.start.score) != tuple(prev.score):
            probs.add(here, f"starts at score {rnd.start.score}, but the previous round "
                      f"ended at {tuple(prev.score)}.", here)
        elif game.is_over:
            probs.add(here, "was dealt, but the game was already over: "
                      f"{game.result()[2]}", here)


# ----------------------------------------------------------------------------- any round

def load_round(source, moves=None, *, names=None, theme=None, where: str = "round",
               what: str = "The round", problems=None) -> Round | None:
    """A round from anything: a ``Round`` (returned as it is), a ``Position`` or a position
    dict (with ``names``), a saved round (``Round.to_json()``), a referee scenario with
    ``plays``, the JSON text of any of these, or the path of a ``.json`` file holding one.
    ``moves`` (cards like '9M', ``Move``s or referee plays) are then played on a copy; ``theme``
    (a key or a Theme) replaces the round's. ``what`` names the source in messages."""
    probs = _probs(problems)
    start = probs.count
    if isinstance(source, pathlib.Path) or (isinstance(source, str) and
                                            source.strip().endswith(".json")):
        path = pathlib.Path(source)
        try:
            source = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            probs.add(where, f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}.")
            return None
    if isinstance(source, str):
        ok, source = read_json(source, what, probs)
        if not ok:
            return None
    chosen = None if theme is None else read_theme(theme, "theme", probs)
    if probs.count > start:
        return None
    if isinstance(source, dict) and "plays" in source:
        if moves is not None:
            probs.add("moves", "Give the plays either inside the scenario or as moves, not "
                      "both.", "")
            return None
        read = read_scenario(source, probs)
        source = None if read is None else read[0]
    elif isinstance(source, dict) and "start" in source:
        source = read_round(source, where, probs)
    elif isinstance(source, dict) and set(source) & {"decree", "hands", "leader"}:
        source = read_position(source, "position", probs)
    if probs.count > start:
        return None
    if isinstance(source, Position):
        source = Round(source, names or PLAYERS, chosen or DEFAULT_THEME)
    if not isinstance(source, Round):
        kind = (f"an object with the fields {sorted(map(str, source))}" if isinstance(source, dict)
                else json_kind(source))
        probs.add(where, f"{what} is a Round, a Position, a saved round ('start' and "
                  "'actions'), or a referee scenario with 'plays' (or the JSON text or .json "
                  f"file of one), not {kind}.", "")
        return None
    if moves is not None or (chosen is not None and chosen is not source.theme):
        source = source.copy()
        if chosen is not None:
            source.theme = chosen
    if moves is not None:
        if not isinstance(moves, (list, tuple)):
            probs.add("plays", f"the moves must be a list of plays, not {json_kind(moves)}.")
            return None
        read = _read_moves(moves, "plays", probs)
        if read is None or not _apply(source, read, "plays", probs):
            return None
    return source


# ----------------------------------------------------------------------------- unseen cards

@dataclass(frozen=True)
class Filled:
    """A position completed with cards nobody listed: ``filler`` are those stand-in cards."""

    position: Position
    filler: frozenset


def fill_unseen(decree, hands, leader: int = 0, *, deck=(), trick=(), unseen=(0, 0),
                unseen_deck: int = 0, avoid=((), ()), tricks_won=(0, 0), score=(0, 0),
                round_gain=(0, 0), where: str = "position", modules: Modules = BASE) -> Filled:
    """A position in which some cards are not known: ``hands`` are the cards known in each
    hand, ``unseen`` how many more each hand holds, ``unseen_deck`` how many more cards lie
    under the known ``deck``. The missing cards are filled with cards listed nowhere (the
    learner never sees them): plain even ranks first, so that a stand-in never brings a
    character's ability into play, and for each player the suits in ``avoid[player]`` last
    (a player who showed a void in a suit must not seem to hold it). Known cards come first in
    each hand, stand-ins after them. Raises an ``InputError`` when there are not enough cards
    left, or when the position could not occur."""
    decree = Card(decree)
    hands = [[Card(c) for c in h] for h in hands]
    deck, trick = [Card(c) for c in deck], [Card(c) for c in trick]
    used = {decree, *hands[0], *hands[1], *deck, *trick}
    spare = sorted((c for c in DECK if c not in used), key=lambda c: (c.rank % 2, c.index))
    need = sum(unseen) + unseen_deck
    if need > len(spare):
        Problems.first().add(where, f"{need} concealed cards are needed but only "
                             f"{len(spare)} cards are not listed.")
    filler = set()
    for i in (0, 1):
        fits = [c for c in spare if c.suit not in avoid[i]] + \
            [c for c in spare if c.suit in avoid[i]]
        extra = fits[:unseen[i]]
        spare = [c for c in spare if c not in extra]
        filler.update(extra)
        hands[i] += extra
    extra = spare[:unseen_deck]
    filler.update(extra)
    pos = Position(decree, tuple(hands), leader, deck + extra, trick, tuple(tricks_won),
                   tuple(score), tuple(round_gain), modules=modules)
    check_position(pos, where)
    return Filled(pos, frozenset(filler))


# ----------------------------------------------------------------------------- one trick set up
# The rules explorer (lesson 14) sets up one trick from a learner's choices; the checks and the
# words of its complaints live here, so the widget only shows them.

#: Where a chosen card is, in words ("... is chosen twice: as the decree card and in the
#: follower's hand").
SETUP_PLACES = {"decree": "as the decree card", "led": "as the led card",
                "leader_others": "among the leader's other cards",
                "follower": "in the follower's hand", "deck_top": "as the top of the deck"}
SETUP = "Check the set-up:"


@dataclass(frozen=True)
class TrickSetup:
    """One trick ready to play: ``position`` (the leader, A, to lead ``led``), the cards the
    learner gave the leader besides the led card (``leader_others``) and how many cards nobody
    chose were added to the leader's hand (``filler``) so that both hands have the same size."""

    position: Position
    led: Card
    leader_others: tuple
    follower: tuple
    deck_top: Card | None
    filler: int


def trick_setup(decree, led, follower_hand, leader_others="", deck_top=None, *,
                theme=DEFAULT_THEME, problems=None, modules: Modules = BASE) -> TrickSetup | None:
    """Build a trick from a learner's choices: cards (or codes like '9M') for the decree and
    the led card, typed text such as '9B 6B 2K' for the hands, and optionally the top card of
    the deck (for a Woodcutter). Each problem starts "Check the set-up: " and names the card
    and where it is ("the follower's second card '12K' is not a card: ranks run from 1 to
    11."). With ``modules`` naming special cards, those cards may be chosen too (a special card
    that is not in play is a problem to correct); the position carries the modules."""
    probs = _probs(problems)
    start = probs.count
    found = Problems()          # the card problems, said again after "Check the set-up:"
    decree = read_card(decree, "decree", found, "")
    led = read_card(led, "led", found, "")
    top = read_card(deck_top, "deck_top", found, "") if deck_top else None
    others = read_typed_cards(leader_others, "the leader's {nth} other card", found,
                              "leader_others")
    follower = read_typed_cards(follower_hand, "the follower's {nth} card", found,
                                "follower_hand")
    for p in found.out:
        probs.add(p.field, p.reason, f"{SETUP} {p.label}" if p.label else SETUP)
    if probs.count > start:
        return None
    if not follower:
        probs.add("follower_hand", "give the follower at least one card.", SETUP)
    elif len(follower) > 13:
        probs.add("follower_hand", f"the follower holds {len(follower)} cards, but a hand holds "
                  "at most 13.", SETUP)
    elif len(others) + 1 > len(follower):
        n = len(others) + 1
        probs.add("leader_others",
                  f"the leader holds {count(n, 'card')} (the led card and {count(n - 1, 'other')}"
                  f") but the follower only {len(follower)}: when a trick starts both hands hold "
                  "the same number of cards, so give the follower more cards or the leader "
                  "fewer.", SETUP)
    places: dict = {}
    chosen = [("decree", [decree]), ("led", [led]), ("leader_others", others),
              ("follower", follower), ("deck_top", [top] if top else [])]
    for key, cards in chosen:
        for card in cards:
            if card in places:
                first = places[card]
                where = (f"twice {SETUP_PLACES[key]}" if first == key else
                         f"twice: {SETUP_PLACES[first]} and {SETUP_PLACES[key]}")
                probs.add(key, f"the {card.name(read_theme(theme))} ({card}) is chosen {where}; "
                          "there is only one of each card.", SETUP)
            else:
                places[card] = key
            if card.special and card.special not in modules.special:
                in_play = ", ".join(modules.special) or "none"
                probs.add(key, f"the {card.special} ({SETUP_PLACES[key]}) is a special card "
                          f"that is not in play (special cards in play: {in_play}): turn the "
                          "special cards on and tick it in the Deluxe modules.", SETUP)
    if probs.count > start:
        return None
    # The rules need hands of equal size: the leader's hand is filled up with cards nobody
    # chose. They can never change what the follower may play.
    filler = len(follower) - len(others) - 1
    filled = fill_unseen(decree, ([led, *others], follower), 0, deck=[top] if top else [],
                         unseen=(filler, 0), unseen_deck=5 if top else 0, where="the set-up",
                         modules=modules)
    return TrickSetup(filled.position, led, tuple(others), tuple(follower), top, filler)
