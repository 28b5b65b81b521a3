"""The arena: confidence-interval arithmetic, fair seating, and the printed report."""
import io
import math

import pytest

from foxlib.__main__ import main as foxlib_main
from foxlib.core.errors import FoxError
from foxlib.players.arena import (GameResult, MoveClock, RoundResult, Summary, confidence_interval,
                                  format_summary, main, paired_difference, play_game,
                                  read_round_records, run, t_quantile)


@pytest.mark.parametrize("df, expected", [(3, 3.182), (5, 2.571), (9, 2.262), (29, 2.045),
                                          (100, 1.984), (10000, 1.960)])
def test_t_quantile_matches_the_table(df, expected):
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=0.0006)


def test_t_quantile_small_degrees_of_freedom_are_exact():
    assert t_quantile(0.975, 1) == pytest.approx(12.706, abs=0.001)
    assert t_quantile(0.975, 2) == pytest.approx(4.303, abs=0.001)


def test_confidence_interval_arithmetic():
    ci = confidence_interval([1, 2, 3, 4, 5])
    half = 2.776 * math.sqrt(2.5) / math.sqrt(5)       # t(0.975, 4) * sd / sqrt(n)
    assert ci.mean == 3 and ci.n == 5
    assert ci.low == pytest.approx(3 - half, abs=0.005)
    assert ci.high == pytest.approx(3 + half, abs=0.005)
    assert ci.excludes_zero


def test_confidence_interval_around_zero_does_not_exclude_it():
    ci = confidence_interval([-2, 2, -1, 1, 0])
    assert ci.mean == 0 and not ci.excludes_zero


def test_confidence_interval_of_one_value_is_unbounded():
    ci = confidence_interval([4])
    assert ci.low == -math.inf and ci.high == math.inf and not ci.excludes_zero


def test_confidence_interval_needs_values():
    with pytest.raises(ValueError, match="at least one value"):
        confidence_interval([])


def test_arena_pairs_share_the_deal_with_seats_swapped():
    one = play_game(("random", "rules"), 0, "s", target=5)
    two = play_game(("random", "rules"), 1, "s", target=5)
    assert one.seats == (0, 1) and two.seats == (1, 0)
    assert one.rounds and two.rounds


def test_arena_points_per_round_add_up_to_the_final_score():
    g = play_game(("rules", "random"), 3, 7, target=21)
    for i in (0, 1):
        assert sum(r.points[i] for r in g.rounds) == g.final[i]
    assert max(g.final) >= 21
    assert g.winner in (0, 1, "draw")


def test_arena_summary_format():
    rounds = [RoundResult((6, 1), (8, 5)), RoundResult((2, 6), (5, 8)),
              RoundResult((7, 0), (9, 4))]
    games = [GameResult(0, (0, 1), rounds[:2], (8, 7), 0),
             GameResult(1, (1, 0), rounds[2:], (7, 0), 0)]
    clock = MoveClock()
    clock.add(0.5)
    s = Summary(("strong", "random"), games, [clock, MoveClock()], 12.0)
    text = format_summary(s, 3, 21, move_time=0.5)
    lines = text.splitlines()
    assert lines[0].startswith("Arena: strong vs random, 2 games to 21 points, seed 3, 3 rounds")
    assert "strong          5.00          2  0.500, 0.500" in text
    assert "random          2.33          0" in text
    assert "strong player settings: move time 0.5 s" in text
    assert "difference per round (strong - random): +2.67, 95% CI" in text
    assert lines[-1].startswith("result: strong vs random: +2.67 points per round [")
    assert "games 2-0-0 (won-lost-drawn)" in lines[-1]


def test_arena_command_prints_games_and_a_final_line():
    out = io.StringIO()
    summary = run(("rules", "random"), 2, "t", target=10, out=out)
    printed = out.getvalue().splitlines()
    assert len(printed) == 2 and printed[0].startswith("game   1: rules")
    assert summary.difference().n == len(summary.rounds)


def test_arena_is_registered_and_runs_from_the_command_line(capsys):
    assert foxlib_main(["arena", "random", "random", "--games", "2", "--seed", "1",
                        "--target", "8", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "random (1st)" in out and out.strip().splitlines()[-1].startswith("result:")


def test_arena_rejects_unknown_player(capsys):
    assert main(["wizard", "random"]) == 2
    assert "unknown player 'wizard'" in capsys.readouterr().err


def test_arena_rejects_bad_numbers(capsys):
    with pytest.raises(SystemExit):
        main(["random", "random", "--games", "0"])
    assert "must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["random", "random", "--move-time", "fast"])
    assert "not a number of seconds" in capsys.readouterr().err


def test_arena_plays_goal_cards_and_poison_and_says_so(capsys):
    assert main(["rules", "random", "--games", "2", "--seed", "1", "--target", "8", "--quiet",
                 "--poison", "--goals", "all"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Arena: rules vs random, 2 games to 8 points with Poison 8s and 16 "
                          "goal cards, seed 1")


def test_arena_goal_points_are_in_the_points_per_round():
    from foxlib.engine.modules import Modules
    g = play_game(("rules", "random"), 0, 4, target=21,
                  modules=Modules(goals=("heavy-crown", "stubborn-swan", "moonlight")))
    for i in (0, 1):
        assert sum(r.points[i] for r in g.rounds) == g.final[i]


@pytest.mark.parametrize("goals, message", [
    ("swan-song,nope", "'nope' is not a house goal; the house goals are swan-song"),
    ("swan-song", "a round reveals two goals: name at least two"),
    ("swan-song,swan-song", "each goal can be named only once")])
def test_arena_rejects_bad_goal_lists(capsys, goals, message):
    assert main(["random", "random", "--goals", goals]) == 2
    assert message in capsys.readouterr().err


def test_arena_writes_a_record_per_round_that_names_its_deal(tmp_path, capsys):
    path = tmp_path / "rounds.jsonl"
    assert main(["rules", "random", "--games", "2", "--seed", "rec", "--quiet",
                 "--rounds", str(path)]) == 0
    lines = path.read_text().splitlines()
    summary = run(("rules", "random"), 2, "rec")
    assert len(lines) == len(summary.rounds)
    records = read_round_records(lines, "rounds.jsonl")
    assert [margin for _, margin in records] == [r.points[0] - r.points[1] for r in summary.rounds]
    assert records[0][0] == ("rec", 0, 1)


def test_paired_difference_compares_the_same_deals_only():
    first = [(("s", 0, 1), 2.0), (("s", 0, 2), -1.0), (("s", 1, 1), 0.0)]
    second = [(("s", 0, 1), 3.0), (("s", 0, 2), 1.0), (("s", 2, 1), 5.0)]
    paired = paired_difference(first, second)
    assert paired.change.n == 2 and paired.change.mean == pytest.approx(1.5)
    assert (paired.only_first, paired.only_second) == (1, 1)
    same = paired_difference(first, first)
    assert same.change.mean == 0 and same.change.n == 3


def test_paired_difference_refuses_runs_with_nothing_in_common_or_a_round_twice():
    with pytest.raises(FoxError, match="share no round"):
        paired_difference([(("a", 0, 1), 1.0)], [(("b", 0, 1), 1.0)])
    with pytest.raises(FoxError, match="listed twice"):
        paired_difference([(("a", 0, 1), 1.0), (("a", 0, 1), 2.0)], [(("a", 0, 1), 1.0)])


def test_a_line_that_is_not_a_round_record_is_named(tmp_path):
    with pytest.raises(FoxError, match=r"before.jsonl, line 2: not a round record"):
        read_round_records(['{"seed": "s", "game": 0, "round": 1, "points": [1, 0]}',
                            '{"seed": "s"}'], "before.jsonl")


def test_arena_says_when_it_cannot_write_the_rounds_file(tmp_path, capsys):
    assert main(["rules", "random", "--games", "1", "--rounds",
                 str(tmp_path / "no" / "such" / "dir.jsonl")]) == 2
    assert "--rounds: cannot write" in capsys.readouterr().err
