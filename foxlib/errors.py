"""Exceptions raised by foxlib. All subclass ValueError and carry a full-sentence reason."""


class FoxError(ValueError):
    """Base class: something about a card, a play or a saved state is not valid."""


class InvalidCard(FoxError):
    """A card name that does not name one of the 33 cards (e.g. '12M' or 'QX')."""


class IllegalAction(FoxError):
    """A play or decision the rules do not allow in this position; the message says why."""


class InvalidState(FoxError):
    """A position or saved game that cannot occur or cannot be read; the message says where."""


def json_kind(value) -> str:
    """What a decoded JSON value is, in the words of the JSON a user wrote ("a list", "null"),
    for error messages."""
    return {dict: "an object", list: "a list", tuple: "a list", str: "a text", int: "a number",
            float: "a number", bool: "true/false", type(None): "null"}.get(
                type(value), type(value).__name__)
