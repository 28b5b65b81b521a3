"""Goal files of the players' own (``fox-goals/1``, docs/goals.md), read from their JSON text
or from a path: the text is decoded here (``foxlib.io.inputs.read_json``: "The goal file is
not valid JSON: ..."), then checked by ``foxlib.engine.goals.read_goals``.

``problems``: None raises an ``InputError`` at the first problem; a ``Problems()`` collects
every problem (then None is returned if any was found), as every reader of ``foxlib.io`` does.
The house goals are the package's own file: ``foxlib.engine.goals.house_goals``.
"""
from __future__ import annotations

from pathlib import Path

from ..engine.goals import GoalSet, goal_problems, read_goals
from .inputs import read_json


def load_text(text: str, file: str = "<text>", problems=None) -> GoalSet | None:
    """Read a goal file's JSON text (see ``foxlib.engine.goals.read_goals``); ``file`` names it
    in every problem ('upload:kitchen.json, goal g1, condition.with: ...')."""
    ok, data = read_json(text, "The goal file", goal_problems(file, problems))
    if not ok:
        problems.count += 1
        return None
    return read_goals(data, file, problems)


def load_file(path, problems=None) -> GoalSet | None:
    """Read a goal file (see ``load_text``); problems name it by its path."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        goal_problems(str(path), problems).add("", f"The file cannot be read: {exc}.", "")
        problems.count += 1
        return None
    return load_text(text, str(path), problems)
