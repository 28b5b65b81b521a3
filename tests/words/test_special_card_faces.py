"""The Deluxe special cards drawn (foxlib.words.svg) and shown by the card widgets: each face names
its card, shows its printed rank (or ? or M), its own emblem and that it has no suit, in both
themes, well-formed and labelled; the table picture and the widgets take special cards."""
import xml.etree.ElementTree as ET

import pytest

from foxlib import THEMES, Action, Card, Round
from foxlib.core.cards import DECK, SPECIAL_DECK
from foxlib.io.inputs import load_round
from foxlib.words.svg import (BAND_W, EMBLEMS, SPECIAL_EMBLEMS, card_body, card_label, card_svg,
                              round_svg, special_colour, special_rank_label, suit_colour)
from widgets.card import CardRow, CardWidget, card_code
from widgets.hand import Hand

SVG = "{http://www.w3.org/2000/svg}"
NAMES = [c.special for c in SPECIAL_DECK]


def parse(text):
    return ET.fromstring(text)


def texts(card, theme="classic", **state):
    return [t.text for t in parse(card_svg(card, theme, **state)).iter(SVG + "text")]


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("state", [{}, {"selected": True}, {"dimmed": True}, {"face_down": True}])
def test_every_special_card_in_every_theme_and_state_is_well_formed_svg(theme, state):
    for card in SPECIAL_DECK:
        root = parse(card_svg(card, theme, **state))
        assert root.tag == SVG + "svg" and root.get("role") == "img"
        # the body alone (what the widgets and the table place) parses inside an <svg> too
        parse(f'<svg xmlns="http://www.w3.org/2000/svg">{card_body(card, theme, **state)}</svg>')


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", NAMES)
def test_a_special_cards_label_names_it_and_says_it_has_no_suit(theme, name):
    root = parse(card_svg(name, theme))
    label = root.get("aria-label")
    assert label == card_label(name, theme) == root.find(SVG + "title").text
    assert label.startswith(f"{name}, special card")
    if name == "Mirror":
        assert "copy of the decree card" in label
    else:
        assert "no suit" in label
        rank = Card(name).rank
        assert (f"{rank} with no suit" if rank else "no suit and no rank") in label


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", NAMES)
def test_a_special_card_shows_its_name_its_rank_twice_and_no_suit(theme, name):
    shown = texts(name, theme)
    assert name.upper() in shown
    rank = {"Axe": "8", "Tree": "6", "Fairy": "4", "Crown": "2", "Mirror": "M"}.get(name, "?")
    assert special_rank_label(name) == rank and shown.count(rank) == 2
    if name == "Mirror":    # it copies the decree card, so it does not say "no suit"
        assert "no suit" not in shown and "copies the" in shown and "decree" in shown
    else:
        assert "no suit" in shown


def test_a_note_level_with_the_lower_corner_mark_is_short_enough_to_keep_clear_of_it():
    # The corner marks start 20 units right of the card's middle; at 9 units a character is
    # about 5.4 wide, so a centred line of 7 characters ends about 19 units right of it.
    seen = 0
    for card in SPECIAL_DECK:
        root = parse(card_svg(card))
        low = [t for t in root.iter(SVG + "text") if float(t.get("y")) > 108
               and float(t.get("x")) == 50]
        assert all(len("".join(t.itertext())) <= 7 for t in low), card
        seen += len(low)
    assert seen      # the Mirror's second line


def test_the_no_suit_mark_sits_in_both_corners_of_every_card_but_the_mirror():
    for card in SPECIAL_DECK:
        root = parse(card_svg(card))
        rings = [c for c in root.iter(SVG + "circle")
                 if c.get("fill") == "none" and c.get("r") == "8.6"]
        assert len(rings) == (0 if card.special == "Mirror" else 2), card


def test_each_special_card_has_its_own_emblem_unlike_the_characters():
    assert sorted(SPECIAL_EMBLEMS) == sorted(NAMES)
    drawings = list(SPECIAL_EMBLEMS.values()) + list(EMBLEMS.values())
    assert len(set(drawings)) == len(drawings)
    faces = {card_svg(c) for c in SPECIAL_DECK}
    assert len(faces) == len(SPECIAL_DECK)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_special_cards_have_a_colour_no_suit_of_the_theme_uses(theme):
    colour = special_colour(theme)
    assert colour not in {suit_colour(s, theme) for s in range(3)}
    assert f'stroke="{colour}"' in card_svg("Axe", theme)


# Contrast as WCAG defines it (text on a phone or a projector: at least 4.5:1; dimmed, 3:1).

def _lum(colour):
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a, b):
    hi, lo = sorted((_lum(a), _lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_special_card_text_keeps_at_least_4_5_to_1_contrast(theme):
    for card in SPECIAL_DECK:
        root = parse(card_svg(card, theme))
        paper = next(root.iter(SVG + "rect")).get("fill")
        band = next(r for r in root.iter(SVG + "rect") if r.get("width") == str(BAND_W))
        for t in root.iter(SVG + "text"):
            ground = band.get("fill") if t.text == card.special.upper() else paper
            assert _contrast(t.get("fill"), ground) >= 4.5, (card, t.text)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_dimmed_special_card_keeps_at_least_3_to_1_contrast_under_its_veil(theme):
    def over(colour, veil, alpha):
        mix = [int(colour[i:i + 2], 16) * (1 - alpha) + int(veil[i:i + 2], 16) * alpha
               for i in (1, 3, 5)]
        return "#" + "".join(f"{round(x):02x}" for x in mix)

    for card in SPECIAL_DECK:
        root = parse(card_svg(card, theme, dimmed=True))
        rects = list(root.iter(SVG + "rect"))
        paper = rects[0].get("fill")
        veil = next(r for r in rects[1:] if r.get("width") == "97" and r.get("fill-opacity"))
        alpha, grey = float(veil.get("fill-opacity")), veil.get("fill")
        band = next(r for r in rects if r.get("width") == str(BAND_W)).get("fill")
        for t in root.iter(SVG + "text"):
            ground = band if t.text == card.special.upper() else paper
            assert _contrast(over(t.get("fill"), grey, alpha), over(ground, grey, alpha)) >= 3, \
                (card, t.text)


def test_special_faces_use_no_ids_and_no_emoji():
    for theme in THEMES:
        for card in SPECIAL_DECK:
            text = card_svg(card, theme)
            assert " id=" not in text and "href" not in text
            assert all(ord(ch) < 0x2000 for ch in text), card


def test_suit_cards_are_drawn_as_before_without_the_no_suit_mark():
    for card in DECK:
        assert "no suit" not in texts(card)


# ----------------------------------------------------------------------------- on the table

def crown_scenario(*plays):
    return {"decree": "Tree", "hands": {"A": ["10K", "4B", "Crown"], "B": ["Hammer", "3K", "1M"]},
            "leader": "A", "deck": ["8K", "7M", "2K"], "tricks_won": {"A": 10, "B": 0},
            "modules": {"special": ["Hammer", "Tree", "Crown"]}, "plays": list(plays)}


def titles(svg):
    return [t.text for t in parse(svg).iter(SVG + "title")]


def test_round_svg_with_a_special_decree_card_says_there_is_no_trump():
    rnd = load_round(crown_scenario())
    svg = round_svg(rnd)
    assert "no trump" in [t.text for t in parse(svg).iter(SVG + "text")]
    assert "no trump" in parse(svg).get("aria-label")
    assert "Tree, special card, 6 with no suit" in titles(svg)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_round_svg_with_special_cards_is_well_formed_in_every_theme(theme):
    rnd = load_round(crown_scenario(["crown", "4B"], "Hammer"))
    for _ in range(2):
        assert parse(round_svg(rnd, theme)).get("role") == "img"
        rnd.act(rnd.legal_actions()[0])


def test_round_svg_shows_the_crowned_card_and_its_crown_together_in_the_trick():
    rnd = load_round(crown_scenario(["crown", "4B"]))
    shown = titles(round_svg(rnd))
    # the Crown left A's hand and lies in the trick with the 4 of Bells
    assert shown.count("Crown, special card, 2 with no suit") == 1
    assert "4 of Bells" in shown
    rnd.act(Action.parse("play 1M"))
    shown = titles(round_svg(rnd))
    assert rnd.tricks[-1].extra and shown.count("Crown, special card, 2 with no suit") == 1
    assert "trick 11: A won" in [t.text for t in parse(round_svg(rnd)).iter(SVG + "text")]


def test_round_svg_says_which_special_decision_is_awaited():
    rnd = load_round(crown_scenario(["crown", "4B"], "Hammer"))
    words = [t.text for t in parse(round_svg(rnd)).iter(SVG + "text")]
    assert "name a suit" in words and any("(Hammer: name a suit)" in w for w in words)
    rnd.act(Action.parse("name_suit K"))
    words = [t.text for t in parse(round_svg(rnd)).iter(SVG + "text")]
    assert "play a new card" in words and "led by A" not in words


# ----------------------------------------------------------------------------- the widgets

def test_card_code_reads_special_card_names_in_any_case():
    assert card_code(" axe ") == "Axe" and card_code(Card("Mirror")) == "Mirror"


def test_card_widget_shows_a_special_card_and_counts_its_clicks():
    w = CardWidget("shovel", theme="zsa")
    assert w.card == "Shovel" and w.label == "Shovel, special card, no suit and no rank"
    got = []
    w.on_click(got.append)
    w.click()
    assert got == ["Shovel"] and w.clicks == 1
    assert "SHOVEL" in w._items[0]["body"]


def test_card_row_reports_a_click_on_a_special_card_from_python_and_the_browser():
    row = CardRow(["9M", "Axe", "Potion"], dimmed=["potion"])
    got = []
    row.on_click(got.append)
    row.click("axe")
    row._on_front_end_msg(row, {"event": "click", "card": "Potion"}, [])
    assert got == ["Axe", "Potion"] and row.last_clicked == "Potion"
    assert row.dimmed == ["Potion"] and "(cannot be played now)" in row._items[2]["label"]


def test_a_hand_plays_a_special_card_when_it_is_clicked():
    rnd = load_round(crown_scenario())
    rnd = Round(rnd.start)
    hand = Hand(rnd, 0)
    assert "Crown" in hand.row.cards
    hand.click("Crown")      # played alone, the Crown is a 2 with no suit
    assert rnd.trick == [Card("Crown")] and rnd.to_play == 1
    assert "Crown" not in hand.row.cards
