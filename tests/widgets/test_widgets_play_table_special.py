"""The play table with the Deluxe special cards: chosen in the Deluxe options (none, two at random,
or the cards ticked, each shown with its face and our words), every special decision of the
learner offered from the engine's legal actions and made with clicks (the Crown, the Hammer's
suit, the leader's new card after a Hammer, the Fairy's cards and gift, the Shovel's dig, the
Potion's discard and card to play), refusals said in the engine's words in the hand and the log,
undo of each decision, the hint with special cards, and whole rounds with every module against
each computer level. No event loop runs here, so the computer answers at once."""
from __future__ import annotations

import html
import random
import re

import pytest

from foxlib import THEMES, Action, Card
from foxlib.words.narrator import Narrator
from foxlib.engine.modules import SPECIAL_CARDS
from foxlib.players.levels import LEVELS
from widgets import PlayTable

ALL = list(SPECIAL_CARDS)
#: The special card whose play leads to each decision of the learner.
TRIGGER = {"name_suit": "Hammer", "fairy_take": "Fairy", "fairy_give": "Fairy", "dig": "Shovel",
           "potion_discard": "Potion", "potion_play": "Potion", "crown": "Crown"}


def text(widget_html: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget_html))


def click(pt, action) -> None:
    """Make ``action`` the way a learner does: a button, the offered cards, the Crown toggle and
    a card, the Fox's keep button, or a card of the hand."""
    kind, card = action.kind, action.card
    buttons = [b for b in pt.choice_buttons if b._fox_action == action]
    if kind in ("fairy_take", "potion_play") and card is not None:
        assert str(card) in pt.offer_row.cards
        pt.offer_row.click(str(card))
    elif buttons:
        buttons[0].click()
    elif kind == "crown":
        assert pt.crown_button.layout.display == ""
        pt.crown_button.value = True
        pt.hand.click(str(card))
    elif kind == "exchange" and card is None:
        pt.keep_button.click()
    else:
        assert kind in ("play", "exchange", "discard", "replace", "fairy_give",
                        "potion_discard"), kind
        if kind == "play":
            pt.crown_button.value = False
        pt.hand.click(str(card))


def pick(rnd, want, rng):
    """A legal action of the learner steering towards ``want`` (playing its special card when
    that may bring the decision), else a random one that keeps that card."""
    acts = rnd.legal_actions()
    trigger = TRIGGER.get(want)
    if want == "crown":
        plain = [a for a in acts if a.kind == "play" and a.card.special != "Crown"]
        return rng.choice(plain or acts)
    wanted = [a for a in acts if a.kind == "play" and a.card.special == trigger
              and (want != "name_suit" or rnd.trick)]
    if wanted:
        return wanted[0]
    keep = [a for a in acts if not (a.kind == "play" and a.card.special == trigger)]
    return rng.choice(keep or acts)


def reach(want, level="random", opponent=None, seeds=range(40)):
    """A play table (all special cards) where the learner has a ``want`` decision to make."""
    for seed in seeds:
        pt = PlayTable(seed=seed, special=ALL, level=level)
        if opponent is not None:
            pt.opponent = opponent
            pt._changed()
        rng = random.Random(seed)
        for _ in range(60):
            rnd = pt.game.round
            if rnd.is_over:
                break
            assert rnd.to_play == 0
            if any(a.kind == want for a in rnd.legal_actions()):
                return pt
            click(pt, pick(rnd, want, rng))
    raise AssertionError(f"no game in {seeds} gave the learner a {want} decision")


def hammer_lead_seed() -> int:
    """A seed whose game starts with the learner to lead and the Hammer in the computer's hand
    (the test is skipped if none of the first 80 does)."""
    for seed in range(80):
        rnd = PlayTable(seed=seed, special=["Hammer"]).game.round
        if rnd.to_play == 0 and not rnd.trick and Card("Hammer") in rnd.hands[1]:
            return seed
    pytest.skip("no game let the learner lead with the Hammer in the computer's hand")


def hammer_table_after_lead():
    """(table, round) of a play table (inside a running event loop) whose computer holds the
    Hammer and plays it at once, after the learner led a card without a decision of its own
    (not a 3, 5 or 11): the computer's Hammer decision is next."""
    pt = PlayTable(seed=hammer_lead_seed(), special=["Hammer"], opponent_delay=0.05)
    pt.opponent = HammerPlayer()
    rnd = pt.game.round
    lead = next(c for c in rnd.legal_cards() if c.rank not in (3, 5, 11))
    pt.hand.click(str(lead))
    return pt, rnd


class HammerPlayer:
    """A test opponent that follows with its Hammer whenever it may (naming Bells), else makes
    the first legal choice: it brings the leader's new card after a Hammer."""

    def choose(self, view):
        legal = list(view.legal)
        for a in legal:
            if a.kind == "play" and a.card.special == "Hammer" and view.trick:
                return a
        for a in legal:
            if a.kind == "name_suit":
                return a
        return legal[0]


# ----------------------------------------------------------------------------- the options

def test_special_cards_are_off_until_turned_on_and_then_two_are_picked_at_random():
    pt = PlayTable(seed=1)
    opts = pt.options
    assert not opts.special.value and not pt.modules().special
    opts.special.value = True
    assert opts.special_mode.value == "random"
    picks = {pt.modules(random.Random(s)).special for s in range(12)}
    assert all(len(p) == 2 and set(p) <= set(SPECIAL_CARDS) for p in picks)
    assert len(picks) > 1                       # a new pick each time, not a fixed pair
    assert pt.modules(random.Random(5)) == pt.modules(random.Random(5))


def test_each_special_card_is_shown_with_its_face_and_our_words():
    opts = PlayTable(seed=1).options
    opts.special.value = True
    words = text(opts.special_words.html)
    assert opts.special_cards.cards == ALL
    for name in SPECIAL_CARDS:
        assert name in words and Card(name).ability in words
        assert opts.special_cards.titles[name] == f"{name}: {Card(name).ability}"
    assert opts.special_cards.size == "small" and not opts.special_cards.face_down


def test_ticking_cards_chooses_exactly_those_cards():
    pt = PlayTable(seed=1)
    opts = pt.options
    assert not opts.special_cards.interactive      # hidden and not clickable while off
    opts.special.value = True
    opts.special_cards.click("Hammer")
    opts.special_cards.click("Bow")
    assert opts.special.value and opts.special_mode.value == "chosen"
    assert pt.modules().special == ("Bow", "Hammer")
    opts.special_cards.click("Bow")              # a second click unticks
    assert pt.modules().special == ("Hammer",)
    assert "Hammer" in text(opts.special_note.html)


def test_no_card_ticked_is_explained_in_place_and_plays_without_special_cards():
    pt = PlayTable(seed=1)
    opts = pt.options
    opts.special.value = True
    opts.special_mode.value = "chosen"
    assert opts.ticked() == ()
    assert "No special card is ticked" in text(opts.special_note.html)
    assert "No special card is ticked" in text(pt.status.html)
    assert pt.modules().special == ()
    pt.new_game()
    assert pt.game.modules.special == ()


def test_SC18_a_new_game_with_random_special_cards_names_them():
    """Our ruling SC18: both players are told which special cards are in the game, also when
    they were picked at random (the box shuffles them in unseen)."""
    from foxlib.words.narrator import SPECIAL_CARDS_TOLD
    pt = PlayTable(seed=2)
    pt.options.special.value = True
    pt.options.poison.value = True
    pt.new_game()
    picked = pt.game.modules.special
    assert len(picked) == 2
    status = text(pt.status.html)
    assert all(name in status for name in picked)
    assert "picked at random" not in status
    assert SPECIAL_CARDS_TOLD in text(pt.options.special_note.html)


def test_chosen_special_cards_are_dealt_into_the_game():
    pt = PlayTable(seed=3, special=["Crown", "Potion"])
    start = pt.game.round.start
    dealt = [c for c in [*start.hands[0], *start.hands[1], *start.deck, start.decree]
             if c.special]
    assert sorted(c.special for c in dealt) == ["Crown", "Potion"]
    assert "Crown, Potion" in text(pt.status.html)


# ----------------------------------------------------------------------------- each decision

def test_the_crown_is_offered_when_the_engine_allows_it_and_plays_the_card_with_it():
    pt = reach("crown")
    rnd = pt.game.round
    crowned = next(a for a in rnd.legal_actions() if a.kind == "crown")
    assert pt.crown_button.layout.display == ""
    click(pt, crowned)
    played = [r for r in rnd.history if r.kind == "play" and r.player == 0][-1]
    assert played.how == "crown" and played.card is crowned.card
    assert Card("Crown") not in rnd.hands[0]


def test_the_crown_toggle_dims_the_cards_the_engine_will_not_crown():
    pt = reach("crown")
    rnd = pt.game.round
    pt.crown_button.value = True
    allowed = {str(a.card) for a in rnd.legal_actions() if a.kind == "crown"}
    assert set(pt.hand.row.cards) - set(pt.hand.row.dimmed) == allowed
    assert "Crown" in pt.hand.row.dimmed          # the Crown is not played with itself


def test_the_hammer_offers_one_button_per_suit_the_engine_allows():
    pt = reach("name_suit")
    rnd = pt.game.round
    suits = [a for a in rnd.legal_actions() if a.kind == "name_suit"]
    labels = [b.description for b in pt.choice_buttons]
    assert labels == [f"Name {rnd.theme.suit_names[a.card]}" for a in suits]
    assert pt.decision_box.layout.display == ""
    pt.choice_buttons[1].click()
    hammer = next(r for r in reversed(rnd.history) if r.kind == "hammer")
    assert hammer.player == 0 and hammer.suit is suits[1].card
    assert "Hammer" in text(pt.table.events.html)


def test_the_decision_buttons_say_the_narrators_words_in_the_cards_chosen():
    pt = reach("name_suit")
    pt.theme.value = "zsa"
    rnd = pt.game.round
    voice = Narrator(pt.names, THEMES["zsa"])
    assert [b.description for b in pt.choice_buttons] == \
        [voice.action_words(a.kind, a.card, "button") for a in rnd.legal_actions()]
    assert [b.description for b in pt.choice_buttons] == \
        [f"Name {THEMES['zsa'].suit_names[a.card]}" for a in rnd.legal_actions()]


def test_the_keep_and_crown_buttons_say_the_narrators_words():
    pt = reach("crown")
    voice = Narrator()
    assert pt.crown_button.description == voice.action_words("crown", None, "button") == \
        "Play with the Crown"
    assert pt.keep_button.description == voice.action_words("exchange", None, "button") == \
        "Keep the decree card"


def test_the_keep_and_crown_buttons_tooltips_and_the_decision_prompt_are_the_narrators():
    pt = reach("name_suit")
    voice = Narrator(pt.names, pt.game.theme)
    assert pt.keep_button.tooltip == voice.action_words("exchange", None, "tip") == \
        "The Fox's other choice: swap nothing"
    assert pt.crown_button.tooltip == voice.action_words("crown", None, "tip")
    assert [b.tooltip for b in pt.choice_buttons] == \
        [voice.action_words(a.kind, a.card, "tip") for a in pt.game.round.legal_actions()]
    assert voice.prompt("name_suit") in pt.decision_note.html


def test_the_leader_plays_a_new_card_of_the_named_suit_after_a_hammer():
    pt = reach("replace", opponent=HammerPlayer())
    rnd = pt.game.round
    legal = {str(a.card) for a in rnd.legal_actions()}
    assert set(pt.hand.row.cards) - set(pt.hand.row.dimmed) == legal
    click(pt, rnd.legal_actions()[0])
    assert any(r.kind == "play" and r.how == "replace" and r.player == 0 for r in rnd.history)


def test_a_refused_new_card_after_a_hammer_is_said_in_the_engine_words_in_hand_and_log():
    pt = reach("replace", opponent=HammerPlayer(), seeds=range(80))
    rnd = pt.game.round
    legal = {a.card for a in rnd.legal_actions()}
    wrong = [c for c in rnd.hands[0] if c not in legal]
    if not wrong:
        pytest.skip("every card of the hand may be played after this Hammer")
    before = pt.game.dumps()
    with pytest.raises(Exception) as why:
        rnd.verify(Action("replace", wrong[0]))
    pt.hand.click(str(wrong[0]))
    assert pt.game.dumps() == before
    assert pt.hand.message == str(why.value)
    assert f"Not allowed: {why.value}" in text(pt.table.events.html)


def test_the_fairy_shows_the_cards_seen_and_takes_one_then_gives_a_card():
    pt = reach("fairy_take")
    rnd = pt.game.round
    offer = rnd.view(0).offer
    assert offer and pt.offer_row.cards == [str(c) for c in offer]
    assert "Take none" in [b.description for b in pt.choice_buttons]
    pt.offer_row.click(str(offer[0]))
    assert offer[0] in rnd.hands[0] and rnd.phase == "fairy_give"
    gift = sorted(rnd.hands[0])[0]
    pt.hand.click(str(gift))
    assert gift in rnd.hands[1] or gift in rnd.trick or any(
        r.kind == "gift" and r.card is gift for r in rnd.history)


def test_the_fairy_may_take_none():
    pt = reach("fairy_take")
    rnd = pt.game.round
    hand = sorted(rnd.hands[0])
    next(b for b in pt.choice_buttons if b.description == "Take none").click()
    fairy = next(r for r in reversed(rnd.history) if r.kind == "fairy")
    assert fairy.taken is None and sorted(rnd.hands[0]) == hand


@pytest.mark.parametrize("dig", [True, False])
def test_the_shovel_digs_or_not(dig):
    pt = reach("dig")
    rnd = pt.game.round
    (choice,) = [b for b in pt.choice_buttons if (b._fox_action.card is not None) == dig]
    assert choice.description.startswith("Dig" if dig else "Do not dig")
    choice.click()
    rec = next(r for r in reversed(rnd.history) if r.kind == "dig")
    assert (rec.card is not None) == dig


def test_the_potion_discards_from_the_hand_then_plays_one_of_the_drawn_cards():
    pt = reach("potion_discard")
    rnd = pt.game.round
    card = sorted(rnd.hands[0])[0]
    pt.hand.click(str(card))
    assert rnd.phase == "potion_play" and rnd.to_play == 0
    offer = rnd.view(0).offer
    assert pt.offer_row.cards == [str(c) for c in offer]
    assert [b.description for b in pt.choice_buttons] == [
        f"Play the {c.name(rnd.theme)}" for c in sorted(offer)]
    pt.offer_row.click(str(offer[-1]))
    assert any(r.kind == "play" and r.how == "potion" and r.card is offer[-1]
               for r in rnd.history)


# ----------------------------------------------------------------------------- undo

@pytest.mark.parametrize("kind", ["crown", "name_suit", "fairy_take", "fairy_give", "dig",
                                  "potion_discard", "potion_play"])
def test_undo_takes_back_each_special_decision(kind):
    pt = reach(kind)
    before = pt.game.dumps()
    action = next(a for a in pt.game.round.legal_actions() if a.kind == kind)
    click(pt, action)
    assert pt.game.dumps() != before
    pt.undo_button.click()
    assert pt.game.dumps() == before
    assert any(a.kind == kind for a in pt.game.round.legal_actions())


def test_undo_of_the_new_card_after_a_hammer_keeps_the_opponent_hammer():
    pt = reach("replace", opponent=HammerPlayer())
    before = pt.game.dumps()
    click(pt, pt.game.round.legal_actions()[0])
    pt.undo()
    assert pt.game.dumps() == before and pt.game.round.phase == "replace"


def test_undo_brings_back_the_same_random_card_when_the_shovel_digs_again():
    pt = reach("dig")
    dig = next(b for b in pt.choice_buttons if b._fox_action.card is not None)
    action = dig._fox_action
    dig.click()
    first = next(r for r in reversed(pt.game.round.history) if r.kind == "dig").card
    pt.undo()
    click(pt, action)
    assert next(r for r in reversed(pt.game.round.history) if r.kind == "dig").card is first


# ----------------------------------------------------------------------------- hints

@pytest.mark.parametrize("want", ["crown", "name_suit", "replace", "fairy_take", "fairy_give",
                                  "dig", "potion_discard", "potion_play"])
def test_the_hint_button_advises_each_special_decision_in_the_engines_words(want):
    pt = reach(want, opponent=HammerPlayer() if want == "replace" else None)
    rnd = pt.game.round
    pt.hint_button.click()
    advice = pt.last_hint
    assert advice is not None, text(pt.status.html)
    assert advice.action in rnd.legal_actions() and advice.kind == rnd.phase
    said = text(pt.status.html)
    assert advice.text.split(":")[0] in said and "Traceback" not in said
    assert not said.startswith("No hint")
    if not advice.forced:       # the numbers: every choice's estimate, best first
        assert " ".join(advice.choices_text.split()) in " ".join(said.split())


def test_the_hint_advises_a_plain_turn_in_a_round_with_special_cards():
    pt = PlayTable(seed=4, special=["Bow", "Mirror"], level="random")
    rng = random.Random(4)
    while not (pt.game.round.phase == "play" and len(pt.game.round.legal_actions()) > 1):
        click(pt, rng.choice(pt.game.round.legal_actions()))
    rnd = pt.game.round
    said = pt.hint()
    assert not said.startswith("No hint")
    assert pt.last_hint.action in rnd.legal_actions()


# ----------------------------------------------------------------------------- whole rounds

@pytest.mark.parametrize("level", [pytest.param(level, marks=pytest.mark.slow)
                                   if level == "strong" else level for level in LEVELS])
def test_a_whole_round_with_every_module_is_played_with_clicks_against_each_level(level):
    pt = PlayTable(seed=11, level=level, special=ALL, poison=True, goals="house")
    assert pt.game.modules.poison and pt.game.modules.goals
    rng = random.Random(11)
    made = []
    for _ in range(200):
        rnd = pt.game.round
        if rnd.is_over:
            break
        assert rnd.to_play == 0           # the computer has made every decision of its own
        action = rng.choice(rnd.legal_actions())
        made.append(action.kind)
        click(pt, action)
    rnd = pt.game.round
    assert rnd.is_over and rnd.round_end is not None
    assert "fox-goal" in pt.table.goals.html
    assert any(c.special for t in rnd.tricks for c in t.cards)
    assert sum(rnd.tricks_won) == len(rnd.tricks)
    log = text(pt.table.events.html)
    assert "Round over" in log
    assert text(pt.status.html).count("Round over") >= 1


def test_the_review_of_a_round_with_special_cards_judges_every_decision_of_the_learner():
    from foxlib.teaching.review import ReviewSettings, decision_count
    pt = PlayTable(seed=5, special=["Bow", "Hammer"], level="random")
    pt.review.settings = ReviewSettings(samples=6)
    rng = random.Random(5)
    while not pt.game.round.is_over:
        click(pt, rng.choice(pt.game.round.legal_actions()))
    pt.review.button.click()
    assert pt.review.wait(120)
    rnd = pt.game.round
    records = pt.review.records
    assert len(records) == decision_count(rnd, 0) == len(pt.review.items.children)
    said = text(pt.review.summary.html)
    assert "fox-review-summary" in pt.review.summary.html and "No review" not in said
    assert pt.review.summary_text in said
    assert all(r.played in [c.action for c in r.choices] for r in records)
    shown = text(pt.review.items.children[-1].html)
    assert records[-1].reason in shown and "Traceback" not in shown


def test_a_hand_card_clicked_when_a_suit_must_be_named_is_refused_in_plain_words():
    pt = reach("name_suit")
    before = pt.game.dumps()
    card = str(sorted(pt.game.round.hands[0])[0])
    # The card cannot be clicked (disabled: tests/widgets/test_pending_decisions.py) ...
    pt.hand.click(card)
    assert pt.game.dumps() == before
    # ... and the hand refuses it all the same, in plain words, if it is asked.
    assert not pt.hand.try_card(card)
    assert pt.game.dumps() == before
    assert pt.hand.message.startswith("No card of your hand is chosen now: your Hammer: name a "
                                      "suit")


def test_the_computer_makes_each_special_decision_after_its_pause_on_the_event_loop():
    import asyncio
    async def scenario():
        pt, rnd = hammer_table_after_lead()
        seen = []
        for _ in range(600):
            seen.append((rnd.phase, rnd.to_play, pt.thinking))
            if any(r.kind == "hammer" for r in rnd.history):
                break
            await asyncio.sleep(0.005)
        return seen, rnd

    seen, rnd = asyncio.run(scenario())
    assert any(r.kind == "hammer" and r.player == 1 for r in rnd.history)
    # Naming the suit waited for the computer's pause, like its plays.
    assert ("name_suit", 1, True) in seen
