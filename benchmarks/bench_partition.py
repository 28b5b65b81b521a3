"""Partition search ("winning ranks") for the solver's plain search, measured side by side
with the solver as it is.

    python benchmarks/bench_partition.py [--deals 1,2,...,9] [--plain 10:30,11:20]
                                         [--every-move 20] [--min-tricks 5] [--seed 1]

What it is (docs/solver.md, "Partition search (winning ranks), measured"): every value of the
plain search comes with the set of cards whose places it depends on, and its table entries
are also stored under a key that keeps only those places, so that one entry answers every
position that differs from it only in "small" cards. The solver does not use it: it saved
nodes but cost more CPU time than it saved (the numbers are in the docs). So it lives here, as
source inserted into ``foxlib/solver.py``'s own source when this file is loaded
(``partition_solver()``, module ``foxlib.solver_partition``): both searches then run in one
process, position by position, alternating which goes first. ``tests/test_bench_partition.py``
checks it against brute force, the baseline of ``bench_reference.py`` and the solver, and
shows that those checks fail when the abstraction is made too loose.

The cases (values must be identical, else the run stops):
(c) the 13-card deals of ``bench_solver.py --side`` (every 3 and 5 of the hands swapped with a
    deck card, so the whole search is plain), the value only (``value_state``);
(p) plain positions of 10 or 11 cards each (``fast.random_position`` with seed 7, deck empty,
    no Fox in a hand), the value only;
(a) the positions of ``bench_solver.py`` (a): 8 cards each with Fox and Woodcutter decisions,
    every move (``solve_state(p, lines=False)``): only the end of each line is plain.
Times are process CPU seconds; the load average is printed with every line.

Why it is sound, in short: a card's identity matters to the rules through its suit, its
ability (ranks 1, 7, 9 and 11, the 8s with Poison: these always keep their places) and rank
comparisons. A trick decided by rank (both cards count as one suit, a lone Witch as a trump 9)
needs its winner and every card above it in its suit to keep their places; a smaller card that
keeps its gap between the non-plain cards in play (and the virtual trump 9 while a Witch is in
play) then stays below the winner. The Monarch's forced reply is the highest card of the suit,
which the gap counts keep too. A lower bound needs the cutting lead's trick only, an upper
bound or an exact value every lead; a lead needs its refuting reply only, else every reply;
equivalent cards searched once are exact together or small together; the sure-trick bound
needs the trumps from the lower of the two top trumps up.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import random
import sys
import time
import types

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from foxlib import fast  # noqa: E402
from foxlib import solver  # noqa: E402

#: Module-level tables, inserted after ``_BEATS``.
_TABLES = r'''
# ----------------------------------------------------------------------------- partition search
#
# Tables of the plain search's "winning ranks" (see docs/solver.md, "Partition search"). A
# relevant set R is a mask of cards closed upwards within each suit: the cards of a suit at or
# above its lowest card in R keep their exact places; below it the plain cards of a hand are
# "small" and only their number in each gap between the in-play non-plain cards counts.

#: ``_UP[c]``: the cards of c's suit ranked c or higher.
_UP = tuple(fast.CARD_SUIT_MASK[c] & ~_BELOW[c] for c in range(33))


def _plain_in_plain_nodes(poison: bool) -> tuple:
    """Cards without any ability in a plain position (a Woodcutter has nothing to draw)."""
    return tuple(_PLAIN_CARDS[poison][c] or fast.RANK[c] == 5 for c in range(33))


def _winning_ranks(poison: bool) -> tuple:
    """``[(led * 33 + follow) * 3 + trump]``: the cards that must keep their place for the
    trick to go the same way: when both cards count as one suit (a lone Witch as a trump 9)
    the rank decides, so the winner and everything above it in its suit; nothing when a trump
    or the led suit decides, or when the winner is not plain (a non-plain card is a gap
    boundary, so a small card below it stays below it)."""
    plainp = _plain_in_plain_nodes(poison)
    out = [0] * (33 * 33 * 3)
    for led in range(33):
        for f in range(33):
            if led == f:
                continue
            lr, fr = fast.RANK[led], fast.RANK[f]
            for tr in range(3):
                ls = tr if lr == 9 and fr != 9 else fast.SUIT[led]
                fs = tr if fr == 9 and lr != 9 else fast.SUIT[f]
                if ls != fs:
                    continue
                winner = f if fr > lr else led
                assert (winner == f) == bool(fast.FOLLOWER_WINS[(led * 33 + f) * 3 + tr])
                if plainp[winner]:
                    out[(led * 33 + f) * 3 + tr] = _UP[winner]
    return tuple(out)


def _gap_counts(poison: bool) -> tuple:
    """``[cfg << 11 | slice]``: the small cards of one hand in one suit (``slice``, 11 bits by
    rank) counted per gap, 3 bits a gap. ``cfg`` holds the gap boundaries in play: bit 0 the
    7, bit 1 the 8 (Poison only), bit 2 the 9 (or a virtual trump 9 while a Witch is in
    play)."""
    out = [0] * (8 << 11)
    for cfg in range(8):
        bounds = [7 + i for i in range(3) if cfg >> i & 1 and (poison or i != 1)]
        for sl in range(2048):
            code = 0
            for rank in range(1, 12):
                if sl >> (rank - 1) & 1:
                    code += 1 << (3 * sum(b < rank for b in bounds))
            out[cfg << 11 | sl] = code
    return tuple(out)


_WIN_REL = (_winning_ranks(False), _winning_ranks(True))
_GAP_COUNTS = (_gap_counts(False), _gap_counts(True))
_NONPLAIN = tuple(sum(fast.BIT[c] for c in range(33) if not _plain_in_plain_nodes(p)[c])
                  for p in (False, True))
#: Most relevant sets remembered for one class of positions (see ``plainp``).
PARTITION_SETS = 6
#: Partition entries are stored and probed only with at least this many tricks left (below,
#: the subtrees are too small to pay for a probe); the relevant sets are kept everywhere.
PARTITION_MIN_TRICKS = 5
'''

#: The partition version of the plain search, inserted before ``lead`` in ``_Search._build``.
_PLAINP = r'''        def last2p(hm, ho, tr, twm, me):
            """``last2`` with its relevant set: returns ``R << 7 | value + 64``, R the cards
            whose places the value depends on (``_winning_ranks`` of every line looked at;
            only the refuting line of a lead cut short)."""
            key = hm | ho << 33 | tr << 66 | twm << 68 | me * PME
            pk = ltabp_get(key)
            if pk is not None:
                return pk
            best = -_BIG
            rs = 0
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
                cur = _BIG
                rc = 0
                idx = c * 99 + tr
                while legal:
                    lw = legal & -legal
                    legal ^= lw
                    f = lw.bit_length() - 1
                    code = TRICK[idx + f * 3]
                    h2 = ho ^ lw
                    if code & 2:
                        i2 = ((h2.bit_length() - 1) * 33 + h1.bit_length() - 1) * 3 + tr
                        code2 = TRICK[i2]
                        won = 1 - (code & 1) + (code2 & 1)
                        v2 = TW[code2] if code2 & 1 else -TW[code2]
                    else:
                        i2 = ((h1.bit_length() - 1) * 33 + h2.bit_length() - 1) * 3 + tr
                        code2 = TRICK[i2]
                        won = 2 - (code & 1) - (code2 & 1)
                        v2 = -TW[code2] if code2 & 1 else TW[code2]
                    v = (-TW[code] if code & 1 else TW[code]) + v2 + FINAL[me * 14 + twm + won]
                    rl = WREL[idx + f * 3] | WREL[i2]
                    if v < cur:
                        cur = v
                        if v <= best:
                            rc = rl         # this line alone shows the lead is no better
                            break
                    rc |= rl
                rs |= rc
                if cur > best:
                    best = cur
            pk = rs << 7 | (best + 64)
            ltabp[key] = pk
            return pk

        def pkey(hm, ho, inplay, R, tail):
            """The partition key of a plain position under the relevant set ``R``: the places
            of the exact cards (R and every non-plain card), and for each hand and suit the
            number of small cards in each gap between the non-plain cards in play (``inplay``
            holds the virtual trump 9 while a Witch is in play)."""
            X = R | NPM
            em = hm & X
            eo = ho & X
            sm = hm ^ em
            so = ho ^ eo
            g0 = (inplay >> 6 & CFGM) << 11
            g1 = (inplay >> 17 & CFGM) << 11
            g2 = (inplay >> 28 & CFGM) << 11
            cnt = (GAPC[g0 | sm & 2047] | GAPC[g1 | sm >> 11 & 2047] << 12 |
                   GAPC[g2 | sm >> 22] << 24 |
                   (GAPC[g0 | so & 2047] | GAPC[g1 | so >> 11 & 2047] << 12 |
                    GAPC[g2 | so >> 22] << 24) << 36)
            return em | eo << 33 | cnt << 66 | R << 138 | tail << 171

        def close(rs, skipped, inplay):
            """Equivalent cards searched once (``skipped``: each is the same move as the
            in-play card right below it) are exact together or small together: when one is
            exact, so is the one below."""
            while skipped:
                y = skipped.bit_length() - 1
                skipped ^= 1 << y
                if rs >> y & 1:
                    rs |= UP[(inplay & BELOW[y]).bit_length() - 1]
            return rs

        def plainp(hm, ho, tr, twm, two, me, alpha, beta):
            """``plain`` with partition search: every value comes with its relevant set
            (left in ``prel``), and the table entries are also stored and probed under the
            partition key of that set (``pkey``), so that one entry answers every position
            that differs only in small cards."""
            nonlocal nodes, prel
            nodes += 1
            if nodes >= check_at:
                check()
            r = hm.bit_count()
            if r == 2:
                pk = last2p(hm, ho, tr, twm, me)
                prel = pk >> 7
                return (pk & 127) - 64
            key = hm | ho << 33 | tr << 66 | twm << 68 | me * PME
            ck = -1
            e = ptt_get(key)
            if e is None:
                sev = ((hm | ho) & SEVENS).bit_count()
                T = TRUMPM[tr]
                mt = hm & T
                ot = ho & T
                km = (mt >> ((ot | NINE_T[tr]) if ho & WITCHES & ~T else ot).bit_length()
                      ).bit_count()
                ko = (ot >> ((mt | NINE_T[tr]) if hm & WITCHES & ~T else mt).bit_length()
                      ).bit_count()
                b = PB[(((me * 14 + twm) * 14 + km) * 14 + r - ko) * 8 + sev]
                if b <= alpha:
                    # The sure tricks stay the same when every trump from the lower of the
                    # two top trumps up keeps its place.
                    prel = UP[min(mt.bit_length(), ot.bit_length()) - 1] if mt and ot else 0
                    return b
                b = -PB[((((1 - me) * 14 + two) * 14 + ko) * 14 + r - km) * 8 + sev]
                if b >= beta:
                    prel = UP[min(mt.bit_length(), ot.bit_length()) - 1] if mt and ot else 0
                    return b
                if r >= PMIN:
                    ck = (hm & NPM) | (ho & NPM) << 33 | (tr | twm << 2 | me * PMS << 6 |
                                                          r << 7) << 66
                    sets = prl_get(ck)
                else:
                    sets = None
                if sets is not None:
                    inplay = hm | ho
                    if inplay & WITCHES:
                        inplay |= NINE_T[tr]
                    tail = tr | twm << 2 | me * PMS << 6
                    for R in sets:
                        e = pq_get(pkey(hm, ho, inplay, R, tail))
                        if e is not None:
                            bm = e[2]
                            # Its best lead may be a small card this hand does not hold.
                            if bm >= 0 and not (hm >> bm & 1 and not (
                                    PLAINP[bm] and inplay & BELOW[bm] and
                                    hm >> (b := (inplay & BELOW[bm]).bit_length() - 1) & 1
                                    and PLAINP[b])):
                                e = (e[0], e[1], -1, e[3])
                            break
            rn = 0
            if e is not None:
                lo, hi, bm, re_ = e
                if lo >= beta or lo == hi:
                    prel = re_
                    return lo
                if hi <= alpha:
                    prel = re_
                    return hi
                if lo > alpha:
                    alpha = lo
                    rn = re_
                if hi < beta:
                    beta = hi
                    rn = re_
            else:
                lo, hi, bm, re_ = -_BIG, _BIG, -1, 0
            a0, b0 = alpha, beta
            inplay = hm | ho
            if inplay & WITCHES:
                inplay |= NINE_T[tr]
            lk = LKILL[(r * 2 + me) * 14 + twm]
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
            best, bestm = -_BIG, -1
            nxt = me ^ 1
            three = r == 3
            trk = tr << 66
            racc = lskip = 0
            cutr = -1
            while True:
                nodes += 1
                h1 = hm ^ BIT[c]
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
                cur, ub = _BIG, beta
                prev = -1
                tacc = rskip = 0
                refuted = False
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
                                rskip |= low
                                prev = f
                                f = -1
                                continue
                            prev = f
                        if f == k:
                            f = -1
                            continue
                    ci = idx + f * 3
                    code = TRICK[ci]
                    h2 = ho ^ BIT[f]
                    if code & 1:
                        t = -TW[code]
                        if three:
                            if code & 2:
                                pk = ltabp_get(h2 | h1 << 33 | trk | (two + 1) << 68 | nxt * PME)
                                if pk is None:
                                    pk = last2p(h2, h1, tr, two + 1, nxt)
                                v = t - ((pk & 127) - 64)
                            else:
                                pk = ltabp_get(h1 | h2 << 33 | trk | twm << 68 | me * PME)
                                if pk is None:
                                    pk = last2p(h1, h2, tr, twm, me)
                                v = t + ((pk & 127) - 64)
                            rl = pk >> 7 | WREL[ci]
                        elif code & 2:
                            v = t - plainp(h2, h1, tr, two + 1, twm, nxt, t - ub, t - alpha)
                            rl = prel | WREL[ci]
                        else:
                            v = t + plainp(h1, h2, tr, twm, two + 1, me, alpha - t, ub - t)
                            rl = prel | WREL[ci]
                    else:
                        t = TW[code]
                        if three:
                            if code & 2:
                                pk = ltabp_get(h2 | h1 << 33 | trk | two << 68 | nxt * PME)
                                if pk is None:
                                    pk = last2p(h2, h1, tr, two, nxt)
                                v = t - ((pk & 127) - 64)
                            else:
                                pk = ltabp_get(h1 | h2 << 33 | trk | (twm + 1) << 68 | me * PME)
                                if pk is None:
                                    pk = last2p(h1, h2, tr, twm + 1, me)
                                v = t + ((pk & 127) - 64)
                            rl = pk >> 7 | WREL[ci]
                        elif code & 2:
                            v = t - plainp(h2, h1, tr, two, twm + 1, nxt, t - ub, t - alpha)
                            rl = prel | WREL[ci]
                        else:
                            v = t + plainp(h1, h2, tr, twm + 1, two, me, alpha - t, ub - t)
                            rl = prel | WREL[ci]
                    if v < cur:
                        cur = v
                        if v <= alpha:
                            PKILL[kk] = f
                            tacc = rl       # one reply refutes the lead
                            refuted = True
                            break
                        if v < ub:
                            ub = v
                    tacc |= rl
                    f = -1
                if not refuted and rskip:
                    tacc = close(tacc, rskip, inplay)
                if cur > best:
                    best, bestm = cur, c
                    if cur > alpha:
                        alpha = cur
                        if cur >= beta:
                            LKILL[(r * 2 + me) * 14 + twm] = c
                            cutr = tacc     # one lead reaches beta
                            break
                racc |= tacc
                if leads < 0:
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
                                lskip |= low
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
            if cutr >= 0:
                rs = cutr | rn
            else:
                rs = (close(racc, lskip, inplay) if lskip else racc) | rn
            prel = rs
            rst = rs | re_
            if best <= a0:
                ent = (lo, best if best < hi else hi, bestm, rst)
            elif best >= b0:
                ent = (best if best > lo else lo, hi, bestm, rst)
            else:
                ent = (best, best, bestm, rst)
            ptt[key] = ent
            if r < PMIN:
                return best
            tail = tr | twm << 2 | me * PMS << 6
            if ck < 0:
                ck = (hm & NPM) | (ho & NPM) << 33 | (tail | r << 7) << 66
            pq[pkey(hm, ho, inplay, rst, tail)] = ent
            sets = prl_get(ck)
            if sets is None:
                prl[ck] = [rst]
            elif rst not in sets:
                sets.insert(0, rst)
                if len(sets) > PCAP:
                    sets.pop()
            return best

        plain = plainp         # the nodes with decisions call it too

'''

_LOCALS = r'''        pq, prl, ltabp = self.pq, self.prl, self.ltabp
        pq_get, prl_get, ltabp_get = pq.get, prl.get, ltabp.get
        UP, WREL = _UP, _WIN_REL[self.poison]
        NPM, GAPC = _NONPLAIN[self.poison], _GAP_COUNTS[self.poison]
        CFGM = 7 if self.poison else 5
        PMS = 0 if self.symmetric else 1
        PCAP, PMIN = PARTITION_SETS, PARTITION_MIN_TRICKS
        prel = 0
'''

_BEATS_END = "               for led in range(33) for tr in range(3))\n"
_LTAB = "        self.ltab: dict = {}\n"
_CLEAR = "                ltab.clear()\n"
_CAP = "len(tt) + len(ptt) + len(etab) + len(ltab) > table_cap"
_GETS = "        etab_get, ltab_get = etab.get, ltab.get\n"
_LEAD = "        def lead(hm, ho, decree, deck, dk, live, twm, two, me, alpha, beta):\n"

#: (text of foxlib/solver.py, what replaces it): each text must occur exactly once.
EDITS = (
    (_BEATS_END, _BEATS_END + _TABLES),
    (_LTAB, _LTAB + "        self.pq: dict = {}\n        self.prl: dict = {}\n"
                    "        self.ltabp: dict = {}\n"),
    (_CLEAR, _CLEAR + "                pq.clear()\n                prl.clear()\n"
                      "                ltabp.clear()\n"),
    (_CAP, "len(tt) + len(ptt) + len(etab) + len(ltab) + len(pq) + len(ltabp) > table_cap"),
    (_GETS, _GETS + _LOCALS),
    (_LEAD, _PLAINP + _LEAD),
)


def partition_solver(min_tricks: int = 5, edits=(), name: str = "foxlib.solver_partition"):
    """``foxlib.solver`` with the partition search in its plain nodes, as a separate module
    (``edits``: more (text, replacement) pairs, applied after ``EDITS``; the tests use them to
    make the abstraction deliberately too loose)."""
    path = ROOT / "foxlib" / "solver.py"
    src = path.read_text()
    for old, new in EDITS + tuple(edits):
        if src.count(old) != 1:
            raise RuntimeError(f"bench_partition: the text {old.strip()[:60]!r} occurs "
                               f"{src.count(old)} times in the source, not once: "
                               "foxlib/solver.py changed, fit EDITS to it again.")
        src = src.replace(old, new)
    mod = types.ModuleType(name)
    mod.__file__ = str(path)
    mod.__package__ = "foxlib"
    sys.modules[name] = mod          # dataclasses look their module up
    exec(compile(src, f"{path} (partition search)", "exec"), mod.__dict__)
    mod.PARTITION_MIN_TRICKS = min_tricks
    return mod


def plain_positions(cards: int, count: int, seed: int = 7) -> list:
    """Random plain positions: ``cards`` each at a trick's start, deck empty, no Fox."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        st = fast.random_position(rng, cards, deck_size=0, trick_in_progress=False)
        if not (st.hands[0] | st.hands[1]) & fast.FOXES:
            out.append(st)
    return out


def _run(mod, st, every_move: bool):
    t = time.process_time()
    if every_move:
        r = mod.solve_state(st, lines=False)
        v = tuple((m.move, m.value) for m in r.moves)
    else:
        r = mod.value_state(st)
        v = r.value
    return time.process_time() - t, r.nodes, v


def load() -> str:
    return f"{os.getloadavg()[0]:.2f}" if hasattr(os, "getloadavg") else "?"


def side_by_side(title: str, items, every_move: bool, part) -> tuple:
    """Each position by the solver and the partition version, alternating which goes first;
    stops if a value differs. Returns the totals (nodes, CPU s) of each."""
    print(f"\n{title} (load {load()})")
    print(f"{'':<10} {'solver nodes':>13} {'s':>7} {'partition':>13} {'s':>7} "
          f"{'nodes':>7} {'CPU':>7} {'load':>6}")
    tot = {"old": [0, 0.0], "new": [0, 0.0]}
    for j, (name, st) in enumerate(items):
        order = (("old", solver), ("new", part)) if j % 2 == 0 else (("new", part),
                                                                     ("old", solver))
        res = {tag: _run(mod, st, every_move) for tag, mod in order}
        if res["old"][2] != res["new"][2]:
            raise SystemExit(f"{name}: the values differ: {res['old'][2]} against "
                             f"{res['new'][2]}")
        for tag in tot:
            tot[tag][0] += res[tag][1]
            tot[tag][1] += res[tag][0]
        (to, no, _), (tn, nn, _) = res["old"], res["new"]
        print(f"{name:<10} {no:>13,} {to:>7.2f} {nn:>13,} {tn:>7.2f} {nn / no:>7.3f} "
              f"{tn / max(to, 1e-9):>7.3f} {load():>6}", flush=True)
    (no, to), (nn, tn) = tot["old"], tot["new"]
    print(f"{'total':<10} {no:>13,} {to:>7.2f} {nn:>13,} {tn:>7.2f} {nn / no:>7.3f} "
          f"{tn / to:>7.3f} {load():>6}", flush=True)
    return tot


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", default="1,2,3,4,5,6,7,8,9",
                    help="(c): which deals of bench_solver.py --side, comma-separated "
                         "('' for none)")
    ap.add_argument("--plain", default="10:30,11:20",
                    help="(p): cards:count pairs of plain positions ('' for none)")
    ap.add_argument("--every-move", type=int, default=20,
                    help="(a): how many of its positions (0 for none)")
    ap.add_argument("--min-tricks", type=int, default=5,
                    help="partition entries only with at least this many tricks left")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    import bench_solver
    part = partition_solver(args.min_tricks)
    print(f"partition search with entries from {args.min_tricks} tricks left; "
          f"load {load()} at the start")
    if args.deals:
        rng = random.Random(args.seed)
        deals = [bench_solver.without_fox_and_woodcutter(fast.deal(rng, rng.randrange(2)))
                 for _ in range(9)]
        which = [int(x) for x in args.deals.split(",")]
        side_by_side("(c) 13-card deals without 3s and 5s in the hands, value only",
                     [(f"deal {i}", deals[i - 1]) for i in which], False, part)
    for pair in filter(None, args.plain.split(",")):
        cards, count = (int(x) for x in pair.split(":"))
        side_by_side(f"(p) plain positions of {cards} cards each (seed 7), value only",
                     [(f"pos {i + 1}", st) for i, st in enumerate(plain_positions(cards, count))],
                     False, part)
    if args.every_move:
        rng = random.Random(args.seed)
        items = [(f"a {i + 1}", bench_solver.position_with(8, rng))
                 for i in range(args.every_move)]
        side_by_side("(a) 8 cards each with decisions, every move", items, True, part)
    print(f"\nload {load()} at the end")


if __name__ == "__main__":
    main()
