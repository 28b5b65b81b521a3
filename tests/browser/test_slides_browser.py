"""Presenter mode: every lesson as slides (`?voila-template=fox-slides`), on a 1920x1080 and a
1280x720 screen, offline, with live widgets and keyboard navigation.

The `page` fixture already fails a test on any request to another host, a console error or a
page error, so the slides are checked for those on every page opened here. Screenshots go to
build/screenshots/slides-*.png.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from widgets.exercises import LegalPlayExercise

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO_ROOT / "notebooks"
TEST_NOTEBOOKS = Path(__file__).parent / "notebooks"
SCREENSHOT_DIR = REPO_ROOT / "build" / "screenshots"
SLIDES = "?voila-template=fox-slides"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
SCREENS = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}
# A playing card of normal size, in screen pixels: readable from the back of a room on a
# 1080p projector, and still clear on a 720p one.
CARD_WIDTH = {"1920x1080": (112, 130), "1280x720": (74, 90)}

READY = ".reveal.ready .slides > section.present"
PRESENT = ".reveal .slides > section.present > section.present"

# The present slide: its index, its size, whether it scrolls, and (scrolled to the bottom)
# whether its last element can be seen.
MEASURE = """() => {
  const outer = [...document.querySelectorAll('.reveal .slides > section')];
  const leaf = document.querySelector('.reveal .slides > section.present > section.present');
  const box = leaf.getBoundingClientRect();
  const before = leaf.scrollTop;
  leaf.scrollTop = leaf.scrollHeight;
  const kids = [...leaf.querySelectorAll(':scope > div')].filter(e => e.offsetHeight > 0);
  const last = kids.length ? kids[kids.length - 1].getBoundingClientRect() : box;
  const lastShown = last.bottom <= leaf.getBoundingClientRect().bottom + 2;
  leaf.scrollTop = before;
  const cards = [...leaf.querySelectorAll('.fox-size-normal .fox-card')]
    .map(c => c.getBoundingClientRect().width);
  return {index: outer.indexOf(leaf.parentElement), count: outer.length,
          top: box.top, bottom: box.bottom, screen: window.innerHeight,
          tall: leaf.scrollHeight > leaf.clientHeight + 2,
          scrolls: ['auto', 'scroll'].includes(getComputedStyle(leaf).overflowY),
          lastShown, cards};
}"""


def slides_of(path: Path) -> list[list[dict]]:
    """The notebook's cells grouped into slides, as nbconvert groups them."""
    slides: list[list[dict]] = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        kind = cell["metadata"].get("slideshow", {}).get("slide_type", "-")
        if kind == "skip":
            continue
        if kind == "slide" or not slides:
            slides.append([])
        slides[-1].append(cell)
    return slides


def shoot(page, name: str) -> Path:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOT_DIR / f"slides-{name}.png"
    page.screenshot(path=str(path))
    print(f"screenshot: {path}")
    return path


def open_slides(page, open_notebook, notebook: str, size: str) -> None:
    page.set_viewport_size(dict(zip(("width", "height"), SCREENS[size])))
    open_notebook(f"/voila/render/{notebook}{SLIDES}", wait_for=READY,
                  label=f"{notebook} as slides: time to the first slide")


def wait_for_outputs(page, cells: list[dict]) -> None:
    """Wait until the present slide shows an output for each of its code cells."""
    n = sum(c["cell_type"] == "code" for c in cells)
    page.wait_for_function(
        "n => [...document.querySelectorAll("
        "'.reveal .slides > section.present > section.present .jp-OutputArea-output')]"
        ".filter(e => e.offsetHeight > 0).length >= n", arg=n)


def present_index(page) -> int:
    return page.evaluate(MEASURE)["index"]


def press_and_wait(page, key: str, expected_index: int) -> None:
    page.keyboard.press(key)
    page.wait_for_function(
        "i => [...document.querySelectorAll('.reveal .slides > section')]"
        ".findIndex(s => s.classList.contains('present')) === i", arg=expected_index)


def check_slide(page, where: str, size: str, problems: list[str]) -> dict:
    m = page.evaluate(MEASURE)
    if m["top"] < -1 or m["bottom"] > m["screen"] + 1:
        problems.append(f"{where}: the slide box ({m['top']:.0f}..{m['bottom']:.0f}) "
                        f"leaves the {m['screen']} px screen")
    if m["tall"] and not (m["scrolls"] and m["lastShown"]):
        problems.append(f"{where}: taller than the screen and its end cannot be scrolled to")
    low, high = CARD_WIDTH[size]
    for width in m["cards"]:
        if not low <= width <= high:
            problems.append(f"{where}: a card {width:.0f} px wide, not {low}-{high} px")
    return m


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_is_a_slideshow_that_fits_1080p_and_720p_screens(
        page, open_notebook, lesson):
    """Each slide of the lesson, at both sizes: the slide stays on the screen, a slide taller
    than the screen scrolls to its end, normal cards have their readable size; the number of
    slides is the notebook's; links to other lessons stay in presenter mode."""
    slides = slides_of(NOTEBOOKS / lesson)
    expected = len(slides)
    problems: list[str] = []
    stem = lesson.removesuffix(".ipynb")
    open_slides(page, open_notebook, lesson, "1920x1080")
    for size in SCREENS:
        page.set_viewport_size(dict(zip(("width", "height"), SCREENS[size])))
        page.wait_for_timeout(300)  # reveal.js lays the slides out again
        if present_index(page) != 0:
            page.keyboard.press("Home")
            page.wait_for_function(
                "() => document.querySelector('.reveal .slides > section').classList"
                ".contains('present')")
        shown_widget = False
        for k in range(expected):
            if k:
                press_and_wait(page, "ArrowRight", k)
            wait_for_outputs(page, slides[k])
            m = check_slide(page, f"{lesson} slide {k + 1} at {size}", size, problems)
            assert m["count"] == expected, f"{lesson}: {m['count']} slides, not {expected}"
            if k == 0 or (m["cards"] and not shown_widget):
                shoot(page, f"{stem}-{k + 1}-{size}")
                shown_widget = shown_widget or bool(m["cards"])
    hrefs = page.locator(".reveal a[href]").evaluate_all("els => els.map(e => e.href)")
    for href in hrefs:
        if re.search(r"/\d\d_\w+\.ipynb", href):
            assert SLIDES in href, f"{lesson}: the link {href} leaves presenter mode"
    page_view = page.get_by_role("link", name="Page view")
    assert page_view.get_attribute("href").endswith(f"/voila/render/{lesson}")
    page.wait_for_load_state("networkidle")
    assert not problems, "\n".join(problems)


def test_a_card_clicked_in_a_slide_reaches_the_rules_engine(page, open_notebook):
    """Lesson 2's "which cards may you play" exercise, answered on its slide by clicking the
    cards the engine allows, then Check."""
    lesson = "02_leading_and_following.ipynb"
    slides = slides_of(NOTEBOOKS / lesson)
    index = next(k for k, cells in enumerate(slides)
                 if any("LegalPlayExercise(" in "".join(c["source"]) for c in cells))
    source = next("".join(c["source"]) for c in slides[index]
                  if "LegalPlayExercise(" in "".join(c["source"]))
    exercise = eval(source.split("\n", 1)[1], {"LegalPlayExercise": LegalPlayExercise})
    open_slides(page, open_notebook, lesson, "1920x1080")
    for k in range(1, index + 1):
        press_and_wait(page, "ArrowRight", k)
    wait_for_outputs(page, slides[index])
    slide = page.locator(PRESENT)
    for card in exercise.legal:
        slide.get_by_role("button", name=card.label(exercise.theme), exact=True).click()
    slide.get_by_role("button", name="Check", exact=True).click()
    slide.locator(".fox-feedback .fox-msg.fox-right").wait_for()
    shoot(page, "02_leading_and_following-answered-1920x1080")
    # The widget lives in the kernel: the same page, now at 720p, still shows the answer.
    page.set_viewport_size({"width": 1280, "height": 720})
    slide.locator(".fox-feedback .fox-msg.fox-right").wait_for()
    shoot(page, "02_leading_and_following-answered-1280x720")
    page.wait_for_load_state("networkidle")


def test_arrow_keys_move_between_slides_and_scroll_a_tall_one(page, open_notebook):
    """Right and Left move by one slide; Up and Down scroll a slide taller than the screen
    (the play table in lesson 15) without leaving it."""
    lesson = "15_play_the_computer.ipynb"
    slides = slides_of(NOTEBOOKS / lesson)
    table = next(k for k, cells in enumerate(slides)
                 if any("PlayTable(" in "".join(c["source"]) for c in cells))
    open_slides(page, open_notebook, lesson, "1280x720")
    press_and_wait(page, "ArrowRight", 1)
    press_and_wait(page, "ArrowLeft", 0)
    for k in range(1, table + 1):
        press_and_wait(page, "ArrowRight", k)
    wait_for_outputs(page, slides[table])
    page.locator(f"{PRESENT} .fox-card").first.wait_for()
    m = page.evaluate(MEASURE)
    assert m["tall"] and m["scrolls"], "the play table should be taller than a 720p slide"
    scroll_top = f"() => document.querySelector('{PRESENT}').scrollTop"
    assert page.evaluate(scroll_top) == 0
    page.keyboard.press("ArrowDown")
    page.wait_for_function(f"() => document.querySelector('{PRESENT}').scrollTop > 100")
    assert present_index(page) == table
    shoot(page, "15_play_the_computer-scrolled-1280x720")
    page.keyboard.press("ArrowUp")
    page.wait_for_function(f"() => document.querySelector('{PRESENT}').scrollTop < 100")
    assert present_index(page) == table
    page.wait_for_load_state("networkidle")


def test_slides_keep_math_and_widgets_working_offline(page, voila_factory, open_notebook):
    """Math typeset by Voilà's MathJax 3 stays on its slide as slides change, with no page error
    (the fixture fails on page errors), and a widget on a slide answers clicks."""
    server = voila_factory(TEST_NOTEBOOKS)
    page.set_viewport_size({"width": 1280, "height": 720})
    open_notebook(f"/voila/render/slides_math.ipynb{SLIDES}", server=server, wait_for=READY)
    page.locator(f"{PRESENT} mjx-container").first.wait_for()
    press_and_wait(page, "ArrowRight", 1)
    page.locator(PRESENT).get_by_role("button", name="Press me").click()
    page.locator(PRESENT).get_by_text("presses: 1").wait_for()
    press_and_wait(page, "ArrowRight", 2)
    page.locator(f"{PRESENT} mjx-container").first.wait_for()
    press_and_wait(page, "ArrowLeft", 1)
    shoot(page, "slides-math-1280x720")
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize("query", ["?template=reveal", "?voila-template=reveal",
                                   "?voila-template=lab"])
def test_a_url_can_pick_no_template_but_the_slides(page, voila_factory, open_notebook, query):
    """Voilà's other templates load files from CDNs: a URL asking for one gets the app's
    usual page."""
    server = voila_factory(TEST_NOTEBOOKS)
    open_notebook(f"/voila/render/slides_math.ipynb{query}", server=server,
                  wait_for="widget", label=f"slides_math.ipynb{query}")
    assert page.locator(".reveal").count() == 0
    assert page.locator("link[href*='/voila/templates/fox-explorer/']").count() > 0
    page.wait_for_load_state("networkidle")
