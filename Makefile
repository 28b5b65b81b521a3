# Fox in the Forest Explorer
#
#   make app    serve the notebooks as a web app on http://127.0.0.1:$(PORT)
#               (make app HOST=0.0.0.0 serves a classroom network: read
#               docs/app-server.md, "Serving a class", first)
#   make test   run the test suite (unit, notebook and browser tests)
#   make check  the quick tier for developers: every test that needs no browser,
#               no server and no notebook run (tests/ without tests/browser,
#               tests/app and tests marked slow); a few minutes
#   make site   build site/, the static site: every page runs in the learner's browser
#               (Pyodide), so any static web server can serve it (docs/static-site.md)
#   make bench  run every benchmarks/*.py script (but the two that need arguments:
#               BENCH_BY_HAND), then the load tool
#               (tools/load/bench_load.py; make bench LOAD_ARGS=--quick: 3 learners)
#
# All four create .venv on first use and install the project into it
# (editable, with the app and test extras); later runs reuse it.

PORT ?= 8866
# The address Voilà listens on.  127.0.0.1: this computer only (the default).
# Anything else (0.0.0.0: every network interface) lets other computers open the app.
HOST ?= 127.0.0.1
LOOPBACK_HOSTS := 127.0.0.1 localhost ::1
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PIP_FLAGS := --disable-pip-version-check -q

# Reinstall when the project metadata changes, or when a package first appears
# (an editable install only maps the top-level packages that existed then).
PKG_INITS := $(wildcard foxlib/__init__.py widgets/__init__.py)

# Voilà reads its settings from etc/jupyter/voila.py (see docs/app-server.md).
VOILA_FLAGS := --no-browser --Voila.ip=$(HOST) --Voila.config_file_paths=$(CURDIR)/etc/jupyter

# binder/requirements.txt pins Binder's environment for the Python named in
# binder/runtime.txt.  With that Python, every package Binder installs is held
# to its pinned version (pip constraints), so the app is developed and tested
# with what Binder runs; another Python resolves the versions itself.
BINDER_PYTHON := $(patsubst python-%,%,$(strip $(file <binder/runtime.txt)))
SETUP_PYTHON = $(if $(wildcard $(PY)),$(PY),$(PYTHON))
PIN_FLAGS = $(shell $(SETUP_PYTHON) -c 'import sys; print("-c binder/requirements.txt" if "%d.%d" % sys.version_info[:2] == "$(BINDER_PYTHON)" else "")')

NBVAL_FLAGS := --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

.PHONY: app test check bench setup site

setup: $(STAMP)

$(PY):
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml binder/requirements.txt binder/runtime.txt $(PKG_INITS) | $(PY)
	$(PY) -m pip install $(PIP_FLAGS) $(PIN_FLAGS) -e '.[test]'
	@touch $@

app: $(STAMP)
ifeq ($(filter $(HOST),$(LOOPBACK_HOSTS)),)
	@echo "WARNING: serving on $(HOST), not only this computer: anyone who can reach this"
	@echo "WARNING: computer on port $(PORT) can open every lesson, with no password and no"
	@echo "WARNING: encryption, and every open page runs a Python process here."
	@echo "WARNING: Use it on a classroom network you trust; see docs/app-server.md."
	@echo "Fox in the Forest Explorer: http://<this computer's address>:$(PORT)  (Ctrl-C to stop)"
else
	@echo "Fox in the Forest Explorer: http://127.0.0.1:$(PORT)  (Ctrl-C to stop)"
endif
	$(VENV)/bin/voila $(CURDIR)/notebooks/ $(VOILA_FLAGS) --port=$(PORT)

# A module that fails to import still lets every other test run (and fails the
# run).  pytest exits 5 when it collected nothing: not a failure of the code.
test: $(STAMP)
	@rc=0; $(PY) -m pytest tests notebooks --continue-on-collection-errors $(NBVAL_FLAGS) $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make test: pytest collected no tests"; rc=0; fi; \
	exit $$rc

# The quick tier.  Left out: tests/browser (Chromium and a Voilà server),
# tests/app (Binder's pins resolved against the package index, JupyterHub and
# `make app` servers, the load tool), the notebooks run by nbval, and the tests
# marked slow (pyproject.toml); `make test` runs all of them.
CHECK_FLAGS := --ignore=tests/browser --ignore=tests/app -m "not slow"

check: $(STAMP)
	@rc=0; $(PY) -m pytest tests --continue-on-collection-errors $(CHECK_FLAGS) $(PYTEST_ARGS) || rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "make check: pytest collected no tests"; rc=0; fi; \
	exit $$rc

# The static site is built in its own environment (.venv-site, tools/site/requirements.txt):
# Voici needs a newer Voilà than the app's pinned one.  SITE_ARGS=--if-stale skips a build
# when site/ was built from the same inputs (the browser tests use that).
SITE_VENV := .venv-site
SITE_PY := $(SITE_VENV)/bin/python
SITE_STAMP := $(SITE_VENV)/.installed
SITE_ARGS ?=

$(SITE_PY):
	$(PYTHON) -m venv $(SITE_VENV)

$(SITE_STAMP): tools/site/requirements.txt | $(SITE_PY)
	$(SITE_PY) -m pip install $(PIP_FLAGS) -r tools/site/requirements.txt
	@touch $@

site: $(SITE_STAMP)
	$(SITE_PY) tools/site/make_site.py $(SITE_ARGS)

# The load tool starts a Voilà server and N learners (10, 30 and 60 by default,
# 5-10 minutes; LOAD_ARGS=--quick: 3 learners, and it checks that every part works).
LOAD_ARGS ?=

# Scripts in benchmarks/ that need arguments (a variant to play, rounds files to compare):
# run by hand as docs/players.md says, not by make bench.
BENCH_BY_HAND := benchmarks/arena_paired.py benchmarks/strong_variants.py

bench: $(STAMP)
	@set -e; found=0; \
	for script in benchmarks/*.py; do \
	  [ -f "$$script" ] || continue; \
	  case " $(BENCH_BY_HAND) " in *" $$script "*) echo "== $$script: by hand (needs arguments)"; continue;; esac; \
	  found=1; echo "== $$script"; $(PY) "$$script"; \
	done; \
	if [ $$found -eq 0 ]; then echo "make bench: no benchmarks/*.py scripts yet"; fi; \
	echo "== tools/load/bench_load.py $(LOAD_ARGS)"; $(PY) tools/load/bench_load.py $(LOAD_ARGS)
