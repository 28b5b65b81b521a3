"""'Your turn' exercises for the lessons: the learner answers, foxlib checks and explains.

Every exercise is a small ``VBox`` built from plain data (card names such as ``'9M'``, trick
counts, scores), so a lesson cell is one call with its data, e.g.::

    WhoWinsExercise(decree="4B", lead="10K", follow="2B")

The right answer is never stored in the lesson: each exercise asks the engine (``foxlib``) for
it, and the feedback shows the engine's own explanation. State for tests and the page:

- ``attempts``: answers given so far; ``solved``: True once an answer was right;
- ``verdict``: ``""`` before any answer, then ``"right"`` or ``"wrong"`` for the last one;
- ``explanation``: the plain text of the last feedback.

Bad exercise data raises ``foxlib.FoxError`` (a ``ValueError``) naming the argument at fault.
"""
from __future__ import annotations

import html

import ipywidgets as W
from traitlets import Bool, Int, Unicode

from foxlib import CHARACTERS, DECK, THEMES, Card, FoxError, InvalidCard, InvalidState, Move
from foxlib import Position, Round, rules
from foxlib.cards import Theme, card_list
from foxlib.game import game_result

__all__ = [
    "Exercise", "WhoWinsExercise", "LegalPlayExercise", "ChooseBestExercise",
    "FoxExchangeExercise", "WoodcutterDiscardExercise", "ScoreExercise", "GameEndExercise",
    "DealExercise", "CharacterExercise", "TrueFalseExercise", "Quiz", "make_exercise",
]

LEADER, FOLLOWER = "Ann", "Ben"
RIGHT, WRONG = "right", "wrong"


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
    cards = [_card(v, f"{where}[{i}]") for i, v in enumerate(values)]
    return cards


def _distinct(where: str, **groups) -> None:
    """Exercise data may not use one card twice (the engine would refuse the position)."""
    seen: dict = {}
    for name, cards in groups.items():
        for card in cards if isinstance(cards, (list, tuple)) else [cards]:
            if card in seen:
                raise InvalidState(f"{where}: the {card.name()} ({card}) is used twice, in "
                                   f"{seen[card]} and in {name}.")
            seen[card] = name


def _open_trick_round(decree: Card, led: Card, follower_hand, leader: str, follower: str,
                      theme: Theme, deck=()) -> Round:
    """A Round where ``leader`` has just led ``led`` and ``follower`` holds ``follower_hand``.

    The leader's remaining cards never matter to the question, but the engine wants a
    consistent position, so they are filled with cards used nowhere else (never shown).
    """
    used = {decree, led, *follower_hand, *deck}
    spare = [c for c in DECK if c not in used]
    need = len(follower_hand) - 1
    position = Position(decree, (spare[:need], list(follower_hand)), 0, list(deck), [led])
    return Round(position, (leader, follower), theme)


def _leading_round(decree: Card, hand, leader: str, follower: str, theme: Theme,
                   deck=()) -> Round:
    """A Round where ``leader`` (holding ``hand``) is about to lead."""
    used = {decree, *hand, *deck}
    spare = [c for c in DECK if c not in used]
    position = Position(decree, (list(hand), spare[:len(hand)]), 0, list(deck), [])
    return Round(position, (leader, follower), theme)


# ----------------------------------------------------------------------------- small views

def _esc(text) -> str:
    return html.escape(str(text))


def card_chip(card: Card, theme: Theme) -> str:
    """A card as compact inline HTML text: symbol, rank, suit and character."""
    symbol = theme.suit_symbols[card.suit]
    character = f" <span class='fox-chip-character'>{card.character}</span>" \
        if card.character else ""
    return (f"<span class='fox-chip fox-suit-{card.suit.letter}' role='img' "
            f"aria-label='{_esc(card.label(theme))}'>{symbol} {_esc(card.name(theme))}"
            f"{character}</span>")


def _card_button_text(card: Card, theme: Theme) -> str:
    return card.label(theme)


def _table_html(rows) -> str:
    """Label/value rows describing the situation (decree, led card, hand...)."""
    cells = "".join(f"<div class='fox-situation-label'>{_esc(k)}</div>"
                    f"<div class='fox-situation-value'>{v}</div>" for k, v in rows)
    return f"<div class='fox-situation'>{cells}</div>"


def _decree_text(decree: Card, theme: Theme) -> str:
    return f"{card_chip(decree, theme)} &nbsp;<i>{_esc(theme.suit_names[decree.suit])} are trump</i>"


# ----------------------------------------------------------------------------- the frame

class Exercise(W.VBox):
    """Frame shared by all exercises: heading, question, situation, answer area, feedback."""

    attempts = Int(0)
    solved = Bool(False)
    verdict = Unicode("")
    explanation = Unicode("")

    def __init__(self, question: str, situation_rows=(), *, title: str = "Your turn",
                 answer_area=None, theme="classic"):
        self.theme = _theme(theme)
        self.heading = W.HTML(f"<div class='fox-exercise-title'>{_esc(title)}</div>")
        self.question = W.HTML(f"<div class='fox-exercise-question'>{question}</div>")
        self.situation = W.HTML(_table_html(situation_rows) if situation_rows else "")
        self.feedback = W.HTML("")
        self.feedback.add_class("fox-feedback")
        children = [self.heading, self.question]
        if situation_rows:
            children.append(self.situation)
        if answer_area is not None:
            children.append(answer_area)
        children.append(self.feedback)
        super().__init__(children)
        self.add_class("fox-exercise")

    def _answer(self, correct: bool, explanation: str, *, chosen: str | None = None) -> None:
        """Record an answer and show the verdict with the engine's explanation."""
        self.attempts += 1
        self.verdict = RIGHT if correct else WRONG
        if correct:
            self.solved = True
        head = "✔ Right." if correct else "✘ Not quite."
        said = f" You answered: {chosen}." if chosen and not correct else ""
        tail = "" if correct else " Try again."
        self.explanation = f"{head}{said} {explanation}{tail}".strip()
        css = "fox-right" if correct else "fox-wrong"
        self.feedback.value = (
            f"<div class='fox-feedback-box {css}' role='status' aria-live='polite'>"
            f"<b>{head}</b>{_esc(said)} {_esc(explanation)}{tail}</div>")


class _ChoiceExercise(Exercise):
    """An exercise answered by pressing one of several buttons."""

    def __init__(self, question, situation_rows, options, *, theme="classic", title="Your turn"):
        # options: list of (button text, is_correct, explanation)
        self.options = list(options)
        self.buttons = []
        for i, (text, _, _) in enumerate(self.options):
            button = W.Button(description=text, tooltip=text,
                              layout=W.Layout(width="auto"))
            button.add_class("fox-choice")
            button.on_click(lambda _b, i=i: self.choose(i))
            self.buttons.append(button)
        area = W.Box(self.buttons)
        area.add_class("fox-choices")
        super().__init__(question, situation_rows, answer_area=area, theme=theme, title=title)

    def choose(self, index: int) -> None:
        text, correct, explanation = self.options[index]
        for i, button in enumerate(self.buttons):
            button.button_style = ""
            if i == index:
                button.button_style = "success" if correct else "danger"
        self._answer(correct, explanation, chosen=text)

    def choose_text(self, text: str) -> None:
        """Answer by the button's text (handy in tests and notebooks)."""
        for i, (label, _, _) in enumerate(self.options):
            if label == text:
                return self.choose(i)
        raise ValueError(f"{text!r} is not one of the answers: {[o[0] for o in self.options]}.")


# ----------------------------------------------------------------------------- tricks

class WhoWinsExercise(_ChoiceExercise):
    """Two cards are on the table: who wins the trick (or leads next, or scores the Treasure)?

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
        self.outcome = rules.resolve_trick(self.lead, self.follow, self.decree, names, theme_)
        reason = self.outcome.reason
        if ask == "winner":
            options = [(f"{n} wins", self.outcome.winner == i, reason) for i, n in enumerate(names)]
            default = "Who wins this trick?"
        elif ask == "next_leader":
            options = [(f"{n} leads next", self.outcome.next_leader == i, reason)
                       for i, n in enumerate(names)]
            default = "Who leads the next trick?"
        else:
            options = [("Nobody scores", self.outcome.treasure == 0, reason)]
            for i, n in enumerate(names):
                for pts in (1, 2):
                    right = self.outcome.treasure == pts and self.outcome.winner == i
                    options.append((f"{n} scores {pts}", right, reason))
            default = "Does anyone score points for this trick? Who, and how many?"
        rows = [("Decree", _decree_text(self.decree, theme_)),
                (f"{leader} leads", card_chip(self.lead, theme_)),
                (f"{follower} follows", card_chip(self.follow, theme_))]
        super().__init__(_esc(question or default), rows, options, theme=theme_)
        self.add_class("fox-who-wins")


class LegalPlayExercise(Exercise):
    """The leader has led; select every card of the follower's hand that may be played."""

    def __init__(self, decree, led, hand, *, leader: str = LEADER, follower: str = FOLLOWER,
                 question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.decree, self.led = _card(decree, "decree"), _card(led, "led")
        self.hand = sorted(_cards(hand, "hand"))
        if not self.hand:
            raise InvalidState("hand: give the follower at least one card.")
        _distinct("LegalPlayExercise", decree=self.decree, led=self.led, hand=self.hand)
        self.round = _open_trick_round(self.decree, self.led, self.hand, leader, follower, theme_)
        self.legal = set(self.round.legal_cards())
        self.toggles = {}
        for card in self.hand:
            toggle = W.ToggleButton(description=card.label(theme_), tooltip=card.label(theme_),
                                    layout=W.Layout(width="auto"))
            toggle.add_class("fox-card-choice")
            self.toggles[card] = toggle
        self.check_button = W.Button(description="Check", button_style="primary",
                                     tooltip="Check the cards you selected")
        self.check_button.add_class("fox-check")
        self.check_button.on_click(lambda _b: self.check())
        area = W.VBox([W.Box(list(self.toggles.values())), self.check_button])
        area.children[0].add_class("fox-choices")
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower}: select "
                   "every card you may play, then press Check.")
        rows = [("Decree", _decree_text(self.decree, theme_)),
                (f"{leader} led", card_chip(self.led, theme_))]
        super().__init__(_esc(question or default), rows, answer_area=area, theme=theme_)
        self.add_class("fox-legal-play")

    @property
    def selected(self) -> set:
        return {card for card, toggle in self.toggles.items() if toggle.value}

    def select(self, *cards) -> None:
        """Select exactly these cards (names or Cards); used by tests and demonstrations."""
        wanted = {_card(c, "select") for c in cards}
        for card, toggle in self.toggles.items():
            toggle.value = card in wanted

    def check(self) -> None:
        theme, chosen = self.theme, self.selected
        notes = []
        for card in sorted(chosen - self.legal):
            try:
                self.round.verify_play(card)
            except FoxError as exc:
                notes.append(f"Not the {card.name(theme)}: {exc}")
        missed = sorted(self.legal - chosen)
        if missed:
            notes.append(f"You may also play {card_list(missed, theme)}.")
        if not notes:
            every = "every card in your hand" if self.legal == set(self.hand) else \
                f"exactly {card_list(self.legal, theme)}"
            notes.append(f"You may play {every}.")
            if self.legal != set(self.hand):
                others = sorted(set(self.hand) - self.legal)
                try:
                    self.round.verify_play(others[0])
                except FoxError as exc:
                    notes.append(str(exc))
        for card, toggle in self.toggles.items():
            toggle.button_style = "" if card in self.legal or card not in chosen else "danger"
        self._answer(chosen == self.legal, " ".join(notes))


class ChooseBestExercise(Exercise):
    """The leader has led; click the card from the follower's hand that reaches ``goal``.

    ``goal`` is ``"win"`` (win the trick), ``"lose"`` (lose it) or ``"lead"`` (lead the next
    trick, e.g. with a Swan). The engine plays the chosen card and decides the trick.
    """

    GOALS = {"win": "win this trick", "lose": "lose this trick",
             "lead": "lead the next trick"}

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
        self.round = _open_trick_round(self.decree, self.led, self.hand, leader, follower, theme_)
        self.answers = [c for c in self.hand if self._reaches_goal(c)[0]]
        if not self.answers:
            raise InvalidState(f"ChooseBestExercise: no card in the hand can {self.GOALS[goal]}, "
                               "so the exercise has no answer.")
        self.buttons = {}
        for card in self.hand:
            button = W.Button(description=card.label(theme_), tooltip=card.label(theme_),
                              layout=W.Layout(width="auto"))
            button.add_class("fox-card-choice")
            button.on_click(lambda _b, c=card: self.choose(c))
            self.buttons[card] = button
        area = W.Box(list(self.buttons.values()))
        area.add_class("fox-choices")
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower}: click a "
                   f"card that makes you {self.GOALS[goal]}.")
        rows = [("Decree", _decree_text(self.decree, theme_)),
                (f"{leader} led", card_chip(self.led, theme_))]
        super().__init__(_esc(question or default), rows, answer_area=area, theme=theme_)
        self.add_class("fox-choose-best")

    def _reaches_goal(self, card: Card):
        """(goal reached, explanation) for following with ``card``, decided by the engine."""
        try:
            self.round.verify_play(card)
        except FoxError as exc:
            return False, f"The {card.name(self.theme)} may not be played here. {exc}"
        rnd = self.round.copy()
        rnd.push(Move(card))
        trick = rnd.tricks[-1]
        me = 1
        reached = {"win": trick.winner == me, "lose": trick.winner != me,
                   "lead": trick.next_leader == me}[self.goal]
        return reached, trick.reason

    def choose(self, card) -> None:
        card = _card(card, "choose")
        if card not in self.buttons:
            raise InvalidState(f"choose: the {card.name()} is not in the hand.")
        reached, reason = self._reaches_goal(card)
        for c, button in self.buttons.items():
            button.button_style = ("success" if reached else "danger") if c is card else ""
        self._answer(reached, reason, chosen=f"the {card.name(self.theme)}")


# ----------------------------------------------------------------------------- Fox and Woodcutter

class FoxExchangeExercise(_ChoiceExercise):
    """You follow with a Fox: which card (if any) should you swap with the decree to reach
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
                                       leader, follower, theme_)
        try:
            self.round.verify_play(self.fox)
        except FoxError as exc:
            raise InvalidState(f"fox: {follower} may not follow with the Fox here: {exc}") from None
        choices = [None, *self.hand]
        self.outcomes = {c: self._result(c, goal) for c in choices}
        if not any(ok for ok, _ in self.outcomes.values()):
            raise InvalidState("FoxExchangeExercise: no choice reaches the goal.")
        options = []
        for c in choices:
            text = (f"Keep the {self.decree.name(theme_)}" if c is None
                    else f"Swap in the {c.name(theme_)}")
            ok, why = self.outcomes[c]
            options.append((text, ok, why))
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower} and follow "
                   f"with your Fox, the {self.fox.name(theme_)}. You want to "
                   f"{goal} this trick: which card do you swap with the decree card?")
        rows = [("Decree", _decree_text(self.decree, theme_)),
                (f"{leader} led", card_chip(self.led, theme_)),
                (f"{follower} plays", card_chip(self.fox, theme_)),
                (f"{follower} still holds", " ".join(card_chip(c, theme_) for c in self.hand))]
        super().__init__(_esc(question or default), rows, options, theme=theme_)
        self.add_class("fox-fox-exchange")

    def _result(self, card, goal):
        rnd = self.round.copy()
        rnd.play(self.fox)
        record = rnd.exchange(card)
        trick = rnd.tricks[-1]
        won = trick.winner == 1
        return (won if goal == "win" else not won), f"{record.reason} {trick.reason}"


class WoodcutterDiscardExercise(Exercise):
    """You play a Woodcutter and draw: select every card you could put under the deck."""

    def __init__(self, decree, woodcutter, hand, deck, *, led=None, leader: str = LEADER,
                 follower: str = FOLLOWER, question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.decree = _card(decree, "decree")
        self.woodcutter = _card(woodcutter, "woodcutter")
        if self.woodcutter.rank != rules.WOODCUTTER:
            raise InvalidState(f"woodcutter: the {self.woodcutter.label()} is not a Woodcutter "
                               "(a 5).")
        self.hand = sorted(_cards(hand, "hand"))
        self.deck = _cards(deck, "deck")
        if not self.deck:
            raise InvalidState("deck: the Woodcutter needs at least one card in the deck to draw.")
        self.led = None if led is None else _card(led, "led")
        groups = dict(decree=self.decree, woodcutter=self.woodcutter, hand=self.hand,
                      deck=self.deck)
        if self.led is not None:
            groups["led"] = self.led
        _distinct("WoodcutterDiscardExercise", **groups)
        me = [self.woodcutter, *self.hand]
        if self.led is None:
            self.round = _leading_round(self.decree, me, follower, leader, theme_, self.deck)
            you, opponent = follower, leader
        else:
            self.round = _open_trick_round(self.decree, self.led, me, leader, follower, theme_,
                                           self.deck)
            you, opponent = follower, leader
        try:
            self.round.verify_play(self.woodcutter)
        except FoxError as exc:
            raise InvalidState(f"woodcutter: it may not be played here: {exc}") from None
        self.round.play(self.woodcutter)
        self.draw = self.round.history[-1]
        self.legal = set(self.round.legal_actions())
        self.options = sorted(self.legal) + [self.woodcutter, self.decree]
        self.toggles = {}
        for card in self.options:
            toggle = W.ToggleButton(description=card.label(theme_), tooltip=card.label(theme_),
                                    layout=W.Layout(width="auto"))
            toggle.add_class("fox-card-choice")
            self.toggles[card] = toggle
        self.check_button = W.Button(description="Check", button_style="primary",
                                     tooltip="Check the cards you selected")
        self.check_button.add_class("fox-check")
        self.check_button.on_click(lambda _b: self.check())
        area = W.VBox([W.Box(list(self.toggles.values())), self.check_button])
        area.children[0].add_class("fox-choices")
        how = "lead" if self.led is None else f"follow {opponent}'s {self.led.name(theme_)} with"
        default = (f"You are {you}. You {how} your Woodcutter, the {self.woodcutter.name(theme_)}, "
                   f"and draw the top card of the deck: the {self.draw.card.name(theme_)}. "
                   "Select every card you could now put face down under the deck, then press "
                   "Check.")
        rows = [("Decree", _decree_text(self.decree, theme_)),
                ("In the trick", " ".join(card_chip(c, theme_) for c in self.round.trick)),
                ("Your hand now", " ".join(card_chip(c, theme_)
                                           for c in sorted(self.round.hands[1]
                                                           if self.led is not None
                                                           else self.round.hands[0])))]
        super().__init__(_esc(question or default), rows, answer_area=area, theme=theme_)
        self.add_class("fox-woodcutter")

    @property
    def selected(self) -> set:
        return {card for card, toggle in self.toggles.items() if toggle.value}

    def select(self, *cards) -> None:
        wanted = {_card(c, "select") for c in cards}
        for card, toggle in self.toggles.items():
            toggle.value = card in wanted

    def _where(self, card: Card) -> str:
        if card is self.woodcutter:
            return "it is already on the table in the trick"
        if card is self.decree:
            return "it is the decree card, face up beside the deck"
        return ""

    def check(self) -> None:
        theme, chosen = self.theme, self.selected
        notes = []
        for card in sorted(chosen - self.legal):
            try:
                self.round.verify_discard(card)
            except FoxError as exc:
                notes.append(f"{exc} ({self._where(card)}.)")
        missed = sorted(self.legal - chosen)
        if missed:
            notes.append(f"You could also discard {card_list(missed, theme)}.")
        if not notes:
            notes.append("Any card in your hand may go under the deck, including the "
                         f"{self.draw.card.name(theme)} you just drew; the Woodcutter itself is "
                         "in the trick and the decree card is not yours.")
        for card, toggle in self.toggles.items():
            toggle.button_style = "danger" if card in chosen and card not in self.legal else ""
        self._answer(chosen == self.legal, " ".join(notes))


# ----------------------------------------------------------------------------- scoring

class ScoreExercise(Exercise):
    """How many points does a player gain in a round with ``tricks`` tricks (and ``treasure``
    points from 7s won during the round)? The learner types a number."""

    def __init__(self, tricks: int, *, treasure: int = 0, player: str = LEADER,
                 question: str | None = None, theme="classic"):
        for name, value, top in (("tricks", tricks, 13), ("treasure", treasure, 3)):
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
                raise InvalidState(f"{name} must be a whole number from 0 to {top}, not {value!r}.")
        self.tricks, self.treasure, self.player = tricks, treasure, player
        self.points = rules.round_points(tricks) + treasure
        self.entry = W.BoundedIntText(value=0, min=0, max=99, description="Points:",
                                      layout=W.Layout(width="11em"))
        self.entry.add_class("fox-points-entry")
        self.check_button = W.Button(description="Check", button_style="primary",
                                     tooltip="Check your answer")
        self.check_button.add_class("fox-check")
        self.check_button.on_click(lambda _b: self.check())
        area = W.HBox([self.entry, self.check_button])
        area.add_class("fox-choices")
        extra = (f" and won {treasure} Treasure point{'s' if treasure != 1 else ''} (7s) "
                 "along the way") if treasure else ""
        default = (f"{player} won {tricks} trick{'s' if tricks != 1 else ''} this round{extra}. "
                   f"How many points does {player} gain in the round?")
        rows = [(f"{player}'s tricks", str(tricks)), ("The other player's tricks", str(13 - tricks))]
        super().__init__(_esc(question or default), rows, answer_area=area, theme=theme)
        self.add_class("fox-score")

    def check(self, value: int | None = None) -> None:
        if value is not None:
            self.entry.value = value
        given = self.entry.value
        why = rules.explain_round_points(self.player, self.tricks)
        if self.treasure:
            why += (f" Add {self.treasure} for the Treasure: {rules.round_points(self.tricks)} + "
                    f"{self.treasure} = {self.points} points.")
        self._answer(given == self.points, why, chosen=str(given))


class GameEndExercise(_ChoiceExercise):
    """A round has just been scored: is the game over, and who wins?"""

    def __init__(self, score, round_gain, *, target: int = 21, names=(LEADER, FOLLOWER),
                 question: str | None = None, theme="classic"):
        for field, pair in (("score", score), ("round_gain", round_gain)):
            ok = isinstance(pair, (list, tuple)) and len(pair) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in pair)
            if not ok:
                raise InvalidState(f"{field} must be two whole numbers like [21, 18], not {pair!r}.")
        if any(g > s for g, s in zip(round_gain, score)):
            raise InvalidState("round_gain: a player cannot have gained more points in the last "
                               "round than their whole score.")
        if not isinstance(target, int) or isinstance(target, bool) or target < 1:
            raise InvalidState(f"target must be a whole number of at least 1, not {target!r}.")
        names = tuple(names)
        over, winner, reason = game_result(tuple(score), tuple(round_gain), target, names)
        self.result = (over, winner, reason)
        options = [(f"{names[0]} wins", winner == 0, reason),
                   (f"{names[1]} wins", winner == 1, reason),
                   ("It is a draw", winner == "draw", reason),
                   ("Deal another round", not over, reason)]
        default = (f"The round has just been scored in a game to {target} points. Who wins, or "
                   "does the game go on?")
        rows = [("Score", f"{names[0]} {score[0]}, {names[1]} {score[1]}"),
                ("Gained in this round", f"{names[0]} {round_gain[0]}, {names[1]} {round_gain[1]}"),
                ("Game to", f"{target} points")]
        super().__init__(_esc(question or default), rows, options, theme=theme)
        self.add_class("fox-game-end")


# ----------------------------------------------------------------------------- cards and deal

class DealExercise(_ChoiceExercise):
    """Questions about a real deal made by the engine from ``seed``.

    ``ask`` is ``"deck"`` (how many cards stay in the deck) or ``"leader"`` (who leads first).
    """

    def __init__(self, seed: int = 1, *, dealer=LEADER, ask: str = "deck",
                 names=(LEADER, FOLLOWER), question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        names = tuple(names)
        if dealer not in names:
            raise InvalidState(f"dealer: {dealer!r} is not one of the players {list(names)}.")
        rnd = Round.deal(seed, names.index(dealer), names=names, theme=theme_)
        self.round = rnd
        hands = [len(h) for h in rnd.hands]
        counts = (f"The {len(DECK)} cards were shared out like this: {hands[0]} to {names[0]}, "
                  f"{hands[1]} to {names[1]}, 1 face up as the decree card (the "
                  f"{rnd.decree.name(theme_)}), and {len(rnd.deck)} face down in the deck.")
        if ask == "deck":
            numbers = sorted({len(rnd.deck), len(rnd.deck) + 1, 0, hands[0]})
            options = [(str(n), n == len(rnd.deck), counts) for n in numbers]
            default = "After the deal, how many cards are left face down in the deck?"
        elif ask == "leader":
            leader = names[rnd.to_play]
            why = (f"{dealer} dealt, so the other player, {leader}, leads the first trick; "
                   "the dealer changes every round.")
            options = [(f"{n} leads", n == leader, why) for n in names]
            default = f"{dealer} dealt this round. Who leads the first trick?"
        else:
            raise InvalidState(f"ask: {ask!r} is not a question; use 'deck' or 'leader'.")
        rows = [("Dealer", _esc(dealer)), ("Decree", _decree_text(rnd.decree, theme_))]
        super().__init__(_esc(question or default), rows, options, theme=theme_)
        self.add_class("fox-deal")


class CharacterExercise(_ChoiceExercise):
    """Which character is on this card (odd ranks), or is it a plain card (even ranks)?"""

    PLAIN = "No character (even rank)"

    def __init__(self, card, *, question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.card = _card(card, "card")
        truth = self.card.character or self.PLAIN
        if self.card.character:
            why = (f"The {self.card.name(theme_)} has an odd rank, so it is a character: the "
                   f"{self.card.character}. {self.card.ability}")
        else:
            why = (f"The {self.card.name(theme_)} has an even rank, so it has no character and "
                   "no ability.")
        options = [(name, name == truth, why) for name in [*CHARACTERS.values(), self.PLAIN]]
        default = f"Which character is the {self.card.name(theme_)}?"
        rows = [("Card", card_chip_plain(self.card, theme_))]
        super().__init__(_esc(question or default), rows, options, theme=theme_)
        self.add_class("fox-character")


def card_chip_plain(card: Card, theme: Theme) -> str:
    """The card without its character name (the exercise asks for it)."""
    symbol = theme.suit_symbols[card.suit]
    return (f"<span class='fox-chip fox-suit-{card.suit.letter}'>{symbol} "
            f"{_esc(card.name(theme))}</span>")


# ----------------------------------------------------------------------------- misconceptions

class TrueFalseExercise(_ChoiceExercise):
    """A claim to judge. ``demo`` asks the engine to demonstrate the truth, one of:

    - ``{"trick": ["10K", "2B"], "decree": "4B", "winner": "follower"}``: the engine decides the
      trick (``winner`` is what the demonstration must show: "leader" or "follower");
    - ``{"card": "3B"}``: the card's name, character and ability;
    - ``{"tricks": 10}``: the points for that many tricks;
    - ``{"game": {"score": [22, 22], "round_gain": [6, 2], "target": 21}}``: the end of game.
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
        options = [("True", truth, why), ("False", not truth, why)]
        super().__init__(_esc(question or "True or false?"),
                         [("Claim", f"<q>{_esc(statement)}</q>")], options, theme=theme_)
        self.add_class("fox-true-false")


def _demonstrate(demo, theme: Theme) -> str:
    if not isinstance(demo, dict) or len({"trick", "card", "tricks", "game"} & set(demo)) != 1:
        raise InvalidState("demo must be an object with one of 'trick', 'card', 'tricks' or "
                           f"'game', not {demo!r}.")
    if "trick" in demo:
        lead, follow = _cards(demo["trick"], "demo.trick")
        decree = _card(demo.get("decree"), "demo.decree")
        out = rules.resolve_trick(lead, follow, decree, (LEADER, FOLLOWER), theme)
        expected = demo.get("winner")
        if expected is not None:
            if expected not in ("leader", "follower"):
                raise InvalidState("demo.winner must be 'leader' or 'follower'.")
            if ("leader", "follower")[out.winner] != expected:
                raise InvalidState(f"demo: the engine says the {('leader', 'follower')[out.winner]}"
                                   f" wins, not the {expected}: {out.reason}")
        return (f"{LEADER} leads the {lead.name(theme)}, {FOLLOWER} follows with the "
                f"{follow.name(theme)}, and the decree is the {decree.name(theme)}. {out.reason}")
    if "card" in demo:
        card = _card(demo["card"], "demo.card")
        text = f"the {card.label(theme)}"
        return (f"{text[0].upper()}{text[1:]}: {card.ability}" if card.ability
                else f"The {card.name(theme)} has no character.")
    if "tricks" in demo:
        tricks = demo["tricks"]
        if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= 13:
            raise InvalidState("demo.tricks must be a whole number from 0 to 13.")
        return rules.explain_round_points(LEADER, tricks)
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
    "true_false": TrueFalseExercise,
}


def make_exercise(spec: dict, where: str = "exercise") -> Exercise:
    """Build an exercise from plain data: ``{"kind": "who_wins", "decree": "4B", ...}``."""
    if not isinstance(spec, dict) or "kind" not in spec:
        raise InvalidState(f"{where} must be an object with a 'kind', one of {sorted(KINDS)}.")
    kind = spec["kind"]
    if kind not in KINDS:
        raise InvalidState(f"{where}.kind: {kind!r} is not a kind of exercise; use one of "
                           f"{sorted(KINDS)}.")
    args = {k: v for k, v in spec.items() if k != "kind"}
    try:
        return KINDS[kind](**args)
    except TypeError as exc:
        raise InvalidState(f"{where}: {exc}") from None
    except FoxError as exc:
        raise type(exc)(f"{where}: {exc}") from None


class Quiz(W.VBox):
    """A series of exercises shown one at a time, with Previous/Next buttons and a tally."""

    position = Int(0)

    def __init__(self, items, *, title: str = "Your turn"):
        if not isinstance(items, (list, tuple)) or not items:
            raise InvalidState("Quiz needs a non-empty list of exercises.")
        self.exercises = [item if isinstance(item, Exercise) else
                          make_exercise(item, f"items[{i}]") for i, item in enumerate(items)]
        for ex in self.exercises:
            ex.heading.value = ""
            ex.observe(lambda _c: self._update(), "solved")
        self.title = title
        self.header = W.HTML()
        self.previous_button = W.Button(description="Previous", icon="arrow-left",
                                        tooltip="Previous question")
        self.next_button = W.Button(description="Next", icon="arrow-right",
                                    tooltip="Next question")
        self.previous_button.on_click(lambda _b: self.go(self.position - 1))
        self.next_button.on_click(lambda _b: self.go(self.position + 1))
        self.previous_button.add_class("fox-quiz-previous")
        self.next_button.add_class("fox-quiz-next")
        self.body = W.Box([self.exercises[0]])
        nav = W.HBox([self.previous_button, self.next_button])
        nav.add_class("fox-quiz-nav")
        super().__init__([self.header, self.body, nav])
        self.add_class("fox-quiz")
        self._update()

    @property
    def current(self) -> Exercise:
        return self.exercises[self.position]

    @property
    def score(self) -> int:
        return sum(ex.solved and ex.attempts == 1 for ex in self.exercises)

    def go(self, index: int) -> None:
        if 0 <= index < len(self.exercises):
            self.position = index
            self.body.children = [self.exercises[index]]
            self._update()

    def _update(self) -> None:
        n = len(self.exercises)
        solved = sum(ex.solved for ex in self.exercises)
        self.header.value = (f"<div class='fox-exercise-title'>{_esc(self.title)}: question "
                             f"{self.position + 1} of {n}</div><div class='fox-quiz-tally'>"
                             f"{solved} of {n} answered correctly, {self.score} at the first "
                             "try.</div>")
        self.previous_button.disabled = self.position == 0
        self.next_button.disabled = self.position == n - 1
