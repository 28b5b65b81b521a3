"""Words a learner reads: no page names a file of the project's repository (a reader of the app
cannot open ``docs/goals.md``: the page links a page of the app or says it itself), a button
says what it does ("Name Bells", not "Naming Bells for the Hammer"), and no sentence counts
points with "fewer" or "more" after "loses" or "gains" ("loses 1 goal point fewer"). The
teacher's guide may name the repository's docs, saying they are in the repository."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from foxlib.words.action_words import ACTION_WORDS
from foxlib.words.home_progress import PROJECT_LINKS
from foxlib.words.narrator import Narrator
from foxlib.words.record_words import _goal_loss_kept

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
#: The pages a learner reads (the teacher's guide is for teachers, who have the repository).
LEARNER_PAGES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if p.stem != "teachers_guide")
#: A file of the repository named in words: docs/goals.md, tools/site/..., foxlib/data/...
REPOSITORY_FILE = re.compile(r"\b(?:docs|tools|foxlib|widgets|tests|notebooks|binder)/[\w./-]+"
                             r"|\b[\w-]+\.md\b")
#: "{...} {count(n, 'goal point')} fewer.": a count of points said as a difference, "fewer" or
#: "more" right after a filled-in count ("1 goal point fewer") ending the clause.
COUNTED_DIFFERENCE = re.compile(r"(?:\{\}|\b(?:points?|\d+)) (?:fewer|more)[.,;:]")


def markdown(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def shown_strings(path: Path) -> list[str]:
    """The string constants of a module, its docstrings left out (they are for developers)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):   # an f-string: its words, "{}" for each blank
            out.append("".join(v.value if isinstance(v, ast.Constant) else "{}"
                               for v in node.values))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in docstrings:
            out.append(node.value)
    return out


def json_strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in json_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in json_strings(v)]
    return []


WORDS_MODULES = sorted((ROOT / "foxlib" / "words").glob("*.py"))
DATA_FILES = sorted((ROOT / "foxlib" / "data").rglob("*.json"))


@pytest.mark.parametrize("page", LEARNER_PAGES)
def test_a_learner_page_names_no_file_of_the_repository(page):
    found = REPOSITORY_FILE.findall(markdown(page))
    assert not found, f"{page} names {found}: link a page of the app or say it in the page"


#: Words never shown to a learner (the teacher's guide, the README, a command's output), which
#: may name the repository's files: all the project links' words but the links themselves.
TEACHERS_ONLY = {words for key, words in PROJECT_LINKS.items()
                 if key not in {"site", "binder_app", "binder_lab", "repository", "lead"}}


@pytest.mark.parametrize("path", WORDS_MODULES, ids=lambda p: p.name)
def test_the_words_layer_names_no_file_of_the_repository(path):
    found = [s for s in shown_strings(path) if REPOSITORY_FILE.search(s)
             and s not in TEACHERS_ONLY]
    assert not found, f"{path.name}: {found}"


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: str(p.relative_to(ROOT / "foxlib")))
def test_the_data_a_learner_reads_names_no_file_of_the_repository(path):
    found = [s for s in json_strings(json.loads(path.read_text(encoding="utf-8")))
             if REPOSITORY_FILE.search(s)]
    assert not found, f"{path.name}: {found}"


def test_the_rulings_page_and_the_module_options_name_no_file_of_the_repository():
    from widgets.module_options import WORDS
    from widgets.rulings import intro_html
    assert not REPOSITORY_FILE.search(intro_html())
    assert not REPOSITORY_FILE.search(WORDS["upload_tip"])
    assert "lesson 20" in WORDS["upload_tip"]


def test_the_goal_file_is_explained_in_lesson_20_and_linked_from_lesson_15():
    lesson_20 = markdown("20_goal_cards.ipynb")
    assert "## Your own goal file" in lesson_20 and '"format": "fox-goals/1"' in lesson_20
    assert "(#Your-own-goal-file)" in lesson_20
    assert "(20_goal_cards.ipynb#Your-own-goal-file)" in markdown("15_play_the_computer.ipynb")


def test_lesson_20s_example_goal_file_is_valid():
    from foxlib.io.goal_files import load_text
    from foxlib.io.inputs import Problems
    block = re.search(r"```json\n(.*?)```", markdown("20_goal_cards.ipynb"), re.S).group(1)
    found = Problems("lesson 20")
    goal_set = load_text(block, "lesson 20", found)
    assert goal_set is not None, [str(p) for p in found.out]
    assert len(goal_set) == 3


@pytest.mark.parametrize("path", WORDS_MODULES, ids=lambda p: p.name)
def test_no_sentence_counts_a_difference_after_loses_or_gains(path):
    found = [s for s in shown_strings(path) if COUNTED_DIFFERENCE.search(s)]
    assert not found, f"{path.name}: {found}"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_record_of_a_game_with_goals_and_poison_counts_points_fewer_or_more(seed):
    """Random rounds with every house goal and Poison 8s, each record said to 'you'."""
    import random

    from foxlib import Game
    from foxlib.engine.modules import Modules, house_goal_ids
    game = Game(seed=seed, modules=Modules(poison=True, goals=house_goal_ids()), target=200)
    rng = random.Random(seed)
    voice = Narrator(("Ann", "you"))
    said = []
    for _ in range(4):
        rnd = game.round
        while not rnd.is_over:
            rnd.act(rng.choice(rnd.legal_actions()))
        said += [voice.say(rec) for rec in rnd.history]
        game.next_round()
    found = [t for t in said if re.search(r"\bpoints? (?:fewer|more)\b", t)]
    assert not found, found
    assert any("goal" in t for t in said)


@pytest.mark.parametrize("name", ["B", "you"])
def test_goal_points_kept_by_the_floor_are_said_without_fewer(name):
    said = [_goal_loss_kept(name, lost, kept) for lost, kept in [(1, 1), (2, 2), (3, 1)]]
    assert not any("fewer" in s for s in said)
    if name == "B":
        assert said == ["B does not lose that goal point", "B loses none of those goal points",
                        "B loses only 2 goal points, not 3"]
    else:
        assert said[2] == "you lose only 2 goal points, not 3"


@pytest.mark.parametrize("key", sorted(ACTION_WORDS), ids=lambda k: f"{k[0]}-{k[1]}")
@pytest.mark.parametrize("form", ["button", "answer"])
def test_a_button_says_what_it_does_not_an_ing_word(key, form):
    from foxlib.core.cards import Card, Suit
    kind, with_card = key
    card = (Suit.BELLS if kind == "name_suit" else Card("4K")) if with_card else None
    words = Narrator().action_words(kind, card, form)
    assert not words.split()[0].endswith("ing"), words


def test_the_deluxe_puzzles_buttons_say_what_they_do():
    from foxlib.engine.round import Action
    from foxlib.teaching.puzzles import load_data
    from foxlib.teaching.puzzles.format import FORMAT
    from foxlib.teaching.puzzles.session import PuzzleSession
    hammer = {"id": "hammer", "title": "Hammer down", "difficulty": 1, "goal": "win-trick",
              "modules": {"special": ["Hammer"]},
              "position": {"decree": "3M", "leader": "B", "trick": ["5M"],
                           "hands": {"A": ["2B", "5B", "Hammer"], "B": ["1M", "9M"]},
                           "deck": ["6B", "10K", "3K", "8B", "1B", "2M", "8K"],
                           "tricks_won": {"A": 6, "B": 4}},
              "solution": ["Hammer"], "hints": ["Name a suit."], "explanation": "It wins."}
    sets = load_data({"format": FORMAT, "id": "t", "title": "t", "puzzles": [hammer]}, "t.json")
    session = PuzzleSession(sets.puzzles[0])
    session.play("Hammer")
    labels = [label for label, _ in session.choices()]
    assert labels == ["Name Bells", "Name Keys", "Name Moons"]
    assert session.act(Action("name_suit", "M")).status == "right"
