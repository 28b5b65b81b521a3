"""The reference of the puzzle file format, rendered from ``SCHEMA`` so that the docs and the
loader share one source: a Markdown table of fields for each titled part of the schema (the
set, a puzzle, the position...), and the schema itself as JSON.

docs/puzzles.md holds both between markers; ``update_docs`` rewrites them (``python -m foxlib
puzzles schema --update-docs docs/puzzles.md``) and a test checks that they are current."""
from __future__ import annotations

import json

from ...core import schema as _schema
from ...core.schema import DocBlocks, anchor, type_words  # noqa: F401 (re-exported)
from .format import SCHEMA

BLOCKS = ("schema fields", "schema json")
_COMMAND = "python -m foxlib puzzles schema --update-docs docs/puzzles.md"


def render(block: str, schema: dict = SCHEMA) -> str:
    """The Markdown of one generated block of the docs."""
    if block == "schema fields":
        return render_fields(schema)
    if block == "schema json":
        return "```json\n" + render_json(schema) + "\n```"
    raise ValueError(f"There is no generated block {block!r}; the blocks are {BLOCKS}.")


def render_json(schema: dict = SCHEMA) -> str:
    return json.dumps(schema, indent=2)


DOCS = DocBlocks(BLOCKS, "foxlib.teaching.puzzles.SCHEMA", _COMMAND, render)
begin_marker, end_marker = DOCS.begin_marker, DOCS.end_marker


def update_docs(text: str, schema: dict = SCHEMA) -> str:
    """``text`` with every generated block replaced by its current rendering (missing markers
    are an error)."""
    if schema is SCHEMA:
        return DOCS.update(text)
    return DocBlocks(BLOCKS, "foxlib.teaching.puzzles.SCHEMA", _COMMAND,
                     lambda block: render(block, schema)).update(text)


def generated_block(text: str, block: str) -> str:
    """What the docs hold between the markers of ``block`` (without the newlines around it)."""
    return DOCS.block(text, block)


def parts(schema: dict = SCHEMA) -> list:
    return _schema.parts(schema)


def render_fields(schema: dict = SCHEMA) -> str:
    return _schema.render_fields(schema)
