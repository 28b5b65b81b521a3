"""A whole game: the random first dealer, alternating dealers, the target score, the winner with
the rulebook's tie-break, draws, saving and undo across rounds."""
import json
import random

import pytest

from foxlib import (DEFAULT_TARGET, LONG_TARGET, SHORT_TARGET, Card, FoxError, Game,
                    IllegalAction, InvalidState, game_result)
from foxlib.io.inputs import loads_game, read_game
from scenario_helpers import assert_all_33_cards_once


def finish_round(game, rng):
    while not game.round.is_over:
        game.round.push(rng.choice(game.round.legal_moves()))


def play_game(game, rng, max_rounds=60):
    finish_round(game, rng)
    while not game.is_over:
        assert len(game.rounds) < max_rounds, "the game does not end"
        game.next_round()
        finish_round(game, rng)
    return game


# ----------------------------------------------------------------------------- dealers

def test_first_dealer_is_random_but_fixed_by_the_seed():
    dealers = {Game(seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1}
    for seed in range(10):
        assert Game(seed).first_dealer == Game(seed).first_dealer == Game(seed).dealer


def test_first_dealer_may_be_chosen():
    assert Game(1, first_dealer="B").dealer == 1 and Game(1, first_dealer=0).dealer == 0


def test_dealers_alternate_and_the_non_dealer_leads_each_round():
    game = play_game(Game(5, target=35), random.Random(5))
    assert len(game.rounds) >= 3
    for i, rnd in enumerate(game.rounds):
        assert rnd.start.dealer == (game.first_dealer + i) % 2
        assert rnd.start.leader == 1 - rnd.start.dealer


def test_each_round_is_a_fresh_deal_of_all_33_cards():
    game = Game(8)
    finish_round(game, random.Random(1))
    game.next_round()
    assert_all_33_cards_once(game.round)
    assert game.rounds[0].start.hands != game.round.start.hands
    assert game.round.tricks_won == [0, 0] and game.round.round_gain == [0, 0]


def test_scores_carry_over_from_round_to_round():
    game = Game(9)
    finish_round(game, random.Random(2))
    after_first = tuple(game.round.score)
    if game.is_over:
        pytest.skip("one round was enough")
    game.next_round()
    assert tuple(game.round.start.score) == after_first == game.score


def test_same_seed_and_same_choices_give_the_same_game():
    a = play_game(Game(21), random.Random(3))
    b = play_game(Game(21), random.Random(3))
    assert a == b and a.result() == b.result()


# ----------------------------------------------------------------------------- end of the game

@pytest.mark.parametrize("target", [DEFAULT_TARGET, SHORT_TARGET, LONG_TARGET, 1, 10, 50])
def test_game_ends_after_the_round_where_someone_reaches_the_target(target):
    for seed in range(3):
        game = play_game(Game(seed, target=target), random.Random(seed))
        for rnd in game.rounds[:-1]:
            assert max(rnd.score) < target
        assert max(game.score) >= target
        over, winner, reason = game.result()
        assert over and winner in (0, 1, "draw") and f"{target}-point game is over" in reason
        a, b = game.score
        if a != b:
            assert winner == (0 if a > b else 1)


def test_default_targets_are_21_16_and_35():
    assert (DEFAULT_TARGET, SHORT_TARGET, LONG_TARGET) == (21, 16, 35)
    assert Game(1).target == 21


def test_game_continues_below_the_target():
    over, winner, reason = game_result((20, 14), (6, 3))
    assert (over, winner) == (False, None)
    assert "Nobody has 21 points yet (A 20, B 14)" in reason


def test_player_with_more_points_wins():
    over, winner, reason = game_result((19, 23), (2, 8))
    assert (over, winner) == (True, 1)
    assert reason == "A has 19 and B has 23 points, so the 21-point game is over: B has more " \
                     "points and wins."


def test_misconception_reaching_the_target_first_does_not_win():
    # The article says the first player to reach 21 wins: the game ends after the round, and
    # whoever has more points then wins, even if the other reached 21 earlier in the round.
    assert game_result((21, 24), (6, 9))[1] == 1


def test_misconception_the_game_does_not_end_mid_round_at_the_target():
    rng = random.Random(0)
    for seed in range(30):
        game = Game(seed, target=1)
        while not game.round.is_over:
            game.round.push(rng.choice(game.round.legal_moves()))
            if max(game.round.score) >= 1 and not game.round.is_over:
                # A Treasure scored mid-round: the round is finished before the game can end.
                assert game.result() == (False, None, "The round is still being played.")
                assert not game.is_over and game.winner is None
                return
    pytest.fail("no seed scored a Treasure before the last trick")


def test_tie_break_player_who_gained_more_in_the_last_round_wins():
    over, winner, reason = game_result((23, 23), (3, 9))
    assert (over, winner) == (True, 1)
    assert "tie-break" in reason and "(9 against 3)" in reason


def test_tie_break_counts_treasure_points_gained_in_the_last_round():
    # Ruling: 'points gained during the last round' includes Treasure as well as the table.
    # Both scored 6 from the table, but A also found a Treasure in the last round.
    over, winner, reason = game_result((22, 22), (6 + 1, 6))
    assert winner == 0 and "(7 against 6)" in reason


def test_full_tie_is_a_draw():
    over, winner, reason = game_result((22, 22), (6, 6))
    assert (over, winner) == (True, "draw")
    assert "the game is a draw" in reason


def test_tie_break_uses_round_gain_of_the_actual_last_round():
    # Find a seeded game and check the engine's winner against the rule by hand.
    for seed in range(6):
        game = play_game(Game(seed, target=16), random.Random(seed))
        rnd = game.round
        gains = [rnd.score[p] - rnd.start.score[p] for p in (0, 1)]
        assert gains == rnd.round_gain
        a, b = rnd.score
        expected = (0 if a > b else 1) if a != b else \
            ((0 if gains[0] > gains[1] else 1) if gains[0] != gains[1] else "draw")
        assert game.winner == expected


# ----------------------------------------------------------------------------- flow errors

def test_next_round_only_after_the_round_is_over():
    game = Game(3)
    with pytest.raises(IllegalAction, match="not over yet"):
        game.next_round()


def test_no_round_is_dealt_after_the_game_is_over():
    game = play_game(Game(4, target=1), random.Random(4))
    with pytest.raises(IllegalAction, match="The game is over"):
        game.next_round()


@pytest.mark.parametrize("bad", [0, -3, 2.5, "21", True, None])
def test_target_must_be_a_whole_number_of_at_least_1(bad):
    with pytest.raises(InvalidState, match="target score must be a whole number"):
        Game(1, target=bad)


@pytest.mark.parametrize("bad", [[1], random.Random(1), True])
def test_seed_must_be_a_whole_number_or_text(bad):
    # A Random object as seed could not be saved, and would not give the same deals again.
    with pytest.raises(InvalidState, match="seed"):
        Game(bad)


# ----------------------------------------------------------------------------- undo, save, load

def test_game_pop_goes_back_into_the_previous_round():
    game = Game(12)
    finish_round(game, random.Random(7))
    if game.is_over:
        pytest.skip("one round was enough")
    finished = game.round.state()
    game.next_round()
    game.pop()
    assert len(game.rounds) == 1 and not game.round.is_over
    assert len(game.round.tricks) == 12


def test_game_save_load_round_trips_mid_round_and_across_rounds():
    game = Game("saved", target=16)
    rng = random.Random(2)
    finish_round(game, rng)
    game.next_round()
    for _ in range(5):
        game.round.push(rng.choice(game.round.legal_moves()))
    again = loads_game(game.dumps())
    assert again == game and again.round == game.round and again.result() == game.result()
    assert eval(repr(game), {"loads_game": loads_game}) == game
    finish_round(again, random.Random(9))
    finish_round(game, random.Random(9))
    assert again == game


def _saved_game_with_two_rounds():
    game = Game(31, target=50)
    finish_round(game, random.Random(1))
    game.next_round()
    return json.loads(game.dumps())


def test_loading_rejects_a_round_that_does_not_continue_the_score():
    data = _saved_game_with_two_rounds()
    data["rounds"][1]["start"]["score"] = {"A": 99, "B": 0}
    with pytest.raises(InvalidState, match=r"game.rounds\[1\] starts at score"):
        read_game(data)


def test_loading_rejects_a_round_after_an_unfinished_one():
    data = _saved_game_with_two_rounds()
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:4]
    with pytest.raises(InvalidState, match="follows a round that is not finished"):
        read_game(data)


def test_loading_rejects_dealers_that_do_not_alternate():
    data = _saved_game_with_two_rounds()
    start = data["rounds"][1]["start"]
    start["dealer"] = data["rounds"][0]["start"]["dealer"]
    start["leader"] = "A" if start["dealer"] == "B" else "B"
    with pytest.raises(InvalidState, match="dealer"):
        read_game(data)


def test_loading_rejects_a_first_round_not_dealt_by_the_first_dealer():
    data = _saved_game_with_two_rounds()
    data["first_dealer"] = "A" if data["first_dealer"] == "B" else "B"
    with pytest.raises(InvalidState, match="dealer"):
        read_game(data)


def test_loading_rejects_a_first_round_that_does_not_start_at_zero():
    data = _saved_game_with_two_rounds()
    data["rounds"] = data["rounds"][:1]
    data["rounds"][0]["start"]["score"] = {"A": 4, "B": 0}
    with pytest.raises(InvalidState, match="a game starts at 0 points each"):
        read_game(data)


def test_loading_rejects_a_round_after_the_game_ended():
    game = play_game(Game(6, target=1), random.Random(6))
    game._deal(1 - game.dealer, game.score)     # deal one round too many behind its back
    data = json.loads(game.dumps())
    with pytest.raises(InvalidState, match="game was already over"):
        read_game(data)


@pytest.mark.parametrize("text, message", [
    ("nope", "not valid JSON"), ("[]", "must be an object"), ('{"rounds": []}', "non-empty"),
    ('{"rounds": [{}], "theme": "tarot"}', "unknown theme"),
    ('{"rounds": [{}], "theme": ["zsa"]}', "unknown theme"),
    ('{"rounds": [{}], "names": 5}', "names must be a list of two names"),
    ('{"rounds": [{}], "names": ["Ann"]}', "names must be a list of two names"),
    ('{"rounds": [{}], "target": 0}', "target must be a whole number"),
])
def test_loading_a_bad_saved_game_names_what_is_wrong(text, message):
    with pytest.raises(FoxError, match=message):
        loads_game(text)
