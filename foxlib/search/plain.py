"""Plain nodes of the exact search: no Fox or Woodcutter decision can come up again.

No Fox is in either hand, and no Woodcutter is in a hand or nothing is left to draw (a deck
card enters a hand only through a Woodcutter, the decree only through a Fox). Only the trump
matters and the deck is irrelevant, so the node is lean: leads and replies are bit loops over
masks (no list is built), the replies in a static order (``foxlib.search.ordering``), with its
own table keyed by the two hands, the trump and the tricks won (``foxlib.search.table``).

Two steps, bound to each other once both are made (``make_plain`` returns the binder):

- ``plain``, the node: the table, the score bounds (``foxlib.search.bounds``), the first lead
  (the table's, else the lowest sure winner, else the killer, else the lowest card) and, only
  when that one does not cut off, the other leads worth searching, sure winners first;
- ``plain_replies``, the value of one lead: the follower's replies, the one that last refuted
  this lead first, then winning replies cheapest first and losing ones cheapest first.
"""
from __future__ import annotations

from ..fast import base as fast
from . import masks
from .masks import BEATS, BIG, NINE_OF_TRUMP, TRUMP_MASK


def make_plain(search, check, last2):
    """``(plain, bind)``: the plain node of ``search`` and the function that gives it its
    replies (``bind(plain_replies)``). ``plain`` counts a node for itself and one for each
    lead tried, and calls ``check`` every so often (``foxlib.search.table``)."""
    PB = search.treasure_bounds[0]
    PLAINP, SEVENS, PME = search.plainp, search.sevens, search.plain_side_bit
    ptt = search.ptt
    ptt_get = ptt.get
    order = search.order
    PLKILL = order.plain_lead_killer
    SUITM, BIT, WITCHES = fast.CARD_SUIT_MASK, fast.BIT, fast.WITCHES
    NINE_T, TRUMPM, BEAT, BELOW = NINE_OF_TRUMP, TRUMP_MASK, BEATS, masks.BELOW
    nodes = 0
    check_at = search.first_check
    plain_replies = None

    def plain(hm, ho, tr, twm, two, me, alpha, beta):
        """The player to move leads from ``hm`` (2 cards or more), trump ``tr``, and no Fox
        or Woodcutter decision can come up again: the value for the player to move, from
        this node on (fail-soft within ``alpha``, ``beta``)."""
        nonlocal nodes
        nodes += 1
        if nodes >= check_at:
            check()
        r = hm.bit_count()
        if r == 2:
            return last2(hm, ho, tr, twm, me)
        key = hm | ho << 33 | tr << 66 | twm << 68 | me * PME
        e = ptt_get(key)
        if e is not None:
            lo, hi, bm = e
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            sev = ((hm | ho) & SEVENS).bit_count()
            # Sure tricks: each trump above every trump of the other side wins the trick it
            # is played in (a 9 of another suit, a lone Witch, counts as a trump 9 for its
            # holder), so each side's tricks lie in a narrower range; and the 7s can only go
            # where the tricks go (``bounds.treasure_bounds``).
            T = TRUMPM[tr]
            mt = hm & T
            ot = ho & T
            km = (mt >> ((ot | NINE_T[tr]) if ho & WITCHES & ~T else ot).bit_length()
                  ).bit_count()
            ko = (ot >> ((mt | NINE_T[tr]) if hm & WITCHES & ~T else mt).bit_length()
                  ).bit_count()
            b = PB[(((me * 14 + twm) * 14 + km) * 14 + r - ko) * 8 + sev]
            if b <= alpha:
                return b
            b = -PB[((((1 - me) * 14 + two) * 14 + ko) * 14 + r - km) * 8 + sev]
            if b >= beta:
                return b
            lo, hi, bm = -BIG, BIG, -1
        a0, b0 = alpha, beta
        inplay = hm | ho
        if inplay & WITCHES:
            inplay |= NINE_T[tr]
        # The first lead: the table's (a lead searched in this very position), else the
        # lowest lead no reply can beat (a sure winner; it is never a plain card right above
        # another plain card of mine, which would be the same lead), else the killer if it is
        # a lead worth searching, else the lowest card. The other leads are only listed if it
        # does not cut off.
        lk = PLKILL[(r * 2 + me) * 14 + twm]
        leads = -1
        if bm >= 0:
            c = bm
        else:
            m = hm
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                if not (ho & SUITM[c] or ho) & BEAT[c * 3 + tr]:
                    break
            else:
                if lk >= 0 and hm >> lk & 1 and not (
                        PLAINP[lk] and inplay & BELOW[lk] and
                        hm >> (b := (inplay & BELOW[lk]).bit_length() - 1) & 1 and PLAINP[b]):
                    c, lk = lk, -1
                else:
                    c = (hm & -hm).bit_length() - 1
        best, bestm = -BIG, -1
        while True:
            nodes += 1
            cur = plain_replies(c, hm ^ BIT[c], ho, tr, twm, two, me, r, inplay, alpha, beta)
            if cur > best:
                best, bestm = cur, c
                if cur > alpha:
                    alpha = cur
                    if cur >= beta:
                        PLKILL[(r * 2 + me) * 14 + twm] = c
                        break
            if leads < 0:
                # The leads worth searching: a plain card right above another plain card of
                # mine (no card in play between them) is the same lead. Leads no reply can
                # beat (sure winners) are tried first: 4-5% fewer nodes on plain 10-13-card
                # positions than the lowest card first.
                leads = sure = 0
                prev = -1
                m = hm
                while m:
                    low = m & -m
                    m ^= low
                    f = low.bit_length() - 1
                    if PLAINP[f]:
                        below = inplay & BELOW[f]
                        if below and below.bit_length() - 1 == prev:
                            prev = f
                            continue
                        prev = f
                    leads |= low
                    if not (ho & SUITM[f] or ho) & BEAT[f * 3 + tr]:
                        sure |= low
                leads ^= BIT[c]
            if not leads:
                break
            if lk >= 0 and leads >> lk & 1:
                c, lk = lk, -1
            else:
                m = leads & sure or leads
                c = (m & -m).bit_length() - 1
            leads ^= BIT[c]
        if best <= a0:
            ptt[key] = (lo, best if best < hi else hi, bestm)
        elif best >= b0:
            ptt[key] = (best if best > lo else lo, hi, bestm)
        else:
            ptt[key] = (best, best, bestm)
        return best

    def count():
        return nodes

    def recheck(allowance):
        nonlocal check_at
        check_at = nodes + allowance

    def bind(replies):
        nonlocal plain_replies
        plain_replies = replies

    search.counts.append(count)
    search.rechecks.append(recheck)
    return plain, bind


def make_plain_replies(search, plain, last2):
    """``plain_replies(c, h1, ho, tr, twm, two, me, r, inplay, alpha, beta)``: the value
    for the leader (holding ``h1`` after leading ``c`` from ``r`` cards) of the follower's
    best reply from ``ho``; ``inplay``: the cards in play, a lone Witch's trump 9 included."""
    TW, TRICK = search.trick_weights, search.trick
    PLAINP, PME = search.plainp, search.plain_side_bit
    ltab_get = search.ltab.get
    PKILL = search.order.plain_reply_killer
    RANK, BIT = fast.RANK, fast.BIT
    SUITM, SWANB, BEAT, BELOW = fast.CARD_SUIT_MASK, fast.SWAN_BIT, BEATS, masks.BELOW

    def plain_replies(c, h1, ho, tr, twm, two, me, r, inplay, alpha, beta):
        same = ho & SUITM[c]
        if same:
            if RANK[c] == 11:
                same = (1 << (same.bit_length() - 1)) | (same & SWANB[c])
            legal = same
        else:
            legal = ho
        m = legal & BEAT[c * 3 + tr]        # winning replies first
        later = legal ^ m
        idx = c * 99 + tr
        cur, ub = BIG, beta
        prev = -1
        # The reply that last refuted this lead with as many cards left goes first (as the
        # lowest card of its run of equivalent cards).
        kk = (r * 14 + twm) * 33 + c
        k = PKILL[kk]
        if k >= 0 and legal >> k & 1:
            if PLAINP[k]:
                below = inplay & BELOW[k]
                while below:
                    b = below.bit_length() - 1
                    if not (legal >> b & 1 and PLAINP[b]):
                        break
                    k = b
                    below = inplay & BELOW[k]
            f = k
        else:
            k = f = -1
        nxt = me ^ 1
        three = r == 3
        trk = tr << 66
        while True:
            if f < 0:
                if not m:
                    if not later:
                        break
                    m, later, prev = later, 0, -1
                low = m & -m
                m ^= low
                f = low.bit_length() - 1
                if PLAINP[f]:
                    below = inplay & BELOW[f]
                    if below and below.bit_length() - 1 == prev:
                        prev = f
                        f = -1
                        continue
                    prev = f
                if f == k:
                    f = -1
                    continue
            code = TRICK[idx + f * 3]
            h2 = ho ^ BIT[f]
            if code & 1:
                t = -TW[code]
                if three:
                    # The last two tricks: their value is often known already.
                    if code & 2:
                        lv = ltab_get(h2 | h1 << 33 | trk | (two + 1) << 68 | nxt * PME)
                        v = t - (lv if lv is not None else last2(h2, h1, tr, two + 1, nxt))
                    else:
                        lv = ltab_get(h1 | h2 << 33 | trk | twm << 68 | me * PME)
                        v = t + (lv if lv is not None else last2(h1, h2, tr, twm, me))
                elif code & 2:
                    v = t - plain(h2, h1, tr, two + 1, twm, nxt, t - ub, t - alpha)
                else:
                    v = t + plain(h1, h2, tr, twm, two + 1, me, alpha - t, ub - t)
            else:
                t = TW[code]
                if three:
                    if code & 2:
                        lv = ltab_get(h2 | h1 << 33 | trk | two << 68 | nxt * PME)
                        v = t - (lv if lv is not None else last2(h2, h1, tr, two, nxt))
                    else:
                        lv = ltab_get(h1 | h2 << 33 | trk | (twm + 1) << 68 | me * PME)
                        v = t + (lv if lv is not None else last2(h1, h2, tr, twm + 1, me))
                elif code & 2:
                    v = t - plain(h2, h1, tr, two, twm + 1, nxt, t - ub, t - alpha)
                else:
                    v = t + plain(h1, h2, tr, twm + 1, two, me, alpha - t, ub - t)
            if v < cur:
                cur = v
                if v <= alpha:
                    PKILL[kk] = f
                    break
                if v < ub:
                    ub = v
            f = -1
        return cur

    return plain_replies
