"""What every computer player shares: the decision record, the player base class, the words
for an action, and the rule-of-thumb judgement of a hand (``Outlook``).

``foxlib.players.levels`` (the players by level) and ``foxlib.players.special`` (their
thinking for rounds with the Deluxe special cards, which ``levels`` hands those decisions to)
both build on these; neither needs the other for them.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core import rules
from ..core.cards import Card, Suit
from ..engine.round import ACTION_KINDS, Action, PlayerView
from ..words.narrator import Narrator

SUIT_NAMES = ("Bells", "Keys", "Moons")
#: The players' reasons are plain text in the classic theme's words.
_VOICE = Narrator()


@dataclass(frozen=True)
class Decision:
    """A player's choice, why, and (for the strong player) how each option scored."""

    action: object
    reason: str
    values: dict = field(default_factory=dict, compare=False)
    samples: int = 0
    seconds: float = 0.0


def describe_action(view: PlayerView, action, form: str = "to") -> str:
    """A player's choice in the narrator's words, by default after 'to' or 'must': 'play the 9
    of Moons', 'keep the decree card (the 4 of Keys)', 'name Bells for the Hammer', 'not dig
    (...)' (``form``: see ``Narrator.action_words``). ``action`` is a ``round.Action``, or a
    card (None: the Fox's exchange declined) of the decision ``view`` waits for."""
    kind, card = action if isinstance(action, Action) else (view.phase, action)
    return _VOICE.action_words(kind, card, form, view.decree)


def action_of(view: PlayerView, choice) -> Action:
    """The action of the decision ``view`` waits for, with the card ``choice``."""
    return ACTION_KINDS[view.phase].action(choice)


def view_key(view: PlayerView) -> str:
    """Everything a decision may depend on, as text (seeds the player's random numbers)."""
    hist = ";".join(f"{r.kind}{getattr(r, 'player', '')}{getattr(r, 'card', '')}"
                    f"{getattr(r, 'taken', '')}" for r in view.history)
    return (f"{view.player}|{view.phase}|{' '.join(map(str, view.hand))}|{view.decree}|"
            f"{' '.join(map(str, view.trick))}|{view.tricks_won}|{view.deck_size}|{hist}")


def check_turn(view: PlayerView) -> None:
    if not isinstance(view, PlayerView):
        raise TypeError(f"A player is given a PlayerView, not {type(view).__name__}.")
    if not view.legal:
        raise ValueError("It is not this player's turn: there is nothing to choose.")


class Player:
    level = "base"
    title = "Player"

    def __init__(self, seed=None):
        self.seed = seed if seed is not None else random.randrange(2 ** 32)
        self.rng = random.Random(seed)
        self._last: tuple | None = None

    def choose(self, view: PlayerView):
        return self.decision(view).action

    def explain(self, view: PlayerView) -> str:
        return self.decision(view).reason

    def decision(self, view: PlayerView) -> Decision:
        """The decision for ``view``; asking twice about the same view does not redo the work."""
        check_turn(view)
        if self._last is not None and self._last[0] == view:
            return self._last[1]
        made = self.decide(view)
        self._last = (view, made)
        return made

    def decide(self, view: PlayerView) -> Decision:
        raise NotImplementedError

    def _rng_for(self, view: PlayerView) -> random.Random:
        return random.Random(f"{self.level}|{self.seed}|{view_key(view)}")


# ============================================================================ judging a hand

def remaining_tricks(view: PlayerView) -> int:
    """Tricks not yet decided, the open one included."""
    mine = len(view.hand) - (1 if view.phase == "discard" else 0)
    return (mine + view.opponent_hand_size + len(view.trick)) // 2


def band_difference(mine: int, total: int) -> int:
    """Table points for ``mine`` tricks minus the opponent's for the rest of ``total``."""
    return rules.round_points(mine) - rules.round_points(total - mine)


def _distribution(probs) -> list[float]:
    """Probabilities of winning 0, 1, 2, ... of independent chances."""
    dist = [1.0]
    for p in probs:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    return dist


@dataclass(frozen=True)
class Plan:
    target: int         # the number of tricks to aim for at the end of the round
    value: float        # expected table-points difference at the end of the round
    tricks: float       # expected final tricks when aiming at the target

    @property
    def band(self) -> str:
        """The band the plan is expected to end in."""
        return rules.band(max(0, min(13, round(self.tricks))))

    @property
    def aims_low(self) -> bool:
        return self.band == "Humble"


class Outlook:
    """How a hand is likely to do from here: the rule-of-thumb player's judgement of its cards.

    Each card gets a chance of winning a trick when its holder wants it to (``power``) and of
    winning one even when its holder tries to lose (``danger``), judged from its rank, the trump
    suit and how many higher cards of its suit are still out of sight. Over the hand these give
    the spread of the most tricks the holder can take (M) and of the fewest it cannot avoid (F).
    Aiming at a target of T tricks, the holder ends with M if M < T, with F if F > T, and with T
    otherwise; the scoring table turns that into expected points, and the best target is the
    band to aim for.
    """

    POWER = 1.0
    DANGER = 1.6

    def __init__(self, view: PlayerView, trump: Suit | None = None, unseen=None):
        self.view = view
        self.trump = view.decree.suit if trump is None else trump
        self.unseen = set(view.unseen_cards() if unseen is None else unseen)
        self.won = view.tricks_won[view.player]
        self.total = sum(view.tricks_won) + remaining_tricks(view)

    def _higher_unseen(self, card: Card) -> int:
        return sum(1 for c in self.unseen if c.suit == card.suit and c.rank > card.rank)

    def power(self, card: Card, hand) -> float:
        higher = self._higher_unseen(card)
        if card.suit == self.trump:
            short = sum(1 for s in Suit if s != self.trump and not any(c.suit == s for c in hand))
            return max(0.3, min(1.0, 0.95 - 0.14 * higher + 0.08 * short))
        if card.rank == rules.WITCH:
            return 0.75 - 0.12 * sum(1 for c in self.unseen
                                     if c.suit == self.trump and c.rank > rules.WITCH)
        if card.rank == rules.SWAN:
            return 0.03
        return max(0.03, 0.8 - 0.2 * higher)

    def danger(self, card: Card, hand) -> float:
        higher = self._higher_unseen(card)
        if card.rank == rules.SWAN:
            return 0.03
        if card.suit == self.trump:
            return max(0.1, 0.85 - 0.18 * higher)
        if card.rank == rules.WITCH:
            return 0.4
        return max(0.02, 0.5 - 0.15 * higher)

    def plans(self, hand, won_now: int = 0) -> list[Plan]:
        """A plan per reachable target, for ``hand`` after ``won_now`` more tricks."""
        hand = list(hand)
        power = [min(1.0, self.POWER * self.power(c, hand)) for c in hand]
        # A card never wins more surely against its holder's wish than with it.
        danger = [min(p, self.DANGER * self.danger(c, hand)) for p, c in zip(power, hand)]
        most, fewest = _distribution(power), _distribution(danger)
        base = self.won + won_now
        below = _cumulative(most)          # P(M < T) = below[T]
        upto = _cumulative(fewest)         # P(F < T) = upto[T]
        pay = [band_difference(min(base + k, self.total), self.total)
               for k in range(len(hand) + 1)]
        out = []
        for t in range(len(hand) + 1):
            under = most[:t]                               # M = k < t: ends with k
            over = fewest[t + 1:]                          # F = k > t: ends with k
            hit = max(0.0, 1.0 - below[t] - (1.0 - upto[t + 1]))
            norm = sum(under) + sum(over) + hit
            value = (sum(q * pay[k] for k, q in enumerate(under)) +
                     sum(q * pay[t + 1 + k] for k, q in enumerate(over)) + hit * pay[t]) / norm
            tricks = (sum(q * k for k, q in enumerate(under)) +
                      sum(q * (t + 1 + k) for k, q in enumerate(over)) + hit * t) / norm
            out.append(Plan(min(base + t, self.total), value, base + tricks))
        return out

    def best(self, hand, won_now: int = 0) -> Plan:
        """The most valuable target (the lower one between equals: fewer tricks, less risk)."""
        return max(self.plans(hand, won_now), key=lambda p: (round(p.value, 6), -p.target))


def _cumulative(dist) -> list[float]:
    """``out[k]`` = probability of a value below k, for k = 0 .. len(dist)."""
    out, acc = [0.0], 0.0
    for q in dist:
        acc += q
        out.append(acc)
    return out


def plan_band(plan: Plan) -> str:
    return plan.band


def plan_words(view: PlayerView, plan: Plan) -> str:
    """The plan in a sentence: which band the hand aims for, from the tricks won so far."""
    won = view.tricks_won[view.player]
    band = plan_band(plan)
    low, high = rules.BAND_RANGES[band]
    so_far = f"With {won} trick{'s' if won != 1 else ''} so far"
    if band == "Humble":
        return f"{so_far}, the plan is to stay Humble ({low}-{high} tricks) by losing tricks."
    if band == "Victorious":
        if won >= 9:
            return f"{so_far}, the plan is to win no more: a tenth trick would be Greedy."
        if won >= 7:
            return (f"{so_far}, the round is already Victorious; up to {9 - won} more "
                    f"trick{'s' if 9 - won != 1 else ''} would do no harm.")
        return f"{so_far}, the plan is to reach Victorious ({low}-{high} tricks)."
    return f"{so_far}, the best in reach is to finish {band} ({low}-{high} tricks)."
