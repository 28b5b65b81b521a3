"""The JupyterHub configuration in deploy/jupyterhub/ (docs/jupyterhub.md).

jupyterhub_config.py (The Littlest JupyterHub, or any JupyterHub) is loaded
the way JupyterHub loads it, with traitlets' PyFileConfigLoader; values.yaml
(Zero to JupyterHub) with PyYAML.  Both must give each user's server the app
as its default URL and etc/jupyter as its Jupyter configuration, and agree
with each other.  The last test starts a Jupyter server with exactly what the
spawner would pass and checks that it opens the offline app.
"""

from __future__ import annotations

import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml
from traitlets.config import Config, LazyConfigValue
from traitlets.config.loader import PyFileConfigLoader

REPO_ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO_ROOT / "tools" / "load"))
import appserver  # noqa: E402  (tools/load/appserver.py: a free port, stopping a server)
DEPLOY = REPO_ROOT / "deploy" / "jupyterhub"
APP_URL = "/voila/render/notebooks/index.ipynb"
DEFAULT_DIR = "/srv/fox-in-the-forest-explorer"


def load_hub_config(monkeypatch, app_dir: Path | str | None = None) -> Config:
    if app_dir is None:
        monkeypatch.delenv("FOX_EXPLORER_DIR", raising=False)
    else:
        monkeypatch.setenv("FOX_EXPLORER_DIR", str(app_dir))
    return PyFileConfigLoader("jupyterhub_config.py", path=str(DEPLOY)).load_config()


def spawner_environment(config: Config, inherited: dict | None = None) -> dict:
    """Spawner.environment as the spawner would see it (update() applied to
    what other config files set before)."""
    value = config.Spawner.environment
    if isinstance(value, LazyConfigValue):
        return value.get_value(dict(inherited or {}))
    return dict(value)


def load_values() -> dict:
    return yaml.safe_load((DEPLOY / "values.yaml").read_text())


def test_hub_config_opens_the_app_for_every_user(monkeypatch):
    config = load_hub_config(monkeypatch, REPO_ROOT)
    assert config.Spawner.default_url == APP_URL
    assert Path(config.Spawner.notebook_dir) == REPO_ROOT
    notebook = Path(config.Spawner.notebook_dir) / APP_URL.removeprefix("/voila/render/")
    assert notebook.is_file(), f"the default URL opens {notebook}, which does not exist"


def test_hub_config_gives_user_servers_the_offline_settings(monkeypatch):
    config = load_hub_config(monkeypatch, REPO_ROOT)
    env = spawner_environment(config, inherited={"OTHER": "kept"})
    assert env["OTHER"] == "kept"  # adds to the spawner's environment, replaces nothing else
    config_dir = Path(env["JUPYTER_CONFIG_PATH"])
    assert config_dir == REPO_ROOT / "etc" / "jupyter"
    assert (config_dir / "voila.py").is_file()
    assert (config_dir / "jupyter_server_config.py").is_file()


def test_hub_config_defaults_to_the_shared_copy_in_srv(monkeypatch):
    config = load_hub_config(monkeypatch)
    assert config.Spawner.notebook_dir == DEFAULT_DIR
    assert spawner_environment(config)["JUPYTER_CONFIG_PATH"] == f"{DEFAULT_DIR}/etc/jupyter"


def test_helm_values_match_the_hub_config(monkeypatch):
    hub = load_hub_config(monkeypatch)
    values = load_values()
    singleuser = values["singleuser"]
    assert singleuser["defaultUrl"] == hub.Spawner.default_url
    assert values["hub"]["config"]["KubeSpawner"]["notebook_dir"] == hub.Spawner.notebook_dir
    assert singleuser["extraEnv"]["JUPYTER_CONFIG_PATH"] == spawner_environment(hub)["JUPYTER_CONFIG_PATH"]
    image = singleuser["image"]
    assert image["name"] and isinstance(image["tag"], str), "image.tag must be a string (quote it)"


def test_docs_build_the_image_where_the_values_expect_the_repository():
    """docs/jupyterhub.md's repo2docker command puts the repository where
    values.yaml serves it from."""
    docs = (REPO_ROOT / "docs" / "jupyterhub.md").read_text()
    notebook_dir = load_values()["hub"]["config"]["KubeSpawner"]["notebook_dir"]
    assert re.search(rf"--target-repo-dir[ =]{re.escape(notebook_dir)}\b", docs), (
        f"docs/jupyterhub.md should build the image with --target-repo-dir {notebook_dir}"
    )


# ---------------------------------------------------------------------------
# A user's server as the spawner starts it
# ---------------------------------------------------------------------------

def _get(url: str, timeout: float = 120):
    """(status, headers, body) without following redirects."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(url, timeout=timeout) as response:
            return response.status, response.headers, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read().decode("utf-8", "replace")


@pytest.mark.slow
def test_user_server_started_with_hub_settings_opens_the_offline_app(monkeypatch, tmp_path):
    """`jupyter server` with the spawner's environment, root folder and default
    URL (what jupyterhub-singleuser receives), under a /user/<name>/ prefix:
    its root redirects to the app, and the app page is the offline one."""
    config = load_hub_config(monkeypatch, REPO_ROOT)
    port = appserver.free_port()
    token = secrets.token_hex(16)
    base = "/user/teacher/"
    bin_dir = Path(sys.executable).parent
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_CONFIG_PATH", None)
    env.update(spawner_environment(config))
    cmd = [
        str(bin_dir / "jupyter"), "server", "--no-browser",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
        f"--ServerApp.base_url={base}", f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={config.Spawner.notebook_dir}",
        f"--ServerApp.default_url={config.Spawner.default_url}",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    log_path = tmp_path / "server.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    root = f"http://127.0.0.1:{port}{base}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, f"the server exited:\n{log_path.read_text()[-3000:]}"
            try:
                status, _, _ = _get(f"{root}api/status?token={token}", timeout=5)
                if status == 200:
                    break
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                pass
            assert time.monotonic() < deadline, f"no answer:\n{log_path.read_text()[-3000:]}"
            time.sleep(0.3)

        status, headers, _ = _get(f"{root}?token={token}")
        assert status in (301, 302), status
        assert headers["Location"].split("?")[0].endswith(base.rstrip("/") + APP_URL), headers["Location"]

        status, _, page = _get(f"{root}{APP_URL.lstrip('/')}?token={token}")
        assert status == 200, page[-2000:]
        assert "Fox in the Forest Explorer" in page
        # voila.py and jupyter_server_config.py reached the server and its Voilà extension:
        assert '"jupyterLabTheme": "light"' in page
        assert '"fullMathjaxUrl": null' in page and '"mathjaxConfig": null' in page
        # The offline template: no stylesheet or script from another host.
        assert not re.search(r"""(?:href|src)=["']https?://""", page)
    finally:
        appserver.stop(process)
