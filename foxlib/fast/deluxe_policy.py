"""A guided card choice for ``foxlib.fast.deluxe``'s playouts: the strong player's own cards
in a round with special cards are played with sense, not at random.

The strong player values each choice by playing the round out many times from it. With
uniformly random play for both players, a playout says little about what a choice is worth: a
good card played now is wasted later by random play of the same hand. So the player whose
choice is valued (the "guide") plays its cards the way the base game's guided playouts do
(``foxlib.search.evaluators.PolicyRolloutEvaluator``), while its opponent stays random, the
model of the opponent the base game measured best (``docs/players.md``):

- it aims for the high band (7-9 tricks) unless its hand has so few strong cards that 0-3
  tricks are the likelier; a fourth trick ends the low aim, a ninth the high one;
- following, it wins cheaply when it wants tricks (or when a Treasure is led and it has
  won few), and otherwise loses with its dearest losing card;
- leading, it wants tricks: the cheapest card the opponent cannot beat, else its cheapest;
  it does not want them: the dearest card the opponent must beat, else its cheapest.

Strength here is rough on purpose (one number per card and trump suit: trumps above all,
special cards by what their texts do); who wins a trick comes from the decree card's trick
table, the same table the loop decides tricks with. The special cards' own decisions (the
Crown, a Fox's exchange, a Fairy's take ...) stay random in the playouts; the strong player
weighs those itself, choice by choice, at its own turn. Standard library only.
"""
from __future__ import annotations

from .deluxe_tables import _FACTS, N_CARDS
from .encoding import STRENGTH

#: How strong a special card is in a trick whatever the trump suit (on the scale of the
#: suit cards' ranks 1-11, trumps 41-51): the Axe and the Hammer often win, the Shovel and the
#: Crown rarely. The Mirror is valued as a middling card (it copies the decree card).
#:               Axe Tree Fairy Crown Mirror Bow Hammer Potion Shovel (the box's order)
_SPECIAL_POWER = (30, 20, 12, 4, 10, 26, 30, 22, 8)


def _power(tk: int) -> tuple:
    """Each card's strength when the trump index is ``tk`` (3: no trump suit): the suit
    cards' as in the base game's guided playouts (``encoding.STRENGTH``), then the special
    cards'."""
    return STRENGTH[tk] + _SPECIAL_POWER


POWER = tuple(_power(tk) for tk in range(4))
#: The cards from cheapest to dearest, per trump index (ties: the lower index first).
ORDER = tuple(tuple(sorted(range(N_CARDS), key=lambda c: (POWER[tk][c], c))) for tk in range(4))
#: The cards that tend to win whatever their holder wants (for the low-band aim), as a mask.
HEAVY = tuple(sum(1 << c for c in range(N_CARDS)
                  if POWER[tk][c] >= 38 or POWER[tk][c] == 11 or c >= 33 and POWER[tk][c] >= 26)
              for tk in range(4))
_BEATEN_BY: dict = {}


def beaten_by(decree: int) -> tuple:
    """Per led card, the mask of the cards that beat it as the follower's card (the decree
    card's trick table, bit 0; no Crown), worked out once per decree card."""
    masks = _BEATEN_BY.get(decree)
    if masks is None:
        table = _FACTS[decree][0]
        masks = _BEATEN_BY[decree] = tuple(
            sum(1 << f for f in range(N_CARDS) if f != lead and table[lead * 42 + f] > 0
                and table[lead * 42 + f] & 1) for lead in range(N_CARDS))
    return masks


def _cheapest(m: int, order) -> int:
    """The cheapest card of the mask ``m`` (not empty) in ``order``."""
    if not m & (m - 1):
        return m.bit_length() - 1
    for c in order:
        if m >> c & 1:
            return c
    raise ValueError("no card")


def _dearest(m: int, order) -> int:
    """The dearest card of the mask ``m`` (not empty) in ``order``."""
    if not m & (m - 1):
        return m.bit_length() - 1
    for c in reversed(order):
        if m >> c & 1:
            return c
    raise ValueError("no card")


def wants_tricks(hand: int, won: int, tk: int) -> bool:
    """Whether the guide plays for tricks: not after nine, not with a hand so light that the
    low band (0-3 tricks) is the better hope (fewer than four tricks won so far)."""
    if won >= 9:
        return False
    return won >= 4 or won + (hand & HEAVY[tk]).bit_count() > 3


def guided_for_decree(hand: int, legal: int, trick: list, decree: int, other: int,
                      won: int) -> int:
    """``guided`` with the decree card's trump and suit masks looked up (for the engine's
    playouts, which have no table of their own)."""
    facts = _FACTS[decree]
    return guided(hand, legal, trick, decree, other, won, facts[6], facts[4])


def guided(hand: int, legal: int, trick: list, decree: int, other: int, won: int, tk: int,
           suitm) -> int:
    """The index of the card to play among the set bits of ``legal`` (lowest first), as the
    loop draws it: ``hand`` the guide's hand, ``legal`` its legal cards, ``trick`` the cards
    in the trick (empty when it leads), ``decree`` the decree card, ``other`` the opponent's
    hand, ``won`` the guide's tricks so far, ``tk`` the trump index, ``suitm`` each card's
    suit mask."""
    if not legal & (legal - 1):
        return 0                          # one legal card: nothing to choose
    order = ORDER[tk]
    want = wants_tricks(hand, won, tk)
    beats = beaten_by(decree)
    if trick:
        led = trick[0]
        beat = legal & beats[led]
        lose = legal & ~beat
        treasure = led < 33 and led % 11 == 6 and won <= 2
        if want or (treasure and beat):
            c = _cheapest(beat, order) if beat else _cheapest(lose, order)
        else:
            c = _dearest(lose, order) if lose else _dearest(beat, order)
    else:
        c = _lead(legal, other, beats, order, suitm, want)
    return (legal & ((1 << c) - 1)).bit_count()


def _lead(mine: int, other: int, beats, order, suitm, want: bool) -> int:
    """The card to lead: for tricks, the cheapest the opponent cannot beat; else the dearest
    card the opponent must beat; else the cheapest card it can beat; else the cheapest. The
    opponent's replies: its cards of the led card's suit, or all when it has none (roughly:
    a Monarch's demand and the special cards' own rules are left out)."""
    if want:
        for c in order:
            if mine >> c & 1 and not (other & suitm[c] or other) & beats[c]:
                return c
        return _cheapest(mine, order)
    for c in reversed(order):
        if mine >> c & 1:
            replies = other & suitm[c] or other
            beating = replies & beats[c]
            if beating and beating == replies:
                return c
    for c in order:
        if mine >> c & 1 and (other & suitm[c] or other) & beats[c]:
            return c
    return _cheapest(mine, order)
