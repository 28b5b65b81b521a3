"""The rulings page: every ruling of docs/rulings.md is on it (foxlib/data/rulings.json), each
example gives, when the engine plays it, what its ruling says; the page (widgets/rulings.py,
notebooks/rulings.ipynb) shows every ruling and steps through its example."""
import dataclasses
import json
import re
from pathlib import Path

import pytest

from foxlib import rulings
from widgets import home
from widgets.rulings import RulingsPage, RulingView

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rulings.md"
NOTEBOOK = ROOT / "notebooks" / "rulings.ipynb"
ALL = rulings.load()


def doc_rulings():
    """(section, id, title) of every ruling in docs/rulings.md, in order."""
    found, section = [], None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        m = re.match(r"### (\w+)\. (.+)", line)
        if m:
            found.append((section, m.group(1), m.group(2)))
    return found


def test_every_ruling_of_the_rulings_doc_is_on_the_page_in_order():
    assert [(r.section, r.id) for r in ALL] == [(s, i) for s, i, _ in doc_rulings()]
    assert len({r.key for r in ALL}) == len(ALL)


@pytest.mark.parametrize("ruling", ALL, ids=lambda r: r.key)
def test_each_rulings_example_gives_what_the_ruling_says(ruling):
    assert rulings.check(ruling) == []


def test_every_ruling_has_an_example_that_checks_something():
    for r in ALL:
        assert r.example is not None or r.lines or r.game, r.key
        assert r.expect or r.says or r.refused or r.error or r.answers, r.key


# A check that could not fail would prove nothing: a wrong expectation must be caught.

def test_the_check_catches_a_wrong_winner():
    m1 = rulings.find("M2")
    wrong = dataclasses.replace(m1, expect={"tricks[0].winner": "B"})
    assert rulings.check(wrong) == [
        "tricks[0].winner: expected 'B', the engine gives 'A'"]


def test_the_check_catches_missing_words_a_play_that_is_allowed_and_a_missing_path():
    f2 = rulings.find("F2")
    assert rulings.check(dataclasses.replace(f2, says={"tricks[0].reason": ["Moons are trump"]}))
    allowed = dataclasses.replace(f2, refused={"play": "6K", "says": "x"}, expect={}, says={},
                                  example={**f2.example,
                                           "plays": [{"card": "3K", "exchange": "10B"}]})
    assert rulings.check(allowed) == [
        "the plays [{'card': '3K', 'exchange': '10B'}, '6K'] were not refused"]
    assert rulings.check(dataclasses.replace(f2, expect={"tricks[5].winner": "A"}))


def test_the_check_catches_a_scenario_that_is_accepted_or_refused_for_another_reason():
    r2 = rulings.find("R2")
    assert rulings.check(dataclasses.replace(r2, error="Poison"))
    assert rulings.check(dataclasses.replace(r2, error=None, expect={"round_over": False}))[0] \
        .startswith("the example is refused")


def test_the_check_catches_a_wrong_referee_answer():
    r5 = rulings.find("R5")
    assert rulings.check(dataclasses.replace(r5, answers=("empty", "empty", "beats")))


def test_ruling_ids_are_unique_and_keys_may_name_the_section():
    ids = [r.id for r in rulings.load()]
    assert len(ids) == len(set(ids))
    assert rulings.find("G1").section == "Goal cards"
    assert rulings.find("End of the game: E1").title == "The tie-break counts Treasure"
    with pytest.raises(KeyError):
        rulings.find("Goal cards: E1")


# ----------------------------------------------------------------------------- the page

@pytest.fixture(scope="module")
def page():
    return RulingsPage()


def test_the_page_shows_every_ruling_in_its_words(page):
    assert len(page.views) == len(ALL)
    for r in ALL:
        view = page.views[r.key]
        assert f"{r.id}. " in view.card.html and r.words.replace("'", "&#x27;") in view.card.html


def test_an_example_is_built_when_asked_and_steps_to_the_rulings_outcome(page):
    view = page.view("SC13")
    assert not view.shown and view.example is None
    view.card.press()
    player = view.example.player
    assert view.shown and player.steps == 4 and player.step == 0
    player.last_button.click()
    assert player.round.tricks[-1].winner == 0
    assert "Hammer" in player.explanation
    assert "must be of Bells" in view.example.answers.html
    view.card.press()
    assert not view.shown and view.card.action == "Step through the example"


def test_a_seated_example_shows_only_what_that_player_sees(page):
    view = page.view("V3")
    view.toggle()
    player = view.example.player
    player.go(1)
    assert player.explanation == "A leads the 5 of Keys, Woodcutter. A draws a card."
    assert "10 of Keys" not in player.explanation
    player.go(2)
    assert "2 of Bells" not in player.explanation
    view.toggle()


def test_a_refused_scenario_shows_the_engines_reason(page):
    view = page.view("R2")
    view.toggle()
    assert view.example.player is None
    assert "The engine refuses it" in view.example.answers.html and "13" in \
        view.example.answers.html
    view.toggle()


def test_the_referee_lines_example_shows_one_answer_per_line(page):
    view = page.view("R5")
    view.toggle()
    assert view.card.action == "Hide the example"
    assert view.example.answers.html.count("<li>") == 3
    view.toggle()


def test_a_ruling_without_an_example_has_no_button():
    bare = dataclasses.replace(rulings.find("SC18"), example=None, expect={},
                               note="No example here.")
    view = RulingView(bare)
    assert not view.has_example and view.card.action == "" and "No example here." in view.card.html


def test_the_goal_deck_example_plays_a_game_and_shows_each_rounds_goals(page):
    view = page.view("Goal cards: G5")
    assert view.card.action == "Play the example game"
    view.toggle()
    assert view.example.player is None
    html = view.example.answers.html
    assert html.count("<li>Round ") == 3 and html.count("goal deck had run out") == 2
    assert "Round 1: the goals revealed are Early bird and Last word;" in html
    view.toggle()


def test_the_check_catches_a_goal_deck_that_was_not_shuffled_again():
    g5 = rulings.find("Goal cards: G5")
    wrong = dataclasses.replace(g5, expect={"game.rounds[1].reshuffled": False})
    assert rulings.check(wrong) == [
        "game.rounds[1].reshuffled: expected False, the engine gives True"]


def test_the_contents_link_every_ruling_on_the_page(page):
    intro = page.children[0].html
    for r in ALL:
        assert f"href='#{r.anchor}'" in intro
        assert f"id='{r.anchor}'" in page.views[r.key].card.html


def test_the_index_links_the_rulings_page():
    assert f"href='{home.RULINGS}.ipynb'" in home.page_html()
    assert (ROOT / "notebooks" / f"{home.RULINGS}.ipynb") == NOTEBOOK and NOTEBOOK.exists()


def test_the_rulings_notebook_is_committed_without_outputs_and_links_back():
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
    text = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert "(index.ipynb)" in text


def test_every_ruling_a_notebook_links_to_is_on_the_rulings_page():
    """Links such as rulings.ipynb#special-cards-sc10 (lessons 16-20, the teachers' guide) name
    a ruling's anchor on the page; a mistyped or renamed one would open the page at its top."""
    anchors = {r.anchor for r in ALL}
    linked = {}
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        text = "".join("".join(c["source"]) for c in cells)
        for anchor in re.findall(r"rulings\.ipynb#([\w-]+)", text):
            linked.setdefault(anchor, []).append(notebook.name)
    assert len(linked) >= 20          # lessons 16-20 link the rulings they name
    missing = {a: names for a, names in linked.items() if a not in anchors}
    assert not missing, f"links to rulings that are not on the page: {missing}"


def test_a_links_label_names_the_ruling_it_links_to():
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        text = "".join("".join(c["source"]) for c in cells)
        for label, anchor in re.findall(r"\[ruling (\w+)\]\(rulings\.ipynb#([\w-]+)\)", text):
            assert anchor.endswith("-" + label.lower()), (notebook.name, label, anchor)


def test_the_page_opens_with_no_example_built_and_every_example_opens_from_its_button():
    """Examples are built on demand (the page opens quickly), and each one still opens: its
    button builds the example (never the 'cannot be played' note), and hides it again."""
    from widgets.rulings import ExampleView
    fresh = RulingsPage()
    assert all(view.example is None and not view.shown for view in fresh.views.values())
    for key, view in fresh.views.items():
        assert view.card.action, f"{key} has no button"
        view.card.press()
        assert view.shown and isinstance(view.example, ExampleView), key
        view.card.press()
        assert not view.shown, key
