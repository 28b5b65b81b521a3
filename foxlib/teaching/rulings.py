"""The rulings of docs/rulings.md in short words, each with a small example the engine plays.

``foxlib/data/rulings.json`` holds one entry per ruling, in the order of docs/rulings.md:

- ``section`` (the heading in docs/rulings.md), ``id`` ('W1', 'SC10'), ``title`` (the question,
  shortened) and ``words`` (the reading, in a learner's words);
- where the ruling stands with the rulebook (the "Basis" and "Label" lines of docs/rulings.md):
  ``basis`` (what the rulebook says on the point, in our own words, naming its section, or that
  it is silent), ``label`` (``"rulebook"``: the reading follows directly from the printed text;
  ``"ours"``: the rulebook is silent or can be read two ways, or the text comes from outside
  it), and for ``"ours"`` the ``reason`` and the ``other_reading`` (what a player who reads it
  the other way would do, and what changes under it);
- ``example``: a referee scenario (docs/referee.md: ``decree``, ``hands``, ``leader``,
  ``plays`` and the optional fields), which the rulings page steps through action by action;
  ``seat`` ('A' or 'B', optional) shows the example as that player sees it (hidden cards
  hidden) instead of the whole table;
- what the engine must answer (each checked by ``check``; tests/teaching/test_rulings_page.py checks
  every example):

  - ``expect``: ``{path: value}``. A path reads the referee's result for the scenario
    (``"tricks[-1].winner"``, ``"score.A"``, ``"phase"``), the round (``"round.tricks[0]
    .number"``) or a player's view (``"view:B.known_opponent_cards"``); cards are compared as
    their codes ('9M'), suits by name ('MOONS');
  - ``says``: ``{path: [words, ...]}``, each text found in the text at that path (a list of
    texts is read as one); ``words`` at the end of a path is everything the round (or the
    view) said so far, in order;
  - ``refused``: ``{"play": entry, "says": words}``: one more play after ``plays`` that the
    engine refuses, with those words in its reason (or ``"plays": [...]``, the whole list of
    plays to try, when the refused play is not the next one);
  - ``error``: words of the error for a scenario the engine refuses as a whole;
  - ``lines``: instead of ``example``, referee input lines (text), each answered by exactly
    one output line; ``answers`` holds words of each answer;
  - ``game``: instead of ``example``, a whole game for rulings about more than one round:
    ``{"seed": 4, "goals": [ids], "rounds": 3}`` deals that many rounds of a ``Game`` with
    those goal cards, each played out with moves picked at random from the legal ones (from
    the same seed); ``game.rounds[i].goals`` (the goals revealed), ``.claimed`` (the once-goals
    claimed) and ``.reshuffled`` (the goal deck was shuffled again to reveal them) are read
    by ``expect`` paths.

``load()`` reads the file (cached); ``run(ruling)`` plays the example; ``check(ruling)`` lists
what the engine answers differently (empty: the ruling holds).
"""
from __future__ import annotations

import io
import json
import random
import re
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from pathlib import Path

from ..core.cards import Card
from ..core.errors import FoxError
from ..engine.game import Game
from ..engine.modules import Modules
from ..io.inputs import read_scenario
from ..words.narrator import Narrator
from ..io.referee import main as referee_main
from ..io.referee import result
from ..engine.round import PLAYERS

DATA = Path(__file__).parent.parent / "data" / "rulings.json"

# The two labels, as the rulings page shows them (a badge on each ruling), and the headings of
# the lines under a ruling's words.
LABELS = {"rulebook": "The rulebook says", "ours": "Our ruling"}
BASIS_HEADING = "In the rulebook"
REASON_HEADING = "Why we rule this way"
OTHER_HEADING = "Read the other way"
LEGEND = ("Each ruling carries a badge. \u201cThe rulebook says\u201d: the reading follows "
          "directly from the printed rules. \u201cOur ruling\u201d: the rulebook is silent or "
          "can be read two ways (or the text comes from outside the rulebook), so this app "
          "decided; the ruling then says why, and what changes for a player who reads it the "
          "other way. Under each ruling, \u201cIn the rulebook\u201d says what the rulebook "
          "itself says on the point, in our words.")


@dataclass(frozen=True)
class Ruling:
    section: str
    id: str
    title: str
    words: str
    basis: str = ""
    label: str = ""
    reason: str = ""
    other_reading: str = ""
    example: dict | None = None
    seat: str | None = None
    expect: dict = field(default_factory=dict)
    says: dict = field(default_factory=dict)
    refused: dict | None = None
    error: str | None = None
    lines: tuple = ()
    answers: tuple = ()
    game: dict | None = None
    note: str = ""

    @property
    def key(self) -> str:
        """Unique across sections ('Goal cards G1' and 'End of the game G1' differ)."""
        return f"{self.section}: {self.id}"

    @property
    def badge(self) -> str:
        """The label in words: 'The rulebook says' or 'Our ruling'."""
        return LABELS[self.label]

    @property
    def ours(self) -> bool:
        return self.label == "ours"

    @property
    def anchor(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", f"{self.section} {self.id}".lower()).strip("-")


FIELDS = {f for f in Ruling.__dataclass_fields__}


@lru_cache(maxsize=1)
def load() -> tuple:
    """Every ruling, in the order of docs/rulings.md."""
    rows = json.loads(DATA.read_text(encoding="utf-8"))
    out = []
    for i, row in enumerate(rows):
        unknown = set(row) - FIELDS
        if unknown:
            raise ValueError(f"{DATA.name}[{i}] has unknown fields {sorted(unknown)}")
        problem = label_problem(row)
        if problem:
            raise ValueError(f"{DATA.name}[{i}] ({row.get('id', '?')}): {problem}")
        row = dict(row)
        row["lines"] = tuple(row.get("lines", ()))
        row["answers"] = tuple(row.get("answers", ()))
        out.append(Ruling(**row))
    return tuple(out)


def label_problem(row: dict) -> str:
    """What is wrong with a ruling's basis and label ('' when nothing): a basis, one of the two
    labels, and for our ruling its reason and the other reading (a ruling the rulebook settles
    has neither)."""
    if not str(row.get("basis", "")).strip():
        return "'basis' is missing: say what the rulebook says on the point, or that it is silent"
    label = row.get("label")
    if label not in LABELS:
        return f"'label' is {label!r}; it must be one of {sorted(LABELS)}"
    extra = [k for k in ("reason", "other_reading") if str(row.get(k, "")).strip()]
    if label == "ours":
        missing = [k for k in ("reason", "other_reading") if k not in extra]
        if missing:
            return f"our ruling needs {' and '.join(repr(k) for k in missing)}"
    elif extra:
        return (f"a ruling the rulebook settles has no {' or '.join(repr(k) for k in extra)} "
                "(label it 'ours' if it needs them)")
    return ""


def sections() -> list:
    """[(section, [rulings])] in order."""
    out: list = []
    for r in load():
        if not out or out[-1][0] != r.section:
            out.append((r.section, []))
        out[-1][1].append(r)
    return out


def find(key: str) -> Ruling:
    """The ruling called ``key``: 'Special cards: SC10', or an id when it is unique ('SC10')."""
    found = [r for r in load() if key in (r.key, r.id)]
    if len(found) != 1:
        raise KeyError(f"{key!r} names {len(found)} rulings; write 'section: id'.")
    return found[0]


# ----------------------------------------------------------------------------- running

@dataclass
class Outcome:
    """What the engine made of a ruling's example: the round after its plays and the referee's
    result (or the error that refused the scenario), the refusal of ``refused``'s play, and the
    answers to ``lines``."""

    round: object = None
    game: dict | None = None
    result: dict | None = None
    error: str | None = None
    refusal: str | None = None
    answers: list = field(default_factory=list)


def run(ruling: Ruling) -> Outcome:
    out = Outcome()
    if ruling.game is not None:
        out.game = play_game(**ruling.game)
        return out
    if ruling.example is None and not ruling.lines:
        return out
    if ruling.lines:
        stdout = io.StringIO()
        text = "".join(line + "\n" for line in ruling.lines).encode("utf-8")
        referee_main([], stdin=io.BytesIO(text), stdout=stdout)
        out.answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
        return out
    try:
        rnd, target = read_scenario(json.loads(json.dumps(ruling.example)))
        out.round, out.result = rnd, result(rnd, target)
    except FoxError as exc:
        out.error = str(exc)
        return out
    if ruling.refused is not None:
        scenario = json.loads(json.dumps(ruling.example))
        scenario["plays"] = refused_plays(ruling)
        try:
            read_scenario(scenario)
        except FoxError as exc:
            out.refusal = str(exc)
    return out


def play_game(seed: int, goals, rounds: int, target: int = 500) -> dict:
    """Deal ``rounds`` rounds of a game with the goal cards ``goals``, playing each out with
    legal moves picked at random (seeded): what each round revealed and claimed, and whether
    the goal deck was shuffled again to reveal them."""
    game = Game(seed=seed, modules=Modules(goals=tuple(goals)), target=target)
    rng = random.Random(seed)
    out, shuffles = [], 0
    for number in range(1, rounds + 1):
        if number > 1:
            game.next_round()
        deck = game.goal_deck().reshuffles
        rnd = game.round
        while not rnd.is_over:
            actions = rnd.legal_actions()
            rnd.act(actions[rng.randrange(len(actions))])
        records = rnd.tricks + [rnd.round_end]
        claimed = [c.goal for r in records for c in getattr(r, "claims", ()) if c.kind == "once"]
        out.append({"goals": [g.id for g in rnd.goals],
                    "titles": [g.title for g in rnd.goals], "claimed": claimed,
                    "reshuffled": deck > shuffles})
        shuffles = deck
    return {"rounds": out, "reshuffles": shuffles}


def refused_plays(ruling: Ruling) -> list:
    """The plays of a ruling's refused try: ``refused.plays`` as given, or the example's plays
    and then ``refused.play``."""
    if "plays" in ruling.refused:
        return list(ruling.refused["plays"])
    return list(ruling.example.get("plays", [])) + [ruling.refused["play"]]


def plain(value):
    """``value`` as JSON-like data: cards as codes, suits and other enums by name."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return value.name
    if isinstance(value, dict):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


_STEP = re.compile(r"\.?([A-Za-z_]\w*)|\[(-?\d+)\]")


def read_path(outcome: Outcome, path: str):
    """The value at ``path`` (see the module's docstring); KeyError when it is not there."""
    root, rest = outcome.result, path
    narrator_of = None
    if path.startswith("game."):
        root, rest = outcome.game, path[len("game"):]
    elif path.startswith("round.") or path == "round":
        root, rest = outcome.round, path[len("round"):]
        narrator_of = outcome.round
    elif path.startswith("view:"):
        who, _, rest = path[len("view:"):].partition(".")
        root = outcome.round.view(PLAYERS.index(who))
        narrator_of = outcome.round
        rest = "." + rest if rest else ""
    value = root
    pos = 0
    while pos < len(rest):
        m = _STEP.match(rest, pos)
        if not m:
            raise KeyError(f"{path}: cannot read {rest[pos:]!r}")
        pos = m.end()
        name, index = m.group(1), m.group(2)
        if name == "words" and pos == len(rest) and narrator_of is not None:
            history = getattr(value, "history")
            return [Narrator.of(narrator_of).say(rec) for rec in history]
        if name is not None:
            if isinstance(value, dict):
                if name not in value:
                    raise KeyError(f"{path}: no {name!r} here")
                value = value[name]
            elif hasattr(value, name):
                value = getattr(value, name)
            else:
                raise KeyError(f"{path}: no {name!r} here")
        else:
            value = value[int(index)]
    return plain(value)


def _text(value) -> str:
    if isinstance(value, list):
        return " ".join(_text(v) for v in value)
    if isinstance(value, dict):
        return " ".join(_text(v) for v in value.values())
    return str(value)


def check(ruling: Ruling) -> list:
    """What the engine answers differently from the ruling's example (empty: it holds)."""
    out = run(ruling)
    problems = []
    if ruling.lines:
        if len(out.answers) != len(ruling.lines):
            problems.append(f"{len(ruling.lines)} lines gave {len(out.answers)} answers")
        for i, (answer, words) in enumerate(zip(out.answers, ruling.answers)):
            if words not in _text(answer):
                problems.append(f"line {i + 1}: {words!r} not in {answer}")
        return problems
    if ruling.example is None and ruling.game is None:
        return problems         # nothing to play (the ruling's note says why)
    if ruling.error is not None:
        if out.error is None or ruling.error not in out.error:
            problems.append(f"error: expected {ruling.error!r}, the engine said {out.error!r}")
        return problems
    if out.error is not None:
        return [f"the example is refused: {out.error}"]
    if ruling.game is not None and not ruling.expect:
        problems.append("a game example expects nothing")
    for path, want in ruling.expect.items():
        try:
            got = read_path(out, path)
        except (KeyError, IndexError, AttributeError) as exc:
            problems.append(f"{path}: {exc}")
            continue
        if got != want:
            problems.append(f"{path}: expected {want!r}, the engine gives {got!r}")
    for path, texts in ruling.says.items():
        try:
            got = _text(read_path(out, path))
        except (KeyError, IndexError, AttributeError) as exc:
            problems.append(f"{path}: {exc}")
            continue
        for words in texts:
            if words not in got:
                problems.append(f"{path}: {words!r} not in {got!r}")
    if ruling.refused is not None:
        if out.refusal is None:
            problems.append(f"the plays {refused_plays(ruling)!r} were not refused")
        elif ruling.refused["says"] not in out.refusal:
            problems.append(f"refusal: {ruling.refused['says']!r} not in {out.refusal!r}")
    return problems


def scenario_line(ruling: Ruling) -> str:
    """The example as one referee input line (what `python -m foxlib referee` reads)."""
    return json.dumps(ruling.example, separators=(", ", ": "))
