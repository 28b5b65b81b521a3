"""Exercises about the Fox's exchange (``FoxExchangeExercise``) and the Woodcutter's discard
(``WoodcutterDiscardExercise``).
"""
from __future__ import annotations

from ...core import rules
from ...core.cards import Card, card_list
from ...core.errors import FoxError, InvalidState
from ...words import exercise_text as text
from ...words.narrator import Narrator
from .fields import FOLLOWER, LEADER, _card, _cards, _distinct, _names, _text, _theme
from .frame import CardPickExercise, ChoiceExercise
from .setups import _leading_round, _open_trick_round


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
        rnd = self._played(card)
        record, trick = rnd.history[-2], rnd.tricks[-1]
        won = trick.winner == 1
        said = trick.reason
        if card is not None:
            # The swap has just said which suit is trump: the trick's reason does not say it
            # again.
            said = _without_trump(said, rnd)
        return (won if goal == "win" else not won), f"{record.reason} {said}"

    def _played(self, card):
        """A copy of the round after the Fox and the exchange (``card``; None keeps the
        decree card)."""
        rnd = self.round.copy()
        rnd.play(self.fox)
        rnd.exchange(card)
        return rnd

    def board_after(self, index: int) -> dict:
        """The board once the answer ``index`` (of ``options``) is played: ``decree`` (the
        decree card then: the card swapped in, or the old one kept), ``hand`` (the follower's
        cards then, the old decree card among them after a swap) and ``trick`` (the led card
        and the Fox)."""
        if not 0 <= index < len(self.options):
            raise InvalidState(f"index: {index} is not one of the {len(self.options)} answers.")
        card = ([None, *self.hand])[index]
        rnd = self._played(card)
        return {"decree": rnd.decree, "hand": sorted(rnd.hands[1]),
                "trick": list(rnd.tricks[-1].cards)}


def _without_trump(reason: str, rnd) -> str:
    """``reason`` without its first sentence when that sentence only says which suit is trump
    (or that there is none)."""
    trump = rnd.tricks[-1].rule.trump
    said = (f"{Narrator.of(rnd).suits(trump)} are trump. " if trump is not None
            else "There is no trump suit: the decree card is a special card. ")
    return reason[len(said):] if reason.startswith(said) else reason


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

