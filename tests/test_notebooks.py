"""Every notebook in ``notebooks/`` runs top to bottom (nbval in lax mode, in a subprocess).

The same check by hand: ``python -m pytest --nbval-lax notebooks/``.  The notebooks get a
temporary ``KOZEL_TUTOR_HOME`` so running them never touches the learner's own progress.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.app.texts import text

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
ALL_NOTEBOOKS = sorted(NOTEBOOKS.glob("**/*.ipynb"))
JUPYTERLAB_ONLY = "kozel-jupyterlab-only"


def cells(path: Path) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))["cells"]
    return found


def source(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def test_the_lesson_notebooks_are_thin_one_per_lesson() -> None:
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


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=lambda p: p.relative_to(NOTEBOOKS).as_posix())
def test_every_notebook_says_how_to_run_it_before_its_first_code_cell(path: Path) -> None:
    found = cells(path)
    first_code = next(i for i, cell in enumerate(found) if cell["cell_type"] == "code")
    words = "\n".join(source(cell) for cell in found[:first_code])
    assert "**▶ " in words
    assert "Shift+Enter" in words
    assert "щёлкните" in words and "click" in words
    assert "кнопку ▶ на панели над блокнотом" in words
    assert "the ▶ button on the toolbar above the notebook" in words


def test_the_app_notebooks_run_instruction_is_left_out_of_the_voila_page() -> None:
    """Voila shows markdown cells: the words for JupyterLab are in the cell the app page hides
    (rendered here with nbconvert's lab template, which Voila's lab template extends)."""
    import nbformat
    from nbconvert import HTMLExporter

    path = NOTEBOOKS / "app.ipynb"
    markdown = [cell for cell in cells(path) if cell["cell_type"] == "markdown"]
    assert all(cell["metadata"].get("tags") == [JUPYTERLAB_ONLY] for cell in markdown)
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(
        nbformat.read(path, as_version=4))
    [shown] = [chunk for chunk in body.split('<div class="jp-Cell ')[1:] if "Shift+Enter" in chunk]
    assert f"celltag_{JUPYTERLAB_ONLY}" in shown
    template = ROOT / "share" / "jupyter" / "voila" / "templates" / "kozel" / "index.html.j2"
    hidden = rf"\.jp-Cell:has\(\.celltag_{JUPYTERLAB_ONLY}\)[^{{]*\{{\s*display:\s*none;"
    assert re.search(hidden, template.read_text("utf-8"))


def test_the_play_notebook_imports_in_a_cell_of_its_own() -> None:
    """Running the cell with play() again (Run All the next day) only calls play(), which shows
    the unfinished match again (tests/test_app_notebook.py)."""
    code = [source(cell) for cell in cells(NOTEBOOKS / "play.ipynb")
            if cell["cell_type"] == "code"]
    assert code[0] == "from kozel_tutor.app.notebook import play, results, resume, review_last_deal"
    assert code[1] == 'play("easy")'
    assert all("import" not in cell for cell in code[1:])


def test_the_play_notebook_seats_the_players_where_the_table_shows_them() -> None:
    intro = source(cells(NOTEBOOKS / "play.ipynb")[0])
    grid = (ROOT / "kozel_tutor" / "widgets" / "table.css").read_text("utf-8")
    assert '"west center east"' in grid   # West on the learner's left, East on the right
    west, east = (text(f"seat_{seat}", "ru") for seat in "WE")
    assert f"{west} — слева, {east} — справа" in intro
    west, east = (text(f"seat_{seat}", "en") for seat in "WE")
    assert f"{west} on your left and {east} on your right" in intro


def test_the_teacher_notebooks_link_names_the_repository_of_kozel_tutor_repo(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the teacher's notebook as JupyterLab would (a kernel of its own) with
    ``KOZEL_TUTOR_REPO`` set: the Binder link it prints opens that repository."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(NOTEBOOKS / "teacher.ipynb", as_version=4)
    # the kernel starts with this process's environment
    monkeypatch.setenv("KOZEL_TUTOR_REPO", "school-7/kozel-tutor")
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path))
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    [share] = [cell for cell in notebook.cells if "set_link" in cell.source]
    printed = "".join(output.get("text", "") for output in share.outputs)
    assert "https://mybinder.org/v2/gh/school-7/kozel-tutor/HEAD?urlpath=" in printed
