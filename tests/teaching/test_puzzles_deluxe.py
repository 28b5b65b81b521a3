"""Puzzles with the Deluxe modules: the 'modules' field and its errors, special cards in
positions, actions as answers judged by the Deluxe search (a goal's chance must be exactly 1),
the checker's proof, the session one decision at a time, the shipped Deluxe set and the
generator."""
from __future__ import annotations

import copy
from fractions import Fraction

import pytest

from foxlib.core.cards import Card
from foxlib.engine.modules import SPECIAL_CARDS
from foxlib.teaching.puzzles import (check_puzzle, coverage, generate_deluxe, load_collection, load_data,
                            puzzle_to_json, PuzzleSession, solve_actions)
from foxlib.teaching.puzzles.format import DELUXE_TAGS, FORMAT
from foxlib.engine.round import Action

HAMMER = {
    "id": "hammer-test", "title": "Hammer down", "difficulty": 1, "goal": "win-trick",
    "modules": {"special": ["Hammer"]},
    "position": {"decree": "3M", "leader": "B", "trick": ["5M"],
                 "hands": {"A": ["2B", "5B", "Hammer"], "B": ["1M", "9M"]},
                 "deck": ["6B", "10K", "3K", "8B", "1B", "2M", "8K"],
                 "tricks_won": {"A": 6, "B": 4}},
    "solution": ["Hammer"], "hints": ["Name a suit."], "explanation": "The Hammer wins.",
}


def load_one(puzzle):
    return load_data({"format": FORMAT, "id": "t", "title": "t", "puzzles": [puzzle]}, "t.json")


def problems_of(puzzle):
    return [(p.puzzle, p.field, p.reason) for p in load_one(puzzle).problems]


@pytest.fixture(scope="module")
def deluxe_set():
    loaded = load_collection()
    return next(s for s in loaded.sets if s.id == "deluxe")


# ----------------------------------------------------------------------------- the format

def test_a_puzzle_with_modules_loads_with_special_cards_in_its_position():
    loaded = load_one(HAMMER)
    assert loaded.problems == []
    puzzle = loaded.puzzles[0]
    assert puzzle.deluxe and puzzle.modules.special == ("Hammer",)
    assert puzzle.solution == (Action("play", Card("Hammer")),)
    assert puzzle.show_deck       # with special cards the deck is shown by default


@pytest.mark.parametrize("modules, field, words", [
    ({"poison": "yes"}, "modules.poison", "Must be true or false, not 'yes'."),
    ({"special": ["Sword"]}, "modules.special[0]", "'Sword' is not a special card"),
    ({"goals": ["early-bird"]}, "modules.goals", "goal cards are not used in puzzles"),
    ("poison", "modules", 'Must be an object like {"poison": true}'),
])
def test_a_bad_modules_field_names_the_puzzle_and_the_field(modules, field, words):
    bad = dict(HAMMER, modules=modules)
    found = problems_of(bad)
    assert any(pid == "hammer-test" and f == field and words in reason
               for pid, f, reason in found), found


def test_a_special_card_not_in_the_modules_is_refused():
    bad = dict(HAMMER, modules={"special": ["Axe"]})
    assert any(f == "position.hands.A" and "not one of the special cards in play" in reason
               for _, f, reason in problems_of(bad))


def test_with_special_cards_every_card_is_listed():
    bad = copy.deepcopy(HAMMER)
    bad["position"]["deck"] = {"hidden": 6}
    bad["position"]["hands"]["A"] = ["2B", "4B", "Hammer"]      # no Woodcutter
    assert any(f == "position.deck" and "every card is listed" in reason
               for _, f, reason in problems_of(bad))


def test_most_points_needs_modules_and_lead_next_is_not_for_modules():
    base = copy.deepcopy(HAMMER)
    del base["modules"]
    base["position"]["hands"]["A"] = ["2B", "5B", "4K"]
    base.update(goal="most-points", solution=["2B"])
    assert any(f == "goal" and "for puzzles with modules" in reason
               for _, f, reason in problems_of(base))
    lead = dict(HAMMER, goal="lead-next")
    assert any(f == "goal" and "cannot have the goal 'lead-next'" in reason
               for _, f, reason in problems_of(lead))


def test_an_illegal_action_in_the_solution_gives_the_engines_reason():
    bad = dict(HAMMER, solution=[["crown", "2B"]])
    assert ("hammer-test", "solution[0]",
            "Illegal action (crown 2B): You do not hold the Crown.") in problems_of(bad)


def test_the_deck_of_a_base_puzzle_still_holds_six_cards():
    base = copy.deepcopy(HAMMER)
    del base["modules"]
    base["position"]["hands"]["A"] = ["2B", "5B", "4K"]
    base["solution"] = ["2B"]
    assert any(f == "position.deck" and "always holds 6 cards" in reason
               for _, f, reason in problems_of(base))


def test_a_puzzle_with_modules_writes_back_its_modules_and_actions():
    puzzle = load_one(HAMMER).puzzles[0]
    again = load_one(puzzle_to_json(puzzle))
    assert again.problems == []
    assert again.puzzles[0].solution == puzzle.solution
    assert again.puzzles[0].modules == puzzle.modules


# ----------------------------------------------------------------------------- checking

def test_checking_proves_the_exact_set_of_sure_actions():
    assert check_puzzle(load_one(HAMMER).puzzles[0]).ok
    wrong = load_one(dict(HAMMER, solution=["2B"])).puzzles[0]
    result = check_puzzle(wrong)
    assert not result.ok
    assert "2B is listed but fails" in result.line
    assert "Hammer also makes the goal sure but is not listed" in result.line


def test_an_action_that_only_may_work_is_not_right():
    # The Tree led: the opponent's card is random, so a goal that depends on the pick has a
    # chance below 1, and the action does not count as working.
    puzzle = load_one({
        "id": "tree-chance", "title": "t", "difficulty": 1, "goal": "win-trick",
        "modules": {"special": ["Tree"]},
        "position": {"decree": "4M", "leader": "A",
                     "hands": {"A": ["Tree", "2B", "4B"], "B": ["1K", "10K", "5B"]},
                     "deck": ["3B", "6B", "8B", "11B", "1B", "7K", "2K"],
                     "tricks_won": {"A": 5, "B": 5}},
        "solution": ["Tree"], "hints": ["h"], "explanation": "e"}).puzzles[0]
    analysis = solve_actions(puzzle.start(), puzzle.goal)
    tree = analysis.verdict(Action("play", Card("Tree")))
    assert tree.chance == Fraction(2, 3) and not tree.works
    assert "2/3 chance" in tree.explanation and "not sure" in tree.explanation
    assert not check_puzzle(puzzle).ok


def test_a_puzzle_where_every_action_wins_is_refused():
    easy = copy.deepcopy(HAMMER)
    easy["position"]["hands"]["A"] = ["4M", "6M", "10M"]
    easy["position"]["hands"]["B"] = ["1K", "2K"]
    easy["position"]["trick"] = ["1M"]
    easy["position"]["deck"] = ["6B", "10K", "3K", "8B", "1B", "Hammer", "8K"]
    easy["solution"] = ["4M", "6M", "10M"]
    result = check_puzzle(load_one(easy).puzzles[0])
    assert not result.ok and "nothing to find" in result.line


def test_a_predict_puzzle_uses_the_given_random_pick():
    puzzle = {
        "id": "tree-pick", "title": "t", "difficulty": 1, "goal": "who-wins",
        "modules": {"special": ["Tree"]},
        "position": {"decree": "4M", "leader": "B",
                     "hands": {"A": ["2B", "10B", "9K"], "B": ["6K", "1B", "Tree"]},
                     "deck": ["3B", "5B", "6B", "8B", "11B", "1K"],
                     "tricks_won": {"A": 5, "B": 5}},
        "plays": ["Tree"], "chance": [["9K"]], "solution": ["A"], "hints": ["h"],
        "explanation": "e"}
    assert check_puzzle(load_one(puzzle).puzzles[0]).ok      # the lone Witch wins
    other = dict(puzzle, chance=[["2B"]])
    result = check_puzzle(load_one(other).puzzles[0])
    assert not result.ok and "the engine says your opponent" in result.line
    bad = dict(puzzle, chance=[["6K"]])
    assert any(f == "plays[0]" and "cannot be the outcome" in reason
               for _, f, reason in problems_of(bad))


# ----------------------------------------------------------------------------- the session

def test_session_takes_the_special_decision_as_a_second_action():
    session = PuzzleSession(load_one(HAMMER).puzzles[0])
    fb = session.play("Hammer")
    assert fb.status == "going"
    labels = [label for label, _ in session.choices()]
    assert labels == ["Name Bells", "Name Keys", "Name Moons"]
    fb = session.act(Action("name_suit", "M"))
    assert fb.status == "right" and session.solved
    assert any("Hammer beats an odd card" in line for line in fb.lines)


def test_session_wrong_first_action_is_played_out_and_explained():
    session = PuzzleSession(load_one(HAMMER).puzzles[0])
    fb = session.play("2B")
    assert fb.status == "wrong" and session.finished
    assert fb.title == "Playing the 2 of Bells does not work."   # the base puzzles' words
    assert "cannot win this trick" in fb.lines[0]
    assert any("5 of Moons is trump" in line for line in fb.lines)


def test_session_solution_plays_out_the_sure_line():
    session = PuzzleSession(load_one(HAMMER).puzzles[0])
    fb = session.solution()
    assert fb.status == "shown" and fb.lines[0] == "Right decision: playing the Hammer."
    assert session.round.tricks and session.round.tricks[-1].winner == 0


def test_poison_most_points_session_is_judged_by_points(deluxe_set):
    puzzle = next(p for p in deluxe_set.puzzles if p.id == "deluxe-poison-give-it-away")
    wrong = PuzzleSession(puzzle).play("3K")
    assert wrong.status == "wrong" and "less than the +5 points" in wrong.lines[0]
    session = PuzzleSession(puzzle)
    fb = session.play("8M")
    assert fb.status == "going"     # the goal is the round's points: decide on to the end
    assert any("loses 1 point for the Poison 8 of Moons" in line for line in fb.lines)
    while fb.status == "going":
        best = next(v.move for v in solve_actions(session.round, puzzle.goal).verdicts
                    if v.works)
        fb = session.act(best)
    assert fb.status == "right" and session.round.is_over


# ----------------------------------------------------------------------------- the shipped set

def test_the_deluxe_set_covers_every_special_card_twice_and_poison_three_times(deluxe_set):
    table = coverage(deluxe_set.puzzles)
    for tag, least in DELUXE_TAGS.items():
        assert len(table[tag]) >= least, (tag, table[tag])
    for name in SPECIAL_CARDS:
        tagged = [p for p in deluxe_set.puzzles if name.lower() in p.themes]
        assert all(name in p.modules.special for p in tagged), name
    assert any(p.goal.name in ("round-points", "final-score") and "poison" in p.themes and
               "below 0" in p.explanation for p in deluxe_set.puzzles)


def test_every_play_puzzle_of_the_deluxe_set_uses_its_special_card(deluxe_set):
    for p in deluxe_set.puzzles:
        if p.kind in ("play", "band") and p.modules.special:
            (name,) = p.modules.special
            first = p.solution[0]
            uses = first.kind == "crown" if name == "Crown" else \
                getattr(first.card, "special", None) == name
            assert uses, p.id


def test_a_wrong_card_that_ends_the_trick_is_told_why_not_that_the_opponent_answers():
    # A follows the Woodcutter: the trick is complete, so the opponent has nothing left to
    # answer with; the words give the trick's own reason instead.
    axe = dict(HAMMER, modules={"special": ["Axe"]}, solution=["Axe"],
               position={"decree": "7B", "leader": "B", "trick": ["5B"],
                         "hands": {"A": ["6K", "8K", "10M", "Axe"], "B": ["8B", "10B", "1M"]},
                         "deck": ["11B", "4K", "7K", "7M", "4B", "5K", "6B"],
                         "tricks_won": {"A": 4, "B": 5}})
    puzzle = load_one(axe).puzzles[0]
    verdict = solve_actions(puzzle.start(), puzzle.goal).verdict(Action("play", Card("6K")))
    assert not verdict.works
    assert verdict.explanation == ("Playing the 6 of Keys cannot win this trick: Bells are "
                                   "trump. Your opponent's 5 of Bells is trump and beats your 6 "
                                   "of Keys, which is not.")


def test_the_opponent_is_said_to_answer_only_where_it_has_a_choice(deluxe_set):
    from foxlib.teaching.puzzles.analysis import settled
    from foxlib.teaching.puzzles.model import action_text, cap
    told = 0
    for p in deluxe_set.puzzles:
        if p.kind != "play":
            continue
        rnd = p.start()
        for answer, text in p.wrong:
            if "your opponent has an answer" not in text:
                continue
            told += 1
            action = next(a for a in rnd.legal_actions()
                          if a == answer or (a.kind == "play" and a.card is answer))
            assert settled(rnd, action, p.goal) is None, (p.id, cap(action_text(answer)))
    assert told > 0


def test_every_wrong_first_action_of_a_deluxe_puzzle_has_the_authors_words(deluxe_set):
    from foxlib.teaching.puzzles.session import _wrong_text
    for p in deluxe_set.puzzles:
        if p.kind not in ("play", "band"):
            continue
        failing = [v.move for v in solve_actions(p.start(), p.goal).verdicts if not v.works]
        assert failing and all(_wrong_text(p, move) for move in failing), p.id


def test_the_deluxe_set_has_harder_band_and_points_puzzles(deluxe_set):
    # Players who solve the trick puzzles asked for harder ones: band goals and most-points
    # over several tricks, where a special card's ruling decides tricks ahead.
    harder = [p for p in deluxe_set.puzzles if p.kind == "band" and p.difficulty >= 2]
    assert len(harder) >= 10, [p.id for p in harder]
    assert sum(p.difficulty == 3 for p in harder) >= 5
    assert {"crown", "tree", "mirror", "bow", "hammer"} <= {t for p in harder for t in p.themes}


def test_SC5_SC10_a_crowned_trump_ties_the_real_monarch_and_the_leader_wins(deluxe_set):
    puzzle = next(p for p in deluxe_set.puzzles if p.id == "deluxe-crown-meets-the-monarch")
    fb = PuzzleSession(puzzle).act(Action("crown", Card("7B")))
    assert fb.status == "going"
    assert any("count as the same card, so the leader, you, wins" in line for line in fb.lines)
    wrong = PuzzleSession(puzzle).play("7B")
    assert wrong.status == "wrong" and "Without the Crown" in wrong.lines[0]


def test_SC13_a_hammer_named_where_the_only_answer_is_even_loses_on_purpose(deluxe_set):
    puzzle = next(p for p in deluxe_set.puzzles if p.id == "deluxe-hammer-loses-on-purpose")
    keys = PuzzleSession(puzzle)
    keys.play("Hammer")
    fb = keys.act(Action("name_suit", "K"))        # the opponent may answer with the odd 7K
    assert fb.status == "wrong" and "less than the +5 points" in fb.lines[0]
    moons = PuzzleSession(puzzle)
    moons.play("Hammer")
    fb = moons.act(Action("name_suit", "M"))       # the only Moon is the even 4M
    assert fb.status == "going"
    assert any("loses to every card that is not odd" in line for line in fb.lines)


# ----------------------------------------------------------------------------- the generator

def test_generator_makes_axe_puzzles_the_checker_proves():
    found = generate_deluxe("Axe", count=1, seed=7, max_tries=2000)
    assert len(found) == 1
    puzzle = found[0]
    assert puzzle.solution == (Action("play", Card("Axe")),)
    reloaded = load_one(puzzle_to_json(puzzle))
    assert reloaded.problems == [] and check_puzzle(reloaded.puzzles[0]).ok


def test_generated_shovel_puzzles_never_start_after_the_shovels_holder_won_a_trick():
    # A position does not keep the tricks a Shovel digs in, so the loader refuses a Shovel in
    # the hand of a player who has won a trick; the generator used to make such drafts (seed 7).
    made = generate_deluxe("Shovel", count=1, seed=7, max_tries=2_000)
    for puzzle in made:
        assert puzzle.position.tricks_won[0] == 0, puzzle.id
        assert not load_one(puzzle_to_json(puzzle)).problems, puzzle.id
