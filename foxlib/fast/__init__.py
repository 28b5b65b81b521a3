"""The same rules on small integers, for search and simulation (base game, goal programs, Deluxe).
Imports the layers below."""
