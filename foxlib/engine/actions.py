"""The decisions of a round: the players (``PLAYERS``, ``player_index``), the phase and action
kind names, ``Action`` (one decision: a kind and a card), ``Move`` (a play with its Fox or
Woodcutter decision, for solvers and the referee) and ``ActionKind`` (one kind of decision: its
options, its check and its effect). The table of every kind a round knows, ``ACTION_KINDS``, is
``foxlib.engine.round``'s: the play is the round's own, the other kinds are the abilities'
(``foxlib.engine.abilities``).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core.cards import DECK, SPECIAL_DECK, SUITS, Card, Suit
from ..core.errors import FoxError, IllegalAction, InvalidCard, InvalidState
from ..words.narrator import Narrator

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


# ----------------------------------------------------------------------------- moves

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


def _refusal(code: str, narrator: Narrator | None = None, **facts) -> IllegalAction:
    """The refusal ``code`` in the narrator's words, its facts kept on the exception
    (``refusal``: (code, facts)) so that a view can say it again in other names or theme."""
    exc = IllegalAction((narrator or Narrator()).refusal(code, **facts))
    exc.refusal = (code, facts)
    return exc

