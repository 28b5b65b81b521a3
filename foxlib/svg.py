"""Cards and tables drawn as SVG text (standard library only).

``card_svg(card)`` draws one card face (or its back; ``poison=True`` marks an 8 as a Poison 8,
for rounds played with that module); ``goal_svg(goal)`` draws a goal card (Deluxe goal module);
``round_svg(rnd)`` draws a compact picture of a whole table. Everything is plain shapes and text: suits are drawn as paths (not emoji, which
may be missing offline), so they read the same on every machine, and each suit has both its own
shape and its own colour, so the cards can be told apart without colour. No element ids are used,
so any number of cards can sit in one page.
"""
from __future__ import annotations

import colorsys
import math
from functools import lru_cache
from html import escape

from .cards import DEFAULT_THEME, THEMES, Card, Theme
from .inputs import read_theme
from .rules import count

CARD_W, CARD_H = 100, 140           # the drawing's own units; ``width`` scales it
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif"
INK, PAPER, BACK = "#1f2933", "#fffdf6", "#1f4e5f"
SELECT = "#d97706"
#: A card that cannot be played now: its colours lose half their saturation, a light grey veil
#: covers it and a small no-entry badge sits in its corner (the badge's shape says it without
#: colour). Its text stays readable: at least 3:1 against the card (tests/test_widgets_svg.py).
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
    return read_theme(theme)


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
    """Rank and suit in one corner; drawn twice, the second copy turned upside down."""
    rank = theme.rank_label(card.rank)
    return (_text(13, 26, 22 if len(rank) < 2 else 17, rank, fill=colour)
            + _symbol(card.suit, theme, 5.5, 30, 15, colour))


#: Poison 8s: a dark band with the word POISON and a drop with a cross (the word and the shape
#: say it without colour).
POISON_INK = "#14261a"
POISON_DROP = ('<path d="M12 2C12 2 4.5 11 4.5 15.5A7.5 7.5 0 0 0 19.5 15.5C19.5 11 12 2 12 2Z"/>')


def is_poison(card, poison: bool) -> bool:
    """Whether ``card`` is drawn as a Poison 8: the 8s, when the Poison 8s module is on."""
    return bool(poison) and card is not None and Card(card).rank == 8


def _poison_mark(colour: str) -> str:
    ink = POISON_INK
    return (f'<g transform="translate(38 55)" fill="{ink}">{POISON_DROP}</g>'
            f'<path d="M9.8 67.2L16.2 73.6M16.2 67.2L9.8 73.6" transform="translate(37 0)" '
            f'stroke="{PAPER}" stroke-width="2" stroke-linecap="round"/>'
            f'<rect x="20" y="86" width="60" height="19" rx="3" fill="{ink}"/>'
            + _text(50, 100, 11.5, "POISON", fill=PAPER, extra=' letter-spacing="0.5"')
            + f'<rect x="4.5" y="4.5" width="91" height="131" rx="7" fill="none" '
              f'stroke="{ink}" stroke-width="1.6" stroke-dasharray="5 3"/>')


def _face(card: Card, theme: Theme, dimmed: bool = False, poison: bool = False) -> str:
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
        parts.append(f'<g transform="translate(32 27) scale(0.75)">{emblem}</g>')
        parts.append(_symbol(card.suit, theme, 43, 66, 14, colour))
        parts.append(f'<rect x="20" y="86" width="60" height="17" rx="3" fill="{colour}"/>')
        name = card.character
        parts.append(_text(50, 98.5, 11 if len(name) < 9 else 8.8, name, fill=PAPER,
                           extra=' letter-spacing="0.2"'))
    elif poison and card.rank == 8:
        parts.append(_symbol(card.suit, theme, 35, 22, 30, colour))
        parts.append(_poison_mark(colour))
    else:
        parts.append(_symbol(card.suit, theme, 30, 38, 40, colour))
        parts.append(_text(50, 106, 18, theme.rank_label(card.rank), fill=colour,
                           weight="600", extra=' fill-opacity="0.55"'))
    return "".join(parts)


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
    from .narrator import sentence
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
    """A goal card (``foxlib.goals.Goal``) as a complete <svg> element, ``width`` pixels wide:
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
    from .goals import describe
    from .narrator import sentence
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
        phase = {"exchange": " (Fox: exchange?)", "discard": " (Woodcutter: discard)"}
        extra = phase.get(rnd.phase, "") if rnd.to_play == p else ""
        out.append(_text(10, label_y, 12, f"{rnd.name(p)}: {count(len(hand), 'card')}, "
                         f"{count(rnd.tricks_won[p], 'trick')}, "
                         f"{count(rnd.score[p], 'point')}{turn}{extra}",
                         anchor="start", weight="600"))
        for i, card in enumerate(hand):
            dim = rnd.to_play == p and rnd.phase == "play" and card not in legal
            out.append(_place(card, theme, 10 + i * (cw + gap), y, cw, dimmed=dim))
    mid = ch + 34
    out.append(_place(rnd.decree, theme, 10, mid, cw))
    trump = theme.suit_names[rnd.decree.suit]
    out.append(_text(52, mid + 16, 11, "decree", anchor="start", weight="400"))
    out.append(_text(52, mid + 30, 12, f"{trump} trump", anchor="start"))
    if rnd.deck:
        out.append(_place(None, theme, 140, mid, cw, face_down=True))
    out.append(_text(182, mid + 30, 11, f"deck: {len(rnd.deck)}", anchor="start", weight="400"))
    tx = width / 2 + 20
    if rnd.trick:
        out.append(_place(rnd.trick[0], theme, tx, mid, cw))
        out.append(_text(tx + cw + 8, mid + 30, 11, f"led by {rnd.name(rnd.leader)}",
                         anchor="start", weight="400"))
    elif rnd.tricks:
        last = rnd.tricks[-1]
        for i, card in enumerate(last.cards):
            out.append(_place(card, theme, tx + i * (cw + gap), mid, cw))
        out.append(_text(tx + 2 * (cw + gap) + 4, mid + 22, 11, f"trick {last.number}: "
                         f"{rnd.name(last.winner)} won", anchor="start", weight="400"))
        out.append(_text(tx + 2 * (cw + gap) + 4, mid + 36, 11,
                         f"{rnd.name(last.next_leader)} leads", anchor="start", weight="400"))
    if rnd.is_over:
        out.append(_text(tx, mid + 30, 13, "round over", anchor="start"))
    out.append("</svg>")
    return "".join(out)


def _round_summary(rnd, theme) -> str:
    trump = theme.suit_names[rnd.decree.suit]
    who = "round over" if rnd.to_play is None else f"{rnd.name(rnd.to_play)} to {rnd.phase}"
    return (f"Table: decree {rnd.decree.label(theme)}, {trump} trump; trick "
            f"{len(rnd.tricks) + (0 if rnd.is_over else 1)}; {who}; tricks "
            f"{rnd.name(0)} {rnd.tricks_won[0]}, {rnd.name(1)} {rnd.tricks_won[1]}.")
