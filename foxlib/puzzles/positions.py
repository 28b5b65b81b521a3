"""Reading the ``position`` of a puzzle: cards, hands (listed or concealed), the deck, the
trick and the counts, then everything that makes a position impossible in a real round, what
each kind of goal needs from it, and the stand-in cards for what is concealed."""
from __future__ import annotations

from .. import rules
from ..cards import DECK, Card
from ..errors import FoxError, json_kind
from ..round import PLAYERS, Position
from .format import BAND, DECK_SIZE, PLAY, POSITION_FIELDS, ROUND_TRICKS
from .model import names_list

# ----------------------------------------------------------------------------- positions

def _card(value, where, probs):
    try:
        return Card(value)
    except FoxError as exc:
        probs.add(where, f"unknown card: {exc}")
        return None


def _cards(value, where, probs) -> list | None:
    if isinstance(value, str):
        probs.add(where, f"must be a list of cards like [\"9M\", \"2B\"], not the text {value!r}.")
        return None
    if not isinstance(value, list):
        probs.add(where, f"must be a list of cards, not {json_kind(value)}.")
        return None
    cards = [_card(v, f"{where}[{i}]", probs) for i, v in enumerate(value)]
    return [c for c in cards if c is not None]     # the bad ones are reported already


def _pair(pos, key, probs):
    value = pos.get(key, {"A": 0, "B": 0})
    where = f"position.{key}"
    if not isinstance(value, dict):
        probs.add(where, f'must be an object like {{"A": 2, "B": 3}}, not {json_kind(value)}.')
        return None
    out = []
    for k in sorted(set(value) - set(PLAYERS)):
        probs.add(f"{where}.{k}", "unknown player; use A and B.")
    for p in PLAYERS:
        v = value.get(p, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            probs.add(f"{where}.{p}", f"must be a whole number of at least 0, not {v!r}.")
            return None
        out.append(v)
    return tuple(out)


def _hand(value, where, probs):
    """(cards, hidden count) of a hand: a list, or {"cards": [...], "hidden": N}."""
    if isinstance(value, dict):
        for k in sorted(set(value) - {"cards", "hidden"}):
            probs.add(f"{where}.{k}", "unknown field; a concealed hand has 'cards' and "
                      "'hidden'.")
        hidden = value.get("hidden")
        if not isinstance(hidden, int) or isinstance(hidden, bool) or hidden < 0:
            probs.add(f"{where}.hidden", f"must be the number of face-down cards, not "
                      f"{hidden!r}.")
            return None
        cards = _cards(value.get("cards", []), f"{where}.cards", probs)
        return None if cards is None else (cards, hidden)
    cards = _cards(value, where, probs)
    return None if cards is None else (cards, None)


def _position(pos, probs, goal, you, avoid=((), ())):
    """Parse and check a position; returns (Position, stand-ins, concealed, deck_hidden).
    ``avoid``: per player, suits that player's concealed stand-in cards must not have."""
    if not isinstance(pos, dict):
        probs.add("position", f"must be an object, not {json_kind(pos)}.")
        return None
    start = probs.count
    for key in sorted(set(pos) - POSITION_FIELDS):
        probs.add(f"position.{key}",
                  f"unknown field; a position has {names_list(POSITION_FIELDS)}.")
    for key in ("decree", "leader", "hands"):
        if key not in pos:
            probs.add(f"position.{key}", "this field is missing.")
    decree = _card(pos["decree"], "position.decree", probs) if "decree" in pos else None
    leader = pos.get("leader")
    if "leader" in pos and leader not in PLAYERS:
        probs.add("position.leader", f"must be 'A' or 'B' (who leads this trick), not "
                  f"{leader!r}.")
    hands = [None, None]
    if isinstance(pos.get("hands"), dict):
        for k in sorted(set(pos["hands"]) - set(PLAYERS)):
            probs.add(f"position.hands.{k}", "unknown player; the hands are A and B.")
        for i, p in enumerate(PLAYERS):
            if p not in pos["hands"]:
                probs.add(f"position.hands.{p}", "this hand is missing (use [] for none).")
            else:
                hands[i] = _hand(pos["hands"][p], f"position.hands.{p}", probs)
    elif "hands" in pos:
        probs.add("position.hands", 'must be an object {"A": [cards], "B": [cards]}.')
    deck, deck_hidden = _deck(pos, probs)
    trick = _cards(pos.get("trick", []), "position.trick", probs)
    tricks_won = _pair(pos, "tricks_won", probs)
    score = _pair(pos, "score", probs)
    gain = _pair(pos, "round_gain", probs)
    listed = [("decree", [decree] if decree else []), ("trick", trick or []),
              ("hands.A", hands[0][0] if hands[0] else []),
              ("hands.B", hands[1][0] if hands[1] else []), ("deck", deck or [])]
    _no_duplicates(listed, probs)      # reported even when other fields are bad
    if probs.count > start:
        return None
    leader = PLAYERS.index(leader)
    counts = [len(hands[i][0]) + (hands[i][1] or 0) for i in (0, 1)]
    if not _consistent(pos, probs, leader, trick, counts, tricks_won, score, gain, listed,
                       deck_hidden, goal, you, hands):
        return None
    # Stand-ins for concealed cards: unlisted cards, which the learner never sees.
    used = {c for _, cards in listed for c in cards}
    spare = [c for c in DECK if c not in used]
    need = sum(h[1] or 0 for h in hands) + (DECK_SIZE if deck_hidden else 0)
    if need > len(spare):
        probs.add("position", f"impossible position: {need} concealed cards are needed but only "
                  f"{len(spare)} cards are not listed.")
        return None
    # Take stand-ins from plain even ranks first, so that a concealed card never hides an
    # ability that could surprise the engine.
    spare.sort(key=lambda c: (c.rank % 2, c.index))
    stand_ins = set()
    full = []
    for i in (0, 1):
        fits = [c for c in spare if c.suit not in avoid[i]] + \
            [c for c in spare if c.suit in avoid[i]]
        extra = fits[:hands[i][1] or 0]
        spare = [c for c in spare if c not in extra]
        stand_ins.update(extra)
        full.append(sorted(hands[i][0] + extra))
    if deck_hidden:
        deck = spare[:DECK_SIZE]
        stand_ins.update(deck)
    stand_ins = frozenset(stand_ins)
    position = Position(decree, tuple(full), leader, list(deck), list(trick), tricks_won,
                        tuple(s for s in score), gain)
    try:
        position.validate("position")
    except FoxError as exc:     # a guard: the checks above should have caught everything
        probs.add("position", f"impossible position: {exc}")
        return None
    concealed = tuple(hands[i][1] is not None for i in (0, 1))
    return position, stand_ins, concealed, deck_hidden


def _deck(pos, probs):
    if "deck" not in pos:
        return None, True
    value = pos["deck"]
    if isinstance(value, dict):
        if set(value) != {"hidden"} or value["hidden"] != DECK_SIZE:
            probs.add("position.deck", f'a concealed deck is written {{"hidden": {DECK_SIZE}}}: '
                      f"the deck always holds {DECK_SIZE} cards.")
        return None, True
    cards = _cards(value, "position.deck", probs)
    if cards is not None and len(cards) != DECK_SIZE:
        probs.add("position.deck", f"impossible position: the draw deck always holds "
                  f"{DECK_SIZE} cards (7 are left after the deal, one of them is the decree, and "
                  f"the Woodcutter puts back a card for the one it draws), not {len(cards)}.")
    return cards, False


def _no_duplicates(listed, probs) -> bool:
    seen, ok = {}, True
    for place, cards in listed:
        for i, card in enumerate(cards):
            here = f"position.{place}" + ("" if place == "decree" else f"[{i}]")
            if card in seen:
                probs.add(here, f"duplicate card: the {card.name()} ({card}) is already in "
                          f"{seen[card]}; each card exists once.")
                ok = False
            else:
                seen[card] = f"position.{place}"
    return ok


def _consistent(pos, probs, leader, trick, counts, tricks_won, score, gain, listed,
                deck_hidden, goal, you, hands) -> bool:
    start = probs.count
    bad = "impossible position: "
    if len(trick) > 1:
        probs.add("position.trick", bad + "a trick in progress holds only the led card; the "
                  "second card ends the trick (put it in 'plays' instead).")
    follower = 1 - leader
    if max(counts) > ROUND_TRICKS:
        probs.add("position.hands", bad + "a hand holds at most 13 cards.")
    if trick and counts[leader] != counts[follower] - 1:
        probs.add("position.hands", bad + f"{PLAYERS[leader]} has led the {trick[0]}, so "
                  f"{PLAYERS[leader]} holds one card fewer than {PLAYERS[follower]}; the hands "
                  f"hold {counts[leader]} and {counts[follower]} cards.")
    if not trick and counts[0] != counts[1]:
        probs.add("position.hands", bad + f"{PLAYERS[leader]} is about to lead, so both hands "
                  f"hold the same number of cards; A holds {counts[0]} and B {counts[1]}.")
    remaining = counts[follower]
    if sum(tricks_won) + remaining != ROUND_TRICKS:
        probs.add("position.tricks_won", bad + f"a round has 13 tricks: {sum(tricks_won)} won so "
                  f"far and {remaining} still to play make {sum(tricks_won) + remaining}. "
                  "Give tricks_won so that they add up.")
    to_play = pos.get("to_play")
    expected = follower if trick else leader
    if to_play is not None and to_play != PLAYERS[expected]:
        probs.add("position.to_play", bad + f"{PLAYERS[leader]} leads this trick"
                  f"{' and has played the ' + str(trick[0]) if trick else ''}, so "
                  f"{PLAYERS[expected]} is to play, not {to_play!r}.")
    in_play = [c for _, cards in listed for c in cards]
    sevens_in_play = sum(c.rank == rules.TREASURE for c in in_play)
    for i, p in enumerate(PLAYERS):
        if gain[i] > score[i]:
            probs.add(f"position.round_gain.{p}", bad + f"{p} gained {gain[i]} points this "
                      f"round but has only {score[i]} in all; round_gain is part of score.")
        if gain[i] > 2 * tricks_won[i]:
            probs.add(f"position.round_gain.{p}", bad + f"before the round ends only Treasure "
                      f"scores, at most 2 points a trick, and {p} has won {tricks_won[i]} "
                      f"trick(s), so {gain[i]} points cannot have been gained.")
    if sum(gain) > 3 - sevens_in_play and remaining:
        probs.add("position.round_gain", bad + f"before the round ends points come only from "
                  f"the three Treasures (7s); {sevens_in_play} are still in play, so at most "
                  f"{3 - sevens_in_play} points can have been gained, not {sum(gain)}.")
    if goal is not None:
        _kind_rules(probs, goal, you, leader, trick, counts, hands, deck_hidden, remaining)
    return probs.count == start


def _kind_rules(probs, goal, you, leader, trick, counts, hands, deck_hidden, remaining):
    """What each kind of goal needs from its position."""
    to_play = 1 - leader if trick else leader
    if goal.kind in (PLAY, BAND):
        if remaining == 0:
            probs.add("position.hands", "the round is over: there is no card left to play.")
        elif to_play != you:
            probs.add("position.leader", f"for a {goal.name} puzzle the learner ({PLAYERS[you]}) "
                      f"must be the one to play, but {PLAYERS[to_play]} is to play.")
        for i, p in enumerate(PLAYERS):
            if hands[i][1] is not None:
                probs.add(f"position.hands.{p}", f"a {goal.name} puzzle is proved with every "
                          "card known: list the whole hand (concealed hands are for predict "
                          "and score goals).")
        holders = [c for h in hands for c in h[0]]
        if deck_hidden and any(c.rank == rules.WOODCUTTER for c in holders):
            probs.add("position.deck", "a Woodcutter can draw from the deck, so list its "
                      f"{DECK_SIZE} cards (top first).")
        if goal.name == "lead-next" and remaining == 1:
            probs.add("goal", "this is the last trick: nobody leads a next trick.")
