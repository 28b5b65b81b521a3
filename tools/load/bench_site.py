"""The static site (``make site``) measured: one browser's speed, a class's load, a shared link.

Everything is served by a real static server, ``python3 -m http.server`` (a
``ThreadingHTTPServer``: one thread per request, HTTP/1.0, no compression), started in a
subprocess on a free port; the browser is headless Chromium (``/usr/bin/chromium``).

1. **One browser.** For a lesson (``--lesson``, default 05_fox) and the contents page:
   the time from navigation to the first usable widget, cold (a fresh browser context: empty
   cache) and warm (the same context, a second visit); the bytes the server sent on the cold
   visit, raw and compressed as GitHub Pages would send them (see ``COMPRESSED``); the new
   bytes of a second lesson (``--second``) opened after the first in the same context (the
   requests that reached the server); the size of ``site/``; and, on the play table (lesson
   15), the strongest computer player's answer to a card and a hint, in the browser.
   What reached the server is read from its request log (``"GET /path" 200``); a 200's bytes
   are the file's size (the server sends whole files), a 304 sends none. Headers are not counted.
2. **A class.** The cold visit's requests, recorded once, are what a simulated learner
   fetches: N learners (``--learners``, default 10 30 60 200) start at the same moment, each
   fetching the list 6 requests at a time (as a browser does per host), nothing cached, one new
   connection per request (the server speaks HTTP/1.0). One real Chromium (a fresh context)
   opens the lesson at the same moment and measures its time to the first widget. Per N, on a
   fresh server: successes (every file with the recorded status and its whole length), transfer
   time per learner (median, p95; nearest rank), the server process's CPU time (``/proc``
   utime + stime, during the class) and peak memory (``VmHWM``). The learners run in this
   process, on the same CPUs as the server.
3. **A shared link.** From the compressed bytes: a class's load time over a shared link,
   ``seconds = bytes per learner x learners x 8 / link rate in bit/s`` (50 Mbit/s school
   link, 300 Mbit/s room Wi-Fi; 1 Mbit = 10^6 bits), for the first lesson and for a second
   one, beside Voila's page files (docs/app-server.md).

The contents page is measured in a second fresh profile, then the lesson opened after it (the
contents page prefetches a lesson's files). ``--backlog N`` runs the class's server as the same
module with a listen queue of N instead of socketserver's 5 (``request_queue_size``): with 5, a
class arriving together overflows it and connections are dropped or reset.

    python tools/load/bench_site.py [--site site] [--lesson 05_fox] [--second 06_woodcutter]
                                    [--learners 10 30 60 200] [--backlog 128] [--quick]
                                    [--json out.json]

``--quick``: N=3, no second lesson: a check that every part works (exit status 1 otherwise).
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gzip
import json
import math
import os
import platform
import re
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("FOX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update"]
#: The first usable widget: a lesson's (Voici draws every widget once the cells have run);
#: the contents page is plain HTML, usable when its Start/Continue link is there.
LESSON_READY = ".jupyter-widgets"
CONTENTS_READY = ".fox-home [data-fox-continue]"
PLAY_LESSON = "15_play_the_computer"
TIMEOUT_MS = 300_000
PLAY_TIMEOUT_MS = 60_000
#: GitHub Pages compresses by content type (gzip, here level 6): text, scripts, styles, JSON,
#: SVG, fonts without their own compression, and WebAssembly; images, woff/woff2 fonts and
#: archives (.whl and .zip: already deflated) are sent as they are.
COMPRESSED = {".html", ".htm", ".js", ".mjs", ".css", ".json", ".map", ".svg", ".txt", ".xml",
              ".webmanifest", ".ipynb", ".wasm", ".ttf", ".otf", ".eot", ".ico", ".md"}
PARALLEL = 6
LINKS_MBIT = {"school link, 50 Mbit/s": 50, "room Wi-Fi, 300 Mbit/s": 300}
#: docs/app-server.md (Capacity): the page files a first visit to a Voila lesson downloads.
VOILA_FIRST_LESSON_BYTES = int(5.5 * 2**20)
#: docs/app-server.md (Capacity): time to interactive, median / p95 seconds, per class size.
VOILA_LOAD = {10: ("8.7", "11.8"), 30: ("17.6", "24.1"), 60: ("50.1", "58.1")}
LOG_LINE = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3})')


# ----------------------------------------------------------------------------- pure parts

def percentile(values, q: float):
    """Nearest rank: the smallest measured value with at least q % of the values at or below."""
    data = sorted(values)
    if not data:
        return None
    return data[max(1, math.ceil(q / 100 * len(data))) - 1]


def link_seconds(bytes_per_learner: int, learners: int, mbit_per_s: float) -> float:
    """Seconds for ``learners`` to fetch ``bytes_per_learner`` each over one shared link."""
    return bytes_per_learner * learners * 8 / (mbit_per_s * 1_000_000)


def mib(n) -> str:
    return "n/a" if n is None else f"{n / 2**20:.1f} MiB"


def secs(s) -> str:
    return "n/a" if s is None else f"{s:.1f} s"


def markdown_table(headers, rows) -> str:
    lines = ["| " + " | ".join(map(str, headers)) + " |",
             "| " + " | ".join("---" for _ in headers) + " |"]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in rows]
    return "\n".join(lines)


def parse_log(text: str) -> list[tuple[str, int]]:
    """The (path, status) of every GET in ``http.server``'s request log, in order."""
    return [(m.group(1), int(m.group(2))) for m in LOG_LINE.finditer(text)]


def file_of(root: Path, url_path: str) -> Path:
    """The file ``http.server`` serves for ``url_path`` (query dropped, folders' index.html)."""
    path = urllib.parse.unquote(urllib.parse.urlsplit(url_path).path)
    target = root / path.lstrip("/")
    return target / "index.html" if target.is_dir() else target


def compressible(path: Path) -> bool:
    return path.suffix.lower() in COMPRESSED


@functools.lru_cache(maxsize=None)
def sent_sizes(path: Path) -> tuple[int, int]:
    """(raw, as sent by GitHub Pages) bytes of one file: gzip level 6 for COMPRESSED types."""
    data = path.read_bytes()
    return len(data), (len(gzip.compress(data, 6)) if compressible(path) else len(data))


def bytes_sent(root: Path, entries) -> dict:
    """Requests, raw and compressed bytes of the responses in ``entries`` ((path, status));
    a 200 sends its whole file, anything else (304) no body."""
    raw = packed = wasm = 0
    for path, status in entries:
        file = file_of(root, path)
        if status == 200 and file.is_file():
            r, p = sent_sizes(file)
            raw, packed = raw + r, packed + p
            wasm += p if file.suffix == ".wasm" else 0
    return {"requests": len(entries), "new": sum(s == 200 for _p, s in entries),
            "raw": raw, "compressed": packed, "compressed_wasm": wasm}


def site_size(root: Path) -> dict:
    files = [p for p in root.rglob("*") if p.is_file()]
    sizes = [sent_sizes(p) for p in files]
    return {"files": len(files), "raw": sum(r for r, _ in sizes),
            "compressed": sum(c for _, c in sizes)}


def link_rows(first: int, second: int | None, learners: int = 30) -> list[list[str]]:
    """The shared-link table: the static site's first and second lesson, and Voila's first."""
    rows = []
    for what, per in (("static site: first lesson", first),
                      ("static site: a second lesson", second),
                      ("Voilà: first lesson (page files)", VOILA_FIRST_LESSON_BYTES)):
        if per is None:
            continue
        rows.append([what, mib(per), mib(per * learners)] +
                    [secs(link_seconds(per, learners, rate)) for rate in LINKS_MBIT.values()])
    return rows


def load_rows(results: list[dict]) -> list[list[str]]:
    rows = []
    for r in results:
        voila = VOILA_LOAD.get(r["learners"])
        rows.append([r["learners"], f"{r['succeeded']}/{r['learners']}",
                     f"{secs(r['transfer_median'])} / {secs(r['transfer_p95'])}",
                     secs(r["chromium_first_widget"]), f"{r['server_cpu']:.1f} s",
                     mib(r["server_peak_rss"]), r["server_peak_threads"],
                     f"{voila[0]} s / {voila[1]} s" if voila else "not measured"])
    return rows


# ----------------------------------------------------------------------------- the server

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: What the simulated learners accept: "identity" from python3 -m http.server (it never
#: compresses); "gzip", as a browser does, from the classroom server (--classroom).
ACCEPT_ENCODING = "identity"
CLASSROOM = REPO_ROOT / "tools" / "site" / "serve.py"


def server_command(port: int, root: Path, backlog: int | None = None,
                   classroom: bool = False) -> list[str]:
    """``python3 -m http.server``; with ``backlog``, the same module run with a longer listen
    queue than socketserver's 5 (``request_queue_size``); with ``classroom``,
    tools/site/serve.py (queue 1024, gzip, no-cache)."""
    if classroom:
        return [sys.executable, str(CLASSROOM), "--port", str(port), str(root)]
    args = ["--bind", "127.0.0.1", str(port), "-d", str(root)]
    if backlog is None:
        return [sys.executable, "-m", "http.server", *args]
    code = ("import runpy, socketserver, sys; "
            f"socketserver.TCPServer.request_queue_size = {int(backlog)}; "
            f"sys.argv = ['http.server'] + {args!r}; "
            "runpy.run_module('http.server', run_name='__main__', alter_sys=True)")
    return [sys.executable, "-c", code]


class StaticServer:
    """``python3 -m http.server`` serving ``root``; its request log in a temporary file."""

    def __init__(self, root: Path, backlog: int | None = None, classroom: bool = False):
        self.root, self.port = root, free_port()
        self.log = tempfile.NamedTemporaryFile("w+", prefix="bench-site-", suffix=".log")
        self.process = subprocess.Popen(server_command(self.port, root, backlog, classroom),
                                        stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(200):
            try:
                urllib.request.urlopen(self.url("index.html"), timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError("the static server did not answer")

    def url(self, path: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"

    def mark(self) -> int:
        return len(Path(self.log.name).read_text())

    def entries_since(self, mark: int) -> list[tuple[str, int]]:
        return parse_log(Path(self.log.name).read_text()[mark:])

    def proc(self, name: str) -> str:
        return Path(f"/proc/{self.process.pid}/{name}").read_text()

    def cpu_seconds(self) -> float:
        fields = self.proc("stat").rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def status(self, key: str) -> int:
        line = next(x for x in self.proc("status").splitlines() if x.startswith(key + ":"))
        return int(line.split()[1])

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)
        self.log.close()


# ----------------------------------------------------------------------------- one browser

@contextlib.asynccontextmanager
async def fresh_browser(pw):
    """A fresh Chromium profile (empty disk cache, as a learner's first visit): a persistent
    context, because an incognito context's memory cache drops the 8 MB WebAssembly file."""
    profile = tempfile.mkdtemp(prefix="bench-site-profile-")
    ctx = await pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 900})
    try:
        yield ctx
    finally:
        await ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


async def new_page(ctx):
    return ctx.pages[0] if ctx.pages else await ctx.new_page()


async def to_widget(page, url: str, selector: str) -> float:
    """Seconds from navigating to ``url`` until ``selector`` is visible."""
    started = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    await page.locator(selector).first.wait_for(state="visible", timeout=TIMEOUT_MS)
    return time.perf_counter() - started


async def visit(page, server: StaticServer, path: str, selector: str) -> dict:
    """Open ``path``; time to its first widget, and what reached the server until it was
    quiet (the page's later requests included)."""
    mark = server.mark()
    seconds = await to_widget(page, server.url(path), selector)
    await page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
    await asyncio.sleep(1.0)
    entries = server.entries_since(mark)
    return {"seconds": round(seconds, 2), "entries": entries,
            **bytes_sent(server.root, entries)}


def lesson_path(stem: str) -> str:
    return f"voici/render/{stem}.html"


async def one_browser(pw, server: StaticServer, lesson: str, second: str | None) -> dict:
    """Part 1: cold and warm visits, a second lesson's new bytes, the play table."""
    out = {}
    async with fresh_browser(pw) as ctx:
        page = await new_page(ctx)
        out["lesson_cold"] = await visit(page, server, lesson_path(lesson), LESSON_READY)
        out["lesson_warm"] = await visit(page, server, lesson_path(lesson), LESSON_READY)
        if second:
            out["second_lesson"] = await visit(page, server, lesson_path(second), LESSON_READY)
        out["play"] = await play_table(page, server)
    async with fresh_browser(pw) as ctx:
        page = await new_page(ctx)
        out["contents_cold"] = await visit(page, server, "index.html", CONTENTS_READY)
        out["contents_warm"] = await visit(page, server, "index.html", CONTENTS_READY)
        out["lesson_after_contents"] = await visit(page, server, lesson_path(lesson),
                                                   LESSON_READY)
    return out


# Resolves (in window.__foxWatch) once the play table has changed and settled: the status says
# it is the learner's turn (or the round is over) and nobody thinks; with growLog, only once its
# log has grown too (the learner's card was taken). ``thought``: the computer thought meanwhile.
_WATCH = """(growLog) => {
  const root = document.querySelector('.fox-play-table');
  const status = () => (root.querySelector('.fox-status') || {}).textContent || '';
  const logged = () => root.querySelectorAll('.fox-log li').length;
  const before = logged();
  window.__foxWatch = new Promise(resolve => {
    let thought = false;
    const t0 = performance.now();
    const check = () => {
      const s = status();
      if (s.includes('thinking')) { thought = true; return; }
      if ((!growLog || logged() > before) &&
          (s.includes('Your turn.') || root.querySelector('.fox-headline'))) {
        obs.disconnect(); clearTimeout(timer);
        resolve({seconds: (performance.now() - t0) / 1000, thought});
      }
    };
    const obs = new MutationObserver(check);
    obs.observe(root, {subtree: true, childList: true, characterData: true});
    const timer = setTimeout(() => { obs.disconnect(); resolve({error: 'timeout'}); }, %d);
  });
}""" % PLAY_TIMEOUT_MS
_WAIT = "() => window.__foxWatch"


async def play_table(page, server: StaticServer) -> dict:
    """The strongest level, a new game, a hint, then cards until one the computer answers."""
    await page.goto(server.url(lesson_path(PLAY_LESSON)), wait_until="commit")
    table = page.locator(".fox-play-table")
    await table.wait_for(state="visible", timeout=TIMEOUT_MS)
    level = table.locator(".widget-dropdown:has(label:text-is('Opponent')) select")
    values = await level.evaluate("s => Array.from(s.options).map(o => o.value)")
    strongest = next((v for v in values if "strong" in v.lower()), values[-1])
    await level.select_option(value=strongest)
    await asyncio.sleep(1.0)  # the level's change drawn before the new game is watched
    await page.evaluate(_WATCH, False)
    await table.get_by_role("button", name="New game").click()
    out = {"level": strongest, **await page.evaluate(_WAIT)}
    if out.pop("error", None):
        return {**out, "error": "the new game did not settle"}
    started = time.perf_counter()
    await table.get_by_role("button", name="Hint").click()
    await table.locator(".fox-msg-hint").filter(has_not_text="Thinking").first.wait_for(
        timeout=PLAY_TIMEOUT_MS)
    out = {"level": strongest, "hint_seconds": round(time.perf_counter() - started, 2)}
    playable = table.locator(".fox-hand .fox-card.fox-clickable:not(.fox-dimmed)")
    for tries in range(1, 9):
        await page.evaluate(_WATCH, True)
        await playable.first.click()
        move = await page.evaluate(_WAIT)
        if move.get("error") or move.get("thought"):
            out.update(move, cards_played=tries)
            out.pop("thought", None)
            return out
        if await table.locator(".fox-headline").count():
            break
    out["error"] = "the computer never had to answer a card"
    return out


# ----------------------------------------------------------------------------- a class

async def fetch(port: int, path: str) -> tuple[int, int, bool]:
    """One GET on a new connection: (status, body bytes, whole body received)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: "
                     f"{ACCEPT_ENCODING}\r\nConnection: close\r\n\r\n".encode())
        await writer.drain()
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        status = int(head.split(" ", 2)[1])
        length = re.search(r"(?im)^content-length:\s*(\d+)", head)
        got = 0
        while chunk := await reader.read(1 << 18):
            got += len(chunk)
        return status, got, length is None or int(length.group(1)) == got
    finally:
        writer.close()


async def learner(port: int, paths, start: float) -> dict:
    """GET every recorded path, PARALLEL at a time, expecting 200 (nothing is cached: a
    revalidation the browser made, a 304, is a whole file here); seconds from the class's
    start."""
    gate = asyncio.Semaphore(PARALLEL)
    errors: list[str] = []

    async def one(path: str) -> int:
        async with gate:
            try:
                status, got, whole = await asyncio.wait_for(fetch(port, path), TIMEOUT_MS / 1000)
            except (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError) as e:
                errors.append(f"{path}: {type(e).__name__} {e}")
                return 0
            if status != 200 or not whole:
                errors.append(f"{path}: HTTP {status}{'' if whole else ', cut short'}")
            return got

    got = await asyncio.gather(*(one(p) for p in paths))
    return {"seconds": time.perf_counter() - start, "bytes": sum(got), "errors": errors}


async def sample_server(server: StaticServer, peaks: dict, stop: asyncio.Event) -> None:
    while not stop.is_set():
        try:
            peaks["rss"] = max(peaks.get("rss", 0), server.status("VmHWM") * 1024)
            peaks["threads"] = max(peaks.get("threads", 0), server.status("Threads"))
        except (OSError, StopIteration):
            return
        await asyncio.sleep(0.2)


async def a_class(pw, root: Path, lesson: str, paths, n: int, backlog=None) -> dict:
    """N learners and one Chromium open the lesson at the same moment, on a fresh server."""
    server = StaticServer(root, backlog, classroom=ACCEPT_ENCODING == "gzip")
    try:
        async with fresh_browser(pw) as ctx:
            result = await class_on(server, await new_page(ctx), lesson, paths, n)
    finally:
        server.stop()
    return result


async def class_on(server: StaticServer, page, lesson: str, paths, n: int) -> dict:
    peaks, stop = {}, asyncio.Event()
    sampler = asyncio.create_task(sample_server(server, peaks, stop))
    cpu0, start = server.cpu_seconds(), time.perf_counter()
    chromium = asyncio.create_task(to_widget(page, server.url(lesson_path(lesson)),
                                             LESSON_READY))
    learners = await asyncio.gather(*(learner(server.port, paths, start) for _ in range(n)))
    seen, chromium_error = None, ""
    try:
        seen = await chromium
    except Exception as exc:  # noqa: BLE001 - reported, the class's figures still count
        chromium_error = f"{type(exc).__name__}: {str(exc)[:200]}"
    cpu = server.cpu_seconds() - cpu0
    stop.set()
    await sampler
    times = [x["seconds"] for x in learners]
    return {"learners": n, "succeeded": sum(not x["errors"] for x in learners),
            "transfer_median": statistics.median(times), "transfer_p95": percentile(times, 95),
            "bytes_per_learner": max(x["bytes"] for x in learners),
            "chromium_first_widget": seen, "chromium_error": chromium_error,
            "server_cpu": cpu, "server_peak_rss": peaks.get("rss"),
            "server_peak_threads": peaks.get("threads", 0),
            "errors": sorted({e for x in learners for e in x["errors"]})[:10],
            "load_end": os.getloadavg()[0]}


# ----------------------------------------------------------------------------- report

def machine() -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    mem = next(x for x in Path("/proc/meminfo").read_text().splitlines()
               if x.startswith("MemTotal")).split()[1]
    return (f"{os.cpu_count()} CPUs, {int(mem) / 2**20:.1f} GiB memory, load average {load} "
            f"(1, 5, 15 min); Python {platform.python_version()}")


def single_rows(single: dict, site: dict) -> list[list[str]]:
    rows = []
    for key, what in (("lesson_cold", "lesson, cold"), ("lesson_warm", "lesson, warm"),
                      ("second_lesson", "a second lesson after it"),
                      ("contents_cold", "contents page, cold"),
                      ("contents_warm", "contents page, warm"),
                      ("lesson_after_contents", "lesson, after the contents page (cold)")):
        v = single.get(key)
        if v:
            rows.append([what, secs(v["seconds"]), f"{v['new']} of {v['requests']}",
                         mib(v["raw"]), mib(v["compressed"])])
    rows.append([f"site/ ({site['files']} files)", "", "", mib(site["raw"]),
                 mib(site["compressed"])])
    return rows


def report(args, single: dict, site: dict, classes: list[dict]) -> str:
    play = single["play"]
    cold = single["lesson_cold"]
    second = single.get("second_lesson", {}).get("compressed")
    parts = [f"Machine: {machine()}.", "",
             f"### One Chromium ({args.lesson}; second lesson {args.second or 'not opened'})",
             "", markdown_table(["visit", "to first widget", "requests new / all",
                                 "bytes sent (raw)", "compressed"],
                                single_rows(single, site)), "",
             f"Of the cold visit's compressed bytes, WebAssembly: {mib(cold['compressed_wasm'])}.",
             f"Play table ({play.get('level')}): hint {secs(play.get('hint_seconds'))}, the "
             f"computer's answer to a card {secs(play.get('seconds'))} (after "
             f"{play.get('cards_played')} card(s); includes the table's 0.6 s pause)"
             + (f"; error: {play['error']}" if play.get("error") else "") + ".", "",
             (f"### A class on one `tools/site/serve.py` ({cold['new']} files per learner, "
              "gzip" if getattr(args, "classroom", False) else
              f"### A class on one `python3 -m http.server` ({cold['new']} files per learner")
             + (f"; listen queue {args.backlog}" if args.backlog else "") + ")", "",
             markdown_table(["learners", "succeeded", "transfer per learner, median / p95",
                             "Chromium to first widget", "server CPU", "server peak memory",
                             "server threads, most seen", "Voilà: to interactive, median / p95"],
                            load_rows(classes)), ""]
    for r in classes:
        if r["errors"] or r["chromium_error"]:
            parts.append(f"N={r['learners']} failures: {r['errors']} {r['chromium_error']}")
    parts += ["", "### 30 learners over one shared link (seconds = bytes x 30 x 8 / bit/s)", "",
              markdown_table(["what", "per learner", "class of 30", *LINKS_MBIT],
                             link_rows(cold["compressed"], second))]
    return "\n".join(parts)


def quick_problems(single: dict, classes: list[dict]) -> list[str]:
    problems = [f"N={r['learners']}: {r['succeeded']} of {r['learners']} learners succeeded"
                for r in classes if r["succeeded"] != r["learners"]]
    problems += [f"N={r['learners']}: Chromium: {r['chromium_error'] or 'no widget'}"
                 for r in classes if r["chromium_first_widget"] is None]
    if single["play"].get("error"):
        problems.append(f"play table: {single['play']['error']}")
    if not single["lesson_cold"]["new"]:
        problems.append("the cold visit reached the server with no request")
    return problems


async def run(args) -> int:
    from playwright.async_api import async_playwright
    root = Path(args.site).resolve()
    if not (root / lesson_path(args.lesson)).is_file():
        print(f"bench_site: {root / lesson_path(args.lesson)} does not exist (make site)")
        return 2
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # 6 sockets per learner
    print(f"bench_site: {machine()}", flush=True)
    async with async_playwright() as pw:
        server = StaticServer(root)
        try:
            single = await one_browser(pw, server, args.lesson, args.second)
        finally:
            server.stop()
        print(f"one browser: cold {single['lesson_cold']['seconds']} s", flush=True)
        paths = [p for p, _status in single["lesson_cold"]["entries"]]
        classes = []
        for n in args.learners:
            classes.append(await a_class(pw, root, args.lesson, paths, n, args.backlog))
            print(f"N={n}: {classes[-1]['succeeded']}/{n}", flush=True)
    site = site_size(root)
    print(report(args, single, site, classes))
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"machine": machine(), "single": single, "site": site, "classes": classes},
            indent=1))
    problems = quick_problems(single, classes) if args.quick else []
    for p in problems:
        print(f"bench_site --quick: {p}")
    return 1 if problems else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--site", default=str(REPO_ROOT / "site"))
    ap.add_argument("--lesson", default="05_fox")
    ap.add_argument("--second", default="06_woodcutter")
    ap.add_argument("--learners", type=int, nargs="+", default=[10, 30, 60, 200])
    ap.add_argument("--backlog", type=int, help="the class's server with this listen queue "
                    "(python3 -m http.server's is 5)")
    ap.add_argument("--classroom", action="store_true", help="the class's server is "
                    "tools/site/serve.py (queue 1024, gzip), the learners accept gzip")
    ap.add_argument("--quick", action="store_true", help="N=3, no second lesson: a check")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args(argv)
    if args.classroom:
        global ACCEPT_ENCODING
        ACCEPT_ENCODING = "gzip"
    if args.quick:
        args.learners, args.second = [3], None
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
