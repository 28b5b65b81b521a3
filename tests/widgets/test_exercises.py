"""The lessons' "your turn" exercises, driven without a browser: click, then read the verdict and
the engine's explanation."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from foxlib import Card, FoxError
from foxlib.io.inputs import read_round
from widgets.exercises import (ANSWERS, CharacterExercise, ChooseBestExercise, DealExercise,
                               FoxExchangeExercise, GameEndExercise, LegalPlayExercise, Quiz,
                               RoundScoreExercise, RoundTrickExercise, ScoreExercise,
                               TrickPointsExercise, TrueFalseExercise, WhoWinsExercise,
                               WoodcutterDiscardExercise,
                               load_round, make_exercise)

FULL_ROUND = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "a_full_round.json"


def press(exercise, text):
    """Click the answer button with this text, as the learner would."""
    [button] = [b for b in exercise.buttons if b.description == text]
    button.click()


# ----------------------------------------------------------------------------- who wins

def test_who_wins_exercise_accepts_the_engines_winner_and_explains_trump():
    ex = WhoWinsExercise(decree="4B", lead="10K", follow="2B")
    press(ex, "Ben wins")
    assert ex.verdict == "right" and ex.solved and ex.attempts == 1
    assert "Ben's 2 of Bells is trump and beats Ann's 10 of Keys" in ex.explanation
    assert "✔ Right" in ex.feedback.html and "fox-msg-ok" in ex.feedback.html


def test_who_wins_exercise_rejects_a_wrong_answer_with_the_reason_and_lets_you_retry():
    ex = WhoWinsExercise(decree="4B", lead="10K", follow="2B")
    press(ex, "Ann wins")
    assert ex.verdict == "wrong" and not ex.solved
    assert ex.explanation.startswith("✘ Not quite. You answered: Ann wins.")
    # (was: "is trump and beats", which named the winner: a wrong try no longer does)
    assert "Ann's 10 of Keys does not count as trump" in ex.explanation
    assert "Ben" not in ex.explanation and ex.explanation.endswith("Try again.")
    press(ex, "Ben wins")
    assert ex.verdict == "right" and ex.solved and ex.attempts == 2


def test_who_wins_exercise_explains_lone_witch():
    ex = WhoWinsExercise(decree="4B", lead="10K", follow="9M")
    assert ex.right_answers == ["Ben wins"]
    press(ex, "Ben wins")
    assert "only Witch in the trick, so it counts as trump" in ex.explanation


def test_who_wins_exercise_two_witches_cancel_and_the_led_witch_wins():
    ex = WhoWinsExercise(decree="4B", lead="9M", follow="9K")
    assert ex.right_answers == ["Ann wins"]
    press(ex, "Ann wins")
    assert "cancel out" in ex.explanation


def test_who_wins_exercise_witch_loses_to_a_higher_real_trump():
    assert WhoWinsExercise(decree="4B", lead="10B", follow="9M").right_answers == ["Ann wins"]


def test_who_wins_exercise_led_witch_beats_a_higher_card_of_her_own_suit():
    assert WhoWinsExercise(decree="4B", lead="9M", follow="10M").right_answers == ["Ann wins"]


def test_next_leader_exercise_swan_that_loses_leads_next():
    ex = WhoWinsExercise(decree="4B", lead="6M", follow="1M", ask="next_leader")
    assert ex.right_answers == ["Ben leads next"]
    press(ex, "Ben leads next")
    assert "played the Swan and lost, so Ben leads the next trick" in ex.explanation


def test_next_leader_exercise_two_swans_the_loser_leads():
    ex = WhoWinsExercise(decree="4B", lead="1K", follow="1B", ask="next_leader")
    assert ex.right_answers == ["Ann leads next"]


def test_treasure_exercise_two_sevens_give_the_winner_two_points():
    ex = WhoWinsExercise(decree="4B", lead="7M", follow="7B", ask="treasure")
    assert ex.right_answers == ["Ben scores 2"]
    press(ex, "Ann scores 2")
    # (was: "Ben gains 2 points" on the wrong try, which gave the answer away)
    assert ex.verdict == "wrong" and "Ann does not win this trick" in ex.explanation
    assert "Ben" not in ex.explanation
    press(ex, "Ben scores 2")
    assert "Ben gains 2 points" in ex.explanation


def test_treasure_exercise_no_seven_nobody_scores():
    assert WhoWinsExercise(decree="4B", lead="8M", follow="6M",
                           ask="treasure").right_answers == ["Nobody scores"]


# ----------------------------------------------------------------------------- legal plays

def test_legal_play_exercise_monarch_allows_only_the_swan_or_the_highest_card():
    ex = LegalPlayExercise(decree="4B", led="11M", hand=["1M", "5M", "8M", "2K", "10B"])
    assert ex.legal == {Card("1M"), Card("8M")}
    ex.click("1M")
    ex.click("8M")
    assert ex.selected == {Card("1M"), Card("8M")}
    ex.check_button.click()
    assert ex.verdict == "right"
    assert "exactly the 1 and 8 of Moons" in ex.explanation
    assert "must play the Swan (1 of Moons) or your highest Moon, the 8 of Moons" in ex.explanation


def test_legal_play_exercise_explains_an_illegal_card_and_the_missed_ones():
    ex = LegalPlayExercise(decree="4B", led="11M", hand=["1M", "5M", "8M", "2K", "10B"])
    ex.click("5M")
    ex.check_button.click()
    assert ex.verdict == "wrong"
    assert "Not the 5 of Moons: Ann led the Monarch" in ex.explanation
    # (was: "You may also play the 1 and 8 of Moons.", the answer itself)
    assert "2 more cards that you may play are not selected yet." in ex.explanation
    assert "1 of Moons" not in ex.explanation and "8 of Moons" not in ex.explanation


def test_legal_play_exercise_clicking_a_card_twice_unselects_it():
    ex = LegalPlayExercise(decree="4B", led="6K", hand=["2K", "10K", "8M"])
    ex.click("8M")
    ex.click("8M")
    assert ex.selected == set()


def test_legal_play_exercise_off_suit_witch_does_not_excuse_following_trump():
    ex = LegalPlayExercise(decree="4B", led="6B", hand=["2B", "9M", "11K"])
    assert ex.legal == {Card("2B")}
    ex.select("2B", "9M")
    ex.check()
    assert ex.verdict == "wrong"
    assert "does not excuse you from following suit" in ex.explanation


def test_legal_play_exercise_led_witch_must_be_followed_in_her_printed_suit():
    ex = LegalPlayExercise(decree="4B", led="9M", hand=["2M", "10M", "6B", "9K"])
    assert ex.legal == {Card("2M"), Card("10M")}


def test_legal_play_exercise_without_the_led_suit_everything_is_allowed():
    ex = LegalPlayExercise(decree="2B", led="10M", hand=["4K", "6B", "8K"])
    ex.select("4K", "6B", "8K")
    ex.check()
    assert ex.verdict == "right"
    assert "Every card in your hand may be played" in ex.explanation
    assert "You hold no Moons" in ex.explanation


# ----------------------------------------------------------------------------- best card

def test_choose_best_exercise_lose_goal_is_checked_by_the_engine():
    ex = ChooseBestExercise(decree="4B", led="10K", hand=["2B", "6K", "11K", "9M"], goal="lose")
    assert ex.answers == [Card("6K")]
    ex.click("11K")
    assert ex.verdict == "wrong" and "Ben's 11 of Keys beats Ann's 10 of Keys" in ex.explanation
    ex.click("6K")
    assert ex.verdict == "right" and ex.solved


def test_choose_best_exercise_explains_why_a_card_may_not_be_played():
    ex = ChooseBestExercise(decree="4B", led="10K", hand=["2B", "6K", "11K", "9M"], goal="lose")
    ex.click("9M")
    assert ex.verdict == "wrong"
    # (was "...here. You must follow Keys: you hold the 6 and 11 of Keys", naming the answer)
    assert "The 9 of Moons may not be played here: you must follow Keys" in ex.explanation
    assert "6 of Keys" not in ex.explanation


def test_choose_best_exercise_lead_goal_accepts_a_losing_swan():
    ex = ChooseBestExercise(decree="4B", led="8M", hand=["1M", "4M", "10M", "2K"], goal="lead")
    assert set(ex.answers) == {Card("1M"), Card("10M")}
    ex.click("1M")
    assert ex.verdict == "right" and "played the Swan and lost" in ex.explanation


def test_choose_best_exercise_witch_answer_beats_a_led_monarch():
    ex = ChooseBestExercise(decree="4B", led="11M", hand=["1M", "6M", "9M", "10K"], goal="win")
    assert ex.answers == [Card("9M")]


def test_choose_best_exercise_refuses_data_with_no_answer():
    with pytest.raises(FoxError, match="no card in the hand can win this trick"):
        ChooseBestExercise(decree="4B", led="11B", hand=["2K", "3M"][:1], goal="win")


def test_choose_best_exercise_refuses_a_fox_which_needs_its_own_decision():
    with pytest.raises(FoxError, match="FoxExchangeExercise"):
        ChooseBestExercise(decree="4B", led="8K", hand=["3K", "2K"], goal="lose")


# ----------------------------------------------------------------------------- Fox

def test_fox_exchange_exercise_new_trump_counts_for_this_trick():
    ex = FoxExchangeExercise(decree="4B", led="10K", fox="3M", hand=["8M", "2B", "11M"])
    assert ex.right_answers == ["Swap in the 8 of Moons", "Swap in the 11 of Moons"]
    press(ex, "Swap in the 8 of Moons")
    assert ex.verdict == "right"
    assert "Moons are now trump, already for this trick" in ex.explanation
    assert "Ben's 3 of Moons is trump and beats Ann's 10 of Keys" in ex.explanation


def test_fox_exchange_exercise_keeping_the_decree_is_a_choice_the_engine_judges():
    ex = FoxExchangeExercise(decree="4B", led="10K", fox="3M", hand=["8M", "2B", "11M"])
    press(ex, "Keep the decree card")
    assert ex.verdict == "wrong" and "keeps the decree card as it is" in ex.explanation


def test_fox_exchange_exercise_swapping_to_lose_a_trick():
    ex = FoxExchangeExercise(decree="6M", led="10K", fox="3M", hand=["2B", "11B"], goal="lose")
    assert ex.right_answers == ["Swap in the 2 of Bells", "Swap in the 11 of Bells"]


def test_fox_exchange_exercise_refuses_a_fox_that_may_not_follow():
    with pytest.raises(FoxError, match="may not follow with the Fox here: You must follow Keys"):
        FoxExchangeExercise(decree="4B", led="10K", fox="3M", hand=["8M", "2K"])


# ----------------------------------------------------------------------------- Woodcutter

def test_woodcutter_exercise_any_card_in_hand_including_the_drawn_one():
    ex = WoodcutterDiscardExercise(decree="4B", woodcutter="5K", hand=["2M", "9B", "10K"],
                                   deck=["11M", "6B"])
    assert ex.drawn is Card("11M")
    assert ex.legal == {Card("2M"), Card("9B"), Card("10K"), Card("11M")}
    ex.select("2M", "9B", "10K", "11M")
    ex.check_button.click()
    assert ex.verdict == "right"
    assert "including the 11 of Moons you just drew" in ex.explanation


def test_woodcutter_exercise_explains_why_the_woodcutter_and_decree_cannot_go_under():
    ex = WoodcutterDiscardExercise(decree="4B", woodcutter="5K", hand=["2M"], deck=["11M"])
    ex.select("5K", "4B")
    ex.check()
    assert ex.verdict == "wrong"
    assert "Not the 5 of Keys: it is already on the table, in the trick." in ex.explanation
    assert "Not the 4 of Bells: it is the decree card" in ex.explanation
    # (was: "You could also discard the 2 and 11 of Moons.", the answer itself)
    assert "2 more cards that could go under the deck are not selected yet." in ex.explanation
    assert "Moons" not in ex.explanation


def test_woodcutter_exercise_when_following():
    ex = WoodcutterDiscardExercise(decree="4B", woodcutter="5K", hand=["1M", "10B"], led="8K",
                                   deck=["7M", "6B"])
    assert ex.legal == {Card("1M"), Card("10B"), Card("7M")}
    assert list(ex.round.trick) == [Card("8K"), Card("5K")]


# ----------------------------------------------------------------------------- scoring

def test_score_exercise_explains_why_ten_tricks_score_nothing():
    ex = ScoreExercise(10)
    ex.entry.value = "6"
    ex.check_button.click()
    assert ex.verdict == "wrong" and "You answered: 6" in ex.explanation
    # (was: "Greedy (10-13 tricks), 0 points" on the wrong try, the answer itself)
    assert "Greedy band (10 to 13 tricks)" in ex.explanation
    assert "0 points" not in ex.explanation
    ex.check(0)
    assert ex.verdict == "right"
    assert "Greedy (10-13 tricks), 0 points" in ex.explanation


def test_score_box_keeps_a_negative_answer_and_judges_it_wrong_with_its_own_reason():
    """The box keeps what was typed: -1 stays -1 (a number box bounded at 0 made it 0, the
    right answer here) and is judged wrong, with why a round never costs points."""
    ex = ScoreExercise(10)
    ex.entry.value = "-1"
    ex.check_button.click()
    assert ex.entry.value == "-1"
    assert ex.verdict == "wrong" and ex.attempts == 1 and not ex.solved
    assert "You answered: -1." in ex.explanation and "never takes points away" in ex.explanation
    assert "fox-wrong" in ex.feedback.html
    ex.check("0")
    assert ex.verdict == "right"


def test_score_box_refuses_text_that_is_no_number_in_the_feedback_without_counting_it():
    ex = TrickPointsExercise(decree="4B", hands=[["8K"], ["10K"]], actions=["8K", "10K"],
                             poison=True, score=[3, 0], player="Ben")
    for typed in ("two", "", "1.5"):
        ex.check(typed)
        assert ex.attempts == 0 and ex.verdict == "" and ex.entry.value == typed
        assert "fox-refused" in ex.feedback.html and "fox-wrong" not in ex.feedback.html
        assert "The answer is a whole number of points" in ex.feedback.html
    ex.check(-1)
    assert ex.entry.value == "-1" and ex.verdict == "wrong" and ex.attempts == 1
    assert "A score is never negative" in ex.explanation


def test_score_exercise_adds_treasure_to_the_table_points():
    ex = ScoreExercise(8, treasure=2)
    ex.check(8)
    assert ex.verdict == "right" and "6 + 2 = 8 points" in ex.explanation


@pytest.mark.parametrize("tricks, points", [(0, 6), (3, 6), (4, 1), (5, 2), (6, 3), (7, 6),
                                            (9, 6), (10, 0), (13, 0)])
def test_score_exercise_answer_follows_the_scoring_table(tricks, points):
    ex = ScoreExercise(tricks)
    ex.check(points)
    assert ex.verdict == "right"


def test_score_exercise_rejects_an_impossible_trick_count():
    with pytest.raises(FoxError, match="tricks must be a whole number from 0 to 13, not 14"):
        ScoreExercise(14)


def test_game_end_exercise_tie_goes_to_the_bigger_last_round():
    ex = GameEndExercise(score=[23, 23], round_gain=[8, 6])
    assert ex.right_answers == ["Ann wins"]
    press(ex, "Ann wins")
    assert "tie-break" in ex.explanation


def test_game_end_exercise_full_tie_is_a_draw():
    assert GameEndExercise(score=[23, 23], round_gain=[6, 6]).right_answers == ["It is a draw"]


def test_game_end_exercise_below_the_target_another_round_is_dealt():
    assert GameEndExercise(score=[20, 18], round_gain=[6, 2]).right_answers == \
        ["Deal another round"]


def test_game_end_exercise_short_and_long_targets():
    assert GameEndExercise(score=[17, 12], round_gain=[6, 1],
                           target=16).right_answers == ["Ann wins"]
    assert GameEndExercise(score=[30, 28], round_gain=[6, 6],
                           target=35).right_answers == ["Deal another round"]


def test_game_end_exercise_higher_total_wins_even_if_the_other_passed_first():
    assert GameEndExercise(score=[21, 24], round_gain=[3, 8]).right_answers == ["Ben wins"]


def test_game_end_exercise_rejects_a_gain_larger_than_the_score():
    with pytest.raises(FoxError, match="round_gain"):
        GameEndExercise(score=[3, 3], round_gain=[6, 0])


# ----------------------------------------------------------------------------- cards and deal

def test_deal_exercise_six_cards_stay_in_the_deck():
    ex = DealExercise(seed=7, dealer="Ann", ask="deck")
    assert ex.right_answers == ["6"]
    press(ex, "6")
    assert "13 to Ann, 13 to Ben, 1 face up as the decree card" in ex.explanation


def test_deal_exercise_the_non_dealer_leads_first():
    assert DealExercise(seed=7, dealer="Ann", ask="leader").right_answers == ["Ben leads"]
    assert DealExercise(seed=7, dealer="Ben", ask="leader").right_answers == ["Ann leads"]


def test_character_exercise_names_the_monarch_in_the_other_theme():
    ex = CharacterExercise("11M", theme="zsa")
    assert ex.right_answers == ["Monarch"]
    press(ex, "Monarch")
    assert "The J of Caps has rank 11" in ex.explanation


def test_character_exercise_even_ranks_have_no_character():
    ex = CharacterExercise("6K")
    assert ex.right_answers == ["No character"]
    press(ex, "Witch")
    assert ex.verdict == "wrong" and "even rank" in ex.explanation


# ----------------------------------------------------------------------------- misconceptions

def test_true_false_exercise_shows_the_engines_demonstration():
    ex = TrueFalseExercise("The highest card of the led suit always wins.", False,
                           "Trump beats it.", demo={"trick": ["10K", "2B"], "decree": "4B",
                                                     "winner": "follower"})
    press(ex, "False")
    assert ex.verdict == "right"
    assert "The engine shows it: The decree card is the 4 of Bells. Ann leads the 10 of Keys" \
        in ex.explanation
    assert "Ben's 2 of Bells is trump" in ex.explanation


def test_a_demonstrated_trick_says_why_the_follower_plays_another_suit():
    """Playing another suit is only allowed without the led suit: the demo says so."""
    other = TrueFalseExercise("x", False, "y", demo={"trick": ["8K", "10B"], "decree": "4M"})
    assert "Ben, who has no Keys, plays the 10 of Bells." in other.demonstration
    same = TrueFalseExercise("x", False, "y", demo={"trick": ["6M", "1M"], "decree": "4B"})
    assert "Ben follows with the 1 of Moons." in same.demonstration
    assert "who has no" not in same.demonstration


def test_the_second_theme_is_not_called_a_printing_of_the_game():
    """Clubs, Hearts and Caps come from a third-party adaptation, not from the publisher."""
    ex = TrueFalseExercise("x", False, "y", demo={"themes": True})
    assert "printing" not in ex.demonstration
    assert "Clubs, Hearts and Caps (ranked 1 to J) come from a third-party adaptation" in \
        ex.demonstration and "not from the game's publisher" in ex.demonstration


def test_true_false_exercise_refuses_a_demonstration_the_engine_contradicts():
    with pytest.raises(FoxError, match="the engine says the follower wins, not the leader"):
        TrueFalseExercise("x", False, "y", demo={"trick": ["10K", "2B"], "decree": "4B",
                                                "winner": "leader"})


def test_true_false_exercise_card_and_scoring_demonstrations():
    fox = TrueFalseExercise("The Fox is the 1.", False, "It is the 3.", demo={"card": "3B"})
    assert "The 3 of Bells, Fox: when you play it, you may swap the decree card" in \
        fox.demonstration
    greedy = TrueFalseExercise("More tricks, more points.", False, "No.", demo={"tricks": 10})
    assert "Greedy" in greedy.demonstration


# ----------------------------------------------------------------------------- recorded round

def test_round_trick_exercise_uses_the_decree_in_force_after_a_fox():
    rnd = load_round(str(FULL_ROUND))
    fox_trick = next(t for t in rnd.tricks if t.decree != rnd.start.decree)
    ex = RoundTrickExercise(rnd, fox_trick.number)
    assert ex.decree is fox_trick.decree
    assert ex.right_answers == [f"{rnd.name(fox_trick.winner)} wins"]


def test_round_score_exercise_adds_the_players_treasure_from_the_round():
    rnd = load_round(str(FULL_ROUND))
    for p, name in enumerate(rnd.names):
        ex = RoundScoreExercise(str(FULL_ROUND), name)
        assert ex.points == rnd.round_gain[p]
        ex.check(rnd.round_gain[p])
        assert ex.verdict == "right"


def test_load_round_reads_a_saved_round_file_and_names_a_missing_one():
    data = json.loads(FULL_ROUND.read_text())
    assert load_round(data) == read_round(data)
    with pytest.raises(FoxError, match="cannot read"):
        load_round("no/such/round.json")


# ----------------------------------------------------------------------------- quiz and data

def test_quiz_builds_questions_when_shown_and_counts_solved_ones():
    quiz = Quiz([{"kind": "score", "tricks": 3}, {"kind": "character", "card": "9K"}])
    assert list(quiz._built) == [0]
    quiz.current.check(6)
    assert quiz.previous_button.disabled and not quiz.next_button.disabled
    quiz.next_button.click()
    # (was: Next disabled on the last question; it now leads to the quiz's summary)
    assert quiz.position == 1 and quiz.next_button.description == "See your results"
    assert "question 2 of 2" in quiz.header.value
    assert "1 of 2 solved, 1 on the first try" in quiz.header.value
    press(quiz.current, "Witch")
    assert "2 of 2 solved" in quiz.header.value


def test_quiz_next_and_previous_send_the_keyboard_focus_to_the_new_questions_answers():
    """A keyboard user who presses Next lands on the next question's first answer (not on
    Next, below it); at the end, on the summary's first review button. The quiz asks the
    browser for it once the question is drawn (its class names it)."""
    quiz = Quiz([{"kind": "score", "tricks": 3}, {"kind": "character", "card": "9K"},
                 {"kind": "legal_play", "decree": "4B", "led": "9K", "hand": ["2K", "4M"]}])
    sent = []
    quiz.header.send = sent.append
    quiz.next_button.click()
    assert sent[-1] == {"do": "focus_in", "scope": ".fox-quiz",
                        "target": f".fox-quiz-q2 {ANSWERS}"}
    assert "fox-quiz-q2" in quiz.current._dom_classes
    quiz.previous_button.click()
    assert sent[-1]["target"] == f".fox-quiz-q1 {ANSWERS}"
    quiz.go(2)
    quiz.next_button.click()                     # the summary
    assert sent[-1]["target"] == ".fox-quiz-review-button, .fox-quiz-previous"
    assert len(sent) == 4


def test_quiz_names_the_bad_item():
    with pytest.raises(FoxError, match=r"items\[1\]\.kind: 'riddle' is not a kind of exercise"):
        Quiz([{"kind": "score", "tricks": 3}, {"kind": "riddle"}])


def test_make_exercise_names_the_argument_at_fault():
    with pytest.raises(FoxError, match=r"exercise: lead: '12K' is not a card"):
        make_exercise({"kind": "who_wins", "decree": "4B", "lead": "12K", "follow": "2B"})
    with pytest.raises(FoxError, match="unexpected keyword argument 'colour'"):
        make_exercise({"kind": "score", "tricks": 3, "colour": "red"})


def test_exercise_data_may_not_use_a_card_twice():
    with pytest.raises(FoxError, match="the 10 of Keys .10K. is used twice, in lead and in follow"):
        WhoWinsExercise(decree="4B", lead="10K", follow="10K")


def test_exercises_carry_stable_css_classes_for_the_page():
    ex = WhoWinsExercise(decree="4B", lead="10K", follow="2B")
    assert {"fox-app", "fox-exercise", "fox-who-wins"} <= set(ex._dom_classes)
    assert "fox-feedback" in ex.feedback._dom_classes
    assert all("fox-choice" in b._dom_classes for b in ex.buttons)


def test_legal_play_exercise_check_with_nothing_selected_says_so():
    ex = LegalPlayExercise(decree="4B", led="6K", hand=["2K", "10K", "8M"])
    ex.check_button.click()
    assert ex.verdict == "wrong"
    # (was: "You selected no card. You may play the 2 and 10 of Keys.", the answer itself)
    assert "You selected no card" in ex.explanation and "Keys" not in ex.explanation


def test_choose_best_exercise_names_the_other_cards_that_also_work():
    ex = ChooseBestExercise(decree="4B", led="8M", hand=["1M", "4M", "10M", "2K"], goal="lead")
    ex.click("10M")
    assert ex.verdict == "right" and ex.explanation.endswith("The 1 of Moons would also do.")


def test_two_plain_cards_of_one_suit_simply_are_that_suit():
    """'Count as' is for a lone Witch; two plain Moons are Moons (not 'count as Moons')."""
    ex = WhoWinsExercise(decree="4B", lead="10M", follow="2M")
    press(ex, "Ben wins")
    assert ex.verdict == "wrong"
    assert "Both cards are Moons, so the higher rank wins" in ex.explanation
    witch = WhoWinsExercise(decree="4B", lead="10B", follow="9M")
    press(witch, "Ben wins")
    assert "Both cards count as trump" in witch.explanation


# ----------------------------------------------------------------------------- views of foxlib

def test_every_kind_of_exercise_has_a_view_that_draws_its_headless_exercise():
    from foxlib.teaching import exercises as X
    from widgets import exercises as E
    assert set(E.KINDS) == set(X.KINDS)
    for kind, view in E.KINDS.items():
        assert view.model_class is X.KINDS[kind]
        assert view.__name__ == X.KINDS[kind].__name__


def test_a_click_is_judged_by_the_headless_exercise_and_shown_as_its_feedback():
    ex = WhoWinsExercise(decree="4B", lead="10K", follow="2B")
    press(ex, "Ann wins")
    fb = ex.model.feedback
    assert fb.status == "wrong" and ex.model.attempts == 1
    assert ex.explanation == fb.text and fb.lines[0] in ex.feedback.html.replace("&#x27;", "'")
    ex.show_button.click()
    assert ex.model.revealed and ex.model.feedback.status == "shown"
    assert "fox-shown" in ex.feedback.html


# ----------------------------------------------------------------------------- what the table shows

def _table(exercise):
    """The markup of an exercise's table (one view: its cards are not interactive)."""
    box = exercise.children[2]
    while "fox-exercise-situation" not in box._dom_classes:
        box = box.children[0]
    return box.html


def _spots(exercise):
    """(caption, the accessible names of its cards or of its row) of each spot of the table."""
    found = []
    for spot in _table(exercise).split('<div class="fox-spot')[1:]:
        caption = re.search(r"<span>(.*?)</span>", spot).group(1)
        group = re.search(r'role="group" aria-label="([^"]*)"', spot)
        names = re.findall(r'role="img" data-card="[^"]*" aria-label="([^"]*)"', spot)
        found.append((caption, group.group(1) if group else names[0]))
    return found


def test_the_table_is_one_view_with_the_cards_named_for_screen_readers():
    ex = WhoWinsExercise(decree="4B", lead="10K", follow="2B")
    assert _spots(ex) == [("Decree: Bells are trump", "4 of Bells"), ("Ann leads", "10 of Keys"),
                          ("Ben follows", "2 of Bells")]
    assert "<svg" in _table(ex) and 'data-card="10K"' in _table(ex)


def test_a_card_played_with_the_crown_is_shown_with_its_crown():
    from widgets.exercises import make_exercise
    ex = make_exercise({"kind": "deluxe_trick", "decree": "2B",
                        "hands": [["Crown", "5K", "10B"], ["Axe", "6M"]],
                        "actions": ["crown 5K", "Axe", "discard 6M"], "deck": ["4M", "8K"]})
    spots = _spots(ex)
    assert spots[1] == ("Ann&#x27;s card, with the Crown", "5 of Keys played with the Crown")
    crowned = _table(ex).split('<div class="fox-spot')[2]
    assert re.findall(r'data-card="(\w+)"', crowned) == ["Crown", "5K"]
    assert spots[2] == ("Ben&#x27;s card", "Axe, special card, 8 with no suit")


def test_with_poison_8s_an_8_on_the_table_is_drawn_and_named_as_a_poison_8():
    from widgets.exercises import make_exercise
    ex = make_exercise({"kind": "trick_points", "decree": "4B", "hands": [["8K"], ["10K"]],
                        "actions": ["8K", "10K"], "player": "Ben", "poison": True})
    assert [name for _, name in _spots(ex)] == ["4 of Bells", "8 of Keys, a Poison 8",
                                                "10 of Keys"]
    plain = make_exercise({"kind": "trick_points", "decree": "4B", "hands": [["8K"], ["10K"]],
                           "actions": ["8K", "10K"], "player": "Ben"})
    assert [name for _, name in _spots(plain)][1] == "8 of Keys"


def test_an_empty_hand_says_so_instead_of_showing_nothing():
    from widgets.exercises import make_exercise
    ex = make_exercise({"kind": "deluxe_move", "decree": "4B",
                        "hands": [["2M", "10K", "6K"], ["9M", "Shovel"]],
                        "actions": ["2M", "9M", "Shovel"], "chance": ["2M"], "goal": "win"})
    assert _spots(ex)[-1] == ("Ben holds", "Ben&#x27;s hand")
    hand = _table(ex).split('<div class="fox-spot')[-1]
    assert "data-card" not in hand and '<span class="fox-empty">no other card</span>' in hand
