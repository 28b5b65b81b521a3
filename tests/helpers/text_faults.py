"""The faults of wording no page may show, in ONE list: used by tests/notebooks/test_texts.py (every
lesson's markdown, every exercise text, every scoring text), tests/notebooks/test_exercise_feedback.py
and the browser walk (tests/helpers/lesson_walk.py re-exports ``grammar_faults``).

Each entry is (what is wrong, a pattern that finds it). Add a fault here once it was seen on
a page, so that it cannot come back anywhere.
"""
from __future__ import annotations

import re

NOUNS = r"(points|tricks|cards|rounds|tries|Treasures|Treasure points|players|questions|Witches)"

GRAMMAR_FAULTS = [
    ("a count of one with a plural noun",
     re.compile(rf"(?<![\d.,])\b1 {NOUNS}\b")),
    ("the same sentence twice in a row",
     re.compile(r"(?<![.\w])([A-Z][^.!?]{8,}[.!?])\s+\1")),
    ("'Not draw' for 'Not a draw'", re.compile(r"\bNot draw\b")),
    ("the Clubs, Hearts and Caps theme called a printing of the game",
     re.compile(r"\b(another|other|second) printing\b|\bboth printings\b", re.IGNORECASE)),
    ("'The round is over.' said twice in one text",
     re.compile(r"The round is over\..*The round is over\.", re.DOTALL)),
    ("a Witch 'alone in a trick' (a trick always holds two cards)",
     re.compile(r"\balone in (a|the) trick\b", re.IGNORECASE)),
    ("a word doubled", re.compile(r"\b(the|a|an|of|to|is|and|in)\s+\1\b", re.IGNORECASE)),
]


def grammar_faults(text: str) -> list[str]:
    """The faulty passages of ``text`` (empty when it reads well)."""
    text = " ".join(text.split())  # lines of markdown wrap anywhere
    return [m.group(0) for _, rx in GRAMMAR_FAULTS for m in rx.finditer(text)]
