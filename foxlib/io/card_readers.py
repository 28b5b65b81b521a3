"""The readers every other reader builds on: cards (``read_card``, ``read_card_list``,
``read_typed_cards``), themes (``read_theme``) and JSON text (``read_json``), with the
``problems`` convention of ``foxlib.io.inputs`` (left out, the first problem raises an
``InputError``; given a ``Problems()``, every problem is noted there). Every name here is a name
of ``foxlib.io.inputs`` too. Standard library only.
"""
from __future__ import annotations

import json

from ..core.cards import THEMES, Card, Theme, ordinal
from ..core.errors import InvalidCard, Problems, json_kind


def _probs(problems) -> Problems:
    return Problems.first() if problems is None else problems


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# ----------------------------------------------------------------------------- cards

def read_card(value, field: str = "card", problems=None, label: str | None = None):
    """One card ('9M', '11b' or a Card). ``label``: how the message names the field (by
    default ``field:``; "" for none)."""
    try:
        return Card(value)
    except InvalidCard as exc:
        reason = str(exc)
    _probs(problems).add(field, reason, label)
    return None


def _card_items(items, probs, field, label_of) -> list | None:
    cards, start = [], probs.count
    for i, item in enumerate(items):
        cards.append(read_card(item, f"{field}[{i}]", probs, label_of(i)))
    return cards if probs.count == start else None


def read_card_list(value, field: str = "cards", problems=None) -> list | None:
    """A list of card names from a file (or text like '9M, 1B 2K'); a problem names the list
    and the position of the bad entry: ``hands.A[1]: '13M' is not a card...``."""
    probs = _probs(problems)
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, (list, tuple)):
        probs.add(field, f"must be a list of cards, not {json_kind(value)}.",
                  field)
        return None
    return _card_items(value, probs, field, lambda i: f"{field}[{i}]:")


def read_typed_cards(text, name: str = "card {nth}", problems=None,
                     field: str | None = None) -> list | None:
    """Cards typed by a learner ('9B 6B, 2K'; nothing at all is no cards). ``name`` says which
    card is wrong, ``{nth}`` counted in words: ``"the follower's {nth} card"`` -> "the
    follower's second card '12K' is not a card: ranks run from 1 to 11." ``field`` names the
    input for ``Problem.field`` (by default ``name`` without the count)."""
    probs = _probs(problems)
    whole = " ".join(name.format(nth="").split())
    field = field or whole
    if text is None:
        return []
    if not isinstance(text, (str, list, tuple)):
        probs.add(field, f"must be written as text, like '9M 4B', not {json_kind(text)}.",
                  whole)
        return None
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return _card_items(items, probs, field, lambda i: name.format(nth=ordinal(i)))


# ----------------------------------------------------------------------------- themes

def _theme_choices() -> str:
    names = [f"'{key}' ({t.title})" for key, t in THEMES.items()]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def read_theme(key, field: str | None = None, problems=None) -> Theme | None:
    """The theme saved or chosen as ``key`` ('classic', 'zsa'; a ``Theme`` is returned as it
    is). The one lookup of a theme: an unknown key is refused with the valid ones."""
    if isinstance(key, Theme):
        return key
    if isinstance(key, str) and key in THEMES:
        return THEMES[key]
    reason = f"unknown theme {key!r}; the themes are {_theme_choices()}."
    if field:
        _probs(problems).add(field, reason)
    else:
        _probs(problems).add("theme", reason[0].upper() + reason[1:], "")
    return None


# ----------------------------------------------------------------------------- JSON text

def read_json(text, what: str = "The input", problems=None, file: str = ""):
    """Decode JSON text; ``(True, value)``, or ``(False, None)`` after noting the problem
    ("The saved round is not valid JSON: ...")."""
    try:
        return True, json.loads(text)
    except json.JSONDecodeError as exc:
        reason = f"{what} is not valid JSON: {exc}."
        field = f"line {exc.lineno}, column {exc.colno}"
    except RecursionError:
        reason, field = f"{what} is not readable: its JSON is nested too deeply.", ""
    _probs(problems).add(field, reason, "")
    return False, None
