"""Where the keyboard's focus goes as the backup screen's question goes: back to the file button
that chose the file, after Cancel (or Escape, which presses it) and after *Load and replace*
alike, while what came of it is still read out once.  Python decides; the button only moves
the focus when told (``{"type": "focus"}``, :meth:`FileButton.focus`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kozel_tutor.app.backup import BackupPanel
from kozel_tutor.app.backup_format import export_progress
from kozel_tutor.app.store import Store

FOCUS = {"type": "focus"}


def _panel(tmp_path: Path, lang: str = "en") -> tuple[BackupPanel, list[tuple[str, Any]]]:
    """A backup screen over a learner's progress, and what its file button and its question's
    Cancel send to the browser from now on, in order."""
    store = Store(tmp_path / "mine" / "progress.sqlite3")
    store.set_pref("lang", "ru")
    panel = BackupPanel(store, lang)
    sent: list[tuple[str, Any]] = []
    panel.upload.send = lambda message, *_: sent.append(("upload", message))
    panel.load_no.send = lambda message, *_: sent.append(("cancel", message))
    return panel, sent


def _file(tmp_path: Path) -> bytes:
    other = Store(tmp_path / "other" / "progress.sqlite3")
    other.set_pref("colours", 4)
    return export_progress(other)


def _choose(panel: BackupPanel, data: bytes) -> None:
    """Choose ``data`` with the screen's file button, as the browser sends it."""
    message = {"type": "files", "batch": "b1",
               "files": [{"name": "kozel-progress.json", "size": len(data), "sent": True}]}
    panel.upload._handle_msg({"content": {"data": {"method": "custom", "content": message}},
                              "buffers": [memoryview(data)]})


def test_cancel_gives_the_focus_back_to_the_file_button_and_says_so(tmp_path: Path) -> None:
    panel, sent = _panel(tmp_path, "ru")
    _choose(panel, _file(tmp_path))
    assert sent[-1] == ("cancel", {"do": "focus"}), "the question's Cancel has the focus"
    del sent[:]
    count = panel.header.said_count
    panel.load_no.click()
    assert not panel.asking()
    assert sent == [("upload", FOCUS)]
    assert panel.header.said == "Файл не загружен: ваш прогресс не изменился."
    assert panel.header.said_count == count + 1, "the outcome is still read out"
    # a stale press after the question went moves nothing
    panel.load_no.click()
    panel.load_yes.click()
    assert sent == [("upload", FOCUS)]


def test_loading_gives_the_focus_back_to_the_file_button_and_says_so(tmp_path: Path) -> None:
    panel, sent = _panel(tmp_path)
    _choose(panel, _file(tmp_path))
    del sent[:]
    count = panel.header.said_count
    panel.load_yes.click()
    assert panel.imported and 'data-testid="backup-ok"' in panel.status.value
    assert sent == [("upload", FOCUS)]
    assert panel.header.said_count == count + 1
    assert panel.header.said.startswith("Progress loaded from the file saved on ")


def test_a_file_refused_as_it_loads_gives_the_focus_back_too(tmp_path: Path) -> None:
    panel, sent = _panel(tmp_path)
    _choose(panel, _file(tmp_path))
    del sent[:]
    # the file refused as it loads (here: changed behind the question's back)
    assert panel.pending is not None
    content, preview = panel.pending
    panel.pending = (content.replace(b'"kind"', b'"kin"'), preview)
    assert panel.confirm_import() is None
    assert 'data-testid="backup-error"' in panel.status.value
    assert sent == [("upload", FOCUS)]


def test_the_file_button_moves_the_focus_only_when_python_asks() -> None:
    from kozel_tutor.widgets.file_button import FileButton
    button = FileButton(description="Open")
    sent: list[Any] = []
    button.send = lambda message, *_: sent.append(message)
    assert sent == []
    button.focus()
    assert sent == [FOCUS]
