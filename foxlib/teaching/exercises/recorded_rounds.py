"""Exercises about a recorded round, replayed by the engine: who won one of its tricks
(``RoundTrickExercise``) and a player's points for it (``RoundScoreExercise``).
"""
from __future__ import annotations

from ...core import rules
from ...core.errors import InvalidState
from .scoring import ScoreExercise
from .setups import read_round
from .tricks import WhoWinsExercise


# ----------------------------------------------------------------------------- recorded rounds

class RoundTrickExercise(WhoWinsExercise):
    """Who won trick number ``trick`` of a recorded round (or who led next, or scored)?

    The cards, the players and the decree card in force when the trick was decided (a Fox may
    have changed it) all come from the engine's replay of the round. ``round`` is a Round, a
    saved round or the path of its ``.json`` file.
    """

    kind = "round_trick"

    def __init__(self, round, trick: int, *, ask: str = "winner", question: str | None = None,
                 theme=None):
        rnd = read_round(round)
        if not isinstance(trick, int) or isinstance(trick, bool) or \
                not 1 <= trick <= len(rnd.tricks):
            raise InvalidState(f"trick must be a trick number from 1 to {len(rnd.tricks)}, "
                               f"not {trick!r}.")
        record = next(t for t in rnd.tricks if t.number == trick)
        self.record = record
        leader, follower = rnd.name(record.leader), rnd.name(1 - record.leader)
        lead, follow = record.cards
        default = {"winner": f"Trick {trick}: who wins it?",
                   "next_leader": f"Trick {trick}: who leads the next trick?",
                   "treasure": f"Trick {trick}: does anyone score points for it?"}.get(ask)
        super().__init__(record.decree, lead, follow, leader=leader, follower=follower, ask=ask,
                         question=question or default, theme=theme or rnd.theme)
        self._shown = [rnd.start]


class RoundScoreExercise(ScoreExercise):
    """How many points did ``player`` gain in a recorded, finished round?"""

    kind = "round_score"

    def __init__(self, round, player: str, *, question: str | None = None, theme=None):
        rnd = read_round(round)
        if not rnd.is_over:
            raise InvalidState("round: the round is not finished, so it has not been scored.")
        if player not in rnd.names:
            raise InvalidState(f"player: {player!r} is not one of {list(rnd.names)}.")
        p = rnd.names.index(player)
        tricks = rnd.tricks_won[p]
        treasure = rnd.round_gain[p] - rules.round_points(tricks)
        super().__init__(tricks, treasure=treasure, player=player, question=question,
                         theme=theme or rnd.theme)
        self._start = rnd.start

    def positions(self) -> list:
        return [self._start]

