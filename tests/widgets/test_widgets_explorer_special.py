"""The rules explorer with the Deluxe special cards: chosen in the Deluxe options, a special card
may be led or held, a card may be led or followed with the Crown, and each decision a special card
brings is a choice made from the engine's legal actions (the Hammer's suit and the leader's new
card, the Fairy's card taken and given, the Potion's discard and card to play); a special card
that is not in play is a set-up to correct, said in place; the random picks are the same at each
recompute."""
from __future__ import annotations

import html
import re

from foxlib import Card
from foxlib.engine.modules import SPECIAL_CARDS
from widgets import RulesExplorer

ALL = list(SPECIAL_CARDS)


def text(widget_html: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget_html))


def shown(dropdown) -> bool:
    return dropdown.layout.display != "none"


def values(dropdown) -> list:
    return [v for _, v in dropdown.options]


def test_the_deluxe_options_offer_the_special_cards():
    e = RulesExplorer()
    e.deluxe_button.click()
    opts = e.options
    assert opts.special_cards.cards == ALL
    opts.special.value = True
    opts.special_cards.click("Bow")
    assert e.modules().special == ("Bow",)


def test_a_special_card_not_in_play_is_a_set_up_to_correct():
    e = RulesExplorer(led="Hammer", follower_hand="3M 6B 2K", special=["Bow"])
    assert e.round is None
    assert e.error == ("Check the set-up: the Hammer (as the led card) is a special card that is "
                       "not in play (special cards in play: Bow): turn the special cards on and "
                       "tick it in the Deluxe modules.")
    assert "Hammer" in text(e.result.html)
    e.options.special_cards.click("Hammer")            # ticking it makes the set-up playable
    assert e.error == "" and e.round is not None


def test_special_cards_in_the_follower_hand_follow_as_the_engine_allows():
    e = RulesExplorer(decree="4K", led="3K", follower_hand="Bow 6B 2K", special=ALL)
    assert sorted(e.legal) == sorted(str(c) for c in e.round.legal_cards())
    assert set(e.legal) == {"2K", "Bow"}
    assert "6B" in e.reasons and "Bow may be played too" in e.reasons["6B"]
    assert e.choose_follow("Bow") and e.trick is not None


def test_the_hammer_names_a_suit_and_the_leader_plays_a_new_card():
    # The leader draws the top of the deck (a real deck is never empty): a Moon, not a Bell.
    e = RulesExplorer(decree="4K", led="10M", leader_others="2B 9B", follower_hand="Hammer 6B 2K",
                      followed="Hammer", special=ALL, deck_top="4M")
    assert shown(e.follower_choice)
    assert values(e.follower_choice) == ["B", "K", "M"]
    assert e.follower_choice.value == "B"
    assert shown(e.leader_choice) and values(e.leader_choice) == ["2B", "9B"]
    e.leader_choice.value = "9B"
    hammer = next(r for r in e.round.history if r.kind == "hammer")
    assert hammer.suit.letter == "B"
    new = next(r for r in e.round.history if r.kind == "play" and r.how == "replace")
    assert new.card is Card("9B") and e.trick is not None
    e.follower_choice.value = "K"                      # name Keys instead: no Keys to play
    hammer = next(r for r in e.round.history if r.kind == "hammer")
    assert hammer.suit.letter == "K"
    assert "Hammer" in text(e.result.html)


def test_the_fairy_takes_a_card_seen_and_gives_one_back():
    e = RulesExplorer(decree="4K", led="Fairy", leader_others="5B", follower_hand="3M 6B 2K",
                      followed="2K", special=ALL)
    take = e.leader_choice
    assert values(take)[0] == "" and len(values(take)) == 3   # none, or one of the two seen
    seen = values(take)[1:]
    fairy = next(r for r in e.round.history if r.kind == "fairy")
    assert [str(c) for c in fairy.shown] == seen
    take.value = seen[0]
    give = e.more_choices["leader"][0]
    assert shown(give) and seen[0] in values(give) and "5B" in values(give)
    give.value = "5B"
    gift = next(r for r in e.round.history if r.kind == "gift")
    assert gift.card is Card("5B")


def test_the_fairy_sees_the_same_cards_at_each_recompute():
    first = RulesExplorer(decree="4K", led="Fairy", follower_hand="3M 6B 2K 9K", special=ALL)
    again = RulesExplorer(decree="4K", led="Fairy", follower_hand="3M 6B 2K 9K", special=ALL)
    assert values(first.leader_choice) == values(again.leader_choice)


def test_the_potion_discards_a_card_and_plays_one_it_drew():
    e = RulesExplorer(decree="4K", led="Potion", leader_others="5M 2B", deck_top="9M",
                      follower_hand="3M 6B 2K", special=ALL)
    discard, play = e.leader_choice, e.more_choices["leader"][0]
    assert set(values(discard)) == {"5M", "2B"}
    discard.value = "2B"
    drawn = [r.card for r in e.round.history if r.kind == "draw" and r.player == 0]
    assert set(values(play)) <= {str(c) for c in drawn}
    played = next(r for r in e.round.history if r.kind == "play" and r.how == "potion")
    assert str(played.card) == play.value


def test_a_led_tree_makes_the_follower_play_a_random_card():
    e = RulesExplorer(decree="4K", led="Tree", follower_hand="3M 6B 2K", special=ALL)
    assert e.legal == [] and e.trick is not None
    tree = next(r for r in e.round.history if r.kind == "play" and r.how == "tree")
    assert tree.player == 1 and str(tree.card) in ("3M", "6B", "2K")


def test_a_card_led_with_the_crown_draws_a_card_and_counts_as_an_11():
    e = RulesExplorer(decree="4K", led="3K", leader_others="Crown 5B", deck_top="9M",
                      follower_hand="10K 6B 2K", followed="10K", special=ALL)
    assert shown(e.leader_crown)
    assert e.trick.winner == 1                          # the 10 of Keys beats a plain 3
    e.leader_crown.value = True
    led = next(r for r in e.round.history if r.kind == "play" and r.player == 0)
    assert led.how == "crown"
    assert e.trick.winner == 0                          # crowned: it counts as the 11 of Keys


def test_the_crown_without_a_crown_in_hand_is_refused_in_the_engine_words():
    e = RulesExplorer(decree="4K", led="3K", leader_others="5B", follower_hand="10K 6B",
                      special=ALL, leader_crown=True)
    assert e.trick is None and "Crown" in e.error
    assert "Crown" in text(e.result.html)


def test_the_crown_checkbox_is_hidden_when_the_crown_is_not_in_play():
    e = RulesExplorer(special=["Bow"])
    assert not shown(e.leader_crown) and not shown(e.follower_crown)


def test_the_decision_dropdowns_say_the_narrators_labels_in_the_theme_shown():
    """Words come from one narrator: the dropdowns draw ``Narrator.action_words(..., 'label')``
    for each legal action, with the suits of the theme chosen."""
    from foxlib.words.narrator import Narrator
    from foxlib.engine.round import Action
    e = RulesExplorer(decree="4K", led="10M", leader_others="2B 9B", followed="Hammer",
                      follower_hand="Hammer 6B 2K", special=ALL, theme="zsa", deck_top="4M")
    labels = [label for label, _ in e.follower_choice.options]
    assert labels == ["Hammer: name Clubs", "Hammer: name Hearts", "Hammer: name Caps"]
    assert [label for label, _ in e.leader_choice.options] == \
        ["After the Hammer: play the 2 of Clubs", "After the Hammer: play the 9 of Clubs"]
    voice = Narrator(theme="zsa")
    for dropdown, kind in ((e.follower_choice, "name_suit"), (e.leader_choice, "replace")):
        assert [label for label, _ in dropdown.options] == \
            [voice.action_words(*Action(kind, v), "label") for _, v in dropdown.options]


def test_the_shovel_digs_in_the_won_trick_the_set_up_gives():
    e = RulesExplorer(preset="Shovel: dig in a won trick")
    assert e.error == "" and e.modules().special == ("Shovel",)
    assert e.follower_won.value == "11M 6K" and e.followed == "Shovel"
    dig = next(r for r in e.round.history if r.kind == "dig")
    assert dig.player == 1 and str(dig.card) in ("11M", "6K")
    said = text(e.result.html)
    assert "digs with the Shovel" in said and e.trick is not None
    assert e.trick.winner == 1             # either card dug wins: the 11 of Moons or a trump
    # Not digging: the Shovel stays in the trick and loses it.
    e.follower_choice.value = ""
    assert e.trick.winner == 0 and not any(r.kind == "dig" and r.card for r in e.round.history)


def test_a_won_trick_that_cannot_be_is_a_set_up_to_check():
    e = RulesExplorer(led="10M", follower_hand="Shovel 6B 2B", special=["Shovel"])
    e.follower_won.value = "11M"
    assert e.round is None and e.error.startswith("Check the set-up: the follower's last won "
                                                  "trick holds 1 card")
    e.follower_won.value = "11M 6K"
    assert e.error == "" and e.round.start.last_won[1] == (Card("11M"), Card("6K"))
    e.set_up_own()                          # the example's extras go, the won tricks too
    assert e.follower_won.value == ""
