"""The static site's build (tools/site): its lock file, pins, offline check and contents page,
without building the site (tests/browser/test_static_site.py builds and drives it)."""
from __future__ import annotations

import json
import urllib.error
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "site"))

pytest.importorskip("packaging")
import make_site  # noqa: E402  (tools/site/make_site.py)
import lockfile  # noqa: E402  (tools/site/lockfile.py)


def make_wheel(folder: Path, name: str, version: str, requires=(), modules=("pkg",)) -> Path:
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{dist}.dist-info/METADATA", meta)
        for module in modules:
            archive.writestr(f"{module}/__init__.py", "")
    return path


def test_the_lock_lists_each_bundled_wheel_with_its_imports_hash_and_browser_requirements(
        tmp_path):
    make_wheel(tmp_path, "ipywidgets", "8.1.5",
               ["comm>=0.1.3", "jupyterlab-widgets~=3.0", "widgetsnbextension~=4.0",
                'pexpect; sys_platform != "emscripten"'], ["ipywidgets"])
    make_wheel(tmp_path, "comm", "0.2.2", [], ["comm"])
    make_wheel(tmp_path, "anywidget", "0.11.0", [], ["anywidget"])
    make_wheel(tmp_path, "fox-in-the-forest-explorer", "0.1.0", [], ["foxlib", "widgets"])
    lock = lockfile.write_lock(tmp_path, {"version": "0.29.0"})
    assert json.loads((tmp_path / "pyodide-lock.json").read_text()) == lock
    widgets = lock["packages"]["ipywidgets"]
    # Page-only packages and requirements for other platforms are left out.
    assert widgets["depends"] == ["comm"]
    assert widgets["imports"] == ["ipywidgets"] and len(widgets["sha256"]) == 64
    assert lock["packages"]["fox-in-the-forest-explorer"]["depends"] == ["anywidget",
                                                                         "ipywidgets"]
    assert lock["info"] == {"version": "0.29.0"}


def test_a_wheel_needing_a_package_the_site_does_not_bundle_is_named(tmp_path):
    make_wheel(tmp_path, "ipython", "9.0.2", ["jedi>=0.16"], ["IPython"])
    with pytest.raises(lockfile.LockError, match="ipython-9.0.2.*jedi.*browser-packages.txt"):
        lockfile.write_lock(tmp_path, {})


def test_every_browser_package_is_pinned_with_a_hash():
    pins = make_site.pinned_packages()
    assert len(pins) >= 15
    for pin, digest in pins:
        name, version = pin.split("==")
        assert name and version and len(digest) == 64, pin


def test_the_build_environment_is_pinned_throughout():
    lines = [line for line in (ROOT / "tools/site/requirements.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert all("==" in line for line in lines), [l for l in lines if "==" not in l]
    pins = dict(line.split("==") for line in lines)
    assert pins["voici-core"] == "0.10.0"
    assert pins["jupyterlite-pyodide-kernel"] == pins["jupyterlite-core"] == "0.7.0"


def test_the_offline_check_finds_a_script_or_stylesheet_from_another_host(tmp_path):
    (tmp_path / "a.html").write_text(
        '<link rel="stylesheet" href="https://cdn.example/x.css"><a href="https://pyodide.org">'
        "ok: a link the learner may follow</a><script src='./local.js'></script>")
    (tmp_path / "b.css").write_text("@import url('//fonts.example/f.css'); .x{}")
    (tmp_path / "c.html").write_text('<img src="static/card.svg">')
    found = make_site.external_references(tmp_path)
    assert found == ["a.html: <link rel=\"stylesheet\" href=\"https://",
                     "b.css: @import url('//"]


def test_the_contents_page_links_the_sites_pages_and_has_no_slides():
    from widgets.home import LESSONS, page_html, puzzle_sets

    html = page_html(puzzle_sets(), href=make_site.site_href, slides=False)
    for stem, _title in LESSONS:
        assert f"href='voici/render/{stem}.html'" in html
    assert "voila-template" not in html and ".ipynb" not in html
    assert "Voil&agrave; app" in html


def test_the_inputs_hash_changes_with_a_notebook(tmp_path, monkeypatch):
    before = make_site.inputs_hash()
    assert before == make_site.inputs_hash()
    monkeypatch.setattr(make_site, "INPUTS", [*make_site.INPUTS, "README.md"])
    assert make_site.inputs_hash() != before


def test_a_compiled_wheel_is_sourceless_for_a_library_and_keeps_the_projects_sources(tmp_path):
    import compile_wheels  # tools/site/compile_wheels.py (run by Pyodide at build time)

    lib = make_wheel(tmp_path, "traitlets", "5.14.3", [], ["traitlets"])
    with zipfile.ZipFile(lib, "a") as archive:
        archive.writestr("traitlets/tests/test_x.py", "assert True\n")
        archive.writestr("traitlets-5.14.3.dist-info/WHEEL", "Wheel-Version: 1.0\nTag: py3-none-any\n")
    out = tmp_path / "out"
    out.mkdir()
    name = compile_wheels.compile_wheel(str(lib), str(out), keep_source=False)
    assert name == f"traitlets-5.14.3-{compile_wheels.TAG}.whl"
    with zipfile.ZipFile(out / name) as archive:
        names = set(archive.namelist())
        record = archive.read("traitlets-5.14.3.dist-info/RECORD").decode()
        wheel = archive.read("traitlets-5.14.3.dist-info/WHEEL").decode()
    assert "traitlets/__init__.pyc" in names and "traitlets/__init__.py" not in names
    assert not any("/tests/" in n for n in names)
    assert f"Tag: {compile_wheels.TAG}" in wheel
    assert "traitlets/__init__.pyc,sha256=" in record

    project = make_wheel(tmp_path, "fox-in-the-forest-explorer", "0.1.0", [], ["foxlib"])
    name = compile_wheels.compile_wheel(str(project), str(out), keep_source=True)
    with zipfile.ZipFile(out / name) as archive:
        names = set(archive.namelist())
    tag = sys.implementation.cache_tag
    assert {"foxlib/__init__.py", f"foxlib/__pycache__/__init__.{tag}.pyc"} <= names


def test_the_classroom_server_queues_a_class_compresses_and_asks_browsers_to_revalidate(
        tmp_path):
    import gzip
    import threading
    import urllib.request
    from functools import partial

    import serve  # tools/site/serve.py

    (tmp_path / "index.html").write_text("<p>contents</p>" * 100)
    (tmp_path / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(1000))
    (tmp_path / "a.whl").write_bytes(b"PK" + bytes(100))
    server = serve.ClassroomServer(("127.0.0.1", 0), partial(serve.SiteHandler,
                                                             directory=str(tmp_path)))
    assert server.request_queue_size == 1024      # http.server's 5 dropped half of a class
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        def get(path, **headers):
            return urllib.request.urlopen(urllib.request.Request(base + path, headers=headers))

        wasm = get("pyodide.asm.wasm", **{"Accept-Encoding": "gzip"})
        assert wasm.headers["Content-Type"] == "application/wasm"
        assert wasm.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(wasm.read()) == b"\0asm" + bytes(1000)
        assert wasm.headers["Cache-Control"] == "no-cache"
        plain = get("index.html")                     # no Accept-Encoding: sent as it is
        assert plain.headers["Content-Encoding"] is None and b"contents" in plain.read()
        wheel = get("a.whl", **{"Accept-Encoding": "gzip"})   # compressed already: as it is
        assert wheel.headers["Content-Encoding"] is None
        with pytest.raises(urllib.error.HTTPError) as unchanged:
            get("index.html", **{"Accept-Encoding": "gzip",
                                 "If-Modified-Since": plain.headers["Last-Modified"]})
        assert unchanged.value.code == 304
    finally:
        server.shutdown()
        server.server_close()
