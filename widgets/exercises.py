"""'Your turn' exercises for the lessons: the views. The learner answers here; the headless
exercise in ``foxlib.teaching.exercises`` checks the answer and words the feedback.

Every exercise is a small ``VBox`` built from plain data (card names such as ``'9M'``, trick
counts, scores), so a lesson cell is one call with its data, e.g.::

    WhoWinsExercise(decree="4B", lead="10K", follow="2B")

Each class here takes the same arguments as the ``foxlib.teaching.exercises`` class of the same name,
builds that headless exercise (``model``), draws its situation and answer area, and forwards
every answer to it: no rule is decided here. The headless exercise's data and answers
(``decree``, ``hand``, ``legal``, ``answers``, ``points``, ``options``, ``right_answers``,
``solution()`` ...) can be read on the widget too. State, for tests and the page:

- ``attempts``: answers given so far; ``solved``: True once an answer was right;
- ``verdict``: ``""`` before any answer, then ``"right"`` or ``"wrong"`` for the last one;
- ``explanation``: the plain text of the last feedback.

Bad exercise data raises ``foxlib.FoxError`` (a ``ValueError``) naming the argument at fault.
In the page every exercise carries the CSS class ``fox-exercise`` (and one per kind, such as
``fox-who-wins``); its feedback is the element with class ``fox-feedback``.
"""
from __future__ import annotations

import ipywidgets as W
from traitlets import Bool, Int

from foxlib import FoxError, Round
from foxlib.io import inputs
from foxlib.words import captions as say
from foxlib.words import exercise_text as text
from foxlib.words.captions import EXERCISE as WORDS
from foxlib.teaching import exercises as X

from . import progress
from .card import HtmlView
from .exercise_base import (Exercise, ExerciseHtml, _auto_width, _button, _CardPickExercise,
                            _ChoiceExercise, _esc, _facts, _hbox, _layout, _poison, _shared,
                            _shown_card, _shown_cards, _situation, _spot, _suit_text,
                            _trump_caption, _vbox)

__all__ = [
    "Exercise", "WhoWinsExercise", "LegalPlayExercise", "ChooseBestExercise",
    "FoxExchangeExercise", "WoodcutterDiscardExercise", "ScoreExercise", "GameEndExercise",
    "DealExercise", "CharacterExercise", "TrueFalseExercise", "RoundTrickExercise",
    "RoundScoreExercise", "DeluxeTrickExercise", "TrickPointsExercise", "DeluxeMoveExercise",
    "Quiz", "make_exercise", "load_round",
]

def _table(model, *more):
    """The decree card and the led card (a trick in progress), then ``more`` spots."""
    theme, (leader, _) = model.theme, model.names
    return _situation(
        _spot(_trump_caption(model.decree, theme), _shown_card(model.decree, theme)),
        _spot(f"{leader} led", _shown_card(model.led, theme)), *more)


# ----------------------------------------------------------------------------- tricks

class WhoWinsExercise(_ChoiceExercise):
    """Two cards are on the table: who wins the trick (or leads next, or scores Treasure)?

    ``ask`` is ``"winner"`` (default), ``"next_leader"`` (for the Swan) or ``"treasure"``.
    """

    model_class = X.WhoWinsExercise
    css = "fox-who-wins"
    ASKS = X.WhoWinsExercise.ASKS

    def _draw(self, model):
        theme, (leader, follower) = model.theme, model.names
        return _situation(
            _spot(_trump_caption(model.decree, theme), _shown_card(model.decree, theme)),
            _spot(f"{leader} leads", _shown_card(model.lead, theme)),
            _spot(f"{follower} follows", _shown_card(model.follow, theme)))


class LegalPlayExercise(_CardPickExercise):
    """The leader has led; select every card of the follower's hand that may be played."""

    model_class = X.LegalPlayExercise
    css = "fox-legal-play"

    def _draw(self, model):
        return _table(model)


class ChooseBestExercise(_CardPickExercise):
    """The leader has led; click the card from the follower's hand that reaches ``goal``.

    ``goal`` is ``"win"`` (win the trick), ``"lose"`` (lose it) or ``"lead"`` (lead the next
    trick, e.g. with a Swan). The engine plays the chosen card and decides the trick.
    """

    model_class = X.ChooseBestExercise
    css = "fox-choose-best"
    GOALS = X.ChooseBestExercise.GOALS

    def _draw(self, model):
        return _table(model)


# ----------------------------------------------------------------------------- Fox and Woodcutter

class FoxExchangeExercise(_ChoiceExercise):
    """You follow with a Fox: which card (if any) do you swap with the decree card to reach
    ``goal`` (``"win"`` or ``"lose"`` this trick)? The engine plays the Fox and the swap."""

    model_class = X.FoxExchangeExercise
    css = "fox-fox-exchange"

    def _draw(self, model):
        self.board = _situation(*self._spots(model, model.decree, model.hand))
        return self.board

    def _spots(self, model, decree, hand):
        """The decree card, the led card, the Fox and the follower's other cards."""
        theme, (leader, follower) = model.theme, model.names
        return (_spot(_trump_caption(decree, theme), _shown_card(decree, theme)),
                _spot(f"{leader} led", _shown_card(model.led, theme)),
                _spot(f"{follower} plays", _shown_card(model.fox, theme)),
                _spot(f"{follower} still holds",
                      _shown_cards(hand, theme, f"{follower}'s hand"), wide=True))

    def choose(self, index: int) -> None:
        """Answer, then show the board as the answer leaves it: after a swap, the card swapped
        in is the decree card and the old one is in the follower's hand."""
        super().choose(index)
        after = self.model.board_after(index)
        spots = self._spots(self.model, after["decree"], after["hand"])
        self.board.html = f"<div class='fox-row fox-panel'>{''.join(spots)}</div>"


class WoodcutterDiscardExercise(_CardPickExercise):
    """You play a Woodcutter and draw: select every card you could put under the deck.

    With ``led`` the opponent has led that card and you follow with the Woodcutter; without it
    you lead the Woodcutter. ``deck`` lists the deck from the top.
    """

    model_class = X.WoodcutterDiscardExercise
    css = "fox-woodcutter"

    def _draw(self, model):
        theme = model.theme
        return _situation(
            _spot(_trump_caption(model.decree, theme), _shown_card(model.decree, theme)),
            _spot(WORDS["in_trick"], _shown_cards(model.round.trick, theme, "The trick")),
            _spot(f"{model.player} drew", _shown_card(model.drawn, theme)))


# ----------------------------------------------------------------------------- scoring

class ScoreExercise(Exercise):
    """How many points does a player gain in a round with ``tricks`` tricks (plus ``treasure``
    points for 7s won during the round)? The learner types a number and presses Check.

    The box keeps exactly what was typed, and that is what is judged: a negative number is a
    wrong answer with its own explanation (never turned into 0), and text that is no whole
    number is refused with a message, without counting as a try."""

    model_class = X.ScoreExercise
    css = "fox-score"

    def _draw(self, model):
        return _facts([(f"{model.player}'s tricks", str(model.tricks)),
                       (WORDS["other_tricks"], str(13 - model.tricks))])

    def _answer_area(self, model):
        # A text box, not a number box: a number box clamps to its bounds or drops what it
        # cannot read, and the learner's own answer must reach the check unchanged.
        self.entry = W.Text(value="", placeholder=say.CHROME["points"], description="Points",
                            continuous_update=True,
                            layout=_shared("entry", lambda: W.Layout(width="10em")))
        self.entry.add_class("fox-points-entry")
        self.check_button = _button(description=say.CHROME["check"], button_style="primary",
                                    tooltip=WORDS["check_answer"])
        self.check_button.add_class("fox-check")
        self.check_button.on_click(lambda _b: self.check())
        area = _hbox([self.entry, self.check_button])
        area.add_class("fox-controls")
        return area

    def check(self, value: int | str | None = None) -> None:
        """Judge what the box holds (``value``: type it first, as the learner would)."""
        if value is not None:
            self.entry.value = str(value)
        self._show(self.model.answer(self.entry.value))

    def _mark_answer(self) -> None:
        self.entry.value = str(self.model.points)


class GameEndExercise(_ChoiceExercise):
    """A round has just been scored: is the game over, and who wins?"""

    model_class = X.GameEndExercise
    css = "fox-game-end"

    def _draw(self, model):
        names, score, gain = model.names, model.score, model.round_gain
        return _facts([
            ("Score", f"{_esc(names[0])} {score[0]}, {_esc(names[1])} {score[1]}"),
            (WORDS["gained"], f"{_esc(names[0])} {gain[0]}, {_esc(names[1])} {gain[1]}"),
            ("Game to", f"{model.target} points")])


# ----------------------------------------------------------------------------- cards and deal

class DealExercise(_ChoiceExercise):
    """A question about a real deal, made by the engine from ``seed``.

    ``ask`` is ``"deck"`` (how many cards stay in the deck) or ``"leader"`` (who leads first).
    """

    model_class = X.DealExercise
    css = "fox-deal"

    def _draw(self, model):
        # The deck itself is not shown: counting it would give the first question away.
        theme, rnd, names = model.theme, model.round, model.names
        return _situation(
            _spot(say.hand_of(names[0], len(rnd.hands[0])),
                  _shown_cards(sorted(rnd.hands[0]), theme, say.hand_of(names[0])), wide=True),
            _spot(_trump_caption(rnd.decree, theme), _shown_card(rnd.decree, theme)))


class CharacterExercise(_ChoiceExercise):
    """Which character is on this card (odd ranks), or is it a plain card (even ranks)?"""

    model_class = X.CharacterExercise
    css = "fox-character"
    PLAIN = X.CharacterExercise.PLAIN

    def _draw(self, model):
        # Show the suit and rank only: the drawn card would give the name away.
        return _facts([("Card", _suit_text(model.card, model.theme)),
                       ("Rank", str(model.card.rank))])


# ----------------------------------------------------------------------------- recorded rounds

def load_round(source, where: str = "round") -> Round:
    """A finished or partial round from a ``Round``, a saved round (``Round.to_json()``), its
    JSON text, or the path of a ``.json`` file holding one (relative to the notebook); see
    ``foxlib.io.inputs.load_round``."""
    return inputs.load_round(source, where=where)



class RoundTrickExercise(WhoWinsExercise):
    """Who won trick number ``trick`` of a recorded round (or who led next, or scored)?

    The cards, the players and the decree card in force when the trick was decided (a Fox may
    have changed it) all come from the engine's replay of the round.
    """

    model_class = X.RoundTrickExercise
    css = "fox-round-trick"


class RoundScoreExercise(ScoreExercise):
    """How many points did ``player`` gain in a recorded, finished round?"""

    model_class = X.RoundScoreExercise
    css = "fox-round-score"


# ----------------------------------------------------------------------------- misconceptions

class TrueFalseExercise(_ChoiceExercise):
    """A claim to judge, with a demonstration by the engine (``demo``; see
    ``foxlib.teaching.exercises.TrueFalseExercise``)."""

    model_class = X.TrueFalseExercise
    css = "fox-true-false"

    def _draw(self, model):
        return ExerciseHtml(f"<blockquote class='fox-claim'>{_esc(model.statement)}</blockquote>",
                            layout=_layout())


# ----------------------------------------------------------------------------- Deluxe modules

def _story(lines) -> ExerciseHtml | None:
    """What happened before the question, in the engine's words."""
    if not lines:
        return None
    items = "".join(f"<li>{_esc(line)}</li>" for line in lines)
    view = ExerciseHtml(f"<div class='fox-exercise-story fox-panel'><b>What happened</b>"
                        f"<ol>{items}</ol></div>", layout=_layout())
    view.add_class("fox-exercise-situation")
    return view


def _trick_spot(model, index: int, who: str) -> str:
    """A card of the played trick; a card played with the Crown shows its Crown beside it
    (the story says "Ann leads the 5 of Keys and the Crown": the table shows both)."""
    record, card, theme = model.record, model.cards[index], model.theme
    if record.extra and getattr(record.rule, "crowned", None) == index:
        crown = next(c for c in record.extra if c.special == "Crown")
        return _spot(say.card_of(who, crown=True), _shown_cards(
            [crown, card], theme, say.played_with_crown(card.name(theme)), _poison(model)))
    return _spot(say.card_of(who), _shown_card(card, theme, _poison(model)))


def _played_trick(model) -> W.VBox:
    """The decree card in force and the trick's two cards, then what happened."""
    theme, rnd, record = model.theme, model.round, model.record
    leader, follower = rnd.name(record.leader), rnd.name(1 - record.leader)
    table = _situation(
        _spot(_trump_caption(model.trick_decree, theme),
              _shown_card(model.trick_decree, theme, _poison(model))),
        _trick_spot(model, 0, leader), _trick_spot(model, 1, follower))
    return _vbox(p for p in (table, _story(model.story)) if p is not None)


class DeluxeTrickExercise(_ChoiceExercise):
    """A trick with the Deluxe special cards played through the engine from data: who wins it,
    or leads the next one? (see ``foxlib.teaching.exercises.DeluxeTrickExercise``)"""

    model_class = X.DeluxeTrickExercise
    css = "fox-deluxe-trick"

    def _draw(self, model):
        return _played_trick(model)


class TrickPointsExercise(ScoreExercise):
    """A trick with Poison 8s, Treasure or house goals played through the engine: what is the
    player's score after it? The learner types a number (see
    ``foxlib.teaching.exercises.TrickPointsExercise``)."""

    model_class = X.TrickPointsExercise
    css = "fox-trick-points"

    def _draw(self, model):
        parts = [_played_trick(model)]
        if model.goals:
            rows = [(f"{g.title} ({g.label})", _esc(g.words(model.theme))) for g in model.goals]
            parts.append(_facts(rows))
        return _vbox(parts)

    def _answer_area(self, model):
        area = super()._answer_area(model)
        self.entry.description = "Score"
        return area


class DeluxeMoveExercise(_ChoiceExercise):
    """Your turn with the special cards: pick the action that reaches the goal; the engine
    plays each choice out (see ``foxlib.teaching.exercises.DeluxeMoveExercise``)."""

    model_class = X.DeluxeMoveExercise
    css = "fox-deluxe-move"

    def _draw(self, model):
        theme, rnd = model.theme, model.round
        me = rnd.name(model.me)
        poison = _poison(model)
        spots = [_spot(_trump_caption(rnd.decree, theme), _shown_card(rnd.decree, theme, poison))]
        if rnd.trick:
            spots.append(_spot(WORDS["in_trick"],
                               _shown_cards(rnd.trick, theme, "The trick", poison)))
        # (an empty row would read as a drawing missing)
        hand = _shown_cards(model.hands[model.me], theme, say.hand_of(me), poison,
                            empty=WORDS["no_other"])
        spots.append(_spot(f"{me} holds", hand, wide=True))
        return _vbox(p for p in (_situation(*spots), _story(model.story)) if p is not None)


# ----------------------------------------------------------------------------- several at once

KINDS = {
    "who_wins": WhoWinsExercise, "legal_play": LegalPlayExercise,
    "choose_best": ChooseBestExercise, "fox_exchange": FoxExchangeExercise,
    "woodcutter_discard": WoodcutterDiscardExercise, "score": ScoreExercise,
    "game_end": GameEndExercise, "deal": DealExercise, "character": CharacterExercise,
    "true_false": TrueFalseExercise, "round_trick": RoundTrickExercise,
    "round_score": RoundScoreExercise, "deluxe_trick": DeluxeTrickExercise,
    "trick_points": TrickPointsExercise, "deluxe_move": DeluxeMoveExercise,
}


def make_exercise(spec: dict, where: str = "exercise") -> Exercise:
    """Build an exercise from plain data: ``{"kind": "who_wins", "decree": "4B", ...}`` (the
    data is checked by ``foxlib.teaching.exercises.spec_arguments``)."""
    kind, args = X.spec_arguments(spec, where)
    try:
        return KINDS[kind](**args)
    except FoxError as exc:
        raise type(exc)(f"{where}: {exc}") from None


#: What a learner answers a question with: its answer buttons, cards or number field.
ANSWERS = ":is(.fox-choice, .fox-clickable, .widget-text input)"


class Quiz(W.VBox):
    """Several exercises shown one at a time, with Previous/Next buttons and a tally, ending
    with a summary: how many were right on the first try, and which questions to review.

    ``items`` are exercises or their data (``{"kind": "who_wins", ...}``, see ``make_exercise``).
    Data items are built when first shown, so a long quiz costs the page only one exercise.
    """

    position = Int(0)
    finished = Bool(False)

    def __init__(self, items, *, title: str = "Your turn"):
        # The headless quiz keeps the tally; this view keeps the widgets it built.
        self._built: dict = {}
        models = items
        if isinstance(items, (list, tuple)):
            models = [item.model if isinstance(item, Exercise) else item for item in items]
            self._built = {i: item for i, item in enumerate(items) if isinstance(item, Exercise)}
        self.model = X.Quiz(models, build=self._build)
        self.items = list(items)
        self._hooked: set = set()
        self.title = title
        store = progress.place()  # before the questions, so that the quiz (never one of its
        self.progress_ids = progress.current().new_quiz(len(self.items))  # pages) holds it
        self.header = HtmlView()
        self.previous_button = _button(description=say.CHROME["previous"], icon="arrow-left",
                                        tooltip=WORDS["previous_tip"])
        self.next_button = _button(description=say.CHROME["next"], icon="arrow-right",
                                    tooltip=WORDS["next_tip"])
        self.previous_button.on_click(lambda _b: self._previous())
        self.next_button.on_click(lambda _b: self._next())
        self.previous_button.add_class("fox-quiz-previous")
        self.next_button.add_class("fox-quiz-next")
        self.summary = ExerciseHtml("", layout=_layout())
        self.summary.add_class("fox-quiz-summary")
        self.review_buttons = _hbox()
        self.review_buttons.add_class("fox-quiz-review")
        self.body = W.Box([self.exercise(0)], layout=_layout())
        nav = _hbox([self.previous_button, self.next_button])
        nav.add_class("fox-controls")
        parts = [self.header, self.body, nav, store]
        super().__init__([p for p in parts if p is not None], layout=_layout())
        self.add_class("fox-app")
        self.add_class("fox-quiz")
        self._update()

    def __len__(self) -> int:
        return len(self.items)

    def _build(self, index: int, data: dict):
        with progress.current().quiz_building():
            self._built[index] = ex = make_exercise(data, f"items[{index}]")
        return ex.model

    def exercise(self, index: int) -> Exercise:
        """The exercise at ``index``, built on first use."""
        self.model.exercise(index)
        ex = self._built[index]
        if index not in self._hooked:
            self._hooked.add(index)
            progress.current().adopt(ex, self.progress_ids[index])
            ex.heading.layout.display = "none"  # the quiz's own header says "Your turn"
            ex.add_class(f"fox-quiz-q{index + 1}")
            ex.observe(lambda _c: self._update(), ["solved", "revealed", "attempts"])
        return ex

    @property
    def current(self) -> Exercise:
        return self.exercise(self.position)

    @property
    def solved(self) -> int:
        return self.model.solved

    @property
    def first_try(self) -> int:
        """Questions answered right on the first attempt (without looking at the answer)."""
        return self.model.first_try

    def results(self) -> list:
        """Each question's outcome so far (unbuilt questions: not answered yet)."""
        return self.model.results()

    def _previous(self) -> None:
        self.go(self.position if self.finished else self.position - 1)

    def _next(self) -> None:
        if self.position < len(self.items) - 1:
            self.go(self.position + 1)
        else:
            self.finish()

    def go(self, index: int) -> None:
        if 0 <= index < len(self.items):
            self.position = index
            self.finished = False
            self.body.children = [self.exercise(index)]
            self._update()
            # The keyboard focus follows the learner to the new question's first answer (not
            # left on Next, below it), once the browser has drawn it.
            self.header.focus_first_in(".fox-quiz", f".fox-quiz-q{index + 1} {ANSWERS}")

    def finish(self) -> None:
        """Show the summary in place of the questions."""
        self.finished = True
        head, review = self.model.summary()
        rows = "".join(
            f"<li><b>Question {r.number}</b>: {_esc(r.title or WORDS['not_opened'])} "
            f"<span class='fox-quiz-note'>({_esc(text.review_note(r))})</span></li>"
            for r in review)
        more = (f"<p>To review:</p><ol class='fox-quiz-review-list'>{rows}</ol>"
                if review else "")
        self.summary.html = (f"<div class='fox-panel fox-quiz-summary-box' role='status'>"
                             f"<p class='fox-quiz-headline'>{_esc(head)}</p>{more}</div>")
        buttons = []
        for r in review:
            button = _button(description=say.review_question(r.number),
                             tooltip=say.review_question(r.number, button=False),
                             layout=_auto_width())
            button.add_class("fox-quiz-review-button")
            button.on_click(lambda _b, i=r.number - 1: self.go(i))
            buttons.append(button)
        self.review_buttons.children = buttons
        page = _vbox([self.summary, self.review_buttons])
        page.add_class("fox-quiz-summary-page")
        self.body.children = [page]
        self._update()
        self.header.focus_first_in(".fox-quiz", ".fox-quiz-review-button, .fox-quiz-previous")

    def _update(self) -> None:
        n = len(self.items)
        where = ("summary" if self.finished else f"question {self.position + 1} of {n}")
        self.header.html = (
            f"<div class='fox-exercise-title'>{_esc(self.title)}: {where}</div>"
            f"<div class='fox-quiz-tally'>{say.quiz_tally(self.solved, n, self.first_try)}</div>")
        self.previous_button.disabled = self.position == 0 and not self.finished
        last = self.position == n - 1
        self.next_button.description = WORDS["results"] if last else say.CHROME["next"]
        self.next_button.icon = "flag-checkered" if last else "arrow-right"
        self.next_button.tooltip = WORDS["finish_tip" if last else "next_tip"]
        self.next_button.disabled = self.finished
