"""Exact analysis of a position in which every card is known.

``solve(rnd)`` looks at every legal move of the player to play and computes what it is worth
when both players play perfectly to the end of the round. Three questions can be asked:

- ``"points"`` (the default): the points the player to play gains from now on (Treasure, plus
  the table's points for the tricks they end with, tricks already won included) minus the
  points the opponent gains from now on. Winning the most tricks is not the aim: 10 or more
  tricks score nothing. With Poison 8s a gain is the real rise of a score: Treasure minus
  Poison for each trick won, floored at 0, so the scores before the position matter.
- ``Band(player, band)``: can ``player`` force ending the round in a band ('Humble',
  'Defeated', 'Victorious', 'Greedy', or a ``(low, high)`` range of tricks)?
- ``TrickGoal(player, win=True)``: can ``player`` force winning (or losing) the current trick?

For a band or trick goal a move's value is 1 when, after that move, the goal's player can
force the goal whatever the other player does from then on, and 0 when the other player can
stop it. When the goal's player is the one to play, 1 means "this move secures the goal";
when it is the opponent, 0 means "this move stops them".

``solve_value(rnd)`` answers only the position's value and one move that achieves it
(cheaper: no other move is valued).

How: alpha-beta search over the fast integer state (``foxlib.fast.base``), one node per trick (the
follower's replies looped over inside it), a lean plain search where no Fox or Woodcutter
decision can follow, transposition tables, null-window (MTD(f)) passes, move ordering
(table, killers, history, a static reply order), score bounds, exact tables for the last two
tricks, and equivalent cards searched once. ``docs/solver.md`` explains each part, and why
equivalent cards really are equivalent. With Poison 8s the points objective has its own search
above the floor (``foxlib.search.poison``, carrying the scores) that hands over to the same search
with Poison tables once the floor at 0 can no longer bind. Goal cards and special cards are
refused with the reason.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ..fast import base as fast
from ..core import rules
from ..core.cards import DECK, Card
from ..core.errors import InvalidState
from ..engine.round import PLAYERS, Move, Round
from .alphabeta import Search
from .masks import BIG
from .moves import child_states, root_classes
from .objectives import POINTS, Band, TrickGoal, check_objective as _check_objective
from .poison import PoisonSearch
from .table import SearchLimit

__all__ = ["Band", "TrickGoal", "MoveValue", "Analysis", "RootValue", "solve", "solve_state",
           "solve_value", "value_state", "action_values", "principal_line", "SearchLimit"]


# ----------------------------------------------------------------------------- results

@dataclass(frozen=True)
class MoveValue:
    """One legal move, what it is worth for the player to play, and why in plain words."""

    move: Move
    value: int
    explanation: str
    exact: bool = True          # False when a search limit left only an estimate
    low: int | None = None      # proven bounds on the true value (equal to value when exact)
    high: int | None = None


@dataclass(frozen=True)
class Analysis:
    """Every legal move with its value, best first. ``complete`` is False when a node or time
    limit stopped the search; then the inexact values are estimates and ``limit`` says so."""

    to_play: int
    objective: object
    moves: tuple
    best: tuple
    nodes: int
    seconds: float
    complete: bool = True
    limit: str | None = None

    @property
    def value(self) -> int | None:
        """The value of the position for the player to play (that of the best moves)."""
        return self.best[0].value if self.best else None

    def value_of(self, move) -> int:
        """The value of one move (a ``Move`` or a card)."""
        for mv in self.moves:
            if mv.move == move or (not isinstance(move, Move) and mv.move == Move(Card(move))):
                return mv.value
        raise InvalidState(f"{move} is not one of the legal moves analysed.")

    def to_json(self) -> dict:
        return {"to_play": PLAYERS[self.to_play],
                "moves": [{"play": mv.move.to_json(), "value": mv.value} for mv in self.moves],
                "nodes": self.nodes, "seconds": round(self.seconds, 6)}




@dataclass(frozen=True)
class RootValue:
    """The value of a position for the player to play, and one move that achieves it (no
    value for the other moves: cheaper than ``solve``). ``value`` is in the same units as a
    ``MoveValue``'s (points difference, or 1/0 for a goal). When a node or time limit stopped
    the search, ``complete`` is False, ``value`` is None and ``low``/``high`` bound it."""

    to_play: int
    objective: object
    value: int | None
    best: tuple             # a best move (one ``Move``), or () when a limit stopped it first
    nodes: int
    seconds: float
    complete: bool = True
    limit: str | None = None
    low: int | None = None
    high: int | None = None

    def to_json(self) -> dict:
        out = {"to_play": PLAYERS[self.to_play], "value": self.value,
               "best": [mv.to_json() for mv in self.best], "nodes": self.nodes,
               "seconds": round(self.seconds, 6)}
        if not self.complete:
            out.update(complete=False, limit=self.limit, low=self.low, high=self.high)
        return out


# ----------------------------------------------------------------------------- the root

#: Most entries the transposition tables of one search may hold together (about 650 MB)
#: before they are emptied (``foxlib.search.table``).
TABLE_CAP = 4_000_000


def _remaining_tricks(s: fast.FastState) -> int:
    """Tricks still to be completed, the one in progress included."""
    if len(s.trick) == 2:
        return 1 + s.hands[s.leader].bit_count()
    if len(s.trick) == 1:
        return s.hands[1 - s.leader].bit_count()
    return s.hands[s.leader].bit_count()


def _as_move(s: fast.FastState, choice: int) -> Move:
    """The ``Move`` for a choice of ``child_states`` (a pending decision names its card)."""
    if s.phase == fast.PLAY:
        return fast.to_move(choice)
    card = DECK[s.trick[-1]]
    if s.phase == fast.EXCHANGE:
        return Move(card, exchange=None if choice < 0 else DECK[choice])
    return Move(card, discard=DECK[choice])


class _Root:
    """Exact values of positions below the root, from the root player's point of view,
    counting what is gained from the root position on."""

    def __init__(self, s: fast.FastState, objective, node_limit=None, deadline=None):
        self.s = s
        self.me = s.to_play
        self.objective = objective
        self.total = sum(s.tricks_won) + _remaining_tricks(s)
        if s.poison and objective == POINTS:
            self.search = PoisonSearch(self.total, node_limit, deadline, TABLE_CAP)
        else:
            # Poison 8s change no trick's winner (ruling P1): a band's search is the same.
            self.search = Search(objective, self.total, node_limit, deadline,
                                 table_cap=TABLE_CAP)

    def value(self, st: fast.FastState, alpha: int, beta: int) -> int:
        """Fail-soft value of ``st`` within (alpha, beta)."""
        me, s, search = self.me, self.s, self.search
        if self.objective == POINTS:
            delta = (st.score[me] - s.score[me]) - (st.score[1 - me] - s.score[1 - me])
        else:
            delta = 0
        if st.phase == fast.OVER:
            return delta if self.objective == POINTS else search.final[me * 14 + st.tricks_won[me]]
        if st.phase != fast.PLAY:
            # A pending decision (only at the root): the decider picks the best choice.
            best = None
            for _, child in child_states(st):
                v = self.value(child, alpha, beta)
                if st.to_play == me:
                    best = v if best is None else max(best, v)
                    alpha = max(alpha, v)
                else:
                    best = v if best is None else min(best, v)
                    beta = min(beta, v)
                if alpha >= beta:
                    break
            return best
        if st.to_play == me:
            return delta + search.value(st, alpha - delta, beta - delta)
        return delta - search.value(st, delta - beta, delta - alpha)

    def exact(self, st: fast.FastState, guess: int, bounds: list) -> int:
        """MTD(f): null-window tests until the proven bounds meet. ``bounds`` is updated in
        place, so a search stopped by a limit still reports what it proved."""
        g = guess
        while bounds[0] < bounds[1]:
            beta = g + 1 if g == bounds[0] else g
            g = self.value(st, beta - 1, beta)
            if g < beta:
                bounds[1] = g
            else:
                bounds[0] = g
        return g

    def line(self, st: fast.FastState, v: int) -> tuple:
        """A principal line from ``st`` whose value is ``v``: at each turn a choice that keeps
        the value (the player to play's best), found by null-window tests. Returns the
        (state, choice) steps and the final state."""
        out = []
        while st.phase != fast.OVER:
            mine = st.to_play == self.me
            for choice, child in child_states(st):
                if mine and self.value(child, v - 1, v) >= v:
                    break
                if not mine and self.value(child, v, v + 1) <= v:
                    break
            else:
                raise AssertionError("no move keeps the value: the search is inconsistent")
            out.append((st, choice))
            st = child
        return out, st


def _card_text(move: Move) -> str:
    text = f"the {move.card.name()}"
    if move.exchange is not None:
        text += f", swapping the {move.exchange.name()} for the decree card"
    if move.discard is not None:
        text += f", putting the {move.discard.name()} under the deck"
    return text


def _move_text(move: Move, s: fast.FastState) -> str:
    """'the 9 of Moons', 'the 3 of Bells, keeping the decree card', ..."""
    text = _card_text(move)
    fox = move.card.rank == rules.FOX and move.exchange is None
    if fox and (s.phase == fast.EXCHANGE or
                (s.phase == fast.PLAY and s.hands[s.to_play] & ~fast.BIT[move.card.index])):
        text += ", keeping the decree card"
    if s.phase == fast.EXCHANGE:
        text = text.split(", ", 1)[1] + " (the Fox's choice)"
    elif s.phase == fast.DISCARD:
        text = text.split(", ", 1)[1] + " (the Woodcutter's choice)"
    return text[0].upper() + text[1:]


def _points_text(name: str, value: int, split=None) -> str:
    pts = f"{abs(value)} point{'s' if abs(value) != 1 else ''}"
    if value > 0:
        core = f"with best play by both you end {pts} ahead of your opponent from here on"
    elif value < 0:
        core = f"with best play by both you end {pts} behind your opponent from here on"
    else:
        core = ("with best play by both you and your opponent gain the same number of points "
                "from here on")
    if split is not None:
        core += f" (for example you {split[0]}, your opponent {split[1]})"
    return f"{name}: {core}."


def _goal_text(name: str, value: int, objective, me: int) -> str:
    goal = objective.describe()
    if isinstance(objective, Band):
        if objective.player == me:
            return (f"{name} secures {goal} against any defence." if value else
                    f"{name} does not secure {goal}: your opponent can stop it.")
        return (f"{name} leaves your opponent able to force {goal}." if value else
                f"{name} stops your opponent from forcing {goal}.")
    verb = "win" if objective.win else "lose"
    if objective.player == me:
        return (f"{name} makes sure you {verb} this trick, whatever your opponent does."
                if value else f"{name} does not make sure you {verb} this trick: your "
                "opponent can prevent it.")
    return (f"{name} lets your opponent {verb} this trick if they want to." if value else
            f"{name} stops your opponent from choosing to {verb} this trick.")


def _check_modules(rnd: Round) -> None:
    """Refuse a round with modules the search does not count: the base game and Poison 8s
    only (``docs/solver.md``, "Deluxe modules")."""
    modules = rnd.modules
    if modules.goals:
        raise InvalidState("The solver works out the base game and Poison 8s only: it cannot "
                           "value a round played with goal cards (the points of the goals "
                           "claimed are not in its search), so it gives no values rather than "
                           "wrong ones.")
    if modules.special:
        raise InvalidState("The solver works out the base game and Poison 8s only: it cannot "
                           "value a round played with special cards (their abilities are not "
                           "in its search), so it gives no values rather than wrong ones.")


def _check_state(s) -> None:
    """Refuse a fast state with goal cards (the fast path plays them; this search does not
    count their points)."""
    if getattr(s, "goals", None) is not None:
        raise InvalidState("The solver works out the base game and Poison 8s only: it cannot "
                           "value a round played with goal cards (the points of the goals "
                           "claimed are not in its search), so it gives no values rather than "
                           "wrong ones.")


def _check_limit(name, lim):
    if lim is not None and (isinstance(lim, bool) or not isinstance(lim, (int, float))
                            or lim <= 0):
        raise InvalidState(f"{name} must be a positive number, not {lim!r}.")


def solve(rnd: Round, objective="points", node_limit=None, time_limit=None,
          lines: bool = True) -> Analysis:
    """Analyse every legal move of the player to play in ``rnd`` (every card known).

    ``objective``: ``"points"``, ``Band(player, band)`` or ``TrickGoal(player, win)``.
    ``node_limit`` (nodes) and ``time_limit`` (seconds) stop the search early; the analysis
    then says so (``complete`` False, ``limit`` text, inexact moves marked in their text).
    Works in every phase: during a Fox's exchange or a Woodcutter's discard the moves are that
    pending decision, each a ``Move`` of the card just played with its choice.
    ``lines``: for the points objective, follow a best line after each move to say how the
    points could split ("for example you 6, your opponent 2").
    """
    if not isinstance(rnd, Round):
        raise InvalidState(f"solve() needs a Round, not {type(rnd).__name__}.")
    objective = _check_objective(objective)
    _check_modules(rnd)
    if rnd.is_over:
        raise InvalidState("The round is over: there is no move to analyse.")
    _check_limit("node_limit", node_limit)
    _check_limit("time_limit", time_limit)
    return solve_state(fast.from_round(rnd), objective, node_limit, time_limit, lines)


def solve_state(s: fast.FastState, objective="points", node_limit=None, time_limit=None,
                lines: bool = True) -> Analysis:
    """``solve`` for a ``fast.FastState`` (what computer players use)."""
    _check_state(s)
    objective = _check_objective(objective)
    if s.phase == fast.OVER:
        raise InvalidState("The round is over: there is no move to analyse.")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    me = s.to_play
    children = child_states(s)
    moves = [_as_move(s, choice) for choice, _ in children]
    if isinstance(objective, TrickGoal):
        return _solve_trick(s, moves, children, objective, start)
    root = _Root(s, objective, node_limit, deadline)
    classes = root_classes(s, moves)
    order = [i for i in range(len(children)) if classes[i] == i]
    bounds = {i: [-BIG, BIG] for i in order}
    stopped = None
    try:
        # The position's value first: it bounds every move from above, so a move worth as
        # much as the best needs one more null-window test only; then each move by MTD(f)
        # from the bounds the earlier tests proved for it.
        top = _root_mtd(root, children, order, bounds, [-BIG, BIG, None])
        for i in order:
            b = bounds[i]
            if b[1] > top:
                b[1] = top
            if b[0] < b[1]:
                root.exact(children[i][1], b[1], b)
    except SearchLimit as exc:
        stopped = exc.args[0]
    results = {i: (b[0] if b[0] == b[1] else None, b[0], b[1]) for i, b in bounds.items()}
    splits = {}
    if lines and objective == POINTS and stopped is None:
        try:
            for i, (_, child) in enumerate(children):
                if classes[i] == i:
                    _, end = root.line(child, results[i][0])
                    splits[i] = (end.score[me] - s.score[me],
                                 end.score[1 - me] - s.score[1 - me])
        except SearchLimit:
            splits = {}     # the values are complete; only the example splits are left out
    items = [_move_value(s, moves, classes, i, results, splits, objective, stopped)
             for i in range(len(moves))]
    ordered, best = _rank(items, _sign(objective, me))
    limit = None
    if stopped:
        what = f"{node_limit} nodes" if stopped == "node" else f"{time_limit:g} s"
        limit = (f"The search stopped at its {stopped} limit ({what}) before every move was "
                 "settled: the values marked as estimates are not proven.")
    return Analysis(me, objective, ordered, best, root.search.count(),
                    time.perf_counter() - start, stopped is None, limit)


def _move_value(s, moves, classes, i, results, splits, objective, stopped) -> MoveValue:
    rep = classes[i]
    mv = moves[i]
    name = _move_text(mv, s)
    value, low, high = results.get(rep, (None, -BIG, BIG))
    if value is not None:
        if objective == POINTS:
            text = _points_text(name, value, splits.get(rep))
        else:
            # The search's value is for the player to play; a goal's value is "can the goal's
            # player force it", whoever is to play.
            value = int(value > 0) if objective.player == s.to_play else int(value < 0)
            text = _goal_text(name, value, objective, s.to_play)
        if rep != i:
            other = _move_text(moves[rep], s)
            text += (f" It is worth exactly as much as {other[0].lower() + other[1:]}: no card "
                     "between the two is still in play, so they behave the same.")
        return MoveValue(mv, value, text, True, value, value)
    if objective == POINTS:
        top = _max_points(s)
        lo, hi = max(low, -top), min(high, top)
        est = (lo + hi) // 2
        what = "points difference"
    else:
        if objective.player == s.to_play:
            lo, hi = int(low > 0), int(high > 0)
        else:
            lo, hi = int(high < 0), int(low < 0)
        est, what = lo, "value"
    text = (f"{name}: estimate only, the search stopped at its {stopped} limit before this move "
            f"was settled; its {what} lies between {lo} and {hi}.")
    return MoveValue(mv, est, text, False, lo, hi)


#: No move is worth more than this many points: 6 (table) + 3 (Treasure).
_MAX_POINTS = 9


def _max_points(s: fast.FastState) -> int:
    """The most points a move can be worth: with Poison 8s the opponent may also lose 3."""
    return _MAX_POINTS + 3 if s.poison else _MAX_POINTS


def _solve_trick(s: fast.FastState, moves, children, objective: TrickGoal,
                 start: float) -> Analysis:
    """Trick goals only look to the end of the current trick: a tiny exhaustive search."""
    g, me = objective.player, s.to_play
    done = sum(s.tricks_won)
    nodes = 0

    def met(after):
        winner = 0 if after.tricks_won[0] > s.tricks_won[0] else 1
        return (winner == g) == objective.win

    def forced(state) -> bool:
        """Can g force the goal from this state, in which the trick is not complete yet?"""
        nonlocal nodes
        nodes += 1
        mover = state.to_play
        for _, child in child_states(state):
            ok = met(child) if sum(child.tricks_won) > done else forced(child)
            if ok and mover == g:
                return True
            if not ok and mover != g:
                return False
        return mover != g

    items = []
    for mv, (_, child) in zip(moves, children):
        nodes += 1
        value = int(met(child) if sum(child.tricks_won) > done else forced(child))
        items.append(MoveValue(mv, value, _goal_text(_move_text(mv, s), value, objective, me),
                               True, value, value))
    ordered, best = _rank(items, _sign(objective, me))
    return Analysis(me, objective, ordered, best, nodes, time.perf_counter() - start)


def _sign(objective, me: int) -> int:
    """+1 when a higher value is better for the player to play, -1 when lower is (a goal of
    the opponent: the player to play wants to stop it)."""
    if objective == POINTS or objective.player == me:
        return 1
    return -1


def _rank(items, sign: int):
    """Moves best first for the player to play (proven values before estimates, then in the
    legal order), and the best group."""
    order = sorted(range(len(items)), key=lambda k: (-sign * items[k].value,
                                                     not items[k].exact, k))
    ordered = tuple(items[k] for k in order)
    best = tuple(m for m in ordered if m.value == ordered[0].value) if ordered else ()
    return ordered, best


def solve_value(rnd: Round, objective="points", node_limit=None,
                time_limit=None) -> RootValue:
    """The value of ``rnd`` for the player to play (every card known) and one best move,
    without working out every other move's value. ``objective`` and the limits are as for
    ``solve``; a stopped search gives ``complete`` False and proven ``low``/``high`` bounds."""
    if not isinstance(rnd, Round):
        raise InvalidState(f"solve_value() needs a Round, not {type(rnd).__name__}.")
    objective = _check_objective(objective)
    _check_modules(rnd)
    if rnd.is_over:
        raise InvalidState("The round is over: there is no move to analyse.")
    _check_limit("node_limit", node_limit)
    _check_limit("time_limit", time_limit)
    return value_state(fast.from_round(rnd), objective, node_limit, time_limit)


def value_state(s: fast.FastState, objective="points", node_limit=None,
                time_limit=None) -> RootValue:
    """``solve_value`` for a ``fast.FastState``."""
    _check_state(s)
    objective = _check_objective(objective)
    if s.phase == fast.OVER:
        raise InvalidState("The round is over: there is no move to analyse.")
    start = time.perf_counter()
    me = s.to_play
    if isinstance(objective, TrickGoal):
        children = child_states(s)
        an = _solve_trick(s, [_as_move(s, c) for c, _ in children], children, objective, start)
        return RootValue(me, objective, an.value, (an.best[0].move,), an.nodes,
                         time.perf_counter() - start)
    root = _Root(s, objective, node_limit, None if time_limit is None else start + time_limit)
    children = child_states(s)
    moves = [_as_move(s, c) for c, _ in children]
    classes = root_classes(s, moves)
    order = [i for i in range(len(children)) if classes[i] == i]
    state = [-BIG, BIG, None]
    stopped = None
    try:
        g = _root_mtd(root, children, order, {i: [-BIG, BIG] for i in order}, state)
    except SearchLimit as exc:
        stopped = exc.args[0]
    lo, hi, best = state
    seconds = time.perf_counter() - start
    found = (moves[best],) if best is not None else ()
    if stopped is None:
        return RootValue(me, objective, _root_units(g, objective, me), found,
                         root.search.count(), seconds)
    what = f"{node_limit} nodes" if stopped == "node" else f"{time_limit:g} s"
    if objective == POINTS:
        top = _max_points(s)
        low, high = max(lo, -top), min(hi, top)
    else:
        low, high = sorted((_root_units(lo, objective, me), _root_units(hi, objective, me)))
    return RootValue(me, objective, None, found, root.search.count(), seconds, False,
                     f"The search stopped at its {stopped} limit ({what}) before the value "
                     "was settled: only its bounds are proven.", low, high)


def _root_mtd(root: _Root, children, order: list, bounds: dict, state: list) -> int:
    """MTD(f) on the root: the best of ``children`` (index, state) for the player to play.

    ``order`` lists the indices searched (equivalent moves left out); the move that proved
    the last lower bound moves to its front. ``bounds[i]`` is the [low, high] proven for
    child i, tightened by every null-window test. ``state`` is [low, high, best index] of the
    root, updated as the tests go (a search stopped by a limit keeps what it proved)."""
    g = 0
    while state[0] < state[1]:
        beta = g + 1 if g == state[0] else g
        g, arg = -BIG, None
        for i in order:
            v = root.value(children[i][1], beta - 1, beta)
            b = bounds[i]
            if v >= beta:
                if v > b[0]:
                    b[0] = v
            elif v < b[1]:
                b[1] = v
            if v > g:
                g, arg = v, i
                if v >= beta:
                    break
        if g < beta:
            state[1] = g
        else:
            state[0], state[2] = g, arg
            order.remove(arg)
            order.insert(0, arg)
    return g


def _root_units(v: int, objective, me: int) -> int:
    """The search's value for the player to play, in a ``MoveValue``'s units."""
    if objective == POINTS:
        return v
    return int(v > 0) if objective.player == me else int(v < 0)


def action_values(s: fast.FastState, node_limit=None, time_limit=None):
    """Exact point values of each *action* of the player to play (``fast.legal_actions``):
    a card is worth its best Fox exchange or Woodcutter discard, so each card needs one search
    instead of one per decision; cheaper than ``solve_state`` when only the card matters.

    Returns ``(values, nodes, complete)``: ``values`` maps each action to its value (points
    the player to play gains from now minus the opponent's, best play by both). When a limit
    stops the search, ``complete`` is False and the actions not settled are left out."""
    _check_state(s)
    if s.phase == fast.OVER:
        raise InvalidState("The round is over: there is no move to analyse.")
    start = time.perf_counter()
    root = _Root(s, POINTS, node_limit, None if time_limit is None else start + time_limit)
    groups: dict = {}
    for choice, child in child_states(s):
        key = choice & 63 if s.phase == fast.PLAY else choice
        groups.setdefault(key, []).append(child)
    values, guess = {}, 0
    try:
        for action, children in groups.items():
            guess = values[action] = _group_value(root, children, guess)
    except SearchLimit:
        return values, root.search.count(), False
    return values, root.search.count(), True


def _group_value(root: _Root, children, guess: int) -> int:
    """MTD(f) on the best of several choices of the player to play (the root player)."""
    lo, hi, g = -BIG, BIG, guess
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = -BIG
        for child in children:
            v = root.value(child, beta - 1, beta)
            if v > g:
                g = v
                if v >= beta:
                    break
        if g < beta:
            hi = g
        else:
            lo = g
    return g


def principal_line(rnd: Round, objective="points", move=None) -> list:
    """A best line of play from ``rnd`` (after ``move`` if given) to the end of the round, as
    ``(player, Move)`` pairs: every choice is one the solver proves best for whoever makes it."""
    objective = _check_objective(objective)
    if isinstance(objective, TrickGoal):
        raise InvalidState("principal_line() follows the points or a band objective.")
    _check_modules(rnd)
    s = fast.from_round(rnd)
    if s.phase == fast.OVER:
        return []
    root = _Root(s, objective)
    start = s
    prefix = []
    if move is not None:
        choice = _choice_of(s, move)
        prefix = [(s.to_play, _as_move(s, choice))]
        start = fast.apply(s, choice) if s.phase == fast.PLAY else fast.apply_action(s, choice)
    v = root.exact(start, 0, [-BIG, BIG]) if start.phase != fast.OVER else 0
    steps, _ = root.line(start, v)
    return prefix + [(st.to_play, _as_move(st, choice)) for st, choice in steps]


def _choice_of(s: fast.FastState, move) -> int:
    """The fast choice for a ``Move`` (or card) in state ``s``."""
    if not isinstance(move, Move):
        move = Move(Card(move))
    for choice, _ in child_states(s):
        if _as_move(s, choice) == move:
            return choice
    raise InvalidState(f"{move} is not a legal move here.")

