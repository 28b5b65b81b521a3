"""How the Deluxe special cards act on each other (docs/rulings.md, SC3, SC7, SC8, SC11-SC17):
the abilities that take a card out of the trick, put one in or change what a card is (the
Hammer, the Shovel, the Potion, the Crown, the Mirror after a Fox, the Tree's random card),
against the texts that say a card always wins or loses (a Shovel that stays, the Axe after a
Woodcutter, the Bow, the Hammer) and the demands of a led card (the Monarch, the Tree).

The rule under all of them: who wins is read from the two cards in the trick when the winner
is decided, each as it counts then (the Mirror copies the decree card of that moment), and
what a led card demands is read from the led card as it counts when the follower is to play.
One test per interaction, named after the rulings it rests on."""
import json

import pytest

from foxlib import Action, Card, Round
from foxlib.core import rules
from foxlib.core.cards import Suit
from foxlib.search.deluxe_solver import solve_deluxe
from foxlib.io.referee import referee_line
from foxlib.search.solver import TrickGoal
from foxlib.io.inputs import loads_round, read_round
from test_special_cards import act
from test_special_cards import special_round as _special_round


def special_round(decree, a, b, leader="A", **extra):
    """test_special_cards.special_round, but the tricks won before the position are B's: A's
    Shovel then has no won trick to dig in until A wins one here (with earlier tricks of A's
    that the position does not give, A could dig in them: rulings R7)."""
    n = len(a.split()) if leader == "A" or not extra.get("trick") else len(b.split())
    extra.setdefault("tricks_won", {"A": 0, "B": 13 - n})
    return _special_round(decree, a, b, leader, **extra)

# The scenario of the Shovel sent away by the Hammer (A has won no trick: the Shovel cannot
# dig; the Hammer names Keys, A draws the 10 of Bells and must play the 4 of Keys).
SENT_AWAY = {"decree": "2M", "hands": {"A": ["Shovel", "4K"], "B": ["Hammer", "6B"]},
             "leader": "A", "deck": ["10B"], "tricks_won": {"A": 0, "B": 11},
             "modules": {"special": ["Shovel", "Hammer"]},
             "plays": ["Shovel", "Hammer", ["name_suit", "K"], ["replace", "4K"]]}


def referee(scenario) -> dict:
    out = referee_line(json.dumps(scenario))
    assert "error" not in out, out
    return out


# ----------------------------------------------------------------------------- the Shovel

def test_SC13_SC15_a_shovel_sent_away_by_the_hammer_no_longer_loses_the_trick():
    out = referee(SENT_AWAY)
    trick = out["tricks"][0]
    # The 4 of Keys against the Hammer: 4 is even, so the Hammer loses.
    assert trick["cards"] == ["4K", "Hammer"] and trick["winner"] == "A"
    assert trick["reason"] == ("Moons are trump. The Hammer loses to every card that is not odd, "
                               "so A's 4 of Keys beats it.")
    assert out["tricks_won"] == {"A": 1, "B": 11} and out["deck"] == ["Shovel"]


def test_SC13_SC15_R7_the_issues_scenario_asks_for_the_dig_and_then_a_wins():
    """A won 5 tricks before the scenario, so the Shovel may dig there (R7): the scenario must
    say whether it does. Declining, or digging in a trick it gives, the Hammer then sends the
    Shovel (or the dug card) away and A's new 4 of Keys beats the Hammer."""
    told = dict(SENT_AWAY, tricks_won={"A": 5, "B": 6})
    refused = referee_line(json.dumps(told))
    assert "Shovel digs" in refused["error"] and refused["error"].startswith("plays[1]")
    assert 'add ["dig", null] to the plays to decline' in refused["error"]
    declined = referee(dict(told, plays=["Shovel", ["dig", None], "Hammer", ["name_suit", "K"],
                                         ["replace", "4K"]]))
    assert declined["tricks"][0]["cards"] == ["4K", "Hammer"]
    assert declined["tricks"][0]["winner"] == "A"


def test_SC13_SC15_a_shovel_that_declined_to_dig_and_was_sent_away_no_longer_loses():
    rnd = special_round("2M", "10K Shovel 4K", "4B Hammer 6B", deck="10B")
    act(rnd, "play 10K", "play 4B")              # A wins trick 11: the Shovel could dig there
    act(rnd, "play Shovel", "dig -", "play Hammer", "name_suit K", "replace 4K")
    rec = rnd.tricks[-1]
    assert rec.cards == (Card("4K"), Card("Hammer")) and (rec.winner, rec.rule.code) == (
        0, "hammer")


def test_SC11_SC13_SC15_a_mirror_that_is_a_shovel_sent_away_by_the_hammer_no_longer_loses():
    rnd = special_round("Shovel", "Mirror 4K", "Hammer 6B", deck="10B")
    act(rnd, "play Mirror")                     # it copies the Shovel: no won trick, it stays
    assert [r.kind for r in rnd.history][-1] == "dig"
    act(rnd, "play Hammer", "name_suit K", "replace 4K")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (0, "hammer")


def test_SC13_SC15_SC17_a_shovel_as_the_new_card_after_a_hammer_stays_and_loses():
    # A holds no Moons after the draw: the Shovel may be the new card; it cannot dig, so it
    # loses even against the Hammer (SC17).
    rnd = special_round("2M", "10K Shovel", "Hammer 6B", deck="4B")
    act(rnd, "play 10K", "play Hammer", "name_suit M", "replace Shovel")
    rec = rnd.tricks[-1]
    assert rec.cards == (Card("Shovel"), Card("Hammer")) and (rec.winner, rec.rule.code) == (
        1, "shovel")


def test_SC13_SC15_SC16_a_shovel_sent_away_at_the_last_trick_comes_back_and_acts_again():
    # The deck is empty: the Shovel goes under it and is drawn straight back as A's only card.
    rnd = special_round("2M", "Shovel", "Hammer")
    act(rnd, "play Shovel", "play Hammer", "name_suit K")
    assert [str(a) for a in rnd.legal_actions()] == ["replace Shovel"]
    act(rnd, "replace Shovel")
    assert [r.kind for r in rnd.history].count("dig") == 2      # it could not dig, twice
    assert rnd.is_over and (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "shovel")


def test_SC8_SC15_a_trees_random_shovel_that_cannot_dig_loses():
    rnd = special_round("2M", "Tree 1M", "Shovel 6M", chance=[["Shovel"]],
                        tricks_won={"A": 11, "B": 0})      # B has won no trick to dig in
    act(rnd, "play Tree")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (0, "shovel")


def test_SC11_SC15_a_mirror_that_stayed_as_a_shovel_and_stops_being_one_is_decided_as_its_copy():
    # Our ruling: A's Mirror copies the Shovel decree card and cannot dig; B's Fox then makes
    # the 10 of Keys the decree card. When the winner is decided the Mirror is the 10 of Keys,
    # not a Shovel, so it beats the 3 of Keys.
    rnd = special_round("Shovel", "Mirror 1B", "3K 10K", deck="7M")
    act(rnd, "play Mirror", "play 3K", "exchange 10K")
    rec = rnd.tricks[-1]
    assert rnd.decree == Card("10K") and rec.rule.mirror == (Card("10K"),)
    assert (rec.winner, rec.rule.code) == (0, "rank")


def test_SC11_SC15_a_mirror_that_becomes_a_shovel_after_it_was_played_loses():
    # Our ruling: the led Mirror copies a Fox and exchanges the Shovel into the decree: from
    # then on it is a Shovel that can no longer dig, so it loses.
    rnd = special_round("3M", "Mirror Shovel 1B", "4B 6B 8B", deck="7K")
    act(rnd, "play Mirror", "exchange Shovel", "play 4B")
    rec = rnd.tricks[-1]
    assert rnd.decree == Card("Shovel") and (rec.winner, rec.rule.code) == (1, "shovel")
    assert "A's Shovel did not dig, so it loses the trick." in rec.reason


def test_SC15_SC17_a_card_that_is_a_shovel_when_the_winner_is_decided_always_loses():
    shovel, mirror = Card("Shovel"), Card("Mirror")
    for other in ("Bow", "Hammer", "Axe", "9M", "11M", "Crown"):
        card = Card(other)
        assert rules.decide_special_trick(shovel, card, Card("2M")).winner == 1
        assert rules.decide_special_trick(card, shovel, Card("2M")).winner == 0
        # the Mirror copying the Shovel decree card
        assert rules.decide_special_trick(mirror, card, shovel).rule.code == "shovel"


# ----------------------------------------------------------------------------- the Axe

def test_SC7_SC15_an_axe_dug_by_a_shovel_after_a_woodcutter_acts_and_wins():
    rnd = special_round("2M", "4K 10B 5K", "Axe 2B Shovel", deck="7M", chance=[["Axe"]])
    act(rnd, "play 4K", "play Axe")             # B wins trick 11 with the Axe (an 8 of Keys)
    act(rnd, "play 2B", "play 10B")             # A wins trick 12 and leads the last one
    act(rnd, "play 5K", "discard 7M", "play Shovel", "dig Shovel")
    assert rnd.history[-1].kind == "draw" and rnd.phase == "discard" and rnd.to_play == 1
    act(rnd, "discard 7M")
    rec = rnd.tricks[-1]
    assert rec.cards == (Card("5K"), Card("Axe")) and (rec.winner, rec.rule.code) == (1, "axe")


def test_SC7_SC11_a_mirror_that_becomes_an_axe_after_following_a_woodcutter_wins():
    # Our ruling: who wins is read when the winner is decided. B's Mirror follows a crowned
    # Woodcutter as a Fox and exchanges the Axe into the decree: it is then an Axe that
    # followed a Woodcutter (a crowned 5 is still a 5, SC7), so it wins; it draws nothing (its
    # ability when played was the Fox's).
    rnd = special_round("3M", "5K Crown 1B 2B", "Mirror Axe 4B 6B", deck="7M 8M")
    act(rnd, "crown 5K", "play Mirror")
    assert rnd.phase == "exchange" and rnd.to_play == 1
    act(rnd, "exchange Axe")
    rec = rnd.tricks[-1]
    assert rnd.decree == Card("Axe") and (rec.winner, rec.rule.code) == (1, "axe")
    # no Woodcutter's draw and discard: B holds the 4 and 6 of Bells and the old decree card
    assert sorted(map(str, rnd.hands[1])) == ["3M", "4B", "6B"] and rnd.deck == [Card("8M")]


def test_SC7_SC11_an_axe_after_a_mirror_that_became_a_woodcutter_acts_and_wins():
    # A's Mirror copies the Fox and exchanges the 5 of Keys into the decree: it is now a
    # Woodcutter (its own draw does not happen: it was a Fox when played), and B's Axe follows
    # a Woodcutter.
    rnd = special_round("3M", "Mirror 5K 1B", "Axe 6B 4B", deck="7M 8M")
    act(rnd, "play Mirror", "exchange 5K")
    assert rnd.phase == "play" and rnd.to_play == 1
    act(rnd, "play Axe")
    assert rnd.phase == "discard" and rnd.to_play == 1
    act(rnd, "discard 6B")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "axe")


def test_SC7_SC14_an_axe_played_for_a_potion_after_a_woodcutter_acts_and_wins():
    rnd = special_round("2M", "5K 1B", "Potion 6B", deck="7M Axe 3M 9M")
    act(rnd, "play 5K", "discard 7M")           # the Woodcutter draws the 7 and puts it back
    act(rnd, "play Potion", "potion_discard 6B")
    assert cards_of_offer(rnd) == ["3M", "Axe"]
    act(rnd, "potion_play Axe")
    assert rnd.phase == "discard" and rnd.to_play == 1          # the Woodcutter's ability
    act(rnd, "discard 3M")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "axe")


def cards_of_offer(rnd):
    return sorted(str(a.card) for a in rnd.legal_actions())


# ----------------------------------------------------------------------------- the Tree

def test_SC8_SC11_a_led_mirror_that_becomes_a_tree_by_its_fox_exchange_makes_the_follower_play_at_random():
    # Our ruling: the demand of a led card is the demand of what it is when the follower is to
    # play. A's Mirror copies the Fox and exchanges the Tree into the decree: it is a led Tree.
    rnd = special_round("3M", "Mirror Tree 1B", "4K 6M 8M", deck="7K", chance=[["8M"]])
    act(rnd, "play Mirror", "exchange Tree")
    play = rnd.history[-2]
    assert (play.player, play.card, play.how) == (1, Card("8M"), "tree")
    assert rnd.chance == [(Card("8M"),)]
    assert rnd.tricks[-1].cards == (Card("Mirror"), Card("8M"))


def test_SC3_SC11_a_led_mirror_that_becomes_a_monarch_by_its_fox_exchange_makes_its_demand():
    rnd = special_round("3K", "Mirror 11K 1B", "4K 8K 6B", deck="7M")
    act(rnd, "play Mirror", "exchange 11K")
    assert rnd.phase == "play" and cards_of_offer(rnd) == ["8K"]


def test_SC8_SC11_a_led_mirror_copying_the_tree_decree_makes_the_follower_play_at_random():
    rnd = special_round("Tree", "Mirror 1B", "4K 6M", chance=[["4K"]])
    act(rnd, "play Mirror")
    assert rnd.history[-2].how == "tree" and rnd.tricks[-1].cards == (Card("Mirror"),
                                                                       Card("4K"))


def test_SC8_SC14_a_tree_played_for_a_led_potion_makes_its_demand():
    rnd = special_round("2M", "Potion 1B 2B", "4K 6M 8M", deck="Tree 3M 9B", chance=[["6M"]])
    act(rnd, "play Potion", "potion_discard 2B", "potion_play Tree")
    assert rnd.history[-2].how == "tree" and rnd.tricks[-1].cards == (Card("Tree"), Card("6M"))


def test_SC8_SC15_a_tree_dug_by_a_led_shovel_makes_its_demand():
    rnd = special_round("2M", "10K Shovel 1B", "Tree 6B 2B", chance=[["Tree"], ["2B"]])
    act(rnd, "play 10K", "play Tree")           # A wins trick 11 with the 10 against the Tree
    act(rnd, "play Shovel", "dig Shovel")
    assert rnd.history[-2].how == "tree" and rnd.tricks[-1].cards == (Card("Tree"), Card("2B"))


def test_SC8_a_led_tree_given_in_a_scenarios_trick_makes_the_follower_play_at_random():
    # The same round twice: the Tree led in 'plays', and the Tree already led in 'trick'.
    played = {"decree": "2M", "hands": {"A": ["Tree", "4K"], "B": ["9B", "8K"]},
              "leader": "A", "deck": ["10B"], "tricks_won": {"A": 5, "B": 6},
              "modules": {"special": ["Tree", "Hammer"]}, "chance": [["8K"]],
              "plays": ["Tree"]}
    given = dict(played, hands={"A": ["4K"], "B": ["9B", "8K"]}, trick=["Tree"], plays=[])
    one, two = referee(played), referee(given)
    assert two["tricks"] == one["tricks"] and two["tricks"][0]["cards"] == ["Tree", "8K"]
    for key in ("hands", "deck", "tricks_won", "to_play", "phase", "chance", "legal_actions"):
        assert two[key] == one[key], key
    assert two["events"][0]["text"].startswith("The Tree was led, so B plays a card picked at "
                                               "random from B's hand")
    # With no outcome given, the pick comes from the scenario's seed: always the same.
    unseeded = dict(given, seed=3)
    del unseeded["chance"]
    assert referee(unseeded)["tricks"] == referee(unseeded)["tricks"]


def test_SC8_SC19_a_scenario_led_tree_with_an_impossible_chance_outcome_names_it():
    scenario = {"decree": "2M", "hands": {"A": ["4K"], "B": ["9B", "8K"]}, "leader": "A",
                "trick": ["Tree"], "deck": ["10B"], "tricks_won": {"A": 5, "B": 6},
                "modules": {"special": ["Tree"]}, "chance": [["6M"]], "plays": []}
    assert referee_line(json.dumps(scenario)) == {
        "error": "chance[0]: 6M cannot be the outcome here: it must be 1 different card of "
                 "9B 8K."}


def test_SC8_a_round_that_starts_with_a_led_tree_replays_and_reloads_the_same():
    from scenario_helpers import position
    pos = position("2M", "4K", "9B 8K", "A", deck="10B", trick="Tree",
                   tricks_won={"A": 5, "B": 6}, modules={"special": ["Tree", "Hammer"]},
                   seed=7)
    rnd = Round(pos)
    assert rnd.to_play == 1 and len(rnd.tricks) == 1 and len(rnd.chance) == 1
    while not rnd.is_over:
        rnd.act(rnd.legal_actions()[0])
    assert loads_round(rnd.dumps()) == rnd and rnd.fresh().chance == rnd.chance[:1]


# ----------------------------------------------------------------------------- Bow, Hammer

def test_SC12_SC13_a_hammer_following_sends_a_led_bow_away():
    rnd = special_round("2M", "Bow 4B", "Hammer 6K", deck="7B")
    act(rnd, "play Bow", "play Hammer", "name_suit B")
    assert cards_of_offer(rnd) == ["4B", "7B"]
    act(rnd, "replace 7B")                      # 7 is odd: the Hammer wins; the Bow is gone
    rec = rnd.tricks[-1]
    assert rec.cards == (Card("7B"), Card("Hammer")) and (rec.winner, rec.rule.code) == (
        1, "hammer")
    assert rnd.deck == [Card("Bow")]


def test_SC3_SC13_a_monarch_as_the_new_card_after_a_hammer_demands_nothing():
    rnd = special_round("2M", "10K 11B", "Hammer 6B", deck="4K")
    act(rnd, "play 10K", "play Hammer", "name_suit B", "replace 11B")
    rec = rnd.tricks[-1]            # the follower has played: the trick is decided at once
    assert rec.cards == (Card("11B"), Card("Hammer")) and rec.winner == 1   # 11 is odd


# ----------------------------------------------------------------------------- the solver

def test_SC13_SC15_the_solver_sees_that_the_hammer_gives_the_trick_back_to_a_sent_away_shovel():
    rnd = read_round({"start": {k: v for k, v in SENT_AWAY.items() if k != "plays"},
                           "actions": [["play", "Shovel"]]})
    assert rnd.to_play == 1
    analysis = solve_deluxe(rnd, TrickGoal(0, True))
    values = {str(av.action): av.value for av in analysis.actions}
    # The Hammer sends the Shovel away and A wins whatever suit is named; the 6 of Bells lets
    # the Shovel stay in the trick and lose it.
    assert values == {"play Hammer": 1, "play 6B": 0} and analysis.value == 0
    rnd.act(Action("play", "Hammer"))
    named = solve_deluxe(rnd, TrickGoal(0, True))
    assert {av.value for av in named.actions} == {1}
    rnd.act(Action("name_suit", Suit.KEYS))
    assert solve_deluxe(rnd, TrickGoal(0, True)).value == 1


@pytest.mark.parametrize("other", ["Shovel", "Mirror"])
def test_SC15_a_led_shovel_in_a_fast_state_converts_to_a_round_where_it_loses(other):
    from foxlib.fast import deluxe as fd
    decree = "Shovel" if other == "Mirror" else "2M"
    rnd = special_round(decree, f"{other} 4K", "6B 3K", tricks_won={"A": 0, "B": 0})
    act(rnd, f"play {other}")
    state = fd.from_round(rnd)
    again = fd.to_round(state)
    assert again.trick == [Card(other)]
    act(again, "play 6B")
    assert (again.tricks[-1].winner, again.tricks[-1].rule.code) == (1, "shovel")
