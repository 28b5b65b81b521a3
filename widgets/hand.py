"""A player's hand: clickable cards, illegal ones dimmed, and the engine's reason when one is tried.

The hand never decides what is legal: it asks the round (``verify`` of the action for the
current phase: a play, the Fox's exchange or the Woodcutter's discard, and with special cards a
card played with the Crown, the leader's new card after a Hammer, the Fairy's gift, the
Potion's discard and the Potion's card to play) and shows the exception's message when the
engine refuses.
"""
from __future__ import annotations

from html import escape

from ipywidgets import VBox

from foxlib import Action, FoxError
from foxlib.engine.round import CROWN, PLAY
from foxlib.core.cards import card_list
from foxlib.words import captions as say
from foxlib.words.narrator import PROMPTS, WAITING, Narrator, awaited

from .card import CardRow, HtmlView
from .table import _theme, message


class Hand(VBox):
    """The cards of ``player`` (0 = A, 1 = B) in ``rnd``, as one ``CardRow``.

    Clicking a card asks the engine about it for the current phase (a play, the Fox's exchange,
    or the Woodcutter's discard). Refused: ``message`` shows the engine's reason, the round is
    unchanged and ``on_refused`` handlers get ``(card, reason)``. Allowed: with
    ``apply=True`` the action is made on the round and ``on_action`` handlers get
    ``(kind, card, records)``; with ``apply=False`` they get ``(kind, card, [])`` and the owner
    applies it. ``face_down=True`` shows backs only (an opponent's hand).

    While a decision is pending that no card of this hand answers (its player names a suit
    for the Hammer, decides on the Fairy's cards or the Shovel's dig, or the other player
    decides anything but a play), every card is disabled (``row.disabled``: dimmed, not
    clickable, ``aria-disabled`` in the page) and ``awaited`` says what the round waits for
    ("Waiting for you to name a suit for the Hammer."), above the cards and in the row's
    label.
    """

    def __init__(self, rnd=None, player: int = 0, *, theme: str = "classic", title=None,
                 face_down: bool = False, apply: bool = True, size: str = "normal",
                 interactive: bool = True):
        self.rnd, self.player, self.theme = rnd, player, theme
        self.title, self.apply, self.face_down = title, apply, face_down
        self.interactive = interactive and not face_down
        self._message, self.message_kind = "", "info"
        self.awaited = ""       # what the round waits for while no card here can be clicked
        self.crown = False      # the next card clicked in the play phase is played with the Crown
        self._action_handlers: list = []
        self._refused_handlers: list = []
        self.row = CardRow(theme=theme, size=size, face_down=face_down,
                           interactive=interactive and not face_down)
        self.note = HtmlView()
        self.row.on_click(self.try_card)
        super().__init__([self.note, self.row])
        self.add_class("fox-hand")
        self.update(rnd)

    # -- events
    def on_action(self, callback, remove: bool = False) -> None:
        """``callback(kind, card, records)`` after an allowed click (kind: play, exchange or
        discard)."""
        (self._action_handlers.remove if remove else self._action_handlers.append)(callback)

    def on_refused(self, callback, remove: bool = False) -> None:
        """``callback(card, reason)`` when the engine refuses a clicked card."""
        (self._refused_handlers.remove if remove else self._refused_handlers.append)(callback)

    def click(self, card) -> None:
        """Simulate the learner clicking ``card`` (what a click in the browser does)."""
        self.row.click(card)

    # -- the message: said from facts (records, a refusal) in the names and theme shown now
    @property
    def message(self) -> str:
        told = self._message
        if isinstance(told, str):
            return told
        narrator = Narrator(self.rnd.names if self.rnd is not None else ("A", "B"), self.theme)
        if isinstance(told, tuple):                     # a refusal: (code, facts)
            return narrator.refused(told)
        return narrator.say_all(told, skip=("trick", "round_end"))

    @message.setter
    def message(self, text: str) -> None:
        self._message = text

    # -- behaviour
    @property
    def my_turn(self) -> bool:
        return self.rnd is not None and self.rnd.to_play == self.player

    def try_card(self, code) -> bool:
        """Ask the engine about ``code`` in the current phase; True when it was allowed.

        ``None`` is the Fox's other choice: keep the decree card as it is.
        """
        rnd = self.rnd
        if rnd is None:
            return False
        if rnd.is_over:
            return self._refuse(code, ("hand_round_over", {}))
        if not self.my_turn:
            return self._refuse(code, ("not_your_turn", {"player": self.player,
                                                         "to_play": rnd.to_play}))
        kind = self.kind_now()
        if kind in NOT_FROM_HAND:
            # A suit to name, the Fairy's cards seen, the Shovel's dig: no card of the hand.
            return self._refuse(code, say.not_from_hand(PROMPTS[kind]))
        try:
            action = Action(kind, code)
            rnd.verify(action)
        except FoxError as exc:
            return self._refuse(code, getattr(exc, "refusal", None) or str(exc))
        records = []
        if self.apply:
            start = len(rnd.history)
            rnd.act(action)
            records = rnd.history[start:]
            # The trick's outcome is shown by the trick area; here only what this player did.
            self._message = list(records)
            self.message_kind = "ok"
        for handler in list(self._action_handlers):
            handler(kind, code, records)
        self.update()
        return True

    def kind_now(self) -> str:
        """The kind of action a click makes now: the round's phase, or the Crown's when
        ``crown`` is set in the play phase."""
        rnd = self.rnd
        return CROWN if self.crown and rnd is not None and rnd.phase == PLAY else rnd.phase

    def keep_decree(self) -> bool:
        """The Fox's other choice: keep the decree card (exchange nothing)."""
        return self.try_card(None)

    def _refuse(self, code: str, told) -> bool:
        """Refuse ``code``; ``told`` is the refusal as (code, facts), said again in the theme
        shown, or a text."""
        self._message, self.message_kind = told, "illegal"
        self._draw_note()
        reason = self.message
        for handler in list(self._refused_handlers):
            handler(code, reason)
        return False

    # -- drawing
    def update(self, rnd=None, *, theme=None, keep_message: bool = True) -> None:
        """Redraw from the round (pass a new round to switch to it)."""
        if rnd is not None:
            self.rnd = rnd
        if theme is not None:
            self.theme = theme
        if not keep_message:
            self.message = ""
        rnd = self.rnd
        if rnd is None:
            self.awaited = ""
            self.row.update([], theme=self.theme, disabled=[])
            self._draw_note()
            return
        hand = sorted(rnd.hands[self.player])
        codes = [str(c) for c in hand]
        dimmed, titles = [], {}
        self.awaited = "" if self.face_down else self._awaited()
        if self.awaited:
            # Nothing here can be clicked until the decision is made: every card says so.
            titles = {str(c): f"{c.label(_theme(self.theme))}: {self.awaited}" for c in hand}
        elif self.my_turn and not self.face_down and self.kind_now() in CHOOSE_AMONG:
            # Only some cards may be chosen: the others are dimmed with the engine's reason.
            kind = self.kind_now()
            legal = {a.card for a in rnd.legal_actions() if a.kind == kind}
            for card in hand:
                if card not in legal:
                    dimmed.append(str(card))
                    titles[str(card)] = self._why_not(card, kind)
        label = self._heading() + (f". {self.awaited}" if self.awaited else "")
        self.row.update(codes, dimmed=dimmed, titles=titles, theme=self.theme, label=label,
                        poison=_poison(rnd), disabled=codes if self.awaited else [])
        self._draw_note()

    def _awaited(self) -> str:
        """What the round waits for when no card of this hand can be chosen now: a decision
        of this hand's player made without its cards (a suit, the Fairy's cards seen, the
        Shovel's dig), or any decision but a play of the other player. '' otherwise (a play
        of the other player: a click is refused with the reason, as ever)."""
        rnd = self.rnd
        if rnd.is_over or rnd.to_play is None:
            return ""
        name = rnd.name(rnd.to_play)
        if self.my_turn and self.kind_now() in NOT_FROM_HAND:
            how = say.WITH_BUTTONS if self.interactive else ""
            return awaited(rnd.phase, name, how)
        if rnd.to_play != self.player and rnd.phase != PLAY:
            return awaited(rnd.phase, name)
        return ""

    def _why_not(self, card, kind=PLAY) -> str:
        try:
            self.rnd.verify(Action(kind, card))
        except FoxError as exc:
            return f"{card.label(_theme(self.theme))}: {self._say_refusal(exc)}"
        return card.label(_theme(self.theme))

    def _say_refusal(self, exc) -> str:
        return Narrator(self.rnd.names, self.theme).refused(exc)

    def status(self) -> str:
        rnd = self.rnd
        if rnd is None:
            return say.NO_CARDS_DEALT
        n = len(rnd.hands[self.player])
        if rnd.is_over:
            return say.hand_over(n)
        if self.my_turn and self.interactive:
            return say.hand_status(n, PROMPTS[self.kind_now()])
        waiting = say.waiting_for(rnd.name(rnd.to_play))
        if rnd.phase != PLAY:
            waiting += f" {WAITING[rnd.phase]}"         # 'waiting for Ann to name a suit ...'
        return say.hand_status(n, waiting)

    def _heading(self) -> str:
        if self.title:
            return self.title
        return say.hand_heading(None if self.rnd is None else self.rnd.name(self.player))

    def _draw_note(self) -> None:
        name = self._heading()
        waiting = (f'<div class="fox-awaited">{message(self.awaited, "info")}</div>'
                   if self.awaited else "")
        self.note.html = (f'<div><span class="fox-title">{escape(name)}</span> '
                          f'<span class="fox-status">\u00b7 {escape(self.status())}</span></div>'
                          + waiting + message(self.message, self.message_kind))


#: The decisions that are never a card of the hand (made with the table's buttons).
NOT_FROM_HAND = ("name_suit", "dig", "fairy_take")
#: The kinds of action where a click picks among some of the hand's cards (the others dimmed).
CHOOSE_AMONG = ("play", "crown", "replace", "potion_play")


def _poison(rnd) -> bool:
    """Whether the round (or a player's view of it) is played with Poison 8s."""
    return bool(getattr(getattr(rnd, "modules", None), "poison", False))


def legal_summary(rnd, theme=None) -> str:
    """'B may play only the 2 and 8 of Moons.' from the engine's legal cards (for captions)."""
    if rnd.phase != "play":
        return ""
    legal, hand = rnd.legal_cards(), rnd.hands[rnd.to_play]
    return say.legal_line(rnd.name(rnd.to_play), card_list(legal, theme or rnd.theme),
                          len(legal) == len(hand))
