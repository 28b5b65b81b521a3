"""The Deluxe special cards (docs/rulings.md, "Special cards", rulings SC1-SC19): one test per
clause of the reference card and per ruling, named after it, then random rounds with every
combination of modules (hypothesis) for the invariants."""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from foxlib import Action, Card, InvalidState, Round
from foxlib.core.cards import DECK, SPECIAL_DECK, Suit
from foxlib.core.errors import FoxError, IllegalAction
from foxlib.io.inputs import loads_round, read_round
from foxlib.engine.modules import SPECIAL_CARDS, Modules, choose_special
from foxlib.words.narrator import Narrator
from foxlib.io.referee import referee_line
from scenario_helpers import position

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL = list(SPECIAL_CARDS)


def special_round(decree, a, b, leader="A", deck="", chance=(), poison=False, **extra):
    """A round with all nine special cards in the game, from the referee's position format;
    tricks already won fill the round up to 13."""
    n = len(a.split()) if leader == "A" or not extra.get("trick") else len(b.split())
    extra.setdefault("tricks_won", {"A": 13 - n, "B": 0})
    modules = {"special": ALL}
    if poison:
        modules["poison"] = True
    pos = position(decree, a, b, leader, deck=deck, modules=modules, **extra)
    return Round(pos, chance=[[c] if isinstance(c, str) else c for c in chance])


def act(rnd, *texts):
    """Do actions written as 'play 3K', 'crown 4B', 'name_suit K', 'dig -'."""
    for text in texts:
        rnd.act(Action.parse(text))
    return rnd


def kinds(rnd):
    return sorted({a.kind for a in rnd.legal_actions()})


def cards_of(actions):
    return sorted(str(a.card) for a in actions)


# ----------------------------------------------------------------------------- S1: no suit

def test_SC1_special_cards_have_no_suit_and_their_printed_rank():
    ranks = {c.special: c.rank for c in SPECIAL_DECK}
    assert ranks == {"Axe": 8, "Tree": 6, "Fairy": 4, "Crown": 2, "Mirror": None, "Bow": None,
                     "Hammer": None, "Potion": None, "Shovel": None}
    assert all(c.suit is None and c.character is None for c in SPECIAL_DECK)
    assert Card("axe") is Card("AXE") is SPECIAL_DECK[0] and str(Card("Shovel")) == "Shovel"
    assert sorted([Card("Tree"), Card("9M")]) == [Card("9M"), Card("Tree")]
    assert Card("Bow").label() == "Bow, special card, no suit and no rank"


# ----------------------------------------------------------------------------- S2-S5: general

def test_SC2_an_unsuited_card_may_always_follow_suit():
    rnd = special_round("2B", "9K 1M", "4K Fairy")
    act(rnd, "play 9K")
    assert cards_of(rnd.legal_actions()) == ["4K", "Fairy"]


def test_SC2_an_unsuited_card_never_forces_a_play_when_void():
    rnd = special_round("2B", "9K 1M", "Fairy 4B")
    act(rnd, "play 9K")
    assert cards_of(rnd.legal_actions()) == ["4B", "Fairy"]


def test_SC2_a_suit_card_of_another_suit_is_refused_with_the_unsuited_card_named():
    rnd = special_round("2B", "9K 1M 3B", "4K Fairy 6M")
    act(rnd, "play 9K")
    with pytest.raises(IllegalAction) as err:
        rnd.play("6M")
    assert "You must follow Keys: you hold the 4 of Keys." in str(err.value)
    assert "A card with no suit may always follow, so the Fairy may be played too." in \
        str(err.value)


def test_unsuited_led_card_lets_the_follower_play_any_card():
    rnd = special_round("2B", "Fairy 1M", "4K 6M", deck="3M")
    act(rnd, "play Fairy", "fairy_take -")
    assert cards_of(rnd.legal_actions()) == ["4K", "6M"]


def test_an_unsuited_card_counts_as_the_suit_of_the_other_card():
    rnd = special_round("2B", "Fairy 1M", "2K 6M", chance=[["2K", "6M"]])
    act(rnd, "play Fairy", "fairy_take -", "play 2K")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code, rec.rule.unsuited) == (0, "rank", (0,))
    assert "A's Fairy has no suit, so it counts as the suit of the 2 of Keys." in rec.reason
    assert "A's Fairy beats B's 2 of Keys" in rec.reason


def test_SC3_a_monarch_led_demands_its_swan_or_highest_card_not_an_unsuited_card():
    rnd = special_round("2B", "11K 1M 2M", "4K 8K Tree")
    act(rnd, "play 11K")
    assert cards_of(rnd.legal_actions()) == ["8K"]
    with pytest.raises(IllegalAction, match="you must play your highest Key, the 8 of Keys"):
        rnd.play("Tree")


def test_SC4_two_unsuited_cards_count_as_one_suit_and_the_higher_rank_wins():
    rnd = special_round("2B", "Fairy 1M", "Axe 6M", chance=[["6M", "Axe"]])
    act(rnd, "play Fairy", "fairy_take -", "play Axe")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code, rec.rule.unsuited) == (1, "rank", (0, 1))
    assert "Neither card has a suit, so they count as the same suit." in rec.reason


def test_SC5_identical_cards_the_leader_wins():
    # The Fairy (an unsuited 4) takes the suit of the 4 of Keys: the two are the same card.
    rnd = special_round("2B", "Fairy 1M", "4K 6M", chance=[["4K", "6M"]])
    act(rnd, "play Fairy", "fairy_take -", "play 4K")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code) == (0, "identical")
    assert "The two cards count as the same card, so the leader, A, wins." in rec.reason


# ----------------------------------------------------------------------------- S6: decree

def test_SC6_a_special_decree_card_means_no_trump_suit():
    rnd = special_round("Tree", "2K 1M", "10B 6M")
    act(rnd, "play 2K", "play 10B")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code, rec.rule.trump) == (0, "led_suit", None)
    assert rec.reason.startswith("There is no trump suit: the decree card is a special card.")


def test_SC6_a_single_witch_is_still_trump_with_a_special_decree_card():
    rnd = special_round("Tree", "10K 1M", "9B 6M")
    act(rnd, "play 10K", "play 9B")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code) == (1, "witch_trump")


def test_SC6_two_witches_cancel_with_a_special_decree_card():
    rnd = special_round("Tree", "9K 1M", "9B 6M")
    act(rnd, "play 9K", "play 9B")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (0, "led_suit")


# ----------------------------------------------------------------------------- S7: Axe

def test_SC7_the_axe_following_a_woodcutter_draws_discards_and_wins():
    rnd = special_round("2B", "5K 1M", "Axe 10B", deck="7M 3M")
    act(rnd, "play 5K", "discard 7M")            # A's Woodcutter draws 7M and puts it back
    act(rnd, "play Axe")
    assert rnd.phase == "discard" and rnd.to_play == 1 and Card("3M") in rnd.hands[1]
    act(rnd, "discard 10B")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code) == (1, "axe")
    assert "B's Axe followed a Woodcutter, so it wins the trick." in rec.reason


def test_SC7_the_axe_after_a_mirror_that_is_a_woodcutter_acts():
    rnd = special_round("5M", "Mirror 1M", "Axe 10B", deck="7M 3M")
    act(rnd, "play Mirror", "discard 7M", "play Axe", "discard 3M")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "axe")


def test_SC7_the_axe_after_a_crowned_woodcutter_still_acts():
    rnd = special_round("2B", "5K Crown 1M", "Axe 10B 4B", deck="7M 3M 6M")
    act(rnd, "crown 5K")
    assert rnd.phase == "play" and rnd.to_play == 1       # the crowned Woodcutter draws nothing
    act(rnd, "play Axe", "discard 10B")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "axe")


def test_SC7_otherwise_the_axe_is_an_unsuited_8():
    rnd = special_round("2B", "7K 1M", "Axe 10B")
    act(rnd, "play 7K", "play Axe")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code, rec.rule.unsuited) == (1, "rank", (1,))
    assert rnd.phase == "play" and not rnd.deck


# ----------------------------------------------------------------------------- S8: Tree

def test_SC8_a_tree_led_makes_the_follower_play_a_random_card_ignoring_suit():
    rnd = special_round("2B", "Tree 1M", "4K 6M", chance=[["6M"]])
    act(rnd, "play Tree")
    play = rnd.history[-2]
    assert (play.card, play.how, play.leads) == (Card("6M"), "tree", False)
    assert rnd.chance == [(Card("6M"),)]
    assert "The Tree was led, so B plays a card picked at random from B's hand: the 6 of Moons." \
        == play.reason
    # The Tree, an unsuited 6, counts as a 6 of Moons: the two cards are identical.
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (0, "identical")


def test_SC8_the_trees_random_card_keeps_its_ability():
    rnd = special_round("2B", "Tree 1M", "3K 6M", deck="8M", chance=[["3K"]])
    act(rnd, "play Tree")
    assert rnd.phase == "exchange" and rnd.to_play == 1      # B's random Fox may exchange
    act(rnd, "exchange 6M")
    assert rnd.decree == Card("6M")


def test_SC8_a_trees_random_hammer_names_a_suit():
    rnd = special_round("2B", "Tree 1M", "Hammer 6M", deck="8M", chance=[["Hammer"]])
    act(rnd, "play Tree")
    assert rnd.phase == "name_suit" and rnd.to_play == 1


def test_SC8_a_tree_that_follows_has_no_ability():
    rnd = special_round("2B", "4K 1M", "Tree 6M")
    act(rnd, "play 4K", "play Tree")
    rec = rnd.tricks[-1]
    assert not rnd.chance and (rec.winner, rec.rule.code) == (1, "rank")   # an unsuited 6


# ----------------------------------------------------------------------------- S9: Fairy

def test_SC9_the_fairy_sees_two_random_cards_takes_one_and_gives_one():
    rnd = special_round("2B", "Fairy 1M 2M", "4K 6M 8M", chance=[["4K", "8M"]])
    act(rnd, "play Fairy")
    assert rnd.phase == "fairy_take" and rnd.to_play == 0
    assert cards_of(rnd.legal_actions()) == ["4K", "8M", "None"]
    assert rnd.view(0).offer == (Card("4K"), Card("8M")) and rnd.view(1).offer == ()
    act(rnd, "fairy_take 8M")
    assert rnd.phase == "fairy_give" and Card("8M") in rnd.hands[0]
    act(rnd, "fairy_give 1M")
    assert sorted(map(str, rnd.hands[1])) == ["1M", "4K", "6M"]
    look, gift = rnd.history[-2:]
    assert look.reason == ("With the Fairy, A looks at two of B's cards, the 4 of Keys and the 8 "
                           "of Moons, and takes the 8 of Moons.")
    assert gift.reason == "A gives B the 1 of Moons in return."


def test_SC9_the_fairys_opponent_sees_what_was_taken_and_given_but_not_what_was_seen():
    rnd = special_round("2B", "Fairy 1M 2M", "4K 6M 8M", chance=[["4K", "8M"]])
    act(rnd, "play Fairy", "fairy_take 8M", "fairy_give 1M")
    theirs = rnd.view(1)
    look = [r for r in theirs.history if r.kind == "fairy"][0]
    assert look.shown is None and look.taken == Card("8M")
    assert Card("8M") in theirs.known_opponent_cards
    assert Narrator(("A", "B")).say(look) == ("With the Fairy, A looks at up to two cards picked "
                                              "at random from B's hand and takes the 8 of Moons.")
    mine = rnd.view(0)
    assert [r for r in mine.history if r.kind == "fairy"][0].shown == (Card("4K"), Card("8M"))
    assert Card("1M") in mine.known_opponent_cards


def test_SC9_the_fairy_may_give_back_the_card_just_taken():
    rnd = special_round("2B", "Fairy 1M", "4K 6M", chance=[["4K", "6M"]])
    act(rnd, "play Fairy", "fairy_take 4K", "fairy_give 4K")
    assert sorted(map(str, rnd.hands[1])) == ["4K", "6M"]


def test_SC9_the_fairy_sees_fewer_cards_when_the_hand_is_smaller():
    rnd = special_round("2B", "Fairy", "4K", chance=[["4K"]])
    act(rnd, "play Fairy")
    assert rnd.view(0).offer == (Card("4K"),)


def test_SC9_SC16_a_fairy_following_at_the_last_trick_sees_an_empty_hand():
    rnd = special_round("2B", "4K", "Fairy")
    act(rnd, "play 4K", "play Fairy")
    look = [r for r in rnd.history if r.kind == "fairy"][0]
    assert look.shown == () and rnd.is_over
    assert look.reason == "A's hand is empty, so B sees no card with the Fairy."


# ----------------------------------------------------------------------------- S10: Crown

def test_SC10_the_crown_added_to_a_legal_play_draws_a_card_and_counts_as_a_monarch():
    rnd = special_round("2M", "2K Crown 1B", "10K 4B 6B", deck="7M 3M")
    assert "crown 2K" in [str(a) for a in rnd.legal_actions()]
    act(rnd, "crown 2K")
    assert sorted(map(str, rnd.hands[0])) == ["1B", "7M"] and rnd.deck == [Card("3M")]
    act(rnd, "play 10K")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code, rec.rule.crowned, rec.extra) == (0, "rank", 0,
                                                                        (Card("Crown"),))
    assert "A's 2 of Keys is crowned: it has no ability and counts as the 11 of Keys." in \
        rec.reason
    assert Card("Crown") in rnd.won[0]                  # the Crown goes with the trick


def test_SC10_the_crown_may_be_added_to_a_follow():
    rnd = special_round("2M", "10K 4B 1B", "2K Crown 6B", deck="7M 3M")
    act(rnd, "play 10K")
    assert cards_of(a for a in rnd.legal_actions() if a.kind == "crown") == ["2K"]
    act(rnd, "crown 2K")
    assert rnd.tricks[-1].winner == 1


def test_SC10_a_crowned_card_loses_its_ability():
    # A crowned Treasure scores nothing, a crowned Swan does not lead next, a crowned Witch is
    # not trump, a crowned Fox does not exchange.
    rnd = special_round("2M", "7K Crown 1B", "10K 4B 6B", deck="8M 3M")
    act(rnd, "crown 7K", "play 10K")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].treasure) == (0, 0)
    rnd = special_round("2M", "9K Crown 1B", "9B 4B 6B", deck="8M 3M")
    act(rnd, "crown 9K", "play 9B")               # B's 9 is the only Witch: it counts as trump
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code, rnd.tricks[-1].rule.witches) == (
        1, "witch_trump", 1)
    rnd = special_round("2M", "1K Crown 2B", "11M 4B 6B", deck="8M 3M")
    act(rnd, "crown 1K", "play 11M")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].next_leader) == (1, 1)
    rnd = special_round("2M", "3K Crown 2B", "4K 4B 6B", deck="8M 3M")
    act(rnd, "crown 3K")
    assert rnd.phase == "play" and rnd.to_play == 1 and rnd.decree == Card("2M")


def test_SC10_a_crowned_poison_8_costs_nothing():
    rnd = special_round("2M", "8K Crown 1B", "10K 4B 6B", deck="7M 3M", poison=True,
                        score={"A": 3, "B": 0})
    act(rnd, "crown 8K", "play 10K")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].poison, rnd.score) == (0, 0, [3, 0])


def test_SC10_a_crowned_monarch_led_does_not_force_the_follower():
    rnd = special_round("2M", "11K Crown 1B", "4K 8K 6B", deck="7M 3M")
    act(rnd, "crown 11K")
    assert cards_of(rnd.legal_actions()) == ["4K", "8K"]


def test_SC10_a_crowned_card_against_the_real_monarch_of_its_suit_the_leader_wins():
    rnd = special_round("2M", "4K Crown 1B", "11K 4B 6B", deck="7M 3M")
    act(rnd, "crown 4K", "play 11K")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (0, "identical")


def test_SC10_the_crown_cannot_be_added_with_an_empty_deck_or_to_a_special_card():
    rnd = special_round("2M", "4K Crown 1B", "11K 4B 6B")
    assert "crown" not in kinds(rnd)
    with pytest.raises(IllegalAction, match="The deck is empty, so the Crown cannot be added"):
        rnd.act(Action("crown", "4K"))
    rnd = special_round("2M", "Tree Crown 1B", "11K 4B 6B", deck="7M")
    with pytest.raises(IllegalAction, match="the Tree is a special card"):
        rnd.act(Action("crown", "Tree"))


def test_SC10_the_crown_played_alone_is_an_unsuited_2():
    rnd = special_round("2M", "1K 6B", "Crown 3K")
    act(rnd, "play 1K", "play Crown")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code, rec.rule.unsuited) == (1, "rank", (1,))


# ----------------------------------------------------------------------------- S11: Mirror

def test_SC11_the_mirror_counts_as_the_decree_card_in_the_trick():
    rnd = special_round("10M", "Mirror 1B", "9M 6B")
    act(rnd, "play Mirror", "play 9M")
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code, rec.rule.mirror) == (0, "rank", (Card("10M"),))
    assert "The Mirror counts as the decree card, the 10 of Moons." in rec.reason


def test_SC11_the_mirror_counts_as_the_decree_cards_suit_in_hand():
    rnd = special_round("10M", "4M 1B", "Mirror 6B")
    act(rnd, "play 4M")
    assert cards_of(rnd.legal_actions()) == ["Mirror"]       # the only "Moon" in hand


def test_SC11_refusing_a_card_when_the_only_card_of_the_led_suit_is_the_mirror_names_the_suit():
    rnd = special_round("10M", "4M 1B", "Mirror 6B")
    act(rnd, "play 4M")
    with pytest.raises(IllegalAction) as err:
        rnd.play("6B")
    assert str(err.value).startswith("You must follow Moons: you hold the Mirror")


def test_SC11_the_mirror_led_as_a_monarch_makes_its_demand():
    rnd = special_round("11K", "Mirror 1B 2B", "4K 8K 6B")
    act(rnd, "play Mirror")
    assert cards_of(rnd.legal_actions()) == ["8K"]


def test_SC11_the_mirror_as_a_fox_exchanges_and_then_copies_the_new_decree():
    rnd = special_round("3M", "Mirror 2M 1B", "9M 6B 4B", deck="7K")
    act(rnd, "play Mirror")
    assert rnd.phase == "exchange"
    act(rnd, "exchange 2M", "play 9M")
    assert rnd.decree == Card("2M") and rnd.tricks[-1].rule.mirror == (Card("2M"),)
    assert rnd.tricks[-1].winner == 1                      # the Mirror is now a 2 of Moons


def test_SC11_the_winner_is_decided_against_the_decree_after_a_fox_change():
    rnd = special_round("10M", "Mirror 1B", "3M 2M", deck="7K")
    act(rnd, "play Mirror", "play 3M", "exchange 2M")
    rec = rnd.tricks[-1]
    assert rec.rule.mirror == (Card("2M"),) and rec.winner == 1


def test_SC6_SC11_the_mirror_as_the_decree_card_means_no_trump():
    rnd = special_round("Mirror", "4K 1B", "9B 6B")
    act(rnd, "play 4K", "play 9B")
    assert rnd.tricks[-1].rule.trump is None and rnd.tricks[-1].winner == 1   # a lone Witch


def test_SC11_the_mirror_copies_a_special_decree_card():
    rnd = special_round("Axe", "5K 1B", "Mirror 6B", deck="7M")
    act(rnd, "play 5K", "discard 7M", "play Mirror")
    assert rnd.phase == "discard"                            # the Mirror acts as the Axe
    act(rnd, "discard 6B")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "axe")


def test_SC11_the_mirror_cannot_be_crowned():
    rnd = special_round("10M", "Mirror Crown 1B", "4K 8K 6B", deck="7M")
    assert "crown Mirror" not in [str(a) for a in rnd.legal_actions()]


# ----------------------------------------------------------------------------- S12: Bow

@pytest.mark.parametrize("decree, lead, follow, winner", [
    ("2M", "Bow", "4M", 0),          # a trump card
    ("2M", "Bow", "9B", 0),          # a lone Witch counts as trump
    ("Tree", "Bow", "9B", 0),        # ... even with no trump suit
    ("2M", "Bow", "Axe", 0),         # a special card
    ("2M", "Bow", "Mirror", 0),      # the Mirror is a special card, whatever it copies
    ("2M", "Bow", "4K", 1),          # any other card
    ("2M", "Bow", "1B", 1),
])
def test_SC12_the_bow_beats_trump_and_special_cards_and_loses_to_others(decree, lead, follow,
                                                                      winner):
    rnd = special_round(decree, f"{lead} 6K", f"{follow} 2B")
    act(rnd, f"play {lead}", f"play {follow}")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (winner, "bow")


@pytest.mark.parametrize("decree", ["2M", "Tree"])
def test_SC12_the_bow_against_a_lone_witch_says_why_the_witch_counts_as_trump(decree):
    rnd = special_round(decree, "Bow 6K", "9B 2B")
    act(rnd, "play Bow", "play 9B")
    assert "which is the only Witch in the trick, so it counts as trump" in \
        rnd.tricks[-1].reason


def test_SC12_the_bow_beats_a_crowned_trump_card_but_not_a_crowned_other_card():
    rnd = special_round("2M", "4M Crown 1B", "Bow 6B 3B", deck="7K 8K")
    act(rnd, "crown 4M", "play Bow")
    assert rnd.tricks[-1].winner == 1
    rnd = special_round("2M", "4K Crown 1B", "Bow 6B 3B", deck="7K 8K")
    act(rnd, "crown 4K", "play Bow")
    assert rnd.tricks[-1].winner == 0


# ----------------------------------------------------------------------------- S13: Hammer

def test_SC13_the_hammer_following_names_a_suit_and_the_led_card_goes_under_the_deck():
    rnd = special_round("2M", "10K 4B 6B", "Hammer 3K 1M", deck="8K 7M")
    act(rnd, "play 10K", "play Hammer")
    assert rnd.phase == "name_suit" and rnd.to_play == 1
    assert [str(a) for a in rnd.legal_actions()] == ["name_suit B", "name_suit K", "name_suit M"]
    act(rnd, "name_suit B")
    assert rnd.deck == [Card("7M"), Card("10K")] and Card("8K") in rnd.hands[0]
    assert rnd.phase == "replace" and rnd.to_play == 0 and rnd.view(1).named == Suit.BELLS
    assert cards_of(rnd.legal_actions()) == ["4B", "6B"]
    with pytest.raises(IllegalAction, match="must be of Bells, not the 8 of Keys"):
        rnd.act(Action("replace", "8K"))
    act(rnd, "replace 6B")
    rec = rnd.tricks[-1]
    assert rec.cards == (Card("6B"), Card("Hammer")) and (rec.winner, rec.rule.code) == (0,
                                                                                        "hammer")
    hammer = [r for r in rnd.history if r.kind == "hammer"][0]
    assert hammer.reason.startswith("B names Bells with the Hammer: the 10 of Keys goes face "
                                    "down under the deck")


def test_SC13_the_hammers_draw_is_told_once_by_its_own_record():
    rnd = special_round("2M", "10K 4B 7B", "Hammer 3K 1M", deck="8K 7M")
    act(rnd, "play 10K", "play Hammer", "name_suit B", "replace 7B")
    assert [r.reason for r in rnd.history[2:5]] == [
        "B names Bells with the Hammer: the 10 of Keys goes face down under the deck, and A "
        "must replace it with a card of Bells if A holds one.",
        "A draws the top card of the deck (the 8 of Keys).",
        "A plays the 7 of Bells, Treasure, as A's new card for the trick.",
    ]


def test_SC13_the_leader_without_the_named_suit_plays_any_card():
    rnd = special_round("2M", "10K 4B 6B", "Hammer 3K 1M", deck="8K 7M")
    act(rnd, "play 10K", "play Hammer", "name_suit M")
    assert cards_of(rnd.legal_actions()) == ["4B", "6B", "8K"]


def test_SC13_the_hammer_beats_an_odd_card_and_loses_to_any_other():
    rnd = special_round("2M", "10K 5B", "Hammer 3K", deck="7B 8M")
    act(rnd, "play 10K", "play Hammer", "name_suit B", "replace 7B")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "hammer")
    assert "The Hammer beats an odd card, so B's Hammer beats A's 7 of Bells." in \
        rnd.tricks[-1].reason


def test_SC13_a_hammer_led_has_no_ability_and_beats_an_odd_follow():
    rnd = special_round("2M", "Hammer 3K", "9K 4B")
    act(rnd, "play Hammer")
    assert rnd.phase == "play" and rnd.to_play == 1
    act(rnd, "play 9K")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (0, "hammer")


def test_SC13_the_hammer_sends_a_crowned_led_card_under_the_deck_with_its_crown():
    rnd = special_round("2M", "10K Crown 4B", "Hammer 3K 1M", deck="8K 7M 6B")
    act(rnd, "crown 10K", "play Hammer", "name_suit B")
    assert rnd.deck[-2:] == [Card("10K"), Card("Crown")]
    assert Card("8K") in rnd.hands[0]                      # the Crown's card stays in hand


def test_SC13_the_hammer_beats_a_crowned_card_which_counts_as_an_11():
    rnd = special_round("2M", "Hammer 1B 2B", "4K Crown 6B", deck="8K 7M")
    act(rnd, "play Hammer", "crown 4K")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (0, "hammer")


def test_SC12_SC13_the_hammer_loses_to_the_bow():
    rnd = special_round("2M", "Hammer 1B", "Bow 6B")
    act(rnd, "play Hammer", "play Bow")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "bow")


def test_SC13_the_new_card_after_a_hammer_uses_its_ability():
    rnd = special_round("2M", "10K 3B 6B", "Hammer 3K 1M", deck="8K 7M")
    act(rnd, "play 10K", "play Hammer", "name_suit B", "replace 3B")
    assert rnd.phase == "exchange" and rnd.to_play == 0


def test_SC13_a_tree_as_the_new_card_after_a_hammer_picks_nothing():
    rnd = special_round("2M", "10K Tree 6K", "Hammer 3K 1M", deck="8K 7M")
    act(rnd, "play 10K", "play Hammer", "name_suit M", "replace Tree")
    assert rnd.tricks and not rnd.chance         # the follower has already played


def test_SC13_SC16_the_hammer_at_the_last_trick_sends_the_card_back_to_be_drawn_again():
    rnd = special_round("2M", "10K", "Hammer")
    act(rnd, "play 10K", "play Hammer", "name_suit B")
    assert [str(a) for a in rnd.legal_actions()] == ["replace 10K"]
    act(rnd, "replace 10K")
    assert rnd.is_over and rnd.tricks[-1].winner == 0      # the 10 is even: the Hammer loses


# ----------------------------------------------------------------------------- S14: Potion

def test_SC14_the_potion_puts_itself_and_a_card_under_the_deck_draws_two_and_plays_one():
    rnd = special_round("2M", "4K 1B 2B", "Potion 10K 6B", deck="7M 9B")
    act(rnd, "play 4K", "play Potion")
    assert rnd.phase == "potion_discard" and cards_of(rnd.legal_actions()) == ["10K", "6B"]
    act(rnd, "potion_discard 6B")
    assert rnd.deck == [Card("Potion"), Card("6B")]
    assert rnd.phase == "potion_play" and cards_of(rnd.legal_actions()) == ["7M", "9B"]
    assert rnd.view(1).offer == (Card("7M"), Card("9B")) and rnd.view(0).offer == ()
    act(rnd, "potion_play 7M")                 # whatever its suit: Keys were led
    rec = rnd.tricks[-1]
    assert rec.cards == (Card("4K"), Card("7M")) and rec.winner == 1       # a trump
    assert sorted(map(str, rnd.hands[1])) == ["10K", "9B"]
    theirs = [r for r in rnd.view(0).history if r.kind == "discard"]
    assert [r.card for r in theirs] == [Card("Potion"), None]     # the other card is face down


def test_SC14_the_potions_draws_are_told_once_each_by_their_own_records():
    rnd = special_round("2M", "4K 1B 2B", "Potion 10K 6B", deck="7M 9B")
    act(rnd, "play 4K", "play Potion", "potion_discard 6B", "potion_play 7M")
    assert [r.reason for r in rnd.history[1:6]] == [
        "B follows with the Potion.",
        "B puts the Potion face down under the deck.",
        "B puts the 6 of Bells under the deck with the Potion.",
        "B draws the top card of the deck (the 7 of Moons).",
        "B draws the top card of the deck (the 9 of Bells).",
    ]
    told = " ".join(Narrator(("A", "B")).say(r) for r in rnd.view(0).history)
    assert "B puts a card under the deck with the Potion. B draws a card. B draws a card. " \
        "B plays the 7 of Moons, Treasure, drawn for the Potion." in told


def test_SC14_the_potion_as_the_last_card_goes_under_alone_and_one_card_is_drawn():
    rnd = special_round("2M", "4K", "Potion", deck="7M 9B")
    act(rnd, "play 4K", "play Potion")
    assert rnd.phase == "potion_play" and cards_of(rnd.legal_actions()) == ["7M"]
    act(rnd, "potion_play 7M")
    assert rnd.is_over and rnd.deck == [Card("9B"), Card("Potion")]


def test_SC14_a_potion_drawn_back_is_kept_not_played():
    rnd = special_round("2M", "4K 5K", "Potion 6B")
    act(rnd, "play 4K", "play Potion", "potion_discard 6B")
    assert cards_of(rnd.legal_actions()) == ["6B"]
    act(rnd, "potion_play 6B")
    assert rnd.hands[1] == [Card("Potion")]


def test_SC14_the_card_played_for_the_potion_uses_its_ability():
    rnd = special_round("2M", "4K 1B", "Potion 6B", deck="5K 9B 8B")
    act(rnd, "play 4K", "play Potion", "potion_discard 6B", "potion_play 5K")
    assert rnd.phase == "discard" and rnd.to_play == 1          # a Woodcutter draws


# ----------------------------------------------------------------------------- S15: Shovel

def test_SC15_the_shovel_digs_a_random_card_from_the_last_trick_won_and_plays_it():
    rnd = special_round("2M", "10K Shovel 1B", "4K 6B 3B", chance=[["4K"]])
    act(rnd, "play 10K", "play 4K")               # A wins the trick: 10K and 4K
    act(rnd, "play Shovel")
    assert rnd.phase == "dig" and [str(a) for a in rnd.legal_actions()] == ["dig -",
                                                                          "dig Shovel"]
    act(rnd, "dig Shovel")
    assert rnd.trick == [Card("4K")] and rnd.piles[0][-1] == [Card("10K"), Card("Shovel")]
    dig = [r for r in rnd.history if r.kind == "dig"][0]
    assert dig.reason == ("A digs with the Shovel in trick 11 and gets the 4 of Keys at random; "
                          "the Shovel takes its place there.")


def test_SC15_the_dug_card_is_played_whatever_its_suit():
    rnd = special_round("1M", "10B 2M Shovel 7K", "4B 6M 8K 5K", deck="3B", chance=[["10B"]])
    act(rnd, "play 10B", "play 4B")        # A wins trick 10: the 10 and 4 of Bells
    act(rnd, "play 2M", "play 6M")         # B wins trick 11 and leads
    act(rnd, "play 8K", "play Shovel", "dig Shovel")
    rec = rnd.tricks[-1]
    assert rec.cards == (Card("8K"), Card("10B")) and rec.winner == 1   # A held the 7 of Keys


def test_SC15_not_digging_the_shovel_loses_even_against_the_hammer():
    rnd = special_round("2M", "Hammer 10K", "Shovel 4K")
    act(rnd, "play Hammer", "play Shovel")
    assert rnd.phase == "play"                 # B has won no trick: the Shovel cannot dig
    rec = rnd.tricks[-1]
    assert (rec.winner, rec.rule.code) == (0, "shovel")
    assert [r for r in rnd.history if r.kind == "dig"][0].reason == (
        "B has no won trick to dig in, so the Shovel cannot dig: it stays, and loses the trick unless a Hammer sends it away.")


def test_SC15_declining_to_dig_loses_the_trick():
    rnd = special_round("2M", "10K Shovel 1B", "4K 6B 2B")
    act(rnd, "play 10K", "play 4K", "play Shovel", "dig -", "play 2B")
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (1, "shovel")


# ----------------------------------------------------------------------------- S16: last trick

def test_SC16_the_crown_cannot_be_added_at_the_last_trick():
    rnd = special_round("2M", "Crown", "4K", deck="7M")
    assert kinds(rnd) == ["play"]


def test_SC16_hands_run_out_together_whatever_the_special_cards_do():
    for seed in range(150):
        rng = random.Random(seed)
        rnd = Round.deal(seed, modules=Modules(special=ALL))
        while not rnd.is_over:
            acts = rnd.legal_actions()
            rnd.act(acts[rng.randrange(len(acts))])
            if rnd.phase == "play" and not rnd.trick:
                assert len(rnd.hands[0]) == len(rnd.hands[1])
        assert sum(rnd.tricks_won) == 13


# ----------------------------------------------------------------------------- S18-S19: setup

def test_SC18_the_deal_gives_13_cards_each_and_the_special_cards_make_the_deck_bigger():
    for names, deck in ((("Axe", "Bow"), 8), (ALL, 15)):
        rnd = Round.deal(3, modules=Modules(special=tuple(names)))
        assert len(rnd.hands[0]) == len(rnd.hands[1]) == 13 and len(rnd.deck) == deck
        everything = rnd.hands[0] + rnd.hands[1] + rnd.deck + [rnd.decree]
        assert sorted(everything) == sorted(list(DECK) + [Card(n) for n in names])


def test_SC18_two_special_cards_are_picked_at_random_by_default():
    picks = {choose_special(random.Random(s)) for s in range(60)}
    assert all(len(p) == 2 for p in picks) and len(picks) > 20
    assert choose_special(random.Random(1), 3, ("Axe", "Bow", "Tree", "Crown"))[0] in ALL


def test_SC19_chance_comes_from_the_rounds_seed_and_is_kept_for_replay():
    one = special_round("2B", "Tree 1M 2M", "4K 6M 8M", seed=5)
    two = special_round("2B", "Tree 1M 2M", "4K 6M 8M", seed=5)
    act(one, "play Tree")
    act(two, "play Tree")
    assert one.chance == two.chance and len(one.chance) == 1
    saved = json.loads(one.dumps())
    assert saved["chance"] == [[str(one.chance[0][0])]] and saved["start"]["seed"] == 5
    assert loads_round(one.dumps()) == one


def test_SC19_a_given_chance_outcome_that_cannot_happen_is_refused_with_its_place():
    rnd = special_round("2B", "Tree 1M", "4K 6M", chance=[["9B"]])
    with pytest.raises(InvalidState, match=r"chance\[0\]: 9B cannot be the outcome here: it must "
                                           r"be 1 different card of 4K 6M"):
        rnd.play("Tree")


def test_SC19_undo_restores_the_random_source():
    rnd = special_round("2B", "Tree 1M 2M", "4K 6M 8M", seed=11)
    act(rnd, "play Tree")
    first = rnd.chance[:]
    rnd.undo()
    assert rnd.chance == [] and rnd.trick == []
    act(rnd, "play Tree")
    assert rnd.chance == first


def test_moves_do_not_bundle_special_card_decisions():
    rnd = special_round("2B", "Tree 1M", "4K 6M")
    with pytest.raises(IllegalAction, match="use the actions"):
        rnd.legal_moves()


def test_a_special_card_not_in_the_game_is_refused_in_a_position():
    with pytest.raises(FoxError, match="the Axe is a special card, but it is not one of the "
                                       "special cards in play"):
        position("2B", "Axe 1M", "4K 6M", tricks_won={"A": 11, "B": 0},
                 modules={"special": ["Bow"]})


def test_a_saved_round_with_a_bad_chance_list_names_the_field():
    rnd = special_round("2B", "Tree 1M", "4K 6M", chance=[["6M"]])
    act(rnd, "play Tree")
    saved = rnd.to_json()
    saved["chance"] = [["12M"]]
    with pytest.raises(FoxError, match=r"round.chance\[0\]\[0\]"):
        read_round(saved)
    saved["chance"] = "6M"
    with pytest.raises(FoxError, match="round.chance must be a list of outcomes"):
        read_round(saved)


# ----------------------------------------------------------------------------- properties

def _all_cards(rnd):
    crown = [Card("Crown")] if rnd.sp.get("crowned") is not None else []
    return (rnd.hands[0] + rnd.hands[1] + rnd.deck + [rnd.decree] + rnd.trick + rnd.won[0]
            + rnd.won[1] + crown)


@settings(max_examples=120, **SETTINGS)
@given(seed=st.integers(0, 2 ** 32 - 1),
       special=st.lists(st.sampled_from(ALL), min_size=1, max_size=9, unique=True),
       poison=st.booleans(), goals=st.booleans(), undo_at=st.integers(0, 60))
def test_random_rounds_with_special_cards_keep_every_invariant(seed, special, poison, goals,
                                                              undo_at):
    from foxlib.engine.modules import house_goal_ids
    modules = Modules(poison=poison, special=tuple(special),
                      goals=house_goal_ids()[:4] if goals else ())
    from foxlib import Game
    game = Game(seed=seed, modules=modules)
    rnd = game.round
    expected = sorted(list(DECK) + [Card(n) for n in special])
    rng = random.Random(seed)
    n = 0
    snapshot = None
    while not rnd.is_over:
        acts = rnd.legal_actions()
        assert acts, rnd.state()
        if n == undo_at:
            snapshot = (json.dumps(rnd.state(), sort_keys=True), len(rnd.actions))
        rnd.act(acts[rng.randrange(len(acts))])
        n += 1
        assert sorted(_all_cards(rnd)) == expected
        assert min(rnd.score) >= 0
        for p in (0, 1):
            view = rnd.view(p)
            assert view.hand == tuple(sorted(rnd.hands[p]))
            for rec in view.history:
                if rec.kind in ("draw", "discard") and rec.player != p and \
                        not getattr(rec, "public", False):
                    assert rec.card is None
                if rec.kind == "fairy" and rec.player != p:
                    assert rec.shown is None
        assert all(rec.reason for rec in rnd.history[-3:])
    assert sum(rnd.tricks_won) == 13 and n < 200
    assert loads_round(rnd.dumps()) == rnd
    if snapshot is not None:
        while len(rnd.actions) > snapshot[1]:
            rnd.undo()
        assert json.dumps(rnd.state(), sort_keys=True) == snapshot[0]


def test_the_referee_plays_a_scenario_with_special_cards_and_given_chance():
    line = {"decree": "2B", "hands": {"A": ["Tree", "1M"], "B": ["3K", "6M"]}, "leader": "A",
            "deck": ["8M"], "tricks_won": {"A": 11, "B": 0}, "modules": {"special": ALL},
            "chance": [["3K"]], "plays": ["Tree", ["exchange", "6M"], "1M", "2B"]}
    out = referee_line(json.dumps(line))
    assert "error" not in out, out
    assert out["decree"] == "6M" and out["round_over"]
    kinds_said = [e["kind"] for e in out["events"]]
    assert kinds_said[:3] == ["play", "play", "exchange"]
    assert out["events"][1]["text"].startswith("The Tree was led, so B plays a card picked at "
                                               "random")
    assert out["chance"] == [["3K"]]


def test_a_goal_card_description_can_name_a_special_card():
    from foxlib.engine.goals import matches
    assert matches({"special": "Axe"}, Card("Axe")) and not matches({"special": "Axe"},
                                                                    Card("Bow"))
    assert not matches({"rank": 8}, Card("Axe")) and matches({"rank": 8}, Card("8K"))
    assert not matches({"trump": True}, Card("Bow"), Card("Tree"))
    assert matches({}, Card("Shovel"))


def test_a_fresh_copy_of_a_round_replays_its_random_picks():
    rnd = special_round("2B", "Tree 1M", "4K 6M", chance=[["6M"]])
    act(rnd, "play Tree")
    replay = rnd.fresh()
    for action in rnd.actions:
        replay.act(action)
    assert replay == rnd and replay.chance == [(Card("6M"),)]


def test_a_refusal_when_only_the_mirror_follows_the_led_suit_names_that_suit():
    # The Mirror is the decree card's suit (SC3): when it is the only card of the led suit,
    # the reason still names the suit instead of failing.
    from foxlib.words.narrator import Narrator
    from foxlib.core.rules import follow_refusal_special
    code, facts = follow_refusal_special(Card("3M"), [Card("3M"), Card("Mirror")], Card("5K"),
                                         Card("2K"))
    said = Narrator().refusal(code, **facts)
    assert said.startswith("You must follow Keys: you hold the Mirror")


def test_the_special_trick_rules_agree_with_the_base_rules_on_every_base_trick():
    # decide_special_trick decides every trick of a round with special cards; on two suit
    # cards under a suit decree it must give exactly what the base game's decide_trick gives.
    from foxlib.core import rules
    differ = []
    for decree in DECK:
        for lead in DECK:
            for follow in DECK:
                if len({decree, lead, follow}) < 3:
                    continue
                base = rules.decide_trick(lead, follow, decree, True)
                special = rules.decide_special_trick(lead, follow, decree, poison=True)
                if (base.winner, base.next_leader, base.treasure, base.rule) != (
                        special.winner, special.next_leader, special.treasure,
                        special.rule._replace(unsuited=(), crowned=None, mirror=())):
                    differ.append((decree, lead, follow))
    assert differ == []


def test_SC10_the_crown_may_be_added_only_to_the_card_a_monarch_lead_demands():
    rnd = special_round("2M", "11K 1B 2B 3B", "4K 8K Crown 6B", deck="7M 5M")
    act(rnd, "play 11K")
    assert [str(a) for a in rnd.legal_actions() if a.kind == "crown"] == ["crown 8K"]
    act(rnd, "crown 8K")              # an 11 of Keys against the real one: identical
    assert (rnd.tricks[-1].winner, rnd.tricks[-1].rule.code) == (0, "identical")


def test_SC8_a_trees_random_crown_is_played_alone_as_an_unsuited_2():
    rnd = special_round("2B", "Tree 1M", "Crown 6M", chance=[["Crown"]])
    act(rnd, "play Tree")
    rec = rnd.tricks[-1]
    assert rec.cards == (Card("Tree"), Card("Crown")) and rec.extra == ()
    assert (rec.winner, rec.rule.code, rec.rule.unsuited) == (0, "rank", (0, 1))
