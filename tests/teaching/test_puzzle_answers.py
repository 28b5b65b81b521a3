"""Puzzles answered wrong, then right: a wrong try says why that answer fails and never which one
is right; a puzzle whose answer was seen by any route (Show solution, wrong tries that leave only
the answer, a solution seen on an earlier visit) counts as seen, not solved; a feedback says each
thing once; every text a learner reads names the cards in the theme chosen."""
from __future__ import annotations

import dataclasses
import re

import pytest

from foxlib.teaching.puzzles import (PREDICT, SCORE, PuzzleSession, load_paths, solve_actions,
                                     solve_goal, truth)
from foxlib.teaching.puzzles.session import _key, _sentences


@pytest.fixture(scope="module")
def collection():
    return load_paths()


def predict_puzzles(collection):
    found = [p for p in collection.puzzles if p.kind == PREDICT]
    assert len(found) >= 20
    return found


def the_other(p):
    right = truth(p)[0]
    return right, 1 - right


def good_move(s):
    judge = solve_actions if s.puzzle.deluxe else solve_goal
    if s.puzzle.kind == "play" and not s.puzzle.deluxe:
        return next(v.move for v in s._analyse().verdicts if v.works)
    return next(v.move for v in judge(s.round, s.puzzle.goal, s.node_limit).verdicts if v.works)


def play_right(s):
    fb = s.play(good_move(s)) if not s.puzzle.deluxe else s.act(good_move(s))
    while fb.status == "going":
        fb = s.play(good_move(s)) if not s.puzzle.deluxe else s.act(good_move(s))
    return fb


def wrong_first(s):
    """A wrong first move or decision (None when every one works)."""
    p = s.puzzle
    analysis = (solve_actions(s.round, p.goal, s.node_limit) if p.deluxe else s._analyse())
    return next((v.move for v in analysis.verdicts if not v.works), None)


# ----------------------------------------------------------------------------- predict

# Words that would say the outcome: who wins the trick, who leads next.
SAYS_IT = {("who-wins", "you"): r"\byou win\b", ("who-wins", "opp"): r"\byour opponent wins\b",
           ("who-leads-next", "you"): r"\byou lead\b",
           ("who-leads-next", "opp"): r"\byour opponent leads\b|\bit leads\b"}


def test_a_wrong_prediction_says_why_it_fails_and_not_what_happens(collection):
    for p in predict_puzzles(collection):
        right, wrong = the_other(p)
        reason = truth(p)[1]
        s = PuzzleSession(p)
        fb = s.answer(wrong)
        assert fb.status == "wrong" and s.status == "failed", p.id
        text = " ".join(fb.lines)
        # The engine's reason for the outcome names it: never on a wrong try.
        assert reason not in text, (p.id, text)
        who = "you" if right == p.you else "opp"
        assert not re.search(SAYS_IT[(p.goal.name, who)], fb.lines[0], re.I), (p.id, fb.lines)
        assert "Show solution" in text


def test_without_the_authors_words_a_wrong_prediction_gets_the_engines_why_not(collection):
    """A teacher's puzzle may give no text for a wrong answer: the engine says why the chosen
    side does not win (or lead), about that side's card only."""
    for p in predict_puzzles(collection):
        right, wrong = the_other(p)
        bare = dataclasses.replace(p, wrong=())
        fb = PuzzleSession(bare).answer(wrong)
        why = fb.lines[0]
        assert len(why) > 40 and truth(p)[1] not in why, (p.id, why)
        who = "you" if right == p.you else "opp"
        assert not re.search(SAYS_IT[(p.goal.name, who)], why, re.I), (p.id, why)


def test_a_prediction_right_after_a_wrong_try_counts_as_seen_not_solved(collection):
    """Two choices: once one is wrong, the other is given away, so it is not counted."""
    for p in predict_puzzles(collection):
        right, wrong = the_other(p)
        s = PuzzleSession(p)
        fb = s.answer(wrong)
        assert s.solution_seen and s.seen_how == "tries", p.id
        assert fb.lines[1].endswith("counts as seen, not solved.")
        s.reset()
        fb = s.answer(right)
        assert fb.status == "right" and not s.solved, p.id
        assert fb.title == "Right! Not counted as solved: your wrong tries had left only this " \
            "answer."


def test_a_prediction_right_at_the_first_try_is_solved(collection):
    p = collection.puzzle("witch-lone-witch")
    s = PuzzleSession(p)
    assert s.answer(truth(p)[0]).status == "right" and s.solved and not s.solution_seen


def test_a_solution_seen_on_an_earlier_visit_is_not_counted(collection):
    p = collection.puzzle("witch-lone-witch")
    s = PuzzleSession(p, seen=True)
    fb = s.answer(truth(p)[0])
    assert fb.status == "right" and not s.solved
    assert fb.title.endswith("you saw its solution on an earlier visit.")


def test_a_wrong_count_is_not_a_reveal_a_right_one_after_it_is_solved(collection):
    p = next(p for p in collection.puzzles if p.kind == SCORE and p.goal.name == "round-points"
             and not p.deluxe)
    s = PuzzleSession(p)
    assert s.answer(truth(p)[0] + 1).status == "wrong" and not s.solution_seen
    s.reset()
    assert s.answer(truth(p)[0]).status == "right" and s.solved


def test_a_count_below_zero_is_judged_wrong_with_its_own_reason(collection):
    base = next(p for p in collection.puzzles if p.kind == SCORE and
                p.goal.name == "round-points" and not p.deluxe)
    fb = PuzzleSession(base).answer("-1")
    assert fb.status == "wrong" and "never takes points away" in fb.lines[0]
    final = next(p for p in collection.puzzles if p.kind == SCORE and
                 p.goal.name == "final-score")
    fb = PuzzleSession(final).answer(-2)
    assert fb.status == "wrong" and fb.lines[0].startswith("A score is never negative")


# ----------------------------------------------------------------------------- moves

def test_wrong_moves_that_leave_only_right_ones_count_as_seen(collection):
    """A play puzzle is seen once every wrong first move was tried (the rest can only be right),
    and solved when it is solved before that."""
    checked = 0
    for p in collection.puzzles:
        if p.kind != "play" or p.deluxe:
            continue
        s = PuzzleSession(p)
        wrongs = [v.move for v in s._analyse().verdicts if not v.works]
        if not wrongs:
            continue
        for i, move in enumerate(wrongs):
            assert not s.solution_seen, (p.id, i)
            fb = s.play(move)
            assert fb.status == "wrong"
            s.reset()
        assert s.solution_seen and s.seen_how == "tries", p.id
        assert "counts as seen" in fb.lines[-1]
        fb = play_right(s)
        assert fb.status == "right" and not s.solved and "Not counted" in fb.title
        if len(wrongs) > 1:
            s = PuzzleSession(p)
            s.play(wrongs[0])
            s.reset()
            assert play_right(s).status == "right" and s.solved, p.id
        checked += 1
    assert checked >= 10


# ----------------------------------------------------------------------------- said once

# The engine's sentences for an event say it again when the event happens again (the trump
# suit at each trick, a second Fox that keeps the decree card, a second Treasure taken): these
# may recur in a play-out. Any other sentence said twice is a retelling.
RECURRING = re.compile(r"^(\w+ are trump|.* keeps the decree card as it is \(.*\)|"
                       r".* gains? 1 point for the treasure \(7\) in the trick)$")


def repeated(lines) -> list:
    seen, out = set(), []
    for line in lines:
        for sentence in _sentences(line):
            key = _key(sentence)
            if key in seen and not RECURRING.match(key):
                out.append(sentence)
            seen.add(key)
    return out


def feedbacks(p, theme="classic"):
    """The feedback of a wrong first try, of the right answer and of Show solution."""
    out = []
    s = PuzzleSession(p, theme=theme)
    if p.kind in (PREDICT, SCORE):
        right = truth(p)[0]
        wrong = (1 - right if p.kind == PREDICT else
                 "draw" if right != "draw" and p.goal.name == "game-winner" else
                 "continue" if p.goal.name == "game-winner" else right + 1)
        out.append(s.answer(wrong))
        s.reset()
        out.append(s.answer(right))
    else:
        move = wrong_first(s)
        if move is not None:
            out.append(s.act(move) if p.deluxe else s.play(move))
            s.reset()
        out.append(play_right(s))
    out.append(s.solution())
    return out


def test_no_puzzle_feedback_says_a_sentence_twice(collection):
    """The Deluxe puzzles' explanations retell the play-by-play: the Right! box and the solution
    say it once (the explanation alone when it retells all of it, else without the sentences
    already said); the same for every puzzle of every set."""
    problems = []
    for p in collection.puzzles:
        for fb in feedbacks(p):
            twice = repeated(fb.lines)
            if twice:
                problems.append(f"{p.id} ({fb.status}): {twice}")
    assert not problems, "\n".join(problems)


def test_a_deluxe_right_answer_tells_the_play_once(collection):
    p = collection.puzzle("deluxe-axe-on-the-woodcutter")
    s = PuzzleSession(p)
    fb = play_right(s)
    text = " ".join(fb.lines)
    assert text.count("You put the 11 of Bells face down at the bottom of the deck.") == 1
    assert text.count("Your Axe followed a Woodcutter, so it wins the trick.") == 1


# ----------------------------------------------------------------------------- the theme

CLASSIC_WORDS = re.compile(r"\b(Bells|Keys|Moons|Bell|Key|Moon)\b|\((1[01]|[1-9])[BKM]\)")


def test_every_puzzle_text_names_the_cards_in_the_zsa_theme(collection):
    """Prompt, question, hints, the answer and decision buttons, and every feedback (wrong,
    right, solution) of every puzzle, in the theme chosen: no Bells, Keys or Moons."""
    problems = []
    for p in collection.puzzles:
        s = PuzzleSession(p, theme="zsa")
        texts = [s.title(), s.prompt(), s.question()]
        while s.hint() is not None:
            pass
        texts += s.shown_hints()
        texts += [label for label, _ in s.choices()]
        for fb in feedbacks(p, "zsa"):
            texts += [fb.title, *fb.lines]
        problems += [f"{p.id}: {t!r}" for t in texts if t and CLASSIC_WORDS.search(t)]
    assert not problems, "\n".join(problems[:20])


def test_a_zsa_feedback_names_the_cards_as_they_are_drawn(collection):
    p = collection.puzzle("witch-trump-led-higher-trump")    # the 10 of Moons and the 9 of Keys
    s = PuzzleSession(p, theme="zsa")
    fb = s.answer(truth(p)[0])
    text = " ".join(fb.lines)
    assert "X of Caps" in text and "9 of Hearts" in text and "Caps are trump" in text
    assert "Moons" not in text and "Keys" not in text
