"""The widgets in a real browser: clicks and keys reach the kernel, the engine answers.

Uses the test-only page tests/browser/notebooks/widgets_demo.ipynb (a seeded game, the rules
explorer and a round player). The `page` fixture fails a test on console errors, failed
requests and any request leaving this machine.
"""
from pathlib import Path

PHONE = {"width": 390, "height": 844}

TEST_NOTEBOOKS = Path(__file__).parent / "notebooks"


def open_demo(voila_factory, open_notebook):
    server = voila_factory(TEST_NOTEBOOKS)
    return open_notebook("widgets_demo.ipynb", server=server, wait_for=".fox-card",
                         label="widgets_demo.ipynb: time to first card")


def test_clicking_a_card_plays_it_and_the_computer_answers(page, voila_factory, open_notebook,
                                                           screenshot):
    open_demo(voila_factory, open_notebook)
    table = page.locator(".fox-play-table")
    table.get_by_role("button", name="1 of Bells, Swan", exact=True).click()
    table.get_by_text("You lead the 1 of Bells, Swan.").first.wait_for()
    table.get_by_text("Computer follows with").first.wait_for(timeout=15_000)
    assert table.get_by_role("button", name="1 of Bells, Swan", exact=True).count() == 0
    screenshot("widgets-demo-after-a-trick")


def test_the_computer_hand_is_face_down_in_the_page(page, voila_factory, open_notebook):
    open_demo(voila_factory, open_notebook)
    table = page.locator(".fox-play-table")
    backs = table.get_by_role("img", name="Face-down card")
    assert backs.count() >= 13 + 1          # the computer's hand and the deck


def test_an_illegal_card_shows_the_engine_reason(page, voila_factory, open_notebook):
    open_demo(voila_factory, open_notebook)
    explorer = page.locator(".fox-explorer")
    explorer.get_by_role("button", name="5 of Bells, Woodcutter (cannot be played now)").click()
    note = explorer.locator(".fox-msg-illegal")
    note.wait_for()
    assert "You must follow Moons" in note.inner_text()
    assert explorer.get_by_text("Winner:").count() == 0


def test_enter_on_a_focused_card_chooses_it(page, voila_factory, open_notebook):
    open_demo(voila_factory, open_notebook)
    explorer = page.locator(".fox-explorer")
    explorer.get_by_role("button", name="3 of Moons, Fox", exact=True).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    explorer.get_by_text("Winner:").wait_for()
    explorer.get_by_text("Follower's 10 of Moons beats Leader's 8 of Moons").first.wait_for()


def test_round_player_steps_forward_and_back(page, voila_factory, open_notebook):
    open_demo(voila_factory, open_notebook)
    player = page.locator(".fox-round-player")
    player.get_by_role("button", name="Forward").click()
    player.get_by_text("Step 1 of 4").wait_for()
    player.get_by_text("A leads the 8 of Moons.").first.wait_for()
    player.get_by_role("button", name="Last").click()
    player.get_by_text("Step 4 of 4").wait_for()
    player.get_by_role("button", name="First").click()
    player.get_by_text("Step 0 of 4").wait_for()


def test_round_player_draws_both_revealed_hands_at_one_size_on_a_phone(page, voila_factory,
                                                                       open_notebook):
    open_demo(voila_factory, open_notebook)
    page.set_viewport_size(PHONE)
    hands = page.locator(".fox-round-player .fox-hand")
    assert hands.count() == 2                      # the other player's hand, then the own
    widths = [hands.nth(i).locator(".fox-card").first.bounding_box()["width"] for i in (0, 1)]
    assert abs(widths[0] - widths[1]) < 1 and widths[0] >= 40, widths


def test_explorer_says_what_to_check_in_a_bad_set_up(page, voila_factory, open_notebook):
    open_demo(voila_factory, open_notebook)
    explorer = page.locator(".fox-explorer")
    field = explorer.get_by_role("textbox", name="Follower's hand")
    field.fill("3M 12B")
    field.press("Enter")
    note = explorer.locator(".fox-msg-setup")
    note.wait_for()
    text = note.inner_text()
    assert "Check the set-up: the follower's second card '12B' is not a card" in text
    assert "Not allowed" not in text and "[1]" not in text


def test_on_a_phone_every_menu_label_sits_above_its_field(page, voila_factory, open_notebook):
    # One rule (style.css) for the play table's menus, the explorer's set-up and the puzzle
    # page's menus; lesson 15's table kept its labels beside the menus before.
    open_demo(voila_factory, open_notebook)
    page.set_viewport_size(PHONE)
    found = page.evaluate("""() => [...document.querySelectorAll(
        '.fox-play-table .fox-controls > .widget-dropdown, .fox-explorer .widget-dropdown')]
        .filter(w => w.offsetParent !== null)
        .map(w => {
          const label = w.querySelector('.widget-label').getBoundingClientRect();
          const field = w.querySelector('select').getBoundingClientRect();
          return {label: w.querySelector('.widget-label').textContent,
                  above: label.bottom <= field.top + 1, width: field.width};
        })""")
    assert len(found) >= 4, found
    assert all(f["above"] and f["width"] > 250 for f in found), found
