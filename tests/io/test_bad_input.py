"""Bad input of every shape gets a clear error naming what is wrong, never a crash: valid saved
rounds, referee scenarios and puzzle files are damaged at random (seeded), and each reader must
answer with its own kind of error (FoxError, an ``{"error": ...}`` line, a listed problem),
never with another exception or the catch-all "malformed" message."""
import json
import random

from foxlib import FoxError, Round
from foxlib.teaching import puzzles
from foxlib.io.referee import referee_line
from foxlib.cli.solve import solve_line
from foxlib.io.inputs import loads_round

_ODD_VALUES = [None, 1, -1, 1.5, "x", "", [], {}, ["4B"], {"A": []}, "99Z", True, "A", "B", 14,
               ["1M", "1M"], [[]], [None], {"card": "3B", "exchange": "7M"}, 10 ** 30,
               {"A": 2, "B": 3}, "band:Victorious"]


def _damage(obj, rng, depth=0):
    """Replace, delete or descend into one entry of a JSON object or list, in place."""
    if isinstance(obj, dict) and obj:
        key = rng.choice(list(obj))
        if rng.random() < 0.5 and depth < 4 and isinstance(obj[key], (dict, list)):
            _damage(obj[key], rng, depth + 1)
        elif rng.random() < 0.2:
            del obj[key]
        else:
            obj[key] = json.loads(json.dumps(rng.choice(_ODD_VALUES)))
    elif isinstance(obj, list) and obj:
        i = rng.randrange(len(obj))
        if rng.random() < 0.5 and depth < 4 and isinstance(obj[i], (dict, list)):
            _damage(obj[i], rng, depth + 1)
        else:
            obj[i] = json.loads(json.dumps(rng.choice(_ODD_VALUES)))


def _damaged_texts(good: dict, rng, count):
    for _ in range(count):
        obj = json.loads(json.dumps(good))
        for _ in range(rng.randint(1, 3)):
            _damage(obj, rng)
        text = json.dumps(obj)
        if rng.random() < 0.05:
            text = text[: rng.randrange(len(text))]     # cut short: not JSON at all
        yield text


def _saved_round() -> dict:
    rnd = Round.deal(seed=3, dealer=0)
    for _ in range(9):                                  # into the round, a Fox or two on the way
        rnd.act(rnd.legal_actions()[0])
    return json.loads(rnd.dumps())


def test_a_damaged_saved_round_is_refused_with_a_fox_error():
    rng = random.Random(1)
    refused = 0
    for text in _damaged_texts(_saved_round(), rng, 600):
        try:
            loads_round(text)
        except FoxError as exc:
            assert str(exc).strip(), text
            refused += 1
    assert refused > 300          # most damage is caught; the rest still makes a valid round


def test_damaged_referee_and_solve_lines_get_a_specific_error_line():
    good = {"decree": "1M", "hands": {"A": ["4B", "4M"], "B": ["8K", "2M"]}, "leader": "B",
            "tricks_won": {"A": 2, "B": 9}, "plays": []}
    rng = random.Random(2)
    errors = 0
    for text in _damaged_texts(good, rng, 300):
        for answer in (referee_line(text), solve_line(text)):
            assert isinstance(answer, dict)
            if "error" in answer:
                errors += 1
                assert "malformed" not in answer["error"], (text, answer)
    assert errors > 300


def test_damaged_puzzle_files_list_their_problems_and_never_raise():
    files = sorted(puzzles.DATA_DIR.glob("*.json"))
    rng = random.Random(3)
    with_problems = 0
    for path in files[:4]:
        for text in _damaged_texts(json.loads(path.read_text()), rng, 40):
            result = puzzles.load_text(text, file="damaged.json")
            with_problems += bool(result.problems)
            for problem in result.problems:
                assert "damaged.json" in str(problem), problem
    assert with_problems > 60
