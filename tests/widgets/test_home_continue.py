"""The landing page's Continue button leads to the first step not finished: the first lesson
whose exercises are not all solved, then, when every lesson is finished, the first puzzle set
whose puzzles are not all solved (a puzzle whose solution was shown is not solved), and its
words name that step. The choice is widgets/home.js's ``nextStep``, run here in Node.js with
the steps widgets/home.py gives it (the browser test walks the same in the app)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from foxlib.words.home_progress import continue_lesson, continue_set
from widgets.home import LESSONS, continue_steps, progress_settings, puzzle_sets
from widgets.puzzle_store import progress_key

HOME_JS = Path(__file__).resolve().parents[2] / "widgets" / "home.js"
NODE = shutil.which("node")


def next_step(tmp_path, steps, lessons, solved, keys_by_set):
    """home.js's nextStep(steps, lessons, solved, keysBySet), run by Node.js."""
    if NODE is None:
        pytest.skip("Node.js is not installed")
    module = tmp_path / "home.mjs"  # .mjs: Node reads it as the ES module it is
    module.write_text(HOME_JS.read_text())
    args = json.dumps([steps, lessons, solved, keys_by_set])
    script = (f"import {{ nextStep }} from {json.dumps(module.as_uri())};\n"
              f"console.log(JSON.stringify(nextStep(...{args})));")
    out = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True,
                         text=True, timeout=60, check=True)
    return json.loads(out.stdout)


def finished(total=2):
    return {"visited": True, "total": total, "solved": [f"e{i}" for i in range(total)],
            "at": 1}


@pytest.fixture(scope="module")
def sets():
    return puzzle_sets()


def test_continue_skips_a_finished_lesson_even_when_it_was_touched_last(tmp_path, sets):
    steps = continue_steps(sets)
    lessons = {LESSONS[0][0]: {**finished(), "at": 99},
               LESSONS[1][0]: {"visited": True, "total": 3, "solved": ["e1"], "at": 5}}
    step = next_step(tmp_path, steps, lessons, {}, {})
    assert step["lesson"] == LESSONS[1][0]
    assert step["href"] == LESSONS[1][0] + ".ipynb"
    assert step["label"] == f"Continue: lesson 2, {LESSONS[1][1]}"


def test_continue_goes_to_the_first_lesson_not_finished_not_the_furthest(tmp_path, sets):
    lessons = {stem: finished() for stem, _ in LESSONS}
    lessons[LESSONS[2][0]] = {"visited": True, "total": 4, "solved": ["e1", "e2", "e3"]}
    lessons[LESSONS[5][0]] = {"visited": True, "total": 0, "solved": []}  # page not yet counted
    step = next_step(tmp_path, continue_steps(sets), lessons, {}, {})
    assert step["lesson"] == LESSONS[2][0]


def test_after_every_lesson_continue_goes_to_the_first_puzzle_set_not_solved(tmp_path, sets):
    settings = progress_settings(sets)
    keys = settings["puzzle_keys"]
    lessons = {stem: finished() for stem, _ in LESSONS}
    solved = {k: True for k in keys[sets[0].id]}  # the first set: all solved
    solved.update({k: True for k in keys[sets[1].id][1:]})  # the second: all but one
    step = next_step(tmp_path, settings["steps"], lessons, solved, keys)
    assert step["set"] == sets[1].id
    assert step["href"] == f"puzzles.ipynb#{sets[1].id}"
    assert step["label"].startswith(f"Continue: puzzle set {sets[1].title}")


def test_when_everything_is_done_there_is_no_next_step(tmp_path, sets):
    settings = progress_settings(sets)
    lessons = {stem: finished() for stem, _ in LESSONS}
    solved = {progress_key(p): True for s in sets for p in s.puzzles}
    assert next_step(tmp_path, settings["steps"], lessons, solved,
                     settings["puzzle_keys"]) is None
    assert settings["all_done"]["href"] == "15_play_the_computer.ipynb"


def test_the_static_sites_steps_link_its_own_pages(sets):
    steps = continue_steps(sets, "voici/render/{}.html")
    assert steps[0]["href"] == f"voici/render/{LESSONS[0][0]}.html"
    assert steps[len(LESSONS)]["href"] == f"voici/render/puzzles.html#{sets[0].id}"


def test_the_continue_words():
    assert continue_lesson(6, "The Woodcutter (5)") == "Continue: lesson 6, The Woodcutter (5)"
    assert continue_set("Trump and the decree card") == \
        "Continue: puzzle set Trump and the decree card"
    assert continue_set("Trump", 2) == "Continue: puzzle set Trump (level 2)"
    assert continue_set("Trump", "Level 2: easy") == "Continue: puzzle set Trump (Level 2: easy)"


def test_a_puzzle_set_step_names_the_set_and_its_level():
    from foxlib.teaching.puzzles import load_collection, set_level
    from foxlib.words.captions import set_level_words
    from widgets.home import continue_steps
    sets = load_collection().sets
    steps = [s for s in continue_steps(sets) if "set" in s]
    assert [s["set"] for s in steps] == [s.id for s in sets]
    for step, pset in zip(steps, sets):
        assert step["label"] == f"Continue: puzzle set {pset.title} " \
                                f"({set_level_words(set_level(pset))})"
        assert step["label"].count("Level ") == 1
