"""Move generation of the exact search: the leads and replies worth searching.

A lead or a reply is a card together with its Fox or Woodcutter decision, as an int
``card | (decision + 1) << 6`` (``foxlib.fast.base``). Equivalent moves are listed once: two
plain cards of one suit with no card in play between them have the same value, and so do two
exchanges or discards of such cards under the conditions ``docs/solver.md`` proves
("Equivalent cards: why it is safe"). ``root_classes`` applies the same rules to the root's
``Move`` objects.

The plain nodes and the lean replies (no decision) do not build lists: they loop over bits
in their own order (``foxlib.search.plain``, ``foxlib.search.lead``).
"""
from __future__ import annotations

from ..fast import base as fast
from . import masks
from .masks import NINE_OF_SUIT, PLAIN_CARDS, deck_info, with_witches


def make_moves(search):
    """The move generators of ``search`` (its plain cards: with Poison 8s the 8s are not).
    Returns ``(lead_options, reply_options, woods, deck_top)``."""
    PLAIN = search.plain_cards
    RANK, BIT = fast.RANK, fast.BIT
    FOXES, WOODS, WITCHES, NINE = fast.FOXES, fast.WOODCUTTERS, fast.WITCHES, NINE_OF_SUIT
    BELOW = masks.BELOW

    def woods(hm, ho, decree, deck, live):
        """The Woodcutters left in the hands, the deck and the decree. ``live`` holds the
        top min(w, len(deck)) cards of the deck, so w is its size unless it is the whole
        deck."""
        n = live.bit_count()
        if n < len(deck):
            return n
        return ((hm | ho | BIT[decree] | live) & WOODS).bit_count()

    def deck_top(deck, w):
        """``masks.deck_info`` for a deck and a known number ``w`` of Woodcutters left."""
        key = live = 0
        if w > 0:
            for c in deck[:w]:
                key = key * 34 + c + 1
                live |= BIT[c]
        return key, live

    def lead_options(hm, ho, decree, deck, live, fox_live, wl):
        """The leads of ``hm`` (each card with its Fox or Woodcutter decision), equivalent
        ones searched once. ``wl``: the Woodcutters left."""
        inplay = hm | ho | live | (BIT[decree] if fox_live else 0)
        if inplay & WITCHES:
            # A lone Witch counts as a trump 9: it sits between the trump 8 and 10.
            inplay |= WITCHES if fox_live else NINE[decree]
        # The opponent can never receive a card (no Fox to take the decree, no Woodcutter
        # to draw): then equivalent exchanges and discards are merged (docs/solver.md).
        sealed = not (ho & FOXES or deck and ho & WOODS)
        moves = []
        prev = -1
        m = hm
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            rk = RANK[c]
            if rk == 3:
                moves.append(c)
                rest = hm ^ low
                add_choices(moves, c, rest, inplay | BIT[decree],
                            sealed or not ((rest | ho | live | BIT[decree]) & FOXES))
            elif rk == 5 and deck:
                add_choices(moves, c, hm ^ low | BIT[deck[0]], inplay | BIT[deck[0]],
                            sealed or wl - 1 < len(deck))
            else:
                if PLAIN[c] or (rk == 5):
                    below = inplay & BELOW[c]
                    if below and below.bit_length() - 1 == prev:
                        prev = c
                        continue      # the same as the card just below it
                    prev = c
                moves.append(c)
        return moves

    def reply_options(c, legal, h1, ho, d2, deck2, live2):
        """The follower's replies to ``c`` from ``legal`` (the follower holds ``ho``, the
        leader ``h1`` after the lead), equivalent ones searched once."""
        fl2 = (h1 | ho | live2) & FOXES
        inplay2 = h1 | ho | live2 | BIT[c] | (BIT[d2] if fl2 else 0)
        if inplay2 & WITCHES:
            inplay2 |= WITCHES if fl2 else NINE[d2]
        sealed = not (h1 & FOXES or deck2 and h1 & WOODS)
        replies = []
        prev = -1
        mm = legal
        while mm:
            low = mm & -mm
            mm ^= low
            f = low.bit_length() - 1
            rk = RANK[f]
            if rk == 3 and ho ^ low:
                replies.append(f)
                rest = ho ^ low
                add_choices(replies, f, rest, inplay2 | BIT[d2],
                            sealed or not ((rest | h1 | live2 | BIT[d2]) & FOXES))
            elif rk == 5 and deck2:
                add_choices(replies, f, ho ^ low | BIT[deck2[0]], inplay2 | BIT[deck2[0]],
                            sealed or woods(h1, ho, d2, deck2, live2) - 1 < len(deck2))
            else:
                if PLAIN[f] or rk == 5:
                    below = inplay2 & BELOW[f]
                    if below and below.bit_length() - 1 == prev:
                        prev = f
                        continue
                    prev = f
                replies.append(f)
        return replies

    def add_choices(moves, card, rest, inplay, merge):
        """Append a Fox's exchanges (keeping the decree was appended by the caller) or a
        Woodcutter's discards of the cards in ``rest``. Two choices are the same when the
        two cards are equivalent plain cards and ``merge`` holds: for a Fox, no Fox can ever
        move the decree again; for a Woodcutter, the discarded card can never be drawn again
        (fewer Woodcutters left than deck cards); for either, the opponent can never receive
        a card (``sealed``), see docs/solver.md."""
        if inplay & WITCHES:
            inplay |= WITCHES
        prev = -1
        m = rest
        while m:
            low = m & -m
            m ^= low
            x = low.bit_length() - 1
            if merge and PLAIN[x]:
                below = inplay & BELOW[x]
                if below and below.bit_length() - 1 == prev:
                    prev = x
                    continue
                prev = x
            moves.append(card | (x + 1) << 6)

    return lead_options, reply_options, woods, deck_top


def child_states(s: fast.FastState) -> list:
    """(fast move or action, child state) for every legal choice of ``s``, in any phase."""
    if s.phase == fast.PLAY:
        return [(m, fast.apply(s, m)) for m in fast.legal_moves(s)]
    return [(a, fast.apply_action(s, a)) for a in fast.legal_actions(s)]


def root_classes(s: fast.FastState, moves) -> list:
    """For each root move (a ``Move``), the index of the first move it is equivalent to
    (itself if none): the same rules the search applies at every node (see docs/solver.md)."""
    BIT, RANK = fast.BIT, fast.RANK
    PLAIN = PLAIN_CARDS[s.poison]
    me = s.to_play
    hm, ho = s.hands[me], s.hands[1 - me]
    deck_mask = fast.mask_of(s.deck)
    _, live = deck_info(s.deck, hm | ho | deck_mask | BIT[s.decree])
    fox_live = (hm | ho | live) & fast.FOXES
    inplay = hm | ho | live | fast.mask_of(s.trick) | (BIT[s.decree] if fox_live else 0)
    inplay = with_witches(inplay, fox_live, s.decree)
    # The opponent can never receive a card: no Fox to take the decree, no Woodcutter to draw.
    sealed = not (ho & (fast.FOXES | fast.WOODCUTTERS))
    classes = list(range(len(moves)))
    last: dict = {}          # group -> (last plain card seen, index of its class)

    def step(i, group, card, pool):
        if pool & fast.WITCHES:
            pool |= fast.WITCHES
        below = pool & masks.BELOW[card]
        prev = last.get(group)
        if prev is not None and below and below.bit_length() - 1 == prev[0]:
            classes[i] = prev[1]
            last[group] = (card, prev[1])
        else:
            last[group] = (card, i)

    for i, mv in enumerate(moves):
        c = mv.card.index
        if s.phase == fast.PLAY and mv.exchange is None and mv.discard is None:
            if PLAIN[c] or (RANK[c] == 5 and not s.deck):
                step(i, "play", c, inplay)
        elif mv.exchange is not None:
            x = mv.exchange.index
            rest = hm & ~BIT[c]
            if PLAIN[x] and (sealed or
                             not ((rest | ho | live | BIT[s.decree]) & fast.FOXES)):
                step(i, ("fox", c), x, inplay | BIT[c] | BIT[s.decree])
        elif mv.discard is not None:
            x = mv.discard.index
            if s.phase == fast.PLAY:
                size, pool = len(s.deck), inplay | BIT[s.deck[0]]
                left = ((hm | ho | BIT[s.decree] | deck_mask) & fast.WOODCUTTERS
                        & ~BIT[c]).bit_count()
            else:   # the Woodcutter is on the table and its draw is already in hand
                size, pool = len(s.deck) + 1, inplay
                left = ((hm | ho | BIT[s.decree] | deck_mask) & fast.WOODCUTTERS).bit_count()
            if PLAIN[x] and (sealed or left < size):
                step(i, ("wood", c), x, pool)
    return classes
