"""Readers of positions and of what is played from them: the Deluxe modules in play
(``read_modules``), positions (``read_position``, then ``check_position``), plays
(``read_move``, and ``read_step`` with special cards), the special cards' chance outcomes
(``read_chance``) and the referee's scenarios (``read_scenario``: a position and its plays,
played). Every name here is a name of ``foxlib.io.inputs`` too. Standard library only.
"""
from __future__ import annotations

import json

from ..core.cards import Card
from ..core.errors import FoxError, Problems, json_kind
from ..engine.game import DEFAULT_TARGET, GAME_GOAL_FILE
from ..engine.goals import GoalSet, read_goals
from ..engine.modules import BASE, MODULE_FIELDS, SPECIAL_CARDS, Modules
from ..engine.round import PLAYERS, Action, Move, Position, Round, check_position, player_index
from .card_readers import _probs, _whole, read_card, read_card_list

SCENARIO_FIELDS = {"decree", "hands", "leader", "plays", "deck", "trick", "tricks_won", "score",
                   "round_gain", "target", "modules", "goals", "seed", "chance", "last_won"}


# ----------------------------------------------------------------------------- modules

def read_modules(obj, where: str = "modules", problems=None) -> Modules | None:
    """The Deluxe modules in play, as a saved round, a saved game or a scenario writes them:
    ``{"poison": true}``, optionally ``"special": ["Axe", ...]``, ``"goals": [ids]`` and
    ``"goal_file"`` (a whole goal file, ``fox-goals/1``, defining goals that are not house
    goals; in a round of a saved game ``"game"``: the game's goal file, which ``read_game``
    gives as a read ``GoalSet``); a missing field is off (None or ``{}``: the base game). Every bad field is its own
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
    goal_file = obj.get("goal_file")
    if isinstance(goal_file, GoalSet):
        pass                    # the saved game's goal file, already read (``read_game``)
    elif goal_file == GAME_GOAL_FILE:
        probs.add(f"{where}.goal_file", f'"{GAME_GOAL_FILE}" stands for the goal file written '
                  "once in a saved game's modules, so this round can only be read with the "
                  "game it was saved in (foxlib.io.inputs.read_game).", f"{where}.goal_file:")
    elif goal_file is not None:
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
