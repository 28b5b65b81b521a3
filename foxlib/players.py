"""Computer players. A player sees only a ``PlayerView`` and picks one of ``view.legal``.

Every player implements ``choose(view) -> action`` (a card to play, a card or None for the Fox's
exchange, a card for the Woodcutter's discard) and ``explain(view) -> str`` (why, in plain words).
Players are made by level with ``make_player(level, seed)``; stronger levels plug in here.
"""
from __future__ import annotations

import random

from .round import PlayerView


class Player:
    level = "base"
    title = "Player"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView):
        raise NotImplementedError

    def explain(self, view: PlayerView) -> str:
        action = self.choose(view)
        return f"{self.title} would choose {action}."


class RandomPlayer(Player):
    """Plays any legal action, chosen uniformly at random."""

    level = "random"
    title = "Random player"

    def choose(self, view: PlayerView):
        if not view.legal:
            raise ValueError("It is not this player's turn: there is nothing to choose.")
        return self.rng.choice(view.legal)

    def explain(self, view: PlayerView) -> str:
        return "The random player picks any legal card without thinking ahead."


LEVELS = {"random": RandomPlayer}


def make_player(level: str = "random", seed=None) -> Player:
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"Unknown player level {level!r}; choose one of {sorted(LEVELS)}.") from None
