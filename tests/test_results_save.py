"""A results file saved from Python is the file the app's download gives: the CSV in the
learner's language, in UTF-8 with a BOM so that Excel reads the Cyrillic, and the teacher reads
it back either way."""

from __future__ import annotations

import base64
import csv
import io
from pathlib import Path

import pytest

from kozel_tutor.puzzles.model import Puzzle, PuzzleSet, load_catalogue
from kozel_tutor.puzzles.player import results_download
from kozel_tutor.puzzles.results import ResultsSheet, read_results

SET: PuzzleSet = next(s for s in load_catalogue() if len(s.puzzles) >= 2)


def _right(puzzle: Puzzle) -> str:
    return min(c.token for c in puzzle.answers)


def _sheet() -> ResultsSheet:
    sheet = ResultsSheet.for_set("Аня", SET, "ru")
    sheet.add(SET.puzzles[0], _right(SET.puzzles[0]), seconds=12.34, hints=1)
    sheet.add(SET.puzzles[1], _right(SET.puzzles[1]), seconds=3, hints=0)
    return sheet


def _downloaded(sheet: ResultsSheet, kind: str, lang: str) -> bytes:
    link = results_download(sheet, kind, lang)
    return base64.b64decode(link["href"].split("base64,", 1)[1])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_saved_csv_is_the_downloaded_csv_in_the_learners_language(
        tmp_path: Path, lang: str) -> None:
    sheet = _sheet()
    path = tmp_path / "anya.csv"
    sheet.save(path, lang=lang)
    written = path.read_bytes()
    assert written == _downloaded(sheet, "csv", lang)
    assert written.startswith(b"\xef\xbb\xbf"), "Excel needs the BOM to read Cyrillic"
    rows = list(csv.reader(io.StringIO(written.decode("utf-8-sig")),
                           delimiter=";" if lang == "ru" else ","))
    assert rows[1][0] == "Аня"
    assert [row[5] for row in rows[1:]] == (["12,3", "3,0"] if lang == "ru" else ["12.3", "3.0"])
    back = read_results(path)
    assert list(back["student"]) == ["Аня", "Аня"] and list(back["seconds"]) == [12.3, 3.0]


def test_a_csv_saved_without_a_language_still_opens_in_excel(tmp_path: Path) -> None:
    path = tmp_path / "anya.csv"
    _sheet().save(path)
    assert path.read_bytes().startswith(b"\xef\xbb\xbfstudent,"), "UTF-8 said so, in English"


def test_a_saved_json_is_the_downloaded_json(tmp_path: Path) -> None:
    sheet = _sheet()
    path = tmp_path / "anya.json"
    sheet.save(path, lang="ru")
    assert path.read_bytes() == _downloaded(sheet, "json", "ru")
    assert list(read_results(path)["hints"]) == [1, 0]


def test_a_results_file_is_json_or_csv() -> None:
    with pytest.raises(ValueError, match="json or csv"):
        _sheet().file_bytes("xlsx")
