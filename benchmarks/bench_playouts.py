"""How fast the guided playout runs: the loop in local integers (``guided.playout``, what the
strong player uses) against the same policy with the rules stepped through ``foxlib.fast.base``
(``guided.playout_reference``), on the same seeded positions of random rounds.

Both must end every round alike (checked here too); the benchmark prints the seconds for all
positions, the microseconds per playout and the ratio.

    python benchmarks/bench_playouts.py [--positions 3000] [--seed 5] [--repeat 3]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from foxlib.fast import base as fast  # noqa: E402
from foxlib.search import guided  # noqa: E402


def positions(count: int, seed: int) -> list:
    """Positions of seeded random rounds at every stage (a third with Poison 8s)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = fast.deal(rng, rng.randrange(2), poison=len(out) % 3 == 0)
        for _ in range(rng.randrange(26)):
            s = fast.apply_action(s, rng.choice(fast.legal_actions(s)))
        if s.phase != fast.OVER:
            out.append(s)
    return out


def best_time(run, states, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for n, s in enumerate(states):
            run(s, n % 2, 1.0, n)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    args = parser.parse_args(argv)
    states = positions(args.positions, args.seed)
    differ = sum(guided.playout(s, n % 2, 1.0, n) != guided.playout_reference(s, n % 2, 1.0, n)
                 for n, s in enumerate(states))
    if differ:
        print(f"{differ} of {len(states)} playouts ended differently: the fast loop is wrong.")
        return 1
    fast_s = best_time(guided.playout, states, args.repeat)
    ref_s = best_time(guided.playout_reference, states, args.repeat)
    n = len(states)
    print(f"{n} positions (seed {args.seed}), opponent at random (noise 1), best of "
          f"{args.repeat}; every playout ended alike both ways")
    for name, seconds in (("local integers (guided.playout)", fast_s),
                          ("rules stepped (guided.playout_reference)", ref_s)):
        print(f"{name}: {seconds:.3f} s, {1e6 * seconds / n:.0f} us a playout")
    print(f"ratio: {ref_s / fast_s:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
