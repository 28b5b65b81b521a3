"""foxlib.io.inputs.trick_setup: one trick from a learner's choices (the rules explorer), and
foxlib.io.inputs.read_typed_cards: typed cards with errors in plain words."""
import pytest

from foxlib import DECK, Card, InvalidCard, InvalidState
from foxlib.io.inputs import read_typed_cards, trick_setup


def test_typed_cards_are_read_with_spaces_or_commas():
    assert read_typed_cards("9b, 6B  2K") == [Card("9B"), Card("6B"), Card("2K")]
    assert read_typed_cards("") == [] and read_typed_cards(None) == []


def test_a_bad_typed_card_is_counted_in_words():
    with pytest.raises(InvalidCard, match=r"^the follower's third card '0M' is not a card"):
        read_typed_cards("9B 6B 0M", "the follower's {nth} card")


def test_the_leader_hand_is_filled_to_the_follower_size_with_cards_nobody_chose():
    setup = trick_setup("4K", "10M", "9B 6B 2K")
    leader, follower = setup.position.hands
    assert len(leader) == len(follower) == 3 and setup.filler == 2
    assert leader[0] == Card("10M") and setup.leader_others == ()
    chosen = {Card("4K"), Card("10M"), *follower}
    assert not chosen & set(leader[1:])
    assert setup.position.deck == []


def test_the_chosen_top_of_the_deck_is_drawn_first():
    setup = trick_setup("6M", "5K", "7K 1B 10M", "2M 4B", deck_top="11K")
    assert setup.position.deck[0] == Card("11K") and setup.filler == 0
    assert len(set(setup.position.deck) | {Card("6M")} | set(setup.position.hands[0])
               | set(setup.position.hands[1])) == len(setup.position.deck) + 7


@pytest.mark.parametrize("args,words", [
    (("4K", "10M", "12B"), "the follower's first card '12B' is not a card: ranks run from 1 to 11."),
    (("4K", "10M", "2B", "1X"), "the leader's first other card '1X' is not a card"),
    (("4K", "10M", "2B 3B", "", "3B"), "the 3 of Bells (3B) is chosen twice: in the follower's "
                                       "hand and as the top of the deck"),
    (("4K", "4K", "2B"), "the 4 of Keys (4K) is chosen twice: as the decree card and as the led "
                         "card; there is only one of each card."),
    (("4K", "10M", " ".join(str(c) for c in DECK[:14])), "a hand holds at most 13"),
    (("4K", "10M", "2B", "3B"), "the leader holds 2 cards (the led card and 1 other) but the "
                                "follower only 1"),
])
def test_set_up_problems_say_what_to_check_in_plain_words(args, words):
    with pytest.raises(InvalidState) as info:
        trick_setup(*args)
    text = str(info.value)
    assert text.startswith("Check the set-up: ") and words in text
    assert "[" not in text and "hands." not in text


# ----------------------------------------------------------------------------- won tricks

def test_won_tricks_are_where_a_shovel_digs_and_the_round_so_far_adds_up():
    from foxlib.engine.modules import Modules
    from foxlib.engine.possible import check_possible
    setup = trick_setup("4K", "10M", "Shovel 6B 2B", modules=Modules(special=("Shovel",)),
                        follower_won="11M 6K", leader_won="1B 3K")
    pos = setup.position
    assert setup.last_won == pos.last_won == ((Card("1B"), Card("3K")), (Card("11M"), Card("6K")))
    assert pos.tricks_won == (9, 1) and len(pos.deck) == 7      # 6 + one special card
    piles = [c for pile in pos.last_won for c in pile]
    assert not set(piles) & {pos.decree, *pos.hands[0], *pos.hands[1], *pos.deck}
    assert check_possible(pos, piles) == []


@pytest.mark.parametrize("hand,won,words", [
    ("6B 2B", dict(follower_won="11M"), "the follower's last won trick holds 1 card, but a "
                                        "trick holds 2 cards, or 3 when one was played with the "
                                        "Crown"),
    ("6B 2B", dict(leader_won="11M 6K 1M"), "the leader's last won trick holds 3 cards"),
    ("6B 2B", dict(follower_won="4K 1M"), "the 4 of Keys (4K) is chosen twice: as the decree "
                                          "card and in the last trick the follower won"),
    ("6B 2B", dict(follower_won="11M 12K"), "the follower's last won trick's second card '12K' "
                                            "is not a card"),
    ("6B 2B 1B 1K 1M 2M 3M 4M 5M 6M 7M 8B 9B", dict(follower_won="11M 6K"),
     "the follower holds 13 cards, so no trick has been played before this one: give no won "
     "trick, or give the follower fewer cards."),
    ("6B 2B 1B 1K 1M 2M 3M 4M 5M 6M 7M 8B", dict(follower_won="11M 6K", leader_won="3B 3K"),
     "the follower holds 12 cards, so only one trick has been played before this one"),
])
def test_a_bad_won_trick_is_a_set_up_to_check_naming_what_and_where(hand, won, words):
    from foxlib.io.inputs import InputError
    with pytest.raises(InputError) as err:
        trick_setup("4K", "10M", hand, **won)
    assert str(err.value).startswith("Check the set-up: ") and words in str(err.value)
