"""When the special cards are out of play: the rest of a round with special cards is the base
game, and the strong player values it as in the base game (``foxlib.search.evaluators``: the
exact solver near the end of the round, guided playouts before).

- ``no_special_to_come(view, world)``: no special card can come into play any more in any
  round sampled from the view; then ``base_decision`` decides the whole decision.
- ``inert_base_state(view, world)``: in this one sampled round no special card can come into
  play (the special cards left lie deeper in the deck than any draw reaches); then
  ``InertWorlds`` values that deal as in the base game, and ``foxlib.players.special`` plays
  the other deals out (docs/players.md, "Deal by deal").
"""
from __future__ import annotations

import time

from ..core import rules
from ..engine.round import PlayerView
from ..fast import base as fast_base
from ..search.evaluators import OutOfTime, PolicyRolloutEvaluator, default_evaluator
from .common import Decision, describe_action
from .determinize import sample_round

#: How the strong player values a choice once the round is base game: said in its reasons.
AS_IN_THE_BASE_GAME = ("as in the base game (exactly near the end of the round, with guided "
                       "playouts before)")

__all__ = ["InertWorlds", "base_decision", "base_world", "could_turn_base", "inert_base_state",
           "no_special_to_come"]


class InertWorlds:
    """Values the choices in a sampled round where no special card can come into play any
    more (``inert_base_state``: the special cards left lie deeper in the deck than any draw
    reaches) with the base game's evaluators, as ``base_decision`` does: exactly near the end
    of the round, guided playouts before. Its values are in ``special.evaluate``'s unit (the player's
    points this round minus the opponent's), so they mix with the other deals' playouts."""

    def __init__(self, player, view: PlayerView):
        self.evaluator = _evaluator(player, view)
        self.view = view
        self.code = _codes(view.legal)
        self.deals = 0

    def values(self, world, alive, deadline):
        """The values of the choices ``alive`` (indices into the legal actions) in ``world``;
        None when a special card may still come into play there; () when the ``deadline``
        passed first."""
        state = inert_base_state(self.view, world)
        if state is None:
            return None
        try:
            values, _ = self.evaluator.values(state, deadline)
        except OutOfTime:
            return ()
        self.deals += 1
        me = self.view.player
        now = world.round_gain[me] - world.round_gain[1 - me]
        return [now + values[self.code[i]] for i in alive]


def _evaluator(player, view: PlayerView):
    """The player's base-game evaluator for this round (``evaluator_for``), else the default."""
    pick = getattr(player, "evaluator_for", None)
    return pick(view) if pick else default_evaluator(view.modules.poison)


def _codes(legal) -> list:
    """The base game's fast path's action for each legal action: its card's index, or -1 for
    keeping the decree card after a Fox."""
    return [-1 if a.card is None else a.card.index for a in legal]


def no_special_to_come(view: PlayerView, world) -> bool:
    """True when no special card can come into play any more in this round, in any round
    sampled from ``view``: none is hidden from the player, and in the sampled round ``world``
    none is in a hand, the deck, the open trick or the decree card, and no special effect is
    pending (the public places are the same in every round sampled from ``view``, so one
    tells for all). Goal cards and special decisions in progress count as special here.

    A special card deep in the deck is not enough here, though one sampled round may leave it
    out of every draw's reach (``inert_base_state``): whether a draw reaches it depends on the
    Woodcutters in the opponent's hidden hand, so one sampled round does not tell for all (an
    arena run whose check read the deck so met a special card in the base game's search of a
    later deal). Deal by deal, ``InertWorlds`` checks each round it values."""
    if view.goals or view.phase not in ("play", "exchange", "discard") or world.sp:
        return False
    if any(c.special for c in view.unseen_cards()):
        return False
    places = (*world.hands[0], *world.hands[1], *world.deck, *world.trick, world.decree)
    return not any(c.special for c in places)


def inert_base_state(view: PlayerView, world):
    """The base game's fast state (``foxlib.fast.base``) of the sampled round ``world`` when none
    of its special cards can come into play any more, else None.

    A special card can come into play from a hand, the open trick, the decree card, a special
    effect in progress, or the deck: but once no card that draws special cards is left to
    play, only a Woodcutter draws, each one the deck's top card (what it puts back goes under
    the deck). So a special card lying deeper in the deck than the Woodcutters left can draw
    (those in the hands, the decree card, which a Fox can take, and those they draw in turn)
    stays there to the end of the round, and the rest of the round is the base game (with
    Poison 8s if they are in play). Goal cards count as special here."""
    if view.goals or view.phase not in ("play", "exchange", "discard") or world.sp:
        return None
    hands = (*world.hands[0], *world.hands[1])
    if world.decree.special or any(c.special for c in hands) or \
            any(c.special for c in world.trick):
        return None
    # The Woodcutters still to play: those in the hands, the decree card (a Fox can take it)
    # and those the draws reach in the deck (one drawn is played in turn).
    draws = sum(c.rank == rules.WOODCUTTER for c in hands) + \
        (world.decree.rank == rules.WOODCUTTER)
    reach = 0
    while reach < min(draws, len(world.deck)):
        card = world.deck[reach]
        if card.special:
            return None
        draws += card.rank == rules.WOODCUTTER
        reach += 1
    return base_world(world)


def could_turn_base(view: PlayerView) -> bool:
    """Whether some round sampled from ``view`` may have no special card left to come into
    play (``inert_base_state``): nothing special in the player's hand, the open trick or the
    decree card, no special choice being made and no goal cards."""
    return (not view.goals and view.phase in ("play", "exchange", "discard") and
            not view.offer and view.crowned is None and view.named is None and
            not view.decree.special and not any(c.special for c in view.hand) and
            not any(c.special for c in view.trick))


def base_world(world):
    """The base game's fast state (``foxlib.fast.base``) of a sampled round whose special cards
    can no longer come into play (``inert_base_state``): those left deep in the deck, which
    no draw reaches, are left out of it."""
    return fast_base.FastState(
        (fast_base.mask_of(world.hands[0]), fast_base.mask_of(world.hands[1])), world.decree.index,
        tuple(c.index for c in world.deck if not c.special), world.leader,
        tuple(c.index for c in world.trick),
        tuple(world.tricks_won), tuple(world.score), tuple(world.round_gain),
        fast_base.PHASES.index(world.phase), world.modules.poison)


def base_decision(player, view: PlayerView, rng, world, start):
    """The base game's strong search (``foxlib.search.evaluators``: the exact solver near the end of
    the round, guided playouts before; docs/players.md, "The strong player") over rounds sampled
    from the view, for a round whose special cards are all out of play."""
    legal = list(view.legal)
    code = _codes(legal)
    limit = getattr(player, "time_limit", 1.0)
    hard = None if limit is None else start + 0.7 * limit
    first = None if limit is None else start + 0.5 * limit
    state = base_world(world)
    evaluator = _evaluator(player, view)
    wanted = player.samples_for(view, state) if hasattr(player, "samples_for") else 64
    totals = [0.0] * len(legal)
    n, fallback = 0, False
    while n < wanted:
        try:
            values, _ = evaluator.values(state, None if fallback and n == 0 else
                                         first if n == 0 else hard)
        except OutOfTime:
            if n or fallback:
                break
            # Not one deal in time: quick guided playouts of a few deals decide.
            evaluator, fallback, wanted = PolicyRolloutEvaluator(), True, 16
            continue
        for i, c in enumerate(code):
            totals[i] += values[c]
        n += 1
        try:
            state = base_world(sample_round(view, rng))
        except ValueError:
            break
    means = {a: totals[i] / n for i, a in enumerate(legal)}
    best = max(legal, key=lambda a: means[a])
    how = ("played each choice out quickly with a guided policy (short of time, it could not "
           "work them out exactly)" if fallback else
           f"worked out each choice in each of them {AS_IN_THE_BASE_GAME}")
    text = (f"No special card can come into play any more this round, so the strong player "
            f"dealt the cards it cannot see in {n} way{'s' if n != 1 else ''} that fit what it "
            f"saw and {how}; to {describe_action(view, best)} did best on average: about "
            f"{means[best]:+.1f} points against the opponent over the rest of the round.")
    runner = max((a for a in legal if a != best), key=lambda a: means[a])
    gap = means[best] - means[runner]
    text += (f" The next best, to {describe_action(view, runner)}, scored {gap:.1f} "
             f"point{'s' if round(gap, 1) != 1 else ''} less.")
    return Decision(best, text, means, n, time.perf_counter() - start)
