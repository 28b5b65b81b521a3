"""Serve the static site to a class from one computer: ``python3 -m http.server`` made fit for a
room of learners who all open a lesson at the same moment. Standard library only.

    python3 tools/site/serve.py [--host 127.0.0.1] [--port 8000] [site]

What it changes, each measured with ``tools/load/bench_site.py`` (docs/app-server.md):

* **A listen queue of 1024** instead of ``http.server``'s 5. With 5, a class of 30 opening a
  lesson together saw half its connections reset (15 of 30 learners got every file); with
  128, 30 of 30 and 60 of 60 did, but 7 of 200 still lost a file (200 learners open about
  1,200 connections at once); 1024 holds such a burst (the system may cap it lower:
  ``net.core.somaxconn``).
* **gzip** for text files and WebAssembly when the browser accepts it (each file compressed
  once, ahead of the first learner, and kept in memory): a first lesson is about 13 MB on the
  wire instead of 23 MB.
* **``Cache-Control: no-cache``**: the browser keeps every file and asks each time whether it
  changed ("not modified" costs a few bytes), so a rebuilt site is never half old, half new.
* ``.wasm`` is sent as ``application/wasm``, which browsers need to compile it while it loads.

``--host 0.0.0.0`` serves every network interface (the room's network): anyone who can reach
the computer can open the site. It holds no secrets: lessons only, and no learner's data.
"""
from __future__ import annotations

import argparse
import gzip
import http.server
import io
import os
import sys
import threading
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Sent compressed when the browser accepts gzip (wheels and zips are compressed already).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".txt", ".ipynb", ".wasm",
                ".map", ".ttf", ".otf", ".eot", ".ico", ".webmanifest"}
QUEUE = 1024


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".whl": "application/zip", ".webmanifest": "application/manifest+json"}
    _compressed: dict = {}          # (path, mtime) -> gzip bytes, shared by every request
    _lock = threading.Lock()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) or not self._wants_gzip(path):
            return super().send_head()
        try:
            stat = os.stat(path)
        except OSError:
            return super().send_head()
        if self._not_modified(stat):
            self.send_response(304)
            self.end_headers()
            return None
        body = self._gzip(path, stat.st_mtime_ns)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def _wants_gzip(self, path: str) -> bool:
        return (Path(path).suffix in COMPRESSIBLE
                and "gzip" in self.headers.get("Accept-Encoding", ""))

    def _not_modified(self, stat) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            from email.utils import parsedate_to_datetime
            return int(stat.st_mtime) <= parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False

    @classmethod
    def _gzip(cls, path: str, mtime: int) -> bytes:
        # Under the lock: when a class arrives, one thread compresses a file and the others
        # wait for it, instead of thirty compressing the same 9 MB at once.
        with cls._lock:
            key = (path, mtime)
            body = cls._compressed.get(key)
            if body is None:
                with open(path, "rb") as source:
                    body = gzip.compress(source.read(), compresslevel=6, mtime=0)
                cls._compressed[key] = body
            return body


def compress_ahead(site: Path) -> None:
    """Compress every compressible file once, before the first learner asks (a few seconds of
    CPU, about 18 MB of memory for the whole site)."""
    for path in sorted(site.rglob("*")):
        if path.suffix in COMPRESSIBLE and path.is_file():
            SiteHandler._gzip(str(path), path.stat().st_mtime_ns)


class ClassroomServer(http.server.ThreadingHTTPServer):
    request_queue_size = QUEUE
    daemon_threads = True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "site")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"{args.site}/index.html not found: build the site first with `make site`",
              file=sys.stderr)
        return 1
    site = args.site.resolve()
    handler = partial(SiteHandler, directory=str(site))
    threading.Thread(target=compress_ahead, args=(site,), daemon=True).start()
    with ClassroomServer((args.host, args.port), handler) as server:
        if args.host not in ("127.0.0.1", "localhost", "::1"):
            print(f"Serving {site} on {args.host}, port {args.port}: anyone who can reach this "
                  "computer can open the site (lessons only; no learner's data).")
        print(f"Fox in the Forest Explorer (static site): http://{args.host}:{args.port}/  "
              "(Ctrl-C to stop)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
