"""The rules explorer builds a real round from the chosen cards and shows what the engine says."""
import html

import pytest

from foxlib import Position, Round
from widgets import PRESETS, RulesExplorer


def shown(explorer):
    return html.unescape(explorer.result.html + explorer.follower_note.html)


def engine_trick(decree, led, follower_hand, followed, others=""):
    """The same trick played directly on the engine, to compare with the explorer."""
    leader = [led] + others.split()
    follower = follower_hand.split()
    pad = [c for c in ("1B 2B 3B 4B 5B 6B 7B 8B 10B 1K 2K".split())
           if c not in leader + follower + [decree]]
    leader += pad[:len(follower) - len(leader)]
    rnd = Round(Position.from_json({"decree": decree, "hands": {"A": leader, "B": follower},
                                    "leader": "A"}), ("Leader", "Follower"))
    rnd.play(led)
    rnd.play(followed)
    return rnd.tricks[-1]


def test_lone_witch_counts_as_trump_and_the_follower_wins():
    e = RulesExplorer(decree="4K", led="10M", follower_hand="9B 6B 2K", followed="9B")
    assert e.error == ""
    assert e.round.name(e.trick.winner) == "Follower"
    assert e.round.name(e.trick.next_leader) == "Follower"
    assert e.trick.reason == engine_trick("4K", "10M", "9B 6B 2K", "9B").reason
    assert "only Witch" in shown(e)


def test_two_witches_cancel_and_the_leader_wins():
    e = RulesExplorer(decree="4K", led="9M", follower_hand="9B 6B 2K", followed="9B")
    assert e.round.name(e.trick.winner) == "Leader"


def test_follower_must_follow_suit_and_sees_the_engine_reason_for_each_other_card():
    e = RulesExplorer(decree="2K", led="8M", follower_hand="3M 10M 5B 9K")
    assert e.legal == ["3M", "10M"]
    assert set(e.reasons) == {"5B", "9K"}
    assert "You must follow Moons" in e.reasons["5B"]
    assert "Witch only counts as trump once both cards are on the table" in e.reasons["9K"]
    assert e.follower_row.dimmed == ["5B", "9K"]


def test_clicking_an_illegal_follow_shows_the_reason_and_keeps_the_trick_open():
    e = RulesExplorer(decree="2K", led="8M", follower_hand="3M 10M 5B 9K")
    e.follower_row.click("5B")
    assert e.trick is None and e.followed is None
    assert e.message == e.reasons["5B"]
    assert e.message in shown(e)


def test_clicking_a_legal_follow_resolves_the_trick():
    e = RulesExplorer(decree="2K", led="8M", follower_hand="3M 10M 5B 9K")
    e.follower_row.click("10M")
    assert e.followed == "10M" and e.round.name(e.trick.winner) == "Follower"
    assert e.trick.reason in shown(e)


def test_monarch_lead_allows_only_the_swan_or_the_highest_card():
    e = RulesExplorer(decree="5B", led="11M", follower_hand="1M 4M 8M 2K")
    assert e.legal == ["1M", "8M"]
    assert "Monarch" in e.reasons["4M"]


def test_swan_that_loses_leads_next():
    e = RulesExplorer(preset="Swan: lose and lead")
    assert e.round.name(e.trick.winner) == "Leader"
    assert e.round.name(e.trick.next_leader) == "Follower"


def test_treasure_points_go_to_the_winner():
    e = RulesExplorer(preset="Treasure: points for 7s")
    assert e.trick.treasure == 1 and "gains 1 point" in shown(e)


def test_fox_exchange_changes_trump_and_the_winner():
    swap = RulesExplorer(decree="2B", led="3M", leader_others="9K 6B",
                         follower_hand="5K 8K 4B", followed="8K", leader_choice="9K")
    assert str(swap.trick.decree) == "9K"
    assert swap.round.name(swap.trick.winner) == "Follower"
    swap.leader_choice.value = ""          # keep the decree instead
    assert str(swap.trick.decree) == "2B"
    assert swap.round.name(swap.trick.winner) == "Leader"


def test_fox_exchange_offers_only_the_cards_the_learner_chose():
    e = RulesExplorer(decree="2B", led="3M", leader_others="9K", follower_hand="5K 8K 4B")
    values = [v for _, v in e.leader_choice.options]
    assert values == ["", "9K"] and e.padding == 1


def test_woodcutter_draws_the_chosen_top_card_and_discards_the_choice():
    e = RulesExplorer(preset="Woodcutter: draw and discard")
    kinds = [r.kind for r in e.steps]
    assert kinds[:3] == ["play", "draw", "discard"]
    assert str(e.steps[1].card) == "11K" and str(e.steps[2].card) == "2M"
    values = [v for _, v in e.leader_choice.options]
    assert set(values) == {"2M", "4B", "11K"}


def test_woodcutter_discard_defaults_to_the_drawn_card():
    e = RulesExplorer(decree="6M", led="5K", leader_others="2M 4B", deck_top="11K",
                      follower_hand="7K 1B 10M")
    assert str(e.steps[2].card) == "11K"


def test_follower_fox_decision_is_offered_after_following_with_a_fox():
    e = RulesExplorer(decree="2B", led="8M", follower_hand="3M 9K 4B", followed="3M",
                      follower_choice="9K")
    assert e.follower_choice.layout.display == ""
    assert str(e.trick.decree) == "9K"


def test_a_card_chosen_twice_gets_the_engine_message():
    e = RulesExplorer(decree="2B", led="8M", follower_hand="2B 9K")
    assert e.round is None
    assert "appears twice" in e.error and "the follower's hand" in e.error
    assert "appears twice" in html.unescape(e.result.html)


def test_bad_card_text_is_reported_with_its_position():
    e = RulesExplorer(decree="2B", led="8M", follower_hand="3M 12K")
    assert "follower's hand[1]" in e.error


def test_leader_with_more_cards_than_the_follower_is_explained():
    e = RulesExplorer(decree="2B", led="8M", leader_others="4B 6K", follower_hand="3M")
    assert "same number of cards" in e.error


def test_changing_an_input_recomputes_and_clears_the_example_name():
    e = RulesExplorer(preset="Following suit")
    assert e.preset.value == "Following suit"
    e.decree.value = "4M"
    assert e.preset.value == "" and str(e.round.decree) == "4M"


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_example_is_a_complete_trick(name):
    e = RulesExplorer(preset=name)
    assert e.error == "" and e.trick is not None


def test_choosing_an_example_from_the_menu_loads_it():
    e = RulesExplorer()
    e.preset.value = "Monarch: 1 or your highest"
    assert e.led.value == "11M" and e.legal == ["1M", "8M"]


def test_unknown_example_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="Following suit"):
        RulesExplorer(preset="nope")


def test_zsa_theme_uses_its_suit_names():
    e = RulesExplorer(decree="4K", led="10M", follower_hand="9B 6B 2K", followed="9B",
                      theme="zsa")
    assert "Hearts are trump" in shown(e)
