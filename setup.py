"""Build hook for the optional native solver core (metadata lives in pyproject.toml; what the
sdist carries beyond the package, in MANIFEST.in).

The C extension ``kozel_tutor.solver._native`` is an accelerator, never a requirement: when
there is no compiler, or the build fails, the install goes on without it and the package uses
the pure-Python solver.  Set ``KOZEL_NO_NATIVE=1`` to skip the build altogether.

A skipped build also removes the extension a former build left in ``build/``, so the wheel
never carries a core built from other sources.  The warning goes to the build's output, which
``pip install`` shows only with ``-v`` (or when the install fails); so it is also written to
the terminal (``/dev/tty``) when there is one.  Either way the install goes on, and
``python -c "import kozel_tutor.solver as s; print(s.available_backends())"`` tells afterwards
which solvers there are.

The wheel packs all of ``build/lib*``, which outlives a build: ``build_py`` removes the files a
former build left there that the sources no longer have (a deleted module, a deleted puzzle
file), so a wheel carries exactly the current sources.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Extension, setup  # type: ignore[import-untyped, unused-ignore]
from setuptools.command.build_ext import (  # type: ignore[import-untyped, unused-ignore]
    build_ext,
)
from setuptools.command.build_py import (  # type: ignore[import-untyped, unused-ignore]
    build_py,
)

_SOURCES = [
    "kozel_tutor/solver/_native.c",
    "kozel_tutor/solver/native_src/kz_engine.c",
]
_HEADERS = ["kozel_tutor/solver/native_src/kz_engine.h"]
# The puzzle catalogue is data at the repository's root; an installed (not editable) package
# carries a copy (kozel_tutor.puzzles.model.catalogue_dir looks there first).
_CATALOGUE = Path("puzzles")
_INSTALLED_CATALOGUE = Path("kozel_tutor", "data", "puzzles")
_UNIX_FLAGS = ["-O3", "-std=c11", "-Wall", "-Wextra"]
_OPTIONAL_FLAGS = ["-mpopcnt"]   # x86-64: popcount in one instruction (every CPU since 2008)


def _accepts(compiler: Any, flag: str) -> bool:
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "probe.c")
        with open(source, "w") as handle:
            handle.write("int main(void) { return __builtin_popcountll(7ULL) != 3; }\n")
        try:
            compiler.compile([source], output_dir=tmp, extra_postargs=[flag])
        except Exception:
            return False
    return True


class OptionalBuildExt(build_ext):  # type: ignore[misc, unused-ignore]
    """``build_ext`` that warns instead of failing: the extension is optional."""

    def run(self) -> None:
        if os.environ.get("KOZEL_NO_NATIVE"):
            self._skip_all("KOZEL_NO_NATIVE is set")
            return
        try:
            super().run()
        except Exception as exc:
            self._skip_all(str(exc))

    def build_extension(self, ext: Extension) -> None:
        try:
            if self.compiler.compiler_type == "unix":
                flags = list(_UNIX_FLAGS)
                flags += [f for f in _OPTIONAL_FLAGS if _accepts(self.compiler, f)]
                ext.extra_compile_args = flags
            elif self.compiler.compiler_type == "msvc":
                ext.extra_compile_args = ["/O2", "/std:c11"]
            super().build_extension(ext)
        except Exception as exc:
            self._skip(ext, str(exc))

    def _skip_all(self, reason: str) -> None:
        for ext in self.extensions:
            self._remove_output(ext)
        _warn(reason)

    def _skip(self, ext: Extension, reason: str) -> None:
        self._remove_output(ext)
        _warn(reason)

    def _remove_output(self, ext: Extension) -> None:
        """Remove what an earlier build made of ``ext`` (the wheel packs all of ``build/``)."""
        output = Path(self.get_ext_fullpath(ext.name))
        if output.exists():
            output.unlink()
            print(f"removed {output}: built by an earlier build", file=sys.stderr)


def _warn(reason: str) -> None:
    """Tell that the core was not built: in the build's output, and on the terminal, which pip
    does not show the build's output to unless it runs with ``-v``."""
    message = (f"WARNING: the native solver core was not built ({reason}); kozel-tutor will use "
               "the pure-Python solver (slower: solving whole deals exactly needs the core).")
    print(message, file=sys.stderr)
    if sys.stderr.isatty():
        return   # the terminal has seen it
    try:
        with open("/dev/tty", "w", encoding="utf-8") as terminal:
            terminal.write("\n" + message + "\n")   # off the line pip's spinner is on
    except OSError:
        pass   # no terminal (CI, a notebook's %pip): the build's log has it


class BuildPyWithCatalogue(build_py):  # type: ignore[misc, unused-ignore]
    """``build_py`` that copies the puzzle catalogue into the package being built (an editable
    install reads it where it is) and removes what the sources no longer have."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        copies = self._copy_catalogue()
        extensions = self.get_finalized_command("build_ext").get_outputs()
        self._remove_stale({*self.get_outputs(), *copies, *extensions})

    def _copy_catalogue(self) -> list[str]:
        target = Path(self.build_lib) / _INSTALLED_CATALOGUE
        copies = []
        for source in sorted(_CATALOGUE.rglob("*.json")):
            copy = target / source.relative_to(_CATALOGUE)
            self.mkpath(str(copy.parent))
            self.copy_file(str(source), str(copy))
            copies.append(str(copy))
        return copies

    def _remove_stale(self, outputs: set[str]) -> None:
        """Remove every file in the built packages that this build did not make: one a former
        build copied from a source since deleted would otherwise go into the wheel."""
        keep = {os.path.abspath(path) for path in outputs}
        for package in sorted({name.split(".")[0] for name in self.packages or ()}):
            root = Path(self.build_lib, package)
            for path in sorted(root.rglob("*"), reverse=True):   # a folder after its files
                if path.is_dir() and not path.is_symlink():
                    if not any(path.iterdir()):
                        path.rmdir()
                elif os.path.abspath(path) not in keep:
                    path.unlink()
                    print(f"removed {path}: left by an earlier build", file=sys.stderr)


setup(
    ext_modules=[
        Extension(
            "kozel_tutor.solver._native",
            sources=_SOURCES,
            depends=_HEADERS,
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithCatalogue},
)
