"""The transposition tables of the exact search, and the limits that watch them.

Each search (``foxlib.search.alphabeta.Search``) keeps four tables, keyed by one int:

- ``ptt``: plain nodes (no Fox or Woodcutter decision can come up again): both hands, the
  trump, the tricks won, the leader's side (bands only: the points objective is symmetric);
- ``tt``: nodes with decisions: both hands, the decree (only its suit once no Fox can be played
  again), the tricks won, the leader's side, and the top ``w`` deck cards, ``w`` being the
  Woodcutters left (``masks.deck_info``: the deeper ones are never drawn again);
- ``ltab`` and ``etab``: the exact values of the last two tricks, without and with decisions
  (``foxlib.search.last_tricks``).

``tt`` and ``ptt`` hold ``(low, high, best lead)``: bounds proven for the node's value and the
lead that proved the last one. The key layouts are written where the nodes build them, since
they are worked out for every node. ``make_check`` watches the node limit, the deadline and the
tables' size: entries are only bounds, so emptying full tables costs time, never exactness.
"""
from __future__ import annotations

import time

#: Each node counter of a search (plain nodes, nodes with decisions, the last two tricks) looks
#: at the counts at least every this many of its own nodes; the plain nodes and the nodes with
#: decisions then look at the clock and the tables' size too.
LOOK_EVERY = 2048
#: From this many nodes before the node limit on, every node looks at the counts: more than a
#: counter can count between two of its looks (the leads of the nodes being searched, and the
#: root's own nodes), so a search stops at the first plain node or node with decisions after
#: the limit, as when the search kept one counter.
NEAR = 512


class SearchLimit(Exception):
    """Raised inside the search when the node or time limit is reached."""


def _allowance(after_limit: int, used: int) -> int:
    """How many nodes each of the three counters may count before its next look."""
    a = (after_limit - used - NEAR) // 3
    return 1 if a < 1 else a if a < LOOK_EVERY else LOOK_EVERY


def first_allowance(node_limit) -> int:
    """The nodes a counter may count before its first look."""
    return _allowance(node_limit + 1 if node_limit is not None else 1 << 62, 0)


def make_check(search):
    """``(check, look)`` for ``search``. Both add up the nodes counted (every function in
    ``search.counts``, filled as the search's steps are made, plus ``search.outside()``, the
    nodes of a search above this one) and give each counter (``search.rechecks``) the nodes
    it may count before its next look. ``check`` (the plain nodes and the nodes with
    decisions) also raises ``SearchLimit`` once more than ``search.node_limit`` nodes are
    counted or the deadline is passed, and empties the tables when they hold more than
    ``search.table_cap`` entries; ``look`` (the last two tricks) only looks."""
    tt, ptt, etab, ltab = search.tt, search.ptt, search.etab, search.ltab
    counts, rechecks = search.counts, search.rechecks
    after_limit = search.node_limit + 1 if search.node_limit is not None else 1 << 62
    table_cap = search.table_cap

    def used():
        n = search.outside()
        for count in counts:
            n += count()
        return n

    def check():
        n = used()
        if n >= after_limit:
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
        a = _allowance(after_limit, n)
        for recheck in rechecks:
            recheck(a)

    def look():
        a = _allowance(after_limit, used())
        for recheck in rechecks:
            recheck(a)

    return check, look
