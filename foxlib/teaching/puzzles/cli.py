"""``python -m foxlib puzzles check [PATH...]``, ``python -m foxlib puzzles generate``,
``python -m foxlib puzzles schema`` and ``python -m foxlib puzzles difficulty [--write]``."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .analysis import NODE_LIMIT
from .check import check_paths, coverage_table
from .difficulty import table as difficulty_table, write_store
from ...engine.modules import SPECIAL_CARDS
from .generate import GEN_THEMES, generate, generate_deluxe, generated_file
from .load import load_paths
from .model import dumps
from .reference import DOCS, render_fields, render_json

# ----------------------------------------------------------------------------- command line

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m foxlib puzzles",
                                     description="Check and generate trick puzzles.")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="prove puzzle files with the solver (default: the "
                           "shipped collection)")
    check.add_argument("paths", nargs="*", help="puzzle files or folders")
    check.add_argument("--coverage", action="store_true", help="also print the coverage table")
    check.add_argument("--node-limit", type=int, default=NODE_LIMIT)
    gen = sub.add_parser("generate", help="find new puzzles with a unique solution")
    gen.add_argument("--theme", choices=sorted(GEN_THEMES), help="a base-game theme")
    gen.add_argument("--special", choices=SPECIAL_CARDS, help="Deluxe: puzzles where the "
                     "learner holds this special card and must use it")
    gen.add_argument("--poison", action="store_true", help="Deluxe: play with Poison 8s")
    gen.add_argument("--count", type=int, default=10)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--out", help="write the puzzle set to this file (default: print it)")
    gen.add_argument("--tries", type=int, default=None, help="random positions to try at most "
                     "(default 50000, or 5000 for Deluxe puzzles)")
    schema = sub.add_parser("schema", help="print the puzzle file format: the field tables "
                            "(Markdown) rendered from the schema")
    schema.add_argument("--json", action="store_true", help="print the JSON schema instead")
    schema.add_argument("--update-docs", metavar="FILE", help="rewrite the generated blocks "
                        "of FILE (docs/puzzles.md) instead")
    level = sub.add_parser("difficulty", help="print how hard each shipped puzzle and set is "
                           "(the engine's and solver's measure)")
    level.add_argument("--write", action="store_true", help="compute the measures afresh and "
                       "store them (foxlib/data/puzzle-difficulty.json)")
    args = parser.parse_args(argv)
    if args.command == "difficulty":
        sets = load_paths().sets
        if args.write:
            write_store(sets)
        print(difficulty_table(sets))
        return 0
    if args.command == "schema":
        return _schema_command(args)
    if args.command == "check":
        failures = check_paths(args.paths, node_limit=args.node_limit)
        if args.coverage:
            print()
            print(coverage_table(load_paths(args.paths)))
        return 1 if failures else 0
    return _generate_command(args)


def _schema_command(args) -> int:
    if args.update_docs:
        return DOCS.update_file(args.update_docs)
    print(render_json() if args.json else render_fields())
    return 0


def _generate_command(args) -> int:
    if args.count < 1:
        print("--count must be at least 1.", file=sys.stderr)
        return 2
    deluxe = bool(args.special or args.poison)
    if deluxe == bool(args.theme):
        print("Give either --theme (a base-game theme) or --special and/or --poison (Deluxe "
              "puzzles).", file=sys.stderr)
        return 2
    start = time.perf_counter()
    log = lambda text: print(text, file=sys.stderr)   # noqa: E731
    if deluxe:
        theme = (args.special or "poison").lower()
        found = generate_deluxe(args.special, args.poison, args.count, args.seed,
                                max_tries=args.tries or 5_000, log=log)
    else:
        theme = args.theme
        found = generate(args.theme, args.count, args.seed, max_tries=args.tries or 50_000,
                         log=log)
    seconds = time.perf_counter() - start
    text = dumps(generated_file(theme, found, args.seed))
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    levels = [sum(p.difficulty == d for p in found) for d in (1, 2, 3)]
    print(f"generated {len(found)} of {args.count} {theme} puzzles in {seconds:.1f} s "
          f"(difficulty 1/2/3: {levels[0]}/{levels[1]}/{levels[2]})"
          + (f"; wrote {args.out}" if args.out else ""), file=sys.stderr)
    return 0 if len(found) == args.count else 1
