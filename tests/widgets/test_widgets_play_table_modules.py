"""The play table with the Deluxe modules: Poison 8s and goal cards are chosen in place (the house
goals or the reader's own goal file; a bad file is refused with every problem listed and the
previous choice kept), the revealed goals are drawn, claims and Poison losses are told in the
engine's words in the log and the score line, undo works, a refused hint is said in plain words.
No event loop runs here, so the computer answers at once."""
from __future__ import annotations

import html
import json
import re

import pytest

from foxlib.core.errors import InvalidState
from foxlib.engine.goals import FORMAT, house_goals
from foxlib.words.goal_words import say_claim
from foxlib.engine.modules import BASE, Modules
from foxlib.io.inputs import loads_game
from widgets import PlayTable
from widgets.module_options import ModuleOptions

OWN = {"format": FORMAT, "id": "kitchen", "title": "Kitchen goals", "goals": [
    {"id": "k1", "title": "Moon walk", "source": "printed", "kind": "ongoing", "points": 1,
     "condition": {"event": "win_trick", "with": {"suit": "M"}}},
    {"id": "k2", "title": "Bell ringer", "source": "printed", "kind": "once", "points": 2,
     "condition": {"event": "take", "cards": {"suit": "B"}, "count": 3}},
]}


def text(widget_html: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", widget_html))


def upload(options, obj, name="mine.json"):
    data = obj if isinstance(obj, bytes) else (
        obj.encode() if isinstance(obj, str) else json.dumps(obj).encode())
    options.upload.load(name, data)


def play_round_to_the_end(pt):
    """The learner plays the first legal choice each time (through the widgets)."""
    for _ in range(200):
        rnd = pt.game.round
        if rnd.is_over:
            return
        if rnd.phase == "exchange":
            pt.keep_button.click()
        else:
            pt.hand.click(str(rnd.legal_actions()[0].card))
    raise AssertionError("the round did not end")


# ----------------------------------------------------------------------------- the options

def test_module_options_start_off_and_give_the_engine_s_modules():
    opts = ModuleOptions()
    assert opts.modules() == BASE
    opts.poison.value = True
    assert opts.modules() == Modules(poison=True)
    opts.goals.value = "house"
    assert opts.modules() == Modules.with_goals(house_goals(), poison=True)
    assert [v for _, v in opts.goals.options] == ["off", "house"]


def test_a_good_goal_file_becomes_the_own_choice():
    opts = ModuleOptions()
    seen = []
    opts.on_change(seen.append)
    upload(opts, OWN)
    assert opts.goals.value == "own" and opts.goal_set().title == "Kitchen goals"
    assert opts.modules().goal_file is not None and opts.modules().goals == ("k1", "k2")
    assert seen and seen[-1] == opts.modules()
    assert "mine.json: 2 goals loaded" in text(opts.report.html)


BAD_FILES = {
    "not JSON": (b'{"format": "fox-goals/1", "goals": [', ["The goal file"]),
    "not UTF-8": (b"\xff\xfe\x00{", ["not UTF-8 text"]),
    "wrong format": ({**OWN, "format": "fox-goals/9"}, ["format"]),
    "several bad fields": ({**OWN, "goals": [
        {**OWN["goals"][0], "points": "many"},
        {**OWN["goals"][1], "condition": {"event": "take", "cards": {"suit": "Z"}}},
        {**OWN["goals"][1], "id": "k3", "kind": "sometimes"}]},
        ["goal k1, points: must be a whole number of points",
         "goal k2, condition.cards.suit: must be a suit letter",
         "goal k3, kind: must be \"once\""]),
    "too big": (b" " * 600_000, ["too big"]),
}


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
def test_a_bad_goal_file_is_refused_in_place_and_the_previous_choice_kept(kind):
    data, expected = BAD_FILES[kind]
    opts = ModuleOptions()
    upload(opts, OWN, "good.json")
    opts.goals.value = "house"
    before = opts.modules()
    upload(opts, data, "bad.json")
    shown = text(opts.report.html)
    assert "bad.json cannot be used" in shown and "House goals" in shown
    for words in expected:
        assert words in shown, (words, shown)
    assert len(opts.problems) >= len(expected)
    assert "Traceback" not in shown
    assert opts.modules() == before and opts.goals.value == "house"
    assert opts.own.title == "Kitchen goals"          # the good file stays available


# ----------------------------------------------------------------------------- the table

def test_the_deluxe_button_shows_the_module_options():
    pt = PlayTable(seed=3)
    assert pt.modules_box.children == (pt.deluxe_button,) and pt.modules() == BASE
    pt.deluxe_button.click()
    assert pt.modules_box.children[0] is pt.options and pt.game.modules == BASE


def test_module_choices_apply_to_the_next_new_game():
    pt = PlayTable(seed=3)
    pt.options.poison.value = True
    pt.options.goals.value = "house"
    assert pt.game.modules == BASE
    assert "next new game will be played with Poison 8s and 16 goal cards" in pt.news
    pt.new_button.click()
    assert pt.game.modules.poison and len(pt.game.round.goals) == 2
    assert "Poison 8s and 16 goal cards" in text(pt.status.html)


def test_the_revealed_goals_are_drawn_as_goal_cards():
    pt = PlayTable(seed=4, poison=True, goals="house")
    shown = pt.table.goals.html
    for goal in pt.game.round.goals:
        assert f"\u201c{goal.title}\u201d" in html.unescape(shown)
    assert shown.count("<svg") == 2 and "HOUSE GOAL" in shown
    plain = PlayTable(seed=4)
    assert plain.table.goals.html == "" and plain.table.goals.layout.display == "none"


def test_a_floored_poison_loss_is_shown_in_the_score_line():
    pt = PlayTable(seed=12, poison=True, goals="house", level="random")
    play_round_to_the_end(pt)
    assert sum(t.floored for t in pt.game.round.tricks) == 2
    assert text(pt.table.scores.html).count("1 Poison point not lost: a score never goes "
                                            "below 0") == 2


def test_a_round_with_poison_and_goals_is_played_to_the_end_and_told_in_the_engine_s_words():
    pt = PlayTable(seed=13, poison=True, goals="house", level="random")
    play_round_to_the_end(pt)
    rnd = pt.game.round
    log = text(pt.table.events.html)
    claims = [c for t in rnd.tricks + [rnd.round_end] for c in getattr(t, "claims", ())]
    assert claims and any(t.lost for t in rnd.tricks)     # this deal has both to tell
    for claim in claims:
        assert say_claim(claim, pt.names, pt.game.theme) in log
    assert "Goal points this round" in log
    scores = text(pt.table.scores.html)
    assert scores.count("Poison 8s:") == 2 and scores.count("goals:") == 2
    lost = [sum(t.lost for t in rnd.tricks if t.winner == p) for p in (0, 1)]
    for p in (0, 1):
        assert (f"Poison 8s: {lost[p]} point" if lost[p] else "Poison 8s: nothing lost") in scores
    assert pt.next_button.layout.display == ""
    # the whole game goes on with the same modules
    pt.next_button.click()
    assert pt.game.round.modules == pt.game.modules and len(pt.game.round.goals) == 2


def test_poison_8s_are_drawn_as_poison_in_the_hand_when_on():
    pt = PlayTable(seed=5, poison=True)
    assert pt.hand.row.poison
    labels = [i["label"] for i in pt.hand.row._items]
    eights = [lab for lab in labels if lab.startswith("8 of")]
    assert all("a Poison 8" in lab for lab in eights)
    assert not PlayTable(seed=5).hand.row.poison


def test_undo_with_goals_takes_back_claims_and_scores():
    pt = PlayTable(seed=11, poison=True, goals="house")
    play_round_to_the_end(pt)
    ended = pt.game.round.score
    pt.undo_button.click()
    assert not pt.game.round.is_over
    rnd = pt.game.round
    assert rnd.round_end is None
    replay = loads_game(pt.game.dumps())
    assert replay == pt.game                       # saving works with the modules mid-round
    play_round_to_the_end(pt)
    assert pt.game.round.score == ended            # the same choices give the same claims


def test_an_own_goal_file_is_played_at_the_table_and_saved_with_the_game():
    pt = PlayTable(seed=6)
    upload(pt.options, OWN)
    pt.new_button.click()
    assert {g.id for g in pt.game.round.goals} == {"k1", "k2"}
    assert "GOAL CARD" in pt.table.goals.html
    play_round_to_the_end(pt)
    again = loads_game(pt.game.dumps())
    assert again == pt.game and again.modules.goal_file.title == "Kitchen goals"


def test_a_refused_hint_shows_the_engine_s_reason_in_plain_words(monkeypatch):
    import widgets.play_table as play_table

    def refuse(*_a, **_k):
        raise InvalidState("The hint cannot weigh goal cards yet.")

    pt = PlayTable(seed=8, poison=True, goals="house", sync=True)
    assert pt.game.round.to_play == 0          # the computer has already answered
    monkeypatch.setattr(play_table, "advise", refuse)
    said = pt.hint()
    assert said == "No hint this time: The hint cannot weigh goal cards yet."
    assert "No hint this time" in text(pt.status.html)


def test_hints_work_with_poison_8s():
    pt = PlayTable(seed=9, poison=True, sync=True)
    assert pt.game.round.to_play == 0          # the computer has already answered
    said = pt.hint()
    assert said and not said.startswith("No hint") and pt.last_hint is not None


def test_a_hint_with_goal_cards_is_advice_or_the_engine_s_refusal_never_an_error():
    pt = PlayTable(seed=9, poison=True, goals="house", sync=True)
    assert pt.game.round.to_play == 0          # the computer has already answered
    said = pt.hint()
    assert isinstance(said, str) and said
    assert said.startswith("No hint this time: ") or pt.last_hint is not None
    assert said in text(pt.status.html)
