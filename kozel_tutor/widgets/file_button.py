"""A button that opens the browser's file picker and hands the chosen files to Python.

ipywidgets' ``FileUpload`` sends whatever is chosen, however large, in one message: a file over
the server's message limit (10 MiB) closes the connection, and the file is lost without a word.
Its label also counts the files it holds ("Upload (0)"), which means nothing to a learner.  This
button reads a file only if it fits :attr:`FileButton.max_bytes` (less than that limit), and
says of the others that they are too large, so the screen can tell the learner why.  Many files
go in as many messages as it takes (each within ``max_bytes`` and :attr:`FileButton.max_files`),
so a file is called too large only when it is, on its own.

The browser sends ``{"type": "files", "files": [{"name", "size", "sent"}]}`` with one buffer per
file sent; :meth:`FileButton.receive` checks it all and hands on :class:`ChosenFile` objects, or
counts the message in :attr:`FileButton.rejected` and drops it.  Each message reaches the
handlers on its own.  A message may carry a ``"batch"`` name (up to 64 characters): once its
handlers are done (or it was dropped), the button answers ``{"type": "received", "batch": …}``,
and the browser shows the button busy until then, not only while it sends the bytes.

:meth:`FileButton.focus` gives the button the focus back (``{"type": "focus"}``): the screen
decides when, as a question that the button started goes (the backup screen's Cancel).

>>> button = FileButton(description="Open", max_bytes=10, multiple=True)
>>> got = []
>>> button.on_files(got.extend)
>>> button.receive({"type": "files", "files": [{"name": "a.json", "size": 2, "sent": True},
...                 {"name": "b.json", "size": 99, "sent": False}]}, [b"{}"])
2
>>> [(f.name, f.content, f.problem) for f in got]
[('a.json', b'{}', None), ('b.json', None, 'too_big')]
>>> button.receive({"type": "files", "files": []}, []), button.rejected
(None, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import anywidget
import traitlets

from ._assets import asset

__all__ = ["MAX_MESSAGE_BYTES", "ChosenFile", "FileButton", "FilesHandler"]

MAX_MESSAGE_BYTES = 8 * 1024 * 1024
"""The most a button sends in one message: the Jupyter server refuses messages over 10 MiB."""

MAX_FILES = 100
"""The most files one message holds (a choice of more comes in several messages)."""

MAX_NAME = 255

MAX_BATCH_NAME = 64
"""The longest name of a message the button answers (the browser names each one)."""

Problem = Literal["too_big", "unreadable"]


@dataclass(frozen=True)
class ChosenFile:
    """One chosen file: its name and size as the browser gave them, and its bytes, or ``None``
    with the ``problem``: ``too_big`` (larger than the button takes), ``unreadable`` (the
    browser could not read it)."""

    name: str
    size: int
    content: bytes | None
    problem: Problem | None = None


FilesHandler = Callable[[list[ChosenFile]], object]


class FileButton(anywidget.AnyWidget):
    """A labelled button; a choice of files reaches the handlers given to :meth:`on_files`."""

    _esm = asset("file_button.js")
    _css = asset("file_button.css")

    description = traitlets.Unicode("").tag(sync=True)
    accept = traitlets.Unicode("").tag(sync=True)
    multiple = traitlets.Bool(False).tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    testid = traitlets.Unicode("file").tag(sync=True)
    max_bytes = traitlets.Int(MAX_MESSAGE_BYTES).tag(sync=True)
    max_files = traitlets.Int(MAX_FILES, read_only=True).tag(sync=True)

    @traitlets.validate("max_bytes")
    def _check_max_bytes(self, proposal: dict[str, object]) -> int:
        value = proposal["value"]
        if not isinstance(value, int) or not 0 < value <= MAX_MESSAGE_BYTES:
            raise traitlets.TraitError(f"max_bytes must be 1..{MAX_MESSAGE_BYTES}, not {value!r}")
        return value

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._handlers: list[FilesHandler] = []
        self.rejected = 0
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    def focus(self) -> None:
        """Put the keyboard's focus on the button (and the button in sight): where the keys
        go on when what it started is over, a question answered and gone.

        >>> button = FileButton(description="Open")
        >>> sent = []
        >>> button.send = lambda message, *_: sent.append(message)
        >>> button.focus()
        >>> sent
        [{'type': 'focus'}]
        """
        self.send({"type": "focus"})

    def on_files(self, handler: FilesHandler) -> None:
        """Call ``handler`` with the files of every valid choice."""
        self._handlers.append(handler)

    def receive(self, message: object, buffers: Sequence[object] | None) -> int | None:
        """Check one message from the browser and hand its files on; returns how many, or
        ``None`` (counted in :attr:`rejected`) when the message does not fit.  A message with
        a ``batch`` name is answered when it is done with (:meth:`_answer`), whatever came of
        it."""
        try:
            files = self._files(message, list(buffers or []))
            if files is None:
                self.rejected += 1
                return None
            for handler in list(self._handlers):
                handler(files)
            return len(files)
        finally:
            self._answer(message)

    def _answer(self, message: object) -> None:
        """Tell the browser that the message named ``batch`` is done with: the screen has
        what came of it, and the button need no longer look busy."""
        batch = message.get("batch") if isinstance(message, dict) else None
        if isinstance(batch, str) and 0 < len(batch) <= MAX_BATCH_NAME:
            self.send({"type": "received", "batch": batch})

    def _files(self, message: object, buffers: list[object]) -> list[ChosenFile] | None:
        if not isinstance(message, dict) or message.get("type") not in ("files", "unreadable"):
            return None
        entries = message.get("files")
        limit = self.max_files if self.multiple else 1
        if not isinstance(entries, list) or not 1 <= len(entries) <= limit:
            return None
        chosen: list[ChosenFile] = []
        pending = iter(buffers)
        total = 0
        for entry in entries:
            if not isinstance(entry, dict):
                return None
            name, size, sent = entry.get("name"), entry.get("size"), entry.get("sent", False)
            if (not isinstance(name, str) or not 0 < len(name) <= MAX_NAME
                    or type(size) is not int or size < 0 or type(sent) is not bool):
                return None
            if message["type"] == "unreadable":
                if sent:
                    return None
                chosen.append(ChosenFile(name, size, None, "unreadable"))
                continue
            if not sent:
                if size <= self.max_bytes:
                    return None   # it fits a message: the browser should have sent it
                chosen.append(ChosenFile(name, size, None, "too_big"))
                continue
            data = _bytes(next(pending, None))
            if data is None or len(data) != size:
                return None
            total += size
            if total > self.max_bytes:
                return None
            chosen.append(ChosenFile(name, size, data))
        if next(pending, None) is not None:
            return None
        return chosen


def _bytes(buffer: object) -> bytes | None:
    if isinstance(buffer, (bytes, bytearray, memoryview)):
        return bytes(buffer)
    return None
