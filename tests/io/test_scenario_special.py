"""What a scenario must say for the special cards (rulings R7, SC15, SC19): the last trick each
player won before it (``last_won``, where a Shovel digs), a led card played with the Crown
(``["crown", "4K"]`` in ``trick``), a Shovel already in the trick (it stayed), and the random
picks (``seed`` or ``chance``). What the referee cannot judge is refused, naming what to add."""
import json
import random
import subprocess
import sys

import pytest

from foxlib import Action, Card, Position, Round
from foxlib.players.determinize import sample_round
from foxlib.core.errors import FoxError, InvalidState
from foxlib.io.inputs import loads_round, read_position, read_round, read_scenario
from foxlib.engine.modules import Modules
from foxlib.players.levels import make_player
from foxlib.io.referee import referee_line
import foxlib.fast.deluxe as fd


def shovel(**fields):
    """A leads the Shovel; A and B have won 5 tricks each before the scenario starts."""
    base = {"decree": "2M", "hands": {"A": ["10K", "Shovel", "1B"], "B": ["4K", "6B", "3B"]},
            "leader": "A", "tricks_won": {"A": 5, "B": 5}, "modules": {"special": ["Shovel"]},
            "plays": ["Shovel"]}
    base.update(fields)
    return base


def crowned(**fields):
    """A has led the 9 of Keys; B holds the Monarch of Keys."""
    base = {"decree": "2M", "hands": {"A": ["10K", "1B"], "B": ["4K", "6B", "11K"]},
            "leader": "A", "trick": [["crown", "9K"]], "deck": ["7M"],
            "tricks_won": {"A": 5, "B": 5}, "modules": {"special": ["Crown"]}, "plays": ["11K"]}
    base.update(fields)
    return base


def error(obj) -> str:
    out = referee_line(json.dumps(obj))
    assert set(out) == {"error"}, out
    return out["error"]


# ----------------------------------------------------------------------------- last_won

def test_R7_last_won_is_the_trick_a_shovel_digs_in_before_any_trick_of_the_scenario():
    out = referee_line(json.dumps(shovel(last_won={"A": ["9M", "5B"]}), ) + "")
    assert out["phase"] == "dig" and out["legal_actions"] == ["dig -", "dig Shovel"]
    out = referee_line(json.dumps(shovel(last_won={"A": ["9M", "5B"]}, chance=[["9M"]],
                                         plays=["Shovel", ["dig", "Shovel"], "4K"])))
    assert out["tricks"][0]["cards"] == ["9M", "4K"] and out["tricks"][0]["winner"] == "A"
    assert out["events"][1]["text"] == ("A digs with the Shovel in A's last won trick and gets "
                                        "the 9 of Moons at random; the Shovel takes its place "
                                        "there.")
    rnd, _ = read_scenario(shovel(last_won={"A": ["9M", "5B"]}, chance=[["5B"]],
                                  plays=["Shovel", ["dig", "Shovel"]]))
    assert rnd.piles[0] == [[Card("9M"), Card("Shovel")]] and rnd.trick == [Card("5B")]


def test_R7_a_trick_won_inside_the_scenario_is_the_last_one_not_last_won():
    rnd, _ = read_scenario(shovel(last_won={"A": ["9M", "5B"]}, chance=[["4K"]],
                                  plays=["10K", "4K", "Shovel", ["dig", "Shovel"]]))
    assert rnd.trick == [Card("4K")] and rnd.piles[0][-1] == [Card("10K"), Card("Shovel")]
    assert rnd.piles[0][0] == [Card("9M"), Card("5B")]      # the older trick is untouched


def test_R7_SC15_a_dig_in_a_trick_won_before_the_scenario_that_it_does_not_give_is_refused():
    assert error(shovel(plays=["Shovel", ["dig", "Shovel"]])) == (
        'plays[1] (dig Shovel): the Shovel digs in the last trick A won, but A won it before the '
        'scenario starts and the scenario does not say what it held: give "last_won": {"A": '
        '[its 2 cards, or 3 with the Crown]}, or do not dig.')
    with pytest.raises(FoxError, match=r'^plays\[1\] \(dig Shovel\): .*"last_won": \{"A"'):
        read_scenario(shovel(plays=["Shovel", ["dig", "Shovel"]]))


def test_R7_SC15_the_player_may_still_decline_to_dig_without_last_won():
    out = referee_line(json.dumps(shovel()))
    assert out["phase"] == "dig" and out["legal_actions"] == ["dig -", "dig Shovel"]
    out = referee_line(json.dumps(shovel(plays=["Shovel", ["dig", None], "4K"])))
    assert out["tricks"][0]["winner"] == "B"
    assert out["tricks"][0]["reason"] == "Moons are trump. A's Shovel did not dig, so it loses " \
                                         "the trick."


def test_R7_SC15_a_player_who_won_no_trick_still_cannot_dig():
    out = referee_line(json.dumps(shovel(tricks_won={"A": 0, "B": 10})))
    assert out["phase"] == "play"
    assert out["events"][1]["text"] == ("A has no won trick to dig in, so the Shovel cannot "
                                        "dig: it stays, and loses the trick unless a Hammer "
                                        "sends it away.")


@pytest.mark.parametrize("last_won, message", [
    ({"A": ["9M", "4K"]},
     "scenario: the 4 of Keys (4K) appears twice, in hands.B and in last_won.A."),
    ({"A": ["9M", "5K", "1K"]},
     "scenario.last_won.A: a won trick holds 2 cards, or 3 when one was played with the Crown "
     "(the Crown is the third), not 9M 5K 1K."),
    ({"A": ["9M"]},
     "scenario.last_won.A: a won trick holds 2 cards, or 3 when one was played with the Crown "
     "(the Crown is the third), not 9M."),
    ({"A": ["9M", "13K"]}, "scenario.last_won.A[1]: '13K' is not a card: ranks run from 1 to 11."),
    ({"C": ["9M", "5B"]}, "scenario.last_won: unknown player(s) ['C']; use A and B."),
    (["9M", "5B"], 'scenario.last_won must be an object like {"A": ["4K", "9K"]}: the cards of '
                   "the last trick each player won before the scenario starts, not a list."),
    ({"A": ["9M", "5K", "Crown"]},
     "scenario: the Crown is a special card, but it is not one of the special cards in play "
     "(modules.special)."),
])
def test_R7_last_won_is_checked_and_each_problem_named(last_won, message):
    assert error(shovel(last_won=last_won)) == message


def test_R7_last_won_only_for_a_player_who_won_a_trick_before_the_scenario():
    assert error(shovel(tricks_won={"A": 0, "B": 5}, last_won={"A": ["9M", "5B"]})) == (
        "scenario.last_won.A: A has won no trick before the scenario starts (tricks_won.A is 0), "
        "so there is no last won trick to give.")


def test_R7_last_won_with_the_crown_holds_three_cards():
    rnd, _ = read_scenario(shovel(last_won={"A": ["9M", "5K", "Crown"]}, seed=3,
                                  modules={"special": ["Shovel", "Crown"]},
                                  plays=["Shovel", ["dig", "Shovel"]]))
    assert rnd.chance and rnd.chance[0][0] in (Card("9M"), Card("5K"), Card("Crown"))


def test_R7_a_saved_round_keeps_last_won_and_the_crowned_lead():
    rnd, _ = read_scenario(shovel(last_won={"A": ["9M", "5B"]}, chance=[["9M"]],
                                  plays=["Shovel", ["dig", "Shovel"]]))
    saved = rnd.to_json()
    assert saved["start"]["last_won"] == {"A": ["9M", "5B"]}
    again = read_round(json.loads(json.dumps(saved)))
    assert again == rnd and again.piles == rnd.piles
    assert again.state()["last_won"] == {"A": ["Shovel", "5B"]}     # the Shovel took 9M's place
    rnd, _ = read_scenario(crowned(plays=[]))
    saved = rnd.to_json()
    assert saved["start"]["trick"] == [["crown", "9K"]]
    again = loads_round(json.dumps(saved))
    assert again == rnd and again.sp["crowned"] is Card("9K")
    pos = read_position(saved["start"])
    assert pos.crowned and read_position(pos.to_json()).to_json() == pos.to_json()


# ----------------------------------------------------------------------------- crowned lead

def test_R7_SC10_a_led_card_written_crowned_counts_as_a_monarch_and_the_crown_goes_to_the_winner():
    out = referee_line(json.dumps(crowned()))
    [trick] = out["tricks"]
    assert trick["winner"] == "A" and trick["extra"] == ["Crown"]
    assert trick["reason"] == ("Moons are trump. A's 9 of Keys is crowned: it has no ability and "
                               "counts as the 11 of Keys. The two cards count as the same card, "
                               "so the leader, A, wins.")


def test_R7_a_bare_card_in_trick_was_played_without_the_crown():
    out = referee_line(json.dumps(crowned(trick=["9K"])))
    [trick] = out["tricks"]
    assert trick["winner"] == "A" and "extra" not in trick
    assert "only Witch" in trick["reason"]                   # the 9 keeps its ability


@pytest.mark.parametrize("fields, message", [
    ({"modules": {"special": ["Tree"]}},
     "scenario.trick[0]: the 9K is written as crowned, but the Crown is not one of the special "
     "cards in play (modules.special)."),
    ({"trick": [["crown", "Tree"]], "modules": {"special": ["Crown", "Tree"]}},
     "scenario.trick[0]: the Crown is added only to a suit card, not to the Tree (rulings "
     "SC10)."),
    ({"hands": {"A": [], "B": ["4K"]}, "tricks_won": {"A": 6, "B": 6}},
     "scenario.trick[0]: the follower holds 1 card, so this is the last trick, and the Crown "
     "cannot be added at the last trick (rulings SC16)."),
    ({"hands": {"A": ["10K", "Crown"], "B": ["4K", "6B", "11K"]}},
     "scenario: the Crown (Crown) appears twice, in hands.A and in trick."),
    ({"trick": [["crwn", "9K"]]},
     'scenario.trick[0]: a card of the trick is a card like "4K", or ["crown", "4K"] when it '
     "was played with the Crown."),
])
def test_R7_a_crowned_lead_is_checked(fields, message):
    fields.setdefault("plays", [])
    assert error(crowned(**fields)) == message


# ----------------------------------------------------------------------------- cards in trick

def test_R7_SC15_a_shovel_in_trick_is_one_that_did_not_dig_and_loses():
    out = referee_line(json.dumps({
        "decree": "2M", "hands": {"A": ["10K", "1B"], "B": ["4K", "6B", "1K"]}, "leader": "A",
        "trick": ["Shovel"], "tricks_won": {"A": 5, "B": 5}, "modules": {"special": ["Shovel"]},
        "plays": ["1K"]}))
    [trick] = out["tricks"]
    assert trick["winner"] == "B"
    assert trick["reason"] == "Moons are trump. A's Shovel did not dig, so it loses the trick."


# ----------------------------------------------------------------------------- random picks

def tree(**fields):
    base = {"decree": "2B", "hands": {"A": ["Tree", "1M", "2M"], "B": ["4K", "6M", "8M"]},
            "leader": "A", "tricks_won": {"A": 5, "B": 5}, "modules": {"special": ["Tree"]},
            "plays": ["Tree"]}
    base.update(fields)
    return base


def test_R7_SC19_a_random_pick_with_neither_seed_nor_chance_is_refused():
    assert error(tree()) == (
        'plays[0] (play Tree): chance[0]: this play picks 1 of 4K 6M 8M at random, but the '
        'scenario gives neither a "seed" nor this outcome in "chance": give it as chance[0], the '
        'card picked in a list like ["4K"], or give a "seed".')
    fairy = {"decree": "2B", "hands": {"A": ["Fairy", "1M", "2M"], "B": ["4K", "6M", "8M"]},
             "leader": "A", "tricks_won": {"A": 5, "B": 5}, "modules": {"special": ["Fairy"]},
             "plays": ["Fairy"]}
    assert error(fairy).startswith('plays[0] (play Fairy): chance[0]: this play picks 2 of 4K '
                                   '6M 8M at random')
    assert error(shovel(last_won={"A": ["9M", "5B"]}, plays=["Shovel", ["dig", "Shovel"]])) \
        .startswith("plays[1] (dig Shovel): chance[0]: this play picks 1 of 5B 9M at random")


def test_R7_SC19_the_outcome_comes_from_chance_or_from_the_seed():
    out = referee_line(json.dumps(tree(chance=[["6M"]])))
    assert out["chance"] == [["6M"]]
    seeded = referee_line(json.dumps(tree(seed=5)))
    assert seeded == referee_line(json.dumps(tree(seed=5)))
    rnd = Round(read_position({k: v for k, v in tree(seed=5).items() if k != "plays"}))
    rnd.play("Tree")
    assert seeded["chance"] == [[str(c) for c in o] for o in rnd.chance]
    # the outcomes given come first, the seed's source gives the rest
    out = referee_line(json.dumps(tree(seed=5, chance=[["8M"]])))
    assert out["chance"] == [["8M"]]


def test_R7_SC19_a_pick_with_only_one_possible_outcome_needs_no_seed():
    out = referee_line(json.dumps({
        "decree": "2B", "hands": {"A": ["9K", "1M"], "B": ["4K", "Fairy"]}, "leader": "A",
        "tricks_won": {"A": 5, "B": 6}, "modules": {"special": ["Fairy"]},
        "plays": ["9K", "Fairy", ["fairy_take", None]]}))
    assert out["chance"] == [["1M"]]


def test_R7_a_round_read_from_a_scenario_plays_on_with_its_random_source():
    rnd, _ = read_scenario(tree(plays=[]))
    rnd.play("Tree")                          # after the scenario's plays: seed 0, as always
    assert len(rnd.chance) == 1


def test_R7_the_referee_command_refuses_what_it_cannot_judge_and_goes_on():
    lines = [shovel(plays=["Shovel", ["dig", "Shovel"]]), tree(),
             shovel(last_won={"A": ["9M", "5B"]}, chance=[["5B"]],
                    plays=["Shovel", ["dig", "Shovel"]])]
    data = "".join(json.dumps(line) + "\n" for line in lines).encode()
    proc = subprocess.run([sys.executable, "-m", "foxlib", "referee"], input=data,
                          capture_output=True, timeout=60)
    out = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [set(o) == {"error"} for o in out] == [True, True, False]
    assert out[2]["hands"]["A"] == ["1B", "10K"] and out[2]["to_play"] == "B"


# ----------------------------------------------------------------------------- players

def test_R7_a_view_and_its_sampled_rounds_know_the_last_won_trick():
    rnd, _ = read_scenario(shovel(last_won={"A": ["9M", "5B"]}, plays=[]))
    view = rnd.view(0)
    assert view.last_won == ((Card("9M"), Card("5B")), None)
    assert Card("9M") not in view.unseen_cards()
    for seed in range(5):
        world = sample_round(view, random.Random(seed))
        assert world.piles[0] == [[Card("9M"), Card("5B")]]
        world.act(Action("play", "Shovel"))
        world.act(Action("dig", "Shovel"))              # never refused: the pile is known
        assert world.trick[0] in (Card("9M"), Card("5B"))


def _position_now(rnd: Round) -> Position:
    """The round at its current play decision as a scenario would write it."""
    return Position(rnd.decree, (list(rnd.hands[0]), list(rnd.hands[1])), rnd.leader,
                    list(rnd.deck), list(rnd.trick), tuple(rnd.tricks_won), tuple(rnd.score),
                    tuple(rnd.round_gain), modules=rnd.modules, seed=7,
                    last_won=tuple(tuple(p[-1]) if p else None for p in rnd.piles),
                    crowned=rnd.sp.get("crowned") is not None)


@pytest.mark.parametrize("special", [("Shovel", "Crown"), ("Shovel", "Tree", "Fairy")])
def test_R7_rounds_with_the_shovel_started_mid_round_are_played_out_by_the_players(special):
    """Dealt rounds, and rounds started from the middle of one with last_won and the crowned
    lead: the rules and strong players (which sample the hidden cards) never meet a refusal."""
    modules = Modules(special=special)
    players = [make_player("rules", 1), make_player("strong", 2, samples=1, time_limit=None)]
    rng = random.Random(str(special))
    for n in range(3):
        rnd = Round.deal(rng.randrange(2 ** 32), n % 2, modules=modules)
        while len(rnd.tricks) < 5 + n or rnd.phase != "play":
            rnd.act(rng.choice(rnd.legal_actions()))
        for start in (rnd, Round(_position_now(rnd))):
            start = start.copy()
            while not start.is_over:
                view = start.view(start.to_play)
                made = players[start.to_play].decision(view)
                assert made.action in view.legal
                start.act(made.action)
            assert sum(start.tricks_won) == 13


# ----------------------------------------------------------------------------- fast path

def test_R7_the_fast_path_keeps_the_last_won_tricks_and_gives_them_back_as_last_won():
    rnd, _ = read_scenario(shovel(plays=[], last_won={"A": ["9M", "5B"], "B": ["7K", "2B"]}))
    state = fd.from_round(rnd)
    assert state.piles == ((Card("9M").index, Card("5B").index),
                           (Card("7K").index, Card("2B").index))
    again = fd.to_round(state)
    assert again.start.last_won == ((Card("9M"), Card("5B")), (Card("7K"), Card("2B")))
    assert fd.from_round(again) == state
    with pytest.raises(InvalidState, match="gives no card of the last one"):
        fd.to_round(state._replace(piles=(state.piles[0], ())))


def test_R7_the_fast_path_refuses_a_round_whose_shovel_could_dig_in_an_unknown_trick():
    rnd, _ = read_scenario(shovel(plays=[], last_won={"A": ["9M", "5B"]}))
    with pytest.raises(InvalidState, match="B won tricks before the round's start"):
        fd.from_round(rnd)


# ----------------------------------------------------------------------------- the docs

def test_R7_the_examples_of_docs_referee_md_are_what_the_referee_answers():
    import pathlib
    import re
    text = (pathlib.Path(__file__).parents[2] / "docs" / "referee.md").read_text()
    section = text.split("### What a scenario must say for the special cards")[1]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    dig, errors, crown = ([json.loads(line) for line in b.splitlines()] for b in blocks[:3])
    out = referee_line(json.dumps(dig[0]))
    assert out["tricks"][0]["cards"] == ["9M", "4K"] and out["tricks"][0]["winner"] == "A"
    for said in out["events"][:4]:
        assert f'"{said["text"]}"' in section.replace("\n", " ")
    no_pile = {k: v for k, v in dig[0].items() if k != "last_won"}
    no_chance = {k: v for k, v in dig[0].items() if k != "chance"}
    assert [referee_line(json.dumps(no_pile)), referee_line(json.dumps(no_chance))] == errors
    out = referee_line(json.dumps(crown[0]))
    assert out["tricks"][0]["extra"] == ["Crown"]
    assert f'"{out["tricks"][0]["reason"]}"' in section.replace("\n", " ")
