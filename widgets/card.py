"""Cards as widgets: ``CardWidget`` (one card), ``CardRow`` (a row of cards in one widget) and
``HtmlView`` (a block of markup with the same look).

All three share one small front-end module (``card.js``) and one stylesheet (``style.css``),
both served from this folder: no build step, no network. Python draws the cards with
``foxlib.words.svg``; the browser only shows them and reports clicks and key presses (Enter or Space on
a focused card) back to Python, where ``click()`` handles them. Tests call ``click()`` directly.
"""
from __future__ import annotations

import pathlib

import anywidget
import traitlets as t

from foxlib import Card, FoxError
from foxlib.io.inputs import read_theme
from foxlib.words import captions as say
from foxlib.words.svg import card_body, card_label

HERE = pathlib.Path(__file__).parent
SIZES = ("small", "normal", "large")


def card_code(card) -> str:
    """'9M' for Card('9M') or ' 9m '; the error names the bad value."""
    return str(Card(card))


# The front-end module and the stylesheets are sent to the page once, by one hidden widget
# (``page_assets()``), not by every card: anywidget sends a widget's ``_esm`` and ``_css`` with
# each instance, and a lesson has hundreds of them, so the page would receive (and load) the
# same 12 kB again and again before showing its first exercise. Each instance carries only
# ``card_stub.js``, which draws with the module the hidden widget brought.
_BASE_SHEET = (HERE / "style.css").read_text()
_SHEETS: dict[str, str] = {}      # stylesheet of each _FoxWidget class that has one, by class
_ASSETS = None                    # the page's _FoxAssets widget (one per kernel)


def _sheet_text(css) -> str:
    text = str(css)
    return text.replace(_BASE_SHEET, "") if text != _BASE_SHEET else text


def page_css() -> str:
    """Every stylesheet the Fox widgets use, each once (what the page receives)."""
    return "\n".join(dict.fromkeys([_BASE_SHEET, *map(_sheet_text, _SHEETS.values())]))


class _FoxAssets(anywidget.AnyWidget):
    """Never displayed: it brings card.js and the stylesheets to the page, once."""

    _esm = HERE / "card.js"
    _css = t.Unicode("").tag(sync=True)


def page_assets() -> _FoxAssets:
    """The kernel's assets widget, made again if it was closed (e.g. ``Widget.close_all()``)."""
    global _ASSETS
    if _ASSETS is None or _ASSETS.comm is None:
        _ASSETS = _FoxAssets(_css=page_css())
    return _ASSETS


class _FoxWidget(anywidget.AnyWidget):
    _esm = (HERE / "card_stub.js").read_text()
    _css = ""
    _kind = t.Unicode("cards").tag(sync=True)

    def __init_subclass__(cls, **kwargs):
        # A subclass's own stylesheet goes to the page with the others (once), not with
        # each of its instances.
        own = cls.__dict__.get("_css")
        if own and not isinstance(own, t.TraitType):   # (not the class of an instance's traits)
            text = own.read_text() if isinstance(own, pathlib.PurePath) else str(own)
            _SHEETS[f"{cls.__module__}.{cls.__qualname__}"] = text
            cls._css = ""
            if _ASSETS is not None and _ASSETS.comm is not None:
                _ASSETS._css = page_css()
        super().__init_subclass__(**kwargs)

    def __init__(self, **kwargs):
        page_assets()      # before this widget, so the page has the module it draws with
        super().__init__(**kwargs)


class HtmlView(_FoxWidget):
    """A block of HTML (with inline card drawings) in the app's look.

    With ``action`` (a button's words; ``action_icon`` and ``action_tooltip`` optional) it
    ends with that button, drawn by the same widget (one model instead of three); pressing
    it calls the ``on_press`` callbacks (``press()`` does it from Python). An element whose
    ``id`` is the page address's ``#anchor`` is scrolled into view and highlighted when drawn.
    """

    _kind = t.Unicode("html").tag(sync=True)
    html = t.Unicode("").tag(sync=True)
    action = t.Unicode("").tag(sync=True)
    action_icon = t.Unicode("").tag(sync=True)
    action_tooltip = t.Unicode("").tag(sync=True)

    def __init__(self, html: str = "", **kwargs):
        self._press_handlers: list = []
        super().__init__(html=html, **kwargs)
        self.on_msg(self._on_front_end_msg)

    @property
    def value(self) -> str:
        """The markup, under the same name as ``ipywidgets.HTML.value``."""
        return self.html

    def on_press(self, callback) -> None:
        """Call ``callback(view)`` when the view's button is pressed."""
        self._press_handlers.append(callback)

    def press(self) -> None:
        """Press the button, as the reader would (nothing happens without one)."""
        if self.action:
            for handler in list(self._press_handlers):
                handler(self)

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "press":
            self.press()

    def focus_first_in(self, scope: str, target: str) -> None:
        """Give the keyboard focus to the first element matching the CSS selector ``target``
        inside this view's nearest ``scope`` ancestor, as soon as the browser has drawn one
        (widgets just added to the page are drawn a moment after Python adds them)."""
        self.send({"do": "focus_in", "scope": scope, "target": target})


class _CardsBase(_FoxWidget):
    """What CardWidget and CardRow share: the drawn items, theme, size and click handling."""

    theme = t.Unicode("classic")
    size = t.Unicode("normal").tag(sync=True)
    label = t.Unicode("").tag(sync=True)
    empty_text = t.Unicode("").tag(sync=True)
    interactive = t.Bool(True)
    poison = t.Bool(False)            # the Poison 8s module is on: 8s are drawn as Poison 8s
    clicks = t.Int(0)                 # how many times a card was clicked (observable)
    last_clicked = t.Unicode("")      # the card clicked last, like '9M'
    _items = t.List().tag(sync=True)  # what card.js draws

    def __init__(self, **kwargs):
        self._click_handlers: list = []
        super().__init__(**kwargs)
        self.on_msg(self._on_front_end_msg)
        self._refresh()

    @t.validate("theme")
    def _check_theme(self, proposal):
        try:
            read_theme(proposal["value"])
        except FoxError as exc:
            raise t.TraitError(str(exc)) from None
        return proposal["value"]

    @t.validate("size")
    def _check_size(self, proposal):
        if proposal["value"] not in SIZES:
            raise t.TraitError(say.unknown_choice("card size", proposal["value"], SIZES))
        return proposal["value"]

    def on_click(self, callback, remove: bool = False) -> None:
        """Call ``callback(card_code)`` (e.g. ``'9M'``) whenever a card is clicked or chosen."""
        if remove:
            self._click_handlers.remove(callback)
        else:
            self._click_handlers.append(callback)

    def _click(self, code: str) -> None:
        if not self.interactive:
            return
        self.last_clicked = code
        self.clicks += 1
        for handler in list(self._click_handlers):
            handler(code)

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            code = content.get("card")
            if isinstance(code, str) and code in self._clickable_codes():
                self._click(code)

    def _item(self, card, *, face_down=False, selected=False, dimmed=False, clickable=True,
              title=None, disabled=False) -> dict:
        theme = read_theme(self.theme)
        label = card_label(card, theme, face_down, self.poison)
        disabled = disabled and not face_down
        if disabled:
            label += say.NOT_AVAILABLE_NOW
        elif dimmed and not face_down:
            label += say.CANNOT_PLAY_NOW
        if selected and not face_down:
            label += say.SELECTED
        return {"card": None if face_down else card_code(card), "label": label,
                "title": title or label,
                "body": card_body(card, theme, face_down=face_down, selected=selected,
                                  dimmed=dimmed or disabled, poison=self.poison),
                "face_down": face_down, "selected": selected, "dimmed": dimmed or disabled,
                # A disabled card of a row that can be clicked: announced as a button that is
                # not available, never focused, and a click does nothing.
                "disabled": bool(disabled and self.interactive),
                "clickable": bool(clickable and not disabled and self.interactive
                                  and not face_down)}

    def _clickable_codes(self) -> set:
        return {item["card"] for item in self._items if item["clickable"]}

    def _refresh(self, _change=None) -> None:
        raise NotImplementedError


class CardWidget(_CardsBase):
    """One card. ``CardWidget('9M')``; clicking it (or Enter/Space) calls ``on_click`` handlers
    and increments ``clicks``; ``click()`` does the same from Python."""

    card = t.Unicode("1B")
    selected = t.Bool(False)
    dimmed = t.Bool(False)
    face_down = t.Bool(False)

    def __init__(self, card="1B", theme: str = "classic", **kwargs):
        super().__init__(card=card_code(card), theme=theme, **kwargs)
        self.observe(self._refresh, names=["card", "theme", "selected", "dimmed", "face_down",
                                           "interactive", "poison"])

    @t.validate("card")
    def _check_card(self, proposal):
        return card_code(proposal["value"])

    def _refresh(self, _change=None) -> None:
        item = self._item(self.card, face_down=self.face_down, selected=self.selected,
                          dimmed=self.dimmed)
        with self.hold_sync():
            self.label = item["label"]
            self._items = [item]

    def click(self) -> None:
        """Simulate a click on the card (does nothing while it is face down or not interactive)."""
        if not self.face_down:
            self._click(self.card)


class CardRow(_CardsBase):
    """A row of cards drawn by one widget (fast to render: one model for a whole hand).

    ``cards`` are card codes; ``dimmed`` and ``selected`` list the codes shown in those states
    (a dimmed card stays clickable: trying it shows why not); ``disabled`` cards are drawn
    dimmed and cannot be clicked at all (a decision is pending that no card of the row
    answers): the browser marks them ``aria-disabled`` and never focuses them;
    ``face_down=True`` shows backs only (the codes are never sent to the browser then, so a
    hidden hand stays hidden). ``hidden_count`` adds that many face-down cards after the others.
    """

    cards = t.List(t.Unicode())
    dimmed = t.List(t.Unicode())
    disabled = t.List(t.Unicode())
    selected = t.List(t.Unicode())
    face_down = t.Bool(False)
    hidden_count = t.Int(0)
    titles = t.Dict()                # optional tooltip per card code (e.g. why it is dimmed)

    def __init__(self, cards=(), theme: str = "classic", **kwargs):
        for key in ("dimmed", "selected", "disabled"):
            if key in kwargs:
                kwargs[key] = [card_code(c) for c in kwargs[key]]
        super().__init__(cards=[card_code(c) for c in cards], theme=theme, **kwargs)
        self.observe(self._refresh, names=["cards", "theme", "dimmed", "selected", "face_down",
                                           "hidden_count", "interactive", "titles", "poison",
                                           "disabled"])

    @t.validate("cards", "dimmed", "selected", "disabled")
    def _check_cards(self, proposal):
        return [card_code(c) for c in proposal["value"]]

    def _refresh(self, _change=None) -> None:
        dimmed, selected, disabled = set(self.dimmed), set(self.selected), set(self.disabled)
        if self.face_down:
            items = [self._item(None, face_down=True) for _ in self.cards]
        else:
            items = [self._item(c, dimmed=c in dimmed, selected=c in selected,
                                title=self.titles.get(c), disabled=c in disabled)
                     for c in self.cards]
        items += [self._item(None, face_down=True) for _ in range(self.hidden_count)]
        self._items = items

    def click(self, card) -> None:
        """Simulate a click on ``card`` (a code like '9M' or a Card); it must be in the row. A
        disabled card ignores it, as in the browser."""
        code = card_code(card)
        if code not in self.cards or self.face_down:
            raise ValueError(say.not_clickable(Card(code).name(), code))
        if code not in self.disabled:
            self._click(code)

    def update(self, cards=None, **traits) -> None:
        """Change several traits at once with a single redraw."""
        with self.hold_trait_notifications():
            if cards is not None:
                self.cards = list(cards)
            for name, value in traits.items():
                setattr(self, name, value)
