"""Review a round from one player's seat: each decision they made, what the strong player would
have chosen in their place, what every choice was worth, and why, in plain words.

For each decision of the reviewed player (a play, a Fox exchange, a Woodcutter discard) the
round is replayed up to that moment and ``Round.view(seat)`` is taken: the cards that player
could not see are never looked at for the advice. From that view:

- the judgement service (``foxlib.teaching.judgement.judge``, the hint's too) deals out the
  unseen cards many ways (or, near the end, lists every way) and values every legal choice in
  each deal with the strong player's evaluators; the averages are the *estimates* (points the
  player gains from that moment to the end of the round minus the opponent's), each with its
  margin, and the best is the *suggestion*;
- the *loss* of the choice made is the best estimate minus the estimate of that choice (both
  rounded to tenths of a point, as shown), and its *verdict* is the judgement's: ``mistake``
  or ``inaccuracy`` only when the gap's lower confidence bound reaches ``MISTAKE`` or
  ``INACCURACY`` points, ``good`` when surely worse by less, ``equal`` (about as good) when
  the gap is within the uncertainty, ``best`` when surely better than every other choice,
  ``forced`` for a lone legal choice;
- the *reason* is built from facts of the position (does the card win the trick, the Treasure
  in it, the bands, who leads next, the new trump ...) that separate the suggested choice from
  the one made (or, for a best choice, from the next best): a ``Contrast``, a code with its
  parameters. The records hold facts only; ``foxlib.words.narrator.ReviewNarrator`` says them (the
  ``reason``, the choices' and the exact check's ``text``, the summary) for given names and
  theme, so a review shown after a switch of theme is told again in the new suits, and a
  review of Ann's decisions speaks of Ann ("keeps Ann Humble"), not "you".

Once the round is over every card is known, and the solver (``foxlib.search.solver.action_values``)
gives the exact value of the position and of the choice made, with best play by both from then
on. It runs under a node limit (a fixed amount of work, so the same review every time), and the
record says when it did not answer within it.

Rounds with special cards are reviewed the same way (``foxlib.teaching.review_special``): a choice is the
whole ``round.Action`` (a card with or without the Crown, a suit named for the Hammer, the
Fairy's or the Shovel's "none"), the estimates are the strong player's playouts (on the fast
path, ``foxlib.fast.deluxe``; through the rules engine with goal cards), the facts come from the engine's own trick outcomes and deals that fit the view,
and the check with all cards known is ``foxlib.search.deluxe_solver`` in the last tricks (expected
values over the random picks still to come).

``iter_review`` yields the records one at a time (for a progress bar); ``review_round`` collects
them with a one-line summary. Everything is seeded: the same round, seat and seed give the same
review, on any machine.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..fast import base as fast
from ..core import rules
from ..core.cards import DEFAULT_THEME, Card
from ..core.errors import InvalidState
from ..players.inference import Inference
from ..io.inputs import read_theme
from ..search import solver
from .judgement import CLEAR, JudgeSettings, Judgement, judge, judgement_of
from .review_special import Contrast, SpecialFacts, exact_values
from ..words.narrator import ReviewNarrator
from ..engine.round import PlayerView, Round, player_index

__all__ = ["MISTAKE", "INACCURACY", "ReviewSettings", "ChoiceValue", "ExactCheck",
           "DecisionReview", "RoundReview", "iter_review", "review_round", "decision_count",
           "summary_line", "Contrast", "Hint", "hint"]

#: A choice that costs at least this many points (estimated, from the player's view) is a
#: mistake; docs/review.md explains the choice of these two thresholds.
MISTAKE = 1.0
#: ... and at least this many, an inaccuracy.
INACCURACY = 0.5
#: "equal": about as good as the best choice (the gap is within the estimates' uncertainty).
VERDICTS = ("forced", "best", "equal", "good", "inaccuracy", "mistake")


@dataclass(frozen=True)
class ReviewSettings:
    """How much work a review does per decision.

    The estimates come from ``foxlib.teaching.judgement.judge`` (the same service as the hint's:
    with the default settings a hint and a review of the same position give the same numbers).
    ``samples``: a fixed number of deals per decision (for tests); None samples adaptively
    (``judgement.BUDGETS``) with ``deals_scale`` times the default budget, and lists every deal
    when few are left.
    ``exact_nodes``: the solver's node limit for the check with all cards known (a fixed
    amount of work, so reviews are reproducible); None skips the check.
    ``exact_cards``: the check is tried only when no hand holds more cards than this (with
    more, the solver does not answer within ``exact_nodes`` today, and trying costs time).
    ``exact_seconds``: a safety cap on top of it (only binds on a very slow or busy machine).
    ``special_deals_scale``: for rounds with special cards, the playout budget
    (``judgement.SPECIAL_BUDGET``) times this many. ``z``: how many standard errors make a gap
    clear (a verdict other than "equal").
    ``special_exact_cards`` and ``special_exact_nodes``: the same for rounds with special
    cards, where ``foxlib.search.deluxe_solver`` searches the rules engine itself (much slower than
    the base game's solver, so only the last tricks).
    """

    samples: int | None = None
    deals_scale: float = 1.0
    exact_nodes: int | None = 60_000
    exact_cards: int = 9
    exact_seconds: float | None = 3.0
    special_deals_scale: float = 1.0
    special_exact_cards: int = 4
    special_exact_nodes: int = 20_000
    mistake: float = MISTAKE
    inaccuracy: float = INACCURACY
    z: float = 2.0

    @property
    def judging(self) -> JudgeSettings:
        """The judgement service's settings for these (the hint's by default)."""
        return JudgeSettings(self.mistake, self.inaccuracy, self.z, self.samples,
                             self.deals_scale, self.special_deals_scale)

    def __post_init__(self):
        if self.samples is not None and (not isinstance(self.samples, int) or self.samples < 1):
            raise InvalidState(f"samples must be a whole number of at least 1, not "
                               f"{self.samples!r}.")
        if self.exact_nodes is not None and (not isinstance(self.exact_nodes, int)
                                             or self.exact_nodes < 1):
            raise InvalidState(f"exact_nodes must be a positive whole number or None, not "
                               f"{self.exact_nodes!r}.")
        for name in ("deals_scale", "special_deals_scale"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and value > 0):
                raise InvalidState(f"{name} must be a positive number, not {value!r}.")
        if not isinstance(self.special_exact_nodes, int) or self.special_exact_nodes < 1:
            raise InvalidState(f"special_exact_nodes must be a positive whole number, not "
                               f"{self.special_exact_nodes!r}.")
        if not 0 < self.inaccuracy <= self.mistake:
            raise InvalidState("The thresholds need 0 < inaccuracy <= mistake, not "
                               f"{self.inaccuracy!r} and {self.mistake!r}.")


_VOICE = field(default=None, compare=False, repr=False)
_PLAIN = ReviewNarrator(("A", "B"), DEFAULT_THEME)


@dataclass(frozen=True)
class ChoiceValue:
    """One legal choice at a decision: the estimate from the player's view and, when the
    solver answered, the exact value with all cards known (both in points, from that moment to
    the end of the round, the player's gain minus the opponent's). ``text`` ("play the 9 of
    Moons", "keep the decree card (...)") is said by ``voice``, the narrator of its time."""

    action: Card | None
    estimate: float | None      # None when the choice was forced (nothing to compare)
    exact: int | None = None    # with special cards a Fraction: expected over random picks
    kind: str = "play"          # the decision: 'play', 'exchange' or 'discard'
    decree: Card | None = None  # the decree card then (named by "keep the decree card")
    voice: ReviewNarrator | None = _VOICE
    error: float = 0.0          # the standard error of its gap to the best choice (0: exact)
    verdict: str = ""           # the judgement's verdict on this choice

    @property
    def text(self) -> str:
        return (self.voice or _PLAIN).choice(self.kind, self.action, self.decree)


@dataclass(frozen=True)
class ExactCheck:
    """The position with all cards known (after the round), from the solver. ``code`` says
    what happened: ``answered``, ``unfinished`` (the round is not over), ``skipped`` (not
    asked for), ``modules`` (goal cards without special cards: the solver does not value
    them),
    ``too_many_cards`` (more than ``limit`` cards in a hand) or ``unsettled`` (not
    settled within ``limit`` search steps); ``text`` is the narrator's sentence for it."""

    answered: bool
    position: int | None        # the value of the position: best play by both from here
    played: int | None          # the value of the choice made (its best follow-up included)
    best: tuple                 # the choices worth ``position``
    nodes: int = field(compare=False)   # the time cap may stop a search early on a busy machine
    code: str = "answered"
    cards: int = 0              # the most cards in a hand
    limit: int = 0              # the card or search-step limit that stopped the check
    player: int = 0             # whose choice it values
    kind: str = "play"
    decree: Card | None = None
    voice: ReviewNarrator | None = _VOICE
    averaged: bool = False      # special cards: values are expected over random picks to come

    @property
    def text(self) -> str:
        return (self.voice or _PLAIN).exact_text(self)


@dataclass(frozen=True)
class DecisionReview:
    """One decision of the reviewed player, judged: facts only. ``reason`` is the narrator's
    sentence for them in the names and theme of the review's time (``voice``); a view that
    shows the review again says it with ``ReviewNarrator(names, theme).review_reason(rec)``."""

    number: int                 # 1, 2, ... among this player's decisions
    of: int                     # how many decisions the player made in the round
    trick: int                  # the trick it belongs to (1-13)
    kind: str                   # 'play', 'exchange' or 'discard'
    hand: tuple                 # the player's hand at that moment
    trick_cards: tuple          # the cards already in the trick
    decree: Card
    played: Card | None         # what was chosen (None: the Fox kept the decree); with special
                                # cards every choice is an Action (kind and card or suit)
    suggested: Card | None      # the strong player's choice from the same view
    choices: tuple              # ChoiceValue per legal choice, in the legal order
    samples: int                # deals the estimates average over
    loss: float                 # estimated points the choice made gave up (0 when best)
    verdict: str                # one of VERDICTS
    exact: ExactCheck
    player: int                 # the reviewed player (0 for A, 1 for B)
    next_best: Card | None      # the best of the other choices (None for a forced choice, or
                                # when keeping the decree card is the next best)
    why: Contrast | None        # what tells the two compared choices apart (None: no simple
                                # fact does): suggested vs played, or played vs next_best
    seconds: float = field(compare=False)   # time taken: not part of the review's content
    voice: ReviewNarrator | None = _VOICE
    judgement: Judgement | None = field(default=None, repr=False)   # the service's numbers

    @property
    def exact_estimates(self) -> bool:
        """Every deal that fits the view was solved: the estimates have no margin."""
        return self.judgement is not None and self.judgement.exact

    @property
    def reason(self) -> str:
        return (self.voice or _PLAIN).review_reason(self)

    @property
    def played_text(self) -> str:
        return self._text(self.played)

    @property
    def suggested_text(self) -> str:
        return self._text(self.suggested)

    def _text(self, action) -> str:
        return next(c.text for c in self.choices if c.action == action)

    def estimate(self, action) -> float | None:
        """The estimate shown for ``action`` (tenths of a point)."""
        return next(c.estimate for c in self.choices if c.action == action)


@dataclass(frozen=True)
class RoundReview:
    seat: int
    name: str
    records: tuple
    lost: float                 # estimated points lost over all decisions
    inaccuracy: float           # the threshold the summary names when nothing was marked
    seconds: float = field(compare=False)
    voice: ReviewNarrator | None = _VOICE

    @property
    def summary(self) -> str:
        """One line: what the mistakes cost and where (``summary_line``)."""
        return (self.voice or _PLAIN).review_summary(self.records, self.seat, self.inaccuracy)


# ----------------------------------------------------------------------------- the review

def decision_count(rnd: Round, seat) -> int:
    """How many decisions ``seat`` made in ``rnd`` (the length of its review)."""
    _check_round(rnd)
    seat = player_index(seat)
    return sum(1 for _, who in _decisions(rnd) if who == seat)


def iter_review(rnd: Round, seat, *, seed=0, settings: ReviewSettings | None = None):
    """Yield a ``DecisionReview`` for each decision ``seat`` made in ``rnd``, in order."""
    _check_round(rnd)
    seat = player_index(seat)
    settings = settings or ReviewSettings()
    total = decision_count(rnd, seat)
    replay = rnd.fresh()
    number = 0
    special = bool(rnd.modules.special)
    for action, who in _decisions(rnd):
        if who == seat:
            number += 1
            # With special cards a choice is the whole action (a card with or without the
            # Crown, a suit named, the Fairy's or the Shovel's "none").
            played = action if special else action.card
            yield _judge(replay, seat, played, number, total, settings, seed, rnd.is_over)
        replay.act(action)


def review_round(rnd: Round, seat, *, seed=0, settings: ReviewSettings | None = None,
                 on_record=None) -> RoundReview:
    """The whole review of ``seat``'s decisions; ``on_record(record)`` is called as each one is
    ready (for progress)."""
    start = time.perf_counter()
    settings = settings or ReviewSettings()
    records = []
    for rec in iter_review(rnd, seat, seed=seed, settings=settings):
        records.append(rec)
        if on_record is not None:
            on_record(rec)
    seat = player_index(seat)
    lost = sum(r.loss for r in records)
    return RoundReview(seat, rnd.name(seat), tuple(records), lost, settings.inaccuracy,
                       time.perf_counter() - start, ReviewNarrator(rnd.names, rnd.theme))


def _check_round(rnd) -> None:
    if not isinstance(rnd, Round):
        raise InvalidState(f"A review needs a Round (a recorded round), not "
                           f"{type(rnd).__name__}.")


def _decisions(rnd: Round):
    """(action, who made it) for every recorded action, replayed from the round's start."""
    replay = rnd.fresh()
    out = []
    for action in rnd.actions:
        out.append((action, replay.to_play))
        replay.act(action)
    return out


def _judge(replay: Round, seat: int, played, number: int, total: int,
           settings: ReviewSettings, seed, finished: bool) -> DecisionReview:
    start = time.perf_counter()
    view = replay.view(seat)
    voice = ReviewNarrator(replay.names, replay.theme)
    legal = list(view.legal) if view.modules.special else list(view.choices)
    exact_by_action, exact = _exact_check(replay, view, played, settings, finished, voice)
    judged = judge(view, seed=seed, settings=settings.judging)

    def record(suggested, choices, loss, verdict, next_best, why):
        return DecisionReview(
            number=number, of=total, trick=replay.trick_number, kind=view.phase,
            hand=view.hand, trick_cards=view.trick, decree=view.decree, played=played,
            suggested=suggested, choices=choices, samples=judged.deals, loss=loss,
            verdict=verdict, exact=exact, player=seat, next_best=next_best, why=why,
            seconds=time.perf_counter() - start, voice=voice, judgement=judged)

    def choice(action, estimate, error=0.0, verdict=""):
        return ChoiceValue(action, estimate, exact_by_action.get(_key(action)), view.phase,
                           view.decree, voice, error, verdict)

    if len(legal) == 1:
        return record(played, (choice(played, None, verdict="forced"),), 0.0, "forced", None,
                      None)
    # Every number the review shows is in tenths of a point, and the loss is worked out from
    # the estimates as shown, so the items, the table of choices and the summary line agree.
    # The verdict is the judgement's: it weighs the gap against its uncertainty, so a gap
    # within the noise reads "about as good" ("equal"), never a mistake.
    means = {c.action: round(c.estimate, 1) for c in judged.choices}
    pick = judged.best
    # A choice exactly as good as the judgement's best is just as much its suggestion.
    suggested = played if judged.values[played] >= judged.values[pick] else pick
    loss = round(max(0.0, means[suggested] - means[played]), 1)
    verdict = judged.verdict(played)
    choices = tuple(choice(c.action, means[c.action], c.error, c.verdict)
                    for c in judged.choices)
    # The next best of the other choices (the first in the legal order among equals).
    next_best = max((a for a in legal if a != played), key=lambda a: means[a])
    facts = _facts(view, seed)
    why = facts.contrast(played, next_best) if played == suggested else \
        facts.contrast(suggested, played) if verdict in CLEAR + ("good",) else None
    return record(suggested, choices, loss, verdict, next_best, why)


def _facts(view: PlayerView, seed):
    """What finds the facts that tell two choices apart, for this round's cards."""
    if view.modules.special:
        return SpecialFacts(view, seed)
    return _Facts(view, seed)


def _code(action) -> int:
    return -1 if action is None else action.index


def _key(action):
    """The key of a choice among the exact values: an Action with special cards, else the
    solver's card code."""
    return action if hasattr(action, "kind") else _code(action)


# ----------------------------------------------------------------------------- all cards known

def _exact_check(replay: Round, view: PlayerView, played, settings: ReviewSettings,
                 finished: bool, voice: ReviewNarrator):
    """({action code: exact value}, ExactCheck) for the real position, every card known."""
    cards = max(len(h) for h in replay.hands)

    special = bool(replay.modules.special)

    def check(code, nodes=0, limit=0, position=None, mine=None, best=()):
        return ExactCheck(code == "answered", position, mine, best, nodes, code, cards, limit,
                          view.player, view.phase, view.decree, voice, special)

    if not finished:
        return {}, check("unfinished")
    if settings.exact_nodes is None:
        return {}, check("skipped")
    if special:     # the rules engine's own search: it counts goal cards too
        return _special_exact(replay, view, played, settings, check)
    if replay.goals:
        return {}, check("modules")
    if cards > settings.exact_cards:
        return {}, check("too_many_cards", limit=settings.exact_cards)
    values, nodes, complete = solver.action_values(fast.from_round(replay),
                                                   node_limit=settings.exact_nodes,
                                                   time_limit=settings.exact_seconds)
    if not complete:
        return {}, check("unsettled", nodes, settings.exact_nodes)
    by_action = {a: values[_code(a)] for a in view.choices}
    top = max(by_action.values())
    best = tuple(a for a in view.choices if by_action[a] == top)
    return values, check("answered", nodes, 0, top, by_action[played], best)


def _special_exact(replay: Round, view: PlayerView, played, settings: ReviewSettings, check):
    """The check with all cards known for a round with special cards: the rules engine's own
    search (``deluxe_solver``), expected values over the random picks still to come, tried in
    the last tricks only (``special_exact_cards``) under ``special_exact_nodes`` steps."""
    cards = max(len(h) for h in replay.hands)
    if cards > settings.special_exact_cards:
        return {}, check("too_many_cards", limit=settings.special_exact_cards)
    values, nodes, complete = exact_values(replay, view, settings.special_exact_nodes,
                                           settings.exact_seconds)
    if not complete:
        return {}, check("unsettled", nodes, settings.special_exact_nodes)
    top = max(values[a] for a in view.legal)
    best = tuple(a for a in view.legal if values[a] == top)
    return values, check("answered", nodes, 0, top, values[played], best)


# ----------------------------------------------------------------------------- the facts

class _Facts:
    """Facts of the position as the reviewed player saw it (their view only)."""

    LEAD_DEALS = 48

    def __init__(self, view: PlayerView, seed):
        self.view = view
        self.me = view.player
        self.won = view.tricks_won[self.me]
        self.trump = view.decree.suit
        self.seed = seed
        self._hands = None

    def contrast(self, best, other) -> Contrast | None:
        """What tells ``best`` from ``other`` (a ``Contrast``), or None when no simple fact
        does."""
        v = self.view
        if v.phase == "exchange":
            return self._exchange(best, other)
        if v.phase == "discard":
            return self._discard(best, other)
        if len(v.trick) == 1:
            return self._follow(best, other)
        return self._lead(best, other)

    # -- following: the outcome of the trick is known from the two cards
    def outcome(self, card):
        """(wins, I lead next, Treasure points) or None when a Fox's exchange could change it."""
        led = self.view.trick[0]
        if card.rank == rules.FOX and len(self.view.hand) > 1:
            return None
        out = rules.decide_trick(led, card, self.view.decree)
        return bool(out.winner), bool(out.next_leader), out.treasure

    def _follow(self, best, other):
        ob, oo = self.outcome(best), self.outcome(other)
        if ob is None or oo is None:
            return None
        if ob[0] and not oo[0]:
            return self._winning(best, ob)
        if oo[0] and not ob[0]:
            return self._losing(best, ob)
        if ob[1] and not oo[1]:
            return Contrast.of("swan_keeps_lead", monarch=self._monarch(best))
        if ob[0] and best.rank < other.rank:
            return Contrast.of("wins_lower", kept=other)
        if not ob[0] and best.rank > other.rank and best.suit == other.suit:
            return Contrast.of("sheds_loser", card=best)
        if not ob[0] and best.rank < other.rank:
            return Contrast.of("loses_lower", kept=other)
        return None

    def _winning(self, best, ob):
        if ob[2]:
            return Contrast.of("wins_treasure", points=ob[2])
        after = self.won + 1
        if 7 <= after <= 9:
            return Contrast.of("wins_victorious", tricks=after)
        if ob[1]:
            return Contrast.of("wins_keeps_lead", monarch=self._monarch(best))
        return Contrast.of("wins")

    def _losing(self, best, ob):
        if self.won >= 9:
            return Contrast.of("out_of_greedy")
        if self.won == 3:
            return Contrast.of("keeps_humble")
        if self.won < 3:
            return Contrast.of("keeps_tricks_low", trick=self.won + 1)
        if ob[2]:
            return Contrast.of("loses_treasure_trick")
        if best.rank == rules.SWAN and ob[1]:
            return Contrast.of("swan_leads_next")
        return Contrast.of("loses")

    def _monarch(self, card):
        """A Monarch left in hand after playing ``card`` (to lead next), or None."""
        return next((c for c in self.view.hand if c != card and c.rank == rules.MONARCH), None)

    # -- leading: how often the opponent could beat it, over deals that fit the view
    def chance(self, card) -> float:
        """The chance that leading ``card`` wins the trick: for each sampled hand of the
        opponent, 1 if no legal reply beats it, 0 if every one does, 1/2 when they may choose."""
        if self._hands is None:
            rng = random.Random(f"review-lead|{self.seed}|{self.view.hand}|{self.view.history}")
            inf = Inference(self.view)
            self._hands = [inf.sample(rng)[0] for _ in range(self.LEAD_DEALS)]
        trump, score = self.trump, 0.0
        for hand in self._hands:
            replies = rules.legal_follows(hand, card) if hand else []
            beats = [rules.follower_wins(card, r, trump) for r in replies]
            score += 0.0 if beats and all(beats) else (0.5 if any(beats) else 1.0)
        return score / max(1, len(self._hands))

    def _lead(self, best, other):
        if rules.FOX in (best.rank, other.rank):
            return None             # the Fox may change trump before the reply
        pb, po = self.chance(best), self.chance(other)
        if abs(pb - po) < 0.25:
            if other.rank == rules.TREASURE and best.rank != rules.TREASURE and po < 0.75:
                return Contrast.of("treasure_safe", other_chance=round(100 * po))
            if best.rank == rules.MONARCH:
                return Contrast.of("monarch_forces", suit=best.suit)
            return None
        chances = dict(chance=round(100 * pb), other_chance=round(100 * po))
        if pb > po:
            return Contrast.of("likelier_wins", **chances,
                               treasure=best.rank == rules.TREASURE)
        if self.won >= 9:
            return Contrast.of("likelier_loses_greedy", **chances)
        if self.won <= 3:
            return Contrast.of("likelier_loses_humble", **chances)
        return Contrast.of("likelier_loses", **chances)

    # -- the Fox's exchange and the Woodcutter's discard
    def _trump_count(self, action) -> tuple:
        """(new trump suit, cards of it in hand) after this exchange choice."""
        v = self.view
        if action is None:
            return v.decree.suit, sum(c.suit == v.decree.suit for c in v.hand)
        hand = [c for c in v.hand if c != action] + [v.decree]
        return action.suit, sum(c.suit == action.suit for c in hand)

    def _exchange(self, best, other):
        (sb, nb), (so, no) = self._trump_count(best), self._trump_count(other)
        if sb != so:
            return Contrast.of("trump_suit", keeps=best is None, suit=sb, count=nb,
                               other_keeps=other is None, other_suit=so, other_count=no)
        if best is None:
            return Contrast.of("keeps_card", card=other, decree=self.view.decree)
        if other is None:
            return Contrast.of("swaps_decree", card=best, decree=self.view.decree)
        return Contrast.of("gives_away", card=best, kept=other)

    def _strength(self, card) -> int:
        return card.rank + (11 if card.suit == self.trump else 0)

    def _discard(self, best, other):
        if self._strength(best) > self._strength(other):
            if self.won <= 3:
                return Contrast.of("buries_strong_humble", card=best, kept=other)
            return Contrast.of("buries_strong", card=best, kept=other)
        return Contrast.of("buries_weak", card=best, kept=other)


# ----------------------------------------------------------------------------- a hint

@dataclass(frozen=True)
class Hint:
    """Advice for the player to move: what the strong player would choose from their view, and
    the facts that set it apart from the next best choice (the same facts a review uses).
    ``text``, ``reason`` and ``detail`` are said by ``voice``, the narrator of its time; a view
    that may switch theme says them again with ``ReviewNarrator(names, theme).hint_text(h)``
    (``hint_reason``, ``hint_detail``)."""

    action: Card | None         # the suggestion (None: the Fox keeps the decree card); with
                                # special cards an Action (a kind and its card or suit)
    values: dict                # estimate per legal choice (points, the player's gain minus
                                # the opponent's, from now to the round's end)
    samples: int                # deals of the unseen cards the estimates average over
    player: int = 0             # who is to move (0 for A, 1 for B)
    kind: str = "play"          # the decision: 'play', 'exchange', 'discard' or, with special
                                # cards, the phase ('name_suit', 'fairy_take', 'dig' ...)
    decree: Card | None = None
    forced: bool = False        # the only legal choice
    runner: Card | None = None  # the next best choice
    why: Contrast | None = None   # what sets the suggestion apart from ``runner`` (None: no
                                  # simple fact)
    voice: ReviewNarrator | None = _VOICE
    judgement: Judgement | None = field(default=None, repr=False)   # the service's numbers

    @property
    def gap(self) -> float:
        """How much better the suggestion did than the next best, in points."""
        return 0.0 if self.forced else self.values[self.action] - self.values[self.runner]

    @property
    def equal(self) -> bool:
        """The next best is about as good: their gap is within the estimates' uncertainty."""
        return (not self.forced and self.judgement is not None
                and self.judgement.verdict(self.runner) == "equal")

    @property
    def exact(self) -> bool:
        """Every deal that fits the view was solved: the numbers have no margin."""
        return self.judgement is not None and self.judgement.exact

    @property
    def text(self) -> str:
        """'Play the 9 of Moons: it wins the Treasure (1 point), ...'."""
        return (self.voice or _PLAIN).hint_text(self)

    @property
    def reason(self) -> str:
        """The part after the colon, without the suggestion."""
        return (self.voice or _PLAIN).hint_reason(self)

    @property
    def detail(self) -> str:
        """The numbers behind it, for those who want them."""
        return (self.voice or _PLAIN).hint_detail(self)

    @property
    def choices_text(self) -> str:
        """Every choice's estimate, best first ('Every choice, in points for you minus ...')."""
        return (self.voice or _PLAIN).hint_choices(self)


def hint(view: PlayerView, *, theme=None, names=None, seed=0, adviser=None,
         settings: ReviewSettings | None = None) -> Hint:
    """What to do now, from ``view`` (a ``Round.view(seat)`` where that seat is to move), and
    why: the judgement's best choice (``foxlib.teaching.judgement.judge``, the same numbers a
    review of this position gives with the same seed and settings) plus the facts of the
    position that set it apart from the next best choice (wins the Treasure, keeps you Humble,
    leaves you the lead with the Monarch ...). Only what the player can see is used. ``theme``
    (a Theme or its key) and ``names`` (A's, B's) name the cards and players in its words;
    without ``names`` it speaks to the player to move as "you". ``adviser``: an object with a
    ``decision(view)`` whose estimates are used instead (no margin; for tests)."""
    if not isinstance(view, PlayerView):
        raise InvalidState(f"A hint needs a player's view (Round.view(seat)), not "
                           f"{type(view).__name__}.")
    if view.to_play != view.player or view.phase == "over":
        raise InvalidState("A hint is for the player whose turn it is.")
    special = bool(view.modules.special)
    theme = read_theme(theme or DEFAULT_THEME, "theme")
    if names is None:
        names = ("You", "Opponent") if view.player == 0 else ("Opponent", "You")
    voice = ReviewNarrator(names, theme)
    # With special cards a choice is the whole action (a card with or without the Crown, a
    # suit named for the Hammer, the Fairy's or the Shovel's "none").
    legal = list(view.legal) if special else list(view.choices)
    facts = dict(player=view.player, kind=view.phase, decree=view.decree, voice=voice)
    if len(legal) == 1:
        return Hint(legal[0], {}, 0, forced=True, **facts)
    settings = settings or ReviewSettings()
    if adviser is not None:
        decision = adviser.decision(view)
        values = dict(decision.values) if special else \
            {a.card: v for a, v in decision.values.items()}
        judged = judgement_of(view, values, decision.samples, settings.judging)
    else:
        judged = judge(view, seed=seed, settings=settings.judging)
    best, runner = judged.best, judged.runner
    why = _facts(view, seed).contrast(best, runner)
    return Hint(best, judged.values, judged.deals, runner=runner, why=why, judgement=judged,
                **facts)


# ----------------------------------------------------------------------------- the summary

def summary_line(records, settings: ReviewSettings | None = None, name: str = "You") -> str:
    """One line: roughly how many points the mistakes cost, and in which tricks, for the
    player ``name`` (``ReviewNarrator.review_summary``). The points are the sum of the losses
    shown on the marked decisions (each in tenths of a point), so the line adds up with the
    items."""
    settings = settings or ReviewSettings()
    return ReviewNarrator((name, "Opponent")).review_summary(records, 0, settings.inaccuracy)
