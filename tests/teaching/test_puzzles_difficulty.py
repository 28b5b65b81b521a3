"""How hard a puzzle is (foxlib.teaching.puzzles.difficulty, docs/puzzles.md "How hard a puzzle
is"): the measure, the stored copy, the order of the puzzles and of the sets, the levels."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from foxlib.teaching.puzzles import (LEVEL_CUTS, Difficulty, level_of, load_collection,
                                     load_text, measure, puzzle_difficulty, set_level, set_rank)
from foxlib.teaching.puzzles import difficulty as difficulty_module
from foxlib.teaching.puzzles.difficulty import STORE, levels_table, measure_all
from foxlib.words.captions import SET_LEVELS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def collection():
    return load_collection()


def test_the_stored_measures_are_what_the_engine_and_solver_compute(collection):
    """foxlib/data/puzzle-difficulty.json is current: recomputed, every puzzle's counts agree
    (after changing a puzzle: python -m foxlib puzzles difficulty --write)."""
    stored = json.loads(STORE.read_text(encoding="utf-8"))
    fresh = measure_all(collection.sets)
    assert stored["level_cuts"] == list(LEVEL_CUTS)
    assert stored["puzzles"] == fresh["puzzles"]


def test_puzzles_in_each_set_go_from_easy_to_hard(collection):
    for s in collection.sets:
        points = [puzzle_difficulty(p).points for p in s.puzzles]
        assert points == sorted(points), (s.id, [(p.id, puzzle_difficulty(p).points)
                                                 for p in s.puzzles])


def test_a_shipped_puzzle_s_difficulty_field_is_its_measured_level(collection):
    for p in collection.puzzles:
        assert p.difficulty == puzzle_difficulty(p).level, (p.id, puzzle_difficulty(p))


def test_sets_come_in_the_documented_order(collection):
    """The part of the course the set practises, then its level, then its lesson; the order
    field and the file name's number say the same place."""
    sets = collection.sets
    assert [s.id for s in sets] == [s.id for s in sorted(sets, key=set_rank)]
    assert [s.order for s in sets] == list(range(1, len(sets) + 1))
    for s in sets:
        assert Path(s.file).name.startswith(f"{s.order:02d}-{s.id}"), s.file
    ids = [s.id for s in sets]
    # what the order means for the shipped sets (docs/puzzles.md)
    assert ids.index("woodcutter") > ids.index("monarch")       # level 3, last of its part
    assert ids.index("scoring") < ids.index("endgames") < ids.index("deluxe") == len(ids) - 1
    assert ids[:2] == ["following", "trump"]


def test_every_set_has_a_level(collection):
    for s in collection.sets:
        assert set_level(s) in SET_LEVELS, s.id
    levels = {s.id: set_level(s) for s in collection.sets}
    assert levels["following"] == 1 and levels["woodcutter"] == 3 and levels["endgames"] == 3


def test_levels_cut_the_points_at_the_documented_places():
    assert LEVEL_CUTS == (2, 5)
    assert [level_of(n) for n in range(0, 9)] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert level_of(2.5) == 2 and level_of(5.5) == 3        # a set's median may be a half
    d = Difficulty(decisions=2, traps=1, rules=3)
    assert d.points == 6 and d.level == 3
    assert Difficulty.from_json(d.to_json()) == d


@pytest.mark.parametrize("pid, counts", [
    ("follow-higher-key", (1, 0, 0)),        # plain following, no character: the easiest
    ("witch-lone-witch", (1, 1, 1)),         # plainly the higher card wins; the Witch turns it
    ("witch-two-witches-cancel", (1, 0, 2)),  # two Witches cancel: the plain answer holds
    ("swan-lose-and-lead", (1, 1, 1)),       # plainly the winner leads; the Swan turns it
    ("follow-lead-to-win", (1, 1, 1)),       # one wrong lead wins against some replies
    ("fox-drop-your-trumps", (4, 0, 4)),     # a band: four decisions against the hardest defence
    ("game-true-draw", (1, 0, 3)),           # a count: Treasure, the target, the tie
])
def test_the_measure_of_documented_examples(collection, pid, counts):
    d = measure(collection.puzzle(pid))
    assert (d.decisions, d.traps, d.rules) == counts


def test_the_pages_read_the_stored_measures_without_the_solver(collection, monkeypatch):
    """The levels on the pages cost no solving: the shipped sets' measures are stored."""
    def refuse(puzzle):
        raise AssertionError(f"measured {puzzle.id} again")
    monkeypatch.setattr(difficulty_module, "measure", refuse)
    assert all(set_level(s) for s in collection.sets)


def test_a_teachers_file_is_measured_when_loaded():
    good = {"id": "mine-1", "title": "Mine", "difficulty": 3, "goal": "win-trick",
            "position": {"decree": "4M", "leader": "B", "trick": ["10B"],
                         "hands": {"A": ["9K", "2K"], "B": ["1M"]},
                         "tricks_won": {"A": 6, "B": 5}},
            "solution": ["9K"], "hints": ["Witch?"], "explanation": "A lone Witch is trump."}
    loaded = load_text(json.dumps({"format": "fox-puzzles/1", "id": "class",
                                   "title": "Class set", "puzzles": [good]}), "upload:x.json")
    (pset,) = loaded.sets
    assert puzzle_difficulty(pset.puzzles[0]) == measure(pset.puzzles[0])
    assert set_level(pset) == puzzle_difficulty(pset.puzzles[0]).level
    assert pset.puzzles[0].difficulty == 3          # the author's own estimate is kept


def test_docs_give_the_measure_cuts_and_the_current_order(collection):
    text = (ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8")
    section = text[text.index("## How hard a puzzle is"):text.index("## The collection")]
    assert levels_table(collection.sets) in section
    for word in ("decisions", "traps", "rules", "cuts at 2 and 5", "median", "Beginner",
                 "Intermediate", "Advanced", "python -m foxlib puzzles difficulty --write"):
        assert word in section, word
    assert re.search(r"progress is kept by set and puzzle id", section.replace("\n", " "))


def test_a_band_too_big_to_walk_is_refused_with_its_reason(collection, monkeypatch):
    from foxlib import FoxError
    monkeypatch.setattr(difficulty_module, "WALK_LIMIT", 10)
    with pytest.raises(FoxError, match="endgame-only-loser is too big to measure"):
        measure(collection.puzzle("endgame-only-loser"))


def test_an_uploaded_set_is_told_from_the_shipped_ones_without_asking_the_disk(monkeypatch):
    """In the browser's Python a look at the disk is a request to the site: 'upload:x.json'
    once made the static site ask for api/contents/upload:/all.json (a 404)."""
    import os
    from dataclasses import replace
    from foxlib.teaching.puzzles import load_collection
    from foxlib.teaching.puzzles.difficulty import shipped
    ours = load_collection().sets[0].puzzles[0]
    def no_disk(*args, **kwargs):
        raise AssertionError("the disk was asked")
    monkeypatch.setattr(os, "stat", no_disk)
    monkeypatch.setattr(os, "lstat", no_disk)
    assert shipped(ours)
    assert not shipped(replace(ours, file="upload:class.json"))
    assert not shipped(replace(ours, file=""))
