"""What the guided policy of the playouts with special cards costs and gains (issue 26).

Deals N rounds (seeded) with two special cards and with all nine, and plays each out from the
deal on the fast path (``foxlib.fast.deluxe.random_playout``) twice: every decision at random,
and with one player's cards chosen by the guided policy (``foxlib.fast.deluxe_policy``, seats
alternating). Prints the CPU time per playout of each and the guided player's points per
round minus the random player's.

    python benchmarks/bench_deluxe_policy.py [--deals 3000]
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from foxlib.engine.modules import SPECIAL_CARDS  # noqa: E402
from foxlib.fast import deluxe as fd  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3000)
    n = ap.parse_args().deals
    print(f"load before: {os.getloadavg()[0]:.2f} (1-minute average, {os.cpu_count()} CPUs)")
    for special in (("Axe", "Bow"), SPECIAL_CARDS):
        states = [fd.deal(random.Random(i), i & 1, special, False) for i in range(n)]
        start = time.process_time()
        for i, state in enumerate(states):
            fd.random_playout(state, random.Random(i))
        plain = (time.process_time() - start) / n
        margin = 0
        start = time.process_time()
        for i, state in enumerate(states):
            g = i % 2
            out = fd.random_playout(state, random.Random(i), guide=g)
            margin += out[2 + g] - out[3 - g]
        guided = (time.process_time() - start) / n
        name = "all nine" if special == SPECIAL_CARDS else " and ".join(special)
        print(f"{name}: random {plain * 1e6:.0f} us a playout, guided {guided * 1e6:.0f} us "
              f"({guided / plain:.1f} times); guided minus random {margin / n:+.2f} points a "
              f"round over {n} deals")


if __name__ == "__main__":
    main()
