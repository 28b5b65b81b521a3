"""The fast integer path (foxlib.fast.base) must agree exactly with the explained engine (Round)."""
import os
import random

import pytest

from foxlib import DECK, Action, Card, IllegalAction, Move, Round
from foxlib.fast import base as fast
from foxlib.core import rules
from foxlib.words.narrator import resolve_trick
from foxlib.engine.round import Position


# ----------------------------------------------------------------------------- helpers

def _action_code(action) -> int:
    return -1 if action.card is None else action.card.index


def _drive_both(rnd: Round, rng: random.Random) -> None:
    """Play ``rnd`` to its end with random actions, applying each to the fast state too and
    checking after every action that the two states are the same."""
    st = fast.from_round(rnd)
    while not rnd.is_over:
        actions = rnd.legal_actions()
        assert [_action_code(a) for a in actions] == fast.legal_actions(st)
        if rnd.phase == "play":
            assert sorted(fast.from_move(m) for m in rnd.legal_moves()) == \
                sorted(fast.legal_moves(st))
        action = rng.choice(actions)
        tricks_before = len(rnd.tricks)
        rnd.act(action)
        st = fast.apply_action(st, _action_code(action))
        assert fast.from_round(rnd) == st
        if len(rnd.tricks) > tricks_before:
            # The trick's winner, next leader and Treasure are all in the compared state.
            rec = rnd.tricks[-1]
            assert st.leader == rec.next_leader
    assert st.phase == fast.OVER and fast.legal_actions(st) == []


def _replay_log(log) -> Round:
    """Replay a simulator log through the explained engine, checking every trick."""
    rnd = fast.to_round(log[0][1])
    expected = []
    for item in log[1:]:
        if item[0] == "trick":
            expected.append(item[1:])
            continue
        kind, code = item
        assert rnd.phase == kind
        rnd.act(Action(kind, None if code < 0 else DECK[code]))
    assert [(t.winner, t.next_leader, t.treasure) for t in rnd.tricks] == expected
    return rnd


# ----------------------------------------------------------------------------- tables

def test_trick_table_matches_the_rules_for_every_pair_of_cards_and_trump():
    for lead in DECK:
        for follow in DECK:
            if lead is follow:
                continue
            for trump in range(3):
                decree = Card(1, rules.Suit(trump)) if Card(1, rules.Suit(trump)) not in (
                    lead, follow) else Card(2, rules.Suit(trump))
                out = resolve_trick(lead, follow, decree)
                code = fast.TRICK[(lead.index * 33 + follow.index) * 3 + trump]
                assert code & 1 == out.winner
                assert code >> 1 & 1 == out.next_leader
                assert code >> 2 == out.treasure
                assert fast.FOLLOWER_WINS[(lead.index * 33 + follow.index) * 3 + trump] == \
                    bool(out.winner)


def test_points_table_is_the_end_of_round_table():
    assert fast.POINTS == tuple(rules.round_points(t) for t in range(14))
    assert fast.POINTS[10] == 0 and fast.POINTS[9] == 6 and fast.POINTS[3] == 6


def test_follow_mask_matches_legal_follows_including_the_monarch():
    rng = random.Random(3)
    for _ in range(2000):
        cards = rng.sample(DECK, 8)
        led, hand = cards[0], cards[1:]
        expected = fast.mask_of(rules.legal_follows(hand, led))
        assert fast.follow_mask(fast.mask_of(hand), led.index) == expected


def test_cards_of_and_mask_of_are_inverse():
    rng = random.Random(4)
    for _ in range(500):
        cards = sorted(rng.sample(range(33), rng.randint(0, 33)))
        assert fast.cards_of(fast.mask_of(cards)) == cards


def test_move_encoding_round_trips_through_foxlib_moves():
    fox, wood, plain = Card("3M"), Card("5K"), Card("9B")
    for move in (Move(plain), Move(fox), Move(fox, exchange=Card("7B")),
                 Move(wood, discard=Card("2K"))):
        assert fast.to_move(fast.from_move(move)) == move
    assert fast.move_card(fast.make_move(22, 4)) == 22
    assert fast.move_decision(fast.make_move(22, 4)) == 4
    assert fast.move_decision(fast.make_move(22)) == -1


# ----------------------------------------------------------------------------- agreement

def test_random_actions_give_the_same_states_in_both_engines():
    rng = random.Random(20240601)
    for i in range(150):
        _drive_both(Round.deal(rng.randrange(10 ** 9), dealer=i % 2), rng)


def test_random_actions_from_partial_positions_give_the_same_states():
    """Positions from scenarios: short hands, any deck size, a trick in progress."""
    rng = random.Random(77)
    for _ in range(300):
        st = fast.random_position(rng, rng.randint(1, 6), rng.randint(0, 7))
        _drive_both(fast.to_round(st), rng)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("FOXLIB_SLOW"),
                    reason="about a minute: set FOXLIB_SLOW=1 to run it")
def test_thousands_of_random_rounds_agree_in_both_engines():
    rng = random.Random(99)
    for i in range(3000):
        _drive_both(Round.deal(rng.randrange(10 ** 9), dealer=i % 2), rng)


def test_simulated_rounds_replay_identically_in_the_explained_engine():
    """Every trick winner, next leader, Treasure point and the final result of the fast
    simulator's rounds (random Fox exchanges and Woodcutter discards included) are what the
    explained engine makes of the same actions."""
    rng = random.Random(5)
    seen_exchange = seen_discard = False
    for i in range(1000):
        log = []
        result = fast.random_round(rng, dealer=i % 2, log=log)
        rnd = _replay_log(log)
        assert rnd.is_over
        assert tuple(rnd.tricks_won) + tuple(rnd.score) == result
        seen_exchange |= any(item[0] == "exchange" and item[1] >= 0 for item in log)
        seen_discard |= any(item[0] == "discard" for item in log)
    assert seen_exchange and seen_discard


def test_simulator_without_a_log_plays_exactly_the_logged_rounds():
    """The fast loop (no log) and the logged loop draw the same random numbers: the same seeds
    give the same results, so the log-checked rounds are the ones the benchmark plays."""
    for seed in range(300):
        quiet = fast.random_round(random.Random(seed), seed % 2)
        logged = fast.random_round(random.Random(seed), seed % 2, log=[])
        assert quiet == logged


def test_random_playout_from_any_phase_replays_identically():
    rng = random.Random(6)
    for _ in range(300):
        rnd = Round.deal(rng.randrange(10 ** 9))
        for _ in range(rng.randrange(26)):       # stop anywhere, mid-decision included
            if rnd.is_over:
                break
            rnd.act(rng.choice(rnd.legal_actions()))
        st = fast.from_round(rnd)
        log = [("deal", st)]
        result = fast.random_playout(st, rng, log)
        replay = fast.to_round(st)
        for item in log[1:]:
            if item[0] != "trick":
                getattr(replay, item[0])(None if item[1] < 0 else DECK[item[1]])
        assert replay.is_over
        assert tuple(replay.tricks_won) + tuple(replay.score) == result


def test_deal_gives_thirteen_cards_each_a_decree_and_a_six_card_deck():
    rng = random.Random(8)
    for dealer in (0, 1):
        st = fast.deal(rng, dealer)
        a, b = st.hands
        assert a.bit_count() == b.bit_count() == 13 and not a & b
        assert len(st.deck) == 6 and len(set(st.deck)) == 6
        everything = a | b | fast.BIT[st.decree] | fast.mask_of(st.deck)
        assert everything == fast.ALL_CARDS
        assert st.leader == 1 - dealer and st.to_play == 1 - dealer


def test_deal_is_uniform_enough_that_every_card_reaches_every_place():
    rng = random.Random(9)
    places = {c: set() for c in range(33)}
    for _ in range(400):
        st = fast.deal(rng)
        for c in fast.cards_of(st.hands[0]):
            places[c].add("A")
        for c in fast.cards_of(st.hands[1]):
            places[c].add("B")
        places[st.decree].add("decree")
        for c in st.deck:
            places[c].add("deck")
    assert all(p == {"A", "B", "decree", "deck"} for p in places.values())


# ----------------------------------------------------------------------------- conversions

def test_round_to_fast_state_and_back_in_every_phase():
    rng = random.Random(10)
    phases = set()
    for _ in range(200):
        rnd = Round.deal(rng.randrange(10 ** 9))
        while True:
            st = fast.from_round(rnd)
            back = fast.to_round(st)
            phases.add(rnd.phase)
            assert fast.from_round(back) == st
            assert back.phase == rnd.phase and back.to_play == rnd.to_play
            assert sorted(back.legal_actions(), key=_action_code) == \
                sorted(rnd.legal_actions(), key=_action_code)
            if rnd.is_over:
                assert back.score == rnd.score and back.round_end.points == rnd.round_end.points
                break
            rnd.act(rng.choice(rnd.legal_actions()))
    assert phases == {"play", "exchange", "discard", "over"}


def test_to_play_of_a_fast_state_matches_the_round():
    rng = random.Random(11)
    for _ in range(100):
        rnd = Round.deal(rng.randrange(10 ** 9))
        while not rnd.is_over:
            assert fast.from_round(rnd).to_play == rnd.to_play
            rnd.act(rng.choice(rnd.legal_actions()))
        assert fast.from_round(rnd).to_play is None


# ----------------------------------------------------------------------------- rules spot checks

def _state(a, b, decree, leader=0, deck=(), trick=()):
    pos = Position(Card(decree), ([Card(c) for c in a], [Card(c) for c in b]), leader,
                   [Card(c) for c in deck], [Card(c) for c in trick])
    return fast.from_round(Round(pos))


def test_monarch_forces_the_swan_or_highest_card_of_its_suit():
    st = _state(["11M", "2B", "2K"], ["1M", "4M", "8M"], "3K")
    st = fast.play(st, Card("11M").index)
    assert fast.legal_actions(st) == [Card("1M").index, Card("8M").index]


def test_witch_does_not_excuse_following_suit():
    st = _state(["6K", "2B", "2M"], ["9M", "4K", "8B"], "3M")
    st = fast.play(st, Card("6K").index)
    assert fast.legal_actions(st) == [Card("4K").index]


def test_fox_exchange_changes_trump_for_the_current_trick():
    # A leads 10K; B, void in Keys, plays the Fox of Bells and makes the 2 of Bells the decree:
    # Bells are trump at once, so the Fox (a Bell) beats the 10 of Keys.
    st = _state(["10K", "4M", "4B"], ["3B", "2B", "6M"], "8M", leader=0)
    st = fast.play(st, Card("10K").index)
    st = fast.play(st, Card("3B").index)
    assert st.phase == fast.EXCHANGE
    st = fast.exchange(st, Card("2B").index)
    assert st.decree == Card("2B").index and st.tricks_won == (0, 1)
    assert st.hands[1] & fast.BIT[Card("8M").index]


def test_woodcutter_draws_the_top_card_and_discards_to_the_bottom():
    st = _state(["5K", "2B"], ["4K", "6M"], "8M", deck=["10B", "7M"])
    st = fast.play(st, Card("5K").index)
    assert st.phase == fast.DISCARD and st.deck == (Card("7M").index,)
    assert st.hands[0] & fast.BIT[Card("10B").index]
    st = fast.discard(st, Card("2B").index)
    assert st.deck == (Card("7M").index, Card("2B").index)


def test_swan_that_loses_leads_the_next_trick():
    st = _state(["1K", "2B"], ["4K", "6M"], "8M")
    st = fast.play(st, Card("1K").index)
    st = fast.play(st, Card("4K").index)
    assert st.tricks_won == (0, 1) and st.leader == 0


def test_illegal_fast_actions_are_refused():
    st = _state(["6K", "2B", "2M"], ["9M", "4K", "8B"], "3M")
    with pytest.raises(IllegalAction):
        fast.play(st, Card("9M").index)          # not A's card
    st = fast.play(st, Card("6K").index)
    with pytest.raises(IllegalAction):
        fast.play(st, Card("9M").index)          # must follow Keys
    with pytest.raises(IllegalAction):
        fast.exchange(st, -1)                    # no Fox on the table
