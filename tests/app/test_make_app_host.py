"""`make app` serves this computer only unless HOST says otherwise, and then warns
(docs/app-server.md, "Serving a class").  `make -n` prints the commands without running them."""
from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def make_app_commands(*variables: str) -> str:
    # -o: never (re)build the virtual environment, even in a fresh checkout.
    result = subprocess.run(
        ["make", "-n", "-o", ".venv/.installed", "-o", ".venv/bin/python", "app", *variables],
        cwd=REPO_ROOT, capture_output=True, text=True, check=True, timeout=60,
    )
    return result.stdout


def voila_ip(commands: str) -> str:
    found = re.findall(r"voila \S*notebooks/ .*--Voila\.ip=(\S+)", commands)
    assert len(found) == 1, commands
    return found[0]


def test_make_app_serves_only_this_computer_by_default():
    commands = make_app_commands()
    assert voila_ip(commands) == "127.0.0.1"
    assert "WARNING" not in commands
    assert "http://127.0.0.1:8866" in commands


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_a_loopback_host_is_not_warned_about(host):
    commands = make_app_commands(f"HOST={host}")
    assert voila_ip(commands) == host
    assert "WARNING" not in commands


def test_serving_the_network_is_asked_for_and_warned_about():
    commands = make_app_commands("HOST=0.0.0.0", "PORT=9000")
    assert voila_ip(commands) == "0.0.0.0"
    assert "--port=9000" in commands
    warning = " ".join(line for line in commands.splitlines() if "WARNING" in line)
    for words in ("0.0.0.0", "anyone", "no password", "docs/app-server.md"):
        assert words in warning, words

