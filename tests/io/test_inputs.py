"""foxlib.io.inputs, the one input layer: each reader raises at the first problem or collects
every problem as Problem(file, id, field, reason); the one theme lookup; the one helper that
fills unseen cards; and a round loaded from anything."""
import json
import subprocess
import sys

import pytest
import traitlets

from foxlib import DECK, Card, Game, InputError, InvalidCard, InvalidState, Position, Problem, Round
from foxlib.teaching import puzzles
from foxlib.core.errors import Problems
from foxlib.engine.round import check_position
from foxlib.io.inputs import (fill_unseen, load_round, loads_game, loads_round, read_card_list,
                              read_game, read_json, read_move, read_position, read_round,
                              read_scenario, read_theme, read_typed_cards, trick_setup)

POSITION = {"decree": "2M", "hands": {"A": ["4K", "8B"], "B": ["6K", "10B"]}, "leader": "A"}
THEMES_TEXT = "the themes are 'classic' (Bells, Keys and Moons) and 'zsa' (Clubs, Hearts and Caps)."


def collect(reader, *args, file="t.json", **kw):
    """Run a reader in collect mode: (its result, [(field, message)] of every problem)."""
    probs = Problems(file)
    value = reader(*args, problems=probs, **kw)
    return value, [(p.field, p.message) for p in probs.out]


def first(reader, *args, **kw) -> InputError:
    with pytest.raises(InputError) as info:
        reader(*args, **kw)
    assert len(info.value.problems) == 1
    return info.value


# ----------------------------------------------------------------------------- the problem shape

def test_an_input_error_is_caught_as_a_bad_card_and_as_a_bad_state():
    error = first(read_card_list, ["9M", "13M"], "hands.A")
    assert isinstance(error, InvalidCard) and isinstance(error, InvalidState)
    assert isinstance(error, ValueError)


def test_a_problem_names_file_puzzle_and_field_before_the_reason():
    assert str(Problem("t.json", "p1", "goal", "The goal does not parse.")) == \
        "t.json, puzzle p1, goal: The goal does not parse."
    assert str(Problem("save.json", None, "round.names", "must be a list of two names.",
                       "round.names")) == "save.json, round.names must be a list of two names."
    assert str(Problem("t.json", None, "", "The file is not valid JSON.")) == \
        "t.json: The file is not valid JSON."


def test_the_puzzle_loader_reports_problems_of_the_same_shape():
    assert puzzles.Problem is Problem
    result = puzzles.load_text("{", "bad.json")
    assert isinstance(result.problems[0], Problem) and result.problems[0].file == "bad.json"


def test_collected_problems_can_be_raised_together():
    probs = Problems("t.json")
    read_card_list(["1X", "9M", "12K"], "deck", probs)
    with pytest.raises(InputError, match=r"2 problems:\n- t.json, deck\[0\]: '1X'.*\n- t.json, "
                                         r"deck\[2\]: '12K'") as info:
        probs.check()
    assert [p.field for p in info.value.problems] == ["deck[0]", "deck[2]"]


# ----------------------------------------------------------------------------- cards

def test_a_card_list_raises_at_its_first_bad_entry_naming_it():
    error = first(read_card_list, ["9M", "13M", "QX"], "hands.A")
    assert str(error).startswith("hands.A[1]: '13M' is not a card: ranks run from 1 to 11")
    assert error.problems[0].field == "hands.A[1]"


def test_a_card_list_collects_every_bad_entry():
    cards, problems = collect(read_card_list, ["9M", "13M", "QX"], "hands.A")
    assert cards is None
    assert [f for f, _ in problems] == ["hands.A[1]", "hands.A[2]"]
    assert "'QX' is not a card" in problems[1][1]


def test_a_card_list_that_is_not_a_list_names_the_field():
    assert str(first(read_card_list, 7, "deck")) == "deck must be a list of cards, not a number."
    assert read_card_list("9M, 1B 2K") == [Card("9M"), Card("1B"), Card("2K")]


def test_typed_cards_count_the_bad_ones_in_words_and_collect_them_all():
    error = first(read_typed_cards, "9B 0M", "the follower's {nth} card")
    assert str(error).startswith("the follower's second card '0M' is not a card")
    _, problems = collect(read_typed_cards, "0M 9B 12K", "the follower's {nth} card",
                          field="follower")
    assert [f for f, _ in problems] == ["follower[0]", "follower[2]"]
    assert problems[1][1].startswith("the follower's third card '12K'")
    assert str(first(read_typed_cards, 5, "the follower's {nth} card")) == \
        "the follower's card must be written as text, like '9M 4B', not a number."


# ----------------------------------------------------------------------------- themes

def test_an_unknown_theme_is_refused_naming_the_key_and_the_valid_ones():
    assert read_theme("zsa").key == "zsa" and read_theme(read_theme("classic")).key == "classic"
    assert str(first(read_theme, "tarot")) == f"Unknown theme 'tarot'; {THEMES_TEXT}"
    assert str(first(read_theme, ["zsa"], "round.theme")) == \
        f"round.theme: unknown theme ['zsa']; {THEMES_TEXT}"


def _round_with_theme(theme):
    return loads_round(json.dumps({"start": POSITION, "theme": theme}))


def _game_with_theme(theme):
    data = json.loads(Game(1).dumps())
    data["theme"] = theme
    return read_game(data)


def _card_svg(theme):
    from foxlib.words.svg import card_svg
    return card_svg("2B", theme)


def _exercise(theme):
    from widgets.exercises import WhoWinsExercise
    return WhoWinsExercise(decree="4B", lead="10K", follow="2B", theme=theme)


def _round_player(theme):
    from widgets.round_player import RoundPlayer
    return RoundPlayer(dict(POSITION, plays=[]), theme=theme)


def _explorer(theme):
    from widgets.explorer import RulesExplorer
    return RulesExplorer(theme=theme)


def _card_widget(theme):
    from widgets.card import CardWidget
    return CardWidget("2B", theme=theme)


@pytest.mark.parametrize("make", [_round_with_theme, _game_with_theme, _card_svg, _exercise,
                                  _round_player, _explorer, _card_widget])
def test_every_theme_lookup_refuses_an_unknown_theme_the_same_way(make):
    with pytest.raises((ValueError, traitlets.TraitError)) as info:    # the card widget's trait
        make("tarot")
    assert f"nknown theme 'tarot'; {THEMES_TEXT}" in str(info.value)


# ----------------------------------------------------------------------------- positions

def test_a_position_raises_at_its_first_missing_field():
    assert str(first(read_position, {"hands": {}}, "scenario")) == \
        "scenario: the field 'decree' is missing."


def test_a_position_collects_every_missing_and_bad_field():
    pos, problems = collect(read_position, {"decree": 5, "hands": {"A": ["4K", "1X"], "B": []},
                                            "score": {"A": -1}, "dealer": "C"}, "start")
    assert pos is None
    assert [f for f, _ in problems] == ["start.leader", "start.decree", "start.hands.A[1]",
                                        "start.score.A", "start.dealer"]
    messages = dict(problems)
    assert messages["start.leader"] == "start: the field 'leader' is missing."
    assert messages["start.decree"] == "start.decree must be a card like '9M'."
    assert messages["start.score.A"] == "start.score.A must be a whole number of at least 0, not -1."
    assert messages["start.dealer"] == "start.dealer: 'C' is not a player: use 'A' or 'B'."


def test_a_position_that_could_not_occur_lists_every_reason():
    pos = Position(Card("2M"), ([Card("4K"), Card("2M")], [Card("4K")]), 0, [],
                   [Card("1B"), Card("3B")], (13, 0))
    _, problems = collect(check_position, pos, "position")
    assert [f for f, _ in problems] == ["position.hands.A", "position.hands.B",
                                        "position.trick", "position.hands", "position.tricks_won"]
    assert "the 2 of Moons (2M) appears twice, in decree and in hands.A" in problems[0][1]
    with pytest.raises(InvalidState, match="appears twice, in decree and in hands.A"):
        pos.validate()


def test_a_play_collects_each_bad_card_it_names():
    assert read_move({"card": "3B", "exchange": "7M"}).exchange == Card("7M")
    _, problems = collect(read_move, {"card": "13B", "exchange": "QX"}, "plays[0]")
    assert [f for f, _ in problems] == ["plays[0].card", "plays[0].exchange"]
    assert problems[0][1].startswith("plays[0]: '13B' is not a card")
    assert "unknown field(s) ['swap']" in str(first(read_move, {"card": "3B", "swap": "7M"}))


# ----------------------------------------------------------------------------- scenarios

def test_a_scenario_raises_its_first_problem_in_the_referees_words():
    bad = dict(POSITION, hands={"A": ["4K", "13B"], "B": ["6K", "10B"]}, plays=["4Q"], target=0)
    assert str(first(read_scenario, bad)) == \
        "'target' must be a whole number of at least 1, not 0."


def test_a_scenario_collects_its_fields_position_and_plays_problems():
    bad = dict(POSITION, hands={"A": ["4K", "13B"], "B": ["6K", "10B"]}, plays=["4Q", 5],
               target=0, dealer="A")
    result, problems = collect(read_scenario, bad)
    assert result is None
    assert [f for f, _ in problems] == ["dealer", "target", "scenario.hands.A[1]", "plays[0]",
                                        "plays[1]"]
    assert problems[2][1].startswith("scenario.hands.A[1]: '13B' is not a card")


def test_a_scenario_stops_at_its_first_illegal_play():
    rnd, target = read_scenario(dict(POSITION, plays=["4K"], target=5))
    assert target == 5 and rnd.to_play == 1
    _, problems = collect(read_scenario, dict(POSITION, plays=["4K", "10B", "8B", "2X"]))
    assert [f for f, _ in problems] == ["plays[3]"]        # the card that cannot be read
    _, problems = collect(read_scenario, dict(POSITION, plays=["4K", "10B", "8B"]))
    assert problems == [("plays[1]", "plays[1] (10B): You must follow Keys: you hold the 6 of "
                                     "Keys.")]


# ----------------------------------------------------------------------------- saved rounds

def test_a_saved_round_raises_at_its_first_problem():
    bad = {"start": POSITION, "theme": "tarot", "names": "AB", "actions": [["play", "6K"]]}
    assert str(first(read_round, bad)).startswith("round.theme: unknown theme 'tarot'")


def test_a_saved_round_collects_theme_names_and_the_first_refused_action():
    bad = {"start": POSITION, "theme": "tarot", "names": "AB",
           "actions": [["play", "4K"], ["play", "8B"], ["play", "6K"]]}
    rnd, problems = collect(read_round, bad, file="save.json")
    assert rnd is None
    assert [f for f, _ in problems] == ["round.theme", "round.names", "round.actions[1]"]
    assert problems[2][1] == "round.actions[1]: B does not hold the 8 of Bells."


def test_a_saved_round_problem_names_the_file_when_one_is_given():
    probs = Problems("save.json")
    read_round({"start": POSITION, "names": 5}, problems=probs)
    assert str(probs.out[0]) == "save.json, round.names must be a list of two names."


def test_json_text_that_does_not_parse_names_line_and_column():
    ok, value = read_json('{"start": ', "The saved round", Problems())
    assert not ok and value is None
    problems = Problems()
    read_json('{\n  "a": }', "The saved round", problems)
    assert problems.out[0].field == "line 2, column 8"
    assert problems.out[0].message.startswith("The saved round is not valid JSON: ")


# ----------------------------------------------------------------------------- saved games

def _saved_game() -> dict:
    game = Game(3, target=1)
    while not game.round.is_over:
        rnd = game.round
        rnd.act(rnd.legal_actions()[0])
    return json.loads(game.dumps())


def test_a_saved_game_raises_at_its_first_problem():
    data = dict(_saved_game(), target=0, names=5)
    assert str(first(read_game, data)) == "game.target must be a whole number of at least 1, not 0."


def test_a_saved_game_collects_its_own_fields_and_every_bad_round():
    data = dict(_saved_game(), target=0, names=5, theme="tarot", first_dealer="C")
    data["rounds"] = [data["rounds"][0], {"start": 1}]
    game, problems = collect(read_game, data)
    assert game is None
    assert [f for f, _ in problems] == ["game.theme", "game.target", "game.names",
                                        "game.first_dealer", "game.rounds[1].start"]
    assert problems[3][1] == "game.first_dealer: 'C' is not a player: use 'A' or 'B'."


def test_a_saved_game_reads_back_as_the_same_game():
    data = _saved_game()
    assert read_game(data) == loads_game(json.dumps(data)) and read_game(data).to_json() == data


# ----------------------------------------------------------------------------- any round

def test_a_round_loads_the_same_from_every_kind_of_source(tmp_path):
    played = Round(read_position(POSITION))
    played.play("4K")
    played.play("6K")
    path = tmp_path / "round.json"
    path.write_text(played.dumps())
    scenario = dict(POSITION, plays=["4K", "6K"])
    sources = [played, played.to_json(), played.dumps(), str(path), path, scenario,
               json.dumps(scenario)]
    for source in sources:
        assert load_round(source).state() == played.state(), source
    for start in (POSITION, read_position(POSITION), json.dumps(POSITION)):
        assert load_round(start, ["4K", "6K"]).state() == played.state()


def test_loading_a_round_with_a_theme_leaves_the_given_round_alone():
    rnd = Round(read_position(POSITION))
    themed = load_round(rnd, theme="zsa")
    assert themed.theme.key == "zsa" and rnd.theme.key == "classic"
    assert load_round(rnd) is rnd


@pytest.mark.parametrize("source, moves, words", [
    (42, None, "The round is a Round, a Position, a saved round ('start' and 'actions'), or a "
               "referee scenario with 'plays' (or the JSON text or .json file of one), not a "
               "number."),
    ({"strat": {}}, None, "not an object with the fields ['strat']."),
    ("no/such/round.json", None, "round: cannot read no/such/round.json"),
    ("{", None, "The round is not valid JSON"),
    (dict(POSITION, plays=[]), ["4K"], "either inside the scenario or as moves, not both"),
    (POSITION, ["4K", "8B"], "plays[1] (8B): B does not hold the 8 of Bells."),
    (POSITION, ["4K", "1X"], "plays[1]: '1X' is not a card"),
    (POSITION, "4K", "the moves must be a list of plays, not a text."),
])
def test_a_round_that_cannot_be_loaded_says_why(source, moves, words):
    with pytest.raises(InputError) as info:
        load_round(source, moves)
    assert words in str(info.value)


def test_the_widgets_read_input_without_the_referee_command():
    code = ("import sys, widgets.round_player, widgets.exercises, widgets.explorer, "
            "widgets.puzzle, widgets.play_table; print('foxlib.io.referee' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "False", out.stderr


# ----------------------------------------------------------------------------- unseen cards

def test_unseen_cards_are_filled_with_plain_cards_listed_nowhere():
    filled = fill_unseen("2M", (["4K"], ["6K", "10B", "1M"]), 0, deck=["9M"],
                         unseen=(2, 0), unseen_deck=2)
    pos = filled.position
    listed = {Card(c) for c in ("2M", "4K", "6K", "10B", "1M", "9M")}
    assert pos.hands[0][0] == Card("4K") and len(pos.hands[0]) == 3
    assert pos.deck[0] == Card("9M") and len(pos.deck) == 3
    assert len(filled.filler) == 4 and not filled.filler & listed
    assert all(c.rank % 2 == 0 for c in filled.filler)     # no character's ability
    assert set(pos.hands[0][1:]) | set(pos.deck[1:]) == filled.filler


def test_unseen_cards_of_a_player_avoid_the_suits_they_showed_a_void_in():
    filled = fill_unseen("2M", ([], ["6K"]), 1, trick=["4K"], unseen=(2, 0),
                         avoid=({Card("2B").suit, Card("4K").suit}, ()))
    assert len(filled.position.hands[0]) == 2
    assert all(c.suit == Card("2M").suit for c in filled.position.hands[0])


def test_too_many_unseen_cards_are_refused():
    with pytest.raises(InputError, match="27 concealed cards are needed but only 25 cards "
                                         "are not listed"):
        fill_unseen("2M", (["4K"], ["6K", "10B", "1M", "9M", "3K", "5K"]), 0,
                     unseen=(13, 13), unseen_deck=1)


def test_the_explorer_set_up_fills_the_leader_hand_with_plain_cards():
    setup = trick_setup("4K", "10M", "9B 6B 2K")
    assert setup.filler == 2 and all(c.rank % 2 == 0 for c in setup.position.hands[0][1:])
    assert {str(c) for c in DECK[:3]} != {str(c) for c in setup.position.hands[0]}


def test_a_trick_set_up_collects_every_problem_after_check_the_set_up():
    result, problems = collect(trick_setup, "4K", "4K", "12B 2B", "1X")
    assert result is None
    assert [m for _, m in problems] == [
        "Check the set-up: the leader's first other card '1X' is not a card: write a rank from "
        "1 to 11 then B, K or M, like '9M' (9 of Moons) or '11B' (11 of Bells).",
        "Check the set-up: the follower's first card '12B' is not a card: ranks run from 1 to 11."]
    _, problems = collect(trick_setup, "4K", "4K", "2B", "3B")
    assert [f for f, _ in problems] == ["leader_others", "led"]
