"""The play table of lesson 15 with the Deluxe modules, in a real browser: Poison 8s and the
house goals are turned on at the table, a new game shows its two goal cards, and a few tricks
are played by clicking cards; a bad goal file chosen in the browser is refused in place. The
`page` fixture fails the test on console errors, failed requests and any request leaving this
machine."""
from __future__ import annotations

import json

LESSON = "15_play_the_computer.ipynb"


def _log_count(table) -> int:
    return table.locator(".fox-log li:not(.fox-empty)").count()


def _my_turn_or_over(table, timeout=20_000) -> str:
    """Wait until it is the learner's turn (or the round is over); say which."""
    status = table.locator(".fox-status").first
    status.filter(has_text="Your turn").or_(
        status.filter(has_text="is over.")).wait_for(timeout=timeout)
    return "over" if "is over." in status.inner_text() else "turn"


def test_poison_and_goals_are_turned_on_at_the_play_table_and_tricks_are_played(
        page, open_notebook, screenshot):
    open_notebook(LESSON, wait_for=".fox-play-table")
    table = page.locator(".fox-play-table")
    table.get_by_role("button", name="Deluxe modules: Poison 8s, goal cards").click()
    table.get_by_label("Poison 8s").check()
    table.get_by_text("The next new game will be played with Poison 8s").first.wait_for()
    table.get_by_label("Goal cards").select_option(label="House goals (16)")
    table.get_by_text("Poison 8s and 16 goal cards; this one stays").first.wait_for()
    table.get_by_role("button", name="New game").click()
    goals = table.locator("svg.fox-goal-svg")
    goals.first.wait_for()
    assert goals.count() == 2
    for i in range(2):
        assert goals.nth(i).get_attribute("aria-label").startswith("House goal \u201c")
    table.locator(".fox-status", has_text="Poison 8s and 16 goal cards").first.wait_for()
    eights = table.locator(".fox-card[aria-label*='8 of']")
    for i in range(eights.count()):
        assert "a Poison 8" in eights.nth(i).get_attribute("aria-label")

    tricks = table.locator(".fox-log li.fox-log-trick")
    for _ in range(40):
        if tricks.count() >= 3 or _my_turn_or_over(table) == "over":
            break
        before = _log_count(table)
        keep = table.get_by_role("button", name="Keep the decree card")
        if keep.is_visible():
            keep.click()
        else:
            table.locator(".fox-card.fox-clickable:not(.fox-dimmed)").first.click()
        page.wait_for_function(
            "([sel, n]) => document.querySelectorAll(sel).length > n",
            arg=[".fox-play-table .fox-log li:not(.fox-empty)", before], timeout=20_000)
    assert tricks.count() >= 3
    # Each trick is told in the engine's words; the score line names both modules.
    scores = table.locator(".fox-scores").inner_text()
    assert scores.count("Poison 8s:") == 2 and scores.count("goals:") == 2
    screenshot("play-table-poison-and-goals")


def test_a_bad_goal_file_chosen_in_the_browser_is_refused_in_place(page, open_notebook,
                                                                  screenshot, tmp_path):
    bad = {"format": "fox-goals/1", "id": "mine", "title": "Mine", "goals": [
        {"id": "g1", "title": "Moons", "source": "printed", "kind": "sometimes", "points": 2,
         "condition": {"event": "win_trick", "with": {"suit": "Z"}}}]}
    path = tmp_path / "my-goals.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    open_notebook(LESSON, wait_for=".fox-play-table")
    table = page.locator(".fox-play-table")
    table.get_by_role("button", name="Deluxe modules: Poison 8s, goal cards").click()
    table.get_by_label("Goal cards").select_option(label="House goals (16)")
    with page.expect_file_chooser() as chooser:
        table.get_by_role("button", name="Upload goal file").click()
    chooser.value.set_files(str(path))
    report = table.locator(".fox-module-problems")
    report.wait_for()
    head = table.get_by_text("my-goals.json cannot be used: 2 problems to correct").inner_text()
    assert "House goals (16)" in head
    items = report.inner_text()
    assert "goal g1, kind:" in items and "goal g1, condition.with.suit:" in items
    assert "Traceback" not in table.inner_text()
    assert table.get_by_label("Goal cards").input_value() == "House goals (16)"
    screenshot("play-table-bad-goal-file")
