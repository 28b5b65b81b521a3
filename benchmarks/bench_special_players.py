"""How long the computer players take to decide in rounds with the Deluxe special cards, and
how strong the strong player is with its fast-path playouts against its engine-only self.

Time (the default): plays seeded rounds with random actions, with two special cards picked at
random and with all nine, and at every ``--every``-th decision times the rule-of-thumb player
and the strong player (fast path and, with ``--engine``, the engine-only player of before) on
that same view, in CPU time of this process (``time.process_time``: it does not depend on the
machine's other work, unlike the wall-clock cap the player stops at; ``--no-cap`` times the
whole budget, without the cap). Prints, per set of
special cards, the median, 95th percentile and longest time per decision, the deals and
playouts the strong player managed, and how long sampling one whole round from a view
(``foxlib.players.determinize.sample_round``) takes.

Matches (``--match OPPONENT``): whole arena games (``foxlib.players.arena``) of the strong player
against OPPONENT (``rules``, ``random`` or ``strong-engine``), the same seeds for each
version in ``--versions`` (``strong``: the fast path, the default; ``strong-engine``: every
playout through the engine, once per deal, no early stopping, as before), the versions'
games interleaved so that both see the same load.

    python benchmarks/bench_special_players.py [--rounds 2] [--seed 1] [--every 3] [--engine]
        [--no-cap]
    python benchmarks/bench_special_players.py --match rules --games 10 --special 2 \\
        [--poison] [--versions strong strong-engine] [--seed s1]
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
from foxlib.players import arena
from foxlib.players.determinize import sample_round  # noqa: E402
from foxlib.engine.modules import SPECIAL_CARDS, Modules, choose_special  # noqa: E402
from foxlib.players.levels import LEVELS, RulesPlayer, StrongPlayer  # noqa: E402


class EngineStrongPlayer(StrongPlayer):
    """The strong player with special cards as it was before the fast path: every playout
    through the exact engine, one per action and deal, no early stopping."""

    level = "strong-engine"
    special_fast = False


LEVELS.setdefault("strong-engine", EngineStrongPlayer)


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def measure(modules_for, rounds: int, seed: int, every: int, engine: bool,
            cap: bool = True) -> dict:
    times = {"rules": [], "strong": [], "strong-engine": [], "sample": []}
    deals = {"strong": [], "strong-engine": []}
    n = 0
    for r in range(rounds):
        rng = random.Random(f"{seed}:{r}")
        rnd = Round.deal(rng.randrange(2 ** 32), modules=modules_for(rng))
        limit = {} if cap else {"time_limit": None}
        players = {"rules": RulesPlayer(seed), "strong": StrongPlayer(seed, **limit)}
        if engine:
            players["strong-engine"] = EngineStrongPlayer(seed, **limit)
        while not rnd.is_over:
            view = rnd.view(rnd.to_play)
            if n % every == 0 and len(view.legal) > 1:
                for who, player in players.items():
                    start = time.process_time()
                    made = player.decision(view)
                    times[who].append(time.process_time() - start)
                    if who in deals:
                        deals[who].append(made.samples)
                start = time.process_time()
                sample_round(view, rng)
                times["sample"].append(time.process_time() - start)
            n += 1
            acts = rnd.legal_actions()
            rnd.act(acts[rng.randrange(len(acts))])
    return {"times": times, "deals": deals}


def timing(args) -> None:
    sets = (("2 special cards at random", lambda rng: Modules(special=choose_special(rng))),
            ("all nine special cards", lambda rng: Modules(special=SPECIAL_CARDS)))
    print(f"rounds {args.rounds} per set, seed {args.seed}, every {args.every}-th decision "
          f"with a choice timed (CPU time{', no time cap' if args.no_cap else ''}); load "
          f"average {os.getloadavg()[0]:.1f}")
    for title, modules_for in sets:
        out = measure(modules_for, args.rounds, args.seed, args.every, args.engine,
                      not args.no_cap)
        print(f"== {title}")
        for who in ("rules", "strong", "strong-engine", "sample"):
            t = out["times"][who]
            if not t:
                continue
            label = "sample_round" if who == "sample" else who
            print(f"  {label:14s} decisions {len(t):3d}  median "
                  f"{1000 * statistics.median(t):.1f} ms  p95 {1000 * pct(t, 0.95):.1f} ms  "
                  f"max {1000 * max(t):.1f} ms")
        for who, d in out["deals"].items():
            if d:
                print(f"  {who} deals per decision: median {statistics.median(d):.0f}, "
                      f"min {min(d)}, max {max(d)}")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


def matches(args) -> None:
    special, random_special, problem = arena.parse_special(args.special)
    if problem:
        raise SystemExit(f"--special: {problem}")
    modules = Modules(poison=args.poison, special=special)
    results = {v: [] for v in args.versions}
    clocks = {v: [arena.MoveClock(), arena.MoveClock()] for v in args.versions}
    cpu = {v: 0.0 for v in args.versions}
    load = [os.getloadavg()[0]]
    for number in range(args.games):
        for v in args.versions:
            start = time.process_time()
            results[v].append(arena.play_game((v, args.match), number, args.seed,
                                              clocks=clocks[v], modules=modules,
                                              random_special=random_special))
            cpu[v] += time.process_time() - start
        load.append(os.getloadavg()[0])
    played = f"special {args.special}{' with Poison 8s' if args.poison else ''}"
    print(f"== vs {args.match}, {args.games} games each, {played}, seed {args.seed}, "
          f"load average {min(load):.1f}-{max(load):.1f}")
    for v in args.versions:
        s = arena.Summary((v, args.match), results[v], clocks[v], 0.0)
        d = s.difference()
        c = clocks[v][0]
        print(f"  {v:14s} {d.mean:+.2f} [{d.low:+.2f}, {d.high:+.2f}] over {d.n} rounds, "
              f"games {s.wins(0)}-{s.wins(1)}-{sum(g.winner == 'draw' for g in s.games)}, "
              f"wall s/move mean {c.seconds / max(1, c.moves):.3f} max {c.longest:.3f}, "
              f"CPU {cpu[v]:.0f} s in all")
        sys.stdout.flush()


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--every", type=int, default=3, help="time every n-th decision")
    parser.add_argument("--engine", action="store_true",
                        help="time the engine-only strong player too")
    parser.add_argument("--no-cap", action="store_true",
                        help="time the strong players' whole budgets (time_limit=None)")
    parser.add_argument("--match", choices=("rules", "random", "strong-engine"))
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--special", default="2")
    parser.add_argument("--poison", action="store_true")
    parser.add_argument("--versions", nargs="+", default=["strong", "strong-engine"],
                        choices=("strong", "strong-engine"))
    args = parser.parse_args(argv)
    if args.match:
        matches(args)
    else:
        timing(args)


if __name__ == "__main__":
    main()
