"""The review's facts and exact check for rounds played with the Deluxe special cards.

``foxlib.teaching.review`` judges every decision of such a round the same way as a base round (the strong
player's estimates from the player's view), but the choices are ``round.Action`` values (a card
played with the Crown is another choice than the card alone; the Hammer names a suit; the
Fairy's and the Shovel's "none" is a choice), and what tells two choices apart is found here:

- ``SpecialFacts(view, seed).contrast(best, other)`` gives a ``Contrast`` (a code and its
  parameters, said by ``narrator.ReviewNarrator``; defined here and used by every review, so
  that this module needs nothing from ``foxlib.teaching.review``, which imports it) from the rules engine's own outcome of the
  trick (``rules.decide_special_trick``), the cards the player could see, and for what they
  could not see, deals of the hidden cards that fit their view (``determinize.sample_round``).
  None when no simple fact separates the two choices.
- ``exact_values(replay, view, settings)`` values every choice with all cards known, with
  ``deluxe_solver.solve_deluxe`` (expected values over the random picks still to come), when
  few enough cards are left for it to answer quickly.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..core import rules
from ..players.determinize import sample_round
from ..engine.round import Action, PlayerView
from ..search.deluxe_solver import solve_deluxe


@dataclass(frozen=True)
class Contrast:
    """What tells two choices apart, as facts (in every review, the base game's too): ``code`` names the fact (``wins_treasure``,
    ``keeps_humble``, ``wins_keeps_lead``, ``trump_suit`` ...) and ``facts`` holds its
    parameters as (name, value) pairs (cards, suits, counts, percentages). The narrator's
    ``_why_<code>`` says it."""

    code: str
    facts: tuple = ()

    @classmethod
    def of(cls, code: str, **facts) -> "Contrast":
        return cls(code, tuple(facts.items()))


def _acting(card, decree):
    return rules.acting_card(card, decree)


#: Special cards whose following play does not settle the trick by itself: the Hammer's player
#: names a suit and the leader plays again, the Potion draws cards, the Shovel may dig.
UNSETTLED = ("Hammer", "Potion", "Shovel")


class SpecialFacts:
    """Facts of a position with special cards, as the reviewed player saw it (``view`` only)."""

    LEAD_DEALS = 48

    def __init__(self, view: PlayerView, seed):
        self.view = view
        self.me = view.player
        self.won = view.tricks_won[self.me]
        self.decree = view.decree
        self.trump = view.decree.suit if view.decree.special is None else None
        self.seed = seed
        self._worlds = None

    # -- deals of the hidden cards that fit the view
    def worlds(self) -> list:
        """Up to ``LEAD_DEALS`` whole rounds at this moment, the hidden cards dealt at random in
        ways that fit the view (seeded by the seed and the view)."""
        if self._worlds is None:
            v = self.view
            rng = random.Random(f"review-special|{self.seed}|{v.hand}|{v.history}|{v.phase}")
            self._worlds = []
            for _ in range(self.LEAD_DEALS):
                try:
                    self._worlds.append(sample_round(v, rng))
                except ValueError:
                    break
        return self._worlds

    def contrast(self, best, other):
        """What tells the action ``best`` from ``other`` (a ``Contrast``), or None."""
        handler = getattr(self, "_" + self.view.phase, None)
        return handler(best, other) if handler else None

    # -- a card played (with or without the Crown)
    def _play(self, best, other):
        if len(self.view.trick) == 1:
            return self._follow(best, other)
        return self._lead(best, other)

    def settle(self, action, lead=None):
        """(I win, I lead next, Treasure points) of my follow ``action`` against the led card
        (or ``lead``), or None when the card's ability leaves the trick open."""
        card, crowned = action.card, action.kind == "crown"
        acting = _acting(card, self.decree)
        if not crowned and (acting.special in UNSETTLED or (
                acting.special is None and acting.rank == rules.FOX and len(self.view.hand) > 1)):
            return None
        led = self.view.trick[0] if lead is None else lead
        lead_crowned = self.view.crowned is not None and self.view.crowned is led
        who = 1 if crowned else (0 if lead_crowned else None)
        out = rules.decide_special_trick(led, card, self.decree, who, self.view.modules.poison)
        return out.winner == 1, out.next_leader == 1, out.treasure

    def _follow(self, best, other):
        C = Contrast
        ob, oo = self.settle(best), self.settle(other)
        if ob is None or oo is None:
            return None
        if best.card == other.card:             # the same card, with or without the Crown
            return self._crown(best, other, ob, oo)
        if ob[0] and not oo[0]:
            return self._winning(best, ob)
        if oo[0] and not ob[0]:
            return self._losing(ob)
        if ob[1] and not oo[1]:
            return C.of("swan_keeps_lead", monarch=None)
        return self._same_outcome(best, other, ob)

    def _same_outcome(self, best, other, ob):
        """Both suit cards (no Crown) settle the trick the same way: the lower one to win with,
        the higher one to shed while losing, or the lower one to lose with."""
        C = Contrast
        if "crown" in (best.kind, other.kind) or self._special(best.card, other.card):
            return None
        b, o = _acting(best.card, self.decree), _acting(other.card, self.decree)
        if ob[0] and b.rank < o.rank:
            return C.of("wins_lower", kept=other.card)
        if not ob[0] and b.rank > o.rank and b.suit == o.suit:
            return C.of("sheds_loser", card=best.card)
        if not ob[0] and b.rank < o.rank:
            return C.of("loses_lower", kept=other.card)
        return None

    def _crown(self, best, other, ob, oo):
        C = Contrast
        if best.kind == "crown":
            if ob[0] and not oo[0]:
                return C.of("crown_wins", points=ob[2])
            if ob[:2] == oo[:2]:
                return C.of("crown_draws")
            return None
        if ob[:2] == oo[:2]:
            return C.of("keeps_crown")
        return self._losing(ob) if oo[0] and not ob[0] else None

    def _winning(self, best, ob):
        C = Contrast
        if ob[2]:
            return C.of("wins_treasure", points=ob[2])
        after = self.won + 1
        if 7 <= after <= 9:
            return C.of("wins_victorious", tricks=after)
        return C.of("wins")

    def _losing(self, ob):
        C = Contrast
        if self.won >= 9:
            return C.of("out_of_greedy")
        if self.won == 3:
            return C.of("keeps_humble")
        if self.won < 3:
            return C.of("keeps_tricks_low", trick=self.won + 1)
        if ob[2]:
            return C.of("loses_treasure_trick")
        return C.of("loses")

    # -- leading: how often the card wins, over deals that fit the view
    def chance(self, action) -> float | None:
        """The chance that leading ``action`` wins the trick: for each deal, 1 when no legal
        reply of the opponent beats it, 0 when every one does, 1/2 when they may choose (or a
        reply's own text leaves it open). None when the led card's text leaves it open."""
        card, crowned = action.card, action.kind == "crown"
        acting = _acting(card, self.decree)
        if not crowned and (acting.special in ("Potion", "Shovel", "Tree") or (
                acting.special is None and acting.rank == rules.FOX)):
            return None
        worlds = self.worlds()
        score = 0.0
        for world in worlds:
            hand = world.hands[1 - self.me]
            replies = rules.legal_follows_special(hand, card, self.decree, crowned)
            beats = [self._beats(card, r, crowned) for r in replies]
            sure = [b for b in beats if b is not None]
            if beats and len(sure) == len(beats) and all(sure):
                continue
            score += 1.0 if beats and len(sure) == len(beats) and not any(sure) else 0.5
        return score / len(worlds) if worlds else None

    def _beats(self, card, reply, crowned):
        acting = _acting(reply, self.decree)
        if acting.special in UNSETTLED:
            return None
        out = rules.decide_special_trick(card, reply, self.decree, 0 if crowned else None,
                                         self.view.modules.poison)
        return out.winner == 1

    def _lead(self, best, other):
        C = Contrast
        pb, po = self.chance(best), self.chance(other)
        if pb is None or po is None or abs(pb - po) < 0.25:
            # The same card led with or without the Crown, and it wins (or loses) in the same
            # deals either way: the Crown only draws a card.
            if best.card == other.card and best.kind == "crown" and pb == po in (0.0, 1.0):
                return C.of("crown_draws")
            return None
        chances = dict(chance=round(100 * pb), other_chance=round(100 * po))
        if best.kind == "crown" and pb > po:
            return C.of("crown_likelier_wins", **chances)
        if pb > po:
            treasure = best.kind == "play" and best.card.special is None and \
                best.card.rank == rules.TREASURE
            return C.of("likelier_wins", **chances, treasure=treasure)
        if self.won >= 9:
            return C.of("likelier_loses_greedy", **chances)
        if self.won <= 3:
            return C.of("likelier_loses_humble", **chances)
        return C.of("likelier_loses", **chances)

    # -- the Hammer: the suit named, then the leader's new card
    def hammer(self, suit) -> tuple:
        """(chance the Hammer wins, chance the leader holds none of ``suit``) over the deals:
        the led card goes under the deck, the leader draws and must play ``suit`` if they can;
        1 when every card they may play loses to the Hammer, 1/2 when they may choose."""
        worlds = self.worlds()
        hammer = self.view.trick[-1]
        wins = none = 0.0
        for world in worlds:
            w = world.copy()
            w.act(Action("name_suit", suit))
            options = [a.card for a in w.legal_actions() if a.kind == "replace"]
            none += not any(_acting(c, w.decree).suit == suit for c in options)
            beaten = [rules.decide_special_trick(c, hammer, w.decree).winner == 1
                      for c in options]
            wins += 1.0 if beaten and all(beaten) else (0.5 if any(beaten) else 0.0)
        n = max(1, len(worlds))
        return wins / n, none / n

    def _name_suit(self, best, other):
        C = Contrast
        (pb, nb), (po, _) = self.hammer(best.card), self.hammer(other.card)
        return C.of("hammer_suit", suit=best.card, chance=round(100 * pb),
                    none=round(100 * nb), other_suit=other.card, other_chance=round(100 * po))

    def _replace(self, best, other):
        hammer = self.view.trick[-1]
        ob, oo = (self._against_hammer(a.card, hammer) for a in (best, other))
        if ob[0] and not oo[0]:
            return Contrast.of("beats_hammer", card=best.card, points=ob[2])
        if oo[0] and not ob[0]:
            return self._losing(ob)
        return None

    def _against_hammer(self, card, hammer):
        out = rules.decide_special_trick(card, hammer, self.decree)
        return out.winner == 0, out.next_leader == 0, out.treasure

    # -- the Fairy: a card taken from the opponent, a card given
    def strength(self, card) -> int:
        acting = _acting(card, self.decree)
        return (acting.rank or 0) + (11 if self.trump is not None and acting.suit == self.trump
                                     else 0)

    def _fairy_take(self, best, other):
        C = Contrast
        if best.card is None or self._special(best.card, other.card):
            return None         # a special card's worth is in its text, not its rank
        if other.card is None:
            return C.of("takes_card", card=best.card, trump=self._is_trump(best.card))
        if self.strength(best.card) == self.strength(other.card):
            return None
        if self.strength(best.card) > self.strength(other.card):
            return C.of("takes_stronger", card=best.card, kept=other.card)
        return C.of("takes_weaker", card=best.card, kept=other.card)

    def _is_trump(self, card) -> bool:
        return self.trump is not None and _acting(card, self.decree).suit == self.trump

    def _special(self, *cards) -> bool:
        return any(c is not None and _acting(c, self.decree).special for c in cards)

    def _fairy_give(self, best, other):
        if self._special(best.card, other.card) or \
                self.strength(best.card) == self.strength(other.card):
            return None
        if self.strength(best.card) > self.strength(other.card):
            return Contrast.of("gives_stronger", card=best.card, kept=other.card)
        return Contrast.of("gives_weaker", card=best.card, kept=other.card)

    # -- the Shovel: dig in the last trick won, or stay and lose
    def pile(self) -> list:
        """The last trick the player won, as it is now (public: its cards were seen)."""
        if self._worlds:
            world = self._worlds[0]
        else:       # one deal is enough: the piles are the same in every deal
            v = self.view
            try:
                world = sample_round(v, random.Random(f"review-pile|{self.seed}|{v.history}"))
            except ValueError:
                return []
        return list(world.piles[self.me][-1]) if world.piles[self.me] else []

    def _dig(self, best, other):
        C = Contrast
        pile = self.pile()
        if len(self.view.trick) < 2 or not pile:
            return C.of("digs_lead", cards=len(pile)) if best.card is not None else \
                C.of("stays")
        led = self.view.trick[0]
        wins = sum(bool((s := self.settle(Action("play", c), led))) and s[0] for c in pile)
        if best.card is not None:
            return C.of("digs", winners=wins, cards=len(pile))
        return C.of("stays_loses", winners=wins, cards=len(pile))

    # -- the Potion: a card under the deck, then one of the cards drawn
    def _potion_discard(self, best, other):
        return self._bury(best.card, other.card)

    def _discard(self, best, other):
        return self._bury(best.card, other.card)

    def _bury(self, card, kept):
        C = Contrast
        if self._special(card, kept):
            return None         # a special card's worth is in its text, not its rank
        if self.strength(card) > self.strength(kept):
            if self.won <= 3:
                return C.of("buries_strong_humble", card=card, kept=kept)
            return C.of("buries_strong", card=card, kept=kept)
        if self.strength(card) < self.strength(kept):
            return C.of("buries_weak", card=card, kept=kept)
        return None

    def _potion_play(self, best, other):
        if len(self.view.trick) == 1 and self.view.trick[0] not in self.view.hand:
            return self._follow(best, other)
        return None

    # -- the Fox's exchange
    def _exchange(self, best, other):
        C = Contrast
        (sb, nb), (so, no) = self._trump_count(best.card), self._trump_count(other.card)
        if sb is None or so is None:
            return None
        if sb != so:
            return C.of("trump_suit", keeps=best.card is None, suit=sb, count=nb,
                        other_keeps=other.card is None, other_suit=so, other_count=no)
        if best.card is None:
            return C.of("keeps_card", card=other.card, decree=self.decree)
        if other.card is None:
            return C.of("swaps_decree", card=best.card, decree=self.decree)
        return C.of("gives_away", card=best.card, kept=other.card)

    def _trump_count(self, card) -> tuple:
        """(trump suit, cards of it in hand) after the exchange keeps the decree (None) or
        swaps ``card`` for it; the suit is None when the decree card would be a special card."""
        v = self.view
        decree = v.decree if card is None else card
        if decree.special is not None:
            return None, 0
        hand = list(v.hand) if card is None else [c for c in v.hand if c != card] + [v.decree]
        return decree.suit, sum(_acting(c, decree).suit == decree.suit for c in hand)


# ----------------------------------------------------------------------------- all cards known

def exact_values(replay, view: PlayerView, nodes: int, seconds) -> tuple:
    """({action: exact expected value}, nodes searched, complete) for the real position,
    every card known and the random picks to come averaged (``deluxe_solver``)."""
    analysis = solve_deluxe(replay, node_limit=nodes, time_limit=seconds)
    if not analysis.complete:
        return {}, analysis.nodes, False
    return {av.action: av.value for av in analysis.actions}, analysis.nodes, True


__all__ = ["SpecialFacts", "exact_values"]
