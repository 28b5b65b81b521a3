"""Card widgets: drawing, accessible labels, clicks from the browser and from Python."""
import json
import re

import pytest
import traitlets

from foxlib import InvalidCard
from widgets import CardRow, CardWidget, HtmlView
from widgets.card import HERE


def front_end_click(widget, card):
    """What card.js sends when a card is clicked or chosen with Enter/Space."""
    widget._handle_custom_msg({"event": "click", "card": card}, [])


def test_card_widget_label_is_the_card_label():
    assert CardWidget("9M").label == "9 of Moons, Witch"
    assert CardWidget("10K", "zsa").label == "X of Hearts"


def test_card_widget_click_counts_and_calls_handlers():
    w, seen = CardWidget("3K"), []
    w.on_click(seen.append)
    w.click()
    front_end_click(w, "3K")
    assert w.clicks == 2 and seen == ["3K", "3K"] and w.last_clicked == "3K"


def test_card_widget_face_down_cannot_be_clicked_and_hides_its_card():
    w = CardWidget("9M", face_down=True)
    w.click()
    front_end_click(w, "9M")
    assert w.clicks == 0
    assert w.label == "Face-down card"
    assert "Moons" not in json.dumps(w._items)


def test_card_widget_states_reach_the_drawing():
    w = CardWidget("2B")
    w.selected = True
    assert w._items[0]["selected"] and "(selected)" in w.label
    w.dimmed = True
    assert w._items[0]["dimmed"]


def test_card_widget_changes_card_and_theme():
    w = CardWidget("2B")
    w.card = "11b"
    assert w.card == "11B" and w.label == "11 of Bells, Monarch"
    w.theme = "zsa"
    assert w.label == "J of Clubs, Monarch"


def test_bad_card_name_is_refused_with_the_engine_message():
    with pytest.raises(InvalidCard, match="not a card"):
        CardWidget("12M")


def test_unknown_theme_is_refused_naming_the_choices():
    with pytest.raises(traitlets.TraitError, match="classic"):
        CardWidget("2B", theme="tarot")


def test_card_row_click_reports_the_card():
    row, seen = CardRow(["2B", "9M"]), []
    row.on_click(seen.append)
    row.click("9M")
    front_end_click(row, "2B")
    assert seen == ["9M", "2B"] and row.clicks == 2


def test_card_row_ignores_front_end_clicks_on_cards_it_does_not_show():
    row, seen = CardRow(["2B"]), []
    row.on_click(seen.append)
    front_end_click(row, "9M")
    front_end_click(row, "not a card")
    row._handle_custom_msg({"event": "other"}, [])
    assert seen == [] and row.clicks == 0


def test_card_row_click_on_a_missing_card_is_an_error_naming_it():
    with pytest.raises(ValueError, match="9 of Moons"):
        CardRow(["2B"]).click("9M")


def test_dimmed_cards_stay_clickable_so_the_reason_can_be_shown():
    row, seen = CardRow(["2B", "9M"], dimmed=["9M"]), []
    row.on_click(seen.append)
    front_end_click(row, "9M")
    assert seen == ["9M"]
    item = row._items[1]
    assert item["dimmed"] and item["clickable"] and "cannot be played" in item["label"]


def test_face_down_row_never_sends_its_cards_to_the_browser():
    row = CardRow(["2B", "9M", "11K"], face_down=True)
    state = json.dumps(row.get_state())
    assert "2B" not in state and "Moons" not in state and "Monarch" not in state
    assert len(row._items) == 3 and all(i["card"] is None for i in row._items)


def test_hidden_count_adds_face_down_cards():
    row = CardRow(["2B"], hidden_count=2)
    assert [i["face_down"] for i in row._items] == [False, True, True]


def test_non_interactive_row_has_no_clickable_cards():
    row = CardRow(["2B"], interactive=False)
    row.click("2B")
    assert row.clicks == 0 and not row._items[0]["clickable"]


def test_row_update_changes_cards_and_states_together():
    row = CardRow(["2B"])
    row.update(["3K", "4M"], selected=["4M"], theme="zsa")
    assert [i["card"] for i in row._items] == ["3K", "4M"]
    assert row._items[1]["selected"] and "Caps" in row._items[1]["label"]


def test_titles_give_a_tooltip_per_card():
    row = CardRow(["2B"], titles={"2B": "why not"})
    assert row._items[0]["title"] == "why not"


def test_html_view_holds_markup():
    view = HtmlView("<b>hi</b>")
    assert view.value == "<b>hi</b>" and view.get_state()["_kind"] == "html"


def test_front_end_files_are_local_and_load_nothing_from_the_network():
    js = (HERE / "card.js").read_text()
    css = (HERE / "style.css").read_text()
    for text in (js, css, (HERE / "card_stub.js").read_text()):
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text)
        assert "@import" not in text and "url(" not in text
    assert "export default" in js and "model.send" in js


def test_front_end_handles_enter_and_space_and_makes_cards_focusable():
    js = (HERE / "card.js").read_text()
    assert '"Enter"' in js and '" "' in js and "tabIndex = 0" in js and "aria-label" in js


def test_the_page_gets_the_module_and_every_stylesheet_once_from_the_assets_widget():
    from widgets import card, exercises
    state = CardWidget("2B").get_state()
    assets = card.page_assets().get_state()
    assert "export default" in assets["_esm"] and "fox.resolve(widget)" in assets["_esm"]
    css = assets["_css"]
    assert ".fox-card" in css and ".fox-exercise" in css      # style.css and exercises.css
    assert css.count(".fox-card {") == 1                       # each sheet once
    # Each instance carries only the small stub that draws with that module, no stylesheet.
    for widget in (CardWidget("2B"), CardRow(["2B"]), HtmlView("x"), exercises.ExerciseHtml("x")):
        state = widget.get_state()
        assert state["_css"] == "" and len(state["_esm"]) < 1000
        assert "await fox.ready" in state["_esm"]


def test_the_assets_widget_is_made_again_when_it_was_closed():
    from widgets import card
    first = card.page_assets()
    first.close()
    HtmlView("x")
    assert card.page_assets() is not first and card.page_assets().comm is not None


def test_an_html_view_button_calls_its_handlers_and_none_without_words():
    pressed = []
    view = HtmlView("<p>text</p>", action="Show", action_icon="play")
    view.on_press(pressed.append)
    view._on_front_end_msg(view, {"event": "press"}, [])
    view.press()
    assert pressed == [view, view]
    silent = HtmlView("<p>no button</p>")
    silent.on_press(pressed.append)
    silent.press()
    assert len(pressed) == 2
