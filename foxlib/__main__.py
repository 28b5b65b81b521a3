"""Command line entry: ``python -m foxlib COMMAND ...``; each command is a module with main(argv)."""
import importlib
import sys

COMMANDS = {
    "referee": ("foxlib.io.referee", "judge JSON Lines scenarios read from stdin"),
    "arena": ("foxlib.players.arena", "play computer players against each other and compare them"),
    "solve": ("foxlib.cli.solve", "exact values of every move of JSON Lines scenarios"),
    "puzzles": ("foxlib.teaching.puzzles", "check puzzle files with the solver, or generate new puzzles"),
    "goals": ("foxlib.cli.goals", "check goal files (Deluxe goal cards as data), print their format"),
}


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in COMMANDS:
        print("usage: python -m foxlib COMMAND ...\n\ncommands:", file=sys.stderr)
        for name, (_, text) in COMMANDS.items():
            print(f"  {name:10} {text}", file=sys.stderr)
        return 2
    return importlib.import_module(COMMANDS[argv[0]][0]).main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
