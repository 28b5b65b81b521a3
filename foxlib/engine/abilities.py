"""The cards' abilities as data plus small handlers that ``Round`` dispatches to.

Each card that does something when it is played has one entry in ``ABILITIES`` (an
``Ability``): the Fox and the Woodcutter of the base game (keyed by rank) and the Deluxe special
cards (keyed by name). An entry gives the card's handlers and the decisions it brings:

- ``on_play(rnd, p, card, leads, how)``: the card has just entered the trick (played, picked
  after a Tree, dug, drawn for a Potion, the leader's new card after a Hammer); it either opens
  one of its decisions (sets ``rnd.phase``) or ends the card's turn (``rnd._card_done()``).
  ``Round._ability`` looks the card up by what it counts as (the Mirror as the decree card,
  rulings SC11) in ``ON_PLAY`` and calls it; a card with no entry just ends its turn.
- ``on_led(rnd, f)``: the card is the led card as the follower ``f`` is to play (the Tree's
  demand); ``Round._card_done`` looks it up in ``ON_LED``.
- ``kinds``: its decisions, one ``ActionKind`` each (options, check, effect), gathered into
  ``KINDS``, which ``foxlib.engine.round.ACTION_KINDS`` holds after the play.

Handlers work on the round's state (hands, deck, trick, ``sp``: the trick's special state) and
use its helpers (``_card_done``, ``_enter``, ``_chance``, ``_refuse``, ``_voice``). What the cards
in a trick say of who wins (a Shovel loses, an Axe after a Woodcutter wins, the Bow, the Hammer,
a crowned card as a Monarch) is not here: ``foxlib.core.rules.decide_special_trick`` reads it
from the cards when the winner is decided (SC17); what a led Monarch demands is
``rules.legal_follows_special``. Each handler's rule text names its ruling (docs/rulings.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..core import rules
from ..core.cards import SUITS, Card, Suit, special_card
from ..core.errors import InvalidState
from .actions import (CROWN, DIG, DISCARD, EXCHANGE, FAIRY_GIVE, FAIRY_TAKE, NAME_SUIT, OVER,
                      PLAY, PLAYERS, POTION_DISCARD, POTION_PLAY, REPLACE, ActionKind)
from .records import (DigRecord, DiscardRecord, DrawRecord, ExchangeRecord, FairyRecord,
                      GiftRecord, HammerRecord, PlayRecord)

_CROWN_CARD = special_card("Crown")


def hand_options(rnd) -> list:
    """Any card of the hand of the player to play."""
    return sorted(rnd.hands[rnd.to_play])


# ----------------------------------------------------------------------------- the Fox

def fox(rnd, p: int, card: Card, leads: bool, how: str) -> None:
    """The Fox: its player may exchange a card from hand with the decree card, at once, before
    anything else (rulings F2, F3, F4); played as the last card in hand there is nothing to
    exchange (F1)."""
    if rnd.hands[p]:
        rnd.phase = EXCHANGE
    else:
        rnd._card_done()


def exchange_options(rnd) -> list:
    return [None] + sorted(rnd.hands[rnd.to_play])


def verify_exchange(rnd, card) -> None:
    if rnd.phase != EXCHANGE:
        raise rnd._refuse("no_exchange")
    if card is not None and card not in rnd.hands[rnd.to_play]:
        raise rnd._refuse("exchange_not_held", player=rnd.to_play, card=card)


def apply_exchange(rnd, card) -> ExchangeRecord:
    """The card from hand becomes the decree card, the old decree goes to the hand (None:
    declined, F4)."""
    p, old = rnd.to_play, rnd.decree
    if card is not None:
        rnd.hands[p].remove(card)
        rnd.hands[p].append(old)
        rnd.decree = card
    rec = ExchangeRecord(p, card, old, voice=rnd._voice())
    rnd.history.append(rec)
    rnd._card_done()
    return rec


# ----------------------------------------------------------------------------- the Woodcutter

def woodcutter(rnd, p: int, card: Card = None, leads: bool = True, how: str = "") -> None:
    """The Woodcutter: its player draws the top card of the deck, then puts a card from hand
    (the one just drawn too, W2) face down under the deck, before anything else (W4); with an
    empty deck nothing happens (W1). Also the Axe's ability after a Woodcutter (SC7)."""
    if not rnd.deck:
        rnd._card_done()
        return
    drawn = rnd.deck.pop(0)
    rnd.hands[p].append(drawn)
    rnd.history.append(DrawRecord(p, drawn, voice=rnd._voice()))
    rnd.phase = DISCARD


def verify_discard(rnd, card) -> None:
    if rnd.phase != DISCARD:
        raise rnd._refuse("no_discard")
    if card not in rnd.hands[rnd.to_play]:
        raise rnd._refuse("discard_not_held", player=rnd.to_play, card=card)


def apply_discard(rnd, card) -> DiscardRecord:
    p = rnd.to_play
    rnd.hands[p].remove(card)
    rnd.deck.append(card)
    rec = DiscardRecord(p, card, voice=rnd._voice())
    rnd.history.append(rec)
    rnd._card_done()
    return rec


# ----------------------------------------------------------------------------- the Axe

def axe(rnd, p: int, card: Card, leads: bool, how: str) -> None:
    """The Axe: following a card that counts as a Woodcutter (a 5, a Mirror copying one, a
    crowned 5), it uses the Woodcutter's ability; otherwise it is an unsuited 8 with no ability.
    Its win is read from the trick's cards when the winner is decided (rulings SC7, SC17)."""
    if not leads:
        led = rules.acting_card(rnd.trick[0], rnd.decree)
        if led.special is None and led.rank == rules.WOODCUTTER:
            woodcutter(rnd, p)
            return
    rnd._card_done()


# ----------------------------------------------------------------------------- the Tree

def tree(rnd, f: int) -> None:
    """The Tree: when the led card counts as a Tree as the follower ``f`` is to play (a Tree, a
    Mirror copying one, even after its own Fox exchange), the follower's card is picked at
    random from their whole hand, suit rules ignored, and its ability acts as if chosen
    (rulings SC8, SC11, SC19). Otherwise the Tree is an unsuited 6."""
    (card,) = rnd._chance(rnd.hands[f], 1)
    rnd.hands[f].remove(card)
    rnd._enter(f, card, "tree", leads=False)


# ----------------------------------------------------------------------------- the Fairy

def fairy(rnd, p: int, card: Card, leads: bool, how: str) -> None:
    """The Fairy: its player sees up to two cards picked at random from the opponent's hand
    (none when it is empty, SC16) and may take one (rulings SC9, SC19)."""
    shown = rnd._chance(rnd.hands[1 - p], 2)
    rnd.sp.update(offer=shown, owner=p)
    if shown:
        rnd.phase = FAIRY_TAKE
    else:
        rnd.history.append(FairyRecord(p, (), None, voice=rnd._voice()))
        rnd._card_done()


def offer_options(rnd) -> list:
    return [None] + list(rnd.sp["offer"])


def verify_fairy_take(rnd, card) -> None:
    if rnd.phase != FAIRY_TAKE:
        raise rnd._refuse("not_now", kind=FAIRY_TAKE)
    if card is not None and card not in rnd.sp["offer"]:
        raise rnd._refuse("fairy_not_shown", player=rnd.to_play, card=card)


def apply_fairy_take(rnd, card) -> FairyRecord:
    """Take one of the cards seen (None: take none, and the Fairy's turn ends)."""
    p = rnd.to_play
    rec = FairyRecord(p, rnd.sp.pop("offer"), card, voice=rnd._voice())
    rnd.history.append(rec)
    if card is None:
        rnd._card_done()
        return rec
    rnd.hands[1 - p].remove(card)
    rnd.hands[p].append(card)
    rnd.phase = FAIRY_GIVE
    return rec


def verify_fairy_give(rnd, card) -> None:
    if rnd.phase != FAIRY_GIVE:
        raise rnd._refuse("not_now", kind=FAIRY_GIVE)
    if card not in rnd.hands[rnd.to_play]:
        raise rnd._refuse("give_not_held", player=rnd.to_play, card=card)


def apply_fairy_give(rnd, card) -> GiftRecord:
    """Having taken a card, give the opponent any card from hand, the one just taken
    included (SC9)."""
    p = rnd.to_play
    rnd.hands[p].remove(card)
    rnd.hands[1 - p].append(card)
    rec = GiftRecord(p, card, voice=rnd._voice())
    rnd.history.append(rec)
    rnd._card_done()
    return rec


# ----------------------------------------------------------------------------- the Crown

def crown_options(rnd) -> list:
    """The Crown is added to a suit card the player may play, with cards left in the deck to
    draw from and not at the last trick (rulings SC10, SC16)."""
    hand = rnd.hands[rnd.to_play]
    if _CROWN_CARD not in hand or not rnd.deck or len(hand) < 2:
        return []
    return [c for c in rnd.legal_cards() if c.special is None]


def verify_crown(rnd, card) -> None:
    if rnd.phase != PLAY:
        raise rnd._refuse("pending", player=rnd.to_play, pending=rnd.phase) \
            if rnd.phase != OVER else rnd._refuse("round_over", card=card)
    p = rnd.to_play
    if _CROWN_CARD not in rnd.hands[p]:
        raise rnd._refuse("no_crown", player=p)
    if card.special is not None:
        raise rnd._refuse("crown_special", card=card)
    if not rnd.deck:
        raise rnd._refuse("crown_empty_deck")
    rnd._verify_play(card)


def apply_crown(rnd, card) -> PlayRecord:
    """The Crown: played with a suit card, its player draws the top card; the crowned card has
    no ability and counts as the 11 of its suit when the winner is decided, and the Crown goes
    to the trick's winner (rulings SC10, SC5). Played alone it is an unsuited 2."""
    p = rnd.to_play
    rnd.hands[p].remove(card)
    rnd.hands[p].remove(_CROWN_CARD)
    rnd.sp["crowned"] = card
    drawn = rnd.deck.pop(0)
    rnd.hands[p].append(drawn)
    leads = not rnd.trick
    rnd.trick.append(card)
    rec = PlayRecord(p, card, rnd.trick_number, leads, voice=rnd._voice(), how="crown")
    rnd.history.append(rec)
    rnd.history.append(DrawRecord(p, drawn, voice=rnd._voice()))
    rnd._card_done()
    return rec


# ----------------------------------------------------------------------------- the Hammer

def hammer(rnd, p: int, card: Card, leads: bool, how: str) -> None:
    """The Hammer: following, its player names a suit; led, it has no ability (rulings SC13).
    (That it beats an odd card and loses to any other is read when the winner is decided.)"""
    if leads:
        rnd._card_done()
    else:
        rnd.phase = NAME_SUIT


def suit_options(rnd) -> list:
    return list(SUITS)


def verify_name_suit(rnd, suit) -> None:
    if rnd.phase != NAME_SUIT:
        raise rnd._refuse("not_now", kind=NAME_SUIT)
    if not isinstance(suit, Suit):
        raise rnd._refuse("not_a_suit", value=suit)


def apply_name_suit(rnd, suit) -> HammerRecord:
    """The led card goes under the deck (with its Crown), the leader draws the top card and
    must play a card of the named suit if they hold one (SC13, SC16)."""
    p, leader = rnd.to_play, rnd.leader
    led = rnd.trick.pop(0)
    sent = (led,)
    if rnd.sp.pop("crowned", None) is led:
        sent = (led, _CROWN_CARD)
    rnd.deck.extend(sent)
    rec = HammerRecord(p, suit, sent, voice=rnd._voice())
    rnd.history.append(rec)
    drawn = rnd.deck.pop(0)
    rnd.hands[leader].append(drawn)
    rnd.history.append(DrawRecord(leader, drawn, voice=rnd._voice()))
    rnd.sp["named"] = suit
    rnd.phase, rnd.to_play = REPLACE, leader
    return rec


def replace_options(rnd) -> list:
    hand, suit = rnd.hands[rnd.to_play], rnd.sp["named"]
    same = [c for c in hand if rules.acting_card(c, rnd.decree).suit == suit]
    return sorted(same or hand)


def verify_replace(rnd, card) -> None:
    if rnd.phase != REPLACE:
        raise rnd._refuse("not_now", kind=REPLACE)
    p = rnd.to_play
    if card not in rnd.hands[p]:
        raise rnd._refuse("not_held", player=p, card=card, where=rnd._where(card))
    if card not in replace_options(rnd):
        raise rnd._refuse("hammer_suit", player=p, card=card, suit=rnd.sp["named"])


def apply_replace(rnd, card) -> PlayRecord:
    """The leader's new card goes first in the trick and its ability acts, except what needs a
    led card before the follower plays (a Tree demands nothing, SC8, SC13)."""
    p = rnd.to_play
    rnd.hands[p].remove(card)
    return rnd._enter(p, card, "replace", leads=True)


# ----------------------------------------------------------------------------- the Shovel

def shovel(rnd, p: int, card: Card, leads: bool, how: str) -> None:
    """The Shovel: its player may dig a card at random from the last trick they won and play it
    instead; with no trick won it stays in the trick, and a card that is a Shovel when the
    winner is decided loses (rulings SC15, SC17, R7)."""
    if last_pile(rnd, p) or rnd._pile_unknown(p):
        rnd.sp.update(leads=leads, owner=p)
        rnd.phase = DIG
    else:
        rnd.history.append(DigRecord(p, None, None, True, voice=rnd._voice()))
        rnd._card_done()


def last_pile(rnd, p: int) -> list:
    """The cards of the last trick ``p`` won (empty: none known)."""
    return rnd.piles[p][-1] if rnd.piles[p] else []


def shovel_card(rnd) -> Card:
    return rnd.trick[0 if rnd.sp.get("leads", True) else -1]


def dig_options(rnd) -> list:
    return [None, shovel_card(rnd)]


def verify_dig(rnd, card) -> None:
    if rnd.phase != DIG:
        raise rnd._refuse("not_now", kind=DIG)
    if card is not None and card is not shovel_card(rnd):
        raise rnd._refuse("dig_with", card=card, shovel=shovel_card(rnd))
    p = rnd.to_play
    if card is not None and rnd._pile_unknown(p):
        who = PLAYERS[p]
        raise InvalidState(
            f"the Shovel digs in the last trick {who} won, but {who} won it before the "
            "scenario starts and the scenario does not say what it held: give "
            f'"last_won": {{"{who}": [its 2 cards, or 3 with the Crown]}}, or do not '
            "dig.")


def apply_dig(rnd, card) -> DigRecord:
    """Dig (card: the Shovel) or not (None: it stays in the trick). The dug card is played
    instead, suit rules ignored, and its ability acts; the Shovel takes its place in the won
    trick (SC15)."""
    p = rnd.to_play
    leads = rnd.sp.pop("leads", True)
    if card is None:
        rec = DigRecord(p, None, None, voice=rnd._voice())
        rnd.history.append(rec)
        rnd._card_done()
        return rec
    pile = last_pile(rnd, p)
    (dug,) = rnd._chance(pile, 1)
    pile[pile.index(dug)] = card            # the Shovel takes the dug card's place
    rnd.won[p][rnd.won[p].index(dug)] = card
    rnd.trick.remove(card)
    source = rnd.piles[p].index(pile)
    rec = DigRecord(p, dug, rnd.pile_tricks[p][source], voice=rnd._voice())
    rnd.history.append(rec)
    rnd._enter(p, dug, "dig", leads)
    return rec


# ----------------------------------------------------------------------------- the Potion

def potion(rnd, p: int, card: Card, leads: bool, how: str) -> None:
    """The Potion: it goes face down under the deck with a card from hand, then its player
    draws two cards and plays one of them; as the last card in hand it goes alone and one card
    is drawn (rulings SC14, our ruling from a transcription of the printed card). A Potion
    played for a Potion (the only card drawn) has no ability."""
    if how == "potion":
        rnd._card_done()
        return
    rnd.trick.remove(card)
    rnd.deck.append(card)
    rnd.history.append(DiscardRecord(p, card, voice=rnd._voice(), why="potion", public=True))
    rnd.sp.update(leads=leads, potion=card)
    if rnd.hands[p]:
        rnd.phase = POTION_DISCARD
    else:
        _potion_draw(rnd, p, 1)


def verify_potion_discard(rnd, card) -> None:
    if rnd.phase != POTION_DISCARD:
        raise rnd._refuse("not_now", kind=POTION_DISCARD)
    if card not in rnd.hands[rnd.to_play]:
        raise rnd._refuse("discard_not_held", player=rnd.to_play, card=card)


def apply_potion_discard(rnd, card) -> DiscardRecord:
    p = rnd.to_play
    rnd.hands[p].remove(card)
    rnd.deck.append(card)
    rec = DiscardRecord(p, card, voice=rnd._voice(), why="potion")
    rnd.history.append(rec)
    _potion_draw(rnd, p, 2)
    return rec


def _potion_draw(rnd, p: int, n: int) -> None:
    """Draw ``n`` cards; the ones to play from are those drawn, a Potion drawn back excepted
    unless it is the only one (SC14)."""
    drawn = tuple(rnd.deck.pop(0) for _ in range(n))
    for c in drawn:
        rnd.hands[p].append(c)
        rnd.history.append(DrawRecord(p, c, voice=rnd._voice()))
    potion_card = rnd.sp["potion"]
    offer = tuple(c for c in drawn if c is not potion_card) or drawn
    rnd.sp.update(offer=offer, owner=p)
    rnd.phase = POTION_PLAY


def potion_offer(rnd) -> list:
    return sorted(rnd.sp["offer"])


def verify_potion_play(rnd, card) -> None:
    if rnd.phase != POTION_PLAY:
        raise rnd._refuse("not_now", kind=POTION_PLAY)
    if card not in rnd.sp["offer"]:
        raise rnd._refuse("potion_not_drawn", player=rnd.to_play, card=card,
                          offer=rnd.sp["offer"])


def apply_potion_play(rnd, card) -> PlayRecord:
    """The drawn card is played where the Potion was, whatever its suit; its ability acts."""
    p = rnd.to_play
    rnd.hands[p].remove(card)
    rnd.sp.pop("offer")
    rnd.sp.pop("potion")
    return rnd._enter(p, card, "potion", rnd.sp.pop("leads", True))


# ----------------------------------------------------------------------------- the table

@dataclass(frozen=True)
class Ability:
    """One card's ability: ``card`` is a special card's name or a rank (the Fox's 3, the
    Woodcutter's 5); ``rulings``: where docs/rulings.md decides it; ``on_play``, ``on_led``:
    its handlers (None: it does nothing then); ``kinds``: the decisions it brings."""

    card: str | int
    rulings: str
    on_play: Callable | None = None
    on_led: Callable | None = None
    kinds: tuple = ()


#: Every card with an ability, in the order of their decisions in ``ACTION_KINDS``. The Bow,
#: the Mirror and the Witch, Swan, Treasure and Monarch have no handler here: what they do is
#: read by ``foxlib.core.rules`` (who may follow what, who wins).
ABILITIES = (
    Ability(rules.FOX, "F1-F4", fox, kinds=(
        ActionKind(EXCHANGE, exchange_options, verify_exchange, apply_exchange,
                   declinable=True),)),
    Ability(rules.WOODCUTTER, "W1-W4", woodcutter, kinds=(
        ActionKind(DISCARD, hand_options, verify_discard, apply_discard),)),
    # The Crown's decision is made in the play phase, beside 'play'.
    Ability("Crown", "SC10, SC16", kinds=(
        ActionKind(CROWN, crown_options, verify_crown, apply_crown, starts_move=True),)),
    Ability("Hammer", "SC13", hammer, kinds=(
        ActionKind(NAME_SUIT, suit_options, verify_name_suit, apply_name_suit, suits=True),
        ActionKind(REPLACE, replace_options, verify_replace, apply_replace))),
    Ability("Fairy", "SC9", fairy, kinds=(
        ActionKind(FAIRY_TAKE, offer_options, verify_fairy_take, apply_fairy_take,
                   declinable=True),
        ActionKind(FAIRY_GIVE, hand_options, verify_fairy_give, apply_fairy_give))),
    Ability("Shovel", "SC15, SC17", shovel, kinds=(
        ActionKind(DIG, dig_options, verify_dig, apply_dig, declinable=True),)),
    Ability("Potion", "SC14", potion, kinds=(
        ActionKind(POTION_DISCARD, hand_options, verify_potion_discard, apply_potion_discard),
        ActionKind(POTION_PLAY, potion_offer, verify_potion_play, apply_potion_play))),
    Ability("Axe", "SC7", axe),          # its decision is the Woodcutter's discard
    Ability("Tree", "SC8", on_led=tree),
)

#: The handler of a card entering the trick, by what it counts as (name or rank).
ON_PLAY = {a.card: a.on_play for a in ABILITIES if a.on_play is not None}
#: The demand of a led card as the follower is to play, by name.
ON_LED = {a.card: a.on_led for a in ABILITIES if a.on_led is not None}
#: The abilities' decisions by kind (``foxlib.engine.round.ACTION_KINDS`` adds the play).
KINDS = {k.kind: k for a in ABILITIES for k in a.kinds}
