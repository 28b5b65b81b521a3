"""The rulings page in a real browser: a ruling's example opens, steps forward, and the special
cards are drawn (the crowned card with its Crown, both with their labels).

Served from a directory of its own holding only notebooks/rulings.ipynb, so that one kernel is
pre-heated for it, not one per page of the app.
"""
import shutil
from pathlib import Path

import pytest

RULINGS = Path(__file__).resolve().parents[2] / "notebooks" / "rulings.ipynb"


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
