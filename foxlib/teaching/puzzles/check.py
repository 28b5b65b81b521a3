"""Proving puzzles: a move puzzle's solutions must be exactly the moves that achieve its goal
(up to equivalent cards), a predict or score puzzle's the engine's answer; ``check_paths`` is
``python -m foxlib puzzles check``. Also the coverage table of the collection."""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ...core.errors import FoxError
from ...engine.round import Move
from .analysis import (NODE_LIMIT, Verdict, analyse, closure, equivalence_note, equivalent_moves,
                       live_cards, solve_actions, truth)
from .format import DELUXE_TAGS, KINDS, PREDICT, REQUIRED_TAGS, SCORE, TAGS
from .load import load_paths
from .model import LoadResult, Puzzle, action_key, answer_text, move_key

# ----------------------------------------------------------------------------- checking

@dataclass
class CheckResult:
    puzzle: Puzzle
    ok: bool
    line: str                  # the report line
    details: list = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def check_puzzle(puzzle: Puzzle, node_limit=NODE_LIMIT) -> CheckResult:
    """Prove a puzzle: for moves, its solutions must be exactly the moves that achieve the goal
    against any defence, up to equivalent cards, and there must be at least one; for predict and
    score puzzles the engine computes the one answer."""
    start = time.perf_counter()
    try:
        if puzzle.kind in (PREDICT, SCORE):
            result = _check_answer(puzzle)
        elif puzzle.deluxe:
            result = _check_actions(puzzle, node_limit)
        else:
            result = _check_moves(puzzle, node_limit)
    except FoxError as exc:
        result = CheckResult(puzzle, False, f"cannot be checked: {exc}")
    result.seconds = time.perf_counter() - start
    return result


def _check_answer(puzzle: Puzzle) -> CheckResult:
    answer, reason = truth(puzzle)
    shown = answer_text(answer, puzzle)
    if list(puzzle.solution) != [answer]:
        given = ", ".join(answer_text(a, puzzle) for a in puzzle.solution)
        return CheckResult(puzzle, False, f"the solution says {given}, but the engine says "
                           f"{shown}: {reason}")
    bad = [a for a, _ in puzzle.wrong if a == answer]
    if bad:
        return CheckResult(puzzle, False, f"a 'wrong' text is attached to the right answer "
                           f"{shown}.")
    return CheckResult(puzzle, True, f"answer {shown} (engine)")


def _check_moves(puzzle: Puzzle, node_limit) -> CheckResult:
    rnd = puzzle.start()
    analysis = analyse(puzzle, rnd, node_limit)
    if not analysis.complete:
        return CheckResult(puzzle, False, f"the solver stopped at its limit of {node_limit:,} "
                           "nodes without a complete answer.", nodes=analysis.nodes)
    if analysis.disagreements:
        return CheckResult(puzzle, False, "the engine and the solver disagree: " +
                           "; ".join(analysis.disagreements), nodes=analysis.nodes)
    live = live_cards(rnd, puzzle)
    winning = analysis.winning
    listed = list(puzzle.solution)
    problems = []
    if not winning:
        problems.append("no move achieves the goal against every defence")
    for move in listed:
        if move not in winning:
            v = analysis.verdict(move)
            problems.append(f"{move_key(move)} is listed but fails: {v.explanation}")
    missing = [m for m in winning if m not in closure(listed, winning, live)]
    for move in missing:
        problems.append(f"{move_key(move)} also achieves the goal but is not listed (nor "
                        "equivalent to a listed move)")
    for answer, _ in puzzle.wrong:
        moves = [answer] if isinstance(answer, Move) else \
            [m for m in analysis.verdicts if m.move.card is answer]
        moves = [m.move if isinstance(m, Verdict) else m for m in moves]
        if moves and all(m in winning for m in moves):
            problems.append(f"a 'wrong' text is attached to {answer_text(answer)}, which "
                            "achieves the goal")
    for v in analysis.verdicts:      # a sound equivalence never splits moves of unequal value
        for w in analysis.verdicts:
            if v.works != w.works and equivalent_moves(v.move, w.move, live):
                problems.append(f"internal: {move_key(v.move)} and {move_key(w.move)} are "
                                "equivalent but judged differently")
    if problems:
        return CheckResult(puzzle, False, "; ".join(problems), nodes=analysis.nodes)
    extra = [m for m in winning if m not in listed]
    notes = []
    for m in extra:
        twin = next(s for s in listed if equivalent_moves(m, s, live))
        notes.append(f"{move_key(m)} ~ {move_key(twin)}: {equivalence_note(m, twin, live)}")
    text = "solution " + ", ".join(move_key(m) for m in listed)
    text += (f" (solver, {analysis.nodes:,} nodes)" if analysis.method == "solver" else
             " (engine: every reply tried)")
    if notes:
        text += "; equivalent: " + "; ".join(notes)
    wrong = len(analysis.verdicts) - len(winning)
    text += f"; {wrong} wrong move{'s' if wrong != 1 else ''}"
    return CheckResult(puzzle, True, text, nodes=analysis.nodes)


def _check_actions(puzzle: Puzzle, node_limit) -> CheckResult:
    """A play or band puzzle with modules: its solution must be exactly the actions after
    which the goal is sure (chance 1, every random pick included), as the Deluxe search finds
    them; at least one must work and at least one must not."""
    analysis = solve_actions(puzzle.start(), puzzle.goal, node_limit)
    if not analysis.complete:
        return CheckResult(puzzle, False, f"the Deluxe search stopped at its limit of "
                           f"{node_limit:,} positions without a complete answer.",
                           nodes=analysis.nodes)
    winning = analysis.winning
    listed = list(puzzle.solution)
    problems = []
    if not winning:
        problems.append("no action makes the goal sure against every defence")
    if winning and len(winning) == len(analysis.verdicts):
        problems.append("every action makes the goal sure: there is nothing to find")
    for action in listed:
        if action not in winning:
            problems.append(f"{action_key(action)} is listed but fails: "
                            f"{analysis.verdict(action).explanation}")
    for action in winning:
        if action not in listed:
            problems.append(f"{action_key(action)} also makes the goal sure but is not listed")
    for answer, _ in puzzle.wrong:
        if answer in winning:
            problems.append(f"a 'wrong' text is attached to {answer_text(answer)}, which "
                            "makes the goal sure")
    if problems:
        return CheckResult(puzzle, False, "; ".join(problems), nodes=analysis.nodes)
    wrong = len(analysis.verdicts) - len(winning)
    text = (f"solution {', '.join(action_key(a) for a in listed)} (Deluxe search, "
            f"{analysis.nodes:,} positions, random picks included); {wrong} wrong "
            f"action{'s' if wrong != 1 else ''}")
    return CheckResult(puzzle, True, text, nodes=analysis.nodes)


def check_paths(paths=None, out=None, node_limit=NODE_LIMIT) -> int:
    """Load and prove puzzles; print one line per puzzle and a summary. Returns failures."""
    out = out or sys.stdout
    loaded = load_paths(paths)
    failures = 0
    for problem in loaded.problems:
        print(f"ERROR {problem}", file=out)
        failures += 1
    checked = 0
    for pset in loaded.sets:
        for puzzle in pset.puzzles:
            result = check_puzzle(puzzle, node_limit)
            checked += 1
            status = "ok  " if result.ok else "FAIL"
            failures += not result.ok
            print(f"{status} {Path(puzzle.file).name}: {puzzle.id} [{puzzle.goal}] "
                  f"{result.line} [{result.seconds:.2f} s]", file=out)
    bad_files = len({p.file for p in loaded.problems})
    print(f"{checked} puzzle{'s' if checked != 1 else ''} checked in "
          f"{len(loaded.files)} file{'s' if len(loaded.files) != 1 else ''}: "
          f"{checked - (failures - len(loaded.problems))} proved, "
          f"{failures - len(loaded.problems)} failed, {len(loaded.problems)} load "
          f"problem{'s' if len(loaded.problems) != 1 else ''}"
          + (f" in {bad_files} file{'s' if bad_files != 1 else ''}" if bad_files else "") + ".",
          file=out)
    return failures


# ----------------------------------------------------------------------------- coverage

def coverage(puzzles) -> dict:
    """tag -> [puzzle ids]; every tag of ``TAGS`` appears, covered or not."""
    table = {tag: [] for tag in TAGS}
    for p in puzzles:
        for tag in p.themes:
            table[tag].append(p.id)
    return table


def coverage_table(loaded: LoadResult) -> str:
    """A plain-text table: puzzles per set and difficulty, then puzzles per tag and kind."""
    lines = [f"{'set':14} {'puzzles':>7} {'level 1':>8} {'level 2':>8} {'level 3':>8}"]
    for s in loaded.sets:
        levels = [sum(p.difficulty == d for p in s.puzzles) for d in (1, 2, 3)]
        lines.append(f"{s.id:14} {len(s.puzzles):7} " + " ".join(f"{n:8}" for n in levels))
    lines.append("")
    lines.append(f"{'tag':22} {'puzzles':>7}  {'predict':>7} {'play':>5} {'band':>5} "
                 f"{'score':>5}")
    by_id = {p.id: p for p in loaded.puzzles}
    for tag, ids in coverage(loaded.puzzles).items():
        kinds = [sum(by_id[i].kind == k for i in ids) for k in KINDS]
        least = 3 if tag in REQUIRED_TAGS else DELUXE_TAGS.get(tag, 0)
        need = f" (needs {least})" if len(ids) < least else ""
        lines.append(f"{tag:22} {len(ids):7}  {kinds[0]:7} {kinds[1]:5} {kinds[2]:5} "
                     f"{kinds[3]:5}{need}")
    kinds = {k: sum(p.kind == k for p in loaded.puzzles) for k in KINDS}
    lines.append("")
    lines.append(f"{len(loaded.puzzles)} puzzles in {len(loaded.sets)} sets; "
                 + ", ".join(f"{n} {k}" for k, n in kinds.items()))
    return "\n".join(lines)
