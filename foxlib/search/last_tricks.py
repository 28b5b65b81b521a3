"""The last two tricks of the exact search, solved exactly and remembered.

With two cards left in each hand the rest of the round is a few dozen lines of play at most:
plain minimax over them is cheaper than a null-window search, and its exact value serves every
window. ``last2`` takes positions where no Fox or Woodcutter decision can come up (only the
trump matters), ``end2`` the others (a Fox's exchanges, a Woodcutter's discards). Their
tables (``ltab``, ``etab``, ``foxlib.search.table``) are read by the callers before calling,
often saving the call. The last trick is played out directly: no choice is left (a last Fox
has nothing to swap, a last Woodcutter must put back the card it draws).
"""
from __future__ import annotations

from ..fast import base as fast
from .masks import BIG


def make_last_tricks(search, look):
    """``(last2, end2)`` for ``search``'s objective and tables. ``end2`` counts its calls
    as nodes (``search.counts``) and calls ``look`` every so often (``foxlib.search.table``);
    ``last2`` does not count (its callers count the node)."""
    FINAL, TW, TRICK = search.final, search.trick_weights, search.trick
    ME, PME = search.side_bit, search.plain_side_bit
    etab, ltab = search.etab, search.ltab
    etab_get, ltab_get = etab.get, ltab.get
    SUIT, RANK, BIT, cards_of = fast.SUIT, fast.RANK, fast.BIT, fast.cards_of
    SUITM, SWANB = fast.CARD_SUIT_MASK, fast.SWAN_BIT
    FOXES, WOODS = fast.FOXES, fast.WOODCUTTERS
    nodes = 0
    check_at = search.first_check

    def last2(hm, ho, tr, twm, me):
        """The last two tricks, no decision left: their exact value for the leader."""
        key = hm | ho << 33 | tr << 66 | twm << 68 | me * PME
        best = ltab_get(key)
        if best is not None:
            return best
        best = -BIG
        m = hm
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            h1 = hm ^ low
            same = ho & SUITM[c]
            if same:
                if RANK[c] == 11:
                    same = (1 << (same.bit_length() - 1)) | (same & SWANB[c])
                legal = same
            else:
                legal = ho
            cur = BIG
            idx = c * 99 + tr
            while legal:
                lw = legal & -legal
                legal ^= lw
                f = lw.bit_length() - 1
                code = TRICK[idx + f * 3]
                h2 = ho ^ lw
                if code & 2:
                    code2 = TRICK[((h2.bit_length() - 1) * 33 + h1.bit_length() - 1) * 3 + tr]
                    won = 1 - (code & 1) + (code2 & 1)
                    v2 = TW[code2] if code2 & 1 else -TW[code2]
                else:
                    code2 = TRICK[((h1.bit_length() - 1) * 33 + h2.bit_length() - 1) * 3 + tr]
                    won = 2 - (code & 1) - (code2 & 1)
                    v2 = -TW[code2] if code2 & 1 else TW[code2]
                v = (-TW[code] if code & 1 else TW[code]) + v2 + FINAL[me * 14 + twm + won]
                if v < cur:
                    cur = v
                    if v <= best:
                        break
            if cur > best:
                best = cur
        ltab[key] = best
        return best

    def end2(hm, ho, decree, deck, twm, me):
        """The last two tricks, Fox and Woodcutter decisions included: their exact value
        for the leader (2 cards each), by plain minimax without a table."""
        nonlocal nodes
        nodes += 1
        if nodes >= check_at:
            look()
        both = hm | ho
        key = (hm | ho << 33 | (decree if both & FOXES else 33 + SUIT[decree]) << 66 |
               twm << 72 | me * ME)
        if deck and both & WOODS:
            key |= (deck[0] + 1 + (34 * deck[1] + 34 if len(deck) > 1 else 0)) << 77
        best = etab_get(key)
        if best is not None:
            return best
        best = -BIG
        m = hm
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            rest = hm ^ low
            rk = RANK[c]
            if rk == 3:
                opts = ((rest, decree, deck), (BIT[decree], rest.bit_length() - 1, deck))
            elif rk == 5 and deck:
                pool = rest | BIT[deck[0]]
                d1 = deck[1:]
                opts = tuple((pool ^ BIT[x], decree, d1 + (x,)) for x in cards_of(pool))
            else:
                opts = ((rest, decree, deck),)
            same = ho & SUITM[c]
            if same:
                if rk == 11:
                    same = (1 << (same.bit_length() - 1)) | (same & SWANB[c])
                legal = same
            else:
                legal = ho
            base = c * 99
            for h1, d2, deck2 in opts:
                cur = BIG
                mm = legal
                while mm:
                    lw = mm & -mm
                    mm ^= lw
                    f = lw.bit_length() - 1
                    rf = ho ^ lw
                    if RANK[f] == 3:
                        replies = ((rf, d2), (BIT[d2], rf.bit_length() - 1))
                    elif RANK[f] == 5 and deck2:
                        pool = rf | BIT[deck2[0]]
                        replies = ((pool ^ BIT[y], d2) for y in cards_of(pool))
                    else:
                        replies = ((rf, d2),)
                    for h2, d3 in replies:
                        tr = SUIT[d3]
                        code = TRICK[base + f * 3 + tr]
                        if code & 2:
                            code2 = TRICK[((h2.bit_length() - 1) * 33 + h1.bit_length() - 1)
                                          * 3 + tr]
                            won = 1 - (code & 1) + (code2 & 1)
                            v2 = TW[code2] if code2 & 1 else -TW[code2]
                        else:
                            code2 = TRICK[((h1.bit_length() - 1) * 33 + h2.bit_length() - 1)
                                          * 3 + tr]
                            won = 2 - (code & 1) - (code2 & 1)
                            v2 = -TW[code2] if code2 & 1 else TW[code2]
                        v = ((-TW[code] if code & 1 else TW[code]) + v2 +
                             FINAL[me * 14 + twm + won])
                        if v < cur:
                            cur = v
                    if cur <= best:
                        break
                if cur > best:
                    best = cur
        etab[key] = best
        return best

    def count():
        return nodes

    def recheck(allowance):
        nonlocal check_at
        check_at = nodes + allowance

    search.counts.append(count)
    search.rechecks.append(recheck)
    return last2, end2
