"""The rulings page in a real browser: a ruling's example opens, steps forward, and the special
cards are drawn (the crowned card with its Crown, both with their labels).

Served from a directory of its own holding only notebooks/rulings.ipynb, so that one kernel is
pre-heated for it, not one per page of the app.
"""
import shutil
from pathlib import Path

import pytest

RULINGS = Path(__file__).resolve().parents[2] / "notebooks" / "rulings.ipynb"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture(scope="module")
def rulings_dir(tmp_path_factory):
    root = tmp_path_factory.mktemp("rulings-page")
    shutil.copy(RULINGS, root / RULINGS.name)
    return root


def test_a_rulings_example_steps_to_a_crowned_card_with_its_crown(page, voila_factory,
                                                                  open_notebook, rulings_dir,
                                                                  screenshot):
    server = voila_factory(rulings_dir)
    open_notebook("rulings.ipynb", server=server, wait_for="#special-cards-sc10",
                  label="rulings.ipynb: time to the rulings")
    box = page.locator(".fox-ruling-box").filter(has=page.locator("#special-cards-sc10"))
    box.get_by_role("button", name="Step through the example").click()
    box.get_by_text("Step 0 of 2").wait_for()
    box.get_by_role("button", name="Forward").click()
    crowned = box.locator("[aria-label='7 of Keys played with the Crown']")
    crowned.wait_for()
    crown = crowned.get_by_role("img", name="Crown, special card, 2 with no suit")
    seven = crowned.get_by_role("img", name="7 of Keys, Treasure")
    for card in (crown, seven):
        size = card.bounding_box()
        assert size and size["width"] > 20 and size["height"] > 1.3 * size["width"]
    box.get_by_text("A leads the 7 of Keys and the Crown").first.wait_for()
    box.get_by_role("button", name="Forward").click()
    box.get_by_text("Step 2 of 2").wait_for()
    box.get_by_text("crowned: it has no ability and counts as the 11 of Keys").first.wait_for()
    box.scroll_into_view_if_needed()
    screenshot("rulings-sc10-crowned-trick")


def in_view(page, locator) -> bool:
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] < page.viewport_size["height"] - 40


@pytest.mark.parametrize("anchor, size", [("special-cards-sc13", "desktop"),
                                          ("special-cards-sc9", "phone")])
def test_a_lessons_link_to_a_ruling_scrolls_to_it_and_highlights_it(anchor, size, page,
                                                                    voila_factory, open_notebook,
                                                                    rulings_dir):
    """Lessons 17 and 18 link rulings.ipynb#special-cards-sc9 and #special-cards-sc13: the ruling
    is drawn by a widget after the page loaded, and must still be brought into view."""
    if size == "phone":
        page.set_viewport_size({"width": 390, "height": 844})
    server = voila_factory(rulings_dir)
    seconds = open_notebook(f"/voila/render/rulings.ipynb#{anchor}", server=server,
                            wait_for=f"#{anchor}.fox-target",
                            label=f"rulings.ipynb#{anchor}: time to the highlighted ruling")
    ruling = page.locator(f"#{anchor}")
    # The widgets above it may still be drawn for a moment: it is kept in view meanwhile.
    page.wait_for_function(
        """id => { const r = document.getElementById(id).getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight - 40; }""",
        arg=anchor, timeout=10_000)
    page.wait_for_timeout(1000)
    assert in_view(page, ruling), f"#{anchor} is not in view after {seconds:.2f} s"
    assert "fox-target" in ruling.get_attribute("class")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"rulings-anchor-{anchor}-{size}.png"
    page.screenshot(path=str(path))
    print(f"screenshot: {path}")


def test_the_contents_link_to_a_ruling_scrolls_to_it_on_the_same_page(page, voila_factory,
                                                                      open_notebook, rulings_dir):
    server = voila_factory(rulings_dir)
    open_notebook("rulings.ipynb", server=server, wait_for="#special-cards-sc13",
                  label="rulings.ipynb: time to the rulings (contents link)")
    url = page.url
    page.locator(".fox-rulings-contents").get_by_role("link", name="SC13", exact=True).click()
    page.wait_for_function("() => location.hash === '#special-cards-sc13'")
    assert page.url.split("#")[0] == url.split("#")[0]          # the same page, not reloaded
    ruling = page.locator("#special-cards-sc13")
    page.wait_for_function(
        """() => { const r = document.getElementById('special-cards-sc13').getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight - 40; }""", timeout=10_000)
    assert "fox-target" in ruling.get_attribute("class")


def test_each_ruling_shows_its_label_badge_basis_and_other_reading(page, voila_factory,
                                                                   open_notebook, rulings_dir,
                                                                   screenshot):
    """Every ruling carries its badge ('The rulebook says' or 'Our ruling'), drawn as a badge
    that fits the column at phone width too; our rulings show the other reading."""
    from foxlib.teaching import rulings
    everything = rulings.load()
    server = voila_factory(rulings_dir)
    open_notebook("/voila/render/rulings.ipynb#special-cards-sc1", server=server,
                  wait_for="#special-cards-sc1.fox-target",
                  label="rulings.ipynb#special-cards-sc1: time to the highlighted ruling")
    badges = page.locator(".fox-ruling-badge")
    assert badges.count() == len(everything)
    assert page.locator(".fox-ruling-badge-ours").count() == sum(r.ours for r in everything)
    sc1 = page.locator("#special-cards-sc1")
    badge = sc1.locator(".fox-ruling-badge")
    assert badge.inner_text() == "Our ruling" and badge.is_visible()
    for heading in (rulings.BASIS_HEADING, rulings.REASON_HEADING, rulings.OTHER_HEADING):
        assert sc1.get_by_text(f"{heading}:").is_visible(), heading
    sc6 = page.locator("#special-cards-sc6")
    assert sc6.locator(".fox-ruling-badge").inner_text() == "The rulebook says"
    assert sc6.get_by_text(f"{rulings.OTHER_HEADING}:").count() == 0
    look = badge.evaluate("e => { const s = getComputedStyle(e); "
                          "return [s.backgroundColor, s.color, s.borderTopWidth]; }")
    assert look[0] != look[1] and look[2] != "0px"
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    column = sc1.bounding_box()
    box = badge.bounding_box()
    assert box["x"] >= column["x"] - 1 and box["x"] + box["width"] <= column["x"] + \
        column["width"] + 1
    page.set_viewport_size({"width": 1280, "height": 800})
    sc1.scroll_into_view_if_needed()
    screenshot("rulings-sc1-badge-basis-other-reading", full_page=False)
    sc6.scroll_into_view_if_needed()
    screenshot("rulings-sc6-the-rulebook-says", full_page=False)
