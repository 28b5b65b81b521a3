"""Determinization: a whole ``Round`` that fits what one player can see.

A computer player sees a ``PlayerView``, not the round: the opponent's hand, the deck's order
and the cards picked face down are hidden. ``sample_round(view, rng)`` deals the hidden cards at
random in a way that fits everything the view shows and returns a full ``Round`` at the same
moment, which the exact engine can then play on (``Round.copy``, ``Round.act``). It is made for
rounds with the Deluxe special cards (it works for the base game and the other modules too).

What the sample respects:

- the cards the player sees (hand, decree card, trick, won tricks as the Shovel left them, and
  the last trick each player won before the round's start when the start gave it,
  ``PlayerView.last_won``: a Shovel digs there);
- the sizes of the opponent's hand and of the deck;
- where known cards are: cards the opponent took with a Fox, with a Fairy or was given by the
  Fairy's player; cards the player put under the deck itself, and public cards sent under it (the
  Potion, the Hammer's led card and its Crown), at their places in the deck, and who drew them;
  the cards the player's own Fairy saw in the opponent's hand;
- voids: an opponent who answered a suit card with a card of another suit (by choice: not after
  a Tree, a Shovel or a Potion) held no card of that suit then;
- the trick's special state: the crowned card, the suit a Hammer named, the Shovel that did not
  dig, the Axe after a Woodcutter, the Fairy's or Potion's cards being chosen from (the player's
  own offer as the view shows it; the opponent's picked at random from what they could be), the
  phase and who is to play.

The round's random source for future chance (Tree, Fairy, Shovel) is fresh, drawn from ``rng``:
the real one is hidden information too. The sampled round cannot be undone past its start and
does not replay from its ``start`` (its records are the view's, hidden cards left as None).
"""
from __future__ import annotations

import random

from ..core import rules
from ..core.cards import DECK, SPECIAL_DECK, Card, special_card
from .inference import perfect_matching
from ..engine.round import (DIG, DISCARD, FAIRY_TAKE, OVER, PLAY, POTION_DISCARD, POTION_PLAY,
                    Position, PlayerView, Round)

__all__ = ["sample_round", "cards_in_play"]


def cards_in_play(modules) -> tuple:
    """The 33 suit cards and the special cards of ``modules``."""
    return DECK + tuple(special_card(n) for n in modules.special)


def _bit(card: Card) -> int:
    return 1 << card.index


def _suit_bits(suit, decree: Card) -> int:
    """The cards that count as ``suit`` in a hand: its 11 cards, and the Mirror when the decree
    card is of that suit."""
    mask = ((1 << 11) - 1) << (11 * suit)
    if decree.suit == suit:
        mask |= _bit(special_card("Mirror"))
    return mask


class _Slot:
    """One hidden card's place: the set of cards it may hold (a bit mask over ``Card.index``)."""

    __slots__ = ("mask",)

    def __init__(self, mask: int):
        self.mask = mask


def _popcount(x: int) -> int:
    return bin(x).count("1")


def _take(slots: list, card: Card, rng: random.Random, among=None, strict=False) -> _Slot:
    """Remove from ``slots`` the slot that held ``card`` (a slot known to hold it, else the
    tightest that may hold it: a looser one left behind can hold anything the tighter could).
    ``strict``: no slot may hold it is a contradiction (the caller tries another deal)."""
    b = _bit(card)
    pool = [s for s in (slots if among is None else among) if s in slots and s.mask & b]
    if not pool:
        pool = [s for s in slots if s.mask & b]
        if not pool and strict:
            raise _Inconsistent(f"no place for the {card}")
        pool = pool or list(slots)
    if not pool:
        raise _Inconsistent(f"no place for the {card}")
    least = min(_popcount(s.mask) for s in pool)
    tight = [s for s in pool if _popcount(s.mask) == least]
    slot = tight[0] if len(tight) == 1 else rng.choice(tight)
    slots.remove(slot)
    return slot


class _Inconsistent(Exception):
    pass


def _counts(view: PlayerView):
    """How the opponent's hand and the deck changed in size over the view's records."""
    me = view.player
    hand = deck = 0
    for rec in view.history:
        kind, mine = rec.kind, getattr(rec, "player", None) == me
        if kind == "play" and not mine:
            hand -= {"dig": 0, "crown": 2}.get(rec.how, 1)
        elif kind == "draw":
            deck -= 1
            hand += not mine
        elif kind == "discard":
            deck += 1
            hand -= not mine and not rec.public
        elif kind == "hammer":
            deck += len(rec.sent)
        elif kind == "fairy" and rec.taken is not None:
            hand += -1 if mine else 1
        elif kind == "gift":
            hand += 1 if mine else -1
    return hand, deck


def _shown_later(view: PlayerView) -> list:
    """For each record, the cards (a bit mask) seen in or coming out of the opponent's hand
    after it: played, given, swapped for the decree, taken or seen by the player's Fairy,
    seen by the Fairy being played now."""
    me = view.player
    seen = sum(_bit(c) for c in view.offer) if view.phase == FAIRY_TAKE and \
        view.to_play == me else 0
    out = [0] * len(view.history)
    for i in range(len(view.history) - 1, -1, -1):
        out[i] = seen
        rec = view.history[i]
        who = getattr(rec, "player", None)
        if rec.kind == "play" and who != me and rec.how != "dig":
            seen |= _bit(rec.card)
        elif rec.kind == "gift" and who != me:
            seen |= _bit(rec.card)
        elif rec.kind == "exchange" and who != me and rec.taken is not None:
            seen |= _bit(rec.taken)
        elif rec.kind == "fairy" and who == me:
            for c in rec.shown or ():
                seen |= _bit(c)
    return out


def _replay(view: PlayerView, rng: random.Random, voids: bool):
    """Follow the hidden cards' places through the view's records: the opponent's hand slots,
    the deck's slots (top first), the slots the opponent drew last, and the won piles."""
    me, opp = view.player, 1 - view.player
    dh, dd = _counts(view)
    everything = cards_in_play(view.modules)
    full = sum(_bit(c) for c in everything)
    hand = [_Slot(full) for _ in range(view.opponent_hand_size - dh)]
    deck = [_Slot(full) for _ in range(view.deck_size - dd)]
    if len(hand) < 0 or len(deck) < 0:
        raise _Inconsistent("the view's sizes do not add up")
    # Each player's won tricks, card by card: a trick won before the round's start only when
    # the start gave it (``last_won``: no trick number), then the view's tricks.
    piles = [[list(pile)] if pile is not None else [] for pile in view.last_won]
    pile_tricks = [[None] if pile is not None else [] for pile in view.last_won]
    # The decree card at the start of the records: the first exchange's old decree card.
    decree = next((r.old_decree for r in view.history
                   if r.kind == "exchange" and r.taken is not None), view.decree)
    later = _shown_later(view)
    trick: list = []          # the current trick's cards, as the records build it
    drawn: list = []          # the slots the opponent drew in the current trick
    last = None               # the card played last (a Shovel digging)
    for i, rec in enumerate(view.history):
        kind = rec.kind
        who = getattr(rec, "player", None)
        if kind == "trick":
            piles[rec.winner].append(list(rec.cards) + list(rec.extra))
            pile_tricks[rec.winner].append(rec.number)
            trick, drawn = [], []
        elif kind == "play":
            last = rec.card
            led = trick[0] if trick and not rec.leads else None
            if rec.leads and trick:
                trick.insert(0, rec.card)
            else:
                trick.append(rec.card)
            if who == me or rec.how == "dig":
                continue
            if rec.how == "potion":
                _take(hand, rec.card, rng, among=drawn[-2:])
                continue
            _take(hand, rec.card, rng)
            if rec.how == "crown":
                _take(hand, special_card("Crown"), rng)
            if voids and led is not None and rec.how in ("", "crown"):
                lead = rules.acting_card(led, decree)
                played = rules.acting_card(rec.card, decree)
                if lead.suit is not None and played.suit is not None and \
                        played.suit != lead.suit:
                    out = _suit_bits(lead.suit, decree)
                    for s in hand:
                        s.mask &= ~out
        elif kind == "draw":
            if not deck:
                raise _Inconsistent("a draw from an empty deck")
            slot = deck.pop(0)
            if who == opp:
                hand.append(slot)
                drawn.append(slot)
        elif kind == "discard":
            if who == me or rec.public:
                deck.append(_Slot(_bit(rec.card)))
                if rec.public and rec.card in trick:
                    trick.remove(rec.card)
            elif hand:
                # Any card of theirs may have gone, but not one seen in their hand later.
                free = [s for s in hand if not (s.mask & (s.mask - 1) == 0 and
                                                s.mask & later[i])] or hand
                slot = rng.choice(free)
                hand.remove(slot)
                deck.append(slot)
            else:
                deck.append(_Slot(full))
        elif kind == "hammer":
            for c in rec.sent:
                deck.append(_Slot(_bit(c)))
            if trick:
                trick.pop(0)
        elif kind == "exchange":
            if rec.taken is not None:
                if who == opp:
                    _take(hand, rec.taken, rng)
                    hand.append(_Slot(_bit(rec.old_decree)))
                decree = rec.taken
        elif kind == "fairy":
            if who == me:
                for c in rec.shown or ():
                    if c is not rec.taken:     # still in their hand: a slot holds it
                        _take(hand, c, rng)
                        hand.append(_Slot(_bit(c)))
                if rec.taken is not None:
                    _take(hand, rec.taken, rng)
            elif rec.taken is not None:
                hand.append(_Slot(_bit(rec.taken)))
        elif kind == "gift":
            if who == me:
                hand.append(_Slot(_bit(rec.card)))
            else:
                _take(hand, rec.card, rng)
        elif kind == "dig" and rec.card is not None:
            # The Shovel (the card played last) takes the dug card's place in the won trick.
            pile = piles[who][pile_tricks[who].index(rec.source)]
            pile[pile.index(rec.card)] = last
            if last in trick:
                trick.remove(last)
    return hand, deck, drawn, piles, pile_tricks


def _random_match(slots: list, rng: random.Random):
    """Distinct cards (indices) for the slots, each within its mask, picked at random; None if
    there is no way."""
    order = sorted(range(len(slots)), key=lambda i: (_popcount(slots[i]), rng.random()))
    for _ in range(30):
        used, out = 0, [0] * len(slots)
        for i in order:
            free = slots[i] & ~used
            if not free:
                break
            options = [c for c in range(free.bit_length()) if free >> c & 1]
            c = rng.choice(options)
            used |= 1 << c
            out[i] = c
        else:
            return out
        rng.shuffle(order)
        order.sort(key=lambda i: _popcount(slots[i]))
    return perfect_matching(slots)


def _deal(view: PlayerView, rng: random.Random, voids: bool):
    hand, deck, drawn, piles, pile_tricks = _replay(view, rng, voids)
    if view.phase == FAIRY_TAKE and view.to_play == view.player:
        for c in view.offer:          # the Fairy sees these in the opponent's hand now
            # Strict: a face-down discard picked earlier may have kept in their hand a card
            # seen before, leaving no place for the cards seen now; another try picks again.
            _take(hand, c, rng, strict=True)
            hand.append(_Slot(_bit(c)))
    everything = cards_in_play(view.modules)
    placed = set(view.hand) | {view.decree} | set(view.trick)
    if view.crowned is not None:      # the Crown waits beside the trick until it ends
        placed.add(special_card("Crown"))
    for pile in piles[0] + piles[1]:
        placed.update(pile)
    pool = [c for c in everything if c not in placed]
    pool_mask = sum(_bit(c) for c in pool)
    slots = hand + deck
    extra = len(pool) - len(slots)     # cards out of play before the position began
    if extra < 0:
        raise _Inconsistent("more hidden places than hidden cards")
    masks = [s.mask & pool_mask for s in slots] + [pool_mask] * extra
    found = _random_match(masks, rng)
    if found is None:
        raise _Inconsistent("no deal fits")
    by_index = {c.index: c for c in everything}
    cards = [by_index[i] for i in found]
    where = dict(zip(map(id, slots), cards))
    return ([where[id(s)] for s in hand], [where[id(s)] for s in deck],
            [where[id(s)] for s in drawn if id(s) in where], piles, pile_tricks)


def sample_round(view: PlayerView, rng: random.Random | None = None) -> Round:
    """A full ``Round`` at the moment of ``view``, with the hidden cards dealt at random in a
    way that fits everything the view shows (see the module's docstring), and a fresh random
    source for the chance still to come. Its ``view(view.player)`` equals ``view``."""
    rng = rng if rng is not None else random.Random()
    if view.phase == OVER:
        raise ValueError("The round is over: there is nothing hidden left to sample.")
    last = None
    # A try can fail where the random picks of face-down discards left no place for a card
    # seen later: try again, then without the voids (a void proves less after a draw).
    for voids in (True,) * 12 + (False,) * 4:
        try:
            opp_hand, deck, drawn, piles, pile_tricks = _deal(view, rng, voids)
            break
        except _Inconsistent as exc:
            last = exc
    else:
        raise ValueError(f"No deal of the hidden cards fits this view ({last}).")
    return _build(view, rng, opp_hand, deck, drawn, piles, pile_tricks)


def _current_records(view: PlayerView) -> list:
    out = []
    for rec in view.history:
        if rec.kind == "trick":
            out = []
        else:
            out.append(rec)
    return out


def _build(view, rng, opp_hand, deck, drawn, piles, pile_tricks) -> Round:
    me, opp = view.player, 1 - view.player
    hands = [None, None]
    hands[me], hands[opp] = list(view.hand), list(opp_hand)
    before = list(view.tricks_won)
    for t in view.tricks:
        before[t.winner] -= 1
    goals = tuple(g.id for g in view.goals)
    # A round that ends at once (empty hands, no goals revealed to claim): its constructor
    # sets up every field, which are then given the sampled state.
    empty = Position(view.decree, ((), ()), view.leader, [], [], tuple(before), (0, 0), (0, 0),
                     None, view.modules, ())
    rnd = Round(empty)
    rnd.goals = tuple(view.goals)
    rnd.start = Position(view.decree, (tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
                         view.leader, list(deck), list(view.trick), tuple(before),
                         tuple(view.score), tuple(view.round_gain), None, view.modules, goals,
                         last_won=tuple(view.last_won),
                         crowned=view.crowned is not None and bool(view.trick) and
                         view.crowned is view.trick[0])
    rnd.hands = hands
    rnd.deck = list(deck)
    rnd.decree = view.decree
    rnd.leader = view.leader
    rnd.trick = list(view.trick)
    rnd.tricks_won = list(view.tricks_won)
    rnd.score = list(view.score)
    rnd.round_gain = list(view.round_gain)
    rnd.history = list(view.history)
    rnd.tricks = list(view.tricks)
    rnd.round_end = None
    rnd.actions, rnd._undo = [], []
    rnd.phase, rnd.to_play = view.phase, view.to_play
    rnd.piles = [[list(t) for t in pile] for pile in piles]
    rnd.pile_tricks = [list(t) for t in pile_tricks]
    rnd.won = [[c for t in pile for c in t] for pile in piles]
    rnd.rng = random.Random(rng.randrange(2 ** 32))
    rnd.chance, rnd._given = [], []
    rnd.sp = _special_state(view, rng, hands, drawn) if rnd._special else {}
    return rnd


def _special_state(view: PlayerView, rng: random.Random, hands, drawn) -> dict:
    """The trick's special state (``Round.sp``) from what the view shows."""
    sp: dict = {}
    if view.crowned is not None:
        sp["crowned"] = view.crowned
    if view.named is not None:
        sp["named"] = view.named
    current = _current_records(view)
    plays = [r for r in current if r.kind == "play"]
    phase, who = view.phase, view.to_play
    if phase in (DIG, POTION_DISCARD, POTION_PLAY, FAIRY_TAKE):
        sp["owner"] = who
    if phase in (POTION_DISCARD, POTION_PLAY):
        potion = next(r for r in reversed(current)
                      if r.kind == "discard" and r.public and r.why == "potion")
        sp["potion"] = potion.card
        sp["leads"] = next(r for r in reversed(plays) if r.card is potion.card).leads
    if phase == DIG:
        sp["leads"] = plays[-1].leads
    if phase == POTION_PLAY:
        if who == view.player:
            sp["offer"] = tuple(view.offer)
        else:
            got = tuple(drawn[-2:]) if len(drawn) >= 2 and any(
                r.kind == "discard" and r.player == who and not r.public for r in current) \
                else tuple(drawn[-1:])
            sp["offer"] = tuple(c for c in got if c is not sp["potion"]) or got
    if phase == FAIRY_TAKE:
        if who == view.player:
            sp["offer"] = tuple(view.offer)
        else:
            mine = sorted(hands[view.player])
            sp["offer"] = tuple(rng.sample(mine, min(2, len(mine))))
    return sp
