"""The words the learner reads, checked as a whole.

1. Every scoring text, for every number of tricks (0 to 13) with and without Treasure: the
   engine's own explanation, a real round's end, a score exercise's feedback, the score board
   and the puzzles' answers. The points a text states must be the points it adds up and the
   points the score really rises by, and the Greedy band must say that it scores nothing *for
   tricks* while Treasure still counts.
2. Every lesson's markdown, the landing page and every text the lesson exercises can show (each
   answer's feedback, right or wrong, and "Show answer") are free of the wording faults listed
   in tests/helpers/text_faults.py, and no wrong try names the right answer.
"""
from __future__ import annotations

import html
import json
import re

import pytest

from foxlib.words import exercise_text as feedback
from foxlib import Round
from foxlib.core import rules
from foxlib.words import narrator
from foxlib.engine.game import game_result
from foxlib.teaching.puzzles import DATA_DIR, SCORE, PuzzleSession, load_collection, truth
from lesson_walk import LESSONS, NOTEBOOKS, lesson_activities, names_the_answer
from scenario_helpers import position
from text_faults import GRAMMAR_FAULTS, grammar_faults
from widgets import PlayTable, home
from widgets.exercises import Quiz, ScoreExercise, _ChoiceExercise
from widgets.table import ScoreBoard

TRICKS = range(14)
TREASURES = (None, 0, 1, 2, 3)  # None: the text about the tricks alone
WHO = ("Ann", "you", "your opponent")


def cases(treasures):
    """(tricks, treasure) that a round can end with: Treasure comes from 7s in tricks won,
    so none without a trick (and there are three 7s)."""
    return [pytest.param(n, t, id=f"{n}-tricks-treasure-{t}")
            for n in TRICKS for t in treasures if t is None or t <= 2 * n]


def greedy_misstated(text: str) -> list[str]:
    """Places where a text says the Greedy band (or too many tricks) scores nothing at all:
    it scores nothing *for tricks*; Treasure points still count."""
    text = " ".join(text.split())  # lines of markdown wrap anywhere
    return re.findall(r"\bscor(?:es?|ing) nothing(?! for (?:tricks|them|its tricks))"
                      r"(?! from the table)[^.]*", text)


def check_points_text(text: str, who: str, tricks: int, treasure, gain=None) -> None:
    """One player's end-of-round text: its numbers agree with the table and with each other."""
    name = narrator.sentence(who)
    m = re.search(rf"{re.escape(name)} won (\d+) tricks?: (\w+) \((\d+)(?:-(\d+))? tricks\), "
                  r"(\d+) points? for tricks", text)
    assert m, f"no trick count and points for tricks in: {text!r}"
    said_tricks, band, low, high, points = m.groups()
    assert int(said_tricks) == tricks and band == rules.band(tricks), text
    assert int(low) <= tricks <= int(high or low), text
    assert int(points) == rules.round_points(tricks), text
    for a, b, c in re.findall(r"(\d+) \+ (\d+) = (\d+)", text):
        assert int(a) + int(b) == int(c), f"the sum is wrong in: {text!r}"
        assert int(a) == rules.round_points(tricks) and int(b) == treasure, text
    if treasure is not None:
        total = re.search(r"(\d+) points? this round\.$", text)
        assert total, f"no total for the round in: {text!r}"
        stated = int(total.group(1))
        assert stated == rules.round_points(tricks) + treasure, text
        if gain is not None:
            assert stated == gain, f"the text says {stated}, the score rose by {gain}: {text!r}"
        if treasure == 0:
            assert "no Treasure" in text, text
    if band == "Greedy":
        assert "nothing for tricks" in text and "Treasure points still count" in text, text
    assert not greedy_misstated(text), text
    assert not grammar_faults(text), text


# ----------------------------------------------------------------------------- 1. scoring texts

@pytest.mark.parametrize("who", WHO)
@pytest.mark.parametrize("tricks, treasure", cases(TREASURES))
def test_the_engines_points_text_adds_up_in_every_band(tricks, treasure, who):
    check_points_text(narrator.round_points_line(who, tricks, treasure), who, tricks, treasure)


def last_trick_round(tricks: int, treasure: int, names) -> Round:
    """A round at its last trick that ends with A at ``tricks`` tricks and ``treasure``
    Treasure points (one of them, if any, in the last trick), B with the rest."""
    last_seven = treasure > 0 and tricks > 0
    if tricks:    # A leads and wins the last trick
        a, b, won = ("7M" if last_seven else "8M"), "6M", {"A": tricks - 1, "B": 13 - tricks}
    else:         # B wins it
        a, b, won = "6M", "8M", {"A": 0, "B": 12}
    earlier = treasure - last_seven
    b_treasure = min(3 - treasure, 2 * (13 - tricks)) if tricks < 13 else 0
    gain = {"A": earlier, "B": b_treasure}
    pos = position("2K", a, b, "A", tricks_won=won, round_gain=gain, score=gain)
    return Round(pos, names=names)


@pytest.mark.parametrize("names", [("Ann", "Ben"), ("you", "your opponent")],
                         ids=lambda n: n[0])
@pytest.mark.parametrize("tricks, treasure", cases((0, 1, 2, 3)))
def test_a_real_round_end_states_what_each_score_rises_by(tricks, treasure, names):
    rnd = last_trick_round(tricks, treasure, names)
    rnd.play(rnd.legal_cards()[0])
    rnd.play(rnd.legal_cards()[0])
    assert rnd.is_over and rnd.tricks_won[0] == tricks
    for p, part in enumerate(player_parts(rnd.round_end.reason, names)):
        gain = rnd.round_gain[p]        # the whole rise of the score this round
        check_points_text(part, names[p], rnd.tricks_won[p],
                          gain - rules.round_points(rnd.tricks_won[p]), gain=gain)
    assert rnd.round_gain[0] == rules.round_points(tricks) + treasure


def player_parts(reason: str, names) -> tuple[str, str]:
    """A round end's reason cut in two: what it says of each player."""
    second = reason.index(f"{narrator.sentence(names[1])} won ")
    first_end = re.search(r"points? this round\.", reason).end()
    assert reason[first_end:second].strip() == "", f"a sentence between the players: {reason!r}"
    return reason[:first_end].strip(), reason[second:].strip()


@pytest.mark.parametrize("tricks, treasure", cases((0, 1, 2, 3)))
def test_a_score_exercise_explains_the_sum_it_accepts(tricks, treasure):
    ex = ScoreExercise(tricks, treasure=treasure)
    points = rules.round_points(tricks) + treasure
    for wrong in sorted({0, 1, 2, 3, 6, tricks, rules.round_points(tricks), points + 1} - {points}):
        ex.check(wrong)
        assert ex.verdict == "wrong", wrong
        assert not names_the_answer(ex.explanation, [f"{points} point", f"{points} points",
                                                     f"= {points}"]), ex.explanation
        assert not grammar_faults(ex.explanation) and not greedy_misstated(ex.explanation)
    ex.check(points)
    assert ex.verdict == "right"
    text = ex.explanation
    check_points_text(text.removeprefix(feedback.RIGHT_HEAD).split(" Add the Treasure")[0].strip(),
                      "Ann", tricks, None)
    if treasure:
        assert f"Add the Treasure: {rules.round_points(tricks)} + {treasure} = " \
               f"{feedback.plural(points, 'point')}." in text
    assert ex.solution().startswith(f"{feedback.plural(points, 'point')}. ")


@pytest.mark.parametrize("tricks", TRICKS, ids=lambda t: f"{t}-tricks")
def test_the_score_board_states_the_points_for_tricks(tricks):
    rnd = Round(position("2K", "8M", "6M", "A",
                         tricks_won={"A": min(tricks, 12), "B": 12 - min(tricks, 12)}))
    if tricks == 13:
        rnd.play("8M")
        rnd.play("6M")
    board = html.unescape(ScoreBoard(rnd).html)
    points = narrator.count(rules.round_points(tricks), "point")
    assert f"({rules.band(tricks)}: {points} for tricks" in board
    assert not grammar_faults(re.sub(r"<[^>]+>", " ", board))


def score_puzzles():
    return [p for s in load_collection().sets for p in s.puzzles if p.kind == SCORE]


@pytest.mark.parametrize("puzzle", score_puzzles(), ids=lambda p: p.id)
def test_a_score_puzzles_answer_states_the_points_once_and_right(puzzle):
    answer, text = truth(puzzle)
    assert not grammar_faults(text) and not greedy_misstated(text), text
    if puzzle.goal.name == "game-winner":
        return
    rnd, p = puzzle.after_plays(), puzzle.goal.player
    gain = rnd.round_gain[p]
    if puzzle.modules.poison:      # Poison 8s are told in their own words (rulings P6)
        assert re.search(rf"{rnd.name(p)} gains? (\d+ [-+] \d+ = )?{gain} points? this round",
                         text, re.IGNORECASE) and answer in (gain, rnd.score[p]), text
        return
    parts = player_parts(rnd.round_end.reason, rnd.names)
    check_points_text(parts[p], rnd.name(p), rnd.tricks_won[p],
                      gain - rules.round_points(rnd.tricks_won[p]), gain=gain)
    assert text.startswith(rnd.round_end.reason)
    rest = text[len(rnd.round_end.reason):].strip()
    if puzzle.goal.name == "round-points":
        assert rest == "" and answer == gain    # said once, in the round's own reason
    else:
        said = re.fullmatch(r"[A-Z][^.]* had (\d+) points? before this round, so [^.]* score "
                            r"is now (\d+)\.", rest)   # one sentence, nothing said twice
        assert said, text
        before, now = map(int, said.groups())
        assert before + gain == now == answer, text


@pytest.mark.parametrize("puzzle", [p for p in score_puzzles() if p.goal.name == "game-winner"],
                         ids=lambda p: p.id)
def test_a_wrong_game_result_is_named_in_words(puzzle):
    for label, value in PuzzleSession(puzzle).options():
        fb = PuzzleSession(puzzle).answer(value)
        text = " ".join([fb.title, *fb.lines])
        assert not grammar_faults(text), (label, text)
        if fb.status == "wrong":
            assert fb.title in ("Not you.", "Not your opponent.", "Not a draw.",
                                "Not another round."), fb.title


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


@pytest.mark.parametrize("path", sorted(DATA_DIR.glob("*.json")), ids=lambda p: p.name)
def test_every_puzzle_text_is_free_of_known_faults(path):
    for text in strings(json.loads(path.read_text(encoding="utf-8"))):
        assert not grammar_faults(text), (grammar_faults(text), text)
        assert not greedy_misstated(text), text


@pytest.mark.parametrize("score", [(18, 20), (22, 19), (19, 22), (22, 22), (21, 21)])
def test_the_end_of_a_game_reads_well(score):
    for gain in ((6, 3), (3, 6), (6, 6), (1, 1)):
        gain = tuple(min(g, s) for g, s in zip(gain, score))
        for names in (("Ann", "Ben"), ("you", "your opponent")):
            over, winner, text = game_result(score, gain, 21, names)
            assert not grammar_faults(text), text
            assert text.count(" so ") <= 2 and not re.search(r"\bso\b[^.:]*\bso\b", text), text
            if winner in (0, 1):
                assert f"{names[winner]} " in text


def test_the_play_tables_round_ends_read_well_and_add_up():
    """A whole game at the play table (the learner plays its first legal card): every round's
    end is said once, in words free of faults, with the points each score rose by."""
    table, ends = PlayTable(seed=11, target=16), 0
    for _ in range(3000):
        rnd = table.game.round
        if rnd.is_over:
            ends += 1
            shown = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", table.status.html)).split())
            assert not grammar_faults(shown), (grammar_faults(shown), shown)
            assert not greedy_misstated(shown), shown
            assert shown.count("The round is over.") <= 1, shown
            for p, part in enumerate(player_parts(rnd.round_end.reason, rnd.names)):
                gain = rnd.round_gain[p]
                check_points_text(part, rnd.name(p), rnd.tricks_won[p],
                                  gain - rules.round_points(rnd.tricks_won[p]), gain=gain)
            if table.game.is_over:
                break
            table.next_button.click()
        elif rnd.phase == "exchange":
            table.keep_button.click()
        else:
            table.hand.click(str(rnd.legal_actions()[0].card))
    assert table.game.is_over and ends >= 2


# ----------------------------------------------------------------------------- 2. all texts

def markdown(path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lessons_words_are_free_of_known_faults(lesson):
    text = markdown(NOTEBOOKS / lesson)
    assert not grammar_faults(text), grammar_faults(text)
    assert not greedy_misstated(text), greedy_misstated(text)


def test_the_landing_page_is_free_of_known_faults():
    text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", home.page_html(), flags=re.DOTALL)
    assert not grammar_faults(html.unescape(text))
    assert not greedy_misstated(html.unescape(text))


def exercise_texts(ex):
    """(text, names the answer?) for every text the exercise can show without a card click:
    the question, the feedback for each button (right and wrong), and "Show answer"."""
    yield ex.question_text, False
    yield ex.solution(), False
    if isinstance(ex, _ChoiceExercise):
        for label, ok, why in ex.options:
            yield feedback.verdict_text(ok, why, None if ok else label), not ok


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_exercise_text_is_free_of_known_faults_and_wrong_tries_keep_the_answer(lesson):
    for activity in lesson_activities(lesson):
        exercises = ([activity.exercise(i) for i in range(len(activity))]
                     if isinstance(activity, Quiz) else [activity])
        for ex in exercises:
            right = ex.right_answers if isinstance(ex, _ChoiceExercise) else []
            for text, is_wrong_try in exercise_texts(ex):
                assert not grammar_faults(text), (lesson, grammar_faults(text), text)
                assert not greedy_misstated(text), (lesson, text)
                if is_wrong_try:
                    assert not names_the_answer(text, right), (lesson, right, text)


def test_the_fault_list_finds_each_fault_it_names():
    """The list cannot pass everything: each entry finds the slip it was written for."""
    slips = ["Ann scores 1 points.", "The round is over. The round is over.", "Not draw.",
             "Clubs, Hearts and Caps, in another printing.",
             "The round is over. Ann wins. The round is over.",
             "Alone in a trick, the Witch counts as trump.", "Press the the button."]
    assert len(slips) == len(GRAMMAR_FAULTS)
    for (what, rx), slip in zip(GRAMMAR_FAULTS, slips):
        assert rx.search(slip), what
    assert not grammar_faults("Ann scores 1 point, not a draw: the only Witch in the trick. "
                              "Clubs, Hearts and Caps come from a third-party adaptation.")
    assert greedy_misstated("Greedy scores nothing.")
    assert not greedy_misstated("Greedy scores nothing for tricks; Treasure still counts.")
