"""Reviews and hints, lesson exercises, rulings, puzzles.
Imports the layers below."""
