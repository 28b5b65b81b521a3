"""'Review this round' in a real browser: the button starts the review, the decisions appear
one by one while the page stays usable, and the summary line ends it.

Uses lesson 11 (its recorded round, in the round player) and the test-only page
tests/browser/notebooks/review_demo.ipynb (a play table whose first round is over).
"""
import re
import time
from pathlib import Path

TEST_NOTEBOOKS = Path(__file__).parent / "notebooks"
SUMMARY = ("No big mistakes", "No mistakes")


def open_review(scope, page):
    """Click 'Review this round' in ``scope``; return the seconds until the first decision and
    the number of decisions the panel announced ("Reviewing your 16 decisions...")."""
    scope.get_by_role("button", name="Review this round").click()
    start = time.perf_counter()
    scope.locator(".fox-review-item").first.wait_for(timeout=30_000)
    seconds = time.perf_counter() - start
    announced = scope.locator(".fox-review .fox-msg-info", has_text="Reviewing").inner_text()
    return seconds, int(re.search(r"Reviewing .*?(\d+) decision", announced).group(1))


def wait_for_summary(scope, timeout=120_000):
    """Wait for the review's summary box, which appears only once the review has ended (a text
    match would not do: the play table's own round-end message may hold the same words), and
    return its one-line summary."""
    box = scope.locator(".fox-review-summary")
    box.wait_for(timeout=timeout)
    line = box.locator(".fox-review-summary-line").inner_text()
    assert line.startswith(SUMMARY) or " lost about " in line, line
    assert "Mistake" in box.inner_text()      # the box says what the marks mean
    return line


def test_lesson_11_round_player_reviews_the_recorded_round(page, open_notebook, screenshot):
    open_notebook("11_a_full_round.ipynb", wait_for=".fox-round-player")
    player = page.locator(".fox-round-player")
    first, total = open_review(player, page)
    print(f"\nlesson 11: first review record in the page after {first:.2f} s")
    # the page stays usable while the review runs: the round player still steps
    player.get_by_role("button", name="Forward").click()
    player.get_by_text("Step 1 of").wait_for()
    wait_for_summary(player)
    items = player.locator(".fox-review-item")
    assert items.count() == total >= 10
    assert "Ann" in items.first.inner_text()
    details = player.locator(".fox-review-item details").last
    details.locator("summary").click()
    details.get_by_text("with all cards known").first.wait_for()
    screenshot("lesson-11-review")


def test_play_table_reviews_a_finished_round(page, voila_factory, open_notebook, screenshot):
    server = voila_factory(TEST_NOTEBOOKS)
    open_notebook("review_demo.ipynb", server=server, wait_for=".fox-play-table")
    table = page.locator(".fox-play-table")
    table.get_by_text("Round over.").first.wait_for()
    first, total = open_review(table, page)
    print(f"\nplay table: first review record in the page after {first:.2f} s")
    wait_for_summary(table)
    assert table.locator(".fox-review-item").count() == total >= 10
    assert table.get_by_text("your play").count() >= 1
    screenshot("play-table-review")
