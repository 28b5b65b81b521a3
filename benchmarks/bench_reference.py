"""A plain reference: simple alpha-beta without Fox or Woodcutter decisions, on 13-card deals.

    python benchmarks/bench_reference.py [--deals 5] [--seed 1] [--check 200]

The solver issue compares the exact solver with "a simple pure-Python alpha-beta solver of this
game, without Fox or Woodcutter decisions". This script is that baseline, written plainly so the
comparison can be repeated on this machine:

- the game is the real one (Swan, Witch, Monarch, Treasure, follow suit, the points table)
  except that the Fox always keeps the decree and the Woodcutter always puts back the card it
  drew (so neither changes any hand, and there is no decision to search);
- negamax alpha-beta over lead and follow nodes, a transposition table of bounds and best move
  at lead nodes, the table's move tried first; no other ordering, equivalence or bounds;
- value: the points difference for the player to play (Treasure plus the table's points).

``--check N`` first compares it with a brute-force minimax on ``foxlib.fast.base`` states (restricted
to the same decisions) over N small random positions, so the numbers time a correct search.
Times are process CPU seconds on one core.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from foxlib.fast import base as fast  # noqa: E402

TRICK, RANK, SUITM, SWANB = fast.TRICK, fast.RANK, fast.CARD_SUIT_MASK, fast.SWAN_BIT


def reference_value(hm: int, ho: int, trump: int, tm: int = 0, to: int = 0, led: int = -1):
    """(value, nodes) for the player to move holding ``hm`` (following ``led`` if >= 0)."""
    total = tm + to + hm.bit_count()      # the follower's hand still holds this trick's card
    final = [fast.POINTS[t] - fast.POINTS[total - t] if t <= total else 0 for t in range(14)]
    tt = {}
    nodes = 0

    def lead(hm, ho, tm, to, alpha, beta):
        nonlocal nodes
        nodes += 1
        if not hm:
            return final[tm]
        key = (hm, ho, tm)
        e = tt.get(key)
        lo, hi, bm = e if e else (-99, 99, -1)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        a0, best, bestm = alpha, -99, -1
        cards = fast.cards_of(hm)
        if bm >= 0:
            cards.remove(bm)
            cards.insert(0, bm)
        for c in cards:
            v = -follow(ho, hm ^ 1 << c, c, to, tm, -beta, -alpha)
            if v > best:
                best, bestm = v, c
                alpha = max(alpha, v)
                if v >= beta:
                    break
        if best <= a0:
            tt[key] = (lo, best, bestm)
        elif best >= beta:
            tt[key] = (best, hi, bestm)
        else:
            tt[key] = (best, best, bestm)
        return best

    def follow(hm, ho, led, tm, to, alpha, beta):
        """The player to move follows ``led`` from ``hm``; values for the player to move."""
        nonlocal nodes
        nodes += 1
        legal = fast.follow_mask(hm, led)
        best = -99
        for c in fast.cards_of(legal):
            code = TRICK[(led * 33 + c) * 3 + trump]
            t = code >> 2
            tm2, to2, ts = (tm + 1, to, t) if code & 1 else (tm, to + 1, -t)
            if code & 2:
                v = ts + lead(hm ^ 1 << c, ho, tm2, to2, alpha - ts, beta - ts)
            else:
                v = ts - lead(ho, hm ^ 1 << c, to2, tm2, ts - beta, ts - alpha)
            if v > best:
                best = v
                alpha = max(alpha, v)
                if v >= beta:
                    break
        return best

    if led >= 0:
        v = follow(hm, ho, led, tm, to, -99, 99)
    else:
        v = lead(hm, ho, tm, to, -99, 99)
    return v, nodes


def brute_force(s: fast.FastState, drawn: int = -1) -> int:
    """Points difference (from now) for the player to move, by plain minimax on fast states."""
    if s.phase == fast.OVER:
        return 0
    p = s.to_play
    if s.phase == fast.EXCHANGE:
        actions = [-1]
    elif s.phase == fast.DISCARD:
        actions = [drawn]
    else:
        actions = fast.legal_actions(s)
    best = None
    for a in actions:
        t = fast.apply_action(s, a)
        # A Woodcutter just drew the deck's top card: the only discard allowed is that card.
        d = s.deck[0] if t.phase == fast.DISCARD and s.phase == fast.PLAY else -1
        gain = (t.round_gain[p] - s.round_gain[p]) - (t.round_gain[1 - p] - s.round_gain[1 - p])
        v = gain + (brute_force(t, d) if t.to_play == p else -brute_force(t, d))
        best = v if best is None else max(best, v)
    return best


def check(n: int, rng: random.Random) -> None:
    for i in range(n):
        s = fast.random_position(rng, rng.randint(1, 3), deck_size=rng.randint(0, 4))
        s = s._replace(score=(0, 0))
        p = s.to_play
        led = s.trick[0] if s.trick else -1
        v, _ = reference_value(s.hands[p], s.hands[1 - p], fast.SUIT[s.decree],
                               s.tricks_won[p], s.tricks_won[1 - p], led)
        b = brute_force(s)
        if v != b:
            raise SystemExit(f"reference disagrees with brute force on position {i}: "
                             f"{v} != {b}\n{s}")
    print(f"check: the reference agrees with brute-force minimax on {n} random positions")


def percentile(values, q):
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(q * (len(ordered) - 1)))))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=int, default=200,
                        help="small positions compared with brute force first (0: skip)")
    args = parser.parse_args(argv)
    if args.check:
        check(args.check, random.Random(args.seed))
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Reference alpha-beta, no Fox/Woodcutter decisions, 13-card deals, seed {args.seed}, "
          f"load average {load:.2f}; CPU seconds")
    rng = random.Random(args.seed)
    times, counts = [], []
    for i in range(args.deals):
        s = fast.deal(rng, rng.randrange(2))
        p = s.to_play
        t0 = time.process_time()
        v, nodes = reference_value(s.hands[p], s.hands[1 - p], fast.SUIT[s.decree])
        dt = time.process_time() - t0
        times.append(dt)
        counts.append(nodes)
        print(f"deal {i + 1}: value {v:+d} for the leader, {dt:.2f} s, {nodes:,} nodes", flush=True)
    if not times:
        return 0
    print(f"median {statistics.median(times):.2f} s, p95 {percentile(times, 0.95):.2f} s, "
          f"median nodes {statistics.median(counts):,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
