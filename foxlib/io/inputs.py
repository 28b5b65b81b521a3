"""The input layer: every reader of what people and files give foxlib, in one place.

- cards: ``read_card``, ``read_card_list`` (files: ``hands.A[1]: '13B' is not a card...``) and
  ``read_typed_cards`` (typed by a learner: ``the follower's second card '12K' is not...``);
- themes: ``read_theme`` (the one lookup of a theme by its key);
- the Deluxe modules in play: ``read_modules`` (``{"poison": true}``);
- positions: ``read_position`` (then ``foxlib.engine.round.check_position``: could this position
  occur?);
- plays: ``read_move``;
- the referee's scenarios: ``read_scenario``;
- saved rounds and saved games: ``read_round`` and ``read_game`` (what ``to_json()`` wrote),
  ``loads_round`` and ``loads_game`` (what ``dumps()`` wrote: the engine writes, io reads);
- a trick set up from a learner's choices (the rules explorer): ``trick_setup``;
- a round from anything (a ``Round``, a ``Position``, a saved round, a scenario, their JSON
  text or a ``.json`` file): ``load_round``;
- a position with unseen cards filled in (a concealed hand, cards nobody chose): ``fill_unseen``.

Every reader takes ``problems``. Left out (None), the first problem raises an ``InputError``
whose message names the field and says what is wrong in plain words. Given a ``Problems()``,
the reader notes every problem it can find there (as ``Problem(file, id, field, reason)``, the
shape the puzzle loader uses too) and returns None when the input cannot be used.

The readers live by concern in sibling modules, and every name is a name of this module too:
cards, themes and JSON text in ``foxlib.io.card_readers``; modules, positions, plays and
scenarios in ``position_readers``; saved rounds and games, and ``load_round``, in
``saved_readers``; ``fill_unseen`` and ``trick_setup`` in ``stand_ins``.
"""
from __future__ import annotations

# The readers by concern; every name stays a name of this module (``inputs.read_theme`` ...).
from ..core.errors import InputError, Problem, Problems  # noqa: F401
from .card_readers import (read_card, read_card_list, read_json, read_theme,  # noqa: F401
                           read_typed_cards)
from .position_readers import (SCENARIO_FIELDS, read_chance, read_modules,  # noqa: F401
                               read_move, read_position, read_scenario, read_step)
from .saved_readers import (load_round, loads_game, loads_round, read_game,  # noqa: F401
                            read_round)
from .stand_ins import (SETUP, SETUP_PLACES, Filled, TrickSetup, fill_unseen,  # noqa: F401
                        trick_setup)

__all__ = ["Problem", "Problems", "InputError", "read_card", "read_card_list",
           "read_typed_cards", "read_theme", "read_modules", "read_position", "read_move",
           "read_scenario", "read_round", "read_game", "loads_round", "loads_game", "read_json",
           "load_round",
           "fill_unseen", "Filled", "trick_setup", "TrickSetup", "SCENARIO_FIELDS"]
