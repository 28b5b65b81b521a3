"""Goal cards in play: rulings G1-G6 of docs/rulings.md ("Goal cards"), and random games with
goals (and with goals and Poison 8s) checked as properties."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from foxlib import Game, Round
from foxlib.core.errors import InputError, InvalidState
from foxlib.engine.modules import Modules, house_goal_ids
from foxlib.words.narrator import Narrator
from foxlib.io.referee import referee_line
from foxlib.io.inputs import loads_game, loads_round, read_game
from scenario_helpers import position

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def goal_round(decree, a, b, goals, leader="A", poison=False, **extra) -> Round:
    """A round near its end (13 tricks in all) with ``goals`` revealed."""
    modules = {"goals": list(goals)}
    if poison:
        modules["poison"] = True
    left = 13 - len(a.split())
    extra.setdefault("tricks_won", {"A": left - left // 2, "B": left // 2})
    return Round(position(decree, a, b, leader, modules=modules, goals=list(goals), **extra))


def test_claims_are_automatic_and_a_once_goal_is_claimed_once():
    # Trumps are Bells; A wins both tricks against a Monarch, but "Royal rebuff" pays once.
    rnd = goal_round("2B", "4B 6B", "11K 11M", ["royal-rebuff"])
    rnd.play("4B")
    rnd.play("11K")
    first = rnd.tricks[-1]
    assert [(c.goal, c.player, c.points) for c in first.claims] == [("royal-rebuff", 0, 2)]
    assert rnd.score == [2, 0]
    assert "A claims the house goal \u201cRoyal rebuff\u201d and gains 2 points" in first.reason
    rnd.play("6B")
    rnd.play("11M")
    assert rnd.tricks[-1].claims == ()
    assert rnd.round_end.goals == (2, 0)


def test_an_ongoing_goal_triggers_each_time():
    rnd = goal_round("2B", "4B 6B", "11K 11M", ["heavy-crown"], score={"A": 5, "B": 0})
    for card in ("4B", "11K", "6B", "11M"):
        rnd.play(card)
    assert [len(t.claims) for t in rnd.tricks] == [1, 1]
    assert rnd.round_end.goals == (-2, 0)


def test_a_goal_met_by_both_players_at_once_goes_to_the_tricks_winner():
    # Nobody takes a Woodcutter: both meet "Woodland peace" at the end of the round, and the
    # winner of the last trick claims it.
    rnd = goal_round("2B", "4K 6K", "4M 6M", ["woodland-peace"])
    for card in ("4K", "4M", "6K", "6M"):
        rnd.play(card)
    assert rnd.tricks[-1].winner == 0
    assert [(c.goal, c.player) for c in rnd.round_end.claims] == [("woodland-peace", 0)]
    assert "A claims the house goal \u201cWoodland peace\u201d" in rnd.round_end.reason


def test_treasure_poison_and_goals_in_one_trick_are_added_up_then_floored():
    # A is at 0 and wins a Poison 8 against a Monarch: -1 + 2 = +1, applied once.
    rnd = goal_round("2B", "8B 4B", "11K 6K", ["royal-rebuff"], poison=True)
    rnd.play("8B")
    rnd.play("11K")
    t = rnd.tricks[-1]
    assert (t.poison, t.lost, t.floored, t.goal_floored) == (1, 1, 0, (0, 0))
    assert rnd.score == [1, 0]
    assert "A loses 1 point for the Poison 8 of Bells" in t.reason
    assert "gains 2 points" in t.reason


def test_a_negative_ongoing_goal_at_zero_costs_nothing():
    # B at 0 loses a trick with a Swan they led (Stubborn swan, -1); then A at 0 takes a
    # Monarch (Heavy crown, -1): neither score goes below 0, and the record keeps what was not
    # lost.
    rnd = goal_round("2B", "4K 4B", "1K 11K", ["heavy-crown", "stubborn-swan"], leader="B")
    rnd.play("1K")
    rnd.play("4K")
    t = rnd.tricks[-1]
    assert [(c.goal, c.player, c.points) for c in t.claims] == [("stubborn-swan", 1, -1)]
    assert t.goal_floored == (0, 1) and rnd.score == [0, 0]
    assert "A score never goes below 0, so B does not lose that goal point." in t.reason
    assert "so you do not lose that goal point" in Narrator(("Ann", "you")).say(t)
    rnd.play("11K")
    rnd.play("4B")
    t = rnd.tricks[-1]
    assert [(c.goal, c.player) for c in t.claims] == [("heavy-crown", 0)]
    assert t.goal_floored == (1, 0) and rnd.round_end.goals == (0, 0)


def test_the_goal_deck_running_out_is_shuffled_again():
    goals = ("early-bird", "last-word", "hat-trick")
    game = Game(seed=4, modules=Modules(goals=goals), target=200)
    rng = random.Random(4)
    seen = []
    for _ in range(4):
        rnd = game.round
        shown = tuple(g.id for g in rnd.goals)
        assert len(shown) == 2 and len(set(shown)) == 2 and set(shown) <= set(goals)
        seen.append(shown)
        while not rnd.is_over:
            rnd.act(rng.choice(rnd.legal_actions()))
        game.next_round()
    assert game.goal_deck().reshuffles >= 1
    again = Game(seed=4, modules=Modules(goals=goals), target=200)
    assert tuple(g.id for g in again.round.goals) == seen[0]


def test_revealed_goals_are_public_and_undo_restores_claims():
    rnd = goal_round("2B", "4B 6B", "11K 11M", ["royal-rebuff", "heavy-crown"],
                     score={"A": 3, "B": 0})
    assert [g.id for g in rnd.view("B").goals] == ["royal-rebuff", "heavy-crown"]
    before = rnd.state()
    rnd.play("4B")
    rnd.play("11K")
    assert rnd.score == [4, 0]
    rnd.pop()
    rnd.pop()
    assert rnd.state() == before and rnd.tricks == []
    rnd.play("4B")
    rnd.play("11K")
    again = loads_round(rnd.dumps())
    assert again == rnd and again.tricks[-1].claims == rnd.tricks[-1].claims


def test_goal_ids_must_be_house_goals_and_revealed_goals_in_the_game():
    with pytest.raises(InvalidState, match="'g1' is not a house goal"):
        Game(seed=1, modules={"goals": ["g1"]})
    with pytest.raises(InputError, match="'last-word' is revealed, but it is not one of"):
        position("1M", "2K", "8M", modules={"goals": ["early-bird"]}, goals=["last-word"])


def test_a_saved_game_must_reveal_the_goals_its_goal_deck_gives():
    game = Game(seed=2, modules=Modules(goals=house_goal_ids()))
    data = game.to_json()
    shown = data["rounds"][0]["start"]["goals"]
    other = next(g for g in house_goal_ids() if g not in shown)
    data["rounds"][0]["start"]["goals"] = [shown[0], other]
    with pytest.raises(InputError, match=r"game.rounds\[0\].start.goals: reveals .* but the "
                       "game's goal deck"):
        read_game(data)


def test_the_referee_plays_scenarios_with_revealed_goals():
    base = {"decree": "2B", "hands": {"A": ["4B", "6B"], "B": ["11K", "11M"]}, "leader": "A",
            "tricks_won": {"A": 6, "B": 5}, "plays": ["4B", "11K", "6B", "11M"],
            "modules": {"goals": ["royal-rebuff", "heavy-crown"]}}
    out = referee_line(json.dumps(dict(base, goals=["royal-rebuff", "heavy-crown"])))
    assert out["goals"] == ["royal-rebuff", "heavy-crown"]
    assert out["tricks"][0]["claims"] == [{"goal": "royal-rebuff", "player": "A", "points": 2},
                                          {"goal": "heavy-crown", "player": "A", "points": -1}]
    assert out["round_goal_points"] == {"A": 0, "B": 0}
    assert "claims the house goal" in out["tricks"][0]["reason"]
    missing = referee_line(json.dumps(base))
    assert "names the goals revealed for the round in 'goals'" in missing["error"]


def _play_game(seed: int, modules: Modules) -> Game:
    game = Game(seed=seed, modules=modules, target=21)
    rng = random.Random(seed)
    for _ in range(40):
        rnd = game.round
        while not rnd.is_over:
            rnd.act(rng.choice(rnd.legal_actions()))
            assert min(rnd.score) >= 0
        assert rnd.round_gain == [a - b for a, b in zip(rnd.score, rnd.start.score)]
        if game.is_over:
            return game
        game.next_round()
    raise AssertionError("the game did not end in 40 rounds")


@settings(max_examples=12, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), poison=st.booleans())
def test_random_games_with_goals_end_never_go_below_zero_and_round_trip(seed, poison):
    modules = Modules(poison=poison, goals=house_goal_ids())
    game = _play_game(seed, modules)
    assert loads_game(game.dumps()) == game
    assert json.loads(game.dumps())["rounds"][0]["start"]["goals"] == \
        [g.id for g in game.rounds[0].goals]


def test_the_solver_refuses_a_fast_state_with_goals_and_the_review_says_why():
    # The fast path plays goal cards, but the solver does not count them: its fast-state
    # entry points refuse such a state rather than give values that ignore the goals, and a
    # review of a round with goals says why it has no values with all cards known.
    from foxlib.fast import base as fast
    from foxlib.search import solver
    from foxlib.teaching.review import ReviewSettings, review_round
    game = Game(seed=3, modules=Modules(goals=house_goal_ids()[:4]))
    rnd = game.round
    rng = random.Random(3)
    while len(rnd.hands[0]) > 2 or rnd.phase != "play" or rnd.trick:
        acts = rnd.legal_actions()
        rnd.act(acts[rng.randrange(len(acts))])
    state = fast.from_round(rnd)
    for work in (solver.solve_state, solver.value_state, solver.action_values):
        with pytest.raises(InvalidState, match="cannot value a round played with goal cards"):
            work(state)
    while not rnd.is_over:
        acts = rnd.legal_actions()
        rnd.act(acts[rng.randrange(len(acts))])
    review = review_round(rnd, 0, settings=ReviewSettings(samples=4, exact_cards=2))
    checks = [d.exact for d in review.records]
    assert any(c.code == "modules" for c in checks)
    assert "does not count goal cards;" in checks[-1].text
