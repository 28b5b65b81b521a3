"""What a player can deduce about hidden cards: voids, Monarch replies, Fox exchanges, Woodcutter
draws and discards; and deals sampled from those deductions are always possible ones."""
import random

from foxlib import Card, Round, Suit
from foxlib.players.inference import Inference, above_mask, cards_of, suit_mask
from foxlib.io.inputs import read_position

MOONS, KEYS, BELLS = Suit.MOONS, Suit.KEYS, Suit.BELLS


def mk(decree, a, b, leader="A", **extra) -> Round:
    obj = {"decree": decree, "hands": {"A": a.split(), "B": b.split()}, "leader": leader}
    for key in ("deck", "trick"):
        if isinstance(extra.get(key), str):
            extra[key] = extra[key].split()
    obj.update(extra)
    return Round(read_position(obj))


def moons(inf):
    return [c for c in inf.possible_cards() if c.suit == MOONS]


def test_masks_name_the_right_cards():
    assert cards_of(suit_mask(KEYS)) == [Card(f"{r}K") for r in range(1, 12)]
    assert cards_of(above_mask(MOONS, 8)) == [Card("9M"), Card("10M"), Card("11M")]
    assert cards_of(above_mask(MOONS, 11)) == []


def test_nothing_is_known_at_the_start():
    rnd = Round.deal(1, 0)
    inf = Inference(rnd.view(0))
    assert set(inf.possible_cards()) == set(inf.hidden) == set(rnd.hands[1]) | set(rnd.deck)
    assert inf.void_suits() == []
    assert "Nothing is known" in inf.summary()


def test_inference_void_after_not_following_suit():
    rnd = mk("2B", "8M 4K 5B", "6K 7K 9B", deck="1M 2M 3M 4M 5M 6M")
    rnd.play("8M")
    rnd.play("6K")                           # B cannot follow Moons
    inf = Inference(rnd.view(0))
    assert MOONS in inf.void_suits()
    assert not inf.could_hold(Card("1M"))
    assert inf.could_hold(Card("7K"))
    assert "did not follow Moons" in inf.summary()
    for _ in range(20):
        hand, deck = inf.sample(random.Random(_))
        assert not any(c.suit == MOONS for c in hand)


def test_inference_void_ends_after_woodcutter_draw():
    # B shows a void in Moons, then draws the top card of the deck with a Woodcutter: that card
    # may be a Moon, so B may hold one Moon again, but never two.
    rnd = mk("2B", "8M 4K 5B 6B", "6K 7K 5K 9B", deck="3M 2M 1M 4M 11B 6M")
    rnd.play("8M")
    rnd.play("6K")                           # void in Moons; A wins and leads
    rnd.play("4K")
    rnd.play("5K")                           # B's Woodcutter draws (the 3 of Moons) ...
    rnd.discard("7K")                        # ... and puts the 7 of Keys under the deck
    inf = Inference(rnd.view(0))
    assert MOONS not in inf.void_suits()
    assert inf.could_hold(Card("3M"))
    rng = random.Random(3)
    for _ in range(60):
        hand, deck = inf.sample(rng)
        assert sum(c.suit == MOONS for c in hand) <= 1
        assert len(hand) == 2 and len(deck) == 6


def test_inference_void_draw_then_discard_may_return_the_drawn_card():
    # After drawing, B may discard the drawn card itself: then B is still void in Moons.
    rnd = mk("2B", "8M 4K 5B 6B", "6K 7K 5K 9B", deck="3M 2M 1M 4M 11B 6M")
    rnd.play("8M")
    rnd.play("6K")
    rnd.play("4K")
    rnd.play("5K")
    rnd.discard("3M")
    inf = Inference(rnd.view(0))
    rng = random.Random(4)
    seen_void = seen_moon = False
    for _ in range(80):
        hand, deck = inf.sample(rng)
        moons_in_hand = sum(c.suit == MOONS for c in hand)
        seen_void |= moons_in_hand == 0
        seen_moon |= moons_in_hand == 1
    assert seen_void and seen_moon


def test_inference_monarch_reply_bounds_highest_card():
    rnd = mk("2B", "11M 4K 5B", "6M 7K 9B", deck="1M 2M 3M 4M 5M 10B")
    rnd.play("11M")
    rnd.play("6M")                           # the highest Moon B held
    inf = Inference(rnd.view(0))
    assert not any(inf.could_hold(Card(f"{r}M")) for r in (7, 8, 9, 10))
    assert inf.could_hold(Card("1M")) and inf.could_hold(Card("5M"))
    assert "answered the Monarch" in inf.summary()


def test_inference_monarch_reply_with_swan_says_nothing():
    rnd = mk("2B", "11M 4K 5B", "1M 10M 9B", deck="2M 3M 4M 5M 6M 10B")
    rnd.play("11M")
    rnd.play("1M")                           # the Swan may be played instead of the highest
    inf = Inference(rnd.view(0))
    assert inf.could_hold(Card("10M")) and inf.could_hold(Card("9M"))


def test_inference_fox_exchange_puts_old_decree_in_hand():
    rnd = mk("7M", "8K 4K 5B", "3K 2B 9B", leader="B", deck="1M 2M 3M 4M 5M 10B")
    rnd.play("3K")
    rnd.exchange("2B")                       # the 7 of Moons goes to B's hand, face up
    inf = Inference(rnd.view(0))
    assert inf.surely_holds(Card("7M"))
    for seed in range(10):
        hand, _ = inf.sample(random.Random(seed))
        assert Card("7M") in hand


def test_inference_known_card_may_be_discarded_by_woodcutter():
    rnd = mk("7M", "8K 4K 5B 1B", "3K 2B 9B 5K", leader="B", deck="1M 2M 3M 4M 6B 10B")
    rnd.play("3K")
    rnd.exchange("2B")                       # B holds the 7 of Moons ...
    rnd.play("8K")                           # A wins and leads
    rnd.play("4K")
    rnd.play("5K")                           # ... then B's Woodcutter draws and discards
    rnd.discard("7M")
    inf = Inference(rnd.view(0))
    assert not inf.surely_holds(Card("7M")) and inf.could_hold(Card("7M"))
    rng = random.Random(1)
    places = set()
    for _ in range(60):
        hand, deck = inf.sample(rng)
        places.add("hand" if Card("7M") in hand else deck.index(Card("7M")))
    assert places == {"hand", 5}             # if not in hand, it is the bottom card


def test_inference_my_discard_stays_at_known_place_in_deck():
    rnd = mk("2B", "5K 4K 9M", "6K 7K 9B", deck="1M 2M 3M 4M 5M 10B")
    rnd.play("5K")                           # A draws the 1 of Moons
    rnd.discard("9M")
    inf = Inference(rnd.view(0))
    for seed in range(10):
        hand, deck = inf.sample(random.Random(seed))
        assert deck[-1] == Card("9M") and Card("9M") not in hand


def test_inference_counts_cards_that_left_play_before_the_position():
    # A position set up mid-round: 10 cards are gone, nobody knows which.
    rnd = mk("2B", "8M 4K 5B", "6K 7K 9B", deck="1M 2M 3M 4M 5M 6M",
             tricks_won={"A": 5, "B": 5})
    inf = Inference(rnd.view(0))
    hand, deck = inf.sample(random.Random(0))
    assert len(hand) == 3 and len(deck) == 6 and not set(hand) & set(deck)


def test_inference_true_deal_is_always_possible_in_random_games():
    rng = random.Random(7)
    for seed in range(25):
        rnd = Round.deal(seed, seed % 2)
        while not rnd.is_over:
            p = rnd.to_play
            inf = Inference(rnd.view(p))
            assert inf.consistent
            for card in rnd.hands[1 - p]:
                assert inf.could_hold(card), (seed, card)
            hand, deck = inf.sample(rng)
            assert len(hand) == len(rnd.hands[1 - p]) and len(deck) == len(rnd.deck)
            rnd.act(rng.choice(rnd.legal_actions()))


def test_inference_samples_respect_voids_shown_since_the_last_draw():
    rng = random.Random(8)
    checked = 0
    for seed in range(30):
        rnd = Round.deal(seed, 0)
        while not rnd.is_over:
            p = rnd.to_play
            view = rnd.view(p)
            voids, led = set(), None
            for rec in view.history:
                if rec.kind in ("draw", "exchange") and rec.player != p:
                    voids = set()            # a drawn or exchanged card may refill a suit
                elif rec.kind == "play" and led is None:
                    led = rec.card
                elif rec.kind == "play":
                    if rec.player != p and rec.card.suit != led.suit:
                        voids.add(led.suit)  # at the moment of the play, before any draw
                elif rec.kind == "trick":
                    led = None
            if voids:
                hand, _ = Inference(view).sample(rng)
                assert not any(c.suit in voids for c in hand)
                checked += 1
            rnd.act(rng.choice(rnd.legal_actions()))
    assert checked > 20
