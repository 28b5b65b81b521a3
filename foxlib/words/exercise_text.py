"""What the lesson exercises say (``foxlib.teaching.exercises``), as plain functions: the words of a
wrong try for each kind of exercise, and a quiz's summary.

Two rules shape every text here:

- a wrong try says why *that* choice is wrong, and never names the right answer (the
  learner tries again, or presses "Show answer");
- the full explanation (the engine's own reason, naming the answer) comes once the exercise
  is solved or the answer is shown.

Which answer is right is always the engine's decision (``foxlib``); these functions only put
the engine's facts into words for a wrong try, and tally a quiz.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import rules
from ..core.cards import CHARACTERS, Card, Theme
from .grammar import possessive, says, sentence
from .narrator import resolve_trick

RIGHT_HEAD, WRONG_HEAD, SHOWN_HEAD = "✔ Right.", "✘ Not quite.", "The answer:"
TRY_AGAIN = "Try again."


def plural(n: int, word: str) -> str:
    """'1 point', '2 points' (never '1 points')."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def verdict(correct: bool, reason: str, chosen: str | None = None) -> tuple[str, str, str]:
    """(head, middle, tail) of the text shown after an answer."""
    if correct:
        return RIGHT_HEAD, reason, ""
    said = f"You answered: {chosen}. " if chosen else ""
    return WRONG_HEAD, f"{said}{reason}", TRY_AGAIN


def verdict_text(correct: bool, reason: str, chosen: str | None = None) -> str:
    return " ".join(part for part in verdict(correct, reason, chosen) if part)


# ----------------------------------------------------------------------------- a trick

def _suit(card_or_suit, theme: Theme) -> str:
    suit = card_or_suit.suit if isinstance(card_or_suit, Card) else card_or_suit
    return theme.suit_names[suit]


def why_not_winner(lead: Card, follow: Card, decree: Card, names, chosen: int,
                   theme: Theme) -> str:
    """Why the player ``chosen`` (0 = leader, 1 = follower) does not win the trick; the other
    card and its owner are not named, so the answer is left to the learner."""
    cards = (lead, follow)
    mine, other = cards[chosen], cards[1 - chosen]
    trump = decree.suit
    my_suit = rules.effective_suit(mine, other, trump)
    other_suit = rules.effective_suit(other, mine, trump)
    who = f"{possessive(names[chosen])} {mine.name(theme)}"
    if mine.rank == rules.WITCH and other.rank == rules.WITCH:
        note = "Two Witches cancel out, so each counts only as its own suit. "
    else:
        note = ""
    if mine.rank == rules.WITCH and other.rank != rules.WITCH and my_suit == trump \
            and mine.suit != trump:
        note = f"The {mine.name(theme)} is the only Witch in the trick, so it counts as trump. "
    if other_suit == trump and my_suit != trump:
        return (f"{note}{sentence(who)} does not count as trump ({_suit(trump, theme)} "
                "are trump), and a card that counts as trump beats every card that does not.")
    if my_suit == other_suit:
        # "Count as" only when a lone Witch changed what a card counts as (as in the engine's
        # own reason): two plain cards of one suit simply are that suit.
        lone_witch = (mine.rank == rules.WITCH) != (other.rank == rules.WITCH) and \
            (mine.suit != my_suit or other.suit != other_suit)
        verb = "count as" if lone_witch else "are"
        both = "trump" if my_suit == trump else _suit(my_suit, theme)
        return (f"{note}Both cards {verb} {both}, so the higher rank wins, "
                f"and {who} is the lower one.")
    return (f"{note}{sentence(who)} neither follows the led suit, "
            f"{_suit(lead, theme)}, nor counts as trump, so it cannot win.")


def why_not_next_leader(lead: Card, follow: Card, decree: Card, names, chosen: int,
                        theme: Theme) -> str:
    """Why ``chosen`` does not lead the next trick (the winner leads, unless a Swan lost)."""
    out = resolve_trick(lead, follow, decree, names, theme)
    cards = (lead, follow)
    name = names[chosen]
    if out.winner == chosen:  # wrong only when the other card is a Swan that lost
        both = (" (when both play a Swan, the one who lost the trick leads)"
                if cards[chosen].rank == rules.SWAN else "")
        return (f"{says(name, 'wins')} this trick, but the winner does not always lead next: "
                f"a Swan that loses the trick leads the next one{both}.")
    return (f"{says(name, 'loses')} this trick with the {cards[chosen].name(theme)}, which is "
            "not a Swan; the winner of a trick leads the next one unless a Swan lost it.")


def why_not_treasure(lead: Card, follow: Card, decree: Card, names, chosen_player,
                     chosen_points: int, theme: Theme) -> str:
    """Why the answer 'nobody' (``chosen_player`` None) or '<player> scores <points>' is wrong."""
    out = resolve_trick(lead, follow, decree, names, theme)
    if chosen_player is None:
        return ("This trick holds a Treasure (a 7), and whoever wins a trick scores for the 7s "
                "in it.")
    if out.treasure == 0:
        return "Neither card is a Treasure (a 7), and only 7s are worth points in a trick."
    if out.winner != chosen_player:
        return (f"{names[chosen_player]} does not win this trick, and only the winner scores "
                "for the 7s in it.")
    return "Each Treasure (7) in the trick is worth 1 point to the winner: count the 7s again."


# ----------------------------------------------------------------------------- playing a card

def why_not_follow(card: Card, led: Card, leader: str, theme: Theme) -> str:
    """Why ``card`` may not follow ``led`` here (the engine refused it), without naming the
    cards that may. Starts in lower case, to follow 'Not the 8 of Moons: '."""
    suit = _suit(led, theme)
    if led.rank == rules.MONARCH and card.suit == led.suit:
        return (f"{leader} led the Monarch, so you must follow with your highest "
                f"{theme.suit_singular[led.suit]} or with the Swan of {suit}, and the "
                f"{card.name(theme)} is neither.")
    if led.rank == rules.MONARCH:
        return (f"{leader} led the Monarch and you hold {suit}, so you must play one of them: "
                "your highest or the Swan.")
    text = f"you must follow {suit} when you can, and you hold {suit}."
    if card.rank == rules.WITCH:
        text += (" A Witch only counts as trump once both cards are on the table, so it does "
                 "not excuse you from following suit.")
    return text


def why_not_follow_special(card: Card, led: Card, leader: str, theme: Theme) -> str:
    """``why_not_follow`` with the special cards in play (rulings SC2, SC3, SC11): ``led`` is
    what the led card counts as (the Mirror copies the decree card)."""
    suit = _suit(led, theme)
    if led.rank == rules.MONARCH:
        return why_not_follow(card, led, leader, theme)
    text = (f"you hold {suit}, so you must follow {suit} or play a card with no suit.")
    if card.special == "Mirror":
        text = (f"the Mirror counts as the decree card, so it is not a card with no suit, and "
                + text)
    elif card.rank == rules.WITCH:
        text += (" A Witch only counts as trump once both cards are on the table, so it does "
                 "not excuse you from following suit.")
    return text


def why_missed(count: int, what: str) -> str:
    """A card set was chosen short of the answer: say how many are missing, not which."""
    if count == 1:
        return f"One more card {what} is not selected yet."
    return f"{count} more cards {what} are not selected yet."


# ----------------------------------------------------------------------------- scores and games

def why_not_score(tricks: int, treasure: int, given: int) -> str:
    """Why ``given`` is not the points for ``tricks`` tricks plus ``treasure`` Treasure points."""
    name = rules.band(tricks)
    low, high = rules.BAND_RANGES[name]
    span = f"{low} to {high} tricks" if low != high else plural(low, "trick")
    text = (f"{plural(tricks, 'trick')} fall{'s' if tricks == 1 else ''} in the {name} band "
            f"({span}): look up that band's points in the scoring table.")
    if treasure:
        if given == rules.round_points(tricks):
            return ("That is right for the tricks alone, but the Treasure points are added on "
                    "top.")
        text += f" Then add the {plural(treasure, 'Treasure point')}."
    return text


NOT_A_NUMBER = "The answer is a whole number of points, like {example}: you typed {typed}."


def not_a_number(typed: str, example: int) -> str:
    """Why a typed answer is not read as points at all (refused, not counted)."""
    shown = f"\u201c{typed}\u201d" if typed.strip() else "nothing"
    return NOT_A_NUMBER.format(example=example, typed=shown)


def why_not_negative_gain() -> str:
    """Why a negative number cannot be the points a round gives (base game scoring)."""
    return ("Scoring a round never takes points away: no band of the scoring table is worth "
            "less than nothing, and each Treasure (7) only adds a point.")


def why_not_negative_score(player: str, poison: bool, goals: bool) -> str:
    """Why a negative number cannot be a score (rulings P3 and G4): what could take points
    away here (Poison 8s, goals) and the floor, without the score itself."""
    losses = [w for w, on in (("a Poison 8 taken", poison), ("a goal that costs points", goals))
              if on]
    cause = f" ({' or '.join(losses)})" if losses else ""
    return (f"A score is never negative: a loss of points{cause} larger than the score stops "
            "at zero, and a player already at zero loses nothing more. Work out "
            f"{possessive(player)} score again from the one before.")


def why_not_game_end(score, round_gain, target: int, names, chosen) -> str:
    """Why ``chosen`` (0, 1, 'draw' or None for 'deal another round') is not how it ends."""
    a, b = score
    if max(a, b) < target:
        return (f"Nobody has reached {target} points yet ({names[0]} {a}, {names[1]} {b}), so "
                "the game is not over.")
    if chosen is None:
        return (f"At least one player has {target} points or more, so the game ends after "
                "this round.")
    if a != b:
        if chosen == "draw":
            return "The totals are not equal, so one player wins: the higher total."
        return (f"{names[chosen]} has {score[chosen]} points, not the higher total.")
    ga, gb = round_gain
    if ga == gb:
        return (f"The totals are tied at {a}, and the tie-break (points gained in the last "
                f"round) is tied too, at {ga} each, so neither player wins outright.")
    if chosen == "draw":
        return (f"The totals are tied at {a}, but a tie is broken by the points gained in the "
                "last round, and those are not equal.")
    return (f"The totals are tied at {a}; the tie-break is the points gained in the last round, "
            f"and {names[chosen]} gained {round_gain[chosen]}, not the bigger gain.")


def why_not_deck(total: int, hand: int, chosen: int) -> str:
    """Why ``chosen`` is not the number of cards left in the deck after the deal."""
    start = (f"Of the {total} cards, each player gets {hand} and 1 is turned face up as the "
             "decree card; the rest make the deck.")
    if chosen == hand:
        return f"{hand} is the size of each hand, not of the deck. {start}"
    if chosen == 0:
        return f"Not every card is dealt out. {start}"
    return f"Count again: the decree card lies face up beside the deck, not in it. {start}"


def why_not_leader(dealer: str, chosen: str) -> str:
    return f"{chosen} dealt this round, and the dealer never leads the first trick."


def why_not_character(card: Card, chosen: str) -> str:
    """Why ``chosen`` (a character's name, or 'no character') is not what the card is."""
    if chosen not in CHARACTERS.values():
        return (f"Rank {card.rank} is odd, and every odd rank belongs to one of the six "
                "characters.")
    rank = next(r for r, name in CHARACTERS.items() if name == chosen)
    parity = "odd" if card.rank % 2 else "even"
    return f"The {chosen} is the {rank}, and this card has rank {card.rank}, an {parity} rank."


def why_not_claim(truth: bool) -> str:
    """Why the learner's verdict on a claim is wrong (a yes/no question: kept short)."""
    if truth:
        return "Nothing in the rules goes against this claim: read it once more, word by word."
    return "At least one thing in this claim goes against the rules: find it."


# ----------------------------------------------------------------------------- quiz summary

@dataclass(frozen=True)
class QuestionResult:
    number: int          # 1-based
    title: str           # a short name for the question
    attempts: int
    solved: bool
    revealed: bool       # the learner pressed "Show answer"

    @property
    def first_try(self) -> bool:
        return self.solved and self.attempts == 1 and not self.revealed


def short_title(question: str, limit: int = 70) -> str:
    """The question, cut at a word boundary to fit a list of questions to review."""
    text = " ".join(question.split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def quiz_summary(results) -> tuple[str, list[QuestionResult]]:
    """(headline, questions to review) once every question has been tried."""
    results = list(results)
    n, first = len(results), sum(r.first_try for r in results)
    head = f"You answered {first} of {n} on the first try."
    if first == n:
        head += " Well done: nothing to review."
    review = [r for r in results if not r.first_try]
    return head, review


def review_note(result: QuestionResult) -> str:
    """Why a question is on the review list."""
    if result.revealed:
        return "you looked at the answer"
    if not result.solved:
        return "not answered yet" if result.attempts == 0 else "not solved yet"
    return f"right after {result.attempts} tries"
