"""A whole game: rounds until someone reaches the target score, then the winner and why."""
from __future__ import annotations

import json
import random

from ..core.cards import DEFAULT_THEME, Theme
from ..core.errors import IllegalAction, InvalidState
from .goals import GoalDeck
from .modules import BASE, as_modules
from ..words.narrator import game_line
from .round import PLAYERS, Round, deal, player_index

DEFAULT_TARGET = 21
SHORT_TARGET, LONG_TARGET = 16, 35
#: What each round of a saved game writes as its modules' ``goal_file``: the game's own goal
#: file, written once in the game's ``modules`` (``foxlib.io.inputs.read_game`` puts it back).
GAME_GOAL_FILE = "game"


def game_result(score, round_gain, target: int = DEFAULT_TARGET, names=PLAYERS,
                next_round: str = "so another round is dealt"):
    """(game_over, winner, reason) after a round has been scored.

    winner is 0, 1, "draw", or None while the game goes on. ``next_round`` ends the reason
    while the game goes on (an app says what to press, e.g. "press Deal the next round").
    """
    a, b = score
    # The tie-break compares each player's rise over the last round, after the floor at 0: a
    # round that cost points (Poison 8s) counts against (ruling P4).
    text = game_line(score, round_gain, target, names, next_round)
    if max(a, b) < target:
        return False, None, text
    if a != b:
        return True, 0 if a > b else 1, text
    ga, gb = round_gain
    if ga != gb:
        return True, 0 if ga > gb else 1, text
    return True, "draw", text


def _check_seed(seed, where: str):
    # The seed is saved as JSON and turned into each round's shuffle, so it must be plain data.
    if isinstance(seed, bool) or not isinstance(seed, (int, float, str)):
        raise InvalidState(f"The game's {where} must be a whole number or a text, "
                           f"not {type(seed).__name__}.")
    return seed


class Game:
    """Rounds of play with alternating dealers until someone reaches ``target`` points.
    ``modules``: the Deluxe modules in play (``foxlib.engine.modules.Modules``, or a dict of
    its fields such as ``{"poison": True}``: see ``as_modules``), the same for every round.
    A game saves itself (``to_json``, ``dumps``); ``foxlib.io.inputs`` reads a save back
    (``read_game``, ``loads_game``)."""

    def __init__(self, seed=None, target: int = DEFAULT_TARGET, first_dealer=None,
                 names=PLAYERS, theme: Theme = DEFAULT_THEME, modules=BASE):
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise InvalidState(f"The target score must be a whole number of at least 1, "
                               f"not {target!r}.")
        self.seed = _check_seed(seed if seed is not None else random.randrange(2**32), "seed")
        self.target = target
        self.names = tuple(names)
        self.theme = theme
        self.modules = as_modules(modules)
        self.first_dealer = (random.Random(self.seed).randrange(2) if first_dealer is None
                             else player_index(first_dealer))
        self.rounds: list[Round] = []
        self._deal(self.first_dealer, (0, 0))

    def _deal(self, dealer: int, score) -> None:
        # Each round has its own shuffle, derived from the game's seed and the round's number,
        # so that undoing into an earlier round and dealing again gives the same cards.
        rng = random.Random(f"{self.seed}:{len(self.rounds) + 1}")
        pos = deal(rng, dealer, score, self.modules)
        if self.modules.goals:
            pos.goals = tuple(g.id for g in self.goal_deck().reveal())
        self.rounds.append(Round(pos, self.names, self.theme))

    def goal_deck(self):
        """The game's goal deck (``foxlib.engine.goals.GoalDeck``, seeded from the game's seed) as it
        is after the rounds so far, rebuilt from their records: each round revealed its goals,
        its claimed once-goals were discarded and the rest at its end (ruling G6). Rebuilding
        it keeps undo and loading consistent."""
        deck = GoalDeck(self.modules.goal_cards(), seed=f"{self.seed}:goals")
        for rnd in self.rounds:
            deck.reveal()
            for t in rnd.tricks + ([rnd.round_end] if rnd.round_end else []):
                for c in getattr(t, "claims", ()):
                    if c.kind == "once":
                        deck.claim(c.goal)
            deck.end_round()
        return deck

    @property
    def round(self) -> Round:
        return self.rounds[-1]

    @property
    def dealer(self) -> int:
        return self.round.start.dealer

    @property
    def score(self) -> tuple:
        return tuple(self.round.score)

    def result(self, next_round: str = "so another round is dealt"):
        """(game_over, winner, reason); only a finished round can end the game."""
        if not self.round.is_over:
            return False, None, "The round is still being played."
        return game_result(self.round.score, self.round.round_gain, self.target, self.names,
                           next_round)

    @property
    def is_over(self) -> bool:
        return self.result()[0]

    @property
    def winner(self):
        return self.result()[1]

    def next_round(self) -> Round:
        """Deal the next round (the other player deals) once this one is scored."""
        if not self.round.is_over:
            raise IllegalAction("The current round is not over yet.")
        if self.is_over:
            raise IllegalAction("The game is over: " + self.result()[2])
        self._deal(1 - self.dealer, self.round.score)
        return self.round

    def pop(self) -> None:
        """Undo the last move, going back into the previous round if this one has just begun."""
        if not self.round.can_undo and len(self.rounds) > 1:
            self.rounds.pop()
        self.round.pop()

    def undo(self) -> None:
        """Undo the last single action (a play or one decision, such as a special card's), going
        back into the previous round if this one has just begun."""
        if not self.round.can_undo and len(self.rounds) > 1:
            self.rounds.pop()
        self.round.undo()

    @property
    def actions_made(self) -> tuple:
        """Where the game stands: (rounds dealt, actions made in the current round). After
        ``undo()`` back to this point the game is as it was then."""
        return len(self.rounds), len(self.round.actions)

    # -- saving
    def to_json(self) -> dict:
        """The saved game. A goal file of the players' own is written once, in the game's
        ``modules``; each round refers to it (``"goal_file": "game"``, ``GAME_GOAL_FILE``)."""
        rounds = [r.to_json() for r in self.rounds]
        if self.modules.goal_file is not None:
            for saved in rounds:
                modules = saved["start"].get("modules", {})
                if "goal_file" in modules:
                    modules["goal_file"] = GAME_GOAL_FILE
        out = {"seed": self.seed, "target": self.target, "first_dealer": PLAYERS[self.first_dealer],
               "names": list(self.names), "theme": self.theme.key, "rounds": rounds}
        if not self.modules.base:
            out["modules"] = self.modules.to_json()
        return out

    def dumps(self) -> str:
        """The saved game as JSON text; ``foxlib.io.inputs.loads_game`` reads it back
        (``read_game`` reads ``to_json()``)."""
        return json.dumps(self.to_json())

    def __eq__(self, other) -> bool:
        return isinstance(other, Game) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        # What reads it back: foxlib.io.inputs.loads_game (the engine writes, io reads).
        return f"loads_game({self.dumps()!r})"
