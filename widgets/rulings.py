"""The rulings page (notebooks/rulings.ipynb): every ruling of docs/rulings.md in short words,
each with an example the engine plays, which the reader steps through.

The rulings and their examples are data (``foxlib.teaching.rulings``, ``foxlib/data/rulings.json``);
this page only shows them. An example is built when its button is pressed (a page of sixty
tables at once would be slow to open), as a ``RoundPlayer`` of the example's scenario, then the
engine's answer to what the ruling says cannot be done (a refused play or scenario), or the
referee's answer line by line.
"""
from __future__ import annotations

import json
import re
from html import escape

from ipywidgets import Layout, VBox

from foxlib import FoxError
from foxlib.teaching import rulings
from foxlib.engine.round import PLAYERS

from .card import HtmlView
from .round_player import RoundPlayer
from .table import message


def _entry(play) -> str:
    """A play of a scenario as the referee reads it: 9M, {"card": ...} or ["crown", "4K"]."""
    return play if isinstance(play, str) else json.dumps(play)


# The label's badge: green for the rulebook's word, amber for ours; the words differ too, so
# the colour is never the only sign. (Inline, so that the page needs nothing more to show it.)
_BADGE_STYLE = {
    "rulebook": "background:#dcfce7;color:#14532d;border:1px solid #166534;",
    "ours": "background:#ffedd5;color:#7c2d12;border:1px solid #9a3412;",
}
_BADGE_COMMON = ("display:inline-block;font-size:0.8em;font-weight:600;line-height:1.3;"
                 "padding:0.05em 0.55em;margin-right:0.45em;border-radius:0.8em;"
                 "white-space:nowrap;vertical-align:0.08em;")
_ASIDE_STYLE = "font-size:0.92em;max-width:50em;color:var(--fox-muted, #52606d);"


def badge_html(ruling: rulings.Ruling) -> str:
    """The ruling's label as a badge: 'The rulebook says' or 'Our ruling'."""
    return (f"<span class='fox-ruling-badge fox-ruling-badge-{ruling.label}' "
            f"style='{_BADGE_COMMON}{_BADGE_STYLE[ruling.label]}'>"
            f"{escape(ruling.badge)}</span>")


def _aside(kind: str, heading: str, text: str) -> str:
    return (f"<p class='fox-ruling-{kind}' style='{_ASIDE_STYLE}'><b>{escape(heading)}:</b> "
            f"{escape(text)}</p>")


def intro_html() -> str:
    parts = []
    for section, items in rulings.sections():
        links = ", ".join(f"<a href='#{r.anchor}' target='_self'>{escape(r.id)}</a>"
                          for r in items)
        parts.append(f"<li><b>{escape(section)}</b>: {links}</li>")
    # The notebook above says what the page is for; the widget adds the contents (each ruling
    # is a link to its place on the page) and where the full rulings are.
    return ("<div class='fox-rulings-intro'><p>Jump to a ruling (each says where it stands "
            "with the rulebook and, for our own rulings, why we decided so):</p>"
            f"<ul class='fox-rulings-contents'>{''.join(parts)}</ul>"
            f"<p class='fox-rulings-legend'>{escape(rulings.LEGEND)}</p></div>")


def ruling_html(ruling: rulings.Ruling) -> str:
    """A ruling's title, its label badge and words, then what the rulebook says on the point
    and, for our ruling, why and the other reading."""
    note = f"<p class='fox-rulings-note'>{escape(ruling.note)}</p>" if ruling.note else ""
    asides = [_aside("basis", rulings.BASIS_HEADING, ruling.basis)]
    if ruling.ours:
        asides += [_aside("reason", rulings.REASON_HEADING, ruling.reason),
                   _aside("other", rulings.OTHER_HEADING, ruling.other_reading)]
    return (f"<div class='fox-ruling' id='{ruling.anchor}'><h3>{escape(ruling.id)}. "
            f"{escape(ruling.title)}</h3><p>{badge_html(ruling)}{escape(ruling.words)}</p>"
            f"{note}{''.join(asides)}</div>")


class ExampleView(VBox):
    """One ruling's example: its table to step through and the engine's answers.

    ``player`` is the RoundPlayer (None for a scenario the engine refuses, or for referee
    lines); ``answers`` an HtmlView with the refused play, the refusal or the referee's lines.
    """

    def __init__(self, ruling: rulings.Ruling):
        self.ruling = ruling
        self.outcome = rulings.run(ruling)
        self.player = None
        parts = []
        if ruling.example is not None and self.outcome.error is None:
            seat = ruling.seat
            self.player = RoundPlayer(ruling.example, reveal=seat is None,
                                      player=PLAYERS.index(seat) if seat else 0, review=False)
            parts.append(self.player)
        self.answers = HtmlView(self._answers_html())
        parts.append(self.answers)
        super().__init__(parts)
        self.add_class("fox-ruling-example")

    def _answers_html(self) -> str:
        r, out = self.ruling, self.outcome
        html = []
        if r.seat:
            html.append(f"<p class='fox-status'>The table as {escape(r.seat)} sees it: the "
                        "other hand and the hidden cards stay hidden.</p>")
        if out.game is not None:
            rows = "".join(
                f"<li>Round {i}: the goals revealed are {escape(' and '.join(rd['titles']))}"
                + (" (the goal deck had run out, so the goals used before were shuffled into a "
                   "new goal deck first)" if rd["reshuffled"] else "")
                + "; claimed: " + escape(", ".join(rd["claimed"]) or "none") + ".</li>"
                for i, rd in enumerate(out.game["rounds"], 1))
            g = r.game
            html.append(f"<p>A game with a goal deck of {len(g['goals'])} goals "
                        f"({escape(', '.join(g['goals']))}), two revealed each round, its "
                        f"rounds played out with moves picked at random (the same picks "
                        f"each time the page opens):</p>"
                        f"<ol class='fox-rulings-lines'>{rows}</ol>")
        if r.lines:
            rows = "".join(
                f"<li><code>{escape(line) or '(an empty line)'}</code> &rarr; "
                f"{escape(answer.get('error') or 'a result: ' + _short(answer))}</li>"
                for line, answer in zip(r.lines, out.answers))
            html.append(f"<p>The referee reads these {len(r.lines)} lines and answers each "
                        f"one:</p><ol class='fox-rulings-lines'>{rows}</ol>")
        if out.error is not None:
            html.append("<p>The position, as the referee reads it:</p>"
                        f"<pre class='fox-rulings-line'>{escape(rulings.scenario_line(r))}</pre>"
                        + message(f"The engine refuses it: {out.error}", "illegal"))
        if r.refused is not None:
            tried = rulings.refused_plays(r)
            if "play" in r.refused:
                what = (f"After the example's plays, try <code>{escape(_entry(tried[-1]))}"
                        "</code>:")
            else:
                what = ("From the start, try instead the plays "
                        + ", ".join(f"<code>{escape(_entry(t))}</code>" for t in tried) + ":")
            html.append(f"<p>{what}</p>" + message(_unplaced(out.refusal or ""), "illegal"))
        return "".join(html)


def _unplaced(reason: str) -> str:
    """The engine's reason without the referee's 'plays[2] (9M): ' prefix."""
    return re.sub(r"^plays\[\d+\] \((?:[^()]|\([^()]*\))*\): ", "", reason)


def _short(answer: dict) -> str:
    tricks = answer.get("tricks") or []
    return tricks[-1]["reason"] if tricks else json.dumps(answer)[:120]


class RulingView(VBox):
    """A ruling: its words ending with a button (``card``, one HtmlView) that shows and hides
    its example below them. ``layout`` may be shared with the other rulings (fewer widgets
    for the page to load)."""

    def __init__(self, ruling: rulings.Ruling, layout: Layout | None = None):
        self.ruling = ruling
        self.example = None
        has_example = ruling.example is not None or ruling.lines or ruling.game
        self.card = HtmlView(ruling_html(ruling), layout=layout or Layout())
        if has_example:
            self.card.action_tooltip = f"Show the example of ruling {ruling.id}"
            self.card.on_press(lambda _view: self.toggle())
        super().__init__([self.card], layout=layout or Layout())
        self._draw_action()
        self.add_class("fox-ruling-box")

    @property
    def has_example(self) -> bool:
        return bool(self.card.action)

    def _label(self, shown: bool) -> str:
        if shown:
            return "Hide the example"
        if self.ruling.lines:
            return "Show the referee's answers"
        if self.ruling.game:
            return "Play the example game"
        if self.ruling.error is not None:
            return "Show the engine's answer"
        return "Step through the example"

    def _draw_action(self) -> None:
        r = self.ruling
        if r.example is None and not r.lines and not r.game:
            return                                  # nothing to show: no button
        with self.card.hold_sync():
            self.card.action = self._label(self.shown)
            self.card.action_icon = "eye-slash" if self.shown else "play"

    @property
    def shown(self) -> bool:
        return len(self.children) > 1

    def toggle(self) -> None:
        """Show the example (built the first time), or hide it."""
        if self.shown:
            self.children = (self.card,)
        else:
            if self.example is None:
                try:
                    self.example = ExampleView(self.ruling)
                except FoxError as exc:      # a broken data file: say so, never a traceback
                    self.example = HtmlView(message(f"This example cannot be played: {exc}",
                                                    "illegal"))
            self.children = (self.card, self.example)
        self._draw_action()


class RulingsPage(VBox):
    """Every ruling, section by section. ``views`` maps each ruling's key ('Special cards:
    SC10') to its RulingView; ``view(key)`` finds one by key or unique id ('SC10').

    Only the rulings' words and buttons are sent when the page opens (two widgets a ruling,
    sharing one layout); an example is built when its button is pressed."""

    def __init__(self):
        self.views: dict = {}
        shared = Layout()
        parts = [HtmlView(intro_html(), layout=shared)]
        for section, items in rulings.sections():
            parts.append(HtmlView(f"<h2 class='fox-rulings-section'>{escape(section)}</h2>",
                                  layout=shared))
            for r in items:
                view = RulingView(r, layout=shared)
                self.views[r.key] = view
                parts.append(view)
        super().__init__(parts)
        self.add_class("fox-app")
        self.add_class("fox-rulings")

    def view(self, key: str) -> RulingView:
        return self.views[rulings.find(key).key]
