"""Positions: everything needed to start (or resume) a round (``Position``), whether it could
occur in a round (``check_position``, which every ``Round`` asks of its start) and the deal
(``deal``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..core.cards import DECK, Card, special_card
from ..core.errors import Problems
from .actions import PLAYERS
from .modules import BASE, Modules


@dataclass
class Position:
    """Everything needed to start (or resume) a round; the referee's scenario minus its plays."""

    decree: Card
    hands: tuple
    leader: int
    deck: list = field(default_factory=list)
    trick: list = field(default_factory=list)
    tricks_won: tuple = (0, 0)
    score: tuple = (0, 0)
    round_gain: tuple = (0, 0)
    dealer: int | None = None
    modules: Modules = BASE
    goals: tuple = ()     # ids of the goals revealed for this round (goal cards in play)
    seed: int | None = None   # the random source of the special cards' chance effects
    # The cards of the last trick each player won before this position (None: not given),
    # where the Shovel digs; and whether the led card in ``trick`` was played with the Crown
    # (then the Crown lies beside the trick and goes to its winner).
    last_won: tuple = (None, None)
    crowned: bool = False

    def to_json(self) -> dict:
        trick = [str(c) for c in self.trick]
        if self.crowned and trick:
            trick[0] = ["crown", trick[0]]
        out = {"decree": str(self.decree),
               "hands": {p: [str(c) for c in self.hands[i]] for i, p in enumerate(PLAYERS)},
               "leader": PLAYERS[self.leader], "deck": [str(c) for c in self.deck],
               "trick": trick,
               "tricks_won": dict(zip(PLAYERS, self.tricks_won)),
               "score": dict(zip(PLAYERS, self.score)),
               "round_gain": dict(zip(PLAYERS, self.round_gain))}
        if self.dealer is not None:
            out["dealer"] = PLAYERS[self.dealer]
        if not self.modules.base:
            out["modules"] = self.modules.to_json()
        if self.goals:
            out["goals"] = list(self.goals)
        if self.seed is not None:
            out["seed"] = self.seed
        if any(pile is not None for pile in self.last_won):
            out["last_won"] = {p: [str(c) for c in self.last_won[i]]
                               for i, p in enumerate(PLAYERS) if self.last_won[i] is not None}
        return out

    def validate(self, where: str = "position") -> None:
        """Raise ``InvalidState`` (an ``InputError`` naming the field) if this position could
        not occur in a round (see ``check_position``)."""
        check_position(self, where)


# ----------------------------------------------------------------------------- can it occur?

def check_position(pos: Position, where: str = "position", problems=None) -> bool:
    """Could this position occur in a round? Each card once, at most the led card in the
    trick, hands of the right sizes, at most 13 tricks, only modules that can be played. True
    when nothing is wrong. ``problems``: None raises an ``InputError`` at the first problem
    (``Position.validate``, every ``Round``); a ``Problems()`` collects them all (the readers
    of ``foxlib.io.inputs``, ``foxlib.engine.possible``)."""
    probs = Problems.first() if problems is None else problems
    start = probs.count
    modules = getattr(pos, "modules", BASE)
    if not isinstance(modules, Modules):
        probs.add(f"{where}.modules", f"must be a Modules value, not {modules!r}.")
        return False
    for key, reason in modules.unavailable():
        probs.add(f"{where}.modules.{key}", reason)
    revealed = tuple(getattr(pos, "goals", ()))
    for i, gid in enumerate(revealed):
        if gid not in modules.goals:
            probs.add(f"{where}.goals[{i}]", f"{gid!r} is revealed, but it is not one of the "
                      "game's goal cards (modules.goals).")
    if len(set(revealed)) != len(revealed) or len(revealed) > 2:
        probs.add(f"{where}.goals", "a round reveals two different goals.")
    if not (modules.poison or modules.goals) and any(g < 0 for g in pos.round_gain):
        probs.add(f"{where}.round_gain", "is below 0, but only Poison 8s can make a round "
                  "cost points, and they are not in play.")
    in_play = set(modules.special)
    seen: dict = {}
    last_won = tuple(getattr(pos, "last_won", (None, None)))
    crowned = getattr(pos, "crowned", False)
    crown = special_card("Crown")
    # The Crown beside a crowned lead is a card in the trick (without the Crown in the game,
    # the crowned lead is its own problem: _check_crowned).
    places = [("decree", [pos.decree]), ("hands.A", pos.hands[0]), ("hands.B", pos.hands[1]),
              ("deck", pos.deck), ("trick", list(pos.trick) + (
        [crown] if crowned and "Crown" in modules.special else []))]
    places += [(f"last_won.{p}", last_won[i]) for i, p in enumerate(PLAYERS)
               if last_won[i] is not None]
    for place, cards in places:
        for card in cards:
            if card in seen:
                probs.add(f"{where}.{place}", f"the {card.name()} ({card}) appears twice, in "
                          f"{seen[card]} and in {place}.", f"{where}:")
            else:
                seen[card] = place
            if card.special and card.special not in in_play:
                probs.add(f"{where}.{place}", f"the {card.special} is a special card, but it "
                          "is not one of the special cards in play (modules.special).",
                          f"{where}:")
    if len(pos.trick) > 1:
        probs.add(f"{where}.trick", f"holds at most the led card, not {len(pos.trick)} cards.",
                  f"{where}.trick")
    _check_last_won(pos, last_won, where, probs)
    if crowned:
        _check_crowned(pos, where, probs)
    a, b = len(pos.hands[0]), len(pos.hands[1])
    lead, follow = len(pos.hands[pos.leader]), len(pos.hands[1 - pos.leader])
    leader, follower = PLAYERS[pos.leader], PLAYERS[1 - pos.leader]
    if max(a, b) > 13:
        probs.add(f"{where}.hands", f"a hand holds at most 13 cards (A has {a}, B has {b}).",
                  f"{where}:")
    if pos.trick and lead != follow - 1:
        probs.add(f"{where}.hands", f"{leader} has led {pos.trick[0]}, so {leader} should hold "
                  f"one card fewer than {follower}, but the hands hold {lead} and {follow} "
                  "cards.", f"{where}:")
    if not pos.trick and a != b:
        probs.add(f"{where}.hands", f"{leader} is to lead, so both hands should hold the same "
                  f"number of cards, but A has {a} and B has {b}.", f"{where}:")
    if sum(pos.tricks_won) + follow > 13:
        probs.add(f"{where}.tricks_won", f"a round has 13 tricks, but {sum(pos.tricks_won)} are "
                  f"already won and {follow} more remain to be played.", f"{where}:")
    return probs.count == start


def _check_last_won(pos, last_won, where, probs) -> None:
    """Each pile of ``last_won``: its player won a trick before the position, and it holds
    2 cards, or 3 with the Crown (a crowned card and the card that answered it)."""
    crown = special_card("Crown")
    for i, p in enumerate(PLAYERS):
        pile = last_won[i]
        if pile is None:
            continue
        field = f"{where}.last_won.{p}"
        if pos.tricks_won[i] < 1:
            probs.add(field, f"{p} has won no trick before the scenario starts (tricks_won.{p} "
                      "is 0), so there is no last won trick to give.", f"{field}:")
        elif len(pile) not in (2, 3) or (len(pile) == 3 and crown not in pile):
            probs.add(field, f"a won trick holds 2 cards, or 3 when one was played with the "
                      f"Crown (the Crown is the third), not {' '.join(map(str, pile)) or 'none'}.",
                      f"{field}:")


def _check_crowned(pos, where, probs) -> None:
    """A led card written ``["crown", card]``: the Crown is in the game, the card is a suit
    card, and it was not the last trick (rulings SC10, SC16)."""
    field = f"{where}.trick[0]"
    if not pos.trick:
        return
    card = pos.trick[0]
    if "Crown" not in pos.modules.special:
        probs.add(field, f"the {card} is written as crowned, but the Crown is not one of the "
                  "special cards in play (modules.special).", f"{field}:")
    elif card.special is not None:
        probs.add(field, f"the Crown is added only to a suit card, not to the {card.special} "
                  "(rulings SC10).", f"{field}:")
    elif len(pos.hands[1 - pos.leader]) < 2:
        probs.add(field, "the follower holds 1 card, so this is the last trick, and the "
                  "Crown cannot be added at the last trick (rulings SC16).", f"{field}:")


def deal(rng: random.Random, dealer: int, score=(0, 0), modules: Modules = BASE) -> Position:
    """Shuffle the 33 cards and deal: 13 each, the top card of the 7 left becomes the decree.
    (With Poison 8s the cards are the same 33: the 8s play as Poison 8s.) With special cards
    they are shuffled in: the hands are still 13 cards and the deck holds the rest (rulings
    SC18), and the round's chance effects get a seed from ``rng``."""
    cards = list(DECK) + [special_card(n) for n in modules.special]
    rng.shuffle(cards)
    hands = (sorted(cards[0:26:2]), sorted(cards[1:26:2]))
    rest = cards[26:]
    pos = Position(rest[0], hands, 1 - dealer, rest[1:], [], (0, 0), tuple(score), (0, 0),
                   dealer, modules)
    if modules.special:
        pos.seed = rng.randrange(2 ** 32)
    return pos

