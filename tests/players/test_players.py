"""Computer players: legal choices in every phase, hidden cards stay hidden, rules of thumb,
the strong player's sampling and determinism, and the evaluators it relies on."""
import random

import pytest

from foxlib import DECK, Card, Position, PlayerView, Round
from foxlib.fast import base as fast
from foxlib.search.evaluators import (HybridEvaluator, LookaheadEvaluator, MinimaxEvaluator,
                               PolicyRolloutEvaluator, RolloutEvaluator, Schedule,
                               default_evaluator)
from foxlib.players.common import Outlook, band_difference, remaining_tricks
from foxlib.players.levels import LEVELS, RandomPlayer, RulesPlayer, StrongPlayer, make_player
from foxlib.io.inputs import read_position


def mk(decree, a, b, leader="A", **extra) -> Round:
    obj = {"decree": decree, "hands": {"A": a.split(), "B": b.split()}, "leader": leader}
    for key in ("deck", "trick"):
        if isinstance(extra.get(key), str):
            extra[key] = extra[key].split()
    obj.update(extra)
    return Round(read_position(obj))


def cheap_strong(seed=0, samples=3):
    """A strong player with a small budget and a quick evaluator, for tests of mechanics."""
    return StrongPlayer(seed, samples=samples, time_limit=None,
                        evaluator=HybridEvaluator(MinimaxEvaluator(), PolicyRolloutEvaluator(), 3))


def play_out(rnd: Round, players, seen=None) -> Round:
    while not rnd.is_over:
        p = rnd.to_play
        view = rnd.view(p)
        action = players[p].choose(view)
        assert action in view.legal, f"{players[p].level} chose {action} in {rnd.phase}"
        if seen is not None:
            seen.setdefault(players[p].level, set()).add(rnd.phase)
        rnd.act(action)
    return rnd


# ----------------------------------------------------------------------------- legality

def test_every_level_is_offered():
    assert set(LEVELS) == {"random", "rules", "strong"}
    for level in LEVELS:
        assert make_player(level, 1).level == level


def test_make_player_rejects_unknown_level_with_a_clear_message():
    with pytest.raises(ValueError, match="Unknown player level 'grandmaster'"):
        make_player("grandmaster")


def test_every_level_plays_only_legal_actions_in_all_phases():
    seen: dict = {}
    for seed in range(24):
        makers = [lambda s: RandomPlayer(s), lambda s: RulesPlayer(s), cheap_strong]
        mine = makers[seed % 3](seed)
        other = makers[(seed // 3) % 3](seed + 100)
        players = [mine, other] if seed % 2 else [other, mine]
        play_out(Round.deal(seed, seed % 2), players, seen)
    for level in ("random", "rules", "strong"):
        assert {"play", "exchange", "discard"} <= seen[level], (level, seen[level])


def test_strong_player_with_the_default_evaluator_plays_legal_late_moves():
    rng = random.Random(5)
    rnd = Round.deal(5, 0)
    while len(rnd.hands[0]) > 5 or rnd.phase != "play":
        rnd.act(rng.choice(rnd.legal_actions()))
    play_out(rnd, [StrongPlayer(1, samples=4), StrongPlayer(2, samples=4)])


def test_players_refuse_to_choose_out_of_turn():
    rnd = Round.deal(3, 0)
    idle = rnd.view(1 - rnd.to_play)
    for level in LEVELS:
        with pytest.raises(ValueError, match="not this player's turn"):
            make_player(level, 0).choose(idle)


# ----------------------------------------------------------------------------- hidden cards

def _swap_hidden(rnd_seed: int):
    """Two rounds that differ only in cards player A cannot see (B's hand and the deck)."""
    one = Round.deal(rnd_seed, 1)          # A leads
    start = one.start
    b = list(start.hands[1])
    deck = list(start.deck)
    b[0], deck[2] = deck[2], b[0]
    deck.reverse()
    two = Round(Position(start.decree, (start.hands[0], sorted(b)), start.leader, deck))
    return one, two


@pytest.mark.parametrize("level", ["rules", "strong"])
def test_player_cannot_read_hidden_cards_same_view_same_choice(level):
    for seed in range(3):
        one, two = _swap_hidden(seed)
        assert one.hands[1] != two.hands[1] and one.view(0) == two.view(0)
        maker = (lambda: cheap_strong(7, samples=4)) if level == "strong" else (lambda: RulesPlayer(7))
        assert maker().choose(one.view(0)) == maker().choose(two.view(0))


def test_player_is_handed_only_a_player_view():
    rnd = Round.deal(2, 0)
    for level in ("rules", "strong"):
        with pytest.raises(TypeError, match="PlayerView"):
            make_player(level, 0).choose(rnd)


def _cards_in(obj, found, depth=0):
    if isinstance(obj, Card):
        found.add(obj)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for x in obj:
            _cards_in(x, found, depth + 1)
    elif hasattr(obj, "__dataclass_fields__") and depth < 4:
        for name in obj.__dataclass_fields__:
            _cards_in(getattr(obj, name), found, depth + 1)


def test_view_handed_to_players_holds_no_hidden_card():
    rng = random.Random(11)
    for seed in range(6):
        rnd = Round.deal(seed, 0)
        while not rnd.is_over:
            p = rnd.to_play
            view = rnd.view(p)
            found: set = set()
            _cards_in(view, found)
            # Cards p has seen face up: those played, exchanged with the decree, and its own
            # Woodcutter draws and discards. Everything else in B's hand or the deck is secret.
            shown = {view.decree} | set(view.hand)
            for rec in rnd.history:
                if rec.kind in ("play", "exchange", "trick") or rec.player == p:
                    _cards_in(rec, shown)
            secret = (set(rnd.hands[1 - p]) | set(rnd.deck)) - shown
            assert secret and not found & secret
            rnd.act(rng.choice(rnd.legal_actions()))


# ----------------------------------------------------------------------------- rules of thumb

def test_band_difference_is_the_table_for_both_players():
    assert band_difference(3, 13) == 6 - 0      # Humble against Greedy
    assert band_difference(9, 13) == 6 - 1      # Victorious against Defeated (4)
    assert band_difference(10, 13) == 0 - 6
    assert band_difference(6, 13) == 3 - 6


def test_remaining_tricks_counts_the_open_trick():
    rnd = mk("2B", "8M 2M 3K", "5B 9K", leader="B", trick="4M", tricks_won={"A": 5, "B": 5})
    assert remaining_tricks(rnd.view(0)) == 3


def test_rules_player_avoids_tenth_trick_when_on_nine():
    rnd = mk("2B", "8M 2M 3K 6K", "5B 9K 10K", leader="B", trick="4M",
             tricks_won={"A": 9, "B": 0}, deck="1B 3B 4B 6B 8B 10B")
    p = RulesPlayer(1)
    assert p.choose(rnd.view(0)).card == Card("2M")
    assert "Greedy" in p.explain(rnd.view(0))


def test_rules_player_takes_treasure_when_it_helps():
    rnd = mk("2B", "8M 2M 11B 10B 9B 8B 11K", "5B 9K 10K 1M 3M 4M", leader="B", trick="7M",
             tricks_won={"A": 3, "B": 3}, deck="1B 3B 4B 6B 7B 3K")
    p = RulesPlayer(1)
    assert p.choose(rnd.view(0)).card == Card("8M")
    assert "Treasure" in p.explain(rnd.view(0))


def test_rules_player_does_not_gift_treasure_when_losing_a_trick():
    # Aiming low, A cannot follow Moons and loses either way: it keeps its 7 out of B's trick.
    rnd = mk("2B", "7K 4K 2K 1K 3K", "5B 6B 1M 3M", leader="B", trick="10M",
             tricks_won={"A": 0, "B": 8}, deck="1B 3B 4B 9B 8B 10B")
    assert RulesPlayer(1).choose(rnd.view(0)).card != Card("7K")


def test_rules_player_dumps_its_highest_safe_loser_when_aiming_humble():
    # B's Monarch wins the trick whatever A plays; A, aiming low, sheds its 10 of Keys.
    rnd = mk("2B", "10K 2K 3M 4M 1K 2M 5K", "5B 9K 6K 1M 3B 4B", leader="B", trick="11K",
             tricks_won={"A": 0, "B": 6}, deck="1B 6B 8B 10B 7B 3K")
    p = RulesPlayer(1)
    assert p.choose(rnd.view(0)).card == Card("10K")
    assert "Humble" in p.explain(rnd.view(0))


def test_rules_player_wins_cheaply_when_aiming_victorious():
    # Needing tricks, A wins with the 6 and keeps the 9 and the Monarch for later tricks.
    rnd = mk("2B", "9M 6M 11M 3B 3K 4K 8K", "5B 9K 10K 1M 3M 4M", leader="B", trick="5M",
             tricks_won={"A": 3, "B": 3}, deck="1B 4B 6B 7B 8B 7K")
    assert RulesPlayer(1).choose(rnd.view(0)).card == Card("6M")


def test_rules_player_plays_swan_to_keep_lead_when_it_cannot_win():
    # Aiming high with a strong hand, A cannot beat the Monarch of Moons: the Swan keeps the lead.
    rnd = mk("2B", "1M 10M 11B 10B 9B 8B 7B", "5B 9K 10K 3M 4M 4K", leader="B", trick="11M",
             tricks_won={"A": 3, "B": 3}, deck="1B 3B 4B 6B 2K 3K")
    p = RulesPlayer(1)
    assert p.choose(rnd.view(0)).card == Card("1M")
    assert "Swan" in p.explain(rnd.view(0))


def test_rules_player_fox_makes_its_long_strong_suit_trump():
    # A follows with the Fox; its hand is all Moons, the decree a Bell: Moons become trump.
    rnd = mk("2B", "3K 11M 10M 9M 8M 6M 4M", "5K 9K 10K 1K 4K 2K", leader="B", trick="7K",
             tricks_won={"A": 2, "B": 4}, deck="1B 3B 4B 6B 7B 5B")
    rnd.play("3K")
    assert rnd.phase == "exchange"
    choice = RulesPlayer(1).choose(rnd.view(0)).card
    assert choice is not None and choice.suit == Card("9M").suit


def test_rules_player_keeps_the_decree_when_swapping_would_not_help():
    rnd = mk("11M", "3K 1B 2B 4B 2K 5K", "9K 10K 1K 4K 6K", leader="B", trick="7K",
             tricks_won={"A": 0, "B": 7}, deck="10B 3B 11B 6B 7B 5B")
    rnd.play("3K")
    assert RulesPlayer(1).choose(rnd.view(0)).card is None


def test_rules_player_woodcutter_discards_a_dangerous_card_when_aiming_humble():
    rnd = mk("2B", "5K 11B 1K 2K 3M 4M 2M", "6K 9K 10K 1M 3B 4B", leader="B", trick="8K",
             tricks_won={"A": 0, "B": 6}, deck="1B 6B 8B 10B 7B 3K")
    rnd.play("5K")          # draws the 1 of Bells
    assert rnd.phase == "discard"
    assert RulesPlayer(1).choose(rnd.view(0)).card == Card("11B")


def test_rules_player_woodcutter_discards_a_weak_card_when_aiming_victorious():
    rnd = mk("2B", "5K 11B 10B 9B 8B 11M 10M", "6K 9K 10K 1M 3B 4B", leader="B", trick="8K",
             tricks_won={"A": 3, "B": 3}, deck="2M 6B 1B 3M 7B 3K")
    rnd.play("5K")          # draws the 2 of Moons
    choice = RulesPlayer(1).choose(rnd.view(0)).card
    assert choice.rank <= 3 and choice.suit != Card("2B").suit


def test_rules_player_judges_its_band_from_hand_strength():
    strong = mk("2B", "11B 10B 9B 8B 11M 10M 11K 10K 2M 3M 2K 3K 4M",
                "1K 4K 5K 6K 7K 8K 1M 5M 6M 7M 1B 3B 4B")
    weak = mk("2B", "1K 2K 3K 4K 5K 6K 7K 8K 1M 2M 3M 4M 5M",
              "11B 10B 9B 8B 6B 11M 10M 9K 11K 10K 4B 3B 9M")
    assert Outlook(strong.view(0)).best(strong.view(0).hand).band == "Victorious"
    assert Outlook(weak.view(0)).best(weak.view(0).hand).band == "Humble"


def test_rules_player_leads_its_winner_when_one_more_trick_makes_victorious():
    rnd = mk("2B", "11M 2K", "4M 5K", leader="A", tricks_won={"A": 6, "B": 5},
             deck="1B 3B 4B 6B 7B 8B")
    p = RulesPlayer(1)
    assert p.choose(rnd.view(0)).card == Card("11M")
    assert "should win" in p.explain(rnd.view(0))
    assert "as a Monarch it forces out their Swan or highest card" in p.explain(rnd.view(0))


def test_rules_player_is_deterministic_for_a_seed():
    rnd = Round.deal(4, 0)
    view = rnd.view(rnd.to_play)
    assert RulesPlayer(3).choose(view) == RulesPlayer(3).choose(view)


# ----------------------------------------------------------------------------- strong player

def test_strong_player_is_deterministic_for_a_seed():
    rnd = Round.deal(8, 1)
    view = rnd.view(rnd.to_play)
    a, b = cheap_strong(5, samples=6), cheap_strong(5, samples=6)
    assert a.decision(view).action == b.decision(view).action
    assert a.decision(view).values == b.decision(view).values


def test_strong_player_avoids_tenth_trick_when_on_nine():
    rnd = mk("2B", "8M 2M 3K 6K", "5B 9K 10K", leader="B", trick="4M",
             tricks_won={"A": 9, "B": 0}, deck="1B 3B 4B 6B 8B 10B")
    p = StrongPlayer(1, samples=6, evaluator=MinimaxEvaluator())
    assert p.choose(rnd.view(0)).card == Card("2M")
    text = p.explain(rnd.view(0))
    assert "deals" in text and "2 of Moons" in text


def test_strong_player_explains_a_forced_move():
    rnd = mk("2B", "8M 3K", "5B", leader="B", trick="4M", tricks_won={"A": 5, "B": 6},
             deck="1B 3B 4B 6B 8B 10B")
    assert "only legal choice" in cheap_strong().explain(rnd.view(0))


def test_strong_player_budget_counts_samples():
    rnd = Round.deal(9, 0)
    d = cheap_strong(1, samples=5).decision(rnd.view(rnd.to_play))
    assert d.samples == 5 and set(d.values) == set(rnd.view(rnd.to_play).legal)


def test_strong_player_falls_back_on_playouts_when_out_of_time():
    rnd = Round.deal(10, 0)
    view = rnd.view(rnd.to_play)
    d = StrongPlayer(1, time_limit=1e-9, evaluator=MinimaxEvaluator()).decision(view)
    assert d.action in view.legal and d.samples >= 1
    assert "short of time" in d.reason


def test_strong_player_rejects_bad_budgets():
    with pytest.raises(ValueError, match="samples"):
        StrongPlayer(1, samples=0)
    with pytest.raises(ValueError, match="time_limit"):
        StrongPlayer(1, time_limit=-1)


def test_strong_player_world_matches_the_view():
    from foxlib.players.inference import Inference
    rng = random.Random(2)
    rnd = Round.deal(12, 0)
    for _ in range(9):
        rnd.act(rng.choice(rnd.legal_actions()))
    view = rnd.view(rnd.to_play)
    state = StrongPlayer.world(view, Inference(view), random.Random(0))
    me = view.player
    assert state.hands[me] == fast.mask_of(view.hand)
    assert state.hands[1 - me].bit_count() == len(rnd.hands[1 - me])
    assert len(state.deck) == len(rnd.deck)
    assert fast.legal_actions(state) == [-1 if a is None else a.index for a in view.choices]


# ----------------------------------------------------------------------------- evaluators

def _brute(state, p):
    """Plain minimax over single actions: final round-gain difference for ``p``."""
    if state.phase == fast.OVER:
        return state.round_gain[p] - state.round_gain[1 - p]
    vals = [_brute(fast.apply_action(state, a), p) for a in fast.legal_actions(state)]
    return max(vals) if state.to_play == p else min(vals)


def _small_state(rng, cards):
    st = fast.deal(rng, rng.randrange(2))
    while st.phase != fast.OVER and (st.hands[0].bit_count() > cards or st.hands[1].bit_count() > cards):
        st = fast.apply_action(st, rng.choice(fast.legal_actions(st)))
    return st


def _small_states(rng, cards, count):
    """``count`` positions from random play with at most ``cards`` cards a hand, round not over."""
    found = 0
    while found < count:
        st = _small_state(rng, cards)
        if st.phase != fast.OVER:
            found += 1
            yield st


def test_minimax_evaluator_matches_brute_force_on_small_positions():
    for st in _small_states(random.Random(4), 3, 60):
        p = st.to_play
        values, _ = MinimaxEvaluator().values(st)
        base = st.round_gain[p] - st.round_gain[1 - p]
        for a in fast.legal_actions(st):
            assert values[a] == _brute(fast.apply_action(st, a), p) - base


def test_solver_evaluator_agrees_with_minimax():
    pytest.importorskip("foxlib.search.solver")
    from foxlib.search.evaluators import SolverEvaluator
    for st in _small_states(random.Random(6), 4, 25):
        assert SolverEvaluator().values(st)[0] == MinimaxEvaluator().values(st)[0]


def test_policy_rollouts_finish_the_round_by_the_rules():
    rng = random.Random(9)
    ev = PolicyRolloutEvaluator()
    for _ in range(40):
        st = _small_state(rng, rng.randrange(1, 13))
        if st.phase == fast.OVER:
            continue
        gain = ev.playout(st)
        assert sum(gain) >= sum(st.round_gain)
        values, work = ev.values(st)
        assert set(values) == set(fast.legal_actions(st)) and work == len(values)


def test_random_rollouts_value_every_action():
    st = fast.deal(random.Random(1), 0)
    values, work = RolloutEvaluator(playouts=2, seed=1).values(st)
    assert set(values) == set(fast.legal_actions(st)) and work == 2 * len(values)


def test_lookahead_past_the_last_trick_is_exact():
    for st in _small_states(random.Random(12), 3, 30):
        deep = LookaheadEvaluator(tricks=5).values(st)[0]
        assert deep == MinimaxEvaluator().values(st)[0]


def test_lookahead_values_every_action():
    st = _small_state(random.Random(2), 9)
    values, nodes = LookaheadEvaluator(1).values(st)
    assert set(values) == set(fast.legal_actions(st)) and nodes > 0


def test_schedule_picks_the_stage_by_cards_left():
    exact, rough = MinimaxEvaluator(), PolicyRolloutEvaluator()
    sched = Schedule([(4, exact, {3: 7}), (13, rough, 50)])
    rng = random.Random(3)
    big = fast.deal(rng, 0)
    small = _small_state(rng, 3)
    assert sched.plan(big) == (rough, 50)
    cards = max(small.hands[0].bit_count(), small.hands[1].bit_count())
    assert sched.plan(small) == (exact, 7 if cards == 3 else None)


def test_default_schedule_covers_every_hand_size():
    sched = default_evaluator()
    rng = random.Random(4)
    for cards in range(1, 14):
        st = _small_state(rng, cards)
        evaluator, deals = sched.plan(st)
        assert evaluator is not None and (deals is None or deals >= 1)


def test_policy_rollouts_with_an_erratic_opponent_are_a_function_of_the_position():
    st = fast.deal(random.Random(6), 0)
    wild = PolicyRolloutEvaluator(noise=1.0)
    first = wild.values(st)[0]
    assert PolicyRolloutEvaluator(noise=1.0).values(st)[0] == first
    # Over several deals, random replies change some value (the same policy otherwise).
    rng = random.Random(7)
    states = [fast.deal(rng, 0) for _ in range(5)]
    assert any(PolicyRolloutEvaluator().values(s)[0] != wild.values(s)[0] for s in states)
    with pytest.raises(ValueError, match="noise"):
        PolicyRolloutEvaluator(noise=1.5)



# ----------------------------------------------------------------------------- goal cards

def _goal_modules(poison):
    from foxlib.engine.modules import Modules, house_goal_ids
    return Modules(poison=poison, goals=house_goal_ids())


@pytest.mark.parametrize("poison", [False, True], ids=["goals", "goals+poison"])
@pytest.mark.parametrize("level", ["random", "rules", "strong"])
def test_every_player_plays_legal_actions_with_goal_cards(level, poison):
    from foxlib import Game
    options = {"time_limit": 0.3, "samples": 3} if level == "strong" else {}
    player = make_player(level, seed=2, **options)
    game = Game(seed=3, modules=_goal_modules(poison))
    rnd = game.round
    assert len(rnd.goals) == 2
    while not rnd.is_over:
        view = rnd.view(rnd.to_play)
        action = player.choose(view)
        assert action in view.legal
        rnd.act(action)
    assert all(s >= 0 for s in rnd.score)


def test_the_strong_players_worlds_carry_the_goals_and_what_they_counted():
    """The goals' counters in a sampled world are worked out from the public tricks: the same
    as in the fast state of the true round (the hidden cards do not enter them)."""
    from foxlib import Game
    from foxlib.players.inference import Inference
    rng = random.Random(4)
    for seed in range(6):
        rnd = Game(seed=seed, modules=_goal_modules(bool(seed & 1))).round
        while not rnd.is_over:
            view = rnd.view(rnd.to_play)
            world = StrongPlayer.world(view, Inference(view), rng)
            true = fast.from_round(rnd)
            assert world.goals is true.goals and world.gstate == true.gstate
            assert world.score == true.score and world.poison == true.poison
            rnd.act(rng.choice(rnd.legal_actions()))


def test_the_strong_player_counts_goal_points_in_its_values():
    # Trumps are Bells; A led the 4 of Moons at trick 12. B wins it with the 6 of Moons (a
    # non-trump Moon: "Moonlight", +1) or loses it with the 2; A's 10 of Bells wins the last
    # trick either way. Table points: 6 against 3 or 6 against 2, so the 6 is 1 point better
    # in the base game. With "Moonlight" revealed it is 3 points better: B's 6 takes the trick
    # with a non-trump Moon (+1 for B), and after B's 2 A's 4 of Moons does (+1 for A).
    from foxlib.search.evaluators import MinimaxEvaluator
    from scenario_helpers import position
    goals = ["moonlight", "early-bird"]
    rnd = Round(position("2B", "10B", "6M 2M", trick=["4M"], tricks_won={"A": 6, "B": 5},
                         modules={"goals": goals}, goals=goals))
    st = fast.from_round(rnd)
    evaluator = make_player("strong", seed=1).evaluator_for(rnd.view(1))
    chosen, _ = evaluator.plan(st)
    assert isinstance(chosen, MinimaxEvaluator)
    six, two = Card("6M").index, Card("2M").index
    values, _ = chosen.values(st)
    assert values[six] - values[two] == 3
    base, _ = chosen.values(st._replace(goals=None, gstate=()))
    assert base[six] - base[two] == 1


def test_minimax_evaluator_matches_brute_force_with_poison_and_goals():
    """With Poison 8s and goals the future depends on the scores (the floor) and on what the
    goals counted: the search's table must tell such positions apart (brute force has no
    table)."""
    from foxlib.engine.goals import house_goals
    goals = list(house_goals())
    rng = random.Random(12)
    found = 0
    while found < 60:
        st = fast.deal(rng, rng.randrange(2), poison=True, goals=rng.sample(goals, 2),
                       score=(rng.randrange(2), rng.randrange(2)))
        while st.phase != fast.OVER and max(h.bit_count() for h in st.hands) > 4:
            st = fast.apply_action(st, rng.choice(fast.legal_actions(st)))
        if st.phase == fast.OVER:
            continue
        found += 1
        p = st.to_play
        values, _ = MinimaxEvaluator().values(st)
        base = st.round_gain[p] - st.round_gain[1 - p]
        for a in fast.legal_actions(st):
            assert values[a] == _brute(fast.apply_action(st, a), p) - base


def test_every_search_evaluator_stops_at_a_passed_deadline_even_on_a_small_deal():
    """A deal small enough to be searched in fewer nodes than the search's periodic check
    must still respect the deadline: the strong player's one-second cap relies on it."""
    import time as _time
    from foxlib.search.evaluators import OutOfTime
    st = next(_small_states(random.Random(2), 2, 1))
    past = _time.perf_counter() - 1
    for evaluator in (MinimaxEvaluator(), LookaheadEvaluator(2)):
        with pytest.raises(OutOfTime):
            evaluator.values(st, past)
