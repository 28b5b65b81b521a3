"""The puzzles page in the real app: one puzzle of each kind solved by clicking (and typing), one
failed on purpose to read its explanation, progress surviving a reload, and a teacher's bad
file reported in place. The moves to click come from the same engine and solver, run here.

Timings (page load, and each answer until its explanation shows) are printed at the end of the
run with the other browser timings.
"""
from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from foxlib.teaching.puzzles import PuzzleSession, load_collection, solve_goal

PAGE = "puzzles.ipynb"
APP = ".fox-puzzle-app"
TIMINGS: list[tuple[str, float]] = []


@pytest.fixture(scope="module")
def collection():
    return load_collection()


@pytest.fixture(autouse=True, scope="module")
def _report_timings():
    """Add this module's timings to the harness's list, printed in the terminal summary."""
    yield
    harness = next((m for m in list(sys.modules.values())
                    if getattr(m, "__file__", "") and
                    Path(m.__file__).resolve() == Path(__file__).with_name("conftest.py")), None)
    target = getattr(harness, "_TIMINGS", None)
    for label, seconds in TIMINGS:
        if target is not None:
            target.append((f"puzzles: {label}", seconds))
        else:
            print(f"  {seconds:6.2f} s  puzzles: {label}")


def timed(label, action, wait):
    start = time.perf_counter()
    action()
    wait()
    TIMINGS.append((label, time.perf_counter() - start))


def open_puzzles(open_notebook, page, label="puzzles.ipynb -> app ready"):
    seconds = open_notebook(PAGE, wait_for=f"{APP} .fox-hand", label=label)
    page.get_by_text(re.compile(r"Your progress: \d+ of \d+ puzzles solved")).wait_for()
    return seconds


def feedback(page):
    return page.locator(f"{APP} .fox-pz-feedback")


def wait_feedback(page, *phrases):
    box = feedback(page)
    for phrase in phrases:
        box.filter(has_text=phrase).wait_for()
    return box.inner_text()


def choose(page, collection, puzzle_id):
    """Pick a puzzle with the two menus, as a learner would."""
    pset = next(s for s in collection.sets if any(p.id == puzzle_id for p in s.puzzles))
    index = next(i for i, p in enumerate(pset.puzzles) if p.id == puzzle_id)
    puzzle = pset.puzzles[index]
    set_menu = menu_select(page, "Puzzle set")
    set_menu.select_option(value=option_value(set_menu, pset.title))
    menu = menu_select(page, "Puzzle")
    wanted = f"{index + 1}. {puzzle.title}"
    menu.locator("option", has_text=wanted).first.wait_for(state="attached")
    menu.select_option(value=option_value(menu, wanted))
    page.locator(f"{APP} .fox-headline", has_text=puzzle.title).first.wait_for()
    return puzzle


def menu_select(page, label):
    return page.locator(f"{APP} .widget-dropdown:has(label:text-is('{label}')) select")


def option_value(select, text):
    """The option whose text contains ``text`` (its value holds the text with plain spaces)."""
    values = select.evaluate("s => Array.from(s.options).map(o => o.value)")
    return next(value for value in values if text in value)


def shoot_at(page, name, target):
    """Screenshots (desktop, then a 390 px phone) with ``target`` scrolled into the middle of
    the view: Voilà scrolls inside its own container, so a full-page picture stops at the
    first screen."""
    out = Path(__file__).resolve().parents[2] / "build" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    original = page.viewport_size
    for tag, size in (("desktop-1280x800", {"width": 1280, "height": 800}),
                      ("phone-390x844", {"width": 390, "height": 844})):
        page.set_viewport_size(size)
        page.wait_for_timeout(300)
        target.first.evaluate("e => e.scrollIntoView({block: 'center'})")
        page.wait_for_timeout(100)
        path = out / f"{name}-{tag}.png"
        page.screenshot(path=str(path))
        print(f"screenshot: {path}")
    page.set_viewport_size(original)


def hand_card(page, card):
    return page.locator(f"{APP} .fox-hand .fox-card[data-card='{card}']")


def test_solve_one_puzzle_of_each_kind_by_clicking(page, open_notebook, collection, screenshot):
    open_puzzles(open_notebook, page)

    # Predict: the first puzzle of the first set.
    first = collection.sets[0].puzzles[0]
    page.locator(f"{APP} .fox-headline", has_text=first.title).first.wait_for()
    shoot_at(page, "puzzle-board-two-keys", page.locator(f"{APP} .fox-pz-table"))
    timed("predict: click 'You'",
          lambda: page.get_by_role("button", name="You", exact=True).click(),
          lambda: wait_feedback(page, "Right!"))
    text = feedback(page).inner_text()
    assert "10 beats the 8" in text and "Both cards are Keys" in text
    screenshot("puzzle-predict-solved")

    # Play a card: follow suit high.
    choose(page, collection, "follow-pick-the-winner")
    timed("play: click the 8 of Bells",
          lambda: hand_card(page, "8B").click(),
          lambda: wait_feedback(page, "Right!"))

    # Score: type the points and press Enter.
    choose(page, collection, "score-greedy")
    box = page.get_by_placeholder("points")
    box.fill("1")
    timed("score: type 1 and press Enter", lambda: box.press("Enter"),
          lambda: wait_feedback(page, "Right!"))
    assert "Greedy" in feedback(page).inner_text()
    assert "Not allowed" not in feedback(page).inner_text()

    # Reach a band: several moves against the solver's best defence.
    puzzle = choose(page, collection, "trump-make-them-lead")
    mirror = PuzzleSession(puzzle)          # the same engine and solver, to know what to click
    step = 0
    while mirror.status == "open":
        good = next(v.move for v in solve_goal(mirror.round, puzzle.goal).verdicts if v.works)
        result = mirror.play(good)
        step += 1
        phrase = "Right!" if result.status == "right" else "Your turn again"
        left = len(mirror.round.hands[0])   # the page and the mirror show the same position

        def arrived(p=phrase, n=left):
            from playwright.sync_api import expect   # here: the module imports without it
            expect(page.locator(f"{APP} .fox-hand .fox-card")).to_have_count(n)
            page.locator(f"{APP} .fox-pz-feedback", has_text=p).wait_for()
        timed(f"band: move {step}, {good}", lambda c=good.card: hand_card(page, str(c)).click(),
              arrived)
    assert "You finish Victorious" in feedback(page).inner_text()
    screenshot("puzzle-band-solved")

    # The progress view counts the four solved puzzles.
    page.get_by_text(re.compile(r"Your progress: 4 of \d+ puzzles solved")).wait_for()


def test_typed_numbers_are_answered_once_by_check_or_enter(page, open_notebook, collection,
                                                           screenshot):
    """Each numeric puzzle through the real page: a wrong number by the Check button (after the
    field lost focus, which used to submit it a first time), then the right one by Check; the
    next by Enter."""
    open_puzzles(open_notebook, page, label="puzzles.ipynb (typed answers) -> app ready")
    numeric = [p for p in collection.puzzles
               if p.kind == "score" and p.goal.name != "game-winner" and p.modules.base]
    assert len(numeric) == 7
    for i, puzzle in enumerate(numeric):
        choose(page, collection, puzzle.id)
        right = puzzle.solution[0]
        box = page.get_by_placeholder("points")
        if i == 0:
            shoot_at(page, "puzzle-number-field", box)
        box.fill(str(right + 1))
        box.press("Tab")                          # the field loses focus: nothing is sent
        page.wait_for_timeout(300)
        assert feedback(page).count() == 0, f"{puzzle.id}: answered on blur"
        page.get_by_role("button", name="Check", exact=True).click()
        text = wait_feedback(page, f"Not {right + 1}")
        assert "Not allowed" not in text and len(text) > 60, text
        assert not re.search(rf"(?<![\d-]){right}(?!\d)", text.split("\n", 1)[1]), text
        if i == 0:
            shoot_at(page, "puzzle-number-wrong", feedback(page))
        page.get_by_role("button", name="Retry").click()
        feedback(page).wait_for(state="detached")
        box.fill(str(right))
        if i % 2:
            timed(f"score by Enter: {puzzle.id}", lambda: box.press("Enter"),
                  lambda: wait_feedback(page, "Right!"))
        else:
            timed(f"score by Check: {puzzle.id}",
                  lambda: page.get_by_role("button", name="Check", exact=True).click(),
                  lambda: wait_feedback(page, "Right!"))
        text = feedback(page).inner_text()
        assert "Not allowed" not in text and puzzle.explanation[:40] in text, text
    shoot_at(page, "puzzle-number-right", feedback(page))
    page.get_by_text(re.compile(r"Your progress: 7 of \d+ puzzles solved")).wait_for()


def test_fox_decision_by_keyboard(page, open_notebook, collection):
    open_puzzles(open_notebook, page, label="puzzles.ipynb (second visit) -> app ready")
    choose(page, collection, "fox-lead-and-switch")
    # The new puzzle's hand is drawn just after its headline: wait until its Fox can be played
    # (a key pressed on the hand being redrawn is lost), and press again if it was lost.
    fox = page.locator(f"{APP} .fox-hand .fox-card.fox-clickable[data-card='3B']")
    prompt = page.get_by_text("click a card to swap it with the decree card")
    for _ in range(3):
        fox.or_(prompt).first.wait_for()
        if prompt.is_visible():
            break
        fox.focus()
        fox.press("Enter")
        try:
            prompt.wait_for(timeout=15_000)
        except PlaywrightTimeoutError:
            continue
    prompt.wait_for()
    swap = page.locator(f"{APP} .fox-card[data-card='6B']").last
    timed("play: Fox then swap, by keyboard", lambda: (swap.focus(), swap.press("Enter")),
          lambda: wait_feedback(page, "Right!"))
    assert "Bells are now trump, already for this trick" in feedback(page).inner_text()


def test_a_wrong_move_is_explained(page, open_notebook, collection, screenshot):
    open_puzzles(open_notebook, page, label="puzzles.ipynb (third visit) -> app ready")
    choose(page, collection, "monarch-not-now")
    timed("play (wrong on purpose): the 11 of Keys", lambda: hand_card(page, "11K").click(),
          lambda: wait_feedback(page, "does not work"))
    text = feedback(page).inner_text()
    # The author's words, the opponent's reply and the engine's reason for the trick.
    assert "forces out your opponent's highest Key" in text
    assert "Your opponent answers with the 9 of Keys" in text
    assert "only Witch in the trick, so it counts as trump" in text
    screenshot("puzzle-wrong-explained")
    page.get_by_role("button", name="Retry").click()
    timed("retry, then the right card", lambda: hand_card(page, "10B").click(),
          lambda: wait_feedback(page, "Right!"))


def test_a_wrong_then_right_answer_by_keyboard_alone(page, open_notebook, collection):
    """Wrong card, Retry, right card, with Enter and the arrow keys only: after Retry the
    focus is back on the hand (not on Retry below the board), and the right card is reached
    from there with the arrow keys."""
    open_puzzles(open_notebook, page, label="puzzles.ipynb (keyboard visit) -> app ready")
    choose(page, collection, "monarch-not-now")
    wrong = hand_card(page, "11K")
    wrong.focus()
    wrong.press("Enter")
    wait_feedback(page, "does not work")
    retry = page.get_by_role("button", name="Retry")
    retry.focus()
    retry.press("Enter")
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.matches"
        "('.fox-puzzle-app .fox-hand .fox-card.fox-clickable')")
    for _ in range(4):
        if page.evaluate("() => document.activeElement.dataset.card") == "10B":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.card") == "10B"
    page.keyboard.press("Enter")
    wait_feedback(page, "Right!")


def test_progress_survives_a_reload(page, open_notebook, collection):
    open_puzzles(open_notebook, page, label="puzzles.ipynb (fourth visit) -> app ready")
    page.get_by_role("button", name="You", exact=True).click()
    wait_feedback(page, "Right!")
    page.get_by_text(re.compile(r"Your progress: 1 of \d+ puzzles solved")).wait_for()
    stored = page.evaluate("() => window.localStorage.getItem('fox-explorer-puzzles-v1')")
    assert "following/follow-higher-key" in json.loads(stored)
    start = time.perf_counter()
    page.reload()
    page.get_by_text(re.compile(r"Your progress: 1 of \d+ puzzles solved")).wait_for(
        timeout=120_000)
    TIMINGS.append(("reload until the remembered progress shows", time.perf_counter() - start))
    assert page.locator(f"{APP} tr[data-set='following'] .fox-pz-count").inner_text() \
        .startswith("1 /")


def test_teacher_file_errors_are_shown_in_place(page, open_notebook, tmp_path, screenshot):
    open_puzzles(open_notebook, page, label="puzzles.ipynb (fifth visit) -> app ready")
    good = {"id": "class-1", "title": "Our Witch", "difficulty": 1, "goal": "win-trick",
            "position": {"decree": "4M", "leader": "B", "trick": ["10B"],
                         "hands": {"A": ["9K", "2K"], "B": ["1M"]},
                         "tricks_won": {"A": 6, "B": 5}},
            "solution": ["9K"], "hints": ["A Witch?"], "explanation": "A lone Witch is trump."}
    bad = dict(good, id="class-2", goal="band:Rich",
               position=dict(good["position"], decree="12M"))
    path = tmp_path / "class.json"
    path.write_text(json.dumps({"format": "fox-puzzles/1", "id": "class", "title": "Our class",
                                "puzzles": [good, bad]}))
    button = page.get_by_role("button", name=re.compile("Load a puzzle file"))
    assert button.inner_text().strip() == "Load a puzzle file"   # no "(0)" counter
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
        page.set_viewport_size(size)                  # the whole label shows, phone or not
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), size
    assert "docs/puzzles.md" not in page.locator(APP).inner_text()
    page.get_by_text("How to write a puzzle file").click()
    page.locator(f"{APP} .fox-pz-example").wait_for()
    shoot_at(page, "puzzle-format-help", page.locator(f"{APP} .fox-pz-help summary"))
    with page.expect_file_chooser() as chooser:
        button.click()
    chooser.value.set_files(str(path))
    report = page.locator(f"{APP} .fox-pz-problems")
    report.wait_for()
    text = page.locator(f"{APP}").get_by_text("class.json: 1 puzzle loaded, 2 problems").inner_text()
    assert text
    items = report.inner_text()
    assert "puzzle class-2, goal" in items and "position.decree" in items and "12M" in items
    page.locator(f"{APP} .fox-headline", has_text="Our Witch").first.wait_for()
    hand_card(page, "9K").click()
    wait_feedback(page, "Right!")
    screenshot("puzzle-teacher-upload")


def test_a_lessons_link_opens_its_set(page, voila_server, collection):
    """Lessons link to puzzles.ipynb#<set>; the fragment is read in the browser."""
    witch = next(s for s in collection.sets if s.id == "witch")
    start = time.perf_counter()
    page.goto(voila_server.url(PAGE) + "#witch", wait_until="commit")
    page.locator(f"{APP} .fox-headline", has_text=witch.puzzles[0].title).first.wait_for()
    TIMINGS.append(("puzzles.ipynb#witch until the Witch set shows", time.perf_counter() - start))
    assert menu_select(page, "Puzzle set").input_value().startswith(witch.title)


def test_solution_then_solve_is_not_counted_and_reload_reopens_the_puzzle(
        page, open_notebook, collection, screenshot):
    open_puzzles(open_notebook, page, label="puzzles.ipynb (solution, reload) -> app ready")
    puzzle = choose(page, collection, "monarch-not-now")
    page.get_by_role("button", name="Show solution").click()
    wait_feedback(page, "The solution")
    page.get_by_role("button", name="Retry").click()
    hand_card(page, "10B").click()
    text = wait_feedback(page, "Not counted as solved")
    assert "Right!" in text
    page.locator(f"{APP} .fox-pz-seen").wait_for()
    page.get_by_text(re.compile(r"Your progress: 0 of \d+ puzzles solved")).wait_for()
    shoot_at(page, "puzzle-solution-seen", page.locator(f"{APP} .fox-hand"))
    assert page.evaluate("() => location.hash") == f"#puzzle={puzzle.id}"
    start = time.perf_counter()
    page.reload()
    page.locator(f"{APP} .fox-headline", has_text=puzzle.title).first.wait_for(timeout=120_000)
    TIMINGS.append(("reload until the same puzzle shows", time.perf_counter() - start))
    assert menu_select(page, "Puzzle set").input_value().startswith(
        next(s.title for s in collection.sets if s.id == "monarch"))
    page.locator(f"{APP} .fox-pz-seen").wait_for()     # still marked: solution seen
    page.get_by_text(re.compile(r"Your progress: 0 of \d+ puzzles solved")).wait_for()


def test_a_link_opens_one_puzzle(page, voila_server, collection):
    puzzle = collection.puzzle("endgame-only-loser")
    page.goto(voila_server.url(PAGE) + f"#puzzle={puzzle.id}", wait_until="commit")
    page.locator(f"{APP} .fox-headline", has_text=puzzle.title).first.wait_for(timeout=120_000)
    endgames = next(s for s in collection.sets if s.id == "endgames")
    where = f"Puzzle {endgames.puzzles.index(puzzle) + 1} of {len(endgames.puzzles)}"
    assert where in page.locator(f"{APP} .fox-puzzle-head .fox-status").inner_text()
    table = page.locator(f"{APP} .fox-pz-table")
    assert "Trick 9 of 13" in table.inner_text() and "first trick" not in table.inner_text()
    shoot_at(page, "puzzle-board-endgame", table)
    other = collection.puzzle("witch-lead-the-witch")        # a query string links as well
    page.goto(voila_server.url(PAGE) + f"?puzzle={other.id}", wait_until="commit")
    page.locator(f"{APP} .fox-headline", has_text=other.title).first.wait_for(timeout=120_000)


def test_a_deluxe_poison_puzzle_is_solved_by_clicks_and_a_decision_button(page, voila_server,
                                                                            collection):
    """A Deluxe puzzle (Poison 8s, the most points): cards clicked, and the Fox's exchange
    that follows offered as a button; the decisions to click come from the same Deluxe search,
    run here."""
    from foxlib.teaching.puzzles import solve_actions
    from foxlib.words.narrator import Narrator
    puzzle = collection.puzzle("deluxe-poison-give-it-away")
    page.goto(voila_server.url(PAGE) + f"#puzzle={puzzle.id}", wait_until="commit")
    page.locator(f"{APP} .fox-headline", has_text=puzzle.title).first.wait_for(timeout=120_000)
    mirror = PuzzleSession(puzzle)
    step = 0
    while mirror.status == "open":
        good = next(v.move for v in solve_actions(mirror.round, puzzle.goal).verdicts
                    if v.works)
        by_card = good.kind == "play" and mirror.round.phase == "play"
        result = mirror.act(good)
        step += 1
        phrase = "Right!" if result.status == "right" else "Your decision again"
        if by_card:
            click = lambda c=good.card: hand_card(page, str(c)).click()   # noqa: E731
        else:
            click = lambda a=good: page.get_by_role(                        # noqa: E731
                "button", name=Narrator().action_words(a.kind, a.card, "answer"),
                exact=True).click()
        timed(f"deluxe: decision {step}, {good}", click,
              lambda p=phrase: page.locator(f"{APP} .fox-pz-feedback", has_text=p).wait_for())
    text = feedback(page).inner_text()
    assert "Right!" in text and "Poison" in text
