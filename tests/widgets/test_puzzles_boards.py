"""Every shipped puzzle's board, read back from what the puzzle player draws, is one legal and
consistent position: at the start, after a wrong answer, after Show solution, and once solved.

Read from the widgets (not from the engine): the learner's hand, the opponent's row, the cards
on the table with their trick numbers (``data-card``/``data-trick``/``data-place``), the decree
card, the deck, the tricks won on the score board and the hand's status line.
"""
from __future__ import annotations

import re
from collections import Counter

import pytest

from foxlib import DECK, THEMES, Card
from foxlib.teaching.puzzles import solve_actions
from foxlib.words.narrator import Narrator
from foxlib.words.svg import card_svg
from foxlib.teaching.puzzles import BAND, PLAY, PREDICT, SCORE, load_collection, solve_goal
from foxlib.words.svg import card_label
from widgets.puzzle import PuzzlePlayer

COLLECTION = load_collection()
LABELS = {card_label(c, THEMES["classic"], False): c for c in DECK}
SPOT = re.compile(r'<div class="fox-spot" data-trick="(\d+)" data-place="(\w+)"'
                  r'(?: data-card="(\w+)")?>(.*?)<div class="fox-caption">([^<]*)</div>', re.S)


def board(player) -> dict:
    """What the page shows, read from the widgets."""
    mine = [Card(c) for c in player.hand.row.cards] \
        if player.hand.layout.display != "none" else []
    items = player.opponent._items if player.opponent_box.layout.display != "none" else []
    spots = [dict(trick=int(n), place=place, card=Card(code) if code else None, caption=cap)
             for n, place, code, _body, cap in SPOT.findall(player.table.html)]
    decree = next(LABELS[x] for x in re.findall(r'aria-label="([^"]+)"', player.decree.html)
                  if x in LABELS)
    deck_count = int(re.search(r"deck: (\d+) cards?", player.decree.html).group(1))
    deck = [Card(c) for c in player.deck.cards] if player.deck.layout.display != "none" else []
    tricks = [int(n) for n in re.findall(r"(\d+) tricks? this round", player.scores.html)]
    return dict(mine=mine, opp=[Card(i["card"]) for i in items if i["card"]],
                opp_count=len(items), spots=spots, decree=decree, deck=deck,
                deck_count=deck_count, tricks=tricks,
                hand_note=re.sub(r"<[^>]+>", "", player.hand.note.html),
                opp_note=re.sub(r"<[^>]+>", "", player.opponent_note.html),
                table_text=re.sub(r"<[^>]+>", " ", re.sub(r"<svg.*?</svg>", "",
                                                          player.table.html, flags=re.S)))


def check_board(player, stage: str) -> None:
    b, s = board(player), player.session
    where = f"{player.puzzle.id} ({stage})"
    on_table = [x for x in b["spots"] if x["place"] == "table" and x["card"]]
    won = [x for x in b["spots"] if x["place"] == "won"]
    # Each card is in one place only.
    visible = b["mine"] + b["opp"] + [x["card"] for x in on_table] + [b["decree"]] + b["deck"]
    twice = [c for c, n in Counter(visible).items() if n > 1]
    assert not twice, f"{where}: drawn in two places: {twice}"
    assert not {x["card"] for x in won} & set(visible), f"{where}: a won card is still in play"
    # All 33 cards: hands, table, won tricks (2 each), decree and deck.
    assert len(b["tricks"]) == 2, f"{where}: the score board shows {b['tricks']}"
    done = sum(b["tricks"])
    total = len(b["mine"]) + b["opp_count"] + len(on_table) + 2 * done + 1 + b["deck_count"]
    assert total == 33, f"{where}: the board accounts for {total} cards, not 33"
    assert b["deck_count"] == 6 and (not b["deck"] or len(b["deck"]) == 6), where
    # Trick numbers: the tricks on the table follow the tricks already counted.
    numbers = sorted({x["trick"] for x in b["spots"] if x["place"] == "table"})
    assert numbers == list(range(done + 1, done + 1 + len(numbers))), \
        f"{where}: tricks {numbers} on the table after {done} counted"
    assert all(x["trick"] <= done for x in won), f"{where}: a won trick is not counted yet"
    for heading in re.findall(r"Trick (\d+)", b["table_text"]):
        assert int(heading) in numbers + [x["trick"] for x in won], \
            f"{where}: the table names trick {heading}"
    assert "first trick" not in b["table_text"] or numbers == [1], where
    # Card counts agree with whose turn it is and with the trick in progress.
    by_trick = Counter(x["trick"] for x in on_table)
    loose = [x for x in on_table if by_trick[x["trick"]] == 1]
    if loose:
        led_by_you = loose[0]["caption"] == "led by you"
        assert len(b["mine"]) + (1 if led_by_you else -1) == b["opp_count"], \
            f"{where}: {len(b['mine'])} and {b['opp_count']} cards with a trick led"
    else:
        assert len(b["mine"]) == b["opp_count"] or not b["mine"], \
            f"{where}: {len(b['mine'])} and {b['opp_count']} cards between tricks"
    complete = sum(1 for n in by_trick.values() if n == 2)     # played, not yet counted
    assert done + complete + max(len(b["mine"]), b["opp_count"]) == 13, \
        f"{where}: {done} tricks counted, {complete} on the table and the hands do not make 13"
    # The status lines say how things stand.
    assert f"{b['opp_count']} card" in b["opp_note"] or b["opp_count"] == 0, where
    if b["mine"]:
        assert f"{len(b['mine'])} card" in b["hand_note"], where
    clickable = [i for i in player.hand.row._items if i["clickable"]]
    if s.finished or s.puzzle.kind in (PREDICT, SCORE):
        assert "your turn" not in b["hand_note"] and not clickable, \
            f"{where}: the hand still asks for a card: {b['hand_note']}"
    elif s.your_turn:
        assert "your turn" in b["hand_note"] and clickable, where
    if s.finished and s.puzzle.kind in (PLAY, BAND):
        assert any(w in b["hand_note"] for w in ("solved", "over", "solution")), where


def wrong_answer(session):
    """A wrong answer of the puzzle's kind, or None when every choice is right."""
    p = session.puzzle
    if p.kind == PREDICT or p.goal.name == "game-winner":
        return next(v for _label, v in session.options() if v not in p.solution), "answer"
    if p.kind == SCORE:
        return p.solution[0] + 1, "answer"
    right = set(p.solution)
    wrong = [m for m in session.round.legal_moves() if m not in right]
    return (wrong[0], "play") if wrong else (None, "")


def solve(player) -> None:
    s = player.session
    p = s.puzzle
    if p.kind in (PREDICT, SCORE):
        player._number_entered(str(p.solution[0])) if p.kind == SCORE and \
            p.goal.name != "game-winner" else player.answer(p.solution[0])
        return
    while s.status == "open":
        move = next(v.move for v in solve_goal(s.round, p.goal).verdicts if v.works) \
            if p.kind == BAND else p.solution[0]
        player._judge(s.play, move)
        if s.status == "open":
            check_board(player, "half-way")


@pytest.mark.parametrize("puzzle", [p for p in COLLECTION.puzzles if not p.deluxe],
                         ids=lambda p: p.id)
def test_every_puzzle_board_is_one_consistent_position(puzzle):
    player = PuzzlePlayer([puzzle])
    check_board(player, "start")
    value, how = wrong_answer(player.session)
    if how:
        player._judge(getattr(player.session, how), value)
        assert player.session.status == "failed"
        check_board(player, "after a wrong answer")
    player.show_solution()
    check_board(player, "solution shown")
    player.retry()
    check_board(player, "retry")
    solve(player)
    assert player.session.status == "solved"
    check_board(player, "solved")


def test_the_board_check_catches_a_card_drawn_twice():
    """The check above can fail: the old drawing of 'Two Keys' (the hands before the given
    plays, beside those plays on the table) is refused."""
    player = PuzzlePlayer([COLLECTION.puzzle("follow-higher-key")])
    player.hand.update(player.puzzle.start())
    with pytest.raises(AssertionError, match="drawn in two places"):
        check_board(player, "old drawing")


def test_an_endgame_is_numbered_as_a_late_trick():
    player = PuzzlePlayer([COLLECTION.puzzle("endgame-only-loser")])
    text = board(player)["table_text"]
    assert "Trick 9 of 13" in text and "first trick" not in text


def test_a_finished_puzzle_no_longer_asks_for_a_card():
    player = PuzzlePlayer([COLLECTION.puzzle("follow-lead-to-win")])
    player.click_card("8B")           # right: you win the trick and would lead the next one
    assert player.session.round.to_play == player.puzzle.you
    note = board(player)["hand_note"]
    assert "your turn" not in note and "puzzle solved" in note
    assert "You lead" not in board(player)["table_text"]      # no place invites a card
    player.retry_button.click()
    player.click_card("10K")                                   # wrong: the attempt is over
    note = board(player)["hand_note"]
    assert "your turn" not in note and "press Retry" in note


# ----------------------------------------------------------------------------- Deluxe puzzles
# Their boards hold special cards and decks of other sizes, and the Hammer, the Crown and the
# Potion move cards to and from the deck, so the 33-card count above does not apply. Each is
# played through the widgets as a learner would: clicks on cards, then the decision buttons.

def _draws_special_cards() -> bool:
    try:
        card_svg(Card("Hammer"))
    except Exception:       # the special cards' faces are drawn by foxlib.words.svg once they exist
        return False
    return True


def _deluxe_puzzles():
    out = []
    for p in COLLECTION.puzzles:
        if not p.deluxe:
            continue
        marks = [] if not p.modules.special or _draws_special_cards() else [
            pytest.mark.skip(reason="special cards have no faces in foxlib.words.svg yet")]
        out.append(pytest.param(p, id=p.id, marks=marks))
    return out


def deluxe_click(player, action) -> None:
    """A card click for a card to play, else the decision button the session labels."""
    if action.kind == "play" and player.session.round.phase == "play":
        player.hand.row._handle_custom_msg({"event": "click", "card": str(action.card)}, [])
    else:
        player.act_button(Narrator().action_words(action.kind, action.card, "answer"))


def check_deluxe_board(player, stage: str) -> None:
    b = board(player)
    where = f"{player.puzzle.id} ({stage})"
    visible = b["mine"] + b["opp"] + [b["decree"]] + b["deck"]
    twice = [c for c, n in Counter(visible).items() if n > 1]
    assert not twice, f"{where}: drawn in two places: {twice}"
    s = player.session
    assert [c for c in b["mine"]] == sorted(s.round.hands[s.puzzle.you]) or \
        player.hand.layout.display == "none", where


@pytest.mark.parametrize("puzzle", _deluxe_puzzles())
def test_every_deluxe_puzzle_is_played_through_the_widgets(puzzle):
    player = PuzzlePlayer([puzzle])
    s = player.session
    check_deluxe_board(player, "start")
    if puzzle.kind in (PLAY, BAND):
        wrong = next(v.move for v in solve_actions(s.round, puzzle.goal).verdicts if not v.works)
        deluxe_click(player, wrong)
        assert s.status == "failed", (puzzle.id, player.feedback.html)
    player.show_solution()
    assert s.status == "shown"
    player.retry()
    check_deluxe_board(player, "retry")
    if puzzle.kind in (PLAY, BAND):
        deluxe_click(player, puzzle.solution[0])
        while s.status == "open":
            check_deluxe_board(player, "half-way")
            deluxe_click(player, next(v.move for v in solve_actions(s.round, puzzle.goal).verdicts
                                      if v.works))
    else:
        solve(player)
    assert s.status == "solved", (puzzle.id, player.feedback.html)
    assert "Right!" in player.feedback.html
