"""Exercises about the cards and the deal: a real deal's deck and first leader
(``DealExercise``) and the characters (``CharacterExercise``).
"""
from __future__ import annotations

from ...core.cards import CHARACTERS, DECK
from ...core.errors import InvalidState
from ...engine.round import Round
from ...words import exercise_text as text
from .fields import FOLLOWER, LEADER, _card, _names, _text, _theme
from .frame import ChoiceExercise


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

