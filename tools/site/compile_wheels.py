"""Compile the site's wheels to the browser Python's bytecode (run inside Pyodide, by
``precompile.mjs``; Python 3.13 there, whatever Python builds the site).

Without bytecode, every page compiles IPython, ipywidgets and the project from source each time
it starts (the browser's Python keeps no ``__pycache__`` between pages): measured in Node, the
imports took about 8 s; with bytecode about 2 s. Pyodide ships its own packages the same way.

* A library's wheel becomes sourceless: each ``x.py`` is replaced by ``x.pyc`` (Python imports
  a ``.pyc`` that has no source beside it), and its test folders are left out.
* The project's own wheel keeps its sources (a traceback in a page shows the line) and gains
  ``__pycache__/x.cpython-313.pyc`` files that Python uses without comparing them to the source
  (unchecked hash-based pycs: the wheel's files never change once built).
* The wheel is renamed and tagged ``cp313-none-any`` (it holds CPython 3.13 bytecode) and its
  RECORD lists the new files with their hashes.
"""
from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import os
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc, _code_to_timestamp_pyc

TAG = f"cp{sys.version_info[0]}{sys.version_info[1]}-none-any"
TEST_FOLDERS = {"tests", "test", "testing_data"}


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def _compiled(name: str, data: bytes, keep_source: bool) -> list[tuple[str, bytes]]:
    """The files that stand for the source file ``name`` in the new wheel."""
    try:
        code = compile(data, name, "exec", dont_inherit=True)
    except SyntaxError:        # e.g. a file written for another Python: left as it is
        return [(name, data)]
    if not keep_source:
        return [(name + "c", bytes(_code_to_timestamp_pyc(code)))]
    head, tail = os.path.split(name)
    cached = f"{head}/__pycache__/{tail[:-3]}.{sys.implementation.cache_tag}.pyc"
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    return [(name, data), (cached.lstrip("/"), bytes(pyc))]


def _is_test_file(name: str) -> bool:
    return bool(TEST_FOLDERS & set(name.split("/")[1:-1]))


def compile_wheel(source: str, folder: str, keep_source: bool) -> str:
    """Write the compiled copy of the wheel ``source`` into ``folder``; return its file name."""
    files = []
    with zipfile.ZipFile(source) as wheel:
        for info in wheel.infolist():
            name, data = info.filename, wheel.read(info)
            if name.endswith(".dist-info/RECORD") or name.endswith("/"):
                continue
            if not keep_source and _is_test_file(name):
                continue
            if name.endswith(".dist-info/WHEEL"):
                data = "".join(f"Tag: {TAG}\n" if line.startswith("Tag:") else line
                               for line in data.decode().splitlines(True)).encode()
            if name.endswith(".py") and ".dist-info/" not in name:
                files += _compiled(name, data, keep_source)
            else:
                files.append((name, data))
    dist_info = next(n.split("/")[0] for n, _ in files if ".dist-info/" in n)
    record = f"{dist_info}/RECORD"
    text = "".join(_record_line(n, d) for n, d in files) + f"{record},,\n"
    files.append((record, text.encode()))
    stem = os.path.basename(source)
    new_name = "-".join(stem[:-len(".whl")].split("-")[:2]) + f"-{TAG}.whl"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as wheel:
        for name, data in files:
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))    # the same bytes each build
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    with open(os.path.join(folder, new_name), "wb") as target:
        target.write(out.getvalue())
    return new_name
