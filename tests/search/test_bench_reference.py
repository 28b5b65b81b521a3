"""The plain alpha-beta baseline of benchmarks/bench_reference.py computes correct values, so the
times it reports compare the solver with a correct search."""
import importlib.util
import pathlib
import random

from foxlib.fast import base as fast
from foxlib.core.cards import Card
from foxlib.search.solver import solve
from foxlib.engine.round import Round

_PATH = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "bench_reference.py"
_spec = importlib.util.spec_from_file_location("bench_reference", _PATH)
reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reference)


def test_the_baseline_agrees_with_brute_force_on_small_positions():
    reference.check(120, random.Random(7))      # raises SystemExit on any disagreement


def test_the_baseline_agrees_with_the_solver_when_no_fox_or_woodcutter_decision_is_left():
    # No Fox in the hands and an empty deck (a Woodcutter then has nothing to draw).
    rng = random.Random(3)
    compared = 0
    while compared < 30:
        s = fast.random_position(rng, rng.randint(2, 4), deck_size=0)
        if (s.hands[0] | s.hands[1]) & fast.FOXES:
            continue
        compared += 1
        p = s.to_play
        led = s.trick[0] if s.trick else -1
        v, _ = reference.reference_value(s.hands[p], s.hands[1 - p], fast.SUIT[s.decree],
                                         s.tricks_won[p], s.tricks_won[1 - p], led)
        assert v == solve(fast.to_round(s), lines=False).value


def test_the_baseline_avoids_greedy_like_the_solver():
    # B has 9 tricks and leads, Moons trump: leading the 2 of Moons ends Victorious, +5.
    hb = fast.mask_of([Card("8K"), Card("2M")])
    ha = fast.mask_of([Card("4B"), Card("4M")])
    v, nodes = reference.reference_value(hb, ha, Card("1M").suit.value, tm=9, to=2)
    assert v == 5 and nodes > 1
