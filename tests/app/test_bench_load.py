"""tools/load/bench_load.py: its learners speak the page's protocol and answer the real widgets.

The pure parts are checked against the real thing: the websocket wire format against
jupyter_server's own functions, the answer plans and the round learner's choices against the
lesson widgets themselves (the comm messages a plan sends are handed to the widgets as the
kernel would hand them over), and the check of a ``--quick`` run on made-up results. None of
these tests runs the load: ``make bench`` runs the tool (``--quick`` checks that every part
works, see quick_check).
"""
from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import ipywidgets
import pytest
from jupyter_server.services.kernels.connection.base import (deserialize_msg_from_ws_v1,
                                                             serialize_binary_message,
                                                             serialize_msg_to_ws_v1)

from widgets.exercises import (ChooseBestExercise, LegalPlayExercise, Quiz, ScoreExercise,
                               WhoWinsExercise)
from widgets.play_table import PlayTable

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "load" / "bench_load.py"
_spec = importlib.util.spec_from_file_location("bench_load", TOOL)
bench = importlib.util.module_from_spec(_spec)
sys.modules["bench_load"] = bench  # its dataclasses look their module up there
_spec.loader.exec_module(bench)


# ----------------------------------------------------------------------------- numbers

def test_percentile_is_a_measured_value_by_nearest_rank():
    values = [float(v) for v in range(1, 11)]
    assert bench.percentile(values, 50) == 5.0
    assert bench.percentile(values, 95) == 10.0          # 10 values: the largest
    assert bench.percentile(list(range(1, 101)), 95) == 95
    assert bench.percentile([], 95) is None


def test_summary_ignores_missing_times_and_reports_median_p95_max():
    assert bench.summary([3.0, None, 1.0, 2.0]) == {"count": 3, "median": 2.0, "p95": 3.0,
                                                    "max": 3.0}
    assert bench.summary([None]) == {"count": 0, "median": None, "p95": None, "max": None}


def test_server_memory_counts_the_child_processes_and_finds_kernels():
    code = ("import sys, time; block = bytearray(64 * 2**20); block[::4096] = b'x' * "
            "len(block[::4096]); sys.argv = ['ipykernel_launcher']; print('ok', flush=True); "
            "time.sleep(60)")
    # the child's command line names ipykernel, as a kernel's does
    child = subprocess.Popen([sys.executable, "-c", code, "ipykernel_launcher"],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ok"
        mine = bench.process_tree(os.getpid())
        alone = bench.process_tree(child.pid)
        assert alone["processes"] == 1 and alone["rss"] >= 64 * 2**20
        assert mine["kernels"] >= 1 and mine["processes"] >= 2
        assert mine["rss"] >= alone["rss"] + 10 * 2**20     # this process counts too
    finally:
        child.kill()
        child.wait()


# ----------------------------------------------------------------------------- the wire format

def _message(**content):
    msg = bench.new_message("comm_msg", content, "session-1", metadata={"version": "1.0.0"})
    msg["buffers"] = [b"\x00\x01\x02"]
    return msg


def test_v1_messages_are_read_by_jupyter_servers_own_parser():
    msg = _message(comm_id="abc", data={"method": "request_states"})
    channel, parts = deserialize_msg_from_ws_v1(bench.serialize_v1(msg, "shell"))
    assert channel == "shell"
    assert [json.loads(p) for p in parts[:4]] == [msg["header"], {}, msg["metadata"],
                                                  msg["content"]]
    assert parts[4:] == [b"\x00\x01\x02"]


def test_v1_messages_from_jupyter_server_are_read_back():
    msg = _message(comm_id="abc", data={"method": "update", "state": {"html": "<b>Right</b>"}})
    parts = [json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata",
                                                    "content")] + msg["buffers"]
    read = bench.deserialize_v1(serialize_msg_to_ws_v1(parts, "iopub"))
    assert read["channel"] == "iopub" and read["content"] == msg["content"]
    assert read["header"] == msg["header"] and read["buffers"] == [b"\x00\x01\x02"]


def test_legacy_messages_are_read_as_text_and_in_the_binary_form():
    msg = _message(comm_id="abc", data={"method": "update", "state": {}})
    text = json.dumps({**{k: v for k, v in msg.items() if k != "buffers"}, "channel": "iopub"})
    assert bench.deserialize_legacy(text)["content"] == msg["content"]
    read = bench.deserialize_legacy(serialize_binary_message(dict(msg)))
    assert read["content"] == msg["content"] and read["buffers"] == [b"\x00\x01\x02"]


# ----------------------------------------------------------------------------- the page

PAGE = """<html><head>
<script src="/voila/templates/fox-explorer/static/voila-style.js?v=1" ></script>
<link rel="stylesheet" type="text/css" href="/voila/templates/fox-explorer/static/index.css?v=2">
<link rel="stylesheet" href="https://cdn.example.org/font.css">
</head><body>
<script id="jupyter-config-data" type="application/json">
{"kernelId": "k-1", "fullLabextensionsUrl": "/voila/labextensions",
 "federated_extensions": [{"name": "anywidget", "load": "./static/remoteEntry.1.js"}]}
</script>
<script type="application/vnd.voila.cell-output+json">
{"output_type": "display_data", "data": {"application/vnd.jupyter.widget-view+json":
 {"model_id": "m-1", "version_major": 2, "version_minor": 0}, "text/plain": "CardRow()"}}
</script>
<script type="application/vnd.voila.cell-output+json">
{"output_type": "execute_result", "data": {"application/vnd.jupyter.widget-view+json":
 {"model_id": "m-2", "version_major": 2, "version_minor": 0}}}
</script>
%s
<script src="/voila/static/voila.js"></script>
</body></html>"""

FAILED_CELL = """<script type="application/vnd.voila.cell-output+json">
{"output_type": "error", "ename": "FoxError", "evalue": "hand: bad card", "traceback": []}
</script>"""


def test_a_page_gives_its_kernel_its_widget_outputs_in_order_and_its_local_files():
    page = bench.parse_page(PAGE % "")
    assert page.kernel_id == "k-1"
    assert page.widget_ids == ["m-1", "m-2"]
    assert page.errors == []
    assert page.assets == ["/voila/templates/fox-explorer/static/voila-style.js?v=1",
                           "/voila/static/voila.js",
                           "/voila/templates/fox-explorer/static/index.css?v=2",
                           "/voila/labextensions/anywidget/static/remoteEntry.1.js"]


def test_a_page_whose_cell_failed_reports_the_error():
    assert bench.parse_page(PAGE % FAILED_CELL).errors == ["FoxError: hand: bad card"]


# ----------------------------------------------------------------------------- the widgets

_SHOWN: dict = {}   # model id -> widget, for every widget a test's page shows


def mirror_of(*roots):
    """The page's view of these widgets and all they contain: every widget's state, as
    update_states sends it."""
    states, stack = {}, list(roots)
    while stack:
        widget = stack.pop()
        if widget.model_id in states:
            continue
        _SHOWN[widget.model_id] = widget
        state = widget.get_state()
        states[widget.model_id] = {"model_name": state.get("_model_name"), "state": state}
        stack.extend(getattr(widget, "children", ()))
    return bench.WidgetMirror(states), [r.model_id for r in roots]


def deliver(model_id, data):
    """Hand a comm message to the widget, as the kernel does when the page sends it."""
    _SHOWN[model_id]._handle_msg({"content": {"data": data}, "buffers": []})


def answer(exercise):
    mirror, roots = mirror_of(exercise)
    plan = bench.plan_answer(mirror, roots)
    assert plan.exercise == exercise.model_id and plan.feedback == exercise.feedback.model_id
    for model_id, data in plan.steps:
        deliver(model_id, data)
    return plan


@pytest.mark.parametrize("make", [
    lambda: WhoWinsExercise(decree="4B", lead="10K", follow="2B"),
    lambda: LegalPlayExercise(decree="4B", led="6K", hand=["2K", "10K", "8M", "6B", "4M"]),
    lambda: ChooseBestExercise(decree="4B", led="8K", hand=["10K", "2K", "6B"], goal="lose"),
    lambda: ScoreExercise(tricks=10, treasure=0),
], ids=["choice buttons", "cards and Check", "one card", "points and Check"])
def test_the_answer_plan_answers_the_exercise_and_gets_feedback(make):
    exercise = make()
    plan = answer(exercise)
    assert exercise.attempts == 1, plan.description
    assert exercise.verdict in ("right", "wrong") and exercise.feedback.html


def test_the_answer_plan_finds_the_first_question_inside_a_quiz():
    quiz = Quiz([{"kind": "who_wins", "decree": "4B", "lead": "8M", "follow": "10K"},
                 {"kind": "score", "tricks": 3, "treasure": 1}])
    mirror, roots = mirror_of(quiz)
    plan = bench.plan_answer(mirror, roots)
    first = quiz.exercise(0)
    assert plan.exercise == first.model_id
    for model_id, data in plan.steps:
        deliver(model_id, data)
    assert first.attempts == 1


def test_a_page_without_an_exercise_is_reported_not_answered():
    box = ipywidgets.VBox([ipywidgets.HTML("no exercise here")])
    mirror, roots = mirror_of(box)
    with pytest.raises(LookupError, match="no exercise"):
        bench.plan_answer(mirror, roots)


def test_missing_widget_states_are_found_through_the_children():
    mirror = bench.WidgetMirror({
        "a": {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_b", "IPY_MODEL_c"]}},
        "b": {"model_name": "HTMLModel", "state": {}}})
    assert mirror.missing(["a"]) == ["c"]
    assert list(mirror.walk(["a"])) == ["a", "b"]


def test_the_round_learner_picks_the_strong_player_and_plays_a_whole_round():
    table = PlayTable(seed=5, sync=True)
    mirror, roots = mirror_of(table)
    parts = bench.play_table_parts(mirror, roots)
    labels = mirror.states[parts["level"]]["_options_labels"]
    [strong] = [i for i, label in enumerate(labels) if "strong" in label.lower()]
    deliver(parts["level"], {"method": "update", "state": {"index": strong},
                             "buffer_paths": []})
    deliver(parts["new_game"], bench.click_message())
    assert table.level.value == "strong" and type(table.opponent).__name__ == "StrongPlayer"
    rng, moves = random.Random(1), 0
    while True:
        mirror, roots = mirror_of(table)
        status = bench.html_text(mirror.states[parts["status"]]["html"])
        turn = bench.table_turn(status)
        if turn == "over":
            break
        assert turn == "learner", status       # sync=True: the computer has answered
        deliver(parts["hand"], bench.click_message(bench.choose_card(mirror, parts, rng)))
        moves += 1
        assert "fox-msg-illegal" not in table.hand.note.html
        assert moves < 40
    assert table.game.round.is_over and moves >= 7


# ----------------------------------------------------------------------------- the quick run

# `tools/load/bench_load.py --quick` runs the load itself (a server, three learners, about a
# minute) and checks its own results with quick_check: it is run by `make bench`, not here.
def _quick_results(**changes):
    learner = {"index": 0, "kind": "websocket", "page_s": 1.0, "interactive_s": 2.5,
               "answer_s": 0.2, "answer": "Right!"}
    klass = {"learners": 3, "succeeded": 3, "failed": [],
             "kinds": {"websocket": 1, "browser": 1, "round": 1},
             "per_learner": [learner, dict(learner, index=1, kind="browser"),
                             dict(learner, index=2, kind="round")],
             "round": {"moves": 9, "end": "The round is over: you win."},
             "server_memory_mib": {"idle": 300, "idle_kernels": 2, "peak": 600,
                                   "peak_kernels": 5}}
    klass.update(changes)
    return {"classes": [klass]}


def test_a_quick_run_where_every_part_worked_passes_its_check():
    assert bench.quick_check(_quick_results()) == []


@pytest.mark.parametrize("changes, problem", [
    ({"succeeded": 2, "failed": [{"learner": 1, "kind": "browser", "lesson": "02",
                                  "reason": "no feedback"}]}, "learner 1 (browser) failed"),
    ({"kinds": {"websocket": 2, "browser": 1, "round": 0}}, "no round learner"),
    ({"round": {"moves": 3, "end": "stopped"}}, "the round learner's round"),
    ({"server_memory_mib": {"idle": 300, "idle_kernels": 2, "peak": 300, "peak_kernels": 2}},
     "server memory"),
])
def test_a_quick_run_names_what_did_not_work(changes, problem):
    problems = bench.quick_check(_quick_results(**changes))
    assert any(problem in p for p in problems), problems


def test_a_quick_run_with_a_learner_never_timed_or_a_failed_run_is_refused():
    results = _quick_results()
    results["classes"][0]["per_learner"][1].update(interactive_s=None, answer_s=None)
    assert bench.quick_check(results) == ["learner 1: page 1.0 s, interactive None s",
                                          "learner 1: no answer timed"]
    failed = {"classes": [{"learners": 3, "succeeded": 0, "error": "OSError: no port"}]}
    assert bench.quick_check(failed) == ["the run failed: OSError: no port"]
