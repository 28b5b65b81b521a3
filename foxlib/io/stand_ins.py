"""Positions with cards nobody chose: ``fill_unseen`` completes a position whose unseen cards
(a concealed hand, the deck) are not listed, with stand-ins that change nothing, and
``trick_setup`` builds one trick from a learner's choices (the rules explorer), checking them
with words for every complaint. Every name here is a name of ``foxlib.io.inputs`` too. Standard
library only.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.cards import DECK, DEFAULT_THEME, Card
from ..core.errors import Problems
from ..engine.modules import BASE, Modules
from ..engine.possible import check_possible, deck_size
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
                round_gain=(0, 0), where: str = "position", modules: Modules = BASE,
                reserved=()) -> Filled:
    """A position in which some cards are not known: ``hands`` are the cards known in each
    hand, ``unseen`` how many more each hand holds, ``unseen_deck`` how many more cards lie
    under the known ``deck``. The missing cards are filled with cards listed nowhere (the
    learner never sees them): plain even ranks first, so that a stand-in never brings a
    character's ability into play, and for each player the suits in ``avoid[player]`` last
    (a player who showed a void in a suit must not seem to hold it); ``reserved`` cards are
    placed elsewhere (a won trick) and never used. Known cards come first in
    each hand, stand-ins after them. Raises an ``InputError`` when there are not enough cards
    left, or when the position could not occur."""
    decree = Card(decree)
    hands = [[Card(c) for c in h] for h in hands]
    deck, trick = [Card(c) for c in deck], [Card(c) for c in trick]
    used = {decree, *hands[0], *hands[1], *deck, *trick, *(Card(c) for c in reserved)}
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
                "follower": "in the follower's hand", "deck_top": "as the top of the deck",
                "leader_won": "in the last trick the leader won",
                "follower_won": "in the last trick the follower won"}
#: The two players' last won tricks, as the set-up names them (in its fields' order).
WON = (("leader_won", "the leader"), ("follower_won", "the follower"))
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
    last_won: tuple = (None, None)


def trick_setup(decree, led, follower_hand, leader_others="", deck_top=None, *,
                theme=DEFAULT_THEME, problems=None, modules: Modules = BASE,
                leader_won="", follower_won="") -> TrickSetup | None:
    """Build a trick from a learner's choices: cards (or codes like '9M') for the decree and
    the led card, typed text such as '9B 6B 2K' for the hands, and optionally the top card of
    the deck (for a Woodcutter). Each problem starts "Check the set-up: " and names the card
    and where it is ("the follower's second card '12K' is not a card: ranks run from 1 to
    11."). With ``modules`` naming special cards, those cards may be chosen too (a special card
    that is not in play is a problem to correct); the position carries the modules.
    ``leader_won`` and ``follower_won`` (typed like the hands) are the cards of the last trick
    each player won before this one, where a Shovel digs: 2 cards, or 3 with the Crown; the
    tricks played before (13 minus the follower's cards) are then counted so that each of them
    won at least that trick, and the deck holds what a real round leaves
    (``foxlib.engine.possible.check_possible`` has the last word)."""
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
    won = [read_typed_cards(text, f"{who}'s last won trick's {{nth}} card", found, key)
           for (key, who), text in zip(WON, (leader_won, follower_won))]
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
    elif any(won):
        _check_won(won, len(follower), probs)
    places: dict = {}
    chosen = [("decree", [decree]), ("led", [led]), ("leader_others", others),
              ("follower", follower), ("deck_top", [top] if top else []),
              ("leader_won", won[0]), ("follower_won", won[1])]
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
    if not any(won):
        filled = fill_unseen(decree, ([led, *others], follower), 0, deck=[top] if top else [],
                             unseen=(filler, 0), unseen_deck=5 if top else 0,
                             where="the set-up", modules=modules)
        return TrickSetup(filled.position, led, tuple(others), tuple(follower), top, filler)
    # With won tricks the whole round so far is said: the deck is filled up as a real round
    # leaves it, and each player with a won trick has won at least one.
    piles = tuple(tuple(w) if w else None for w in won)
    done = 13 - len(follower)
    tricks_won = (done - (1 if piles[1] else 0), 1 if piles[1] else 0)
    reserved = [c for w in won for c in w]
    deck = [top] if top else []
    filled = fill_unseen(decree, ([led, *others], follower), 0, deck=deck,
                         unseen=(filler, 0), unseen_deck=deck_size(len(modules.special)) -
                         len(deck), where="the set-up", modules=modules, reserved=reserved,
                         tricks_won=tricks_won)
    position = replace(filled.position, last_won=piles)
    for problem in check_possible(position, reserved, "the set-up"):
        probs.add("won", problem, SETUP)
    if probs.count > start:
        return None
    return TrickSetup(position, led, tuple(others), tuple(follower), top, filler, piles)


def _check_won(won, follower_n: int, probs) -> None:
    """The won tricks given: 2 cards each, or 3 with the Crown, and tricks played before this
    one for them (the follower's hand says how many)."""
    for (key, who), cards in zip(WON, won):
        if cards and not (len(cards) == 2 or (len(cards) == 3 and
                                              any(c.special == "Crown" for c in cards))):
            probs.add(key, f"{who}'s last won trick holds {count(len(cards), 'card')}, but a "
                      "trick holds 2 cards, or 3 when one was played with the Crown (the Crown "
                      "is the third).", SETUP)
    done, given = 13 - follower_n, sum(1 for cards in won if cards)
    if done < given:
        before = ("no trick has been played before this one" if not done else
                  "only one trick has been played before this one")
        probs.add("won", f"the follower holds {count(follower_n, 'card')}, so {before}: "
                  f"give {'no won trick' if not done else 'one won trick'}, or give the "
                  "follower fewer cards.", SETUP)
