"""Exercises about one trick: who wins it (``WhoWinsExercise``), which cards may follow
(``LegalPlayExercise``) and which card reaches a goal (``ChooseBestExercise``).
"""
from __future__ import annotations

from ...core import rules
from ...core.cards import Card, card_list
from ...core.errors import FoxError, InvalidState
from ...engine.round import Move
from ...words import exercise_text as text
from ...words.narrator import resolve_trick
from .fields import FOLLOWER, LEADER, _card, _cards, _distinct, _names, _text, _theme
from .frame import CardPickExercise, ChoiceExercise
from .setups import _act_all, _deluxe_round, _last_trick_position, _open_trick_round


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

