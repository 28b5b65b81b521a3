"""The table around the hands: trick area, decree and trump, score board, event log.

Each part is one ``HtmlView`` (one widget model, fast to show) redrawn by ``update(...)`` from a
``foxlib.Round`` (or a ``PlayerView``). They read facts from the engine and have
``foxlib.words.narrator`` say them in the names and theme shown now; they decide nothing themselves.
"""
from __future__ import annotations

from html import escape

from foxlib.core import rules
from foxlib.io.inputs import read_theme
from foxlib.words import captions as say
from foxlib.words.narrator import Narrator, sentence, subject
from foxlib.words.narrator import who as _who
from foxlib.words.svg import card_svg, goal_svg, suit_svg

from .card import HtmlView

CARD_SIZES = {"small": "clamp(32px, 8vw, 50px)", "normal": "clamp(44px, 11.5vw, 78px)",
              "large": "clamp(64px, 20vw, 120px)"}


def _theme(theme):
    return read_theme(theme)


def inline_card(card, theme="classic", size="normal", *, face_down=False, dimmed=False,
                poison=False) -> str:
    """A card drawing to put inside HTML (sized by CSS so it shrinks on a phone). ``poison``:
    the Poison 8s module is on (an 8 is drawn as a Poison 8)."""
    svg = card_svg(card, _theme(theme), face_down=face_down, dimmed=dimmed, poison=poison)
    return (f'<span class="fox-inline-card" style="--fox-card-w:{CARD_SIZES[size]}">'
            f"{svg}</span>")


def poison_on(rnd) -> bool:
    """Whether ``rnd`` (a Round or a PlayerView) is played with Poison 8s."""
    return bool(getattr(getattr(rnd, "modules", None), "poison", False))


def trick_card(card, theme="classic", crowned: bool = False, size="normal", **drawing) -> str:
    """A card in the trick; a card played with the Crown is shown with its Crown beside it, as
    one play (rulings SC10). ``drawing``: more options for ``inline_card``."""
    if not crowned:
        return inline_card(card, theme, size, **drawing)
    return (f'<span class="fox-crowned" role="group" aria-label="{escape(card.name(_theme(theme)))}'
            f' played with the Crown">{inline_card("Crown", theme, "small")}'
            f"{inline_card(card, theme, size, **drawing)}</span>")


def _crowned_now(rnd):
    """The card played with the Crown in the trick in progress (a Round or a PlayerView)."""
    crowned = getattr(rnd, "crowned", None)
    return crowned if crowned is not None else getattr(rnd, "sp", {}).get("crowned")


def slot(text: str, size="normal") -> str:
    """An empty place for a card, with a word saying what will go there."""
    return (f'<span class="fox-slot" style="--fox-card-w:{CARD_SIZES[size]}">'
            f"{escape(text)}</span>")


def message(text: str, kind: str = "info") -> str:
    """A message box: kind is info, ok, illegal, hint, end or setup (a set-up to correct);
    each has a text marker as well as a colour."""
    return f'<div class="fox-msg fox-msg-{kind}" role="status">{escape(text)}</div>' if text else ""


def trump_text(decree, theme="classic") -> str:
    theme = _theme(theme)
    if decree.suit is None:
        # A special card as the decree card: there is no trump suit (rulings SC6).
        return say.NO_TRUMP_SPECIAL
    words = say.trump_words(theme.suit_names[decree.suit])
    return f"{suit_svg(decree.suit, theme, 18)} {escape(words)}"


def showing(rnd) -> str:
    """What the trick area shows for ``rnd``: 'open' (the trick being played), 'last' (the last
    finished trick, between tricks and at the round's end) or 'first' (nothing played yet)."""
    if rnd.trick:
        return "open"
    return "last" if rnd.tricks else "first"


def shown_trick(rnd) -> int:
    """The number of the trick the trick area shows (a finished trick keeps its own number,
    while ``rnd.trick_number`` has already moved on to the next one)."""
    return rnd.tricks[-1].number if showing(rnd) == "last" else rnd.trick_number


def trick_label(rnd) -> str:
    """'trick 8' while it is played; 'trick 7, won by Ann' once it is finished (and
    '... · round over' after the last one): always the trick the trick area shows."""
    if showing(rnd) != "last":
        return say.trick_label(rnd.trick_number)
    last = rnd.tricks[-1]
    return say.trick_label(last.number, rnd.name(last.winner), rnd.is_over)


class TrickArea(HtmlView):
    """The trick on the table: the led card and the followed card, or the last finished trick
    with the engine's explanation of who won and who leads next."""

    def __init__(self, rnd=None, theme="classic", show_last: bool = True, **kwargs):
        super().__init__(**kwargs)
        self.theme, self.show_last = theme, show_last
        if rnd is not None:
            self.update(rnd)

    def update(self, rnd, theme=None) -> None:
        self.theme = theme or self.theme
        th = _theme(self.theme)
        shows = showing(rnd)
        pz = poison_on(rnd)
        if shows == "open":
            crowned = _crowned_now(rnd)
            leader = _who(rnd.name(rnd.leader))
            follower = _who(rnd.name(1 - rnd.leader))
            if getattr(rnd, "phase", "") == "replace":
                # The Hammer sent the led card under the deck: the leader plays a new one.
                spots = [self._spot(slot(say.to_play(leader, new=True)), say.LED_GONE),
                         self._spot(inline_card(rnd.trick[0], th, poison=pz),
                                    subject(follower, "follows"))]
            else:
                led = trick_card(rnd.trick[0], th, rnd.trick[0] is crowned, poison=pz)
                second = (trick_card(rnd.trick[1], th, rnd.trick[1] is crowned, poison=pz)
                          if len(rnd.trick) > 1
                          else slot(say.to_play(follower)))
                spots = [self._spot(led, say.led_by(leader)),
                         self._spot(second, subject(follower, "follows"))]
            note = self._last(rnd) if self.show_last else ""
        elif shows == "last":
            last = rnd.tricks[-1]
            leader, follower = last.leader, 1 - last.leader
            crowned = getattr(last.rule, "crowned", None) if last.extra else None
            spots = [self._spot(trick_card(last.cards[0], th, crowned == 0, poison=pz),
                                say.led_by(_who(rnd.name(leader)))),
                     self._spot(trick_card(last.cards[1], th, crowned == 1, poison=pz),
                                say.followed_by(_who(rnd.name(follower))))]
            note = self._last(rnd, cards=False)
        else:
            leads = sentence(subject(_who(rnd.name(rnd.leader)), "leads"))
            # A set-up that starts mid-round (a ruling's example, a scenario) is at a later trick.
            number = rnd.trick_number
            spots = [self._spot(slot(leads), say.first_place(number))]
            note = ""
        self.html = (f'<div class="fox-trick" aria-label="Trick area"><div class="fox-row">'
                     f'{"".join(spots)}</div>{note}</div>')

    def _last(self, rnd, cards: bool = True) -> str:
        """The last finished trick: who won, who leads next, and the engine's reason."""
        if not rnd.tricks:
            return ""
        last, th = rnd.tricks[-1], _theme(self.theme)
        shown = ("".join(inline_card(c, th, "small", poison=poison_on(rnd)) for c in last.cards)
                 if cards else "")
        head = say.trick_head(last.number, rnd.name(last.winner),
                              None if rnd.is_over else _who(rnd.name(last.next_leader)))
        return (f'<div class="fox-last">{shown}<div><div class="fox-title">{escape(head)}.</div>'
                f"{message(Narrator(rnd.names, th).say(last), 'ok')}</div></div>")

    @staticmethod
    def _spot(card_html: str, caption: str) -> str:
        return (f'<div class="fox-spot">{card_html}<div class="fox-caption">'
                f"{escape(caption)}</div></div>")


class DecreeView(HtmlView):
    """The decree card, the trump suit it sets, and the face-down deck with its size."""

    def __init__(self, rnd=None, theme="classic", **kwargs):
        super().__init__(**kwargs)
        self.theme = theme
        if rnd is not None:
            self.update(rnd)

    def update(self, rnd, theme=None, *, deck_open: bool = False) -> None:
        """``deck_open``: the deck's cards are shown face up beside this view (a puzzle that
        shows them), so the caption must not say they are face down."""
        self.theme = theme or self.theme
        th = _theme(self.theme)
        deck_size = rnd.deck_size if hasattr(rnd, "deck_size") else len(rnd.deck)
        deck = (inline_card(None, th, "small", face_down=True) if deck_size else
                slot("empty", "small"))
        self.html = (
            f'<div class="fox-row" aria-label="Decree card and deck">'
            f'<div class="fox-spot">{inline_card(rnd.decree, th, "small", poison=poison_on(rnd))}'
            f'<div class="fox-caption">decree card<br><b>{trump_text(rnd.decree, th)}</b>'
            f"</div></div>"
            f'<div class="fox-spot">{deck}<div class="fox-caption">'
            f"{escape(say.deck_caption(deck_size, deck_open))}</div></div></div>")


def band_meter(name: str, tricks: int) -> str:
    """Tricks 0..13 in four labelled bands, the player's count marked (readable without colour)."""
    current = rules.band(tricks)
    points = {}
    for low, high, pts, band in rules.SCORING_TABLE:
        points.setdefault(band, []).append(pts)
    parts = []
    for band in rules.BANDS:
        low, high = rules.BAND_RANGES[band]
        pts = points[band]
        score = f"{pts[0]}" if len(pts) == 1 else f"{min(pts)}-{max(pts)}"
        span = f"{low}-{high}"
        cells = "".join(
            f'<span class="fox-cell{" fox-here" if n == tricks else ""}">{n}</span>'
            for n in range(low, high + 1))
        here = " fox-current" if band == current else ""
        parts.append(f'<div class="fox-band fox-band-{band.lower()}{here}" '
                     f'style="flex:{high - low + 1} 1 0" '
                     f'title="{say.band_title(band, span, score)}">'
                     f'<span class="fox-band-name">{band} {score}p</span>'
                     f'<span class="fox-band-cells">{cells}</span></div>')
    label = say.band_label(name, tricks, current, rules.round_points(tricks))
    return (f'<div class="fox-meter" role="img" aria-label="{escape(label)}" '
            f'title="{escape(label)}">{"".join(parts)}</div>')


def module_points(rnd) -> list:
    """For each player, what the Deluxe modules did to their score this round so far, read
    from the round's trick records (and its end record): ``poison`` (points lost to Poison
    8s), ``poison_floored`` (Poison points not lost, the score being at 0), ``goals`` (goal
    points claimed, gains and losses) and ``goals_floored`` (goal losses the score could not
    pay)."""
    out = [dict(poison=0, poison_floored=0, goals=0, goals_floored=0) for _ in (0, 1)]
    for rec in getattr(rnd, "history", ()):
        if rec.kind not in ("trick", "round_end"):
            continue
        if rec.kind == "trick" and getattr(rec, "poison", None) is not None:
            out[rec.winner]["poison"] += rec.lost
            out[rec.winner]["poison_floored"] += rec.floored
        for claim in getattr(rec, "claims", ()):
            out[claim.player]["goals"] += claim.points
        for p, n in enumerate(getattr(rec, "goal_floored", (0, 0))):
            out[p]["goals_floored"] += n
    return out


def modules_line(rnd, p: int, parts: dict) -> str:
    """The score line's words for the modules in play: 'Poison 8s: 2 points lost (1 not lost:
    a score never goes below 0) · goals: +3'."""
    modules = getattr(rnd, "modules", None)
    words = []
    if modules is not None and modules.poison:
        words.append(say.poison_line(parts["poison"], parts["poison_floored"]))
    if modules is not None and modules.goals:
        words.append(say.goals_line(parts["goals"], parts["goals_floored"]))
    return " \u00b7 ".join(words)


class GoalsView(HtmlView):
    """The goals revealed this round, drawn as goal cards: a claimed once-goal is veiled with
    who claimed it (it has left the table), an ongoing goal says how often it triggered. The
    claims themselves are told in the event log, in the engine's words."""

    def __init__(self, rnd=None, theme="classic", **kwargs):
        super().__init__(**kwargs)
        self.theme = theme
        if rnd is not None:
            self.update(rnd)

    def update(self, rnd, theme=None) -> None:
        self.theme = theme or self.theme
        th = _theme(self.theme)
        goals = tuple(getattr(rnd, "goals", ()) or ())
        self.layout.display = "" if goals else "none"
        if not goals:
            self.html = ""
            return
        claims = [c for rec in getattr(rnd, "history", ())
                  if rec.kind in ("trick", "round_end") for c in getattr(rec, "claims", ())]
        cards = []
        for goal in goals:
            mine = [c for c in claims if c.goal == goal.id]
            note, gone = "", False
            if goal.kind == "once" and mine:
                c = mine[0]
                note, gone = say.goal_claimed(rnd.name(c.player), c.trick), True
            elif mine:
                note = say.goal_triggered(len(mine))
            cards.append(f'<div class="fox-goal">{goal_svg(goal, th, note=note, dimmed=gone)}'
                         "</div>")
        self.html = (f'<div class="fox-goals" aria-label="{say.GOALS_TITLE}">'
                     f'<div class="fox-title">{say.GOALS_TITLE}</div>'
                     f'<div class="fox-status">{say.GOALS_NOTE}</div>'
                     f'<div class="fox-row">{"".join(cards)}</div></div>')


class ScoreBoard(HtmlView):
    """Points, tricks won this round, and a band meter for each player."""

    def __init__(self, rnd=None, target=None, names=None, **kwargs):
        super().__init__(**kwargs)
        self.target = target
        self.names = names
        if rnd is not None:
            self.update(rnd)

    def update(self, rnd, target=None) -> None:
        self.target = target or self.target
        names = self.names or [rnd.name(p) for p in (0, 1)]
        rows = []
        over = getattr(rnd, "phase", None) == "over"
        extras = module_points(rnd)
        for p in (0, 1):
            extra = modules_line(rnd, p, extras[p])
            extra = f'<span class="fox-modules-line">{escape(extra)}</span>' if extra else ""
            tw = rnd.tricks_won[p]
            band = rules.band(tw)
            pts = rules.round_points(tw)
            rows.append(
                f'<div class="fox-score"><div class="fox-score-line"><b>{escape(names[p])}</b>'
                f"<span>{escape(self.points_text(rnd.score[p]))}</span>"
                f"<span>{escape(say.tricks_this_round(tw, band, pts, over))}</span>{extra}</div>"
                f"{band_meter(names[p], tw)}</div>")
        self.html = f'<div class="fox-scores" aria-label="Score board">{"".join(rows)}</div>'

    def points_text(self, score: int) -> str:
        """'7 of 21 points' on the way; '28 points: target of 21 reached' once it is reached
        (never '28 of 21 points')."""
        return say.points_text(score, self.target)


KIND_WORDS = {"play": "Play", "exchange": "Fox", "draw": "Woodcutter", "discard": "Woodcutter",
              "trick": "Trick", "round_end": "Round over", "hammer": "Hammer",
              "fairy": "Fairy", "gift": "Fairy", "dig": "Shovel"}


def log_kind(rec, before=None) -> str:
    """The log's word for a record: its kind, or for a draw or a discard the card that caused
    it (``before``: the record said just before, for a draw)."""
    if rec.kind == "trick":
        return f"Trick {rec.number}"
    if rec.kind == "discard" and getattr(rec, "why", "") in ("potion", "hammer"):
        return rec.why.title()
    if rec.kind == "draw" and before is not None:
        if before.kind == "play" and getattr(before, "how", "") == "crown":
            return "Crown"
        if before.kind == "hammer":
            return "Hammer"
        if before.kind == "discard" and getattr(before, "why", "") == "potion":
            return "Potion"
        if before.kind == "play" and getattr(before.card, "special", None) == "Axe":
            return "Axe"
    return KIND_WORDS.get(rec.kind, rec.kind.title())


class EventLog(HtmlView):
    """The engine's explanation of each event, newest first (``newest_first=False`` to reverse).

    Each event is said from its record by the narrator given to ``update`` (the names and theme
    shown now), so a switch of theme or names tells the whole history again in the new words."""

    def __init__(self, records=(), *, newest_first=True, limit=None, **kwargs):
        super().__init__(**kwargs)
        self.newest_first = newest_first
        self.limit = limit
        self.update(records)

    def update(self, records, extra=(), narrator: Narrator | None = None) -> None:
        """Show ``records`` (a Round's or a PlayerView's history), said by ``narrator`` (by
        default in the words of the moment each was made), then ``extra`` lines of text."""
        tell = narrator.say if narrator is not None else (lambda rec: rec.reason)
        items, before = [], None
        for rec in records:
            kind = log_kind(rec, before)
            before = rec if rec.kind != "draw" else before
            cls = {"trick": " class=\"fox-log-trick\"", "round_end": " class=\"fox-log-end\""}
            items.append(f'<li{cls.get(rec.kind, "")}><span class="fox-kind">{escape(kind)}:'
                         f"</span>{escape(tell(rec))}</li>")
        items += [f'<li class="fox-log-end">{escape(text)}</li>' for text in extra]
        if self.newest_first:
            items.reverse()
        if self.limit:
            items = items[:self.limit]
        self.count = len(items)
        body = "".join(items) or f'<li class="fox-empty">{say.NOTHING_YET}</li>'
        self.html = f'<ul class="fox-log" aria-label="What happened" aria-live="polite">{body}</ul>'
