"""The guided playout: a simple band-aware policy that plays a round to its end, all cards known.

Each player aims low (0-3 tricks) with a hand of few heavy cards, otherwise for 7-9. It wins as
cheaply as it can when it wants the trick, or loses with its dearest card; it stops winning at
nine, takes a led Treasure while it has two tricks or fewer, and keeps the decree after a Fox.
With ``noise`` the opponent of ``me`` plays a random legal action that often instead. With
``blind`` a leader counts the deck's cards among the replies it must fear, as a player who
cannot see the opponent's hand would (an experiment, ``benchmarks/strong_variants.py``
blind-leads: it did not make the strong player stronger, docs/players.md).

The policy is written once (``lead_card``, ``follow_card``, the discard and the aims below).
It is played in two ways that must agree exactly, random numbers included:

- ``playout_reference`` steps the rules through ``foxlib.fast.base`` (``play``, ``exchange``,
  ``discard``): every kind of round the fast path knows, goal cards included;
- ``playout`` steps them in local integers, about twice as fast
  (``benchmarks/bench_playouts.py`` measures it), for the base game and Poison 8s.

``tests/search/test_guided.py`` plays thousands of random positions both ways and checks the
same ends.
"""
from __future__ import annotations

import random

from ..core import rules
from ..fast import base as fast
from ..fast.base import follow_mask
from ..fast.encoding import (BIT, FOLLOWER_WINS, POINTS, POISON8, RANK, STRENGTH, SUIT, TRICK,
                             cards_of, mask_of)

#: A rough strength per (trump suit, card): only the order matters (``encoding.STRENGTH``).
POWER = STRENGTH[:3]
#: Cards that tend to win tricks whatever their holder wants: high trumps, Monarchs, Witches.
HEAVY = tuple(tuple(1 if POWER[t][c] >= 38 + 9 or (POWER[t][c] in (11, 38)) else 0
                    for c in range(33)) for t in range(3))
#: ``BEATEN_BY[led * 3 + trump]``: the mask of the cards that, played second, beat ``led``.
BEATEN_BY = tuple(sum(1 << f for f in range(33) if FOLLOWER_WINS[(led * 33 + f) * 3 + trump])
                  for led in range(33) for trump in range(3))

_FOX, _WOODCUTTER = rules.FOX, rules.WOODCUTTER


def cheapest(mask: int, power) -> int:
    best, bv = -1, 99
    for c in cards_of(mask):
        if power[c] < bv:
            best, bv = c, power[c]
    return best


def dearest(mask: int, power) -> int:
    best, bv = -1, -1
    for c in cards_of(mask):
        if power[c] > bv:
            best, bv = c, power[c]
    return best


def lead_card(mine: int, theirs: int, trump: int, power, want: bool) -> int:
    """The card to lead: wanting the trick, the cheapest card no reply can beat (else the
    cheapest); not wanting it, the dearest card every reply beats, else the cheapest card that
    some reply beats."""
    sure = must = 0
    for c in cards_of(mine):
        replies = follow_mask(theirs, c)
        beats = BEATEN_BY[c * 3 + trump]
        if not replies & beats:
            sure |= BIT[c]
        elif not replies & ~beats:
            must |= BIT[c]
    if want:
        return cheapest(sure, power) if sure else cheapest(mine, power)
    if must:
        return dearest(must, power)
    rest = mine & ~sure
    return cheapest(rest, power) if rest else cheapest(mine, power)


def follow_card(hand: int, led: int, trump: int, power, want: bool, won: int) -> int:
    """The card to follow ``led`` with: wanting the trick (or a led Treasure while it has two
    tricks or fewer), the cheapest winner, else the cheapest card; otherwise the dearest loser,
    else the dearest card."""
    legal = follow_mask(hand, led)
    beat = legal & BEATEN_BY[led * 3 + trump]
    lose = legal & ~beat
    if want or (beat and RANK[led] == 7 and won <= 2):
        return cheapest(beat, power) if beat else cheapest(lose, power)
    return dearest(lose, power) if lose else dearest(beat, power)


def discard_card(hand: int, power, want: bool) -> int:
    """The Woodcutter's discard: the cheapest card when aiming high, else the dearest."""
    return cheapest(hand, power) if want else dearest(hand, power)


def low_aims(hands, decree: int, tricks_won) -> list:
    """Whether each player aims low: its tricks won and heavy cards come to three or fewer."""
    heavy = HEAVY[SUIT[decree]]
    return [tricks_won[q] + sum(heavy[c] for c in cards_of(hands[q])) <= 3 for q in (0, 1)]


def wants(low_aim: bool, won: int, total: int) -> bool:
    """Whether a player wants the trick: not aiming low, fewer than nine tricks won."""
    return not low_aim and won < 9 and total - won >= 0


def _tricks_left(s: fast.FastState) -> int:
    cards = s.hands[0].bit_count() + s.hands[1].bit_count() + len(s.trick)
    if s.phase == fast.DISCARD:
        cards -= 1
    return cards // 2


def _rng(noise: float, me, key, s):
    if noise and me is not None:
        return random.Random(key if key is not None else f"0|{tuple(s)}"), 1 - me
    return None, -1


def playout_reference(s: fast.FastState, me: int | None = None, noise: float = 0.0,
                      key=None, blind: bool = False) -> tuple:
    """The round's gains (``round_gain``) at the end of the guided playout from ``s``, the
    rules stepped by ``foxlib.fast.base``. With ``noise``, the opponent of ``me`` plays a
    random legal action that often; the random numbers are seeded by ``key``, else by the
    position."""
    rng, erratic = _rng(noise, me, key, s)
    total = sum(s.tricks_won) + _tricks_left(s)
    low_aim = low_aims(s.hands, s.decree, s.tricks_won)
    while s.phase != fast.OVER:
        q = s.to_play
        won = s.tricks_won[q]
        if won >= 4:
            low_aim[q] = False       # a fourth trick ends the hope of staying low
        want = wants(low_aim[q], won, total)
        trump = SUIT[s.decree]
        power = POWER[trump]
        if q == erratic and rng.random() < noise:
            s = fast.apply_action(s, rng.choice(fast.legal_actions(s)))
        elif s.phase == fast.EXCHANGE:
            s = fast.exchange(s, -1)
        elif s.phase == fast.DISCARD:
            s = fast.discard(s, discard_card(s.hands[q], power, want))
        elif not s.trick:
            theirs = s.hands[1 - q]
            if blind:       # the leader cannot tell the opponent's hand from the deck
                theirs |= mask_of(s.deck)
            s = fast.play(s, lead_card(s.hands[q], theirs, trump, power, want))
        else:
            s = fast.play(s, follow_card(s.hands[q], s.trick[0], trump, power, want, won))
    return s.round_gain


def playout(s: fast.FastState, me: int | None = None, noise: float = 0.0, key=None,
            blind: bool = False) -> tuple:
    """``playout_reference``'s result, the rules stepped in local integers (the base game
    and Poison 8s; with goal cards it is ``playout_reference``)."""
    if s.goals is not None:
        return playout_reference(s, me, noise, key, blind)
    if s.phase == fast.OVER:
        return s.round_gain
    rng, erratic = _rng(noise, me, key, s)
    total = sum(s.tricks_won) + _tricks_left(s)
    low_aim = low_aims(s.hands, s.decree, s.tricks_won)
    h = list(s.hands)
    decree, deck, leader, trick, phase = s.decree, list(s.deck), s.leader, list(s.trick), s.phase
    tw, score, gain, poison = list(s.tricks_won), list(s.score), list(s.round_gain), s.poison
    PLAY, EXCHANGE, DISCARD = fast.PLAY, fast.EXCHANGE, fast.DISCARD
    while True:
        n = len(trick)
        q = 1 - leader if n == 2 or (n == 1 and phase == PLAY) else leader
        won = tw[q]
        if won >= 4:
            low_aim[q] = False
        want = wants(low_aim[q], won, total)
        trump = SUIT[decree]
        power = POWER[trump]
        if q == erratic and rng.random() < noise:
            if phase == PLAY:
                acts = cards_of(follow_mask(h[q], trick[0]) if trick else h[q])
            elif phase == EXCHANGE:
                acts = [-1] + cards_of(h[q])
            else:
                acts = cards_of(h[q])
            act = rng.choice(acts)
        elif phase == EXCHANGE:
            act = -1
        elif phase == DISCARD:
            act = discard_card(h[q], power, want)
        elif not trick:
            theirs = h[1 - q]
            if blind:
                theirs |= mask_of(deck)
            act = lead_card(h[q], theirs, trump, power, want)
        else:
            act = follow_card(h[q], trick[0], trump, power, want, won)
        # The rules of fast.base: play, exchange, discard, then the trick.
        if phase == PLAY:
            h[q] &= ~BIT[act]
            trick.append(act)
            rank = RANK[act]
            if rank == _FOX and h[q]:
                phase = EXCHANGE
                continue
            if rank == _WOODCUTTER and deck:
                h[q] |= BIT[deck.pop(0)]
                phase = DISCARD
                continue
        elif phase == EXCHANGE:
            if act >= 0:
                h[q] = h[q] & ~BIT[act] | BIT[decree]
                decree = act
        else:
            h[q] &= ~BIT[act]
            deck.append(act)
        phase = PLAY
        if len(trick) == 1:
            continue
        lead, follow = trick
        code = TRICK[(lead * 33 + follow) * 3 + SUIT[decree]]
        winner = leader ^ (code & 1)
        leader ^= code >> 1 & 1
        t = code >> 2
        if poison:
            t -= POISON8[lead] + POISON8[follow]
            if t < -score[winner]:
                t = -score[winner]
        tw[winner] += 1
        score[winner] += t
        gain[winner] += t
        trick = []
        if not (h[0] or h[1]):
            return (gain[0] + POINTS[tw[0]], gain[1] + POINTS[tw[1]])
