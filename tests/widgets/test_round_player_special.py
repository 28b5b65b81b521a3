"""The round player and the table widgets with the Deluxe special cards: every special decision
is a step, chance replays as it happened, a special decree card means no trump, and the crowned
card is shown with its Crown."""
import random

from foxlib import Round
from foxlib.engine.modules import SPECIAL_CARDS, Modules
from foxlib.io.inputs import read_round
from widgets import RoundPlayer
from widgets.table import TrickArea, trump_text

HAMMER = {"decree": "2M", "hands": {"A": ["10K", "4B", "Crown"], "B": ["Hammer", "3K", "1M"]},
          "leader": "A", "deck": ["8K", "6B", "7M"], "tricks_won": {"A": 10, "B": 0},
          "modules": {"special": ["Hammer", "Crown"]},
          "plays": [["crown", "10K"], "Hammer", ["name_suit", "B"], ["replace", "6B"]]}
TREE = {"decree": "Axe", "hands": {"A": ["10K", "4B", "Crown"], "B": ["Tree", "3K", "1M"]},
        "leader": "B", "deck": ["8K", "7M", "2K"], "tricks_won": {"A": 10, "B": 0},
        "modules": {"special": ["Axe", "Tree", "Crown"]}, "plays": ["Tree"], "chance": [["Crown"]]}


def test_each_special_decision_is_one_step_with_its_records_words():
    player = RoundPlayer(HAMMER)
    assert player.steps == 4
    player.forward_button.click()
    assert "the Crown" in player.explanation and "draws the top card" in player.explanation
    player.go(3)
    assert player.explanation.startswith("B names Bells with the Hammer")
    player.last_button.click()
    assert "6 of Bells beats it" in player.explanation
    assert player.round.tricks[-1].winner == 0


def test_stepping_back_over_special_decisions_restores_each_state():
    player = RoundPlayer(HAMMER)
    states = []
    for step in range(player.steps + 1):
        player.go(step)
        states.append(player.round.state())
    for step in reversed(range(player.steps + 1)):
        player.go(step)
        assert player.round.state() == states[step]


def test_the_trees_random_card_replays_as_the_scenario_gave_it():
    player = RoundPlayer(TREE)
    player.go(1)
    assert player.round.tricks[-1].cards[1].special == "Crown"
    player.go(0)
    player.go(1)        # undone and done again: the same card, not a new draw
    assert player.round.tricks[-1].cards[1].special == "Crown"


def test_a_dealt_round_with_all_special_cards_replays_exactly():
    rnd = Round.deal(7, modules=Modules(special=tuple(SPECIAL_CARDS)))
    rng = random.Random(7)
    while not rnd.is_over:
        rnd.act(rng.choice(rnd.legal_actions()))
    player = RoundPlayer(rnd)
    player.last_button.click()
    assert player.round.history == rnd.history and player.round.state() == rnd.state()


def test_a_special_decree_card_is_said_as_no_trump():
    player = RoundPlayer(TREE)
    assert "there is no trump suit" in player.explanation
    assert "no trump suit" in player.table.decree_view.html
    assert trump_text(player.round.decree) == "no trump suit (a special card)"


def test_the_trick_area_shows_the_crowned_card_with_its_crown():
    player = RoundPlayer(HAMMER)
    player.go(1)
    area = player.table.trick_area.html
    assert 'aria-label="10 of Keys played with the Crown"' in area
    assert "Crown, special card, 2 with no suit" in area


def test_after_the_hammer_the_trick_area_waits_for_the_leaders_new_card():
    player = RoundPlayer(HAMMER)
    player.go(3)
    area = player.table.trick_area.html
    assert "led card gone under the deck" in area and "A to play a new card" in area
    assert "Hammer, special card" in area and "10 of Keys" not in area.split("fox-last")[0]


def test_a_finished_crowned_trick_keeps_its_crown_in_the_trick_area():
    rnd = read_round({"start": {**{k: v for k, v in HAMMER.items() if k != "plays"},
                                     "hands": {"A": ["10K", "4B", "Crown"],
                                               "B": ["9K", "3K", "1M"]},
                                     "modules": {"special": ["Crown"]}},
                           "actions": [["crown", "10K"], ["play", "9K"]]})
    assert rnd.tricks[-1].extra
    area = TrickArea(rnd).html
    assert 'aria-label="10 of Keys played with the Crown"' in area


def test_every_step_of_rounds_with_all_special_cards_draws_for_either_seat():
    phases = set()
    for seed in range(3):
        rnd = Round.deal(seed, modules=Modules(special=tuple(SPECIAL_CARDS)))
        rng = random.Random(seed)
        while not rnd.is_over:
            rnd.act(rng.choice(rnd.legal_actions()))
        for reveal, seat in ((True, 0), (False, 1)):
            player = RoundPlayer(rnd, reveal=reveal, player=seat, review=False)
            for step in range(player.steps + 1):
                player.go(step)
                phases.add(player.round.phase)
                assert player.explanation and player.table.trick_area.html
            assert player.round.state() == rnd.state()
    assert {"name_suit", "replace", "fairy_take", "dig", "potion_play"} <= phases
