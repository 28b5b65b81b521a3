"""The arena: computer players play whole games against each other, and the numbers say who is
stronger and how sure we can be.

``python -m foxlib arena strong random --games 20 --seed 1`` plays 20 games to 21 points. Games
come in pairs with the same cards: in the second game of a pair the players swap seats (so each
sits where the other sat, holds the other's cards and deals when the other dealt). Luck of the
deal then largely cancels out.

The main number is the *points per round*: every round's points (Treasure plus the table) of
each player, and the difference between them, with a 95% confidence interval for the mean
difference (Student's t over the rounds). When the interval excludes zero, the first player is
(or is not) stronger in a way that more games would not undo, to 95% confidence.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field

from ..core.errors import FoxError
from ..engine.game import Game
from ..engine.modules import SPECIAL_CARDS, Modules, choose_special, house_goal_ids
from .levels import LEVELS, make_player

# ----------------------------------------------------------------------------- statistics


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _betainc(b, a, 1 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log(1 - x)) / a
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * f


def t_cdf(t: float, df: int) -> float:
    """Student's t distribution function."""
    tail = 0.5 * _betainc(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile (e.g. p=0.975 for a two-sided 95% interval), by bisection."""
    if df < 1:
        raise ValueError("A t quantile needs at least 1 degree of freedom.")
    if not 0 < p < 1:
        raise ValueError(f"A quantile needs a probability between 0 and 1, not {p!r}.")
    low, high = -1e6, 1e6
    for _ in range(200):
        mid = (low + high) / 2
        if t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
        if high - low < 1e-12:
            break
    return (low + high) / 2


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    @property
    def excludes_zero(self) -> bool:
        return self.low > 0 or self.high < 0


def confidence_interval(values, level: float = 0.95) -> Interval:
    """Mean and two-sided confidence interval of the mean (Student's t)."""
    values = list(values)
    n = len(values)
    if n == 0:
        raise ValueError("A confidence interval needs at least one value.")
    mean = statistics.fmean(values)
    if n == 1:
        return Interval(mean, -math.inf, math.inf, 1)
    sd = statistics.stdev(values)
    half = t_quantile(0.5 + level / 2, n - 1) * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


# ----------------------------------------------------------------------------- playing


@dataclass
class RoundResult:
    points: tuple        # (first player's, second player's) points this round
    tricks: tuple


@dataclass
class GameResult:
    number: int
    seats: tuple         # seats[i] = seat (0 = A, 1 = B) of player i
    rounds: list = field(default_factory=list)
    final: tuple = (0, 0)
    winner: object = None   # 0 / 1 = which player (not seat), "draw"


@dataclass
class MoveClock:
    moves: int = 0
    seconds: float = 0.0
    longest: float = 0.0

    def add(self, seconds: float) -> None:
        self.moves += 1
        self.seconds += seconds
        self.longest = max(self.longest, seconds)


def player_options(level: str, move_time, samples) -> dict:
    options = {}
    if level == "strong":
        if move_time is not None:
            options["time_limit"] = move_time
        if samples is not None:
            options["samples"] = samples
    return options


def game_modules(modules, random_special, pair_seed) -> Modules | None:
    """The modules of one pair of games: ``modules``, with ``random_special`` special cards
    picked at random for the pair (from the pair's seed) when it is a number."""
    if not random_special:
        return modules
    modules = modules or Modules()
    picked = choose_special(random.Random(f"{pair_seed}:special"), random_special)
    return dataclasses.replace(modules, special=picked)    # every other module kept


def play_game(levels, number: int, seed, target: int = 21, move_time=None, samples=None,
              clocks=None, modules=None, random_special=None) -> GameResult:
    """Game ``number`` of a match: pairs of games share the deal, seats swap in odd games.
    ``modules``: the Deluxe modules in play (``Modules(poison=True)``; None: the base game).
    ``random_special``: a number of special cards picked at random for each pair of games
    (instead of ``modules.special``)."""
    pair_seed = f"{seed}:{number // 2}"
    modules = game_modules(modules, random_special, pair_seed)
    seats = (0, 1) if number % 2 == 0 else (1, 0)
    players = [None, None]
    for i, level in enumerate(levels):
        players[seats[i]] = make_player(level, f"{seed}:{number}:{i}",
                                        **player_options(level, move_time, samples))
    game = Game(seed=pair_seed, target=target, first_dealer=0, modules=modules)
    result = GameResult(number, seats)
    clocks = clocks if clocks is not None else [MoveClock(), MoveClock()]
    while True:
        rnd = game.round
        while not rnd.is_over:
            seat = rnd.to_play
            view = rnd.view(seat)
            start = time.perf_counter()
            action = players[seat].choose(view)
            clocks[seats.index(seat)].add(time.perf_counter() - start)
            rnd.act(action)
        result.rounds.append(RoundResult(tuple(rnd.round_gain[seats[i]] for i in (0, 1)),
                                         tuple(rnd.tricks_won[seats[i]] for i in (0, 1))))
        over, winner, _ = game.result()
        if over:
            break
        game.next_round()
    result.final = tuple(game.score[seats[i]] for i in (0, 1))
    result.winner = winner if winner == "draw" else seats.index(winner)
    return result


@dataclass
class Summary:
    levels: tuple
    games: list
    clocks: list
    seconds: float

    @property
    def rounds(self) -> list:
        return [r for g in self.games for r in g.rounds]

    def points_per_round(self, i: int) -> float:
        return statistics.fmean(r.points[i] for r in self.rounds)

    def difference(self) -> Interval:
        return confidence_interval(r.points[0] - r.points[1] for r in self.rounds)

    def wins(self, i) -> int:
        return sum(g.winner == i for g in self.games)


def names(levels) -> tuple:
    if levels[0] == levels[1]:
        return f"{levels[0]} (1st)", f"{levels[1]} (2nd)"
    return tuple(levels)


def format_game(levels, g: GameResult) -> str:
    a, b = names(levels)
    pts = " ".join(f"{r.points[0]}-{r.points[1]}" for r in g.rounds)
    who = "draw" if g.winner == "draw" else f"{names(levels)[g.winner]} wins"
    return (f"game {g.number + 1:3d}: {a} {g.final[0]:2d} - {b} {g.final[1]:2d} in "
            f"{len(g.rounds)} rounds ({pts}); {who}")


def format_summary(s: Summary, seed, target: int, move_time=None, samples=None,
                   modules=None, random_special=None) -> str:
    a, b = names(s.levels)
    d = s.difference()
    draws = sum(g.winner == "draw" for g in s.games)
    width = max(len(a), len(b), 6)
    played = "" if modules is None or modules.base else f" with {modules}"
    if random_special:
        played += (f"{' and' if played else ' with'} {random_special} special card"
                   f"{'s' if random_special != 1 else ''} picked at random for each pair of "
                   "games")
    lines = [f"Arena: {a} vs {b}, {len(s.games)} games to {target} points{played}, seed {seed}, "
             f"{d.n} rounds, {s.seconds:.0f} s",
             f"{'player':{width}}  points/round  games won  seconds/move (mean, max)"]
    for i, name in enumerate((a, b)):
        c = s.clocks[i]
        mean = c.seconds / c.moves if c.moves else 0.0
        lines.append(f"{name:{width}}  {s.points_per_round(i):12.2f}  {s.wins(i):9d}  "
                     f"{mean:.3f}, {c.longest:.3f}")
    lines.append(f"draws: {draws}")
    settings = []
    if move_time is not None:
        settings.append(f"move time {move_time} s")
    if samples is not None:
        settings.append(f"{samples} samples")
    if settings:
        lines.append("strong player settings: " + ", ".join(settings))
    lines.append(f"difference per round ({a} - {b}): {d.mean:+.2f}, 95% CI "
                 f"[{d.low:+.2f}, {d.high:+.2f}]")
    if d.excludes_zero:
        better, worse = (a, b) if d.mean > 0 else (b, a)
        verdict = f"{better} is stronger than {worse} (the 95% interval excludes zero)"
    else:
        verdict = "no clear difference yet (the 95% interval includes zero): play more games"
    lines.append(f"result: {a} vs {b}: {d.mean:+.2f} points per round "
                 f"[{d.low:+.2f}, {d.high:+.2f}], games {s.wins(0)}-{s.wins(1)}-{draws} "
                 f"(won-lost-drawn); {verdict}.")
    return "\n".join(lines)


def run(levels, games: int, seed, target: int = 21, move_time=None, samples=None,
        out=None, modules=None, random_special=None, rounds_out=None) -> Summary:
    """Play ``games`` games. ``out`` gets a line per game, ``rounds_out`` a JSON line per
    round (``round_records``)."""
    clocks = [MoveClock(), MoveClock()]
    results = []
    start = time.perf_counter()
    for number in range(games):
        g = play_game(levels, number, seed, target, move_time, samples, clocks, modules,
                      random_special)
        results.append(g)
        if out is not None:
            print(format_game(levels, g), file=out, flush=True)
        if rounds_out is not None:
            for record in round_records(seed, g):
                print(json.dumps(record), file=rounds_out, flush=True)
    return Summary(tuple(levels), results, clocks, time.perf_counter() - start)


# ----------------------------------------------------------------------------- paired rounds


def round_records(seed, g: GameResult) -> list:
    """One plain record per round of game ``g``: which game and round (the two together name
    the deal, the seats and the special cards: the same in any run with the same seed), and
    each player's points and tricks. Two runs of different players or versions on the same
    seed can then be compared round by round on the same deals (``paired_difference``)."""
    return [{"seed": str(seed), "game": g.number, "round": k + 1, "points": list(r.points),
             "tricks": list(r.tricks)} for k, r in enumerate(g.rounds)]


def read_round_records(lines, where: str) -> list:
    """The records of a ``--rounds`` file's lines; a line that is not one says where."""
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            key = (str(record["seed"]), int(record["game"]), int(record["round"]))
            a, b = (float(p) for p in record["points"])
        except (ValueError, KeyError, TypeError) as exc:
            raise FoxError(f"{where}, line {number}: not a round record of the arena "
                           f"({type(exc).__name__}: {exc}).") from None
        records.append((key, a - b))
    return records


@dataclass(frozen=True)
class Paired:
    """``change``: the mean of (second run's margin - first run's margin) over the rounds both
    runs played on the same deal, with its confidence interval; ``only_first`` and
    ``only_second``: rounds only one run reached (its game lasted longer)."""
    change: Interval
    only_first: int
    only_second: int


def paired_difference(first: list, second: list) -> Paired:
    """Compare two runs' round records (``read_round_records``) on their common deals."""
    a, b = dict(first), dict(second)
    if len(a) != len(first) or len(b) != len(second):
        raise FoxError("A run's rounds are listed twice (the same seed, game and round).")
    common = sorted(a.keys() & b.keys())
    if not common:
        raise FoxError("The two runs share no round: give runs on the same seeds.")
    return Paired(confidence_interval(b[k] - a[k] for k in common),
                  len(a.keys() - b.keys()), len(b.keys() - a.keys()))


# ----------------------------------------------------------------------------- command line


def _positive_int(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number.") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}.")
    return value


def _positive_float(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds.") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0, not {value}.")
    return value


def parse_goals(text) -> tuple:
    """``(goal ids, problem)`` for the ``--goals`` option: None gives no goals, ``all`` every
    house goal, otherwise house goal ids separated by commas (a round reveals two)."""
    if text is None:
        return (), None
    known = house_goal_ids()
    if text.strip().lower() == "all":
        return known, None
    ids = tuple(part.strip() for part in text.split(",") if part.strip())
    bad = [g for g in ids if g not in known]
    if bad:
        return (), f"{bad[0]!r} is not a house goal; the house goals are {', '.join(known)}."
    if len(set(ids)) != len(ids):
        return (), "each goal can be named only once."
    if len(ids) < 2:
        return (), "a round reveals two goals: name at least two (or 'all')."
    return ids, None
def parse_special(text) -> tuple:
    """``(special card names, count at random, problem)`` for the ``--special`` option: None
    gives none, a number N picks N at random for each pair of games, ``all`` the nine, otherwise
    names separated by commas (any case)."""
    if text is None:
        return (), None, None
    text = text.strip()
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(SPECIAL_CARDS):
            return (), None, f"pick from 1 to {len(SPECIAL_CARDS)} special cards, not {n}."
        return (), n, None
    if text.lower() == "all":
        return SPECIAL_CARDS, None, None
    by_name = {n.lower(): n for n in SPECIAL_CARDS}
    names = [part.strip() for part in text.split(",") if part.strip()]
    bad = [n for n in names if n.lower() not in by_name]
    if bad or not names:
        return (), None, (f"{bad[0] if bad else text!r} is not a special card; the special "
                          f"cards are {', '.join(SPECIAL_CARDS)} (or 'all', or a number).")
    picked = {by_name[n.lower()] for n in names}
    if len(picked) != len(names):
        return (), None, "each special card can be named only once."
    return tuple(n for n in SPECIAL_CARDS if n in picked), None, None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m foxlib arena",
        description="Play whole games between two computer players and compare them.")
    parser.add_argument("first", metavar="PLAYER", help=f"one of {', '.join(LEVELS)}")
    parser.add_argument("second", metavar="PLAYER", help="the opponent, same choices")
    parser.add_argument("--games", type=_positive_int, default=20,
                        help="games to play (default 20; pairs share the deal, seats swapped)")
    parser.add_argument("--seed", default="0", help="seed for the deals and the players")
    parser.add_argument("--target", type=_positive_int, default=21,
                        help="points that end a game (default 21)")
    parser.add_argument("--move-time", type=_positive_float, default=None,
                        help="the strong player's time cap per move in seconds (default 1)")
    parser.add_argument("--samples", type=_positive_int, default=None,
                        help="the strong player's deals per move (default: by cards left, "
                             "see docs/players.md)")
    parser.add_argument("--poison", action="store_true",
                        help="play the Deluxe Poison 8s module (the winner of a trick loses 1 "
                             "point per 8 in it, never below 0)")
    parser.add_argument("--goals", metavar="IDS", default=None,
                        help="play the Deluxe goal cards: 'all' (every house goal in the goal "
                             "deck) or house goal ids separated by commas (at least two; two "
                             "are revealed each round)")
    parser.add_argument("--special", metavar="CARDS", default=None,
                        help="play the Deluxe special cards: names separated by commas "
                             "(Axe,Bow), 'all' (the nine), or a number N (N picked at random "
                             "for each pair of games; the box's setup is 2)")
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    parser.add_argument("--rounds", metavar="FILE", default=None,
                        help="also write every round's points to FILE, a JSON line each, to "
                             "compare two runs on the same deals "
                             "(benchmarks/arena_paired.py)")
    return parser


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    for level in (args.first, args.second):
        if level not in LEVELS:
            print(f"arena: unknown player {level!r}; choose from {', '.join(LEVELS)}.",
                  file=sys.stderr)
            return 2
    levels = (args.first, args.second)
    goals, problem = parse_goals(args.goals)
    if problem:
        print(f"arena: --goals: {problem}", file=sys.stderr)
        return 2
    special, random_special, problem = parse_special(args.special)
    if problem:
        print(f"arena: --special: {problem}", file=sys.stderr)
        return 2
    modules = Modules(poison=args.poison, special=special, goals=goals)
    try:
        rounds_out = open(args.rounds, "w", encoding="utf-8") if args.rounds else None
    except OSError as exc:
        print(f"arena: --rounds: cannot write {args.rounds!r}: {exc.strerror}.", file=sys.stderr)
        return 2
    try:
        summary = run(levels, args.games, args.seed, args.target, args.move_time, args.samples,
                      None if args.quiet else sys.stdout, modules, random_special, rounds_out)
    except FoxError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 1
    finally:
        if rounds_out is not None:
            rounds_out.close()
    print(format_summary(summary, args.seed, args.target, args.move_time, args.samples,
                         modules, random_special))
    return 0


if __name__ == "__main__":
    sys.exit(main())
