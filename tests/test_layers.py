"""foxlib's layers, read from every import statement (top level and inside functions alike).

The layers, lowest first, are ``LAYERS`` below (docs/architecture.md draws the same picture): a
module may import modules of its own layer or of a lower one, never of a higher one; no two
modules import each other, directly or round a circle; no foxlib module imports another inside
a function (such an import is only for a heavy optional dependency, and foxlib has none); and
foxlib imports nothing of Jupyter or of the widgets."""
import ast
import pathlib

import pytest

ROOT = next(p for p in pathlib.Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
FOXLIB = ROOT / "foxlib"

#: Lowest first. docs/architecture.md says what each holds.
LAYERS = ["core", "words", "engine", "io", "fast", "search", "players", "teaching", "cli"]
#: The package's front door re-exports names from several layers, and `python -m foxlib`
#: dispatches to every command: both stand above every layer.
TOP = {"foxlib", "foxlib.__main__"}
FORBIDDEN = ("ipywidgets", "IPython", "voila", "anywidget", "traitlets", "widgets", "ipykernel")


def module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict:
    return {module_name(p): p for p in sorted(FOXLIB.rglob("*.py"))}


def imports(name: str, path: pathlib.Path):
    """(imported module, line, inside a function) for every import statement of the file.
    ``from X import y`` counts as importing X.y when X.y is a module, else X."""
    known = modules()
    tree = ast.parse(path.read_text(), str(path))
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    inner = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    inner.add(id(sub))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno, id(node) in inner
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            for alias in node.names:
                full = f"{mod}.{alias.name}"
                yield (full if full in known else mod), node.lineno, id(node) in inner


def layer_of(name: str):
    if name in TOP:
        return None
    parts = name.split(".")
    assert len(parts) >= 2 and parts[1] in LAYERS, (
        f"{name} is in no layer: every foxlib module lives in one of the subpackages "
        f"{', '.join(LAYERS)} (or is foxlib/__init__.py, foxlib/__main__.py)")
    return LAYERS.index(parts[1])


def internal_edges():
    """{module: {(imported foxlib module, line, inside a function)}}"""
    known = modules()
    graph = {}
    for name, path in known.items():
        edges = set()
        for target, line, inside in imports(name, path):
            t = target
            while t and t not in known:
                t = t.rpartition(".")[0]
            if t and t != name and t.startswith("foxlib"):
                edges.add((t, line, inside))
        graph[name] = edges
    return graph


def test_every_foxlib_module_lives_in_a_layer():
    for name in modules():
        layer_of(name)


def test_every_layer_exists_and_says_what_it_holds():
    for layer in LAYERS:
        init = FOXLIB / layer / "__init__.py"
        assert init.exists(), f"foxlib/{layer}/ is missing"
        assert ast.get_docstring(ast.parse(init.read_text())), f"foxlib/{layer}/__init__.py has no docstring"


def test_imports_go_down_the_layers_only():
    wrong = []
    for name, edges in internal_edges().items():
        mine = layer_of(name)
        if mine is None:
            continue
        for target, line, _ in edges:
            theirs = layer_of(target)
            if theirs is not None and theirs > mine:
                wrong.append(f"{name} (layer {LAYERS[mine]}) line {line} imports {target} "
                             f"(layer {LAYERS[theirs]})")
    assert not wrong, "imports that go up the layers:\n" + "\n".join(sorted(wrong))


def test_no_foxlib_import_inside_a_function():
    inside = [f"{name} line {line} imports {target} inside a function"
              for name, edges in internal_edges().items() for target, line, inner in edges
              if inner]
    assert not inside, "\n".join(sorted(inside))


def test_no_import_circles():
    graph = {name: {t for t, _, _ in edges} for name, edges in internal_edges().items()}
    index, low, stack, on, circles = {}, {}, [], set(), []

    def strong(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))

    for v in graph:
        if v not in index:
            strong(v)
    assert not circles, "import circles: " + "; ".join(" <-> ".join(c) for c in circles)


@pytest.mark.parametrize("root", ["foxlib"])
def test_foxlib_imports_nothing_of_jupyter_or_the_widgets(root):
    bad = []
    for name, path in modules().items():
        for target, line, _ in imports(name, path):
            if target.split(".")[0] in FORBIDDEN:
                bad.append(f"{name} line {line} imports {target}")
    assert not bad, "\n".join(bad)


def test_the_layer_check_sees_a_wrong_import(tmp_path):
    """The checks above can fail: a core module importing the engine is caught."""
    fake = tmp_path / "foxlib"
    (fake / "core").mkdir(parents=True)
    (fake / "engine").mkdir()
    for layer in ("core", "engine"):
        (fake / layer / "__init__.py").write_text('"""x"""\n')
    (fake / "__init__.py").write_text("")
    (fake / "core" / "a.py").write_text("def f():\n    from ..engine import b\n")
    (fake / "engine" / "b.py").write_text("from ..core import a\n")
    globals()["ROOT"], globals()["FOXLIB"] = tmp_path, fake
    try:
        with pytest.raises(AssertionError, match="go up the layers"):
            test_imports_go_down_the_layers_only()
        with pytest.raises(AssertionError, match="inside a function"):
            test_no_foxlib_import_inside_a_function()
        with pytest.raises(AssertionError, match="circles"):
            test_no_import_circles()
    finally:
        globals()["ROOT"], globals()["FOXLIB"] = ROOT_REAL, ROOT_REAL / "foxlib"


ROOT_REAL = ROOT
