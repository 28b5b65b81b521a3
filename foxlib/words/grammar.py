"""The narrator's grammar: players' names in sentences, verbs that agree with them, numbers
with their nouns. A player named "you" (any case) is spoken to in the second person: "you
lead", "your 9 of Moons", "you have".

``foxlib.words.narrator`` and every other module of words (the goals' words, the drawings'
labels, the exercises' texts) use these, so they all speak alike. Standard library only.
"""
from __future__ import annotations

import re

# ----------------------------------------------------------------------------- grammar


def is_you(who: str) -> bool:
    return who.lower() == "you"


def who(name: str) -> str:
    """A player's name inside a sentence: 'you' for the learner, else the name."""
    return "you" if is_you(name) else name


def possessive(who: str) -> str:
    """'your' or "Ann's"."""
    return "your" if is_you(who) else f"{who}'s"


def mine(name: str) -> str:
    """'yours' or "Ann's" (standing alone: 'not yours')."""
    return "yours" if is_you(name) else f"{name}'s"


def agree(who: str, verb: str) -> str:
    """The verb in the form that agrees with ``who``: 'leads' for 'A', 'lead' for 'you'."""
    if not is_you(who):
        return verb
    first, sep, rest = verb.partition(" ")
    first = {"has": "have", "does": "do", "is": "are"}.get(
        first, first[:-1] if first.endswith("s") else first)
    return first + sep + rest


def subject(who: str, verb: str) -> str:
    """'A leads' or 'you lead' ('you' in lower case: ``sentence`` capitalises a sentence start)."""
    return f"{'you' if is_you(who) else who} {agree(who, verb)}"


def sentence(text: str) -> str:
    """Capitalise the first letter only (``str.capitalize`` would turn 'McFox' into 'Mcfox')."""
    return text[:1].upper() + text[1:]


def says(who: str, verb: str) -> str:
    """'A draws' or 'You draw' at the start of a sentence."""
    return sentence(subject(who, verb))


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 point', '2 points', '0 points': a number with its noun in the right form."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


_VERBS = {"gains": "gain", "leads": "lead", "has": "have", "does": "do", "follows": "follow",
          "keeps": "keep", "uses": "use", "draws": "draw", "puts": "put", "wins": "win",
          "plays": "play", "takes": "take", "loses": "lose", "scores": "score", "holds": "hold"}


def second_person(text: str) -> str:
    """Make text written about a player named "You" read well ("so You leads" becomes "so you
    lead"). The narrator's own sentences need none of this; it is for text written elsewhere
    with the name filled in, such as a puzzle author's words."""
    text = re.sub(r"(?<=[a-z,;:] )You(r opponent)?\b", lambda m: m.group(0).lower(), text)
    return re.sub(r"\b([Yy]ou) (" + "|".join(_VERBS) + r")\b",
                  lambda m: f"{m.group(1)} {_VERBS[m.group(2)]}", text)
