"""How good the strong player's evaluators are, against exact values.

*Regret* is the exact value of the best action minus that of the action picked (points per
decision; 0 = always a best action).

- ``--mode perfect`` (default): seeded random positions with at most ``--cards`` cards in the
  larger hand (random play from a deal); every card known; each evaluator picks an action.
- ``--mode hidden``: positions where the player to move (rule-of-thumb player against random
  play) holds ``--cards`` cards; the strong player decides from its own view with each stage's
  evaluator and deals, and is scored against the true deal's exact values (so some regret is
  the unavoidable price of not seeing the cards).

    python benchmarks/bench_evaluators.py [--mode perfect|hidden] [--cards 8] [--positions 60]
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
from foxlib.fast import base as fast
from foxlib.search import solver  # noqa: E402
from foxlib.search.evaluators import (LookaheadEvaluator, OutOfTime, PolicyRolloutEvaluator,  # noqa: E402
                               RolloutEvaluator, SolverEvaluator)
from foxlib.players.levels import RandomPlayer, RulesPlayer, StrongPlayer  # noqa: E402


def positions(rng, cards: int, count: int):
    exact = SolverEvaluator()
    out = []
    while len(out) < count:
        s = fast.deal(rng, rng.randrange(2))
        while s.phase != fast.OVER and (max(s.hands[0].bit_count(), s.hands[1].bit_count()) > cards
                                        or rng.random() < 0.3):
            s = fast.apply_action(s, rng.choice(fast.legal_actions(s)))
        if s.phase == fast.OVER or len(fast.legal_actions(s)) < 2:
            continue
        try:
            values, _ = exact.values(s, time.perf_counter() + 30)
        except OutOfTime:
            continue
        out.append((s, values))
    return out


def views(rng, cards: int, count: int):
    """(view, exact action values of the true deal) from rule-of-thumb vs random games."""
    out, game = [], 0
    while len(out) < count:
        game += 1
        players = [RulesPlayer(game), RandomPlayer(game)]
        rnd = Round.deal(7000 + game, game % 2)
        while not rnd.is_over:
            p = rnd.to_play
            view = rnd.view(p)
            if (p == 0 and rnd.phase == "play" and len(view.hand) == cards
                    and len(view.legal) > 1 and rng.random() < 0.5):
                values, _, complete = solver.action_values(fast.from_round(rnd), time_limit=30)
                if complete:
                    out.append((view, values))
            rnd.act(players[p].choose(view))
    return out


def _collect(make, args, what: str, width: int) -> list:
    """The positions with their exact values, and the regret of a random action on them."""
    start = time.perf_counter()
    data = make(random.Random(args.seed), args.cards, args.positions)
    print(f"{len(data)} positions with {what.format(args.cards)}, exact values in "
          f"{time.perf_counter() - start:.0f} s")
    random_regret = statistics.fmean(max(v.values()) - statistics.fmean(v.values())
                                     for _, v in data)
    print(f"{'a random action':{width}} mean regret {random_regret:.2f}")
    return data


def hidden(args):
    data = _collect(views, args, "{} cards in hand", 36)
    for name, ev, deals in [("guided playouts, 200 deals", PolicyRolloutEvaluator(), 200),
                            ("two-trick look-ahead, 16 deals", LookaheadEvaluator(2), 16),
                            ("exact (solver), 16 deals", SolverEvaluator(), 16)]:
        player = StrongPlayer(1, samples=deals, evaluator=ev, time_limit=None)
        regrets, t = [], time.perf_counter()
        for view, exact in data:
            action = player.choose(view)
            regrets.append(max(exact.values()) - exact[action.index])
        print(f"{name:36} mean regret {statistics.fmean(regrets):.2f}, "
              f"{(time.perf_counter() - t) / len(data):.2f} s a decision")
    print(f"load average: {os.getloadavg()[0]:.1f} (2 cores)")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("perfect", "hidden"), default="perfect")
    parser.add_argument("--cards", type=int, default=8)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=8)
    args = parser.parse_args(argv)
    if args.mode == "hidden":
        return hidden(args)
    data = _collect(positions, args, "at most {} cards", 32)
    pickers = [("random playouts (8 per action)", RolloutEvaluator(8, 1)),
               ("guided playouts", PolicyRolloutEvaluator()),
               ("look-ahead 1 trick + playouts", LookaheadEvaluator(1)),
               ("look-ahead 2 tricks + playouts", LookaheadEvaluator(2))]
    for name, ev in pickers:
        regrets, t = [], time.perf_counter()
        for s, exact in data:
            values, _ = ev.values(s)
            best = max(values, key=lambda a: values[a])
            regrets.append(max(exact.values()) - exact[best])
        ms = (time.perf_counter() - t) / len(data) * 1000
        print(f"{name:32} mean regret {statistics.fmean(regrets):.2f}, best action "
              f"{sum(r == 0 for r in regrets) / len(regrets):.0%} of the time, {ms:.1f} ms each")
    print(f"load average: {os.getloadavg()[0]:.1f} (2 cores)")


if __name__ == "__main__":
    main()
