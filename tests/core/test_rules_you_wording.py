"""A player named 'You' reads right in the middle of a sentence too ('so you lead')."""
import re

from foxlib import Card, game_result
from foxlib.words.narrator import resolve_trick


def test_swan_loser_named_you_reads_you_lead_mid_sentence():
    out = resolve_trick(Card("6B"), Card("1B"), Card("9K"), ("Computer", "You"))
    assert "so you lead the next trick" in out.reason
    assert not re.search(r"(?<!^)(?<![.!?] )\bYou\b", out.reason)


def test_two_swans_with_you_losing_read_you_lost_and_you_lead():
    out = resolve_trick(Card("1K"), Card("1B"), Card("9M"), ("Computer", "You"))
    assert "you lost the trick, so you lead the next one" in out.reason


def test_game_end_names_you_in_lower_case_mid_sentence():
    over, winner, why = game_result((22, 10), (6, 0), 21, ("Computer", "You"))
    assert over and winner == 0
    assert "Computer has 22 and you have 10 points" in why
    over, winner, why = game_result((10, 22), (0, 6), 21, ("Computer", "You"))
    assert "you have more points and win" in why
