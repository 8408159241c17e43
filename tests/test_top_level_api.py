"""The core names are reachable from the package itself (``kozel_tutor.solve``), and importing
the package stays cheap: they are imported on first use."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import kozel_tutor

README = Path(__file__).resolve().parent.parent / "README.md"


def _readme_imports() -> list[tuple[str, str]]:
    """``(module, name)`` for every ``from kozel_tutor.<module> import <names>`` of the README's
    library example."""
    text = README.read_text(encoding="utf-8")
    code = text.split("## The library\n\n```python\n", 1)[1].split("```", 1)[0]
    found = re.findall(r"^from kozel_tutor\.(\w+) import ([\w, ]+)$", code, re.MULTILINE)
    return [(module, name.strip()) for module, names in found for name in names.split(",")]


def test_the_readmes_library_names_are_reachable_from_the_top_level() -> None:
    imported = _readme_imports()
    assert {name for _, name in imported} >= {"DealState", "Position", "find_rules", "solve"}
    for module, name in imported:
        assert name in kozel_tutor.__all__
        assert getattr(kozel_tutor, name) is getattr(
            importlib.import_module(f"kozel_tutor.{module}"), name)


def test_every_top_level_name_is_there_and_an_unknown_one_is_an_attribute_error() -> None:
    for name in kozel_tutor.__all__:
        assert getattr(kozel_tutor, name) is not None
        assert name in dir(kozel_tutor)
    assert not hasattr(kozel_tutor, "no_such_name")


def test_importing_the_package_does_not_import_the_solver(tmp_path: Path) -> None:
    code = ("import sys, kozel_tutor; "
            "print(sorted(m for m in ('kozel_tutor.solver', 'kozel_tutor.state', "
            "'kozel_tutor.position') if m in sys.modules)); "
            "kozel_tutor.solve; print('kozel_tutor.solver' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=tmp_path)
    assert out.stdout.split("\n")[:2] == ["[]", "True"]
