"""The goal file format's plain data (the Deluxe goal module, docs/goals.md): the events and
combinators a condition may name, the characters by name, and which form a condition has.

Both the goals themselves (``foxlib.engine.goals``: the schema, the checks, evaluation) and
their words (``foxlib.words.goal_words``: a condition or a claim in plain English) read
conditions through these, so neither needs the other's layer.
"""
from __future__ import annotations

from .cards import CHARACTERS

FORMAT = "fox-goals/1"
ROUND_TRICKS = 13
#: The moment "at the end of the round", after the last trick (trick numbers run 1 to 13).
END = ROUND_TRICKS + 1
EVENTS = ("win_trick", "lose_trick", "take", "win_tricks", "streak", "round_end")
COMBINATORS = ("all", "any", "never")
#: The characters' ranks by name ('Swan': 1), as a card description names them.
CHARACTER_RANKS = {name: rank for rank, name in CHARACTERS.items()}


def condition_form(cond: dict) -> str | None:
    """The form of a condition: the event it names (``EVENTS``), the one combinator it is
    (``COMBINATORS``), or None when it is neither."""
    if "event" in cond:
        return cond["event"] if cond["event"] in EVENTS else None
    keys = [k for k in COMBINATORS if k in cond]
    return keys[0] if len(keys) == 1 else None
