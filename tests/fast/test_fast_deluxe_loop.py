"""The Deluxe fast path's playout loop is generated (tools/make_deluxe_loop.py) from one source
(tools/deluxe_loop_source.py): the committed module must be what the generator makes now."""
from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _generator():
    spec = importlib.util.spec_from_file_location("make_deluxe_loop",
                                                  ROOT / "tools" / "make_deluxe_loop.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_loop_is_what_the_generator_makes_from_the_source():
    made = _generator().make()
    committed = (ROOT / "foxlib" / "fast" / "deluxe_loop.py").read_text()
    assert committed == made, ("foxlib/fast/deluxe_loop.py differs from what "
                               "tools/deluxe_loop_source.py makes: run "
                               "python tools/make_deluxe_loop.py")


def test_the_source_keeps_every_function_under_150_lines():
    tree = ast.parse((ROOT / "tools" / "deluxe_loop_source.py").read_text())
    long = [(n.name, n.end_lineno - n.lineno + 1) for n in tree.body
            if isinstance(n, ast.FunctionDef) and n.end_lineno - n.lineno + 1 >= 150]
    assert not long


def test_every_insert_names_a_function_and_every_part_is_used():
    gen = _generator()
    text = gen.SOURCE.read_text()
    functions = gen._functions(text)
    inserts = {m[2] for line in text.split("\n") if (m := gen.INSERT.match(line))}
    assert inserts == set(functions) - {"_run"}


def test_the_generated_loops_test_neither_goals_nor_logging_at_run_time():
    from foxlib.fast import deluxe_loop
    text = (ROOT / "foxlib" / "fast" / "deluxe_loop.py").read_text()
    for code in (text, deluxe_loop.GOALS_QUIET, deluxe_loop.GOALS_LOGGED):
        assert "if _GOALS" not in code and "if logging" not in code and "_INSERT_" not in code
    assert "_GOAL_TRICK" in deluxe_loop.GOALS_QUIET
    assert "_GOAL_TRICK" not in text.split("GOALS_QUIET")[0]


def test_the_generator_keeps_a_block_that_is_left_out_valid():
    gen = _generator()
    lines = ["    if x:", "        if logging:", "            log.append(1)", "    y = 1"]
    assert gen._specialise(lines, False, False) == ["    if x:", "        pass", "    y = 1"]
    assert gen._specialise(lines, False, True) == ["    if x:", "        log.append(1)",
                                                    "    y = 1"]
    goals = ["    if _GOALS:", "        a = 1", "    else:", "        b = 2", "    c = 3"]
    assert gen._specialise(goals, True, False) == ["    a = 1", "    c = 3"]
    assert gen._specialise(goals, False, False) == ["    b = 2", "    c = 3"]
