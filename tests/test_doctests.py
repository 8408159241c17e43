"""The examples in the package's docstrings are run, so the documentation cannot drift."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

import kozel_tutor

ROOT = Path(kozel_tutor.__file__).parent
# Every module whose source holds an example (">>> "); the rest have nothing to run.
MODULES = sorted(
    ".".join(("kozel_tutor", *path.relative_to(ROOT).with_suffix("").parts)).removesuffix(
        ".__init__")
    for path in ROOT.rglob("*.py") if ">>> " in path.read_text(encoding="utf-8")
)


def test_examples_are_found() -> None:
    assert len(MODULES) >= 10


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{name} has '>>> ' but no example doctest could find"
    assert result.failed == 0, f"{result.failed} docstring example(s) in {name} failed (use -s)"
