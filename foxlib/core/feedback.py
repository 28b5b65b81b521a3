"""The one shape of feedback a learner gets after an answer, for puzzles and lesson exercises
alike (``foxlib.teaching.puzzles.PuzzleSession`` and ``foxlib.teaching.exercises``)."""
from __future__ import annotations

from dataclasses import dataclass

RIGHT, WRONG, GOING, SHOWN, REFUSED = "right", "wrong", "going", "shown", "refused"
STATUSES = (RIGHT, WRONG, GOING, SHOWN, REFUSED)


@dataclass(frozen=True)
class Feedback:
    """What is shown after an answer. ``status`` is right, wrong, going (a right move in a
    longer puzzle), shown (the answer, on request) or refused (not a possible answer; nothing
    counted); ``title`` is the headline, ``lines`` the explanation (a tuple of texts) and
    ``done`` says whether the attempt is over."""

    status: str
    title: str
    lines: tuple = ()
    done: bool = False

    def __post_init__(self):
        if self.status not in STATUSES:
            raise ValueError(f"status: {self.status!r} is not one of {list(STATUSES)}.")
        object.__setattr__(self, "lines", tuple(self.lines))

    @property
    def text(self) -> str:
        """The headline and the lines as one plain text."""
        return " ".join(part for part in (self.title, *self.lines) if part)
