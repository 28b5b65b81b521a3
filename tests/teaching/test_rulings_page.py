"""The rulings page: every ruling of docs/rulings.md is on it (foxlib/data/rulings.json), each
example gives, when the engine plays it, what its ruling says; the page (widgets/rulings.py,
notebooks/rulings.ipynb) shows every ruling and steps through its example."""
import dataclasses
import json
import re
from html import escape
from pathlib import Path

import pytest

from foxlib.teaching import rulings
from widgets import home
from widgets.rulings import RulingsPage, RulingView

ROOT = Path(__file__).resolve().parents[2]
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


# ----------------------------------------------------------------------------- basis and label
# Every ruling says where it stands with the rulebook: its basis (the rulebook's words on the
# point, in our own paraphrase, with the section) and one label, "The rulebook says" or "Our
# ruling"; our rulings also give the reason and the other reading. docs/rulings.md and
# foxlib/data/rulings.json say the same, and the page shows it.

RULEBOOK = ROOT.parent / "shared" / "rules" / "deluxe-rulebook.txt"
DELUXE = re.compile(r"(SC|P|G)\d+$")
SECTIONS = ("Gameplay", "Setup", "End-of-Round Scoring", "End of Game", "Expansion Modules",
            "Special Cards", "Goal Cards", "Poison Cards", "Special Card Reference",
            "Suit Card Reference", "Scoring Reference", "Appendix: Common Questions")


def doc_bullets():
    """{ruling id: {bullet name: text}} of docs/rulings.md, each bullet's lines joined."""
    found, current, name = {}, None, None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"### (\w+)\. ", line)
        if m:
            current, name = found.setdefault(m.group(1), {}), None
            continue
        if current is None:
            continue
        m = re.match(r"- \*\*([^*]+?)\.\*\* ?(.*)", line)
        if m:
            name = m.group(1)
            current[name] = m.group(2)
        elif name and line.startswith("  "):
            current[name] += " " + line.strip()
        else:
            name = None
    return found


def test_every_ruling_has_a_basis_and_one_of_the_two_labels():
    for r in ALL:
        assert r.basis.strip(), r.key
        assert r.label in ("rulebook", "ours"), r.key
        assert r.badge in ("The rulebook says", "Our ruling"), r.key


def test_every_deluxe_ruling_is_labelled():
    deluxe = [r for r in ALL if DELUXE.match(r.id)]
    assert len(deluxe) == 19 + 8 + 6
    assert all(r.label for r in deluxe)


def test_our_rulings_give_the_reason_and_the_other_reading_and_the_rulebooks_give_neither():
    for r in ALL:
        if r.ours:
            assert len(r.reason.split()) >= 8 and len(r.other_reading.split()) >= 12, r.key
        else:
            assert not r.reason and not r.other_reading, r.key


def test_the_basis_names_the_rulebooks_section_or_says_it_is_silent():
    for r in ALL:
        assert any(s in r.basis for s in SECTIONS) or "silent" in r.basis, r.key


def test_the_docs_basis_and_label_lines_match_the_rulings_data():
    bullets = doc_bullets()
    for r in ALL:
        lines = bullets[r.id]
        assert " ".join(lines.get("Basis", "").split()) == r.basis, f"{r.id}: Basis line"
        label = lines.get("Label", "")
        if r.ours:
            assert label == f"Our ruling. {r.reason}", f"{r.id}: Label line"
            assert lines.get("Other reading") == r.other_reading, f"{r.id}: Other reading line"
        else:
            assert label == "The rulebook says.", f"{r.id}: Label line"
            assert "Other reading" not in lines, r.id


def test_the_loader_refuses_a_ruling_without_its_label_reason_or_other_reading():
    row = {"basis": "Poison Cards: ...", "label": "ours", "reason": "Because."}
    assert "other_reading" in rulings.label_problem(row)
    assert "label" in rulings.label_problem({"basis": "x", "label": "mine"})
    assert "basis" in rulings.label_problem({"label": "rulebook"})
    assert "reason" in rulings.label_problem({"basis": "x", "label": "rulebook",
                                              "reason": "Because."})
    assert rulings.label_problem({"basis": "x", "label": "rulebook"}) == ""


def shared_runs(text: str, book: str, n: int = 8) -> list:
    """The runs of ``n`` words that ``text`` shares with ``book`` (case, punctuation and
    apostrophes ignored)."""
    def words(t):
        return re.findall(r"[a-z0-9]+", t.lower().replace("\u2019", "").replace("'", ""))
    bw = words(book)
    grams = {tuple(bw[i:i + n]) for i in range(len(bw) - n + 1)}
    tw = words(text)
    return [" ".join(tw[i:i + n]) for i in range(len(tw) - n + 1) if tuple(tw[i:i + n]) in grams]


def test_the_copy_check_finds_a_copied_sentence():
    book = "If you play this and lose the trick, you lead the next trick."
    assert shared_runs("We say: if you play this and lose the trick you lead.", book)
    assert not shared_runs("A Swan that loses gives its player the next lead.", book)


@pytest.mark.skipif(not RULEBOOK.exists(), reason=f"{RULEBOOK} is not on this machine")
def test_no_ruling_text_copies_the_rulebook():
    """Basis, reason, other reading, title and words are our own paraphrase: no run of 8 words
    in a row is the rulebook's."""
    book = RULEBOOK.read_text(encoding="utf-8")
    copied = {}
    for r in ALL:
        for name in ("basis", "reason", "other_reading", "title", "words"):
            runs = shared_runs(getattr(r, name), book)
            if runs:
                copied[f"{r.id}.{name}"] = runs
    assert not copied, copied


@pytest.mark.skipif(not RULEBOOK.exists(), reason=f"{RULEBOOK} is not on this machine")
def test_the_rulings_doc_copies_no_rulebook_sentence():
    prose = "\n".join(line for line in DOC.read_text(encoding="utf-8").splitlines()
                      if "`test_" not in line)
    assert not shared_runs(prose, RULEBOOK.read_text(encoding="utf-8"))


def test_the_rulings_named_in_the_issue_are_labelled_as_ours():
    """Our rulings, not the rulebook's: the cards without a printed suit following (SC1, SC2),
    two unsuited cards (SC4), the crowned 5 and the Axe (SC7), the Crown and the Woodcutter with
    an empty deck (SC10, W1), the Potion's text from outside the rulebook (SC14), telling both
    players which special cards are in (SC18)."""
    for rid in ("SC1", "SC2", "SC4", "SC7", "SC10", "W1", "SC14", "SC18"):
        assert rulings.find(rid).ours, rid
    sc14 = rulings.find("SC14")
    assert "outside the rulebook" in sc14.words and "outside the rulebook" in sc14.reason
    sc18 = rulings.find("SC18")
    assert "does not know which two special cards" in sc18.other_reading
    assert "computer players know exactly what a human player is told" in sc18.reason
    assert "void" not in rulings.find("SC1").other_reading     # plain words
    assert "only by a player with no card of the led suit" in rulings.find("SC1").other_reading
    assert "plain unsuited 8" in rulings.find("SC7").other_reading
    assert "empty deck" in rulings.find("SC10").reason and "last trick" in \
        rulings.find("SC10").reason


def test_no_goal_is_presented_as_printed():
    for r in ALL:
        if r.section == "Goal cards":
            assert "house goals" in r.basis, r.id


def test_the_texts_that_said_poison_or_special_cards_were_not_supported_are_gone():
    text = DOC.read_text(encoding="utf-8") + json.dumps([r.words for r in ALL])
    assert "not played yet" not in text
    assert "solver refuses" not in text.lower()


def test_the_basis_and_label_texts_read_well():
    from text_faults import grammar_faults
    for r in ALL:
        for text in (r.basis, r.reason, r.other_reading, r.words):
            assert not grammar_faults(text), (r.id, grammar_faults(text))


def test_the_page_shows_each_rulings_badge_basis_and_other_reading(page):
    for r in ALL:
        html = page.views[r.key].card.html
        assert f"fox-ruling-badge-{r.label}'" in html and f">{r.badge}</span>" in html, r.key
        assert escape(r.basis) in html, r.key
        if r.ours:
            assert escape(r.reason) in html and escape(r.other_reading) in html, r.key
            assert rulings.OTHER_HEADING in html, r.key
        else:
            assert rulings.OTHER_HEADING not in html, r.key


def test_the_page_explains_the_two_badges(page):
    intro = page.children[0].html
    assert "The rulebook says" in intro and "Our ruling" in intro


# ----------------------------------------------------------------------------- a learner's words
# What the page shows (section, title, words, note, basis, reason, other reading) is for a
# learner: no field names, file formats or program parts; docs/rulings.md keeps those.

SHOWN = ("section", "title", "words", "note", "basis", "reason", "other_reading")
DEVELOPER_WORDS = re.compile(r"JSON|last_won|input line|output line|\bcaller|Round\.deal|\bseed"
                             r"|scenario|solver|this project|notation|interface|\bchance\b"
                             r"|\bfields?\b|\btool\b|referee program", re.IGNORECASE)


def shown_texts(r):
    return [(name, getattr(r, name)) for name in SHOWN if getattr(r, name)]


def test_the_page_speaks_a_learners_words():
    found = {f"{r.id}.{name}": DEVELOPER_WORDS.findall(text)
             for r in ALL for name, text in shown_texts(r) if DEVELOPER_WORDS.search(text)}
    assert not found, found


def test_the_positions_section_says_what_it_is_about():
    section = rulings.find("R1").section
    assert section == "Positions set up by hand"
    assert all(r.section == section for r in ALL if r.id.startswith("R"))
    assert "referee" in rulings.find("R5").words     # the example below it is the referee's


def test_the_goals_are_called_house_goals_in_full_once_and_briefly_after():
    goals = [r for r in ALL if r.section == "Goal cards"]
    assert goals[0].id == "G1" and "never a printed card" in goals[0].basis
    for r in goals[1:]:
        assert "this app's house goals (see G1)" in r.basis, r.id
        assert "goal conditions" not in r.basis and "printed" not in r.basis, r.id


def test_a_crowned_card_counts_as_a_monarch_an_11_only_for_the_winner():
    """The Crown's card is a Monarch (an 11) of its suit only for who wins the trick, with no
    ability: never 'turned into' a Monarch, which would read as gaining the Monarch's demand."""
    for r in ALL:
        for name, text in shown_texts(r):
            assert "into a Monarch" not in text, (r.id, name)
            for sentence in re.split(r"(?<=\.) ", text):
                if re.search(r"Crown|crowned", sentence) and "Monarch" in sentence \
                        and "Monarch's" not in sentence:
                    assert "Monarch (an 11)" in sentence, (r.id, name, sentence)


def test_titles_read_as_headings_and_players_are_not_letters():
    for r in ALL:
        assert ";" not in r.title, r.id
        for name, text in shown_texts(r):
            assert not re.search(r"\bB\b|\bA's\b", text), (r.id, name)
    assert "always" in rulings.find("SC17").title and "win or lose" in rulings.find("SC17").title
