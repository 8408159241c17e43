"""User files are read no further than their size limit allows, whatever the file is: a named
pipe (a FIFO) or a file still growing says nothing true of its size beforehand, so the limit
must be kept while reading (:func:`kozel_tutor.json_input.read_capped`), not looked up first."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from kozel_tutor.json_input import FileTooLarge, read_capped
from kozel_tutor.puzzles.model import MAX_FILE_BYTES, PuzzleError, read_json_file
from kozel_tutor.puzzles.results import read_results

CHUNK = b"[" + b" " * (64 * 1024 - 1)
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


class Feeder:
    """Writes ``total`` bytes into a named pipe, or until its reader closes it."""

    def __init__(self, fifo: Path, total: int) -> None:
        self.fifo, self.total, self.written = fifo, total, 0
        self.thread = threading.Thread(target=self._feed, daemon=True)
        self.thread.start()

    def _feed(self) -> None:
        with open(self.fifo, "wb", buffering=0) as pipe:
            try:
                while self.written < self.total:
                    self.written += pipe.write(CHUNK)
            except BrokenPipeError:
                pass


@pytest.fixture()
def endless_pipe(tmp_path: Path) -> Iterator[tuple[Path, Callable[[], Feeder]]]:
    """A named pipe and what starts feeding it three times the file limit."""
    fifo = tmp_path / "results.json"
    os.mkfifo(fifo)
    feeders: list[Feeder] = []

    def start() -> Feeder:
        feeders.append(Feeder(fifo, 3 * MAX_FILE_BYTES))
        return feeders[-1]

    yield fifo, start
    for feeder in feeders:
        feeder.thread.join(30)


def test_read_capped_reads_up_to_the_limit_and_refuses_a_byte_more(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_bytes(b"x" * 10)
    assert read_capped(path, 10) == b"x" * 10
    with pytest.raises(FileTooLarge) as caught:
        read_capped(path, 9)
    assert (caught.value.size, caught.value.limit) == (10, 9)   # a regular file: its size
    with pytest.raises(FileNotFoundError):
        read_capped(tmp_path / "missing.json", 10)


@needs_fifo
def test_read_capped_stops_reading_a_pipe_that_never_ends(
        endless_pipe: tuple[Path, Callable[[], Feeder]]) -> None:
    fifo, start = endless_pipe
    feeder = start()
    with pytest.raises(FileTooLarge) as caught:
        read_capped(fifo, 100_000)
    assert caught.value.size == 100_001   # a pipe's size is unknown: over the limit
    feeder.thread.join(30)
    assert feeder.written < 3 * MAX_FILE_BYTES, "the pipe was read to its end"


def _problems(error: PuzzleError) -> list[str]:
    return [problem.key for problem in error.details]


@needs_fifo
@pytest.mark.parametrize("reader", [read_json_file, read_results],
                         ids=["a puzzle set", "a results file"])
def test_a_file_fed_past_the_limit_is_refused_as_too_large_without_reading_it_all(
        endless_pipe: tuple[Path, Callable[[], Feeder]], reader: Callable[[Path], object]
        ) -> None:
    fifo, start = endless_pipe
    feeder = start()
    with pytest.raises(PuzzleError) as caught:
        reader(fifo)
    assert _problems(caught.value) == ["too_large"]
    assert str(fifo.name) in str(caught.value)
    feeder.thread.join(30)
    assert feeder.written <= MAX_FILE_BYTES + 2 * len(CHUNK) + 2 ** 20, \
        "the reader went on reading past the limit"
