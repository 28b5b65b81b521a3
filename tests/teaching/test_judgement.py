"""foxlib.teaching.judgement: one judgement per decision, asked by the hint and the review alike,
with honest margins (paired standard errors over the same deals), exact values when every deal
that fits the view can be listed, a cache per position, and the same numbers for the same seed."""
import random
from math import comb

import pytest

from foxlib import Round
from foxlib.engine.modules import SPECIAL_CARDS, Modules
from foxlib.io.inputs import read_position
from foxlib.players.inference import Inference
from foxlib.players.levels import RandomPlayer
from foxlib.teaching import judgement as J
from foxlib.teaching.judgement import JudgeSettings, clear_cache, judge
from foxlib.teaching.review import ReviewSettings, hint, iter_review

#: A small budget for tests (a quarter of the default deals): the same for hint and review.
QUICK = ReviewSettings(deals_scale=0.25, special_deals_scale=0.25, exact_nodes=None)


def random_round(seed: int, modules=None) -> Round:
    rnd = Round.deal(seed=seed, names=("You", "Computer"), modules=modules or Modules())
    players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while not rnd.is_over:
        rnd.act(players[rnd.to_play].choose(rnd.view(rnd.to_play)))
    return rnd


def views_of(rnd: Round, seat: int) -> list:
    """The view of ``seat`` at each of its decisions, replayed from the start."""
    replay, out = rnd.fresh(), []
    for action in rnd.actions:
        if replay.to_play == seat:
            out.append(replay.view(seat))
        replay.act(action)
    return out


@pytest.mark.parametrize("special", [False, True], ids=["base", "special"])
def test_the_hint_and_the_review_given_the_same_position_agree(special):
    modules = Modules(special=SPECIAL_CARDS) if special else None
    rnd = random_round(5, modules)
    views = views_of(rnd, 0)
    records = list(iter_review(rnd, 0, seed=3, settings=QUICK))
    assert len(records) == len(views)
    checked = 0
    for view, rec in zip(views, records):
        if rec.verdict == "forced":
            continue
        clear_cache()       # the hint works it out afresh: no help from the review's cache
        h = hint(view, seed=3, settings=QUICK)
        assert h.values == rec.judgement.values           # the same numbers ...
        assert h.samples == rec.samples
        assert h.action == rec.judgement.best              # ... and the same best choice
        shown = {c.action: c.estimate for c in rec.choices}
        assert shown[rec.suggested] == round(h.values[h.action], 1)
        if rec.played == h.action:
            assert rec.verdict in ("best", "equal")
        checked += 1
    assert checked >= 5


def test_the_hint_and_the_review_share_one_judgement_through_the_cache():
    rnd = random_round(8)
    clear_cache()
    records = list(iter_review(rnd, 1, seed=2, settings=QUICK))
    rec = next(r for r in records if r.verdict != "forced")
    view = views_of(rnd, 1)[rec.number - 1]
    assert hint(view, seed=2, settings=QUICK).judgement is rec.judgement


def noisy_rows(gap: float, spread: float, deals: int, seed=0):
    """Per-deal values of two choices: the first better by ``gap`` on average, the per-deal
    difference scattered by ``spread``."""
    rng = random.Random(seed)
    diffs = [rng.gauss(0, spread) for _ in range(deals)]
    mean = sum(diffs) / deals
    diffs = [d - mean + gap for d in diffs]
    base = [rng.gauss(0, 2) for _ in range(deals)]
    return [[b + d for b, d in zip(base, diffs)], base]


def test_two_near_equal_choices_neither_is_called_a_mistake():
    view = Round(read_position(dict(decree="2K", hands={"A": ["4B", "9B"], "B": ["10M", "2M"]},
                                    leader="A"), "test position")).view(0)
    legal = list(view.choices)
    assert len(legal) == 2
    settings = JudgeSettings()
    # A gap of 1.2 points (more than a mistake's threshold) but noisy: within the margin.
    rows = noisy_rows(1.2, 4.0, 40)
    judged = J._finish(view, legal, rows, None, "sampled", settings)
    assert judged.best == legal[0]
    assert [c.verdict for c in judged.choices] == ["equal", "equal"]
    assert judged.choice(legal[1]).low < 0 < judged.choice(legal[1]).high
    assert judged.about_equal(legal[0]) == (legal[1],)
    # The same gap over deals that agree closely: now it is a clear mistake.
    sure = J._finish(view, legal, noisy_rows(1.2, 0.5, 40), None, "sampled", settings)
    assert [c.verdict for c in sure.choices] == ["best", "mistake"]


def test_near_equal_choices_in_real_positions_are_never_called_mistakes():
    """In every decision of a random round, a choice whose gap to the best is within its
    margin reads 'about as good' (equal), whatever its gap."""
    rnd = random_round(11)
    for view in views_of(rnd, 0):
        judged = judge(view, seed=1, settings=QUICK.judging)
        for c in judged.choices:
            if c.action != judged.best and c.low <= 0:
                assert c.verdict == "equal"
            if c.verdict in ("inaccuracy", "mistake"):
                assert c.low >= QUICK.inaccuracy and c.gap >= c.low


def test_exact_solving_is_used_when_few_cards_are_left_and_the_verdict_is_certain():
    rnd = Round(read_position(dict(decree="2K", hands={"A": ["4B", "8B", "2M"],
                                                       "B": ["10M", "6M", "8K"]},
                                   leader="B", tricks_won={"A": 5, "B": 5}), "test position"))
    rnd.play("8K")
    view = rnd.view(0)
    judged = [judge(view, seed=s) for s in (1, 2, 3)]
    first = judged[0]
    assert first.exact and first.method == "exact"
    assert all(c.exact and c.error == 0 and c.low == c.high == c.gap for c in first.choices)
    # Every deal is listed: the numbers do not depend on the seed.
    assert judged[1].choices == first.choices and judged[2].choices == first.choices
    # The listed deals are every opponent's hand of 2 the view allows, with the deck's order
    # irrelevant (no Woodcutter in play): the unseen cards of A's view, 2 at a time.
    inf = Inference(view)
    assert first.deals == comb(len(inf.hidden), 2)
    # Certain verdicts, never "about as good".
    assert {c.verdict for c in first.choices} <= {"best", "good", "inaccuracy", "mistake"}


def test_the_cache_returns_the_same_object_for_the_same_position():
    rnd = random_round(2)
    view = views_of(rnd, 0)[3]
    clear_cache()
    one = judge(view, seed=4, settings=QUICK.judging)
    again = judge(views_of(rnd, 0)[3], seed=4, settings=QUICK.judging)   # a new, equal view
    assert again is one
    assert judge(view, seed=5, settings=QUICK.judging) is not one     # another seed: its own


def test_a_judgement_is_determined_by_its_seed():
    rnd = random_round(4)
    view = views_of(rnd, 0)[1]
    clear_cache()
    one = judge(view, seed=7, settings=QUICK.judging)
    clear_cache()
    two = judge(view, seed=7, settings=QUICK.judging)
    assert one is not two and one == two


def test_a_judgement_with_special_cards_is_determined_by_its_seed():
    rnd = random_round(6, Modules(special=SPECIAL_CARDS))
    view = next(v for v in views_of(rnd, 0) if len(v.legal) > 2)
    clear_cache()
    one = judge(view, seed=7, settings=QUICK.judging)
    clear_cache()
    assert judge(view, seed=7, settings=QUICK.judging) == one
    assert one.method == "sampled" and all(c.deals >= 1 for c in one.choices)


def test_a_judgement_refuses_a_view_that_is_not_to_move():
    rnd = random_round(1)
    replay = rnd.fresh()
    waiting = replay.view(1 - replay.to_play)
    with pytest.raises(Exception, match="whose turn"):
        judge(waiting)
    with pytest.raises(Exception, match="player's view"):
        judge("A")
    with pytest.raises(Exception, match="inaccuracy <= mistake"):
        JudgeSettings(mistake=0.2, inaccuracy=0.5)


def test_a_special_card_round_is_judged_as_base_game_once_no_special_card_can_come():
    # Late in rounds with two special cards, every special card is often seen and played:
    # from then on the judgement values the deals with the base game's evaluators.
    from foxlib.players.determinize import sample_round
    from foxlib.players.out_of_play import no_special_to_come
    found = []
    for seed in range(40):
        rnd = random_round(seed, Modules(special=("Axe", "Bow")))
        for view in views_of(rnd, 0):
            if len(view.legal) > 1 and view.phase == "play" and \
                    no_special_to_come(view, sample_round(view, random.Random(1))):
                found.append(view)
                break
        if len(found) >= 3:
            break
    assert len(found) == 3
    for view in found:
        clear_cache()
        judged = judge(view, seed=3, settings=QUICK.judging)
        assert {c.action for c in judged.choices} == set(view.legal)
        assert judged.method in ("sampled", "exact")
