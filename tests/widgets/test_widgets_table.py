"""Trick area, decree, score board and event log show the engine's facts and reasons."""
import html
import json

from foxlib import Round
from foxlib.core import rules
from foxlib.words import narrator
from scenario_helpers import make_round
from widgets import DecreeView, EventLog, ScoreBoard, TableView, TrickArea, band_meter


def text(widget):
    return html.unescape(widget.html)


def test_trick_area_shows_the_led_card_and_waits_for_the_follower():
    rnd = make_round("2K", "8M 4B", "3M 10M")
    rnd.play("8M")
    area = TrickArea(rnd)
    assert "8 of Moons" in text(area) and "B to play" in text(area)


def test_trick_area_shows_the_finished_trick_with_the_engine_reason():
    rnd = make_round("2K", "8M 4B", "3M 10M")
    rnd.play("8M")
    rnd.play("10M")
    area = TrickArea(rnd)
    assert rnd.tricks[-1].reason in text(area)
    assert "Trick 1: B won; B leads next." in text(area)


def test_trick_area_shows_a_pending_follow_during_the_woodcutter_discard():
    rnd = make_round("6M", "8K 2M", "5K 10M", deck="11K")
    rnd.play("8K")
    rnd.play("5K")
    assert rnd.phase == "discard"
    assert "5 of Keys, Woodcutter" in text(TrickArea(rnd))


def test_decree_view_names_trump_and_counts_the_face_down_deck():
    rnd = Round.deal(4)
    view = DecreeView(rnd)
    trump = rnd.theme.suit_names[rnd.decree.suit]
    assert f"{trump} are trump" in text(view)
    assert "deck: 6 cards, face down" in text(view)
    assert rnd.deck[0].label() not in text(view)


def test_band_meter_marks_the_trick_count_in_its_band():
    for tricks in range(14):
        meter = band_meter("A", tricks)
        assert meter.count("fox-here") == 1
        assert f'fox-cell fox-here">{tricks}<' in meter
        assert f"{rules.band(tricks)} band" in meter


def test_band_meter_shows_each_band_with_its_points():
    meter = band_meter("A", 0)
    for band in rules.BANDS:
        assert band in meter
    assert "Greedy 0p" in meter and "Humble 6p" in meter and "Defeated 1-3p" in meter


def test_score_board_shows_points_tricks_and_bands():
    rnd = make_round("2K", "8M 4B", "3M 10M", tricks_won={"A": 5, "B": 6}, score={"A": 7, "B": 3})
    board = ScoreBoard(rnd, target=21)
    t = text(board)
    assert "7 of 21 points" in t
    assert "5 tricks this round (Defeated: 2 points for tricks if it ended now)" in t
    assert "6 tricks this round (Defeated: 3 points for tricks if it ended now)" in t


def test_score_board_at_the_end_of_a_round_states_the_points():
    rnd = Round.deal(2)
    while not rnd.is_over:
        rnd.push(rnd.legal_moves()[0])
    t = text(ScoreBoard(rnd))
    for p in (0, 1):
        pts = rules.round_points(rnd.tricks_won[p])
        assert f"({rules.band(rnd.tricks_won[p])}: {narrator.count(pts, 'point')} for tricks)" in t
    assert "if it ended now" not in t


def test_event_log_lists_the_engine_reasons_newest_first():
    rnd = make_round("2K", "8M 4B", "3M 10M")
    rnd.play("8M")
    rnd.play("10M")
    log = EventLog(rnd.history)
    t = text(log)
    assert t.index(rnd.tricks[0].reason) < t.index(rnd.history[0].reason)
    assert all(rec.reason in t for rec in rnd.history)


def test_event_log_oldest_first_and_limit():
    rnd = make_round("2K", "8M 4B", "3M 10M")
    rnd.play("8M")
    rnd.play("10M")
    log = EventLog(rnd.history, newest_first=False, limit=1)
    assert log.count == 1 and rnd.history[0].reason in text(log)


def test_table_view_keeps_the_opponent_hand_and_deck_hidden():
    rnd = Round.deal(11)
    table = TableView(rnd, 0)
    state = json.dumps([w.get_state() for w in (table.opponent_hand.row, table.hand.row,
                                                table.trick_area, table.decree_view,
                                                table.scores, table.events)])
    for card in list(rnd.hands[1]) + list(rnd.deck):
        assert f"<title>{card.label()}</title>" not in state
    for card in rnd.hands[0]:
        assert f"<title>{card.label()}</title>" in state


def test_table_view_log_hides_the_opponent_woodcutter_draw():
    rnd = make_round("6M", "8K 2M", "5K 10M", deck="11K")
    rnd.play("8K")
    rnd.play("5K")
    table = TableView(rnd, 0)
    assert "11 of Keys" not in text(table.events) and "B draws a card" in text(table.events)
    revealed = TableView(rnd, 0, reveal=True)
    assert "11 of Keys" in text(revealed.events)


def test_trick_area_before_the_first_play_names_the_trick_a_set_up_starts_at():
    """A position that starts mid-round (a ruling's example at trick 12) does not call its
    trick 'the first trick'; a dealt round does."""
    late = make_round("2K", "8M 4B", "3M 10M", tricks_won={"A": 6, "B": 5})
    assert late.trick_number == 12
    assert "trick 12" in text(TrickArea(late)) and "the first trick" not in text(TrickArea(late))
    assert "the first trick" in text(TrickArea(Round.deal(4)))
