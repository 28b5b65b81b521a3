"""How heavy each widget is for the page: widget models created and time to build in Python.

Fewer models means less for the browser to create before a page becomes interactive, so this
prints both numbers for every public widget, plus the time to draw cards as SVG.
Run: .venv/bin/python benchmarks/widgets_build.py
"""
import random
import time
import warnings

from ipywidgets import Widget

from foxlib import DECK, Round
from foxlib.words.svg import _card_body, card_svg, round_svg

import widgets


def played_round(seed=5):
    rnd = Round.deal(seed)
    rng = random.Random(seed)
    while not rnd.is_over:
        rnd.push(rng.choice(rnd.legal_moves()))
    return rnd


def measure(make, repeat=5):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        make()  # warm caches and imports
        before = len(Widget.widgets)
        make()
        models = len(Widget.widgets) - before
    start = time.perf_counter()
    for _ in range(repeat):
        make()
    return models, (time.perf_counter() - start) / repeat * 1000


def main():
    recorded = played_round()
    cases = [
        ("CardWidget", lambda: widgets.CardWidget("9M")),
        ("CardRow (13 cards)", lambda: widgets.CardRow([str(c) for c in DECK[:13]])),
        ("Hand", lambda: widgets.Hand(Round.deal(1), 0)),
        ("ScoreBoard", lambda: widgets.ScoreBoard(Round.deal(1))),
        ("TableView", lambda: widgets.TableView(Round.deal(1))),
        ("RulesExplorer", lambda: widgets.RulesExplorer()),
        ("RoundPlayer", lambda: widgets.RoundPlayer(recorded)),
        ("PlayTable", lambda: widgets.PlayTable(seed=1)),
    ]
    print(f"{'widget':22} {'models':>6} {'build ms':>9}")
    for name, make in cases:
        models, ms = measure(make)
        print(f"{name:22} {models:6d} {ms:9.1f}")

    _card_body.cache_clear()
    start = time.perf_counter()
    for card in DECK:
        card_svg(card)
    cold = (time.perf_counter() - start) / len(DECK) * 1e6
    start = time.perf_counter()
    for _ in range(20):
        for card in DECK:
            card_svg(card)
    warm = (time.perf_counter() - start) / (20 * len(DECK)) * 1e6
    fresh = Round.deal(1)
    start = time.perf_counter()
    for _ in range(20):
        round_svg(fresh)
    table = (time.perf_counter() - start) / 20 * 1000
    print(f"card_svg: {cold:.0f} us per card first time, {warm:.0f} us cached; "
          f"round_svg (fresh deal): {table:.2f} ms; card size {len(card_svg('9M'))} bytes")

    player = widgets.RoundPlayer(recorded)
    start = time.perf_counter()
    for step in list(range(player.steps + 1)) + list(range(player.steps, -1, -1)):
        player.go(step)
    per = (time.perf_counter() - start) / (2 * player.steps + 2) * 1000
    print(f"RoundPlayer: {per:.1f} ms per step ({player.steps} steps forward and back)")

    pt = widgets.PlayTable(seed=2)
    start, clicks = time.perf_counter(), 0
    while not pt.game.round.is_over and clicks < 200:
        rnd = pt.game.round
        if rnd.phase == "exchange":
            pt.keep_button.click()
        else:
            pt.hand.click(str(rnd.legal_actions()[0].card))
        clicks += 1
    per = (time.perf_counter() - start) / clicks * 1000
    print(f"PlayTable: {per:.1f} ms per learner click including the opponent's answer "
          f"({clicks} clicks, one round, random opponent)")


if __name__ == "__main__":
    main()
