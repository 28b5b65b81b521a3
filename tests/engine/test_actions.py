"""One action API for every decision: Action values, legal_actions / verify / can / act, the
short forms over them, and the table of decision kinds that a new decision is added to."""
import json
import random

import pytest

from foxlib import (ACTION_KINDS, DISCARD, EXCHANGE, PLAY, Action, ActionKind, Card, FoxError,
                    IllegalAction, InvalidCard, Round)
from foxlib.engine import round as round_module
from scenario_helpers import make_round

C = Card


# ----------------------------------------------------------------------------- the value type

@pytest.mark.parametrize("action", [Action(PLAY, C("3K")), Action(EXCHANGE, None),
                                    Action(EXCHANGE, C("11M")), Action(DISCARD, C("1B"))])
def test_an_action_reads_back_from_its_str_repr_and_json(action):
    assert Action.parse(str(action)) == action
    assert eval(repr(action), {"Action": Action}) == action
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action


def test_an_action_is_written_like_a_saved_rounds_entry_and_unpacks_as_that_pair():
    action = Action("play", "9M")
    assert action.card is C("9M") and str(action) == "play 9M"
    assert action.to_json() == ["play", "9M"]
    kind, card = action
    assert (kind, card) == ("play", C("9M"))
    assert str(Action(EXCHANGE)) == "exchange -"


def test_an_action_with_a_bad_card_name_says_where():
    with pytest.raises(InvalidCard, match=r"actions\[3\]: .*12M"):
        Action.from_json(["play", "12M"], "actions[3]")


# ----------------------------------------------------------------------------- the API

def test_every_legal_action_passes_verify_and_every_other_card_is_refused_with_a_reason():
    rng = random.Random(4)
    for seed in range(6):
        rnd = Round.deal(seed)
        while not rnd.is_over:
            legal = rnd.legal_actions()
            assert all(a.kind == rnd.phase for a in legal)
            for card in [None, *rnd.hands[0], *rnd.hands[1], rnd.decree]:
                action = Action(rnd.phase, card)
                if action in legal:
                    rnd.verify(action)
                    assert rnd.can(action)
                else:
                    with pytest.raises(IllegalAction) as refused:
                        rnd.verify(action)
                    assert str(refused.value).endswith(".") and not rnd.can(action)
            rnd.act(rng.choice(legal))


def test_act_returns_the_record_and_saves_the_action():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    rec = rnd.act(Action(PLAY, "3K"))
    assert rec.kind == "play" and rec.card is C("3K") and rnd.history[-1] is rec
    rec = rnd.act(("exchange", "7M"))                    # a saved round's pair works too
    assert rec.kind == "exchange" and rnd.decree is C("7M")
    assert rnd.actions == [Action(PLAY, "3K"), Action(EXCHANGE, "7M")]
    assert json.loads(rnd.dumps())["actions"] == [["play", "3K"], ["exchange", "7M"]]


def test_the_short_forms_give_the_same_answers_as_the_action_api():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    for card in ("3K", "7M", "4B"):
        assert rnd.can_play(card) == rnd.can(Action(PLAY, card))
    with pytest.raises(IllegalAction) as short:
        rnd.verify_play("4B")
    with pytest.raises(IllegalAction) as full:
        rnd.verify(Action(PLAY, "4B"))
    assert str(short.value) == str(full.value) == "A does not hold the 4 of Bells."


def test_an_action_of_another_phase_is_refused_with_the_pending_decision():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    rnd.play("3K")
    with pytest.raises(IllegalAction, match="must first decide on the Fox's exchange"):
        rnd.act(Action(PLAY, "7M"))
    with pytest.raises(IllegalAction, match="no Woodcutter discard to make now"):
        rnd.verify(Action(DISCARD, "7M"))


def test_only_the_fox_exchange_may_be_declined():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    with pytest.raises(IllegalAction, match="only the Fox's exchange can be declined"):
        rnd.verify(Action(PLAY, None))


def test_an_unknown_kind_is_refused_naming_the_decisions():
    rnd = make_round("2B", "3K 7M 8K", "4B 10M 6B")
    with pytest.raises(IllegalAction, match="'jump' is not a decision.*play, exchange, discard"):
        rnd.act(Action("jump", "3K"))
    assert rnd.actions == [] and not rnd.can(Action("jump", "3K"))


def test_something_that_is_not_an_action_is_refused():
    with pytest.raises(FoxError, match="is not an action"):
        make_round("2B", "3K", "4B").act(C("3K"))


# ----------------------------------------------------------------------------- one table

def test_a_new_decision_is_one_entry_in_the_table(monkeypatch):
    """A made-up decision ('pass', only with an empty trick) added as one entry works through
    legal_actions, verify, can, act, undo and saving, with no other change to the round."""
    def options(rnd):
        return [None]

    def verify(rnd, card):
        if rnd.phase != "pass":
            raise IllegalAction("There is nothing to pass now.")

    def apply(rnd, card):
        rnd.phase = PLAY
        return "passed"

    kinds = dict(ACTION_KINDS)
    kinds["pass"] = ActionKind("pass", options, verify, apply, declinable=True)
    monkeypatch.setattr(round_module, "ACTION_KINDS", kinds)
    rnd = make_round("2B", "3K 7M", "4B 10M")
    assert not rnd.can(Action("pass"))
    rnd.phase = "pass"
    assert rnd.legal_actions() == [Action("pass")]
    assert rnd.act(Action("pass")) == "passed" and rnd.phase == PLAY
    assert rnd.to_json()["actions"] == [["pass", None]]
    rnd.undo()
    assert rnd.phase == "pass" and rnd.actions == []
