"""What the Deluxe lessons list and label agrees with the engine and with our rulings: the cards
that beat a lone Witch and the printed ranks (worked out by ``foxlib.teaching.special_facts``), ruling
SC18 said one way everywhere, the Potion's text labelled as not the rulebook's (SC14), and the
Axe after a crowned 5 labelled as our ruling (SC7)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from foxlib.core.cards import Card
from foxlib.teaching.exercises import make_exercise
from foxlib.words.narrator import SPECIAL_CARDS_TOLD
from foxlib.teaching.special_facts import beats_a_lone_witch, no_printed_rank, printed_ranks

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
RULINGS = json.loads((Path(__file__).resolve().parents[2] / "foxlib" / "data" /
                      "rulings.json").read_text(encoding="utf-8"))


def markdown(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    return re.sub(r"\s+", " ", text)


def code(name: str) -> str:
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")


def names_in(words: str) -> list[str]:
    return re.findall(r"\b(Axe|Tree|Fairy|Crown|Mirror|Bow|Hammer|Potion|Shovel)\b", words)


def test_the_engine_says_only_the_bow_and_the_hammer_beat_a_lone_witch():
    assert beats_a_lone_witch() == ["Bow", "Hammer"]
    assert beats_a_lone_witch("4B") == ["Bow", "Hammer"]


def test_lesson_16_lists_the_cards_that_beat_a_lone_witch_as_the_engine_plays_them():
    found = re.search(r"only the ([^.]*?) can beat her", markdown("16_special_cards.ipynb"))
    assert found, "lesson 16 no longer says which special cards can beat a lone Witch"
    assert names_in(found.group(1)) == beats_a_lone_witch()


def test_lesson_16_gives_the_printed_ranks_of_the_cards():
    text = markdown("16_special_cards.ipynb")
    found = re.search(r"Some have a rank: (.*?)\. (.*?) have none\.", text)
    assert found
    ranks = dict(re.findall(r"(Axe|Tree|Fairy|Crown)[^,]*? an? (\d+)", found.group(1)))
    assert {k: int(v) for k, v in ranks.items()} == printed_ranks()
    assert names_in(found.group(2)) == no_printed_rank()


# ----------------------------------------------------------------------------- SC18

def test_SC18_is_said_one_way_in_lesson_16_the_module_options_and_the_play_table():
    lesson = markdown("16_special_cards.ipynb")
    assert "both players are told which special cards are in the game" in lesson
    assert "our ruling" in lesson and "special-cards-sc18" in lesson
    assert "our ruling SC18" in SPECIAL_CARDS_TOLD
    from widgets.module_options import ModuleOptions
    note = ModuleOptions(special="random").special_note.html
    assert SPECIAL_CARDS_TOLD in note and "find out which" not in note


def test_SC18_the_play_table_names_the_special_cards_picked_at_random():
    from widgets.play_table import PlayTable
    table = PlayTable(special="random", opponent_delay=0)
    names = table.game.modules.special
    assert len(names) == 2 and all(n in table.modules_words() for n in names)


# ----------------------------------------------------------------------------- SC14, SC7

def test_SC14_the_potions_text_says_the_draw_is_not_the_rulebooks():
    ability = Card("Potion").ability
    assert "public transcription" in ability and "our ruling SC14" in ability
    lesson = markdown("18_special_cards_2.ipynb")
    assert "not in the rulebook" in lesson and "public transcription" in lesson
    assert 'CardRow(["Potion"]' in code("18_special_cards_2.ipynb")     # its face is shown


def test_SC7_the_axe_after_a_crowned_5_is_labelled_our_ruling():
    lesson = markdown("17_special_cards_1.ipynb")
    assert re.search(r"played with the Crown.*?our ruling.*?special-cards-sc7", lesson)
    ex = make_exercise({"kind": "deluxe_trick", "decree": "2B",
                        "hands": [["Crown", "5K", "10B"], ["Axe", "6M"]],
                        "actions": ["crown 5K", "Axe", "discard 6M"], "deck": ["4M", "8K"]})
    assert "our ruling SC7" in ex.solution()
    plain = make_exercise({"kind": "deluxe_trick", "decree": "2B", "hands": [["5K"], ["Axe"]],
                           "actions": ["5K", "discard 4M", "Axe", "discard 5M"],
                           "deck": ["4M", "5M"]})
    assert "SC7" not in plain.solution()


@pytest.mark.parametrize("lesson", ["16_special_cards.ipynb", "17_special_cards_1.ipynb",
                                    "18_special_cards_2.ipynb", "19_poison_8s.ipynb",
                                    "20_goal_cards.ipynb"])
def test_the_deluxe_lessons_call_our_rulings_ours(lesson):
    """A link to a ruling that is ours (its label in rulings.json) is not presented as the
    rulebook's: "our ruling" comes shortly before it. A ruling of the rulebook's may be linked
    as plain 'ruling'."""
    ours = {r["id"] for r in RULINGS if r["label"] == "ours"}
    text = markdown(lesson)
    assert "a simplification of ours" not in text
    linked = list(re.finditer(r"\[(?:[Rr]uling )?((?:SC|P|G)\d+)\]\(rulings\.ipynb#", text))
    assert linked, f"{lesson} links no ruling"
    for m in linked:
        if m.group(1) in ours:
            before = text[max(0, m.start() - 300):m.start()].lower()
            assert "our ruling" in before, f"{lesson}: {m.group(1)} is not called our ruling"
