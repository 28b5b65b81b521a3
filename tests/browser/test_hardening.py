"""Hardening of the app for a classroom (docs/app-server.md, "When something goes wrong" and
"What a page can ask of its kernel").

* A page cannot run code in its kernel: messages that would (execute_request, on the shell or
  the control channel, and the debugger's, completion's, inspection's and history's requests)
  are dropped by the server, while the widget messages a page needs still get through.
* Comm messages naming widgets, targets or methods that do not exist change nothing.
* Kernels of closed tabs are reclaimed: after 20 pages are opened and closed the number of
  kernels returns to its idle level (the pre-heated ones), whether the tab said goodbye
  (closed normally) or not (then the idle-kernel culling reclaims them).
* No console warning or error on any page of the app (the JupyterLab packages agree).
* A failing cell shows a short friendly message, the cells after it still work, and the full
  error is in the server's log; a bad uploaded puzzle file is answered in words.
* A crashed kernel, a kernel stopped on the server, or a lost connection shows a banner at the
  top of the page (above the heading, never over it) offering a reload; the learner's
  progress, kept in the browser, survives it.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from conftest import DESKTOP, NOTEBOOKS_DIR, shoot, start_voila

TEST_NOTEBOOKS = Path(__file__).parent / "notebooks"
PUZZLES_APP = ".fox-puzzle-app"
PUZZLES_KEY = "fox-explorer-puzzles-v1"
BANNER = "#fox-connection-banner"

# Sends `messages` over a new websocket to the page's kernel, the way any script on the
# page could, waits `waitMs`, and returns what came back in answer to them (by parent id).
RAW_KERNEL_CHANNEL_JS = """
async ({messages, waitMs}) => {
  const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  const uuid = () => (crypto.randomUUID ? crypto.randomUUID()
                      : Math.random().toString(16).slice(2) + Date.now().toString(16));
  const session = uuid();
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}` +
              `${config.baseUrl}api/kernels/${config.kernelId}/channels?session_id=${session}`;
  const ws = new WebSocket(url);
  ws.binaryType = "arraybuffer";
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error("could not open " + url));
  });
  const ids = [];
  const received = [];
  ws.onmessage = (event) => {
    let text = event.data;
    if (typeof text !== "string") {   // binary: a count, offsets, then the JSON part first
      const view = new DataView(text);
      const start = view.getUint32(4);
      const end = view.getUint32(0) > 1 ? view.getUint32(8) : text.byteLength;
      text = new TextDecoder().decode(new Uint8Array(text, start, end - start));
    }
    const msg = JSON.parse(text);
    const parent = msg.parent_header && msg.parent_header.msg_id;
    if (ids.includes(parent)) {
      received.push({parent, channel: msg.channel, msg_type: msg.header.msg_type,
                     content: msg.content});
    }
  };
  for (const m of messages) {
    const id = uuid();
    ids.push(id);
    ws.send(JSON.stringify({
      channel: m.channel || "shell",
      header: {msg_id: id, msg_type: m.msg_type, username: "learner", session,
               date: new Date().toISOString(), version: "5.3"},
      parent_header: {}, metadata: {}, content: m.content || {}, buffers: [],
    }));
  }
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  ws.close();
  return {kernelId: config.kernelId, ids, received};
}
"""


def send_to_kernel(page, messages, wait_ms=4000):
    """[(msg, [answers to it])] for the messages sent from ``page`` over a raw kernel channel."""
    result = page.evaluate(RAW_KERNEL_CHANNEL_JS, {"messages": messages, "waitMs": wait_ms})
    answers = {i: [] for i in result["ids"]}
    for r in result["received"]:
        answers[r["parent"]].append(r)
    return [(m, answers[i]) for m, i in zip(messages, result["ids"])]


def page_kernel_id(page) -> str:
    return page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


# ----------------------------------------------------------------------------------------
# Kernel processes of a Voilà server (its direct children running ipykernel)
# ----------------------------------------------------------------------------------------

def _processes():
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        yield int(entry.name), ppid, cmdline


def kernel_processes(server) -> dict[int, str]:
    """{pid: command line} of the kernels the server has started and not yet shut down."""
    return {pid: cmd for pid, ppid, cmd in _processes()
            if ppid == server.process.pid and "ipykernel" in cmd}


def kernel_pid(server, kernel_id: str) -> int:
    found = [pid for pid, cmd in kernel_processes(server).items() if kernel_id in cmd]
    assert len(found) == 1, f"kernel {kernel_id}: processes {found}"
    return found[0]


def wait_for_kernel_count(server, wanted: int, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    count = len(kernel_processes(server))
    while count != wanted and time.monotonic() < deadline:
        time.sleep(0.5)
        count = len(kernel_processes(server))
    return count


def idle_kernel_count(server, settle: float = 3.0, timeout: float = 120.0) -> int:
    """The number of kernels once it has not changed for ``settle`` seconds (pools refilled)."""
    deadline = time.monotonic() + timeout
    last, since = len(kernel_processes(server)), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = len(kernel_processes(server))
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= settle:
            return now
    return last


def kernel_rss_mb(pids) -> list[float]:
    sizes = []
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    sizes.append(int(line.split()[1]) / 1024)
        except OSError:
            pass
    return sizes


# ----------------------------------------------------------------------------------------
# A page cannot run code
# ----------------------------------------------------------------------------------------

def code_messages(marker: Path) -> list[dict]:
    code = f"open({str(marker)!r}, 'w').write('code ran')"
    return [
        {"msg_type": "execute_request", "content": {
            "code": code, "silent": False, "store_history": False, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True}},
        {"msg_type": "execute_request", "channel": "control", "content": {
            "code": code, "silent": False, "store_history": False, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True}},
        {"msg_type": "debug_request", "channel": "control", "content": {
            "seq": 1, "type": "request", "command": "evaluate",
            "arguments": {"expression": code, "context": "repl"}}},
        {"msg_type": "inspect_request", "content": {"code": "open", "cursor_pos": 4,
                                                    "detail_level": 1}},
        {"msg_type": "complete_request", "content": {"code": "import o", "cursor_pos": 8}},
        {"msg_type": "history_request", "content": {"output": False, "raw": True,
                                                    "hist_access_type": "tail", "n": 10}},
    ]


def test_a_page_cannot_run_code_in_its_kernel(page, voila_server, open_notebook, tmp_path):
    open_notebook("01_cards_and_deal.ipynb")
    marker = tmp_path / "code-ran.txt"
    refused = code_messages(marker)
    # The kernel answers a message it is allowed: sent last on the same channel, its answer
    # comes after any answer to the ones before, so silence for those is refusal.
    probe = {"msg_type": "kernel_info_request"}
    results = send_to_kernel(page, refused + [probe])
    *refused_results, (_, probe_answers) = results
    assert any(a["msg_type"] == "kernel_info_reply" for a in probe_answers), \
        "the kernel channel did not answer an allowed message: the test cannot see refusals"
    for message, answers in refused_results:
        assert answers == [], f"{message['msg_type']} was answered: {answers}"
    assert not marker.exists(), "code sent by the page ran in the kernel"
    log = voila_server.log_text()
    for kind in ("execute_request", "debug_request", "inspect_request", "complete_request",
                 "history_request"):
        assert f'Received message of type "{kind}", which is not allowed' in log
    # The page still works after the attempt.
    page.get_by_role("button").first.wait_for()


def test_comm_messages_naming_nothing_have_no_effect(page, page_log, voila_factory,
                                                     open_notebook, tmp_path):
    server = voila_factory(TEST_NOTEBOOKS)
    open_notebook("hardening.ipynb", server=server)
    page.get_by_text("kernel saw count 0").wait_for()
    counter_id = page.get_by_text(re.compile(r"^counter model ")).inner_text().split()[-1]
    marker = tmp_path / "code-ran.txt"
    code = f"open({str(marker)!r}, 'w').write('ran'); marker.value = 'code ran'"
    bogus = [
        # A widget that does not exist.
        {"msg_type": "comm_msg", "content": {
            "comm_id": "0" * 32, "data": {"method": "update", "state": {"count": 41}}}},
        # A comm target that does not exist.
        {"msg_type": "comm_open", "content": {
            "comm_id": "1" * 32, "target_name": "no.such.target", "data": {"code": code}}},
        # A widget class that does not exist.
        {"msg_type": "comm_open", "content": {
            "comm_id": "2" * 32, "target_name": "jupyter.widget", "data": {
                "state": {"_model_name": "ExecModel", "_model_module": "no-such-module",
                          "_model_module_version": "1.0.0", "_view_name": "ExecView",
                          "_view_module": "no-such-module", "_view_module_version": "1.0.0",
                          "code": code},
                "buffer_paths": []}}},
        # A real widget, but methods, events and traits it does not have.
        {"msg_type": "comm_msg", "content": {
            "comm_id": counter_id, "data": {"method": "exec", "code": code}}},
        {"msg_type": "comm_msg", "content": {
            "comm_id": counter_id, "data": {"method": "custom", "content": {
                "event": "exec", "code": code}}}},
        {"msg_type": "comm_msg", "content": {
            "comm_id": counter_id, "data": {"method": "update", "state": {
                "no_such_trait": code, "__class__": "x"}, "buffer_paths": []}}},
        {"msg_type": "comm_close", "content": {"comm_id": "3" * 32, "data": {}}},
    ]
    probe = {"msg_type": "kernel_info_request"}
    *_, (_, probe_answers) = send_to_kernel(page, bogus + [probe])
    assert any(a["msg_type"] == "kernel_info_reply" for a in probe_answers)
    page.wait_for_timeout(500)
    assert not marker.exists()
    assert page.get_by_text("marker untouched").is_visible()
    assert page.get_by_text("kernel saw count 0").is_visible()
    assert page.locator("button.fox-hardening-counter").inner_text() == "count is 0"

    # The same channel does reach the widget with a message it understands, so the silence
    # above is the kernel ignoring the bogus ones...
    send_to_kernel(page, [{"msg_type": "comm_msg", "content": {
        "comm_id": counter_id, "data": {"method": "custom", "content": {"event": "bump"}}}}],
        wait_ms=500)
    page.get_by_text("kernel saw count 1").wait_for()
    # ...and the page itself still works.
    page.locator("button.fox-hardening-counter").click()
    page.get_by_text("kernel saw count 2").wait_for()
    page.locator("button.fox-hardening-counter", has_text="count is 2").wait_for()
    assert page.get_by_text("marker untouched").is_visible()
    # The kernel closes the comms it could not open; every connection to the kernel hears
    # it, and the page's own one notes in the console that it never had them.  Nothing else.
    expected = {f"Comm not found for comm id {c * 32}" for c in "12"}
    unexpected = [m for m in page_log.console_errors if m.split(" (")[0] not in expected]
    assert unexpected == [] and not page_log.page_errors
    page_log.console_errors.clear()


# ----------------------------------------------------------------------------------------
# Kernels of closed tabs are reclaimed
# ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def one_notebook_dir(tmp_path_factory):
    """A directory with one notebook (widget_smoke.ipynb), for servers of this module's own:
    their kernels are then only the ones this module's tests start, and one pre-heated."""
    root = tmp_path_factory.mktemp("one-notebook")
    shutil.copy(TEST_NOTEBOOKS / "widget_smoke.ipynb", root / "widget_smoke.ipynb")
    return root


@pytest.fixture(scope="module")
def quiet_server(one_notebook_dir):
    """Voilà as `make app` starts it, on one notebook, used by nothing but the test below."""
    server = start_voila(one_notebook_dir)
    yield server
    server.stop()


def test_twenty_closed_tabs_leave_no_kernels_behind(browser, quiet_server):
    server = quiet_server
    idle = idle_kernel_count(server)
    assert idle == 1, "one pre-heated kernel for the one notebook"
    most = idle
    page_rss = []
    context = browser.new_context()
    for i in range(20):
        pg = context.new_page()
        pg.goto(server.url("widget_smoke.ipynb"))
        pg.get_by_text("kernel saw count 0").wait_for(timeout=120_000)
        kernels = kernel_processes(server)
        most = max(most, len(kernels))
        page_rss += kernel_rss_mb([kernel_pid(server, page_kernel_id(pg))])
        pg.close(run_before_unload=True)   # as closing a tab: the page says goodbye
    context.close()
    assert most > idle, "the pages did not start kernels of their own"
    after = wait_for_kernel_count(server, idle, timeout=120)
    print(f"20 tabs: idle {idle} kernels, at most {most} while open, {after} after closing; "
          f"a page's kernel uses {min(page_rss):.0f}-{max(page_rss):.0f} MB")
    assert after == idle


@pytest.fixture(scope="module")
def own_server(one_notebook_dir):
    """A server of this module's own, culling idle kernels after 10 s instead of the app's
    10 minutes; the last test of the module stops it."""
    server = start_voila(one_notebook_dir, extra_args=(
        "--MappingKernelManager.cull_idle_timeout=10",
        "--MappingKernelManager.cull_interval=2",
    ))
    yield server
    server.stop()


def test_kernels_of_tabs_that_vanish_are_culled(browser, own_server):
    """A tab that goes without a word (a crashed browser, a laptop lid closed) leaves its
    kernel running until the idle-kernel culling shuts it down; the pre-heated kernels are
    kept."""
    server = own_server
    idle = idle_kernel_count(server)
    context = browser.new_context()
    for _ in range(3):
        pg = context.new_page()
        pg.goto(server.url("widget_smoke.ipynb"))
        pg.get_by_text("kernel saw count 0").wait_for(timeout=120_000)
    opened = len(kernel_processes(server))
    context.close()   # no beforeunload: the pages never ask for their kernels' shutdown
    assert opened > idle
    assert wait_for_kernel_count(server, idle, timeout=90) == idle
    culled = re.findall(r"Culling 'idle' kernel .* due to \d+ seconds of inactivity",
                        server.log_text())
    assert len(culled) == 3, culled   # the three pages, none of the pre-heated kernels
    time.sleep(5)   # culling keeps the pre-heated kernels
    assert len(kernel_processes(server)) == idle


def test_pre_heated_kernels_connect_through_socket_files_so_ports_never_clash(voila_server):
    """Pre-heating starts one kernel per page at once; over TCP two of them could pick the
    same port and one would die ("Address already in use"), leaving its page blank."""
    kernels = kernel_processes(voila_server)
    assert len(kernels) >= len(APP_PAGES) - 1   # the teachers' guide has no code cell
    for cmd in kernels.values():
        connection = json.loads(Path(re.search(r"-f (\S+\.json)", cmd).group(1)).read_text())
        assert connection["transport"] == "ipc", connection
        assert Path(f"{connection['ip']}-{connection['shell_port']}").is_socket()
    assert "Address already in use" not in voila_server.log_text()


# ----------------------------------------------------------------------------------------
# A clean console
# ----------------------------------------------------------------------------------------

APP_PAGES = sorted(p.name for p in NOTEBOOKS_DIR.glob("*.ipynb"))


def test_no_console_warnings_on_any_page(browser, voila_server):
    """The JupyterLab packages that Voilà, ipywidgets and anywidget ship agree (pinned in
    pyproject.toml), so no page logs "Unsatisfied version" warnings, or anything else.
    Each page, whole, is saved at 1280 px and at 390 px (``page-NAME-*.png``) to be looked at."""
    logged = {}
    for name in APP_PAGES:
        context = browser.new_context(viewport=DESKTOP)
        pg = context.new_page()
        messages = []
        pg.on("console", lambda m, out=messages: out.append(f"{m.type}: {m.text}")
              if m.type in ("warning", "error") else None)
        pg.goto(voila_server.url(name))
        # A page with code shows widgets: ipywidgets, or (the index) the app's own
        # anywidgets, or (the teachers' guide's links) text a cell wrote.
        nb = json.loads((NOTEBOOKS_DIR / name).read_text(encoding="utf-8"))
        has_code = any(cell["cell_type"] == "code" for cell in nb["cells"])
        shown = ('.jupyter-widgets, .widget-box, #rendered_cells [class*="fox-"], '
                 '#rendered_cells .jp-OutputArea-output.jp-RenderedMarkdown' if has_code
                 else "#rendered_cells")
        try:
            pg.locator(shown).locator("visible=true").first.wait_for(timeout=120_000)
        except PlaywrightTimeoutError:
            pytest.fail(f"{name}: nothing shown after 120 s; the page says "
                        f"{pg.locator('body').inner_text()[:300]!r}; console {messages}; "
                        f"server log ends {voila_server.log_text()[-1500:]!r}")
        pg.wait_for_timeout(1500)   # late plugin messages
        shoot(pg, f"page-{name.removesuffix('.ipynb')}")
        if messages:
            logged[name] = messages
        context.close()
    assert logged == {}


# ----------------------------------------------------------------------------------------
# Errors in a page
# ----------------------------------------------------------------------------------------

def test_a_failing_cell_shows_a_friendly_message_and_the_rest_works(
        page, voila_factory, open_notebook, screenshot):
    server = voila_factory(TEST_NOTEBOOKS)
    open_notebook("failing_cell.ipynb", server=server, allow_cell_errors=True)
    note = page.locator(".fox-cell-error")
    note.wait_for()
    assert note.count() == 1
    assert "could not be prepared" in note.inner_text()
    assert note.get_attribute("role") == "alert"
    html = page.content()
    for hidden in ("Traceback", "KeyError", "secret detail", "show_tracebacks", "Voil"):
        assert hidden not in page.locator("#rendered_cells").inner_text(), hidden
    assert "secret detail" not in html and "KeyError" not in html
    page.get_by_text("the cell before works").wait_for()
    page.get_by_role("button", name="Still works").click()      # a cell after the failure
    page.get_by_text("clicks: 1").wait_for()
    # Whoever runs the server reads the whole error in its log.
    log = server.log_text()
    assert "A notebook cell failed" in log and "KeyError" in log and "secret detail" in log
    screenshot("failing-cell")


def test_a_bad_puzzle_file_is_answered_in_words(page, open_notebook, tmp_path):
    open_notebook("puzzles.ipynb", wait_for=f"{PUZZLES_APP} .fox-hand")
    button = page.get_by_role("button", name=re.compile("Load a puzzle file"))
    files = {   # name: (bytes, what the page must say)
        "class-notes.json": (b"Monday: the Witch\n", "is not valid JSON"),
        "class-photo.json": (bytes(range(256)) * 4, "is not UTF-8 text"),
        "class-list.json": (b'["a", "list"]', "is a JSON object with"),
        "class-video.json": (b"0" * 2_100_000, "too big for a puzzle file"),
    }
    for name, (data, reason) in files.items():
        path = tmp_path / name
        path.write_bytes(data)
        with page.expect_file_chooser() as chooser:
            button.click()
        chooser.value.set_files(str(path))
        answer = page.locator(PUZZLES_APP).get_by_text(re.compile(
            re.escape(name) + ".*" + re.escape(reason)))
        answer.first.wait_for()
        text = page.locator(PUZZLES_APP).inner_text()
        assert "Traceback" not in text and "Error:" not in text, text
        print(f"{name}: {answer.first.inner_text()}")
    # The page still plays.
    page.get_by_role("button", name="You", exact=True).click()
    page.locator(f"{PUZZLES_APP} .fox-pz-feedback").filter(has_text="Right!").wait_for()


def test_a_crashed_kernel_shows_a_banner_and_progress_survives(
        page, voila_server, open_notebook, screenshot):
    open_notebook("puzzles.ipynb", wait_for=f"{PUZZLES_APP} .fox-hand")
    page.get_by_text(re.compile(r"Your progress: \d+ of \d+ puzzles solved")).wait_for()
    page.get_by_role("button", name="You", exact=True).click()
    page.locator(f"{PUZZLES_APP} .fox-pz-feedback").filter(has_text="Right!").wait_for()
    solved = re.compile(r"Your progress: 1 of \d+ puzzles solved")
    page.get_by_text(solved).wait_for()
    stored = page.evaluate(f"() => window.localStorage.getItem('{PUZZLES_KEY}')")
    assert stored and json.loads(stored)
    assert page.locator(BANNER).count() == 0

    os.kill(kernel_pid(voila_server, page_kernel_id(page)), signal.SIGKILL)
    banner = page.locator(BANNER)
    banner.wait_for(timeout=60_000)
    assert banner.get_attribute("role") == "alert"
    assert banner.get_attribute("data-kind") == "crashed"
    assert "progress is kept" in banner.inner_text()
    assert "Traceback" not in page.locator("body").inner_text()
    assert page.evaluate(f"() => window.localStorage.getItem('{PUZZLES_KEY}')") == stored
    assert_banner_leaves_heading_visible(page)
    screenshot("kernel-crashed-banner")

    page.get_by_role("button", name="Reload the page").click()
    page.locator(f"{PUZZLES_APP} .fox-hand").wait_for(timeout=120_000)
    page.get_by_text(solved).wait_for()
    assert page.locator(BANNER).count() == 0


def test_a_kernel_stopped_on_the_server_shows_a_banner(page, page_log, voila_factory,
                                                      open_notebook):
    server = voila_factory(TEST_NOTEBOOKS)
    open_notebook("hardening.ipynb", server=server)
    page.get_by_text("kernel saw count 0").wait_for()
    # The server shuts the page's kernel down (as it does for a page that was left), while
    # the page stays open: its connection stays open too, talking to nothing.
    status = page.evaluate("""async () => {
        const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
        const xsrf = (document.cookie.match(/\\b_xsrf=([^;]*)/) || [])[1] || "";
        const form = new FormData();
        form.append("_xsrf", xsrf);
        const r = await fetch(`${config.baseUrl}voila/api/shutdown/${config.kernelId}`,
                              {method: "POST", body: form});
        return r.status;
    }""")
    assert status == 204
    banner = page.locator(BANNER)
    banner.wait_for(timeout=60_000)
    assert banner.get_attribute("data-kind") == "stopped"
    assert "Reload the page" in banner.inner_text()
    assert_banner_leaves_heading_visible(page)
    # The page's question "does my kernel still exist?" was answered 404, which the browser
    # notes in the console; nothing else was logged.
    unexpected = [m for m in page_log.console_errors if "404 (Not Found)" not in m]
    assert unexpected == [] and not page_log.page_errors
    page_log.console_errors.clear()


def test_a_stopped_server_shows_a_banner(page, page_log, own_server, open_notebook, screenshot):
    """Stops this module's own server: keep this test last."""
    open_notebook("widget_smoke.ipynb", server=own_server)
    page.get_by_text("kernel saw count 0").wait_for()
    own_server.stop()
    banner = page.locator(BANNER)
    banner.wait_for(timeout=60_000)
    assert banner.get_attribute("data-kind") == "lost"
    assert "lost its connection" in banner.inner_text()
    assert_banner_leaves_heading_visible(page)
    screenshot("connection-lost-banner")
    # The page's attempts to reach the server fail, which the browser notes in the console;
    # nothing else is logged.
    assert all("ERR_CONNECTION" in m for m in page_log.console_errors + page_log.failed_requests)
    assert not page_log.page_errors
    page_log.console_errors.clear()
    page_log.failed_requests.clear()


def assert_banner_leaves_heading_visible(page):
    heading = page.locator("#rendered_cells h1").first
    page.evaluate("""() => {   // back to the top of the page, whichever element scrolls
        window.scrollTo(0, 0);
        for (const el of document.querySelectorAll("*")) { if (el.scrollTop) el.scrollTop = 0; }
    }""")
    b = page.locator(BANNER).bounding_box()
    h = heading.bounding_box()
    assert b and h
    assert b["y"] + b["height"] <= h["y"] + 1, f"banner {b} covers the heading {h}"
    assert h["y"] + h["height"] <= (page.viewport_size or {"height": 800})["height"]


# ----------------------------------------------------------------------------------------
# The same messages in presenter mode (the fox-slides template shares them)
# ----------------------------------------------------------------------------------------

SLIDES = "?voila-template=fox-slides"


def test_a_failing_cell_in_presenter_mode_shows_the_friendly_message(
        page, voila_factory, open_notebook, screenshot):
    server = voila_factory(TEST_NOTEBOOKS)
    open_notebook(f"/voila/render/failing_cell.ipynb{SLIDES}", server=server,
                  wait_for=".fox-cell-error", allow_cell_errors=True)
    note = page.locator(".fox-cell-error")
    assert note.count() == 1 and note.get_attribute("role") == "alert"
    assert "could not be prepared" in note.inner_text()
    html = page.content()
    assert "secret detail" not in html and "KeyError" not in html
    assert "show_tracebacks" not in page.locator("body").inner_text()
    assert "Traceback" not in page.locator("body").inner_text()
    page.get_by_role("button", name="Still works").click()
    page.get_by_text("clicks: 1").wait_for()
    log = server.log_text()
    assert "A notebook cell failed" in log and "secret detail" in log
    screenshot("slides-failing-cell")


def test_a_crashed_kernel_in_presenter_mode_shows_the_banner(
        page, voila_server, open_notebook, screenshot):
    open_notebook(f"/voila/render/04_swan.ipynb{SLIDES}",
                  wait_for=".reveal.ready .slides > section.present")
    page.locator(".fox-card").first.wait_for()
    assert page.locator(BANNER).count() == 0
    os.kill(kernel_pid(voila_server, page_kernel_id(page)), signal.SIGKILL)
    banner = page.locator(BANNER)
    banner.wait_for(state="visible", timeout=60_000)
    assert banner.get_attribute("data-kind") == "crashed"
    assert "progress is kept" in banner.inner_text()
    box = banner.bounding_box()
    assert box and box["y"] >= 0 and box["height"] > 0
    screenshot("slides-kernel-crashed-banner")


def test_a_click_whose_answer_fails_is_told_in_words_and_the_page_keeps_working(
        page, voila_factory, open_notebook, screenshot):
    server = voila_factory(TEST_NOTEBOOKS)
    open_notebook("failing_click.ipynb", server=server)
    page.get_by_role("button", name="Broken").click()
    box = page.locator("#fox-click-notice")
    box.wait_for(timeout=30_000)
    assert box.get_attribute("role") == "alert"
    assert "something went wrong" in box.inner_text() and "progress is kept" in box.inner_text()
    body = page.locator("body").inner_text()
    assert "secret detail" not in body and "Traceback" not in body
    screenshot("failing-click")
    box.get_by_role("button", name="OK").click()
    assert page.locator("#fox-click-notice").count() == 0
    page.get_by_role("button", name="Still works").click()
    page.get_by_text("clicks: 1").wait_for()
