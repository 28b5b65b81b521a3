"""The lessons' "Your turn" exercises without a page: the question, checking an answer and the
feedback, for every kind of exercise (standard library only; ``widgets/exercises.py`` draws
them and forwards the learner's clicks here).

An exercise is built from plain data (card names such as ``'9M'``, trick counts, scores),
either by its class or from a dict with its ``kind`` (``make_exercise``)::

    ex = make_exercise({"kind": "who_wins", "decree": "4B", "lead": "10K", "follow": "2B"})
    ex.question                 # 'Who wins this trick?'
    ex.answer("Ann wins")       # Feedback('wrong', '✘ Not quite.', (...why not..., 'Try again.'))
    ex.answer("Ben wins")       # Feedback('right', '✔ Right.', (the engine's reason,), done=True)

The right answer is never stored in the data: each exercise asks the engine for it, and the
feedback shows the engine's own explanation. A wrong try says why that answer is wrong and
never names the right one (the words are in ``foxlib.words.exercise_text``); ``show_answer()``
gives the answer with the explanation. Feedback has the one shape puzzles use too
(``foxlib.core.feedback.Feedback``). An answer that is not one of the possible ones (a card not on
offer, text for a number) is refused: a ``refused`` Feedback, and nothing is counted.

What ``answer(value)`` takes, by kind:

- choices (``who_wins``, ``fox_exchange``, ``game_end``, ``deal``, ``character``,
  ``true_false``, ``round_trick``): a choice's label (see ``options``) or its index;
- ``legal_play``, ``woodcutter_discard``: the set of cards selected (names or Cards);
- ``choose_best``: one card;
- ``score``, ``round_score``: a number of points.

State: ``attempts``, ``solved``, ``revealed`` (the answer was shown), ``verdict`` (``""``, then
``"right"``, ``"wrong"`` or ``"shown"``), ``feedback`` (the last one) and ``explanation`` (its
plain text). Bad data raises ``foxlib.FoxError`` (a ``ValueError``) naming the field at fault.
"""
from __future__ import annotations

import inspect
from typing import NamedTuple

from ..words import exercise_text as text
from ..io import inputs
from ..core import rules
from ..core.cards import CHARACTERS, DECK, THEMES, Card, Theme, card_list
from ..core.errors import FoxError, InvalidCard, InvalidState, json_kind
from ..core.feedback import REFUSED, RIGHT, SHOWN, WRONG, Feedback
from ..engine.game import game_result
from ..engine.modules import SPECIAL_CARDS, Modules
from ..words.narrator import Narrator, resolve_trick, round_points_line
from ..engine.possible import deck_size
from ..engine.round import Action, Move, Position, Round

__all__ = [
    "Exercise", "ChoiceExercise", "CardPickExercise", "Option",
    "WhoWinsExercise", "LegalPlayExercise", "ChooseBestExercise", "FoxExchangeExercise",
    "WoodcutterDiscardExercise", "ScoreExercise", "GameEndExercise", "DealExercise",
    "CharacterExercise", "TrueFalseExercise", "RoundTrickExercise", "RoundScoreExercise",
    "DeluxeTrickExercise", "TrickPointsExercise", "DeluxeMoveExercise",
    "KINDS", "check_spec", "spec_arguments", "make_exercise", "read_round", "Quiz",
]

LEADER, FOLLOWER = "Ann", "Ben"


class NotAnAnswer(FoxError):
    """The value given is not one of the possible answers (the exercise refuses it)."""


# ----------------------------------------------------------------------------- reading data

def _theme(theme) -> Theme:
    return inputs.read_theme(theme, "theme")


def _card(value, where: str) -> Card:
    return inputs.read_card(value, where)


def _cards(values, where: str) -> list[Card]:
    return inputs.read_card_list(values, where)


def _count(value, name: str, top: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise InvalidState(f"{name} must be a whole number from 0 to {top}, not {value!r}.")
    return value


def _text(value, name: str, *, optional: bool = False):
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InvalidState(f"{name} must be some text, not {value!r}.")
    return value


def _names(names, name: str = "names") -> tuple:
    if not isinstance(names, (list, tuple)) or len(names) != 2 or \
            not all(isinstance(n, str) and n.strip() for n in names) or names[0] == names[1]:
        raise InvalidState(f"{name} must be two different player names like ['Ann', 'Ben'], "
                           f"not {names!r}.")
    return tuple(names)


def _distinct(where: str, **groups) -> None:
    """Exercise data may not use one card twice (the engine would refuse the position)."""
    seen: dict = {}
    for name, cards in groups.items():
        for card in cards if isinstance(cards, (list, tuple)) else [cards]:
            if card in seen:
                raise InvalidState(f"{where}: the {card.name()} ({card}) is used twice, in "
                                   f"{seen[card]} and in {name}.")
            seen[card] = name


def _open_trick_round(decree: Card, led: Card, follower_hand, names, theme: Theme,
                      deck=()) -> Round:
    """A Round in which names[0] has just led ``led`` and names[1] holds ``follower_hand``.

    The leader's remaining cards never matter to the question, but the engine wants a
    consistent position, so they are stand-ins used nowhere else (never shown); so are the
    deck's cards under ``deck`` (a real deck holds 6) and the earlier tricks, all won by the
    leader (the position is one a real round can reach: ``foxlib.engine.possible``).
    """
    filled = inputs.fill_unseen(decree, ([], follower_hand), 0, deck=deck, trick=[led],
                                unseen=(len(follower_hand) - 1, 0),
                                unseen_deck=_deck_room(deck),
                                tricks_won=(13 - len(follower_hand), 0))
    return Round(filled.position, tuple(names), theme)


def _leading_round(decree: Card, hand, names, theme: Theme, deck=()) -> Round:
    """A Round in which names[0], holding ``hand``, is about to lead."""
    filled = inputs.fill_unseen(decree, (hand, []), 0, deck=deck, unseen=(0, len(hand)),
                                unseen_deck=_deck_room(deck), tricks_won=(13 - len(hand), 0))
    return Round(filled.position, tuple(names), theme)


def _deck_room(deck, special: int = 0) -> int:
    """How many stand-ins fill the deck under the cards given, so that it holds what a real
    round's deck holds (6 cards, one more per special card: ``foxlib.engine.possible``)."""
    room = deck_size(special) - len(deck)
    if room < 0:
        raise InvalidState(f"deck: {len(deck)} cards are given, but the deck of a real round "
                           f"holds {deck_size(special)} at any moment.")
    return room


def _last_trick_position(decree: Card, lead: Card, follow: Card) -> Position:
    """The position of a trick shown as two cards: the last trick of a base round, the leader
    having led ``lead`` and the follower holding ``follow``; the rest is stand-ins."""
    return inputs.fill_unseen(decree, ([], [follow]), 0, trick=[lead],
                              unseen_deck=_deck_room(()), tricks_won=(12, 0)).position


def read_round(source, where: str = "round") -> Round:
    """A finished or partial round from a ``Round``, a saved round (``Round.to_json()``), its
    JSON text, or the path of a ``.json`` file holding one (relative to the working folder);
    see ``foxlib.io.inputs.load_round``."""
    return inputs.load_round(source, where=where)


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


# ----------------------------------------------------------------------------- tricks

class WhoWinsExercise(ChoiceExercise):
    """Two cards are on the table: who wins the trick (or leads next, or scores Treasure)?

    ``ask`` is ``"winner"`` (default), ``"next_leader"`` (for the Swan) or ``"treasure"``.
    """

    kind = "who_wins"
    ASKS = ("winner", "next_leader", "treasure")

    def __init__(self, decree, lead, follow, *, leader: str = LEADER, follower: str = FOLLOWER,
                 ask: str = "winner", question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.decree, self.lead = _card(decree, "decree"), _card(lead, "lead")
        self.follow = _card(follow, "follow")
        _distinct("WhoWinsExercise", decree=self.decree, lead=self.lead, follow=self.follow)
        if ask not in self.ASKS:
            raise InvalidState(f"ask: {ask!r} is not a question; use one of {list(self.ASKS)}.")
        self.ask = ask
        self.names = names = _names((_text(leader, "leader"), _text(follower, "follower")),
                                    "leader and follower")
        self.outcome = out = resolve_trick(self.lead, self.follow, self.decree, names,
                                                 theme_)
        self._shown = [_last_trick_position(self.decree, self.lead, self.follow)]
        trick = (self.lead, self.follow, self.decree, names)

        def said(ok, why_wrong):  # the engine's reason once right, otherwise why not
            return out.reason if ok else why_wrong()

        if ask == "winner":
            options = [(f"{n} wins", out.winner == i,
                        said(out.winner == i,
                             lambda i=i: text.why_not_winner(*trick, i, theme_)))
                       for i, n in enumerate(names)]
            default = "Who wins this trick?"
        elif ask == "next_leader":
            options = [(f"{n} leads next", out.next_leader == i,
                        said(out.next_leader == i,
                             lambda i=i: text.why_not_next_leader(*trick, i, theme_)))
                       for i, n in enumerate(names)]
            default = "Who leads the next trick?"
        else:
            options = [("Nobody scores", out.treasure == 0,
                        said(out.treasure == 0,
                             lambda: text.why_not_treasure(*trick, None, 0, theme_)))]
            for i, n in enumerate(names):
                for pts in (1, 2):
                    ok = out.treasure == pts and out.winner == i
                    options.append((f"{n} scores {pts}", ok, said(
                        ok, lambda i=i, pts=pts: text.why_not_treasure(*trick, i, pts, theme_))))
            default = "Does anyone score points for this trick? Who, and how many?"
        super().__init__(_text(question, "question", optional=True) or default, options,
                         theme_)

    def positions(self) -> list:
        return list(self._shown)


class LegalPlayExercise(CardPickExercise):
    """The leader has led; select every card of the follower's hand that may be played."""

    kind = "legal_play"
    multiple = True

    def __init__(self, decree, led, hand, *, special=None, leader: str = LEADER,
                 follower: str = FOLLOWER, question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.decree, self.led = _card(decree, "decree"), _card(led, "led")
        self.hand = sorted(_cards(hand, "hand"))
        if not self.hand:
            raise InvalidState("hand: give the follower at least one card.")
        _distinct("LegalPlayExercise", decree=self.decree, led=self.led, hand=self.hand)
        self.names = _names((_text(leader, "leader"), _text(follower, "follower")),
                            "leader and follower")
        named = any(c.special for c in [self.decree, self.led, *self.hand])
        if special is None and not named:
            self.round = _open_trick_round(self.decree, self.led, self.hand, self.names, theme_)
            self.special = False
        else:
            # With the special cards in play (rulings SC2, SC3, SC11): the led card is played
            # through the engine, which must then wait for the follower's card.
            self.round, _ = _deluxe_round(self.decree, [[self.led], self.hand], (), (), special,
                                          False, (), (0, 0), self.names, theme_)
            _act_all(self.round, [f"play {self.led}"])
            if self.round.phase != "play" or self.round.to_play != 1:
                raise InvalidState(f"led: after the {self.led.name(theme_)} is led the "
                                   "follower does not choose a card freely (a decision or a "
                                   "random card comes first); lead another card.")
            self.special = True
        self.legal = set(self.round.legal_cards()) & set(self.hand)
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower}: click every "
                   "card you may play (click again to unselect), then press Check.")
        super().__init__(_text(question, "question", optional=True) or default, self.hand,
                         f"{follower}'s hand", theme_)

    def _judge(self, value):
        theme, chosen = self.theme, self._picked(value)
        if chosen == self.legal:
            return True, self._explain(), None
        leader = self.round.name(0)
        led = rules.acting_card(self.led, self.decree)
        why = text.why_not_follow_special if self.special else text.why_not_follow
        notes = [f"Not the {card.name(theme)}: {why(card, led, leader, theme)}"
                 for card in sorted(chosen - self.legal)]
        missed = len(self.legal - chosen)
        if missed and not chosen:
            notes.append("You selected no card, and at least one card may always be played.")
        elif missed:
            notes.append(text.why_missed(missed, "that you may play"))
        return False, " ".join(notes), None

    def _explain(self) -> str:
        theme, notes = self.theme, []
        led = rules.acting_card(self.led, self.decree)
        if self.legal == set(self.hand):
            notes.append("Every card in your hand may be played.")
            if led.suit is None:
                notes.append(f"The {self.led.name(theme)} has no suit, so it asks for none: "
                             "you are free to play anything.")
            elif not any(rules.acting_card(c, self.decree).suit == led.suit
                         for c in self.hand):
                notes.append(f"You hold no {theme.suit_names[led.suit]}, so you are "
                             "free to play anything.")
            elif self.special:
                notes.append(f"A card with no suit may always follow, and your other cards "
                             f"are {theme.suit_names[led.suit]}.")
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


class ChooseBestExercise(CardPickExercise):
    """The leader has led; pick the card from the follower's hand that reaches ``goal``.

    ``goal`` is ``"win"`` (win the trick), ``"lose"`` (lose it) or ``"lead"`` (lead the next
    trick, e.g. with a Swan). The engine plays the chosen card and decides the trick.
    """

    kind = "choose_best"
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
        self.names = _names((_text(leader, "leader"), _text(follower, "follower")),
                            "leader and follower")
        self.round = _open_trick_round(self.decree, self.led, self.hand, self.names, theme_)
        self.answers = [c for c in self.hand if self._outcome(c)[0]]
        if not self.answers:
            raise InvalidState(f"ChooseBestExercise: no card in the hand can {self.GOALS[goal]}, "
                               "so the exercise has no answer.")
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower}: click a "
                   f"card that makes you {self.GOALS[goal]}.")
        super().__init__(_text(question, "question", optional=True) or default, self.hand,
                         f"{follower}'s hand", theme_)

    def _outcome(self, card: Card):
        """(goal reached, explanation) for following with ``card``, decided by the engine."""
        if not self.round.can_play(card):
            why = text.why_not_follow(card, self.led, self.round.name(0), self.theme)
            return False, f"The {card.name(self.theme)} may not be played here: {why}"
        rnd = self.round.copy()
        rnd.push(Move(card))
        trick = rnd.tricks[-1]
        reached = {"win": trick.winner == 1, "lose": trick.winner == 0,
                   "lead": trick.next_leader == 1}[self.goal]
        return reached, trick.reason

    def _judge(self, value):
        card = self._offered(value, "answer")
        reached, reason = self._outcome(card)
        if reached:
            reason += self._also(card)
        elif self.round.can_play(card):
            reason += f" That does not make you {self.GOALS[self.goal]}."
        return reached, reason, f"the {card.name(self.theme)}"

    def _also(self, card: Card) -> str:
        others = [c for c in self.answers if c is not card]
        if not others:
            return ""
        return f" The {' or the '.join(c.name(self.theme) for c in others)} would also do."

    def solution(self) -> str:
        best = self.answers[0]
        return (f"Play the {best.name(self.theme)}. {self._outcome(best)[1]}"
                f"{self._also(best)}")


# ----------------------------------------------------------------------------- Fox and Woodcutter

class FoxExchangeExercise(ChoiceExercise):
    """You follow with a Fox: which card (if any) do you swap with the decree card to reach
    ``goal`` (``"win"`` or ``"lose"`` this trick)? The engine plays the Fox and the swap."""

    kind = "fox_exchange"

    def __init__(self, decree, led, fox, hand, *, goal: str = "win", leader: str = LEADER,
                 follower: str = FOLLOWER, question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        if goal not in ("win", "lose"):
            raise InvalidState(f"goal: {goal!r} is not a goal; use 'win' or 'lose'.")
        self.goal = goal
        self.decree, self.led = _card(decree, "decree"), _card(led, "led")
        self.fox = _card(fox, "fox")
        if self.fox.rank != rules.FOX:
            raise InvalidState(f"fox: the {self.fox.label()} is not a Fox (a 3).")
        self.hand = sorted(_cards(hand, "hand"))
        if not self.hand:
            raise InvalidState("hand: the Fox can only swap when other cards stay in hand.")
        _distinct("FoxExchangeExercise", decree=self.decree, led=self.led, fox=self.fox,
                  hand=self.hand)
        self.names = _names((_text(leader, "leader"), _text(follower, "follower")),
                            "leader and follower")
        self.round = _open_trick_round(self.decree, self.led, [self.fox, *self.hand],
                                       self.names, theme_)
        try:
            self.round.verify_play(self.fox)
        except FoxError as exc:
            raise InvalidState(f"fox: {follower} may not follow with the Fox here: {exc}") from None
        choices = [None, *self.hand]
        outcomes = [self._result(c, goal) for c in choices]
        if not any(ok for ok, _ in outcomes):
            raise InvalidState("FoxExchangeExercise: no choice reaches the goal.")
        voice = Narrator(theme=theme_)
        options = [(voice.action_words("exchange", card, "answer"), ok, why)
                   for card, (ok, why) in zip(choices, outcomes)]
        default = (f"{leader} led the {self.led.label(theme_)}. You are {follower} and follow "
                   f"with your Fox, the {self.fox.name(theme_)}. You want to {goal} this "
                   "trick: which card do you swap with the decree card?")
        super().__init__(_text(question, "question", optional=True) or default, options,
                         theme_)

    def _result(self, card, goal):
        rnd = self.round.copy()
        rnd.play(self.fox)
        record = rnd.exchange(card)
        trick = rnd.tricks[-1]
        won = trick.winner == 1
        return (won if goal == "win" else not won), f"{record.reason} {trick.reason}"


class WoodcutterDiscardExercise(CardPickExercise):
    """You play a Woodcutter and draw: select every card you could put under the deck.

    With ``led`` the opponent has led that card and you follow with the Woodcutter; without it
    you lead the Woodcutter. ``deck`` lists the deck from the top.
    """

    kind = "woodcutter_discard"
    multiple = True

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
        self.player, self.opponent = _names((_text(player, "player"),
                                             _text(opponent, "opponent")), "player and opponent")
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
        choices = sorted(self.legal | {self.woodcutter, self.decree})
        how = ("lead" if self.led is None
               else f"follow {opponent}'s {self.led.name(theme_)} with")
        default = (f"You are {player}. You {how} your Woodcutter, the "
                   f"{self.woodcutter.name(theme_)}, and draw the top card of the deck: the "
                   f"{self.drawn.name(theme_)}. Click every card you could now put face down "
                   "under the deck, then press Check.")
        super().__init__(_text(question, "question", optional=True) or default, choices,
                         "Cards to choose from", theme_)

    def _where(self, card: Card) -> str:
        if card is self.woodcutter:
            return "it is already on the table, in the trick."
        return "it is the decree card, lying face up beside the deck, not in your hand."

    def _judge(self, value):
        theme, chosen = self.theme, self._picked(value)
        if chosen == self.legal:
            return True, self._explain(), None
        # One reason per card: where the card is, which is why it is not yours to discard.
        notes = [f"Not the {card.name(theme)}: {self._where(card)}"
                 for card in sorted(chosen - self.legal)]
        missed = len(self.legal - chosen)
        if missed and not chosen:
            notes.append("You selected no card, and some cards could go under the deck.")
        elif missed:
            notes.append(text.why_missed(missed, "that could go under the deck"))
        return False, " ".join(notes), None

    def _explain(self) -> str:
        return (f"Any card in your hand may go under the deck, including the "
                f"{self.drawn.name(self.theme)} you just drew; the Woodcutter itself is in "
                "the trick and the decree card is in nobody's hand.")

    def solution(self) -> str:
        return (f"You could put {card_list(self.legal, self.theme)} under the deck. "
                f"{self._explain()}")


# ----------------------------------------------------------------------------- scoring

class ScoreExercise(Exercise):
    """How many points does a player gain in a round with ``tricks`` tricks (plus ``treasure``
    points for 7s won during the round)? The answer is a number."""

    kind = "score"

    def __init__(self, tricks: int, *, treasure: int = 0, player: str = LEADER,
                 question: str | None = None, theme="classic"):
        self.tricks = _count(tricks, "tricks", 13)
        self.treasure = _count(treasure, "treasure", 3)
        self.player = _text(player, "player")
        self.points = rules.round_points(tricks) + treasure
        extra = (f", and {treasure} Treasure point{'s' if treasure != 1 else ''} from 7s in "
                 "them") if treasure else ""
        default = (f"{player} won {tricks} trick{'s' if tricks != 1 else ''} this round{extra}. "
                   f"How many points does {player} gain for the round?")
        super().__init__(_text(question, "question", optional=True) or default, theme)

    def _judge(self, value):
        try:
            given = int(str(value).strip())
        except ValueError:
            raise NotAnAnswer("The answer is a number of points, like 6.") from None
        if given < 0 or isinstance(value, bool):
            raise NotAnAnswer("The answer is a number of points, like 6.")
        if given == self.points:
            return True, self._explain(), str(given)
        return False, text.why_not_score(self.tricks, self.treasure, given), str(given)

    def _explain(self) -> str:
        why = round_points_line(self.player, self.tricks)
        if self.treasure:
            why += (f" Add the Treasure: {rules.round_points(self.tricks)} + {self.treasure} = "
                    f"{text.plural(self.points, 'point')}.")
        return why

    def solution(self) -> str:
        return f"{text.plural(self.points, 'point')}. {self._explain()}"


class GameEndExercise(ChoiceExercise):
    """A round has just been scored: is the game over, and who wins?"""

    kind = "game_end"

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
        self.score, self.round_gain, self.target = tuple(score), tuple(round_gain), target
        self.names = names = _names(names)
        self.result = over, winner, reason = game_result(self.score, self.round_gain,
                                                         target, names)
        choices = [(f"{names[0]} wins", 0), (f"{names[1]} wins", 1), ("It is a draw", "draw"),
                   ("Deal another round", None)]
        options = []
        for label, choice in choices:
            ok = choice == winner
            options.append((label, ok, reason if ok else text.why_not_game_end(
                score, round_gain, target, names, choice)))
        default = (f"A round has just been scored in a game to {target} points. Who wins, or "
                   "does the game go on?")
        super().__init__(_text(question, "question", optional=True) or default, options, theme)


# ----------------------------------------------------------------------------- cards and deal

class DealExercise(ChoiceExercise):
    """A question about a real deal, made by the engine from ``seed``.

    ``ask`` is ``"deck"`` (how many cards stay in the deck) or ``"leader"`` (who leads first).
    """

    kind = "deal"

    def __init__(self, seed: int = 1, *, dealer: str = LEADER, ask: str = "deck",
                 names=(LEADER, FOLLOWER), question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        self.names = names = _names(names)
        if dealer not in names:
            raise InvalidState(f"dealer: {dealer!r} is not one of the players {list(names)}.")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidState(f"seed must be a whole number, not {seed!r}.")
        self.dealer, self.ask = dealer, ask
        self.round = rnd = Round.deal(seed, names.index(dealer), names=names, theme=theme_)
        hands = [len(h) for h in rnd.hands]
        if ask == "deck":
            why = (f"The {len(DECK)} cards were shared out like this: {hands[0]} to {names[0]}, "
                   f"{hands[1]} to {names[1]}, 1 face up as the decree card (the "
                   f"{rnd.decree.name(theme_)}) and {len(rnd.deck)} face down in the deck.")
            numbers = sorted({0, len(rnd.deck), len(rnd.deck) + 1, hands[0]})
            options = [(str(n), n == len(rnd.deck),
                        why if n == len(rnd.deck) else text.why_not_deck(len(DECK), hands[0], n))
                       for n in numbers]
            default = "After the deal, how many cards are left face down in the deck?"
        elif ask == "leader":
            leader = names[rnd.to_play]
            why = (f"{dealer} dealt, so the other player, {leader}, leads the first trick. The "
                   "deal passes to the other player every round.")
            options = [(f"{n} leads", n == leader,
                        why if n == leader else text.why_not_leader(dealer, n))
                       for n in names]
            default = f"{dealer} dealt this round. Who leads the first trick?"
        else:
            raise InvalidState(f"ask: {ask!r} is not a question; use 'deck' or 'leader'.")
        super().__init__(_text(question, "question", optional=True) or default, options,
                         theme_)


class CharacterExercise(ChoiceExercise):
    """Which character is on this card (odd ranks), or is it a plain card (even ranks)?"""

    kind = "character"
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
                    why if name == truth else text.why_not_character(self.card, name))
                   for name in [*CHARACTERS.values(), self.PLAIN]]
        default = (f"Here is the {self.card.name(theme_)} with its picture hidden. Which "
                   "character is it?")
        super().__init__(_text(question, "question", optional=True) or default, options,
                         theme_)


# ----------------------------------------------------------------------------- recorded rounds

class RoundTrickExercise(WhoWinsExercise):
    """Who won trick number ``trick`` of a recorded round (or who led next, or scored)?

    The cards, the players and the decree card in force when the trick was decided (a Fox may
    have changed it) all come from the engine's replay of the round. ``round`` is a Round, a
    saved round or the path of its ``.json`` file.
    """

    kind = "round_trick"

    def __init__(self, round, trick: int, *, ask: str = "winner", question: str | None = None,
                 theme=None):
        rnd = read_round(round)
        if not isinstance(trick, int) or isinstance(trick, bool) or \
                not 1 <= trick <= len(rnd.tricks):
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
        self._shown = [rnd.start]


class RoundScoreExercise(ScoreExercise):
    """How many points did ``player`` gain in a recorded, finished round?"""

    kind = "round_score"

    def __init__(self, round, player: str, *, question: str | None = None, theme=None):
        rnd = read_round(round)
        if not rnd.is_over:
            raise InvalidState("round: the round is not finished, so it has not been scored.")
        if player not in rnd.names:
            raise InvalidState(f"player: {player!r} is not one of {list(rnd.names)}.")
        p = rnd.names.index(player)
        tricks = rnd.tricks_won[p]
        treasure = rnd.round_gain[p] - rules.round_points(tricks)
        super().__init__(tricks, treasure=treasure, player=player, question=question,
                         theme=theme or rnd.theme)
        self._start = rnd.start

    def positions(self) -> list:
        return [self._start]


# ----------------------------------------------------------------------------- misconceptions

class TrueFalseExercise(ChoiceExercise):
    """A claim to judge. ``demo`` asks the engine to demonstrate the truth, one of:

    - ``{"trick": ["10K", "2B"], "decree": "4B", "winner": "follower"}``: the engine decides the
      trick, and refuses the exercise unless the winner is the one given;
    - ``{"card": "3B"}``: the card's name, character and ability;
    - ``{"tricks": 10}``: the points for that many tricks;
    - ``{"game": {"score": [22, 22], "round_gain": [6, 2], "target": 21}}``: the end of a game;
    - ``{"themes": true}``: the suits of each theme, and where each comes from.
    """

    kind = "true_false"

    def __init__(self, statement: str, truth: bool, explanation: str, *, demo=None,
                 question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        if not isinstance(truth, bool):
            raise InvalidState(f"truth must be True or False, not {truth!r}.")
        self.statement = _text(statement, "statement")
        self.truth = truth
        self.demonstration = _demonstrate(demo, theme_) if demo is not None else ""
        self._shown = []
        if isinstance(demo, dict) and "trick" in demo:
            self._shown = [_last_trick_position(_card(demo["decree"], "demo.decree"),
                                                *_cards(demo["trick"], "demo.trick"))]
        why = _text(explanation, "explanation") + (
            f" The engine shows it: {self.demonstration}" if self.demonstration else "")
        wrong = text.why_not_claim(truth)
        options = [("True", truth, why if truth else wrong),
                   ("False", not truth, wrong if truth else why)]
        super().__init__(_text(question, "question", optional=True) or "True or false?",
                         options, theme_)

    def positions(self) -> list:
        return list(self._shown)


def _demonstrate(demo, theme: Theme) -> str:
    kinds = {"trick", "card", "tricks", "game", "themes"}
    if not isinstance(demo, dict) or len(kinds & set(demo)) != 1:
        raise InvalidState(f"demo must be an object with one of {sorted(kinds)}, not {demo!r}.")
    if "themes" in demo:
        first, *others = [f"{t.title} (ranked {t.rank_label(1)} to {t.rank_label(11)})"
                          for t in THEMES.values()]
        origins = [t.origin for t in THEMES.values()]
        out = f"The suits are {first}, {origins[0]}."
        for title, origin in zip(others, origins[1:]):
            out += f" The names {title} come from {origin}."
        return out
    if "trick" in demo:
        cards = _cards(demo["trick"], "demo.trick")
        if len(cards) != 2:
            raise InvalidState("demo.trick must hold two cards: the led card and the reply.")
        lead, follow = cards
        decree = _card(demo.get("decree"), "demo.decree")
        _distinct("demo", trick=cards, decree=decree)
        out = resolve_trick(lead, follow, decree, (LEADER, FOLLOWER), theme)
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
        return round_points_line(LEADER, _count(demo["tricks"], "demo.tricks", 13))
    game = demo["game"]
    if not isinstance(game, dict) or not {"score", "round_gain"} <= set(game):
        raise InvalidState("demo.game needs 'score' and 'round_gain'.")
    return game_result(tuple(game["score"]), tuple(game["round_gain"]),
                       game.get("target", 21), (LEADER, FOLLOWER))[2]


# ----------------------------------------------------------------------------- Deluxe modules
# Tricks with the Deluxe modules (special cards, Poison 8s, goal cards) are played through a
# Round from plain data: the known cards of both hands, the actions in order ("play 5K",
# "crown 8M", "name_suit M", "dig Shovel", ...; a bare card name plays it) and the chance
# outcomes the Tree, Fairy and Shovel need (rulings SC19), so that every answer is the engine's.

def _deluxe_round(decree: Card, hands, deck, chance, special, poison: bool, goals, score,
                  names, theme: Theme) -> tuple:
    """(a Round with names[0] to lead, the stand-in cards) from the known cards of both hands.
    Each hand is filled up with cards listed nowhere (even ranks first, of suits the other hand
    does not hold), to one card more than the bigger hand, so the round never ends inside the
    exercise. The special cards in play are ``special``, or every one named in the data."""
    if not isinstance(hands, (list, tuple)) or len(hands) != 2:
        raise InvalidState("hands must be two lists of cards: the leader's and the follower's.")
    known = [_cards(h, f"hands[{i}]") for i, h in enumerate(hands)]
    deck = _cards(deck, "deck")
    _distinct("exercise data", decree=decree, **{f"hands[{i}]": h for i, h in enumerate(known)},
              deck=deck)
    named = {c.special for c in [decree, *known[0], *known[1], *deck] if c.special}
    if special is None:
        special = [s for s in SPECIAL_CARDS if s in named]
    elif not isinstance(special, (list, tuple)):
        raise InvalidState("special must be a list of special cards like ['Axe'], not "
                           f"{json_kind(special)}.")
    if not isinstance(poison, bool):
        raise InvalidState(f"poison must be true or false, not {poison!r}.")
    if not isinstance(goals, (list, tuple)):
        raise InvalidState(f"goals must be a list of goal ids, not {json_kind(goals)}.")
    if not isinstance(chance, (list, tuple)):
        raise InvalidState("chance must be a list of the random cards picked, like "
                           f"['6K', ['2K', '9M']], not {json_kind(chance)}.")
    if not (isinstance(score, (list, tuple)) and len(score) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in score)):
        raise InvalidState(f"score must be two whole numbers like [3, 0], not {score!r}.")
    missing = sorted(named - set(special))
    if missing:
        raise InvalidState(f"special: the {missing[0]} is in the data but not in play.")
    try:
        modules = Modules(poison=poison, special=tuple(special), goals=tuple(goals))
    except FoxError as exc:
        raise InvalidState(str(exc)) from None
    size = max(len(known[0]), len(known[1])) + 1
    room = _deck_room(deck, len(special))
    used = {decree, *known[0], *known[1], *deck}
    spare = sorted((c for c in DECK if c not in used), key=lambda c: (c.rank % 2, c.index))
    filled, filler = [], set()
    for i in (0, 1):
        # A stand-in must not change what the other player's cards oblige this one to play.
        avoid = {c.suit for c in known[1 - i]} | {decree.suit}
        fits = [c for c in spare if c.suit not in avoid] + [c for c in spare if c.suit in avoid]
        extra = fits[:size - len(known[i])]
        spare = [c for c in spare if c not in extra]
        filler.update(extra)
        filled.append(tuple(known[i] + extra))
    # The deck holds what a real deck holds: stand-ins under the cards given.
    under = spare[:room]
    filler.update(under)
    pos = Position(decree, tuple(filled), 0, list(deck) + under, [], (13 - size, 0),
                   tuple(score), (0, 0), None, modules, tuple(goals), 1)
    outcomes = [tuple(_cards(o if isinstance(o, (list, tuple)) else [o], f"chance[{i}]"))
                for i, o in enumerate(chance)]
    try:
        return Round(pos, tuple(names), theme, chance=outcomes), frozenset(filler)
    except FoxError as exc:
        raise InvalidState(str(exc)) from None


def _act_all(rnd: Round, actions) -> None:
    """Do ``actions`` (texts like 'play 5K' or 'name_suit M'; a card name alone plays it)."""
    if not isinstance(actions, (list, tuple)):
        raise InvalidState("actions must be a list like ['play 5K', 'play Axe'].")
    for i, item in enumerate(actions):
        if not isinstance(item, str) or not item.strip():
            raise InvalidState(f"actions[{i}] must be an action like 'play 5K', not {item!r}.")
        try:
            rnd.act(Action.parse(item if len(item.split()) > 1 else f"play {item}"))
        except FoxError as exc:
            raise InvalidState(f"actions[{i}] {item!r}: {exc}") from None


def _story(records) -> list:
    """The engine's words for what happened (trick records included)."""
    return [r.reason for r in records if getattr(r, "kind", "") != "round_end"]


#: A hint for a wrong "who wins" answer by the rule that decided the trick (no name in it).
WINNER_HINTS = {
    "shovel": "A Shovel that did not dig decides the trick before any other card: read again "
              "what it says about losing.",
    "axe": "Look at the card the Axe followed: the Axe's own text decides this trick before "
           "suits and ranks.",
    "bow": "The Bow decides this trick by its own text: is the other card a trump or a special "
           "card, or neither?",
    "hammer": "The Hammer decides this trick by its own text: is the other card odd or even? "
              "(A crowned card counts as an 11.)",
    "trump": "Exactly one card counts as trump here, and a trump beats every card that is not.",
    "witch_trump": "One card is the only Witch in the trick: when the winner is decided it "
                   "counts as trump, even when there is no trump suit.",
    "rank": "Both cards count as one suit here (a card with no suit takes the other card's "
            "suit), so compare the ranks: a crowned card counts as an 11, the Mirror as the "
            "decree card, a card with no printed rank as lower than 1.",
    "identical": "The two cards count as the same suit and the same rank. The rule for "
                 "identical cards favours one of the two players: which?",
    "led_suit": "Neither card counts as trump and they count as different suits: which card "
                "sets the suit of the trick?",
}
WINNER_HINTS["witch_rank"] = WINNER_HINTS["rank"]
NEXT_LEADER_HINT = ("The winner leads the next trick unless the card that lost is a Swan with "
                    "its ability (a crowned Swan has none).")


class DeluxeTrickExercise(ChoiceExercise):
    """A trick with the Deluxe special cards (or Poison 8s) played through the engine from
    data: who wins it (``ask="winner"``) or leads the next one (``"next_leader"``)?

    ``hands`` are the known cards of the leader and the follower; ``actions`` the actions in
    order ('play 5K', 'crown 8M', 'name_suit M', 'replace 4M', 'fairy_take 4M', 'dig Shovel',
    'potion_discard 6M', 'potion_play 7K', 'discard 2M', 'exchange 6B'; a card name alone plays
    it), which may finish earlier tricks first (the question is about the last one); ``deck``
    the deck from the top; ``chance`` the random cards the Tree, Fairy and Shovel pick.
    """

    kind = "deluxe_trick"
    ASKS = ("winner", "next_leader")

    def __init__(self, decree, hands, actions, *, deck=(), chance=(), special=None,
                 poison: bool = False, ask: str = "winner", leader: str = LEADER,
                 follower: str = FOLLOWER, question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        if ask not in self.ASKS:
            raise InvalidState(f"ask: {ask!r} is not a question; use one of {list(self.ASKS)}.")
        self.ask = ask
        self.names = names = _names((_text(leader, "leader"), _text(follower, "follower")),
                                    "leader and follower")
        self.decree = _card(decree, "decree")
        rnd, self.filler = _deluxe_round(self.decree, hands, deck, chance, special, poison,
                                         (), (0, 0), names, theme_)
        self.round = rnd
        self.hands = [sorted(c for c in h if c not in self.filler) for h in rnd.hands]
        _act_all(rnd, actions)
        if not rnd.tricks or rnd.trick or rnd.phase not in ("play", "over"):
            raise InvalidState("actions: the last trick is not finished after these "
                               f"actions (the next decision is {rnd.phase!r}).")
        self.record = trick = rnd.tricks[-1]
        self.story = _story(rnd.history[:rnd.history.index(trick)])
        self.cards, self.trick_decree = trick.cards, trick.decree
        who = [rnd.name(trick.leader), rnd.name(1 - trick.leader)]
        if ask == "winner":
            right = rnd.name(trick.winner)
            hint = WINNER_HINTS.get(trick.rule.code, WINNER_HINTS["rank"])
            options = [(f"{n} wins", n == right, trick.reason if n == right else hint)
                       for n in who]
            default = "Who wins this trick?"
        else:
            right = rnd.name(trick.next_leader)
            options = [(f"{n} leads next", n == right,
                        trick.reason if n == right else NEXT_LEADER_HINT) for n in who]
            default = "Who leads the next trick?"
        super().__init__(_text(question, "question", optional=True) or default, options,
                         theme_)


class TrickPointsExercise(Exercise):
    """A trick with Poison 8s, Treasure or goal cards played through the engine from data (as
    ``DeluxeTrickExercise``): what is ``player``'s score once the last trick is scored? The
    answer is a number. ``score`` is both players' score before the first action, ``goals`` the
    ids of the revealed house goals."""

    kind = "trick_points"

    def __init__(self, decree, hands, actions, *, player: str = LEADER, score=(0, 0),
                 poison: bool = False, goals=(), deck=(), chance=(), special=None,
                 leader: str = LEADER, follower: str = FOLLOWER, question: str | None = None,
                 theme="classic"):
        theme_ = _theme(theme)
        self.names = names = _names((_text(leader, "leader"), _text(follower, "follower")),
                                    "leader and follower")
        if player not in names:
            raise InvalidState(f"player: {player!r} is not one of {list(names)}.")
        self.player = player
        self.decree = _card(decree, "decree")
        rnd, self.filler = _deluxe_round(self.decree, hands, deck, chance, special, poison,
                                         goals, score, names, theme_)
        self.round = rnd
        self.goals = rnd.goals
        self.hands = [sorted(c for c in h if c not in self.filler) for h in rnd.hands]
        self.before = tuple(rnd.score)
        _act_all(rnd, actions)
        if not rnd.tricks or rnd.trick or rnd.phase != "play":
            raise InvalidState("actions: the last trick is not finished after these "
                               f"actions (the next decision is {rnd.phase!r}).")
        self.record = trick = rnd.tricks[-1]
        self.story = _story(rnd.history[:rnd.history.index(trick)])
        self.cards, self.trick_decree = trick.cards, trick.decree
        self.points = rnd.score[names.index(player)]
        p = names.index(player)
        default = (f"Before {'this trick' if len(rnd.tricks) == 1 else 'these tricks'} "
                   f"{names[0]} had {text.plural(self.before[0], 'point')} and {names[1]} "
                   f"{text.plural(self.before[1], 'point')}. What is {player}'s score after "
                   f"{'it' if len(rnd.tricks) == 1 else 'the last one'}?")
        self._p = p
        super().__init__(_text(question, "question", optional=True) or default, theme_)

    def _judge(self, value):
        try:
            given = int(str(value).strip())
        except ValueError:
            raise NotAnAnswer("The answer is a number of points, like 3.") from None
        if given < 0 or isinstance(value, bool):
            raise NotAnAnswer("The answer is a score: a whole number of 0 or more.")
        if given == self.points:
            return True, self._explain(), str(given)
        return False, self._hint(), str(given)

    def _hint(self) -> str:
        parts = []
        if self.round.modules.poison:
            parts.append("Whoever wins a trick loses 1 point for each Poison 8 in it (a crowned "
                         "8 has no ability); a Treasure (7) gains 1.")
        if self.goals:
            parts.append("The revealed goals are scored at once, for whoever meets them.")
        parts.append("Add a trick's points up first, then apply them: a score never goes "
                     "below 0.")
        return " ".join(parts)

    def _explain(self) -> str:
        rnd, p = self.round, self._p
        lines = [t.reason for t in rnd.tricks]
        return (" ".join(lines) + f" {rnd.name(p)}'s score goes from "
                f"{self.before[p]} to {self.points}.")

    def solution(self) -> str:
        return f"{text.plural(self.points, 'point')}. {self._explain()}"


class DeluxeMoveExercise(ChoiceExercise):
    """Your turn with the Deluxe special cards: after ``actions`` (as ``DeluxeTrickExercise``)
    the player to act chooses one of the engine's legal actions to reach ``goal`` ("win" or
    "lose" this trick, or "lead" the next one). After the choice the engine finishes the trick:
    each later decision is taken the best way for whoever takes it, and ``chance`` gives any
    random card. A choice that would need a random card nobody gave is refused, so no answer
    rests on a hidden draw."""

    kind = "deluxe_move"
    GOALS = {"win": "win this trick", "lose": "lose this trick", "lead": "lead the next trick"}

    def __init__(self, decree, hands, actions=(), *, goal: str = "win", deck=(), chance=(),
                 special=None, poison: bool = False, score=(0, 0), leader: str = LEADER,
                 follower: str = FOLLOWER, question: str | None = None, theme="classic"):
        theme_ = _theme(theme)
        if goal not in self.GOALS:
            raise InvalidState(f"goal: {goal!r} is not a goal; use one of {list(self.GOALS)}.")
        self.goal = goal
        self.names = names = _names((_text(leader, "leader"), _text(follower, "follower")),
                                    "leader and follower")
        self.decree = _card(decree, "decree")
        rnd, self.filler = _deluxe_round(self.decree, hands, deck, chance, special, poison,
                                         (), score, names, theme_)
        self.round = rnd
        _act_all(rnd, actions)
        self.hands = [sorted(c for c in h if c not in self.filler) for h in rnd.hands]
        if rnd.phase == "over":
            raise InvalidState("actions: the round is over; nothing is left to choose.")
        self.story = _story(rnd.history)
        self.me = rnd.to_play
        self.done_tricks = len(rnd.tricks)
        options = []
        voice = Narrator(theme=theme_)
        for action in self._choices(rnd):
            ok, why = self._result(action)
            options.append((voice.action_words(*action, "answer"), ok, why))
        if not any(o[1] for o in options):
            raise InvalidState(f"DeluxeMoveExercise: no choice makes {rnd.name(self.me)} "
                               f"{self.GOALS[goal]}.")
        if all(o[1] for o in options):
            raise InvalidState(f"DeluxeMoveExercise: every choice makes {rnd.name(self.me)} "
                               f"{self.GOALS[goal]}, so there is nothing to find.")
        me = rnd.name(self.me)
        default = (f"You are {me}. Which choice makes you {self.GOALS[goal]}?")
        super().__init__(_text(question, "question", optional=True) or default, options,
                         theme_)

    def _choices(self, rnd: Round) -> list:
        """The legal actions, without the cards that only fill the hands up (never shown),
        unless nothing else is left."""
        actions = rnd.legal_actions()
        known = [a for a in actions if a.card not in self.filler]
        return known or actions

    def _reached(self, rnd: Round) -> bool:
        trick = rnd.tricks[self.done_tricks]
        return {"win": trick.winner == self.me, "lose": trick.winner != self.me,
                "lead": trick.next_leader == self.me}[self.goal]

    def _finish(self, rnd: Round):
        """(goal reached, the records) once the trick is over, each later decision taken the
        best way for whoever takes it (the learner for the goal, the opponent against it)."""
        if len(rnd.chance) > len(rnd._given):
            return None
        if len(rnd.tricks) > self.done_tricks:
            return self._reached(rnd), rnd
        outcomes = []
        for action in self._choices(rnd):
            branch = rnd.copy()
            branch.act(action)
            got = self._finish(branch)
            if got is None:
                return None
            outcomes.append(got)
        mine = rnd.to_play == self.me
        pick = (max if mine else min)(outcomes, key=lambda o: o[0])
        return pick

    def _result(self, action):
        rnd = self.round.copy()
        before = len(rnd.history)
        rnd.act(action)
        got = self._finish(rnd)
        if got is None:
            raise InvalidState(f"DeluxeMoveExercise: after '{action}' a card is picked at "
                               "random; give it in 'chance' so that the answer does not rest on "
                               "a hidden draw.")
        ok, end = got
        story = " ".join(_story(end.history[before:]))
        if not ok:
            story += f" That does not make you {self.GOALS[self.goal]}."
        return ok, story


# ----------------------------------------------------------------------------- from data

KINDS = {cls.kind: cls for cls in (
    WhoWinsExercise, LegalPlayExercise, ChooseBestExercise, FoxExchangeExercise,
    WoodcutterDiscardExercise, ScoreExercise, GameEndExercise, DealExercise, CharacterExercise,
    TrueFalseExercise, RoundTrickExercise, RoundScoreExercise, DeluxeTrickExercise,
    TrickPointsExercise, DeluxeMoveExercise)}


def check_spec(spec, where: str = "exercise") -> None:
    """Refuse data that is not an object with a known ``kind``."""
    if not isinstance(spec, dict) or "kind" not in spec:
        raise InvalidState(f"{where} must be an object with a 'kind', one of {sorted(KINDS)}.")
    if spec["kind"] not in KINDS:
        raise InvalidState(f"{where}.kind: {spec['kind']!r} is not a kind of exercise; use one "
                           f"of {sorted(KINDS)}.")


def spec_arguments(spec, where: str = "exercise") -> tuple[str, dict]:
    """(kind, arguments) of exercise data, every field checked against the kind's arguments:
    a field it does not take, or one it needs and lacks, is named in the error."""
    check_spec(spec, where)
    kind = spec["kind"]
    args = {k: v for k, v in spec.items() if k != "kind"}
    params = inspect.signature(KINDS[kind]).parameters
    fields = ", ".join(params)
    for name in args:
        if name not in params:
            raise InvalidState(f"{where}.{name}: unexpected keyword argument {name!r}: a "
                               f"{kind} exercise has the fields {fields}.")
    for name, param in params.items():
        if param.default is inspect.Parameter.empty and name not in args:
            raise InvalidState(f"{where}.{name}: missing; a {kind} exercise needs it (its "
                               f"fields are {fields}).")
    return kind, args


def make_exercise(spec, where: str = "exercise") -> Exercise:
    """Build an exercise from plain data: ``{"kind": "who_wins", "decree": "4B", ...}``; bad
    data raises ``FoxError`` naming ``where`` and the field at fault."""
    kind, args = spec_arguments(spec, where)
    try:
        return KINDS[kind](**args)
    except FoxError as exc:
        raise type(exc)(f"{where}: {exc}") from None


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
        """Questions answered right at the first attempt (without looking at the answer)."""
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
