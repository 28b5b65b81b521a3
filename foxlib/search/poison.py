"""The points objective with Poison 8s (``docs/solver.md``, "Poison 8s").

The winner of a trick gains its Treasure minus its Poison, but a score never goes below 0, so
what a trick is worth depends on the winner's score: this search carries both scores. A node's
value depends on a score only up to ``e``, the Poison 8s that can still be played (in the
hands, in the deck cards a Woodcutter can still draw, the decree while a Fox can take it): from
a score of at least ``e`` no loss can reach the floor. So the table's key holds each score
capped at ``e``, and once both scores reach ``e`` the floor can no longer bind: the position
goes to the base game's search (``alphabeta.Search``) with the Poison tables
(``poison=True``), with all its speed-ups. Above that, one node per trick as in
``foxlib.search.lead`` (the same lists of leads and replies, equivalent cards searched once), a
table of bounds and best leads, score bounds, and the reply that last refuted a lead tried
first. Two steps, as there: ``poison_node`` and ``poison_replies``.
"""
from __future__ import annotations

import time

from ..fast import base as fast
from .alphabeta import Search
from .masks import BIG, EIGHTS, deck_info
from .moves import child_states
from .objectives import POINTS
from .table import SearchLimit


class PoisonSearch:
    """Same interface as ``Search`` for the root: ``value(s, alpha, beta)`` and ``count()``.
    The node and time limits hold for the two searches together; each looks at the other's
    count every 4096 nodes of its own, so a node limit may be passed by fewer than 8192."""

    def __init__(self, total: int, node_limit=None, deadline=None,
                 table_cap: int = 4_000_000):
        self.free = Search(POINTS, total, node_limit, deadline, poison=True,
                           table_cap=table_cap)
        self.final = self.free.final
        self.total = total
        self.node_limit = node_limit
        self.deadline = deadline
        self.tt: dict = {}
        self.table_cap = table_cap
        self.cleared = 0
        # ``KILL[tricks_left * 33 + lead]``: the reply that last refuted the lead; history:
        # cut-offs caused by each lead and each reply (moves are ints below 64 * 35).
        self.kill = [-1] * (14 * 33)
        self.lead_history = [0] * (64 * 35)
        self.reply_history = [0] * (64 * 35)
        self.node, bind, self.count = make_poison_node(self)
        bind(make_poison_replies(self, self.node))

    def value(self, s: fast.FastState, alpha: int, beta: int) -> int:
        """Fail-soft value of a play-phase state within (alpha, beta), for its player to
        move (as ``Search.value``)."""
        me = s.to_play
        if not s.trick:
            return self.node(s.hands[me], s.hands[1 - me], s.decree, s.deck, s.tricks_won[me],
                             s.tricks_won[1 - me], s.score[me], s.score[1 - me], alpha, beta)
        # One card is led (only at the root): the follower's replies by the fast path.
        best = -BIG
        for _, child in child_states(s):
            d = (child.score[me] - s.score[me]) - (child.score[1 - me] - s.score[1 - me])
            if child.phase == fast.OVER:
                v = d
            elif child.to_play == me:
                v = d + self.value(child, alpha - d, beta - d)
            else:
                v = d - self.value(child, d - beta, d - alpha)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best


def make_poison_node(search):
    """``(poison_node, bind, count)``: the node of ``search`` (a ``PoisonSearch``), the
    function that gives it its replies (``bind(poison_replies)``) and the count of both
    searches' nodes."""
    free = search.free
    FINAL = search.final
    TRICK, SUIT, RANK, BIT = fast.TRICK, fast.SUIT, fast.RANK, fast.BIT
    P8 = fast.POISON8
    FOXES, WOODS, SCORING = fast.FOXES, fast.WOODCUTTERS, fast.TREASURES | EIGHTS
    free_start, free_count = free.start, free.count
    lead_options = free.lead_options
    # HI[t * 14 + r]: the best end-of-round value holding t tricks with r still to play
    # (the points objective is the same for both players).
    HI = [0] * (14 * 14)
    for t in range(14):
        for r in range(14 - t):
            HI[t * 14 + r] = max(FINAL[t + k] for k in range(r + 1))
    HL = search.lead_history
    hl_key = HL.__getitem__
    tt = search.tt
    tt_get = tt.get
    nodes = 0
    after_limit = search.node_limit + 1 if search.node_limit is not None else 1 << 62
    check_at = min(after_limit, 4096)
    poison_replies = None

    def check():
        nonlocal check_at
        used = nodes + free_count()
        if used >= after_limit:
            raise SearchLimit("node")
        if search.deadline is not None and time.perf_counter() >= search.deadline:
            raise SearchLimit("time")
        if len(tt) > search.table_cap:
            tt.clear()      # bounds only: forgetting them costs time, never exactness
            search.cleared += 1
        check_at = nodes + min(4096, after_limit - used)

    def poison_node(hm, ho, decree, deck, twm, two, sm, so, alpha, beta):
        """The player to move leads from ``hm`` (the opponent holds ``ho``) with score
        ``sm`` against ``so``: the points they gain from here minus the opponent's."""
        nonlocal nodes
        nodes += 1
        if nodes >= check_at:
            check()
        both = hm | ho
        dmask = 0
        for c in deck:
            dmask |= BIT[c]
        dk, live = deck_info(deck, both | dmask | BIT[decree])
        fox_live = (both | live) & FOXES
        e = ((both | live | (BIT[decree] if fox_live else 0)) & EIGHTS).bit_count()
        if sm >= e and so >= e:
            # No Poison can reach the floor any more: the search of the base game, with
            # Treasure minus Poison for each trick.
            return free_start(hm, ho, decree, deck, twm, two, 0, alpha, beta)
        r = hm.bit_count()
        if r == 1:
            c = hm.bit_length() - 1
            f = ho.bit_length() - 1
            code = TRICK[(c * 33 + f) * 3 + SUIT[decree]]
            t = (code >> 2) - P8[c] - P8[f]
            if code & 1:
                return FINAL[twm] - (t if t > -so else -so)
            return FINAL[twm + 1] + (t if t > -sm else -sm)
        key = (hm | ho << 33 | (decree if fox_live else 33 + SUIT[decree]) << 66 |
               twm << 72 | (sm if sm < e else e) << 76 | (so if so < e else e) << 78 |
               dk << 80)
        entry = tt_get(key)
        if entry is not None:
            lo, hi, bm = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi, bm = -BIG, BIG, -1
            # Each trick moves the difference by at most its Treasure plus its Poison.
            sev = ((both | live | BIT[decree]) & SCORING).bit_count()
            b = HI[twm * 14 + r] + sev
            if b <= alpha:
                return b
            b = -HI[two * 14 + r] - sev
            if b >= beta:
                return b
        a0, b0 = alpha, beta
        wl = ((both | BIT[decree] | dmask) & WOODS).bit_count() if deck and both & WOODS \
            else 0
        moves = lead_options(hm, ho, decree, deck, live, fox_live, wl)
        if len(moves) > 1:
            moves.sort(key=hl_key, reverse=True)
        if bm >= 0:
            try:
                moves.remove(bm)
                moves.insert(0, bm)
            except ValueError:
                pass
        best, bestm = -BIG, -1
        for mv in moves:
            c = mv & 63
            x = (mv >> 6) - 1
            live2 = live
            if x < 0:
                h1, d2, deck2 = hm ^ BIT[c], decree, deck
            elif RANK[c] == 3:
                h1, d2, deck2 = hm ^ BIT[c] ^ BIT[x] | BIT[decree], x, deck
            else:
                h1, d2, deck2 = (hm ^ BIT[c] | BIT[deck[0]]) ^ BIT[x], decree, deck[1:] + (x,)
                _, live2 = deck_info(deck2, h1 | ho | dmask | BIT[x] | BIT[d2])
            cur = poison_replies(c, h1, ho, d2, deck2, live2, twm, two, sm, so, r, alpha, beta)
            if cur > best:
                best, bestm = cur, mv
                if cur > alpha:
                    alpha = cur
                    if cur >= beta:
                        HL[mv] += r * r
                        break
        if best <= a0:
            tt[key] = (lo, best if best < hi else hi, bestm)
        elif best >= b0:
            tt[key] = (best if best > lo else lo, hi, bestm)
        else:
            tt[key] = (best, best, bestm)
        return best

    def count():
        return nodes + free_count()

    def own():
        return nodes

    def bind(replies):
        nonlocal poison_replies
        poison_replies = replies

    free.outside = own
    return poison_node, bind, count


def make_poison_replies(search, node):
    """``poison_replies(c, h1, ho, d2, deck2, live2, twm, two, sm, so, r, alpha, beta)``: the
    value for the leader (holding ``h1`` after leading ``c`` from ``r`` cards, with its
    decision taken) of the follower's best reply from ``ho``, the scores ``sm`` and ``so``
    being the leader's and the follower's."""
    TRICK, SUIT, RANK, BIT = fast.TRICK, fast.SUIT, fast.RANK, fast.BIT
    P8 = fast.POISON8
    SUITM, SWANB = fast.CARD_SUIT_MASK, fast.SWAN_BIT
    reply_options = search.free.reply_options
    KILL, HF = search.kill, search.reply_history
    hf_key = HF.__getitem__

    def poison_replies(c, h1, ho, d2, deck2, live2, twm, two, sm, so, r, alpha, beta):
        same = ho & SUITM[c]
        if same:
            if RANK[c] == 11:
                same = (1 << (same.bit_length() - 1)) | (same & SWANB[c])
            legal = same
        else:
            legal = ho
        replies = reply_options(c, legal, h1, ho, d2, deck2, live2)
        if len(replies) > 1:
            replies.sort(key=hf_key, reverse=True)
        kk = r * 33 + c
        k = KILL[kk]
        if k >= 0 and len(replies) > 1:
            try:
                replies.remove(k)
                replies.insert(0, k)
            except ValueError:
                pass
        cur, ub = BIG, beta
        for rv in replies:
            f = rv & 63
            y = (rv >> 6) - 1
            if y < 0:
                h2, d3, deck3 = ho ^ BIT[f], d2, deck2
            elif RANK[f] == 3:
                h2, d3, deck3 = ho ^ BIT[f] ^ BIT[y] | BIT[d2], y, deck2
            else:
                h2 = (ho ^ BIT[f] | BIT[deck2[0]]) ^ BIT[y]
                d3, deck3 = d2, deck2[1:] + (y,)
            code = TRICK[(c * 33 + f) * 3 + SUIT[d3]]
            # Treasure minus Poison, floored at the winner's score (rulings P3, P4).
            t = (code >> 2) - P8[c] - P8[f]
            if code & 1:
                if t < -so:
                    t = -so
                nm, no, tm, to = sm, so + t, twm, two + 1
                t = -t
            else:
                if t < -sm:
                    t = -sm
                nm, no, tm, to = sm + t, so, twm + 1, two
            if code & 2:
                v = t - node(h2, h1, d3, deck3, to, tm, no, nm, t - ub, t - alpha)
            else:
                v = t + node(h1, h2, d3, deck3, tm, to, nm, no, alpha - t, ub - t)
            if v < cur:
                cur = v
                if v <= alpha:
                    KILL[kk] = rv
                    HF[rv] += r * r
                    break
                if v < ub:
                    ub = v
        return cur

    return poison_replies
