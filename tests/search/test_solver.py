"""The exact solver (foxlib.search.solver), checked against a brute-force minimax written separately
on top of the explained engine (Round.legal_moves / push / pop), plus its command line."""
import json
import os
import random
import subprocess
import sys

import pytest

from foxlib import Action, Card, InvalidState, Move, Round
from foxlib.fast import base as fast
from foxlib.core import rules
from foxlib.engine.round import Position
from foxlib.search.solver import Analysis, Band, MoveValue, RootValue, TrickGoal, action_values, \
    principal_line, solve, solve_state, solve_value, value_state

# ----------------------------------------------------------------------------- brute force

def _choices(rnd):
    """Every choice of the player to play: compound moves, or the pending decision."""
    if rnd.phase == "play":
        return [("push", m) for m in rnd.legal_moves()]
    return [(a.kind, a.card) for a in rnd.legal_actions()]


def _do(rnd, choice):
    kind, what = choice
    if kind == "push":
        rnd.push(what)
    else:
        rnd.act(Action(kind, what))


def _undo(rnd, choice):
    rnd.pop() if choice[0] == "push" else rnd.undo()


def _as_move(rnd, choice) -> Move:
    kind, what = choice
    if kind == "push":
        return what
    if kind == "exchange":
        return Move(rnd.trick[-1], exchange=what)
    return Move(rnd.trick[-1], discard=what)


def brute_points(rnd, p):
    """Points p gains minus points the opponent gains from here, both playing perfectly."""
    if rnd.is_over:
        return 0
    best = None
    for choice in _choices(rnd):
        before = list(rnd.score)
        mover = rnd.to_play
        _do(rnd, choice)
        gain = (rnd.score[p] - before[p]) - (rnd.score[1 - p] - before[1 - p])
        v = gain + brute_points(rnd, p)
        _undo(rnd, choice)
        if best is None or (v > best if mover == p else v < best):
            best = v
    return best


def brute_band(rnd, g, low, high) -> bool:
    """Can player g force ending the round with low..high tricks?"""
    if rnd.is_over:
        return low <= rnd.tricks_won[g] <= high
    results = []
    for choice in _choices(rnd):
        _do(rnd, choice)
        results.append(brute_band(rnd, g, low, high))
        _undo(rnd, choice)
    return any(results) if rnd.to_play == g else all(results)


def brute_trick(rnd, g, win, done) -> bool:
    """Can player g force winning (or losing) the trick being played?"""
    if len(rnd.tricks) > done:
        return (rnd.tricks[done].winner == g) == win
    results = []
    for choice in _choices(rnd):
        _do(rnd, choice)
        results.append(brute_trick(rnd, g, win, done))
        _undo(rnd, choice)
    return any(results) if rnd.to_play == g else all(results)


def brute_root(rnd, value_after):
    """{Move: value} for every choice of the player to play."""
    out = {}
    for choice in _choices(rnd):
        move = _as_move(rnd, choice)
        out[move] = value_after(rnd, choice)
    return out


def _points_after(rnd, choice):
    p = rnd.to_play
    before = list(rnd.score)
    _do(rnd, choice)
    v = (rnd.score[p] - before[p]) - (rnd.score[1 - p] - before[1 - p]) + brute_points(rnd, p)
    _undo(rnd, choice)
    return v


def _random_round(rng, cards, deck, step_into_decisions=True) -> Round:
    """A random small position; sometimes one action further, into a Fox's or Woodcutter's
    pending decision."""
    rnd = fast.to_round(fast.random_position(rng, cards, deck))
    if step_into_decisions and rng.random() < 0.3:
        for mv in rnd.legal_moves():
            if mv.exchange is not None or mv.discard is not None:
                rnd.play(mv.card)
                break
    return rnd


def _values(analysis):
    return {mv.move: mv.value for mv in analysis.moves}


def _check_points(rng, count, max_cards):
    for _ in range(count):
        rnd = _random_round(rng, rng.randint(1, max_cards), rng.randint(0, 6))
        got = solve(rnd)
        assert got.complete
        assert _values(got) == brute_root(rnd, _points_after), rnd.dumps()


# ----------------------------------------------------------------------------- exactness

@pytest.mark.slow
def test_point_values_of_every_move_match_brute_force_minimax():
    _check_points(random.Random(1), 2000, 3)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("FOXLIB_SLOW"),
                    reason="several minutes: set FOXLIB_SLOW=1 to run it")
def test_point_values_match_brute_force_on_thousands_of_positions():
    _check_points(random.Random(2), 3000, 4)


@pytest.mark.slow
def test_band_goals_match_brute_force_minimax():
    rng = random.Random(3)
    for _ in range(1000):
        rnd = _random_round(rng, rng.randint(1, 3), rng.randint(0, 6))
        g = rng.randrange(2)
        name = rng.choice(rules.BANDS)
        low, high = rules.BAND_RANGES[name]
        got = solve(rnd, Band(g, name))

        def after(r, choice):
            _do(r, choice)
            v = int(brute_band(r, g, low, high))
            _undo(r, choice)
            return v
        assert _values(got) == brute_root(rnd, after), (rnd.dumps(), g, name)


def test_trick_goals_match_brute_force_minimax():
    rng = random.Random(4)
    for _ in range(600):
        rnd = _random_round(rng, rng.randint(1, 5), rng.randint(0, 6))
        g, win = rng.randrange(2), rng.random() < 0.5
        got = solve(rnd, TrickGoal(g, win))
        done = len(rnd.tricks)

        def after(r, choice):
            _do(r, choice)
            v = int(brute_trick(r, g, win, done))
            _undo(r, choice)
            return v
        assert _values(got) == brute_root(rnd, after), (rnd.dumps(), g, win)


def test_the_root_value_is_the_best_brute_force_value_and_its_move_achieves_it():
    """solve_value (value only) == the best of solve's values == brute force, on random small
    positions with Foxes, Woodcutters, decks, tricks in progress and pending decisions."""
    rng = random.Random(13)
    for _ in range(500):
        rnd = _random_round(rng, rng.randint(1, 3), rng.randint(0, 6))
        expected = brute_root(rnd, _points_after)
        got = solve_value(rnd)
        assert got.complete and got.to_play == rnd.to_play
        assert got.value == max(expected.values()) == solve(rnd, lines=False).value, rnd.dumps()
        assert len(got.best) == 1 and expected[got.best[0]] == got.value, rnd.dumps()


def test_the_root_value_of_band_goals_matches_brute_force():
    rng = random.Random(14)
    for _ in range(300):
        rnd = _random_round(rng, rng.randint(1, 3), rng.randint(0, 6))
        g = rng.randrange(2)
        low, high = rules.BAND_RANGES[rng.choice(rules.BANDS)]
        forced = brute_band(rnd, g, low, high)
        got = solve_value(rnd, Band(g, (low, high)))
        assert got.value == int(forced), (rnd.dumps(), g, low, high)


def test_without_fox_or_woodcutter_decisions_the_plain_search_agrees_with_the_baseline():
    """Bigger positions than brute force can check (5-7 cards a hand), no Fox in a hand and an
    empty deck, so the solver's plain search is used from the root on; the baseline of
    benchmarks/bench_reference.py is a separate plain alpha-beta."""
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "bench_reference.py"
    spec = importlib.util.spec_from_file_location("bench_reference", path)
    reference = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reference)
    rng = random.Random(15)
    compared = 0
    while compared < 40:
        s = fast.random_position(rng, rng.randint(5, 7), deck_size=0)
        if (s.hands[0] | s.hands[1]) & fast.FOXES:
            continue
        compared += 1
        p = s.to_play
        led = s.trick[0] if s.trick else -1
        v, _ = reference.reference_value(s.hands[p], s.hands[1 - p], fast.SUIT[s.decree],
                                         s.tricks_won[p], s.tricks_won[1 - p], led)
        assert value_state(s).value == v, s
        if compared <= 10:
            assert solve_state(s, lines=False).value == v, s


def test_a_root_value_stopped_by_a_limit_reports_proven_bounds():
    rng = random.Random(6)
    rnd = fast.to_round(fast.deal(rng, 0))
    got = solve_value(rnd, node_limit=2000)
    assert isinstance(got, RootValue) and not got.complete and got.value is None
    assert "node limit" in got.limit and got.low <= got.high
    small = _round(["11M", "2B", "4B"], ["4K", "6K", "1M"], "3M", tricks_won=(5, 5))
    exact = solve(small).value
    for limit in (1, 3, 10, 10 ** 6):
        got = solve_value(small, node_limit=limit)
        if got.complete:
            assert got.value == exact
        else:
            assert got.low <= exact <= got.high


def _round(a, b, decree, leader=0, deck=(), trick=(), tricks_won=(0, 0)):
    return Round(Position(Card(decree), ([Card(c) for c in a], [Card(c) for c in b]), leader,
                          [Card(c) for c in deck], [Card(c) for c in trick], tricks_won))


def test_a_lone_witch_sits_between_the_trump_eight_and_ten():
    """The trump 8 and 10 are not interchangeable while a Witch is in play, even with the trump
    9 gone: a lone Witch beats the 8 and loses to the 10 (found by the brute-force check)."""
    rnd = _round(["10B", "8M", "10M"], ["5B", "7B", "9K"], "3M", leader=1, deck=["2B"],
                 tricks_won=(6, 4))
    assert _values(solve(rnd)) == brute_root(rnd, _points_after)
    assert solve(rnd).value_of(Move(Card("9K"))) == -5


def test_equivalent_cards_get_the_same_value_and_say_so():
    # A holds the 2 and 4 of Bells; the 3 of Bells is out of play, so they are the same card.
    rnd = _round(["2B", "4B", "10M"], ["6K", "8K", "10K"], "6M", tricks_won=(5, 5))
    got = solve(rnd)
    v = _values(got)
    assert v[Move(Card("2B"))] == v[Move(Card("4B"))]
    texts = [m.explanation for m in got.moves if m.move.card == Card("4B")]
    assert "worth exactly as much as the 2 of Bells" in texts[0]
    assert v == brute_root(rnd, _points_after)


def _greedy_position():
    """B has 9 tricks and leads; trump is Moons. Leading the 8 of Keys lets A trump it or not:
    A lets B win both last tricks, so B ends Greedy (0 points). Leading the low trump loses
    it on purpose and keeps B Victorious."""
    return _round(["4B", "4M"], ["8K", "2M"], "1M", leader=1, tricks_won=(2, 9))


def test_greedy_is_avoided_because_ten_tricks_score_nothing():
    got = solve(_greedy_position())
    assert [(str(m.move), m.value) for m in got.moves] == [("2M", 5), ("8K", -6)]
    assert _values(got) == brute_root(_greedy_position(), _points_after)


def test_the_foxs_exchange_options_are_separate_moves_with_their_own_values():
    rnd = _round(["3B", "10K", "2M"], ["9K", "4M", "6B"], "8M", tricks_won=(5, 5))
    got = solve(rnd)
    fox_moves = [m.move for m in got.moves if m.move.card == Card("3B")]
    assert Move(Card("3B")) in fox_moves
    assert Move(Card("3B"), exchange=Card("10K")) in fox_moves
    assert Move(Card("3B"), exchange=Card("2M")) in fox_moves
    assert _values(got) == brute_root(rnd, _points_after)


def test_every_legal_move_is_analysed_and_sorted_best_first():
    rng = random.Random(5)
    for _ in range(30):
        rnd = _random_round(rng, rng.randint(2, 5), rng.randint(0, 6))
        got = solve(rnd)
        legal = rnd.legal_moves() if rnd.phase == "play" else \
            [_as_move(rnd, c) for c in _choices(rnd)]
        assert sorted(map(str, (m.move for m in got.moves))) == sorted(map(str, legal))
        values = [m.value for m in got.moves]
        assert values == sorted(values, reverse=True)
        assert got.best == tuple(m for m in got.moves if m.value == values[0])
        assert got.value == values[0] and got.to_play == rnd.to_play


# ----------------------------------------------------------------------------- Poison 8s

def _poison_round(rng, cards, deck, scores) -> Round:
    """A random small position with Poison 8s and the scores drawn from ``scores`` (the
    floor at 0 matters only when a score is below the Poison 8s still in play)."""
    st = fast.random_position(rng, cards, deck)
    st = st._replace(poison=True, score=(rng.choice(scores), rng.choice(scores)))
    rnd = fast.to_round(st)
    if rng.random() < 0.3:
        for mv in rnd.legal_moves():
            if mv.exchange is not None or mv.discard is not None:
                rnd.play(mv.card)
                break
    return rnd


def _eights_in_play(rnd) -> int:
    return sum(c.rank == 8 for c in [*rnd.hands[0], *rnd.hands[1], *rnd.trick, *rnd.deck,
                                     rnd.decree])


@pytest.mark.parametrize("scores, seed", [((0, 1, 2), 21), ((0, 3), 22), ((9, 14, 20), 23)],
                         ids=["near the floor", "at the floor or clear of it", "far from it"])
def test_poison_point_values_match_brute_force_near_the_floor_and_far_from_it(scores, seed):
    """With Poison 8s a trick is worth its Treasure minus its Poison, floored at the winner's
    score: every move's value against a brute force over the explained engine (Round), which
    scores each trick itself (rulings P2-P4)."""
    rng = random.Random(seed)
    checked = 0
    while checked < 400:
        rnd = _poison_round(rng, rng.randint(1, 3), rng.randint(0, 6), scores)
        if not _eights_in_play(rnd):
            continue
        checked += 1
        got = solve(rnd)
        assert got.complete
        assert _values(got) == brute_root(rnd, _points_after), rnd.dumps()


def test_poison_root_values_action_values_and_lines_match_brute_force():
    rng = random.Random(24)
    for i in range(150):
        rnd = _poison_round(rng, rng.randint(1, 4 if i < 20 else 3), rng.randint(0, 6),
                            (0, 0, 1, 2, 10))
        expected = brute_root(rnd, _points_after)
        got = solve_value(rnd)
        assert got.value == max(expected.values()) and expected[got.best[0]] == got.value
        values, _, complete = action_values(fast.from_round(rnd))
        by_action: dict = {}
        for move, v in expected.items():
            if rnd.phase == "play":
                key = move.card.index
            else:
                choice = move.exchange if rnd.phase == "exchange" else move.discard
                key = -1 if choice is None else choice.index
            by_action[key] = max(by_action.get(key, -99), v)
        assert complete and values == by_action, rnd.dumps()
        if i < 20:
            p, before = rnd.to_play, list(rnd.score)
            for who, move in principal_line(rnd):
                assert rnd.to_play == who
                if rnd.phase == "play":
                    rnd.push(move)
                elif rnd.phase == "exchange":
                    rnd.exchange(move.exchange)
                else:
                    rnd.discard(move.discard)
            assert (rnd.score[p] - before[p]) - (rnd.score[1 - p] - before[1 - p]) == got.value


def test_poison_band_and_trick_goals_match_brute_force():
    """Poison 8s change no trick's winner (ruling P1), so goals about tricks are searched as in
    the base game, whatever the scores."""
    rng = random.Random(25)
    for _ in range(200):
        rnd = _poison_round(rng, rng.randint(1, 3), rng.randint(0, 6), (0, 1, 5))
        g, win = rng.randrange(2), rng.random() < 0.5
        low, high = rules.BAND_RANGES[rng.choice(rules.BANDS)]
        done = len(rnd.tricks)

        def band(r, choice):
            _do(r, choice)
            v = int(brute_band(r, g, low, high))
            _undo(r, choice)
            return v

        def trick(r, choice):
            _do(r, choice)
            v = int(brute_trick(r, g, win, done))
            _undo(r, choice)
            return v
        assert _values(solve(rnd, Band(g, (low, high)))) == brute_root(rnd, band), rnd.dumps()
        assert _values(solve(rnd, TrickGoal(g, win))) == brute_root(rnd, trick), rnd.dumps()


def _poison(a, b, decree, score, leader=0, tricks_won=(6, 6), poison=True):
    rnd = _round(a, b, decree, leader=leader, tricks_won=tricks_won)
    st = fast.from_round(rnd)._replace(score=score, poison=poison)
    return fast.to_round(st)


def test_a_poison_loss_stops_at_the_floor_at_zero():
    # A leads the 8 of Bells, B cannot follow and throws the 8 of Keys: A wins the trick and
    # both Poison 8s, ending with 7 tricks (6 points) against 6 (3 points). A loses 2 points
    # from 5, only 1 from 1 and none from 0.
    for score, value in ((5, 1), (1, 2), (0, 3)):
        rnd = _poison(["8B"], ["8K"], "2M", (score, 4))
        assert solve(rnd).value == value == brute_root(rnd, _points_after)[Move(Card("8B"))]
    assert solve(_poison(["8B"], ["8K"], "2M", (0, 4), poison=False)).value == 3


def test_treasure_and_poison_in_one_trick_are_added_up_before_the_floor():
    # B wins the 7 and the 8 of Bells at 0 points: +1 - 1 = 0, so B stays at 0 (ruling P4),
    # not 1 as the Poison ignored at 0 and then the Treasure would give. A: 6 tricks, 3 points;
    # B: 7 tricks, 6 points.
    for b_score in (0, 3):
        rnd = _poison(["7B"], ["8B"], "2M", (4, b_score))
        assert solve(rnd).value == -3 == brute_root(rnd, _points_after)[Move(Card("7B"))]
    assert solve(_poison(["7B"], ["8B"], "2M", (4, 0), poison=False)).value == -4


def test_with_poison_an_8_is_not_the_same_card_as_its_plain_neighbours():
    """The 6 and 8 of Moons are the same card in the base game when the 7 is out of play; with
    Poison 8s leading the 8 makes B take the Poison, so the two leads differ."""
    rnd = Round(Position(Card("6K"), ([Card(c) for c in ("8B", "11B", "2M")],
                                      [Card(c) for c in ("2B", "6M", "8M")]), 1, [], [],
                         (8, 2), (5, 5)))
    base = _values(solve(rnd))
    assert base[Move(Card("6M"))] == base[Move(Card("8M"))] == 6
    poison = fast.to_round(fast.from_round(rnd)._replace(poison=True))
    got = _values(solve(poison))
    assert (got[Move(Card("6M"))], got[Move(Card("8M"))]) == (8, 6)
    assert got == brute_root(poison, _points_after)
    assert "worth exactly as much" not in " ".join(m.explanation for m in solve(poison).moves)


def test_the_search_keeps_each_score_up_to_the_poison_8s_still_in_play():
    """A at 2 and B at 1 points with two Poison 8s in A's hand and one in B's: the same cards
    are reached at different scores in different lines, and a score of 1 and one of 2 are not
    the same while two 8s can still cost points (a table that capped the scores at 1 valued
    the 10 of Bells 1 point too high)."""
    from foxlib.search.evaluators import MinimaxEvaluator
    rnd = Round(Position(Card("7K"), ([Card(c) for c in "1B 8B 9B 10B 8K 9M".split()],
                                      [Card(c) for c in "2B 2K 6K 2M 8M".split()]), 1,
                         [Card(c) for c in "1M 3M 3B 5M 3K".split()], [Card("7B")], (4, 3),
                         (2, 1)))
    st = fast.from_round(rnd)._replace(poison=True)
    values, _, complete = action_values(st)
    assert complete and values == MinimaxEvaluator().values(st)[0]
    assert values == {Card(c).index: v for c, v in (("1B", 2), ("8B", 3), ("9B", 3),
                                                     ("10B", 3))}


def test_poison_values_of_bigger_positions_agree_with_the_small_search():
    """5-card hands (the solver's own search with its tables, cut-offs and equivalent cards,
    near the floor and clear of it) against the strong player's separate small search
    (``MinimaxEvaluator``), which plays the fast path's moves one by one."""
    from foxlib.search.evaluators import MinimaxEvaluator
    rng = random.Random(26)
    for i in range(30):
        st = fast.random_position(rng, 5, rng.randint(0, 6))
        st = st._replace(poison=True, score=(rng.choice((0, 1, 2, 12)), rng.choice((0, 1, 2))))
        values, _, complete = action_values(st)
        assert complete
        assert values == MinimaxEvaluator().values(st)[0], fast.to_round(st).dumps()


# ----------------------------------------------------------------------------- explanations

def test_points_explanations_say_who_ends_ahead_and_how_points_split():
    got = solve(_greedy_position())
    best, worst = got.moves
    assert best.explanation == ("The 2 of Moons: with best play by both you end 5 points ahead "
                                "of your opponent from here on (for example you 6, your "
                                "opponent 1).")
    assert worst.explanation.startswith("The 8 of Keys: with best play by both you end 6 "
                                        "points behind your opponent")


def test_pending_fox_and_woodcutter_decisions_are_explained_as_that_choice():
    rnd = _round(["3K", "10B", "2M", "6B"], ["5K", "4M", "6K", "1B"], "8M", deck=["7B", "2K"],
                 tricks_won=(4, 5))
    rnd.play(Card("3K"))
    texts = {m.move: m.explanation for m in solve(rnd).moves}
    assert texts[Move(Card("3K"))].startswith("Keeping the decree card (the Fox's choice): ")
    assert texts[Move(Card("3K"), exchange=Card("2M"))].startswith(
        "Swapping the 2 of Moons for the decree card (the Fox's choice): ")
    rnd.exchange(Card("10B"))
    rnd.play(Card("5K"))
    texts = {m.move: m.explanation for m in solve(rnd).moves}
    assert texts[Move(Card("5K"), discard=Card("7B"))].startswith(
        "Putting the 7 of Bells under the deck (the Woodcutter's choice): ")


def test_band_explanation_says_the_move_secures_the_band_against_any_defence():
    got = solve(_greedy_position(), Band("B", "Victorious"))
    assert [(str(m.move), m.value) for m in got.moves] == [("2M", 1), ("8K", 0)]
    assert got.moves[0].explanation == ("The 2 of Moons secures Victorious (7-9 tricks) "
                                        "against any defence.")
    assert "your opponent can stop it" in got.moves[1].explanation


def test_a_goal_of_the_opponent_is_valued_as_whether_they_can_still_force_it():
    # B to play; the goal is A's: make B Greedy (10-13 tricks). The 8 of Keys leaves A able to
    # force it (value 1); the 2 of Moons stops it (value 0) and is the best move for B.
    got = solve(_greedy_position(), Band("B", "Greedy"))
    assert {str(m.move): m.value for m in got.moves} == {"2M": 0, "8K": 1}
    # A ranged goal of A's (0-3 tricks): after the 2 of Moons A must win with the 4 of Moons.
    got = solve(_greedy_position(), Band("A", (0, 3)))
    assert [(str(m.move), m.value) for m in got.moves] == [("2M", 0), ("8K", 1)]
    assert got.moves[0].explanation == ("The 2 of Moons stops your opponent from forcing "
                                        "0-3 tricks.")
    assert got.moves[1].explanation == ("The 8 of Keys leaves your opponent able to force "
                                        "0-3 tricks.")


def test_trick_goal_explanation_names_the_goal():
    # B holds only higher Bells: the 2 of Bells surely loses the trick, the trump 11 never does.
    rnd = _round(["11M", "2B"], ["4B", "6B"], "3M", tricks_won=(6, 5))
    got = solve(rnd, TrickGoal("A", win=False))
    assert got.best[0].move == Move(Card("2B"))
    assert "makes sure you lose this trick" in got.best[0].explanation


# ----------------------------------------------------------------------------- limits

def test_a_node_limit_is_reported_never_silent():
    rng = random.Random(6)
    rnd = fast.to_round(fast.deal(rng, 0))
    got = solve(rnd, node_limit=2000)
    assert not got.complete
    assert "node limit" in got.limit
    inexact = [m for m in got.moves if not m.exact]
    assert inexact and all("estimate only" in m.explanation for m in inexact)
    assert all(m.low <= m.value <= m.high for m in got.moves)


def test_a_time_limit_is_reported_never_silent():
    rng = random.Random(7)
    rnd = fast.to_round(fast.deal(rng, 1))
    got = solve(rnd, time_limit=0.05)
    assert not got.complete and "time limit" in got.limit
    assert got.seconds < 5


def test_a_limit_reached_while_writing_the_example_lines_keeps_the_values():
    rng = random.Random(12)
    rnd = fast.to_round(fast.random_position(rng, 4, 6, trick_in_progress=False))
    full = solve(rnd, lines=False)
    for limit in range(full.nodes, full.nodes + 400, 20):
        got = solve(rnd, node_limit=limit)
        assert got.complete and _values(got) == _values(full)


def test_a_limit_large_enough_gives_the_complete_analysis():
    rnd = _round(["11M", "2B", "4B"], ["4K", "6K", "1M"], "3M", tricks_won=(5, 5))
    assert solve(rnd, node_limit=10 ** 6, time_limit=60).complete


# ----------------------------------------------------------------------------- other entry points

def test_principal_line_is_legal_and_reaches_the_solved_value():
    rng = random.Random(8)
    for _ in range(20):
        rnd = _random_round(rng, rng.randint(1, 4), rng.randint(0, 6))
        p = rnd.to_play
        value = solve(rnd).value
        line = principal_line(rnd)
        before = list(rnd.score)
        for who, move in line:
            assert rnd.to_play == who
            if rnd.phase == "play":
                rnd.push(move)
            elif rnd.phase == "exchange":
                rnd.exchange(move.exchange)
            else:
                rnd.discard(move.discard)
        assert rnd.is_over
        assert (rnd.score[p] - before[p]) - (rnd.score[1 - p] - before[1 - p]) == value


def test_action_values_are_the_best_value_of_each_card_or_decision():
    rng = random.Random(10)
    for _ in range(40):
        rnd = _random_round(rng, rng.randint(1, 4), rng.randint(0, 6))
        st = fast.from_round(rnd)
        values, nodes, complete = action_values(st)
        assert complete and nodes > 0
        expected: dict = {}
        for mv in solve(rnd).moves:
            if rnd.phase == "play":
                key = mv.move.card.index
            else:
                choice = mv.move.exchange if rnd.phase == "exchange" else mv.move.discard
                key = -1 if choice is None else choice.index
            expected[key] = max(expected.get(key, -99), mv.value)
        assert values == expected


def test_solve_state_agrees_with_solve():
    rng = random.Random(9)
    rnd = _random_round(rng, 3, 4)
    assert _values(solve_state(fast.from_round(rnd))) == _values(solve(rnd))


def test_bad_requests_get_clear_errors():
    rnd = _round(["11M"], ["4K"], "3M", tricks_won=(6, 6))
    with pytest.raises(InvalidState, match="objective"):
        solve(rnd, "most tricks")
    with pytest.raises(InvalidState, match="node_limit"):
        solve(rnd, node_limit=0)
    with pytest.raises(InvalidState, match="not a band"):
        Band("A", "Heroic")
    with pytest.raises(InvalidState, match="not a player"):
        Band("C", "Humble")
    rnd.push(Move(Card("11M")))
    rnd.push(Move(Card("4K")))
    with pytest.raises(InvalidState, match="round is over"):
        solve(rnd)


def test_analysis_and_move_values_are_frozen_records():
    rnd = _round(["11M"], ["4K"], "3M", tricks_won=(6, 6))
    got = solve(rnd)
    assert isinstance(got, Analysis) and isinstance(got.moves[0], MoveValue)
    with pytest.raises(AttributeError):
        got.nodes = 0


# ----------------------------------------------------------------------------- command line

SCENARIO = {"decree": "1M", "hands": {"A": ["4B", "4M"], "B": ["8K", "2M"]}, "leader": "B",
            "tricks_won": {"A": 2, "B": 9}, "plays": []}


def _run(lines, *args):
    proc = subprocess.run([sys.executable, "-m", "foxlib", "solve", *args],
                          input="".join(line + "\n" for line in lines), capture_output=True,
                          text=True, timeout=120)
    return proc


def test_solve_command_writes_one_line_per_scenario_with_every_move():
    proc = _run([json.dumps(SCENARIO)])
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["to_play"] == "B"
    assert out["moves"] == [{"play": "2M", "value": 5}, {"play": "8K", "value": -6}]
    assert isinstance(out["nodes"], int) and isinstance(out["seconds"], float)


def test_solve_command_applies_plays_and_writes_fox_and_woodcutter_choices_as_the_referee():
    hands = {"A": ["3K", "10B", "2M", "6B"], "B": ["5K", "4M", "6K", "1B"]}
    scen = {"decree": "8M", "hands": hands, "leader": "A", "deck": ["7B", "2K"],
            "tricks_won": {"A": 4, "B": 5}, "plays": [{"card": "3K", "exchange": "10B"}]}
    out = json.loads(_run([json.dumps(scen)]).stdout)
    assert out["to_play"] == "B"
    plays = [m["play"] for m in out["moves"]]
    assert {"card": "5K", "discard": "7B"} in plays and "6K" in plays
    rnd = Round(Position(Card("8M"), tuple([Card(c) for c in hands[p]] for p in "AB"), 0,
                         [Card("7B"), Card("2K")], [], (4, 5)))
    rnd.push(Move(Card("3K"), exchange=Card("10B")))
    expected = {json.dumps(m.move.to_json(), sort_keys=True): m.value for m in solve(rnd).moves}
    assert {json.dumps(m["play"], sort_keys=True): m["value"] for m in out["moves"]} == expected


def test_solve_command_reports_bad_lines_and_keeps_going():
    bad_play = dict(SCENARIO, plays=["4B"])          # A's card, but B is to play
    over = dict(SCENARIO, plays=["2M", "4M", "4B", "8K"])
    proc = _run(["not json", json.dumps({"hands": {}}), json.dumps(bad_play), json.dumps(over),
                 json.dumps(SCENARIO)])
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(lines) == 5
    assert "not valid JSON" in lines[0]["error"]
    assert "error" in lines[1] and "error" in lines[2]
    assert "round is over" in lines[3]["error"]
    assert lines[4]["to_play"] == "B"


def test_solve_command_objectives_and_limits():
    proc = _run([json.dumps(SCENARIO)], "--objective", "band:B:Victorious")
    out = json.loads(proc.stdout)
    assert {m["play"]: m["value"] for m in out["moves"]} == {"2M": 1, "8K": 0}
    scen = {"decree": "3M", "hands": {"A": ["11M", "2B"], "B": ["4B", "6K"]}, "leader": "A",
            "tricks_won": {"A": 6, "B": 5}, "plays": []}
    proc = _run([json.dumps(scen)], "--objective", "trick:B:win")
    # After the 2 of Bells, B can win the trick with the 4; nothing beats the trump 11.
    assert {m["play"]: m["value"] for m in json.loads(proc.stdout)["moves"]} == \
        {"2B": 1, "11M": 0}
    deal = Round.deal(3)
    scen = deal.start.to_json()
    scen.pop("dealer", None)
    scen["plays"] = []
    proc = _run([json.dumps(scen)], "--node-limit", "500")
    out = json.loads(proc.stdout)
    assert out["complete"] is False and "node limit" in out["limit"]
    assert any(m.get("exact") is False for m in out["moves"])


def test_solve_command_with_all_moves_false_gives_the_value_and_one_best_move():
    proc = _run([json.dumps(dict(SCENARIO, all_moves=False)), json.dumps(SCENARIO),
                 json.dumps(dict(SCENARIO, all_moves="no"))])
    value, full, bad = [json.loads(x) for x in proc.stdout.splitlines()]
    assert value["to_play"] == "B" and value["value"] == 5 and value["best"] == ["2M"]
    assert isinstance(value["nodes"], int) and isinstance(value["seconds"], float)
    assert "moves" not in value and full["moves"][0] == {"play": "2M", "value": 5}
    assert "all_moves" in bad["error"]
    deal = Round.deal(3).start.to_json()
    deal.pop("dealer", None)
    proc = _run([json.dumps(dict(deal, plays=[], all_moves=False))], "--node-limit", "500")
    out = json.loads(proc.stdout)
    assert out["complete"] is False and out["value"] is None and out["low"] <= out["high"]


POISON_SCENARIO = {"decree": "1M", "hands": {"A": ["8K", "2B"], "B": ["10K", "4B"]},
                   "leader": "A", "tricks_won": {"A": 5, "B": 5}, "score": {"A": 4, "B": 3},
                   "modules": {"poison": True}, "plays": []}


def test_solve_command_values_poison_scenarios_with_the_floor_at_zero():
    # B wins both tricks and the Poison 8 of Keys: at 3 points B loses 1 for it, at 0 nothing.
    at_zero = dict(POISON_SCENARIO, score={"A": 4, "B": 0})
    proc = _run([json.dumps(POISON_SCENARIO), json.dumps(dict(at_zero, all_moves=False)),
                 json.dumps(dict(POISON_SCENARIO, modules={}))])
    poison, floor, base = [json.loads(x) for x in proc.stdout.splitlines()]
    assert poison["moves"] == [{"play": "2B", "value": -3}, {"play": "8K", "value": -3}]
    assert floor["value"] == -4 and base["moves"][0]["value"] == -4
    proc = _run([json.dumps(POISON_SCENARIO)], "--objective", "band:B:7-9")
    assert [m["value"] for m in json.loads(proc.stdout)["moves"]] == [1, 1]


def test_the_solver_refuses_goal_cards_and_special_cards_with_the_reason():
    goals = dict(POISON_SCENARIO, modules={"goals": ["early-bird", "swan-song"]},
                 goals=["early-bird"])
    from foxlib.io.inputs import read_scenario
    from foxlib.engine.modules import Modules
    rnd, _ = read_scenario(goals)
    for work in (solve, solve_value, principal_line):
        with pytest.raises(InvalidState, match="The solver works out the base game and Poison "
                                               "8s only: it cannot value a round played with "
                                               "goal cards"):
            work(rnd)
    rnd, _ = read_scenario(POISON_SCENARIO)
    rnd.modules = Modules(special=("Axe",))
    with pytest.raises(InvalidState, match="cannot value a round played with special cards"):
        solve(rnd)


def test_the_solve_command_searches_goal_and_special_scenarios_over_the_engine():
    # The command hands rounds with goal cards or special cards to foxlib.search.deluxe_solver.
    goals = dict(POISON_SCENARIO, modules={"goals": ["early-bird", "swan-song"]},
                 goals=["early-bird"])
    special = dict(POISON_SCENARIO, modules={"special": ["Axe"]})
    proc = _run([json.dumps(goals), json.dumps(special), json.dumps(POISON_SCENARIO)])
    assert proc.returncode == 0 and proc.stderr == ""
    with_goals, with_special, poison = [json.loads(x) for x in proc.stdout.splitlines()]
    for out in (with_goals, with_special):
        assert out["searched"] == "deluxe" and out["complete"] and out["to_play"] == "A"
        assert sorted(a["action"][1] for a in out["actions"]) == ["2B", "8K"]
    assert "searched" not in poison and poison["to_play"] == "A"


def test_solve_command_rejects_a_bad_objective_with_usage():
    proc = _run([json.dumps(SCENARIO)], "--objective", "band:A:Heroic")
    assert proc.returncode == 2 and "Heroic" in proc.stderr and proc.stdout == ""


def test_a_full_transposition_table_is_emptied_and_the_values_stay_exact(monkeypatch):
    """The tables hold only bounds: emptying them when they reach their cap (so that long
    searches cannot fill the memory) changes the time taken, never a value."""
    import foxlib.search.solver as solver_module
    rng = random.Random(11)
    positions = [fast.random_position(rng, 7, deck_size=rng.randint(0, 6)) for _ in range(4)]
    exact = [[m.value for m in solve(fast.to_round(s), lines=False).moves] for s in positions]
    monkeypatch.setattr(solver_module, "TABLE_CAP", 50)
    cleared = 0
    for s, values in zip(positions, exact):
        analysis = solve(fast.to_round(s), lines=False)
        assert [m.value for m in analysis.moves] == values
        root = solver_module._Root(s, "points")
        root.exact(s, 0, [-1000, 1000])
        cleared += root.search.cleared
    assert cleared > 0


@pytest.mark.slow
def test_exchanges_and_discards_merge_when_the_opponent_can_never_receive_a_card():
    """Two equivalent plain cards are one Fox exchange (or one Woodcutter discard) even when
    the player's own Foxes or Woodcutters could bring the other back, as long as the opponent
    holds no Fox and no Woodcutter: the two cards can then never meet in one trick (see
    docs/solver.md). Checked against brute force on positions where the player holds two such
    cards and the older rules (no other Fox; a discard never drawn again) would not merge
    them; about half of the opponents hold a Fox or Woodcutter, where merging would be wrong."""
    rng = random.Random(1)
    F, W = fast.FOXES, fast.WOODCUTTERS
    checked = merged = 0
    while checked < 300:
        st = fast.random_position(rng, rng.randint(2, 3), rng.randint(1, 6))
        me = st.to_play
        hm, ho = st.hands[me], st.hands[1 - me]
        deck = fast.mask_of(st.deck)
        own = hm | deck | fast.BIT[st.decree]
        another_fox = hm & F and (own & F).bit_count() >= 2
        redrawn = hm & W and (own & W).bit_count() - 1 >= len(st.deck)
        inplay = hm | ho | deck | fast.BIT[st.decree]
        pair = any(hm >> c & 1 and hm >> (c + 2) & 1 and not inplay >> (c + 1) & 1
                   for c in range(31) if fast.RANK[c] % 2 == 0 and fast.RANK[c] <= 8)
        if not (pair and (another_fox or redrawn)):
            continue
        rnd = fast.to_round(st)
        got = solve(rnd)
        checked += 1
        merged += any((mv.move.exchange or mv.move.discard) and "worth exactly as much" in
                      mv.explanation for mv in got.moves)
        assert _values(got) == brute_root(rnd, _points_after), rnd.dumps()
    assert merged >= 100


def test_a_pending_exchange_or_discard_merges_the_same_way_when_the_opponent_is_sealed():
    """The same merge during a pending Fox exchange or Woodcutter discard (the root's own
    equivalence classes): checked against brute force."""
    rng = random.Random(3)
    checked = merged = 0
    while checked < 150:
        st = fast.random_position(rng, rng.randint(2, 3), rng.randint(1, 6))
        me = st.to_play
        hm, ho = st.hands[me], st.hands[1 - me]
        inplay = hm | ho | fast.mask_of(st.deck) | fast.BIT[st.decree]
        pair = any(hm >> c & 1 and hm >> (c + 2) & 1 and not inplay >> (c + 1) & 1
                   for c in range(31) if fast.RANK[c] % 2 == 0 and fast.RANK[c] <= 8)
        if not (pair and hm & (fast.FOXES | fast.WOODCUTTERS)):
            continue
        rnd = fast.to_round(st)
        for mv in rnd.legal_moves():
            if mv.exchange is not None or mv.discard is not None:
                rnd.play(mv.card)
                break
        if rnd.phase not in ("exchange", "discard"):
            continue
        got = solve(rnd)
        checked += 1
        merged += any("worth exactly as much" in m.explanation for m in got.moves)
        assert _values(got) == brute_root(rnd, _points_after), rnd.dumps()
    assert merged >= 50


def test_trumps_above_every_trump_or_lone_witch_of_the_other_side_are_sure_tricks():
    """The plain search bounds a position by the tricks each side surely takes: every trump
    above all the other side's trumps wins the trick it is played in, and a Witch (a 9 of
    another suit, alone in its trick) counts as a trump 9 for the other side. Checked against
    brute force on positions with a 9 in play, where a bound that forgot the Witch is wrong."""
    rng = random.Random(2)
    checked = 0
    while checked < 120:
        st = fast.random_position(rng, 4, deck_size=0, trick_in_progress=False)
        both = st.hands[0] | st.hands[1]
        trump = fast.CARD_SUIT_MASK[fast.SUIT[st.decree] * 11]
        if both & fast.FOXES or not both & fast.WITCHES & ~trump or not both & trump:
            continue
        rnd = fast.to_round(st)
        assert _values(solve(rnd)) == brute_root(rnd, _points_after), rnd.dumps()
        checked += 1



def _fast_brute(s, memo):
    """Points the player to move gains minus the opponent's from ``s`` on, by plain minimax
    over every legal action of the fast path (no pruning, no equivalence), remembered by the
    whole state: fast enough for 4 cards a hand with Fox and Woodcutter decisions."""
    if s.phase == fast.OVER:
        return 0
    v = memo.get(s)
    if v is None:
        p = s.to_play
        v = max(_fast_gain(s, fast.apply_action(s, a), p, memo) for a in fast.legal_actions(s))
        memo[s] = v
    return v


def _fast_gain(s, t, p, memo):
    gain = (t.round_gain[p] - s.round_gain[p]) - (t.round_gain[1 - p] - s.round_gain[1 - p])
    return gain + (_fast_brute(t, memo) if t.to_play == p else -_fast_brute(t, memo))


def _fast_move_values(st):
    """Every legal move of ``st`` (a ``Move``) with its brute-force value."""
    memo = {}
    return {fast.to_move(m): _fast_gain(st, fast.apply(st, m), st.to_play, memo)
            for m in fast.legal_moves(st)}


@pytest.mark.slow
def test_the_treasure_goes_only_where_the_tricks_go_in_the_score_bounds():
    """The bounds count the 7s by the tricks: a player who takes k more tricks takes at most
    2k cards, so at most that many 7s, and the opponent takes every 7 sure to be played that
    is not in those tricks. A 7 is sure to be played only in the hand of a player who can
    never put a card aside (no Fox, no Woodcutter with a deck to draw from). Every move of
    300 positions of 4 cards a hand where one hand holds a 7 and such a card, against plain
    minimax; counting those 7s as sure fails it."""
    rng = random.Random(3)
    checked = 0
    while checked < 300:
        st = fast.random_position(rng, 4, deck_size=rng.choice((0, 2, 3)),
                                  trick_in_progress=False)
        aside = fast.FOXES | (fast.WOODCUTTERS if st.deck else 0)
        if not any(h & fast.TREASURES and h & aside for h in st.hands):
            continue
        assert _values(solve_state(st, lines=False)) == _fast_move_values(st), st
        checked += 1


def test_sure_tricks_with_a_woodcutter_about_count_every_trump_that_can_reach_the_other_side():
    """With no Fox left the trump is settled, so the bounds of a node with Woodcutter
    decisions also count sure tricks: a trump above every trump that can ever reach the other
    side (its hand and the deck cards that can still be drawn; a Witch there counts as a
    trump 9) wins its trick, if its holder can never put it aside (no Woodcutter with a deck
    to draw from). Every move of 300 such positions of 4 cards a hand against plain minimax;
    leaving out the deck or letting a Woodcutter's holder count fails it."""
    rng = random.Random(4)
    checked = 0
    while checked < 300:
        st = fast.random_position(rng, 4, deck_size=rng.choice((1, 2, 3)),
                                  trick_in_progress=False)
        both = st.hands[0] | st.hands[1]
        trump = fast.CARD_SUIT_MASK[fast.SUIT[st.decree] * 11]
        if both & fast.FOXES or not both & fast.WOODCUTTERS \
                or not both & trump:
            continue
        assert _values(solve_state(st, lines=False)) == _fast_move_values(st), st
        checked += 1
