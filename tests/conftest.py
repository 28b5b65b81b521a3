"""The test suite's layout (see "Testing" in README.md).

tests/<folder>/ mirrors what is tested: the foxlib layers (core, words, engine, io, fast,
search, players, teaching), then widgets, notebooks (tests that read the notebooks), app
(Binder, JupyterHub, `make app`, the load tool) and browser (a real page in Chromium).

Test modules are imported rootdir-relative (pytest's default "prepend" mode), which puts only
a test file's own folder on ``sys.path``. The shared helpers (scenario_helpers, lesson_walk,
text_faults) live in tests/helpers/, which is put on ``sys.path`` here, so that every test
folder imports them by their plain names.
"""
from __future__ import annotations

import sys
from pathlib import Path

HELPERS = Path(__file__).resolve().parent / "helpers"
if str(HELPERS) not in sys.path:
    sys.path.insert(0, str(HELPERS))
