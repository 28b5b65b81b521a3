"""Goal cards (the Deluxe goal module) as data: a validated file format, evaluation over a
round's records, and the goal deck.

The sixteen printed goal cards' conditions are not public, so a goal is data (rulings 19-21 of
docs/deluxe-design.md). A goal file (``fox-goals/1``, docs/goals.md) lists goals; each has an
``id``, a ``title``, its ``source`` (``"house"``: one of this project's own house goals;
``"printed"``: a card an owner of the box typed in), ``points`` (negative for a penalty),
``kind`` (``"once"``: claimed once; ``"ongoing"``: triggers every time, for the whole round)
and a ``condition`` in a small composable language:

    {"event": "win_trick", "with": {"character": "Swan"}}
    {"event": "lose_trick", "against": {"rank": 11}, "trick": "last"}
    {"event": "take", "cards": {"character": "Treasure"}, "count": 2}
    {"event": "win_tricks", "count": 5}          {"event": "streak", "tricks": 3}
    {"event": "round_end", "tricks": {"at_least": 7}}
    {"all": [...]}   {"any": [...]}   {"never": {...}}

``SCHEMA`` is the one description of the format: ``read_goals`` validates with it (every bad
field is a ``Problem`` naming the file, the goal's id and the field; first problem or every
problem, as ``foxlib.io.inputs`` does) and docs/goals.md is rendered from it
(``python -m foxlib goals schema --update-docs docs/goals.md``).

``evaluate(records, goal)`` reads facts only (the ``TrickRecord`` s and the ``RoundEndRecord``
of a round's history) and returns frozen ``Claim`` s; ``foxlib.words.goal_words.say_claim``
says one in the narrator's grammar, and ``describe`` a condition. ``GoalDeck`` shuffles,
reveals two goals a round, discards and reshuffles by seed. A goal file of the players' own is
read from its text or its path by ``foxlib.io.goal_files`` (``load_text``, ``load_file``); the
command line ``python -m foxlib goals`` is ``foxlib.cli.goals``.

Standard library only, headless. A round scores the goals revealed for it with
``evaluate_all`` (``foxlib.engine.round``); a game plays the house goals or any ``GoalSet``
(``foxlib.engine.modules.Modules.with_goals``), which ``GoalSet.to_json`` writes back as a goal file.

The parts, each in its own module and every name a name of this one: the format
(``foxlib.engine.goal_schema``), goals read and checked (``goal_sets``), evaluation
(``goal_evaluation``) and the goal deck (``goal_deck``).
"""
from __future__ import annotations

# The module's parts, by concern; every name stays a name of this module (``goals.SCHEMA``,
# ``goals.evaluate`` ...). The format's plain data is core's, shared with the goals' words.
from ..core.goal_format import (CHARACTER_RANKS, COMBINATORS, END, EVENTS, FORMAT,  # noqa: F401
                                ROUND_TRICKS, condition_form)
from .goal_deck import GoalDeck  # noqa: F401
from .goal_evaluation import Claim, Fact, evaluate, evaluate_all, matches, triggers  # noqa: F401
from .goal_schema import (BLOCKS, DOCS, FORMATS, FORMS, KINDS, SCHEMA, SOURCES,  # noqa: F401
                          SPECIAL_CARDS, SUIT_LETTERS, begin_marker, end_marker,
                          generated_block, render, update_docs)
from .goal_sets import (DATA_DIR, HOUSE_FILE, Goal, GoalProblem, GoalProblems,  # noqa: F401
                        GoalSet, goal_problems, house_goals, read_goals)
