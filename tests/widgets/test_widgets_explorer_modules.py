"""The rules explorer with the Deluxe modules: the trick is played by the engine with Poison 8s
and the goals put on the table; what it says comes from the engine (claims in
``foxlib.words.goal_words.say_claim``'s words); a bad goal file is refused in place."""
from __future__ import annotations

import html
import json
import re

from foxlib.engine.goals import FORMAT
from foxlib.words.goal_words import say_claim
from widgets.explorer import RulesExplorer


def text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def test_the_explorer_starts_in_the_base_game_and_the_button_shows_the_module_options():
    ex = RulesExplorer()
    assert ex.round.modules.base and ex.modules() == ex.round.modules
    assert ex.modules_box.children == (ex.deluxe_button,)     # nothing more built yet
    ex.deluxe_button.click()
    assert ex.modules_box.children[0] is ex.options
    assert ex.module_row.layout.display == "none" and ex.goal_cards.html == ""
    ex.options.poison.value = True
    assert ex.round.modules.poison and ex.module_row.layout.display == ""


def test_poison_8s_in_the_trick_cost_the_winner_points_unless_at_0():
    ex = RulesExplorer(decree="2K", led="8M", follower_hand="3M 10M 5B 9K", followed="10M",
                       poison=True, scores=(4, 4))
    t = ex.trick
    assert (t.poison, t.lost, t.floored) == (1, 1, 0)
    shown = text(ex.result.html)
    assert "Poison 8s: 1 Poison 8 in the trick: Follower loses 1 point" in shown
    assert ex.leader_row._items[0]["label"] == "8 of Moons, a Poison 8 (selected)"
    ex.score_follower.value = 0
    assert (ex.trick.lost, ex.trick.floored) == (0, 1)
    assert "1 not lost: a score never goes below 0" in text(ex.result.html)


def test_goals_on_the_table_are_drawn_and_their_claims_said_in_the_engine_s_words():
    ex = RulesExplorer(decree="2K", led="8M", follower_hand="3M 10M 5B 9K", followed="10M",
                       goals="house", on_table=("moonlight", "swan-song"))
    assert ex.on_table() == ("moonlight", "swan-song")
    assert ex.goal_cards.html.count("<svg") == 2
    [claim] = ex.trick.claims
    assert claim.goal == "moonlight" and claim.player == 1
    assert say_claim(claim, ex.round.names, ex.round.theme) in text(ex.result.html)
    assert "met by Follower" in ex.goal_cards.html
    ex.goal_1.value = ""
    assert ex.trick.claims == () and "no goal on the table is met" in text(ex.result.html)


def test_turning_the_modules_off_gives_the_base_trick_back():
    ex = RulesExplorer(decree="2K", led="8M", follower_hand="3M 10M 5B 9K", followed="10M",
                       poison=True, goals="house")
    assert len(ex.on_table()) == 2          # the first two goals of the set by default
    ex.options.goals.value = "off"
    ex.options.poison.value = False
    assert ex.round.modules.base and ex.trick.poison is None and ex.goal_cards.html == ""
    assert "Poison" not in text(ex.result.html)


def test_an_uploaded_goal_file_offers_its_goals_and_a_bad_one_is_refused_in_place():
    ex = RulesExplorer(decree="2K", led="8M", follower_hand="3M 10M 5B 9K", followed="10M")
    good = {"format": FORMAT, "id": "mine", "title": "Mine", "goals": [
        {"id": "m1", "title": "Moon lover", "source": "printed", "kind": "once", "points": 2,
         "condition": {"event": "win_trick", "with": {"suit": "M"}}}]}
    ex.options.upload.load("mine.json", json.dumps(good).encode())
    assert ex.on_table() == ("m1",)
    assert [c.goal for c in ex.trick.claims] == ["m1"]
    bad = dict(good, goals=[dict(good["goals"][0], kind="twice", points=1.5)])
    ex.options.upload.load("bad.json", json.dumps(bad).encode())
    shown = text(ex.options.report.html)
    assert "bad.json cannot be used: 2 problems to correct" in shown
    assert "goal m1, kind:" in shown and "goal m1, points:" in shown
    assert ex.on_table() == ("m1",) and [c.goal for c in ex.trick.claims] == ["m1"]
