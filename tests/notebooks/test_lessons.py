"""The lesson notebooks as files: clean, linked, and every exercise in them valid and answerable.

(The notebooks are also executed from a clean kernel by nbval, and driven in a real browser by
tests/browser/test_lessons_browser.py.)
"""
from __future__ import annotations

import ast
import json
import os
import re
from pathlib import Path

import pytest

from widgets import exercises as E

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
RULES_DIR = Path(os.environ.get("FOX_RULES_DIR", "/work/shared/rules"))


def cells(path: Path, kind: str):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


def links(path: Path) -> list[str]:
    return re.findall(r"\]\(([^)\s]+)\)", "\n".join(cells(path, "markdown")))


def test_there_are_twenty_numbered_lessons():
    assert [p.name[:2] for p in LESSONS] == [f"{i:02d}" for i in range(1, 21)]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_lesson_says_its_place_among_all_the_lessons(path):
    first = cells(path, "markdown")[0]
    assert f"Lesson {int(path.name[:2])} of {len(LESSONS)}" in first


@pytest.mark.parametrize("path", LESSONS + [NOTEBOOKS / "index.ipynb"], ids=lambda p: p.name)
def test_notebooks_are_committed_without_outputs(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_lesson_links_the_contents_and_its_neighbours(path):
    found = links(path)
    assert "index.ipynb" in found
    i = LESSONS.index(path)
    if i > 0:
        assert LESSONS[i - 1].name in found
    if i + 1 < len(LESSONS):
        assert LESSONS[i + 1].name in found
    for target in found:
        if target.endswith(".ipynb"):
            assert (NOTEBOOKS / target).exists(), f"{path.name} links missing {target}"


def index_links() -> list[str]:
    """The pages the landing page (drawn by widgets/home.py) links to, without their query
    strings (?voila-template=...) and #fragments."""
    from widgets import home
    hrefs = re.findall(r"<a\b[^>]*\bhref='([^']*)'", home.page_html())
    return [re.split(r"[?#]", h)[0] for h in hrefs]


def test_index_links_every_lesson_and_only_pages_that_exist():
    found = index_links()
    for lesson in LESSONS:
        assert lesson.name in found
    pages = [target for target in found if target]  # "" is a link within the page
    assert "puzzles.ipynb" in pages
    for target in pages:
        assert (NOTEBOOKS / target).exists(), f"index links missing {target}"


def test_index_links_open_in_the_same_tab():
    """Voila opens links in output HTML in a new tab unless they name a target."""
    from widgets import home
    anchors = re.findall(r"<a\b[^>]*>", home.page_html())
    assert anchors and all("target='_self'" in a for a in anchors)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_code_cells_import_from_widgets_and_end_with_the_widget(path):
    for source in cells(path, "code"):
        tree = ast.parse(source)
        *body, last = tree.body
        for node in body:
            assert isinstance(node, ast.ImportFrom) and node.module.startswith("widgets"), source
        # The cell's value is the widget: nothing is printed.
        assert isinstance(last, ast.Expr) and isinstance(last.value, ast.Call), source
        assert "print(" not in source


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_lesson_has_a_your_turn_exercise(path):
    assert any(re.search(r"\b(\w+Exercise|Quiz)\(", s) for s in cells(path, "code"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_page_with_several_quizzes_gives_each_its_own_title(path):
    # Each quiz's heading reads "<title>: question 1 of N"; with the same title on a page, a
    # learner saw "Your turn: question 1 of 3" three times and could not tell the sets apart.
    titles = []
    for source in cells(path, "code"):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Quiz":
                title = next((k.value.value for k in node.keywords if k.arg == "title"), None)
                titles.append(title)
    if len(titles) > 1:
        assert None not in titles and len(set(titles)) == len(titles), titles


def lesson_exercises():
    """Every exercise in every lesson, built from the notebook's own cell (quizzes unrolled)."""
    found = []
    namespace = {name: getattr(E, name) for name in E.__all__}
    cwd = os.getcwd()
    os.chdir(NOTEBOOKS)  # data files are named relative to the notebooks
    try:
        for path in LESSONS:
            for source in cells(path, "code"):
                if "widgets.exercises import" not in source or "load_round" in source:
                    continue
                last = ast.parse(source).body[-1]
                widget = eval(compile(ast.Expression(last.value), path.name, "eval"), namespace)
                if isinstance(widget, E.Quiz):
                    found += [(path.name, widget.exercise(i)) for i in range(len(widget))]
                else:
                    found.append((path.name, widget))
    finally:
        os.chdir(cwd)
    return found


EXERCISES = lesson_exercises()


@pytest.mark.parametrize("lesson, exercise", EXERCISES,
                         ids=[f"{n}-{i}" for i, (n, _) in enumerate(EXERCISES)])
def test_every_lesson_exercise_has_right_and_wrong_answers(lesson, exercise):
    if isinstance(exercise, E._ChoiceExercise):
        right = exercise.right_answers
        assert right and len(right) < len(exercise.options)
        wrong = next(t for t, ok, _ in exercise.options if not ok)
        exercise.choose_text(wrong)
        assert exercise.verdict == "wrong" and "Not quite" in exercise.explanation
        exercise.choose_text(right[0])
        assert exercise.verdict == "right"
    elif isinstance(exercise, E.ChooseBestExercise):
        assert exercise.answers and len(exercise.answers) < len(exercise.hand)
        exercise.click(exercise.answers[0])
        assert exercise.verdict == "right"
    elif isinstance(exercise, (E.LegalPlayExercise, E.WoodcutterDiscardExercise)):
        assert exercise.legal
        exercise.select(*exercise.legal)
        exercise.check()
        assert exercise.verdict == "right"
    elif isinstance(exercise, E.ScoreExercise):
        exercise.check(exercise.points + 1)
        assert exercise.verdict == "wrong"
        exercise.check(exercise.points)
        assert exercise.verdict == "right"
    else:
        pytest.fail(f"no check for {type(exercise).__name__}")
    assert exercise.explanation


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason=f"rules sources not found in {RULES_DIR}")
def test_lessons_are_written_in_our_own_words():
    """No run of 9 words from the rules sources appears in a lesson (names and numbers aside,
    that is far longer than any phrase two writers share by chance)."""
    n = 9
    source_runs = set()
    for src in RULES_DIR.glob("*.txt"):
        w = words(src.read_text(encoding="utf-8"))
        source_runs.update(tuple(w[i:i + n]) for i in range(len(w) - n + 1))
    for path in LESSONS + [NOTEBOOKS / "index.ipynb"]:
        w = words("\n".join(cells(path, "markdown") + cells(path, "code")))
        copied = [" ".join(w[i:i + n]) for i in range(len(w) - n + 1)
                  if tuple(w[i:i + n]) in source_runs]
        assert not copied, f"{path.name} repeats the rules sources: {copied[:3]}"


def test_the_deluxe_lessons_practise_every_special_card_at_least_twice():
    """Lessons 16 to 20 exercise each of the nine special cards in at least two exercises
    (the card is in the engine's explanation of the answer, or in what happened before it)."""
    from foxlib.engine.modules import SPECIAL_CARDS
    deluxe = [ex for name, ex in EXERCISES if int(name[:2]) >= 16]
    texts = [ex.solution() + " " + " ".join(getattr(ex.model, "story", [])) for ex in deluxe]
    for card in SPECIAL_CARDS:
        found = sum(bool(re.search(rf"\b{card}\b", t)) for t in texts)
        assert found >= 2, f"the {card} is practised in {found} Deluxe exercise(s)"
