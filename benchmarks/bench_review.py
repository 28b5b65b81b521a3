"""How long "Review my round" takes: to the first record and to the whole round.

Plays seeded whole rounds (the rule-of-thumb player against the strong player at a fixed
budget, so the rounds are the same every time), then reviews the first player's decisions
with ``foxlib.teaching.review`` and times the first record and the whole review, in wall-clock time
and in CPU time of this process (CPU time barely changes when other programs share the machine;
wall-clock time is what a learner waits). Prints the medians over the rounds, the machine's
load before and after (``os.getloadavg``), and how steady the
verdicts are: the same rounds reviewed with a second seed, and how many decisions changed
between "mistake" and not.

    python benchmarks/bench_review.py [--rounds 5] [--seed 1] [--scale 1] [--no-steadiness]
                                      [--special] [--stability --seeds 5]

``--stability --seeds N`` reviews every round with N seeds (1 to N after ``--seed``) and counts
the unforced decisions whose verdict changes category with the seed: best, about as good or
good on one side, inaccuracy or mistake on the other (issue 26: at most 1 in 70).

``--special`` plays the rounds with all nine Deluxe special cards shuffled in (the special-card
case: the strong player's playouts through the rules engine, and the Deluxe solver's check with
all cards known in the last tricks).

Targets (issue 26): the first record within 1 s, a whole 13-trick round within 5 s.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from foxlib import Round  # noqa: E402
from foxlib.engine.modules import SPECIAL_CARDS, Modules  # noqa: E402
from foxlib.players.levels import RulesPlayer, StrongPlayer  # noqa: E402
from foxlib.teaching.review import ReviewSettings, iter_review  # noqa: E402

try:        # the judgement service (issue 26); absent before it, for "before" measurements
    from foxlib.teaching.judgement import CLEAR, clear_cache  # noqa: E402
except ImportError:
    CLEAR, clear_cache = ("inaccuracy", "mistake"), None


def played_round(seed: int, special: bool = False) -> Round:
    """A whole round, the same for a given seed on any machine (no time caps)."""
    modules = Modules(special=SPECIAL_CARDS) if special else Modules()
    rnd = Round.deal(seed=seed, dealer=seed % 2, names=("You", "Computer"), modules=modules)
    players = [RulesPlayer(seed), StrongPlayer(seed, samples=24, time_limit=None)]
    while not rnd.is_over:
        p = rnd.to_play
        rnd.act(players[p].choose(rnd.view(p)))
    return rnd


def timed_review(rnd: Round, seed: int, settings: ReviewSettings):
    """(first record s, whole review s, first record CPU s, whole review CPU s, records), from
    an empty judgement cache (no hint asked before)."""
    if clear_cache is not None:
        clear_cache()
    start, cpu = time.perf_counter(), time.process_time()
    first = first_cpu = None
    records = []
    for rec in iter_review(rnd, 0, seed=seed, settings=settings):
        if first is None:
            first, first_cpu = time.perf_counter() - start, time.process_time() - cpu
        records.append(rec)
    return (first, time.perf_counter() - start, first_cpu, time.process_time() - cpu,
            records)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--scale", type=float, default=None,
                    help="deals per decision, as a multiple of the strong player's schedule "
                    "(default: ReviewSettings' deals_scale, or special_deals_scale with "
                    "--special)")
    ap.add_argument("--no-steadiness", action="store_true",
                    help="skip the second review of each round with another seed")
    ap.add_argument("--special", action="store_true",
                    help="rounds with all nine special cards")
    ap.add_argument("--stability", action="store_true",
                    help="review each round with --seeds seeds and count category changes")
    ap.add_argument("--seeds", type=int, default=5)
    args = ap.parse_args()
    default = ReviewSettings()
    if args.scale is None:
        args.scale = default.special_deals_scale if args.special else default.deals_scale
    settings = ReviewSettings(deals_scale=default.deals_scale if args.special else args.scale,
                              special_deals_scale=args.scale)
    print(f"load before: {os.getloadavg()[0]:.2f} (1-minute average, {os.cpu_count()} CPUs)")
    rounds = [played_round(args.seed * 1000 + i, args.special) for i in range(args.rounds)]
    if args.special:
        print("rounds with all nine special cards")
    firsts, wholes, cpu_firsts, cpu_wholes = [], [], [], []
    exact = decisions = flips = compared = 0
    for i, rnd in enumerate(rounds):
        first, whole, first_cpu, whole_cpu, records = timed_review(rnd, args.seed, settings)
        firsts.append(first)
        wholes.append(whole)
        cpu_firsts.append(first_cpu)
        cpu_wholes.append(whole_cpu)
        decisions += len(records)
        exact += sum(r.exact.answered for r in records)
        mistakes = sum(r.verdict == "mistake" for r in records)
        print(f"round {i + 1}: {len(records)} decisions, first record {first:.2f} s, whole "
              f"review {whole:.2f} s (CPU {first_cpu:.2f} s and {whole_cpu:.2f} s), "
              f"{mistakes} mistakes, exact check answered for "
              f"{sum(r.exact.answered for r in records)}")
        if args.stability:
            runs = [records] + [timed_review(rnd, args.seed + k, settings)[-1]
                                for k in range(1, args.seeds)]
            for recs in zip(*runs):
                if recs[0].verdict != "forced":
                    compared += 1
                    marks = {r.verdict in CLEAR for r in recs}
                    changed = len(marks) > 1
                    flips += changed
                    if changed:
                        print("  changes: trick", recs[0].trick, recs[0].kind,
                              [f"{r.verdict} {r.loss:.1f}" for r in recs])
        elif not args.no_steadiness:
            *_, again = timed_review(rnd, args.seed + 1, settings)
            for a, b in zip(records, again):
                if a.verdict != "forced":
                    compared += 1
                    flips += (a.verdict == "mistake") != (b.verdict == "mistake")
    print(f"budget per decision: {args.scale:g} x the default")
    print(f"median time to the first record: {statistics.median(firsts):.2f} s "
          f"(max {max(firsts):.2f}; target 1 s)")
    print(f"median time for the whole round: {statistics.median(wholes):.2f} s "
          f"(max {max(wholes):.2f}; target 5 s)")
    print(f"median CPU time: first record {statistics.median(cpu_firsts):.2f} s, whole round "
          f"{statistics.median(cpu_wholes):.2f} s")
    print(f"exact check answered for {exact} of {decisions} decisions")
    if compared and args.stability:
        print(f"stability: {flips} of {compared} unforced decisions changed category (best, "
              f"about as good or good vs inaccuracy or mistake) over {args.seeds} seeds")
    elif compared:
        print(f"steadiness: {flips} of {compared} unforced decisions changed between mistake "
              "and not with another seed")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
