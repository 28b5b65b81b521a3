"""While a decision is pending that no card of a hand answers, the hand does not look playable:
every card is disabled (dimmed, not clickable, ``aria-disabled`` in the page, never focused)
and the hand says what the round waits for, in the narrator's words
(``foxlib.words.narrator.awaited``): the learner's suit for the Hammer, the Fairy's cards seen,
the Shovel's dig, and any decision of the other player (the Fox's exchange, the Potion, the
Fairy ...). Decisions made with cards of the hand keep those cards clickable. The play table,
the round player and the rules explorer show it the same way."""
from __future__ import annotations

import asyncio
import html
import re

import pytest

from foxlib import Card
from foxlib.words.narrator import PENDING, awaited
from scenario_helpers import make_round
from widgets import Hand, RoundPlayer, RulesExplorer
from test_widgets_play_table_special import hammer_table_after_lead, reach

#: The learner's decisions made without a card of the hand (buttons, the cards offered).
NOT_FROM_HAND = ("name_suit", "fairy_take", "dig")
#: The learner's decisions made with a card of the hand.
FROM_HAND = ("fairy_give", "potion_discard", "potion_play", "replace")


def text(widget_html: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget_html))


def assert_disabled(hand, words: str) -> None:
    row = hand.row
    assert row.cards and row.disabled == row.cards
    assert hand.awaited == words and words in text(hand.note.html)
    assert words in row.label                           # the row's name says it too
    for item in row._items:
        assert item["dimmed"] and not item["clickable"]
        assert item["disabled"] == row.interactive      # aria-disabled in a clickable row
        assert item["label"].endswith("(not available now)")
        assert words in item["title"]


def test_the_words_come_from_the_narrator_for_every_pending_decision():
    for kind, what in PENDING.items():
        assert awaited(kind, "You") == f"Waiting for you to {what}."
        assert awaited(kind, "Ann") == f"Waiting for Ann to {what}."
    assert awaited("name_suit", "You") == "Waiting for you to name a suit for the Hammer."


@pytest.mark.parametrize("kind", NOT_FROM_HAND)
def test_the_learners_hand_is_disabled_while_a_decision_without_its_cards_is_pending(kind):
    pt = reach(kind)
    rnd = pt.game.round
    assert rnd.phase == kind and rnd.to_play == 0
    assert_disabled(pt.hand, awaited(kind, "You", ": use the buttons for it"))
    before, clicks = pt.game.dumps(), pt.hand.row.clicks
    card = pt.hand.row.cards[0]
    pt.hand.click(card)                                           # a click does nothing
    pt.hand.row._handle_custom_msg({"event": "click", "card": card}, [])   # nor the browser's
    assert pt.game.dumps() == before and pt.hand.row.clicks == clicks
    assert pt.choice_buttons                                      # the buttons answer it
    pt.choice_buttons[0].click()
    assert not pt.hand.awaited or pt.game.round.phase != kind


@pytest.mark.parametrize("kind", FROM_HAND)
def test_a_decision_made_with_cards_of_the_hand_keeps_them_clickable(kind):
    pt = reach(kind)
    assert pt.game.round.phase == kind
    assert pt.hand.awaited == "" and pt.hand.row.disabled == []
    legal = {str(a.card) for a in pt.game.round.legal_actions() if a.kind == kind}
    clickable = {i["card"] for i in pt.hand.row._items if i["clickable"]}
    assert legal <= clickable


def test_the_learners_own_fox_exchange_keeps_the_hand_clickable():
    rnd = make_round("2B", "3M 9K 6B", "5K 8K 4B")
    rnd.names = ("You", "Ben")
    hand = Hand(rnd, 0)
    hand.click("3M")
    assert rnd.phase == "exchange" and hand.awaited == "" and hand.row.disabled == []
    assert "swap it with the decree card" in hand.status()


@pytest.mark.parametrize("kind", NOT_FROM_HAND + FROM_HAND)
def test_the_other_players_pending_decision_disables_the_hand_and_says_whose(kind):
    rnd = reach(kind).game.round.copy()
    rnd.names = ("Ann", "Ben")
    hand = Hand(rnd, 1)                 # Ben's seat: the round waits for Ann
    assert_disabled(hand, awaited(kind, "Ann"))
    assert f"waiting for Ann to {PENDING[kind]}" in hand.status()


def test_the_other_players_fox_exchange_disables_the_hand():
    rnd = make_round("2B", "5K 8K 4B", "3M 9K 6B", leader="B")
    rnd.names = ("You", "Computer")
    rnd.play("3M")
    assert rnd.phase == "exchange" and rnd.to_play == 1
    hand = Hand(rnd, 0)
    assert_disabled(hand, "Waiting for Computer to decide on the Fox's exchange.")
    rnd.exchange(None)
    hand.update()
    assert hand.awaited == "" and hand.row.disabled == []     # the learner's turn to follow


def test_a_play_of_the_other_player_leaves_the_hand_as_it_was():
    rnd = make_round("2K", "8M 4B 6K", "3M 10M 5B")
    hand = Hand(rnd, 1)                 # A is to lead: a click is refused with the reason
    assert hand.awaited == "" and hand.row.disabled == []
    hand.click("3M")
    assert "turn" in hand.message


def test_the_play_table_dims_the_hand_while_the_computer_names_a_suit():
    async def scenario():
        pt, rnd = hammer_table_after_lead()
        for _ in range(600):
            if rnd.phase == "name_suit" and rnd.to_play == 1:
                return pt.hand.awaited, list(pt.hand.row.disabled), list(pt.hand.row.cards)
            await asyncio.sleep(0.005)
        return None

    seen = asyncio.run(scenario())
    assert seen is not None
    words, disabled, cards = seen
    assert words == "Waiting for Computer to name a suit for the Hammer." and disabled == cards


def test_the_round_player_shows_the_pending_decision_on_the_board():
    rnd = reach("name_suit").game.round
    player = RoundPlayer(rnd)
    player.go(player.slider.max)        # the last step: the suit is still to be named
    assert player.round.phase == "name_suit"
    hand = player.table.hand
    assert_disabled(hand, "Waiting for you to name a suit for the Hammer.")
    assert not any(item["clickable"] for item in hand.row._items)


def test_the_explorer_disables_the_followers_cards_when_a_led_tree_picks_one():
    e = RulesExplorer(decree="4K", led="Tree", follower_hand="3M 6B 2K",
                      special=["Tree"])
    row = e.follower_row
    assert row.disabled == row.cards and not any(i["clickable"] for i in row._items)
    assert "The led Tree picks the follower's card at random" in text(e.follower_note.html)
    e.set(decree="4K", led="10M", follower_hand="3M 6B 2K")
    assert e.follower_row.disabled == []
