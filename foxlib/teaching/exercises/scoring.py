"""Exercises about points: a round's score (``ScoreExercise``) and the end of a game
(``GameEndExercise``).
"""
from __future__ import annotations

from ...core import rules
from ...core.errors import InvalidState
from ...engine.game import game_result
from ...words import exercise_text as text
from ...words.narrator import round_points_line
from .fields import FOLLOWER, LEADER, _count, _names, _text
from .frame import ChoiceExercise, Exercise, typed_number


# ----------------------------------------------------------------------------- scoring

class ScoreExercise(Exercise):
    """How many points does a player gain in a round with ``tricks`` tricks (plus ``treasure``
    points for 7s won during the round)? The answer is a number."""

    kind = "score"

    def __init__(self, tricks: int, *, treasure: int = 0, player: str = LEADER,
                 question: str | None = None, theme="classic"):
        self.tricks = _count(tricks, "tricks", 13)
        self.treasure = _count(treasure, "treasure", 3)
        self.player = _text(player, "player")
        self.points = rules.round_points(tricks) + treasure
        extra = (f", and {treasure} Treasure point{'s' if treasure != 1 else ''} from 7s in "
                 "them") if treasure else ""
        default = (f"{player} won {tricks} trick{'s' if tricks != 1 else ''} this round{extra}. "
                   f"How many points does {player} gain for the round?")
        super().__init__(_text(question, "question", optional=True) or default, theme)

    def _judge(self, value):
        given = typed_number(value, 6)
        if given == self.points:
            return True, self._explain(), str(given)
        why = text.why_not_score(self.tricks, self.treasure, given)
        if given < 0:
            why = f"{text.why_not_negative_gain()} {why}"
        return False, why, str(given)

    def _explain(self) -> str:
        why = round_points_line(self.player, self.tricks)
        if self.treasure:
            why += (f" Add the Treasure: {rules.round_points(self.tricks)} + {self.treasure} = "
                    f"{text.plural(self.points, 'point')}.")
        return why

    def solution(self) -> str:
        return f"{text.plural(self.points, 'point')}. {self._explain()}"


class GameEndExercise(ChoiceExercise):
    """A round has just been scored: is the game over, and who wins?"""

    kind = "game_end"

    def __init__(self, score, round_gain, *, target: int = 21, names=(LEADER, FOLLOWER),
                 question: str | None = None, theme="classic"):
        for field, pair in (("score", score), ("round_gain", round_gain)):
            ok = isinstance(pair, (list, tuple)) and len(pair) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in pair)
            if not ok:
                raise InvalidState(f"{field} must be two whole numbers like [21, 18], "
                                   f"not {pair!r}.")
        if any(g > s for g, s in zip(round_gain, score)):
            raise InvalidState("round_gain: nobody can gain more points in a round than their "
                               "whole score.")
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise InvalidState(f"target must be a whole number of at least 1, not {target!r}.")
        self.score, self.round_gain, self.target = tuple(score), tuple(round_gain), target
        self.names = names = _names(names)
        self.result = over, winner, reason = game_result(self.score, self.round_gain,
                                                         target, names)
        choices = [(f"{names[0]} wins", 0), (f"{names[1]} wins", 1), ("It is a draw", "draw"),
                   ("Deal another round", None)]
        options = []
        for label, choice in choices:
            ok = choice == winner
            options.append((label, ok, reason if ok else text.why_not_game_end(
                score, round_gain, target, names, choice)))
        default = (f"A round has just been scored in a game to {target} points. Who wins, or "
                   "does the game go on?")
        super().__init__(_text(question, "question", optional=True) or default, options, theme)

