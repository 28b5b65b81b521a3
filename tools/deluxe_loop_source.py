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

What happens at every card and every trick is written here (choosing a card, the follower's
legal cards, deciding and scoring the trick); what a card's ability does when it comes into
the trick (the Fox, the Woodcutter, each special card, and the chain a Potion, a Shovel or a
Hammer sets off) is ``foxlib.fast.deluxe_abilities.enter``, a plain function the loop calls
(a few times a round), as are the rare ``crown_play`` and ``monarch_legal``. So each
generated function stays short enough to read whole (at most 150 lines,
``tests/test_readable_units.py``), for about 2% more instructions per round than with the
abilities written into the loop.

This file is read by the generator only; importing it defines the names below and runs
nothing.
"""
from __future__ import annotations

from foxlib.engine.goals import END  # noqa: F401 (read by the loop with goal cards)
from foxlib.fast.deluxe_abilities import crown_play, enter, monarch_legal
from foxlib.fast.deluxe_policy import guided
from foxlib.fast.deluxe_tables import (CROWN, CROWN_BIT, MIRROR_BIT, SUIT_CARDS_MASK, _FACTS,
                                       _HAND, _IN, _K_TREE, _TREE, _decide, _kth)
from foxlib.fast.encoding import POINTS

#: True in the loop made for goal cards (the generator keeps the ``if _GOALS:`` bodies then).
_GOALS = False
#: Where a goal program's lines go (``foxlib.fast.deluxe`` puts them in, per program).
_GOAL_UNPACK = _GOAL_TRICK = _GOAL_END = None



def _run(h, decree, deck, leader, trick, crowned, piles, t0, t1, s0, s1, poison, rnd, below,
         log, gs=(), guide=-1):
    """The playout loop. Each pass either decides a complete trick or brings one card into
    the trick, with everything its ability sets off (the chain of a Potion's card, a dug card,
    the leader's new card after a Hammer). Every decision is ``int(rnd() * n)`` among the ``n``
    legal actions in ``Round.legal_actions()`` order, but the cards played by the player
    ``guide`` (0 or 1; -1: none), which ``deluxe_policy.guided`` chooses. Every chance outcome is drawn as
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
            if p == guide:
                # The player whose choice is valued plays with sense (``deluxe_policy``).
                k = guided(hand, legal, trick, decree, h[p ^ 1], t1 if p else t0, tk, suitm)
            else:
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
                # The Crown with a suit card (rulings SC10).
                c = crowned = crown_play(h, p, hand, deck, trick, crowns, k - n, total, log)
                how = _IN
        else:
            how = _TREE

        # -------------------------------------------------------------- the card enters
        if how != _IN:
            # Its ability acts, and may bring another card in (``enter``).
            d, crowned = enter(c, p, leads, h, deck, trick, piles, decree, crowned, kinds, dsm,
                               rnd, below, log)
            if d != decree:                             # a Fox took the decree card
                decree = d
                table, dsm, um, kinds, suitm, monarch, tk = _FACTS[decree]
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
        legal = monarch_legal(same, sm, decree)     # its Swan or the top of its suit
    else:
        legal = same | (hand & um)


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
