"""The rounds behind the exercises, set up from their data: a trick just led
(``_open_trick_round``), a hand about to lead, the last trick of a round, a recorded round
(``read_round``), and a round with the Deluxe modules played from plain data (``_deluxe_round``,
``_act_all``). The cards nobody gave are stand-ins (never shown), and each position is one a
real round can reach (``foxlib.engine.possible``).
"""
from __future__ import annotations

from ...core.cards import DECK, Card, Theme
from ...core.errors import FoxError, InvalidState, json_kind
from ...engine.modules import SPECIAL_CARDS, Modules
from ...engine.possible import deck_size
from ...engine.round import Action, Position, Round
from ...io import inputs
from .fields import _cards, _distinct


def _open_trick_round(decree: Card, led: Card, follower_hand, names, theme: Theme,
                      deck=()) -> Round:
    """A Round in which names[0] has just led ``led`` and names[1] holds ``follower_hand``.

    The leader's remaining cards never matter to the question, but the engine wants a
    consistent position, so they are stand-ins used nowhere else (never shown); so are the
    deck's cards under ``deck`` (a real deck holds 6) and the earlier tricks, all won by the
    leader (the position is one a real round can reach: ``foxlib.engine.possible``).
    """
    filled = inputs.fill_unseen(decree, ([], follower_hand), 0, deck=deck, trick=[led],
                                unseen=(len(follower_hand) - 1, 0),
                                unseen_deck=_deck_room(deck),
                                tricks_won=(13 - len(follower_hand), 0))
    return Round(filled.position, tuple(names), theme)


def _leading_round(decree: Card, hand, names, theme: Theme, deck=()) -> Round:
    """A Round in which names[0], holding ``hand``, is about to lead."""
    filled = inputs.fill_unseen(decree, (hand, []), 0, deck=deck, unseen=(0, len(hand)),
                                unseen_deck=_deck_room(deck), tricks_won=(13 - len(hand), 0))
    return Round(filled.position, tuple(names), theme)


def _deck_room(deck, special: int = 0) -> int:
    """How many stand-ins fill the deck under the cards given, so that it holds what a real
    round's deck holds (6 cards, one more per special card: ``foxlib.engine.possible``)."""
    room = deck_size(special) - len(deck)
    if room < 0:
        raise InvalidState(f"deck: {len(deck)} cards are given, but the deck of a real round "
                           f"holds {deck_size(special)} at any moment.")
    return room


def _last_trick_position(decree: Card, lead: Card, follow: Card) -> Position:
    """The position of a trick shown as two cards: the last trick of a base round, the leader
    having led ``lead`` and the follower holding ``follow``; the rest is stand-ins."""
    return inputs.fill_unseen(decree, ([], [follow]), 0, trick=[lead],
                              unseen_deck=_deck_room(()), tricks_won=(12, 0)).position


def read_round(source, where: str = "round") -> Round:
    """A finished or partial round from a ``Round``, a saved round (``Round.to_json()``), its
    JSON text, or the path of a ``.json`` file holding one (relative to the working folder);
    see ``foxlib.io.inputs.load_round``."""
    return inputs.load_round(source, where=where)


# ----------------------------------------------------------------------------- Deluxe modules
# Tricks with the Deluxe modules (special cards, Poison 8s, goal cards) are played through a
# Round from plain data: the known cards of both hands, the actions in order ("play 5K",
# "crown 8M", "name_suit M", "dig Shovel", ...; a bare card name plays it) and the chance
# outcomes the Tree, Fairy and Shovel need (rulings SC19), so that every answer is the engine's.

def _deluxe_round(decree: Card, hands, deck, chance, special, poison: bool, goals, score,
                  names, theme: Theme) -> tuple:
    """(a Round with names[0] to lead, the stand-in cards) from the known cards of both hands.
    Each hand is filled up with cards listed nowhere (even ranks first, of suits the other hand
    does not hold), to one card more than the bigger hand, so the round never ends inside the
    exercise. The special cards in play are ``special``, or every one named in the data."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 2:
        raise InvalidState("hands must be two lists of cards: the leader's and the follower's.")
    known = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands)]
    deck = _cards(deck, "deck")
    _distinct("exercise data", decree=decree, **{f"hands[{i}]": h for i, h in enumerate(known)},
              deck=deck)
    named = {c.special for c in [decree, *known[0], *known[1], *deck] if c.special}
    if special is None:
        special = [s for s in SPECIAL_CARDS if s in named]
    elif not isinstance(special, (list, tuple)):
        raise InvalidState("special must be a list of special cards like ['Axe'], not "
                           f"{json_kind(special)}.")
    if not isinstance(poison, bool):
        raise InvalidState(f"poison must be true or false, not {poison!r}.")
    if not isinstance(goals, (list, tuple)):
        raise InvalidState(f"goals must be a list of goal ids, not {json_kind(goals)}.")
    if not isinstance(chance, (list, tuple)):
        raise InvalidState("chance must be a list of the random cards picked, like "
                           f"['6K', ['2K', '9M']], not {json_kind(chance)}.")
    if not (isinstance(score, (list, tuple)) and len(score) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in score)):
        raise InvalidState(f"score must be two whole numbers like [3, 0], not {score!r}.")
    missing = sorted(named - set(special))
    if missing:
        raise InvalidState(f"special: the {missing[0]} is in the data but not in play.")
    try:
        modules = Modules(poison=poison, special=tuple(special), goals=tuple(goals))
    except FoxError as exc:
        raise InvalidState(str(exc)) from None
    size = max(len(known[0]), len(known[1])) + 1
    room = _deck_room(deck, len(special))
    used = {decree, *known[0], *known[1], *deck}
    spare = sorted((c for c in DECK if c not in used), key=lambda c: (c.rank % 2, c.index))
    filled, filler = [], set()
    for i in (0, 1):
        # A stand-in must not change what the other player's cards oblige this one to play.
        avoid = {c.suit for c in known[1 - i]} | {decree.suit}
        fits = [c for c in spare if c.suit not in avoid] + [c for c in spare if c.suit in avoid]
        extra = fits[:size - len(known[i])]
        spare = [c for c in spare if c not in extra]
        filler.update(extra)
        filled.append(tuple(known[i] + extra))
    # The deck holds what a real deck holds: stand-ins under the cards given.
    under = spare[:room]
    filler.update(under)
    pos = Position(decree, tuple(filled), 0, list(deck) + under, [], (13 - size, 0),
                   tuple(score), (0, 0), None, modules, tuple(goals), 1)
    outcomes = [tuple(_cards(o if isinstance(o, (list, tuple)) else [o], f"chance[{i}]"))
                for i, o in enumerate(chance)]
    try:
        return Round(pos, tuple(names), theme, chance=outcomes), frozenset(filler)
    except FoxError as exc:
        raise InvalidState(str(exc)) from None


def _act_all(rnd: Round, actions) -> None:
    """Do ``actions`` (texts like 'play 5K' or 'name_suit M'; a card name alone plays it)."""
    if not isinstance(actions, (list, tuple)):
        raise InvalidState("actions must be a list like ['play 5K', 'play Axe'].")
    for i, item in enumerate(actions):
        if not isinstance(item, str) or not item.strip():
            raise InvalidState(f"actions[{i}] must be an action like 'play 5K', not {item!r}.")
        try:
            rnd.act(Action.parse(item if len(item.split()) > 1 else f"play {item}"))
        except FoxError as exc:
            raise InvalidState(f"actions[{i}] {item!r}: {exc}") from None


def _story(records) -> list:
    """The engine's words for what happened (trick records included)."""
    return [r.reason for r in records if getattr(r, "kind", "") != "round_end"]

