"""How long the exact solver takes: median and 95th percentile over seeded random positions.

    python benchmarks/bench_solver.py [--positions 20] [--deals 3] [--deal-limit 20] [--seed 1]

(a) every legal move of an 8-card-per-hand position, point objective: ``solve(rnd)`` with
    every move's exact value. Positions come from seeded deals played at random (random Fox
    exchanges and Woodcutter discards included) until both hands hold 8 cards at the start
    of a trick, so the deck, decree and tricks won are what real play leaves.
(b) full 13-card deals, point objective, Fox and Woodcutter decisions included: the exact
    value of the deal (``solve`` on the dealt round) and, separately, of every opening move.
    Each run has a time limit (``--deal-limit`` seconds); a run that reaches it counts as
    "> limit" and the percentiles then say ">=".

Times are process CPU seconds (``time.process_time``) on one core, so other programs on a
busy machine disturb them less; the load average is printed with the numbers.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from foxlib import fast  # noqa: E402
from foxlib.solver import SearchLimit, _Root, solve  # noqa: E402


def position_with(cards: int, rng: random.Random) -> fast.FastState:
    """A deal played at random until both hands hold ``cards`` cards at a trick's start."""
    while True:
        st = fast.deal(rng, rng.randrange(2))
        while st.phase != fast.OVER:
            if (st.phase == fast.PLAY and not st.trick
                    and st.hands[0].bit_count() == cards):
                return st
            actions = fast.legal_actions(st)
            st = fast.apply_action(st, actions[rng.randrange(len(actions))])


def percentile(values, q):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(q * (len(ordered) - 1)))))
    return ordered[k]


def row(name, times, nodes, limited=0, limit=None):
    med, p95 = statistics.median(times), percentile(times, 0.95)
    mark = ">=" if limited else ""
    extra = f", {limited} of {len(times)} stopped at the {limit:g} s limit" if limited else ""
    print(f"{name:<34} {len(times):>4} {mark}{med:>9.3f} {mark}{p95:>9.3f} "
          f"{statistics.median(nodes):>11,.0f} {percentile(nodes, 0.95):>11,.0f}{extra}")


def every_move(st, limit=None):
    rnd = fast.to_round(st)
    t = time.process_time()
    analysis = solve(rnd, time_limit=limit, lines=False)
    return time.process_time() - t, analysis.nodes, not analysis.complete


def deal_value(st, limit):
    root = _Root(st, "points", None, None if limit is None else time.perf_counter() + limit)
    t = time.process_time()
    try:
        root.exact(st, 0, [-1000, 1000])
        stopped = False
    except SearchLimit:
        stopped = True
    return time.process_time() - t, root.search.count(), stopped


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="8-card positions (a)")
    parser.add_argument("--deals", type=int, default=3, help="13-card deals (b)")
    parser.add_argument("--deal-limit", type=float, default=20.0,
                        help="seconds allowed per 13-card run (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Exact solver, point objective, one core, Python {sys.version.split()[0]}, "
          f"load average {load:.2f} on {os.cpu_count()} cores; CPU seconds")
    print(f"{'case':<34} {'n':>4} {'median s':>9} {'p95 s':>9} {'nodes med':>11} "
          f"{'nodes p95':>11}")
    rng = random.Random(args.seed)
    if args.positions:
        runs = [every_move(position_with(8, rng)) for _ in range(args.positions)]
        row("(a) 8 cards each, every move", [r[0] for r in runs], [r[1] for r in runs])
    if args.deals:
        deals = [fast.deal(rng, rng.randrange(2)) for _ in range(args.deals)]
        runs = [deal_value(st, args.deal_limit) for st in deals]
        row("(b) 13-card deal, its value", [r[0] for r in runs], [r[1] for r in runs],
            sum(r[2] for r in runs), args.deal_limit)
        runs = [every_move(st, args.deal_limit) for st in deals]
        row("(b) 13-card deal, every move", [r[0] for r in runs], [r[1] for r in runs],
            sum(r[2] for r in runs), args.deal_limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
