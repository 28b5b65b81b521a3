"""Review a round from one player's seat: each decision they made, what the strong player would
have chosen in their place, what every choice was worth, and why, in plain words.

For each decision of the reviewed player (a play, a Fox exchange, a Woodcutter discard) the
round is replayed up to that moment and ``Round.view(seat)`` is taken: the cards that player
could not see are never looked at for the advice. From that view:

- the strong player (``foxlib.players.StrongPlayer``) deals out the unseen cards many ways and
  values every legal choice in each deal; the averages are the *estimates* (points the player
  gains from that moment to the end of the round minus the opponent's), and its pick is the
  *suggestion*;
- the *loss* of the choice made is the best estimate minus the estimate of that choice (both
  rounded to tenths of a point, as shown), and its *verdict* comes from it: ``mistake`` from
  ``MISTAKE`` points, ``inaccuracy`` from ``INACCURACY`` points, otherwise ``good`` (``best``
  when it was the strong player's choice, ``forced`` for a lone legal choice);
- the *reason* is one sentence built from facts of the position (does the card win the trick,
  the Treasure in it, the bands, who leads next, the new trump ...) that separate the suggested
  choice from the one made (or, for a good choice, from the next best).

Once the round is over every card is known, and the solver (``foxlib.solver.action_values``)
gives the exact value of the position and of the choice made, with best play by both from then
on. It runs under a node limit (a fixed amount of work, so the same review every time), and the
record says when it did not answer within it.

``iter_review`` yields the records one at a time (for a progress bar); ``review_round`` collects
them with a one-line summary. Everything is seeded: the same round, seat and seed give the same
review, on any machine.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from . import fast, rules
from .cards import DEFAULT_THEME, Card
from .errors import InvalidState
from .inference import Inference
from .inputs import read_theme
from .players import StrongPlayer
from .narrator import is_you
from .round import PlayerView, Round, player_index

__all__ = ["MISTAKE", "INACCURACY", "ReviewSettings", "ChoiceValue", "ExactCheck",
           "DecisionReview", "RoundReview", "iter_review", "review_round", "decision_count",
           "summary_line", "Hint", "hint"]

#: A choice that costs at least this many points (estimated, from the player's view) is a
#: mistake; docs/review.md explains the choice of these two thresholds.
MISTAKE = 1.0
#: ... and at least this many, an inaccuracy.
INACCURACY = 0.5
VERDICTS = ("forced", "best", "good", "inaccuracy", "mistake")


@dataclass(frozen=True)
class ReviewSettings:
    """How much work a review does per decision.

    ``samples``: deals per decision for the estimates, the same at every stage; None uses the
    strong player's own schedule (``docs/players.md``, the one the hint at the play table
    uses) with ``deals_scale`` times its deals: more deals make the estimates steadier, and a
    review has more time per decision than a move in a game.
    ``exact_nodes``: the solver's node limit for the check with all cards known (a fixed
    amount of work, so reviews are reproducible); None skips the check.
    ``exact_cards``: the check is tried only when no hand holds more cards than this (with
    more, the solver does not answer within ``exact_nodes`` today, and trying costs time).
    ``exact_seconds``: a safety cap on top of it (only binds on a very slow or busy machine).
    """

    samples: int | None = None
    deals_scale: float = 2.0
    exact_nodes: int | None = 60_000
    exact_cards: int = 9
    exact_seconds: float | None = 3.0
    mistake: float = MISTAKE
    inaccuracy: float = INACCURACY

    def __post_init__(self):
        if self.samples is not None and (not isinstance(self.samples, int) or self.samples < 1):
            raise InvalidState(f"samples must be a whole number of at least 1, not "
                               f"{self.samples!r}.")
        if self.exact_nodes is not None and (not isinstance(self.exact_nodes, int)
                                             or self.exact_nodes < 1):
            raise InvalidState(f"exact_nodes must be a positive whole number or None, not "
                               f"{self.exact_nodes!r}.")
        if not (isinstance(self.deals_scale, (int, float)) and self.deals_scale > 0):
            raise InvalidState(f"deals_scale must be a positive number, not "
                               f"{self.deals_scale!r}.")
        if not 0 < self.inaccuracy <= self.mistake:
            raise InvalidState("The thresholds need 0 < inaccuracy <= mistake, not "
                               f"{self.inaccuracy!r} and {self.mistake!r}.")


@dataclass(frozen=True)
class ChoiceValue:
    """One legal choice at a decision: the estimate from the player's view and, when the
    solver answered, the exact value with all cards known (both in points, from that moment to
    the end of the round, the player's gain minus the opponent's)."""

    action: Card | None
    text: str                   # "play the 9 of Moons", "keep the decree card (...)"
    estimate: float | None      # None when the choice was forced (nothing to compare)
    exact: int | None = None


@dataclass(frozen=True)
class ExactCheck:
    """The position with all cards known (after the round), from the solver."""

    answered: bool
    position: int | None        # the value of the position: best play by both from here
    played: int | None          # the value of the choice made (its best follow-up included)
    best: tuple                 # the choices worth ``position``
    nodes: int = field(compare=False)   # the time cap may stop a search early on a busy machine
    text: str = ""


@dataclass(frozen=True)
class DecisionReview:
    """One decision of the reviewed player, judged."""

    number: int                 # 1, 2, ... among this player's decisions
    of: int                     # how many decisions the player made in the round
    trick: int                  # the trick it belongs to (1-13)
    kind: str                   # 'play', 'exchange' or 'discard'
    hand: tuple                 # the player's hand at that moment
    trick_cards: tuple          # the cards already in the trick
    decree: Card
    played: Card | None         # what was chosen (None: the Fox kept the decree)
    suggested: Card | None      # the strong player's choice from the same view
    choices: tuple              # ChoiceValue per legal choice, in the legal order
    samples: int                # deals the estimates average over
    loss: float                 # estimated points the choice made gave up (0 when best)
    verdict: str                # one of VERDICTS
    reason: str
    exact: ExactCheck
    seconds: float = field(compare=False)   # time taken: not part of the review's content

    @property
    def played_text(self) -> str:
        return self._text(self.played)

    @property
    def suggested_text(self) -> str:
        return self._text(self.suggested)

    def _text(self, action) -> str:
        return next(c.text for c in self.choices if c.action == action)


@dataclass(frozen=True)
class RoundReview:
    seat: int
    name: str
    records: tuple
    summary: str
    lost: float                 # estimated points lost over all decisions
    seconds: float = field(compare=False)


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
    adviser = StrongPlayer(seed=seed, samples=settings.samples, time_limit=None,
                           evaluator=_evaluator(settings.deals_scale))
    replay = Round(rnd.start, rnd.names, rnd.theme)
    number = 0
    for action, who in _decisions(rnd):
        if who == seat:
            number += 1
            yield _judge(replay, seat, action.card, number, total, adviser, settings, seed,
                         rnd.is_over)
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
    return RoundReview(seat, rnd.name(seat), tuple(records),
                       summary_line(records, settings, rnd.name(seat)), lost,
                       time.perf_counter() - start)


def _evaluator(scale: float):
    """The strong player's own evaluator schedule, with ``scale`` times as many deals."""
    from .evaluators import Schedule, default_evaluator
    base = default_evaluator()
    if scale == 1 or not isinstance(base, Schedule):
        return base

    def more(deals):
        if isinstance(deals, dict):
            return {k: max(1, round(v * scale)) for k, v in deals.items()}
        return None if deals is None else max(1, round(deals * scale))
    return Schedule([(most, ev, more(deals)) for most, ev, deals in base.stages])


def _check_round(rnd) -> None:
    if not isinstance(rnd, Round):
        raise InvalidState(f"A review needs a Round (a recorded round), not "
                           f"{type(rnd).__name__}.")


def _decisions(rnd: Round):
    """(action, who made it) for every recorded action, replayed from the round's start."""
    replay = Round(rnd.start, rnd.names, rnd.theme)
    out = []
    for action in rnd.actions:
        out.append((action, replay.to_play))
        replay.act(action)
    return out


def _judge(replay: Round, seat: int, played, number: int, total: int, adviser: StrongPlayer,
           settings: ReviewSettings, seed, finished: bool) -> DecisionReview:
    start = time.perf_counter()
    view = replay.view(seat)
    theme = replay.theme
    legal = list(view.choices)
    exact_values, exact = _exact_check(replay, view, played, settings, finished)
    if len(legal) == 1:
        choices = (ChoiceValue(played, _describe(view, played, theme), None,
                               exact_values.get(_code(played))),)
        reason = f"{_gerund(view, played, theme)} was your only legal choice."
        return DecisionReview(number, total, replay.trick_number, view.phase, view.hand,
                              view.trick, view.decree, played, played, choices, 0, 0.0,
                              "forced", reason, exact, time.perf_counter() - start)
    decision = adviser.decision(view)
    # Every number the review shows is in tenths of a point, and the loss is worked out from
    # the estimates as shown, so the items, the table of choices and the summary line agree
    # (and the verdict is the one a reader would give the number shown).
    values, pick = _choice_values(decision)
    means = {a: round(v, 1) for a, v in values.items()}
    # A choice exactly as good as the strong player's pick is just as much its suggestion.
    suggested = played if values[played] >= values[pick] else pick
    loss = round(max(0.0, means[suggested] - means[played]), 1)
    verdict = "best" if played == suggested else _verdict(loss, settings)
    choices = tuple(ChoiceValue(a, _describe(view, a, theme), means[a],
                                exact_values.get(_code(a))) for a in legal)
    reason = _reason(view, played, suggested, means, loss, verdict, decision.samples,
                     seed, theme)
    return DecisionReview(number, total, replay.trick_number, view.phase, view.hand,
                          view.trick, view.decree, played, suggested, choices,
                          decision.samples, loss, verdict, reason, exact,
                          time.perf_counter() - start)


def _choice_values(decision) -> tuple:
    """The adviser's estimates and pick by choice (the card of each action; None keeps the
    decree): the review speaks of choices in the phase it judges."""
    return {a.card: v for a, v in decision.values.items()}, decision.action.card


def _verdict(loss: float, settings: ReviewSettings) -> str:
    """The mark of a choice that was not the strong player's, from the points it gave up."""
    if loss >= settings.mistake:
        return "mistake"
    if loss >= settings.inaccuracy:
        return "inaccuracy"
    return "good"


def _code(action) -> int:
    return -1 if action is None else action.index


# ----------------------------------------------------------------------------- all cards known

def _exact_check(replay: Round, view: PlayerView, played, settings: ReviewSettings,
                 finished: bool):
    """({action code: exact value}, ExactCheck) for the real position, every card known."""
    if not finished:
        return {}, ExactCheck(False, None, None, (), 0, "With all cards known: only once the "
                              "round is over, when every card can be shown.")
    if settings.exact_nodes is None:
        return {}, ExactCheck(False, None, None, (), 0, "With all cards known: not worked out "
                              "in this review.")
    cards = max(len(h) for h in replay.hands)
    if cards > settings.exact_cards:
        return {}, ExactCheck(False, None, None, (), 0, (
            f"With all cards known: not tried with {cards} cards in a hand; the exact check "
            f"starts at {settings.exact_cards} cards, where the solver answers quickly."))
    from . import solver       # imported here: the review works without it for estimates
    values, nodes, complete = solver.action_values(fast.from_round(replay),
                                                   node_limit=settings.exact_nodes,
                                                   time_limit=settings.exact_seconds)
    if not complete:
        text = (f"With all cards known: the solver did not settle this position within its "
                f"limit of {settings.exact_nodes:,} search steps ({cards} cards in a hand), "
                "so there is no exact value here.")
        return {}, ExactCheck(False, None, None, (), nodes, text)
    by_action = {a: values[_code(a)] for a in view.choices}
    top = max(by_action.values())
    best = tuple(a for a in view.choices if by_action[a] == top)
    mine = by_action[played]
    text = (f"With all cards known, best play by both from here is worth {_pts(top)} to you; "
            f"your choice keeps {_pts(mine)}.")
    if mine < top:
        text = text[:-1] + (f" (it gives up {top - mine}); best would be to "
                            f"{_describe(view, best[0], replay.theme)}.")
    return values, ExactCheck(True, top, mine, best, nodes, text)


def _pts(v) -> str:
    return f"{v:+d} point{'s' if abs(v) != 1 else ''}"


# ----------------------------------------------------------------------------- the reason

def _reason(view: PlayerView, played, best, means, loss: float, verdict: str, samples: int,
            seed, theme) -> str:
    """One sentence: why the suggested choice is better than the one made (or, when the choice
    made was best, better than the next best), from facts of the position. ``means`` are the
    estimates as shown (tenths of a point) and ``loss`` the points the choice made gave up."""
    facts = _Facts(view, seed, theme)
    if verdict in ("best", "good"):
        others = sorted((a for a in view.choices if a != played), key=lambda a: -means[a])
        runner = others[0]
        gap = means[played] - means[runner]
        if verdict == "good":
            why, _ = facts.contrast(best, played)
            by = (f"only {loss:.1f} points better" if loss > 0 else
                  "better by less than a tenth of a point")
            return (f"{_gerund(view, played, theme)} was fine: "
                    f"{_lower(_gerund(view, best, theme))} was {by}"
                    + (f", as it {why}." if why else " on average."))
        why, _ = facts.contrast(played, runner)
        if why is None:
            why = (f"did best on average over {samples} deals of the cards you could not see"
                   if gap > 0.05 else "was as good as any other choice on average")
        return f"{_gerund(view, played, theme)} was the best choice: it {why}."
    why, instead = facts.contrast(best, played)
    if why is None:
        why = (f"scored about {loss:.1f} points more on average over "
               f"{samples} deals of the cards you could not see")
    text = f"{_gerund(view, best, theme)} was better: it {why}"
    if instead:
        text += f", while {_lower(_gerund(view, played, theme))} {instead}"
    return text + "."


def _describe(view: PlayerView, action, theme) -> str:
    """'play the 9 of Moons', 'keep the decree card (the 4 of Keys)', ..."""
    if view.phase == "exchange":
        if action is None:
            return f"keep the decree card (the {view.decree.name(theme)})"
        return f"swap the {action.name(theme)} for the decree card"
    if view.phase == "discard":
        return f"put the {action.name(theme)} under the deck"
    return f"play the {action.name(theme)}"


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _gerund(view: PlayerView, action, theme) -> str:
    """'Playing the 9 of Moons', 'Keeping the decree card', ..."""
    if view.phase == "exchange":
        if action is None:
            return "Keeping the decree card"
        return f"Swapping the {action.name(theme)} for the decree card"
    if view.phase == "discard":
        return f"Putting the {action.name(theme)} under the deck"
    return f"Playing the {action.name(theme)}"


class _Facts:
    """Facts of the position as the reviewed player saw it (their view only)."""

    LEAD_DEALS = 48

    def __init__(self, view: PlayerView, seed, theme):
        self.view, self.theme = view, theme
        self.me = view.player
        self.won = view.tricks_won[self.me]
        self.trump = view.decree.suit
        self.seed = seed
        self._hands = None

    def suit(self, suit, plural=True) -> str:
        return (self.theme.suit_names if plural else self.theme.suit_singular)[suit]

    def contrast(self, best, other):
        """(clause for why ``best`` beats ``other``, clause for what ``other`` does) or
        (None, None) when no simple fact tells them apart."""
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
        out = rules.resolve_trick(led, card, self.view.decree)
        return bool(out.winner), bool(out.next_leader), out.treasure

    def _follow(self, best, other):
        ob, oo = self.outcome(best), self.outcome(other)
        if ob is None or oo is None:
            return None, None
        if ob[0] and not oo[0]:
            return self._winning(best, ob)
        if oo[0] and not ob[0]:
            return self._losing(best, ob)
        if ob[1] and not oo[1]:
            return self._lead_kept(best), "gives the lead to your opponent"
        name = other.name(self.theme)
        if ob[0] and best.rank < other.rank:
            return f"wins just as well with a lower card and keeps the {name} for later", None
        if not ob[0] and best.rank > other.rank and best.suit == other.suit:
            return (f"gets rid of the {best.name(self.theme)} while it loses, so it cannot "
                    "win you a trick later"), None
        if not ob[0] and best.rank < other.rank:
            return f"loses just as well and keeps the {name} for later", None
        return None, None

    def _winning(self, best, ob):
        treasure = ob[2]
        if treasure:
            return (f"wins the Treasure ({treasure} point{'s' if treasure > 1 else ''})",
                    "lets your opponent take it")
        after = self.won + 1
        if 7 <= after <= 9:
            return (f"wins the trick and brings you to {after} tricks, Victorious",
                    "loses it")
        if ob[1]:
            return self._lead_kept(best, won=True), "loses it and gives up the lead"
        return "wins this trick", "loses it"

    def _losing(self, best, ob):
        if self.won >= 9:
            return ("keeps you out of Greedy, where a tenth trick would score nothing",
                    "takes a tenth trick")
        if self.won == 3:
            return "keeps you Humble", "takes a fourth trick, out of Humble"
        if self.won < 3:
            return ("keeps your tricks low, on the way to Humble",
                    f"takes trick number {self.won + 1}")
        if ob[2]:
            return "loses this trick", "wins it, Treasure and all"
        if best.rank == rules.SWAN and ob[1]:
            return "loses with the Swan, so you lead the next trick", "wins it"
        return "loses this trick", "wins it"

    def _lead_kept(self, card, won=False) -> str:
        rest = [c for c in self.view.hand if c != card]
        monarchs = [c for c in rest if c.rank == rules.MONARCH]
        start = "wins the trick and leaves you the lead" if won else \
            "loses with the Swan and leaves you the lead"
        if monarchs:
            return f"{start} with the {monarchs[0].name(self.theme)} to play"
        return start

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
            return None, None       # the Fox may change trump before the reply
        pb, po = self.chance(best), self.chance(other)
        if abs(pb - po) < 0.25:
            if other.rank == rules.TREASURE and best.rank != rules.TREASURE and po < 0.75:
                return ("keeps your Treasure out of a trick you may well lose",
                        f"risks it: it wins in only about {round(100 * po)}% of the deals "
                        "that fit what you saw")
            if best.rank == rules.MONARCH:
                return (f"forces out your opponent's Swan or best "
                        f"{self.suit(best.suit, False)}"), None
            return None, None
        b, o = round(100 * pb), round(100 * po)
        if pb > po:
            extra = " and its Treasure" if best.rank == rules.TREASURE else ""
            return (f"should win the trick{extra} (in about {b}% of the deals that fit what you "
                    f"saw)", f"wins it in about {o}%")
        if self.won >= 9:
            return (f"is likelier to lose the trick (wins in about {b}% of the deals that fit "
                    f"what you saw), and a tenth trick would make you Greedy",
                    f"wins it in about {o}%")
        if self.won <= 3:
            return (f"is likelier to lose the trick and keep you Humble (wins in about {b}% of "
                    f"the deals that fit what you saw)", f"wins it in about {o}%")
        return (f"is likelier to lose the trick (wins in about {b}% of the deals that fit what "
                f"you saw)", f"wins it in about {o}%")

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
            verb = "keeps" if best is None else "makes"
            so_what = (", so your cards win fewer tricks" if nb < no else
                       ", so your cards win more tricks" if nb > no else "")
            return (f"{verb} {self.suit(sb)} trump, with {_count(nb)} in your hand{so_what}",
                    ("keeps" if other is None else "makes") + f" {self.suit(so)} trump, "
                    f"with {_count(no)}")
        if best is None:
            return (f"keeps the trump suit and your {other.name(self.theme)}",
                    f"gives the {other.name(self.theme)} away for the "
                    f"{self.view.decree.name(self.theme)}")
        if other is None:
            return (f"puts the {best.name(self.theme)} in the decree's place and takes the "
                    f"{self.view.decree.name(self.theme)} into your hand"), None
        return (f"gives away the {best.name(self.theme)} and keeps the "
                f"{other.name(self.theme)}"), None

    def _strength(self, card) -> int:
        return card.rank + (11 if card.suit == self.trump else 0)

    def _discard(self, best, other):
        b, o = best.name(self.theme), other.name(self.theme)
        if self._strength(best) > self._strength(other):
            if self.won <= 3:
                return (f"buries the {b}, a card that could win you a trick you do not want, "
                        f"and keeps the {o}"), None
            return f"buries the {b} and keeps the {o}, which your plan needs more", None
        return (f"buries the weaker {b} and keeps the {o}, which can still win a trick"), None


def _count(n: int) -> str:
    return "none of them" if n == 0 else f"{n} of them" if n > 1 else "one of them"


# ----------------------------------------------------------------------------- a hint

@dataclass(frozen=True)
class Hint:
    """Advice for the player to move: what the strong player would choose from their view, and
    why in one plain sentence (the same facts a review uses)."""

    action: Card | None         # the suggestion (None: the Fox keeps the decree card)
    text: str                   # "Play the 9 of Moons: it wins the Treasure (1 point), ..."
    reason: str                 # the part after the colon, without the suggestion
    values: dict                # estimate per legal choice (points, the player's gain minus
                                # the opponent's, from now to the round's end)
    samples: int                # deals of the unseen cards the estimates average over
    detail: str = ""            # the numbers behind it, for those who want them


def hint(view: PlayerView, *, theme=None, seed=0, adviser: StrongPlayer | None = None) -> Hint:
    """What to do now, from ``view`` (a ``Round.view(seat)`` where that seat is to move), and
    why: the strong player's choice plus one sentence built from facts of the position that set
    it apart from the next best choice (wins the Treasure, keeps you Humble, leaves you the lead
    with the Monarch ...). Only what the player can see is used. ``theme`` (a Theme or its key)
    names the cards; ``adviser`` defaults to a ``StrongPlayer(seed)``."""
    if not isinstance(view, PlayerView):
        raise InvalidState(f"A hint needs a player's view (Round.view(seat)), not "
                           f"{type(view).__name__}.")
    if view.to_play != view.player or view.phase not in ("play", "exchange", "discard"):
        raise InvalidState("A hint is for the player whose turn it is.")
    theme = read_theme(theme or DEFAULT_THEME, "theme")
    legal = list(view.choices)
    suggestion = _sentence(_describe(view, legal[0], theme))
    if len(legal) == 1:
        reason = "it is your only legal choice"
        return Hint(legal[0], f"{suggestion}: {reason}.", reason, {}, 0)
    adviser = adviser or StrongPlayer(seed)
    decision = adviser.decision(view)
    means, best = _choice_values(decision)
    runner = max((a for a in legal if a != best), key=lambda a: means[a])
    gap = means[best] - means[runner]
    why, instead = _Facts(view, seed, theme).contrast(best, runner)
    if why is None:
        if gap < 0.05:
            reason = "every choice does about as well here, and this one is as good as any"
        else:
            reason = (f"it did best over {decision.samples} deals of the cards you cannot see, "
                      f"about {gap:.1f} points better than {_lower(_gerund(view, runner, theme))}")
    else:
        reason = f"it {why}"
        if instead:
            reason += f", while {_lower(_gerund(view, runner, theme))} {instead}"
    detail = (f"Worked out over {decision.samples} deal{'s' if decision.samples != 1 else ''} "
              f"of the cards you cannot see: about {means[best]:+.1f} points for you against "
              f"your opponent over the rest of the round, {gap:.1f} more than the next best.")
    return Hint(best, f"{_sentence(_describe(view, best, theme))}: {reason}.", reason,
                dict(means), decision.samples, detail)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----------------------------------------------------------------------------- the summary

def summary_line(records, settings: ReviewSettings | None = None, name: str = "You") -> str:
    """One line: roughly how many points the mistakes cost, and in which tricks. The points are
    the sum of the losses shown on the marked decisions (each in tenths of a point), so the line
    adds up with the items."""
    settings = settings or ReviewSettings()
    you = is_you(name)
    who = "You" if you else name
    if not records:
        return f"{who} made no decisions in this round, so there is nothing to review."
    mistakes = [r for r in records if r.verdict == "mistake"]
    slips = [r for r in records if r.verdict == "inaccuracy"]
    if mistakes:
        text = f"{who} lost about {_about(mistakes)} in {_tricks(mistakes)}"
        if slips:
            text += (f", and about {_about(slips)} more in {len(slips)} smaller "
                     f"slip{'s' if len(slips) > 1 else ''} ({_tricks(slips)})")
        return text + "."
    if slips:
        return (f"No big mistakes: {who if not you else 'you'} lost about {_about(slips)} in "
                f"small slips, in {_tricks(slips)}.")
    return (f"No mistakes: every choice was the strong player's, or less than "
            f"{settings.inaccuracy:g} points behind it.")


def _about(records) -> str:
    return f"{round(sum(r.loss for r in records), 1):.1f} points"


def _tricks(records) -> str:
    numbers = sorted({r.trick for r in records})
    if len(numbers) == 1:
        return f"trick {numbers[0]}"
    return "tricks " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
