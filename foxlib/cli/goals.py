"""``python -m foxlib goals``: check goal files (``check [FILE...]``, by default the house
goals) and print their format (``schema``: the Markdown field tables rendered from
``foxlib.engine.goals.SCHEMA``, ``--json`` the schema itself, ``--update-docs FILE`` rewrites
the generated blocks of docs/goals.md)."""
from __future__ import annotations

import argparse
import json
import sys

from ..core.errors import Problems
from ..core.schema import render_fields
from ..engine.goals import DOCS, HOUSE_FILE, SCHEMA
from ..io.goal_files import load_file
from ..words.grammar import count


def main(argv=None) -> int:
    """``python -m foxlib goals check [FILE...]`` and ``python -m foxlib goals schema``."""
    parser = argparse.ArgumentParser(prog="python -m foxlib goals",
                                     description="Check goal files; print their format.")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="check goal files (default: the house goals) and "
                           "list their goals")
    check.add_argument("paths", nargs="*", help="goal files")
    schema = sub.add_parser("schema", help="print the goal file format (Markdown tables "
                            "rendered from the schema)")
    schema.add_argument("--json", action="store_true", help="print the JSON schema instead")
    schema.add_argument("--update-docs", metavar="FILE", help="rewrite the generated blocks "
                        "of FILE (docs/goals.md) instead")
    args = parser.parse_args(argv)
    if args.command == "schema":
        if args.update_docs:
            return DOCS.update_file(args.update_docs)
        print(json.dumps(SCHEMA, indent=2) if args.json else render_fields(SCHEMA))
        return 0
    failed = 0
    for path in args.paths or [HOUSE_FILE]:
        found = Problems(str(path))
        goals = load_file(path, found)
        if goals is None:
            failed += 1
            for problem in found.out:
                print(problem, file=sys.stderr)
            continue
        print(f"{path}: {count(len(goals), 'goal')}, all valid.")
        for goal in goals:
            label = "house" if goal.house else "printed"
            print(f"  {goal.id} ({label}, {goal.kind}): {goal.title} - {goal.words()}")
    return 1 if failed else 0
