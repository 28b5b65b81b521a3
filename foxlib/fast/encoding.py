"""The fast path's encoding: cards as small integers, hands as bit masks, and the tables built
from ``foxlib.core.rules`` that replace the rules' branches.

``foxlib.fast.base`` (the base game's fast path) and ``foxlib.fast.goals`` (the goal compiler,
whose programs run inside the same random playout) both read these tables; neither needs the
other for them, so they sit here, below both.

- A card is its index ``suit * 11 + rank - 1`` (0..32), the same as ``Card.index``.
- A hand is a 33-bit mask: bit ``i`` is set when the hand holds card ``i``.
- ``TRICK[(lead * 33 + follow) * 3 + trump]`` packs who wins, who leads next and the Treasure
  of a complete trick (bit 0 follower wins, bit 1 follower leads next, bits 2+ Treasure).
- ``random_ability`` is the Fox's exchange or the Woodcutter's draw and discard chosen
  uniformly at random on masks: the step every random playout shares.
Standard library only.
"""
from __future__ import annotations

from ..core import rules
from ..core.cards import DECK

N_CARDS = 33
RANK = tuple(c % 11 + 1 for c in range(N_CARDS))          # 1..11
SUIT = tuple(c // 11 for c in range(N_CARDS))              # 0..2
BIT = tuple(1 << c for c in range(N_CARDS))
ALL_CARDS = (1 << N_CARDS) - 1
SUIT_MASK = tuple(0x7FF << (11 * s) for s in range(3))
CARD_SUIT_MASK = tuple(SUIT_MASK[SUIT[c]] for c in range(N_CARDS))
SWAN_BIT = tuple(1 << (11 * SUIT[c]) for c in range(N_CARDS))   # the 1 of the card's suit
TREASURE = tuple(1 if RANK[c] == rules.TREASURE else 0 for c in range(N_CARDS))
#: 1 for the 8s: Poison 8s when the state's ``poison`` flag is set.
POISON8 = tuple(1 if RANK[c] == rules.POISON else 0 for c in range(N_CARDS))


def _strength(trump: int) -> tuple:
    """A rough strength of each suit card when ``trump`` is the trump suit (3: none): trumps
    above everything, 9s next (a lone Witch counts as a trump), then rank. Only the order
    matters: the guided playouts (``foxlib.search.evaluators``, ``foxlib.fast.deluxe_policy``)
    read it to find the cheapest card to win or to lose with."""
    return tuple(40 + RANK[c] if SUIT[c] == trump else 38 if RANK[c] == rules.WITCH
                 else RANK[c] for c in range(N_CARDS))


#: ``STRENGTH[trump][card]`` for the three trump suits and none (3).
STRENGTH = tuple(_strength(t) for t in range(4))


def _mask_of(rank: int) -> int:
    return sum(1 << (s * 11 + rank - 1) for s in range(3))


SWANS, FOXES, WOODCUTTERS = _mask_of(rules.SWAN), _mask_of(rules.FOX), _mask_of(rules.WOODCUTTER)
TREASURES, WITCHES, MONARCHS = (_mask_of(rules.TREASURE), _mask_of(rules.WITCH),
                                _mask_of(rules.MONARCH))
#: Ranks without any ability: the even cards.
PLAIN_RANKS = frozenset((2, 4, 6, 8, 10))

#: Points of the end-of-round table by tricks won (index 0..13).
POINTS = tuple(rules.round_points(t) for t in range(14))


def _trick_tables():
    wins, codes = [], []
    for lead in DECK:
        for follow in DECK:
            for trump in range(3):
                fw = rules.follower_wins(lead, follow, rules.Suit(trump))
                loser = lead if fw else follow
                # The Swan's owner leads next when it loses (two Swans: the loser leads).
                follower_next = (not fw) if loser.rank == rules.SWAN else fw
                treasure = (lead.rank == rules.TREASURE) + (follow.rank == rules.TREASURE)
                wins.append(fw)
                codes.append(int(fw) | int(follower_next) << 1 | treasure << 2)
    return tuple(wins), tuple(codes)


#: ``FOLLOWER_WINS[(lead * 33 + follow) * 3 + trump]``: True when the second card wins.
#: ``TRICK[...]``: bit 0 follower wins, bit 1 follower leads the next trick, bits 2+ Treasure.
FOLLOWER_WINS, TRICK = _trick_tables()

#: Card indices of the set bits of an 11-bit suit chunk, per suit: ``SUIT_CARDS[s][chunk]``.
SUIT_CARDS = tuple(tuple(tuple(s * 11 + r for r in range(11) if v >> r & 1) for v in range(2048))
                   for s in range(3))


def cards_of(mask: int) -> list:
    """Card indices in a mask, ascending."""
    return [*SUIT_CARDS[0][mask & 0x7FF], *SUIT_CARDS[1][mask >> 11 & 0x7FF],
            *SUIT_CARDS[2][mask >> 22]]


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << (c if isinstance(c, int) else c.index)
    return m


#: 1 for the cards whose play asks for a decision: the Foxes and the Woodcutters.
DECIDES = tuple(1 if RANK[c] in (rules.FOX, rules.WOODCUTTER) else 0 for c in range(N_CARDS))
#: True for the Monarchs (the follower must give the Swan or the highest card of the suit).
IS_MONARCH = tuple(RANK[c] == rules.MONARCH for c in range(N_CARDS))


def random_ability(h, p, card, decree, trump, deck, rnd, log):
    """The Fox's exchange or the Woodcutter's draw and discard, decided at random."""
    m = h[p]
    if card % 11 == 2:                      # Fox: keep the decree, or swap any hand card
        if not m:
            return decree, trump
        k = int(rnd() * (m.bit_count() + 1))
        if k == 0:
            if log is not None:
                log.append(("exchange", -1))
            return decree, trump
        k -= 1
        while k:
            m &= m - 1
            k -= 1
        low = m & -m
        x = low.bit_length() - 1
        h[p] ^= low | (1 << decree)
        if log is not None:
            log.append(("exchange", x))
        return x, x // 11
    if deck:                                # Woodcutter: draw the top card, discard any card
        full = m | 1 << deck.pop(0)
        m = full
        k = int(rnd() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        low = m & -m
        x = low.bit_length() - 1
        h[p] = full ^ low
        deck.append(x)
        if log is not None:
            log.append(("discard", x))
    return decree, trump
