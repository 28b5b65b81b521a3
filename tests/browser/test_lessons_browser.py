"""Every lesson page in the real app: it loads offline without errors, one "Your turn" exercise
is answered by clicking, and the engine's explanation appears.

The ``page`` fixture (conftest.py) fails a test on console errors, failed requests and requests
to other hosts, so these tests do not repeat those checks. Each test records the time to the
page's first widget (printed at the end of the run) and saves screenshots at 1280x800 and 390 px.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
SCREENSHOTS = REPO / "build" / "screenshots"  # the harness's folder (printed after the run)
SIZES = {"desktop-1280x800": {"width": 1280, "height": 800},
         "phone-390x844": {"width": 390, "height": 844}}
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
# The first thing a learner can click in an exercise: a button or a card.
FIRST_INTERACTIVE = ".fox-exercise .jupyter-button, .fox-exercise .fox-clickable"


def first_exercise(page):
    return page.locator(".fox-exercise").first


def click_button(scope, name: str) -> None:
    scope.get_by_role("button", name=name, exact=True).first.click()


def click_cards(scope, *labels: str) -> None:
    """Click cards by their accessible names ('9 of Moons, Witch'), then press Check."""
    for label in labels:
        card = scope.get_by_role("button", name=label, exact=True)
        card.click()
        # The card redraws as selected once the kernel has handled the click.
        scope.get_by_role("button", name=f"{label} (selected)", exact=True).wait_for()
    click_button(scope, "Check")


def shoot_exercise(page, exercise, name: str) -> None:
    """Screenshots of the answered exercise itself at both sizes: the page scrolls inside
    Voilà's own container, so a page screenshot may not reach it."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    original = page.viewport_size
    for tag, size in SIZES.items():
        page.set_viewport_size(size)
        page.wait_for_timeout(300)
        exercise.scroll_into_view_if_needed()
        path = SCREENSHOTS / f"{name}-exercise-{tag}.png"
        exercise.screenshot(path=str(path))
        print(f"screenshot: {path}")
    page.set_viewport_size(original)


def expect_feedback(scope, *phrases: str) -> str:
    feedback = scope.locator(".fox-feedback .fox-msg")
    feedback.wait_for()
    text = feedback.inner_text()
    for phrase in phrases:
        assert phrase in text, f"{phrase!r} not in the feedback: {text!r}"
    return text


# What to click in each lesson's first exercise, and what the explanation must say.
# Each entry: (action, arguments, phrases expected in the feedback).
EXERCISES = {
    "01_cards_and_deal.ipynb": ("button", ["6"], ["✔ Right", "6 face down in the deck"]),
    "02_leading_and_following.ipynb": (
        "cards", ["2 of Keys", "10 of Keys"], ["✔ Right", "You must follow Keys"]),
    "03_trump_and_decree.ipynb": ("button", ["Ben wins"], ["✔ Right", "is trump and beats"]),
    "04_swan.ipynb": ("button", ["Ben leads next"], ["✔ Right", "played the Swan and lost"]),
    "05_fox.ipynb": ("button", ["Swap in the 8 of Moons"],
                     ["✔ Right", "Moons are now trump, already for this trick"]),
    "06_woodcutter.ipynb": ("cards", ["2 of Moons", "9 of Bells, Witch", "10 of Keys",
                                      "11 of Moons, Monarch"],
                            ["✔ Right", "including the 11 of Moons you just drew"]),
    "07_treasure.ipynb": ("button", ["Ben scores 1"], ["✔ Right", "Ben gains 1 point"]),
    "08_witch.ipynb": ("button", ["Ben wins"], ["✔ Right", "only Witch in the trick"]),
    "09_monarch.ipynb": ("cards", ["1 of Moons, Swan", "8 of Moons"],
                         ["✔ Right", "led the Monarch"]),
    "10_scoring_a_round.ipynb": ("points", [0], ["✔ Right", "Greedy"]),
    "11_a_full_round.ipynb": ("button", ["Ben leads next"], ["✔ Right", "Swan"]),
    "12_a_whole_game.ipynb": ("button", ["Ann wins"], ["✔ Right", "tie-break"]),
    "13_misconceptions.ipynb": ("button", ["False"], ["✔ Right", "no Diamonds", "Bells, Keys and Moons"]),
    "14_explorer_sandbox.ipynb": ("button", ["Ann wins"], ["✔ Right", "only Witch"]),
    "15_play_the_computer.ipynb": ("button-card", ["2 of Keys"], ["✔ Right", "Ann's 8 of Keys"]),
    "16_special_cards.ipynb": ("cards", ["4 of Keys", "Fairy, special card, 4 with no suit"],
                               ["✔ Right", "A card with no suit may always follow"]),
    "17_special_cards_1.ipynb": ("button", ["Play the Axe"],
                                 ["✔ Right", "Axe followed a Woodcutter, so it wins"]),
    "18_special_cards_2.ipynb": ("button", ["Play the Bow"],
                                 ["✔ Right", "Bow beats Ann's 10 of Bells, which is trump"]),
    "19_poison_8s.ipynb": ("points", [3], ["✔ Right", "loses 1 point for the Poison 8"]),
    "20_goal_cards.ipynb": ("points", [4], ["✔ Right", "Royal rebuff", "Heavy crown"]),
}


def test_every_lesson_has_a_browser_exercise():
    assert sorted(EXERCISES) == LESSONS


def test_index_links_every_lesson(page, open_notebook, screenshot):
    open_notebook("index.ipynb", wait_for="rendered", label="index.ipynb: time to rendered")
    # The path of lessons is drawn by the landing page's widget (widgets/home.py), which may
    # come a moment after the page's text: wait for its last lesson link.
    page.locator(f"#rendered_cells .fox-home a[href$='{LESSONS[-1]}']").first.wait_for()
    hrefs = page.locator("#rendered_cells a").evaluate_all("els => els.map(e => e.href)")
    for lesson in LESSONS:
        assert any(h.endswith("/" + lesson) for h in hrefs), f"index does not link {lesson}"
    screenshot("lesson-00-index")
    page.get_by_role("link", name="The cards and the deal", exact=True).first.click()
    page.wait_for_url(f"**/{LESSONS[0]}")
    page.locator(FIRST_INTERACTIVE).first.wait_for()


def test_the_contents_lesson_groups_leave_no_gap_and_read_in_order(page, open_notebook):
    # At 1280 px the lesson groups fill two columns top to bottom: a group starts right
    # under the one before it in its column (a grid row left a gap beside "The basics"), and
    # the lesson numbers run down the first column, then down the second.
    page.set_viewport_size({"width": 1280, "height": 800})
    open_notebook("index.ipynb", wait_for="rendered", label="index.ipynb: time to rendered")
    page.locator(f"#rendered_cells .fox-home a[href$='{LESSONS[-1]}']").first.wait_for()
    groups = page.locator(".fox-home-group").evaluate_all("""els => els.map(e => {
        const r = e.getBoundingClientRect();
        return {left: Math.round(r.left), top: r.top, bottom: r.bottom,
                first: +e.querySelector('.fox-home-num').textContent};})""")
    columns = sorted({g["left"] for g in groups})
    assert len(columns) == 2, groups
    order = []
    for left in columns:
        column = [g for g in groups if g["left"] == left]
        for above, below in zip(column, column[1:]):
            assert 0 <= below["top"] - above["bottom"] < 30, groups
        order += [g["first"] for g in column]
    assert order == sorted(order), groups


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_exercise_is_checked_and_explained(lesson, page, open_notebook, screenshot):
    seconds = open_notebook(lesson, wait_for=FIRST_INTERACTIVE,
                            label=f"{lesson}: time to first interactive exercise")
    print(f"{lesson}: first exercise after {seconds:.2f} s")
    assert page.locator(".jp-InputArea-editor").count() == 0  # sources are hidden
    # Links lead back to the contents and on to the next lesson.
    hrefs = page.locator("#rendered_cells a").evaluate_all("els => els.map(e => e.href)")
    assert any(h.endswith("/index.ipynb") for h in hrefs)
    position = LESSONS.index(lesson)
    if position + 1 < len(LESSONS):
        assert any(h.endswith("/" + LESSONS[position + 1]) for h in hrefs)

    action, args, phrases = EXERCISES[lesson]
    exercise = first_exercise(page)
    exercise.scroll_into_view_if_needed()
    if action == "button":
        click_button(exercise, args[0])
    elif action == "cards":
        click_cards(exercise, *args)
    elif action == "button-card":
        exercise.get_by_role("button", name=args[0], exact=True).click()
    elif action == "points":
        box = exercise.locator(".fox-points-entry input")
        box.fill(str(args[0]))
        box.press("Enter")
        click_button(exercise, "Check")
    expect_feedback(exercise, *phrases)
    # No cell printed anything or failed: only widgets and text in the page.
    assert page.locator(".jp-OutputArea-output pre").count() == 0
    assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    name = f"lesson-{lesson.removesuffix('.ipynb')}"
    shoot_exercise(page, exercise, name)
    screenshot(name)


def test_next_link_leads_to_the_next_lesson(page, open_notebook):
    open_notebook(LESSONS[0], wait_for=FIRST_INTERACTIVE, label=f"{LESSONS[0]} (before Next)")
    page.get_by_role("link", name=re.compile(r"^2\. Leading and following")).last.click()
    page.wait_for_url(f"**/{LESSONS[1]}")
    page.locator(FIRST_INTERACTIVE).first.wait_for()


def test_learner_path_through_every_lesson_with_a_warm_browser_cache(page, open_notebook):
    """A learner goes from the index through the lessons in one browser tab, so the app's
    scripts and styles are already cached after the first page: the time each lesson takes
    to become clickable then (reported beside the cold-cache times above)."""
    open_notebook("index.ipynb", wait_for="rendered", label="learner path: index.ipynb")
    page.wait_for_load_state("networkidle")  # leaving earlier would abort the page's loads
    times = {}
    for lesson in LESSONS:
        times[lesson] = open_notebook(lesson, wait_for=FIRST_INTERACTIVE,
                                      label=f"learner path (warm cache): {lesson}")
        assert page.locator(".fox-exercise").count() > 0
        page.wait_for_load_state("networkidle")
    ordered = sorted(times.values())
    print(f"learner path: median {ordered[len(ordered) // 2]:.2f} s, "
          f"slowest {ordered[-1]:.2f} s over {len(ordered)} lessons")
