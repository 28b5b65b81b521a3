"""The referee: JSON Lines scenarios in, one JSON result line out for each.

A scenario is a position (``decree``, ``hands``, ``leader``, optional ``deck``, ``trick``,
``tricks_won``, ``score``, ``round_gain``, ``target``) plus the ``plays`` to apply in order.
Reading and playing it is ``foxlib.io.inputs.read_scenario``; this module only turns lines into
scenarios and rounds into result lines.
"""
from __future__ import annotations

import json
import sys

from ..core.errors import FoxError
from ..engine.game import game_result
from .inputs import read_scenario
from ..engine.round import PLAYERS, Round


def event(rec) -> dict:
    """One record of a round as the referee reports it: its kind, who, and its words."""
    out = {"kind": rec.kind}
    player = getattr(rec, "player", None)
    if player is not None:
        out["player"] = PLAYERS[player]
    if rec.kind == "trick":
        out["player"] = PLAYERS[rec.winner]
    out["text"] = rec.reason
    return out


def result(rnd: Round, target: int) -> dict:
    out = {
        "tricks": [t.to_json() for t in rnd.tricks],
        "tricks_won": dict(zip(PLAYERS, rnd.tricks_won)),
        "score": dict(zip(PLAYERS, rnd.score)),
        "decree": str(rnd.decree),
        "hands": {p: [str(c) for c in sorted(rnd.hands[i])] for i, p in enumerate(PLAYERS)},
        "deck": [str(c) for c in rnd.deck],
        "to_play": None if rnd.to_play is None else PLAYERS[rnd.to_play],
        "legal": [str(c) for c in rnd.legal_cards()],
        "round_over": rnd.is_over,
    }
    if rnd.goals:
        out["goals"] = [g.id for g in rnd.goals]
    if rnd.modules.special:
        # With special cards a play is several decisions: say the decision expected now, the
        # actions allowed, every event in words and the chance outcomes.
        out["phase"] = rnd.phase
        out["legal_actions"] = [str(a) for a in rnd.legal_actions()]
        out["events"] = [event(rec) for rec in rnd.history]
        out["chance"] = [[str(c) for c in outcome] for outcome in rnd.chance]
    if rnd.is_over:
        over, winner, why = game_result(rnd.score, rnd.round_gain, target)
        out["round_points"] = dict(zip(PLAYERS, rnd.round_end.points))
        out["round_reason"] = rnd.round_end.reason
        if rnd.round_end.goals is not None:
            out["round_goal_points"] = dict(zip(PLAYERS, rnd.round_end.goals))
        out["game_over"] = over
        out["winner"] = PLAYERS[winner] if winner in (0, 1) else winner
        out["game_reason"] = why
    return out


def referee_line(line) -> dict:
    """Judge one input line (text or bytes); every problem becomes ``{"error": ...}``."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return {"error": f"The line is not UTF-8 text ({exc.reason} at byte {exc.start}); "
                             "a scenario is one JSON object per line."}
    if not line.strip():
        # Answer it anyway, so output line N always belongs to input line N.
        return {"error": "The line is empty; a scenario is one JSON object per line."}
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"error": f"The line is not valid JSON: {exc}."}
    except RecursionError:
        return {"error": "The line is not a scenario: its JSON is nested too deeply."}
    try:
        rnd, target = read_scenario(obj)
        return result(rnd, target)
    except FoxError as exc:
        return {"error": str(exc)}
    except (TypeError, KeyError, AttributeError, ValueError, RecursionError) as exc:
        # Malformed shapes deep inside: still one clear line, never a traceback.
        return {"error": f"The scenario is malformed: {exc}."}


def main(argv=None, stdin=None, stdout=None) -> int:
    """Read scenarios from stdin (bytes, so a bad encoding spoils only its own line)."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout or sys.stdout
    for line in stdin:
        stdout.write(json.dumps(referee_line(line)) + "\n")
        stdout.flush()
    return 0
