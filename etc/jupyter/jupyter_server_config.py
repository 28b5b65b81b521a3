# Jupyter server settings for Binder and JupyterHub, where Voilà runs as an
# extension of JupyterLab's server (pages at /voila/render/<path>) instead of
# as the standalone app of `make app`.
#
# binder/start and deploy/jupyterhub/ put this folder on JUPYTER_CONFIG_PATH.
# Every Jupyter server started that way reads this file, and the Voilà
# extension reads voila.py beside it, but only its VoilaConfiguration part
# (the offline template, the light theme, no overrides from the URL, stripped
# sources, short errors).  This file adds what the extension needs to behave
# like `make app`.  Explained in docs/app-server.md.
# ruff: noqa: F821  (`c` is injected by traitlets when it loads this file)

import os

from traitlets.config.loader import PyFileConfigLoader

# --- MathJax ---------------------------------------------------------------
# Voilà's page loads MathJax 2 from the server's `mathjax_url` and
# `mathjax_config` settings when either is set; only when both are None does
# it typeset math with the MathJax 3 bundled in Voilà.  The standalone app
# leaves both None.  The extension, on a server without these settings, falls
# back to a public CDN: the page would load a script from the internet and,
# offline, show the math untypeset.  None for both, as in `make app`.
c.ServerApp.tornado_settings.update({"mathjax_url": None, "mathjax_config": None})

# --- Kernels: the same numbers as make app ------------------------------------
# voila.py's idle-kernel culling (MappingKernelManager), the executor's output
# timeout (VoilaExecutor) and the kernels' socket-file connections
# (KernelManager) apply to the standalone app only; read them from voila.py so
# that both servers keep one set of values.  (Pre-heating and
# the "/" redirect exist in the standalone app only.)
_make_app = PyFileConfigLoader("voila.py", path=os.path.dirname(os.path.abspath(__file__))).load_config()
for _section in ("MappingKernelManager", "VoilaExecutor", "KernelManager"):
    c[_section].merge(_make_app[_section])

# --- The `_xsrf` cookie ---------------------------------------------------------
# When a reader leaves a page, Voilà's frontend asks the server to shut the
# page's kernel down, sending the `_xsrf` cookie as its XSRF token, but Voilà
# never sets that cookie: the request fails with 403 (a console error on every
# move between lessons; the kernel lingers until culled; Voilà issue #1458).
# voila.py fixes this for `make app`.  Here the extension's notebook pages are
# served through the same kind of handler, which sets the cookie.  The
# extension looks up the name `TornadoVoilaHandler` in voila.server_extension
# when it loads, after this file is read; if Voilà changes that, pages fall
# back to Voilà's own handler and the Binder browser test sees the 403.
try:
    import voila.server_extension as _voila_extension
    from voila.tornado.handler import TornadoVoilaHandler as _TornadoVoilaHandler

    class XsrfCookieVoilaHandler(_TornadoVoilaHandler):
        """Voilà's notebook page handler, setting the `_xsrf` cookie."""

        async def prepare(self, *args, **kwargs):
            await super().prepare(*args, **kwargs)
            self.xsrf_token  # noqa: B018 - reading it sets the cookie

    if _voila_extension.TornadoVoilaHandler is _TornadoVoilaHandler:
        _voila_extension.TornadoVoilaHandler = XsrfCookieVoilaHandler
except ImportError:  # pragma: no cover - Voilà is installed wherever this is used
    pass
