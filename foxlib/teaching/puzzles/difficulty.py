"""How hard a puzzle is, measured by the engine and the solver (``docs/puzzles.md``, "How hard
a puzzle is"): a ``Difficulty`` of three counts, each a fact of the game, never of how long the
search took, so the measure does not change when the solver gets faster:

- ``decisions``: the learner's decisions on which the goal depends (a wrong choice exists),
  along the hardest defence: one for a predict, play or score puzzle; for a band puzzle the
  solver walks every defence, the learner taking the easiest right move each time;
- ``traps``: the wrong first answers that look right: a move that reaches the goal against
  some reply but not against the best one (with special cards: that keeps a chance of it, or
  still gains points), or, for a predict puzzle, a trick whose answer is not the one the plain
  rules (follow suit, trump beats the rest, the winner leads) would give;
- ``rules``: what the learner must apply: the characters (odd cards), special cards and
  Poison 8s taking part (in the trick asked about, the trick to play, or, for a band, every
  card still in the hands), and for a count, each rule beyond the table of bands (Treasure,
  Poison, the floor at 0, the score before the round, the target and the tie-break).

``points`` is their sum, and ``level`` (1 easy, 2 medium, 3 hard) cuts it at ``LEVEL_CUTS``. A
set's level is the level of its median puzzle; ``set_rank`` says where a set belongs in the list.
The shipped collection's measures are stored in ``foxlib/data/puzzle-difficulty.json``
(computing them takes a few seconds, too slow for every page load), written by
``python -m foxlib puzzles difficulty --write``; a test recomputes them and compares.
"""
from __future__ import annotations

import json
import os
import statistics
from dataclasses import dataclass
from functools import lru_cache

from ...core import rules
from ...core.cards import Card
from ...core.errors import FoxError
from ...engine.round import Round
from ...words.captions import LESSON_GROUPS, SET_LEVELS
from .analysis import (analyse, band_still_reachable, solve_actions, solve_goal, trick_goal_met,
                       trick_outcomes, truth)
from .format import BAND, DATA_DIR, PLAY, PREDICT, SCORE
from .model import Puzzle, dumps

#: Points up to the first cut are level 1 (easy), up to the second level 2 (medium), above
#: it level 3 (hard): for a puzzle, and for a set its median puzzle's.
LEVEL_CUTS = (2, 5)
#: Positions a band puzzle's walk over every defence may visit (a teacher's big endgame is
#: refused with a reason rather than keep the page busy).
WALK_LIMIT = 20_000
#: The stored measures of the shipped collection.
STORE = DATA_DIR.parent / "puzzle-difficulty.json"


@dataclass(frozen=True)
class Difficulty:
    decisions: int
    traps: int
    rules: int

    @property
    def points(self) -> int:
        return self.decisions + self.traps + self.rules

    @property
    def level(self) -> int:
        return level_of(self.points)

    def to_json(self) -> dict:
        return {"decisions": self.decisions, "traps": self.traps, "rules": self.rules,
                "points": self.points}

    @classmethod
    def from_json(cls, data: dict) -> "Difficulty":
        return cls(data["decisions"], data["traps"], data["rules"])


def level_of(points: float) -> int:
    return 1 if points <= LEVEL_CUTS[0] else 2 if points <= LEVEL_CUTS[1] else 3


def measure(puzzle: Puzzle) -> Difficulty:
    """The puzzle's difficulty, computed by the engine and the solver."""
    if puzzle.kind == PREDICT:
        return _predict(puzzle)
    if puzzle.kind == SCORE:
        return _score(puzzle)
    rnd = puzzle.start()
    analysis = analyse(puzzle, rnd)
    wrong = [v for v in analysis.verdicts if not v.works]
    if puzzle.deluxe:
        traps = sum(1 for v in wrong if v.chance is not None and v.chance > 0)
    elif puzzle.kind == PLAY:
        traps = sum(1 for v in wrong if any(trick_goal_met(puzzle.goal.name, rec, puzzle.you)
                                           for _, rec in trick_outcomes(rnd, v.move)))
    else:
        traps = sum(1 for v in wrong if band_still_reachable(rnd, v.move, puzzle.goal))
    if puzzle.kind == BAND:
        decisions = _decisions(puzzle, rnd, [WALK_LIMIT])
        cards = [*rnd.hands[0], *rnd.hands[1], *rnd.trick]
    else:
        decisions = 1
        cards = [*rnd.trick, *rnd.hands[puzzle.you]]
        if not rnd.trick:           # leading: every card of the opponent may answer
            cards += rnd.hands[puzzle.opponent]
    return Difficulty(decisions, traps, _abilities(cards, puzzle))


# ----------------------------------------------------------------------------- by kind

def _abilities(cards, puzzle: Puzzle) -> int:
    """Characters (odd cards), special cards and Poison 8s among ``cards``."""
    poison = puzzle.modules.poison
    return sum(1 for c in cards if c.special is not None or c.rank % 2 or
               (poison and c.rank == 8))


def _predict(puzzle: Puzzle) -> Difficulty:
    rnd = puzzle.after_plays()
    rec = rnd.tricks[-1]
    answer, _ = truth(puzzle)
    if puzzle.goal.name == "who-wins":
        plain = _plain_winner(rec.cards, rec.decree)
        plain = None if plain is None else (rec.leader if plain == 0 else 1 - rec.leader)
    else:                       # who-leads-next: plainly, the winner leads
        plain = rec.winner
    # The cards taking part: the given plays (with special cards they may lead up to the
    # trick, a Shovel's dig for one), the cards already in the trick, and the trick's own.
    cards = {*puzzle.position.trick, *rec.cards}
    cards |= {c for m in puzzle.plays for c in (m.card, getattr(m, "exchange", None),
                                                 getattr(m, "discard", None))
              if isinstance(c, Card)}
    return Difficulty(1, int(plain != answer), _abilities(cards, puzzle))


def _plain_winner(cards, decree):
    """0 (the led card) or 1 by the plain rules: a trump beats any other suit, else the higher
    card of the led suit wins (a card without a suit never wins). None if neither has a suit."""
    led, other = cards
    trump = getattr(decree, "suit", None)
    if led.suit is None:
        return None if other.suit is None else 1
    if other.suit is None:
        return 0
    if led.suit == other.suit:
        return 0 if led.rank > other.rank else 1
    return 1 if other.suit == trump else 0


def _score(puzzle: Puzzle) -> Difficulty:
    rnd = puzzle.after_plays()
    end = rnd.round_end
    name, p = puzzle.goal.name, puzzle.goal.player
    players = (0, 1) if name == "game-winner" else (p,)
    count = sum(1 for q in players if end.treasure[q])
    if end.poison is not None:
        count += 1 + sum(1 for q in players if end.floored and end.floored[q])
    if name == "final-score":
        count += 1
    if name == "game-winner":
        count += 1 + (rnd.score[0] == rnd.score[1])
    return Difficulty(1, 0, count)


def _decisions(puzzle: Puzzle, rnd: Round, budget: list) -> int:
    """The learner's decisions that matter until the end of the round, against the hardest
    defence, the learner taking the easiest right move each time. ``budget``: positions left
    to visit (a FoxError once they run out)."""
    goal, you = puzzle.goal, puzzle.you
    if rnd.is_over:
        return 0
    budget[0] -= 1
    if budget[0] < 0:
        raise FoxError(f"the puzzle {puzzle.id} is too big to measure: its defences pass "
                       f"more than {WALK_LIMIT:,} positions.")
    if puzzle.deluxe:
        if rnd.to_play == you:
            verdicts = solve_actions(rnd, goal).verdicts
            right = [v.move for v in verdicts if v.works]
            here = int(len(right) < len(verdicts))
            return here + min((_after(puzzle, rnd, a, budget) for a in right), default=0)
        return max((_after(puzzle, rnd, a, budget) for a in rnd.legal_actions()), default=0)
    if rnd.to_play == you:
        verdicts = solve_goal(rnd, goal).verdicts
        right = [v.move for v in verdicts if v.works]
        return int(len(right) < len(verdicts)) + min(
            (_pushed(puzzle, rnd, m, budget) for m in right), default=0)
    return max((_pushed(puzzle, rnd, m, budget) for m in rnd.legal_moves()), default=0)


def _after(puzzle, rnd, action, budget) -> int:
    nxt = rnd.copy()
    nxt.act(action)
    return _decisions(puzzle, nxt, budget)


def _pushed(puzzle, rnd, move, budget) -> int:
    rnd.push(move)
    try:
        return _decisions(puzzle, rnd, budget)
    finally:
        rnd.pop()


# ----------------------------------------------------------------------------- stored, and sets

def shipped(puzzle: Puzzle) -> bool:
    """A puzzle of the app's own files. Decided from the names alone, never by asking the disk:
    in the browser's Python every look at the disk is a request to the site, and an uploaded
    file's name ('upload:class.json') is no path at all."""
    if not puzzle.file or puzzle.file.startswith("upload:"):
        return False
    return os.path.dirname(os.path.abspath(puzzle.file)) == os.path.abspath(DATA_DIR)


@lru_cache(maxsize=1)
def stored() -> dict:
    """puzzle id -> ``Difficulty``, as stored for the shipped collection (empty if missing)."""
    try:
        data = json.loads(STORE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {pid: Difficulty.from_json(d) for pid, d in data.get("puzzles", {}).items()}


def puzzle_difficulty(puzzle: Puzzle) -> Difficulty:
    """The puzzle's measure: stored for a shipped puzzle, else computed (a teacher's file)."""
    if shipped(puzzle) and puzzle.id in stored():
        return stored()[puzzle.id]
    return measure(puzzle)


def set_points(pset) -> float | None:
    """The median of a set's puzzles' points (None for an empty set)."""
    points = [puzzle_difficulty(p).points for p in pset.puzzles]
    return statistics.median(points) if points else None


def set_level(pset) -> int | None:
    """A set's level, 1-3: its median puzzle's (None for an empty set)."""
    points = set_points(pset)
    return None if points is None else level_of(points)


LESSONS = [stem for _, group in LESSON_GROUPS for stem, _ in group]


def set_rank(pset) -> tuple:
    """Where a set belongs in the list: first the part of the course its lesson is in (the
    basics, the six characters, putting it together, Deluxe; a set without a lesson after
    them all), since its puzzles need that part's lessons; within a part, easier levels first;
    then by lesson."""
    part = next((i for i, (_, group) in enumerate(LESSON_GROUPS)
                 if pset.lesson in [stem for stem, _ in group]), len(LESSON_GROUPS))
    lesson = LESSONS.index(pset.lesson) if pset.lesson in LESSONS else len(LESSONS)
    return part, set_level(pset) or 0, lesson


def measure_all(sets) -> dict:
    """What the store holds: every puzzle's measure, set by set, computed afresh."""
    return {"about": "How hard each shipped puzzle is (foxlib.teaching.puzzles.difficulty). "
                     "Written by `python -m foxlib puzzles difficulty --write`; do not edit.",
            "level_cuts": list(LEVEL_CUTS),
            "puzzles": {p.id: measure(p).to_json() for s in sets for p in s.puzzles}}


def write_store(sets) -> None:
    STORE.write_text(dumps(measure_all(sets)) + "\n", encoding="utf-8")
    stored.cache_clear()


def table(sets) -> str:
    """A plain-text table: each set's level and rank, then its puzzles with their measure."""
    lines = [levels_table(sets), ""]
    for s in sets:
        lines.append(f"{s.id}: level {set_level(s)} (median {set_points(s):g} points), "
                     f"rank {set_rank(s)}")
        for i, p in enumerate(s.puzzles, 1):
            d = puzzle_difficulty(p)
            lines.append(f"  {i:2}. {p.id:40} {p.kind:8} decisions {d.decisions}  traps "
                         f"{d.traps}  rules {d.rules}  = {d.points:2}  level {d.level}")
    return "\n".join(lines)


def levels_table(sets) -> str:
    """The sets in their order, with level, median points and each puzzle's points, as
    docs/puzzles.md shows them (a test keeps that copy current)."""
    lines = [f"{'set':12} {'lesson':26} {'level':16} {'median':>6}  points, in order"]
    for s in sets:
        level = set_level(s)
        words = f"{level} {SET_LEVELS[level]}" if level else "-"
        points = " ".join(str(puzzle_difficulty(p).points) for p in s.puzzles)
        lines.append(f"{s.id:12} {s.lesson or '(none)':26} {words:16} "
                     f"{set_points(s):>6g}  {points}")
    return "\n".join(lines)
