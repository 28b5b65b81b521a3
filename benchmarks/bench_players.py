"""How long the computer players take to decide, by cards left in hand.

Plays seeded rounds with random actions and, at each decision of the player to move, times the
rule-of-thumb and strong players on that same view (the strong player at its default budget
and 1-second cap). Prints the median and 95th percentile per hand size, the deals the strong
player tried, and how long working out the hidden cards (``foxlib.inference``) takes.

    python benchmarks/bench_players.py [--rounds 6] [--seed 1]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from foxlib import Round  # noqa: E402
from foxlib.evaluators import default_evaluator  # noqa: E402
from foxlib.inference import Inference  # noqa: E402
from foxlib.players import RulesPlayer, StrongPlayer  # noqa: E402


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=2, help="time every n-th decision")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    times = {"rules": {}, "strong": {}, "inference": {}}
    deals: dict = {}
    evaluator = default_evaluator()
    low = 1
    for most, ev, budget in evaluator.stages:
        print(f"strong player, {low}-{most} cards: {ev.name}, deals {budget}")
        low = most + 1
    k = 0
    for r in range(args.rounds):
        rnd = Round.deal(args.seed * 1000 + r, r % 2)
        while not rnd.is_over:
            view = rnd.view(rnd.to_play)
            k += 1
            if len(view.legal) > 1 and k % args.every == 0:
                n = len(view.hand)
                t = time.perf_counter()
                Inference(view)
                times["inference"].setdefault(n, []).append(time.perf_counter() - t)
                t = time.perf_counter()
                RulesPlayer(k).choose(view)
                times["rules"].setdefault(n, []).append(time.perf_counter() - t)
                d = StrongPlayer(k, evaluator=evaluator).decision(view)
                times["strong"].setdefault(n, []).append(d.seconds)
                deals.setdefault(n, []).append(d.samples)
            getattr(rnd, rnd.phase)(rng.choice(rnd.legal_actions()))
    print(f"{'cards':>5}  {'n':>3}  {'inference ms':>12}  {'rules ms':>14}  "
          f"{'strong s (median, p95)':>22}  {'deals (median)':>14}")
    for n in sorted(times["strong"], reverse=True):
        inf = statistics.median(times["inference"][n]) * 1000
        ru = times["rules"][n]
        st = times["strong"][n]
        print(f"{n:5d}  {len(st):3d}  {inf:12.2f}  {statistics.median(ru) * 1000:6.1f}, "
              f"{pct(ru, .95) * 1000:6.1f}  {statistics.median(st):10.3f}, {pct(st, .95):9.3f}"
              f"  {statistics.median(deals[n]):14.0f}")
    every = [x for v in times["strong"].values() for x in v]
    print(f"strong player, all decisions: median {statistics.median(every):.3f} s, "
          f"95th percentile {pct(every, .95):.3f} s, max {max(every):.3f} s "
          f"over {len(every)} decisions")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} (2 cores)")


if __name__ == "__main__":
    main()
