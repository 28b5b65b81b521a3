"""Lesson 5's Fox exercises: after the swap the board shows the new decree card (the model's
``board_after``), and the feedback says each thing once (the swap names the new trump suit, so
the trick's reason does not say it again)."""
from __future__ import annotations

import re

import pytest

from foxlib.core.cards import Card
from foxlib.core.errors import InvalidState
from foxlib.teaching.exercises import FoxExchangeExercise

#: The two exercises of notebooks/05_fox.ipynb.
LESSON_5 = [dict(decree="4B", led="10K", fox="3M", hand=["8M", "2B", "11M"], goal="win"),
            dict(decree="6M", led="10K", fox="3M", hand=["2B", "11B"], goal="lose")]


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


@pytest.mark.parametrize("theme", ["classic", "zsa"])
@pytest.mark.parametrize("spec", LESSON_5)
def test_no_sentence_of_the_fox_exercises_feedback_appears_twice(spec, theme):
    for i in range(len(FoxExchangeExercise(**spec, theme=theme).options)):
        ex = FoxExchangeExercise(**spec, theme=theme)
        said = sentences(ex.answer(i).text)
        assert len(said) == len(set(said)), said
        # Once a suit is named trump by the swap, 'X are trump.' is not said again.
        trump = [s for s in said if re.search(r"\b(are now|stay|are) trump\b", s)]
        assert len(trump) == 1, said


@pytest.mark.parametrize("spec", LESSON_5)
def test_after_the_exchange_the_board_shows_the_new_decree_card(spec):
    ex = FoxExchangeExercise(**spec)
    for i, card in enumerate([None, *ex.hand]):
        board = ex.board_after(i)
        old = Card(spec["decree"])
        if card is None:
            assert board["decree"] is old and board["hand"] == ex.hand
        else:
            assert board["decree"] is card
            assert card not in board["hand"] and old in board["hand"]
        assert board["trick"] == [Card(spec["led"]), Card(spec["fox"])]
    with pytest.raises(InvalidState, match="index: 9 is not one of the"):
        ex.board_after(9)
