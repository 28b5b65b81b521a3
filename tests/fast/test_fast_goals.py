"""Goal cards on the fast path (foxlib.fast.goals, foxlib.fast.base) score exactly as Round does:
the same claims (goal, player, moment), the same score changes at every trick and at the end,
with and without Poison 8s, for every house goal in many pairs and for random conditions of
the whole goal language."""
import itertools
import random

import pytest

from foxlib import DECK, Action, Round
from foxlib.fast import base as fast
from foxlib.core.errors import InvalidState
from foxlib.engine.goals import END, Goal, evaluate_all, house_goals
from foxlib.engine.modules import Modules
from foxlib.engine.round import Position

HOUSE = tuple(house_goals())


def _code(action) -> int:
    return -1 if action.card is None else action.card.index


def _round_claims(rnd) -> list:
    """Every claim of a finished round: (goal id, player, moment, points)."""
    found = [c for t in rnd.tricks for c in t.claims] + list(rnd.round_end.claims)
    return sorted((c.goal, c.player, c.moment, c.points) for c in found)


def _trick_changes(rnd) -> list:
    """Each player's score change at every trick of a round with goals (the end not included),
    from the records: Treasure minus Poison for the winner, goal points, what the floor saved."""
    out = []
    for t in rnd.tricks:
        change = [sum(c.points for c in t.claims if c.player == p) + t.goal_floored[p]
                  for p in (0, 1)]
        change[t.winner] += t.treasure - t.lost
        out.append(tuple(change))
    return out


def _replay(log, rnd=None):
    """Replay a fast log's actions through a Round (from its deal unless ``rnd`` is given);
    returns the round, the logged claims and the logged tricks."""
    if rnd is None:
        rnd = fast.to_round(log[0][1])
    claims, tricks = [], []
    for item in log[1:]:
        if item[0] == "claim":
            claims.append(item[1:])
        elif item[0] == "trick":
            tricks.append(item[1:])
        else:
            kind, code = item
            assert rnd.phase == kind
            rnd.act(Action(kind, None if code < 0 else DECK[code]))
    return rnd, claims, tricks


def _fast_claims(claims, goals) -> list:
    return sorted((goals[i].id, p, moment, goals[i].points) for i, p, moment in claims)


# ----------------------------------------------------------------------------- house goals

@pytest.mark.parametrize("poison", [False, True], ids=["goals", "goals+poison"])
def test_every_pair_of_house_goals_scores_the_same_in_the_fast_playout_and_the_round(poison):
    """All 240 ordered pairs of the 16 house goals, two seeded random rounds each, from small
    scores (so that the floor at 0 is reached): the fast random round and the Round replaying
    its actions give the same claims, the same change of each score at every trick, and the
    same tricks and scores at the end."""
    rng = random.Random(2024 + poison)
    pairs = list(itertools.permutations(HOUSE, 2))
    assert len(pairs) == 240
    claimed_goals, floored = set(), 0
    for i, pair in enumerate(pairs * 2):
        score = (rng.randrange(3), rng.randrange(3))
        log = []
        result = fast.random_round(rng, i & 1, log, poison=poison, score=score, goals=pair)
        rnd, claims, tricks = _replay(log)
        assert rnd.is_over and rnd.goals == pair
        assert _fast_claims(claims, pair) == _round_claims(rnd)
        assert [t[2:] for t in tricks] == _trick_changes(rnd)
        assert [t[:2] for t in tricks] == [(t.winner, t.next_leader) for t in rnd.tricks]
        assert result == (*rnd.tricks_won, *rnd.score)
        claimed_goals.update(c[0] for c in _round_claims(rnd))
        floored += any(any(t.goal_floored) for t in rnd.tricks) or any(
            rnd.round_end.goal_floored)
    # Every house goal was claimed or triggered somewhere, and the floor was reached.
    assert claimed_goals == {g.id for g in HOUSE}
    assert floored > 0


def test_the_quiet_goal_playout_plays_exactly_the_logged_rounds():
    """Without a log the goal playout draws the same random numbers and gives the same result;
    goals change only the points: the same seed plays the same cards with or without them."""
    rng = random.Random(3)
    for seed in range(200):
        pair = rng.sample(HOUSE, 2)
        poison = bool(seed & 2)
        quiet = fast.random_round(random.Random(seed), seed & 1, poison=poison, goals=pair)
        logged, plain = [], []
        assert fast.random_round(random.Random(seed), seed & 1, logged, poison=poison,
                                 goals=pair) == quiet
        base = fast.random_round(random.Random(seed), seed & 1, plain, poison=poison)
        assert [x for x in logged[1:] if x[0] not in ("trick", "claim")] == \
            [x for x in plain[1:] if x[0] != "trick"]
        assert quiet[:2] == base[:2]


def test_each_action_through_the_fast_path_keeps_the_state_of_the_round_with_goals():
    """Random actions applied one by one to a Round with goals and to its fast state: after
    every action the fast state is the Round's (scores, gains, and the goals' counters worked
    out again from the Round's tricks)."""
    rng = random.Random(5)
    for i in range(120):
        pair = tuple(g.id for g in rng.sample(HOUSE, 2))
        modules = Modules(poison=bool(i & 1), goals=pair)
        pos = Round.deal(rng.randrange(10 ** 9), dealer=i & 1,
                         score=(rng.randrange(2), rng.randrange(2)), modules=modules).start
        pos.goals = pair
        rnd = Round(pos)
        st = fast.from_round(rnd)
        assert st.goals is not None and st.gstate == st.goals.initial
        while not rnd.is_over:
            action = rng.choice(rnd.legal_actions())
            assert [_code(a) for a in rnd.legal_actions()] == fast.legal_actions(st)
            rnd.act(action)
            st = fast.apply_action(st, _code(action))
            assert fast.from_round(rnd) == st
        assert st.phase == fast.OVER
        assert st.score == tuple(rnd.score) and st.round_gain == tuple(rnd.round_gain)


def test_a_playout_from_the_middle_of_a_round_with_goals_finishes_as_the_round_does():
    """From any point of a round (a Fox's or Woodcutter's decision pending included), the
    random playout's claims and scores are the Round's for the same actions."""
    rng = random.Random(6)
    for i in range(200):
        pair = tuple(rng.sample(HOUSE, 2))
        modules = Modules(poison=bool(i & 1), goals=tuple(g.id for g in pair))
        pos = Round.deal(rng.randrange(10 ** 9), modules=modules).start
        pos.goals = modules.goals
        rnd = Round(pos)
        for _ in range(rng.randrange(27)):
            if rnd.is_over:
                break
            rnd.act(rng.choice(rnd.legal_actions()))
        before = {(c.goal, c.player, c.moment, c.points) for t in rnd.tricks for c in t.claims}
        st = fast.from_round(rnd)
        log = [("deal", st)]
        result = fast.random_playout(st, rng, log)
        rnd, claims, _ = _replay(log, rnd)
        assert rnd.is_over
        assert result == (*rnd.tricks_won, *rnd.score)
        after = [c for c in _round_claims(rnd) if c not in before]
        assert _fast_claims(claims, pair) == sorted(after)


def test_a_position_that_started_mid_round_counts_the_tricks_won_before_it():
    """``win_tricks`` counts the tricks won before the position (as ``evaluate`` does) and the
    trick numbers go on from there: "halfway there" (6 tricks) is met by A's next win."""
    goals = ("halfway-there", "last-word")
    pos = Position(DECK[5], ([DECK[10]], [DECK[3]]), 0, tricks_won=(5, 7),
                   modules=Modules(goals=goals), goals=goals)
    rnd = Round(pos)
    st = fast.from_round(rnd)
    rnd.play(DECK[10])
    rnd.play(DECK[3])
    st = fast.apply_action(fast.apply_action(st, 10), 3)
    assert fast.from_round(rnd) == st
    assert {(c.goal, c.moment) for c in rnd.tricks[0].claims} == {("halfway-there", 13),
                                                                  ("last-word", 13)}


# ----------------------------------------------------------------------------- the language

_SPECS = [{}, {"character": "Swan"}, {"character": "Treasure"}, {"character": "Monarch"},
          {"rank": 8}, {"suit": "M"}, {"suit": "B", "rank": 3}, {"card": "11K"},
          {"trump": True}, {"trump": False, "character": "Witch"}, {"special": "Axe"}]


def _random_condition(rng, depth=0) -> dict:
    forms = ["win_trick", "lose_trick", "take", "win_tricks", "streak", "round_end"]
    if depth < 2:
        forms += ["all", "any", "never"]
    form = rng.choice(forms)
    if form in ("all", "any"):
        return {form: [_random_condition(rng, depth + 1) for _ in range(rng.randint(1, 3))]}
    if form == "never":
        return {"never": _random_condition(rng, depth + 1)}
    cond = {"event": form}
    if form in ("win_trick", "lose_trick"):
        for key in ("with", "against"):
            if rng.random() < 0.5:
                cond[key] = rng.choice(_SPECS)
        if rng.random() < 0.3:
            cond["trick"] = rng.choice(["first", "last", rng.randint(1, 13)])
        if rng.random() < 0.3:
            cond["led"] = rng.random() < 0.5
    elif form == "take":
        cond["cards"] = rng.choice(_SPECS)
        if rng.random() < 0.6:
            cond["count"] = rng.randint(1, 4)
    elif form == "win_tricks":
        cond["count"] = rng.randint(1, 9)
    elif form == "streak":
        cond["tricks"] = rng.randint(2, 4)
        if rng.random() < 0.4:
            cond["with"] = rng.choice(_SPECS)
    else:
        if rng.random() < 0.7:
            cond["tricks"] = rng.choice([rng.randint(0, 8), {"exactly": rng.randint(0, 8)},
                                         {"at_least": rng.randint(0, 7)},
                                         {"at_most": rng.randint(2, 9)},
                                         {"at_least": 3, "at_most": 7}])
        if "tricks" not in cond or rng.random() < 0.5:
            cond["taken"] = {"cards": rng.choice(_SPECS)}
            if rng.random() < 0.7:
                cond["taken"]["count"] = rng.choice([rng.randint(0, 4),
                                                     {"at_most": rng.randint(0, 3)},
                                                     {"exactly": rng.randint(0, 3)}])
    return cond


@pytest.mark.slow
def test_random_conditions_of_the_whole_language_claim_as_evaluate_says():
    """Goals made of random conditions (every event and combinator, nested, every field) are
    claimed in the fast playout exactly as ``foxlib.engine.goals.evaluate`` finds them in the records
    of the same round played through Round."""
    rng = random.Random(7)
    forms = set()
    for i in range(600):
        goals = tuple(Goal(f"g{k}", f"Goal {k}", "printed", rng.choice(["once", "ongoing"]),
                           rng.choice([-2, -1, 1, 2, 3]), _random_condition(rng))
                      for k in range(2))
        forms.update(k for g in goals for k in g.condition)
        log = []
        result = fast.random_round(rng, i & 1, log, poison=bool(i & 2), score=(1, 0),
                                   goals=goals)
        start = log[0][1]
        plain = fast.to_round(start._replace(goals=None, gstate=()))
        rnd, claims, _ = _replay(log, plain)
        expected = sorted((c.goal, c.player, c.moment, c.points)
                          for c in evaluate_all(rnd, goals))
        assert _fast_claims(claims, goals) == expected, [g.condition for g in goals]
        assert result[:2] == tuple(rnd.tricks_won)
    assert {"event", "all", "any", "never"} <= forms


def test_the_end_of_the_round_is_moment_fourteen_in_the_fast_log():
    assert END == 14


# ----------------------------------------------------------------------------- conversions

def test_a_fast_state_with_goal_progress_is_not_made_into_a_round():
    """A Round position cannot hold what the goals counted so far (a goal claimed, cards
    taken, a run of tricks): ``to_round`` refuses such a state rather than lose it, and makes
    a Round of a state without any."""
    rng = random.Random(8)
    st = fast.deal(rng, 0, goals=("early-bird", "moonlight"))
    assert fast.to_round(st).goals == tuple(HOUSE[i] for i in (2, 13))
    while sum(st.tricks_won) == 0:
        st = fast.apply_action(st, rng.choice(fast.legal_actions(st)))
    assert st.gstate != st.goals.initial       # early-bird was claimed at the first trick
    with pytest.raises(InvalidState, match="goal progress"):
        fast.to_round(st)
    while st.phase != fast.OVER:
        st = fast.apply_action(st, rng.choice(fast.legal_actions(st)))
    with pytest.raises(InvalidState, match="goal progress"):
        fast.to_round(st._replace(gstate=st.goals.initial))


def test_unknown_goal_ids_are_refused_with_the_list_of_house_goals():
    with pytest.raises(InvalidState, match="'no-such-goal' is not a house goal; the house "
                                           "goals are swan-song"):
        fast.deal(random.Random(1), goals=("no-such-goal",))


def test_the_solver_refuses_a_round_with_goals_rather_than_give_wrong_values():
    from foxlib.search.solver import solve
    goals = ("swan-song", "moonlight")
    pos = Round.deal(4, modules=Modules(goals=goals)).start
    pos.goals = goals
    with pytest.raises(InvalidState, match="cannot value a round played with goal cards"):
        solve(Round(pos))


def test_the_special_cards_are_still_refused_by_the_fast_path():
    rnd = Round.deal(4)
    rnd.modules = Modules(special=("Axe",))
    with pytest.raises(InvalidState, match="not a round with special cards"):
        fast.from_round(rnd)


# ----------------------------------------------------------------------------- rulings

def _scenario(decree, a, b, goals, leader="A", poison=False, **extra):
    from scenario_helpers import position
    modules = {"goals": list(goals), "poison": poison}
    left = 13 - len(a.split())
    extra.setdefault("tricks_won", {"A": left - left // 2, "B": left // 2})
    return Round(position(decree, a, b, leader, modules=modules, goals=list(goals), **extra))


def test_a_goal_both_players_meet_at_the_end_goes_to_the_last_tricks_winner_in_the_fast_path():
    # Nobody takes a Woodcutter; B wins the last trick, so B claims "Woodland peace" (G1).
    rnd = _scenario("2B", "4K 6K", "4M 6M", ["woodland-peace"], leader="B")
    st = fast.from_round(rnd)
    for card in ("4M", "4K", "6M", "6K"):
        rnd.play(card)
        st = fast.play(st, next(c.index for c in DECK if str(c) == card))
    assert [(c.goal, c.player) for c in rnd.round_end.claims] == [("woodland-peace", 1)]
    assert st.phase == fast.OVER and st.score == tuple(rnd.score)
    log = []
    end = fast.random_playout(fast.from_round(_scenario("2B", "4K 6K", "4M 6M",
                                                        ["woodland-peace"], leader="B")),
                              random.Random(1), log)
    assert ("claim", 0, 1, END) in log and end[2:] == tuple(rnd.score)


def test_treasure_poison_and_goals_of_a_trick_are_added_up_then_floored_in_the_fast_path():
    # A is at 0 and wins a Poison 8 against a Monarch: -1 + 2 = +1 (G3, G4).
    rnd = _scenario("2B", "8B 4B", "11K 6K", ["royal-rebuff"], poison=True)
    st = fast.from_round(rnd)
    for card in ("8B", "11K"):
        rnd.play(card)
        st = fast.play(st, next(c.index for c in DECK if str(c) == card))
    assert st.score == tuple(rnd.score) == (1, 0)
    assert fast.from_round(rnd) == st


def test_a_round_with_goals_of_a_goal_file_converts_both_ways():
    """Goals of the players' own goal file (not house goals) go to the fast path and back."""
    from foxlib.engine.goals import GoalSet
    own = GoalSet("mine", "My goals", tuple(
        Goal(f"g{k}", f"Goal {k}", "printed", "ongoing", 1,
             {"event": "take", "cards": {"suit": "BKM"[k]}}) for k in range(2)))
    modules = Modules.with_goals(own)
    pos = Round.deal(6, modules=modules).start
    pos.goals = ("g0", "g1")
    rnd = Round(pos)
    st = fast.from_round(rnd)
    back = fast.to_round(st)
    assert back.goals == rnd.goals and fast.from_round(back) == st
    log = [("deal", st)]
    result = fast.random_playout(st, random.Random(2), log)
    replay, claims, _ = _replay(log, rnd)
    assert result == (*replay.tricks_won, *replay.score)
    assert _fast_claims(claims, own.goals) == _round_claims(replay)


def test_goals_compiled_for_the_special_cards_are_not_played_on_the_base_fast_path():
    """One compiler, two decks: a program for the 42 cards has no base-game playout (a clear
    refusal), ``fast`` recompiles such a program for its own deck, and an unknown deck is
    refused with the names of the decks."""
    from foxlib.fast import goals as fastgoals
    special = fastgoals.program(HOUSE[:2], "special")
    with pytest.raises(InvalidState, match="special cards' fast path"):
        special.playout(False)
    assert fast.goal_program(special) is fastgoals.program(HOUSE[:2])
    for seed in range(20):
        assert fast.random_round(random.Random(seed), 0, goals=special) == \
            fast.random_round(random.Random(seed), 0, goals=HOUSE[:2])
    with pytest.raises(InvalidState, match="'deluxe' is not a deck .* base, special"):
        fastgoals.program(HOUSE[:2], "deluxe")
