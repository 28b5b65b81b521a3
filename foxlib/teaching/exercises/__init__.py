"""The lessons' "Your turn" exercises without a page: the question, checking an answer and the
feedback, for every kind of exercise (standard library only; ``widgets/exercises.py`` draws
them and forwards the learner's clicks here).

An exercise is built from plain data (card names such as ``'9M'``, trick counts, scores),
either by its class or from a dict with its ``kind`` (``make_exercise``)::

    ex = make_exercise({"kind": "who_wins", "decree": "4B", "lead": "10K", "follow": "2B"})
    ex.question                 # 'Who wins this trick?'
    ex.answer("Ann wins")       # Feedback('wrong', '✘ Not quite.', (...why not..., 'Try again.'))
    ex.answer("Ben wins")       # Feedback('right', '✔ Right.', (the engine's reason,), done=True)

The right answer is never stored in the data: each exercise asks the engine for it, and the
feedback shows the engine's own explanation. A wrong try says why that answer is wrong and
never names the right one (the words are in ``foxlib.words.exercise_text``); ``show_answer()``
gives the answer with the explanation. Feedback has the one shape puzzles use too
(``foxlib.core.feedback.Feedback``). An answer that is not one of the possible ones (a card not on
offer, text for a number) is refused: a ``refused`` Feedback, and nothing is counted.

What ``answer(value)`` takes, by kind:

- choices (``who_wins``, ``fox_exchange``, ``game_end``, ``deal``, ``character``,
  ``true_false``, ``round_trick``): a choice's label (see ``options``) or its index;
- ``legal_play``, ``woodcutter_discard``: the set of cards selected (names or Cards);
- ``choose_best``: one card;
- ``score``, ``round_score``: a number of points.

State: ``attempts``, ``solved``, ``revealed`` (the answer was shown), ``verdict`` (``""``, then
``"right"``, ``"wrong"`` or ``"shown"``), ``feedback`` (the last one) and ``explanation`` (its
plain text). Bad data raises ``foxlib.FoxError`` (a ``ValueError``) naming the field at fault.

The kinds of exercise live by family in this package's modules, and every name is a name of
``foxlib.teaching.exercises``: the frame (``frame``), the data's fields (``fields``) and the rounds
set up from it (``setups``), one trick (``tricks``), the Fox and the Woodcutter
(``fox_woodcutter``), points (``scoring``), the cards and the deal (``cards_and_deal``),
recorded rounds (``recorded_rounds``), misconceptions (``true_false``), the Deluxe modules
(``deluxe``), exercises from data (``kinds``) and several at once (``quiz``).
"""
from __future__ import annotations

from .cards_and_deal import CharacterExercise, DealExercise
from .deluxe import (NEXT_LEADER_HINT, WINNER_HINTS, DeluxeMoveExercise,  # noqa: F401
                     DeluxeTrickExercise, TrickPointsExercise)
from .fields import FOLLOWER, LEADER  # noqa: F401
from .fox_woodcutter import FoxExchangeExercise, WoodcutterDiscardExercise
from .frame import CardPickExercise, ChoiceExercise, Exercise, NotAnAnswer, Option  # noqa: F401
from .kinds import KINDS, check_spec, make_exercise, spec_arguments
from .quiz import Quiz
from .recorded_rounds import RoundScoreExercise, RoundTrickExercise
from .scoring import GameEndExercise, ScoreExercise
from .setups import read_round
from .tricks import ChooseBestExercise, LegalPlayExercise, WhoWinsExercise
from .true_false import TrueFalseExercise

__all__ = [
    "Exercise", "ChoiceExercise", "CardPickExercise", "Option",
    "WhoWinsExercise", "LegalPlayExercise", "ChooseBestExercise", "FoxExchangeExercise",
    "WoodcutterDiscardExercise", "ScoreExercise", "GameEndExercise", "DealExercise",
    "CharacterExercise", "TrueFalseExercise", "RoundTrickExercise", "RoundScoreExercise",
    "DeluxeTrickExercise", "TrickPointsExercise", "DeluxeMoveExercise",
    "KINDS", "check_spec", "spec_arguments", "make_exercise", "read_round", "Quiz",
]
