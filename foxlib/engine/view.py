"""What one player of a round can see (``PlayerView``): never the opponent's hand, the deck or
face-down cards.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.cards import DECK, Card, Suit, special_card
from .actions import FAIRY_TAKE, POTION_PLAY
from .modules import BASE, Modules

_CROWN_CARD = special_card("Crown")


@dataclass(frozen=True)
class PlayerView:
    """What one player can see: never the opponent's hand, the deck, or face-down cards.

    Cards won in tricks may not be looked at again, but every one of them was seen face up when
    it was played, so the public trick log is part of the view (a player may remember it).
    """

    player: int
    hand: tuple
    opponent_hand_size: int
    deck_size: int
    decree: Card
    leader: int
    trick: tuple
    to_play: int | None
    phase: str
    tricks_won: tuple
    score: tuple
    round_gain: tuple
    tricks: tuple            # public TrickRecords
    history: tuple           # records, with the opponent's hidden cards replaced by None
    known_opponent_cards: tuple   # old decree cards the opponent took with a Fox and still holds
    my_discards: tuple       # cards this player put face down under the deck, in order
    legal: tuple             # legal Actions when it is this player's turn
    modules: Modules = BASE  # the Deluxe modules in play (public)
    goals: tuple = ()        # the goals revealed for this round (public Goal values)
    # With special cards: the cards this player is choosing from now (the Fairy's cards seen,
    # the Potion's cards drawn), the crowned card in the trick and the suit a Hammer named.
    offer: tuple = ()
    crowned: Card | None = None
    named: Suit | None = None
    # The cards of each player's last trick won before the round's start, when the start
    # gives them (``Position.last_won``): public, as every card of a trick was seen played.
    last_won: tuple = (None, None)

    @classmethod
    def of(cls, rnd, p: int) -> "PlayerView":
        """What player ``p`` sees of the round ``rnd`` (``Round.view``)."""
        history, known, mine = [], [], []
        for rec in rnd.history:
            hidden = rec.kind in ("draw", "discard") and rec.player != p and \
                not getattr(rec, "public", False)
            if rec.kind == "fairy":
                # The opponent knows which of their cards was taken, not which two were seen.
                if rec.player != p:
                    rec = replace(rec, shown=None)
                    if rec.taken is not None:
                        known.append(rec.taken)
                elif rec.taken in known:        # taken back from the opponent's hand
                    known.remove(rec.taken)
            elif rec.kind == "gift":
                if rec.player == p:
                    known.append(rec.card)
                elif rec.card in known:
                    known.remove(rec.card)
            elif hidden:
                rec = replace(rec, card=None)
                if rec.kind == "discard":
                    known.clear()  # a remembered card may now be face down under the deck
            elif rec.kind == "exchange" and rec.player != p and rec.taken is not None:
                if rec.taken in known:          # a remembered card became the decree again
                    known.remove(rec.taken)
                known.append(rec.old_decree)
            elif rec.kind == "play" and rec.card in known:
                known.remove(rec.card)
            if rec.kind == "play" and rec.how == "crown" and rec.player != p and \
                    _CROWN_CARD in known:       # the Crown left their hand with the card
                known.remove(_CROWN_CARD)
            if rec.kind == "discard" and rec.player == p:
                mine.append(rec.card)
            history.append(rec)
        return cls(p, tuple(sorted(rnd.hands[p])), len(rnd.hands[1 - p]), len(rnd.deck),
                   rnd.decree, rnd.leader, tuple(rnd.trick), rnd.to_play, rnd.phase,
                   tuple(rnd.tricks_won), tuple(rnd.score), tuple(rnd.round_gain),
                   tuple(rnd.tricks), tuple(history), tuple(known), tuple(mine),
                   tuple(rnd.legal_actions()) if rnd.to_play == p else (), rnd.modules,
                   rnd.goals,
                   tuple(rnd.sp.get("offer", ())) if rnd.sp.get("owner") == p and
                   rnd.phase in (FAIRY_TAKE, POTION_PLAY) else (),
                   rnd.sp.get("crowned"), rnd.sp.get("named"),
                   tuple(getattr(rnd.start, "last_won", (None, None))))

    @property
    def choices(self) -> tuple:
        """The cards of the legal actions (None: the Fox's exchange declined)."""
        return tuple(a.card for a in self.legal)

    def unseen_cards(self) -> list[Card]:
        """Cards whose place this player does not know (opponent's hand or the deck)."""
        seen = set(self.hand) | {self.decree} | set(self.trick) | set(self.known_opponent_cards)
        for t in self.tricks:
            seen.update(t.cards)
            seen.update(t.extra)
        for pile in self.last_won:
            seen.update(pile or ())
        cards = DECK + tuple(special_card(n) for n in self.modules.special)
        return [c for c in cards if c not in seen]
