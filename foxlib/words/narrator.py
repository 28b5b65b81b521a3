"""Every sentence the engine says, from facts: records, trick reasons, refusals, score lines.

The round (``foxlib.engine.round``) and the rules (``foxlib.core.rules``) only decide and record facts (who
did what with which cards, which rule settled a trick); this module says them for given player
names and a card theme, so a history can be told again in other words: after a switch of theme
the earlier events speak of the new suits. A player named "you" (any case) is spoken to in the
second person: "You lead", "your 9 of Moons", "you have".

    Narrator(names, theme).say(record)            # any record of a round's history
    Narrator(names, theme).trick_reason(rule, ...) # why a trick went as it did
    Narrator(names, theme).refused(exc)           # why an action is not allowed
    Narrator(names, theme).action_words(kind, card, form)  # a decision, for a button, its
                                                  # tooltip, an exercise's answer, a
                                                  # dropdown's label, a player's reason, a
                                                  # review or a puzzle's feedback
    Narrator(names, theme).prompt(kind, ...)      # the learner's prompt for a decision
    awaited(kind, name)                           # what a board waits for ('Waiting for you
                                                  # to name a suit for the Hammer.')
    round_points_line(...), game_line(...)        # score lines
    resolve_trick(lead, follow, decree, names)    # a trick decided, with its reason
    illegal_follow_reason(card, hand, led)        # why a card may not follow, or None
    say_claim(claim, names, theme)                # a goal claimed (foxlib.words.goal_words)

The words are kept by concern in sibling modules, and every name stays a name of this one:
decisions and prompts in ``foxlib.words.action_words``, records in ``record_words``, trick
reasons in ``trick_words``, refusals in ``refusals``, score lines in ``score_words``, a
review's and a hint's words in ``review_words``. ``Narrator`` and ``ReviewNarrator`` are made
of their parts here.

Standard library only; it reads records by their ``kind`` and fields, so it imports no engine
module at load time.
"""
from __future__ import annotations

from ..core.cards import DEFAULT_THEME, THEMES, Card, Theme
from ..core.rules import TrickOutcome, decide_trick, follow_refusal
# Every name below stays a name of this module (``narrator.PROMPTS``, ``narrator.subject``...).
from .action_words import (ACTION_FORMS, ACTION_WORDS, LABEL_PREFIXES, OFFER_TITLES,  # noqa: F401
                           PENDING, PROMPTS, SPECIAL_CARDS_TOLD, WAITING, ActionWords)
from .goal_words import say_claim  # noqa: F401
# The grammar is part of the narrator's words: ``narrator.subject`` is ``grammar.subject``.
from .grammar import (agree, count, is_you, mine, possessive, says, second_person,  # noqa: F401
                      sentence, subject, who)
from .record_words import RecordWords
from .refusals import Refusals
from .review_words import DECISION_NAMES, Person, ReviewWords  # noqa: F401
from .score_words import BAND_REMARKS, game_line, round_points_line  # noqa: F401
from .trick_words import SPECIAL_CODES, TrickWords  # noqa: F401


# ----------------------------------------------------------------------------- rules with words
# ``foxlib.core.rules`` decides and returns facts only; these give its answers with their words.

def resolve_trick(lead: Card, follow: Card, decree: Card, names=("the leader", "the follower"),
                  theme: Theme = DEFAULT_THEME, poison: bool = False) -> TrickOutcome:
    """Decide a complete trick (``rules.decide_trick``) and explain it: the outcome with its
    ``reason`` filled in. ``names`` are (leader's, follower's) names."""
    out = decide_trick(lead, follow, decree, poison)
    reason = Narrator(theme=theme).trick_reason(out.rule, lead, follow, out.winner, names)
    return TrickOutcome(out.winner, out.next_leader, out.treasure, out.rule, reason)


def illegal_follow_reason(card: Card, hand, led: Card, leader: str = "your opponent",
                          theme: Theme = DEFAULT_THEME) -> str | None:
    """Why ``card`` may not follow ``led`` from ``hand`` (``rules.follow_refusal``), in words;
    None when it may."""
    refused = follow_refusal(card, hand, led)
    if refused is None:
        return None
    code, facts = refused
    if code == "monarch":
        facts["leader"] = leader
    return Narrator(theme=theme).refusal(code, **facts)


def awaited(kind: str, name: str, how: str = "") -> str:
    """What a board waits for while the decision ``kind`` is pending (its cards dimmed, none
    to click): 'Waiting for you to name a suit for the Hammer.', 'Waiting for Computer to
    decide on the Fox's exchange.' ``how`` ends it: ': use the buttons above'."""
    return f"{sentence(f'waiting for {who(name)} to {PENDING[kind]}')}{how}."


# ----------------------------------------------------------------------------- the narrator


def _theme(theme) -> Theme:
    if theme is None:
        return DEFAULT_THEME
    return THEMES[theme] if isinstance(theme, str) else theme


class Narrator(ActionWords, RecordWords, TrickWords, Refusals):
    """Says records, tricks, refusals and score lines for ``names`` (A's, B's) and ``theme``
    (a Theme or its key). Its words are kept by concern: decisions and prompts
    (``foxlib.words.action_words``), records (``record_words``), tricks (``trick_words``) and
    refusals (``refusals``)."""

    def __init__(self, names=("A", "B"), theme=None):
        self.names = names if type(names) is tuple else tuple(names)
        self.theme = _theme(theme)
        self._said: dict = {}        # (player, verb) -> 'A leads' / 'You lead', made once
        self._whose: dict = {}       # name -> 'your' / "Ann's"

    @classmethod
    def of(cls, rnd, theme=None) -> "Narrator":
        """The narrator for a round (or a view with names) in its theme, or in ``theme``."""
        return cls(rnd.names, theme if theme is not None else rnd.theme)

    def name(self, player: int) -> str:
        return self.names[player]

    def says(self, player: int, verb: str) -> str:
        """'A leads' or 'You lead' at the start of a sentence."""
        key = (player, verb)
        text = self._said.get(key)
        if text is None:
            text = self._said[key] = says(self.names[player], verb)
        return text

    def suits(self, suit) -> str:
        return self.theme.suit_names[suit]

    def whose(self, name: str) -> str:
        """``possessive(name)``, made once per name."""
        text = self._whose.get(name)
        if text is None:
            text = self._whose[name] = possessive(name)
        return text

    def suit(self, suit) -> str:
        return self.theme.suit_singular[suit]


class ReviewNarrator(ReviewWords, Narrator):
    """Says a review's records (``review_reason``, ``exact_text``, ``choice``), its one-line
    summary (``review_summary``) and a hint (``hint_text``, ``hint_reason``, ``hint_detail``)
    for ``names`` (A's, B's) and ``theme`` (the words: ``foxlib.words.review_words``)."""
