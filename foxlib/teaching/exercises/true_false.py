"""Misconceptions: a claim to judge true or false (``TrueFalseExercise``), with the engine's
demonstration of the truth.
"""
from __future__ import annotations

from ...core.cards import THEMES, Theme
from ...core.errors import InvalidState
from ...engine.game import game_result
from ...words import exercise_text as text
from ...words.narrator import resolve_trick, round_points_line
from .fields import FOLLOWER, LEADER, _card, _cards, _count, _distinct, _text, _theme
from .frame import ChoiceExercise
from .setups import _last_trick_position


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

