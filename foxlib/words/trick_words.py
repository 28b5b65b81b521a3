"""Why a trick went as it did: the rule that settled it (trump, rank, the led suit, a lone
Witch, the special cards of rulings SC1-SC19), then the Swan, the Treasure and the Poison 8s.
``TrickWords`` is part of ``foxlib.words.narrator.Narrator``, which gives it ``theme``,
``whose``, ``suits``. Standard library only.
"""
from __future__ import annotations

from .grammar import agree, count, possessive, sentence, subject

#: Trick codes that only special cards bring (``rules.decide_special_trick``).
SPECIAL_CODES = ("shovel", "axe", "bow", "hammer", "identical")


class TrickWords:
    """The narrator's tricks: ``trick_reason`` (and the special cards' and Poison's words)."""

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
