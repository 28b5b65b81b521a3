"""The play table of lesson 15 with every Deluxe module, in a real browser: the nine special cards
are ticked (each shown with its face and our words), Poison 8s and the house goals are turned on,
and a whole round is played by clicking: cards of the hand, the Crown toggle when it is offered,
and the decision buttons the special cards bring (the Hammer's suit, the Fairy's cards, the
Shovel's dig, the Potion's cards). At the first such decision the Hint button advises it; when
the round is over, "Review this round" goes over the learner's decisions, special ones
included. The `page` fixture fails the test on console errors, failed requests and any request
leaving this machine."""
from __future__ import annotations

import re
import time

import pytest

from foxlib.engine.modules import SPECIAL_CARDS
from foxlib.words.narrator import DECISION_NAMES

LESSON = "15_play_the_computer.ipynb"
LOG = ".fox-play-table .fox-log li:not(.fox-empty)"


def _wait_for_turn_or_end(table, timeout=30_000) -> str:
    status = table.locator(".fox-status").first
    status.filter(has_text="Your turn").or_(
        status.filter(has_text="is over.")).wait_for(timeout=timeout)
    return "over" if "is over." in status.inner_text() else "turn"


def test_a_whole_round_with_every_module_is_played_by_clicking(page, open_notebook, screenshot):
    open_notebook(LESSON, wait_for=".fox-play-table")
    table = page.locator(".fox-play-table")
    table.get_by_role("button", name="Deluxe modules").click()
    table.get_by_label("Special cards", exact=True).check()
    table.get_by_text("2 of these cards into the deck, picked at random").first.wait_for()
    words = table.locator(".fox-special-list")
    assert words.locator("li").count() == len(SPECIAL_CARDS)
    assert "It beats any trump card and any special card" in words.inner_text()
    picker = table.locator(".fox-module-options .fox-card.fox-clickable")
    assert picker.count() == len(SPECIAL_CARDS)
    for i in range(len(SPECIAL_CARDS)):
        picker.nth(i).click()
        table.get_by_text(f"played with {i + 1} special card").first.wait_for()
    table.get_by_label("Poison 8s").check()
    table.get_by_label("Goal cards").select_option(label="House goals (16)")
    table.get_by_text("16 goal cards; this one stays").first.wait_for()
    table.get_by_role("button", name="New game").click()
    table.locator(".fox-status", has_text="special cards (Axe, Tree, Fairy, Crown, Mirror, "
                                          "Bow, Hammer, Potion, Shovel)").first.wait_for()
    # The status is drawn first, the table with its goal cards just after it.
    table.locator("svg.fox-goal-svg").nth(1).wait_for()
    assert table.locator("svg.fox-goal-svg").count() == 2

    hand = table.locator(".fox-hand .fox-card.fox-clickable:not(.fox-dimmed)")
    decisions = table.locator(".fox-decision button")
    crown = table.get_by_role("button", name="Play with the Crown")
    keep = table.get_by_role("button", name="Keep the decree card")
    used = set()
    for _ in range(120):
        if _wait_for_turn_or_end(table) == "over":
            break
        before = page.locator(LOG).count()
        if decisions.first.is_visible():
            if not any(u != "crown" for u in used):     # the first decision asked: a picture
                screenshot("play-table-special-decision")
                _hint(table)
            used.add(decisions.first.inner_text())
            decisions.first.click()
        elif keep.is_visible():
            keep.click()
        else:
            if crown.is_visible() and "crown" not in used:
                used.add("crown")
                crown.click()
                table.locator(".fox-hand .fox-card.fox-dimmed").first.wait_for()
            hand.first.click()
        page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length > n",
                               arg=[LOG, before], timeout=30_000)
    status = table.locator(".fox-status").first.inner_text()
    assert "The round is over." in status or "The game is over." in status
    assert table.get_by_role("button", name="Deal the next round").is_visible() or \
        "game is over" in status
    log = table.locator(".fox-log").inner_text()
    assert "Round over" in log and "Traceback" not in table.inner_text()
    assert table.locator(".fox-log li.fox-log-trick").count() >= 1
    screenshot("play-table-every-module-round-over")
    _review(table, special=any(u != "crown" for u in used))
    screenshot("play-table-special-review")


def _hint(table) -> None:
    """The Hint button at a special card's own decision: the strong player's choice and why."""
    table.get_by_role("button", name="Hint").click()
    said = table.locator(".fox-msg-hint").filter(has_not_text="Thinking")
    said.wait_for(timeout=60_000)
    text = said.inner_text()
    assert not text.startswith("No hint") and ": " in text, text
    if table.locator(".fox-decision button").count() > 1:
        # The numbers behind it (a lone choice has none: "the only legal choice").
        table.locator(".fox-detail", has_text="Worked out over").wait_for()
    else:
        assert "only" in text, text


def _review(table, special: bool) -> None:
    """'Review this round': every decision of the learner, then the summary box."""
    table.get_by_role("button", name="Review this round").click()
    start = time.perf_counter()
    table.locator(".fox-review-item").first.wait_for(timeout=60_000)
    print(f"\nspecial play table: first review record after {time.perf_counter() - start:.2f} s")
    announced = table.locator(".fox-review .fox-msg-info", has_text="Reviewing").inner_text()
    total = int(re.search(r"Reviewing .*?(\d+) decision", announced).group(1))
    box = table.locator(".fox-review-summary")
    box.wait_for(timeout=240_000)
    line = box.locator(".fox-review-summary-line").inner_text()
    assert line.startswith(("No big mistakes", "No mistakes")) or " lost about " in line, line
    items = table.locator(".fox-review-item")
    assert items.count() == total >= 10
    shown = table.locator(".fox-review-list").inner_text()
    assert "No review" not in shown and "Traceback" not in shown
    if special:     # a decision of a special card's own is reviewed under its name
        names = [DECISION_NAMES[k] for k in ("name_suit", "fairy_take", "dig", "potion_play")]
        assert any(f"your {name}" in shown for name in names), shown[:2000]
    assert "random picks still to come averaged" in shown or "did not settle" in shown


# ----------------------------------------------------------------------------------------
# A pending decision: the hand does not look playable
# ----------------------------------------------------------------------------------------

#: A page with a play table at the learner's Hammer decision (the suit to name): games with the
#: Hammer are dealt until the learner holds it, and the learner follows with it.
HAMMER_CELL = '''\
import random
from widgets import PlayTable


def at_the_hammers_decision():
    for seed in range(200):
        pt = PlayTable(seed=seed, special=["Hammer"], sync=True)
        rng = random.Random(seed)
        while not pt.game.round.is_over:
            rnd = pt.game.round
            acts = rnd.legal_actions()
            if any(a.kind == "name_suit" for a in acts):
                return pt
            hammer = [a for a in acts if a.kind == "play" and a.card.special == "Hammer"]
            other = [a for a in acts if a not in hammer]
            pt.decide(hammer[0] if hammer and rnd.trick else rng.choice(other or acts))
    raise AssertionError("no game gave the learner the Hammer's decision")


at_the_hammers_decision()
'''


@pytest.fixture(scope="module")
def hammer_page_dir(tmp_path_factory):
    import json
    root = tmp_path_factory.mktemp("hammer-decision")
    cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
            "source": HAMMER_CELL.splitlines(keepends=True)}
    notebook = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                            "language": "python"},
                             "language_info": {"name": "python"}}}
    (root / "hammer_decision.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return root


def test_a_hammer_decision_dims_the_hand_and_a_dimmed_card_does_nothing(
        page, voila_factory, open_notebook, screenshot, hammer_page_dir):
    server = voila_factory(hammer_page_dir)
    open_notebook("hammer_decision.ipynb", wait_for=".fox-play-table", server=server)
    table = page.locator(".fox-play-table")
    names = table.locator(".fox-decision button", has_text="Name ")
    names.first.wait_for()
    hand = table.locator(".fox-hand").filter(has=page.locator(".fox-card.fox-disabled"))
    hand.get_by_text("Waiting for you to name a suit for the Hammer").wait_for()
    cards = hand.locator(".fox-card")
    n = cards.count()
    assert n > 0 and hand.locator(".fox-card.fox-disabled.fox-dimmed").count() == n
    assert hand.locator(".fox-card.fox-clickable").count() == 0
    first = cards.first
    # Dimmed in the page (faded), announced as a button that is not available, never focused.
    opacity = float(first.evaluate("el => getComputedStyle(el).opacity"))
    assert opacity < 0.8, opacity
    assert first.evaluate("el => getComputedStyle(el).cursor") == "not-allowed"
    assert first.get_attribute("aria-disabled") == "true"
    assert first.get_attribute("role") == "button" and first.get_attribute("tabindex") is None
    assert "(not available now)" in first.get_attribute("aria-label")
    assert "Waiting for you to name a suit" in hand.locator("[role=group]").first \
        .get_attribute("aria-label")
    hand.scroll_into_view_if_needed()
    screenshot("play-table-hammer-decision-hand-dimmed", full_page=False)
    # A click on a dimmed card does nothing: no refusal, no play, the hand as it was.
    before_log = page.locator(LOG).count()
    codes = [cards.nth(i).get_attribute("data-card") for i in range(n)]
    first.click(force=True)
    page.wait_for_timeout(800)
    assert page.locator(LOG).count() == before_log
    assert [cards.nth(i).get_attribute("data-card") for i in range(cards.count())] == codes
    assert "No card of your hand" not in table.inner_text()
    assert names.count() >= 1
    # Naming a suit ends the wait: the hand is no longer disabled.
    names.first.click()
    page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length > n",
                           arg=[LOG, before_log], timeout=30_000)
    table.locator(".fox-hand .fox-card.fox-disabled").first.wait_for(state="detached",
                                                                      timeout=30_000)
    assert not table.get_by_text("Waiting for you to name a suit").is_visible()
