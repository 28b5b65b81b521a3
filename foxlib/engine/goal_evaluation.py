"""The goals met in a round, from its facts: ``evaluate(records, goal)`` reads the
``TrickRecord`` s and the ``RoundEndRecord`` of a round's history and returns frozen ``Claim`` s,
each resting on ``Fact`` s (``foxlib.words.goal_words.say_claim`` says one); ``evaluate_all``
scores the goals revealed in a round (``foxlib.engine.round``); ``matches`` tells whether a card
fits a card description. Every name here is a name of ``foxlib.engine.goals`` too. Standard
library only.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import NamedTuple

from ..core.cards import Card, Suit
from ..core.goal_format import CHARACTER_RANKS, END, ROUND_TRICKS, condition_form
from .goal_sets import Goal

# ----------------------------------------------------------------------------- evaluation

class Fact(NamedTuple):
    """One fact a claim rests on: ``event`` ('won', 'lost', 'took', 'tricks', 'streak',
    'end_tricks', 'end_taken', 'never'), the trick (None: the end of the round), the player's
    card and the opponent's (or the card taken), and a number (cards or tricks so far, a run's
    length)."""

    event: str
    trick: int | None = None
    card: Card | None = None
    other: Card | None = None
    count: int | None = None
    spec: str | None = None  # the card description or condition it is about, as JSON text

    @property
    def about(self):
        """``spec`` decoded: the card description or the condition the fact is about."""
        return None if self.spec is None else json.loads(self.spec)


@dataclass(frozen=True)
class Claim:
    """A goal met: ``player`` gains ``points`` (lost, if negative) at ``trick`` (None: at the
    end of the round), because of the facts in ``why``. ``goal`` is the goal's id; ``title``,
    ``source`` and ``kind`` are copied so that the claim can be said alone."""

    goal: str
    title: str
    source: str
    kind: str
    player: int
    trick: int | None
    points: int
    why: tuple

    @property
    def moment(self) -> int:
        return END if self.trick is None else self.trick


class _Trick(NamedTuple):
    number: int
    leader: int
    cards: tuple
    winner: int
    decree: Card


def _facts(source):
    """(tricks, round_end record or None, tricks won before the records) from a ``Round`` or
    from records (a round's ``history``: only its ``trick`` and ``round_end`` records are
    read)."""
    before = (0, 0)
    records = source
    if hasattr(source, "history"):
        records = source.history
        start = getattr(source, "start", None)
        if start is not None:
            before = tuple(start.tricks_won)
    tricks, end = [], None
    for rec in records:
        if rec.kind == "trick":
            tricks.append(_Trick(rec.number, rec.leader, tuple(rec.cards), rec.winner,
                                 rec.decree))
        elif rec.kind == "round_end":
            end = rec
    return tricks, end, before


def matches(spec: dict, card: Card, decree: Card | None = None) -> bool:
    """Whether ``card`` fits the card description ``spec`` (``decree``: the decree card at
    that trick, for ``trump``)."""
    if "special" in spec:
        return card.special == spec["special"]
    if card.special is not None:
        return "card" not in spec and not ({"rank", "suit", "character", "trump"} & set(spec))
    if "card" in spec and card is not Card(spec["card"]):
        return False
    if "rank" in spec and card.rank != spec["rank"]:
        return False
    if "suit" in spec and card.suit != Suit("BKM".index(spec["suit"])):
        return False
    if "character" in spec and card.rank != CHARACTER_RANKS[spec["character"]]:
        return False
    if "trump" in spec and (decree is not None and card.suit == decree.suit) != spec["trump"]:
        return False
    return True


def _frozen(obj) -> str:
    """A card description or condition as JSON text, so that a fact (and a claim) stays
    hashable."""
    return json.dumps(obj, sort_keys=True)


def _range_holds(rng, n: int) -> bool:
    if isinstance(rng, int):
        return n >= rng
    if "exactly" in rng:
        return n == rng["exactly"]
    return rng.get("at_least", 0) <= n <= rng.get("at_most", n)


def _trick_holds(cond: dict, t: _Trick, p: int) -> bool:
    mine = t.cards[0] if t.leader == p else t.cards[1]
    theirs = t.cards[1] if t.leader == p else t.cards[0]
    which = cond.get("trick")
    if which is not None:
        number = {"first": 1, "last": ROUND_TRICKS}.get(which, which)
        if t.number != number:
            return False
    if "led" in cond and (t.leader == p) != cond["led"]:
        return False
    if "with" in cond and not matches(cond["with"], mine, t.decree):
        return False
    if "against" in cond and not matches(cond["against"], theirs, t.decree):
        return False
    return True


def triggers(cond: dict, tricks, end, p: int, before=(0, 0)) -> list:
    """Every moment player ``p`` meets ``cond``, in order: ``[(moment, facts), ...]`` (moment:
    the trick number, ``END`` for the end of the round). Only the tricks in the records count
    (and the round's end when it is recorded)."""
    form = condition_form(cond)
    out = []
    if form in ("win_trick", "lose_trick"):
        won = form == "win_trick"
        for t in tricks:
            if (t.winner == p) == won and _trick_holds(cond, t, p):
                mine = t.cards[0] if t.leader == p else t.cards[1]
                theirs = t.cards[1] if t.leader == p else t.cards[0]
                out.append((t.number, (Fact("won" if won else "lost", t.number, mine,
                                            theirs),)))
    elif form == "take":
        need, n = cond.get("count", 1), 0
        for t in tricks:
            if t.winner != p:
                continue
            for card in t.cards:
                if matches(cond["cards"], card, t.decree):
                    n += 1
                    if n % need == 0:
                        out.append((t.number, (Fact("took", t.number, card, None, n,
                                                    _frozen(cond["cards"])),)))
    elif form == "win_tricks":
        n = before[p]
        for t in tricks:
            if t.winner == p:
                n += 1
                if n == cond["count"]:
                    out.append((t.number, (Fact("tricks", t.number, None, None, n),)))
    elif form == "streak":
        run, need = 0, cond["tricks"]
        for t in tricks:
            mine = t.cards[0] if t.leader == p else t.cards[1]
            if t.winner == p and ("with" not in cond or matches(cond["with"], mine, t.decree)):
                run += 1
                if run == need:
                    out.append((t.number, (Fact("streak", t.number, None, None, need),)))
                    run = 0
            else:
                run = 0
    elif form == "round_end":
        if end is None:
            return out
        facts = []
        if "tricks" in cond:
            n = end.tricks_won[p]
            if not _range_holds(cond["tricks"], n):
                return out
            facts.append(Fact("end_tricks", None, None, None, n))
        if "taken" in cond:
            spec = cond["taken"]["cards"]
            n = sum(matches(spec, c, t.decree) for t in tricks if t.winner == p
                    for c in t.cards)
            if not _range_holds(cond["taken"].get("count", 1), n):
                return out
            facts.append(Fact("end_taken", None, None, None, n, _frozen(spec)))
        out.append((END, tuple(facts)))
    elif form == "all":
        parts = [triggers(sub, tricks, end, p, before) for sub in cond["all"]]
        if all(parts):
            firsts = [part[0] for part in parts]
            moment = max(m for m, _ in firsts)
            out.append((moment, tuple(f for _, facts in firsts for f in facts)))
    elif form == "any":
        seen = {}
        for sub in cond["any"]:
            for moment, facts in triggers(sub, tricks, end, p, before):
                seen.setdefault(moment, facts)
        out = sorted(seen.items())
    elif form == "never":
        if end is not None and not triggers(cond["never"], tricks, end, p, before):
            out.append((END, (Fact("never", None, spec=_frozen(cond["never"])),)))
    return out


def evaluate(source, goal: Goal) -> list:
    """The claims of ``goal`` in a round, from its facts: ``source`` is a ``Round`` or its
    records (``history``; a round in progress gives the claims so far). A once-goal is claimed
    by the first player to meet it, at that moment; if both meet it at the same moment, the
    winner of that trick claims it (at the end of the round: the winner of the last trick)
    (ruling 19). An ongoing goal gives a claim at each trigger, for each player who meets it."""
    tricks, end, before = _facts(source)
    per_player = [triggers(goal.condition, tricks, end, p, before) for p in (0, 1)]

    def claim(p, moment, facts):
        return Claim(goal.id, goal.title, goal.source, goal.kind, p,
                     None if moment == END else moment, goal.points, facts)

    if goal.kind == "ongoing":
        found = [claim(p, m, f) for p in (0, 1) for m, f in per_player[p]]
        return sorted(found, key=lambda c: (c.moment, c.player != _winner_at(tricks,
                                                                              c.moment)))
    firsts = [(found[0][0], p, found[0][1]) for p, found in enumerate(per_player) if found]
    if not firsts:
        return []
    moment = min(m for m, _, _ in firsts)
    at_once = [(p, f) for m, p, f in firsts if m == moment]
    if len(at_once) == 2:
        winner = _winner_at(tricks, moment)
        at_once = [(p, f) for p, f in at_once if p == winner]
    p, facts = at_once[0]
    return [claim(p, moment, facts)]


def _winner_at(tricks, moment: int):
    """Who won the trick of ``moment`` (the last trick for the end of the round)."""
    for t in reversed(tricks):
        if t.number == moment or moment == END:
            return t.winner
    return None


def evaluate_all(source, goals) -> list:
    """The claims of several goals (the two revealed in a round), in the order they happen."""
    found = [c for g in goals for c in evaluate(source, g)]
    return sorted(found, key=lambda c: c.moment)
