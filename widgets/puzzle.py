"""The puzzle player: a thin view over ``foxlib.teaching.puzzles.PuzzleSession``.

``PuzzlePlayer`` shows one puzzle from the learner's side (concealed cards face down), takes an
answer by click or keyboard (a card, a Fox or Woodcutter decision, a button, a number), lets the
opponent answer with its best defence (the solver's), and explains what happened with the
engine's reasons and the author's words. Hint, Show solution, Retry and Next.

``PuzzleApp`` adds a set chooser, a progress view per set that survives a page reload (kept in
the browser's localStorage by ``ProgressStore``), and a file upload for a teacher's own puzzles,
with every problem of a bad file shown in place.
"""
from __future__ import annotations

import pathlib
from html import escape

import anywidget
import traitlets as t
from ipywidgets import Button, ButtonStyle, Dropdown, HBox, Layout, VBox

from foxlib import Card, FoxError, Move
from foxlib.words import captions as say
from foxlib.words.captions import PUZZLE as WORDS
from foxlib.words.narrator import Narrator
from foxlib.teaching.puzzles import (BAND, EXAMPLE_FILE, PLAY, PREDICT, SCORE, LoadResult,
                                     PuzzleSession, check_puzzle, dumps, load_collection,
                                     load_text, set_level)
from foxlib.engine.round import Action

from .card import CardRow, HtmlView
from .file_button import FileButton
from .hand import Hand
from .puzzle_board import points_so_far, table_html
from .runtime import page_href
from .puzzle_store import STORAGE_KEY, ProgressStore, progress_key  # noqa: F401 (public here)
from .table import DecreeView, ScoreBoard, message

HERE = pathlib.Path(__file__).parent
KIND_WORDS = {PREDICT: say.PUZZLE_KINDS["predict"], PLAY: say.PUZZLE_KINDS["play"],
              BAND: say.PUZZLE_KINDS["band"], SCORE: say.PUZZLE_KINDS["score"]}
LEVEL_WORDS = say.LEVELS


class NumberAnswer(anywidget.AnyWidget):
    """A typed number with a Check button (see puzzle_number.js). The browser sends the answer
    once, on Check or Enter; ``on_submit(callback(text))``. ``submit(text)`` does from Python
    what the browser does."""

    _esm = HERE / "puzzle_number.js"
    value = t.Unicode("").tag(sync=True)
    label = t.Unicode(say.CHROME["answer"]).tag(sync=True)
    placeholder = t.Unicode(say.CHROME["points"]).tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._submit_handlers = []
        self.on_msg(self._message)

    def on_submit(self, callback) -> None:
        self._submit_handlers.append(callback)

    def submit(self, text) -> None:
        self._message(self, {"event": "submit", "value": str(text)}, [])

    def _message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.value = str(content.get("value", ""))
            for handler in list(self._submit_handlers):
                handler(self.value)


class PuzzleHand(Hand):
    """The learner's hand in a puzzle: ``active`` says whether the puzzle waits for a card from
    it, and ``state`` (when set) is what the hand's status line says instead of the round's
    turn, e.g. once the puzzle is over."""

    def __init__(self, *args, **kwargs):
        self.active, self.state = True, ""
        super().__init__(*args, **kwargs)

    @property
    def my_turn(self) -> bool:
        return self.active and super().my_turn

    def status(self) -> str:
        if not self.state or self.rnd is None:
            return super().status()
        return say.hand_status(len(self.rnd.hands[self.player]), self.state)


class _Shared:
    """Layouts and a button style shared by the widgets that are never hidden one by one: every
    widget model is a message when the page opens, and fewer messages open the page sooner."""

    def __init__(self):
        self.box, self.auto, self.style = Layout(), Layout(width="auto"), ButtonStyle()

    def button(self, text, tooltip="", kind="", own_layout=False):
        return Button(description=text, tooltip=tooltip, button_style=kind, style=self.style,
                      layout=Layout(width="auto") if own_layout else self.auto)


class PuzzlePlayer(VBox):
    """One puzzle at a time from ``playlist``; ``show(index)`` or ``load(puzzle)``.

    Events: ``on_solved(callback(puzzle))`` when the learner solves a puzzle,
    ``on_change(callback(puzzle))`` when another puzzle is shown.
    Test helpers: ``answer(value)``, ``click_card(card)``, ``choose(card or None)`` (the Fox's or
    Woodcutter's decision), ``act_button(label)`` (a decision of a puzzle with modules: a
    special card's decision, a card with the Crown), and the buttons ``hint_button`` ...
    ``next_button``."""

    def __init__(self, playlist=(), *, index: int = 0, theme: str = "classic",
                 store: ProgressStore | None = None):
        self.playlist, self.index, self.theme, self.store = list(playlist), index, theme, store
        self.session: PuzzleSession | None = None
        self._solved_handlers, self._change_handlers = [], []
        self._pending = None            # a Fox or Woodcutter card waiting for its decision
        shared = self._shared = _Shared()
        self.header = HtmlView(layout=shared.box)        # title, level, the question
        self.opponent = CardRow(theme=theme, size="small", interactive=False,
                                label=WORDS["opponent_hand"], layout=shared.box)
        self.opponent_note = HtmlView(layout=shared.box)
        self.table = HtmlView(layout=shared.box)        # the trick(s) on the table
        self.decree = DecreeView(theme=theme, layout=shared.box)
        self.deck = CardRow(theme=theme, size="small", interactive=False, label=WORDS["deck"])
        self.scores = ScoreBoard(names=(WORDS["you"], WORDS["opponent"]), layout=shared.box)
        self.hand = PuzzleHand(None, 0, theme=theme, title=WORDS["your_hand"], apply=False)
        self.hand.on_action(self._hand_action)
        self.decision_note = HtmlView(layout=shared.box)
        self.decision_row = CardRow(theme=theme, label=WORDS["choose"], layout=shared.box)
        self.decision_row.on_click(lambda code: self.choose(Card(code)))
        voice = Narrator()
        self.keep_button = shared.button(voice.action_words("exchange", None, "button"),
                                         voice.action_words("exchange", None, "tip"),
                                         own_layout=True)
        self.keep_button.on_click(lambda _b: self.choose(None))
        self.decision = VBox([self.decision_note, self.decision_row, self.keep_button])
        # Puzzles with modules: the learner's decisions other than a card to play, one button
        # each, labelled and offered by the session (the engine's legal actions).
        self.action_note = HtmlView(layout=shared.box)
        self.action_buttons = HBox([])
        self.action_buttons.add_class("fox-controls")
        self.actions_box = VBox([self.action_note, self.action_buttons])
        self._answer_choices = {}       # label -> Button, made once and shown as needed
        for label in say.ANSWER_LABELS:
            b = shared.button(label, say.answer_tip(label), own_layout=True)
            b.on_click(lambda _b, text=label: self._answer_clicked(text))
            self._answer_choices[label] = b
        self.answer_buttons = HBox(list(self._answer_choices.values()))
        self.answer_buttons.add_class("fox-controls")
        self.number = NumberAnswer()    # sends its answer once: on Check or on Enter
        self.number.on_submit(self._number_entered)
        self.number_box = self.number
        self.feedback = HtmlView(layout=shared.box)
        chrome = say.CHROME
        self.hint_button = shared.button(chrome["hint"], WORDS["hint_tip"])
        self.solution_button = shared.button(chrome["show_solution"], WORDS["solution_tip"])
        self.retry_button = shared.button(chrome["retry"], WORDS["retry_tip"])
        self.next_button = shared.button(chrome["next_puzzle"], WORDS["next_tip"], "success")
        self.hint_button.on_click(lambda _b: self.hint())
        self.solution_button.on_click(lambda _b: self.show_solution())
        self.retry_button.on_click(lambda _b: self.retry())
        self.next_button.on_click(lambda _b: self.next())
        controls = HBox([self.hint_button, self.solution_button, self.retry_button,
                         self.next_button], layout=shared.box)
        controls.add_class("fox-controls")
        self.opponent_box = VBox([self.opponent_note, self.opponent], layout=Layout())
        board = VBox([self.opponent_box, self.table,
                      HBox([self.decree, self.deck], layout=shared.box),
                      self.scores])
        board.add_class("fox-panel")
        super().__init__([self.header, board, self.hand, self.decision, self.actions_box,
                          self.answer_buttons, self.number_box, self.feedback, controls])
        self.add_class("fox-app")
        self.add_class("fox-puzzle-player")
        if self.playlist:
            self.show(index)

    # -- events
    def on_solved(self, callback) -> None:
        self._solved_handlers.append(callback)

    def on_change(self, callback) -> None:
        self._change_handlers.append(callback)

    # -- choosing a puzzle
    @property
    def puzzle(self):
        return self.session.puzzle if self.session else None

    def show(self, index: int) -> None:
        if not self.playlist:
            return
        self.index = max(0, min(index, len(self.playlist) - 1))
        self.load(self.playlist[self.index])

    def load(self, puzzle) -> None:
        # A puzzle whose solution was seen before (in this browser) stays seen, not solved.
        seen = self.store is not None and self.store.is_seen(puzzle)
        self.session = PuzzleSession(puzzle, seen=seen, theme=self.theme)
        self._pending = None
        self._feedback_html = ""
        for handler in list(self._change_handlers):
            handler(puzzle)
        self._draw()

    def next(self) -> None:
        if self.index + 1 < len(self.playlist):
            self.show(self.index + 1)
            self._focus_first_choice()

    # -- the learner's actions
    def hint(self) -> None:
        if self.session:
            if self.session.hint() is None:
                self._say([(WORDS["last_hint"], "info")])
            self._draw()

    def retry(self) -> None:
        if self.session:
            self.session.reset()
            self._pending = None
            self._feedback_html = ""
            self.number.value = ""
            self._draw()
            self._focus_first_choice()

    def _focus_first_choice(self) -> None:
        """After Retry or Next the keyboard focus goes to the first thing to answer with (an
        answer button, the number field, a decision button or the hand), not left on the button
        pressed below the board."""
        shown = [b for b in self._answer_choices.values() if b.layout.display != "none"]
        if shown and self.answer_buttons.layout.display != "none":
            shown[0].focus()
        elif self.number_box.layout.display != "none":
            self.number.focus()
        elif self.actions_box.layout.display != "none" and self.action_buttons.children:
            self.action_buttons.children[0].focus()
        else:
            self.hand.row.focus()

    def show_solution(self) -> None:
        if self.session:
            self._pending = None
            self._judge(self.session.solution)

    def answer(self, value) -> None:
        """A predict or score answer: 'A'/'B' (or 0/1), 'draw', 'continue', or a number."""
        if self.session is None:
            return
        if self.session.puzzle.kind == SCORE and str(value).strip() == "":
            self._say([(WORDS["type_number"], "info")])
            self._draw()
            return
        self._judge(self.session.answer, value)

    def click_card(self, card) -> None:
        """What a click on one of your cards does (the Hand checks it with the engine first)."""
        self.hand.click(card)

    def choose(self, card) -> None:
        """The Fox's exchange (a card, or None to keep the decree) or the Woodcutter's discard."""
        if self._pending is None or self.session is None:
            return
        fox, kind = self._pending
        self._pending = None
        if kind == "exchange":
            move = Move(fox, exchange=card)
        else:
            if card is None:
                self._pending = (fox, kind)
                return
            move = Move(fox, discard=card)
        self._judge(self.session.play, move)

    def act_button(self, label: str) -> None:
        """Click the decision button with this label (puzzles with modules)."""
        for button in self.action_buttons.children:
            if button.description == label:
                button.click()
                return
        raise KeyError(say.no_button(label, [b.description for b in self.action_buttons.children]))

    def _act(self, action: Action) -> None:
        if self.session is not None and not self.session.finished:
            self._judge(self.session.act, action)

    def _hand_action(self, kind, code, _records) -> None:
        if kind != "play" or self.session is None or not self.session.your_turn:
            return
        card = Card(code)
        decision, _options, _drawn = self.session.decision(card)
        if decision:
            self._pending = (card, decision)
            self._draw()
            return
        self._judge(self.session.play, Move(card))

    def _answer_clicked(self, label: str) -> None:
        # A second click on a hidden button (a double click) must not answer a finished attempt.
        if self.session is not None and not self.session.finished:
            value = dict(self.session.options()).get(label)
            if value is not None:
                self.answer(value)

    def _number_entered(self, text) -> None:
        if self.session is not None and not self.session.finished:
            self.answer(text)

    # -- showing what happened
    def _judge(self, action, *args) -> None:
        """Run a session action and show its feedback; a puzzle the engine or solver cannot
        handle (say, a teacher's position too big to solve) gives a message, never a crash."""
        if self.store is not None and self.store.is_seen(self.session.puzzle):
            self.session.seen_before()      # (remembered after the puzzle was opened)
        try:
            fb = action(*args)
        except FoxError as exc:
            self._say([(say.cannot_play_puzzle(exc), "illegal")])
            self._draw()
            return
        self._show(fb)

    def _show(self, fb) -> None:
        kind = {"right": "ok", "wrong": "illegal", "shown": "end", "going": "info",
                "refused": "illegal"}[fb.status]
        title = fb.title if fb.status != "refused" else ""
        lines = list(fb.lines)
        parts = []
        if fb.status == "refused":
            parts.append(message(" ".join(lines), "illegal"))
        else:
            head = {"right": "\u2714 ", "wrong": "\u2716 ", "shown": "", "going": ""}[fb.status]
            parts.append(f'<div class="fox-headline fox-pz-result-{fb.status}">{escape(head + title)}'
                         "</div>")
            parts.append('<ul class="fox-steps">' + "".join(
                f"<li>{escape(x)}</li>" for x in lines) + "</ul>")
        self._feedback_html = (f'<div class="fox-pz-feedback fox-pz-feedback-{fb.status}" '
                               f'role="status" aria-live="polite" data-kind="{kind}">'
                               + "".join(parts) + "</div>")
        puzzle = self.session.puzzle
        if self.session.solution_seen:
            # The answer was seen (Show solution, or wrong tries that left only the answer):
            # seen, not solved, even when it is answered right afterwards.
            if self.store is not None:
                self.store.mark_seen(puzzle)
        elif fb.status == "right":
            if self.store is not None:
                self.store.mark(puzzle)
            for handler in list(self._solved_handlers):
                handler(puzzle)
        self._draw()

    def _say(self, items) -> None:
        self._feedback_html = "".join(message(text, kind) for text, kind in items)

    # -- drawing: every board is one consistent position (tested for every puzzle)
    def _draw(self) -> None:
        s = self.session
        if s is None:
            return
        p, rnd = s.puzzle, s.round
        moves = p.kind in (PLAY, BAND)
        # Predict and score puzzles: the given plays lie on the table and are out of the
        # hands, but until the question is answered the tricks they make are not counted yet
        # (the count would give the answer away).
        # A wrong answer keeps them uncounted too: the board would show the right answer (who
        # won the trick, or the right number).
        pending = not moves and (not s.finished or s.status == "failed")
        self._draw_header(p)
        self._draw_opponent(p, rnd)
        self.opponent_box.layout.display = "" if (moves or rnd.hands[p.opponent]) else "none"
        self.table.html = table_html(p, rnd, pending, self.theme, s.finished)
        deck_open = p.show_deck and not p.deck_hidden
        self.decree.update(rnd, deck_open=deck_open)
        self.deck.update([str(c) for c in rnd.deck] if deck_open else [],
                         label=WORDS["deck_open"])
        self.deck.layout.display = "" if deck_open else "none"
        self._draw_scores(p, rnd, pending)
        self.hand.player = p.you
        self.hand.active = moves and s.your_turn and self._pending is None and \
            (not p.deluxe or rnd.phase == "play")
        self.hand.state = self._hand_state(s)
        self.hand.interactive = self.hand.active
        self.hand.update(rnd)
        self.hand.row.interactive = self.hand.active
        self.hand.layout.display = "" if (moves or rnd.hands[p.you]) else "none"
        self._draw_decision(s)
        self._draw_actions(s)
        self._draw_answers(s)
        hints = "".join(message(h, "hint") for h in s.shown_hints())
        self.feedback.html = self._feedback_html + (
            f'<div class="fox-pz-hints">{hints}</div>' if hints else "")
        self.hint_button.disabled = s.hints_shown >= len(p.hints)
        self.next_button.disabled = self.index + 1 >= len(self.playlist)

    def _hand_state(self, s) -> str:
        """The hand's status line: empty while the round's own words fit (your turn)."""
        if s.puzzle.kind not in (PLAY, BAND):
            return say.puzzle_hand_state("answer", options=bool(s.options()),
                                         finished=s.finished)
        return say.puzzle_hand_state("moves", status=s.status, seen=s.solution_seen,
                                     pending=self._pending[1] if self._pending else None)

    def _draw_header(self, p) -> None:
        solved = self.store is not None and self.store.is_solved(p)
        seen = self.store is not None and self.store.is_seen(p)
        stars = "\u2605" * p.difficulty + "\u2606" * (3 - p.difficulty)
        where = f"{self.index + 1} of {len(self.playlist)}" if self.playlist else ""
        mark = (f' <span class="fox-pz-solved">{WORDS["solved"]}</span>' if solved else
                f' <span class="fox-pz-seen">{WORDS["seen"]}</span>' if seen else "")
        place = escape(say.puzzle_place(where, KIND_WORDS[p.kind]))
        self.header.html = (
            f'<div class="fox-puzzle-head"><span class="fox-headline">'
            f'{escape(self.session.title())}</span>'
            f'{mark}<div class="fox-status">{place} \u00b7 '
            f'<span aria-label="{say.difficulty(p.difficulty)}">'
            f'{stars}</span> {LEVEL_WORDS[p.difficulty]}</div></div>')
        prompt = f"<p>{escape(self.session.prompt())}</p>" if p.prompt else ""
        self.header.html += (f'<div class="fox-pz-question">{prompt}<p class="fox-title">'
                             f"{escape(self.session.question())}</p></div>")

    def _draw_opponent(self, p, rnd) -> None:
        hand = sorted(rnd.hands[p.opponent])
        hidden = p.concealed[p.opponent]
        self.opponent.update([str(c) for c in hand], face_down=hidden)
        note = say.opponent_note(len(hand), WORDS["face_down" if hidden else "face_up"])
        self.opponent_note.html = (f'<div><span class="fox-title">{WORDS["opponent"]}</span> '
                                   f'<span class="fox-status">{note}</span></div>')

    def _draw_scores(self, p, rnd, pending) -> None:
        names = ["", ""]
        names[p.you], names[p.opponent] = WORDS["you"], WORDS["opponent"]
        self.scores.names = names
        if not pending:
            self.scores.update(rnd)
        elif p.kind == PREDICT:
            self.scores.update(p.start())
        else:       # a score question: no band points yet, they are what is asked
            self.scores.html = points_so_far(p, names)

    def _draw_decision(self, s) -> None:
        if self._pending is None:
            self.decision.layout.display = "none"
            return
        card, kind = self._pending
        _kind, options, drawn = s.decision(card)
        self.decision.layout.display = ""
        voice = Narrator(theme=self.theme)
        if kind == "exchange":
            self.decision_note.html = message(voice.prompt(kind, card, s.round.decree), "info")
            self.decision_row.update([str(c) for c in options if c is not None])
            self.keep_button.layout.display = ""
        else:
            self.decision_note.html = message(voice.prompt(kind, card, drawn=drawn), "info")
            self.decision_row.update([str(c) for c in options])
            self.keep_button.layout.display = "none"

    def _draw_actions(self, s) -> None:
        choices = s.choices()
        self.actions_box.layout.display = "" if choices else "none"
        if not choices:
            self.action_buttons.children = ()
            return
        rnd = s.round
        if rnd.phase == "play":
            note = WORDS["crown_note"]
        else:                   # the buttons say the decision: the title says what it is for
            note = Narrator(theme=self.theme).decision_now(rnd.phase)
        self.action_note.html = message(note, "info")
        buttons = []
        for label, action in choices:
            b = Button(description=label, tooltip=label, layout=Layout(width="auto"))
            b.on_click(lambda _b, a=action: self._act(a))
            buttons.append(b)
        self.action_buttons.children = tuple(buttons)

    def _draw_answers(self, s) -> None:
        p = s.puzzle
        labels = [label for label, _value in s.options()]
        for label, button in self._answer_choices.items():
            button.layout.display = "" if label in labels else "none"
        self.answer_buttons.layout.display = "" if labels and not s.finished else "none"
        numeric = p.kind == SCORE and p.goal.name != "game-winner"
        self.number_box.layout.display = "" if numeric and not s.finished else "none"


class PuzzleApp(VBox):
    """Sets of puzzles with a chooser, the player, progress per set, and a teacher's upload."""

    def __init__(self, loaded: LoadResult | None = None, *, theme: str = "classic",
                 store: ProgressStore | None = None, upload: bool = True):
        self.loaded = loaded or load_collection()
        self.sets = [s for s in self.loaded.sets if s.puzzles]
        self.store = store or ProgressStore()
        self.player = PuzzlePlayer(theme=theme, store=self.store)
        self.set_menu = Dropdown(description=WORDS["set_menu"], layout=Layout(width="auto"))
        self.puzzle_menu = Dropdown(description=WORDS["puzzle_menu"], layout=Layout(width="auto"))
        shared = _Shared()
        self.progress = HtmlView(layout=shared.box)
        self.reset_button = shared.button(WORDS["forget"], WORDS["forget_tip"])
        self.reset_button.on_click(lambda _b: self.store.forget())
        # A plain button with its whole label (also on a phone); FileUpload added a "(0)".
        self.upload = FileButton(description=WORDS["load"], accept=".json",
                                 tooltip=WORDS["load_tip"])
        self.upload_report = HtmlView(layout=shared.box)
        self._updating = False
        self._levels = {}       # set id -> (the set, its level): measured once per set
        self.set_menu.observe(self._set_chosen, names="value")
        self.puzzle_menu.observe(self._puzzle_chosen, names="value")
        self.store.observe(self._progress_changed, names=["solved", "seen"])
        self.store.observe(self._reopen, names=["hash", "last"])
        self.player.on_change(self._puzzle_shown)
        self.upload.on_file(lambda name, data: self.load_file_text(data, name))
        menus = HBox([self.set_menu, self.puzzle_menu], layout=shared.box)
        menus.add_class("fox-controls")
        teacher = VBox([HtmlView(f'<div class="fox-title">{WORDS["teachers"]}</div>'
                                 f'<div class="fox-status">{WORDS["teachers_note"]}</div>'),
                        self.upload, self.upload_report, HtmlView(format_help())])
        teacher.add_class("fox-panel")
        parts = [self.store, self.progress, HBox([self.reset_button], layout=shared.box), menus,
                 self.player]
        if upload:
            parts.append(teacher)
        super().__init__(parts)
        self.add_class("fox-app")
        self.add_class("fox-puzzle-app")
        self._fill_set_menu()
        if self.sets:
            self.choose_set(self.sets[0].id)
        self._draw_progress()

    # -- choosing
    def set_by_id(self, set_id):
        for s in self.sets:
            if s.id == set_id:
                return s
        raise KeyError(say.no_such("puzzle set", set_id))

    def choose_set(self, set_id: str, index: int | None = None) -> None:
        pset = self.set_by_id(set_id)
        if index is None:       # start at the first puzzle not yet solved
            index = next((i for i, p in enumerate(pset.puzzles)
                          if not self.store.is_solved(p)), 0)
        self._updating = True
        self.set_menu.value = set_id
        self._updating = False
        self.player.playlist = list(pset.puzzles)
        self.player.show(index)

    def choose_puzzle(self, puzzle_id: str) -> None:
        for s in self.sets:
            for i, p in enumerate(s.puzzles):
                if p.id == puzzle_id:
                    self.choose_set(s.id, i)
                    return
        raise KeyError(say.no_such("puzzle", puzzle_id))

    def _set_chosen(self, change) -> None:
        if not self._updating and change["new"]:
            self.choose_set(change["new"])

    def _puzzle_chosen(self, change) -> None:
        if not self._updating and change["new"] is not None:
            self.player.show(change["new"])

    def find(self, text: str):
        """(set id, index or None) named by a link or a remembered place: 'witch' or
        'set=witch' (a set), 'puzzle=witch-lone-witch' or 'witch-lone-witch' (a puzzle),
        'witch/witch-lone-witch' (``progress_key``). None when it names nothing here."""
        text = (text or "").strip().lstrip("#").strip()
        kind, _, name = text.partition("=")
        if not name:
            kind, name = "", kind
        *set_part, name = name.split("/")
        if kind in ("", "set") and not set_part and any(s.id == name for s in self.sets):
            return name, None
        if kind in ("", "puzzle"):
            for s in self.sets:
                if set_part and s.id != set_part[0]:
                    continue
                for i, p in enumerate(s.puzzles):
                    if p.id == name:
                        return s.id, i
        return None

    def open_place(self, text: str) -> bool:
        """Open the set or puzzle ``text`` names (see ``find``); False if it names nothing."""
        found = self.find(text)
        if found:
            self.choose_set(*found)
        return bool(found)

    def _reopen(self, change) -> None:
        """The browser tells where to open: a link's #fragment wins over the place remembered
        from the last visit."""
        if change["name"] == "last" and self.find(self.store.hash):
            return
        self.open_place(change["new"])

    def _puzzle_shown(self, puzzle) -> None:
        self._sync_puzzle_menu()
        self.store.place = progress_key(puzzle)

    # -- progress
    def _progress_changed(self, _change) -> None:
        self._fill_set_menu()
        self._sync_puzzle_menu()
        self._draw_progress()
        self.player._draw()

    def solved_count(self, pset) -> int:
        return sum(self.store.is_solved(p) for p in pset.puzzles)

    def level(self, pset) -> int | None:
        """The set's level (``foxlib.teaching.puzzles.set_level``: stored for the shipped sets,
        measured once for a teacher's file; None if its puzzles cannot be measured)."""
        known = self._levels.get(pset.id)
        if known is None or known[0] is not pset:
            try:
                known = (pset, set_level(pset))
            except FoxError:
                known = (pset, None)
            self._levels[pset.id] = known
        return known[1]

    def _fill_set_menu(self) -> None:
        self._updating = True
        value = self.set_menu.value
        self.set_menu.options = [(say.set_option(s.title, self.solved_count(s), len(s.puzzles),
                                                 self.level(s)), s.id) for s in self.sets]
        if value in [s.id for s in self.sets]:
            self.set_menu.value = value
        self._updating = False

    def _sync_puzzle_menu(self) -> None:
        self._updating = True
        items = []
        for i, p in enumerate(self.player.playlist):
            items.append((say.puzzle_option(i + 1, p.title, LEVEL_WORDS[p.difficulty],
                                            self.store.is_solved(p), self.store.is_seen(p)), i))
        self.puzzle_menu.options = items
        if items:
            self.puzzle_menu.value = self.player.index
        self._updating = False

    def _draw_progress(self) -> None:
        rows = []
        total = solved = 0
        for s in self.sets:
            n, k = len(s.puzzles), self.solved_count(s)
            total, solved = total + n, solved + k
            lesson = (f' <a href="{escape(page_href(s.lesson))}">lesson</a>' if s.lesson and
                      not s.file.startswith("upload:") else "")
            pct = round(100 * k / n) if n else 0
            level = say.set_level_words(self.level(s))
            level = (f'<span class="fox-pz-level" title="{escape(say.SET_LEVEL_TIP)}">'
                     f'{escape(level)}</span>' if level else "")
            rows.append(
                f'<tr data-set="{escape(s.id)}"><td>{escape(s.title)}{lesson}{level}</td>'
                f'<td class="fox-pz-count">{k} / {n}</td>'
                f'<td><div class="fox-pz-bar" role="progressbar" aria-valuemin="0" '
                f'aria-valuemax="{n}" aria-valuenow="{k}" '
                f'aria-label="{escape(say.set_solved(s.title, k, n))}">'
                f'<span style="width:{pct}%"></span></div></td></tr>')
        self.progress.html = (
            f'<div class="fox-title">{say.progress_title(solved, total)}</div>'
            f'<div class="fox-status">{WORDS["remembered"]}</div>'
            f'<table class="fox-pz-progress">{"".join(rows)}</table>')

    # -- a teacher's file
    def load_file_text(self, data, name: str = "upload.json") -> LoadResult:
        """Load a teacher's puzzle file; show every problem in place, add the sound puzzles."""
        if data is None:
            self.upload_report.html = message(say.file_too_big(
                name, "puzzle file", f"{self.upload.max_bytes // 1_000_000} MB"), "illegal")
            return LoadResult()
        try:
            text = data.decode("utf-8") if isinstance(data, (bytes, bytearray)) else str(data)
        except UnicodeDecodeError:
            self.upload_report.html = message(say.file_not_text(name, "puzzle file"),
                                              "illegal")
            return LoadResult()
        result = load_text(text, f"upload:{name}")
        lines = [f"{escape(str(p))}" for p in result.problems]
        checked = 0
        for pset in result.sets:
            pset.id = f"upload-{pset.id}"
            for p in pset.puzzles:
                p.set_id = pset.id
                outcome = check_puzzle(p, node_limit=300_000)
                checked += 1
                if not outcome.ok:
                    lines.append(escape(say.check_fails(name, p.id, outcome.line)))
        good = [s for s in result.sets if s.puzzles]
        for pset in good:
            pset.title = say.upload_title(pset.title)
            self.sets = [s for s in self.sets if s.id != pset.id] + [pset]
        count = sum(len(s.puzzles) for s in good)
        head = say.upload_head(name, count, len(lines))
        items = "".join(f"<li>{line}</li>" for line in lines)
        self.upload_report.html = (
            message(head, "ok" if not lines else "illegal" if not count else "info") +
            (f'<ul class="fox-pz-problems">{items}</ul>' if items else ""))
        self._fill_set_menu()
        self._draw_progress()
        if good:
            self.choose_set(good[0].id)
        return result


def format_help() -> str:
    """The puzzle file format in a few lines and a complete example, for the page itself (a web
    user cannot open the project's docs)."""
    items = "".join(f"<li>{x}</li>" for x in say.puzzle_format_help())
    example = escape(dumps(EXAMPLE_FILE))
    return (f'<details class="fox-pz-help"><summary>{WORDS["help_title"]}</summary>'
            f"<ul>{items}</ul><p>{WORDS['help_example']}</p>"
            f'<pre class="fox-pz-example">{example}</pre></details>')
