"""The lowest layer: cards and suits, one trick's rules as facts, errors, the schema validator.
Imports nothing else of foxlib."""
