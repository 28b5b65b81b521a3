"""The static site (make site): every page served by a plain static server, its Python running in
headless Chromium (Pyodide), with no request leaving the host and no console error.

The site is built once per checkout state: ``make site SITE_ARGS=--if-stale`` rebuilds only when
something it is built from changed (tools/site/make_site.py's ``build-inputs`` stamp), so a second
``make test`` reuses it. Then a real static server (``python3 -m http.server``) serves ``site/``.

Checked: the contents page links every page, and each link leads to a page that exists; every
page runs to its end with no cell error; a learner answers a lesson's exercises wrong then right
and the contents page then offers to continue there; a puzzle is answered wrong, then right;
the play table plays a move against the strongest computer player and gives a hint.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench_site import StaticServer  # tools/load/ (conftest puts it on the path)
from conftest import CELL_ERROR_SELECTOR, REPO_ROOT  # tests/browser/conftest.py
from test_lesson_walk_browser import TOP_LEVEL, walk_activities
from test_puzzles_browser import APP, choose, hand_card, wait_feedback

sys.path.insert(0, str(REPO_ROOT / "tests" / "helpers"))
from lesson_walk import lesson_activities  # noqa: E402
from widgets.home import LESSONS  # noqa: E402

SITE = REPO_ROOT / "site"
NOTEBOOKS = sorted(p.stem for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))
#: The browser's Python starts on every page: slower than a server's warm kernel.
SITE_TIMEOUT = 120_000
#: Voici hides its "Executing cell N of M" spinner once every cell has run.
DONE = "#rendered_cells"
LOADING = "#loading"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def static_site():
    built = subprocess.run(["make", "site", "SITE_ARGS=--if-stale"], cwd=REPO_ROOT,
                           capture_output=True, text=True)
    if built.returncode != 0:
        pytest.fail("make site failed:\n" + built.stdout[-4000:] + built.stderr[-4000:],
                    pytrace=False)
    server = StaticServer(SITE)
    yield server
    server.stop()


def page_of(stem: str) -> str:
    return f"voici/render/{stem}.html"


def open_page(page, server, stem: str, wait_for: str = DONE) -> float:
    """Open a page of the site; wait until every cell has run; fail on a cell's error."""
    started = time.perf_counter()
    page.goto(server.url(page_of(stem)), wait_until="commit")
    page.locator(LOADING).wait_for(state="hidden", timeout=SITE_TIMEOUT)
    page.locator(wait_for).first.wait_for(timeout=SITE_TIMEOUT)
    errors = page.locator(CELL_ERROR_SELECTOR)
    if errors.count():
        pytest.fail(f"{stem}: a cell failed in the browser:\n{errors.first.inner_text()[:3000]}",
                    pytrace=False)
    return time.perf_counter() - started


def test_the_contents_page_links_every_page_and_every_link_leads_to_a_page(page, static_site):
    page.goto(static_site.url("index.html"))
    page.locator(".fox-home [data-fox-continue]").wait_for()
    hrefs = page.locator(".fox-home a[href]").evaluate_all(
        "els => els.map(e => e.getAttribute('href'))")
    pages = {h.split("#")[0] for h in hrefs if not h.startswith("#")}
    wanted = {page_of(stem) for stem, _title in LESSONS} | {
        page_of(stem) for stem in ("puzzles", "rulings", "teachers_guide")}
    assert wanted <= pages, f"not linked: {sorted(wanted - pages)}"
    missing = [href for href in pages if not (SITE / href).is_file()]
    assert not missing, f"links to pages the site does not have: {missing}"
    assert set(NOTEBOOKS) - {"index"} <= {Path(p).stem for p in pages}
    # No slides in the browser: no Present link, and the teachers' paragraph says where they are.
    assert page.locator(".fox-home-present").count() == 0
    assert "Voilà app" in page.locator(".fox-home-teachers").inner_text()


def test_every_page_runs_in_the_browser_with_no_error(page, static_site, page_log):
    seconds = {}
    for stem in NOTEBOOKS:
        seconds[stem] = open_page(page, static_site, stem)
        page.wait_for_load_state("networkidle")
    print("\nstatic site, seconds to a page's last cell:",
          ", ".join(f"{stem} {s:.1f}" for stem, s in seconds.items()))


def test_a_lesson_answered_wrong_then_right_shows_done_and_continue_leads_to_the_first_unfinished(
        page, static_site):
    lesson = "05_fox"
    activities = lesson_activities(f"{lesson}.ipynb")
    open_page(page, static_site, lesson, wait_for=TOP_LEVEL)
    tops = page.locator(TOP_LEVEL)
    assert tops.count() == len(activities)
    problems: list[str] = []
    walk_activities(page, tops, activities, lesson, problems)
    assert not problems, "\n".join(problems)
    page.wait_for_function(
        "() => (JSON.parse(localStorage.getItem('fox-explorer-lessons-v1') || '{}')"
        f"['{lesson}'] || {{solved: []}}).solved.length === {len(activities)}")
    page.goto(static_site.url("index.html"))
    start = page.locator(".fox-home [data-fox-continue]")
    page.wait_for_function("() => document.querySelector('[data-fox-continue]')"
                           ".textContent.startsWith('Continue')")
    # Lesson 5 is finished, lesson 1 is not: Continue leads to the first unfinished step.
    assert start.inner_text().strip() == "Continue: lesson 1, The cards and the deal"
    assert start.get_attribute("href") == page_of("01_cards_and_deal")
    state = page.locator(f"[data-fox-lesson='{lesson}'] .fox-home-state").inner_text()
    assert state == "✔ All exercises solved"


def test_a_puzzle_answered_wrong_then_right(page, static_site):
    from foxlib.teaching.puzzles import load_collection

    open_page(page, static_site, "puzzles", wait_for=f"{APP} .fox-hand")
    page.get_by_text(re.compile(r"Your progress: \d+ of \d+ puzzles solved")).wait_for()
    choose(page, load_collection(), "monarch-not-now")
    hand_card(page, "11K").click()
    wait_feedback(page, "does not work")
    page.get_by_role("button", name="Retry").click()
    hand_card(page, "10B").click()
    wait_feedback(page, "Right!")


def test_a_puzzle_file_from_the_learners_disk_is_loaded_and_its_problems_named(
        page, static_site, tmp_path):
    good = {"id": "class-1", "title": "Our Witch", "difficulty": 1, "goal": "win-trick",
            "position": {"decree": "4M", "leader": "B", "trick": ["10B"],
                         "hands": {"A": ["9K", "2K"], "B": ["1M"]},
                         "tricks_won": {"A": 6, "B": 5}},
            "solution": ["9K"], "hints": ["A Witch?"], "explanation": "A lone Witch is trump."}
    bad = dict(good, id="class-2", position=dict(good["position"], decree="12M"))
    path = tmp_path / "class.json"
    path.write_text(json.dumps({"format": "fox-puzzles/1", "id": "class", "title": "Our class",
                                "puzzles": [good, bad]}))
    open_page(page, static_site, "puzzles", wait_for=f"{APP} .fox-hand")
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name=re.compile("Load a puzzle file")).click()
    chooser.value.set_files(str(path))
    page.locator(APP).get_by_text("class.json: 1 puzzle loaded, 1 problem").wait_for()
    assert "position.decree" in page.locator(f"{APP} .fox-pz-problems").inner_text()
    page.locator(f"{APP} .fox-headline", has_text="Our Witch").first.wait_for()
    hand_card(page, "9K").click()
    wait_feedback(page, "Right!")


def answer_decisions_until(done, page, table, keep, playable) -> None:
    """Wait until done(): meanwhile keep the decree card after the learner's Fox and put the first
    card under the deck after the learner's Woodcutter. Fails after SITE_TIMEOUT."""
    deadline = time.perf_counter() + SITE_TIMEOUT / 1000
    while not done():
        said = table.inner_text()
        assert time.perf_counter() < deadline, f"still waiting; the table says: {said[:600]}"
        if keep.count() and keep.is_visible():
            keep.click()
        elif "bottom of the deck" in said:
            playable.first.click()
        page.wait_for_timeout(250)


def test_the_play_table_plays_the_strong_computer_and_gives_a_hint(page, static_site):
    open_page(page, static_site, "15_play_the_computer", wait_for=".fox-play-table")
    table = page.locator(".fox-play-table")
    level = table.locator(".widget-dropdown:has(label:text-is('Opponent')) select")
    strong = level.evaluate("s => Array.from(s.options).map(o => o.value)"
                            ".find(v => v.toLowerCase().includes('strong'))")
    level.select_option(value=strong)
    table.get_by_role("button", name="New game").click()
    status = table.locator(".fox-status").first
    status.filter(has_text="Your turn").wait_for(timeout=SITE_TIMEOUT)
    started = time.perf_counter()
    table.get_by_role("button", name="Hint").click()
    table.locator(".fox-msg-hint").filter(has_not_text="Thinking").wait_for(timeout=SITE_TIMEOUT)
    hint_seconds = time.perf_counter() - started
    tricks = table.locator(".fox-log li.fox-log-trick")
    before = tricks.count()
    playable = table.locator(".fox-hand .fox-card.fox-clickable:not(.fox-dimmed)")
    keep = table.get_by_role("button", name="Keep the decree card")
    # A Fox (3) or a Woodcutter (5) asks the learner for a decision before the trick goes on:
    # play another card when there is one, else answer the decision below.
    plain = playable.and_(page.locator(':not([data-card^="3"]):not([data-card^="5"])'))
    (plain if plain.count() else playable).first.click()
    started = time.perf_counter()
    # The learner led or followed: either way the computer answers and a trick is complete.
    answer_decisions_until(lambda: tricks.count() > before, page, table, keep, playable)
    move_seconds = time.perf_counter() - started
    assert "Traceback" not in table.inner_text()
    print(f"\nstatic site play table: hint {hint_seconds:.2f} s, "
          f"a trick completed {move_seconds:.2f} s after the learner's card")
    # The rest of the round, then its review: in the browser a task that yields at each step.
    for _ in range(40):
        status.filter(has_text="Your turn").or_(status.filter(has_text="is over.")).wait_for(
            timeout=SITE_TIMEOUT)
        if "is over." in status.inner_text():
            break
        if keep.count() and keep.is_visible():
            keep.click()
        else:
            playable.first.click()
        page.wait_for_timeout(200)
    assert "is over." in status.inner_text()
    table.get_by_role("button", name="Review this round").click()
    started = time.perf_counter()
    summary = table.locator(".fox-review-summary")
    summary.wait_for(timeout=SITE_TIMEOUT)
    print(f"static site review of a round: {time.perf_counter() - started:.1f} s")
    assert table.locator(".fox-review-item").count() >= 10
    assert "Traceback" not in table.inner_text()
