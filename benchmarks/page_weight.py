"""How much each lesson page sends before its first exercise can be used: widget models and
the bytes of their state, after the notebook has run.

A Voila page creates every widget model of its kernel (and loads the module of every anywidget)
before it draws the first widget, so these two numbers, unlike a time measured on a busy
machine, say how heavy a page is. Each notebook runs in a fresh process, as in its own kernel.
Run: .venv/bin/python benchmarks/page_weight.py [notebooks/17_special_cards_1.ipynb ...]
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"

# Runs inside the fresh process: the notebook's code cells, then the widgets' state as the page
# asks for it (ipywidgets' "request_states": every live model with its state).
_RUN = r"""
import json, os, sys, time, warnings
warnings.simplefilter("ignore")
import nbformat, ipywidgets
from IPython.core.interactiveshell import InteractiveShell
from ipywidgets.widgets.widget import _remove_buffers
path = sys.argv[1]
os.chdir(os.path.dirname(path))
shell = InteractiveShell.instance()
start = time.process_time()
for cell in nbformat.read(path, as_version=4).cells:
    if cell.cell_type == "code" and shell.run_cell(cell.source, silent=True).error_in_exec:
        raise SystemExit(f"a cell of {path} failed")
cpu = time.process_time() - start
state = {}
for key, w in list(ipywidgets.widgets.widget._instances.items()):
    st, paths, _buffers = _remove_buffers(w.get_state())
    state[key] = {"model_name": w._model_name, "state": st, "buffer_paths": paths}
print(json.dumps({"models": len(state), "bytes": len(json.dumps(state)), "cpu": cpu}))
"""


def weigh(path: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", _RUN, str(path.resolve())], cwd=REPO,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(paths) -> None:
    print(f"{'page':34} {'models':>6} {'state kB':>9} {'cells CPU s':>11}")
    for path in paths:
        w = weigh(path)
        print(f"{path.name:34} {w['models']:6d} {w['bytes'] / 1000:9.0f} {w['cpu']:11.2f}")


if __name__ == "__main__":
    given = [Path(p) for p in sys.argv[1:]]
    main(given or sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + [NOTEBOOKS / "rulings.ipynb"])
