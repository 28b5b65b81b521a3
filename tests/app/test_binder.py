"""Binder's environment (binder/), checked without Docker.

* repo2docker, the tool Binder builds images with, is run with ``--no-build``:
  it prints the Dockerfile it would build from binder/, without a Docker daemon.
* The pins in binder/requirements.txt agree with pyproject.toml and with the
  environment these tests run in, and resolve, as a closed set, against the
  package index this machine reaches (``pip install --dry-run``).
* binder/postBuild installs the project alone, with no package index.

What only a real Binder shows (the image builds, the hub starts the server)
is listed in README.md and docs/app-server.md.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

try:
    import tomllib
except ImportError:  # Python 3.10 (repo2docker brings tomli there)
    import tomli as tomllib

REPO_ROOT = Path(__file__).resolve().parents[2]
BINDER = REPO_ROOT / "binder"
REQUIREMENTS = BINDER / "requirements.txt"
PYPROJECT = REPO_ROOT / "pyproject.toml"
README = REPO_ROOT / "README.md"
APP_URLPATH = "voila/render/notebooks/index.ipynb"


def read_pins() -> dict[str, Requirement]:
    """binder/requirements.txt as {canonical name: requirement}; fails on a
    line that is not one exact ``name==version`` pin, or on a name pinned twice."""
    pins: dict[str, Requirement] = {}
    for number, raw in enumerate(REQUIREMENTS.read_text().splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        req = Requirement(line)
        specs = list(req.specifier)
        assert len(specs) == 1 and specs[0].operator == "==" and "*" not in specs[0].version, (
            f"binder/requirements.txt line {number}: {raw!r} is not an exact pin (name==version)"
        )
        assert not req.marker and not req.extras and not req.url, (
            f"binder/requirements.txt line {number}: {raw!r}: plain name==version only"
        )
        name = canonicalize_name(req.name)
        assert name not in pins, f"binder/requirements.txt line {number}: {req.name} is pinned twice"
        pins[name] = req
    return pins


def pinned_version(req: Requirement) -> str:
    return next(iter(req.specifier)).version


def binder_python() -> str:
    """The Python version named in binder/runtime.txt, e.g. '3.11'."""
    text = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-(\d+\.\d+)", text)
    assert match, f"binder/runtime.txt should read python-X.Y, not {text!r}"
    return match.group(1)


def pyproject_extra(name: str) -> list[Requirement]:
    data = tomllib.loads(PYPROJECT.read_text())
    return [Requirement(r) for r in data["project"]["optional-dependencies"][name]]


# ---------------------------------------------------------------------------
# The Dockerfile Binder would build
# ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def repo2docker_dockerfile() -> tuple[str, str]:
    """(Dockerfile, log) that ``repo2docker --no-build --debug`` prints for
    this repository.  No Docker daemon is needed for --no-build."""
    exe = shutil.which("repo2docker", path=str(Path(sys.executable).parent)) or shutil.which("repo2docker")
    assert exe, "repo2docker is missing: `make setup` installs it (test extra: jupyter-repo2docker)"
    proc = subprocess.run(
        [exe, "--no-build", "--debug", str(REPO_ROOT)],
        capture_output=True, text=True, timeout=300, cwd=REPO_ROOT,
    )
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, f"repo2docker --no-build failed ({proc.returncode}):\n{output[-4000:]}"
    start = output.find("FROM ")
    assert start >= 0, f"repo2docker printed no Dockerfile:\n{output[-4000:]}"
    return output[start:], output[:start]


def test_repo2docker_builds_from_binder_folder_with_python_from_runtime_file(repo2docker_dockerfile):
    dockerfile, log = repo2docker_dockerfile
    version = binder_python()
    assert "Python version unspecified" not in log, log
    lock = "environment-2epy-2d" + version.replace(".", "-2e") + "-2d"  # escaped file name
    assert lock in dockerfile, f"the Dockerfile's conda environment is not Python {version}"


def test_repo2docker_installs_pinned_requirements_then_runs_postbuild(repo2docker_dockerfile):
    dockerfile, _ = repo2docker_dockerfile
    install = dockerfile.find('pip install --no-cache-dir -r "binder/requirements.txt"')
    postbuild = dockerfile.find("RUN ./binder/postBuild")
    assert install >= 0, "the Dockerfile does not install binder/requirements.txt"
    assert postbuild > install, "binder/postBuild must run after the requirements are installed"
    # The project is installed by postBuild only, not by repo2docker's own `pip install .`.
    assert "pip install --no-cache-dir ." not in dockerfile


def test_repo2docker_starts_servers_through_binder_start(repo2docker_dockerfile):
    dockerfile, _ = repo2docker_dockerfile
    assert 'R2D_ENTRYPOINT="${REPO_DIR}/binder/start"' in dockerfile


def test_binder_python_is_one_pyproject_allows():
    requires = tomllib.loads(PYPROJECT.read_text())["project"]["requires-python"]
    assert SpecifierSet(requires).contains(binder_python() + ".0"), (
        f"binder/runtime.txt asks for Python {binder_python()}, pyproject.toml for {requires}"
    )


def test_binder_scripts_are_executable():
    for name in ("postBuild", "start"):
        path = BINDER / name
        assert os.access(path, os.X_OK), f"binder/{name} is not executable (git update-index --chmod=+x)"
        assert path.read_text().startswith("#!/usr/bin/env bash\n")


# ---------------------------------------------------------------------------
# The pins
# ---------------------------------------------------------------------------

def test_every_requirement_line_is_an_exact_pin():
    pins = read_pins()
    assert len(pins) > 20  # the whole environment, not just the top-level packages


def test_pins_satisfy_pyproject():
    """Every package of the app extra is pinned, at a version pyproject.toml
    allows; a pinned package the test extra names is allowed there too."""
    pins = read_pins()
    problems = []
    for extra in ("app", "test"):
        for req in pyproject_extra(extra):
            name = canonicalize_name(req.name)
            if name == "fox-in-the-forest-explorer":
                continue  # the test extra includes the app extra
            if name not in pins:
                if extra == "app":
                    problems.append(f"{req.name} (app extra) is not pinned in binder/requirements.txt")
                continue
            version = pinned_version(pins[name])
            if not req.specifier.contains(version, prereleases=True):
                problems.append(f"{req.name}=={version} is outside pyproject.toml's {req} ({extra} extra)")
    assert not problems, "\n".join(problems)


def test_installed_versions_match_pins():
    """`make setup` installs Binder's pinned versions (pip constraints) when it
    runs on Binder's Python, so tests run against what Binder installs."""
    version = binder_python()
    here = "%d.%d" % sys.version_info[:2]
    if here != version:
        pytest.skip(f"Python {here}: `make setup` pins versions only on Binder's Python {version}")
    mismatched = []
    for name, req in read_pins().items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # e.g. notebook: Binder's front end, not needed by the tests
        if Version(installed) != Version(pinned_version(req)):
            mismatched.append(f"{req.name}: installed {installed}, pinned {pinned_version(req)}")
    assert not mismatched, (
        "the environment differs from binder/requirements.txt (run `make setup`):\n  "
        + "\n  ".join(mismatched)
    )


def _repo2docker_python_patch(minor: str) -> str:
    """The exact Python version repo2docker's conda lock file uses for
    ``minor`` (e.g. '3.11' -> '3.11.14'): the Python Binder's image will have."""
    import repo2docker

    conda = Path(repo2docker.__file__).parent / "buildpacks" / "conda"
    lock = conda / f"environment.py-{minor}-linux-64.lock"
    match = re.search(rf"/python-({re.escape(minor)}\.\d+)-", lock.read_text())
    assert match, f"no Python version found in {lock}"
    return match.group(1)


@pytest.mark.slow
def test_pins_resolve_as_a_closed_set_against_the_package_index(tmp_path):
    """pip resolves binder/requirements.txt for Binder's Python, on this
    platform, from the index this machine reaches, and installs exactly the
    pinned packages: nothing is missing from the pins and nothing is unpinned.
    (Reads the index; takes about half a minute.)"""
    python = _repo2docker_python_patch(binder_python())
    report = tmp_path / "report.json"
    proc = subprocess.run(
        [
            sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed",
            "--disable-pip-version-check", "--quiet", "--report", str(report),
            # pip accepts --python-version only with --target; --dry-run writes nothing.
            "--target", str(tmp_path / "not-written"), "--python-version", python,
            "--only-binary=:all:", "-r", str(REQUIREMENTS),
        ],
        capture_output=True, text=True, timeout=600, cwd=REPO_ROOT,
    )
    assert proc.returncode == 0, f"pip could not resolve binder/requirements.txt for Python {python}:\n{proc.stderr[-4000:]}"
    resolved = {
        canonicalize_name(item["metadata"]["name"]): item["metadata"]["version"]
        for item in json.loads(report.read_text())["install"]
    }
    pins = {name: pinned_version(req) for name, req in read_pins().items()}
    unpinned = sorted(f"{n}=={v}" for n, v in resolved.items() if n not in pins)
    unused = sorted(n for n in pins if n not in resolved)
    different = sorted(f"{n}: {pins[n]} -> {v}" for n, v in resolved.items() if n in pins and Version(v) != Version(pins[n]))
    assert not unpinned, f"dependencies missing from binder/requirements.txt: {unpinned}"
    assert not unused, f"pinned but not needed: {unused}"
    assert not different, different


# ---------------------------------------------------------------------------
# postBuild
# ---------------------------------------------------------------------------

def test_postbuild_installs_only_the_project_without_an_index(tmp_path):
    """binder/postBuild, run as Binder runs it but with pip in dry-run mode
    and no package index, would install this project and nothing else."""
    report = tmp_path / "report.json"
    env = dict(
        os.environ,
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
        PIP_DRY_RUN="1",
        PIP_REPORT=str(report),
        PIP_NO_INDEX="1",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
    )
    proc = subprocess.run(
        [str(BINDER / "postBuild")], capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path,
    )
    assert proc.returncode == 0, f"binder/postBuild failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
    installed = [item["metadata"]["name"] for item in json.loads(report.read_text())["install"]]
    assert installed == ["fox-in-the-forest-explorer"]


# ---------------------------------------------------------------------------
# The README's launch badges
# ---------------------------------------------------------------------------

def _binder_links() -> list[str]:
    return re.findall(r"\]\((https://mybinder\.org/v2/gh/[^)\s]+)\)", README.read_text())


def test_readme_has_a_badge_opening_the_app():
    from urllib.parse import parse_qs, urlsplit

    urlpaths = [parse_qs(urlsplit(link).query).get("urlpath", [""])[0] for link in _binder_links()]
    assert APP_URLPATH in urlpaths, f"no Binder link opens {APP_URLPATH}: {urlpaths}"
    notebook = REPO_ROOT / APP_URLPATH.removeprefix("voila/render/")
    assert notebook.is_file(), f"the app badge opens {notebook}, which does not exist"


def test_readme_has_a_badge_opening_jupyterlab():
    from urllib.parse import parse_qs, urlsplit

    urlpaths = [parse_qs(urlsplit(link).query).get("urlpath", [""])[0] for link in _binder_links()]
    assert "lab" in urlpaths, f"no Binder link opens JupyterLab: {urlpaths}"
