"""The rules of a single trick and of round scoring, as pure functions.

Everything here takes cards and returns facts (who wins, who leads next, which rule settled
it), and no words: ``foxlib.words.narrator`` says them in plain English (``resolve_trick``: a
trick decided with its reason; ``illegal_follow_reason``: why a card may not follow;
``round_points_line``: a round's points and why). The Round class (``foxlib.engine.round``)
and the fast solver path rely on these definitions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, Suit

SWAN, FOX, WOODCUTTER, TREASURE, WITCH, MONARCH = 1, 3, 5, 7, 9, 11
#: The rank of the Poison 8s (the Deluxe module ``Modules(poison=True)``).
POISON = 8

#: (lowest tricks, highest tricks, points, band name) for the end-of-round table.
SCORING_TABLE = (
    (0, 3, 6, "Humble"),
    (4, 4, 1, "Defeated"),
    (5, 5, 2, "Defeated"),
    (6, 6, 3, "Defeated"),
    (7, 9, 6, "Victorious"),
    (10, 13, 0, "Greedy"),
)
BANDS = ("Humble", "Defeated", "Victorious", "Greedy")
BAND_RANGES = {"Humble": (0, 3), "Defeated": (4, 6), "Victorious": (7, 9), "Greedy": (10, 13)}


def round_points(tricks: int) -> int:
    """Points for winning ``tricks`` tricks in a round (Treasure not included)."""
    for low, high, points, _ in SCORING_TABLE:
        if low <= tricks <= high:
            return points
    raise ValueError(f"{tricks} is not a number of tricks in a round (0 to 13).")


def band(tricks: int) -> str:
    for low, high, _, name in SCORING_TABLE:
        if low <= tricks <= high:
            return name
    raise ValueError(f"{tricks} is not a number of tricks in a round (0 to 13).")


# ----------------------------------------------------------------------------- following suit

def legal_follows(hand, led: Card) -> list[Card]:
    """The cards the follower may play after ``led`` was led, from ``hand``."""
    same = [c for c in hand if c.suit == led.suit]
    if not same:
        return list(hand)
    if led.rank == MONARCH:
        top = max(same, key=lambda c: c.rank)
        return sorted({top} | {c for c in same if c.rank == SWAN})
    return same


def follow_refusal(card: Card, hand, led: Card):
    """Why ``card`` may not follow ``led``, as facts: None when it may, else (code, facts) for
    ``Narrator.refusal`` (``narrator.illegal_follow_reason`` says it). Assumes the card is in
    hand."""
    suit = led.suit
    if card.suit == suit and led.rank != MONARCH:
        return None                  # following suit is always allowed (but after a Monarch)
    same = [c for c in hand if c.suit == suit]
    if not same or card in legal_follows(hand, led):
        return None
    if led.rank == MONARCH:
        top = max(same, key=lambda c: c.rank)
        swan = [c for c in same if c.rank == SWAN]
        return "monarch", {"led": led, "top": top,
                           "swan": swan[0] if swan and swan[0] is not top else None}
    return "follow_suit", {"card": card, "same": same, "witch": card.rank == WITCH}


# ----------------------------------------------------------------------------- winning a trick

def effective_suit(card: Card, other: Card, trump: Suit | None) -> Suit | None:
    """The suit a card counts as when the trick is decided (a lone Witch counts as trump)."""
    if card.rank == WITCH and other.rank != WITCH and trump is not None:
        return trump
    return card.suit


def follower_wins(lead: Card, follow: Card, trump: Suit | None) -> bool:
    """True when the second card played wins the trick."""
    ls, fs = effective_suit(lead, follow, trump), effective_suit(follow, lead, trump)
    if fs == trump and ls != trump:
        return True
    if fs == ls:
        return follow.rank > lead.rank
    return False


class TrickRule(NamedTuple):
    """Which rules settled a trick: the facts its explanation is told from.

    ``code`` is what decided the winner: 'trump' (only the winner's card is trump),
    'witch_trump' (the only Witch counts as trump and wins), 'rank' (both cards of one suit,
    ``suit``: the higher rank wins), 'witch_rank' (the only Witch counts as trump beside a
    trump card: the higher rank wins) or 'led_suit' (no trump, the follower did not match the
    led suit: the led card wins). ``witches``: Witches in the trick (two cancel out);
    ``swans``: 1 when the loser's Swan makes it lead next, 2 when both cards are Swans (the
    loser leads), else 0; ``treasure``: 7s in the trick (the winner's points); ``poison``:
    Poison 8s in the trick when the Poison module is in play (the winner loses 1 point for
    each, never going below 0: the floor is the round's business, see ``TrickRecord``).
    """

    code: str
    trump: Suit | None      # None: the decree card is a special card, so there is no trump suit
    suit: Suit | None = None
    witches: int = 0
    swans: int = 0
    treasure: int = 0
    poison: int = 0
    # With special cards (``decide_special_trick``; empty in the base game): which of the two
    # cards (0 the led one, 1 the other) had no suit and took the other card's suit, which one
    # was crowned, and the card each Mirror copied (the decree card at the end of the trick).
    unsuited: tuple = ()
    crowned: int | None = None
    mirror: tuple = ()


@dataclass(frozen=True)
class TrickOutcome:
    winner: int          # 0 = leader, 1 = follower (relative to the trick)
    next_leader: int     # 0 = leader, 1 = follower
    treasure: int        # points the winner gains from 7s
    rule: TrickRule
    reason: str = ""     # narrator.resolve_trick fills it in; decide_trick leaves it empty


def decide_trick(lead: Card, follow: Card, decree: Card, poison: bool = False) -> TrickOutcome:
    """Decide a complete trick: the winner, who leads next, the Treasure and the rule that
    settled it (no words: ``foxlib.words.narrator`` says them). ``poison``: the 8s are Poison 8s
    (the rule counts them; who wins does not change)."""
    trump = decree.suit
    winner = 1 if follower_wins(lead, follow, trump) else 0
    cards = (lead, follow)
    won, lost = cards[winner], cards[1 - winner]
    witches = (lead.rank == WITCH) + (follow.rank == WITCH)
    ws, ls_ = effective_suit(won, lost, trump), effective_suit(lost, won, trump)
    lone_witch = witches == 1 and (lead if lead.rank == WITCH else follow).suit != trump
    suit = None
    if ws == trump and ls_ != trump:
        code = "witch_trump" if lone_witch and won.rank == WITCH else "trump"
    elif ws == ls_:
        code, suit = ("witch_rank" if lone_witch else "rank"), ws
    else:
        code = "led_suit"
    swans = 0
    next_leader = winner
    if lost.rank == SWAN:
        next_leader = 1 - winner
        swans = 2 if won.rank == SWAN else 1
    treasure = (lead.rank == TREASURE) + (follow.rank == TREASURE)
    rule = TrickRule(code, trump, suit, witches, swans, treasure)
    if poison:
        rule = rule._replace(poison=(lead.rank == POISON) + (follow.rank == POISON))
    return TrickOutcome(winner, next_leader, treasure, rule)


# ----------------------------------------------------------------------------- special cards
#
# The Deluxe special cards (docs/rulings.md, "Special cards"). A special card has no suit
# (``Card.suit`` is None). The Mirror copies the decree card: ``acting_card`` gives what a card
# counts as. Tricks with a special card, a crowned card or a Mirror are decided by
# ``decide_special_trick``; every other trick by ``decide_trick``, which gives the same answer.

#: The suit a lone Witch counts as when there is no trump suit (a special decree card): no
#: other card has it, so the Witch beats every card that is not decided by its own text.
WITCH_TRUMP = -1
#: The suit both cards count as when neither has one (two unsuited cards: rulings SC4).
SUITLESS = -2


def acting_card(card: Card, decree: Card) -> Card:
    """What ``card`` counts as in rank, suit and ability: the Mirror copies the decree card."""
    if card.special == "Mirror" and decree is not card:
        return decree
    return card


def legal_follows_special(hand, led: Card, decree: Card, crowned: bool = False) -> list:
    """The cards the follower may play after ``led`` with special cards in the game (rulings
    SC2, SC3, SC12): after a card with no suit, anything; after a suit card, a card of that suit
    (the Mirror counts as the decree card's suit) or a card with no suit, and anything when
    void; after a Monarch that is not crowned, its Swan or highest card of its suit."""
    lead = acting_card(led, decree)
    if lead.suit is None:
        return sorted(hand)
    acting = [(c, acting_card(c, decree)) for c in hand]
    same = [(c, a) for c, a in acting if a.suit == lead.suit]
    if not same:
        return sorted(hand)
    if lead.rank == MONARCH and not crowned:
        top = max(same, key=lambda ca: ca[1].rank)[0]
        return sorted({top} | {c for c, a in same if a.rank == SWAN})
    return sorted([c for c, _ in same] + [c for c, a in acting if a.suit is None])


def follow_refusal_special(card: Card, hand, led: Card, decree: Card, crowned: bool = False):
    """``follow_refusal`` with special cards in the game: None when ``card`` may follow."""
    if card in legal_follows_special(hand, led, decree, crowned):
        return None
    lead = acting_card(led, decree)
    same = sorted(c for c in hand if acting_card(c, decree).suit == lead.suit)
    if lead.rank == MONARCH and not crowned:
        top = max(same, key=lambda c: acting_card(c, decree).rank)
        swan = [c for c in same if acting_card(c, decree).rank == SWAN]
        return "monarch", {"led": lead, "top": top,
                           "swan": swan[0] if swan and swan[0] is not top else None}
    return "follow_suit", {"card": card, "same": same, "witch": card.rank == WITCH,
                           "unsuited": sorted(c for c in hand
                                              if acting_card(c, decree).suit is None),
                           "suit": lead.suit}


def _plain(card: Card, crowned: bool, rank: int) -> bool:
    """Does the card act as a suit card of ``rank`` with its ability (not crowned)?"""
    return not crowned and card.special is None and card.rank == rank


def decide_special_trick(lead: Card, follow: Card, decree: Card, crowned=None,
                         poison: bool = False) -> TrickOutcome:
    """Decide a trick with special cards in it, from the two cards in the trick as they act
    now (the Mirror copies ``decree``, the decree card at the end of the trick). ``crowned``:
    0 or 1, the card played with the Crown (rulings SC10). The printed texts that say a card
    always wins or loses are read here, from the cards themselves, in the order of rulings
    SC17: a Shovel in the trick loses (one that dug has left it, SC15), then an Axe that
    follows a Woodcutter wins (SC7), then the Bow, the Hammer, then suits and ranks. So a
    card that left the trick (a Hammer sent it under the deck) has no say any more."""
    trump = decree.suit if decree.special is None else None
    cards = (lead, follow)
    acts = tuple(acting_card(c, decree) for c in cards)
    crown = (crowned == 0, crowned == 1)
    witches = _plain(acts[0], crown[0], WITCH) + _plain(acts[1], crown[1], WITCH)
    suits = [a.suit for a in acts]
    ranks = [11 if crown[i] else (acts[i].rank or 0) for i in (0, 1)]
    trump_token = trump if trump is not None else WITCH_TRUMP
    lone = None        # the lone Witch that is not already trump, if any
    if witches == 1:
        w = 0 if _plain(acts[0], crown[0], WITCH) else 1
        if acts[w].suit != trump:
            lone = w
        suits[w] = trump_token
    unsuited = ()
    if suits[0] is None and suits[1] is None:
        suits = [SUITLESS, SUITLESS]
        unsuited = (0, 1)
    elif suits[0] is None:
        suits[0], unsuited = suits[1], (0,)
    elif suits[1] is None:
        suits[1], unsuited = suits[0], (1,)
    specials = [a.special for a in acts]
    suit = None
    if "Shovel" in specials:
        # Only one card can be a Shovel: the Mirror copies it only as the decree card.
        winner, code = 1 - specials.index("Shovel"), "shovel"
    elif specials[1] == "Axe" and specials[0] is None and acts[0].rank == WOODCUTTER:
        # (a crowned Woodcutter is still a Woodcutter: the Crown takes its ability only)
        winner, code = 1, "axe"
    elif "Bow" in specials:
        bow = specials.index("Bow")
        other = 1 - bow
        beaten = cards[other].special is not None or suits[other] == trump_token
        winner, code = (bow if beaten else other), "bow"
    elif "Hammer" in specials:
        hammer = specials.index("Hammer")
        other = 1 - hammer
        winner, code = (hammer if ranks[other] % 2 == 1 else other), "hammer"
    elif (suits[0] == trump_token) != (suits[1] == trump_token):
        winner = 0 if suits[0] == trump_token else 1
        code = "witch_trump" if lone == winner else "trump"
    elif suits[0] == suits[1]:
        suit = suits[0] if suits[0] >= 0 else None
        if ranks[0] == ranks[1]:
            winner, code = 0, "identical"
        else:
            winner = 1 if ranks[1] > ranks[0] else 0
            code = "witch_rank" if lone is not None else "rank"
    else:
        winner, code = 0, "led_suit"
    loser = 1 - winner
    swans = 0
    next_leader = winner
    if _plain(acts[loser], crown[loser], SWAN):
        next_leader = loser
        swans = 2 if _plain(acts[winner], crown[winner], SWAN) else 1
    treasure = _plain(acts[0], crown[0], TREASURE) + _plain(acts[1], crown[1], TREASURE)
    mirror = tuple(acts[i] for i in (0, 1) if cards[i].special == "Mirror")
    rule = TrickRule(code, trump, suit, witches, swans, treasure, 0, unsuited, crowned, mirror)
    if poison:
        rule = rule._replace(poison=_plain(acts[0], crown[0], POISON) +
                             _plain(acts[1], crown[1], POISON))
    return TrickOutcome(winner, next_leader, treasure, rule)
