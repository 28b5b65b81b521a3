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
    round_points_line(...), game_line(...)        # score lines
    resolve_trick(lead, follow, decree, names)    # a trick decided, with its reason
    illegal_follow_reason(card, hand, led)        # why a card may not follow, or None
    say_claim(claim, names, theme)                # a goal claimed (foxlib.words.goal_words)

Standard library only; it reads records by their ``kind`` and fields, so it imports no engine
module at load time.
"""
from __future__ import annotations

from ..core.cards import DEFAULT_THEME, THEMES, Card, Theme, card_list
from ..core.rules import BAND_RANGES, TrickOutcome, band, decide_trick, follow_refusal, round_points
from .goal_words import say_claim
# The grammar is part of the narrator's words: ``narrator.subject`` is ``grammar.subject``.
from .grammar import (agree, count, is_you, mine, possessive, says, second_person,  # noqa: F401
                      sentence, subject, who)


# ----------------------------------------------------------------------------- decisions

#: Ruling SC18, said wherever a game's special cards are chosen or named (the play table, the
#: module options, lesson 16).
SPECIAL_CARDS_TOLD = ("Both players are told which special cards are in the game: our ruling "
                      "SC18 (the rulebook has them shuffled in without anyone looking).")
#: What each kind of decision asks for (a new decision adds its words here).
PENDING = {"play": "play", "exchange": "decide on the Fox's exchange",
           "discard": "choose the Woodcutter's discard",
           "crown": "play", "name_suit": "name a suit for the Hammer",
           "replace": "play a new card after the Hammer",
           "fairy_take": "decide which card the Fairy takes",
           "fairy_give": "give a card back for the Fairy's",
           "dig": "decide whether the Shovel digs",
           "potion_discard": "choose the card that goes under the deck with the Potion",
           "potion_play": "choose which card drawn for the Potion to play"}
#: Trick codes that only special cards bring (``rules.decide_special_trick``).
SPECIAL_CODES = ("shovel", "axe", "bow", "hammer", "identical")
#: The Fox's and the Woodcutter's prompts, with blanks for their cards when a view knows them
#: (the puzzle player's): {card} ' (the Fox's or Woodcutter's name)', {decree} ' (the decree
#: card's name)', {drawn} the card the Woodcutter drew ('a card' when unknown).
_NAMED_PROMPTS = {
    "exchange": "your Fox{card}: click a card to swap it with the decree card{decree}, or keep "
                "the decree card",
    "discard": "your Woodcutter{card} drew {drawn}: click a card to put at the bottom of the deck",
}
#: A hand's prompt when it is the learner's turn to make that decision.
PROMPTS = {
    "play": "your turn: click a card to play it",
    "exchange": _NAMED_PROMPTS["exchange"].format(card="", decree=""),
    "discard": _NAMED_PROMPTS["discard"].format(card="", drawn="a card"),
    "crown": "your turn: click a card to play it (with the Crown, or without)",
    "name_suit": "your Hammer: name a suit; your opponent must play a new card of it if they can",
    "replace": "the Hammer sent your card under the deck: play a new card of the named suit if "
               "you can",
    "fairy_take": "your Fairy: take one of the cards you see, or take none",
    "fairy_give": "your Fairy took a card: give your opponent a card from your hand",
    "dig": "your Shovel: dig a random card from the last trick you won, or do not (and lose "
           "the trick)",
    "potion_discard": "your Potion: choose a card to put under the deck with it",
    "potion_play": "your Potion: choose which of the cards you drew to play (you keep the other)",
}
#: ... and while someone else makes it.
WAITING = {kind: f"to {what}" for kind, what in PENDING.items()}
#: The cards a learner's decision shows to choose from (the Fairy's, the Potion's), as a title.
OFFER_TITLES = {"fairy_take": "The cards your Fairy shows you: click one to take it",
                "potion_play": "The cards your Potion drew: click the one to play"}

#: Every decision in words, by (kind, whether it has a card): (what to do, as a review lists
#: its choices and a hint starts: 'play the ...'; the learner's button, short because the
#: prompt above it gives the context and spoken to the learner; a consequence the button
#: reminds of comes last, in brackets). {card} is the card's name, {suit} the suit named,
#: {decree} ' (the decree card's name)' when it is known. Without a card a decision is
#: declined, except the Crown's: its toggle is pressed before the card is clicked.
ACTION_WORDS = {
    ("play", True): ("play the {card}", "Play the {card}"),
    ("crown", True): ("play the {card} with the Crown", "Play the {card} with the Crown"),
    ("crown", False): ("play a card with the Crown", "Play with the Crown"),
    ("exchange", False): ("keep the decree card{decree}", "Keep the decree card"),
    ("exchange", True): ("swap the {card} for the decree card", "Swap in the {card}"),
    ("discard", True): ("put the {card} under the deck", "Put the {card} under the deck"),
    ("name_suit", True): ("name {suit} for the Hammer", "Name {suit}"),
    ("replace", True): ("play the {card} as the new led card", "Play the {card}"),
    ("fairy_take", False): ("take none of the cards the Fairy shows", "Take none"),
    ("fairy_take", True): ("take the {card} with the Fairy", "Take the {card}"),
    ("fairy_give", True): ("give the {card} in return for the Fairy's card", "Give the {card}"),
    ("dig", False): ("do not dig (the Shovel stays and loses the trick unless a Hammer sends "
                     "it away)",
                     "Do not dig (you lose the trick)"),
    ("dig", True): ("dig a card at random from the last trick won",
                    "Dig: play a random card from the last trick you won"),
    ("potion_discard", True): ("put the {card} under the deck with the Potion",
                               "Put the {card} under the deck"),
    ("potion_play", True): ("play the {card} drawn with the Potion", "Play the {card}"),
}
#: The '-ing' words of the first verbs above ('Playing the ...' starts a review's sentence) ...
_ING = {"play": "Playing", "name": "Naming", "take": "Taking", "give": "Giving",
        "put": "Putting", "swap": "Swapping", "keep": "Keeping"}
#: ... and the decisions whose '-ing' form is shorter than the rest of their words.
_DOING = {("exchange", False): "Keeping the decree card", ("dig", False): "Not digging",
          ("dig", True): "Digging"}
#: What a label puts before a decision: the card whose ability asks for it ...
LABEL_PREFIXES = {"exchange": "Fox", "discard": "Woodcutter", "name_suit": "Hammer",
                  "replace": "After the Hammer", "fairy_take": "Fairy", "fairy_give": "Fairy",
                  "dig": "Shovel", "potion_discard": "Potion", "potion_play": "Potion"}
#: ... and the label of a decision whose button words already start with its verb and a colon.
_LABEL = {("dig", True): "dig a random card from the last trick you won"}
#: A button's tooltip, where the button's words leave out what it does (else the tooltip is
#: the button's words): the Fox's keep button swaps nothing; the Crown's toggle waits for a card.
_TIP = {("exchange", False): "The Fox's other choice: swap nothing",
        ("crown", False): "The next card you click is played together with your Crown, and you "
                          "draw a card"}
#: The forms ``Narrator.action_words`` says a decision in.
ACTION_FORMS = ("do", "to", "doing", "button", "answer", "label", "tip")


def _action_template(key: tuple, form: str) -> str:
    """The words of the decision ``key`` of ``ACTION_WORDS`` in ``form``, blanks unfilled."""
    do, button = ACTION_WORDS[key]
    if form == "doing":
        if key in _DOING:
            return _DOING[key]
        verb, rest = do.split(" ", 1)
        return f"{_ING[verb]} {rest}"
    if form == "to":
        return do.removeprefix("do ")           # 'must not dig', not 'must do not dig'
    if form == "answer":
        return button.partition(" (")[0]
    if form == "tip":
        return _TIP.get(key, button)
    if form == "label":
        prefix = LABEL_PREFIXES.get(key[0])
        words = _LABEL.get(key, button)
        return f"{prefix}: {_lower(words)}" if prefix else words
    return button if form == "button" else do


# ----------------------------------------------------------------------------- scoring words

BAND_REMARKS = {
    "Humble": "few tricks are rewarded as much as a good majority",
    "Defeated": "a middling count scores little",
    "Victorious": "the best band for winning tricks",
    "Greedy": "winning 10 or more tricks scores nothing for tricks, though Treasure points "
              "still count",
}


def round_points_line(who: str, tricks: int, treasure: int | None = None,
                      poison: int | None = None, floored: int = 0) -> str:
    """The end-of-round points for ``tricks`` tricks, and why; with ``treasure`` (the Treasure
    points ``who`` took during the round) the numbers add up to the whole rise of the score.
    With Poison 8s in play, ``poison`` is the points ``who`` lost to them during the round and
    ``floored`` the Poison points not lost because the score was at 0."""
    points = round_points(tricks)
    name = band(tricks)
    low, high = BAND_RANGES[name]
    span = f"{low}-{high}" if low != high else f"{low}"
    text = (f"{sentence(who)} won {count(tricks, 'trick')}: {name} ({span} tricks), "
            f"{count(points, 'point')} for tricks; {BAND_REMARKS[name]}.")
    if treasure is None:
        return text
    if poison or floored:
        return f"{text} {_poison_round(who, points, treasure, poison or 0, floored)}"
    gains = subject(who, "gains")
    if not treasure:
        took = f"{sentence(subject(who, 'took'))} no Treasure"
        return f"{text} {took}, so {gains} {count(points, 'point')} this round."
    return (f"{text} With {count(treasure, 'Treasure point')} taken during the round, {gains} "
            f"{points} + {treasure} = {count(points + treasure, 'point')} this round.")


def _poison_round(who: str, points: int, treasure: int, poison: int, floored: int) -> str:
    """The rise of the score over a round played with Poison 8s: table points + Treasure -
    Poison, and the Poison points the floor at 0 kept."""
    total = points + treasure - poison
    took = []
    if treasure:
        took.append(f"{count(treasure, 'Treasure point')} taken")
    if poison:
        took.append(f"{count(poison, 'point')} lost to Poison 8s")
    sums = f"{points}" + (f" + {treasure}" if treasure else "") + (f" - {poison}" if poison
                                                                    else "")
    if not took:
        rise = f"{subject(who, 'gains')} {count(total, 'point')} this round"
    elif total >= 0:
        rise = f"{subject(who, 'gains')} {sums} = {count(total, 'point')} this round"
    else:
        rise = (f"{subject(who, 'loses')} {count(-total, 'point')} this round "
                f"({sums} = {total})")
    text = (f"With {' and '.join(took)} during the round, {rise}." if took else
            f"{sentence(rise)}.")
    if floored:
        verb = "was" if floored == 1 else "were"
        text += (f" {count(floored, 'Poison point')} {verb} not taken because "
                 f"{possessive(who)} score was at 0: a score never goes below 0.")
    return text


def _gain_words(gain: int) -> str:
    """A round's rise of a score in a sentence: '6', or 'a loss of 1' below 0."""
    return str(gain) if gain >= 0 else f"a loss of {-gain}"


def game_line(score, round_gain, target: int, names, next_round: str) -> str:
    """Where the game stands after a scored round (the reason of ``game.game_result``)."""
    a, b = score
    if max(a, b) < target:
        return (f"Nobody has {count(target, 'point')} yet ({names[0]} {a}, {names[1]} {b}), "
                f"{next_round}.")
    reached = (f"{sentence(subject(names[0], 'has'))} {a} and {subject(names[1], 'has')} "
               f"{count(b, 'point')}, so the {target}-point game is over")
    if a != b:
        w = 0 if a > b else 1
        return f"{reached}: {subject(names[w], 'has')} more points and {agree(names[w], 'wins')}."
    ga, gb = round_gain
    if ga != gb:
        w = 0 if ga > gb else 1
        return (f"{reached}, with a tie. The tie-break decides: {names[w]} gained more points "
                f"in this last round ({_gain_words(max(ga, gb))} against "
                f"{_gain_words(min(ga, gb))}) and {agree(names[w], 'wins')}.")
    both = (f"gained {count(ga, 'point')}" if ga >= 0 else f"lost {count(-ga, 'point')}")
    return (f"{reached}, with a tie. Both {both} in the last round, so "
            "the tie-break cannot separate them: the game is a draw.")


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


# ----------------------------------------------------------------------------- the narrator


def _theme(theme) -> Theme:
    if theme is None:
        return DEFAULT_THEME
    return THEMES[theme] if isinstance(theme, str) else theme


class Narrator:
    """Says records, tricks, refusals and score lines for ``names`` (A's, B's) and ``theme``
    (a Theme or its key)."""

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

    # -- decisions
    def action_words(self, kind: str, card, form: str = "do", decree=None) -> str:
        """One decision (a ``round.Action``'s ``kind`` and ``card``: a card, a suit for the
        Hammer, or None for a choice declined) in the words its place needs, from
        ``ACTION_WORDS``. ``form``: 'do' as a review lists the choices and a hint starts ('play
        the 4 of Keys with the Crown', 'do not dig (...)'); 'to' after 'to' or 'must' ('not dig
        (...)'); 'doing' at the start of a sentence ('Playing the 4 of Keys with the Crown',
        'Not digging'); 'button' on the learner's button ('Name Bells', 'Take none', 'Do not
        dig (you lose the trick)'); 'answer' for an exercise's answer, the button's words
        without the consequence in brackets, which would give the answer away ('Do not dig');
        'label' in a list of every player's decisions, the button's words after the card that
        asks for them ('Hammer: name Bells', 'Fox: keep the decree card'); 'tip' for the
        button's tooltip, its words or, where they leave out what it does, more ('The Fox's
        other choice: swap nothing').
        ``decree``: the decree card, named by 'keep the decree card (the 4 of Keys)'."""
        if form not in ACTION_FORMS:
            raise ValueError(f"A decision is said in one of the forms {ACTION_FORMS}, "
                             f"not {form!r}.")
        key = (kind, card is not None)
        if key not in ACTION_WORDS:
            raise ValueError(f"No words for the decision {kind!r} "
                             f"{'with a card' if card is not None else 'without a card'}.")
        return _action_template(key, form).format(
            card=card.name(self.theme) if key[1] and kind != "name_suit" else "",
            suit=self.suits(card) if kind == "name_suit" else "",
            decree=f" (the {decree.name(self.theme)})" if decree is not None else "")

    def prompt(self, kind: str, card=None, decree=None, drawn=None) -> str:
        """The learner's prompt for the decision ``kind`` as a sentence (``PROMPTS``: 'Your
        turn: click a card to play it.'). The Fox's and the Woodcutter's name the cards a view
        knows: ``card`` the Fox or Woodcutter played, ``decree`` the decree card, ``drawn`` the
        card the Woodcutter drew ('Your Fox (the 5 of Bells): click a card to swap it with the
        decree card (the 8 of Moons), or keep the decree card.')."""
        if kind not in _NAMED_PROMPTS:
            return f"{sentence(PROMPTS[kind])}."
        named = {"card": card, "decree": decree}
        blanks = {k: f" (the {c.name(self.theme)})" if c is not None else ""
                  for k, c in named.items()}
        blanks["drawn"] = f"the {drawn.name(self.theme)}" if drawn is not None else "a card"
        return f"{sentence(_NAMED_PROMPTS[kind].format(**blanks))}."

    def decision_now(self, kind: str) -> str:
        """The title above the buttons of the learner's decision ``kind`` where it is made with
        buttons only (a puzzle with modules): 'Your decision now: name a suit for the
        Hammer.'"""
        return f"Your decision now: {PENDING[kind]}."

    # -- records
    def say(self, rec) -> str:
        """The sentence for any record of a round's history (by its ``kind``: one method
        ``_<kind>`` each)."""
        return getattr(self, "_" + rec.kind)(rec)

    def say_all(self, records, skip=()) -> str:
        return " ".join(self.say(r) for r in records if r.kind not in skip)

    def _play(self, rec) -> str:
        how = getattr(rec, "how", "")
        verb = "leads" if rec.leads else "follows with"
        card = rec.card.name(self.theme) if rec.card.special else rec.card.label(self.theme)
        if not how:
            return f"{self.says(rec.player, verb)} the {card}."
        if how == "crown":
            card = rec.card.name(self.theme)
            return (f"{self.says(rec.player, verb)} the {card} and the Crown: the card loses its "
                    "ability and counts as the 11 of its suit when the winner is decided.")
        if how == "tree":
            return (f"The Tree was led, so {subject(self.names[rec.player], 'plays')} a card "
                    f"picked at random from {possessive(self.names[rec.player])} hand: the "
                    f"{card}.")
        if how == "dig":
            return f"{self.says(rec.player, 'plays')} the dug card, the {card}, instead."
        if how == "potion":
            return f"{self.says(rec.player, 'plays')} the {card}, drawn for the Potion."
        return (f"{self.says(rec.player, 'plays')} the {card} as "
                f"{possessive(self.names[rec.player])} new card for the trick.")

    def _fairy(self, rec) -> str:
        who, other = self.names[rec.player], self.names[1 - rec.player]
        if rec.shown == ():
            return (f"{sentence(possessive(other))} hand is empty, so "
                    f"{subject(who, 'sees')} no card with the Fairy.")
        seen = ("two cards" if rec.shown is None else
                card_list(rec.shown, self.theme) if len(rec.shown) > 1 else
                f"the {rec.shown[0].name(self.theme)}")
        if rec.shown is not None and len(rec.shown) == 1:
            seen = f"{possessive(other)} last card, the {rec.shown[0].name(self.theme)},"
        elif rec.shown is not None:
            seen = f"{seen} of {possessive(other)} hand"
        else:
            seen = f"up to two random cards of {possessive(other)} hand"
        if rec.taken is None:
            return (f"{self.says(rec.player, 'looks at')} {seen} with the Fairy and "
                    f"{agree(self.names[rec.player], 'takes')} none.")
        return (f"{self.says(rec.player, 'looks at')} {seen} with the Fairy and "
                f"{agree(self.names[rec.player], 'takes')} the {rec.taken.name(self.theme)}.")

    def _gift(self, rec) -> str:
        return (f"{self.says(rec.player, 'gives')} {self.names[1 - rec.player]} the "
                f"{rec.card.name(self.theme)} in return.")

    def _dig(self, rec) -> str:
        if rec.cannot:
            return (f"{self.says(rec.player, 'has')} no won trick to dig in, so the "
                    "Shovel cannot dig: it stays, and loses the trick unless a Hammer sends it "
                    "away.")
        if rec.card is None:
            return (f"{self.says(rec.player, 'does not dig')} with the Shovel, so it stays, and "
                    "loses the trick unless a Hammer sends it away.")
        # A trick won before the round's start (a scenario's "last_won") has no number here.
        where = (f"trick {rec.source}" if rec.source is not None else
                 f"{possessive(self.names[rec.player])} last won trick")
        return (f"{self.says(rec.player, 'digs')} with the Shovel in {where} and "
                f"gets the {rec.card.name(self.theme)} at random; the Shovel takes its place "
                "there.")

    def _hammer(self, rec) -> str:
        leader = self.names[1 - rec.player]
        sent = " and the ".join(c.name(self.theme) for c in rec.sent)
        return (f"{self.says(rec.player, 'names')} {self.suits(rec.suit)} with the Hammer: the "
                f"{sent} {'go' if len(rec.sent) > 1 else 'goes'} face down under the deck, and "
                f"{subject(leader, 'draws')} a card and must play a new card of "
                f"{self.suits(rec.suit)} if {subject(leader, 'holds')} one.")

    def _draw(self, rec) -> str:
        if rec.card is None:
            return f"{self.says(rec.player, 'draws a card')}."
        return (f"{self.says(rec.player, 'draws')} the top card of the deck "
                f"(the {rec.card.name(self.theme)}).")

    def _discard(self, rec) -> str:
        if getattr(rec, "why", "") == "potion":
            if rec.card is not None and rec.card.special == "Potion":
                return (f"{self.says(rec.player, 'puts')} the Potion face down under the "
                        "deck.")
            what = "a card" if rec.card is None else f"the {rec.card.name(self.theme)}"
            return (f"{self.says(rec.player, 'puts')} {what} under the deck with the Potion, "
                    f"and {agree(self.names[rec.player], 'draws')} two cards.")
        if rec.card is None:
            return f"{self.says(rec.player, 'puts a card face down under the deck')}."
        return (f"{self.says(rec.player, 'puts')} the {rec.card.name(self.theme)} face down at "
                "the bottom of the deck.")

    def _exchange(self, rec) -> str:
        old, card = rec.old_decree, rec.taken
        if card is None:
            return (f"{self.says(rec.player, 'keeps')} the decree card as it is "
                    f"({old.name(self.theme)}).")
        if card.suit is None:
            change = ("there is no trump suit now, since the decree card is a special card"
                      if old.suit is not None else "there is still no trump suit")
        elif card.suit != old.suit:
            change = f"{self.suits(card.suit)} are now trump"
        else:
            change = f"{self.suits(card.suit)} stay trump"
        return (f"{self.says(rec.player, 'uses')} the Fox to swap the {card.name(self.theme)} "
                f"for the decree card, the {old.name(self.theme)}: {change}, already for this "
                "trick.")

    def _trick(self, rec) -> str:
        leader = rec.leader
        names = (self.names[leader], self.names[1 - leader])
        winner = 0 if rec.winner == leader else 1
        text = self.trick_reason(rec.rule, rec.cards[0], rec.cards[1], winner, names,
                                 getattr(rec, "floored", 0))
        if getattr(rec, "claims", ()) or any(getattr(rec, "goal_floored", (0, 0))):
            text += " " + self.goal_claims(rec.claims, rec.goal_floored)
        return text

    def goal_claims(self, claims, floored=(0, 0)) -> str:
        """The goals claimed or triggered (``foxlib.engine.goals.Claim``), then for each player the
        goal points not lost because a score never goes below 0."""
        out = [say_claim(c, self.names, self.theme) for c in claims]
        for p in (0, 1):
            if floored[p]:
                out.append(f"A score never goes below 0, so {subject(self.names[p], 'loses')} "
                           f"{count(floored[p], 'goal point')} fewer.")
        return " ".join(out)

    def _round_end(self, rec) -> str:
        poison = getattr(rec, "poison", None)
        if poison is not None:
            text = " ".join(round_points_line(self.names[p], rec.tricks_won[p], rec.treasure[p],
                                              poison[p], rec.floored[p]) for p in (0, 1))
        else:
            text = " ".join(round_points_line(self.names[p], rec.tricks_won[p], rec.treasure[p])
                            for p in (0, 1))
        goals = getattr(rec, "goals", None)
        if goals is None:
            return text
        if rec.claims or any(rec.goal_floored):
            text += " " + self.goal_claims(rec.claims, rec.goal_floored)
        parts = [f"{self.names[p]} {goals[p]:+d}" if goals[p] else f"{self.names[p]} 0"
                 for p in (0, 1)]
        return f"{text} Goal points this round (added to the points above): {', '.join(parts)}."

    # -- tricks
    def trick_reason(self, rule, lead, follow, winner: int, names=None, floored: int = 0) -> str:
        """Why the trick ``lead``/``follow`` went to ``winner`` (0 the leader, 1 the follower)
        under ``rule`` (a ``rules.TrickRule``); ``names`` are (leader's, follower's).
        ``floored``: Poison points the winner did not lose because a score never goes below 0
        (the round knows the score; the rule alone does not)."""
        names = names or ("the leader", "the follower")
        th, whose = self.theme, self.whose
        cards = (lead, follow)
        won, lost = cards[winner], cards[1 - winner]
        wname, lname = names[winner], names[1 - winner]
        if rule.trump is None or rule.unsuited or rule.crowned is not None or rule.mirror or \
                rule.code in SPECIAL_CODES:
            return self._special_trick(rule, cards, winner, names, floored)
        parts = [f"{self.suits(rule.trump)} are trump."]
        if rule.witches == 2:
            parts.append("Both cards are Witches, so they cancel out and neither counts as trump "
                         "unless it really is one.")
        beats = f"{whose(lname)} {lost.name(th)}"
        if rule.code == "witch_trump":
            parts.append(f"{whose(wname)} {won.name(th)} is the only Witch in the trick, so "
                         f"it counts as trump and beats {beats}.")
        elif rule.code == "trump":
            parts.append(f"{whose(wname)} {won.name(th)} is trump and beats {beats}, "
                         "which is not.")
        elif rule.code in ("rank", "witch_rank"):
            verb = "are"
            if rule.code == "witch_rank":
                owner, witch = (wname, won) if won.rank == 9 else (lname, lost)
                parts.append(f"{whose(owner)} {witch.name(th)} is the only Witch in the "
                             "trick, so it counts as trump.")
                verb = "count as"
            both = "trump" if rule.suit == rule.trump else self.suits(rule.suit)
            parts.append(f"Both cards {verb} {both}, so the higher rank wins: "
                         f"{whose(wname)} {won.name(th)} beats {beats}.")
        else:   # led_suit: different suits, no trump; the follower did not follow
            parts.append(f"Neither card counts as trump and {whose(names[1])} "
                         f"{follow.name(th)} does not match the led suit, "
                         f"{self.suits(lead.suit)}, so {whose(names[0])} "
                         f"{lead.name(th)} wins.")
        if rule.swans == 2:
            parts.append(f"Both players played a Swan; {subject(lname, 'lost')} the trick, so "
                         f"{subject(lname, 'leads')} the next one.")
        elif rule.swans == 1:
            parts.append(f"{lname} played the Swan and lost, so {subject(lname, 'leads')} the "
                         "next trick.")
        if getattr(rule, "poison", 0):
            parts.append(self._poison_points(rule, cards, wname, floored))
        elif rule.treasure:
            what = ("1 point for the Treasure (7)" if rule.treasure == 1 else
                    "2 points for the two Treasures (7s)")
            parts.append(f"{subject(wname, 'gains')} {what} in the trick.")
        return " ".join(sentence(p) for p in parts)

    def _special_trick(self, rule, cards, winner: int, names, floored: int) -> str:
        """A trick with special cards (rulings SC1-SC19): what each card counted as, then what
        settled the winner, then the Swan, Treasure and Poison as in any trick."""
        th, whose = self.theme, self.whose
        won, lost = cards[winner], cards[1 - winner]
        wname, lname = names[winner], names[1 - winner]
        if rule.trump is None:
            parts = ["There is no trump suit: the decree card is a special card."]
        else:
            parts = [f"{self.suits(rule.trump)} are trump."]
        for copy in rule.mirror:
            parts.append(f"The Mirror counts as the decree card, the {copy.name(th)}.")
        if rule.crowned is not None:
            c = cards[rule.crowned]
            parts.append(f"{whose(names[rule.crowned])} {c.name(th)} is crowned: it has no "
                         f"ability and counts as the 11 of {self.suits(c.suit)}.")
        if rule.witches == 2:
            parts.append("Both cards are Witches, so they cancel out.")
        beats = f"{whose(lname)} {lost.name(th)}"
        code = rule.code
        if code == "shovel":
            parts.append(f"{whose(lname)} Shovel did not dig, so it loses the trick.")
        elif code == "axe":
            crowned = rule.crowned is not None and rule.crowned != winner
            parts.append(f"{whose(wname)} Axe followed a Woodcutter"
                         + (" (a crowned 5 still counts as one for the Axe: our ruling SC7)"
                            if crowned else "") + ", so it wins the trick.")
        elif code == "bow":
            if won.special == "Bow" or (rule.mirror and won.special == "Mirror"):
                what = "a special card" if lost.special else "trump"
                if not lost.special and lost.suit != rule.trump:
                    what = "the only Witch in the trick, so it counts as trump"
                parts.append(f"{whose(wname)} Bow beats {beats}, which is {what}.")
            else:
                parts.append(f"The Bow loses to every card that is neither trump nor a "
                             f"special card, so {whose(wname)} {won.name(th)} beats it.")
        elif code == "hammer":
            if won.special in ("Hammer", "Mirror") and lost.special != "Hammer":
                parts.append(f"The Hammer beats an odd card, so {whose(wname)} Hammer beats "
                             f"{beats}.")
            else:
                parts.append(f"The Hammer loses to every card that is not odd, so "
                             f"{whose(wname)} {won.name(th)} beats it.")
        else:
            for i in rule.unsuited:
                if len(rule.unsuited) == 1:
                    other = cards[1 - i]
                    parts.append(f"{whose(names[i])} {cards[i].name(th)} has no suit, so it "
                                 f"counts as the suit of the {other.name(th)}.")
            if len(rule.unsuited) == 2:
                parts.append("Neither card has a suit, so they count as the same suit.")
            if code == "witch_trump":
                parts.append(f"{whose(wname)} {won.name(th)} is the only Witch in the trick, "
                             f"so it counts as trump and beats {beats}.")
            elif code == "trump":
                parts.append(f"{whose(wname)} {won.name(th)} counts as trump and beats "
                             f"{beats}, which does not.")
            elif code == "identical":
                parts.append(f"The two cards count as the same card, so the leader, "
                             f"{names[0]}, wins.")
            elif code in ("rank", "witch_rank"):
                both = "So" if len(rule.unsuited) == 2 else "Both cards count as the same suit, so"
                parts.append(f"{both} the higher rank wins: "
                             f"{whose(wname)} {won.name(th)} beats {beats}.")
            else:
                parts.append(f"Neither card counts as trump and {whose(names[1])} "
                             f"{cards[1].name(th)} does not count as the led suit, so "
                             f"{whose(names[0])} {cards[0].name(th)} wins.")
        if rule.swans == 2:
            parts.append(f"Both cards count as Swans; {subject(lname, 'lost')} the trick, so "
                         f"{subject(lname, 'leads')} the next one.")
        elif rule.swans == 1:
            parts.append(f"{whose(lname)} {lost.name(th)} counts as a Swan and lost, so "
                         f"{subject(lname, 'leads')} the next trick.")
        if getattr(rule, "poison", 0):
            copies = iter(rule.mirror)
            acting = tuple(next(copies) if c.special == "Mirror" else c for c in cards)
            parts.append(self._poison_points(rule, acting, wname, floored))
        elif rule.treasure:
            what = ("1 point for the Treasure (7)" if rule.treasure == 1 else
                    "2 points for the two Treasures (7s)")
            parts.append(f"{subject(wname, 'gains')} {what} in the trick.")
        return " ".join(sentence(p) for p in parts)

    def _poison_points(self, rule, cards, wname: str, floored: int) -> str:
        """The winner's points from a trick with Poison 8s (and maybe Treasures): added up
        first, then applied once, never below 0 (rulings P1-P3)."""
        th = self.theme
        eights = sorted(c for c in cards if c.rank == 8 and c.special is None)
        t, p = rule.treasure, rule.poison
        poisons = (f"the Poison {eights[0].name(th)}" if p == 1 else
                   f"the two Poison 8s (the {eights[0].name(th)} and the {eights[1].name(th)})")
        before = p - t - floored         # the winner's score before the trick, when floored
        if t == 0:
            if not floored:
                return f"{subject(wname, 'loses')} {count(p, 'point')} for {poisons}."
            if before == 0:
                return (f"{subject(wname, 'takes')} {poisons} but {agree(wname, 'is')} already "
                        f"at 0 points, so {agree(wname, 'loses')} nothing: a score never goes "
                        "below 0.")
            return (f"{subject(wname, 'takes')} {poisons} but {agree(wname, 'has')} only "
                    f"{count(before, 'point')}, so {agree(wname, 'loses')} {before} and "
                    f"{agree(wname, 'is')} now at 0: a score never goes below 0.")
        treasures = "the Treasure (7)" if t == 1 else "the two Treasures (7s)"
        head = (f"{subject(wname, 'gains')} {count(t, 'point')} for {treasures} and "
                f"{agree(wname, 'loses')} {p} for {poisons}")
        net = t - p
        if net > 0:
            return f"{head}: {t} - {p} = {count(net, 'point')} gained."
        if net == 0:
            return f"{head}, so {possessive(wname)} score does not change."
        if not floored:
            return f"{head}: {t} - {p} = {net}, so {agree(wname, 'loses')} {count(-net, 'point')}."
        if before == 0:
            return (f"{head}: {t} - {p} = {net}, but {agree(wname, 'is')} already at 0 points, "
                    f"so {agree(wname, 'loses')} nothing: a score never goes below 0.")
        return (f"{head}: {t} - {p} = {net}, but {agree(wname, 'has')} only "
                f"{count(before, 'point')}, so {agree(wname, 'loses')} {before} and "
                f"{agree(wname, 'is')} now at 0: a score never goes below 0.")

    # -- refusals
    def refusal(self, code: str, **facts) -> str:
        """Why an action is not allowed: ``code`` names the rule, ``facts`` the cards and
        players (player numbers index ``names``)."""
        return getattr(self, "_no_" + code)(**facts)

    def refused(self, told) -> str:
        """Say a refusal again: ``told`` is an ``IllegalAction`` from the round (its facts are in
        ``refusal``), a (code, facts) pair, or a text (said as it is)."""
        if isinstance(told, Exception):
            told = getattr(told, "refusal", None) or str(told)
        if isinstance(told, tuple):
            code, facts = told
            return self.refusal(code, **facts)
        return told

    def _no_round_over(self, card):
        return f"The round is over; {card.name(self.theme)} cannot be played."

    def _no_pending(self, player, pending):
        what = PENDING.get(pending, "play")
        return f"{self.says(player, 'must first')} {what} before another card is played."

    def _no_not_held(self, player, card, where="", then=""):
        place = f" (it is {where})" if where else ""
        return f"{self.says(player, 'does not hold')} the {card.name(self.theme)}{place}{then}."

    def _no_no_exchange(self):
        return ("There is no Fox exchange to make now: the Fox's swap happens right after the "
                "Fox is played.")

    def _no_exchange_not_held(self, player, card):
        return self._no_not_held(player, card, then=", so it cannot become the decree")

    def _no_no_discard(self):
        return ("There is no Woodcutter discard to make now: it happens right after the "
                "Woodcutter's draw.")

    def _no_discard_not_held(self, player, card):
        return self._no_not_held(player, card, then=", so it cannot be discarded")

    def _no_unknown_kind(self, kind, kinds):
        return f"{kind!r} is not a decision in this game: the decisions are {', '.join(kinds)}."

    def _no_not_an_action(self, action):
        return (f"{action!r} is not an action: an action is a kind and a card, like "
                "Action('play', '9M').")

    def _no_nothing_to_pop(self):
        return "There is nothing to undo: no card has been played yet."

    def _no_nothing_to_undo(self):
        return "There is nothing to undo."

    def _no_hand_round_over(self):
        return "The round is over: no more cards are played."

    def _no_not_your_turn(self, player, to_play):
        return sentence(f"it is {possessive(self.names[to_play])} turn, not "
                        f"{mine(self.names[player])}.")

    def _no_must_choose(self):
        return "Choose a card: only the Fox's exchange can be declined."

    def _no_follow_suit(self, card, same, witch=False, unsuited=(), suit=None):
        if suit is None:    # the led suit (given when the only card of it is a Mirror)
            suit = next((c.suit for c in same if c.suit is not None), None)
        text = (f"You must follow {self.suits(suit)}: you hold "
                f"{card_list(same, self.theme)}.")
        if any(c.special for c in same):
            text = text[:-1] + " (the Mirror counts as the decree card's suit)."
        if unsuited:
            text += (f" A card with no suit may always follow, so "
                     f"{card_list(unsuited, self.theme)} may be played too.")
        if witch:
            text += (" A Witch only counts as trump once both cards are on the table, so it "
                     "does not excuse you from following suit.")
        return text

    def _no_monarch(self, leader, led, top, swan=None):
        th = self.theme
        options = f"the Swan ({swan.name(th)}) or " if swan is not None else ""
        lead_by = leader if isinstance(leader, str) else self.names[leader]
        return (f"{sentence(lead_by)} led the Monarch ({led.name(th)}), so you must play "
                f"{options}your highest {self.suit(led.suit)}, the {top.name(th)}.")

    def _no_fox_only(self, card):
        return (f"Only a Fox (3) can exchange the decree card; the {card.name(self.theme)} is "
                "not a Fox.")

    def _no_fox_last_card(self, player, card):
        return (f"The {card.name(self.theme)} is {possessive(self.names[player])} last card, so "
                "nothing is left in hand to exchange with the decree card.")

    def _no_fox_swap_not_held(self, player, card):
        return self._no_not_held(player, card,
                                 then=", so the Fox cannot swap it for the decree card")

    def _no_woodcutter_only(self, card):
        return (f"Only a Woodcutter (5) discards to the deck; the {card.name(self.theme)} is not "
                "a Woodcutter.")

    def _no_empty_deck(self):
        return "The deck is empty, so the Woodcutter draws nothing and discards nothing."

    def _no_discard_elsewhere(self, player, card):
        return (f"{self.says(player, 'cannot discard')} the {card.name(self.theme)}: it is "
                "neither in hand nor the card the Woodcutter draws.")

    # the special cards' refusals
    def _no_moves_special(self):
        return ("With special cards a play's decisions do not fit in one move: use the "
                "actions (legal_actions and act) one decision at a time.")

    def _no_no_crown(self, player):
        return f"{self.says(player, 'does not hold')} the Crown."

    def _no_crown_special(self, card):
        return (f"The Crown is added to a suit card; the {card.name(self.theme)} is a special "
                "card.")

    def _no_crown_empty_deck(self):
        return ("The deck is empty, so the Crown cannot be added: it draws a card, and the "
                "hands must run out together.")

    def _no_not_now(self, kind):
        return f"Nothing asks you to {PENDING.get(kind, kind)} now."

    def _no_not_a_suit(self, value):
        return f"{value!r} is not a suit: name B (Bells), K (Keys) or M (Moons)."

    def _no_hammer_suit(self, player, card, suit):
        return (f"The Hammer named {self.suits(suit)}, and {subject(self.names[player], 'holds')}"
                f" one, so the new card must be of {self.suits(suit)}, not the "
                f"{card.name(self.theme)}.")

    def _no_fairy_not_shown(self, player, card):
        return (f"The Fairy takes only one of the cards it showed; the "
                f"{card.name(self.theme)} is not one of them.")

    def _no_give_not_held(self, player, card):
        return self._no_not_held(player, card, then=", so it cannot be given")

    def _no_dig_with(self, card, shovel):
        return (f"Say 'dig {shovel}' to dig with the Shovel, or decline; "
                f"'{card}' is neither.")

    def _no_potion_not_drawn(self, player, card, offer):
        return (f"The card played for the Potion is one of the cards drawn "
                f"({card_list(offer, self.theme)}), not the {card.name(self.theme)}.")

    def _no_discard_missing(self, player):
        return (f"The Woodcutter draws the top card of the deck, so "
                f"{subject(self.names[player], 'must')} say which card to discard.")


# ============================================================================= review words
# The round review and the hint (``foxlib.teaching.review``) keep facts only: which choice was made, the
# strong player's choice, the values, and what tells two choices apart as a code with its
# parameters (a ``review.Contrast``). ``ReviewNarrator`` says them for the names and theme
# given: the reviewed player (each record's ``player``) is spoken to in the second person when
# named "you" ("keeps you Humble", "lets your opponent take it") and named otherwise ("keeps
# Ann Humble", "lets Ben take it"). A review shown again after a switch of theme or names is
# told again from the same facts.


class Person:
    """How the words refer to the reviewed player and to their opponent: ``name`` ('You' or
    'Ann', for ``subject``: 'you lead', 'Ann leads'), ``obj`` ('you' or 'Ann': 'keeps you
    Humble'), ``whose`` ('your' or "Ann's"), ``mine`` ('yours' or "Ann's", standing alone),
    ``opp`` ('your opponent' or 'Ben') and ``opps`` ("your opponent's" or "Ben's")."""

    __slots__ = ("name", "obj", "whose", "mine", "opp", "opps")

    def __init__(self, name, obj, whose, mine, opp, opps):
        self.name, self.obj, self.whose, self.mine = name, obj, whose, mine
        self.opp, self.opps = opp, opps


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _win_words(chance) -> str:
    """'should win' only when it wins in most deals; else it is just the likelier of two."""
    return "should win" if chance >= 50 else "is likelier to win"


def _of_them(n: int) -> str:
    return "none of them" if n == 0 else f"{n} of them" if n > 1 else "one of them"


def _signed_points(v) -> str:
    """'+2 points', or '+0.67 points' for an expected value over random picks (a Fraction)."""
    if getattr(v, "denominator", 1) != 1:
        return f"about {float(v):+.2f} points"
    return f"{int(v):+d} point{'s' if abs(v) != 1 else ''}"


def _is_action(choice) -> bool:
    """A choice of a round with special cards: a ``round.Action`` (it has a kind)."""
    return hasattr(choice, "kind") and hasattr(choice, "card")


#: What each decision of a review is called (the review panel's heading).
DECISION_NAMES = {"play": "play", "exchange": "Fox exchange", "discard": "Woodcutter discard",
                  "name_suit": "Hammer's suit", "replace": "new card after the Hammer",
                  "fairy_take": "Fairy's take", "fairy_give": "Fairy's gift",
                  "dig": "Shovel's dig", "potion_discard": "Potion's discard",
                  "potion_play": "Potion's card"}


def _points(x: float) -> str:
    """'0.5 points', '1 point' (a threshold as set)."""
    return f"{x:g} point{'' if x == 1 else 's'}"


class ReviewNarrator(Narrator):
    """Says a review's records (``review_reason``, ``exact_text``, ``choice``), its one-line
    summary (``review_summary``) and a hint (``hint_text``, ``hint_reason``, ``hint_detail``)
    for ``names`` (A's, B's) and ``theme``."""

    def person(self, player: int) -> Person:
        me, other = self.names[player], self.names[1 - player]
        if is_you(me):
            return Person(me, "you", "your", "yours", "your opponent", "your opponent's")
        return Person(me, who(me), possessive(me), mine(me), who(other), possessive(other))

    def points_for(self, player: int) -> str:
        """'points for you minus your opponent's' (the unit of every estimate)."""
        p = self.person(player)
        # Standing alone: "minus yours" when the opponent is "You" (not "minus your").
        theirs = p.opps if is_you(p.name) else mine(self.names[1 - player])
        return f"points for {p.obj} minus {theirs}"

    # -- the choices
    def choice(self, kind: str, action, decree=None) -> str:
        """'play the 9 of Moons', 'keep the decree card (the 4 of Keys)', ...; with special
        cards the choice is a ``round.Action`` ('play the 4 of Keys with the Crown',
        'name Bells for the Hammer', 'dig a card at random from the last trick won' ...)."""
        return self._choice_words(kind, action, "do", decree)

    def doing(self, kind: str, action) -> str:
        """'Playing the 9 of Moons', 'Keeping the decree card', 'Not digging' ..."""
        return self._choice_words(kind, action, "doing")

    def _choice_words(self, kind: str, action, form: str, decree=None) -> str:
        # A choice of a base round is a card (or None) of the decision ``kind``; with special
        # cards it is a ``round.Action`` that knows its own kind.
        if _is_action(action):
            kind, action = action
        return self.action_words(kind, action, form, decree)

    def decision_name(self, kind: str) -> str:
        """What a decision of a review is called: 'play', 'Fox exchange', 'Hammer's suit' ..."""
        return DECISION_NAMES[kind]

    def exact_points(self, value) -> str:
        """An exact value: '+2' or, for an expected value over random picks, '+0.67'."""
        if getattr(value, "denominator", 1) == 1:
            return f"{int(value):+d}"
        return f"{float(value):+.2f}"

    # -- what tells two choices apart
    def contrast(self, why, player: int) -> tuple:
        """(clause for why the better choice wins, clause for what the other one does, or
        None) for a ``review.Contrast`` (None: (None, None))."""
        if why is None:
            return None, None
        return getattr(self, "_why_" + why.code)(self.person(player), **dict(why.facts))

    # following: the two cards settle the trick
    def _why_wins_treasure(self, p, points):
        return f"wins the Treasure ({count(points, 'point')})", f"lets {p.opp} take it"

    def _why_wins_victorious(self, p, tricks):
        return (f"wins the trick and brings {p.obj} to {tricks} tricks, Victorious",
                "loses it")

    def _lead_kept(self, p, monarch, won: bool) -> str:
        start = (f"wins the trick and leaves {p.obj} the lead" if won else
                 f"loses with the Swan and leaves {p.obj} the lead")
        if monarch is not None:
            return f"{start} with the {monarch.name(self.theme)} to play"
        return start

    def _why_wins_keeps_lead(self, p, monarch):
        return self._lead_kept(p, monarch, True), "loses it and gives up the lead"

    def _why_wins(self, p):
        return "wins this trick", "loses it"

    def _why_out_of_greedy(self, p):
        return (f"keeps {p.obj} out of Greedy, where a tenth trick would leave no points for tricks",
                "takes a tenth trick")

    def _why_keeps_humble(self, p):
        return f"keeps {p.obj} Humble", "takes a fourth trick, out of Humble"

    def _why_keeps_tricks_low(self, p, trick):
        return (f"keeps {p.whose} tricks low, on the way to Humble",
                f"takes trick number {trick}")

    def _why_loses_treasure_trick(self, p):
        return "loses this trick", "wins it, Treasure and all"

    def _why_swan_leads_next(self, p):
        return f"loses with the Swan, so {subject(p.name, 'leads')} the next trick", "wins it"

    def _why_loses(self, p):
        return "loses this trick", "wins it"

    def _why_swan_keeps_lead(self, p, monarch):
        return self._lead_kept(p, monarch, False), f"gives the lead to {p.opp}"

    def _why_wins_lower(self, p, kept):
        return (f"wins just as well with a lower card and keeps the {kept.name(self.theme)} "
                "for later"), None

    def _why_sheds_loser(self, p, card):
        return (f"gets rid of the {card.name(self.theme)} while it loses, so it cannot win "
                f"{p.obj} a trick later"), None

    def _why_loses_lower(self, p, kept):
        return f"loses just as well and keeps the {kept.name(self.theme)} for later", None

    # leading: how often the card wins, over deals that fit the player's view
    def _why_treasure_safe(self, p, other_chance):
        return (f"keeps {p.whose} Treasure out of a trick {subject(p.name, 'may well lose')}",
                f"risks it: it wins in only about {other_chance}% of the deals that fit what "
                f"{p.obj} saw")

    def _why_monarch_forces(self, p, suit):
        return f"forces out {p.opps} Swan or best {self.suit(suit)}", None

    def _why_likelier_wins(self, p, chance, other_chance, treasure=False):
        extra = " and its Treasure" if treasure else ""
        return (f"{_win_words(chance)} the trick{extra} (in about {chance}% of the deals that "
                f"fit what {p.obj} saw)", f"wins it in about {other_chance}%")

    def _why_likelier_loses_greedy(self, p, chance, other_chance):
        return (f"is likelier to lose the trick (wins in about {chance}% of the deals that fit "
                f"what {p.obj} saw), and a tenth trick would make {p.obj} Greedy",
                f"wins it in about {other_chance}%")

    def _why_likelier_loses_humble(self, p, chance, other_chance):
        return (f"is likelier to lose the trick and keep {p.obj} Humble (wins in about "
                f"{chance}% of the deals that fit what {p.obj} saw)",
                f"wins it in about {other_chance}%")

    def _why_likelier_loses(self, p, chance, other_chance):
        return (f"is likelier to lose the trick (wins in about {chance}% of the deals that fit "
                f"what {p.obj} saw)", f"wins it in about {other_chance}%")

    # the Fox's exchange
    def _why_trump_suit(self, p, keeps, suit, count, other_keeps, other_suit, other_count):
        so_what = (f", so {p.whose} cards win fewer tricks" if count < other_count else
                   f", so {p.whose} cards win more tricks" if count > other_count else "")
        return (f"{'keeps' if keeps else 'makes'} {self.suits(suit)} trump, with "
                f"{_of_them(count)} in {p.whose} hand{so_what}",
                f"{'keeps' if other_keeps else 'makes'} {self.suits(other_suit)} trump, with "
                f"{_of_them(other_count)}")

    def _why_keeps_card(self, p, card, decree):
        th = self.theme
        return (f"keeps the trump suit and {p.whose} {card.name(th)}",
                f"gives the {card.name(th)} away for the {decree.name(th)}")

    def _why_swaps_decree(self, p, card, decree):
        th = self.theme
        return (f"puts the {card.name(th)} in the decree's place and takes the "
                f"{decree.name(th)} into {p.whose} hand"), None

    def _why_gives_away(self, p, card, kept):
        th = self.theme
        return f"gives away the {card.name(th)} and keeps the {kept.name(th)}", None

    # the Woodcutter's discard
    def _why_buries_strong_humble(self, p, card, kept):
        th = self.theme
        return (f"buries the {card.name(th)}, a card that could win {p.obj} a trick "
                f"{subject(p.name, 'does not want')}, and keeps the {kept.name(th)}"), None

    def _why_buries_strong(self, p, card, kept):
        th = self.theme
        return (f"buries the {card.name(th)} and keeps the {kept.name(th)}, which "
                f"{p.whose} plan needs more"), None

    def _why_buries_weak(self, p, card, kept):
        th = self.theme
        return (f"buries the weaker {card.name(th)} and keeps the {kept.name(th)}, which can "
                "still win a trick"), None

    # the special cards (``foxlib.teaching.review_special``)
    def _why_crown_wins(self, p, points):
        extra = f" and the Treasure in it ({count(points, 'point')})" if points else ""
        return (f"adds the Crown, so the card counts as the 11 of its suit and wins "
                f"{p.obj} the trick{extra}", "loses it")

    def _why_crown_draws(self, p):
        return (f"adds the Crown, which draws {p.obj} a card from the deck, and the trick goes "
                "the same way"), None

    def _why_keeps_crown(self, p):
        return (f"keeps the Crown in {p.whose} hand for later: adding it would not change who "
                "wins this trick"), None

    def _why_crown_likelier_wins(self, p, chance, other_chance):
        return (f"adds the Crown, so the card counts as the 11 of its suit and "
                f"{_win_words(chance)} the trick (in about {chance}% of the deals that fit what "
                f"{p.obj} saw)",
                f"wins it in about {other_chance}%")

    def _why_hammer_suit(self, p, suit, chance, none, other_suit, other_chance):
        suits = self.suits(suit)
        if none == 100:
            held = f"{p.opp} has no {suits} left, so may play any card"
        elif none == 0:
            held = f"{p.opp} holds {suits} in every deal that fits what {p.obj} saw"
        else:
            held = (f"{p.opp} has no {suits} in about {none}% of the deals that fit what "
                    f"{p.obj} saw")
        more = "a better" if chance > other_chance else "less of a" if chance < other_chance \
            else "the same"
        return (f"gives the Hammer {more} chance to win the trick (about {chance}%): {held}",
                f"gives it about {other_chance}%")

    def _why_beats_hammer(self, p, card, points):
        extra = f", with the Treasure in it ({count(points, 'point')})" if points else ""
        return (f"wins the trick against the Hammer for {p.obj}{extra}",
                "loses to it (the Hammer beats an odd card)")

    def _why_takes_card(self, p, card, trump):
        what = " (a trump card)" if trump else ""
        return f"takes the {card.name(self.theme)}{what} out of {p.opps} hand", None

    def _why_takes_stronger(self, p, card, kept):
        th = self.theme
        return (f"takes the stronger card, the {card.name(th)}, out of {p.opps} hand",
                f"takes the {kept.name(th)}")

    def _why_takes_weaker(self, p, card, kept):
        th = self.theme
        return (f"takes the weaker {card.name(th)} and leaves {p.opp} the {kept.name(th)}, a "
                "card that can take tricks", None)

    def _why_gives_stronger(self, p, card, kept):
        th = self.theme
        return (f"gives {p.opp} the stronger {card.name(th)} and keeps the {kept.name(th)} in "
                f"{p.whose} hand", None)

    def _why_gives_weaker(self, p, card, kept):
        th = self.theme
        return (f"gives {p.opp} the weaker {card.name(th)} and keeps the {kept.name(th)}, "
                "which can still win a trick", None)

    def _why_digs(self, p, winners, cards):
        return (f"plays a card at random from the last trick {p.obj} won instead: "
                f"{'none' if winners == 0 else winners} of its {count(cards, 'card')} would "
                "surely win this trick",
                "loses it for sure, as a Shovel that stays always loses")

    def _why_stays_loses(self, p, winners, cards):
        return ("loses this trick for sure",
                f"could win it with {winners} of the {count(cards, 'card')} in the last trick "
                f"{p.obj} won")

    def _why_digs_lead(self, p, cards):
        return (f"gives a chance to win the trick with one of the {count(cards, 'card')} in the "
                f"last trick {p.obj} won, where a Shovel that stays loses it"), None

    def _why_stays(self, p):
        return f"lets the Shovel lose this trick for sure, so it goes to {p.opp}", None

    # -- a decision of the review
    def review_reason(self, rec) -> str:
        """The one sentence of a ``review.DecisionReview``: why the strong player's choice is
        better than the one made (or, when the choice made was best, than the next best)."""
        p = self.person(rec.player)
        played = self.doing(rec.kind, rec.played)
        if rec.verdict == "forced":
            return f"{played} was {p.whose} only legal choice."
        why, instead = self.contrast(rec.why, rec.player)
        could_not_see = f"deals of the cards {p.obj} could not see"
        if rec.verdict == "best":
            if why is None:
                gap = rec.estimate(rec.played) - rec.estimate(rec.next_best)
                why = (f"did best on average over {rec.samples} {could_not_see}" if gap > 0.05
                       else "was as good as any other choice on average")
            return f"{played} was the best choice: it {why}."
        best = self.doing(rec.kind, rec.suggested)
        if rec.verdict == "good":
            by = (f"only {rec.loss:.1f} points better" if rec.loss > 0 else
                  "better by less than a tenth of a point")
            return (f"{played} was fine: {_lower(best)} was {by}"
                    + (f", as it {why}." if why else " on average."))
        if why is None:
            why = f"scored about {rec.loss:.1f} points more on average over {rec.samples} " + \
                could_not_see
        text = f"{best} was better: it {why}"
        if instead:
            text += f", while {_lower(played)} {instead}"
        return text + "."

    def exact_text(self, check) -> str:
        """The sentence of a ``review.ExactCheck``: the position with all cards known."""
        if check.code == "unfinished":
            return ("With all cards known: only once the round is over, when every card can be "
                    "shown.")
        if check.code == "skipped":
            return "With all cards known: not worked out in this review."
        if check.code == "too_many_cards":
            cards = "with special cards the" if getattr(check, "averaged", False) else "the"
            return (f"With all cards known: not tried with {check.cards} cards in a hand; "
                    f"{cards} exact check starts at {check.limit} cards, where the solver "
                    "answers quickly.")
        if check.code == "modules":
            return ("With all cards known: not worked out, because the solver does not count "
                    "goal cards; the estimate above plays them.")
        if check.code == "unsettled":
            return (f"With all cards known: the solver did not settle this position within its "
                    f"limit of {check.limit:,} search steps ({check.cards} cards in a hand), "
                    "so there is no exact value here.")
        p = self.person(check.player)
        top, kept = check.position, check.played
        known = ("With all cards known (the random picks still to come averaged)"
                 if getattr(check, "averaged", False) else "With all cards known")
        text = (f"{known}, best play by both from here is worth "
                f"{_signed_points(top)} to {p.obj}; {p.whose} choice keeps "
                f"{_signed_points(kept)}")
        if kept < top:
            text += (f" (it gives up {self.exact_points(top - kept).lstrip('+')}); best would "
                     "be to "
                     f"{self._choice_words(check.kind, check.best[0], 'to', check.decree)}")
        return text + "."

    # -- the summary line
    def review_summary(self, records, player: int, inaccuracy: float) -> str:
        """One line: roughly how many points the mistakes cost, and in which tricks (the sum of
        the losses shown on the marked decisions, so the line adds up with the items)."""
        name = self.names[player]
        if not records:
            return (f"{says(name, 'made no decisions')} in this round, so there is nothing to "
                    "review.")
        mistakes = [r for r in records if r.verdict == "mistake"]
        slips = [r for r in records if r.verdict == "inaccuracy"]
        if mistakes:
            text = f"{says(name, 'lost')} about {_lost(mistakes)} in {_tricks(mistakes)}"
            if slips:
                text += (f", and about {_lost(slips)} more in {len(slips)} smaller "
                         f"slip{'s' if len(slips) > 1 else ''} ({_tricks(slips)})")
            return text + "."
        if slips:
            return (f"No big mistakes: {who(name)} lost about {_lost(slips)} in small slips, "
                    f"in {_tricks(slips)}.")
        return (f"No mistakes: every choice was the strong player's, or less than "
                f"{_points(inaccuracy)} behind it.")

    # -- a hint
    def hint_reason(self, h) -> str:
        """Why the hint's choice (``review.Hint``): the part after the colon."""
        p = self.person(h.player)
        if h.forced:
            return f"it is {p.whose} only legal choice"
        why, instead = self.contrast(h.why, h.player)
        if why is None:
            if h.gap < 0.05:
                return "every choice does about as well here, and this one is as good as any"
            return (f"it did best on average, about {h.gap:.1f} points better than "
                    f"{_lower(self.doing(h.kind, h.runner))}")
        text = f"it {why}"
        if instead:
            text += f", while {_lower(self.doing(h.kind, h.runner))} {instead}"
        return text

    def hint_text(self, h) -> str:
        """'Play the 10 of Moons: it wins the Treasure (1 point), while ...'."""
        return f"{sentence(self.choice(h.kind, h.action, h.decree))}: {self.hint_reason(h)}."

    def hint_detail(self, h) -> str:
        """The numbers behind a hint ('' for a lone legal choice); the gap to the next best is
        left out when the reason already gives it."""
        if h.forced:
            return ""
        p = self.person(h.player)
        text = (f"Worked out over {count(h.samples, 'deal')} of the cards {p.obj} cannot see: "
                f"about {h.values[h.action]:+.1f} points for {p.obj} against {p.opp} over the "
                "rest of the round")
        if h.why is None and h.gap >= 0.05:
            return text + "."
        return f"{text}, {h.gap:.1f} more than the next best."

    def hint_choices(self, h, most: int = 6) -> str:
        """Every choice's estimate, best first ('' for a lone legal choice): 'Every choice, in
        points for you minus your opponent's: name Bells +2.0, name Keys +1.6, ...' (the
        ``most`` best, then how many more)."""
        if h.forced or not h.values:
            return ""
        ranked = sorted(h.values, key=lambda a: -h.values[a])
        shown = ", ".join(f"{self.choice(h.kind, a, h.decree)} {h.values[a]:+.1f}"
                          for a in ranked[:most])
        more = len(ranked) - most
        if more > 0:
            shown += f", and {more} more"
        return f"Every choice, in {self.points_for(h.player)}: {shown}."


def _lost(records) -> str:
    return f"{round(sum(r.loss for r in records), 1):.1f} points"


def _tricks(records) -> str:
    numbers = sorted({r.trick for r in records})
    if len(numbers) == 1:
        return f"trick {numbers[0]}"
    return "tricks " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
