"""A whole game against the computer: click cards to play, the opponent answers by itself.

Every rule comes from ``foxlib``: the hand asks the engine before playing, the opponent is a
``foxlib.players.levels`` player that sees only its ``PlayerView``, round and game ends are the engine's
records and ``Game.result()``. The opponent's hand and the deck are never shown. With the
special cards, every decision the learner makes is one of the round's ``legal_actions()``: a
card of the hand (played, or with the Crown, the new card after a Hammer, the Fairy's gift, the
Potion's cards) or a button made from the legal actions (the Hammer's suit, the Fairy's cards
seen, digging with the Shovel or not); the engine checks it and its records tell what happened.
"""
from __future__ import annotations

import asyncio
import random
from html import escape

from ipywidgets import Button, Dropdown, HBox, Layout, ToggleButton, VBox

from foxlib import THEMES, Action, FoxError, Game
from foxlib.teaching.review import Hint, hint as advise
from foxlib.engine.game import DEFAULT_TARGET, LONG_TARGET, SHORT_TARGET
from foxlib.io.inputs import read_theme
from foxlib.engine.modules import BASE
from foxlib.players.levels import LEVELS, make_player
from foxlib.words import captions as say
from foxlib.words.captions import PLAY as WORDS
from foxlib.words.narrator import (OFFER_TITLES, SPECIAL_CARDS_TOLD, Narrator, ReviewNarrator,
                             sentence)

from .card import CardRow, HtmlView
from .module_options import ModuleOptions, describe
from .review import ReviewPanel
from .runtime import run_off_loop
from .table import message
from .tableview import TableView

TARGETS = {SHORT_TARGET: f"{SHORT_TARGET} points (short)",
           DEFAULT_TARGET: f"{DEFAULT_TARGET} points (standard)",
           LONG_TARGET: f"{LONG_TARGET} points (long)"}


def strongest_level() -> str:
    """The strongest computer player available ('strong' once it exists, else the last level)."""
    return "strong" if "strong" in LEVELS else list(LEVELS)[-1]


def _level_title(level: str) -> str:
    title = getattr(LEVELS[level], "title", level)
    return f"{title}" if title.lower().startswith(level) else f"{title} ({level})"


#: Decisions made with buttons (one per legal action) rather than a click on the hand.
BUTTON_KINDS = ("name_suit", "dig", "fairy_take", "potion_play")


def _no_hint(exc) -> str:
    """A hint the engine refused (a position its advice cannot handle yet), in its words; any
    other failure is said plainly, never as a traceback."""
    reason = str(exc).strip() or type(exc).__name__
    return say.no_hint(reason, refused=isinstance(exc, FoxError))


class PlayTable(VBox):
    """Play a game of Fox in the Forest against a computer opponent.

    ``PlayTable(level='random', target=21, theme='classic', seed=None, names=('You',
    'Computer'), opponent_delay=0.6, sync=None, poison=False, goals=None, special=None)``. The
    learner is player A (index 0). ``poison``, ``goals`` (None, ``"house"`` or a
    ``foxlib.engine.goals.GoalSet``) and ``special`` (None, ``"random"``: two at random, or names of
    special cards) are the Deluxe modules of the first game; the ``options``
    (``ModuleOptions``) change them for the next new game, like the target.
    ``sync=None`` lets the opponent answer after ``opponent_delay`` seconds on the kernel's
    event loop (the page stays responsive while it thinks) and answers at once when no loop
    runs, as in tests; ``sync=True`` forces immediate answers.

    Attributes for code and tests: ``game`` (the foxlib Game), ``table`` (TableView),
    ``hand`` (the learner's Hand), buttons ``new_button``, ``undo_button``, ``hint_button``,
    ``keep_button`` (Fox: keep the decree), ``next_button`` (deal the next round), dropdowns
    ``level``, ``target``, ``theme``, ``options`` (Poison 8s, goal cards, the goal file
    button and its report; shown by ``deluxe_button``, built when first used) and ``status``
    (HtmlView with the latest news).

    The special cards' decisions (built with the first game that has special cards;
    ``decision_box`` is None until then): ``crown_button`` (a toggle: the next card clicked is played
    with the Crown; shown when the engine allows it), ``choice_buttons`` (the buttons shown now,
    one per legal action: the Hammer's suits, dig or not, the Fairy's cards or none, the
    Potion's cards), ``offer_row`` (the Fairy's cards seen or the Potion's cards drawn, clickable)
    and ``decide(action)`` (what every button does: the engine checks the action, a refusal is
    shown in its words). ``undo()`` takes back the learner's last decision of any kind.
    """

    def __init__(self, level: str = "random", *, target: int = DEFAULT_TARGET,
                 theme: str = "classic", seed=None, names=("You", "Computer"),
                 opponent_delay: float = 0.6, sync=None, poison: bool = False, goals=None,
                 special=None):
        if level not in LEVELS:
            raise ValueError(say.unknown_choice("player level", level, sorted(LEVELS)))
        read_theme(theme)
        if target not in TARGETS:
            raise ValueError(say.target_not_offered(target, sorted(TARGETS)))
        self.names, self.learner, self.delay, self.sync = tuple(names), 0, opponent_delay, sync
        self._rng = random.Random(seed)
        self._generation = 0          # bumped by undo/new game: late opponent answers are dropped
        self.thinking = False
        self._news, self.news_kind, self._detail, self.headline = ("", (), ""), "info", "", ""
        self.last_hint = None
        self._marks: list = []        # where the game stood before each learner decision
        self.level = Dropdown(options=[(_level_title(k), k) for k in LEVELS], value=level,
                              description="Opponent", layout=Layout(width="auto"))
        self.target = Dropdown(options=[(v, k) for k, v in TARGETS.items()], value=target,
                               description="Game to", layout=Layout(width="auto"))
        self.theme = Dropdown(options=[(t.title, k) for k, t in THEMES.items()], value=theme,
                              description="Cards", layout=Layout(width="auto"))
        self.new_button = Button(description="New game", icon="")
        self.undo_button = Button(description=say.CHROME["undo"], tooltip=WORDS["undo_tip"])
        self.hint_button = Button(description=say.CHROME["hint"], tooltip=WORDS["hint_tip"])
        voice = Narrator()
        self.keep_button = Button(description=voice.action_words("exchange", None, "button"),
                                  tooltip=voice.action_words("exchange", None, "tip"))
        self.next_button = Button(description=WORDS["next_round"], button_style="success")
        self.status = HtmlView()
        self.status.add_class("fox-table-status")
        # The Deluxe module options are built when first asked for (fewer widgets to load
        # for a reader who plays the base game), or at once when the first game uses them.
        self._options = None
        self.deluxe_button = Button(description=WORDS["deluxe"], tooltip=WORDS["deluxe_tip"])
        self.deluxe_button.add_class("fox-reveal")      # drawn as a disclosure (style.css)
        self.deluxe_button.on_click(lambda _b: self.show_modules())
        self.modules_box = VBox([self.deluxe_button])
        if poison or goals is not None or special is not None:
            self._build_options(poison, goals, special)
        # The special cards' decisions: built with the first game that has special cards.
        self.decision_box = None
        for b in (self.new_button, self.undo_button, self.hint_button, self.keep_button,
                  self.next_button, self.deluxe_button):
            b.layout.width = "auto"
        self.new_button.on_click(lambda _b: self.new_game())
        self.undo_button.on_click(lambda _b: self.undo())
        self.hint_button.on_click(lambda _b: self.hint())
        self.keep_button.on_click(lambda _b: self.hand.keep_decree())
        self.next_button.on_click(lambda _b: self.next_round())
        self.level.observe(self._level_changed, names="value")
        self.theme.observe(self._theme_changed, names="value")
        self.target.observe(self._target_changed, names="value")
        controls = HBox([self.level, self.target, self.theme, self.new_button])
        actions = HBox([self.hint_button, self.undo_button, self.keep_button, self.next_button])
        self.actions = actions
        controls.add_class("fox-controls")
        actions.add_class("fox-controls")
        self.game = self._new_game_object()
        self.opponent = make_player(level, self._rng.randrange(2**32))
        self.table = TableView(self.game.round, self.learner, theme=theme, target=target)
        self.hand = self.table.hand
        self.hand.on_action(self._learner_acted)
        self.refusal = ""         # the engine's reason for the learner's last refused choice
        self.hand.on_refused(self._refused)
        # "Review this round" appears when a round ends (widgets/review.py).
        self.review = ReviewPanel(seed=0 if seed is None else seed, sync=sync)
        super().__init__([controls, self.modules_box, self.status, actions, self.review,
                          self.table])
        self.add_class("fox-app")
        self.add_class("fox-play-table")
        self._changed()

    # -- public actions
    def new_game(self) -> None:
        """Shuffle and deal a new game with the chosen target; the opponent keeps its level."""
        self._generation += 1
        self.thinking = False
        self.game = self._new_game_object()
        self._marks, self.refusal = [], ""
        self.opponent = make_player(self.level.value, self._rng.randrange(2**32))
        self.table.scores.target = self.target.value
        leader = self.names[self.game.round.leader]
        played = "" if self.game.modules.base else self.modules_words()
        told = SPECIAL_CARDS_TOLD if self.game.modules.special else ""
        self._say(say.new_game(self.target.value, played, told, leader))
        self.hand.message = ""
        self._changed()

    def next_round(self) -> None:
        if not self.game.round.is_over or self.game.is_over:
            return
        self.game.next_round()
        self.hand.message = ""
        leader = self.names[self.game.round.leader]
        self._say(say.new_round(len(self.game.rounds), leader))
        self._changed()

    def undo(self) -> bool:
        """Go back to just before the learner's last decision, taking back the opponent's answer.

        Returns False (and says why) when the learner has not decided anything yet.
        """
        if not self._marks:
            self._say(WORDS["nothing_to_undo"])
            self._draw()
            return False
        self._generation += 1
        self.thinking = False
        mark = self._marks.pop()
        # Single actions are taken back (the opponent's answers too) until the game stands
        # where it stood before the learner's last decision; random picks come back the same.
        while self.game.actions_made != mark:
            self.game.undo()
        self.hand.message = ""
        self.hand.crown = False
        self.refusal = ""
        self._say(WORDS["undone"])
        self._changed()
        return True

    def hint(self):
        """Show what the strong player would do in the learner's place, and why in one plain
        sentence (``foxlib.teaching.review.hint``: the reason comes from facts of the position, such as
        'it wins the Treasure'); the numbers behind it follow in a smaller line.

        Returns the sentence when it was worked out at once (no event loop, as in tests); with
        a running loop the advice is worked out in a worker thread, the page stays responsive,
        the text appears when ready and None is returned. ``last_hint`` keeps the whole
        ``foxlib.teaching.review.Hint``: its facts are said again in the theme shown at each redraw.
        """
        rnd = self.game.round
        if rnd.to_play != self.learner:
            text = WORDS["hint_not_now"]
            self._say(text)
            self._draw()
            return text
        # The review's seed and settings: the hint and the review of this position afterwards
        # ask the same judgement (foxlib.teaching.judgement), so they give the same numbers.
        view, theme, seed = rnd.view(self.learner), rnd.theme, self.review.seed

        def work():
            return advise(view, theme=theme, names=self.names, seed=seed,
                          settings=self.review.settings)

        loop = self._loop()
        if loop is None:
            try:
                advice = work()
            except Exception as exc:    # noqa: BLE001 - refused or failed: said, never raised
                return self._show_hint(self._generation, len(rnd.history), None,
                                       _no_hint(exc))
            return self._show_hint(self._generation, len(rnd.history), advice)
        self._say(WORDS["thinking_hint"], "hint")
        self._draw()
        generation, seen = self._generation, len(rnd.history)
        future = run_off_loop(loop, work)
        future.add_done_callback(
            lambda f: self._show_hint(generation, seen, f.result()) if not f.exception()
            else self._show_hint(generation, seen, None, _no_hint(f.exception())))
        return None

    def _show_hint(self, generation, seen, advice, failed=""):
        # A hint for a position that has changed meanwhile would mislead: drop it.
        if generation != self._generation or len(self.game.round.history) != seen:
            return None
        self.last_hint = advice
        if advice is None:
            self._say(failed, "hint")
        else:
            self._say("", "hint", advice, records=[advice])
        self._draw()
        return self.news

    def _loop(self):
        if self.sync:
            return None
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            return None

    # -- reacting to changes
    def _refused(self, _card, reason) -> None:
        # Said in the log too, until the next decision is made.
        self.refusal = reason
        self._draw()

    def _learner_acted(self, kind, card, records) -> None:
        self.refusal = ""
        # The hand has made the action: the game stood one action earlier before it.
        rounds, made = self.game.actions_made
        self._marks.append((rounds, made - 1))
        self.hand.crown = False
        self.news = ""
        self._changed()

    def decide(self, action) -> bool:
        """Make one of the learner's decisions (``Action`` or ``(kind, card)``); the engine
        checks it. Refused: its reason is shown (hand message and news) and nothing changes.
        True when it was made."""
        rnd = self.game.round
        try:
            action = action if isinstance(action, Action) else Action(*action)
            if rnd.to_play != self.learner:
                raise FoxError(WORDS["not_your_decision"])
            rnd.verify(action)
        except FoxError as exc:
            told = getattr(exc, "refusal", None) or str(exc)
            self.hand._refuse(getattr(action, "card", None), told)
            self._say(self.hand.message)
            self._draw()
            return False
        mark = self.game.actions_made
        self.refusal = ""
        start = len(rnd.history)
        rnd.act(action)
        self._marks.append(mark)
        self.hand.message = list(rnd.history[start:])
        self.hand.message_kind = "ok"
        self.hand.crown = False
        self.news = ""
        self._changed()
        return True

    def _crown_toggled(self, change) -> None:
        self.hand.crown = bool(change["new"])
        self.hand.update()

    def _offer_clicked(self, code) -> None:
        rnd = self.game.round
        if rnd.phase in OFFER_TITLES:
            self.decide(Action(rnd.phase, code))

    def _changed(self) -> None:
        """After any change: redraw, report a round or game end, and let the opponent move."""
        rnd = self.game.round
        if rnd.is_over:
            over, winner, why = self.game.result(WORDS["deal_on"])
            if not over:
                headline = WORDS["round_over"]
            elif winner == "draw":
                headline = WORDS["draw"]
            else:
                headline = say.game_won(self.names[winner])
            self.headline = sentence(headline)
            self._say("", "end", records=[rnd.round_end], after=why)
        self._draw()
        if rnd.to_play is not None and rnd.to_play != self.learner:
            self._schedule_opponent()

    def _schedule_opponent(self) -> None:
        loop = self._loop()
        if loop is None:
            self._opponent_acts(self._generation)
            return
        self.thinking = True
        self._draw()
        generation = self._generation
        loop.call_later(self.delay, self._think, loop, generation)

    def _think(self, loop, generation) -> None:
        # The choice may take a while for strong players: compute it off the event loop, then
        # apply it back on the loop (widgets are only changed from there).
        if generation != self._generation:
            return
        view = self.game.round.view(1 - self.learner)
        future = run_off_loop(loop, self.opponent.choose, view)
        future.add_done_callback(lambda f: self._opponent_acts(generation, f))

    def _opponent_acts(self, generation, future=None) -> None:
        if generation != self._generation:
            return
        self.thinking = False
        self.hand.message = ""
        rnd, me = self.game.round, 1 - self.learner
        if rnd.to_play != me or rnd.is_over:
            return
        start, note = len(rnd.history), ""
        try:
            action = future.result() if future is not None else self.opponent.choose(rnd.view(me))
            rnd.act(action)     # the engine checks the choice before applying it
        except Exception as exc:  # noqa: BLE001 - a player's bug must not freeze the game
            note = say.player_failed(exc)
            rnd.act(self._rng.choice(rnd.legal_actions()))
        # What the learner saw happen, kept as records: said in the theme shown at each redraw.
        # A plain lead is left out: the status line's turn names the card to follow.
        told = rnd.view(self.learner).history[start:]
        if rnd.to_play == self.learner and rnd.phase in ("play", "crown"):
            told = [r for r in told if not (r.kind == "play" and r.leads and
                                            r.player == me and not getattr(r, "how", ""))]
        self._say(note, records=told)
        self._changed()

    # -- controls
    def _level_changed(self, change) -> None:
        self.opponent = make_player(change["new"], self._rng.randrange(2**32))
        self._say(say.new_opponent(_level_title(change["new"])))
        self._draw()

    def _theme_changed(self, change) -> None:
        theme = read_theme(change["new"])
        self.game.theme = theme
        for rnd in self.game.rounds:
            rnd.theme = theme
        self.table.update(theme=change["new"])
        self._draw()          # the news, too, is told again in the new suits

    def show_modules(self) -> None:
        """Show the Deluxe module options (what the "Deluxe modules" button does)."""
        if self._options is None:
            self._build_options(False, None)

    def _build_options(self, poison, goals, special=None) -> None:
        self._options = ModuleOptions(poison=poison, goals=goals, special=special)
        self._options.on_change(self._modules_changed)
        self.modules_box.children = [self._options]

    @property
    def options(self) -> ModuleOptions:
        """The Deluxe module options (``ModuleOptions``), built when first used."""
        self.show_modules()
        return self._options

    def modules(self, rng=None):
        """The modules the next new game is played with (special cards "at random" are picked
        with ``rng`` at each call)."""
        return self._options.modules(rng) if self._options is not None else BASE

    def modules_words(self) -> str:
        """This game's modules in words, its special cards named even when they were picked at
        random: both players are told which are in the game (our ruling SC18)."""
        return describe(self.game.modules)

    def _modules_changed(self, modules) -> None:
        problem = self._options.special_problem
        self._say(say.next_game_modules(self._options.words(), self.modules_words(), problem))
        self._draw()

    def _target_changed(self, change) -> None:
        self._say(say.next_game_target(change["new"], self.game.target))
        self._draw()

    def _new_game_object(self) -> Game:
        seed = self._rng.randrange(2**32)
        modules = self.modules(random.Random(seed))
        return Game(seed, target=self.target.value, names=self.names,
                    theme=read_theme(self.theme.value), modules=modules)

    # -- drawing
    def _say(self, text: str, kind: str = "info", detail="", *, records=(),
             after: str = "") -> None:
        """The latest news: ``text``, then what ``records`` tell (said again at each redraw,
        in the names and theme shown then), then ``after``. A record may be a hint
        (``foxlib.teaching.review.Hint``), and ``detail`` a text or the hint whose numbers it gives."""
        self._news, self.news_kind, self._detail = (text, tuple(records), after), kind, detail

    @property
    def news(self) -> str:
        text, records, after = self._news
        said = ""
        if records:
            hints = [r for r in records if isinstance(r, Hint)]
            said = (self._hint_voice().hint_text(hints[0]) if hints else
                    Narrator(self.names, self.game.theme).say_all(records))
        return " ".join(part for part in (text, said, after) if part)

    @property
    def news_detail(self) -> str:
        """The smaller line under the news (a hint's numbers), in the words of now."""
        detail = self._detail
        if not isinstance(detail, Hint):
            return detail
        voice = self._hint_voice()
        return " ".join(filter(None, (voice.hint_detail(detail), voice.hint_choices(detail))))

    def _hint_voice(self) -> ReviewNarrator:
        return ReviewNarrator(self.names, self.game.theme)

    @news.setter
    def news(self, text: str) -> None:
        self._news = (text, (), "")

    def _draw(self) -> None:
        rnd = self.game.round
        over = self.game.is_over
        self.keep_button.layout.display = ("" if rnd.phase == "exchange" and
                                           rnd.to_play == self.learner else "none")
        self.next_button.layout.display = "" if rnd.is_over and not over else "none"
        self.review.set_round(rnd if rnd.is_over else None)
        self.undo_button.disabled = not self._marks
        self.hint_button.disabled = rnd.to_play != self.learner
        turn = ""
        if self.thinking:
            turn = say.thinking(self.names[1 - self.learner])
        elif rnd.to_play == self.learner:
            turn = self._your_turn()
        elif rnd.is_over:
            turn = WORDS["game_is_over"] if over else WORDS["round_is_over"]
        played = "" if self.game.modules.base else self.modules_words()
        header = say.table_header(len(self.game.rounds), self.game.target, played, turn)
        header = f'<div class="fox-status">{escape(header)}</div>'
        headline = (f'<div class="fox-headline">{escape(self.headline)}</div>'
                    if rnd.is_over and self.headline else "")
        detail = (f'<div class="fox-status fox-detail">{escape(self.news_detail)}</div>'
                  if self.news_detail else "")
        self.status.html = header + headline + message(self.news, self.news_kind) + detail
        self._draw_decision()
        # The table (and its log) last: a page that sees the log change sees the status and
        # the decision buttons of the same moment.
        self.table.scores.target = self.game.target
        refused = [say.not_allowed(self.refusal)] if self.refusal else []
        self.table.update(rnd, extra_log=refused)

    def _your_turn(self) -> str:
        """What the learner's turn asks for ('Your turn: follow the 4 of Keys.'): the
        opponent's lead is said here, not again in the news."""
        view = self.game.round.view(self.learner)
        led = view.trick[0] if view.trick and view.leader != self.learner else None
        return Narrator(self.names, self.game.theme).your_turn(
            view.phase, led, led is not None and view.crowned is led)

    def _build_decisions(self) -> None:
        """The special cards' decision widgets (only pages that play with them load them)."""
        voice = Narrator()                  # the Crown's toggle: before the card is chosen
        self.crown_button = ToggleButton(description=voice.action_words("crown", None, "button"),
                                         value=False,
                                         tooltip=voice.action_words("crown", None, "tip"),
                                         layout=Layout(width="auto"))
        self.crown_button.observe(self._crown_toggled, names="value")
        self.decision_note = HtmlView()
        self.offer_row = CardRow(size="small", label=WORDS["offer"])
        self.offer_row.on_click(self._offer_clicked)
        self._buttons = []
        self.choice_box = HBox([])
        self.choice_box.add_class("fox-controls")
        self.decision_box = VBox([self.decision_note, self.offer_row, self.choice_box])
        self.decision_box.add_class("fox-decision")
        kids = list(self.actions.children)
        kids.insert(kids.index(self.keep_button) + 1, self.crown_button)
        self.actions.children = tuple(kids)
        kids = list(self.children)
        kids.insert(kids.index(self.actions) + 1, self.decision_box)
        self.children = tuple(kids)

    def _draw_decision(self) -> None:
        """The special cards' decisions the learner can make now, from ``legal_actions()``."""
        if self.decision_box is None:
            if not self.game.modules.special:
                return
            self._build_decisions()
        rnd = self.game.round
        mine = rnd.to_play == self.learner and not self.thinking
        actions = rnd.legal_actions() if mine else []
        can_crown = any(a.kind == "crown" for a in actions)
        self.crown_button.layout.display = "" if can_crown else "none"
        want = can_crown and self.hand.crown        # the toggle shows what a click will do
        if self.crown_button.value != want:
            self.crown_button.value = want
        buttons = [a for a in actions if a.kind in BUTTON_KINDS]
        if not buttons:
            self.decision_box.layout.display = "none"
            self.choice_box.children = ()
            return
        kind, th = rnd.phase, self.game.theme
        while len(self._buttons) < len(buttons):
            b = Button(layout=Layout(width="auto"))
            b.on_click(lambda btn: self.decide(btn._fox_action))
            self._buttons.append(b)
        voice = Narrator(self.names, th)
        for b, a in zip(self._buttons, buttons):
            b._fox_action = a
            b.description = voice.action_words(a.kind, a.card, "button")
            b.tooltip = voice.action_words(a.kind, a.card, "tip")
        self.choice_box.children = tuple(self._buttons[:len(buttons)])
        offer = [str(c) for c in rnd.view(self.learner).offer] if kind in OFFER_TITLES else []
        self.offer_row.update(offer, theme=th.key, label=OFFER_TITLES.get(kind, ""),
                              poison=self.game.modules.poison)
        self.offer_row.layout.display = "" if offer else "none"
        self.decision_note.html = f'<div class="fox-title">{escape(voice.prompt(kind))}</div>'
        self.decision_box.layout.display = ""

    @property
    def choice_buttons(self) -> list:
        """The decision buttons shown now (each made from one of the engine's legal actions)."""
        return [] if self.decision_box is None else list(self.choice_box.children)
