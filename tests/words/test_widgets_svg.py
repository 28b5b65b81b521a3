"""Cards and tables drawn as SVG (foxlib.words.svg): readable without colour, labelled, offline."""
import colorsys
import re
import xml.etree.ElementTree as ET

import pytest

from foxlib import DECK, THEMES, Card, Round
from foxlib.words.svg import (BAND_W, NO_ENTRY, SUIT_SHAPES, card_svg, round_svg, suit_colour,
                              suit_shape, suit_svg)

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
    assert text.count(f'fill="{NO_ENTRY}"') == len(illegal)  # one no-entry badge per card


def test_round_svg_of_a_finished_round_says_so():
    rnd = Round.deal(3)
    while not rnd.is_over:
        rnd.push(rnd.legal_moves()[0])
    assert "round over" in round_svg(rnd)


# ----------------------------------------------------------------------------- dimmed cards
# Contrast as WCAG defines it, worked out from the colours found in the drawing itself.

def _rgb(colour):
    return [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]


def _over(colour, veil, alpha):
    return [c * (1 - alpha) + v * alpha for c, v in zip(colour, veil)]


def _contrast(a, b):
    def lum(c):
        lin = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _dimmed_parts(card, theme):
    """(paper, veil colour, veil opacity, corner-index colour, name band colour or None, name
    colour or None) read from the dimmed card's drawing."""
    root = parse(card_svg(card, theme, dimmed=True))
    rects = list(root.iter(SVG + "rect"))
    paper = rects[0].get("fill")
    veil = next(r for r in rects if r.get("width") == "97" and r.get("fill-opacity")
                and r is not rects[0])
    texts = list(root.iter(SVG + "text"))
    index = texts[0]
    assert index.text == THEMES[theme].rank_label(Card(card).rank)
    band = next((r for r in rects if r.get("width") == str(BAND_W)), None)
    name = next((t for t in texts if t.text == Card(card).character), None)
    return (paper, veil.get("fill"), float(veil.get("fill-opacity")), index.get("fill"),
            band.get("fill") if band is not None else None,
            name.get("fill") if name is not None else None)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_dimmed_card_text_keeps_at_least_3_to_1_contrast(theme):
    for card in DECK:
        paper, veil, alpha, ink, band, name = _dimmed_parts(card, theme)
        veiled = lambda colour: _over(_rgb(colour), _rgb(veil), alpha)  # noqa: E731
        assert _contrast(veiled(ink), veiled(paper)) >= 3, (card, ink)
        if band:
            assert _contrast(veiled(name), veiled(band)) >= 3, (card, band)


def test_a_dimmed_card_is_a_light_veil_with_muted_colours_not_a_wash():
    paper, veil, alpha, ink, _band, _name = _dimmed_parts("9M", "classic")
    assert alpha <= 0.3
    plain = parse(card_svg("9M"))
    assert ink != next(plain.iter(SVG + "text")).get("fill")       # the colours are muted
    h, light, sat = colorsys.rgb_to_hls(*_rgb(ink))
    assert sat < colorsys.rgb_to_hls(*_rgb(suit_colour(Card("9M").suit)))[2]


def test_a_dimmed_card_carries_a_no_entry_badge_and_says_so_in_words():
    root = parse(card_svg("9M", dimmed=True))
    assert any(c.get("fill") == NO_ENTRY for c in root.iter(SVG + "circle"))
    assert not any(c.get("fill") == NO_ENTRY for c in parse(card_svg("9M")).iter(SVG + "circle"))
    assert "dimmed" in root.get("class")


# ----------------------------------------------------------------------------- Poison 8s, goals

@pytest.mark.parametrize("theme", sorted(THEMES))
def test_poison_8s_are_marked_in_word_and_label_only_when_the_module_is_on(theme):
    for card in DECK:
        on, off = parse(card_svg(card, theme, poison=True)), parse(card_svg(card, theme))
        texts_on = [t.text for t in on.iter(SVG + "text")]
        if card.rank == 8:
            assert "POISON" in texts_on
            assert on.get("aria-label").endswith(", a Poison 8")
            assert "poison" in on.get("class")
        else:
            assert ET.tostring(on) == ET.tostring(off)
        assert "POISON" not in [t.text for t in off.iter(SVG + "text")]
        assert "Poison" not in off.get("aria-label")


def test_a_face_down_8_gives_nothing_away_with_poison_on():
    assert card_svg("8M", poison=True, face_down=True) == card_svg("8K", face_down=True)


def _goal(**changes):
    from dataclasses import replace
    from foxlib.engine.goals import house_goals
    return replace(house_goals().by_id("swan-song"), **changes)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_house_goal_is_a_labelled_goal_card_marked_house_goal(theme):
    from foxlib.engine.goals import house_goals
    from foxlib.words.svg import goal_svg
    for goal in house_goals():
        for note in ("", "claimed by You"):
            root = parse(goal_svg(goal, theme, note=note, dimmed=bool(note)))
            texts = [t.text for t in root.iter(SVG + "text")]
            assert "HOUSE GOAL" in texts and "GOAL CARD" not in texts
            label = root.get("aria-label")
            assert label.startswith(f"House goal \u201c{goal.title}\u201d: ")
            assert goal.words(THEMES[theme]) in label
            assert root.find(SVG + "title").text == label
            # Readable on a phone: no text smaller than 10 units on a 180-unit card.
            assert min(float(t.get("font-size")) for t in root.iter(SVG + "text")) >= 10
            if note:
                assert note in texts and label.endswith(note)


def test_a_goal_card_shows_points_kind_and_source_in_words():
    from foxlib.words.svg import goal_svg
    printed = parse(goal_svg(_goal(source="printed", points=-2, kind="ongoing")))
    texts = [t.text for t in printed.iter(SVG + "text")]
    assert "GOAL CARD" in texts and "HOUSE GOAL" not in texts
    assert "\u22122" in texts and any(t.startswith("ONGOING") for t in texts)
    assert printed.get("aria-label").startswith("Goal card \u201cSwan song\u201d")
    once = [t.text for t in parse(goal_svg(_goal())).iter(SVG + "text")]
    assert "+3" in once and "ONCE" in once


def test_goal_card_words_follow_the_theme():
    from foxlib.words.svg import goal_svg
    goal = _goal(condition={"event": "win_trick", "with": {"suit": "M"}})
    assert "Moons" in parse(goal_svg(goal, "classic")).get("aria-label")
    assert "Caps" in parse(goal_svg(goal, "zsa")).get("aria-label")


# ----------------------------------------------------------------------------- room on the face
# The corner indexes: the top-left one fills x 4-21 and y 8-45, the bottom-right one (turned
# round the centre) x 79-96 and y 95-132.

def _band_rects(card, **kw):
    root = parse(card_svg(card, **kw))
    groups = [g for g in root.iter(SVG + "g") if g.get("class") == "fox-card-words"]
    return groups, [r for g in groups for r in g.iter(SVG + "rect")]


@pytest.mark.parametrize("card", ["1B", "3K", "5M", "7B", "9K", "11M", "Mirror", "Potion", "Axe"])
def test_a_name_band_sits_between_the_corner_indexes_in_a_group_a_small_card_may_hide(card):
    groups, rects = _band_rects(card)
    assert len(groups) == 1 and len(rects) == 1
    band = rects[0]
    top, bottom = float(band.get("y")), float(band.get("y")) + float(band.get("height"))
    assert 45 + 10 < top and bottom <= 95 - 2           # clear of both corners
    texts = [t.text for t in groups[0].iter(SVG + "text")]
    assert texts[0] in (Card(card).character, Card(card).special.upper() if Card(card).special
                        else None)


def test_an_even_card_and_a_poison_8_have_no_name_band_to_hide():
    for card, poison in (("4B", False), ("8K", True), ("10M", False)):
        assert _band_rects(card, poison=poison) == ([], [])


def test_the_poison_8s_dashed_frame_runs_around_the_middle_panel_off_the_corner_numbers():
    root = parse(card_svg("8K", poison=True))
    dashed = [r for r in root.iter(SVG + "rect") if r.get("stroke-dasharray")]
    assert len(dashed) == 1
    assert float(dashed[0].get("x")) >= 23 and float(dashed[0].get("x")) + \
        float(dashed[0].get("width")) <= 77


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_two_digit_corner_number_keeps_clear_of_the_cards_edge(theme):
    for card in ("10B", "11K"):
        root = parse(card_svg(card, theme))
        index = next(root.iter(SVG + "text"))
        size, text = float(index.get("font-size")), index.text
        spacing = float(index.get("letter-spacing") or 0)
        half = (len(text) * 0.64 * size + (len(text) - 1) * spacing) / 2  # bold digits
        assert float(index.get("x")) - half >= 4, (card, theme)
