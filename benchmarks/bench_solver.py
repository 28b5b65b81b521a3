"""How long the exact solver takes: median and 95th percentile over seeded random positions.

    python benchmarks/bench_solver.py [--positions 20] [--deals 3] [--deal-limit 20]
                                      [--side 9] [--seed 1]

(a) 8 cards each, point objective, Fox and Woodcutter decisions included: every legal move's
    exact value (``solve``), and separately the position's value alone (``value_state``).
    Positions come from seeded deals played at random (random Fox exchanges and Woodcutter
    discards included) until both hands hold 8 cards at the start of a trick, so the deck,
    decree and tricks won are what real play leaves.
(b) full 13-card deals of the real game, point objective: the value of the deal
    (``value_state``) and, separately, every opening move (``solve``). Each run has a time
    limit (``--deal-limit`` seconds); a run that reaches it counts as "> limit" and the
    percentiles then say ">=".
(d) Poison 8s (``--poison``): the positions of (a) with the module on, at scores 0-0 (the floor
    at 0 can bind: the search carries the scores) and at 10-10 (it cannot: the base search with
    the Poison tables from the root on), every move and the value only.
(c) side by side with ``benchmarks/bench_reference.py`` (a plain alpha-beta without Fox or
    Woodcutter decisions): the deals of that benchmark (same seed, ``--side`` of them), with
    every 3 and 5 of the hands swapped with a deck card that is neither, so that no Fox or
    Woodcutter decision can come up and both searches solve the same game. The value of each
    deal by both, each deal's time ratio, the median of the ratios and the ratio of the
    medians.

Times are process CPU seconds (``time.process_time``) on one core, so other programs on a
busy machine disturb them less; the load average is printed before and after.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from foxlib.fast import base as fast  # noqa: E402
from foxlib.search.solver import solve, value_state  # noqa: E402


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


def without_fox_and_woodcutter(st: fast.FastState) -> fast.FastState:
    """The same deal with every 3 and 5 of the hands swapped with the first deck card that is
    neither (the deck always has enough: 7 cards with the decree hold the 3s and 5s that are
    not in the hands, and one more)."""
    hands, deck = list(st.hands), list(st.deck)
    for p in (0, 1):
        for c in fast.cards_of(hands[p]):
            if fast.RANK[c] in (3, 5):
                i = next(i for i, d in enumerate(deck) if fast.RANK[d] not in (3, 5))
                hands[p] ^= fast.BIT[c] | fast.BIT[deck[i]]
                deck[i] = c
    return st._replace(hands=tuple(hands), deck=tuple(deck))


def percentile(values, q):
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(q * (len(ordered) - 1)))))
    return ordered[k]


def row(name, times, nodes, limited=0, limit=None):
    med, p95 = statistics.median(times), percentile(times, 0.95)
    mark = ">=" if limited else ""
    extra = f", {limited} of {len(times)} stopped at the {limit:g} s limit" if limited else ""
    print(f"{name:<36} {len(times):>4} {mark}{med:>9.3f} {mark}{p95:>9.3f} "
          f"{statistics.median(nodes):>11,.0f} {percentile(nodes, 0.95):>11,.0f}{extra}",
          flush=True)


def every_move(st, limit=None):
    rnd = fast.to_round(st)
    t = time.process_time()
    analysis = solve(rnd, time_limit=limit, lines=False)
    return time.process_time() - t, analysis.nodes, not analysis.complete


def root_value(st, limit=None):
    t = time.process_time()
    result = value_state(st, time_limit=limit)
    return time.process_time() - t, result.nodes, not result.complete, result.value


def load() -> str:
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "?"


def side_by_side(count: int, seed: int) -> None:
    import bench_reference
    rng = random.Random(seed)      # the deals of bench_reference.py with the same seed
    deals = [without_fox_and_woodcutter(fast.deal(rng, rng.randrange(2)))
             for _ in range(count)]
    print(f"\n(c) 13-card deals of bench_reference.py (seed {seed}) without 3s and 5s in the "
          "hands: the value, CPU seconds")
    print(f"{'deal':<6} {'value':>5} {'solver s':>9} {'nodes':>11} {'reference s':>12} "
          f"{'nodes':>11} {'ratio':>6}")
    ours, theirs, ratios = [], [], []
    for i, st in enumerate(deals):
        t, nodes, _, v = root_value(st)
        p = st.to_play
        t0 = time.process_time()
        rv, rnodes = bench_reference.reference_value(st.hands[p], st.hands[1 - p],
                                                     fast.SUIT[st.decree])
        rt = time.process_time() - t0
        if rv != v:
            raise SystemExit(f"deal {i + 1}: the solver says {v}, the reference {rv}")
        ours.append(t)
        theirs.append(rt)
        ratios.append(t / rt)
        print(f"{i + 1:<6} {v:>+5d} {t:>9.2f} {nodes:>11,} {rt:>12.2f} {rnodes:>11,} "
              f"{t / rt:>6.2f}", flush=True)
    mo, mt = statistics.median(ours), statistics.median(theirs)
    print(f"medians: solver {mo:.2f} s, reference {mt:.2f} s, ratio of the medians "
          f"{mo / mt:.2f}; median of the ratios {statistics.median(ratios):.2f}; "
          f"totals {sum(ours):.1f} s / {sum(theirs):.1f} s = {sum(ours) / sum(theirs):.2f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="8-card positions (a)")
    parser.add_argument("--deals", type=int, default=3, help="13-card deals (b)")
    parser.add_argument("--deal-limit", type=float, default=20.0,
                        help="seconds allowed per 13-card run (default 20)")
    parser.add_argument("--side", type=int, default=9,
                        help="deals compared with bench_reference.py (c); 0 skips it")
    parser.add_argument("--poison", type=int, default=20,
                        help="8-card positions with Poison 8s (d); 0 skips it")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"Exact solver, point objective, one core, Python {sys.version.split()[0]}, "
          f"load average {load()} on {os.cpu_count()} cores; CPU seconds")
    print(f"{'case':<36} {'n':>4} {'median s':>9} {'p95 s':>9} {'nodes med':>11} "
          f"{'nodes p95':>11}")
    rng = random.Random(args.seed)
    if args.positions:
        positions = [position_with(8, rng) for _ in range(args.positions)]
        runs = [every_move(st) for st in positions]
        row("(a) 8 cards each, every move", [r[0] for r in runs], [r[1] for r in runs])
        runs = [root_value(st) for st in positions]
        row("(a) 8 cards each, value only", [r[0] for r in runs], [r[1] for r in runs])
    if args.poison:
        prng = random.Random(args.seed)
        positions = [position_with(8, prng) for _ in range(args.poison)]
        for score in ((0, 0), (10, 10)):
            with_poison = [st._replace(poison=True, score=score) for st in positions]
            runs = [every_move(st) for st in with_poison]
            row(f"(d) poison at {score[0]}-{score[1]}, every move", [r[0] for r in runs],
                [r[1] for r in runs])
            runs = [root_value(st) for st in with_poison]
            row(f"(d) poison at {score[0]}-{score[1]}, value only", [r[0] for r in runs],
                [r[1] for r in runs])
    if args.deals:
        deals = [fast.deal(rng, rng.randrange(2)) for _ in range(args.deals)]
        runs = [root_value(st, args.deal_limit) for st in deals]
        row("(b) 13-card deal, its value", [r[0] for r in runs], [r[1] for r in runs],
            sum(r[2] for r in runs), args.deal_limit)
        runs = [every_move(st, args.deal_limit) for st in deals]
        row("(b) 13-card deal, every move", [r[0] for r in runs], [r[1] for r in runs],
            sum(r[2] for r in runs), args.deal_limit)
    if args.side:
        side_by_side(args.side, args.seed)
    print(f"load average at the end {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
