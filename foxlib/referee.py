"""The referee: JSON Lines scenarios in, one JSON result line out for each.

A scenario is a position (``decree``, ``hands``, ``leader``, optional ``deck``, ``trick``,
``tricks_won``, ``score``, ``round_gain``, ``target``) plus the ``plays`` to apply in order.
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass

from .cards import DECK, DEFAULT_THEME, Card, read_cards
from .errors import FoxError, InvalidState, json_kind
from .game import DEFAULT_TARGET, game_result
from .round import PLAYERS, Move, Position, Round
from .rules import count

SCENARIO_FIELDS = {"decree", "hands", "leader", "plays", "deck", "trick", "tricks_won", "score",
                   "round_gain", "target"}


# ----------------------------------------------------------------------------- one trick set up
# The rules explorer (lesson 14) sets up one trick from a learner's choices; the checks and the
# words of its complaints live here, so the widget only shows them.

#: Where a chosen card is, in words ("... is chosen twice: as the decree card and in the
#: follower's hand").
SETUP_PLACES = {"decree": "as the decree card", "led": "as the led card",
                "leader_others": "among the leader's other cards",
                "follower": "in the follower's hand", "deck_top": "as the top of the deck"}


@dataclass(frozen=True)
class TrickSetup:
    """One trick ready to play: ``position`` (the leader, A, to lead ``led``), the cards the
    learner gave the leader besides the led card (``leader_others``) and how many cards nobody
    chose were added to the leader's hand (``filler``) so that both hands have the same size."""

    position: Position
    led: Card
    leader_others: tuple
    follower: tuple
    deck_top: Card | None
    filler: int


def _setup_error(text: str) -> InvalidState:
    return InvalidState(f"Check the set-up: {text}")


def trick_setup(decree, led, follower_hand, leader_others="", deck_top=None, *,
                theme=DEFAULT_THEME) -> TrickSetup:
    """Build a trick from a learner's choices: cards (or codes like '9M') for the decree and
    the led card, typed text such as '9B 6B 2K' for the hands, and optionally the top card of
    the deck (for a Woodcutter). Problems raise ``InvalidState`` in plain words, starting
    "Check the set-up: " and naming the card and where it is ("the follower's second card
    '12K' is not a card: ranks run from 1 to 11.")."""
    try:
        decree, led = Card(decree), Card(led)
        top = Card(deck_top) if deck_top else None
        others = read_cards(leader_others, "the leader's {nth} other card")
        follower = read_cards(follower_hand, "the follower's {nth} card")
    except FoxError as exc:
        raise _setup_error(str(exc)) from None
    if not follower:
        raise _setup_error("give the follower at least one card.")
    if len(follower) > 13:
        raise _setup_error(f"the follower holds {len(follower)} cards, but a hand holds at most "
                           "13.")
    if len(others) + 1 > len(follower):
        n = len(others) + 1
        raise _setup_error(
            f"the leader holds {count(n, 'card')} (the led card and {count(n - 1, 'other')}) "
            f"but the follower only {len(follower)}: when a trick starts both hands hold the "
            "same number of cards, so give the follower more cards or the leader fewer.")
    places: dict = {}
    chosen = [("decree", [decree]), ("led", [led]), ("leader_others", others),
              ("follower", follower), ("deck_top", [top] if top else [])]
    for key, cards in chosen:
        for card in cards:
            if card in places:
                first = places[card]
                where = (f"twice {SETUP_PLACES[key]}" if first == key else
                         f"twice: {SETUP_PLACES[first]} and {SETUP_PLACES[key]}")
                raise _setup_error(f"the {card.name(theme)} ({card}) is chosen {where}; "
                                   "there is only one of each card.")
            places[card] = key
    leader = [led, *others]
    # The rules need hands of equal size: the leader's hand is filled up with cards nobody
    # chose. They can never change what the follower may play.
    spare = [c for c in DECK if c not in places]
    filler = len(follower) - len(leader)
    leader += spare[:filler]
    deck = [top] + spare[filler:filler + 5] if top else []
    pos = Position(decree, (leader, follower), 0, deck)
    pos.validate("the set-up")       # never fails after the checks above; kept as a guard
    return TrickSetup(pos, led, tuple(others), tuple(follower), top, filler)


# ----------------------------------------------------------------------------- scenarios

def load_scenario(obj) -> tuple[Round, list, int]:
    """Read a scenario object into (round at its start, the plays as Moves, target)."""
    if not isinstance(obj, dict):
        raise InvalidState(f"A scenario must be a JSON object, not {json_kind(obj)}.")
    unknown = set(obj) - SCENARIO_FIELDS
    if unknown:
        raise InvalidState(f"Unknown scenario field(s) {sorted(unknown)}; the fields are "
                           f"{sorted(SCENARIO_FIELDS)}.")
    if "plays" not in obj:
        raise InvalidState("The field 'plays' is missing (use [] for none).")
    if not isinstance(obj["plays"], list):
        raise InvalidState("'plays' must be a list of plays.")
    target = obj.get("target", DEFAULT_TARGET)
    if target is None:
        target = DEFAULT_TARGET
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        raise InvalidState(f"'target' must be a whole number of at least 1, not {target!r}.")
    pos = Position.from_json({k: v for k, v in obj.items() if k not in ("plays", "target")},
                             "scenario")
    moves = [Move.from_json(p, f"plays[{i}]") for i, p in enumerate(obj["plays"])]
    return Round(pos), moves, target


def apply_plays(rnd: Round, moves: list) -> Round:
    for i, move in enumerate(moves):
        if rnd.is_over:
            raise InvalidState(f"plays[{i}] ({move}): the round is already over, so no more "
                               "cards can be played.")
        try:
            rnd.push(move)
        except FoxError as exc:
            raise type(exc)(f"plays[{i}] ({move}): {exc}") from None
    return rnd


def result(rnd: Round, target: int) -> dict:
    out = {
        "tricks": [t.to_json() for t in rnd.tricks],
        "tricks_won": dict(zip(PLAYERS, rnd.tricks_won)),
        "score": dict(zip(PLAYERS, rnd.score)),
        "decree": str(rnd.decree),
        "hands": {p: [str(c) for c in sorted(rnd.hands[i])] for i, p in enumerate(PLAYERS)},
        "deck": [str(c) for c in rnd.deck],
        "to_play": None if rnd.to_play is None else PLAYERS[rnd.to_play],
        "legal": [str(c) for c in rnd.legal_cards()],
        "round_over": rnd.is_over,
    }
    if rnd.is_over:
        over, winner, why = game_result(rnd.score, rnd.round_gain, target)
        out["round_points"] = dict(zip(PLAYERS, rnd.round_end.points))
        out["round_reason"] = rnd.round_end.reason
        out["game_over"] = over
        out["winner"] = PLAYERS[winner] if winner in (0, 1) else winner
        out["game_reason"] = why
    return out


def referee_line(line) -> dict:
    """Judge one input line (text or bytes); every problem becomes ``{"error": ...}``."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return {"error": f"The line is not UTF-8 text ({exc.reason} at byte {exc.start}); "
                             "a scenario is one JSON object per line."}
    if not line.strip():
        # Answer it anyway, so output line N always belongs to input line N.
        return {"error": "The line is empty; a scenario is one JSON object per line."}
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"The line is not valid JSON: {exc}."}
    except RecursionError:
        return {"error": "The line is not a scenario: its JSON is nested too deeply."}
    try:
        rnd, moves, target = load_scenario(obj)
        return result(apply_plays(rnd, moves), target)
    except FoxError as exc:
        return {"error": str(exc)}
    except (TypeError, KeyError, AttributeError, ValueError, RecursionError) as exc:
        # Malformed shapes deep inside: still one clear line, never a traceback.
        return {"error": f"The scenario is malformed: {exc}."}


def main(argv=None, stdin=None, stdout=None) -> int:
    """Read scenarios from stdin (bytes, so a bad encoding spoils only its own line)."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout or sys.stdout
    for line in stdin:
        stdout.write(json.dumps(referee_line(line)) + "\n")
        stdout.flush()
    return 0
