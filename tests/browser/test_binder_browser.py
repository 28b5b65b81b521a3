"""The app as Binder serves it: Voilà as an extension of JupyterLab's server.

Binder starts the image's server through binder/start, which puts
etc/jupyter/ on JUPYTER_CONFIG_PATH, under a per-user base URL
(/user/<name>/) with a token, from the repository's folder; a launch link
with ?urlpath=voila/render/notebooks/index.ipynb opens the app there.  The
server here is started the same way (JupyterLab's `jupyter lab`, on this
machine's loopback address), and the pages are opened through that URL path.

The `page` fixture (conftest.py) fails a test on any request to another host,
on console errors and on failed requests; the tests here also check that every
request stays under the Binder base URL.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from conftest import appserver

REPO_ROOT = Path(__file__).resolve().parents[2]
LOG_DIR = REPO_ROOT / "build" / "browser-logs"  # as conftest.py: kept when a test fails
BASE_URL = "/user/fox-learner/"  # Binder's servers live under /user/<name>/
APP_PATH = "notebooks/index.ipynb"  # the README badge's urlpath, after voila/render/
SMOKE_PATH = "tests/browser/notebooks/widget_smoke.ipynb"  # widgets, anywidget and LaTeX
START_TIMEOUT = 120  # s


@dataclasses.dataclass
class BinderLikeServer:
    port: int
    token: str
    process: subprocess.Popen
    log_path: Path

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.port}{BASE_URL}"

    def url(self, path: str = "") -> str:
        """A notebook path (relative to the repository) opens through Voilà's
        extension, as ?urlpath=voila/render/<path> does on Binder."""
        path, _, query = path.partition("?")
        if path.endswith(".ipynb"):
            path = f"voila/render/{path}"
        query = f"{query}&token={self.token}" if query else f"token={self.token}"
        return f"{self.root}{path.lstrip('/')}?{query}"

    def log_text(self) -> str:
        return appserver.read_log(self.log_path)

    def stop(self) -> None:
        appserver.stop(self.process)


@pytest.fixture(scope="module")
def binder_server(request):
    """`binder/start jupyter lab ...` from the repository folder, as on Binder."""
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    port = appserver.free_port()
    token = secrets.token_hex(16)
    log_path = LOG_DIR / f"binder-lab-{port}.log"
    bin_dir = Path(sys.executable).parent
    cmd = [
        str(REPO_ROOT / "binder" / "start"),
        str(bin_dir / "jupyter"), "lab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--ServerApp.base_url={BASE_URL}",
        f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={REPO_ROOT}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # Binder runs as a normal user; this machine may not
    # The test environment's Jupyter settings only: nothing from a home folder.
    env = dict(os.environ, PYTHONUNBUFFERED="1", PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    env.pop("JUPYTER_CONFIG_PATH", None)
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            cmd, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )
    server = BinderLikeServer(port=port, token=token, process=process, log_path=log_path)
    try:
        _wait_until_answering(server)
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()
    if request.session.testsfailed == 0:
        log_path.unlink(missing_ok=True)


def _wait_until_answering(server: BinderLikeServer) -> None:
    probe = server.url("api/status")
    started = time.perf_counter()
    while True:
        if server.process.poll() is not None:
            raise RuntimeError(f"the server exited ({server.process.returncode}):\n{server.log_text()[-4000:]}")
        try:
            with urllib.request.urlopen(probe, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, socket.timeout):
            pass
        if time.perf_counter() - started > START_TIMEOUT:
            raise RuntimeError(f"no answer on {probe} after {START_TIMEOUT} s:\n{server.log_text()[-4000:]}")
        time.sleep(0.3)


@pytest.fixture
def requests_seen(page):
    """Every URL the page asks for (documents, scripts, styles, fonts, API
    calls, WebSockets), in order."""
    seen: list[str] = []
    page.on("request", lambda req: seen.append(req.url))
    page.on("websocket", lambda ws: seen.append(ws.url))
    return seen


def assert_all_under_base_url(seen: list[str], server: BinderLikeServer) -> None:
    assert seen, "the page made no request"
    outside = []
    for url in seen:
        parts = urlsplit(url)
        if parts.scheme in {"data", "blob", "about"}:
            continue
        if parts.hostname != "127.0.0.1" or parts.port != server.port or not parts.path.startswith(BASE_URL):
            outside.append(url)
    assert not outside, "requests outside the Binder server's base URL:\n  " + "\n  ".join(outside)


def test_app_opens_through_binder_url_with_no_request_leaving_the_machine(
    page, binder_server, open_notebook, requests_seen, screenshot
):
    open_notebook(APP_PATH, wait_for="rendered", server=binder_server,
                  label="Binder-like: /voila/render/notebooks/index.ipynb: time to rendered")
    heading = page.locator("#rendered_cells h1").first
    assert "Fox in the Forest Explorer" in heading.inner_text()
    assert page.title() == "Fox in the Forest Explorer"
    # voila.py's settings reach the extension: sources stripped, light theme.
    assert page.locator(".jp-InputArea-editor").count() == 0
    page.wait_for_function("document.body.dataset.jpThemeLight === 'true'")
    screenshot("binder-index")
    # The app's own links are relative, so they lead to pages under the base
    # URL.  (This link opens a new tab, as it does in `make app`; follow it here.)
    href = page.get_by_role("link", name="Start with lesson 1").evaluate("a => a.href")
    assert href == f"{binder_server.root}voila/render/notebooks/01_cards_and_deal.ipynb", href
    page.goto(href)
    page.locator(".fox-exercise .jupyter-button, .fox-exercise .fox-clickable").first.wait_for()
    page.wait_for_load_state("networkidle")
    assert_all_under_base_url(requests_seen, binder_server)


def test_theme_and_template_cannot_be_switched_from_the_url(page, binder_server, open_notebook, requests_seen):
    """Voilà's own `lab` template would load Font Awesome from a CDN and the
    dark theme would change the look; both requests are refused."""
    open_notebook(APP_PATH + "?theme=dark&template=lab", wait_for="rendered", server=binder_server,
                  label="Binder-like: index.ipynb?theme=dark&template=lab: time to rendered")
    page.wait_for_function("document.body.dataset.jpThemeName !== undefined")
    assert page.evaluate("document.body.dataset.jpThemeLight") == "true"
    assert page.evaluate("document.body.dataset.jpThemeName") == "JupyterLab Light"
    page.wait_for_load_state("networkidle")
    assert_all_under_base_url(requests_seen, binder_server)


def test_widgets_and_math_work_through_the_extension(page, binder_server, open_notebook, requests_seen, screenshot):
    open_notebook(SMOKE_PATH, server=binder_server, label="Binder-like: widget_smoke.ipynb: time to first widget")
    page.get_by_role("button", name="Play a card").click()
    page.get_by_text("clicks: 1").wait_for()
    counter = page.locator("button.fox-anywidget-counter")
    counter.click()
    page.get_by_text("kernel saw count 1").wait_for()
    # LaTeX is typeset by the MathJax bundled in Voilà (etc/jupyter/jupyter_server_config.py),
    # not by MathJax 2 from a CDN, which the extension would otherwise load.
    page.locator("#rendered_cells mjx-container").nth(1).wait_for()
    page.wait_for_load_state("networkidle")
    assert_all_under_base_url(requests_seen, binder_server)
    screenshot("binder-widget-smoke")


def test_leaving_a_page_shuts_its_kernel_down(page, binder_server, open_notebook):
    """Needs the `_xsrf` cookie that etc/jupyter/jupyter_server_config.py sets."""
    open_notebook(SMOKE_PATH, server=binder_server, label="Binder-like: widget_smoke.ipynb again")
    page.get_by_text("kernel saw count 0").wait_for()
    before = binder_server.log_text().count("Kernel shutdown:")
    page.goto(binder_server.url("voila/tree/notebooks"))
    page.get_by_role("link", name="index.ipynb").wait_for()
    for _ in range(50):
        if binder_server.log_text().count("Kernel shutdown:") > before:
            break
        page.wait_for_timeout(100)
    log = binder_server.log_text()
    assert "403 POST" not in log
    assert log.count("Kernel shutdown:") == before + 1


def test_presenter_mode_works_through_the_extension(page, binder_server, open_notebook, requests_seen, screenshot):
    """The teacher's way to present on Binder: the app's own slides template, served by the
    Voilà extension from the machine (RISE was tried and is not offered: docs/teachers-guide.md)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_notebook("notebooks/01_cards_and_deal.ipynb?voila-template=fox-slides", wait_for="rendered",
                  server=binder_server, label="Binder-like: lesson 1 as slides: time to rendered")
    slides = page.locator(".reveal.ready .slides > section")
    slides.first.wait_for()
    assert slides.count() > 5
    page.keyboard.press("ArrowRight")   # slide 2: the eleven Moons, drawn by the kernel
    page.wait_for_function("[...document.querySelectorAll('.reveal .slides > section')]"
                           ".findIndex(s => s.classList.contains('present')) === 1")
    page.locator(".reveal .slides > section.present > section.present .fox-card").first.wait_for()
    screenshot("binder-slides")
    page.wait_for_load_state("networkidle")
    assert_all_under_base_url(requests_seen, binder_server)
