"""How long the computer players take to decide, by cards left in hand.

Plays seeded rounds with random actions and, at each decision of the player to move, times the
rule-of-thumb and strong players on that same view (the strong player at its default budget
and 1-second cap). Prints the median and 95th percentile per hand size, the deals the strong
player tried, and how long working out the hidden cards (``foxlib.players.inference``) takes.

    python benchmarks/bench_players.py [--rounds 6] [--seed 1]

With ``--match random`` (or ``rules``) it instead compares versions of the strong player in
single rounds against that opponent: each of ``--deals`` deals is played from both seats, once
per opponent model in the opening playouts (``--noise``: the chance that the opponent's move
in a playout is random; 0 is the guided policy for both players, 1 the default). ``--cheap``
uses a quarter of the exact stage's deals, to save time. It prints the mean points difference
per round with its standard error, and how many tricks the strong player ended with.

    python benchmarks/bench_players.py --match random --deals 100 --noise 0 1 --cheap

``--poison`` and ``--goals all`` (or house goal ids separated by commas) play the rounds with
those Deluxe modules (two goals of the list revealed each round, by seed). With modules,
``--match`` compares the strong player's evaluators instead (``--versions``): ``goals``, the
schedule it uses with goal cards (``goals_evaluator()``), ``poison``, the one it uses with
Poison 8s alone (``default_evaluator(poison=True)``: our small exact search from 6 cards), and
``playouts``, guided playouts at every stage (200 deals).

    python benchmarks/bench_players.py --poison --goals all --rounds 6
    python benchmarks/bench_players.py --match random --poison --goals all --deals 30
"""
from __future__ import annotations

import argparse
import collections
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from foxlib import Round  # noqa: E402
from foxlib.players.arena import parse_goals  # noqa: E402
from foxlib.engine.modules import BASE, Modules  # noqa: E402
from foxlib.engine.round import deal as deal_position  # noqa: E402
from foxlib.search.evaluators import (LookaheadEvaluator, PolicyRolloutEvaluator,  # noqa: E402
                               Schedule, SolverEvaluator, default_evaluator, goals_evaluator)
from foxlib.players.inference import Inference  # noqa: E402
from foxlib.players.levels import RulesPlayer, StrongPlayer, make_player  # noqa: E402


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def strong_version(noise: float, cheap: bool) -> Schedule:
    """The default schedule with the given opponent model in the playouts."""
    exact = {1: 1, 2: 8, 3: 32, 4: 64, 5: 64, 6: 40}
    look = 16
    if cheap:
        exact = {k: max(1, v // 4) for k, v in exact.items()}
        look = 4
    return Schedule([(6, SolverEvaluator(), exact),
                     (7, LookaheadEvaluator(2, PolicyRolloutEvaluator(noise)), look),
                     (13, PolicyRolloutEvaluator(noise), 200)])


def new_round(seed, dealer: int, modules=BASE) -> Round:
    """A seeded round; with goal cards, two goals of ``modules.goals`` revealed by the seed."""
    rng = random.Random(seed)
    pos = deal_position(rng, dealer, modules=modules)
    if modules.goals:
        pos.goals = tuple(rng.sample(modules.goals, 2))
    return Round(pos)


def versions(name: str):
    if name == "goals":
        return goals_evaluator()
    if name == "poison":
        return default_evaluator(poison=True)
    if name == "playouts":
        return Schedule([(13, PolicyRolloutEvaluator(noise=1.0), 200)])
    raise SystemExit(f"unknown version {name!r}: goals, poison or playouts")


def compare_modules(args, modules) -> None:
    for name in args.versions:
        evaluator = versions(name)
        diffs, seconds, moves = [], 0.0, 0
        start = time.perf_counter()
        for d in range(args.deals):
            for seat in (0, 1):
                rnd = new_round(f"{args.seed}:{d}", d % 2, modules)
                players = [None, None]
                players[seat] = StrongPlayer(f"{args.seed}:{d}", evaluator=evaluator)
                players[1 - seat] = make_player(args.match, f"{args.seed}:{d}:{seat}")
                while not rnd.is_over:
                    p = rnd.to_play
                    t = time.perf_counter()
                    action = players[p].choose(rnd.view(p))
                    if p == seat:
                        seconds += time.perf_counter() - t
                        moves += 1
                    rnd.act(action)
                diffs.append(rnd.round_gain[seat] - rnd.round_gain[1 - seat])
        se = statistics.stdev(diffs) / len(diffs) ** 0.5
        print(f"{name}: {statistics.fmean(diffs):+.2f} points per round (standard error "
              f"{se:.2f}) over {len(diffs)} rounds against {args.match} with {modules}, "
              f"{seconds / moves:.3f} s per strong move, {time.perf_counter() - start:.0f} s")
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} (2 cores)")


def compare(args) -> None:
    for noise in args.noise:
        evaluator = strong_version(noise, args.cheap)
        diffs, tricks = [], collections.Counter()
        start = time.perf_counter()
        for d in range(args.deals):
            for seat in (0, 1):
                rnd = Round.deal(f"{args.seed}:{d}", d % 2)
                players = [None, None]
                players[seat] = StrongPlayer(f"{args.seed}:{d}", evaluator=evaluator)
                players[1 - seat] = make_player(args.match, f"{args.seed}:{d}:{seat}")
                while not rnd.is_over:
                    p = rnd.to_play
                    rnd.act(players[p].choose(rnd.view(p)))
                diffs.append(rnd.round_gain[seat] - rnd.round_gain[1 - seat])
                tricks[rnd.tricks_won[seat]] += 1
        se = statistics.stdev(diffs) / len(diffs) ** 0.5
        print(f"noise {noise}: {statistics.fmean(diffs):+.2f} points per round (standard error "
              f"{se:.2f}) over {len(diffs)} rounds against {args.match}, "
              f"{time.perf_counter() - start:.0f} s")
        print("  the strong player's tricks: " +
              " ".join(f"{t}:{tricks[t]}" for t in sorted(tricks)))
    print(f"load average while measuring: {os.getloadavg()[0]:.1f} (2 cores)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=2, help="time every n-th decision")
    parser.add_argument("--match", choices=("random", "rules"), default=None)
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--noise", type=float, nargs="+", default=[0.0, 1.0])
    parser.add_argument("--cheap", action="store_true")
    parser.add_argument("--poison", action="store_true", help="play with Poison 8s")
    parser.add_argument("--goals", default=None, help="'all' or house goal ids, with commas")
    parser.add_argument("--versions", nargs="+", default=["goals", "poison", "playouts"])
    args = parser.parse_args(argv)
    goals, problem = parse_goals(args.goals)
    if problem:
        raise SystemExit(f"--goals: {problem}")
    modules = Modules(poison=args.poison, goals=goals)
    if args.match and not modules.base:
        compare_modules(args, modules)
        return
    if args.match:
        compare(args)
        return
    rng = random.Random(args.seed)
    times = {"rules": {}, "strong": {}, "inference": {}}
    deals: dict = {}
    evaluator = (goals_evaluator() if modules.goals else
                 default_evaluator(poison=True) if modules.poison else default_evaluator())
    if not modules.base:
        print(f"with {modules}")
    low = 1
    for most, ev, budget in evaluator.stages:
        print(f"strong player, {low}-{most} cards: {ev.name}, deals {budget}")
        low = most + 1
    k = 0
    for r in range(args.rounds):
        rnd = new_round(args.seed * 1000 + r, r % 2, modules)
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
            rnd.act(rng.choice(rnd.legal_actions()))
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
