"""The rules explorer builds a real round from the chosen cards and shows what the engine says."""
import html

import pytest

from foxlib import Round
from foxlib.io.inputs import read_position
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
    rnd = Round(read_position({"decree": decree, "hands": {"A": leader, "B": follower},
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


def test_the_fox_and_woodcutter_dropdowns_say_the_narrators_labels():
    fox = RulesExplorer(decree="2B", led="3M", leader_others="9K", follower_hand="5K 8K 4B")
    assert [label for label, _ in fox.leader_choice.options] == \
        ["Fox: keep the decree card", "Fox: swap in the 9 of Keys"]
    wood = RulesExplorer(preset="Woodcutter: draw and discard")
    assert "Woodcutter: put the 11 of Keys under the deck" in \
        [label for label, _ in wood.leader_choice.options]


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


def test_a_card_chosen_twice_is_named_with_both_places_in_plain_words():
    e = RulesExplorer(decree="2B", led="8M", follower_hand="2B 9K")
    assert e.round is None
    assert e.error == ("Check the set-up: the 2 of Bells (2B) is chosen twice: as the decree "
                       "card and in the follower's hand; there is only one of each card.")
    assert e.error in html.unescape(e.result.html)


def test_set_up_problems_are_shown_as_a_set_up_to_check_not_as_a_refused_play():
    e = RulesExplorer(decree="2B", led="8M", follower_hand="3M 12K")
    assert "fox-msg-setup" in e.result.html and "fox-msg-illegal" not in e.result.html


def test_bad_card_text_is_reported_with_its_place_in_words():
    e = RulesExplorer(decree="2B", led="8M", follower_hand="3M 12K")
    assert e.error == ("Check the set-up: the follower's second card '12K' is not a card: ranks "
                       "run from 1 to 11.")
    e.leader_others.value = "4B xx"
    assert e.error.startswith("Check the set-up: the leader's second other card 'xx' is not a "
                              "card: write a rank from 1 to 11 then B, K or M")


@pytest.mark.parametrize("others,follower,words", [
    ("", "9B 6B 9B", "the 9 of Bells (9B) is chosen twice in the follower's hand"),
    ("", "8M 6B", "the 8 of Moons (8M) is chosen twice: as the led card and in the follower's"),
    ("6B", "6B 2K 3M", "chosen twice: among the leader's other cards and in the follower's hand"),
    ("", "", "give the follower at least one card"),
])
def test_each_set_up_problem_names_the_card_and_where_it_is(others, follower, words):
    e = RulesExplorer(decree="2B", led="8M", leader_others=others, follower_hand=follower)
    assert e.error.startswith("Check the set-up: ") and words in e.error
    assert "[" not in e.error and "hands." not in e.error      # no program-style places


def test_leader_with_more_cards_than_the_follower_is_explained():
    e = RulesExplorer(decree="2B", led="8M", leader_others="4B 6K", follower_hand="3M")
    assert e.error == ("Check the set-up: the leader holds 3 cards (the led card and 2 others) "
                       "but the follower only 1: when a trick starts both hands hold the same "
                       "number of cards, so give the follower more cards or the leader fewer.")


@pytest.mark.parametrize("name", ["Fox: swap the decree card", "Woodcutter: draw and discard"])
def test_back_to_set_up_your_own_drops_the_example_extras(name):
    e = RulesExplorer()
    e.preset.value = name
    assert e.leader_others.value and e.error == ""
    e.preset.value = ""                                 # "(set up your own)"
    assert e.leader_others.value == "" and e.deck_top.value == "" and e.padding >= 1
    assert e.error == "" and e.round is not None
    # No chosen leader card to offer: at most the Woodcutter's card drawn from the deck, which
    # always holds cards in a real round (foxlib.engine.possible), to put back.
    offered = {v for _, v in e.leader_choice.options}
    assert offered == {""} or offered == {str(e.round.history[1].card)}
    e.follower_hand.value = "4K 8B"                     # a 2-card hand now fits
    assert e.error == "" and e.legal and e.padding == 1
    assert [str(c) for c in e.round.start.hands[1]] == ["4K", "8B"]


def test_back_to_set_up_your_own_keeps_the_trick_to_change():
    e = RulesExplorer(preset="Monarch: 1 or your highest")
    e.preset.value = ""
    assert (e.decree.value, e.led.value, e.follower_hand.value) == ("5B", "11M", "1M 4M 8M 2K")
    assert e.legal == ["1M", "8M"] and e.preset.value == ""


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


def test_the_last_won_trick_fields_have_a_short_placeholder_and_say_why_in_a_tooltip():
    """A phone shows about 18 characters of a field: the example fits, the Shovel's reason is
    the tooltip (it was cut off inside the placeholder)."""
    e = RulesExplorer()
    for field in (e.leader_won, e.follower_won):
        assert field.placeholder == "e.g. 11M 6K"
        assert "Shovel" in field.tooltip
    for field in (e.leader_others, e.follower_hand, e.leader_won, e.follower_won):
        assert len(field.placeholder) <= 18, field.placeholder


def test_the_deluxe_modules_button_is_drawn_as_a_disclosure():
    e = RulesExplorer()
    assert "fox-reveal" in e.deluxe_button._dom_classes
    e.show_modules()
    assert e.deluxe_button not in e.modules_box.children


def test_the_led_card_is_drawn_as_large_as_the_followers_cards():
    # The two cards of the trick are compared side by side: a smaller led card read as less
    # important (seen on lesson 14's page).
    e = RulesExplorer(decree="4K", led="10M", follower_hand="9B 6B 2K")
    assert e.leader_row.size == e.follower_row.size == "normal"
