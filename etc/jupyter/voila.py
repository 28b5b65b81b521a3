# Voilà configuration for Fox in the Forest Explorer.
#
# `make app` and the browser tests start Voilà with
# `--Voila.config_file_paths=etc/jupyter`, so it reads this file (and only
# this file).  On Binder, binder/start puts etc/jupyter on JUPYTER_CONFIG_PATH,
# where the Voilà server extension finds it (only the VoilaConfiguration part
# applies there).  It is not at the repository root because `python -m voila`
# would then import it instead of Voilà.  Every setting is explained in
# docs/app-server.md.
# ruff: noqa: F821  (`c` is injected by traitlets when it loads this file)

import os

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LANDING_NOTEBOOK = "index.ipynb"

# --- Offline page template ---------------------------------------------------
# share/jupyter/voila/templates/fox-explorer is Voilà's "lab" template minus
# the stylesheets/scripts it loads from public CDNs.  Voilà finds templates on
# the Jupyter data path, so put this repository's share/jupyter first on it.
_data_dir = os.path.join(REPO_ROOT, "share", "jupyter")
_jupyter_path = os.environ.get("JUPYTER_PATH", "")
if _data_dir not in _jupyter_path.split(os.pathsep):
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (_data_dir, _jupyter_path) if p)

c.VoilaConfiguration.template = "fox-explorer"

# --- Presenter mode: ?voila-template=fox-slides ------------------------------------
# A lesson's URL with `?voila-template=fox-slides` shows it as slides (the offline
# fox-slides template, next to fox-explorer).  That is the only template a URL may ask
# for: Voilà's own `?template=NAME` is never read (its other templates load scripts and
# stylesheets from CDNs), and any other `voila-template` value is ignored.  Voilà reads
# the URL's choice only when overrides are allowed, so they are allowed, and Voilà's page
# handlers (notebook pages, listing, errors) read `template` through the filter below.
# The filter patches Voilà's handler class, so it also applies on Binder, where Voilà
# runs inside JupyterLab and loads this file too.
QUERY_TEMPLATES = ("fox-slides",)
QUERY_TEMPLATE_ARGUMENT = "voila-template"
c.VoilaConfiguration.allow_template_override = "YES"

try:
    from voila.handler import BaseVoilaHandler

    _ARG_MISSING = object()

    def _get_argument_with_query_template(self, name, default=_ARG_MISSING, strip=True):
        """RequestHandler.get_argument, except that "template" (which Voilà reads to pick
        the page template) is the URL's `voila-template` when it is allowed, else `default`."""
        if name == "template":
            asked = self.get_query_argument(QUERY_TEMPLATE_ARGUMENT, None)
            if asked in QUERY_TEMPLATES:
                return asked
            if default is not _ARG_MISSING:
                return default
            name = QUERY_TEMPLATE_ARGUMENT  # tornado's "missing argument" error names it
        if default is _ARG_MISSING:
            return super(BaseVoilaHandler, self).get_argument(name, strip=strip)
        return super(BaseVoilaHandler, self).get_argument(name, default, strip)

    if not getattr(BaseVoilaHandler.get_argument, "_fox_adjusted", False):
        _get_argument_with_query_template._fox_adjusted = True
        BaseVoilaHandler.get_argument = _get_argument_with_query_template
except ImportError:  # pragma: no cover - without it, no URL can pick a template
    c.VoilaConfiguration.allow_template_override = "NO"

# --- Look ----------------------------------------------------------------------
c.VoilaConfiguration.theme = "light"
c.VoilaConfiguration.allow_theme_override = "NO"  # every page light, whatever the URL says
c.VoilaConfiguration.strip_sources = True  # readers see outputs and widgets, never code
c.VoilaConfiguration.show_tracebacks = False  # a failing cell shows a short error, not a traceback
# The plain HTML directory listing (/voila/tree).  The newer JupyterLab-based
# one loads the widget plugins, which log errors on a page without a kernel.
c.VoilaConfiguration.classic_tree = True

# --- Server ----------------------------------------------------------------------
# Local only.  `make app HOST=0.0.0.0` overrides this on the command line to serve a
# classroom network; docs/app-server.md says what that exposes.
c.Voila.ip = "127.0.0.1"
c.Voila.open_browser = False

# --- Kernel connections -------------------------------------------------------------
# Each kernel talks to the server over five ZeroMQ sockets.  Over TCP the server
# picks five free ports by opening and closing them, and the kernel binds them a
# moment later: when many kernels start at once (pre-heating starts one per page,
# a class arrives together), two can pick the same port and one kernel dies
# ("Address already in use"), leaving its page without widgets.  Unix-domain
# sockets are files named after the kernel's id in Jupyter's runtime folder, so
# two kernels cannot clash.  (Local kernels only, which is all this app starts.)
c.KernelManager.transport = "ipc"

# --- Pre-heated kernels -----------------------------------------------------------
# At start-up Voilà launches `default_pool_size` kernels per notebook under the
# served directory and runs the notebook in them, so the first visit to a page
# gets an already-executed kernel.  After a kernel is handed out, the pool is
# refilled after `fill_delay` seconds.  When a pool is empty, Voilà falls back
# to starting a kernel on demand (slower, still correct).
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = 1
c.VoilaKernelManager.fill_delay = 1
# While a page's notebook runs, the executor waits at most `iopub_timeout`
# seconds for a cell's output after the cell finished; the default (4 s) is
# too short when many pre-heating kernels start at once on a small machine,
# and a page would then be served without its widgets.
c.VoilaExecutor.iopub_timeout = 60

# --- A failing cell ----------------------------------------------------------------
# By default Voilà stops running a notebook at the first cell that raises, so one
# broken cell would take every widget below it away.  With `allow_errors` the rest
# of the notebook still runs; the failing cell's output (already stripped of its
# traceback, show_tracebacks = False) is shown by the fox-explorer template as a
# short friendly message.  The full error goes to the server's log, where the
# person running `make app` can read it.
c.VoilaExecutor.allow_errors = True


def _log_cell_error(cell, cell_index, execute_reply, **_):
    import logging

    content = (execute_reply or {}).get("content", {})
    source = (cell.get("source") or "").strip().splitlines()
    logging.getLogger("Voila").error(
        "A notebook cell failed (cell %s, starting %r): %s: %s\n%s",
        cell_index + 1,
        source[0][:80] if source else "",
        content.get("ename", "?"),
        content.get("evalue", ""),
        "\n".join(content.get("traceback", [])),
    )


c.VoilaExecutor.on_cell_error = _log_cell_error

# --- Idle-kernel culling ------------------------------------------------------------
# A kernel whose page was closed without Voilà hearing about it would live for
# ever.  Every `cull_interval` seconds, kernels idle for more than
# `cull_idle_timeout` seconds and with no open page (`cull_connected = False`)
# are shut down.  Busy kernels are never culled.  Pre-heated kernels need care
# (see PoolAwareKernelManager below).
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False

try:
    from jupyter_server._tz import utcnow
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    # What a page may send to its kernel.  A page talks to its kernel only through
    # widgets (comm messages); it can never ask it to run code (execute_request) or
    # complete/inspect code.  Voilà's standalone server already passes this list to
    # its kernel manager; the manager below keeps only these types whatever it is
    # given, so a future Voilà that forgot or widened the list would still refuse
    # code.  tests/browser/test_hardening.py sends such messages from a page.
    PAGE_MESSAGE_TYPES = (
        "comm_open",
        "comm_close",
        "comm_msg",
        "comm_info_request",
        "kernel_info_request",
        "shutdown_request",
    )

    class PoolAwareKernelManager(AsyncMappingKernelManager):
        """Jupyter's kernel manager, with culling that respects pre-heat pools
        and with the page's message types limited to PAGE_MESSAGE_TYPES.

        * A kernel waiting in a pool is never culled: Voilà does not refill a
          pool whose kernel was shut down, so pre-heating would silently stop.
        * A pooled kernel's last activity is when it ran the notebook, possibly
          long ago.  When it leaves the pool for a visitor, its idle clock is
          restarted, so it is not culled before the visitor's page connects.
        """

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            given = list(self.allowed_message_types) or list(PAGE_MESSAGE_TYPES)
            self.allowed_message_types = [t for t in given if t in PAGE_MESSAGE_TYPES]

        def _in_preheat_pool(self, kernel_id):
            for pool in getattr(self, "_pools", {}).values():
                for task in pool:
                    if not task.done() or task.cancelled() or task.exception() is not None:
                        continue
                    if task.result().get("kernel_id") == kernel_id:
                        return True
            return False

        async def cull_kernels(self):
            if not hasattr(self, "_fox_pooled"):
                self._fox_pooled = set()
            pooled_now = {kid for kid in list(self._kernels) if self._in_preheat_pool(kid)}
            for kernel_id in self._fox_pooled - pooled_now:
                kernel = self._kernels.get(kernel_id)
                if kernel is not None:
                    kernel.last_activity = utcnow()  # handed out since the last pass
            self._fox_pooled = pooled_now
            return await super().cull_kernels()

        async def cull_kernel_if_idle(self, kernel_id):
            if kernel_id in getattr(self, "_fox_pooled", ()):
                return
            return await super().cull_kernel_if_idle(kernel_id)

    c.VoilaConfiguration.multi_kernel_manager_class = PoolAwareKernelManager
except ImportError:  # pragma: no cover - jupyter_server always ships with Voilà
    pass

# --- Landing page and kernel shutdown on leaving a page -----------------------------
# Voilà has no setting for either, so its handler list is adjusted here
# (standalone app only).  If Voilà's internals change, both quietly fall back to
# Voilà's own behaviour, and the browser tests notice.
#
# 1. Serving a directory, Voilà shows a file listing at "/".  Send "/" to the
#    index notebook instead; the listing stays at /voila/tree.
# 2. When a page is left, Voilà's frontend asks the server to shut the page's
#    kernel down, sending the `_xsrf` cookie as its XSRF token; but Voilà never
#    sets that cookie, so the request fails with 403 (a console error on every
#    navigation between lessons, and the kernel lingers until culled; Voilà
#    issue #1458).  Notebook pages set the cookie here.
try:
    from jupyter_server.utils import url_path_join
    from tornado.web import RedirectHandler
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class XsrfCookieVoilaHandler(TornadoVoilaHandler):
        """Voilà's notebook page handler, setting the `_xsrf` cookie."""

        async def prepare(self, *args, **kwargs):
            await super().prepare(*args, **kwargs)
            self.xsrf_token  # noqa: B018 - reading it sets the cookie

    if not getattr(Voila.init_handlers, "_fox_adjusted", False):
        _voila_init_handlers = Voila.init_handlers

        def _init_handlers_adjusted(self):
            handlers = [
                (rule[0], XsrfCookieVoilaHandler, *rule[2:])
                if len(rule) >= 2 and rule[1] is TornadoVoilaHandler
                else rule
                for rule in _voila_init_handlers(self)
            ]
            if self.notebook_path or not os.path.isfile(
                os.path.join(self.root_dir, LANDING_NOTEBOOK)
            ):
                return handlers
            landing = url_path_join(self.server_url, "voila/render", LANDING_NOTEBOOK)
            return [(self.server_url, RedirectHandler, {"url": landing})] + handlers

        _init_handlers_adjusted._fox_adjusted = True
        Voila.init_handlers = _init_handlers_adjusted
except ImportError:  # pragma: no cover
    pass
