"""The sentence for each record of a round's history (a play, the Fairy's look, a dig, the
Hammer, a draw, a discard, the Fox's exchange, a trick, the round's end) and the goals claimed
in it. ``RecordWords`` is part of ``foxlib.words.narrator.Narrator``, which gives it ``names``,
``theme``, ``says``, ``suits`` and ``trick_reason``. Standard library only: records are read by
their ``kind`` and fields.
"""
from __future__ import annotations

from ..core.cards import card_list
from .goal_words import say_claim
from .grammar import agree, count, possessive, sentence, subject
from .score_words import round_points_line


class RecordWords:
    """The narrator's records: ``say``, ``say_all``, ``goal_claims`` and one ``_<kind>`` per
    kind of record."""

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
        if ", " in card:                # 'the 7 of Bells, Treasure, as ...'
            card += ","
        return (f"{self.says(rec.player, 'plays')} the {card} as "
                f"{possessive(self.names[rec.player])} new card for the trick.")

    def _fairy(self, rec) -> str:
        """'With the Fairy, A looks at two of B's cards, the 2 of Keys and the 9 of Moons, and
        takes the 9 of Moons.' (B's last card when only one is left; the cards picked at random
        when the player who sees them is not the one told.)"""
        who, other = self.names[rec.player], self.names[1 - rec.player]
        if rec.shown == ():
            return (f"{sentence(possessive(other))} hand is empty, so "
                    f"{subject(who, 'sees')} no card with the Fairy.")
        looks = f"With the Fairy, {subject(who, 'looks at')}"
        if rec.shown is None:           # seen face down by the other player: only what is taken
            seen = f"up to two cards picked at random from {possessive(other)} hand"
            none = "none of them"
        elif len(rec.shown) == 1:
            seen = f"{possessive(other)} last card, the {rec.shown[0].name(self.theme)},"
            if rec.taken is None:
                return f"{looks} {seen} and {agree(who, 'does')} not take it."
            return f"{looks} {seen} and {agree(who, 'takes')} it."
        else:
            seen = f"two of {possessive(other)} cards, {card_list(rec.shown, self.theme)},"
            none = "neither"
        if rec.taken is None:
            return f"{looks} {seen} and {agree(who, 'takes')} {none}."
        return f"{looks} {seen} and {agree(who, 'takes')} the {rec.taken.name(self.theme)}."

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
        # The card the leader then draws is told by its own draw record.
        return (f"{self.says(rec.player, 'names')} {self.suits(rec.suit)} with the Hammer: the "
                f"{sent} {'go' if len(rec.sent) > 1 else 'goes'} face down under the deck, and "
                f"{subject(leader, 'must replace')} {'them' if len(rec.sent) > 1 else 'it'} "
                f"with a card of {self.suits(rec.suit)} if {subject(leader, 'holds')} one.")

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
            # The two cards drawn then are told by their own draw records, one each.
            what = "a card" if rec.card is None else f"the {rec.card.name(self.theme)}"
            return f"{self.says(rec.player, 'puts')} {what} under the deck with the Potion."
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
                lost = -sum(c.points for c in claims if c.player == p and c.points < 0)
                out.append(f"A score never goes below 0, so "
                           f"{_goal_loss_kept(self.names[p], lost, floored[p])}.")
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


def _goal_loss_kept(name: str, lost: int, kept: int) -> str:
    """The goal points ``name`` does not lose (``kept`` of the ``lost`` the claims cost) because
    a score never goes below 0: 'B loses only 1 goal point, not 2', 'you lose none of them'."""
    if lost <= kept:
        return (f"{subject(name, 'does')} not lose that goal point" if lost == 1 else
                f"{subject(name, 'loses')} none of those goal points")
    return f"{subject(name, 'loses')} only {count(lost - kept, 'goal point')}, not {lost}"
