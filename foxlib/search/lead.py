"""Nodes of the exact search where a Fox or Woodcutter decision may still come up.

A lead or a reply is a card with its decision (``foxlib.search.moves``). Two steps, bound to
each other once both are made (``make_lead`` returns the binder):

- ``lead``, the node: the table (``foxlib.search.table``), the score bounds on a miss
  (``foxlib.search.bounds``), then the table's best lead, else the lead that last cut off;
  the list of leads (with every exchange and discard, equivalent ones once) is only built
  when that one does not cut off, and is ordered by history (``foxlib.search.ordering``);
- ``lead_replies``, the value of one lead: the follower's replies, the one that last refuted
  this lead card first; then, when no reply can decide anything, the others by bits in the
  static order of plain nodes, else the list of replies by history. Each reply leads to the
  right kind of node: a plain node (``foxlib.search.plain``) once no decision can come up, the
  last two tricks (``foxlib.search.last_tricks``), or another node with decisions.
"""
from __future__ import annotations

from ..fast import base as fast
from .bounds import make_sure_trick_bounds
from . import masks
from .masks import BEATS, BIG, NINE_OF_SUIT
from .ordering import killer_fits


def make_lead(search, check, lead_options, deck_top):
    """``(lead, bind)``: the node with decisions of ``search`` and the function that gives it
    its replies (``bind(lead_replies)``). ``lead`` counts a node for itself and one for each
    lead tried, and calls ``check`` every so often (``foxlib.search.table``)."""
    ME, SEVENS, LB = search.side_bit, search.sevens, search.treasure_bounds[1]
    sure_trick_bounds = make_sure_trick_bounds(search)
    tt = search.tt
    tt_get = tt.get
    order = search.order
    LGKILL, HL = order.lead_killer, order.lead_history
    hl_key = HL.__getitem__
    SUIT, RANK, BIT = fast.SUIT, fast.RANK, fast.BIT
    FOXES, WOODS, DECIDES = fast.FOXES, fast.WOODCUTTERS, masks.DECIDES
    nodes = 0
    check_at = search.first_check
    lead_replies = None

    def lead(hm, ho, decree, deck, dk, live, twm, two, me, alpha, beta):
        """The player to move leads from ``hm`` (3 cards or more); the opponent holds ``ho``;
        a Fox or Woodcutter decision may still come up. ``dk``, ``live``: the key and the
        mask of the deck cards that can still be drawn (``masks.deck_info``)."""
        nonlocal nodes
        nodes += 1
        if nodes >= check_at:
            check()
        fox_live = (hm | ho | live) & FOXES
        r = hm.bit_count()
        key = (hm | ho << 33 | (decree if fox_live else 33 + SUIT[decree]) << 66 |
               twm << 72 | me * ME | dk << 77)
        e = tt_get(key)
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
            lo, hi, bm = -BIG, BIG, -1
            # Score bounds (``foxlib.search.bounds``): the 7s in play, and those sure to be
            # played, in the hand of a player who can never put a card aside (no Fox, no
            # Woodcutter with a deck to draw from: a card only enters a hand through those).
            dec = FOXES | WOODS if deck else FOXES
            sev = (hm | ho | live | BIT[decree]) & SEVENS
            ss = ((0 if hm & dec else hm) | (0 if ho & dec else ho)) & sev
            n7 = sev.bit_count()
            sev = n7 * 8 + ss.bit_count()
            b = LB[((me * 14 + twm) * 14 + r) * 64 + sev]
            b2 = -LB[(((1 - me) * 14 + two) * 14 + r) * 64 + sev]
            if not fox_live and not (hm & dec and ho & dec):
                # The trump is settled: sure tricks narrow the range of tricks.
                b, b2 = sure_trick_bounds(hm, ho, decree, live, dec, twm, two, me, r, n7, b, b2)
            if b <= alpha:
                return b
            if b2 >= beta:
                return b2
        a0, b0 = alpha, beta
        if deck and (hm | ho) & WOODS:
            # ``woods`` inlined: the Woodcutters left (hands, deck, decree).
            wl = live.bit_count()
            if wl == len(deck):
                wl = ((hm | ho | BIT[decree] | live) & WOODS).bit_count()
        else:
            wl = 0
        best, bestm = -BIG, -1
        moves = None
        i = 0
        lk = ((r * 2 + me) * 14 + twm) * 3 + SUIT[decree]
        mv = bm
        if mv < 0:
            # No best lead known here: the lead that last cut off with as many tricks left
            # and won, if it is a legal lead here.
            k = LGKILL[lk]
            if k >= 0 and hm >> (k & 63) & 1 and (
                    k < 64 and DECIDES[k] < 2 or killer_fits(k, hm, deck)):
                mv = k
        first = mv
        while True:
            if mv < 0:
                if moves is None:
                    moves = lead_options(hm, ho, decree, deck, live, fox_live, wl)
                    if first >= 0:
                        try:
                            moves.remove(first)
                        except ValueError:
                            pass
                    if len(moves) > 1:
                        moves.sort(key=hl_key, reverse=True)
                if i == len(moves):
                    break
                mv = moves[i]
                i += 1
            nodes += 1
            c = mv & 63
            x = (mv >> 6) - 1
            if x < 0:
                h1 = hm ^ BIT[c]
                d2 = decree
                deck2 = deck
                dk2 = dk
                live2 = live
            elif RANK[c] == 3:
                h1, d2, deck2, dk2, live2 = hm ^ BIT[c] ^ BIT[x] | BIT[decree], x, deck, dk, live
            else:
                h1, d2, deck2 = (hm ^ BIT[c] | BIT[deck[0]]) ^ BIT[x], decree, deck[1:] + (x,)
                dk2, live2 = deck_top(deck2, wl - 1)
            cur = lead_replies(c, h1, ho, d2, deck2, dk2, live2, twm, two, me, r, alpha, beta)
            if cur > best:
                best, bestm = cur, mv
                if cur > alpha:
                    alpha = cur
                    if cur >= beta:
                        HL[mv] += r * r
                        LGKILL[lk] = mv
                        break
            mv = -1
        if best <= a0:
            tt[key] = (lo, best if best < hi else hi, bestm)
        elif best >= b0:
            tt[key] = (best if best > lo else lo, hi, bestm)
        else:
            tt[key] = (best, best, bestm)
        return best

    def count():
        return nodes

    def recheck(allowance):
        nonlocal check_at
        check_at = nodes + allowance

    def bind(replies):
        nonlocal lead_replies
        lead_replies = replies

    search.counts.append(count)
    search.rechecks.append(recheck)
    return lead, bind


def make_lead_replies(search, lead, plain, last2, end2, reply_options, woods, deck_top):
    """``lead_replies(c, h1, ho, d2, deck2, dk2, live2, twm, two, me, r, alpha, beta)``: the
    value for the leader (holding ``h1`` after leading ``c`` from ``r`` cards, with its
    decision taken: decree ``d2``, deck ``deck2``, drawable deck ``dk2``/``live2``) of the
    follower's best reply from ``ho``."""
    TW, TRICK = search.trick_weights, search.trick
    PLAIN, ME = search.plain_cards, search.side_bit
    etab_get = search.etab.get
    order = search.order
    KILL, HF = order.reply_killer, order.reply_history
    hf_key = HF.__getitem__
    SUIT, RANK, BIT = fast.SUIT, fast.RANK, fast.BIT
    SUITM, SWANB = fast.CARD_SUIT_MASK, fast.SWAN_BIT
    FOXES, WOODS, WITCHES, NINE = fast.FOXES, fast.WOODCUTTERS, fast.WITCHES, NINE_OF_SUIT
    DECIDERS, BEAT = fast.FOXES | fast.WOODCUTTERS, BEATS
    BELOW, DECIDES = masks.BELOW, masks.DECIDES

    def lead_replies(c, h1, ho, d2, deck2, dk2, live2, twm, two, me, r, alpha, beta):
        same = ho & SUITM[c]
        if same:
            if RANK[c] == 11:
                same = (1 << (same.bit_length() - 1)) | (same & SWANB[c])
            legal = same
        else:
            legal = ho
        # The reply that refuted this lead last time first, the others only if it does not.
        kidx = ((r * 14 + twm) * 33 + c) * 3 + SUIT[d2]
        rv = KILL[kidx]
        if rv >= 0 and not (legal >> (rv & 63) & 1 and (
                rv < 64 and DECIDES[rv] < 2 or killer_fits(rv, ho, deck2))):
            rv = -1
        tried = rv
        replies = None
        j = 0
        cur, ub = BIG, beta
        base = c * 99
        nxt = me ^ 1
        three = r == 3
        if legal & (DECIDERS if deck2 else FOXES):
            lean = False
        else:
            # No reply decides anything: winning replies cheapest first, then losing ones,
            # by bits as in plain nodes.
            lean = True
            mw = legal & BEAT[c * 3 + SUIT[d2]]
            later = legal ^ mw
            prev = -1
            inplay2 = -1        # worked out when the first reply is not enough
        while True:
            if rv < 0:
                if lean:
                    if inplay2 < 0:
                        fl2 = (h1 | ho | live2) & FOXES
                        inplay2 = h1 | ho | live2 | BIT[c] | (BIT[d2] if fl2 else 0)
                        if inplay2 & WITCHES:
                            inplay2 |= WITCHES if fl2 else NINE[d2]
                    while True:
                        if not mw:
                            if not later:
                                break
                            mw, later, prev = later, 0, -1
                        low = mw & -mw
                        mw ^= low
                        f = low.bit_length() - 1
                        if PLAIN[f]:
                            below = inplay2 & BELOW[f]
                            if below and below.bit_length() - 1 == prev:
                                prev = f
                                continue
                            prev = f
                        if f != tried:
                            rv = f
                            break
                    if rv < 0:
                        break
                else:
                    if replies is None:
                        replies = reply_options(c, legal, h1, ho, d2, deck2, live2)
                        if tried >= 0:
                            try:
                                replies.remove(tried)
                            except ValueError:
                                pass
                        if len(replies) > 1:
                            replies.sort(key=hf_key, reverse=True)
                    if j == len(replies):
                        break
                    rv = replies[j]
                    j += 1
            f = rv & 63
            y = (rv >> 6) - 1
            if y < 0:
                h2 = ho ^ BIT[f]
                d3 = d2
                deck3 = deck2
                dk3 = dk2
                live3 = live2
            elif RANK[f] == 3:
                h2 = ho ^ BIT[f] ^ BIT[y] | BIT[d2]
                d3, deck3, dk3, live3 = y, deck2, dk2, live2
            else:
                h2 = (ho ^ BIT[f] | BIT[deck2[0]]) ^ BIT[y]
                d3 = d2
                deck3 = deck2[1:] + (y,)
                dk3, live3 = deck_top(deck3, woods(h1, ho, d2, deck2, live2) - 1)
            tr = SUIT[d3]
            code = TRICK[base + f * 3 + tr]
            if code & 1:
                t, tm, to = -TW[code], twm, two + 1
            else:
                t, tm, to = TW[code], twm + 1, two
            nh = h1 | h2
            if not nh & FOXES and (not deck3 or not nh & WOODS):
                if three:
                    if code & 2:
                        v = t - last2(h2, h1, tr, to, nxt)
                    else:
                        v = t + last2(h1, h2, tr, tm, me)
                elif code & 2:
                    v = t - plain(h2, h1, tr, to, tm, nxt, t - ub, t - alpha)
                else:
                    v = t + plain(h1, h2, tr, tm, to, me, alpha - t, ub - t)
            elif three:
                # The last two tricks: their exact value is often known already.
                ekey = (d3 if nh & FOXES else 33 + tr) << 66 | (
                    (deck3[0] + 1 + (34 * deck3[1] + 34 if len(deck3) > 1 else 0))
                    << 77 if deck3 and nh & WOODS else 0)
                if code & 2:
                    ev = etab_get(h2 | h1 << 33 | ekey | to << 72 | nxt * ME)
                    v = t - (ev if ev is not None else end2(h2, h1, d3, deck3, to, nxt))
                else:
                    ev = etab_get(h1 | h2 << 33 | ekey | tm << 72 | me * ME)
                    v = t + (ev if ev is not None else end2(h1, h2, d3, deck3, tm, me))
            elif code & 2:
                v = t - lead(h2, h1, d3, deck3, dk3, live3, to, tm, nxt, t - ub, t - alpha)
            else:
                v = t + lead(h1, h2, d3, deck3, dk3, live3, tm, to, me, alpha - t, ub - t)
            if v < cur:
                cur = v
                if v <= alpha:
                    HF[rv] += r * r
                    KILL[kidx] = rv
                    break
                if v < ub:
                    ub = v
            rv = -1
        return cur

    return lead_replies
