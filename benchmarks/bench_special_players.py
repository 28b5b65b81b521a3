"""How long the computer players take to decide in rounds with the Deluxe special cards.

Plays seeded rounds with random actions, with two special cards picked at random and with all
nine, and at every ``--every``-th decision times the rule-of-thumb player and the strong player
(its default budget: 600 playouts, capped at 1 second a move) on that same view. Prints, per
set of special cards, the median, 95th percentile and longest time per decision, the deals the
strong player played out, and how long sampling one whole round from a view
(``foxlib.determinize.sample_round``) takes.

    python benchmarks/bench_special_players.py [--rounds 2] [--seed 1] [--every 3]
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
from foxlib.determinize import sample_round  # noqa: E402
from foxlib.modules import SPECIAL_CARDS, Modules, choose_special  # noqa: E402
from foxlib.players import RulesPlayer, StrongPlayer  # noqa: E402


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def measure(modules_for, rounds: int, seed: int, every: int) -> dict:
    times = {"rules": [], "strong": [], "sample": []}
    deals = []
    n = 0
    for r in range(rounds):
        rng = random.Random(f"{seed}:{r}")
        rnd = Round.deal(rng.randrange(2 ** 32), modules=modules_for(rng))
        rules, strong = RulesPlayer(seed), StrongPlayer(seed)
        while not rnd.is_over:
            view = rnd.view(rnd.to_play)
            if n % every == 0 and len(view.legal) > 1:
                start = time.perf_counter()
                rules.decision(view)
                times["rules"].append(time.perf_counter() - start)
                start = time.perf_counter()
                made = strong.decision(view)
                times["strong"].append(time.perf_counter() - start)
                deals.append(made.samples)
                start = time.perf_counter()
                sample_round(view, rng)
                times["sample"].append(time.perf_counter() - start)
            n += 1
            acts = rnd.legal_actions()
            rnd.act(acts[rng.randrange(len(acts))])
    return {"times": times, "deals": deals}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=3, help="time every n-th decision")
    args = parser.parse_args(argv)
    sets = (("2 special cards at random", lambda rng: Modules(special=choose_special(rng))),
            ("all nine special cards", lambda rng: Modules(special=SPECIAL_CARDS)))
    print(f"rounds {args.rounds} per set, seed {args.seed}, every {args.every}-th decision "
          "with a choice timed")
    for title, modules_for in sets:
        out = measure(modules_for, args.rounds, args.seed, args.every)
        print(f"== {title}")
        for who in ("rules", "strong", "sample"):
            t = out["times"][who]
            if not t:
                continue
            label = "sample_round" if who == "sample" else f"{who} player"
            print(f"  {label:14s} decisions {len(t):3d}  median {1000 * statistics.median(t):.1f} ms"
                  f"  p95 {1000 * pct(t, 0.95):.1f} ms  max {1000 * max(t):.1f} ms")
        d = out["deals"]
        if d:
            print(f"  strong player deals played out per decision: median "
                  f"{statistics.median(d):.0f}, min {min(d)}, max {max(d)}")


if __name__ == "__main__":
    main()
