"""Judging moves against a goal: equivalent cards, the engine's verdict over every reply for
the one-trick goals, the solver's for bands, and the engine's answer to predict and score
puzzles."""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from ...core import rules
from ...core.cards import DECK, Card
from ...core.errors import FoxError
from ...engine.game import game_result
from ...engine.round import Move, Round
from ...search import solver
from ...search.deluxe_solver import solve_deluxe, value_words
from ...words.grammar import possessive, sentence
from .format import BAND, Goal
from .model import Puzzle, action_text, cap, move_key, move_text

NODE_LIMIT = 2_000_000  # per solver call while checking; reported, never silent


# ----------------------------------------------------------------------------- equivalent cards

def live_cards(rnd: Round, puzzle: Puzzle | None = None) -> set:
    """Cards that can still meet in a trick or change hands: both hands, the trick, the decree
    (a Fox can take it) and the deck (a Woodcutter can draw it; stand-ins for a concealed deck
    count only if someone holds a Woodcutter)."""
    live = set(rnd.hands[0]) | set(rnd.hands[1]) | set(rnd.trick) | {rnd.decree}
    woodcutters = any(c.rank == rules.WOODCUTTER for c in live)
    if not (puzzle and puzzle.deck_hidden) or woodcutters:
        live |= set(rnd.deck)
    return live


def equivalent_cards(a: Card, b: Card, live) -> bool:
    """Two cards are equivalent when swapping them cannot change anything: the same suit, both
    plain even ranks (no ability), and no card still in play ranks between them, counting a
    Witch of another suit as a 9 (it may count as a trump 9)."""
    if a is b:
        return True
    if a is None or b is None or a.suit != b.suit or a.rank % 2 or b.rank % 2:
        return False
    low, high = sorted((a.rank, b.rank))
    # A lone Witch of another suit counts as a trump 9, so when this suit is (or may become)
    # trump it ranks between an 8 and a 10 of the suit.
    return not any(low < c.rank < high and (c.suit == a.suit or c.rank == rules.WITCH)
                   for c in live)


def equivalent_moves(m1: Move, m2: Move, live) -> bool:
    return (equivalent_cards(m1.card, m2.card, live) and
            (m1.exchange is m2.exchange or equivalent_cards(m1.exchange, m2.exchange, live)) and
            (m1.discard is m2.discard or equivalent_cards(m1.discard, m2.discard, live)))


def equivalence_note(a: Move, b: Move, live) -> str:
    """Why two moves are equivalent, in words, for the check report."""
    pairs = [(a.card, b.card), (a.exchange, b.exchange), (a.discard, b.discard)]
    parts = []
    for x, y in pairs:
        if x is not None and y is not None and x is not y:
            low, high = sorted((x, y), key=lambda c: c.rank)
            gap = [c for c in DECK if low.rank < c.rank < high.rank and
                   (c.suit == x.suit or c.rank == rules.WITCH)]
            why = (f"{x} and {y} are both plain cards of one suit with "
                   + ("no card between them" if not gap else
                      "every card between them (" + ", ".join(map(str, gap)) + ") out of play"))
            parts.append(why)
    return "; ".join(parts)


# ----------------------------------------------------------------------------- judging moves

@dataclass
class Verdict:
    """Does ``move`` achieve the goal against any defence? With the engine's or solver's words."""

    move: Move
    works: bool
    explanation: str
    refutation: Move | None = None       # an opponent reply that defeats it (trick goals)
    outcome: object = None                # the deciding TrickRecord (trick goals)
    chance: object = None                 # with modules: the goal's exact chance (a Fraction)


@dataclass
class GoalAnalysis:
    verdicts: list
    nodes: int = 0
    seconds: float = 0.0
    complete: bool = True
    method: str = "engine"
    disagreements: list = field(default_factory=list)   # engine vs solver, if both were asked

    @property
    def winning(self) -> list:
        return [v.move for v in self.verdicts if v.works]

    def verdict(self, move: Move) -> Verdict:
        for v in self.verdicts:
            if v.move == move:
                return v
        raise KeyError(f"{move} is not a legal move here.")


# ----------------------------------------------------------------------------- with modules

def solve_actions(rnd: Round, goal: Goal, node_limit=NODE_LIMIT, time_limit=None) -> GoalAnalysis:
    """With Deluxe modules: every legal action of the player to play (a card, a Crown, a
    Hammer's suit...), judged by ``foxlib.search.deluxe_solver``. An action *works* when, after it,
    the goal's player gets the goal for sure: its chance is exactly 1 with best play by both
    and whatever the random picks (the Tree's, the Fairy's, the Shovel's) turn out to be.
    ``Verdict.chance`` is that exact chance (a Fraction), also for the actions that fail."""
    points = goal.name == "most-points"
    objective = "points" if points else solver_objective(goal)
    result = solve_deluxe(rnd, objective, node_limit=node_limit, time_limit=time_limit)
    if not result.complete:
        return GoalAnalysis([], result.nodes, result.seconds, False, "deluxe")
    if not points:
        verdicts = [Verdict(av.action, av.value == 1,
                            chance_words(av.action, av.value, goal, settled(rnd, av.action, goal)),
                            chance=av.value) for av in result.actions]
        return GoalAnalysis(verdicts, result.nodes, result.seconds, True, "deluxe")
    # Points: the values are for the player to play; ``chance`` holds them for the goal's
    # player, and an action works when it is worth the most (only the goal's player's
    # actions are judged that way).
    sign = 1 if rnd.to_play == goal.player else -1
    best = max(sign * av.value for av in result.actions)
    verdicts = [Verdict(av.action, sign * av.value == best,
                        points_words(av.action, sign * av.value, best), chance=sign * av.value)
                for av in result.actions]
    return GoalAnalysis(verdicts, result.nodes, result.seconds, True, "deluxe")


def points_words(action, value, best) -> str:
    """'The 8 of Keys (8K) gains you 3 points more than your opponent, the most you can.'"""
    text = cap(action_text(action))
    said = f"{text} is worth {value_words(value, 'points')} against your opponent"
    if value == best:
        return said + " with best play by both: the most you can get."
    return said + f" with best play by both, less than the {value_words(best, 'points')} " \
        "you can get."


def chance_words(action, value, goal: Goal, settled: str | None = None) -> str:
    """'The Hammer wins this trick for sure.' / '... gives only a 1/2 chance to win this
    trick.' (what the Deluxe search found, in words). ``settled``: the trick's reason when the
    action decides the goal with no choice left to the opponent (``settled``), said instead of
    "your opponent has an answer"."""
    what = goal.band and f"finish {goal.band}" or goal.spec.summary
    text = cap(action_text(action))
    if value == 1:
        return f"{text} makes sure you {what}, whatever your opponent does" + \
            (" and whatever the random picks." if _random_ahead(action) else ".")
    if value == 0:
        return f"{text} cannot {what}: " + (settled or "your opponent has an answer to it.")
    return (f"{text} gives only a {value} chance (about {float(value):.0%}) to {what}: it "
            "depends on a random pick, so it is not sure.")


def settled(rnd: Round, action, goal: Goal) -> str | None:
    """The reason of the trick ``action`` ends when that trick decides the goal and the
    opponent has no choice on the way (the trick is complete, or every reply is forced and no
    random pick comes in): then the opponent has no "answer", the trick simply goes that way.
    None otherwise."""
    if goal.kind == BAND or _random_ahead(action):
        return None
    trial = rnd.copy()
    done, picks = len(trial.tricks), len(trial.chance)
    trial.act(action)
    while len(trial.tricks) == done:
        legal = trial.legal_actions()
        if len(legal) != 1:
            return None
        trial.act(legal[0])
        if len(trial.chance) != picks:
            return None
    return trial.tricks[-1].reason if len(trial.chance) == picks else None


def _random_ahead(action) -> bool:
    card = action.card
    return getattr(card, "special", None) in ("Tree", "Fairy", "Shovel")


def action_line(rnd: Round, goal: Goal, first, node_limit=NODE_LIMIT) -> list:
    """The records of the play from ``first`` (an action of the player to play) until the
    goal is decided (the end of this trick, or of the round for a band), every later decision
    the Deluxe search's best for its player (with ``defeat``, the opponent's that most lowers
    the goal's chance); random picks come from the round's own random source. ``rnd`` is
    advanced."""
    records = []
    tricks = len(rnd.tricks)
    action = first
    while True:
        before = len(rnd.history)
        rnd.act(action)
        records += rnd.history[before:]
        if rnd.is_over or (goal.kind != BAND and len(rnd.tricks) > tricks):
            return records
        result = solve_actions(rnd, goal, node_limit)
        if not result.verdicts:
            return records
        mine = rnd.to_play == goal.player
        pick = max if mine else min
        action = pick(result.verdicts, key=lambda v: v.chance).move


TRICK_GOALS = ("win-trick", "lose-trick", "lead-next", "take-treasure")


def trick_goal_met(name: str, rec, you: int) -> bool:
    if name == "win-trick":
        return rec.winner == you
    if name == "lose-trick":
        return rec.winner != you
    if name == "lead-next":
        return rec.next_leader == you
    return rec.winner == you and rec.treasure > 0        # take-treasure


def trick_outcomes(rnd: Round, move: Move) -> list:
    """(reply, TrickRecord) for every way the current trick can end after ``move``: one entry if
    the move completes the trick, else one per legal reply (each Fox exchange included)."""
    done = len(rnd.tricks)
    rnd.push(move)
    try:
        if len(rnd.tricks) > done:
            return [(None, rnd.tricks[-1])]
        out = []
        for reply in rnd.legal_moves():
            rnd.push(reply)
            out.append((reply, rnd.tricks[-1]))
            rnd.pop()
        return out
    finally:
        rnd.pop()


def judge_trick_goal(rnd: Round, name: str, you: int) -> GoalAnalysis:
    """Judge every legal move against a goal decided within the current trick, by trying every
    reply the opponent may make (the trick has two cards, so that is all there is to it)."""
    start = time.perf_counter()
    verdicts = []
    for move in rnd.legal_moves():
        outcomes = trick_outcomes(rnd, move)
        bad = [(r, rec) for r, rec in outcomes if not trick_goal_met(name, rec, you)]
        if bad:
            reply, rec = bad[0]
            verdicts.append(Verdict(move, False, rec.reason, reply, rec))
        else:
            verdicts.append(Verdict(move, True, outcomes[0][1].reason, None, outcomes[0][1]))
    return GoalAnalysis(verdicts, len(verdicts), time.perf_counter() - start, True, "engine")


def solver_objective(goal: Goal):
    if goal.name == "band":
        return solver.Band(goal.player, goal.band)
    if goal.name in ("win-trick", "lose-trick"):
        return solver.TrickGoal(goal.player, win=goal.name == "win-trick")
    raise FoxError(f"The goal '{goal}' is not one the solver proves.")


def solve_goal(rnd: Round, goal: Goal, node_limit=NODE_LIMIT, time_limit=None) -> GoalAnalysis:
    """The solver's verdict on every legal move of the player to play, for a goal of
    ``goal.player``: ``works`` means that after the move the goal's player can force the goal.

    The solver is only ever asked from the goal player's side ("does this move secure the
    goal?"); an opponent's move is judged by asking that question in the positions it leads to.
    """
    if rnd.to_play == goal.player:
        analysis = solver.solve(rnd, solver_objective(goal), node_limit=node_limit,
                                time_limit=time_limit)
        verdicts = [Verdict(mv.move, mv.value >= 1, mv.explanation) for mv in analysis.moves]
        return GoalAnalysis(verdicts, analysis.nodes, analysis.seconds, analysis.complete,
                            "solver")
    start = time.perf_counter()
    total = GoalAnalysis([], method="solver")
    for move in rnd.legal_moves():
        rnd.push(move)
        try:
            ok = _reachable(rnd, goal, total, node_limit)
        finally:
            rnd.pop()
        what = goal.band or goal.spec.summary
        text = (f"{cap(move_text(move))} still lets you force {what}." if ok else
                f"{cap(move_text(move))} stops you from forcing {what}.")
        total.verdicts.append(Verdict(move, ok, text))
    total.seconds = time.perf_counter() - start
    return total


def _reachable(rnd: Round, goal: Goal, total: GoalAnalysis, node_limit) -> bool:
    """Can ``goal.player`` still force the goal from here? (adds the solver's work to total)"""
    if rnd.is_over:
        return goal.band is not None and rules.band(rnd.tricks_won[goal.player]) == goal.band
    if rnd.to_play == goal.player:
        sub = solve_goal(rnd, goal, node_limit)
        total.nodes += sub.nodes
        total.complete &= sub.complete
        return any(v.works for v in sub.verdicts)
    for move in rnd.legal_moves():
        rnd.push(move)
        try:
            if not _reachable(rnd, goal, total, node_limit):
                return False
        finally:
            rnd.pop()
    return True


def analyse(puzzle: Puzzle, rnd: Round | None = None, node_limit=NODE_LIMIT,
            time_limit=None) -> GoalAnalysis:
    """Judge every legal move of the learner for a play or band puzzle.

    Trick goals are decided by the engine over every reply; win-trick and lose-trick are also
    proved by the solver and the two must agree. Band goals are the solver's."""
    rnd = rnd or puzzle.start()
    goal = puzzle.goal
    if puzzle.deluxe:
        return solve_actions(rnd, goal, node_limit, time_limit)
    if goal.kind == BAND:
        return solve_goal(rnd, goal, node_limit, time_limit)
    engine = judge_trick_goal(rnd, goal.name, puzzle.you)
    if goal.name in ("win-trick", "lose-trick"):
        proof = solve_goal(rnd, goal, node_limit, time_limit)
        engine.nodes, engine.seconds = proof.nodes, engine.seconds + proof.seconds
        engine.complete, engine.method = proof.complete, "solver"
        said = {move_key(v.move): v.works for v in proof.verdicts}
        for v in engine.verdicts:
            if said.get(move_key(v.move)) != v.works:
                engine.disagreements.append(
                    f"{move_key(v.move)}: the engine says {'it works' if v.works else 'it fails'}"
                    f", the solver says {said.get(move_key(v.move))}")
    return engine


def truth(puzzle: Puzzle):
    """The answer of a predict or score puzzle, computed by the engine, with its reason."""
    rnd = puzzle.after_plays()
    name = puzzle.goal.name
    if name in ("who-wins", "who-leads-next"):
        rec = rnd.tricks[-1]
        return (rec.winner if name == "who-wins" else rec.next_leader), rec.reason
    end = rnd.round_end
    p = puzzle.goal.player
    # The round's end reason already adds each player's Treasure to the points for tricks.
    if name == "round-points":
        return rnd.round_gain[p], end.reason
    if name == "final-score":
        who = rnd.name(p)
        return rnd.score[p], (
            f"{end.reason} {sentence(who)} had {rnd.score[p] - rnd.round_gain[p]} points "
            f"before this round, so {possessive(who)} score is now {rnd.score[p]}.")
    over, winner, why = game_result(rnd.score, rnd.round_gain, puzzle.target, rnd.names)
    return (winner if over else "continue"), why


def closure(moves, candidates, live) -> list:
    """The candidates equivalent to at least one of ``moves``."""
    return [c for c in candidates if any(equivalent_moves(c, m, live) for m in moves)]


def band_still_reachable(rnd: Round, move, goal) -> bool:
    """After ``move`` (a wrong one), is there a reply after which the goal's player could still
    force the goal's band? (The move then fails only to the best defence: a trap.)"""
    rnd.push(move)
    try:
        if rnd.is_over:
            return rules.band(rnd.tricks_won[goal.player]) == goal.band
        if rnd.to_play == goal.player:
            return bool(solve_goal(rnd, goal).winning)
        return any(v.works for v in solve_goal(rnd, goal).verdicts)
    finally:
        rnd.pop()
