"""The teacher's guide (notebooks/teachers_guide.ipynb, and its copy docs/teachers-guide.md):
everything it names exists and works as it says.

The notebook is the source: `python tests/notebooks/test_teachers_guide.py --write` rewrites the doc
from it (with links that work from docs/).
"""
from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO_ROOT / "notebooks"
GUIDE = NOTEBOOKS / "teachers_guide.ipynb"
DOC = REPO_ROOT / "docs" / "teachers-guide.md"
RULES_DIR = Path(os.environ.get("FOX_RULES_DIR", REPO_ROOT.parent / "shared" / "rules"))
DOC_HEADER = (
    "<!-- Written from notebooks/teachers_guide.ipynb by "
    "`python tests/notebooks/test_teachers_guide.py --write`: edit the notebook, not this file. -->\n\n"
    "*This guide is also a page of the app: **For teachers** on the contents page, "
    "`notebooks/teachers_guide.ipynb`.*\n\n"
)


#: The guide's one code cell: this copy's Binder and site links, made from the setting
#: (widgets/project.cfg); the doc has the same paragraph, written when it is written.
LINKS_CELL = "from widgets.project import ProjectLinks\nProjectLinks()"


def guide_cells() -> list[str]:
    from widgets.project import links_markdown

    nb = json.loads(GUIDE.read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] != "markdown"]
    assert code == [LINKS_CELL], "the guide is text, and its links to this copy"
    return [links_markdown() if c["cell_type"] == "code" else "".join(c["source"])
            for c in nb["cells"]]


def guide_text() -> str:
    return "\n\n".join(guide_cells())


def as_doc(markdown: str) -> str:
    """The guide as docs/teachers-guide.md: links to the app's pages point into notebooks/."""
    return DOC_HEADER + re.sub(r"\]\((?!https?:|#)([^)\s]+)\)", r"](../notebooks/\1)",
                               markdown) + "\n"


def links() -> list[str]:
    """The guide's links to the app's pages (not to the web: Binder, GitHub)."""
    return [t for t in re.findall(r"\]\(([^)\s]+)\)", guide_text())
            if not t.startswith("https://")]


def section(title: str) -> str:
    return next(c for c in guide_cells() if c.startswith(f"## {title}"))


def code_lines(prefix: str) -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", guide_text(), re.S)
    return [line.strip() for block in blocks for line in block.splitlines()
            if line.strip().startswith(prefix)]


def test_the_doc_is_the_guide_page():
    assert DOC.read_text(encoding="utf-8") == as_doc(guide_text()), (
        "docs/teachers-guide.md is out of date: run python tests/notebooks/test_teachers_guide.py --write")


def test_the_contents_page_links_the_guide():
    from widgets.home import page_html

    html = page_html()
    assert f"href='{GUIDE.name}'" in html and "For teachers" in html


def test_the_guide_links_this_copy_from_the_one_setting():
    """The links paragraph follows widgets/project.cfg (tests/widgets/test_project_links.py
    changes the setting); the guide says where the setting is."""
    from widgets.project import links_markdown

    assert links_markdown() in guide_cells()
    own = section("Your own copy of the app")
    assert "`widgets/project.cfg`" in own and "`repository =`" in own
    assert "python -m widgets.project --write-readme" in own


def test_every_page_the_guide_links_exists():
    from foxlib.teaching.puzzles import load_collection

    set_ids = {s.id for s in load_collection().sets}
    for target in links():
        page, _, fragment = target.partition("#")
        page, _, query = page.partition("?")
        assert (NOTEBOOKS / page).is_file(), f"the guide links {target}: no notebooks/{page}"
        if query:
            assert query == "voila-template=fox-slides", f"{target}: only the slides"
        if page == "puzzles.ipynb" and fragment:
            assert fragment in set_ids, f"{target}: no puzzle set {fragment!r}"


def test_the_slides_link_is_a_template_a_url_may_pick():
    tree = ast.parse((REPO_ROOT / "etc" / "jupyter" / "voila.py").read_text())
    allowed = next(ast.literal_eval(node.value) for node in ast.walk(tree)
                   if isinstance(node, ast.Assign)
                   and getattr(node.targets[0], "id", "") == "QUERY_TEMPLATES")
    slides = [t for t in links() if "voila-template=" in t]
    assert slides
    for target in slides:
        name = target.split("voila-template=")[1]
        assert name in allowed
        assert (REPO_ROOT / "share" / "jupyter" / "voila" / "templates" / name).is_dir()


def test_every_lesson_the_guide_names_exists():
    numbers = {int(n) for n in re.findall(r"\b[Ll]essons? (\d+)", guide_text())}
    numbers |= {int(n) for n in re.findall(r"\[(\d+)\]\(\d\d_", guide_text())}
    lessons = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert numbers and max(numbers) <= len(lessons) and min(numbers) >= 1
    for target in links():
        m = re.match(r"(\d\d)_", target)
        if m:
            number = int(m.group(1))
            assert lessons[number - 1].name == target.split("?")[0], target


def test_the_puzzle_sets_table_is_the_collection():
    from foxlib.teaching.puzzles import load_collection

    rows = re.findall(r"^\| \[(\d+)\]\((\d\d_\w+)\.ipynb\) \| \[([^\]]+)\]\(puzzles\.ipynb#([\w-]+)\)"
                      r" \| (\d+) \|$", section("Puzzle sets to assign"), re.M)
    # The guide lists the sets by the lesson they follow (the app, easy to hard in each part of
    # the course: docs/puzzles.md); the Deluxe set has no lesson.
    sets = sorted((s for s in load_collection().sets if s.lesson), key=lambda s: s.lesson)
    deluxe = next(s for s in load_collection().sets if not s.lesson)
    assert f"(puzzles.ipynb#{deluxe.id}) ({len(deluxe.puzzles)}" in section(
        "Puzzle sets to assign").replace("\n", " ")
    assert [(r[3], r[2]) for r in rows] == [(s.id, s.title) for s in sets]
    for (number, lesson, _title, set_id, count), s in zip(rows, sets):
        assert lesson == s.lesson and int(number) == int(lesson[:2]), set_id
        assert int(count) == len(s.puzzles), f"{set_id}: {len(s.puzzles)} puzzles, not {count}"


def test_the_deluxe_class_plan_fills_one_period():
    rows = re.findall(r"^\| (\d+)–(\d+) \| .+ \| (.*) \|$", section("A Deluxe class"), re.M)
    assert rows[0][0] == "0" and rows[-1][1] == "50"
    assert all(a[1] == b[0] for a, b in zip(rows, rows[1:])), "the timings leave a gap"
    shown = " ".join(where for _, _, where in rows)
    for lesson in ("16_special_cards", "17_special_cards_1", "18_special_cards_2",
                   "19_poison_8s", "20_goal_cards", "15_play_the_computer"):
        assert f"({lesson}.ipynb)" in shown, lesson


def test_each_deluxe_lesson_has_questions_and_our_rulings_are_labelled():
    questions = section("Questions for the Deluxe lessons")
    for number in range(16, 21):
        assert f"**Lesson {number}," in questions, f"no questions for lesson {number}"
    rulings = json.loads((REPO_ROOT / "foxlib" / "data" / "rulings.json").read_text())
    ids = {r["id"] for r in rulings}
    for found in re.finditer(r"\b(SC\d+|P\d+|G\d+)\b", questions):
        assert found.group(1) in ids, found.group(1)
        before = questions[max(0, found.start() - 30):found.start()]
        assert "our ruling" in re.sub(r"\s+", " ", before).lower(), \
            f"{found.group(1)} is not labelled as our ruling"


def test_every_deluxe_puzzle_is_given_to_a_lesson_and_the_lessons_link_the_set():
    from foxlib.teaching.puzzles import load_collection

    deluxe = next(s for s in load_collection().sets if not s.lesson)
    text = section("Puzzle sets to assign")
    table = text[text.index("| After lesson | Deluxe puzzles"):]
    named = set(re.findall(r"\*([^*]+)\*", table)) - {"Goal cards"}
    assert named == {p.title for p in deluxe.puzzles}
    assert "no lesson links to it" not in guide_text()
    (linking,) = re.findall(r"lessons (\d+) and (\d+) end with a link", text.replace("\n", " "))
    for number in linking:
        lesson = next(NOTEBOOKS.glob(f"{number}_*.ipynb"))
        assert f"(puzzles.ipynb#{deluxe.id})" in lesson.read_text(encoding="utf-8"), lesson.name


def test_the_counts_in_the_guide_are_the_app_s():
    from foxlib.teaching.puzzles import load_collection

    sets = load_collection().sets
    text = guide_text()
    (lessons,) = re.findall(r"\*\*(\d+) short lessons\*\*", text)
    assert int(lessons) == len(list(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")))
    (puzzles, n_sets) = re.findall(r"\*\*(\d+) puzzles in (\d+) sets\*\*", text)[0]
    assert (int(puzzles), int(n_sets)) == (sum(len(s.puzzles) for s in sets), len(sets))


def test_the_explorer_examples_the_guide_shows_exist():
    from widgets.explorer import PRESETS

    named = re.findall(r"\*\*([^*]+)\*\*", section("What to show in the rules explorer"))
    examples = [n for n in named if n not in {"Example", "Back"}]
    assert len(examples) >= 8
    for name in examples:
        assert name in PRESETS, f"the explorer has no example {name!r}"


def test_the_computer_players_the_guide_names_exist():
    from widgets.play_table import LEVELS, _level_title

    titles = [_level_title(k) for k in LEVELS]
    named = re.findall(r"\*([A-Z][\w-]+ player)\*", guide_text())
    assert named
    for name in named:
        assert any(t.startswith(name) for t in titles), f"no opponent called {name!r}"


def test_the_puzzle_check_command_in_the_guide_proves_a_puzzle_file(tmp_path):
    from foxlib.teaching.puzzles import EXAMPLE_FILE

    (command,) = code_lines(".venv/bin/python -m foxlib puzzles check")
    name = command.split()[-1]
    (tmp_path / name).write_text(json.dumps(EXAMPLE_FILE), encoding="utf-8")
    args = [sys.executable] + command.split()[1:]
    done = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failed, 0 load problems" in done.stdout
    assert "0 failed, 0 load problems" in guide_text()


def test_the_puzzle_generate_command_in_the_guide_writes_a_sound_file(tmp_path):
    from foxlib.teaching.puzzles import load_file

    (command,) = code_lines(".venv/bin/python -m foxlib puzzles generate")
    args = [sys.executable] + command.split()[1:]
    done = subprocess.run(args, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    out = tmp_path / args[args.index("--out") + 1]
    result = load_file(out)
    assert not result.problems and sum(len(s.puzzles) for s in result.sets) >= 1


@pytest.mark.skipif(not RULES_DIR.is_dir(), reason=f"rules sources not found in {RULES_DIR}")
def test_the_guide_is_written_in_our_own_words():
    """No run of 9 words from the rules sources (as tests/notebooks/test_lessons.py checks the lessons)."""
    def words(text):
        return re.findall(r"[a-z0-9]+", text.lower())

    n = 9
    source_runs = set()
    for src in RULES_DIR.glob("*.txt"):
        w = words(src.read_text(encoding="utf-8"))
        source_runs.update(tuple(w[i:i + n]) for i in range(len(w) - n + 1))
    w = words(guide_text())
    copied = [" ".join(w[i:i + n]) for i in range(len(w) - n + 1) if tuple(w[i:i + n]) in source_runs]
    assert not copied, f"the guide repeats the rules sources: {copied[:3]}"


def make_targets() -> set[str]:
    text = (REPO_ROOT / "Makefile").read_text()
    return set(re.findall(r"^([\w-]+):", text, re.M))


def test_the_make_targets_in_the_guide_exist():
    named = re.findall(r"`make (\w+)", guide_text()) + [
        line.split()[1] for line in code_lines("make ")]
    assert "app" in named
    for target in named:
        assert target in make_targets(), f"the Makefile has no target {target!r}"


def test_make_app_takes_the_host_the_guide_gives():
    """`make app HOST=0.0.0.0` serves the room's network (the Makefile's HOST setting)."""
    makefile = (REPO_ROOT / "Makefile").read_text()
    if not re.search(r"^HOST \?=", makefile, re.M):
        pytest.skip("the Makefile has no HOST setting yet (it comes with the change that "
                    "lets `make app` serve a classroom network)")
    for line in code_lines("make "):
        for variable in re.findall(r"\b([A-Z]+)=", line):
            assert re.search(rf"\$\({variable}\)", makefile), f"make ignores {variable}"


if __name__ == "__main__":
    sys.path.insert(0, str(REPO_ROOT))      # this checkout's widgets (the links paragraph)
    if sys.argv[1:] == ["--write"]:
        DOC.write_text(as_doc(guide_text()), encoding="utf-8")
        print(f"wrote {DOC.relative_to(REPO_ROOT)}")
    else:
        sys.exit("usage: python tests/notebooks/test_teachers_guide.py --write")
