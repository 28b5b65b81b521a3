"""Every sentence the engine says, from facts: records, trick reasons, refusals, score lines.

The round (``foxlib.round``) and the rules (``foxlib.rules``) only decide and record facts (who
did what with which cards, which rule settled a trick); this module says them for given player
names and a card theme, so a history can be told again in other words: after a switch of theme
the earlier events speak of the new suits. A player named "you" (any case) is spoken to in the
second person: "You lead", "your 9 of Moons", "you have".

    Narrator(names, theme).say(record)            # any record of a round's history
    Narrator(names, theme).trick_reason(rule, ...) # why a trick went as it did
    Narrator(names, theme).refused(exc)           # why an action is not allowed
    round_points_line(...), game_line(...)        # score lines

Standard library only; it reads records by their ``kind`` and fields, so it imports no engine
module at load time.
"""
from __future__ import annotations

import re

from .cards import DEFAULT_THEME, THEMES, Theme, card_list

# ----------------------------------------------------------------------------- grammar


def is_you(who: str) -> bool:
    return who.lower() == "you"


def who(name: str) -> str:
    """A player's name inside a sentence: 'you' for the learner, else the name."""
    return "you" if is_you(name) else name


def possessive(who: str) -> str:
    """'your' or "Ann's"."""
    return "your" if is_you(who) else f"{who}'s"


def mine(name: str) -> str:
    """'yours' or "Ann's" (standing alone: 'not yours')."""
    return "yours" if is_you(name) else f"{name}'s"


def agree(who: str, verb: str) -> str:
    """The verb in the form that agrees with ``who``: 'leads' for 'A', 'lead' for 'you'."""
    if not is_you(who):
        return verb
    first, sep, rest = verb.partition(" ")
    first = {"has": "have", "does": "do", "is": "are"}.get(
        first, first[:-1] if first.endswith("s") else first)
    return first + sep + rest


def subject(who: str, verb: str) -> str:
    """'A leads' or 'you lead' ('you' in lower case: ``sentence`` capitalises a sentence start)."""
    return f"{'you' if is_you(who) else who} {agree(who, verb)}"


def sentence(text: str) -> str:
    """Capitalise the first letter only (``str.capitalize`` would turn 'McFox' into 'Mcfox')."""
    return text[:1].upper() + text[1:]


def says(who: str, verb: str) -> str:
    """'A draws' or 'You draw' at the start of a sentence."""
    return sentence(subject(who, verb))


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 point', '2 points', '0 points': a number with its noun in the right form."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


_VERBS = {"gains": "gain", "leads": "lead", "has": "have", "does": "do", "follows": "follow",
          "keeps": "keep", "uses": "use", "draws": "draw", "puts": "put", "wins": "win",
          "plays": "play", "takes": "take", "loses": "lose", "scores": "score", "holds": "hold"}


def second_person(text: str) -> str:
    """Make text written about a player named "You" read well ("so You leads" becomes "so you
    lead"). The narrator's own sentences need none of this; it is for text written elsewhere
    with the name filled in, such as a puzzle author's words."""
    text = re.sub(r"(?<=[a-z,;:] )You(r opponent)?\b", lambda m: m.group(0).lower(), text)
    return re.sub(r"\b([Yy]ou) (" + "|".join(_VERBS) + r")\b",
                  lambda m: f"{m.group(1)} {_VERBS[m.group(2)]}", text)


# ----------------------------------------------------------------------------- decisions

#: What each kind of decision asks for (a new decision adds its words here).
PENDING = {"play": "play", "exchange": "decide on the Fox's exchange",
           "discard": "choose the Woodcutter's discard"}
#: A hand's prompt when it is the learner's turn to make that decision.
PROMPTS = {
    "play": "your turn: click a card to play it",
    "exchange": "your Fox: click a card to swap it with the decree card, or keep the decree",
    "discard": "your Woodcutter drew a card: click a card to put at the bottom of the deck",
}
#: ... and while someone else makes it.
WAITING = {kind: f"to {what}" for kind, what in PENDING.items()}


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
    from . import rules
    points = rules.round_points(tricks)
    name = rules.band(tricks)
    low, high = rules.BAND_RANGES[name]
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

    # -- records
    def say(self, rec) -> str:
        """The sentence for any record of a round's history (by its ``kind``: one method
        ``_<kind>`` each)."""
        return getattr(self, "_" + rec.kind)(rec)

    def say_all(self, records, skip=()) -> str:
        return " ".join(self.say(r) for r in records if r.kind not in skip)

    def _play(self, rec) -> str:
        verb = "leads" if rec.leads else "follows with"
        return f"{self.says(rec.player, verb)} the {rec.card.label(self.theme)}."

    def _draw(self, rec) -> str:
        if rec.card is None:
            return f"{self.says(rec.player, 'draws a card')}."
        return (f"{self.says(rec.player, 'draws')} the top card of the deck "
                f"(the {rec.card.name(self.theme)}).")

    def _discard(self, rec) -> str:
        if rec.card is None:
            return f"{self.says(rec.player, 'puts a card face down under the deck')}."
        return (f"{self.says(rec.player, 'puts')} the {rec.card.name(self.theme)} face down at "
                "the bottom of the deck.")

    def _exchange(self, rec) -> str:
        old, card = rec.old_decree, rec.taken
        if card is None:
            return (f"{self.says(rec.player, 'keeps')} the decree card as it is "
                    f"({old.name(self.theme)}).")
        change = (f"{self.suits(card.suit)} are now trump" if card.suit != old.suit
                  else f"{self.suits(card.suit)} stay trump")
        return (f"{self.says(rec.player, 'uses')} the Fox to swap the {card.name(self.theme)} "
                f"for the decree card, the {old.name(self.theme)}: {change}, already for this "
                "trick.")

    def _trick(self, rec) -> str:
        leader = rec.leader
        names = (self.names[leader], self.names[1 - leader])
        winner = 0 if rec.winner == leader else 1
        return self.trick_reason(rec.rule, rec.cards[0], rec.cards[1], winner, names,
                                 getattr(rec, "floored", 0))

    def _round_end(self, rec) -> str:
        poison = getattr(rec, "poison", None)
        if poison is not None:
            return " ".join(round_points_line(self.names[p], rec.tricks_won[p], rec.treasure[p],
                                              poison[p], rec.floored[p]) for p in (0, 1))
        return " ".join(round_points_line(self.names[p], rec.tricks_won[p], rec.treasure[p])
                        for p in (0, 1))

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

    def _poison_points(self, rule, cards, wname: str, floored: int) -> str:
        """The winner's points from a trick with Poison 8s (and maybe Treasures): added up
        first, then applied once, never below 0 (rulings P1-P3)."""
        th = self.theme
        eights = sorted(c for c in cards if c.rank == 8)
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

    def _no_follow_suit(self, card, same, witch=False):
        text = (f"You must follow {self.suits(same[0].suit)}: you hold "
                f"{card_list(same, self.theme)}.")
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

    def _no_discard_missing(self, player):
        return (f"The Woodcutter draws the top card of the deck, so "
                f"{subject(self.names[player], 'must')} say which card to discard.")
