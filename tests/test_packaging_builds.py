"""The wheel and the sdist carry exactly the project's current files.

Each test builds from a copy of the checkout in a temporary folder, through setuptools' own
build hooks (what ``pip install`` and ``python -m build`` call), with this environment's
setuptools, so the repository's ``build/`` and egg-info are left alone.
"""

from __future__ import annotations

import ast
import email
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# What a wheel is built from: the metadata, the build hook and the two trees that go in.
WHEEL_SOURCES = ["pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in",
                 "kozel_tutor", "puzzles"]
LEFTOVERS = shutil.ignore_patterns("__pycache__", "*.py[cod]", "*.so", ".ipynb_checkpoints")
# Tracked but not for users: the repository's own settings.
NOT_IN_SDIST = {".gitignore", ".ci/run"}
SDIST_METADATA = {"PKG-INFO", "setup.cfg"}


def build(hook: str, source: Path, out: Path) -> Path:
    """Run setuptools' PEP 517 ``hook`` (build_wheel, build_sdist) in ``source``."""
    out.mkdir(exist_ok=True)
    code = f"import sys; from setuptools import build_meta; print(build_meta.{hook}(sys.argv[1]))"
    done = subprocess.run([sys.executable, "-c", code, str(out)], cwd=source,
                          env={**os.environ, "KOZEL_NO_NATIVE": "1"},   # no C: faster
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out / done.stdout.strip().splitlines()[-1]


def copy_wheel_sources(target: Path) -> Path:
    target.mkdir()
    for name in WHEEL_SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=LEFTOVERS)
        else:
            shutil.copy2(source, target / name)
    return target


def wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def source_modules(tree: Path) -> set[str]:
    return {p.relative_to(tree).as_posix() for p in (tree / "kozel_tutor").rglob("*.py")}


def catalogue_in_wheel(tree: Path) -> set[str]:
    return {"kozel_tutor/data/puzzles/" + p.relative_to(tree / "puzzles").as_posix()
            for p in (tree / "puzzles").rglob("*.json")}


def declared_version() -> str:
    module = ast.parse((ROOT / "kozel_tutor" / "__init__.py").read_text("utf-8"))
    [value] = [node.value for node in module.body if isinstance(node, ast.Assign)
               and any(getattr(t, "id", None) == "__version__" for t in node.targets)]
    assert isinstance(value, ast.Constant) and isinstance(value.value, str)
    return value.value


def test_a_rebuilt_wheel_drops_the_modules_and_puzzles_deleted_since_the_last_build(
        tmp_path: Path) -> None:
    tree = copy_wheel_sources(tmp_path / "src")
    first = wheel_names(build("build_wheel", tree, tmp_path / "first"))
    module, puzzle = "kozel_tutor/bad_rows.py", "puzzles/catalogue/endings-6.json"
    assert {module, "kozel_tutor/data/" + puzzle} <= first
    (tree / module).unlink()
    (tree / puzzle).unlink()

    second = wheel_names(build("build_wheel", tree, tmp_path / "second"))   # same build/ folder
    assert {n for n in second if n.endswith(".py")} == source_modules(tree)
    assert {n for n in second if n.startswith("kozel_tutor/data/puzzles/")} \
        == catalogue_in_wheel(tree)
    assert first - second == {module, "kozel_tutor/data/" + puzzle}


def test_the_wheel_carries_the_licence_and_the_version_the_package_declares(
        tmp_path: Path) -> None:
    wheel = build("build_wheel", copy_wheel_sources(tmp_path / "src"), tmp_path / "out")
    version = declared_version()
    with zipfile.ZipFile(wheel) as archive:
        info = f"kozel_tutor-{version}.dist-info"
        metadata = email.message_from_bytes(archive.read(f"{info}/METADATA"))
        licence = archive.read(f"{info}/licenses/LICENSE").decode()
    assert metadata["Version"] == version
    assert metadata["License-Expression"] == "MIT"
    assert licence == (ROOT / "LICENSE").read_text("utf-8")
    assert "Permission is hereby granted, free of charge" in licence
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL") or [])
    assert {"Homepage", "Source", "Try it"} <= set(urls)


def git_files(*options: str) -> set[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout: the files to package are the ones git knows")
    listed = subprocess.run(["git", "ls-files", "-z", *options], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode()
    return {name for name in listed.split("\0") if name and (ROOT / name).is_file()}


def test_the_sdist_carries_every_tracked_file_and_so_its_tests_run(tmp_path: Path) -> None:
    tracked = git_files("--cached")
    files = tracked | git_files("--others", "--exclude-standard")   # and files not yet added
    tree = tmp_path / "src"
    for name in sorted(files):
        (tree / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tree / name)
    sdist = build("build_sdist", tree, tmp_path / "out")
    with tarfile.open(sdist) as archive:
        top = sdist.name.removesuffix(".tar.gz") + "/"
        packed = {m.name.removeprefix(top) for m in archive.getmembers() if m.isfile()}
    assert {"tests/conftest.py", "tests/data/perft.json", "tests/browser/conftest.py",
            "LICENSE", "kozel_tutor/solver/native_src/kz_engine.h"} <= packed
    assert tracked - packed - NOT_IN_SDIST == set()
    made = {n for n in packed - files
            if n not in SDIST_METADATA and not n.startswith("kozel_tutor.egg-info/")}
    assert not made, f"not files of the checkout: {sorted(made)}"
