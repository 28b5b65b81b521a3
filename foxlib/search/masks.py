"""Card masks and trick tables the exact search reads (``foxlib.search.solver``).

Built once from ``foxlib.fast.base``: which cards are plain (no ability, so an equivalent card
may stand for them), which replies beat a lead, the cards just below a card in its suit, the
Poison 8s and the trick table with Treasure minus Poison. ``docs/solver.md`` explains how the
search uses each of them.
"""
from __future__ import annotations

from ..fast import base as fast

#: Beyond every value of the search (points or +1/-1 of a goal).
BIG = 1000

#: For each card, the bit of the 9 of its suit (used for the decree: the trump 9).
NINE_OF_SUIT = tuple(1 << (fast.SUIT[c] * 11 + 8) for c in range(33))
#: ``NINE_OF_TRUMP[trump]``: the bit of the trump 9.
NINE_OF_TRUMP = tuple(NINE_OF_SUIT[s * 11] for s in range(3))
#: ``TRUMP_MASK[trump]``: the cards of the trump suit.
TRUMP_MASK = tuple(fast.CARD_SUIT_MASK[t * 11] for t in range(3))
#: ``BELOW[card]``: the cards of the card's suit ranked below it.
BELOW = tuple((1 << c) - 1 & fast.CARD_SUIT_MASK[c] for c in range(33))

#: The Poison 8s (when the module is in play).
EIGHTS = sum(fast.BIT[c] for c in range(33) if fast.POISON8[c])
#: ``PLAIN_CARDS[poison][card]``: True for a card without any ability or points, which may be
#: merged with an equivalent one: the even ranks, except the Poison 8s.
PLAIN_CARDS = (tuple(fast.RANK[c] % 2 == 0 for c in range(33)),
               tuple(fast.RANK[c] % 2 == 0 and not fast.POISON8[c] for c in range(33)))
#: ``fast.TRICK`` with Poison 8s: bits 2+ hold Treasure minus Poison plus 2 (0..4).
POISON_TRICK = tuple(code & 3 | ((code >> 2) - fast.POISON8[i // 99]
                                 - fast.POISON8[i // 3 % 33] + 2) << 2
                     for i, code in enumerate(fast.TRICK))

#: ``BEATS[led * 3 + trump]``: the cards that win the trick when they follow ``led``.
BEATS = tuple(sum(1 << f for f in range(33) if fast.FOLLOWER_WINS[(led * 33 + f) * 3 + tr])
              for led in range(33) for tr in range(3))

#: ``DECIDES[card]``: 1 for a Fox, 2 for a Woodcutter (a decision comes with them), else 0.
DECIDES = tuple(1 if fast.RANK[c] == 3 else 2 if fast.RANK[c] == 5 else 0 for c in range(33))


def with_witches(inplay: int, fox_live: int, decree: int) -> int:
    """A lone Witch counts as a trump 9, so any Witch in play separates the trump 8 from the
    trump 10 (every suit's, while a Fox may still change trump)."""
    if inplay & fast.WITCHES:
        inplay |= fast.WITCHES if fox_live else NINE_OF_SUIT[decree]
    return inplay


def deck_info(deck, everything):
    """(key, mask) of the deck cards that can still be drawn. There is one draw per Woodcutter
    left in ``everything`` (hands, deck and decree), and a discard goes to the bottom, so when
    the deck holds at least that many cards the deeper ones never come back into play."""
    if not deck:
        return 0, 0
    w = (everything & fast.WOODCUTTERS).bit_count()
    if not w:
        return 0, 0
    key = live = 0
    for c in deck[:w]:
        key = key * 34 + c + 1
        live |= 1 << c
    return key, live
