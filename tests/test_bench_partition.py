"""The partition search of benchmarks/bench_partition.py (the plain search with "winning
ranks", measured there and not used by the solver) gives exactly the solver's values: checked
against brute-force minimax, the separate baseline of benchmarks/bench_reference.py and the
solver itself; and those checks fail when the abstraction is made too loose, so they can tell."""
import importlib.util
import pathlib
import random

import pytest

from foxlib import fast
from foxlib.solver import Band, value_state
from test_solver import _fast_move_values  # the solver tests' brute-force minimax

_BENCH = pathlib.Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, _BENCH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


bench_partition = _load("bench_partition")
reference = _load("bench_reference")
# Entries from 3 tricks left (the benchmark's default is 5): the small positions brute force
# can check then meet partition entries too.
partition = bench_partition.partition_solver(min_tricks=3)


def _plain(rng, cards, trick=None):
    """A position with no Fox in a hand and an empty deck: plain from the root on."""
    while True:
        s = fast.random_position(rng, cards, deck_size=0, trick_in_progress=trick)
        if not (s.hands[0] | s.hands[1]) & fast.FOXES:
            return s


def _first_disagreement(mod, brute=300, baseline=60, bigger=40):
    """Where ``mod`` first disagrees: every move of ``brute`` positions of 4-5 cards against
    brute force, the value of ``baseline`` positions of 5-8 cards against bench_reference.py,
    and of ``bigger`` positions of 8-10 cards against the solver (None if nowhere)."""
    rng = random.Random(11)
    for i in range(brute):
        st = _plain(rng, rng.choice((4, 5)))
        got = {mv.move: mv.value for mv in mod.solve_state(st, lines=False).moves}
        if got != _fast_move_values(st):
            return f"brute force, position {i}: {st}"
    rng = random.Random(12)
    for i in range(baseline):
        s = _plain(rng, rng.randint(5, 8))
        p = s.to_play
        led = s.trick[0] if s.trick else -1
        v, _ = reference.reference_value(s.hands[p], s.hands[1 - p], fast.SUIT[s.decree],
                                         s.tricks_won[p], s.tricks_won[1 - p], led)
        if mod.value_state(s).value != v:
            return f"baseline, position {i}: {s}"
    rng = random.Random(13)
    for i in range(bigger):
        s = _plain(rng, rng.randint(8, 10), False)
        if mod.value_state(s).value != value_state(s).value:
            return f"solver, position {i}: {s}"
    return None


def test_partition_values_match_brute_force_the_baseline_and_the_solver():
    assert _first_disagreement(partition) is None


def test_partition_band_goals_and_poison_8s_get_the_solvers_values():
    """Band goals (no Treasure in the values) and Poison 8s far from the floor (the plain
    search with Poison tables: the 8s are not plain cards) on 6-7 cards each."""
    rng = random.Random(14)
    for _ in range(30):
        s = _plain(rng, rng.randint(6, 7), False)
        band = rng.choice(("Humble", "Defeated", "Victorious", (4, 8)))
        goal = Band(s.to_play, band)          # each module checks for its own Band class
        assert partition.value_state(s, partition.Band(s.to_play, band)).value == \
            value_state(s, goal).value, (s, goal)
        s = s._replace(poison=True, score=(10, 10))
        assert partition.value_state(s).value == value_state(s).value, s


# Deliberately too loose: a trick won by rank no longer needs its winner's place; the 7s and
# 9s no longer split the small cards into gaps; ability cards count as small cards; one of two
# equivalent cards searched once may be exact while the other is small.
_LOOSE = {
    "winning ranks left out": ("out[(led * 33 + f) * 3 + tr] = _UP[winner]",
                               "out[(led * 33 + f) * 3 + tr] = 0"),
    "no gaps at the 7s and 9s": ("CFGM = 7 if self.poison else 5", "CFGM = 0"),
    "ability cards small": ("            X = R | NPM\n", "            X = R\n"),
    "equivalent cards not closed": ("            while skipped:\n", "            while 0:\n"),
}


@pytest.mark.parametrize("loose", sorted(_LOOSE))
def test_the_checks_fail_when_the_partition_is_too_loose(loose):
    wrong = bench_partition.partition_solver(min_tricks=3, edits=(_LOOSE[loose],),
                                             name="foxlib.solver_partition_loose")
    assert _first_disagreement(wrong) is not None


def test_the_sure_trick_bound_needs_every_trump_from_the_lower_top_trump_up_to_keep_its_place():
    """A bound from sure tricks counts the trumps above every trump of the other side, so the
    positions it answers for must keep those trumps (from the lower of the two top trumps up)
    in place. This position (8 cards each, trump suit 1, found by a random search over 804
    positions) gets a wrong value when the bound's cards are left out; the checks above did
    not find one."""
    st = fast.FastState(hands=(2147701378, 4566320160), decree=20, deck=(), leader=0, trick=(),
                        tricks_won=(2, 3), score=(2, 7), round_gain=(0, 0), phase=fast.PLAY)
    want = value_state(st).value
    assert partition.value_state(st).value == want
    bound = "prel = UP[min(mt.bit_length(), ot.bit_length()) - 1] if mt and ot else 0\n"
    after = ("                    return b\n                b = -PB",
             "                    return b\n                if r >= PMIN")
    wrong = bench_partition.partition_solver(
        min_tricks=3, edits=[(bound + a, "prel = 0\n" + a) for a in after],
        name="foxlib.solver_partition_loose")
    assert wrong.value_state(st).value != want
