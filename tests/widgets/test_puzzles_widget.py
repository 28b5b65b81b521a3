"""The puzzle player and app without a browser: button.click(), card clicks as the browser sends
them, trait changes (the browser's localStorage arrives through ProgressStore.solved)."""
from __future__ import annotations

import json
import re

import pytest

from foxlib import Card
from foxlib.words.narrator import Narrator
from foxlib.teaching.puzzles import load_collection
from widgets.file_button import FileButton
from widgets.puzzle import ProgressStore, PuzzleApp, PuzzlePlayer, progress_key


@pytest.fixture(scope="module")
def collection():
    return load_collection()


@pytest.fixture
def app(collection):
    return PuzzleApp(collection)


def feedback(player) -> str:
    return player.feedback.html


def browser_click(row, card):
    """Exactly what card.js sends when a card is clicked or Enter is pressed on it."""
    row._handle_custom_msg({"event": "click", "card": card}, [])


def answer_button(player, label):
    return next(b for b in player.answer_buttons.children
                if b.description == label and b.layout.display != "none")


def test_app_opens_on_the_first_set_with_progress_for_every_set(app, collection):
    assert app.player.puzzle.id == collection.sets[0].puzzles[0].id
    assert "0 of 70 puzzles solved" in app.progress.html or "0 of" in app.progress.html
    for s in collection.sets:
        assert f'data-set="{s.id}"' in app.progress.html


def test_predict_answered_by_button_is_explained_and_remembered(app):
    player = app.player
    answer_button(player, "You").click()
    assert "Right!" in feedback(player) and "10 beats the 8" in feedback(player)
    assert app.store.solved == {"following/follow-higher-key": True}
    assert "1 / " in app.progress.html
    assert app.set_menu.options[0][0].endswith("(1/6)")


def test_wrong_predict_answer_shows_why_and_retry_resets(app):
    player = app.player
    answer_button(player, "Your opponent").click()
    assert "Not your opponent" in feedback(player)
    assert "Leading a card does not win the trick by itself" in feedback(player)
    assert player.answer_buttons.layout.display == "none"
    player.retry_button.click()
    assert feedback(player) == "" and player.answer_buttons.layout.display == ""


def test_card_click_plays_and_the_opponent_answers(app):
    app.choose_puzzle("follow-lead-to-win")
    player = app.player
    browser_click(player.hand.row, "10K")
    assert "does not work" in feedback(player)
    assert "11 of Keys" in feedback(player)          # the refuting reply, from the engine
    player.retry_button.click()
    browser_click(player.hand.row, "8B")
    assert "Right!" in feedback(player)


def test_illegal_card_is_refused_with_the_engines_reason(app):
    app.choose_puzzle("follow-pick-the-winner")
    player = app.player
    browser_click(player.hand.row, "11K")
    assert "must follow Bells" in player.hand.note.html
    assert player.session.status == "open"


def test_fox_decision_is_asked_after_the_fox(app):
    app.choose_puzzle("fox-lead-and-switch")
    player = app.player
    player.click_card("3B")
    assert player.decision.layout.display == ""
    voice = Narrator()                                # the narrator's words, cards named
    assert voice.prompt("exchange", Card("3B"), player.session.round.decree) in \
        player.decision_note.html
    assert "Your Fox (the 3 of Bells): click a card to swap it with the decree card (the " in \
        player.decision_note.html
    assert player.keep_button.description == voice.action_words("exchange", None, "button") \
        == "Keep the decree card"
    assert player.keep_button.tooltip == voice.action_words("exchange", None, "tip")
    player.keep_button.click()                        # keep the decree: Moons stay trump
    assert "does not work" in feedback(player)
    player.retry_button.click()
    player.click_card("3B")
    browser_click(player.decision_row, "6B")
    assert "Right!" in feedback(player)


def test_woodcutter_shows_the_drawn_card_and_asks_for_the_discard(app):
    app.choose_puzzle("woodcutter-put-it-back")
    player = app.player
    assert player.deck.layout.display == ""          # the deck is shown for this puzzle
    player.click_card("5M")
    assert Narrator().prompt("discard", Card("5M"), drawn=Card("7B")) in \
        player.decision_note.html            # 'Your Woodcutter (the 5 of Moons) drew the 7 ...'
    assert "7B" in player.decision_row.cards
    player.choose(Card("7B"))
    assert "Good" in feedback(player) or "Right!" in feedback(player)


def test_band_puzzle_played_to_the_end(app):
    app.choose_puzzle("trump-make-them-lead")
    player = app.player
    player.click_card("7B")
    assert "Your turn again" in feedback(player)
    while player.session.status == "open":
        from foxlib.teaching.puzzles import solve_goal
        good = next(v.move for v in solve_goal(player.session.round, player.puzzle.goal).verdicts
                    if v.works)
        player.click_card(good.card)
    assert "Right! You finish Victorious" in feedback(player)


def browser_submit(number, text):
    """Exactly what puzzle_number.js sends on Check or Enter."""
    number._handle_custom_msg({"event": "submit", "value": text}, [])


def test_score_answer_typed_and_submitted_once(app):
    app.choose_puzzle("score-greedy")
    player = app.player
    assert player.number_box.layout.display == ""
    player.number.value = "7"              # the field's text alone (say, on blur) answers nothing
    assert feedback(player) == "" and player.session.status == "open"
    browser_submit(player.number, "7")                # Check or Enter
    assert "Not 7" in feedback(player) and "Which band is 10 tricks in" in feedback(player)
    assert "Not allowed" not in feedback(player)
    browser_submit(player.number, "7")     # a second submission (double click) changes nothing
    assert "Not 7" in feedback(player) and "Not allowed" not in feedback(player)
    player.retry_button.click()
    assert player.number.value == "" and player.number_box.layout.display == ""
    browser_submit(player.number, "1")
    assert "Right!" in feedback(player) and "Not allowed" not in feedback(player)
    assert app.store.is_solved(player.puzzle)


def test_hints_one_at_a_time_then_solution(app):
    app.choose_puzzle("monarch-not-now")
    player = app.player
    player.hint_button.click()
    assert player.feedback.html.count("fox-msg-hint") == 1
    player.hint_button.click()
    assert player.feedback.html.count("fox-msg-hint") == 2 and player.hint_button.disabled
    player.solution_button.click()
    assert "10 of Bells" in feedback(player) and "The solution" in feedback(player)


def test_next_goes_through_the_set(app):
    app.choose_set("witch", 0)
    first = app.player.puzzle.id
    app.player.next_button.click()
    assert app.player.puzzle.id != first and app.puzzle_menu.value == 1


def test_progress_from_the_browser_is_shown(collection):
    store = ProgressStore()
    app = PuzzleApp(collection, store=store)
    witch = app.set_by_id("witch")
    # The browser merges what localStorage remembered into the trait after a reload.
    store.solved = {progress_key(p): True for p in witch.puzzles[:3]}
    assert f"3 / {len(witch.puzzles)}" in app.progress.html
    app.choose_set("witch")
    assert app.player.index == 3                       # the first puzzle not yet solved
    assert app.puzzle_menu.options[0][0].startswith("\u2714")
    app.reset_button.click()
    assert store.solved == {} and "0 of" in app.progress.html


def test_link_fragment_opens_a_set(app):
    app.store.hash = "monarch"
    assert app.set_menu.value == "monarch"
    app.store.hash = "set=fox"
    assert app.set_menu.value == "fox"


def test_teacher_upload_shows_every_problem_in_place(app):
    good = {"id": "mine-1", "title": "Mine", "difficulty": 1, "goal": "win-trick",
            "position": {"decree": "4M", "leader": "B", "trick": ["10B"],
                         "hands": {"A": ["9K", "2K"], "B": ["1M"]},
                         "tricks_won": {"A": 6, "B": 5}},
            "solution": ["9K"], "hints": ["Witch?"], "explanation": "A lone Witch is trump."}
    bad = dict(good, id="mine-2", goal="band:Rich")
    bad["position"] = dict(good["position"], decree="12M")
    text = json.dumps({"format": "fox-puzzles/1", "id": "class", "title": "Class set",
                       "puzzles": [good, bad]})
    # What the browser sends once a file is chosen (widgets/file_button.js): name and bytes.
    app.upload._message(app.upload, {"event": "file", "name": "class.json",
                                     "size": len(text)}, [memoryview(text.encode())])
    report = app.upload_report.html
    assert "class.json: 1 puzzle loaded, 2 problems" in report
    assert "puzzle mine-2, goal" in report and "position.decree" in report
    assert app.set_menu.value == "upload-class" and app.player.puzzle.id == "mine-1"
    app.player.click_card("9K")
    assert "Right!" in feedback(app.player)


def test_upload_that_is_not_json(app):
    app.upload.load("notes.txt", b"not json at all")
    assert "notes.txt" in app.upload_report.html and "not valid JSON" in app.upload_report.html


def test_upload_that_is_not_text_or_too_big_is_refused_with_its_reason(app):
    app.upload.load("photo.json", b"\xff\xd8\xff\xe0")
    assert "photo.json: the file is not UTF-8 text" in app.upload_report.html
    app.upload.max_bytes = 10
    app.upload.load("huge.json", b"{" + b" " * 20 + b"}")
    assert "huge.json: the file is too big for a puzzle file" in app.upload_report.html


def test_player_alone_without_a_store(collection):
    player = PuzzlePlayer(collection.sets[0].puzzles)
    answer_button(player, "You").click()
    assert "Right!" in feedback(player)


def test_predict_board_does_not_give_the_answer_away(app):
    player = app.player                      # follow-higher-key: 5 tricks each before the trick
    assert "5 tricks this round" in player.scores.html
    assert "6 tricks this round" not in player.scores.html
    answer_button(player, "You").click()
    assert "6 tricks this round" in player.scores.html   # after answering: what happened


def test_a_position_too_big_to_judge_gives_a_message_not_a_crash(app):
    """A teacher's puzzle may be far bigger than the collection's: the player says so."""
    from foxlib import Round
    from foxlib.teaching.puzzles import Puzzle, parse_goal
    rnd = Round.deal(7, 0)
    big = Puzzle("big", "A whole round", "upload-x", "", (), 3, rnd.to_play,
                 parse_goal("band:Victorious", rnd.to_play), rnd.start, (), ("h",), "e")
    app.player.playlist = [big]
    app.player.show(0)
    app.player.session.node_limit = 50
    card = next(c for c in app.player.session.round.legal_cards() if c.rank not in (3, 5))
    app.player.click_card(str(card))
    assert "too big for the solver" in feedback(app.player)
    assert app.player.session.status == "open"


def test_solution_then_retry_and_solve_is_marked_seen_not_solved(app):
    app.choose_puzzle("monarch-not-now")
    player, puzzle = app.player, app.player.puzzle
    player.solution_button.click()
    player.retry_button.click()
    browser_click(player.hand.row, "10B")
    assert "Right!" in feedback(player) and "Not counted as solved" in feedback(player)
    assert not app.store.is_solved(puzzle) and app.store.is_seen(puzzle)
    assert "solution seen" in player.header.html and "\u2714 solved" not in player.header.html
    assert "solution seen" in app.puzzle_menu.options[app.player.index][0]
    assert "0 of" in app.progress.html


def test_a_typed_answer_after_the_solution_is_not_counted_either(app):
    app.choose_puzzle("score-greedy")
    player = app.player
    player.solution_button.click()
    player.retry_button.click()
    browser_submit(player.number, "1")
    assert "Not counted as solved" in feedback(player)
    assert not app.store.is_solved(player.puzzle)


def test_choosing_a_puzzle_remembers_the_place(app):
    app.choose_puzzle("witch-lead-the-witch")
    assert app.store.place == "witch/witch-lead-the-witch"


def test_reload_reopens_the_remembered_puzzle(collection):
    store = ProgressStore()
    app = PuzzleApp(collection, store=store)
    store.last = "monarch/monarch-not-now"       # what the browser remembered, after a reload
    assert app.set_menu.value == "monarch" and app.player.puzzle.id == "monarch-not-now"


def test_a_link_wins_over_the_remembered_place(collection):
    store = ProgressStore()
    app = PuzzleApp(collection, store=store)
    with store.hold_trait_notifications():       # the browser sends both in one message
        store.hash = "puzzle=fox-keep-the-decree"
        store.last = "monarch/monarch-not-now"
    assert app.player.puzzle.id == "fox-keep-the-decree"


@pytest.mark.parametrize("link, puzzle_id", [
    ("puzzle=witch-lead-the-witch", "witch-lead-the-witch"),
    ("witch-lead-the-witch", "witch-lead-the-witch"),
    ("witch/witch-lead-the-witch", "witch-lead-the-witch"),
])
def test_link_fragment_opens_a_puzzle(app, link, puzzle_id):
    app.store.hash = link
    assert app.player.puzzle.id == puzzle_id and app.set_menu.value == "witch"


def test_a_link_to_nothing_leaves_the_page_as_it_is(app):
    before = app.player.puzzle.id
    app.store.hash = "puzzle=no-such-puzzle"
    assert app.player.puzzle.id == before


def test_the_upload_explains_the_format_on_the_page(app):
    from foxlib.teaching.puzzles import EXAMPLE_FILE, check_puzzle, load_data
    teacher = app.children[-1]
    text = "".join(getattr(w, "html", "") for w in teacher.children)
    assert "docs/puzzles.md" not in text
    assert "How to write a puzzle file" in text and EXAMPLE_FILE["puzzles"][0]["id"] in text
    # A plain button with its label only: FileUpload's "(0)" counter is gone.
    assert isinstance(app.upload, FileButton) and app.upload.description == "Load a puzzle file"
    assert app.upload.accept == ".json"
    loaded = load_data(EXAMPLE_FILE, "example")          # the example shown is a sound puzzle
    assert not loaded.problems and all(check_puzzle(p).ok for p in loaded.puzzles)


# ----------------------------------------------------------------------------- Deluxe puzzles

def _deluxe(collection, pid):
    return next(p for p in collection.puzzles if p.id == pid)


def test_a_poison_puzzle_is_played_by_card_clicks_to_the_end_of_the_round(collection):
    from foxlib.teaching.puzzles import solve_actions
    puzzle = _deluxe(collection, "deluxe-poison-give-it-away")
    player = PuzzlePlayer([puzzle])
    browser_click(player.hand.row, "8M")
    assert "Good: the best is still in reach" in feedback(player)
    assert "loses 1 point for the Poison 8 of Moons" in feedback(player)
    for _ in range(10):
        if player.session.status != "open":
            break
        best = next(v.move for v in solve_actions(player.session.round, puzzle.goal).verdicts
                    if v.works)
        if player.session.round.phase == "play":
            browser_click(player.hand.row, str(best.card))
        else:       # the Fox's exchange, offered as buttons in a Deluxe puzzle
            assert not player.hand.active
            player.act_button(Narrator().action_words(best.kind, best.card, "answer"))
    assert "Right!" in feedback(player) and player.session.round.is_over


def test_a_wrong_card_in_a_poison_puzzle_says_what_it_is_worth(collection):
    player = PuzzlePlayer([_deluxe(collection, "deluxe-poison-give-it-away")])
    browser_click(player.hand.row, "3K")
    assert "Playing the 3 of Keys is not the best you can do." in feedback(player)
    assert "less than the +5 points you can get" in feedback(player)


def _draws_special_cards() -> bool:
    from foxlib.words.svg import card_svg
    try:
        card_svg(Card("Hammer"))
    except Exception:       # the special cards' faces are drawn by foxlib.words.svg once they exist
        return False
    return True


@pytest.mark.skipif(not _draws_special_cards(),
                    reason="special cards have no faces in foxlib.words.svg yet")
def test_a_hammer_puzzle_is_solved_with_a_card_click_and_a_suit_button(collection):
    player = PuzzlePlayer([_deluxe(collection, "deluxe-hammer-name-trump")])
    assert player.actions_box.layout.display == "none"
    browser_click(player.hand.row, "Hammer")
    assert player.actions_box.layout.display == ""
    assert not player.hand.active          # the suit is decided by a button, not a card
    labels = [b.description for b in player.action_buttons.children]
    assert labels == ["Name Bells", "Name Keys", "Name Moons"]
    assert Narrator().decision_now("name_suit") in player.action_note.html
    assert "Your decision now: name a suit for the Hammer." in player.action_note.html
    player.act_button("Name Moons")
    assert "Right!" in feedback(player)
    assert "The Hammer beats an odd card" in feedback(player)
    assert player.actions_box.layout.display == "none"


@pytest.mark.skipif(not _draws_special_cards(),
                    reason="special cards have no faces in foxlib.words.svg yet")
def test_the_crown_is_offered_as_buttons_beside_the_cards(collection):
    player = PuzzlePlayer([_deluxe(collection, "deluxe-crown-a-two")])
    labels = [b.description for b in player.action_buttons.children]
    assert "Play the 2 of Moons with the Crown" in labels
    player.act_button("Play the 2 of Moons with the Crown")
    assert "Right!" in feedback(player)


def test_retry_and_next_give_the_keyboard_focus_to_the_first_thing_to_answer_with(app,
                                                                                 monkeypatch):
    """A keyboard user who presses Retry or Next (below the board) lands on the puzzle's first
    choice: an answer button for a prediction, the hand for a play, not on the button pressed."""
    from ipywidgets import DOMWidget
    focused = []
    monkeypatch.setattr(DOMWidget, "focus", lambda self: focused.append(self))
    player = app.player
    answer_button(player, "Your opponent").click()
    player.retry_button.click()
    assert focused[-1] is next(b for b in player._answer_choices.values()
                               if b.layout.display != "none")
    app.choose_puzzle("follow-lead-to-win")
    browser_click(player.hand.row, "10K")
    player.retry_button.click()
    assert focused[-1] is player.hand.row
    app.choose_set("witch", 0)
    player.next_button.click()
    shown = [b for b in player._answer_choices.values() if b.layout.display != "none"]
    expected = shown[0] if player.answer_buttons.layout.display != "none" else player.hand.row
    assert focused[-1] is expected
    assert len(focused) == 3


def test_a_puzzle_that_shows_its_deck_does_not_call_it_face_down(app, collection):
    shown = next(p for s in collection.sets for p in s.puzzles
                 if p.show_deck and not p.deck_hidden and p.start().deck)
    app.choose_puzzle(shown.id)
    player = app.player
    assert "shown face up for this puzzle, top card first" in player.decree.html
    assert "face down" not in player.decree.html
    assert player.deck.layout.display == ""
    hidden = next(p for s in collection.sets for p in s.puzzles
                  if not p.show_deck and p.start().deck)
    app.choose_puzzle(hidden.id)
    assert "face down" in player.decree.html and player.deck.layout.display == "none"


# ----------------------------------------------------------------------------- set levels

def test_the_set_menu_and_the_progress_table_show_each_set_s_level(app, collection):
    from foxlib.teaching.puzzles import set_level
    from foxlib.words.captions import set_level_words
    labels = dict((value, label) for label, value in app.set_menu.options)
    assert list(labels) == [s.id for s in collection.sets]        # the collection's order
    for s in collection.sets:
        words = set_level_words(set_level(s))
        assert words.startswith("Level ") and words in labels[s.id], labels[s.id]
        row = app.progress.html.split(f'data-set="{s.id}"', 1)[1].split("</tr>", 1)[0]
        assert 'class="fox-pz-level"' in row and words in row, s.id
    assert labels["following"] == "Leading and following suit \u2014 Level 1 \u00b7 Beginner (0/6)"


def test_a_teacher_s_set_gets_its_measured_level(app):
    good = {"id": "mine-1", "title": "Mine", "difficulty": 3, "goal": "win-trick",
            "position": {"decree": "4M", "leader": "B", "trick": ["10B"],
                         "hands": {"A": ["9K", "2K"], "B": ["1M"]},
                         "tricks_won": {"A": 6, "B": 5}},
            "solution": ["9K"], "hints": ["Witch?"], "explanation": "A lone Witch is trump."}
    text = json.dumps({"format": "fox-puzzles/1", "id": "class", "title": "Class set",
                       "puzzles": [good]})
    app.load_file_text(text.encode(), "class.json")
    label = dict((value, label) for label, value in app.set_menu.options)["upload-class"]
    assert "Class set (uploaded) \u2014 Level 1 \u00b7 Beginner (0/1)" == label


def test_the_contents_page_shows_each_puzzle_set_s_level_in_order(collection):
    from foxlib.teaching.puzzles import set_level
    from foxlib.words.captions import set_level_words
    from widgets.home import page_html
    page = page_html(collection.sets)
    rows = re.findall(r"<li class='fox-home-set' data-fox-set='([\w-]+)'.*?</li>", page)
    assert rows == [s.id for s in collection.sets]
    for s in collection.sets:
        row = page.split(f"data-fox-set='{s.id}'", 1)[1].split("</li>", 1)[0]
        assert ("<span class='fox-home-level' title=" in row and
                f">{set_level_words(set_level(s))}</span>" in row), s.id
        assert "<span class='fox-home-state'>" in row      # home.js still fills in progress


def test_a_prediction_wrong_then_right_is_seen_not_solved_and_keeps_its_secret(app):
    """A wrong prediction says why, not what happens: no engine reason, the trick not counted
    on the board; with two choices the other is given away, so it counts as seen at once."""
    app.choose_puzzle("witch-lone-witch")
    player, puzzle = app.player, app.player.puzzle
    answer_button(player, "Your opponent").click()
    html = feedback(player)
    assert "Not your opponent." in html and "only Witch in a trick counts as a trump" in html
    assert "beats your opponent" not in html                  # the engine's reason: not yet
    assert 'data-place="won"' not in player.table.html        # nobody is said to have won
    assert app.store.is_seen(puzzle) and not app.store.is_solved(puzzle)
    player.retry_button.click()
    answer_button(player, "You").click()
    assert "Not counted as solved" in feedback(player)
    assert app.store.is_seen(puzzle) and not app.store.is_solved(puzzle)
    assert "solution seen" in player.header.html
    assert app.solved_count(app.set_by_id(puzzle.set_id)) == 0


def test_a_puzzle_seen_on_an_earlier_visit_is_not_solved_on_this_one(collection):
    store = ProgressStore()
    app = PuzzleApp(collection, store=store)
    puzzle = collection.puzzle("witch-lone-witch")
    store.seen = {progress_key(puzzle): True}             # remembered by the browser
    app.choose_puzzle("witch-lone-witch")
    answer_button(app.player, "You").click()
    assert "Not counted as solved" in feedback(app.player)
    assert not store.is_solved(puzzle) and store.is_seen(puzzle)


def test_the_zsa_theme_names_the_cards_its_way_in_question_feedback_hints_and_solution(
        collection):
    import re
    classic = re.compile(r"\b(Bells|Keys|Moons|Bell|Key|Moon)\b|\((1[01]|[1-9])[BKM]\)")
    app = PuzzleApp(collection, theme="zsa")
    player = app.player
    app.choose_puzzle("witch-trump-led-higher-trump")
    answer_button(player, "Your opponent").click()
    player.hint_button.click()
    shown = player.header.html + player.table.html + feedback(player)
    assert "X of Caps" in shown and not classic.search(shown), shown
    player.solution_button.click()
    app.choose_puzzle("fox-make-your-suit-trump")
    player.solution_button.click()
    shown = player.header.html + player.table.html + feedback(player)
    assert "Caps" in shown or "Clubs" in shown or "Hearts" in shown
    assert not classic.search(shown), shown
