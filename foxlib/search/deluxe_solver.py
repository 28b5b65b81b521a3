"""Exact analysis of a round played with the Deluxe modules, every card known.

``foxlib.search.solver`` searches the base game (and Poison 8s) over the fast integer state; the
special cards' abilities, the goal cards' claims and the floor at 0 do not fit there. This
module searches the rules engine itself (``Round.legal_actions``/``act``/``undo``), so it
plays every module exactly as the engine does, one decision at a time (a Crown, a Hammer's
suit, a Fairy's take, a dig, the Potion's choices: each is a node of the search).

**Chance.** The Tree's card, the Fairy's two cards and the Shovel's card are picked at random
(rulings SC19). Here they are chance nodes: every possible pick is searched and the values are
averaged, each pick as likely as the others. So a value is an *expected* value, exact as a
fraction (``fractions.Fraction``), and "with all cards known" means: every card's place is
known now, the random picks to come are not.

**Objectives** as in ``foxlib.search.solver``: ``"points"`` (the points the player to play gains from
now to the end of the round, Poison losses, goal points and the floor at 0 included, minus the
opponent's), ``Band(player, band)`` and ``TrickGoal(player, win)`` (then a value is the
chance, from 0 to 1, that the goal's player gets it with best play by both).

**Limits.** The search is a plain expectimax with a transposition table: fine for the last
tricks of a round (puzzles, reviews of an ending), far too slow for a whole round. A node or
time limit stops it; the analysis then says so (``complete`` False) and gives no values.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from fractions import Fraction

from ..core.errors import InvalidState
from ..engine.round import Action, ChanceNeeded, Round
from .solver import POINTS, Band, SearchLimit, TrickGoal, _check_objective

__all__ = ["ActionValue", "DeluxeAnalysis", "solve_deluxe", "value_words"]


@dataclass(frozen=True)
class ActionValue:
    """One legal action and what it is worth for the player to play (expected, exact)."""

    action: Action
    value: Fraction
    explanation: str


@dataclass(frozen=True)
class DeluxeAnalysis:
    """Every legal action with its value, best first (``best``: those of the best value).
    ``complete`` is False when a node or time limit stopped the search: then there are no
    values and ``limit`` says why."""

    to_play: int
    objective: object
    actions: tuple
    best: tuple
    nodes: int
    seconds: float
    complete: bool = True
    limit: str | None = None

    @property
    def value(self) -> Fraction | None:
        return self.best[0].value if self.best else None

    def to_json(self) -> dict:
        out = {"to_play": "AB"[self.to_play], "nodes": self.nodes,
               "seconds": round(self.seconds, 6), "complete": self.complete,
               "actions": [{"action": av.action.to_json(), "value": str(av.value),
                            "approx": round(float(av.value), 4)} for av in self.actions]}
        if self.limit:
            out["limit"] = self.limit
        return out


def value_words(value: Fraction, objective) -> str:
    """'+2 points', '-1/3 of a point', 'a 2/3 chance'."""
    if objective == POINTS:
        if value.denominator == 1:
            n = int(value)
            return f"{n:+d} point{'s' if abs(n) != 1 else ''}"
        return f"{'+' if value > 0 else '-'}{abs(value)} of a point (about {float(value):+.2f})"
    if value == 1:
        return "a sure thing"
    if value == 0:
        return "no chance"
    return f"a {value} chance (about {float(value):.0%})"


class _Search:
    def __init__(self, rnd: Round, objective, node_limit, time_limit):
        self.rnd = rnd
        self.objective = objective
        # Values are for ``me``: the player to play for points, the goal's player for a goal
        # (as in foxlib.search.solver: a goal's value is the chance its player gets it).
        self.root = rnd.to_play if objective == POINTS else objective.player
        self.start_score = tuple(rnd.score)
        self.start_tricks = len(rnd.tricks)
        self.nodes = 0
        self.node_limit = node_limit
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.table: dict = {}

    # -- values are for the root player: higher is better for them
    def leaf(self) -> Fraction:
        rnd, obj = self.rnd, self.objective
        if obj == POINTS:
            mine = rnd.score[self.root] - self.start_score[self.root]
            theirs = rnd.score[1 - self.root] - self.start_score[1 - self.root]
            return Fraction(mine - theirs)
        if isinstance(obj, Band):
            low, high = obj.range
            got = low <= rnd.tricks_won[obj.player] <= high
        else:
            trick = rnd.tricks[self.start_tricks]
            got = (trick.winner == obj.player) == obj.win
        return Fraction(int(got))

    def done(self) -> bool:
        rnd = self.rnd
        if rnd.is_over:
            return True
        return isinstance(self.objective, TrickGoal) and len(rnd.tricks) > self.start_tricks

    def key(self) -> tuple:
        """What the rest of the round depends on (not how it got here): the cards' places,
        whose turn and what is pending, tricks and scores, the special cards' trick state and
        each player's last won trick (a Shovel digs there). With goal cards the tricks so far
        count too: a goal's claims depend on them."""
        r = self.rnd
        sp = tuple(sorted((k, str(v)) for k, v in r.sp.items()))
        key = (r.decree, tuple(sorted(r.hands[0])), tuple(sorted(r.hands[1])), tuple(r.deck),
               tuple(r.trick), r.phase, r.to_play, r.leader, tuple(r.tricks_won),
               tuple(r.score), sp, tuple(tuple(p[-1]) if p else () for p in r.piles))
        if r.goals:
            key += tuple((t.cards, t.winner) for t in r.tricks)
        return key

    def tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit(f"the search stopped after {self.node_limit} positions")
        if self.deadline is not None and self.nodes % 256 == 0 and \
                time.perf_counter() > self.deadline:
            raise SearchLimit("the search ran out of time")

    def value(self) -> Fraction:
        self.tick()
        if self.done():
            return self.leaf()
        key = self.key()
        known = self.table.get(key)
        if known is not None:
            return known
        rnd = self.rnd
        maximise = rnd.to_play == self.root
        values = [self.after(a) for a in rnd.legal_actions()]
        best = max(values) if maximise else min(values)
        self.table[key] = best
        return best

    def after(self, action, given=()) -> Fraction:
        """The value after ``action``, averaged over the random picks it brings."""
        rnd = self.rnd
        rnd.give_chance(given)
        try:
            rnd.act(action)
        except ChanceNeeded as need:
            rnd.undo()
            picks = list(itertools.combinations(need.pool, need.n))
            total = sum((self.after(action, (*given, pick)) for pick in picks), Fraction(0))
            rnd.give_chance(())
            return total / len(picks)
        try:
            return self.value()
        finally:
            rnd.undo()
            rnd.give_chance(())


def solve_deluxe(rnd: Round, objective=POINTS, node_limit=2_000_000,
                 time_limit=None) -> DeluxeAnalysis:
    """Analyse every legal action of the player to play in ``rnd``, every card known, any
    modules: each action's expected value with best play by both from then on (random picks
    averaged). The round is left as it was."""
    if not isinstance(rnd, Round):
        raise InvalidState(f"solve_deluxe analyses a Round, not {type(rnd).__name__}.")
    objective = _check_objective(objective)
    if rnd.is_over:
        raise InvalidState("The round is over: there is nothing left to decide.")
    work = rnd.copy()
    work.ask_chance = True
    search = _Search(work, objective, node_limit, time_limit)
    started = time.perf_counter()
    actions = work.legal_actions()
    try:
        values = [(a, search.after(a)) for a in actions]
    except SearchLimit as stop:
        return DeluxeAnalysis(rnd.to_play, objective, (), (), search.nodes,
                              time.perf_counter() - started, False, str(stop))
    # Best first for the player to play: the highest value, or for a goal of the opponent's,
    # the lowest chance.
    sign = 1 if rnd.to_play == search.root else -1
    values.sort(key=lambda av: -sign * av[1])
    items = tuple(ActionValue(a, v, _explain(rnd, a, v, objective)) for a, v in values)
    top = items[0].value
    return DeluxeAnalysis(rnd.to_play, objective, items,
                          tuple(i for i in items if i.value == top), search.nodes,
                          time.perf_counter() - started)


def _explain(rnd: Round, action: Action, value: Fraction, objective) -> str:
    what = str(action)
    if action.kind == "play" and action.card is not None:
        what = f"Playing the {action.card.name(rnd.theme)}"
    elif action.kind == "crown":
        what = f"Playing the {action.card.name(rnd.theme)} with the Crown"
    else:
        what = f"'{action}'"
    if objective == POINTS:
        return (f"{what} is worth {value_words(value, objective)} against your opponent "
                "(every card known, random picks averaged).")
    goal = objective.describe()
    return f"{what} gives {value_words(value, objective)} to {goal} (every card known)."
