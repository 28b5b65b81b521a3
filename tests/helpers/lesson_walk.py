"""A learner's walk through the lessons' exercises, as data shared by the tests.

``lesson_activities(notebook)`` runs the notebook's exercise cells (in the notebook's folder,
as Voilà does) and returns its exercises and quizzes in page order. ``plan(exercise)`` says
how to answer it wrong first, then right, and which words a wrong try's feedback must never
contain (the right answer). tests/notebooks/test_exercise_feedback.py walks the plans in Python;
tests/browser/test_lesson_walk_browser.py walks them through the real page.
"""
from __future__ import annotations

import ast
import contextlib
import dataclasses
import json
import os
import re
from pathlib import Path

from foxlib import Card
from text_faults import grammar_faults  # noqa: F401 - the one list of faults, used by the walks
from widgets import progress
from widgets.exercises import (ChooseBestExercise, Exercise, LegalPlayExercise, Quiz,
                               ScoreExercise, WoodcutterDiscardExercise, _ChoiceExercise)

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))

@contextlib.contextmanager
def _in(folder: Path):
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def lesson_activities(notebook: str) -> list:
    """The exercises and quizzes a lesson page shows, in order (built as the page builds
    them, with a fresh progress reporter as a new kernel would have)."""
    progress.reset()
    found = []
    cells = json.loads((NOTEBOOKS / notebook).read_text())["cells"]
    with _in(NOTEBOOKS):
        for cell in cells:
            source = "".join(cell["source"])
            if cell["cell_type"] != "code" or not ("Exercise(" in source or "Quiz(" in source):
                continue
            tree = ast.parse(source)
            *body, last = tree.body
            scope: dict = {}
            exec(compile(ast.Module(body, []), notebook, "exec"), scope)
            value = eval(compile(ast.Expression(last.value), notebook, "eval"), scope)
            if isinstance(value, Quiz):
                for i in range(len(value)):  # built here: the data paths are relative
                    value.exercise(i)
            if isinstance(value, (Exercise, Quiz)):
                found.append(value)
    return found


@dataclasses.dataclass
class Plan:
    """How to answer one exercise. ``kind``: 'button' (press the button with that text),
    'cards' (select those cards, then Check), 'card' (click that card) or 'points' (type the
    number, then Check). ``wrong`` is None when no wrong answer exists."""

    kind: str
    wrong: object
    right: object
    forbidden: list[str]  # phrases the wrong try's feedback must not contain


def _names(cards, theme) -> list[str]:
    return [c.name(theme) for c in cards]


def plan(ex: Exercise) -> Plan:
    theme = ex.theme
    if isinstance(ex, _ChoiceExercise):
        right = ex.right_answers
        wrong = next((t for t, ok, _ in ex.options if not ok), None)
        return Plan("button", wrong, right[0], list(right))
    if isinstance(ex, LegalPlayExercise):
        illegal = sorted(set(ex.hand) - ex.legal)
        wrong = illegal[:1] or sorted(ex.legal)[:-1]
        return Plan("cards", wrong, sorted(ex.legal), _names(ex.legal, theme))
    if isinstance(ex, WoodcutterDiscardExercise):
        return Plan("cards", [ex.woodcutter], sorted(ex.legal), _names(ex.legal, theme))
    if isinstance(ex, ChooseBestExercise):
        wrong = next((c for c in ex.hand if c not in ex.answers), None)
        return Plan("card", wrong, ex.answers[0], _names(ex.answers, theme))
    if isinstance(ex, ScoreExercise):
        # Where the answer is the floor (0), the wrong try is below it: -1 must stay -1 in the
        # box and be judged wrong (a number box bounded at 0 turned it into the answer).
        n = ex.points
        return Plan("points", -1 if n == 0 else n + 1, n, [f"{n} point", f"= {n}"])
    raise AssertionError(f"no plan for {type(ex).__name__}")


def names_the_answer(text: str, forbidden) -> list[str]:
    """The forbidden phrases found in ``text`` (whole words, any case)."""
    return [f for f in forbidden
            if re.search(rf"(?<![\w]){re.escape(f)}(?![\w])", text, re.IGNORECASE)]


def card_code(card: Card) -> str:
    return str(card)
