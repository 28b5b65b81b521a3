"""'Review this round': the button starts a background review whose records appear one by one,
at the play table after a round and in the round player for a recorded round."""
import dataclasses
import asyncio
import html
import pathlib
import re

from foxlib import THEMES, Card, Position, Round
from foxlib.words.narrator import ReviewNarrator
from foxlib.teaching.review import ReviewSettings, decision_count, review_round
from widgets import PlayTable, RoundPlayer
from widgets.exercises import load_round
from widgets.review import ReviewPanel, record_html

FAST = ReviewSettings(samples=6)
LESSON_ROUND = pathlib.Path(__file__).parents[2] / "notebooks" / "data" / "a_full_round.json"


def greedy_trap() -> Round:
    rnd = Round(Position(Card("4M"), ([Card("8B"), Card("2B")], [Card("6B"), Card("10K")]),
                         leader=1, tricks_won=(9, 2)), names=("You", "Computer"))
    for card in ("6B", "8B", "2B", "10K"):
        rnd.play(card)
    return rnd


def text(widget) -> str:
    return html.unescape(widget.html)


text_of = text


def status(pt) -> str:
    return html.unescape(pt.status.html)


YOU_WORDS = re.compile(r"\b[Yy]ou(r|rs)?\b")


def test_review_button_starts_a_review_and_shows_each_decision():
    rnd = greedy_trap()
    panel = ReviewPanel(rnd, settings=FAST, seed=2)
    assert panel.records == [] and not panel.running
    panel.button.click()
    assert panel.wait(60)
    assert tuple(panel.records) == review_round(rnd, 0, seed=2, settings=FAST).records
    assert len(panel.items.children) == 2
    first = panel.items.children[0].html
    assert "fox-review-mistake" in first and "Mistake" in first and "Greedy" in html.unescape(first)
    assert "You lost about" in text(panel.summary) and "trick 12" in text(panel.summary)
    assert panel.progress.value == 2 and panel.progress.layout.display == "none"
    assert not panel.button.disabled


def test_review_runs_in_a_thread_and_posts_records_on_the_event_loop():
    rnd = greedy_trap()
    panel = ReviewPanel(rnd, settings=FAST)
    seen_running = []

    async def main():
        panel.button.click()
        seen_running.append(panel.running)        # the click returned before the work was done
        assert "fox-review-summary" not in panel.summary.html   # the summary box ends it
        assert "Reviewing your 2 decisions" in text(panel.summary)
        for _ in range(600):
            if not panel.running:
                return
            await asyncio.sleep(0.05)

    asyncio.run(main())
    assert seen_running == [True]
    assert len(panel.records) == 2 and "You lost about" in text(panel.summary)
    assert "fox-review-summary fox-review-summary-mistakes" in panel.summary.html


def test_finished_review_shows_its_summary_box_with_what_the_marks_mean():
    rnd = greedy_trap()
    panel = ReviewPanel(rnd, settings=FAST, sync=True)
    panel.button.click()
    box = text(panel.summary)
    assert 'class="fox-review-summary' in box
    assert panel.summary_text in box and panel.summary_text.startswith("You lost about")
    assert "Mistake</b> only when it clearly gave up 1 point or more" in box
    assert "<b>Inaccuracy</b> when it clearly gave up 0.5 points or more" in box
    assert "<b>About as good</b>" in box
    # the loss on the item is the one the summary line adds up
    mistake = panel.records[0]
    assert f"about {mistake.loss:.1f} points lost" in panel.items.children[0].html
    assert f"lost about {mistake.loss:.1f} points" in panel.summary_text


def test_an_about_as_good_mark_says_its_gap_is_within_the_margin_not_points_lost():
    panel = ReviewPanel(greedy_trap(), settings=FAST, sync=True)
    panel.button.click()
    close = dataclasses.replace(panel.records[0], verdict="equal", loss=0.2)
    html = record_html(close)
    assert "About as good" in html and "0.2 behind the best, within the margin" in html
    assert "points lost" not in html


def test_a_new_round_clears_an_old_review():
    panel = ReviewPanel(greedy_trap(), settings=FAST, sync=True)
    panel.button.click()
    assert len(panel.records) == 2
    panel.set_round(None)
    assert panel.records == [] and panel.items.children == () and panel.layout.display == "none"


def test_play_table_offers_the_review_once_a_round_is_over():
    pt = PlayTable(seed=3)
    assert pt.review.layout.display == "none"
    while not pt.game.round.is_over:
        rnd = pt.game.round
        if rnd.phase == "exchange":
            pt.keep_button.click()
        else:
            pt.hand.click(str(rnd.legal_actions()[0].card))
    assert pt.review.layout.display == ""
    pt.review.settings = FAST
    pt.review.button.click()
    assert pt.review.wait(120)
    assert len(pt.review.records) == decision_count(pt.game.round, 0)
    assert pt.review.summary_text.startswith(("You lost", "No big mistakes", "No mistakes"))
    if not pt.game.is_over:
        pt.next_button.click()
        assert pt.review.layout.display == "none" and pt.review.records == []


def test_round_player_reviews_either_player_of_the_lesson_11_round_speaking_of_them():
    """Lesson 11's round is between Ann and Ben: a review of Ben's decisions names Ben (and
    Ann, his opponent) in the third person and never says "you"."""
    player = RoundPlayer(load_round(str(LESSON_ROUND)))
    panel = player.review
    assert [name for name, _ in panel.seat_menu.options] == ["Ann", "Ben"]
    panel.settings = FAST
    panel.seat_menu.value = 1
    panel.button.click()
    assert panel.wait(120)
    full = load_round(str(LESSON_ROUND))
    assert len(panel.records) == decision_count(full, 1) > 10
    assert "Ben's" in panel.items.children[0].html
    assert panel.summary_text.startswith(("Ben lost", "No big mistakes", "No mistakes"))
    # the review is of the whole recorded round, wherever the player stands
    assert any(r.exact.answered for r in panel.records)
    words = [visible(item) for item in panel.items.children] + [panel.summary_text]
    assert not any(YOU_WORDS.search(w) for w in words), [w for w in words
                                                          if YOU_WORDS.search(w)]
    assert any(" to Ben; Ben's choice keeps " in w for w in words)
    assert all("points for Ben minus Ann's" in w for w, r in zip(words, panel.records)
               if len(r.choices) > 1)
    forced = [w for w, r in zip(words, panel.records) if r.verdict == "forced"]
    assert forced and all("was Ben's only legal choice." in w for w in forced)


def visible(widget) -> str:
    """The words of an item, without its markup (the card pictures' labels included)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", widget.html)).split())


def _play_learner_turns(pt, until):
    while not until(pt):
        rnd = pt.game.round
        if rnd.phase == "exchange":
            pt.keep_button.click()
        else:
            pt.hand.click(str(rnd.legal_actions()[-1].card))


CLASSIC_SUITS = re.compile(r"\b(Bells?|Keys?|Moons?)\b")
ZSA_SUITS = re.compile(r"\b(Clubs?|Hearts?|Caps?)\b")


def test_switching_the_play_tables_theme_tells_the_hint_and_the_review_in_the_new_suits():
    pt = PlayTable(seed=3)
    _play_learner_turns(pt, lambda p: p.game.round.to_play == 0 and
                        len(p.game.round.legal_actions()) > 1)
    text = pt.hint()
    advice = pt.last_hint
    assert CLASSIC_SUITS.search(text) and not ZSA_SUITS.search(text)
    pt.theme.value = "zsa"
    shown = status(pt)
    assert ReviewNarrator(pt.names, "zsa").hint_text(advice) in shown
    assert advice.action.name(THEMES["zsa"]) in pt.news
    assert not CLASSIC_SUITS.search(pt.news + pt.news_detail)
    pt.theme.value = "classic"
    assert pt.news == text

    _play_learner_turns(pt, lambda p: p.game.round.is_over)
    pt.review.settings = FAST
    pt.review.button.click()
    assert pt.review.wait(120)
    before = [visible(item) for item in pt.review.items.children]
    summary = pt.review.summary_text
    assert len(before) == len(pt.review.records) and any(CLASSIC_SUITS.search(w) for w in before)
    pt.theme.value = "zsa"
    after = [visible(item) for item in pt.review.items.children]
    assert len(after) == len(before)
    assert not any(CLASSIC_SUITS.search(w) for w in after)
    assert all(ZSA_SUITS.search(w) for w in after)
    for item, rec in zip(pt.review.items.children, pt.review.records):
        assert item.html == record_html(rec, "zsa", pt.names)
        assert ReviewNarrator(pt.names, "zsa").review_reason(rec) in visible(item)
    assert pt.review.summary_text == summary and summary in text_of(pt.review.summary)
    # the learner is "You": the review speaks to them, never of "Computer"
    assert all(re.search(r"Trick \d+ · your (play|Fox exchange|Woodcutter discard) ", w)
               and "Computer" not in w for w in after), after
    assert any(" to you; your choice keeps " in w for w in after)


def test_round_player_reviews_a_recorded_round_with_special_cards_naming_each_decision():
    """A recorded round with all nine special cards, replayed in the round player: the review of
    Ben's decisions heads each one with its name ("Ben's Hammer's suit", "Ben's Shovel's dig")
    and shows a choice with no card of its own in words."""
    from foxlib.engine.modules import SPECIAL_CARDS, Modules
    from foxlib.words.narrator import DECISION_NAMES
    from foxlib.players.levels import RandomPlayer
    # This round gives Ben a Crown, a Hammer's suit, a dig and the Potion's choices.
    rnd = Round.deal(seed=4, modules=Modules(special=SPECIAL_CARDS), names=("Ann", "Ben"))
    players = [RandomPlayer(4), RandomPlayer(5)]
    while not rnd.is_over:
        rnd.act(players[rnd.to_play].choose(rnd.view(rnd.to_play)))
    player = RoundPlayer(rnd)
    panel = player.review
    panel.settings = ReviewSettings(samples=4)
    panel.seat_menu.value = 1
    panel.button.click()
    assert panel.wait(120)
    assert len(panel.records) == decision_count(rnd, 1) == len(panel.items.children)
    words = [visible(item) for item in panel.items.children]
    for rec, said in zip(panel.records, words):
        assert f"Ben's {DECISION_NAMES[rec.kind]} ({rec.number} of {rec.of})" in said
        assert ReviewNarrator(("Ann", "Ben")).review_reason(rec) in said
        assert not YOU_WORDS.search(said), said
    special = [(r, w) for r, w in zip(panel.records, words)
               if r.kind not in ("play", "exchange", "discard")]
    assert special, [r.kind for r in panel.records]
    suits = [w for r, w in special if r.kind == "name_suit"]
    assert suits and all("chosen name " in w and " for the Hammer" in w for w in suits)
    digs = [w for r, w in special if r.kind == "dig"]
    assert digs and all(re.search(r"chosen (do not )?dig", w) for w in digs)
    assert panel.summary_text.startswith(("Ben lost", "No big mistakes", "No mistakes"))


def test_a_kept_decree_card_is_shown_in_the_narrators_words():
    rnd = Round(Position(Card("4M"), ([Card("3B"), Card("2B")], [Card("6B"), Card("10K")]),
                         leader=0, tricks_won=(9, 2)), names=("You", "Computer"))
    rnd.play("3B")
    rnd.exchange(None)                                  # the Fox keeps the decree card
    while rnd.phase != "over":
        rnd.play(rnd.legal_cards()[0])
    rec = next(r for r in review_round(rnd, 0, seed=2, settings=FAST).records
               if r.kind == "exchange")
    assert rec.played is None
    chosen = ReviewNarrator(("You", "Computer")).choice("exchange", None)
    assert chosen == "keep the decree card"
    assert f'you chose</span><span class="fox-review-keep">{chosen}</span>' in record_html(rec)
