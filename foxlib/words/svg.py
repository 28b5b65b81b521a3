"""Cards and tables drawn as SVG text (standard library only).

``card_svg(card)`` draws one card face (or its back; ``poison=True`` marks an 8 as a Poison 8,
for rounds played with that module); ``goal_svg(goal)`` draws a goal card (Deluxe goal module);
``round_svg(rnd)`` draws a compact picture of a whole table. Everything is plain shapes and text: suits are drawn as paths (not emoji, which
may be missing offline), so they read the same on every machine, and each suit has both its own
shape and its own colour, so the cards can be told apart without colour. No element ids are used,
so any number of cards can sit in one page. The Deluxe special cards have faces of their own in
the same family: their name, their printed rank (or ? or M), an emblem each and a "no suit"
mark where a suit card shows its suit (``SPECIAL_EMBLEMS``, ``special_colour``).

A theme is a ``Theme`` or its key in ``THEMES``; this module reads no files or forms. Importing
it gives ``Card`` its ``_repr_svg_`` (a notebook shows a card as its drawing).
"""
from __future__ import annotations

import colorsys
import math
from functools import lru_cache
from html import escape

from ..core.cards import DEFAULT_THEME, THEMES, Card, Theme, special_card, theme_named
from .goal_words import describe
from .grammar import count, sentence

CARD_W, CARD_H = 100, 140           # the drawing's own units; ``width`` scales it
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
INK, PAPER, BACK = "#1f2933", "#fffdf6", "#1f4e5f"
SELECT = "#d97706"
#: A card that cannot be played now: its colours lose half their saturation, a light grey veil
#: covers it and a small no-entry badge sits in its corner (the badge's shape says it without
#: colour). Its text stays readable: at least 3:1 against the card (tests/words/test_widgets_svg.py).
VEIL, VEIL_OPACITY, DIM_SATURATION = "#6b7280", 0.25, 0.5
NO_ENTRY = "#b91c1c"

#: One colour per suit position (Bells/Keys/Moons, or Clubs/Hearts/Caps), dark enough for text.
SUIT_COLOURS = {
    "classic": ("#a35f00", "#1d5fa8", "#6b3fa0"),
    "zsa": ("#1f7a3d", "#b42323", "#24324f"),
}


# ----------------------------------------------------------------------------- suit symbols
# Each symbol is drawn in a 24 x 24 box.

def _crescent() -> str:
    # A crescent is the outer circle minus an offset inner circle: walk the outer circle's long
    # way round between the two crossing points, then back along the inner circle.
    (x1, y1, r1), (x2, y2, r2) = (11.0, 12.5, 9.5), (15.5, 9.0, 8.0)
    d = math.hypot(x2 - x1, y2 - y1)
    a = (r1 ** 2 - r2 ** 2 + d ** 2) / (2 * d)
    h = math.sqrt(r1 ** 2 - a ** 2)
    mx, my = x1 + a * (x2 - x1) / d, y1 + a * (y2 - y1) / d
    px, py = mx + h * (y2 - y1) / d, my - h * (x2 - x1) / d
    qx, qy = mx - h * (y2 - y1) / d, my + h * (x2 - x1) / d
    return (f'<path d="M{px:.2f} {py:.2f} A{r1} {r1} 0 1 0 {qx:.2f} {qy:.2f} '
            f'A{r2} {r2} 0 0 1 {px:.2f} {py:.2f} Z"/>')


SUIT_SHAPES = {
    "bell": ('<path d="M12 2.6C8.1 2.6 6.2 5.6 6.2 9.4V13.8C6.2 15.9 4.6 17.2 3.2 18.6H20.8'
             'C19.4 17.2 17.8 15.9 17.8 13.8V9.4C17.8 5.6 15.9 2.6 12 2.6Z"/>'
             '<circle cx="12" cy="20.6" r="2.3"/><circle cx="12" cy="2.2" r="1.5"/>'),
    "key": ('<path fill-rule="evenodd" d="M7 6.6A5.4 5.4 0 1 1 7 17.4A5.4 5.4 0 1 1 7 6.6Z'
            'M7 9.6A2.4 2.4 0 1 0 7 14.4A2.4 2.4 0 1 0 7 9.6Z'
            'M11.9 10.6H22.6V13.4H21.8V17.6H19.3V13.4H18.2V16.2H15.8V13.4H11.9Z"/>'),
    "moon": _crescent(),
    "club": ('<circle cx="12" cy="7" r="4.6"/><circle cx="6.6" cy="13.4" r="4.6"/>'
             '<circle cx="17.4" cy="13.4" r="4.6"/>'
             '<path d="M12 10.5C12.2 15.5 13.6 19 16.2 21.6H7.8C10.4 19 11.8 15.5 12 10.5Z"/>'),
    "heart": ('<path d="M12 21.4C5.4 16.2 2.2 12.6 2.2 8.4C2.2 5.2 4.6 3 7.3 3C9.3 3 11 4.2 12 6'
              'C13 4.2 14.7 3 16.7 3C19.4 3 21.8 5.2 21.8 8.4C21.8 12.6 18.6 16.2 12 21.4Z"/>'),
    "cap": '<rect x="4" y="4" width="16" height="16" rx="1.5"/>',
}
THEME_SHAPES = {"classic": ("bell", "key", "moon"), "zsa": ("club", "heart", "cap")}


def _theme(theme) -> Theme:
    """A ``Theme``, or the key of one in ``THEMES`` (an unknown key is refused with the valid
    ones); a theme read from a file or a form is read by ``foxlib.io.inputs.read_theme``
    first."""
    return theme_named(theme)


def suit_colour(suit, theme=DEFAULT_THEME) -> str:
    theme = _theme(theme)
    return SUIT_COLOURS.get(theme.key, SUIT_COLOURS["classic"])[int(suit)]


def muted(colour: str, keep: float = DIM_SATURATION) -> str:
    """``colour`` ('#rrggbb') with only ``keep`` of its saturation (same hue and lightness)."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, light, sat = colorsys.rgb_to_hls(r, g, b)
    return "#" + "".join(f"{round(x * 255):02x}" for x in colorsys.hls_to_rgb(h, light, sat * keep))


def suit_shape(suit, theme=DEFAULT_THEME) -> str:
    theme = _theme(theme)
    return THEME_SHAPES.get(theme.key, THEME_SHAPES["classic"])[int(suit)]


def _symbol(suit, theme, x, y, size, fill) -> str:
    """The suit's shape with its top-left corner at (x, y), ``size`` units wide."""
    s = size / 24
    return (f'<g transform="translate({x:g} {y:g}) scale({s:.4g})" fill="{fill}">'
            f'{SUIT_SHAPES[suit_shape(suit, theme)]}</g>')


def suit_svg(suit, theme=DEFAULT_THEME, size: int = 16) -> str:
    """A small stand-alone suit symbol, for text such as 'Trump: (symbol) Moons'."""
    theme = _theme(theme)
    name = theme.suit_names[int(suit)]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="{size}" '
            f'height="{size}" role="img" aria-label="{name}" class="fox-suit">'
            f"<title>{name}</title>"
            f"{_symbol(suit, theme, 0, 0, 24, suit_colour(suit, theme))}</svg>")


# ----------------------------------------------------------------------------- characters
# Each emblem is drawn in a 48 x 48 box with the suit colour (``{c}``) and paper (``{p}``).

EMBLEMS = {
    1: ('<path fill="{c}" d="M6 31C9 27 15 26.5 21 29.5C24 31 27.5 31 30 29L34 25C35 31 31 40 20 40'
        'C12 40 7 36.5 6 31Z"/>'
        '<path fill="none" stroke="{c}" stroke-width="4" stroke-linecap="round" '
        'd="M27 30C22 23 19.5 17 22.5 11.5C25 7 30.5 8 31 12"/>'
        '<path fill="{c}" d="M29.5 10.5L38.5 13.5L30.5 15Z"/>'
        '<path fill="none" stroke="{p}" stroke-width="1.6" stroke-linecap="round" '
        'd="M12 32.5C16 31.5 20 33 23 35"/>'),
    3: ('<path fill="{c}" d="M5 5L17 14H31L43 5L41.5 22L24 43L6.5 22Z"/>'
        '<path fill="{p}" d="M9.5 10.5L15 15L11 19Z M38.5 10.5L33 15L37 19Z"/>'
        '<path fill="{p}" d="M11 24C16 26 20 30 24 36C28 30 32 26 37 24L24 40.5Z"/>'
        '<ellipse fill="{p}" cx="17" cy="21.5" rx="2.6" ry="1.7"/>'
        '<ellipse fill="{p}" cx="31" cy="21.5" rx="2.6" ry="1.7"/>'
        '<circle fill="{c}" cx="24" cy="39" r="2.4"/>'),
    5: ('<path fill="none" stroke="{c}" stroke-width="4.2" stroke-linecap="round" '
        'd="M12 44L30 9"/>'
        '<path fill="{c}" d="M25 7L34 3.5C41 7 44 15 42 24L31.5 17Z"/>'
        '<path fill="none" stroke="{p}" stroke-width="1.4" d="M35.5 7.5C39 11 40.5 16 40 20"/>'),
    7: ('<path fill="{c}" d="M6 21V17C6 10 42 10 42 17V21Z"/>'
        '<rect fill="{c}" x="6" y="22.5" width="36" height="19" rx="2"/>'
        '<rect fill="{p}" x="6" y="26" width="36" height="2.2"/>'
        '<rect fill="{p}" x="20.5" y="19" width="7" height="10" rx="1.5"/>'
        '<circle fill="{c}" cx="24" cy="23" r="1.5"/>'
        '<path fill="{c}" d="M22.5 23.5H25.5L24.8 27H23.2Z"/>'),
    9: ('<ellipse fill="{c}" cx="24" cy="39" rx="21" ry="4.6"/>'
        '<path fill="{c}" d="M12.5 38L23.5 9C25 5 30.5 3.5 34 6.5L31.5 9L35.5 38Z"/>'
        '<path fill="{p}" d="M14.6 32.5H33.6L34.2 36H13.4Z"/>'
        '<path fill="{c}" d="M38 10L39.2 13.1L42.4 13.3L39.9 15.3L40.8 18.4L38 16.6L35.2 18.4'
        'L36.1 15.3L33.6 13.3L36.8 13.1Z"/>'),
    11: ('<path fill="{c}" d="M5 36V14L15 24L24 8L33 24L43 14V36Z"/>'
         '<rect fill="{c}" x="5" y="37.5" width="38" height="5" rx="1"/>'
         '<circle fill="{p}" cx="24" cy="27.5" r="2.8"/><circle fill="{p}" cx="14" cy="30" r="2"/>'
         '<circle fill="{p}" cx="34" cy="30" r="2"/><circle fill="{c}" cx="24" cy="6.5" r="2.5"/>'
         '<circle fill="{c}" cx="5" cy="12.5" r="2.3"/>'
         '<circle fill="{c}" cx="43" cy="12.5" r="2.3"/>'),
}


# ----------------------------------------------------------------------------- one card

def _text(x, y, size, body, *, anchor="middle", weight="700", fill=INK, extra="") -> str:
    return (f'<text x="{x:g}" y="{y:g}" font-family="{FONT}" font-size="{size:g}" '
            f'font-weight="{weight}" text-anchor="{anchor}" fill="{fill}"{extra}>'
            f'{escape(body)}</text>')


def _index(card: Card, theme: Theme, colour: str) -> str:
    """Rank and suit in one corner; drawn twice, the second copy turned upside down. A rank of
    two digits is set smaller and closer, so it stays clear of the card's edge."""
    rank = theme.rank_label(card.rank)
    if len(rank) < 2:
        number = _text(13, 26, 22, rank, fill=colour)
    else:
        number = _text(14, 25, 15, rank, fill=colour, extra=' letter-spacing="-0.8"')
    return number + _symbol(card.suit, theme, 5.5, 30, 15, colour)


#: The name band of a character or special card: wide, and between the corner indexes (the
#: top-left one ends at y 45, the bottom-right one starts at y 95), so it touches neither.
BAND_X, BAND_Y, BAND_W, BAND_H = 12, 76, 76, 16


def _band(colour: str, name: str, size: float, spacing: float, notes=()) -> str:
    """The name band and the notes under it, in a group of class ``fox-card-words``: where a
    card is drawn too small to read them, a page's style may hide that group (the emblem and
    the corners still say which card it is)."""
    parts = [f'<rect x="{BAND_X}" y="{BAND_Y}" width="{BAND_W}" height="{BAND_H}" rx="3" '
             f'fill="{colour}"/>',
             _text(50, BAND_Y + BAND_H / 2 + size * 0.36, size, name, fill=PAPER,
                   extra=f' letter-spacing="{spacing:g}"')]
    parts += [_text(50, BAND_Y + BAND_H + 11 + 9.5 * i, 9, note, fill=colour, weight="600")
              for i, note in enumerate(notes)]
    return f'<g class="fox-card-words">{"".join(parts)}</g>'


#: Poison 8s: a dark band with the word POISON and a drop with a cross (the word and the shape
#: say it without colour).
POISON_INK = "#14261a"
POISON_DROP = ('<path d="M12 2C12 2 4.5 11 4.5 15.5A7.5 7.5 0 0 0 19.5 15.5C19.5 11 12 2 12 2Z"/>')


def is_poison(card, poison: bool) -> bool:
    """Whether ``card`` is drawn as a Poison 8: the suited 8s, when the Poison 8s module is on (the
    Axe, a special card of rank 8, is never poisonous: ruling P8)."""
    if not poison or card is None:
        return False
    card = Card(card)
    return card.special is None and card.rank == 8


def _poison_mark(colour: str) -> str:
    """The drop, the POISON band and a dashed frame around the middle panel (inside it, off
    the corner numbers)."""
    ink = POISON_INK
    return (f'<rect x="23" y="8" width="54" height="124" rx="6" fill="none" stroke="{ink}" '
            f'stroke-width="1.6" stroke-dasharray="5 3"/>'
            f'<g transform="translate(38 50)" fill="{ink}">{POISON_DROP}</g>'
            f'<path d="M9.8 62.2L16.2 68.6M16.2 62.2L9.8 68.6" transform="translate(37 0)" '
            f'stroke="{PAPER}" stroke-width="2" stroke-linecap="round"/>'
            f'<rect x="{BAND_X + 4}" y="{BAND_Y}" width="{BAND_W - 8}" height="{BAND_H + 1}" '
            f'rx="3" fill="{ink}"/>'
            + _text(50, BAND_Y + 12.8, 11.5, "POISON", fill=PAPER, extra=' letter-spacing="0.5"'))


def _face(card: Card, theme: Theme, dimmed: bool = False, poison: bool = False) -> str:
    if card.special:
        return _special_face(card, theme, dimmed)
    colour = suit_colour(card.suit, theme)
    if dimmed:
        colour = muted(colour)
    parts = [f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{PAPER}" '
             f'stroke="{colour}" stroke-width="2.2"/>',
             f'<rect x="23" y="8" width="54" height="124" rx="6" fill="{colour}" '
             f'fill-opacity="0.07" stroke="{colour}" stroke-opacity="0.45" stroke-width="0.8"/>',
             _index(card, theme, colour),
             f'<g transform="rotate(180 50 70)">{_index(card, theme, colour)}</g>']
    if card.character:
        emblem = EMBLEMS[card.rank].format(c=colour, p=PAPER)
        parts.append(f'<g transform="translate(32 22) scale(0.75)">{emblem}</g>')
        parts.append(_symbol(card.suit, theme, 43.5, 60, 13, colour))
        name = card.character
        parts.append(_band(colour, name, 11.5 if len(name) < 9 else 10.5, 0.2))
    elif poison and card.rank == 8:
        parts.append(_symbol(card.suit, theme, 35, 17, 30, colour))
        parts.append(_poison_mark(colour))
    else:
        parts.append(_symbol(card.suit, theme, 30, 38, 40, colour))
        parts.append(_text(50, 106, 18, theme.rank_label(card.rank), fill=colour,
                           weight="600", extra=' fill-opacity="0.55"'))
    return "".join(parts)


# ----------------------------------------------------------------------------- special cards
# The Deluxe box's nine special cards. They share the suit cards' frame, corners and name band,
# in a colour no suit of the theme uses, with a double frame; where a suit card shows its suit,
# they show a "no suit" mark (a ring crossed out) in the corners and the words "no suit" under
# the name. The Mirror shows "M" and "copies the decree" instead (it counts as the decree card).

#: One colour per theme for the special cards, unlike any of that theme's suit colours.
SPECIAL_COLOURS = {"classic": "#2f6b45", "zsa": "#7a3f8f"}

#: The "no suit" mark, in a 24 x 24 box: a ring with a stroke across it.
NO_SUIT = ('<circle cx="12" cy="12" r="8.6" fill="none" stroke="{c}" stroke-width="2.6"/>'
           '<path d="M5.9 18.1L18.1 5.9" stroke="{c}" stroke-width="2.6" '
           'stroke-linecap="round"/>')

#: Each special card's emblem, drawn in a 48 x 48 box like the characters' (``{c}`` the card's
#: colour, ``{p}`` paper). Plain shapes of our own.
SPECIAL_EMBLEMS = {
    # a double-bitted axe on a straight handle (the Woodcutter's axe has one blade)
    "Axe": ('<rect fill="{c}" x="22" y="4" width="4" height="41" rx="1.6"/>'
            '<path fill="{c}" d="M21 9C14 6 7 10 4.5 19C7 28 14 31.5 21 27Z"/>'
            '<path fill="{c}" d="M27 9C34 6 41 10 43.5 19C41 28 34 31.5 27 27Z"/>'
            '<path fill="none" stroke="{p}" stroke-width="1.3" '
            'd="M9 13C7.5 16 7.5 22 9 25M39 13C40.5 16 40.5 22 39 25"/>'),
    # a fir tree of three tiers on a trunk
    "Tree": ('<path fill="{c}" d="M24 3L35 15.5H29.5L39 27H32.5L42.5 38.5H5.5L15.5 27H9L18.5 '
             '15.5H13Z"/>'
             '<rect fill="{c}" x="20.5" y="38" width="7" height="8" rx="1"/>'
             '<path fill="none" stroke="{p}" stroke-width="1.3" stroke-linecap="round" '
             'd="M19 21L24 17L29 21M16 32.5L24 27.5L32 32.5"/>'),
    # a small figure with two pairs of wings
    "Fairy": ('<ellipse fill="{c}" fill-opacity="0.55" cx="14" cy="17" rx="10" ry="6.5" '
              'transform="rotate(-28 14 17)"/>'
              '<ellipse fill="{c}" fill-opacity="0.55" cx="34" cy="17" rx="10" ry="6.5" '
              'transform="rotate(28 34 17)"/>'
              '<ellipse fill="{c}" fill-opacity="0.55" cx="16.5" cy="31" rx="7" ry="4.6" '
              'transform="rotate(30 16.5 31)"/>'
              '<ellipse fill="{c}" fill-opacity="0.55" cx="31.5" cy="31" rx="7" ry="4.6" '
              'transform="rotate(-30 31.5 31)"/>'
              '<circle fill="{c}" cx="24" cy="9" r="4"/>'
              '<path fill="{c}" d="M21.5 14H26.5L28 38L24 45L20 38Z"/>'
              '<path fill="none" stroke="{c}" stroke-width="1.6" stroke-linecap="round" '
              'd="M27 20L36 5"/><circle fill="{c}" cx="36.5" cy="4.5" r="2"/>'),
    # a five-pointed crown with a round jewel (the Monarch's has three points)
    "Crown": ('<path fill="{c}" d="M7 36L5 14L14.5 23L18.5 9L24 19L29.5 9L33.5 23L43 14L41 36Z"/>'
              '<rect fill="{c}" x="6" y="37.5" width="36" height="6" rx="1.5"/>'
              '<circle fill="{c}" cx="5" cy="12" r="2.4"/><circle fill="{c}" cx="18.5" cy="7" '
              'r="2.4"/><circle fill="{c}" cx="29.5" cy="7" r="2.4"/>'
              '<circle fill="{c}" cx="43" cy="12" r="2.4"/>'
              '<circle fill="{p}" cx="24" cy="29" r="3.6"/>'
              '<circle fill="{p}" cx="13" cy="31" r="1.8"/><circle fill="{p}" cx="35" cy="31" '
              'r="1.8"/><rect fill="{p}" x="10" y="39.7" width="28" height="1.6"/>'),
    # a hand mirror with a glint
    "Mirror": ('<ellipse fill="{c}" cx="24" cy="18" rx="14" ry="15.5"/>'
               '<ellipse fill="{p}" cx="24" cy="18" rx="10.5" ry="12"/>'
               '<path fill="none" stroke="{c}" stroke-width="1.8" stroke-linecap="round" '
               'd="M17.5 15C18 11 20.5 8.5 24 8M18 20.5L19 19.5"/>'
               '<rect fill="{c}" x="21" y="32" width="6" height="14" rx="2.4"/>'),
    # a bow with its string and an arrow
    "Bow": ('<path fill="none" stroke="{c}" stroke-width="4.2" stroke-linecap="round" '
            'd="M15 4C33 12 33 36 15 44"/>'
            '<path fill="none" stroke="{c}" stroke-width="1.3" d="M15 4V44"/>'
            '<path fill="none" stroke="{c}" stroke-width="2.6" d="M7 24H38"/>'
            '<path fill="{c}" d="M45 24L36 19V29Z"/>'
            '<path fill="none" stroke="{c}" stroke-width="2" stroke-linecap="round" '
            'd="M8 24L3.5 19.5M8 24L3.5 28.5M12 24L7.5 19.5M12 24L7.5 28.5"/>'),
    # a hammer: a heavy head on a handle
    "Hammer": ('<rect fill="{c}" x="7" y="5" width="34" height="13" rx="2.5"/>'
               '<rect fill="{p}" x="10" y="9.8" width="28" height="1.8"/>'
               '<rect fill="{c}" x="20.5" y="17" width="7" height="28" rx="2.2"/>'
               '<rect fill="{p}" x="22.7" y="36" width="2.6" height="6" rx="1"/>'),
    # a round flask with a cork, bubbles and a highlight
    "Potion": ('<rect fill="{c}" x="17" y="2.5" width="14" height="6" rx="1.8"/>'
               '<path fill="{c}" d="M19.5 8H28.5V19.5C35 21.5 39 26.5 39 32.5C39 40.5 32.3 46 24 '
               '46C15.7 46 9 40.5 9 32.5C9 26.5 13 21.5 19.5 19.5Z"/>'
               '<path fill="{p}" d="M12.6 31H35.4C35.4 31.5 35.4 32 35.4 32.5C35.4 38 30.3 42.4 '
               '24 42.4C17.7 42.4 12.6 38 12.6 32.5Z" fill-opacity="0.35"/>'
               '<circle fill="{p}" cx="21" cy="35.5" r="2"/><circle fill="{p}" cx="27.5" '
               'cy="37.5" r="1.4"/><circle fill="{p}" cx="25" cy="27" r="1.2"/>'
               '<path fill="none" stroke="{p}" stroke-width="1.6" stroke-linecap="round" '
               'd="M14.5 27C15.5 25 17 24 18.5 23.3"/>'),
    # a spade: a T grip, a shaft and a pointed blade
    "Shovel": ('<rect fill="{c}" x="15" y="3" width="18" height="5" rx="2.5"/>'
               '<rect fill="{c}" x="21.8" y="6" width="4.4" height="22"/>'
               '<path fill="{c}" d="M13.5 26.5H34.5V35C34.5 40 30 44 24 46.5C18 44 13.5 40 13.5 '
               '35Z"/>'
               '<path fill="none" stroke="{p}" stroke-width="1.4" stroke-linecap="round" '
               'd="M24 30.5V41"/>'),
}


def special_colour(theme=DEFAULT_THEME) -> str:
    """The colour of the special cards in ``theme``: one no suit of that theme uses."""
    return SPECIAL_COLOURS.get(_theme(theme).key, SPECIAL_COLOURS["classic"])


def special_rank_label(card) -> str:
    """What a special card's corners show: its printed rank, '?' (no rank) or 'M' (the
    Mirror, which copies the decree card)."""
    card = Card(card)
    if card.special == "Mirror":
        return "M"
    return "?" if card.rank is None else str(card.rank)


def _special_index(card: Card, colour: str) -> str:
    """A special card's corner: its rank (or ? or M) over the "no suit" mark (the Mirror has
    no mark: it takes the decree card's suit)."""
    label = special_rank_label(card)
    parts = [_text(13.5, 26, 17 if label == "M" else 22, label, fill=colour)]
    if card.special != "Mirror":
        parts.append(f'<g transform="translate(4.5 30.5) scale(0.7)">'
                     f'{NO_SUIT.format(c=colour)}</g>')
    return "".join(parts)


def _special_face(card: Card, theme: Theme, dimmed: bool = False) -> str:
    colour = special_colour(theme)
    if dimmed:
        colour = muted(colour)
    emblem = SPECIAL_EMBLEMS[card.special].format(c=colour, p=PAPER)
    # The second line is level with the lower corner mark: kept short, clear of it.
    notes = ("copies the", "decree") if card.special == "Mirror" else ("no suit",)
    # The dashed second frame hugs the outer one, off the corner marks.
    return "".join([
        f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{PAPER}" '
        f'stroke="{colour}" stroke-width="2.2"/>',
        f'<rect x="4" y="4" width="92" height="132" rx="7" fill="none" stroke="{colour}" '
        f'stroke-width="0.9" stroke-dasharray="3 2"/>',
        f'<rect x="23" y="8" width="54" height="124" rx="6" fill="{colour}" '
        f'fill-opacity="0.07" stroke="{colour}" stroke-opacity="0.45" stroke-width="0.8"/>',
        _special_index(card, colour),
        f'<g transform="rotate(180 50 70)">{_special_index(card, colour)}</g>',
        f'<g transform="translate(29 26) scale(0.875)">{emblem}</g>',
        _band(colour, card.special.upper(), 11.5, 0.6, notes),
    ])


def _back() -> str:
    lines = []
    x0, y0, x1, y1, step = 8.0, 8.0, 92.0, 132.0, 10.0
    # Diagonal lattice clipped by hand to the inner frame (no clipPath: no ids needed).
    for k in range(-14, 26):
        c = x0 + k * step            # line x - y = c - y0 (down-right) and x + y = c + y0
        for sign in (1, -1):
            pts = []
            for y in (y0, y1):
                x = c + sign * (y - y0)
                if x0 <= x <= x1:
                    pts.append((x, y))
            for x in (x0, x1):
                y = y0 + sign * (x - c)
                if y0 <= y <= y1:
                    pts.append((x, y))
            pts = sorted(set((round(px, 2), round(py, 2)) for px, py in pts))
            if len(pts) >= 2:
                (ax, ay), (bx, by) = pts[0], pts[-1]
                lines.append(f"M{ax:g} {ay:g}L{bx:g} {by:g}")
    fox = EMBLEMS[3].format(c=BACK, p=PAPER)
    return (f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{BACK}" '
            f'stroke="{INK}" stroke-width="2"/>'
            f'<rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="{PAPER}" '
            f'stroke-opacity="0.5" stroke-width="1"/>'
            f'<path d="{"".join(lines)}" stroke="{PAPER}" stroke-opacity="0.18" '
            f'stroke-width="1.2" fill="none"/>'
            f'<circle cx="50" cy="70" r="24" fill="{PAPER}" stroke="{BACK}" stroke-width="2"/>'
            f'<g transform="translate(33 53) scale(0.71)">{fox}</g>')


_SELECTED = (f'<rect x="-1.5" y="-1.5" width="103" height="143" rx="11" fill="none" '
             f'stroke="{SELECT}" stroke-width="5"/>'
             f'<circle cx="86" cy="14" r="10" fill="{SELECT}" stroke="{PAPER}" stroke-width="2"/>'
             f'<path d="M80.5 14.2L84.6 18.2L91.6 10" fill="none" stroke="{PAPER}" '
             'stroke-width="2.8" stroke-linecap="round" stroke-linejoin="round"/>')
# Dimmed: a light veil (the text stays readable) and a no-entry badge, so the state shows
# without colour; the face under it is drawn in muted colours.
_DIMMED = (f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{VEIL}" '
           f'fill-opacity="{VEIL_OPACITY}"/>'
           f'<circle cx="86" cy="14" r="11" fill="{NO_ENTRY}" stroke="{PAPER}" '
           'stroke-width="2"/>'
           f'<rect x="79" y="12" width="14" height="4" rx="1" fill="{PAPER}"/>')


def card_label(card, theme=DEFAULT_THEME, face_down: bool = False, poison: bool = False) -> str:
    """The accessible name of a card as drawn: '9 of Moons, Witch', '8 of Moons, a Poison 8'
    (``poison``: the Poison 8s module is on) or 'Face-down card'."""
    if face_down:
        return "Face-down card"
    label = Card(card).label(_theme(theme))
    return f"{label}, a Poison 8" if is_poison(card, poison) else label


def card_body(card, theme=DEFAULT_THEME, *, face_down=False, selected=False, dimmed=False,
              poison=False) -> str:
    """The inside of a card drawing, in 100 x 140 units, with a <title> for tooltips.
    ``poison``: the Poison 8s module is on (an 8 is drawn as a Poison 8)."""
    theme = _theme(theme)
    card = None if face_down else Card(card)
    return _card_body(card, theme.key, bool(selected), bool(dimmed and not face_down),
                      is_poison(card, poison))


@lru_cache(maxsize=512)
def _card_body(card, theme_key, selected, dimmed, poison=False) -> str:
    theme = THEMES[theme_key]
    label = card_label(card, theme, card is None, poison)
    body = _back() if card is None else _face(card, theme, dimmed, poison)
    return (f"<title>{escape(label)}</title>{body}"
            f"{_DIMMED if dimmed else ''}{_SELECTED if selected else ''}")


def card_svg(card, theme=DEFAULT_THEME, *, width: float = 100, face_down: bool = False,
             selected: bool = False, dimmed: bool = False, poison: bool = False) -> str:
    """One card as a complete <svg> element, ``width`` pixels wide (height is 1.4 times that).
    ``poison``: the Poison 8s module is on, so an 8 is drawn and labelled as a Poison 8."""
    theme = _theme(theme)
    label = escape(card_label(card, theme, face_down, poison))
    state = " selected" if selected else ""
    state += " dimmed" if dimmed and not face_down else ""
    state += " poison" if not face_down and is_poison(card, poison) else ""
    body = card_body(card, theme, face_down=face_down, selected=selected, dimmed=dimmed,
                     poison=poison)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-3 -3 106 146" '
            f'width="{width:g}" height="{width * 1.4:g}" role="img" aria-label="{label}" '
            f'class="fox-card-svg{state}">{body}</svg>')


# ----------------------------------------------------------------------------- goal cards

GOAL_W, GOAL_H = 180, 150
#: The frame of a goal card: house goals (this project's own) and goal cards typed in from
#: the box differ in colour and, without colour, in the word at the top.
GOAL_COLOURS = {"house": "#0f5f5a", "printed": "#7a3b0c"}
GOAL_GAIN, GOAL_LOSS = "#1f6f2b", "#a11d1d"


def _wrap(text: str, chars: int, lines: int) -> list:
    """``text`` cut into at most ``lines`` lines of about ``chars`` characters (an ellipsis
    ends a text that does not fit)."""
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > chars:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][:max(1, chars - 1)].rstrip() + "\u2026"
    return out


def goal_label(goal, theme=DEFAULT_THEME, note: str = "") -> str:
    """The accessible name of a goal card: 'House goal “Swan song”: Win a trick with
    a Swan: +3 points once.' (then ``note``, e.g. 'Claimed by You.')."""
    theme = _theme(theme)
    text = f"{sentence(goal.label)} \u201c{goal.title}\u201d: {goal.words(theme)}"
    return f"{text} {note}" if note else text


def _once_mark(colour: str) -> str:
    # One circle with a 1 in it: claimed once.
    return (f'<circle cx="12" cy="12" r="9.5" fill="none" stroke="{colour}" stroke-width="2.4"/>'
            + _text(12, 16.6, 13, "1", fill=colour))


def _ongoing_mark(colour: str) -> str:
    # A loop with an arrow head: triggers again and again.
    return (f'<path d="M19.5 12A7.5 7.5 0 1 1 15.8 5.5" fill="none" stroke="{colour}" '
            'stroke-width="2.6" stroke-linecap="round"/>'
            f'<path d="M13.2 1.6L20.6 4.6L14.6 9.8Z" fill="{colour}"/>')


def goal_svg(goal, theme=DEFAULT_THEME, *, width: float = 180, note: str = "",
             dimmed: bool = False) -> str:
    """A goal card (``foxlib.engine.goals.Goal``) as a complete <svg> element, ``width`` pixels wide:
    the word HOUSE GOAL or GOAL CARD at the top, the points in a badge (a gain or a loss), the
    title, what it asks in plain words (in the theme's suit names), and ONCE or ONGOING with
    its own mark. ``note`` is written in a band at the bottom (such as 'claimed by You');
    ``dimmed`` veils a card that has left the table. Labelled for screen readers."""
    theme = _theme(theme)
    frame = GOAL_COLOURS["house" if goal.house else "printed"]
    if dimmed:
        frame = muted(frame)
    w, h = GOAL_W, GOAL_H
    label = goal_label(goal, theme, note)
    points = goal.points
    sign = "+" if points > 0 else "\u2212" if points < 0 else ""
    badge = GOAL_GAIN if points >= 0 else GOAL_LOSS
    words = goal.text or sentence(describe(goal.condition, theme))
    kind_y = h - (34 if note else 12)
    title_lines = _wrap(goal.title, 14, 2)
    room = int((kind_y - 16 - (46 + 17 * len(title_lines))) // 15) + 1
    word_lines = _wrap(words, 25, max(1, room))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 {w + 4} {h + 4}" '
             f'width="{width:g}" height="{width * (h + 4) / (w + 4):.4g}" role="img" '
             f'aria-label="{escape(label)}" class="fox-goal-svg'
             f'{" house" if goal.house else " printed"}{" dimmed" if dimmed else ""}">'
             f"<title>{escape(label)}</title>",
             f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="10" fill="{PAPER}" '
             f'stroke="{frame}" stroke-width="2.4"/>',
             f'<path d="M1 11A10 10 0 0 1 11 1H{w - 11}A10 10 0 0 1 {w - 1} 11V24H1Z" '
             f'fill="{frame}"/>',
             _text(10, 17.5, 11.5, "HOUSE GOAL" if goal.house else "GOAL CARD", anchor="start",
                   fill=PAPER, extra=' letter-spacing="1"')]
    # The points: a round badge, green for a gain, red for a loss (and the sign says it).
    parts.append(f'<circle cx="{w - 22}" cy="25" r="17" fill="{badge}" stroke="{PAPER}" '
                 'stroke-width="2.5"/>')
    parts.append(_text(w - 22, 31, 17 if abs(points) < 10 else 13, f"{sign}{abs(points)}",
                       fill=PAPER))
    y = 45
    for line in title_lines:
        parts.append(_text(10, y, 15, line, anchor="start", fill=INK))
        y += 17
    y += 1
    for line in word_lines:
        parts.append(_text(10, y, 12.5, line, anchor="start", weight="500", fill=INK))
        y += 15
    mark = _once_mark(frame) if goal.kind == "once" else _ongoing_mark(frame)
    parts.append(f'<g transform="translate(8 {kind_y - 15}) scale(0.8)">{mark}</g>')
    kind_words = "ONCE" if goal.kind == "once" else "ONGOING \u00b7 EACH TIME"
    parts.append(_text(30, kind_y, 10.5, kind_words, anchor="start", fill=frame,
                       extra=' letter-spacing="0.4"'))
    if note:
        parts.append(f'<rect x="6" y="{h - 26}" width="{w - 12}" height="20" rx="4" '
                     f'fill="{INK}"/>')
        parts.append(_text(w / 2, h - 11.5, 12, _wrap(note, 28, 1)[0], fill=PAPER))
    if dimmed:
        parts.append(f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="10" '
                     f'fill="{VEIL}" fill-opacity="{VEIL_OPACITY}"/>')
    parts.append("</svg>")
    return "".join(parts)


# ----------------------------------------------------------------------------- a whole table

def _place(card, theme, x, y, w, face_down=False, dimmed=False) -> str:
    s = w / CARD_W
    return (f'<g transform="translate({x:g} {y:g}) scale({s:.4g})">'
            f'{card_body(card, theme, face_down=face_down, dimmed=dimmed)}</g>')


def round_svg(rnd, theme=None, *, width: int = 620) -> str:
    """A compact, all-seeing picture of a round: both hands, the trick, decree, deck and scores.

    This shows hidden cards (it is a picture of the whole state, for study), so games against
    the computer use the widgets, which show only what the player may see.
    """
    theme = _theme(theme or getattr(rnd, "theme", DEFAULT_THEME))
    cw, gap = 36, 4
    ch = cw * 1.4
    height = 2 * (ch + 26) + ch + 44
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:g}" '
           f'width="{width}" height="{height:g}" role="img" '
           f'aria-label="{escape(_round_summary(rnd, theme))}" class="fox-round-svg">',
           f'<rect width="{width}" height="{height:g}" rx="10" fill="#eef4ee"/>']
    legal = set(rnd.legal_cards()) if rnd.to_play is not None else set()
    rows = ((1, 8), (0, height - ch - 8))
    for p, y in rows:
        hand = sorted(rnd.hands[p])
        label_y = y + ch + 16 if p == 1 else y - 8
        turn = " \u2190 to play" if rnd.to_play == p else ""
        extra = _phase_note(rnd.phase) if rnd.to_play == p else ""
        out.append(_text(10, label_y, 12, f"{rnd.name(p)}: {count(len(hand), 'card')}, "
                         f"{count(rnd.tricks_won[p], 'trick')}, "
                         f"{count(rnd.score[p], 'point')}{turn}{extra}",
                         anchor="start", weight="600"))
        for i, card in enumerate(hand):
            dim = rnd.to_play == p and rnd.phase == "play" and card not in legal
            out.append(_place(card, theme, 10 + i * (cw + gap), y, cw, dimmed=dim))
    mid = ch + 34
    out.append(_place(rnd.decree, theme, 10, mid, cw))
    out.append(_text(52, mid + 16, 11, "decree", anchor="start", weight="400"))
    out.append(_text(52, mid + 30, 12, _trump_words(rnd.decree, theme), anchor="start"))
    if rnd.deck:
        out.append(_place(None, theme, 140, mid, cw, face_down=True))
    out.append(_text(182, mid + 30, 11, f"deck: {len(rnd.deck)}", anchor="start", weight="400"))
    tx = width / 2 + 20
    if rnd.trick:
        crowned = getattr(rnd, "sp", {}).get("crowned")
        x = tx
        for card in rnd.trick:
            x = _trick_card(out, card, theme, x, mid, cw, card is crowned) + gap
        if len(rnd.trick) == 1 and rnd.to_play != rnd.leader and rnd.phase == "play":
            out.append(_text(x + 4, mid + 30, 11, f"led by {rnd.name(rnd.leader)}",
                             anchor="start", weight="400"))
        elif rnd.to_play is not None:     # a special card's decision in the trick
            out.append(_text(x + 4, mid + 22, 11, f"{rnd.name(rnd.to_play)} to",
                             anchor="start", weight="400"))
            out.append(_text(x + 4, mid + 36, 11, _PENDING.get(rnd.phase, rnd.phase),
                             anchor="start", weight="400"))
    elif rnd.tricks:
        last = rnd.tricks[-1]
        x = tx
        for i, card in enumerate(last.cards):
            x = _trick_card(out, card, theme, x, mid, cw,
                            bool(last.extra) and last.rule.crowned == i) + gap
        out.append(_text(x + 4, mid + 22, 11, f"trick {last.number}: "
                         f"{rnd.name(last.winner)} won", anchor="start", weight="400"))
        out.append(_text(x + 4, mid + 36, 11,
                         f"{rnd.name(last.next_leader)} leads", anchor="start", weight="400"))
    if rnd.is_over:
        out.append(_text(tx, mid + 30, 13, "round over", anchor="start"))
    out.append("</svg>")
    return "".join(out)


def _round_summary(rnd, theme) -> str:
    who = "round over" if rnd.to_play is None else f"{rnd.name(rnd.to_play)} to {rnd.phase}"
    return (f"Table: decree {rnd.decree.label(theme)}, {_trump_words(rnd.decree, theme)}; trick "
            f"{len(rnd.tricks) + (0 if rnd.is_over else 1)}; {who}; tricks "
            f"{rnd.name(0)} {rnd.tricks_won[0]}, {rnd.name(1)} {rnd.tricks_won[1]}.")


# ----------------------------------------------------------------------------- on the table

#: What the player to move is deciding, for the table's captions (the base game's two
#: decisions and the special cards' ones).
_PENDING = {"play": "play", "exchange": "decide on the Fox", "discard": "discard a card",
            "crown": "play", "name_suit": "name a suit", "replace": "play a new card",
            "fairy_take": "take a card or not", "fairy_give": "give a card back",
            "dig": "dig or not", "potion_discard": "put a card under",
            "potion_play": "play a drawn card"}
_PHASE_NOTES = {"exchange": " (Fox: exchange?)", "discard": " (Woodcutter: discard)",
                "name_suit": " (Hammer: name a suit)", "replace": " (Hammer: new card)",
                "fairy_take": " (Fairy: take a card?)", "fairy_give": " (Fairy: give a card)",
                "dig": " (Shovel: dig?)", "potion_discard": " (Potion: card to put under)",
                "potion_play": " (Potion: card to play)"}


def _phase_note(phase) -> str:
    return _PHASE_NOTES.get(phase, "")


def _trump_words(decree, theme) -> str:
    """'Moons trump', or 'no trump' when the decree card is a special card (rulings SC6)."""
    return "no trump" if decree.suit is None else f"{theme.suit_names[decree.suit]} trump"


def _trick_card(out: list, card, theme, x, y, w, crowned: bool) -> float:
    """Draw a card of the trick at ``x`` and return where it ends. A crowned card lies over
    its Crown, which shows on its left, so the two read as one play (rulings SC10)."""
    if crowned:
        out.append(_place(special_card("Crown"), theme, x, y, w))
        x += w * 0.5
    out.append(_place(card, theme, x, y, w))
    return x + w


# ----------------------------------------------------------------------------- in a notebook

def _card_repr_svg(card: Card) -> str:
    """A card shows as its drawing in a notebook."""
    return card_svg(card)


# ``foxlib.core.cards`` imports nothing above it, so the drawing is given to ``Card`` here, when
# this module is imported (``import foxlib`` imports it).
Card._repr_svg_ = _card_repr_svg
