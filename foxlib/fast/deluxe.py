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
- The cards and tables are in ``foxlib.fast.deluxe_tables``; the playout loop, written once in
  ``tools/deluxe_loop_source.py``, is in ``foxlib.fast.deluxe_loop``, which
  ``tools/make_deluxe_loop.py`` generates from it (a plain module: nothing is rewritten when
  foxlib is imported); what the cards' abilities do when they come into the trick is
  ``foxlib.fast.deluxe_abilities``, which the loop calls.

Goal cards (``goals=``, ``FastDeluxeState.goals``) are compiled by ``foxlib.fast.goals`` for
the 42 cards (the same compiler as ``foxlib.fast.base``'s) and put into the loop where points are
scored (the loop's text with goal cards, ``foxlib.fast.deluxe_loop.GOALS_QUIET``, with a
program's lines put in and compiled once per program by ``_loop``): at each trick
the goals read the facts a ``TrickRecord`` keeps (the two cards, the decree card then, who
led, who won, the tricks won), each player's Treasure, Poison and goal points are added up
and each score floored at 0; at the end the table's points, then the goals met at the end,
floored at 0 (rulings G3, G4), as ``Round`` scores them. ``FastDeluxeState.gstate`` holds
what the goals have counted (``from_round`` works it out from the round's tricks).
"""
from __future__ import annotations

import linecache
import random as _random
import re
from math import factorial
from typing import NamedTuple

from ..core.cards import special_card
from ..core.errors import InvalidState
from ..engine.modules import SPECIAL_CARDS, Modules
from ..engine.round import Position, Round
from . import base as _fast
from . import deluxe_loop as _generated
from .base import goal_modules, mask_of
from .deluxe_loop import GOALS_LOGGED, GOALS_QUIET, run_logged, run_quiet
from .deluxe_tables import (ALL_CARDS, AXE, BOW, CROWN, FAIRY, HAMMER, MIRROR,  # noqa: F401 (API)
                            N_CARDS, POTION, SHOVEL, SPECIAL_INDEX, SPECIALS_MASK, SUIT_CARDS_MASK,
                            SUIT_MASK, TRICK, TREE, cards_of, special_mask)
from .goals import SPECIAL as _SPECIAL

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
                   log: list | None = None, guide: int = -1):
    """Finish a round from ``state`` with uniformly random legal actions and chance from
    ``chance`` (default ``rng``); returns ``(tricks_won_A, tricks_won_B, score_A, score_B)``
    at the end (the scores include what the state's score already held, and the goals of
    ``state.goals`` are scored from their counters ``state.gstate``). ``log`` as in
    ``random_round`` (without the deal). ``guide`` (0 or 1): that player's cards are chosen
    by the guided policy (``foxlib.fast.deluxe_policy``) instead; its other decisions and
    all of its opponent's stay random."""
    if state.phase == OVER:
        return state.tricks_won + state.score
    prog = state.goals
    return (_LOOPS.get((prog, log is not None)) or _loop(prog, log is not None))(
        list(state.hands), state.decree, list(state.deck), state.leader, list(state.trick),
        state.crowned, [list(state.piles[0]), list(state.piles[1])],
        state.tricks_won[0], state.tricks_won[1], state.score[0], state.score[1], state.poison,
        rng.random, (rng if chance is None else chance)._randbelow, log, state.gstate, guide)


#: The loops by (goal program, with the log): without goals the generated functions.
_LOOPS: dict = {(None, False): run_quiet, (None, True): run_logged}
_PLACE = re.compile(r"^( *)(_GOAL_UNPACK|_GOAL_TRICK|_GOAL_END)$", re.M)


def _loop(prog=None, logging: bool = False):
    """The playout loop (``foxlib.fast.deluxe_loop``, generated) for the goal program
    ``prog`` (None: no goals), with or without its log statements (without: a tenth faster).
    With goals it is the loop's text with the program's lines put in place of the ``_GOAL_``
    lines, compiled once per program and cached: about 2 ms a program, beside the 10 ms its
    tables take."""
    fn = _LOOPS.get((prog, logging))
    if fn is not None:
        return fn
    lines = {"_GOAL_UNPACK": [", ".join(prog.vars) + ", = gs"] if prog.vars else [],
             "_GOAL_TRICK": prog.trick_lines, "_GOAL_END": prog.end_lines}
    text = _PLACE.sub(lambda m: "\n".join(m[1] + line for line in lines[m[2]]) or m[1] + "pass",
                      GOALS_LOGGED if logging else GOALS_QUIET)
    name = f"<fast_deluxe loop with goals {' '.join(prog.ids)}>"
    linecache.cache[name] = (len(text), None, text.splitlines(True), name)
    namespace = dict(vars(_generated))
    namespace.update(prog.tables)
    exec(compile(text, name, "exec"), namespace)
    fn = _LOOPS[prog, logging] = namespace["run"]
    return fn
