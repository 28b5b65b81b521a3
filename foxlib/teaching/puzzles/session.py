"""One learner's attempt at a puzzle (``PuzzleSession``): answers and moves judged, the
opponent's replies played, hints, the solution; and the words of the feedback."""
from __future__ import annotations

import re
from dataclasses import replace

from ...core import rules
from ...core.cards import Card, theme_named
from ...core.errors import FoxError
from ...core.feedback import Feedback
from ...words.narrator import Narrator, possessive, second_person  # noqa: F401 (second_person: re-exported)
from ...words.narrator import mine as narrator_mine
from ...words import exercise_text
from ...words.theme_words import in_theme
from ...engine.round import PLAY as PLAY_PHASE
from ...engine.round import PLAYERS, Action, Move
from ...search import solver
from .analysis import (NODE_LIMIT, GoalAnalysis, Verdict, closure, judge_trick_goal,
                       live_cards, solve_actions, solve_goal, truth)
from .format import BAND, PLAY, PREDICT, SCORE
from .model import Puzzle, action_text, answer_text, cap, move_text

# ----------------------------------------------------------------------------- playing a puzzle

class PuzzleSession:
    """One learner's attempt at a puzzle. Standard library only: the widget is a view of this.

    ``answer(value)`` for predict and score puzzles, ``play(move)`` for play and band puzzles
    (the opponent's replies are played at once: for a wrong move, a reply that defeats it; for a
    right one, the opponent's best move by points), ``hint()``, ``solution()``, ``reset()``.

    A wrong try says why that answer or move fails, never which one is right; nothing shows
    the answer but Show solution. A puzzle whose answer the learner has seen counts as *seen*,
    not solved (``solution_seen``, kept across retries; ``seen_how`` says how): Show solution,
    wrong tries that leave only right answers to choose from (a predict puzzle has two choices,
    so one wrong try gives the other away), or a solution seen in an earlier visit
    (``seen=True``, or ``seen_before()``).

    Every text the learner reads (feedback, hints, choices, the question) names the cards in
    ``theme`` ('classic' or 'zsa'), as the cards are drawn.
    """

    def __init__(self, puzzle: Puzzle, node_limit=NODE_LIMIT, *, seen: bool = False,
                 theme="classic"):
        self.puzzle = puzzle
        self.node_limit = node_limit
        self.theme = theme_named(theme)
        self.hints_shown = 0
        self.solved = False           # ever solved without seeing the answer first
        self.solution_seen = False    # the answer was seen (kept across retries)
        self.seen_how = ""            # "solution", "tries" (only right answers left), "before"
        self._wrong_tried: set = set()    # first answers or moves found wrong
        self._wrong_all = None            # every wrong first answer or move, once known
        if seen:
            self.seen_before()
        self.reset()

    def seen_before(self) -> None:
        """The learner saw this puzzle's solution in an earlier visit: solving it now is not
        counted."""
        if not self.solution_seen:
            self.solution_seen, self.seen_how = True, "before"

    def say(self, text: str) -> str:
        """``text`` (the classic theme's card names) as the learner reads it, in ``theme``."""
        return in_theme(text, self.theme)

    def prompt(self) -> str:
        return self.say(self.puzzle.prompt)

    def question(self) -> str:
        return self.say(self.puzzle.question())

    def title(self) -> str:
        return self.say(self.puzzle.title)

    # -- state
    def reset(self) -> None:
        p = self.puzzle
        self.round = p.after_plays() if p.kind in (PREDICT, SCORE) else p.start()
        self._tricks0 = len(self.round.tricks)
        self.status = "open"          # open, solved, failed, shown
        self.feedback: Feedback | None = None
        self.moves_made = 0

    @property
    def finished(self) -> bool:
        return self.status != "open"

    @property
    def your_turn(self) -> bool:
        return not self.finished and self.round.to_play == self.puzzle.you and \
            self.puzzle.kind in (PLAY, BAND)

    def options(self) -> list:
        """(label, value) choices for predict and game-winner questions; [] otherwise."""
        p = self.puzzle
        if p.kind == PREDICT or p.goal.name == "game-winner":
            out = [("You", p.you), ("Your opponent", p.opponent)]
            if p.goal.name == "game-winner":
                out += [("A draw", "draw"), ("Nobody yet: another round", "continue")]
            return out
        return []

    def legal_moves(self) -> list:
        return self.round.legal_moves() if self.your_turn else []

    def decision(self, card) -> tuple:
        """What must be decided after playing ``card``: ('exchange', [None, cards...], None) for a
        Fox, ('discard', [cards...], drawn) for a Woodcutter, ('', [], None) otherwise. (With
        modules every decision is its own action, offered by ``choices``.)"""
        card = Card(card)
        if self.puzzle.deluxe:
            return "", [], None
        hand = [c for c in self.round.hands[self.round.to_play] if c is not card]
        if card.rank == rules.FOX and hand:
            return "exchange", [None] + sorted(hand), None
        if card.rank == rules.WOODCUTTER and self.round.deck:
            drawn = self.round.deck[0]
            return "discard", sorted(hand + [drawn]), drawn
        return "", [], None

    # -- answering
    def answer(self, value) -> Feedback:
        p = self.puzzle
        if p.kind not in (PREDICT, SCORE):
            return self._refuse("This puzzle is answered by playing a card.")
        if self.finished:
            return self._refuse("This attempt is over: press Retry to try again.")
        value = _normalise_answer(value, p)
        if value is None:
            return self._refuse("That is not one of the possible answers.")
        right, reason = truth(p)
        if value == right:
            lines = _told([reason], (p.right, p.explanation))
            return self._finish("solved", Feedback("right", "Right!", lines, True))
        # Why that answer is wrong, never what is right: the engine's reason for the outcome
        # would name it (so would the board, which keeps the trick uncounted meanwhile).
        choices = [v for _label, v in self.options()]
        if choices:
            self._wrong_all = {v for v in choices if v != right}
        if p.kind == PREDICT:
            lines = [_wrong_text(p, value) or why_not_outcome(p, value), *self._tried(value),
                     "Press Retry to try again, or Show solution to see what happens."]
        else:                          # a number or a game result
            lines = [_wrong_text(p, value) or score_mistake(p, value), *self._tried(value),
                     "Press Retry to count again, or ask for a hint."]
        return self._finish("failed", Feedback("wrong", f"Not {answer_text(value, p)}.",
                                               lines, True))

    def _tried(self, wrong) -> list:
        """Keep a wrong first answer or move; once only right ones are left to try, the answer
        is as good as shown: say so (the puzzle will count as seen, not solved)."""
        if self.solution_seen or self.moves_made > 1:
            return []
        self._wrong_tried.add(wrong)
        if self._wrong_all is None or not self._wrong_all <= self._wrong_tried:
            return []
        self.solution_seen, self.seen_how = True, "tries"
        return [SEEN_NOTES["tries"]]

    def play(self, move) -> Feedback:
        p = self.puzzle
        if p.kind not in (PLAY, BAND):
            return self._refuse("This puzzle is answered with a choice, not a card.")
        if self.finished:
            return self._refuse("This attempt is over: press Retry to try again.")
        if p.deluxe:
            if isinstance(move, Action):
                return self.act(move)
            card = move.card if isinstance(move, Move) else Card(move)
            return self.act(Action("play", card))
        if not isinstance(move, Move):
            move = Move(Card(move))
        try:
            self.round.verify_move(move)
        except FoxError as exc:
            return self._refuse(str(exc))
        analysis = self._analyse()
        if not analysis.complete:
            return self._refuse("This position is too big for the solver to judge here (it "
                                f"stopped at its limit of {self.node_limit:,} nodes), so the "
                                "move cannot be checked.")
        verdict = analysis.verdict(move)
        self.moves_made += 1
        if self.moves_made == 1:
            self._wrong_all = {v.move for v in analysis.verdicts if not v.works}
        if p.kind == PLAY:
            return self._play_trick_goal(move, verdict)
        return self._play_band(move, verdict)

    # -- with modules: one action at a time
    def choices(self) -> list:
        """(label, Action) for the learner's decisions that are not a plain card to play: a
        special card's decision now pending (a suit for the Hammer, a card for the Fairy...),
        or a card played with the Crown. [] when it is not the learner's turn."""
        if not self.your_turn or not self.puzzle.deluxe:
            return []
        out = []
        for action in self.round.legal_actions():
            if action.kind == "play" and self.round.phase == PLAY_PHASE:
                continue
            # A button says what it does ('Name Bells'), not '-ing' words ('Naming Bells ...').
            out.append((self.say(Narrator.of(self.round).action_words(action.kind, action.card,
                                                                       "answer")), action))
        return out

    def act(self, action) -> Feedback:
        """The learner's next decision in a puzzle with modules (``Action`` or a pair such as
        ``("crown", "4K")``), judged by the Deluxe search: it works when the goal stays sure
        (chance 1) whatever the opponent does and whatever the random picks. A right decision
        is played with the opponent's answers (the ones that most lower your chance), until
        the goal is decided or you must decide again; a wrong one is played out against a
        defence that defeats it."""
        p = self.puzzle
        if not p.deluxe or p.kind not in (PLAY, BAND):
            return self._refuse("This puzzle is not answered with actions.")
        if self.finished:
            return self._refuse("This attempt is over: press Retry to try again.")
        if not self.your_turn:
            return self._refuse("It is not your turn.")
        if not isinstance(action, Action):
            action = Action(*action)
        try:
            self.round.verify(action)
        except FoxError as exc:
            return self._refuse(str(exc))
        analysis = solve_actions(self.round, p.goal, self.node_limit)
        if not analysis.complete:
            return self._refuse("This position is too big for the Deluxe search to judge here "
                                f"(it stopped at its limit of {self.node_limit:,} positions), "
                                "so the decision cannot be checked.")
        verdict = analysis.verdict(action)
        self.moves_made += 1
        if self.moves_made == 1:
            self._wrong_all = {v.move for v in analysis.verdicts if not v.works}
        lines = self._act_line(action)
        if not verdict.works:
            text = _untold(_wrong_text(p, action) or verdict.explanation, lines)
            title = (f"{cap(action_text(action))} is not the best you can do."
                     if p.goal.name == "most-points" else
                     f"{cap(action_text(action))} does not work.")   # as for base moves
            return self._finish("failed", Feedback("wrong", title,
                                                   [text] + lines + self._tried(action), True))
        if self._decided():
            return self._finish("solved", Feedback(
                "right", "Right!", _told(lines, (p.right, p.explanation)), True))
        return self._going(Feedback("going", "Good: the best is still in reach. Your decision "
                                    "again." if p.goal.name == "most-points" else
                                    "Good: the goal is still sure. Your decision again.", lines))

    def _decided(self) -> bool:
        rnd = self.round
        return rnd.is_over or (self.puzzle.kind == PLAY and len(rnd.tricks) > self._tricks0)

    def _act_line(self, action) -> list:
        """Do ``action``, then the opponent's decisions (each the one that most lowers your
        chance of the goal), until the goal is decided or it is your decision again."""
        rnd, p = self.round, self.puzzle
        lines = self._do(action)
        while not self._decided() and rnd.to_play == p.opponent:
            result = solve_actions(rnd, p.goal, self.node_limit)
            if not result.verdicts:
                break
            lines += self._do(min(result.verdicts, key=lambda v: v.chance).move)
        if not self._decided() and self.status == "open" and \
                not any(v.works for v in solve_actions(rnd, p.goal, self.node_limit).verdicts):
            # After a wrong decision: play on to the end with the best decisions left.
            while not self._decided():
                result = solve_actions(rnd, p.goal, self.node_limit)
                mine = rnd.to_play == p.goal.player
                pick = max if mine else min
                lines += self._do(pick(result.verdicts, key=lambda v: v.chance).move)
        return lines

    def _do(self, action) -> list:
        before = len(self.round.history)
        self.round.act(action)
        return [rec.reason for rec in self.round.history[before:] if rec.reason]

    def _analyse(self) -> GoalAnalysis:
        if self.puzzle.kind == PLAY:
            return judge_trick_goal(self.round, self.puzzle.goal.name, self.puzzle.you)
        return solve_goal(self.round, self.puzzle.goal, self.node_limit)

    def _play_trick_goal(self, move: Move, verdict: Verdict) -> Feedback:
        p = self.puzzle
        lines = self._push(move, "You play ")
        if not verdict.works:
            if verdict.refutation is not None:
                lines += self._push(verdict.refutation, "Your opponent answers with ")
            text = _wrong_text(p, move) or "That does not achieve the goal against every reply."
            return self._finish("failed", Feedback(
                "wrong", f"{cap(move_text(move))} does not work.",
                [text] + lines + self._tried(move), True))
        if self.round.trick:             # you led: the opponent answers with its best move
            lines += self._push(self._best_reply(), "Your opponent answers with ")
        return self._finish("solved", Feedback(
            "right", "Right!", _told(lines, (p.right, p.explanation)), True))

    def _play_band(self, move: Move, verdict: Verdict) -> Feedback:
        p = self.puzzle
        lines = []
        if not verdict.works:
            text = _wrong_text(p, move) or "After that, your opponent can stop you."
            lines = self._push(move, "You play ")
            lines += self._opponent_turns(defeat=True)
            return self._finish("failed", Feedback(
                "wrong", f"{cap(move_text(move))} does not secure {p.goal.band}.",
                [text, verdict.explanation] + lines + self._tried(move), True))
        lines = self._push(move, "You play ") + self._opponent_turns(defeat=False)
        if self.round.is_over:
            return self._finish("solved", Feedback(
                "right", f"Right! You finish {p.goal.band}.",
                _told(lines, (p.right, p.explanation)), True))
        return self._going(Feedback("going", "Good: that keeps the goal in reach. Your turn "
                                    "again.", lines))

    def _opponent_turns(self, defeat: bool) -> list:
        """Play the opponent's moves until it is the learner's turn or the round ends. With
        ``defeat`` (after a wrong move), play on to the end of the round: the opponent always
        keeps the goal out of reach, and your moves are your best for points."""
        lines = []
        while not self.round.is_over and (defeat or self.round.to_play == self.puzzle.opponent):
            if self.round.to_play == self.puzzle.you:
                lines += self._push(self._best_reply(), "You play ")
                continue
            reply = self._defeating_reply() if defeat else None
            lines += self._push(reply or self._best_reply(), "Your opponent plays ")
        return lines

    def _defeating_reply(self):
        analysis = solve_goal(self.round, self.puzzle.goal, self.node_limit)
        for v in analysis.verdicts:
            if not v.works:
                return v.move
        return None

    def _best_reply(self) -> Move:
        return solver.solve(self.round, "points", node_limit=self.node_limit).best[0].move

    def _push(self, move: Move, prefix: str = "") -> list:
        records = self.round.push(move)
        # The round's players are "you" and "your opponent": the narrator speaks to you.
        say = Narrator.of(self.round).say
        out = []
        for rec in records:
            if rec.kind == "play" and prefix:
                out.append(f"{prefix}the {move.card.name()} ({move.card}).")
            elif rec.kind in ("trick", "exchange", "round_end", "discard", "draw") and \
                    not (rec.kind in ("draw", "discard") and rec.player != self.puzzle.you):
                out.append(say(rec))
        return out

    # -- help
    def hint(self) -> str | None:
        """The next hint (None when there are no more)."""
        hints = self.puzzle.hints
        if self.hints_shown >= len(hints):
            return None
        self.hints_shown += 1
        return self.say(hints[self.hints_shown - 1])

    def shown_hints(self) -> list:
        return [self.say(h) for h in self.puzzle.hints[:self.hints_shown]]

    def solution(self) -> Feedback:
        """Show the answer: for moves, every right move (with its equivalents) and the solution
        played out against the opponent's best replies."""
        p = self.puzzle
        self.reset()
        if not self.solution_seen:
            self.solution_seen, self.seen_how = True, "solution"
        if p.kind in (PREDICT, SCORE):
            right, reason = truth(p)
            fb = Feedback("shown", f"The answer: {answer_text(right, p)}.",
                          _told([reason], (p.explanation,)), True)
            return self._finish("shown", fb)
        rnd = self.round
        if p.deluxe:
            return self._deluxe_solution()
        live = live_cards(rnd, p)
        winning = closure(p.solution, rnd.legal_moves(), live)
        names = "; ".join(move_text(m) for m in winning)
        lines = [f"Right move{'s' if len(winning) > 1 else ''}: {names}."]
        first = p.solution[0]
        lines += self._push(first, "You play ")
        if p.kind == PLAY:
            if rnd.trick:
                lines += self._push(self._best_reply(), "Your opponent answers with ")
        else:
            lines += self._main_line()
        return self._finish("shown", Feedback("shown", "The solution",
                                              _told(lines, (p.explanation,)), True))

    def _deluxe_solution(self) -> Feedback:
        """The right first decisions, then the solution played out: your decisions the Deluxe
        search's sure ones, your opponent's those that most lower your chance."""
        p, rnd = self.puzzle, self.round
        names = "; ".join(action_text(a) for a in p.solution)
        lines = [f"Right decision{'s' if len(p.solution) > 1 else ''}: {names}."]
        lines += self._do(p.solution[0])
        while not self._decided():
            result = solve_actions(rnd, p.goal, self.node_limit)
            mine = rnd.to_play == p.goal.player
            pick = max if mine else min
            lines += self._do(pick(result.verdicts, key=lambda v: v.chance).move)
        return self._finish("shown", Feedback("shown", "The solution",
                                              _told(lines, (p.explanation,)), True))

    def _main_line(self) -> list:
        lines = []
        while not self.round.is_over:
            if self.round.to_play == self.puzzle.opponent:
                lines += self._push(self._best_reply(), "Your opponent plays ")
            else:
                analysis = solve_goal(self.round, self.puzzle.goal, self.node_limit)
                move = next(v.move for v in analysis.verdicts if v.works)
                lines += self._push(move, "You play ")
        return lines

    # -- helpers
    def _finish(self, status: str, fb: Feedback) -> Feedback:
        fb = replace(fb, lines=[line for line in fb.lines if line])
        self.status = status
        if status == "solved" and self.solution_seen:
            # Solving once the answer was seen is copying: say so, and do not count it.
            fb = replace(fb, title=f"{fb.title} {NOT_COUNTED[self.seen_how]}")
        elif status == "solved":
            self.solved = True
        self.feedback = fb = self._themed(fb)
        return fb

    def _going(self, fb: Feedback) -> Feedback:
        self.feedback = fb = self._themed(fb)
        return fb

    def _themed(self, fb: Feedback) -> Feedback:
        return replace(fb, title=self.say(fb.title), lines=[self.say(x) for x in fb.lines])

    def _refuse(self, text: str) -> Feedback:
        return Feedback("refused", "Not allowed", [self.say(text)], False)


#: What a right answer adds when it is not counted, by how the answer was seen.
NOT_COUNTED = {
    "solution": "Not counted as solved: you saw the solution first.",
    "tries": "Not counted as solved: your wrong tries had left only this answer.",
    "before": "Not counted as solved: you saw its solution on an earlier visit.",
}
#: Said with the wrong try that leaves only right answers to try.
SEEN_NOTES = {
    "tries": "Only the right answer is left to try now, so this puzzle counts as seen, not "
             "solved.",
}


def _told(lines, notes) -> list:
    """The engine's ``lines`` (a play-by-play, a trick's reason), then the puzzle's own
    ``notes`` (its ``right`` and ``explanation`` texts), saying each thing once: a note that
    retells the whole play-by-play (as the Deluxe puzzles' explanations do) is said instead of
    it, and a sentence of a note already said above is left out of it."""
    lines, notes = [x for x in lines if x], [x for x in notes if x]
    said = {_key(x) for line in lines for x in _sentences(line)}
    if said and any(said <= {_key(x) for x in _sentences(note)} for note in notes):
        lines, said = [], set()
    out = list(lines)
    for note in notes:
        kept = [x for x in _sentences(note) if _key(x) not in said]
        said.update(_key(x) for x in kept)
        if kept:
            out.append(" ".join(kept))
    return out


def _untold(text: str, lines) -> str:
    """``text`` without what the play-by-play ``lines`` shown below it tell: "Playing the 6 of
    Keys cannot win this trick: <the trick's reason>" becomes "... cannot win this trick." and
    "For example: <the trick's reason>" goes, when the lines give that reason."""
    said = {_key(x) for line in lines for x in _sentences(line)}
    out = []
    for sentence in _sentences(text):
        if _key(sentence) in said:
            continue
        head, colon, tail = sentence.partition(": ")
        if colon and _key(tail) in said:
            if len(head.split()) < 3:       # a lead-in ("For example") with nothing left
                continue
            sentence = head + "."
        out.append(sentence)
    return " ".join(out) or text


def _sentences(text: str) -> list:
    return [x for x in re.split(r"(?<=[.!?])\s+(?=[A-Z\"'(])", text.strip()) if x]


def _key(sentence: str) -> str:
    return " ".join(sentence.lower().rstrip(".!?").split())


def why_not_outcome(puzzle: Puzzle, chosen) -> str:
    """Why ``chosen`` (a player) is not who wins the trick or leads next, in the engine's facts
    about the chosen side only (the other card is not named as the winner)."""
    rnd = puzzle.after_plays()
    rec = rnd.tricks[-1]
    lead, follow = rec.cards
    plain = not rec.extra and not any(c.special for c in (lead, follow, rec.decree))
    if not plain:
        return ("That is not what happens here: work out what each card counts as when the "
                "winner is decided (its suit, trump, a special card's ability), then which one "
                "wins" + (" and who leads next." if puzzle.goal.name == "who-leads-next" else "."))
    names = rnd.names
    mine = chosen if rec.leader == 0 else 1 - chosen     # 0: the leader's side of the trick
    who = (names[rec.leader], names[1 - rec.leader])
    if puzzle.goal.name == "who-wins":
        return exercise_text.why_not_winner(lead, follow, rec.decree, who, mine, rnd.theme)
    return exercise_text.why_not_next_leader(lead, follow, rec.decree, who, mine, rnd.theme)


def _normalise_answer(value, puzzle: Puzzle):
    if puzzle.kind == SCORE and puzzle.goal.name != "game-winner":
        # Any whole number, negative too: a round can cost points with Poison 8s, and a wrong
        # number below zero is judged and explained like any other.
        if isinstance(value, bool):
            return None
        try:
            return int(str(value).strip())
        except ValueError:
            return None
    if value in ("draw", "continue") and puzzle.goal.name == "game-winner":
        return value
    if value in ("A", "B"):
        return PLAYERS.index(value)
    return value if value in (0, 1) else None


def score_mistake(puzzle: Puzzle, value) -> str:
    """Why a wrong score answer is wrong, in words that never give the right number: the usual
    slips (Treasure left out or counted twice, the last trick forgotten, the other player's
    points), else how to count."""
    p, name = puzzle.goal.player, puzzle.goal.name
    rnd, before = puzzle.after_plays(), puzzle.start()
    if name == "game-winner":
        return ("That is not how this game ends: work out both new scores (Treasure included), "
                f"check whether anyone reached {puzzle.target}, and on a tie compare the points "
                "each gained in this round.")
    who, other = puzzle.names()[p], puzzle.names()[1 - p]     # "you", "your opponent"
    whose, mine, theirs = possessive(who), narrator_mine(who), narrator_mine(other)
    table = rnd.round_end.points[p]
    gain, treasure = rnd.round_gain[p], rnd.round_gain[p] - rnd.round_end.points[p]
    earlier = before.round_gain[p]
    base = rnd.score[p] - gain if name == "final-score" else 0
    tricks = rnd.tricks_won[p]
    if value < 0 and name == "final-score":
        return exercise_text.why_not_negative_score(
            who, rnd.modules.poison, bool(rnd.goals) and any(g.points < 0 for g in rnd.goals))
    if value < 0 and not rnd.modules.poison and not rnd.goals:
        return exercise_text.why_not_negative_gain()
    slips = [
        (before.score[p], name == "final-score", "That is the score before the last cards: "
         "the table's points for the round's tricks still have to be added."),
        (base + table, treasure > 0, f"That leaves out the Treasure: every 7 in a trick "
         f"{who} won this round is a point, whatever the band."),
        (base + gain - earlier, earlier > 0 and treasure > earlier, "That leaves out the "
         "Treasure taken earlier in the round: it counts too."),
        (base + gain + earlier, earlier > 0 and name == "final-score", "The Treasure taken "
         "earlier in this round is already in the score you started from: count it once."),
        (base + rules.round_points(before.tricks_won[p]) + gain - table,
         bool(puzzle.plays) and before.tricks_won[p] != tricks,
         "That is what the tricks before the last cards would score: decide who wins them "
         "first, then count the tricks."),
        (base + tricks, name != "final-score" or base > 0, "Points are not one per trick: "
         "the tricks fall into a band of the scoring table, and each band has a fixed score."),
        (rnd.round_gain[1 - p], name == "round-points", f"That is {theirs.replace('yours', 'your')}"
         f" gain this round, not {mine}."),
        (gain, name == "final-score", f"That is only this round's gain: add it to the points "
         f"{who} had before the round."),
    ]
    for number, applies, text in slips:
        if applies and value == number and number != truth(puzzle)[0]:
            return text
    return (f"That is not the count. Find how many tricks {who} won in the whole round, look "
            "up their band in the scoring table, then add a point for every Treasure (7) in "
            f"those tricks" + (f", and add it all to {whose} score before the round."
                               if name == "final-score" else "."))


def _wrong_text(puzzle: Puzzle, answer) -> str:
    """The author's words for this wrong answer (an exact move beats a bare-card entry)."""
    exact = [t for a, t in puzzle.wrong if a == answer and not isinstance(a, Card)]
    if exact:
        return exact[0]
    if isinstance(answer, Move):
        bare = [t for a, t in puzzle.wrong if isinstance(a, Card) and a is answer.card]
        if bare:
            return bare[0]
    return ""
