"""One way to write a file whole (``kozel_tutor.atomic_files``), used by the progress backup and
the teacher's puzzle sets: the umask's permissions, no temporary file left by a failed write,
and the leftovers of a writer killed mid-write cleaned by the next write."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kozel_tutor.app.backup import read_backup, write_backup
from kozel_tutor.app.store import Store
from kozel_tutor.atomic_files import (
    STALE_AFTER,
    atomic_write_bytes,
    atomic_write_text,
    temp_files_of,
)
from kozel_tutor.puzzles.model import PuzzleSet, Text, load_set, save_set

ROOT = Path(__file__).resolve().parent.parent

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions and signals")


@pytest.fixture
def umask_022() -> Iterator[None]:
    """The usual umask (group and others may read), whatever the test runner's is."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def mode_of(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_file_holds_exactly_what_was_written(tmp_path: Path) -> None:
    path = tmp_path / "new" / "folder" / "set.json"
    atomic_write_text(path, "дама треф\r\nQC\n")
    assert path.read_bytes() == "дама треф\r\nQC\n".encode()
    atomic_write_bytes(path, b"second")
    assert path.read_bytes() == b"second"
    assert os.listdir(path.parent) == ["set.json"]


@posix_only
def test_a_new_file_gets_the_umasks_permissions_not_owner_only(tmp_path: Path,
                                                                umask_022: None) -> None:
    path = tmp_path / "set.json"
    atomic_write_text(path, "{}")
    assert mode_of(path) == 0o644


@posix_only
def test_a_replaced_file_keeps_its_own_permissions(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "set.json"
    path.write_text("old")
    path.chmod(0o664)   # a teacher shared it with the group
    atomic_write_text(path, "new")
    assert path.read_text() == "new" and mode_of(path) == 0o664


@posix_only
def test_the_backup_and_a_puzzle_set_are_readable_by_others(tmp_path: Path,
                                                            umask_022: None) -> None:
    backup = tmp_path / "kozel-progress.json"
    write_backup(Store(tmp_path / "progress.sqlite3"), backup)
    assert mode_of(backup) == 0o644 and read_backup(backup)
    puzzle_set = tmp_path / "shared" / "homework.json"
    save_set(puzzle_set, PuzzleSet(id="homework", title=Text("Домашнее задание", "Homework")))
    assert mode_of(puzzle_set) == 0o644 and load_set(puzzle_set).id == "homework"


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "a-folder-not-a-file"
    (target / "inside").mkdir(parents=True)
    with pytest.raises(OSError):
        atomic_write_bytes(target, b"data")
    assert sorted(os.listdir(tmp_path)) == ["a-folder-not-a-file"]
    assert os.listdir(target) == ["inside"]


def test_data_that_cannot_be_written_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(path, "half a surrogate \ud800")
    assert os.listdir(tmp_path) == []


def crash_while_writing(path: Path) -> None:
    """Kill a real process with SIGKILL after it wrote the temporary file, before the replace."""
    script = textwrap.dedent(f"""
        import os, signal
        from kozel_tutor import atomic_files
        def killed(*args):
            os.kill(os.getpid(), signal.SIGKILL)
        atomic_files.os.replace = killed
        atomic_files.atomic_write_text({str(path)!r}, "never replaces the target")
    """)
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, timeout=60, check=False,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == -signal.SIGKILL


def age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


@posix_only
def test_the_leftover_of_a_killed_writer_is_removed_by_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    path.write_text("old")
    crash_while_writing(path)
    [leftover] = temp_files_of(path)
    assert path.read_text() == "old" and leftover.read_text() == "never replaces the target"
    age(leftover, STALE_AFTER + 60)
    atomic_write_text(path, "new")
    assert path.read_text() == "new"
    assert os.listdir(tmp_path) == ["set.json"]


def test_a_young_temporary_file_may_be_another_writers_and_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    busy = tmp_path / ".set.json.0123abcd.tmp"
    busy.write_text("another writer, still at work")
    atomic_write_text(path, "new")
    assert busy.exists() and temp_files_of(path) == [busy]
    age(busy, STALE_AFTER + 1)
    atomic_write_text(path, "newer")
    assert not busy.exists()


def test_only_this_targets_temporary_files_are_cleaned(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    others = [tmp_path / name for name in (".other.json.0123abcd.tmp", ".set.json.bak",
                                           ".set.json.notahex!.tmp", "set.json.0123abcd.tmp")]
    for other in others:
        other.write_text("not ours")
        age(other, STALE_AFTER * 10)
    atomic_write_text(path, "new")
    assert all(other.exists() for other in others)
