"""The puzzle file format: its name, the goals and the kinds they make, the theme tags, the
JSON schema of a puzzle file and a small example file. Nothing here reads a file; ``load``
does, ``check`` proves and ``session`` plays what this module describes."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...core import rules
from ...core.cards import CHARACTERS
from ...engine.modules import SPECIAL_CARDS
from ...core.errors import FoxError
from ...words.narrator import agree, possessive
from ...engine.game import DEFAULT_TARGET
from ...engine.round import PLAYERS
from ...core.schema import card_problem, format_field

FORMAT = "fox-puzzles/1"
DATA_DIR = Path(__file__).parent.parent.parent / "data" / "puzzles"
DECK_SIZE = 6          # the draw deck always holds 6 cards: 7 left after the deal, minus the decree
DECK_SIZE_TEXT = (f"impossible position: the draw deck always holds {DECK_SIZE} cards (7 are "
                  "left after the deal, one of them is the decree, and the Woodcutter puts back "
                  "a card for the one it draws), not {count}.")
#: The goals a puzzle with modules may have: those the Deluxe search proves (or the engine
#: answers).
MODULE_GOALS = ("who-wins", "who-leads-next", "win-trick", "lose-trick", "band",
                "most-points", "round-points", "final-score", "game-winner")
#: The goals only a puzzle with modules may have.
MODULE_ONLY_GOALS = ("most-points",)
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
    "most-points": GoalSpec(BAND, "", "Gain as many points as you can against your opponent by "
                            "the end of the round (Treasure and Poison included), whatever "
                            "your opponent does.", "gain the most points"),
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
                                         does=agree(who, "does"), who_pos=possessive(who))
        return text[0].upper() + text[1:]


GOAL_NOT_TEXT = "the goal must be a text such as 'win-trick' or 'band:Victorious', not {value!r}."


def parse_goal(text, you: int) -> Goal:
    """Read ``'win-trick'``, ``'band:Victorious'``, ``'round-points:B'``; FoxError if it does not
    parse, naming what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise FoxError(GOAL_NOT_TEXT.format(value=text))
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
    "poison": "Deluxe: Poison 8s cost their taker a point each (never below 0)",
    "axe": "Deluxe: the Axe wins when it follows a Woodcutter",
    "tree": "Deluxe: a led Tree makes the opponent play a random card",
    "fairy": "Deluxe: the Fairy takes a card from the opponent's hand",
    "crown": "Deluxe: the Crown makes a card count as an 11",
    "mirror": "Deluxe: the Mirror copies the decree card",
    "bow": "Deluxe: the Bow beats trumps and special cards only",
    "hammer": "Deluxe: the Hammer names a suit and the led card is replaced",
    "potion": "Deluxe: the Potion draws two cards, one of them is played",
    "shovel": "Deluxe: the Shovel digs a card from the last trick won",
}
#: The special-card tags, by the card's name: such a tag needs that card in sight.
SPECIAL_TAGS = {name.lower(): name for name in SPECIAL_CARDS}
#: The Deluxe tags the collection must cover, with how many puzzles each at least.
DELUXE_TAGS = {"poison": 3, **{tag: 2 for tag in SPECIAL_TAGS}}
#: The tags the collection must each cover with at least three puzzles.
REQUIRED_TAGS = tuple(CHARACTER_TAGS) + tuple(t for t in TAGS if t.startswith("faq-"))


# ----------------------------------------------------------------------------- the schema

#: The named formats of ``SCHEMA``, for ``schema.validate``.
FORMATS = {"card": card_problem}
_NON_EMPTY = "must be a non-empty text, not {value!r}."
_CARD_LIST = 'must be a list of cards like ["9M", "2B"], not {found}.'

# The parts of SCHEMA. "x-message", "x-messages" and "x-missing" are the loader's wording for a
# failure (see schema.py); "title" names a part in the docs.
_TEXT = {"type": "string", "pattern": "\\S", "x-message": _NON_EMPTY}
_IDENT = {"type": "string", "minLength": 1, "pattern": "^[A-Za-z0-9-]+$",
          "x-messages": {"type": _NON_EMPTY, "minLength": _NON_EMPTY,
                         "pattern": "'{value}' may use only letters, digits and dashes."}}
_CARD = {"type": "string", "format": "card", "x-message": "unknown card: {detail}",
         "description": "rank then suit letter: 9M, 11B, 1K"}
_CARDS = {"type": "array", "items": _CARD, "x-messages": {"type": _CARD_LIST}}
_PLAYER = {"enum": list(PLAYERS)}
_MOVE = {
    "title": "A move",
    "description": "A card, or an object: a Fox with its choice (`exchange`: the card of your "
                   "hand it puts in place of the decree card; no `exchange` keeps the decree "
                   "card), or a Woodcutter with its `discard` (the card it puts under the deck "
                   "after drawing).",
    "oneOf": [_CARD, {
        "type": "object", "required": ["card"], "additionalProperties": False,
        "properties": {"card": dict(_CARD, description="the card played"),
                       "exchange": dict(_CARD, description="a Fox's choice"),
                       "discard": dict(_CARD, description="a Woodcutter's choice")},
        "x-messages": {"additionalProperties": "unknown field; a move has {names}."}}]}
_ACTION = {
    "title": "An action",
    "description": "Puzzles with modules only: one decision written as the pair `[kind, card]` "
                   "of a saved round, such as `[\"crown\", \"4K\"]` (play the 4 of Keys with "
                   "the Crown), `[\"name_suit\", \"B\"]` (the Hammer names Bells) or "
                   "`[\"dig\", null]` (the Shovel does not dig); a bare card is the action "
                   "`[\"play\", card]`.",
    "type": "array", "minItems": 2, "maxItems": 2,
    "x-messages": {"type": "must be an action [kind, card], not {found}.",
                   "minItems": "an action is a pair [kind, card] like [\"crown\", \"4K\"].",
                   "maxItems": "an action is a pair [kind, card] like [\"crown\", \"4K\"]."}}
_ANSWER = {
    "title": "An answer",
    "description": "A move (play and band goals; with modules, an action); a player, `A` or "
                   "`B` (predict goals; game-winner also takes `draw` or `continue`); or a "
                   "number of points (score goals).",
    "oneOf": [_MOVE, _ACTION, {"enum": list(GAME_ANSWERS)}, {"type": "integer", "minimum": 0}],
    "x-messages": {"oneOf": "{value!r} is not an answer: write a move, an action, A, B, draw, "
                            "continue or a number."}}
_MODULES = {
    "title": "The modules",
    "description": "The Deluxe modules a puzzle is played with, as saved rounds and scenarios "
                   "write them. A puzzle with modules is judged by the rules engine's actions "
                   "and proved by the exact Deluxe search (see [Deluxe "
                   "puzzles](#deluxe-puzzles)).",
    "type": "object", "additionalProperties": False,
    "x-messages": {"type": 'must be an object like {{"poison": true}}, not {kind}.',
                   "additionalProperties": "unknown module; a puzzle's modules are {names} "
                                           "(goal cards are not used in puzzles)."},
    "properties": {
        "poison": {"type": "boolean", "x-message": "must be true or false, not {value!r}.",
                   "description": "the three 8s are Poison 8s (default false)"},
        "special": {"type": "array", "items": {
                        "enum": list(SPECIAL_CARDS),
                        "x-message": "{value!r} is not a special card; the special cards are "
                                     + ", ".join(SPECIAL_CARDS) + "."},
                    "x-messages": {"type": "must be a list of special cards, not {kind}."},
                    "description": "the special cards in the game (by name: "
                                   + ", ".join(f"`{n}`" for n in SPECIAL_CARDS) + "); only "
                                   "these may appear in the position"},
    }}
_COUNT = {"type": "integer", "minimum": 0,
          "x-message": "must be a whole number of at least 0, not {value!r}."}
_PAIR = {"type": "object", "additionalProperties": False,
         "properties": {"A": _COUNT, "B": _COUNT},
         "x-messages": {"type": 'must be an object like {{"A": 2, "B": 3}}, not {kind}.',
                        "additionalProperties": "unknown player; use A and B."}}
_HAND = {
    "title": "A hand",
    "description": "The cards of one player: a list of cards, or (predict and score goals only) "
                   "a concealed hand, shown face down: `{\"cards\": [\"10K\"], \"hidden\": 2}` "
                   "is the 10 of Keys (which will be played) and two unknown cards.",
    "oneOf": [{"type": "array", "items": _CARD, "maxItems": ROUND_TRICKS,
               "x-messages": {"maxItems": "impossible position: a hand holds at most 13 "
                                          "cards."}},
              {"title": "A concealed hand", "type": "object", "required": ["hidden"],
               "additionalProperties": False,
               "properties": {
                   "cards": dict(_CARDS, description="the cards that will be played "
                                                     "(default: none)"),
                   "hidden": {"type": "integer", "minimum": 0,
                              "x-message": "must be the number of face-down cards, not "
                                           "{value!r}.",
                              "x-missing": "this field is missing: give the number of "
                                           "face-down cards.",
                              "description": "how many unknown cards the hand also holds"}},
               "x-messages": {"additionalProperties": "unknown field; a concealed hand has "
                                                      "'cards' and 'hidden'."}}],
    "x-messages": {"oneOf": _CARD_LIST},
    "x-missing": "this hand is missing (use [] for none)."}
_HIDDEN_DECK = (f'a concealed deck is written {{{{"hidden": {DECK_SIZE}}}}}: the deck always '
                f"holds {DECK_SIZE} cards.")
_POSITION = {
    "title": "The position",
    "description": "A moment in a real round. Cards it does not list are out of play (in "
                   "tricks won earlier).",
    "type": "object", "required": ["decree", "leader", "hands"], "additionalProperties": False,
    "x-messages": {"type": "must be an object, not {kind}.",
                   "additionalProperties": "unknown field; a position has {names}."},
    "properties": {
        "decree": dict(_CARD, description="the decree card (trump is its suit)"),
        "leader": dict(_PLAYER, description="who leads the trick being played",
                       **{"x-message": "must be 'A' or 'B' (who leads this trick), not "
                                       "{value!r}."}),
        "to_play": dict(_PLAYER, description="who is to play; optional, checked against "
                                             "`leader` and `trick`",
                        **{"x-message": "must be 'A' or 'B' (who is to play), not {value!r}."}),
        "hands": {
            "title": "The hands", "description": "each player's hand",
            "type": "object", "required": list(PLAYERS), "additionalProperties": False,
            "properties": {p: _HAND for p in PLAYERS},
            "x-messages": {"type": 'must be an object {{"A": [cards], "B": [cards]}}.',
                           "additionalProperties": "unknown player; the hands are A and B."}},
        "deck": {
            "description": f"the {DECK_SIZE} cards of the draw deck, top first (7 are left "
                           "after the deal, one of them is the decree card, and the Woodcutter "
                           "puts back a card for the one it draws; with special cards it also "
                           "holds those not dealt, and its size varies); or concealed, "
                           f'`{{"hidden": {DECK_SIZE}}}`. It may be left out when no Woodcutter '
                           "can draw (then it is concealed)",
            "oneOf": [
                dict(_CARDS, **{"x-messages": {"type": _CARD_LIST}}),
                {"const": {"hidden": DECK_SIZE}, "x-message": _HIDDEN_DECK}],
            "x-messages": {"oneOf": _CARD_LIST}},
        "trick": dict(_CARDS, maxItems=1, description="`[]`, or `[led card]` when the leader "
                      "has already played (its Fox or Woodcutter decision done)",
                      **{"x-messages": {
                          "type": _CARD_LIST,
                          "maxItems": "impossible position: a trick in progress holds only the "
                                      "led card; the second card ends the trick (put it in "
                                      "'plays' instead)."}}),
        "tricks_won": dict(_PAIR, description='tricks won so far this round, `{"A": 5, "B": 4}` '
                                              "(a player left out has 0)"),
        "score": dict(_PAIR, description="points in all, per player (default 0)"),
        "round_gain": dict(_PAIR, description="points gained this round so far (Treasure), per "
                                              "player; part of `score` (default 0)"),
    }}
_PUZZLE = {
    "title": "A puzzle",
    "type": "object", "additionalProperties": False,
    "required": ["id", "title", "difficulty", "goal", "position", "solution", "hints",
                 "explanation"],
    "x-messages": {"type": "a puzzle is a JSON object, not {kind}.",
                   "additionalProperties": "unknown field; a puzzle has {names}."},
    "properties": {
        "id": dict(_IDENT, description="unique across all loaded files; letters, digits and "
                                       "dashes"),
        "title": dict(_TEXT, description="a short name"),
        "lesson": dict(_TEXT, description="the lesson notebook it practises (default: the "
                                          "set's lesson)"),
        "themes": {"type": "array", "items": {
                       "title": "A tag",
                       "description": "What a puzzle practises. The coverage table counts "
                                      "the puzzles of each tag.",
                       "oneOf": [{"const": tag, "description": text} for tag, text in
                                 TAGS.items()],
                       "x-message": f"unknown tag {{value!r}}; the tags are {', '.join(TAGS)}."},
                   "x-messages": {"type": "must be a list of tags, not {kind}."},
                   "description": "what the puzzle practises; a character tag needs that "
                                  "character in sight, and the collection covers each "
                                  "character and FAQ tag three times"},
        "difficulty": {"enum": [1, 2, 3],
                       "x-message": "must be 1, 2 or 3 (easy, medium, hard), not {value!r}.",
                       "description": "1 (easy), 2 (medium) or 3 (hard)"},
        "you": dict(_PLAYER, default="A", description="the learner's seat",
                    **{"x-message": "must be 'A' or 'B' (the learner's seat), not {value!r}."}),
        "goal": {"type": "string", "x-message": "the goal does not parse: " + GOAL_NOT_TEXT,
                 "examples": [str(g) for g in GOALS] + ["band:Victorious", "round-points:B"],
                 "description": "what the learner is asked (see [the kinds](#kinds-of-puzzle)); "
                                "band takes a band name (`band:Victorious`), the score goals "
                                "may name a player (`round-points:B`)"},
        "target": {"type": "integer", "minimum": 1, "default": DEFAULT_TARGET,
                   "x-message": "must be a whole number of at least 1, not {value!r}.",
                   "description": "the game's target score, for game-winner"},
        "hints": {"type": "array", "minItems": 1, "items": _TEXT,
                  "x-messages": {"type": "must be a non-empty list of texts.",
                                 "minItems": "must be a non-empty list of texts."},
                  "x-missing": "this field is missing: give at least one.",
                  "description": "shown one at a time"},
        "explanation": dict(_TEXT, description="why the answer is right and why the tempting "
                                               "wrong answers fail"),
        "prompt": dict(_TEXT, description="words shown above the question, to set the scene "
                                          "(\"Moons are trump; you have won 7 tricks\")"),
        "right": dict(_TEXT, description="shown on a right answer"),
        "show_deck": {"type": "boolean", "x-message": "must be true or false, not {value!r}.",
                      "description": "show the deck face up (default: when the learner holds "
                                     "a Woodcutter, or special cards are in play)"},
        "position": _POSITION,
        "modules": _MODULES,
        "plays": {"type": "array", "items": {"oneOf": [_MOVE, _ACTION], "x-messages": {
                      "oneOf": "{value!r} is not a play: write a card, a move object or (with "
                               "modules) an action [kind, card]."}},
                  "x-messages": {"type": "must be a list of plays, not {kind}."},
                  "description": "predict and score goals only: the cards played after the "
                                 "position, in order, shown to the learner; a predict puzzle's "
                                 "plays complete exactly one trick, a score puzzle's finish the "
                                 "round. With special cards, also their decisions as actions "
                                 "(`[\"name_suit\", \"B\"]`)"},
        "chance": {"type": "array", "items": dict(_CARDS, **{"x-messages": {"type": _CARD_LIST}}),
                   "x-messages": {"type": "must be a list of outcomes (lists of cards), not "
                                          "{kind}."},
                   "description": "predict and score goals with special cards only: the "
                                  "outcomes of the random picks in the plays, in order (the "
                                  "Tree's card, the Fairy's cards seen, the Shovel's card dug), "
                                  "as saved rounds write them: `[[\"9K\"]]`"},
        "solution": {"type": "array", "minItems": 1, "items": _ANSWER,
                     "x-messages": {"type": "must be a non-empty list of answers.",
                                    "minItems": "must be a non-empty list of answers."},
                     "description": "every right answer; for moves, every move that achieves "
                                    "the goal, up to [equivalent cards](#equivalent-cards)"},
        "wrong": {"type": "array", "items": {
                      "title": "A wrong answer",
                      "type": "object", "required": ["answer", "text"],
                      "additionalProperties": False,
                      "properties": {"answer": _ANSWER,
                                     "text": dict(_TEXT, description="what to say about it")},
                      "x-message": "must be an object with exactly 'answer' and 'text'."},
                  "x-messages": {"type": 'must be a list of {{"answer": ..., "text": ...}} '
                                         "objects."},
                  "description": "words for particular tempting wrong answers; for moves, a "
                                 "bare card (`\"9K\"`) matches every move with that card, and an "
                                 "exact move object beats it"},
    }}
#: The structure of a puzzle file, in JSON Schema: the loader validates every file with it
#: (``schema.validate``) before the checks it cannot express, and docs/puzzles.md shows it
#: (``reference.py``; ``python -m foxlib puzzles schema``).
SCHEMA = {
    "title": "The set",
    "description": "A puzzle file is one set of puzzles, a JSON object.",
    "type": "object",
    "required": ["format", "id", "title", "puzzles"],
    "additionalProperties": False,
    "x-messages": {"type": "a puzzle file is a JSON object with 'format', 'id', 'title' and "
                           "'puzzles', not {kind}.",
                   "additionalProperties": "unknown field; a puzzle set has {names}."},
    "properties": {
        "format": format_field(FORMAT),
        "id": dict(_IDENT, description="letters, digits and dashes"),
        "title": dict(_TEXT, description="shown in the index"),
        "lesson": dict(_TEXT, description="the lesson notebook it practises, without `.ipynb`"),
        "order": {"type": "integer", "default": 99,
                  "x-message": "must be a whole number, not {value!r}.",
                  "description": "its place in the index"},
        "description": dict(_TEXT, description="a sentence about the set"),
        "puzzles": {"type": "array", "minItems": 1, "items": _PUZZLE,
                    "x-messages": {"type": "must be a non-empty list of puzzles.",
                                   "minItems": "must be a non-empty list of puzzles."},
                    "x-missing": "must be a non-empty list of puzzles.",
                    "description": "the puzzles"},
    },
}
SET_FIELDS = set(SCHEMA["properties"])
PUZZLE_FIELDS = set(_PUZZLE["properties"])
POSITION_FIELDS = set(_POSITION["properties"])


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
