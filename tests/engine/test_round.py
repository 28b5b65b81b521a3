"""A round as a state machine: the deal, abilities as decisions (Fox, Woodcutter), moves, undo,
copies, per-player views, saving and loading, and the errors a bad action gets."""
import json

import pytest

from foxlib import (DECK, DISCARD, EXCHANGE, OVER, PLAY, Action, Card, FoxError, IllegalAction,
                    InvalidCard, InvalidState, Move, Position, Round)
from foxlib.engine.round import deal
from foxlib.io.inputs import loads_round, read_move, read_position
from scenario_helpers import assert_all_33_cards_once, cards, make_round, position

C = Card


# ----------------------------------------------------------------------------- the deal

def test_deal_gives_13_each_a_decree_and_a_6_card_deck():
    rnd = Round.deal(7, dealer=0)
    assert len(rnd.hands[0]) == len(rnd.hands[1]) == 13
    assert len(rnd.deck) == 6 and rnd.decree not in rnd.deck
    assert_all_33_cards_once(rnd)
    assert rnd.phase == PLAY and rnd.trick == [] and rnd.tricks_won == [0, 0]


@pytest.mark.parametrize("dealer", [0, 1])
def test_non_dealer_leads_the_first_trick(dealer):
    rnd = Round.deal(3, dealer=dealer)
    assert rnd.start.dealer == dealer
    assert rnd.leader == rnd.to_play == 1 - dealer


def test_deal_is_reproducible_from_its_seed_and_varies_between_seeds():
    assert Round.deal(11) == Round.deal(11)
    assert len({Round.deal(s).dumps() for s in range(20)}) == 20


def test_misconception_the_seven_undealt_cards_are_the_decree_and_a_draw_deck():
    # The unreliable article says the 7 undealt cards are unused; one is the decree card and
    # the other 6 are the deck the Woodcutter draws from.
    rnd = Round.deal(5)
    assert len([rnd.decree] + rnd.deck) == 7
    assert rnd.trump == rnd.decree.suit


def test_a_full_round_has_13_tricks_and_ends_scored():
    rnd = Round.deal(2)
    while not rnd.is_over:
        rnd.push(rnd.legal_moves()[-1])
    assert len(rnd.tricks) == 13 and sum(rnd.tricks_won) == 13
    assert rnd.phase == OVER and rnd.to_play is None and rnd.legal_actions() == []
    assert rnd.round_end is rnd.history[-1]
    assert all(len(t.cards) == 2 for t in rnd.tricks)


def test_misconception_a_trick_always_holds_exactly_two_cards():
    rnd = make_round("2B", "4K 6K", "8K 10K")
    rnd.play("4K")
    assert rnd.to_play == 1 and len(rnd.trick) == 1
    rnd.play("8K")
    assert rnd.trick == [] and rnd.tricks[-1].cards == (C("4K"), C("8K"))


def test_winner_of_a_trick_leads_the_next():
    rnd = make_round("2B", "4K 6M", "8K 10M")
    rnd.push(C("4K"))
    rnd.push(C("8K"))
    assert rnd.tricks[-1].winner == 1 and rnd.leader == rnd.to_play == 1
    assert rnd.legal_cards() == [C("10M")]


def test_tricks_won_are_public_but_won_cards_are_kept_face_down():
    rnd = make_round("2B", "4K 6M", "8K 10M")
    rnd.push(C("4K"))
    rnd.push(C("8K"))
    assert rnd.won[1] == cards("4K 8K")
    for p in (0, 1):
        view = rnd.view(p)
        assert view.tricks_won == (0, 1)
        assert not hasattr(view, "won")      # no pile to look through, only the trick log


def test_records_explain_each_play_draw_and_discard():
    rnd = make_round("2B", "4K 8M", "5K 10M", deck="1M")
    lead, = rnd.push(C("4K"))
    follow, draw, discard, trick = rnd.push(Move(C("5K"), discard=C("10M")))
    assert (lead.reason, lead.trick, lead.player) == ("A leads the 4 of Keys.", 1, 0)
    assert follow.reason == "B follows with the 5 of Keys, Woodcutter."
    assert draw.reason == "B draws the top card of the deck (the 1 of Moons)."
    assert discard.reason == "B puts the 10 of Moons face down at the bottom of the deck."
    assert trick.kind == "trick" and "B's 5 of Keys beats A's 4 of Keys" in trick.reason


# ----------------------------------------------------------------------------- the Fox

def test_faq_fox_acts_before_the_next_card_is_played():
    rnd = make_round("2B", "3K 7M", "4B 10M")
    rnd.play("3K")
    assert rnd.to_play == 0 and not rnd.can_play("4B") and rnd.can_exchange("7M")


def test_faq_woodcutter_acts_before_the_next_card_is_played():
    rnd = make_round("2B", "4K 8M", "5K 10M", deck="1M")
    rnd.play("4K")
    rnd.play("5K")                                  # the follower's Woodcutter draws at once
    assert rnd.trick == cards("4K 5K") and rnd.tricks == [] and rnd.phase == DISCARD
    assert C("1M") in rnd.hands[1]
    rnd.discard("10M")
    assert rnd.tricks[-1].winner == 1               # the trick is decided only afterwards


def test_fox_exchange_is_offered_right_after_the_fox_is_played():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    rnd.play("3K")
    assert rnd.phase == EXCHANGE and rnd.to_play == 0
    assert rnd.legal_actions() == [Action(EXCHANGE, c) for c in [None] + sorted(cards("7M 8K"))]
    assert rnd.legal_cards() == []
    with pytest.raises(IllegalAction, match="decide on the Fox's exchange"):
        rnd.play("4B")


def test_fox_exchange_puts_the_card_on_the_decree_and_the_old_decree_in_hand():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    rnd.play("3K")
    rec = rnd.exchange("7M")
    assert rnd.decree is C("7M") and sorted(rnd.hands[0]) == sorted(cards("2B 8K"))
    assert (rec.taken, rec.old_decree) == (C("7M"), C("2B"))
    assert "Moons are now trump" in rec.reason and "this trick" in rec.reason
    assert rnd.phase == PLAY and rnd.to_play == 1


def test_faq_fox_exchange_changes_trump_for_current_trick():
    # Bells are trump; B is out of Keys and would win with the 4 of Bells. A's Fox makes Moons
    # trump before B plays, so the 4 of Bells is no longer trump and A's Fox wins.
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    rnd.push(Move(C("3K"), exchange=C("7M")))
    rnd.push(C("4B"))
    trick = rnd.tricks[-1]
    assert trick.winner == 0 and trick.decree is C("7M")
    assert trick.reason.startswith("Moons are trump.")
    declined = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    declined.push(C("3K"))
    declined.push(C("4B"))
    assert declined.tricks[-1].winner == 1 and declined.tricks[-1].decree is C("2B")


def test_faq_fox_exchange_by_the_follower_changes_trump_for_current_trick():
    # Moons are trump; B cannot follow Keys and plays the Fox of Bells, taking the 8 of Bells
    # out of hand as the new decree: Bells become trump and the 3 of Bells beats the 10 of Keys.
    rnd = make_round("5M", "10K 2K", "3B 8B")
    rnd.push(C("10K"))
    rnd.push(Move(C("3B"), exchange=C("8B")))
    assert rnd.tricks[-1].winner == 1 and rnd.decree is C("8B")
    assert rnd.hands[1] == [C("5M")]


def test_fox_exchange_declined_keeps_the_decree():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    rnd.play("3K")
    rec = rnd.exchange(None)
    assert rec.taken is None and rnd.decree is C("2B")
    assert "keeps the decree" in rec.reason
    assert sorted(rnd.hands[0]) == sorted(cards("7M 8K"))


def test_fox_exchange_before_the_follower_plays_follower_still_follows_led_suit():
    # Ruling: the new trump only matters when the trick is decided; the follower must still
    # follow the suit of the led card, even if a card of the new trump suit is in hand.
    rnd = make_round("2B", "3K 7M 8K", "4K 9M 6B")
    rnd.push(Move(C("3K"), exchange=C("7M")))
    assert rnd.legal_cards() == [C("4K")]
    with pytest.raises(IllegalAction, match="must follow Keys"):
        rnd.play("9M")
    rnd.play("4K")
    assert rnd.tricks[-1].winner == 1


def test_fox_exchange_for_a_card_of_the_same_suit_keeps_trump():
    rnd = make_round("2B", "3K 8B 8K", "4B 10M 6B")
    rnd.play("3K")
    rec = rnd.exchange("8B")
    assert rnd.decree is C("8B") and rnd.trump == C("2B").suit
    assert "Bells stay trump" in rec.reason
    assert C("2B") in rnd.hands[0]


def test_fox_played_as_last_card_has_nothing_to_exchange():
    rnd = make_round("2B", "3K", "4K")
    assert rnd.legal_moves() == [Move(C("3K"))]
    with pytest.raises(IllegalAction, match="last card"):
        rnd.verify_move(Move(C("3K"), exchange=C("2B")))
    rnd.play("3K")
    assert rnd.phase == PLAY and rnd.to_play == 1
    assert not rnd.can_exchange(None)


def test_fox_exchange_needs_a_card_from_hand():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    rnd.play("3K")
    for card in ("10M", "2B", "3K", "1M"):   # opponent's, the decree itself, the Fox, the deck
        with pytest.raises(IllegalAction, match="does not hold .* cannot become the decree"):
            rnd.exchange(card)
        assert not rnd.can_exchange(card)
    assert rnd.can_exchange("8K") and rnd.can_exchange(None)


def test_exchange_outside_the_fox_decision_is_rejected():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    with pytest.raises(IllegalAction, match="no Fox exchange to make now"):
        rnd.exchange("7M")
    with pytest.raises(IllegalAction, match="Only a Fox"):
        rnd.push(Move(C("8K"), exchange=C("7M")))


# ----------------------------------------------------------------------------- the Woodcutter

def test_woodcutter_draws_the_top_card_then_discards_to_the_bottom():
    rnd = make_round("2B", "5K 8B", "6K 9B", deck="1M 2M 3M")
    rnd.play("5K")
    assert rnd.phase == DISCARD and rnd.to_play == 0
    assert C("1M") in rnd.hands[0] and rnd.deck == cards("2M 3M")
    assert rnd.history[-1].kind == "draw" and rnd.history[-1].card is C("1M")
    assert rnd.legal_actions() == [Action(DISCARD, c) for c in sorted(cards("8B 1M"))]
    rec = rnd.discard("8B")
    assert rnd.deck == cards("2M 3M 8B") and rnd.hands[0] == [C("1M")]
    assert rec.card is C("8B") and "bottom of the deck" in rec.reason
    assert rnd.phase == PLAY and rnd.to_play == 1


def test_woodcutter_may_discard_the_card_it_just_drew():
    rnd = make_round("2B", "5K 8B", "6K 9B", deck="1M 2M")
    rnd.push(Move(C("5K"), discard=C("1M")))
    assert rnd.deck == cards("2M 1M") and rnd.hands[0] == [C("8B")]
    assert Move(C("5K"), discard=C("1M")) in make_round(
        "2B", "5K 8B", "6K 9B", deck="1M 2M").legal_moves()


def test_woodcutter_with_an_empty_deck_draws_and_discards_nothing():
    rnd = make_round("2B", "5K 8B", "6K 9B")
    assert rnd.legal_moves().count(Move(C("5K"))) == 1
    rnd.play("5K")
    assert rnd.phase == PLAY and rnd.to_play == 1 and rnd.deck == []
    assert rnd.hands[0] == [C("8B")]
    assert [r.kind for r in rnd.history] == ["play"]
    fresh = make_round("2B", "5K 8B", "6K 9B")
    with pytest.raises(IllegalAction, match="deck is empty"):
        fresh.push(Move(C("5K"), discard=C("8B")))


def test_woodcutter_as_last_card_draws_then_discards_a_card():
    rnd = make_round("2B", "5K", "6K", deck="1M")
    rnd.play("5K")
    assert rnd.hands[0] == [C("1M")] and rnd.legal_actions() == [Action(DISCARD, C("1M"))]
    rnd.discard("1M")
    assert rnd.hands[0] == [] and rnd.deck == [C("1M")]
    rnd.play("6K")
    assert rnd.is_over


def test_woodcutter_as_follower_keeps_hand_size():
    rnd = make_round("2B", "4K 8B", "5K 9B", deck="1M")
    rnd.play("4K")
    rnd.push(Move(C("5K"), discard=C("9B")))
    assert len(rnd.hands[0]) == len(rnd.hands[1]) == 1
    assert rnd.tricks[-1].winner == 1 and rnd.deck == [C("9B")]


def test_woodcutter_discard_must_be_a_card_in_hand():
    rnd = make_round("2B", "5K 8B", "6K 9B", deck="1M 2M")
    rnd.play("5K")
    for card in ("2M", "9B", "2B", "5K"):
        with pytest.raises(IllegalAction, match="cannot be discarded"):
            rnd.discard(card)
        assert not rnd.can_discard(card)
    with pytest.raises(IllegalAction, match="choose the Woodcutter's discard"):
        rnd.play("8B")


def test_discard_outside_the_woodcutter_decision_is_rejected():
    rnd = make_round("2B", "5K 8B", "6K 9B", deck="1M 2M")
    with pytest.raises(IllegalAction, match="no Woodcutter discard to make now"):
        rnd.discard("8B")
    with pytest.raises(IllegalAction, match="Only a Woodcutter"):
        rnd.push(Move(C("8B"), discard=C("1M")))
    with pytest.raises(IllegalAction, match="must say which card to discard"):
        rnd.push(C("5K"))
    with pytest.raises(IllegalAction, match="neither in hand nor"):
        rnd.push(Move(C("5K"), discard=C("2M")))


# ----------------------------------------------------------------------------- moves

def test_legal_moves_bundle_every_fox_exchange_and_woodcutter_discard():
    rnd = make_round("2B", "3K 5M 8K", "4B 10M 6B", deck="1M")
    moves = rnd.legal_moves()
    assert Move(C("3K")) in moves
    assert {m.exchange for m in moves if m.card is C("3K")} == {None, C("5M"), C("8K")}
    assert {m.discard for m in moves if m.card is C("5M")} == {C("3K"), C("8K"), C("1M")}
    assert Move(C("8K")) in moves and len(moves) == 3 + 3 + 1


def test_moves_accept_card_names():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    rnd.push(Move("3K", exchange="7M"))
    assert rnd.decree is C("7M")
    assert Move("5K", discard="2B") == Move(C("5K"), discard=C("2B"))
    with pytest.raises(InvalidCard):
        Move("13K")


def test_move_json_round_trips():
    for move in (Move(C("9M")), Move(C("3B"), exchange=C("7M")), Move(C("5K"), discard=C("2B"))):
        assert read_move(json.loads(json.dumps(move.to_json()))) == move
    with pytest.raises(InvalidState, match=r"plays\[2\]: unknown field"):
        read_move({"card": "3B", "swap": "7M"}, "plays[2]")
    with pytest.raises(InvalidCard, match=r"plays\[0\]"):
        read_move({"card": "3X"}, "plays[0]")


def test_pushed_move_returns_its_records():
    rnd = make_round("2B", "5K 8B", "6K 9B", deck="1M")
    recs = rnd.push(Move(C("5K"), discard=C("1M")))
    assert [r.kind for r in recs] == ["play", "draw", "discard"]


# ----------------------------------------------------------------------------- undo and copies

def test_undo_takes_back_one_action_and_pop_a_whole_move():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    start = rnd.copy()
    rnd.play("3K")
    rnd.exchange("7M")
    rnd.undo()
    assert rnd.phase == EXCHANGE and rnd.decree is C("2B")
    rnd.exchange("8K")
    rnd.pop()
    assert rnd == start and rnd.history == [] and not rnd.can_undo


def test_undo_with_nothing_to_undo_is_an_error():
    rnd = make_round("2B", "3K", "4K")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        rnd.undo()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        rnd.pop()


def test_undo_after_the_round_ends_reopens_it():
    rnd = make_round("2B", "7K", "8K", score={"A": 3, "B": 4})
    rnd.push(C("7K"))
    rnd.push(C("8K"))
    assert rnd.is_over and rnd.score == [3 + 6, 4 + 1 + 6]
    rnd.pop()
    assert rnd.phase == PLAY and rnd.round_end is None and rnd.score == [3, 4]
    assert rnd.trick == [C("7K")]


def test_copy_is_independent_of_the_original_including_undo():
    rnd = Round.deal(1, 0)
    first = rnd.legal_moves()[0]
    rnd.push(first)
    snapshot = rnd.state()
    other = rnd.copy()
    other.pop()                       # the copy goes back and plays differently...
    other.push(other.legal_moves()[-1])
    other.push(other.legal_moves()[0])
    assert rnd.state() == snapshot    # ...without touching the original
    rnd.pop()
    rnd.push(first)                   # the original can still undo and replay its move
    assert rnd.state() == snapshot


# ----------------------------------------------------------------------------- trick numbers

def test_trick_numbers_continue_from_tricks_already_won():
    rnd = make_round("2B", "4K 6K", "8K 10K", tricks_won={"A": 6, "B": 5})
    rnd.push(C("4K"))
    assert rnd.history[-1].trick == 12
    rnd.push(C("8K"))
    assert rnd.tricks[-1].number == 12
    rnd.push(C("10K"))
    assert rnd.history[-1].trick == 13


# ----------------------------------------------------------------------------- per-player view

def _mid_round_with_hidden_actions():
    rnd = make_round("2B", "5K 8B 3M", "6K 9B 3B", deck="1M 2M 4M")
    rnd.push(Move(C("5K"), discard=C("8B")))       # A draws 1M (hidden), discards 8B (hidden)
    return rnd


def test_view_hides_the_opponents_hand_and_the_deck():
    rnd = _mid_round_with_hidden_actions()
    view = rnd.view("B")
    assert view.hand == tuple(sorted(rnd.hands[1])) and view.opponent_hand_size == 2
    assert view.deck_size == 3
    text = repr(view)
    for card in rnd.hands[0] + rnd.deck:
        assert repr(card) not in text
    draw, discard = [r for r in view.history if r.kind in ("draw", "discard")]
    assert draw.card is None and discard.card is None
    assert "1 of Moons" not in draw.reason and "8 of Bells" not in discard.reason


def test_view_shows_a_player_their_own_draw_and_discard():
    view = _mid_round_with_hidden_actions().view(0)
    draw, discard = [r for r in view.history if r.kind in ("draw", "discard")]
    assert draw.card is C("1M") and discard.card is C("8B")
    assert view.my_discards == (C("8B"),)


def test_view_lists_legal_actions_only_on_the_players_turn():
    rnd = _mid_round_with_hidden_actions()
    assert rnd.view("B").legal == (Action(PLAY, C("6K")),)
    assert rnd.view("A").legal == ()


def test_view_keeps_the_public_trick_log():
    # Ruling: won piles may not be looked at, but both cards of each trick were seen face up.
    rnd = _mid_round_with_hidden_actions()
    rnd.push(C("6K"))
    for p in (0, 1):
        view = rnd.view(p)
        assert view.tricks == tuple(rnd.tricks) and view.tricks[0].cards == tuple(cards("5K 6K"))
        assert C("5K") not in view.unseen_cards() and C("6K") not in view.unseen_cards()
    assert C("8B") in rnd.view(1).unseen_cards()


def test_view_remembers_the_old_decree_the_opponent_took_with_a_fox():
    rnd = make_round("2B", "3K 7M 8B", "4K 10M 6B")
    rnd.push(Move(C("3K"), exchange=C("7M")))
    view = rnd.view("B")
    assert view.known_opponent_cards == (C("2B"),)
    assert C("2B") not in view.unseen_cards()
    assert rnd.view("A").known_opponent_cards == ()


def test_view_forgets_a_remembered_card_once_played():
    rnd = make_round("2B", "3K 7M 8B", "4K 10M 6B")
    rnd.push(Move(C("3K"), exchange=C("7M")))
    rnd.push(C("4K"))           # B wins (Keys, 4 beats 3) and leads
    rnd.push(C("6B"))
    rnd.push(C("2B"))
    assert rnd.view("B").known_opponent_cards == ()


def test_view_does_not_remember_a_card_the_opponent_put_back_as_the_decree():
    # A takes the 2 of Bells with one Fox, then gives it back as the decree with another Fox:
    # it is the decree card again, not a card B knows to be in A's hand.
    rnd = make_round("2B", "3K 3M 7M 8K", "2K 10M 6B 9B")
    rnd.push(Move(C("3K"), exchange=C("7M")))        # decree 7M, A holds 2B
    rnd.push(C("2K"))                                # A wins and leads again
    rnd.push(Move(C("3M"), exchange=C("2B")))        # decree 2B again, A holds 7M
    view = rnd.view("B")
    assert rnd.decree is C("2B")
    assert view.known_opponent_cards == (C("7M"),)
    assert set(view.known_opponent_cards) <= set(rnd.hands[0])


def test_view_forgets_remembered_cards_after_an_opponents_hidden_discard():
    rnd = make_round("2B", "3K 5M 7M 8K", "4K 10M 6B 9B", deck="1B")
    rnd.push(Move(C("3K"), exchange=C("7M")))        # B now knows A holds the 2 of Bells
    rnd.push(C("4K"))
    rnd.push(C("10M"))
    rnd.push(Move(C("5M"), discard=C("2B")))         # A may have put it under the deck
    assert rnd.view("B").known_opponent_cards == ()


# ----------------------------------------------------------------------------- save and load

def test_round_save_load_round_trips_mid_decision():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B", deck="1M", score={"A": 5, "B": 2})
    rnd.play("3K")
    assert rnd.phase == EXCHANGE
    again = loads_round(rnd.dumps())
    assert again == rnd and again.phase == EXCHANGE
    assert again.history == rnd.history
    assert eval(repr(rnd), {"loads_round": loads_round}) == rnd


def test_round_save_keeps_names_and_theme():
    from foxlib import THEMES
    rnd = Round(position("2B", "4K", "8K"), names=("Ann", "Bo"), theme=THEMES["zsa"])
    rnd.push(C("4K"))
    again = loads_round(rnd.dumps())
    assert again.names == ("Ann", "Bo") and again.theme.key == "zsa"


@pytest.mark.parametrize("text, message", [
    ("{", "not valid JSON"),
    ("[]", "must be an object with 'start'"),
    ('{"start": {"decree": "2B", "hands": {"A": ["4K"], "B": ["8K"]}, "leader": "A"},'
     ' "actions": [["play", "8K"]]}', r"round\.actions\[0\]: A does not hold the 8 of Keys"),
    ('{"start": {"decree": "2B", "hands": {"A": ["4K"], "B": ["8K"]}, "leader": "A"},'
     ' "actions": [["jump", "4K"]]}', r"round\.actions\[0\] must be"),
    ('{"start": {"decree": "2B", "hands": {"A": ["4K"], "B": ["8K"]}, "leader": "A"},'
     ' "theme": "tarot"}', "unknown theme"),
    ('{"start": {"decree": "2B", "hands": {"A": ["4K"], "B": ["8K"]}, "leader": "A"},'
     ' "theme": {"key": "zsa"}}', "unknown theme"),
    ('{"start": {"decree": "2B", "hands": {"A": ["4K"], "B": ["8K"]}, "leader": "A"},'
     ' "names": "AB"}', "names must be a list of two names"),
    ('{"start": {"decree": "2B", "hands": {"A": ["4K"], "B": ["4K"]}, "leader": "A"}}',
     "appears twice"),
])
def test_loading_a_bad_saved_round_names_what_is_wrong(text, message):
    with pytest.raises(FoxError, match=message):
        loads_round(text)


# ----------------------------------------------------------------------------- errors

def test_playing_a_card_not_held_is_rejected():
    rnd = make_round("2B", "4K 6K", "8K 10K")
    with pytest.raises(IllegalAction, match="A does not hold the 2 of Bells .it is the decree"):
        rnd.play("2B")
    with pytest.raises(IllegalAction, match="A does not hold the 1 of Moons"):
        rnd.play("1M")
    assert not rnd.can_play("8K") and rnd.can_play("4K")
    with pytest.raises(InvalidCard):
        rnd.play("14K")


def test_playing_after_the_round_is_over_is_rejected():
    rnd = make_round("2B", "4K", "8K")
    rnd.push(C("4K"))
    rnd.push(C("8K"))
    with pytest.raises(IllegalAction, match="The round is over"):
        rnd.play("4K")
    assert rnd.legal_moves() == [] and rnd.legal_cards() == []


def test_every_error_is_a_fox_error_and_a_value_error():
    for cls in (IllegalAction, InvalidCard, InvalidState):
        assert issubclass(cls, FoxError) and issubclass(cls, ValueError)


@pytest.mark.parametrize("changes, message", [
    ({"hands": {"A": ["4K", "2B"], "B": ["8K"]}}, "appears twice, in decree and in hands.A"),
    ({"deck": ["8K"]}, "appears twice, in hands.B and in deck"),
    ({"hands": {"A": ["4K", "6K"], "B": ["8K"]}}, "both hands should hold the same number"),
    ({"trick": ["6K"]}, "should hold one card fewer"),
    ({"trick": ["6K", "7K"]}, "holds at most the led card"),
    ({"tricks_won": {"A": 7, "B": 6}}, "13 tricks, but 13 are already won and 1 more remain"),
    ({"tricks_won": {"A": 14}}, "only 13 tricks"),
    ({"score": {"A": -1}}, r"score\.A must be a whole number"),
    ({"score": {"C": 1}}, "unknown player"),
    ({"leader": "C"}, "'C' is not a player"),
    ({"leader": True}, "True is not a player"),
    ({"decree": 9}, "decree must be a card"),
    ({"hands": ["4K"]}, "hands must be an object"),
])
def test_invalid_positions_are_rejected_with_the_reason(changes, message):
    obj = {"decree": "2B", "hands": {"A": ["4K"], "B": ["8K"]}, "leader": "A"}
    obj.update(changes)
    with pytest.raises(FoxError, match=message):
        read_position(obj)


def test_hands_of_more_than_13_cards_are_rejected():
    with pytest.raises(InvalidState, match="at most 13 cards"):
        read_position({"decree": "1B", "leader": "A", "hands": {
            "A": [str(c) for c in DECK[1:15]], "B": [str(c) for c in DECK[15:29]]}})


def test_a_position_with_both_hands_empty_is_a_finished_round():
    # Ruling: with no cards left the round is over; it is scored at once from tricks_won.
    rnd = make_round("2B", "", "", tricks_won={"A": 8, "B": 5}, score={"A": 10, "B": 3})
    assert rnd.is_over and rnd.round_end.points == (6, 2)
    assert rnd.score == [16, 5] and rnd.round_gain == [6, 2]


def test_position_json_round_trips():
    pos = deal(__import__("random").Random(4), 1, (3, 9))
    assert read_position(json.loads(json.dumps(pos.to_json()))) == pos


def test_illegal_play_reason_does_not_reveal_hidden_card_places():
    from foxlib import Card, IllegalAction, Position, Round
    rnd = Round(Position(Card("2M"), ([Card("4M")], [Card("9K")]), 0, deck=[Card("6B")]))
    for hidden in ("9K", "6B"):
        with pytest.raises(IllegalAction) as info:
            rnd.verify_play(hidden)
        assert "hand" not in str(info.value).split("hold")[1]
        assert "deck" not in str(info.value)
    with pytest.raises(IllegalAction, match="decree card"):
        rnd.verify_play("2M")
