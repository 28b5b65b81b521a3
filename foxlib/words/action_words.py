"""The words of a decision: what each kind of decision asks for, the learner's prompts, and
one decision said in the form its place needs (``ActionWords.action_words``: a review's list of
choices, a button, its tooltip, an exercise's answer, a dropdown's label ...).

``ActionWords`` is part of ``foxlib.words.narrator.Narrator`` (which gives it ``theme`` and
``suits``); the tables here are also names of ``foxlib.words.narrator``. Standard library only.
"""
from __future__ import annotations

from .grammar import sentence


#: Ruling SC18, said wherever a game's special cards are chosen or named (the play table, the
#: module options, lesson 16).
SPECIAL_CARDS_TOLD = ("Both players are told which special cards are in the game: our ruling "
                      "SC18 (the rulebook has them shuffled in without anyone looking).")
#: What each kind of decision asks for (a new decision adds its words here).
PENDING = {"play": "play", "exchange": "decide on the Fox's exchange",
           "discard": "choose the Woodcutter's discard",
           "crown": "play", "name_suit": "name a suit for the Hammer",
           "replace": "play a new card after the Hammer",
           "fairy_take": "decide which card the Fairy takes",
           "fairy_give": "give a card back for the Fairy's",
           "dig": "decide whether the Shovel digs",
           "potion_discard": "choose the card that goes under the deck with the Potion",
           "potion_play": "choose which card drawn for the Potion to play"}
#: The Fox's and the Woodcutter's prompts, with blanks for their cards when a view knows them
#: (the puzzle player's): {card} ' (the Fox's or Woodcutter's name)', {decree} ' (the decree
#: card's name)', {drawn} the card the Woodcutter drew ('a card' when unknown).
_NAMED_PROMPTS = {
    "exchange": "your Fox{card}: click a card to swap it with the decree card{decree}, or keep "
                "the decree card",
    "discard": "your Woodcutter{card} drew {drawn}: click a card to put at the bottom of the deck",
}
#: A hand's prompt when it is the learner's turn to make that decision.
PROMPTS = {
    "play": "your turn: click a card to play it",
    "exchange": _NAMED_PROMPTS["exchange"].format(card="", decree=""),
    "discard": _NAMED_PROMPTS["discard"].format(card="", drawn="a card"),
    "crown": "your turn: click a card to play it (with the Crown, or without)",
    "name_suit": "your Hammer: name a suit; your opponent must play a new card of it if they can",
    "replace": "the Hammer sent your card under the deck: play a new card of the named suit if "
               "you can",
    "fairy_take": "your Fairy: take one of the cards you see, or take none",
    "fairy_give": "your Fairy took a card: give your opponent a card from your hand",
    "dig": "your Shovel: dig a random card from the last trick you won, or do not (and lose "
           "the trick)",
    "potion_discard": "your Potion: choose a card to put under the deck with it",
    "potion_play": "your Potion: choose which of the cards you drew to play (you keep the other)",
}
#: ... and while someone else makes it.
WAITING = {kind: f"to {what}" for kind, what in PENDING.items()}
#: The cards a learner's decision shows to choose from (the Fairy's, the Potion's), as a title.
OFFER_TITLES = {"fairy_take": "The cards your Fairy shows you: click one to take it",
                "potion_play": "The cards your Potion drew: click the one to play"}

#: Every decision in words, by (kind, whether it has a card): (what to do, as a review lists
#: its choices and a hint starts: 'play the ...'; the learner's button, short because the
#: prompt above it gives the context and spoken to the learner; a consequence the button
#: reminds of comes last, in brackets). {card} is the card's name, {suit} the suit named,
#: {decree} ' (the decree card's name)' when it is known. Without a card a decision is
#: declined, except the Crown's: its toggle is pressed before the card is clicked.
ACTION_WORDS = {
    ("play", True): ("play the {card}", "Play the {card}"),
    ("crown", True): ("play the {card} with the Crown", "Play the {card} with the Crown"),
    ("crown", False): ("play a card with the Crown", "Play with the Crown"),
    ("exchange", False): ("keep the decree card{decree}", "Keep the decree card"),
    ("exchange", True): ("swap the {card} for the decree card", "Swap in the {card}"),
    ("discard", True): ("put the {card} under the deck", "Put the {card} under the deck"),
    ("name_suit", True): ("name {suit} for the Hammer", "Name {suit}"),
    ("replace", True): ("play the {card} as the new led card", "Play the {card}"),
    ("fairy_take", False): ("take none of the cards the Fairy shows", "Take none"),
    ("fairy_take", True): ("take the {card} with the Fairy", "Take the {card}"),
    ("fairy_give", True): ("give the {card} in return for the Fairy's card", "Give the {card}"),
    ("dig", False): ("do not dig (the Shovel stays and loses the trick unless a Hammer sends "
                     "it away)",
                     "Do not dig (you lose the trick)"),
    ("dig", True): ("dig a card at random from the last trick won",
                    "Dig: play a random card from the last trick you won"),
    ("potion_discard", True): ("put the {card} under the deck with the Potion",
                               "Put the {card} under the deck"),
    ("potion_play", True): ("play the {card} drawn with the Potion", "Play the {card}"),
}
#: The '-ing' words of the first verbs above ('Playing the ...' starts a review's sentence) ...
_ING = {"play": "Playing", "name": "Naming", "take": "Taking", "give": "Giving",
        "put": "Putting", "swap": "Swapping", "keep": "Keeping"}
#: ... and the decisions whose '-ing' form is shorter than the rest of their words.
_DOING = {("exchange", False): "Keeping the decree card", ("dig", False): "Not digging",
          ("dig", True): "Digging"}
#: What a label puts before a decision: the card whose ability asks for it ...
LABEL_PREFIXES = {"exchange": "Fox", "discard": "Woodcutter", "name_suit": "Hammer",
                  "replace": "After the Hammer", "fairy_take": "Fairy", "fairy_give": "Fairy",
                  "dig": "Shovel", "potion_discard": "Potion", "potion_play": "Potion"}
#: ... and the label of a decision whose button words already start with its verb and a colon.
_LABEL = {("dig", True): "dig a random card from the last trick you won"}
#: A button's tooltip, where the button's words leave out what it does (else the tooltip is
#: the button's words): the Fox's keep button swaps nothing; the Crown's toggle waits for a card.
_TIP = {("exchange", False): "The Fox's other choice: swap nothing",
        ("crown", False): "The next card you click is played together with your Crown, and you "
                          "draw a card"}
#: The forms ``Narrator.action_words`` says a decision in.
ACTION_FORMS = ("do", "to", "doing", "button", "answer", "label", "tip")


def _action_template(key: tuple, form: str) -> str:
    """The words of the decision ``key`` of ``ACTION_WORDS`` in ``form``, blanks unfilled."""
    do, button = ACTION_WORDS[key]
    if form == "doing":
        if key in _DOING:
            return _DOING[key]
        verb, rest = do.split(" ", 1)
        return f"{_ING[verb]} {rest}"
    if form == "to":
        return do.removeprefix("do ")           # 'must not dig', not 'must do not dig'
    if form == "answer":
        return button.partition(" (")[0]
    if form == "tip":
        return _TIP.get(key, button)
    if form == "label":
        prefix = LABEL_PREFIXES.get(key[0])
        words = _LABEL.get(key, button)
        return f"{prefix}: {_lower(words)}" if prefix else words
    return button if form == "button" else do


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


class ActionWords:
    """The narrator's decisions: ``action_words``, ``prompt``, ``decision_now``."""

    def action_words(self, kind: str, card, form: str = "do", decree=None) -> str:
        """One decision (a ``round.Action``'s ``kind`` and ``card``: a card, a suit for the
        Hammer, or None for a choice declined) in the words its place needs, from
        ``ACTION_WORDS``. ``form``: 'do' as a review lists the choices and a hint starts ('play
        the 4 of Keys with the Crown', 'do not dig (...)'); 'to' after 'to' or 'must' ('not dig
        (...)'); 'doing' at the start of a sentence ('Playing the 4 of Keys with the Crown',
        'Not digging'); 'button' on the learner's button ('Name Bells', 'Take none', 'Do not
        dig (you lose the trick)'); 'answer' for an exercise's answer, the button's words
        without the consequence in brackets, which would give the answer away ('Do not dig');
        'label' in a list of every player's decisions, the button's words after the card that
        asks for them ('Hammer: name Bells', 'Fox: keep the decree card'); 'tip' for the
        button's tooltip, its words or, where they leave out what it does, more ('The Fox's
        other choice: swap nothing').
        ``decree``: the decree card, named by 'keep the decree card (the 4 of Keys)'."""
        if form not in ACTION_FORMS:
            raise ValueError(f"A decision is said in one of the forms {ACTION_FORMS}, "
                             f"not {form!r}.")
        key = (kind, card is not None)
        if key not in ACTION_WORDS:
            raise ValueError(f"No words for the decision {kind!r} "
                             f"{'with a card' if card is not None else 'without a card'}.")
        return _action_template(key, form).format(
            card=card.name(self.theme) if key[1] and kind != "name_suit" else "",
            suit=self.suits(card) if kind == "name_suit" else "",
            decree=f" (the {decree.name(self.theme)})" if decree is not None else "")

    def prompt(self, kind: str, card=None, decree=None, drawn=None) -> str:
        """The learner's prompt for the decision ``kind`` as a sentence (``PROMPTS``: 'Your
        turn: click a card to play it.'). The Fox's and the Woodcutter's name the cards a view
        knows: ``card`` the Fox or Woodcutter played, ``decree`` the decree card, ``drawn`` the
        card the Woodcutter drew ('Your Fox (the 5 of Bells): click a card to swap it with the
        decree card (the 8 of Moons), or keep the decree card.')."""
        if kind not in _NAMED_PROMPTS:
            return f"{sentence(PROMPTS[kind])}."
        named = {"card": card, "decree": decree}
        blanks = {k: f" (the {c.name(self.theme)})" if c is not None else ""
                  for k, c in named.items()}
        blanks["drawn"] = f"the {drawn.name(self.theme)}" if drawn is not None else "a card"
        return f"{sentence(_NAMED_PROMPTS[kind].format(**blanks))}."

    def your_turn(self, kind: str, led=None, crowned: bool = False) -> str:
        """What the learner's turn at the table asks for now, the decision ``kind`` (a round's
        phase) and ``led``, the card the opponent led to this trick (None: the learner leads):
        'Your turn: follow the 4 of Keys.', 'Your turn: lead a card.', 'Your turn: name a suit
        for the Hammer.' ``crowned``: the led card was played with the Crown."""
        if kind not in ("play", "crown"):
            return f"Your turn: {PENDING[kind]}."
        if led is None:
            return "Your turn: lead a card."
        card = led.name(self.theme) if led.special or crowned else led.label(self.theme)
        return f"Your turn: follow the {card}{' played with the Crown' if crowned else ''}."

    def decision_now(self, kind: str) -> str:
        """The title above the buttons of the learner's decision ``kind`` where it is made with
        buttons only (a puzzle with modules): 'Your decision now: name a suit for the
        Hammer.'"""
        return f"Your decision now: {PENDING[kind]}."
