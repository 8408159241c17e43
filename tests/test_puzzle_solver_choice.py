"""Every function that takes ``backend=`` (a name, a backend, or nothing) reads it one way:
:func:`kozel_tutor.solver.resolve_backend`, used by the solver and the puzzle tools alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kozel_tutor.puzzles.model import load_catalogue
from kozel_tutor.puzzles.verify import quick_to_check
from kozel_tutor.solver import available_backends, get_backend, resolve_backend
from kozel_tutor.solver.python_solver import PythonBackend

PACKAGE = Path(__file__).resolve().parents[1] / "kozel_tutor"


def test_resolve_backend_takes_a_name_a_backend_or_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    mine = PythonBackend()
    assert resolve_backend(mine) is mine
    assert resolve_backend("python").name == "python"
    monkeypatch.setenv("KOZEL_SOLVER", "python")
    assert resolve_backend(None).name == "python"
    monkeypatch.delenv("KOZEL_SOLVER")
    assert resolve_backend(None).name == get_backend().name
    with pytest.raises(ValueError, match="unknown solver backend 'gpu'"):
        resolve_backend("gpu")


def test_the_puzzle_tools_read_backend_as_the_solver_does() -> None:
    big = next(p for s in load_catalogue() for p in s.puzzles if p.cards > 6)
    assert quick_to_check(big, "python") is False
    assert quick_to_check(big, PythonBackend()) is False
    if "native" in available_backends():
        assert quick_to_check(big, "native") is True
        assert quick_to_check(big, get_backend("native")) is True


def test_no_module_repeats_the_backend_dispatch() -> None:
    copied = re.compile(r"get_backend\(backend\) if backend is None or isinstance\(backend, str\)")
    found = [str(path.relative_to(PACKAGE)) for path in PACKAGE.rglob("*.py")
             for _ in copied.finditer(path.read_text(encoding="utf-8"))]
    assert found == ["solver/__init__.py"], \
        f"resolve_backend's own line only; use kozel_tutor.solver.resolve_backend in {found}"
