"""The referee end to end: ``python -m foxlib referee`` reading JSON Lines scenarios on stdin and
writing one JSON line per input line, bad input included."""
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from foxlib.io.referee import referee_line

RUNNING = {"tricks", "tricks_won", "score", "decree", "hands", "deck", "to_play", "legal",
           "round_over"}
# When the round is over the issue adds round_points, game_over and winner; the engine also
# explains both (every result carries a plain-English reason).
OVER = RUNNING | {"round_points", "game_over", "winner", "round_reason", "game_reason"}
TRICK = {"leader", "cards", "winner", "next_leader", "treasure", "decree", "reason"}


def run_referee(*lines, raw: bytes | None = None):
    """Run the real command on the lines (dicts are JSON-encoded); return the parsed outputs."""
    data = raw if raw is not None else "".join(
        (json.dumps(line) if not isinstance(line, str) else line) + "\n" for line in lines
    ).encode()
    proc = subprocess.run([sys.executable, "-m", "foxlib", "referee"], input=data,
                          capture_output=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr.decode()
    out = proc.stdout.decode().splitlines()
    return [json.loads(line) for line in out]


def scenario(**fields):
    base = {"decree": "2M", "hands": {"A": ["4K", "8B"], "B": ["6K", "10B"]}, "leader": "A",
            "plays": []}
    base.update(fields)
    return base


# ----------------------------------------------------------------------------- results

def test_referee_result_fields_while_the_round_goes_on():
    [out] = run_referee(scenario(plays=["4K"]))
    assert set(out) == RUNNING
    assert out == {"tricks": [], "tricks_won": {"A": 0, "B": 0}, "score": {"A": 0, "B": 0},
                   "decree": "2M", "hands": {"A": ["8B"], "B": ["10B", "6K"]}, "deck": [],
                   "to_play": "B", "legal": ["6K"], "round_over": False}


def test_referee_result_fields_when_the_round_is_over():
    [out] = run_referee(scenario(plays=["4K", "6K", "10B", "8B"], score={"A": 3, "B": 5}))
    assert set(out) == OVER
    assert [set(t) for t in out["tricks"]] == [TRICK, TRICK]
    assert out["tricks"][0] == {
        "leader": "A", "cards": ["4K", "6K"], "winner": "B", "next_leader": "B", "treasure": 0,
        "decree": "2M", "reason": "Moons are trump. Both cards are Keys, so the higher rank "
                                  "wins: B's 6 of Keys beats A's 4 of Keys."}
    assert out["tricks_won"] == {"A": 0, "B": 2} and out["round_points"] == {"A": 6, "B": 6}
    assert out["score"] == {"A": 9, "B": 11}
    assert out["to_play"] is None and out["legal"] == [] and out["round_over"] is True
    assert out["game_over"] is False and out["winner"] is None
    assert "A won 0 tricks: Humble" in out["round_reason"]


def test_referee_fox_exchange_and_decline():
    fox = scenario(hands={"A": ["3K", "7M", "8K"], "B": ["4B", "10M", "6B"]}, decree="2B")
    took, declined = run_referee(
        dict(fox, plays=[{"card": "3K", "exchange": "7M"}, "4B"]),
        dict(fox, plays=[{"card": "3K"}, "4B"]))
    assert took["decree"] == "7M" and took["hands"]["A"] == ["2B", "8K"]
    assert took["tricks"][0]["winner"] == "A" and took["tricks"][0]["decree"] == "7M"
    assert declined["decree"] == "2B" and declined["tricks"][0]["winner"] == "B"


def test_referee_woodcutter_discard_goes_to_the_bottom_of_the_deck():
    wood = scenario(hands={"A": ["5K", "8B"], "B": ["6K", "10B"]}, deck=["1M", "2B", "3B"])
    kept, drawn = run_referee(dict(wood, plays=[{"card": "5K", "discard": "8B"}]),
                              dict(wood, plays=[{"card": "5K", "discard": "1M"}]))
    assert kept["deck"] == ["2B", "3B", "8B"] and kept["hands"]["A"] == ["1M"]
    assert drawn["deck"] == ["2B", "3B", "1M"] and drawn["hands"]["A"] == ["8B"]


def test_referee_trick_in_progress_and_defaults():
    [out] = run_referee(scenario(hands={"A": ["8B"], "B": ["6K", "10B"]}, trick=["11K"],
                                 plays=[]))
    assert out["to_play"] == "B" and out["legal"] == ["6K"]     # the Monarch forces the 6
    [out] = run_referee(scenario(leader="B", plays=["6K"]))
    assert out["to_play"] == "A" and out["legal"] == ["4K"]


def test_referee_treasure_points_count_in_the_score_at_once():
    [out] = run_referee(scenario(hands={"A": ["7K", "8B"], "B": ["6K", "10B"]},
                                 plays=["7K", "6K"], score={"A": 2, "B": 0}))
    assert out["tricks"][0]["treasure"] == 1 and out["score"] == {"A": 3, "B": 0}
    assert out["round_over"] is False


def test_referee_game_over_winner_tie_break_and_draw():
    end = scenario(plays=["4K", "6K", "10B", "8B"], tricks_won={"A": 9, "B": 0})  # 9 and 2
    won, tie_break, draw, longer = run_referee(
        dict(end, score={"A": 20, "B": 10}),                         # A 26, B 16
        dict(end, score={"A": 15, "B": 15}, round_gain={"A": 1}),    # 21-21, gains 7 against 6
        dict(end, score={"A": 15, "B": 15}),                         # 21-21, 6 against 6
        dict(end, score={"A": 20, "B": 10}, target=35))
    assert (won["game_over"], won["winner"]) == (True, "A")
    assert won["round_points"] == {"A": 6, "B": 6}
    assert (tie_break["game_over"], tie_break["winner"]) == (True, "A")
    assert "tie-break" in tie_break["game_reason"]
    assert (draw["game_over"], draw["winner"]) == (True, "draw")
    assert (longer["game_over"], longer["winner"]) == (False, None)


def test_referee_both_hands_empty_is_a_finished_round():
    [out] = run_referee(scenario(hands={"A": [], "B": []}, tricks_won={"A": 10, "B": 3}))
    assert out["round_over"] is True and out["round_points"] == {"A": 0, "B": 6}


# ----------------------------------------------------------------------------- bad input

GOOD = scenario(plays=["4K"])

BAD = [
    (scenario(hands={"A": ["4K", "13B"], "B": ["6K", "10B"]}),
     ["hands.A[1]", "'13B'", "ranks run from 1 to 11"]),
    (scenario(plays=["4Q"]), ["plays[0]", "'4Q'"]),
    (scenario(hands={"A": ["4K", "6K"], "B": ["6K", "10B"]}), ["6 of Keys", "appears twice"]),
    (scenario(deck=["2M"]), ["2 of Moons", "appears twice", "decree", "deck"]),
    (scenario(hands={"A": ["4K", "8B", "1B"], "B": ["6K", "10B"]}),
     ["A is to lead", "same number of cards", "A has 3 and B has 2"]),
    (scenario(trick=["1B"]), ["A has led 1B", "one card fewer", "2 and 2"]),
    (scenario(tricks_won={"A": 7, "B": 5}), ["13 tricks", "12 are already won", "2 more"]),
    (scenario(plays=["6K"]), ["plays[0]", "A does not hold the 6 of Keys"]),
    (scenario(plays=["4K", "6K", "10B", "8B", "4K"]), ["plays[4]", "round is already over"]),
    (scenario(plays=[{"card": "4K", "exchange": "8B"}]), ["plays[0]", "Only a Fox"]),
    (scenario(plays=[{"card": "4K", "discard": "8B"}], deck=["1M"]),
     ["plays[0]", "Only a Woodcutter"]),
    (scenario(hands={"A": ["5K", "8B"], "B": ["6K", "10B"]},
              plays=[{"card": "5K", "discard": "8B"}]), ["plays[0]", "deck is empty"]),
    (scenario(hands={"A": ["5K", "8B"], "B": ["6K", "10B"]}, deck=["1M"], plays=["5K"]),
     ["plays[0]", "must say which card to discard"]),
    (scenario(hands={"A": ["3K", "8B"], "B": ["6K", "10B"]},
              plays=[{"card": "3K", "exchange": "6K"}]), ["plays[0]", "does not hold the 6 of Keys"]),
    (scenario(plays=["4K", "10B"]), ["plays[1]", "You must follow Keys: you hold the 6 of Keys"]),
    # B lost with the Swan, so B leads the second trick, not A:
    (scenario(hands={"A": ["11K", "8B"], "B": ["1K", "6K"]}, plays=["11K", "1K", "8B", "6K"]),
     ["plays[2]", "B does not hold the 8 of Bells"]),
    (scenario(hands={"A": ["11K", "8B"], "B": ["3K", "6K"]}, plays=["11K", "3K"]),
     ["plays[1]", "Monarch (11 of Keys)", "highest Key, the 6 of Keys"]),
    ('{"decree": "2M", "hands": ', ["not valid JSON"]),
    ("[1, 2]", ["must be a JSON object", "not a list"]),
    ('"9M"', ["must be a JSON object", "not a text"]),
    ("42", ["must be a JSON object", "not a number"]),
    ("null", ["must be a JSON object", "not null"]),
    ("", ["The line is empty"]),
    ({k: v for k, v in GOOD.items() if k != "decree"}, ["'decree' is missing"]),
    ({k: v for k, v in GOOD.items() if k != "hands"}, ["'hands' is missing"]),
    ({k: v for k, v in GOOD.items() if k != "leader"}, ["'leader' is missing"]),
    ({k: v for k, v in GOOD.items() if k != "plays"}, ["'plays' is missing"]),
    (scenario(dealer="A"), ["Unknown scenario field", "dealer"]),
    (scenario(leader="C"), ["leader", "'C' is not a player"]),
    (scenario(target=0), ["'target' must be a whole number"]),
    (scenario(plays="4K"), ["'plays' must be a list"]),
    (scenario(plays=[{"card": "4K", "swap": "8B"}]), ["plays[0]", "unknown field"]),
    (scenario(hands={"A": ["4K", "8B"]}), ["hands must be an object"]),
    (scenario(score={"A": -2}), ["score.A must be a whole number"]),
]


def test_referee_reports_every_bad_line_and_keeps_going():
    lines = []
    for bad, _ in BAD:
        lines += [bad, GOOD]
    outputs = run_referee(*lines)
    assert len(outputs) == len(lines)
    good = referee_line(json.dumps(GOOD))
    for i, (bad, expected) in enumerate(BAD):
        out, after = outputs[2 * i], outputs[2 * i + 1]
        assert set(out) == {"error"}, (bad, out)
        message = out["error"]
        for fact in expected:
            assert fact in message, (bad, message)
        assert len(message) > 20 and message.endswith("."), message
        assert after == good


def test_referee_answers_a_line_that_is_not_utf8_and_goes_on():
    raw = b'\xff\xfe{"a": 1}\n' + json.dumps(GOOD).encode() + b"\n"
    bad, good = run_referee(raw=raw)
    assert "not UTF-8" in bad["error"] and good["legal"] == ["6K"]


def test_referee_answers_deeply_nested_json_and_goes_on():
    raw = b"[" * 100000 + b"\n" + json.dumps(GOOD).encode() + b"\n"
    bad, good = run_referee(raw=raw)
    assert "nested too deeply" in bad["error"] and good["to_play"] == "B"


def test_referee_without_a_trailing_newline_still_answers_the_last_line():
    outs = run_referee(raw=(json.dumps(GOOD) + "\n" + json.dumps(GOOD)).encode())
    assert len(outs) == 2


def test_command_line_without_a_command_prints_usage():
    proc = subprocess.run([sys.executable, "-m", "foxlib"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and "referee" in proc.stderr


# ----------------------------------------------------------------------------- fuzzing

JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(
        ["A", "B", "9M", "3K", "5B", "7M", "1B", "11K", "13M", "", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["A", "B", "card", "exchange", "discard", "x"]), inner, max_size=3),
    max_leaves=8)
FIELDS = ["decree", "hands", "leader", "plays", "deck", "trick", "tricks_won", "score",
          "round_gain", "target", "extra"]


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), JSONISH, max_size=6), st.permutations(range(33)),
       st.integers(0, 4))
def test_referee_never_crashes_on_malformed_scenarios(fields, order, n):
    from foxlib import DECK
    cards = [str(DECK[i]) for i in order]
    obj = {"decree": cards[0], "hands": {"A": cards[1:1 + n], "B": cards[1 + n:1 + 2 * n]},
           "leader": "A", "plays": cards[1:1 + n]}
    obj.update(fields)
    out = referee_line(json.dumps(obj))
    json.dumps(out, allow_nan=False)
    assert set(out) == {"error"} or set(out) in (RUNNING, OVER)
