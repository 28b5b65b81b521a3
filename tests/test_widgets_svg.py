"""Cards and tables drawn as SVG (foxlib.svg): readable without colour, labelled, offline."""
import re
import xml.etree.ElementTree as ET

import pytest

from foxlib import DECK, THEMES, Card, Round
from foxlib.svg import SUIT_SHAPES, card_svg, round_svg, suit_colour, suit_shape, suit_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(text):
    return ET.fromstring(text)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("state", [{}, {"selected": True}, {"dimmed": True}, {"face_down": True}])
def test_every_card_in_every_theme_and_state_is_well_formed_svg(theme, state):
    for card in DECK:
        root = parse(card_svg(card, theme, **state))
        assert root.tag == SVG + "svg"
        assert root.get("role") == "img"


def test_card_has_accessible_label_and_title():
    root = parse(card_svg("9M"))
    assert root.get("aria-label") == "9 of Moons, Witch"
    assert root.find(SVG + "title").text == "9 of Moons, Witch"


def test_even_cards_are_labelled_without_a_character():
    assert parse(card_svg("4B")).get("aria-label") == "4 of Bells"


@pytest.mark.parametrize("rank,name", [(1, "Swan"), (3, "Fox"), (5, "Woodcutter"),
                                       (7, "Treasure"), (9, "Witch"), (11, "Monarch")])
def test_odd_cards_show_their_character_name(rank, name):
    texts = [t.text for t in parse(card_svg(Card(rank, "K"))).iter(SVG + "text")]
    assert name in texts


def test_even_cards_show_no_character_name():
    texts = {t.text for t in parse(card_svg("8K")).iter(SVG + "text")}
    assert texts <= {"8"}


def test_corner_index_shows_the_rank_twice():
    texts = [t.text for t in parse(card_svg("6M")).iter(SVG + "text")]
    assert texts.count("6") >= 2


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_suits_differ_in_shape_not_only_in_colour(theme):
    shapes = [suit_shape(s, theme) for s in range(3)]
    assert len(set(shapes)) == 3
    assert len({SUIT_SHAPES[s] for s in shapes}) == 3
    assert len({suit_colour(s, theme) for s in range(3)}) == 3


def test_classic_and_zsa_suits_use_different_shapes():
    assert {suit_shape(s, "classic") for s in range(3)}.isdisjoint(
        {suit_shape(s, "zsa") for s in range(3)})


def test_zsa_theme_writes_x_for_10_and_j_for_11():
    assert parse(card_svg("10K", "zsa")).get("aria-label") == "X of Hearts"
    assert parse(card_svg("11B", "zsa")).get("aria-label") == "J of Clubs, Monarch"
    texts = [t.text for t in parse(card_svg("11B", "zsa")).iter(SVG + "text")]
    assert "J" in texts and "11" not in texts


def test_suit_symbols_are_drawn_not_emoji_characters():
    for theme in THEMES:
        for card in DECK:
            text = card_svg(card, theme)
            assert all(ord(ch) < 0x2000 for ch in text), card


def test_drawings_use_no_ids_and_load_nothing():
    # ids would clash between many cards on one page; external references would need a network.
    for card in DECK:
        text = card_svg(card) + card_svg(card, face_down=True, selected=True)
        assert " id=" not in text and "href" not in text
        assert re.sub(r'xmlns="http://www.w3.org/2000/svg"', "", text).count("http") == 0


def test_face_down_card_gives_nothing_away():
    text = card_svg("9M", face_down=True)
    assert parse(text).get("aria-label") == "Face-down card"
    assert "Moons" not in text and "Witch" not in text and "<text" not in text


def test_selected_and_dimmed_states_change_the_drawing():
    plain, selected, dimmed = card_svg("2B"), card_svg("2B", selected=True), card_svg(
        "2B", dimmed=True)
    assert len({plain, selected, dimmed}) == 3
    assert "selected" in parse(selected).get("class")
    assert "dimmed" in parse(dimmed).get("class")


def test_width_scales_the_card_keeping_its_shape():
    root = parse(card_svg("2B", width=50))
    assert root.get("width") == "50" and root.get("height") == "70"


def test_unknown_theme_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="classic"):
        card_svg("2B", "tarot")


def test_bad_card_is_refused_with_the_engine_error():
    with pytest.raises(ValueError, match="not a card"):
        card_svg("12M")


def test_suit_svg_is_labelled_with_the_suit_name():
    assert parse(suit_svg(2)).get("aria-label") == "Moons"
    assert parse(suit_svg(1, "zsa")).get("aria-label") == "Hearts"


def test_card_repr_svg_is_the_card_drawing():
    assert Card("9M")._repr_svg_() == card_svg("9M")


def test_round_svg_shows_every_card_in_both_hands_and_the_decree():
    rnd = Round.deal(7)
    root = parse(round_svg(rnd))
    titles = [t.text for t in root.iter(SVG + "title")]
    for hand in rnd.hands:
        for card in hand:
            assert card.label() in titles
    assert rnd.decree.label() in titles
    assert "Face-down card" in titles  # the deck
    assert rnd._repr_svg_() == round_svg(rnd)


def test_round_svg_marks_cards_the_player_to_move_may_not_play():
    rnd = Round.deal(7)
    rnd.play(rnd.legal_cards()[0])
    text = round_svg(rnd)
    illegal = [c for c in rnd.hands[rnd.to_play] if c not in rnd.legal_cards()]
    assert text.count('stroke="#6b7280"') == len(illegal)  # one hatch stroke per dimmed card


def test_round_svg_of_a_finished_round_says_so():
    rnd = Round.deal(3)
    while not rnd.is_over:
        rnd.push(rnd.legal_moves()[0])
    assert "round over" in round_svg(rnd)
