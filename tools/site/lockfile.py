"""Write the static site's ``pyodide-lock.json``: the list of every package the browser's Python
may load, each with its file, hash, the modules it provides and the packages it needs.

Pyodide's npm package holds the interpreter but none of the packages its own lock file names
(they live on a CDN), so the site needs a lock file of its own listing only the wheels it
bundles. Pyodide loads a package and its ``depends`` from the folder of ``pyodide.js``; the
kernel's installer (micropip) looks there first, and the site turns off its fall-back to PyPI.
"""
from __future__ import annotations

import hashlib
import json
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

#: The browser's Python, for the environment markers of a wheel's requirements.
BROWSER = {"sys_platform": "emscripten", "platform_system": "Emscripten",
           "python_version": "3.13", "python_full_version": "3.13.2",
           "implementation_name": "cpython", "platform_python_implementation": "CPython",
           "os_name": "posix", "platform_machine": "wasm32", "extra": ""}

#: Requirements that only carry JavaScript for a Jupyter server's page: the site's page has
#: that JavaScript already (the widget manager), so the browser's Python never needs them.
PAGE_ONLY = {"jupyterlab-widgets", "widgetsnbextension"}

#: Packages whose wheel does not say all it imports: the project's widgets/ needs ipywidgets
#: and anywidget (pyproject.toml lists them under the "app" extra, not as requirements).
EXTRA_DEPENDS = {"fox-in-the-forest-explorer": ["ipywidgets", "anywidget"]}


class LockError(Exception):
    """A bundled wheel needs a package the site does not bundle."""


def wheel_metadata(wheel: Path):
    """(METADATA as a message, the top-level modules the wheel installs)."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(archive.read(meta_name).decode("utf-8"))
    tops = set()
    for name in names:
        first = name.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        if "/" in name:
            tops.add(first)
        elif name.endswith(".py"):
            tops.add(name[:-3])
    return metadata, sorted(t for t in tops if t.isidentifier())


def requirements_in_browser(metadata, bundled: set[str], wheel_name: str) -> list[str]:
    depends = []
    for text in metadata.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate(BROWSER):
            continue
        name = canonicalize_name(req.name)
        if name in PAGE_ONLY:
            continue
        if name not in bundled:
            raise LockError(f"{wheel_name} requires {req}, which the site does not bundle: "
                            "add it to tools/site/browser-packages.txt")
        depends.append(name)
    return depends


def package_entry(wheel: Path, bundled: set[str]) -> dict:
    name, version, _build, _tags = parse_wheel_filename(wheel.name)
    key = canonicalize_name(name)
    metadata, imports = wheel_metadata(wheel)
    depends = requirements_in_browser(metadata, bundled, wheel.name) + EXTRA_DEPENDS.get(key, [])
    return {"name": key, "version": str(version), "file_name": wheel.name,
            "install_dir": "site", "package_type": "package",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "imports": imports, "depends": sorted(set(depends)),
            "unvendored_tests": False, "shared_library": False}


def write_lock(folder: Path, info: dict) -> dict:
    """Write ``folder/pyodide-lock.json`` for every wheel in ``folder``; ``info`` is the
    interpreter's own (from Pyodide's lock file). Returns the lock."""
    wheels = sorted(folder.glob("*.whl"))
    bundled = {canonicalize_name(parse_wheel_filename(w.name)[0]) for w in wheels}
    packages = {}
    for wheel in wheels:
        entry = package_entry(wheel, bundled)
        packages[entry["name"]] = entry
    lock = {"info": info, "packages": packages}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock
