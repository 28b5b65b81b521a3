"""A lesson's progress, reported to the browser (progress.js keeps it in localStorage).

Every exercise in a lesson registers here when it is built; the first exercise or quiz on the
page carries the (invisible) ``LessonProgress`` widget, whose front end records in this
browser's localStorage that the lesson was visited and which of its exercises were solved. The
landing page (widgets/home.py) reads the same storage to show progress and "Continue".

A Voilà page has its own kernel, so one ``LessonProgress`` per kernel is one per lesson page.
Exercise ids are their order on the page: ``e1``, ``e2`` ... for single exercises and
``q1.3`` for question 3 of the first quiz, so the same lesson gives the same ids every visit.
"""
from __future__ import annotations

import contextlib
import pathlib

import anywidget
import traitlets as t

HERE = pathlib.Path(__file__).parent
STORAGE_KEY = "fox-explorer-lessons-v1"


class LessonProgress(anywidget.AnyWidget):
    """The exercises of this page (``exercises``: their ids) and those solved (``solved``)."""

    _esm = HERE / "progress.js"
    key = t.Unicode(STORAGE_KEY).tag(sync=True)
    exercises = t.List(t.Unicode()).tag(sync=True)
    solved = t.List(t.Unicode()).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.placed = False
        self._singles = 0
        self._quizzes = 0
        self._in_quiz = 0

    # ---- registering exercises

    def register(self, exercise) -> str | None:
        """A single exercise on the page (not one built by a quiz): give it the next id."""
        if self._in_quiz:
            return None
        self._singles += 1
        return self._track(exercise, f"e{self._singles}")

    def new_quiz(self, size: int) -> list[str]:
        """Ids for the questions of a new quiz (its questions are built later, when shown)."""
        self._quizzes += 1
        ids = [f"q{self._quizzes}.{i + 1}" for i in range(size)]
        self.exercises = [*self.exercises, *ids]
        return ids

    def adopt(self, exercise, exercise_id: str) -> None:
        """A quiz's question, built: it reports under the quiz's id for it."""
        old = getattr(exercise, "progress_id", None)
        if old and old != exercise_id:
            self.exercises = [e for e in self.exercises if e != old]
        self._track(exercise, exercise_id, add=False)

    @contextlib.contextmanager
    def quiz_building(self):
        """Exercises built inside this block belong to a quiz (no single-exercise id)."""
        self._in_quiz += 1
        try:
            yield
        finally:
            self._in_quiz -= 1

    def _track(self, exercise, exercise_id: str, add: bool = True) -> str:
        exercise.progress_id = exercise_id
        if add:
            self.exercises = [*self.exercises, exercise_id]
        exercise.observe(lambda change: self._solved(exercise, change), names="solved")
        if exercise.solved:
            self.mark(exercise_id)
        return exercise_id

    def _solved(self, exercise, change) -> None:
        if change["new"] and getattr(exercise, "progress_id", None):
            self.mark(exercise.progress_id)

    def mark(self, exercise_id: str) -> None:
        if exercise_id not in self.solved:
            self.solved = [*self.solved, exercise_id]

    # ---- placing the widget on the page

    def take_place(self):
        """This widget the first time it is asked for (to be shown once on the page), then
        None."""
        if self.placed:
            return None
        self.placed = True
        self.layout.display = "none"  # it draws nothing; its front end only stores
        return self


_current: LessonProgress | None = None


def current() -> LessonProgress:
    """This kernel's (this page's) progress reporter."""
    global _current
    if _current is None:
        _current = LessonProgress()
    return _current


def reset() -> None:
    """Forget this kernel's reporter (tests start each page afresh)."""
    global _current
    _current = None


def place():
    return current().take_place()


def register(exercise):
    return current().register(exercise)
