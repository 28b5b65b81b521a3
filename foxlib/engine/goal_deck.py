"""The goal deck of a game (ruling 20): ``GoalDeck`` shuffles by seed, reveals two goals a
round, discards and reshuffles. It is a name of ``foxlib.engine.goals`` too. Standard library
only.
"""
from __future__ import annotations

import random

# ----------------------------------------------------------------------------- the goal deck

class GoalDeck:
    """The goal deck of a game (ruling 20): shuffled with its own seeded random source, two
    goals revealed at the start of each round, a claimed goal discarded at once and the
    unclaimed ones at the round's end; when the deck runs out, the discards are shuffled into
    a new deck. The same goals and seed give the same goals, round after round.

        deck = GoalDeck(house_goals(), seed=7)
        shown = deck.reveal()          # this round's goals
        deck.claim(shown[0])           # a once-goal claimed: to the discard pile
        deck.end_round()               # the rest to the discard pile
    """

    def __init__(self, goals, seed=None, per_round: int = 2):
        goals = tuple(goals)
        ids = [g.id for g in goals]
        if len(set(ids)) != len(ids):
            raise ValueError("The goal deck needs goals with different ids.")
        if per_round < 1:
            raise ValueError("At least one goal is revealed each round.")
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.per_round = per_round
        self.draw = list(goals)
        self.rng.shuffle(self.draw)
        self.discards: list = []
        self.revealed: list = []
        self.reshuffles = 0

    def reveal(self) -> tuple:
        """Reveal this round's goals from the top of the deck (the goals of the round before
        are discarded first, if ``end_round`` was not called)."""
        if self.revealed:
            self.end_round()
        while len(self.revealed) < self.per_round:
            if not self.draw:
                if not self.discards:
                    break            # fewer goals in all than a round reveals
                self.draw = self.discards
                self.discards = []
                self.rng.shuffle(self.draw)
                self.reshuffles += 1
            self.revealed.append(self.draw.pop(0))
        return tuple(self.revealed)

    def claim(self, goal) -> None:
        """A once-goal claimed: it leaves the table for the discard pile."""
        gid = goal if isinstance(goal, str) else goal.id
        for g in self.revealed:
            if g.id == gid:
                self.revealed.remove(g)
                self.discards.append(g)
                return
        raise ValueError(f"The goal {gid!r} is not on the table, so it cannot be claimed.")

    def end_round(self) -> None:
        """The round is over: the goals still on the table go to the discard pile."""
        self.discards.extend(self.revealed)
        self.revealed = []

    def state(self) -> dict:
        """Where each goal is, by id (deck from the top)."""
        return {"deck": [g.id for g in self.draw], "table": [g.id for g in self.revealed],
                "discards": [g.id for g in self.discards]}
