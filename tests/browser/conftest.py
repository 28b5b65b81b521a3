"""Browser-test harness: a real Voilà server driven by headless Chromium.

Fixtures (see tests/browser/README.md for how to write a test):

``voila_server``   session: Voilà serving ``notebooks/`` with the same
                   ``voila.py`` configuration as ``make app``.
``voila_factory``  session: ``voila_factory(root_dir)`` starts (once per
                   directory) another such server on another directory.
``browser``        module: Playwright's Chromium, Debian's ``/usr/bin/chromium``.
``page``           function: a fresh 1280x800 page.  Console errors, page
                   errors, failed requests and any request to a host other
                   than this machine are recorded in ``page_log``, and checked
                   when the test ends.
``page_log``       function: the ``PageLog`` of ``page``.
``open_notebook``  function: ``open_notebook("lesson.ipynb", wait_for="widget")``
                   loads a notebook page, waits for its first widget (or what
                   ``wait_for`` names) and returns the seconds it took; the
                   timing is printed in the terminal summary.
``screenshot``     function: ``screenshot("name")`` saves the page at
                   1280x800 and at a 390x844 phone viewport into
                   build/screenshots/ and returns the paths.

Every test in this directory is marked ``browser``.  When Chromium (or the
``playwright`` package) is missing they are skipped with a warning, except
when ``CI=true``, where they fail.
"""

from __future__ import annotations

import dataclasses
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "tools" / "load"))
import appserver  # noqa: E402  (tools/load/appserver.py: make app's command line, stop)

NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
VOILA_CONFIG_DIR = appserver.VOILA_CONFIG_DIR  # voila.py, as `make app` uses
CHROMIUM = Path(os.environ.get("FOX_CHROMIUM", "/usr/bin/chromium"))
SCREENSHOT_DIR = REPO_ROOT / "build" / "screenshots"
LOG_DIR = REPO_ROOT / "build" / "browser-logs"
IN_CI = os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}

# Chromium flags: as root there is no sandbox; the background-networking flags
# stop Chromium's own calls home, which this machine's closed network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# The first rendered ipywidget/anywidget on a page.
WIDGET_SELECTOR = ".jupyter-widgets, .widget-button, .widget-inline-hbox, .widget-box"
# Voilà shows #rendered_cells once the notebook has been executed and rendered.
RENDERED_SELECTOR = "#rendered_cells"
# A cell that raised: the fox-explorer template shows a friendly message
# (.fox-cell-error); with --show_tracebacks=True Voilà shows the traceback.
# Voilà then runs the rest of the notebook (VoilaExecutor.allow_errors).
CELL_ERROR_SELECTOR = (
    '.fox-cell-error, .jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
)
CELL_ERROR_TEXT = re.compile(
    r"could not be prepared|There was an error when executing cell|Traceback|Error"
)

SERVER_START_TIMEOUT = 120  # s, until Voilà answers HTTP
POOL_FILL_TIMEOUT = 180  # s, until every notebook's pre-heated kernel is ready
POOL_FIRST_MESSAGE = 60  # s; no pool filled by then means pre-heating is off
PAGE_TIMEOUT = 90  # s, for a page to show its first widget

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}

# Collected for the terminal summary.
_TIMINGS: list[tuple[str, float]] = []
_SCREENSHOTS: list[Path] = []
_SERVER_NOTES: list[str] = []
_MISSING: list[str] = []

collect_ignore_glob = ["notebooks/*"]  # test notebooks are served, not nbval'd


def _missing_requirements() -> str | None:
    if not CHROMIUM.exists():
        return (
            f"{CHROMIUM} not found: browser tests need Debian's Chromium "
            "(apt-get install chromium)"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install -e '.[test]')"
    return None


# --------------------------------------------------------------------------
# Collection: mark everything here `browser`; skip loudly if we cannot run.
# --------------------------------------------------------------------------

def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    ours = [item for item in items if here in Path(str(item.fspath)).parents]
    if not ours:
        return
    for item in ours:
        item.add_marker(pytest.mark.browser)
    missing = _missing_requirements()
    if missing is None:
        return
    if IN_CI:
        message = f"BROWSER TESTS CANNOT RUN (CI=true, so they fail): {missing}"
        _MISSING.append(message)
        for item in ours:
            item.add_marker(pytest.mark.usefixtures("_fail_browser_unavailable"))
        return
    message = f"BROWSER TESTS SKIPPED ({len(ours)}): {missing}"
    _MISSING.append(message)
    warnings.warn(pytest.PytestWarning(message))
    for item in ours:
        item.add_marker(pytest.mark.skip(reason=missing))


@pytest.fixture
def _fail_browser_unavailable():
    pytest.fail(_missing_requirements() or "browser unavailable", pytrace=False)


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "allow_page_errors: do not fail a browser test on console errors or failed "
        "requests (requests to other hosts still fail it)",
    )


def pytest_terminal_summary(terminalreporter):
    tr = terminalreporter
    for message in _MISSING:
        tr.write_sep("!", message, red=True, bold=True)
    if _SERVER_NOTES or _TIMINGS or _SCREENSHOTS:
        tr.write_sep("-", "browser tests: Voilà app timings")
        for note in _SERVER_NOTES:
            tr.write_line(note)
        for label, seconds in _TIMINGS:
            tr.write_line(f"  {seconds:6.2f} s  {label}")
        if _SCREENSHOTS:
            tr.write_line(f"screenshots ({len(_SCREENSHOTS)}) in {SCREENSHOT_DIR}:")
            for path in _SCREENSHOTS:
                tr.write_line(f"  {path.relative_to(REPO_ROOT)}")


# --------------------------------------------------------------------------
# The Voilà server
# --------------------------------------------------------------------------

def _notebooks_under(root: Path) -> list[Path]:
    return [
        p for p in root.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts and not any(
            part.startswith(".") for part in p.relative_to(root).parts
        )
    ]


@dataclasses.dataclass
class VoilaServer:
    """A running ``python -m voila <root_dir>`` subprocess."""

    root_dir: Path
    port: int
    process: subprocess.Popen
    log_path: Path
    startup_seconds: float = 0.0
    pools_seconds: float | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str = "") -> str:
        """URL of ``path``: a notebook path relative to root_dir (rendered by
        Voilà, e.g. ``"index.ipynb"``) or an absolute URL path (``"/"``)."""
        if path.startswith("/"):
            return self.base_url + path
        if path.endswith(".ipynb"):
            return f"{self.base_url}/voila/render/{path}"
        return f"{self.base_url}/{path}"

    def log_text(self) -> str:
        return appserver.read_log(self.log_path)

    def stop(self) -> None:
        appserver.stop(self.process)


def start_voila(root_dir: Path, *, wait_for_pools: bool = True,
                extra_args: tuple[str, ...] = ()) -> VoilaServer:
    """Start Voilà on ``root_dir`` as ``make app`` does, on a free port.

    ``extra_args`` are added to the command line (e.g. a short culling timeout
    for a test of culling); the app's own servers never get any."""
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    for old in LOG_DIR.glob("voila-*.log"):  # logs are kept when tests fail
        try:
            if time.time() - old.stat().st_mtime > 24 * 3600:
                old.unlink()
        except OSError:
            pass
    port = appserver.free_port()
    log_path = LOG_DIR / f"voila-{root_dir.name}-{port}.log"
    started = time.perf_counter()
    # Same command line and configuration as `make app`.
    process = appserver.start_logged(appserver.voila_command(root_dir, port, extra_args), log_path)
    server = VoilaServer(root_dir=root_dir, port=port, process=process, log_path=log_path)
    try:
        _wait_until_answering(server, started)
        server.startup_seconds = time.perf_counter() - started
        if wait_for_pools:
            _wait_for_preheated_pools(server, started)
    except BaseException:
        server.stop()
        raise
    shown = root_dir.relative_to(REPO_ROOT) if root_dir.is_relative_to(REPO_ROOT) else root_dir
    note = f"Voilà on {shown}: answering after {server.startup_seconds:.1f} s"
    if server.pools_seconds is not None:
        note += f", pre-heated kernels ready after {server.pools_seconds:.1f} s"
    _SERVER_NOTES.append(note)
    return server


def _wait_until_answering(server: VoilaServer, started: float) -> None:
    # /voila/tree is the plain directory listing: asking for it does not use
    # up a pre-heated kernel the way rendering a notebook would.
    probe = server.url("/voila/tree")
    while True:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"Voilà exited with code {server.process.returncode}; log:\n{server.log_text()[-4000:]}"
            )
        try:
            with urllib.request.urlopen(probe, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, socket.timeout):
            pass
        if time.perf_counter() - started > SERVER_START_TIMEOUT:
            raise RuntimeError(
                f"Voilà did not answer on {probe} within {SERVER_START_TIMEOUT} s; log:\n"
                f"{server.log_text()[-4000:]}"
            )
        time.sleep(0.2)


def _wait_for_preheated_pools(server: VoilaServer, started: float) -> None:
    """Wait until Voilà reports every notebook's kernel pool filled, so page
    timings show what a visitor of a running app sees.  Returns quietly when
    pre-heating is off (no pool messages appear) or takes too long."""
    expected = len(_notebooks_under(server.root_dir))
    pattern = re.compile(r"Kernel pool of .+ is filled")
    deadline = started + POOL_FILL_TIMEOUT
    while time.perf_counter() < deadline:
        text = server.log_text()
        filled = len(pattern.findall(text))
        if filled == 0 and time.perf_counter() - started > server.startup_seconds + POOL_FIRST_MESSAGE:
            return  # pre-heating is off: no pool ever reports
        if filled >= expected:
            server.pools_seconds = time.perf_counter() - started
            return
        if server.process.poll() is not None:
            raise RuntimeError(f"Voilà exited; log:\n{text[-4000:]}")
        time.sleep(0.25)
    warnings.warn(pytest.PytestWarning(
        f"Voilà's pre-heated kernel pools for {server.root_dir} were not all ready "
        f"after {POOL_FILL_TIMEOUT} s; page timings include kernel start-up"
    ))


@pytest.fixture(scope="session")
def voila_factory(request):
    """``voila_factory(root_dir)`` -> VoilaServer, one per directory per session.

    Server logs go to build/browser-logs/ and are kept when a test failed."""
    servers: dict[Path, VoilaServer] = {}

    def factory(root_dir: Path | str = NOTEBOOKS_DIR) -> VoilaServer:
        root = Path(root_dir).resolve()
        if root not in servers:
            servers[root] = start_voila(root)
        server = servers[root]
        if server.process.poll() is not None:
            raise RuntimeError(f"Voilà for {root} died; log:\n{server.log_text()[-4000:]}")
        return server

    yield factory
    for server in servers.values():
        server.stop()
        if request.session.testsfailed == 0:
            server.log_path.unlink(missing_ok=True)
        else:
            _SERVER_NOTES.append(f"Voilà log kept: {server.log_path.relative_to(REPO_ROOT)}")


@pytest.fixture(scope="session")
def voila_server(voila_factory) -> VoilaServer:
    """Voilà serving notebooks/ (the app)."""
    return voila_factory(NOTEBOOKS_DIR)


# --------------------------------------------------------------------------
# The browser and pages
# --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, one per test module.

    Not session-wide: while Playwright's sync API is active, its asyncio loop
    counts as the running loop of the main thread, so the tests that run after
    would see a "running" loop that never runs (asyncio.run() raises, code that
    schedules work on the running loop hangs).  Closing it at the end of each
    browser-test module keeps the other tests' asyncio untouched."""
    missing = _missing_requirements()
    if missing:
        if IN_CI:
            pytest.fail(missing, pytrace=False)
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # Playwright gives every launch a fresh, temporary user-data-dir.
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
        )
        yield browser
        browser.close()


@dataclasses.dataclass
class PageLog:
    console_errors: list[str] = dataclasses.field(default_factory=list)
    # Errors logged while the page was being left (e.g. widgets whose kernel
    # connection was just closed): not something a reader sees, not checked.
    unload_errors: list[str] = dataclasses.field(default_factory=list)
    page_errors: list[str] = dataclasses.field(default_factory=list)
    failed_requests: list[str] = dataclasses.field(default_factory=list)
    external_requests: list[str] = dataclasses.field(default_factory=list)
    leaving: bool = False  # a main-frame navigation has started, not yet committed

    def record_url(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname not in LOCAL_HOSTS:
            self.external_requests.append(url)

    def record_console(self, msg) -> None:
        if msg.type != "error":
            return
        text = f"{msg.text} ({msg.location.get('url', '')})"
        (self.unload_errors if self.leaving else self.console_errors).append(text)

    def record_page_error(self, exc) -> None:
        (self.unload_errors if self.leaving else self.page_errors).append(str(exc))

    def record_request(self, req) -> None:
        self.record_url(req.url)
        try:
            main_frame = req.frame.parent_frame is None
        except Exception:  # e.g. a service worker's request has no frame
            main_frame = False
        if main_frame and req.is_navigation_request():
            self.leaving = True  # until the new document is committed

    def record_navigated(self, frame) -> None:
        if frame.parent_frame is None:
            self.leaving = False

    def record_failure(self, req) -> None:
        # Leaving a page, Voilà's frontend sends a beacon asking the server to
        # shut the page's kernel down; the browser reports it as aborted by
        # the navigation even though the server got it.
        if req.failure == "net::ERR_ABORTED" and "/voila/api/shutdown/" in req.url:
            return
        # The static site: Voici's page polls the (stand-in) list of a server's kernels every
        # 10 s; a poll in flight when the page is left is cut short by the navigation.
        if req.failure == "net::ERR_ABORTED" and urlsplit(req.url).path.endswith("/api/kernels/"):
            return
        self.failed_requests.append(f"{req.method} {req.url}: {req.failure}")

    def problems(self, *, include_errors: bool = True) -> list[str]:
        found = [f"request to another host: {u}" for u in self.external_requests]
        if include_errors:
            found += [f"console error: {m}" for m in self.console_errors]
            found += [f"page error: {m}" for m in self.page_errors]
            found += [f"failed request: {m}" for m in self.failed_requests]
        return found


@pytest.fixture
def page_log() -> PageLog:
    return PageLog()


@pytest.fixture
def page(browser, page_log, request):
    context = browser.new_context(viewport=DESKTOP)
    context.set_default_timeout(PAGE_TIMEOUT * 1000)
    pg = context.new_page()
    pg.on("console", page_log.record_console)
    pg.on("pageerror", page_log.record_page_error)
    pg.on("request", page_log.record_request)
    pg.on("framenavigated", page_log.record_navigated)
    pg.on("websocket", lambda ws: page_log.record_url(ws.url))
    pg.on("requestfailed", page_log.record_failure)
    yield pg
    context.close()
    allow_errors = request.node.get_closest_marker("allow_page_errors") is not None
    problems = page_log.problems(include_errors=not allow_errors)
    if problems:
        pytest.fail("the page misbehaved:\n  " + "\n  ".join(problems), pytrace=False)


WAIT_FOR = {"widget": WIDGET_SELECTOR, "rendered": RENDERED_SELECTOR}


@pytest.fixture
def open_notebook(page, request):
    """Load a notebook page; return the seconds until it is usable.

    ``open_notebook(path, wait_for="widget", server=None, label=None)``:
    ``path`` is a notebook path relative to the served directory
    ("index.ipynb") or an absolute URL path ("/").  ``wait_for`` is "widget"
    (the first ipywidget/anywidget is visible), "rendered" (Voilà has shown
    the executed notebook: for pages without widgets) or any CSS selector.
    A cell that raised fails the test, with Voilà's log, unless
    ``allow_cell_errors=True``.
    The timing appears in the terminal summary.
    """

    def _open(path: str, *, wait_for: str = "widget",
              server: VoilaServer | None = None, label: str | None = None,
              timeout: float = PAGE_TIMEOUT, allow_cell_errors: bool = False) -> float:
        # The app's server is started only when a test uses it.
        srv = server or request.getfixturevalue("voila_server")
        selector = WAIT_FOR.get(wait_for, wait_for)
        started = time.perf_counter()
        page.goto(srv.url(path), wait_until="commit", timeout=timeout * 1000)
        # Wait for the target, or fail at once when a cell raised (then the
        # target may never come).  Voilà shows a page only once every cell has
        # run, so a cell error is on the page by the time any widget is.
        target = page.locator(selector)
        cell_error = page.locator(CELL_ERROR_SELECTOR).filter(has_text=CELL_ERROR_TEXT)
        target.or_(cell_error).first.wait_for(state="visible", timeout=timeout * 1000)
        if cell_error.count() and not allow_cell_errors:
            pytest.fail(
                f"{path}: a cell failed while Voilà ran the notebook:\n"
                f"{cell_error.first.inner_text()}\n--- Voilà log (end) ---\n"
                f"{srv.log_text()[-3000:]}",
                pytrace=False,
            )
        seconds = time.perf_counter() - started
        what = {"widget": "first widget", "rendered": "rendered"}.get(wait_for, repr(wait_for))
        _TIMINGS.append((label or f"{path}: time to {what}", seconds))
        return seconds

    return _open


def _grow_to_whole_page(page, size: dict) -> None:
    """Voilà's pages scroll inside #rendered_cells, not the document, so Playwright's full-page
    screenshot would stop at the window: make the window as tall as the cells (at most 20,000
    px) so the whole page is in the picture."""
    extra = page.evaluate("""() => { const e = document.querySelector('#rendered_cells');
        return e ? e.scrollHeight - e.clientHeight : 0; }""")
    if extra > 0:
        page.set_viewport_size({"width": size["width"],
                                "height": min(size["height"] + extra, 20_000)})
        page.wait_for_timeout(300)


def _rest_of_a_tall_page(page, stem: Path) -> list[Path]:
    """A page taller than the 20,000 px window (the rulings page on a phone): scroll its cells
    a window at a time and save each further part as ``stem-2.png``, ``stem-3.png``, ..."""
    paths = []
    for part in range(2, 10):
        moved = page.evaluate("""() => { const e = document.querySelector('#rendered_cells');
            if (!e || e.scrollTop + e.clientHeight >= e.scrollHeight - 1) return false;
            e.scrollTop += e.clientHeight; return true; }""")
        if not moved:
            break
        page.wait_for_timeout(300)
        path = stem.with_name(f"{stem.name}-{part}.png")
        page.screenshot(path=str(path))
        paths.append(path)
    page.evaluate("() => { const e = document.querySelector('#rendered_cells'); "
                  "if (e) e.scrollTop = 0; }")
    return paths


def shoot(page, name: str, *, full_page: bool = True) -> list[Path]:
    """Save ``page`` at 1280x800 and at 390x844 (a phone) under build/screenshots/:
    ``name-desktop-1280x800.png`` and ``name-phone-390x844.png``."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "page"
    original = page.viewport_size or DESKTOP
    paths = []
    for tag, size in (("desktop-1280x800", DESKTOP), ("phone-390x844", PHONE)):
        page.set_viewport_size(size)
        page.wait_for_timeout(300)  # let the layout settle
        if full_page:
            _grow_to_whole_page(page, size)
        path = SCREENSHOT_DIR / f"{safe}-{tag}.png"
        page.screenshot(path=str(path), full_page=full_page)
        more = _rest_of_a_tall_page(page, SCREENSHOT_DIR / f"{safe}-{tag}") if full_page else []
        for shot in [path, *more]:
            paths.append(shot)
            _SCREENSHOTS.append(shot)
            print(f"screenshot: {shot}")
    page.set_viewport_size(original)
    return paths


@pytest.fixture
def screenshot(page):
    """``screenshot(name)`` -> [desktop.png, phone.png] under build/screenshots/."""

    def _shoot(name: str, *, full_page: bool = True) -> list[Path]:
        return shoot(page, name, full_page=full_page)

    return _shoot
