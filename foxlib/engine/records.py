"""The records of a round: frozen facts, one for each thing that happened (a card played, a
Fox exchange, a Woodcutter's draw and discard, the special cards' looks, gifts, digs and
Hammer blows, a trick, the round's end). A record holds facts (who, which cards, which rule);
its ``reason`` is the narrator's sentence for them (``foxlib.words.narrator``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core import rules
from ..core.cards import DEFAULT_THEME, Card, Suit
from ..words.narrator import Narrator
from .actions import PLAYERS


class _Told:
    """A record holds facts; ``reason`` is the narrator's sentence for them in the names and
    theme of the round when it was made (``voice``: that Narrator). A view that may change
    theme or names says the record again with ``Narrator(names, theme).say(record)``."""

    __slots__ = ()

    @property
    def reason(self) -> str:
        return getattr(self.voice or _PLAIN, "_" + self.kind)(self)   # Narrator.say, inlined


_VOICE = field(default=None, compare=False, repr=False)
_PLAIN = Narrator(PLAYERS, DEFAULT_THEME)


@dataclass(frozen=True)
class PlayRecord(_Told):
    player: int
    card: Card
    trick: int            # 1-based trick number
    leads: bool = True    # False: the card follows the led one
    kind: str = "play"
    voice: Narrator | None = _VOICE
    # How a special card brought it to the trick ('' : played from hand): 'crown' (played with
    # the Crown), 'tree' (picked at random after a Tree), 'dig' (dug by a Shovel), 'potion'
    # (drawn after a Potion), 'replace' (the leader's new card after a Hammer).
    how: str = ""


@dataclass(frozen=True)
class FairyRecord(_Told):
    """The Fairy's look: the cards seen (None in the other player's view: they were picked
    face down) and the card taken from the opponent (None: none taken)."""

    player: int
    shown: tuple | None
    taken: Card | None
    kind: str = "fairy"
    voice: Narrator | None = _VOICE


@dataclass(frozen=True)
class GiftRecord(_Told):
    """The card the Fairy's player gives the opponent after taking one (both see it)."""

    player: int
    card: Card
    kind: str = "gift"
    voice: Narrator | None = _VOICE


@dataclass(frozen=True)
class DigRecord(_Told):
    """The Shovel: the card dug from the trick ``source`` (the player's last won trick) and
    played instead (None: not dug; ``cannot``: no trick won yet)."""

    player: int
    card: Card | None
    source: int | None = None
    cannot: bool = False
    kind: str = "dig"
    voice: Narrator | None = _VOICE


@dataclass(frozen=True)
class HammerRecord(_Told):
    """The Hammer: the suit named and the led cards sent under the deck (with its Crown)."""

    player: int
    suit: Suit
    sent: tuple
    kind: str = "hammer"
    voice: Narrator | None = _VOICE


@dataclass(frozen=True)
class ExchangeRecord(_Told):
    player: int
    taken: Card | None    # the card from hand that became the decree (None: declined)
    old_decree: Card      # goes to the player's hand when taken is not None
    kind: str = "exchange"
    voice: Narrator | None = _VOICE


@dataclass(frozen=True)
class DrawRecord(_Told):
    player: int
    card: Card | None     # hidden from the opponent (None in the opponent's view)
    kind: str = "draw"
    voice: Narrator | None = _VOICE


@dataclass(frozen=True)
class DiscardRecord(_Told):
    player: int
    card: Card | None     # hidden from the opponent (face down; None in the opponent's view)
    kind: str = "discard"
    voice: Narrator | None = _VOICE
    # 'potion' (the Potion and the card put with it), 'hammer' (the led card): a public
    # card (the Potion itself, the led card) stays visible in the opponent's view.
    why: str = ""
    public: bool = False


@dataclass(frozen=True)
class TrickRecord(_Told):
    number: int
    leader: int
    cards: tuple          # (led, followed)
    winner: int
    next_leader: int
    treasure: int
    decree: Card          # at resolution
    rule: rules.TrickRule  # which rules settled it (trump, Witch, Swan, Treasure ...)
    kind: str = "trick"
    voice: Narrator | None = _VOICE
    # With Poison 8s in play (None in the base game): the Poison 8s in the trick, the points
    # the winner lost for them, and the points not lost because a score never goes below 0.
    # The winner's score changes by treasure - lost (Treasure and Poison added up first).
    poison: int | None = None
    lost: int = 0
    floored: int = 0
    # With goal cards in play (empty otherwise): the goals claimed or triggered at this trick
    # (``foxlib.engine.goals.Claim``, derived from the records), and each player's goal points not
    # lost because a score never goes below 0.
    claims: tuple = ()
    goal_floored: tuple = (0, 0)
    # With special cards: the Crown, when it was played with one of the two cards (it goes to
    # the winner with them).
    extra: tuple = ()

    def to_json(self) -> dict:
        out = {"leader": PLAYERS[self.leader], "cards": [str(c) for c in self.cards],
               "winner": PLAYERS[self.winner], "next_leader": PLAYERS[self.next_leader],
               "treasure": self.treasure, "decree": str(self.decree), "reason": self.reason}
        if self.poison is not None:
            out.update(poison=self.poison, lost=self.lost, floored=self.floored)
        if self.claims:
            out["claims"] = [{"goal": c.goal, "player": PLAYERS[c.player], "points": c.points}
                             for c in self.claims]
        if any(self.goal_floored):
            out["goal_floored"] = dict(zip(PLAYERS, self.goal_floored))
        if self.extra:
            out["extra"] = [str(c) for c in self.extra]
        return out


@dataclass(frozen=True)
class RoundEndRecord(_Told):
    tricks_won: tuple
    points: tuple         # the table's points, Treasure not included
    bands: tuple
    treasure: tuple       # each player's Treasure points taken during the round
    kind: str = "round_end"
    voice: Narrator | None = _VOICE
    # With Poison 8s in play (None in the base game): each player's points lost to Poison 8s
    # during the round, and the Poison points not lost because the score was at 0.
    poison: tuple | None = None
    floored: tuple | None = None
    # With goal cards in play (None otherwise): each player's goal points this round, after
    # the floor (claims at tricks and at the end), the claims made at the end of the round,
    # and each player's goal points not lost at the end because a score never goes below 0.
    goals: tuple | None = None
    claims: tuple = ()
    goal_floored: tuple = (0, 0)
