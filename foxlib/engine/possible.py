"""Could this position occur in a real round? The one check for every position a learner is
shown (the lessons' exercises and examples, the rules explorer's ready-made tricks, the
rulings page's examples).

``foxlib.engine.round.check_position`` refuses what the engine cannot play (a card twice, hands of
sizes that cannot meet). ``check_possible`` asks more: that the position can be reached from a
real deal, so that nothing a learner reads contradicts how the game goes:

- the hands hold 13 cards minus the tricks already played (the leader one card fewer while a
  trick is in progress), and the tricks won add up to the tricks played;
- the deck holds what it must: after the deal 7 cards are left (6 in the base game once the
  decree card is turned), one more per special card in the game, and no ability changes that
  (the Woodcutter, the Axe, the Hammer and the Potion put back as many cards as they draw)
  except the Crown added to a play, which draws one card: once it lies in a won trick the deck
  may hold one card fewer;
- no card is in two places, counting the cards said to have been played earlier (``played``),
  and no more cards are said to be played than the won tricks hold.

Standard library only. ``check_possible`` returns a list of problems in words (empty: the
position can occur); ``assert_possible`` raises ``InvalidState`` with all of them;
``completed`` fills in what a set-up leaves unseen (the deck under its top card, the tricks
already won) so that the position is one a real round can reach.
"""
from __future__ import annotations

from dataclasses import replace

from ..core.cards import DECK, Card, special_card
from ..core.errors import FoxError, InvalidState, Problems
from .round import PLAYERS, Position, check_position

__all__ = ["check_possible", "assert_possible", "completed", "deck_size",
           "BASE_DECK_AFTER_DECREE"]

#: Cards in the deck once the decree card is turned, in the base game: 33 - 2 x 13 - 1.
BASE_DECK_AFTER_DECREE = 6


def deck_size(special_in_play: int, crown_played: bool = False) -> int:
    """How many cards the deck holds at any moment of a round with ``special_in_play`` special
    cards: 6 plus one per special card, one fewer once a Crown added to a play has drawn."""
    return BASE_DECK_AFTER_DECREE + special_in_play - (1 if crown_played else 0)


def check_possible(position: Position, played=(), where: str = "position") -> list[str]:
    """The reasons why ``position`` could not occur in a real round (an empty list if it
    could). ``played`` lists cards said to have been played in earlier tricks."""
    out: list[str] = []
    probs = Problems()
    try:
        check_position(position, where, probs)
    except FoxError as exc:           # a value so broken that the basic check cannot finish
        return [f"{where}: {exc}"]
    out += [f"{p.field}: {p.reason}" for p in probs.out]
    try:
        played = [Card(c) for c in played]
    except FoxError as exc:
        return out + [f"{where}.played: {exc}"]
    modules = position.modules
    k = len(modules.special)
    hands = [list(h) for h in position.hands]
    leader, follower = position.leader, 1 - position.leader
    lead_n, follow_n = len(hands[leader]), len(hands[follower])
    # Tricks played so far: the follower's hand says it (13 at the first trick).
    done = 13 - follow_n
    won = sum(position.tricks_won)
    if follow_n <= 13 and won != done:
        out.append(f"{where}.tricks_won: {PLAYERS[follower]} holds {follow_n} cards, so "
                   f"{done} tricks have been played, but the tricks won add up to {won}.")
    # The deck.
    visible = [position.decree, *hands[0], *hands[1], *position.deck, *position.trick]
    crown = special_card("Crown") if "Crown" in modules.special else None
    crown_gone = crown is not None and crown not in visible
    sizes = {deck_size(k)} | ({deck_size(k, True)} if crown_gone else set())
    if len(position.deck) not in sizes:
        want = " or ".join(str(n) for n in sorted(sizes))
        why = (f"the base game leaves {BASE_DECK_AFTER_DECREE} cards after the decree card is "
               "turned" if not k else
               f"with {k} special card{'s' if k != 1 else ''} in the game the deal leaves "
               f"{deck_size(k)} after the decree card is turned")
        if crown_gone:
            why += " (one fewer once the Crown, added to a play, has drawn a card)"
        out.append(f"{where}.deck: holds {len(position.deck)} cards, but it always holds "
                   f"{want}: {why}, and every ability that draws puts a card back.")
    # Cards said to be played earlier.
    seen = {c: "the position" for c in visible}
    for i, card in enumerate(played):
        if card in seen:
            out.append(f"{where}.played[{i}]: the {card.name()} ({card}) is said to be played "
                       f"earlier, but it is also in {seen[card]}.")
        seen[card] = "the cards played earlier"
        if card.special and card.special not in modules.special:
            out.append(f"{where}.played[{i}]: the {card.special} is not in play.")
    in_tricks = 2 * won + (1 if crown_gone else 0)
    if len(played) > in_tricks:
        out.append(f"{where}.played: {len(played)} cards are said to be played earlier, but "
                   f"the {won} tricks won hold only {in_tricks}.")
    return out


def assert_possible(position: Position, played=(), where: str = "position") -> None:
    """Raise ``InvalidState`` naming every reason why ``position`` could not occur."""
    problems = check_possible(position, played, where)
    if problems:
        raise InvalidState(" ".join(problems))


def completed(position: Position) -> Position:
    """``position`` made one a real round can reach where only unseen parts were missing: the
    deck filled up under its given cards with cards listed nowhere (plain even ranks first, so
    that a drawn stand-in brings no ability), and the tricks played (13 minus the follower's
    hand) counted as won by the leader when the tricks won do not add up. Cards that are shown
    are never changed."""
    hands = position.hands
    follow_n = len(hands[1 - position.leader])
    tricks_won = tuple(position.tricks_won)
    if sum(tricks_won) != 13 - follow_n and follow_n <= 13:
        tricks_won = (13 - follow_n, 0) if position.leader == 0 else (0, 13 - follow_n)
    used = {position.decree, *hands[0], *hands[1], *position.deck, *position.trick}
    room = deck_size(len(position.modules.special)) - len(position.deck)
    spare = sorted((c for c in DECK if c not in used), key=lambda c: (c.rank % 2, c.index))
    deck = list(position.deck) + spare[:max(room, 0)]
    return replace(position, deck=deck, tricks_won=tricks_won)
