"""The tags of the app's own JSON files live in :mod:`kozel_tutor.formats` alone: each file the
app writes carries its tag from there, and a reader tells every kind of file by those tags
(a student who opens a backup copy where a puzzle set was wanted is told what it is)."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

import kozel_tutor.formats
from kozel_tutor.app import backup_format, session
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import Store
from kozel_tutor.formats import FILE_HEADS
from kozel_tutor.puzzles import model, results, teacher
from kozel_tutor.puzzles.model import file_kind, load_catalogue, save_set
from kozel_tutor.puzzles.results import ResultsSheet
from kozel_tutor.puzzles.texts import FILE_KINDS

TABLE_KINDS = {"results_csv", "gradebook"}
"""The kinds of file told by a CSV table's header (``table_kind``), not by a JSON tag."""


def written_files(folder: Path) -> dict[str, Path]:
    """One file of each kind, written by the app's own code."""
    puzzle_set = load_catalogue()[0]
    files = {kind: folder / f"{kind}.json" for kind in ("set", "results", "backup", "game")}
    save_set(files["set"], puzzle_set)
    ResultsSheet.for_set("Аня", puzzle_set).save(files["results"])
    backup_format.write_backup(Store(folder / "progress.sqlite3"), files["backup"])
    game = MatchSession(Settings(level="random"), rng=random.Random(1)).to_json()
    files["game"].write_text(json.dumps(game), "utf-8")
    return files


def test_every_json_file_kind_the_app_names_has_its_tags_in_formats() -> None:
    named = {kind for kind in FILE_KINDS if not kind.startswith("want_")} - TABLE_KINDS
    assert set(FILE_HEADS) == named


@pytest.mark.parametrize("kind", sorted(FILE_HEADS))
def test_a_document_with_only_a_kinds_tags_is_told_as_that_kind(kind: str) -> None:
    assert file_kind(dict(FILE_HEADS[kind], version=1)) == kind


def test_every_file_the_app_writes_is_told_by_the_tags_in_formats(tmp_path: Path) -> None:
    for kind, path in written_files(tmp_path).items():
        data = json.loads(path.read_text("utf-8"))
        assert file_kind(data) == kind, path.name
        assert data.items() >= FILE_HEADS[kind].items(), path.name


def test_the_modules_that_named_a_tag_still_name_the_one_in_formats() -> None:
    tags = kozel_tutor.formats
    assert model.FORMAT == tags.PUZZLE_SET_FORMAT == "kozel-puzzle-set"
    assert (model.RESULTS_FORMAT == results.RESULTS_FORMAT == teacher.RESULTS_FORMAT
            == tags.RESULTS_FORMAT == "kozel-puzzle-results")
    assert (backup_format.APP, backup_format.KIND) == (tags.BACKUP_APP, tags.BACKUP_KIND)
    assert session.SAVE_FORMAT == tags.SAVE_FORMAT == "kozel-tutor/match"


def test_formats_imports_nothing_from_the_package_so_every_layer_can_use_it() -> None:
    tree = ast.parse(Path(kozel_tutor.formats.__file__).read_text("utf-8"))
    imported = [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]
    assert all(isinstance(node, ast.ImportFrom) and node.module == "__future__"
               for node in imported)


def test_each_format_tag_is_written_in_the_code_once_in_formats() -> None:
    """(The backup's ``app`` and ``kind``, «kozel-tutor» and «progress», are common words.)"""
    package = Path(kozel_tutor.formats.__file__).parent
    tags = {head["format"] for head in FILE_HEADS.values() if "format" in head}
    holders: dict[str, list[str]] = {tag: [] for tag in tags}
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and node.value in tags:
                holders[node.value].append(path.relative_to(package).as_posix())
    assert holders == {tag: ["formats.py"] for tag in tags}
