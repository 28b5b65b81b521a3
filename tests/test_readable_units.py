"""Readable units: no module of foxlib/ or widgets/ over 800 lines and no function over 150
lines (from its ``def`` to its last line), generated code included (a reader reads it too):
``foxlib/fast/deluxe_loop.py``, and the loops kept there as text to be compiled with a goal
program's lines (``GOALS_QUIET``, ``GOALS_LOGGED``)."""
import ast
import pathlib

import pytest

ROOT = next(p for p in pathlib.Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
MAX_MODULE, MAX_FUNCTION = 800, 150


def sources():
    return [p for top in ("foxlib", "widgets") for p in sorted((ROOT / top).rglob("*.py"))]


def functions(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node.end_lineno - node.lineno + 1


def code_in_strings(tree):
    """The module-level string constants that are Python code holding a function (a loop kept
    as text to compile), parsed."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str) and "def " in node.value.value:
            try:
                inner = ast.parse(node.value.value)
            except SyntaxError:
                continue
            yield node.targets[0].id if isinstance(node.targets[0], ast.Name) else "?", inner


def too_long(path: pathlib.Path) -> list:
    text = path.read_text()
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    out = []
    if len(text.splitlines()) > MAX_MODULE:
        out.append(f"{where}: {len(text.splitlines())} lines (at most {MAX_MODULE})")
    tree = ast.parse(text, str(path))
    trees = [("", tree)] + [(f" (in the text {name})", inner)
                            for name, inner in code_in_strings(tree)]
    for label, t in trees:
        out += [f"{where}{label}: {name} has {length} lines (at most {MAX_FUNCTION})"
                for name, length in functions(t) if length > MAX_FUNCTION]
    return out


def test_no_module_over_800_lines_and_no_function_over_150():
    wrong = [line for path in sources() for line in too_long(path)]
    assert not wrong, "units too long to read whole:\n" + "\n".join(wrong)


def test_the_generated_loops_are_looked_at():
    """The check reads the Deluxe loop's generated module and the goal loops kept as text."""
    tree = ast.parse((ROOT / "foxlib" / "fast" / "deluxe_loop.py").read_text())
    assert {name for name, _ in functions(tree)} >= {"run_quiet", "run_logged"}
    assert {name for name, _ in code_in_strings(tree)} == {"GOALS_QUIET", "GOALS_LOGGED"}


@pytest.mark.parametrize("lines, expected", [(150, 0), (151, 1)])
def test_the_check_sees_a_long_function(tmp_path, lines, expected):
    body = "\n".join(["def f():"] + ["    x = 1"] * (lines - 1)) + "\n"
    (tmp_path / "m.py").write_text(body)
    (tmp_path / "t.py").write_text(f"T = '''\n{body}'''\n")
    assert len(too_long(tmp_path / "m.py")) == expected
    assert len(too_long(tmp_path / "t.py")) == expected


def test_the_check_sees_a_long_module(tmp_path):
    (tmp_path / "m.py").write_text("x = 1\n" * 801)
    assert too_long(tmp_path / "m.py") == [f"{tmp_path / 'm.py'}: 801 lines (at most 800)"]
