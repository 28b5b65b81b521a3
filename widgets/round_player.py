"""Step forwards and backwards through a recorded or scripted round, each step explained."""
from __future__ import annotations

from html import escape

from ipywidgets import Button, HBox, IntSlider, Layout, VBox

from foxlib import Round
from foxlib.io.inputs import load_round
from foxlib.words import captions as say
from foxlib.words.narrator import Narrator

from .card import HtmlView
from .review import ReviewPanel
from .table import message, shown_trick, trick_label
from .tableview import TableView


class RoundPlayer(VBox):
    """Replay a round one action at a time: First, Back, Forward, Last and a step slider.

    ``RoundPlayer(source, moves=None, *, theme=None, reveal=True, names=None, step=0,
    player=0, review=True)``.
    ``source`` is a ``Round`` (its recorded history is replayed from its start), a
    ``Position`` or position dict together with ``moves`` (cards like '9M', ``Move`` objects or
    referee plays like ``{"card": "3B", "exchange": "7M"}``), a saved round (``Round.to_json()``)
    or a referee scenario dict with ``plays``. A step is one action (a play, a Fox exchange or
    a Woodcutter discard, or a special card's decision: the Crown, the Hammer's suit, the
    Fairy's card taken and given, the Shovel's dig, the Potion's cards); its explanation is the
    engine's records for that action. The random cards of the Tree, the Fairy and the Shovel
    replay as they happened (the source's ``chance``).

    ``player`` (0 = A, 1 = B) is the seat at the bottom of the table; with ``reveal=False``
    the table shows only what that player sees. ``review=False`` leaves out the "Review this
    round" panel.

    ``step`` (int) is where the player stands; ``steps`` is the number of actions; ``round`` is
    the foxlib Round at the current step; ``explanation`` is the current step's text.
    """

    def __init__(self, source, moves=None, *, theme=None, reveal: bool = True, names=None,
                 step: int = 0, player: int = 0, review: bool = True):
        full = load_round(source, moves, names=names, theme=theme, what=say.ROUND_TO_REPLAY)
        self.theme = full.theme.key
        self.reveal, self.player = reveal, player
        self.actions = list(full.actions)
        self.full_history = list(full.history)
        # The special cards' random picks replay as they happened (rulings SC19).
        self.round = full.fresh()
        self._marks = [len(self.round.history)]     # history length after each step
        probe = full.fresh()
        for action in self.actions:
            probe.act(action)
            self._marks.append(len(probe.history))
        self.step = 0
        self.first_button = Button(description="First", icon="fast-backward")
        self.back_button = Button(description="Back", icon="step-backward")
        self.forward_button = Button(description="Forward", icon="step-forward")
        self.last_button = Button(description="Last", icon="fast-forward")
        for b in (self.first_button, self.back_button, self.forward_button, self.last_button):
            b.layout.width = "auto"
        self.slider = IntSlider(value=0, min=0, max=len(self.actions), description="Step",
                                continuous_update=False, layout=Layout(width="auto",
                                                                       flex="1 1 12em"))
        self.first_button.on_click(lambda _b: self.go(0))
        self.back_button.on_click(lambda _b: self.go(self.step - 1))
        self.forward_button.on_click(lambda _b: self.go(self.step + 1))
        self.last_button.on_click(lambda _b: self.go(self.steps))
        self.slider.observe(lambda ch: self.go(ch["new"]), names="value")
        self.info = HtmlView()
        self.table = TableView(self.round, player, reveal=reveal, interactive=False,
                               theme=self.theme)
        controls = HBox([self.first_button, self.back_button, self.forward_button,
                         self.last_button, self.slider])
        controls.add_class("fox-controls")
        # "Review this round" for either player's decisions (widgets/review.py).
        self.review = ReviewPanel(full, choose_seat=True) if review else None
        parts = [controls, self.info, self.table] + ([self.review] if review else [])
        super().__init__(parts)
        self.add_class("fox-app")
        self.add_class("fox-round-player")
        self.go(step, force=True)

    @property
    def steps(self) -> int:
        return len(self.actions)

    def go(self, step: int, force: bool = False) -> None:
        """Move to ``step`` (clamped to 0..steps) by undoing or redoing actions on the round."""
        step = max(0, min(self.steps, int(step)))
        if step == self.step and not force:
            return
        while self.step > step:
            self.round.undo()
            self.step -= 1
        while self.step < step:
            self.round.act(self.actions[self.step])
            self.step += 1
        self._draw()

    def forward(self) -> None:
        self.go(self.step + 1)

    def back(self) -> None:
        self.go(self.step - 1)

    @property
    def records(self) -> list:
        """The engine's records produced by the current step (empty at step 0)."""
        if self.step == 0:
            return []
        return self.round.history[self._marks[self.step - 1]:self._marks[self.step]]

    @property
    def explanation(self) -> str:
        if self.step == 0:
            rnd = self.round
            if rnd.is_over:
                return Narrator.of(rnd).say_all(rnd.history)
            suit = rnd.decree.suit
            return say.round_start(
                rnd.decree.label(rnd.theme),
                None if suit is None else rnd.theme.suit_names[suit],
                rnd.name(rnd.to_play) if not rnd.trick else rnd.name(rnd.leader),
                rnd.trick[0].name(rnd.theme) if rnd.trick else None, rnd.name(rnd.to_play))
        records = self.records
        if not self.reveal:
            # Only what the seat at the bottom may know: the view hides the other's cards.
            view = self.round.view(self.player).history
            records = view[self._marks[self.step - 1]:self._marks[self.step]]
        return Narrator.of(self.round).say_all(records)

    @property
    def shown_trick(self) -> int:
        """The number of the trick on the table at this step (a trick just finished keeps its
        own number)."""
        return shown_trick(self.round)

    @property
    def trick_label(self) -> str:
        """The step header's trick: 'trick 8', or 'trick 7, won by Ann' just after it ended."""
        return trick_label(self.round)

    def _draw(self) -> None:
        with self.slider.hold_trait_notifications():
            self.slider.value = self.step
        self.first_button.disabled = self.back_button.disabled = self.step == 0
        self.forward_button.disabled = self.last_button.disabled = self.step == self.steps
        rnd = self.round
        self.info.html = (f'<div class="fox-status">Step {self.step} of {self.steps} \u00b7 '
                          f"{escape(self.trick_label)}</div>" + message(self.explanation,
                                                     "end" if rnd.is_over else "ok"))
        self.table.update(rnd)

