"""The computer players' thinking for rounds with the Deluxe special cards.

``foxlib.players.levels`` hands every decision of a round with special cards (``view.modules.special``)
to this module:

- ``rules_decision(player, view)``: the rule-of-thumb player. It keeps the base player's plan
  (which band the hand can reach, ``Outlook``), judges special cards by what their texts do,
  and decides each new kind of decision (the Crown, the Hammer's suit and the leader's new card,
  the Fairy's take and give, the Shovel's dig, the Potion's discard and play) with one plain
  reason;
- ``strong_decision(player, view)``: the strong player. It deals the cards it cannot see in many
  ways that fit its view (``foxlib.players.determinize.sample_round``), applies every legal action with
  the exact engine (which also finishes the decision the action starts, with random choices),
  plays the round out from there several times on the fast path (``foxlib.fast.deluxe``):
  its own cards played by a simple plan (``foxlib.fast.deluxe_policy``: aim for a band, win
  or lose each trick cheaply), everything else (the opponent's cards, the special cards'
  decisions) at random with the same random choices and chance as the engine would make; and
  takes the action with the best average points difference, within a playout and time budget;
  choices clearly worse than the best are played out no more (early stopping).
"""
from __future__ import annotations

import math
import random
import statistics
import time

from ..core import rules
from ..core.cards import Card
from ..core.errors import InvalidState
from ..engine.round import ACTION_KINDS, Action, PlayerView
from ..fast import deluxe as fast_deluxe
from ..fast.deluxe import from_round, random_playout
from ..fast.deluxe_policy import guided_for_decree
from ..words.narrator import sentence
from .common import Decision, Outlook, describe_action, plan_words
from .determinize import sample_round
from .out_of_play import (AS_IN_THE_BASE_GAME, InertWorlds, base_decision, could_turn_base,
                          no_special_to_come)

SUIT_NAMES = ("Bells", "Keys", "Moons")

# How likely a special card is to win a trick when its holder wants it to (power) and even when
# its holder tries to lose (danger), for the rule-of-thumb player's plan. The Shovel can always
# lose (by not digging); the Bow and the Hammer win against some cards only.
SPECIAL_POWER = {"Axe": 0.45, "Tree": 0.3, "Fairy": 0.15, "Crown": 0.05, "Bow": 0.4,
                 "Hammer": 0.45, "Potion": 0.35, "Shovel": 0.3}
SPECIAL_DANGER = {"Axe": 0.3, "Tree": 0.2, "Fairy": 0.1, "Crown": 0.05, "Bow": 0.35,
                  "Hammer": 0.35, "Potion": 0.3, "Shovel": 0.0}


# ============================================================================ rules of thumb

def _outlook(view: PlayerView, trump=None):
    class SpecialOutlook(Outlook):
        """``Outlook`` with special cards: suit cards are judged against the unseen suit
        cards, special cards by what their texts do (the Mirror as the decree card)."""

        def _acting(self, card):
            return rules.acting_card(card, view.decree)

        def power(self, card, hand):
            acting = self._acting(card)
            if acting.special:
                return SPECIAL_POWER.get(acting.special, 0.3)
            return super().power(acting, hand)

        def danger(self, card, hand):
            acting = self._acting(card)
            if acting.special:
                return SPECIAL_DANGER.get(acting.special, 0.25)
            return super().danger(acting, hand)

    unseen = [c for c in view.unseen_cards() if c.special is None]
    look = SpecialOutlook(view, trump, unseen)
    # The Potion's player holds one card fewer while choosing what goes under with it.
    mine = len(view.hand) - (view.phase == "discard") + (view.phase == "potion_discard")
    look.total = sum(view.tricks_won) + (mine + view.opponent_hand_size + len(view.trick)) // 2
    if trump is None:
        look.trump = view.decree.suit      # None when the decree card is a special card
    return look


def _trick(view: PlayerView, lead: Card, follow: Card, crowned=None):
    """The outcome of ``lead`` against ``follow`` now (the Axe after a Woodcutter and a
    Shovel that stays included: the cards say so)."""
    return rules.decide_special_trick(lead, follow, view.decree, crowned, view.modules.poison)


def _crowned_index(view: PlayerView):
    return 0 if view.crowned is not None and view.trick and view.crowned is view.trick[0] \
        else None


def _wants(view, look, rest):
    """(value if this trick is won, value if lost, the plan then) for the hand ``rest``."""
    win, lose = look.best(rest, 1), look.best(rest, 0)
    return win, lose


def _plan(player, view, plan):
    return plan_words(view, plan)


def _rest(hand, *gone):
    rest = list(hand)
    for c in gone:
        if c in rest:
            rest.remove(c)
    return rest


def rules_decision(player, view: PlayerView):
    phase = view.phase
    handler = {"play": _rules_play, "exchange": _rules_exchange, "discard": _rules_discard,
               "name_suit": _rules_name_suit, "replace": _rules_replace,
               "fairy_take": _rules_fairy_take, "fairy_give": _rules_fairy_give,
               "dig": _rules_dig, "potion_discard": _rules_potion_discard,
               "potion_play": _rules_potion_play}[phase]
    action, reason = handler(player, view)
    return Decision(action, reason)


def _follow_outcome(view, card, crown=False):
    """(chance this follow wins, Treasure in the trick, how sure) against the led card."""
    lead = view.trick[0]
    acting = rules.acting_card(card, view.decree).special
    if acting in ("Potion",) and not crown:
        return 0.5, 0, "its outcome depends on the cards drawn"
    if acting == "Hammer" and not crown:
        return 0.5, 0, "the led card goes under the deck and the leader plays again"
    if acting == "Shovel" and not crown:
        return 0.0, 0, "it loses unless it digs"
    crowned = 1 if crown else _crowned_index(view)
    out = _trick(view, lead, card, crowned)
    return float(out.winner == 1), out.treasure, ""


def _sampled_hands(player, view, n):
    rng = player._rng_for(view)
    out = []
    for _ in range(n):
        try:
            rnd = sample_round(view, rng)
        except ValueError:
            break
        out.append(rnd.hands[1 - view.player])
    return out


def _lead_chance(view, card, hands, crown=False):
    """The chance a led card wins, over sampled opponent hands (half-credit when the opponent
    can choose to win or lose)."""
    acting = rules.acting_card(card, view.decree)
    if not crown and acting.special in ("Potion", "Shovel"):
        return 0.4
    can = must = 0
    for hand in hands:
        if not hand:
            continue
        if not crown and acting.special == "Tree":
            beats = [_trick(view, card, r).winner == 1 for r in hand]   # a random card
            p = sum(beats) / len(beats)
            can += p
            must += p
            continue
        replies = rules.legal_follows_special(hand, card, view.decree, crown)
        beats = []
        for r in replies:
            ra = rules.acting_card(r, view.decree).special
            if ra == "Shovel":
                beats.append(False)           # it may stay and lose
                continue
            beats.append(_trick(view, card, r, 0 if crown else None).winner == 1)
        can += any(beats)
        must += bool(beats) and all(beats)
    n = max(1, len(hands))
    return 1 - (can + must) / (2 * n)


def _rules_play(player, view):
    look = _outlook(view)
    following = len(view.trick) == 1
    hands = [] if following else _sampled_hands(player, view, 10)
    scored = []
    crown = next((c for c in view.hand if c.special == "Crown"), None)
    for action in view.legal:
        card, crowned = action.card, action.kind == "crown"
        rest = _rest(view.hand, card, crown) if crowned else _rest(view.hand, card)
        if following:
            p, treasure, note = _follow_outcome(view, card, crowned)
        else:
            p = _lead_chance(view, card, hands, crowned)
            treasure = int(not crowned and card.special is None and card.rank == rules.TREASURE)
            note = ""
        win, lose = look.best(rest, 1), look.best(rest, 0)
        value = p * (win.value + treasure) + (1 - p) * (lose.value - treasure)
        plan = win if p >= 0.5 else lose
        if crowned:
            value -= 0.1          # keep the Crown unless it changes something
        scored.append((round(value, 2), -look.power(card, view.hand) if not plan.aims_low
                       else look.danger(card, view.hand), action, p, plan, treasure, note))
    value, _, action, p, plan, treasure, note = max(scored, key=lambda s: (s[0], s[1]))
    why = _plan(player, view, plan)
    what = sentence(describe_action(view, action, "do"))
    if following:
        if note:
            result = f"{what}: {note}"
        else:
            result = f"{what}: it {'wins' if p else 'loses'} this trick"
            if treasure:
                result += f", with {treasure} Treasure point{'s' if treasure > 1 else ''}"
    else:
        chance = round(100 * p)
        result = (f"{what}: leading it should {'win' if p >= 0.5 else 'lose'} the trick "
                  f"(wins in about {chance}% of deals of the cards it cannot see)")
    if action.kind == "crown":
        result += ("; the Crown makes it count as the 11 of its suit (without its ability) "
                   "and draws a card")
    elif crown is not None and any(a.kind == "crown" for a in view.legal):
        result += "; adding the Crown would not help here, so it keeps it"
    return action, f"{why} {result}."


def _rules_exchange(player, view):
    fox_trick = view.trick
    scored = []
    for action in view.legal:
        option = action.card
        decree = view.decree if option is None else option
        trump = decree.suit
        hand = list(view.hand) if option is None else _rest(view.hand, option) + [view.decree]
        look = _outlook(view, trump)
        look.trump = trump
        if len(fox_trick) == 2:
            fox = fox_trick[1]
            out = rules.decide_special_trick(fox_trick[0], fox, decree, _crowned_index(view),
                                             view.modules.poison)
            wins = out.winner == 1
            value = look.best(hand, int(wins)).value + (out.treasure if wins else -out.treasure)
        else:
            value = 0.3 * look.best(hand, 1).value + 0.7 * look.best(hand, 0).value
        scored.append((round(value + (0.1 if option is None else 0.0), 2), action,
                       look.best(hand), trump))
    _, action, plan, trump = max(scored, key=lambda s: s[0])
    why = _plan(player, view, plan)
    if action.card is None:
        what = "Keeping the decree card as it is suits this hand best"
    else:
        what = (f"Swapping the {action.card.name()} for the decree card makes "
                f"{'no suit' if trump is None else SUIT_NAMES[trump]} trump, which suits this "
                "hand better")
    return action, f"{why} {what}."


def _least_needed(player, view, won_now, why_text):
    look = _outlook(view)
    scored = []
    for action in view.legal:
        rest = _rest(view.hand, action.card)
        plan = look.best(rest, won_now)
        tie = (look.danger(action.card, view.hand) if plan.aims_low
               else -look.power(action.card, view.hand))
        scored.append((round(plan.value, 2), tie, action, plan))
    _, _, action, plan = max(scored, key=lambda s: (s[0], s[1]))
    why = _plan(player, view, plan)
    card = action.card
    if plan.aims_low:
        what = f"The {card.name()} could win a trick later, so it {why_text}"
    else:
        what = f"The {card.name()} is the card this hand needs least, so it {why_text}"
    return action, f"{why} {what}."


def _rules_discard(player, view):
    won_now = 0
    if len(view.trick) == 2:
        won_now = int(_trick(view, view.trick[0], view.trick[1], _crowned_index(view)).winner
                      == 1)
    return _least_needed(player, view, won_now, "goes under the deck")


def _rules_potion_discard(player, view):
    return _least_needed(player, view, 0, "goes under the deck with the Potion")


def _rules_fairy_give(player, view):
    return _least_needed(player, view, 0, "goes to the opponent")


def _rules_fairy_take(player, view):
    look = _outlook(view)
    base = look.best(list(view.hand))
    best = (round(base.value, 2) + 0.05, Action("fairy_take", None), base, None)
    for action in view.legal:
        taken = action.card
        if taken is None:
            continue
        hand = list(view.hand) + [taken]
        for give in hand:
            rest = _rest(hand, give)
            plan = look.best(rest)
            # Taking their strong card and giving a weak one weakens them too.
            value = plan.value
            if not plan.aims_low:
                value += 0.3 * (look.power(taken, hand) - look.power(give, hand))
            else:
                value += 0.3 * (look.danger(give, hand) - look.danger(taken, hand))
            if round(value, 2) > best[0]:
                best = (round(value, 2), action, plan, give)
    _, action, plan, give = best
    why = _plan(player, view, plan)
    if action.card is None:
        what = "None of the cards seen would make this hand better, so it takes nothing"
    else:
        what = (f"Taking the {action.card.name()} and giving back the {give.name()} "
                f"{'helps to lose tricks' if plan.aims_low else 'makes this hand stronger'}")
    return action, f"{why} {what}."


def _rules_name_suit(player, view):
    """Name the suit that gives the leader the worst choice against the Hammer: the Hammer
    beats an odd card and loses to an even one."""
    look = _outlook(view)
    rest = list(view.hand)
    win, lose = look.best(rest, 1), look.best(rest, 0)
    want = win.value >= lose.value
    hands = _sampled_hands(player, view, 10)
    hammer = view.trick[-1]
    scored = []
    for action in view.legal:
        suit = action.card
        p = 0.0
        for hand in hands or [[]]:
            same = [c for c in hand if rules.acting_card(c, view.decree).suit == suit]
            options = same or hand
            if not options:
                p += 0.5
                continue
            beats = [_trick(view, c, hammer).winner == 1 for c in options]
            # The leader plays what suits them: assume they avoid losing when they can.
            p += all(beats) + 0.5 * (any(beats) and not all(beats))
        p /= max(1, len(hands))
        scored.append((p if want else -p, action, p))
    _, action, p = max(scored, key=lambda s: s[0])
    plan = win if want else lose
    why = _plan(player, view, plan)
    suit = SUIT_NAMES[action.card]
    what = (f"Naming {suit} {'gives the Hammer its best chance to win' if want else 'lets the leader take this trick most easily'} "
            f"(the Hammer wins in about {round(100 * p)}% of deals): it beats an odd card and "
            "loses to an even one")
    return action, f"{why} {what}."


def _rules_replace(player, view):
    look = _outlook(view)
    hammer = view.trick[-1]
    scored = []
    for action in view.legal:
        card = action.card
        out = _trick(view, card, hammer)
        wins = out.winner == 0
        rest = _rest(view.hand, card)
        plan = look.best(rest, int(wins))
        value = plan.value + (out.treasure if wins else -out.treasure)
        scored.append((round(value, 2), -card.index, action, wins, plan))
    _, _, action, wins, plan = max(scored, key=lambda s: (s[0], s[1]))
    why = _plan(player, view, plan)
    what = (f"Playing the {action.card.name()} as the new led card "
            f"{'beats' if wins else 'loses to'} the Hammer, which beats odd cards and loses to "
            "even ones")
    return action, f"{why} {what}."


def _rules_dig(player, view):
    look = _outlook(view)
    rest = list(view.hand)
    win, lose = look.best(rest, 1), look.best(rest, 0)
    pile = []
    for rec in view.tricks:
        if rec.winner == view.player:
            pile = list(rec.cards) + list(rec.extra)
    leading = view.trick and len(view.trick) == 1
    if leading or not pile:
        p = 0.5
    else:
        p = sum(_trick(view, view.trick[0], c).winner == 1 for c in pile) / len(pile)
    dig_value = p * win.value + (1 - p) * lose.value
    stay = next(a for a in view.legal if a.card is None)
    go = next(a for a in view.legal if a.card is not None)
    if dig_value > lose.value + 0.05:
        why = _plan(player, view, win)
        return go, (f"{why} Digging plays a random card from its last won trick instead of the "
                    f"Shovel, which wins this trick in about {round(100 * p)}% of cases; not "
                    "digging would lose it for sure.")
    why = _plan(player, view, lose)
    return stay, (f"{why} Not digging makes the Shovel lose this trick for sure, which suits "
                  "the plan better than a random card from the last trick won.")


def _rules_potion_play(player, view):
    look = _outlook(view)
    following = len(view.trick) == 1 and view.trick[0] not in view.hand
    scored = []
    for action in view.legal:
        card = action.card
        rest = _rest(view.hand, card)
        if following:
            out = _trick(view, view.trick[0], card, _crowned_index(view))
            p, treasure = float(out.winner == 1), out.treasure
        else:
            p, treasure = look.power(card, view.hand), 0
        win, lose = look.best(rest, 1), look.best(rest, 0)
        value = p * (win.value + treasure) + (1 - p) * (lose.value - treasure)
        scored.append((round(value, 2), action, p, win if p >= 0.5 else lose))
    _, action, p, plan = max(scored, key=lambda s: s[0])
    why = _plan(player, view, plan)
    card = action.card
    if following:
        what = (f"Of the cards drawn, playing the {card.name()} {'wins' if p else 'loses'} this "
                "trick, which suits the plan")
    else:
        what = (f"Of the cards drawn, the {card.name()} is the better one to lead for the plan "
                f"(it wins about {round(100 * p)}% of the time)")
    if len(view.legal) > 1:
        other = next(a.card for a in view.legal if a is not action)
        what += f"; the {other.name()} stays in hand"
    return action, f"{why} {what}."


# ============================================================================ strong play

#: The playout budget of a decision when the player sets no number of deals (``samples``):
#: this many playouts in all, on the fast path (``foxlib.fast.deluxe``) ...
PLAYOUTS = 20000
#: ... and this many when the round has goal cards, which only the exact engine plays.
ENGINE_PLAYOUTS = 600
#: Playouts of each choice per sampled deal on the fast path. The playouts' own randomness
#: varies far more than the deals do (the variance of the paired difference between two
#: choices: about 22 points squared between playouts of one deal, about 1.2 between deals),
#: and a deal costs several playouts' time to sample and set up; so each deal is played out
#: several times (docs/players.md, "The strong player with special cards").
PER_DEAL = 8
#: Early stopping: from ``MIN_DEALS`` deals on, a choice whose mean trails the best one's by
#: more than ``DROP`` standard errors of their paired difference is played out no more.
MIN_DEALS = 16
DROP = 3.0


def _apply(rnd, action) -> None:
    """Apply a legal action without the check and the undo snapshot (playouts only)."""
    ACTION_KINDS[action.kind].apply(rnd, action.card)


def playout(rnd, rng: random.Random, guide: int = -1) -> None:
    """Play ``rnd`` to the end of the round with random legal actions, but the cards of the
    player ``guide`` (0 or 1; -1: none), chosen by the guided policy as the fast path chooses
    them (``foxlib.fast.deluxe_policy``)."""
    while rnd.phase != "over":
        acts = rnd.legal_actions()
        if rnd.to_play == guide and rnd.phase == "play":
            _apply(rnd, _guided_play(rnd, acts))
        else:
            _apply(rnd, acts[int(rng.random() * len(acts))])


def _guided_play(rnd, acts):
    """The guided policy's card among the plays of ``acts`` (never with the Crown), from the
    engine's round: the same choice ``foxlib.fast.deluxe``'s loop makes."""
    me = rnd.to_play
    plays = {a.card.index: a for a in acts if a.kind == "play"}
    legal = sum(1 << c for c in plays)
    k = guided_for_decree(fast_deluxe.mask_of(rnd.hands[me]), legal,
                          [c.index for c in rnd.trick], rnd.decree.index,
                          fast_deluxe.mask_of(rnd.hands[1 - me]), rnd.tricks_won[me])
    for c in sorted(plays):
        if not k:
            return plays[c]
        k -= 1
    raise InvalidState("the guided policy chose no card")


def _margin(rnd, me: int) -> int:
    return rnd.round_gain[me] - rnd.round_gain[1 - me]


def evaluate(world, action, me: int, seed: int, per_deal: int = PER_DEAL,
             fast: bool = True) -> tuple:
    """``(value, fast)``: the mean points difference (``me``'s points this round minus the
    opponent's) after ``action`` in the sampled round ``world``, over playouts whose random
    numbers come from ``seed``; ``fast`` tells whether the fast path played them.

    The exact engine applies the action and finishes the decision it starts, if any (a Fox's
    exchange, a Fairy's take and give, a Potion's cards ...) with random choices; from the
    next card to play on, ``foxlib.fast.deluxe`` plays the round out ``per_deal`` times:
    ``me``'s cards chosen by the guided policy (``foxlib.fast.deluxe_policy``), every other
    decision with the same random choices as the engine's ``playout`` would make, and the
    round's own chance source. When it cannot (goal cards) or ``fast`` is False, the engine
    plays the round out once."""
    rnd = world.copy()
    _apply(rnd, action)
    policy = random.Random(seed)
    while rnd.phase not in ("play", "over"):
        acts = rnd.legal_actions()
        _apply(rnd, acts[int(policy.random() * len(acts))])
    try:
        if not fast:
            raise InvalidState("the engine path was asked for")
        state = from_round(rnd)
    except InvalidState:
        playout(rnd, policy, guide=me)
        return _margin(rnd, me), False
    opp = 1 - me
    # random_playout returns whole scores: this round's gain is the rise from the state's.
    before = _margin(rnd, me) - (state.score[me] - state.score[opp])
    total = 0
    for _ in range(per_deal):
        out = random_playout(state, policy, chance=rnd.rng, guide=me)
        total += out[2 + me] - out[2 + opp]
    return before + total / per_deal, True


class _Search:
    """The strong player's running totals: each choice's value in every deal it was played
    out in, and which choices are still played out."""

    def __init__(self, legal, player: int, inert=None):
        self.legal = legal
        self.player = player
        #: ``InertWorlds`` (or None): values the choices in the deals where no special card
        #: can come into play any more, as the base game does.
        self.inert = inert
        self.values = [[] for _ in legal]
        self.alive = list(range(len(legal)))
        self.deals = 0
        self.dropped = 0

    def mean(self, i: int) -> float:
        v = self.values[i]
        return sum(v) / len(v) if v else 0.0

    def best(self) -> int:
        """The best choice still played out (ties: the first in legal order)."""
        return max(self.alive, key=lambda i: (self.mean(i), -i))

    def run(self, view, rng, deadline, samples, fast: bool) -> bool:
        """Play the choices out over deals sampled from ``view`` until the budget (``samples``
        deals, else PLAYOUTS playouts) or the ``deadline`` is reached, or one choice is left;
        ``fast``: on the fast path, with early stopping. Returns whether the fast path played
        the playouts (not with goal cards)."""
        prune = fast
        used = failed = 0
        while len(self.alive) > 1:
            if samples and self.deals >= samples:
                break
            if not samples and used >= (PLAYOUTS if fast else ENGINE_PLAYOUTS):
                break
            try:
                world = sample_round(view, rng)
            except ValueError:
                # Rare: the random picks of the opponent's face-down discards left no place
                # for a card seen later, in every try. Another deal, a few times at most.
                failed += 1
                if failed > 20:
                    break
                continue
            seed = rng.randrange(2 ** 32)
            got = None
            if self.inert is not None:
                got = self.inert.values(world, self.alive, deadline if self.deals else None)
                if got == ():
                    break             # out of time: drop the unfinished deal
                if got is not None:
                    used += PER_DEAL * len(got)
            if got is None:
                got, fast = self._played_out(world, seed, deadline, fast)
                used += (PER_DEAL if fast else 1) * len(got)
            if len(got) < len(self.alive):
                break                 # out of time: drop the unfinished deal
            for i, v in zip(self.alive, got):
                self.values[i].append(v)
            self.deals += 1
            if prune and self.deals >= MIN_DEALS and self.deals % 4 == 0:
                self.prune()
            if deadline is not None and time.perf_counter() > deadline:
                break
        return fast

    def _played_out(self, world, seed, deadline, fast: bool) -> tuple:
        """Each choice still in question played out in ``world`` (``evaluate``), and whether
        the fast path could still play them (``fast``); fewer values than choices when the
        ``deadline`` passed."""
        got = []
        for i in self.alive:
            if deadline is not None and self.deals and time.perf_counter() > deadline:
                break
            value, fast = evaluate(world, self.legal[i], self.player, seed, fast=fast)
            got.append(value)
        return got, fast

    def prune(self) -> None:
        """Stop playing out the choices clearly worse than the best one (``DROP``)."""
        b = self.best()
        keep = []
        for i in self.alive:
            if i != b:
                diffs = [x - y for x, y in zip(self.values[b], self.values[i])]
                gap = sum(diffs) / len(diffs)
                spread = statistics.pstdev(diffs) / math.sqrt(len(diffs) - 1)
                if gap > DROP * spread and gap > 0:
                    self.dropped += 1
                    continue
            keep.append(i)
        self.alive = keep


def strong_decision(player, view: PlayerView, fallback):
    """The strong player's decision in a round with special cards. ``fallback``: the class of
    the rule-of-thumb player (made with ``player.seed``) whose decision is taken when no deal
    of the unseen cards fitting the view is found in time."""
    legal = list(view.legal)
    if len(legal) == 1:
        return Decision(legal[0], f"The strong player must {describe_action(view, legal[0])}: "
                                  "it is the only legal choice.")
    start = time.perf_counter()
    limit = getattr(player, "time_limit", 1.0)
    deadline = None if limit is None else start + 0.7 * limit
    # The budget: ``special_deals`` (set by the review) or ``samples`` deals when the player
    # has them, else PLAYOUTS playouts in all. (``samples`` alone also sets the base game's
    # search below; ``special_deals`` does not.)
    samples = getattr(player, "special_deals", None) or getattr(player, "samples", None)
    rng = player._rng_for(view)
    if getattr(player, "special_base", True):
        try:
            world = sample_round(view, rng)
        except ValueError:
            world = None
        if world is not None and no_special_to_come(view, world):
            return base_decision(player, view, rng, world, start)
    inert = InertWorlds(player, view) if getattr(player, "special_base", True) and \
        could_turn_base(view) else None
    search = _Search(legal, view.player, inert)
    # ``special_fast = False`` plays every playout through the engine, once per deal, without
    # early stopping: the player as it was before the fast path (benchmarks compare the two).
    fast = search.run(view, rng, deadline, samples, getattr(player, "special_fast", True))
    if not search.deals:
        made = fallback(player.seed).decide(view)
        return Decision(made.action, "No deal of the cards it cannot see fitting its view was "
                        "found in time, so the strong player follows the rule of thumb: " +
                        made.reason)
    means = {a: search.mean(i) for i, a in enumerate(legal)}
    best = legal[search.best()]
    seconds = time.perf_counter() - start
    return Decision(best, _strong_words(view, best, means, search, fast), means, search.deals,
                    seconds)


def _strong_words(view, best, means, search, fast) -> str:
    v = means[best]
    deals = search.deals
    how = (f"played each choice out {PER_DEAL} times in each deal, its own cards by a simple "
           f"plan and the opponent's at random"
           if fast else "played each choice out to the end of the round with random play")
    inert = search.inert.deals if search.inert is not None else 0
    base = f"worked out each choice {AS_IN_THE_BASE_GAME}"
    if inert == deals:
        how = (f"in {'each of them' if deals != 1 else 'it'} the special cards left lay deeper "
               f"in the deck than any draw can reach, so it {base}")
    elif inert:
        how += (f", except in the {inert} where the special cards left lay deeper in the deck "
                f"than any draw can reach: there it {base}")
    text = (f"The strong player dealt the cards it cannot see in {deals} way"
            f"{'s' if deals != 1 else ''} that fit what it saw (the special cards' state "
            f"included) and {how}; to {describe_action(view, best)} did best on average: "
            f"about {v:+.1f} points against the opponent over the rest of the round.")
    others = sorted((a for a in means if a != best), key=lambda a: -means[a])
    if others:
        runner = others[0]
        gap = v - means[runner]
        text += (f" The next best, to {describe_action(view, runner)}, scored {gap:.1f} "
                 f"point{'s' if round(gap, 1) != 1 else ''} less.")
    if search.dropped:
        text += (f" It stopped playing out {search.dropped} choice"
                 f"{'s' if search.dropped != 1 else ''} early, once "
                 f"{'they were' if search.dropped != 1 else 'it was'} clearly worse than the "
                 "best.")
    return text
