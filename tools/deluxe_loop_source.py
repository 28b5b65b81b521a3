"""The one source of ``foxlib.fast.deluxe``'s playout loop: ``tools/make_deluxe_loop.py``
makes ``foxlib/fast/deluxe_loop.py`` from it. Edit here, then run the generator; never edit
the generated file (``tests/fast/test_fast_deluxe_loop.py`` fails when it differs from what the
generator makes).

The loop is written once, for every way it runs: with goal cards or without (``if _GOALS:``
keeps its body with goals, its ``else:`` without), with the log or without (``if logging:``
blocks are left out without it). The generator writes out each way, so the loop that runs
never tests those at run time: without the log it is about a tenth faster, and a goal
program's own lines (``foxlib.fast.goals``) go straight into the loop in place of the
``_GOAL_UNPACK``, ``_GOAL_TRICK`` and ``_GOAL_END`` lines.

``_run`` is the loop; a line ``_INSERT_<name>`` in it stands for the body of the function
``<name>`` of this file (a part of the loop kept apart to be read on its own). The generator
puts the body in its place: it runs in the loop's own frame, as one function, with no call
(the loop makes tens of thousands of rounds a second). Those functions' parameters name what
their part reads from the loop; what it sets stays set in the loop.

This file is read by the generator only; importing it defines the names below and runs
nothing.
"""
from __future__ import annotations

from foxlib.engine.goals import END  # noqa: F401 (read by the loop with goal cards)
from foxlib.fast.deluxe_tables import (CROWN, CROWN_BIT, MIRROR_BIT, SUIT_CARDS_MASK, SUIT_MASK,
                                       _DIG, _FACTS, _HAND, _IN, _K_FAIRY, _K_FOX, _K_HAMMER,
                                       _K_POTION, _K_SHOVEL, _K_TREE, _K_WOODCUTTER, _POTION,
                                       _REPLACE, _TREE, _decide, _kth, cards_of)
from foxlib.fast.encoding import POINTS

#: True in the loop made for goal cards (the generator keeps the ``if _GOALS:`` bodies then).
_GOALS = False
#: Where a goal program's lines go (``foxlib.fast.deluxe`` puts them in, per program).
_GOAL_UNPACK = _GOAL_TRICK = _GOAL_END = None



def _run(h, decree, deck, leader, trick, crowned, piles, t0, t1, s0, s1, poison, rnd, below,
         log, gs=()):
    """The playout loop. Each pass either decides a complete trick or brings one card into
    the trick, with everything its ability sets off (the chain of a Potion's card, a dug card,
    the leader's new card after a Hammer). Every decision is ``int(rnd() * n)`` among the ``n``
    legal actions in ``Round.legal_actions()`` order. Every chance outcome is drawn as
    ``Round._chance`` draws it, ``random.Random.sample(sorted pool, k)``, with that method's
    own steps written out: ``below`` is the chance source's ``_randbelow``, and a pool (a
    hand, a trick) is never above the 21 cards where ``sample`` would switch to another way
    (``tests/fast/test_fast_deluxe.py`` checks the outcomes against ``Round``'s own).

    ``if _GOALS:`` blocks score goal cards, ``gs`` the goals' counters; ``if logging:`` blocks
    write the log. The generator makes one loop for each of the four ways (see the module's
    docs); each ``_INSERT_<name>`` line is the body of the function ``<name>`` below."""
    logging = log is not None
    # What the decree card makes of the others (``_decree_facts``).
    table, dsm, um, kinds, suitm, monarch, tk = _FACTS[decree]
    if _GOALS:
        winner = 0
        _GOAL_UNPACK
    while True:
        # -------------------------------------------------------------- choose a card
        if not trick:
            p = leader
            hand = h[p]
            if not hand:
                break
            legal = hand
            leads = True
        else:
            p = leader ^ 1
            hand = h[p]
            leads = False
            if kinds[trick[0]] == _K_TREE:
                # The led card is a Tree now (a Mirror too, after its own Fox exchange): the
                # follower's card is picked at random from the whole hand, and its ability
                # acts (rulings SC8, SC11).
                c = _kth(hand, below(hand.bit_count()))
                if logging:
                    log.append(("chance", (c,)))
                h[p] = hand ^ 1 << c
                legal = 0
            elif not suitm[trick[0]]:
                legal = hand
            else:
                _INSERT_follow_legal
        if legal:
            n = total = legal.bit_count()
            if hand & CROWN_BIT and deck and hand & (hand - 1):
                crowns = legal & SUIT_CARDS_MASK
                total += crowns.bit_count()
            k = int(rnd() * total)
            if k < n:
                while k:
                    legal &= legal - 1
                    k -= 1
                low = legal & -legal
                c = low.bit_length() - 1
                h[p] = hand ^ low
                if logging:
                    log.append(("play", c, total))
                if kinds[c]:
                    how = _HAND
                else:                           # no ability: it only enters the trick
                    trick.append(c)
                    if leads:                   # (the trick was empty: the follow is next)
                        continue
                    how = _IN
            else:
                _INSERT_crown_play
        else:
            how = _TREE

        # -------------------------------------------------------------- the card enters
        _INSERT_card_enters
        if leads and len(trick) < 2:      # (a Hammer's chain ends with two cards, leads set)
            continue
        # ---------------------------------------------------------- decide the trick
        lead, follow = trick
        if crowned >= 0:
            code = _decide(lead, follow, decree, tk, 0 if crowned == lead else 1)
            trick.append(CROWN)
            crowned = -1
        else:
            code = table[lead * 42 + follow]
        if logging:
            log.append(("cards", tuple(trick)))
        winner = leader ^ (code & 1)
        t = code >> 2 & 3
        if _GOALS:
            _INSERT_score_with_goals
        else:
            if poison:
                # Treasure and Poison added up first, the score floored at 0 (rulings P1, P2).
                t -= code >> 4
                floor = -(s1 if winner else s0)
                if t < floor:
                    t = floor
            if winner:
                t1 += 1
                s1 += t
            else:
                t0 += 1
                s0 += t
            if logging:
                log.append(("trick", winner, leader ^ (code >> 1 & 1), t))
        piles[winner] = trick
        trick = []
        leader ^= code >> 1 & 1
        if not (h[0] or h[1]):
            break
    s0 += POINTS[t0]
    s1 += POINTS[t1]
    if _GOALS:
        # The goals met at the end, after the table's points, floored at 0 (rulings G3).
        n = END
        d0 = d1 = 0
        _GOAL_END
        s0 += d0
        if s0 < 0:
            s0 = 0
        s1 += d1
        if s1 < 0:
            s1 = 0
    if logging:
        log.append(("end", tuple(h), tuple(deck)))
    return t0, t1, s0, s1


def follow_legal(hand, trick, crowned, decree, dsm, um, suitm, monarch):
    """The follower's legal cards (``legal``) when the led card asks for its suit: the suit
    (the Mirror too when the decree card is of that suit), a Monarch's Swan or highest card of
    the suit, any card when the hand has none of it (rulings SC11, SC12)."""
    led = trick[0]
    sm = suitm[led]
    same = hand & sm
    if dsm == sm:
        same |= hand & MIRROR_BIT
    if not same:
        legal = hand
    elif monarch[led] and crowned != led:
        # A Monarch: its Swan or the highest card of its suit (the Mirror counts
        # as the decree card).
        suited = same & ~MIRROR_BIT
        top = 1 << (suited.bit_length() - 1) if suited else 0
        if same & MIRROR_BIT:
            if not suited or decree % 11 > (suited.bit_length() - 1) % 11:
                top = MIRROR_BIT
            if decree % 11 == 0:
                top |= MIRROR_BIT
        legal = top | (suited & (sm & -sm))
    else:
        legal = same | (hand & um)


def crown_play(h, p, hand, deck, trick, crowns, k, n, total, rnd, log):
    """The ``k``-th choice is the Crown with one of the suit cards ``crowns`` (``n`` plain
    choices come first): it sets ``c``, ``crowned`` and ``how``."""
    # The Crown with a suit card: it draws, the card counts as an 11 and loses
    # its ability (rulings SC10).
    k -= n
    while k:
        crowns &= crowns - 1
        k -= 1
    low = crowns & -crowns
    c = low.bit_length() - 1
    crowned = c
    h[p] = hand ^ low ^ CROWN_BIT | 1 << deck.pop(0)
    trick.append(c)
    if logging:
        log.append(("crown", c, total))
    how = _IN


def card_enters(c, how, p, leads, leader, h, deck, trick, piles, decree, crowned, kinds, dsm,
                rnd, below, log):
    """The card ``c`` enters the trick, and its ability acts, which may bring another card
    in (``how``: how ``c`` came, ``_IN`` when it is in the trick already and nothing acts)."""
    while how != _IN:
        if leads and trick:
            trick.insert(0, c)      # the leader's new card after a Hammer goes first
        else:
            trick.append(c)
        kind = kinds[c]
        if not kind:
            break
        if kind == _K_FOX:                              # keep or swap the decree card
            m = h[p]
            if m:
                k = int(rnd() * (m.bit_count() + 1))
                if k:
                    x = _kth(m, k - 1)
                    h[p] = m ^ 1 << x | 1 << decree
                    decree = x
                    table, dsm, um, kinds, suitm, monarch, tk = _FACTS[decree]
                if logging:
                    log.append(("exchange", x if k else -1, m.bit_count() + 1))
            break
        if kind == _K_WOODCUTTER:                       # draw, put one under the deck
            if deck:
                m = h[p] | 1 << deck.pop(0)
                x = _kth(m, int(rnd() * m.bit_count()))
                h[p] = m ^ 1 << x
                deck.append(x)
                if logging:
                    log.append(("discard", x, m.bit_count()))
            break
        if kind == _K_POTION:
            if how == _POTION:
                break
            _INSERT_potion
            how = _POTION
            continue
        if kind == _K_SHOVEL:
            pile = piles[p]
            if pile:
                dig = int(rnd() * 2)
                if logging:
                    log.append(("dig", c if dig else -1, 2))
                if dig:
                    # Dig a random card of the last trick won and play it instead; the
                    # Shovel takes its place there (rulings SC15).
                    dug = sorted(pile)[below(len(pile))]
                    if logging:
                        log.append(("chance", (dug,)))
                    pile[pile.index(dug)] = c
                    trick.remove(c)
                    c = dug
                    how = _DIG
                    continue
            break                   # it stays, and loses if still there at the end
        if kind == _K_FAIRY:
            _INSERT_fairy
            break
        if kind == _K_HAMMER:
            if leads:
                break
            _INSERT_hammer
            how = _REPLACE
            leads = True
            continue
        if kind == _K_TREE:
            break                   # (its demand is read when the follower is to play)
        # The Axe: after a Woodcutter it draws and puts one under (and wins: the trick's
        # cards say so, rulings SC7).
        if not leads:
            led = trick[0]
            if kinds[led] == _K_WOODCUTTER:
                if deck:
                    m = h[p] | 1 << deck.pop(0)
                    x = _kth(m, int(rnd() * m.bit_count()))
                    h[p] = m ^ 1 << x
                    deck.append(x)
                    if logging:
                        log.append(("discard", x, m.bit_count()))
        break


def potion(h, p, c, deck, trick, rnd, log):
    """The Potion ``c`` and a card from hand go under the deck; two cards are drawn and one is
    played: it sets ``c`` to that card (rulings SC14)."""
    # The Potion and a card from hand go under the deck; draw two, play one
    # (rulings SC14).
    trick.remove(c)
    deck.append(c)
    m = h[p]
    if m:
        x = _kth(m, int(rnd() * m.bit_count()))
        m ^= 1 << x
        deck.append(x)
        if logging:
            log.append(("potion_discard", x, m.bit_count() + 1))
        u1 = deck.pop(0)
        u2 = deck.pop(0)
        h[p] = m | 1 << u1 | 1 << u2
        if u1 == c:
            offer = (u2,)
        elif u2 == c:
            offer = (u1,)
        else:
            offer = (u1, u2) if u1 < u2 else (u2, u1)
    else:
        u1 = deck.pop(0)
        h[p] = 1 << u1
        offer = (u1,)
    c = offer[int(rnd() * len(offer))]
    h[p] ^= 1 << c
    if logging:
        log.append(("potion_play", c, len(offer)))


def fairy(h, p, rnd, below, log):
    """The Fairy: the player sees up to two random cards of the opponent's hand and takes one
    or none, then gives one (rulings SC9)."""
    # See up to two random cards of the opponent's hand, take one or none; after
    # taking, give one (rulings SC9).
    o = p ^ 1
    pool = cards_of(h[o])
    n = len(pool)
    if n > 1:
        j = below(n)
        shown = (pool[j],)
        pool[j] = pool[n - 1]
        shown += (pool[below(n - 1)],)
    else:
        shown = (pool[below(1)],) if n else ()
    if logging:
        log.append(("chance", shown))
    if shown:
        k = int(rnd() * (len(shown) + 1))
        if logging:
            log.append(("fairy_take", shown[k - 1] if k else -1, len(shown) + 1))
        if k:
            x = shown[k - 1]
            h[o] ^= 1 << x
            m = h[p] | 1 << x
            y = _kth(m, int(rnd() * m.bit_count()))
            h[p] = m ^ 1 << y
            h[o] |= 1 << y
            if logging:
                log.append(("fairy_give", y, m.bit_count()))


def hammer(h, leader, deck, trick, crowned, dsm, rnd, log):
    """The follower's Hammer: a suit is named, the led card (and its Crown) goes under the
    deck, the leader draws and chooses the new card ``c`` (rulings SC13)."""
    # Name a suit; the led card (with its Crown) goes under the deck; the leader
    # draws and plays a card of that suit if they can (rulings SC13).
    suit = int(rnd() * 3)
    if logging:
        log.append(("name_suit", suit, 3))
    led = trick.pop(0)
    deck.append(led)
    if crowned == led:
        deck.append(CROWN)
    crowned = -1
    p = leader
    m = h[p] | 1 << deck.pop(0)
    same = m & SUIT_MASK[suit]
    if m & MIRROR_BIT and dsm == SUIT_MASK[suit]:
        same |= MIRROR_BIT
    if not same:
        same = m
    c = _kth(same, int(rnd() * same.bit_count()))
    h[p] = m ^ 1 << c
    if logging:
        log.append(("replace", c, same.bit_count()))


def score_with_goals(lead, follow, code, winner, t, tk, leader, t0, t1, s0, s1, poison, log):
    """A trick's points with goal cards: each player's Treasure, Poison and goal points added
    up, then each score floored at 0 (rulings G3, G4)."""
    # Each player's Treasure, Poison and goal points of the trick added up, then each
    # score floored at 0 (rulings G3, G4), as fastgoals' own playout does.
    if poison:
        t -= code >> 4
    if winner:
        t1 += 1
    else:
        t0 += 1
    ix = ((lead * 42 + follow) * 4 + tk) * 2 + (code & 1)     # (fastgoals' index)
    n = t0 + t1
    d0 = d1 = 0
    _GOAL_TRICK
    if logging:
        b0, b1 = s0, s1
    if winner:
        s1 += t + d1
        if s1 < 0:
            s1 = 0
        if d0:
            s0 += d0
            if s0 < 0:
                s0 = 0
    else:
        s0 += t + d0
        if s0 < 0:
            s0 = 0
        if d1:
            s1 += d1
            if s1 < 0:
                s1 = 0
    if logging:
        log.append(("trick", winner, leader ^ (code >> 1 & 1), s0 - b0, s1 - b1))
