"""Would drawing the deals in strata steady the judgement's verdicts? (issue 26)

A verdict changes with the seed when a gap's estimate, an average over sampled deals, lands on
either side of a threshold. Drawing the deals in strata (so many deals with each length of the
opponent's suits, say) narrows that average only by the share of the spread that the strata
explain. This measures that share on the benchmark rounds of ``bench_review.py`` (the first
player's decisions, those valued by guided playouts): every choice is valued in ``--deals``
deals, and for each choice whose gap to the best is between 0.2 and 3 points it prints

- ``strata``: the share of the paired differences' variance explained by the opponent's suit
  lengths, adjusted for the number of strata (what proportional strata by suit lengths would
  remove);
- ``cards``: the share explained by a linear fit on where each unseen card lies (adjusted for
  the number of cards fitted), the most a control variate on the cards could remove;

then the medians. Standard library only.

    python benchmarks/deal_strata.py [--deals 1500] [--rounds 5] [--seed 1]
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from bench_review import played_round  # noqa: E402
from foxlib.players.inference import Inference  # noqa: E402
from foxlib.players.levels import StrongPlayer  # noqa: E402
from foxlib.teaching import judgement  # noqa: E402


def strata_share(diffs, keys) -> float:
    """1 - (the variance within strata) / the whole variance, both counted without bias (a
    stratum's mean is fitted too, as an adjusted R^2 does), so many small strata do not seem
    to explain more than they do."""
    groups = defaultdict(list)
    for k, d in zip(keys, diffs):
        groups[k].append(d)
    n = len(diffs)
    within = sum(len(g) * statistics.pvariance(g) for g in groups.values()) / (n - len(groups))
    return 1 - within / (n * statistics.pvariance(diffs) / (n - 1))


def solve(a, b):
    """x with a x = b (Gaussian elimination with partial pivoting; a small, well-posed system)."""
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[p] = m[p], m[i]
        if abs(m[i][i]) < 1e-12:
            continue
        for r in range(n):
            if r != i and m[r][i]:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def linear_share(diffs, rows) -> float:
    """The adjusted R^2 of a least-squares fit of ``diffs`` on the 0/1 columns of ``rows``
    (where each unseen card lies), with an intercept."""
    cols = [j for j in range(len(rows[0])) if len({r[j] for r in rows}) > 1]
    x = [[1.0] + [r[j] for j in cols] for r in rows]
    k = len(x[0])
    xtx = [[sum(r[i] * r[j] for r in x) for j in range(k)] for i in range(k)]
    xty = [sum(r[i] * d for r, d in zip(x, diffs)) for i in range(k)]
    # A tiny ridge keeps the system solvable when the columns are dependent (a hand's size is
    # fixed, so the indicators add up to a constant).
    for i in range(1, k):
        xtx[i][i] += 1e-6
    beta = solve(xtx, xty)
    resid = [d - sum(b * v for b, v in zip(beta, r)) for r, d in zip(x, diffs)]
    n = len(diffs)
    r2 = 1 - statistics.pvariance(resid) / statistics.pvariance(diffs)
    return 1 - (1 - r2) * (n - 1) / (n - k)


def decisions(rounds: int, seed: int):
    """(round number, view) of the first player's unforced decisions in the benchmark rounds."""
    for r in range(rounds):
        rnd = played_round(seed * 1000 + r)
        replay = rnd.fresh()
        for action in rnd.actions:
            if replay.to_play == 0:
                view = replay.view(0)
                if len(judgement._legal(view)) > 1:
                    yield r + 1, view
            replay.act(action)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    strata, cards = [], []
    for number, view in decisions(args.rounds, args.seed):
        inf = Inference(view)
        rng = random.Random(f"strata|{number}|{len(view.history)}")
        name, ev = judgement._stage(judgement._evaluator(view),
                                    StrongPlayer.world(view, inf, rng))
        if name != "playouts":
            continue
        codes = [judgement._code(a) for a in judgement._legal(view)]
        values, suits, where = [[] for _ in codes], [], []
        for _ in range(args.deals):
            opp, deck = inf.sample(rng)
            got, _ = ev.values(StrongPlayer.state_of(view, opp, deck))
            for row, c in zip(values, codes):
                row.append(got[c])
            suits.append(tuple(sum(c.suit == s for c in opp) for s in range(3)))
            held = {c.index for c in opp}
            where.append([1.0 if c.index in held else 0.0 for c in inf.hidden])
        means = [sum(r) / len(r) for r in values]
        best = max(range(len(codes)), key=lambda i: means[i])
        for i, row in enumerate(values):
            diffs = [b - x for b, x in zip(values[best], row)]
            gap = sum(diffs) / len(diffs)
            if i == best or not 0.2 < gap < 3.0 or statistics.pvariance(diffs) == 0:
                continue
            s, c = strata_share(diffs, suits), linear_share(diffs, where)
            strata.append(s)
            cards.append(c)
            print(f"round {number}, {len(view.hand)} cards, {view.phase}: gap {gap:.2f}, "
                  f"strata {s:.3f}, cards {c:.3f}", flush=True)
    if strata:
        print(f"{len(strata)} gaps: median share explained by suit-length strata "
              f"{statistics.median(strata):.3f}, by a linear fit on the cards "
              f"{statistics.median(cards):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
