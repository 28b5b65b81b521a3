"""Exceptions raised by foxlib. All subclass ValueError and carry a full-sentence reason.

Also the one shape of a problem found in input (``Problem``, ``Problems``, ``InputError``),
shared by the readers of ``foxlib.io.inputs`` and the puzzle loader."""
from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field


class FoxError(ValueError):
    """Base class: something about a card, a play or a saved state is not valid."""


class InvalidCard(FoxError):
    """A card name that does not name one of the 33 cards (e.g. '12M' or 'QX')."""


class IllegalAction(FoxError):
    """A play or decision the rules do not allow in this position; the message says why."""


class InvalidState(FoxError):
    """A position or saved game that cannot occur or cannot be read; the message says where."""


def json_kind(value) -> str:
    """What a decoded JSON value is, in the words of the JSON a user wrote ("a list", "null"),
    for error messages."""
    return {dict: "an object", list: "a list", tuple: "a list", str: "a text", int: "a number",
            float: "a number", bool: "true/false", type(None): "null"}.get(
                type(value), type(value).__name__)


# ----------------------------------------------------------------------------- reading input
# Every reader of foxlib.io.inputs (and the puzzle loader) says what is wrong in the same shape:
# a Problem per thing wrong, either raised at once (InputError) or collected into a list.

@dataclass(frozen=True)
class Problem:
    """One thing wrong with some input: where (``file``, ``id`` of the puzzle within the file,
    ``field``, a path such as ``hands.A[1]``) and why (``reason``, in plain words).

    ``label`` is how the field is named in a sentence; ``message`` joins the two:
    ``"hands.A[1]:"`` + ``"'13B' is not a card..."``, or ``"round.names"`` + ``"must be a list
    of two names."`` when the reason says something about the field itself. ``label`` is
    presentation only: two problems are equal when file, id, field and reason are."""

    file: str
    id: str | None
    field: str
    reason: str
    label: str | None = dataclass_field(default=None, compare=False, repr=False)

    @property
    def puzzle(self) -> str | None:
        """The id of the puzzle at fault (the name puzzle files use for ``id``)."""
        return self.id

    def _label(self) -> str:
        if self.label is not None:
            return self.label
        return f"{self.field}:" if self.field else ""

    @property
    def message(self) -> str:
        """The problem as one sentence naming its field (without the file)."""
        label = self._label()
        return f"{label} {self.reason}" if label else self.reason

    def __str__(self) -> str:
        """With the file and the puzzle: ``t.json, puzzle p1, goal: The goal does not parse``
        (``t.json: The file is not valid JSON`` when no field is named)."""
        where = ", ".join(part for part in (self.file, self.id and f"puzzle {self.id}") if part)
        if not where:
            return self.message
        return f"{where}{', ' if self._label() else ': '}{self.message}"


class InputError(InvalidCard, InvalidState):
    """Bad input found by a reader (``foxlib.io.inputs``): ``problems`` lists what is wrong, the
    message says it in plain words. It is both an ``InvalidCard`` and an ``InvalidState`` (and
    so a ``FoxError`` and a ``ValueError``), so ``except`` clauses written for either of those
    still catch it. ``InputError("text")`` makes a single problem of the text."""

    def __init__(self, problems):
        if isinstance(problems, str):       # ``type(exc)(f"where: {exc}")`` re-raises with text
            problems = [Problem("", None, "", problems)]
        self.problems = tuple(problems)
        if len(self.problems) == 1:
            text = str(self.problems[0])
        else:
            text = f"{len(self.problems)} problems:\n" + "\n".join(
                f"- {p}" for p in self.problems)
        super().__init__(text)


class Problems:
    """Where a reader puts what it finds wrong. ``Problems()`` collects every problem (in
    ``out``; ``count`` says how many were added here), ``Problems.first()`` raises an
    ``InputError`` at the first one. ``file`` and ``id`` are stamped on each problem."""

    def __init__(self, file: str = "", id: str | None = None, out: list | None = None, *,
                 first: bool = False):
        self.file, self.id = file, id
        self.out = out if out is not None else []
        self.raise_first = first
        self.count = 0

    @classmethod
    def first(cls, file: str = "", id: str | None = None) -> "Problems":
        return cls(file, id, first=True)

    def add(self, field: str, reason: str, label: str | None = None) -> None:
        """Note a problem (or raise it, in first-problem mode). ``label``: see ``Problem``."""
        problem = Problem(self.file, self.id, field, self._reason(reason), label)
        self.out.append(problem)
        self.count += 1
        if self.raise_first:
            raise InputError([problem])

    def _reason(self, reason: str) -> str:
        return reason

    def check(self) -> None:
        """Raise an ``InputError`` listing every problem collected, if there is any."""
        if self.out:
            raise InputError(self.out)
