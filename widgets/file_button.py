"""A button that opens the browser's file chooser and hands the chosen file to Python.

ipywidgets' ``FileUpload`` shows a "(0)" counter in its label and cuts a long label off; this
button shows only its label, whole (see file_button.js).
"""
from __future__ import annotations

import pathlib

import anywidget
import traitlets as t

from foxlib.words.captions import CHROME

HERE = pathlib.Path(__file__).parent


class FileButton(anywidget.AnyWidget):
    """``FileButton(description="Load a puzzle file", accept=".json")``.

    ``on_file(callback(name, data))`` is called once per chosen file, with its bytes, or with
    ``None`` when the file is over ``max_bytes`` (not sent at all). ``load(name, data)`` does
    from Python what choosing a file does in the browser."""

    _esm = HERE / "file_button.js"
    _css = """
.fox-file-button { display: flex; max-width: 100%; }
.fox-file-button button { width: auto; max-width: 100%; height: auto;
  min-height: var(--jp-widgets-inline-height, 28px); white-space: normal; overflow: visible;
  text-overflow: clip; margin: 2px 0; }
"""
    description = t.Unicode(CHROME["file"]).tag(sync=True)
    tooltip = t.Unicode("").tag(sync=True)
    accept = t.Unicode("").tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)
    max_bytes = t.Int(2_000_000).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._handlers = []
        self.on_msg(self._message)

    def on_file(self, callback) -> None:
        self._handlers.append(callback)

    def load(self, name: str, data) -> None:
        """As if ``name`` with the bytes ``data`` had been chosen in the browser."""
        data = bytes(data)
        if len(data) > self.max_bytes:
            self._message(self, {"event": "file", "name": name, "size": len(data),
                                 "too_big": True}, [])
        else:
            self._message(self, {"event": "file", "name": name, "size": len(data)},
                          [memoryview(data)])

    def _message(self, _widget, content, buffers) -> None:
        if not isinstance(content, dict) or content.get("event") != "file":
            return
        name = str(content.get("name") or "file")
        if content.get("too_big"):
            data = None
        else:
            data = bytes(buffers[0]) if buffers else b""
        for handler in list(self._handlers):
            handler(name, data)
