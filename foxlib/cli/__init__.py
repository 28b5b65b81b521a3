"""Command lines (python -m foxlib ...).
Imports any layer."""
