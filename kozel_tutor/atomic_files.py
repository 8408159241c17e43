"""Files written whole or not at all: the progress backup and the teacher's puzzle sets.

The data goes to a temporary file beside the target (``.<name>.<8 hex digits>.tmp``), is
flushed to the disk, and replaces the target in one step, so a reader sees the old file or the
new one, never half of one.  Then:

* the new file has the permissions a new file gets here (``0o666`` less the umask: a set a
  teacher saves in a shared folder is readable by the class, as a file the editor saved would
  be), and an existing target keeps its own;
* a write that fails (a full disk, a target that is a folder) leaves no temporary file;
* temporary files of the same target left by a writer killed mid-write (``kill -9``, a power
  cut) are removed by the next write once they are :data:`STALE_AFTER` seconds old (a younger
  one may be another writer's, still at work).

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "set.json"
>>> atomic_write_text(path, '{"puzzles": []}\\n')
>>> path.read_text()
'{"puzzles": []}\\n'
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import time
from pathlib import Path

__all__ = ["STALE_AFTER", "atomic_write_bytes", "atomic_write_text", "temp_files_of"]

STALE_AFTER = 300.0
"""Seconds after which a temporary file of a target is taken for a crashed write's leftover."""

_NEW_FILE_MODE = 0o666   # less the umask, as the system applies it to any new file


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the new one, never half;
    the folder is made if it is missing."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(target)
    temp, fd = _create_temp(target)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        _keep_mode(target, temp)
        os.replace(temp, target)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` as UTF-8, as :func:`atomic_write_bytes` does (line ends are
    written as given)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def temp_files_of(path: str | os.PathLike[str]) -> list[Path]:
    """The temporary files of writes to ``path`` that are in its folder now."""
    target = Path(path)
    pattern = _temp_pattern(target)
    try:
        names = os.listdir(target.parent)
    except OSError:
        return []
    return sorted(target.parent / name for name in names if pattern.fullmatch(name))


def _temp_pattern(target: Path) -> re.Pattern[str]:
    return re.compile(rf"\.{re.escape(target.name)}\.[0-9a-f]{{8}}\.tmp")


def _create_temp(target: Path) -> tuple[Path, int]:
    """A new temporary file beside ``target``, opened for writing.  It is made by ``open``
    with mode 0o666, so the system gives it the umask's permissions (``mkstemp`` would make
    it 0o600, readable by its owner alone)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        temp = target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp"
        try:
            return temp, os.open(temp, flags, _NEW_FILE_MODE)
        except FileExistsError:
            continue


def _keep_mode(target: Path, temp: Path) -> None:
    """Give ``temp`` the permissions of the file it replaces, if there is one."""
    try:
        mode = os.stat(target).st_mode & 0o777
    except OSError:
        return
    os.chmod(temp, mode)


def _remove_stale(target: Path) -> None:
    """Remove the temporary files of ``target`` older than :data:`STALE_AFTER` seconds."""
    now = time.time()
    for temp in temp_files_of(target):
        with contextlib.suppress(OSError):   # gone already, or not ours to remove
            if now - temp.stat().st_mtime > STALE_AFTER:
                temp.unlink()


def _sync_folder(folder: Path) -> None:
    """Make the new name last on the disk too (where the system lets a folder be synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
