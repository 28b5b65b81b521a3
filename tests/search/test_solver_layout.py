"""The exact solver's search in named steps (docs/solver.md, "The modules of the search"): no
module over 800 lines, no function over 150, and the node counts of the steps add up so that a
node limit stops the search right after it."""
import ast
import random
from pathlib import Path

import pytest

from foxlib.fast import base as fast
from foxlib.search import solver
from foxlib.search.table import NEAR

SEARCH = Path(solver.__file__).parent
STEPS = ("solver", "objectives", "masks", "table", "bounds", "ordering", "moves", "last_tricks",
         "plain", "lead", "alphabeta", "poison")


@pytest.mark.parametrize("name", STEPS)
def test_each_module_of_the_search_stays_readable(name):
    path = SEARCH / f"{name}.py"
    text = path.read_text()
    assert len(text.splitlines()) <= 800, f"{path} has more than 800 lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1
            assert length <= 150, f"{path}: {node.name} has {length} lines"


def test_a_node_limit_stops_the_search_at_the_first_node_after_it():
    """Each step counts its own nodes; together they stop the search once more nodes than
    the limit are counted, never before, and within the nodes of one node's last two tricks
    after it."""
    rng = random.Random(3)
    stopped = 0
    for _ in range(12):
        s = fast.random_position(rng, rng.randint(5, 8), deck_size=rng.randint(0, 6))
        if s.phase == fast.OVER:
            continue
        full = solver.value_state(s)
        for limit in (1, 10, 100, 1000, 3000):
            got = solver.value_state(s, node_limit=limit)
            if limit >= full.nodes:
                assert got.complete and got.value == full.value and got.nodes == full.nodes
            else:
                stopped += 1
                assert not got.complete and limit < got.nodes <= limit + NEAR
                assert got.low <= full.value <= got.high
    assert stopped > 20
