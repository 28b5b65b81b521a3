"""Evaluators for the strong player: the value of each action in one fully known deal.

The strong player samples deals of the cards it cannot see and asks an evaluator, for each
sample, how good each of its legal actions is *if that sample were the truth*. Every evaluator
answers in the same unit: the points the player to move gains from now to the end of the round
(Treasure and the round's table points) minus the points its opponent gains, under the
evaluator's model of play. Actions are those of ``foxlib.fast.base.legal_actions``: card indices, and
-1 for keeping the decree after a Fox.

- ``SolverEvaluator``: exact values from ``foxlib.search.solver`` (perfect play by both, all cards known).
- ``MinimaxEvaluator``: a small exact alpha-beta search of our own over ``foxlib.fast.base`` states;
  correct but slower, used for goal cards (which the solver does not value).
- ``RolloutEvaluator``: averages random playouts; cheap, rough, no look-ahead.
- ``PolicyRolloutEvaluator``: one playout per action by a simple band-aware policy (the
  opponent's moves optionally random); ``LookaheadEvaluator``: a few tricks searched exactly,
  then such a playout.

``default_evaluator()`` stages them by the cards left, with the solver near the end.
"""
from __future__ import annotations

import random
import time

from ..fast import base as fast
from . import guided, solver

INF = 10 ** 6


class OutOfTime(Exception):
    """An evaluation passed its deadline; its partial result is thrown away."""


class Evaluator:
    """``values(state, deadline=None) -> (dict action -> value, work)`` for ``state.to_play``;
    ``work`` counts the search nodes (or playouts) spent, so callers can budget
    deterministically. Past ``deadline`` (a ``time.perf_counter()`` value) it raises
    ``OutOfTime``."""

    name = "evaluator"

    def values(self, state: fast.FastState, deadline=None):
        raise NotImplementedError

    def plan(self, state: fast.FastState):
        """(the evaluator that will value ``state``, deals to sample or None for the caller's
        default). Staged evaluators pick by the cards left."""
        return self, None


def _check(deadline) -> None:
    if deadline is not None and time.perf_counter() >= deadline:
        raise OutOfTime()


def _gain_diff(state, p) -> int:
    return state.round_gain[p] - state.round_gain[1 - p]


def _child_value(state, child, p, future) -> float:
    """Value for ``p`` of moving from ``state`` to ``child``: points gained on the way plus the
    child's own future value (``future`` is for the child's player to move)."""
    now = _gain_diff(child, p) - _gain_diff(state, p)
    if child.phase == fast.OVER:
        return now
    return now + (future if child.to_play == p else -future)


def _group_moves(state, move_values) -> dict:
    """Fold compound-move values into action values: a card is worth its best decision."""
    out: dict = {}
    for move, value in move_values:
        card = move & 63
        if value > out.get(card, -INF):
            out[card] = value
    return out


class MinimaxEvaluator(Evaluator):
    """Exact alpha-beta over compound moves with a transposition table (our own, small)."""

    name = "minimax"

    def __init__(self):
        self.nodes = 0
        self.deadline = None

    def values(self, state, deadline=None):
        # A small deal may take fewer nodes than the search's periodic check: check first.
        _check(deadline)
        self.nodes = 0
        self.deadline = deadline
        table: dict = {}
        p = state.to_play
        if state.phase == fast.PLAY:
            scored = [(m, _child_value(state, c, p, self._search(c, table)))
                      for m in fast.legal_moves(state) for c in (fast.apply(state, m),)]
            return _group_moves(state, scored), self.nodes
        out = {}
        for a in fast.legal_actions(state):
            child = fast.apply_action(state, a)
            out[a] = _child_value(state, child, p, self._search(child, table))
        return out, self.nodes

    def _search(self, state, table, alpha=-INF, beta=INF) -> int:
        """Future points difference for the player to move (negamax)."""
        if state.phase == fast.OVER:
            return 0
        self.nodes += 1
        if not self.nodes & 1023:
            _check(self.deadline)
        # With Poison 8s the floor at 0 makes a trick's worth depend on the scores.
        key = (state.hands, state.decree, state.deck, state.leader, state.trick,
               state.tricks_won, state.phase)
        if state.poison or state.goals is not None:
            # The floor at 0 makes the future points depend on the scores, and goals on what
            # they have counted so far.
            key += (state.score, state.gstate)
        hit = table.get(key)
        if hit is not None:
            low, high = hit
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        a0, b0 = alpha, beta
        p = state.to_play
        best = -INF
        moves = (fast.legal_moves(state) if state.phase == fast.PLAY
                 else fast.legal_actions(state))
        step = fast.apply if state.phase == fast.PLAY else fast.apply_action
        for m in moves:
            child = step(state, m)
            now = _gain_diff(child, p) - _gain_diff(state, p)
            if child.phase == fast.OVER:
                v = now
            elif child.to_play == p:
                v = now + self._search(child, table, alpha - now, beta - now)
            else:
                v = now - self._search(child, table, -(beta - now), -(alpha - now))
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        low, high = table.get(key, (-INF, INF))
        if best <= a0:
            high = min(high, best)
        elif best >= b0:
            low = max(low, best)
        else:
            low = high = best
        table[key] = (low, high)
        return best


class RolloutEvaluator(Evaluator):
    """Average of random playouts after each action: no look-ahead, only a rough guide."""

    name = "rollouts"

    def __init__(self, playouts: int = 8, seed=0):
        self.playouts = playouts
        self.seed = seed

    def values(self, state, deadline=None):
        # Seeded by the state, so the values do not depend on what was asked before.
        self.rng = random.Random(f"{self.seed}|{tuple(state)}")
        p = state.to_play
        out, work = {}, 0
        for a in fast.legal_actions(state):
            _check(deadline)
            total = 0
            for _ in range(self.playouts):
                end = fast.random_playout(fast.apply_action(state, a), self.rng)
                total += (end[2 + p] - end[3 - p]) - (state.score[p] - state.score[1 - p])
                work += 1
            out[a] = total / self.playouts
        return out, work


class SolverEvaluator(Evaluator):
    """Exact values from ``foxlib.search.solver`` (perfect play with all cards known)."""

    name = "solver"

    def __init__(self, node_limit=None):
        self.solver = solver
        self.node_limit = node_limit

    def values(self, state, deadline=None):
        if hasattr(self.solver, "action_values"):
            # One search per card (its best Fox or Woodcutter choice included): cheaper.
            values, nodes, complete = self.solver.action_values(
                state, node_limit=self.node_limit, time_limit=self._left(deadline))
            if not complete:
                raise OutOfTime()
            return values, nodes
        analysis = self._solve(state, deadline)
        if state.phase == fast.PLAY:
            scored = [(fast.from_move(mv.move), mv.value) for mv in analysis.moves]
            return _group_moves(state, scored), analysis.nodes
        # A pending Fox or Woodcutter decision: each move is the card just played with one
        # choice; the action is the choice (-1 for keeping the decree).
        return ({(fast.from_move(mv.move) >> 6) - 1: mv.value for mv in analysis.moves},
                analysis.nodes)

    @staticmethod
    def _left(deadline):
        if deadline is None:
            return None
        limit = deadline - time.perf_counter()
        if limit <= 0:
            raise OutOfTime()
        return limit

    def _solve(self, state, deadline):
        limit = self._left(deadline)
        try:
            if hasattr(self.solver, "solve_state"):
                analysis = self.solver.solve_state(state, node_limit=self.node_limit,
                                                   time_limit=limit, lines=False)
            else:
                analysis = self.solver.solve(fast.to_round(state), node_limit=self.node_limit,
                                             time_limit=limit)
        except getattr(self.solver, "SearchLimit", OutOfTime):
            raise OutOfTime() from None
        if not analysis.complete:
            raise OutOfTime()
        return analysis


def default_evaluator(poison: bool = False) -> Evaluator:
    """The strong player's evaluators and deals, by the cards left in the larger hand, chosen
    from measurements (``docs/players.md``) to stay well under a second a move on this machine:

    - up to 6 cards: exact values (the solver), 40-64 deals;
    - 7 cards: two tricks searched exactly, then guided playouts, 16 deals;
    - 8 to 13 cards: guided playouts, 200 deals.

    In the playouts the opponent plays random legal moves (``noise=1``): measured in whole
    rounds, that model of the opponent did better than the guided policy for both players,
    against random play and against the rule-of-thumb player alike (``docs/players.md``).

    ``poison``: for rounds with Poison 8s. The schedule is the same: the solver counts the
    Poison and its floor at 0 in every value (``docs/solver.md``), and so do the playouts.
    """
    exact = SolverEvaluator()
    return Schedule([
        (6, exact, {1: 1, 2: 8, 3: 32, 4: 64, 5: 64, 6: 40}),
        (7, LookaheadEvaluator(2, PolicyRolloutEvaluator(noise=1.0)), 16),
        (13, PolicyRolloutEvaluator(noise=1.0), 200),
    ])


def goals_evaluator() -> Evaluator:
    """The strong player's schedule for rounds with goal cards (with or without Poison 8s),
    which the solver does not value. Our small exact search costs far more per deal than the
    solver (CPU time per deal with Poison and goals: about 9 ms at 4 cards, 70 ms at 5, 670 ms
    at 6; two tricks searched then playouts: 11 ms at 5, 54 ms at 6, 100 ms at 7; a guided
    playout of every action: 1-4 ms; ``docs/players.md``), so the deals are spread to stay
    under a second a move (the cap cuts a slow move short):

    - up to 4 cards: exact values (our small search), 1-48 deals;
    - 5 to 7 cards: two tricks searched exactly, then guided playouts, 40, 10 and 8 deals;
    - 8 to 13 cards: guided playouts, 200 deals.

    Every stage plays the fast path's rules, so every value counts Treasure, Poison, the goals
    (claims at each trick and at the end) and the floor at 0.
    """
    return Schedule([
        (4, MinimaxEvaluator(), {1: 1, 2: 8, 3: 32, 4: 48}),
        (7, LookaheadEvaluator(2, PolicyRolloutEvaluator(noise=1.0)), {5: 40, 6: 10, 7: 8}),
        (13, PolicyRolloutEvaluator(noise=1.0), 200),
    ])


class HybridEvaluator(Evaluator):
    """An exact evaluator once the hands are small, a cheaper one before that."""

    name = "hybrid"

    def __init__(self, exact: Evaluator, rough: Evaluator, exact_cards: int = 6):
        self.exact, self.rough, self.exact_cards = exact, rough, exact_cards

    def values(self, state, deadline=None):
        return self.pick(state).values(state, deadline)

    def pick(self, state) -> Evaluator:
        return self.exact if _cards(state) <= self.exact_cards else self.rough

    def plan(self, state):
        return self.pick(state), None


class Schedule(Evaluator):
    """Stages by the cards left in the larger hand: ``stages`` is a list of
    ``(most_cards, evaluator, deals)`` in increasing ``most_cards``; ``deals`` is a number, a
    dict from cards to numbers, or None (the caller's default)."""

    name = "schedule"

    def __init__(self, stages):
        self.stages = sorted(stages, key=lambda st: st[0])

    def plan(self, state):
        cards = _cards(state)
        for most, evaluator, deals in self.stages:
            if cards <= most:
                if isinstance(deals, dict):
                    deals = deals.get(cards)
                return evaluator, deals
        most, evaluator, deals = self.stages[-1]
        return evaluator, deals if not isinstance(deals, dict) else None

    def values(self, state, deadline=None):
        return self.plan(state)[0].values(state, deadline)


def _cards(state) -> int:
    return max(state.hands[0].bit_count(), state.hands[1].bit_count())


# ----------------------------------------------------------------------------- guided playouts

class PolicyRolloutEvaluator(Evaluator):
    """Plays each action out once with a simple band-aware policy for both players, all cards
    known: aim low (0-3 tricks) with a hand of few heavy cards, otherwise aim for 7-9; win
    cheaply when aiming high, lose with the dearest possible card when aiming low, and stop
    winning at nine. Far cheaper than a full search: a first guess for the opening tricks,
    when exact search of every sampled deal would take too long.

    ``noise`` is the chance that the opponent (of the player valuing its actions) plays a
    random legal action instead of the policy's; the random numbers are seeded by the
    position, so values stay a function of the state. The default player uses ``noise=1``:
    its own moves follow the policy, the opponent's are random."""

    name = "policy rollouts"

    def __init__(self, noise: float = 0.0, seed=0, blind: bool = False):
        if not 0 <= noise <= 1:
            raise ValueError(f"noise must be a probability between 0 and 1, not {noise!r}.")
        self.noise = noise
        self.seed = seed
        self.blind = blind

    def values(self, state, deadline=None):
        p = state.to_play
        base = _gain_diff(state, p)
        out = {}
        # Every action's playout draws the same random numbers (fairer comparisons).
        key = f"{self.seed}|{tuple(state)}"
        for a in fast.legal_actions(state):
            _check(deadline)
            out[a] = _diff(self.playout(fast.apply_action(state, a), p, key), p) - base
        return out, len(out)

    def playout(self, s: fast.FastState, me: int | None = None, key=None) -> tuple:
        """The round's gains (``round_gain``) at the end of the guided playout from ``s``
        (``foxlib.search.guided``). With ``noise``, the opponent of ``me`` plays a random legal
        action that often; the random numbers are seeded by ``key`` or else by the position,
        so the result is a function of ``s`` and ``key``."""
        if self.noise and me is not None and key is None:
            key = f"{self.seed}|{tuple(s)}"
        return guided.playout(s, me, self.noise, key, self.blind)


def _diff(gain, p) -> int:
    return gain[p] - gain[1 - p]


class LookaheadEvaluator(Evaluator):
    """Exact alpha-beta search over the next ``tricks`` tricks (every decision included), then
    a guided playout from each position reached. Sharper than playouts alone about the tricks
    in front of it, and far cheaper than a full search while the hands are large."""

    name = "look-ahead"

    def __init__(self, tricks: int = 1, leaf: "PolicyRolloutEvaluator | None" = None):
        self.tricks = tricks
        self.leaf = leaf if leaf is not None else PolicyRolloutEvaluator()
        self.nodes = 0
        self.deadline = None

    def values(self, state, deadline=None):
        _check(deadline)
        p, n0 = state.to_play, sum(state.tricks_won)
        self.nodes, self.deadline = 0, deadline
        base = _gain_diff(state, p)
        out = {}
        for a in fast.legal_actions(state):
            out[a] = self._search(fast.apply_action(state, a), p, n0, -INF, INF) - base
        return out, self.nodes

    def _search(self, s, p, n0, alpha, beta) -> int:
        """Final round-gain difference for ``p`` (minimax with playouts at the horizon)."""
        if s.phase == fast.OVER:
            return s.round_gain[p] - s.round_gain[1 - p]
        self.nodes += 1
        if not self.nodes & 63:      # a node at the horizon costs a whole playout
            _check(self.deadline)
        if sum(s.tricks_won) - n0 >= self.tricks and not s.trick and s.phase == fast.PLAY:
            gain = self.leaf.playout(s, p)
            return gain[p] - gain[1 - p]
        maxing = s.to_play == p
        best = -INF if maxing else INF
        for a in fast.legal_actions(s):
            v = self._search(fast.apply_action(s, a), p, n0, alpha, beta)
            if maxing:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

