"""The fast path for rounds with the Deluxe special cards (and Poison 8s): random playouts.

``foxlib.fast.base`` plays the base game and Poison 8s; this module plays rounds with any set of the
nine special cards (``Modules(special=...)``, rulings SC1-SC19), with or without Poison 8s
and goal cards, and must agree with ``foxlib.engine.round.Round`` exactly:
``tests/fast/test_fast_deluxe.py`` replays thousands of its rounds through ``Round`` (the same
actions, the same chance outcomes) and compares every trick, the scores, the goals claimed
and the cards left.

What it does: ``random_round`` deals and plays a whole round choosing every decision
uniformly among the legal actions, in the order ``Round.legal_actions()`` lists them (so with
the same random numbers it makes the same choices as a ``RandomPlayer``-like loop over
``Round.act``), and draws the special cards' chance outcomes (the Tree's card, the Fairy's
two cards, the Shovel's card) the way ``Round`` does: ``sample`` of the sorted pool, from a
random source of its own (``chance=``) or the decisions' one. ``random_playout`` finishes a
round from a ``FastDeluxeState`` (``from_round`` turns a ``Round`` in the play phase into one,
mid-trick included).

Encoding
--------
- A card is its ``Card.index``: 0..32 the suit cards (``suit * 11 + rank - 1``), 33..41 the
  special cards in the box's order (Axe, Tree, Fairy, Crown, Mirror, Bow, Hammer, Potion,
  Shovel).
- A hand is a 42-bit mask; the deck a list of indices, top first; the open trick a list.
- The state of a trick that only special cards make is the crowned card (-1: none); each
  player's last won trick (``piles``: the Shovel digs there) is a list of indices. What the
  cards in the trick say of who wins (a Shovel loses, an Axe after a Woodcutter wins: rulings
  SC7, SC15, SC17) and what a led Tree demands (SC8) are read from the cards themselves
  when they matter, as ``Round`` reads them: no flag to go stale when a card leaves the
  trick (a Hammer) or the decree card changes what a Mirror is (a Fox).
- Tricks with no card crowned are decided by a table per decree card (``TRICK``, indexed by
  lead, follow and the trump suit, 3 meaning none; the Mirror's tricks filled in for each
  decree card, which it copies), built from ``rules.decide_special_trick``; the tricks with a
  crowned card call ``decide_special_trick`` itself, remembered by their arguments (the
  decree card counting only by its trump suit unless the Mirror is in the trick). What else
  depends on the decree card (which cards have no suit in hand, what the Mirror does) is
  looked up once per decree card, again after a Fox.

Goal cards (``goals=``, ``FastDeluxeState.goals``) are compiled by ``foxlib.fast.goals`` for
the 42 cards (the same compiler as ``foxlib.fast.base``'s) and put into the loop where points are
scored (``_run``'s ``if _GOALS:`` blocks, compiled per program by ``_loop``): at each trick
the goals read the facts a ``TrickRecord`` keeps (the two cards, the decree card then, who
led, who won, the tricks won), each player's Treasure, Poison and goal points are added up
and each score floored at 0; at the end the table's points, then the goals met at the end,
floored at 0 (rulings G3, G4), as ``Round`` scores them. ``FastDeluxeState.gstate`` holds
what the goals have counted (``from_round`` works it out from the round's tricks).
"""
from __future__ import annotations

import ast
import inspect
import linecache
import random as _random
import re
from math import factorial
from typing import NamedTuple

from . import base as _fast
from ..core import rules
from ..core.cards import DECK, SPECIAL_DECK, special_card
from ..core.errors import InvalidState
from .base import POINTS, SUIT_CARDS, goal_modules, mask_of  # noqa: F401 (mask_of: API)
from .goals import SPECIAL as _SPECIAL
from ..engine.goals import END
from ..engine.modules import SPECIAL_CARDS, Modules

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
# What a card does when it enters the trick (``_run`` checks when and how).
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


# ----------------------------------------------------------------------------- state

PLAY, OVER = 0, 3
PHASES = {PLAY: "play", OVER: "over"}


class FastDeluxeState(NamedTuple):
    """A round with special cards in the play phase (or over), in integers. ``trick`` holds
    the led card, if any; ``crowned`` the crowned card in it (-1: none); ``piles`` each
    player's last won trick (the Shovel digs in it). (A led Shovel in ``trick`` did not dig:
    one that dug has left the trick.)"""

    hands: tuple          # (mask of A, mask of B)
    decree: int
    deck: tuple           # card indices, top first
    leader: int
    trick: tuple
    tricks_won: tuple
    score: tuple
    round_gain: tuple
    special: tuple        # names of the special cards in the game (``Modules.special``)
    poison: bool = False
    phase: int = PLAY
    crowned: int = -1
    piles: tuple = ((), ())
    goals: object = None  # the revealed goals compiled (``goal_program``) or None
    gstate: tuple = ()    # the goals' counters (``goals.initial`` at the start of a round)

    @property
    def to_play(self):
        if self.phase == OVER:
            return None
        return self.leader if not self.trick else 1 - self.leader

    @property
    def modules(self) -> Modules:
        if self.goals is not None:
            return goal_modules(self.goals, self.poison, self.special)
        return Modules(poison=self.poison, special=tuple(self.special))


def goal_program(goals):
    """The goals (``Goal`` values, house goal ids, or a ``GoalProgram``) compiled for this
    fast path (``fastgoals``, the 42 cards), or None for no goals."""
    return _fast.goal_program(goals, "special")


def goal_state(goals, before, tricks):
    """``(program, counters)`` of ``goals`` after the ``TrickRecord`` s ``tricks`` played from
    a position where ``before`` tricks were won (``foxlib.fast.base.goal_state`` on the 42 cards)."""
    return _fast.goal_state(goals, before, tricks, "special")


def from_round(rnd) -> FastDeluxeState:
    """The fast state of a ``Round`` with special cards (or Poison 8s, or neither) in the play
    phase, a card led or not, or over. A decision in progress (a Fox's exchange, a Fairy's
    take ...) is refused: finish it with ``Round.act`` first. The revealed goals are compiled
    and their counters worked out from the round's tricks."""
    modules = rnd.modules
    if rnd.phase not in ("play", "over"):
        raise InvalidState(f"The fast path starts from the play phase, but this round waits "
                           f"for a decision ({rnd.phase!r}): make it with Round.act first.")
    sp = getattr(rnd, "sp", {})
    crowned = sp.get("crowned")
    unknown = getattr(rnd, "_pile_unknown", None)
    for p in (0, 1) if unknown is not None else ():
        if unknown(p) and special_card("Shovel") in (
                rnd.hands[0] + rnd.hands[1] + rnd.deck + [rnd.decree]):
            raise InvalidState(
                f"The Shovel is still to be played and {'AB'[p]} won tricks before the "
                "round's start whose cards it does not give: the fast path would say the "
                "Shovel cannot dig there, so this round has no fast state (rulings R7).")
    piles = tuple(tuple(c.index for c in (pile[-1] if pile else ()))
                  for pile in getattr(rnd, "piles", ([], [])))
    return FastDeluxeState(
        (mask_of(rnd.hands[0]), mask_of(rnd.hands[1])), rnd.decree.index,
        tuple(c.index for c in rnd.deck), rnd.leader, tuple(c.index for c in rnd.trick),
        tuple(rnd.tricks_won), tuple(rnd.score), tuple(rnd.round_gain),
        tuple(modules.special), modules.poison, OVER if rnd.phase == "over" else PLAY,
        -1 if crowned is None else crowned.index, piles,
        *goal_state(rnd.goals, rnd.start.tricks_won, rnd.tricks))


def to_round(state: FastDeluxeState, seed: int | None = None, **kw):
    """A ``Round`` in the same state (its history starts here; ``kw`` goes to ``Round``).
    ``seed``: the new round's random source for the chance effects.

    While the Shovel can still be played, each player's last won trick becomes the position's
    ``last_won`` (rulings R7); a state in which the Shovel could dig but a player's tricks won
    and last won trick do not fit (a pile with no trick won, or tricks won with no pile: the
    fast path would say the Shovel cannot dig) is refused with the reason. A state with a
    crowned card is refused too; so is a finished round, and a state whose goals have counted
    something (a position cannot hold that). (A led Shovel in the trick is one that did not
    dig: a position holds it as it is.)"""
    from ..engine.round import Position, Round
    if state.phase == OVER:
        raise InvalidState("The round is over: there is no position to start a round from.")
    if state.crowned >= 0:
        raise InvalidState(f"The led {ALL_CARDS[state.crowned]} is crowned: a position cannot "
                           "say so, so it has no Round.")
    where = state.hands[0] | state.hands[1] | mask_of(state.deck) | mask_of(state.trick) | \
        1 << state.decree
    last_won = [None, None]
    if where >> SHOVEL & 1:
        for p in (0, 1):
            pile, won = state.piles[p], state.tricks_won[p]
            if pile and not won:
                raise InvalidState(f"The Shovel is still to be played and could dig in "
                                   f"{'AB'[p]}'s won trick, but {'AB'[p]} has won no trick in "
                                   "this state, so this state has no Round.")
            if won and not pile:
                raise InvalidState(f"The Shovel is still to be played and {'AB'[p]} has won "
                                   "tricks, but the state gives no card of the last one (here "
                                   "the Shovel could not dig; a Round would dig there), so "
                                   "this state has no Round.")
            if pile:
                last_won[p] = tuple(ALL_CARDS[c] for c in pile)
    if state.goals is not None and state.gstate != state.goals.initial:
        raise InvalidState("This fast state carries goal progress from earlier tricks (a goal "
                           "claimed, cards taken, a run of tricks): a Round position cannot "
                           "hold it, so it has no Round.")
    card = ALL_CARDS.__getitem__
    pos = Position(card(state.decree),
                   (sorted(map(card, cards_of(state.hands[0]))),
                    sorted(map(card, cards_of(state.hands[1])))),
                   state.leader, [card(c) for c in state.deck], [card(c) for c in state.trick],
                   tuple(state.tricks_won), tuple(state.score), tuple(state.round_gain),
                   modules=state.modules, seed=seed, last_won=tuple(last_won))
    if state.goals is not None:
        pos.goals = state.goals.ids
    return Round(pos, **kw)


# ----------------------------------------------------------------------------- dealing

_DEALS: dict = {}


_BITS = tuple(1 << c for c in range(N_CARDS))


def _in_play(special) -> tuple:
    """(the number of deals, the cards in the game as indices, the mask of them) for a set of
    special cards (cached)."""
    key = tuple(special)
    got = _DEALS.get(key)
    if got is None:
        mask = SUIT_CARDS_MASK | special_mask(key)
        cards = tuple(cards_of(mask))
        got = _DEALS[key] = (factorial(len(cards)) // factorial(13), cards, mask)
    return got


def _deal(x: int, cards: tuple, everything: int):
    """Fisher-Yates driven by one uniform number below n!/13! (n cards in the game), read
    digit by digit (mixed radix, as ``fast._deal``): exactly uniform. The picks are swapped to
    the end of the list: the deck first (its top card picked first), then the decree card,
    then B's 13 cards; A holds the 13 left."""
    cards = list(cards)
    n = len(cards)
    for i in range(n - 1, 12, -1):
        x, j = divmod(x, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    b = sum(map(_BITS.__getitem__, cards[13:26]))
    return everything ^ b ^ _BITS[cards[26]] ^ sum(map(_BITS.__getitem__, cards[27:])), b, \
        cards[26], cards[:26:-1]


def deal(rng: _random.Random, dealer: int = 0, special=SPECIAL_CARDS, poison: bool = False,
         score=(0, 0), goals=None) -> FastDeluxeState:
    """A uniformly shuffled deal of the 33 suit cards and the ``special`` ones: 13 cards each,
    the decree card, the rest in the deck (rulings SC18); the non-dealer leads. ``goals``:
    the goals revealed for the round (``Goal`` values, house goal ids or a program)."""
    deals, cards, everything = _in_play(special)
    a, b, decree, deck = _deal(rng.randrange(deals), cards, everything)
    prog = goal_program(goals)
    return FastDeluxeState((a, b), decree, tuple(deck), 1 - dealer, (), (0, 0), tuple(score),
                           (0, 0), tuple(s for s in SPECIAL_CARDS if s in special), poison,
                           goals=prog, gstate=() if prog is None else prog.initial)


# ----------------------------------------------------------------------------- random play

def random_round(rng: _random.Random, dealer: int = 0, special=SPECIAL_CARDS,
                 poison: bool = False, score=(0, 0), log: list | None = None, chance=None,
                 goals=None):
    """Deal and play a whole round with uniformly random legal actions (every decision of
    every special card too) and the special cards' chance from ``chance`` (a
    ``random.Random``; default ``rng``). Returns ``(tricks_won_A, tricks_won_B, score_A,
    score_B)``: the scores start at ``score`` (the floor at 0 of Poison 8s depends on it) and
    end with Treasure, Poison and the table's points.

    ``goals``: the goals revealed for the round (``Goal`` values, house goal ids, or a
    program from ``goal_program``, which is the quickest: compiled once): each trick then
    adds each player's Treasure, Poison and goal points, each score floored at 0, and the end
    the table's points then the goals met at the end, floored at 0, as ``Round`` scores them.
    The same random numbers are drawn as without goals.

    When ``log`` is a list, the deal and everything that happens are appended to it (for
    tests): ``("deal", state)``; each action as ``(kind, value)`` with the kinds of ``Round``
    (value a card index, -1 for none, a suit number for ``name_suit``); each chance outcome as
    ``("chance", cards)``; each trick's cards as ``("cards", (lead, follow))`` (and the
    Crown after them when one was played: it goes with the trick), then the trick as
    ``("trick", winner, next_leader, change)`` (change:
    the winner's score change for Treasure and Poison) or, with goals, ``("trick", winner,
    next_leader, change_A, change_B)`` (each score's change) after ``("claim", goal_index,
    player, trick)`` for each goal claimed or triggered (trick 14: the end of the round); and
    ``("end", hands, deck)``."""
    deals, cards, everything = _in_play(special)
    a, b, decree, deck = _deal(rng.randrange(deals), cards, everything)
    # A program compiled for this path is used as it is (the quickest: no look-up).
    prog = goals if goals is None or getattr(goals, "deck", None) is _SPECIAL else \
        goal_program(goals)
    gs = () if prog is None else prog.initial
    if log is not None:
        log.append(("deal", FastDeluxeState(
            (a, b), decree, tuple(deck), 1 - dealer, (), (0, 0), tuple(score), (0, 0),
            tuple(s for s in SPECIAL_CARDS if s in special), poison, goals=prog, gstate=gs)))
    return (_LOOPS.get((prog, log is not None)) or _loop(prog, log is not None))(
        [a, b], decree, deck, 1 - dealer, [], -1, [[], []], 0, 0, score[0], score[1],
        poison, rng.random, (rng if chance is None else chance)._randbelow, log, gs)


def random_playout(state: FastDeluxeState, rng: _random.Random, chance=None,
                   log: list | None = None):
    """Finish a round from ``state`` with uniformly random legal actions and chance from
    ``chance`` (default ``rng``); returns ``(tricks_won_A, tricks_won_B, score_A, score_B)``
    at the end (the scores include what the state's score already held, and the goals of
    ``state.goals`` are scored from their counters ``state.gstate``). ``log`` as in
    ``random_round`` (without the deal)."""
    if state.phase == OVER:
        return state.tricks_won + state.score
    prog = state.goals
    return (_LOOPS.get((prog, log is not None)) or _loop(prog, log is not None))(
        list(state.hands), state.decree, list(state.deck), state.leader, list(state.trick),
        state.crowned, [list(state.piles[0]), list(state.piles[1])],
        state.tricks_won[0], state.tricks_won[1], state.score[0], state.score[1], state.poison,
        rng.random, (rng if chance is None else chance)._randbelow, log, state.gstate)


def _run(h, decree, deck, leader, trick, crowned, piles, t0, t1, s0, s1, poison, rnd, below,
         log, gs=()):
    """The playout loop. Each pass either decides a complete trick or brings one card into
    the trick, with everything its ability sets off (the chain of a Potion's card, a dug card,
    the leader's new card after a Hammer). Every decision is ``int(rnd() * n)`` among the ``n``
    legal actions in ``Round.legal_actions()`` order. Every chance outcome is drawn as
    ``Round._chance`` draws it, ``random.Random.sample(sorted pool, k)``, with that method's
    own steps written out: ``below`` is the chance source's ``_randbelow``, and a pool (a
    hand, a trick) is never above the 21 cards where ``sample`` would switch to another way
    (``tests/fast/test_fast_deluxe.py`` checks the outcomes against ``Round``'s own).

    ``if _GOALS:`` blocks score goal cards: ``_loop`` compiles this function again for each
    ``GoalProgram`` with its code (``fastgoals``) in place of the ``_GOAL_...`` names, ``gs``
    the goals' counters; without goals those blocks are left out (``_GOALS`` is False)."""
    logging = log is not None
    # What the decree card makes of the others (``_decree_facts``).
    table, dsm, um, kinds, suitm, monarch, tk = _FACTS[decree]
    if _GOALS:
        winner = 0
        _GOAL_UNPACK
    while True:
        # -------------------------------------------------------------- choose a card
        if not trick:
            p = leader
            hand = h[p]
            if not hand:
                break
            legal = hand
            leads = True
        else:
            p = leader ^ 1
            hand = h[p]
            leads = False
            if kinds[trick[0]] == _K_TREE:
                # The led card is a Tree now (a Mirror too, after its own Fox exchange): the
                # follower's card is picked at random from the whole hand, and its ability
                # acts (rulings SC8, SC11).
                c = _kth(hand, below(hand.bit_count()))
                if logging:
                    log.append(("chance", (c,)))
                h[p] = hand ^ 1 << c
                legal = 0
            elif not suitm[trick[0]]:
                legal = hand
            else:
                led = trick[0]
                sm = suitm[led]
                same = hand & sm
                if dsm == sm:
                    same |= hand & MIRROR_BIT
                if not same:
                    legal = hand
                elif monarch[led] and crowned != led:
                    # A Monarch: its Swan or the highest card of its suit (the Mirror counts
                    # as the decree card).
                    suited = same & ~MIRROR_BIT
                    top = 1 << (suited.bit_length() - 1) if suited else 0
                    if same & MIRROR_BIT:
                        if not suited or decree % 11 > (suited.bit_length() - 1) % 11:
                            top = MIRROR_BIT
                        if decree % 11 == 0:
                            top |= MIRROR_BIT
                    legal = top | (suited & (sm & -sm))
                else:
                    legal = same | (hand & um)
        if legal:
            n = total = legal.bit_count()
            if hand & CROWN_BIT and deck and hand & (hand - 1):
                crowns = legal & SUIT_CARDS_MASK
                total += crowns.bit_count()
            k = int(rnd() * total)
            if k < n:
                while k:
                    legal &= legal - 1
                    k -= 1
                low = legal & -legal
                c = low.bit_length() - 1
                h[p] = hand ^ low
                if logging:
                    log.append(("play", c, total))
                if kinds[c]:
                    how = _HAND
                else:                           # no ability: it only enters the trick
                    trick.append(c)
                    if leads:                   # (the trick was empty: the follow is next)
                        continue
                    how = _IN
            else:
                # The Crown with a suit card: it draws, the card counts as an 11 and loses
                # its ability (rulings SC10).
                k -= n
                while k:
                    crowns &= crowns - 1
                    k -= 1
                low = crowns & -crowns
                c = low.bit_length() - 1
                crowned = c
                h[p] = hand ^ low ^ CROWN_BIT | 1 << deck.pop(0)
                trick.append(c)
                if logging:
                    log.append(("crown", c, total))
                how = _IN
        else:
            how = _TREE

        # -------------------------------------------------------------- the card enters
        while how != _IN:
            if leads and trick:
                trick.insert(0, c)      # the leader's new card after a Hammer goes first
            else:
                trick.append(c)
            kind = kinds[c]
            if not kind:
                break
            if kind == _K_FOX:                              # keep or swap the decree card
                m = h[p]
                if m:
                    k = int(rnd() * (m.bit_count() + 1))
                    if k:
                        x = _kth(m, k - 1)
                        h[p] = m ^ 1 << x | 1 << decree
                        decree = x
                        table, dsm, um, kinds, suitm, monarch, tk = _FACTS[decree]
                    if logging:
                        log.append(("exchange", x if k else -1, m.bit_count() + 1))
                break
            if kind == _K_WOODCUTTER:                       # draw, put one under the deck
                if deck:
                    m = h[p] | 1 << deck.pop(0)
                    x = _kth(m, int(rnd() * m.bit_count()))
                    h[p] = m ^ 1 << x
                    deck.append(x)
                    if logging:
                        log.append(("discard", x, m.bit_count()))
                break
            if kind == _K_POTION:
                if how == _POTION:
                    break
                # The Potion and a card from hand go under the deck; draw two, play one
                # (rulings SC14).
                trick.remove(c)
                deck.append(c)
                m = h[p]
                if m:
                    x = _kth(m, int(rnd() * m.bit_count()))
                    m ^= 1 << x
                    deck.append(x)
                    if logging:
                        log.append(("potion_discard", x, m.bit_count() + 1))
                    u1 = deck.pop(0)
                    u2 = deck.pop(0)
                    h[p] = m | 1 << u1 | 1 << u2
                    if u1 == c:
                        offer = (u2,)
                    elif u2 == c:
                        offer = (u1,)
                    else:
                        offer = (u1, u2) if u1 < u2 else (u2, u1)
                else:
                    u1 = deck.pop(0)
                    h[p] = 1 << u1
                    offer = (u1,)
                c = offer[int(rnd() * len(offer))]
                h[p] ^= 1 << c
                if logging:
                    log.append(("potion_play", c, len(offer)))
                how = _POTION
                continue
            if kind == _K_SHOVEL:
                pile = piles[p]
                if pile:
                    dig = int(rnd() * 2)
                    if logging:
                        log.append(("dig", c if dig else -1, 2))
                    if dig:
                        # Dig a random card of the last trick won and play it instead; the
                        # Shovel takes its place there (rulings SC15).
                        dug = sorted(pile)[below(len(pile))]
                        if logging:
                            log.append(("chance", (dug,)))
                        pile[pile.index(dug)] = c
                        trick.remove(c)
                        c = dug
                        how = _DIG
                        continue
                break                   # it stays, and loses if still there at the end
            if kind == _K_FAIRY:
                # See up to two random cards of the opponent's hand, take one or none; after
                # taking, give one (rulings SC9).
                o = p ^ 1
                pool = cards_of(h[o])
                n = len(pool)
                if n > 1:
                    j = below(n)
                    shown = (pool[j],)
                    pool[j] = pool[n - 1]
                    shown += (pool[below(n - 1)],)
                else:
                    shown = (pool[below(1)],) if n else ()
                if logging:
                    log.append(("chance", shown))
                if shown:
                    k = int(rnd() * (len(shown) + 1))
                    if logging:
                        log.append(("fairy_take", shown[k - 1] if k else -1, len(shown) + 1))
                    if k:
                        x = shown[k - 1]
                        h[o] ^= 1 << x
                        m = h[p] | 1 << x
                        y = _kth(m, int(rnd() * m.bit_count()))
                        h[p] = m ^ 1 << y
                        h[o] |= 1 << y
                        if logging:
                            log.append(("fairy_give", y, m.bit_count()))
                break
            if kind == _K_HAMMER:
                if leads:
                    break
                # Name a suit; the led card (with its Crown) goes under the deck; the leader
                # draws and plays a card of that suit if they can (rulings SC13).
                suit = int(rnd() * 3)
                if logging:
                    log.append(("name_suit", suit, 3))
                led = trick.pop(0)
                deck.append(led)
                if crowned == led:
                    deck.append(CROWN)
                crowned = -1
                p = leader
                m = h[p] | 1 << deck.pop(0)
                same = m & SUIT_MASK[suit]
                if m & MIRROR_BIT and dsm == SUIT_MASK[suit]:
                    same |= MIRROR_BIT
                if not same:
                    same = m
                c = _kth(same, int(rnd() * same.bit_count()))
                h[p] = m ^ 1 << c
                if logging:
                    log.append(("replace", c, same.bit_count()))
                how = _REPLACE
                leads = True
                continue
            if kind == _K_TREE:
                break                   # (its demand is read when the follower is to play)
            # The Axe: after a Woodcutter it draws and puts one under (and wins: the trick's
            # cards say so, rulings SC7).
            if not leads:
                led = trick[0]
                if kinds[led] == _K_WOODCUTTER:
                    if deck:
                        m = h[p] | 1 << deck.pop(0)
                        x = _kth(m, int(rnd() * m.bit_count()))
                        h[p] = m ^ 1 << x
                        deck.append(x)
                        if logging:
                            log.append(("discard", x, m.bit_count()))
            break
        if leads and len(trick) < 2:      # (a Hammer's chain ends with two cards, leads set)
            continue
        # ---------------------------------------------------------- decide the trick
        lead, follow = trick
        if crowned >= 0:
            code = _decide(lead, follow, decree, tk, 0 if crowned == lead else 1)
            trick.append(CROWN)
            crowned = -1
        else:
            code = table[lead * 42 + follow]
        if logging:
            log.append(("cards", tuple(trick)))
        winner = leader ^ (code & 1)
        t = code >> 2 & 3
        if _GOALS:
            # Each player's Treasure, Poison and goal points of the trick added up, then each
            # score floored at 0 (rulings G3, G4), as fastgoals' own playout does.
            if poison:
                t -= code >> 4
            if winner:
                t1 += 1
            else:
                t0 += 1
            ix = ((lead * 42 + follow) * 4 + tk) * 2 + (code & 1)     # (fastgoals' index)
            n = t0 + t1
            d0 = d1 = 0
            _GOAL_TRICK
            if logging:
                b0, b1 = s0, s1
            if winner:
                s1 += t + d1
                if s1 < 0:
                    s1 = 0
                if d0:
                    s0 += d0
                    if s0 < 0:
                        s0 = 0
            else:
                s0 += t + d0
                if s0 < 0:
                    s0 = 0
                if d1:
                    s1 += d1
                    if s1 < 0:
                        s1 = 0
            if logging:
                log.append(("trick", winner, leader ^ (code >> 1 & 1), s0 - b0, s1 - b1))
        else:
            if poison:
                # Treasure and Poison added up first, the score floored at 0 (rulings P1, P2).
                t -= code >> 4
                floor = -(s1 if winner else s0)
                if t < floor:
                    t = floor
            if winner:
                t1 += 1
                s1 += t
            else:
                t0 += 1
                s0 += t
            if logging:
                log.append(("trick", winner, leader ^ (code >> 1 & 1), t))
        piles[winner] = trick
        trick = []
        leader ^= code >> 1 & 1
        if not (h[0] or h[1]):
            break
    s0 += POINTS[t0]
    s1 += POINTS[t1]
    if _GOALS:
        # The goals met at the end, after the table's points, floored at 0 (rulings G3).
        n = END
        d0 = d1 = 0
        _GOAL_END
        s0 += d0
        if s0 < 0:
            s0 = 0
        s1 += d1
        if s1 < 0:
            s1 = 0
    if logging:
        log.append(("end", tuple(h), tuple(deck)))
    return t0, t1, s0, s1


#: False: the ``if _GOALS:`` blocks of ``_run`` as written; ``_loop`` compiles them in or out.
_GOALS = False
#: Where ``_loop`` puts a goal program's code in ``_run`` (never run as they are written).
_GOAL_UNPACK = _GOAL_TRICK = _GOAL_END = None


class _Specialise(ast.NodeTransformer):
    """``_run``'s syntax tree with goals or without, and with or without the log: ``if
    _GOALS:`` keeps its body (where the ``_GOAL_UNPACK``, ``_GOAL_TRICK`` and ``_GOAL_END``
    lines stay, for ``_loop`` to replace with a program's code) or its ``else``; ``if
    logging:`` is left out without the log."""

    def __init__(self, goals: bool, logging: bool):
        self.goals, self.logging = goals, logging

    def visit_If(self, node):
        self.generic_visit(node)
        test = node.test.id if isinstance(node.test, ast.Name) else None
        if test == "_GOALS":
            kept = node.body if self.goals else node.orelse
            return kept or ast.copy_location(ast.Pass(), node)
        if test == "logging" and not self.logging:
            return ast.copy_location(ast.Pass(), node)
        return node


def _specialised(goals: bool, logging: bool):
    """``_run``'s tree specialised (see ``_Specialise``), its line numbers those of this
    file."""
    tree = _Specialise(goals, logging).visit(ast.parse(inspect.getsource(_run)))
    ast.increment_lineno(tree, _run.__code__.co_firstlineno - 1)
    return ast.fix_missing_locations(tree)


_LOOPS: dict = {}
_TEMPLATES: dict = {}
_PLACE = re.compile(r"^( *)(_GOAL_UNPACK|_GOAL_TRICK|_GOAL_END)$", re.M)


def _loop(prog=None, logging: bool = False):
    """``_run`` compiled for the goal program ``prog`` (None: no goals), with or without its
    log statements (without: a tenth faster), cached. The loop with goals is made from a text
    template (``_run`` with goals, made once) with the program's lines put in: about 2 ms a
    program, beside the 10 ms its tables take."""
    key = (prog, logging)
    fn = _LOOPS.get(key)
    if fn is not None:
        return fn
    namespace = dict(_run.__globals__)
    if prog is None:
        code = compile(_specialised(False, logging), inspect.getsourcefile(_run), "exec")
    else:
        template = _TEMPLATES.get(logging)
        if template is None:
            template = _TEMPLATES[logging] = ast.unparse(_specialised(True, logging))
        lines = {"_GOAL_UNPACK": [", ".join(prog.vars) + ", = gs"] if prog.vars else [],
                 "_GOAL_TRICK": prog.trick_lines, "_GOAL_END": prog.end_lines}
        text = _PLACE.sub(lambda m: "\n".join(m[1] + line for line in lines[m[2]])
                          or m[1] + "pass", template)
        name = f"<fast_deluxe loop with goals {' '.join(prog.ids)}>"
        linecache.cache[name] = (len(text), None, text.splitlines(True), name)
        code = compile(text, name, "exec")
        namespace.update(prog.tables)
    exec(code, namespace)
    fn = _LOOPS[key] = namespace[_run.__name__]
    return fn


#: ``_run`` for playouts without goals and without a log; with a log.
_run_quiet = _loop(None, False)
_loop(None, True)
