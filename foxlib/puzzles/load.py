"""Loading puzzle files. ``load_file``, ``load_text``, ``load_data`` and ``load_paths`` never
raise on bad content: they return a ``LoadResult`` with the sound puzzles and a ``Problem``
(file, puzzle id, field, reason) for everything else."""
from __future__ import annotations

import json
from pathlib import Path

from .. import rules
from ..errors import FoxError, json_kind
from ..game import DEFAULT_TARGET
from ..round import PLAYERS, Move, Round
from .format import (BAND, CHARACTER_TAGS, DATA_DIR, FORMAT, GAME_ANSWERS, PLAY,
                     PLAYER_ANSWERS, PREDICT, PUZZLE_FIELDS, SCORE, SET_FIELDS, TAGS, parse_goal)
from .model import (LoadResult, Problem, Puzzle, PuzzleSet, answer_text, names_list, ProblemList)
from .positions import _position

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
    head = ProblemList(file, None, result.problems)
    if not isinstance(data, dict):
        head.add("", f"a puzzle file is a JSON object with 'format', 'id', 'title' and "
                 f"'puzzles', not {json_kind(data)}.")
        return result
    for key in sorted(set(data) - SET_FIELDS):
        head.add(key, f"unknown field; a puzzle set has {names_list(SET_FIELDS)}.")
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
        probs = ProblemList(file, pid, result.problems)
        if pid in ids:
            probs.add("id", f"the id '{pid}' is already used by another puzzle.")
        ids.add(pid)
        puzzle = _load_puzzle(obj, probs, set_id, lesson, file)
        if puzzle is not None and probs.count == 0:
            sound.append(puzzle)
    result.sets.append(PuzzleSet(set_id, title, lesson, description, order, sound, file))
    return result



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


def _load_puzzle(obj, probs: ProblemList, set_id: str, set_lesson: str, file: str):
    if not isinstance(obj, dict):
        probs.add("", f"a puzzle is a JSON object, not {json_kind(obj)}.")
        return None
    for key in sorted(set(obj) - PUZZLE_FIELDS):
        probs.add(key, f"unknown field; a puzzle has {names_list(PUZZLE_FIELDS)}.")
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
        scratch = ProblemList(probs.file, probs.puzzle, [])
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
                probs.add(f"{key}[{i}]", f"{answer_text(answer, puzzle)} is listed twice.")
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
