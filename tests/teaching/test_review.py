"""foxlib.teaching.review: the move-by-move review of a round from one player's seat."""
from __future__ import annotations

import dataclasses
import inspect
import random
import re

import pytest

from foxlib import Card, InvalidState, Position, Round
from foxlib.teaching import review as review_module
from foxlib.teaching import review_special
from foxlib.words.narrator import ReviewNarrator
from foxlib.players.levels import RandomPlayer
from foxlib.teaching.review import (MISTAKE, Contrast, ReviewSettings, decision_count, iter_review,
                           review_round, summary_line)

FAST = ReviewSettings(samples=12)


def greedy_trap() -> Round:
    """A has 9 tricks and follows B's 6 of Bells holding the 8 and the 2 of Bells: the 8 wins a
    tenth trick (Greedy, no points); the 2 loses and keeps A Victorious. A plays the 8."""
    pos = Position(Card("4M"), ([Card("8B"), Card("2B")], [Card("6B"), Card("10K")]), leader=1,
                   tricks_won=(9, 2))
    rnd = Round(pos, names=("You", "Computer"))
    for card in ("6B", "8B", "2B", "10K"):
        rnd.play(card)
    assert rnd.is_over
    return rnd


def test_review_flags_a_move_the_strong_player_prefers_by_a_wide_margin_as_a_mistake():
    review = review_round(greedy_trap(), "A", seed=1, settings=FAST)
    first = review.records[0]
    assert (first.played, first.suggested) == (Card("8B"), Card("2B"))
    assert first.loss >= MISTAKE and first.verdict == "mistake"
    assert "Greedy" in first.reason and first.reason.startswith("Playing the 2 of Bells")
    # every card is known after the round: the exact check agrees the 8 gave points away
    assert first.exact.answered and first.exact.played < first.exact.position
    assert "with all cards known" in first.exact.text.lower()
    assert review.summary == f"You lost about {first.loss:.1f} points in trick 12."


def test_review_of_a_best_choice_says_so_and_costs_nothing():
    rnd = Round(Position(Card("4M"), ([Card("8B"), Card("2B")], [Card("6B"), Card("10K")]),
                         leader=1, tricks_won=(9, 2)))
    for card in ("6B", "2B", "10K", "8B"):
        rnd.play(card)
    first = review_round(rnd, 0, seed=1, settings=FAST).records[0]
    assert first.verdict == "best" and first.loss == 0
    assert first.reason.startswith("Playing the 2 of Bells was the best choice")


def test_review_marks_a_lone_legal_choice_as_forced():
    rnd = greedy_trap()
    last = review_round(rnd, 0, seed=1, settings=FAST).records[-1]
    assert last.verdict == "forced" and last.samples == 0
    assert "only legal choice" in last.reason


def _random_round(seed: int, actions: int | None = None) -> Round:
    rnd = Round.deal(seed=seed, names=("You", "Computer"))
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while not rnd.is_over and (actions is None or len(rnd.actions) < actions):
        rnd.act(players[rnd.to_play].choose(rnd.view(rnd.to_play)))
    return rnd


def _with_other_hidden_cards(rnd: Round, seat: int) -> Round:
    """The same recorded actions, but the opponent held a different card that it never
    played, swapped with one deep in the deck that nobody drew: the same view for ``seat``."""
    start = rnd.start
    played = {c for _, c in rnd.actions}
    opp = 1 - seat
    never = [c for c in start.hands[opp] if c not in played]
    deep = start.deck[3:]        # no Woodcutter drew this deep in the recorded actions
    for old in never:
        for new in deep:
            if new.suit != old.suit:
                continue
            hands = list(start.hands)
            hands[opp] = sorted([c for c in hands[opp] if c != old] + [new])
            deck = [old if c == new else c for c in start.deck]
            other = Round(dataclasses.replace(start, hands=tuple(hands), deck=deck), rnd.names)
            for kind, card in rnd.actions:
                getattr(other, kind)(card)
            return other
    raise AssertionError("no swap found: pick another seed")


def test_review_estimates_use_only_the_learners_view():
    rnd = _random_round(5, actions=10)
    other = _with_other_hidden_cards(rnd, 0)
    assert other.hands[1] != rnd.hands[1]
    assert other.view(0) == rnd.view(0)
    mine = list(iter_review(rnd, 0, seed=3, settings=FAST))
    theirs = list(iter_review(other, 0, seed=3, settings=FAST))
    assert len(mine) >= 4
    assert [r.choices for r in mine] == [r.choices for r in theirs]
    assert [(r.suggested, r.reason, r.verdict) for r in mine] == \
        [(r.suggested, r.reason, r.verdict) for r in theirs]


def test_review_is_reproducible_with_a_seed():
    rnd = _random_round(8)
    one = review_round(rnd, 1, seed=4, settings=FAST)
    two = review_round(rnd, 1, seed=4, settings=FAST)
    assert one == two and len(one.records) == decision_count(rnd, 1)
    other = review_round(rnd, 1, seed=5, settings=FAST)
    assert [r.choices for r in other.records] != [r.choices for r in one.records]


def test_review_yields_records_one_at_a_time_in_order():
    rnd = _random_round(9)
    seen = []
    review = review_round(rnd, 0, seed=1, settings=FAST, on_record=seen.append)
    assert [r.number for r in seen] == list(range(1, decision_count(rnd, 0) + 1))
    assert tuple(seen) == review.records
    assert all(r.of == len(seen) for r in seen)
    first = next(iter_review(rnd, 0, seed=1, settings=FAST))
    assert first == seen[0]


def test_review_of_an_unfinished_round_gives_no_exact_values():
    rnd = _random_round(10, actions=6)
    for rec in iter_review(rnd, 0, seed=1, settings=FAST):
        assert not rec.exact.answered and "once the round is over" in rec.exact.text
        assert all(c.exact is None for c in rec.choices)


def test_review_rejects_what_is_not_a_round_or_a_seat():
    with pytest.raises(InvalidState, match="needs a Round"):
        review_round("not a round", 0)
    with pytest.raises(InvalidState, match="not a player"):
        review_round(greedy_trap(), 2)
    with pytest.raises(InvalidState, match="inaccuracy <= mistake"):
        ReviewSettings(mistake=0.2, inaccuracy=0.5)


def test_summary_line_names_the_tricks_of_the_mistakes():
    rec = review_round(greedy_trap(), 0, seed=1, settings=FAST).records[0]
    three = dataclasses.replace(rec, trick=3, loss=1.5)
    nine = dataclasses.replace(rec, trick=9, loss=2.6)
    slip = dataclasses.replace(rec, trick=5, loss=0.6, verdict="inaccuracy")
    assert summary_line([three, nine]) == "You lost about 4.1 points in tricks 3 and 9."
    assert summary_line([three, slip, nine]) == ("You lost about 4.1 points in tricks 3 and 9, "
                                                 "and about 0.6 points more in 1 smaller slip "
                                                 "(trick 5).")
    assert summary_line([slip]).startswith("No big mistakes")
    good = dataclasses.replace(rec, loss=0.0, verdict="best")
    assert summary_line([good]).startswith("No mistakes")
    assert summary_line([], name="Ann") == ("Ann made no decisions in this round, so there is "
                                            "nothing to review.")


def test_review_explains_a_fox_exchange_and_a_woodcutter_discard():
    rng = random.Random(0)
    kinds = set()
    for seed in range(40):
        rnd = _random_round(seed)
        if not {"exchange", "discard"} & {k for k, _ in rnd.actions}:
            continue
        for rec in iter_review(rnd, rnd.start.leader, seed=rng.randrange(99), settings=FAST):
            if rec.kind in ("exchange", "discard") and rec.verdict != "forced":
                kinds.add(rec.kind)
                assert rec.reason.endswith(".") and len(rec.choices) > 1
                word = "decree" if rec.kind == "exchange" else "deck"
                assert word in rec.reason
        if kinds == {"exchange", "discard"}:
            break
    assert kinds == {"exchange", "discard"}


@pytest.mark.slow
def test_review_numbers_agree_the_loss_is_the_gap_between_the_estimates_shown():
    """Items, the table of choices and the summary line all use the same tenths of a point: the
    loss shown is the suggested choice's estimate minus the chosen one's, the verdict follows
    the thresholds from the loss's lower confidence bound (the honest margin: a verdict is
    never harsher than the loss shown), and the summary adds up the losses of the marked
    items."""
    records = []
    for seed in (11, 12):
        records += list(iter_review(_random_round(seed), 0, seed=2, settings=FAST))
    unforced = [r for r in records if r.verdict != "forced"]
    assert len(unforced) >= 10
    for r in unforced:
        est = {c.action: c.estimate for c in r.choices}
        assert all(v == round(v, 1) for v in est.values())
        assert r.loss == round(est[r.suggested] - est[r.played], 1)
        assert est[r.suggested] == max(est.values())
        if r.played == r.suggested:
            # Before the margins this was always "best"; a best estimate whose rival is within
            # the uncertainty is now "about as good" (equal).
            assert r.verdict in ("best", "equal") and r.loss == 0
        else:
            low = r.judgement.choice(r.played).low
            expected = ("mistake" if low >= MISTAKE else
                        "inaccuracy" if low >= ReviewSettings().inaccuracy else
                        "good" if low > 0 else "equal")
            assert r.verdict == expected
            if r.verdict in ("mistake", "inaccuracy"):
                threshold = MISTAKE if r.verdict == "mistake" else ReviewSettings().inaccuracy
                assert r.loss >= threshold - 0.05
    marked = [r for r in records if r.verdict == "mistake"]
    assert marked, "no mistake among random play: pick other seeds"
    line = summary_line(records)
    assert f"lost about {round(sum(r.loss for r in marked), 1):.1f} points" in line


def test_review_thresholds_come_from_the_settings():
    lenient = ReviewSettings(samples=12, mistake=50.0, inaccuracy=40.0)
    first = review_round(greedy_trap(), 0, seed=1, settings=lenient).records[0]
    assert first.loss >= MISTAKE and first.verdict == "good"
    assert first.reason.startswith("Playing the 8 of Bells was fine")


# ----------------------------------------------------------------------------- facts and words

YOU_WORDS = re.compile(r"\b[Yy]ou(r|rs)?\b")


def test_review_records_hold_facts_and_the_narrator_says_them_in_any_theme():
    review = review_round(greedy_trap(), 0, seed=1, settings=FAST)
    first = review.records[0]
    # facts only: no field of the record is a sentence (the words are the narrator's)
    texts = {f.name: getattr(first, f.name) for f in dataclasses.fields(first)
             if isinstance(getattr(first, f.name), str)}
    assert texts == {"kind": "play", "verdict": "mistake"}
    assert first.why == Contrast("out_of_greedy") and first.player == 0
    assert first.next_best == Card("2B")
    other = ReviewNarrator(("You", "Computer"), "zsa")
    assert other.review_reason(first) == first.reason.replace("Bells", "Clubs")
    assert "Clubs" in other.review_reason(first) and "Bells" not in other.review_reason(first)
    assert first.exact.text.endswith("best would be to play the 2 of Bells.")
    assert other.exact_text(first.exact) == first.exact.text.replace("Bells", "Clubs")
    assert [other.choice(first.kind, c.action) for c in first.choices] == \
        ["play the 2 of Clubs", "play the 8 of Clubs"]


def test_a_review_of_a_named_player_speaks_of_them_not_to_you():
    rnd = greedy_trap()
    named = Round(rnd.start, ("Ann", "Ben"))
    for action in rnd.actions:
        named.act(action)
    review = review_round(named, 0, seed=1, settings=FAST)
    first, last = review.records
    assert first.reason == ("Playing the 2 of Bells was better: it keeps Ann out of Greedy, "
                            "where a tenth trick would leave no points for tricks, while "
                            "playing the 8 of "
                            "Bells takes a tenth trick.")
    assert first.exact.text.startswith("With all cards known, best play by both from here is "
                                       "worth ") and " to Ann; Ann's choice keeps " in \
        first.exact.text
    assert last.reason == "Playing the 2 of Bells was Ann's only legal choice."
    assert review.summary == f"Ann lost about {first.loss:.1f} points in trick 12."
    for text in (first.reason, first.exact.text, last.reason, last.exact.text, review.summary):
        assert not YOU_WORDS.search(text), text
    # the same facts said to the learner ("You") keep the second person
    mine = review_round(rnd, 0, seed=1, settings=FAST)
    assert mine.records[0].reason == first.reason.replace("keeps Ann", "keeps you")
    assert mine.records[-1].reason == "Playing the 2 of Bells was your only legal choice."


def _contrast_codes() -> set:
    source = inspect.getsource(review_module) + inspect.getsource(review_special)
    return set(re.findall(r'(?:Contrast|C|_contrast\(\))\.of\("(\w+)"', source))


def test_every_fact_the_review_tells_apart_has_words_and_every_wording_a_fact():
    said = {name[len("_why_"):] for name in dir(ReviewNarrator) if name.startswith("_why_")}
    assert len(_contrast_codes()) >= 20
    assert _contrast_codes() == said


def _sample_facts(code: str) -> Contrast:
    """A Contrast for ``code`` with sample parameters (cards, suits, counts, chances)."""
    sample = {"card": Card("9B"), "kept": Card("6K"), "monarch": Card("11M"), "decree": Card("4K"),
              "suit": 2, "other_suit": 1, "count": 3, "other_count": 4, "keeps": False,
              "other_keeps": True, "points": 2, "tricks": 8, "trick": 3, "chance": 70,
              "other_chance": 20, "treasure": True, "trump": True, "none": 40, "winners": 1,
              "cards": 2}
    params = inspect.signature(getattr(ReviewNarrator, "_why_" + code)).parameters
    return Contrast.of(code, **{p: sample[p] for p in params if p not in ("self", "p")})


@pytest.mark.parametrize("code", sorted(_contrast_codes()))
def test_each_review_fact_is_said_to_you_or_about_a_named_player(code):
    why = _sample_facts(code)
    to_you = " ".join(filter(None, ReviewNarrator(("You", "Ben")).contrast(why, 0)))
    about_ann = " ".join(filter(None, ReviewNarrator(("Ann", "Ben")).contrast(why, 0)))
    assert "Ann" not in to_you and "Ben" not in to_you
    assert not YOU_WORDS.search(about_ann), about_ann
    assert ("you" in to_you) == ("Ann" in about_ann or "Ben" in about_ann), (to_you, about_ann)


def test_a_reason_says_should_win_only_when_the_choice_wins_in_most_deals():
    from types import SimpleNamespace
    from foxlib.words.narrator import ReviewNarrator
    voice = ReviewNarrator(("You", "Computer"))
    p = SimpleNamespace(obj="you")
    likely, _ = voice._why_likelier_wins(p, 80, 40)
    unlikely, _ = voice._why_likelier_wins(p, 46, 19)
    assert likely.startswith("should win the trick (in about 80%")
    assert unlikely.startswith("is likelier to win the trick (in about 46%")
    crowned, _ = voice._why_crown_likelier_wins(p, 30, 10)
    assert "11 of its suit and is likelier to win the trick" in crowned
