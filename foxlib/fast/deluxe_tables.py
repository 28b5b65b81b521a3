"""The 42 cards of the Deluxe box on the fast path: indices, masks and the tables that
``foxlib.fast.deluxe``'s playout loop reads (``foxlib.fast.deluxe_loop``, generated) and that
``foxlib.fast.deluxe`` itself uses for states, deals and its look-ups.

- A card is its ``Card.index``: 0..32 the suit cards (``suit * 11 + rank - 1``), 33..41 the
  special cards in the box's order (Axe, Tree, Fairy, Crown, Mirror, Bow, Hammer, Potion,
  Shovel); a hand is a 42-bit mask.
- ``TRICK`` decides the tricks with no crowned card, per trump index; ``_FACTS[decree]`` is
  what a decree card makes of the others (``_decree_facts``); ``_decide`` works out (and
  remembers) the tricks with a crowned card, from ``rules.decide_special_trick``.
Standard library only.
"""
from __future__ import annotations

from ..core import rules
from ..core.cards import DECK, SPECIAL_DECK
from ..core.errors import InvalidState
from ..engine.modules import SPECIAL_CARDS
from .encoding import SUIT_CARDS

# ----------------------------------------------------------------------------- cards

N_CARDS = 42
ALL_CARDS = tuple(DECK) + tuple(SPECIAL_DECK)
AXE, TREE, FAIRY, CROWN, MIRROR, BOW, HAMMER, POTION, SHOVEL = range(33, 42)
SPECIAL_INDEX = {name: 33 + i for i, name in enumerate(SPECIAL_CARDS)}
SUIT_CARDS_MASK = (1 << 33) - 1
SPECIALS_MASK = ((1 << 42) - 1) ^ SUIT_CARDS_MASK
SUIT_MASK = tuple(0x7FF << (11 * s) for s in range(3))
CROWN_BIT, MIRROR_BIT = 1 << CROWN, 1 << MIRROR
#: The special cards with no suit in hand when the decree card is a suit card (the Mirror
#: then counts as the decree card's suit).
_UNSUITED_WITH_SUIT_DECREE = SPECIALS_MASK & ~MIRROR_BIT

# How a card comes into the trick (``PlayRecord.how``): from hand, picked after a Tree, dug by a
# Shovel, drawn after a Potion, the leader's new card after a Hammer; _IN: it is in the trick
# already and no ability acts (played with the Crown, or a card without an ability).
_HAND, _TREE, _DIG, _POTION, _REPLACE, _IN = range(6)

#: Card indices of the set bits of the 9-bit special chunk (the suit chunks: ``fast.SUIT_CARDS``).
_SPECIAL_CHUNK = tuple(tuple(33 + r for r in range(9) if v >> r & 1) for v in range(512))


def cards_of(mask: int) -> list:
    """Card indices in a mask, ascending (the order of sorted ``Card`` lists)."""
    return [*SUIT_CARDS[0][mask & 0x7FF], *SUIT_CARDS[1][mask >> 11 & 0x7FF],
            *SUIT_CARDS[2][mask >> 22 & 0x7FF], *_SPECIAL_CHUNK[mask >> 33]]


def _kth(m: int, k: int) -> int:
    """The index of the ``k``-th lowest set bit of ``m`` (0-based)."""
    while k:
        m &= m - 1
        k -= 1
    return (m & -m).bit_length() - 1


def special_mask(special) -> int:
    """The mask of the special cards named (``Modules.special``)."""
    bad = [s for s in special if s not in SPECIAL_INDEX]
    if bad:
        raise InvalidState(f"{bad[0]!r} is not a special card; the special cards are "
                           f"{', '.join(SPECIAL_CARDS)}.")
    return sum(1 << SPECIAL_INDEX[s] for s in set(special))


# ----------------------------------------------------------------------------- tricks

def _pack(out) -> int:
    """bit 0: the follower wins; bit 1: the follower leads next; bits 2-3: Treasure (7s);
    bits 4-5: Poison 8s (counted whether or not the module is on)."""
    return (out.winner | out.next_leader << 1 | out.treasure << 2 | out.rule.poison << 4)


def _trick_table() -> tuple:
    decrees = (DECK[0], DECK[11], DECK[22], SPECIAL_DECK[0])    # trump B, K, M, none (the Axe)
    table = [-1] * (N_CARDS * N_CARDS * 4)
    for lead in ALL_CARDS:
        for follow in ALL_CARDS:
            if lead is follow or MIRROR in (lead.index, follow.index):
                continue
            base = (lead.index * N_CARDS + follow.index) * 4
            for tk, decree in enumerate(decrees):
                out = rules.decide_special_trick(lead, follow, decree, poison=True)
                table[base + tk] = _pack(out)
    return tuple(table)


_SUITM = tuple(SUIT_MASK[c // 11] if c < 33 else 0 for c in range(N_CARDS))
_MONARCH = tuple(c < 33 and c % 11 == rules.MONARCH - 1 for c in range(N_CARDS))
# What a card does when it enters the trick (``deluxe_abilities.enter`` acts on it).
_K_FOX, _K_WOODCUTTER, _K_POTION, _K_SHOVEL, _K_FAIRY, _K_HAMMER, _K_TREE, _K_AXE = range(1, 9)
_KIND = tuple(_K_FOX if c < 33 and c % 11 == rules.FOX - 1 else
              _K_WOODCUTTER if c < 33 and c % 11 == rules.WOODCUTTER - 1 else
              {POTION: _K_POTION, SHOVEL: _K_SHOVEL, FAIRY: _K_FAIRY, HAMMER: _K_HAMMER,
               TREE: _K_TREE, AXE: _K_AXE}.get(c, 0) for c in range(N_CARDS))


#: ``TRICK[(lead * 42 + follow) * 4 + tk]``, ``tk`` the trump suit (3: a special decree card,
#: no trump), packed as ``_pack`` says; for tricks without a crowned card (``_decide`` works
#: those out). The Mirror's entries are -1 here: ``_decree_facts`` fills them in for each
#: decree card, which the Mirror copies.
TRICK = _trick_table()


def _decree_facts(decree: int) -> tuple:
    """What the decree card makes of the other cards: (the trick table of its trump suit,
    indexed ``lead * 42 + follow``, with the Mirror's tricks decided against this decree
    card; the suit mask the Mirror counts in (0: none); the cards with no suit in hand; then
    each card's ability kind, suit mask and Monarch flag, the Mirror's being the decree
    card's; the trump index: the suit, 3 for a special decree card)."""
    tk = decree // 11 if decree < 33 else 3
    mirror = decree if decree != MIRROR else MIRROR
    kinds, suitm, monarch = list(_KIND), list(_SUITM), list(_MONARCH)
    kinds[MIRROR], suitm[MIRROR], monarch[MIRROR] = (_KIND[mirror], _SUITM[mirror],
                                                     _MONARCH[mirror])
    table = list(TRICK[tk::4])
    card = ALL_CARDS
    for other in range(N_CARDS):
        if other != MIRROR:
            table[MIRROR * 42 + other] = _pack(rules.decide_special_trick(
                card[MIRROR], card[other], card[decree], poison=True))
            table[other * 42 + MIRROR] = _pack(rules.decide_special_trick(
                card[other], card[MIRROR], card[decree], poison=True))
    return (tuple(table), _SUITM[decree],
            _UNSUITED_WITH_SUIT_DECREE if decree < 33 else SPECIALS_MASK,
            tuple(kinds), tuple(suitm), tuple(monarch), tk)


_DECIDED: dict = {}


def _decide(lead, follow, decree, tk, crowned) -> int:
    """A trick with a crowned card (``crowned``: its place, 0 or 1), packed as ``TRICK``'s
    entries (remembered). Without the Mirror in the trick the decree card counts only by its
    trump suit (``rules.acting_card``), so the outcome is remembered by the trump index
    ``tk``, not by the card."""
    key = ((lead * 42 + follow) * 42 + (decree if MIRROR in (lead, follow) else tk)) * 2 \
        + crowned
    code = _DECIDED.get(key)
    if code is None:
        out = rules.decide_special_trick(
            ALL_CARDS[lead], ALL_CARDS[follow], ALL_CARDS[decree], crowned, poison=True)
        code = _DECIDED[key] = _pack(out)
    return code


#: ``_decree_facts`` of each decree card.
_FACTS = tuple(_decree_facts(d) for d in range(N_CARDS))
