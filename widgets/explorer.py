"""The rules explorer: set up one trick and let the engine say who may play what, who wins and why.

Everything shown comes from a real ``foxlib.Round`` built from the chosen cards: the legal
follows are ``legal_cards()``, the reasons for illegal cards are ``verify_play`` errors, the Fox's
exchange and the Woodcutter's draw and discard are played on the round, and the outcome is the
round's ``TrickRecord``. With Deluxe modules chosen (``options``: Poison 8s, goal cards), the
trick is played with them: the 8s are Poison 8s, the goals put on the table are checked by the
engine and its claims are said in its words (``foxlib.words.goal_words.say_claim``). With special cards
chosen there (the cards ticked, or two at random), they may be led or held, a card may be played
with the Crown, and every decision they bring (the Hammer's suit and the leader's new card, the
Fairy's take and gift, the Shovel's dig, the Potion's cards) is offered as a choice made from the
round's ``legal_actions()``; their random picks come from a fixed seed, so a set-up always plays
out the same way.
"""
from __future__ import annotations

from dataclasses import replace
from html import escape

import random

from ipywidgets import BoundedIntText, Button, Checkbox, Dropdown, HBox, Layout, Text, VBox

from foxlib import DECK, Action, Card, FoxError, Round
from foxlib.core.cards import SPECIAL_DECK, card_list
from foxlib.words.goal_words import say_claim
from foxlib.io.inputs import read_theme, trick_setup
from foxlib.engine.possible import completed
from foxlib.engine.modules import BASE
from foxlib.engine.round import CROWN, OVER, PLAY
from foxlib.words import captions as say
from foxlib.words.captions import EXPLORER as WORDS
from foxlib.words.narrator import Narrator
from foxlib.words.svg import goal_svg

from .card import CardRow, HtmlView
from .module_options import ModuleOptions
from .table import message, trump_text

NO_CARD = ""

#: Ready-made tricks, each showing one rule. Values are RulesExplorer arguments.
PRESETS = {
    "Following suit": dict(decree="2K", led="8M", follower_hand="3M 10M 5B 9K", followed="10M"),
    "Trump beats the led suit": dict(decree="4B", led="11M", follower_hand="2B 6K 8K",
                                     followed="2B"),
    "Witch: a lone 9 counts as trump": dict(decree="4K", led="10M", follower_hand="9B 6B 2K",
                                            followed="9B"),
    "Two Witches cancel out": dict(decree="4K", led="9M", follower_hand="9B 6B 2K",
                                   followed="9B"),
    "Monarch: 1 or your highest": dict(decree="5B", led="11M", follower_hand="1M 4M 8M 2K",
                                       followed="1M"),
    "Swan: lose and lead": dict(decree="6K", led="10B", follower_hand="1B 3M 7K",
                                followed="1B"),
    "Fox: swap the decree card": dict(decree="2B", led="3M", leader_others="9K 6B",
                                      follower_hand="5K 8K 4B", followed="8K",
                                      leader_choice="9K"),
    "Woodcutter: draw and discard": dict(decree="6M", led="5K", leader_others="2M 4B",
                                         deck_top="11K", follower_hand="7K 1B 10M",
                                         followed="7K", leader_choice="2M"),
    "Treasure: points for 7s": dict(decree="3B", led="7M", follower_hand="9M 8K 7K",
                                    followed="9M"),
    # A Shovel digs in the last trick its player won: the set-up says what that trick held.
    "Shovel: dig in a won trick": dict(decree="4K", led="10M", follower_hand="Shovel 6B 2B",
                                       follower_won="11M 6K", followed="Shovel",
                                       follower_choice="Shovel", special=("Shovel",)),
}


class _Deluxe:
    """The explorer's Deluxe module widgets, once built."""


#: A fixed seed for the special cards' random picks (the Tree, the Fairy, the Shovel): the same
#: set-up always plays out the same way.
CHANCE_SEED = 14


def _wide() -> Layout:
    # One Layout per widget: a shared one would hide them all when one is hidden.
    return Layout(width="auto", min_width="16em")


class RulesExplorer(VBox):
    """Pick the decree card, the led card and the follower's hand, then click the follower's card.

    ``RulesExplorer(decree='4K', led='10M', follower_hand='9B 6B 2K', followed=None, *,
    leader_others='', deck_top=None, leader_choice=None, follower_choice=None,
    names=('Leader', 'Follower'), theme='classic', preset=None)``.

    ``poison`` and ``goals`` (None, ``"house"`` or a ``foxlib.engine.goals.GoalSet``) choose the
    Deluxe modules (``options``, a ``ModuleOptions``, changes them; the "Deluxe modules" button
    ``deluxe_button`` shows them, and they are built when first used); ``on_table`` names the ids
    of at most two goals put on the table (the dropdowns ``goal_1`` and ``goal_2``; by
    default the first two goals of the set);
    ``scores`` are the two scores before the trick when a module is on (``score_leader``,
    ``score_follower``), since a score never goes below 0. ``special`` (None, ``"random"`` or
    names of special cards) chooses the special cards in play: any of them may be led or held,
    ``leader_crown``/``follower_crown`` (Checkboxes) play the led or the follower's card with the
    Crown, and each further decision a card brings gets a dropdown of the engine's legal actions
    (``more_choices["leader"]``, ``more_choices["follower"]`` after ``leader_choice`` and
    ``follower_choice``).

    ``leader_others`` are the leader's other cards (for the Fox's exchange and the Woodcutter's
    discard); ``deck_top`` is the card a Woodcutter draws; ``leader_won`` and ``follower_won``
    (typed cards, the text fields of the same names) are the last trick each player won before
    this one, where a Shovel digs (``foxlib.io.inputs.trick_setup``); ``leader_choice`` and
    ``follower_choice`` are the Fox's card to swap (None keeps the decree) or the Woodcutter's
    discard. ``preset`` names one of ``PRESETS``.

    Results for code and tests: ``round`` (the foxlib Round as played), ``trick`` (its
    TrickRecord once the follower has played, else None), ``legal`` (codes the follower may
    play), ``reasons`` (code -> the engine's reason for each illegal card), ``error`` (the
    engine's complaint about the set-up, else ''), ``message`` (what the last click caused).
    """

    def __init__(self, decree="4K", led="10M", follower_hand="9B 6B 2K", followed=None, *,
                 leader_others="", deck_top=None, leader_choice=None, follower_choice=None,
                 names=("Leader", "Follower"), theme="classic", preset=None, poison=False,
                 goals=None, on_table=None, scores=(5, 5), special=None,
                 leader_crown=False, follower_crown=False, leader_won="", follower_won=""):
        th = read_theme(theme)
        self.names, self.theme = tuple(names), th.key
        self._busy = False
        self.round, self.trick, self.legal, self.reasons = None, None, [], {}
        self.error, self.message, self.padding = "", "", 0
        options = [(f"{c.label(th)} ({c})", str(c)) for c in DECK]
        style = {"description_width": "initial"}
        self.preset = Dropdown(options=[(WORDS["own"], "")] + [(k, k) for k in PRESETS],
                               value="", description="Example", layout=_wide(), style=style)
        self.decree = Dropdown(options=options, value=str(Card(decree)), description="Decree card",
                               layout=_wide(), style=style)
        # Any card may be led, the special cards too (one not in play is a set-up to correct).
        led_options = options + [(say.special_option(c.name(th)), str(c)) for c in SPECIAL_DECK]
        self.led = Dropdown(options=led_options, value=str(Card(led)), description="Led card",
                            layout=_wide(), style=style)
        # Typed hands are read on Enter or when the field is left, not at every key press.
        self.leader_others = Text(value=leader_others, description=WORDS["others"],
                                  placeholder=WORDS["others_eg"], layout=_wide(), style=style,
                                  continuous_update=False)
        self.follower_hand = Text(value=follower_hand, description="Follower's hand",
                                  placeholder=WORDS["hand_eg"], layout=_wide(), style=style,
                                  continuous_update=False)
        # The last trick each player won before this one (where a Shovel digs, as the tooltip
        # says: the placeholder is kept short enough to fit the field on a phone).
        self.leader_won = Text(value=leader_won, description=WORDS["leader_won"],
                               placeholder=WORDS["won_eg"], tooltip=WORDS["won_tip"],
                               layout=_wide(), style=style, continuous_update=False)
        self.follower_won = Text(value=follower_won, description=WORDS["follower_won"],
                                 placeholder=WORDS["won_eg"], tooltip=WORDS["won_tip"],
                                 layout=_wide(), style=style, continuous_update=False)
        self.deck_top = Dropdown(options=[("(empty deck)", NO_CARD)] + options,
                                 value=str(Card(deck_top)) if deck_top else NO_CARD,
                                 description=WORDS["deck_top"], layout=_wide(), style=style)
        self.leader_choice = Dropdown(description="Leader's choice", layout=_wide(), style=style)
        self.follower_choice = Dropdown(description="Follower's choice", layout=_wide(),
                                        style=style)
        # The Deluxe modules (Poison 8s, goal cards, the goals on the table and the scores
        # before the trick) are built when first asked for: a reader who never opens them does
        # not pay for their widgets when the page loads.
        self._deluxe = None
        self._deluxe_args = dict(poison=poison, goals=goals, on_table=on_table, scores=scores,
                                 special=special)
        self._pick = 0           # bumped when the modules change: a new random pick
        self._modules = None
        self.deluxe_button = Button(description=WORDS["deluxe"], tooltip=WORDS["deluxe_tip"],
                                    layout=Layout(width="auto"))
        self.deluxe_button.add_class("fox-reveal")      # drawn as a disclosure (style.css)
        self.deluxe_button.on_click(lambda _b: self.show_modules())
        self.modules_box = VBox([self.deluxe_button])
        self._wanted = {"leader": [leader_choice], "follower": [follower_choice]}
        self.followed = str(Card(followed)) if followed else None
        self._crowns = (leader_crown, follower_crown)   # built with the Deluxe modules
        self.more_choices = {"leader": [], "follower": []}   # a special card's further choices
        self.leader_row = CardRow(theme=self.theme, interactive=False,
                                  label=WORDS["leader_row"])
        self.follower_row = CardRow(theme=self.theme, label=WORDS["follower_row"],
                                    empty_text="No cards.")
        self.follower_row.on_click(self.choose_follow)
        self.leader_note, self.follower_note, self.result = HtmlView(), HtmlView(), HtmlView()
        for w in (self.decree, self.led, self.leader_others, self.follower_hand, self.deck_top,
                  self.leader_won, self.follower_won):
            w.observe(self._input_changed, names="value")
        for w in (self.leader_choice, self.follower_choice):
            w.observe(self._choice_changed, names="value")
        self.preset.observe(self._preset_changed, names="value")
        setup = HBox([self.decree, self.led, self.leader_others, self.deck_top,
                      self.leader_won, self.follower_won])
        setup.add_class("fox-controls")
        leader = VBox([self.leader_note, self.leader_row, self.leader_choice])
        follower = VBox([self.follower_note, self.follower_hand, self.follower_row,
                         self.follower_choice])
        self._panels = {"leader": leader, "follower": follower}
        for box in (leader, follower):
            box.add_class("fox-panel")
        super().__init__([self.preset, setup, self.modules_box, leader, follower, self.result])
        self.add_class("fox-app")
        self.add_class("fox-explorer")
        if poison or goals is not None or special is not None or any(self._crowns):
            self._build_modules()
        if preset:
            self.load(preset)
        else:
            self._recompute()

    # -- inputs
    def load(self, preset: str) -> None:
        """Set up one of the ready-made tricks in ``PRESETS`` (one that needs special cards
        ticks them in the Deluxe options)."""
        if preset not in PRESETS:
            raise ValueError(say.unknown_choice("example", preset, sorted(PRESETS)))
        choices = dict(PRESETS[preset])
        special = choices.pop("special", None)
        if special and set(special) - set(self.modules().special):
            self.options.tick(set(special) | set(self.modules().special))
        self.set(**choices)
        with self._quiet():
            self.preset.value = preset

    def set(self, *, decree=None, led=None, follower_hand=None, followed=None,
            leader_others="", deck_top=None, leader_choice=None, follower_choice=None,
            leader_won="", follower_won="") -> None:
        """Change the whole set-up at once (unnamed parts are cleared or kept as documented)."""
        with self._quiet():
            if decree is not None:
                self.decree.value = str(Card(decree))
            if led is not None:
                self.led.value = str(Card(led))
            if follower_hand is not None:
                self.follower_hand.value = follower_hand
            self.leader_others.value = leader_others
            self.leader_won.value, self.follower_won.value = leader_won, follower_won
            self.deck_top.value = str(Card(deck_top)) if deck_top else NO_CARD
        self._wanted = {"leader": [leader_choice], "follower": [follower_choice]}
        self.followed = str(Card(followed)) if followed else None
        self._recompute()

    def choose_follow(self, code) -> bool:
        """The follower tries ``code``: kept when the engine allows it, else its reason is shown."""
        code = str(Card(code))
        if code in self.reasons:
            self.message = self.reasons[code]
            self._draw_follower()
            return False
        if code not in self.legal:
            return False
        self.followed = code
        self._wanted["follower"] = [None]
        self.message = ""
        self._recompute()
        return True

    # -- observers
    class _Quiet:
        def __init__(self, owner):
            self.owner = owner

        def __enter__(self):
            self.before, self.owner._busy = self.owner._busy, True

        def __exit__(self, *exc):
            self.owner._busy = self.before

    def _quiet(self):
        return self._Quiet(self)

    def _input_changed(self, _change) -> None:
        if self._busy:
            return
        with self._quiet():
            self.preset.value = ""
        self._recompute()

    def _choice_changed(self, change) -> None:
        if self._busy:
            return
        owner = change["owner"]
        for who in ("leader", "follower"):
            boxes = [getattr(self, f"{who}_choice")] + self.more_choices[who]
            if owner in boxes:
                i = boxes.index(owner)
                wanted = self._wanted[who][:i] + [change["new"] or None]
                self._wanted[who] = wanted
        self._recompute()

    def _preset_changed(self, change) -> None:
        if self._busy:
            return
        if change["new"]:
            self.load(change["new"])
        else:
            self.set_up_own()

    def set_up_own(self) -> None:
        """Back to "(set up your own)": the example's extras go (the leader's other cards, the
        top of the deck, the won tricks, the Fox's and Woodcutter's choices); the decree card, the led card and
        the follower's hand stay, ready to change. A hand of any size then fits."""
        self.set(decree=self.decree.value, led=self.led.value,
                 follower_hand=self.follower_hand.value, followed=self.followed)
        with self._quiet():
            self.preset.value = ""

    # -- the Deluxe modules
    def show_modules(self) -> None:
        """Show the Deluxe module options (what the "Deluxe modules" button does)."""
        if self._deluxe is None:
            self._build_modules()
            self._recompute()

    def _build_modules(self) -> None:
        args, style = self._deluxe_args, {"description_width": "initial"}
        d = _Deluxe()
        d.options = ModuleOptions(poison=args["poison"], goals=args["goals"],
                                  special=args["special"])
        d.goal_1 = Dropdown(description=WORDS["goal_1"], layout=_wide(), style=style)
        d.goal_2 = Dropdown(description="Second goal", layout=_wide(), style=style)
        d.score_leader = BoundedIntText(value=args["scores"][0], min=0, max=99, layout=_wide(),
                                        description=WORDS["score_leader"], style=style)
        d.score_follower = BoundedIntText(value=args["scores"][1], min=0, max=99,
                                          layout=_wide(), description=WORDS["score_follower"],
                                          style=style)
        d.goal_cards = HtmlView()
        # With the Crown in play: the led card or the follower's card played with it.
        d.leader_crown = Checkbox(value=bool(self._crowns[0]), indent=False,
                                  description=WORDS["lead_crown"],
                                  layout=Layout(width="auto"))
        d.follower_crown = Checkbox(value=bool(self._crowns[1]), indent=False,
                                    description=WORDS["follow_crown"],
                                    layout=Layout(width="auto"))
        for w, who, row in ((d.leader_crown, "leader", self.leader_row),
                            (d.follower_crown, "follower", self.follower_row)):
            w.observe(self._input_changed, names="value")
            panel = self._panels[who]
            kids = list(panel.children)
            kids.insert(kids.index(row) + 1, w)
            panel.children = tuple(kids)
        d.module_row = HBox([d.goal_1, d.goal_2, d.score_leader, d.score_follower])
        d.module_row.add_class("fox-controls")
        self._deluxe = d
        d.options.on_change(self._modules_changed)
        for w in (d.goal_1, d.goal_2, d.score_leader, d.score_follower):
            w.observe(self._module_input_changed, names="value")
        on_table = args["on_table"]
        self._fill_goals(list(on_table) if on_table is not None else None)
        self.modules_box.children = [d.options, d.module_row, d.goal_cards]
        self.modules_box.add_class("fox-panel")

    def _part(self, name: str):
        if self._deluxe is None:
            self.show_modules()
        return getattr(self._deluxe, name)

    options = property(lambda self: self._part("options"),
                       doc="The Deluxe module options (``ModuleOptions``), built when first used.")
    goal_1 = property(lambda self: self._part("goal_1"))
    goal_2 = property(lambda self: self._part("goal_2"))
    score_leader = property(lambda self: self._part("score_leader"))
    score_follower = property(lambda self: self._part("score_follower"))
    module_row = property(lambda self: self._part("module_row"))
    goal_cards = property(lambda self: self._part("goal_cards"))
    leader_crown = property(lambda self: self._part("leader_crown"),
                            doc="Checkbox: the led card is played with the Crown.")
    follower_crown = property(lambda self: self._part("follower_crown"),
                              doc="Checkbox: the follower's card is played with the Crown.")

    def modules(self):
        """The modules the trick is played with (the base game until they are chosen)."""
        if self._deluxe is None:
            return BASE
        if self._modules is None:   # two at random: picked once per change of the options
            self._modules = self._deluxe.options.modules(random.Random(self._pick))
        return self._modules

    def _fill_goals(self, wanted=None) -> None:
        """Offer the goals of the chosen goal set for the table (keeping the ones chosen)."""
        gset = self.options.goal_set()
        keep = wanted if wanted is not None else [d.value for d in (self.goal_1, self.goal_2)]
        options = [("(none)", "")] + ([(f"{g.title} ({g.id})", g.id) for g in gset]
                                      if gset is not None else [])
        ids = [v for _, v in options]
        picked = [g for g in keep if g and g in ids]
        if gset is not None and not picked and wanted is None:
            picked = [g.id for g in list(gset)[:2]]
        picked += [""] * (2 - len(picked))
        with self._quiet():
            for dropdown, value in zip((self.goal_1, self.goal_2), picked):
                dropdown.options = options
                dropdown.value = value
        on = not self.options.modules().base
        self.goal_1.layout.display = self.goal_2.layout.display = "" if gset else "none"
        self.module_row.layout.display = "" if on else "none"

    def on_table(self) -> tuple:
        """The ids of the goals put on the table (none when goal cards are off)."""
        if self._deluxe is None or self.options.goal_set() is None:
            return ()
        out = []
        for d in (self.goal_1, self.goal_2):
            if d.value and d.value not in out:
                out.append(d.value)
        return tuple(out)

    def _modules_changed(self, _modules) -> None:
        self._pick += 1
        self._modules = None
        self._fill_goals()
        self._recompute()

    def _fill_led(self) -> None:
        """The led card may be any card in play: the 33 suit cards and the special cards."""
        th = read_theme(self.theme)
        special = [Card(n) for n in self.modules().special]
        options = [(f"{c.label(th)} ({c})", str(c)) for c in DECK] + [
            (say.special_option(c.name(th)), str(c)) for c in special]
        keep = self.led.value if self.led.value in [v for _, v in options] else str(DECK[0])
        with self._quiet():
            self.led.options = options
            self.led.value = keep

    def _module_input_changed(self, _change) -> None:
        if not self._busy:
            self._recompute()

    # -- the engine does the work
    def _recompute(self) -> None:
        self.round, self.trick, self.legal, self.reasons, self.error = None, None, [], {}, ""
        self.steps, self.picked = [], False
        self._used = {"leader": 0, "follower": 0}
        try:
            rnd, self.explicit = self._build()
            self.round = rnd
            self._lead(rnd)
            self._follow(rnd)
        except FoxError as exc:
            self.error = str(exc)
        self._draw()

    def _build(self):
        th = read_theme(self.theme)
        modules = self.modules()
        setup = trick_setup(self.decree.value, self.led.value, self.follower_hand.value,
                            self.leader_others.value, self.deck_top.value or None, theme=th,
                            modules=modules, leader_won=self.leader_won.value,
                            follower_won=self.follower_won.value)
        self.padding = setup.filler
        pos = setup.position
        if not modules.base:
            pos = replace(pos, modules=modules, goals=self.on_table(),
                          score=(self.score_leader.value, self.score_follower.value),
                          seed=CHANCE_SEED if modules.special else None)
        # A trick a real round can reach: the deck holds 6 cards (one more per special card)
        # under the top card chosen, and the earlier tricks are counted (foxlib.engine.possible).
        self.position = pos = completed(pos)
        return Round(pos, self.names, th), set(setup.leader_others)

    def _lead(self, rnd) -> None:
        start = len(rnd.history)
        crown = self._crown_in_play() and self.leader_crown.value
        rnd.act(Action(CROWN if crown else PLAY, Card(self.led.value)))
        self._decisions(rnd)
        self.steps += rnd.history[start:]

    def _crown_in_play(self) -> bool:
        return "Crown" in self.modules().special

    def _follow(self, rnd) -> None:
        if not (rnd.phase == PLAY and rnd.to_play == 1 and len(rnd.trick) == 1):
            # The follower's card was not theirs to choose (a led Tree picks it at random).
            self.picked = True
            start = len(rnd.history)
            self._decisions(rnd)
            self.steps += rnd.history[start:]
            self.followed = None
            self.trick = rnd.tricks[-1] if rnd.tricks else None
            return
        self.legal = [str(c) for c in rnd.legal_cards()]
        for card in rnd.hands[1]:
            try:
                rnd.verify_play(card)
            except FoxError as exc:
                self.reasons[str(card)] = str(exc)
        if self.followed not in self.legal:
            self.followed = None
        if self.followed is None:
            return
        start = len(rnd.history)
        crown = self._crown_in_play() and self.follower_crown.value
        rnd.act(Action(CROWN if crown else PLAY, Card(self.followed)))
        self._decisions(rnd)
        self.steps += rnd.history[start:]
        self.trick = rnd.tricks[-1] if rnd.tricks else None

    def _dropdown(self, who: str, i: int) -> Dropdown:
        """The ``i``-th decision dropdown of ``who`` (made when first needed)."""
        if i == 0:
            return getattr(self, f"{who}_choice")
        more = self.more_choices[who]
        while len(more) < i:
            d = Dropdown(description=say.next_choice(who.title()), layout=_wide(),
                         style={"description_width": "initial"})
            d.observe(self._choice_changed, names="value")
            more.append(d)
            box = self._panels[who]
            box.children = tuple(box.children) + (d,)
        return more[i - 1]

    def _decisions(self, rnd) -> None:
        """Every decision pending after a card (the Fox's, the Woodcutter's, the special
        cards'), each offered as a dropdown of the engine's legal actions, in order."""
        while rnd.phase not in (PLAY, OVER):
            who = "leader" if rnd.to_play == 0 else "follower"
            i = self._used[who]
            self._used[who] += 1
            self._decide(rnd, who, self._dropdown(who, i), i)

    def _decide(self, rnd, who: str, dropdown: Dropdown, i: int = 0) -> None:
        """One decision (the Fox's exchange, the Woodcutter's discard or a special card's),
        offered from the engine's legal actions."""
        th, kind = rnd.theme, rnd.phase
        actions = rnd.legal_actions()
        drawn = rnd.history[-1].card if kind == "discard" else None
        if who == "leader" and kind not in ("fairy_take", "name_suit", "dig", "potion_play"):
            # The filler cards are not the learner's to choose (they are face down).
            filler = set(rnd.start.hands[0]) - set(self.explicit) - {Card(self.led.value)}
            mine = [a for a in actions if a.card is None or a.card not in filler]
            actions = mine or actions
        if kind == "exchange":
            actions = sorted(actions, key=lambda a: a.card is not None)
        voice = Narrator(theme=th)
        options = [(voice.action_words(*a, "label"), "" if a.card is None else a.text)
                   for a in actions]
        wanted = self._wanted[who][i] if i < len(self._wanted[who]) else None
        wanted = wanted or ""
        if wanted not in [v for _, v in options]:
            # Defaults change nothing where they can: keep the decree, put the drawn card back
            # under the deck; else the first choice the engine gives.
            wanted = str(drawn) if kind == "discard" else options[0][1]
        with self._quiet():
            dropdown.options = options
            dropdown.value = wanted
            dropdown.layout.display = ""
        rnd.act(Action(kind, wanted or None))

    # -- drawing
    def _draw(self) -> None:
        th = read_theme(self.theme)
        rnd = self.round
        poison = self.modules().poison
        self.leader_row.poison = self.follower_row.poison = poison
        if self._deluxe is not None:
            crown = "" if self._crown_in_play() else "none"
            self.leader_crown.layout.display = self.follower_crown.layout.display = crown
        for who in ("leader", "follower"):
            used = self._used[who] if rnd is not None else 0
            boxes = [getattr(self, f"{who}_choice")] + self.more_choices[who]
            for j, d in enumerate(boxes):
                if j >= used:           # no such decision in this trick
                    with self._quiet():
                        d.options, d.layout.display = [("", "")], "none"
        if self._deluxe is not None:
            self._draw_goal_cards()
        if rnd is None:
            self.leader_row.update([], hidden_count=0)
            self.follower_row.update([], dimmed=[], selected=[])
            self.leader_note.html = '<span class="fox-title">Leader</span>'
            self.follower_note.html = '<span class="fox-title">Follower</span>'
            for d in (self.leader_choice, self.follower_choice):
                d.layout.display = "none"
            self.result.html = message(self.error, "setup")
            return
        shown = [str(c) for c in sorted(rnd.start.hands[0]) if c in self.explicit
                 or c is Card(self.led.value)]
        self.leader_row.update(shown, hidden_count=self.padding, selected=[self.led.value])
        leads = say.leads_the(Card(self.led.value).label(th), self.padding)
        self.leader_note.html = (f'<span class="fox-title">{escape(self.names[0])}</span> '
                                 f'<span class="fox-status">{escape(leads)}</span>')
        self._draw_follower()
        self._draw_result()

    def _draw_goal_cards(self) -> None:
        th, gset = read_theme(self.theme), self.options.goal_set()
        if gset is None or not self.on_table():
            self.goal_cards.html = ""
            return
        claimed = {c.goal: c for c in (self.trick.claims if self.trick is not None else ())}
        names = self.round.names if self.round is not None else self.names
        cards = []
        for gid in self.on_table():
            goal = gset.by_id(gid)
            c = claimed.get(gid)
            note = say.goal_met_by(names[c.player]) if c is not None else ""
            cards.append(f'<div class="fox-goal">{goal_svg(goal, th, note=note)}</div>')
        self.goal_cards.html = (f'<div class="fox-goals fox-goal-choices" aria-label="Goals on '
                                f'the table"><div class="fox-row">{"".join(cards)}</div></div>')

    def _draw_follower(self) -> None:
        rnd, th = self.round, read_theme(self.theme)
        hand = [str(c) for c in sorted(rnd.start.hands[1])] if rnd else []
        titles = {c: f"{Card(c).label(th)}: {r}" for c, r in self.reasons.items()}
        if self.picked:         # no card is the follower's to click: said, and not clickable
            titles = {c: f"{Card(c).label(th)}: {WORDS['tree_picks']}" for c in hand}
        self.follower_row.update(hand, dimmed=sorted(self.reasons, key=hand.index),
                                 selected=[self.followed] if self.followed else [],
                                 titles=titles, disabled=hand if self.picked else [])
        legal = card_list([Card(c) for c in self.legal], th)
        may = (WORDS["tree_picks"] if self.picked else
               say.may_play(legal, len(self.legal) == len(hand)))
        self.follower_note.html = (
            f'<span class="fox-title">{escape(self.names[1])}</span> '
            f'<span class="fox-status">{escape(may)}</span>'
            + message(self.message, "illegal"))

    def _draw_result(self) -> None:
        rnd, th = self.round, read_theme(self.theme)
        tell = Narrator(rnd.names if rnd else self.names, th).say
        steps = "".join(f"<li>{escape(tell(r))}</li>" for r in self.steps)
        illegal = "".join(f"<li><b>{escape(Card(c).name(th))}</b>: {escape(r)}</li>"
                          for c, r in sorted(self.reasons.items(), key=lambda x: Card(x[0])))
        parts = [f'<div class="fox-title">What happens</div><ol class="fox-steps">{steps}</ol>']
        if self.error:          # the engine refused a play or a decision of the set-up
            parts.append(message(self.error, "illegal"))
        if self.trick is None:
            parts.append(message(WORDS["click_follow"], "info"))
        else:
            t = self.trick
            treasure = say.treasure_fact(rnd.name(t.winner), t.treasure)
            facts = [("Trump", trump_text(t.decree, th)),
                     ("Winner", escape(rnd.name(t.winner))),
                     ("Leads next", escape(rnd.name(t.next_leader))),
                     ("Treasure", escape(treasure))]
            if t.poison is not None:
                poison = say.poison_fact(t.poison, rnd.name(t.winner), t.lost, t.floored)
                facts.append(("Poison 8s", escape(poison)))
            if rnd.goals:
                met = " ".join(say_claim(c, rnd.names, th) for c in t.claims)
                facts.append(("Goals", escape(met or WORDS["no_goal"])))
            parts.append('<div class="fox-facts">' + "".join(
                f'<div class="fox-fact"><b>{k}:</b> {v}</div>' for k, v in facts) + "</div>")
        if illegal:
            parts.append(f'<div class="fox-title">{WORDS["illegal_title"]}</div>'
                         f'<ul class="fox-steps">{illegal}</ul>')
        self.result.html = f'<div class="fox-panel">{"".join(parts)}</div>'
