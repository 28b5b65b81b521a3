"""The puzzle player's table, drawn as HTML: the trick being played and the last one finished
(a play or band puzzle), or the given plays of a predict or score puzzle, trick by trick.
Every board is one consistent position (tested for every puzzle); the words come from
``foxlib.words.captions`` and the narrator."""
from __future__ import annotations

from html import escape

from foxlib.teaching.puzzles import BAND, PLAY, SCORE, move_text
from foxlib.words import captions as say
from foxlib.words.captions import PUZZLE as WORDS
from foxlib.words.narrator import Narrator, sentence, subject
from foxlib.words.theme_words import in_theme

from .table import inline_card, message, slot


def table_html(p, rnd, pending: bool, theme, finished: bool) -> str:
    """The table of puzzle ``p`` at round ``rnd``: ``pending`` hides who won the given plays
    (the question is not answered yet); ``finished``: the attempt is over."""
    if p.kind in (PLAY, BAND):
        return live_table(rnd, theme, finished)
    if p.deluxe:
        return given_actions(p, pending, theme)
    return given_plays(p, pending, theme)


def live_table(rnd, theme, finished=False) -> str:
    """A play or band puzzle: the trick being played (numbered as in the whole round),
    and the last trick finished in this attempt with the engine's reason. Once the
    attempt is over, only that last trick: no empty place invites another card."""
    if rnd.is_over:
        return last_trick(rnd, theme, WORDS["round_over"])
    if finished and rnd.tricks and not rnd.trick:
        return last_trick(rnd, theme)
    number = rnd.trick_number
    if rnd.trick:
        led = rnd.trick[0]
        follower = rnd.name(1 - rnd.leader)
        spots = [spot(inline_card(led, theme), say.led_by(rnd.name(rnd.leader)), led, number),
                 spot(slot(say.to_play(follower)), sentence(subject(follower, "follows")),
                      None, number)]
    else:
        spots = [spot(slot(sentence(subject(rnd.name(rnd.leader), "leads"))),
                      WORDS["led_here"], None, number)]
    head = f'<div class="fox-title">{escape(say.trick_of(number))}</div>'
    now = (f'<div class="fox-pz-now">{head}<div class="fox-row">{"".join(spots)}</div>'
           "</div>")
    return (f'<div class="fox-trick fox-pz-table" aria-label="The table">{now}'
            f'{last_trick(rnd, theme) if rnd.tricks else ""}</div>')


def given_plays(p, pending, theme) -> str:
    """A predict or score puzzle: the given plays, trick by trick. Until the question is
    answered nobody is said to have won them."""
    start = p.start()
    blocks, items, number = [], [], start.trick_number
    for move in p.plays:
        you = start.to_play == p.you
        woodcutter = (in_theme(f"{move.card.name()} ({move.card})", theme)
                      if move.discard is not None else None)
        text = say.given_play(you, not start.trick, in_theme(move_text(move), theme), woodcutter)
        items.append(spot(inline_card(move.card, theme), text, move.card, number,
                          "table" if pending else "won"))
        done = len(start.tricks)
        start.push(move)
        if len(start.tricks) > done:
            blocks.append(given_trick(start.tricks[-1], items, pending, p.names()))
            items, number = [], start.trick_number
    if items:       # an unfinished trick: the loader refuses it, but never draw cards away
        blocks.append(f'<div class="fox-pz-now"><div class="fox-title">Trick {number}'
                      f'</div><div class="fox-row">{"".join(items)}</div></div>')
    note = ""
    if p.kind == SCORE and p.plays:
        tw = p.position.tricks_won
        note = (f'<p class="fox-status">{escape(say.tricks_before(tw[p.you], tw[p.opponent]))}'
                "</p>")
    if not blocks and not note:
        return ""
    return (f'<div class="fox-trick fox-pz-table" aria-label="The cards played">'
            f'{"".join(blocks)}</div>{note}')


def given_actions(p, pending, theme="classic") -> str:
    """The given plays of a predict or score puzzle with modules, one line per action
    in the engine's words, in ``theme`` (who won is left out until the question is
    answered)."""
    start = p.start()
    voice = Narrator(start.names, theme)
    lines = []
    for action in p.plays:
        before = len(start.history)
        start.act(action)
        for rec in start.history[before:]:
            if rec.kind in ("trick", "round_end") and pending:
                continue
            if rec.reason:
                lines.append(f"<li>{escape(voice.say(rec))}</li>")
    if not lines:
        return ""
    return (f'<div class="fox-trick fox-pz-table" aria-label="The cards played">'
            f'<ol class="fox-steps">{"".join(lines)}</ol></div>')


def given_trick(rec, items, pending, names) -> str:
    """One trick of a predict or score puzzle's given plays, numbered as in the whole round."""
    if pending:
        head = say.trick_head(rec.number)
    else:
        nxt = None if rec.number == 13 else names[rec.next_leader]
        head = say.trick_head(rec.number, names[rec.winner], nxt)
    return (f'<div class="fox-pz-now"><div class="fox-title">{escape(head)}</div>'
            f'<div class="fox-row">{"".join(items)}</div></div>')


def spot(card_html: str, caption: str, card, number: int, place: str = "table") -> str:
    """One place on the table. ``data-card``, ``data-trick`` and ``data-place`` (table: in
    play now; won: in a trick already counted) let tests read the board as drawn."""
    code = f' data-card="{card}"' if card is not None else ""
    return (f'<div class="fox-spot" data-trick="{number}" data-place="{place}"{code}>'
            f'{card_html}<div class="fox-caption">{escape(caption)}</div></div>')


def last_trick(rnd, theme, tail: str = "") -> str:
    """The last trick finished in this attempt: its two cards, who won, the engine's reason."""
    last = rnd.tricks[-1]
    cards = "".join(spot(inline_card(c, theme, "small"), who, c, last.number, "won")
                    for c, who in zip(last.cards, ("led", "followed")))
    nxt = None if rnd.is_over else rnd.name(last.next_leader)
    head = say.trick_head(last.number, sentence(rnd.name(last.winner)), nxt) + "."
    return (f'<div class="fox-last"><div class="fox-row">{cards}</div><div>'
            f'<div class="fox-title">{escape(head)}{(" " + escape(tail)) if tail else ""}</div>'
            f"{message(Narrator(rnd.names, theme).say(last), 'ok')}</div></div>")


def points_so_far(p, names) -> str:
    """A score question's board: points and tricks before its last cards, without the band's
    points (they are the answer)."""
    pos = p.position
    rows = []
    for i in (0, 1):
        points, tricks = say.score_so_far(pos.score[i], pos.round_gain[i], pos.tricks_won[i])
        rows.append(f'<div class="fox-score"><div class="fox-score-line"><b>{escape(names[i])}'
                    f"</b><span>{points}</span><span>{tricks}</span></div></div>")
    return f'<div class="fox-scores" aria-label="Score board">{"".join(rows)}</div>'
