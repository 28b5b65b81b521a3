"""Facts in records, words from one narrator: tricks record which rule settled them, every
record, refusal and score line is said by foxlib.words.narrator, again in other names or theme."""
import pytest

from foxlib import THEMES, Card, IllegalAction, Suit
from foxlib.core import rules
from foxlib.words import grammar, narrator
from foxlib.words.narrator import Narrator
from scenario_helpers import make_round

C = Card


# ----------------------------------------------------------------------------- trick facts

@pytest.mark.parametrize("lead, follow, decree, code, witches, swans, treasure", [
    ("11K", "2M", "4M", "trump", 0, 0, 0),          # only the follower's card is trump
    ("10K", "9B", "4M", "witch_trump", 1, 0, 0),    # the only Witch counts as trump and wins
    ("8B", "1B", "2M", "rank", 0, 1, 0),            # one suit; the loser's Swan leads next
    ("9K", "10M", "4M", "witch_rank", 1, 0, 0),     # a lone Witch beside trump: ranks decide
    ("8B", "6K", "2M", "led_suit", 0, 0, 0),        # no trump, did not follow: led card wins
    ("9B", "9K", "2M", "led_suit", 2, 0, 0),        # two Witches cancel out
    ("1B", "1K", "2M", "led_suit", 0, 2, 0),        # both Swans: the loser leads
    ("7B", "7K", "2M", "led_suit", 0, 0, 2),        # two Treasures: 2 points
])
def test_a_trick_records_the_rule_that_settled_it(lead, follow, decree, code, witches, swans,
                                                   treasure):
    out = rules.decide_trick(C(lead), C(follow), C(decree))
    assert (out.rule.code, out.rule.witches, out.rule.swans, out.rule.treasure) == \
        (code, witches, swans, treasure)
    assert out.rule.trump == C(decree).suit and out.reason == ""
    said = narrator.resolve_trick(C(lead), C(follow), C(decree), ("A", "B"))
    assert (said.winner, said.next_leader, said.rule) == (out.winner, out.next_leader, out.rule)
    assert said.reason.startswith(f"{THEMES['classic'].suit_names[C(decree).suit]} are trump.")


# ----------------------------------------------------------------------------- records

def _played_round():
    rnd = make_round("2B", "5K 3K 8M", "6K 4K 1M", deck="10M 2M 3M")
    rnd.play("5K")                      # Woodcutter: draws the 10 of Moons
    rnd.discard("10M")
    rnd.play("6K")                      # B wins; B leads
    rnd.play("4K")
    rnd.play("3K")                      # Fox follows and loses: exchange
    rnd.exchange("8M")
    return rnd


def test_records_hold_facts_and_their_reason_is_the_narrators_words_at_the_time():
    rnd = _played_round()
    kinds = [r.kind for r in rnd.history]
    assert kinds == ["play", "draw", "discard", "play", "trick", "play", "play", "exchange",
                     "trick"]
    play, draw, discard = rnd.history[:3]
    assert (play.player, play.card, play.leads) == (0, C("5K"), True)
    assert (draw.card, discard.card) == (C("10M"), C("10M"))
    exchange = rnd.history[7]
    assert (exchange.player, exchange.taken, exchange.old_decree) == (0, C("8M"), C("2B"))
    said = Narrator(rnd.names, rnd.theme)
    assert [r.reason for r in rnd.history] == [said.say(r) for r in rnd.history]
    rnd.theme = THEMES["zsa"]           # the words of the time do not change ...
    assert "Keys" in rnd.history[0].reason
    again = Narrator(rnd.names, "zsa").say(rnd.history[0])
    assert again == "A leads the 5 of Hearts, Woodcutter."     # ... a view says them again


def test_every_record_is_said_in_another_theme_and_other_names_without_the_old_words():
    rnd = _played_round()
    zsa = Narrator(("Ann", "Bob"), "zsa")
    for rec in rnd.history:
        text = zsa.say(rec)
        assert not any(name in text for name in THEMES["classic"].suit_names), text
        assert " A " not in f" {text} " and " B " not in f" {text} ", text


def test_the_opponents_view_hides_the_drawn_and_discarded_cards_in_words_too():
    rnd = _played_round()
    seen = rnd.view("B").history
    assert seen[1].card is None and seen[2].card is None
    assert seen[1].reason == "A draws a card."
    assert seen[2].reason == "A puts a card face down under the deck."
    assert Narrator(("You", "Bob")).say(seen[1]) == "You draw a card."


def test_the_round_end_is_said_from_the_tricks_and_treasure_it_records():
    rnd = make_round("2B", "7K", "6K")
    rnd.play("7K")
    rnd.play("6K")
    end = rnd.round_end
    assert end.treasure == (1, 0) and end.tricks_won == (1, 0)
    assert end.reason == " ".join(narrator.round_points_line(n, t, g) for n, t, g in
                                  zip(rnd.names, end.tricks_won, end.treasure))


# ----------------------------------------------------------------------------- you

def test_a_player_named_you_is_spoken_to_in_every_kind_of_record():
    rnd = _played_round()
    you = Narrator(("You", "Bob"))
    said = [you.say(r) for r in rnd.history]
    assert said[0] == "You lead the 5 of Keys, Woodcutter."
    assert said[1] == "You draw the top card of the deck (the 10 of Moons)."
    assert said[2] == "You put the 10 of Moons face down at the bottom of the deck."
    assert said[7].startswith("You use the Fox to swap the 8 of Moons")
    assert "Bob's 6 of Keys beats your 5 of Keys" in said[4]


@pytest.mark.parametrize("names, shown, taken, said", [
    (("Ann", "Ben"), "2K 9M", "9M", "With the Fairy, Ann looks at two of Ben's cards, the 2 of "
     "Keys and the 9 of Moons, and takes the 9 of Moons."),
    (("Ann", "Ben"), "2K 9M", None, "With the Fairy, Ann looks at two of Ben's cards, the 2 of "
     "Keys and the 9 of Moons, and takes neither."),
    (("You", "Ben"), "4M 11M", "4M", "With the Fairy, you look at two of Ben's cards, the 4 and "
     "11 of Moons, and take the 4 of Moons."),
    (("Ann", "You"), "9M", "9M", "With the Fairy, Ann looks at your last card, the 9 of Moons, "
     "and takes it."),
    (("You", "Ben"), "9M", None, "With the Fairy, you look at Ben's last card, the 9 of Moons, "
     "and do not take it."),
    (("Ann", "You"), None, "9M", "With the Fairy, Ann looks at up to two cards picked at random "
     "from your hand and takes the 9 of Moons."),
    (("Ann", "You"), None, None, "With the Fairy, Ann looks at up to two cards picked at random "
     "from your hand and takes none of them."),
    (("You", "Ben"), "", None, "Ben's hand is empty, so you see no card with the Fairy."),
])
def test_SC9_the_fairys_look_is_said_once_with_the_cards_seen_then_the_card_taken(
        names, shown, taken, said):
    from foxlib.engine.records import FairyRecord
    seen = None if shown is None else tuple(C(x) for x in shown.split())
    rec = FairyRecord(0, seen, None if taken is None else C(taken))
    assert Narrator(names).say(rec) == said


def test_SC9_the_fairys_look_names_the_cards_in_the_theme():
    from foxlib.engine.records import FairyRecord
    rec = FairyRecord(0, (C("2K"), C("9M")), C("9M"))
    said = Narrator(("Ann", "Ben"), THEMES["zsa"]).say(rec)
    assert said.startswith("With the Fairy, Ann looks at two of Ben's cards, ")
    assert not any(w in said for w in ("Keys", "Moons"))


def test_the_you_grammar_lives_in_the_narrator_and_its_grammar_module():
    assert grammar.subject is narrator.subject and grammar.possessive is narrator.possessive
    assert narrator.subject("You", "has") == "you have"
    assert narrator.mine("you") == "yours" and narrator.mine("Ann") == "Ann's"


# ----------------------------------------------------------------------------- refusals

def test_a_refusal_keeps_its_facts_so_a_view_can_say_it_in_another_theme():
    rnd = make_round("2B", "8B 3K", "1B 6K")
    with pytest.raises(IllegalAction) as refused:
        rnd.play("6K")
    assert str(refused.value) == "A does not hold the 6 of Keys."
    assert refused.value.refusal == ("not_held", {"player": 0, "card": C("6K"), "where": ""})
    assert Narrator(("You", "B")).refused(refused.value) == "You do not hold the 6 of Keys."
    rnd = make_round("2B", "3K 8M", "6K", leader="B", trick="9K")
    with pytest.raises(IllegalAction) as refused:
        rnd.play("8M")
    code, facts = refused.value.refusal
    assert code == "follow_suit" and facts["same"] == [C("3K")]
    assert Narrator(theme="classic").refused(refused.value) == str(refused.value)
    assert Narrator(theme="zsa").refused(refused.value) == \
        "You must follow Hearts: you hold the 3 of Hearts."


# ----------------------------------------------------------------------------- decisions

def _one_of_every_decision():
    """An action of every kind of decision the engine knows: with a card (a suit for the
    Hammer, the Shovel for its dig) and, when the decision may be declined, without one."""
    from foxlib.engine.round import ACTION_KINDS
    for kind, k in ACTION_KINDS.items():
        yield k.action(Suit.KEYS if k.suits else C("Shovel" if kind == "dig" else "4K"))
        if k.declinable:
            yield k.action(None)


def _named(action, theme) -> str:
    """What a decision's words must name wherever they are said: its card, its suit, or what
    is done without a card."""
    kind, card = action
    if kind == "name_suit":
        return theme.suit_names[card]
    if kind == "dig":
        return "dig"
    if card is None:
        return {"exchange": "decree card", "fairy_take": "none"}[kind]
    return card.name(theme)


def _verb(words: str) -> str:
    return words.split()[0].rstrip(":").lower()


def _unlabelled(label: str, kind: str) -> str:
    """A label's words after the card that asks for the decision ('Hammer: name Bells')."""
    prefix = narrator.LABEL_PREFIXES.get(kind)
    assert prefix is None or label.startswith(f"{prefix}: "), label
    return label.removeprefix(f"{prefix}: ")


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_decision_names_the_same_card_suit_and_verb_on_the_button_in_the_reason_and_in_the_review(theme):
    """The play table's buttons, the exercises' answers, the explorer's dropdowns, the computer
    players' reasons, the review and the puzzles' buttons and feedback say a decision with one
    narrator (``Narrator.action_words``): the same card or suit, the same verb."""
    from foxlib import Round
    from foxlib.engine.modules import SPECIAL_CARDS
    from foxlib.players.common import describe_action
    from foxlib.teaching.puzzles.model import action_text, cap
    from scenario_helpers import position
    view = Round(position("9M", "4K 3B", "5B 6M", modules={"special": list(SPECIAL_CARDS)}),
                 theme=theme).view(0)
    th, names = THEMES[theme], ("You", "Computer")
    review = narrator.ReviewNarrator(names, th)
    for action in _one_of_every_decision():
        voice = Narrator(names, th)
        button = voice.action_words(*action, "button")     # what the table draws
        answer = voice.action_words(*action, "answer")     # an exercise's answer
        label = voice.action_words(*action, "label")       # the explorer's dropdown
        choice = review.choice(action.kind, action, view.decree)          # the review's list
        doing = review.doing(action.kind, action)
        said = [button, answer, label, choice, doing]
        if theme == "classic":      # the players' reasons and the puzzles are in classic words
            reason = describe_action(view, action)                        # 'to ...', 'must ...'
            assert reason == choice.removeprefix("do "), action
            puzzle = action_text(action)     # a puzzle's button, feedback and solution line
            assert cap(puzzle) == doing, action
            said += [reason, puzzle]
        thing = _named(action, th)
        assert all(thing.lower() in words.lower() for words in said), (action, said)
        assert _verb(button) == _verb(answer) == _verb(_unlabelled(label, action.kind)) == \
            _verb(choice), (action, said)
        assert doing.lower().startswith(_verb(choice.removeprefix("do "))[:-1]), action


def test_a_tooltip_is_the_buttons_words_unless_they_leave_out_what_the_button_does():
    said = Narrator()
    assert said.action_words("exchange", None, "tip") == "The Fox's other choice: swap nothing"
    assert said.action_words("crown", None, "tip") == \
        "The next card you click is played together with your Crown, and you draw a card"
    for action in _one_of_every_decision():
        if action.card is not None:
            assert said.action_words(*action, "tip") == said.action_words(*action, "button")


def test_the_fox_and_woodcutter_prompts_name_their_cards_when_a_view_knows_them():
    said = Narrator(theme="zsa")
    assert said.prompt("exchange") == f"{narrator.sentence(narrator.PROMPTS['exchange'])}."
    assert said.prompt("exchange", C("5B"), C("8M")) == (
        f"Your Fox (the {C('5B').name(THEMES['zsa'])}): click a card to swap it with the decree "
        f"card (the {C('8M').name(THEMES['zsa'])}), or keep the decree card.")
    assert said.prompt("discard") == \
        "Your Woodcutter drew a card: click a card to put at the bottom of the deck."
    assert said.prompt("discard", C("5K"), drawn=C("2B")) == (
        f"Your Woodcutter (the {C('5K').name(THEMES['zsa'])}) drew the "
        f"{C('2B').name(THEMES['zsa'])}: click a card to put at the bottom of the deck.")
    assert said.prompt("dig") == f"{narrator.sentence(narrator.PROMPTS['dig'])}."


def test_a_decision_made_with_buttons_only_is_titled_with_what_it_asks_for():
    said = Narrator()
    assert said.decision_now("dig") == "Your decision now: decide whether the Shovel digs."
    assert said.decision_now("fairy_take") == \
        "Your decision now: decide which card the Fairy takes."


def test_an_exercise_answer_is_the_button_without_the_consequence_that_would_give_it_away():
    said = Narrator()
    assert said.action_words("dig", None, "button") == "Do not dig (you lose the trick)"
    assert said.action_words("dig", None, "answer") == "Do not dig"
    for action in _one_of_every_decision():
        assert "(" not in said.action_words(*action, "answer"), action


@pytest.mark.parametrize("kind, card, label", [
    ("exchange", None, "Fox: keep the decree card"),
    ("exchange", C("8M"), "Fox: swap in the 8 of Moons"),
    ("discard", C("2B"), "Woodcutter: put the 2 of Bells under the deck"),
    ("name_suit", Suit.BELLS, "Hammer: name Bells"),
    ("replace", C("9B"), "After the Hammer: play the 9 of Bells"),
    ("fairy_take", None, "Fairy: take none"),
    ("dig", None, "Shovel: do not dig (you lose the trick)"),
    ("dig", C("Shovel"), "Shovel: dig a random card from the last trick you won"),
    ("potion_discard", C("2B"), "Potion: put the 2 of Bells under the deck"),
    ("play", C("9B"), "Play the 9 of Bells"),
])
def test_a_label_names_the_card_that_asks_for_the_decision_then_the_button_words(kind, card, label):
    assert Narrator().action_words(kind, card, "label") == label


def test_the_crowns_toggle_is_said_before_its_card_is_chosen():
    said = Narrator()
    assert said.action_words("crown", None, "button") == "Play with the Crown"
    assert said.action_words("crown", None, "doing") == "Playing a card with the Crown"
    assert said.action_words("crown", C("4K"), "button") == "Play the 4 of Keys with the Crown"


def test_a_declined_dig_reads_well_after_to_and_must_and_as_a_choice():
    said = Narrator()
    assert said.action_words("dig", None, "do") == \
        "do not dig (the Shovel stays and loses the trick unless a Hammer sends it away)"
    assert said.action_words("dig", None, "to") == "not dig (the Shovel stays and loses the trick unless a Hammer sends it away)"
    assert said.action_words("dig", None, "doing") == "Not digging"


def test_keeping_the_decree_card_names_it_when_known():
    said = Narrator()
    assert said.action_words("exchange", None, "do", C("4K")) == \
        "keep the decree card (the 4 of Keys)"
    assert said.action_words("exchange", None, "do") == "keep the decree card"
    assert said.action_words("exchange", None, "button", C("4K")) == "Keep the decree card"


@pytest.mark.parametrize("kind, card, form, error", [
    ("play", C("4K"), "shout", "one of the forms"),
    ("jump", C("4K"), "do", "No words for the decision 'jump'"),
    ("play", None, "do", "'play' without a card"),
])
def test_a_decision_without_words_is_refused_naming_what_is_missing(kind, card, form, error):
    with pytest.raises(ValueError, match=error):
        Narrator().action_words(kind, card, form)


@pytest.mark.parametrize("kind, led, crowned, said", [
    ("play", "4K", False, "Your turn: follow the 4 of Keys."),
    ("play", "3B", False, "Your turn: follow the 3 of Bells, Fox."),
    ("play", "3B", True, "Your turn: follow the 3 of Bells played with the Crown."),
    ("play", "Tree", False, "Your turn: follow the Tree."),
    ("play", None, False, "Your turn: lead a card."),
    ("discard", None, False, "Your turn: choose the Woodcutter's discard."),
    ("name_suit", None, False, "Your turn: name a suit for the Hammer."),
])
def test_the_tables_turn_says_what_it_asks_for_and_names_the_card_to_follow(kind, led, crowned,
                                                                            said):
    voice = Narrator(("You", "Computer"))
    assert voice.your_turn(kind, None if led is None else C(led), crowned) == said
    zsa = Narrator(("You", "Computer"), THEMES["zsa"]).your_turn("play", C("4K"))
    assert zsa.startswith("Your turn: follow the 4 of ") and "Keys" not in zsa
