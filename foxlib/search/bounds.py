"""Score bounds of the exact search: what a node can still be worth at best and at worst.

From the tricks each side holds and the tricks left, the best and worst end values are known;
sure tricks (a trump above every trump of the other side, a lone Witch counting as a trump 9)
narrow the range of tricks, and the Treasure can only go where the tricks go. A node whose
bounds cannot reach the search window returns at once. ``docs/solver.md`` ("Bounds") explains
each part and names the tests that fail when one is broken.

The nodes (``foxlib.search.plain``, ``foxlib.search.lead``) read the tables made here inline,
where they are worked out for every node; the nodes with decisions call
``make_sure_trick_bounds``' function once no Fox can change the trump.
"""
from __future__ import annotations

from ..fast import base as fast
from .masks import NINE_OF_TRUMP, TRUMP_MASK
from .objectives import POINTS


def final_table(objective, total: int):
    """``final[me * 14 + t]``: value for player ``me`` who ends the round with ``t`` tricks,
    the opponent having ``total - t``; and the weight of a Treasure point."""
    final = [0] * 28
    for me in (0, 1):
        for t in range(14):
            other = total - t
            if other < 0:
                continue
            if objective == POINTS:
                v = fast.POINTS[t] - fast.POINTS[other]
            else:
                low, high = objective.range
                mine = t if me == objective.player else other
                reached = low <= mine <= high
                v = 1 if reached == (me == objective.player) else -1
            final[me * 14 + t] = v
    return final, (1 if objective == POINTS else 0)


def end_ranges(final) -> list:
    """``RANGES[(me * 14 + a) * 14 + z]``: the best end value for ``me`` ending the round with
    ``a`` to ``z`` tricks."""
    ranges = [0] * (28 * 14)
    for me in (0, 1):
        for a in range(14):
            for z in range(a, 14):
                ranges[(me * 14 + a) * 14 + z] = max(final[me * 14 + t] for t in range(a, z + 1))
    return ranges


def treasure_bounds(final, weight: int, poison: bool, total: int):
    """Score bounds that count where the Treasure can go: with ``k`` more tricks a player
    takes at most ``2k`` cards, so at most ``min(s, 2k)`` of the ``s`` 7s still in play, and
    the opponent takes every 7 that is sure to be played (``ss`` of them) but not in those
    tricks. So the best end value for ``me`` holding ``t0`` tricks and winning ``klo..khi``
    more is ``max(final[t0 + k] + w * (min(s, 2k) - max(0, ss - 2k)))``; without the 2k
    limits (the bounds before) aiming at no more tricks looked worth every 7 in play.
    With Poison 8s the scoring cards are counted as before (an 8 is worth most to the player
    who does not take it).

    Returns (PB, LB): ``PB[(((me * 14 + t0) * 14 + klo) * 14 + khi) * 8 + s]`` for plain
    nodes (every card in a hand is played: ``ss = s``), ``LB[((me * 14 + t0) * 14 + r) * 64
    + s * 8 + ss]`` for nodes with decisions (``klo = 0``, ``khi = r``)."""
    key = (tuple(final), weight, poison, total)
    cached = _TREASURE_BOUNDS.get(key)
    if cached is not None:
        return cached
    if len(_TREASURE_BOUNDS) >= 16:
        _TREASURE_BOUNDS.clear()        # a few objectives at a time; 0.5 MB each

    def best(me, t0, klo, khi, s, ss):
        if poison:
            return max(final[me * 14 + t0 + k] for k in range(klo, khi + 1)) + weight * s
        return max(final[me * 14 + t0 + k] +
                   weight * (min(s, 2 * k) - max(0, ss - 2 * k)) for k in range(klo, khi + 1))

    top = 7 if poison else 4
    PB = [0] * (28 * 14 * 14 * 8)
    LB = [0] * (28 * 14 * 64)
    for me in (0, 1):
        for t0 in range(total + 1):
            for khi in range(total - t0 + 1):
                for klo in range(khi + 1):
                    base = (((me * 14 + t0) * 14 + klo) * 14 + khi) * 8
                    for s in range(top):
                        PB[base + s] = best(me, t0, klo, khi, s, s)
                base = ((me * 14 + t0) * 14 + khi) * 64
                for s in range(top):
                    for ss in range(s + 1):
                        LB[base + s * 8 + ss] = best(me, t0, 0, khi, s, ss)
    _TREASURE_BOUNDS[key] = PB, LB
    return PB, LB


_TREASURE_BOUNDS: dict = {}


def make_sure_trick_bounds(search):
    """Sure tricks in a node with decisions whose trump is settled (no Fox can be played
    again), for ``search``'s objective: ``sure_trick_bounds(hm, ho, decree, live, dec, twm,
    two, me, r, n7, b, b2)`` narrows the bounds ``b`` (the best value for the player to move)
    and ``b2`` (the worst) and returns them. As in plain nodes, each trump above every trump
    of the other side wins the trick it is played in (a lone Witch counts as a trump 9),
    for a side that can never put a card aside (no card of ``dec`` in its hand: a Fox, or a
    Woodcutter with a deck to draw from), counted against every trump that can ever reach
    the other side (its hand and ``live``, the deck cards that can still be drawn). ``n7``:
    the 7s in play (the Treasure bounds are then the simple ones)."""
    W, HI2 = search.weight, search.end_ranges
    SUIT, WITCHES = fast.SUIT, fast.WITCHES
    NINE_T, TRUMPM = NINE_OF_TRUMP, TRUMP_MASK

    def sure_trick_bounds(hm, ho, decree, live, dec, twm, two, me, r, n7, b, b2):
        T = TRUMPM[SUIT[decree]]
        km = ko = 0
        if not hm & dec:
            oth = ho | live
            ot = oth & T
            km = ((hm & T) >> ((ot | NINE_T[SUIT[decree]]) if oth & WITCHES & ~T
                               else ot).bit_length()).bit_count()
        if not ho & dec:
            oth = hm | live
            mt = oth & T
            ko = ((ho & T) >> ((mt | NINE_T[SUIT[decree]]) if oth & WITCHES & ~T
                               else mt).bit_length()).bit_count()
        if km or ko:
            n7 *= W
            b3 = HI2[(me * 14 + twm + km) * 14 + twm + r - ko] + n7
            if b3 < b:
                b = b3
            b3 = -HI2[((1 - me) * 14 + two + ko) * 14 + two + r - km] - n7
            if b3 > b2:
                b2 = b3
        return b, b2

    return sure_trick_bounds
