"""Computer players with the Deluxe special cards: the determinization that samples a whole
round fitting a player's view (``foxlib.players.determinize.sample_round``), the rule-of-thumb
player's reasons for each special decision, and the strong player's search through the exact
engine (docs/players.md, "Special cards")."""
import random
import statistics

import pytest

from foxlib import Action, Round
from foxlib.core.cards import Card, special_card
from foxlib.players.determinize import cards_in_play, sample_round
from foxlib.players.arena import game_modules, main as arena_main, parse_special
from foxlib.engine.game import Game
from foxlib.engine.modules import SPECIAL_CARDS, Modules, house_goal_ids
from foxlib.players.levels import make_player
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


def fairy_moments(seed: str, rng_seed: int, poison: bool):
    """The views where a player's own Fairy waits to take, in random games of all nine."""
    game = Game(seed=seed, target=21, modules=Modules(special=ALL, poison=poison))
    rng = random.Random(rng_seed)
    for _ in range(3):
        rnd = game.round
        while not rnd.is_over:
            view = rnd.view(rnd.to_play)
            if view.phase == "fairy_take" and view.offer:
                yield view
            acts = rnd.legal_actions()
            rnd.act(acts[rng.randrange(len(acts))])
        if game.result()[0]:
            return
        game.next_round()


@pytest.mark.parametrize("seed, rng_seed, poison", [("st315", 315, False), ("st49", 49, False)])
def test_the_cards_the_players_fairy_sees_are_always_in_the_sampled_opponents_hand(
        seed, rng_seed, poison):
    # Found in arena games: the opponent's face-down discards, picked at random, could keep in
    # their hand a card seen earlier (by a Fairy, or swapped with a Fox) and leave no place for
    # the cards the Fairy sees now; the Fairy's take then failed. A sample now fits the view or
    # is refused (ValueError), and the strong player still decides.
    views = list(fairy_moments(seed, rng_seed, poison))
    assert len(views) >= 2
    for view in views:
        fitted = 0
        for i in range(60):
            try:
                world = sample_round(view, random.Random(i))
            except ValueError:
                continue
            assert all(c in world.hands[1 - view.player] for c in view.offer)
            fitted += 1
        assert fitted > 40
        made = make_player("strong", 1, samples=8, time_limit=None).decision(view)
        assert made.action in view.legal and made.samples > 0


# ----------------------------------------------------------------------------- players

def special_round(decree, a, b, leader="A", deck="", won=(0, 0), names=ALL, **extra):
    """A round with the special cards ``names``, A and B having won ``won`` tricks."""
    pos = position(decree, a, b, leader, deck=deck, modules={"special": list(names)},
                   tricks_won={"A": won[0], "B": won[1]}, **extra)
    return Round(pos)


def rules_says(rnd):
    view = rnd.view(rnd.to_play)
    made = make_player("rules", 1).decision(view)
    assert made.action in view.legal
    return made


COMBINATIONS = [Modules(special=(name,), poison=i % 2 == 1) for i, name in enumerate(ALL)] + [
    Modules(special=ALL, poison=True),
    Modules(special=("Hammer", "Shovel"), goals=house_goal_ids()),
    Modules(special=ALL, poison=True, goals=house_goal_ids()),
]


@pytest.mark.parametrize("modules", COMBINATIONS, ids=str)
def test_each_player_plays_whole_rounds_with_special_cards_and_the_other_modules(modules):
    game = Game(seed=str(modules), modules=modules)
    players = {"random": make_player("random", 1), "rules": make_player("rules", 2),
               "strong": make_player("strong", 3, samples=1, time_limit=None)}
    for seats in (("rules", "strong"), ("strong", "random")):
        rnd = game.round
        while not rnd.is_over:
            view = rnd.view(rnd.to_play)
            made = players[seats[rnd.to_play]].decision(view)
            assert made.action in view.legal and made.reason
            rnd.act(made.action)
        assert sum(rnd.tricks_won) == 13
        game.next_round()


def test_the_rules_player_crowns_a_card_when_the_crown_wins_the_trick_it_needs():
    # Six tricks won: this one makes the round Victorious. The 4 of Keys loses to the 8 of
    # Keys, but crowned it counts as the 11 of Keys.
    rnd = special_round("3M", "Crown 4K", "8K 1B", "B", deck="9K 10B", won=(6, 5))
    rnd.play("8K")
    made = rules_says(rnd)
    assert made.action == Action("crown", "4K")
    assert "the Crown makes it count as the 11 of its suit" in made.reason


def test_the_rules_player_keeps_the_crown_when_it_would_not_help():
    rnd = special_round("3M", "Crown 4K 2B", "9K 1B 6B", "B", deck="8K 10B", won=(5, 5))
    rnd.play("9K")
    made = rules_says(rnd)
    assert made.action.kind == "play"
    assert "adding the Crown would not help here" in made.reason


def test_the_rules_player_names_a_suit_for_the_hammer_and_says_why():
    rnd = special_round("3M", "7K 2B 4B", "Hammer 1B 6B", "A", deck="8K 10B", won=(5, 5))
    rnd.play("7K")
    rnd.play("Hammer")
    made = rules_says(rnd)
    assert made.action.kind == "name_suit"
    assert "Naming" in made.reason and "beats an odd card and loses to an even one" in made.reason


def test_the_rules_player_beats_the_hammer_with_an_even_card_when_it_wants_the_trick():
    # A needs this trick for Victorious: the 2 of Bells (even) beats the Hammer, the 3 (odd)
    # would lose to it.
    rnd = special_round("9M", "7K 2B", "Hammer 1B", "A", deck="3B 10B", won=(6, 5))
    rnd.play("7K")
    rnd.play("Hammer")
    rnd.act(Action("name_suit", "B"))
    made = rules_says(rnd)
    assert made.action == Action("replace", "2B")
    assert "beats the Hammer" in made.reason


def test_the_rules_player_takes_and_gives_with_the_fairy_and_says_what():
    rnd = special_round("3M", "Fairy 4K 5M", "2B 11M 7K", "B", deck="8K 9K", won=(5, 5))
    rnd.play("2B")
    rnd.play("Fairy")
    made = rules_says(rnd)
    assert made.action.kind == "fairy_take"
    assert ("Taking the" in made.reason and "giving back the" in made.reason) or \
        "takes nothing" in made.reason
    if made.action.card is not None:
        rnd.act(made.action)
        given = rules_says(rnd)
        assert given.action.kind == "fairy_give" and "goes to the opponent" in given.reason


def test_the_rules_player_digs_when_every_card_it_could_dig_wins_the_trick_it_wants():
    # A won 11B and 10B; B leads the 2 of Keys and A follows with the Shovel: either dug card
    # (a Bell: the led suit wins unless trump is Bells ... trump is Bells here) wins.
    rnd = special_round("3B", "11B Shovel 4K", "10B 2K 6K", "A", deck="8K 9K", won=(6, 4))
    rnd.play("11B")
    rnd.play("10B")
    rnd.play("4K")
    rnd.play("6K")            # B wins, B leads next
    rnd.play("2K")
    rnd.play("Shovel")
    made = rules_says(rnd)
    assert made.action.card is not None
    assert "Digging plays a random card from its last won trick" in made.reason


def test_the_rules_player_does_not_dig_when_it_wants_to_lose():
    # Humble with no trick yet: the Shovel that stays loses the trick for sure.
    rnd = special_round("3B", "11B Shovel 4K 1M", "10B 2K 6K 2M", "A", deck="8K 9K")
    rnd.play("11B")
    rnd.play("10B")
    rnd.play("Shovel")
    made = rules_says(rnd)
    assert made.action == Action("dig", None)
    assert "Not digging makes the Shovel lose this trick for sure" in made.reason


def test_the_rules_player_chooses_the_potions_discard_and_play_with_reasons():
    rnd = special_round("3M", "Potion 4K 5M", "2B 1M 7K", "B", deck="8K 9K 10K", won=(5, 5))
    rnd.play("2B")
    rnd.play("Potion")
    made = rules_says(rnd)
    assert made.action.kind == "potion_discard"
    assert "goes under the deck with the Potion" in made.reason
    rnd.act(made.action)
    made = rules_says(rnd)
    assert made.action.kind == "potion_play" and "Of the cards drawn" in made.reason
    # The 9 of Keys is a Witch: alone in the trick it counts as trump and wins.
    assert made.action.card == Card("9K") and "wins this trick" in made.reason


def test_the_strong_player_follows_a_woodcutter_with_the_axe_to_win_the_trick_it_needs():
    # Trick 12 of 13, six tricks each: the Axe after a Woodcutter wins (and A reaches 7 with
    # it); the 2 of Bells would lose.
    rnd = special_round("3M", "Axe 2B", "5K 1K", "B", deck="8K 10B", won=(6, 5),
                        names=("Axe", "Bow"))
    rnd.play("5K")
    rnd.discard("1K")         # B's Woodcutter drew the 8 of Keys
    view = rnd.view(0)
    made = make_player("strong", 1, samples=10, time_limit=None).decision(view)
    assert made.action == Action("play", "Axe")
    assert made.values[Action("play", "Axe")] > made.values[Action("play", "2B")]
    assert "play the Axe did best on average" in made.reason


def test_the_strong_player_is_a_pure_function_of_its_seed_and_view_within_its_budget():
    rnd = Round.deal(4, modules=Modules(special=ALL))
    view = rnd.view(rnd.to_play)
    one = make_player("strong", 9, samples=3, time_limit=None).decision(view)
    two = make_player("strong", 9, samples=3, time_limit=None).decision(view)
    assert one.action == two.action and one.values == two.values and one.samples == 3


def test_the_fast_path_plays_a_choice_out_exactly_as_the_engine_does_from_the_same_position():
    # The engine finishes the decision a choice starts; then fast_deluxe and the engine, given
    # the same random numbers and the round's own chance source, play the same round out.
    from foxlib.players.special import evaluate
    checked = fast = 0
    for n, (rnd, p) in enumerate(random_moments(range(60, 70), some_special)):
        view = rnd.view(p)
        if p != rnd.to_play or len(view.legal) < 2 or n % 3:
            continue
        world = sample_round(view, random.Random(n))
        for action in view.legal:
            quick, used = evaluate(world, action, p, n, per_deal=1)
            slow, engine_used = evaluate(world, action, p, n, per_deal=1, fast=False)
            assert quick == slow and not engine_used
            fast += used
            checked += 1
    assert checked > 100 and fast == checked


def test_the_fast_paths_mean_over_many_playouts_matches_the_engines():
    # One position, 400 playouts of one choice each way: the means agree within the noise.
    from foxlib.players.special import evaluate
    rnd = Round.deal(11, modules=Modules(special=ALL, poison=True))
    view = rnd.view(rnd.to_play)
    world = sample_round(view, random.Random(1))
    action = view.legal[0]
    quick = [evaluate(world, action, view.player, s, per_deal=1)[0] for s in range(400)]
    slow = [evaluate(world, action, view.player, 1000 + s, fast=False)[0] for s in range(400)]
    spread = (statistics.pvariance(quick) / 400 + statistics.pvariance(slow) / 400) ** 0.5
    assert abs(statistics.fmean(quick) - statistics.fmean(slow)) < 4 * spread


def test_the_strong_player_decides_from_its_view_alone_not_from_the_hidden_cards():
    # Two rounds that differ only in what A cannot see (B's hand, the deck's order) give A
    # the same view, so the same choice and the same values.
    one = special_round("3M", "Axe 2B 5M 9K", "10B 1K 7B 8M", "B", deck="8K 5K 4K",
                        won=(4, 5), names=("Axe", "Bow"))
    two = special_round("3M", "Axe 2B 5M 9K", "10B 8K 5K 1K", "B", deck="7B 8M 4K",
                        won=(4, 5), names=("Axe", "Bow"))
    one.play("10B")
    two.play("10B")
    assert one.view(0) == two.view(0) and one.hands[1] != two.hands[1]
    made = [make_player("strong", 2, samples=20, time_limit=None).decision(r.view(0))
            for r in (one, two)]
    assert made[0].action == made[1].action and made[0].values == made[1].values


def test_the_strong_player_stops_playing_out_a_choice_once_it_is_clearly_worse():
    # The Axe after a Woodcutter wins the trick that makes A Victorious; the 2 of Bells loses
    # it. After 16 deals the 2 of Bells is clearly worse and is played out no more.
    rnd = special_round("3M", "Axe 2B", "5K 1K", "B", deck="8K 10B", won=(6, 5),
                        names=("Axe", "Bow"))
    rnd.play("5K")
    rnd.discard("1K")
    made = make_player("strong", 1, samples=200, time_limit=None).decision(rnd.view(0))
    assert made.action == Action("play", "Axe") and made.samples < 200
    assert set(made.values) == {Action("play", "Axe"), Action("play", "2B")}
    assert "It stopped playing out 1 choice early, once it was clearly worse" in made.reason


def test_the_strong_players_reason_says_how_often_it_played_each_choice_out():
    rnd = Round.deal(5, modules=Modules(special=ALL))
    view = rnd.view(rnd.to_play)
    made = make_player("strong", 3, samples=4, time_limit=None).decision(view)
    assert "in 4 ways" in made.reason and "played each choice out 8 times in each deal" in \
        made.reason


def play_both_to_the_end(real, state, rng):
    """Random actions on the engine's round ``real`` and the base game's fast ``state`` alike,
    checking at every step that both offer the same actions; the fast state at the end."""
    from foxlib.fast import base as fast
    while not real.is_over:
        acts = real.legal_actions()
        assert [-1 if a.card is None else a.card.index for a in acts] == \
            fast.legal_actions(state)
        act = acts[rng.randrange(len(acts))]
        real.act(act)
        state = fast.apply_action(state, -1 if act.card is None else act.card.index)
    return state


def test_once_no_special_card_can_come_the_base_games_fast_path_plays_the_round_as_round_does():
    # From every moment of random rounds (two special cards, Poison half the time) where no
    # special card is left to play, the base game's fast state offers the same actions as the
    # engine at every step and ends with the same tricks and scores.
    from foxlib.players.out_of_play import base_world, no_special_to_come
    checked = 0
    for rnd, p in random_moments(range(70, 90), lambda rng: Modules(
            special=tuple(rng.sample(ALL, 2)), poison=rng.random() < 0.5)):
        if p != rnd.to_play or not no_special_to_come(rnd.view(p), rnd):
            continue
        real, state = rnd.copy(), base_world(rnd)
        rng = random.Random(checked)
        state = play_both_to_the_end(real, state, rng)
        assert state.tricks_won == tuple(real.tricks_won) and state.score == tuple(real.score)
        checked += 1
    assert checked > 50


def test_a_special_card_deeper_in_the_deck_than_any_draw_leaves_the_rest_to_the_base_game():
    # From every moment of random rounds (two special cards, Poison half the time) where the
    # special cards left all lie deeper in the deck than the Woodcutters left can draw, the
    # base game's fast state without them offers the engine's actions at every step and ends
    # with the same tricks and scores: they never come into play.
    from foxlib.players.out_of_play import inert_base_state
    checked = in_deck = 0
    for rnd, p in random_moments(range(90, 170), lambda rng: Modules(
            special=tuple(rng.sample(ALL, rng.choice((2, 2, 9)))), poison=rng.random() < 0.5)):
        if p != rnd.to_play:
            continue
        state = inert_base_state(rnd.view(p), rnd)
        if state is None:
            continue
        in_deck += any(c.special for c in rnd.deck)
        real = rnd.copy()
        rng = random.Random(checked)
        state = play_both_to_the_end(real, state, rng)
        assert not any(c.special for t in real.tricks[len(rnd.tricks):] for c in t.cards)
        assert state.tricks_won == tuple(real.tricks_won) and state.score == tuple(real.score)
        checked += 1
    assert checked > 500 and in_deck > 300


def test_once_no_special_card_can_come_every_round_sampled_from_the_view_agrees():
    # "No special card can come" is read from one sampled round; it must hold in every round
    # sampled from the same view, or the base game's search would meet a special card. (A
    # card the opponent took with a Fox may be in their hand in one round and under the deck
    # in another; a Woodcutter in the opponent's hand may or may not reach the deck's cards.)
    from foxlib.players.out_of_play import inert_base_state, no_special_to_come
    checked = 0
    for rnd, p in random_moments(range(300, 360), lambda rng: Modules(
            special=tuple(rng.sample(ALL, rng.choice((2, 9)))), poison=rng.random() < 0.5)):
        view = rnd.view(p)
        if p != rnd.to_play or not no_special_to_come(view, rnd):
            continue
        rng = random.Random(checked)
        for _ in range(8):
            world = sample_round(view, rng)
            assert no_special_to_come(view, world) and inert_base_state(view, world)
        checked += 1
    assert checked > 100


def test_a_special_card_a_woodcutter_can_draw_is_still_to_come():
    # The Bow is the deck's second card: with two Woodcutters left in the hands it can be
    # drawn; with one, it cannot, and the round is the base game's from here on.
    from foxlib.players.out_of_play import inert_base_state
    two = special_round("3M", "5K 2B 9K", "10B 5M 8M", "A", deck="8K Bow 4K", won=(4, 6),
                        names=("Axe", "Bow"))
    assert inert_base_state(two.view(0), two) is None
    one = special_round("3M", "6K 2B 9K", "10B 5M 8M", "A", deck="8K Bow 4K", won=(4, 6),
                        names=("Axe", "Bow"))
    state = inert_base_state(one.view(0), one)
    assert state is not None and len(state.deck) == 2
    # A Woodcutter as the decree card can come into a hand with a Fox; one drawn draws again.
    decree = special_round("5K", "6K 2B 9K", "10B 3M 8M", "A", deck="Bow 8K 4K", won=(4, 6),
                           names=("Axe", "Bow"))
    assert inert_base_state(decree.view(0), decree) is None
    one_five = special_round("3M", "6K 2B 9K", "10B 5K 8M", "A", deck="4K Bow 8K", won=(4, 6),
                            names=("Axe", "Bow"))
    assert inert_base_state(one_five.view(0), one_five) is not None
    chain = special_round("3M", "6K 2B 9K", "10B 5M 8M", "A", deck="5B Bow 4K", won=(4, 6),
                          names=("Axe", "Bow"))
    assert inert_base_state(chain.view(0), chain) is None


def test_the_strong_player_works_out_as_in_the_base_game_the_deals_where_no_special_card_can_come():
    # The Bow has not been seen: in some deals it is in B's hand (played out with the special
    # cards), in others deep in the deck, out of every draw's reach (worked out as in the base
    # game). The reason says which deals were valued how.
    rnd = special_round("3M", "2B 7M 9K 6K", "10B 1K 4M 8M", "A", deck="8K 5K 4K Bow",
                        won=(4, 5), names=("Axe", "Bow"))
    view = rnd.view(0)
    made = make_player("strong", 2, samples=40, time_limit=None).decision(view)
    assert "No special card can come into play" not in made.reason
    assert "except in the" in made.reason and "as in the base game" in made.reason
    assert set(made.values) == set(view.legal) and made.action in view.legal


def test_a_special_card_still_to_come_keeps_the_strong_player_on_the_special_search():
    # The Bow is still in B's hand (unseen by A): A's decision is searched with the special
    # cards, and its reason does not claim otherwise.
    rnd = special_round("3M", "Axe 2B 5M 9K", "10B 1K Bow 8M", "B", deck="8K 5K 4K",
                        won=(4, 5), names=("Axe", "Bow"))
    rnd.play("10B")
    made = make_player("strong", 2, samples=4, time_limit=None).decision(rnd.view(0))
    assert "No special card can come into play" not in made.reason


def test_once_every_special_card_is_out_of_play_the_strong_player_works_the_end_out_exactly():
    # Both special cards of this round fall in the first trick (the Bow wins it); then, with
    # three cards each and nothing special left, A's choice is worked out as in the base game:
    # exactly, over the base schedule's 32 deals at three cards.
    rnd = special_round("3K", "Axe 10K 2B 4B", "Bow 1K 9M 6M", "A", deck="8K 5B", won=(5, 4),
                        names=("Axe", "Bow"))
    rnd.play("Axe")
    rnd.play("Bow")
    rnd.play("6M")
    view = rnd.view(0)
    made = make_player("strong", 2, time_limit=None).decision(view)
    assert "No special card can come into play any more this round" in made.reason
    assert "exactly near the end of the round" in made.reason and made.samples == 32
    assert set(made.values) == set(view.legal) and made.action in view.legal


# ----------------------------------------------------------------------------- the arena

def test_the_arena_reads_special_cards_by_name_all_or_a_number_and_names_a_bad_one():
    assert parse_special(None) == ((), None, None)
    assert parse_special("bow, axe") == (("Axe", "Bow"), None, None)
    assert parse_special("all") == (ALL, None, None)
    assert parse_special("2") == ((), 2, None)
    for bad, words in (("Sword", "'Sword' is not a special card"),
                       ("10", "pick from 1 to 9 special cards"),
                       ("Axe,axe", "named only once")):
        assert words in parse_special(bad)[2]


def test_the_arena_gives_both_games_of_a_pair_the_same_random_special_cards():
    one = game_modules(None, 2, "s:0")
    assert len(one.special) == 2 and one == game_modules(None, 2, "s:0")
    assert len({game_modules(None, 2, f"s:{i}").special for i in range(12)}) > 3
    assert game_modules(Modules(poison=True), 3, "s:1").poison
    goals = Modules(goals=house_goal_ids()[:3])
    assert game_modules(goals, 2, "s:1").goals == goals.goals


def test_the_arena_plays_a_match_with_special_cards_and_says_which(capsys):
    assert arena_main(["rules", "random", "--games", "2", "--special", "2", "--seed", "7",
                       "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "with 2 special cards picked at random for each pair of games" in out
    assert "95% CI" in out
    assert arena_main(["rules", "random", "--games", "2", "--special", "Axe,Bow", "--quiet",
                       "--poison"]) == 0
    assert "Poison 8s and special cards (Axe, Bow)" in capsys.readouterr().out
    assert arena_main(["rules", "random", "--special", "Sword"]) == 2
    assert "--special: 'Sword' is not a special card" in capsys.readouterr().err


def test_a_view_forgets_a_known_card_of_the_opponents_once_they_play_it_as_the_crown():
    # B's Fairy takes A's Crown (A knows B holds it), then B plays the 10 of Keys with it.
    pos = position("3M", "Crown 4K 2B", "Fairy 10K 6B", "B", deck="8K 9B 7M",
                   modules={"special": ["Fairy", "Crown"]}, tricks_won={"A": 5, "B": 5})
    rnd = Round(pos, chance=[["Crown", "4K"]])
    rnd.play("Fairy")
    rnd.act(Action("fairy_take", "Crown"))
    rnd.act(Action("fairy_give", "6B"))
    assert rnd.view(0).known_opponent_cards == (Card("Crown"),)
    rnd.play("2B")                       # the Fairy (a 4) beats the 2 of Bells: B leads
    rnd.act(Action("crown", "10K"))
    view = rnd.view(0)
    assert view.known_opponent_cards == ()
    assert sample_round(view, random.Random(0)).view(0) == view
