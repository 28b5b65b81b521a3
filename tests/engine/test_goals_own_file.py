"""A game played with the players' own goal file (not the house goals): the goal definitions
travel with the modules (``Modules.goal_file``), so a saved game keeps them and loads back to
the same game; a bad goal file inside a saved game is refused with its goal and field named."""
from __future__ import annotations

import json
import random

import pytest

from foxlib import Game, Round
from foxlib.core.errors import InputError, InvalidState
from foxlib.engine.goals import FORMAT, GoalSet, house_goals
from foxlib.io.goal_files import load_text
from foxlib.engine.modules import Modules
from foxlib.io.inputs import loads_game, loads_round, read_game
from scenario_helpers import position

OWN = {
    "format": FORMAT, "id": "kitchen-table", "title": "Kitchen table goals",
    "goals": [
        {"id": "swan-dive", "title": "Swan dive", "source": "printed", "kind": "once",
         "points": 4, "condition": {"event": "lose_trick", "with": {"character": "Swan"}}},
        {"id": "moon-walk", "title": "Moon walk", "source": "printed", "kind": "ongoing",
         "points": 1, "condition": {"event": "win_trick", "with": {"suit": "M"}}},
        {"id": "slow-start", "title": "Slow start", "source": "printed", "kind": "once",
         "points": -1, "condition": {"event": "lose_trick", "trick": "first"}},
    ]}


def own_goals(data=OWN) -> GoalSet:
    return load_text(json.dumps(data), "kitchen.json")


def play_out(game: Game, seed: int = 0) -> None:
    rng = random.Random(seed)
    while True:
        rnd = game.round
        while not rnd.is_over:
            rnd.act(rng.choice(rnd.legal_actions()))
        if game.is_over:
            return
        game.next_round()


def test_a_game_reveals_and_scores_goals_from_the_players_own_file():
    modules = Modules.with_goals(own_goals())
    assert modules.goal_file is not None and modules.unavailable() == []
    game = Game(seed=3, modules=modules)
    shown = game.round.goals
    assert len(shown) == 2 and {g.id for g in shown} <= {"swan-dive", "moon-walk", "slow-start"}
    assert all(g.source == "printed" for g in shown)
    play_out(game)
    claims = [c for rnd in game.rounds for t in rnd.tricks + [rnd.round_end]
              for c in getattr(t, "claims", ())]
    assert claims and {c.goal for c in claims} <= {"swan-dive", "moon-walk", "slow-start"}


def test_a_saved_game_carries_its_own_goal_definitions_and_loads_the_same():
    game = Game(seed=4, modules=Modules.with_goals(own_goals(), poison=True))
    play_out(game, 1)
    data = json.loads(game.dumps())
    assert data["modules"]["goal_file"]["goals"][0]["condition"] == OWN["goals"][0]["condition"]
    again = loads_game(game.dumps())
    assert again == game and again.modules == game.modules
    assert again.modules.goal_cards() == game.modules.goal_cards()
    assert [r.score for r in again.rounds] == [r.score for r in game.rounds]


def test_the_house_goals_are_still_named_by_id_only():
    modules = Modules.with_goals(house_goals())
    assert modules.goal_file is None
    assert "goal_file" not in modules.to_json()


def test_goal_ids_outside_the_own_file_are_refused_in_its_words():
    modules = Modules(goals=("swan-dive", "early-bird"), goal_file=own_goals())
    [(key, reason)] = modules.unavailable()
    assert key == "goals" and reason.startswith("'early-bird' is not a goal of the goal file "
                                                "\u201cKitchen table goals\u201d")
    with pytest.raises(InvalidState, match="early-bird"):
        Game(seed=1, modules=modules)
    with pytest.raises(InvalidState, match="goal_file must be a goal set"):
        Modules(goals=("swan-dive",), goal_file={"goals": []})


def test_a_bad_goal_file_in_a_saved_game_names_the_goal_and_field():
    data = json.loads(Game(seed=5, modules=Modules.with_goals(own_goals())).dumps())
    data["modules"]["goal_file"]["goals"][1]["points"] = "many"
    with pytest.raises(InputError) as err:
        read_game(data)
    assert ("game.modules.goal_file, goal moon-walk: points: must be a whole number of points"
            in str(err.value))


def test_a_saved_round_with_own_goals_round_trips():
    modules = Modules.with_goals(own_goals())
    rnd = Round(position("2B", "4M 6B", "1K 11M", modules=modules.to_json(),
                         goals=["moon-walk", "swan-dive"],
                         tricks_won={"A": 6, "B": 5}))
    rnd.play("4M")
    rnd.play("11M")     # B follows Moons and wins: Moon walk triggers for B
    assert [(c.goal, c.player) for c in rnd.tricks[-1].claims] == [("moon-walk", 1)]
    again = loads_round(rnd.dumps())
    assert again == rnd and again.goals == rnd.goals


def test_the_referee_plays_a_scenario_with_its_own_goal_file():
    from foxlib.io.referee import referee_line
    scenario = {"decree": "2B", "hands": {"A": ["4M", "6B"], "B": ["1K", "11M"]},
                "leader": "A", "tricks_won": {"A": 6, "B": 5},
                "modules": {"goals": ["moon-walk", "swan-dive"], "goal_file": OWN},
                "goals": ["moon-walk", "swan-dive"], "plays": ["4M", "11M"]}
    out = referee_line(json.dumps(scenario))
    assert out["tricks"][0]["claims"] == [{"goal": "moon-walk", "player": "B", "points": 1}]
    assert "The ongoing goal card \u201cMoon walk\u201d triggers" in out["tricks"][0]["reason"]
    scenario["modules"]["goal_file"] = {**OWN, "goals": [{**OWN["goals"][1], "kind": "x"}]}
    error = referee_line(json.dumps(scenario))["error"]
    assert "scenario.modules.goal_file, goal moon-walk: kind: must be" in error


# ----------------------------------------------------------------------------- saved once

def test_a_saved_game_writes_its_own_goal_file_once_and_each_round_refers_to_it():
    game = Game(seed=4, modules=Modules.with_goals(own_goals()))
    play_out(game, 2)
    assert len(game.rounds) > 1
    text = game.dumps()
    data = json.loads(text)
    assert text.count('"kitchen-table"') == 1          # the goal file's id: written once
    assert all(r["start"]["modules"]["goal_file"] == "game" for r in data["rounds"])
    again = loads_game(text)
    assert again == game and again.modules == game.modules
    assert all(r.modules.goal_file == game.modules.goal_file for r in again.rounds)
    assert again.dumps() == text                        # the round trip writes the same


def test_a_saved_game_that_repeats_its_goal_file_in_every_round_is_still_read():
    # Saves written before the goal file was written once carry it whole in every round.
    game = Game(seed=4, modules=Modules.with_goals(own_goals()))
    play_out(game, 2)
    data = json.loads(game.dumps())
    for saved in data["rounds"]:
        saved["start"]["modules"]["goal_file"] = OWN
    again = read_game(data)
    assert again == game
    assert json.loads(again.dumps())["rounds"][0]["start"]["modules"]["goal_file"] == "game"


def test_a_round_that_refers_to_the_games_goal_file_needs_its_game():
    game = Game(seed=4, modules=Modules.with_goals(own_goals()))
    saved = json.loads(game.dumps())["rounds"][0]
    with pytest.raises(InputError, match=r'round\.start\.modules\.goal_file.*"game" stands for '
                       r"the goal file written once in a saved game's modules"):
        loads_round(json.dumps(saved))
    data = json.loads(game.dumps())
    del data["modules"]["goal_file"]
    data["modules"]["goals"] = ["swan-dive"]
    with pytest.raises(InputError, match=r'game\.rounds\[0\]\.start\.modules\.goal_file: is '
                       r'"game", the game\'s own goal file, but the saved game has none'):
        read_game(data)
