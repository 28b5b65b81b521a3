"""The lessons' exercises without a page (``foxlib.teaching.exercises``): built from plain data, answered
right and wrong, refusing bad data and impossible answers, with the feedback shape puzzles use.
None of these tests needs ipywidgets."""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from foxlib import Card, FoxError
from foxlib.teaching import exercises as X
from foxlib.core.feedback import Feedback
from foxlib.teaching.puzzles import Feedback as PuzzleFeedback
from foxlib.teaching.puzzles import PuzzleSession, load_collection

ROOT = Path(__file__).resolve().parents[2]
FULL_ROUND = ROOT / "notebooks" / "data" / "a_full_round.json"

# Every kind of exercise as data, with one wrong answer and the right one.
EXAMPLES = {
    "who_wins": ({"decree": "4B", "lead": "10K", "follow": "2B"}, "Ann wins", "Ben wins"),
    "legal_play": ({"decree": "4B", "led": "11M", "hand": ["1M", "5M", "8M", "2K", "10B"]},
                   ["1M", "5M"], ["1M", "8M"]),
    "choose_best": ({"decree": "4B", "led": "10K", "hand": ["2B", "6K", "11K"], "goal": "lose"},
                    "11K", "6K"),
    "fox_exchange": ({"decree": "4B", "led": "10K", "fox": "3M", "hand": ["8M", "2B"]},
                     "Keep the decree card", "Swap in the 8 of Moons"),
    "woodcutter_discard": ({"decree": "4B", "woodcutter": "5K", "hand": ["2M"], "deck": ["11M"]},
                           ["5K", "2M"], ["2M", "11M"]),
    "score": ({"tricks": 10, "treasure": 1}, 0, 1),
    "game_end": ({"score": [23, 23], "round_gain": [8, 6]}, "It is a draw", "Ann wins"),
    "deal": ({"seed": 7, "dealer": "Ann", "ask": "leader"}, "Ann leads", "Ben leads"),
    "character": ({"card": "9K"}, "Monarch", "Witch"),
    "true_false": ({"statement": "The Swan is the 1.", "truth": True,
                    "explanation": "Every 1 is a Swan.", "demo": {"card": "1B"}}, "False", "True"),
    "round_trick": ({"round": str(FULL_ROUND), "trick": 1}, None, None),
    "round_score": ({"round": str(FULL_ROUND), "player": "Ann"}, None, None),
    "deluxe_trick": ({"decree": "2B", "hands": [["5K"], ["Axe", "6M"]], "deck": ["10B", "8K"],
                      "actions": ["play 5K", "discard 10B", "play Axe", "discard 6M"]},
                     "Ann wins", "Ben wins"),
    "trick_points": ({"decree": "4B", "hands": [["8K"], ["10K"]], "actions": ["8K", "10K"],
                      "poison": True, "score": [3, 4], "player": "Ben"}, 4, 3),
    "deluxe_move": ({"decree": "4B", "hands": [["10B"], ["Bow", "2K", "11K"]],
                     "actions": ["10B"]}, "Play the 11 of Keys", "Play the Bow"),
}


def recorded_round_answers(kind, spec):
    """The recorded round's answers come from its own record, read here by the engine."""
    rnd = X.read_round(spec["round"])
    if kind == "round_trick":
        winner = rnd.tricks[spec["trick"] - 1].winner
        return f"{rnd.name(1 - winner)} wins", f"{rnd.name(winner)} wins"
    points = rnd.round_gain[rnd.names.index(spec["player"])]
    return points + 1, points


def example(kind):
    spec, wrong, right = EXAMPLES[kind]
    if wrong is None:
        wrong, right = recorded_round_answers(kind, spec)
    return {"kind": kind, **spec}, wrong, right


def test_every_kind_of_exercise_has_an_example_here():
    assert set(EXAMPLES) == set(X.KINDS)


@pytest.mark.parametrize("kind", sorted(X.KINDS))
def test_each_kind_built_from_data_says_why_a_wrong_answer_is_wrong_then_accepts_the_right_one(
        kind):
    spec, wrong, right = example(kind)
    ex = X.make_exercise(json.loads(json.dumps(spec)))  # plain JSON data is enough
    assert isinstance(ex, X.KINDS[kind]) and ex.kind == kind and ex.question
    assert ex.verdict == "" and ex.explanation == "" and ex.feedback is None

    fb = ex.answer(wrong)
    assert isinstance(fb, Feedback)
    assert (fb.status, fb.done, ex.verdict, ex.solved, ex.attempts) == \
        ("wrong", False, "wrong", False, 1)
    assert fb.title == "✘ Not quite." and fb.lines[-1] == "Try again." and len(fb.lines) == 2
    assert ex.explanation == fb.text

    fb = ex.answer(right)
    assert (fb.status, fb.done, ex.verdict, ex.solved, ex.attempts) == \
        ("right", True, "right", True, 2)
    assert fb.title == "✔ Right." and fb.lines and fb.lines[0]


def right_words(ex):
    """What would give the answer away on a wrong try: the right labels or card names."""
    if isinstance(ex, X.ChoiceExercise):
        return ex.right_answers
    if isinstance(ex, X.ChooseBestExercise):
        return [c.name(ex.theme) for c in ex.answers]
    if isinstance(ex, (X.LegalPlayExercise, X.WoodcutterDiscardExercise)):
        return [c.name(ex.theme) for c in ex.legal]
    return [f"{ex.points} point"]


@pytest.mark.parametrize("kind", sorted(X.KINDS))
def test_a_wrong_try_never_names_the_right_answer(kind):
    spec, wrong, _ = example(kind)
    ex = X.make_exercise(spec)
    fb = ex.answer(wrong)
    for words in right_words(ex):
        if isinstance(wrong, str) and words in wrong:  # the learner's own words are echoed
            continue
        assert words not in " ".join(fb.lines), (words, fb.lines)


@pytest.mark.parametrize("kind", sorted(X.KINDS))
def test_show_answer_names_the_answer_and_does_not_count_as_solved(kind):
    spec, _, right = example(kind)
    ex = X.make_exercise(spec)
    fb = ex.show_answer()
    assert (fb.status, fb.done, fb.title) == ("shown", True, "The answer:")
    assert ex.revealed and not ex.solved and ex.verdict == "shown" and ex.attempts == 0
    assert fb.lines == (ex.solution(),)
    if isinstance(ex, X.ChoiceExercise):
        assert fb.lines[0].startswith(f"{right}. ")


def test_the_choice_feedback_echoes_the_answer_given_but_card_sets_do_not():
    ex = X.WhoWinsExercise("4B", "10K", "2B")
    assert ex.answer(0).lines[0].startswith("You answered: Ann wins. ")
    legal = X.LegalPlayExercise("4B", "6K", ["2K", "10K", "8M"])
    assert not legal.answer([]).lines[0].startswith("You answered")


def test_an_answer_by_index_is_the_option_at_that_place():
    ex = X.WhoWinsExercise("4B", "10K", "2B")
    assert ex.answer(1).status == "right"


@pytest.mark.parametrize("kind, answer, reason", [
    ("who_wins", "Nobody wins", "is not one of the answers: ['Ann wins', 'Ben wins']"),
    ("who_wins", 5, "is not one of the answers"),
    ("choose_best", "9M", "The 9 of Moons is not one of the cards to choose from."),
    ("choose_best", "12K", "'12K' is not a card"),
    ("legal_play", ["1M", "4M"], "The 4 of Moons is not one of the cards to choose from."),
    ("legal_play", 7, "must be a set of cards, not a number"),
    ("score", "seven", "The answer is a whole number of points, like 6: you typed “seven”."),
    ("score", "", "you typed nothing"),
    ("score", "1.5", "The answer is a whole number of points"),
    ("score", 1.5, "The answer is a whole number of points"),
    ("score", True, "The answer is a whole number of points"),
    ("trick_points", "three", "The answer is a whole number of points, like 3"),
])
def test_an_impossible_answer_is_refused_and_not_counted(kind, answer, reason):
    spec, *_ = example(kind)
    ex = X.make_exercise(spec)
    fb = ex.answer(answer)
    assert fb.status == "refused" and not fb.done and reason in fb.lines[0]
    assert ex.attempts == 0 and ex.verdict == "" and ex.feedback is None


def test_a_typed_number_is_read_as_points():
    ex = X.ScoreExercise(3)
    assert ex.answer(" 6 ").status == "right"


# A number below zero is an answer like any other: judged as typed (never turned into 0, which
# may be the right answer), counted as a try, with its own explanation from the rules, and the
# right number not named.
@pytest.mark.parametrize("given", [-1, "-1", " -3 "])
def test_a_negative_round_score_is_wrong_with_its_own_explanation(given):
    ex = X.ScoreExercise(10)            # Greedy: the right answer is 0
    fb = ex.answer(given)
    assert fb.status == "wrong" and ex.attempts == 1 and not ex.solved
    assert f"You answered: {int(str(given))}." in fb.text
    assert "never takes points away" in fb.text and "Greedy band" in fb.text
    assert "0 point" not in fb.text and "= 0" not in fb.text
    assert ex.answer(0).status == "right"


def test_P3_a_negative_score_after_a_poison_8_is_wrong_with_its_own_explanation():
    # Ben at 0 takes a Poison 8: the score stays 0 (ruling P3), and -1 is judged wrong.
    ex = X.TrickPointsExercise("4B", [["8K"], ["10K"]], ["8K", "10K"], poison=True,
                               score=[3, 0], player="Ben")
    assert ex.points == 0
    fb = ex.answer("-1")
    assert fb.status == "wrong" and ex.attempts == 1 and fb.lines[0].startswith(
        "You answered: -1. A score is never negative")
    assert "a Poison 8 taken" in fb.text and "goal" not in fb.text
    assert "0 point" not in fb.text and "= 0" not in fb.text and " 0." not in fb.text
    assert ex.answer(0).status == "right"


def test_G4_a_negative_score_after_a_costly_goal_is_wrong_with_its_own_explanation():
    # Ann at 0 takes her own Monarch with Heavy crown revealed: she stays at 0 (ruling G4).
    ex = X.TrickPointsExercise("4B", [["11K"], ["2K"]], ["11K", "2K"],
                               goals=["royal-rebuff", "heavy-crown"], score=[0, 3], player="Ann")
    assert ex.points == 0
    fb = ex.answer(-1)
    assert fb.status == "wrong" and "a goal that costs points" in fb.text
    assert "Poison" not in fb.text
    assert ex.answer("0").status == "right"


@pytest.mark.parametrize("spec, error", [
    ([1, 2], r"^exercise must be an object with a 'kind'"),
    ({"kind": "riddle"}, r"^exercise\.kind: 'riddle' is not a kind of exercise"),
    ({"kind": "score", "tricks": 3, "colour": "red"},
     r"^exercise\.colour: unexpected keyword argument 'colour': a score exercise has the "
     r"fields tricks, treasure"),
    ({"kind": "who_wins", "decree": "4B", "lead": "10K"},
     r"^exercise\.follow: missing; a who_wins exercise needs it"),
    ({"kind": "who_wins", "decree": "4B", "lead": "12K", "follow": "2B"},
     r"^exercise: lead: '12K' is not a card"),
    ({"kind": "legal_play", "decree": "4B", "led": "6K", "hand": ["2K", "XX"]},
     r"^exercise: hand\[1\]: 'XX' is not a card"),
    ({"kind": "legal_play", "decree": "4B", "led": "6K", "hand": 7},
     r"^exercise: hand must be a list of cards, not a number"),
    ({"kind": "who_wins", "decree": "4B", "lead": "10K", "follow": "2B", "ask": "why"},
     r"^exercise: ask: 'why' is not a question"),
    ({"kind": "who_wins", "decree": "4B", "lead": "10K", "follow": "2B", "theme": "neon"},
     r"^exercise: theme: unknown theme 'neon'; the themes are 'classic'"),
    ({"kind": "who_wins", "decree": "4B", "lead": "10K", "follow": "2B", "question": 3},
     r"^exercise: question must be some text, not 3"),
    ({"kind": "who_wins", "decree": "4B", "lead": "10K", "follow": "2B", "leader": "Ben"},
     r"^exercise: leader and follower must be two different player names"),
    ({"kind": "score", "tricks": 14}, r"^exercise: tricks must be a whole number from 0 to 13"),
    ({"kind": "game_end", "score": [21], "round_gain": [1, 2]},
     r"^exercise: score must be two whole numbers"),
    ({"kind": "deal", "seed": "seven"}, r"^exercise: seed must be a whole number"),
    ({"kind": "true_false", "statement": "x", "truth": "yes", "explanation": "y"},
     r"^exercise: truth must be True or False"),
    ({"kind": "round_trick", "round": "no/such/round.json", "trick": 1},
     r"^exercise: round: cannot read no/such/round\.json"),
    ({"kind": "round_trick", "round": str(FULL_ROUND), "trick": 14},
     r"^exercise: trick must be a trick number from 1 to 13, not 14"),
    ({"kind": "choose_best", "decree": "4B", "led": "11B", "hand": ["2K"]},
     r"no card in the hand can win this trick"),
])
def test_bad_exercise_data_is_refused_naming_the_field(spec, error):
    with pytest.raises(FoxError, match=error):
        X.make_exercise(spec)


def test_the_place_of_bad_data_is_named_by_the_caller():
    with pytest.raises(FoxError, match=r"^lesson 3, exercise 2\.tricks: missing"):
        X.make_exercise({"kind": "score"}, "lesson 3, exercise 2")


def test_the_recorded_round_may_be_given_as_saved_data():
    data = json.loads(FULL_ROUND.read_text())
    from_file = X.RoundScoreExercise(str(FULL_ROUND), "Ben")
    assert X.RoundScoreExercise(data, "Ben").points == from_file.points


def test_feedback_is_one_frozen_type_shared_with_puzzles():
    assert PuzzleFeedback is Feedback
    fb = X.ScoreExercise(3).answer(6)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fb.status = "wrong"
    assert isinstance(fb.lines, tuple)
    puzzle = next(p for s in load_collection().sets for p in s.puzzles if p.kind == "predict")
    session = PuzzleSession(puzzle)
    answer = session.options()[0][1]
    assert isinstance(session.answer(answer), Feedback)
    assert isinstance(session.feedback.lines, tuple)


def test_feedback_refuses_an_unknown_status():
    with pytest.raises(ValueError, match="status: 'maybe'"):
        Feedback("maybe", "?")


def test_the_headless_exercises_import_no_jupyter():
    code = ("import sys, foxlib.teaching.exercises; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'ipywidgets', 'traitlets', 'IPython', 'anywidget', 'widgets', 'comm'}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_a_card_given_as_a_card_or_a_name_is_the_same_answer():
    ex = X.ChooseBestExercise("4B", "10K", ["2B", "6K", "11K"], goal="lose")
    assert ex.answer(Card("6K")).status == "right"
    assert X.ChooseBestExercise("4B", "10K", ["2B", "6K", "11K"],
                                goal="lose").answer("6K").status == "right"


# ----------------------------------------------------------------------------- a quiz

def test_a_quiz_builds_its_questions_on_first_use_and_ends_with_a_summary_to_review():
    quiz = X.Quiz([example("score")[0], example("character")[0],
                   X.WhoWinsExercise("4B", "10K", "2B")])
    assert quiz._built == {}
    score = quiz.exercise(0)
    assert isinstance(score, X.ScoreExercise) and list(quiz._built) == [0]
    score.answer(1)                      # right on the first try
    character = quiz.exercise(1)
    character.answer("Monarch")          # wrong, then right
    character.answer("Witch")
    assert (quiz.solved, quiz.first_try) == (2, 1)
    head, review = quiz.summary()
    assert head == "You answered 1 of 3 on the first try."
    assert [(r.number, r.attempts, r.solved) for r in review] == [(2, 2, True), (3, 0, False)]
    assert review[0].title == character.question and review[1].title == ""


def test_a_quiz_answered_right_at_every_first_try_has_nothing_to_review():
    quiz = X.Quiz([example("score")[0]])
    quiz.exercise(0).answer(1)
    assert quiz.summary() == ("You answered 1 of 1 on the first try. Well done: nothing to "
                              "review.", [])


def test_looking_at_the_answer_puts_a_question_on_the_review_list():
    quiz = X.Quiz([example("deal")[0]])
    quiz.exercise(0).show_answer()
    quiz.exercise(0).answer("Ben leads")
    head, [result] = quiz.summary()
    assert head.startswith("You answered 0 of 1") and result.revealed


@pytest.mark.parametrize("items, error", [
    ([], r"^Quiz needs a non-empty list of exercises\.$"),
    ([{"kind": "score", "tricks": 3}, 7],
     r"^items\[1\] must be an exercise or its data \(an object with a 'kind'\), not a number"),
    ([{"kind": "score", "tricks": 3}, {"kind": "riddle"}],
     r"^items\[1\]\.kind: 'riddle' is not a kind of exercise"),
])
def test_a_quiz_names_the_bad_item(items, error):
    with pytest.raises(FoxError, match=error):
        X.Quiz(items)


def test_a_bad_quiz_item_is_named_when_it_is_built():
    quiz = X.Quiz([{"kind": "score", "tricks": 3}, {"kind": "score", "tricks": 30}])
    with pytest.raises(FoxError, match=r"^items\[1\]: tricks must be a whole number"):
        quiz.exercise(1)


# ----------------------------------------------------------------------------- the rules, per kind

def wrong_then_right(ex, wrong, right):
    """The feedback texts of a wrong answer, then of the right one."""
    bad, good = ex.answer(wrong), ex.answer(right)
    assert (bad.status, good.status) == ("wrong", "right")
    return " ".join(bad.lines), " ".join(good.lines)


def test_who_wins_a_lone_witch_counts_as_trump():
    ex = X.WhoWinsExercise("4B", "10K", "9M")
    bad, good = wrong_then_right(ex, "Ann wins", "Ben wins")
    assert "Ann's 10 of Keys does not count as trump" in bad and "Ben" not in bad
    assert "only Witch in the trick, so it counts as trump" in good


def test_who_leads_next_a_swan_that_loses_leads_the_next_trick():
    ex = X.WhoWinsExercise("4B", "6M", "1M", ask="next_leader")
    bad, good = wrong_then_right(ex, "Ann leads next", "Ben leads next")
    assert "the winner does not always lead next" in bad
    assert "played the Swan and lost, so Ben leads the next trick" in good


def test_treasure_the_winner_scores_a_point_for_each_seven_in_the_trick():
    ex = X.WhoWinsExercise("4B", "7M", "7B", ask="treasure")
    assert ex.right_answers == ["Ben scores 2"]
    bad, good = wrong_then_right(ex, "Ben scores 1", "Ben scores 2")
    assert "count the 7s again" in bad and "Ben gains 2 points" in good


def test_legal_play_after_a_led_monarch_only_the_swan_or_the_highest_card_may_follow():
    ex = X.LegalPlayExercise("4B", "11M", ["1M", "5M", "8M", "2K", "10B"])
    assert ex.legal == {Card("1M"), Card("8M")}
    bad, good = wrong_then_right(ex, ["5M"], ["1M", "8M"])
    assert "Not the 5 of Moons: Ann led the Monarch" in bad
    assert "2 more cards that you may play are not selected yet." in bad
    assert "must play the Swan (1 of Moons) or your highest Moon, the 8 of Moons" in good


def test_legal_play_without_the_led_suit_every_card_may_be_played():
    ex = X.LegalPlayExercise("2B", "10M", ["4K", "6B", "8K"])
    bad, good = wrong_then_right(ex, ["4K"], ["4K", "6B", "8K"])
    assert "2 more cards that you may play" in bad
    assert "You hold no Moons, so you are free to play anything." in good


def test_choose_best_a_card_that_may_not_follow_is_explained_without_naming_the_others():
    ex = X.ChooseBestExercise("4B", "10K", ["2B", "6K", "11K", "9M"], goal="lose")
    fb = ex.answer("9M")
    assert fb.status == "wrong" and "The 9 of Moons may not be played here: you must follow " \
        "Keys" in fb.lines[0] and "6 of Keys" not in fb.lines[0]


def test_choose_best_a_losing_swan_keeps_the_lead():
    ex = X.ChooseBestExercise("4B", "8M", ["1M", "4M", "10M", "2K"], goal="lead")
    assert set(ex.answers) == {Card("1M"), Card("10M")}
    bad, good = wrong_then_right(ex, "4M", "1M")
    assert "That does not make you lead the next trick." in bad
    assert "played the Swan and lost" in good and good.endswith("The 10 of Moons would also do.")


def test_fox_exchange_the_new_decree_card_counts_for_this_trick_already():
    ex = X.FoxExchangeExercise("4B", "10K", "3M", ["8M", "2B", "11M"])
    bad, good = wrong_then_right(ex, "Keep the decree card", "Swap in the 11 of Moons")
    assert "keeps the decree card as it is" in bad
    assert "Moons are now trump, already for this trick" in good


def test_fox_exchange_refuses_a_fox_that_may_not_follow_suit():
    with pytest.raises(FoxError, match="fox: Ben may not follow with the Fox here: You must "
                                       "follow Keys"):
        X.FoxExchangeExercise("4B", "10K", "3M", ["8M", "2K"])


def test_woodcutter_the_drawn_card_may_go_under_the_deck_but_not_the_decree_card():
    ex = X.WoodcutterDiscardExercise("4B", "5K", ["1M", "10B"], ["7M", "6B"], led="8K")
    assert ex.drawn is Card("7M") and ex.legal == {Card("1M"), Card("10B"), Card("7M")}
    bad, good = wrong_then_right(ex, ["4B", "1M"], ["1M", "10B", "7M"])
    assert "Not the 4 of Bells: it is the decree card" in bad and "7 of Moons" not in bad
    assert "including the 7 of Moons you just drew" in good


def test_score_ten_tricks_or_more_score_nothing_for_tricks_but_treasure_still_counts():
    ex = X.ScoreExercise(10, treasure=1)
    bad, good = wrong_then_right(ex, 6, 1)
    assert "Greedy band (10 to 13 tricks)" in bad and "Then add the 1 Treasure point." in bad
    assert "Greedy (10-13 tricks), 0 points" in good and "0 + 1 = 1 point." in good


def test_game_end_a_tie_is_broken_by_the_points_gained_in_the_last_round():
    ex = X.GameEndExercise([23, 23], [8, 6])
    bad, good = wrong_then_right(ex, "It is a draw", "Ann wins")
    assert "a tie is broken by the points gained in the last round" in bad
    assert "tie-break" in good
    assert X.GameEndExercise([23, 23], [6, 6]).right_answers == ["It is a draw"]


def test_game_end_nobody_at_the_target_yet_means_another_round():
    ex = X.GameEndExercise([30, 28], [6, 6], target=35)
    assert ex.right_answers == ["Deal another round"]
    bad, _ = wrong_then_right(ex, "Ann wins", "Deal another round")
    assert "Nobody has reached 35 points yet" in bad


def test_deal_six_cards_stay_in_the_deck_and_the_non_dealer_leads():
    deck = X.DealExercise(7, dealer="Ann", ask="deck")
    assert deck.right_answers == ["6"]
    bad, good = wrong_then_right(deck, "13", "6")
    assert "13 is the size of each hand, not of the deck." in bad
    assert "13 to Ann, 13 to Ben, 1 face up as the decree card" in good
    assert X.DealExercise(7, dealer="Ben", ask="leader").right_answers == ["Ann leads"]


def test_character_even_ranks_have_no_character_and_themes_rename_the_suits():
    ex = X.CharacterExercise("6K")
    bad, good = wrong_then_right(ex, "Witch", "No character")
    assert "The Witch is the 9, and this card has rank 6, an even rank." in bad
    assert "even rank, so it is a plain card" in good
    assert "The J of Caps has rank 11" in X.CharacterExercise("11M", theme="zsa").solution()


def test_true_false_a_demonstration_the_engine_contradicts_is_refused():
    with pytest.raises(FoxError, match="the engine says the follower wins, not the leader"):
        X.TrueFalseExercise("x", False, "y", demo={"trick": ["10K", "2B"], "decree": "4B",
                                                  "winner": "leader"})
    ex = X.TrueFalseExercise("The highest card of the led suit always wins.", False,
                             "Trump beats it.", demo={"trick": ["10K", "2B"], "decree": "4B"})
    bad, good = wrong_then_right(ex, "True", "False")
    assert "goes against the rules: find it" in bad
    assert "The engine shows it: The decree card is the 4 of Bells." in good


def test_round_trick_the_decree_in_force_is_the_one_after_a_fox():
    rnd = X.read_round(str(FULL_ROUND))
    fox_trick = next(t for t in rnd.tricks if t.decree != rnd.start.decree)
    ex = X.RoundTrickExercise(rnd, fox_trick.number)
    assert ex.decree is fox_trick.decree
    assert ex.right_answers == [f"{rnd.name(fox_trick.winner)} wins"]


def test_round_score_counts_the_treasure_won_in_the_round():
    rnd = X.read_round(str(FULL_ROUND))
    for p, name in enumerate(rnd.names):
        ex = X.RoundScoreExercise(rnd, name)
        assert ex.points == rnd.round_gain[p]
        assert ex.treasure == rnd.round_gain[p] - rnd.round_end.points[p]


# ----------------------------------------------------------------------------- Deluxe modules

def test_deluxe_trick_a_special_decree_card_means_no_trump_but_a_lone_witch_still_wins():
    ex = X.DeluxeTrickExercise("Fairy", [["10K"], ["9M"]], ["10K", "9M"])
    assert ex.right_answers == ["Ben wins"]
    assert "no trump suit" in ex.answer("Ben wins").text
    assert "only Witch" in X.DeluxeTrickExercise("Fairy", [["10K"], ["9M"]],
                                                 ["10K", "9M"]).answer(0).text


def test_deluxe_trick_identical_cards_the_leader_wins_with_a_random_card_given_as_chance():
    ex = X.DeluxeTrickExercise("2B", [["Tree"], ["6K", "2M"]], ["Tree"], chance=["6K"])
    assert ex.right_answers == ["Ann wins"] and ex.cards == (Card("Tree"), Card("6K"))
    assert "picked at random" in " ".join(ex.story)
    assert "identical" in ex.answer("Ben wins").text


def test_deluxe_trick_asks_about_the_last_trick_after_earlier_ones():
    # Ben wins trick 1, then leads the Shovel and digs the 4 of Moons out of it.
    ex = X.DeluxeTrickExercise("2B", [["4M", "9K"], ["6M", "Shovel"]],
                               ["4M", "6M", "Shovel", "dig Shovel", "9K"], chance=["4M"])
    assert ex.record.cards == (Card("4M"), Card("9K")) and ex.right_answers == ["Ann wins"]


def test_deluxe_trick_refuses_actions_that_do_not_finish_the_trick_or_are_illegal():
    with pytest.raises(FoxError, match=r"^actions: the last trick is not finished"):
        X.DeluxeTrickExercise("2B", [["9K"], ["Hammer"]], ["9K", "Hammer"], deck=["6M"])
    with pytest.raises(FoxError, match=r"^actions\[1\] '6M': You must follow Keys"):
        X.DeluxeTrickExercise("2B", [["9K"], ["6M", "2K"]], ["9K", "6M"])
    with pytest.raises(FoxError, match=r"^special: the Bow is in the data but not in play"):
        X.DeluxeTrickExercise("2B", [["9K"], ["Bow"]], ["9K", "Bow"], special=["Axe"])


def test_trick_points_a_poison_8_costs_the_winner_a_point_but_never_below_zero():
    at_zero = X.TrickPointsExercise("4B", [["8K"], ["10K"]], ["8K", "10K"], poison=True,
                                    player="Ben")
    assert at_zero.points == 0 and "never goes below 0" in at_zero.solution()
    both = X.TrickPointsExercise("4B", [["8K"], ["7K"]], ["8K", "7K"], poison=True,
                                 score=[0, 0], player="Ann")
    assert both.points == 0    # Treasure and Poison added up first (ruling P4)
    crowned = X.TrickPointsExercise("4B", [["9K"], ["Crown", "8M", "2M"]], ["9K", "crown 8M"],
                                    deck=["6M"], poison=True, score=[3, 0])
    assert crowned.points == 3  # a crowned Poison 8 costs nothing (ruling SC10)


def test_trick_points_counts_the_revealed_house_goals():
    ex = X.TrickPointsExercise("4B", [["11K"], ["2K"]], ["11K", "2K"], goals=["heavy-crown",
                               "royal-rebuff"], score=[2, 0], player="Ann")
    assert ex.points == 1      # Heavy crown: -1 for taking a Monarch
    assert "Heavy crown" in ex.solution()


def test_deluxe_move_each_choice_is_played_out_by_the_engine():
    ex = X.DeluxeMoveExercise("4B", [["9K", "5M", "10B"], ["Hammer", "2K", "6B"]],
                              ["9K", "Hammer"], deck=["6K"])
    assert ex.right_answers == ["Name Moons"]
    assert "That does not make you win" in ex.answer("Name Bells").text


@pytest.mark.parametrize("theme", ["classic", "zsa"])
def test_decision_answers_are_the_narrators_answer_words_in_the_theme_shown(theme):
    """Words come from one narrator: an exercise's answers are ``Narrator.action_words(...,
    'answer')``, the play table's button words without a consequence that gives the answer
    away (the Shovel's 'Do not dig', not 'Do not dig (you lose the trick)')."""
    from foxlib.words.narrator import Narrator
    voice = Narrator(theme=theme)
    shovel = X.DeluxeMoveExercise("4B", [["2M", "10K", "6K"], ["9M", "Shovel"]],
                                  ["2M", "9M", "Shovel"], chance=["2M"], theme=theme)
    fairy = X.DeluxeMoveExercise("2B", [["Fairy", "2M"], ["9M", "2K"]], ["Fairy"],
                                 chance=[["2K", "9M"]], theme=theme)
    for ex in (shovel, fairy):
        assert [o.label for o in ex.options] == \
            [voice.action_words(*a, "answer") for a in ex._choices(ex.round)]
    fox = X.FoxExchangeExercise("4B", "10K", "3M", ["8M", "2B"], theme=theme)
    assert [o.label for o in fox.options] == \
        [voice.action_words("exchange", c, "answer") for c in (None, *fox.hand)]
    if theme == "classic":
        assert [o.label for o in shovel.options] == \
            ["Do not dig", "Dig: play a random card from the last trick you won"]
        assert [o.label for o in fairy.options] == \
            ["Take none", "Take the 2 of Keys", "Take the 9 of Moons"]
        assert [o.label for o in fox.options] == \
            ["Keep the decree card", "Swap in the 2 of Bells", "Swap in the 8 of Moons"]


def test_deluxe_move_refuses_a_choice_that_rests_on_a_random_card_nobody_gave():
    with pytest.raises(FoxError, match=r"picked at random; give it in 'chance'"):
        X.DeluxeMoveExercise("4B", [["9K", "2M"], ["Fairy", "2K"]], ["9K"])


def test_legal_play_with_special_cards_a_card_with_no_suit_may_always_follow():
    ex = X.LegalPlayExercise("2B", "9K", ["4K", "Fairy", "6M"])
    assert ex.legal == {Card("4K"), Card("Fairy")}
    assert "or play a card with no suit" in ex.answer(["4K", "Fairy", "6M"]).text


def test_legal_play_the_mirror_counts_as_the_decree_cards_suit_in_hand():
    ex = X.LegalPlayExercise("7M", "9M", ["4K", "Mirror", "6B"])
    assert ex.legal == {Card("Mirror")}
    assert "You must follow Moons: you hold the Mirror" in ex.show_answer().text


@pytest.mark.parametrize("spec, error", [
    ({"kind": "deluxe_trick", "decree": "2B", "hands": [["9K"]], "actions": ["9K"]},
     r"^exercise: hands must be two lists of cards"),
    ({"kind": "deluxe_trick", "decree": "2B", "hands": [["Tree"], ["6K"]], "actions": ["Tree"],
      "chance": "6K"}, r"^exercise: chance must be a list of the random cards picked"),
    ({"kind": "deluxe_trick", "decree": "2B", "hands": [["Tree"], ["6K"]], "actions": ["Tree"],
      "chance": ["9M"]}, r"chance\[0\]: 9M cannot be the outcome here"),
    ({"kind": "deluxe_trick", "decree": "2B", "hands": [["9K"], ["2K"]], "actions": "9K"},
     r"^exercise: actions must be a list"),
    ({"kind": "trick_points", "decree": "4B", "hands": [["8K"], ["10K"]],
      "actions": ["8K", "10K"], "player": "Cy"}, r"^exercise: player: 'Cy' is not one of"),
    ({"kind": "trick_points", "decree": "4B", "hands": [["8K"], ["10K"]],
      "actions": ["8K", "10K"], "goals": ["no-such-goal"]}, r"'no-such-goal' is not a house goal"),
    ({"kind": "deluxe_move", "decree": "4B", "hands": [["10B"], ["Bow", "2K"]],
      "actions": ["10B"], "goal": "draw"}, r"^exercise: goal: 'draw' is not a goal"),
])
def test_bad_deluxe_exercise_data_is_refused_naming_the_field(spec, error):
    with pytest.raises(FoxError, match=error):
        X.make_exercise(spec)


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
def test_every_kinds_feedback_names_the_cards_in_the_zsa_theme(kind):
    """A wrong try, the right answer and the shown answer, in the theme the exercise is drawn
    in: no Bells, Keys or Moons in the Clubs, Hearts and Caps theme."""
    import re
    classic = re.compile(r"\b(Bells|Keys|Moons|Bell|Key|Moon)\b")
    spec, _wrong, _right = example(kind)
    ex = X.make_exercise(dict(spec, theme="zsa"))
    texts = [ex.question, ex.show_answer().text]
    if isinstance(ex, X.ChoiceExercise):
        texts += [ex.answer(i).text for i in range(len(ex.options))]
    elif kind in ("score", "round_score", "trick_points"):
        texts += [ex.answer(ex.points + 1).text, ex.answer(-1).text, ex.answer(ex.points).text]
    elif ex.multiple:
        texts += [ex.answer(set(ex.choices)).text, ex.answer(ex.legal).text]
    else:
        texts += [ex.answer(c).text for c in ex.choices]
    assert not [t for t in texts if classic.search(t)], texts
