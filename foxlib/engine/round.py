"""One round of The Fox in the Forest as an exact, explained state machine.

A ``Round`` starts from a ``Position`` (hands, decree, deck, who leads, tricks and points so far)
and moves forward by *actions*. An ``Action(kind, card)`` is one decision of the player to play;
``phase`` names the kind expected now and ``to_play`` by whom. One API serves every kind:

- ``legal_actions()``: the actions allowed now;
- ``verify(action)``: raises ``IllegalAction`` with a full-sentence reason when it is not allowed;
- ``can(action)``: the same as a bool;
- ``act(action)``: applies it and returns a frozen record (kept in ``history``).

The kinds are the entries of ``ACTION_KINDS`` (one ``ActionKind`` each: its options, its check
and its effect): ``play`` a card to the trick, the Fox's ``exchange`` with the decree card
(card None declines) and the Woodcutter's ``discard`` to the bottom of the deck, after its
automatic draw. ``play``/``exchange``/``discard`` (with ``verify_*``/``can_*``) are short ways
to write those actions. Records and refusals hold facts (who, which cards, which rule);
``foxlib.words.narrator`` says them (a record's ``reason`` is its words in the names and theme of the
moment it was made). ``Move`` bundles a play with its decision, for solvers and the referee:
``legal_moves()``, ``push(move)`` and ``pop()``.
In the base game the deal is the only chance event: once cards are dealt, the deck order is
fixed, so a Woodcutter's draw is hidden information, not a new random event. With the Deluxe
special cards (``Modules(special=...)``) the Tree, the Fairy and the Shovel pick cards at
random: they use the round's own random source (seeded by ``Position.seed``), every outcome is
kept in ``chance`` (and in the records), and a saved round or a scenario can give them
(``Round(position, chance=[...])``), so that a round always replays exactly. Their decisions
are action kinds of the same API (``SPECIAL_KINDS``: the Crown's ``crown``, the Hammer's
``name_suit`` and the leader's ``replace``, the Fairy's ``fairy_take`` and ``fairy_give``, the
Shovel's ``dig``, the Potion's ``potion_discard`` and ``potion_play``).
A round saves itself (``to_json``, ``dumps``); reading a save, a position or a play back, with a
clear problem for each bad field, is ``foxlib.io.inputs`` (``loads_round``, ``read_round``,
``read_position``, ``read_move``). ``check_position`` (could this position occur?) is here: every
``Round`` checks its start with it.
"""
from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field, replace
from types import SimpleNamespace

from ..core.cards import DECK, DEFAULT_THEME, SPECIAL_DECK, SUITS, Card, Suit, Theme, special_card
from ..core.errors import FoxError, IllegalAction, InvalidCard, InvalidState, Problems
from .goals import evaluate_all
from .modules import BASE, Modules
from ..core import rules
from ..words.narrator import Narrator
from ..words.svg import round_svg

PLAYERS = ("A", "B")
PLAY, EXCHANGE, DISCARD, OVER = "play", "exchange", "discard", "over"
# The decisions of the special cards (the phases that expect them have the same names).
CROWN, NAME_SUIT, REPLACE, FAIRY_TAKE, FAIRY_GIVE, DIG, POTION_DISCARD, POTION_PLAY = (
    "crown", "name_suit", "replace", "fairy_take", "fairy_give", "dig", "potion_discard",
    "potion_play")
SPECIAL_KINDS = (CROWN, NAME_SUIT, REPLACE, FAIRY_TAKE, FAIRY_GIVE, DIG, POTION_DISCARD,
                 POTION_PLAY)


def player_index(who) -> int:
    if who in (0, 1) and not isinstance(who, bool):   # True == 1, but true is not a player
        return int(who)
    if isinstance(who, str) and who.upper() in PLAYERS:
        return PLAYERS.index(who.upper())
    raise InvalidState(f"{who!r} is not a player: use 'A' or 'B'.")


def _c(card) -> Card:
    return card if isinstance(card, Card) else Card(card)


# ----------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Action:
    """One decision of the player to play: its ``kind`` (a key of ``ACTION_KINDS``: 'play',
    'exchange', 'discard') and the card it concerns (None: the Fox's exchange declined).

    ``str`` gives 'play 3K' or 'exchange -' (``Action.parse`` reads it back), ``repr`` gives
    ``Action('play', '3K')``, and the JSON form is the saved round's ``[kind, card]``. An action
    unpacks as that pair: ``kind, card = action``.
    """

    kind: str
    card: Card | Suit | None = None     # a suit for the Hammer's 'name_suit'

    def __post_init__(self):
        if not isinstance(self.kind, str):
            raise InvalidState(f"An action's kind is a word like 'play', not {self.kind!r}.")
        card = self.card
        if card is None or isinstance(card, Card):
            return
        if self.kind == NAME_SUIT:
            if not isinstance(card, Suit):
                object.__setattr__(self, "card", Suit.parse(card))
        else:
            object.__setattr__(self, "card", Card(card))

    def __iter__(self):
        return iter((self.kind, self.card))

    @property
    def text(self) -> str:
        """The card's code ('3K', 'Axe'), the suit's letter ('K'), or '-' for none."""
        card = self.card
        return "-" if card is None else card.letter if isinstance(card, Suit) else str(card)

    def __str__(self) -> str:
        return f"{self.kind} {self.text}"

    def __repr__(self) -> str:
        return f"Action({self.kind!r}, {None if self.card is None else self.text!r})"

    def to_json(self) -> list:
        return [self.kind, None if self.card is None else self.text]

    @classmethod
    def from_json(cls, obj, where: str = "action") -> "Action":
        if not (isinstance(obj, (list, tuple)) and len(obj) == 2 and isinstance(obj[0], str)
                and (obj[1] is None or isinstance(obj[1], str))):
            raise InvalidState(f"{where} must be a pair [kind, card] like [\"play\", \"9M\"].")
        try:
            return cls(obj[0], obj[1])
        except InvalidCard as exc:
            raise InvalidCard(f"{where}: {exc}") from None
        except FoxError as exc:
            raise InvalidState(f"{where}: {exc}") from None

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read 'play 3K' or 'exchange -' (what ``str`` gives) back."""
        kind, _, card = str(text).strip().partition(" ")
        card = card.strip()
        return cls(kind, None if card in ("", "-") else card)


def as_action(action) -> Action:
    """An ``Action``, also from a pair ``(kind, card)`` such as a saved round's entry."""
    if isinstance(action, Action):
        return action
    if isinstance(action, (tuple, list)) and len(action) == 2:
        return Action(*action)
    raise _refusal("not_an_action", action=action)


# ----------------------------------------------------------------------------- records

@dataclass(frozen=True)
class Move:
    """A card played together with its decision: the Fox's exchange or the Woodcutter's discard."""

    card: Card
    exchange: Card | None = None
    discard: Card | None = None

    def __post_init__(self):
        # Accept card names ('3K') as well as cards, so Move('3K', exchange='7M') works.
        for name in ("card", "exchange", "discard"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Card):
                object.__setattr__(self, name, Card(value))

    def decision(self, kind: str):
        """The card this move chose for the decision ``kind`` that its play brought on."""
        return {EXCHANGE: self.exchange, DISCARD: self.discard}[kind]

    def to_json(self):
        if self.exchange is None and self.discard is None:
            return str(self.card)
        out = {"card": str(self.card)}
        if self.exchange is not None:
            out["exchange"] = str(self.exchange)
        if self.discard is not None:
            out["discard"] = str(self.discard)
        return out

    def __str__(self) -> str:
        if self.exchange is not None:
            return f"{self.card} (exchange {self.exchange})"
        if self.discard is not None:
            return f"{self.card} (discard {self.discard})"
        return str(self.card)


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


# ----------------------------------------------------------------------------- positions

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


# ----------------------------------------------------------------------------- the round

class ChanceNeeded(Exception):
    """Raised by a round whose ``ask_chance`` is set when a special card needs a random pick
    that was not given: ``n`` cards of ``pool``. The action that asked is half done: undo it
    (``Round.undo``), give the outcome (``Round.give_chance``) and act again. Searches that
    average over every outcome use it (``foxlib.search.deluxe_solver``)."""

    def __init__(self, pool: tuple, n: int):
        super().__init__(f"a random pick of {n} of {len(pool)} cards is needed")
        self.pool, self.n = pool, n


class Round:
    """A round in progress. Construct from a ``Position`` or with ``Round.deal(seed, dealer)``."""

    #: True: a random pick that was not given raises ``ChanceNeeded`` instead of using ``rng``.
    ask_chance = False
    #: True: a random pick that was not given and has more than one possible outcome is
    #: refused (a scenario with neither "seed" nor that outcome in "chance": rulings SC19).
    need_seed = False

    def __init__(self, position: Position, names=PLAYERS, theme: Theme = DEFAULT_THEME,
                 chance=()):
        position.validate()
        self.start = position
        self.modules = position.modules
        self._poison = position.modules.poison
        self._special = bool(position.modules.special)
        # The special cards' chance: the round's random source, the outcomes so far (what a
        # saved round keeps) and the outcomes given in advance (a scenario, a saved round).
        self.rng = random.Random(position.seed or 0)
        self.chance: list = []
        self._given = [tuple(_c(c) for c in outcome) for outcome in chance]
        # The state of the trick in progress that only special cards make (rulings SC7-SC16):
        # 'crowned' (the crowned card), 'named' (the Hammer's suit), 'offer' (the Fairy's
        # cards seen, the Potion's cards drawn), 'owner' (whose offer), 'leads' (the Shovel's
        # or the Potion's card goes first), 'potion'. What the trick's cards say of who wins
        # (a Shovel loses, an Axe after a Woodcutter wins) and what a led Tree demands are
        # read from the cards in the trick when they matter, not kept here (SC8, SC15, SC17).
        self.sp: dict = {}
        # Each player's won tricks, card by card (the Shovel digs in the last one), and their
        # trick numbers.
        self.piles = [[], []]
        self.pile_tricks = [[], []]
        # The goals revealed for this round (public), as Goal values.
        self.goals = (tuple(position.modules.goal_cards()[position.modules.goals.index(g)]
                            for g in position.goals) if position.goals else ())
        self.names = tuple(names)
        self.theme = theme
        self._narrator = Narrator(self.names, theme)
        self.decree = position.decree
        self.hands = [list(position.hands[0]), list(position.hands[1])]
        self.deck = list(position.deck)
        self.leader = position.leader
        self.trick = list(position.trick)
        self.tricks_won = list(position.tricks_won)
        self.score = list(position.score)
        self.round_gain = list(position.round_gain)
        self.won = [[], []]
        self.history: list = []
        self.tricks: list[TrickRecord] = []
        self.round_end: RoundEndRecord | None = None
        self.actions: list = []          # the Actions done, in order (for saving and replay)
        self._undo: list = []
        self.phase = PLAY
        self.to_play = self.leader if not self.trick else 1 - self.leader
        self._resume(position)
        if not self.hands[0] and not self.hands[1] and not self.trick:
            self._end_round()
        if self._special and len(self.trick) == 1:
            self._card_done()   # a led Tree given in the position makes its demand now (SC8)

    def _resume(self, position: Position) -> None:
        """What a position says beyond its cards' places (a scenario, a saved round, a sampled
        round): each player's last won trick (where a Shovel digs) and the led card played
        with the Crown. (A led Shovel in the trick is one that did not dig: it loses if it is
        still there when the winner is decided, rulings SC15, SC17, R7.)"""
        for p in (0, 1):
            pile = position.last_won[p]
            if pile is not None:
                self.piles[p], self.pile_tricks[p] = [[_c(c) for c in pile]], [None]
                self.won[p] = [_c(c) for c in pile]
        if self._special and self.trick and position.crowned:
            self.sp["crowned"] = self.trick[0]

    def _pile_unknown(self, p: int) -> bool:
        """Did ``p`` win a trick before the round's start whose cards the start does not give,
        and none since? (Their Shovel may dig, but what it would find is unknown.)"""
        return not self.piles[p] and self.start.tricks_won[p] > 0

    # -- construction helpers
    @classmethod
    def deal(cls, seed=None, dealer: int = 0, score=(0, 0), modules: Modules = BASE,
             **kw) -> "Round":
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls(deal(rng, dealer, score, modules), **kw)

    @property
    def trump(self):
        return self.decree.suit

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def trick_number(self) -> int:
        """1 to 13: tricks won before this position started count too (a scenario may begin
        mid-round)."""
        return sum(self.start.tricks_won) + len(self.tricks) + 1

    def name(self, player: int) -> str:
        return self.names[player]

    # -- queries
    def legal_cards(self) -> list[Card]:
        """Cards the player to play may play now (empty outside the play phase)."""
        if self.phase != PLAY:
            return []
        hand = self.hands[self.to_play]
        if not self.trick:
            return sorted(hand)
        if self._special:
            return rules.legal_follows_special(hand, self.trick[0], self.decree,
                                               self.sp.get("crowned") is self.trick[0])
        return sorted(rules.legal_follows(hand, self.trick[0]))

    def legal_actions(self) -> list[Action]:
        """Every action allowed now (empty once the round is over): cards to play, the Fox's
        exchange options (card None keeps the decree), or the Woodcutter's discards."""
        kind = ACTION_KINDS.get(self.phase)
        if kind is None:
            return []
        out = list(map(kind._made.__getitem__, kind.options(self)))
        if self._special and self.phase == PLAY:
            out += map(_CROWN._made.__getitem__, self._crown_options())
        return out

    def legal_moves(self) -> list[Move]:
        """Every play with its decision bundled: each Fox exchange and each Woodcutter discard.
        (Not with special cards, whose decisions do not fit in a Move: use ``legal_actions``.)"""
        if self._special:
            raise self._refuse("moves_special")
        if self.phase != PLAY:
            return []
        moves = []
        hand = self.hands[self.to_play]
        for card in self.legal_cards():
            others = [c for c in hand if c is not card]
            if card.rank == rules.FOX and others:
                moves.append(Move(card))
                moves.extend(Move(card, exchange=c) for c in sorted(others))
            elif card.rank == rules.WOODCUTTER and self.deck:
                options = sorted(others + [self.deck[0]])
                moves.extend(Move(card, discard=c) for c in options)
            else:
                moves.append(Move(card))
        return moves

    # -- the one action API
    def verify(self, action) -> None:
        """Raise ``IllegalAction`` (a full-sentence reason) unless ``action`` is allowed now."""
        action = as_action(action)
        _kind_of(action).verify(self, action.card)

    def can(self, action) -> bool:
        """Whether ``action`` is allowed now."""
        try:
            self.verify(action)
        except FoxError:
            return False
        return True

    def act(self, action):
        """Check and apply ``action``; returns its record (also appended to ``history``)."""
        if action.__class__ is not Action:
            action = as_action(action)
        card = action.card
        kind = ACTION_KINDS.get(action.kind)
        if kind is None or (card is None and not kind.declinable):
            kind = _kind_of(action)         # raises with the reason
        kind.verify(self, card)
        self._save(kind.starts_move)
        self.actions.append(action)
        return kind.apply(self, card)

    # -- short ways to write the actions
    def verify_play(self, card) -> None:
        self.verify(_PLAY.action(_c(card)))

    def can_play(self, card) -> bool:
        return self.can(_PLAY.action(_c(card)))

    def play(self, card) -> PlayRecord:
        return self.act(_PLAY.action(_c(card)))

    def verify_exchange(self, card) -> None:
        self.verify(_EXCHANGE.action(None if card is None else _c(card)))

    def can_exchange(self, card) -> bool:
        return self.can(_EXCHANGE.action(None if card is None else _c(card)))

    def exchange(self, card=None) -> ExchangeRecord:
        """Swap ``card`` from hand with the decree card (``None`` keeps the decree as it is)."""
        return self.act(_EXCHANGE.action(None if card is None else _c(card)))

    def verify_discard(self, card) -> None:
        self.verify(_DISCARD.action(_c(card)))

    def can_discard(self, card) -> bool:
        return self.can(_DISCARD.action(_c(card)))

    def discard(self, card) -> DiscardRecord:
        return self.act(_DISCARD.action(_c(card)))

    # -- play: check and effect (with legal_cards, the entry of ACTION_KINDS)
    def _verify_play(self, card) -> None:
        if self.phase == OVER:
            raise self._refuse("round_over", card=card)
        p = self.to_play
        if self.phase != PLAY:
            raise self._refuse("pending", player=p, pending=self.phase)
        hand = self.hands[p]
        if card not in hand:
            raise self._refuse("not_held", player=p, card=card, where=self._where(card))
        if self.trick:
            if self._special:
                refused = rules.follow_refusal_special(
                    card, hand, self.trick[0], self.decree,
                    self.sp.get("crowned") is self.trick[0])
            else:
                refused = rules.follow_refusal(card, hand, self.trick[0])
            if refused is not None:
                code, facts = refused
                if code == "monarch":
                    facts["leader"] = self.leader
                raise self._refuse(code, **facts)

    def _apply_play(self, card) -> PlayRecord:
        p = self.to_play
        self.hands[p].remove(card)
        if self._special:
            return self._enter(p, card)
        self.trick.append(card)
        voice = self._voice()
        rec = PlayRecord(p, card, self.trick_number, len(self.trick) == 1, voice=voice)
        self.history.append(rec)
        if card.rank == rules.FOX and self.hands[p]:
            self.phase = EXCHANGE
        elif card.rank == rules.WOODCUTTER and self.deck:
            drawn = self.deck.pop(0)
            self.hands[p].append(drawn)
            self.history.append(DrawRecord(p, drawn, voice=voice))
            self.phase = DISCARD
        else:
            self._card_done()
        return rec

    # -- the Fox
    def _exchange_options(self) -> list:
        return [None] + sorted(self.hands[self.to_play])

    def _verify_exchange(self, card) -> None:
        if self.phase != EXCHANGE:
            raise self._refuse("no_exchange")
        if card is not None and card not in self.hands[self.to_play]:
            raise self._refuse("exchange_not_held", player=self.to_play, card=card)

    def _apply_exchange(self, card) -> ExchangeRecord:
        p, old = self.to_play, self.decree
        if card is not None:
            self.hands[p].remove(card)
            self.hands[p].append(old)
            self.decree = card
        rec = ExchangeRecord(p, card, old, voice=self._voice())
        self.history.append(rec)
        self._card_done()
        return rec

    # -- the Woodcutter
    def _discard_options(self) -> list:
        return sorted(self.hands[self.to_play])

    def _verify_discard(self, card) -> None:
        if self.phase != DISCARD:
            raise self._refuse("no_discard")
        if card not in self.hands[self.to_play]:
            raise self._refuse("discard_not_held", player=self.to_play, card=card)

    def _apply_discard(self, card) -> DiscardRecord:
        p = self.to_play
        self.hands[p].remove(card)
        self.deck.append(card)
        rec = DiscardRecord(p, card, voice=self._voice())
        self.history.append(rec)
        self._card_done()
        return rec

    # -- special cards (rulings SC1-SC19 in docs/rulings.md)
    def _enter(self, p: int, card: Card, how: str = "", leads=None) -> PlayRecord:
        """``card`` (already out of ``p``'s hand) enters the trick, and its ability acts."""
        if leads is None:
            leads = not self.trick
        if leads and self.trick:        # the leader's new card after a Hammer goes first
            self.trick.insert(0, card)
        else:
            self.trick.append(card)
        rec = PlayRecord(p, card, self.trick_number, leads, voice=self._voice(), how=how)
        self.history.append(rec)
        if how != "crown":
            self._ability(p, card, leads, how)
        else:
            self._card_done()
        return rec

    def _ability(self, p: int, card: Card, leads: bool, how: str) -> None:
        acting = rules.acting_card(card, self.decree)
        name = acting.special
        if name == "Potion" and how != "potion":
            self._potion(p, card, leads)
        elif name == "Shovel":
            if self._last_pile(p) or self._pile_unknown(p):
                self.sp.update(leads=leads, owner=p)
                self.phase = DIG
            else:
                # It stays in the trick, and loses it if still there at the end (SC15).
                self.history.append(DigRecord(p, None, None, True, voice=self._voice()))
                self._card_done()
        elif name == "Fairy":
            shown = self._chance(self.hands[1 - p], 2)
            self.sp.update(offer=shown, owner=p)
            if shown:
                self.phase = FAIRY_TAKE
            else:
                self.history.append(FairyRecord(p, (), None, voice=self._voice()))
                self._card_done()
        elif name == "Hammer" and not leads:
            self.phase = NAME_SUIT
        elif name == "Axe" and not leads and self._woodcutter_led():
            self._woodcutter(p)         # (its win is read from the trick's cards, SC7)
        elif name is None and acting.rank == rules.FOX and self.hands[p]:
            self.phase = EXCHANGE
        elif name is None and acting.rank == rules.WOODCUTTER:
            self._woodcutter(p)
        else:
            self._card_done()

    def _woodcutter_led(self) -> bool:
        led = self.trick[0]
        acting = rules.acting_card(led, self.decree)
        return acting.special is None and acting.rank == rules.WOODCUTTER

    def _woodcutter(self, p: int) -> None:
        if not self.deck:
            self._card_done()
            return
        drawn = self.deck.pop(0)
        self.hands[p].append(drawn)
        self.history.append(DrawRecord(p, drawn, voice=self._voice()))
        self.phase = DISCARD

    def _chance(self, pool, n: int) -> tuple:
        """Up to ``n`` cards picked at random from ``pool``: the next given outcome if there is
        one (checked), else from the round's random source. Kept in ``chance``."""
        pool = sorted(pool)
        n = min(n, len(pool))
        i = len(self.chance)
        if i < len(self._given):
            got = self._given[i]
            if len(got) != n or len(set(got)) != n or any(c not in pool for c in got):
                raise InvalidState(
                    f"chance[{i}]: {' '.join(map(str, got)) or 'no cards'} cannot be the "
                    f"outcome here: it must be {n} different card{'s' if n != 1 else ''} of "
                    f"{' '.join(map(str, pool)) or 'no cards'}.")
        elif self.ask_chance:
            raise ChanceNeeded(tuple(pool), n)
        elif self.need_seed and math.comb(len(pool), n) > 1:
            some = ", ".join(f'"{c}"' for c in pool[:n])
            raise InvalidState(
                f"chance[{i}]: this play picks {n} of {' '.join(map(str, pool))} at random, "
                "but the scenario gives neither a \"seed\" nor this outcome in \"chance\": give "
                f"it as chance[{i}], the card{'s' if n != 1 else ''} picked in a list like "
                f"[{some}], or give a \"seed\".")
        else:
            got = tuple(self.rng.sample(pool, n))
        self.chance.append(got)
        return got

    def give_chance(self, outcomes) -> None:
        """The outcomes of the next random picks, in order (each a tuple of cards), replacing
        any given before that have not been used yet."""
        self._given = list(self.chance) + [tuple(o) for o in outcomes]

    def _last_pile(self, p: int) -> list:
        return self.piles[p][-1] if self.piles[p] else []

    # the Crown
    def _crown_options(self) -> list:
        hand = self.hands[self.to_play]
        crown = special_card("Crown")
        if crown not in hand or not self.deck or len(hand) < 2:
            return []
        return [c for c in self.legal_cards() if c.special is None]

    def _verify_crown(self, card) -> None:
        if self.phase != PLAY:
            raise self._refuse("pending", player=self.to_play, pending=self.phase) \
                if self.phase != OVER else self._refuse("round_over", card=card)
        p, crown = self.to_play, special_card("Crown")
        if crown not in self.hands[p]:
            raise self._refuse("no_crown", player=p)
        if card.special is not None:
            raise self._refuse("crown_special", card=card)
        if not self.deck:
            raise self._refuse("crown_empty_deck")
        self._verify_play(card)

    def _apply_crown(self, card) -> PlayRecord:
        p, crown = self.to_play, special_card("Crown")
        self.hands[p].remove(card)
        self.hands[p].remove(crown)
        self.sp["crowned"] = card
        drawn = self.deck.pop(0)
        self.hands[p].append(drawn)
        leads = not self.trick
        self.trick.append(card)
        rec = PlayRecord(p, card, self.trick_number, leads, voice=self._voice(), how="crown")
        self.history.append(rec)
        self.history.append(DrawRecord(p, drawn, voice=self._voice()))
        self._card_done()
        return rec

    # the Hammer
    def _suit_options(self) -> list:
        return list(SUITS)

    def _verify_name_suit(self, suit) -> None:
        if self.phase != NAME_SUIT:
            raise self._refuse("not_now", kind=NAME_SUIT)
        if not isinstance(suit, Suit):
            raise self._refuse("not_a_suit", value=suit)

    def _apply_name_suit(self, suit) -> HammerRecord:
        p, leader = self.to_play, self.leader
        led = self.trick.pop(0)
        sent = (led,)
        if self.sp.pop("crowned", None) is led:
            sent = (led, special_card("Crown"))
        self.deck.extend(sent)
        rec = HammerRecord(p, suit, sent, voice=self._voice())
        self.history.append(rec)
        drawn = self.deck.pop(0)
        self.hands[leader].append(drawn)
        self.history.append(DrawRecord(leader, drawn, voice=self._voice()))
        self.sp["named"] = suit
        self.phase, self.to_play = REPLACE, leader
        return rec

    def _replace_options(self) -> list:
        hand, suit = self.hands[self.to_play], self.sp["named"]
        same = [c for c in hand if rules.acting_card(c, self.decree).suit == suit]
        return sorted(same or hand)

    def _verify_replace(self, card) -> None:
        if self.phase != REPLACE:
            raise self._refuse("not_now", kind=REPLACE)
        p = self.to_play
        if card not in self.hands[p]:
            raise self._refuse("not_held", player=p, card=card, where=self._where(card))
        if card not in self._replace_options():
            raise self._refuse("hammer_suit", player=p, card=card, suit=self.sp["named"])

    def _apply_replace(self, card) -> PlayRecord:
        p = self.to_play
        self.hands[p].remove(card)
        return self._enter(p, card, "replace", leads=True)

    # the Fairy
    def _offer_options(self) -> list:
        return [None] + list(self.sp["offer"])

    def _verify_fairy_take(self, card) -> None:
        if self.phase != FAIRY_TAKE:
            raise self._refuse("not_now", kind=FAIRY_TAKE)
        if card is not None and card not in self.sp["offer"]:
            raise self._refuse("fairy_not_shown", player=self.to_play, card=card)

    def _apply_fairy_take(self, card):
        p = self.to_play
        rec = FairyRecord(p, self.sp.pop("offer"), card, voice=self._voice())
        self.history.append(rec)
        if card is None:
            self._card_done()
            return rec
        self.hands[1 - p].remove(card)
        self.hands[p].append(card)
        self.phase = FAIRY_GIVE
        return rec

    def _hand_options(self) -> list:
        return sorted(self.hands[self.to_play])

    def _verify_fairy_give(self, card) -> None:
        if self.phase != FAIRY_GIVE:
            raise self._refuse("not_now", kind=FAIRY_GIVE)
        if card not in self.hands[self.to_play]:
            raise self._refuse("give_not_held", player=self.to_play, card=card)

    def _apply_fairy_give(self, card) -> GiftRecord:
        p = self.to_play
        self.hands[p].remove(card)
        self.hands[1 - p].append(card)
        rec = GiftRecord(p, card, voice=self._voice())
        self.history.append(rec)
        self._card_done()
        return rec

    # the Shovel
    def _dig_options(self) -> list:
        return [None, self._shovel_card()]

    def _shovel_card(self) -> Card:
        p = self.to_play
        leads = self.sp.get("leads", True)
        return self.trick[0 if leads else -1]

    def _verify_dig(self, card) -> None:
        if self.phase != DIG:
            raise self._refuse("not_now", kind=DIG)
        if card is not None and card is not self._shovel_card():
            raise self._refuse("dig_with", card=card, shovel=self._shovel_card())
        p = self.to_play
        if card is not None and self._pile_unknown(p):
            who = PLAYERS[p]
            raise InvalidState(
                f"the Shovel digs in the last trick {who} won, but {who} won it before the "
                "scenario starts and the scenario does not say what it held: give "
                f'"last_won": {{"{who}": [its 2 cards, or 3 with the Crown]}}, or do not '
                "dig.")

    def _apply_dig(self, card) -> DigRecord:
        p = self.to_play
        leads = self.sp.pop("leads", True)
        if card is None:
            rec = DigRecord(p, None, None, voice=self._voice())
            self.history.append(rec)
            self._card_done()
            return rec
        pile = self._last_pile(p)
        (dug,) = self._chance(pile, 1)
        pile[pile.index(dug)] = card            # the Shovel takes the dug card's place
        self.won[p][self.won[p].index(dug)] = card
        self.trick.remove(card)
        source = self.piles[p].index(pile)
        rec = DigRecord(p, dug, self.pile_tricks[p][source], voice=self._voice())
        self.history.append(rec)
        self._enter(p, dug, "dig", leads)
        return rec

    # the Potion
    def _potion(self, p: int, card: Card, leads: bool) -> None:
        self.trick.remove(card)
        self.deck.append(card)
        self.history.append(DiscardRecord(p, card, voice=self._voice(), why="potion",
                                          public=True))
        self.sp.update(leads=leads, potion=card)
        if self.hands[p]:
            self.phase = POTION_DISCARD
        else:
            self._potion_draw(p, 1)

    def _verify_potion_discard(self, card) -> None:
        if self.phase != POTION_DISCARD:
            raise self._refuse("not_now", kind=POTION_DISCARD)
        if card not in self.hands[self.to_play]:
            raise self._refuse("discard_not_held", player=self.to_play, card=card)

    def _apply_potion_discard(self, card) -> DiscardRecord:
        p = self.to_play
        self.hands[p].remove(card)
        self.deck.append(card)
        rec = DiscardRecord(p, card, voice=self._voice(), why="potion")
        self.history.append(rec)
        self._potion_draw(p, 2)
        return rec

    def _potion_draw(self, p: int, n: int) -> None:
        drawn = tuple(self.deck.pop(0) for _ in range(n))
        for c in drawn:
            self.hands[p].append(c)
            self.history.append(DrawRecord(p, c, voice=self._voice()))
        potion = self.sp["potion"]
        offer = tuple(c for c in drawn if c is not potion) or drawn
        self.sp.update(offer=offer, owner=p)
        self.phase = POTION_PLAY

    def _potion_offer(self) -> list:
        return sorted(self.sp["offer"])

    def _verify_potion_play(self, card) -> None:
        if self.phase != POTION_PLAY:
            raise self._refuse("not_now", kind=POTION_PLAY)
        if card not in self.sp["offer"]:
            raise self._refuse("potion_not_drawn", player=self.to_play, card=card,
                               offer=self.sp["offer"])

    def _apply_potion_play(self, card) -> PlayRecord:
        p = self.to_play
        self.hands[p].remove(card)
        self.sp.pop("offer")
        self.sp.pop("potion")
        return self._enter(p, card, "potion", self.sp.pop("leads", True))

    # -- moves (play + decision)
    def verify_move(self, move: Move) -> None:
        card = move.card
        self.verify_play(card)
        p = self.to_play
        hand = [c for c in self.hands[p] if c is not card]
        if move.exchange is not None:
            if card.rank != rules.FOX:
                raise self._refuse("fox_only", card=card)
            if not hand:
                raise self._refuse("fox_last_card", player=p, card=card)
            if move.exchange not in hand:
                raise self._refuse("fox_swap_not_held", player=p, card=move.exchange)
        if move.discard is not None:
            if card.rank != rules.WOODCUTTER:
                raise self._refuse("woodcutter_only", card=card)
            if not self.deck:
                raise self._refuse("empty_deck")
            if move.discard not in hand and move.discard is not self.deck[0]:
                raise self._refuse("discard_elsewhere", player=p, card=move.discard)
        if card.rank == rules.WOODCUTTER and self.deck and move.discard is None:
            raise self._refuse("discard_missing", player=p)

    def push(self, move) -> list:
        """Apply a Move (or a card); returns the records it produced. Undo it with ``pop()``."""
        if not isinstance(move, Move):
            move = Move(_c(move))
        if self._special:
            raise self._refuse("moves_special")
        self.verify_move(move)
        start = len(self.history)
        self.act(_PLAY.action(move.card))
        if self.phase in (EXCHANGE, DISCARD):     # the decision the play brought with it
            self.act(ACTION_KINDS[self.phase].action(move.decision(self.phase)))
        return self.history[start:]

    def pop(self) -> None:
        """Undo the last move: the last play together with its Fox or Woodcutter decision."""
        if not self._undo:
            raise _refusal("nothing_to_pop")
        while True:
            starts_move = self._undo[-1][0]
            self.undo()
            if starts_move or not self._undo:
                return

    def undo(self) -> None:
        """Undo the last single action (a play, an exchange or a discard)."""
        if not self._undo:
            raise _refusal("nothing_to_undo")
        (_, decree, hands, deck, leader, trick, tw, score, gain, won, nhist, ntricks, end, phase,
         to_play, special) = self._undo.pop()
        if special is not None:
            rng, nchance, sp, piles, pile_tricks = special
            if rng is not None:
                self.rng.setstate(rng)
            del self.chance[nchance:]
            self.sp = dict(sp)
            self.piles = [[t[:] for t in pile] for pile in piles]
            self.pile_tricks = [t[:] for t in pile_tricks]
        # Copy the saved lists out: a copy() of this round shares its undo snapshots, and the
        # live lists are mutated in place by the next action.
        self.decree, self.leader, self.round_end = decree, leader, end
        self.hands, self.won = [h[:] for h in hands], [w[:] for w in won]
        self.deck, self.trick = deck[:], trick[:]
        self.tricks_won, self.score, self.round_gain = tw[:], score[:], gain[:]
        self.phase, self.to_play = phase, to_play
        del self.history[nhist:]
        del self.tricks[ntricks:]
        self.actions.pop()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    # -- internals
    def _save(self, starts_move: bool) -> None:
        self._undo.append((starts_move, self.decree, [h[:] for h in self.hands], self.deck[:],
                           self.leader, self.trick[:], self.tricks_won[:], self.score[:],
                           self.round_gain[:], [w[:] for w in self.won], len(self.history),
                           len(self.tricks), self.round_end, self.phase, self.to_play,
                           (None if self.ask_chance else self.rng.getstate(),
                            len(self.chance), dict(self.sp),
                            [[t[:] for t in pile] for pile in self.piles],
                            [t[:] for t in self.pile_tricks]) if self._special else None))

    def _voice(self) -> Narrator:
        """The narrator of this round's names and theme now (records keep it as their voice)."""
        voice = self._narrator
        if voice.theme is not self.theme or voice.names is not self.names:
            self.names = tuple(self.names)
            voice = self._narrator = Narrator(self.names, self.theme)
        return voice

    def _refuse(self, code: str, **facts) -> IllegalAction:
        """The refusal ``code`` with its facts, in the narrator's words for this round. The
        facts stay on the exception (``refusal``: (code, facts)) so that a view can say it
        again in other names or another theme."""
        return _refusal(code, self._voice(), **facts)

    def _where(self, card: Card) -> str:
        # Only public places are named: an error shown to a player must not reveal where a
        # hidden card is (the opponent's hand or the deck).
        if card is self.decree:
            return "the decree card"
        if card in self.trick:
            return "already in the trick"
        return ""

    def _card_done(self) -> None:
        self.phase = PLAY
        if len(self.trick) == 1:
            self.to_play = 1 - self.leader
            if self._special and rules.acting_card(self.trick[0], self.decree).special == "Tree":
                # The led card is a Tree as the follower is to play (a Tree, or a Mirror that
                # copies one, even after its own Fox exchange made the Tree the decree card):
                # the follower's card is picked at random from their whole hand, and its
                # ability acts as if chosen (rulings SC8, SC11).
                f = self.to_play
                (card,) = self._chance(self.hands[f], 1)
                self.hands[f].remove(card)
                self._enter(f, card, "tree", leads=False)
            return
        lead, follow = self.trick
        leader = self.leader
        extra = ()
        if self._special:
            sp = self.sp
            crowned = sp.get("crowned")
            out = rules.decide_special_trick(
                lead, follow, self.decree, None if crowned is None else self.trick.index(crowned),
                self._poison)
            if crowned is not None:
                extra = (special_card("Crown"),)
            self.sp = {}
        else:
            out = rules.decide_trick(lead, follow, self.decree, self._poison)
        winner = leader if out.winner == 0 else 1 - leader
        nxt = leader if out.next_leader == 0 else 1 - leader
        gain = out.treasure
        if self.goals:
            self._score_trick(out, lead, follow, leader, winner, nxt, extra)
            return
        if self._poison:
            # Treasure and Poison are added up first, then applied once: a score never goes
            # below 0, so what the score cannot pay is not lost (rulings P1, P2).
            poison = out.rule.poison
            floored = max(0, poison - gain - self.score[winner])
            gain -= poison - floored
            rec = TrickRecord(self.trick_number, leader, (lead, follow), winner, nxt,
                              out.treasure, self.decree, out.rule, voice=self._voice(),
                              poison=poison, lost=poison - floored, floored=floored, extra=extra)
        else:
            rec = TrickRecord(self.trick_number, leader, (lead, follow), winner, nxt,
                              out.treasure, self.decree, out.rule, voice=self._voice(),
                              extra=extra)
        self._trick_done(rec, winner, nxt, (gain, 0) if winner == 0 else (0, gain))

    def _trick_done(self, rec, winner: int, nxt: int, change) -> None:
        self.tricks.append(rec)
        self.history.append(rec)
        self.won[winner].extend(self.trick)
        self.won[winner].extend(rec.extra)
        self.piles[winner].append(list(self.trick) + list(rec.extra))
        self.pile_tricks[winner].append(rec.number)
        self.tricks_won[winner] += 1
        for p in (0, 1):
            self.score[p] += change[p]
            self.round_gain[p] += change[p]
        self.trick = []
        self.leader = self.to_play = nxt
        if not self.hands[0] and not self.hands[1]:
            self._end_round()

    def _goal_claims(self, records, trick) -> list:
        """The claims of the revealed goals at ``trick`` (None: the end of the round), derived
        from the round's records: undo and replay give the same claims, and a once-goal
        claimed earlier is not claimed again (rulings G1, G2)."""
        source = SimpleNamespace(history=records, start=self.start)
        return [c for c in evaluate_all(source, self.goals) if c.trick == trick]

    def _score_trick(self, out, lead, follow, leader, winner, nxt, extra=()) -> None:
        """A trick with goal cards in play: Treasure, Poison and the goals claimed at this trick
        are added up for each player, then applied once, floored at 0 (rulings G3, G4)."""
        poison = out.rule.poison if self._poison else None
        rec = TrickRecord(self.trick_number, leader, (lead, follow), winner, nxt, out.treasure,
                          self.decree, out.rule, voice=self._voice(), poison=poison, extra=extra)
        claims = self._goal_claims(self.history + [rec], rec.number)
        base = [0, 0]
        base[winner] = out.treasure - (poison or 0)
        goal = [sum(c.points for c in claims if c.player == p) for p in (0, 1)]
        floored = [max(0, -(self.score[p] + base[p] + goal[p])) for p in (0, 1)]
        # What the floor saves counts against the Poison first, then against the goals.
        saved = min(poison or 0, floored[winner])
        goal_floored = tuple(floored[p] - (saved if p == winner else 0) for p in (0, 1))
        if poison is not None:
            rec = replace(rec, lost=poison - saved, floored=saved)
        rec = replace(rec, claims=tuple(claims), goal_floored=goal_floored)
        self._trick_done(rec, winner, nxt,
                         tuple(base[p] + goal[p] + floored[p] for p in (0, 1)))

    def _end_round(self) -> None:
        pts = tuple(rules.round_points(t) for t in self.tricks_won)
        # Before the trick points are added, round_gain holds this round's Treasure points:
        # the record keeps them, so that its words give the whole rise of each score.
        treasure = tuple(self.round_gain)
        poison = floored = None
        if self._poison:
            # round_gain is Treasure minus Poison so far: the record keeps both parts.
            poison = tuple(sum(t.lost for t in self.tricks if t.winner == p) for p in (0, 1))
            floored = tuple(sum(t.floored for t in self.tricks if t.winner == p) for p in (0, 1))
            treasure = tuple(g + lost for g, lost in zip(treasure, poison))
        goals = None
        if self.goals:
            # round_gain holds the goal points of the tricks too: take them out of Treasure.
            at_tricks = tuple(sum(c.points for t in self.tricks for c in t.claims
                                  if c.player == p) + sum(t.goal_floored[p] for t in self.tricks)
                              for p in (0, 1))
            treasure = tuple(t - g for t, g in zip(treasure, at_tricks))
            goals = at_tricks
        for p in (0, 1):
            self.score[p] += pts[p]
            self.round_gain[p] += pts[p]
        self.round_end = RoundEndRecord(tuple(self.tricks_won), pts,
                                        tuple(rules.band(t) for t in self.tricks_won), treasure,
                                        voice=self._voice(), poison=poison, floored=floored)
        if self.goals:
            # The goals met at the end are scored with the points for tricks, floored at 0.
            claims = self._goal_claims(self.history + [self.round_end], None)
            goal = [sum(c.points for c in claims if c.player == p) for p in (0, 1)]
            end_floored = tuple(max(0, -(self.score[p] + goal[p])) for p in (0, 1))
            for p in (0, 1):
                self.score[p] += goal[p] + end_floored[p]
                self.round_gain[p] += goal[p] + end_floored[p]
            self.round_end = replace(
                self.round_end, claims=tuple(claims), goal_floored=end_floored,
                goals=tuple(goals[p] + goal[p] + end_floored[p] for p in (0, 1)))
        self.history.append(self.round_end)
        self.phase = OVER
        self.to_play = None

    # -- views, copies, saving
    def fresh(self) -> "Round":
        """This round back at its start: the same position, names, theme and random picks
        (``chance``), so that replaying its ``actions`` gives this round again."""
        return Round(self.start, self.names, self.theme, self.chance)

    def view(self, player) -> "PlayerView":
        return PlayerView.of(self, player_index(player))

    def copy(self) -> "Round":
        other = Round.__new__(Round)
        other.__dict__.update(self.__dict__)
        other.hands = [h[:] for h in self.hands]
        other.won = [w[:] for w in self.won]
        for name in ("deck", "trick", "tricks_won", "score", "round_gain", "history", "tricks",
                     "actions", "_undo", "chance"):
            setattr(other, name, list(getattr(self, name)))
        if self._special:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
            other.sp = dict(self.sp)
            other.piles = [[t[:] for t in pile] for pile in self.piles]
            other.pile_tricks = [t[:] for t in self.pile_tricks]
        return other

    def state(self) -> dict:
        """The current state as plain data (what equality compares)."""
        out = {
            "decree": str(self.decree),
            "hands": {p: sorted(str(c) for c in self.hands[i]) for i, p in enumerate(PLAYERS)},
            "deck": [str(c) for c in self.deck], "leader": PLAYERS[self.leader],
            "trick": [str(c) for c in self.trick], "phase": self.phase,
            "to_play": None if self.to_play is None else PLAYERS[self.to_play],
            "tricks_won": dict(zip(PLAYERS, self.tricks_won)),
            "score": dict(zip(PLAYERS, self.score)),
            "round_gain": dict(zip(PLAYERS, self.round_gain)),
            "tricks": [t.to_json() for t in self.tricks],
        }
        if not self.modules.base:
            out["modules"] = self.modules.to_json()
        if self.goals:
            out["goals"] = [g.id for g in self.goals]
        if self._special:
            out["chance"] = [[str(c) for c in o] for o in self.chance]
            if any(pile is not None for pile in self.start.last_won):
                out["last_won"] = {p: [str(c) for c in self.piles[i][-1]]
                                   for i, p in enumerate(PLAYERS) if self.piles[i]}
            out["special"] = {k: (v.letter if isinstance(v, Suit) else
                                  [str(c) for c in v] if isinstance(v, tuple) else
                                  str(v) if isinstance(v, Card) else v)
                              for k, v in sorted(self.sp.items())}
        return out

    def __eq__(self, other) -> bool:
        return isinstance(other, Round) and self.state() == other.state() and \
            self.actions == other.actions

    def to_json(self) -> dict:
        out = {"start": self.start.to_json(), "names": list(self.names),
               "theme": self.theme.key, "actions": [a.to_json() for a in self.actions]}
        if self.chance:
            out["chance"] = [[str(c) for c in outcome] for outcome in self.chance]
        return out

    def dumps(self) -> str:
        """The saved round as JSON text; ``foxlib.io.inputs.loads_round`` reads it back
        (``read_round`` reads ``to_json()``)."""
        return json.dumps(self.to_json())

    def __repr__(self) -> str:
        # What reads it back: foxlib.io.inputs.loads_round (the engine writes, io reads).
        return f"loads_round({self.dumps()!r})"

    def _repr_svg_(self) -> str:
        return round_svg(self)


# ----------------------------------------------------------------------------- the decisions

@dataclass(frozen=True)
class ActionKind:
    """One kind of decision: what may be chosen (``options(rnd)``: cards, None for a decision
    that may be declined), the check (``verify(rnd, card)`` raises ``IllegalAction``) and the
    effect (``apply(rnd, card)`` changes the round and returns the record). ``starts_move``:
    ``pop()`` undoes back to the last action of such a kind (a play starts a move)."""

    kind: str
    options: object
    verify: object
    apply: object
    declinable: bool = False
    starts_move: bool = False
    suits: bool = False            # the options are suits (the Hammer), not cards
    _made: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        # One shared Action per card (and for None), so listing the legal actions makes none.
        values = SUITS if self.suits else (None, *DECK, *SPECIAL_DECK)
        self._made.update((c, Action(self.kind, c)) for c in values)

    def action(self, card) -> Action:
        """The action of this kind for ``card`` (one shared object per card)."""
        return self._made[card]


#: Every decision a round knows, by kind (= the ``phase`` that expects it). A new decision is
#: one more entry here, with its options, check and effect.
ACTION_KINDS = {k.kind: k for k in (
    ActionKind(PLAY, Round.legal_cards, Round._verify_play, Round._apply_play,
               starts_move=True),
    ActionKind(EXCHANGE, Round._exchange_options, Round._verify_exchange, Round._apply_exchange,
               declinable=True),
    ActionKind(DISCARD, Round._discard_options, Round._verify_discard, Round._apply_discard),
    # The special cards' decisions. The Crown's is made in the play phase, beside 'play'.
    ActionKind(CROWN, Round._crown_options, Round._verify_crown, Round._apply_crown,
               starts_move=True),
    ActionKind(NAME_SUIT, Round._suit_options, Round._verify_name_suit, Round._apply_name_suit,
               suits=True),
    ActionKind(REPLACE, Round._replace_options, Round._verify_replace, Round._apply_replace),
    ActionKind(FAIRY_TAKE, Round._offer_options, Round._verify_fairy_take,
               Round._apply_fairy_take, declinable=True),
    ActionKind(FAIRY_GIVE, Round._hand_options, Round._verify_fairy_give,
               Round._apply_fairy_give),
    ActionKind(DIG, Round._dig_options, Round._verify_dig, Round._apply_dig, declinable=True),
    ActionKind(POTION_DISCARD, Round._hand_options, Round._verify_potion_discard,
               Round._apply_potion_discard),
    ActionKind(POTION_PLAY, Round._potion_offer, Round._verify_potion_play,
               Round._apply_potion_play),
)}
_PLAY, _EXCHANGE, _DISCARD, _CROWN = (ACTION_KINDS[k] for k in (PLAY, EXCHANGE, DISCARD, CROWN))
_CROWN_CARD = special_card("Crown")


def _kind_of(action: Action) -> ActionKind:
    kind = ACTION_KINDS.get(action.kind)
    if kind is None:
        raise _refusal("unknown_kind", kind=action.kind, kinds=tuple(ACTION_KINDS))
    if action.card is None and not kind.declinable:
        raise _refusal("must_choose")
    return kind


def _refusal(code: str, narrator: Narrator | None = None, **facts) -> IllegalAction:
    """The refusal ``code`` in the narrator's words, its facts kept on the exception
    (``refusal``: (code, facts)) so that a view can say it again in other names or theme."""
    exc = IllegalAction((narrator or Narrator()).refusal(code, **facts))
    exc.refusal = (code, facts)
    return exc


# ----------------------------------------------------------------------------- hidden information

@dataclass(frozen=True)
class PlayerView:
    """What one player can see: never the opponent's hand, the deck, or face-down cards.

    Cards won in tricks may not be looked at again, but every one of them was seen face up when
    it was played, so the public trick log is part of the view (a player may remember it).
    """

    player: int
    hand: tuple
    opponent_hand_size: int
    deck_size: int
    decree: Card
    leader: int
    trick: tuple
    to_play: int | None
    phase: str
    tricks_won: tuple
    score: tuple
    round_gain: tuple
    tricks: tuple            # public TrickRecords
    history: tuple           # records, with the opponent's hidden cards replaced by None
    known_opponent_cards: tuple   # old decree cards the opponent took with a Fox and still holds
    my_discards: tuple       # cards this player put face down under the deck, in order
    legal: tuple             # legal Actions when it is this player's turn
    modules: Modules = BASE  # the Deluxe modules in play (public)
    goals: tuple = ()        # the goals revealed for this round (public Goal values)
    # With special cards: the cards this player is choosing from now (the Fairy's cards seen,
    # the Potion's cards drawn), the crowned card in the trick and the suit a Hammer named.
    offer: tuple = ()
    crowned: Card | None = None
    named: Suit | None = None
    # The cards of each player's last trick won before the round's start, when the start
    # gives them (``Position.last_won``): public, as every card of a trick was seen played.
    last_won: tuple = (None, None)

    @classmethod
    def of(cls, rnd: Round, p: int) -> "PlayerView":
        history, known, mine = [], [], []
        for rec in rnd.history:
            hidden = rec.kind in ("draw", "discard") and rec.player != p and \
                not getattr(rec, "public", False)
            if rec.kind == "fairy":
                # The opponent knows which of their cards was taken, not which two were seen.
                if rec.player != p:
                    rec = replace(rec, shown=None)
                    if rec.taken is not None:
                        known.append(rec.taken)
                elif rec.taken in known:        # taken back from the opponent's hand
                    known.remove(rec.taken)
            elif rec.kind == "gift":
                if rec.player == p:
                    known.append(rec.card)
                elif rec.card in known:
                    known.remove(rec.card)
            elif hidden:
                rec = replace(rec, card=None)
                if rec.kind == "discard":
                    known.clear()  # a remembered card may now be face down under the deck
            elif rec.kind == "exchange" and rec.player != p and rec.taken is not None:
                if rec.taken in known:          # a remembered card became the decree again
                    known.remove(rec.taken)
                known.append(rec.old_decree)
            elif rec.kind == "play" and rec.card in known:
                known.remove(rec.card)
            if rec.kind == "play" and rec.how == "crown" and rec.player != p and \
                    _CROWN_CARD in known:       # the Crown left their hand with the card
                known.remove(_CROWN_CARD)
            if rec.kind == "discard" and rec.player == p:
                mine.append(rec.card)
            history.append(rec)
        return cls(p, tuple(sorted(rnd.hands[p])), len(rnd.hands[1 - p]), len(rnd.deck),
                   rnd.decree, rnd.leader, tuple(rnd.trick), rnd.to_play, rnd.phase,
                   tuple(rnd.tricks_won), tuple(rnd.score), tuple(rnd.round_gain),
                   tuple(rnd.tricks), tuple(history), tuple(known), tuple(mine),
                   tuple(rnd.legal_actions()) if rnd.to_play == p else (), rnd.modules,
                   rnd.goals,
                   tuple(rnd.sp.get("offer", ())) if rnd.sp.get("owner") == p and
                   rnd.phase in (FAIRY_TAKE, POTION_PLAY) else (),
                   rnd.sp.get("crowned"), rnd.sp.get("named"),
                   tuple(getattr(rnd.start, "last_won", (None, None))))

    @property
    def choices(self) -> tuple:
        """The cards of the legal actions (None: the Fox's exchange declined)."""
        return tuple(a.card for a in self.legal)

    def unseen_cards(self) -> list[Card]:
        """Cards whose place this player does not know (opponent's hand or the deck)."""
        seen = set(self.hand) | {self.decree} | set(self.trick) | set(self.known_opponent_cards)
        for t in self.tricks:
            seen.update(t.cards)
            seen.update(t.extra)
        for pile in self.last_won:
            seen.update(pile or ())
        cards = DECK + tuple(special_card(n) for n in self.modules.special)
        return [c for c in cards if c not in seen]
