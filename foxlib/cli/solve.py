"""``python -m foxlib solve``: exact analysis of referee scenarios.

Reads JSON Lines on stdin, each a scenario exactly as the referee takes it (its ``plays`` are
applied first), and writes one JSON line for each::

    {"to_play": "A", "moves": [{"play": "9M", "value": 4}, ...], "nodes": 1234, "seconds": 0.01}

or ``{"error": "..."}``; a bad line never stops the stream. Every legal move is listed, best
first; a Fox exchange (or keeping the decree) and each Woodcutter discard are separate moves.
A line with ``"all_moves": false`` asks only for the position's value and one move that
achieves it (cheaper: the other moves' values are not worked out)::

    {"to_play": "A", "value": 4, "best": ["9M"], "nodes": 321, "seconds": 0.004}

A value is, with best play by both to the end of the round, the points the player to play
gains from then on (Treasure and the round's table points) minus those the opponent gains;
with ``--objective band:A:Victorious`` or ``trick:B:lose`` it is 1 when the goal can be
forced and 0 when it cannot. A scenario with ``"modules": {"poison": true}`` is valued with
Poison 8s (its ``score`` counts, for the floor at 0). One with goal cards or special cards is
searched by ``foxlib.search.deluxe_solver`` over the rules engine's actions (meant for the last tricks
of a round; a search it cannot finish within the limits says so), every decision a move of its
own written as an action pair, the random picks averaged::

    {"to_play": "A", "actions": [{"action": ["play", "Tree"], "value": "1/2", "approx": 0.5},
     ...], "nodes": 12, "seconds": 0.001, "complete": true, "searched": "deluxe"}

When ``--node-limit`` or ``--time-limit`` stops a search early
the line also says ``"complete": false`` with a ``"limit"`` message, and each unproven move
carries ``"exact": false`` with the ``"low"`` and ``"high"`` bounds proven for it (with
``"all_moves": false``: ``"value": null`` and the ``"low"`` and ``"high"`` bounds of the value).
"""
from __future__ import annotations

import argparse
import json
import sys

from ..core.errors import FoxError
from ..io.inputs import read_scenario
from ..search.deluxe_solver import solve_deluxe
from ..search.solver import Band, TrickGoal, solve, solve_value

USAGE_OBJECTIVE = ("points (default), band:PLAYER:BAND (BAND a name such as Victorious or a "
                   "range such as 7-9) or trick:PLAYER:win|lose")


class _UsageError(ValueError):
    pass


def parse_objective(text: str):
    """'points', 'band:A:Victorious', 'band:B:4-6', 'trick:A:win' or 'trick:B:lose'."""
    parts = text.strip().split(":")
    kind = parts[0].lower()
    try:
        if kind == "points" and len(parts) == 1:
            return "points"
        if kind == "band" and len(parts) == 3:
            band = parts[2]
            if "-" in band:
                low, high = band.split("-", 1)
                band = (int(low), int(high))
            elif band.isdigit():
                band = (int(band), int(band))
            return Band(parts[1], band)
        if kind == "trick" and len(parts) == 3 and parts[2].lower() in ("win", "lose"):
            return TrickGoal(parts[1], parts[2].lower() == "win")
    except (FoxError, ValueError) as exc:
        raise _UsageError(f"--objective {text!r}: {exc}") from None
    raise _UsageError(f"--objective {text!r} is not understood: use {USAGE_OBJECTIVE}.")


def solve_line(line: str, objective="points", node_limit=None, time_limit=None) -> dict:
    """The JSON result for one input line (never raises for bad input)."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"The line is not valid JSON: {exc}."}
    all_moves = True
    if isinstance(obj, dict) and "all_moves" in obj:
        obj = dict(obj)
        all_moves = obj.pop("all_moves")
        if not isinstance(all_moves, bool):
            return {"error": f"'all_moves' must be true or false, not {json.dumps(all_moves)}."}
    try:
        rnd, _target = read_scenario(obj)
        if rnd.is_over:
            return {"error": "The round is over after these plays: there is no move to "
                             "analyse."}
        if rnd.modules.special or rnd.goals:
            return _solve_deluxe(rnd, objective, node_limit, time_limit)
        if not all_moves:
            return solve_value(rnd, objective, node_limit=node_limit,
                               time_limit=time_limit).to_json()
        analysis = solve(rnd, objective, node_limit=node_limit, time_limit=time_limit,
                         lines=False)
    except FoxError as exc:
        return {"error": str(exc)}
    except (TypeError, KeyError, AttributeError) as exc:   # malformed shapes deep inside
        return {"error": f"The scenario is malformed: {exc}."}
    out = analysis.to_json()
    if not analysis.complete:
        out["complete"] = False
        out["limit"] = analysis.limit
        for item, mv in zip(out["moves"], analysis.moves):
            if not mv.exact:
                item.update(exact=False, low=mv.low, high=mv.high)
    return out


def _solve_deluxe(rnd, objective, node_limit, time_limit) -> dict:
    """A round with special or goal cards: the search over the rules engine's actions."""
    analysis = solve_deluxe(rnd, objective, node_limit=node_limit or 2_000_000,
                            time_limit=time_limit)
    out = analysis.to_json()
    out["searched"] = "deluxe"
    return out


def main(argv=None, stdin=None, stdout=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m foxlib solve",
        description="Exact values of every legal move of referee scenarios (JSON Lines on "
                    "stdin, one result line each on stdout; a line with \"all_moves\": false "
                    "gets only the value and one best move).")
    parser.add_argument("--objective", default="points", help=USAGE_OBJECTIVE)
    parser.add_argument("--node-limit", type=int, default=None,
                        help="stop each search after this many nodes (the output says so)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="stop each search after this many seconds (the output says so)")
    args = parser.parse_args(argv)
    try:
        objective = parse_objective(args.objective)
    except _UsageError as exc:
        parser.error(str(exc))
    for name in ("node_limit", "time_limit"):
        value = getattr(args, name)
        if value is not None and value <= 0:
            parser.error(f"--{name.replace('_', '-')} must be positive, not {value}.")
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    for line in stdin:
        if not line.strip():
            continue
        result = solve_line(line, objective, args.node_limit, args.time_limit)
        stdout.write(json.dumps(result) + "\n")
        stdout.flush()
    return 0
