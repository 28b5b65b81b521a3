"""Several exercises answered one at a time, ending with a summary (``Quiz``).
"""
from __future__ import annotations

from ...core.errors import InvalidState, json_kind
from ...words import exercise_text as text
from .frame import Exercise
from .kinds import check_spec, make_exercise


# ----------------------------------------------------------------------------- several at once

class Quiz:
    """Several exercises answered one at a time, ending with a summary: how many were right at
    the first try, and which questions to review.

    ``items`` are exercises or their data (``{"kind": "who_wins", ...}``). Data items are built
    on first use (``exercise(index)``), by ``build(index, data)`` when given (a page builds its
    own view of the exercise and returns the headless one), otherwise by ``make_exercise``.
    """

    def __init__(self, items, *, build=None):
        if not isinstance(items, (list, tuple)) or not items:
            raise InvalidState("Quiz needs a non-empty list of exercises.")
        for i, item in enumerate(items):
            if not isinstance(item, (Exercise, dict)):
                raise InvalidState(f"items[{i}] must be an exercise or its data (an object "
                                   f"with a 'kind'), not {json_kind(item)}.")
            if isinstance(item, dict):
                check_spec(item, f"items[{i}]")
        self.items = list(items)
        self._build = build or (lambda index, data: make_exercise(data, f"items[{index}]"))
        self._built: dict = {}

    def __len__(self) -> int:
        return len(self.items)

    def exercise(self, index: int) -> Exercise:
        """The exercise at ``index``, built on first use."""
        if index not in self._built:
            item = self.items[index]
            self._built[index] = item if isinstance(item, Exercise) else \
                self._build(index, item)
        return self._built[index]

    @property
    def solved(self) -> int:
        """Questions solved so far."""
        return sum(ex.solved for ex in self._built.values())

    @property
    def first_try(self) -> int:
        """Questions answered right on the first attempt (without looking at the answer)."""
        return sum(ex.solved and ex.attempts == 1 and not ex.revealed
                   for ex in self._built.values())

    def results(self) -> list:
        """Each question's outcome so far (questions never opened: not answered yet)."""
        out = []
        for i in range(len(self.items)):
            ex = self._built.get(i)
            title = text.short_title(ex.question if ex else "")
            out.append(text.QuestionResult(i + 1, title, ex.attempts if ex else 0,
                                           bool(ex and ex.solved), bool(ex and ex.revealed)))
        return out

    def summary(self) -> tuple:
        """(headline, the results of the questions to review)."""
        return text.quiz_summary(self.results())
