"""The exact search over the rules engine for rounds with the Deluxe modules
(``foxlib.search.deluxe_solver``): it agrees with the base solver where both apply, averages the
special cards' random picks, and says when a limit stopped it."""
import random
from fractions import Fraction

import pytest

from foxlib import Action, Round
from foxlib.search import solver
from foxlib.search.deluxe_solver import solve_deluxe, value_words
from foxlib.engine.modules import SPECIAL_CARDS, Modules
from foxlib.search.solver import Band, TrickGoal
from scenario_helpers import position

ALL = list(SPECIAL_CARDS)


def ending(seed, cards=3, modules=Modules()):
    """A random round played at random down to ``cards`` cards each, at the start of a trick."""
    rng = random.Random(seed)
    rnd = Round.deal(seed, modules=modules)
    while len(rnd.hands[0]) > cards or rnd.phase != "play" or rnd.trick:
        acts = rnd.legal_actions()
        rnd.act(acts[rng.randrange(len(acts))])
    return rnd


@pytest.mark.parametrize("seed", range(12))
def test_it_agrees_with_the_base_solver_on_base_game_endings(seed):
    rnd = ending(seed)
    base = solver.solve(rnd)
    deluxe = solve_deluxe(rnd)
    assert deluxe.value == base.value
    for objective in (Band(rnd.to_play, "Victorious"), TrickGoal(1 - rnd.to_play)):
        assert solve_deluxe(rnd, objective).value == solver.solve(rnd, objective).value


def test_a_trees_random_card_is_a_chance_node_averaged_over_the_follower_hand():
    # A leads the Tree (an unsuited 6) against B's 10 of Keys or 2 of Bells, picked at random:
    # half the time B wins the trick, half the time A does.
    rnd = Round(position("4M", "Tree 1M", "10K 2B", tricks_won={"A": 11, "B": 0},
                         modules={"special": ALL}))
    analysis = solve_deluxe(rnd, TrickGoal(0))
    values = {str(av.action): av.value for av in analysis.actions}
    assert values["play Tree"] == Fraction(1, 2)
    assert values["play 1M"] == 1                     # the 1 of Moons is trump: a sure trick
    assert analysis.best[0].action == Action("play", "1M")
    assert "a 1/2 chance" in [av for av in analysis.actions
                              if av.action.card.special == "Tree"][0].explanation


def test_the_fairys_two_cards_are_averaged_over_every_pair():
    rnd = Round(position("4M", "Fairy 2B 5M", "10K 9B 3K", tricks_won={"A": 10, "B": 0},
                         leader="B", modules={"special": ALL}))
    # B leads; checking that the search finishes and every value is a fraction of the pairs.
    analysis = solve_deluxe(rnd)
    assert analysis.complete and all(isinstance(av.value, Fraction) for av in analysis.actions)


def test_poison_values_count_the_floor_at_zero():
    # B wins the 8 of Keys, a Poison 8: at 0 points that costs B nothing, at 3 points 1 point.
    def value(score_b):
        rnd = Round(position("2M", "8K", "10K", tricks_won={"A": 7, "B": 5},
                             score={"A": 0, "B": score_b}, modules={"poison": True}))
        rnd.play("8K")
        return solve_deluxe(rnd).value             # for B, to play
    assert value(3) - value(0) == -1


def test_a_node_limit_stops_the_search_and_says_so():
    rnd = ending(1, cards=5, modules=Modules(special=tuple(ALL)))
    analysis = solve_deluxe(rnd, node_limit=50)
    assert not analysis.complete and analysis.actions == () and "50 positions" in analysis.limit


def test_the_round_is_left_as_it_was():
    rnd = ending(4, modules=Modules(special=tuple(ALL), poison=True))
    before = (rnd.dumps(), rnd.chance[:])
    solve_deluxe(rnd)
    assert (rnd.dumps(), rnd.chance) == before and not rnd.ask_chance


def test_values_are_said_in_words():
    assert value_words(Fraction(2), "points") == "+2 points"
    assert value_words(Fraction(-1, 3), "points") == "-1/3 of a point (about -0.33)"
    assert value_words(Fraction(2, 3), Band(0, "Humble")) == "a 2/3 chance (about 67%)"
