"""Every notebook in ``notebooks/`` runs top to bottom (nbval in lax mode, in a subprocess).

The same check by hand: ``python -m pytest --nbval-lax notebooks/``.  The notebooks get a
temporary ``KOZEL_TUTOR_HOME`` so running them never touches the learner's own progress.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import unquote

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
    """Each opens its lesson in the notebooks' language (tests/test_notebook_languages.py)."""
    from kozel_tutor.lessons import lesson_ids

    found = sorted(p.stem for p in (NOTEBOOKS / "lessons").glob("*.ipynb"))
    assert found == lesson_ids()
    for name in found:
        cells = json.loads((NOTEBOOKS / "lessons" / f"{name}.ipynb").read_text("utf-8"))["cells"]
        code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
        assert code == [f'from kozel_tutor.app.notebook import lesson\n\nlesson("{name}")']


@pytest.mark.parametrize("path", sorted((NOTEBOOKS / "lessons").glob("*.ipynb")),
                         ids=lambda p: p.stem)
def test_a_lesson_notebook_names_the_language_button_whichever_language_it_opens_in(
        path: Path) -> None:
    """The lesson opens in the language last used in a notebook, so its button reads «English»
    or «Русский»: the words name both, in both languages, and say the choice is kept."""
    from kozel_tutor.lessons.player import LABELS

    intro = source(cells(path)[0])
    ru, en = LABELS["lang"].ru, LABELS["lang"].en
    assert f"кнопка справа вверху («{ru}» или «{en}») переключает язык" in intro
    assert f"the button at the top right («{ru}» or «{en}») switches it" in intro
    assert "в последний раз занимались в блокнотах" in intro
    assert "you last used in the notebooks" in intro


def test_the_puzzles_notebook_says_how_to_choose_the_language_and_that_a_set_goes_on() -> None:
    intro = source(cells(NOTEBOOKS / "puzzles.ipynb")[0])
    for call in ('play("beginner-path", "en")', 'play("beginner-path", "ru")',
                 'dashboard("en")', 'dashboard("ru")'):
        assert f"`{call}`" in intro
    assert "— по-английски" in intro and "for English" in intro
    assert "продолжится с первой задачи без ответа" in intro
    assert "goes on from its first puzzle without an answer" in intro


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


_CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё]{2,}")
_LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")


def _prose(text: str) -> str:
    """Markdown without its code (`…`), which is the same in both languages."""
    return re.sub(r"`[^`]*`", " ", text)


def test_the_teacher_notebook_explains_everything_in_russian_and_in_english() -> None:
    for cell in cells(NOTEBOOKS / "teacher.ipynb"):
        if cell["cell_type"] != "markdown":
            continue
        text = source(cell)
        headings = [line for line in text.splitlines() if line.startswith("#")]
        assert all(" · " in line for line in headings), headings   # «Журнал · Gradebook»
        paragraphs = [_prose(line) for line in text.splitlines()
                      if line.strip() and not line.startswith("#")]
        russian = [p for p in paragraphs if len(_CYRILLIC_WORD.findall(p)) >= 8]
        english = [p for p in paragraphs
                   if len(_LATIN_WORD.findall(p)) >= 8 and not _CYRILLIC_WORD.search(p)]
        assert russian and english, text[:200]


def test_the_teacher_notebook_points_to_the_positions_doc_and_says_its_two_ways_are_apart() -> None:
    found = cells(NOTEBOOKS / "teacher.ipynb")
    words = "\n".join(source(cell) for cell in found if cell["cell_type"] == "markdown")
    assert "RULES.md" not in words and "docs/positions.md" in words
    assert "hands" in words and "leader" in words and "taken" in words   # explained inline
    intro = source(found[0])
    assert "не связаны" in intro and "not connected" in intro
    assert "tools above" not in words and "teacher_tools" not in words
    assert "tools.puzzle_set()" in words and "tools.book" in words
    assert "teacher-files/results" in words   # where the students' files go, in words
    code = "\n".join(source(cell) for cell in found if cell["cell_type"] == "code")
    assert "link[:" not in code and "workspace(Path.cwd())" in code


def _stale_answer(folder: Path) -> None:
    """Boris's results file for the notebook's set: a wrong card marked right."""
    from kozel_tutor.puzzles import PuzzleSet, Text, load_catalogue, teacher

    catalogue = [p for s in load_catalogue() for p in s.puzzles]
    puzzle = teacher.filter_puzzles(catalogue, themes=["feed_partner", "cheap_discard"],
                                    max_rating=1300, cards=[3, 4])[0]
    sheet = teacher.ResultsSheet.for_set("Boris", PuzzleSet("homework-1", Text("", ""),
                                                            puzzles=(puzzle,)))
    wrong = next(c.token for c in puzzle.position.hands[puzzle.seat] if c not in puzzle.answers)
    sheet.rows.append(teacher.ResultRow(puzzle.id, wrong, True, 9.0, 0, "2025-01-20T10:00:00"))
    (folder / "teacher-files" / "results").mkdir(parents=True)
    sheet.save(folder / "teacher-files" / "results" / "boris.json")


def test_the_teacher_notebook_runs_in_a_visible_folder_and_shows_the_whole_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the teacher's notebook as JupyterLab would (a kernel of its own, in the notebook's
    folder) with ``KOZEL_TUTOR_REPO`` set: its files go to ``teacher-files/`` there, the Binder
    link it shows is whole and opens that repository, its listing keeps to the standard game,
    and a results file put in ``teacher-files/results`` is graded by its cards."""
    import nbformat
    from nbclient import NotebookClient

    from kozel_tutor.puzzles.teacher import set_from_param

    notebook = nbformat.read(NOTEBOOKS / "teacher.ipynb", as_version=4)
    # the kernel starts with this process's environment
    monkeypatch.setenv("KOZEL_TUTOR_REPO", "school-7/kozel-tutor")
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path / "home"))
    folder = tmp_path / "notebooks"
    _stale_answer(folder)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(folder)}}).execute()

    def shown(marker: str) -> str:
        [cell] = [cell for cell in notebook.cells if marker in cell.source]
        return "".join(output.get("data", {}).get("text/html", "") + output.get("text", "")
                       for output in cell.outputs)

    # the set's id, and its file's name, made from its puzzles (handout_set)
    [set_file] = (folder / "teacher-files").glob("set-*.json")
    share = shown("share_set(")
    field = share.split('data-testid="teacher-link-text"', 1)[1].split(">", 1)[1]
    link = html.unescape(field.split("</textarea>", 1)[0])
    assert link.startswith("https://mybinder.org/v2/gh/school-7/kozel-tutor/HEAD?urlpath=")
    assert f"Символов в ссылке: {len(link)}." in share and "Копировать ссылку" in share
    assert f"Файл набора сохранён: teacher-files/{set_file.name}" in share
    assert len(set_from_param(unquote(link).split("?set=", 1)[1]).puzzles) == 7
    listing = shown("filter_puzzles(")
    assert "<th>Вариант</th>" in listing and "Обычный" in listing
    assert not any(name in listing
                   for name in ("Нижегородский", "Классический", "Козёл на 24 картах"))
    book = shown("gradebook_html(")
    assert "boris.json (Boris)" in book and "отмечена как решённая верно" in book


def test_a_lesson_notebook_opens_in_the_notebooks_language_and_says_what_it_is_in_text(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run a lesson notebook in a kernel of its own, after English was chosen at the notebook's
    table: the lesson is in English, and the saved output carries the widget and a line of text
    for front ends without widgets (not ``<… object at 0x…>``)."""
    import nbformat
    from nbclient import NotebookClient

    from kozel_tutor.app.notebook import LANG_PREF, NOTEBOOK_SLOT
    from kozel_tutor.app.store import Store
    from kozel_tutor.widgets.lesson import LessonWidget

    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path))   # the kernel starts with it
    Store(slot=NOTEBOOK_SLOT).set_pref(LANG_PREF, "en")
    notebook = nbformat.read(NOTEBOOKS / "lessons" / "01_table.ipynb", as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    [output] = notebook.cells[1].outputs
    assert output["data"]["text/plain"] == " · ".join(LessonWidget.OFFLINE)
    model = output["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
    states = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    view = states[model]["state"]["view"]
    assert view["lang"] == "en" and view["labels"]["lang"] == "Русский"
