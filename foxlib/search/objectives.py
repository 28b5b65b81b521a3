"""The questions the exact solver answers (``foxlib.search.solver``): the points (``POINTS``),
a band of tricks (``Band``) or the trick being played (``TrickGoal``)."""
from __future__ import annotations

from dataclasses import dataclass

from ..core import rules
from ..core.errors import InvalidState
from ..engine.round import player_index


@dataclass(frozen=True)
class Band:
    """Goal: ``player`` ends the round with a number of tricks in ``band``.

    ``band`` is a band's name ('Humble', 'Defeated', 'Victorious', 'Greedy') or a
    ``(low, high)`` range of tricks, both ends included."""

    player: int
    band: object

    def __post_init__(self):
        object.__setattr__(self, "player", player_index(self.player))
        b = self.band
        if isinstance(b, str):
            name = b.strip().capitalize()
            if name not in rules.BAND_RANGES:
                raise InvalidState(f"{b!r} is not a band: use one of {', '.join(rules.BANDS)}, "
                                   "or a (low, high) range of tricks.")
            object.__setattr__(self, "band", name)
        elif (isinstance(b, (tuple, list)) and len(b) == 2 and
              all(isinstance(x, int) and not isinstance(x, bool) for x in b) and
              0 <= b[0] <= b[1] <= 13):
            object.__setattr__(self, "band", (b[0], b[1]))
        else:
            raise InvalidState(f"{b!r} is not a band: use a band's name or a (low, high) range "
                               "of tricks with 0 <= low <= high <= 13.")

    @property
    def range(self) -> tuple:
        return rules.BAND_RANGES[self.band] if isinstance(self.band, str) else self.band

    def describe(self) -> str:
        low, high = self.range
        span = f"{low} trick{'s' if low != 1 else ''}" if low == high else f"{low}-{high} tricks"
        return f"{self.band} ({span})" if isinstance(self.band, str) else span


@dataclass(frozen=True)
class TrickGoal:
    """Goal: ``player`` wins (``win=True``) or loses the trick being played now."""

    player: int
    win: bool = True

    def __post_init__(self):
        object.__setattr__(self, "player", player_index(self.player))
        if not isinstance(self.win, bool):
            raise InvalidState(f"TrickGoal.win must be True or False, not {self.win!r}.")

    def describe(self) -> str:
        return "win this trick" if self.win else "lose this trick"


POINTS = "points"


def check_objective(objective):
    """The objective itself, or a clear error naming what was given."""
    if objective == POINTS or isinstance(objective, (Band, TrickGoal)):
        return objective
    raise InvalidState(f"{objective!r} is not an objective: use 'points', Band(player, band) or "
                       "TrickGoal(player, win).")
