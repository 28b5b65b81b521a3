"""Computer players. A player sees only a ``PlayerView`` and picks one of ``view.legal``.

Every player implements ``choose(view) -> Action`` (one of ``view.legal``: a card to play, a card
or None for the Fox's exchange, a card for the Woodcutter's discard; ``Round.act`` applies it) and
``explain(view) -> str`` (why, in plain words).
Players are made by level with ``make_player(level, seed)``:

- ``random``: any legal action;
- ``rules``: rules of thumb (aim for a scoring band, avoid greed, Treasure, Swan, Fox, Monarch);
- ``strong``: deals out the cards it cannot see in many ways consistent with what it saw, works
  out every action's value in each deal, and plays the best on average.

The rule-of-thumb and strong players are deterministic: the same seed and the same view give the
same choice (their random numbers are drawn from the seed and the view together); for the strong
player, as long as its move-time cap does not cut a decision short.
"""
from __future__ import annotations

import random
import time

from ..fast import base as fast
from ..core import rules
from ..core.cards import Card
from ..engine.round import PlayerView
from ..search.evaluators import (OutOfTime, PolicyRolloutEvaluator, default_evaluator,
                                 goals_evaluator)
from .common import (SUIT_NAMES, Decision, Outlook, Plan, Player, action_of, check_turn,
                     describe_action, plan_band, plan_words, remaining_tricks)
from .inference import Inference
from .special import rules_decision, strong_decision

class RandomPlayer(Player):
    """Plays any legal action, chosen uniformly at random."""

    level = "random"
    title = "Random player"

    def choose(self, view: PlayerView):
        check_turn(view)
        return self.rng.choice(view.legal)

    def explain(self, view: PlayerView) -> str:
        return "The random player picks any legal choice without thinking ahead."

    def decide(self, view: PlayerView) -> Decision:
        return Decision(self.choose(view), self.explain(view))


# ============================================================================ rules of thumb

class RulesPlayer(Player):
    """Rules of thumb, in the spirit of the strategy ideas for this game.

    It judges which band its hand can reach (Humble 0-3 or Victorious 7-9), then for each legal
    card looks one trick ahead: does this card win the trick (for a lead: how likely, from deals
    of the unseen cards that fit what it saw), what is the rest of the hand then worth, and what
    Treasure changes hands. Winning a tenth trick, gifting Treasure, or keeping a dangerous card
    while trying to lose all show up as lower values. Small nudges add the guide's habits: the
    Swan keeps the lead, a Monarch lead draws out the opponent's best card.
    """

    level = "rules"
    title = "Rule-of-thumb player"

    def __init__(self, seed=None, samples: int = 24):
        super().__init__(seed)
        self.samples = samples

    def decide(self, view: PlayerView) -> Decision:
        if view.modules.special:
            return rules_decision(self, view)
        if view.phase == "exchange":
            return self._exchange(view)
        if view.phase == "discard":
            return self._discard(view)
        if len(view.trick) == 1:
            return self._follow(view)
        return self._lead(view)

    # -- following: the outcome of each card is certain
    def _follow(self, view: PlayerView) -> Decision:
        led, trump = view.trick[0], view.decree.suit
        look = Outlook(view)
        scored = []
        for card in view.choices:
            rest = [c for c in view.hand if c is not card]
            wins = rules.follower_wins(led, card, trump)
            treasure = (led.rank == rules.TREASURE) + (card.rank == rules.TREASURE)
            plan = look.best(rest, 1 if wins else 0)
            value = plan.value + (treasure if wins else -treasure)
            keeps_lead = wins or (card.rank == rules.SWAN and led.rank != rules.SWAN)
            if keeps_lead and not plan.aims_low:
                value += 0.2
            scored.append((value, self._tie(look, card, view.hand, plan), card, wins, plan,
                           treasure))
        value, _, card, wins, plan, treasure = max(scored, key=lambda s: (round(s[0], 2), s[1]))
        why = plan_words(view, plan)
        if wins:
            what = f"The {card.name()} wins this trick"
            if plan_band(plan) == "Humble" and look.danger(card, view.hand) >= 0.3:
                what += (": there is room for a trick under four, and this is a good moment to "
                         "get rid of a card that would be hard to lose later")
            if treasure:
                what += f" and takes the Treasure ({treasure} point{'s' if treasure > 1 else ''})"
        else:
            what = f"The {card.name()} loses this trick"
            if card.rank == rules.SWAN:
                what += ", but as a Swan it keeps the lead for the next trick"
        extra = ""
        if view.tricks_won[view.player] == 9 and not wins:
            extra = " Winning a tenth trick would make the round Greedy and cost all 6 points."
        elif not wins and any(rules.follower_wins(led, c, trump) for c in view.choices):
            extra = " Winning it would not help the plan."
        return Decision(action_of(view, card), f"{why} {what}.{extra}")

    # -- leading: estimate the chance of winning from deals of the unseen cards
    def _lead(self, view: PlayerView) -> Decision:
        trump = view.decree.suit
        look = Outlook(view)
        inf = Inference(view)
        rng = self._rng_for(view)
        hands = [inf.sample(rng)[0] for _ in range(self.samples)]
        scored = []
        for card in view.choices:
            can = must = 0
            for hand in hands:
                replies = rules.legal_follows(hand, card) if hand else []
                beats = [rules.follower_wins(card, r, trump) for r in replies]
                can += any(beats)
                must += bool(beats) and all(beats)
            n = max(1, len(hands))
            p_win = 1 - (can + must) / (2 * n)
            rest = [c for c in view.hand if c is not card]
            win_plan, lose_plan = look.best(rest, 1), look.best(rest, 0)
            treasure = card.rank == rules.TREASURE
            value = (p_win * (win_plan.value + treasure) +
                     (1 - p_win) * (lose_plan.value - treasure))
            plan = win_plan if p_win >= 0.5 else lose_plan
            if card.rank == rules.MONARCH and card.suit != trump and not plan.aims_low:
                value += 0.15      # it pulls out the opponent's best card of the suit
            scored.append((value, -abs(p_win - 0.5), card, p_win, plan))
        won, left = view.tricks_won[view.player], remaining_tricks(view)
        need = rules.BAND_RANGES["Victorious"][0] - won
        if 0 < need <= left and need >= left - 1:
            # Nearly every remaining trick is needed: cash the likeliest winner now.
            value, _, card, p_win, plan = max(scored, key=lambda s: (round(s[3], 2), s[0]))
            urgent = True
        else:
            value, _, card, p_win, plan = max(scored, key=lambda s: (round(s[0], 2), s[1]))
            urgent = False
        why = plan_words(view, plan)
        if urgent:
            why += (f" It needs {need} of the last {left} trick{'s' if left != 1 else ''}, so "
                    "it takes a trick while it can.")
        chance = round(100 * p_win)
        if p_win >= 0.5:
            what = f"Leading the {card.name()} should win the trick (about {chance}% of deals)"
        else:
            what = f"Leading the {card.name()} should lose the trick (wins in about {chance}% of deals)"
        if card.rank == rules.MONARCH:
            what += "; as a Monarch it forces out their Swan or highest card of its suit"
        return Decision(action_of(view, card), f"{why} {what}.")

    # -- the Fox: choose the trump suit (or keep it) for the rest of the hand
    def _exchange(self, view: PlayerView) -> Decision:
        fox = view.trick[-1]
        trick_open = len(view.trick) == 1
        scored = []
        for option in view.choices:
            trump = view.decree.suit if option is None else option.suit
            hand = list(view.hand) if option is None else \
                [c for c in view.hand if c is not option] + [view.decree]
            unseen = view.unseen_cards()
            look = Outlook(view, trump, unseen)
            if trick_open:
                # The Fox leads a trick; with a low rank it usually loses unless it is trump.
                p_win = 0.5 if fox.suit == trump else 0.1
                value = p_win * look.best(hand, 1).value + (1 - p_win) * look.best(hand, 0).value
            else:
                wins = rules.follower_wins(view.trick[0], fox, trump)
                treasure = (view.trick[0].rank == rules.TREASURE)
                value = look.best(hand, int(wins)).value + (treasure if wins else -treasure)
            keep_bonus = 0.1 if option is None else 0.0   # do not swap for nothing
            scored.append((value + keep_bonus, option, look.best(hand)))
        value, option, plan = max(scored, key=lambda s: round(s[0], 2))
        why = plan_words(view, plan)
        if option is None:
            what = "Keeping the decree as it is suits this hand best"
        else:
            what = (f"Swapping the {option.name()} for the decree card makes "
                    f"{SUIT_NAMES[option.suit]} trump, which suits this hand better")
        return Decision(action_of(view, option), f"{why} {what}.")

    # -- the Woodcutter: which card to put under the deck
    def _discard(self, view: PlayerView) -> Decision:
        look = Outlook(view)
        trick = view.trick
        won_now = 0
        if len(trick) == 2:
            won_now = int(rules.follower_wins(trick[0], trick[1], view.decree.suit))
        scored = []
        for card in view.choices:
            rest = [c for c in view.hand if c is not card]
            plan = look.best(rest, won_now)
            scored.append((plan.value, self._tie(look, card, view.hand, plan, True), card, plan))
        value, _, card, plan = max(scored, key=lambda s: (round(s[0], 2), s[1]))
        why = plan_words(view, plan)
        if plan.aims_low:
            what = f"The {card.name()} could win a trick later, so it goes under the deck"
        else:
            what = f"The {card.name()} is the card this hand needs least, so it goes under the deck"
        return Decision(action_of(view, card), f"{why} {what}.")

    @staticmethod
    def _tie(look: Outlook, card: Card, hand, plan: Plan, discard: bool = False) -> tuple:
        """Between equal values: aiming low, part with the card most likely to win later;
        aiming high, with the cheapest (the lowest when losing, the least needed when winning)."""
        if plan.aims_low:
            return (look.danger(card, hand), card.rank)
        return (-look.power(card, hand), -card.rank)



# ============================================================================ strong play

class StrongPlayer(Player):
    """Reasons over the cards it cannot see by sampling.

    For each decision it builds deals of the unseen cards that fit everything its view shows
    (``foxlib.players.inference``: voids, Monarch replies, Fox exchanges, Woodcutter draws and discards),
    asks an evaluator for the value of each legal action in each deal (the exact
    perfect-information solver once the hands are small enough, guided playouts before), and
    plays the action with the best average.

    Budget: ``samples`` deals per decision (by default a number that depends on how many cards
    are left, see ``samples_for``) and, when ``work`` is set, at most that many search nodes in
    total; both keep the choice a pure function of the seed and the view. ``time_limit``
    (seconds, default 1) is a safety cap: an evaluation still running at the cap is dropped, so
    when the cap binds the result depends on the machine's speed. If not even one deal could be
    worked out in time, guided playouts of a few deals decide.
    """

    level = "strong"
    title = "Strong player"
    #: Deals per decision by the number of cards in hand, for exact evaluation ...
    EXACT_SAMPLES = {1: 1, 2: 8, 3: 24, 4: 32, 5: 24, 6: 16, 7: 8, 8: 4}
    #: ... and for the cheaper playouts used while the hands are large.
    ROUGH_SAMPLES = 120
    FALLBACK_SAMPLES = 16

    def __init__(self, seed=None, samples: int | None = None, time_limit: float | None = 1.0,
                 work: int | None = None, evaluator=None, special_deals: int | None = None):
        super().__init__(seed)
        for name, value in (("samples", samples), ("special_deals", special_deals)):
            if value is not None and (not isinstance(value, int) or value < 1):
                raise ValueError(f"{name} must be a whole number of at least 1, not {value!r}.")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, not {time_limit!r}.")
        self.samples = samples
        # Deals for the special-card search only (the review sets it): ``samples`` also sets
        # the base game's search once no special card can come, this does not.
        self.special_deals = special_deals
        self.time_limit = time_limit
        self.work = work
        self._chosen = evaluator is not None
        if evaluator is None:
            evaluator = default_evaluator()
        self.evaluator = evaluator
        self._poison_evaluator = None
        self._goals_evaluator = None

    def evaluator_for(self, view: PlayerView):
        """The evaluator for this round (when none was given): with goal cards in play
        ``goals_evaluator()``, with Poison 8s alone ``default_evaluator(poison=True)`` (the
        solver counts the Poison and its floor)."""
        if not (view.modules.poison or view.goals) or self._chosen:
            return self.evaluator
        if view.goals:
            if self._goals_evaluator is None:
                self._goals_evaluator = goals_evaluator()
            return self._goals_evaluator
        if self._poison_evaluator is None:
            self._poison_evaluator = default_evaluator(poison=True)
        return self._poison_evaluator

    def samples_for(self, view: PlayerView, state: fast.FastState) -> int:
        if self.samples is not None:
            return self.samples
        evaluator, deals = self.evaluator_for(view).plan(state)
        if deals is not None:
            return deals
        if isinstance(evaluator, PolicyRolloutEvaluator):
            return self.ROUGH_SAMPLES
        return self.EXACT_SAMPLES.get(len(view.hand), 8)

    def decide(self, view: PlayerView) -> Decision:
        if view.modules.special:
            # Special cards: a search through the exact engine over sampled rounds.
            return strong_decision(self, view, fallback=RulesPlayer)
        legal = list(view.legal)
        if len(legal) == 1:
            return Decision(legal[0], f"The strong player must {describe_action(view, legal[0])}: "
                                      "it is the only legal choice.")
        start = time.perf_counter()
        # Stop searching a little before the cap, to leave time to finish; the first deal may
        # use only part of the time, to leave room for the fallback.
        hard = None if self.time_limit is None else start + 0.8 * self.time_limit
        first = None if hard is None else start + 0.6 * self.time_limit
        inf = Inference(view)
        rng = self._rng_for(view)
        totals = {self._code(a): 0.0 for a in legal}
        n = work = 0
        state = self.world(view, inf, rng)
        wanted = self.samples_for(view, state)
        evaluator = self.evaluator_for(view)
        fallback = False
        while n < wanted:
            if self.work is not None and n and work >= self.work:
                break
            try:
                deadline = first if n == 0 and not fallback else hard
                if fallback and n == 0:
                    deadline = None      # one quick deal, whatever the clock says
                values, spent = evaluator.values(state, deadline)
            except OutOfTime:
                if n or fallback:
                    break
                # Not one deal in time: fall back on quick playouts of a few deals.
                evaluator, fallback = PolicyRolloutEvaluator(), True
                wanted = self.FALLBACK_SAMPLES
                continue
            for a in totals:
                totals[a] += values[a]
            n += 1
            work += spent
            state = self.world(view, inf, rng)
        means = {a: totals[self._code(a)] / n for a in legal}
        best = max(legal, key=lambda a: means[a])   # ties: the first in the legal order
        seconds = time.perf_counter() - start
        return Decision(best, self._words(view, best, means, n, inf, fallback), means, n, seconds)

    @staticmethod
    def _code(action) -> int:
        return -1 if action.card is None else action.card.index

    @staticmethod
    def world(view: PlayerView, inf: Inference, rng: random.Random) -> fast.FastState:
        """One full state of the round: the view plus a sampled deal of the unseen cards."""
        return StrongPlayer.state_of(view, *inf.sample(rng))

    @staticmethod
    def state_of(view: PlayerView, opp, deck) -> fast.FastState:
        """The full state of the round: the view plus the opponent's hand ``opp`` and the
        ``deck`` (top first)."""
        me = view.player
        hands = [0, 0]
        hands[me] = fast.mask_of(view.hand)
        hands[1 - me] = fast.mask_of(opp)
        return fast.FastState(tuple(hands), view.decree.index, tuple(c.index for c in deck),
                              view.leader, tuple(c.index for c in view.trick),
                              tuple(view.tricks_won), tuple(view.score), tuple(view.round_gain),
                              fast.PHASES.index(view.phase), view.modules.poison,
                              *StrongPlayer.goal_state(view))

    @staticmethod
    def goal_state(view: PlayerView) -> tuple:
        """The revealed goals compiled for the fast path and what they have counted so far
        (from the public tricks): ``(None, ())`` without goals."""
        if not view.goals:
            return None, ()
        before = list(view.tricks_won)
        for t in view.tricks:
            before[t.winner] -= 1
        return fast.goal_state(view.goals, before, view.tricks)

    @staticmethod
    def _words(view, best, means, n, inf, fallback=False) -> str:
        ranked = sorted(means.items(), key=lambda kv: -kv[1])
        v = means[best]
        how = ("played each choice out quickly in each of them (short of time, it could not "
               "work them out exactly)" if fallback else "worked out each choice in each of them")
        text = (f"The strong player tried {n} deal{'s' if n != 1 else ''} of the cards it cannot "
                f"see and {how}; to "
                f"{describe_action(view, best)} did best on average: about {_signed(v)} points "
                f"against the opponent over the rest of the round.")
        if len(ranked) > 1:
            runner = next(a for a, _ in ranked if a != best)
            gap = v - means[runner]
            text += (f" The next best, to {describe_action(view, runner)}, scored "
                     f"{gap:.1f} point{'s' if round(gap, 1) != 1 else ''} less.")
        won = view.tricks_won[view.player]
        if won == 9 and view.phase == "play":
            text += " With nine tricks already, a tenth would make the round Greedy."
        facts = [f.text for f in inf.facts if "did not follow" in f.text or "Monarch" in f.text]
        if facts:
            text += " It used what it saw: " + " ".join(facts[-2:])
        return text


def _signed(x: float) -> str:
    return f"{x:+.1f}"


LEVELS = {"random": RandomPlayer, "rules": RulesPlayer, "strong": StrongPlayer}


def make_player(level: str = "random", seed=None, **options) -> Player:
    """A player of the given level; ``options`` go to its constructor (e.g. ``time_limit``)."""
    try:
        cls = LEVELS[level]
    except KeyError:
        raise ValueError(f"Unknown player level {level!r}; choose one of {sorted(LEVELS)}.") from None
    return cls(seed, **options)
