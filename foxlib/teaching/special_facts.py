"""Facts about the special cards that the lessons state as lists, worked out by the engine so
that a list in a lesson cannot drift from the rules the app plays (``tests/notebooks/test_lesson_lists.py``
checks the lessons' words against them).

``beats_a_lone_witch()`` plays each special card against the only Witch in a trick, led and
following, through a ``Round``, trying every decision and every random pick, and names the
cards that win such a trick while they are still in it. ``no_printed_rank()`` and
``printed_ranks()`` read the cards themselves.

Standard library only.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from ..core.cards import DECK, Card, special_card
from ..engine.modules import SPECIAL_CARDS, Modules
from ..engine.possible import completed
from ..engine.round import ChanceNeeded, Position, Round

__all__ = ["beats_a_lone_witch", "no_printed_rank", "printed_ranks"]

WITCH = Card("9M")


def _finished(rnd: Round):
    """Every way the first trick of ``rnd`` can end: each legal action of whoever decides,
    and each random pick a special card may make."""
    if rnd.tricks:
        yield rnd.tricks[0]
        return
    for action in rnd.legal_actions():
        branch = rnd.copy()
        branch.ask_chance = True
        try:
            branch.act(action)
        except ChanceNeeded as need:
            for pick in combinations(need.pool, need.n):
                again = rnd.copy()
                again.give_chance([pick])
                again.act(action)
                yield from _finished(again)
            continue
        yield from _finished(branch)


def _trick_against_the_witch(name: str, decree: Card, witch_leads: bool) -> bool:
    """Can ``name`` win a trick in which it meets the only Witch (the 9 of Moons)?"""
    card = special_card(name)
    special = tuple(dict.fromkeys([name] + ([decree.special] if decree.special else [])))
    first, second = (WITCH, card) if witch_leads else (card, WITCH)
    hands = ([first, Card("2K")], [second, Card("2B")])
    pos = completed(Position(decree, hands, 0, modules=Modules(special=special)))
    # The tricks won before are the leader's; say what the last one held, so that a Shovel may
    # dig in it (a position that does not say cannot be judged: rulings R7).
    used = {pos.decree, *pos.hands[0], *pos.hands[1], *pos.deck}
    pile = tuple(c for c in DECK if c not in used)[:2]
    pos = replace(pos, last_won=(pile, None) if pos.tricks_won[0] else (None, pile))
    player = 1 if witch_leads else 0
    for trick in _finished(Round(pos)):
        if set(trick.cards) == {card, WITCH} and trick.winner == player:
            return True
    return False


def beats_a_lone_witch(decree="Tree") -> list[str]:
    """The special cards that can win a trick against the only Witch in it, by their own text,
    with ``decree`` as the decree card (a special card: no trump suit, the Witch still counts
    as trump; another special decree card is used for the card itself). In the order of
    ``SPECIAL_CARDS``."""
    decree = Card(decree) if not isinstance(decree, Card) else decree
    out = []
    for name in SPECIAL_CARDS:
        here = decree
        if here.special == name:
            here = special_card("Fairy" if name != "Fairy" else "Tree")
        if any(_trick_against_the_witch(name, here, leads) for leads in (True, False)):
            out.append(name)
    return out


def printed_ranks() -> dict:
    """{name: rank} of the special cards that print a rank."""
    return {n: special_card(n).rank for n in SPECIAL_CARDS
            if n != "Mirror" and special_card(n).rank is not None}


def no_printed_rank() -> list[str]:
    """The special cards printed with no rank (the Mirror, which copies the decree card's
    rank, aside)."""
    return [n for n in SPECIAL_CARDS if n != "Mirror" and special_card(n).rank is None]
