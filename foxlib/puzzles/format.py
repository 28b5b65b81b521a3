"""The puzzle file format: its name, the goals and the kinds they make, the theme tags, the
JSON schema of a puzzle file and a small example file. Nothing here reads a file; ``load``
does, ``check`` proves and ``session`` plays what this module describes."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import rules
from ..cards import CHARACTERS
from ..errors import FoxError
from ..game import DEFAULT_TARGET
from ..round import PLAYERS

FORMAT = "fox-puzzles/1"
DATA_DIR = Path(__file__).parent.parent / "data" / "puzzles"
DECK_SIZE = 6          # the draw deck always holds 6 cards: 7 left after the deal, minus the decree
ROUND_TRICKS = 13


# ----------------------------------------------------------------------------- goals

PREDICT, PLAY, BAND, SCORE = "predict", "play", "band", "score"
KINDS = (PREDICT, PLAY, BAND, SCORE)


@dataclass(frozen=True)
class GoalSpec:
    kind: str
    arg: str          # "" (none), "band" (required band name) or "player" (optional A/B)
    question: str     # shown to the learner; {band}, {span} and {who} are filled in
    summary: str      # short, for the coverage table and report lines


GOALS = {
    "who-wins": GoalSpec(PREDICT, "", "Who wins this trick?", "who wins the trick"),
    "who-leads-next": GoalSpec(PREDICT, "", "Who leads the next trick?", "who leads next"),
    "win-trick": GoalSpec(PLAY, "", "Play a card that wins this trick, whatever your opponent "
                          "does.", "win this trick"),
    "lose-trick": GoalSpec(PLAY, "", "Play a card that loses this trick, whatever your opponent "
                           "does.", "lose this trick"),
    "lead-next": GoalSpec(PLAY, "", "Play a card so that you lead the next trick, whatever your "
                          "opponent does.", "lead the next trick"),
    "take-treasure": GoalSpec(PLAY, "", "Play a card so that you win this trick with a Treasure "
                              "(a 7) in it, whatever your opponent does.", "take the Treasure"),
    "band": GoalSpec(BAND, "band", "Finish the round {band} ({span} tricks), whatever your "
                     "opponent does.", "reach a band"),
    "round-points": GoalSpec(SCORE, "player", "How many points {does} {who} gain in this "
                             "round, Treasure included?", "points this round"),
    "final-score": GoalSpec(SCORE, "player", "What is {who_pos} score at the end of this round?",
                            "final score"),
    "game-winner": GoalSpec(SCORE, "", "The round is over. Who wins the game (the target is "
                            "{target} points)?", "who wins the game"),
}
#: The answers of the kinds whose answer is not a move.
PLAYER_ANSWERS = ("A", "B")
GAME_ANSWERS = ("A", "B", "draw", "continue")


@dataclass(frozen=True)
class Goal:
    """A parsed goal. ``player`` is whose goal (or whose points) it is: 0 = A, 1 = B."""

    name: str
    player: int
    band: str | None = None

    @property
    def spec(self) -> GoalSpec:
        return GOALS[self.name]

    @property
    def kind(self) -> str:
        return self.spec.kind

    def __str__(self) -> str:
        if self.band:
            return f"{self.name}:{self.band}"
        return self.name

    def question(self, you: int, target: int = DEFAULT_TARGET) -> str:
        who = "you" if self.player == you else "your opponent"
        span = ""
        if self.band:
            low, high = rules.BAND_RANGES[self.band]
            span = f"{low}-{high}" if low != high else str(low)
        text = self.spec.question.format(band=self.band, span=span, who=who, target=target,
                                         does="do" if who == "you" else "does",
                                         who_pos="your" if self.player == you else
                                         "your opponent's")
        return text[0].upper() + text[1:]


def parse_goal(text, you: int) -> Goal:
    """Read ``'win-trick'``, ``'band:Victorious'``, ``'round-points:B'``; FoxError if it does not
    parse, naming what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise FoxError(f"the goal must be a text such as 'win-trick' or 'band:Victorious', "
                       f"not {text!r}.")
    name, _, arg = text.strip().partition(":")
    name, arg = name.strip().lower(), arg.strip()
    if name not in GOALS:
        raise FoxError(f"'{text}' is not a goal; the goals are {', '.join(GOALS)} "
                       "(band takes a band name, as in 'band:Victorious').")
    spec = GOALS[name]
    if spec.arg == "band":
        bands = {b.lower(): b for b in rules.BANDS}
        if arg.lower() not in bands:
            raise FoxError(f"'{text}' does not name a band: write band:Humble, band:Defeated, "
                           "band:Victorious or band:Greedy.")
        return Goal(name, you, bands[arg.lower()])
    if spec.arg == "player":
        if not arg:
            return Goal(name, you)
        if arg.upper() not in PLAYERS:
            raise FoxError(f"'{text}': after the colon write the player, A or B.")
        return Goal(name, PLAYERS.index(arg.upper()))
    if arg:
        raise FoxError(f"the goal '{name}' takes nothing after a colon (found '{arg}').")
    return Goal(name, you)


# ----------------------------------------------------------------------------- themes (tags)

CHARACTER_TAGS = {name.lower(): rank for rank, name in CHARACTERS.items()}
#: Every tag a puzzle may carry, with what it means (the coverage table lists them in order).
TAGS = {
    "follow": "following suit and the lead",
    "trump": "trump and the decree card",
    "swan": "the Swan (1): lose with it and lead the next trick",
    "fox": "the Fox (3): swap the decree card",
    "woodcutter": "the Woodcutter (5): draw, then put a card under the deck",
    "treasure": "the Treasure (7): a point for each 7 in the trick",
    "witch": "the Witch (9): a lone Witch counts as trump",
    "monarch": "the Monarch (11): the follower must give the Swan or the highest card",
    "scoring": "the end-of-round table and Treasure points",
    "band": "aiming for a band over several tricks",
    "endgame": "the last tricks of a round",
    "tie-break": "the end of the game and its tie-break",
    "faq-ability-timing": "FAQ: the Fox and the Woodcutter act at once; a new trump counts "
                          "for this trick",
    "faq-witch-led": "FAQ: a led Witch must be followed in its own suit",
    "faq-witch-trump-led": "FAQ: when trump is led, a trump must be played before a Witch",
    "faq-two-witches": "FAQ: two Witches cancel each other out",
    "faq-two-swans": "FAQ: with two Swans, the loser of the trick leads next",
}
#: The tags the collection must each cover with at least three puzzles.
REQUIRED_TAGS = tuple(CHARACTER_TAGS) + tuple(t for t in TAGS if t.startswith("faq-"))
SET_FIELDS = {"format", "id", "title", "lesson", "order", "description", "puzzles"}
PUZZLE_FIELDS = {"id", "title", "lesson", "themes", "difficulty", "you", "goal", "prompt",
                 "position", "plays", "solution", "hints", "explanation", "right", "wrong",
                 "show_deck", "target"}
POSITION_FIELDS = {"decree", "leader", "to_play", "hands", "deck", "trick", "tricks_won",
                   "score", "round_gain"}

#: A JSON-Schema-like description of a puzzle file (documented in docs/puzzles.md).
_CARD = {"type": "string", "pattern": "^(1[01]|[1-9])[BKMbkm]$",
         "description": "rank then suit letter: 9M, 11B, 1K"}
_MOVE = {"oneOf": [_CARD, {"type": "object", "required": ["card"], "additionalProperties": False,
                           "properties": {"card": _CARD, "exchange": _CARD, "discard": _CARD}}],
         "description": "a card, or a Fox play with 'exchange' (no 'exchange' = keep the "
                        "decree) or a Woodcutter play with 'discard'"}
_ANSWER = {"oneOf": [_MOVE, {"enum": list(GAME_ANSWERS)}, {"type": "integer", "minimum": 0}],
           "description": "a move (play and band goals), a player A/B (predict goals and "
                          "game-winner: also draw or continue) or a number (score goals)"}
_PAIR = {"type": "object", "additionalProperties": False,
         "properties": {"A": {"type": "integer", "minimum": 0},
                        "B": {"type": "integer", "minimum": 0}}}
_HAND = {"oneOf": [{"type": "array", "items": _CARD, "maxItems": 13},
                   {"type": "object", "additionalProperties": False, "required": ["hidden"],
                    "properties": {"cards": {"type": "array", "items": _CARD},
                                   "hidden": {"type": "integer", "minimum": 0}},
                    "description": "a concealed hand (predict and score goals only): the "
                                   "listed cards plus 'hidden' unknown ones, all shown face "
                                   "down"}]}
SCHEMA = {
    "title": "Fox in the Forest puzzle set",
    "type": "object",
    "required": ["format", "id", "title", "puzzles"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
        "title": {"type": "string"},
        "lesson": {"type": "string", "description": "the lesson notebook it practises"},
        "order": {"type": "integer", "description": "where the set comes in the index"},
        "description": {"type": "string"},
        "puzzles": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "required": ["id", "title", "difficulty", "goal", "position", "solution", "hints",
                         "explanation"],
            "additionalProperties": False,
            "properties": {
                "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$",
                       "description": "unique across all loaded files"},
                "title": {"type": "string"},
                "lesson": {"type": "string", "description": "default: the set's lesson"},
                "themes": {"type": "array", "items": {"enum": list(TAGS)}},
                "difficulty": {"enum": [1, 2, 3]},
                "you": {"enum": ["A", "B"], "default": "A",
                        "description": "the learner's seat"},
                "goal": {"type": "string", "examples": [str(g) for g in GOALS] +
                         ["band:Victorious", "round-points:B"]},
                "prompt": {"type": "string", "description": "extra words shown above the "
                           "question"},
                "position": {
                    "type": "object", "required": ["decree", "leader", "hands"],
                    "additionalProperties": False,
                    "properties": {
                        "decree": _CARD,
                        "leader": {"enum": ["A", "B"],
                                   "description": "who leads the current trick"},
                        "to_play": {"enum": ["A", "B"], "description": "optional; checked "
                                    "against leader and trick"},
                        "hands": {"type": "object", "required": ["A", "B"],
                                  "properties": {"A": _HAND, "B": _HAND}},
                        "deck": {"oneOf": [{"type": "array", "items": _CARD,
                                            "minItems": DECK_SIZE, "maxItems": DECK_SIZE},
                                           {"type": "object",
                                            "properties": {"hidden": {"const": DECK_SIZE}}}],
                                 "description": "top first; may be left out when no "
                                                "Woodcutter can draw from it"},
                        "trick": {"type": "array", "items": _CARD, "maxItems": 1,
                                  "description": "the led card of a trick in progress"},
                        "tricks_won": _PAIR, "score": _PAIR,
                        "round_gain": _PAIR}},
                "plays": {"type": "array", "items": _MOVE,
                          "description": "predict and score goals: cards played after the "
                                         "position, shown to the learner"},
                "target": {"type": "integer", "minimum": 1, "default": DEFAULT_TARGET,
                           "description": "game-winner: the game's target score"},
                "solution": {"type": "array", "minItems": 1, "items": _ANSWER,
                             "description": "every right answer (for moves: up to equivalent "
                                            "cards)"},
                "hints": {"type": "array", "minItems": 1, "items": {"type": "string"},
                          "description": "shown one at a time"},
                "explanation": {"type": "string",
                                "description": "why the answer is right and the tempting "
                                               "wrong ones fail"},
                "right": {"type": "string", "description": "shown on a right answer"},
                "wrong": {"type": "array", "items": {
                    "type": "object", "required": ["answer", "text"],
                    "additionalProperties": False,
                    "properties": {"answer": _ANSWER, "text": {"type": "string"}}},
                    "description": "shown for a particular wrong answer; a bare card matches "
                                   "every move with that card"},
                "show_deck": {"type": "boolean", "description": "show the deck face up "
                              "(default: when you hold a Woodcutter)"},
            }}},
    },
}


#: A small, complete puzzle file: the puzzle page shows it as the format's example, and a test
#: proves it.
EXAMPLE_FILE = {
    "format": FORMAT,
    "id": "my-class",
    "title": "Our class puzzles",
    "puzzles": [{
        "id": "our-witch",
        "title": "A Witch without Bells",
        "difficulty": 1,
        "goal": "win-trick",
        "position": {"decree": "4M", "leader": "B", "trick": ["10B"],
                     "hands": {"A": ["9K", "2K"], "B": ["1M"]},
                     "tricks_won": {"A": 6, "B": 5}},
        "solution": ["9K"],
        "hints": ["You have no Bells. Can a card of another suit still win?"],
        "explanation": "With no Bell to follow, your 9 of Keys is the one Witch in the trick: "
                       "it counts as a trump and beats the 10 of Bells. The 2 of Keys loses.",
    }],
}
