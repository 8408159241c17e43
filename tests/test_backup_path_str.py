"""``read_backup`` takes the path of a backup copy as a ``str`` (or any path-like) as
``write_backup`` does, as docs/binder.md shows them used without a browser; it reads no more
than its limit allows, whatever the file is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import dump
from test_read_capped import Feeder, needs_fifo

from kozel_tutor.app.backup_format import (
    MAX_BYTES,
    BackupError,
    import_progress,
    read_backup,
    write_backup,
)
from kozel_tutor.app.store import Store


def test_a_backup_written_and_read_by_str_paths_restores_the_progress(tmp_path: Path) -> None:
    store = Store(tmp_path / "a" / "progress.sqlite3")
    store.set_pref("lang", "en")
    path = str(tmp_path / "kozel-progress.json")
    write_backup(store, path)
    data = read_backup(path)
    assert data == Path(path).read_bytes()
    fresh = Store(tmp_path / "b" / "progress.sqlite3")
    import_progress(fresh, data)
    assert dump(fresh.path) == dump(store.path)


def test_a_relative_str_and_a_path_like_are_read_too(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    write_backup(store, tmp_path / "copy.json")
    monkeypatch.chdir(tmp_path)

    class Where(os.PathLike[str]):
        def __fspath__(self) -> str:
            return "copy.json"

    assert read_backup("copy.json") == read_backup(Where()) == (tmp_path / "copy.json").read_bytes()


def test_an_oversized_file_named_by_a_str_is_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as out:
        out.truncate(MAX_BYTES + 1)
    with pytest.raises(BackupError) as caught:
        read_backup(str(big))
    assert caught.value.key == "too_big"


@needs_fifo
def test_a_named_pipe_larger_than_the_limit_is_refused_without_reading_it_all(
        tmp_path: Path) -> None:
    fifo = tmp_path / "kozel-progress.json"
    os.mkfifo(fifo)
    feeder = Feeder(fifo, 3 * MAX_BYTES)   # a pipe's size is 0 to stat(): only reading tells
    with pytest.raises(BackupError) as caught:
        read_backup(fifo)
    feeder.thread.join(30)
    assert caught.value.key == "too_big"
    assert feeder.written < 3 * MAX_BYTES, "the pipe was read to its end"
