"""The app's server as `make app` starts it, and how to stop it: one place for the browser
tests (tests/browser/conftest.py, test_binder_browser.py, tests/app/test_jupyterhub_config.py)
and the load tool beside it (bench_load.py).

Standard library only.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
VOILA_CONFIG_DIR = REPO_ROOT / "etc" / "jupyter"   # voila.py, as `make app` uses


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def voila_command(root_dir: Path, port: int, extra_args=()) -> list[str]:
    """`make app`'s command line (Makefile: VOILA_FLAGS), on loopback and the given port."""
    return [sys.executable, "-m", "voila", str(root_dir), "--no-browser", "--Voila.ip=127.0.0.1",
            f"--port={port}", f"--Voila.config_file_paths={VOILA_CONFIG_DIR}", *extra_args]


def start_logged(cmd: list[str], log_path: Path) -> subprocess.Popen:
    """Start ``cmd`` from the repository, its output in ``log_path``, in a process group of
    its own (so that stop() also reaches the kernels it starts)."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as log:
        return subprocess.Popen(cmd, cwd=REPO_ROOT, env=dict(os.environ, PYTHONUNBUFFERED="1"),
                                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)


def read_log(path: Path) -> str:
    """A server's log so far ("" when it cannot be read yet)."""
    try:
        return Path(path).read_text(errors="replace")
    except OSError:
        return ""


def stop(process: subprocess.Popen, grace: float = 20) -> None:
    """SIGTERM lets the server shut its kernels down; after ``grace`` seconds the whole
    process group (server and kernels) is killed."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if process.poll() is None:
        process.wait(timeout=10)
