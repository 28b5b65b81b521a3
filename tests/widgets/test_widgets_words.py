"""Widgets draw; the words layer speaks. No widget builds an English sentence itself: every
caption, note, tooltip and message of four words or more comes from ``foxlib.words`` (the
narrator, ``foxlib.words.captions``), so a theme or a language changes in one place. And the
widget modules stay of a readable size."""
from __future__ import annotations

import ast
import pathlib
import re

import pytest

WIDGETS = pathlib.Path(__file__).resolve().parents[2] / "widgets"
#: The rulings page is drawn from data/rulings.json and is checked by its own tests.
SKIPPED = {"rulings.py"}
#: Strings that are not sentences built by a widget, with the reason they may stay.
#: (file, name of a module-level dict whose keys are allowed)
ALLOWED_KEYS = {
    # The explorer's example names are also the keys notebooks and tests pass (preset=...).
    ("explorer.py", "PRESETS"),
}


def _docstrings(tree) -> set:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _skipped(tree, name: str) -> set:
    """Docstrings, ``doc=`` texts of properties (for programmers), the parts of f-strings
    (judged whole) and the keys of the allowed tables."""
    out = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            out.update(id(v) for v in node.values)
        elif isinstance(node, ast.keyword) and node.arg == "doc":
            out.add(id(node.value))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and any(
                isinstance(t, ast.Name) and (name, t.id) in ALLOWED_KEYS for t in node.targets):
            out.update(id(k) for k in node.value.keys)
    return out


def _text(node) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def words(text: str) -> list:
    """The words a reader would read in ``text``: markup, placeholders and CSS left out."""
    if re.match(r"\s*[.:#@]", text):           # a CSS rule or selector
        return []
    text = re.sub(r"<[^>]*>", " ", text)
    text = text.replace("{}", " ")
    return [w for w in text.split() if re.search(r"[A-Za-z]{2}", w) or w in ("a", "A", "I")]


def sentences_in(source: str, name: str = "") -> list:
    """(line, text) of every string of four words or more that ``source`` builds itself."""
    tree = ast.parse(source)
    skipped = _skipped(tree, name)
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        text = _text(node)
        if text is not None and len(words(text)) >= 4:
            found.append((node.lineno, text))
    return sorted(found)


def test_the_detector_finds_a_sentence_built_in_a_widget():
    # As widgets/hand.py and widgets/puzzle.py built their status lines before the words moved.
    old = ('def status(n, state):\n'
           '    """A docstring is for programmers."""\n'
           '    return f"{n} card{\'s\' if n != 1 else \'\'}; the round is over"\n'
           'NOTE = "Click a card to play it, or play one with your Crown:"\n'
           'CSS = ".fox-row { display: flex; gap: 4px; }"\n'
           'HTML = f\'<div class="fox-spot fox-spot-wide">{x}</div>\'\n')
    found = sentences_in(old)
    assert [line for line, _ in found] == [3, 4]


def test_the_detector_lets_the_explorer_examples_names_stay_as_keys():
    source = 'PRESETS = {"Trump beats the led suit": dict(decree="4B")}\n'
    assert sentences_in(source, "explorer.py") == []
    assert sentences_in(source, "other.py") == [(1, "Trump beats the led suit")]


@pytest.mark.parametrize("path", sorted(p.name for p in WIDGETS.glob("*.py")
                                        if p.name not in SKIPPED))
def test_no_widget_builds_an_english_sentence(path):
    found = sentences_in((WIDGETS / path).read_text(), path)
    assert not found, (f"widgets/{path} builds sentences itself; put them in "
                       f"foxlib/words/captions.py (or the narrator): {found}")


def test_widget_modules_stay_readable():
    too_long, long_functions = [], []
    for path in sorted(WIDGETS.glob("*.py")):
        source = path.read_text()
        if len(source.splitlines()) >= 800:
            too_long.append(path.name)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    node.end_lineno - node.lineno + 1 > 150:
                long_functions.append(f"{path.name}:{node.name}")
    assert not too_long, f"widget modules of 800 lines or more: {too_long}"
    assert not long_functions, f"widget functions over 150 lines: {long_functions}"
