"""Random games driven by hypothesis, checking the invariants that must hold in every game:
cards are never created or lost, a legal action always exists until the round ends, undo and
pop restore the state exactly, saving round-trips, scores follow the table and Treasure, games
always end, and a player's view never shows the opponent's hand or the deck."""
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from foxlib import (DECK, DISCARD, EXCHANGE, PLAY, Action, Game, IllegalAction, Position, Round,
                    round_points)
from foxlib.io.referee import referee_line
from foxlib.engine.round import PLAYERS, ExchangeRecord
from foxlib.io.inputs import loads_game, loads_round
from scenario_helpers import all_cards_in_play, assert_all_33_cards_once

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)
dealers = st.integers(0, 1)


def step(rnd, rng):
    """Take one random legal action (a play, a Fox decision or a Woodcutter discard)."""
    action = rng.choice(rnd.legal_actions())
    assert action.kind == {PLAY: "play", EXCHANGE: "exchange", DISCARD: "discard"}[rnd.phase]
    rnd.act(action)


def walk(rnd, rng):
    """Yield the round after each random action until it is over."""
    yield rnd
    while not rnd.is_over:
        step(rnd, rng)
        yield rnd


# ----------------------------------------------------------------------------- scenarios

@st.composite
def scenario_positions(draw):
    """Any position the referee accepts: some cards out of play, any deck, a trick maybe open."""
    order = draw(st.permutations(DECK))
    k = draw(st.integers(0, 13))                       # tricks left to play
    open_trick = k > 0 and draw(st.booleans())
    leader = draw(st.integers(0, 1))
    decree, rest = order[0], list(order[1:])
    follower_hand, rest = rest[:k], rest[k:]
    leader_hand, rest = rest[:k - open_trick], rest[k - open_trick:]
    trick, rest = rest[:int(open_trick)], rest[int(open_trick):]
    deck = rest[:draw(st.integers(0, len(rest)))]
    a = draw(st.integers(0, 13 - k))
    b = draw(st.integers(0, 13 - k - a))
    hands = [None, None]
    hands[leader], hands[1 - leader] = sorted(leader_hand), sorted(follower_hand)
    score = (draw(st.integers(0, 30)), draw(st.integers(0, 30)))
    return Position(decree, tuple(hands), leader, deck, trick, (a, b), score, (0, 0))


@settings(max_examples=60, **SETTINGS)
@given(scenario_positions(), st.randoms(use_true_random=False))
def test_property_scenario_cards_are_never_created_or_lost(pos, rng):
    rnd = Round(pos)
    cards = sorted(all_cards_in_play(rnd))
    tricks_left = len(pos.hands[1 - pos.leader])
    for now in walk(rnd, rng):
        assert sorted(all_cards_in_play(now)) == cards
        if not now.is_over:
            assert now.legal_actions(), "no legal action before the end of the round"
    assert len(rnd.tricks) == tricks_left
    assert sum(rnd.tricks_won) == sum(pos.tricks_won) + tricks_left
    assert rnd.hands == [[], []] and rnd.trick == []


@settings(max_examples=40, **SETTINGS)
@given(scenario_positions(), st.randoms(use_true_random=False))
def test_property_referee_agrees_with_the_round(pos, rng):
    rnd = Round(pos)
    moves = []
    while not rnd.is_over and rng.random() < 0.95:
        move = rng.choice(rnd.legal_moves())
        rnd.push(move)
        moves.append(move.to_json())
    line = {k: v for k, v in pos.to_json().items() if k != "dealer"}
    line["plays"] = moves
    out = referee_line(json.dumps(line))
    assert out["tricks"] == [t.to_json() for t in rnd.tricks]
    assert out["tricks_won"] == dict(zip(PLAYERS, rnd.tricks_won))
    assert out["score"] == dict(zip(PLAYERS, rnd.score))
    assert out["decree"] == str(rnd.decree) and out["deck"] == [str(c) for c in rnd.deck]
    assert out["hands"] == {p: sorted((str(c) for c in rnd.hands[i]),
                                      key=lambda s: DECK.index(__import__("foxlib").Card(s)))
                            for i, p in enumerate(PLAYERS)}
    assert out["legal"] == [str(c) for c in rnd.legal_cards()]
    assert out["round_over"] == rnd.is_over
    assert out["to_play"] == (None if rnd.to_play is None else PLAYERS[rnd.to_play])
    if rnd.is_over:
        assert out["round_points"] == dict(zip(PLAYERS, rnd.round_end.points))


# ----------------------------------------------------------------------------- dealt rounds

@settings(max_examples=60, **SETTINGS)
@given(seeds, dealers, st.randoms(use_true_random=False))
def test_property_33_cards_accounted_for_and_a_legal_action_exists_at_every_step(seed, dealer,
                                                                                 rng):
    rnd = Round.deal(seed, dealer)
    for now in walk(rnd, rng):
        assert_all_33_cards_once(now)
        sizes = sorted(len(h) for h in now.hands)
        if now.is_over:
            assert now.legal_actions() == [] and now.to_play is None
        else:
            assert now.legal_actions(), "no legal action before the end of the round"
            if now.phase == PLAY:
                assert now.legal_moves()
                assert set(now.legal_cards()) <= set(now.hands[now.to_play])
            # hand sizes differ by at most one card, plus a Woodcutter's drawn card
            assert sizes[1] - sizes[0] <= 1 + (now.phase == DISCARD)
        assert len(now.deck) == 6 - (now.phase == DISCARD)     # the Woodcutter's card is out
    assert len(rnd.tricks) == 13 and sum(rnd.tricks_won) == 13


@settings(max_examples=60, **SETTINGS)
@given(seeds, dealers, st.randoms(use_true_random=False))
def test_property_every_legal_card_is_accepted_and_every_other_card_refused(seed, dealer, rng):
    rnd = Round.deal(seed, dealer)
    for now in walk(rnd, rng):
        if now.phase != PLAY:
            continue
        legal = set(now.legal_cards())
        for card in DECK:
            assert now.can_play(card) == (card in legal)
        for card in set(now.hands[now.to_play]) - legal:
            with pytest.raises(IllegalAction, match="must follow|must play"):
                now.verify_play(card)


@settings(max_examples=25, **SETTINGS)
@given(seeds, dealers, st.randoms(use_true_random=False))
def test_property_pop_after_push_restores_the_state_for_every_legal_move(seed, dealer, rng):
    rnd = Round.deal(seed, dealer)
    while not rnd.is_over:
        before, history = rnd.state(), list(rnd.history)
        for move in rnd.legal_moves():
            rnd.push(move)
            rnd.pop()
            assert rnd.state() == before and rnd.history == history
        rnd.push(rng.choice(rnd.legal_moves()))


@settings(max_examples=40, **SETTINGS)
@given(seeds, dealers, st.randoms(use_true_random=False))
def test_property_undo_restores_an_equal_state_after_every_action(seed, dealer, rng):
    rnd = Round.deal(seed, dealer)
    while not rnd.is_over:
        before = rnd.copy()
        step(rnd, rng)
        after = rnd.copy()
        rnd.undo()
        assert rnd == before and rnd.history == before.history
        assert rnd.legal_actions() == before.legal_actions()
        step_again = after  # redo by replaying the same action on the restored round
        kind, card = step_again.actions[-1]
        rnd.act(Action(kind, card))
        assert rnd == after


@settings(max_examples=40, **SETTINGS)
@given(seeds, dealers, st.randoms(use_true_random=False), st.integers(0, 60))
def test_property_round_save_load_round_trips(seed, dealer, rng, stop):
    rnd = Round.deal(seed, dealer)
    for _ in range(stop):
        if rnd.is_over:
            break
        step(rnd, rng)
    again = loads_round(rnd.dumps())
    assert again == rnd and again.history == rnd.history and again.phase == rnd.phase
    assert loads_round(again.dumps()).dumps() == rnd.dumps()


@settings(max_examples=60, **SETTINGS)
@given(seeds, dealers, st.randoms(use_true_random=False), st.integers(0, 30))
def test_property_scores_follow_the_table_and_treasure_equals_sevens_won(seed, dealer, rng,
                                                                          start_a):
    rnd = Round.deal(seed, dealer, score=(start_a, 3))
    for _ in walk(rnd, rng):
        pass
    for p in (0, 1):
        sevens = sum(c.rank == 7 for c in rnd.won[p])
        treasure = sum(t.treasure for t in rnd.tricks if t.winner == p)
        assert treasure == sevens
        table = round_points(rnd.tricks_won[p])
        assert rnd.round_end.points[p] == table
        assert rnd.score[p] == rnd.start.score[p] + sevens + table
        assert rnd.round_gain[p] == sevens + table
        assert rnd.tricks_won[p] == sum(t.winner == p for t in rnd.tricks)
        assert len(rnd.won[p]) == 2 * rnd.tricks_won[p]


# ----------------------------------------------------------------------------- views

def _check_view(rnd, p):
    view = rnd.view(p)
    opponent, deck = set(rnd.hands[1 - p]), set(rnd.deck)
    assert view.hand == tuple(sorted(rnd.hands[p]))
    assert view.opponent_hand_size == len(opponent) and view.deck_size == len(deck)
    assert set(view.known_opponent_cards) <= opponent
    decrees = {rnd.start.decree} | {c for r in rnd.history if isinstance(r, ExchangeRecord)
                                    for c in (r.taken, r.old_decree) if c is not None}
    may_know = set(view.known_opponent_cards) | set(view.my_discards) | decrees
    visible = set(view.hand) | set(view.trick) | {view.decree}
    for trick in view.tricks:
        visible.update(trick.cards)
    for rec in view.history:
        for name in ("card", "taken", "old_decree"):
            if getattr(rec, name, None) is not None:
                visible.add(getattr(rec, name))
        if rec.kind in ("draw", "discard") and rec.player != p:
            assert rec.card is None
    assert (visible & (opponent | deck)) <= may_know
    assert (opponent | deck) - set(view.known_opponent_cards) <= set(view.unseen_cards())
    assert not set(view.unseen_cards()) & (set(view.hand) | set(view.trick) | {view.decree})
    assert view.legal == (tuple(rnd.legal_actions()) if rnd.to_play == p else ())


@settings(max_examples=40, **SETTINGS)
@given(seeds, dealers, st.randoms(use_true_random=False))
def test_property_a_players_view_never_shows_the_opponents_hand_or_the_deck(seed, dealer, rng):
    rnd = Round.deal(seed, dealer)
    for now in walk(rnd, rng):
        _check_view(now, 0)
        _check_view(now, 1)


# ----------------------------------------------------------------------------- games

def _play_game(game, rng):
    while True:
        while not game.round.is_over:
            game.round.push(rng.choice(game.round.legal_moves()))
        if game.is_over:
            return game
        before = sum(game.score)
        game.next_round()
        assert sum(game.score) == before


@settings(max_examples=15, **SETTINGS)
@given(seeds, st.sampled_from([1, 16, 21, 35, 50]), st.randoms(use_true_random=False))
def test_property_a_game_always_ends_with_a_winner_or_a_draw(seed, target, rng):
    game = _play_game(Game(seed, target=target), rng)
    # Every round hands out at least 6 table points in total (e.g. 3 + 10 tricks: 6 + 0), so
    # the leader gains at least 3 a round on average.
    assert len(game.rounds) <= target // 3 + 1
    for rnd in game.rounds:
        assert sum(rnd.round_end.points) >= 6
    over, winner, _ = game.result()
    assert over and winner in (0, 1, "draw") and max(game.score) >= target


@settings(max_examples=20, **SETTINGS)
@given(seeds, st.randoms(use_true_random=False), st.integers(0, 80))
def test_property_game_save_load_round_trips(seed, rng, stop):
    game = Game(seed, target=16)
    for _ in range(stop):
        if game.round.is_over:
            if game.is_over:
                break
            game.next_round()
        step(game.round, rng)
    again = loads_game(game.dumps())
    assert again == game and again.round == game.round and again.result() == game.result()
    assert [r.history for r in again.rounds] == [r.history for r in game.rounds]


@pytest.mark.slow
@settings(max_examples=400, **SETTINGS)
@given(scenario_positions(), st.randoms(use_true_random=False))
def test_property_many_scenarios_keep_cards_and_views_consistent(pos, rng):
    rnd = Round(pos)
    cards = sorted(all_cards_in_play(rnd))
    for now in walk(rnd, rng):
        assert sorted(all_cards_in_play(now)) == cards
        _check_view(now, 0)
        _check_view(now, 1)
        assert loads_round(now.dumps()) == now
