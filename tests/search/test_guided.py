"""The guided playout (``foxlib.search.guided``): its policy, and the fast loop that must end
every round exactly as the rules stepped by ``foxlib.fast.base`` do."""
import random

from foxlib.core.cards import Card
from foxlib.fast import base as fast
from foxlib.search import guided


def random_positions(count: int, seed: int, poison_every: int = 3) -> list:
    """Positions of random rounds at every stage, a third of them with Poison 8s (and scores
    that the floor at 0 can bite on), every phase included (Fox and Woodcutter decisions)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        poison = i % poison_every == 0
        s = fast.deal(rng, rng.randrange(2), poison=poison,
                      score=(rng.randrange(4), rng.randrange(4)) if poison else (0, 0))
        for _ in range(rng.randrange(45)):
            if s.phase == fast.OVER:
                break
            s = fast.apply_action(s, rng.choice(fast.legal_actions(s)))
        out.append(s)
    return out


def test_the_fast_guided_playout_ends_every_round_as_the_rules_stepped_by_the_fast_path():
    positions = random_positions(1500, seed=11)
    phases = {s.phase for s in positions}
    assert {fast.PLAY, fast.EXCHANGE, fast.DISCARD, fast.OVER} <= phases
    assert any(s.poison for s in positions)
    checked = 0
    for n, s in enumerate(positions):
        for noise in (0.0, 0.4, 1.0):
            me = n % 2 if noise else None
            key = f"test|{n}|{noise}"
            fast_end = guided.playout(s, me, noise, key)
            assert fast_end == guided.playout_reference(s, me, noise, key), (s, noise, me)
            checked += 1
    assert checked == 4500


def test_blind_leads_end_every_round_alike_in_both_loops():
    # The experiment's option (benchmarks/strong_variants.py blind-leads): the leader counts
    # the deck's cards among the opponent's possible replies. Both loops must still agree.
    positions = random_positions(600, seed=12)
    changed = 0
    for n, s in enumerate(positions):
        me, key = n % 2, f"blind|{n}"
        blind = guided.playout(s, me, 1.0, key, blind=True)
        assert blind == guided.playout_reference(s, me, 1.0, key, blind=True), s
        changed += blind != guided.playout(s, me, 1.0, key)
    assert changed > 50      # the option does change the play


def test_the_guided_playout_with_goal_cards_is_the_rules_stepped_one():
    rng = random.Random(3)
    s = fast.deal(rng, 0, goals=("swan-song", "early-bird"))
    assert guided.playout(s, 0, 1.0, "k") == guided.playout_reference(s, 0, 1.0, "k")


def test_a_guided_playout_of_a_round_already_over_gives_its_gains():
    over = next(s for s in random_positions(400, seed=4) if s.phase == fast.OVER)
    assert guided.playout(over, 0, 1.0, "k") == over.round_gain


def _card(name: str) -> int:
    return Card.parse(name).index


def test_a_guided_follower_who_wants_the_trick_wins_it_as_cheaply_as_it_can():
    trump = 0                               # Bells are trump
    hand = fast.mask_of([Card.parse(x) for x in ("4K", "8K", "10K", "2M")])
    power = guided.POWER[trump]
    assert guided.follow_card(hand, _card("6K"), trump, power, True, 3) == _card("8K")


def test_a_guided_follower_who_wants_to_lose_plays_its_dearest_losing_card():
    trump = 0
    hand = fast.mask_of([Card.parse(x) for x in ("2K", "4K", "8K", "10K")])
    power = guided.POWER[trump]
    assert guided.follow_card(hand, _card("6K"), trump, power, False, 3) == _card("4K")


def test_a_guided_follower_takes_a_led_treasure_while_it_has_two_tricks_or_fewer():
    trump = 0
    hand = fast.mask_of([Card.parse(x) for x in ("2K", "8K")])
    power = guided.POWER[trump]
    assert guided.follow_card(hand, _card("7K"), trump, power, False, 2) == _card("8K")
    assert guided.follow_card(hand, _card("7K"), trump, power, False, 3) == _card("2K")


def test_a_guided_leader_who_wants_the_trick_leads_the_cheapest_card_no_reply_beats():
    trump = 0
    mine = fast.mask_of([Card.parse(x) for x in ("11B", "10B", "3M")])
    theirs = fast.mask_of([Card.parse(x) for x in ("4B", "9M")])
    power = guided.POWER[trump]
    # Both high Bells are sure winners; the 10 is the cheaper of them.
    assert guided.lead_card(mine, theirs, trump, power, True) == _card("10B")
