"""Small builders for the rules tests: positions written the way the referee reads them."""
from foxlib import DECK, Card, Position, Round
from foxlib.io.inputs import read_position


def cards(text):
    return [Card(c) for c in text.split()]


def position(decree, a, b, leader="A", **extra) -> Position:
    """``position('2B', '3K 7M', '4B 10M')``: hands as space-separated card names."""
    obj = {"decree": decree, "hands": {"A": a.split(), "B": b.split()}, "leader": leader}
    for key in ("deck", "trick"):
        if isinstance(extra.get(key), str):
            extra[key] = extra[key].split()
    obj.update(extra)
    return read_position(obj)


def make_round(decree, a, b, leader="A", **extra) -> Round:
    return Round(position(decree, a, b, leader, **extra))


def all_cards_in_play(rnd: Round) -> list:
    """Every card the round can see: hands, deck, decree, the open trick and the won piles."""
    return (rnd.hands[0] + rnd.hands[1] + rnd.deck + [rnd.decree] + rnd.trick
            + rnd.won[0] + rnd.won[1])


def assert_all_33_cards_once(rnd: Round) -> None:
    found = all_cards_in_play(rnd)
    assert sorted(found) == list(DECK), "cards lost or duplicated"


def after_lead(decree, led, follower) -> Round:
    """A round where A has just led ``led`` and B, holding ``follower``, must answer.

    A's other cards are filled in with cards nobody mentioned, so the hand sizes fit."""
    b = follower.split()
    used = {Card(c) for c in b + [decree, led]}
    filler = [str(c) for c in DECK if c not in used][:len(b) - 1]
    return make_round(decree, " ".join(filler), follower, trick=[led])
