"""A whole game: rounds until someone reaches the target score, then the winner and why."""
from __future__ import annotations

import json
import random

from .cards import DEFAULT_THEME, Theme
from .errors import FoxError, IllegalAction, InvalidState
from .narrator import game_line
from .round import PLAYERS, Round, _theme, deal, player_index

DEFAULT_TARGET = 21
SHORT_TARGET, LONG_TARGET = 16, 35


def game_result(score, round_gain, target: int = DEFAULT_TARGET, names=PLAYERS,
                next_round: str = "so another round is dealt"):
    """(game_over, winner, reason) after a round has been scored.

    winner is 0, 1, "draw", or None while the game goes on. ``next_round`` ends the reason
    while the game goes on (an app says what to press, e.g. "press Deal the next round").
    """
    a, b = score
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
    """Rounds of play with alternating dealers until someone reaches ``target`` points."""

    def __init__(self, seed=None, target: int = DEFAULT_TARGET, first_dealer=None,
                 names=PLAYERS, theme: Theme = DEFAULT_THEME):
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise InvalidState(f"The target score must be a whole number of at least 1, "
                               f"not {target!r}.")
        self.seed = _check_seed(seed if seed is not None else random.randrange(2**32), "seed")
        self.target = target
        self.names = tuple(names)
        self.theme = theme
        self.first_dealer = (random.Random(self.seed).randrange(2) if first_dealer is None
                             else player_index(first_dealer))
        self.rounds: list[Round] = []
        self._deal(self.first_dealer, (0, 0))

    def _deal(self, dealer: int, score) -> None:
        # Each round has its own shuffle, derived from the game's seed and the round's number,
        # so that undoing into an earlier round and dealing again gives the same cards.
        rng = random.Random(f"{self.seed}:{len(self.rounds) + 1}")
        self.rounds.append(Round(deal(rng, dealer, score), self.names, self.theme))

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

    # -- saving
    def to_json(self) -> dict:
        return {"seed": self.seed, "target": self.target, "first_dealer": PLAYERS[self.first_dealer],
                "names": list(self.names), "theme": self.theme.key,
                "rounds": [r.to_json() for r in self.rounds]}

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, obj) -> "Game":
        if not isinstance(obj, dict) or "rounds" not in obj:
            raise InvalidState("A saved game must be an object with 'seed', 'target' and 'rounds'.")
        if not isinstance(obj["rounds"], list) or not obj["rounds"]:
            raise InvalidState("A saved game's 'rounds' must be a non-empty list.")
        theme = _theme(obj.get("theme", "classic"))
        if theme is None:
            raise InvalidState(f"game.theme: unknown theme {obj.get('theme')!r}.")
        game = cls.__new__(cls)
        game.seed = _check_seed(obj.get("seed", 0), "saved seed")
        game.target = obj.get("target", DEFAULT_TARGET)
        if not isinstance(game.target, int) or isinstance(game.target, bool) or game.target < 1:
            raise InvalidState(f"game.target must be a whole number of at least 1, not {game.target!r}.")
        names = obj.get("names", list(PLAYERS))
        if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) for n in names)):
            raise InvalidState("game.names must be a list of two names.")
        game.names = tuple(names)
        game.theme = theme
        game.first_dealer = player_index(obj.get("first_dealer", "A"))
        game.rounds = []
        for i, data in enumerate(obj["rounds"]):
            rnd = Round.from_json(data, f"game.rounds[{i}]")
            dealer = (game.first_dealer + i) % 2
            if rnd.start.dealer != dealer:
                who = "nobody" if rnd.start.dealer is None else PLAYERS[rnd.start.dealer]
                raise InvalidState(f"game.rounds[{i}] is dealt by {who}, but dealers alternate "
                                   f"from {PLAYERS[game.first_dealer]}, so {PLAYERS[dealer]} "
                                   "deals it.")
            if not game.rounds and tuple(rnd.start.score) != (0, 0):
                raise InvalidState(f"game.rounds[0] starts at score {rnd.start.score}, but a "
                                   "game starts at 0 points each.")
            if game.rounds:
                prev = game.rounds[-1]
                if not prev.is_over:
                    raise InvalidState(f"game.rounds[{i}] follows a round that is not finished.")
                if tuple(rnd.start.score) != tuple(prev.score):
                    raise InvalidState(f"game.rounds[{i}] starts at score {rnd.start.score}, but "
                                       f"the previous round ended at {tuple(prev.score)}.")
                if game.is_over:
                    raise InvalidState(f"game.rounds[{i}] was dealt, but the game was already "
                                       f"over: {game.result()[2]}")
            game.rounds.append(rnd)
        return game

    @classmethod
    def loads(cls, text: str) -> "Game":
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidState(f"The saved game is not valid JSON: {exc}.") from None
        return cls.from_json(obj)

    def __eq__(self, other) -> bool:
        return isinstance(other, Game) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Game.loads({self.dumps()!r})"
