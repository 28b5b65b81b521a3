"""Loading puzzle files. ``load_file``, ``load_text``, ``load_data`` and ``load_paths`` never
raise on bad content: they return a ``LoadResult`` with the sound puzzles and a ``Problem``
(file, puzzle id, field, reason) for everything else. The structure is checked against
``SCHEMA`` (``schema.validate``); the code here checks what a schema cannot say."""
from __future__ import annotations

import json
from pathlib import Path

from ...core import rules
from ...core.cards import Card
from ...core.errors import FoxError
from ...engine.game import DEFAULT_TARGET
from ...io.inputs import read_chance, read_modules, read_move, read_step
from ...engine.modules import BASE
from ...engine.round import PLAYERS, Action, Round
from .format import (BAND, CHARACTER_TAGS, DATA_DIR, FORMATS, GAME_ANSWERS, MODULE_GOALS,
                     MODULE_ONLY_GOALS, PLAY,
                     PLAYER_ANSWERS, PREDICT, SCHEMA, SCORE, SPECIAL_TAGS, parse_goal)
from .model import LoadResult, Problem, ProblemList, Puzzle, PuzzleSet, answer_text
from .positions import read_position
from .schema import SchemaError, field_name, validate

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
    """Read one puzzle set from decoded JSON. First its structure is checked against ``SCHEMA``
    (fields, types, cards, sizes), then what a schema cannot say: that each goal parses, that
    the position could occur and suits the goal, and that plays and answers are legal."""
    result = LoadResult(files=[file])
    head = ProblemList(file, None, result.problems)
    by_puzzle, bad = {}, set()
    for error in validate(data, SCHEMA, FORMATS):
        if error.path[:1] == ("puzzles",) and len(error.path) > 1:
            by_puzzle.setdefault(error.path[1], []).append(SchemaError(error.path[2:],
                                                                       error.message))
        else:
            head.add(error.field, error.message)
            bad.update(error.path[:1])
    if not isinstance(data, dict):
        return result

    def text(key, default):
        return data[key].strip() if key in data and key not in bad else default
    set_id = text("id", "?")
    title = text("title", set_id)
    lesson = text("lesson", "")
    description = text("description", "")
    order = data["order"] if "order" in data and "order" not in bad else 99
    puzzles = data["puzzles"] if "puzzles" in data and "puzzles" not in bad else []
    ids = known_ids if known_ids is not None else set()
    sound = []
    for i, obj in enumerate(puzzles):
        pid = obj.get("id") if isinstance(obj, dict) and isinstance(obj.get("id"), str) \
            else f"#{i + 1}"
        probs = ProblemList(file, pid, result.problems)
        if pid in ids:
            probs.add("id", f"the id '{pid}' is already used by another puzzle.")
        ids.add(pid)
        puzzle = _load_puzzle(obj, by_puzzle.get(i, []), probs, set_id, lesson, file)
        if puzzle is not None and probs.count == 0:
            sound.append(puzzle)
    result.sets.append(PuzzleSet(set_id, title, lesson, description, order, sound, file))
    return result


def _judged_item(path) -> str | None:
    """The field of the play or answer that a schema error is about (``solution[0]``,
    ``wrong[1].answer``, ``plays[2]``), or None. The schema checks their shape, but the loader,
    which knows the goal, says better what is wrong with one ("the answer to 'who-wins' is one
    of A, B"), so these errors wait for its verdict."""
    if len(path) >= 2 and path[0] in ("plays", "solution") and isinstance(path[1], int):
        return field_name(path[:2])
    if len(path) >= 3 and path[0] == "wrong" and path[2] == "answer":
        return field_name(path[:3])
    return None


def _load_puzzle(obj, errors: list, probs: ProblemList, set_id: str, set_lesson: str,
                 file: str):
    """One puzzle, given the schema's errors for it: those are reported, then the checks that
    need the goal and the position run as far as the errors allow."""
    judged = [(e, _judged_item(e.path)) for e in errors if _judged_item(e.path)]
    for error in errors:
        if not _judged_item(error.path):
            probs.add(error.field, error.message)
    if not isinstance(obj, dict):
        return None
    bad = {e.path[0] for e in errors if e.path}
    you = PLAYERS.index(obj["you"]) if "you" in obj and "you" not in bad else 0
    goal = None
    if "goal" in obj and "goal" not in bad:
        try:
            goal = parse_goal(obj["goal"], you)
        except FoxError as exc:
            probs.add("goal", f"the goal does not parse: {exc}")
    modules = BASE
    if "modules" in obj and "modules" not in bad:
        modules = read_modules(obj["modules"], "modules", probs) or BASE
    if goal is not None and modules.base and goal.name in MODULE_ONLY_GOALS:
        probs.add("goal", f"the goal '{goal.name}' is for puzzles with modules (Poison 8s or "
                  "special cards): add a 'modules' field.")
    if goal is not None and not modules.base and goal.name not in MODULE_GOALS:
        probs.add("goal", f"a puzzle with modules ({modules}) cannot have the goal "
                  f"'{goal.name}'; its goals are {', '.join(MODULE_GOALS)}.")
    if "chance" in obj and "chance" not in bad and not modules.special:
        probs.add("chance", "only special cards make random picks: 'chance' needs special "
                  "cards in 'modules'.")
    elif "chance" in obj and goal is not None and goal.kind not in (PREDICT, SCORE):
        probs.add("chance", f"a {goal.name} puzzle is judged over every random pick: 'chance' "
                  "is for predict and score puzzles, whose plays are given.")
    built = None
    if "position" in obj:       # duplicate cards are reported even when other fields are bad
        built = read_position(obj["position"], probs, goal, you, sound="position" not in bad,
                              modules=modules)
    if goal is None or built is None or probs.count:
        for error, _ in judged:
            probs.add(error.field, error.message)
        return None
    first = len(probs.out)
    puzzle = _read_puzzle(obj, probs, built, goal, you, set_id, set_lesson, file)
    said = [p.field for p in probs.out[first:]]
    for error, item in judged:      # the loader's own reason for an answer beats the schema's
        if not any(f == item or item.startswith((f + "[", f + ".")) or
                   f.startswith((item + "[", item + ".")) for f in said):
            probs.add(error.field, error.message)
    return puzzle


def _read_puzzle(obj, probs, built, goal, you, set_id, set_lesson, file):
    """The puzzle, once its fields, goal and position are sound: plays and answers checked."""
    def text(key, default=""):
        return obj[key].strip() if key in obj else default
    show_deck = obj.get("show_deck")
    avoid = (set(), set())
    for _ in range(4):
        # A concealed hand gets stand-in cards; when a given play shows that its owner had no
        # card of the led suit, rebuild the stand-ins without that suit.
        pos, hidden, concealed, deck_hidden = built
        puzzle = Puzzle(obj["id"], text("title"), set_id, text("lesson") or set_lesson,
                        tuple(obj.get("themes", ())), obj["difficulty"], you, goal, pos, (),
                        tuple(h.strip() for h in obj["hints"]), text("explanation"),
                        text("prompt"), (), text("right"), (), hidden, concealed, deck_hidden,
                        False, obj.get("target", DEFAULT_TARGET), file, obj)
        puzzle.show_deck = show_deck if show_deck is not None else (
            not deck_hidden and (bool(pos.modules.special) or
                                 any(c.rank == rules.WOODCUTTER for c in pos.hands[you])))
        if "chance" in obj:
            puzzle.chance = tuple(tuple(o) for o in read_chance(obj["chance"], "chance") or ())
        scratch = ProblemList(probs.file, probs.puzzle, [])
        void = _plays(obj, puzzle, scratch)
        if not scratch.count or void is None or void[1] in avoid[void[0]]:
            break
        avoid[void[0]].add(void[1])
        built = read_position(obj["position"], scratch, goal, you, avoid=avoid,
                              modules=built[0].modules) or built
    for problem in scratch.out:
        probs.add(problem.field, problem.reason)
    if probs.count:
        return None
    _check_theme_cards(puzzle, probs)
    _check_shovel(puzzle, probs)
    puzzle.solution = _answers(obj["solution"], "solution", puzzle, probs)
    puzzle.wrong = _wrong(obj.get("wrong", []), puzzle, probs)
    return puzzle


def _plays(obj, puzzle: Puzzle, probs):
    """Parse 'plays', apply them with the engine, and check they suit the goal. When a play by
    a concealed hand is refused because a stand-in card of the led suit must be followed,
    returns (player, suit) so that the stand-ins can be chosen again."""
    value = obj.get("plays", [])
    kind = puzzle.kind
    if value and kind in (PLAY, BAND):
        probs.add("plays", f"a {puzzle.goal.name} puzzle starts where the learner plays: put "
                  "the cards already played in the position instead.")
        return
    rnd = puzzle.start()
    moves, tricks_before = [], 0
    if puzzle.deluxe:
        return _actions(value, puzzle, rnd, probs)
    for i, item in enumerate(value):
        where = f"plays[{i}]"
        try:
            move = read_move(item, where)
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
    _plays_suit_goal(puzzle, rnd, tricks_before, probs)


def _actions(value, puzzle: Puzzle, rnd: Round, probs) -> None:
    """The plays of a puzzle with modules: cards, moves and actions, done by the engine."""
    actions, tricks_before = [], 0
    for i, item in enumerate(value):
        where = f"plays[{i}]"
        steps = read_step(item, where, ProblemList(probs.file, probs.puzzle, scratch := []))
        if steps is None:
            probs.add(where, f"the play does not parse: {scratch[0].reason}")
            return
        if puzzle.concealed != (False, False) and any(
                s.card in puzzle.hidden for s in steps if isinstance(s.card, Card)):
            probs.add(where, f"the {steps[0].card} is not among the listed cards.")
            return
        for step in steps:
            if rnd.is_over:
                probs.add(where, "the round is already over, so nothing more can be played.")
                return
            if step.kind == "play" and rnd.phase == "play":
                tricks_before = len(rnd.tricks)
            try:
                rnd.act(step)
            except FoxError as exc:
                probs.add(where, f"illegal play ({step}): {exc}")
                return
            actions.append(step)
    if rnd.phase not in ("play", "over"):
        probs.add("plays", f"the plays stop halfway through a decision: the next one is "
                  f"'{rnd.phase}'. Give it too.")
        return
    puzzle.plays = tuple(actions)
    _plays_suit_goal(puzzle, rnd, tricks_before, probs)


def _plays_suit_goal(puzzle: Puzzle, rnd: Round, tricks_before: int, probs) -> None:
    kind, moves = puzzle.kind, puzzle.plays
    if kind == PREDICT and puzzle.deluxe:
        # With modules the plays may lead up to the trick asked about (a Shovel digs in a
        # trick won in them): they must end with the card that completes it.
        if not moves or len(rnd.tricks) != tricks_before + 1 or rnd.trick:
            probs.add("plays", "a predict puzzle's plays end with the card that completes the "
                      "trick being asked about.")
    elif kind == PREDICT and (not moves or len(rnd.tricks) != tricks_before + 1 or
                              len(rnd.tricks) - len(puzzle.start().tricks) != 1):
        probs.add("plays", "a predict puzzle gives the plays of exactly one trick: the last "
                  "play must be the card that completes the trick being asked about.")
    if kind == SCORE and not rnd.is_over:
        probs.add("plays", "a score puzzle asks about the end of the round: the position and "
                  "its plays must finish all 13 tricks.")


def _check_shovel(puzzle: Puzzle, probs) -> None:
    """The Shovel digs in its player's last won trick, which a position does not list: so a
    player who may play the Shovel must not have won a trick before the position (their tricks
    won in the plays, or in the puzzle, are known)."""
    if "Shovel" not in puzzle.modules.special:
        return
    pos = puzzle.position
    for i, p in enumerate(PLAYERS):
        if pos.tricks_won[i] and any(c.special == "Shovel" for c in pos.hands[i]):
            probs.add(f"position.tricks_won.{p}", f"{p} holds the Shovel, which digs in the last "
                      "trick its player won, but a position does not list the cards of earlier "
                      f"tricks: start the puzzle before {p} has won a trick (0), and let the "
                      "plays or the puzzle win one.")


def _check_theme_cards(puzzle: Puzzle, probs) -> None:
    """A puzzle tagged with a character must show that character somewhere."""
    pos = puzzle.position
    seen = {c for c in [pos.decree, *pos.trick, *pos.hands[0], *pos.hands[1]]
            if c not in puzzle.hidden}
    seen |= {c for m in puzzle.plays for c in
             ((m.card,) if isinstance(m, Action) else (m.card, m.exchange, m.discard))
             if isinstance(c, Card)}
    if puzzle.show_deck:
        seen |= set(pos.deck)
    ranks = {c.rank for c in seen if c.special is None}
    specials = {c.special for c in seen if c.special}
    for i, tag in enumerate(puzzle.themes):
        if tag in SPECIAL_TAGS and SPECIAL_TAGS[tag] not in specials:
            probs.add(f"themes[{i}]", f"the puzzle is tagged '{tag}' but the {SPECIAL_TAGS[tag]} "
                      "is not in sight.")
        if tag == "poison" and not puzzle.modules.poison:
            probs.add(f"themes[{i}]", "the puzzle is tagged 'poison' but plays without Poison "
                      '8s: add "modules": {"poison": true}.')
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
    if puzzle.deluxe:
        return _action_answer(value, where, puzzle, probs)
    try:
        move = read_move(value, where)
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


def _action_answer(value, where, puzzle: Puzzle, probs):
    """An answer of a play or band puzzle with modules: the learner's next action, a card
    ('9K': play it) or a pair ['crown', '4K']; it must be allowed in the position."""
    try:
        if isinstance(value, str):
            action = Action("play", Card(value))
        elif isinstance(value, list):
            action = Action.from_json(value, where)
        else:
            raise FoxError("with modules, an answer is the learner's next action: a card "
                           "('9K') or a pair [kind, card] like [\"crown\", \"4K\"].")
    except FoxError as exc:
        probs.add(where, f"the action does not parse: {str(exc).removeprefix(where + ': ')}")
        return None
    try:
        puzzle.start().verify(action)
    except FoxError as exc:
        probs.add(where, f"illegal action ({action}): {exc}")
        return None
    return action


def _why_not(rnd: Round, card) -> str:
    try:
        rnd.verify_play(card)
    except FoxError as exc:
        return str(exc)
    return ""


def _answers(value, key, puzzle, probs) -> tuple:
    out = []
    for i, item in enumerate(value):
        answer = _answer(item, f"{key}[{i}]", puzzle, probs)
        if answer is not None:
            if answer in out:
                probs.add(f"{key}[{i}]", f"{answer_text(answer, puzzle)} is listed twice.")
            out.append(answer)
    return tuple(out)


def _wrong(value, puzzle, probs) -> tuple:
    out = []
    for i, item in enumerate(value):
        answer = _answer(item["answer"], f"wrong[{i}].answer", puzzle, probs, bare_ok=True)
        if answer is not None:
            out.append((answer, item["text"].strip()))
    return tuple(out)

