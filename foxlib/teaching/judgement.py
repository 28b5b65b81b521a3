"""One judgement per decision: what every legal choice is worth from the player's view, how
sure that is, and which choice is best. The hint and the review (the play table's "why" is
the hint's sentence) all ask ``judge(view)``, so for the same position and view they get the
same numbers and the same best choice. (The puzzles' analysis samples nothing: it judges a
puzzle's moves exactly, by the engine over every reply or the solver, so it has no estimate
to agree with.)

How a decision is judged:

- **Exactly, when affordable.** In a base round near the end (few cards left, no Woodcutter to
  come, so the deck's order does not matter) every deal of the unseen cards that fits the view
  is listed (``foxlib.players.inference``) and solved with all cards known (the solver); the
  estimates are the averages over all of them, weighted by how likely each deal is. There is
  no sampling noise: the margin is nil and the verdict certain (``exact`` is True).
- **Otherwise by sampling, adaptively.** Deals that fit the view are drawn in batches and every
  choice is valued in each (the strong player's evaluators: the solver near the end, a
  two-trick look-ahead, guided playouts before; with special cards, playouts of the round on
  the fast path). After each batch every choice's gap to the best one gets its standard error
  from the *paired* differences over the same deals (far tighter than comparing two
  independent averages). Sampling stops once no threshold (0.5 and 1 point by default) lies
  inside any gap's confidence interval, or when the budget (deals and search work, fixed
  numbers, so the judgement does not depend on the machine's speed) is spent.
- **Verdicts from the margins.** For each choice other than the best, ``low`` is the gap's
  lower confidence bound (gap minus ``z`` standard errors): a *mistake* when ``low`` reaches
  ``mistake`` points, an *inaccuracy* when it reaches ``inaccuracy``, *good* when the choice is
  surely worse but by less, and *equal* ("about as good as the best") when the gap is within
  the uncertainty. The best choice is *best* only when every other choice is surely worse;
  otherwise it too is *equal*. A lone legal choice is *forced*.

``judge`` keeps the last judgements in a bounded cache (the view's canonical text, the seed and
the settings are the key), so a hint asked at the table and the review of the same position
afterwards return the same object. Everything is seeded: the same view, seed and settings give
the same judgement on any machine.
"""
from __future__ import annotations

import math
import random
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from itertools import combinations, permutations

from ..core.cards import DECK
from ..core.errors import InvalidState
from ..engine.round import PlayerView
from ..players.common import view_key
from ..players.determinize import sample_round
from ..players.inference import Inference, bit
from ..players.levels import StrongPlayer
from ..players.out_of_play import base_world, no_special_to_come
from ..players.special import PER_DEAL, evaluate
from ..search.evaluators import (LookaheadEvaluator, OutOfTime, Schedule, SolverEvaluator,
                                 default_evaluator, goals_evaluator)

__all__ = ["JudgeSettings", "ChoiceJudgement", "Judgement", "judge", "judgement_of",
           "clear_cache", "VERDICTS", "CLEAR"]

#: Every verdict, for the review and the hint.
VERDICTS = ("forced", "best", "equal", "good", "inaccuracy", "mistake")
#: The verdicts that say a choice was worse (the ones a learner should learn from).
CLEAR = ("inaccuracy", "mistake")


@dataclass(frozen=True)
class JudgeSettings:
    """How a decision is judged.

    ``mistake`` and ``inaccuracy``: the thresholds in points (docs/review.md); ``z``: how many
    standard errors make a gap "clear" (2: about 95% confidence). ``samples``: a fixed number
    of deals (no adaptive sampling, no exact listing; for tests); None samples adaptively.
    ``scale``: the budget of deals (and search work) as a multiple of the defaults below;
    ``special_scale`` the same for the playouts of rounds with special cards.
    ``exact_deals``: list every deal that fits the view and solve each when there are at most
    this many (base rounds, no Woodcutter to come); 0 never does.
    """

    mistake: float = 1.0
    inaccuracy: float = 0.5
    z: float = 2.0
    samples: int | None = None
    scale: float = 1.0
    special_scale: float = 1.0
    exact_deals: int = 400

    def __post_init__(self):
        if not 0 < self.inaccuracy <= self.mistake:
            raise InvalidState("The thresholds need 0 < inaccuracy <= mistake, not "
                               f"{self.inaccuracy!r} and {self.mistake!r}.")
        if self.samples is not None and (not isinstance(self.samples, int) or self.samples < 1):
            raise InvalidState(f"samples must be a whole number of at least 1, not "
                               f"{self.samples!r}.")
        for name in ("z", "scale", "special_scale"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and value > 0):
                raise InvalidState(f"{name} must be a positive number, not {value!r}.")
        if not isinstance(self.exact_deals, int) or self.exact_deals < 0:
            raise InvalidState(f"exact_deals must be a whole number of at least 0, not "
                               f"{self.exact_deals!r}.")


#: The adaptive budget of a base-game decision, by the evaluator that values a deal:
#: (first batch, later batches, most deals, most search work). Measured on this machine
#: (benchmarks/bench_hint.py): a deal of guided playouts costs 0.4-0.8 ms (1-2 ms before the
#: playout in local integers, ``foxlib.search.guided``, so three times the deals of then), a
#: deal of the two-trick look-ahead 10-50 ms, a deal solved at 6 cards 2-50 ms. With these,
#: a hint takes at most 0.65 s of CPU and a whole round's review 2-4.6 s (docs/review.md).
BUDGETS = {"playouts": (192, 128, 768, None),
           "look-ahead": (8, 8, 48, 28_000),
           "exact": (24, 16, 96, 120_000)}
#: With special cards: (first batch of deals, later batches, most playouts in all); each
#: choice still in question is played out ``PER_DEAL`` times in each deal. Since the
#: playouts' own cards follow the guided policy (about twice the cost of a random playout),
#: 6,000 keeps a whole round's review within 5 s of CPU (benchmarks/bench_review.py --special:
#: median 4.0 s, the first record 0.5 s; 12,000 took 7.2 s and 1.0 s).
SPECIAL_BUDGET = (16, 16, 6_000)
#: With goal cards (every playout through the rules engine): the same, in engine playouts.
ENGINE_BUDGET = (8, 8, 900)


@dataclass(frozen=True)
class ChoiceJudgement:
    """One legal choice: its ``estimate`` (points from now to the round's end, the player's
    gain minus the opponent's, averaged over ``deals``), the ``gap`` to the best choice's
    estimate with its standard ``error`` (from the paired differences over the same deals; 0
    when ``exact``) and confidence bounds ``low`` and ``high``, and its ``verdict``."""

    action: object
    estimate: float
    gap: float
    error: float
    low: float
    high: float
    deals: int
    exact: bool
    verdict: str


@dataclass(frozen=True)
class Judgement:
    """Every legal choice of a decision judged (``choices``, in the legal order), the ``best``
    one, how (``method``: 'forced', 'exact', 'sampled' or 'given' for estimates handed in), the
    deals weighed (the most any choice had) and the ``settings``."""

    player: int
    phase: str
    choices: tuple
    best: object
    method: str
    deals: int
    settings: JudgeSettings = field(repr=False)
    work: int = field(default=0, compare=False)

    @property
    def exact(self) -> bool:
        return self.method == "exact"

    def choice(self, action) -> ChoiceJudgement:
        for c in self.choices:
            if c.action == action:
                return c
        raise KeyError(f"{action} is not a legal choice of this decision.")

    def verdict(self, action) -> str:
        return self.choice(action).verdict

    @property
    def values(self) -> dict:
        """Estimate per choice."""
        return {c.action: c.estimate for c in self.choices}

    @property
    def runner(self):
        """The best of the other choices (the first in legal order among equals), or None."""
        others = [c for c in self.choices if c.action != self.best]
        return max(others, key=lambda c: c.estimate).action if others else None

    def about_equal(self, action) -> tuple:
        """The other choices whose gap to ``action`` is within the uncertainty (for the words
        "about as good as")."""
        mine = self.choice(action)
        if self.method == "forced":
            return ()
        return tuple(c.action for c in self.choices if c.action != action and (
            c.verdict == "equal" or c.action == self.best) and (
            mine.verdict in ("equal", "best")))


# ----------------------------------------------------------------------------- the service

_CACHE: OrderedDict = OrderedDict()
_CACHE_SIZE = 256
_LOCK = threading.Lock()


def clear_cache() -> None:
    with _LOCK:
        _CACHE.clear()


def judge(view: PlayerView, *, seed=0, settings: JudgeSettings | None = None) -> Judgement:
    """The judgement of the decision in ``view`` (the player to move's own view): every legal
    choice's estimate with its margin, the best choice, a verdict per choice. Cached per
    position while the process runs (the last 256)."""
    if not isinstance(view, PlayerView):
        raise InvalidState(f"A judgement needs a player's view (Round.view(seat)), not "
                           f"{type(view).__name__}.")
    if view.to_play != view.player or view.phase == "over":
        raise InvalidState("A judgement is for the player whose turn it is.")
    settings = settings or JudgeSettings()
    key = (view_key(view), repr(view.modules), repr(view.goals), str(seed), settings)
    with _LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    made = _judge(view, seed, settings)
    with _LOCK:
        made = _CACHE.setdefault(key, made)
        _CACHE.move_to_end(key)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return made


def judgement_of(view: PlayerView, values: dict, deals: int = 0,
                 settings: JudgeSettings | None = None) -> Judgement:
    """A judgement from estimates handed in (``values``: choice -> points), with no margin:
    for a stand-in adviser in tests, or another program's numbers."""
    settings = settings or JudgeSettings()
    legal = _legal(view)
    rows = [[values[a]] for a in legal]
    return _finish(view, legal, rows, [1.0], "given", settings, deals=deals)


def _legal(view: PlayerView) -> list:
    """The choices: the whole action with special cards (a card with or without the Crown is
    two choices), else the card (None: the Fox keeps the decree card)."""
    return list(view.legal) if view.modules.special else list(view.choices)


def _judge(view: PlayerView, seed, settings: JudgeSettings) -> Judgement:
    legal = _legal(view)
    if len(legal) == 1:
        only = ChoiceJudgement(legal[0], 0.0, 0.0, 0.0, 0.0, 0.0, 0, True, "forced")
        return Judgement(view.player, view.phase, (only,), legal[0], "forced", 0, settings)
    rng = random.Random(f"judgement|{seed}|{view_key(view)}")
    if view.modules.special:
        return _special(view, legal, rng, settings)
    inf = Inference(view)
    evaluator = _evaluator(view)
    if settings.samples is None and settings.exact_deals:
        listed = _all_deals(view, inf, settings.exact_deals)
        if listed is not None:
            return _exact(view, legal, listed, evaluator, settings)
    return _sampled(view, legal, lambda: StrongPlayer.world(view, inf, rng), evaluator, settings)


def _evaluator(view: PlayerView):
    return goals_evaluator() if view.goals else default_evaluator(poison=view.modules.poison)


def _code(action) -> int:
    card = getattr(action, "card", action)
    return -1 if card is None else card.index


# ----------------------------------------------------------------------------- sampling

def _stage(evaluator, state):
    """('playouts' | 'look-ahead' | 'exact', the evaluator for this state)."""
    ev = evaluator.plan(state)[0] if isinstance(evaluator, Schedule) else evaluator
    if isinstance(ev, LookaheadEvaluator):
        return "look-ahead", ev
    if isinstance(ev, SolverEvaluator) or type(ev).__name__ == "MinimaxEvaluator":
        return "exact", ev
    return "playouts", ev


def _sampled(view, legal, world, evaluator, settings: JudgeSettings) -> Judgement:
    """Deals drawn by ``world()`` in batches, every choice valued in each, until the verdicts
    are settled or the budget is spent (base-game evaluators: all choices in one call)."""
    codes = [_code(a) for a in legal]
    rows = [[] for _ in legal]
    state = world()
    name, ev = _stage(evaluator, state)
    first, step, most, work_cap = BUDGETS[name]
    if settings.samples is not None:
        first, most, work_cap = settings.samples, settings.samples, None
    else:
        first, step = max(2, round(first * settings.scale)), max(1, round(step * settings.scale))
        most = max(first, round(most * settings.scale))
        work_cap = None if work_cap is None else work_cap * settings.scale
    work, target, tries = 0, first, 0
    while True:
        while len(rows[0]) < target and tries < 4 * most + 8:
            tries += 1
            try:
                values, spent = ev.values(state)
            except OutOfTime:     # a solver that gives up: drop the deal
                values, spent = None, 0
            if values is not None:
                for row, c in zip(rows, codes):
                    row.append(values[c])
            work += spent
            if work_cap is not None and work >= work_cap:
                break
            state = world()
        n = len(rows[0])
        if n >= most or (work_cap is not None and work >= work_cap) or \
                settings.samples is not None or _settled(rows, settings):
            break
        target = min(most, n + step)
    return _finish(view, legal, rows, None, "sampled", settings, work=work)


def _special(view, legal, rng, settings: JudgeSettings) -> Judgement:
    """Rounds with special cards: deals sampled from the view (the special cards' state kept);
    once no special card can come, the base game's evaluators value them; before, every choice
    still in question is played out on the fast path (``special.evaluate``), and a choice stops
    being played out once its verdict is settled and it cannot be the best."""
    try:
        world = sample_round(view, rng)
    except ValueError:
        raise InvalidState("No deal of the unseen cards fits this view.") from None
    if no_special_to_come(view, world):
        pending = [world]

        def next_world():
            return base_world(pending.pop() if pending else sample_round(view, rng))
        return _sampled(view, legal, next_world, default_evaluator(view.modules.poison),
                        settings)
    first, step, most = ENGINE_BUDGET if view.goals else SPECIAL_BUDGET
    per = 1 if view.goals else PER_DEAL
    if settings.samples is not None:
        first = settings.samples
    else:
        first = max(2, round(first * settings.special_scale))
        step = max(1, round(step * settings.special_scale))
        most = most * settings.special_scale
    rows = [[] for _ in legal]
    alive = list(range(len(legal)))
    used, target, pending = 0, first, [world]
    while True:
        before = used
        while len(rows[alive[0]]) < target and (settings.samples is not None or used < most):
            try:
                w = pending.pop() if pending else sample_round(view, rng)
            except ValueError:
                break
            seed = rng.randrange(2 ** 32)
            for i in alive:
                rows[i].append(evaluate(w, legal[i], view.player, seed)[0])
                used += per
        if settings.samples is not None or used >= most or used == before or \
                len(alive) < 2 or _settled(rows, settings):
            break
        alive = _in_question(rows, alive, settings)
        target = len(rows[alive[0]]) + step
    return _finish(view, legal, rows, None, "sampled", settings, work=used)


# ----------------------------------------------------------------------------- the numbers

def _mean(xs, weights=None) -> float:
    if weights is None:
        return sum(xs) / len(xs)
    return sum(w * x for w, x in zip(weights, xs)) / sum(weights)


def _gap(best_row, row) -> tuple:
    """(gap, standard error) of ``best_row`` over ``row`` from their paired differences over
    the deals both were valued in (the first ones: a choice only ever stops being sampled)."""
    n = min(len(best_row), len(row))
    diffs = [b - x for b, x in zip(best_row[:n], row[:n])]
    gap = sum(diffs) / n
    if n < 2:
        return gap, math.inf if any(diffs) else 0.0
    var = sum((d - gap) ** 2 for d in diffs) / (n - 1)
    return gap, math.sqrt(var / n)


def _best(rows, weights=None) -> int:
    means = [_mean(r, weights) if r else -math.inf for r in rows]
    return max(range(len(rows)), key=lambda i: (means[i], -i))


def _settled(rows, settings: JudgeSettings) -> bool:
    """No threshold lies inside any gap's confidence interval."""
    b = _best(rows)
    for i, row in enumerate(rows):
        if i == b or not row:
            continue
        gap, err = _gap(rows[b], row)
        low, high = gap - settings.z * err, gap + settings.z * err
        if any(low < t <= high for t in (settings.inaccuracy, settings.mistake)):
            return False
    return True


def _in_question(rows, alive, settings: JudgeSettings) -> list:
    """The choices still worth playing out: the best, any that may be as good, any whose
    verdict is not settled."""
    b = _best([rows[i] if i in alive else [] for i in range(len(rows))])
    keep = []
    for i in alive:
        if i == b:
            keep.append(i)
            continue
        gap, err = _gap(rows[b], rows[i])
        low, high = gap - settings.z * err, gap + settings.z * err
        if low <= 0 or any(low < t <= high for t in (settings.inaccuracy, settings.mistake)):
            keep.append(i)
    keep.sort(key=lambda i: i != b)
    return keep


def _finish(view, legal, rows, weights, method, settings: JudgeSettings, deals=None,
            work=0) -> Judgement:
    exact = method in ("exact", "given")
    b = _best(rows, weights)
    out = []
    for i, (a, row) in enumerate(zip(legal, rows)):
        est = _mean(row, weights)
        if i == b:
            gap, err = 0.0, 0.0
        elif exact:
            gap, err = _mean(rows[b], weights) - est, 0.0
        else:
            gap, err = _gap(rows[b], row)
        low, high = gap - settings.z * err, gap + settings.z * err
        out.append([a, est, gap, err, low, high, len(row)])
    verdicts = []
    for i, (a, est, gap, err, low, high, n) in enumerate(out):
        if i == b:
            clear = all(o[4] > 0 or (exact and o[2] > 1e-9) for j, o in enumerate(out) if j != b)
            verdicts.append("best" if clear else "equal")
        elif low >= settings.mistake:
            verdicts.append("mistake")
        elif low >= settings.inaccuracy:
            verdicts.append("inaccuracy")
        elif low > 0 and not (exact and gap < 1e-9):
            verdicts.append("good")
        else:
            verdicts.append("equal")
    choices = tuple(ChoiceJudgement(a, est, gap, err, low, high, n, method == "exact", v)
                    for (a, est, gap, err, low, high, n), v in zip(out, verdicts))
    deals = max(len(r) for r in rows) if deals is None else deals
    return Judgement(view.player, view.phase, choices, legal[b], method, deals, settings, work)


# ----------------------------------------------------------------------------- every deal

def _all_deals(view: PlayerView, inf: Inference, limit: int):
    """[(weight, opponent's hand, deck top-first)] for every deal of the unseen cards that fits
    the view (with the deck's top cards too when a Woodcutter may still draw them), or None
    when there are more than ``limit`` or the view's deductions are not plain enough to list.
    A deal's weight is how likely it is given the view: the weight of the way the unseen cards
    may have moved (``Inference``'s branches) times the ways its cards fill the hand."""
    if not inf.consistent or view.goals or view.phase == "discard":
        return None
    k = view.opponent_hand_size
    mine = sum(c.rank == 5 for c in view.hand)
    found: dict = {}
    for branch in inf.branches:
        slots = [m & inf._hidden_mask for m in branch.hand]
        union = 0
        for m in slots:
            union |= m
        pool = [c for c in DECK if union & bit(c)]
        if math.comb(len(pool), k) > 8 * limit:
            return None
        for hand in combinations(pool, k):
            ways = _matchings(slots, hand)
            if not ways:
                continue
            fixed = tuple(zip(range(k), _one_matching(slots, hand)))
            rest = [c for c in inf.hidden if c not in hand]
            draws = min(mine + sum(c.rank == 5 for c in hand), len(branch.deck))
            for top in permutations(rest, draws):
                pinned = fixed + tuple(zip(range(k, k + draws), top))
                if not inf._feasible(branch, pinned):
                    continue
                key = (tuple(hand), top)
                found[key] = found.get(key, 0.0) + branch.weight * ways
                if len(found) > limit:
                    return None
    if not found:
        return None
    deals = []
    for (hand, top), weight in found.items():
        rest = [c for c in inf.hidden if c not in hand and c not in top]
        deals.append((weight, list(hand), list(top) + rest[:max(0, view.deck_size - len(top))]))
    return deals


def _matchings(slots, hand) -> int:
    """In how many ways the cards of ``hand`` fill the hand's slots (each slot a mask)."""
    if all(s == slots[0] for s in slots):
        return math.factorial(len(hand)) if all(slots[0] & bit(c) for c in hand) else 0
    return sum(all(s & bit(c) for s, c in zip(slots, order)) for order in permutations(hand))


def _one_matching(slots, hand):
    for order in permutations(hand):
        if all(s & bit(c) for s, c in zip(slots, order)):
            return order
    return ()


def _exact(view, legal, listed, evaluator, settings: JudgeSettings) -> Judgement:
    """Every listed deal solved with all cards known: the estimates are exact averages (for
    deals weighted by how likely they are, given the view)."""
    solver = SolverEvaluator()
    codes = [_code(a) for a in legal]
    rows = [[] for _ in legal]
    weights, work = [], 0
    for weight, opp, deck in listed:
        values, spent = solver.values(StrongPlayer.state_of(view, opp, deck))
        for row, c in zip(rows, codes):
            row.append(values[c])
        weights.append(weight)
        work += spent
    return _finish(view, legal, rows, weights, "exact", settings, deals=len(listed), work=work)
