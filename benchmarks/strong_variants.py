"""Ideas for a stronger strong player in the base game, each played head to head against
today's strong player (issue 26: "stronger at equal time").

Every variant below changes one thing. The arena plays whole 21-point games, seats swapped in
pairs on the same deals, both players capped at ``--move-time`` seconds a move (0.2 s: the
time the issue compares at), and prints the points per round of the variant minus today's,
with the 95% interval, and each player's mean seconds per move. ``--rounds FILE`` keeps every
round (``benchmarks/arena_paired.py`` reads them).

    python benchmarks/strong_variants.py VARIANT [--games 150] [--seed scr1] [--rounds FILE]

Variants (the numbers each gave are in docs/players.md, "Stronger at equal time"):

- ``blind-leads``: in the playouts, the player's own leads no longer see the opponent's hand:
  a card is a sure winner only if no card it cannot see (the opponent's hand and the deck)
  could beat it (today the guided lead looks at the opponent's actual cards);
- ``noise-half``: the playouts' opponent plays the guided policy half the time (random today);
- ``time-to-six-and-seven``: the 6- and 7-card stages get 0.35 s and 0.6 s, the playouts 100
  deals instead of 200 (about the same mean time per move);
- ``double-time``: today's player with twice the cap (0.4 s);
- ``twice-everything``: twice the deals at every stage and twice the cap;
- ``look-ahead-to-nine``: the two-trick look-ahead from 9 cards (today from 7);
- ``follow-inference``: deals weighted by how likely the opponent's follows were in each
  (sampling-importance-resampling, three candidate deals per deal; ``DELTA`` in the
  environment, default 0.3, is how much less likely an untypical card is);
- ``sees-everything``: sees the opponent's hand and the deck. Not a player: the most that
  any inference about hidden cards could give this evaluator.
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from foxlib.engine import round as round_module  # noqa: E402
from foxlib.fast import base as fast  # noqa: E402
from foxlib.players import arena, levels  # noqa: E402
from foxlib.search import guided  # noqa: E402
from foxlib.search.evaluators import (LookaheadEvaluator, PolicyRolloutEvaluator,  # noqa: E402
                                      Schedule, SolverEvaluator)

EXACT_DEALS = {1: 1, 2: 8, 3: 32, 4: 64, 5: 64, 6: 40}


def schedule(noise=1.0, look_deals=None, playouts=200, scale=1, blind=False):
    """Today's schedule (``default_evaluator``), with the given changes; ``look_deals``: the
    look-ahead's deals by cards in hand (today ``{7: 16}``)."""
    look_deals = look_deals or {7: 16}
    look = LookaheadEvaluator(2, PolicyRolloutEvaluator(noise=noise, blind=blind))
    stages = [(6, SolverEvaluator(), {k: v * scale for k, v in EXACT_DEALS.items()}),
              (max(look_deals), look, {k: v * scale for k, v in look_deals.items()}),
              (13, PolicyRolloutEvaluator(noise=noise, blind=blind), playouts * scale)]
    return Schedule(stages)


class Variant(levels.StrongPlayer):
    """Today's strong player at the arena's cap (``--move-time``), with ``evaluator()``."""
    move_time = 0.2
    cap = 1.0          # multiple of the arena's cap

    def __init__(self, seed=None, **options):
        options["time_limit"] = self.move_time * self.cap
        super().__init__(seed, evaluator=self.evaluator(), **options)

    def evaluator(self):
        return schedule()


class BlindLeads(Variant):
    def evaluator(self):
        return schedule(blind=True)


class NoiseHalf(Variant):
    def evaluator(self):
        return schedule(noise=0.5)


class TimeToSixAndSeven(Variant):
    CAPS = {7: 3.0, 6: 1.75}     # multiples of the cap: 0.6 s and 0.35 s at 0.2 s

    def evaluator(self):
        return schedule(playouts=100)

    def decide(self, view):
        cap = self.time_limit
        self.time_limit = self.move_time * self.CAPS.get(len(view.hand), 1.0)
        try:
            return super().decide(view)
        finally:
            self.time_limit = cap


class DoubleTime(Variant):
    cap = 2.0


class TwiceEverything(Variant):
    cap = 2.0

    def evaluator(self):
        return schedule(scale=2)


class LookAheadToNine(Variant):
    def evaluator(self):
        return schedule(look_deals={7: 16, 8: 12, 9: 10})


# ----------------------------------------------------------------------------- inference

def follow_events(view) -> list:
    """The opponent's follows since its last Woodcutter (after one its hand changed unseen):
    ``[led, played, trump, mask of the cards it played after, [(old decree, card taken from
    hand for the decree), ...] after]``."""
    me, decree = view.player, view.decree.index
    for rec in view.history:
        if rec.kind == "exchange" and rec.taken is not None:
            decree = rec.old_decree.index      # the decree before the first exchange
            break
    events, led = [], None
    for rec in view.history:
        if rec.kind == "exchange" and rec.taken is not None:
            decree = rec.taken.index
            if rec.player != me:
                for e in events:
                    e[4].append((rec.old_decree.index, rec.taken.index))
        elif rec.kind in ("draw", "discard") and rec.player != me:
            events = []
        elif rec.kind == "play":
            if rec.leads:
                led = rec.card.index
            if rec.player != me:
                for e in events:
                    e[3] |= 1 << rec.card.index
                if not rec.leads:
                    events.append([led, rec.card.index, fast.SUIT[decree], 0, []])
    return events


def likelihood(opponent: int, events: list, delta: float) -> float:
    """How likely the opponent's follows were with the hand ``opponent`` (a mask) now: at each
    follow, the cheapest winner, the cheapest and the dearest loser are typical, any other card
    ``delta`` times as likely."""
    weight = 1.0
    for led, played, trump, later, swaps in events:
        hand = opponent | later
        for old, taken in reversed(swaps):
            hand = hand & ~(1 << old) | 1 << taken
        hand |= 1 << played
        legal = fast.follow_mask(hand, led)
        n = legal.bit_count()
        if n <= 1:
            continue
        power = guided.POWER[trump]
        beat = legal & guided.BEATEN_BY[led * 3 + trump]
        lose = legal & ~beat
        typical = (1 << guided.cheapest(beat, power)) if beat else 0
        if lose:
            typical |= 1 << guided.cheapest(lose, power) | 1 << guided.dearest(lose, power)
        t = typical.bit_count()
        weight *= (1.0 if typical >> played & 1 else delta) / (t + delta * (n - t))
    return weight


class FollowInference(Variant):
    CANDIDATES = 3

    def decide(self, view):
        self._events = follow_events(view)
        self._delta = float(os.environ.get("DELTA", "0.3"))
        return super().decide(view)

    def world(self, view, inf, rng):
        if not self._events:
            return levels.StrongPlayer.world(view, inf, rng)
        deals = [inf.sample(rng) for _ in range(self.CANDIDATES)]
        weights = [likelihood(fast.mask_of(opp), self._events, self._delta) for opp, _ in deals]
        opp, deck = rng.choices(deals, weights)[0] if sum(weights) > 0 else deals[0]
        return levels.StrongPlayer.state_of(view, opp, deck)


# ----------------------------------------------------------------------------- the bound

class _Fresh(PolicyRolloutEvaluator):
    """New random numbers at every call: the one true deal comes back at every sample."""
    calls = 0

    def values(self, state, deadline=None):
        _Fresh.calls += 1
        self.seed = _Fresh.calls
        return super().values(state, deadline)


class _FreshLook(LookaheadEvaluator):
    def values(self, state, deadline=None):
        _Fresh.calls += 1
        self.leaf.seed = _Fresh.calls
        return super().values(state, deadline)


class SeesEverything(Variant):
    def evaluator(self):
        return Schedule([(6, SolverEvaluator(), 1),
                         (7, _FreshLook(2, PolicyRolloutEvaluator(noise=1.0)), 16),
                         (13, _Fresh(noise=1.0), 200)])

    def world(self, view, inf, rng):
        return levels.StrongPlayer.state_of(view, *view._truth)


def _view_with_truth(original):
    def view(self, player):
        v = original(self, player)
        object.__setattr__(v, "_truth", (list(self.hands[1 - v.player]), list(self.deck)))
        return v
    return view


VARIANTS = {"blind-leads": BlindLeads, "noise-half": NoiseHalf, "time-to-six-and-seven": TimeToSixAndSeven,
            "double-time": DoubleTime, "twice-everything": TwiceEverything,
            "look-ahead-to-nine": LookAheadToNine, "follow-inference": FollowInference,
            "sees-everything": SeesEverything}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", choices=sorted(VARIANTS))
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", default="scr1")
    parser.add_argument("--move-time", type=float, default=0.2)
    parser.add_argument("--rounds", default=None, help="write every round here (JSON lines)")
    args = parser.parse_args(argv)
    Variant.move_time = args.move_time
    if args.variant == "sees-everything":
        round_module.Round.view = _view_with_truth(round_module.Round.view)
    levels.LEVELS[args.variant] = VARIANTS[args.variant]
    out = open(args.rounds, "w") if args.rounds else None
    try:
        summary = arena.run((args.variant, "strong"), args.games, args.seed,
                            move_time=args.move_time, rounds_out=out)
    finally:
        if out is not None:
            out.close()
    print(arena.format_summary(summary, args.seed, 21, move_time=args.move_time))
    return 0


if __name__ == "__main__":
    sys.exit(main())
