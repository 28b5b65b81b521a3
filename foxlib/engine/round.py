"""One round of The Fox in the Forest as an exact, explained state machine.

A ``Round`` starts from a ``Position`` (hands, decree, deck, who leads, tricks and points so far)
and moves forward by *actions*. An ``Action(kind, card)`` is one decision of the player to play;
``phase`` names the kind expected now and ``to_play`` by whom. One API serves every kind:

- ``legal_actions()``: the actions allowed now;
- ``verify(action)``: raises ``IllegalAction`` with a full-sentence reason when it is not allowed;
- ``can(action)``: the same as a bool;
- ``act(action)``: applies it and returns a frozen record (kept in ``history``).

The kinds are the entries of ``ACTION_KINDS`` (one ``ActionKind`` each: its options, its check
and its effect): ``play`` a card to the trick, the Fox's ``exchange`` with the decree card
(card None declines) and the Woodcutter's ``discard`` to the bottom of the deck, after its
automatic draw. ``play``/``exchange``/``discard`` (with ``verify_*``/``can_*``) are short ways
to write those actions. Records and refusals hold facts (who, which cards, which rule);
``foxlib.words.narrator`` says them (a record's ``reason`` is its words in the names and theme of the
moment it was made). ``Move`` bundles a play with its decision, for solvers and the referee:
``legal_moves()``, ``push(move)`` and ``pop()``.
In the base game the deal is the only chance event: once cards are dealt, the deck order is
fixed, so a Woodcutter's draw is hidden information, not a new random event. With the Deluxe
special cards (``Modules(special=...)``) the Tree, the Fairy and the Shovel pick cards at
random: they use the round's own random source (seeded by ``Position.seed``), every outcome is
kept in ``chance`` (and in the records), and a saved round or a scenario can give them
(``Round(position, chance=[...])``), so that a round always replays exactly. Their decisions
are action kinds of the same API (``SPECIAL_KINDS``: the Crown's ``crown``, the Hammer's
``name_suit`` and the leader's ``replace``, the Fairy's ``fairy_take`` and ``fairy_give``, the
Shovel's ``dig``, the Potion's ``potion_discard`` and ``potion_play``).
A round saves itself (``to_json``, ``dumps``); reading a save, a position or a play back, with a
clear problem for each bad field, is ``foxlib.io.inputs`` (``loads_round``, ``read_round``,
``read_position``, ``read_move``). ``check_position`` (could this position occur?) is the
engine's: every ``Round`` checks its start with it.

The round is written in parts, each its own module, and this module gives every name of them:
``foxlib.engine.actions`` (the players, the kinds' names, ``Action``, ``Move``, ``ActionKind``),
``foxlib.engine.records`` (the records), ``foxlib.engine.position`` (``Position``,
``check_position``, ``deal``), ``foxlib.engine.view`` (``PlayerView``) and
``foxlib.engine.abilities``: what the Fox, the Woodcutter and the special cards do, each card
once, as a table of small handlers. ``Round`` plays a card and dispatches to the handler of what
it counts as; the decisions an ability brings are its entries of ``ACTION_KINDS``.
"""
from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from types import SimpleNamespace

from ..core import rules
from ..core.cards import DEFAULT_THEME, Card, Suit, Theme, special_card
from ..core.errors import FoxError, IllegalAction, InvalidState
from ..words.narrator import Narrator
from ..words.svg import round_svg
from .abilities import KINDS, ON_LED, ON_PLAY
from .actions import (CROWN, DIG, DISCARD, EXCHANGE, FAIRY_GIVE, FAIRY_TAKE, NAME_SUIT, OVER,
                      PLAY, PLAYERS, POTION_DISCARD, POTION_PLAY, REPLACE, SPECIAL_KINDS,
                      Action, ActionKind, Move, _c, _refusal, as_action, player_index)
from .goals import evaluate_all
from .modules import BASE, Modules
from .position import Position, check_position, deal
from .records import (DigRecord, DiscardRecord, DrawRecord, ExchangeRecord, FairyRecord,
                      GiftRecord, HammerRecord, PlayRecord, RoundEndRecord, TrickRecord)
from .view import PlayerView

__all__ = [
    # the players and the decisions (foxlib.engine.actions)
    "PLAYERS", "PLAY", "EXCHANGE", "DISCARD", "OVER", "CROWN", "NAME_SUIT", "REPLACE",
    "FAIRY_TAKE", "FAIRY_GIVE", "DIG", "POTION_DISCARD", "POTION_PLAY", "SPECIAL_KINDS",
    "player_index", "Action", "as_action", "Move", "ActionKind",
    # the records (foxlib.engine.records)
    "PlayRecord", "FairyRecord", "GiftRecord", "DigRecord", "HammerRecord", "ExchangeRecord",
    "DrawRecord", "DiscardRecord", "TrickRecord", "RoundEndRecord",
    # positions (foxlib.engine.position) and what a player sees (foxlib.engine.view)
    "Position", "check_position", "deal", "PlayerView",
    # the round
    "ChanceNeeded", "Round", "ACTION_KINDS",
]


# ----------------------------------------------------------------------------- the round

class ChanceNeeded(Exception):
    """Raised by a round whose ``ask_chance`` is set when a special card needs a random pick
    that was not given: ``n`` cards of ``pool``. The action that asked is half done: undo it
    (``Round.undo``), give the outcome (``Round.give_chance``) and act again. Searches that
    average over every outcome use it (``foxlib.search.deluxe_solver``)."""

    def __init__(self, pool: tuple, n: int):
        super().__init__(f"a random pick of {n} of {len(pool)} cards is needed")
        self.pool, self.n = pool, n


class Round:
    """A round in progress. Construct from a ``Position`` or with ``Round.deal(seed, dealer)``."""

    #: True: a random pick that was not given raises ``ChanceNeeded`` instead of using ``rng``.
    ask_chance = False
    #: True: a random pick that was not given and has more than one possible outcome is
    #: refused (a scenario with neither "seed" nor that outcome in "chance": rulings SC19).
    need_seed = False

    def __init__(self, position: Position, names=PLAYERS, theme: Theme = DEFAULT_THEME,
                 chance=()):
        position.validate()
        self.start = position
        self.modules = position.modules
        self._poison = position.modules.poison
        self._special = bool(position.modules.special)
        # The special cards' chance: the round's random source, the outcomes so far (what a
        # saved round keeps) and the outcomes given in advance (a scenario, a saved round).
        self.rng = random.Random(position.seed or 0)
        self.chance: list = []
        self._given = [tuple(_c(c) for c in outcome) for outcome in chance]
        # The state of the trick in progress that only special cards make (rulings SC7-SC16):
        # 'crowned' (the crowned card), 'named' (the Hammer's suit), 'offer' (the Fairy's
        # cards seen, the Potion's cards drawn), 'owner' (whose offer), 'leads' (the Shovel's
        # or the Potion's card goes first), 'potion'. What the trick's cards say of who wins
        # (a Shovel loses, an Axe after a Woodcutter wins) and what a led Tree demands are
        # read from the cards in the trick when they matter, not kept here (SC8, SC15, SC17).
        self.sp: dict = {}
        # Each player's won tricks, card by card (the Shovel digs in the last one), and their
        # trick numbers.
        self.piles = [[], []]
        self.pile_tricks = [[], []]
        # The goals revealed for this round (public), as Goal values.
        self.goals = (tuple(position.modules.goal_cards()[position.modules.goals.index(g)]
                            for g in position.goals) if position.goals else ())
        self.names = tuple(names)
        self.theme = theme
        self._narrator = Narrator(self.names, theme)
        self.decree = position.decree
        self.hands = [list(position.hands[0]), list(position.hands[1])]
        self.deck = list(position.deck)
        self.leader = position.leader
        self.trick = list(position.trick)
        self.tricks_won = list(position.tricks_won)
        self.score = list(position.score)
        self.round_gain = list(position.round_gain)
        self.won = [[], []]
        self.history: list = []
        self.tricks: list[TrickRecord] = []
        self.round_end: RoundEndRecord | None = None
        self.actions: list = []          # the Actions done, in order (for saving and replay)
        self._undo: list = []
        self.phase = PLAY
        self.to_play = self.leader if not self.trick else 1 - self.leader
        self._resume(position)
        if not self.hands[0] and not self.hands[1] and not self.trick:
            self._end_round()
        if self._special and len(self.trick) == 1:
            self._card_done()   # a led Tree given in the position makes its demand now (SC8)

    def _resume(self, position: Position) -> None:
        """What a position says beyond its cards' places (a scenario, a saved round, a sampled
        round): each player's last won trick (where a Shovel digs) and the led card played
        with the Crown. (A led Shovel in the trick is one that did not dig: it loses if it is
        still there when the winner is decided, rulings SC15, SC17, R7.)"""
        for p in (0, 1):
            pile = position.last_won[p]
            if pile is not None:
                self.piles[p], self.pile_tricks[p] = [[_c(c) for c in pile]], [None]
                self.won[p] = [_c(c) for c in pile]
        if self._special and self.trick and position.crowned:
            self.sp["crowned"] = self.trick[0]

    def _pile_unknown(self, p: int) -> bool:
        """Did ``p`` win a trick before the round's start whose cards the start does not give,
        and none since? (Their Shovel may dig, but what it would find is unknown.)"""
        return not self.piles[p] and self.start.tricks_won[p] > 0

    # -- construction helpers
    @classmethod
    def deal(cls, seed=None, dealer: int = 0, score=(0, 0), modules: Modules = BASE,
             **kw) -> "Round":
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls(deal(rng, dealer, score, modules), **kw)

    @property
    def trump(self):
        return self.decree.suit

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def trick_number(self) -> int:
        """1 to 13: tricks won before this position started count too (a scenario may begin
        mid-round)."""
        return sum(self.start.tricks_won) + len(self.tricks) + 1

    def name(self, player: int) -> str:
        return self.names[player]

    # -- queries
    def legal_cards(self) -> list[Card]:
        """Cards the player to play may play now (empty outside the play phase)."""
        if self.phase != PLAY:
            return []
        hand = self.hands[self.to_play]
        if not self.trick:
            return sorted(hand)
        if self._special:
            return rules.legal_follows_special(hand, self.trick[0], self.decree,
                                               self.sp.get("crowned") is self.trick[0])
        return sorted(rules.legal_follows(hand, self.trick[0]))

    def legal_actions(self) -> list[Action]:
        """Every action allowed now (empty once the round is over): cards to play, the Fox's
        exchange options (card None keeps the decree), or the Woodcutter's discards."""
        kind = ACTION_KINDS.get(self.phase)
        if kind is None:
            return []
        out = list(map(kind._made.__getitem__, kind.options(self)))
        if self._special and self.phase == PLAY:
            out += map(_CROWN._made.__getitem__, _CROWN.options(self))
        return out

    def legal_moves(self) -> list[Move]:
        """Every play with its decision bundled: each Fox exchange and each Woodcutter discard.
        (Not with special cards, whose decisions do not fit in a Move: use ``legal_actions``.)"""
        if self._special:
            raise self._refuse("moves_special")
        if self.phase != PLAY:
            return []
        moves = []
        hand = self.hands[self.to_play]
        for card in self.legal_cards():
            others = [c for c in hand if c is not card]
            if card.rank == rules.FOX and others:
                moves.append(Move(card))
                moves.extend(Move(card, exchange=c) for c in sorted(others))
            elif card.rank == rules.WOODCUTTER and self.deck:
                options = sorted(others + [self.deck[0]])
                moves.extend(Move(card, discard=c) for c in options)
            else:
                moves.append(Move(card))
        return moves

    # -- the one action API
    def verify(self, action) -> None:
        """Raise ``IllegalAction`` (a full-sentence reason) unless ``action`` is allowed now."""
        action = as_action(action)
        _kind_of(action).verify(self, action.card)

    def can(self, action) -> bool:
        """Whether ``action`` is allowed now."""
        try:
            self.verify(action)
        except FoxError:
            return False
        return True

    def act(self, action):
        """Check and apply ``action``; returns its record (also appended to ``history``)."""
        if action.__class__ is not Action:
            action = as_action(action)
        card = action.card
        kind = ACTION_KINDS.get(action.kind)
        if kind is None or (card is None and not kind.declinable):
            kind = _kind_of(action)         # raises with the reason
        kind.verify(self, card)
        self._save(kind.starts_move)
        self.actions.append(action)
        return kind.apply(self, card)

    # -- short ways to write the actions
    def verify_play(self, card) -> None:
        self.verify(_PLAY.action(_c(card)))

    def can_play(self, card) -> bool:
        return self.can(_PLAY.action(_c(card)))

    def play(self, card) -> PlayRecord:
        return self.act(_PLAY.action(_c(card)))

    def verify_exchange(self, card) -> None:
        self.verify(_EXCHANGE.action(None if card is None else _c(card)))

    def can_exchange(self, card) -> bool:
        return self.can(_EXCHANGE.action(None if card is None else _c(card)))

    def exchange(self, card=None) -> ExchangeRecord:
        """Swap ``card`` from hand with the decree card (``None`` keeps the decree as it is)."""
        return self.act(_EXCHANGE.action(None if card is None else _c(card)))

    def verify_discard(self, card) -> None:
        self.verify(_DISCARD.action(_c(card)))

    def can_discard(self, card) -> bool:
        return self.can(_DISCARD.action(_c(card)))

    def discard(self, card) -> DiscardRecord:
        return self.act(_DISCARD.action(_c(card)))

    # -- play: check and effect (with legal_cards, the entry of ACTION_KINDS)
    def _verify_play(self, card) -> None:
        if self.phase == OVER:
            raise self._refuse("round_over", card=card)
        p = self.to_play
        if self.phase != PLAY:
            raise self._refuse("pending", player=p, pending=self.phase)
        hand = self.hands[p]
        if card not in hand:
            raise self._refuse("not_held", player=p, card=card, where=self._where(card))
        if self.trick:
            if self._special:
                refused = rules.follow_refusal_special(
                    card, hand, self.trick[0], self.decree,
                    self.sp.get("crowned") is self.trick[0])
            else:
                refused = rules.follow_refusal(card, hand, self.trick[0])
            if refused is not None:
                code, facts = refused
                if code == "monarch":
                    facts["leader"] = self.leader
                raise self._refuse(code, **facts)

    def _apply_play(self, card) -> PlayRecord:
        p = self.to_play
        self.hands[p].remove(card)
        if self._special:
            return self._enter(p, card)
        self.trick.append(card)
        rec = PlayRecord(p, card, self.trick_number, len(self.trick) == 1, voice=self._voice())
        self.history.append(rec)
        ability = ON_PLAY.get(card.rank)        # the Fox's or the Woodcutter's
        if ability is None:
            self._card_done()
        else:
            ability(self, p, card, rec.leads, "")
        return rec

    # -- a card enters the trick and its ability acts (foxlib.engine.abilities; rulings
    #    F1-F4, W1-W4, SC1-SC19 in docs/rulings.md)
    def _enter(self, p: int, card: Card, how: str = "", leads=None) -> PlayRecord:
        """``card`` (already out of ``p``'s hand) enters the trick, and its ability acts."""
        if leads is None:
            leads = not self.trick
        if leads and self.trick:        # the leader's new card after a Hammer goes first
            self.trick.insert(0, card)
        else:
            self.trick.append(card)
        rec = PlayRecord(p, card, self.trick_number, leads, voice=self._voice(), how=how)
        self.history.append(rec)
        if how != "crown":
            self._ability(p, card, leads, how)
        else:
            self._card_done()
        return rec

    def _ability(self, p: int, card: Card, leads: bool, how: str) -> None:
        """The ability of ``card`` as it enters the trick: the handler of what it counts as
        (its name, or its rank; a Mirror counts as the decree card, SC11) in
        ``foxlib.engine.abilities.ON_PLAY``; a card with none just ends its turn."""
        acting = rules.acting_card(card, self.decree)
        ability = ON_PLAY.get(acting.special or acting.rank)
        if ability is None:
            self._card_done()
        else:
            ability(self, p, card, leads, how)

    def _chance(self, pool, n: int) -> tuple:
        """Up to ``n`` cards picked at random from ``pool``: the next given outcome if there is
        one (checked), else from the round's random source. Kept in ``chance``."""
        pool = sorted(pool)
        n = min(n, len(pool))
        i = len(self.chance)
        if i < len(self._given):
            got = self._given[i]
            if len(got) != n or len(set(got)) != n or any(c not in pool for c in got):
                raise InvalidState(
                    f"chance[{i}]: {' '.join(map(str, got)) or 'no cards'} cannot be the "
                    f"outcome here: it must be {n} different card{'s' if n != 1 else ''} of "
                    f"{' '.join(map(str, pool)) or 'no cards'}.")
        elif self.ask_chance:
            raise ChanceNeeded(tuple(pool), n)
        elif self.need_seed and math.comb(len(pool), n) > 1:
            some = ", ".join(f'"{c}"' for c in pool[:n])
            raise InvalidState(
                f"chance[{i}]: this play picks {n} of {' '.join(map(str, pool))} at random, "
                "but the scenario gives neither a \"seed\" nor this outcome in \"chance\": give "
                f"it as chance[{i}], the card{'s' if n != 1 else ''} picked in a list like "
                f"[{some}], or give a \"seed\".")
        else:
            got = tuple(self.rng.sample(pool, n))
        self.chance.append(got)
        return got

    def give_chance(self, outcomes) -> None:
        """The outcomes of the next random picks, in order (each a tuple of cards), replacing
        any given before that have not been used yet."""
        self._given = list(self.chance) + [tuple(o) for o in outcomes]

    # -- moves (play + decision)
    def verify_move(self, move: Move) -> None:
        card = move.card
        self.verify_play(card)
        p = self.to_play
        hand = [c for c in self.hands[p] if c is not card]
        if move.exchange is not None:
            if card.rank != rules.FOX:
                raise self._refuse("fox_only", card=card)
            if not hand:
                raise self._refuse("fox_last_card", player=p, card=card)
            if move.exchange not in hand:
                raise self._refuse("fox_swap_not_held", player=p, card=move.exchange)
        if move.discard is not None:
            if card.rank != rules.WOODCUTTER:
                raise self._refuse("woodcutter_only", card=card)
            if not self.deck:
                raise self._refuse("empty_deck")
            if move.discard not in hand and move.discard is not self.deck[0]:
                raise self._refuse("discard_elsewhere", player=p, card=move.discard)
        if card.rank == rules.WOODCUTTER and self.deck and move.discard is None:
            raise self._refuse("discard_missing", player=p)

    def push(self, move) -> list:
        """Apply a Move (or a card); returns the records it produced. Undo it with ``pop()``."""
        if not isinstance(move, Move):
            move = Move(_c(move))
        if self._special:
            raise self._refuse("moves_special")
        self.verify_move(move)
        start = len(self.history)
        self.act(_PLAY.action(move.card))
        if self.phase in (EXCHANGE, DISCARD):     # the decision the play brought with it
            self.act(ACTION_KINDS[self.phase].action(move.decision(self.phase)))
        return self.history[start:]

    def pop(self) -> None:
        """Undo the last move: the last play together with its Fox or Woodcutter decision."""
        if not self._undo:
            raise _refusal("nothing_to_pop")
        while True:
            starts_move = self._undo[-1][0]
            self.undo()
            if starts_move or not self._undo:
                return

    def undo(self) -> None:
        """Undo the last single action (a play, an exchange or a discard)."""
        if not self._undo:
            raise _refusal("nothing_to_undo")
        (_, decree, hands, deck, leader, trick, tw, score, gain, won, nhist, ntricks, end, phase,
         to_play, special) = self._undo.pop()
        if special is not None:
            rng, nchance, sp, piles, pile_tricks = special
            if rng is not None:
                self.rng.setstate(rng)
            del self.chance[nchance:]
            self.sp = dict(sp)
            self.piles = [[t[:] for t in pile] for pile in piles]
            self.pile_tricks = [t[:] for t in pile_tricks]
        # Copy the saved lists out: a copy() of this round shares its undo snapshots, and the
        # live lists are mutated in place by the next action.
        self.decree, self.leader, self.round_end = decree, leader, end
        self.hands, self.won = [h[:] for h in hands], [w[:] for w in won]
        self.deck, self.trick = deck[:], trick[:]
        self.tricks_won, self.score, self.round_gain = tw[:], score[:], gain[:]
        self.phase, self.to_play = phase, to_play
        del self.history[nhist:]
        del self.tricks[ntricks:]
        self.actions.pop()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    # -- internals
    def _save(self, starts_move: bool) -> None:
        self._undo.append((starts_move, self.decree, [h[:] for h in self.hands], self.deck[:],
                           self.leader, self.trick[:], self.tricks_won[:], self.score[:],
                           self.round_gain[:], [w[:] for w in self.won], len(self.history),
                           len(self.tricks), self.round_end, self.phase, self.to_play,
                           (None if self.ask_chance else self.rng.getstate(),
                            len(self.chance), dict(self.sp),
                            [[t[:] for t in pile] for pile in self.piles],
                            [t[:] for t in self.pile_tricks]) if self._special else None))

    def _voice(self) -> Narrator:
        """The narrator of this round's names and theme now (records keep it as their voice)."""
        voice = self._narrator
        if voice.theme is not self.theme or voice.names is not self.names:
            self.names = tuple(self.names)
            voice = self._narrator = Narrator(self.names, self.theme)
        return voice

    def _refuse(self, code: str, **facts) -> IllegalAction:
        """The refusal ``code`` with its facts, in the narrator's words for this round. The
        facts stay on the exception (``refusal``: (code, facts)) so that a view can say it
        again in other names or another theme."""
        return _refusal(code, self._voice(), **facts)

    def _where(self, card: Card) -> str:
        # Only public places are named: an error shown to a player must not reveal where a
        # hidden card is (the opponent's hand or the deck).
        if card is self.decree:
            return "the decree card"
        if card in self.trick:
            return "already in the trick"
        return ""

    def _card_done(self) -> None:
        self.phase = PLAY
        if len(self.trick) == 1:
            self.to_play = 1 - self.leader
            if self._special:
                # What the led card demands as the follower is to play, read from what it
                # counts as now (the Tree's random card, rulings SC8, SC11).
                demand = ON_LED.get(rules.acting_card(self.trick[0], self.decree).special)
                if demand is not None:
                    demand(self, self.to_play)
            return
        lead, follow = self.trick
        leader = self.leader
        extra = ()
        if self._special:
            sp = self.sp
            crowned = sp.get("crowned")
            out = rules.decide_special_trick(
                lead, follow, self.decree, None if crowned is None else self.trick.index(crowned),
                self._poison)
            if crowned is not None:
                extra = (special_card("Crown"),)
            self.sp = {}
        else:
            out = rules.decide_trick(lead, follow, self.decree, self._poison)
        winner = leader if out.winner == 0 else 1 - leader
        nxt = leader if out.next_leader == 0 else 1 - leader
        gain = out.treasure
        if self.goals:
            self._score_trick(out, lead, follow, leader, winner, nxt, extra)
            return
        if self._poison:
            # Treasure and Poison are added up first, then applied once: a score never goes
            # below 0, so what the score cannot pay is not lost (rulings P1, P2).
            poison = out.rule.poison
            floored = max(0, poison - gain - self.score[winner])
            gain -= poison - floored
            rec = TrickRecord(self.trick_number, leader, (lead, follow), winner, nxt,
                              out.treasure, self.decree, out.rule, voice=self._voice(),
                              poison=poison, lost=poison - floored, floored=floored, extra=extra)
        else:
            rec = TrickRecord(self.trick_number, leader, (lead, follow), winner, nxt,
                              out.treasure, self.decree, out.rule, voice=self._voice(),
                              extra=extra)
        self._trick_done(rec, winner, nxt, (gain, 0) if winner == 0 else (0, gain))

    def _trick_done(self, rec, winner: int, nxt: int, change) -> None:
        self.tricks.append(rec)
        self.history.append(rec)
        self.won[winner].extend(self.trick)
        self.won[winner].extend(rec.extra)
        self.piles[winner].append(list(self.trick) + list(rec.extra))
        self.pile_tricks[winner].append(rec.number)
        self.tricks_won[winner] += 1
        for p in (0, 1):
            self.score[p] += change[p]
            self.round_gain[p] += change[p]
        self.trick = []
        self.leader = self.to_play = nxt
        if not self.hands[0] and not self.hands[1]:
            self._end_round()

    def _goal_claims(self, records, trick) -> list:
        """The claims of the revealed goals at ``trick`` (None: the end of the round), derived
        from the round's records: undo and replay give the same claims, and a once-goal
        claimed earlier is not claimed again (rulings G1, G2)."""
        source = SimpleNamespace(history=records, start=self.start)
        return [c for c in evaluate_all(source, self.goals) if c.trick == trick]

    def _score_trick(self, out, lead, follow, leader, winner, nxt, extra=()) -> None:
        """A trick with goal cards in play: Treasure, Poison and the goals claimed at this trick
        are added up for each player, then applied once, floored at 0 (rulings G3, G4)."""
        poison = out.rule.poison if self._poison else None
        rec = TrickRecord(self.trick_number, leader, (lead, follow), winner, nxt, out.treasure,
                          self.decree, out.rule, voice=self._voice(), poison=poison, extra=extra)
        claims = self._goal_claims(self.history + [rec], rec.number)
        base = [0, 0]
        base[winner] = out.treasure - (poison or 0)
        goal = [sum(c.points for c in claims if c.player == p) for p in (0, 1)]
        floored = [max(0, -(self.score[p] + base[p] + goal[p])) for p in (0, 1)]
        # What the floor saves counts against the Poison first, then against the goals.
        saved = min(poison or 0, floored[winner])
        goal_floored = tuple(floored[p] - (saved if p == winner else 0) for p in (0, 1))
        if poison is not None:
            rec = replace(rec, lost=poison - saved, floored=saved)
        rec = replace(rec, claims=tuple(claims), goal_floored=goal_floored)
        self._trick_done(rec, winner, nxt,
                         tuple(base[p] + goal[p] + floored[p] for p in (0, 1)))

    def _end_round(self) -> None:
        pts = tuple(rules.round_points(t) for t in self.tricks_won)
        # Before the trick points are added, round_gain holds this round's Treasure points:
        # the record keeps them, so that its words give the whole rise of each score.
        treasure = tuple(self.round_gain)
        poison = floored = None
        if self._poison:
            # round_gain is Treasure minus Poison so far: the record keeps both parts.
            poison = tuple(sum(t.lost for t in self.tricks if t.winner == p) for p in (0, 1))
            floored = tuple(sum(t.floored for t in self.tricks if t.winner == p) for p in (0, 1))
            treasure = tuple(g + lost for g, lost in zip(treasure, poison))
        goals = None
        if self.goals:
            # round_gain holds the goal points of the tricks too: take them out of Treasure.
            at_tricks = tuple(sum(c.points for t in self.tricks for c in t.claims
                                  if c.player == p) + sum(t.goal_floored[p] for t in self.tricks)
                              for p in (0, 1))
            treasure = tuple(t - g for t, g in zip(treasure, at_tricks))
            goals = at_tricks
        for p in (0, 1):
            self.score[p] += pts[p]
            self.round_gain[p] += pts[p]
        self.round_end = RoundEndRecord(tuple(self.tricks_won), pts,
                                        tuple(rules.band(t) for t in self.tricks_won), treasure,
                                        voice=self._voice(), poison=poison, floored=floored)
        if self.goals:
            # The goals met at the end are scored with the points for tricks, floored at 0.
            claims = self._goal_claims(self.history + [self.round_end], None)
            goal = [sum(c.points for c in claims if c.player == p) for p in (0, 1)]
            end_floored = tuple(max(0, -(self.score[p] + goal[p])) for p in (0, 1))
            for p in (0, 1):
                self.score[p] += goal[p] + end_floored[p]
                self.round_gain[p] += goal[p] + end_floored[p]
            self.round_end = replace(
                self.round_end, claims=tuple(claims), goal_floored=end_floored,
                goals=tuple(goals[p] + goal[p] + end_floored[p] for p in (0, 1)))
        self.history.append(self.round_end)
        self.phase = OVER
        self.to_play = None

    # -- views, copies, saving
    def fresh(self) -> "Round":
        """This round back at its start: the same position, names, theme and random picks
        (``chance``), so that replaying its ``actions`` gives this round again."""
        return Round(self.start, self.names, self.theme, self.chance)

    def view(self, player) -> "PlayerView":
        return PlayerView.of(self, player_index(player))

    def copy(self) -> "Round":
        other = Round.__new__(Round)
        other.__dict__.update(self.__dict__)
        other.hands = [h[:] for h in self.hands]
        other.won = [w[:] for w in self.won]
        for name in ("deck", "trick", "tricks_won", "score", "round_gain", "history", "tricks",
                     "actions", "_undo", "chance"):
            setattr(other, name, list(getattr(self, name)))
        if self._special:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
            other.sp = dict(self.sp)
            other.piles = [[t[:] for t in pile] for pile in self.piles]
            other.pile_tricks = [t[:] for t in self.pile_tricks]
        return other

    def state(self) -> dict:
        """The current state as plain data (what equality compares)."""
        out = {
            "decree": str(self.decree),
            "hands": {p: sorted(str(c) for c in self.hands[i]) for i, p in enumerate(PLAYERS)},
            "deck": [str(c) for c in self.deck], "leader": PLAYERS[self.leader],
            "trick": [str(c) for c in self.trick], "phase": self.phase,
            "to_play": None if self.to_play is None else PLAYERS[self.to_play],
            "tricks_won": dict(zip(PLAYERS, self.tricks_won)),
            "score": dict(zip(PLAYERS, self.score)),
            "round_gain": dict(zip(PLAYERS, self.round_gain)),
            "tricks": [t.to_json() for t in self.tricks],
        }
        if not self.modules.base:
            out["modules"] = self.modules.to_json()
        if self.goals:
            out["goals"] = [g.id for g in self.goals]
        if self._special:
            out["chance"] = [[str(c) for c in o] for o in self.chance]
            if any(pile is not None for pile in self.start.last_won):
                out["last_won"] = {p: [str(c) for c in self.piles[i][-1]]
                                   for i, p in enumerate(PLAYERS) if self.piles[i]}
            out["special"] = {k: (v.letter if isinstance(v, Suit) else
                                  [str(c) for c in v] if isinstance(v, tuple) else
                                  str(v) if isinstance(v, Card) else v)
                              for k, v in sorted(self.sp.items())}
        return out

    def __eq__(self, other) -> bool:
        return isinstance(other, Round) and self.state() == other.state() and \
            self.actions == other.actions

    def to_json(self) -> dict:
        out = {"start": self.start.to_json(), "names": list(self.names),
               "theme": self.theme.key, "actions": [a.to_json() for a in self.actions]}
        if self.chance:
            out["chance"] = [[str(c) for c in outcome] for outcome in self.chance]
        return out

    def dumps(self) -> str:
        """The saved round as JSON text; ``foxlib.io.inputs.loads_round`` reads it back
        (``read_round`` reads ``to_json()``)."""
        return json.dumps(self.to_json())

    def __repr__(self) -> str:
        # What reads it back: foxlib.io.inputs.loads_round (the engine writes, io reads).
        return f"loads_round({self.dumps()!r})"

    def _repr_svg_(self) -> str:
        return round_svg(self)


# ----------------------------------------------------------------------------- the decisions

#: Every decision a round knows, by kind (= the ``phase`` that expects it): the play, then the
#: abilities' decisions (``foxlib.engine.abilities.KINDS``: the Fox's exchange, the Woodcutter's
#: discard, the special cards'). A new decision is one more entry here, with its options, check
#: and effect.
ACTION_KINDS = {PLAY: ActionKind(PLAY, Round.legal_cards, Round._verify_play, Round._apply_play,
                                 starts_move=True), **KINDS}
_PLAY, _EXCHANGE, _DISCARD, _CROWN = (ACTION_KINDS[k] for k in (PLAY, EXCHANGE, DISCARD, CROWN))


def _kind_of(action: Action) -> ActionKind:
    kind = ACTION_KINDS.get(action.kind)
    if kind is None:
        raise _refusal("unknown_kind", kind=action.kind, kinds=tuple(ACTION_KINDS))
    if action.card is None and not kind.declinable:
        raise _refusal("must_choose")
    return kind


