"""Exact analysis of a position in which every card is known.

``solve(rnd)`` looks at every legal move of the player to play and computes what it is worth
when both players play perfectly to the end of the round. Three questions can be asked:

- ``"points"`` (the default): the points the player to play gains from now on (Treasure, plus
  the table's points for the tricks they end with, tricks already won included) minus the
  points the opponent gains from now on. Winning the most tricks is not the aim: 10 or more
  tricks score nothing. With Poison 8s a gain is the real rise of a score: Treasure minus
  Poison for each trick won, floored at 0, so the scores before the position matter.
- ``Band(player, band)``: can ``player`` force ending the round in a band ('Humble',
  'Defeated', 'Victorious', 'Greedy', or a ``(low, high)`` range of tricks)?
- ``TrickGoal(player, win=True)``: can ``player`` force winning (or losing) the current trick?

For a band or trick goal a move's value is 1 when, after that move, the goal's player can
force the goal whatever the other player does from then on, and 0 when the other player can
stop it. When the goal's player is the one to play, 1 means "this move secures the goal";
when it is the opponent, 0 means "this move stops them".

``solve_value(rnd)`` answers only the position's value and one move that achieves it
(cheaper: no other move is valued).

How: alpha-beta search over the fast integer state (``foxlib.fast.base``), one node per trick (the
follower's replies looped over inside it), a lean plain search where no Fox or Woodcutter
decision can follow, transposition tables, null-window (MTD(f)) passes, move ordering
(table, killers, history, a static reply order), score bounds, exact tables for the last two
tricks, and equivalent cards searched once. ``docs/solver.md`` explains each part, and why
equivalent cards really are equivalent. With Poison 8s the points objective has its own search
above the floor (``_PoisonSearch``, carrying the scores) that hands over to the same search
with Poison tables once the floor at 0 can no longer bind. Goal cards and special cards are
refused with the reason.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ..fast import base as fast
from ..core import rules
from ..core.cards import DECK, Card
from ..core.errors import InvalidState
from ..engine.round import PLAYERS, Move, Round, player_index

__all__ = ["Band", "TrickGoal", "MoveValue", "Analysis", "RootValue", "solve", "solve_state",
           "solve_value", "value_state", "action_values", "principal_line", "SearchLimit"]


# ----------------------------------------------------------------------------- objectives

@dataclass(frozen=True)
class Band:
    """Goal: ``player`` ends the round with a number of tricks in ``band``.

    ``band`` is a band's name ('Humble', 'Defeated', 'Victorious', 'Greedy') or a
    ``(low, high)`` range of tricks, both ends included."""

    player: int
    band: object

    def __post_init__(self):
        object.__setattr__(self, "player", player_index(self.player))
        b = self.band
        if isinstance(b, str):
            name = b.strip().capitalize()
            if name not in rules.BAND_RANGES:
                raise InvalidState(f"{b!r} is not a band: use one of {', '.join(rules.BANDS)}, "
                                   "or a (low, high) range of tricks.")
            object.__setattr__(self, "band", name)
        elif (isinstance(b, (tuple, list)) and len(b) == 2 and
              all(isinstance(x, int) and not isinstance(x, bool) for x in b) and
              0 <= b[0] <= b[1] <= 13):
            object.__setattr__(self, "band", (b[0], b[1]))
        else:
            raise InvalidState(f"{b!r} is not a band: use a band's name or a (low, high) range "
                               "of tricks with 0 <= low <= high <= 13.")

    @property
    def range(self) -> tuple:
        return rules.BAND_RANGES[self.band] if isinstance(self.band, str) else self.band

    def describe(self) -> str:
        low, high = self.range
        span = f"{low} trick{'s' if low != 1 else ''}" if low == high else f"{low}-{high} tricks"
        return f"{self.band} ({span})" if isinstance(self.band, str) else span


@dataclass(frozen=True)
class TrickGoal:
    """Goal: ``player`` wins (``win=True``) or loses the trick being played now."""

    player: int
    win: bool = True

    def __post_init__(self):
        object.__setattr__(self, "player", player_index(self.player))
        if not isinstance(self.win, bool):
            raise InvalidState(f"TrickGoal.win must be True or False, not {self.win!r}.")

    def describe(self) -> str:
        return "win this trick" if self.win else "lose this trick"


POINTS = "points"


def _check_objective(objective):
    if objective == POINTS or isinstance(objective, (Band, TrickGoal)):
        return objective
    raise InvalidState(f"{objective!r} is not an objective: use 'points', Band(player, band) or "
                       "TrickGoal(player, win).")


# ----------------------------------------------------------------------------- results

@dataclass(frozen=True)
class MoveValue:
    """One legal move, what it is worth for the player to play, and why in plain words."""

    move: Move
    value: int
    explanation: str
    exact: bool = True          # False when a search limit left only an estimate
    low: int | None = None      # proven bounds on the true value (equal to value when exact)
    high: int | None = None


@dataclass(frozen=True)
class Analysis:
    """Every legal move with its value, best first. ``complete`` is False when a node or time
    limit stopped the search; then the inexact values are estimates and ``limit`` says so."""

    to_play: int
    objective: object
    moves: tuple
    best: tuple
    nodes: int
    seconds: float
    complete: bool = True
    limit: str | None = None

    @property
    def value(self) -> int | None:
        """The value of the position for the player to play (that of the best moves)."""
        return self.best[0].value if self.best else None

    def value_of(self, move) -> int:
        """The value of one move (a ``Move`` or a card)."""
        for mv in self.moves:
            if mv.move == move or (not isinstance(move, Move) and mv.move == Move(Card(move))):
                return mv.value
        raise InvalidState(f"{move} is not one of the legal moves analysed.")

    def to_json(self) -> dict:
        return {"to_play": PLAYERS[self.to_play],
                "moves": [{"play": mv.move.to_json(), "value": mv.value} for mv in self.moves],
                "nodes": self.nodes, "seconds": round(self.seconds, 6)}




@dataclass(frozen=True)
class RootValue:
    """The value of a position for the player to play, and one move that achieves it (no
    value for the other moves: cheaper than ``solve``). ``value`` is in the same units as a
    ``MoveValue``'s (points difference, or 1/0 for a goal). When a node or time limit stopped
    the search, ``complete`` is False, ``value`` is None and ``low``/``high`` bound it."""

    to_play: int
    objective: object
    value: int | None
    best: tuple             # a best move (one ``Move``), or () when a limit stopped it first
    nodes: int
    seconds: float
    complete: bool = True
    limit: str | None = None
    low: int | None = None
    high: int | None = None

    def to_json(self) -> dict:
        out = {"to_play": PLAYERS[self.to_play], "value": self.value,
               "best": [mv.to_json() for mv in self.best], "nodes": self.nodes,
               "seconds": round(self.seconds, 6)}
        if not self.complete:
            out.update(complete=False, limit=self.limit, low=self.low, high=self.high)
        return out


class SearchLimit(Exception):
    """Raised inside the search when the node or time limit is reached."""


# ----------------------------------------------------------------------------- the search

_BIG = 1000
#: Most entries the transposition tables may hold together (about 650 MB) before they are
#: emptied; see ``_Search``.
TABLE_CAP = 4_000_000


def _final_table(objective, total: int):
    """``final[me * 14 + t]``: value for player ``me`` who ends the round with ``t`` tricks,
    the opponent having ``total - t``; and the weight of a Treasure point."""
    final = [0] * 28
    for me in (0, 1):
        for t in range(14):
            other = total - t
            if other < 0:
                continue
            if objective == POINTS:
                v = fast.POINTS[t] - fast.POINTS[other]
            else:
                low, high = objective.range
                mine = t if me == objective.player else other
                reached = low <= mine <= high
                v = 1 if reached == (me == objective.player) else -1
            final[me * 14 + t] = v
    return final, (1 if objective == POINTS else 0)


def _deck_info(deck, everything):
    """(key, mask) of the deck cards that can still be drawn. There is one draw per Woodcutter
    left in ``everything`` (hands, deck and decree), and a discard goes to the bottom, so when
    the deck holds at least that many cards the deeper ones never come back into play."""
    if not deck:
        return 0, 0
    w = (everything & fast.WOODCUTTERS).bit_count()
    if not w:
        return 0, 0
    key = live = 0
    for c in deck[:w]:
        key = key * 34 + c + 1
        live |= 1 << c
    return key, live


def _no_nodes() -> int:
    return 0


def _treasure_bounds(final, weight: int, poison: bool, total: int):
    """Score bounds that count where the Treasure can go: with ``k`` more tricks a player
    takes at most ``2k`` cards, so at most ``min(s, 2k)`` of the ``s`` 7s still in play, and
    the opponent takes every 7 that is sure to be played (``ss`` of them) but not in those
    tricks. So the best end value for ``me`` holding ``t0`` tricks and winning ``klo..khi``
    more is ``max(final[t0 + k] + w * (min(s, 2k) - max(0, ss - 2k)))``; without the 2k
    limits (the bounds before) aiming at no more tricks looked worth every 7 in play.
    With Poison 8s the scoring cards are counted as before (an 8 is worth most to the player
    who does not take it).

    Returns (PB, LB): ``PB[(((me * 14 + t0) * 14 + klo) * 14 + khi) * 8 + s]`` for plain
    nodes (every card in a hand is played: ``ss = s``), ``LB[((me * 14 + t0) * 14 + r) * 64
    + s * 8 + ss]`` for nodes with decisions (``klo = 0``, ``khi = r``)."""
    key = (tuple(final), weight, poison, total)
    cached = _TREASURE_BOUNDS.get(key)
    if cached is not None:
        return cached
    if len(_TREASURE_BOUNDS) >= 16:
        _TREASURE_BOUNDS.clear()        # a few objectives at a time; 0.5 MB each

    def best(me, t0, klo, khi, s, ss):
        if poison:
            return max(final[me * 14 + t0 + k] for k in range(klo, khi + 1)) + weight * s
        return max(final[me * 14 + t0 + k] +
                   weight * (min(s, 2 * k) - max(0, ss - 2 * k)) for k in range(klo, khi + 1))

    top = 7 if poison else 4
    PB = [0] * (28 * 14 * 14 * 8)
    LB = [0] * (28 * 14 * 64)
    for me in (0, 1):
        for t0 in range(total + 1):
            for khi in range(total - t0 + 1):
                for klo in range(khi + 1):
                    base = (((me * 14 + t0) * 14 + klo) * 14 + khi) * 8
                    for s in range(top):
                        PB[base + s] = best(me, t0, klo, khi, s, s)
                base = ((me * 14 + t0) * 14 + khi) * 64
                for s in range(top):
                    for ss in range(s + 1):
                        LB[base + s * 8 + ss] = best(me, t0, 0, khi, s, ss)
    _TREASURE_BOUNDS[key] = PB, LB
    return PB, LB


_TREASURE_BOUNDS: dict = {}


class _Search:
    """The alpha-beta search for one objective; its transposition tables persist across the
    calls that analyse the moves of one position.

    Values are from the point of view of the player to move and count only what happens from
    this node on (Treasure of later tricks and the end-of-round value). There is one call per
    trick: a node is a position at the start of a trick, and the follower's replies to each
    lead are looped over inside it. ``plain`` searches positions where no Fox or Woodcutter
    decision can come up again; ``lead`` the others."""

    def __init__(self, objective, total: int, node_limit=None, deadline=None,
                 poison: bool = False):
        self.final, self.weight = _final_table(objective, total)
        # Poison 8s where the floor at 0 can no longer bind (``_PoisonSearch`` calls it only
        # there): a trick is then worth its Treasure minus its Poison, and the 8s are not
        # plain cards. Only the tables differ, so the base game's search runs the same code.
        self.poison = poison
        self.symmetric = objective == POINTS
        self.total = total
        self.node_limit = node_limit
        self.deadline = deadline
        self.tt: dict = {}
        self.ptt: dict = {}
        self.etab: dict = {}
        self.ltab: dict = {}
        self.table_cap = TABLE_CAP
        self.cleared = 0
        self.outside = _no_nodes
        self._build()

    def _build(self):
        FINAL, W = self.final, self.weight
        TRICK, SUIT, RANK, BIT = fast.TRICK, fast.SUIT, fast.RANK, fast.BIT
        cards_of = fast.cards_of
        SUITM, SWANB = fast.CARD_SUIT_MASK, fast.SWAN_BIT
        FOXES, WOODS, SEVENS = fast.FOXES, fast.WOODCUTTERS, fast.TREASURES
        WITCHES, NINE = fast.WITCHES, _NINE_OF_SUIT
        NINE_T = tuple(_NINE_OF_SUIT[s * 11] for s in range(3))
        BELOW = _BELOW
        PLAIN = _PLAIN_CARDS[self.poison]
        # In a plain position a Woodcutter has nothing to draw (and no Fox is left).
        PLAINP = tuple(PLAIN[c] or fast.RANK[c] == 5 for c in range(33))
        BEAT = _BEATS
        # Treasure points of a trick code, weighted by the objective.
        TW = tuple(W * (code >> 2) for code in range(16))
        if self.poison:
            # Codes carry Treasure minus Poison plus 2; an 8 bounds the value as a 7 does.
            TRICK = _POISON_TRICK
            TW = tuple(W * ((code >> 2) - 2) for code in range(20))
            SEVENS = fast.TREASURES | _EIGHTS
        ME = 0 if self.symmetric else 1 << 76
        PME = 0 if self.symmetric else 1 << 72
        tt, ptt = self.tt, self.ptt
        tt_get, ptt_get = tt.get, ptt.get
        # Exact values of the last two tricks (with and without decisions left).
        etab, ltab = self.etab, self.ltab
        etab_get, ltab_get = etab.get, ltab.get
        HL = [0] * (64 * 35)
        HF = [0] * (64 * 35)
        # The reply that last refuted a lead card under a trump (the trump after the lead: a
        # Fox's exchange may change it, and with it what refutes the lead):
        # KILL[((tricks_left * 14 + tricks_won) * 33 + card) * 3 + trump].
        KILL = [-1] * (14 * 14 * 33 * 3)
        DECIDES = tuple(1 if fast.RANK[c] == 3 else 2 if fast.RANK[c] == 5 else 0
                        for c in range(33))
        DECIDERS = FOXES | WOODS
        # Plain nodes: the reply card that last refuted a lead,
        # PKILL[(tricks_left * 14 + tricks_won) * 33 + lead].
        PKILL = [-1] * (14 * 14 * 33)
        LKILL = [-1] * 28 * 14
        # Nodes with decisions: the lead that last cut off, per tricks left, player, tricks
        # won and trump.
        LGKILL = [-1] * 28 * 14 * 3
        hl_key, hf_key = HL.__getitem__, HF.__getitem__
        # Score bounds: best end-of-round value for `me` holding t tricks with r tricks still
        # to play: HI[(me * 14 + t) * 14 + r].
        HI = [0] * (28 * 14)
        for me in (0, 1):
            for t in range(14):
                for r in range(14 - t):
                    HI[(me * 14 + t) * 14 + r] = max(FINAL[me * 14 + t + k] for k in range(r + 1))
        # HI2[(me * 14 + a) * 14 + z]: best end value for `me` ending with a..z tricks.
        HI2 = [0] * (28 * 14)
        for me in (0, 1):
            for a in range(14):
                for z in range(a, 14):
                    HI2[(me * 14 + a) * 14 + z] = max(FINAL[me * 14 + t] for t in range(a, z + 1))
        PB, LB = _treasure_bounds(FINAL, W, self.poison, self.total)
        TRUMPM = tuple(SUITM[t * 11] for t in range(3))
        search = self
        nodes = 0
        # At most node_limit nodes are visited; the clock and the tables' size are looked at
        # every 4096 nodes.
        after_limit = self.node_limit + 1 if self.node_limit is not None else 1 << 62
        check_at = min(after_limit, 4096)
        table_cap = self.table_cap

        def check():
            nonlocal check_at
            # ``outside``: nodes another search counts towards the same limit (the Poison
            # search above this one; 0 otherwise).
            used = nodes + search.outside()
            if used >= after_limit:
                raise SearchLimit("node")
            if search.deadline is not None and time.perf_counter() >= search.deadline:
                raise SearchLimit("time")
            if len(tt) + len(ptt) + len(etab) + len(ltab) > table_cap:
                # Entries are only bounds, so forgetting them costs time, never exactness;
                # without this a long search would fill the memory.
                tt.clear()
                ptt.clear()
                etab.clear()
                ltab.clear()
                search.cleared += 1
            check_at = nodes + min(4096, after_limit - used)

        def woods(hm, ho, decree, deck, live):
            """The Woodcutters left in the hands, the deck and the decree. ``live`` holds the
            top min(w, len(deck)) cards of the deck, so w is its size unless it is the whole
            deck."""
            n = live.bit_count()
            if n < len(deck):
                return n
            return ((hm | ho | BIT[decree] | live) & WOODS).bit_count()

        def deck_top(deck, w):
            """``_deck_info`` for a deck and a known number ``w`` of Woodcutters left."""
            key = live = 0
            if w > 0:
                for c in deck[:w]:
                    key = key * 34 + c + 1
                    live |= BIT[c]
            return key, live

        def last2(hm, ho, tr, twm, me):
            """The last two tricks, no decision left: their exact value for the leader."""
            key = hm | ho << 33 | tr << 66 | twm << 68 | me * PME
            best = ltab_get(key)
            if best is not None:
                return best
            best = -_BIG
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
            both = hm | ho
            key = (hm | ho << 33 | (decree if both & FOXES else 33 + SUIT[decree]) << 66 |
                   twm << 72 | me * ME)
            if deck and both & WOODS:
                key |= (deck[0] + 1 + (34 * deck[1] + 34 if len(deck) > 1 else 0)) << 77
            best = etab_get(key)
            if best is not None:
                return best
            best = -_BIG
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
                    cur = _BIG
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

        def plain(hm, ho, tr, twm, two, me, alpha, beta):
            """The player to move leads from ``hm`` (2 cards or more), trump ``tr``, and no Fox
            or Woodcutter decision can come up again (no Fox in a hand, and no Woodcutter in a
            hand or no card left to draw). Replies: winning ones cheapest first, then losing
            ones cheapest first; a table of bounds and best lead at these nodes only."""
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
                # Sure tricks: each trump above every trump of the other side wins the trick
                # it is played in (a 9 of another suit, a lone Witch, counts as a trump 9 for
                # its holder), so each side's tricks lie in a narrower range; and the 7s can
                # only go where the tricks go (``_treasure_bounds``).
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
                lo, hi, bm = -_BIG, _BIG, -1
            a0, b0 = alpha, beta
            inplay = hm | ho
            if inplay & WITCHES:
                inplay |= NINE_T[tr]
            # The first lead: the table's (a lead searched in this very position), else the
            # lowest lead no reply can beat (a sure winner; it is never a plain card right
            # above another plain card of mine, which would be the same lead), else the killer
            # if it is a lead worth searching, else the lowest card. The other leads are only
            # listed if it does not cut off.
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
                # The reply that last refuted this lead with as many cards left goes first
                # (as the lowest card of its run of equivalent cards).
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
                                v = t - (lv if lv is not None else
                                         last2(h2, h1, tr, two + 1, nxt))
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
                                v = t + (lv if lv is not None else
                                         last2(h1, h2, tr, twm + 1, me))
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
                if cur > best:
                    best, bestm = cur, c
                    if cur > alpha:
                        alpha = cur
                        if cur >= beta:
                            LKILL[(r * 2 + me) * 14 + twm] = c
                            break
                if leads < 0:
                    # The leads worth searching: a plain card right above another plain card
                    # of mine (no card in play between them) is the same lead. Leads no reply
                    # can beat (sure winners) are tried first: 4-5% fewer nodes on plain
                    # 10-13-card positions than the lowest card first.
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

        def lead(hm, ho, decree, deck, dk, live, twm, two, me, alpha, beta):
            """The player to move leads from ``hm`` (3 cards or more); the opponent holds
            ``ho``; a Fox or Woodcutter decision may still come up. Each lead is a card with
            its decision; the follower's replies (with theirs) are looped over here. Lists of
            moves are only built when the table's best lead (or the last refutation of a
            lead) does not settle the node first."""
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
                lo, hi, bm = -_BIG, _BIG, -1
                # The 7s in play, and those sure to be played: in the hand of a player who
                # can never put a card aside (no Fox, no Woodcutter with a deck to draw from:
                # a card only enters a hand through one of those).
                dec = FOXES | WOODS if deck else FOXES
                sev = (hm | ho | live | BIT[decree]) & SEVENS
                ss = ((0 if hm & dec else hm) | (0 if ho & dec else ho)) & sev
                n7 = sev.bit_count()
                sev = n7 * 8 + ss.bit_count()
                b = LB[((me * 14 + twm) * 14 + r) * 64 + sev]
                b2 = -LB[(((1 - me) * 14 + two) * 14 + r) * 64 + sev]
                if not fox_live:
                    # The trump is settled: sure tricks as in plain nodes, for a side that
                    # can never put a card aside, against every trump that can ever reach
                    # the other side (its hand and the deck cards that can still be drawn).
                    T = TRUMPM[SUIT[decree]]
                    km = ko = 0
                    if not hm & dec:
                        oth = ho | live
                        ot = oth & T
                        km = ((hm & T) >> ((ot | NINE_T[SUIT[decree]]) if oth & WITCHES & ~T
                                           else ot).bit_length()).bit_count()
                    if not ho & dec:
                        oth = hm | live
                        mt = oth & T
                        ko = ((ho & T) >> ((mt | NINE_T[SUIT[decree]]) if oth & WITCHES & ~T
                                           else mt).bit_length()).bit_count()
                    if km or ko:
                        n7 *= W
                        b3 = HI2[(me * 14 + twm + km) * 14 + twm + r - ko] + n7
                        if b3 < b:
                            b = b3
                        b3 = -HI2[((1 - me) * 14 + two + ko) * 14 + two + r - km] - n7
                        if b3 > b2:
                            b2 = b3
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
            best, bestm = -_BIG, -1
            nxt = me ^ 1
            three = r == 3
            kbase = (r * 14 + twm) * 33
            moves = None
            i = 0
            lk = ((r * 2 + me) * 14 + twm) * 3 + SUIT[decree]
            mv = bm
            if mv < 0:
                # No best lead known here: the lead that last cut off with as many tricks
                # left and won, if it is a legal lead here.
                k = LGKILL[lk]
                if k >= 0 and hm >> (k & 63) & 1:
                    c = k & 63
                    x = (k >> 6) - 1
                    kind = DECIDES[c]
                    if x < 0:
                        if kind < 2 or not deck:
                            mv = k
                    elif kind == 1:
                        if (hm ^ BIT[c]) >> x & 1:
                            mv = k
                    elif deck and ((hm ^ BIT[c]) | BIT[deck[0]]) >> x & 1:
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
                    h1 = hm ^ BIT[c] ^ BIT[x] | BIT[decree]
                    d2 = x
                    deck2 = deck
                    dk2 = dk
                    live2 = live
                else:
                    h1 = (hm ^ BIT[c] | BIT[deck[0]]) ^ BIT[x]
                    d2 = decree
                    deck2 = deck[1:] + (x,)
                    dk2, live2 = deck_top(deck2, wl - 1)
                # The follower's replies, each with its decision: the reply that refuted this
                # lead last time first, the others only if it does not.
                same = ho & SUITM[c]
                if same:
                    if RANK[c] == 11:
                        same = (1 << (same.bit_length() - 1)) | (same & SWANB[c])
                    legal = same
                else:
                    legal = ho
                kidx = (kbase + c) * 3 + SUIT[d2]
                kill = KILL[kidx]
                rv = -1
                if kill >= 0 and legal >> (kill & 63) & 1:
                    f = kill & 63
                    y = (kill >> 6) - 1
                    kind = DECIDES[f]
                    if y < 0:
                        if kind < 2 or not deck2:
                            rv = kill
                    elif kind == 1:
                        if (ho ^ BIT[f]) >> y & 1:
                            rv = kill
                    elif kind == 2 and deck2 and ((ho ^ BIT[f]) | BIT[deck2[0]]) >> y & 1:
                        rv = kill
                tried = rv
                replies = None
                j = 0
                cur, ub = _BIG, beta
                base = c * 99
                if legal & (DECIDERS if deck2 else FOXES):
                    lean = False
                else:
                    # No reply decides anything: winning replies cheapest first, then losing
                    # ones, by bits as in plain nodes.
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
                        elif replies is None:
                            replies = reply_options(c, legal, h1, ho, d2, deck2, live2)
                            if tried >= 0:
                                try:
                                    replies.remove(tried)
                                except ValueError:
                                    pass
                            if len(replies) > 1:
                                replies.sort(key=hf_key, reverse=True)
                        if not lean:
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
                        v = t - lead(h2, h1, d3, deck3, dk3, live3, to, tm, nxt, t - ub,
                                     t - alpha)
                    else:
                        v = t + lead(h1, h2, d3, deck3, dk3, live3, tm, to, me, alpha - t,
                                     ub - t)
                    if v < cur:
                        cur = v
                        if v <= alpha:
                            HF[rv] += r * r
                            KILL[kidx] = rv
                            break
                        if v < ub:
                            ub = v
                    rv = -1
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

        def lead_options(hm, ho, decree, deck, live, fox_live, wl):
            """The leads of ``hm`` (each card with its Fox or Woodcutter decision), equivalent
            ones searched once."""
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
                    _fox_options(moves, c, hm ^ low, inplay | BIT[decree], decree, ho | live,
                                 sealed)
                elif rk == 5 and deck:
                    _wood_options(moves, c, hm ^ low | BIT[deck[0]], inplay | BIT[deck[0]],
                                  deck, wl, sealed)
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
                    _fox_options(replies, f, ho ^ low, inplay2 | BIT[d2], d2, h1 | live2,
                                 sealed)
                elif rk == 5 and deck2:
                    _wood_options(replies, f, ho ^ low | BIT[deck2[0]],
                                  inplay2 | BIT[deck2[0]], deck2,
                                  woods(h1, ho, d2, deck2, live2), sealed)
                else:
                    if PLAIN[f] or rk == 5:
                        below = inplay2 & BELOW[f]
                        if below and below.bit_length() - 1 == prev:
                            prev = f
                            continue
                        prev = f
                    replies.append(f)
            return replies

        def _fox_options(moves, fox, rest, inplay, decree, others, sealed):
            """Append the Fox's exchanges (keeping the decree was appended by the caller).
            Two exchanges are the same when the two cards are equivalent plain cards and
            either no Fox can ever move the decree again, or the opponent can never receive a
            card (``sealed``), see docs/solver.md. ``others``: the opponent's hand and the
            deck cards that can still be drawn."""
            merge = sealed or not ((rest | others | BIT[decree]) & FOXES)
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
                moves.append(fox | (x + 1) << 6)

        def _wood_options(moves, wood, rest, inplay, deck, w, sealed):
            """Append the Woodcutter's discards. Two discards are the same when the two
            cards are equivalent plain cards and either the discarded card can never be drawn
            again, or the opponent can never receive a card (``sealed``).
            ``w``: the Woodcutters left before this one is played (this one included)."""
            merge = sealed or w - 1 < len(deck)
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
                moves.append(wood | (x + 1) << 6)

        def start(hm, ho, decree, deck, twm, two, me, alpha, beta):
            """A position at the start of a trick, any size: the right kind of node."""
            nonlocal nodes
            r = hm.bit_count()
            tr = SUIT[decree]
            if r == 1:
                nodes += 1
                code = TRICK[((hm.bit_length() - 1) * 33 + ho.bit_length() - 1) * 3 + tr]
                if code & 1:
                    return FINAL[me * 14 + twm] - TW[code]
                return FINAL[me * 14 + twm + 1] + TW[code]
            nh = hm | ho
            if not nh & FOXES and (not deck or not nh & WOODS):
                return plain(hm, ho, tr, twm, two, me, alpha, beta)
            if r == 2:
                return end2(hm, ho, decree, deck, twm, me)
            dk, live = _deck_info(deck, nh | fast.mask_of(deck) | BIT[decree])
            return lead(hm, ho, decree, deck, dk, live, twm, two, me, alpha, beta)

        self.start = start
        self.lead_options = lead_options
        self.reply_options = reply_options
        root_best = {}

        def follow(fh, lh, c, decree, deck, twm, two, me, alpha, beta):
            """The player to move follows ``c`` from ``fh``, the leader holding ``lh`` after
            the lead (used at the root only): the reply that was best here last time first,
            then the others by history."""
            nonlocal nodes
            nodes += 1
            _, live = _deck_info(deck, fh | lh | fast.mask_of(deck) | BIT[decree])
            same = fh & SUITM[c]
            if same:
                if RANK[c] == 11:
                    same = (1 << (same.bit_length() - 1)) | (same & SWANB[c])
                legal = same
            else:
                legal = fh
            replies = reply_options(c, legal, lh, fh, decree, deck, live)
            replies.sort(key=hf_key, reverse=True)
            rkey = (fh, lh, c, decree, deck, twm, me)
            first = root_best.get(rkey)
            if first is not None:
                replies.remove(first)
                replies.insert(0, first)
            best, bestm = -_BIG, -1
            for rv in replies:
                f = rv & 63
                y = (rv >> 6) - 1
                d3, deck3 = decree, deck
                if y < 0:
                    h2 = fh ^ BIT[f]
                elif RANK[f] == 3:
                    h2 = fh ^ BIT[f] ^ BIT[y] | BIT[decree]
                    d3 = y
                else:
                    h2 = (fh ^ BIT[f] | BIT[deck[0]]) ^ BIT[y]
                    deck3 = deck[1:] + (y,)
                code = TRICK[(c * 33 + f) * 3 + SUIT[d3]]
                if code & 1:
                    t, tm, to = TW[code], twm + 1, two
                else:
                    t, tm, to = -TW[code], twm, two + 1
                if not h2:
                    v = t + FINAL[me * 14 + tm]
                elif code & 2:
                    v = t + start(h2, lh, d3, deck3, tm, to, me, alpha - t, beta - t)
                else:
                    v = t - start(lh, h2, d3, deck3, to, tm, me ^ 1, t - beta, t - alpha)
                if v > best:
                    best, bestm = v, rv
                    if v > alpha:
                        alpha = v
                        if v >= beta:
                            break
            root_best[rkey] = bestm
            return best

        self.follow = follow

        def count():
            return nodes
        self.count = count

    # -- evaluating a fast state from the point of view of its player to move
    def value(self, s: fast.FastState, alpha: int, beta: int) -> int:
        """Fail-soft value of a play-phase state (a trick just starting, or one card led)
        within (alpha, beta), for its player to move."""
        me = s.to_play
        if not s.trick:
            return self.start(s.hands[me], s.hands[1 - me], s.decree, s.deck,
                              s.tricks_won[me], s.tricks_won[1 - me], me, alpha, beta)
        # One card is led (only at the root).
        return self.follow(s.hands[me], s.hands[1 - me], s.trick[0], s.decree, s.deck,
                           s.tricks_won[me], s.tricks_won[1 - me], me, alpha, beta)


class _PoisonSearch:
    """The points objective with Poison 8s (``docs/solver.md``, "Poison 8s").

    The winner of a trick gains its Treasure minus its Poison, but a score never goes below 0,
    so what a trick is worth depends on the winner's score: the search carries both scores. A
    node's value depends on a score only up to ``e``, the Poison 8s that can still be played
    (in the hands, in the deck cards a Woodcutter can still draw, the decree while a Fox can
    take it): from a score of at least ``e`` no loss can reach the floor. So the table's key
    holds each score capped at ``e``, and once both scores reach ``e`` the floor can no longer
    bind: the position goes to ``_Search`` with the Poison tables (``poison=True``), with all
    its speed-ups. Above that, one node per trick as in ``_Search.lead`` (the same lists of
    leads and replies, equivalent cards searched once), a table of bounds and best leads,
    score bounds, and the reply that last refuted a lead tried first.

    Same interface as ``_Search`` for ``_Root``: ``value(s, alpha, beta)`` and ``count()``.
    The node and time limits hold for the two searches together; each looks at the other's
    count every 4096 nodes of its own, so a node limit may be passed by fewer than 8192."""

    def __init__(self, total: int, node_limit=None, deadline=None):
        self.free = _Search(POINTS, total, node_limit, deadline, poison=True)
        self.final = self.free.final
        self.total = total
        self.node_limit = node_limit
        self.deadline = deadline
        self.tt: dict = {}
        self.table_cap = TABLE_CAP
        self.cleared = 0
        self._build()

    def _build(self):
        free = self.free
        FINAL = self.final
        TRICK, SUIT, RANK, BIT = fast.TRICK, fast.SUIT, fast.RANK, fast.BIT
        P8 = fast.POISON8
        SUITM, SWANB = fast.CARD_SUIT_MASK, fast.SWAN_BIT
        FOXES, WOODS, EIGHTS = fast.FOXES, fast.WOODCUTTERS, _EIGHTS
        SCORING = fast.TREASURES | _EIGHTS
        free_start, free_count = free.start, free.count
        lead_options, reply_options = free.lead_options, free.reply_options
        # HI[t * 14 + r]: the best end-of-round value holding t tricks with r still to play
        # (the points objective is the same for both players).
        HI = [0] * (14 * 14)
        for t in range(14):
            for r in range(14 - t):
                HI[t * 14 + r] = max(FINAL[t + k] for k in range(r + 1))
        KILL = [-1] * (14 * 33)
        # History: cut-offs caused by each lead and each reply (moves are ints below 64 * 35).
        HL = [0] * (64 * 35)
        HF = [0] * (64 * 35)
        hl_key, hf_key = HL.__getitem__, HF.__getitem__
        tt = self.tt
        tt_get = tt.get
        search = self
        nodes = 0
        after_limit = self.node_limit + 1 if self.node_limit is not None else 1 << 62
        check_at = min(after_limit, 4096)
        table_cap = self.table_cap

        def check():
            nonlocal check_at
            used = nodes + free_count()
            if used >= after_limit:
                raise SearchLimit("node")
            if search.deadline is not None and time.perf_counter() >= search.deadline:
                raise SearchLimit("time")
            if len(tt) > table_cap:
                tt.clear()      # bounds only: forgetting them costs time, never exactness
                search.cleared += 1
            check_at = nodes + min(4096, after_limit - used)

        def node(hm, ho, decree, deck, twm, two, sm, so, alpha, beta):
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
            dk, live = _deck_info(deck, both | dmask | BIT[decree])
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
                lo, hi, bm = -_BIG, _BIG, -1
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
            best, bestm = -_BIG, -1
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
                    _, live2 = _deck_info(deck2, h1 | ho | dmask | BIT[x] | BIT[d2])
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
                cur, ub = _BIG, beta
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

        self.node = node

        def count():
            return nodes + free_count()
        self.count = count

        def own():
            return nodes
        free.outside = own

    def value(self, s: fast.FastState, alpha: int, beta: int) -> int:
        """Fail-soft value of a play-phase state within (alpha, beta), for its player to
        move (as ``_Search.value``)."""
        me = s.to_play
        if not s.trick:
            return self.node(s.hands[me], s.hands[1 - me], s.decree, s.deck, s.tricks_won[me],
                             s.tricks_won[1 - me], s.score[me], s.score[1 - me], alpha, beta)
        # One card is led (only at the root): the follower's replies by the fast path.
        best = -_BIG
        for _, child in _children(s):
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


# ----------------------------------------------------------------------------- the root

def _remaining_tricks(s: fast.FastState) -> int:
    """Tricks still to be completed, the one in progress included."""
    if len(s.trick) == 2:
        return 1 + s.hands[s.leader].bit_count()
    if len(s.trick) == 1:
        return s.hands[1 - s.leader].bit_count()
    return s.hands[s.leader].bit_count()


def _children(s: fast.FastState) -> list:
    """(fast move or action, child state) for every legal choice in any phase."""
    if s.phase == fast.PLAY:
        return [(m, fast.apply(s, m)) for m in fast.legal_moves(s)]
    return [(a, fast.apply_action(s, a)) for a in fast.legal_actions(s)]


def _as_move(s: fast.FastState, choice: int) -> Move:
    """The ``Move`` for a choice of ``_children`` (a pending decision names its card)."""
    if s.phase == fast.PLAY:
        return fast.to_move(choice)
    card = DECK[s.trick[-1]]
    if s.phase == fast.EXCHANGE:
        return Move(card, exchange=None if choice < 0 else DECK[choice])
    return Move(card, discard=DECK[choice])


class _Root:
    """Exact values of positions below the root, from the root player's point of view,
    counting what is gained from the root position on."""

    def __init__(self, s: fast.FastState, objective, node_limit=None, deadline=None):
        self.s = s
        self.me = s.to_play
        self.objective = objective
        self.total = sum(s.tricks_won) + _remaining_tricks(s)
        if s.poison and objective == POINTS:
            self.search = _PoisonSearch(self.total, node_limit, deadline)
        else:
            # Poison 8s change no trick's winner (ruling P1): a band's search is the same.
            self.search = _Search(objective, self.total, node_limit, deadline)

    def value(self, st: fast.FastState, alpha: int, beta: int) -> int:
        """Fail-soft value of ``st`` within (alpha, beta)."""
        me, s, search = self.me, self.s, self.search
        if self.objective == POINTS:
            delta = (st.score[me] - s.score[me]) - (st.score[1 - me] - s.score[1 - me])
        else:
            delta = 0
        if st.phase == fast.OVER:
            return delta if self.objective == POINTS else search.final[me * 14 + st.tricks_won[me]]
        if st.phase != fast.PLAY:
            # A pending decision (only at the root): the decider picks the best choice.
            best = None
            for _, child in _children(st):
                v = self.value(child, alpha, beta)
                if st.to_play == me:
                    best = v if best is None else max(best, v)
                    alpha = max(alpha, v)
                else:
                    best = v if best is None else min(best, v)
                    beta = min(beta, v)
                if alpha >= beta:
                    break
            return best
        if st.to_play == me:
            return delta + search.value(st, alpha - delta, beta - delta)
        return delta - search.value(st, delta - beta, delta - alpha)

    def exact(self, st: fast.FastState, guess: int, bounds: list) -> int:
        """MTD(f): null-window tests until the proven bounds meet. ``bounds`` is updated in
        place, so a search stopped by a limit still reports what it proved."""
        g = guess
        while bounds[0] < bounds[1]:
            beta = g + 1 if g == bounds[0] else g
            g = self.value(st, beta - 1, beta)
            if g < beta:
                bounds[1] = g
            else:
                bounds[0] = g
        return g

    def line(self, st: fast.FastState, v: int) -> tuple:
        """A principal line from ``st`` whose value is ``v``: at each turn a choice that keeps
        the value (the player to play's best), found by null-window tests. Returns the
        (state, choice) steps and the final state."""
        out = []
        while st.phase != fast.OVER:
            mine = st.to_play == self.me
            for choice, child in _children(st):
                if mine and self.value(child, v - 1, v) >= v:
                    break
                if not mine and self.value(child, v, v + 1) <= v:
                    break
            else:
                raise AssertionError("no move keeps the value: the search is inconsistent")
            out.append((st, choice))
            st = child
        return out, st


def _card_text(move: Move) -> str:
    text = f"the {move.card.name()}"
    if move.exchange is not None:
        text += f", swapping the {move.exchange.name()} for the decree card"
    if move.discard is not None:
        text += f", putting the {move.discard.name()} under the deck"
    return text


def _move_text(move: Move, s: fast.FastState) -> str:
    """'the 9 of Moons', 'the 3 of Bells, keeping the decree card', ..."""
    text = _card_text(move)
    fox = move.card.rank == rules.FOX and move.exchange is None
    if fox and (s.phase == fast.EXCHANGE or
                (s.phase == fast.PLAY and s.hands[s.to_play] & ~fast.BIT[move.card.index])):
        text += ", keeping the decree card"
    if s.phase == fast.EXCHANGE:
        text = text.split(", ", 1)[1] + " (the Fox's choice)"
    elif s.phase == fast.DISCARD:
        text = text.split(", ", 1)[1] + " (the Woodcutter's choice)"
    return text[0].upper() + text[1:]


def _points_text(name: str, value: int, split=None) -> str:
    pts = f"{abs(value)} point{'s' if abs(value) != 1 else ''}"
    if value > 0:
        core = f"with best play by both you end {pts} ahead of your opponent from here on"
    elif value < 0:
        core = f"with best play by both you end {pts} behind your opponent from here on"
    else:
        core = ("with best play by both you and your opponent gain the same number of points "
                "from here on")
    if split is not None:
        core += f" (for example you {split[0]}, your opponent {split[1]})"
    return f"{name}: {core}."


def _goal_text(name: str, value: int, objective, me: int) -> str:
    goal = objective.describe()
    if isinstance(objective, Band):
        if objective.player == me:
            return (f"{name} secures {goal} against any defence." if value else
                    f"{name} does not secure {goal}: your opponent can stop it.")
        return (f"{name} leaves your opponent able to force {goal}." if value else
                f"{name} stops your opponent from forcing {goal}.")
    verb = "win" if objective.win else "lose"
    if objective.player == me:
        return (f"{name} makes sure you {verb} this trick, whatever your opponent does."
                if value else f"{name} does not make sure you {verb} this trick: your "
                "opponent can prevent it.")
    return (f"{name} lets your opponent {verb} this trick if they want to." if value else
            f"{name} stops your opponent from choosing to {verb} this trick.")


def _check_modules(rnd: Round) -> None:
    """Refuse a round with modules the search does not count: the base game and Poison 8s
    only (``docs/solver.md``, "Deluxe modules")."""
    modules = rnd.modules
    if modules.goals:
        raise InvalidState("The solver works out the base game and Poison 8s only: it cannot "
                           "value a round played with goal cards (the points of the goals "
                           "claimed are not in its search), so it gives no values rather than "
                           "wrong ones.")
    if modules.special:
        raise InvalidState("The solver works out the base game and Poison 8s only: it cannot "
                           "value a round played with special cards (their abilities are not "
                           "in its search), so it gives no values rather than wrong ones.")


def _check_state(s) -> None:
    """Refuse a fast state with goal cards (the fast path plays them; this search does not
    count their points)."""
    if getattr(s, "goals", None) is not None:
        raise InvalidState("The solver works out the base game and Poison 8s only: it cannot "
                           "value a round played with goal cards (the points of the goals "
                           "claimed are not in its search), so it gives no values rather than "
                           "wrong ones.")


def _check_limit(name, lim):
    if lim is not None and (isinstance(lim, bool) or not isinstance(lim, (int, float))
                            or lim <= 0):
        raise InvalidState(f"{name} must be a positive number, not {lim!r}.")


def solve(rnd: Round, objective="points", node_limit=None, time_limit=None,
          lines: bool = True) -> Analysis:
    """Analyse every legal move of the player to play in ``rnd`` (every card known).

    ``objective``: ``"points"``, ``Band(player, band)`` or ``TrickGoal(player, win)``.
    ``node_limit`` (nodes) and ``time_limit`` (seconds) stop the search early; the analysis
    then says so (``complete`` False, ``limit`` text, inexact moves marked in their text).
    Works in every phase: during a Fox's exchange or a Woodcutter's discard the moves are that
    pending decision, each a ``Move`` of the card just played with its choice.
    ``lines``: for the points objective, follow a best line after each move to say how the
    points could split ("for example you 6, your opponent 2").
    """
    if not isinstance(rnd, Round):
        raise InvalidState(f"solve() needs a Round, not {type(rnd).__name__}.")
    objective = _check_objective(objective)
    _check_modules(rnd)
    if rnd.is_over:
        raise InvalidState("The round is over: there is no move to analyse.")
    _check_limit("node_limit", node_limit)
    _check_limit("time_limit", time_limit)
    return solve_state(fast.from_round(rnd), objective, node_limit, time_limit, lines)


def solve_state(s: fast.FastState, objective="points", node_limit=None, time_limit=None,
                lines: bool = True) -> Analysis:
    """``solve`` for a ``fast.FastState`` (what computer players use)."""
    _check_state(s)
    objective = _check_objective(objective)
    if s.phase == fast.OVER:
        raise InvalidState("The round is over: there is no move to analyse.")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    me = s.to_play
    children = _children(s)
    moves = [_as_move(s, choice) for choice, _ in children]
    if isinstance(objective, TrickGoal):
        return _solve_trick(s, moves, children, objective, start)
    root = _Root(s, objective, node_limit, deadline)
    classes = _root_classes(s, moves)
    order = [i for i in range(len(children)) if classes[i] == i]
    bounds = {i: [-_BIG, _BIG] for i in order}
    stopped = None
    try:
        # The position's value first: it bounds every move from above, so a move worth as
        # much as the best needs one more null-window test only; then each move by MTD(f)
        # from the bounds the earlier tests proved for it.
        top = _root_mtd(root, children, order, bounds, [-_BIG, _BIG, None])
        for i in order:
            b = bounds[i]
            if b[1] > top:
                b[1] = top
            if b[0] < b[1]:
                root.exact(children[i][1], b[1], b)
    except SearchLimit as exc:
        stopped = exc.args[0]
    results = {i: (b[0] if b[0] == b[1] else None, b[0], b[1]) for i, b in bounds.items()}
    splits = {}
    if lines and objective == POINTS and stopped is None:
        try:
            for i, (_, child) in enumerate(children):
                if classes[i] == i:
                    _, end = root.line(child, results[i][0])
                    splits[i] = (end.score[me] - s.score[me],
                                 end.score[1 - me] - s.score[1 - me])
        except SearchLimit:
            splits = {}     # the values are complete; only the example splits are left out
    items = [_move_value(s, moves, classes, i, results, splits, objective, stopped)
             for i in range(len(moves))]
    ordered, best = _rank(items, _sign(objective, me))
    limit = None
    if stopped:
        what = f"{node_limit} nodes" if stopped == "node" else f"{time_limit:g} s"
        limit = (f"The search stopped at its {stopped} limit ({what}) before every move was "
                 "settled: the values marked as estimates are not proven.")
    return Analysis(me, objective, ordered, best, root.search.count(),
                    time.perf_counter() - start, stopped is None, limit)


def _move_value(s, moves, classes, i, results, splits, objective, stopped) -> MoveValue:
    rep = classes[i]
    mv = moves[i]
    name = _move_text(mv, s)
    value, low, high = results.get(rep, (None, -_BIG, _BIG))
    if value is not None:
        if objective == POINTS:
            text = _points_text(name, value, splits.get(rep))
        else:
            # The search's value is for the player to play; a goal's value is "can the goal's
            # player force it", whoever is to play.
            value = int(value > 0) if objective.player == s.to_play else int(value < 0)
            text = _goal_text(name, value, objective, s.to_play)
        if rep != i:
            other = _move_text(moves[rep], s)
            text += (f" It is worth exactly as much as {other[0].lower() + other[1:]}: no card "
                     "between the two is still in play, so they behave the same.")
        return MoveValue(mv, value, text, True, value, value)
    if objective == POINTS:
        top = _max_points(s)
        lo, hi = max(low, -top), min(high, top)
        est = (lo + hi) // 2
        what = "points difference"
    else:
        if objective.player == s.to_play:
            lo, hi = int(low > 0), int(high > 0)
        else:
            lo, hi = int(high < 0), int(low < 0)
        est, what = lo, "value"
    text = (f"{name}: estimate only, the search stopped at its {stopped} limit before this move "
            f"was settled; its {what} lies between {lo} and {hi}.")
    return MoveValue(mv, est, text, False, lo, hi)


#: No move is worth more than this many points: 6 (table) + 3 (Treasure).
_MAX_POINTS = 9


def _max_points(s: fast.FastState) -> int:
    """The most points a move can be worth: with Poison 8s the opponent may also lose 3."""
    return _MAX_POINTS + 3 if s.poison else _MAX_POINTS


def _root_classes(s: fast.FastState, moves) -> list:
    """For each root move, the index of the first move it is equivalent to (itself if none):
    the same rules the search applies at every node (see docs/solver.md)."""
    BIT, RANK = fast.BIT, fast.RANK
    PLAIN = _PLAIN_CARDS[s.poison]
    me = s.to_play
    hm, ho = s.hands[me], s.hands[1 - me]
    deck_mask = fast.mask_of(s.deck)
    _, live = _deck_info(s.deck, hm | ho | deck_mask | BIT[s.decree])
    fox_live = (hm | ho | live) & fast.FOXES
    inplay = hm | ho | live | fast.mask_of(s.trick) | (BIT[s.decree] if fox_live else 0)
    inplay = _with_witches(inplay, fox_live, s.decree)
    # The opponent can never receive a card: no Fox to take the decree, no Woodcutter to draw.
    sealed = not (ho & (fast.FOXES | fast.WOODCUTTERS))
    classes = list(range(len(moves)))
    last: dict = {}          # group -> (last plain card seen, index of its class)

    def step(i, group, card, pool):
        if pool & fast.WITCHES:
            pool |= fast.WITCHES
        below = pool & _BELOW[card]
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


#: For each card, the bit of the 9 of its suit (used for the decree: the trump 9).
_NINE_OF_SUIT = tuple(1 << (fast.SUIT[c] * 11 + 8) for c in range(33))


def _with_witches(inplay: int, fox_live: int, decree: int) -> int:
    """A lone Witch counts as a trump 9, so any Witch in play separates the trump 8 from the
    trump 10 (every suit's, while a Fox may still change trump)."""
    if inplay & fast.WITCHES:
        inplay |= fast.WITCHES if fox_live else _NINE_OF_SUIT[decree]
    return inplay


_BELOW = tuple((1 << c) - 1 & fast.CARD_SUIT_MASK[c] for c in range(33))

#: The Poison 8s (when the module is in play).
_EIGHTS = sum(fast.BIT[c] for c in range(33) if fast.POISON8[c])
#: ``_PLAIN_CARDS[poison][card]``: True for a card without any ability or points, which may be
#: merged with an equivalent one: the even ranks, except the Poison 8s.
_PLAIN_CARDS = (tuple(fast.RANK[c] % 2 == 0 for c in range(33)),
                tuple(fast.RANK[c] % 2 == 0 and not fast.POISON8[c] for c in range(33)))
#: ``fast.TRICK`` with Poison 8s: bits 2+ hold Treasure minus Poison plus 2 (0..4).
_POISON_TRICK = tuple(code & 3 | ((code >> 2) - fast.POISON8[i // 99]
                                  - fast.POISON8[i // 3 % 33] + 2) << 2
                      for i, code in enumerate(fast.TRICK))

#: ``_BEATS[led * 3 + trump]``: the cards that win the trick when they follow ``led``.
_BEATS = tuple(sum(1 << f for f in range(33) if fast.FOLLOWER_WINS[(led * 33 + f) * 3 + tr])
               for led in range(33) for tr in range(3))


def _solve_trick(s: fast.FastState, moves, children, objective: TrickGoal,
                 start: float) -> Analysis:
    """Trick goals only look to the end of the current trick: a tiny exhaustive search."""
    g, me = objective.player, s.to_play
    done = sum(s.tricks_won)
    nodes = 0

    def met(after):
        winner = 0 if after.tricks_won[0] > s.tricks_won[0] else 1
        return (winner == g) == objective.win

    def forced(state) -> bool:
        """Can g force the goal from this state, in which the trick is not complete yet?"""
        nonlocal nodes
        nodes += 1
        mover = state.to_play
        for _, child in _children(state):
            ok = met(child) if sum(child.tricks_won) > done else forced(child)
            if ok and mover == g:
                return True
            if not ok and mover != g:
                return False
        return mover != g

    items = []
    for mv, (_, child) in zip(moves, children):
        nodes += 1
        value = int(met(child) if sum(child.tricks_won) > done else forced(child))
        items.append(MoveValue(mv, value, _goal_text(_move_text(mv, s), value, objective, me),
                               True, value, value))
    ordered, best = _rank(items, _sign(objective, me))
    return Analysis(me, objective, ordered, best, nodes, time.perf_counter() - start)


def _sign(objective, me: int) -> int:
    """+1 when a higher value is better for the player to play, -1 when lower is (a goal of
    the opponent: the player to play wants to stop it)."""
    if objective == POINTS or objective.player == me:
        return 1
    return -1


def _rank(items, sign: int):
    """Moves best first for the player to play (proven values before estimates, then in the
    legal order), and the best group."""
    order = sorted(range(len(items)), key=lambda k: (-sign * items[k].value,
                                                     not items[k].exact, k))
    ordered = tuple(items[k] for k in order)
    best = tuple(m for m in ordered if m.value == ordered[0].value) if ordered else ()
    return ordered, best


def solve_value(rnd: Round, objective="points", node_limit=None,
                time_limit=None) -> RootValue:
    """The value of ``rnd`` for the player to play (every card known) and one best move,
    without working out every other move's value. ``objective`` and the limits are as for
    ``solve``; a stopped search gives ``complete`` False and proven ``low``/``high`` bounds."""
    if not isinstance(rnd, Round):
        raise InvalidState(f"solve_value() needs a Round, not {type(rnd).__name__}.")
    objective = _check_objective(objective)
    _check_modules(rnd)
    if rnd.is_over:
        raise InvalidState("The round is over: there is no move to analyse.")
    _check_limit("node_limit", node_limit)
    _check_limit("time_limit", time_limit)
    return value_state(fast.from_round(rnd), objective, node_limit, time_limit)


def value_state(s: fast.FastState, objective="points", node_limit=None,
                time_limit=None) -> RootValue:
    """``solve_value`` for a ``fast.FastState``."""
    _check_state(s)
    objective = _check_objective(objective)
    if s.phase == fast.OVER:
        raise InvalidState("The round is over: there is no move to analyse.")
    start = time.perf_counter()
    me = s.to_play
    if isinstance(objective, TrickGoal):
        children = _children(s)
        an = _solve_trick(s, [_as_move(s, c) for c, _ in children], children, objective, start)
        return RootValue(me, objective, an.value, (an.best[0].move,), an.nodes,
                         time.perf_counter() - start)
    root = _Root(s, objective, node_limit, None if time_limit is None else start + time_limit)
    children = _children(s)
    moves = [_as_move(s, c) for c, _ in children]
    classes = _root_classes(s, moves)
    order = [i for i in range(len(children)) if classes[i] == i]
    state = [-_BIG, _BIG, None]
    stopped = None
    try:
        g = _root_mtd(root, children, order, {i: [-_BIG, _BIG] for i in order}, state)
    except SearchLimit as exc:
        stopped = exc.args[0]
    lo, hi, best = state
    seconds = time.perf_counter() - start
    found = (moves[best],) if best is not None else ()
    if stopped is None:
        return RootValue(me, objective, _root_units(g, objective, me), found,
                         root.search.count(), seconds)
    what = f"{node_limit} nodes" if stopped == "node" else f"{time_limit:g} s"
    if objective == POINTS:
        top = _max_points(s)
        low, high = max(lo, -top), min(hi, top)
    else:
        low, high = sorted((_root_units(lo, objective, me), _root_units(hi, objective, me)))
    return RootValue(me, objective, None, found, root.search.count(), seconds, False,
                     f"The search stopped at its {stopped} limit ({what}) before the value "
                     "was settled: only its bounds are proven.", low, high)


def _root_mtd(root: _Root, children, order: list, bounds: dict, state: list) -> int:
    """MTD(f) on the root: the best of ``children`` (index, state) for the player to play.

    ``order`` lists the indices searched (equivalent moves left out); the move that proved
    the last lower bound moves to its front. ``bounds[i]`` is the [low, high] proven for
    child i, tightened by every null-window test. ``state`` is [low, high, best index] of the
    root, updated as the tests go (a search stopped by a limit keeps what it proved)."""
    g = 0
    while state[0] < state[1]:
        beta = g + 1 if g == state[0] else g
        g, arg = -_BIG, None
        for i in order:
            v = root.value(children[i][1], beta - 1, beta)
            b = bounds[i]
            if v >= beta:
                if v > b[0]:
                    b[0] = v
            elif v < b[1]:
                b[1] = v
            if v > g:
                g, arg = v, i
                if v >= beta:
                    break
        if g < beta:
            state[1] = g
        else:
            state[0], state[2] = g, arg
            order.remove(arg)
            order.insert(0, arg)
    return g


def _root_units(v: int, objective, me: int) -> int:
    """The search's value for the player to play, in a ``MoveValue``'s units."""
    if objective == POINTS:
        return v
    return int(v > 0) if objective.player == me else int(v < 0)


def action_values(s: fast.FastState, node_limit=None, time_limit=None):
    """Exact point values of each *action* of the player to play (``fast.legal_actions``):
    a card is worth its best Fox exchange or Woodcutter discard, so each card needs one search
    instead of one per decision; cheaper than ``solve_state`` when only the card matters.

    Returns ``(values, nodes, complete)``: ``values`` maps each action to its value (points
    the player to play gains from now minus the opponent's, best play by both). When a limit
    stops the search, ``complete`` is False and the actions not settled are left out."""
    _check_state(s)
    if s.phase == fast.OVER:
        raise InvalidState("The round is over: there is no move to analyse.")
    start = time.perf_counter()
    root = _Root(s, POINTS, node_limit, None if time_limit is None else start + time_limit)
    groups: dict = {}
    for choice, child in _children(s):
        key = choice & 63 if s.phase == fast.PLAY else choice
        groups.setdefault(key, []).append(child)
    values, guess = {}, 0
    try:
        for action, children in groups.items():
            guess = values[action] = _group_value(root, children, guess)
    except SearchLimit:
        return values, root.search.count(), False
    return values, root.search.count(), True


def _group_value(root: _Root, children, guess: int) -> int:
    """MTD(f) on the best of several choices of the player to play (the root player)."""
    lo, hi, g = -_BIG, _BIG, guess
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = -_BIG
        for child in children:
            v = root.value(child, beta - 1, beta)
            if v > g:
                g = v
                if v >= beta:
                    break
        if g < beta:
            hi = g
        else:
            lo = g
    return g


def principal_line(rnd: Round, objective="points", move=None) -> list:
    """A best line of play from ``rnd`` (after ``move`` if given) to the end of the round, as
    ``(player, Move)`` pairs: every choice is one the solver proves best for whoever makes it."""
    objective = _check_objective(objective)
    if isinstance(objective, TrickGoal):
        raise InvalidState("principal_line() follows the points or a band objective.")
    _check_modules(rnd)
    s = fast.from_round(rnd)
    if s.phase == fast.OVER:
        return []
    root = _Root(s, objective)
    start = s
    prefix = []
    if move is not None:
        choice = _choice_of(s, move)
        prefix = [(s.to_play, _as_move(s, choice))]
        start = fast.apply(s, choice) if s.phase == fast.PLAY else fast.apply_action(s, choice)
    v = root.exact(start, 0, [-_BIG, _BIG]) if start.phase != fast.OVER else 0
    steps, _ = root.line(start, v)
    return prefix + [(st.to_play, _as_move(st, choice)) for st, choice in steps]


def _choice_of(s: fast.FastState, move) -> int:
    """The fast choice for a ``Move`` (or card) in state ``s``."""
    if not isinstance(move, Move):
        move = Move(Card(move))
    for choice, _ in _children(s):
        if _as_move(s, choice) == move:
            return choice
    raise InvalidState(f"{move} is not a legal move here.")

