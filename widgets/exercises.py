"""'Your turn' exercises for the lessons: the learner answers, foxlib checks and explains.

Every exercise is a small ``VBox`` built from plain data (card names such as ``'9M'``, trick
counts, scores), so a lesson cell is one call with its data, e.g.::

    WhoWinsExercise(decree="4B", lead="10K", follow="2B")

The right answer is never stored in the lesson: each exercise asks the engine (``foxlib``) for
it, and the feedback shows the engine's own explanation. State, for tests and the page:

- ``attempts``: answers given so far; ``solved``: True once an answer was right;
- ``verdict``: ``""`` before any answer, then ``"right"`` or ``"wrong"`` for the last one;
- ``explanation``: the plain text of the last feedback.

Bad exercise data raises ``foxlib.FoxError`` (a ``ValueError``) naming the argument at fault.
In the page every exercise carries the CSS class ``fox-exercise`` (and one per kind, such as
``fox-who-wins``); its feedback is the element with class ``fox-feedback``.
"""
from __future__ import annotations

import html
import pathlib

import ipywidgets as W
from traitlets import Bool, Int, Unicode

from foxlib import CHARACTERS, DECK, THEMES, Card, FoxError, InvalidCard, InvalidState, Move
from foxlib import Position, Round, rules
from foxlib.cards import Theme, card_list
from foxlib.game import game_result
from foxlib.svg import suit_svg

from . import feedback, progress
from .card import CardRow, CardWidget, HtmlView

__all__ = [
    "Exercise", "WhoWinsExercise", "LegalPlayExercise", "ChooseBestExercise",
    "FoxExchangeExercise", "WoodcutterDiscardExercise", "ScoreExercise", "GameEndExercise",
    "DealExercise", "CharacterExercise", "TrueFalseExercise", "RoundTrickExercise",
    "RoundScoreExercise", "Quiz", "make_exercise", "load_round",
]

HERE = pathlib.Path(__file__).parent
LEADER, FOLLOWER = "Ann", "Ben"
RIGHT, WRONG, SHOWN = "right", "wrong", "shown"


# ----------------------------------------------------------------------------- reading data

def _theme(theme) -> Theme:
    if isinstance(theme, Theme):
        return theme
    if theme in THEMES:
        return THEMES[theme]
    raise InvalidState(f"theme: {theme!r} is not a theme; use one of {sorted(THEMES)}.")


def _card(value, where: str) -> Card:
    try:
        return Card(value)
    except InvalidCard as exc:
        raise InvalidCard(f"{where}: {exc}") from None


def _cards(values, where: str) -> list[Card]:
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    if not isinstance(values, (list, tuple)):
        raise InvalidCard(f"{where} must be a list of cards like ['9M', '2B'], "
                          f"not {type(values).__name__}.")
    return [_card(v, f"{where}[{i}]") for i, v in enumerate(values)]


def _count(value, name: str, top: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise InvalidState(f"{name} must be a whole number from 0 to {top}, not {value!r}.")
    return value


def _distinct(where: str, **groups) -> None:
    """Exercise data may not use one card twice (the engine would refuse the position)."""
    seen: dict = {}
    for name, cards in groups.items():
        for card in cards if isinstance(cards, (list, tuple)) else [cards]:
            if card in seen:
                raise InvalidState(f"{where}: the {card.name()} ({card}) is used twice, in "
                                   f"{seen[card]} and in {name}.")
            seen[card] = name


def _spare(used, n: int) -> list[Card]:
    return [c for c in DECK if c not in used][:n]


def _open_trick_round(decree: Card, led: Card, follower_hand, names, theme: Theme,
                      deck=()) -> Round:
    """A Round in which names[0] has just led ``led`` and names[1] holds ``follower_hand``.

    The leader's remaining cards never matter to the question, but the engine wants a
    consistent position, so they are filled with cards used nowhere else (never shown).
    """
    filler = _spare({decree, led, *follower_hand, *deck}, len(follower_hand) - 1)
    position = Position(decree, (filler, list(follower_hand)), 0, list(deck), [led])
    return Round(position, tuple(names), theme)


def _leading_round(decree: Card, hand, names, theme: Theme, deck=()) -> Round:
    """A Round in which names[0], holding ``hand``, is about to lead."""
    filler = _spare({decree, *hand, *deck}, len(hand))
    position = Position(decree, (list(hand), filler), 0, list(deck), [])
    return Round(position, tuple(names), theme)


# ----------------------------------------------------------------------------- small views

def _esc(text) -> str:
    return html.escape(str(text))


class ExerciseHtml(HtmlView):
    """Text in the app's look; also brings the exercise styles to the page."""

    _css = (HERE / "style.css").read_text() + (HERE / "exercises.css").read_text()


def _caption(text: str, css: str = "fox-caption") -> W.HTML:
    label = W.HTML(f"<span>{_esc(text)}</span>")
    label.add_class(css)
    return label


def _spot(caption: str, widget, *, wide: bool = False) -> W.VBox:
    """A caption over a card (centred) or over a row of cards (``wide``: left-aligned)."""
    box = W.VBox([_caption(caption), widget])
    box.add_class("fox-spot")
    if wide:
        box.add_class("fox-spot-wide")
    return box


def _shown_card(card: Card, theme: Theme) -> CardWidget:
    return CardWidget(str(card), theme=theme.key, size="normal", interactive=False)


def _shown_cards(cards, theme: Theme, label: str) -> CardRow:
    # A long row (a whole hand) uses small cards so that it fits a phone screen.
    size = "small" if len(cards) > 4 else "normal"
    return CardRow([str(c) for c in cards], theme=theme.key, size=size, interactive=False,
                   label=label)


def _trump_caption(decree: Card, theme: Theme) -> str:
    return f"Decree: {theme.suit_names[decree.suit]} are trump"


def _situation(*spots) -> W.HBox:
    box = W.HBox(list(spots))
    box.add_class("fox-row")
    box.add_class("fox-panel")
    box.add_class("fox-exercise-situation")
    return box


def _facts(rows) -> ExerciseHtml:
    """Label/value rows (for exercises without cards on the table)."""
    items = "".join(f"<dt>{_esc(k)}</dt><dd>{v}</dd>" for k, v in rows)
    view = ExerciseHtml(f"<dl class='fox-exercise-facts fox-panel'>{items}</dl>")
    view.add_class("fox-exercise-situation")
    return view


def _suit_text(card: Card, theme: Theme) -> str:
    return f"{suit_svg(card.suit, theme, 16)} {_esc(card.name(theme))}"


# ----------------------------------------------------------------------------- the frame

class Exercise(W.VBox):
    """Frame shared by all exercises: heading, question, situation, answer area, feedback and
    a "Show answer" button.

    A wrong try shows why that choice is wrong without naming the answer; the engine's full
    explanation comes with a right answer or with "Show answer" (texts: widgets/feedback.py).
    """

    attempts = Int(0)
    solved = Bool(False)
    revealed = Bool(False)
    verdict = Unicode("")
    explanation = Unicode("")

    def __init__(self, question: str, situation=None, answer_area=None, *,
                 title: str = "Your turn", theme="classic"):
        self.theme = _theme(theme)
        self.question_text = question
        self.heading = W.HTML(f"<div class='fox-exercise-title'>{_esc(title)}</div>")
        self.question = W.HTML(f"<div class='fox-exercise-question'>{_esc(question)}</div>")
        self.feedback = ExerciseHtml("")
        self.feedback.add_class("fox-feedback")
        self.show_button = W.Button(description="Show answer", icon="eye",
                                    tooltip="Show the answer and why")
        self.show_button.add_class("fox-show-answer")
        self.show_button.on_click(lambda _b: self.show_answer())
        parts = [self.heading, self.question, situation, answer_area, self.feedback,
                 self.show_button, progress.place()]
        super().__init__([p for p in parts if p is not None])
        self.add_class("fox-app")
        self.add_class("fox-exercise")
        progress.register(self)

    def _answer(self, correct: bool, text: str, *, chosen: str | None = None) -> None:
        """Record an answer; ``text`` is the full explanation when ``correct``, otherwise why
        the chosen answer is wrong (never naming the right one)."""
        self.attempts += 1
        self.verdict = RIGHT if correct else WRONG
        if correct:
            self.solved = True
        self._say(correct, *feedback.verdict(correct, text, chosen))

    def _say(self, ok: bool, head: str, middle: str, tail: str) -> None:
        self.explanation = " ".join(p for p in (head, middle, tail) if p)
        css = "fox-msg-ok fox-right" if ok else "fox-msg-wrong fox-wrong"
        self.feedback.html = (
            f"<div class='fox-msg {css}' role='status' aria-live='polite'>"
            f"<b>{_esc(head)}</b> {_esc(middle)}{' ' + _esc(tail) if tail else ''}</div>")

    def solution(self) -> str:
        """The right answer with the engine's explanation (for "Show answer")."""
        raise NotImplementedError

    def show_answer(self) -> None:
        """Show the right answer and why; the exercise no longer counts as a first-try."""
        self.revealed = True
        self.verdict = SHOWN
        self._mark_answer()
        self._say(True, feedback.SHOWN_HEAD, self.solution(), "")
        self.feedback.html = self.feedback.html.replace("fox-right", "fox-shown")

    def _mark_answer(self) -> None:
        """Point at the right answer in the answer area (a subclass hook)."""


class _ChoiceExercise(Exercise):
    """An exercise answered by pressing one of several buttons."""

    def __init__(self, question, situation, options, *, theme="classic", title="Your turn"):
        # options: (button text, is_correct, text) for each button, where text is the full
        # explanation for a right answer and why it is wrong for a wrong one
        self.options = list(options)
        self.buttons = []
        for i, (text, _, _) in enumerate(self.options):
            button = W.Button(description=text, tooltip=text, layout=W.Layout(width="auto"))
            button.add_class("fox-choice")
            button.on_click(lambda _b, i=i: self.choose(i))
            self.buttons.append(button)
        area = W.HBox(self.buttons)
        area.add_class("fox-controls")
        area.add_class("fox-choices")
        super().__init__(question, situation, area, theme=theme, title=title)

    def choose(self, index: int) -> None:
        text, correct, explanation = self.options[index]
        for i, button in enumerate(self.buttons):
            button.button_style = ("success" if correct else "danger") if i == index else ""
        self._answer(correct, explanation, chosen=text)

    def choose_text(self, text: str) -> None:
        """Answer by a button's text (handy in tests and demonstrations)."""
        for i, (label, _, _) in enumerate(self.options):
            if label == text:
                return self.choose(i)
        raise ValueError(f"{text!r} is not one of the answers: {[o[0] for o in self.options]}.")

    @property
    def right_answers(self) -> list[str]:
        return [text for text, ok, _ in self.options if ok]

    def solution(self) -> str:
        text, _, explanation = next(o for o in self.options if o[1])
        return f"{text}. {explanation}"

    def _mark_answer(self) -> None:
        for (_, ok, _), button in zip(self.options, self.buttons):
            button.button_style = "success" if ok else ""


class _CardPickExercise(Exercise):
    """An exercise answered by clicking cards: ``multiple`` toggles cards and waits for the
    Check button; otherwise one click answers."""

    def __init__(self, question, situation, cards, *, multiple: bool, label: str,
                 theme: Theme):
        self.choices = CardRow([str(c) for c in cards], theme=theme.key, size="normal",
                               label=label)
        self.choices.add_class("fox-card-choices")
        self.choices.on_click(self._clicked)
        self.multiple = multiple
        hint = "click the cards, then Check" if multiple else "click one card"
        parts = [_caption(f"{label}: {hint}", "fox-exercise-caption"), self.choices]
        if multiple:
            self.check_button = W.Button(description="Check", button_style="primary",
                                         tooltip="Check the cards you selected")
            self.check_button.add_class("fox-check")
            self.check_button.on_click(lambda _b: self.check())
            parts.append(self.check_button)
        area = W.VBox(parts)
        area.add_class("fox-card-pick")
        super().__init__(question, situation, area, theme=theme)

    @property
    def selected(self) -> set:
        return {Card(code) for code in self.choices.selected}

    def select(self, *cards) -> None:
        """Select exactly these cards (names or Cards), as clicking them would."""
        wanted = {str(_card(c, "select")) for c in cards}
        self.choices.selected = [code for code in self.choices.cards if code in wanted]

    def _clicked(self, code: str) -> None:
        if self.multiple:
            chosen = set(self.choices.selected) ^ {code}
            self.choices.selected = [c for c in self.choices.cards if c in chosen]
        else:
            self.choices.selected = [code]
            self.choose(code)

    def click(self, card) -> None:
        """Click a card (a name such as '9M' or a Card), exactly as the learner would."""
        self.choices.click(_card(card, "click"))

    def check(self) -> None:
        raise NotImplementedError

    def choose(self, code: str) -> None:
        raise NotImplementedError


# ----------------------------------------------------------------------------- tricks

class WhoWinsExercise(_ChoiceExercise):
    """Two cards are on the table: who wins the trick (or leads next, or scores Treasure)?

    ``ask`` is ``"winner"`` (default), ``"next_leader"`` (for the Swan) or ``"treasure"``.
    """

    ASKS = ("winner", "next_leader", "treasure")

    def __init__(self, decree, lead, follow, *, leader: str = LEADER, follower: str = FOLLOWER,
                 ask: str = "winner", question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.decree, self.lead = _card(decree, "decree"), _card(lead, "lead")
        self.follow = _card(follow, "follow")
        _distinct("WhoWinsExercise", decree=self.decree, lead=self.lead, follow=self.follow)
        if ask not in self.ASKS:
            raise InvalidState(f"ask: {ask!r} is not a question; use one of {list(self.ASKS)}.")
        names = (leader, follower)
        self.outcome = out = rules.resolve_trick(self.lead, self.follow, self.decree, names,
                                                 theme_)
        trick = (self.lead, self.follow, self.decree, names)

        def said(ok, why_wrong):  # the engine's reason once right, otherwise why not
            return out.reason if ok else why_wrong()

        if ask == "winner":
            options = [(f"{n} wins", out.winner == i,
                        said(out.winner == i,
                             lambda i=i: feedback.why_not_winner(*trick, i, theme_)))
                       for i, n in enumerate(names)]
            default = "Who wins this trick?"
        elif ask == "next_leader":
            options = [(f"{n} leads next", out.next_leader == i,
                        said(out.next_leader == i,
                             lambda i=i: feedback.why_not_next_leader(*trick, i, theme_)))
                       for i, n in enumerate(names)]
            default = "Who leads the next trick?"
        else:
            options = [("Nobody scores", out.treasure == 0,
                        said(out.treasure == 0,
                             lambda: feedback.why_not_treasure(*trick, None, 0, theme_)))]
            for i, n in enumerate(names):
                for pts in (1, 2):
                    ok = out.treasure == pts and out.winner == i
                    options.append((f"{n} scores {pts}", ok, said(
                        ok, lambda i=i, pts=pts: feedback.why_not_treasure(*trick, i, pts,
                                                                           theme_))))
            default = "Does anyone score points for this trick? Who, and how many?"
        situation = _situation(
            _spot(_trump_caption(self.decree, theme_), _shown_card(self.decree, theme_)),
            _spot(f"{leader} leads", _shown_card(self.lead, theme_)),
            _spot(f"{follower} follows", _shown_card(self.follow, theme_)))
        super().__init__(question or default, situation, options, theme=theme_)
        self.add_class("fox-who-wins")


class LegalPlayExercise(_CardPickExercise):
    """The leader has led; select every card of the follower's hand that may be played."""

    def __init__(self, decree, led, hand, *, leader: str = LEADER, follower: str = FOLLOWER,
                 question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.decree, self.led = _card(decree, "decree"), _card(led, "led")
        self.hand = sorted(_cards(hand, "hand"))
        if not self.hand:
            raise InvalidState("hand: give the follower at least one card.")
        _distinct("LegalPlayExercise", decree=self.decree, led=self.led, hand=self.hand)
        self.round = _open_trick_round(self.decree, self.led, self.hand, (leader, follower),
                                       theme_)
        self.legal = set(self.round.legal_cards())
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower}: click every "
                   "card you may play (click again to unselect), then press Check.")
        situation = _situation(
            _spot(_trump_caption(self.decree, theme_), _shown_card(self.decree, theme_)),
            _spot(f"{leader} led", _shown_card(self.led, theme_)))
        super().__init__(question or default, situation, self.hand, multiple=True,
                         label=f"{follower}'s hand", theme=theme_)
        self.add_class("fox-legal-play")

    def check(self) -> None:
        theme, chosen = self.theme, self.selected
        if chosen == self.legal:
            return self._answer(True, self._explain())
        leader = self.round.name(0)
        notes = [f"Not the {card.name(theme)}: "
                 f"{feedback.why_not_follow(card, self.led, leader, theme)}"
                 for card in sorted(chosen - self.legal)]
        missed = len(self.legal - chosen)
        if missed and not chosen:
            notes.append("You selected no card, and at least one card may always be played.")
        elif missed:
            notes.append(feedback.why_missed(missed, "that you may play"))
        self._answer(False, " ".join(notes))

    def _explain(self) -> str:
        theme, notes = self.theme, []
        if self.legal == set(self.hand):
            notes.append("Every card in your hand may be played.")
            if not any(c.suit == self.led.suit for c in self.hand):
                notes.append(f"You hold no {theme.suit_names[self.led.suit]}, so you are "
                             "free to play anything.")
        else:
            notes.append(f"You may play exactly {card_list(self.legal, theme)}.")
            other = min(set(self.hand) - self.legal)
            try:
                self.round.verify_play(other)
            except FoxError as exc:
                notes.append(str(exc))
        return " ".join(notes)

    def solution(self) -> str:
        return self._explain()

    def _mark_answer(self) -> None:
        self.select(*self.legal)


class ChooseBestExercise(_CardPickExercise):
    """The leader has led; click the card from the follower's hand that reaches ``goal``.

    ``goal`` is ``"win"`` (win the trick), ``"lose"`` (lose it) or ``"lead"`` (lead the next
    trick, e.g. with a Swan). The engine plays the chosen card and decides the trick.
    """

    GOALS = {"win": "win this trick", "lose": "lose this trick", "lead": "lead the next trick"}

    def __init__(self, decree, led, hand, *, goal: str = "win", leader: str = LEADER,
                 follower: str = FOLLOWER, question: str | None = None, theme="classic"):
        self.theme = theme_ = _theme(theme)
        if goal not in self.GOALS:
            raise InvalidState(f"goal: {goal!r} is not a goal; use one of {list(self.GOALS)}.")
        self.goal = goal
        self.decree, self.led = _card(decree, "decree"), _card(led, "led")
        self.hand = sorted(_cards(hand, "hand"))
        _distinct("ChooseBestExercise", decree=self.decree, led=self.led, hand=self.hand)
        for card in self.hand:
            if card.rank in (rules.FOX, rules.WOODCUTTER):
                raise InvalidState(
                    f"hand: the {card.label()} needs a decision of its own; use "
                    "FoxExchangeExercise or WoodcutterDiscardExercise for it.")
        self.round = _open_trick_round(self.decree, self.led, self.hand, (leader, follower),
                                       theme_)
        self.answers = [c for c in self.hand if self._outcome(c)[0]]
        if not self.answers:
            raise InvalidState(f"ChooseBestExercise: no card in the hand can {self.GOALS[goal]}, "
                               "so the exercise has no answer.")
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower}: click a "
                   f"card that makes you {self.GOALS[goal]}.")
        situation = _situation(
            _spot(_trump_caption(self.decree, theme_), _shown_card(self.decree, theme_)),
            _spot(f"{leader} led", _shown_card(self.led, theme_)))
        super().__init__(question or default, situation, self.hand, multiple=False,
                         label=f"{follower}'s hand", theme=theme_)
        self.add_class("fox-choose-best")

    def _outcome(self, card: Card):
        """(goal reached, explanation) for following with ``card``, decided by the engine."""
        if not self.round.can_play(card):
            why = feedback.why_not_follow(card, self.led, self.round.name(0), self.theme)
            return False, f"The {card.name(self.theme)} may not be played here: {why}"
        rnd = self.round.copy()
        rnd.push(Move(card))
        trick = rnd.tricks[-1]
        reached = {"win": trick.winner == 1, "lose": trick.winner == 0,
                   "lead": trick.next_leader == 1}[self.goal]
        return reached, trick.reason

    def choose(self, code: str) -> None:
        card = _card(code, "choose")
        if card not in self.hand:
            raise InvalidState(f"choose: the {card.name()} is not in the hand.")
        reached, reason = self._outcome(card)
        if reached:
            reason += self._also(card)
        elif self.round.can_play(card):
            reason += f" That does not make you {self.GOALS[self.goal]}."
        self._answer(reached, reason, chosen=f"the {card.name(self.theme)}")

    def _also(self, card: Card) -> str:
        others = [c for c in self.answers if c is not card]
        if not others:
            return ""
        return f" The {' or the '.join(c.name(self.theme) for c in others)} would also do."

    def solution(self) -> str:
        best = self.answers[0]
        return (f"Play the {best.name(self.theme)}. {self._outcome(best)[1]}"
                f"{self._also(best)}")

    def _mark_answer(self) -> None:
        self.select(*self.answers)


# ----------------------------------------------------------------------------- Fox and Woodcutter

class FoxExchangeExercise(_ChoiceExercise):
    """You follow with a Fox: which card (if any) do you swap with the decree card to reach
    ``goal`` (``"win"`` or ``"lose"`` this trick)? The engine plays the Fox and the swap."""

    def __init__(self, decree, led, fox, hand, *, goal: str = "win", leader: str = LEADER,
                 follower: str = FOLLOWER, question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        if goal not in ("win", "lose"):
            raise InvalidState(f"goal: {goal!r} is not a goal; use 'win' or 'lose'.")
        self.decree, self.led = _card(decree, "decree"), _card(led, "led")
        self.fox = _card(fox, "fox")
        if self.fox.rank != rules.FOX:
            raise InvalidState(f"fox: the {self.fox.label()} is not a Fox (a 3).")
        self.hand = sorted(_cards(hand, "hand"))
        if not self.hand:
            raise InvalidState("hand: the Fox can only swap when other cards stay in hand.")
        _distinct("FoxExchangeExercise", decree=self.decree, led=self.led, fox=self.fox,
                  hand=self.hand)
        self.round = _open_trick_round(self.decree, self.led, [self.fox, *self.hand],
                                       (leader, follower), theme_)
        try:
            self.round.verify_play(self.fox)
        except FoxError as exc:
            raise InvalidState(f"fox: {follower} may not follow with the Fox here: {exc}") from None
        choices = [None, *self.hand]
        outcomes = [self._result(c, goal) for c in choices]
        if not any(ok for ok, _ in outcomes):
            raise InvalidState("FoxExchangeExercise: no choice reaches the goal.")
        options = []
        for card, (ok, why) in zip(choices, outcomes):
            text = (f"Keep the {self.decree.name(theme_)}" if card is None
                    else f"Swap in the {card.name(theme_)}")
            options.append((text, ok, why))
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower} and follow "
                   f"with your Fox, the {self.fox.name(theme_)}. You want to {goal} this "
                   "trick: which card do you swap with the decree card?")
        situation = _situation(
            _spot(_trump_caption(self.decree, theme_), _shown_card(self.decree, theme_)),
            _spot(f"{leader} led", _shown_card(self.led, theme_)),
            _spot(f"{follower} plays", _shown_card(self.fox, theme_)),
            _spot(f"{follower} still holds", _shown_cards(self.hand, theme_,
                                                          f"{follower}'s hand"), wide=True))
        super().__init__(question or default, situation, options, theme=theme_)
        self.add_class("fox-fox-exchange")

    def _result(self, card, goal):
        rnd = self.round.copy()
        rnd.play(self.fox)
        record = rnd.exchange(card)
        trick = rnd.tricks[-1]
        won = trick.winner == 1
        return (won if goal == "win" else not won), f"{record.reason} {trick.reason}"


class WoodcutterDiscardExercise(_CardPickExercise):
    """You play a Woodcutter and draw: select every card you could put under the deck.

    With ``led`` the opponent has led that card and you follow with the Woodcutter; without it
    you lead the Woodcutter. ``deck`` lists the deck from the top.
    """

    def __init__(self, decree, woodcutter, hand, deck, *, led=None, player: str = FOLLOWER,
                 opponent: str = LEADER, question: str | None = None, theme="classic"):
        self.theme = theme_ = _theme(theme)
        self.decree = _card(decree, "decree")
        self.woodcutter = _card(woodcutter, "woodcutter")
        if self.woodcutter.rank != rules.WOODCUTTER:
            raise InvalidState(f"woodcutter: the {self.woodcutter.label()} is not a Woodcutter "
                               "(a 5).")
        self.hand = sorted(_cards(hand, "hand"))
        self.deck = _cards(deck, "deck")
        if not self.deck:
            raise InvalidState("deck: the Woodcutter needs at least one card in the deck.")
        self.led = None if led is None else _card(led, "led")
        groups = dict(decree=self.decree, woodcutter=self.woodcutter, hand=self.hand,
                      deck=self.deck)
        if self.led is not None:
            groups["led"] = self.led
        _distinct("WoodcutterDiscardExercise", **groups)
        mine = [self.woodcutter, *self.hand]
        if self.led is None:
            self.round = _leading_round(self.decree, mine, (player, opponent), theme_, self.deck)
            self.me = 0
        else:
            self.round = _open_trick_round(self.decree, self.led, mine, (opponent, player),
                                           theme_, self.deck)
            self.me = 1
        try:
            self.round.verify_play(self.woodcutter)
        except FoxError as exc:
            raise InvalidState(f"woodcutter: it may not be played here: {exc}") from None
        self.round.play(self.woodcutter)
        self.drawn = self.round.history[-1].card
        self.legal = {a.card for a in self.round.legal_actions()}
        # All candidates in card order, so that their position gives nothing away.
        options = sorted(self.legal | {self.woodcutter, self.decree})
        how = ("lead" if self.led is None
               else f"follow {opponent}'s {self.led.name(theme_)} with")
        default = (f"You are {player}. You {how} your Woodcutter, the "
                   f"{self.woodcutter.name(theme_)}, and draw the top card of the deck: the "
                   f"{self.drawn.name(theme_)}. Click every card you could now put face down "
                   "under the deck, then press Check.")
        spots = [_spot(_trump_caption(self.decree, theme_), _shown_card(self.decree, theme_)),
                 _spot("In the trick", _shown_cards(self.round.trick, theme_, "The trick")),
                 _spot(f"{player} drew", _shown_card(self.drawn, theme_))]
        super().__init__(question or default, _situation(*spots), options, multiple=True,
                         label="Cards to choose from", theme=theme_)
        self.add_class("fox-woodcutter")

    def _where(self, card: Card) -> str:
        if card is self.woodcutter:
            return "it is already on the table, in the trick."
        return "it is the decree card, lying face up beside the deck, not in your hand."

    def check(self) -> None:
        theme, chosen = self.theme, self.selected
        if chosen == self.legal:
            return self._answer(True, self._explain())
        # One reason per card: where the card is, which is why it is not yours to discard.
        notes = [f"Not the {card.name(theme)}: {self._where(card)}"
                 for card in sorted(chosen - self.legal)]
        missed = len(self.legal - chosen)
        if missed and not chosen:
            notes.append("You selected no card, and some cards could go under the deck.")
        elif missed:
            notes.append(feedback.why_missed(missed, "that could go under the deck"))
        self._answer(False, " ".join(notes))

    def _explain(self) -> str:
        return (f"Any card in your hand may go under the deck, including the "
                f"{self.drawn.name(self.theme)} you just drew; the Woodcutter itself is in "
                "the trick and the decree card is in nobody's hand.")

    def solution(self) -> str:
        return (f"You could put {card_list(self.legal, self.theme)} under the deck. "
                f"{self._explain()}")

    def _mark_answer(self) -> None:
        self.select(*self.legal)


# ----------------------------------------------------------------------------- scoring

class ScoreExercise(Exercise):
    """How many points does a player gain in a round with ``tricks`` tricks (plus ``treasure``
    points for 7s won during the round)? The learner types a number and presses Check."""

    def __init__(self, tricks: int, *, treasure: int = 0, player: str = LEADER,
                 question: str | None = None, theme="classic"):
        self.tricks = _count(tricks, "tricks", 13)
        self.treasure = _count(treasure, "treasure", 3)
        self.player = player
        self.points = rules.round_points(tricks) + treasure
        self.entry = W.BoundedIntText(value=0, min=0, max=99, description="Points",
                                      layout=W.Layout(width="10em"))
        self.entry.add_class("fox-points-entry")
        self.check_button = W.Button(description="Check", button_style="primary",
                                     tooltip="Check your answer")
        self.check_button.add_class("fox-check")
        self.check_button.on_click(lambda _b: self.check())
        area = W.HBox([self.entry, self.check_button])
        area.add_class("fox-controls")
        extra = (f", and {treasure} Treasure point{'s' if treasure != 1 else ''} from 7s in "
                 "them") if treasure else ""
        default = (f"{player} won {tricks} trick{'s' if tricks != 1 else ''} this round{extra}. "
                   f"How many points does {player} gain for the round?")
        situation = _facts([(f"{player}'s tricks", str(tricks)),
                            ("The other player's tricks", str(13 - tricks))])
        super().__init__(question or default, situation, area, theme=theme)
        self.add_class("fox-score")

    def check(self, value: int | None = None) -> None:
        if value is not None:
            self.entry.value = value
        given = self.entry.value
        if given == self.points:
            return self._answer(True, self._explain(), chosen=str(given))
        self._answer(False, feedback.why_not_score(self.tricks, self.treasure, given),
                     chosen=str(given))

    def _explain(self) -> str:
        why = rules.explain_round_points(self.player, self.tricks)
        if self.treasure:
            why += (f" Add the Treasure: {rules.round_points(self.tricks)} + {self.treasure} = "
                    f"{feedback.plural(self.points, 'point')}.")
        return why

    def solution(self) -> str:
        return f"{feedback.plural(self.points, 'point')}. {self._explain()}"

    def _mark_answer(self) -> None:
        self.entry.value = self.points


class GameEndExercise(_ChoiceExercise):
    """A round has just been scored: is the game over, and who wins?"""

    def __init__(self, score, round_gain, *, target: int = 21, names=(LEADER, FOLLOWER),
                 question: str | None = None, theme="classic"):
        for field, pair in (("score", score), ("round_gain", round_gain)):
            ok = isinstance(pair, (list, tuple)) and len(pair) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in pair)
            if not ok:
                raise InvalidState(f"{field} must be two whole numbers like [21, 18], "
                                   f"not {pair!r}.")
        if any(g > s for g, s in zip(round_gain, score)):
            raise InvalidState("round_gain: nobody can gain more points in a round than their "
                               "whole score.")
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise InvalidState(f"target must be a whole number of at least 1, not {target!r}.")
        names = tuple(names)
        self.result = over, winner, reason = game_result(tuple(score), tuple(round_gain),
                                                         target, names)
        choices = [(f"{names[0]} wins", 0), (f"{names[1]} wins", 1), ("It is a draw", "draw"),
                   ("Deal another round", None)]
        options = []
        for text, choice in choices:
            ok = choice == winner
            options.append((text, ok, reason if ok else feedback.why_not_game_end(
                score, round_gain, target, names, choice)))
        default = (f"A round has just been scored in a game to {target} points. Who wins, or "
                   "does the game go on?")
        situation = _facts([
            ("Score", f"{_esc(names[0])} {score[0]}, {_esc(names[1])} {score[1]}"),
            ("Gained this round", f"{_esc(names[0])} {round_gain[0]}, "
                                  f"{_esc(names[1])} {round_gain[1]}"),
            ("Game to", f"{target} points")])
        super().__init__(question or default, situation, options, theme=theme)
        self.add_class("fox-game-end")


# ----------------------------------------------------------------------------- cards and deal

class DealExercise(_ChoiceExercise):
    """A question about a real deal, made by the engine from ``seed``.

    ``ask`` is ``"deck"`` (how many cards stay in the deck) or ``"leader"`` (who leads first).
    """

    def __init__(self, seed: int = 1, *, dealer: str = LEADER, ask: str = "deck",
                 names=(LEADER, FOLLOWER), question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        names = tuple(names)
        if dealer not in names:
            raise InvalidState(f"dealer: {dealer!r} is not one of the players {list(names)}.")
        self.round = rnd = Round.deal(seed, names.index(dealer), names=names, theme=theme_)
        hands = [len(h) for h in rnd.hands]
        if ask == "deck":
            why = (f"The {len(DECK)} cards were shared out like this: {hands[0]} to {names[0]}, "
                   f"{hands[1]} to {names[1]}, 1 face up as the decree card (the "
                   f"{rnd.decree.name(theme_)}) and {len(rnd.deck)} face down in the deck.")
            numbers = sorted({0, len(rnd.deck), len(rnd.deck) + 1, hands[0]})
            options = [(str(n), n == len(rnd.deck),
                        why if n == len(rnd.deck) else feedback.why_not_deck(len(DECK), hands[0], n))
                       for n in numbers]
            default = "After the deal, how many cards are left face down in the deck?"
        elif ask == "leader":
            leader = names[rnd.to_play]
            why = (f"{dealer} dealt, so the other player, {leader}, leads the first trick. The "
                   "deal passes to the other player every round.")
            options = [(f"{n} leads", n == leader,
                        why if n == leader else feedback.why_not_leader(dealer, n))
                       for n in names]
            default = f"{dealer} dealt this round. Who leads the first trick?"
        else:
            raise InvalidState(f"ask: {ask!r} is not a question; use 'deck' or 'leader'.")
        # The deck itself is not shown: counting it would give the first question away.
        situation = _situation(
            _spot(f"{names[0]}'s hand ({hands[0]} cards)",
                  _shown_cards(sorted(rnd.hands[0]), theme_, f"{names[0]}'s hand"), wide=True),
            _spot(_trump_caption(rnd.decree, theme_), _shown_card(rnd.decree, theme_)))
        super().__init__(question or default, situation, options, theme=theme_)
        self.add_class("fox-deal")


class CharacterExercise(_ChoiceExercise):
    """Which character is on this card (odd ranks), or is it a plain card (even ranks)?"""

    PLAIN = "No character"

    def __init__(self, card, *, question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.card = _card(card, "card")
        truth = self.card.character or self.PLAIN
        if self.card.character:
            why = (f"The {self.card.name(theme_)} has rank {self.card.rank}, an odd rank, so it "
                   f"is a character: the {self.card.character}. {self.card.ability}")
        else:
            why = (f"The {self.card.name(theme_)} has rank {self.card.rank}, an even rank, so it "
                   "is a plain card with no ability.")
        options = [(name, name == truth,
                    why if name == truth else feedback.why_not_character(self.card, name))
                   for name in [*CHARACTERS.values(), self.PLAIN]]
        default = (f"Here is the {self.card.name(theme_)} with its picture hidden. Which "
                   "character is it?")
        # Show the suit and rank only: the drawn card would give the name away.
        situation = _facts([("Card", _suit_text(self.card, theme_)),
                            ("Rank", str(self.card.rank))])
        super().__init__(question or default, situation, options, theme=theme_)
        self.add_class("fox-character")


# ----------------------------------------------------------------------------- recorded rounds

def load_round(source, where: str = "round") -> Round:
    """A finished or partial round from a ``Round``, a saved round (``Round.to_json()``), its
    JSON text, or the path of a ``.json`` file holding one (relative to the notebook)."""
    if isinstance(source, Round):
        return source
    if isinstance(source, (str, pathlib.Path)) and str(source).endswith(".json"):
        path = pathlib.Path(source)
        try:
            source = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidState(f"{where}: cannot read {path}: {exc.strerror}.") from None
    if isinstance(source, str):
        return Round.loads(source)
    if isinstance(source, dict):
        return Round.from_json(source, where)
    raise InvalidState(f"{where} must be a Round, a saved round or a .json file, "
                       f"not {type(source).__name__}.")


class RoundTrickExercise(WhoWinsExercise):
    """Who won trick number ``trick`` of a recorded round (or who led next, or scored)?

    The cards, the players and the decree card in force when the trick was decided (a Fox may
    have changed it) all come from the engine's replay of the round.
    """

    def __init__(self, round, trick: int, *, ask: str = "winner", question: str | None = None,
                 theme=None):
        rnd = load_round(round)
        if not isinstance(trick, int) or isinstance(trick, bool) or not 1 <= trick <= len(rnd.tricks):
            raise InvalidState(f"trick must be a trick number from 1 to {len(rnd.tricks)}, "
                               f"not {trick!r}.")
        record = next(t for t in rnd.tricks if t.number == trick)
        self.record = record
        leader, follower = rnd.name(record.leader), rnd.name(1 - record.leader)
        lead, follow = record.cards
        default = {"winner": f"Trick {trick}: who wins it?",
                   "next_leader": f"Trick {trick}: who leads the next trick?",
                   "treasure": f"Trick {trick}: does anyone score points for it?"}.get(ask)
        super().__init__(record.decree, lead, follow, leader=leader, follower=follower, ask=ask,
                         question=question or default, theme=theme or rnd.theme)
        self.add_class("fox-round-trick")


class RoundScoreExercise(ScoreExercise):
    """How many points did ``player`` gain in a recorded, finished round?"""

    def __init__(self, round, player: str, *, question: str | None = None, theme=None):
        rnd = load_round(round)
        if not rnd.is_over:
            raise InvalidState("round: the round is not finished, so it has not been scored.")
        if player not in rnd.names:
            raise InvalidState(f"player: {player!r} is not one of {list(rnd.names)}.")
        p = rnd.names.index(player)
        tricks = rnd.tricks_won[p]
        treasure = rnd.round_gain[p] - rules.round_points(tricks)
        super().__init__(tricks, treasure=treasure, player=player, question=question,
                         theme=theme or rnd.theme)
        self.add_class("fox-round-score")


# ----------------------------------------------------------------------------- misconceptions

class TrueFalseExercise(_ChoiceExercise):
    """A claim to judge. ``demo`` asks the engine to demonstrate the truth, one of:

    - ``{"trick": ["10K", "2B"], "decree": "4B", "winner": "follower"}``: the engine decides the
      trick, and refuses the exercise unless the winner is the one given;
    - ``{"card": "3B"}``: the card's name, character and ability;
    - ``{"tricks": 10}``: the points for that many tricks;
    - ``{"game": {"score": [22, 22], "round_gain": [6, 2], "target": 21}}``: the end of a game;
    - ``{"themes": true}``: the suits of each theme, and where each comes from.
    """

    def __init__(self, statement: str, truth: bool, explanation: str, *, demo=None,
                 question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        if not isinstance(truth, bool):
            raise InvalidState(f"truth must be True or False, not {truth!r}.")
        self.statement, self.truth = statement, truth
        self.demonstration = _demonstrate(demo, theme_) if demo is not None else ""
        why = explanation + (f" The engine shows it: {self.demonstration}"
                             if self.demonstration else "")
        wrong = feedback.why_not_claim(truth)
        options = [("True", truth, why if truth else wrong),
                   ("False", not truth, wrong if truth else why)]
        situation = ExerciseHtml(f"<blockquote class='fox-claim'>{_esc(statement)}</blockquote>")
        super().__init__(question or "True or false?", situation, options, theme=theme_)
        self.add_class("fox-true-false")


def _demonstrate(demo, theme: Theme) -> str:
    kinds = {"trick", "card", "tricks", "game", "themes"}
    if not isinstance(demo, dict) or len(kinds & set(demo)) != 1:
        raise InvalidState(f"demo must be an object with one of {sorted(kinds)}, not {demo!r}.")
    if "themes" in demo:
        first, *others = [f"{t.title} (ranked {t.rank_label(1)} to {t.rank_label(11)})"
                          for t in THEMES.values()]
        origins = [t.origin for t in THEMES.values()]
        text = f"The suits are {first}, {origins[0]}."
        for title, origin in zip(others, origins[1:]):
            text += f" The names {title} come from {origin}."
        return text
    if "trick" in demo:
        cards = _cards(demo["trick"], "demo.trick")
        if len(cards) != 2:
            raise InvalidState("demo.trick must hold two cards: the led card and the reply.")
        lead, follow = cards
        decree = _card(demo.get("decree"), "demo.decree")
        _distinct("demo", trick=cards, decree=decree)
        out = rules.resolve_trick(lead, follow, decree, (LEADER, FOLLOWER), theme)
        expected = demo.get("winner")
        if expected is not None:
            if expected not in ("leader", "follower"):
                raise InvalidState("demo.winner must be 'leader' or 'follower'.")
            if ("leader", "follower")[out.winner] != expected:
                raise InvalidState(f"demo: the engine says the {('leader', 'follower')[out.winner]}"
                                   f" wins, not the {expected}: {out.reason}")
        # Playing another suit is only allowed without the led suit: say so, or the demo
        # would seem to break the rule of following suit.
        reply = (f"{FOLLOWER} follows with the {follow.name(theme)}" if follow.suit == lead.suit
                 else f"{FOLLOWER}, who has no {theme.suit_names[lead.suit]}, plays the "
                      f"{follow.name(theme)}")
        return (f"The decree card is the {decree.name(theme)}. {LEADER} leads the "
                f"{lead.name(theme)}; {reply}. {out.reason}")
    if "card" in demo:
        card = _card(demo["card"], "demo.card")
        if card.ability:
            return f"The {card.label(theme)}: {card.ability[0].lower()}{card.ability[1:]}"
        return f"The {card.name(theme)} has no character."
    if "tricks" in demo:
        return rules.explain_round_points(LEADER, _count(demo["tricks"], "demo.tricks", 13))
    game = demo["game"]
    if not isinstance(game, dict) or not {"score", "round_gain"} <= set(game):
        raise InvalidState("demo.game needs 'score' and 'round_gain'.")
    return game_result(tuple(game["score"]), tuple(game["round_gain"]),
                       game.get("target", 21), (LEADER, FOLLOWER))[2]


# ----------------------------------------------------------------------------- several at once

KINDS = {
    "who_wins": WhoWinsExercise, "legal_play": LegalPlayExercise,
    "choose_best": ChooseBestExercise, "fox_exchange": FoxExchangeExercise,
    "woodcutter_discard": WoodcutterDiscardExercise, "score": ScoreExercise,
    "game_end": GameEndExercise, "deal": DealExercise, "character": CharacterExercise,
    "true_false": TrueFalseExercise, "round_trick": RoundTrickExercise,
    "round_score": RoundScoreExercise,
}


def _check_spec(spec, where: str) -> None:
    if not isinstance(spec, dict) or "kind" not in spec:
        raise InvalidState(f"{where} must be an object with a 'kind', one of {sorted(KINDS)}.")
    if spec["kind"] not in KINDS:
        raise InvalidState(f"{where}.kind: {spec['kind']!r} is not a kind of exercise; use one "
                           f"of {sorted(KINDS)}.")


def make_exercise(spec: dict, where: str = "exercise") -> Exercise:
    """Build an exercise from plain data: ``{"kind": "who_wins", "decree": "4B", ...}``."""
    _check_spec(spec, where)
    kind = spec["kind"]
    args = {k: v for k, v in spec.items() if k != "kind"}
    try:
        return KINDS[kind](**args)
    except TypeError as exc:
        raise InvalidState(f"{where}: {exc}") from None
    except FoxError as exc:
        raise type(exc)(f"{where}: {exc}") from None


class Quiz(W.VBox):
    """Several exercises shown one at a time, with Previous/Next buttons and a tally, ending
    with a summary: how many were right at the first try, and which questions to review.

    ``items`` are exercises or their data (``{"kind": "who_wins", ...}``, see ``make_exercise``).
    Data items are built when first shown, so a long quiz costs the page only one exercise.
    """

    position = Int(0)
    finished = Bool(False)

    def __init__(self, items, *, title: str = "Your turn"):
        if not isinstance(items, (list, tuple)) or not items:
            raise InvalidState("Quiz needs a non-empty list of exercises.")
        for i, item in enumerate(items):
            if not isinstance(item, (Exercise, dict)):
                raise InvalidState(f"items[{i}] must be an exercise or its data (an object "
                                   f"with a 'kind'), not {type(item).__name__}.")
            if isinstance(item, dict):
                _check_spec(item, f"items[{i}]")
        self.items = list(items)
        self._built: dict = {}
        self.title = title
        store = progress.place()  # before the questions, so that the quiz (never one of its
        self.progress_ids = progress.current().new_quiz(len(self.items))  # pages) holds it
        self.header = W.HTML()
        self.previous_button = W.Button(description="Previous", icon="arrow-left",
                                        tooltip="Previous question")
        self.next_button = W.Button(description="Next", icon="arrow-right",
                                    tooltip="Next question")
        self.previous_button.on_click(lambda _b: self._previous())
        self.next_button.on_click(lambda _b: self._next())
        self.previous_button.add_class("fox-quiz-previous")
        self.next_button.add_class("fox-quiz-next")
        self.summary = ExerciseHtml("")
        self.summary.add_class("fox-quiz-summary")
        self.review_buttons = W.HBox()
        self.review_buttons.add_class("fox-quiz-review")
        self.body = W.Box([self.exercise(0)])
        nav = W.HBox([self.previous_button, self.next_button])
        nav.add_class("fox-controls")
        parts = [self.header, self.body, nav, store]
        super().__init__([p for p in parts if p is not None])
        self.add_class("fox-app")
        self.add_class("fox-quiz")
        self._update()

    def __len__(self) -> int:
        return len(self.items)

    def exercise(self, index: int) -> Exercise:
        """The exercise at ``index``, built on first use."""
        if index not in self._built:
            item = self.items[index]
            if isinstance(item, Exercise):
                ex = item
            else:
                with progress.current().quiz_building():
                    ex = make_exercise(item, f"items[{index}]")
            progress.current().adopt(ex, self.progress_ids[index])
            ex.heading.layout.display = "none"  # the quiz's own header says "Your turn"
            ex.observe(lambda _c: self._update(), ["solved", "revealed", "attempts"])
            self._built[index] = ex
        return self._built[index]

    @property
    def current(self) -> Exercise:
        return self.exercise(self.position)

    @property
    def solved(self) -> int:
        return sum(ex.solved for ex in self._built.values())

    @property
    def first_try(self) -> int:
        """Questions answered right at the first attempt (without looking at the answer)."""
        return sum(ex.solved and ex.attempts == 1 and not ex.revealed
                   for ex in self._built.values())

    def results(self) -> list:
        """Each question's outcome so far (unbuilt questions: not answered yet)."""
        out = []
        for i, item in enumerate(self.items):
            ex = self._built.get(i)
            title = feedback.short_title(ex.question_text if ex else "")
            out.append(feedback.QuestionResult(
                i + 1, title, ex.attempts if ex else 0, bool(ex and ex.solved),
                bool(ex and ex.revealed)))
        return out

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

    def finish(self) -> None:
        """Show the summary in place of the questions."""
        self.finished = True
        head, review = feedback.quiz_summary(self.results())
        rows = "".join(
            f"<li><b>Question {r.number}</b>: {_esc(r.title or 'not opened yet')} "
            f"<span class='fox-quiz-note'>({_esc(feedback.review_note(r))})</span></li>"
            for r in review)
        more = (f"<p>To review:</p><ol class='fox-quiz-review-list'>{rows}</ol>"
                if review else "")
        self.summary.html = (f"<div class='fox-panel fox-quiz-summary-box' role='status'>"
                             f"<p class='fox-quiz-headline'>{_esc(head)}</p>{more}</div>")
        buttons = []
        for r in review:
            button = W.Button(description=f"Review question {r.number}",
                              tooltip=f"Go back to question {r.number}",
                              layout=W.Layout(width="auto"))
            button.add_class("fox-quiz-review-button")
            button.on_click(lambda _b, i=r.number - 1: self.go(i))
            buttons.append(button)
        self.review_buttons.children = buttons
        page = W.VBox([self.summary, self.review_buttons])
        page.add_class("fox-quiz-summary-page")
        self.body.children = [page]
        self._update()

    def _update(self) -> None:
        n = len(self.items)
        where = ("summary" if self.finished else f"question {self.position + 1} of {n}")
        self.header.value = (
            f"<div class='fox-exercise-title'>{_esc(self.title)}: {where}</div>"
            f"<div class='fox-quiz-tally'>{self.solved} of {n} solved, "
            f"{self.first_try} at the first try.</div>")
        self.previous_button.disabled = self.position == 0 and not self.finished
        last = self.position == n - 1
        self.next_button.description = "See your results" if last else "Next"
        self.next_button.icon = "flag-checkered" if last else "arrow-right"
        self.next_button.tooltip = ("Finish the quiz: your results and what to review" if last
                                    else "Next question")
        self.next_button.disabled = self.finished
