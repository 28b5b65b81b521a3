"""Which puzzles were solved, and where the learner was, kept in the browser (``ProgressStore``,
see puzzle.js); the puzzle player, the puzzle app and the landing page read it."""
from __future__ import annotations

import pathlib

import anywidget
import traitlets as t

HERE = pathlib.Path(__file__).parent
STORAGE_KEY = "fox-explorer-puzzles-v1"


def progress_key(puzzle) -> str:
    """Progress is remembered per set and puzzle id: 'witch/witch-lone-witch'."""
    return f"{puzzle.set_id}/{puzzle.id}"


class ProgressStore(anywidget.AnyWidget):
    """Which puzzles were solved, and where the learner was, kept in this browser's
    localStorage (see puzzle.js).

    ``solved`` maps ``progress_key(puzzle)`` to True; ``seen`` does the same for puzzles whose
    solution was shown before they were solved (those do not count as solved). ``place`` is the
    puzzle open now (``progress_key``), written by the kernel; ``last`` is the place the browser
    remembered from the last visit, and ``hash`` the page's #fragment (a set or a puzzle to
    open). ``loaded`` turns True once the browser has merged what it remembered."""

    _esm = HERE / "puzzle.js"
    _css = HERE / "puzzle.css"
    key = t.Unicode(STORAGE_KEY).tag(sync=True)
    solved = t.Dict().tag(sync=True)
    seen = t.Dict().tag(sync=True)
    place = t.Unicode("").tag(sync=True)
    last = t.Unicode("").tag(sync=True)
    link = t.Bool(True).tag(sync=True)       # write the open puzzle into the page's #fragment
    loaded = t.Bool(False).tag(sync=True)
    hash = t.Unicode("").tag(sync=True)

    def mark(self, puzzle) -> None:
        if not self.solved.get(progress_key(puzzle)):
            self.solved = {**self.solved, progress_key(puzzle): True}

    def mark_seen(self, puzzle) -> None:
        if not self.is_solved(puzzle) and not self.seen.get(progress_key(puzzle)):
            self.seen = {**self.seen, progress_key(puzzle): True}

    def is_solved(self, puzzle) -> bool:
        return bool(self.solved.get(progress_key(puzzle)))

    def is_seen(self, puzzle) -> bool:
        """The solution was shown and the puzzle was never solved before that."""
        return bool(self.seen.get(progress_key(puzzle))) and not self.is_solved(puzzle)

    def forget(self) -> None:
        self.solved, self.seen = {}, {}
