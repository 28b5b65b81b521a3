"""The words of the pages: every caption, note, button label, tooltip and message the widgets
show, as functions of facts (names, theme, cards, counts). A widget draws; what it says comes
from here or from the narrator, so a theme or a language changes in one place.

The functions take names already chosen by the caller (a player's name, a card's label in the
theme shown) and return plain text; the widgets escape it and put it in place. Sentences about
the game itself (plays, tricks, refusals, scores) stay the narrator's; these are the pages'.
"""
from __future__ import annotations

from .narrator import count, possessive, sentence, subject, who

#: Labels that are pure page chrome, one table (a widget looks its label up here).
CHROME = {
    "answer": "Your answer", "points": "points", "hint": "Hint", "show_solution": "Show solution",
    "retry": "Retry", "next_puzzle": "Next puzzle", "undo": "Undo", "new_game": "New game",
    "check": "Check", "show_answer": "Show answer", "next": "Next", "previous": "Previous",
    "file": "Choose a file",
}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """'card' or 'cards' for ``n`` (the number itself left to the caller)."""
    return noun if n == 1 else (many or noun + "s")


# ----------------------------------------------------------------------------- errors of use

def unknown_choice(what: str, value, choices) -> str:
    """'Unknown card size 'huge'; choose one of (...).' (a widget given a bad argument)."""
    return f"Unknown {what} {value!r}; choose one of {choices}."


def not_one_of(value, choices, what: str = "the answers") -> str:
    return f"{value!r} is not one of {what}: {choices}."


def no_such(what: str, name) -> str:
    """'There is no puzzle set 'x'.'"""
    return f"There is no {what} {name!r}."


def no_button(label, labels) -> str:
    return f"There is no decision button {label!r}; the buttons are {labels}."


def not_clickable(card_name: str, code: str) -> str:
    return f"The {card_name} ({code}) is not a visible card in this row, so it cannot be clicked."


def target_not_offered(target, targets) -> str:
    return f"The target must be one of {targets}, not {target!r}."


def not_special_card(name, names) -> str:
    return f"{name!r} is not a special card; the special cards are {', '.join(names)}."


def file_too_big(name: str, what: str, limit: str) -> str:
    """'x.json: the file is too big for a puzzle file (at most 2 MB).'"""
    return f"{name}: the file is too big for a {what} (at most {limit})."


def file_not_text(name: str, what: str) -> str:
    """'x.json: the file is not UTF-8 text, so it cannot be a puzzle file.' (a goal file: why)"""
    why = " (a goal file is JSON text)" if what == "goal file" else ""
    return f"{name}: the file is not UTF-8 text, so it cannot be a {what}{why}."


# ----------------------------------------------------------------------------- cards and hands

CANNOT_PLAY_NOW = " (cannot be played now)"
#: A card that cannot be clicked while a decision is pending (no card of the hand answers it).
NOT_AVAILABLE_NOW = " (not available now)"
#: After 'Waiting for you to name a suit for the Hammer': where the learner answers it.
WITH_BUTTONS = ": use the buttons for it"
SELECTED = " (selected)"
NO_CARDS_DEALT = "no cards dealt"


def hand_status(n: int, state: str) -> str:
    """A hand's status line: '5 cards; your turn: click a card to play it'."""
    return f"{count(n, 'card')}; {state}"


def hand_over(n: int) -> str:
    return hand_status(n, "the round is over")


def waiting_for(name: str) -> str:
    return f"waiting for {who(name)}"


def hand_heading(name: str | None) -> str:
    """'Your hand', 'Ann's hand', or 'Hand' before any round."""
    return "Hand" if name is None else sentence(f"{possessive(name)} hand")


def not_from_hand(prompt: str) -> str:
    """A click on the hand when the decision is not a card of it (a suit, the Fairy, a dig)."""
    return sentence(f"no card of your hand is chosen now: {prompt}") + "."


def legal_line(name: str, legal_words: str, all_legal: bool) -> str:
    """'B may play any card.' or 'B may play only the 2 and 8 of Moons.'"""
    return f"{name} may play any card." if all_legal else f"{name} may play only {legal_words}."


# ----------------------------------------------------------------------------- the table

NO_TRUMP_SPECIAL = "no trump suit (a special card)"
NOTHING_YET = "Nothing has happened yet."
GOALS_TITLE = "Goals this round"
GOALS_NOTE = ("Claimed automatically by whoever meets one first; an ongoing goal counts every "
              "time.")


def trump_words(suit_name: str) -> str:
    return f"{suit_name} are trump"


def trick_label(number: int, winner: str | None = None, over: bool = False) -> str:
    """'trick 8' while it is played; 'trick 7, won by Ann' once finished (and '· round over')."""
    if winner is None:
        return f"trick {number}"
    text = f"trick {number}, won by {who(winner)}"
    return text + " \u00b7 round over" if over else text


def to_play(name: str, new: bool = False) -> str:
    """The empty place of a card still to come: 'B to play' ('... a new card' after a Hammer)."""
    return sentence(f"{name} to play a new card" if new else f"{name} to play")


LED_GONE = "led card gone under the deck"


def led_by(name: str) -> str:
    return f"led by {name}"


def followed_by(name: str) -> str:
    return f"followed by {name}"


def first_place(number: int) -> str:
    """The caption of the led card's empty place before anything is played."""
    return "the first trick" if number == 1 else f"trick {number}"


def deck_caption(size: int, open_: bool = False) -> str:
    how = "shown face up for this puzzle, top card first" if open_ and size else "face down"
    return f"deck: {size} {plural(size, 'card')}, {how}"


def band_label(name: str, tricks: int, band: str, points: int) -> str:
    return (f"{name}: {count(tricks, 'trick')} won, {band} band, {count(points, 'point')} for "
            "tricks if the round ended now")


def band_title(band: str, span: str, score: str) -> str:
    return f"{band}: {span} tricks score {score} points for tricks"


def floored_note(n: int, what: str) -> str:
    """' (2 Poison points not lost: a score never goes below 0)'"""
    return f" ({count(n, what)} not lost: a score never goes below 0)"


def poison_line(lost: int, floored: int) -> str:
    text = f"Poison 8s: {count(lost, 'point')} lost" if lost else "Poison 8s: nothing lost"
    return text + (floored_note(floored, "Poison point") if floored else "")


def goals_line(got: int, floored: int) -> str:
    text = f"goals: {got:+d}" if got else "goals: 0"
    return text + (floored_note(floored, "goal point") if floored else "")


def goal_claimed(name: str, trick: int | None) -> str:
    when = f"trick {trick}" if trick is not None else "round end"
    return f"claimed by {who(name)}, {when}"


def goal_triggered(times: int) -> str:
    return f"triggered {count(times, 'time')}"


def goal_met_by(name: str) -> str:
    return f"met by {name}"


def tricks_this_round(tricks: int, band: str, points: int, over: bool) -> str:
    """'4 tricks this round (Humble: 6 points for tricks if it ended now)'."""
    when = "" if over else " if it ended now"
    return (f"{count(tricks, 'trick')} this round ({band}: {count(points, 'point')} for "
            f"tricks{when})")


def points_text(score: int, target: int | None) -> str:
    """'7 of 21 points' on the way; '28 points: target of 21 reached' (never '28 of 21')."""
    if not target:
        return count(score, "point")
    if score < target:
        return f"{score} of {target} points"
    return f"{count(score, 'point')}: target of {target} reached"


# ----------------------------------------------------------------------------- the explorer

EXPLORER = {
    "own": "(set up your own)", "others": "Leader's other cards", "others_eg": "e.g. 9K 6B",
    "hand_eg": "e.g. 2M 9K 4B", "deck_top": "Top of the deck",
    "deluxe": "Deluxe modules: Poison 8s, goal cards, special cards",
    "deluxe_tip": "Play the trick with the Deluxe box's special cards, Poison 8s and goal cards",
    "leader_row": "The leader's hand",
    "follower_row": "The follower's hand: click a card to follow with it",
    "goal_1": "Goal on the table", "score_leader": "Leader's score before",
    "score_follower": "Follower's score before", "lead_crown": "Lead it with the Crown",
    "follow_crown": "Follow with the Crown",
    "click_follow": "Click one of the follower's bright cards to see who wins.",
    "no_treasure": "no 7 in the trick, no points", "no_poison": "no Poison 8 in the trick",
    "no_goal": "no goal on the table is met by this trick.",
    "illegal_title": "Cards the follower may not play",
    "leader_won": "Leader's last won trick", "follower_won": "Follower's last won trick",
    "won_eg": "e.g. 11M 6K",
    "won_tip": "The cards of the last trick this player won before this one: where a Shovel "
               "digs",
    "tree_picks": "The led Tree picks the follower's card at random: no card is clicked.",
}


def special_option(name: str) -> str:
    return f"{name} (special card)"


def next_choice(role: str) -> str:
    """'Leader's next choice' (a second decision of the same player in one trick)."""
    return f"{role}'s next choice"


def leads_the(card_label: str, padding: int) -> str:
    """The leader's note: 'leads the 10 of Moons (plus 9 cards nobody chose, ...)'."""
    fill = (f" (plus {padding} {plural(padding, 'card')} nobody chose, face down, so that both "
            "hands have the same size)") if padding else ""
    return f"leads the {card_label}{fill}"


def may_play(legal_words: str, all_legal: bool) -> str:
    """The follower's note, before a card is chosen."""
    may = f"may play any card: {legal_words}" if all_legal else f"may play only {legal_words}"
    return f"{may}. Click a card to follow with it."


def treasure_fact(winner: str, points: int) -> str:
    if not points:
        return EXPLORER["no_treasure"]
    return f"{sentence(subject(winner, 'gains'))} {count(points, 'point')}"


def poison_fact(poison: int, winner: str, lost: int, floored: int) -> str:
    if not poison:
        return EXPLORER["no_poison"]
    return (f"{count(poison, 'Poison 8')} in the trick: {subject(winner, 'loses')} "
            f"{count(lost, 'point')}" + (f" ({floored} not lost: a score never goes below 0)"
                                         if floored else ""))


# ----------------------------------------------------------------------------- the round player

ROUND_TO_REPLAY = "A round to replay"


def round_start(decree_label: str, trump_suit: str | None, leader: str, led: str | None,
                next_name: str) -> str:
    """Step 0 of a replayed round: the decree card, trump, who leads (or has led)."""
    trump = "there is no trump suit" if trump_suit is None else trump_words(trump_suit)
    lead = (f"{leader} leads" if led is None else
            f"{leader} has led the {led} and {next_name} plays next")
    return (f"The start: the decree card is the {decree_label}, so {trump}; {lead}. Press "
            "Forward to see the first play.")


# ----------------------------------------------------------------------------- the play table

PLAY = {
    "undo_tip": "Take back your last decision (and the computer's answer to it)",
    "hint_tip": "What the strongest computer player would do in your place, and why",
    "next_round": "Deal the next round",
    "deluxe": EXPLORER["deluxe"],
    "deluxe_tip": "Play with the Deluxe box's special cards, Poison 8s and goal cards (from the "
                  "next new game)",
    "nothing_to_undo": "There is nothing of yours to undo yet.",
    "undone": "Undone: it is your turn again at your last decision.",
    "hint_not_now": "Hints are for your turn; wait for the computer or deal the next round.",
    "thinking_hint": "Thinking about a hint\u2026",
    "not_your_decision": "It is not your turn to decide: wait for the computer.",
    "deal_on": "press \u201cDeal the next round\u201d to play on",
    "draw": "Game over: a draw.", "round_over": "Round over.",
    "game_is_over": "The game is over.", "round_is_over": "The round is over.",
    "offer": "Cards to choose from",
}


def no_hint(reason: str, refused: bool) -> str:
    """A hint the engine refused (its reason), or one that failed (said plainly)."""
    if refused:
        return f"No hint this time: {reason}"
    return f"No hint this time: the advice could not be worked out for this position ({reason})."


def new_game(target: int, modules: str, told: str, leader: str) -> str:
    played = f", with {modules}" if modules else ""
    told = f" {told}" if told else ""
    return (f"New game to {target} points{played}.{told} {sentence(subject(leader, 'leads'))} "
            "the first trick.")


def new_round(number: int, leader: str) -> str:
    return f"Round {number}: {sentence(subject(leader, 'leads'))}."


def game_won(winner: str) -> str:
    return f"Game over: {subject(winner, 'wins')}."


def thinking(name: str) -> str:
    return f"{sentence(subject(name, 'is'))} thinking\u2026"


def player_failed(error) -> str:
    return f"(The computer player failed: {error} It makes a random legal choice instead.)"


def new_opponent(title: str) -> str:
    return f"Your opponent is now the {title}."


def next_game_modules(next_words: str, now_words: str, problem: str = "") -> str:
    return (f"The next new game will be played with {next_words}; this one stays with "
            f"{now_words}. Press \u201cNew game\u201d to start one."
            + (f" {problem}" if problem else ""))


def next_game_target(target: int, now: int) -> str:
    return f"The next new game will be played to {target} points; this one stays at {now}."


def table_header(number: int, target: int, modules: str, turn: str) -> str:
    """'Round 2 · game to 21 · Your turn.' (the modules in play after the target)."""
    played = f" \u00b7 {modules}" if modules else ""
    return f"Round {number} \u00b7 game to {target}{played} \u00b7 {turn}"


def not_allowed(refusal: str) -> str:
    return f"Not allowed: {refusal}"


# ----------------------------------------------------------------------------- the review

REVIEW = {
    "button": "Review this round",
    "tip": "Go through your decisions: what the strong player would have done from what you "
           "could see, and what each choice was worth",
    "no_round": "There is no round to review yet.",
    "known": "with all cards known",
    "known_averaged": "with all cards known (random picks averaged)",
    "in_trick": "in the trick", "you_chose": "you chose", "chosen": "chosen",
    "strong": "strong player", "suggested": " \u2605 suggested", "choice": "choice",
}


def points_lost(loss: float, clear: bool = True) -> str:
    """Beside a review mark: what the choice gave up. ``clear`` False (an "About as good"
    mark) says the gap is within the estimate's margin, so it is not counted as a loss."""
    if not clear:
        return f"{loss:.1f} behind the best, within the margin"
    return f"about {loss:.1f} points lost"


def review_head(trick: int, whose: str, kind: str, number: int, of: int) -> str:
    return f"Trick {trick} \u00b7 {whose} {kind} ({number} of {of})"


def every_choice(unit: str) -> str:
    return f"Every choice, in {unit} from here to the end of the round"


def estimate_header(samples: int) -> str:
    return f"estimate ({samples} deals)"


def no_review(reason) -> str:
    return f"No review this time: {reason}"


def review_stopped(error) -> str:
    return f"The review stopped: {error}"


def reviewing(whose: str, total: int) -> str:
    return (f"Reviewing {whose} {total} {plural(total, 'decision')}\u2026 The first appears in a "
            "moment; you can keep using the page.")


def review_points(x: float) -> str:
    return f"{x:g} point{'' if x == 1 else 's'}"


def review_help(mistake: float, inaccuracy: float) -> str:
    """How to read a finished review (markup: <b> around the two marks' names)."""
    return (f"Each decision below: what was chosen, what the strong player would have chosen "
            f"from the same view (only the cards that could be seen), and why. A choice is "
            f"marked <b>Mistake</b> only when it clearly gave up {review_points(mistake)} or "
            f"more against the best choice, and <b>Inaccuracy</b> when it clearly gave up "
            f"{review_points(inaccuracy)} or more: clearly means even after taking off the "
            f"estimate's margin (the ± beside it). Choices closer than the margin are marked "
            f"<b>About as good</b>. The points are averages over deals of the unseen cards, so "
            f"they are estimates (exact, with no margin, near the end of a round). Open “Every "
            f"choice” for the points of each choice, and the exact values with all cards known.")


# ----------------------------------------------------------------------------- module options

MODULES = {
    "poison_tip": "The three 8s are Poison 8s: whoever wins a trick loses 1 point for each "
                  "(never going below 0)",
    "upload": "Upload goal file",
    "upload_tip": "A goal file of your own (fox-goals/1): lesson 20 says how to write one",
    "special_tip": "Shuffle special cards of the Deluxe box into the deck",
    "ticked": "The cards I tick",
    "special_row": "The special cards: click a card to tick or untick it",
    "none_ticked": "No special card is ticked, so none would be shuffled in: tick at least one "
                   "card (click it), or choose two at random. Until then the game is played "
                   "without special cards.",
    "no_goals": "No goal cards", "kept_none": "no goal cards",
    "what_each": "What each special card does",
}


def picked_at_random(n: int) -> str:
    return f"{count(n, 'special card')} picked at random"


def at_random(n: int) -> str:
    return f"{n} at random (as the box does)"


def random_note(n: int, told: str) -> str:
    return (f"Each new game shuffles {n} of these cards into the deck, picked at random. {told} "
            "Click cards to choose them yourself instead.")


def chosen_note(names) -> str:
    return f"Each new game is played with {count(len(names), 'special card')}: {', '.join(names)}."


def goals_loaded(name: str, n: int, title: str) -> str:
    return (f"{name}: {count(n, 'goal')} loaded from \u201c{title}\u201d and chosen as the "
            "goal cards.")


def goals_refused(name: str, problems: int, kept: str) -> str:
    return (f"{name} cannot be used: {count(problems, 'problem')} to correct (the goal cards stay "
            f"as they were: {kept}).")


# ----------------------------------------------------------------------------- the landing page

#: (group heading, [(notebook without .ipynb, title)]) in the order a learner takes them.
LESSON_GROUPS = [
    ("The basics", [
        ("01_cards_and_deal", "The cards and the deal"),
        ("02_leading_and_following", "Leading and following"),
        ("03_trump_and_decree", "Trump and the decree card"),
    ]),
    ("The six characters", [
        ("04_swan", "The Swan (1)"),
        ("05_fox", "The Fox (3)"),
        ("06_woodcutter", "The Woodcutter (5)"),
        ("07_treasure", "The Treasure (7)"),
        ("08_witch", "The Witch (9)"),
        ("09_monarch", "The Monarch (11)"),
    ]),
    ("Putting it together", [
        ("10_scoring_a_round", "Scoring a round"),
        ("11_a_full_round", "A full round, step by step"),
        ("12_a_whole_game", "A whole game"),
        ("13_misconceptions", "Spot the mistakes"),
    ]),
    ("Try it yourself", [
        ("14_explorer_sandbox", "The rules explorer"),
        ("15_play_the_computer", "Play against the computer, with or without special cards"),
    ]),
    ("Deluxe", [
        ("16_special_cards", "Special cards: the general rules"),
        ("17_special_cards_1", "Axe, Tree, Fairy, Crown and Mirror"),
        ("18_special_cards_2", "Bow, Hammer, Potion and Shovel"),
        ("19_poison_8s", "Poison 8s"),
        ("20_goal_cards", "Goal cards"),
    ]),
]


def lesson_progress(number: int) -> str:
    return f"Progress in lesson {number}"


def present_lesson(title: str) -> str:
    return f"Present this lesson: {title}"


PRESENT_TIP = "Present this lesson as slides"


def set_progress(title: str) -> str:
    return "Puzzles solved in " + title


#: The landing page's "For teachers" opening where lessons have no Present link: the static
#: site, which runs in the learner's browser and has no slide template.
TEACHERS_BEFORE_SITE = ("This site runs in each learner's own browser, so a whole class can "
                        "use it at once. Slides (a lesson's <b>Present</b> link) are in the "
                        "Voil&agrave; app, which runs on a computer with Python. The ")


def home_words(n_lessons: int, n_puzzles: int, n_sets: int, slides: bool = True) -> dict:
    """The landing page's sentences, by place (inline markup: <b>, <i>; a link's words are
    ``guide_link`` and ``rulings_link``, put inside the page's links). ``slides=False``: the
    lessons have no Present link (the static site)."""
    words = _home_words(n_lessons, n_puzzles, n_sets)
    if not slides:
        words["teachers_before"] = TEACHERS_BEFORE_SITE
    return words


def _home_words(n_lessons: int, n_puzzles: int, n_sets: int) -> dict:
    return {
        "path": "The path", "lessons": "Lessons", "puzzles": "Puzzles", "rulings": "Rulings",
        "kicker": "A trick-taking card game for two",
        "title": "Fox in the Forest Explorer",
        "pitch": "Learn the card game where winning too many tricks loses: short lessons you "
                 "play, checked and explained by a rules engine.",
        "start": "Start with lesson 1", "puzzle": "Solve a puzzle",
        "continue": f"{n_lessons} lessons of a few minutes each. Your progress stays in this "
                    "browser.",
        "step_lessons": "The rules, one idea at a time, each with exercises.",
        "step_puzzles": f"{n_puzzles} positions from real rounds to solve.",
        "step_play_title": "Play the computer",
        "step_play": "A whole game, with undo and hints.",
        "lessons_summary": "New to trick-taking games? Start with lesson 1 and follow the "
                           "<i>Next</i> link at the bottom of each page.",
        "puzzles_summary": f"{n_sets} sets that follow the lessons, each from easy to hard "
                           "and marked with its level.",
        "teachers_title": "For teachers",
        "teachers_before": "Every lesson has a <b>Present</b> link that shows it as slides for "
                           "the projector, exercises included. The ",
        "guide_link": "teacher's guide",
        "teachers_after": " has ready lesson plans: one class period, three periods, or "
                          "one period with the Deluxe box. It also says what to show, which "
                          "questions to ask, which puzzle sets to give, how to write puzzles "
                          "and how to run the app for a class.",
        "rulings_before": "The rulebook leaves a few situations open. The ",
        "rulings_link": "rulings page",
        "rulings_after": " gives the answer this app follows for each, in a few words and "
                         "with an example to step through. It covers the base game and the "
                         "Deluxe modules: special cards, Poison 8s and goal cards.",
        "about_title": "About the game",
        "about": "<i>The Fox in the Forest</i> is a card game for exactly two players, designed "
                 "by Joshua Buergel. Each round, both players get 13 cards and play them out, "
                 "one card each at a time, in 13 <b>tricks</b>. The twist: winning lots of "
                 "tricks is not the aim. A player who takes a few tricks, or a solid "
                 "majority, scores well; a player who takes too many scores nothing for them. "
                 "On top of that, every odd-numbered card is a fairy-tale character that bends "
                 "the rules when it is played.",
    }


# ----------------------------------------------------------------------------- the exercises

EXERCISE = {
    "show_tip": "Show the answer and why", "pick_many": "click the cards, then Check",
    "pick_one": "click one card", "check_tip": "Check the cards you selected",
    "check_answer": "Check your answer",
    "in_trick": "In the trick", "other_tricks": "The other player's tricks",
    "gained": "Gained this round", "no_other": "no other card",
    "not_opened": "not opened yet", "results": "See your results",
    "finish_tip": "Finish the quiz: your results and what to review",
    "next_tip": "Next question", "previous_tip": "Previous question",
}


def decree_caption(special: str | None, suit_name: str | None) -> str:
    """'Decree: Moons are trump', or with a special decree card 'Decree: the Axe, no trump'."""
    if special:
        return f"Decree: the {special}, no trump"
    return f"Decree: {suit_name} are trump"


def hand_of(name: str, n: int | None = None) -> str:
    """'Ann's hand', with its size when given: 'Ann's hand (5 cards)'."""
    return f"{name}'s hand" + (f" ({n} cards)" if n is not None else "")


def card_of(name: str, crown: bool = False) -> str:
    return f"{name}'s card, with the Crown" if crown else f"{name}'s card"


def played_with_crown(card_name: str) -> str:
    return f"{card_name} played with the Crown"


def review_question(number: int, button: bool = True) -> str:
    return f"Review question {number}" if button else f"Go back to question {number}"


def quiz_tally(solved: int, n: int, first_try: int) -> str:
    return f"{solved} of {n} solved, {first_try} on the first try."


# ----------------------------------------------------------------------------- the puzzles

PUZZLE = {
    "opponent_hand": "Your opponent's hand", "opponent": "Your opponent", "you": "You",
    "choose": "Choose a card", "your_hand": "Your hand", "deck": "The deck",
    "deck_open": "The deck, top card first",
    "hint_tip": "Show the next hint", "solution_tip": EXERCISE["show_tip"],
    "retry_tip": "Start this puzzle again", "next_tip": "Go to the next puzzle of this set",
    "last_hint": "That was the last hint. Try Show solution.",
    "type_number": "Type a number of points first.",
    "crown_note": "Click a card to play it, or play one with your Crown:",
    "round_over": "The round is over.", "led_here": "the led card goes here",
    "solved": "\u2714 solved", "seen": "solution seen: solve it another day",
    "face_down": "face down", "face_up": "shown face up for this puzzle",
    "forget": "Forget my progress", "forget_tip": "Clear the solved marks in this browser",
    "load": "Load a puzzle file", "load_tip": "Choose a puzzle file (.json) on this computer",
    "set_menu": "Puzzle set", "puzzle_menu": "Puzzle",
    "teachers": "Teachers: your own puzzles",
    "teachers_note": "Load a puzzle file (a .json file, written as shown below). The page "
                     "checks every puzzle: the sound ones become a new set to play at once, and "
                     "every problem is listed here with its puzzle and field.",
    "remembered": "Remembered in this browser, so it is still here after a reload.",
    "help_title": "How to write a puzzle file",
    "help_example": "A complete file with one puzzle (copy it, change it, load it):",
}
#: A puzzle's kind (``foxlib.teaching.puzzles``: predict, play, band, score) and level, in words.
PUZZLE_KINDS = {"predict": "Predict", "play": "Play a card", "band": "Reach a band",
                "score": "Count"}
LEVELS = {1: "easy", 2: "medium", 3: "hard"}
#: The answers of a predict puzzle, as its buttons say them.
ANSWER_LABELS = ("You", "Your opponent", "A draw", "Nobody yet: another round")


def answer_tip(label: str) -> str:
    return f"Answer: {label}"


def cannot_play_puzzle(error) -> str:
    return f"This puzzle cannot be played here: {error}"


def puzzle_hand_state(kind: str, *, options: bool = False, finished: bool = False,
                      pending: str | None = None, status: str = "",
                      seen: bool = False) -> str:
    """The learner's hand's status line in a puzzle (empty while the round's own words fit).
    ``kind``: 'moves' (a play or band puzzle) or 'answer'; ``pending``: 'exchange' or
    'discard' while the Fox's or Woodcutter's decision waits."""
    if kind == "answer":
        how = "answer with the buttons below" if options else "type your answer below"
        return "not played in this puzzle" + ("" if finished else f": {how}")
    if pending is not None:
        return "choose below what your " + (
            "Fox swaps" if pending == "exchange" else "Woodcutter puts back")
    return {"solved": "puzzle solved" + (", not counted: the answer was seen" if seen else ""),
            "failed": "this attempt is over: press Retry to try again",
            "shown": "the solution is played out below: press Retry to try it yourself",
            }.get(status, "")


def puzzle_place(where: str, kind_words: str) -> str:
    """'Puzzle 3 of 12 · Predict' (the stars and the level follow)."""
    return f"Puzzle {where} \u00b7 {kind_words}"


def difficulty(level: int) -> str:
    return f"difficulty {level} of 3"


def opponent_note(n: int, how: str) -> str:
    return f"\u00b7 {count(n, 'card')}, {how}"


def trick_of(number: int) -> str:
    """'Trick 8 of 13', or 'The last trick'."""
    return sentence("the last trick" if number == 13 else f"trick {number} of 13")


def trick_head(number: int, winner: str | None = None, next_leader: str | None = None) -> str:
    """A given trick of a puzzle: 'Trick 12 (the last trick)' before its winner may be told,
    then 'Trick 12: You won; you lead next'."""
    if winner is None:
        return f"Trick {number}" + (" (the last trick)" if number == 13 else "")
    nxt = "" if next_leader is None else f"; {subject(next_leader, 'leads')} next"
    return f"Trick {number}: {winner} won{nxt}"


def given_play(you: bool, lead: bool, move_words: str, woodcutter: str | None = None) -> str:
    """One given play of a predict or score puzzle: 'You lead the 3 of Bells (3B)'; the
    opponent's Woodcutter hides what went under the deck (``woodcutter``: its name and code)."""
    who_ = "You" if you else "Your opponent"
    verb = ("lead" if lead else "follow with") if you else ("leads" if lead else "follows with")
    if woodcutter is not None and not you:
        return f"{who_} {verb} the {woodcutter} and puts a card under the deck"
    return f"{who_} {verb} {move_words}"


def tricks_before(you: int, opponent: int) -> str:
    return (f"Before these cards: you have won {you} {plural(you, 'trick')}, your opponent "
            f"{opponent}.")


def score_so_far(score: int, treasure: int, tricks: int) -> tuple:
    """A score puzzle's board line: ('7 points (with 2 Treasure points from this round)',
    '4 tricks this round')."""
    gain = (f" (with {treasure} Treasure {plural(treasure, 'point')} from this round)"
            if treasure else "")
    return f"{score} points{gain}", f"{tricks} {plural(tricks, 'trick')} this round"


#: A puzzle set's level (``foxlib.teaching.puzzles.set_level``: its median puzzle's, measured
#: by the engine and the solver), for the set lists of the puzzle page and the contents page.
SET_LEVELS = {1: "Beginner", 2: "Intermediate", 3: "Advanced"}
SET_LEVEL_TIP = ("How hard the set is, measured from its puzzles: how many decisions matter, "
                 "how many wrong answers look right, and how many special rules come in.")


def set_level_words(level: int | None) -> str:
    """'Level 1 · Beginner' (empty when a set has no level)."""
    return f"Level {level} \u00b7 {SET_LEVELS[level]}" if level in SET_LEVELS else ""


def set_option(title: str, solved: int, n: int, level: int | None = None) -> str:
    """The set menu's entry: 'Trump and the decree card — Level 1 · Beginner (2/7)'."""
    words = set_level_words(level)
    return (f"{title} \u2014 {words}" if words else title) + f" ({solved}/{n})"


def puzzle_option(number: int, title: str, level: str, solved: bool, seen: bool) -> str:
    mark = "\u2714 " if solved else ""
    return f"{mark}{number}. {title} ({level}{', solution seen' if seen else ''})"


def set_solved(title: str, k: int, n: int) -> str:
    return f"{title}: {k} of {n} solved"


def progress_title(solved: int, total: int) -> str:
    return f"Your progress: {solved} of {total} puzzles solved"


def upload_title(title: str) -> str:
    return f"{title} (uploaded)"


def check_fails(name: str, pid: str, line: str) -> str:
    return f"{name}, puzzle {pid}: the check fails: {line}"


def upload_head(name: str, puzzles: int, problems: int) -> str:
    return (f"{name}: {puzzles} {plural(puzzles, 'puzzle')} loaded, {problems} "
            f"{plural(problems, 'problem')}.")


def puzzle_format_help() -> list:
    """The puzzle file format in a few lines (markup: <code>, <b>), for the page itself (a web
    user cannot open the project's docs)."""
    goals = ("<code>win-trick</code>, <code>lose-trick</code>, <code>lead-next</code>, "
             "<code>take-treasure</code> (one card to play); <code>band:Humble</code>, "
             "<code>band:Defeated</code>, <code>band:Victorious</code>, <code>band:Greedy</code> "
             "(play to the end of the round); <code>who-wins</code>, <code>who-leads-next</code> "
             "(with <code>plays</code>: the cards of one trick); <code>round-points</code>, "
             "<code>final-score</code>, <code>game-winner</code> (count at the end of a round)")
    return [
        "One file is one set: <code>format</code> (always <code>fox-puzzles/1</code>), "
        "<code>id</code>, <code>title</code> and a list of <code>puzzles</code>.",
        "A card is its rank, then its suit's letter: <b>B</b>ells, <b>K</b>eys, <b>M</b>oons. "
        "<code>9M</code> is the 9 of Moons, <code>11B</code> the 11 of Bells.",
        "Each puzzle has an <code>id</code>, a <code>title</code> and a "
        "<code>difficulty</code> (1 easy to 3 hard). The learner is player A.",
        "<code>position</code>: the <code>decree</code> card; the <code>leader</code> of the "
        "trick now (A or B); both <code>hands</code>; the card already led, in "
        "<code>trick</code> (if any); the <code>tricks_won</code> so far. The tricks won and "
        "the cards still in a hand must make 13 tricks.",
        f"<code>goal</code>: {goals}.",
        "<code>solution</code>: every right answer (cards, A/B, or a number); "
        "<code>hints</code>: one or more; <code>explanation</code>: why. Optional: "
        "<code>prompt</code> (words above the question) and <code>wrong</code> (words for a "
        "tempting wrong answer).",
    ]
