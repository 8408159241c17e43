"""One place says where the learner's files live (:mod:`kozel_tutor.data_home`): the app's
store, lesson progress and the puzzle record open the same progress file, and no other module
asks the environment or ``platformdirs`` for the folder."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kozel_tutor
from kozel_tutor.app.store import DB_NAME, Store, data_dir
from kozel_tutor.data_home import progress_file
from kozel_tutor.lessons.progress import LessonProgress
from kozel_tutor.puzzles.progress import Progress

PACKAGE = Path(kozel_tutor.__file__).parent


def test_the_store_lessons_and_puzzles_keep_progress_in_one_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path / "home"))
    assert progress_file() == data_dir() / DB_NAME == tmp_path / "home" / "progress.sqlite3"
    assert Store().path == LessonProgress.open_default().path == Progress().path == progress_file()


def imports_platformdirs(node: ast.AST) -> bool:
    if isinstance(node, ast.Import):
        return any(alias.name == "platformdirs" for alias in node.names)
    return isinstance(node, ast.ImportFrom) and node.module == "platformdirs"


def reads_kozel_tutor_home(node: ast.AST) -> bool:
    """``environ.get("KOZEL_TUTOR_HOME")``, ``getenv(...)``, ``environ["KOZEL_TUTOR_HOME"]``."""
    keys = (node.args if isinstance(node, ast.Call)
            else [node.slice] if isinstance(node, ast.Subscript) else [])
    return any(isinstance(key, ast.Constant) and key.value == "KOZEL_TUTOR_HOME" for key in keys)


def reads_the_data_folder(path: Path) -> list[int]:
    """Lines of ``path`` that import ``platformdirs`` or read ``$KOZEL_TUTOR_HOME``."""
    return [node.lineno for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.stmt | ast.expr)
            and (imports_platformdirs(node) or reads_kozel_tutor_home(node))]


def test_only_data_home_decides_where_the_data_folder_is() -> None:
    readers = {str(path.relative_to(PACKAGE.parent)): lines
               for path in sorted(PACKAGE.rglob("*.py"))
               if (lines := reads_the_data_folder(path))}
    assert readers.keys() == {"kozel_tutor/data_home.py"}, readers
