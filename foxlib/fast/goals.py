"""Goal cards on the fast path: the revealed goals' conditions compiled into straight-line
Python that the fast random playout runs at every trick.

``foxlib.engine.goals.evaluate`` reads a finished list of records; a playout cannot afford that at
every trick. Here every condition of the goal language (docs/goals.md) becomes a small state
machine per player, updated once per trick from the trick's facts (the two card indices, the
trump suit, who led, who won, the tricks won so far) and once at the end of the round:

- ``win_trick`` / ``lose_trick``: a table over ``(lead, follow, trump)`` says for the leader and
  for the follower whether the trick fits (won or lost, ``with``, ``against``, ``led``); the
  trick number is compared when ``trick`` is given. No state.
- ``take``: a table of how many of the trick's cards match; a count of matching cards taken
  (no state when ``count`` is 1).
- ``win_tricks``: the tricks won so far (the state's own counter). ``streak``: the run so far.
- ``round_end``: the cards taken so far (when ``taken`` is given), checked at the end.
- ``all``: which parts were met (a bit mask); ``any``: any part this moment; ``never``:
  whether the part was ever met.

A goal adds, per moment: for an ongoing goal, its points for every trigger of each player; for
a once-goal not yet claimed, its points to the player who meets it (both at once: the trick's
winner, at the end the last trick's winner), and then it is claimed. That is
``foxlib.engine.goals.evaluate`` moment by moment (rulings G1-G6); ``tests/fast/test_fast_goals.py`` checks
it against ``Round`` on thousands of random rounds with every house goal.

``program(goals)`` compiles (and caches) a ``GoalProgram`` for the revealed goals; its
``playout`` is the fast path's random playout with the goals inlined, ``step`` and ``finish``
score one trick and the end of the round (``foxlib.fast.base.apply`` uses them), ``initial`` is the
state of the goals at the start of a round (a tuple of small ints, ``FastState.gstate``).
Standard library only.
"""
from __future__ import annotations

import json

from ..core import rules
from typing import NamedTuple

from ..core.cards import DECK, SPECIAL_DECK
from ..core.errors import InvalidState
from ..core.goal_format import condition_form
from ..engine.goals import END, ROUND_TRICKS, Goal, matches
from . import encoding

N_CARDS = 33
#: Decree cards by trump suit: ``matches`` reads only the decree's suit.
_DECREE = tuple(DECK[s * 11] for s in range(3))


class Deck(NamedTuple):
    """The cards a program's tables run over: ``cards`` by index, and one decree card for each
    trump index (``matches`` reads only the decree's suit). ``BASE``: the 33 suit cards and
    the three trump suits (``foxlib.fast.base``); ``SPECIAL``: the 42 cards of the Deluxe box
    (``Card.index``: 33-41 the special cards) and a fourth trump index, 3, for a special
    decree card, which names no trump suit (``foxlib.fast.deluxe``)."""

    name: str
    cards: tuple
    decrees: tuple

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def trumps(self) -> int:
        return len(self.decrees)


BASE = Deck("base", tuple(DECK), _DECREE)
SPECIAL = Deck("special", tuple(DECK) + tuple(SPECIAL_DECK), _DECREE + (SPECIAL_DECK[0],))


def _follower_wins():
    return tuple(rules.follower_wins(DECK[lead], DECK[follow], rules.Suit(trump))
                 for lead in range(N_CARDS) for follow in range(N_CARDS) for trump in range(3))


_FW = None


def _fw():
    global _FW
    if _FW is None:
        _FW = _follower_wins()
    return _FW


def _match_table(spec, deck: Deck = BASE) -> tuple:
    """``table[card * trumps + trump]``: 1 when the card fits the description at that trump."""
    return tuple(int(matches(spec, card, decree)) for card in deck.cards
                 for decree in deck.decrees)


class _Gen:
    """Collects the tables, the state variables and the temporaries of the generated code."""

    def __init__(self, deck: Deck = BASE):
        self.deck = deck
        self.tables: dict = {}
        self._by_value: dict = {}
        self.vars: list = []
        self.temps = 0

    def table(self, values) -> str:
        values = tuple(values)
        name = self._by_value.get(values)
        if name is None:
            name = f"TAB{len(self.tables)}"
            self.tables[name] = values
            self._by_value[values] = name
        return name

    def var(self) -> str:
        name = f"g{len(self.vars)}"
        self.vars.append(name)
        return name

    def tmp(self, stem: str = "e") -> str:
        self.temps += 1
        return f"{stem}{self.temps}"

    # -- tables over the trick index: ix = (lead * size + follow) * trumps + trump in the base
    # game; with special cards ix = ((lead * size + follow) * trumps + trump) * 2 + 1 if the
    # follower won, since there the cards and the trump do not say who won (a crowned card,
    # the Mirror, which copies the decree card): the loop knows and adds it.
    def trick_table(self, fits) -> str:
        """Bit 0: ``fits(me=lead, them=follow, led=True, won)`` for the leader; bit 1: the
        same for the follower."""
        size, trumps = self.deck.size, self.deck.trumps
        fw = _fw() if self.deck is BASE else None
        out = []
        for lead in range(size):
            for follow in range(size):
                for trump in range(trumps):
                    for by_follower in ((fw[(lead * 33 + follow) * 3 + trump],) if fw else
                                        (False, True)):
                        bits = int(fits(lead, follow, True, not by_follower, trump))
                        bits |= int(fits(follow, lead, False, by_follower, trump)) << 1
                        out.append(bits)
        return self.table(out)

    def count_table(self, spec) -> str:
        """How many of the trick's two cards fit ``spec``."""
        m, size, trumps = _match_table(spec, self.deck), self.deck.size, self.deck.trumps
        twice = 1 if self.deck is BASE else 2
        return self.table(m[lead * trumps + trump] + m[follow * trumps + trump]
                          for lead in range(size) for follow in range(size)
                          for trump in range(trumps) for _ in range(twice))


def _mine(p: int) -> str:
    """The shift that picks player ``p``'s bit of a trick table (bit 0: the leader)."""
    return "leader" if p == 0 else "(leader ^ 1)"


def _range_expr(rng, x: str) -> str:
    if isinstance(rng, int):
        return f"{x} >= {rng}"
    if "exactly" in rng:
        return f"{x} == {rng['exactly']}"
    parts = []
    if "at_least" in rng:
        parts.append(f"{x} >= {rng['at_least']}")
    if "at_most" in rng:
        parts.append(f"{x} <= {rng['at_most']}")
    return " and ".join(parts) or "True"


# ----------------------------------------------------------------------------- nodes
# Each node, for one player, emits code for a trick moment (``trick``) and for the end of the
# round (``end``): lines (with indentation) that leave in a returned expression how many times
# the condition triggers at that moment.

class _Node:
    def trick(self, out: list, ind: str) -> str:
        raise NotImplementedError

    def end(self, out: list, ind: str) -> str:
        return "0"

    def guard(self) -> str | None:
        """An expression that is false at a trick where neither player can meet the condition
        (and nothing is counted), or None: it lets the code skip a goal at most tricks."""
        return None


class _TrickEvent(_Node):
    def __init__(self, gen: _Gen, cond: dict, p: int):
        won = condition_form(cond) == "win_trick"
        spec_with, spec_against = cond.get("with"), cond.get("against")
        led = cond.get("led")
        w = _match_table(spec_with, gen.deck) if spec_with is not None else None
        a = _match_table(spec_against, gen.deck) if spec_against is not None else None
        trumps = gen.deck.trumps

        def fits(me, them, is_leader, me_won, trump):
            return (me_won == won and (led is None or led == is_leader)
                    and (w is None or w[me * trumps + trump])
                    and (a is None or a[them * trumps + trump]))

        self.tab = gen.trick_table(fits)
        which = cond.get("trick")
        self.number = None if which is None else {"first": 1, "last": ROUND_TRICKS}.get(which,
                                                                                       which)
        self.p, self.gen = p, gen

    def guard(self):
        if self.number is not None:
            return f"n == {self.number} and {self.tab}[ix]"
        return f"{self.tab}[ix]"

    def trick(self, out, ind):
        e = self.gen.tmp()
        test = f"{self.tab}[ix] >> {_mine(self.p)} & 1"
        if self.number is not None:
            out.append(f"{ind}{e} = ({test}) if n == {self.number} else 0")
        else:
            out.append(f"{ind}{e} = {test}")
        return e


class _Take(_Node):
    def __init__(self, gen, cond, p):
        self.gen, self.p = gen, p
        self.tab = gen.count_table(cond["cards"])
        self.need = cond.get("count", 1)
        self.v = gen.var() if self.need > 1 else None

    def trick(self, out, ind):
        e = self.gen.tmp()
        if self.v is None:
            out.append(f"{ind}{e} = {self.tab}[ix] if winner == {self.p} else 0")
            return e
        k = self.gen.tmp("k")
        out += [f"{ind}{e} = 0",
                f"{ind}if winner == {self.p}:",
                f"{ind}    {k} = {self.tab}[ix]",
                f"{ind}    if {k}:",
                f"{ind}        {e} = ({self.v} + {k}) // {self.need} - {self.v} // {self.need}",
                f"{ind}        {self.v} += {k}"]
        return e


class _WinTricks(_Node):
    def __init__(self, gen, cond, p):
        self.gen, self.p, self.count = gen, p, cond["count"]

    def trick(self, out, ind):
        e = self.gen.tmp()
        out.append(f"{ind}{e} = 1 if winner == {self.p} and t{self.p} == {self.count} else 0")
        return e


class _Streak(_Node):
    def __init__(self, gen, cond, p):
        self.gen, self.p, self.need = gen, p, cond["tricks"]
        self.run = gen.var()
        self.tab = None
        if "with" in cond:
            spec = cond["with"]
            self.tab = gen.trick_table(
                lambda me, them, led, won, trump, m=_match_table(spec, gen.deck),
                t=gen.deck.trumps: m[me * t + trump])

    def trick(self, out, ind):
        e, r = self.gen.tmp(), self.run
        test = f"winner == {self.p}"
        if self.tab is not None:
            test += f" and {self.tab}[ix] >> {_mine(self.p)} & 1"
        out += [f"{ind}{e} = 0",
                f"{ind}if {test}:",
                f"{ind}    {r} += 1",
                f"{ind}    if {r} == {self.need}:",
                f"{ind}        {e} = 1",
                f"{ind}        {r} = 0",
                f"{ind}else:",
                f"{ind}    {r} = 0"]
        return e


class _RoundEnd(_Node):
    def __init__(self, gen, cond, p):
        self.gen, self.p = gen, p
        self.tricks = cond.get("tricks")
        taken = cond.get("taken")
        self.taken = None
        if taken is not None:
            self.tab = gen.count_table(taken["cards"])
            self.taken = taken.get("count", 1)
            self.v = gen.var()

    def trick(self, out, ind):
        if self.taken is not None:
            out.append(f"{ind}if winner == {self.p}:")
            out.append(f"{ind}    {self.v} += {self.tab}[ix]")
        return "0"

    def end(self, out, ind):
        tests = []
        if self.tricks is not None:
            tests.append(_range_expr(self.tricks, f"t{self.p}"))
        if self.taken is not None:
            tests.append(_range_expr(self.taken, self.v))
        e = self.gen.tmp()
        out.append(f"{ind}{e} = 1 if {' and '.join(f'({t})' for t in tests)} else 0")
        return e


class _All(_Node):
    def __init__(self, gen, cond, p):
        self.gen = gen
        self.parts = [_node(gen, c, p) for c in cond["all"]]
        self.met = gen.var()
        self.full = (1 << len(self.parts)) - 1

    def _emit(self, out, ind, moment):
        e = self.gen.tmp()
        out.append(f"{ind}{e} = 0")
        out.append(f"{ind}if {self.met} != {self.full}:")
        inner = ind + "    "
        for i, part in enumerate(self.parts):
            x = getattr(part, moment)(out, inner)
            if x != "0":
                out.append(f"{inner}if {x}:")
                out.append(f"{inner}    {self.met} |= {1 << i}")
        out.append(f"{inner}if {self.met} == {self.full}:")
        out.append(f"{inner}    {e} = 1")
        return e

    def trick(self, out, ind):
        return self._emit(out, ind, "trick")

    def end(self, out, ind):
        return self._emit(out, ind, "end")


class _Any(_Node):
    def __init__(self, gen, cond, p):
        self.gen = gen
        self.parts = [_node(gen, c, p) for c in cond["any"]]

    def _emit(self, out, ind, moment):
        xs = [x for x in (getattr(part, moment)(out, ind) for part in self.parts) if x != "0"]
        if not xs:
            return "0"
        e = self.gen.tmp()
        out.append(f"{ind}{e} = 1 if {' or '.join(xs)} else 0")
        return e

    def trick(self, out, ind):
        return self._emit(out, ind, "trick")

    def end(self, out, ind):
        return self._emit(out, ind, "end")


class _Never(_Node):
    def __init__(self, gen, cond, p):
        self.gen = gen
        self.part = _node(gen, cond["never"], p)
        self.ever = gen.var()

    def trick(self, out, ind):
        x = self.part.trick(out, ind)
        if x != "0":
            out.append(f"{ind}if {x}:")
            out.append(f"{ind}    {self.ever} = 1")
        return "0"

    def end(self, out, ind):
        x = self.part.end(out, ind)
        e = self.gen.tmp()
        out.append(f"{ind}{e} = 0 if {self.ever} or {x} else 1")
        return e


_NODES = {"win_trick": _TrickEvent, "lose_trick": _TrickEvent, "take": _Take,
          "win_tricks": _WinTricks, "streak": _Streak, "round_end": _RoundEnd, "all": _All,
          "any": _Any, "never": _Never}


def _node(gen: _Gen, cond: dict, p: int) -> _Node:
    return _NODES[condition_form(cond)](gen, cond, p)


# ----------------------------------------------------------------------------- goals

def _goal_code(gen: _Gen, i: int, goal: Goal, moment: str, nodes, claimed) -> list:
    """The lines that score goal ``i`` at a moment: add to ``d0``/``d1`` and log claims."""
    out = []
    pts = goal.points
    when = "n"
    guard = nodes[0].guard() if moment == "trick" else None
    if guard is not None and guard != nodes[1].guard():
        guard = None
    if goal.kind == "ongoing":
        for p in (0, 1):
            x = getattr(nodes[p], moment)(out, "")
            if x == "0":
                continue
            out += [f"if {x}:",
                    f"    d{p} += {pts} * {x}",
                    "    if log is not None:",
                    f"        log.extend([('claim', {i}, {p}, {when})] * {x})"]
        if guard is not None and out:
            out = [f"if {guard}:"] + ["    " + line for line in out]
        return out
    body = []
    xs = [getattr(nodes[p], moment)(body, "    ") for p in (0, 1)]
    if xs == ["0", "0"]:
        # Nothing is met at this moment, but counts may still move (round_end, never).
        return [f"if not {claimed}:"] + body if body else out
    x0, x1 = xs
    w = gen.tmp("w")
    body += [f"    if {x0} or {x1}:",
             f"        {claimed} = 1",
             f"        {w} = winner if ({x0} and {x1}) else (0 if {x0} else 1)",
             f"        if {w}:",
             f"            d1 += {pts}",
             "        else:",
             f"            d0 += {pts}",
             "        if log is not None:",
             f"            log.append(('claim', {i}, {w}, {when}))"]
    if guard is not None:
        return [f"if not {claimed} and {guard}:"] + body
    return [f"if not {claimed}:"] + body


def _key(goal: Goal) -> tuple:
    return (goal.id, goal.kind, goal.points, json.dumps(goal.condition, sort_keys=True))


class GoalProgram:
    """The revealed goals compiled for the fast path (see the module's docs). ``ids``: the
    goals' ids in order (a claim's goal index points into it). ``deck``: ``BASE`` (the
    program of ``foxlib.fast.base``, with its playouts) or ``SPECIAL`` (``foxlib.fast.deluxe``
    puts ``trick_lines`` and ``end_lines`` into its own loop, with ``tables``)."""

    def __init__(self, goals, deck: Deck = BASE):
        self.goals = tuple(goals)
        self.ids = tuple(g.id for g in self.goals)
        self.deck = deck
        gen = _Gen(deck)
        trick, end = [], []
        for i, goal in enumerate(self.goals):
            claimed = gen.var() if goal.kind == "once" else None
            nodes = [_node(gen, goal.condition, p) for p in (0, 1)]
            trick += _goal_code(gen, i, goal, "trick", nodes, claimed)
            end += _goal_code(gen, i, goal, "end", nodes, claimed)
        self.initial = tuple(0 for _ in gen.vars)
        self.vars, self.tables = tuple(gen.vars), gen.tables
        self.trick_lines, self.end_lines = tuple(trick), tuple(end)
        self.source = _source(gen.vars, trick, end, deck)
        namespace = dict(gen.tables)
        namespace.update(TRICK=encoding.TRICK, CARD_SUIT_MASK=encoding.CARD_SUIT_MASK,
                         SWAN_BIT=encoding.SWAN_BIT, DECIDES=encoding.DECIDES,
                         IS_MONARCH=encoding.IS_MONARCH, POISON8=encoding.POISON8,
                         POINTS=encoding.POINTS, ability=encoding.random_ability, END=END)
        exec(compile(self.source, f"<goals {' '.join(self.ids)}>", "exec"), namespace)
        self.step = namespace["step"]
        self.finish = namespace["finish"]
        self._playouts = ((namespace["playout"], namespace["playout_poison"])
                          if deck is BASE else None)

    def playout(self, poison: bool):
        """The random playout with these goals (``fast._playout``'s signature plus the goal
        state): returns ``(t0, t1, s0, s1)``, the scores floored at 0 at every trick. The
        base game's program only (``fast_deluxe`` makes its own)."""
        if self._playouts is None:
            raise InvalidState("These goals are compiled for the special cards' fast path "
                               "(foxlib.fast.deluxe), which plays them in its own loop.")
        return self._playouts[poison]

    def __repr__(self) -> str:
        return f"GoalProgram({self.ids!r}{'' if self.deck is BASE else ', SPECIAL'})"

    def __reduce__(self):
        return program, (self.goals, self.deck.name)


def _indent(lines, ind: str) -> str:
    return "\n".join(ind + line for line in lines) if lines else ind + "pass"


#: The trick index in ``step`` (``led``, ``fc``: the cards; ``winner ^ leader``: 1 if the
#: follower won).
_IX = {"base": "(led * 33 + fc) * 3 + trump",
       "special": "((led * 42 + fc) * 4 + trump) * 2 + (winner ^ leader)"}


def _source(state_vars, trick, end, deck: Deck = BASE) -> str:
    unpack = (", ".join(state_vars) + ", = gs") if state_vars else "pass"
    pack = "(" + "".join(v + ", " for v in state_vars) + ")"
    t8 = "        "
    parts = [f"""
def step(gs, led, fc, trump, leader, winner, t0, t1, log=None):
    '''Score one trick (``trump``: the trump index, 3 for none with special cards): the
    new goal state and each player's goal points at this trick.'''
    {unpack}
    ix = {_IX[deck.name]}
    n = t0 + t1
    d0 = d1 = 0
{_indent(trick, "    ")}
    return {pack}, d0, d1


def finish(gs, t0, t1, winner, log=None):
    '''Each player's goal points at the end of the round (``winner``: of the last trick).'''
    {unpack}
    n = END
    d0 = d1 = 0
{_indent(end, "    ")}
    return d0, d1
"""]
    if deck is not BASE:
        return "".join(parts)
    for name, poison in (("playout", False), ("playout_poison", True)):
        t = "(code >> 2) - POISON8[led] - POISON8[fc]" if poison else "code >> 2"
        parts.append(f"""
def {name}(h, decree, deck, leader, led, t0, t1, s0, s1, rnd, log, gs):
    {unpack}
    trump = decree // 11
    winner = 0
    while True:
        if led < 0:
            m = h[leader]
            if not m:
                break
            k = int(rnd() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            low = m & -m
            led = low.bit_length() - 1
            h[leader] ^= low
            if log is not None:
                log.append(("play", led))
            if DECIDES[led]:
                decree, trump = ability(h, leader, led, decree, trump, deck, rnd, log)
        f_ = leader ^ 1
        m = h[f_]
        same = m & CARD_SUIT_MASK[led]
        if same:
            if IS_MONARCH[led]:
                same = (1 << (same.bit_length() - 1)) | (same & SWAN_BIT[led])
            m = same
        k = int(rnd() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        low = m & -m
        fc = low.bit_length() - 1
        h[f_] ^= low
        if log is not None:
            log.append(("play", fc))
        if DECIDES[fc]:
            decree, trump = ability(h, f_, fc, decree, trump, deck, rnd, log)
        ix = (led * 33 + fc) * 3 + trump
        code = TRICK[ix]
        winner = leader ^ (code & 1)
        t = {t}
        if winner:
            t1 += 1
        else:
            t0 += 1
        n = t0 + t1
        d0 = d1 = 0
{_indent(trick, t8)}
        b0, b1 = s0, s1
        if winner:
            s1 += t + d1
            if s1 < 0:
                s1 = 0
            if d0:
                s0 += d0
                if s0 < 0:
                    s0 = 0
        else:
            s0 += t + d0
            if s0 < 0:
                s0 = 0
            if d1:
                s1 += d1
                if s1 < 0:
                    s1 = 0
        if log is not None:
            log.append(("trick", winner, leader ^ (code >> 1 & 1), s0 - b0, s1 - b1))
        leader ^= code >> 1 & 1
        led = -1
    s0 += POINTS[t0]
    s1 += POINTS[t1]
    n = END
    d0 = d1 = 0
{_indent(end, "    ")}
    s0 += d0
    if s0 < 0:
        s0 = 0
    s1 += d1
    if s1 < 0:
        s1 = 0
    return t0, t1, s0, s1
""")
    return "".join(parts)


_CACHE: dict = {}
DECKS = {d.name: d for d in (BASE, SPECIAL)}


def program(goals, deck="base") -> GoalProgram:
    """The compiled program of these goals (``Goal`` values), cached by their content;
    ``deck``: ``"base"`` for ``foxlib.fast.base``, ``"special"`` for ``foxlib.fast.deluxe`` (the
    42 cards, a special decree card)."""
    if isinstance(deck, str):
        if deck not in DECKS:
            raise InvalidState(f"{deck!r} is not a deck the goals compile for; the decks are "
                               f"{', '.join(DECKS)}.")
        deck = DECKS[deck]
    goals = tuple(goals)
    key = (deck.name,) + tuple(_key(g) for g in goals)
    prog = _CACHE.get(key)
    if prog is None:
        prog = _CACHE[key] = GoalProgram(goals, deck)
    return prog
