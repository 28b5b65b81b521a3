"""The cards' abilities as data: one entry per card, one dispatch in Round, the decisions in
ACTION_KINDS in their order, and foxlib.engine.round giving every name of the round's parts."""
import re

import pytest

from foxlib.core import rules
from foxlib.core.cards import SPECIAL_DECK, Card
from foxlib.engine import abilities, actions, position, records, round as round_module, view
from foxlib.engine.abilities import ABILITIES, KINDS, ON_LED, ON_PLAY
from foxlib.engine.round import ACTION_KINDS, SPECIAL_KINDS, Round
from foxlib.engine.modules import Modules, SPECIAL_CARDS
from foxlib.engine.position import Position

RULING = re.compile(r"\b(SC\d+|F\d|W\d)\b")


def test_each_card_with_an_ability_is_one_entry_keyed_by_name_or_rank():
    cards = [a.card for a in ABILITIES]
    assert len(cards) == len(set(cards))
    assert set(cards) >= {rules.FOX, rules.WOODCUTTER}
    names = {c.special for c in SPECIAL_DECK}
    assert {c for c in cards if isinstance(c, str)} <= names
    assert ON_PLAY[rules.FOX] is abilities.fox and ON_LED == {"Tree": abilities.tree}


def test_each_handler_s_rule_text_names_its_ruling():
    for ability in ABILITIES:
        assert RULING.search(ability.rulings), ability
        for handler in (ability.on_play, ability.on_led):
            if handler is not None:
                assert RULING.search(handler.__doc__ or ""), handler.__name__
        for kind in ability.kinds:
            text = " ".join(f.__doc__ or "" for f in (kind.options, kind.verify, kind.apply))
            assert RULING.search(text) or RULING.search((ability.on_play or kind.apply).__doc__)


def test_action_kinds_are_the_play_then_each_ability_s_decisions():
    assert list(ACTION_KINDS) == ["play", "exchange", "discard", *SPECIAL_KINDS]
    assert {k: v for k, v in ACTION_KINDS.items() if k != "play"} == KINDS
    assert ACTION_KINDS["play"].apply is Round._apply_play


@pytest.mark.parametrize("name", SPECIAL_CARDS)
def test_a_card_is_dispatched_to_the_handler_of_what_it_counts_as(monkeypatch, name):
    """A Mirror with the named card as the decree card counts as it (SC11): Round's one
    dispatch calls that card's handler, and a card with no handler just ends its turn."""
    called = []
    table = {key: (lambda rnd, p, card, leads, how, key=key: called.append(key)
                   or rnd._card_done()) for key in ON_PLAY}
    monkeypatch.setattr(round_module, "ON_PLAY", table)
    decree = Card(name) if name != "Mirror" else Card("3K")
    rnd = Round(Position(decree, (sorted([Card("Mirror"), Card("2B")]),
                                  sorted([Card("4B"), Card("6M")])), 0,
                         deck=[Card("9K"), Card("9M")],
                         modules=Modules(special=SPECIAL_CARDS)))
    rnd.play(Card("Mirror"))
    expected = rules.FOX if name == "Mirror" else name
    assert called == ([expected] if expected in ON_PLAY else [])


def test_the_round_module_gives_every_name_of_its_parts():
    for name in round_module.__all__:
        assert hasattr(round_module, name), name
    for part in (actions, records, position, view):
        for name, value in vars(part).items():
            if not name.startswith("_") and getattr(value, "__module__", None) == part.__name__:
                assert getattr(round_module, name) is value, name
