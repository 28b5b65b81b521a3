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

#: Each node counter of a search (plain nodes, nodes with decisions) calls ``check`` at least
#: every this many of its own nodes: the clock and the tables' size are looked at about every
#: 4096 nodes in all.
CHECK_EVERY = 2048


class SearchLimit(Exception):
    """Raised inside the search when the node or time limit is reached."""


def first_allowance(node_limit) -> int:
    """The nodes a counter may count before its first call of ``check``."""
    after_limit = node_limit + 1 if node_limit is not None else 1 << 62
    return min(CHECK_EVERY, (after_limit + 1) // 2)


def make_check(search):
    """``check()`` for ``search``: raises ``SearchLimit`` once more than
    ``search.node_limit`` nodes are counted (every function in ``search.counts``, filled as
    the search's steps are made, plus ``search.outside()``, the nodes of a search above this
    one) or the deadline is passed; empties the tables when they hold more than
    ``search.table_cap`` entries; and gives each counter that calls it (``search.rechecks``)
    at most half of the nodes still allowed before its next call, so that it is called again
    before the two counters together pass the limit."""
    tt, ptt, etab, ltab = search.tt, search.ptt, search.etab, search.ltab
    counts, rechecks = search.counts, search.rechecks
    after_limit = search.node_limit + 1 if search.node_limit is not None else 1 << 62
    table_cap = search.table_cap

    def check():
        used = search.outside()
        for count in counts:
            used += count()
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
        allowance = min(CHECK_EVERY, (after_limit - used + 1) // 2)
        for recheck in rechecks:
            recheck(allowance)

    return check
