"""The fast path: a round position as small integers, for the solver and computer players.

``foxlib.engine.round.Round`` explains every step; this module only computes, and must agree with it
exactly (``tests/fast/test_fast.py`` drives thousands of random rounds through both).

Encoding
--------
- A card is its index ``suit * 11 + rank - 1`` (0..32), the same as ``Card.index``.
- A hand is a 33-bit mask: bit ``i`` is set when the hand holds card ``i``.
- A move is an int: ``card | (decision + 1) << 6`` where the decision is the card the Fox takes
  from hand for the decree, or the card the Woodcutter puts under the deck; a plain play, a Fox
  that keeps the decree, or a Woodcutter facing an empty deck has no decision (``move == card``).
- ``FastState`` is an immutable tuple; ``apply`` returns a new one (cheaper than undo here).

Tables (flat lists indexed by ints) replace the rules' branches: ``TRICK[(lead * 33 + follow)
* 3 + trump]`` packs who wins, who leads next and the Treasure of a complete trick. They are
built from ``foxlib.core.rules`` itself, so the two paths share one definition of the trick.
The tables and masks live in ``foxlib.fast.encoding`` (the goal compiler, ``foxlib.fast.goals``,
reads them too) and are importable from here as well.

Poison 8s (``Modules(poison=True)``) are a flag of the state (``FastState.poison``): the trick's
winner then loses 1 point per 8 (``POISON8``), Treasure and Poison added up first and the score
floored at 0, as ``Round`` does.

Goal cards (``Modules(goals=...)``, the two goals revealed for the round) are compiled by
``foxlib.fast.goals`` into a ``GoalProgram`` (``FastState.goals``) and a small tuple of counters
(``FastState.gstate``: once-goals claimed, cards taken, runs, parts met): each trick adds
Treasure, Poison and the goal points of each player, floored at 0, and the end of the round
adds the table's points then the goals met at the end, floored at 0, as ``Round`` does. The
special cards are refused here (``from_round``): ``foxlib.fast.deluxe`` plays them, goal cards
included.
"""
from __future__ import annotations

import random as _random
from typing import NamedTuple

from ..core import rules
from ..core.cards import DECK
from ..core.errors import IllegalAction, InvalidState
from ..engine.goals import GoalSet, house_goals
from ..engine.modules import POISON, Modules
from ..engine.round import Move, Position, Round
from . import goals as fastgoals
from .encoding import (ALL_CARDS, BIT, CARD_SUIT_MASK, FOLLOWER_WINS, FOXES,  # noqa: F401 (API)
                       MONARCHS, N_CARDS, PLAIN_RANKS, POINTS, POISON8, RANK, SUIT, SUIT_CARDS,
                       SUIT_MASK, SWAN_BIT, SWANS, TREASURE, TREASURES, TRICK, WITCHES,
                       WOODCUTTERS, cards_of, mask_of)
from .encoding import DECIDES as _DECIDES, IS_MONARCH as _IS_MONARCH
from .encoding import random_ability as _ability

# ----------------------------------------------------------------------------- state

PLAY, EXCHANGE, DISCARD, OVER = 0, 1, 2, 3
PHASES = ("play", "exchange", "discard", "over")


class FastState(NamedTuple):
    """A round position in integers. ``trick`` holds the card indices played to the open trick
    (a complete trick stays there only while the follower's Fox or Woodcutter decision is due)."""

    hands: tuple          # (mask of A, mask of B)
    decree: int
    deck: tuple           # card indices, top first
    leader: int
    trick: tuple
    tricks_won: tuple
    score: tuple
    round_gain: tuple
    phase: int = PLAY
    poison: bool = False  # the 8s are Poison 8s
    goals: object = None  # the revealed goals compiled (foxlib.fast.goals.GoalProgram) or None
    gstate: tuple = ()    # the goals' counters (GoalProgram.initial at the start of a round)

    @property
    def to_play(self):
        """Who acts now: the follower once a card is led (unless the leader still owes the
        Fox's or Woodcutter's decision), None when the round is over."""
        if self.phase == OVER:
            return None
        if len(self.trick) == 2 or (len(self.trick) == 1 and self.phase == PLAY):
            return 1 - self.leader
        return self.leader

    @property
    def trump(self) -> int:
        return SUIT[self.decree]


def from_round(rnd) -> FastState:
    """The fast state of a ``Round`` in any phase (the base game, Poison 8s, goal cards). The
    goals' counters are worked out from the round's tricks."""
    phase = PHASES.index(rnd.phase)
    modules = rnd.modules
    if modules.special:
        raise InvalidState(f"The fast path plays the base game, Poison 8s and goal cards only, "
                           f"not a round with {modules}.")
    prog, gstate = goal_state(rnd.goals, rnd.start.tricks_won, rnd.tricks)
    return FastState((mask_of(rnd.hands[0]), mask_of(rnd.hands[1])), rnd.decree.index,
                     tuple(c.index for c in rnd.deck), rnd.leader,
                     tuple(c.index for c in rnd.trick), tuple(rnd.tricks_won), tuple(rnd.score),
                     tuple(rnd.round_gain), phase, modules.poison, prog, gstate)


def goal_program(goals, deck: str = "base"):
    """The compiled program of ``goals`` (``Goal`` values or house goal ids; a
    ``GoalProgram`` for ``deck`` is returned as it is), or None for no goals. ``deck``:
    ``"base"`` for this module, ``"special"`` for ``foxlib.fast.deluxe``."""
    if not goals:
        return None
    if isinstance(goals, fastgoals.GoalProgram):
        return goals if goals.deck.name == deck else fastgoals.program(goals.goals, deck)
    goals = tuple(goals)
    if any(isinstance(g, str) for g in goals):
        house = house_goals()
        try:
            goals = tuple(house.by_id(g) if isinstance(g, str) else g for g in goals)
        except KeyError as exc:
            raise InvalidState(f"{exc.args[0]!r} is not a house goal; the house goals are "
                               f"{', '.join(g.id for g in house)}.") from None
    return fastgoals.program(goals, deck)


def goal_state(goals, before, tricks, deck: str = "base"):
    """``(program, counters)`` of ``goals`` after the tricks ``tricks`` (``TrickRecord`` s)
    played from a position where ``before`` tricks were won: ``(None, ())`` without goals.
    Records and public views hold the same tricks, so a player's view gives them too. A
    record keeps the two cards played (a Crown that went with one is not in them), the decree
    card at that trick (its suit; a special decree card: none, 3), the leader and the winner:
    what the goals read. ``deck`` as for ``goal_program``."""
    prog = goal_program(goals, deck)
    if prog is None:
        return None, ()
    gs = prog.initial
    t = list(before)
    for rec in tricks:
        t[rec.winner] += 1
        decree = rec.decree.index
        gs = prog.step(gs, rec.cards[0].index, rec.cards[1].index,
                       decree // 11 if decree < 33 else 3, rec.leader, rec.winner, t[0],
                       t[1])[0]
    return prog, gs


def goal_modules(prog, poison: bool, special=()):
    """The ``Modules`` of a round played with the goals of the program ``prog`` (house goals
    named by id, others carried as their own goal file), Poison 8s and ``special``."""
    own = GoalSet("fast-state", "The goals of a fast state", prog.goals)
    if all(g in house_goals().goals for g in own.goals):
        own = None                     # house goals are named by id only
    return Modules(poison=poison, special=tuple(special), goals=prog.ids, goal_file=own)


def to_round(state: FastState, **kw):
    """A ``Round`` in the same state (its history starts here; ``kw`` goes to ``Round``).

    A pending Fox or Woodcutter decision is rebuilt by replaying the card just played. In the
    Woodcutter's discard phase the card drawn cannot be told apart from the rest of the hand:
    every choice gives the same state, so a card whose absence makes the Woodcutter a legal
    play is put back on top of the deck and drawn again."""
    card = DECK.__getitem__
    hands = [cards_of(state.hands[0]), cards_of(state.hands[1])]
    deck = list(state.deck)
    trick = list(state.trick)
    tw, score, gain = list(state.tricks_won), list(state.score), list(state.round_gain)
    pending = None
    if state.phase == OVER:
        # Round() scores an empty position itself: hand it the score before the table's points.
        # (A finished round's Poison facts are not rebuilt: only its numbers are.)
        for p in (0, 1):
            score[p] -= POINTS[tw[p]]
            gain[p] -= POINTS[tw[p]]
    elif state.phase in (EXCHANGE, DISCARD):
        p = state.to_play
        pending = trick.pop()
        hands[p].append(pending)
        if state.phase == DISCARD:
            # Put back on the deck a card whose absence made the Woodcutter a legal play.
            before = mask_of(hands[p])
            drawn = next(c for c in reversed(hands[p][:-1])
                         if not trick or follow_mask(before & ~BIT[c], trick[0]) >> pending & 1)
            hands[p].remove(drawn)
            deck.insert(0, drawn)
    pos = Position(card(state.decree), (sorted(map(card, hands[0])), sorted(map(card, hands[1]))),
                   state.leader, [card(c) for c in deck], [card(c) for c in trick], tuple(tw),
                   tuple(score), tuple(gain))
    if state.goals is not None:
        if state.gstate != state.goals.initial or state.phase == OVER:
            raise InvalidState("This fast state carries goal progress from earlier tricks (a "
                               "goal claimed, cards taken, a run of tricks, or the round's "
                               "end already scored): a Round position cannot hold it, so it "
                               "cannot be made into a Round.")
        pos.modules = goal_modules(state.goals, state.poison)
        pos.goals = state.goals.ids
    elif state.poison:
        pos.modules = POISON
    rnd = Round(pos, **kw)
    if pending is not None:
        rnd.play(card(pending))
        if state.phase == DISCARD and rnd.phase != "discard":
            raise InvalidState("The fast state is inconsistent: a Woodcutter discard is due but "
                               "the deck was empty.")
    return rnd


# ----------------------------------------------------------------------------- moves

def move_card(move: int) -> int:
    return move & 63


def move_decision(move: int) -> int:
    """The exchanged or discarded card, or -1 when the move has no decision."""
    return (move >> 6) - 1


def make_move(card: int, decision: int = -1) -> int:
    return card | (decision + 1) << 6


def to_move(move: int):
    """The ``foxlib.Move`` for a fast move."""
    card, dec = move & 63, (move >> 6) - 1
    if dec < 0:
        return Move(DECK[card])
    if RANK[card] == rules.FOX:
        return Move(DECK[card], exchange=DECK[dec])
    return Move(DECK[card], discard=DECK[dec])


def from_move(move) -> int:
    dec = move.exchange if move.exchange is not None else move.discard
    return make_move(move.card.index, -1 if dec is None else dec.index)


def legal_cards(state: FastState) -> int:
    """Mask of the cards the player to play may play (0 outside the play phase)."""
    if state.phase != PLAY:
        return 0
    hand = state.hands[state.to_play]
    if not state.trick:
        return hand
    return follow_mask(hand, state.trick[0])


def follow_mask(hand: int, led: int) -> int:
    """Cards of ``hand`` that may follow ``led``: its suit if held (the Monarch forces the Swan
    or the highest of the suit), otherwise anything."""
    same = hand & CARD_SUIT_MASK[led]
    if not same:
        return hand
    if RANK[led] == rules.MONARCH:
        return (1 << (same.bit_length() - 1)) | (same & SWAN_BIT[led])
    return same


def legal_moves(state: FastState) -> list:
    """Every legal move (play + decision) in the play phase, as ints, ascending by card."""
    if state.phase != PLAY:
        return []
    p = state.to_play
    hand = state.hands[p]
    moves = []
    for c in cards_of(legal_cards(state)):
        rest = hand & ~BIT[c]
        r = RANK[c]
        if r == rules.FOX and rest:
            moves.append(c)
            moves.extend(c | (x + 1) << 6 for x in cards_of(rest))
        elif r == rules.WOODCUTTER and state.deck:
            moves.extend(c | (x + 1) << 6 for x in cards_of(rest | BIT[state.deck[0]]))
        else:
            moves.append(c)
    return moves


def legal_actions(state: FastState) -> list:
    """Single actions as ``Round.legal_actions`` lists them: cards, or for the Fox's exchange
    -1 (keep the decree) then the hand's cards, or the Woodcutter's possible discards."""
    if state.phase == PLAY:
        return cards_of(legal_cards(state))
    if state.phase == EXCHANGE:
        return [-1] + cards_of(state.hands[state.to_play])
    if state.phase == DISCARD:
        return cards_of(state.hands[state.to_play])
    return []


def _finish_card(state: FastState, hands, decree, deck, trick) -> FastState:
    """After a card and its decision: pass to the follower, or resolve the complete trick."""
    leader, tw, score, gain = state.leader, state.tricks_won, state.score, state.round_gain
    poison = state.poison
    if state.goals is not None:
        return _finish_goals(state, hands, decree, deck, trick)
    if len(trick) == 1:
        return FastState(hands, decree, deck, leader, trick, tw, score, gain, PLAY, poison)
    lead, follow = trick
    code = TRICK[(lead * 33 + follow) * 3 + SUIT[decree]]
    winner = leader ^ (code & 1)
    nxt = leader ^ (code >> 1 & 1)
    t = code >> 2
    if poison:
        # Treasure and Poison added up first, the score floored at 0 (as Round does).
        t -= POISON8[lead] + POISON8[follow]
        if t < -score[winner]:
            t = -score[winner]
    tw = (tw[0] + 1, tw[1]) if winner == 0 else (tw[0], tw[1] + 1)
    if t:
        score = (score[0] + t, score[1]) if winner == 0 else (score[0], score[1] + t)
        gain = (gain[0] + t, gain[1]) if winner == 0 else (gain[0], gain[1] + t)
    if hands[0] or hands[1]:
        return FastState(hands, decree, deck, nxt, (), tw, score, gain, PLAY, poison)
    pts = (POINTS[tw[0]], POINTS[tw[1]])
    score = (score[0] + pts[0], score[1] + pts[1])
    gain = (gain[0] + pts[0], gain[1] + pts[1])
    return FastState(hands, decree, deck, nxt, (), tw, score, gain, OVER, poison)


def _finish_goals(state: FastState, hands, decree, deck, trick) -> FastState:
    """``_finish_card`` with goal cards: each player's Treasure, Poison and goal points of the
    trick added up, then floored at 0; at the end the table's points, then the goals met at
    the end, floored at 0 (as ``Round._score_trick`` and ``Round._end_round``)."""
    if len(trick) == 1:
        return state._replace(hands=hands, decree=decree, deck=deck, trick=trick, phase=PLAY)
    leader, prog = state.leader, state.goals
    lead, follow = trick
    trump = SUIT[decree]
    code = TRICK[(lead * 33 + follow) * 3 + trump]
    winner = leader ^ (code & 1)
    nxt = leader ^ (code >> 1 & 1)
    t = code >> 2
    if state.poison:
        t -= POISON8[lead] + POISON8[follow]
    tw = list(state.tricks_won)
    tw[winner] += 1
    gs, d0, d1 = prog.step(state.gstate, lead, follow, trump, leader, winner, tw[0], tw[1])
    old = state.score
    score = [old[0] + d0, old[1] + d1]
    score[winner] += t
    score = [max(0, score[0]), max(0, score[1])]
    phase = PLAY
    if not (hands[0] or hands[1]):
        phase = OVER
        e0, e1 = prog.finish(gs, tw[0], tw[1], winner)
        score = [max(0, score[0] + POINTS[tw[0]] + e0), max(0, score[1] + POINTS[tw[1]] + e1)]
    gain = (state.round_gain[0] + score[0] - old[0], state.round_gain[1] + score[1] - old[1])
    return FastState(hands, decree, deck, nxt, (), tuple(tw), tuple(score), gain, phase,
                     state.poison, prog, gs)


def _illegal(text: str):
    raise IllegalAction(text)


def play(state: FastState, card: int) -> FastState:
    """Play a card (the Fox or Woodcutter then waits for its decision, as in ``Round.play``)."""
    if not legal_cards(state) >> card & 1:
        _illegal(f"{DECK[card]} is not a legal play here.")
    p = state.to_play
    hands = list(state.hands)
    hands[p] &= ~BIT[card]
    trick = state.trick + (card,)
    r = RANK[card]
    if r == rules.FOX and hands[p]:
        return state._replace(hands=tuple(hands), trick=trick, phase=EXCHANGE)
    if r == rules.WOODCUTTER and state.deck:
        hands[p] |= BIT[state.deck[0]]
        return state._replace(hands=tuple(hands), deck=state.deck[1:], trick=trick,
                              phase=DISCARD)
    return _finish_card(state, tuple(hands), state.decree, state.deck, trick)


def exchange(state: FastState, card: int = -1) -> FastState:
    """The Fox's decision: ``card`` from hand becomes the decree (-1 keeps the decree)."""
    p = state.to_play
    if state.phase != EXCHANGE or (card >= 0 and not state.hands[p] >> card & 1):
        _illegal("That Fox exchange is not possible now.")
    hands, decree = state.hands, state.decree
    if card >= 0:
        hands = list(hands)
        hands[p] = hands[p] & ~BIT[card] | BIT[decree]
        hands, decree = tuple(hands), card
    return _finish_card(state, hands, decree, state.deck, state.trick)


def discard(state: FastState, card: int) -> FastState:
    """The Woodcutter's decision: put ``card`` from hand at the bottom of the deck."""
    p = state.to_play
    if state.phase != DISCARD or not state.hands[p] >> card & 1:
        _illegal("That Woodcutter discard is not possible now.")
    hands = list(state.hands)
    hands[p] &= ~BIT[card]
    return _finish_card(state, tuple(hands), state.decree, state.deck + (card,), state.trick)


def apply(state: FastState, move: int) -> FastState:
    """Apply a compound move (as listed by ``legal_moves``); returns the new state."""
    card, dec = move & 63, (move >> 6) - 1
    state = play(state, card)
    if state.phase == EXCHANGE:
        return exchange(state, dec)
    if state.phase == DISCARD:
        if dec < 0:
            _illegal("The Woodcutter must say which card to discard.")
        return discard(state, dec)
    if dec >= 0:
        _illegal(f"{DECK[card]} takes no exchange or discard here.")
    return state


def apply_action(state: FastState, action: int) -> FastState:
    """Apply one action of the current phase (as listed by ``legal_actions``)."""
    if state.phase == EXCHANGE:
        return exchange(state, action)
    if state.phase == DISCARD:
        return discard(state, action)
    return play(state, action)


# ----------------------------------------------------------------------------- random play

def deal(rng: _random.Random, dealer: int = 0, poison: bool = False, goals=None,
         score=(0, 0)) -> FastState:
    """A uniformly shuffled deal: 13 cards each, the decree, a 6-card deck; non-dealer leads.
    ``goals``: the goals revealed for the round (``Goal`` values or house goal ids)."""
    a, b, decree, deck = _deal(rng.randrange(_PERMUTATIONS))
    prog = goal_program(goals)
    return FastState((a, b), decree, deck, 1 - dealer, (), (0, 0), tuple(score), (0, 0), PLAY,
                     poison, prog, () if prog is None else prog.initial)


_PERMUTATIONS = 1
for _i in range(2, 34):
    _PERMUTATIONS *= _i


def _deal(x: int):
    """Fisher-Yates driven by one uniform number below 33!, read digit by digit (mixed radix):
    exactly uniform and cheaper than 32 separate calls into the random generator."""
    cards = list(range(33))
    deck = []
    for i in range(32, 26, -1):
        x, j = divmod(x, i + 1)
        c = cards[j]
        cards[j] = cards[i]
        deck.append(c)
    x, j = divmod(x, 27)
    decree = cards[j]
    cards[j] = cards[26]
    b = 0
    for i in range(25, 12, -1):
        x, j = divmod(x, i + 1)
        b |= 1 << cards[j]
        cards[j] = cards[i]
    a = (1 << 33) - 1 ^ b ^ (1 << decree)
    for c in deck:
        a ^= 1 << c
    return a, b, decree, tuple(deck)


def random_round(rng: _random.Random, dealer: int = 0, log: list | None = None,
                 poison: bool = False, score=(0, 0), goals=None):
    """Deal and play a whole round with uniformly random legal actions (each play, each Fox
    exchange option including keeping the decree, each Woodcutter discard equally likely,
    as a ``RandomPlayer`` chooses). Returns ``(tricks_won_A, tricks_won_B, points_A,
    points_B)``, points being Treasure plus the table's points.

    When ``log`` is a list, the deal and every action and trick are appended to it (for tests):
    ``("deal", state)``, ``("play", c)``, ``("exchange", c or -1)``, ``("discard", c)``,
    ``("trick", winner, next_leader, treasure)``.

    ``poison``: the 8s are Poison 8s; then ``score`` (the scores before the round, for the
    floor at 0) is where the points start and the result's points are the scores at the end,
    and each logged trick's last number is the winner's change of score (Treasure minus
    Poison, floored). The base game draws the same random numbers either way.

    ``goals``: the goals revealed for the round (``Goal`` values, house goal ids, or a
    ``GoalProgram``; with or without ``poison``): the points are then the scores at the end,
    from ``score``, Treasure, Poison and goal points floored at 0 at every trick. The log then
    holds ``("claim", goal_index, player, trick)`` (trick 14: the end of the round) for every
    goal claimed or triggered, before its trick's ``("trick", winner, next_leader,
    change_A, change_B)`` (each score's change at that trick). The same random numbers are
    drawn as without goals.
    """
    a, b, decree, deck = _deal(rng.randrange(_PERMUTATIONS))
    if goals is not None:
        prog = goal_program(goals)
        if log is not None:
            log.append(("deal", FastState((a, b), decree, deck, 1 - dealer, (), (0, 0),
                                          tuple(score), (0, 0), PLAY, poison, prog,
                                          prog.initial)))
        return prog.playout(poison)([a, b], decree, list(deck), 1 - dealer, -1, 0, 0,
                                    score[0], score[1], rng.random, log, prog.initial)
    if poison:
        if log is not None:
            log.append(("deal", FastState((a, b), decree, deck, 1 - dealer, (), (0, 0),
                                          tuple(score), (0, 0), PLAY, True)))
        return _playout_poison([a, b], decree, list(deck), 1 - dealer, -1, 0, 0, score[0],
                               score[1], rng.random, log)
    if log is not None:
        log.append(("deal", FastState((a, b), decree, deck, 1 - dealer, (), (0, 0), (0, 0),
                                      (0, 0), PLAY)))
    return _playout([a, b], decree, list(deck), 1 - dealer, -1, 0, 0, 0, 0, rng.random, log)


def random_playout(state: FastState, rng: _random.Random, log: list | None = None):
    """Finish a round from ``state`` (play phase) with uniformly random legal actions; returns
    ``(tricks_won_A, tricks_won_B, score_A, score_B)`` at the end (scores include the table's
    points and whatever the state's score already held)."""
    if state.phase == OVER:
        return state.tricks_won + state.score
    if state.phase != PLAY:
        # Settle the pending decision at random first.
        acts = legal_actions(state)
        act = acts[int(rng.random() * len(acts))]
        if log is not None:
            log.append((PHASES[state.phase], act))
        after = apply_action(state, act)
        if log is not None and not after.trick and state.goals is not None:
            _log_goal_trick(state, after, log)
        elif log is not None and not after.trick:
            # The decision completed the trick: record it as the inner loop does.
            winner = 0 if after.tricks_won[0] > state.tricks_won[0] else 1
            log.append(("trick", winner, after.leader, after.score[winner] - state.score[winner]
                        - (POINTS[after.tricks_won[winner]] if after.phase == OVER else 0)))
        return random_playout(after, rng, log)
    led = state.trick[0] if state.trick else -1
    if state.goals is not None:
        return state.goals.playout(state.poison)(
            list(state.hands), state.decree, list(state.deck), state.leader, led,
            state.tricks_won[0], state.tricks_won[1], state.score[0], state.score[1], rng.random,
            log, state.gstate)
    if state.poison:
        return _playout_poison(list(state.hands), state.decree, list(state.deck), state.leader,
                               led, state.tricks_won[0], state.tricks_won[1], state.score[0],
                               state.score[1], rng.random, log)
    return _playout(list(state.hands), state.decree, list(state.deck), state.leader, led,
                    state.tricks_won[0], state.tricks_won[1], state.score[0], state.score[1],
                    rng.random, log)


def _log_goal_trick(state: FastState, after: FastState, log: list) -> None:
    """Log the claims and the trick that a pending decision completed, as the playout does."""
    prog, (lead, follow) = state.goals, state.trick
    trump = SUIT[after.decree]
    code = TRICK[(lead * 33 + follow) * 3 + trump]
    winner = state.leader ^ (code & 1)
    t = (code >> 2) - ((POISON8[lead] + POISON8[follow]) if state.poison else 0)
    t0, t1 = after.tricks_won
    gs, d0, d1 = prog.step(state.gstate, lead, follow, trump, state.leader, winner, t0, t1, log)
    mid = [max(0, state.score[p] + (d0, d1)[p] + (t if p == winner else 0)) for p in (0, 1)]
    log.append(("trick", winner, after.leader, mid[0] - state.score[0],
                mid[1] - state.score[1]))
    if after.phase == OVER:
        prog.finish(gs, t0, t1, winner, log)




def _playout(h, decree, deck, leader, led, t0, t1, s0, s1, rnd, log):
    """The inner loop of random play, everything inlined; hands as masks in the list ``h``.
    A uniform choice among ``n`` cards is ``int(random() * n)`` (its bias, below 1e-15, is far
    under anything measurable), then that many lowest set bits are cleared."""
    if log is not None:
        return _playout_logged(h, decree, deck, leader, led, t0, t1, s0, s1, rnd, log)
    TRICK_, SUIT_MASK_, SWAN_BIT_, DECIDES, MONARCH = (TRICK, CARD_SUIT_MASK, SWAN_BIT,
                                                        _DECIDES, _IS_MONARCH)
    trump = decree // 11
    while True:
        if led < 0:
            m = h[leader]
            if not m:
                break
            k = int(rnd() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            low = m & -m
            led = low.bit_length() - 1
            h[leader] ^= low
            if DECIDES[led]:
                decree, trump = _ability(h, leader, led, decree, trump, deck, rnd, None)
        f_ = leader ^ 1
        m = h[f_]
        same = m & SUIT_MASK_[led]
        if same:
            if MONARCH[led]:    # the Swan or the highest card of the suit
                same = (1 << (same.bit_length() - 1)) | (same & SWAN_BIT_[led])
            m = same
        k = int(rnd() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        low = m & -m
        fc = low.bit_length() - 1
        h[f_] ^= low
        if DECIDES[fc]:
            decree, trump = _ability(h, f_, fc, decree, trump, deck, rnd, None)
        code = TRICK_[(led * 33 + fc) * 3 + trump]
        if (code & 1) ^ leader:     # player 1 won the trick
            t1 += 1
            if code > 3:
                s1 += code >> 2
        else:
            t0 += 1
            if code > 3:
                s0 += code >> 2
        leader ^= code >> 1 & 1
        led = -1
    return t0, t1, s0 + POINTS[t0], s1 + POINTS[t1]


def _playout_logged(h, decree, deck, leader, led, t0, t1, s0, s1, rnd, log):
    """``_playout`` with every action and trick appended to ``log``. It draws the same random
    numbers in the same order, so a seeded round gives the same result either way (tested)."""
    trump = decree // 11
    while True:
        if led < 0:
            m = h[leader]
            if not m:
                break
            k = int(rnd() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            low = m & -m
            led = low.bit_length() - 1
            h[leader] ^= low
            log.append(("play", led))
            if _DECIDES[led]:
                decree, trump = _ability(h, leader, led, decree, trump, deck, rnd, log)
        f_ = leader ^ 1
        m = h[f_]
        same = m & CARD_SUIT_MASK[led]
        if same:
            if _IS_MONARCH[led]:
                same = (1 << (same.bit_length() - 1)) | (same & SWAN_BIT[led])
            m = same
        k = int(rnd() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        low = m & -m
        fc = low.bit_length() - 1
        h[f_] ^= low
        log.append(("play", fc))
        if _DECIDES[fc]:
            decree, trump = _ability(h, f_, fc, decree, trump, deck, rnd, log)
        code = TRICK[(led * 33 + fc) * 3 + trump]
        winner = leader ^ (code & 1)
        if winner:
            t1 += 1
            s1 += code >> 2
        else:
            t0 += 1
            s0 += code >> 2
        log.append(("trick", winner, leader ^ (code >> 1 & 1), code >> 2))
        leader ^= code >> 1 & 1
        led = -1
    return t0, t1, s0 + POINTS[t0], s1 + POINTS[t1]


def _playout_poison(h, decree, deck, leader, led, t0, t1, s0, s1, rnd, log):
    """``_playout`` with Poison 8s (and an optional ``log``): the winner's score changes by
    Treasure minus Poison, floored at 0. It draws the random numbers as ``_playout`` does."""
    trump = decree // 11
    while True:
        if led < 0:
            m = h[leader]
            if not m:
                break
            k = int(rnd() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            low = m & -m
            led = low.bit_length() - 1
            h[leader] ^= low
            if log is not None:
                log.append(("play", led))
            if _DECIDES[led]:
                decree, trump = _ability(h, leader, led, decree, trump, deck, rnd, log)
        f_ = leader ^ 1
        m = h[f_]
        same = m & CARD_SUIT_MASK[led]
        if same:
            if _IS_MONARCH[led]:
                same = (1 << (same.bit_length() - 1)) | (same & SWAN_BIT[led])
            m = same
        k = int(rnd() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        low = m & -m
        fc = low.bit_length() - 1
        h[f_] ^= low
        if log is not None:
            log.append(("play", fc))
        if _DECIDES[fc]:
            decree, trump = _ability(h, f_, fc, decree, trump, deck, rnd, log)
        code = TRICK[(led * 33 + fc) * 3 + trump]
        winner = leader ^ (code & 1)
        t = (code >> 2) - POISON8[led] - POISON8[fc]
        if winner:
            t1 += 1
            if t < -s1:
                t = -s1
            s1 += t
        else:
            t0 += 1
            if t < -s0:
                t = -s0
            s0 += t
        if log is not None:
            log.append(("trick", winner, leader ^ (code >> 1 & 1), t))
        leader ^= code >> 1 & 1
        led = -1
    return t0, t1, s0 + POINTS[t0], s1 + POINTS[t1]


def random_position(rng: _random.Random, cards_per_hand: int, deck_size: int = 6,
                    trick_in_progress: bool | None = None) -> FastState:
    """A random play-phase position for tests and benchmarks: ``cards_per_hand`` cards for the
    leader (the follower holds one more when a card has been led), a random decree and deck,
    the other cards out of play, tricks already won split at random."""
    if not 1 <= cards_per_hand <= 13 or not 0 <= deck_size <= 33 - 2 * cards_per_hand - 2:
        raise InvalidState("random_position: cards_per_hand must be 1..13 and the deck must "
                           "fit in what is left of the 33 cards.")
    if trick_in_progress is None:
        trick_in_progress = rng.random() < 0.5
    cards = list(range(33))
    rng.shuffle(cards)
    n = cards_per_hand
    leader = rng.randrange(2)
    lead_hand = cards[:n]
    follow_hand = cards[n:2 * n + (1 if trick_in_progress else 0)]
    rest = cards[2 * n + (1 if trick_in_progress else 0):]
    trick = ()
    if trick_in_progress:
        trick = (rest.pop(),)
    decree = rest.pop()
    deck = tuple(rest[:deck_size])
    played = 13 - n - (1 if trick_in_progress else 0)
    won = rng.randint(0, played)
    hands = [0, 0]
    hands[leader] = mask_of(lead_hand)
    hands[1 - leader] = mask_of(follow_hand)
    tw = (won, played - won)
    score = (rng.randrange(0, 20), rng.randrange(0, 20))
    return FastState(tuple(hands), decree, deck, leader, trick, tw, score, (0, 0), PLAY)
