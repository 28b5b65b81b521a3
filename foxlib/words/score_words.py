"""Score lines: a round's points for its tricks (with Treasure and Poison points) and where the
game stands after a scored round. Both are names of ``foxlib.words.narrator`` too; the
narrator's round-end records use ``round_points_line``. Standard library only.
"""
from __future__ import annotations

from ..core.rules import BAND_RANGES, band, round_points
from .grammar import agree, count, possessive, sentence, subject


BAND_REMARKS = {
    "Humble": "few tricks are rewarded as much as a good majority",
    "Defeated": "a middling count scores little",
    "Victorious": "the best band for winning tricks",
    "Greedy": "winning 10 or more tricks scores nothing for tricks, though Treasure points "
              "still count",
}


def round_points_line(who: str, tricks: int, treasure: int | None = None,
                      poison: int | None = None, floored: int = 0) -> str:
    """The end-of-round points for ``tricks`` tricks, and why; with ``treasure`` (the Treasure
    points ``who`` took during the round) the numbers add up to the whole rise of the score.
    With Poison 8s in play, ``poison`` is the points ``who`` lost to them during the round and
    ``floored`` the Poison points not lost because the score was at 0."""
    points = round_points(tricks)
    name = band(tricks)
    low, high = BAND_RANGES[name]
    span = f"{low}-{high}" if low != high else f"{low}"
    text = (f"{sentence(who)} won {count(tricks, 'trick')}: {name} ({span} tricks), "
            f"{count(points, 'point')} for tricks; {BAND_REMARKS[name]}.")
    if treasure is None:
        return text
    if poison or floored:
        return f"{text} {_poison_round(who, points, treasure, poison or 0, floored)}"
    gains = subject(who, "gains")
    if not treasure:
        took = f"{sentence(subject(who, 'took'))} no Treasure"
        return f"{text} {took}, so {gains} {count(points, 'point')} this round."
    return (f"{text} With {count(treasure, 'Treasure point')} taken during the round, {gains} "
            f"{points} + {treasure} = {count(points + treasure, 'point')} this round.")


def _poison_round(who: str, points: int, treasure: int, poison: int, floored: int) -> str:
    """The rise of the score over a round played with Poison 8s: table points + Treasure -
    Poison, and the Poison points the floor at 0 kept."""
    total = points + treasure - poison
    took = []
    if treasure:
        took.append(f"{count(treasure, 'Treasure point')} taken")
    if poison:
        took.append(f"{count(poison, 'point')} lost to Poison 8s")
    sums = f"{points}" + (f" + {treasure}" if treasure else "") + (f" - {poison}" if poison
                                                                    else "")
    if not took:
        rise = f"{subject(who, 'gains')} {count(total, 'point')} this round"
    elif total >= 0:
        rise = f"{subject(who, 'gains')} {sums} = {count(total, 'point')} this round"
    else:
        rise = (f"{subject(who, 'loses')} {count(-total, 'point')} this round "
                f"({sums} = {total})")
    text = (f"With {' and '.join(took)} during the round, {rise}." if took else
            f"{sentence(rise)}.")
    if floored:
        verb = "was" if floored == 1 else "were"
        text += (f" {count(floored, 'Poison point')} {verb} not taken because "
                 f"{possessive(who)} score was at 0: a score never goes below 0.")
    return text


def _gain_words(gain: int) -> str:
    """A round's rise of a score in a sentence: '6', or 'a loss of 1' below 0."""
    return str(gain) if gain >= 0 else f"a loss of {-gain}"


def game_line(score, round_gain, target: int, names, next_round: str) -> str:
    """Where the game stands after a scored round (the reason of ``game.game_result``)."""
    a, b = score
    if max(a, b) < target:
        return (f"Nobody has {count(target, 'point')} yet ({names[0]} {a}, {names[1]} {b}), "
                f"{next_round}.")
    reached = (f"{sentence(subject(names[0], 'has'))} {a} and {subject(names[1], 'has')} "
               f"{count(b, 'point')}, so the {target}-point game is over")
    if a != b:
        w = 0 if a > b else 1
        return f"{reached}: {subject(names[w], 'has')} more points and {agree(names[w], 'wins')}."
    ga, gb = round_gain
    if ga != gb:
        w = 0 if ga > gb else 1
        return (f"{reached}, with a tie. The tie-break decides: {names[w]} gained more points "
                f"in this last round ({_gain_words(max(ga, gb))} against "
                f"{_gain_words(min(ga, gb))}) and {agree(names[w], 'wins')}.")
    both = (f"gained {count(ga, 'point')}" if ga >= 0 else f"lost {count(-ga, 'point')}")
    return (f"{reached}, with a tie. Both {both} in the last round, so "
            "the tie-break cannot separate them: the game is a draw.")
