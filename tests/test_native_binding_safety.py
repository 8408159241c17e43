"""Misusing the native core's binding raises a clear error instead of crashing the interpreter.

Each case runs in a subprocess, so that a crash fails its test instead of killing pytest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest
from test_native_solver import long_deal

# skipped without the native core, failed where it is required (tests/conftest.py)
pytestmark = pytest.mark.usefixtures("native_core")


def _python(code: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``code`` in a new interpreter; its output, once it exited normally."""
    completed = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=cwd, env=env,
                               capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, (completed.returncode, completed.stderr)
    return completed.stdout


def _deal_code() -> str:
    """Python that rebuilds :func:`long_deal` as ``deal``."""
    deal = long_deal()
    return ("from kozel_tutor.cards import Suit\n"
            "from kozel_tutor.rules import find_rules\n"
            "from kozel_tutor.solver.core import Deal\n"
            "deal = Deal(find_rules('standard').card_order(Suit.CLUBS), "
            f"{deal.hands!r}, {deal.leader}, ())\n")


def test_an_uninitialised_solver_raises_instead_of_crashing(tmp_path: Path) -> None:
    out = _python("""
        from kozel_tutor.solver._native import Solver
        bare = Solver.__new__(Solver)
        for call in (bare.clear, lambda: bare.run(b"", (0, 0, 0, 0), 0, (), 0, 0, 0, 0, 0.0,
                                                   False, 0)):
            try:
                call()
            except RuntimeError as error:
                print(error)
        bare.cancel()
        print(bare.tt_bytes)
        """, tmp_path)
    assert out.splitlines() == ["the solver is not initialised"] * 2 + ["0"]


def test_a_second_init_is_refused_while_a_search_uses_the_table(tmp_path: Path) -> None:
    out = _python(_deal_code() + """
import threading, time
from kozel_tutor.solver.native import NativeBackend
backend = NativeBackend(tt_megabytes=0.001)
results = []
worker = threading.Thread(target=lambda: results.append(backend.analyse(deal)))
worker.start()
time.sleep(0.2)   # the search runs without the GIL, in the table
try:
    backend._solver.__init__(64)
except RuntimeError as error:
    print(error)
backend.cancel()
worker.join()
print(results[0].exact, backend.tt_bytes <= 2**20)
""", tmp_path)
    assert out.splitlines() == [
        "the solver is already initialised: make a new Solver for another table", "False True"]


_FAILING_CALLOC = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static int armed;

/* The next calloc called from the native core fails. */
void fail_next_native_calloc(void) { armed = 1; }

void *calloc(size_t count, size_t size)
{
    Dl_info info;
    if (armed && dladdr(__builtin_return_address(0), &info) && info.dli_fname &&
        strstr(info.dli_fname, "_native")) {
        armed = 0;
        return NULL;
    }
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes))
        return NULL;
    void *p = malloc(bytes);
    if (p)
        memset(p, 0, bytes);
    return p;
}
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="LD_PRELOAD is Linux's")
def test_a_failed_allocation_in_the_core_is_a_memory_error(tmp_path: Path) -> None:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if not shutil.which(compiler):
        pytest.skip("no C compiler to build the failing calloc")
    source = tmp_path / "failing_calloc.c"
    source.write_text(_FAILING_CALLOC)
    library = tmp_path / "failing_calloc.so"
    subprocess.run([compiler, "-shared", "-fPIC", "-O1", "-o", str(library), str(source), "-ldl"],
                   check=True, capture_output=True, timeout=120)
    env = {**os.environ, "LD_PRELOAD": str(library)}
    out = _python(_deal_code() + """
import ctypes
from kozel_tutor.solver.native import NativeBackend
backend = NativeBackend(tt_megabytes=0.001)   # its table is allocated before the failure
ctypes.CDLL(None).fail_next_native_calloc()
try:
    backend.value(deal, budget=0.01)
except MemoryError as error:
    print(type(error).__name__)
print(backend.value(deal, budget=0.01) is not None)   # the next query finds memory again
""", tmp_path, env)
    assert out.splitlines() == ["MemoryError", "True"]
