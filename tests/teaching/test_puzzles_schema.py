"""The puzzle file schema is the one source of a file's structure: the loader validates with it
(foxlib/teaching/puzzles/schema.py, each keyword tested here) and docs/puzzles.md is rendered from it."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from foxlib.teaching.puzzles import DATA_DIR, EXAMPLE_FILE, SCHEMA, load_data
from foxlib.teaching.puzzles.format import FORMATS
from foxlib.teaching.puzzles.reference import (BLOCKS, generated_block, render, render_fields,
                                      update_docs)
from foxlib.teaching.puzzles.schema import (KEYWORDS, check_schema, field_name, names_list, same_value,
                                   validate)

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "puzzles.md"


def errors(value, schema, formats=None):
    return [(e.field, e.message) for e in validate(value, schema, formats)]


# ----------------------------------------------------------------------------- each keyword

def test_type_names_the_expected_and_the_found_kind():
    assert errors("x", {"type": "string"}) == []
    assert errors(3, {"type": "string"}) == [("", "must be a text, not a number.")]
    assert errors("9M 2B", {"type": "array"}) == [("", "must be a list, not the text '9M 2B'.")]
    assert errors(2, {"type": ["string", "integer"]}) == []


def test_type_true_is_not_an_integer_and_an_integer_is_a_number():
    assert errors(True, {"type": "integer"}) == [("", "must be a whole number, not true/false.")]
    assert errors(3, {"type": "number"}) == []
    assert errors(1.5, {"type": "integer"}) != []


def test_const_and_enum_use_json_equality():
    assert errors("fox-puzzles/1", {"const": "fox-puzzles/1"}) == []
    assert errors("x", {"const": "y"}) == [("", "must be 'y', not 'x'.")]
    assert errors(1.0, {"enum": [1, 2]}) == []
    assert errors(True, {"enum": [1, 2]}) == [("", "must be one of 1, 2, not True.")]
    assert errors({"hidden": True}, {"const": {"hidden": 1}}) != []
    assert same_value([1, {"a": 2}], [1.0, {"a": 2}]) and not same_value([True], [1])


def test_format_runs_a_named_checker_first_and_gives_its_reason():
    formats = {"even": lambda v: None if isinstance(v, int) and v % 2 == 0 else "it is odd."}
    schema = {"type": "integer", "format": "even"}
    assert errors(4, schema, formats) == []
    assert errors("x", schema, formats) == [("", "it is odd.")]     # before the type
    assert errors(3, schema) == []                                   # unknown format: no check


def test_card_format_reads_cards_as_the_engine_does():
    schema = {"format": "card", "x-message": "unknown card: {detail}"}
    assert errors("9m", schema, FORMATS) == []
    ((_, message),) = errors("12M", schema, FORMATS)
    assert message.startswith("unknown card: '12M' is not a card")


def test_pattern_searches_and_dollar_is_the_end_of_the_text():
    assert errors("a b", {"pattern": "\\S"}) == []
    assert errors("  ", {"pattern": "\\S"}) == [("", "'  ' does not match the pattern \\S.")]
    assert errors("ab\n", {"pattern": "^[a-z]+$"}) != []       # Python's $ would accept it
    assert errors(5, {"pattern": "^x$"}) == []                   # only texts have a pattern


def test_min_length_and_minimum():
    assert errors("", {"minLength": 1}) == [("", "must be at least 1 characters long, not ''.")]
    assert errors(0, {"minimum": 1}) == [("", "must be at least 1, not 0.")]
    assert errors(True, {"minimum": 5}) == []                    # not a number: no minimum


def test_array_sizes_are_reported_and_the_items_still_checked():
    schema = {"type": "array", "minItems": 2, "maxItems": 3, "items": {"type": "string"}}
    assert errors([1], schema) == [("", "must hold at least 2 items, not 1."),
                                   ("[0]", "must be a text, not a number.")]
    assert errors(["a"] * 4, schema) == [("", "must hold at most 3 items, not 4.")]


def test_required_and_unknown_fields_in_document_order():
    schema = {"type": "object", "required": ["a", "b"], "additionalProperties": False,
              "properties": {"b": {"type": "string"}, "a": {"type": "integer"}}}
    assert errors({"zz": 1, "b": 2, "c": 3}, schema) == [
        ("c", "unknown field; the fields are a and b."),
        ("zz", "unknown field; the fields are a and b."),
        ("b", "must be a text, not a number."),
        ("a", "this field is missing.")]


def test_nested_paths_are_named_as_the_loader_names_fields():
    schema = {"type": "object", "properties": {"hands": {"type": "object", "properties": {
        "A": {"type": "array", "items": {"type": "string"}}}}}}
    assert errors({"hands": {"A": ["9M", 5]}}, schema) == [
        ("hands.A[1]", "must be a text, not a number.")]
    assert field_name(("wrong", 0, "answer")) == "wrong[0].answer"
    assert names_list(["b", "c", "a"]) == "a, b and c"


def test_one_of_follows_the_branch_that_admits_the_type():
    schema = {"oneOf": [{"type": "array", "items": {"type": "string"}},
                        {"type": "object", "required": ["hidden"],
                         "properties": {"hidden": {"type": "integer"}}}]}
    assert errors(["a", 1], schema) == [("[1]", "must be a text, not a number.")]
    assert errors({}, schema) == [("hidden", "this field is missing.")]
    assert errors("x", schema) == [("", "must be a list or an object, not the text 'x'.")]


def test_one_of_with_several_admitting_branches_needs_exactly_one_to_pass():
    schema = {"oneOf": [{"enum": ["A", "B"]}, {"type": "string", "pattern": "^[0-9]+$"}]}
    assert errors("A", schema) == [] and errors("12", schema) == []
    assert errors("C", schema) == [
        ("", "'C' does not fit exactly one of the forms (one of 'A', 'B' or a text).")]


def test_one_of_refuses_a_value_that_two_branches_accept():
    schema = {"oneOf": [{"type": "string"}, {"type": "string", "minLength": 1}]}
    assert errors("", schema) == []
    assert errors("x", schema) == [("", "'x' does not fit exactly one of the forms (a text).")]


def test_x_message_of_a_list_stands_for_its_size_and_stops_there():
    schema = {"type": "array", "maxItems": 1, "items": {"type": "string"},
              "x-message": "must be a list of at most one text."}
    assert errors([3, 4], schema) == [("", "must be a list of at most one text.")]
    assert errors([3], schema) == [("[0]", "must be a text, not a number.")]


def test_x_message_replaces_every_failure_of_the_value_itself():
    schema = {"type": "object", "required": ["answer", "text"], "additionalProperties": False,
              "properties": {"answer": {}, "text": {"type": "string"}},
              "x-message": "must be an object with exactly 'answer' and 'text'."}
    message = [("", "must be an object with exactly 'answer' and 'text'.")]
    assert errors([], schema) == message
    assert errors({"answer": 1}, schema) == message
    assert errors({"answer": 1, "text": "t", "x": 0}, schema) == message
    assert errors({"answer": 1, "text": 2}, schema) == [("text", "must be a text, not a number.")]


def test_x_messages_and_x_missing_word_one_keyword_each():
    schema = {"type": "object", "required": ["hints"], "additionalProperties": False,
              "properties": {"hints": {"type": "array", "minItems": 1,
                                       "x-messages": {"minItems": "give at least one hint."},
                                       "x-missing": "this field is missing: give a hint."}},
              "x-messages": {"additionalProperties": "{key!r} is not a field of a puzzle."}}
    assert errors({}, schema) == [("hints", "this field is missing: give a hint.")]
    assert errors({"hints": []}, schema) == [("hints", "give at least one hint.")]
    assert errors({"hints": 3}, schema) == [("hints", "must be a list, not a number.")]
    assert errors({"hints": ["h"], "hintz": 1}, schema) == [
        ("hintz", "'hintz' is not a field of a puzzle.")]


def test_check_schema_refuses_a_keyword_the_validator_would_ignore():
    check_schema(SCHEMA)
    with pytest.raises(ValueError, match="maxLength"):
        check_schema({"type": "object", "properties": {"id": {"maxLength": 3}}})
    with pytest.raises(ValueError, match="additionalProperties"):
        check_schema({"additionalProperties": {"type": "string"}})
    with pytest.raises(ValueError, match="required field 'x'"):
        check_schema({"required": ["x"], "properties": {}})


def test_the_schema_uses_every_keyword_the_validator_knows():
    used = set()

    def walk(node):
        used.update(k for k in node if k in KEYWORDS)
        for sub in node.get("properties", {}).values():
            walk(sub)
        for sub in node.get("oneOf", ()):
            walk(sub)
        if "items" in node:
            walk(node["items"])
    walk(SCHEMA)
    assert used == set(KEYWORDS)


# ----------------------------------------------------------------------------- the loader

def test_shipped_files_and_the_example_match_the_schema():
    for path in sorted(DATA_DIR.glob("*.json")):
        assert validate(json.loads(path.read_text()), SCHEMA, FORMATS) == [], path.name
    assert validate(EXAMPLE_FILE, SCHEMA, FORMATS) == []


def _example(**changes):
    data = copy.deepcopy(EXAMPLE_FILE)
    data["puzzles"][0].update(changes)
    return data


def _problems(data):
    return [(p.field, p.reason) for p in load_data(data, "t.json").problems]


@pytest.mark.parametrize("changes, field, reason", [
    ({"difficulty": 4}, "difficulty", "Must be 1, 2 or 3 (easy, medium, hard), not 4."),
    ({"hints": []}, "hints", "Must be a non-empty list of texts."),
    ({"title": "  "}, "title", "Must be a non-empty text, not '  '."),
    ({"themes": ["wich"]}, "themes[0]", "Unknown tag 'wich'; the tags are follow, trump, swan, "
                                        "fox, woodcutter, treasure, witch, monarch, scoring, band, "
                                        "endgame, tie-break, faq-ability-timing, faq-witch-led, "
                                        "faq-witch-trump-led, faq-two-witches, faq-two-swans, poison, axe, tree, fairy, crown, mirror, bow, hammer, "
         "potion, shovel."),
    ({"id": "my id"}, "id", "'my id' may use only letters, digits and dashes."),
    ({"show_deck": "yes"}, "show_deck", "Must be true or false, not 'yes'."),
    ({"target": 0}, "target", "Must be a whole number of at least 1, not 0."),
    ({"wrong": [{"answer": "2K"}]}, "wrong[0]",
     "Must be an object with exactly 'answer' and 'text'."),
])
def test_loader_reports_the_schemas_wording(changes, field, reason):
    assert (field, reason) in _problems(_example(**changes))


def test_loader_wording_for_the_position_comes_from_the_schema():
    data = _example()
    pos = data["puzzles"][0]["position"]
    pos.update(trick=["10B", "2M"], deck={"hidden": 5}, leader="C")
    pos["hands"]["B"] = "1M"
    problems = _problems(data)
    assert ("position.trick", "Impossible position: a trick in progress holds only the led "
            "card; the second card ends the trick (put it in 'plays' instead).") in problems
    assert ("position.deck", 'A concealed deck is written {"hidden": 6}: the deck always holds '
            "6 cards.") in problems
    assert ("position.leader", "Must be 'A' or 'B' (who leads this trick), not 'C'.") in problems
    assert ("position.hands.B", "Must be a list of cards like [\"9M\", \"2B\"], not the text "
            "'1M'.") in problems


def test_an_answers_reason_comes_from_the_loader_that_knows_the_goal():
    predict = _example(goal="who-wins", plays=["9K"], solution=["C"])
    assert ("solution[0]", "The answer to 'who-wins' is one of A, B, not 'C'.") in \
        _problems(predict)
    # When the loader cannot judge the answers (a predict puzzle without plays), the schema's
    # reason stays.
    assert ("solution[0]", "'C' is not an answer: write a move, an action, A, B, draw, continue "
            "or a number.") in _problems(_example(goal="who-wins", solution=["C"]))
    play = _example(solution=["13K"])
    ((field, reason),) = _problems(play)
    assert field == "solution[0]" and reason.startswith("The move does not parse")


def test_a_duplicate_card_is_named_where_it_is():
    data = _example()
    data["puzzles"][0]["position"]["hands"]["A"] = ["QB", "9K", "9K"]
    assert ("position.hands.A[2]", "Duplicate card: the 9 of Keys (9K) is already in "
            "position.hands.A; each card exists once.") in _problems(data)


def test_set_fields_are_checked_by_the_schema():
    data = copy.deepcopy(EXAMPLE_FILE)
    data.update(order="first", colour="red")
    del data["format"]
    assert _problems(data) == [
        ("colour", "Unknown field; a puzzle set has description, format, id, lesson, order, "
                   "puzzles and title."),
        ("format", 'This field is missing: write "format": "fox-puzzles/1".'),
        ("order", "Must be a whole number, not 'first'.")]
    result = load_data(data, "t.json")
    assert [p.id for p in result.puzzles] == ["our-witch"] and result.sets[0].order == 99


# ----------------------------------------------------------------------------- the docs

def test_docs_hold_the_current_rendering_of_the_schema():
    text = DOCS.read_text(encoding="utf-8")
    for block in BLOCKS:
        assert generated_block(text, block) == render(block), \
            f"run: python -m foxlib puzzles schema --update-docs docs/puzzles.md ({block})"
    assert update_docs(text) == text


def test_every_schema_field_appears_in_the_docs():
    text = DOCS.read_text(encoding="utf-8")
    fields = generated_block(text, "schema fields")

    def walk(node):
        for name, sub in node.get("properties", {}).items():
            assert f"| `{name}` |" in fields, name
            walk(sub)
        for sub in node.get("oneOf", ()):
            walk(sub)
        if "items" in node:
            walk(node["items"])
    walk(SCHEMA)
    for tag in SCHEMA["properties"]["puzzles"]["items"]["properties"]["themes"]["items"]["oneOf"]:
        assert f'`"{tag["const"]}"`' in fields


def test_docs_code_fences_are_balanced():
    fences = [line for line in DOCS.read_text(encoding="utf-8").splitlines()
              if line.startswith("```")]
    assert len(fences) % 2 == 0
    assert all(f == "```" for f in fences[1::2])     # every block is closed before the next


def test_update_docs_refuses_docs_without_the_markers():
    with pytest.raises(ValueError, match="markers"):
        update_docs("# Puzzles\n")


def test_schema_command_prints_the_tables_and_the_json():
    run = subprocess.run([sys.executable, "-m", "foxlib", "puzzles", "schema"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip() == render_fields()
    run = subprocess.run([sys.executable, "-m", "foxlib", "puzzles", "schema", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert json.loads(run.stdout) == json.loads(json.dumps(SCHEMA))


def test_schema_command_updates_a_docs_file(tmp_path):
    stale = DOCS.read_text(encoding="utf-8").replace("| `hints` |", "| `hintz` |")
    path = tmp_path / "puzzles.md"
    path.write_text(stale, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "foxlib", "puzzles", "schema", "--update-docs",
                          str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "updated" in run.stdout
    assert path.read_text(encoding="utf-8") == DOCS.read_text(encoding="utf-8")
