"""What every exercise shares (``Exercise``: the question, the answer's check and the
feedback), and the two ways of answering: picking an option (``ChoiceExercise``) or cards
(``CardPickExercise``). ``NotAnAnswer`` refuses a value that is not a possible answer.
"""
from __future__ import annotations

from typing import NamedTuple

from ...core.cards import Card
from ...core.errors import FoxError, InvalidCard, json_kind
from ...core.feedback import REFUSED, RIGHT, SHOWN, WRONG, Feedback
from ...engine.round import Round
from ...words import exercise_text as text
from .fields import _theme


class NotAnAnswer(FoxError):
    """The value given is not one of the possible answers (the exercise refuses it)."""


def typed_number(value, example: int) -> int:
    """The whole number a learner typed (any sign: a negative number is an answer, judged and
    explained, never turned into another), or ``NotAnAnswer`` for anything else."""
    if isinstance(value, bool) or isinstance(value, float) and not value.is_integer():
        raise NotAnAnswer(text.not_a_number(str(value), example))
    try:
        return int(value) if isinstance(value, (int, float)) else int(str(value).strip())
    except (TypeError, ValueError):
        raise NotAnAnswer(text.not_a_number(str(value), example)) from None


# ----------------------------------------------------------------------------- the frame

class Exercise:
    """What every exercise shares: the question, the answer's check and the feedback.

    A subclass sets ``kind``, builds its question and answers from the engine, and says in
    ``_judge(value)`` whether an answer is right: ``(correct, text, chosen)``, where ``text``
    is the full explanation when right, otherwise why *that* answer is wrong, and ``chosen``
    names the answer given (echoed as "You answered: ..." on a wrong try), or None.
    """

    kind = ""

    def __init__(self, question: str, theme):
        self.theme = _theme(theme)
        self.question = question
        self.attempts = 0
        self.solved = False
        self.revealed = False
        self.verdict = ""
        self.feedback: Feedback | None = None

    @property
    def explanation(self) -> str:
        """The plain text of the last feedback ("" before any)."""
        return self.feedback.text if self.feedback else ""

    def answer(self, value) -> Feedback:
        """Check an answer and say why: right (the engine's explanation), wrong (why that
        answer is wrong, never the right one; try again), or refused (not a possible answer;
        nothing is counted)."""
        try:
            correct, reason, chosen = self._judge(value)
        except NotAnAnswer as exc:
            return Feedback(REFUSED, "Not allowed", (str(exc),))
        self.attempts += 1
        self.verdict = RIGHT if correct else WRONG
        if correct:
            self.solved = True
        head, middle, tail = text.verdict(correct, reason, chosen)
        self.feedback = Feedback(self.verdict, head, [p for p in (middle, tail) if p],
                                 done=correct)
        return self.feedback

    def _judge(self, value) -> tuple:
        raise NotImplementedError

    def solution(self) -> str:
        """The right answer with the engine's explanation."""
        raise NotImplementedError

    def show_answer(self) -> Feedback:
        """Show the right answer and why; the exercise no longer counts as a first try."""
        self.revealed = True
        self.verdict = SHOWN
        self.feedback = Feedback(SHOWN, text.SHOWN_HEAD, (self.solution(),), done=True)
        return self.feedback

    def positions(self) -> list:
        """The positions this exercise shows or plays, as the engine holds them (its round's
        start). Each is one a real round can reach (``foxlib.engine.possible.check_possible``)."""
        rnd = getattr(self, "round", None)
        return [rnd.start] if isinstance(rnd, Round) else []

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.question!r}>"


class Option(NamedTuple):
    """One answer button: its label, whether it is right, and the text it brings (the full
    explanation when right, why it is wrong otherwise)."""

    label: str
    correct: bool
    text: str


class ChoiceExercise(Exercise):
    """An exercise answered by picking one of several ``options``."""

    def __init__(self, question: str, options, theme):
        super().__init__(question, theme)
        self.options = [Option(*o) for o in options]

    def index(self, value) -> int:
        """The option for ``value``: its label or its index."""
        if isinstance(value, int) and not isinstance(value, bool) and \
                0 <= value < len(self.options):
            return value
        for i, option in enumerate(self.options):
            if option.label == value:
                return i
        raise NotAnAnswer(f"{value!r} is not one of the answers: "
                          f"{[o.label for o in self.options]}.")

    def _judge(self, value):
        label, correct, reason = self.options[self.index(value)]
        return correct, reason, label

    @property
    def right_answers(self) -> list[str]:
        return [o.label for o in self.options if o.correct]

    def solution(self) -> str:
        label, _, reason = next(o for o in self.options if o.correct)
        return f"{label}. {reason}"


class CardPickExercise(Exercise):
    """An exercise answered with cards from ``choices``: a set of them when ``multiple``
    (selected, then checked), otherwise one card. ``label`` names the row of cards."""

    multiple = False

    def __init__(self, question: str, choices, label: str, theme):
        super().__init__(question, theme)
        self.choices = list(choices)
        self.label = label

    def _offered(self, value, where: str) -> Card:
        try:
            card = Card(value)
        except InvalidCard as exc:
            raise NotAnAnswer(f"{where}: {exc}") from None
        if card not in self.choices:
            raise NotAnAnswer(f"The {card.name(self.theme)} is not one of the cards to choose "
                              "from.")
        return card

    def _picked(self, value) -> set:
        """The set of cards in an answer (``multiple``)."""
        if isinstance(value, (str, Card)):
            value = [value]
        if not isinstance(value, (list, tuple, set, frozenset)):
            raise NotAnAnswer(f"The answer must be a set of cards, not {json_kind(value)}.")
        return {self._offered(v, "answer") for v in value}

