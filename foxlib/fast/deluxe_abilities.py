"""What the cards' abilities do on ``foxlib.fast.deluxe``'s fast path: ``enter`` brings a card
with an ability into the trick (the Fox, the Woodcutter, the Axe, the Tree, and through one
function each the Potion, the Shovel, the Fairy and the Hammer, with the chain of cards they
bring in); ``crown_play`` plays the Crown with a suit card; ``monarch_legal`` is a Monarch's
demand on the follower.

The loop (``foxlib.fast.deluxe_loop``, generated from ``tools/deluxe_loop_source.py``) calls
these: a few times a round (only for a card with an ability), so the call costs little, while
the steps of every card and every trick (choosing a card, the follower's legal cards,
deciding and scoring the trick) stay written out in the loop itself.

Each function changes the lists it is given (the hands ``h``, the ``deck``, the ``trick``, a
won trick ``pile``) in place and returns the one number the loop goes on with (the card that
comes into the trick). The decisions are drawn as the loop draws them (``int(rnd() * n)``
among the ``n`` legal actions, in ``Round.legal_actions()`` order) and the chance outcomes
with ``below``, the chance source's ``_randbelow`` (see the loop's source). ``log`` is the
loop's log (None: no log): each step appends what it decided, as the loop does.
Standard library only.
"""
from __future__ import annotations

from .deluxe_tables import (_DIG, _HAND, _K_AXE, _K_FAIRY, _K_FOX, _K_HAMMER, _K_POTION, _K_SHOVEL,
                            _K_WOODCUTTER, _POTION, _REPLACE, CROWN, CROWN_BIT, MIRROR_BIT,
                            SUIT_MASK, _kth, cards_of)


def crown_play(h, p, hand, deck, trick, crowns, k, total, log):
    """The Crown played with the ``k``-th of the suit cards ``crowns``: it draws, and the card
    counts as an 11 and loses its ability (rulings SC10). Returns the crowned card."""
    while k:
        crowns &= crowns - 1
        k -= 1
    low = crowns & -crowns
    c = low.bit_length() - 1
    h[p] = hand ^ low ^ CROWN_BIT | 1 << deck.pop(0)
    trick.append(c)
    if log is not None:
        log.append(("crown", c, total))
    return c


def monarch_legal(same, sm, decree):
    """The follower's legal cards when a Monarch is led, not crowned, and the hand holds
    ``same`` of its suit ``sm``: its Swan or the highest card of the suit, the Mirror counting
    as the decree card (rulings SC11, SC12)."""
    suited = same & ~MIRROR_BIT
    top = 1 << (suited.bit_length() - 1) if suited else 0
    if same & MIRROR_BIT:
        if not suited or decree % 11 > (suited.bit_length() - 1) % 11:
            top = MIRROR_BIT
        if decree % 11 == 0:
            top |= MIRROR_BIT
    return top | (suited & (sm & -sm))


def potion(h, p, c, deck, trick, rnd, log):
    """The Potion ``c`` and a card from hand go under the deck; two cards are drawn and one is
    played (rulings SC14). Returns the card played."""
    trick.remove(c)
    deck.append(c)
    m = h[p]
    if m:
        x = _kth(m, int(rnd() * m.bit_count()))
        m ^= 1 << x
        deck.append(x)
        if log is not None:
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
    if log is not None:
        log.append(("potion_play", c, len(offer)))
    return c


def dig(pile, c, trick, rnd, below, log):
    """The Shovel ``c``: with a won trick ``pile`` it may dig a random card of it and play that
    card instead, the Shovel taking its place there (rulings SC15). Returns the dug card, or
    -1 when the Shovel stays (it then loses if still in the trick at the end)."""
    if not pile:
        return -1
    d = int(rnd() * 2)
    if log is not None:
        log.append(("dig", c if d else -1, 2))
    if not d:
        return -1
    dug = sorted(pile)[below(len(pile))]
    if log is not None:
        log.append(("chance", (dug,)))
    pile[pile.index(dug)] = c
    trick.remove(c)
    return dug


def fairy(h, p, rnd, below, log):
    """The Fairy: player ``p`` sees up to two random cards of the opponent's hand and takes one
    or none; after taking, gives one (rulings SC9)."""
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
    if log is not None:
        log.append(("chance", shown))
    if shown:
        k = int(rnd() * (len(shown) + 1))
        if log is not None:
            log.append(("fairy_take", shown[k - 1] if k else -1, len(shown) + 1))
        if k:
            x = shown[k - 1]
            h[o] ^= 1 << x
            m = h[p] | 1 << x
            y = _kth(m, int(rnd() * m.bit_count()))
            h[p] = m ^ 1 << y
            h[o] |= 1 << y
            if log is not None:
                log.append(("fairy_give", y, m.bit_count()))


def hammer(h, leader, deck, trick, crowned, dsm, rnd, log):
    """The follower's Hammer: a suit is named, the led card (with its Crown) goes under the
    deck, the leader draws and plays a card of that suit if they can (rulings SC13). Returns
    the leader's new card (``enter`` then clears the crowned card: it left with the led one)."""
    suit = int(rnd() * 3)
    if log is not None:
        log.append(("name_suit", suit, 3))
    led = trick.pop(0)
    deck.append(led)
    if crowned == led:
        deck.append(CROWN)
    m = h[leader] | 1 << deck.pop(0)
    same = m & SUIT_MASK[suit]
    if m & MIRROR_BIT and dsm == SUIT_MASK[suit]:
        same |= MIRROR_BIT
    if not same:
        same = m
    c = _kth(same, int(rnd() * same.bit_count()))
    h[leader] = m ^ 1 << c
    if log is not None:
        log.append(("replace", c, same.bit_count()))
    return c



def enter(c, p, leads, h, deck, trick, piles, decree, crowned, kinds, dsm, rnd, below, log):
    """Player ``p``'s card ``c`` comes into the trick (``leads``: ``p`` leads; else ``p``
    follows, with a card played or picked after a Tree) and its ability acts, which may bring
    another card in (the chain of a Potion's card, a dug card, the leader's new card after a
    Hammer). ``kinds``, ``dsm``: the decree card's facts (``_FACTS``); ``crowned``: the
    crowned card (-1: none). Returns ``(decree, crowned)``: the decree card (a Fox may have
    changed it) and the crowned card (none, -1, when a Hammer sent the led card away)."""
    how = _HAND
    while True:
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
                if log is not None:
                    log.append(("exchange", x if k else -1, m.bit_count() + 1))
            break
        if kind == _K_WOODCUTTER or kind == _K_AXE:
            # The Woodcutter draws and puts one under the deck; so does the Axe after a
            # Woodcutter (and wins: the trick's cards say so, rulings SC7).
            if deck and (kind == _K_WOODCUTTER or
                         not leads and kinds[trick[0]] == _K_WOODCUTTER):
                m = h[p] | 1 << deck.pop(0)
                x = _kth(m, int(rnd() * m.bit_count()))
                h[p] = m ^ 1 << x
                deck.append(x)
                if log is not None:
                    log.append(("discard", x, m.bit_count()))
            break
        if kind == _K_POTION:
            if how == _POTION:
                break
            c = potion(h, p, c, deck, trick, rnd, log)
            how = _POTION
            continue
        if kind == _K_SHOVEL:
            c = dig(piles[p], c, trick, rnd, below, log)
            if c < 0:
                break               # it stays, and loses if still there at the end
            how = _DIG              # a card of the last trick won, played instead
            continue
        if kind == _K_FAIRY:
            fairy(h, p, rnd, below, log)
            break
        if kind == _K_HAMMER and not leads:
            p ^= 1                  # the leader plays the new card
            c = hammer(h, p, deck, trick, crowned, dsm, rnd, log)
            crowned = -1
            how = _REPLACE
            leads = True
            continue
        break       # a led Hammer; a Tree (its demand is read when the follower is to play)
    return decree, crowned
