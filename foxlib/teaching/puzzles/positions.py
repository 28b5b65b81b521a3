"""Reading the ``position`` of a puzzle once the schema has checked its structure: the cards,
then everything that makes a position impossible in a real round, what each kind of goal needs
from it, and the stand-in cards for what is concealed."""
from __future__ import annotations

from ...core import rules
from ...core.cards import Card
from ...core.errors import FoxError, InputError
from ...io.inputs import fill_unseen
from ...engine.modules import BASE
from ...engine.round import PLAYERS, Position, check_position
from .format import BAND, DECK_SIZE, DECK_SIZE_TEXT, PLAY, ROUND_TRICKS


def read_position(pos, probs, goal, you, sound=True, avoid=((), ()), modules=BASE):
    """Read and check a position; returns (Position, stand-ins, concealed, deck_hidden), or None
    after adding its problems to ``probs``. ``sound``: the schema found nothing wrong with it;
    if it did, only duplicate cards are looked for (among the cards that can be read), so that
    they are reported with the rest. ``avoid``: per player, suits that player's concealed
    stand-in cards must not have. ``modules``: the puzzle's Deluxe modules (with special cards,
    every card must be listed: no stand-ins, and the deck's size is free)."""
    if not isinstance(pos, dict):
        return None
    listed = _listed(pos)
    deck_size = len(pos["deck"]) if isinstance(pos.get("deck"), list) else DECK_SIZE
    if sound and not modules.special and deck_size != DECK_SIZE:
        probs.add("position.deck", DECK_SIZE_TEXT.format(count=deck_size))
        sound = False
    if not _no_duplicates(listed, probs) or not sound:
        return None
    decree, leader = Card(pos["decree"]), PLAYERS.index(pos["leader"])
    hands = []
    for p in PLAYERS:
        hand = pos["hands"][p]
        if isinstance(hand, dict):
            hands.append(([Card(c) for c in hand.get("cards", [])], hand["hidden"]))
        else:
            hands.append(([Card(c) for c in hand], None))
    deck_hidden = not isinstance(pos.get("deck"), list)
    deck = [] if deck_hidden else [Card(c) for c in pos["deck"]]
    trick = [Card(c) for c in pos.get("trick", [])]
    tricks_won, score, gain = (tuple(pos.get(key, {}).get(p, 0) for p in PLAYERS)
                               for key in ("tricks_won", "score", "round_gain"))
    counts = [len(hands[i][0]) + (hands[i][1] or 0) for i in (0, 1)]
    if not _consistent(pos, probs, leader, trick, counts, tricks_won, score, gain, listed,
                       deck_hidden, goal, you, hands):
        return None
    if modules.special:
        return _with_special(probs, modules, decree, hands, leader, deck, trick, tricks_won,
                             score, gain, deck_hidden)
    # Stand-ins for concealed cards: unlisted cards, which the learner never sees.
    try:
        filled = fill_unseen(decree, [h[0] for h in hands], leader, deck=deck, trick=trick,
                             unseen=[h[1] or 0 for h in hands],
                             unseen_deck=DECK_SIZE if deck_hidden else 0, avoid=avoid,
                             tricks_won=tricks_won, score=score, round_gain=gain)
    except InputError as exc:
        probs.add("position", f"impossible position: {exc.problems[0].reason}")
        return None
    position = filled.position
    position.hands = tuple(sorted(h) for h in position.hands)
    position.modules = modules
    concealed = tuple(hands[i][1] is not None for i in (0, 1))
    return position, filled.filler, concealed, deck_hidden


def _with_special(probs, modules, decree, hands, leader, deck, trick, tricks_won, score, gain,
                  deck_hidden):
    """The position of a puzzle with special cards: every card is listed (a special card's
    ability may reach any hand or the deck), and the engine checks the rest."""
    start = probs.count
    for i, p in enumerate(PLAYERS):
        if hands[i][1] is not None:
            probs.add(f"position.hands.{p}", "with special cards in play every card is listed: "
                      "write the whole hand (a special card may reach any card).")
    if deck_hidden:
        probs.add("position.deck", "with special cards in play every card is listed: write the "
                  "deck, top first (a special card may draw from it).")
    if probs.count > start:
        return None
    position = Position(decree, tuple(sorted(h[0]) for h in hands), leader, deck, trick,
                        tricks_won, score, gain, modules=modules)
    if not check_position(position, "position", probs):
        return None
    return position, frozenset(), (False, False), False


def _listed(pos) -> list:
    """(place, field, card) for every card the position lists that can be read, in the order
    decree, trick, hands, deck: ``('position.hands.A', 'position.hands.A[2]', Card('9K'))``."""
    out = []

    def add(place, where, values):
        if isinstance(values, list):
            for i, value in enumerate(values):
                card = _card_or_none(value)
                if card is not None:
                    out.append((place, f"{where}[{i}]", card))
    decree = _card_or_none(pos.get("decree"))
    if decree is not None:
        out.append(("position.decree", "position.decree", decree))
    add("position.trick", "position.trick", pos.get("trick"))
    hands = pos.get("hands")
    for p in PLAYERS:
        hand = hands.get(p) if isinstance(hands, dict) else None
        if isinstance(hand, dict):
            add(f"position.hands.{p}", f"position.hands.{p}.cards", hand.get("cards"))
        else:
            add(f"position.hands.{p}", f"position.hands.{p}", hand)
    add("position.deck", "position.deck", pos.get("deck"))
    return out


def _card_or_none(value):
    try:
        return Card(value)
    except FoxError:
        return None


def _no_duplicates(listed, probs) -> bool:
    seen, ok = {}, True
    for place, where, card in listed:
        if card in seen:
            probs.add(where, f"duplicate card: the {card.name()} ({card}) is already in "
                      f"{seen[card]}; each card exists once.")
            ok = False
        else:
            seen[card] = place
    return ok


def _consistent(pos, probs, leader, trick, counts, tricks_won, score, gain, listed,
                deck_hidden, goal, you, hands) -> bool:
    """Could this position occur in a real round? (The schema has already checked each field.)"""
    start = probs.count
    bad = "impossible position: "
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
    in_play = [c for _, _, c in listed]
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
