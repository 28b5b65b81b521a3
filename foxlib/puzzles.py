"""Trick puzzles: a JSON file format, a loader that reports every problem, goals, checking,
a play-through session for the puzzle player, and a generator.

A puzzle file is one *set* of puzzles (see ``docs/puzzles.md`` for the format and ``SCHEMA``).
The loader never raises on bad content: ``load_file``/``load_text`` return a ``LoadResult`` with
the puzzles that are sound and a ``Problem`` (file, puzzle id, field, reason) for everything else.

Four kinds of puzzle, named by their goal:

- predict: ``who-wins`` / ``who-leads-next`` -- the engine plays the given cards and decides;
- play: ``win-trick``, ``lose-trick``, ``lead-next``, ``take-treasure`` -- one move, judged
  against every reply the opponent may make;
- band: ``band:Victorious`` (or another band) -- reach it by the end of the round against any
  defence; the solver proves it and supplies the opponent's replies;
- score: ``round-points``, ``final-score``, ``game-winner`` -- count the points.

Command line: ``python -m foxlib puzzles check [PATH...]`` and
``python -m foxlib puzzles generate --theme T --count N --seed S [--out FILE]``.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import rules
from .cards import CHARACTERS, DECK, Card, Suit
from .errors import FoxError, json_kind
from .game import DEFAULT_TARGET, game_result
from .round import PLAYERS, Move, Position, Round

FORMAT = "fox-puzzles/1"
DATA_DIR = Path(__file__).parent / "data" / "puzzles"
DECK_SIZE = 6          # the draw deck always holds 6 cards: 7 left after the deal, minus the decree
ROUND_TRICKS = 13
NODE_LIMIT = 2_000_000  # per solver call while checking; reported, never silent

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


# ----------------------------------------------------------------------------- problems

@dataclass(frozen=True)
class Problem:
    """One thing wrong with a puzzle file: where (file, puzzle id, field) and why."""

    file: str
    puzzle: str | None
    field: str
    reason: str

    def __str__(self) -> str:
        where = self.file
        if self.puzzle:
            where += f", puzzle {self.puzzle}"
        if self.field:
            where += f", {self.field}"
        return f"{where}: {self.reason}"


class _Problems:
    """Collects problems for one puzzle (or the file header) so that every one is reported."""

    def __init__(self, file: str, puzzle: str | None, out: list):
        self.file, self.puzzle, self.out = file, puzzle, out
        self.count = 0

    def add(self, where: str, reason: str) -> None:
        reason = reason[0].upper() + reason[1:] if reason else reason
        self.out.append(Problem(self.file, self.puzzle, where, reason))
        self.count += 1


# ----------------------------------------------------------------------------- the puzzle

@dataclass
class Puzzle:
    """A sound puzzle. ``position`` is complete: concealed cards are filled with stand-ins
    (``hidden``) so that the engine can run; the learner never sees them."""

    id: str
    title: str
    set_id: str
    lesson: str
    themes: tuple
    difficulty: int
    you: int
    goal: Goal
    position: Position
    solution: tuple            # Moves, player indexes (0/1), "draw"/"continue", or ints
    hints: tuple
    explanation: str
    prompt: str = ""
    plays: tuple = ()
    right: str = ""
    wrong: tuple = ()          # (answer, text) pairs; a bare-card answer is a Card
    hidden: frozenset = frozenset()   # stand-in cards (concealed hand or deck)
    concealed: tuple = (False, False)  # per player: is the hand shown face down?
    deck_hidden: bool = False
    show_deck: bool = False
    target: int = DEFAULT_TARGET
    file: str = ""
    source: dict = field(default_factory=dict, repr=False)

    @property
    def kind(self) -> str:
        return self.goal.kind

    @property
    def opponent(self) -> int:
        return 1 - self.you

    def names(self) -> tuple:
        """Player names as the engine writes them in its reasons."""
        names = ["", ""]
        names[self.you], names[self.opponent] = "you", "your opponent"
        return tuple(names)

    def question(self) -> str:
        return self.goal.question(self.you, self.target)

    def start(self) -> Round:
        """A fresh round at the puzzle's position (before any given plays)."""
        return Round(_copy_position(self.position), self.names())

    def after_plays(self) -> Round:
        """The round with the puzzle's given plays applied (predict and score kinds)."""
        rnd = self.start()
        for move in self.plays:
            rnd.push(move)
        return rnd

    def to_json(self) -> dict:
        return dict(self.source) if self.source else puzzle_to_json(self)


def _copy_position(pos: Position) -> Position:
    return replace(pos, hands=(list(pos.hands[0]), list(pos.hands[1])), deck=list(pos.deck),
                   trick=list(pos.trick))


@dataclass
class PuzzleSet:
    id: str
    title: str
    lesson: str
    description: str
    order: int
    puzzles: list
    file: str = ""


@dataclass
class LoadResult:
    sets: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    files: list = field(default_factory=list)

    @property
    def puzzles(self) -> list:
        return [p for s in self.sets for p in s.puzzles]

    @property
    def ok(self) -> bool:
        return not self.problems

    def puzzle(self, pid: str) -> Puzzle:
        for p in self.puzzles:
            if p.id == pid:
                return p
        raise KeyError(f"There is no puzzle with the id {pid!r}.")

    def extend(self, other: "LoadResult") -> None:
        self.sets.extend(other.sets)
        self.problems.extend(other.problems)
        self.files.extend(other.files)

    def report(self) -> str:
        return "\n".join(str(p) for p in self.problems)


# ----------------------------------------------------------------------------- loading

def load_text(text: str, file: str = "<text>", known_ids=None) -> LoadResult:
    """Read one puzzle set from JSON text. Never raises for bad content."""
    result = LoadResult(files=[file])
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        result.problems.append(Problem(file, None, f"line {exc.lineno}, column {exc.colno}",
                                       f"The file is not valid JSON: {exc.msg}."))
        return result
    return load_data(data, file, known_ids)


def load_file(path, known_ids=None) -> LoadResult:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return LoadResult([], [Problem(str(path), None, "", f"The file cannot be read: {exc}.")],
                          [str(path)])
    return load_text(text, str(path), known_ids)


def load_paths(paths=None) -> LoadResult:
    """Load files and folders (``*.json`` inside); by default the shipped collection.
    Puzzle ids must be unique across everything loaded."""
    paths = [DATA_DIR] if not paths else [Path(p) for p in paths]
    result, ids = LoadResult(), set()
    for path in paths:
        files = sorted(path.glob("*.json")) if path.is_dir() else [path]
        if path.is_dir() and not files:
            result.problems.append(Problem(str(path), None, "", "The folder holds no .json "
                                           "puzzle files."))
        for f in files:
            result.extend(load_file(f, ids))
    result.sets.sort(key=lambda s: (s.order, s.id))
    return result


def load_collection() -> LoadResult:
    """The shipped puzzle collection."""
    return load_paths()


def load_data(data, file: str = "<data>", known_ids=None) -> LoadResult:
    result = LoadResult(files=[file])
    head = _Problems(file, None, result.problems)
    if not isinstance(data, dict):
        head.add("", f"a puzzle file is a JSON object with 'format', 'id', 'title' and "
                 f"'puzzles', not {json_kind(data)}.")
        return result
    for key in sorted(set(data) - SET_FIELDS):
        head.add(key, f"unknown field; a puzzle set has {_names(SET_FIELDS)}.")
    if data.get("format") != FORMAT:
        head.add("format", f"write \"format\": \"{FORMAT}\" (found {data.get('format')!r}).")
    set_id = _text(data, "id", head, required=True, ident=True) or "?"
    title = _text(data, "title", head, required=True) or set_id
    lesson = _text(data, "lesson", head) or ""
    description = _text(data, "description", head) or ""
    order = data.get("order", 99)
    if not isinstance(order, int) or isinstance(order, bool):
        head.add("order", f"must be a whole number, not {order!r}.")
        order = 99
    puzzles = data.get("puzzles")
    if not isinstance(puzzles, list) or not puzzles:
        head.add("puzzles", "must be a non-empty list of puzzles.")
        puzzles = []
    ids = known_ids if known_ids is not None else set()
    sound = []
    for i, obj in enumerate(puzzles):
        pid = obj.get("id") if isinstance(obj, dict) and isinstance(obj.get("id"), str) \
            else f"#{i + 1}"
        probs = _Problems(file, pid, result.problems)
        if pid in ids:
            probs.add("id", f"the id '{pid}' is already used by another puzzle.")
        ids.add(pid)
        puzzle = _load_puzzle(obj, probs, set_id, lesson, file)
        if puzzle is not None and probs.count == 0:
            sound.append(puzzle)
    result.sets.append(PuzzleSet(set_id, title, lesson, description, order, sound, file))
    return result


def _names(keys) -> str:
    keys = sorted(keys)
    return ", ".join(keys[:-1]) + " and " + keys[-1]


def _text(obj, key, probs, required=False, ident=False):
    if key not in obj:
        if required:
            probs.add(key, "this field is missing.")
        return None
    value = obj[key]
    if not isinstance(value, str) or not value.strip():
        probs.add(key, f"must be a non-empty text, not {value!r}.")
        return None
    if ident and not all(c.isascii() and (c.isalnum() or c == "-") for c in value):
        probs.add(key, f"'{value}' may use only letters, digits and dashes.")
        return None
    return value.strip()


def _load_puzzle(obj, probs: _Problems, set_id: str, set_lesson: str, file: str):
    if not isinstance(obj, dict):
        probs.add("", f"a puzzle is a JSON object, not {json_kind(obj)}.")
        return None
    for key in sorted(set(obj) - PUZZLE_FIELDS):
        probs.add(key, f"unknown field; a puzzle has {_names(PUZZLE_FIELDS)}.")
    pid = _text(obj, "id", probs, required=True, ident=True)
    title = _text(obj, "title", probs, required=True)
    lesson = _text(obj, "lesson", probs) or set_lesson
    themes = _themes(obj.get("themes", []), probs)
    difficulty = obj.get("difficulty")
    if difficulty not in (1, 2, 3) or isinstance(difficulty, bool):
        probs.add("difficulty", f"must be 1, 2 or 3 (easy, medium, hard), not {difficulty!r}.")
    you = obj.get("you", "A")
    if you not in PLAYERS:
        probs.add("you", f"must be 'A' or 'B' (the learner's seat), not {you!r}.")
        you = "A"
    you = PLAYERS.index(you)
    goal = None
    if "goal" not in obj:
        probs.add("goal", "this field is missing.")
    else:
        try:
            goal = parse_goal(obj["goal"], you)
        except FoxError as exc:
            probs.add("goal", f"the goal does not parse: {exc}")
    target = obj.get("target", DEFAULT_TARGET)
    if not isinstance(target, int) or isinstance(target, bool) or target < 1:
        probs.add("target", f"must be a whole number of at least 1, not {target!r}.")
        target = DEFAULT_TARGET
    hints = _texts(obj, "hints", probs)
    explanation = _text(obj, "explanation", probs, required=True)
    prompt = _text(obj, "prompt", probs) or ""
    right = _text(obj, "right", probs) or ""
    show_deck = obj.get("show_deck")
    if show_deck is not None and not isinstance(show_deck, bool):
        probs.add("show_deck", f"must be true or false, not {show_deck!r}.")
    built = _position(obj.get("position"), probs, goal, you) if "position" in obj else None
    if "position" not in obj:
        probs.add("position", "this field is missing.")
    if goal is None or built is None or probs.count:
        # Answers cannot be judged without a sound goal and position, but their syntax can.
        _answers_syntax(obj, probs)
        return None
    avoid = (set(), set())
    for _ in range(4):
        # A concealed hand gets stand-in cards; when a given play shows that its owner had no
        # card of the led suit, rebuild the stand-ins without that suit.
        pos, hidden, concealed, deck_hidden = built
        puzzle = Puzzle(pid, title, set_id, lesson, themes, difficulty, you, goal, pos, (),
                        hints, explanation, prompt, (), right, (), hidden, concealed,
                        deck_hidden, False, target, file, obj)
        puzzle.show_deck = show_deck if isinstance(show_deck, bool) else (
            not deck_hidden and any(c.rank == rules.WOODCUTTER for c in pos.hands[you]))
        scratch = _Problems(probs.file, probs.puzzle, [])
        void = _plays(obj, puzzle, scratch)
        if not scratch.count or void is None or void[1] in avoid[void[0]]:
            break
        avoid[void[0]].add(void[1])
        built = _position(obj.get("position"), scratch, goal, you, avoid) or built
    for problem in scratch.out:
        probs.add(problem.field, problem.reason)
    if probs.count:
        return None
    _check_theme_cards(puzzle, probs)
    puzzle.solution = _answers(obj.get("solution"), "solution", puzzle, probs, required=True)
    puzzle.wrong = _wrong(obj.get("wrong", []), puzzle, probs)
    return puzzle


def _themes(value, probs) -> tuple:
    if not isinstance(value, list):
        probs.add("themes", f"must be a list of tags, not {json_kind(value)}.")
        return ()
    out = []
    for i, tag in enumerate(value):
        if not isinstance(tag, str) or tag not in TAGS:
            probs.add(f"themes[{i}]", f"unknown tag {tag!r}; the tags are {', '.join(TAGS)}.")
        else:
            out.append(tag)
    return tuple(out)


def _texts(obj, key, probs) -> tuple:
    value = obj.get(key)
    if value is None:
        probs.add(key, "this field is missing: give at least one.")
        return ()
    if not isinstance(value, list) or not value:
        probs.add(key, "must be a non-empty list of texts.")
        return ()
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            probs.add(f"{key}[{i}]", f"must be a non-empty text, not {item!r}.")
        else:
            out.append(item.strip())
    return tuple(out)


# ----------------------------------------------------------------------------- positions

def _card(value, where, probs):
    try:
        return Card(value)
    except FoxError as exc:
        probs.add(where, f"unknown card: {exc}")
        return None


def _cards(value, where, probs) -> list | None:
    if isinstance(value, str):
        probs.add(where, f"must be a list of cards like [\"9M\", \"2B\"], not the text {value!r}.")
        return None
    if not isinstance(value, list):
        probs.add(where, f"must be a list of cards, not {json_kind(value)}.")
        return None
    cards = [_card(v, f"{where}[{i}]", probs) for i, v in enumerate(value)]
    return [c for c in cards if c is not None]     # the bad ones are reported already


def _pair(pos, key, probs):
    value = pos.get(key, {"A": 0, "B": 0})
    where = f"position.{key}"
    if not isinstance(value, dict):
        probs.add(where, f'must be an object like {{"A": 2, "B": 3}}, not {json_kind(value)}.')
        return None
    out = []
    for k in sorted(set(value) - set(PLAYERS)):
        probs.add(f"{where}.{k}", "unknown player; use A and B.")
    for p in PLAYERS:
        v = value.get(p, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            probs.add(f"{where}.{p}", f"must be a whole number of at least 0, not {v!r}.")
            return None
        out.append(v)
    return tuple(out)


def _hand(value, where, probs):
    """(cards, hidden count) of a hand: a list, or {"cards": [...], "hidden": N}."""
    if isinstance(value, dict):
        for k in sorted(set(value) - {"cards", "hidden"}):
            probs.add(f"{where}.{k}", "unknown field; a concealed hand has 'cards' and "
                      "'hidden'.")
        hidden = value.get("hidden")
        if not isinstance(hidden, int) or isinstance(hidden, bool) or hidden < 0:
            probs.add(f"{where}.hidden", f"must be the number of face-down cards, not "
                      f"{hidden!r}.")
            return None
        cards = _cards(value.get("cards", []), f"{where}.cards", probs)
        return None if cards is None else (cards, hidden)
    cards = _cards(value, where, probs)
    return None if cards is None else (cards, None)


def _position(pos, probs, goal, you, avoid=((), ())):
    """Parse and check a position; returns (Position, stand-ins, concealed, deck_hidden).
    ``avoid``: per player, suits that player's concealed stand-in cards must not have."""
    if not isinstance(pos, dict):
        probs.add("position", f"must be an object, not {json_kind(pos)}.")
        return None
    start = probs.count
    for key in sorted(set(pos) - POSITION_FIELDS):
        probs.add(f"position.{key}", f"unknown field; a position has {_names(POSITION_FIELDS)}.")
    for key in ("decree", "leader", "hands"):
        if key not in pos:
            probs.add(f"position.{key}", "this field is missing.")
    decree = _card(pos["decree"], "position.decree", probs) if "decree" in pos else None
    leader = pos.get("leader")
    if "leader" in pos and leader not in PLAYERS:
        probs.add("position.leader", f"must be 'A' or 'B' (who leads this trick), not "
                  f"{leader!r}.")
    hands = [None, None]
    if isinstance(pos.get("hands"), dict):
        for k in sorted(set(pos["hands"]) - set(PLAYERS)):
            probs.add(f"position.hands.{k}", "unknown player; the hands are A and B.")
        for i, p in enumerate(PLAYERS):
            if p not in pos["hands"]:
                probs.add(f"position.hands.{p}", "this hand is missing (use [] for none).")
            else:
                hands[i] = _hand(pos["hands"][p], f"position.hands.{p}", probs)
    elif "hands" in pos:
        probs.add("position.hands", 'must be an object {"A": [cards], "B": [cards]}.')
    deck, deck_hidden = _deck(pos, probs)
    trick = _cards(pos.get("trick", []), "position.trick", probs)
    tricks_won = _pair(pos, "tricks_won", probs)
    score = _pair(pos, "score", probs)
    gain = _pair(pos, "round_gain", probs)
    listed = [("decree", [decree] if decree else []), ("trick", trick or []),
              ("hands.A", hands[0][0] if hands[0] else []),
              ("hands.B", hands[1][0] if hands[1] else []), ("deck", deck or [])]
    _no_duplicates(listed, probs)      # reported even when other fields are bad
    if probs.count > start:
        return None
    leader = PLAYERS.index(leader)
    counts = [len(hands[i][0]) + (hands[i][1] or 0) for i in (0, 1)]
    if not _consistent(pos, probs, leader, trick, counts, tricks_won, score, gain, listed,
                       deck_hidden, goal, you, hands):
        return None
    # Stand-ins for concealed cards: unlisted cards, which the learner never sees.
    used = {c for _, cards in listed for c in cards}
    spare = [c for c in DECK if c not in used]
    need = sum(h[1] or 0 for h in hands) + (DECK_SIZE if deck_hidden else 0)
    if need > len(spare):
        probs.add("position", f"impossible position: {need} concealed cards are needed but only "
                  f"{len(spare)} cards are not listed.")
        return None
    # Take stand-ins from plain even ranks first, so that a concealed card never hides an
    # ability that could surprise the engine.
    spare.sort(key=lambda c: (c.rank % 2, c.index))
    stand_ins = set()
    full = []
    for i in (0, 1):
        fits = [c for c in spare if c.suit not in avoid[i]] + \
            [c for c in spare if c.suit in avoid[i]]
        extra = fits[:hands[i][1] or 0]
        spare = [c for c in spare if c not in extra]
        stand_ins.update(extra)
        full.append(sorted(hands[i][0] + extra))
    if deck_hidden:
        deck = spare[:DECK_SIZE]
        stand_ins.update(deck)
    stand_ins = frozenset(stand_ins)
    position = Position(decree, tuple(full), leader, list(deck), list(trick), tricks_won,
                        tuple(s for s in score), gain)
    try:
        position.validate("position")
    except FoxError as exc:     # a guard: the checks above should have caught everything
        probs.add("position", f"impossible position: {exc}")
        return None
    concealed = tuple(hands[i][1] is not None for i in (0, 1))
    return position, stand_ins, concealed, deck_hidden


def _deck(pos, probs):
    if "deck" not in pos:
        return None, True
    value = pos["deck"]
    if isinstance(value, dict):
        if set(value) != {"hidden"} or value["hidden"] != DECK_SIZE:
            probs.add("position.deck", f'a concealed deck is written {{"hidden": {DECK_SIZE}}}: '
                      f"the deck always holds {DECK_SIZE} cards.")
        return None, True
    cards = _cards(value, "position.deck", probs)
    if cards is not None and len(cards) != DECK_SIZE:
        probs.add("position.deck", f"impossible position: the draw deck always holds "
                  f"{DECK_SIZE} cards (7 are left after the deal, one of them is the decree, and "
                  f"the Woodcutter puts back a card for the one it draws), not {len(cards)}.")
    return cards, False


def _no_duplicates(listed, probs) -> bool:
    seen, ok = {}, True
    for place, cards in listed:
        for i, card in enumerate(cards):
            here = f"position.{place}" + ("" if place == "decree" else f"[{i}]")
            if card in seen:
                probs.add(here, f"duplicate card: the {card.name()} ({card}) is already in "
                          f"{seen[card]}; each card exists once.")
                ok = False
            else:
                seen[card] = f"position.{place}"
    return ok


def _consistent(pos, probs, leader, trick, counts, tricks_won, score, gain, listed,
                deck_hidden, goal, you, hands) -> bool:
    start = probs.count
    bad = "impossible position: "
    if len(trick) > 1:
        probs.add("position.trick", bad + "a trick in progress holds only the led card; the "
                  "second card ends the trick (put it in 'plays' instead).")
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
    in_play = [c for _, cards in listed for c in cards]
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


def _plays(obj, puzzle: Puzzle, probs):
    """Parse 'plays', apply them with the engine, and check they suit the goal. When a play by
    a concealed hand is refused because a stand-in card of the led suit must be followed,
    returns (player, suit) so that the stand-ins can be chosen again."""
    value = obj.get("plays", [])
    kind = puzzle.kind
    if not isinstance(value, list):
        probs.add("plays", f"must be a list of plays, not {json_kind(value)}.")
        return
    if value and kind in (PLAY, BAND):
        probs.add("plays", f"a {puzzle.goal.name} puzzle starts where the learner plays: put "
                  "the cards already played in the position instead.")
        return
    rnd = puzzle.start()
    moves, tricks_before = [], 0
    for i, item in enumerate(value):
        where = f"plays[{i}]"
        try:
            move = Move.from_json(item, where)
        except FoxError as exc:
            probs.add(where, f"the play does not parse: {exc}")
            return
        if rnd.is_over:
            probs.add(where, "the round is already over, so no more cards can be played.")
            return
        if move.card.rank == rules.WOODCUTTER and puzzle.deck_hidden:
            probs.add(where, "a Woodcutter draws the top card of the deck: list the deck.")
            return
        if move.card in puzzle.hidden or move.exchange in puzzle.hidden or \
                move.discard in puzzle.hidden:
            probs.add(where, f"the {move.card} is not among the listed cards.")
            return
        tricks_before = len(rnd.tricks)
        try:
            rnd.push(move)
        except FoxError as exc:
            probs.add(where, f"illegal play: {exc}")
            p = rnd.to_play
            if rnd.trick and puzzle.concealed[p] and \
                    any(c in puzzle.hidden and c.suit == rnd.trick[0].suit for c in rnd.hands[p]):
                return p, rnd.trick[0].suit
            return None
        moves.append(move)
    puzzle.plays = tuple(moves)
    if kind == PREDICT and (not moves or len(rnd.tricks) != tricks_before + 1 or
                            len(rnd.tricks) - len(puzzle.start().tricks) != 1):
        probs.add("plays", "a predict puzzle gives the plays of exactly one trick: the last "
                  "play must be the card that completes the trick being asked about.")
    if kind == SCORE and not rnd.is_over:
        probs.add("plays", "a score puzzle asks about the end of the round: the position and "
                  "its plays must finish all 13 tricks.")


def _check_theme_cards(puzzle: Puzzle, probs) -> None:
    """A puzzle tagged with a character must show that character somewhere."""
    pos = puzzle.position
    seen = {c for c in [pos.decree, *pos.trick, *pos.hands[0], *pos.hands[1]]
            if c not in puzzle.hidden}
    seen |= {c for m in puzzle.plays for c in (m.card, m.exchange, m.discard) if c}
    if puzzle.show_deck:
        seen |= set(pos.deck)
    ranks = {c.rank for c in seen}
    for i, tag in enumerate(puzzle.themes):
        rank = CHARACTER_TAGS.get(tag)
        if rank is not None and rank not in ranks:
            probs.add(f"themes[{i}]", f"the puzzle is tagged '{tag}' but no {tag.title()} "
                      f"({rank}) is in sight.")


# ----------------------------------------------------------------------------- answers

def _answer(value, where, puzzle: Puzzle, probs, bare_ok=False):
    """One answer, converted for the puzzle's kind (a Move, a player, 'draw'/'continue', an int).
    With ``bare_ok`` a plain card stands for every move with that card (returns the Card)."""
    kind, goal = puzzle.kind, puzzle.goal
    if kind == PREDICT or goal.name == "game-winner":
        allowed = PLAYER_ANSWERS if kind == PREDICT else GAME_ANSWERS
        if value not in allowed:
            probs.add(where, f"the answer to '{goal.name}' is one of {', '.join(allowed)}, not "
                      f"{value!r}.")
            return None
        return PLAYERS.index(value) if value in PLAYERS else value
    if kind == SCORE:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            probs.add(where, f"the answer to '{goal.name}' is a number of points, not {value!r}.")
            return None
        return value
    try:
        move = Move.from_json(value, where)
    except FoxError as exc:
        probs.add(where, f"the move does not parse: {exc}")
        return None
    rnd = puzzle.start()
    if bare_ok and isinstance(value, str):
        if not rnd.can_play(move.card):
            probs.add(where, f"illegal play: {_why_not(rnd, move.card)}")
            return None
        return move.card
    try:
        rnd.verify_move(move)
    except FoxError as exc:
        probs.add(where, f"illegal play: {exc}")
        return None
    return move


def _why_not(rnd: Round, card) -> str:
    try:
        rnd.verify_play(card)
    except FoxError as exc:
        return str(exc)
    return ""


def _answers(value, key, puzzle, probs, required=False) -> tuple:
    if value is None:
        if required:
            probs.add(key, "this field is missing.")
        return ()
    if not isinstance(value, list) or (required and not value):
        probs.add(key, "must be a non-empty list of answers.")
        return ()
    out = []
    for i, item in enumerate(value):
        answer = _answer(item, f"{key}[{i}]", puzzle, probs)
        if answer is not None:
            if answer in out:
                probs.add(f"{key}[{i}]", f"{_answer_text(answer, puzzle)} is listed twice.")
            out.append(answer)
    return tuple(out)


def _wrong(value, puzzle, probs) -> tuple:
    if not isinstance(value, list):
        probs.add("wrong", "must be a list of {\"answer\": ..., \"text\": ...} objects.")
        return ()
    out = []
    for i, item in enumerate(value):
        where = f"wrong[{i}]"
        if not isinstance(item, dict) or set(item) != {"answer", "text"}:
            probs.add(where, "must be an object with exactly 'answer' and 'text'.")
            continue
        text = item["text"]
        if not isinstance(text, str) or not text.strip():
            probs.add(f"{where}.text", "must be a non-empty text.")
            continue
        answer = _answer(item["answer"], f"{where}.answer", puzzle, probs, bare_ok=True)
        if answer is not None:
            out.append((answer, text.strip()))
    return tuple(out)


def _answers_syntax(obj, probs) -> None:
    for key in ("solution",):
        if key not in obj:
            probs.add(key, "this field is missing.")
        elif not isinstance(obj[key], list) or not obj[key]:
            probs.add(key, "must be a non-empty list of answers.")


def _answer_text(answer, puzzle: Puzzle | None = None) -> str:
    if isinstance(answer, Move):
        return move_text(answer)
    if isinstance(answer, Card):
        return f"the {answer.name()} ({answer})"
    if answer in (0, 1) and puzzle is not None and puzzle.goal.name != "round-points" and \
            puzzle.goal.name != "final-score":
        return "you" if answer == puzzle.you else "your opponent"
    return {"draw": "a draw", "continue": "another round"}.get(answer, str(answer))


def move_text(move: Move) -> str:
    """'the 3 of Bells (3B), swapping in the 8 of Moons as the decree card'."""
    text = f"the {move.card.name()} ({move.card})"
    if move.card.rank == rules.FOX and move.exchange is None:
        return text
    if move.exchange is not None:
        return text + f", taking the decree card for the {move.exchange.name()}"
    if move.discard is not None:
        return text + f", putting the {move.discard.name()} under the deck"
    return text


def move_key(move: Move) -> str:
    """The compact notation of a move, as in the files: 9M, 3B>8M (Fox), 5K_2B (Woodcutter)."""
    if move.exchange is not None:
        return f"{move.card}>{move.exchange}"
    if move.discard is not None:
        return f"{move.card}_{move.discard}"
    return str(move.card)


def parse_move_key(text: str) -> Move:
    if ">" in text:
        card, ex = text.split(">", 1)
        return Move(Card(card), exchange=Card(ex))
    if "_" in text:
        card, dis = text.split("_", 1)
        return Move(Card(card), discard=Card(dis))
    return Move(Card(text))


# ----------------------------------------------------------------------------- equivalent cards

def live_cards(rnd: Round, puzzle: Puzzle | None = None) -> set:
    """Cards that can still meet in a trick or change hands: both hands, the trick, the decree
    (a Fox can take it) and the deck (a Woodcutter can draw it; stand-ins for a concealed deck
    count only if someone holds a Woodcutter)."""
    live = set(rnd.hands[0]) | set(rnd.hands[1]) | set(rnd.trick) | {rnd.decree}
    woodcutters = any(c.rank == rules.WOODCUTTER for c in live)
    if not (puzzle and puzzle.deck_hidden) or woodcutters:
        live |= set(rnd.deck)
    return live


def equivalent_cards(a: Card, b: Card, live) -> bool:
    """Two cards are equivalent when swapping them cannot change anything: the same suit, both
    plain even ranks (no ability), and no card still in play ranks between them, counting a
    Witch of another suit as a 9 (it may count as a trump 9)."""
    if a is b:
        return True
    if a is None or b is None or a.suit != b.suit or a.rank % 2 or b.rank % 2:
        return False
    low, high = sorted((a.rank, b.rank))
    # A lone Witch of another suit counts as a trump 9, so when this suit is (or may become)
    # trump it ranks between an 8 and a 10 of the suit.
    return not any(low < c.rank < high and (c.suit == a.suit or c.rank == rules.WITCH)
                   for c in live)


def equivalent_moves(m1: Move, m2: Move, live) -> bool:
    return (equivalent_cards(m1.card, m2.card, live) and
            (m1.exchange is m2.exchange or equivalent_cards(m1.exchange, m2.exchange, live)) and
            (m1.discard is m2.discard or equivalent_cards(m1.discard, m2.discard, live)))


def equivalence_note(a: Move, b: Move, live) -> str:
    """Why two moves are equivalent, in words, for the check report."""
    pairs = [(a.card, b.card), (a.exchange, b.exchange), (a.discard, b.discard)]
    parts = []
    for x, y in pairs:
        if x is not None and y is not None and x is not y:
            low, high = sorted((x, y), key=lambda c: c.rank)
            gap = [c for c in DECK if low.rank < c.rank < high.rank and
                   (c.suit == x.suit or c.rank == rules.WITCH)]
            why = (f"{x} and {y} are both plain cards of one suit with "
                   + ("no card between them" if not gap else
                      "every card between them (" + ", ".join(map(str, gap)) + ") out of play"))
            parts.append(why)
    return "; ".join(parts)


# ----------------------------------------------------------------------------- judging moves

@dataclass
class Verdict:
    """Does ``move`` achieve the goal against any defence? With the engine's or solver's words."""

    move: Move
    works: bool
    explanation: str
    refutation: Move | None = None       # an opponent reply that defeats it (trick goals)
    outcome: object = None                # the deciding TrickRecord (trick goals)


@dataclass
class GoalAnalysis:
    verdicts: list
    nodes: int = 0
    seconds: float = 0.0
    complete: bool = True
    method: str = "engine"
    disagreements: list = field(default_factory=list)   # engine vs solver, if both were asked

    @property
    def winning(self) -> list:
        return [v.move for v in self.verdicts if v.works]

    def verdict(self, move: Move) -> Verdict:
        for v in self.verdicts:
            if v.move == move:
                return v
        raise KeyError(f"{move} is not a legal move here.")


TRICK_GOALS = ("win-trick", "lose-trick", "lead-next", "take-treasure")


def _trick_goal_met(name: str, rec, you: int) -> bool:
    if name == "win-trick":
        return rec.winner == you
    if name == "lose-trick":
        return rec.winner != you
    if name == "lead-next":
        return rec.next_leader == you
    return rec.winner == you and rec.treasure > 0        # take-treasure


def trick_outcomes(rnd: Round, move: Move) -> list:
    """(reply, TrickRecord) for every way the current trick can end after ``move``: one entry if
    the move completes the trick, else one per legal reply (each Fox exchange included)."""
    done = len(rnd.tricks)
    rnd.push(move)
    try:
        if len(rnd.tricks) > done:
            return [(None, rnd.tricks[-1])]
        out = []
        for reply in rnd.legal_moves():
            rnd.push(reply)
            out.append((reply, rnd.tricks[-1]))
            rnd.pop()
        return out
    finally:
        rnd.pop()


def judge_trick_goal(rnd: Round, name: str, you: int) -> GoalAnalysis:
    """Judge every legal move against a goal decided within the current trick, by trying every
    reply the opponent may make (the trick has two cards, so that is all there is to it)."""
    start = time.perf_counter()
    verdicts = []
    for move in rnd.legal_moves():
        outcomes = trick_outcomes(rnd, move)
        bad = [(r, rec) for r, rec in outcomes if not _trick_goal_met(name, rec, you)]
        if bad:
            reply, rec = bad[0]
            verdicts.append(Verdict(move, False, rec.reason, reply, rec))
        else:
            verdicts.append(Verdict(move, True, outcomes[0][1].reason, None, outcomes[0][1]))
    return GoalAnalysis(verdicts, len(verdicts), time.perf_counter() - start, True, "engine")


def _solver():
    try:
        from . import solver
    except ImportError as exc:          # the solver is a separate module of foxlib
        raise FoxError(f"The solver (foxlib.solver) is not available: {exc}.") from None
    return solver


def solver_objective(goal: Goal):
    solver = _solver()
    if goal.name == "band":
        return solver.Band(goal.player, goal.band)
    if goal.name in ("win-trick", "lose-trick"):
        return solver.TrickGoal(goal.player, win=goal.name == "win-trick")
    raise FoxError(f"The goal '{goal}' is not one the solver proves.")


def solve_goal(rnd: Round, goal: Goal, node_limit=NODE_LIMIT, time_limit=None) -> GoalAnalysis:
    """The solver's verdict on every legal move of the player to play, for a goal of
    ``goal.player``: ``works`` means that after the move the goal's player can force the goal.

    The solver is only ever asked from the goal player's side ("does this move secure the
    goal?"); an opponent's move is judged by asking that question in the positions it leads to.
    """
    if rnd.to_play == goal.player:
        solver = _solver()
        analysis = solver.solve(rnd, solver_objective(goal), node_limit=node_limit,
                                time_limit=time_limit)
        verdicts = [Verdict(mv.move, mv.value >= 1, mv.explanation) for mv in analysis.moves]
        return GoalAnalysis(verdicts, analysis.nodes, analysis.seconds, analysis.complete,
                            "solver")
    start = time.perf_counter()
    total = GoalAnalysis([], method="solver")
    for move in rnd.legal_moves():
        rnd.push(move)
        try:
            ok = _reachable(rnd, goal, total, node_limit)
        finally:
            rnd.pop()
        what = goal.band or goal.spec.summary
        text = (f"{_cap(move_text(move))} still lets you force {what}." if ok else
                f"{_cap(move_text(move))} stops you from forcing {what}.")
        total.verdicts.append(Verdict(move, ok, text))
    total.seconds = time.perf_counter() - start
    return total


def _reachable(rnd: Round, goal: Goal, total: GoalAnalysis, node_limit) -> bool:
    """Can ``goal.player`` still force the goal from here? (adds the solver's work to total)"""
    if rnd.is_over:
        return goal.band is not None and rules.band(rnd.tricks_won[goal.player]) == goal.band
    if rnd.to_play == goal.player:
        sub = solve_goal(rnd, goal, node_limit)
        total.nodes += sub.nodes
        total.complete &= sub.complete
        return any(v.works for v in sub.verdicts)
    for move in rnd.legal_moves():
        rnd.push(move)
        try:
            if not _reachable(rnd, goal, total, node_limit):
                return False
        finally:
            rnd.pop()
    return True


def analyse(puzzle: Puzzle, rnd: Round | None = None, node_limit=NODE_LIMIT,
            time_limit=None) -> GoalAnalysis:
    """Judge every legal move of the learner for a play or band puzzle.

    Trick goals are decided by the engine over every reply; win-trick and lose-trick are also
    proved by the solver and the two must agree. Band goals are the solver's."""
    rnd = rnd or puzzle.start()
    goal = puzzle.goal
    if goal.kind == BAND:
        return solve_goal(rnd, goal, node_limit, time_limit)
    engine = judge_trick_goal(rnd, goal.name, puzzle.you)
    if goal.name in ("win-trick", "lose-trick"):
        proof = solve_goal(rnd, goal, node_limit, time_limit)
        engine.nodes, engine.seconds = proof.nodes, engine.seconds + proof.seconds
        engine.complete, engine.method = proof.complete, "solver"
        said = {move_key(v.move): v.works for v in proof.verdicts}
        for v in engine.verdicts:
            if said.get(move_key(v.move)) != v.works:
                engine.disagreements.append(
                    f"{move_key(v.move)}: the engine says {'it works' if v.works else 'it fails'}"
                    f", the solver says {said.get(move_key(v.move))}")
    return engine


def truth(puzzle: Puzzle):
    """The answer of a predict or score puzzle, computed by the engine, with its reason."""
    rnd = puzzle.after_plays()
    name = puzzle.goal.name
    if name in ("who-wins", "who-leads-next"):
        rec = rnd.tricks[-1]
        return (rec.winner if name == "who-wins" else rec.next_leader), rec.reason
    end = rnd.round_end
    p = puzzle.goal.player
    # The round's end reason already adds each player's Treasure to the points for tricks.
    if name == "round-points":
        return rnd.round_gain[p], end.reason
    if name == "final-score":
        who = rnd.name(p)
        return rnd.score[p], (
            f"{end.reason} {rules.sentence(who)} had {rnd.score[p] - rnd.round_gain[p]} points "
            f"before this round, so {rules.possessive(who)} score is now {rnd.score[p]}.")
    over, winner, why = game_result(rnd.score, rnd.round_gain, puzzle.target, rnd.names)
    return (winner if over else "continue"), why


# ----------------------------------------------------------------------------- checking

@dataclass
class CheckResult:
    puzzle: Puzzle
    ok: bool
    line: str                  # the report line
    details: list = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def closure(moves, candidates, live) -> list:
    """The candidates equivalent to at least one of ``moves``."""
    return [c for c in candidates if any(equivalent_moves(c, m, live) for m in moves)]


def check_puzzle(puzzle: Puzzle, node_limit=NODE_LIMIT) -> CheckResult:
    """Prove a puzzle: for moves, its solutions must be exactly the moves that achieve the goal
    against any defence, up to equivalent cards, and there must be at least one; for predict and
    score puzzles the engine computes the one answer."""
    start = time.perf_counter()
    try:
        if puzzle.kind in (PREDICT, SCORE):
            result = _check_answer(puzzle)
        else:
            result = _check_moves(puzzle, node_limit)
    except FoxError as exc:
        result = CheckResult(puzzle, False, f"cannot be checked: {exc}")
    result.seconds = time.perf_counter() - start
    return result


def _check_answer(puzzle: Puzzle) -> CheckResult:
    answer, reason = truth(puzzle)
    shown = _answer_text(answer, puzzle)
    if list(puzzle.solution) != [answer]:
        given = ", ".join(_answer_text(a, puzzle) for a in puzzle.solution)
        return CheckResult(puzzle, False, f"the solution says {given}, but the engine says "
                           f"{shown}: {reason}")
    bad = [a for a, _ in puzzle.wrong if a == answer]
    if bad:
        return CheckResult(puzzle, False, f"a 'wrong' text is attached to the right answer "
                           f"{shown}.")
    return CheckResult(puzzle, True, f"answer {shown} (engine)")


def _check_moves(puzzle: Puzzle, node_limit) -> CheckResult:
    rnd = puzzle.start()
    analysis = analyse(puzzle, rnd, node_limit)
    if not analysis.complete:
        return CheckResult(puzzle, False, f"the solver stopped at its limit of {node_limit:,} "
                           "nodes without a complete answer.", nodes=analysis.nodes)
    if analysis.disagreements:
        return CheckResult(puzzle, False, "the engine and the solver disagree: " +
                           "; ".join(analysis.disagreements), nodes=analysis.nodes)
    live = live_cards(rnd, puzzle)
    winning = analysis.winning
    listed = list(puzzle.solution)
    problems = []
    if not winning:
        problems.append("no move achieves the goal against every defence")
    for move in listed:
        if move not in winning:
            v = analysis.verdict(move)
            problems.append(f"{move_key(move)} is listed but fails: {v.explanation}")
    missing = [m for m in winning if m not in closure(listed, winning, live)]
    for move in missing:
        problems.append(f"{move_key(move)} also achieves the goal but is not listed (nor "
                        "equivalent to a listed move)")
    for answer, _ in puzzle.wrong:
        moves = [answer] if isinstance(answer, Move) else \
            [m for m in analysis.verdicts if m.move.card is answer]
        moves = [m.move if isinstance(m, Verdict) else m for m in moves]
        if moves and all(m in winning for m in moves):
            problems.append(f"a 'wrong' text is attached to {_answer_text(answer)}, which "
                            "achieves the goal")
    for v in analysis.verdicts:      # a sound equivalence never splits moves of unequal value
        for w in analysis.verdicts:
            if v.works != w.works and equivalent_moves(v.move, w.move, live):
                problems.append(f"internal: {move_key(v.move)} and {move_key(w.move)} are "
                                "equivalent but judged differently")
    if problems:
        return CheckResult(puzzle, False, "; ".join(problems), nodes=analysis.nodes)
    extra = [m for m in winning if m not in listed]
    notes = []
    for m in extra:
        twin = next(s for s in listed if equivalent_moves(m, s, live))
        notes.append(f"{move_key(m)} ~ {move_key(twin)}: {equivalence_note(m, twin, live)}")
    text = "solution " + ", ".join(move_key(m) for m in listed)
    text += (f" (solver, {analysis.nodes:,} nodes)" if analysis.method == "solver" else
             " (engine: every reply tried)")
    if notes:
        text += "; equivalent: " + "; ".join(notes)
    wrong = len(analysis.verdicts) - len(winning)
    text += f"; {wrong} wrong move{'s' if wrong != 1 else ''}"
    return CheckResult(puzzle, True, text, nodes=analysis.nodes)


def check_paths(paths=None, out=None, node_limit=NODE_LIMIT) -> int:
    """Load and prove puzzles; print one line per puzzle and a summary. Returns failures."""
    out = out or sys.stdout
    loaded = load_paths(paths)
    failures = 0
    for problem in loaded.problems:
        print(f"ERROR {problem}", file=out)
        failures += 1
    checked = 0
    for pset in loaded.sets:
        for puzzle in pset.puzzles:
            result = check_puzzle(puzzle, node_limit)
            checked += 1
            status = "ok  " if result.ok else "FAIL"
            failures += not result.ok
            print(f"{status} {Path(puzzle.file).name}: {puzzle.id} [{puzzle.goal}] "
                  f"{result.line} [{result.seconds:.2f} s]", file=out)
    bad_files = len({p.file for p in loaded.problems})
    print(f"{checked} puzzle{'s' if checked != 1 else ''} checked in "
          f"{len(loaded.files)} file{'s' if len(loaded.files) != 1 else ''}: "
          f"{checked - (failures - len(loaded.problems))} proved, "
          f"{failures - len(loaded.problems)} failed, {len(loaded.problems)} load "
          f"problem{'s' if len(loaded.problems) != 1 else ''}"
          + (f" in {bad_files} file{'s' if bad_files != 1 else ''}" if bad_files else "") + ".",
          file=out)
    return failures


# ----------------------------------------------------------------------------- playing a puzzle

@dataclass
class Feedback:
    """What the player shows after an answer: status is right, wrong, going (a right move in a
    longer puzzle), shown (the solution) or refused (not a legal choice)."""

    status: str
    title: str
    lines: list
    done: bool = False


class PuzzleSession:
    """One learner's attempt at a puzzle. Standard library only: the widget is a view of this.

    ``answer(value)`` for predict and score puzzles, ``play(move)`` for play and band puzzles
    (the opponent's replies are played at once: for a wrong move, a reply that defeats it; for a
    right one, the opponent's best move by points), ``hint()``, ``solution()``, ``reset()``.
    """

    def __init__(self, puzzle: Puzzle, node_limit=NODE_LIMIT):
        self.puzzle = puzzle
        self.node_limit = node_limit
        self.hints_shown = 0
        self.solved = False           # ever solved without seeing the solution first
        self.solution_seen = False    # Show solution was used (kept across retries)
        self.reset()

    # -- state
    def reset(self) -> None:
        p = self.puzzle
        self.round = p.after_plays() if p.kind in (PREDICT, SCORE) else p.start()
        self.status = "open"          # open, solved, failed, shown
        self.feedback: Feedback | None = None
        self.moves_made = 0

    @property
    def finished(self) -> bool:
        return self.status != "open"

    @property
    def your_turn(self) -> bool:
        return not self.finished and self.round.to_play == self.puzzle.you and \
            self.puzzle.kind in (PLAY, BAND)

    def options(self) -> list:
        """(label, value) choices for predict and game-winner questions; [] otherwise."""
        p = self.puzzle
        if p.kind == PREDICT or p.goal.name == "game-winner":
            out = [("You", p.you), ("Your opponent", p.opponent)]
            if p.goal.name == "game-winner":
                out += [("A draw", "draw"), ("Nobody yet: another round", "continue")]
            return out
        return []

    def legal_moves(self) -> list:
        return self.round.legal_moves() if self.your_turn else []

    def decision(self, card) -> tuple:
        """What must be decided after playing ``card``: ('exchange', [None, cards...], None) for a
        Fox, ('discard', [cards...], drawn) for a Woodcutter, ('', [], None) otherwise."""
        card = Card(card)
        hand = [c for c in self.round.hands[self.round.to_play] if c is not card]
        if card.rank == rules.FOX and hand:
            return "exchange", [None] + sorted(hand), None
        if card.rank == rules.WOODCUTTER and self.round.deck:
            drawn = self.round.deck[0]
            return "discard", sorted(hand + [drawn]), drawn
        return "", [], None

    # -- answering
    def answer(self, value) -> Feedback:
        p = self.puzzle
        if p.kind not in (PREDICT, SCORE):
            return self._refuse("This puzzle is answered by playing a card.")
        if self.finished:
            return self._refuse("This attempt is over: press Retry to try again.")
        value = _normalise_answer(value, p)
        if value is None:
            return self._refuse("That is not one of the possible answers.")
        right, reason = truth(p)
        if value == right:
            lines = [reason] + [t for t in (p.right, p.explanation) if t]
            return self._finish("solved", Feedback("right", "Right!", lines, True))
        if p.kind == PREDICT:          # two choices: the engine's reason is the lesson
            lines = [_wrong_text(p, value) or "That is not what happens here.", reason]
        else:                          # a number or a game result: say why, not what
            lines = [_wrong_text(p, value) or score_mistake(p, value),
                     "Press Retry to count again, or ask for a hint."]
        return self._finish("failed", Feedback("wrong", f"Not {_answer_text(value, p)}.",
                                               lines, True))

    def play(self, move) -> Feedback:
        p = self.puzzle
        if p.kind not in (PLAY, BAND):
            return self._refuse("This puzzle is answered with a choice, not a card.")
        if self.finished:
            return self._refuse("This attempt is over: press Retry to try again.")
        if not isinstance(move, Move):
            move = Move(Card(move))
        try:
            self.round.verify_move(move)
        except FoxError as exc:
            return self._refuse(str(exc))
        analysis = self._analyse()
        if not analysis.complete:
            return self._refuse("This position is too big for the solver to judge here (it "
                                f"stopped at its limit of {self.node_limit:,} nodes), so the "
                                "move cannot be checked.")
        verdict = analysis.verdict(move)
        self.moves_made += 1
        if p.kind == PLAY:
            return self._play_trick_goal(move, verdict)
        return self._play_band(move, verdict)

    def _analyse(self) -> GoalAnalysis:
        if self.puzzle.kind == PLAY:
            return judge_trick_goal(self.round, self.puzzle.goal.name, self.puzzle.you)
        return solve_goal(self.round, self.puzzle.goal, self.node_limit)

    def _play_trick_goal(self, move: Move, verdict: Verdict) -> Feedback:
        p = self.puzzle
        lines = self._push(move, "You play ")
        if not verdict.works:
            if verdict.refutation is not None:
                lines += self._push(verdict.refutation, "Your opponent answers with ")
            text = _wrong_text(p, move) or "That does not achieve the goal against every reply."
            return self._finish("failed", Feedback(
                "wrong", f"{_cap(move_text(move))} does not work.", [text] + lines, True))
        if self.round.trick:             # you led: the opponent answers with its best move
            lines += self._push(self._best_reply(), "Your opponent answers with ")
        return self._finish("solved", Feedback(
            "right", "Right!", lines + [t for t in (p.right, p.explanation) if t], True))

    def _play_band(self, move: Move, verdict: Verdict) -> Feedback:
        p = self.puzzle
        lines = []
        if not verdict.works:
            text = _wrong_text(p, move) or "After that, your opponent can stop you."
            lines = self._push(move, "You play ")
            lines += self._opponent_turns(defeat=True)
            return self._finish("failed", Feedback(
                "wrong", f"{_cap(move_text(move))} does not secure {p.goal.band}.",
                [text, verdict.explanation] + lines, True))
        lines = self._push(move, "You play ") + self._opponent_turns(defeat=False)
        if self.round.is_over:
            return self._finish("solved", Feedback(
                "right", f"Right! You finish {p.goal.band}.",
                lines + [t for t in (p.right, p.explanation) if t], True))
        self.feedback = Feedback("going", "Good: that keeps the goal in reach. Your turn again.",
                                 [second_person(line) for line in lines])
        return self.feedback

    def _opponent_turns(self, defeat: bool) -> list:
        """Play the opponent's moves until it is the learner's turn or the round ends. With
        ``defeat`` (after a wrong move), play on to the end of the round: the opponent always
        keeps the goal out of reach, and your moves are your best for points."""
        lines = []
        while not self.round.is_over and (defeat or self.round.to_play == self.puzzle.opponent):
            if self.round.to_play == self.puzzle.you:
                lines += self._push(self._best_reply(), "You play ")
                continue
            reply = self._defeating_reply() if defeat else None
            lines += self._push(reply or self._best_reply(), "Your opponent plays ")
        return lines

    def _defeating_reply(self):
        analysis = solve_goal(self.round, self.puzzle.goal, self.node_limit)
        for v in analysis.verdicts:
            if not v.works:
                return v.move
        return None

    def _best_reply(self) -> Move:
        solver = _solver()
        return solver.solve(self.round, "points", node_limit=self.node_limit).best[0].move

    def _push(self, move: Move, prefix: str = "") -> list:
        records = self.round.push(move)
        out = []
        for rec in records:
            if rec.kind == "play" and prefix:
                out.append(f"{prefix}the {move.card.name()} ({move.card}).")
            elif rec.kind in ("trick", "exchange", "round_end", "discard", "draw") and \
                    not (rec.kind in ("draw", "discard") and rec.player != self.puzzle.you):
                out.append(rec.reason)
        return out

    # -- help
    def hint(self) -> str | None:
        """The next hint (None when there are no more)."""
        hints = self.puzzle.hints
        if self.hints_shown >= len(hints):
            return None
        self.hints_shown += 1
        return hints[self.hints_shown - 1]

    def shown_hints(self) -> list:
        return list(self.puzzle.hints[:self.hints_shown])

    def solution(self) -> Feedback:
        """Show the answer: for moves, every right move (with its equivalents) and the solution
        played out against the opponent's best replies."""
        p = self.puzzle
        self.reset()
        self.solution_seen = True
        if p.kind in (PREDICT, SCORE):
            right, reason = truth(p)
            fb = Feedback("shown", f"The answer: {_answer_text(right, p)}.",
                          [reason, p.explanation], True)
            return self._finish("shown", fb)
        rnd = self.round
        live = live_cards(rnd, p)
        winning = closure(p.solution, rnd.legal_moves(), live)
        names = "; ".join(move_text(m) for m in winning)
        lines = [f"Right move{'s' if len(winning) > 1 else ''}: {names}."]
        first = p.solution[0]
        lines += self._push(first, "You play ")
        if p.kind == PLAY:
            if rnd.trick:
                lines += self._push(self._best_reply(), "Your opponent answers with ")
        else:
            lines += self._main_line()
        lines.append(p.explanation)
        return self._finish("shown", Feedback("shown", "The solution", lines, True))

    def _main_line(self) -> list:
        lines = []
        while not self.round.is_over:
            if self.round.to_play == self.puzzle.opponent:
                lines += self._push(self._best_reply(), "Your opponent plays ")
            else:
                analysis = solve_goal(self.round, self.puzzle.goal, self.node_limit)
                move = next(v.move for v in analysis.verdicts if v.works)
                lines += self._push(move, "You play ")
        return lines

    # -- helpers
    def _finish(self, status: str, fb: Feedback) -> Feedback:
        fb.lines = [second_person(line) for line in fb.lines if line]
        self.status = status
        if status == "solved" and self.solution_seen:
            # Solving after Show solution is copying: say so, and do not count it.
            fb.title = f"{fb.title} Not counted as solved: you saw the solution first."
        elif status == "solved":
            self.solved = True
        self.feedback = fb
        return fb

    def _refuse(self, text: str) -> Feedback:
        return Feedback("refused", "Not allowed", [text], False)


_VERBS = {"gains": "gain", "leads": "lead", "has": "have", "does": "do", "follows": "follow",
          "keeps": "keep", "uses": "use", "draws": "draw", "puts": "put", "wins": "win",
          "plays": "play", "takes": "take", "loses": "lose", "scores": "score", "holds": "hold"}


def second_person(text: str) -> str:
    """The engine writes about players by name; the learner is named "You", so make its
    sentences read well: "so You leads" becomes "so you lead"."""
    text = re.sub(r"(?<=[a-z,;:] )You(r opponent)?\b", lambda m: m.group(0).lower(), text)
    return re.sub(r"\b([Yy]ou) (" + "|".join(_VERBS) + r")\b",
                  lambda m: f"{m.group(1)} {_VERBS[m.group(2)]}", text)


def _cap(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


def _normalise_answer(value, puzzle: Puzzle):
    if puzzle.kind == SCORE and puzzle.goal.name != "game-winner":
        try:
            number = int(str(value).strip())
        except ValueError:
            return None
        return number if number >= 0 else None
    if value in ("draw", "continue") and puzzle.goal.name == "game-winner":
        return value
    if value in ("A", "B"):
        return PLAYERS.index(value)
    return value if value in (0, 1) else None


def score_mistake(puzzle: Puzzle, value) -> str:
    """Why a wrong score answer is wrong, in words that never give the right number: the usual
    slips (Treasure left out or counted twice, the last trick forgotten, the other player's
    points), else how to count."""
    p, name = puzzle.goal.player, puzzle.goal.name
    rnd, before = puzzle.after_plays(), puzzle.start()
    if name == "game-winner":
        return ("That is not how this game ends: work out both new scores (Treasure included), "
                f"check whether anyone reached {puzzle.target}, and on a tie compare the points "
                "each gained in this round.")
    who = "you" if p == puzzle.you else "your opponent"
    whose = "your" if p == puzzle.you else "your opponent's"
    mine, theirs = ("yours", "your opponent's") if p == puzzle.you else \
        ("your opponent's", "yours")
    table = rnd.round_end.points[p]
    gain, treasure = rnd.round_gain[p], rnd.round_gain[p] - rnd.round_end.points[p]
    earlier = before.round_gain[p]
    base = rnd.score[p] - gain if name == "final-score" else 0
    tricks = rnd.tricks_won[p]
    slips = [
        (before.score[p], name == "final-score", "That is the score before the last cards: "
         "the table's points for the round's tricks still have to be added."),
        (base + table, treasure > 0, f"That leaves out the Treasure: every 7 in a trick "
         f"{who} won this round is a point, whatever the band."),
        (base + gain - earlier, earlier > 0 and treasure > earlier, "That leaves out the "
         "Treasure taken earlier in the round: it counts too."),
        (base + gain + earlier, earlier > 0 and name == "final-score", "The Treasure taken "
         "earlier in this round is already in the score you started from: count it once."),
        (base + rules.round_points(before.tricks_won[p]) + gain - table,
         bool(puzzle.plays) and before.tricks_won[p] != tricks,
         "That is what the tricks before the last cards would score: decide who wins them "
         "first, then count the tricks."),
        (base + tricks, name != "final-score" or base > 0, "Points are not one per trick: "
         "the tricks fall into a band of the scoring table, and each band has a fixed score."),
        (rnd.round_gain[1 - p], name == "round-points", f"That is {theirs.replace('yours', 'your')}"
         f" gain this round, not {mine}."),
        (gain, name == "final-score", f"That is only this round's gain: add it to the points "
         f"{who} had before the round."),
    ]
    for number, applies, text in slips:
        if applies and value == number and number != truth(puzzle)[0]:
            return text
    return (f"That is not the count. Find how many tricks {who} won in the whole round, look "
            "up their band in the scoring table, then add a point for every Treasure (7) in "
            f"those tricks" + (f", and add it all to {whose} score before the round."
                               if name == "final-score" else "."))


def _wrong_text(puzzle: Puzzle, answer) -> str:
    """The author's words for this wrong answer (an exact move beats a bare-card entry)."""
    exact = [t for a, t in puzzle.wrong if a == answer and not isinstance(a, Card)]
    if exact:
        return exact[0]
    if isinstance(answer, Move):
        bare = [t for a, t in puzzle.wrong if isinstance(a, Card) and a is answer.card]
        if bare:
            return bare[0]
    return ""


# ----------------------------------------------------------------------------- coverage

def coverage(puzzles) -> dict:
    """tag -> [puzzle ids]; every tag of ``TAGS`` appears, covered or not."""
    table = {tag: [] for tag in TAGS}
    for p in puzzles:
        for tag in p.themes:
            table[tag].append(p.id)
    return table


def coverage_table(loaded: LoadResult) -> str:
    """A plain-text table: puzzles per set and difficulty, then puzzles per tag and kind."""
    lines = [f"{'set':14} {'puzzles':>7} {'level 1':>8} {'level 2':>8} {'level 3':>8}"]
    for s in loaded.sets:
        levels = [sum(p.difficulty == d for p in s.puzzles) for d in (1, 2, 3)]
        lines.append(f"{s.id:14} {len(s.puzzles):7} " + " ".join(f"{n:8}" for n in levels))
    lines.append("")
    lines.append(f"{'tag':22} {'puzzles':>7}  {'predict':>7} {'play':>5} {'band':>5} "
                 f"{'score':>5}")
    by_id = {p.id: p for p in loaded.puzzles}
    for tag, ids in coverage(loaded.puzzles).items():
        kinds = [sum(by_id[i].kind == k for i in ids) for k in KINDS]
        need = " (needs 3)" if tag in REQUIRED_TAGS and len(ids) < 3 else ""
        lines.append(f"{tag:22} {len(ids):7}  {kinds[0]:7} {kinds[1]:5} {kinds[2]:5} "
                     f"{kinds[3]:5}{need}")
    kinds = {k: sum(p.kind == k for p in loaded.puzzles) for k in KINDS}
    lines.append("")
    lines.append(f"{len(loaded.puzzles)} puzzles in {len(loaded.sets)} sets; "
                 + ", ".join(f"{n} {k}" for k, n in kinds.items()))
    return "\n".join(lines)


# ----------------------------------------------------------------------------- writing files

def position_to_json(pos: Position) -> dict:
    out = {"decree": str(pos.decree), "leader": PLAYERS[pos.leader],
           "hands": {p: [str(c) for c in sorted(pos.hands[i])] for i, p in enumerate(PLAYERS)},
           "deck": [str(c) for c in pos.deck]}
    if pos.trick:
        out["trick"] = [str(c) for c in pos.trick]
    out["tricks_won"] = dict(zip(PLAYERS, pos.tricks_won))
    if any(pos.score):
        out["score"] = dict(zip(PLAYERS, pos.score))
    if any(pos.round_gain):
        out["round_gain"] = dict(zip(PLAYERS, pos.round_gain))
    return out


def puzzle_to_json(p: Puzzle) -> dict:
    def answer(a):
        if isinstance(a, Move):
            return a.to_json()
        if isinstance(a, Card):
            return str(a)
        return PLAYERS[a] if a in (0, 1) and p.kind == PREDICT else a
    out = {"id": p.id, "title": p.title, "themes": list(p.themes), "difficulty": p.difficulty,
           "goal": str(p.goal), "position": position_to_json(p.position),
           "solution": [answer(a) for a in p.solution], "hints": list(p.hints),
           "explanation": p.explanation}
    if p.you != 0:
        out["you"] = PLAYERS[p.you]
    if p.wrong:
        out["wrong"] = [{"answer": answer(a), "text": t} for a, t in p.wrong]
    return out


# ----------------------------------------------------------------------------- generation

@dataclass(frozen=True)
class GenTheme:
    """How to look for puzzles of one theme: goals to try, hand sizes, who plays (lead, follow
    or either), what the learner must hold, and what the unique solution must play."""

    goals: tuple
    sizes: tuple
    seat: str                 # "lead", "follow" or "any"
    holds: tuple = ()         # ranks the learner must hold (any of them)
    solution_ranks: tuple = ()  # the solution's card must have one of these ranks
    solution_trump: bool = False
    hint: str = ""


GEN_THEMES = {
    "witch": GenTheme(("win-trick", "lose-trick"), (3, 4, 5), "any", (9,), (9,),
                      hint="A lone Witch counts as trump when the trick is decided."),
    "fox": GenTheme(("win-trick", "lose-trick", "band:Victorious", "band:Humble"), (3, 4, 5),
                    "any", (3,), (3,),
                    hint="The Fox may swap the decree card, and the new trump counts at once."),
    "woodcutter": GenTheme(("band:Victorious", "band:Humble", "band:Defeated"), (3, 4, 5),
                           "any", (5,), (5,),
                           hint="The Woodcutter draws the top card, then one card goes under "
                                "the deck: choose which."),
    "swan": GenTheme(("lead-next",), (3, 4, 5, 6), "any", (1,), (1,),
                     hint="A Swan that loses still gives you the lead."),
    "monarch": GenTheme(("band:Victorious", "band:Humble", "win-trick"), (3, 4, 5), "lead",
                        (11,), (11,),
                        hint="A led Monarch forces out the Swan or the highest card of its "
                             "suit."),
    "treasure": GenTheme(("take-treasure",), (3, 4, 5, 6), "any", (), (),
                         hint="A 7 in the trick scores a point for whoever wins it."),
    "trump": GenTheme(("win-trick", "lose-trick"), (3, 4, 5, 6), "follow", (), (),
                      solution_trump=True, hint="A trump beats every card of another suit."),
    "follow": GenTheme(("win-trick", "lose-trick"), (4, 5, 6), "follow",
                       hint="You must follow the led suit if you can."),
    "band": GenTheme(("band:Victorious", "band:Humble", "band:Defeated"), (3, 4, 5), "any",
                     hint="Count the tricks you still need and the ones you must avoid."),
    "endgame": GenTheme(("band:Victorious", "band:Humble"), (4, 5, 6), "any",
                        hint="Plan the last tricks from the end backwards."),
}


def _random_position(rng: random.Random, size: int, seat: str) -> Round:
    """A real deal played at random until each hand holds ``size`` cards; with seat 'follow'
    the leader then leads a random card."""
    rnd = Round.deal(rng.randrange(2**32), rng.randrange(2))
    while len(rnd.hands[rnd.to_play]) > size or rnd.trick:
        rnd.push(rng.choice(rnd.legal_moves()))
    if seat == "follow" or (seat == "any" and rng.random() < 0.5):
        rnd.push(rng.choice(rnd.legal_moves()))
    return rnd


def _learner_first(rnd: Round) -> Position:
    """The round's current position, with the seats swapped if needed so that A is to play."""
    me = rnd.to_play
    def pair(x):
        return tuple(x) if me == 0 else (x[1], x[0])
    hands = pair([sorted(rnd.hands[0]), sorted(rnd.hands[1])])
    leader = rnd.leader if me == 0 else 1 - rnd.leader
    return Position(rnd.decree, hands, leader, list(rnd.deck), list(rnd.trick),
                    pair(rnd.tricks_won), pair(rnd.score), pair(rnd.round_gain))


def _tempting(puzzle: Puzzle, analysis: GoalAnalysis, rnd: Round) -> list:
    """Wrong moves that look right: they achieve the goal against some reply (they fail only
    to the best defence), or they are what a greedy player would pick (the highest card to win,
    the lowest to lose)."""
    out = []
    wrong = [v.move for v in analysis.verdicts if not v.works]
    goal = puzzle.goal
    for move in wrong:
        if goal.kind == PLAY:
            hopes = any(_trick_goal_met(goal.name, rec, puzzle.you)
                        for _, rec in trick_outcomes(rnd, move))
        else:
            hopes = _band_hopes(rnd, move, goal)
        if hopes:
            out.append(move)
    legal = [c for c in rnd.legal_cards()]
    if goal.name in ("win-trick", "take-treasure", "lead-next") and legal:
        greedy = max(legal, key=lambda c: (c.suit == rnd.trump, c.rank))
    elif goal.name == "lose-trick" and legal:
        greedy = min(legal, key=lambda c: (c.suit == rnd.trump, c.rank))
    else:
        greedy = None
    out += [m for m in wrong if m.card is greedy and m not in out]
    return out


def _band_hopes(rnd: Round, move: Move, goal: Goal) -> bool:
    rnd.push(move)
    try:
        if rnd.is_over:
            return rules.band(rnd.tricks_won[goal.player]) == goal.band
        if rnd.to_play == goal.player:
            return bool(solve_goal(rnd, goal).winning)
        analysis = solve_goal(rnd, goal)
        return any(v.works for v in analysis.verdicts)
    finally:
        rnd.pop()


def estimate_difficulty(nodes: int, tempting: int, legal: int, goal: Goal) -> int:
    """1-3 from the solver's work (log of nodes), the tempting wrong moves and the choices."""
    score = math.log10(max(nodes, 1)) * 0.6 + tempting * 0.8 + legal * 0.15
    score += 1.0 if goal.kind == BAND else 0.0
    return 1 if score < 2.5 else 2 if score < 4.0 else 3


def generate(theme: str, count: int, seed: int, max_tries: int = 50_000, log=None) -> list:
    """Find ``count`` new puzzles for ``theme`` with a unique solution (up to equivalent cards).
    Texts are drafts from the engine and solver; curate them before shipping."""
    if theme not in GEN_THEMES:
        raise FoxError(f"Unknown theme {theme!r}; the themes are {', '.join(GEN_THEMES)}.")
    spec = GEN_THEMES[theme]
    rng = random.Random(seed)
    found, seen = [], set()
    for attempt in range(max_tries):
        if len(found) >= count:
            break
        rnd = _random_position(rng, rng.choice(spec.sizes), spec.seat)
        you = rnd.to_play
        if spec.holds and not any(c.rank in spec.holds for c in rnd.hands[you]):
            continue
        if len(rnd.legal_moves()) < 3:
            continue
        pos = _learner_first(rnd)
        key = json.dumps(position_to_json(pos), sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        goal = parse_goal(rng.choice(spec.goals), 0)
        puzzle = _candidate(pos, goal, spec, theme, f"gen-{theme}-{seed}-{len(found) + 1}")
        if puzzle is not None:
            found.append(puzzle)
            if log:
                log(f"{puzzle.id}: {goal}, {len(pos.hands[0])} cards, difficulty "
                    f"{puzzle.difficulty} (attempt {attempt + 1})")
    return found


def _candidate(pos: Position, goal: Goal, spec: GenTheme, theme: str, pid: str):
    if goal.name == "lead-next" and len(pos.hands[1 if pos.trick else 0]) <= 1:
        return None
    puzzle = Puzzle(pid, "", theme, "", (theme,), 1, 0, goal, pos, (), (), "")
    rnd = puzzle.start()
    analysis = analyse(puzzle, rnd, node_limit=300_000)
    if not analysis.complete or analysis.disagreements:
        return None
    winning = analysis.winning
    live = live_cards(rnd, puzzle)
    if not winning or any(not equivalent_moves(m, winning[0], live) for m in winning):
        return None
    if len(analysis.verdicts) - len(winning) < 2:
        return None
    best = winning[0]
    if spec.solution_ranks and best.card.rank not in spec.solution_ranks:
        return None
    if spec.solution_trump and not (best.card.suit == rnd.trump and
                                    rnd.trick and rnd.trick[0].suit != rnd.trump):
        return None
    tempting = _tempting(puzzle, analysis, rnd)
    puzzle.difficulty = estimate_difficulty(analysis.nodes, len(tempting),
                                            len(analysis.verdicts), goal)
    puzzle.solution = (best,)
    puzzle.title = f"{theme.title()}: {goal.spec.summary}"
    puzzle.hints = tuple(h for h in (spec.hint, "Try each card you may play, and ask what your "
                                     "opponent can answer.") if h)
    right = analysis.verdict(best).explanation
    wrong = []
    for move in tempting[:3]:
        v = analysis.verdict(move)
        wrong.append((move, f"Tempting, but it fails: {v.explanation}"))
    puzzle.wrong = tuple(wrong)
    puzzle.explanation = (f"{_cap(move_text(best))} works: {right}" +
                          "".join(f" {_cap(move_text(m))} fails: {analysis.verdict(m).explanation}"
                                  for m in tempting[:2]))
    puzzle.themes = tuple(t for t in (theme,) if t in TAGS)
    return puzzle


def dumps(obj, indent: int = 2, level: int = 0) -> str:
    """JSON as people write it: objects one key a line, short lists and small objects (cards,
    plays, hands) on one line."""
    flat = json.dumps(obj, ensure_ascii=False)
    if not isinstance(obj, (dict, list)) or len(flat) + level * indent <= 96:
        return flat
    pad, inner = " " * (indent * level), " " * (indent * (level + 1))
    if isinstance(obj, list):
        items = [inner + dumps(v, indent, level + 1) for v in obj]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]"
    items = [f"{inner}{json.dumps(k)}: {dumps(v, indent, level + 1)}" for k, v in obj.items()]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}"


def generated_file(theme: str, puzzles: list, seed: int) -> dict:
    return {"format": FORMAT, "id": f"generated-{theme}-{seed}",
            "title": f"Generated {theme} puzzles (drafts: curate the texts)",
            "puzzles": [puzzle_to_json(p) for p in puzzles]}


# ----------------------------------------------------------------------------- command line

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m foxlib puzzles",
                                     description="Check and generate trick puzzles.")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="prove puzzle files with the solver (default: the "
                           "shipped collection)")
    check.add_argument("paths", nargs="*", help="puzzle files or folders")
    check.add_argument("--coverage", action="store_true", help="also print the coverage table")
    check.add_argument("--node-limit", type=int, default=NODE_LIMIT)
    gen = sub.add_parser("generate", help="find new puzzles with a unique solution")
    gen.add_argument("--theme", required=True, choices=sorted(GEN_THEMES))
    gen.add_argument("--count", type=int, default=10)
    gen.add_argument("--seed", type=int, default=1)
    gen.add_argument("--out", help="write the puzzle set to this file (default: print it)")
    gen.add_argument("--tries", type=int, default=50_000, help="random positions to try at most")
    args = parser.parse_args(argv)
    if args.command == "check":
        failures = check_paths(args.paths, node_limit=args.node_limit)
        if args.coverage:
            print()
            print(coverage_table(load_paths(args.paths)))
        return 1 if failures else 0
    return _generate_command(args)


def _generate_command(args) -> int:
    if args.count < 1:
        print("--count must be at least 1.", file=sys.stderr)
        return 2
    start = time.perf_counter()
    found = generate(args.theme, args.count, args.seed, max_tries=args.tries,
                     log=lambda text: print(text, file=sys.stderr))
    seconds = time.perf_counter() - start
    text = dumps(generated_file(args.theme, found, args.seed))
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    levels = [sum(p.difficulty == d for p in found) for d in (1, 2, 3)]
    print(f"generated {len(found)} of {args.count} {args.theme} puzzles in {seconds:.1f} s "
          f"(difficulty 1/2/3: {levels[0]}/{levels[1]}/{levels[2]})"
          + (f"; wrote {args.out}" if args.out else ""), file=sys.stderr)
    return 0 if len(found) == args.count else 1
