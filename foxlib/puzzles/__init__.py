"""Trick puzzles (interim: the whole module moved into the package as ``load``)."""
from .load import *  # noqa: F401,F403
from .load import main  # noqa: F401
