"""The rules of a trick and of round scoring: following suit, the Monarch, the Witch FAQ, trick
winners, the Swan, Treasure, the end-of-round table, and the reasons given for each."""
import itertools

import pytest
from hypothesis import given, settings, strategies as st

from foxlib import DECK, SCORING_TABLE, SUITS, Card, IllegalAction, Move, Round, band, \
    game_result, legal_follows, resolve_trick, round_points
from foxlib.words.narrator import illegal_follow_reason, round_points_line
from scenario_helpers import after_lead, cards, make_round, position

C = Card


# ----------------------------------------------------------------------------- a reference
# An independent reading of the rulebook, written without looking at foxlib.core.rules: the engine
# must agree with it on every possible trick.

def reference_winning_card(lead, follow, trump):
    witches = [c for c in (lead, follow) if c.rank == 9]

    def counts_as_trump(card):
        return card.suit == trump or (len(witches) == 1 and card.rank == 9)

    trumps = [c for c in (lead, follow) if counts_as_trump(c)]
    if trumps:
        return max(trumps, key=lambda c: c.rank)
    return max((c for c in (lead, follow) if c.suit == lead.suit), key=lambda c: c.rank)


def reference_legal_follows(hand, led):
    same = {c for c in hand if c.suit == led.suit}
    if not same:
        return set(hand)
    if led.rank == 11:
        return {max(same, key=lambda c: c.rank)} | {c for c in same if c.rank == 1}
    return same


def test_trick_winner_matches_the_rulebook_for_every_pair_of_cards_and_every_trump():
    for lead, follow in itertools.permutations(DECK, 2):
        for trump in SUITS:
            decree = next(c for c in DECK if c.suit == trump and c not in (lead, follow))
            out = resolve_trick(lead, follow, decree)
            winner = reference_winning_card(lead, follow, trump)
            assert (lead, follow)[out.winner] is winner, (lead, follow, trump)
            loser = (lead, follow)[1 - out.winner]
            expected_next = 1 - out.winner if loser.rank == 1 else out.winner
            assert out.next_leader == expected_next
            assert out.treasure == (lead.rank == 7) + (follow.rank == 7)


@settings(max_examples=150, deadline=None)
@given(st.sets(st.sampled_from(DECK), min_size=1, max_size=13), st.sampled_from(DECK))
def test_legal_follows_match_the_rulebook(hand, led):
    hand.discard(led)
    if hand:
        assert set(legal_follows(sorted(hand), led)) == reference_legal_follows(hand, led)


# ----------------------------------------------------------------------------- leading, following

def test_leader_may_lead_any_card():
    rnd = make_round("2B", "1K 9M 11B 4K", "2K 3K 5K 6K")
    assert rnd.legal_cards() == sorted(cards("1K 9M 11B 4K"))


def test_follower_must_follow_the_lead_suit():
    rnd = after_lead("2M", "6B", "2B 8B 10K 9M")
    assert rnd.legal_cards() == cards("2B 8B")
    with pytest.raises(IllegalAction) as info:
        rnd.play("10K")
    assert str(info.value) == "You must follow Bells: you hold the 2 and 8 of Bells."


def test_follower_may_play_any_rank_of_the_lead_suit():
    rnd = after_lead("2M", "6B", "2B 8B 11B 10K")
    assert rnd.legal_cards() == cards("2B 8B 11B")


def test_follower_without_the_lead_suit_may_play_any_card():
    rnd = after_lead("2M", "6B", "10K 9M 1K")
    assert rnd.legal_cards() == sorted(cards("10K 9M 1K"))


def test_illegal_follow_reason_names_the_suit_and_the_cards_held():
    reason = illegal_follow_reason(C("4K"), cards("4K 3M 7M 10M"), C("1M"))
    assert reason == "You must follow Moons: you hold the 3, 7 and 10 of Moons."
    assert illegal_follow_reason(C("3M"), cards("4K 3M"), C("1M")) is None
    assert illegal_follow_reason(C("4K"), cards("4K 5B"), C("1M")) is None


# ----------------------------------------------------------------------------- the Monarch

def test_monarch_forces_swan_or_highest():
    rnd = after_lead("2M", "11K", "1K 4K 10K 8B")
    assert rnd.legal_cards() == cards("1K 10K")
    with pytest.raises(IllegalAction) as info:
        rnd.play("4K")
    message = str(info.value)
    assert "Monarch (11 of Keys)" in message and "the Swan (1 of Keys)" in message
    assert "highest Key, the 10 of Keys" in message
    assert not rnd.can_play("8B")


def test_monarch_without_the_swan_forces_the_highest_card_of_the_suit():
    rnd = after_lead("2M", "11K", "4K 6K 8B")
    assert rnd.legal_cards() == [C("6K")]
    with pytest.raises(IllegalAction, match="your highest Key, the 6 of Keys"):
        rnd.play("4K")


def test_monarch_follower_without_the_suit_may_play_any_card():
    rnd = after_lead("2M", "11K", "4B 6M 8B")
    assert rnd.legal_cards() == sorted(cards("4B 6M 8B"))


def test_monarch_reply_when_the_followers_highest_card_of_the_suit_is_the_swan():
    # Ruling: the Swan is then both the only card of the suit and the highest: it must be played.
    rnd = after_lead("2M", "11K", "1K 6M 8B")
    assert rnd.legal_cards() == [C("1K")]
    with pytest.raises(IllegalAction, match="your highest Key, the 1 of Keys"):
        rnd.play("6M")


def test_monarch_led_when_the_opponent_holds_only_the_swan_of_the_suit_swan_leads_next():
    # Ruling: the forced Swan loses to the Monarch, so its player leads the next trick.
    rnd = make_round("2M", "11K 5B", "1K 8B")
    rnd.push(C("11K"))
    rnd.push(C("1K"))
    trick = rnd.tricks[-1]
    assert trick.winner == 0 and trick.next_leader == 1 and rnd.to_play == 1
    assert "B played the Swan and lost, so B leads the next trick." in trick.reason


def test_monarch_forces_only_when_led():
    rnd = after_lead("2M", "4K", "11K 1K 10K")
    assert rnd.legal_cards() == cards("1K 10K 11K")
    rnd = after_lead("2M", "11B", "4K 10K")
    assert rnd.legal_cards() == cards("4K 10K")   # no Bells: nothing to force


def test_monarch_forcing_counts_a_highest_witch_like_any_card():
    rnd = after_lead("2M", "11K", "9K 3K 7B")
    assert rnd.legal_cards() == [C("9K")]


# ----------------------------------------------------------------------------- winning a trick

def test_higher_card_of_the_lead_suit_wins_without_trump():
    out = resolve_trick(C("4K"), C("8K"), C("2M"))
    assert out.winner == 1
    assert "Both cards are Keys, so the higher rank wins" in out.reason


def test_card_off_the_lead_suit_and_not_trump_cannot_win():
    out = resolve_trick(C("2K"), C("11B"), C("2M"))
    assert out.winner == 0
    assert "does not match the led suit, Keys" in out.reason


def test_trump_beats_the_lead_suit():
    out = resolve_trick(C("11K"), C("2M"), C("5M"), ("A", "B"))
    assert out.winner == 1
    assert out.reason == "Moons are trump. B's 2 of Moons is trump and beats A's 11 of Keys, " \
                         "which is not."


def test_highest_trump_wins_when_both_cards_are_trump():
    assert resolve_trick(C("4M"), C("2M"), C("5M")).winner == 0
    assert resolve_trick(C("4M"), C("10M"), C("5M")).winner == 1


def test_misconception_trump_is_the_decree_suit_not_just_the_decree_card():
    # The article calls the decree card itself the trump; every card of its suit is trump.
    assert resolve_trick(C("11K"), C("1M"), C("6M")).winner == 1


def test_misconception_a_card_of_another_suit_can_win_when_it_is_trump():
    # The article says a card of a different suit cannot win the trick: a trump card can.
    rnd = after_lead("6M", "11K", "1M 4B")
    rnd.push(C("1M"))
    assert rnd.tricks[-1].winner == 1 and rnd.tricks_won == [0, 1]


# ----------------------------------------------------------------------------- the Witch FAQ

def test_faq_witch_led_must_follow_witch_suit():
    rnd = after_lead("2M", "9K", "4K 7M 10B")
    assert rnd.legal_cards() == [C("4K")]
    with pytest.raises(IllegalAction, match="You must follow Keys: you hold the 4 of Keys"):
        rnd.play("7M")


def test_faq_cannot_play_offsuit_witch_when_holding_trump_after_trump_lead():
    rnd = after_lead("2M", "5M", "3M 9K 10B")
    assert rnd.legal_cards() == [C("3M")]
    with pytest.raises(IllegalAction) as info:
        rnd.play("9K")
    message = str(info.value)
    assert "must follow Moons" in message and "3 of Moons" in message
    assert "Witch only counts as trump once both cards are on the table" in message


def test_faq_witch_follows_normal_rules_before_counting_as_trump():
    # Void in the led suit, the follower may play an off-suit Witch; it then counts as trump.
    rnd = after_lead("2M", "11B", "9K 3K")
    assert C("9K") in rnd.legal_cards()
    rnd.play("9K")
    assert rnd.tricks[-1].winner == 1


def test_faq_two_witches_trump_witch_wins():
    out = resolve_trick(C("9K"), C("9M"), C("2M"), ("A", "B"))
    assert out.winner == 1
    assert "Both cards are Witches, so they cancel out" in out.reason
    out = resolve_trick(C("9M"), C("9K"), C("2M"))
    assert out.winner == 0


def test_faq_two_witches_lead_suit_witch_wins():
    for lead, follow in (("9K", "9B"), ("9B", "9K")):
        out = resolve_trick(C(lead), C(follow), C("2M"), ("A", "B"))
        assert out.winner == 0
        assert "cancel out" in out.reason and "does not match the led suit" in out.reason


def test_lone_witch_counts_as_trump():
    out = resolve_trick(C("11B"), C("9K"), C("2M"), ("A", "B"))
    assert out.winner == 1
    assert out.reason == ("Moons are trump. B's 9 of Keys is the only Witch in the trick, so it "
                          "counts as trump and beats A's 11 of Bells.")


def test_lone_witch_led_beats_a_higher_card_of_its_own_suit():
    out = resolve_trick(C("9K"), C("10K"), C("2M"), ("A", "B"))
    assert out.winner == 0
    assert "only Witch in the trick, so it counts as trump" in out.reason


def test_lone_witch_and_a_real_trump_compare_ranks():
    # Ruling: both count as trump, so the higher rank wins; a trump 10 or 11 beats the Witch.
    low = resolve_trick(C("4M"), C("9K"), C("2M"), ("A", "B"))
    high = resolve_trick(C("10M"), C("9K"), C("2M"), ("A", "B"))
    assert low.winner == 1 and high.winner == 0
    assert "Both cards count as trump, so the higher rank wins" in low.reason
    assert "B's 9 of Keys is the only Witch in the trick, so it counts as trump." in high.reason
    assert "A's 10 of Moons beats B's 9 of Keys" in high.reason


def test_lone_witch_of_the_trump_suit_is_simply_trump():
    out = resolve_trick(C("11K"), C("9M"), C("2M"), ("A", "B"))
    assert out.winner == 1
    assert "B's 9 of Moons is trump and beats A's 11 of Keys" in out.reason
    assert resolve_trick(C("10M"), C("9M"), C("2M")).winner == 0


def test_misconception_the_witch_does_not_change_the_suit_of_the_trick():
    # The article says the Witch turns the trick into her suit; she only counts as trump when
    # the winner is decided, and the follower still follows the suit actually led.
    rnd = after_lead("2M", "9K", "4K 10B")
    assert rnd.legal_cards() == [C("4K")]
    assert resolve_trick(C("9K"), C("10B"), C("2M")).winner == 0
    assert resolve_trick(C("10B"), C("2K"), C("2M")).winner == 0   # a 2 has no ability


# ----------------------------------------------------------------------------- the Swan

def test_swan_player_who_loses_leads_the_next_trick():
    out = resolve_trick(C("8K"), C("1K"), C("2M"), ("A", "B"))
    assert (out.winner, out.next_leader) == (0, 1)
    assert "B played the Swan and lost, so B leads the next trick." in out.reason


def test_swan_that_wins_leads_as_usual():
    out = resolve_trick(C("8K"), C("1M"), C("2M"))
    assert (out.winner, out.next_leader) == (1, 1)
    assert "Swan" not in out.reason


def test_faq_two_swans_loser_leads():
    out = resolve_trick(C("1K"), C("1M"), C("2M"), ("A", "B"))
    assert (out.winner, out.next_leader) == (1, 0)
    assert "Both players played a Swan; A lost the trick, so A leads the next one." in out.reason
    out = resolve_trick(C("1K"), C("1B"), C("2M"), ("A", "B"))
    assert (out.winner, out.next_leader) == (0, 1)


def test_misconception_the_winner_does_not_always_lead_next():
    rnd = make_round("2M", "8K 4B", "1K 5B")
    rnd.push(C("8K"))
    rnd.push(C("1K"))
    assert rnd.tricks_won == [1, 0] and rnd.to_play == rnd.leader == 1


# ----------------------------------------------------------------------------- Treasure

def test_treasure_winner_gains_a_point_for_each_seven_in_the_trick():
    one = resolve_trick(C("7K"), C("8K"), C("2M"), ("A", "B"))
    assert one.treasure == 1 and "B gains 1 point for the Treasure (7)" in one.reason
    two = resolve_trick(C("7K"), C("7M"), C("2M"), ("A", "B"))
    assert two.winner == 1 and two.treasure == 2
    assert "B gains 2 points for the two Treasures (7s)" in two.reason
    assert resolve_trick(C("6K"), C("8K"), C("2M")).treasure == 0


def test_treasure_points_are_scored_at_once_not_at_round_end():
    rnd = make_round("2M", "7K 4B", "8K 5B", score={"A": 1, "B": 2})
    rnd.push(C("7K"))
    rnd.push(C("8K"))
    assert not rnd.is_over and rnd.score == [1, 3] and rnd.round_gain == [0, 1]
    assert rnd.tricks[-1].treasure == 1


def test_misconception_only_treasures_give_points_during_a_round():
    # The article gives the Fox extra points; only 7s score during the round.
    rnd = make_round("2M", "3K 4B", "8K 5B")
    rnd.push(C("3K"))
    rnd.push(C("8K"))
    assert rnd.score == [0, 0] and rnd.tricks[-1].treasure == 0
    # In the base game an 8 is a plain card (the Poison 8s belong to the Deluxe modules).
    assert resolve_trick(C("8K"), C("8B"), C("2M")).treasure == 0


# ----------------------------------------------------------------------------- scoring table

EXPECTED_TABLE = {0: (6, "Humble"), 1: (6, "Humble"), 2: (6, "Humble"), 3: (6, "Humble"),
                  4: (1, "Defeated"), 5: (2, "Defeated"), 6: (3, "Defeated"),
                  7: (6, "Victorious"), 8: (6, "Victorious"), 9: (6, "Victorious"),
                  10: (0, "Greedy"), 11: (0, "Greedy"), 12: (0, "Greedy"), 13: (0, "Greedy")}


@pytest.mark.parametrize("tricks", range(14))
def test_scoring_table(tricks):
    points, name = EXPECTED_TABLE[tricks]
    assert (round_points(tricks), band(tricks)) == (points, name)
    text = round_points_line("A", tricks)
    assert text.startswith(f"A won {tricks} trick") and name in text
    assert f"{points} point" in text


def test_scoring_table_rows_cover_0_to_13_once():
    covered = [t for low, high, _, _ in SCORING_TABLE for t in range(low, high + 1)]
    assert covered == list(range(14))


def test_scoring_three_tricks_is_humble_six():
    assert round_points(3) == 6 and band(3) == "Humble"


def test_scoring_four_five_six_tricks_are_defeated_one_two_three():
    assert [round_points(t) for t in (4, 5, 6)] == [1, 2, 3]


def test_scoring_seven_to_nine_tricks_are_victorious_six():
    assert {round_points(t) for t in (7, 8, 9)} == {6}


def test_scoring_ten_tricks_is_greedy_zero():
    assert round_points(10) == 0 and band(10) == "Greedy"
    assert "scores nothing" in round_points_line("A", 10)


@pytest.mark.parametrize("bad", [-1, 14])
def test_scoring_rejects_impossible_trick_counts(bad):
    with pytest.raises(ValueError, match="not a number of tricks"):
        round_points(bad)


def test_misconception_more_tricks_is_not_always_better():
    assert round_points(10) < round_points(9) and round_points(3) > round_points(6)


def test_round_end_scores_the_table_and_explains_both_players():
    rnd = make_round("2M", "8K", "4K", tricks_won={"A": 9, "B": 3}, score={"A": 2, "B": 4})
    rnd.push(C("8K"))
    rnd.push(C("4K"))
    end = rnd.round_end
    assert end.tricks_won == (10, 3) and end.points == (0, 6)
    assert end.bands == ("Greedy", "Humble") and rnd.score == [2, 10]
    assert "A won 10 tricks: Greedy" in end.reason and "B won 3 tricks: Humble" in end.reason


# ----------------------------------------------------------------------------- reason wording

def test_reasons_speak_to_you_in_the_second_person():
    names = ("you", "the computer")
    out = resolve_trick(C("7K"), C("1K"), C("2M"), names)
    assert out.reason == ("Moons are trump. Both cards are Keys, so the higher rank wins: "
                          "your 7 of Keys beats the computer's 1 of Keys. The computer played the "
                          "Swan and lost, so the computer leads the next trick. You gain 1 point "
                          "for the Treasure (7) in the trick.")
    out = resolve_trick(C("1K"), C("7K"), C("2M"), names)
    assert "so you lead the next trick" in out.reason
    assert "you leads" not in out.reason.lower()
    assert round_points_line("you", 1).startswith("You won 1 trick")


def test_reasons_keep_the_capitals_of_player_names():
    out = resolve_trick(C("11K"), C("2M"), C("5M"), ("McFox", "DeepOwl"))
    assert out.reason.startswith("Moons are trump. DeepOwl's 2 of Moons is trump and beats "
                                 "McFox's 11 of Keys")


def test_round_reasons_speak_to_you_in_the_second_person():
    rnd = Round(position("2B", "3K 5M 8K", "4K 5B 9M", deck="1M"), names=("you", "the fox"))
    with pytest.raises(IllegalAction, match="^You do not hold the 6 of Bells"):
        rnd.play("6B")
    recs = rnd.push(Move(C("3K"), exchange=C("8K")))
    assert recs[0].reason == "You lead the 3 of Keys, Fox."
    assert recs[1].reason.startswith("You use the Fox to swap")
    rnd.push(C("4K"))
    recs = rnd.push(Move(C("5B"), discard=C("1M")))      # the fox won and leads
    assert [r.reason for r in rnd.view(0).history[-2:]] == [
        "The fox draws a card.", "The fox puts a card face down under the deck."]
    assert recs[1].reason.startswith("The fox draws the top card")


def test_game_reasons_speak_to_you_in_the_second_person():
    over, winner, reason = game_result((22, 20), (6, 6), 21, ("you", "the fox"))
    assert reason == ("You have 22 and the fox has 20 points, so the 21-point game is over: "
                      "you have more points and win.")
    assert game_result((22, 22), (7, 6), 21, ("you", "the fox"))[2].endswith("and win.")


# ----------------------------------------------------------------------------- the rulings page

def test_every_ruling_names_tests_that_exist():
    import pathlib
    import re
    root = pathlib.Path(__file__).resolve().parents[2]
    text = (root / "docs" / "rulings.md").read_text(encoding="utf-8")
    sections = re.split(r"\n### ", text)[1:]
    assert len(sections) >= 20
    for section in sections:
        names = re.findall(r"(test_\w+\.py)::(test_\w+)", section)
        assert names, f"ruling without a test: {section.splitlines()[0]}"
        for filename, test in names:
            paths = list((root / "tests").rglob(filename))      # tests/<folder>/test_x.py
            assert len(paths) == 1, f"{filename} named in rulings.md: {len(paths)} such files"
            source = paths[0].read_text(encoding="utf-8")
            assert f"def {test}(" in source, f"{filename}::{test} named in rulings.md"
