"""The alpha-beta search of the exact solver (``foxlib.search.solver``), put together.

Negamax with one node per trick: a node is a position at the start of a trick, and the
follower's replies to each lead are looped over inside it. Values count only what happens from
the node on (Treasure of later tricks plus the end-of-round value, ``bounds.final_table``), so
they do not depend on the path, and one search serves every objective. ``Search`` makes its
steps in order, each from the ones before, and binds the two that call each other:

1. the tables (``table``) and the ordering tables (``ordering``);
2. the bounds (``bounds``) and the move generators (``moves``);
3. the last two tricks (``last_tricks``);
4. the plain nodes (``plain``): the node, then its replies;
5. the nodes with decisions (``lead``): the node, then its replies;
6. the entry points (``make_entry`` below): any position at a trick's start, and a lead to
   follow at the root.

Each step is a function that returns closures: the search's tables and constants are closure
variables of the step, read as fast as local ones, and each node calls the next step directly.
``docs/solver.md`` ("The search") describes the whole.
"""
from __future__ import annotations

from ..fast import base as fast
from .bounds import end_ranges, final_table, treasure_bounds
from .lead import make_lead, make_lead_replies
from .last_tricks import make_last_tricks
from .masks import BIG, EIGHTS, PLAIN_CARDS, POISON_TRICK, deck_info
from .moves import make_moves
from .objectives import POINTS
from .ordering import Order
from .plain import make_plain, make_plain_replies
from .table import first_allowance, make_check


def _no_nodes() -> int:
    return 0


class Search:
    """The alpha-beta search for one objective; its transposition tables persist across the
    calls that analyse the moves of one position.

    Values are from the point of view of the player to move. ``poison``: Poison 8s where the
    floor at 0 can no longer bind (``foxlib.search.poison`` calls it only there): a trick is
    then worth its Treasure minus its Poison, and the 8s are not plain cards. Only the tables
    differ, so the base game's search runs the same code."""

    def __init__(self, objective, total: int, node_limit=None, deadline=None,
                 poison: bool = False, table_cap: int = 4_000_000):
        self.final, self.weight = final_table(objective, total)
        self.poison = poison
        self.symmetric = objective == POINTS
        self.total = total
        self.node_limit = node_limit
        self.deadline = deadline
        W = self.weight
        if poison:
            # Codes carry Treasure minus Poison plus 2; an 8 bounds the value as a 7 does.
            self.trick = POISON_TRICK
            self.trick_weights = tuple(W * ((code >> 2) - 2) for code in range(20))
            self.sevens = fast.TREASURES | EIGHTS
        else:
            self.trick = fast.TRICK
            # Treasure points of a trick code, weighted by the objective.
            self.trick_weights = tuple(W * (code >> 2) for code in range(16))
            self.sevens = fast.TREASURES
        self.plain_cards = PLAIN_CARDS[poison]
        # In a plain position a Woodcutter has nothing to draw (and no Fox is left).
        self.plainp = tuple(self.plain_cards[c] or fast.RANK[c] == 5 for c in range(33))
        # The leader's side in the table keys (bands only: the points objective is symmetric).
        self.side_bit = 0 if self.symmetric else 1 << 76
        self.plain_side_bit = 0 if self.symmetric else 1 << 72
        self.treasure_bounds = treasure_bounds(self.final, W, poison, total)
        self.end_ranges = end_ranges(self.final)
        self.tt: dict = {}
        self.ptt: dict = {}
        self.etab: dict = {}
        self.ltab: dict = {}
        self.table_cap = table_cap
        self.cleared = 0
        self.order = Order()
        self.outside = _no_nodes
        self.counts: list = []
        self.rechecks: list = []
        self.first_check = first_allowance(node_limit)
        self._build()

    def _build(self):
        check, look = make_check(self)
        lead_options, reply_options, woods, deck_top = make_moves(self)
        self.lead_options, self.reply_options = lead_options, reply_options
        last2, end2 = make_last_tricks(self, look)
        plain, bind_plain = make_plain(self, check, last2)
        bind_plain(make_plain_replies(self, plain, last2))
        lead, bind_lead = make_lead(self, check, lead_options, deck_top)
        bind_lead(make_lead_replies(self, lead, plain, last2, end2, reply_options, woods,
                                    deck_top))
        self.start, self.follow = make_entry(self, plain, lead, end2, reply_options)

    def count(self) -> int:
        """The nodes visited so far."""
        return sum(count() for count in self.counts)

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


def make_entry(search, plain, lead, end2, reply_options):
    """``(start, follow)``: the entry points of ``search``. They count their own nodes."""
    FINAL, TW, TRICK = search.final, search.trick_weights, search.trick
    hf_key = search.order.reply_history.__getitem__
    SUIT, RANK, BIT = fast.SUIT, fast.RANK, fast.BIT
    SUITM, SWANB = fast.CARD_SUIT_MASK, fast.SWAN_BIT
    FOXES, WOODS = fast.FOXES, fast.WOODCUTTERS
    nodes = 0
    root_best = {}

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
        dk, live = deck_info(deck, nh | fast.mask_of(deck) | BIT[decree])
        return lead(hm, ho, decree, deck, dk, live, twm, two, me, alpha, beta)

    def follow(fh, lh, c, decree, deck, twm, two, me, alpha, beta):
        """The player to move follows ``c`` from ``fh``, the leader holding ``lh`` after
        the lead (used at the root only): the reply that was best here last time first,
        then the others by history."""
        nonlocal nodes
        nodes += 1
        _, live = deck_info(deck, fh | lh | fast.mask_of(deck) | BIT[decree])
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
        best, bestm = -BIG, -1
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

    def count():
        return nodes

    search.counts.append(count)
    return start, follow
