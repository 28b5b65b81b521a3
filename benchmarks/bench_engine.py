"""Random complete rounds per second on one core: the fast path and the explained engine.

A "random complete round" is: deal a seeded shuffle, then play all 13 tricks choosing every
action uniformly at random among the legal ones (each card, each Fox exchange option including
keeping the decree, each Woodcutter discard), as ``foxlib.players.levels.RandomPlayer`` does. Nothing
is precomputed: every round is dealt and played from scratch.

    python benchmarks/bench_engine.py [--seconds 5] [--rounds N] [--seed 1] [--paths a,b]

Paths measured:
- fast:       ``foxlib.fast.base.random_round`` (integer masks, one inlined loop)
- rich moves: ``Round.deal`` then ``legal_moves()`` / ``push()`` with a random compound move
              (note: a uniformly random *compound* move, so Fox and Woodcutter plays are chosen
              more often than with per-action choices; both are honest random rounds)
- rich actions: ``Round.deal`` then ``legal_actions()`` / ``act(action)`` (per-action uniform,
              the same distribution as the fast path)
- fast poison, rich poison: the same two paths with the Deluxe Poison 8s module
              (``random_round(..., poison=True)``; ``Round.deal(..., modules=POISON)``)
- fast special, rich special: all nine Deluxe special cards and Poison 8s
              (``foxlib.fast.deluxe.random_round``; ``Round.deal(..., modules=SPECIAL_POISON)``
              then ``legal_actions()`` / ``act``), every decision of every special card
              chosen uniformly among the legal actions, chance from the round's random source
- fast goals, rich goals, fast p+goals, rich p+goals: the fast path and the explained engine
              with two goal cards revealed each round (without and with Poison 8s). The rounds
              go through the 120 pairs of the 16 house goals in turn. The fast path compiles
              each pair's goals once (``foxlib.fast.goals``, about 10 ms a pair) and caches
              them; they are compiled before the clock starts. The explained engine scores
              every claim from its records.
- fast all 2, rich all 2, fast all 9, rich all 9: every module on together: special cards,
              Poison 8s and two goal cards (``fast_deluxe.random_round(..., goals=...)``;
              ``Round`` with a position dealt with those modules and the pair revealed).
              "2": two special cards picked at random for each round among the nine, as a
              game does by default (36 sets; the loop is the same for any set); "9": all nine. The
              goal pairs go through the 120 pairs of house goals as above, compiled (goals
              and loop) before the clock starts.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from foxlib import Round  # noqa: E402
from foxlib.fast import base as fast, deluxe as fast_deluxe
from foxlib.engine.modules import BASE, POISON, SPECIAL_CARDS, Modules, house_goal_ids  # noqa: E402
from foxlib.engine.round import deal as deal_position  # noqa: E402

#: All nine special cards and Poison 8s (the "fast special" and "rich special" rows).
SPECIAL_POISON = Modules(poison=True, special=SPECIAL_CARDS)
#: Every pair of house goals, in a fixed order.
PAIRS = [(a, b) for i, a in enumerate(house_goal_ids()) for b in house_goal_ids()[i + 1:]]


def fast_rounds(rng, budget_s, max_rounds):
    play = fast.random_round
    n, start = 0, time.perf_counter()
    deadline = start + budget_s
    while n < max_rounds:
        for _ in range(min(200, max_rounds - n)):
            play(rng, n & 1)
        n += min(200, max_rounds - n)
        if time.perf_counter() >= deadline:
            break
    return n, time.perf_counter() - start


def fast_poison_rounds(rng, budget_s, max_rounds):
    play = fast.random_round
    n, start = 0, time.perf_counter()
    deadline = start + budget_s
    while n < max_rounds:
        for _ in range(min(200, max_rounds - n)):
            play(rng, n & 1, None, True)
        n += min(200, max_rounds - n)
        if time.perf_counter() >= deadline:
            break
    return n, time.perf_counter() - start


def fast_special_rounds(rng, budget_s, max_rounds):
    """``fast_deluxe.random_round`` with all nine special cards and Poison 8s."""
    play, special = fast_deluxe.random_round, SPECIAL_POISON.special
    n, start = 0, time.perf_counter()
    deadline = start + budget_s
    while n < max_rounds:
        for _ in range(min(200, max_rounds - n)):
            play(rng, n & 1, special, True)
        n += min(200, max_rounds - n)
        if time.perf_counter() >= deadline:
            break
    return n, time.perf_counter() - start


def fast_goal_rounds(rng, budget_s, max_rounds, poison=False):
    play = fast.random_round
    programs = [fast.goal_program(pair) for pair in PAIRS]     # compiled once, cached
    k = len(programs)
    n, start = 0, time.perf_counter()
    deadline = start + budget_s
    while n < max_rounds:
        for i in range(n, n + min(200, max_rounds - n)):
            play(rng, i & 1, None, poison, (0, 0), programs[i % k])
        n += min(200, max_rounds - n)
        if time.perf_counter() >= deadline:
            break
    return n, time.perf_counter() - start


def _specials(rng, how_many):
    """All nine special cards, or ``how_many`` of them picked at random (box order)."""
    if how_many == 9:
        return SPECIAL_CARDS
    picked = rng.sample(range(9), how_many)
    return tuple(SPECIAL_CARDS[i] for i in sorted(picked))


def fast_all_rounds(rng, budget_s, max_rounds, how_many=9):
    """``fast_deluxe.random_round`` with special cards, Poison 8s and two goal cards."""
    play = fast_deluxe.random_round
    programs = [fast_deluxe.goal_program(pair) for pair in PAIRS]   # compiled once, cached
    k = len(programs)
    n, start = 0, time.perf_counter()
    deadline = start + budget_s
    while n < max_rounds:
        for i in range(n, n + min(200, max_rounds - n)):
            play(rng, i & 1, _specials(rng, how_many), True, (0, 0), None, None,
                 programs[i % k])
        n += min(200, max_rounds - n)
        if time.perf_counter() >= deadline:
            break
    return n, time.perf_counter() - start


def rich_goal_rounds(rng, budget_s, max_rounds, poison=False, how_many=0):
    n, start = 0, time.perf_counter()
    deadline = start + budget_s
    while n < max_rounds and time.perf_counter() < deadline:
        special = _specials(rng, how_many) if how_many else ()
        modules = Modules(poison=poison, special=special, goals=house_goal_ids())
        pos = deal_position(random.Random(rng.randrange(2 ** 32)), n & 1, modules=modules)
        pos.goals = PAIRS[n % len(PAIRS)]
        rnd = Round(pos)
        while not rnd.is_over:
            actions = rnd.legal_actions()
            rnd.act(actions[rng.randrange(len(actions))])
        n += 1
    return n, time.perf_counter() - start


def rich_moves_rounds(rng, budget_s, max_rounds):
    n, start = 0, time.perf_counter()
    deadline = start + budget_s
    while n < max_rounds and time.perf_counter() < deadline:
        rnd = Round.deal(rng.randrange(2 ** 32), dealer=n & 1)
        while not rnd.is_over:
            moves = rnd.legal_moves()
            rnd.push(moves[rng.randrange(len(moves))])
        n += 1
    return n, time.perf_counter() - start


def rich_action_rounds(rng, budget_s, max_rounds, modules=BASE):
    n, start = 0, time.perf_counter()
    deadline = start + budget_s
    while n < max_rounds and time.perf_counter() < deadline:
        rnd = Round.deal(rng.randrange(2 ** 32), dealer=n & 1, modules=modules)
        while not rnd.is_over:
            actions = rnd.legal_actions()
            rnd.act(actions[rng.randrange(len(actions))])
        n += 1
    return n, time.perf_counter() - start


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per path (default 5)")
    parser.add_argument("--rounds", type=int, default=None,
                        help="stop each path after this many rounds instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--paths", default=None,
                        help="only these paths, comma-separated (e.g. 'fast,fast all 9')")
    args = parser.parse_args(argv)
    budget = args.seconds if args.rounds is None else float("inf")
    limit = args.rounds if args.rounds is not None else 10 ** 12
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Random complete rounds, one core, Python {sys.version.split()[0]}, "
          f"load average {load:.2f} on {os.cpu_count()} cores")
    print("(rounds/s uses wall-clock time; per CPU-s uses this process's CPU time, which "
          "a busy machine disturbs less)")
    print(f"{'path':<14} {'rounds':>9} {'seconds':>9} {'rounds/s':>10} {'per CPU-s':>10}")
    for pair in PAIRS:                 # compile the goals before any clock starts
        fast.goal_program(pair)
        prog = fast_deluxe.goal_program(pair)
        fast_deluxe._loop(prog)        # (and the special cards' loop with them)
    rows = (("fast", fast_rounds), ("rich actions", rich_action_rounds),
            ("rich moves", rich_moves_rounds), ("fast poison", fast_poison_rounds),
            ("rich poison", lambda *a: rich_action_rounds(*a, modules=POISON)),
            ("fast special", fast_special_rounds),
            ("rich special", lambda *a: rich_action_rounds(*a, modules=SPECIAL_POISON)),
            ("fast goals", fast_goal_rounds), ("rich goals", rich_goal_rounds),
            ("fast p+goals", lambda *a: fast_goal_rounds(*a, poison=True)),
            ("rich p+goals", lambda *a: rich_goal_rounds(*a, poison=True)),
            ("fast all 2", lambda *a: fast_all_rounds(*a, how_many=2)),
            ("rich all 2", lambda *a: rich_goal_rounds(*a, poison=True, how_many=2)),
            ("fast all 9", fast_all_rounds),
            ("rich all 9", lambda *a: rich_goal_rounds(*a, poison=True, how_many=9)))
    if args.paths:
        wanted = [p.strip() for p in args.paths.split(",")]
        unknown = [p for p in wanted if p not in dict(rows)]
        if unknown:
            parser.error(f"unknown path {unknown[0]!r}; the paths are "
                         f"{', '.join(name for name, _ in rows)}")
        rows = tuple(row for row in rows if row[0] in wanted)
    for name, fn in rows:
        cpu = time.process_time()
        n, dt = fn(random.Random(args.seed), budget, limit)
        cpu = time.process_time() - cpu
        print(f"{name:<14} {n:>9} {dt:>9.2f} {n / dt:>10,.0f} {n / cpu:>10,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
