"""The goal file format (``fox-goals/1``, docs/goals.md) as one description: ``SCHEMA`` (the
file), ``FORMS`` (one per kind of condition) and the blocks of docs/goals.md rendered from
them (``python -m foxlib goals schema --update-docs docs/goals.md``). ``foxlib.engine.goal_sets``
reads and checks goal files with it. Every name here is a name of ``foxlib.engine.goals`` too.
Standard library only.
"""
from __future__ import annotations

from ..core.goal_format import CHARACTER_RANKS, EVENTS, FORMAT, ROUND_TRICKS
from ..core.schema import DocBlocks, card_problem, format_field, render_fields

SOURCES = ("house", "printed")
KINDS = ("once", "ongoing")
#: The special cards of the Deluxe box (rulings SC1-SC19): a card description may name one.
SPECIAL_CARDS = ("Axe", "Tree", "Fairy", "Crown", "Mirror", "Bow", "Hammer", "Potion", "Shovel")
SUIT_LETTERS = ("B", "K", "M")


# ----------------------------------------------------------------------------- the schema

FORMATS = {"card": card_problem}
_TEXT = {"type": "string", "pattern": "\\S", "x-message": "must be a non-empty text, not "
                                                          "{value!r}."}
_IDENT = {"type": "string", "minLength": 1, "pattern": "^[A-Za-z0-9-]+$",
          "x-messages": {"type": "must be a non-empty text, not {value!r}.",
                         "minLength": "must be a non-empty text, not {value!r}.",
                         "pattern": "'{value}' may use only letters, digits and dashes."}}
_COUNT_MSG = "must be a whole number of at least {minimum}, not {value!r}."
_N0 = {"type": "integer", "minimum": 0, "x-message": _COUNT_MSG}
_N1 = {"type": "integer", "minimum": 1, "x-message": _COUNT_MSG}

_SPEC = {
    "title": "A card description",
    "description": "Which cards count: every field given must hold (`{}` is any card). "
                   "`{\"character\": \"Swan\"}` is any 1, `{\"suit\": \"M\", \"rank\": 9}` the "
                   "9 of Moons, `{\"trump\": true}` any card of the trump suit",
    "type": "object", "additionalProperties": False,
    "x-missing": 'this field is missing: say which cards count, like {{"character": '
                 '"Treasure"}}.',
    "x-messages": {"type": 'must be a card description like {{"character": "Swan"}}, not '
                           "{kind}.",
                   "additionalProperties": "unknown field; a card description has {names}."},
    "properties": {
        "card": {"type": "string", "format": "card", "x-message": "unknown card: {detail}",
                 "description": "one card: rank then suit letter, `9M`"},
        "rank": {"enum": list(range(1, 12)),
                 "x-message": "must be a rank from 1 to 11, not {value!r}.",
                 "description": "a rank, 1 to 11"},
        "suit": {"enum": list(SUIT_LETTERS),
                 "x-message": "must be a suit letter, B, K or M (Bells, Keys, Moons in the "
                              "classic theme), not {value!r}.",
                 "description": "a suit letter, as in card codes: `B`, `K` or `M` (each theme "
                                "names it in its own words)"},
        "character": {"enum": list(CHARACTER_RANKS),
                      "x-message": "must be a character: " + ", ".join(CHARACTER_RANKS)
                                   + "; not {value!r}.",
                      "description": "a character (the odd ranks): " + ", ".join(
                          f"{n} ({r})" for n, r in CHARACTER_RANKS.items())},
        "special": {"enum": list(SPECIAL_CARDS),
                    "x-message": "must be a special card: " + ", ".join(SPECIAL_CARDS)
                                 + "; not {value!r}.",
                    "description": "a Deluxe special card by name (rank, suit, character and "
                                   "trump describe suit cards only)"},
        "trump": {"type": "boolean", "x-message": "must be true or false, not {value!r}.",
                  "description": "`true`: of the trump suit at that trick (after any Fox); "
                                 "`false`: not (a lone Witch counts as trump to decide the "
                                 "trick, but it is not a trump card)"},
    }}
_RANGE = {
    "title": "A count",
    "description": "A number (`3` means at least 3), or an object with `exactly`, or with "
                   "`at_least` and/or `at_most`",
    "oneOf": [dict(_N0, description="at least this many"), {
        "type": "object", "additionalProperties": False,
        "x-messages": {"additionalProperties": "unknown field; a count has {names}."},
        "properties": {"exactly": dict(_N0, description="exactly this many"),
                       "at_least": dict(_N0, description="this many or more"),
                       "at_most": dict(_N0, description="this many or fewer")}}],
    "x-messages": {"oneOf": "must be a number or an object like {{\"at_least\": 7}}, not "
                            "{found}."}}
#: Where a condition nests another one: the docs link it; validation dispatches on it.
_CONDITION_LINK = {"title": "A condition", "type": "object"}
_TRICK_FIELDS = {
    "with": _SPEC,
    "against": _SPEC,
    "trick": {"enum": ["first", "last"] + list(range(1, ROUND_TRICKS + 1)),
              "x-message": "must be \"first\", \"last\" or a trick number from 1 to 13, not "
                           "{value!r}.",
              "description": "only this trick: `\"first\"`, `\"last\"` (trick 13) or its "
                             "number"},
    "led": {"type": "boolean", "x-message": "must be true or false, not {value!r}.",
            "description": "`true`: only a trick the player led; `false`: only one they "
                           "followed in"},
}


def _event(name: str, title: str, description: str, props: dict, required=()) -> dict:
    event = {"const": name, "x-message": f"must be {name!r} in this form.",
             "description": "the kind of event"}
    return {"title": title, "description": description, "type": "object",
            "required": ["event", *required], "additionalProperties": False,
            "x-messages": {"additionalProperties": f"unknown field; a {name} condition has "
                                                   "{names}."},
            "properties": {"event": event, **props}}


def _combinator(name: str, title: str, description: str, node: dict) -> dict:
    return {"title": title, "description": description, "type": "object",
            "required": [name], "additionalProperties": False,
            "x-messages": {"additionalProperties": f"unknown field; an {name!r} condition has "
                                                   "only {names}."},
            "properties": {name: node}}


_LIST = {"type": "array", "minItems": 1, "items": _CONDITION_LINK,
         "x-messages": {"type": "must be a non-empty list of conditions, not {found}.",
                        "minItems": "must be a non-empty list of conditions."},
         "description": "the conditions"}
FORMS = {
    "win_trick": _event(
        "win_trick", "A win-trick condition",
        "`\"event\": \"win_trick\"`: the player wins a trick; `with`: their own card in it, "
        "`against`: the opponent's, `trick`: which trick, `led`: whether they led it (each "
        "field given must hold). Triggers at every such trick", _TRICK_FIELDS),
    "lose_trick": _event(
        "lose_trick", "A lose-trick condition",
        "`\"event\": \"lose_trick\"`: the player loses a trick; the fields as for win_trick. "
        "Triggers at every such trick",
        _TRICK_FIELDS),
    "take": _event(
        "take", "A take condition",
        "`\"event\": \"take\"`: the player takes cards in the tricks they win (both cards of "
        "a won trick are taken). "
        "Met when the number of matching cards taken this round reaches `count`; an ongoing "
        "goal triggers at every `count`-th matching card",
        {"cards": _SPEC,
         "count": dict(_N1, default=1, description="how many matching cards")},
        required=["cards"]),
    "win_tricks": _event(
        "win_tricks", "A win-tricks condition",
        "`\"event\": \"win_tricks\"`: the player has won `count` tricks this round (tricks "
        "won before a position a round "
        "starts from count too). Met at the trick that makes the number; once only",
        {"count": dict(_N1, description="how many tricks, 1 to 13")}, required=["count"]),
    "streak": _event(
        "streak", "A streak condition",
        "`\"event\": \"streak\"`: the player wins `tricks` tricks in a row (`with`: only tricks "
        "won with such a card count). Met at the trick that completes the run; an "
        "ongoing goal triggers for every run of that length (six in a row is two runs of "
        "three)",
        {"tricks": dict(_N1, description="how many in a row, 2 to 13"),
         "with": _SPEC},
        required=["tricks"]),
    "round_end": _event(
        "round_end", "A round-end condition",
        "`\"event\": \"round_end\"`: checked once, at the end of the round: `tricks`, how many "
        "tricks the player won, and/or `taken`, how many cards of a kind they took (give at "
        "least one)",
        {"tricks": _RANGE,
         "taken": {"title": "A taken count", "type": "object", "required": ["cards"],
                   "additionalProperties": False,
                   "description": "how many cards of a kind the player took in the round",
                   "x-messages": {"type": "must be an object like {{\"cards\": {{\"suit\": "
                                          "\"M\"}}, \"count\": {{\"at_most\": 2}}}}, not "
                                          "{kind}.",
                                  "additionalProperties": "unknown field; taken has {names}."},
                   "properties": {"cards": _SPEC, "count": dict(_RANGE, default=1)}}}),
    "all": _combinator("all", "An all condition",
                       "`all`: every condition in the list is met by the same player, at any "
                       "moments "
                       "of the round; met when the last of them is. Triggers once", _LIST),
    "any": _combinator("any", "An any condition",
                       "`any`: one of the conditions is met; triggers whenever one of them does "
                       "(once per trick)", _LIST),
    "never": _combinator("never", "A never condition",
                         "`never`: met at the end of the round when the player never met the "
                         "condition during it. Triggers once",
                         dict(_CONDITION_LINK, description="the condition not to meet")),
}
_CONDITION = {
    "title": "A condition",
    "description": "An object naming its `event` (`" + "`, `".join(EVENTS) + "`), or "
                   "combining other conditions (`all`, `any`, `never`)",
    "oneOf": list(FORMS.values())}
_GOAL = {
    "title": "A goal",
    "type": "object", "additionalProperties": False,
    "required": ["id", "title", "source", "kind", "points", "condition"],
    "x-messages": {"type": "a goal is a JSON object, not {kind}.",
                   "additionalProperties": "unknown field; a goal has {names}."},
    "properties": {
        "id": dict(_IDENT, description="unique in the file; letters, digits and dashes"),
        "title": dict(_TEXT, description="a short name (a house goal's is our own)"),
        "source": {"enum": list(SOURCES),
                   "x-message": "must be \"house\" (a goal of this project) or \"printed\" (a "
                                "card of the box typed in by its owner), not {value!r}.",
                   "description": "`\"house\"`: a house goal of this project; `\"printed\"`: "
                                  "one of the box's goal cards, typed in by its owner"},
        "kind": {"enum": list(KINDS),
                 "x-message": "must be \"once\" (claimed once) or \"ongoing\" (triggers every "
                              "time during the round), not {value!r}.",
                 "description": "`\"once\"`: the first player to meet it claims it; "
                                "`\"ongoing\"`: it stays for the round and triggers every time"},
        "points": {"type": "integer", "x-message": "must be a whole number of points (negative "
                                                   "for a loss), not {value!r}.",
                   "description": "gained when claimed or triggered; negative: lost (a score "
                                  "never goes below 0)"},
        "condition": _CONDITION,
        "text": dict(_TEXT, description="the goal's words as shown to players (default: made "
                                        "from the condition)"),
    }}
#: The structure of a goal file, in JSON Schema (the subset ``foxlib.core.schema``
#: validates): ``read_goals`` checks files with it and docs/goals.md is rendered from it.
SCHEMA = {
    "title": "The goal file",
    "description": "A goal file is one JSON object holding a list of goals",
    "type": "object", "required": ["format", "id", "title", "goals"],
    "additionalProperties": False,
    "x-messages": {"type": "a goal file is a JSON object with 'format', 'id', 'title' and "
                           "'goals', not {kind}.",
                   "additionalProperties": "unknown field; a goal file has {names}."},
    "properties": {
        "format": format_field(FORMAT),
        "id": dict(_IDENT, description="letters, digits and dashes"),
        "title": dict(_TEXT, description="what the file holds"),
        "description": dict(_TEXT, description="a sentence about the file"),
        "goals": {"type": "array", "minItems": 1, "items": _GOAL,
                  "x-messages": {"type": "must be a non-empty list of goals.",
                                 "minItems": "must be a non-empty list of goals."},
                  "description": "the goals"},
    }}


def _shape_only(node):
    """A copy of ``node`` in which every condition is checked only to be an object: a
    condition is checked by the form its ``event`` (or combinator) names (``_check_condition``),
    which says better what is wrong than a failed ``oneOf``."""
    if node is _CONDITION or node is _CONDITION_LINK:
        return {"type": "object", "x-message": 'must be a condition like {{"event": '
                                               '"win_trick"}}, not {found}.'}
    if isinstance(node, dict):
        return {k: _shape_only(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_shape_only(v) for v in node]
    return node


_VALIDATION = _shape_only(SCHEMA)
_FORM_VALIDATION = {name: _shape_only(form) for name, form in FORMS.items()}


# ----------------------------------------------------------------------------- docs

BLOCKS = ("goal fields",)
_COMMAND = "python -m foxlib goals schema --update-docs docs/goals.md"


def render(block: str) -> str:
    if block == "goal fields":
        return render_fields(SCHEMA)
    raise ValueError(f"There is no generated block {block!r}; the blocks are {BLOCKS}.")


DOCS = DocBlocks(BLOCKS, "foxlib.engine.goals.SCHEMA", _COMMAND, render)
begin_marker, end_marker = DOCS.begin_marker, DOCS.end_marker
update_docs, generated_block = DOCS.update, DOCS.block
