"""The backup copy's file format is usable from a script without the widgets: importing
:mod:`kozel_tutor.app.backup_format` loads no ipywidgets (the screen, :mod:`.backup`, does)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import sys
import kozel_tutor.app.backup_format as backup_format
print(backup_format.__name__, "ipywidgets" in sys.modules, "anywidget" in sys.modules)
"""


def _loaded_by(module: str) -> str:
    # a fresh interpreter, where nothing is imported yet, that finds this checkout's package
    done = subprocess.run([sys.executable, "-c", PROBE.replace("backup_format", module)],
                          cwd=ROOT.parent, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_importing_the_backup_format_loads_no_widgets() -> None:
    assert _loaded_by("backup_format") == "kozel_tutor.app.backup_format False False"


def test_the_backup_screen_still_loads_the_widgets_so_the_probe_can_see_them() -> None:
    assert _loaded_by("backup") == "kozel_tutor.app.backup True True"
