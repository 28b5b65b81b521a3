"""The fields of exercise data, read and checked: cards, themes, counts, texts, player names,
and no card used twice (a bad field raises ``InvalidState`` naming it). ``LEADER`` and
``FOLLOWER`` are the players' names when the data gives none.
"""
from __future__ import annotations

from ...core.cards import Card, Theme
from ...core.errors import InvalidState
from ...io import inputs


LEADER, FOLLOWER = "Ann", "Ben"


# ----------------------------------------------------------------------------- reading data

def _theme(theme) -> Theme:
    return inputs.read_theme(theme, "theme")


def _card(value, where: str) -> Card:
    return inputs.read_card(value, where)


def _cards(values, where: str) -> list[Card]:
    return inputs.read_card_list(values, where)


def _count(value, name: str, top: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise InvalidState(f"{name} must be a whole number from 0 to {top}, not {value!r}.")
    return value


def _text(value, name: str, *, optional: bool = False):
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InvalidState(f"{name} must be some text, not {value!r}.")
    return value


def _names(names, name: str = "names") -> tuple:
    if not isinstance(names, (list, tuple)) or len(names) != 2 or \
            not all(isinstance(n, str) and n.strip() for n in names) or names[0] == names[1]:
        raise InvalidState(f"{name} must be two different player names like ['Ann', 'Ben'], "
                           f"not {names!r}.")
    return tuple(names)


def _distinct(where: str, **groups) -> None:
    """Exercise data may not use one card twice (the engine would refuse the position)."""
    seen: dict = {}
    for name, cards in groups.items():
        for card in cards if isinstance(cards, (list, tuple)) else [cards]:
            if card in seen:
                raise InvalidState(f"{where}: the {card.name()} ({card}) is used twice, in "
                                   f"{seen[card]} and in {name}.")
            seen[card] = name

