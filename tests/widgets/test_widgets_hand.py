"""The hand widget asks the engine about every click and shows the engine's reasons."""
import pytest

from foxlib import FoxError
from scenario_helpers import make_round
from widgets import Hand


def reason_for(rnd, card):
    try:
        rnd.verify_play(card)
    except FoxError as exc:
        return str(exc)
    return None


@pytest.fixture
def following():
    # A led the 8 of Moons; B holds Moons, so B must follow Moons.
    rnd = make_round("2K", "8M 4B 6K", "3M 10M 5B")
    rnd.play("8M")
    return rnd


def test_illegal_cards_are_dimmed_as_the_engine_says(following):
    hand = Hand(following, 1)
    assert hand.row.dimmed == ["5B"]
    assert sorted(hand.row.cards) == ["10M", "3M", "5B"]


def test_dimmed_cards_carry_the_engine_reason_as_tooltip(following):
    hand = Hand(following, 1)
    assert reason_for(following, "5B") in hand.row.titles["5B"]


def test_clicking_an_illegal_card_shows_the_engine_reason_and_changes_nothing(following):
    before = following.state()
    hand, refused = Hand(following, 1), []
    hand.on_refused(lambda card, why: refused.append((card, why)))
    hand.click("5B")
    assert following.state() == before
    assert hand.message == reason_for(following, "5B")
    assert hand.message in hand.note.html.replace("&#x27;", "'")
    assert refused == [("5B", hand.message)]


def test_clicking_a_legal_card_plays_it_and_reports_the_records(following):
    hand, acted = Hand(following, 1), []
    hand.on_action(lambda kind, card, records: acted.append((kind, card, records)))
    hand.click("10M")
    assert following.tricks[-1].cards[1].__str__() == "10M"
    kind, card, records = acted[0]
    assert (kind, card) == ("play", "10M")
    assert records == following.history[-2:]
    assert hand.message == records[0].reason  # the trick's reason is the trick area's job


def test_clicking_out_of_turn_is_refused_and_changes_nothing(following):
    before = following.state()
    hand = Hand(following, 0)
    hand.click("4B")
    assert following.state() == before
    assert "turn" in hand.message


def test_without_apply_the_owner_is_told_and_the_round_is_unchanged(following):
    before = following.state()
    hand, acted = Hand(following, 1, apply=False), []
    hand.on_action(lambda *a: acted.append(a))
    hand.click("3M")
    assert acted == [("play", "3M", [])] and following.state() == before


def test_fox_exchange_by_clicking_a_card():
    rnd = make_round("2B", "3M 9K 6B", "5K 8K 4B")
    hand = Hand(rnd, 0)
    hand.click("3M")
    assert rnd.phase == "exchange" and "Fox" in hand.status()
    hand.click("9K")
    assert str(rnd.decree) == "9K" and rnd.phase == "play"
    assert "swap" in hand.message


def test_fox_keep_the_decree():
    rnd = make_round("2B", "3M 9K 6B", "5K 8K 4B")
    hand = Hand(rnd, 0)
    hand.click("3M")
    assert hand.keep_decree()
    assert str(rnd.decree) == "2B" and rnd.phase == "play"


def test_keep_the_decree_outside_the_fox_exchange_is_refused():
    rnd = make_round("2B", "3M 9K 6B", "5K 8K 4B")
    hand = Hand(rnd, 0)
    assert not hand.keep_decree()
    assert hand.message_kind == "illegal"


def test_woodcutter_discard_by_clicking_a_card():
    rnd = make_round("6M", "5K 2M 4B", "7K 1B 10M", deck="11K 3B")
    hand = Hand(rnd, 0)
    hand.click("5K")
    assert rnd.phase == "discard" and "11K" in hand.row.cards
    hand.click("2M")
    assert str(rnd.deck[-1]) == "2M" and rnd.phase == "play"


def test_face_down_hand_is_not_clickable_and_hides_its_cards(following):
    hand = Hand(following, 1, face_down=True)
    with pytest.raises(ValueError, match="not a visible card"):
        hand.click("3M")
    hand.row._handle_custom_msg({"event": "click", "card": "3M"}, [])
    assert len(following.trick) == 1
    assert all(item["card"] is None for item in hand.row._items)


def test_status_says_whose_turn_it_is(following):
    assert "waiting for B" in Hand(following, 0).status()
    assert "your turn" in Hand(following, 1).status()


def test_hand_of_you_is_called_your_hand():
    rnd = make_round("2K", "8M 4B", "3M 10M")
    rnd.names = ("You", "Computer")
    assert "Your hand" in Hand(rnd, 0).note.html
    assert "Computer&#x27;s hand" in Hand(rnd, 1).note.html


def test_update_switches_to_another_round(following):
    hand = Hand(following, 1)
    other = make_round("2K", "8M 4B", "3M 10M")
    hand.update(other)
    assert sorted(hand.row.cards) == ["10M", "3M"] and hand.row.dimmed == []
