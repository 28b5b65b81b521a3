"""A game against the computer: clicks go through the engine, the opponent answers, undo works,
hidden cards stay hidden. The opponent answers at once here (no event loop runs in tests)."""
import asyncio
import html
import json

import pytest

from foxlib import THEMES, Action, FoxError
from foxlib.players.levels import LEVELS, make_player
from foxlib.io.inputs import read_position
from widgets import PlayTable, strongest_level


def status(pt):
    return html.unescape(pt.status.html)


def learner_step(pt):
    """Make one decision for the learner the simple way (first legal choice)."""
    rnd = pt.game.round
    if rnd.is_over:
        pt.next_button.click()
    elif rnd.phase == "exchange":
        pt.keep_button.click()
    else:
        pt.hand.click(str(rnd.legal_actions()[0].card))


def advance_until(pt, wanted, limit=400):
    for _ in range(limit):
        if wanted(pt):
            return pt
        if pt.game.is_over:
            break
        learner_step(pt)
    pytest.skip("the wanted situation did not come up in this game")


def plain_lead(pt):
    rnd = pt.game.round
    return (rnd.to_play == 0 and rnd.phase == "play" and not rnd.trick and
            any(c.rank not in (3, 5) for c in rnd.legal_cards()))


def must_follow(pt):
    rnd = pt.game.round
    return rnd.to_play == 0 and rnd.phase == "play" and rnd.trick and \
        len(rnd.legal_cards()) < len(rnd.hands[0])


@pytest.fixture
def table():
    return PlayTable(seed=7)


def test_learner_plays_a_legal_card_and_the_opponent_replies(table):
    advance_until(table, plain_lead)
    rnd = table.game.round
    card = next(c for c in rnd.legal_cards() if c.rank not in (3, 5))
    tricks = len(rnd.tricks)
    table.hand.click(str(card))
    assert len(rnd.tricks) == tricks + 1
    trick = rnd.tricks[tricks]
    assert trick.cards[0] is card and trick.leader == 0
    assert trick.reason in html.unescape(table.table.trick_area.html)


def test_the_status_says_what_the_learners_turn_asks_for_and_a_lead_is_told_once(table):
    """After the computer leads, the status line asks to follow that card; the lead itself is
    told in the log, not repeated in the news above the table."""
    advance_until(table, lambda p: p.game.round.to_play == 0 and p.game.round.phase == "play"
                  and p.game.round.trick and p.game.round.history[-1].kind == "play")
    led = table.game.round.trick[0]
    shown = status(table)
    assert f"Your turn: follow the {led.label()}." in shown
    said = f"Computer leads the {led.label()}."
    assert said not in shown and said in html.unescape(table.table.events.html)
    advance_until(table, plain_lead)
    assert "Your turn: lead a card." in status(table)


def test_clicking_an_illegal_card_shows_the_engine_reason_and_changes_nothing(table):
    advance_until(table, must_follow)
    rnd = table.game.round
    before = table.game.dumps()
    card = next(c for c in rnd.hands[0] if c not in rnd.legal_cards())
    with pytest.raises(FoxError) as why:
        rnd.verify_play(card)
    table.hand.click(str(card))
    assert table.game.dumps() == before
    assert table.hand.message == str(why.value)
    assert str(why.value) in html.unescape(table.hand.note.html)


def test_illegal_cards_are_dimmed_in_the_learner_hand(table):
    advance_until(table, must_follow)
    rnd = table.game.round
    assert sorted(table.hand.row.dimmed) == sorted(
        str(c) for c in rnd.hands[0] if c not in rnd.legal_cards())


def test_undo_takes_back_the_learner_move_and_the_opponent_answer(table):
    advance_until(table, plain_lead)
    before = table.game.dumps()
    card = next(c for c in table.game.round.legal_cards() if c.rank not in (3, 5))
    table.hand.click(str(card))
    assert table.game.dumps() != before
    table.undo_button.click()
    assert table.game.dumps() == before
    assert table.game.round.to_play == 0


def test_undo_twice_goes_back_two_decisions(table):
    advance_until(table, plain_lead)
    first = table.game.dumps()
    learner_step(table)
    learner_step(table)
    table.undo()
    table.undo()
    assert table.game.dumps() == first


def test_undo_with_nothing_to_undo_says_so():
    for seed in range(20):
        pt = PlayTable(seed=seed)
        if not any(r.kind == "play" and r.player == 0 for r in pt.game.round.history):
            break
    assert pt.undo_button.disabled
    assert pt.undo() is False and "nothing of yours to undo" in status(pt)


def test_new_game_resets_everything(table):
    for _ in range(10):
        learner_step(table)
    old = table.game
    table.new_button.click()
    assert table.game is not old and len(table.game.rounds) == 1
    rnd = table.game.round
    learner_plays = [r for r in rnd.history if r.kind == "play" and r.player == 0]
    assert learner_plays == [] and rnd.tricks == [] and rnd.score == [0, 0]
    assert "New game" in status(table)


def test_the_opponent_hand_and_the_deck_are_never_shown(table):
    for _ in range(60):
        rnd = table.game.round
        if rnd.to_play == 0:
            view = rnd.view(0)
            secret = set(view.unseen_cards()) - set(view.my_discards)
            state = json.dumps([w.get_state() for w in widget_tree(table)])
            for card in secret:
                assert f"<title>{card.label()}</title>" not in state, card
                assert f'aria-label="{card.label()}"' not in state, card
            assert len(table.table.opponent_hand.row._items) == len(rnd.hands[1])
        learner_step(table)


def widget_tree(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widget_tree(child)


def test_a_round_ends_with_the_engine_summary_and_the_next_round_button():
    pt = advance_until(PlayTable(seed=3), lambda p: p.game.round.is_over)
    rnd = pt.game.round
    assert rnd.round_end.reason in status(pt)
    assert ("Game over" if pt.game.is_over else "Round over.") in status(pt)
    if not pt.game.is_over:
        assert pt.next_button.layout.display == ""
        pt.next_button.click()
        assert len(pt.game.rounds) == 2 and pt.next_button.layout.display == "none"


def test_a_whole_game_ends_with_the_winner_and_the_reason():
    pt = PlayTable(seed=11, target=16)
    advance_until(pt, lambda p: p.game.is_over, limit=2000)
    over, winner, why = pt.game.result()
    assert over and why in status(pt)
    expected = ("Game over: a draw." if winner == "draw" else
                {0: "Game over: you win.", 1: "Game over: Computer wins."}[winner])
    assert expected in status(pt)
    assert pt.next_button.layout.display == "none"
    before = pt.game.dumps()
    pt.hand.click(pt.hand.row.cards[0]) if pt.hand.row.cards else None
    assert pt.game.dumps() == before


def test_fox_prompt_offers_to_keep_the_decree():
    for seed in range(40):
        pt = PlayTable(seed=seed)
        rnd = pt.game.round
        fox = [c for c in rnd.legal_cards() if c.rank == 3] if rnd.to_play == 0 else []
        if fox:
            break
    else:
        pytest.skip("no seed gave the learner a Fox to lead")
    decree = rnd.decree
    pt.hand.click(str(fox[0]))
    assert rnd.phase == "exchange" and pt.keep_button.layout.display == ""
    assert "Fox" in html.unescape(pt.hand.note.html)
    pt.keep_button.click()
    assert pt.keep_button.layout.display == "none"
    assert any(r.kind == "exchange" and r.player == 0 and r.taken is None
               for r in rnd.history)
    assert rnd.history[[r.kind for r in rnd.history].index("exchange")].old_decree is decree


def test_hint_shows_the_suggested_play_and_why_in_plain_words(table):
    advance_until(table, lambda p: p.game.round.to_play == 0)
    rnd = table.game.round
    text = table.hint()
    advice = table.last_hint
    assert text == advice.text and text in status(table)
    assert "fox-msg-hint" in table.status.html
    assert advice.action in [a.card for a in rnd.legal_actions()]
    assert text.startswith(("Play the ", "Keep the decree", "Swap the ", "Put the "))
    assert ": it " in text                          # the reason follows the suggestion
    assert advice.detail and advice.detail in status(table)


def test_a_hint_at_a_treasure_trick_says_it_wins_the_treasure():
    from foxlib import Position, Round
    pt = PlayTable(seed=1)
    # The game's current round replaced by a late-round position: A (the learner) follows a 7.
    rnd = Round(read_position({"decree": "2K", "hands": {"A": ["10M", "4M"], "B": ["2B"]},
                                    "leader": "B", "trick": ["7M"],
                                    "tricks_won": {"A": 6, "B": 5}}), pt.names, pt.game.round.theme)
    pt.game.rounds[-1] = rnd
    pt._draw()
    text = pt.hint()
    assert text.startswith("Play the 10 of Moons: it wins the Treasure")


def test_hint_buttons_is_disabled_when_it_is_not_the_learner_turn(table):
    advance_until(table, lambda p: p.game.round.is_over)
    assert table.hint_button.disabled


def test_strongest_level_is_a_known_level():
    assert strongest_level() in LEVELS
    make_player(strongest_level(), 1)


def test_level_choice_lists_every_level_and_switches_the_opponent(table):
    assert [v for _, v in table.level.options] == list(LEVELS)
    for level in LEVELS:
        table.level.value = level
        assert isinstance(table.opponent, LEVELS[level])


def test_theme_choice_redraws_the_cards_with_the_other_suit_names(table):
    table.theme.value = "zsa"
    labels = " ".join(i["label"] for i in table.hand.row._items)
    assert any(name in labels for name in THEMES["zsa"].suit_names)
    assert not any(name in labels for name in THEMES["classic"].suit_names)
    assert table.game.round.theme is THEMES["zsa"]


def _log_lines(pt):
    return [html.unescape(li) for li in pt.table.events.html.split("<li")[1:]]


def test_switching_theme_mid_round_tells_the_earlier_events_in_the_new_suits(table):
    advance_until(table, lambda p: len(p.game.round.tricks) >= 3 and p.game.round.to_play == 0
                  and p.game.round.trick)           # the computer has just led
    old, new = THEMES["classic"].suit_names, THEMES["zsa"].suit_names
    before = _log_lines(table)
    assert len(before) >= 9 and any(name in " ".join(before) for name in old)
    shown = status(table)       # 'Your turn: follow the ...': the computer's last card
    assert "Your turn: follow the " in shown and any(name in shown for name in old)
    table.theme.value = "zsa"
    after = _log_lines(table)
    assert len(after) == len(before)
    # every line that named a suit now names the same suit in the new theme, and only there
    for was, now in zip(before, after):
        for name_old, name_new in zip(old, new):
            assert was.count(name_old) == now.count(name_new)
        assert not any(name in now for name in old)
    assert not any(name in status(table) for name in old)
    assert any(name in status(table) for name in new)
    trick = table.game.round.tricks[0]
    first = next(line for line in after if f"Trick {trick.number}:" in line)
    assert f"{new[trick.decree.suit]} are trump." in first


def test_a_refusal_is_said_again_in_the_new_suits_after_a_theme_switch(table):
    advance_until(table, must_follow)
    rnd = table.game.round
    wrong = next(c for c in rnd.hands[0] if c not in rnd.legal_cards())
    table.hand.click(str(wrong))
    led_suit = rnd.trick[0].suit
    assert f"follow {THEMES['classic'].suit_names[led_suit]}" in table.hand.message
    table.theme.value = "zsa"
    assert f"follow {THEMES['zsa'].suit_names[led_suit]}" in table.hand.message
    assert table.hand.message in html.unescape(table.hand.note.html)


def test_target_choice_applies_to_the_next_new_game(table):
    table.target.value = 35
    assert table.game.target == 21 and "35" in status(table)
    table.new_button.click()
    assert table.game.target == 35


def test_bad_level_or_target_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="random"):
        PlayTable(level="grandmaster")
    with pytest.raises(ValueError, match="16"):
        PlayTable(target=20)


def test_with_an_event_loop_the_opponent_answers_later_without_blocking():
    async def scenario():
        pt = PlayTable(seed=7, opponent_delay=0.01)
        for _ in range(200):                      # let the computer lead if it must
            if pt.game.round.to_play == 0:
                break
            await asyncio.sleep(0.01)
        rnd = pt.game.round
        card = next((c for c in rnd.legal_cards() if c.rank not in (3, 5)), None)
        if card is None or rnd.trick:
            return None
        pt.hand.click(str(card))
        answered_at_once = rnd.to_play == 0
        thinking = pt.thinking
        for _ in range(500):
            if rnd.to_play == 0 or rnd.is_over:
                break
            await asyncio.sleep(0.01)
        return answered_at_once, thinking, rnd.to_play, len(rnd.tricks)

    result = asyncio.run(scenario())
    if result is None:
        pytest.skip("the first lead of this game needs a decision")
    answered_at_once, thinking, to_play, tricks = result
    assert not answered_at_once and thinking
    assert tricks >= 1


def test_woodcutter_prompt_asks_for_a_discard_and_takes_a_clicked_card():
    for seed in range(60):
        pt = PlayTable(seed=seed)
        rnd = pt.game.round
        wood = [c for c in rnd.legal_cards() if c.rank == 5] if rnd.to_play == 0 else []
        if wood and rnd.deck:
            break
    else:
        pytest.skip("no seed gave the learner a Woodcutter to lead")
    pt.hand.click(str(wood[0]))
    assert rnd.phase == "discard" and rnd.to_play == 0
    assert "Woodcutter drew a card" in html.unescape(pt.hand.note.html)
    drawn = rnd.history[-1].card
    assert str(drawn) in pt.hand.row.cards          # the learner sees the card drawn
    pt.hand.click(str(drawn))
    assert rnd.deck[-1] is drawn and rnd.phase == "play"
    assert any(r.kind == "discard" and r.player == 0 for r in rnd.history)


def test_clicking_while_the_computer_is_to_move_is_refused():
    async def scenario():
        pt = PlayTable(seed=7, opponent_delay=5)
        rnd = pt.game.round
        if rnd.to_play != 1:
            card = next(c for c in rnd.legal_cards() if c.rank not in (3, 5))
            pt.hand.click(str(card))
        if rnd.to_play != 1:
            return None
        before = pt.game.dumps()
        pt.hand.click(pt.hand.row.cards[0])
        return before == pt.game.dumps(), pt.hand.message, pt.thinking

    result = asyncio.run(scenario())
    if result is None:
        pytest.skip("the computer was not to move")
    unchanged, why, thinking = result
    assert unchanged and thinking and "Computer's turn, not yours" in why


class BrokenPlayer:
    """A computer player with a bug: it always names a card it does not hold."""

    def choose(self, view):
        return Action(view.phase, next(c for c in view.unseen_cards() if c not in view.choices))


def test_a_computer_player_bug_does_not_freeze_the_game():
    pt = advance_until(PlayTable(seed=7), plain_lead)
    pt.opponent = BrokenPlayer()
    rnd = pt.game.round
    tricks = len(rnd.tricks)
    pt.hand.click(str(next(c for c in rnd.legal_cards() if c.rank not in (3, 5))))
    assert len(rnd.tricks) == tricks + 1          # the computer still answered
    assert "computer player failed" in status(pt)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_against_the_learner(level):
    pt = PlayTable(level, seed=5)
    advance_until(pt, lambda p: len(p.game.round.tricks) >= 2)
    assert isinstance(pt.opponent, LEVELS[level])
    assert any(r.kind == "play" and r.player == 1 for r in pt.game.round.history)


def test_hint_with_an_event_loop_arrives_later_and_keeps_the_page_free():
    async def scenario():
        pt = PlayTable(seed=7, opponent_delay=0.01)
        for _ in range(300):
            if pt.game.round.to_play == 0 and not pt.thinking:
                break
            await asyncio.sleep(0.01)
        returned = pt.hint()
        waiting = status(pt)
        for _ in range(3000):
            if "Thinking about a hint" not in status(pt):
                break
            await asyncio.sleep(0.01)
        return returned, waiting, pt.status.html

    returned, waiting, final = asyncio.run(scenario())
    assert returned is None and "Thinking about a hint" in waiting
    assert "Thinking about a hint" not in final and "fox-msg-hint" in final
