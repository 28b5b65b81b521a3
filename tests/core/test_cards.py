"""Cards, suits, ranks, the characters on the odd ranks, notation and display themes."""
import copy
import pickle

import pytest

from foxlib import (ABILITIES, CHARACTERS, DECK, SUITS, THEMES, Card, InvalidCard, Suit,
                    card_list, parse_cards)

CLASSIC, ZSA = THEMES["classic"], THEMES["zsa"]


# ----------------------------------------------------------------------------- the deck

def test_deck_has_33_cards_three_suits_of_ranks_1_to_11():
    assert len(DECK) == 33 == len(set(DECK))
    for suit in SUITS:
        assert sorted(c.rank for c in DECK if c.suit == suit) == list(range(1, 12))
    assert [s.name for s in SUITS] == ["BELLS", "KEYS", "MOONS"]


def test_card_index_is_suit_times_11_plus_rank_minus_1():
    for i, card in enumerate(DECK):
        assert card.index == i == card.suit * 11 + card.rank - 1


def test_cards_are_interned_single_instances():
    assert Card("9M") is Card(9, Suit.MOONS) is Card(9, "M") is Card(9, "moons")
    assert Card(Card("9M")) is Card("9M")
    assert copy.copy(Card("3B")) is Card("3B") and copy.deepcopy(Card("3B")) is Card("3B")
    assert pickle.loads(pickle.dumps(Card("11K"))) is Card("11K")
    assert {Card("9M"): 1}[Card("9m")] == 1


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card("9M").rank = 3


# ----------------------------------------------------------------------------- notation

def test_notation_round_trips_for_every_card():
    for card in DECK:
        assert Card(str(card)) is card
        assert eval(repr(card)) is card


@pytest.mark.parametrize("text, rank, suit", [
    ("9M", 9, Suit.MOONS), ("11B", 11, Suit.BELLS), ("1K", 1, Suit.KEYS),
    (" 10b ", 10, Suit.BELLS), ("7k", 7, Suit.KEYS)])
def test_notation_rank_then_suit_letter(text, rank, suit):
    card = Card(text)
    assert (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize("bad", ["12M", "0B", "9X", "M", "", "QX", "9", "M9", "1 1B", "-1M",
                                 "\u00b2M", "\u0663M", "\uff19M", None, 9, 9.0, ["9M"]])
def test_unknown_card_names_are_rejected_with_a_clear_error(bad):
    # Superscript and non-Latin digits used to escape as a bare ValueError from int().
    with pytest.raises(InvalidCard) as info:
        Card(bad)
    message = str(info.value)
    assert repr(bad) in message and message.endswith(".")


def test_rank_and_suit_out_of_range_are_rejected():
    with pytest.raises(InvalidCard, match="ranks run from 1 to 11"):
        Card(12, Suit.BELLS)
    with pytest.raises(InvalidCard, match="not a suit"):
        Card(3, "Hearts")


def test_parse_cards_names_the_list_and_position_of_a_bad_entry():
    assert parse_cards(["9M", "1b"]) == [Card("9M"), Card("1B")]
    assert parse_cards("9M, 1B 2K") == [Card("9M"), Card("1B"), Card("2K")]
    with pytest.raises(InvalidCard, match=r"hands\.A\[1\]: '13M'"):
        parse_cards(["9M", "13M"], "hands.A")
    with pytest.raises(InvalidCard, match="must be a list"):
        parse_cards(7, "deck")


# ----------------------------------------------------------------------------- characters

def test_characters_are_on_the_odd_ranks():
    assert CHARACTERS == {1: "Swan", 3: "Fox", 5: "Woodcutter", 7: "Treasure", 9: "Witch",
                          11: "Monarch"}
    for card in DECK:
        if card.rank % 2:
            assert card.character == CHARACTERS[card.rank] and card.ability == ABILITIES[card.rank]
        else:
            assert card.character is None and card.ability is None


def test_misconception_fox_is_the_3_not_the_1():
    # The unreliable article calls the 1 the Fox and gives it extra points; the 1 is the Swan.
    assert Card("1B").character == "Swan" and Card("3B").character == "Fox"
    assert "decree" in Card("3B").ability and "point" not in Card("3B").ability


def test_misconception_witch_is_the_9_not_the_2():
    assert Card("2M").character is None and Card("9M").character == "Witch"
    assert "trump" in Card("9M").ability


def test_misconception_there_is_no_toad_and_no_fourth_suit():
    assert "Toad" not in CHARACTERS.values()
    names = {name for theme in THEMES.values() for name in theme.suit_names}
    assert "Diamonds" not in names and CLASSIC.suit_names == ("Bells", "Keys", "Moons")


# ----------------------------------------------------------------------------- themes

def test_classic_names_and_labels():
    assert Card("9M").name() == "9 of Moons"
    assert Card("9M").label() == "9 of Moons, Witch"
    assert Card("10K").label() == "10 of Keys"
    assert Card("11B").label(CLASSIC) == "11 of Bells, Monarch"
    assert [Card(f"9{s}").short() for s in "BKM"] == ["9B", "9K", "9M"]


def test_zsa_theme_uses_clubs_hearts_caps_with_x_and_j():
    assert ZSA.suit_names == ("Clubs", "Hearts", "Caps")
    assert Card("10B").name(ZSA) == "X of Clubs"
    assert Card("11K").label(ZSA) == "J of Hearts, Monarch"
    assert Card("9M").name(ZSA) == "9 of Caps"
    assert (Card("11B").short(ZSA), Card("10K").short(ZSA), Card("9M").short(ZSA)) == \
        ("J\u2663", "X\u2665", "9\u25a0")


@pytest.mark.parametrize("key", sorted(THEMES))
def test_short_names_are_unique_within_each_theme(key):
    # Clubs and Caps share a first letter, so the short form must not use initials for them.
    shorts = [c.short(THEMES[key]) for c in DECK]
    assert len(set(shorts)) == 33


def test_card_list_groups_ranks_by_suit():
    cards = [Card(c) for c in ("8B", "2B", "5M")]
    assert card_list(cards) == "the 2 and 8 of Bells and the 5 of Moons"
    assert card_list([Card("2B"), Card("5B"), Card("8B")]) == "the 2, 5 and 8 of Bells"
    assert card_list([Card("10B"), Card("11B")], ZSA) == "the X and J of Clubs"
    assert card_list([]) == "no cards"
