"""What a loaded puzzle file becomes: ``Problem`` (what is wrong, and where: the shape every
reader of foxlib shares, from ``foxlib.core.errors``), ``Puzzle``,
``PuzzleSet`` and ``LoadResult``; how moves and answers are written in reports, and how a
puzzle is written back to JSON."""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace

from ...core.cards import Card
from ...core.errors import Problem, Problems
from ...engine.game import DEFAULT_TARGET
from ...engine.modules import BASE, Modules
from ...words.narrator import Narrator
from ...engine.round import PLAYERS, Action, Move, Position, Round
from .format import PREDICT, Goal

# ----------------------------------------------------------------------------- problems

class ProblemList(Problems):
    """Collects problems for one puzzle (or the file header) so that every one is reported;
    its reasons start with a capital ("position.leader: Must be 'A' or 'B'...")."""

    @property
    def puzzle(self) -> str | None:
        return self.id

    def _reason(self, reason: str) -> str:
        return reason[0].upper() + reason[1:] if reason else reason


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
    chance: tuple = ()         # given outcomes of the special cards' random picks (predict)

    @property
    def kind(self) -> str:
        return self.goal.kind

    @property
    def modules(self) -> Modules:
        return self.position.modules

    @property
    def deluxe(self) -> bool:
        """Played with Deluxe modules: answers are the engine's actions, proved by
        ``foxlib.search.deluxe_solver`` (the base puzzles keep moves and ``foxlib.search.solver``)."""
        return not self.position.modules.base

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
        return Round(_copy_position(self.position), self.names(), chance=self.chance)

    def after_plays(self) -> Round:
        """The round with the puzzle's given plays applied (predict and score kinds)."""
        rnd = self.start()
        for play in self.plays:
            if isinstance(play, Action):
                rnd.act(play)
            else:
                rnd.push(play)
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


# --------------------------------------------------------------------- moves and answers in words

def answer_text(answer, puzzle: Puzzle | None = None) -> str:
    if isinstance(answer, Move):
        return move_text(answer)
    if isinstance(answer, Action):
        return action_text(answer)
    if isinstance(answer, Card):
        return f"the {answer.name()} ({answer})"
    if answer in (0, 1) and puzzle is not None and puzzle.goal.name != "round-points" and \
            puzzle.goal.name != "final-score":
        return "you" if answer == puzzle.you else "your opponent"
    return {"draw": "a draw", "continue": "another round"}.get(answer, str(answer))


def move_text(move: Move) -> str:
    """'the 3 of Bells (3B), swapping the 8 of Moons for the decree card': the card (with its
    code, as the base puzzles name cards) and the Fox's or Woodcutter's decision in the
    narrator's '-ing' words (a Fox that keeps the decree card is the card alone)."""
    text = f"the {move.card.name()} ({move.card})"
    if move.exchange is not None:
        return f"{text}, {action_text(Action('exchange', move.exchange))}"
    if move.discard is not None:
        return f"{text}, {action_text(Action('discard', move.discard))}"
    return text


#: The puzzles' voice for decisions (the names do not matter: a decision's words name none).
_VOICE = Narrator()


def action_text(action: Action) -> str:
    """An action as the puzzles' feedback and solution say it: the narrator's '-ing' words
    ('playing the 9 of Keys', 'naming Bells for the Hammer', 'not digging'), starting in lower
    case to fit inside a sentence (``cap`` starts one with them). The buttons use the narrator's
    command words instead ('Name Bells'). The cards are named in the classic theme; the page
    says them in the learner's theme (``foxlib.words.theme_words.in_theme``)."""
    doing = _VOICE.action_words(action.kind, action.card, "doing")
    return doing[:1].lower() + doing[1:]


def action_key(action: Action) -> str:
    """The compact notation of an action, as in the files: '9K' for a play, else 'crown 4K'."""
    if action.kind == "play" and action.card is not None:
        return str(action.card)
    return str(action)


def action_json(action: Action):
    """An action as the files write it: a bare card for a play, else the pair [kind, card]."""
    if action.kind == "play" and action.card is not None:
        return str(action.card)
    return action.to_json()


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


def cap(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


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
        if isinstance(a, Action):
            return action_json(a)
        if isinstance(a, Move):
            return a.to_json()
        if isinstance(a, Card):
            return str(a)
        return PLAYERS[a] if a in (0, 1) and p.kind == PREDICT else a
    out = {"id": p.id, "title": p.title, "themes": list(p.themes), "difficulty": p.difficulty,
           "goal": str(p.goal)}
    if p.deluxe:
        out["modules"] = p.modules.to_json()
    out.update({"position": position_to_json(p.position),
           "solution": [answer(a) for a in p.solution], "hints": list(p.hints),
           "explanation": p.explanation})
    if p.you != 0:
        out["you"] = PLAYERS[p.you]
    if p.wrong:
        out["wrong"] = [{"answer": answer(a), "text": t} for a, t in p.wrong]
    return out


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
