"""Every position a learner is shown can occur in a real round (``foxlib.engine.possible``): the
lessons' exercises (1 to 20), the rules explorer's ready-made tricks, and the checker itself."""
from __future__ import annotations

import ast
import json
import os
from pathlib import Path

import pytest

import foxlib.teaching.exercises as X
from foxlib.core.cards import Card, special_card
from foxlib.engine.modules import Modules
from foxlib.engine.possible import assert_possible, check_possible, deck_size
from foxlib.engine.round import Position, Round
from foxlib.core.errors import InvalidState

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def _code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]


def headless_lesson_exercises() -> list:
    """(lesson, number, exercise) for every exercise in lessons 1-20, built headless from the
    notebook's own cell with ``foxlib.teaching.exercises`` (the widgets take the same arguments)."""
    namespace = {name: getattr(X, name) for name in X.__all__}
    namespace["Quiz"] = lambda items, **_page: X.Quiz(items)   # a title is only for the page
    found, cwd = [], os.getcwd()
    os.chdir(NOTEBOOKS)           # data files are named relative to the notebooks
    try:
        for path in LESSONS:
            for source in _code_cells(path):
                if "widgets.exercises import" not in source or "load_round" in source:
                    continue
                last = ast.parse(source).body[-1]
                made = eval(compile(ast.Expression(last.value), path.name, "eval"), namespace)
                items = ([made.exercise(i) for i in range(len(made))]
                         if isinstance(made, X.Quiz) else [made])
                found += [(path.name, len(found) + i, ex) for i, ex in enumerate(items)]
    finally:
        os.chdir(cwd)
    return found


EXERCISES = headless_lesson_exercises()


def test_the_lessons_have_exercises_from_lesson_1_to_20():
    lessons = {name[:2] for name, _, _ in EXERCISES}
    assert {"01", "16", "17", "18", "19", "20"} <= lessons
    assert len(EXERCISES) > 100


@pytest.mark.parametrize("lesson, n, exercise", EXERCISES,
                         ids=[f"{name[:2]}-{n}" for name, n, _ in EXERCISES])
def test_every_lesson_exercise_shows_a_position_a_real_round_can_reach(lesson, n, exercise):
    for position in exercise.positions():
        assert check_possible(position) == [], f"{lesson}: {exercise.question}"


def test_the_exercises_that_rest_on_a_position_say_which():
    kinds = {type(ex).__name__ for _, _, ex in EXERCISES if ex.positions()}
    assert {"WhoWinsExercise", "LegalPlayExercise", "ChooseBestExercise",
            "FoxExchangeExercise", "WoodcutterDiscardExercise", "DeluxeTrickExercise",
            "TrickPointsExercise", "DeluxeMoveExercise", "RoundTrickExercise",
            "DealExercise"} <= kinds


def test_the_lesson_18_hammer_example_does_not_draw_back_the_card_it_sent_under():
    """The Hammer sends the 9 of Keys under a full deck: the Woodcutter drawn after it cannot
    draw the 9 of Keys back (it did when the exercise's deck held one card)."""
    ex = X.DeluxeMoveExercise(decree="4B", hands=[["9K", "5M", "10B"], ["Hammer", "2K", "6B"]],
                              actions=["9K", "Hammer"], deck=["6K"], goal="win")
    assert len(ex.round.deck) == deck_size(1)
    for option in ex.options:
        assert "(the 9 of Keys)" not in option.text


def test_the_rules_explorer_presets_are_possible_positions():
    from widgets.explorer import PRESETS, RulesExplorer
    for name in PRESETS:
        explorer = RulesExplorer(preset=name)
        assert check_possible(explorer.position) == [], name


# ----------------------------------------------------------------------------- the checker

def _pos(**kw) -> Position:
    base = dict(decree=Card("4B"), hands=([Card("2K")], [Card("2M")]), leader=0,
                deck=[Card(c) for c in "6K 6M 10K 10M 4K 4M".split()], trick=[],
                tricks_won=(7, 5))
    base.update(kw)
    return Position(**base)


def test_a_late_base_trick_is_possible():
    assert check_possible(_pos()) == []
    assert check_possible(Round.deal(5).start) == []


def test_the_deck_must_hold_six_cards_in_the_base_game():
    problems = check_possible(_pos(deck=[Card("6K")]))
    assert len(problems) == 1 and "deck: holds 1 cards, but it always holds 6" in problems[0]
    assert check_possible(_pos(deck=[]))       # W1's empty deck never happens in a real deal


def test_tricks_won_must_add_up_to_the_tricks_played():
    problems = check_possible(_pos(tricks_won=(0, 0)))
    assert problems == ["position.tricks_won: B holds 1 cards, so 12 tricks have been played, "
                        "but the tricks won add up to 0."]


def test_the_hands_must_match_the_trick_number():
    problems = check_possible(_pos(hands=([Card("2K"), Card("8K")], [Card("2M")])))
    assert any("same number of cards" in p for p in problems)


def test_each_special_card_makes_the_deck_one_card_bigger_and_a_crown_in_a_won_trick_one_less():
    deck8 = [Card(c) for c in "6K 6M 10K 10M 4K 4M 8K 8M".split()]
    two = Modules(special=("Axe", "Crown"))
    assert check_possible(_pos(modules=two, deck=deck8[:6]))
    assert check_possible(_pos(modules=two, deck=deck8[:8])) == []
    assert check_possible(_pos(modules=two, deck=deck8[:7])) == []   # the Crown drew earlier
    no_crown = Modules(special=("Axe", "Bow"))
    assert check_possible(_pos(modules=no_crown, deck=deck8[:7]))
    held = _pos(modules=two, deck=deck8[:7], hands=([special_card("Crown")], [Card("2M")]))
    assert check_possible(held)                # the Crown in hand has not drawn


def test_cards_said_to_be_played_earlier_are_not_seen_again():
    problems = check_possible(_pos(), played=["2K", "11M"])
    assert problems == ["position.played[0]: the 2 of Keys (2K) is said to be played earlier, "
                        "but it is also in the position."]
    assert check_possible(_pos(tricks_won=(0, 12), hands=([Card("2K")], [Card("2M")])),
                          played=[c for c in "1B 1K".split()]) == []


def test_assert_possible_raises_with_every_reason():
    with pytest.raises(InvalidState, match="deck.*tricks_won|tricks_won.*deck"):
        assert_possible(_pos(deck=[], tricks_won=(0, 0)))


# ----------------------------------------------------------------------------- rulings page

def _ruling_examples() -> list:
    rulings = json.loads((ROOT / "foxlib" / "data" / "rulings.json").read_text(encoding="utf-8"))
    return [(r["id"], r["example"]) for r in rulings if r.get("example")]


#: Examples that cannot come from a real deal, on purpose, each with the reason the page gives.
#: W1 is about an empty deck, which only a hand-made position has (its note says so); R2 and P7
#: show the referee refusing a scenario that cannot be read.
NOT_REAL = {"W1": "made-up position (the page's note says so)",
            "R2": "shows a refused scenario", "P7": "shows a refused scenario"}


@pytest.mark.parametrize("rid, example", _ruling_examples(), ids=lambda v: v if
                         isinstance(v, str) else "")
def test_every_rulings_page_example_is_a_possible_position(rid, example):
    if rid in NOT_REAL:
        pytest.skip(NOT_REAL[rid])
    from foxlib.io.inputs import read_position
    position = read_position({k: v for k, v in example.items()
                              if k not in ("plays", "chance", "target")}, rid)
    assert check_possible(position, where=rid) == []
