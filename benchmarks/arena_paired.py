"""Two arena runs compared round by round on the same deals.

Each run is written by ``python -m foxlib arena A B --seed S --rounds FILE`` (a JSON line per
round). A round is named by its seed, game and round number, which fix its deal, its seats and
its special cards; so two runs on the same seeds (say, a player before and after a change)
play the same deals, and the difference of the first player's margin on each deal cancels
most of the luck of the cards. Rounds that only one run reached (a game that lasted longer)
are counted but not compared.

    python benchmarks/arena_paired.py BEFORE.jsonl [MORE.jsonl ...] --vs AFTER.jsonl [...]
"""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from foxlib.core.errors import FoxError  # noqa: E402
from foxlib.players.arena import confidence_interval, paired_difference, read_round_records  # noqa: E402


def records(paths) -> list:
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            out += read_round_records(fh, path)
    return out


def rounds(n: int) -> str:
    return f"{n} round{'' if n == 1 else 's'}"


def describe(name, rows) -> str:
    ci = confidence_interval(margin for _, margin in rows)
    return f"{name}: {ci.mean:+.2f} [{ci.low:+.2f}, {ci.high:+.2f}] per round, {rounds(ci.n)}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", nargs="+", metavar="FIRST", help="the first run's --rounds files")
    ap.add_argument("--vs", nargs="+", required=True, metavar="SECOND",
                    help="the second run's --rounds files (the same seeds)")
    args = ap.parse_args(argv)
    try:
        first, second = records(args.first), records(args.vs)
        paired = paired_difference(first, second)
    except (OSError, FoxError) as exc:
        print(f"arena_paired: {exc}", file=sys.stderr)
        return 1
    print(describe("first run ", first))
    print(describe("second run", second))
    c = paired.change
    print(f"second - first on the same deals: {c.mean:+.2f} [{c.low:+.2f}, {c.high:+.2f}] per "
          f"round (95% CI), {rounds(c.n)} paired; {rounds(paired.only_first)} only in the "
          f"first run, {rounds(paired.only_second)} only in the second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
