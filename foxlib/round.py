"""One round of The Fox in the Forest as an exact, explained state machine.

A ``Round`` starts from a ``Position`` (hands, decree, deck, who leads, tricks and points so far)
and moves forward by three kinds of action, each with ``verify_*`` (raises ``IllegalAction`` with a
full-sentence reason), ``can_*`` (bool) and the action itself (applies it and returns a frozen
record that is kept in ``history``):

- ``play(card)``: play a card to the trick;
- ``exchange(card_or_None)``: the Fox's optional swap with the decree card (None declines);
- ``discard(card)``: the Woodcutter's card to the bottom of the deck, after its automatic draw.

``phase`` says which one is expected and ``to_play`` by whom. ``Move`` bundles a play with its
decision, for solvers and the referee: ``legal_moves()``, ``push(move)`` and ``pop()``.
The deal is the only chance event: once cards are dealt, the deck order is fixed, so a
Woodcutter's draw is hidden information, not a new random event.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from .cards import DECK, DEFAULT_THEME, Card, Theme
from .errors import FoxError, IllegalAction, InvalidState
from . import rules

PLAYERS = ("A", "B")
PLAY, EXCHANGE, DISCARD, OVER = "play", "exchange", "discard", "over"


def player_index(who) -> int:
    if who in (0, 1) and not isinstance(who, bool):   # True == 1, but true is not a player
        return int(who)
    if isinstance(who, str) and who.upper() in PLAYERS:
        return PLAYERS.index(who.upper())
    raise InvalidState(f"{who!r} is not a player: use 'A' or 'B'.")


def _c(card) -> Card:
    return card if isinstance(card, Card) else Card(card)


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

    def to_json(self):
        if self.exchange is None and self.discard is None:
            return str(self.card)
        out = {"card": str(self.card)}
        if self.exchange is not None:
            out["exchange"] = str(self.exchange)
        if self.discard is not None:
            out["discard"] = str(self.discard)
        return out

    @classmethod
    def from_json(cls, obj, where: str = "play") -> "Move":
        """Read a play (see ``foxlib.inputs.read_move``)."""
        from .inputs import read_move
        return read_move(obj, where)

    def __str__(self) -> str:
        if self.exchange is not None:
            return f"{self.card} (exchange {self.exchange})"
        if self.discard is not None:
            return f"{self.card} (discard {self.discard})"
        return str(self.card)


@dataclass(frozen=True)
class PlayRecord:
    player: int
    card: Card
    trick: int            # 1-based trick number
    reason: str
    kind: str = "play"


@dataclass(frozen=True)
class ExchangeRecord:
    player: int
    taken: Card | None    # the card from hand that became the decree (None: declined)
    old_decree: Card      # goes to the player's hand when taken is not None
    reason: str
    kind: str = "exchange"


@dataclass(frozen=True)
class DrawRecord:
    player: int
    card: Card            # hidden from the opponent
    reason: str
    kind: str = "draw"


@dataclass(frozen=True)
class DiscardRecord:
    player: int
    card: Card            # hidden from the opponent (face down)
    reason: str
    kind: str = "discard"


@dataclass(frozen=True)
class TrickRecord:
    number: int
    leader: int
    cards: tuple          # (led, followed)
    winner: int
    next_leader: int
    treasure: int
    decree: Card          # at resolution
    reason: str
    kind: str = "trick"

    def to_json(self) -> dict:
        return {"leader": PLAYERS[self.leader], "cards": [str(c) for c in self.cards],
                "winner": PLAYERS[self.winner], "next_leader": PLAYERS[self.next_leader],
                "treasure": self.treasure, "decree": str(self.decree), "reason": self.reason}


@dataclass(frozen=True)
class RoundEndRecord:
    tricks_won: tuple
    points: tuple         # the table's points, Treasure not included
    bands: tuple
    reason: str
    kind: str = "round_end"


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

    def to_json(self) -> dict:
        out = {"decree": str(self.decree),
               "hands": {p: [str(c) for c in self.hands[i]] for i, p in enumerate(PLAYERS)},
               "leader": PLAYERS[self.leader], "deck": [str(c) for c in self.deck],
               "trick": [str(c) for c in self.trick],
               "tricks_won": dict(zip(PLAYERS, self.tricks_won)),
               "score": dict(zip(PLAYERS, self.score)),
               "round_gain": dict(zip(PLAYERS, self.round_gain))}
        if self.dealer is not None:
            out["dealer"] = PLAYERS[self.dealer]
        return out

    @classmethod
    def from_json(cls, obj, where: str = "position") -> "Position":
        """Read a position (see ``foxlib.inputs.read_position``)."""
        from .inputs import read_position
        return read_position(obj, where)

    def validate(self, where: str = "position") -> None:
        """Raise ``InvalidState`` if this position could not occur in a round (see
        ``foxlib.inputs.check_position``)."""
        from .inputs import check_position
        check_position(self, where)


def deal(rng: random.Random, dealer: int, score=(0, 0)) -> Position:
    """Shuffle the 33 cards and deal: 13 each, the top card of the 7 left becomes the decree."""
    cards = list(DECK)
    rng.shuffle(cards)
    hands = (sorted(cards[0:26:2]), sorted(cards[1:26:2]))
    rest = cards[26:]
    return Position(rest[0], hands, 1 - dealer, rest[1:], [], (0, 0), tuple(score), (0, 0), dealer)


# ----------------------------------------------------------------------------- the round

class Round:
    """A round in progress. Construct from a ``Position`` or with ``Round.deal(seed, dealer)``."""

    def __init__(self, position: Position, names=PLAYERS, theme: Theme = DEFAULT_THEME):
        position.validate()
        self.start = position
        self.names = tuple(names)
        self.theme = theme
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
        self.actions: list = []          # what was done, for saving: (kind, card or None)
        self._undo: list = []
        self.phase = PLAY
        self.to_play = self.leader if not self.trick else 1 - self.leader
        if not self.hands[0] and not self.hands[1] and not self.trick:
            self._end_round()

    # -- construction helpers
    @classmethod
    def deal(cls, seed=None, dealer: int = 0, score=(0, 0), **kw) -> "Round":
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls(deal(rng, dealer, score), **kw)

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
        return sorted(hand) if not self.trick else sorted(rules.legal_follows(hand, self.trick[0]))

    def legal_actions(self) -> list:
        """What may be chosen now: cards to play, exchange options (None = decline), or discards."""
        if self.phase == PLAY:
            return self.legal_cards()
        if self.phase == EXCHANGE:
            return [None] + sorted(self.hands[self.to_play])
        if self.phase == DISCARD:
            return sorted(self.hands[self.to_play])
        return []

    def legal_moves(self) -> list[Move]:
        """Every play with its decision bundled: each Fox exchange and each Woodcutter discard."""
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

    # -- play
    def verify_play(self, card) -> None:
        card = _c(card)
        if self.phase == OVER:
            raise IllegalAction(f"The round is over; {card.name(self.theme)} cannot be played.")
        if self.phase != PLAY:
            raise IllegalAction(f"{self._says('must first')} {self._pending_text()} before "
                                "another card is played.")
        hand = self.hands[self.to_play]
        if card not in hand:
            owner = self._where(card)
            raise IllegalAction(f"{self._says('does not hold')} the {card.name(self.theme)}"
                                f"{' (it is ' + owner + ')' if owner else ''}.")
        if self.trick:
            reason = rules.illegal_follow_reason(card, hand, self.trick[0],
                                                 self.name(self.leader), self.theme)
            if reason:
                raise IllegalAction(reason)

    def can_play(self, card) -> bool:
        try:
            self.verify_play(card)
        except FoxError:
            return False
        return True

    def play(self, card) -> PlayRecord:
        card = _c(card)
        self.verify_play(card)
        self._save(True)
        p = self.to_play
        self.hands[p].remove(card)
        self.trick.append(card)
        self.actions.append(("play", card))
        verb = "leads" if len(self.trick) == 1 else "follows with"
        rec = PlayRecord(p, card, self.trick_number, f"{self._says(verb, p)} the "
                         f"{card.label(self.theme)}.")
        self.history.append(rec)
        if card.rank == rules.FOX and self.hands[p]:
            self.phase = EXCHANGE
        elif card.rank == rules.WOODCUTTER and self.deck:
            drawn = self.deck.pop(0)
            self.hands[p].append(drawn)
            self.history.append(DrawRecord(p, drawn, f"{self._says('draws', p)} the top card of "
                                           f"the deck (the {drawn.name(self.theme)})."))
            self.phase = DISCARD
        else:
            self._card_done()
        return rec

    # -- the Fox
    def verify_exchange(self, card) -> None:
        if self.phase != EXCHANGE:
            raise IllegalAction("There is no Fox exchange to make now: the Fox's swap happens "
                                "right after the Fox is played.")
        if card is not None:
            card = _c(card)
            if card not in self.hands[self.to_play]:
                raise IllegalAction(f"{self._says('does not hold')} the "
                                    f"{card.name(self.theme)}, so it cannot become the decree.")

    def can_exchange(self, card) -> bool:
        try:
            self.verify_exchange(card)
        except FoxError:
            return False
        return True

    def exchange(self, card=None) -> ExchangeRecord:
        """Swap ``card`` from hand with the decree card (``None`` keeps the decree as it is)."""
        card = None if card is None else _c(card)
        self.verify_exchange(card)
        self._save(False)
        p, old = self.to_play, self.decree
        if card is None:
            reason = f"{self._says('keeps', p)} the decree card as it is ({old.name(self.theme)})."
        else:
            self.hands[p].remove(card)
            self.hands[p].append(old)
            self.decree = card
            change = (f"{self.theme.suit_names[card.suit]} are now trump" if card.suit != old.suit
                      else f"{self.theme.suit_names[card.suit]} stay trump")
            reason = (f"{self._says('uses', p)} the Fox to swap the {card.name(self.theme)} for the decree "
                      f"card, the {old.name(self.theme)}: {change}, already for this trick.")
        self.actions.append(("exchange", card))
        rec = ExchangeRecord(p, card, old, reason)
        self.history.append(rec)
        self._card_done()
        return rec

    # -- the Woodcutter
    def verify_discard(self, card) -> None:
        if self.phase != DISCARD:
            raise IllegalAction("There is no Woodcutter discard to make now: it happens right "
                                "after the Woodcutter's draw.")
        card = _c(card)
        if card not in self.hands[self.to_play]:
            raise IllegalAction(f"{self._says('does not hold')} the "
                                f"{card.name(self.theme)}, so it cannot be discarded.")

    def can_discard(self, card) -> bool:
        try:
            self.verify_discard(card)
        except FoxError:
            return False
        return True

    def discard(self, card) -> DiscardRecord:
        card = _c(card)
        self.verify_discard(card)
        self._save(False)
        p = self.to_play
        self.hands[p].remove(card)
        self.deck.append(card)
        self.actions.append(("discard", card))
        rec = DiscardRecord(p, card, f"{self._says('puts', p)} the {card.name(self.theme)} face "
                            "down at the bottom of the deck.")
        self.history.append(rec)
        self._card_done()
        return rec

    # -- moves (play + decision)
    def verify_move(self, move: Move) -> None:
        card = move.card
        self.verify_play(card)
        hand = [c for c in self.hands[self.to_play] if c is not card]
        if move.exchange is not None:
            if card.rank != rules.FOX:
                raise IllegalAction(f"Only a Fox (3) can exchange the decree card; the "
                                    f"{card.name(self.theme)} is not a Fox.")
            if not hand:
                raise IllegalAction(f"The {card.name(self.theme)} is "
                                    f"{rules.possessive(self.name(self.to_play))} last card, so "
                                    "nothing is left in hand to exchange with the decree card.")
            if move.exchange not in hand:
                raise IllegalAction(f"{self._says('does not hold')} the "
                                    f"{move.exchange.name(self.theme)}, so the Fox cannot swap "
                                    "it for the decree card.")
        if move.discard is not None:
            if card.rank != rules.WOODCUTTER:
                raise IllegalAction(f"Only a Woodcutter (5) discards to the deck; the "
                                    f"{card.name(self.theme)} is not a Woodcutter.")
            if not self.deck:
                raise IllegalAction("The deck is empty, so the Woodcutter draws nothing and "
                                    "discards nothing.")
            if move.discard not in hand and move.discard is not self.deck[0]:
                raise IllegalAction(f"{self._says('cannot discard')} the "
                                    f"{move.discard.name(self.theme)}: it is neither in hand nor "
                                    "the card the Woodcutter draws.")
        if card.rank == rules.WOODCUTTER and self.deck and move.discard is None:
            raise IllegalAction(f"The Woodcutter draws the top card of the deck, so "
                                f"{rules.subject(self.name(self.to_play), 'must')} say which "
                                "card to discard.")

    def push(self, move) -> list:
        """Apply a Move (or a card); returns the records it produced. Undo it with ``pop()``."""
        if not isinstance(move, Move):
            move = Move(_c(move))
        self.verify_move(move)
        start = len(self.history)
        self.play(move.card)
        if self.phase == EXCHANGE:
            self.exchange(move.exchange)
        elif self.phase == DISCARD:
            self.discard(move.discard)
        return self.history[start:]

    def pop(self) -> None:
        """Undo the last move: the last play together with its Fox or Woodcutter decision."""
        if not self._undo:
            raise IllegalAction("There is nothing to undo: no card has been played yet.")
        while True:
            starts_move = self._undo[-1][0]
            self.undo()
            if starts_move or not self._undo:
                return

    def undo(self) -> None:
        """Undo the last single action (a play, an exchange or a discard)."""
        if not self._undo:
            raise IllegalAction("There is nothing to undo.")
        (_, decree, hands, deck, leader, trick, tw, score, gain, won, nhist, ntricks, end, phase,
         to_play) = self._undo.pop()
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
                           len(self.tricks), self.round_end, self.phase, self.to_play))

    def _says(self, verb: str, player: int | None = None) -> str:
        """'A draws' or 'You draw' at the start of a sentence; the player to play by default."""
        who = self.name(self.to_play if player is None else player)
        return rules.sentence(rules.subject(who, verb))

    def _pending_text(self) -> str:
        return {EXCHANGE: "decide on the Fox's exchange", DISCARD: "choose the Woodcutter's "
                "discard"}.get(self.phase, "play")

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
            return
        lead, follow = self.trick
        leader = self.leader
        names = (self.name(leader), self.name(1 - leader))
        out = rules.resolve_trick(lead, follow, self.decree, names, self.theme)
        winner = leader if out.winner == 0 else 1 - leader
        nxt = leader if out.next_leader == 0 else 1 - leader
        rec = TrickRecord(self.trick_number, leader, (lead, follow), winner, nxt, out.treasure,
                          self.decree, out.reason)
        self.tricks.append(rec)
        self.history.append(rec)
        self.won[winner].extend(self.trick)
        self.tricks_won[winner] += 1
        self.score[winner] += out.treasure
        self.round_gain[winner] += out.treasure
        self.trick = []
        self.leader = self.to_play = nxt
        if not self.hands[0] and not self.hands[1]:
            self._end_round()

    def _end_round(self) -> None:
        pts = tuple(rules.round_points(t) for t in self.tricks_won)
        # Before the trick points are added, round_gain holds this round's Treasure points:
        # the text adds them up so that its numbers give the whole rise of each score.
        treasure = tuple(self.round_gain)
        for p in (0, 1):
            self.score[p] += pts[p]
            self.round_gain[p] += pts[p]
        reason = " ".join(rules.explain_round_points(self.name(p), self.tricks_won[p],
                                                     treasure[p]) for p in (0, 1))
        self.round_end = RoundEndRecord(tuple(self.tricks_won), pts,
                                        tuple(rules.band(t) for t in self.tricks_won), reason)
        self.history.append(self.round_end)
        self.phase = OVER
        self.to_play = None

    # -- views, copies, saving
    def view(self, player) -> "PlayerView":
        return PlayerView.of(self, player_index(player))

    def copy(self) -> "Round":
        other = Round.__new__(Round)
        other.__dict__.update(self.__dict__)
        other.hands = [h[:] for h in self.hands]
        other.won = [w[:] for w in self.won]
        for name in ("deck", "trick", "tricks_won", "score", "round_gain", "history", "tricks",
                     "actions", "_undo"):
            setattr(other, name, list(getattr(self, name)))
        return other

    def state(self) -> dict:
        """The current state as plain data (what equality compares)."""
        return {
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

    def __eq__(self, other) -> bool:
        return isinstance(other, Round) and self.state() == other.state() and \
            self.actions == other.actions

    def to_json(self) -> dict:
        return {"start": self.start.to_json(), "names": list(self.names), "theme": self.theme.key,
                "actions": [[kind, None if c is None else str(c)] for kind, c in self.actions]}

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def from_json(cls, obj, where: str = "round") -> "Round":
        """Rebuild a round by replaying its actions (see ``foxlib.inputs.read_round``)."""
        from .inputs import read_round
        return read_round(obj, where)

    @classmethod
    def loads(cls, text: str) -> "Round":
        from .inputs import read_json, read_round
        return read_round(read_json(text, "The saved round")[1])

    def __repr__(self) -> str:
        return f"Round.loads({self.dumps()!r})"

    def _repr_svg_(self) -> str:
        from .svg import round_svg
        return round_svg(self)


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
    legal: tuple             # legal actions when it is this player's turn

    @classmethod
    def of(cls, rnd: Round, p: int) -> "PlayerView":
        history, known, mine = [], [], []
        for rec in rnd.history:
            hidden = rec.kind in ("draw", "discard") and rec.player != p
            if hidden:
                verb = "draws a card" if rec.kind == "draw" else "puts a card face down under the deck"
                rec = type(rec)(rec.player, None,
                                rules.sentence(rules.subject(rnd.name(rec.player), verb)) + ".")
                if rec.kind == "discard":
                    known.clear()  # a remembered card may now be face down under the deck
            elif rec.kind == "exchange" and rec.player != p and rec.taken is not None:
                if rec.taken in known:          # a remembered card became the decree again
                    known.remove(rec.taken)
                known.append(rec.old_decree)
            elif rec.kind == "play" and rec.card in known:
                known.remove(rec.card)
            if rec.kind == "discard" and rec.player == p:
                mine.append(rec.card)
            history.append(rec)
        return cls(p, tuple(sorted(rnd.hands[p])), len(rnd.hands[1 - p]), len(rnd.deck),
                   rnd.decree, rnd.leader, tuple(rnd.trick), rnd.to_play, rnd.phase,
                   tuple(rnd.tricks_won), tuple(rnd.score), tuple(rnd.round_gain),
                   tuple(rnd.tricks), tuple(history), tuple(known), tuple(mine),
                   tuple(rnd.legal_actions()) if rnd.to_play == p else ())

    def unseen_cards(self) -> list[Card]:
        """Cards whose place this player does not know (opponent's hand or the deck)."""
        seen = set(self.hand) | {self.decree} | set(self.trick) | set(self.known_opponent_cards)
        for t in self.tricks:
            seen.update(t.cards)
        return [c for c in DECK if c not in seen]
