"""'Review this round': the move-by-move review of ``foxlib.teaching.review``, drawn as a list.

The review is worked out in a background thread, one decision at a time; each record is drawn
as soon as it is ready (on the kernel's event loop when one runs, as in Voilà), with a progress
bar, so the page stays usable and the first decision shows within a second or two.

The records hold facts; their words come from ``foxlib.words.narrator.ReviewNarrator`` for the names
and theme of the round shown now, so a switch of theme redraws the review in the new suits.
"""
from __future__ import annotations

import asyncio
import pathlib
import threading
from html import escape

from ipywidgets import Button, Dropdown, HBox, IntProgress, Layout, VBox

from foxlib.core.cards import Card
from foxlib.core.errors import FoxError
from foxlib.words import captions as say
from foxlib.words.captions import REVIEW as WORDS
from foxlib.words.narrator import ReviewNarrator, possessive
from foxlib.words.review_words import VERDICT_WORDS
from foxlib.teaching.review import ReviewSettings, decision_count, iter_review

from .card import HtmlView
from .runtime import IN_BROWSER
from .table import inline_card, message

HERE = pathlib.Path(__file__).parent



class ReviewHtml(HtmlView):
    """An HtmlView with the review's styles as well as the app's."""

    _css = (HERE / "style.css").read_text() + (HERE / "review.css").read_text()


def _points(v: float) -> str:
    return f"{v:+.1f}"


def _card_or_keep(action, theme, narrator, kind="play") -> str:
    """A choice drawn as its card, or in the narrator's words when it has no card of its own
    (keeping the decree card, a suit named for the Hammer, the Fairy's or the Shovel's "none");
    a card played with the Crown gets the Crown beside it."""
    card = getattr(action, "card", action)
    if not isinstance(card, Card) or getattr(action, "kind", "") == "dig":
        return f'<span class="fox-review-keep">{escape(narrator.choice(kind, action))}</span>'
    drawn = inline_card(card, theme, "small")
    if getattr(action, "kind", "") == "crown":
        drawn += inline_card(Card("Crown"), theme, "small")
    return drawn


def record_html(rec, theme=None, names=None) -> str:
    """One decision of the review as markup: verdict, cards, reason, values, exact check, in
    the words of ``ReviewNarrator(names, theme)`` (by default the names and theme of the review's
    time). ``names`` are A's and B's; the reviewed player is ``rec.player`` ("You" reads as
    "your play", "Ann" as "Ann's play")."""
    voice = rec.voice or ReviewNarrator()
    narrator = ReviewNarrator(voice.names if names is None else names,
                              voice.theme if theme is None else theme)
    theme = narrator.theme.key
    me = narrator.person(rec.player)
    you = me.obj == "you"
    kind = narrator.decision_name(rec.kind)
    head = (f'<span class="fox-review-verdict">{VERDICT_WORDS[rec.verdict]}</span> '
            + escape(say.review_head(rec.trick, me.whose, kind, rec.number, rec.of),
                     quote=False))
    if rec.loss > 0:
        head += (f' <span class="fox-review-loss">'
                 f'{say.points_lost(rec.loss, rec.verdict != "equal")}</span>')
    trick = "".join(inline_card(c, theme, "small") for c in rec.trick_cards)
    cards = ""
    if trick:
        cards += f'<span class="fox-review-label">{WORDS["in_trick"]}</span>{trick}'
    cards += (f'<span class="fox-review-label">{WORDS["you_chose" if you else "chosen"]}</span>'
              f"{_card_or_keep(rec.played, theme, narrator, rec.kind)}")
    if rec.suggested != rec.played:
        cards += (f'<span class="fox-review-label">{WORDS["strong"]}</span>'
                  f"{_card_or_keep(rec.suggested, theme, narrator, rec.kind)}")
    rows = ""
    for ch in rec.choices:
        mark = (f" \u2190 {me.mine}" if ch.action == rec.played else "") + \
            (WORDS["suggested"] if ch.action == rec.suggested and rec.verdict != "forced"
             else "")
        est = "" if ch.estimate is None else _points(ch.estimate)
        judged = getattr(rec, "judgement", None)
        margin = (judged.settings.z if judged is not None else 2.0) * getattr(ch, "error", 0.0)
        if est and ch.action != rec.suggested and margin >= 0.05:
            est += f" \u00b1{margin:.1f}"      # the gap's margin to the best choice
        exact = "" if ch.exact is None else narrator.exact_points(ch.exact)
        text = narrator.choice(rec.kind, ch.action, rec.decree)
        rows += (f"<tr><td>{escape(text)}{escape(mark)}</td><td>{est}</td>"
                 f"<td>{exact}</td></tr>")
    table = ""
    if len(rec.choices) > 1:
        unit = escape(narrator.points_for(rec.player), quote=False)
        known = WORDS["known_averaged" if rec.exact.averaged else "known"]
        table = (f"<details><summary>{say.every_choice(unit)}</summary>"
                 f"<table class=\"fox-review-values\">"
                 f"<tr><th>{WORDS['choice']}</th><th>{say.estimate_header(rec.samples)}</th>"
                 f"<th>{known}</th></tr>{rows}</table></details>")
    return (f'<div class="fox-review-item fox-review-{rec.verdict}">'
            f'<div class="fox-review-head">{head}</div>'
            f'<div class="fox-review-cards">{cards}</div>'
            f'<p class="fox-review-reason">{escape(narrator.review_reason(rec))}</p>{table}'
            f'<p class="fox-review-exact">{escape(narrator.exact_text(rec.exact))}</p></div>')


class ReviewPanel(VBox):
    """A "Review this round" button and the review it opens.

    ``ReviewPanel(rnd=None, seat=0, *, choose_seat=False, seed=0, settings=None, sync=None)``.
    ``set_round(rnd)`` gives it the round to review (None hides the button). With
    ``choose_seat`` a menu picks whose decisions to review (for recorded rounds). The review
    runs in a worker thread (in the browser's Python, which has no threads, as a task that
    yields after each decision); ``sync=True`` runs it at once in the caller (tests, scripts).

    The words are said from the records' facts in the names and theme of ``rnd`` as it is when
    drawn: ``set_round`` with the same round after a switch of theme (the play table does so
    at each redraw), or ``retell()``, draws the review again in the new suits.

    For code and tests: ``button``, ``seat_menu``, ``progress``, ``summary`` (HtmlView),
    ``items`` (VBox of one HtmlView per decision), ``records``, ``summary_text`` (the one-line
    summary once done), ``running``, ``wait()``.
    """

    def __init__(self, rnd=None, seat: int = 0, *, choose_seat: bool = False, seed=0,
                 settings: ReviewSettings | None = None, sync=None):
        self.rnd, self.seed, self.sync = rnd, seed, sync
        self.settings = settings or ReviewSettings()
        self.records: list = []
        self._done = False
        self._told = None           # (names, theme key) the items were drawn in
        self._seat = seat           # whose decisions the records are
        self.running = False
        self._generation = 0
        self._thread: threading.Thread | None = None
        self._task = None             # the browser's review (an asyncio task), if running
        self.button = Button(description=WORDS["button"], icon="search", tooltip=WORDS["tip"])
        self.button.layout.width = "auto"
        self.button.on_click(lambda _b: self.start())
        self.seat_menu = Dropdown(options=[("A", 0), ("B", 1)], value=seat,
                                  description="Whose play", layout=Layout(width="auto"))
        self.seat_menu.layout.display = "" if choose_seat else "none"
        self.progress = IntProgress(value=0, min=0, max=1, description="Reviewing",
                                    layout=Layout(width="auto", display="none"))
        self.summary = ReviewHtml()
        self.items = VBox()
        self.items.add_class("fox-review-list")
        controls = HBox([self.button, self.seat_menu, self.progress])
        controls.add_class("fox-controls")
        super().__init__([controls, self.summary, self.items])
        self.add_class("fox-review")
        self.set_round(rnd)

    @property
    def seat(self) -> int:
        return self.seat_menu.value

    @property
    def narrator(self) -> ReviewNarrator:
        """The narrator for the round's names and theme as they are now."""
        rnd = self.rnd
        return ReviewNarrator(rnd.names, rnd.theme) if rnd is not None else ReviewNarrator()

    @property
    def summary_text(self) -> str:
        """The one-line summary once the review is done ('' before), in the words of now."""
        if not self._done or self.rnd is None:
            return ""
        return self.narrator.review_summary(self.records, self._seat, self.settings.inaccuracy)

    def set_round(self, rnd) -> None:
        """The round to review; a new round clears an old review (and stops it). The same
        round again redraws the review if its theme or names changed meanwhile."""
        if rnd is not self.rnd:
            self.clear()
        self.rnd = rnd
        if rnd is not None:
            names = [(rnd.name(p), p) for p in (0, 1)]
            if list(self.seat_menu.options) != names:
                self.seat_menu.options = names
            if self.records and self._told != self._telling():
                self.retell()
        self.layout.display = "none" if rnd is None else ""

    def _telling(self):
        return (tuple(self.rnd.names), self.rnd.theme.key)

    def retell(self) -> None:
        """Draw the review again from its records, in the round's names and theme of now."""
        if self.rnd is None:
            return
        narrator = self.narrator
        self._told = self._telling()
        self.items.children = tuple(ReviewHtml(self._record_html(r, narrator))
                                    for r in self.records)
        if self._done:
            self._show_summary()

    def _record_html(self, rec, narrator) -> str:
        return record_html(rec, narrator.theme, narrator.names)

    def clear(self) -> None:
        self._generation += 1
        self.running = False
        self.records = []
        self._done, self._told = False, None
        self.items.children = ()
        self.summary.html = ""
        self.progress.layout.display = "none"
        self.button.disabled = False

    def start(self) -> None:
        """Start reviewing the current round for the chosen seat (in the background)."""
        rnd = self.rnd
        self.clear()
        if rnd is None:
            self.summary.html = message(WORDS["no_round"], "info")
            return
        seat, generation = self.seat, self._generation
        self._seat = seat
        try:
            total = decision_count(rnd, seat)
        except FoxError as exc:     # a round the review cannot judge: its reason, in words
            self.summary.html = summary_html(say.no_review(exc), self.settings,
                                             "stopped")
            return
        self.progress.max, self.progress.value = max(1, total), 0
        self.progress.layout.display = ""
        self.button.disabled = True
        self.running = True
        name = rnd.name(seat)
        whose = possessive(name)
        self.summary.html = message(say.reviewing(whose, total), "info")
        rnd = rnd.copy()        # the table may move on while the review runs
        if self.sync:
            self._work(rnd, seat, generation, None)
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if IN_BROWSER and loop is not None:     # no threads: a task that yields at each step
            self._task = loop.create_task(self._work_stepwise(rnd, seat, generation))
            return
        self._thread = threading.Thread(target=self._work, args=(rnd, seat, generation, loop),
                                        daemon=True, name="fox-review")
        self._thread.start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for a background review to finish (for tests and scripts); True when done."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    # -- the worker and what it posts back
    def _work(self, rnd, seat, generation, loop) -> None:
        post = (lambda fn, *a: loop.call_soon_threadsafe(fn, *a)) if loop else \
            (lambda fn, *a: fn(*a))
        try:
            for rec in iter_review(rnd, seat, seed=self.seed, settings=self.settings):
                if generation != self._generation:
                    return
                post(self._add, generation, rec, rnd, seat)
            post(self._finish, generation, rnd, seat, None)
        except Exception as exc:  # noqa: BLE001 - show it on the page, never a traceback
            post(self._finish, generation, rnd, seat, exc)

    async def _work_stepwise(self, rnd, seat, generation) -> None:
        # The browser's Python: each decision reviewed, then the page's messages get their turn.
        try:
            for rec in iter_review(rnd, seat, seed=self.seed, settings=self.settings):
                if generation != self._generation:
                    return
                self._add(generation, rec, rnd, seat)
                await asyncio.sleep(0)
            self._finish(generation, rnd, seat, None)
        except Exception as exc:  # noqa: BLE001 - show it on the page, never a traceback
            self._finish(generation, rnd, seat, exc)

    def _add(self, generation, rec, rnd, seat) -> None:
        # ``rnd`` is the worker's copy; the words follow ``self.rnd``, the round shown now.
        if generation != self._generation:
            return
        self.records.append(rec)
        narrator = self.narrator
        if self._told != self._telling():       # the theme changed while the review ran
            self.retell()
        else:
            item = ReviewHtml(self._record_html(rec, narrator))
            self.items.children = (*self.items.children, item)
        self.progress.value = len(self.records)

    def _finish(self, generation, rnd, seat, error) -> None:
        if generation != self._generation:
            return
        self.running = False
        self.button.disabled = False
        self.progress.layout.display = "none"
        if error is not None:
            self.summary.html = summary_html(say.review_stopped(error), self.settings,
                                             "stopped")
            return
        self._done = True
        self._show_summary()

    def _show_summary(self) -> None:
        self.summary.html = summary_html(self.summary_text, self.settings,
                                         _summary_kind(self.records))


def _summary_kind(records) -> str:
    verdicts = {r.verdict for r in records}
    return ("mistakes" if "mistake" in verdicts else
            "slips" if "inaccuracy" in verdicts else "clean")


def summary_html(line: str, settings: ReviewSettings, kind: str = "clean") -> str:
    """The box at the top of a finished review: the one-line summary, then how to read the
    decisions below and what the marks mean (the thresholds of ``settings``).
    ``kind``: 'mistakes', 'slips', 'clean', or 'stopped' (the review failed; ``line`` says why).
    Its class ``fox-review-summary`` appears only once the review has ended."""
    help_text = ""
    if kind != "stopped":
        help_text = (f'<p class="fox-review-help">'
                     f"{say.review_help(settings.mistake, settings.inaccuracy)}</p>")
    return (f'<div class="fox-review-summary fox-review-summary-{kind}" role="status">'
            f'<p class="fox-review-summary-line">{escape(line)}</p>{help_text}</div>')
