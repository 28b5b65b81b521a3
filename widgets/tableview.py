"""A whole table for one seat: the other hand, the trick, decree and deck, your hand, the scores
and the log. ``PlayTable`` and ``RoundPlayer`` are built on it."""
from __future__ import annotations

from ipywidgets import HBox, VBox

from foxlib.words.narrator import Narrator

from .hand import Hand
from .table import DecreeView, EventLog, GoalsView, ScoreBoard, TrickArea


class TableView(VBox):
    """The table as ``player`` (0 = A, 1 = B, at the bottom) sees it.

    ``reveal=False`` keeps hidden information hidden: the other hand is face down and the log
    comes from ``rnd.view(player)`` (the opponent's Woodcutter draws and discards stay secret).
    ``reveal=True`` shows both hands (at the same size) and every record, for studying a
    finished or scripted round.
    ``interactive`` makes the bottom hand clickable (see ``Hand``).
    """

    def __init__(self, rnd=None, player: int = 0, *, reveal: bool = False,
                 interactive: bool = True, theme: str = "classic", target=None,
                 show_log: bool = True, apply: bool = True):
        self.rnd, self.player, self.reveal, self.theme = rnd, player, reveal, theme
        # A face-down hand only counts cards, so it may be small; a revealed one is read card
        # by card, so it is drawn at the same size as the player's own.
        self.opponent_hand = Hand(rnd, 1 - player, theme=theme, face_down=not reveal,
                                  size="normal" if reveal else "small", interactive=False)
        self.trick_area = TrickArea(theme=theme)
        self.decree_view = DecreeView(theme=theme)
        self.hand = Hand(rnd, player, theme=theme, interactive=interactive, apply=apply)
        self.scores = ScoreBoard(target=target)
        self.goals = GoalsView(theme=theme)     # shown only when goal cards are in play
        self.events = EventLog()
        middle = HBox([self.trick_area, self.decree_view])
        middle.add_class("fox-row")
        middle.add_class("fox-panel")
        parts = [self.opponent_hand, middle, self.goals, self.hand, self.scores]
        if show_log:
            parts.append(self.events)
        super().__init__(parts)
        self.add_class("fox-app")
        if rnd is not None:
            self.update(rnd)

    def update(self, rnd=None, *, theme=None, extra_log=(), keep_message=True) -> None:
        if rnd is not None:
            self.rnd = rnd
        if theme is not None:
            self.theme = theme
        rnd = self.rnd
        if rnd is None:
            return
        self.opponent_hand.update(rnd, theme=self.theme, keep_message=keep_message)
        self.hand.update(rnd, theme=self.theme, keep_message=keep_message)
        self.trick_area.update(rnd, self.theme)
        self.decree_view.update(rnd, self.theme)
        self.goals.update(rnd, self.theme)          # revealed goals and claims are public
        self.scores.update(rnd)
        records = rnd.history if self.reveal else rnd.view(self.player).history
        self.events.update(records, extra_log, Narrator(rnd.names, self.theme))
