"""Exercises with the Deluxe modules (special cards, Poison 8s, goal cards), each trick played
through a ``Round`` from plain data (``setups._deluxe_round``): who wins a trick or leads next
(``DeluxeTrickExercise``), a score after Poison, Treasure and goals (``TrickPointsExercise``) and
a choice that reaches a goal (``DeluxeMoveExercise``).
"""
from __future__ import annotations

from ...core.errors import InvalidState
from ...engine.round import Round
from ...words import exercise_text as text
from ...words.narrator import Narrator
from .fields import FOLLOWER, LEADER, _card, _names, _text, _theme
from .frame import ChoiceExercise, Exercise, typed_number
from .setups import _act_all, _deluxe_round, _story


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
        given = typed_number(value, 3)
        if given == self.points:
            return True, self._explain(), str(given)
        if given < 0:
            costly = any(g.points < 0 for g in self.goals)
            return False, text.why_not_negative_score(self.player, self.round.modules.poison,
                                                      costly), str(given)
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

