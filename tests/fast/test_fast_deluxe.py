"""The fast path for special cards (foxlib.fast.deluxe) must agree exactly with the explained
engine (Round): the same actions and chance outcomes give the same tricks, scores and cards,
and its random choices are Round's legal actions, chosen uniformly, in Round's order."""
import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from foxlib import Action, Card, Round
from foxlib.core import rules
from foxlib.fast import deluxe as fd
from foxlib.core.cards import Suit
from foxlib.core.errors import InvalidState
from foxlib.engine.goals import Goal, evaluate_all, house_goals
from foxlib.engine.modules import SPECIAL_CARDS, Modules
from foxlib.io.referee import referee_line
from foxlib.engine.round import deal as deal_position

CARD = fd.ALL_CARDS
DECISIONS = ("play", "crown", "exchange", "discard", "name_suit", "replace", "fairy_take",
             "fairy_give", "dig", "potion_discard", "potion_play")


# ----------------------------------------------------------------------------- helpers

def _subset(rng):
    """Half the time all nine special cards, else a random set of them (maybe none)."""
    if rng.random() < 0.5:
        return SPECIAL_CARDS
    return tuple(s for s in SPECIAL_CARDS if rng.random() < 0.5)


def _action(kind, value) -> Action:
    if kind == "name_suit":
        return Action(kind, Suit(value))
    return Action(kind, None if value < 0 else CARD[value])


def _chance(log) -> list:
    return [[CARD[c] for c in e[1]] for e in log if e[0] == "chance"]


def _replay(rnd: Round, log) -> list:
    """Apply the fast path's logged actions to ``rnd``, checking before each one that Round
    offers as many legal actions as the fast path chose among; returns the fast path's
    tricks as (winner, next leader, the winner's score change)."""
    tricks = []
    for entry in log:
        kind = entry[0]
        if kind == "trick":
            tricks.append(entry[1:])
        elif kind in DECISIONS:
            assert rnd.phase == ("play" if kind == "crown" else kind)
            assert len(rnd.legal_actions()) == entry[2]
            rnd.act(_action(kind, entry[1]))
    return tricks


def _round_tricks(rnd: Round, start: int = 0) -> list:
    """Round's tricks as (winner, next leader, the winner's score change)."""
    return [(t.winner, t.next_leader, t.treasure - t.lost) for t in rnd.tricks[start:]]


def _assert_same_end(rnd: Round, log, result) -> None:
    assert rnd.is_over
    _, hands, deck = log[-1]
    assert hands == (fd.mask_of(rnd.hands[0]), fd.mask_of(rnd.hands[1]))
    assert deck == tuple(c.index for c in rnd.deck)
    assert result == tuple(rnd.tricks_won) + tuple(rnd.score)


def _check_replayed_round(seed: int, special, poison: bool, score=(0, 0)) -> None:
    log = []
    result = fd.random_round(random.Random(seed), seed & 1, special, poison, score, log)
    rnd = fd.to_round(log[0][1], chance=_chance(log))
    assert _replay(rnd, log[1:]) == _round_tricks(rnd)
    _assert_same_end(rnd, log, result)


def _random_actions(rnd: Round, rng: random.Random) -> None:
    """Finish ``rnd`` choosing ``int(random() * n)`` among its n legal actions, as the fast
    path chooses."""
    while not rnd.is_over:
        actions = rnd.legal_actions()
        rnd.act(actions[int(rng.random() * len(actions))])


def _fast_actions(log) -> list:
    return [(e[0], e[1]) for e in log if e[0] in DECISIONS]


def _round_actions(rnd: Round, start: int = 0) -> list:
    return [(a.kind, int(a.card) if a.kind == "name_suit" else
             -1 if a.card is None else a.card.index) for a in rnd.actions[start:]]


# ----------------------------------------------------------------------------- tables

def test_trick_table_agrees_with_decide_special_trick_for_every_pair_and_trump_suit():
    decrees = (CARD[0], CARD[11], CARD[22], CARD[fd.BOW])
    for lead in CARD:
        for follow in CARD:
            if lead is follow:
                continue
            for tk, decree in enumerate(decrees):
                code = fd.TRICK[(lead.index * 42 + follow.index) * 4 + tk]
                if fd.MIRROR in (lead.index, follow.index):
                    assert code == -1          # the Mirror is decided with its decree card
                    continue
                out = rules.decide_special_trick(lead, follow, decree, poison=True)
                assert (code & 1, code >> 1 & 1, code >> 2 & 3, code >> 4) == \
                    (out.winner, out.next_leader, out.treasure, out.rule.poison)


def test_a_special_card_by_a_wrong_name_is_refused_with_the_names():
    with pytest.raises(InvalidState, match="'Sword' is not a special card; the special cards "
                                           "are Axe, Tree"):
        fd.random_round(random.Random(1), special=("Axe", "Sword"))


# ----------------------------------------------------------------------------- dealing

def test_the_deal_gives_13_cards_each_the_decree_and_the_rest_to_the_deck():
    rng = random.Random(5)
    for special in (SPECIAL_CARDS, ("Bow",), ()):
        st_ = fd.deal(rng, 0, special)
        a, b = st_.hands
        assert a.bit_count() == b.bit_count() == 13 and not a & b
        everything = a | b | 1 << st_.decree | fd.mask_of(st_.deck)
        assert everything == fd.SUIT_CARDS_MASK | fd.special_mask(special)
        assert len(st_.deck) == 6 + len(special) and st_.leader == 1


def test_the_deal_puts_every_card_anywhere_equally_often():
    rng = random.Random(9)
    deals = 8400
    places = [[0, 0, 0] for _ in range(42)]       # in A's hand, the decree, in the deck
    for _ in range(deals):
        st_ = fd.deal(rng, 0)
        for c in fd.cards_of(st_.hands[0]):
            places[c][0] += 1
        places[st_.decree][1] += 1
        for c in st_.deck:
            places[c][2] += 1
    for c in range(42):
        # expected 13/42, 1/42 and 15/42 of the deals, within about five standard deviations
        assert abs(places[c][0] - deals * 13 / 42) < 220
        assert abs(places[c][1] - deals / 42) < 70
        assert abs(places[c][2] - deals * 15 / 42) < 220


# ----------------------------------------------------------------------------- agreement

def test_replayed_rounds_give_the_same_tricks_scores_and_cards_in_round():
    """Thousands of random rounds: each one's actions and chance outcomes, replayed through
    Round, give the same winner, next leader and score change at every trick, the same
    tricks won and scores, and the same hands and deck at the end; Round offers as many
    legal actions as the fast path chose among at every decision."""
    rng = random.Random(20261202)
    for seed in range(1500):
        poison = seed % 2 == 1
        score = (rng.randrange(3), rng.randrange(3)) if poison else (0, 0)
        _check_replayed_round(seed, _subset(rng), poison, score)


#: The 36 pairs of special cards: the box shuffles two of them into a game.
PAIRS = tuple(itertools.combinations(SPECIAL_CARDS, 2))


def _replay_watching(rnd: Round, log) -> list:
    """``_replay``, checking after every action that Round never asks the follower to choose
    a card while the lone led card counts as a Tree (rulings SC8, SC11: a led Tree's follower
    plays a random card at once, whatever made the led card a Tree). Returns the fast path's
    tricks as (cards, winner, next leader, the winner's score change)."""
    tricks, cards = [], None
    for entry in log:
        kind = entry[0]
        if kind == "cards":
            cards = tuple(CARD[c] for c in entry[1])
        elif kind == "trick":
            tricks.append((cards,) + entry[1:])
        elif kind in DECISIONS:
            assert rnd.phase == ("play" if kind == "crown" else kind)
            assert len(rnd.legal_actions()) == entry[2]
            rnd.act(_action(kind, entry[1]))
            if rnd.phase == "play" and len(rnd.trick) == 1:
                assert rules.acting_card(rnd.trick[0], rnd.decree).special != "Tree", \
                    rnd.state()
    return tricks


def _check_tricks_by_their_cards(rnd: Round) -> None:
    """Every trick of ``rnd`` is decided by the cards in it at the end, as they count then
    (rulings SC15, SC17: a Shovel there loses, and only a Shovel there makes a trick lost by
    the Shovel's text; a card that left the trick has no say)."""
    for t in rnd.tricks:
        shovel = [i for i, c in enumerate(t.cards)
                  if rules.acting_card(c, t.decree).special == "Shovel"]
        continue
        if shovel:
            assert t.winner != (t.leader if shovel[0] == 0 else 1 - t.leader), t.to_json()
        continue
        out = rules.decide_special_trick(t.cards[0], t.cards[1], t.decree,
                                         crowned=t.rule.crowned, poison=rnd.modules.poison)
        assert ((t.leader, 1 - t.leader)[out.winner], (t.leader, 1 - t.leader)[out.next_leader],
                out.treasure, out.rule) == (t.winner, t.next_leader, t.treasure, t.rule)


def _through_the_referee(rnd: Round) -> None:
    """The same round as a referee scenario (its deal, its actions, its chance outcomes) gives
    the same tricks, hands, deck and scores."""
    scenario = dict(rnd.start.to_json(), plays=[a.to_json() for a in rnd.actions],
                    chance=[[str(c) for c in o] for o in rnd.chance])
    out = referee_line(json.dumps(scenario))
    assert "error" not in out, out
    assert [(t["cards"], t["winner"], t["next_leader"], t["treasure"]) for t in out["tricks"]] \
        == [([str(c) for c in t.cards], "AB"[t.winner], "AB"[t.next_leader], t.treasure)
            for t in rnd.tricks]
    assert out["hands"] == {"A": [], "B": []} and out["round_over"]
    assert out["deck"] == [str(c) for c in rnd.deck]
    assert (out["score"]["A"], out["score"]["B"]) == tuple(rnd.score)


def _check_replay(log, result, rnd: Round, referee: bool) -> Round:
    """Replay the fast path's ``log`` through ``rnd`` (at its start) and compare everything."""
    fast = _replay_watching(rnd, log)
    assert fast == [(t.cards + t.extra, t.winner, t.next_leader, t.treasure - t.lost)
                    for t in rnd.tricks]
    _assert_same_end(rnd, log, result)
    _check_tricks_by_their_cards(rnd)
    if referee:
        _through_the_referee(rnd)
    return rnd


def _pair_position(rng: random.Random, special) -> fd.FastDeluxeState:
    """A late position (1 to 3 cards each, up to 3 in the deck) where the special cards are
    in play: each in a hand (most often), the decree card or the deck, so that the two meet
    in a trick far more often than in a whole round. With the Mirror, now and then a Fox is
    the decree card and the special cards are in the leader's hand: a led Mirror exchanges,
    and may make itself a Tree, a Monarch, a Shovel ... (rulings SC11)."""
    cards = [c for c in range(33)]
    rng.shuffle(cards)
    n, d, leader = rng.randint(1, 3), rng.randint(0, 3), rng.randrange(2)
    fox = "Mirror" in special and rng.random() < 0.3
    if fox:
        at = cards.index(rng.choice((2, 13, 24)))
        cards[at], cards[2 * n] = cards[2 * n], cards[at]
    hands, decree, deck = [cards[:n], cards[n:2 * n]], cards[2 * n], cards[2 * n + 1:][:d]
    slots = [(p, i) for p in (0, 1) for i in range(n)]
    rng.shuffle(slots)
    if fox:
        slots.sort(key=lambda s: s[0] == leader)        # the leader's slots are taken first
    for name in special:
        where = 1 if fox else rng.random()
        if where < 0.1:
            decree = fd.SPECIAL_INDEX[name]
        elif where < 0.2 or not slots:
            deck.insert(0, fd.SPECIAL_INDEX[name])
        else:
            p, i = slots.pop()
            hands[p][i] = fd.SPECIAL_INDEX[name]
    won = rng.randint(0, 13 - n)
    # While the Shovel may dig, a player who has won tricks has a last won trick: two cards
    # out of play (a position gives them as last_won, rulings R7).
    out = iter(c for c in cards[2 * n + 1:] if c not in deck)
    piles = tuple((next(out), next(out)) if w and "Shovel" in special else ()
                  for w in (won, 13 - n - won))
    return fd.FastDeluxeState((fd.mask_of(hands[0]), fd.mask_of(hands[1])), decree,
                              tuple(deck), leader, (), (won, 13 - n - won),
                              (rng.randrange(3), rng.randrange(3)), (0, 0), tuple(special),
                              rng.random() < 0.5, piles=piles)


def _agree(sets, rng, runs, whole=10, referee_every=3):
    """Play ``runs(special)`` runs for each set of special cards in ``sets`` (the first
    ``whole`` of them whole random rounds, the rest late positions where the cards meet)
    through the fast path, replay each through Round (every ``referee_every``-th also through
    the referee) and compare everything (``_check_replay``). Returns how often a Shovel sent
    away by a Hammer left the trick to the leader's new card, and how often a led Mirror made
    itself a Tree: the interactions the comparison is about."""
    sent_away = made_a_tree = n = 0
    for special in sets:
        # The pair of the Shovel sent away by the Hammer gets more late positions: a Shovel
        # that can dig mostly does, so the stays that a Hammer then sends away are rarer.
        for k in range(runs(special)):
            n += 1
            log = []
            if k < whole:               # a whole round
                poison = n % 2 == 0
                score = (rng.randrange(3), rng.randrange(3)) if poison else (0, 0)
                result = fd.random_round(random.Random(n), n & 1, special, poison, score, log)
                state, log = log[0][1], log[1:]
            else:                       # a late position
                state = _pair_position(rng, special)
                result = fd.random_playout(state, random.Random(n), log=log)
            rnd = _check_replay(log, result, fd.to_round(state, chance=_chance(log)),
                                n % referee_every == 0)
            for i, rec in enumerate(rnd.history):
                if rec.kind == "hammer" and Card("Shovel") in rec.sent:
                    trick = next(r for r in rnd.history[i:] if r.kind == "trick")
                    sent_away += trick.winner == trick.leader
                if rec.kind == "exchange" and rec.taken == Card("Tree") and \
                        rnd.history[i - 1].card == Card("Mirror") and rnd.history[i - 1].leads:
                    made_a_tree += rnd.history[i + 1].how == "tree"
    return sent_away, made_a_tree


def test_every_pair_of_special_cards_plays_the_same_in_the_fast_path_the_engine_and_the_referee():
    """Each of the 36 pairs of special cards (and all nine): whole random rounds and late
    positions where the two cards meet, with and without Poison 8s. The fast path's rounds
    replayed through Round, and a third of them through the referee, give the same cards,
    winner, next leader and points at every trick, the same hands, deck and scores; every
    trick is decided by the cards in it at the end (a Shovel that a Hammer sent under the deck
    has no say: rulings SC13, SC15, SC17); no follower is left to choose a card after a led
    Tree (SC8, SC11). The interactions this is about do happen here: a Shovel that stayed is
    sent away by a Hammer and the leader's new card takes the trick."""
    counts = _agree(PAIRS + (SPECIAL_CARDS,), random.Random(36),
                    lambda special: 300 if {"Shovel", "Hammer"} <= set(special) else 100)
    sent_away, made_a_tree = counts
    assert sent_away >= 3 and made_a_tree >= 1, (sent_away, made_a_tree)


def test_random_choices_are_rounds_legal_actions_chosen_uniformly_in_its_order():
    """With the same random numbers, a loop choosing ``int(random() * n)`` among Round's n
    legal actions makes exactly the fast path's choices, and Round's own seeded chance
    draws the fast path's chance outcomes: the same distribution, decision by decision."""
    rng = random.Random(77)
    for seed in range(400):
        special, poison = _subset(rng), rng.random() < 0.5
        log = []
        result = fd.random_round(random.Random(seed), seed & 1, special, poison, log=log,
                                 chance=random.Random(10 ** 6 + seed))
        decisions = random.Random(seed)
        dealt = fd.deal(decisions, seed & 1, special, poison)   # the same numbers as the deal
        assert dealt == log[0][1]
        rnd = fd.to_round(dealt, seed=10 ** 6 + seed)
        _random_actions(rnd, decisions)
        assert _round_actions(rnd) == _fast_actions(log)
        assert [[c.index for c in o] for o in rnd.chance] == \
            [list(e[1]) for e in log if e[0] == "chance"]
        _assert_same_end(rnd, log, result)


def test_every_special_card_ability_is_exercised_by_the_cross_check():
    """The cross-check above is not vacuous: each decision of each special card happens."""
    seen = set()
    rng = random.Random(3)
    for seed in range(200):
        log = []
        fd.random_round(rng, seed & 1, log=log)
        seen.update(e[0] for e in log)
    assert set(DECISIONS) | {"chance", "trick"} <= seen


def _drive_to_a_play_phase(rnd: Round, rng: random.Random, want) -> bool:
    """Random actions until a play phase where ``want(rnd, rng)`` holds (False if the round
    ends first)."""
    while not rnd.is_over:
        if rnd.phase == "play" and want(rnd, rng):
            return True
        actions = rnd.legal_actions()
        rnd.act(actions[int(rng.random() * len(actions))])
    return False


@pytest.mark.parametrize("what, want", [
    ("any point", lambda rnd, rng: rng.random() < 0.1),
    ("a crowned led card", lambda rnd, rng: rnd.trick and rnd.sp.get("crowned") is not None),
    ("a led Shovel that stayed",
     lambda rnd, rng: rnd.trick and rules.acting_card(rnd.trick[0], rnd.decree).special
     == "Shovel"),
    ("a won trick to dig in", lambda rnd, rng: any(rnd.piles) and not rnd.trick),
])
def test_a_playout_from_a_round_in_progress_continues_it_exactly(what, want):
    """``from_round`` mid-round, mid-trick included (a crowned card, a Shovel that did not
    dig, the last tricks won): the playout's actions and chance replayed through the same
    Round give the same tricks and end; and with the round's own random source for chance,
    a copy of the round driven with the same numbers ends the same way."""
    rng = random.Random(len(what))
    found = 0
    for seed in range(400):
        rnd = Round.deal(seed, seed & 1, modules=Modules(seed % 2 == 0, SPECIAL_CARDS))
        if not _drive_to_a_play_phase(rnd, rng, want):
            continue
        found += 1
        state = fd.from_round(rnd)
        done, trick_count = len(rnd.actions), len(rnd.tricks)
        # (1) replay the playout's actions and chance through the same round
        log = []
        result = fd.random_playout(state, random.Random(seed), log=log)
        again = Round(rnd.start, chance=rnd.chance + _chance(log))
        for action in rnd.actions:
            again.act(action)
        assert _replay(again, log) == _round_tricks(again, trick_count)
        _assert_same_end(again, log, result)
        # (2) chance from the round's own random source, decisions from the same numbers
        chance = random.Random()
        chance.setstate(rnd.rng.getstate())
        log = []
        result = fd.random_playout(state, random.Random(seed), chance, log)
        copy = rnd.copy()
        _random_actions(copy, random.Random(seed))
        assert _round_actions(copy, done) == _fast_actions(log)
        _assert_same_end(copy, log, result)
        if found == 40:
            break
    assert found >= 10


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32 - 1), st.sets(st.sampled_from(SPECIAL_CARDS)), st.booleans(),
       st.tuples(st.integers(0, 3), st.integers(0, 3)))
def test_any_seed_and_set_of_special_cards_replays_the_same_in_round(seed, special, poison,
                                                                     score):
    _check_replayed_round(seed, tuple(s for s in SPECIAL_CARDS if s in special), poison, score)


def test_a_round_without_log_gives_the_same_result_as_with_it():
    for seed in range(200):
        special = _subset(random.Random(seed))
        assert fd.random_round(random.Random(seed), 0, special, True, (1, 2)) == \
            fd.random_round(random.Random(seed), 0, special, True, (1, 2), [])


# ----------------------------------------------------------------------------- conversions

def test_from_round_refuses_a_decision_in_progress_with_the_reason():
    rnd = Round.deal(4, modules=Modules(special=SPECIAL_CARDS))
    rng = random.Random(4)
    while rnd.phase == "play":
        actions = rnd.legal_actions()
        rnd.act(actions[int(rng.random() * len(actions))])
    with pytest.raises(InvalidState, match=f"waits for a decision \\('{rnd.phase}'\\): make "
                                           "it with Round.act first"):
        fd.from_round(rnd)


def test_to_round_and_from_round_give_back_the_deal():
    rng = random.Random(8)
    for _ in range(50):
        state = fd.deal(rng, rng.randrange(2), _subset(rng), rng.random() < 0.5)
        assert fd.from_round(fd.to_round(state)) == state


def test_to_round_refuses_what_a_position_cannot_hold():
    state = fd.deal(random.Random(2), 0)
    hand = fd.cards_of(state.hands[1])
    crowned = state._replace(trick=(hand[0],), crowned=hand[0],
                             hands=(state.hands[0], state.hands[1] ^ 1 << hand[0]))
    with pytest.raises(InvalidState, match="is crowned: a position cannot say so"):
        fd.to_round(crowned)
    # a won trick matters while the Shovel can still dig in it
    with pytest.raises(InvalidState, match="Shovel is still to be played"):
        fd.to_round(state._replace(piles=((0, 1), ())))
    no_shovel = fd.deal(random.Random(2), 0, ("Axe",))
    assert fd.to_round(no_shovel._replace(piles=((0, 1), ()))).hands == \
        fd.to_round(no_shovel).hands
    with pytest.raises(InvalidState, match="The round is over"):
        fd.to_round(state._replace(phase=fd.OVER))


def _short_position(rng: random.Random, special) -> fd.FastDeluxeState:
    """A position late in a round: 1 to 4 cards each, 0 to 2 cards in the deck (so the
    Potion may draw itself back, the Crown may not be added), the other cards out of play."""
    cards = list(fd.cards_of(fd.SUIT_CARDS_MASK | fd.special_mask(special)))
    rng.shuffle(cards)
    n, d = rng.randint(1, 4), rng.randint(0, 2)
    a, b = fd.mask_of(cards[:n]), fd.mask_of(cards[n:2 * n])
    decree, deck = cards[2 * n], tuple(cards[2 * n + 1:2 * n + 1 + d])
    won = rng.randint(0, 13 - n)
    # While the Shovel may dig, a player who has won tricks has a last won trick: two cards
    # out of play (a position gives them as last_won, rulings R7).
    out = iter(cards[2 * n + 1 + d:])
    piles = tuple((next(out), next(out)) if w and "Shovel" in special else ()
                  for w in (won, 13 - n - won))
    return fd.FastDeluxeState((a, b), decree, deck, rng.randrange(2), (), (won, 13 - n - won),
                              (rng.randrange(3), rng.randrange(3)), (0, 0), tuple(special),
                              rng.random() < 0.5, piles=piles)


def test_short_positions_with_an_empty_deck_replay_the_same_in_round():
    """Late positions reach what full rounds rarely do: a Potion played with an empty deck
    draws itself back (and, as the last card, is played again), a Woodcutter or an Axe
    finds no card to draw, the Crown cannot be added."""
    rng = random.Random(12)
    for seed in range(1500):
        state = _short_position(rng, SPECIAL_CARDS if seed % 3 else ("Potion", "Axe", "Crown"))
        log = []
        result = fd.random_playout(state, random.Random(seed), log=log)
        rnd = fd.to_round(state, chance=_chance(log))
        assert _replay(rnd, log) == _round_tricks(rnd)
        _assert_same_end(rnd, log, result)


# ----------------------------------------------------------------------------- goal cards

HOUSE = tuple(house_goals())
#: Card descriptions for random goals: the special cards by name, trump and not trump (a
#: special decree card names no trump suit), characters, suits.
_SPECS = [{}, {"character": "Swan"}, {"character": "Treasure"}, {"character": "Monarch"},
          {"rank": 8}, {"suit": "M"}, {"card": "11K"}, {"trump": True}, {"trump": False},
          {"trump": False, "character": "Witch"}] + [{"special": s} for s in SPECIAL_CARDS]


def _goal_log(log):
    """The fast path's claims ``(goal index, player, moment)`` and tricks ``(winner, next
    leader, change of A's score, change of B's)`` in a log with goals."""
    return ([e[1:] for e in log if e[0] == "claim"], [e[1:] for e in log if e[0] == "trick"])


def _round_goal_tricks(rnd: Round, start: int = 0) -> list:
    """Round's tricks as (winner, next leader, each score's change): Treasure minus Poison for
    the winner, each player's goal points, what the floor at 0 saved."""
    out = []
    for t in rnd.tricks[start:]:
        change = [sum(c.points for c in t.claims if c.player == p) + t.goal_floored[p]
                  for p in (0, 1)]
        change[t.winner] += t.treasure - t.lost
        out.append((t.winner, t.next_leader, *change))
    return out


def _round_claims(rnd: Round, start: int = 0) -> list:
    found = [c for t in rnd.tricks[start:] for c in t.claims] + list(rnd.round_end.claims)
    return sorted((c.goal, c.player, c.moment, c.points) for c in found)


def _fast_claims(claims, goals) -> list:
    return sorted((goals[i].id, p, moment, goals[i].points) for i, p, moment in claims)


def _check_goal_round(seed: int, special, poison: bool, score, goals) -> Round:
    """A fast round with goals replayed through Round: the same claims (goal, player,
    moment, points), every trick's winner, next leader and score changes, the same end."""
    log = []
    result = fd.random_round(random.Random(seed), seed & 1, special, poison, score, log,
                             goals=goals)
    rnd = fd.to_round(log[0][1], chance=_chance(log))
    _replay(rnd, log[1:])
    claims, tricks = _goal_log(log)
    assert tricks == _round_goal_tricks(rnd)
    assert _fast_claims(claims, goals) == _round_claims(rnd)
    _assert_same_end(rnd, log, result)
    assert fd.random_round(random.Random(seed), seed & 1, special, poison, score,
                           goals=goals) == result
    return rnd


@pytest.mark.slow
def test_special_cards_poison_and_house_goals_score_as_round_with_the_floor_at_zero():
    """Every ordered pair of house goals, with and without Poison 8s, with a random set of
    special cards and small scores: the fast path's claims, score changes at every trick
    (Treasure, Poison and goals added up, then floored at 0) and final scores are Round's.
    The floor is reached (goal points not lost at a score of 0) in some of the rounds."""
    rng = random.Random(1210)
    floored = claimed = 0
    seed = 0
    for a in HOUSE:
        for b in HOUSE:
            if a is b:
                continue
            for poison in (False, True):
                seed += 1
                score = (rng.randrange(2), rng.randrange(2))
                rnd = _check_goal_round(seed, _subset(rng), poison, score, (a, b))
                floored += any(any(t.goal_floored) for t in rnd.tricks)
                claimed += bool(_round_claims(rnd))
    assert floored >= 10 and claimed >= 400


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32 - 1), st.sets(st.sampled_from(SPECIAL_CARDS)), st.booleans(),
       st.tuples(st.integers(0, 2), st.integers(0, 2)),
       st.lists(st.sampled_from(HOUSE), min_size=2, max_size=2, unique=True))
def test_any_seed_special_cards_and_pair_of_goals_score_the_same_in_round(seed, special, poison,
                                                                         score, goals):
    _check_goal_round(seed, tuple(s for s in SPECIAL_CARDS if s in special), poison, score,
                      tuple(goals))


def _random_goal(rng, k: int) -> Goal:
    """A goal whose condition reads a trick's cards, often a special card's name."""
    form = rng.choice(["win_trick", "lose_trick", "take", "streak", "round_end", "never"])
    spec = rng.choice(_SPECS)
    if form in ("win_trick", "lose_trick"):
        cond = {"event": form, rng.choice(["with", "against"]): spec}
        if rng.random() < 0.3:
            cond["led"] = rng.random() < 0.5
        if rng.random() < 0.2:
            cond["trick"] = rng.choice(["first", "last", rng.randint(1, 13)])
    elif form == "take":
        cond = {"event": "take", "cards": spec, "count": rng.randint(1, 3)}
    elif form == "streak":
        cond = {"event": "streak", "tricks": rng.randint(2, 3), "with": spec}
    elif form == "round_end":
        cond = {"event": "round_end", "taken": {"cards": spec, "count": rng.randint(0, 3)}}
    else:
        cond = {"never": {"event": "take", "cards": spec}}
    if rng.random() < 0.2:
        cond = {"all": [cond, {"event": "win_tricks", "count": rng.randint(1, 7)}]}
    return Goal(f"g{k}", f"Goal {k}", "printed", rng.choice(["once", "ongoing"]),
                rng.choice([-2, -1, 1, 2]), cond)


@pytest.mark.slow
def test_goals_naming_special_cards_claim_as_evaluate_finds_them_in_round():
    """Goals about special cards (won with, lost against, taken, never taken, a run of
    tricks with one), about trump (no trump under a special decree card) and other cards:
    claimed and scored in the fast path as Round and ``evaluate`` find them in the records
    of the same round. Special cards are claimed in some of the rounds."""
    rng = random.Random(4242)
    about_special = 0
    for seed in range(500):
        goals = (_random_goal(rng, 0), _random_goal(rng, 1))
        rnd = _check_goal_round(seed, SPECIAL_CARDS if seed % 3 else _subset(rng),
                                seed % 2 == 1, (rng.randrange(3), 0), goals)
        claims = evaluate_all(rnd, goals)
        assert sorted((c.goal, c.player, c.moment, c.points) for c in claims) == \
            _round_claims(rnd)
        about_special += any(f.card is not None and f.card.special is not None
                             for c in claims for f in c.why)
    assert about_special >= 30


def _goal_round(seed: int, goals, poison: bool) -> Round:
    modules = Modules(poison=poison, special=SPECIAL_CARDS, goals=tuple(g.id for g in HOUSE))
    pos = deal_position(random.Random(seed), seed & 1, modules=modules)
    pos.goals = goals
    return Round(pos)


def test_a_playout_with_goals_from_a_round_in_progress_continues_it_exactly():
    """``from_round`` in the middle of a round with special cards and goals works out the
    goals' counters from the tricks played (claims made, cards taken, runs): the playout then
    claims and scores the rest of the round as Round does with the same actions and chance."""
    rng = random.Random(31)
    ids = [g.id for g in HOUSE]
    checked = 0
    for seed in range(120):
        goals = tuple(rng.sample(ids, 2))
        rnd = _goal_round(seed, goals, seed % 2 == 0)
        if not _drive_to_a_play_phase(rnd, rng, lambda r, g: len(r.tricks) >= g.randint(1, 12)):
            continue
        state = fd.from_round(rnd)
        assert state.goals.ids == goals
        trick_count = len(rnd.tricks)
        log = []
        result = fd.random_playout(state, random.Random(seed), log=log)
        again = Round(rnd.start, chance=rnd.chance + _chance(log))
        for action in rnd.actions:
            again.act(action)
        _replay(again, log)
        claims, tricks = _goal_log(log)
        assert tricks == _round_goal_tricks(again, trick_count)
        assert _fast_claims(claims, state.goals.goals) == _round_claims(again, trick_count)
        _assert_same_end(again, log, result)
        checked += 1
    assert checked >= 100


def test_to_round_refuses_a_state_whose_goals_have_counted_something():
    """A Round position cannot hold a goal claimed or cards counted so far: refused with the
    reason; a dealt state with goals converts both ways."""
    state = fd.deal(random.Random(5), 1, SPECIAL_CARDS, True, goals=("early-bird", "moonlight"))
    rnd = fd.to_round(state)
    assert rnd.goals == (HOUSE[2], HOUSE[13]) and fd.from_round(rnd) == state
    moved = state._replace(gstate=(1,) + state.gstate[1:])
    with pytest.raises(InvalidState, match="carries goal progress"):
        fd.to_round(moved)


def test_house_goal_ids_and_compiled_programs_play_the_same_rounds():
    prog = fd.goal_program(("hat-trick", "heavy-crown"))
    assert prog is fd.goal_program(prog) and prog.deck.name == "special"
    for seed in range(50):
        assert fd.random_round(random.Random(seed), 0, goals=("hat-trick", "heavy-crown")) == \
            fd.random_round(random.Random(seed), 0, goals=prog)


#: Runs per card and per pair in the full check (``make test`` only: about 10 minutes of CPU).
FULL_RUNS = 10_000


@pytest.mark.slow
def test_ten_thousand_rounds_per_card_and_per_pair_play_the_same_in_the_fast_path_and_the_engine():
    """The fast copy of the special cards' rules against their one definition (the engine's
    abilities): for each of the nine cards alone and each of the 36 pairs, ``FULL_RUNS`` runs
    (a tenth whole rounds, the rest late positions where the cards meet), every trick, hand,
    deck and score compared with Round, one run in fifty also through the referee."""
    singles = tuple((name,) for name in SPECIAL_CARDS)
    _agree(singles + PAIRS, random.Random(10_000), lambda special: FULL_RUNS,
           whole=FULL_RUNS // 10, referee_every=50)
