"""The round player steps through a round; every step matches the recorded history."""
import html
import pathlib
import re
import random

import pytest

from foxlib import FoxError, InvalidState, Round
from foxlib.io.inputs import loads_round
from widgets import RoundPlayer


def played_round(seed=5):
    rnd = Round.deal(seed)
    rng = random.Random(seed)
    while not rnd.is_over:
        rnd.push(rng.choice(rnd.legal_moves()))
    return rnd


@pytest.fixture(scope="module")
def recorded():
    return played_round()


def test_one_step_per_recorded_action(recorded):
    player = RoundPlayer(recorded)
    assert player.steps == len(recorded.actions) and player.step == 0
    assert player.slider.max == player.steps


def test_stepping_forward_replays_the_history_exactly(recorded):
    player = RoundPlayer(recorded)
    seen = []
    while player.step < player.steps:
        player.forward_button.click()
        seen += player.records
        assert player.round.history == recorded.history[:len(player.round.history)]
    assert seen == recorded.history
    assert player.round.state() == recorded.state()


def test_stepping_back_and_forth_matches_the_history_at_each_step(recorded):
    player = RoundPlayer(recorded)
    rng = random.Random(1)
    lengths = {}
    for k in range(player.steps + 1):
        player.go(k)
        lengths[k] = len(player.round.history)
    for _ in range(30):
        k = rng.randrange(player.steps + 1)
        player.slider.value = k
        assert player.step == k
        assert player.round.history == recorded.history[:lengths[k]]
    player.back_button.click()
    assert player.step == max(0, k - 1)


def test_first_and_last_buttons(recorded):
    player = RoundPlayer(recorded)
    player.last_button.click()
    assert player.step == player.steps and player.round.is_over
    assert player.forward_button.disabled and player.last_button.disabled
    player.first_button.click()
    assert player.step == 0 and player.round.history == []
    assert player.back_button.disabled and player.first_button.disabled


def test_each_step_is_explained_by_the_engine_records(recorded):
    player = RoundPlayer(recorded, step=1)
    assert player.explanation == recorded.history[0].reason
    assert recorded.history[0].reason in html.unescape(player.info.html)
    player.go(player.steps)
    assert recorded.round_end.reason in player.explanation


def test_the_start_is_explained():
    player = RoundPlayer(played_round(3))
    assert "decree card" in player.explanation and "leads" in player.explanation


def test_steps_are_clamped_to_the_round():
    player = RoundPlayer(played_round(3))
    player.go(-5)
    assert player.step == 0
    player.go(10_000)
    assert player.step == player.steps


def test_scripted_moves_with_fox_and_woodcutter_decisions():
    start = {"decree": "2B", "hands": {"A": ["3M", "9K"], "B": ["5M", "8K"]}, "leader": "A",
             "deck": ["11K", "4B"]}
    moves = [{"card": "3M", "exchange": "9K"}, {"card": "5M", "discard": "11K"}, "8K", "2B"]
    player = RoundPlayer(start, moves)
    kinds = [kind for kind, _ in player.actions]
    assert kinds == ["play", "exchange", "play", "discard", "play", "play"]
    player.go(2)
    assert "swap" in player.explanation and str(player.round.decree) == "9K"
    player.go(4)
    assert "face down at the bottom of the deck" in player.explanation


def test_referee_scenario_with_plays():
    scenario = {"decree": "2K", "hands": {"A": ["8M"], "B": ["10M"]}, "leader": "A",
                "plays": ["8M", "10M"]}
    player = RoundPlayer(scenario, step=2)
    assert player.round.tricks[0].winner == 1


def test_saved_round_json_is_accepted(recorded):
    player = RoundPlayer(recorded.dumps())
    assert player.actions == recorded.actions


def test_an_illegal_scripted_move_names_the_move_and_the_reason():
    start = {"decree": "2K", "hands": {"A": ["8M", "4B"], "B": ["10M", "5B"]}, "leader": "A"}
    with pytest.raises(FoxError, match=r"plays\[1\] \(5B\): You must follow Moons"):
        RoundPlayer(start, ["8M", "5B"])


def test_something_that_is_not_a_round_is_refused_clearly():
    with pytest.raises(InvalidState, match="A round to replay"):
        RoundPlayer(42)


def test_a_replay_shows_both_hands_by_default_and_can_hide_them(recorded):
    open_player = RoundPlayer(recorded)
    assert all(item["card"] for item in open_player.table.opponent_hand.row._items)
    hidden = RoundPlayer(recorded, reveal=False)
    assert all(item["card"] is None for item in hidden.table.opponent_hand.row._items)


def test_replay_cards_cannot_be_played_by_clicking(recorded):
    player = RoundPlayer(recorded)
    before = player.round.state()
    player.table.hand.row._handle_custom_msg(
        {"event": "click", "card": player.table.hand.row.cards[0]}, [])
    assert player.round.state() == before


LESSON_ROUND = pathlib.Path(__file__).parents[2] / "notebooks" / "data" / "a_full_round.json"


def _header(player) -> str:
    return re.search(r'class="fox-status">(.*?)</div>', player.info.html).group(1)


@pytest.mark.parametrize("source", ["lesson", "random"])
def test_the_step_header_names_the_trick_shown_on_the_table_at_every_step(source):
    rnd = loads_round(LESSON_ROUND.read_text()) if source == "lesson" else played_round(11)
    player = RoundPlayer(rnd)
    for k in range(1, player.steps + 1):
        player.go(k)
        # The trick this step's action belongs to: the last card played so far says which.
        acted_in = [r for r in player.round.history if r.kind == "play"][-1].trick
        header = html.unescape(_header(player))
        assert player.shown_trick == acted_in, (k, header)
        assert re.search(rf"\btrick {acted_in}\b", header), (k, header)
        assert not re.search(rf"\btrick (?!{acted_in}\b)\d+", header), (k, header)
        finished = re.search(r"Trick (\d+):", player.table.trick_area.html)
        if not player.round.trick:           # the table shows the trick just finished
            assert int(finished.group(1)) == acted_in, (k, header)
            assert f"won by {player.round.name(player.round.tricks[-1].winner)}" in header


def test_the_lesson_round_step_16_is_the_end_of_trick_7():
    player = RoundPlayer(loads_round(LESSON_ROUND.read_text()), step=16)
    assert player.round.tricks[-1].number == 7 and not player.round.trick
    assert player.trick_label.startswith("trick 7, won by")
    player.forward()
    assert player.trick_label == "trick 8"


def test_the_last_step_names_the_last_trick_and_the_round_end(recorded):
    player = RoundPlayer(recorded, step=len(recorded.actions))
    assert player.trick_label.startswith("trick 13, won by")
    assert player.trick_label.endswith("round over")


def test_a_revealed_opponent_hand_is_drawn_at_the_same_size_as_the_own_hand(recorded):
    player = RoundPlayer(recorded)
    assert player.table.opponent_hand.row.size == player.table.hand.row.size == "normal"
    hidden = RoundPlayer(recorded, reveal=False)      # backs only: small is enough to count them
    assert hidden.table.opponent_hand.row.size == "small"
