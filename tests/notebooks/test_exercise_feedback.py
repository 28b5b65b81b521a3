"""Every lesson exercise, answered wrong then right in Python (the browser walk does the same
through the page): a wrong try never names the right answer, a right one explains, "Show
answer" shows the answer, and every quiz ends with a summary."""
from __future__ import annotations

import pytest

from foxlib.words import exercise_text as feedback
from foxlib import Card
from lesson_walk import (LESSONS, grammar_faults, lesson_activities, names_the_answer, plan)
from widgets import progress
from widgets.exercises import (LegalPlayExercise, Quiz, ScoreExercise, WhoWinsExercise,
                               WoodcutterDiscardExercise)


def answer(ex, kind, value):
    if kind == "button":
        ex.choose_text(value)
    elif kind == "cards":
        ex.select(*value)
        ex.check()
    elif kind == "card":
        ex.click(value)
    else:
        ex.check(value)


def exercises_of(activity):
    if isinstance(activity, Quiz):
        return [activity.exercise(i) for i in range(len(activity))]
    return [activity]


@pytest.mark.parametrize("lesson", LESSONS)
def test_wrong_tries_never_name_the_answer_and_right_ones_explain(lesson):
    activities = lesson_activities(lesson)
    assert activities, f"{lesson} has no exercise"
    for activity in activities:
        for ex in exercises_of(activity):
            p = plan(ex)
            if p.wrong is not None:
                answer(ex, p.kind, p.wrong)
                assert ex.verdict == "wrong", (lesson, ex.question_text)
                leaked = names_the_answer(ex.explanation, p.forbidden)
                assert not leaked, f"{lesson}: {ex.question_text!r}: {ex.explanation!r}"
                assert not grammar_faults(ex.explanation), ex.explanation
            answer(ex, p.kind, p.right)
            assert ex.verdict == "right" and ex.solved, (lesson, ex.explanation)
            assert not grammar_faults(ex.explanation), ex.explanation
        if isinstance(activity, Quiz):
            activity.go(len(activity) - 1)
            activity.next_button.click()
            assert activity.finished
            assert "on the first try" in activity.summary.html
            assert not grammar_faults(activity.summary.html)


def test_show_answer_names_the_answer_and_marks_it_without_counting_as_solved():
    ex = WhoWinsExercise(decree="4B", lead="10K", follow="2B")
    ex.show_button.click()
    assert ex.revealed and not ex.solved and ex.verdict == "shown"
    assert ex.explanation.startswith("The answer: Ben wins. Bells are trump.")
    assert [b.button_style for b in ex.buttons] == ["", "success"]


def test_show_answer_selects_the_cards_of_a_card_picking_exercise():
    ex = LegalPlayExercise(decree="4B", led="11M", hand=["1M", "5M", "8M", "2K", "10B"])
    ex.show_answer()
    assert ex.selected == {Card("1M"), Card("8M")}
    assert "You may play exactly the 1 and 8 of Moons" in ex.explanation


def test_show_answer_fills_in_the_points():
    ex = ScoreExercise(8, treasure=2)
    ex.show_answer()
    assert ex.entry.value == "8" and "8 points. " in ex.explanation


def test_woodcutter_wrong_card_gets_one_reason():
    ex = WoodcutterDiscardExercise(decree="4B", woodcutter="5K", hand=["2M"], deck=["11M"])
    ex.select("5K", "2M", "11M")
    ex.check()
    assert ex.explanation == ("✘ Not quite. Not the 5 of Keys: it is already on the table, in "
                              "the trick. Try again.")


def test_quiz_summary_counts_first_tries_and_lists_the_questions_to_review():
    quiz = Quiz([{"kind": "score", "tricks": 3}, {"kind": "character", "card": "9K"},
                 {"kind": "score", "tricks": 10}])
    quiz.current.check(6)                      # right at once
    quiz.go(1)
    quiz.current.choose_text("Fox")            # wrong, then right
    quiz.current.choose_text("Witch")
    quiz.go(2)
    quiz.current.show_answer()                 # looked at the answer
    quiz.next_button.click()
    assert quiz.finished and "summary" in quiz.header.value
    html = quiz.summary.html
    assert "You answered 1 of 3 on the first try." in html
    assert "Question 2</b>" in html and "right after 2 tries" in html
    assert "Question 3</b>" in html and "you looked at the answer" in html
    assert "Question 1</b>" not in html
    assert [b.description for b in quiz.review_buttons.children] == \
        ["Review question 2", "Review question 3"]
    quiz.review_buttons.children[0].click()
    assert not quiz.finished and quiz.position == 1


def test_quiz_summary_praises_a_clean_sheet():
    head, review = feedback.quiz_summary([feedback.QuestionResult(1, "q", 1, True, False)])
    assert head == "You answered 1 of 1 on the first try. Well done: nothing to review."
    assert review == []


def test_plural_never_writes_one_points():
    assert feedback.plural(1, "point") == "1 point" and feedback.plural(0, "point") == "0 points"


def test_grammar_fault_list_catches_what_the_issue_reported():
    assert grammar_faults("Ann scores 1 points.") == ["1 points"]
    assert grammar_faults("The round is over. The round is over.")
    assert not grammar_faults("Ann won 11 tricks. The round is over.")


# ----------------------------------------------------------------------------- progress

def test_progress_gives_each_exercise_and_quiz_question_an_id_in_page_order():
    progress.reset()
    first = WhoWinsExercise(decree="4B", lead="10K", follow="2B")
    quiz = Quiz([{"kind": "score", "tricks": 3}, {"kind": "character", "card": "9K"}])
    second = ScoreExercise(3)
    store = progress.current()
    assert store.exercises == ["e1", "q1.1", "q1.2", "e2"]
    assert first.progress_id == "e1" and second.progress_id == "e2"
    assert quiz.exercise(1).progress_id == "q1.2"
    # The store is on the page once, in the first exercise (not in a quiz's question).
    assert store in first.children and store not in quiz.children
    assert store.layout.display == "none"


def test_progress_records_solved_exercises_not_wrong_or_shown_ones():
    progress.reset()
    ex = WhoWinsExercise(decree="4B", lead="10K", follow="2B")
    shown = ScoreExercise(3)
    quiz = Quiz([{"kind": "score", "tricks": 3}, {"kind": "character", "card": "9K"}])
    store = progress.current()
    ex.choose_text("Ann wins")
    shown.show_answer()
    assert store.solved == []
    ex.choose_text("Ben wins")
    quiz.go(1)
    quiz.current.choose_text("Witch")
    assert store.solved == ["e1", "q1.2"]


def test_a_quiz_first_on_the_page_holds_the_progress_store():
    progress.reset()
    quiz = Quiz([{"kind": "score", "tricks": 3}])
    store = progress.current()
    assert store in quiz.children and store not in quiz.exercise(0).children
