"""The rules of a single trick and of round scoring, as pure functions with explanations.

Everything here takes cards and returns facts plus a plain-English reason. The Round class
(``foxlib.round``) and the fast solver path both rely on these definitions.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import DEFAULT_THEME, Card, Suit, Theme, card_list

SWAN, FOX, WOODCUTTER, TREASURE, WITCH, MONARCH = 1, 3, 5, 7, 9, 11

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


BAND_REMARKS = {
    "Humble": "few tricks are rewarded as much as a good majority",
    "Defeated": "a middling count scores little",
    "Victorious": "the best band for winning tricks",
    "Greedy": "winning 10 or more tricks scores nothing for tricks, though Treasure points "
              "still count",
}


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 point', '2 points', '0 points': a number with its noun in the right form."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def explain_round_points(who: str, tricks: int, treasure: int | None = None) -> str:
    """The end-of-round points for ``tricks`` tricks, and why.

    With ``treasure`` (the Treasure points ``who`` took during the round) the text also adds
    them up, so that its numbers give the whole rise of the score this round.
    """
    points = round_points(tricks)
    name = band(tricks)
    low, high = BAND_RANGES[name]
    span = f"{low}-{high}" if low != high else f"{low}"
    text = (f"{sentence(who)} won {count(tricks, 'trick')}: {name} ({span} tricks), "
            f"{count(points, 'point')} for tricks; {BAND_REMARKS[name]}.")
    if treasure is None:
        return text
    gains = subject(who, "gains")
    if not treasure:
        took = f"{sentence(subject(who, 'took'))} no Treasure"
        return f"{text} {took}, so {gains} {count(points, 'point')} this round."
    return (f"{text} With {count(treasure, 'Treasure point')} taken during the round, {gains} "
            f"{points} + {treasure} = {count(points + treasure, 'point')} this round.")


def possessive(who: str) -> str:
    return "your" if who.lower() == "you" else f"{who}'s"


def agree(who: str, verb: str) -> str:
    """The verb in the form that agrees with ``who``: 'leads' for 'A', 'lead' for 'you'."""
    if who.lower() != "you":
        return verb
    first, sep, rest = verb.partition(" ")
    first = {"has": "have", "does": "do", "is": "are"}.get(
        first, first[:-1] if first.endswith("s") else first)
    return first + sep + rest


def subject(who: str, verb: str) -> str:
    """'A leads' or 'you lead' ('you' in lower case: ``sentence`` capitalises a sentence start)."""
    name = "you" if who.lower() == "you" else who
    return f"{name} {agree(who, verb)}"


def sentence(text: str) -> str:
    """Capitalise the first letter only (``str.capitalize`` would turn 'McFox' into 'Mcfox')."""
    return text[:1].upper() + text[1:]


def _suit_word(suit: Suit, theme: Theme, plural: bool = True) -> str:
    return theme.suit_names[suit] if plural else theme.suit_singular[suit]


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


def illegal_follow_reason(card: Card, hand, led: Card, leader: str = "your opponent",
                          theme: Theme = DEFAULT_THEME) -> str | None:
    """Why ``card`` may not follow ``led`` (None when it may). Assumes the card is in hand."""
    same = [c for c in hand if c.suit == led.suit]
    if not same or card in legal_follows(hand, led):
        return None
    suit = _suit_word(led.suit, theme)
    if led.rank == MONARCH:
        top = max(same, key=lambda c: c.rank)
        swan = [c for c in same if c.rank == SWAN]
        options = f"the Swan ({swan[0].name(theme)}) or " if swan and swan[0] is not top else ""
        return (f"{sentence(leader)} led the Monarch ({led.name(theme)}), so you must play "
                f"{options}your highest {_suit_word(led.suit, theme, False)}, the "
                f"{top.name(theme)}.")
    reason = f"You must follow {suit}: you hold {card_list(same, theme)}."
    if card.rank == WITCH:
        reason += (" A Witch only counts as trump once both cards are on the table, so it "
                   "does not excuse you from following suit.")
    return reason


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


@dataclass(frozen=True)
class TrickOutcome:
    winner: int          # 0 = leader, 1 = follower (relative to the trick)
    next_leader: int     # 0 = leader, 1 = follower
    treasure: int        # points the winner gains from 7s
    reason: str


def resolve_trick(lead: Card, follow: Card, decree: Card, names=("the leader", "the follower"),
                  theme: Theme = DEFAULT_THEME) -> TrickOutcome:
    """Decide a complete trick and explain it. ``names`` are (leader's, follower's) names."""
    trump = decree.suit
    fw = follower_wins(lead, follow, trump)
    winner = 1 if fw else 0
    loser = 1 - winner
    cards = (lead, follow)
    won, lost = cards[winner], cards[loser]
    wname, lname = names[winner], names[loser]
    trump_word = _suit_word(trump, theme)
    witches = sum(c.rank == WITCH for c in cards)
    parts = [f"{trump_word} are trump."]
    ws, ls_ = effective_suit(won, lost, trump), effective_suit(lost, won, trump)
    lone_witch = witches == 1 and [c for c in cards if c.rank == WITCH][0].suit != trump
    witch_note = ""
    if witches == 2:
        parts.append("Both cards are Witches, so they cancel out and neither counts as trump "
                     "unless it really is one.")
    if ws == trump and ls_ != trump:
        if lone_witch and won.rank == WITCH:
            witch_note = (f"{possessive(wname)} {won.name(theme)} is the only Witch in the trick, "
                          f"so it counts as trump and beats {possessive(lname)} {lost.name(theme)}.")
            parts.append(witch_note[0].upper() + witch_note[1:])
        else:
            parts.append(f"{possessive(wname)} {won.name(theme)} is trump and beats "
                         f"{possessive(lname)} {lost.name(theme)}, which is not.")
    elif ws == ls_:
        both = "trump" if ws == trump else f"{_suit_word(ws, theme)}"
        # "Count as" only when a lone Witch changed what a card counts as; two plain cards of
        # one suit simply are that suit.
        verb = "are"
        if lone_witch:
            witch = won if won.rank == WITCH else lost
            owner = wname if witch is won else lname
            parts.append(f"{possessive(owner)} {witch.name(theme)} is the only Witch "
                         "in the trick, so it counts as trump.")
            verb = "count as"
        parts.append(f"Both cards {verb} {both}, so the higher rank wins: "
                     f"{possessive(wname)} {won.name(theme)} beats {possessive(lname)} "
                     f"{lost.name(theme)}.")
    else:
        # Different suits, no trump: the led card wins because the follower did not follow.
        parts.append(f"Neither card counts as trump and {possessive(names[1])} "
                     f"{follow.name(theme)} does not match the led suit, "
                     f"{_suit_word(lead.suit, theme)}, so {possessive(names[0])} "
                     f"{lead.name(theme)} wins.")
    next_leader = winner
    if lost.rank == SWAN:
        next_leader = loser
        if won.rank == SWAN:
            parts.append(f"Both players played a Swan; {subject(lname, 'lost')} the trick, so "
                         f"{subject(lname, 'leads')} the next one.")
        else:
            parts.append(f"{lname} played the Swan and lost, so {subject(lname, 'leads')} the "
                         "next trick.")
    treasure = sum(c.rank == TREASURE for c in cards)
    if treasure:
        what = "1 point for the Treasure (7)" if treasure == 1 else \
            "2 points for the two Treasures (7s)"
        parts.append(f"{subject(wname, 'gains')} {what} in the trick.")
    text = " ".join(sentence(p) for p in parts)
    return TrickOutcome(winner, next_leader, treasure, text)
