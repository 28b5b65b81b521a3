"""How long a hint takes at every point of a round (issue 26: within 1 s, p95).

Plays seeded whole rounds (the rule-of-thumb player against the strong player at a fixed
budget, as ``bench_review.py`` does), then asks ``foxlib.teaching.review.hint`` at every
decision of both players that has more than one legal choice, each from an empty cache (a
learner asking for the first time), and prints the median, the 95th percentile and the largest
time, in CPU seconds of this process and in wall-clock seconds, with the machine's load.

    python benchmarks/bench_hint.py [--rounds 3] [--seed 1] [--special]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

sys.path.insert(0, os.path.dirname(__file__))
from bench_review import played_round  # noqa: E402
from foxlib.teaching import review  # noqa: E402


def percentile(xs, q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--special", action="store_true", help="rounds with all nine special cards")
    args = ap.parse_args()
    clear = getattr(getattr(review, "judge", None), "__module__", None)
    if clear:
        from foxlib.teaching.judgement import clear_cache
    else:
        def clear_cache():
            return None
    print(f"load before: {os.getloadavg()[0]:.2f} (1-minute average, {os.cpu_count()} CPUs)")
    cpu, wall, by_cards = [], [], {}
    for i in range(args.rounds):
        rnd = played_round(args.seed * 1000 + i, args.special)
        replay = rnd.fresh()
        for action in rnd.actions:
            view = replay.view(replay.to_play)
            if len(view.legal) > 1:
                clear_cache()
                start, c0 = time.perf_counter(), time.process_time()
                review.hint(view, seed=args.seed)
                c, w = time.process_time() - c0, time.perf_counter() - start
                cpu.append(c)
                wall.append(w)
                by_cards.setdefault(len(view.hand), []).append(c)
            replay.act(action)
    print(("rounds with all nine special cards, " if args.special else "base rounds, ")
          + f"{len(cpu)} hints")
    for name, xs in (("CPU", cpu), ("wall-clock", wall)):
        print(f"{name}: median {statistics.median(xs):.2f} s, p95 {percentile(xs, 0.95):.2f} s, "
              f"max {max(xs):.2f} s")
    print("CPU p95 by cards in hand: " + ", ".join(
        f"{k}: {percentile(v, 0.95):.2f}" for k, v in sorted(by_cards.items(), reverse=True)))
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
