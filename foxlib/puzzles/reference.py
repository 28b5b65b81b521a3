"""The reference of the puzzle file format, rendered from ``SCHEMA`` so that the docs and the
loader share one source: a Markdown table of fields for each titled part of the schema (the
set, a puzzle, the position...), and the schema itself as JSON.

docs/puzzles.md holds both between markers; ``update_docs`` rewrites them (``python -m foxlib
puzzles schema --update-docs docs/puzzles.md``) and a test checks that they are current."""
from __future__ import annotations

import json
import re

from .format import SCHEMA

BLOCKS = ("schema fields", "schema json")
_COMMAND = "python -m foxlib puzzles schema --update-docs docs/puzzles.md"


def begin_marker(block: str) -> str:
    return f"<!-- {block}: generated from foxlib.puzzles.SCHEMA by `{_COMMAND}` -->"


def end_marker(block: str) -> str:
    return f"<!-- end of {block} -->"


def render(block: str, schema: dict = SCHEMA) -> str:
    """The Markdown of one generated block of the docs."""
    if block == "schema fields":
        return render_fields(schema)
    if block == "schema json":
        return "```json\n" + render_json(schema) + "\n```"
    raise ValueError(f"There is no generated block {block!r}; the blocks are {BLOCKS}.")


def render_json(schema: dict = SCHEMA) -> str:
    return json.dumps(schema, indent=2)


def update_docs(text: str, schema: dict = SCHEMA) -> str:
    """``text`` with every generated block replaced by its current rendering. A block whose
    markers are missing is an error (the docs must hold each one exactly once)."""
    for block in BLOCKS:
        begin, end = begin_marker(block), end_marker(block)
        if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
            raise ValueError(f"The docs must hold the markers {begin!r} and {end!r} once each, "
                             "in that order.")
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{begin}\n{render(block, schema)}\n{end}{tail}"
    return text


def generated_block(text: str, block: str) -> str:
    """What the docs hold between the markers of ``block`` (without the newlines around it)."""
    return text.split(begin_marker(block), 1)[1].split(end_marker(block), 1)[0].strip("\n")


# ----------------------------------------------------------------------------- the field tables

def parts(schema: dict = SCHEMA) -> list:
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


def render_fields(schema: dict = SCHEMA) -> str:
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
