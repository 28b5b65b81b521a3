"""Cards, suits, ranks, character names and display themes.

A card is written rank then suit letter: ``9M`` is the 9 of Moons, ``11B`` the 11 of Bells,
``1K`` the 1 of Keys. There are exactly 33 suit cards (``DECK``), and the Deluxe box adds nine
special cards (``SPECIAL_DECK``), written by name: ``Axe``, ``Tree``, ``Fairy``, ``Crown``,
``Mirror``, ``Bow``, ``Hammer``, ``Potion``, ``Shovel``. A special card has no suit (``suit`` is
None), its printed rank or None (``rank``) and its name (``special``; None for suit cards).
Each card is a single shared instance, so cards compare with ``is`` as well as ``==`` and can
be used as dictionary keys.

Reading cards from a file or from a learner's typing is ``foxlib.io.inputs``'s
(``read_card_list``, which the package exports as ``foxlib.parse_cards``, and
``read_typed_cards``); drawing a card is ``foxlib.words.svg``'s.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from .errors import InputError, InvalidCard


class Suit(IntEnum):
    BELLS = 0
    KEYS = 1
    MOONS = 2

    @property
    def letter(self) -> str:
        return "BKM"[self]

    @classmethod
    def parse(cls, text) -> "Suit":
        """Read 'M', 'm' or 'Moons'."""
        word = str(text).strip().lower()
        for suit in cls:
            if word in (suit.letter.lower(), suit.name.lower()):
                return suit
        raise InvalidCard(f"{text!r} is not a suit: use B (Bells), K (Keys) or M (Moons).")


SUITS = tuple(Suit)
RANKS = tuple(range(1, 12))

#: The characters on the odd ranks, and what each does, in our own words.
CHARACTERS = {1: "Swan", 3: "Fox", 5: "Woodcutter", 7: "Treasure", 9: "Witch", 11: "Monarch"}
ABILITIES = {
    1: "If you play it and lose the trick, you lead the next one.",
    3: "When you play it, you may swap the decree card for a card from your hand.",
    5: "When you play it, draw the top card of the deck, then put any card from your hand "
       "on the bottom of the deck.",
    7: "Whoever wins the trick scores 1 point for each 7 in it.",
    9: "If it is the only 9 in the trick, it counts as a trump card when the winner is decided.",
    11: "When you lead it, your opponent must play the 1 of that suit or their highest card "
        "of that suit, if they hold any card of that suit.",
}


#: The special cards of the Deluxe box and their printed ranks (None: the card prints "?", or
#: "M" for the Mirror, which copies the decree card), in the box's order.
SPECIAL_RANKS = {"Axe": 8, "Tree": 6, "Fairy": 4, "Crown": 2, "Mirror": None, "Bow": None,
                 "Hammer": None, "Potion": None, "Shovel": None}
#: What each special card does, in our own words (the rulings that settle open questions are
#: in docs/rulings.md, "Special cards").
SPECIAL_ABILITIES = {
    "Axe": "If it follows a Woodcutter, you draw and put back a card as the Woodcutter does, "
           "and you win the trick. Otherwise it is an 8 with no suit.",
    "Tree": "If you lead it, your opponent plays a card taken at random from their hand, "
            "whatever its suit. It is a 6 with no suit.",
    "Fairy": "When you play it, you see up to two random cards of your opponent's hand and may "
             "take one; if you do, you give them a card from your hand. It is a 4 with no suit.",
    "Crown": "Play it together with a suit card you may play, and draw a card: that card loses "
             "its ability and counts as the 11 of its suit when the winner is decided. Or play "
             "it alone, as a 2 with no suit.",
    "Mirror": "It counts as a copy of the decree card: the same rank, suit and ability, "
              "whatever the decree card is at that moment.",
    "Bow": "It beats any trump card and any special card, and loses to every other card.",
    "Hammer": "If you follow with it, name a suit: the led card goes under the deck, and your "
              "opponent draws a card and plays one of that suit if they can. It beats any odd "
              "card and loses to every other card.",
    "Potion": "When you play it, put it and another card from your hand under the deck; draw "
              "two cards, keep one and play the other to the trick, whatever its suit. (The "
              "rulebook's line stops at the cards put under the deck; drawing two and playing "
              "one come from a public transcription of the printed card, which this app "
              "follows: our ruling SC14. The printed card is the authority.)",
    "Shovel": "When you play it, you may play instead a random card from the last trick you "
              "won. If you do not, or cannot, you lose the trick.",
}


@dataclass(frozen=True)
class Theme:
    """How cards are named and drawn: suit names and symbols, and how ranks are written."""

    key: str
    title: str
    suit_names: tuple[str, str, str]
    suit_singular: tuple[str, str, str]
    suit_symbols: tuple[str, str, str]
    rank_labels: dict
    #: one character per suit for compact text; defaults to the suit names' initials
    suit_letters: tuple = ()
    #: where this way of naming the cards comes from, in a learner's words
    origin: str = ""

    def rank_label(self, rank: int) -> str:
        return self.rank_labels.get(rank, str(rank))


THEMES = {
    "classic": Theme("classic", "Bells, Keys and Moons", ("Bells", "Keys", "Moons"),
                     ("Bell", "Key", "Moon"), ("\U0001F514", "\U0001F5DD", "\U0001F319"), {},
                     origin="the suits printed on the game's own cards"),
    # The same game played with a deck of ZSA cards, as a third-party page describes it (not
    # a printing by the game's publisher): X stands for 10 and J for 11.
    "zsa": Theme("zsa", "Clubs, Hearts and Caps", ("Clubs", "Hearts", "Caps"),
                 ("Club", "Heart", "Cap"), ("\u2663", "\u2665", "\u25A0"), {10: "X", 11: "J"},
                 # Clubs and Caps share an initial, so compact text uses the suit symbols.
                 ("\u2663", "\u2665", "\u25A0"),
                 origin="a third-party adaptation of the game for another deck (ZSA cards), "
                        "not from the game's publisher"),
}
DEFAULT_THEME = THEMES["classic"]


def theme_choices() -> str:
    """The themes, for a message: "'classic' (Bells, Keys and Moons) and 'zsa' (...)"."""
    names = [f"'{key}' ({t.title})" for key, t in THEMES.items()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def theme_named(key) -> Theme:
    """The theme ``key`` names ('classic', 'zsa'; a ``Theme`` is returned as it is). Any other
    key raises an ``InputError``: "Unknown theme 'tarot'; the themes are 'classic' (...) and
    ...". Reading a theme from a file or a form, with the field named, is
    ``foxlib.io.inputs.read_theme``."""
    if isinstance(key, Theme):
        return key
    if isinstance(key, str) and key in THEMES:
        return THEMES[key]
    raise InputError(f"Unknown theme {key!r}; the themes are {theme_choices()}.")


class Card:
    """One of the 33 suit cards or 9 special cards. ``Card('9M')`` and ``Card(9, Suit.MOONS)``
    return the same object; ``Card('Axe')`` (any case) a special card.

    A notebook shows a card as its drawing: ``Card._repr_svg_`` is given to the class by
    ``foxlib.words.svg`` when it is imported (``import foxlib`` imports it), since drawing is
    the words layer's and this module imports nothing above it."""

    __slots__ = ("rank", "suit", "index", "special")
    _all: list["Card"] = []

    def __new__(cls, rank_or_text, suit=None):
        if suit is None:
            if isinstance(rank_or_text, Card):
                return rank_or_text
            return cls.parse(rank_or_text)
        rank = rank_or_text
        if not isinstance(rank, int) or not 1 <= rank <= 11:
            raise InvalidCard(f"{rank!r} is not a rank: ranks run from 1 to 11.")
        suit = suit if isinstance(suit, Suit) else Suit.parse(suit)
        return cls._all[suit * 11 + rank - 1]

    @classmethod
    def _make(cls, rank, suit, index=None, special=None) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", suit * 11 + rank - 1 if index is None else index)
        object.__setattr__(card, "special", special)
        return card

    def __setattr__(self, name, value):
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (Card, (str(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @classmethod
    def parse(cls, text) -> "Card":
        """Read ``'9M'``, ``'11b'``, ``'X♥'``-style themed names are not accepted: use B/K/M."""
        if not isinstance(text, str):
            raise InvalidCard(f"{text!r} is not a card name: write a rank then a suit letter, like '9M'.")
        s = text.strip().upper()
        if s in _SPECIAL_CODES:
            return _SPECIAL_CODES[s]
        # isascii(): str.isdigit() also accepts '²' or '٣', which int() rejects or misreads.
        if len(s) < 2 or s[-1] not in "BKM" or not (s[:-1].isascii() and s[:-1].isdigit()):
            raise InvalidCard(
                f"{text!r} is not a card: write a rank from 1 to 11 then B, K or M, like '9M' "
                "(9 of Moons) or '11B' (11 of Bells).")
        rank = int(s[:-1])
        if not 1 <= rank <= 11:
            raise InvalidCard(f"{text!r} is not a card: ranks run from 1 to 11.")
        return cls._all["BKM".index(s[-1]) * 11 + rank - 1]

    @property
    def character(self) -> str | None:
        """The character's name for odd ranks ('Witch'), None for the plain even ranks and for
        special cards."""
        return None if self.special else CHARACTERS.get(self.rank)

    @property
    def ability(self) -> str | None:
        if self.special:
            return SPECIAL_ABILITIES[self.special]
        return ABILITIES.get(self.rank)

    def name(self, theme: Theme = DEFAULT_THEME) -> str:
        """'9 of Moons' (or '9 of Caps' in the other theme); 'Axe' for a special card."""
        if self.special:
            return self.special
        return f"{theme.rank_label(self.rank)} of {theme.suit_names[self.suit]}"

    def label(self, theme: Theme = DEFAULT_THEME) -> str:
        """An accessible label: '9 of Moons, Witch'; 'Axe, special card, 8 with no suit';
        'Bow, special card, no suit and no rank'."""
        if self.special:
            if self.special == "Mirror":
                return "Mirror, special card, a copy of the decree card"
            if self.rank is None:
                return f"{self.special}, special card, no suit and no rank"
            return f"{self.special}, special card, {self.rank} with no suit"
        ch = self.character
        return f"{self.name(theme)}, {ch}" if ch else self.name(theme)

    def short(self, theme: Theme = DEFAULT_THEME) -> str:
        """Compact themed text, '9M' by default, 'X\u2665' or 'J\u2663' in the other theme."""
        if self.special:
            return self.special
        letter = (theme.suit_letters[self.suit] if theme.suit_letters
                  else theme.suit_names[self.suit][0])
        return f"{theme.rank_label(self.rank)}{letter}"

    def __str__(self) -> str:
        if self.special:
            return self.special
        return f"{self.rank}{'BKM'[self.suit]}"

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other) -> bool:
        return self is other


Card._all = [Card._make(rank, suit) for suit in SUITS for rank in RANKS]
DECK = tuple(Card._all)
#: The nine special cards, indexed after the 33 suit cards (so they sort after them).
SPECIAL_DECK = tuple(Card._make(rank, None, 33 + i, name)
                     for i, (name, rank) in enumerate(SPECIAL_RANKS.items()))
_SPECIAL_CODES = {c.special.upper(): c for c in SPECIAL_DECK}


def special_card(name: str) -> Card:
    """The special card called ``name`` ('Axe')."""
    return _SPECIAL_CODES[name.upper()]


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth", "thirteenth")


def ordinal(i: int) -> str:
    """'first' for 0, 'second' for 1, ... ('number 14' past the thirteenth)."""
    return ORDINALS[i] if 0 <= i < len(ORDINALS) else f"number {i + 1}"


def card_list(cards, theme: Theme = DEFAULT_THEME) -> str:
    """'the 2 and 8 of Bells' style list of cards for explanations."""
    cards = sorted(cards)
    if not cards:
        return "no cards"
    by_suit: dict[Suit, list[Card]] = {}
    for c in cards:
        if not c.special:
            by_suit.setdefault(c.suit, []).append(c)
    parts = []
    for suit, group in by_suit.items():
        ranks = [theme.rank_label(c.rank) for c in group]
        joined = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " and " + ranks[-1]
        parts.append(f"the {joined} of {theme.suit_names[suit]}")
    parts += [f"the {c.special}" for c in cards if c.special]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
