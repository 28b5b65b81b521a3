"""Trick puzzles: a JSON file format, a loader that reports every problem, goals, checking,
a play-through session for the puzzle player, and a generator.

A puzzle file is one *set* of puzzles (see ``docs/puzzles.md`` for the format and ``SCHEMA``).
The loader never raises on bad content: ``load_file``/``load_text`` return a ``LoadResult`` with
the puzzles that are sound and a ``Problem`` (file, puzzle id, field, reason) for everything else.

Four kinds of puzzle, named by their goal:

- predict: ``who-wins`` / ``who-leads-next`` -- the engine plays the given cards and decides;
- play: ``win-trick``, ``lose-trick``, ``lead-next``, ``take-treasure`` -- one move, judged
  against every reply the opponent may make;
- band: ``band:Victorious`` (or another band) -- reach it by the end of the round against any
  defence; the solver proves it and supplies the opponent's replies;
- score: ``round-points``, ``final-score``, ``game-winner`` -- count the points.

The package is layered, each module importing only from the ones before it:

- ``format``: the format's name, goals, kinds, theme tags, ``SCHEMA`` and ``EXAMPLE_FILE``;
- ``schema``: the validator of the JSON Schema subset ``SCHEMA`` uses; ``reference``: the docs'
  field tables, rendered from ``SCHEMA``;
- ``model``: ``Problem``, ``Puzzle``, ``PuzzleSet``, ``LoadResult``, and writing moves and
  puzzles back as text and JSON;
- ``positions`` and ``load``: reading files, every problem reported;
- ``analysis``: equivalent cards and the verdict on every move (engine and solver);
- ``difficulty``: how hard a puzzle and a set are (``measure``, ``set_level``), stored for the
  shipped collection;
- ``check``: proving puzzles (``python -m foxlib puzzles check``) and the coverage table;
- ``session``: one learner's attempt (``PuzzleSession``); ``generate``: new puzzles;
- ``cli``: the command line.

Command line: ``python -m foxlib puzzles check [PATH...]``,
``python -m foxlib puzzles generate --theme T --count N --seed S [--out FILE]`` (Deluxe:
``--special Hammer`` and/or ``--poison`` instead of ``--theme``),
``python -m foxlib puzzles schema [--json | --update-docs FILE]`` and
``python -m foxlib puzzles difficulty [--write]``.
"""
from .analysis import (NODE_LIMIT, TRICK_GOALS, GoalAnalysis, Verdict, analyse, closure,
                       equivalence_note, equivalent_cards, equivalent_moves, judge_trick_goal,
                       live_cards, solve_actions, solve_goal, solver_objective, trick_outcomes,
                       truth)
from .check import CheckResult, check_paths, check_puzzle, coverage, coverage_table
from .cli import main
from .difficulty import (LEVEL_CUTS, Difficulty, level_of, measure, puzzle_difficulty,
                         set_level, set_rank)
from .format import (BAND, CHARACTER_TAGS, DATA_DIR, DECK_SIZE, EXAMPLE_FILE, FORMAT,
                     GAME_ANSWERS, GOALS, KINDS, PLAY, PLAYER_ANSWERS, POSITION_FIELDS, PREDICT,
                     PUZZLE_FIELDS, REQUIRED_TAGS, ROUND_TRICKS, SCHEMA, SCORE, SET_FIELDS, TAGS,
                     Goal, GoalSpec, parse_goal)
from .generate import (GEN_THEMES, GenTheme, estimate_difficulty, generate, generate_deluxe,
                       generated_file)
from .load import load_collection, load_data, load_file, load_paths, load_text
from .model import (LoadResult, Problem, Puzzle, PuzzleSet, dumps, move_key, move_text,
                    parse_move_key, position_to_json, puzzle_to_json)
from .session import Feedback, PuzzleSession, score_mistake, second_person

__all__ = [
    # format
    "BAND", "CHARACTER_TAGS", "DATA_DIR", "DECK_SIZE", "EXAMPLE_FILE", "FORMAT", "GAME_ANSWERS",
    "GOALS", "KINDS", "PLAY", "PLAYER_ANSWERS", "POSITION_FIELDS", "PREDICT", "PUZZLE_FIELDS",
    "REQUIRED_TAGS", "ROUND_TRICKS", "SCHEMA", "SCORE", "SET_FIELDS", "TAGS", "Goal", "GoalSpec",
    "parse_goal",
    # model
    "LoadResult", "Problem", "Puzzle", "PuzzleSet", "dumps", "move_key", "move_text",
    "parse_move_key", "position_to_json", "puzzle_to_json",
    # load
    "load_collection", "load_data", "load_file", "load_paths", "load_text",
    # analysis
    "NODE_LIMIT", "TRICK_GOALS", "GoalAnalysis", "Verdict", "analyse", "closure",
    "equivalence_note", "equivalent_cards", "equivalent_moves", "judge_trick_goal", "live_cards",
    "solve_actions", "solve_goal", "solver_objective", "trick_outcomes", "truth",
    # difficulty
    "LEVEL_CUTS", "Difficulty", "level_of", "measure", "puzzle_difficulty", "set_level",
    "set_rank",
    # check
    "CheckResult", "check_paths", "check_puzzle", "coverage", "coverage_table",
    # session
    "Feedback", "PuzzleSession", "score_mistake", "second_person",
    # generate and the command line
    "GEN_THEMES", "GenTheme", "estimate_difficulty", "generate", "generate_deluxe",
    "generated_file", "main",
]
