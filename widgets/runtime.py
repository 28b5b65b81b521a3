"""Where the widgets run: a kernel on a server (the Voilà app, JupyterLab) or the learner's own
browser (the static site, whose Python is Pyodide: one thread, the page's event loop).

Two things differ there, and only here does a widget ask which it is:

* **Links between pages.** A page is ``NAME.ipynb`` on a server and ``NAME.html`` in the
  static site (Voici renders each notebook to ``voici/render/NAME.html``). ``page_href``
  gives the link for this runtime; markdown links the site's build rewrites itself.
* **Work off the event loop.** A server's kernel runs a strong player's move or a review in a
  worker thread so the page stays live. The browser's Python has no threads: the work runs
  on the loop, between messages (``run_off_loop``), and a long review yields after each step
  (``widgets/review.py``).
"""
from __future__ import annotations

import asyncio
import sys

#: True inside the browser's Python (Pyodide, the static site).
IN_BROWSER = sys.platform == "emscripten"

#: How a link names another page of the explorer in this runtime.
PAGE_SUFFIX = ".html" if IN_BROWSER else ".ipynb"


def page_href(stem: str, fragment: str = "", suffix: str | None = None) -> str:
    """The link to the page ``stem`` (a notebook's name without ``.ipynb``), with an optional
    ``#fragment``; ``suffix`` overrides this runtime's page suffix."""
    href = stem + (PAGE_SUFFIX if suffix is None else suffix)
    return f"{href}#{fragment}" if fragment else href


def run_off_loop(loop: asyncio.AbstractEventLoop, fn, *args) -> asyncio.Future:
    """``fn(*args)`` as a future of ``loop``: in a worker thread where threads exist, else (in
    the browser) at once, its result or exception already set when this returns."""
    if not IN_BROWSER:
        return loop.run_in_executor(None, fn, *args)
    future = loop.create_future()
    try:
        future.set_result(fn(*args))
    except Exception as exc:  # noqa: BLE001 - handed to the caller's done-callback, as a thread's
        future.set_exception(exc)
    return future
