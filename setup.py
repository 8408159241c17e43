"""Build hook for the optional native solver core (metadata lives in pyproject.toml).

The C extension ``kozel_tutor.solver._native`` is an accelerator, never a requirement: when
there is no compiler, or the build fails, the install goes on without it and the package uses
the pure-Python solver.  Set ``KOZEL_NO_NATIVE=1`` to skip the build altogether.
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
from setuptools.command.sdist import sdist  # type: ignore[import-untyped, unused-ignore]

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
            print("KOZEL_NO_NATIVE is set: skipping the native solver core", file=sys.stderr)
            return
        try:
            super().run()
        except Exception as exc:
            self._skip(exc)

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
            self._skip(exc)

    @staticmethod
    def _skip(exc: Exception) -> None:
        print(
            f"WARNING: the native solver core was not built ({exc}); "
            "kozel-tutor will use the pure-Python solver.",
            file=sys.stderr,
        )


class BuildPyWithCatalogue(build_py):  # type: ignore[misc, unused-ignore]
    """``build_py`` that copies the puzzle catalogue into the package being built (an editable
    install reads it where it is)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / _INSTALLED_CATALOGUE
        for source in sorted(_CATALOGUE.rglob("*.json")):
            copy = target / source.relative_to(_CATALOGUE)
            self.mkpath(str(copy.parent))
            self.copy_file(str(source), str(copy))


class SdistWithHeaders(sdist):  # type: ignore[misc, unused-ignore]
    """``sdist`` that ships the core's headers and the puzzle catalogue too (setuptools packs
    only the listed sources and the packages' files)."""

    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        extra = [*_HEADERS, *(str(p) for p in sorted(_CATALOGUE.rglob("*.json")))]
        super().make_release_tree(base_dir, [*files, *(f for f in extra if f not in files)])


setup(
    ext_modules=[
        Extension(
            "kozel_tutor.solver._native",
            sources=_SOURCES,
            depends=_HEADERS,
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithCatalogue,
              "sdist": SdistWithHeaders},
)
