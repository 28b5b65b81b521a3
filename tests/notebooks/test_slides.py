"""Presenter mode, as files: the lessons' slideshow metadata and the offline fox-slides template.

(tests/browser/test_slides_browser.py shows every lesson as slides in a real browser.)
"""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO_ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
TEMPLATE = REPO_ROOT / "share" / "jupyter" / "voila" / "templates" / "fox-slides"
STATIC = TEMPLATE / "static"
SLIDE_TYPES = {"slide", "-"}  # the lessons use these two: a new slide, or more of the same one
# A widget that illustrates the text above it rather than being an idea of its own.
ILLUSTRATION = "widgets.card import"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def slides(path: Path) -> list[list[dict]]:
    grouped: list[list[dict]] = []
    for cell in cells(path):
        if cell["metadata"]["slideshow"]["slide_type"] == "slide" or not grouped:
            grouped.append([])
        grouped[-1].append(cell)
    return grouped


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_lesson_cell_says_how_it_shows_as_a_slide(path):
    kinds = [c["metadata"].get("slideshow", {}).get("slide_type") for c in cells(path)]
    assert set(kinds) <= SLIDE_TYPES, f"{path.name}: slide types {set(kinds) - SLIDE_TYPES}"
    assert kinds[0] == "slide"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_a_lesson_slide_holds_one_idea(path):
    """At most one section heading and one exercise, quiz or app on a slide; every section
    heading starts a slide; the title slide has the lesson's title and no widget."""
    deck = slides(path)
    title = deck[0]
    assert any(source(c).lstrip().splitlines()[-1].startswith("# ") or "\n# " in source(c)
               for c in title if c["cell_type"] == "markdown")
    assert all(c["cell_type"] == "markdown" for c in title), f"{path.name}: a widget on the title"
    for k, slide in enumerate(deck):
        where = f"{path.name} slide {k + 1}"
        headings = [line for c in slide if c["cell_type"] == "markdown"
                    for line in source(c).splitlines() if line.startswith("## ")]
        assert len(headings) <= 1, f"{where}: {headings}"
        widgets = [c for c in slide if c["cell_type"] == "code"
                   and ILLUSTRATION not in source(c)]
        assert len(widgets) <= 1, f"{where}: {len(widgets)} exercises or apps"
        for i, cell in enumerate(slide):
            if i and cell["cell_type"] == "markdown" and source(cell).startswith("## "):
                pytest.fail(f"{where}: the section {source(cell).splitlines()[0]!r} "
                            "does not start a slide")


def test_the_slides_template_loads_nothing_from_another_host():
    files = [p for p in TEMPLATE.rglob("*") if p.suffix in {".j2", ".css", ".js", ".json"}]
    assert len(files) >= 5
    remote = re.compile(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:)?//|url\(\s*["']?(?:https?:)?//"""
                        r"""|@import\s+(?:url\()?\s*["']?(?:https?:)?//""", re.I)
    for path in files:
        text = path.read_text(encoding="utf-8")
        found = remote.search(text)
        assert not found, f"{path.relative_to(REPO_ROOT)} loads {found.group(0)!r}..."


def test_the_vendored_reveal_files_are_the_ones_named_in_the_readme():
    """static/README.md names one reveal.js version and each vendored file's checksum; the
    script and the stylesheet must match them, and the script must say it is that version."""
    readme = (STATIC / "README.md").read_text(encoding="utf-8")
    (version,) = set(re.findall(r"reveal\.js (\d+\.\d+\.\d+)", readme))
    checksums = re.findall(r"sha256 `([0-9a-f]{64})`", readme)
    dist = STATIC / "reveal" / "dist"
    for name, checksum in zip(("reveal.css", "reveal.js"), checksums, strict=True):
        assert hashlib.sha256((dist / name).read_bytes()).hexdigest() == checksum, name
    assert (STATIC / "reveal" / "LICENSE").read_text().startswith("Copyright")
    assert "MIT" in readme
    script = (dist / "reveal.js").read_text(encoding="utf-8")
    assert version in script, f"the vendored reveal.js is not version {version}"


def test_the_slides_template_extends_voila_s_reveal_template():
    conf = json.loads((TEMPLATE / "conf.json").read_text())
    assert conf["base_template"] == "reveal"
    index = (TEMPLATE / "index.html.j2").read_text()
    assert "extends 'voila/templates/reveal/index.html.j2'" in index


def test_the_present_links_ask_for_the_slides_template():
    from widgets.home import SLIDES

    voila_py = (REPO_ROOT / "etc" / "jupyter" / "voila.py").read_text()
    argument = re.search(r'QUERY_TEMPLATE_ARGUMENT = "([\w-]+)"', voila_py).group(1)
    allowed = re.search(r"QUERY_TEMPLATES = \(([^)]*)\)", voila_py).group(1)
    assert SLIDES == f"?{argument}=fox-slides"
    assert re.findall(r'"([\w-]+)"', allowed) == ["fox-slides"]
