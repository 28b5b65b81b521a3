"""Load: a class of N learners using one app server at the same time.

Starts a real Voilà server exactly as ``make app`` does (``etc/jupyter/voila.py``, the
``fox-explorer`` template, pre-heated kernels), waits until every notebook's pre-heated kernel
is ready, then lets N learners loose on it at the same moment:

* **websocket learners** do what a lesson page does, over the same HTTP and websocket
  protocol: GET the lesson (``/voila/render/<lesson>.ipynb``; Voilà runs the notebook before
  the page is complete), fetch the page's script and style files (a first visit: nothing
  cached; the list is what Chromium downloaded for a lesson page in one visit before the
  measurement; 6 at a time, like a browser, but on a new connection each), ask
  ``/api/kernels/<id>`` about the page's kernel, open the kernel's websocket
  (``v1.kernel.websocket.jupyter.org``, as the page asks), send ``kernel_info_request``, open
  the ``jupyter.widget.control`` comm and ask it for every widget's state (``request_states``;
  like the page, after 4 s without an answer they fall back to ``comm_info_request`` and one
  ``request_state`` per widget). Then they answer the page's first exercise the way a click
  does (a ``comm_msg`` to the button or card row) and wait for the feedback.
* **browser learners** (headless Chromium, one fresh browser context each, Debian's
  ``/usr/bin/chromium`` as in ``tests/browser/``) do the same through the real page.
* **one round learner** (a websocket learner) opens lesson 15, answers its exercise, picks the
  strong computer player at the play table, starts a new game and plays a whole round by
  clicking cards.

Measured for each N: how many learners succeeded (every failure with its reason), the time to
an interactive page (from the request until the widget states of the whole page are in the
page: for websocket learners the ``update_states`` reply, for browsers the widget manager's
restore plus every widget output drawn), the time to answer (from the click message until the
feedback's update arrives), the server's memory (resident memory of the Voilà process and its
kernels, from ``/proc``, sampled every 0.25 s): idle before the learners, peak while they
work, and (peak - idle) / N per learner; and the server's CPU time. Learners keep their pages
open until every learner has finished (a class does not leave at once), then leave as a page
does (the kernel shutdown request), and the kernels left over are counted.

    python tools/load/bench_load.py [--learners 10 30 60] [--browsers 3] [--quick]
                                      [--json results.json] [--lessons 02 05 ...]

``--quick`` runs N=3 (one websocket, one browser if Chromium is there, the round learner):
a check that every part works, not a measurement. The output states the machine (CPUs,
memory, load at the start and end of each N) and the versions, because the numbers mean little
without them; run it on an otherwise quiet machine.
"""
from __future__ import annotations

import argparse
import asyncio
import dataclasses
import datetime
import html as html_lib
import importlib.metadata
import json
import math
import os
import random
import re
import signal
import statistics
import sys
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import appserver  # noqa: E402  (make app's command line, and stopping it)

REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
VOILA_CONFIG_DIR = REPO_ROOT / "etc" / "jupyter"
CHROMIUM = Path(os.environ.get("FOX_CHROMIUM", "/usr/bin/chromium"))
LOG_DIR = REPO_ROOT / "build" / "bench-logs"

# The lessons the exercise learners open, in turn (learner i opens LESSONS[i % len]); the round
# learner opens ROUND_LESSON.
LESSONS = [f"{name}.ipynb" for name in (
    "01_cards_and_deal", "02_leading_and_following", "03_trump_and_decree", "04_swan",
    "05_fox", "06_woodcutter", "07_treasure", "08_witch", "09_monarch",
    "10_scoring_a_round", "11_a_full_round", "12_a_whole_game", "13_misconceptions",
    "14_explorer_sandbox")]
ROUND_LESSON = "15_play_the_computer.ipynb"

# The Jupyter protocol as the page speaks it (@jupyterlab/services, @jupyter-widgets/base 8).
WS_PROTOCOL = "v1.kernel.websocket.jupyter.org"
MSG_VERSION = "5.2"
WIDGET_TARGET = "jupyter.widget"
CONTROL_TARGET = "jupyter.widget.control"
CONTROL_VERSION = "1.0.0"     # the page's control-comm protocol version
CONTROL_TIMEOUT = 4.0         # s the page waits for update_states before asking per widget
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
MODEL_REF = "IPY_MODEL_"

# Chromium as tests/browser/conftest.py launches it (no sandbox as root, no calls home).
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
]

SERVER_START_TIMEOUT = 180    # s until Voilà answers HTTP
POOL_FILL_TIMEOUT = 600       # s until every notebook's pre-heated kernel is ready
SAMPLE_EVERY = 0.25           # s between memory samples
BROWSER_CONNECTIONS = 6       # parallel downloads per page, as a browser does per host
MIB = 1024 * 1024


# ============================================================================ small helpers

def percentile(values, q: float):
    """The nearest-rank percentile (q in 0..100): the smallest value with at least q % of the
    values at or below it. None for no values. With 10 values the 95th percentile is the
    largest; every reported number is one that was measured."""
    data = sorted(values)
    if not data:
        return None
    rank = max(1, math.ceil(q / 100 * len(data)))
    return data[rank - 1]


def summary(values) -> dict:
    """count, median, p95 and max of ``values`` (seconds), rounded to milliseconds."""
    data = [v for v in values if v is not None]
    if not data:
        return {"count": 0, "median": None, "p95": None, "max": None}
    return {"count": len(data), "median": round(statistics.median(data), 3),
            "p95": round(percentile(data, 95), 3), "max": round(max(data), 3)}


def fmt_seconds(value) -> str:
    return "-" if value is None else f"{value:.2f} s"


def fmt_mib(value) -> str:
    return "-" if value is None else f"{value:.0f} MiB"


# ============================================================================ the page

@dataclasses.dataclass
class PageInfo:
    """What a lesson page's HTML tells its scripts."""

    kernel_id: str | None
    widget_ids: list          # model ids of the widget outputs, in page order
    errors: list              # cells that failed while Voilà ran the notebook
    assets: list              # same-host URL paths of the scripts and styles it links


_CONFIG_RE = re.compile(
    r'<script id="jupyter-config-data" type="application/json">\s*(.*?)\s*</script>', re.S)
_OUTPUT_RE = re.compile(
    r'<script type="application/vnd\.voila\.cell-output\+json">\s*(.*?)\s*</script>', re.S)
_SCRIPT_RE = re.compile(r'<script[^>]*\bsrc="([^"]+)"', re.I)
_STYLE_RE = re.compile(r'<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"', re.I)


def _local_path(url: str) -> str | None:
    """The path of a URL on the page's own server, or None for another host or data: URL."""
    parts = urllib.parse.urlsplit(html_lib.unescape(url))
    if parts.scheme or parts.netloc:
        if parts.hostname not in ("127.0.0.1", "localhost"):
            return None
    if not parts.path.startswith("/"):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def parse_page(text: str) -> PageInfo:
    """Read a Voilà lab-template page: its kernel id, widget outputs, cell errors and the
    files it links (scripts, stylesheets and the widget extensions' entry points)."""
    config = {}
    match = _CONFIG_RE.search(text)
    if match:
        try:
            config = json.loads(match.group(1))
        except ValueError:
            config = {}
    widget_ids, errors = [], []
    for raw in _OUTPUT_RE.findall(text):
        try:
            output = json.loads(raw)
        except ValueError:
            errors.append("an output of the page is not valid JSON")
            continue
        if output.get("output_type") == "error":
            errors.append(f"{output.get('ename', 'Error')}: {output.get('evalue', '')}".strip())
        elif output.get("output_type") == "stream" and output.get("name") == "stderr":
            errors.append("stderr: " + "".join(output.get("text", ""))[:200])
        data = output.get("data") or {}
        view = data.get(WIDGET_MIME)
        if isinstance(view, dict) and view.get("model_id"):
            widget_ids.append(view["model_id"])
    assets = []
    for url in _SCRIPT_RE.findall(text) + _STYLE_RE.findall(text):
        path = _local_path(url)
        if path and path not in assets:
            assets.append(path)
    base = config.get("fullLabextensionsUrl")
    for ext in config.get("federated_extensions") or []:
        load, name = ext.get("load"), ext.get("name")
        if base and load and name:
            path = f"{base.rstrip('/')}/{name}/{load[2:] if load.startswith('./') else load}"
            if path not in assets:
                assets.append(path)
    return PageInfo(config.get("kernelId"), widget_ids, errors, assets)


# ============================================================================ the wire format

def _json_bytes(value) -> bytes:
    return json.dumps(value, separators=(",", ":"), default=str).encode("utf-8")


def serialize_v1(msg: dict, channel: str) -> bytes:
    """A message in the v1 kernel websocket format (what the page sends when the server picks
    ``v1.kernel.websocket.jupyter.org``): the count of offsets, the offsets (8 bytes, little
    endian), the channel, then header, parent header, metadata, content and the buffers."""
    parts = [_json_bytes(msg["header"]), _json_bytes(msg.get("parent_header") or {}),
             _json_bytes(msg.get("metadata") or {}), _json_bytes(msg.get("content") or {}),
             *[bytes(b) for b in msg.get("buffers") or []]]
    channel_bytes = channel.encode("utf-8")
    offsets = [8 * (1 + 1 + len(parts) + 1)]
    offsets.append(offsets[-1] + len(channel_bytes))
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + channel_bytes + b"".join(parts)


def deserialize_v1(data: bytes) -> dict:
    """A v1-format websocket message as a dict (with ``channel`` and ``buffers``)."""
    count = int.from_bytes(data[:8], "little")
    offsets = [int.from_bytes(data[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    channel = data[offsets[0]:offsets[1]].decode("utf-8")
    parts = [data[offsets[i]:offsets[i + 1]] for i in range(1, count - 1)]
    if len(parts) < 4:
        raise ValueError(f"a v1 kernel message has {len(parts)} parts, at least 4 expected")
    header, parent, metadata, content = (json.loads(p) if p else {} for p in parts[:4])
    return {"channel": channel, "header": header, "parent_header": parent,
            "metadata": metadata, "content": content, "buffers": parts[4:]}


def deserialize_legacy(data) -> dict:
    """A message in the legacy format (JSON text, or the binary form with buffers)."""
    if isinstance(data, str):
        return json.loads(data)
    count = int.from_bytes(data[:4], "big")
    offsets = [int.from_bytes(data[4 * (i + 1):4 * (i + 2)], "big") for i in range(count)]
    offsets.append(len(data))
    chunks = [data[offsets[i]:offsets[i + 1]] for i in range(count)]
    msg = json.loads(chunks[0])
    msg["buffers"] = chunks[1:]
    return msg


def new_message(msg_type: str, content: dict, session: str, *, metadata=None) -> dict:
    """A Jupyter message as the page builds it (the username is empty, as in Voilà's page)."""
    return {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "",
                   "session": session, "version": MSG_VERSION,
                   "date": datetime.datetime.now(datetime.timezone.utc).isoformat()},
        "parent_header": {}, "metadata": metadata or {}, "content": content, "buffers": [],
    }


# ============================================================================ the page's widgets

class WidgetMirror:
    """The widget models of one page as the page holds them: model id -> state."""

    def __init__(self, states=None):
        self.states: dict = {}
        self.names: dict = {}
        for model_id, entry in (states or {}).items():
            self.add(model_id, entry.get("model_name", ""), entry.get("state", {}))

    def add(self, model_id: str, model_name: str, state: dict) -> None:
        self.states[model_id] = dict(state)
        self.names[model_id] = model_name or state.get("_model_name", "")

    def update(self, model_id: str, state: dict) -> None:
        if model_id in self.states:
            self.states[model_id].update(state)

    def classes(self, model_id: str) -> list:
        return self.states.get(model_id, {}).get("_dom_classes") or []

    def children(self, model_id: str) -> list:
        kids = self.states.get(model_id, {}).get("children") or []
        return [k[len(MODEL_REF):] for k in kids
                if isinstance(k, str) and k.startswith(MODEL_REF)]

    def walk(self, roots):
        """Model ids under ``roots`` (depth first, in page order), each once."""
        seen, stack = set(), list(reversed(list(roots)))
        while stack:
            model_id = stack.pop()
            if model_id in seen or model_id not in self.states:
                continue
            seen.add(model_id)
            yield model_id
            stack.extend(reversed(self.children(model_id)))

    def find(self, roots, css: str):
        return [m for m in self.walk(roots) if css in self.classes(m)]

    def missing(self, roots) -> list:
        """Model ids the page needs (the roots and every child they name) without a state."""
        needed, missing, stack = set(), [], list(roots)
        while stack:
            model_id = stack.pop()
            if model_id in needed:
                continue
            needed.add(model_id)
            if model_id not in self.states:
                missing.append(model_id)
                continue
            stack.extend(self.children(model_id))
        return missing


def click_message(card: str | None = None) -> dict:
    """The comm data a click sends: a Button's ``{event: click}``; a card row's
    ``{event: click, card}`` (widgets/card.js)."""
    content = {"event": "click"} if card is None else {"event": "click", "card": card}
    return {"method": "custom", "content": content}


@dataclasses.dataclass
class AnswerPlan:
    exercise: str
    feedback: str
    steps: list              # (model id, comm data) sent in order; the last one is the answer
    description: str


def plan_answer(mirror: WidgetMirror, roots) -> AnswerPlan:
    """How a learner answers the page's first exercise (widgets/exercises.py): press its first
    choice button, or click its first card (and Check when it asks for several), or type a
    number and press Check. Raises LookupError naming what is missing."""
    exercises = mirror.find(roots, "fox-exercise")
    if not exercises:
        raise LookupError("the page shows no exercise (no widget with class fox-exercise)")
    exercise = exercises[0]
    feedback = mirror.find([exercise], "fox-feedback")
    if not feedback:
        raise LookupError("the exercise has no feedback widget (class fox-feedback)")
    choices = mirror.find([exercise], "fox-choice")
    if choices:
        label = mirror.states[choices[0]].get("description", "")
        return AnswerPlan(exercise, feedback[0], [(choices[0], click_message())],
                          f"pressed {label!r}")
    check = mirror.find([exercise], "fox-check")
    rows = mirror.find([exercise], "fox-card-choices")
    if rows:
        items = [i for i in mirror.states[rows[0]].get("_items") or [] if i.get("clickable")]
        if not items:
            raise LookupError("the exercise's cards cannot be clicked")
        steps = [(rows[0], click_message(items[0]["card"]))]
        if check:
            steps.append((check[0], click_message()))
        return AnswerPlan(exercise, feedback[0], steps,
                          f"clicked {items[0]['card']}" + (" and Check" if check else ""))
    entries = mirror.find([exercise], "fox-points-entry")
    if entries and check:
        update = {"method": "update", "state": {"value": "1"}, "buffer_paths": []}
        return AnswerPlan(exercise, feedback[0], [(entries[0], update),
                                                  (check[0], click_message())],
                          "typed 1 and pressed Check")
    raise LookupError("the exercise has no answer control this benchmark knows "
                      "(fox-choice, fox-card-choices, fox-points-entry)")


def html_text(markup: str) -> str:
    """Markup as the plain text a reader sees (tags dropped, entities decoded)."""
    return re.sub(r"\s+", " ", html_lib.unescape(re.sub(r"<[^>]+>", " ", markup or ""))).strip()


# ============================================================================ server memory

_PAGE_SIZE, _TICKS = os.sysconf("SC_PAGE_SIZE"), os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list:
    """The child processes of ``pid`` (from /proc/<pid>/task/*/children)."""
    kids = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return kids
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", "rb") as f:
                kids.extend(int(k) for k in f.read().split())
        except OSError:
            pass
    return kids


def _usage(pid: int):
    """(resident bytes, CPU seconds, is a kernel) of one process, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read().decode("utf-8", "replace")
        with open(f"/proc/{pid}/statm", "rb") as f:
            resident = int(f.read().split()[1]) * _PAGE_SIZE
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            kernel = b"ipykernel" in f.read()
    except (OSError, IndexError, ValueError):
        return None
    fields = stat[stat.rfind(")") + 2:].split()
    return resident, (int(fields[11]) + int(fields[12])) / _TICKS, kernel


def process_tree(root: int) -> dict:
    """Resident memory and CPU time of ``root`` and all its descendants, and how many of them
    are kernels (read from /proc; only this tree is visited, so sampling stays cheap)."""
    rss = cpu = 0.0
    processes = kernels = 0
    seen, stack = set(), [root]
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        usage = _usage(pid)
        if usage is None:
            continue
        processes += 1
        rss += usage[0]
        cpu += usage[1]
        kernels += usage[2] and pid != root
        stack.extend(_children(pid))
    return {"rss": int(rss), "cpu": cpu, "processes": processes, "kernels": kernels}


class MemorySampler(threading.Thread):
    """Samples ``process_tree(pid)`` every SAMPLE_EVERY seconds until stopped."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.samples = pid, []
        self._stop_event = threading.Event()

    def run(self) -> None:
        while not self._stop_event.is_set():
            sample = process_tree(self.pid)
            sample["t"] = time.perf_counter()
            self.samples.append(sample)
            self._stop_event.wait(SAMPLE_EVERY)

    def stop(self) -> None:
        self._stop_event.set()
        self.join()

    def peak(self, start: float, end: float):
        window = [s for s in self.samples if start <= s["t"] <= end]
        return max(window, key=lambda s: s["rss"]) if window else None


# ============================================================================ the Voilà server

class VoilaServer:
    """``voila notebooks/`` started as ``make app`` starts it, on a free port."""

    def __init__(self, root: Path = NOTEBOOKS_DIR, extra=()):
        LOG_DIR.mkdir(parents=True, exist_ok=True)
        self.root, self.port = root, appserver.free_port()
        self.log_path = LOG_DIR / f"voila-load-{self.port}.log"
        self.process = appserver.start_logged(
            appserver.voila_command(root, self.port, extra), self.log_path)
        self.started = time.perf_counter()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_text(self) -> str:
        return appserver.read_log(self.log_path)

    def errors_since(self, offset: int, limit: int = 8) -> list:
        """Distinct error lines Voilà logged after character ``offset`` of its log (a kernel
        that died, a page that failed), numbers such as ids and ports masked to group them."""
        found: dict = {}
        for line in self.log_text()[offset:].splitlines():
            if not re.search(r"\bERROR\b|Error:|Exception\b", line) or "over TCP" in line:
                continue
            key = re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}|\d+", "#", line.strip())[:200]
            found.setdefault(key, [line.strip()[:300], 0])[1] += 1
        return [f"{line} (x{count})" if count > 1 else line
                for line, count in list(found.values())[:limit]]

    def pools_filled(self) -> int:
        return len(re.findall(r"Kernel pool of .+ is filled", self.log_text()))

    def notebooks(self) -> int:
        return sum(1 for p in self.root.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)

    async def wait_ready(self, http) -> float:
        """Wait until Voilà answers and every notebook's pre-heated kernel is ready; returns
        the seconds since the start."""
        from tornado.httpclient import HTTPClientError

        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"Voilà exited ({self.process.returncode}):\n"
                                   f"{self.log_text()[-3000:]}")
            try:
                await http.fetch(self.base_url + "/voila/tree", request_timeout=5)
                break
            except (OSError, HTTPClientError):
                pass
            if time.perf_counter() - self.started > SERVER_START_TIMEOUT:
                raise RuntimeError(f"Voilà did not answer within {SERVER_START_TIMEOUT} s")
            await asyncio.sleep(0.25)
        await self.wait_pools(self.notebooks())
        return time.perf_counter() - self.started

    async def wait_pools(self, count: int, timeout: float = POOL_FILL_TIMEOUT) -> None:
        deadline = time.perf_counter() + timeout
        while self.pools_filled() < count:
            if self.process.poll() is not None:
                raise RuntimeError(f"Voilà exited:\n{self.log_text()[-3000:]}")
            if time.perf_counter() > deadline:
                raise RuntimeError(f"only {self.pools_filled()} of {count} pre-heated kernel "
                                   f"pools were ready after {timeout:.0f} s")
            await asyncio.sleep(0.25)

    def stop(self) -> None:
        appserver.stop(self.process, grace=30)


# ============================================================================ learners

class LearnerFailed(Exception):
    """A learner could not go on; ``stage`` says where."""

    def __init__(self, stage: str, reason: str):
        super().__init__(f"{stage}: {reason}")
        self.stage, self.reason = stage, reason


@dataclasses.dataclass
class LearnerResult:
    index: int
    kind: str                      # websocket, browser or round
    lesson: str
    ok: bool = False
    failure: str = ""
    page_s: float | None = None         # until the page's HTML was complete
    assets_s: float | None = None       # downloading the page's files (websocket learners)
    widgets_s: float | None = None      # from connecting to the kernel to every widget state
    interactive_s: float | None = None  # until every widget of the page was in the page
    answer_s: float | None = None       # from the answer click to the feedback
    answer: str = ""
    models: int = 0
    fallback: bool = False         # the control comm did not answer within 4 s
    assets: int = 0
    asset_bytes: int = 0
    round: dict | None = None      # the round learner's game


class Class:
    """What the learners share: the server, an HTTP client, the page's file list, and the
    moment everyone has finished (pages stay open until then)."""

    def __init__(self, server: VoilaServer, http, assets, timeout: float, size: int):
        # assets: the files each websocket learner downloads; None: the ones the page links
        self.server, self.http, self.assets, self.timeout = server, http, assets, timeout
        self.size, self.finished = size, 0
        self.everyone_finished = asyncio.Event()
        self.all_done = asyncio.Event()

    async def done_then_wait(self) -> None:
        """A learner has finished its work: keep the page open until the others have too."""
        self.finished += 1
        if self.finished >= self.size:
            self.everyone_finished.set()
        await self.all_done.wait()


class KernelLink:
    """The page's websocket to its kernel, with the page's widget models kept up to date."""

    def __init__(self, conn, session: str):
        self.conn, self.session = conn, session
        self.v1 = conn.selected_subprotocol == WS_PROTOCOL
        self.inbox: list = []
        self.mirror = WidgetMirror()
        self.changed = asyncio.Condition()
        self.closed = False
        self.error = ""              # why reading stopped, when it was not the server closing
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        try:
            while True:
                data = await self.conn.read_message()
                if data is None:
                    break
                msg = deserialize_v1(data) if self.v1 else deserialize_legacy(data)
                self._apply(msg)
                async with self.changed:
                    self.inbox.append(msg)
                    self.changed.notify_all()
        except Exception as exc:  # noqa: BLE001 - reported by whoever waits
            self.error = f"reading a kernel message failed: {type(exc).__name__}: {exc}"
        finally:
            self.closed = True
            async with self.changed:
                self.changed.notify_all()

    def _apply(self, msg: dict) -> None:
        kind, content = msg["header"].get("msg_type"), msg.get("content") or {}
        if kind == "comm_open" and content.get("target_name") == WIDGET_TARGET:
            data = content.get("data") or {}
            state = data.get("state") or {}
            self.mirror.add(content.get("comm_id"), state.get("_model_name", ""), state)
        elif kind == "comm_msg":
            data = content.get("data") or {}
            if data.get("method") in ("update", "echo_update"):
                self.mirror.update(content.get("comm_id"), data.get("state") or {})
        elif kind == "comm_close":
            self.mirror.states.pop(content.get("comm_id"), None)

    async def send(self, channel: str, msg_type: str, content: dict, metadata=None) -> str:
        msg = new_message(msg_type, content, self.session, metadata=metadata)
        if self.v1:
            await self.conn.write_message(serialize_v1(msg, channel), binary=True)
        else:
            msg["channel"] = channel
            msg.pop("buffers")
            await self.conn.write_message(json.dumps(msg, default=str))
        return msg["header"]["msg_id"]

    async def comm_msg(self, comm_id: str, data: dict) -> str:
        return await self.send("shell", "comm_msg", {"comm_id": comm_id, "data": data})

    async def wait(self, predicate, timeout: float, since: int = 0, what: str = ""):
        """The first message from index ``since`` on for which ``predicate`` is true."""
        deadline = time.perf_counter() + timeout
        index = since
        async with self.changed:
            while True:
                while index < len(self.inbox):
                    msg = self.inbox[index]
                    index += 1
                    if predicate(msg):
                        return msg
                if self.closed:
                    raise LearnerFailed("websocket", self.error or "closed by the server "
                                        f"while waiting for {what or 'a message'}")
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise asyncio.TimeoutError(what)
                try:
                    await asyncio.wait_for(self.changed.wait(), left)
                except asyncio.TimeoutError:
                    pass

    async def until(self, condition, timeout: float, what: str):
        """Wait until ``condition()`` (on the mirror) holds; returns its value."""
        deadline = time.perf_counter() + timeout
        async with self.changed:
            while True:
                value = condition()
                if value:
                    return value
                if self.closed:
                    raise LearnerFailed("websocket", self.error or "closed by the server "
                                        f"while waiting for {what}")
                left = deadline - time.perf_counter()
                if left <= 0:
                    raise LearnerFailed("timeout", f"no {what} within {timeout:.0f} s")
                try:
                    await asyncio.wait_for(self.changed.wait(), left)
                except asyncio.TimeoutError:
                    pass

    async def idle_after(self, msg_id: str, timeout: float, what: str) -> None:
        """Wait for the kernel's 'idle' status for the request ``msg_id`` (it has been handled
        and every update it caused has been sent)."""
        try:
            await self.wait(lambda m: m["header"].get("msg_type") == "status"
                            and (m.get("parent_header") or {}).get("msg_id") == msg_id
                            and m["content"].get("execution_state") == "idle",
                            timeout, what=what)
        except asyncio.TimeoutError:
            raise LearnerFailed("timeout", f"the kernel did not finish {what} within "
                                f"{timeout:.0f} s") from None

    def close(self) -> None:
        self.conn.close()


def _cookie_header(response) -> str:
    cookies = []
    for line in response.headers.get_list("Set-Cookie"):
        cookies.append(line.split(";", 1)[0].strip())
    return "; ".join(cookies)


def _cookie_value(cookies: str, name: str) -> str:
    for part in cookies.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return ""


async def fetch_assets(klass: Class, paths, result: LearnerResult) -> None:
    """Download the page's files, BROWSER_CONNECTIONS at a time (a browser with an empty
    cache)."""
    gate = asyncio.Semaphore(BROWSER_CONNECTIONS)

    async def one(path):
        async with gate:
            response = await klass.http.fetch(klass.server.base_url + path,
                                              connect_timeout=klass.timeout,
                                              request_timeout=klass.timeout)
            result.assets += 1
            result.asset_bytes += len(response.body or b"")

    try:
        await asyncio.gather(*(one(p) for p in paths))
    except Exception as exc:  # noqa: BLE001 - reported as the learner's failure
        raise LearnerFailed("assets", f"{type(exc).__name__}: {exc}") from None


async def open_page(klass: Class, lesson: str, result: LearnerResult, started: float):
    """Load a lesson page as the browser and the page's scripts do; returns the kernel link
    (with every widget's state) and the page."""
    from tornado.httpclient import HTTPClientError
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    server, timeout = klass.server, klass.timeout
    try:
        response = await klass.http.fetch(f"{server.base_url}/voila/render/{lesson}",
                                          connect_timeout=timeout, request_timeout=timeout)
    except HTTPClientError as exc:
        raise LearnerFailed("page", f"HTTP {exc.code} {exc.message}") from None
    except Exception as exc:  # noqa: BLE001
        raise LearnerFailed("page", f"{type(exc).__name__}: {exc}") from None
    result.page_s = time.perf_counter() - started
    page = parse_page(response.body.decode("utf-8", "replace"))
    if page.errors:
        raise LearnerFailed("page", "a cell failed: " + "; ".join(page.errors)[:300])
    if not page.kernel_id:
        raise LearnerFailed("page", "the page names no kernel (no kernelId in its config)")
    if not page.widget_ids:
        raise LearnerFailed("page", "the page has no widget outputs")
    cookies = _cookie_header(response)
    fetching = time.perf_counter()
    await fetch_assets(klass, page.assets if klass.assets is None else klass.assets, result)
    connecting = time.perf_counter()
    result.assets_s = connecting - fetching
    try:
        await klass.http.fetch(f"{server.base_url}/api/kernels/{page.kernel_id}",
                               headers={"Cookie": cookies}, connect_timeout=timeout,
                               request_timeout=timeout)
    except Exception as exc:  # noqa: BLE001
        raise LearnerFailed("kernel", f"GET /api/kernels/<id>: {exc}") from None
    session = str(uuid.uuid4())
    url = (f"ws://127.0.0.1:{server.port}/api/kernels/{page.kernel_id}/channels"
           f"?session_id={session}")
    try:
        conn = await websocket_connect(
            HTTPRequest(url, headers={"Cookie": cookies}, connect_timeout=timeout,
                        request_timeout=timeout),
            subprotocols=[WS_PROTOCOL], max_message_size=1024 * MIB)
    except Exception as exc:  # noqa: BLE001
        raise LearnerFailed("websocket", f"{type(exc).__name__}: {exc}") from None
    link = KernelLink(conn, session)
    link.cookies, link.kernel_id = cookies, page.kernel_id
    try:
        await restore_widgets(link, page, result, timeout)
    except BaseException:
        link.close()
        raise
    result.interactive_s = time.perf_counter() - started
    result.widgets_s = time.perf_counter() - connecting
    return link, page


async def restore_widgets(link: KernelLink, page: PageInfo, result: LearnerResult,
                          timeout: float) -> None:
    """What the page's widget manager does once connected: ask the kernel for every widget's
    state over the control comm, or (after 4 s without an answer) one widget at a time."""
    await link.send("shell", "kernel_info_request", {})
    control = uuid.uuid4().hex
    await link.send("shell", "comm_open", {"comm_id": control, "target_name": CONTROL_TARGET,
                                           "data": {}}, metadata={"version": CONTROL_VERSION})
    await link.comm_msg(control, {"method": "request_states"})

    def is_states(m):
        return (m["header"].get("msg_type") == "comm_msg"
                and m["content"].get("comm_id") == control
                and (m["content"].get("data") or {}).get("method") == "update_states")

    try:
        reply = await link.wait(is_states, CONTROL_TIMEOUT, what="update_states")
    except asyncio.TimeoutError:
        reply = None
    if reply is not None:
        await link.send("shell", "comm_close", {"comm_id": control, "data": {}})
        data = reply["content"]["data"]
        for model_id, entry in (data.get("states") or {}).items():
            link.mirror.add(model_id, entry.get("model_name", ""), entry.get("state") or {})
    else:
        result.fallback = True
        await restore_one_by_one(link, timeout)
    missing = link.mirror.missing(page.widget_ids)
    if missing:
        raise LearnerFailed("widgets", f"{len(missing)} widget models of the page have no "
                            f"state (e.g. {missing[0]})")
    result.models = len(link.mirror.states)


async def restore_one_by_one(link: KernelLink, timeout: float) -> None:
    """The page's fallback: comm_info_request, then request_state for each widget comm."""
    since = len(link.inbox)
    info_id = await link.send("shell", "comm_info_request", {"target_name": WIDGET_TARGET})
    try:
        reply = await link.wait(lambda m: m["header"].get("msg_type") == "comm_info_reply"
                                and (m.get("parent_header") or {}).get("msg_id") == info_id,
                                timeout, since, what="comm_info_reply")
    except asyncio.TimeoutError:
        raise LearnerFailed("widgets", f"no comm_info_reply within {timeout:.0f} s") from None
    comms = list((reply["content"].get("comms") or {}).keys())
    asked = {}
    for comm_id in comms:
        asked[await link.comm_msg(comm_id, {"method": "request_state"})] = comm_id
    for msg_id, comm_id in asked.items():
        try:
            msg = await link.wait(lambda m, i=msg_id: m["header"].get("msg_type") == "comm_msg"
                                  and (m.get("parent_header") or {}).get("msg_id") == i
                                  and (m["content"].get("data") or {}).get("method") == "update",
                                  timeout, since, what="a widget's state")
        except asyncio.TimeoutError:
            raise LearnerFailed("widgets", f"no state for widget {comm_id} within "
                                f"{timeout:.0f} s") from None
        state = msg["content"]["data"].get("state") or {}
        link.mirror.add(comm_id, state.get("_model_name", ""), state)


async def answer_exercise(link: KernelLink, page: PageInfo, result: LearnerResult,
                          timeout: float) -> None:
    """Answer the page's first exercise with clicks and wait for its feedback."""
    try:
        plan = plan_answer(link.mirror, page.widget_ids)
    except LookupError as exc:
        raise LearnerFailed("exercise", str(exc)) from None
    before = link.mirror.states[plan.feedback].get("html", "")
    for model_id, data in plan.steps[:-1]:
        await link.idle_after(await link.comm_msg(model_id, data), timeout, "a click")
    clicked = time.perf_counter()
    model_id, data = plan.steps[-1]
    await link.comm_msg(model_id, data)
    await link.until(lambda: (link.mirror.states.get(plan.feedback, {}).get("html") or "")
                     not in ("", before), timeout, "feedback after the answer")
    result.answer_s = time.perf_counter() - clicked
    result.answer = (f"{plan.description}: "
                     f"{html_text(link.mirror.states[plan.feedback]['html'])[:80]}")


async def leave_page(klass: Class, link: KernelLink) -> None:
    """What the page does when it is left: close the websocket and ask Voilà to shut the
    kernel down (a POST with the _xsrf cookie as its token)."""
    link.close()
    xsrf = _cookie_value(link.cookies, "_xsrf")
    try:
        await klass.http.fetch(
            f"{klass.server.base_url}/voila/api/shutdown/{link.kernel_id}", method="POST",
            body=urllib.parse.urlencode({"_xsrf": xsrf}),
            headers={"Cookie": link.cookies,
                     "Content-Type": "application/x-www-form-urlencoded"},
            request_timeout=60)
    except Exception:  # noqa: BLE001 - the page's beacon is fire-and-forget too
        pass


async def websocket_learner(klass: Class, index: int, lesson: str) -> LearnerResult:
    result = LearnerResult(index, "websocket", lesson)
    link = None
    started = time.perf_counter()
    try:
        link, page = await open_page(klass, lesson, result, started)
        await answer_exercise(link, page, result, klass.timeout)
        result.ok = True
    except LearnerFailed as exc:
        result.failure = str(exc)
    except Exception as exc:  # noqa: BLE001 - every failure is reported, none is hidden
        result.failure = f"error: {type(exc).__name__}: {exc}"
    await klass.done_then_wait()
    if link is not None:
        await leave_page(klass, link)
    return result


# ---------------------------------------------------------------------------- the round learner

def _status_text(link: KernelLink, status_id: str) -> str:
    return html_text(link.mirror.states.get(status_id, {}).get("html", ""))


def play_table_parts(mirror: WidgetMirror, roots) -> dict:
    """The play table's models: the table, its status (class fox-table-status), the Opponent
    dropdown, the New game button, and the learner's hand (the note and the row of face-up
    cards)."""
    tables = mirror.find(roots, "fox-play-table")
    if not tables:
        raise LookupError("no play table (class fox-play-table) on the page")
    table = tables[0]
    parts = {"table": table}
    for model_id in mirror.walk([table]):
        state = mirror.states[model_id]
        name = mirror.names.get(model_id, "")
        if name == "DropdownModel" and state.get("description") == "Opponent":
            parts["level"] = model_id
        elif name == "ButtonModel" and state.get("description") == "New game":
            parts["new_game"] = model_id
        elif "fox-table-status" in mirror.classes(model_id):
            parts["status"] = model_id
        elif "fox-hand" in mirror.classes(model_id):
            kids = mirror.children(model_id)
            if len(kids) == 2 and any(item.get("card") for item in
                                      mirror.states.get(kids[1], {}).get("_items") or []):
                parts["note"], parts["hand"] = kids
    kids = mirror.children(table)
    if "status" not in parts and len(kids) > 1:       # a page made before the class existed
        parts["status"] = kids[1]
    missing = [k for k in ("level", "new_game", "note", "hand", "status") if k not in parts]
    if missing:
        raise LookupError(f"the play table has no {', '.join(missing)}")
    return parts


def table_turn(status: str) -> str:
    """'learner', 'computer' or 'over' from the play table's status line."""
    if "round is over" in status or "game is over" in status:
        return "over"
    if "Your turn" in status:
        return "learner"
    return "computer"


def choose_card(mirror: WidgetMirror, parts: dict, rng: random.Random) -> str:
    """A card the learner's hand shows as playable (clickable and not dimmed), at random."""
    items = mirror.states[parts["hand"]].get("_items") or []
    playable = [i["card"] for i in items if i.get("clickable") and not i.get("dimmed")]
    if not playable:
        raise LookupError("the learner's turn, but no card of the hand can be clicked")
    return rng.choice(playable)


async def round_learner(klass: Class, index: int, seed: int) -> LearnerResult:
    """Open lesson 15, answer its exercise, then play a whole round against the strong
    player at the play table, clicking cards (a random card among those the hand shows as
    playable)."""
    result = LearnerResult(index, "round", ROUND_LESSON)
    rng = random.Random(seed)
    link = None
    started = time.perf_counter()
    game = {"moves": 0, "refused": 0, "reply_s": [], "end": "", "seconds": None}
    result.round = game
    try:
        link, page = await open_page(klass, ROUND_LESSON, result, started)
        await answer_exercise(link, page, result, klass.timeout)
        try:
            parts = play_table_parts(link.mirror, page.widget_ids)
        except LookupError as exc:
            raise LearnerFailed("round", str(exc)) from None
        level = link.mirror.states[parts["level"]]
        labels = level.get("_options_labels") or []
        strong = [i for i, label in enumerate(labels) if "strong" in label.lower()]
        if not strong:
            raise LearnerFailed("round", f"no strong player among the opponents {labels}")
        round_started = time.perf_counter()
        msg_id = await link.comm_msg(parts["level"], {"method": "update", "state":
                                                      {"index": strong[0]}, "buffer_paths": []})
        await link.idle_after(msg_id, klass.timeout, "choosing the strong player")
        msg_id = await link.comm_msg(parts["new_game"], click_message())
        await link.idle_after(msg_id, klass.timeout, "starting a new game")
        if "New game" not in _status_text(link, parts["status"]):
            raise LearnerFailed("round", "the new game did not start: "
                                + _status_text(link, parts["status"])[:120])
        while True:
            turn = await link.until(
                lambda: (t if (t := table_turn(_status_text(link, parts["status"])))
                         != "computer" else None), klass.timeout, "turn for the learner")
            if turn == "over":
                break
            if game["moves"] + game["refused"] > 60:
                raise LearnerFailed("round", "more than 60 clicks without the round ending")
            try:
                card = choose_card(link.mirror, parts, rng)
            except LookupError as exc:
                raise LearnerFailed("round", str(exc)) from None
            clicked = time.perf_counter()
            msg_id = await link.comm_msg(parts["hand"], click_message(card))
            await link.idle_after(msg_id, klass.timeout, "a card click")
            note = link.mirror.states[parts["note"]].get("html", "")
            if "fox-msg-illegal" in note:
                game["refused"] += 1
                continue
            game["moves"] += 1
            if table_turn(_status_text(link, parts["status"])) == "computer":
                await link.until(lambda: table_turn(_status_text(link, parts["status"]))
                                 != "computer", klass.timeout, "answer from the computer")
                game["reply_s"].append(round(time.perf_counter() - clicked, 3))
        game["seconds"] = round(time.perf_counter() - round_started, 3)
        game["end"] = _status_text(link, parts["status"])[:200]
        result.ok = True
    except LearnerFailed as exc:
        result.failure = str(exc)
    except Exception as exc:  # noqa: BLE001
        result.failure = f"error: {type(exc).__name__}: {exc}"
    await klass.done_then_wait()
    if link is not None:
        await leave_page(klass, link)
    return result


# ---------------------------------------------------------------------------- browser learners

# The page's own widget manager (Voilà 0.5 exposes its app as window.jupyterapp) has restored
# every widget's state, and every widget output is drawn (a widget output is a panel holding
# the widget's view, which stays empty until the view has rendered; a view renders only once
# its model and the models of its children exist, so this alone also tells, should a Voilà
# version not expose the app).
_BROWSER_INTERACTIVE = """(expected) => {
  const app = window.jupyterapp;
  const manager = app && app.widgetManager;
  if (manager && manager._restoredStatus === false) return false;
  const views = document.querySelectorAll('.jp-OutputArea-output.lm-Panel > .lm-Widget');
  const drawn = [...views].filter((view) => view.childElementCount > 0).length;
  return drawn >= expected;
}"""
_CELL_ERROR = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'


async def browser_learner(klass: Class, browser, index: int, lesson: str) -> LearnerResult:
    result = LearnerResult(index, "browser", lesson)
    context = page = None
    started = time.perf_counter()
    timeout_ms = klass.timeout * 1000
    try:
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
        context.set_default_timeout(timeout_ms)
        page = await context.new_page()
        files = []
        page.on("requestfinished", lambda req: files.append(req.url))
        try:
            response = await page.goto(f"{klass.server.base_url}/voila/render/{lesson}",
                                       wait_until="commit", timeout=timeout_ms)
            if response is not None:   # the whole HTML (Voilà has run the notebook)
                await asyncio.wait_for(response.finished(), klass.timeout)
        except Exception as exc:  # noqa: BLE001
            raise LearnerFailed("page", f"{type(exc).__name__}: {exc}") from None
        if response is None or response.status != 200:
            raise LearnerFailed("page", f"HTTP {response.status if response else '?'}")
        result.page_s = time.perf_counter() - started
        info = parse_page(await response.text())
        if info.errors:
            raise LearnerFailed("page", "a cell failed: " + "; ".join(info.errors)[:300])
        try:
            await page.wait_for_function(_BROWSER_INTERACTIVE, arg=len(info.widget_ids),
                                         timeout=timeout_ms, polling=50)
        except Exception as exc:  # noqa: BLE001
            errors = await page.locator(_CELL_ERROR).count()
            raise LearnerFailed("widgets", f"the page did not become interactive "
                                f"({type(exc).__name__}; {errors} cell errors shown)") from None
        result.interactive_s = time.perf_counter() - started
        result.models = await page.evaluate(
            "() => { const a = window.jupyterapp; const m = a && a.widgetManager;"
            " return m ? Object.keys(m._models || {}).length : 0; }")
        exercise = page.locator(".fox-exercise").first
        feedback = exercise.locator(".fox-feedback .fox-msg")
        choice = exercise.locator(".fox-choice")
        card = exercise.locator(".fox-card-choices .fox-clickable")
        check = exercise.locator(".fox-check")
        entry = exercise.locator(".fox-points-entry input")
        if await choice.count():
            label = (await choice.first.inner_text()).strip()
            clicked = time.perf_counter()
            await choice.first.click()
            result.answer = f"pressed {label!r}"
        elif await card.count():
            code = await card.first.get_attribute("data-card")
            if await check.count():
                await card.first.click()
                await exercise.locator(".fox-card-choices .fox-selected").first.wait_for()
                clicked = time.perf_counter()
                await check.first.click()
                result.answer = f"clicked {code} and Check"
            else:
                clicked = time.perf_counter()
                await card.first.click()
                result.answer = f"clicked {code}"
        elif await entry.count() and await check.count():
            await entry.first.fill("1")
            await entry.first.press("Tab")
            clicked = time.perf_counter()
            await check.first.click()
            result.answer = "typed 1 and pressed Check"
        else:
            raise LearnerFailed("exercise", "no exercise with an answer control on the page")
        try:
            await feedback.first.wait_for(state="visible", timeout=timeout_ms)
        except Exception as exc:  # noqa: BLE001
            raise LearnerFailed("exercise", f"no feedback ({type(exc).__name__})") from None
        result.answer_s = time.perf_counter() - clicked
        result.answer += ": " + (await feedback.first.inner_text()).strip()[:80]
        base = klass.server.base_url
        result.assets = sum(1 for url in files if url.startswith(base + "/voila/static")
                            or url.startswith(base + "/voila/labextensions")
                            or url.startswith(base + "/voila/templates"))
        result.ok = True
    except LearnerFailed as exc:
        result.failure = str(exc)
    except Exception as exc:  # noqa: BLE001
        result.failure = f"error: {type(exc).__name__}: {exc}"
    await klass.done_then_wait()
    if context is not None:
        try:
            if page is not None:
                await page.goto("about:blank", timeout=60000)  # leaving sends the shutdown
            await context.close()
        except Exception:  # noqa: BLE001
            pass
    return result


async def discover_assets(server: VoilaServer, browser, lesson: str, timeout: float) -> list:
    """The files a lesson page downloads in a browser with an empty cache (scripts, styles,
    fonts), recorded in one visit before the measurement; the websocket learners then fetch
    the same files. The visit's kernel is shut down when the page is left, and the lesson's
    pre-heated kernel is waited for again."""
    filled = server.pools_filled()
    context = await browser.new_context()
    page = await context.new_page()
    files = []
    base = server.base_url

    def record(req):
        if req.method == "GET" and req.url.startswith(base) and \
                any(p in req.url for p in ("/voila/static/", "/voila/labextensions/",
                                           "/voila/templates/")):
            files.append(req.url[len(base):])

    page.on("requestfinished", record)
    await page.goto(f"{base}/voila/render/{lesson}", timeout=timeout * 1000)
    await page.wait_for_function(_BROWSER_INTERACTIVE, arg=1, timeout=timeout * 1000)
    await page.wait_for_timeout(1000)   # late chunks and fonts
    await page.goto("about:blank")
    await context.close()
    await server.wait_pools(filled + 1, timeout=POOL_FILL_TIMEOUT)
    return list(dict.fromkeys(files))


# ============================================================================ one class size

def machine_state() -> dict:
    load = os.getloadavg()
    return {"load_1min": round(load[0], 2), "load_5min": round(load[1], 2),
            "load_15min": round(load[2], 2)}


def machine_info() -> dict:
    mem_total = None
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    mem_total = round(int(line.split()[1]) / 1024)
    except OSError:
        pass
    versions = {}
    for name in ("voila", "ipywidgets", "anywidget", "jupyter_server", "ipykernel", "tornado",
                 "playwright"):
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    versions["python"] = sys.version.split()[0]
    return {"cpus": os.cpu_count(), "memory_mib": mem_total, "versions": versions}


def learner_plan(n: int, browsers: int, round_learner: bool, lessons) -> list:
    """(kind, lesson) for each of the n learners: the round learner first (if any), then the
    browsers, then websocket learners; exercise learners take the lessons in turn."""
    kinds = []
    if round_learner and n > 0:
        kinds.append(("round", ROUND_LESSON))
    exercise = n - len(kinds)
    n_browsers = max(0, min(browsers, exercise))
    for i in range(exercise):
        kind = "browser" if i < n_browsers else "websocket"
        kinds.append((kind, lessons[i % len(lessons)]))
    return kinds


async def run_class(n: int, args, log=print) -> dict:
    """Start a fresh server, let n learners use it at once, measure, stop the server."""
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=max(64, n * (BROWSER_CONNECTIONS + 2)))
    http = AsyncHTTPClient()
    at_start = machine_state()
    log(f"\n== N = {n} learners; load at start {at_start['load_1min']} "
        f"(1 min), {at_start['load_5min']} (5 min)")
    server = VoilaServer(extra=args.server_option)
    playwright = browser = None
    sampler = None
    try:
        ready_s = await server.wait_ready(http)
        log(f"   Voilà ready with {server.notebooks()} pre-heated kernels after {ready_s:.0f} s")
        plan = learner_plan(n, args.browsers, not args.no_round, args.lessons)
        want_browser = any(kind == "browser" for kind, _ in plan) or not args.cached_assets
        if want_browser and CHROMIUM.exists():
            try:
                from playwright.async_api import async_playwright

                playwright = await async_playwright().start()
                browser = await playwright.chromium.launch(
                    executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            except Exception as exc:  # noqa: BLE001
                log(f"   Chromium could not be started ({exc}); websocket learners only")
                browser = None
        if browser is None:
            plan = [("websocket" if kind == "browser" else kind, lesson)
                    for kind, lesson in plan]
        assets, assets_from = None, "the files the page links (Chromium not available)"
        if args.cached_assets:
            assets, assets_from = [], "none (--cached-assets: as if the browser had them cached)"
        elif browser is not None:
            assets = await discover_assets(server, browser, args.lessons[0], args.timeout)
            assets_from = f"the {len(assets)} files a browser downloaded for a lesson page"
        klass = Class(server, http, assets, args.timeout, len(plan))
        await asyncio.sleep(args.settle)
        sampler = MemorySampler(server.process.pid)
        sampler.start()
        await asyncio.sleep(3)
        idle_samples = list(sampler.samples)
        idle = statistics.median(s["rss"] for s in idle_samples) / MIB
        idle_kernels = idle_samples[-1]["kernels"]
        cpu_before = idle_samples[-1]["cpu"]
        client_cpu = time.process_time()
        arrival = (f"arriving over {args.ramp:.0f} s" if args.ramp > 0 else "at once")
        log(f"   idle: {idle:.0f} MiB ({idle_kernels} kernels); starting {n} learners {arrival}")

        log_offset = len(server.log_text())
        started = time.perf_counter()
        tasks = []
        for index, (kind, lesson) in enumerate(plan):
            if kind == "round":
                coro = round_learner(klass, index, seed=args.seed + index)
            elif kind == "browser":
                coro = browser_learner(klass, browser, index, lesson)
            else:
                coro = websocket_learner(klass, index, lesson)
            # --ramp: learner i arrives i/N of the way through; its times start then.
            tasks.append(asyncio.ensure_future(_arrive(args.ramp * index / len(plan), coro)))
        while not klass.everyone_finished.is_set() and not all(t.done() for t in tasks):
            try:
                await asyncio.wait_for(klass.everyone_finished.wait(), 1)
            except asyncio.TimeoutError:
                pass
        finished = done_at = time.perf_counter()
        peak = sampler.peak(started, finished) or idle_samples[-1]
        cpu_after = process_tree(server.process.pid)["cpu"]
        client_cpu = time.process_time() - client_cpu
        klass.all_done.set()
        results = await asyncio.gather(*tasks)
        await asyncio.sleep(args.leave_wait)
        after = process_tree(server.process.pid)
        server_errors = server.errors_since(log_offset)
    finally:
        if sampler is not None:
            sampler.stop()
        if browser is not None:
            await browser.close()
        if playwright is not None:
            await playwright.stop()
        server.stop()
        http.close()
    at_end = machine_state()
    ok = [r for r in results if r.ok]
    peak_mib = peak["rss"] / MIB
    report = {
        "learners": n,
        "kinds": {k: sum(1 for r in results if r.kind == k)
                  for k in ("websocket", "browser", "round")},
        "succeeded": len(ok),
        "failed": [{"learner": r.index, "kind": r.kind, "lesson": r.lesson,
                    "reason": r.failure} for r in results if not r.ok],
        "time_to_page_s": summary(r.page_s for r in results),
        "downloading_files_s": summary(r.assets_s for r in results),
        "connecting_to_widget_states_s": summary(r.widgets_s for r in results),
        "time_to_interactive_s": summary(r.interactive_s for r in results if r.interactive_s),
        "time_to_interactive_by_kind_s": {
            k: summary(r.interactive_s for r in results if r.kind == k and r.interactive_s)
            for k in ("websocket", "browser", "round")},
        "time_to_answer_s": summary(r.answer_s for r in results if r.answer_s is not None),
        "control_comm_fallbacks": sum(1 for r in results if r.fallback),
        "all_finished_after_s": round(done_at - started, 3),
        "server_memory_mib": {
            "idle": round(idle), "idle_kernels": idle_kernels, "peak": round(peak_mib),
            "peak_kernels": peak["kernels"], "per_learner": round((peak_mib - idle) / n, 1),
            "per_extra_kernel": (round((peak_mib - idle) / (peak["kernels"] - idle_kernels), 1)
                                 if peak["kernels"] > idle_kernels else None),
            "after_leaving": round(after["rss"] / MIB),
            "kernels_after_leaving": after["kernels"]},
        "server_cpu_s": round(cpu_after - cpu_before, 1),
        "client_cpu_s": round(client_cpu, 1),
        "assets_per_websocket_learner": assets_from,
        "downloads_per_learner": {
            k: {"files": statistics.median(r.assets for r in results if r.kind == k),
                "mib": round(statistics.median(r.asset_bytes for r in results
                                               if r.kind == k) / MIB, 2)}
            for k in ("websocket", "round") if any(r.kind == k for r in results)},
        "round": next((r.round for r in results if r.kind == "round"), None),
        "machine_at_start": at_start, "machine_at_end": at_end,
        "voila_ready_s": round(ready_s, 1),
        "server_errors": server_errors,
        "server_log": str(server.log_path.relative_to(REPO_ROOT)),
        "per_learner": [dataclasses.asdict(r) for r in results],
    }
    if server.process.returncode not in (0, None, -signal.SIGTERM, -signal.SIGKILL):
        report["server_exit_code"] = server.process.returncode
    if not report["failed"] and not server_errors:
        server.log_path.unlink(missing_ok=True)   # kept only when something went wrong
        report["server_log"] = None
    print_report(report, log)
    return report


async def _arrive(delay: float, learner):
    if delay > 0:
        await asyncio.sleep(delay)
    return await learner


def print_report(r: dict, log=print) -> None:
    mem, inter, ans = r["server_memory_mib"], r["time_to_interactive_s"], r["time_to_answer_s"]
    kinds = ", ".join(f"{v} {k}" for k, v in r["kinds"].items() if v)
    log(f"   learners: {r['learners']} ({kinds}); succeeded {r['succeeded']}/{r['learners']}")
    log(f"   time to interactive page: median {fmt_seconds(inter['median'])}, "
        f"p95 {fmt_seconds(inter['p95'])}, max {fmt_seconds(inter['max'])}")
    for kind, s in r["time_to_interactive_by_kind_s"].items():
        if s["count"]:
            log(f"      {kind:9s} (n={s['count']}): median {fmt_seconds(s['median'])}, "
                f"p95 {fmt_seconds(s['p95'])}")
    page = r["time_to_page_s"]
    log(f"      of which (median, p95): the page's HTML {fmt_seconds(page['median'])}, "
        f"{fmt_seconds(page['p95'])}; websocket learners downloading the "
        f"page's files {fmt_seconds(r['downloading_files_s']['median'])}, "
        f"{fmt_seconds(r['downloading_files_s']['p95'])}; from connecting to the kernel to "
        f"every widget's state {fmt_seconds(r['connecting_to_widget_states_s']['median'])}, "
        f"{fmt_seconds(r['connecting_to_widget_states_s']['p95'])}")
    log(f"   time to answer an exercise: median {fmt_seconds(ans['median'])}, "
        f"p95 {fmt_seconds(ans['p95'])}, max {fmt_seconds(ans['max'])}")
    log(f"   server memory: idle {fmt_mib(mem['idle'])} ({mem['idle_kernels']} kernels), "
        f"peak {fmt_mib(mem['peak'])} ({mem['peak_kernels']} kernels), "
        f"{mem['per_learner']} MiB per learner ({mem['per_extra_kernel']} MiB per kernel "
        f"started); after leaving {fmt_mib(mem['after_leaving'])} "
        f"({mem['kernels_after_leaving']} kernels)")
    downloads = r["downloads_per_learner"].get("websocket")
    if downloads:
        log(f"   each websocket learner downloaded {downloads['files']:.0f} files "
            f"({downloads['mib']} MiB): {r['assets_per_websocket_learner']}")
    log(f"   CPU time: server {r['server_cpu_s']} s, this benchmark's learners "
        f"{r['client_cpu_s']} s (plus Chromium's); all learners done after "
        f"{r['all_finished_after_s']:.1f} s")
    if r["control_comm_fallbacks"]:
        log(f"   {r['control_comm_fallbacks']} pages waited 4 s for the control comm and "
            "then asked for each widget's state")
    game = r.get("round")
    if game:
        replies = summary(game["reply_s"])
        log(f"   round vs the strong player: {game['moves']} learner moves, "
            f"{fmt_seconds(game['seconds'])} in all, computer answered in median "
            f"{fmt_seconds(replies['median'])}, max {fmt_seconds(replies['max'])}; "
            f"{game['end'][:90]!r}")
    for f in r["failed"]:
        log(f"   FAILED learner {f['learner']} ({f['kind']}, {f['lesson']}): {f['reason']}")
    if r["server_errors"]:
        log(f"   Voilà logged errors while the learners worked (log: {r['server_log']}):")
        for line in r["server_errors"]:
            log(f"      {line}")
    log(f"   load at end {r['machine_at_end']['load_1min']} (1 min)")


# ============================================================================ main

def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--learners", type=int, nargs="+", default=[10, 30, 60],
                    help="class sizes to measure, each on a fresh server (default 10 30 60)")
    ap.add_argument("--browsers", type=int, default=3,
                    help="how many of the learners use a real browser (default 3)")
    ap.add_argument("--no-round", action="store_true",
                    help="no learner plays a round against the strong player")
    ap.add_argument("--lessons", nargs="+", default=LESSONS,
                    help="lessons the exercise learners open in turn (default: lessons 1-14)")
    ap.add_argument("--cached-assets", action="store_true",
                    help="websocket learners download no script or style files (a browser "
                         "that has them cached)")
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds a learner waits at any step before it counts as failed")
    ap.add_argument("--settle", type=float, default=5,
                    help="seconds to wait after the pools are ready, before measuring idle")
    ap.add_argument("--leave-wait", type=float, default=10,
                    help="seconds after the learners left before counting kernels")
    ap.add_argument("--ramp", type=float, default=0,
                    help="spread the learners' arrivals evenly over this many seconds "
                         "(default 0: all at the same moment); each learner's times start "
                         "when it arrives")
    ap.add_argument("--seed", type=int, default=1, help="the round learner's card choices")
    ap.add_argument("--server-option", action="append", default=[], metavar="OPTION",
                    help="add this to Voilà's command line, e.g. "
                         "--server-option=--VoilaConfiguration.default_pool_size=2 (repeatable; "
                         "the default is exactly make app's command line)")
    ap.add_argument("--quick", action="store_true",
                    help="one class of 3 (websocket, browser, round): checks that it all works")
    ap.add_argument("--json", type=Path, help="write the results to this file")
    args = ap.parse_args(argv)
    args.lessons = [lesson if lesson.endswith(".ipynb") else _lesson_named(lesson)
                    for lesson in args.lessons]
    if args.quick:
        args.learners, args.browsers = [3], min(args.browsers, 1)
        args.settle, args.leave_wait = 1, 5
        args.timeout = min(args.timeout, 240)
    return args


def _lesson_named(prefix: str) -> str:
    for name in LESSONS + [ROUND_LESSON]:
        if name.startswith(prefix):
            return name
    raise SystemExit(f"--lessons: no lesson starts with {prefix!r}")


async def main_async(args) -> dict:
    info = machine_info()
    print(f"Load benchmark: {' / '.join(map(str, args.learners))} learners, "
          f"{info['cpus']} CPUs, {info['memory_mib']} MiB memory")
    print("versions: " + ", ".join(f"{k} {v}" for k, v in info["versions"].items()))
    if args.server_option:
        print("Voilà started with these options added to make app's: "
              + " ".join(args.server_option))
    if not CHROMIUM.exists():
        print(f"NOTE: {CHROMIUM} not found: no browser learners, websocket learners only")
    results = {"machine": info, "started": datetime.datetime.now().isoformat(timespec="seconds"),
               "options": {"browsers": args.browsers, "round_learner": not args.no_round,
                           "lessons": args.lessons, "cached_assets": args.cached_assets,
                           "timeout_s": args.timeout, "server_options": args.server_option,
                           "ramp_s": args.ramp},
               "classes": []}
    for n in args.learners:
        try:
            results["classes"].append(await run_class(n, args))
        except Exception as exc:  # noqa: BLE001 - the other class sizes still run
            print(f"   N = {n}: THE RUN FAILED: {type(exc).__name__}: {exc}")
            results["classes"].append({"learners": n, "succeeded": 0,
                                       "error": f"{type(exc).__name__}: {exc}",
                                       "machine_at_end": machine_state()})
    results["finished"] = datetime.datetime.now().isoformat(timespec="seconds")
    print("\nSummary (time to interactive / to answer: median and p95; memory: peak, per "
          "learner)")
    for r in results["classes"]:
        if "error" in r:
            print(f"  N={r['learners']:3d}: the run failed: {r['error']}")
            continue
        inter, ans, mem = (r["time_to_interactive_s"], r["time_to_answer_s"],
                           r["server_memory_mib"])
        print(f"  N={r['learners']:3d}: {r['succeeded']}/{r['learners']} ok; interactive "
              f"{fmt_seconds(inter['median'])} / {fmt_seconds(inter['p95'])}; answer "
              f"{fmt_seconds(ans['median'])} / {fmt_seconds(ans['p95'])}; "
              f"{fmt_mib(mem['peak'])}, {mem['per_learner']} MiB each; load "
              f"{r['machine_at_start']['load_1min']} -> {r['machine_at_end']['load_1min']}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(results, indent=1))
        print(f"results written to {args.json}")
    return results


def quick_check(results: dict) -> list[str]:
    """What is wrong with a ``--quick`` run (nothing: []): one class of 3 learners, every one
    of them succeeded (the round learner among them, with a whole round played), each page
    timed and answered, and the server's memory grew with the learners' kernels. It checks
    that every part of the tool works; the times themselves are not judged."""
    if len(results["classes"]) != 1:
        return [f"{len(results['classes'])} classes, not 1"]
    (klass,) = results["classes"]
    if "error" in klass:
        return [f"the run failed: {klass['error']}"]
    problems = [f"learner {f['learner']} ({f['kind']}) failed: {f['reason']}"
                for f in klass["failed"]]
    if not klass["succeeded"] == klass["learners"] == 3:
        problems.append(f"{klass['succeeded']} of {klass['learners']} learners succeeded, "
                        "not 3 of 3")
    if klass["kinds"].get("round") != 1:
        problems.append("no round learner")
    for learner in klass["per_learner"]:
        if not (learner["interactive_s"] or 0) >= (learner["page_s"] or 0) > 0:
            problems.append(f"learner {learner['index']}: page {learner['page_s']} s, "
                            f"interactive {learner['interactive_s']} s")
        if not ((learner["answer_s"] or 0) > 0 and learner["answer"]):
            problems.append(f"learner {learner['index']}: no answer timed")
    game = klass["round"] or {}
    if not (game.get("moves", 0) >= 7 and "round is over" in game.get("end", "")):
        problems.append(f"the round learner's round: {game}")
    memory = klass["server_memory_mib"]
    if not (memory["peak"] > memory["idle"] > 0
            and memory["peak_kernels"] > memory["idle_kernels"]):
        problems.append(f"server memory: {memory}")
    return problems


def main(argv=None) -> int:
    args = parse_args(argv)
    results = asyncio.run(main_async(args))
    if args.quick:
        problems = quick_check(results)
        for problem in problems:
            print(f"QUICK CHECK FAILED: {problem}")
        print("quick check: " + ("FAILED" if problems else "every part works"))
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
