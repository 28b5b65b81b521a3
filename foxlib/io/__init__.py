"""Readers of everything foxlib is given (cards, positions, scenarios, saves) and the referee.
Imports the layers below: core, words, engine."""
