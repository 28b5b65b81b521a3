"""foxlib.teaching.review.hint: the strong player's choice for the player to move, and why in one plain
sentence that matches the position (the Treasure, the bands, the lead), from their view only."""
import random

import pytest

from foxlib import Card, InvalidState, Round
from foxlib.core import rules
from foxlib.words.narrator import ReviewNarrator, resolve_trick
from foxlib.players.levels import StrongPlayer
from foxlib.teaching.review import Contrast, Hint, hint
from foxlib.io.inputs import read_position


def start(**position) -> Round:
    return Round(read_position(position, "test position"))


def hint_for(rnd: Round, seed=1) -> Hint:
    return hint(rnd.view(rnd.to_play), theme=rnd.theme, seed=seed)


def test_a_hint_that_wins_the_treasure_says_so():
    rnd = start(decree="2K", hands={"A": ["2B"], "B": ["10M", "4M"]}, leader="A", trick=["7M"],
                tricks_won={"A": 5, "B": 6})
    h = hint_for(rnd)
    assert h.action == Card("10M")
    assert h.text.startswith("Play the 10 of Moons: it wins the Treasure (1 point)")
    assert "playing the 4 of Moons lets your opponent take it" in h.text


def test_a_hint_that_keeps_you_humble_says_so():
    rnd = start(decree="2K", hands={"A": ["4B"], "B": ["10M", "2M"]}, leader="A", trick=["6M"],
                tricks_won={"A": 8, "B": 3})
    h = hint_for(rnd)
    assert h.action == Card("2M")
    assert h.text.startswith("Play the 2 of Moons: it keeps you Humble")


def test_a_hint_that_keeps_you_out_of_greedy_says_so():
    rnd = start(decree="2K", hands={"A": ["4B"], "B": ["10M", "2M"]}, leader="A", trick=["6M"],
                tricks_won={"A": 2, "B": 9})
    h = hint_for(rnd)
    assert h.action == Card("2M") and "out of Greedy" in h.text


def test_a_hint_that_keeps_the_lead_names_the_monarch_to_lead():
    rnd = start(decree="2K", hands={"A": ["4B", "6B"], "B": ["10M", "2M", "11B"]}, leader="A",
                trick=["6M"], tricks_won={"A": 5, "B": 4})
    h = hint_for(rnd)
    assert h.action == Card("10M")
    assert "leaves you the lead with the 11 of Bells to play" in h.text


def test_a_lone_legal_card_is_the_only_choice():
    rnd = start(decree="2K", hands={"A": ["4B"], "B": ["10M", "2B"]}, leader="A", trick=["6M"],
                tricks_won={"A": 5, "B": 6})
    h = hint_for(rnd)
    assert h.action == Card("10M") and h.text == ("Play the 10 of Moons: it is your only "
                                                  "legal choice.")


def test_a_fox_exchange_hint_says_what_becomes_trump():
    rnd = start(decree="2K", hands={"A": ["3M", "9M", "10M", "5B"], "B": ["4K", "6K", "8K", "1B"]},
                leader="A", tricks_won={"A": 4, "B": 5})
    rnd.play("3M")
    assert rnd.phase == "exchange"
    h = hint_for(rnd)
    assert h.text.startswith(("Keep the decree card", "Swap the "))
    if h.action is not None and h.action.suit != rnd.decree.suit:
        assert f"makes {rnd.theme.suit_names[h.action.suit]} trump" in h.text


def _follow_positions(count, seed=0):
    """Positions from random rounds where the player to move follows with a choice of cards."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        rnd = Round.deal(rng.randrange(10**6))
        while not rnd.is_over and len(found) < count:
            if (rnd.phase == "play" and rnd.trick and len(rnd.legal_cards()) > 1
                    and len(rnd.hands[rnd.to_play]) <= 6 and rng.random() < 0.5):
                found.append(rnd.copy())
                break
            rnd.push(rng.choice(rnd.legal_moves()))
    return found


@pytest.mark.parametrize("rnd", _follow_positions(8), ids=lambda r: f"trick{r.trick_number}")
def test_what_a_follow_hint_says_about_the_trick_is_true(rnd):
    h = hint_for(rnd)
    me, led = rnd.to_play, rnd.trick[0]
    out = resolve_trick(led, h.action, rnd.decree)
    wins = out.winner == 1                   # the follower's view: 1 is the follower
    if "wins the Treasure" in h.reason:
        assert out.treasure > 0
    if h.reason.startswith("it wins"):
        assert wins
    if h.reason.startswith(("it loses", "it keeps you", "it keeps your tricks low")):
        assert not wins
    if "keeps you Humble" in h.reason:
        assert rnd.tricks_won[me] == 3
    if "leaves you the lead" in h.reason:
        assert out.next_leader == 1
    assert h.text.startswith(f"Play the {h.action.name(rnd.theme)}: ")
    assert h.action in rnd.legal_cards()


def test_the_hint_uses_only_what_the_player_can_see():
    # The same view for B, with A's hidden cards (and the deck) different.
    common = dict(decree="2K", leader="A", trick=["6M"], tricks_won={"A": 4, "B": 4})
    one = start(hands={"A": ["4B", "8B", "1K", "11M"], "B": ["10M", "2M", "11B", "5K", "3B"]},
                deck=["9K", "7B"], **common)
    two = start(hands={"A": ["9K", "7B", "4B", "10K"], "B": ["10M", "2M", "11B", "5K", "3B"]},
                deck=["1K", "11M"], **common)
    assert one.view(1) == two.view(1)
    # A fixed amount of work (no time cap), so the two answers can be compared exactly.
    advice = [hint(r.view(1), seed=3, adviser=StrongPlayer(3, samples=16, time_limit=None))
              for r in (one, two)]
    assert advice[0] == advice[1]


def test_a_hint_is_only_for_the_player_to_move():
    rnd = start(decree="2K", hands={"A": ["2B"], "B": ["10M", "4M"]}, leader="A", trick=["7M"])
    with pytest.raises(InvalidState, match="whose turn it is"):
        hint(rnd.view(0))
    with pytest.raises(InvalidState, match="player's view"):
        hint(rnd)


def test_a_hint_keeps_facts_and_is_said_again_in_another_theme_or_for_a_named_player():
    rnd = start(decree="2K", hands={"A": ["2B"], "B": ["10M", "4M"]}, leader="A", trick=["7M"],
                tricks_won={"A": 5, "B": 6})
    h = hint_for(rnd)
    assert (h.action, h.runner, h.why) == (Card("10M"), Card("4M"),
                                           Contrast("wins_treasure", (("points", 1),)))
    zsa = ReviewNarrator(("Computer", "You"), "zsa")        # B, to move, is the learner
    assert zsa.hint_text(h) == ("Play the X of Caps: it wins the Treasure (1 point), while "
                                "playing the 4 of Caps lets your opponent take it.")
    assert zsa.hint_detail(h) == h.detail          # numbers only: the same in any theme
    # B to move, named Ben: the hint speaks of Ben's opponent by name
    named = hint(rnd.view(1), names=("Ann", "Ben"), seed=1)
    assert named.text == ("Play the 10 of Moons: it wins the Treasure (1 point), while playing "
                          "the 4 of Moons lets Ann take it.")
    assert "for Ben against Ann" in named.detail and "cards Ben cannot see" in named.detail


def test_a_hint_with_no_simple_fact_gives_the_deals_and_the_gap_once():
    """When no simple fact separates the top two choices, the sentence says the choice did best
    on average and by how much; the line with the numbers says over how many deals, once."""
    h = Hint(Card("9K"), {Card("9K"): 1.9, Card("6M"): 0.5, Card("2M"): -1.0}, 10,
             runner=Card("6M"), why=None, voice=ReviewNarrator(("You", "Computer")))
    assert h.text == ("Play the 9 of Keys: it did best on average, about 1.4 points better than "
                      "playing the 6 of Moons.")
    assert h.detail == ("Worked out over 10 deals of the cards you cannot see: about +1.9 "
                        "points for you against your opponent over the rest of the round.")
    both = f"{h.text} {h.detail}"
    assert both.count("10 deals") == 1 and both.count("1.4") == 1
    # with a fact in the sentence, the numbers line gives the gap to the next best
    told = Hint(Card("9K"), dict(h.values), 10, runner=Card("6M"), why=Contrast("wins"),
                voice=ReviewNarrator(("You", "Computer")))
    assert told.detail.endswith("over the rest of the round, 1.4 more than the next best.")


def test_a_hint_for_a_lone_legal_card_needs_no_numbers():
    rnd = start(decree="2K", hands={"A": ["4B"], "B": ["10M", "2B"]}, leader="A", trick=["6M"],
                tricks_won={"A": 5, "B": 6})
    h = hint_for(rnd)
    assert h.forced and h.detail == "" and h.values == {} and h.samples == 0


def test_a_hint_lists_every_choice_with_its_estimate_best_first():
    h = Hint(Card("9K"), {Card("6M"): 0.5, Card("9K"): 1.9, Card("2M"): -1.0}, 10,
             runner=Card("6M"), why=None, voice=ReviewNarrator(("You", "Computer")))
    assert h.choices_text == ("Every choice, in points for you minus your opponent's: play the "
                              "9 of Keys +1.9, play the 6 of Moons +0.5, play the 2 of Moons "
                              "-1.0.")
    assert ReviewNarrator(("You", "Computer")).hint_choices(h, most=2).endswith(
        "play the 6 of Moons +0.5, and 1 more.")
    lone = Hint(Card("9K"), {}, 0, forced=True)
    assert lone.choices_text == ""
