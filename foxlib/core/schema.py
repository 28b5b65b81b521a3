"""A small subset of JSON Schema, standard library only: a validator, the Markdown tables of a
schema's fields, and the generated blocks of the docs. A file format's schema is then the one
description of its structure: its loader checks files with it and its docs are rendered from
it. The puzzle files (``foxlib.teaching.puzzles.format.SCHEMA``) and the goal files
(``foxlib.engine.goals.SCHEMA``) use it.

Keywords checked, in this order at each value:

- ``format``: a named checker (``formats`` maps the name to a function returning a reason, or
  None); it runs first, whatever the value's type, because it knows the value best;
- ``type`` (one name or a list; ``true`` is a boolean, never an integer), ``const``, ``enum``,
  ``pattern`` (ECMA-262: ``$`` is the end of the text), ``minLength``, ``minimum``;
- arrays: ``minItems``, ``maxItems``, then ``items`` for each item;
- objects: ``additionalProperties`` (only ``false``: unknown keys), then ``properties`` in the
  schema's order, each checked if present or reported if it is ``required``;
- ``oneOf``: the branches that admit the value's JSON type are tried; the value must pass one.

A failure of a value's own keywords stops there (its items or fields are not checked), except a
wrong array size, which is reported before the items are checked.

Annotations, ignored here: ``title``, ``description``, ``default``, ``examples``. Messages,
which are the loader's wording (lower-case start, a full sentence):

- ``x-message``: every failure of this value's own keywords is this one message, at its path;
- ``x-messages``: ``{keyword: message}``, for one keyword only;
- ``x-missing``: on a property's schema, the message when that required property is missing.

A message is a ``str.format`` template with ``value`` (``{value!r}``), ``kind`` ("a list"),
``found`` (``the text '9M 2B'`` for a text, else its kind), ``count`` (items in a list),
``key`` (an unknown field), ``names`` (the known fields: "a, b and c"), ``detail`` (the format
checker's reason) and the schema's own keywords (``{minimum}``, ``{const!r}``...).
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from .cards import Card
from .errors import FoxError, json_kind

#: The keywords this validator checks, and the ones it reads as annotations or messages.
KEYWORDS = ("format", "type", "const", "enum", "pattern", "minLength", "minimum", "minItems",
            "maxItems", "items", "required", "additionalProperties", "properties", "oneOf")
ANNOTATIONS = ("title", "description", "default", "examples", "x-message", "x-messages",
               "x-missing")

TYPE_WORDS = {"string": "a text", "integer": "a whole number", "number": "a number",
              "boolean": "true or false", "array": "a list", "object": "an object",
              "null": "null"}

DEFAULT_MESSAGES = {
    "format": "{detail}",
    "type": "must be {expected}, not {found}.",
    "const": "must be {const!r}, not {value!r}.",
    "enum": "must be one of {choices}, not {value!r}.",
    "pattern": "{value!r} does not match the pattern {pattern}.",
    "minLength": "must be at least {minLength} characters long, not {value!r}.",
    "minimum": "must be at least {minimum}, not {value!r}.",
    "minItems": "must hold at least {minItems} items, not {count}.",
    "maxItems": "must hold at most {maxItems} items, not {count}.",
    "additionalProperties": "unknown field; the fields are {names}.",
    "required": "this field is missing.",
    "oneOf": "must be {expected}, not {found}.",
}


@dataclass(frozen=True)
class SchemaError:
    """One failure: where (keys and list indexes from the document's root) and why."""

    path: tuple
    message: str

    @property
    def field(self) -> str:
        return field_name(self.path)


def field_name(path) -> str:
    """``('position', 'hands', 'A', 2)`` -> ``'position.hands.A[2]'``, as the loader names
    fields."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def names_list(keys) -> str:
    """'a, b and c' (sorted)."""
    keys = sorted(keys)
    if len(keys) < 2:
        return "".join(keys)
    return ", ".join(keys[:-1]) + " and " + keys[-1]


_JSON_TYPES = {type(None): "null", bool: "boolean", int: "integer", float: "number",
               str: "string", list: "array", tuple: "array", dict: "object"}


def json_type(value) -> str:
    """The JSON Schema type of a decoded JSON value (``true`` is a boolean, not an integer)."""
    kind = _JSON_TYPES.get(type(value))
    if kind is None:
        kind = "boolean" if isinstance(value, bool) else "integer" if isinstance(value, int) \
            else type(value).__name__
    return kind


def has_type(value, expected) -> bool:
    types = [expected] if isinstance(expected, str) else list(expected)
    kind = json_type(value)
    return kind in types or (kind == "integer" and "number" in types)


def same_value(a, b) -> bool:
    """JSON equality: 1 == 1.0, but true is not 1 and "1" is not 1 (in lists and objects too)."""
    numbers = ("integer", "number")
    ta, tb = json_type(a), json_type(b)
    if ta != tb and not (ta in numbers and tb in numbers):
        return False
    if ta == "array":
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if ta == "object":
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return a == b


def validate(value, schema: dict, formats=None) -> list:
    """Every failure of ``value`` against ``schema``, as ``SchemaError`` s, in document order."""
    out = []
    _check(value, schema, (), formats or {}, out)
    return out


def check_schema(schema: dict, where: str = "schema") -> None:
    """Raise ValueError if the schema uses a keyword this validator does not know (a keyword it
    would silently ignore is a rule that is documented but never checked)."""
    if not isinstance(schema, dict):
        raise ValueError(f"{where}: a schema is an object, not {json_kind(schema)}.")
    for key, sub in schema.items():
        if key not in KEYWORDS and key not in ANNOTATIONS:
            raise ValueError(f"{where}: the validator does not know the keyword {key!r}.")
        if key == "x-messages":
            for name in sub:
                if name not in DEFAULT_MESSAGES:
                    raise ValueError(f"{where}: x-messages has no keyword {name!r}.")
    if schema.get("additionalProperties", False) is not False:
        raise ValueError(f"{where}: only \"additionalProperties\": false is supported.")
    for name, sub in schema.get("properties", {}).items():
        check_schema(sub, f"{where}.properties.{name}")
    if "items" in schema:
        check_schema(schema["items"], f"{where}.items")
    for i, sub in enumerate(schema.get("oneOf", ())):
        check_schema(sub, f"{where}.oneOf[{i}]")
    for name in schema.get("required", ()):
        if name not in schema.get("properties", {}):
            raise ValueError(f"{where}: the required field {name!r} has no schema.")


# ----------------------------------------------------------------------------- checking

class _Stop(Exception):
    """Raised by a probe at its first failure."""


class _Probe(list):
    """An error list for trying a ``oneOf`` branch: it stops at the first failure, and no
    message is written."""

    def fail(self, *_args, **_kwargs):
        raise _Stop


def _passes(value, schema, formats) -> bool:
    try:
        _check(value, schema, (), formats, _Probe())
    except _Stop:
        return False
    return True


def _fail(out, path, schema, keyword, value, default=None, **extra) -> None:
    if isinstance(out, _Probe):
        out.fail()
    out.append(SchemaError(path, _message(schema, keyword, value, default, **extra)))


def _check(value, schema, path, formats, out) -> None:
    failed = _own_failure(value, schema, formats)
    if failed:
        keyword, detail = failed
        _fail(out, path, schema, keyword, value, detail=detail)
        return
    if "oneOf" in schema:
        _one_of(value, schema, path, formats, out)
        return
    kind = json_type(value)
    if kind == "array":
        _array(value, schema, path, formats, out)
    elif kind == "object":
        _object(value, schema, path, formats, out)


def _own_failure(value, schema, formats):
    """(keyword, detail) of the first failing value-level keyword, or None."""
    checker = formats.get(schema.get("format"))
    if checker is not None:
        reason = checker(value)
        if reason:
            return "format", reason
    if "type" in schema and not has_type(value, schema["type"]):
        return "type", ""
    if "const" in schema and not same_value(value, schema["const"]):
        return "const", ""
    if "enum" in schema and not any(same_value(value, v) for v in schema["enum"]):
        return "enum", ""
    if isinstance(value, str):
        if "pattern" in schema and not _pattern(schema["pattern"]).search(value):
            return "pattern", ""
        if len(value) < schema.get("minLength", 0):
            return "minLength", ""
    if "minimum" in schema and has_type(value, "number") and value < schema["minimum"]:
        return "minimum", ""
    return None


def _pattern(pattern: str):
    # ECMA-262 '$' is the end of the text; Python's also matches before a final newline.
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


def _array(value, schema, path, formats, out) -> None:
    size = None
    if len(value) < schema.get("minItems", 0):
        size = "minItems"
    elif "maxItems" in schema and len(value) > schema["maxItems"]:
        size = "maxItems"
    if size:
        _fail(out, path, schema, size, value)
        if "x-message" in schema:
            return
    if "items" in schema:
        for i, item in enumerate(value):
            _check(item, schema["items"], path + (i,), formats, out)


def _object(value, schema, path, formats, out) -> None:
    props = schema.get("properties", {})
    required = schema.get("required", ())
    unknown = []
    if schema.get("additionalProperties", True) is False:
        unknown = sorted((k for k in value if k not in props), key=str)
    missing = [k for k in props if k in required and k not in value]
    if "x-message" in schema and (unknown or missing):
        _fail(out, path, schema, "required", value)
        return
    for key in unknown:
        _fail(out, path + (key,), schema, "additionalProperties", value[key], key=key,
              names=names_list(props))
    for key, sub in props.items():
        if key in value:
            _check(value[key], sub, path + (key,), formats, out)
        elif key in required:
            if isinstance(out, _Probe):
                out.fail()
            text = sub.get("x-missing") or schema.get("x-messages", {}).get("required") or \
                DEFAULT_MESSAGES["required"]
            out.append(SchemaError(path + (key,), _fill(text, sub, None, key=key)))


def _one_of(value, schema, path, formats, out) -> None:
    fitting = [b for b in schema["oneOf"] if _admits(b, value)]
    if len(fitting) == 1:
        _check(value, fitting[0], path, formats, out)
        return
    passing = [b for b in fitting if _passes(value, b, formats)]
    if len(passing) != 1:
        expected = " or ".join(dict.fromkeys(_expected(b) for b in schema["oneOf"]))
        # Some branch was meant for a value of this type but none (or several) took it.
        default = None if not fitting else \
            "{value!r} does not fit exactly one of the forms ({expected})."
        _fail(out, path, schema, "oneOf", value, default, expected=expected)


def _admits(schema, value) -> bool:
    """Could ``value`` be meant for this branch (judged by its JSON type only)?"""
    if "type" in schema:
        return has_type(value, schema["type"])
    if "const" in schema:
        return has_type(value, json_type(schema["const"]))
    if "enum" in schema:
        return any(has_type(value, json_type(v)) for v in schema["enum"])
    if "oneOf" in schema:
        return any(_admits(b, value) for b in schema["oneOf"])
    return True


def _expected(schema) -> str:
    if "type" in schema:
        types = [schema["type"]] if isinstance(schema["type"], str) else schema["type"]
        return " or ".join(TYPE_WORDS.get(t, t) for t in types)
    if "const" in schema:
        return repr(schema["const"])
    if "enum" in schema:
        return "one of " + ", ".join(map(repr, schema["enum"]))
    if "oneOf" in schema:
        return " or ".join(dict.fromkeys(_expected(b) for b in schema["oneOf"]))
    return "something else"


# ----------------------------------------------------------------------------- messages

def _message(schema, keyword, value, default=None, **extra) -> str:
    text = schema.get("x-message") or schema.get("x-messages", {}).get(keyword) or \
        default or DEFAULT_MESSAGES[keyword]
    if keyword == "type" and "expected" not in extra:
        extra["expected"] = _expected(schema)
    return _fill(text, schema, value, **extra)


def _fill(text, schema, value, **extra) -> str:
    words = {k: v for k, v in schema.items() if k.isidentifier()}
    if "enum" in schema:
        words["choices"] = ", ".join(map(str, schema["enum"]))
    words.update(value=value, kind=json_kind(value),
                 found=f"the text {value!r}" if isinstance(value, str) else json_kind(value),
                 count=len(value) if isinstance(value, (list, dict, str)) else 0,
                 key="", names="", detail="")
    words.update(extra)
    return text.format(**words)


def format_field(name: str) -> dict:
    """The schema of a file's ``format`` field, which must be exactly ``name`` (e.g. ``fox-goals/1``)."""
    return {"const": name, "x-message": f'write "format": "{name}" (found {{value!r}}).',
            "x-missing": f'this field is missing: write "format": "{name}".',
            "description": "the format and its version"}


def card_problem(value) -> str | None:
    """The ``card`` format (a card name like '9M'): why ``value`` is not a card, or None."""
    try:
        Card(value)
    except FoxError as exc:
        return str(exc)
    return None


# ----------------------------------------------------------------------------- the field tables

def parts(schema: dict) -> list:
    """The titled parts of the schema, in the order they first appear (depth first)."""
    found, seen = [], set()

    def walk(node):
        title = node.get("title")
        if title and title not in seen:
            seen.add(title)
            found.append(node)
        for sub in node.get("properties", {}).values():
            walk(sub)
        if "items" in node:
            walk(node["items"])
        for sub in node.get("oneOf", ()):
            walk(sub)
    walk(schema)
    return found


def render_fields(schema: dict) -> str:
    """Markdown: for each titled part of ``schema``, its description and a table of its fields."""
    out = []
    for part in parts(schema):
        out.append(f"### {part['title']}\n")
        if part.get("description"):
            out.append(_sentence(part["description"]) + "\n")
        if "oneOf" in part:
            out.append("One of:\n")
            tables = []
            for branch in part["oneOf"]:
                if "properties" in branch and "title" not in branch:
                    out.append("* an object with these fields:")
                    tables.append(branch)
                elif branch.get("description") and "title" not in branch:
                    out.append(f"* {type_words(branch)}: {branch['description']}")
                else:
                    out.append(f"* {type_words(branch)}")
            out.append("")
            for branch in tables:
                out.append(_table(branch) + "\n")
        elif "properties" in part:
            out.append(_table(part) + "\n")
    return "\n".join(out).rstrip("\n")


def _table(node: dict) -> str:
    rows = ["| Field | Type | Required | What |", "| --- | --- | --- | --- |"]
    required = node.get("required", ())
    for name, sub in node["properties"].items():
        what = "" if sub.get("title") else sub.get("description", "")
        if "default" in sub:
            what += f" (default: `{json.dumps(sub['default'])}`)"
        rows.append(f"| `{name}` | {type_words(sub)} | {'yes' if name in required else 'no'} "
                    f"| {what} |".replace("|  |", "| |"))
    return "\n".join(rows)


def type_words(node: dict, plural: bool = False) -> str:
    """What a value of this schema is, in a few words (Markdown), as the tables show it."""
    if node.get("title"):
        words = node["title"].split(" ", 1)[1] + "s" if plural else node["title"].lower()
        return f"[{words}](#{anchor(node['title'])})"
    if node.get("format") == "card":
        return "cards" if plural else "card"
    if "const" in node:
        return f"`{json.dumps(node['const'])}`"
    if "enum" in node:
        return _or([f"`{json.dumps(v)}`" for v in node["enum"]])
    if "oneOf" in node:
        return " or ".join(type_words(b, plural) for b in node["oneOf"])
    kind = node.get("type")
    if kind == "string":
        if node.get("pattern") == "\\S":
            return "non-empty texts" if plural else "non-empty text"
        text = "texts" if plural else "text"
        return f"{text} matching `{node['pattern']}`" if "pattern" in node else text
    if kind == "integer":
        words = "whole numbers" if plural else "whole number"
        return words + (f", at least {node['minimum']}" if "minimum" in node else "")
    if kind == "boolean":
        return "`true` or `false`"
    if kind == "array":
        return _list_words(node)
    if kind == "object":
        fields = ", ".join(f"`{k}` ({type_words(v)})" for k, v in node.get("properties", {})
                           .items())
        return f"object: {fields}" if fields else "object"
    return str(kind)


def _list_words(node: dict) -> str:
    low, high = node.get("minItems"), node.get("maxItems")
    items = node.get("items", {})
    if "enum" in items:
        what = "of " + type_words(items)
    else:
        what = "of " + type_words(items, plural=True)
    if low is not None and low == high:
        return f"list of {low} " + what[3:]
    size = "non-empty list" if low == 1 else "list"
    if high == 1:
        return f"{size} of at most one {type_words(items)}"
    if high is not None:
        return f"{size} of at most {high} " + what[3:]
    return f"{size} {what}"


def anchor(title: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes."""
    return re.sub(r"[^a-z0-9 -]", "", title.lower()).replace(" ", "-")


def _or(words: list) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _sentence(text: str) -> str:
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", ")")) else text + "."


# ----------------------------------------------------------------------------- generated blocks of the docs
# The text between two HTML comment markers in a Markdown document, written from a schema by a
# command, so that a file format has one source for its checks and its docs.

class DocBlocks:
    """The generated blocks of one document: their names, who generates them (``source``,
    ``command``, named in the begin marker) and ``render(block)`` giving each one's Markdown."""

    def __init__(self, blocks, source: str, command: str, render):
        self.blocks, self.source, self.command, self.render = tuple(blocks), source, command, render

    def begin_marker(self, block: str) -> str:
        return f"<!-- {block}: generated from {self.source} by `{self.command}` -->"

    @staticmethod
    def end_marker(block: str) -> str:
        return f"<!-- end of {block} -->"

    def update(self, text: str) -> str:
        """``text`` with every block replaced by its current rendering. A block whose markers
        are missing is an error (the docs must hold each one exactly once)."""
        for block in self.blocks:
            begin, end = self.begin_marker(block), self.end_marker(block)
            if text.count(begin) != 1 or text.count(end) != 1 or \
                    text.index(begin) > text.index(end):
                raise ValueError(f"The docs must hold the markers {begin!r} and {end!r} once "
                                 "each, in that order.")
            head, rest = text.split(begin, 1)
            _, tail = rest.split(end, 1)
            text = f"{head}{begin}\n{self.render(block)}\n{end}{tail}"
        return text

    def block(self, text: str, block: str) -> str:
        """What ``text`` holds between the markers of ``block`` (without the newlines around it)."""
        return text.split(self.begin_marker(block), 1)[1].split(self.end_marker(block), 1)[0] \
            .strip("\n")

    def update_file(self, path) -> int:
        """The ``--update-docs FILE`` command: rewrite the file's blocks, say whether anything
        changed; exit code 2 (and the reason on stderr) when the file cannot be read or lacks a
        marker."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
            new = self.update(text)
        except (OSError, ValueError) as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            return 2
        if new != text:
            path.write_text(new, encoding="utf-8")
        print(f"{path}: {'updated' if new != text else 'already current'}.")
        return 0
