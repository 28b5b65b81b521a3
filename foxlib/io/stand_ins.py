"""Positions with cards nobody chose: ``fill_unseen`` completes a position whose unseen cards
(a concealed hand, the deck) are not listed, with stand-ins that change nothing, and
``trick_setup`` builds one trick from a learner's choices (the rules explorer), checking them
with words for every complaint. Every name here is a name of ``foxlib.io.inputs`` too. Standard
library only.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import DECK, DEFAULT_THEME, Card
from ..core.errors import Problems
from ..engine.modules import BASE, Modules
from ..engine.round import Position, check_position
from ..words.grammar import count
from .card_readers import _probs, read_card, read_theme, read_typed_cards


# ----------------------------------------------------------------------------- unseen cards

@dataclass(frozen=True)
class Filled:
    """A position completed with cards nobody listed: ``filler`` are those stand-in cards."""

    position: Position
    filler: frozenset


def fill_unseen(decree, hands, leader: int = 0, *, deck=(), trick=(), unseen=(0, 0),
                unseen_deck: int = 0, avoid=((), ()), tricks_won=(0, 0), score=(0, 0),
                round_gain=(0, 0), where: str = "position", modules: Modules = BASE) -> Filled:
    """A position in which some cards are not known: ``hands`` are the cards known in each
    hand, ``unseen`` how many more each hand holds, ``unseen_deck`` how many more cards lie
    under the known ``deck``. The missing cards are filled with cards listed nowhere (the
    learner never sees them): plain even ranks first, so that a stand-in never brings a
    character's ability into play, and for each player the suits in ``avoid[player]`` last
    (a player who showed a void in a suit must not seem to hold it). Known cards come first in
    each hand, stand-ins after them. Raises an ``InputError`` when there are not enough cards
    left, or when the position could not occur."""
    decree = Card(decree)
    hands = [[Card(c) for c in h] for h in hands]
    deck, trick = [Card(c) for c in deck], [Card(c) for c in trick]
    used = {decree, *hands[0], *hands[1], *deck, *trick}
    spare = sorted((c for c in DECK if c not in used), key=lambda c: (c.rank % 2, c.index))
    need = sum(unseen) + unseen_deck
    if need > len(spare):
        Problems.first().add(where, f"{need} concealed cards are needed but only "
                             f"{len(spare)} cards are not listed.")
    filler = set()
    for i in (0, 1):
        fits = [c for c in spare if c.suit not in avoid[i]] + \
            [c for c in spare if c.suit in avoid[i]]
        extra = fits[:unseen[i]]
        spare = [c for c in spare if c not in extra]
        filler.update(extra)
        hands[i] += extra
    extra = spare[:unseen_deck]
    filler.update(extra)
    pos = Position(decree, tuple(hands), leader, deck + extra, trick, tuple(tricks_won),
                   tuple(score), tuple(round_gain), modules=modules)
    check_position(pos, where)
    return Filled(pos, frozenset(filler))


# ----------------------------------------------------------------------------- one trick set up
# The rules explorer (lesson 14) sets up one trick from a learner's choices; the checks and the
# words of its complaints live here, so the widget only shows them.

#: Where a chosen card is, in words ("... is chosen twice: as the decree card and in the
#: follower's hand").
SETUP_PLACES = {"decree": "as the decree card", "led": "as the led card",
                "leader_others": "among the leader's other cards",
                "follower": "in the follower's hand", "deck_top": "as the top of the deck"}
SETUP = "Check the set-up:"


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


def trick_setup(decree, led, follower_hand, leader_others="", deck_top=None, *,
                theme=DEFAULT_THEME, problems=None, modules: Modules = BASE) -> TrickSetup | None:
    """Build a trick from a learner's choices: cards (or codes like '9M') for the decree and
    the led card, typed text such as '9B 6B 2K' for the hands, and optionally the top card of
    the deck (for a Woodcutter). Each problem starts "Check the set-up: " and names the card
    and where it is ("the follower's second card '12K' is not a card: ranks run from 1 to
    11."). With ``modules`` naming special cards, those cards may be chosen too (a special card
    that is not in play is a problem to correct); the position carries the modules."""
    probs = _probs(problems)
    start = probs.count
    found = Problems()          # the card problems, said again after "Check the set-up:"
    decree = read_card(decree, "decree", found, "")
    led = read_card(led, "led", found, "")
    top = read_card(deck_top, "deck_top", found, "") if deck_top else None
    others = read_typed_cards(leader_others, "the leader's {nth} other card", found,
                              "leader_others")
    follower = read_typed_cards(follower_hand, "the follower's {nth} card", found,
                                "follower_hand")
    for p in found.out:
        probs.add(p.field, p.reason, f"{SETUP} {p.label}" if p.label else SETUP)
    if probs.count > start:
        return None
    if not follower:
        probs.add("follower_hand", "give the follower at least one card.", SETUP)
    elif len(follower) > 13:
        probs.add("follower_hand", f"the follower holds {len(follower)} cards, but a hand holds "
                  "at most 13.", SETUP)
    elif len(others) + 1 > len(follower):
        n = len(others) + 1
        probs.add("leader_others",
                  f"the leader holds {count(n, 'card')} (the led card and {count(n - 1, 'other')}"
                  f") but the follower only {len(follower)}: when a trick starts both hands hold "
                  "the same number of cards, so give the follower more cards or the leader "
                  "fewer.", SETUP)
    places: dict = {}
    chosen = [("decree", [decree]), ("led", [led]), ("leader_others", others),
              ("follower", follower), ("deck_top", [top] if top else [])]
    for key, cards in chosen:
        for card in cards:
            if card in places:
                first = places[card]
                where = (f"twice {SETUP_PLACES[key]}" if first == key else
                         f"twice: {SETUP_PLACES[first]} and {SETUP_PLACES[key]}")
                probs.add(key, f"the {card.name(read_theme(theme))} ({card}) is chosen {where}; "
                          "there is only one of each card.", SETUP)
            else:
                places[card] = key
            if card.special and card.special not in modules.special:
                in_play = ", ".join(modules.special) or "none"
                probs.add(key, f"the {card.special} ({SETUP_PLACES[key]}) is a special card "
                          f"that is not in play (special cards in play: {in_play}): turn the "
                          "special cards on and tick it in the Deluxe modules.", SETUP)
    if probs.count > start:
        return None
    # The rules need hands of equal size: the leader's hand is filled up with cards nobody
    # chose. They can never change what the follower may play.
    filler = len(follower) - len(others) - 1
    filled = fill_unseen(decree, ([led, *others], follower), 0, deck=[top] if top else [],
                         unseen=(filler, 0), unseen_deck=5 if top else 0, where="the set-up",
                         modules=modules)
    return TrickSetup(filled.position, led, tuple(others), tuple(follower), top, filler)
