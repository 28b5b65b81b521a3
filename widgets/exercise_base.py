"""The frame every lesson exercise shares (``Exercise``: heading, question, situation, answer
area, feedback, "Show answer"), the two ways of answering (a choice among buttons, cards picked
from a row) and the drawings of a situation (cards, captions, facts). The exercises themselves
are in ``widgets.exercises``."""
from __future__ import annotations

import html
import inspect
import pathlib

import ipywidgets as W
from ipywidgets.widgets.widget_string import HTMLStyle
from traitlets import Bool, Int, Unicode

from foxlib import Card
from foxlib.words import captions as say
from foxlib.words import exercise_text as text
from foxlib.words.captions import EXERCISE as WORDS
from foxlib.teaching import exercises as X
from foxlib.core.cards import Theme
from foxlib.core.feedback import REFUSED, RIGHT, SHOWN, Feedback
from foxlib.io.inputs import read_card
from foxlib.words.svg import card_body, card_label, suit_svg

from . import progress
from .card import CardRow, HtmlView

HERE = pathlib.Path(__file__).parent


# ----------------------------------------------------------------------------- reading data

def _card(value, where: str) -> Card:
    return read_card(value, where)


# ----------------------------------------------------------------------------- small views

# Every ipywidget comes with a Layout (and a Button or HTML its Style) widget of its own, and the
# page loads each before it shows anything: a lesson's exercises would cost it hundreds. The
# parts whose layout and style are never changed one by one share these instead (made again
# if they were closed). A heading keeps its own layout: a quiz hides it.
_SHARED: dict = {}


def _shared(name: str, make):
    widget = _SHARED.get(name)
    if widget is None or widget.comm is None:
        widget = _SHARED[name] = make()
    return widget


def _layout():
    return _shared("layout", W.Layout)


def _auto_width():
    return _shared("auto", lambda: W.Layout(width="auto"))


def _html(value: str = "") -> W.HTML:
    return W.HTML(value, layout=_layout(), style=_shared("html", HTMLStyle))


def _button(**kwargs) -> W.Button:
    kwargs.setdefault("layout", _layout())
    return W.Button(style=_shared("button", W.ButtonStyle), **kwargs)


def _vbox(children=()) -> W.VBox:
    return W.VBox(list(children), layout=_layout())


def _hbox(children=()) -> W.HBox:
    return W.HBox(list(children), layout=_layout())


def _esc(text) -> str:
    return html.escape(str(text))


class ExerciseHtml(HtmlView):
    """Text in the app's look; also brings the exercise styles to the page."""

    _css = HERE / "exercises.css"


def _caption(text: str, css: str = "fox-caption") -> W.HTML:
    label = _html(f"<span>{_esc(text)}</span>")
    label.add_class(css)
    return label


# The situation (the cards on the table, with their captions) is not interactive, so it is
# drawn as one HtmlView, with the same markup card.js gives a CardWidget or a CardRow: one
# widget model for the whole table instead of three or four per card (a Deluxe lesson has
# nine exercises, and the page loads every model before showing the first).
_SVG_OPEN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="-3 -3 106 146" '
             'aria-hidden="true" focusable="false">')


def _card_html(card: Card, theme: Theme, poison: bool) -> str:
    label = _esc(card_label(card, theme, poison=poison))
    return (f'<div class="fox-card" role="img" data-card="{card}" aria-label="{label}" '
            f'title="{label}">{_SVG_OPEN}{card_body(card, theme, poison=poison)}</svg></div>')


def _spot(caption: str, cards: str, *, wide: bool = False) -> str:
    """A caption over a card (centred) or over a row of cards (``wide``: left-aligned)."""
    css = "fox-spot fox-spot-wide" if wide else "fox-spot"
    return (f'<div class="{css}"><div class="fox-caption"><span>{_esc(caption)}</span></div>'
            f"{cards}</div>")


def _shown_card(card: Card, theme: Theme, poison: bool = False) -> str:
    """``poison``: the Poison 8s module is on, so an 8 is drawn (and named) as a Poison 8."""
    return f'<div class="fox-cards fox-size-normal">{_card_html(card, theme, poison)}</div>'


def _shown_cards(cards, theme: Theme, label: str, poison: bool = False,
                 empty: str = "") -> str:
    """A row of cards (a group named ``label``); ``empty``: what an empty row says."""
    # A long row (a whole hand) uses small cards so that it fits a phone screen.
    size = "small" if len(cards) > 4 else "normal"
    inside = "".join(_card_html(c, theme, poison) for c in cards) or \
        f'<span class="fox-empty">{_esc(empty)}</span>'
    return (f'<div class="fox-cards fox-size-{size}" role="group" aria-label="{_esc(label)}">'
            f"{inside}</div>")


def _poison(model) -> bool:
    """Whether the model's round plays with Poison 8s (Deluxe exercises only)."""
    rnd = getattr(model, "round", None)
    return bool(rnd is not None and rnd.modules.poison)


def _trump_caption(decree: Card, theme: Theme) -> str:
    # a special decree card: no trump suit (rulings SC6)
    return say.decree_caption(decree.special, None if decree.special
                              else theme.suit_names[decree.suit])


def _situation(*spots) -> ExerciseHtml:
    """The table of an exercise: its spots side by side, wrapping on a phone."""
    view = ExerciseHtml(f"<div class='fox-row fox-panel'>{''.join(spots)}</div>",
                        layout=_layout())
    view.add_class("fox-exercise-situation")
    return view


def _facts(rows) -> ExerciseHtml:
    """Label/value rows (for exercises without cards on the table)."""
    items = "".join(f"<dt>{_esc(k)}</dt><dd>{v}</dd>" for k, v in rows)
    view = ExerciseHtml(f"<dl class='fox-exercise-facts fox-panel'>{items}</dl>", layout=_layout())
    view.add_class("fox-exercise-situation")
    return view


def _suit_text(card: Card, theme: Theme) -> str:
    return f"{suit_svg(card.suit, theme, 16)} {_esc(card.name(theme))}"




# ----------------------------------------------------------------------------- the frame

class Exercise(W.VBox):
    """Frame shared by all exercises: heading, question, situation, answer area, feedback and
    a "Show answer" button, around a headless exercise (``model``, from ``foxlib.teaching.exercises``).

    A subclass names its headless class (``model_class``) and its CSS class, and draws the
    situation (``_draw``) and the answer area (``_answer_area``) from the model.
    """

    attempts = Int(0)
    solved = Bool(False)
    revealed = Bool(False)
    verdict = Unicode("")
    explanation = Unicode("")

    model_class: type = X.Exercise
    css = ""

    def __init__(self, *args, title: str = "Your turn", **kwargs):
        self.model = model = self.model_class(*args, **kwargs)
        self.heading = W.HTML(f"<div class='fox-exercise-title'>{_esc(title)}</div>",
                              style=_shared("html", HTMLStyle))
        self.question = _html(f"<div class='fox-exercise-question'>{_esc(model.question)}</div>")
        self.feedback = ExerciseHtml("", layout=_layout())
        self.feedback.add_class("fox-feedback")
        self.show_button = _button(description=say.CHROME["show_answer"], icon="eye",
                                    tooltip=WORDS["show_tip"])
        self.show_button.add_class("fox-show-answer")
        self.show_button.on_click(lambda _b: self.show_answer())
        parts = [self.heading, self.question, self._draw(model), self._answer_area(model),
                 self.feedback, self.show_button, progress.place()]
        super().__init__([p for p in parts if p is not None], layout=_layout())
        self.add_class("fox-app")
        self.add_class("fox-exercise")
        for cls in type(self).__mro__[::-1]:
            if cls.__dict__.get("css"):
                self.add_class(cls.__dict__["css"])
        progress.register(self)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # A view takes its headless exercise's arguments, and a title (as help() shows).
        sig = inspect.signature(cls.model_class)
        title = inspect.Parameter("title", inspect.Parameter.KEYWORD_ONLY, default="Your turn")
        cls.__signature__ = sig.replace(parameters=[*sig.parameters.values(), title])

    def __getattr__(self, name):
        # The exercise's data and answers are the headless exercise's.
        model = self.__dict__.get("model")
        if model is None or name.startswith("_"):
            raise AttributeError(name)
        return getattr(model, name)

    @property
    def theme(self) -> Theme:
        return self.model.theme

    @property
    def question_text(self) -> str:
        return self.model.question

    def _draw(self, model):
        """The situation (cards on the table, facts), drawn from the model."""
        return None

    def _answer_area(self, model):
        return None

    def _show(self, fb: Feedback) -> Feedback:
        """Show the model's feedback and copy its state to the page. A refused answer (typed
        text that is no answer at all) is said in the feedback and counts for nothing."""
        if fb.status == REFUSED:
            self.feedback.html = (
                "<div class='fox-msg fox-msg-wrong fox-refused' role='status' "
                f"aria-live='polite'>{' '.join(_esc(line) for line in fb.lines)}</div>")
            return fb
        model = self.model
        self.attempts = model.attempts
        self.verdict = model.verdict
        self.solved = model.solved
        self.revealed = model.revealed
        self.explanation = fb.text
        css = {RIGHT: "fox-msg-ok fox-right", SHOWN: "fox-msg-ok fox-shown"}.get(
            fb.status, "fox-msg-wrong fox-wrong")
        self.feedback.html = (
            f"<div class='fox-msg {css}' role='status' aria-live='polite'>"
            f"<b>{_esc(fb.title)}</b> {' '.join(_esc(line) for line in fb.lines)}</div>")
        return fb

    def solution(self) -> str:
        """The right answer with the engine's explanation (for "Show answer")."""
        return self.model.solution()

    def show_answer(self) -> None:
        """Show the right answer and why; the exercise no longer counts as a first-try."""
        fb = self.model.show_answer()
        self._mark_answer()
        self._show(fb)

    def _mark_answer(self) -> None:
        """Point at the right answer in the answer area (a subclass hook)."""


class _ChoiceExercise(Exercise):
    """An exercise answered by pressing one of several buttons (the model's ``options``)."""

    model_class = X.ChoiceExercise

    def _answer_area(self, model):
        self.buttons = []
        for i, option in enumerate(model.options):
            button = _button(description=option.label, tooltip=option.label,
                             layout=_auto_width())
            button.add_class("fox-choice")
            button.on_click(lambda _b, i=i: self.choose(i))
            self.buttons.append(button)
        area = _hbox(self.buttons)
        area.add_class("fox-controls")
        area.add_class("fox-choices")
        return area

    def choose(self, index: int) -> None:
        fb = self.model.answer(index)
        for i, button in enumerate(self.buttons):
            button.button_style = ("success" if fb.status == RIGHT else "danger") \
                if i == index else ""
        self._show(fb)

    def choose_text(self, text: str) -> None:
        """Answer by a button's text (handy in tests and demonstrations)."""
        labels = [o.label for o in self.model.options]
        if text not in labels:
            raise ValueError(say.not_one_of(text, labels))
        self.choose(labels.index(text))

    def _mark_answer(self) -> None:
        for option, button in zip(self.model.options, self.buttons):
            button.button_style = "success" if option.correct else ""


class _CardPickExercise(Exercise):
    """An exercise answered by clicking cards (the model's ``choices``): when the model takes
    several (``multiple``) the clicks toggle cards and the Check button answers; otherwise one
    click answers."""

    model_class = X.CardPickExercise

    def _answer_area(self, model):
        self.choices = CardRow([str(c) for c in model.choices], theme=model.theme.key,
                               size="normal", label=model.label, layout=_layout())
        self.choices.add_class("fox-card-choices")
        self.choices.on_click(self._clicked)
        hint = WORDS["pick_many" if model.multiple else "pick_one"]
        parts = [_caption(f"{model.label}: {hint}", "fox-exercise-caption"), self.choices]
        if model.multiple:
            self.check_button = _button(description=say.CHROME["check"], button_style="primary",
                                        tooltip=WORDS["check_tip"])
            self.check_button.add_class("fox-check")
            self.check_button.on_click(lambda _b: self.check())
            parts.append(self.check_button)
        area = _vbox(parts)
        area.add_class("fox-card-pick")
        return area

    @property
    def selected(self) -> set:
        return {Card(code) for code in self.choices.selected}

    def select(self, *cards) -> None:
        """Select exactly these cards (names or Cards), as clicking them would."""
        wanted = {str(_card(c, "select")) for c in cards}
        self.choices.selected = [code for code in self.choices.cards if code in wanted]

    def _clicked(self, code: str) -> None:
        if self.model.multiple:
            chosen = set(self.choices.selected) ^ {code}
            self.choices.selected = [c for c in self.choices.cards if c in chosen]
        else:
            self.choices.selected = [code]
            self.choose(code)

    def click(self, card) -> None:
        """Click a card (a name such as '9M' or a Card), exactly as the learner would."""
        self.choices.click(_card(card, "click"))

    def check(self) -> None:
        """Answer with the selected cards (several-card exercises)."""
        self._show(self.model.answer(self.selected))

    def choose(self, code: str) -> None:
        """Answer with one card (one-card exercises)."""
        self._show(self.model.answer(code))

    def _mark_answer(self) -> None:
        right = self.model.legal if self.model.multiple else self.model.answers
        self.select(*right)
