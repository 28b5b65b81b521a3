"""Why an action is not allowed: one sentence per refusal code the engine gives with its facts
(``round.IllegalAction.refusal``, ``rules.follow_refusal``). ``Refusals`` is part of
``foxlib.words.narrator.Narrator``, which gives it ``names``, ``theme``, ``says``, ``suits``
and ``suit``. Standard library only.
"""
from __future__ import annotations

from ..core.cards import card_list
from .action_words import PENDING
from .grammar import mine, possessive, sentence, subject


class Refusals:
    """The narrator's refusals: ``refusal(code, **facts)``, ``refused(told)`` and one
    ``_no_<code>`` per code."""

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
