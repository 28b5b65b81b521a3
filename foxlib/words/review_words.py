"""The words of a round review and of a hint (``foxlib.teaching.review``).

The review and the hint keep facts only: which choice was made, the strong player's choice,
the values, and what tells two choices apart as a code with its parameters (a
``review.Contrast``). ``ReviewWords`` says them for the names and theme given: the reviewed
player (each record's ``player``) is spoken to in the second person when named "you" ("keeps
you Humble", "lets your opponent take it") and named otherwise ("keeps Ann Humble", "lets Ben
take it"). A review shown again after a switch of theme or names is told again from the same
facts.

``ReviewWords`` is the part of ``foxlib.words.narrator.ReviewNarrator`` that says them (the
narrator gives it ``names``, ``theme``, ``action_words``, ``suits`` and ``suit``). Standard
library only.
"""
from __future__ import annotations

from .action_words import _lower
from .grammar import count, is_you, mine, possessive, says, sentence, subject, who


class Person:
    """How the words refer to the reviewed player and to their opponent: ``name`` ('You' or
    'Ann', for ``subject``: 'you lead', 'Ann leads'), ``obj`` ('you' or 'Ann': 'keeps you
    Humble'), ``whose`` ('your' or "Ann's"), ``mine`` ('yours' or "Ann's", standing alone),
    ``opp`` ('your opponent' or 'Ben') and ``opps`` ("your opponent's" or "Ben's")."""

    __slots__ = ("name", "obj", "whose", "mine", "opp", "opps")

    def __init__(self, name, obj, whose, mine, opp, opps):
        self.name, self.obj, self.whose, self.mine = name, obj, whose, mine
        self.opp, self.opps = opp, opps


def _win_words(chance) -> str:
    """'should win' only when it wins in most deals; else it is just the likelier of two."""
    return "should win" if chance >= 50 else "is likelier to win"


def _of_them(n: int) -> str:
    return "none of them" if n == 0 else f"{n} of them" if n > 1 else "one of them"


def _signed_points(v) -> str:
    """'+2 points', or '+0.67 points' for an expected value over random picks (a Fraction)."""
    if getattr(v, "denominator", 1) != 1:
        return f"about {float(v):+.2f} points"
    return f"{int(v):+d} point{'s' if abs(v) != 1 else ''}"


def _is_action(choice) -> bool:
    """A choice of a round with special cards: a ``round.Action`` (it has a kind)."""
    return hasattr(choice, "kind") and hasattr(choice, "card")


#: What each decision of a review is called (the review panel's heading).
DECISION_NAMES = {"play": "play", "exchange": "Fox exchange", "discard": "Woodcutter discard",
                  "name_suit": "Hammer's suit", "replace": "new card after the Hammer",
                  "fairy_take": "Fairy's take", "fairy_give": "Fairy's gift",
                  "dig": "Shovel's dig", "potion_discard": "Potion's discard",
                  "potion_play": "Potion's card"}


#: The mark of each verdict, as the review shows it (``review.VERDICTS``). "About as good"
#: is said when a choice's gap to the best one is within the estimates' margin: the deals
#: weighed cannot tell the two apart, so neither is called a mistake.
VERDICT_WORDS = {
    "mistake": "\u2716 Mistake",
    "inaccuracy": "? Inaccuracy",
    "good": "\u2714 Good",
    "equal": "\u2248 About as good",
    "best": "\u2714 Best",
    "forced": "\u2192 Only choice",
}


def _over(deals: int, exact: bool, obj: str, tense: str = "could") -> str:
    """'over 250 deals of the cards you could not see', or 'over every one of the 40 deals of
    the cards you could not see' when every deal that fits the view was worked out."""
    cards = f"the cards {obj} {'cannot' if tense == 'can' else 'could not'} see"
    if exact and deals > 1:
        return f"over every one of the {deals} deals of {cards}"
    return f"over {count(deals, 'deal')} of {cards}"


def _points(x: float) -> str:
    """'0.5 points', '1 point' (a threshold as set)."""
    return f"{x:g} point{'' if x == 1 else 's'}"


class ReviewWords:
    """Says a review's records (``review_reason``, ``exact_text``, ``choice``), its one-line
    summary (``review_summary``) and a hint (``hint_text``, ``hint_reason``, ``hint_detail``)."""

    def person(self, player: int) -> Person:
        me, other = self.names[player], self.names[1 - player]
        if is_you(me):
            return Person(me, "you", "your", "yours", "your opponent", "your opponent's")
        return Person(me, who(me), possessive(me), mine(me), who(other), possessive(other))

    def points_for(self, player: int) -> str:
        """'points for you minus your opponent's' (the unit of every estimate)."""
        p = self.person(player)
        # Standing alone: "minus yours" when the opponent is "You" (not "minus your").
        theirs = p.opps if is_you(p.name) else mine(self.names[1 - player])
        return f"points for {p.obj} minus {theirs}"

    # -- the choices
    def choice(self, kind: str, action, decree=None) -> str:
        """'play the 9 of Moons', 'keep the decree card (the 4 of Keys)', ...; with special
        cards the choice is a ``round.Action`` ('play the 4 of Keys with the Crown',
        'name Bells for the Hammer', 'dig a card at random from the last trick won' ...)."""
        return self._choice_words(kind, action, "do", decree)

    def doing(self, kind: str, action) -> str:
        """'Playing the 9 of Moons', 'Keeping the decree card', 'Not digging' ..."""
        return self._choice_words(kind, action, "doing")

    def _choice_words(self, kind: str, action, form: str, decree=None) -> str:
        # A choice of a base round is a card (or None) of the decision ``kind``; with special
        # cards it is a ``round.Action`` that knows its own kind.
        if _is_action(action):
            kind, action = action
        return self.action_words(kind, action, form, decree)

    def decision_name(self, kind: str) -> str:
        """What a decision of a review is called: 'play', 'Fox exchange', 'Hammer's suit' ..."""
        return DECISION_NAMES[kind]

    def exact_points(self, value) -> str:
        """An exact value: '+2' or, for an expected value over random picks, '+0.67'."""
        if getattr(value, "denominator", 1) == 1:
            return f"{int(value):+d}"
        return f"{float(value):+.2f}"

    # -- what tells two choices apart
    def contrast(self, why, player: int) -> tuple:
        """(clause for why the better choice wins, clause for what the other one does, or
        None) for a ``review.Contrast`` (None: (None, None))."""
        if why is None:
            return None, None
        return getattr(self, "_why_" + why.code)(self.person(player), **dict(why.facts))

    # following: the two cards settle the trick
    def _why_wins_treasure(self, p, points):
        return f"wins the Treasure ({count(points, 'point')})", f"lets {p.opp} take it"

    def _why_wins_victorious(self, p, tricks):
        return (f"wins the trick and brings {p.obj} to {tricks} tricks, Victorious",
                "loses it")

    def _lead_kept(self, p, monarch, won: bool) -> str:
        start = (f"wins the trick and leaves {p.obj} the lead" if won else
                 f"loses with the Swan and leaves {p.obj} the lead")
        if monarch is not None:
            return f"{start} with the {monarch.name(self.theme)} to play"
        return start

    def _why_wins_keeps_lead(self, p, monarch):
        return self._lead_kept(p, monarch, True), "loses it and gives up the lead"

    def _why_wins(self, p):
        return "wins this trick", "loses it"

    def _why_out_of_greedy(self, p):
        return (f"keeps {p.obj} out of Greedy, where a tenth trick would leave no points for tricks",
                "takes a tenth trick")

    def _why_keeps_humble(self, p):
        return f"keeps {p.obj} Humble", "takes a fourth trick, out of Humble"

    def _why_keeps_tricks_low(self, p, trick):
        return (f"keeps {p.whose} tricks low, on the way to Humble",
                f"takes trick number {trick}")

    def _why_loses_treasure_trick(self, p):
        return "loses this trick", "wins it, Treasure and all"

    def _why_swan_leads_next(self, p):
        return f"loses with the Swan, so {subject(p.name, 'leads')} the next trick", "wins it"

    def _why_loses(self, p):
        return "loses this trick", "wins it"

    def _why_swan_keeps_lead(self, p, monarch):
        return self._lead_kept(p, monarch, False), f"gives the lead to {p.opp}"

    def _why_wins_lower(self, p, kept):
        return (f"wins just as well with a lower card and keeps the {kept.name(self.theme)} "
                "for later"), None

    def _why_sheds_loser(self, p, card):
        return (f"gets rid of the {card.name(self.theme)} while it loses, so it cannot win "
                f"{p.obj} a trick later"), None

    def _why_loses_lower(self, p, kept):
        return f"loses just as well and keeps the {kept.name(self.theme)} for later", None

    # leading: how often the card wins, over deals that fit the player's view
    def _why_treasure_safe(self, p, other_chance):
        return (f"keeps {p.whose} Treasure out of a trick {subject(p.name, 'may well lose')}",
                f"risks it: it wins in only about {other_chance}% of the deals that fit what "
                f"{p.obj} saw")

    def _why_monarch_forces(self, p, suit):
        return f"forces out {p.opps} Swan or best {self.suit(suit)}", None

    def _why_likelier_wins(self, p, chance, other_chance, treasure=False):
        extra = " and its Treasure" if treasure else ""
        return (f"{_win_words(chance)} the trick{extra} (in about {chance}% of the deals that "
                f"fit what {p.obj} saw)", f"wins it in about {other_chance}%")

    def _why_likelier_loses_greedy(self, p, chance, other_chance):
        return (f"is likelier to lose the trick (wins in about {chance}% of the deals that fit "
                f"what {p.obj} saw), and a tenth trick would make {p.obj} Greedy",
                f"wins it in about {other_chance}%")

    def _why_likelier_loses_humble(self, p, chance, other_chance):
        return (f"is likelier to lose the trick and keep {p.obj} Humble (wins in about "
                f"{chance}% of the deals that fit what {p.obj} saw)",
                f"wins it in about {other_chance}%")

    def _why_likelier_loses(self, p, chance, other_chance):
        return (f"is likelier to lose the trick (wins in about {chance}% of the deals that fit "
                f"what {p.obj} saw)", f"wins it in about {other_chance}%")

    # the Fox's exchange
    def _why_trump_suit(self, p, keeps, suit, count, other_keeps, other_suit, other_count):
        so_what = (f", so {p.whose} cards win fewer tricks" if count < other_count else
                   f", so {p.whose} cards win more tricks" if count > other_count else "")
        return (f"{'keeps' if keeps else 'makes'} {self.suits(suit)} trump, with "
                f"{_of_them(count)} in {p.whose} hand{so_what}",
                f"{'keeps' if other_keeps else 'makes'} {self.suits(other_suit)} trump, with "
                f"{_of_them(other_count)}")

    def _why_keeps_card(self, p, card, decree):
        th = self.theme
        return (f"keeps the trump suit and {p.whose} {card.name(th)}",
                f"gives the {card.name(th)} away for the {decree.name(th)}")

    def _why_swaps_decree(self, p, card, decree):
        th = self.theme
        return (f"puts the {card.name(th)} in the decree's place and takes the "
                f"{decree.name(th)} into {p.whose} hand"), None

    def _why_gives_away(self, p, card, kept):
        th = self.theme
        return f"gives away the {card.name(th)} and keeps the {kept.name(th)}", None

    # the Woodcutter's discard
    def _why_buries_strong_humble(self, p, card, kept):
        th = self.theme
        return (f"buries the {card.name(th)}, a card that could win {p.obj} a trick "
                f"{subject(p.name, 'does not want')}, and keeps the {kept.name(th)}"), None

    def _why_buries_strong(self, p, card, kept):
        th = self.theme
        return (f"buries the {card.name(th)} and keeps the {kept.name(th)}, which "
                f"{p.whose} plan needs more"), None

    def _why_buries_weak(self, p, card, kept):
        th = self.theme
        return (f"buries the weaker {card.name(th)} and keeps the {kept.name(th)}, which can "
                "still win a trick"), None

    # the special cards (``foxlib.teaching.review_special``)
    def _why_crown_wins(self, p, points):
        extra = f" and the Treasure in it ({count(points, 'point')})" if points else ""
        return (f"adds the Crown, so the card counts as the 11 of its suit and wins "
                f"{p.obj} the trick{extra}", "loses it")

    def _why_crown_draws(self, p):
        return (f"adds the Crown, which draws {p.obj} a card from the deck, and the trick goes "
                "the same way"), None

    def _why_keeps_crown(self, p):
        return (f"keeps the Crown in {p.whose} hand for later: adding it would not change who "
                "wins this trick"), None

    def _why_crown_likelier_wins(self, p, chance, other_chance):
        return (f"adds the Crown, so the card counts as the 11 of its suit and "
                f"{_win_words(chance)} the trick (in about {chance}% of the deals that fit what "
                f"{p.obj} saw)",
                f"wins it in about {other_chance}%")

    def _why_hammer_suit(self, p, suit, chance, none, other_suit, other_chance):
        suits = self.suits(suit)
        if none == 100:
            held = f"{p.opp} has no {suits} left, so may play any card"
        elif none == 0:
            held = f"{p.opp} holds {suits} in every deal that fits what {p.obj} saw"
        else:
            held = (f"{p.opp} has no {suits} in about {none}% of the deals that fit what "
                    f"{p.obj} saw")
        more = "a better" if chance > other_chance else "less of a" if chance < other_chance \
            else "the same"
        return (f"gives the Hammer {more} chance to win the trick (about {chance}%): {held}",
                f"gives it about {other_chance}%")

    def _why_beats_hammer(self, p, card, points):
        extra = f", with the Treasure in it ({count(points, 'point')})" if points else ""
        return (f"wins the trick against the Hammer for {p.obj}{extra}",
                "loses to it (the Hammer beats an odd card)")

    def _why_takes_card(self, p, card, trump):
        what = " (a trump card)" if trump else ""
        return f"takes the {card.name(self.theme)}{what} out of {p.opps} hand", None

    def _why_takes_stronger(self, p, card, kept):
        th = self.theme
        return (f"takes the stronger card, the {card.name(th)}, out of {p.opps} hand",
                f"takes the {kept.name(th)}")

    def _why_takes_weaker(self, p, card, kept):
        th = self.theme
        return (f"takes the weaker {card.name(th)} and leaves {p.opp} the {kept.name(th)}, a "
                "card that can take tricks", None)

    def _why_gives_stronger(self, p, card, kept):
        th = self.theme
        return (f"gives {p.opp} the stronger {card.name(th)} and keeps the {kept.name(th)} in "
                f"{p.whose} hand", None)

    def _why_gives_weaker(self, p, card, kept):
        th = self.theme
        return (f"gives {p.opp} the weaker {card.name(th)} and keeps the {kept.name(th)}, "
                "which can still win a trick", None)

    def _why_digs(self, p, winners, cards):
        return (f"plays a card at random from the last trick {p.obj} won instead: "
                f"{'none' if winners == 0 else winners} of its {count(cards, 'card')} would "
                "surely win this trick",
                "loses it for sure, as a Shovel that stays always loses")

    def _why_stays_loses(self, p, winners, cards):
        return ("loses this trick for sure",
                f"could win it with {winners} of the {count(cards, 'card')} in the last trick "
                f"{p.obj} won")

    def _why_digs_lead(self, p, cards):
        return (f"gives a chance to win the trick with one of the {count(cards, 'card')} in the "
                f"last trick {p.obj} won, where a Shovel that stays loses it"), None

    def _why_stays(self, p):
        return f"lets the Shovel lose this trick for sure, so it goes to {p.opp}", None

    # -- a decision of the review
    def review_reason(self, rec) -> str:
        """The one sentence of a ``review.DecisionReview``: why the strong player's choice is
        better than the one made (or, when the choice made was best, than the next best)."""
        p = self.person(rec.player)
        played = self.doing(rec.kind, rec.played)
        if rec.verdict == "forced":
            return f"{played} was {p.whose} only legal choice."
        why, instead = self.contrast(rec.why, rec.player)
        exact = bool(getattr(rec, "exact_estimates", False))
        over = _over(rec.samples, exact, p.obj)
        if rec.verdict == "best":
            if why is None:
                gap = rec.estimate(rec.played) - rec.estimate(rec.next_best)
                why = (f"did best on average {over}" if gap > 0.05
                       else "was as good as any other choice on average")
            return f"{played} was the best choice: it {why}."
        if rec.verdict == "equal":
            other = rec.next_best if rec.played == rec.suggested else rec.suggested
            if exact:
                return (f"{played} was as good as {_lower(self.doing(rec.kind, other))}: both "
                        f"do equally well on average {over}.")
            return (f"{played} was about as good as {_lower(self.doing(rec.kind, other))}: "
                    f"the difference between them is too small to be sure of "
                    f"{over}.")
        best = self.doing(rec.kind, rec.suggested)
        if rec.verdict == "good":
            by = (f"only {rec.loss:.1f} points better" if rec.loss > 0 else
                  "better by less than a tenth of a point")
            return (f"{played} was fine: {_lower(best)} was {by}"
                    + (f", as it {why}." if why else " on average."))
        if why is None:
            why = f"scored about {rec.loss:.1f} points more on average {over}"
        text = f"{best} was better: it {why}"
        if instead:
            text += f", while {_lower(played)} {instead}"
        return text + "."

    def exact_text(self, check) -> str:
        """The sentence of a ``review.ExactCheck``: the position with all cards known."""
        if check.code == "unfinished":
            return ("With all cards known: only once the round is over, when every card can be "
                    "shown.")
        if check.code == "skipped":
            return "With all cards known: not worked out in this review."
        if check.code == "too_many_cards":
            cards = "with special cards the" if getattr(check, "averaged", False) else "the"
            return (f"With all cards known: not tried with {check.cards} cards in a hand; "
                    f"{cards} exact check starts at {check.limit} cards, where the solver "
                    "answers quickly.")
        if check.code == "modules":
            return ("With all cards known: not worked out, because the solver does not count "
                    "goal cards; the estimate above plays them.")
        if check.code == "unsettled":
            return (f"With all cards known: the solver did not settle this position within its "
                    f"limit of {check.limit:,} search steps ({check.cards} cards in a hand), "
                    "so there is no exact value here.")
        p = self.person(check.player)
        top, kept = check.position, check.played
        known = ("With all cards known (the random picks still to come averaged)"
                 if getattr(check, "averaged", False) else "With all cards known")
        text = (f"{known}, best play by both from here is worth "
                f"{_signed_points(top)} to {p.obj}; {p.whose} choice keeps "
                f"{_signed_points(kept)}")
        if kept < top:
            text += (f" (it gives up {self.exact_points(top - kept).lstrip('+')}); best would "
                     "be to "
                     f"{self._choice_words(check.kind, check.best[0], 'to', check.decree)}")
        return text + "."

    # -- the summary line
    def review_summary(self, records, player: int, inaccuracy: float) -> str:
        """One line: roughly how many points the mistakes cost, and in which tricks (the sum of
        the losses shown on the marked decisions, so the line adds up with the items)."""
        name = self.names[player]
        if not records:
            return (f"{says(name, 'made no decisions')} in this round, so there is nothing to "
                    "review.")
        mistakes = [r for r in records if r.verdict == "mistake"]
        slips = [r for r in records if r.verdict == "inaccuracy"]
        if mistakes:
            text = f"{says(name, 'lost')} about {_lost(mistakes)} in {_tricks(mistakes)}"
            if slips:
                text += (f", and about {_lost(slips)} more in {len(slips)} smaller "
                         f"slip{'s' if len(slips) > 1 else ''} ({_tricks(slips)})")
            return text + "."
        if slips:
            return (f"No big mistakes: {who(name)} lost about {_lost(slips)} in small slips, "
                    f"in {_tricks(slips)}.")
        return (f"No mistakes: every choice was the best, about as good, or less than "
                f"{_points(inaccuracy)} behind it.")

    # -- a hint
    def hint_reason(self, h) -> str:
        """Why the hint's choice (``review.Hint``): the part after the colon."""
        p = self.person(h.player)
        if h.forced:
            return f"it is {p.whose} only legal choice"
        why, instead = self.contrast(h.why, h.player)
        runner = _lower(self.doing(h.kind, h.runner))
        equal = bool(getattr(h, "equal", False))
        if why is None:
            if h.gap < 0.05:
                return "every choice does about as well here, and this one is as good as any"
            if equal:
                return (f"it did best on average, but {runner} is about as good: the "
                        "difference is too small to be sure of")
            return f"it did best on average, about {h.gap:.1f} points better than {runner}"
        text = f"it {why}"
        if instead:
            text += f", while {runner} {instead}"
        if equal:
            text += f"; on average, though, {runner} is about as good"
        return text

    def hint_text(self, h) -> str:
        """'Play the 10 of Moons: it wins the Treasure (1 point), while ...'."""
        return f"{sentence(self.choice(h.kind, h.action, h.decree))}: {self.hint_reason(h)}."

    def hint_detail(self, h) -> str:
        """The numbers behind a hint ('' for a lone legal choice); the gap to the next best is
        left out when the reason already gives it."""
        if h.forced:
            return ""
        p = self.person(h.player)
        exact = bool(getattr(h, "exact", False))
        text = (f"Worked out {_over(h.samples, exact, p.obj, 'can')}: "
                f"about {h.values[h.action]:+.1f} points for {p.obj} against {p.opp} over the "
                "rest of the round")
        judged = getattr(h, "judgement", None)
        margin = 0.0 if judged is None or exact else judged.settings.z * \
            judged.choice(h.runner).error
        if h.why is None and h.gap >= 0.05 and margin < 0.05:
            return text + "."
        if margin >= 0.05:
            return (f"{text}, {h.gap:.1f} more than the next best (give or take "
                    f"{margin:.1f}).")
        return f"{text}, {h.gap:.1f} more than the next best."

    def hint_choices(self, h, most: int = 6) -> str:
        """Every choice's estimate, best first ('' for a lone legal choice): 'Every choice, in
        points for you minus your opponent's: name Bells +2.0, name Keys +1.6, ...' (the
        ``most`` best, then how many more)."""
        if h.forced or not h.values:
            return ""
        ranked = sorted(h.values, key=lambda a: -h.values[a])
        shown = ", ".join(f"{self.choice(h.kind, a, h.decree)} {h.values[a]:+.1f}"
                          for a in ranked[:most])
        more = len(ranked) - most
        if more > 0:
            shown += f", and {more} more"
        return f"Every choice, in {self.points_for(h.player)}: {shown}."


def _lost(records) -> str:
    return f"{round(sum(r.loss for r in records), 1):.1f} points"


def _tricks(records) -> str:
    numbers = sorted({r.trick for r in records})
    if len(numbers) == 1:
        return f"trick {numbers[0]}"
    return "tricks " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}"
