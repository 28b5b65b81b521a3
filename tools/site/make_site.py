"""Build the static site: every page of the explorer as plain files, its Python running in the
learner's browser (Pyodide), so that any static web server can serve a whole class.

    .venv-site/bin/python tools/site/make_site.py [--out site] [--if-stale]

``make site`` creates ``.venv-site`` from ``tools/site/requirements.txt`` and runs this. Steps:

1. Pyodide ``PYODIDE_VERSION`` from its npm package (the interpreter and the standard library),
   downloaded once into ``.cache/site/`` and checked against its sha256;
2. the browser's packages (``tools/site/browser-packages.txt``) from PyPI, hash-checked, the
   kernel's own wheels from jupyterlite-pyodide-kernel, and this checkout built as a wheel,
   all compiled to the browser Python's bytecode by Pyodide itself in Node.js
   (``precompile.mjs``, ``compile_wheels.py``), and two empty stand-ins (``STAND_INS``);
3. the site's own ``pyodide-lock.json`` listing exactly those wheels (``lockfile.py``);
4. Voici renders every notebook of ``notebooks/`` with the project's offline page template
   (``share/jupyter/voila/templates/fox-explorer``) into ``voici/render/NAME.html``;
5. ``index.html``, the contents page: the app's landing page as plain HTML, its progress
   filled in by the same ``widgets/home.js``, and nothing loaded from anywhere else;
6. a check that no page names a script, stylesheet or font on another host.

The site is written to ``<out>.partial`` and moved into place when whole; ``<out>/build-inputs``
records a hash of everything it was built from (``--if-stale`` skips a build when it matches).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

from lockfile import write_lock  # noqa: E402  (tools/site, next to this file)

PYODIDE_VERSION = "0.29.0"
PYODIDE_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{PYODIDE_VERSION}.tgz"
PYODIDE_SHA256 = "52ea0e976b6e8373ef911f21cb3751ea50b03eb423b093fbfa21ffc27e842f01"
#: What the site needs of Pyodide's npm package (not its console pages, maps or typings).
PYODIDE_FILES = ["pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip"]
#: The kernel's own wheels, shipped inside jupyterlite-pyodide-kernel's labextension.
KERNEL_WHEELS = ["piplite-", "pyodide_kernel-", "ipykernel-", "widgetsnbextension-4"]
#: Loaded when the kernel starts (Pyodide fetches them side by side): everything a page
#: imports, so no page waits for an install (the stand-ins too, see STAND_INS).
START_PACKAGES = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide-kernel",
                  "jedi", "ipython", "ipywidgets", "anywidget", "fox-in-the-forest-explorer"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: The file name of this checkout's wheel starts so (it keeps its sources when compiled).
PROJECT_WHEEL = "fox_in_the_forest_explorer-"
CACHE = ROOT / ".cache" / "site"
#: What the site is built from: a change to any of these makes a built site stale.
INPUTS = ["foxlib", "widgets", "notebooks", "share", "tools/site", "pyproject.toml"]


class BuildError(Exception):
    """The build cannot go on; the message says what and where."""


# -- 1. Pyodide ---------------------------------------------------------------------------
def fetch(url: str, dest: Path, sha256: str) -> Path:
    """``dest``, downloaded from ``url`` unless already there, with the given sha256."""
    if not dest.exists() or _sha256(dest) != sha256:
        dest.parent.mkdir(parents=True, exist_ok=True)
        print(f"  downloading {url}")
        part = dest.with_suffix(dest.suffix + ".part")
        with urllib.request.urlopen(url, timeout=120) as response, open(part, "wb") as out:
            shutil.copyfileobj(response, out)
        if _sha256(part) != sha256:
            part.unlink()
            raise BuildError(f"{url}: sha256 differs from the pinned {sha256}")
        part.replace(dest)
    return dest


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def unpack_pyodide(dest: Path) -> dict:
    """Copy Pyodide's files into ``dest``; return the interpreter's lock ``info``."""
    archive = fetch(PYODIDE_URL, CACHE / f"pyodide-{PYODIDE_VERSION}.tgz", PYODIDE_SHA256)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(archive) as tar:
        for name in PYODIDE_FILES:
            member = tar.extractfile(f"package/{name}")
            (dest / name).write_bytes(member.read())
        lock = json.load(tar.extractfile("package/pyodide-lock.json"))
    return lock["info"]


# -- 2. the browser's packages ------------------------------------------------------------
def pinned_packages() -> list[tuple[str, str]]:
    """(name==version, sha256) from tools/site/browser-packages.txt."""
    pins = []
    for number, line in enumerate((HERE / "browser-packages.txt").read_text().splitlines(), 1):
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2 or "==" not in parts[0]:
            raise BuildError(f"tools/site/browser-packages.txt, line {number}: expected "
                             f"'name==version sha256', got {line!r}")
        pins.append((parts[0], parts[1]))
    return pins


def download_wheels(dest: Path) -> None:
    """The pinned pure-Python wheels from PyPI, hash-checked, into ``dest``."""
    cache = CACHE / "wheels"
    pins = pinned_packages()
    subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
                    "-q", "--no-deps", "--only-binary=:all:", "--python-version", "3.13",
                    "--platform", "any", "--implementation", "py", "-d", str(cache),
                    *[pin for pin, _ in pins]], check=True)
    wanted = {hash_ for _, hash_ in pins}
    found = {}
    for wheel in cache.glob("*.whl"):
        digest = _sha256(wheel)
        if digest in wanted:
            found[digest] = wheel
    for pin, digest in pins:
        if digest not in found:
            raise BuildError(f"{pin}: no downloaded wheel has the pinned sha256 {digest}")
        shutil.copy2(found[digest], dest / found[digest].name)


def kernel_wheels(dest: Path) -> None:
    pypi = (Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite"
            / "pyodide-kernel-extension/static/pypi")
    for prefix in KERNEL_WHEELS:
        matches = sorted(pypi.glob(prefix + "*.whl"))
        if not matches:
            raise BuildError(f"{pypi}: no {prefix}*.whl (is jupyterlite-pyodide-kernel "
                             "installed from tools/site/requirements.txt?)")
        shutil.copy2(matches[-1], dest / matches[-1].name)


def project_wheel(dest: Path) -> None:
    """This checkout (foxlib and widgets) as a wheel."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check",
                        "-q", "--no-deps", "--no-build-isolation", "-w", tmp, str(ROOT)],
                       check=True)
        for wheel in Path(tmp).glob("*.whl"):
            shutil.copy2(wheel, dest / wheel.name)


#: Packages the kernel asks for that the site's pages never use, bundled as empty stand-ins:
#: sqlite3 is Pyodide's own module, on its CDN only (IPython then keeps its history in memory);
#: jedi (with parso, 2 MB) serves code completion, which no page offers (IPython works
#: without it).
STAND_INS = {"sqlite3": "Pyodide's sqlite3 module", "jedi": "code completion (jedi)"}


def stand_ins(dest: Path) -> None:
    """An empty wheel for each of ``STAND_INS``: it satisfies the kernel's request, and an
    ``import`` of the module still fails, which its users handle."""
    for name, what in STAND_INS.items():
        info = f"{name}-0.0.0.dist-info"
        files = {f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n"
                                     f"Summary: Empty stand-in for {what} (the static site)\n",
                 f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: fox-site\n"
                                  "Root-Is-Purelib: true\nTag: py3-none-any\n"}
        files[f"{info}/RECORD"] = "".join(f"{n},,\n" for n in [*files, f"{info}/RECORD"])
        with zipfile.ZipFile(dest / f"{name}-0.0.0-py3-none-any.whl", "w") as archive:
            for file_name, text in files.items():
                archive.writestr(zipfile.ZipInfo(file_name, (2020, 1, 1, 0, 0, 0)), text)


def precompile(pyodide: Path, raw: Path, info: dict) -> None:
    """Every wheel of ``raw``, compiled to bytecode by Pyodide itself (in Node.js), into the
    folder of ``pyodide`` (tools/site/precompile.mjs and compile_wheels.py say why)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js (the node command) is needed to compile the site's wheels "
                         "with the browser's Python: install it (e.g. apt-get install nodejs)")
    # Pyodide reads its lock file when it starts: an empty one until the real one is written.
    (pyodide / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": {}}))
    result = subprocess.run([node, str(HERE / "precompile.mjs"), str(pyodide), str(raw),
                             str(pyodide), PROJECT_WHEEL], capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError("compiling the wheels failed:\n" + result.stderr[-3000:])


# -- 3-4. the Voici build -----------------------------------------------------------------
def lite_config() -> dict:
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Fox in the Forest Explorer",
        "litePluginSettings": {KERNEL_PLUGIN: {
            "pyodideUrl": "./static/pyodide/pyodide.js",
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": START_PACKAGES}}}}}


def contents(dest: Path) -> None:
    """The notebooks and the files they read, without checkpoints."""
    shutil.copytree(ROOT / "notebooks", dest,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))


def voici_build(lite: Path, content: Path, out: Path) -> None:
    env = dict(os.environ, JUPYTER_PATH=str(ROOT / "share" / "jupyter"))
    voici = Path(sys.executable).parent / "voici"
    result = subprocess.run([str(voici), "build", "--contents", str(content), "--output-dir",
                             str(out), "--lite-dir", str(lite), "--template", "fox-explorer",
                             "--no-sourcemaps", "--no-unused-shared-packages"],
                            cwd=lite, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError("voici build failed:\n" + result.stdout[-3000:] + result.stderr[-3000:])


# -- 5. the contents page -----------------------------------------------------------------
def site_href(stem: str, fragment: str = "") -> str:
    href = f"voici/render/{stem}.html"
    return f"{href}#{fragment}" if fragment else href


CONTENTS_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fox in the Forest Explorer</title>
<link rel="icon" href="data:;base64,=">
{prefetch}
<style>
body {{ margin: 0; font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
       background: #fff; color: #1f1f1f; }}
main {{ max-width: 1200px; margin: 0 auto; padding: 24px 20px 48px; }}
</style>
</head>
<body>
<main>
{page}
</main>
<script type="module">
import home from "./fox/home.js";
const settings = {settings};
home.render({{ model: {{ get: (name) => settings[name] }},
              el: document.createElement("div") }});
</script>
</body>
</html>
"""


def write_contents_page(out: Path) -> None:
    from widgets.home import page_html, progress_settings, puzzle_sets

    sets = puzzle_sets()
    (out / "fox").mkdir(exist_ok=True)
    shutil.copy2(ROOT / "widgets" / "home.js", out / "fox" / "home.js")
    # While the learner reads this page, the browser fetches what every lesson needs first:
    # the interpreter, the standard library and every wheel a page loads when it starts.
    pyodide = out / "static" / "pyodide"
    first = [*PYODIDE_FILES[2:], "pyodide-lock.json", *sorted(
        p.name for p in pyodide.glob("*.whl"))]
    prefetch = "\n".join(f'<link rel="prefetch" href="static/pyodide/{name}">'
                         for name in first)
    settings = progress_settings(sets, site_href("{}"))
    (out / "index.html").write_text(CONTENTS_PAGE.format(
        prefetch=prefetch, page=page_html(sets, href=site_href, slides=False),
        settings=json.dumps(settings)))


def server_list_stand_in(out: Path) -> None:
    """Voici's page asks a Jupyter server every 10 s which kernels run (``api/kernels/``). A
    static host has no such server: an empty list answers (the page's kernel runs in the
    browser, apart from that list), where a missing file would log an error each time."""
    folder = out / "api" / "kernels"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html").write_text("[]\n")


# -- 6. the offline check -----------------------------------------------------------------
#: A tag that makes the browser fetch from another host: <script src>, <link href>, <img src>,
#: <iframe src>, and CSS @import / url() of an absolute http(s) address.
EXTERNAL = re.compile(r"""<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=["']?(?:https?:)?//"""
                      r"""|@import\s+(?:url\()?["']?(?:https?:)?//|url\(["']?(?:https?:)?//""",
                      re.IGNORECASE)


def external_references(out: Path) -> list[str]:
    """Every HTML or CSS file of the site that would make the browser ask another host."""
    found = []
    for path in sorted([*out.rglob("*.html"), *out.rglob("*.css")]):
        for match in EXTERNAL.finditer(path.read_text(errors="replace")):
            found.append(f"{path.relative_to(out)}: {match.group(0)[:120]}")
    return found


# -- the whole build ----------------------------------------------------------------------
def inputs_hash() -> str:
    digest = hashlib.sha256(PYODIDE_SHA256.encode())
    for top in INPUTS:
        base = ROOT / top
        paths = [base] if base.is_file() else sorted(base.rglob("*"))
        for path in paths:
            if path.is_file() and "__pycache__" not in path.parts \
                    and ".ipynb_checkpoints" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def build(out: Path) -> None:
    partial = out.with_name(out.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        lite, content, raw = Path(tmp) / "lite", Path(tmp) / "contents", Path(tmp) / "raw"
        packages = lite / "static" / "pyodide"
        raw.mkdir()
        print("1. Pyodide", PYODIDE_VERSION)
        info = unpack_pyodide(packages)
        print("2. the browser's packages, compiled to bytecode")
        download_wheels(raw)
        kernel_wheels(raw)
        project_wheel(raw)
        precompile(packages, raw, info)
        stand_ins(packages)
        print("3. the lock file:", len(write_lock(packages, info)["packages"]), "packages")
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1))
        contents(content)
        print("4. Voici renders the notebooks")
        voici_build(lite, content, partial)
    print("5. the contents page")
    write_contents_page(partial)
    server_list_stand_in(partial)
    print("6. the offline check")
    external = external_references(partial)
    if external:
        raise BuildError("pages that would load from another host:\n  " + "\n  ".join(external))
    shutil.rmtree(out, ignore_errors=True)
    partial.replace(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site")
    parser.add_argument("--if-stale", action="store_true",
                        help="do nothing when the site was built from these very inputs")
    args = parser.parse_args(argv)
    stamp = args.out / "build-inputs"
    wanted = inputs_hash()
    if args.if_stale and stamp.exists() and stamp.read_text().strip() == wanted:
        print(f"{args.out} is up to date")
        return 0
    try:
        build(args.out)
    except (BuildError, subprocess.CalledProcessError, OSError) as exc:
        print(f"make site: {exc}", file=sys.stderr)
        return 1
    stamp.write_text(wanted + "\n")
    size = sum(p.stat().st_size for p in args.out.rglob("*") if p.is_file())
    print(f"Built {args.out}: {size / 2**20:.1f} MiB. Serve it with: "
          f"python3 -m http.server -d {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
