"""Computer players: levels, special-card decisions, inference, determinization, the arena.
Imports the layers below."""
