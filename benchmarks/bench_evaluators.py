"""How good the strong player's cheaper evaluators are, against exact values.

Deals seeded random positions with at most ``--cards`` cards in the larger hand (random play
from a deal), works out every action's exact value with the solver, then lets each evaluator
pick an action. Its *regret* is the exact value of the best action minus that of the action it
picked (points per decision; 0 = always a best action). Also prints the time per position.

    python benchmarks/bench_evaluators.py [--cards 8] [--positions 60] [--seed 8]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from foxlib import fast  # noqa: E402
from foxlib.evaluators import (LookaheadEvaluator, OutOfTime, PolicyRolloutEvaluator,  # noqa: E402
                               RolloutEvaluator, SolverEvaluator)


def positions(rng, cards: int, count: int):
    exact = SolverEvaluator()
    out = []
    while len(out) < count:
        s = fast.deal(rng, rng.randrange(2))
        while s.phase != fast.OVER and (max(s.hands[0].bit_count(), s.hands[1].bit_count()) > cards
                                        or rng.random() < 0.3):
            s = fast.apply_action(s, rng.choice(fast.legal_actions(s)))
        if s.phase == fast.OVER or len(fast.legal_actions(s)) < 2:
            continue
        try:
            values, _ = exact.values(s, time.perf_counter() + 30)
        except OutOfTime:
            continue
        out.append((s, values))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=8)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    data = positions(random.Random(args.seed), args.cards, args.positions)
    print(f"{len(data)} positions with at most {args.cards} cards, exact values in "
          f"{time.perf_counter() - start:.0f} s")
    random_regret = statistics.fmean(max(v.values()) - statistics.fmean(v.values())
                                     for _, v in data)
    print(f"{'a random action':32} mean regret {random_regret:.2f}")
    pickers = [("random playouts (8 per action)", RolloutEvaluator(8, 1)),
               ("guided playouts", PolicyRolloutEvaluator()),
               ("look-ahead 1 trick + playouts", LookaheadEvaluator(1)),
               ("look-ahead 2 tricks + playouts", LookaheadEvaluator(2))]
    for name, ev in pickers:
        regrets, t = [], time.perf_counter()
        for s, exact in data:
            values, _ = ev.values(s)
            best = max(values, key=lambda a: values[a])
            regrets.append(max(exact.values()) - exact[best])
        ms = (time.perf_counter() - t) / len(data) * 1000
        print(f"{name:32} mean regret {statistics.fmean(regrets):.2f}, best action "
              f"{sum(r == 0 for r in regrets) / len(regrets):.0%} of the time, {ms:.1f} ms each")
    print(f"load average: {os.getloadavg()[0]:.1f} (2 cores)")


if __name__ == "__main__":
    main()
