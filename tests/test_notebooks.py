"""Every notebook in ``notebooks/`` runs top to bottom (nbval in lax mode, in a subprocess).

The same check by hand: ``python -m pytest --nbval-lax notebooks/``.  The notebooks get a
temporary ``KOZEL_TUTOR_HOME`` so running them never touches the learner's own progress.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


def test_the_lesson_notebooks_are_thin_one_per_lesson() -> None:
    import json

    from kozel_tutor.lessons import lesson_ids

    found = sorted(p.stem for p in (NOTEBOOKS / "lessons").glob("*.ipynb"))
    assert found == lesson_ids()
    for name in found:
        cells = json.loads((NOTEBOOKS / "lessons" / f"{name}.ipynb").read_text("utf-8"))["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        assert code == [f'from kozel_tutor.lessons import LessonPlayer\n\nLessonPlayer("{name}")']


@pytest.mark.slow
def test_every_notebook_runs_top_to_bottom(tmp_path: Path) -> None:
    pytest.importorskip("nbval")
    env = {**os.environ, "KOZEL_TUTOR_HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval-lax", "-q", "-p", "no:cacheprovider",
         "-p", "no:xdist", "--rootdir", str(NOTEBOOKS), str(NOTEBOOKS)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "passed" in run.stdout
