"""Move ordering of the exact search: which lead and which reply are tried first.

The earlier a move that cuts off is tried, the fewer nodes are searched. In this order:

- the table's best lead (the lead that proved the node's last bound, ``foxlib.search.table``);
- **killers**: the lead that last cut off with as many tricks left and won, and the reply that
  last refuted a lead card; in nodes with decisions both are kept per trump as well (for a
  reply, the trump after the lead: a Fox's exchange changes it, and with it what refutes a
  lead). A killer is tried before any list of moves is built, if it is still legal
  (``killer_fits``);
- **history** (nodes with decisions): when the lists of moves are built, the moves by the
  cut-offs they caused before, weighted by the square of the tricks left (``Order``);
- a **static order** where no decision can come up (plain nodes, and replies that decide
  nothing): winning replies cheapest first, then losing ones cheapest first; sure winners
  (leads no reply can beat) first among the leads of a plain node.

``docs/solver.md`` gives the measurements behind each choice.
"""
from __future__ import annotations

from ..fast import base as fast
from .masks import DECIDES


class Order:
    """The ordering tables of one search, kept across the searches of one root position.
    Moves are ints below ``64 * 35`` (``card | (decision + 1) << 6``)."""

    def __init__(self):
        # History: cut-offs caused by each lead and each reply (nodes with decisions).
        self.lead_history = [0] * (64 * 35)
        self.reply_history = [0] * (64 * 35)
        # Nodes with decisions: the reply that last refuted a lead card under a trump,
        # ``[((tricks_left * 14 + tricks_won) * 33 + card) * 3 + trump]``, and the lead that
        # last cut off, ``[((tricks_left * 2 + player) * 14 + tricks_won) * 3 + trump]``.
        self.reply_killer = [-1] * (14 * 14 * 33 * 3)
        self.lead_killer = [-1] * (28 * 14 * 3)
        # Plain nodes: the reply card that last refuted a lead,
        # ``[(tricks_left * 14 + tricks_won) * 33 + lead]``, and the lead that last cut off,
        # ``[(tricks_left * 2 + player) * 14 + tricks_won]``.
        self.plain_reply_killer = [-1] * (14 * 14 * 33)
        self.plain_lead_killer = [-1] * (28 * 14)


def killer_fits(move: int, hand: int, deck) -> bool:
    """Whether the decision of a killer ``move`` (whose card is known to be playable) can be
    taken now from ``hand`` (the mover's hand, the card still in it) and ``deck``: a
    Woodcutter without a decision only fits an empty deck, a Fox's exchange needs the card in
    hand, a Woodcutter's discard a deck to draw from and the card in hand or drawn. The
    callers test the common case (a card without a decision) inline first."""
    c = move & 63
    x = (move >> 6) - 1
    kind = DECIDES[c]
    if x < 0:
        return kind < 2 or not deck
    if kind == 1:
        return (hand ^ fast.BIT[c]) >> x & 1 == 1
    return bool(deck) and ((hand ^ fast.BIT[c]) | fast.BIT[deck[0]]) >> x & 1 == 1
