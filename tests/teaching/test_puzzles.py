"""Puzzles: the file format and its loader, goals, equivalent cards, checking, sessions, the
generator and the shipped collection. Browser behaviour is in tests/browser/test_puzzles_browser.py."""
from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from foxlib import Card, Move
from foxlib.core import rules
from foxlib.teaching.puzzles import (BAND, DATA_DIR, PLAY, PREDICT, REQUIRED_TAGS, SCHEMA, SCORE, TAGS,
                            PuzzleSession, analyse, check_paths, check_puzzle, coverage,
                            equivalent_cards, generate, judge_trick_goal, live_cards, load_data,
                            load_paths, load_text, move_key, parse_goal, parse_move_key,
                            second_person, solve_actions, solve_goal, truth)

ROOT = Path(__file__).resolve().parents[2]


# ----------------------------------------------------------------------------- helpers

def puzzle_file(*puzzles, **head):
    data = {"format": "fox-puzzles/1", "id": "test", "title": "Test set", "puzzles": list(puzzles)}
    data.update(head)
    return data


def lone_witch_predict(**changes):
    """A sound predict puzzle: B leads the 10 of Keys, A answers with a lone Witch and wins."""
    p = {"id": "p1", "title": "Lone Witch", "difficulty": 1, "goal": "who-wins",
         "themes": ["witch"],
         "position": {"decree": "4M", "leader": "B",
                      "hands": {"A": ["9B", "2B", "6B"], "B": {"cards": ["10K"], "hidden": 2}},
                      "tricks_won": {"A": 5, "B": 5}},
         "plays": ["10K", "9B"], "solution": ["A"], "hints": ["How many 9s?"],
         "explanation": "A lone Witch counts as trump."}
    p.update(changes)
    return p


def witch_follow_play(**changes):
    """A sound play puzzle: B led the 10 of Bells, A (no Bells) wins only with the 9 of Keys."""
    p = {"id": "p2", "title": "Which card wins", "difficulty": 1, "goal": "win-trick",
         "themes": ["witch"],
         "position": {"decree": "4M", "leader": "B", "trick": ["10B"],
                      "hands": {"A": ["9K", "2K", "8K", "6K"], "B": ["1M", "4K", "2B"]},
                      "tricks_won": {"A": 4, "B": 5}},
         "solution": ["9K"], "hints": ["Does any card count as a Moon?"],
         "explanation": "The lone Witch counts as trump."}
    p.update(changes)
    return p


def band_puzzle(**changes):
    """A sound band puzzle (two winning ways are impossible here: only the 7 of Bells works)."""
    p = {"id": "p3", "title": "Let them lead", "difficulty": 3, "goal": "band:Victorious",
         "themes": ["trump", "band"],
         "position": {"decree": "2K", "leader": "A",
                      "hands": {"A": ["7B", "1K", "10K"], "B": ["8B", "6K", "11K"]},
                      "tricks_won": {"A": 6, "B": 4}},
         "solution": ["7B"], "hints": ["Who should lead Keys?"], "explanation": "Lose first."}
    p.update(changes)
    return p


def load_one(puzzle, name="t.json"):
    return load_data(puzzle_file(puzzle), name)


def problems_of(puzzle):
    return load_one(puzzle).problems


def band_ok(rnd, player, band):
    """Tiny brute force (tests only): can ``player`` force ending the round in ``band``?"""
    if rnd.is_over:
        return rules.band(rnd.tricks_won[player]) == band
    results = []
    for move in rnd.legal_moves():
        rnd.push(move)
        results.append(band_ok(rnd, player, band))
        rnd.pop()
    return any(results) if rnd.to_play == player else all(results)


# ----------------------------------------------------------------------------- the collection

@pytest.fixture(scope="module")
def collection():
    return load_paths()


def test_shipped_collection_loads_without_problems(collection):
    assert collection.problems == []
    assert len(collection.puzzles) >= 60


def test_collection_sets_follow_the_lessons(collection):
    lessons = {s.lesson for s in collection.sets if s.lesson}
    # Only the Deluxe set has no lesson notebook (there is none for the Deluxe modules yet).
    assert [s.id for s in collection.sets if not s.lesson] == ["deluxe"]
    for lesson in lessons:
        assert (ROOT / "notebooks" / f"{lesson}.ipynb").exists(), lesson
    assert [s.order for s in collection.sets] == sorted(s.order for s in collection.sets)
    assert {"following", "trump", "swan", "fox", "woodcutter", "treasure", "witch", "monarch",
            "scoring", "endgames"} <= {s.id for s in collection.sets}


def test_collection_is_graded_in_three_levels(collection):
    levels = {p.difficulty for p in collection.puzzles}
    assert levels == {1, 2, 3}
    for s in collection.sets:
        assert len({p.difficulty for p in s.puzzles}) >= 2, s.id


def test_every_character_and_faq_subtlety_has_three_puzzles(collection):
    table = coverage(collection.puzzles)
    for tag in REQUIRED_TAGS:
        assert len(table[tag]) >= 3, (tag, table[tag])


def test_collection_has_every_kind_of_puzzle(collection):
    kinds = {p.kind for p in collection.puzzles}
    assert kinds == {PREDICT, PLAY, BAND, SCORE}


def test_each_set_is_linked_from_the_end_of_its_lesson(collection):
    for s in (s for s in collection.sets if s.lesson):
        nb = json.loads((ROOT / "notebooks" / f"{s.lesson}.ipynb").read_text())
        text = "".join("".join(c["source"]) for c in nb["cells"][-3:])
        assert f"(puzzles.ipynb#{s.id})" in text, s.lesson


RULES_DIR = ROOT.parent / "shared" / "rules"


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason="rules sources not found")
def test_puzzle_texts_are_in_our_own_words():
    """No run of 9 words from the rules sources appears in the collection or its docs."""
    import re

    def words(text):
        return re.findall(r"[a-z0-9]+", text.lower())
    runs = set()
    for src in RULES_DIR.glob("*.txt"):
        w = words(src.read_text(encoding="utf-8"))
        runs.update(tuple(w[i:i + 9]) for i in range(len(w) - 8))
    for path in sorted(DATA_DIR.glob("*.json")) + [ROOT / "docs" / "puzzles.md"]:
        w = words(path.read_text(encoding="utf-8"))
        copied = [" ".join(w[i:i + 9]) for i in range(len(w) - 8) if tuple(w[i:i + 9]) in runs]
        assert not copied, (path.name, copied[:3])


def test_every_puzzle_has_hints_and_an_explanation(collection):
    for p in collection.puzzles:
        assert p.hints and all(len(h) > 10 for h in p.hints), p.id
        assert len(p.explanation) > 40, p.id
        assert p.wrong, p.id      # the tempting wrong answers are explained too


def test_collection_check_command_proves_every_puzzle():
    """The make-test hook: `python -m foxlib puzzles check` on the shipped collection."""
    out = subprocess.run([sys.executable, "-m", "foxlib", "puzzles", "check"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    last = out.stdout.strip().splitlines()[-1]
    assert "puzzles checked" in last and "0 failed" in last and "0 load problems" in last


def test_collection_wrong_texts_are_attached_to_wrong_answers(collection):
    for p in collection.puzzles:
        assert check_puzzle(p).ok, p.id


# ----------------------------------------------------------------------------- format and loader

def test_docs_show_the_schema_exactly():
    text = (ROOT / "docs" / "puzzles.md").read_text()
    assert json.dumps(SCHEMA, indent=2) in text


def test_docs_example_is_a_sound_puzzle_file():
    text = (ROOT / "docs" / "puzzles.md").read_text()
    block = text[text.index("## An example"):].split("```json\n", 1)[1].split("\n```", 1)[0]
    result = load_text(block, "docs/puzzles.md example")
    assert result.problems == [] and len(result.puzzles) == 2
    assert all(check_puzzle(p).ok for p in result.puzzles)


def test_docs_coverage_table_is_current(collection):
    from foxlib.teaching.puzzles import coverage_table
    assert coverage_table(collection) in (ROOT / "docs" / "puzzles.md").read_text()


def test_a_sound_puzzle_loads():
    result = load_one(lone_witch_predict())
    assert result.problems == []
    p = result.puzzle("p1")
    assert p.kind == PREDICT and p.solution == (0,) and p.concealed == (False, True)


def test_every_problem_is_reported_with_file_puzzle_and_field():
    bad = lone_witch_predict(difficulty=4, goal="band:Victorius", themes=["wich"])
    bad["position"] = {"decree": "12M", "leader": "C",
                       "hands": {"A": ["9K", "9K", "QB"], "B": ["10K"]}}
    problems = problems_of(bad)
    fields = {pr.field for pr in problems}
    assert {"difficulty", "goal", "themes[0]", "position.decree", "position.leader",
            "position.hands.A[2]", "position.hands.A[1]"} <= fields
    assert all(pr.file == "t.json" and pr.puzzle == "p1" for pr in problems)
    text = "\n".join(map(str, problems))
    assert "unknown card" in text.lower() and "duplicate card" in text.lower()
    assert "does not parse" in text


def test_unknown_card_names_the_field():
    p = lone_witch_predict()
    p["position"]["hands"]["A"][1] = "13B"
    (problem,) = problems_of(p)
    assert problem.field == "position.hands.A[1]" and "13B" in problem.reason


def test_duplicate_card_names_both_places():
    p = witch_follow_play()
    p["position"]["hands"]["B"][2] = "10B"
    problems = problems_of(p)
    assert any(pr.field == "position.hands.B[2]" and "trick" in pr.reason for pr in problems)


@pytest.mark.parametrize("change, field, words", [
    ({"tricks_won": {"A": 4, "B": 4}}, "position.tricks_won", "13 tricks"),
    ({"hands": {"A": ["9K", "2K"], "B": ["1M", "4K", "2B"]}}, "position.hands", "one card fewer"),
    ({"deck": ["2M", "6K"]}, "position.deck", "always holds 6"),
    ({"round_gain": {"A": 4, "B": 0}, "score": {"A": 4, "B": 0}}, "position.round_gain",
     "Treasure"),
    ({"to_play": "B"}, "position.to_play", "A is to play"),
])
def test_impossible_positions_are_reported(change, field, words):
    p = witch_follow_play()
    p["position"].update(change)
    problems = problems_of(p)
    assert any(pr.field.startswith(field) and words in pr.reason for pr in problems), problems


def test_goal_that_does_not_parse_is_reported():
    for goal, words in [("win-trik", "is not a goal"), ("band:Rich", "does not name a band"),
                        ("win-trick:A", "takes nothing"), (7, "must be a text")]:
        problems = problems_of(witch_follow_play(goal=goal))
        assert any(pr.field == "goal" and words in pr.reason for pr in problems), goal


def test_json_syntax_error_names_line_and_column():
    result = load_text('{"format": "fox-puzzles/1",\n "id": }', "broken.json")
    (problem,) = result.problems
    assert problem.file == "broken.json" and problem.field.startswith("line 2")


def test_unknown_fields_are_reported():
    problems = problems_of(witch_follow_play(hintz=["typo"]))
    assert any(pr.field == "hintz" and "unknown field" in pr.reason.lower() for pr in problems)


def test_solution_that_is_an_illegal_play_is_reported():
    problems = problems_of(witch_follow_play(solution=["9B"]))
    assert any(pr.field == "solution[0]" for pr in problems)


def test_concealed_hands_only_for_predict_and_score():
    p = witch_follow_play()
    p["position"]["hands"]["B"] = {"cards": ["1M"], "hidden": 2}
    problems = problems_of(p)
    assert any("concealed hands are for predict" in pr.reason for pr in problems)


def test_deck_must_be_listed_when_a_woodcutter_can_draw():
    p = witch_follow_play()
    p["position"]["hands"]["A"][1] = "5K"
    problems = problems_of(p)
    assert any(pr.field == "position.deck" and "Woodcutter" in pr.reason for pr in problems)


def test_character_tag_needs_the_character_in_sight():
    problems = problems_of(witch_follow_play(themes=["witch", "monarch"]))
    assert [pr.field for pr in problems] == ["themes[1]"]


def test_predict_plays_must_complete_one_trick():
    problems = problems_of(lone_witch_predict(plays=["10K"]))
    assert any(pr.field == "plays" and "exactly one trick" in pr.reason for pr in problems)


def test_score_plays_must_finish_the_round():
    p = {"id": "s", "title": "S", "difficulty": 1, "goal": "round-points",
         "position": {"decree": "4M", "leader": "A", "hands": {"A": ["9K", "2K"], "B": ["10K", "3K"]},
                      "tricks_won": {"A": 5, "B": 6}},
         "plays": ["9K", "10K"], "solution": [3], "hints": ["h"], "explanation": "e"}
    problems = problems_of(p)
    assert any(pr.field == "plays" and "finish all 13" in pr.reason for pr in problems)


def test_concealed_stand_ins_respect_a_shown_void():
    """B's concealed cards are stand-ins; when B is seen not to follow Bells, none is a Bell."""
    p = {"id": "v", "title": "V", "difficulty": 1, "goal": "who-wins",
         "position": {"decree": "4K", "leader": "A",
                      "hands": {"A": ["9B", "2M", "6M"], "B": {"cards": ["9K"], "hidden": 2}},
                      "tricks_won": {"A": 5, "B": 5}},
         "plays": ["9B", "9K"], "solution": ["B"], "hints": ["h"], "explanation": "e"}
    result = load_one(p)
    assert result.problems == []
    puzzle = result.puzzle("v")
    assert not any(c.suit == Card("9B").suit for c in puzzle.position.hands[1])


def test_duplicate_ids_across_files(tmp_path):
    for name in ("a.json", "b.json"):
        (tmp_path / name).write_text(json.dumps(puzzle_file(witch_follow_play(), id=name[0])))
    result = load_paths([tmp_path])
    assert len(result.puzzles) == 1
    assert any(pr.field == "id" and "already used" in pr.reason for pr in result.problems)


def test_bad_puzzles_do_not_hide_good_ones():
    result = load_data(puzzle_file(witch_follow_play(), lone_witch_predict(id="x", goal="?")))
    assert [p.id for p in result.puzzles] == ["p2"] and result.problems


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=6) |
    st.sampled_from(["9M", "A", "B", "win-trick", "band:Humble", "4M"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["id", "title", "goal", "position", "hands", "A", "B", "decree",
                         "leader", "solution", "hints", "explanation", "plays", "trick",
                         "deck", "difficulty", "format", "puzzles", "hidden", "cards"]),
        inner, max_size=6), max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(json_values)
def test_loader_never_raises_on_arbitrary_json(value):
    result = load_data(value, "fuzz.json")
    assert isinstance(result.problems, list)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_loader_never_raises_on_mutated_puzzles(data):
    p = copy.deepcopy(data.draw(st.sampled_from([lone_witch_predict(), witch_follow_play(),
                                                  band_puzzle()])))
    key = data.draw(st.sampled_from(sorted(p)))
    p[key] = data.draw(json_values)
    load_one(p)


# ----------------------------------------------------------------------------- goals

def test_goals_parse_with_their_arguments():
    assert parse_goal("band:victorious", 0).band == "Victorious"
    assert parse_goal("round-points:B", 0).player == 1
    assert parse_goal("lose-trick", 1).player == 1
    assert parse_goal("band:Humble", 0).kind == BAND
    assert parse_goal("take-treasure", 0).kind == PLAY


def test_move_keys_round_trip():
    for move in (Move(Card("9M")), Move(Card("3B"), exchange=Card("8M")),
                 Move(Card("5K"), discard=Card("2B"))):
        assert parse_move_key(move_key(move)) == move


def test_second_person_agreement_in_engine_sentences():
    assert second_person("You played the Swan and lost, so You leads the next trick.") == \
        "You played the Swan and lost, so you lead the next trick."
    assert second_person("beats Your opponent's 8") == "beats your opponent's 8"


# ----------------------------------------------------------------------------- equivalent cards

def test_equivalent_cards_are_plain_neighbours_in_play():
    live = {Card(c) for c in ("2B", "4B", "8B", "7K")}
    assert equivalent_cards(Card("2B"), Card("4B"), live)          # 3B out of play
    assert not equivalent_cards(Card("4B"), Card("8B"), live | {Card("6B")})
    assert not equivalent_cards(Card("6B"), Card("8B"), {Card("7B")})   # a Treasure between
    assert not equivalent_cards(Card("9B"), Card("10B"), set())    # a Witch is never plain
    assert not equivalent_cards(Card("2B"), Card("2K"), set())     # another suit


def test_check_reports_equivalent_solutions(collection):
    p = collection.puzzle("fox-make-your-suit-trump")
    result = check_puzzle(p)
    assert result.ok and "3B>8B ~ 3B>6B" in result.line and "7B" in result.line


def test_equivalent_moves_have_equal_verdicts_in_the_collection(collection):
    from foxlib.teaching.puzzles import equivalent_moves
    for p in collection.puzzles:
        if p.kind not in (PLAY, BAND) or p.deluxe:     # Deluxe answers are actions, not moves
            continue
        rnd = p.start()
        live = live_cards(rnd, p)
        verdicts = analyse(p, rnd).verdicts
        for v in verdicts:
            for w in verdicts:
                if equivalent_moves(v.move, w.move, live):
                    assert v.works == w.works, (p.id, v.move, w.move)


# ----------------------------------------------------------------------------- checking

def checked(puzzle):
    result = load_one(puzzle)
    assert result.problems == [], result.report()
    return check_puzzle(result.puzzles[0])


def test_check_proves_a_sound_play_puzzle():
    result = checked(witch_follow_play())
    assert result.ok and "solution 9K" in result.line


def test_check_fails_when_a_listed_move_does_not_work():
    result = checked(witch_follow_play(solution=["9K", "8K"]))
    assert not result.ok and "8K is listed but fails" in result.line


def test_check_fails_when_a_winning_move_is_missing():
    result = checked(band_puzzle(goal="band:Defeated", solution=["1K"]))
    assert not result.ok and "also achieves the goal" in result.line


def test_check_fails_when_no_move_works():
    p = witch_follow_play(goal="lose-trick", solution=["2M"])
    p["position"]["hands"]["A"] = ["9K", "2M", "8M", "6M"]
    result = checked(p)
    assert not result.ok and "no move achieves the goal" in result.line


def test_check_fails_on_a_wrong_predicted_answer():
    result = checked(lone_witch_predict(solution=["B"]))
    assert not result.ok and "the engine says you" in result.line


def test_check_fails_when_a_wrong_text_is_on_a_right_move():
    result = checked(witch_follow_play(wrong=[{"answer": "9K", "text": "no"}]))
    assert not result.ok and "'wrong' text" in result.line


def test_check_command_exit_status_and_summary(tmp_path, capsys):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(puzzle_file(witch_follow_play())))
    assert check_paths([good]) == 0
    assert capsys.readouterr().out.strip().endswith(
        "1 puzzle checked in 1 file: 1 proved, 0 failed, 0 load problems.")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(puzzle_file(witch_follow_play(id="q", solution=["8K"]),
                                          lone_witch_predict(goal="?"), id="bad")))
    assert check_paths([bad]) == 2
    out = capsys.readouterr().out
    assert "FAIL bad.json: q" in out and "ERROR" in out and "1 puzzle checked" in out


def test_check_cli_exits_non_zero_on_failure(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(puzzle_file(witch_follow_play(solution=["8K"]))))
    out = subprocess.run([sys.executable, "-m", "foxlib", "puzzles", "check", str(bad)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1 and "1 puzzle checked" in out.stdout.splitlines()[-1]


# ----------------------------------------------------------------------------- cross-checks

def random_small_round(rng, size):
    from foxlib import Round
    rnd = Round.deal(rng.randrange(2**32), rng.randrange(2))
    while len(rnd.hands[rnd.to_play]) > size or rnd.trick:
        rnd.push(rng.choice(rnd.legal_moves()))
    if rng.random() < 0.5:
        rnd.push(rng.choice(rnd.legal_moves()))
    return rnd


def test_trick_goals_agree_with_the_solver_on_random_positions():
    rng = random.Random(5)
    for _ in range(60):
        rnd = random_small_round(rng, rng.choice((2, 3, 4)))
        me = rnd.to_play
        for name in ("win-trick", "lose-trick"):
            engine = judge_trick_goal(rnd, name, me)
            solver = solve_goal(rnd, parse_goal(name, me))
            assert {move_key(v.move): v.works for v in engine.verdicts} == \
                {move_key(v.move): v.works for v in solver.verdicts}


def test_band_verdicts_match_brute_force_for_both_players():
    """The learner's moves come from the solver; the opponent's from solve_goal's own search."""
    rng = random.Random(11)
    for _ in range(40):
        rnd = random_small_round(rng, rng.choice((2, 3)))
        goal_player = rng.randrange(2)
        band = rng.choice(rules.BANDS[:3])
        analysis = solve_goal(rnd, parse_goal(f"band:{band}", goal_player))
        for v in analysis.verdicts:
            rnd.push(v.move)
            assert v.works == band_ok(rnd, goal_player, band)
            rnd.pop()


# ----------------------------------------------------------------------------- sessions

def session(puzzle):
    result = load_one(puzzle)
    assert result.problems == []
    return PuzzleSession(result.puzzles[0])


def test_predict_right_answer_explains_with_engine_and_author_words():
    s = session(lone_witch_predict())
    fb = s.answer("A")
    assert fb.status == "right" and s.solved
    assert any("only Witch" in line for line in fb.lines)
    assert "A lone Witch counts as trump." in fb.lines


def test_predict_wrong_answer_gives_the_reason_and_can_be_retried():
    s = session(lone_witch_predict(wrong=[{"answer": "B", "text": "Look again."}]))
    fb = s.answer("B")
    assert fb.status == "wrong" and fb.lines[0] == "Look again." and not s.solved
    assert s.answer("A").status == "refused"     # the attempt is over until Retry
    s.reset()
    assert s.answer("A").status == "right"


def test_score_answer_accepts_numbers_as_text():
    s = session({"id": "s", "title": "S", "difficulty": 1, "goal": "round-points",
                 "position": {"decree": "4M", "leader": "A", "hands": {"A": [], "B": []},
                              "tricks_won": {"A": 10, "B": 3}, "score": {"A": 2, "B": 0},
                              "round_gain": {"A": 2, "B": 0}},
                 "solution": [2], "hints": ["h"], "explanation": "Greedy scores 0."})
    assert s.answer(" 8 ").status == "wrong"
    s.reset()
    assert s.answer("2").status == "right"
    assert truth(s.puzzle)[0] == 2


def test_play_wrong_move_shows_the_refuting_reply():
    s = session(band_puzzle(goal="band:Victorious"))
    fb = s.play("10K")
    assert fb.status == "wrong" and s.status == "failed"
    assert any("11 of Keys" in line for line in fb.lines)
    assert s.round.is_over and rules.band(s.round.tricks_won[0]) != "Victorious"


def test_band_puzzle_is_solved_move_by_move_against_best_defence():
    s = session(band_puzzle())
    fb = s.play("7B")
    while fb.status == "going":
        good = [v.move for v in solve_goal(s.round, s.puzzle.goal).verdicts if v.works]
        fb = s.play(good[0])
    assert fb.status == "right" and s.solved
    assert rules.band(s.round.tricks_won[0]) == "Victorious"


def test_illegal_play_is_refused_with_the_engines_reason():
    p = witch_follow_play()
    p["position"]["hands"]["A"] = ["9K", "4B", "8K", "6K"]
    p["solution"] = ["4B"]
    p["goal"] = "lose-trick"
    s = session(p)
    fb = s.play("9K")
    assert fb.status == "refused" and "must follow Bells" in fb.lines[0]
    assert s.status == "open"


def test_hints_come_one_at_a_time():
    s = session(witch_follow_play(hints=["one", "two"]))
    assert [s.hint(), s.hint(), s.hint()] == ["one", "two", None]
    assert s.shown_hints() == ["one", "two"]


def test_show_solution_lists_every_right_move(collection):
    s = PuzzleSession(collection.puzzle("fox-make-your-suit-trump"))
    fb = s.solution()
    assert fb.status == "shown" and "8 of Bells" in fb.lines[0] and "6 of Bells" in fb.lines[0]


def test_fox_and_woodcutter_decisions_are_offered(collection):
    s = PuzzleSession(collection.puzzle("fox-lead-and-switch"))
    kind, options, _ = s.decision("3B")
    assert kind == "exchange" and options[0] is None and Card("6B") in options
    s = PuzzleSession(collection.puzzle("woodcutter-put-it-back"))
    kind, options, drawn = s.decision("5M")
    assert kind == "discard" and drawn == Card("7B") and drawn in options


def test_every_collection_puzzle_can_be_solved_in_a_session(collection):
    for p in collection.puzzles:
        s = PuzzleSession(p)
        if p.kind in (PREDICT, SCORE):
            fb = s.answer(p.solution[0] if not isinstance(p.solution[0], int) or p.kind == SCORE
                          else "AB"[p.solution[0]])
        else:
            fb = s.play(p.solution[0])
            judge = solve_actions if p.deluxe else solve_goal
            while fb.status == "going":
                fb = s.play(next(v.move for v in judge(s.round, p.goal).verdicts if v.works))
        assert fb.status == "right", (p.id, fb)


# ----------------------------------------------------------------------------- generator

def test_generator_finds_unique_solutions_for_a_theme():
    found = generate("witch", 3, seed=1)
    assert len(found) == 3
    for p in found:
        rnd = p.start()
        winning = analyse(p, rnd).winning
        live = live_cards(rnd, p)
        assert all(w.card.rank == 9 for w in winning)
        from foxlib.teaching.puzzles import equivalent_moves
        assert all(equivalent_moves(w, winning[0], live) for w in winning)
        assert p.difficulty in (1, 2, 3)


def test_generator_is_deterministic_for_a_seed():
    a = [move_key(p.solution[0]) for p in generate("swan", 2, seed=3)]
    b = [move_key(p.solution[0]) for p in generate("swan", 2, seed=3)]
    assert a == b


def test_generated_file_loads_and_checks(tmp_path):
    out = tmp_path / "gen.json"
    run = subprocess.run([sys.executable, "-m", "foxlib", "puzzles", "generate", "--theme",
                          "trump", "--count", "2", "--seed", "4", "--out", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "generated 2 of 2 trump puzzles" in run.stderr
    check = subprocess.run([sys.executable, "-m", "foxlib", "puzzles", "check", str(out)],
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stdout


def test_unknown_generator_theme_is_refused():
    from foxlib import FoxError
    with pytest.raises(FoxError, match="Unknown theme"):
        generate("dragon", 1, 1)


def test_equivalent_cards_not_split_by_a_live_witch_of_another_suit():
    # A lone Witch counts as a trump 9, so the 8 and 10 of the trump suit are not
    # interchangeable while a Witch of another suit is still in play.
    from foxlib import Card
    from foxlib.teaching.puzzles import equivalent_cards
    eight, ten = Card("8M"), Card("10M")
    assert not equivalent_cards(eight, ten, {eight, ten, Card("9K")})
    assert not equivalent_cards(eight, ten, {eight, ten, Card("9M")})
    assert equivalent_cards(eight, ten, {eight, ten, Card("7K"), Card("11B")})


def test_solving_after_show_solution_is_not_counted(collection):
    s = PuzzleSession(collection.puzzle("follow-higher-key"))
    s.solution()
    s.reset()
    fb = s.answer("A")
    assert fb.status == "right" and "Not counted" in fb.title
    assert s.solution_seen and not s.solved


def test_wrong_count_says_why_without_the_right_number(collection):
    """Every wrong number for every scoring puzzle gets a reason, and no reason names the
    answer (it is shown only by Show solution)."""
    for p in collection.puzzles:
        if p.kind != "score" or p.goal.name == "game-winner":
            continue
        right = p.solution[0]
        for value in range(0, 30):
            if value == right:
                continue
            fb = PuzzleSession(p).answer(value)
            why = fb.lines[0]
            assert fb.status == "wrong" and len(why) > 30, (p.id, value, why)
            assert not re.search(rf"(?<![\d-]){right}(?!\d)", why), (p.id, value, why)


# ----------------------------------------------------------------------------- the package

def test_puzzle_modules_import_only_from_earlier_layers():
    """format <- schema, reference <- model <- positions <- load <- analysis <- difficulty <-
    check <- session, generate <- cli: each module of foxlib/teaching/puzzles imports only
    modules listed before it."""
    import ast
    layers = ["format", "schema", "reference", "model", "positions", "load", "analysis",
              "difficulty", "check", "session", "generate", "cli"]
    package = ROOT / "foxlib" / "teaching" / "puzzles"
    assert sorted(layers + ["__init__"]) == sorted(p.stem for p in package.glob("*.py"))
    for i, name in enumerate(layers):
        tree = ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))
        used = {node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.level == 1}
        assert used <= set(layers[:i]), (name, used - set(layers[:i]))



def test_a_fox_or_woodcutter_move_says_its_decision_in_the_narrators_words():
    """A base puzzle names the card it plays (with its code) and says the Fox's swap or the
    Woodcutter's discard as the narrator does ('swapping the 8 of Moons for the decree card')."""
    from foxlib.words.narrator import Narrator
    from foxlib.teaching.puzzles.model import move_text
    said = Narrator()
    swap = said.action_words("exchange", Card("8M"), "doing")
    discard = said.action_words("discard", Card("2B"), "doing")
    assert move_text(Move(Card("3B"), exchange=Card("8M"))) == \
        f"the 3 of Bells (3B), {swap[0].lower()}{swap[1:]}" == \
        "the 3 of Bells (3B), swapping the 8 of Moons for the decree card"
    assert move_text(Move(Card("5K"), discard=Card("2B"))) == \
        f"the 5 of Keys (5K), {discard[0].lower()}{discard[1:]}"
    assert move_text(Move(Card("3B"))) == "the 3 of Bells (3B)"        # the Fox keeps the decree
