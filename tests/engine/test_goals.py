"""Goal cards as data (foxlib.engine.goals): the format and its checks, evaluation over rounds played
through the engine (rulings 19-21 of docs/deluxe-design.md), the words of a claim, the goal
deck, the house goals and the generated docs."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from foxlib import Action, Round
from foxlib.core.cards import THEMES
from foxlib.core.errors import InputError, Problems
from foxlib.cli.goals import main
from foxlib.engine.goals import (BLOCKS, COMBINATORS, END, EVENTS, FORMAT, FORMS, HOUSE_FILE, SCHEMA,
                          Claim, GoalDeck, evaluate, evaluate_all, generated_block,
                          house_goals, matches, read_goals, render, update_docs)
from foxlib.io.goal_files import load_file, load_text
from foxlib.words.goal_words import describe, say_claim, spec_words
from foxlib.core.cards import Card
from foxlib.teaching.puzzles.schema import check_schema
from scenario_helpers import make_round

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "goals.md"
A, B = 0, 1


def goal(condition, kind="once", points=2, gid="g", source="house"):
    """A goal read through the format's reader, as a file would give it."""
    data = {"format": FORMAT, "id": "t", "title": "Test goals",
            "goals": [{"id": gid, "title": f"Goal {gid}", "source": source, "kind": kind,
                       "points": points, "condition": condition}]}
    return read_goals(data, "t.json").goals[0]


def played(decree, a, b, plays, leader="A", before=None):
    """A round from hands written as text, played through ``Round.act``: ``plays`` are the
    cards in order (a Fox's exchange is declined). ``before``: tricks won before it (by default
    the hands finish the round at trick 13)."""
    n = len(a.split())
    if before is None:
        left = 13 - n
        before = {"A": left // 2, "B": left - left // 2}
    rnd = make_round(decree, a, b, leader, tricks_won=before)
    for card in plays.split():
        rnd.act(Action("play", card))
        if rnd.phase == "exchange":
            rnd.act(Action("exchange", None))
    return rnd


def who(claims):
    return [(c.player, c.trick) for c in claims]


# A's Swan wins trick 12 (B cannot follow Moons), B's trump wins trick 13; A 6, B 7 tricks.
SWAN_ROUND = ("2K", "1M 4B", "6B 8K", "1M 6B 4B 8K")


@pytest.fixture
def swan_round():
    return played(*SWAN_ROUND)


# ----------------------------------------------------------------------------- trick events

def test_win_trick_with_a_character_is_met_when_that_players_card_wins(swan_round):
    assert [t.winner for t in swan_round.tricks] == [A, B]
    assert who(evaluate(swan_round, goal({"event": "win_trick",
                                          "with": {"character": "Swan"}}))) == [(A, 12)]
    assert evaluate(swan_round, goal({"event": "win_trick",
                                      "with": {"character": "Witch"}})) == []


def test_win_trick_with_a_card_rank_or_suit_reads_the_winners_own_card(swan_round):
    assert who(evaluate(swan_round, goal({"event": "win_trick", "with": {"card": "8K"}}))) == \
        [(B, 13)]
    assert who(evaluate(swan_round, goal({"event": "win_trick", "with": {"rank": 1}}))) == \
        [(A, 12)]
    assert who(evaluate(swan_round, goal({"event": "win_trick", "with": {"suit": "K"}}))) == \
        [(B, 13)]
    # B's 6 of Bells lost: winning "with" a Bell is nobody's.
    assert evaluate(swan_round, goal({"event": "win_trick", "with": {"suit": "B"}})) == []


def test_win_trick_against_reads_the_opponents_card(swan_round):
    assert who(evaluate(swan_round, goal({"event": "win_trick",
                                          "against": {"rank": 4}}))) == [(B, 13)]
    assert evaluate(swan_round, goal({"event": "win_trick",
                                      "against": {"character": "Monarch"}})) == []


def test_a_trump_card_is_one_of_the_decree_suit_at_that_trick(swan_round):
    assert who(evaluate(swan_round, goal({"event": "win_trick",
                                          "with": {"trump": True}}))) == [(B, 13)]
    assert who(evaluate(swan_round, goal({"event": "win_trick",
                                          "with": {"trump": False}}))) == [(A, 12)]


def test_a_lone_witch_wins_as_trump_but_is_not_a_trump_card():
    # Keys are trump; B's 9 of Bells is the only Witch: it counts as trump and outranks the
    # 8 of Keys.
    rnd = played("2K", "8K", "9B", "8K 9B", before={"A": 6, "B": 6})
    assert rnd.tricks[0].winner == B
    witch = {"event": "win_trick", "with": {"character": "Witch", "trump": False}}
    assert who(evaluate(rnd, goal(witch))) == [(B, 13)]
    assert evaluate(rnd, goal({"event": "win_trick", "with": {"trump": True}})) == []


def test_lose_trick_with_led_and_against(swan_round):
    # A led the 4 of Bells at trick 13 and lost it to the 8 of Keys.
    lost_led = {"event": "lose_trick", "led": True, "against": {"card": "8K"}}
    assert who(evaluate(swan_round, goal(lost_led))) == [(A, 13)]
    assert who(evaluate(swan_round, goal({"event": "lose_trick", "led": False}))) == [(B, 12)]
    assert evaluate(swan_round, goal({"event": "lose_trick", "with": {"rank": 1}})) == []


def test_the_last_trick_is_trick_13_and_the_first_is_trick_1(swan_round):
    assert who(evaluate(swan_round, goal({"event": "win_trick", "trick": "last"}))) == \
        [(B, 13)]
    assert who(evaluate(swan_round, goal({"event": "lose_trick", "trick": 12}))) == [(B, 12)]
    # A two-trick round from the start: its tricks are 1 and 2, and trick 13 never comes.
    short = played("2K", "1M 4B", "6B 8K", "1M 6B 4B 8K", before={"A": 0, "B": 0})
    assert who(evaluate(short, goal({"event": "win_trick", "trick": "first"}))) == [(A, 1)]
    assert evaluate(short, goal({"event": "win_trick", "trick": "last"})) == []
    assert evaluate(swan_round, goal({"event": "win_trick", "trick": "first"})) == []


# ----------------------------------------------------------------------------- counts

# Moons are trump. A takes the 7 of Bells at trick 12, B takes the 7 of Keys with a trump at 13.
TREASURE_ROUND = ("10M", "7B 7K", "2B 4M", "7B 2B 7K 4M")


def test_take_is_met_when_the_count_of_matching_cards_taken_is_reached():
    rnd = played(*TREASURE_ROUND)
    one = {"event": "take", "cards": {"character": "Treasure"}}
    assert who(evaluate(rnd, goal(one))) == [(A, 12)]
    two = dict(one, count=2)
    assert evaluate(rnd, goal(two)) == []            # each player took only one
    # Both cards of a won trick are taken: B took the 4 of Moons and the 7 of Keys.
    assert who(evaluate(rnd, goal({"event": "take", "cards": {"suit": "K"}}))) == [(B, 13)]


def test_win_tricks_counts_the_tricks_won_before_the_position_too(swan_round):
    # A had won 5 tricks before the position; trick 12 is A's 6th.
    assert who(evaluate(swan_round, goal({"event": "win_tricks", "count": 6}))) == [(A, 12)]
    assert who(evaluate(swan_round, goal({"event": "win_tricks", "count": 7}))) == [(B, 13)]
    assert evaluate(swan_round, goal({"event": "win_tricks", "count": 8})) == []


# A leads three Bells, B has none and plays Moons (Keys are trump): A wins tricks 11, 12, 13.
STREAK_ROUND = ("2K", "10B 8B 6B", "2M 4M 6M", "10B 2M 8B 4M 6B 6M")


def test_streak_is_met_at_the_trick_that_completes_the_run():
    rnd = played(*STREAK_ROUND, before={"A": 0, "B": 10})
    assert who(evaluate(rnd, goal({"event": "streak", "tricks": 3}))) == [(A, 13)]
    assert evaluate(rnd, goal({"event": "streak", "tricks": 3, "with": {"rank": 10}})) == []


def test_a_trick_lost_breaks_a_streak(swan_round):
    assert evaluate(swan_round, goal({"event": "streak", "tricks": 2})) == []


def test_an_ongoing_streak_triggers_once_per_complete_run():
    rnd = played(*STREAK_ROUND, before={"A": 0, "B": 10})
    # Three in a row hold one run of two (tricks 11-12); trick 13 starts the next run.
    assert who(evaluate(rnd, goal({"event": "streak", "tricks": 2}, kind="ongoing"))) == \
        [(A, 12)]


@pytest.mark.parametrize("count, met", [
    # A number is "at least": both have 6 or more, so the last trick's winner claims (ruling 19).
    (6, [(B, None)]), ({"exactly": 7}, [(B, None)]), ({"at_most": 6}, [(A, None)]),
    ({"at_least": 8}, []), ({"at_least": 5, "at_most": 6}, [(A, None)])])
def test_round_end_tricks_is_checked_against_the_count_at_the_end(swan_round, count, met):
    assert swan_round.round_end.tricks_won == (6, 7)
    found = evaluate(swan_round, goal({"event": "round_end", "tricks": count}))
    assert who(found) == met


def test_round_end_taken_counts_cards_taken_and_needs_the_round_over():
    rnd = played(*TREASURE_ROUND)
    none_taken = {"event": "round_end", "taken": {"cards": {"suit": "M"},
                                                  "count": {"exactly": 0}}}
    assert who(evaluate(rnd, goal(none_taken))) == [(A, None)]
    # Halfway through, nothing at the round's end is known yet.
    half = played("10M", "7B 7K", "2B 4M", "7B 2B")
    assert half.round_end is None
    assert evaluate(half, goal(none_taken)) == []


# ----------------------------------------------------------------------------- combinations

def test_all_is_met_when_the_last_part_is_met_by_the_same_player(swan_round):
    both = {"all": [{"event": "win_trick", "trick": 12}, {"event": "lose_trick",
                                                           "trick": 13}]}
    claims = evaluate(swan_round, goal(both))
    assert who(claims) == [(A, 13)]
    assert [f.event for f in claims[0].why] == ["won", "lost"]
    split = {"all": [{"event": "win_trick", "trick": 12}, {"event": "win_trick", "trick": 13}]}
    assert evaluate(swan_round, goal(split)) == []     # A won one, B the other


def test_any_is_met_at_the_first_part_met(swan_round):
    either = {"any": [{"event": "win_trick", "with": {"card": "8K"}},
                      {"event": "win_tricks", "count": 7}]}
    assert who(evaluate(swan_round, goal(either))) == [(B, 13)]
    ongoing = goal({"any": [{"event": "win_trick", "with": {"trump": True}},
                            {"event": "win_trick", "trick": 13}]}, kind="ongoing")
    assert who(evaluate(swan_round, ongoing)) == [(B, 13)]     # one trick triggers once


def test_never_is_met_at_the_end_by_a_player_who_never_met_the_condition():
    rnd = played(*TREASURE_ROUND)
    no_trump = {"never": {"event": "take", "cards": {"trump": True}}}
    assert who(evaluate(rnd, goal(no_trump))) == [(A, None)]
    no_treasure = {"never": {"event": "take", "cards": {"character": "Treasure"}}}
    assert evaluate(rnd, goal(no_treasure)) == []              # both took one


# ----------------------------------------------------------------------------- once, ongoing, both

def test_a_once_goal_is_claimed_once_by_the_first_player_to_meet_it(swan_round):
    any_win = {"event": "win_trick"}
    claims = evaluate(swan_round, goal(any_win, points=3))
    assert claims == [Claim("g", "Goal g", "house", "once", A, 12, 3, claims[0].why)]
    assert [f.event for f in claims[0].why] == ["won"]


def test_a_claim_is_a_frozen_hashable_record():
    rnd = played(*TREASURE_ROUND)
    claims = evaluate_all(rnd, house_goals())
    assert len(set(claims)) == len(claims)
    with pytest.raises(AttributeError):
        claims[0].points = 9


def test_an_ongoing_goal_triggers_every_time_for_each_player(swan_round):
    claims = evaluate(swan_round, goal({"event": "win_trick"}, kind="ongoing", points=-1))
    assert [(c.player, c.trick, c.points) for c in claims] == [(A, 12, -1), (B, 13, -1)]


def test_an_ongoing_take_triggers_for_every_matching_card():
    # Trick 12 of this round holds two Moons, both taken by B.
    rnd = played("2K", "1M 4B", "6M 8K", "1M 6M 4B 8K")
    claims = evaluate(rnd, goal({"event": "take", "cards": {"suit": "M"}}, kind="ongoing"))
    assert who(claims) == [(B, 12), (B, 12)]
    assert [f.card for c in claims for f in c.why] == [Card("1M"), Card("6M")]


def test_when_both_meet_a_once_goal_at_one_trick_its_winner_claims_it(swan_round):
    # Trick 13 is won by B, who followed: the winner claims, not the leader.
    at_13 = {"any": [{"event": "win_trick", "trick": 13}, {"event": "lose_trick", "trick": 13}]}
    assert who(evaluate(swan_round, goal(at_13))) == [(B, 13)]
    at_12 = {"any": [{"event": "win_trick", "trick": 12}, {"event": "lose_trick", "trick": 12}]}
    assert who(evaluate(swan_round, goal(at_12))) == [(A, 12)]


def test_when_both_meet_a_once_goal_at_the_end_the_last_tricks_winner_claims_it(swan_round):
    both = {"event": "round_end", "tricks": {"at_least": 6}}
    assert who(evaluate(swan_round, goal(both))) == [(B, None)]
    assert evaluate(swan_round, goal(both))[0].moment == END


def test_evaluation_reads_the_records_alone_as_well_as_the_round(swan_round):
    g = goal({"event": "win_tricks", "count": 6})
    # Records alone do not know the 11 tricks won before the position: the count starts at 0.
    assert evaluate(swan_round.history, g) == []
    g2 = goal({"event": "win_trick", "with": {"rank": 1}})
    assert evaluate(swan_round.history, g2) == evaluate(swan_round, g2)


def test_a_round_in_progress_gives_the_claims_so_far():
    rnd = make_round(*SWAN_ROUND[:3], tricks_won={"A": 5, "B": 6})
    g = goal({"event": "win_trick"}, kind="ongoing")
    assert evaluate(rnd, g) == []
    rnd.act(Action("play", "1M"))
    rnd.act(Action("play", "6B"))
    assert who(evaluate(rnd, g)) == [(A, 12)]


def test_a_full_dealt_round_gives_claims_in_the_order_they_happen():
    rnd = Round.deal(3)
    while not rnd.is_over:
        rnd.act(rnd.legal_actions()[0])
    claims = evaluate_all(rnd, house_goals())
    moments = [c.moment for c in claims]
    assert moments == sorted(moments) and claims
    for c in claims:
        for fact in c.why:
            if fact.trick is not None and fact.card is not None:
                trick = rnd.tricks[fact.trick - 1]
                assert fact.card in trick.cards and fact.trick <= c.moment
                if fact.event in ("won", "took"):
                    assert trick.winner == c.player


def test_a_special_card_description_matches_no_card_yet():
    assert not any(matches({"special": "Bow"}, card) for card in map(Card, ("1M", "8K")))


# ----------------------------------------------------------------------------- words

def test_a_claim_is_said_in_the_narrators_grammar_with_you_spoken_to(swan_round):
    g = house_goals().by_id("swan-song")
    (claim,) = evaluate(swan_round, g)
    assert say_claim(claim, ("you", "Ann")) == (
        "You claim the house goal \u201cSwan song\u201d and gain 3 points: you won trick 12 "
        "with your 1 of Moons against Ann's 6 of Bells.")
    assert say_claim(claim, ("Bo", "Ann")) == (
        "Bo claims the house goal \u201cSwan song\u201d and gains 3 points: Bo won trick 12 "
        "with the 1 of Moons against Ann's 6 of Bells.")


def test_a_printed_ongoing_loss_is_said_as_a_goal_card_in_the_theme_shown(swan_round):
    g = goal({"event": "lose_trick", "led": True}, kind="ongoing", points=-1,
             source="printed")
    (claim,) = evaluate(swan_round, g)
    assert say_claim(claim, ("you", "Ann"), THEMES["zsa"]) == (
        "The ongoing goal card \u201cGoal g\u201d triggers: you lose 1 point: you lost trick 13 "
        "with your 4 of Clubs to Ann's 8 of Hearts.")


def test_end_of_round_and_streak_claims_say_their_facts():
    rnd = played(*STREAK_ROUND, before={"A": 0, "B": 10})
    (streak,) = evaluate(rnd, goal({"event": "streak", "tricks": 3}))
    assert say_claim(streak).endswith("A won 3 tricks in a row (tricks 11 to 13).")
    (end,) = evaluate(rnd, goal({"event": "round_end", "tricks": {"exactly": 3}}))
    assert say_claim(end, ("you", "B")).endswith("you ended the round with 3 tricks.")


@pytest.mark.parametrize("condition, words", [
    ({"event": "win_trick", "with": {"character": "Swan"}}, "win a trick with a Swan"),
    ({"event": "lose_trick", "against": {"rank": 11}, "trick": "last"},
     "lose the last trick against an 11"),
    ({"event": "take", "cards": {"suit": "M", "trump": False}, "count": 3},
     "take 3 non-trump cards of Moons"),
    ({"event": "win_tricks", "count": 1}, "win 1 trick"),
    ({"event": "streak", "tricks": 4}, "win 4 tricks in a row"),
    ({"event": "round_end", "tricks": {"at_least": 7}}, "end the round with at least 7 tricks"),
    ({"all": [{"event": "win_trick", "trick": "first"}, {"event": "win_trick", "trick": 5}]},
     "win the first trick and win trick 5"),
    ({"never": {"event": "take", "cards": {"card": "9M"}}},
     "end the round without ever managing to take the 9 of Moons"),
])
def test_a_condition_is_described_in_plain_words(condition, words):
    assert describe(condition) == words


@pytest.mark.parametrize("spec, one, many", [
    ({"special": "Bow"}, "the Bow", "the Bow"),
    ({"rank": 4, "suit": "M"}, "the 4 of Moons", "the 4 of Moons"),
    ({"character": "Swan", "suit": "K"}, "the 1 of Keys", "the 1 of Keys"),
    ({"rank": 8}, "an 8", "8s"),
    ({"character": "Witch", "trump": False}, "a non-trump Witch", "non-trump Witches"),
    ({}, "a card", "cards"),
])
def test_a_card_description_is_said_as_one_card_or_many(spec, one, many):
    assert spec_words(spec) == one and spec_words(spec, plural=True) == many


def test_a_condition_is_described_in_the_theme_shown():
    assert describe({"event": "take", "cards": {"suit": "M"}}, THEMES["zsa"]) == \
        "take a card of Caps"


# ----------------------------------------------------------------------------- the goal deck

def five_goals():
    return [goal({"event": "win_trick"}, gid=f"g{i}") for i in range(5)]


def test_the_goal_deck_reveals_two_goals_a_round_in_an_order_set_by_its_seed():
    first = [[g.id for g in GoalDeck(house_goals(), seed=7).reveal()] for _ in range(2)]
    assert first[0] == first[1] and len(first[0]) == 2
    orders = {tuple(g.id for g in GoalDeck(house_goals(), seed=s).reveal()) for s in range(6)}
    assert len(orders) > 1


def test_the_goal_deck_reveals_every_goal_once_before_any_again():
    deck = GoalDeck(house_goals(), seed=1)
    seen = []
    for _ in range(8):
        seen += [g.id for g in deck.reveal()]
        deck.end_round()
    assert sorted(seen) == sorted(g.id for g in house_goals()) and deck.reshuffles == 0


def test_claimed_and_unclaimed_goals_go_to_the_discard_pile():
    deck = GoalDeck(five_goals(), seed=3)
    a, b = deck.reveal()
    deck.claim(a)
    assert deck.state()["discards"] == [a.id] and deck.state()["table"] == [b.id]
    deck.end_round()
    assert deck.state()["discards"] == [a.id, b.id] and deck.state()["table"] == []
    with pytest.raises(ValueError, match="not on the table"):
        deck.claim(a)


def test_when_the_goal_deck_runs_out_the_discards_are_shuffled_into_a_new_deck():
    def run(seed):
        deck = GoalDeck(five_goals(), seed=seed)
        rounds = []
        for _ in range(4):
            rounds.append([g.id for g in deck.reveal()])
            deck.end_round()
        return rounds, deck.reshuffles
    rounds, reshuffles = run(11)
    assert reshuffles == 1
    # Round 3 takes the last goal of the deck, then one from the reshuffled discards (never
    # the goal just drawn, which is on the table, not in the discards).
    last = (set(g.id for g in five_goals()) - set(rounds[0]) - set(rounds[1])).pop()
    assert rounds[2][0] == last and rounds[2][1] != last
    assert run(11) == (rounds, reshuffles)


def test_a_goal_deck_needs_distinct_goals():
    with pytest.raises(ValueError, match="different ids"):
        GoalDeck([goal({"event": "win_trick"})] * 2)


# ----------------------------------------------------------------------------- the format's checks

GOOD = {"id": "g1", "title": "G", "source": "house", "kind": "once", "points": 2,
        "condition": {"event": "win_trick"}}
BAD_GOALS = [
    ({"condition": {"event": "jump"}}, "condition.event: unknown event 'jump'; the events are "
     "win_trick, lose_trick, take, win_tricks, streak, round_end."),
    ({"condition": {}}, 'condition: a condition names its "event" (win_trick, lose_trick, take, '
     'win_tricks, streak, round_end) or is exactly one of "all", "any" and "never".'),
    ({"condition": {"all": [{"event": "win_trick"}], "never": {"event": "win_trick"}}},
     'condition: a condition names its "event"'),
    ({"condition": "win a trick"}, 'condition: must be a condition like {"event": '
     "\"win_trick\"}, not the text 'win a trick'."),
    ({"condition": {"event": "win_trick", "colour": "red"}}, "condition.colour: unknown field; "
     "a win_trick condition has against, event, led, trick and with."),
    ({"condition": {"event": "win_trick", "with": {"rank": 12}}},
     "condition.with.rank: must be a rank from 1 to 11, not 12."),
    ({"condition": {"event": "win_trick", "with": {"suit": "Moons"}}},
     "condition.with.suit: must be a suit letter, B, K or M"),
    ({"condition": {"event": "win_trick", "against": {"character": "Queen"}}},
     "condition.against.character: must be a character: Swan, Fox, Woodcutter, Treasure, "
     "Witch, Monarch; not 'Queen'."),
    ({"condition": {"event": "win_trick", "with": {"card": "12M"}}},
     "condition.with.card: unknown card: '12M' is not a card"),
    ({"condition": {"event": "win_trick", "with": {"special": "Sword"}}},
     "condition.with.special: must be a special card: Axe, Tree"),
    ({"condition": {"event": "win_trick", "with": {"trump": "yes"}}},
     "condition.with.trump: must be true or false, not 'yes'."),
    ({"condition": {"event": "win_trick", "with": "Swan"}},
     'condition.with: must be a card description like {"character": "Swan"}, not a text.'),
    ({"condition": {"event": "win_trick", "trick": 14}},
     'condition.trick: must be "first", "last" or a trick number from 1 to 13, not 14.'),
    ({"condition": {"event": "lose_trick", "led": 1}},
     "condition.led: must be true or false, not 1."),
    ({"condition": {"event": "take"}}, "condition.cards: this field is missing: say which cards "
     'count, like {"character": "Treasure"}.'),
    ({"condition": {"event": "take", "cards": {}, "count": 0}},
     "condition.count: must be a whole number of at least 1, not 0."),
    ({"condition": {"event": "win_tricks", "count": 14}},
     "condition.count: a round has 13 tricks, so 14 can never be won."),
    ({"condition": {"event": "win_tricks"}}, "condition.count: this field is missing."),
    ({"condition": {"event": "streak", "tricks": 1}},
     "condition.tricks: a run of tricks in a row is 2 to 13 tricks long, not 1."),
    ({"condition": {"event": "round_end"}}, 'condition: a round_end condition checks "tricks", '
     '"taken" or both: give at least one.'),
    ({"condition": {"event": "round_end", "tricks": "7"}}, "condition.tricks: must be a number "
     "or an object like {\"at_least\": 7}, not the text '7'."),
    ({"condition": {"event": "round_end", "tricks": {}}},
     'condition.tricks: give "exactly", "at_least" or "at_most".'),
    ({"condition": {"event": "round_end", "tricks": {"at_leest": 7}}},
     "condition.tricks.at_leest: unknown field; a count has at_least, at_most and exactly."),
    ({"condition": {"event": "round_end", "tricks": {"exactly": 3, "at_most": 5}}},
     'condition.tricks: "exactly" stands alone: leave out "at_least" and "at_most".'),
    ({"condition": {"event": "round_end", "tricks": {"at_least": 8, "at_most": 6}}},
     "condition.tricks: at least 8 and at most 6 can never both hold."),
    ({"condition": {"event": "round_end", "tricks": 14}},
     "condition.tricks: 14 can never be reached: the most there can be is 13."),
    ({"condition": {"event": "round_end", "taken": {"cards": {}, "count": {"at_least": 27}}}},
     "condition.taken.count: 27 can never be reached: the most there can be is 26."),
    ({"condition": {"event": "round_end", "taken": {"count": 2}}},
     "condition.taken.cards: this field is missing: say which cards count"),
    ({"condition": {"event": "win_trick", "with": {"card": "9M", "rank": 9}}},
     'condition.with: "card" already names a rank and a suit: leave out "rank" and "suit".'),
    ({"condition": {"event": "win_trick", "with": {"character": "Swan", "rank": 3}}},
     "condition.with: no card matches: its rank, character and card name different ranks."),
    ({"condition": {"event": "win_trick", "with": {"special": "Bow", "suit": "M"}}},
     "condition.with: a special card has no suit card's rank, suit or character: "
     '"special" stands alone.'),
    ({"condition": {"all": []}}, "condition.all: must be a non-empty list of conditions."),
    ({"condition": {"any": "x"}},
     "condition.any: must be a non-empty list of conditions, not the text 'x'."),
    ({"condition": {"all": [{"event": "win_trick"}, {"event": "win_trick",
                                                      "with": {"suit": "X"}}]}},
     "condition.all[1].with.suit: must be a suit letter"),
    ({"condition": {"never": {"any": [{"event": "streak"}]}}},
     "condition.never.any[0].tricks: this field is missing."),
    ({"source": "box"}, 'source: must be "house" (a goal of this project) or "printed" (a card '
     "of the box typed in by its owner), not 'box'."),
    ({"kind": "always"}, 'kind: must be "once" (claimed once) or "ongoing" (triggers every '
     "time during the round), not 'always'."),
    ({"points": 1.5}, "points: must be a whole number of points (negative for a loss), not 1.5."),
    ({"points": True}, "points: must be a whole number of points (negative for a loss), not "
     "True."),
    ({"title": " "}, "title: must be a non-empty text, not ' '."),
    ({"colour": "red"}, "colour: unknown field; a goal has condition, id, kind, points, source, "
     "text and title."),
]


def problems_of(goals, head=None):
    data = {"format": FORMAT, "id": "t", "title": "T", "goals": goals}
    data.update(head or {})
    found = Problems("t.json")
    result = read_goals(data, "t.json", found)
    return result, [str(p) for p in found.out]


@pytest.mark.parametrize("change, message", BAD_GOALS,
                         ids=[m.split(":")[0] + f"-{i}" for i, (_, m) in enumerate(BAD_GOALS)])
def test_each_bad_field_of_a_goal_is_named_with_the_file_and_goal(change, message):
    result, found = problems_of([dict(GOOD, **change)])
    assert result is None
    assert len(found) == 1
    assert found[0].startswith("t.json, goal g1, " + message)


def test_a_missing_goal_field_is_named():
    bad = {k: v for k, v in GOOD.items() if k != "points"}
    assert problems_of([bad])[1] == ["t.json, goal g1, points: this field is missing."]


def test_a_bad_id_and_a_repeated_id_are_named():
    assert problems_of([dict(GOOD, id="a b")])[1] == [
        "t.json, goal a b, id: 'a b' may use only letters, digits and dashes."]
    assert problems_of([GOOD, GOOD])[1] == [
        "t.json, goal g1, id: the id 'g1' is already used by another goal in this file."]


def test_the_file_itself_is_checked():
    assert problems_of([], {"format": "x", "title": 3})[1] == [
        "t.json, format: write \"format\": \"fox-goals/1\" (found 'x').",
        "t.json, title: must be a non-empty text, not 3.",
        "t.json, goals: must be a non-empty list of goals."]
    found = Problems("t.json")
    assert read_goals([GOOD], "t.json", found) is None
    assert [str(p) for p in found.out] == [
        "t.json: a goal file is a JSON object with 'format', 'id', 'title' and 'goals', not a "
        "list."]


def test_a_goal_that_is_not_an_object_is_named_by_its_place():
    assert problems_of([GOOD, 3])[1] == ["t.json, goal #2: a goal is a JSON object, not a number."]


def test_collect_all_mode_lists_every_problem_of_every_goal():
    goals = [dict(GOOD, points="2", kind="x"), dict(GOOD, id="g2"),
             dict(GOOD, id="g3", condition={"event": "win_trick", "with": {"rank": 0},
                                            "trick": 0})]
    result, found = problems_of(goals)
    assert result is None
    assert [p.split(":")[0] for p in found] == [
        "t.json, goal g1, kind", "t.json, goal g1, points", "t.json, goal g3, condition.with.rank",
        "t.json, goal g3, condition.trick"]


def test_first_problem_mode_raises_an_input_error_naming_the_first():
    data = {"format": FORMAT, "id": "t", "title": "T",
            "goals": [dict(GOOD, points="2"), dict(GOOD, id="g2", kind="x")]}
    with pytest.raises(InputError) as caught:
        read_goals(data, "t.json")
    assert str(caught.value).startswith("t.json, goal g1, points: must be a whole number")
    assert len(caught.value.problems) == 1


def test_text_that_is_not_json_is_one_problem_and_a_missing_file_another(tmp_path):
    found = Problems()
    assert load_text("{", "t.json", found) is None and found.count == 1
    assert str(found.out[0]).startswith("t.json: The goal file is not valid JSON:")
    found = Problems()
    assert load_file(tmp_path / "none.json", found) is None
    assert "none.json: The file cannot be read" in str(found.out[0])


def test_the_schema_uses_only_keywords_the_validator_checks():
    check_schema(SCHEMA)
    for form in FORMS.values():
        check_schema(form)
    assert set(FORMS) == set(EVENTS) | set(COMBINATORS)


# ----------------------------------------------------------------------------- house goals, docs

def test_the_house_goals_are_valid_varied_and_labelled_as_ours():
    goals = house_goals()
    assert 12 <= len(goals) <= 16
    assert all(g.source == "house" and g.house and g.label == "house goal" for g in goals)
    data = json.loads(HOUSE_FILE.read_text(encoding="utf-8"))
    assert "House goals" in data["title"] and "not the printed goal cards" in data["description"]
    kinds = {g.kind for g in goals}
    assert kinds == {"once", "ongoing"} and any(g.points < 0 for g in goals)
    forms = set()

    def walk(cond):
        form = cond.get("event") or next(k for k in COMBINATORS if k in cond)
        forms.add(form)
        for sub in [*cond.get("all", ()), *cond.get("any", ())]:
            walk(sub)
        if "never" in cond:
            walk(cond["never"])
    for g in goals:
        walk(g.condition)
    assert forms == set(EVENTS) | {"all", "never"}


def test_the_docs_hold_the_field_tables_rendered_from_the_schema():
    text = DOCS.read_text(encoding="utf-8")
    for block in BLOCKS:
        assert generated_block(text, block) == render(block), (
            "docs/goals.md is out of date: run python -m foxlib goals schema --update-docs "
            "docs/goals.md")
    assert update_docs(text) == text


def test_the_docs_are_linked_from_the_readme_and_the_deluxe_design():
    assert "docs/goals.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(goals.md)" in (ROOT / "docs" / "deluxe-design.md").read_text(encoding="utf-8")


def test_goals_check_lists_a_valid_file_and_names_every_problem_of_a_bad_one(tmp_path, capsys):
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "16 goals, all valid" in out and "swan-song (house, once): Swan song" in out
    bad = tmp_path / "mine.json"
    bad.write_text(json.dumps({"format": FORMAT, "id": "m", "title": "Mine",
                               "goals": [dict(GOOD, points="2"), dict(GOOD, id="g2",
                                                                      source="box")]}))
    assert main(["check", str(bad)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"{bad}, goal g1, points: must be a whole number of points (negative for a "
                   "loss), not '2'.",
                   f"{bad}, goal g2, source: must be \"house\" (a goal of this project) or "
                   "\"printed\" (a card of the box typed in by its owner), not 'box'."]


def test_goals_schema_update_docs_rewrites_a_stale_copy(tmp_path, capsys):
    stale = tmp_path / "goals.md"
    text = DOCS.read_text(encoding="utf-8").replace("| `never` |", "| `nevermore` |")
    stale.write_text(text, encoding="utf-8")
    assert main(["schema", "--update-docs", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == DOCS.read_text(encoding="utf-8")
    assert main(["schema", "--update-docs", str(stale)]) == 0
    assert "already current" in capsys.readouterr().out


def test_a_never_claim_says_what_was_never_done():
    rnd = played(*TREASURE_ROUND)
    (claim,) = evaluate(rnd, house_goals().by_id("woodland-peace"))
    # Neither player took a Woodcutter: both meet it at the end, the last trick's winner claims.
    assert (claim.player, claim.trick) == (B, None)
    assert say_claim(claim) == ("B claims the house goal \u201cWoodland peace\u201d and gains 1 "
                                "point: B did not take a Woodcutter in the whole round.")


def test_the_goal_module_imports_no_jupyter():
    code = ("import sys, foxlib.engine.goals; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'ipywidgets', 'traitlets', 'IPython', 'anywidget', 'widgets', 'comm'}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_examples_in_the_docs_are_valid():
    text = DOCS.read_text(encoding="utf-8")
    examples = text.split("Examples:\n\n```json\n", 1)[1].split("```", 1)[0].splitlines()
    assert len(examples) >= 5
    for line in examples:
        goal(json.loads(line))
    typed_in = text.split("## Typing in a printed card", 1)[1].split("```json\n", 1)[1]
    assert read_goals(json.loads(typed_in.split("```", 1)[0]), "mine.json").goals[0].source \
        == "printed"
