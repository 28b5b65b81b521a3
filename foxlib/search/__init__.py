"""Exact search: the solver, the Deluxe solver, evaluators.
Imports the layers below."""
