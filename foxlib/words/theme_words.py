"""Text written with the classic theme's card names, said in another theme (``in_theme``).

Puzzle files and the puzzles' engine lines name cards the classic way ("the 10 of Keys (10K)",
"Moons are trump"). A learner who reads the cards in another theme (``foxlib.core.cards.THEMES``)
must read the same names in the feedback, the hints and the solutions as on the cards drawn:
``in_theme`` rewrites the classic card names, suit names and card codes of a text into the
theme's ('the X of Hearts (X\u2665)', 'Caps are trump'). Only the capitalised suit words are
suits ("Key", "Moons"); the rest of the text is left as it is. Standard library only.
"""
from __future__ import annotations

import re

from ..core.cards import Card, Theme, theme_named

_CLASSIC = ("Bells", "Keys", "Moons")
_SINGULAR = ("Bell", "Key", "Moon")
_RANK = r"(?:1[01]|[1-9])"
# 'the 10 of Keys', and a list of ranks of one suit: 'the 1, 8 and 10 of Moons'.
_RANKED = re.compile(rf"\b({_RANK}(?:(?:, and |, | and ){_RANK})*) of (Bells|Keys|Moons)\b")
_RANK_IN_LIST = re.compile(_RANK)
_SUIT = re.compile(r"\b(Bells|Keys|Moons|Bell|Key|Moon)\b")
# A card code in brackets, as puzzles write it after a card's name: '(10K)'.
_CODE = re.compile(rf"\(({_RANK})([BKM])\)")


def in_theme(text: str, theme) -> str:
    """``text`` (written with the classic theme's names) with its cards named in ``theme``
    (a Theme or its key); the classic theme returns the text unchanged."""
    theme = theme_named(theme)
    if theme.key == "classic" or not text:
        return text
    return _SUIT.sub(lambda m: _suit_word(m.group(1), theme),
                     _RANKED.sub(lambda m: _ranked(m, theme),
                                 _CODE.sub(lambda m: _code(m, theme), text)))


def _suit_word(word: str, theme: Theme) -> str:
    if word in _CLASSIC:
        return theme.suit_names[_CLASSIC.index(word)]
    return theme.suit_singular[_SINGULAR.index(word)]


def _ranked(match: re.Match, theme: Theme) -> str:
    ranks = _RANK_IN_LIST.sub(lambda r: theme.rank_label(int(r.group(0))), match.group(1))
    # The suit word is left for _SUIT, which runs after: "of Caps" is no classic word.
    return f"{ranks} of {match.group(2)}"


def _code(match: re.Match, theme: Theme) -> str:
    card = Card(f"{match.group(1)}{match.group(2)}")
    return f"({card.short(theme)})"
