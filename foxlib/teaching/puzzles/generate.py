"""Generating new puzzles: random positions from real deals, kept when the goal has a unique
solution (up to equivalent cards) that uses the theme. The texts are drafts to curate."""
from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, replace

from ...core import rules
from ...core.cards import DECK, special_card
from ...core.errors import FoxError
from ...engine.modules import SPECIAL_CARDS, Modules
from ...engine.round import Position, Round
from .analysis import (GoalAnalysis, action_line, analyse, band_still_reachable, equivalent_moves,
                       live_cards, solve_actions, solve_goal, trick_goal_met, trick_outcomes)
from .format import BAND, FORMAT, PLAY, TAGS, Goal, parse_goal
from .model import Puzzle, cap, move_text, position_to_json, puzzle_to_json

# ----------------------------------------------------------------------------- generation

@dataclass(frozen=True)
class GenTheme:
    """How to look for puzzles of one theme: goals to try, hand sizes, who plays (lead, follow
    or either), what the learner must hold, and what the unique solution must play."""

    goals: tuple
    sizes: tuple
    seat: str                 # "lead", "follow" or "any"
    holds: tuple = ()         # ranks the learner must hold (any of them)
    solution_ranks: tuple = ()  # the solution's card must have one of these ranks
    solution_trump: bool = False
    hint: str = ""


GEN_THEMES = {
    "witch": GenTheme(("win-trick", "lose-trick"), (3, 4, 5), "any", (9,), (9,),
                      hint="A lone Witch counts as trump when the trick is decided."),
    "fox": GenTheme(("win-trick", "lose-trick", "band:Victorious", "band:Humble"), (3, 4, 5),
                    "any", (3,), (3,),
                    hint="The Fox may swap the decree card, and the new trump counts at once."),
    "woodcutter": GenTheme(("band:Victorious", "band:Humble", "band:Defeated"), (3, 4, 5),
                           "any", (5,), (5,),
                           hint="The Woodcutter draws the top card, then one card goes under "
                                "the deck: choose which."),
    "swan": GenTheme(("lead-next",), (3, 4, 5, 6), "any", (1,), (1,),
                     hint="A Swan that loses still gives you the lead."),
    "monarch": GenTheme(("band:Victorious", "band:Humble", "win-trick"), (3, 4, 5), "lead",
                        (11,), (11,),
                        hint="A led Monarch forces out the Swan or the highest card of its "
                             "suit."),
    "treasure": GenTheme(("take-treasure",), (3, 4, 5, 6), "any", (), (),
                         hint="A 7 in the trick scores a point for whoever wins it."),
    "trump": GenTheme(("win-trick", "lose-trick"), (3, 4, 5, 6), "follow", (), (),
                      solution_trump=True, hint="A trump beats every card of another suit."),
    "follow": GenTheme(("win-trick", "lose-trick"), (4, 5, 6), "follow",
                       hint="You must follow the led suit if you can."),
    "band": GenTheme(("band:Victorious", "band:Humble", "band:Defeated"), (3, 4, 5), "any",
                     hint="Count the tricks you still need and the ones you must avoid."),
    "endgame": GenTheme(("band:Victorious", "band:Humble"), (4, 5, 6), "any",
                        hint="Plan the last tricks from the end backwards."),
}


def _random_position(rng: random.Random, size: int, seat: str) -> Round:
    """A real deal played at random until each hand holds ``size`` cards; with seat 'follow'
    the leader then leads a random card."""
    rnd = Round.deal(rng.randrange(2**32), rng.randrange(2))
    while len(rnd.hands[rnd.to_play]) > size or rnd.trick:
        rnd.push(rng.choice(rnd.legal_moves()))
    if seat == "follow" or (seat == "any" and rng.random() < 0.5):
        rnd.push(rng.choice(rnd.legal_moves()))
    return rnd


def _learner_first(rnd: Round) -> Position:
    """The round's current position, with the seats swapped if needed so that A is to play."""
    me = rnd.to_play
    def pair(x):
        return tuple(x) if me == 0 else (x[1], x[0])
    hands = pair([sorted(rnd.hands[0]), sorted(rnd.hands[1])])
    leader = rnd.leader if me == 0 else 1 - rnd.leader
    return Position(rnd.decree, hands, leader, list(rnd.deck), list(rnd.trick),
                    pair(rnd.tricks_won), pair(rnd.score), pair(rnd.round_gain))


def _tempting(puzzle: Puzzle, analysis: GoalAnalysis, rnd: Round) -> list:
    """Wrong moves that look right: they achieve the goal against some reply (they fail only
    to the best defence), or they are what a greedy player would pick (the highest card to win,
    the lowest to lose)."""
    out = []
    wrong = [v.move for v in analysis.verdicts if not v.works]
    goal = puzzle.goal
    for move in wrong:
        if goal.kind == PLAY:
            hopes = any(trick_goal_met(goal.name, rec, puzzle.you)
                        for _, rec in trick_outcomes(rnd, move))
        else:
            hopes = band_still_reachable(rnd, move, goal)
        if hopes:
            out.append(move)
    legal = [c for c in rnd.legal_cards()]
    if goal.name in ("win-trick", "take-treasure", "lead-next") and legal:
        greedy = max(legal, key=lambda c: (c.suit == rnd.trump, c.rank))
    elif goal.name == "lose-trick" and legal:
        greedy = min(legal, key=lambda c: (c.suit == rnd.trump, c.rank))
    else:
        greedy = None
    out += [m for m in wrong if m.card is greedy and m not in out]
    return out


def estimate_difficulty(nodes: int, tempting: int, legal: int, goal: Goal) -> int:
    """1-3 from the solver's work (log of nodes), the tempting wrong moves and the choices."""
    score = math.log10(max(nodes, 1)) * 0.6 + tempting * 0.8 + legal * 0.15
    score += 1.0 if goal.kind == BAND else 0.0
    return 1 if score < 2.5 else 2 if score < 4.0 else 3


def generate(theme: str, count: int, seed: int, max_tries: int = 50_000, log=None) -> list:
    """Find ``count`` new puzzles for ``theme`` with a unique solution (up to equivalent cards).
    Texts are drafts from the engine and solver; curate them before shipping."""
    if theme not in GEN_THEMES:
        raise FoxError(f"Unknown theme {theme!r}; the themes are {', '.join(GEN_THEMES)}.")
    spec = GEN_THEMES[theme]
    rng = random.Random(seed)
    found, seen = [], set()
    for attempt in range(max_tries):
        if len(found) >= count:
            break
        rnd = _random_position(rng, rng.choice(spec.sizes), spec.seat)
        you = rnd.to_play
        if spec.holds and not any(c.rank in spec.holds for c in rnd.hands[you]):
            continue
        if len(rnd.legal_moves()) < 3:
            continue
        pos = _learner_first(rnd)
        key = json.dumps(position_to_json(pos), sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        goal = parse_goal(rng.choice(spec.goals), 0)
        puzzle = _candidate(pos, goal, spec, theme, f"gen-{theme}-{seed}-{len(found) + 1}")
        if puzzle is not None:
            found.append(puzzle)
            if log:
                log(f"{puzzle.id}: {goal}, {len(pos.hands[0])} cards, difficulty "
                    f"{puzzle.difficulty} (attempt {attempt + 1})")
    return found


def _candidate(pos: Position, goal: Goal, spec: GenTheme, theme: str, pid: str):
    if goal.name == "lead-next" and len(pos.hands[1 if pos.trick else 0]) <= 1:
        return None
    puzzle = Puzzle(pid, "", theme, "", (theme,), 1, 0, goal, pos, (), (), "")
    rnd = puzzle.start()
    analysis = analyse(puzzle, rnd, node_limit=300_000)
    if not analysis.complete or analysis.disagreements:
        return None
    winning = analysis.winning
    live = live_cards(rnd, puzzle)
    if not winning or any(not equivalent_moves(m, winning[0], live) for m in winning):
        return None
    if len(analysis.verdicts) - len(winning) < 2:
        return None
    best = winning[0]
    if spec.solution_ranks and best.card.rank not in spec.solution_ranks:
        return None
    if spec.solution_trump and not (best.card.suit == rnd.trump and
                                    rnd.trick and rnd.trick[0].suit != rnd.trump):
        return None
    tempting = _tempting(puzzle, analysis, rnd)
    puzzle.difficulty = estimate_difficulty(analysis.nodes, len(tempting),
                                            len(analysis.verdicts), goal)
    puzzle.solution = (best,)
    puzzle.title = f"{theme.title()}: {goal.spec.summary}"
    puzzle.hints = tuple(h for h in (spec.hint, "Try each card you may play, and ask what your "
                                     "opponent can answer.") if h)
    right = analysis.verdict(best).explanation
    wrong = []
    for move in tempting[:3]:
        v = analysis.verdict(move)
        wrong.append((move, f"Tempting, but it fails: {v.explanation}"))
    puzzle.wrong = tuple(wrong)
    puzzle.explanation = (f"{cap(move_text(best))} works: {right}" +
                          "".join(f" {cap(move_text(m))} fails: {analysis.verdict(m).explanation}"
                                  for m in tempting[:2]))
    puzzle.themes = tuple(t for t in (theme,) if t in TAGS)
    return puzzle


def generated_file(theme: str, puzzles: list, seed: int) -> dict:
    """A puzzle file of generated drafts."""
    return {"format": FORMAT, "id": f"generated-{theme}-{seed}",
            "title": f"Generated {theme} puzzles (drafts: curate the texts)",
            "puzzles": [puzzle_to_json(p) for p in puzzles]}


# ----------------------------------------------------------------------------- with modules

#: Goals tried for puzzles with a special card, and the hand sizes (small: the Deluxe search
#: is exact but slow).
DELUXE_GOALS = ("win-trick", "lose-trick", "band:Victorious", "band:Humble", "band:Defeated")
DELUXE_SIZES = (2, 3, 4)
#: Where the learner sits for each special card's puzzles (its ability acts when led, when
#: following, or either) and the goals tried: the Shovel digs in a trick won earlier, so its
#: puzzles play on to the end of the round.
DELUXE_SEATS = {"Tree": "lead", "Hammer": "follow", "Axe": "follow"}
DELUXE_THEME_GOALS = {"Shovel": ("lose-trick", "band:Victorious", "band:Humble", "band:Defeated"),
                      "Axe": ("win-trick", "lose-trick")}


def _swap(pos: Position, card, place: list, i: int) -> bool:
    """Put ``card`` at ``place[i]``, moving the card there to where ``card`` was."""
    out = place[i]
    if out is card:
        return True
    for other in (pos.hands[0], pos.hands[1], pos.deck, pos.trick):
        if card in other:
            j = other.index(card)
            place[i], other[j] = card, out
            return True
    if pos.decree is card:
        place[i], pos.decree = card, out
        return True
    return False


def _deluxe_position(rng: random.Random, modules: Modules, special: str | None, size: int):
    """A real deal with the modules, played at random (every decision) until the player to
    play holds ``size`` cards (leading or following, as the card's ``DELUXE_SEATS`` says); the
    special card is then swapped into that player's hand (it takes the place of one of their
    cards, wherever it was), so the learner holds it. For the Axe, the led card is swapped for
    a Woodcutter."""
    seat = DELUXE_SEATS.get(special, "any")
    rnd = Round.deal(rng.randrange(2**32), rng.randrange(2), modules=modules)
    follow = seat == "follow" or (seat == "any" and rng.random() < 0.5)
    while not rnd.is_over and (len(rnd.hands[rnd.to_play]) > size or rnd.phase != "play" or
                               bool(rnd.trick) != follow):
        rnd.act(rng.choice(rnd.legal_actions()))
    if rnd.is_over or not rnd.hands[rnd.to_play]:
        return None
    if special == "Shovel" and rnd.tricks_won[rnd.to_play]:
        # A puzzle's position does not list the tricks a Shovel digs in, so its holder must
        # not have won one yet (the loader refuses it otherwise): rare in a random deal.
        return None
    if rnd.sp.get("crowned") is not None:
        # Nor does a puzzle's position say that the led card was crowned: not this one.
        return None
    pos = _learner_first_any(rnd)
    if special:
        mine = pos.hands[0]
        if not _swap(pos, special_card(special), mine, rng.randrange(len(mine))):
            return None
    if special == "Axe":
        woodcutters = [c for c in DECK if c.rank == rules.WOODCUTTER and c not in pos.hands[0]]
        if not pos.trick or not _swap(pos, rng.choice(woodcutters), pos.trick, 0):
            return None
    pos.hands = (sorted(pos.hands[0]), sorted(pos.hands[1]))
    return pos


def _learner_first_any(rnd: Round) -> Position:
    me = rnd.to_play

    def pair(x):
        return tuple(x) if me == 0 else (x[1], x[0])
    hands = pair([sorted(rnd.hands[0]), sorted(rnd.hands[1])])
    leader = rnd.leader if me == 0 else 1 - rnd.leader
    return Position(rnd.decree, (list(hands[0]), list(hands[1])), leader, list(rnd.deck),
                    list(rnd.trick), pair(rnd.tricks_won), pair(rnd.score),
                    pair(rnd.round_gain), modules=rnd.modules)


def _uses(action, special: str | None) -> bool:
    """Does the action use the theme's card: play the special card, or crown a card?"""
    if special is None:
        return True
    if special == "Crown":
        return action.kind == "crown"
    return getattr(action.card, "special", None) == special


def generate_deluxe(special: str | None = None, poison: bool = False, count: int = 5,
                    seed: int = 1, max_tries: int = 5_000, log=None) -> list:
    """Find ``count`` puzzles with the Deluxe modules: the learner holds ``special`` (if
    given), exactly one action makes the goal sure (chance 1 with best play by both, every
    random pick included, proved by ``foxlib.search.deluxe_solver``), it uses the special card, and at
    least two actions fail. Texts are drafts from the engine; curate them before shipping."""
    if special is not None and special not in SPECIAL_CARDS:
        raise FoxError(f"Unknown special card {special!r}; the special cards are "
                       f"{', '.join(SPECIAL_CARDS)}.")
    if special is None and not poison:
        raise FoxError("Name a special card or Poison 8s for Deluxe puzzles.")
    modules = Modules(poison=poison, special=(special,) if special else ())
    theme = special.lower() if special else "poison"
    rng = random.Random(seed)
    found, seen = [], set()
    for attempt in range(max_tries):
        if len(found) >= count:
            break
        pos = _deluxe_position(rng, modules, special, rng.choice(DELUXE_SIZES))
        if pos is None:
            continue
        if poison and not any(c.rank == 8 and c.special is None
                              for c in [*pos.hands[0], *pos.hands[1], *pos.trick]):
            continue
        key = json.dumps(position_to_json(pos), sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        goals = DELUXE_THEME_GOALS.get(special, DELUXE_GOALS) if special else ("most-points",)
        goal = parse_goal(rng.choice(goals), 0)
        pid = f"gen-{theme}-{seed}-{len(found) + 1}"
        puzzle = _deluxe_candidate(pos, goal, special, theme, pid)
        if puzzle is not None:
            found.append(puzzle)
            if log:
                log(f"{puzzle.id}: {goal}, {len(pos.hands[0])} cards, difficulty "
                    f"{puzzle.difficulty} (attempt {attempt + 1})")
    return found


def _deluxe_candidate(pos: Position, goal: Goal, special, theme: str, pid: str):
    try:
        pos.validate()
    except FoxError:
        return None
    puzzle = Puzzle(pid, "", theme, "", (theme,), 1, 0, goal, pos, (), (), "")
    rnd = puzzle.start()
    if rnd.to_play != 0 or len(rnd.legal_actions()) < 3:
        return None
    analysis = solve_actions(rnd, goal, node_limit=300_000)
    if not analysis.complete:
        return None
    winning = analysis.winning
    if len(winning) != 1 or not _uses(winning[0], special):
        return None
    if len(analysis.verdicts) - len(winning) < 2:
        return None
    best = winning[0]
    if special is None:
        # A Poison puzzle: without Poison 8s the best decision must be another one.
        plain = replace(pos, modules=Modules(), hands=(list(pos.hands[0]), list(pos.hands[1])),
                        deck=list(pos.deck), trick=list(pos.trick))
        base = solve_actions(Round(plain), goal, node_limit=300_000)
        if not base.complete or best in base.winning:
            return None
    tempting = [v for v in analysis.verdicts if not v.works and v.chance > 0]
    puzzle.difficulty = estimate_difficulty(analysis.nodes, len(tempting),
                                            len(analysis.verdicts), goal)
    puzzle.solution = (best,)
    puzzle.title = f"{theme.title()}: {goal.spec.summary}"
    puzzle.hints = (f"What does the {special or 'Poison 8'} do here?" if special else
                    "Which trick costs points?",
                    "Try each thing you may do, and ask what your opponent can answer.")
    line = action_line(puzzle.start(), goal, best)
    said = [r.reason for r in line if r.reason]
    puzzle.explanation = analysis.verdict(best).explanation + " " + " ".join(said)
    wrong = [v for v in analysis.verdicts if not v.works][:3]
    puzzle.wrong = tuple((v.move, v.explanation) for v in wrong)
    return puzzle
