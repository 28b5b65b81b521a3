# JupyterHub settings for the Fox in the Forest Explorer: every user's server
# opens the app (Voilà) at once, with the offline settings of `make app`.
#
# The Littlest JupyterHub: copy this file to
#     /opt/tljh/config/jupyterhub_config.d/fox-explorer.py
# and run `sudo tljh-config reload hub`.  Any other JupyterHub: add it to (or
# load it from) its jupyterhub_config.py.  Zero to JupyterHub on Kubernetes
# uses values.yaml beside this file instead.  Steps: docs/jupyterhub.md.
# ruff: noqa: F821  (`c` is injected by traitlets when it loads this file)

import os

# Where the repository is on the server: one shared copy that every user's
# server reads (users do not need write access to it).
FOX_EXPLORER_DIR = os.environ.get("FOX_EXPLORER_DIR", "/srv/fox-in-the-forest-explorer")

# The app's landing page, relative to the user's server (as on Binder).
APP_URL = "/voila/render/notebooks/index.ipynb"

# Each user's server serves the repository folder and opens the app.  A
# teacher still reaches JupyterLab at /user/<name>/lab.
c.Spawner.notebook_dir = FOX_EXPLORER_DIR
c.Spawner.default_url = APP_URL

# The same settings as Binder: with etc/jupyter on JUPYTER_CONFIG_PATH, each
# user's server reads etc/jupyter/jupyter_server_config.py and Voilà's
# extension reads etc/jupyter/voila.py (offline page template, light theme,
# no overrides from the URL, math with Voilà's own MathJax, kernel culling).
c.Spawner.environment.update({"JUPYTER_CONFIG_PATH": os.path.join(FOX_EXPLORER_DIR, "etc", "jupyter")})
