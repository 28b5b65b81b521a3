"""Computer players with the Deluxe special cards: the determinization that samples a whole
round fitting a player's view (``foxlib.determinize.sample_round``), the rule-of-thumb
player's reasons for each special decision, and the strong player's search through the exact
engine (docs/players.md, "Special cards")."""
import random

import pytest

from foxlib import Action, Round
from foxlib.cards import Card, special_card
from foxlib.determinize import cards_in_play, sample_round
from foxlib.modules import SPECIAL_CARDS, Modules
from scenario_helpers import position

ALL = tuple(SPECIAL_CARDS)


def random_moments(seeds, modules_for):
    """(real round, player) at every moment of random rounds, each player's side."""
    for seed in seeds:
        rng = random.Random(seed)
        rnd = Round.deal(seed, modules=modules_for(rng))
        while not rnd.is_over:
            for p in (0, 1):
                yield rnd, p
            acts = rnd.legal_actions()
            rnd.act(acts[rng.randrange(len(acts))])


def some_special(rng):
    return Modules(special=tuple(rng.sample(ALL, rng.randrange(1, 10))),
                   poison=rng.random() < 0.3)


# ----------------------------------------------------------------------------- determinization

def test_a_sampled_round_shows_the_player_exactly_their_own_view_and_legal_actions():
    n = 0
    for rnd, p in random_moments(range(25), some_special):
        view = rnd.view(p)
        sampled = sample_round(view, random.Random(n))
        n += 1
        assert sampled.view(p) == view
        assert sampled.legal_actions() == rnd.legal_actions() or p != rnd.to_play
    assert n > 1000


def test_a_sampled_round_holds_every_card_once_and_known_cards_where_they_are():
    crown = special_card("Crown")
    for n, (rnd, p) in enumerate(random_moments(range(25, 45), lambda rng: Modules(special=ALL))):
        if p != rnd.to_play:
            continue
        view = rnd.view(p)
        s = sample_round(view, random.Random(n))
        places = (s.hands[0] + s.hands[1] + s.deck + s.trick + [s.decree] +
                  [c for pile in s.piles for t in pile for c in t] +
                  ([crown] if s.sp.get("crowned") else []))
        assert sorted(places) == sorted(cards_in_play(view.modules))
        # Cards the player put under the deck, and public ones, are where they really are.
        known = set(view.my_discards) | {r.card for r in view.history
                                         if r.kind == "discard" and r.public}
        known |= {c for r in view.history if r.kind == "hammer" for c in r.sent}
        assert [c if c in known else None for c in s.deck] == \
            [c if c in known else None for c in rnd.deck]
        assert all(c in s.hands[1 - p] for c in view.known_opponent_cards)
        assert sorted(s.won[0]) == sorted(rnd.won[0]) and sorted(s.won[1]) == sorted(rnd.won[1])


def test_a_sampled_round_plays_on_to_the_end_with_its_own_chance():
    rng = random.Random(3)
    for n, (rnd, p) in enumerate(random_moments(range(45, 55), lambda r: Modules(special=ALL))):
        if p != rnd.to_play or n % 3:
            continue
        s = sample_round(rnd.view(p), random.Random(n))
        while not s.is_over:
            acts = s.legal_actions()
            s.act(acts[rng.randrange(len(acts))])
        assert sum(s.tricks_won) == 13


def test_the_hidden_cards_vary_between_samples_but_the_known_ones_do_not():
    rnd = Round.deal(8, modules=Modules(special=("Fairy", "Bow")))
    view = rnd.view(rnd.to_play)
    opp = 1 - view.player
    hands = {tuple(sorted(sample_round(view, random.Random(i)).hands[opp])) for i in range(20)}
    assert len(hands) > 15
    assert all(not set(h) & set(view.hand) for h in hands)


def test_an_opponent_who_did_not_follow_suit_is_sampled_without_that_suit():
    # B leads 9K; A (us) ... we are A and lead 9K, B answers 2B: B held no Key then.
    pos = position("3M", "9K 4K 5M 6M", "2B 1M 2M 3B", "A", deck="7K 8K",
                   modules={"special": ["Bow"]}, tricks_won={"A": 9, "B": 0})
    rnd = Round(pos)
    rnd.play("9K")
    rnd.play("2B")
    view = rnd.view(0)
    for i in range(30):
        s = sample_round(view, random.Random(i))
        assert not [c for c in s.hands[1] if c.suit is not None and c.suit == Card("9K").suit]


def test_the_opponents_fairy_offer_is_sampled_from_the_players_own_hand():
    pos = position("3M", "Fairy 4K 5M", "2B 1M 7K", "B", deck="8K 9K",
                   modules={"special": ["Fairy"]}, tricks_won={"A": 10, "B": 0})
    rnd = Round(pos)
    rnd.play("2B")
    rnd.play("Fairy")        # A's Fairy looks at B's hand: B sees only that A chooses
    view = rnd.view(1)
    assert view.phase == "fairy_take" and view.to_play == 0 and view.offer == ()
    s = sample_round(view, random.Random(1))
    assert len(s.sp["offer"]) == 2 and set(s.sp["offer"]) <= set(view.hand)
    assert s.view(1) == view


def test_a_face_down_discard_never_sends_under_the_deck_a_card_the_opponent_shows_later():
    # Seed 58, all nine, random play: the opponent holds the 5B (given back by our Fairy) and
    # the 1K (seen by it), discards face down with Woodcutters, and later plays both. A sample
    # that put either under the deck would have no place for them.
    rng = random.Random(58)
    rnd = Round.deal(58, modules=Modules(special=ALL))
    checked = 0
    while not rnd.is_over:
        if rnd.to_play == 0 and any(r.kind == "discard" and r.player == 1
                                    for r in rnd.history):
            view = rnd.view(0)
            for i in range(8):
                assert sample_round(view, random.Random(i)).view(0) == view
            checked += 1
        acts = rnd.legal_actions()
        rnd.act(acts[rng.randrange(len(acts))])
    assert checked > 5
