"""A learner walks every lesson in one browser tab: each exercise is answered wrong first, then
right; the wrong try's feedback must never name the right answer, every quiz must end with its
summary, and no text on the page may show a grammar fault ("1 points", a doubled sentence).

What to click comes from tests/helpers/lesson_walk.py, which builds each lesson's exercises in Python
exactly as the page does (the engine decides which answers are right). Then the landing page:
after an exercise is solved, it shows the lesson's progress and "Continue" leads there.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "helpers"))  # tests/helpers: lesson_walk

from lesson_walk import (LESSONS, grammar_faults, lesson_activities,  # noqa: E402
                         names_the_answer, plan)
from widgets.exercises import Quiz  # noqa: E402

TOP_LEVEL = ".fox-quiz, .fox-exercise:not(.fox-quiz .fox-exercise)"
FIRST_INTERACTIVE = ".fox-exercise .jupyter-button, .fox-exercise .fox-clickable"


def card_name(card, theme) -> str:
    return card.label(theme)


def feedback_of(scope, verdict: str) -> str:
    """Wait for the exercise's verdict ('fox-wrong' or 'fox-right') and return its text."""
    msg = scope.locator(f".fox-feedback .fox-msg.{verdict}")
    msg.wait_for()
    return msg.inner_text()


def toggle_cards(scope, want, have, theme) -> None:
    for card in sorted(set(want) ^ set(have)):
        name = card_name(card, theme)
        selected = card in have
        scope.get_by_role("button", name=f"{name} (selected)" if selected else name,
                          exact=True).click()
        after = name if selected else f"{name} (selected)"
        scope.get_by_role("button", name=after, exact=True).wait_for()


def answer(page, scope, ex, kind, value, before) -> None:
    """One try, through the page; ``before`` is the card selection it starts from."""
    theme = ex.theme
    if kind == "button":
        scope.get_by_role("button", name=value, exact=True).click()
    elif kind == "card":
        scope.get_by_role("button", name=card_name(value, theme), exact=True).click()
    elif kind == "cards":
        toggle_cards(scope, value, before, theme)
        scope.get_by_role("button", name="Check", exact=True).click()
    else:
        box = scope.locator(".fox-points-entry input")
        box.fill(str(value))
        box.press("Enter")
        scope.get_by_role("button", name="Check", exact=True).click()


def walk_exercise(page, scope, ex, where: str, problems: list) -> None:
    p = plan(ex)
    have = []
    if p.wrong is not None:
        answer(page, scope, ex, p.kind, p.wrong, have)
        text = feedback_of(scope, "fox-wrong")
        leaked = names_the_answer(text, p.forbidden)
        if leaked:
            problems.append(f"{where}: the wrong try's feedback names the answer {leaked}: "
                            f"{text!r}")
        problems += [f"{where}: grammar {g!r} in {text!r}" for g in grammar_faults(text)]
        have = list(p.wrong) if p.kind == "cards" else []
    answer(page, scope, ex, p.kind, p.right, have)
    text = feedback_of(scope, "fox-right")
    problems += [f"{where}: grammar {g!r} in {text!r}" for g in grammar_faults(text)]


def walk_quiz(page, scope, quiz, where: str, problems: list) -> None:
    for i in range(len(quiz)):
        scope.get_by_text(f"question {i + 1} of {len(quiz)}").wait_for()
        ex = quiz.exercise(i)
        walk_exercise(page, scope.locator(".fox-exercise"), ex, f"{where} question {i + 1}",
                      problems)
        scope.locator(".fox-quiz-next").click()
    summary = scope.locator(".fox-quiz-summary .fox-quiz-headline")
    summary.wait_for()
    text = summary.inner_text()
    n = len(quiz)
    # Only a question with no wrong answer to give was right on the first try.
    first = sum(plan(quiz.exercise(i)).wrong is None for i in range(n))
    if not text.startswith(f"You answered {first} of {n} on the first try."):
        problems.append(f"{where}: the summary after wrong-first answers says {text!r}")
    # Every question missed on the first try is listed to review.
    listed = scope.locator(".fox-quiz-review-list li").count()
    if listed != n - first:
        problems.append(f"{where}: {listed} of {n - first} missed questions listed to review")


def walk_activities(page, tops, activities, lesson: str, problems: list) -> None:
    """Walk a lesson page's exercises and quizzes (``tops``, in order), each wrong then right."""
    for k, activity in enumerate(activities):
        scope = tops.nth(k)
        scope.scroll_into_view_if_needed()
        walk = walk_quiz if isinstance(activity, Quiz) else walk_exercise
        walk(page, scope, activity, f"{lesson} #{k + 1}", problems)


def test_a_learner_walks_every_lesson_wrong_then_right(page, open_notebook, screenshot):
    problems: list[str] = []
    for lesson in LESSONS:
        activities = lesson_activities(lesson)
        open_notebook(lesson, wait_for=FIRST_INTERACTIVE, label=f"lesson walk: {lesson}")
        tops = page.locator(TOP_LEVEL)
        tops.nth(len(activities) - 1).wait_for()
        assert tops.count() == len(activities), f"{lesson}: exercises on the page"
        walk_activities(page, tops, activities, lesson, problems)
        text = page.locator("#rendered_cells").inner_text()
        problems += [f"{lesson}: grammar {g!r} on the page" for g in grammar_faults(text)]
        if lesson == "01_cards_and_deal.ipynb":
            page.locator(".fox-quiz-summary").first.scroll_into_view_if_needed()
            screenshot("lesson-walk-quiz-summary", full_page=False)
        page.wait_for_load_state("networkidle")
    assert not problems, "\n".join(problems)


def test_index_shows_progress_and_continues_at_the_first_lesson_not_finished(
        page, open_notebook, screenshot):
    open_notebook("index.ipynb", wait_for=".fox-home [data-fox-continue]")
    start = page.locator("[data-fox-continue]")
    assert start.inner_text().strip() == "Start with lesson 1"
    assert page.locator("[data-fox-lesson='05_fox'] .fox-home-state").inner_text() == \
        "Not started"
    # Every lesson can be presented as slides.
    present = page.locator(".fox-home-present").evaluate_all("els => els.map(e => e.href)")
    assert [h.rsplit("/", 1)[1] for h in present] == \
        [f"{stem}?voila-template=fox-slides" for stem in LESSONS]
    page.wait_for_load_state("networkidle")

    open_notebook("05_fox.ipynb", wait_for=FIRST_INTERACTIVE)
    exercise = page.locator(".fox-exercise").first
    exercise.get_by_role("button", name="Swap in the 8 of Moons", exact=True).click()
    feedback_of(exercise, "fox-right")
    page.wait_for_function(
        "() => (JSON.parse(localStorage.getItem('fox-explorer-lessons-v1') || '{}')"
        "['05_fox'] || {solved: []}).solved.length === 1")
    page.wait_for_load_state("networkidle")

    open_notebook("index.ipynb", wait_for=".fox-home [data-fox-continue]")
    state = page.locator("[data-fox-lesson='05_fox'] .fox-home-state")
    page.wait_for_function(
        "() => document.querySelector(\"[data-fox-lesson='05_fox'] .fox-home-state\")"
        ".textContent.includes('solved')")
    assert state.inner_text() == "1 of 2 exercises solved"
    bar = page.locator("[data-fox-lesson='05_fox'] .fox-home-bar")
    assert bar.get_attribute("aria-valuenow") == "50"
    # Continue leads to the first lesson not finished: lesson 1, not the lesson just touched.
    assert start.inner_text().strip() == "Continue: lesson 1, The cards and the deal"
    assert start.get_attribute("href") == "01_cards_and_deal.ipynb"
    screenshot("index-with-progress", full_page=False)
    start.click()
    page.wait_for_url("**/01_cards_and_deal.ipynb", wait_until="commit")
    page.locator(FIRST_INTERACTIVE).first.wait_for()


def test_a_quiz_answered_by_keyboard_moves_the_focus_to_the_next_questions_answers(
        page, open_notebook):
    """Enter on an answer, then on Next: the focus lands on the next question's first answer
    (the learner goes on with Tab and Enter from there, not from Next below the question)."""
    open_notebook("18_special_cards_2.ipynb", wait_for=FIRST_INTERACTIVE,
                  label="lesson 18 (keyboard quiz)")
    quiz = page.locator(".fox-quiz").first
    quiz.scroll_into_view_if_needed()
    first = quiz.locator(".fox-choice").first
    first.focus()
    first.press("Enter")
    quiz.locator(".fox-feedback .fox-msg").first.wait_for()
    nxt = quiz.locator(".fox-quiz-next")
    nxt.focus()
    nxt.press("Enter")
    quiz.get_by_text("question 2 of").wait_for()
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.matches('.fox-quiz .fox-choice')"
        " && document.activeElement.closest('.fox-quiz').textContent.includes('question 2 of')")


def test_a_score_below_zero_is_kept_judged_wrong_and_explained(page, open_notebook):
    """Lesson 19: Ben is at 0 and takes a Poison 8. The box keeps "-1" as typed (a number box
    bounded at 0 turned it into 0, the right answer, and called it right): it is judged wrong,
    with why a score never goes below zero, and the right number is not named; then 0 is right."""
    open_notebook("19_poison_8s.ipynb", wait_for=FIRST_INTERACTIVE,
                  label="lesson 19 (a score below zero)")
    quiz = page.locator(".fox-quiz", has_text="Ben 0 points").first
    quiz.scroll_into_view_if_needed()
    exercise = quiz.locator(".fox-exercise")
    box = exercise.locator(".fox-points-entry input")
    box.fill("-1")
    exercise.get_by_role("button", name="Check", exact=True).click()
    text = feedback_of(exercise, "fox-wrong")
    assert "You answered: -1." in text and "A score is never negative" in text, text
    assert not names_the_answer(text, ["0 point", "= 0"]), text
    assert box.input_value() == "-1"
    assert quiz.locator(".fox-quiz-tally").inner_text().startswith("0 of")
    box.fill("0")
    exercise.get_by_role("button", name="Check", exact=True).click()
    text = feedback_of(exercise, "fox-right")
    assert "never goes below 0" in text, text


def test_a_prediction_wrong_then_right_counts_as_seen_not_solved(page, voila_server):
    """A predict puzzle answered wrong, then right (after Retry): the wrong try says why and
    not what happens, and the puzzle is marked "solution seen", not solved, on the puzzle page
    and in the progress the browser keeps (which the contents page reads)."""
    from foxlib.teaching.puzzles import load_collection, truth
    app = ".fox-puzzle-app"
    puzzle = load_collection().puzzle("follow-higher-key")      # two Keys: who wins?
    right, reason = truth(puzzle)
    labels = {puzzle.you: "You", puzzle.opponent: "Your opponent"}
    page.goto(voila_server.url("puzzles.ipynb") + f"#puzzle={puzzle.id}", wait_until="commit")
    page.locator(f"{app} .fox-headline", has_text=puzzle.title).first.wait_for(timeout=120_000)
    page.get_by_text(re.compile(r"Your progress: 0 of \d+ puzzles solved")).wait_for()
    page.get_by_role("button", name=labels[1 - right], exact=True).click()
    box = page.locator(f"{app} .fox-pz-feedback")
    box.filter(has_text=f"Not {labels[1 - right].lower()}.").wait_for()
    text = box.inner_text()
    assert reason not in text                     # the engine's reason names what happens
    assert "counts as seen, not solved" in text
    assert page.locator(f"{app} .fox-pz-table [data-place='won']").count() == 0
    page.locator(f"{app} .fox-pz-seen").wait_for()
    page.get_by_role("button", name="Retry").click()
    page.get_by_role("button", name=labels[right], exact=True).click()
    box.filter(has_text="Right!").wait_for()
    assert "Not counted as solved" in box.inner_text()
    page.locator(f"{app} .fox-pz-seen").wait_for()
    assert page.locator(f"{app} .fox-pz-solved").count() == 0
    page.get_by_text(re.compile(r"Your progress: 0 of \d+ puzzles solved")).wait_for()
    row = page.locator(f"{app} tr[data-set='{puzzle.set_id}'] .fox-pz-count")
    assert row.inner_text().startswith("0 /")
    key = f"{puzzle.set_id}/{puzzle.id}"
    page.wait_for_function(
        f"() => (JSON.parse(localStorage.getItem('fox-explorer-puzzles-v1-seen') || '{{}}'))"
        f"['{key}'] === true")
    solved = json.loads(page.evaluate(
        "() => localStorage.getItem('fox-explorer-puzzles-v1') || '{}'"))
    assert key not in solved


# ---- Continue, links and focus rings, the score band on a phone -----------------------------

#: Every page of the app, each visited once by the link check.
ALL_PAGES = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "notebooks")
                   .glob("*.ipynb"))
#: What the keyboard can reach on a page: links, buttons, fields, cards.
FOCUSABLE = ("a[href], button, input:not([type=hidden]), select, textarea, "
             ".fox-clickable[tabindex]")
#: The page's links and focusable elements, each with how it looks. A link "looks like a link"
#: when it is underlined or its colour differs from the body text's. The focus ring is read
#: with the element focused after a key press (the keyboard's :focus-visible).
LOOKS = """(selector) => {
  const visible = (el) => {
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none"
      && !el.closest("[aria-hidden='true'], .jp-RenderedHTMLCommon h1 a.anchor-link, a.anchor-link");
  };
  const body = getComputedStyle(document.body).color;
  const out = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!visible(el) || el.disabled) continue;
    const cs = getComputedStyle(el);
    const row = {tag: el.tagName.toLowerCase(), text: (el.textContent || el.value || "").trim()
                 .slice(0, 40), href: el.getAttribute("href") || ""};
    if (row.tag === "a") {
      row.underlined = cs.textDecorationLine.includes("underline");
      row.distinct = cs.color !== body;
      // A link in running text (not drawn as a button, with its own border or background)
      // must be underlined: a colour alone is too close to the text's.
      const drawn = parseFloat(cs.borderTopWidth) > 0 || cs.backgroundColor !== "rgba(0, 0, 0, 0)";
      row.inText = !drawn && Boolean(el.closest("p, li, td, dd"));
    }
    el.focus({preventScroll: true});
    if (document.activeElement === el) {
      const f = getComputedStyle(el);
      row.ring = f.outlineStyle !== "none" ? parseFloat(f.outlineWidth) : 0;
      row.focusVisible = el.matches(":focus-visible");
      out.push(row);
    }
  }
  return out;
}"""


def test_continue_after_finishing_lesson_1_leads_to_lesson_2_and_names_it(
        page, open_notebook, screenshot):
    lesson = LESSONS[0]
    activities = lesson_activities(lesson)
    open_notebook(lesson, wait_for=FIRST_INTERACTIVE, label="continue: lesson 1")
    tops = page.locator(TOP_LEVEL)
    tops.nth(len(activities) - 1).wait_for()
    problems: list[str] = []
    walk_activities(page, tops, activities, lesson, problems)
    assert not problems, problems
    stem = lesson.removesuffix(".ipynb")
    page.wait_for_function(
        "(stem) => { const e = JSON.parse(localStorage.getItem('fox-explorer-lessons-v1') || "
        "'{}')[stem]; return e && e.total > 0 && e.solved.length >= e.total; }", arg=stem)
    page.wait_for_load_state("networkidle")

    open_notebook("index.ipynb", wait_for=".fox-home [data-fox-continue]")
    start = page.locator("[data-fox-continue]")
    page.wait_for_function(
        "() => document.querySelector('[data-fox-continue]').textContent.includes('lesson 2')")
    assert start.inner_text().strip() == "Continue: lesson 2, Leading and following"
    assert start.get_attribute("href") == "02_leading_and_following.ipynb"
    assert page.locator(f"[data-fox-lesson='{stem}'] .fox-home-state").inner_text() == \
        "\u2714 All exercises solved"
    screenshot("index-continue-after-lesson-1", full_page=False)


def test_every_link_looks_like_a_link_and_every_focus_ring_is_visible(page, open_notebook):
    """Each page once: every visible link is underlined or coloured apart from the text (in
    running text, underlined), and every link, button, field and card the keyboard reaches
    shows a ring of 2px or more."""
    problems: list[str] = []
    counted = 0
    for name in ALL_PAGES:
        wait = {"teachers_guide.ipynb": "rendered",
                "index.ipynb": ".fox-home [data-fox-continue]"}.get(name, "widget")
        open_notebook(name, wait_for=wait, label=f"links and focus: {name}")
        page.keyboard.press("Shift")             # the keyboard is in use: :focus-visible
        for row in page.evaluate(LOOKS, FOCUSABLE):
            counted += 1
            what = f"{name}: {row['tag']} {row['text']!r} {row['href']}"
            if row["tag"] == "a" and not (row["underlined"] or row["distinct"]):
                problems.append(f"{what}: looks like plain text")
            if row["tag"] == "a" and row["inText"] and not row["underlined"]:
                problems.append(f"{what}: a link in the text, not underlined")
            if row["focusVisible"] and row["ring"] < 2:
                problems.append(f"{what}: focus ring {row['ring']}px")
            if not row["focusVisible"]:
                problems.append(f"{what}: no :focus-visible after a key press")
        page.wait_for_load_state("networkidle")
    assert counted > 100
    assert not problems, "\n".join(problems[:40])


def test_the_score_bands_names_fit_on_a_phone(page, open_notebook, screenshot):
    """Each band's name is whole, on one line, and at least 11px (it was 9px, and a narrow
    band put its points on a second line)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_notebook("15_play_the_computer.ipynb", wait_for=".fox-band-name")
    names = page.locator(".fox-band-name")
    names.first.scroll_into_view_if_needed()
    cut = page.evaluate("""() => [...document.querySelectorAll('.fox-band-name')]
        .filter((el) => el.getBoundingClientRect().width > 0)
        .filter((el) => el.scrollWidth > el.clientWidth + 1
                        || getComputedStyle(el).textOverflow === 'ellipsis'
                        || el.getClientRects().length > 1
                        || el.getBoundingClientRect().height > 1.6 * parseFloat(
                               getComputedStyle(el).fontSize)
                        || parseFloat(getComputedStyle(el).fontSize) < 11)
        .map((el) => el.textContent)""")
    assert names.count() >= 4 and not cut, cut
    page.locator(".fox-meter").first.screenshot(path=str(
        Path(__file__).resolve().parents[2] / "build" / "screenshots" / "score-bands-390.png"))


#: Texts whose colour is too close to their background: WCAG's 4.5:1 (3:1 for large text),
#: the background read from the element and its ancestors (skipped over an image or gradient).
LOW_CONTRAST = """() => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1}; };
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = (c) => 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  const over = (top, bot) => ({r: top.r * top.a + bot.r * (1 - top.a),
    g: top.g * top.a + bot.g * (1 - top.a), b: top.b * top.a + bot.b * (1 - top.a), a: 1});
  const background = (el) => { const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.backgroundImage !== "none") return null;
      const c = parse(cs.backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; } }
    let bg = {r: 255, g: 255, b: 255, a: 1};
    for (const layer of layers.reverse()) bg = over(layer, bg);
    return bg; };
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim(), el = walker.currentNode.parentElement;
    if (!text || el.closest("svg, [aria-hidden='true'], button:disabled")) continue;
    const r = el.getBoundingClientRect(), cs = getComputedStyle(el);
    if (!r.width || !r.height || cs.visibility === "hidden" || parseFloat(cs.opacity) < 1) continue;
    const bg = background(el);
    if (!bg) continue;
    const fg = over(parse(cs.color), bg), a = lum(fg), b = lum(bg);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < need) out.push(`${ratio.toFixed(2)}:1 ${cs.color} ${text.slice(0, 40)}`);
  }
  return [...new Set(out)];
}"""


def test_muted_texts_keep_contrast_on_a_phone(page, open_notebook):
    """The quiet texts (the rulings' "In the rulebook" notes, a quiz's tally, the score strip,
    captions, the highlighted code of a code box, the green buttons) reach 4.5:1."""
    page.set_viewport_size({"width": 390, "height": 844})
    problems: list[str] = []
    for name, wait in (("rulings.ipynb", ".fox-ruling-basis"),
                       ("02_leading_and_following.ipynb", ".fox-quiz-tally"),
                       ("puzzles.ipynb", ".fox-band-name"),
                       ("20_goal_cards.ipynb", ".jp-RenderedHTMLCommon pre")):
        open_notebook(name, wait_for=wait, label=f"contrast: {name}")
        problems += [f"{name}: {row}" for row in page.evaluate(LOW_CONTRAST)]
        page.wait_for_load_state("networkidle")
    assert not problems, "\n".join(problems[:30])


def test_code_blocks_are_boxed_and_nothing_runs_off_a_phone(page, open_notebook):
    """The teacher's guide on a phone: each code block is a box with space under it whose long
    lines wrap inside it (nothing of a command hidden out of sight), and no word or address
    runs past the right edge."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_notebook("teachers_guide.ipynb", wait_for="rendered", label="code blocks: guide")
    blocks = page.evaluate("""() => [...document.querySelectorAll('.jp-RenderedHTMLCommon pre')]
        .map((el) => { const cs = getComputedStyle(el);
          return {text: el.textContent.slice(0, 30), bg: cs.backgroundColor, scroll: cs.overflowX,
                  wrap: cs.whiteSpace, below: parseFloat(cs.marginBottom),
                  pad: parseFloat(cs.paddingLeft),
                  hidden: el.scrollWidth - el.clientWidth}; })""")
    assert blocks, "the teacher's guide shows no code block"
    bad = [b for b in blocks if b["bg"] in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")
           or b["scroll"] != "auto" or b["wrap"] != "pre-wrap" or b["hidden"] > 1
           or b["below"] < 8 or b["pad"] < 6]
    assert not bad, bad
    past = page.evaluate("""() => { const w = document.documentElement.clientWidth;
      const scrolls = (el) => { for (let p = el.parentElement; p; p = p.parentElement) {
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)
              && p.getBoundingClientRect().right <= w + 1) return true; } return false; };
      return [...document.querySelectorAll('.jp-RenderedHTMLCommon *')]
        .filter((el) => el.getBoundingClientRect().right > w + 1 && !scrolls(el))
        .map((el) => `${el.tagName} ${el.textContent.slice(0, 40)}`); }""")
    assert not past, past[:10]


def test_text_shown_by_a_code_cell_lines_up_with_the_page_text(page, open_notebook):
    """The teacher's guide's links to this copy are Markdown shown by a code cell: their
    paragraph starts where the text cells' paragraphs start (it stood about 5 px left)."""
    open_notebook("teachers_guide.ipynb", wait_for="rendered", label="aligned: guide")
    lefts = page.evaluate("""() => {
      const left = (sel) => [...document.querySelectorAll(sel)]
        .map((el) => Math.round(el.getBoundingClientRect().left * 10) / 10);
      return {text: left('.jp-MarkdownCell .jp-RenderedHTMLCommon > p'),
              output: left('.jp-OutputArea-output.jp-RenderedMarkdown > p')}; }""")
    assert lefts["output"] and lefts["text"], lefts
    assert max(abs(x - lefts["text"][0]) for x in lefts["output"] + lefts["text"]) <= 1, lefts
