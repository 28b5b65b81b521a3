"""The goals' words (the Deluxe goal module): a goal's condition as an order to the player
('win a trick with a Swan'), its points ('+3 points once'), and a claim in the narrator's
grammar ('You claim the house goal "Swan song" and gain 3 points: you won trick 4 with your 1
of Moons against B's 6 of Bells.').

The goals themselves (the format's checks, who meets a goal, the goal deck) are
``foxlib.engine.goals``; these functions read only plain data: a condition or card description
as written in a goal file (through ``foxlib.core.goal_format``), and a claim's fields and facts
(``foxlib.engine.goals.Claim`` and ``Fact``, read by their attributes). Standard library only.
"""
from __future__ import annotations

from ..core.cards import DEFAULT_THEME, Card, Theme
from ..core.goal_format import CHARACTER_RANKS, condition_form
from .grammar import agree, count, is_you, possessive, sentence, subject


def points_words(points: int, kind: str) -> str:
    """A goal's points and how often they count: '+3 points once', '\u22121 point each time'."""
    sign = "+" if points > 0 else "\u2212" if points < 0 else ""
    return f"{sign}{count(abs(points), 'point')}" + (" once" if kind == "once" else
                                                     " each time")


def _suit_words(theme: Theme, letter: str, plural: bool = True) -> str:
    i = "BKM".index(letter)
    return theme.suit_names[i] if plural else theme.suit_singular[i]


def spec_words(spec: dict, theme: Theme = DEFAULT_THEME, plural: bool = False,
               article: bool = True) -> str:
    """A card description as a noun phrase: 'a Swan', 'the 9 of Moons', 'a trump card',
    'Treasures' (``plural``)."""
    if "special" in spec:
        return f"the {spec['special']}"          # each special card is one of a kind
    rank = spec.get("rank", CHARACTER_RANKS.get(spec.get("character")))
    if "card" in spec or (rank is not None and "suit" in spec):
        card = Card(spec["card"]) if "card" in spec else Card(rank, spec["suit"])
        return f"the {card.name(theme)}"
    noun = spec.get("character")
    if noun is None and "rank" in spec:
        rank = theme.rank_label(spec["rank"])
        noun = f"{rank}s" if plural else rank
        plural_done = True
    else:
        plural_done = False
    if noun is None:
        noun = "card"
    if plural and not plural_done:
        noun += "es" if noun.endswith("ch") else "s"
    if "trump" in spec:
        noun = ("trump " if spec["trump"] else "non-trump ") + noun
    if "suit" in spec:
        noun = f"{noun} of {_suit_words(theme, spec['suit'])}"
    if plural or not article:
        return noun
    first = noun.split(" ", 1)[0]
    return ("an " if first[:1].lower() in "aeiou" or first in ("8", "11") else "a ") + noun


def range_words(rng) -> str:
    if isinstance(rng, int):
        return f"at least {rng}"
    if "exactly" in rng:
        return f"exactly {rng['exactly']}"
    low, high = rng.get("at_least"), rng.get("at_most")
    if low is not None and high is not None:
        return f"between {low} and {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _trick_words(cond: dict, theme: Theme) -> str:
    which = cond.get("trick")
    trick = ("the first trick" if which == "first" else "the last trick" if which == "last"
             else f"trick {which}" if which is not None else "a trick")
    text = trick
    if "with" in cond:
        text += f" with {spec_words(cond['with'], theme)}"
    if "against" in cond:
        text += f" against {spec_words(cond['against'], theme)}"
    if "led" in cond:
        text += " you led" if cond["led"] else " you followed in"
    return text


def describe(cond: dict, theme: Theme = DEFAULT_THEME) -> str:
    """A condition in plain words, as an order to the player ('win a trick with a Swan')."""
    form = condition_form(cond)
    if form == "win_trick":
        return "win " + _trick_words(cond, theme)
    if form == "lose_trick":
        return "lose " + _trick_words(cond, theme)
    if form == "take":
        n = cond.get("count", 1)
        what = spec_words(cond["cards"], theme, plural=n != 1)
        return f"take {what}" if n == 1 else f"take {n} {what}"
    if form == "win_tricks":
        return f"win {count(cond['count'], 'trick')}"
    if form == "streak":
        with_ = f" with {spec_words(cond['with'], theme)}" if "with" in cond else ""
        return f"win {cond['tricks']} tricks in a row{with_}"
    if form == "round_end":
        parts = []
        if "tricks" in cond:
            parts.append(f"{range_words(cond['tricks'])} tricks")
        if "taken" in cond:
            taken = cond["taken"]
            rng = taken.get("count", 1)
            one = isinstance(rng, dict) and len(rng) == 1 and 1 in rng.values()
            parts.append(f"{range_words(rng)} "
                         + spec_words(taken["cards"], theme, plural=not one, article=False)
                         + " taken")
        return "end the round with " + " and ".join(parts)
    if form == "all":
        items = [describe(c, theme) for c in cond["all"]]
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if form == "any":
        return " or ".join(describe(c, theme) for c in cond["any"])
    if form == "never":
        return f"end the round without ever managing to {describe(cond['never'], theme)}"
    return "?"


def _fact_words(fact, name: str, other: str, theme: Theme) -> str:
    # 'your 9 of Moons' for the learner, 'the 9 of Moons' for another player (never "Ann won
    # ... with Ann's"); the opponent's card is always theirs: "against Ann's 4 of Bells".
    mine = "your" if is_you(name) else "the"
    theirs = possessive(other)
    if fact.event == "won":
        return (f"{subject(name, 'won')} trick {fact.trick} with {mine} "
                f"{fact.card.name(theme)} against {theirs} {fact.other.name(theme)}")
    if fact.event == "lost":
        return (f"{subject(name, 'lost')} trick {fact.trick} with {mine} "
                f"{fact.card.name(theme)} to {theirs} {fact.other.name(theme)}")
    if fact.event == "took":
        so_far = f" ({count(fact.count, 'such card')} so far)" if fact.count > 1 else ""
        return f"{subject(name, 'took')} the {fact.card.name(theme)} in trick {fact.trick}{so_far}"
    if fact.event == "tricks":
        whose = "your" if is_you(name) else "their"
        return f"{subject(name, 'won')} {whose} {_nth(fact.count)} trick at trick {fact.trick}"
    if fact.event == "streak":
        first = fact.trick - fact.count + 1
        return (f"{subject(name, 'won')} {fact.count} tricks in a row "
                f"(tricks {first} to {fact.trick})")
    if fact.event == "end_tricks":
        return f"{subject(name, 'ended')} the round with {count(fact.count, 'trick')}"
    if fact.event == "end_taken":
        return (f"{subject(name, 'took')} {fact.count} "
                f"{spec_words(fact.about, theme, plural=True)} in the round")
    if fact.event == "never":
        return f"{subject(name, 'did')} not {describe(fact.about, theme)} in the whole round"
    return fact.event


def _nth(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def say_claim(claim, names=("A", "B"), theme: Theme = DEFAULT_THEME) -> str:
    """A claim in plain words, in the narrator's grammar ("you" is spoken to):
    'You claim the house goal "Swan song" and gain 3 points: you won trick 4 with your 1 of
    Moons against B's 6 of Bells.'"""
    name, other = names[claim.player], names[1 - claim.player]
    label = "house goal" if claim.source == "house" else "goal card"
    points = count(abs(claim.points), "point")
    verb = "gains" if claim.points >= 0 else "loses"
    if claim.kind == "once":
        head = (f"{sentence(subject(name, 'claims'))} the {label} \u201c{claim.title}\u201d "
                f"and {agree(name, verb)} {points}")
    else:
        head = (f"The ongoing {label} \u201c{claim.title}\u201d triggers: "
                f"{subject(name, verb)} {points}")
    facts = "; ".join(_fact_words(f, name, other, theme) for f in claim.why)
    return f"{head}: {facts}."
