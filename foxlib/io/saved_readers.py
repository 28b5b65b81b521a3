"""Readers of saved rounds and games: ``read_round`` and ``read_game`` (what ``to_json()``
wrote: replayed, each action and round checked), ``loads_round`` and ``loads_game`` (what
``dumps()`` wrote), and ``load_round`` (a round from anything: a ``Round``, a ``Position``, a
saved round, a scenario, their JSON text or a ``.json`` file). Every name here is a name of
``foxlib.io.inputs`` too. Standard library only.
"""
from __future__ import annotations

import pathlib

from ..core.cards import DEFAULT_THEME
from ..core.errors import FoxError, json_kind
from ..engine.game import DEFAULT_TARGET, GAME_GOAL_FILE, Game, _check_seed
from ..engine.modules import BASE
from ..engine.round import ACTION_KINDS, PLAYERS, Action, Position, Round
from .card_readers import _probs, _whole, read_json, read_theme
from .position_readers import (_apply, _player, _read_moves, read_chance, read_modules,
                               read_position, read_scenario)

# ----------------------------------------------------------------------------- saved rounds

def _names(obj, field, probs):
    names = obj.get("names", list(PLAYERS))
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
        probs.add(field, "must be a list of two names.", field)
        return None
    return names



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
    other (dealers alternate, scores carry on, no round after the end). A goal file of the
    players' own is read once, from the game's modules: each round refers to it as
    ``"goal_file": "game"`` (saves that repeat the whole file in every round are read too)."""
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
    modules = read_modules(obj.get("modules"), "game.modules", probs)
    game.modules = modules or BASE
    first = _player(obj.get("first_dealer", "A"), "game.first_dealer", probs)
    game.names, game.theme, game.first_dealer, game.rounds = tuple(names or PLAYERS), theme, \
        first, []
    # Each round is read even when an earlier one is bad (collecting, every bad round is
    # listed); whether they follow each other is checked while all is well so far.
    chained = probs.count == begin
    for i, data in enumerate(rounds):
        here = f"game.rounds[{i}]"
        before = probs.count
        rnd = read_round(_game_goal_file(data, obj, modules, here, probs), here, probs)
        if rnd is not None and chained:
            _check_next_round(game, rnd, i, here, probs)
        chained = chained and probs.count == before
        game.rounds.append(rnd)
    return game if probs.count == begin else None


def _game_goal_file(data, obj, modules, here: str, probs):
    """A saved round of a game whose modules' ``goal_file`` is ``"game"`` (``GAME_GOAL_FILE``:
    the game's own goal file, written once in the game's modules) with that goal file put
    back; any other round as it is (saves written before carried the whole file in each
    round, and are read as they are)."""
    start = data.get("start") if isinstance(data, dict) else None
    saved = start.get("modules") if isinstance(start, dict) else None
    if not (isinstance(saved, dict) and saved.get("goal_file") == GAME_GOAL_FILE):
        return data
    given = obj.get("modules") if isinstance(obj, dict) else None
    raw = given.get("goal_file") if isinstance(given, dict) else None
    if raw is None:
        probs.add(f"{here}.start.modules.goal_file", f'is "{GAME_GOAL_FILE}", the game\'s own '
                  "goal file, but the saved game has none (game.modules.goal_file).")
        return data
    # A game's goal file that could not be read is read again here, so that the round's
    # problems name it too.
    shared = modules.goal_file if modules is not None and modules.goal_file is not None else raw
    modules_here = {**saved, "goal_file": shared}
    return {**data, "start": {**start, "modules": modules_here}}


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
