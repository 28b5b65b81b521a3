"""The state machines: Modules, goal cards, Round (with PlayerView), Game.
Imports foxlib.core and foxlib.words."""
