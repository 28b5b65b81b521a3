"""What a player can work out about the cards it cannot see, from its own ``PlayerView`` only.

The hidden cards are the opponent's hand, the deck under the decree, and (in positions set up
part-way through a round) cards that left play before the position began. Play reveals a lot:

- a player who does not follow suit holds no card of that suit *at that moment*;
- the reply to a led Monarch is the Swan of that suit or the highest card of it, so a reply of
  rank r (not the Swan) says the replier held nothing of that suit above r;
- a Fox exchange puts the old decree card into the exchanger's hand, face up;
- a Woodcutter moves one unseen card from the top of the deck into a hand and one card of that
  hand, face down, to the bottom of the deck. Our own discards stay known, at known places.

Those facts are about moments, not about the whole round: a player who showed a void in Moons
and then drew a card with the Woodcutter may hold a Moon again. So the opponent's hand is kept
as *slots*, each with the set of cards it may hold (a bit mask over ``Card.index``): a slot that
was in the hand when a void showed loses that suit; a slot drawn later does not. Slots move
between the hand and the deck exactly as the cards did. Where the view cannot tell which slot a
card came from (which card an opponent discarded face down, say) every possibility is kept as a
separate *branch*, so deals sampled from ``Inference.sample`` are always possible ones and every
possible deal can be sampled.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core.cards import DECK, Card, Suit
from ..engine.round import PlayerView
from ..core.rules import MONARCH, SWAN

FULL = (1 << len(DECK)) - 1


def bit(card: Card) -> int:
    return 1 << card.index


def suit_mask(suit: Suit) -> int:
    return ((1 << 11) - 1) << (11 * suit)


def above_mask(suit: Suit, rank: int) -> int:
    """The cards of ``suit`` ranked above ``rank``."""
    return ((1 << (11 - rank)) - 1) << (11 * suit + rank)


def cards_of(mask: int) -> list[Card]:
    return [c for c in DECK if mask >> c.index & 1]


@dataclass
class Branch:
    """One way the unseen cards may have moved: slot masks of the opponent's hand and the deck."""

    hand: list            # masks, one per card in the opponent's hand
    deck: list            # masks, top of the deck first
    weight: float = 1.0

    def key(self):
        return tuple(sorted(self.hand)), tuple(self.deck)


@dataclass(frozen=True)
class Fact:
    """Something the player learned about the opponent's hand, in plain words."""

    trick: int
    text: str


@dataclass
class Inference:
    """Everything ``view.player`` can deduce about the hidden cards; sample deals from it."""

    view: PlayerView
    hidden: tuple = ()                    # cards whose place this player cannot see
    branches: list = field(default_factory=list)
    facts: list = field(default_factory=list)
    consistent: bool = True               # False only if the view contradicts itself

    def __post_init__(self):
        view = self.view
        seen = set(view.hand) | {view.decree} | set(view.trick)
        for t in view.tricks:
            seen.update(t.cards)
        self.hidden = tuple(c for c in DECK if c not in seen)
        self._hidden_mask = sum(bit(c) for c in self.hidden)
        self.branches = self._replay()
        self.branches = [b for b in self.branches if self._feasible(b)]
        if not self.branches:
            # Cannot happen in a real game; keep the player working with the bare counts.
            self.consistent = False
            self.branches = [Branch([FULL] * view.opponent_hand_size, [FULL] * view.deck_size)]

    # ----------------------------------------------------------------- replaying the history
    def _replay(self) -> list[Branch]:
        view, me = self.view, self.view.player
        follows = {t.cards[1]: t.cards[0] for t in view.tricks}
        if len(view.trick) == 2:
            follows[view.trick[1]] = view.trick[0]
        counts = {"play": 0, "draw": 0, "discard": 0}
        deck_change = 0
        for rec in view.history:
            if rec.kind in counts and rec.player != me:
                counts[rec.kind] += 1
            if rec.kind == "draw":
                deck_change += 1
            elif rec.kind == "discard":
                deck_change -= 1
        hand0 = view.opponent_hand_size + counts["play"] - counts["draw"] + counts["discard"]
        deck0 = view.deck_size + deck_change
        branches = [Branch([FULL] * hand0, [FULL] * deck0)]
        trick = 1
        for rec in view.history:
            if rec.kind == "trick":
                trick = rec.number + 1
            elif rec.player == me:
                if rec.kind == "draw":
                    branches = [b for b in branches if self._reveal_top(b, rec.card)]
                elif rec.kind == "discard":
                    for b in branches:
                        b.deck.append(bit(rec.card))
            elif rec.kind == "play":
                branches = self._remove(branches, rec.card)
                led = follows.get(rec.card)
                if led is not None:
                    branches = self._follow(branches, led, rec.card, trick)
            elif rec.kind == "exchange" and rec.taken is not None:
                branches = self._remove(branches, rec.taken)
                for b in branches:
                    b.hand.append(bit(rec.old_decree))
                self.facts.append(Fact(trick, f"Your opponent took the {rec.old_decree.name()} "
                                              "into their hand with the Fox."))
            elif rec.kind == "draw":
                for b in branches:
                    b.hand.append(b.deck.pop(0) if b.deck else FULL)
                self.facts.append(Fact(trick, "Your opponent drew the top card of the deck "
                                              "with the Woodcutter, unseen."))
            elif rec.kind == "discard":
                branches = self._opponent_discard(branches)
        return branches

    @staticmethod
    def _merge(branches) -> list[Branch]:
        out: dict = {}
        for b in branches:
            k = b.key()
            if k in out:
                out[k].weight += b.weight
            else:
                out[k] = b
        return list(out.values())

    @staticmethod
    def _remove(branches, card: Card) -> list[Branch]:
        """The opponent showed ``card``: it left one of their slots that allowed it.

        Emptying the most constrained slot that allows the card keeps every possibility open
        (a looser slot left behind can hold anything the tighter one could); when two such
        slots are not comparable, both choices are kept as branches.
        """
        b_card, out = bit(card), []
        for b in branches:
            options = {m for m in b.hand if m & b_card}
            minimal = [m for m in options if not any(o != m and o & m == o for o in options)]
            for m in sorted(minimal):
                hand = list(b.hand)
                hand.remove(m)
                out.append(Branch(hand, list(b.deck), b.weight / len(minimal)))
        return Inference._merge(out)

    def _follow(self, branches, led: Card, card: Card, trick: int) -> list[Branch]:
        """Apply what following ``led`` with ``card`` says about the hand at that moment."""
        suit = led.suit
        if card.suit != suit:
            excluded = suit_mask(suit)
            self.facts.append(Fact(trick, f"On trick {trick} your opponent did not follow "
                                          f"{_suit_name(suit)}, so they held none then."))
        elif led.rank == MONARCH and card.rank not in (SWAN, MONARCH):
            excluded = above_mask(suit, card.rank)
            self.facts.append(Fact(trick, f"On trick {trick} your opponent answered the Monarch "
                                          f"with the {card.name()}, so that was their highest "
                                          f"{_suit_name(suit, False)} then."))
        else:
            return branches
        out = []
        for b in branches:
            hand = [m & ~excluded for m in b.hand]
            if all(hand):
                out.append(Branch(hand, b.deck, b.weight))
        return self._merge(out)

    @staticmethod
    def _reveal_top(branch: Branch, card: Card) -> bool:
        """This player drew ``card`` from the top of the deck: that slot held it."""
        if not branch.deck or not branch.deck[0] & bit(card):
            return False
        branch.deck.pop(0)
        return True

    @staticmethod
    def _opponent_discard(branches) -> list[Branch]:
        """A face-down discard: any of the opponent's slots may have gone under the deck."""
        out = []
        for b in branches:
            n = len(b.hand)
            for m in sorted(set(b.hand)):
                hand = list(b.hand)
                hand.remove(m)
                out.append(Branch(hand, b.deck + [m], b.weight * b.hand.count(m) / n))
        return Inference._merge(out)

    # ----------------------------------------------------------------- feasibility and samples
    def _slots(self, branch: Branch) -> list[int]:
        """Hand slots, then deck slots, then 'left play earlier' slots, masked to hidden cards."""
        hm = self._hidden_mask
        slots = [m & hm for m in branch.hand] + [m & hm for m in branch.deck]
        slots += [hm] * (len(self.hidden) - len(slots))
        return slots

    def _feasible(self, branch: Branch, fixed: tuple = ()) -> bool:
        slots = self._slots(branch)
        if len(slots) != len(self.hidden):
            return False
        for i, card in fixed:
            if not slots[i] & bit(card):
                return False
        taken = {i for i, _ in fixed}
        used = sum(bit(c) for _, c in fixed)
        rest = [(i, m & ~used) for i, m in enumerate(slots) if i not in taken]
        return perfect_matching([m for _, m in rest]) is not None

    def sample(self, rng: random.Random):
        """A random (opponent hand, deck top-first) consistent with everything seen."""
        weights = [b.weight for b in self.branches]
        branch = rng.choices(self.branches, weights)[0] if len(self.branches) > 1 else self.branches[0]
        slots = self._slots(branch)
        assignment = _random_match(slots, rng)
        cards = [DECK[i] for i in assignment]
        h, d = len(branch.hand), len(branch.deck)
        return cards[:h], cards[h:h + d]

    def could_hold(self, card: Card) -> bool:
        """Whether the opponent may hold ``card`` now, given everything this player saw."""
        if card not in self.hidden:
            return False
        b_card = bit(card)
        for branch in self.branches:
            slots = self._slots(branch)
            tried = set()
            for i in range(len(branch.hand)):
                if slots[i] & b_card and slots[i] not in tried:
                    tried.add(slots[i])   # slots with the same mask are interchangeable
                    if self._feasible(branch, ((i, card),)):
                        return True
        return False

    def surely_holds(self, card: Card) -> bool:
        """Whether the opponent certainly holds ``card`` (e.g. an old decree taken with the Fox)."""
        if card not in self.hidden:
            return False
        b_card = bit(card)
        return all(b_card in b.hand for b in self.branches)

    def void_suits(self) -> list[Suit]:
        """Suits the opponent certainly holds no card of now."""
        return [s for s in Suit
                if not any(self.could_hold(c) for c in self.hidden if c.suit == s)]

    def possible_cards(self) -> list[Card]:
        return [c for c in self.hidden if self.could_hold(c)]

    def summary(self) -> str:
        """The deductions in plain words, for hints."""
        lines = [f.text for f in self.facts]
        voids = self.void_suits()
        if voids:
            lines.append("So your opponent now holds no " +
                         " and no ".join(_suit_name(s) for s in voids) + ".")
        return " ".join(lines) if lines else "Nothing is known about your opponent's hand yet."


def _suit_name(suit: Suit, plural: bool = True) -> str:
    names = ("Bells", "Keys", "Moons") if plural else ("Bell", "Key", "Moon")
    return names[suit]


def perfect_matching(slots: list[int]):
    """A perfect matching of slots to distinct cards (indices), or None (Kuhn's algorithm)."""
    owner: dict = {}

    def augment(i, visited):
        m = slots[i]
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if c in visited:
                continue
            visited.add(c)
            if c not in owner or augment(owner[c], visited):
                owner[c] = i
                return True
        return False

    for i in range(len(slots)):
        if not augment(i, set()):
            return None
    result = [0] * len(slots)
    for c, i in owner.items():
        result[i] = c
    return result


def _random_match(slots: list[int], rng: random.Random) -> list[int]:
    """A random perfect matching. Filling the tightest slots first with uniform picks is exactly
    uniform when the slot sets are nested (the usual case); otherwise retries, then falls back
    to a matching found from a shuffled order."""
    order = sorted(range(len(slots)), key=lambda i: (bin(slots[i]).count("1"), rng.random()))
    for _ in range(20):
        used, result = 0, [0] * len(slots)
        for i in order:
            free = slots[i] & ~used
            if not free:
                break
            options = [c for c in range(len(DECK)) if free >> c & 1]
            c = rng.choice(options)
            used |= 1 << c
            result[i] = c
        else:
            return result
    perm = list(range(len(slots)))
    rng.shuffle(perm)
    found = perfect_matching([slots[i] for i in perm])
    if found is None:
        raise ValueError("No deal of the unseen cards fits what this player saw.")
    result = [0] * len(slots)
    for k, i in enumerate(perm):
        result[i] = found[k]
    return result
