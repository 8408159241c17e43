"""A wrong file is named for what it is, and the message says what to do.

A student opening a set (Puzzles → "Open a set file") and a teacher loading results files are
given every kind of file the app itself writes — results (JSON and Excel's CSV), a gradebook
CSV, a progress backup, a saved game — and the files a person or a program spoils: empty, cut
short, re-saved by Windows Notepad in Windows-1251, curled quotes by Word, a typo.  Every file
here is made by the app's own code (a real store, a real sheet, a real gradebook) and read by
the app's own screens.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from base64 import urlsafe_b64encode
from pathlib import Path

import pytest
from test_teacher import homework

from kozel_tutor.app.backup import export_progress
from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.session import MatchSession, Settings
from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import PuzzleError, PuzzleSet, load_set
from kozel_tutor.puzzles.teacher import (
    ResultsSheet,
    gradebook,
    load_results,
    set_from_param,
)

OPEN_SET = ("Open the puzzle set file your teacher sent.",
            "Откройте файл набора задач, который прислал учитель.")
SET_AGAIN = ("Ask your teacher to send the set file again.",
             "Попросите учителя прислать файл набора ещё раз.")
RESULTS_AGAIN = ("Ask the student to download the results again and send the new file.",
                 "Попросите ученика скачать результаты ещё раз и прислать новый файл.")


def _sheet(student: str = "Anna") -> ResultsSheet:
    puzzle_set = homework()
    sheet = ResultsSheet.for_set(student, puzzle_set, "ru")
    for puzzle in puzzle_set.puzzles:
        sheet.add(puzzle, sorted(c.token for c in puzzle.answers)[0], seconds=3.1, hints=0)
    return sheet


def _excel_csv(sheet: ResultsSheet) -> bytes:
    """The sheet's CSV as Russian Excel saves it: semicolons, Windows-1251."""
    return sheet.to_csv().replace(",", ";").encode("cp1251")


def _apps_files(tmp_path: Path) -> dict[str, tuple[bytes, str, str]]:
    """Each of the app's own files that is not a set: its bytes and how it is named."""
    sheet = _sheet()
    book = gradebook(load_results([("anna.json", sheet.to_json().encode())])[0],
                     sets=[homework()])
    game = MatchSession(Settings(level="random"), rng=random.Random(7)).to_json()
    return {
        "Anna-homework-1.json": (sheet.to_json().encode(), "this is a student's results file",
                                 "это файл результатов ученика,"),
        "Anna-homework-1.csv": (_excel_csv(sheet),
                                "this is a student's results file (a CSV table)",
                                "это файл результатов ученика (CSV-таблица)"),
        "Домашнее задание 1 — журнал.csv": (
            book.sets[0].to_csv("ru").encode("utf-8-sig"), "this is a teacher's gradebook",
            "это журнал учителя"),
        "kozel-progress.json": (export_progress(Store(tmp_path / "progress.sqlite3")),
                                "this is a kozel-tutor progress backup",
                                "это резервная копия прогресса kozel-tutor"),
        "match.json": (json.dumps(game).encode(), "this is a saved kozel-tutor game",
                       "это сохранённая партия kozel-tutor"),
    }


def _open_in_puzzles(tmp_path: Path, lang: str, name: str, content: bytes) -> str:
    """The error line of the Puzzles screen after opening the file ``name``."""
    view = PuzzlesView(lang, Store(tmp_path / f"student-{lang}.sqlite3"), lambda: None,
                       backend="python")
    assert view.open_file(name, content) is None
    return str(view.panel.view["error"])


# -- the student opening a set file ----------------------------------------------------------

def test_the_apps_other_files_are_named_and_the_student_told_to_open_the_set(
        tmp_path: Path) -> None:
    for name, (content, en, ru) in _apps_files(tmp_path).items():
        english = _open_in_puzzles(tmp_path, "en", name, content)
        russian = _open_in_puzzles(tmp_path, "ru", name, content)
        assert english.startswith(f"Could not read: {name}: {en}"), english
        assert "not a puzzle set. " + OPEN_SET[0] in english
        assert russian.startswith(f"Не удалось прочитать: {name}: {ru}"), russian
        assert "а не набор задач. " + OPEN_SET[1] in russian
        for words in (english, russian):
            assert "format" not in words and "JSON" not in words and "UTF-8" not in words


@pytest.mark.parametrize(("content", "en", "ru"), [
    (b"", "the file is empty", "файл пустой"),
    (b"\xef\xbb\xbf\r\n", "the file is empty", "файл пустой"),
])
def test_an_empty_set_file_is_called_empty(tmp_path: Path, content: bytes, en: str,
                                           ru: str) -> None:
    assert _open_in_puzzles(tmp_path, "en", "homework.json", content) == \
        f"Could not read: homework.json: {en}. {SET_AGAIN[0]}"
    assert _open_in_puzzles(tmp_path, "ru", "homework.json", content) == \
        f"Не удалось прочитать: homework.json: {ru}. {SET_AGAIN[1]}"


def test_a_set_resaved_in_windows_1251_opens_as_it_was(tmp_path: Path) -> None:
    puzzle_set = homework()
    # as Notepad saves it in "ANSI" on a Russian Windows (♣ and the like become "?")
    resaved = puzzle_set.to_json().encode("cp1251", errors="replace")
    with pytest.raises(UnicodeDecodeError):
        resaved.decode("utf-8")
    opened = PuzzleSet.from_json(resaved, "Домашка.json")
    assert opened.id == puzzle_set.id and opened.title == puzzle_set.title
    assert [p.id for p in opened.puzzles] == [p.id for p in puzzle_set.puzzles]
    assert [p.title for p in opened.puzzles] == [p.title for p in puzzle_set.puzzles]
    view = PuzzlesView("ru", Store(tmp_path / "progress.sqlite3"), lambda: None,
                       backend="python")
    assert view.open_file("Домашка.json", resaved) is not None
    assert view.playing is not None and view.playing.id == puzzle_set.id


def test_a_picture_is_not_a_text_file(tmp_path: Path) -> None:
    shown = _open_in_puzzles(tmp_path, "ru", "фото.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert shown == ("Не удалось прочитать: фото.png: это не текстовый файл (файл набора задач "
                     "— текст в формате JSON). " + OPEN_SET[1])


def test_curled_quotes_are_explained(tmp_path: Path) -> None:
    text = homework().to_json()
    curled = re.sub(r'"([^"\n]*)"', r"“\1”", text)   # as Word's AutoFormat types them
    english = _open_in_puzzles(tmp_path, "en", "homework.json", curled.encode())
    russian = _open_in_puzzles(tmp_path, "ru", "homework.json", curled.encode())
    assert ("a typographic quotation mark “ at line 2, column 2: JSON needs straight quotes \""
            in english) and english.endswith(SET_AGAIN[0])
    assert ("в строке 2, символ 2, типографская кавычка “, а нужны прямые \" (так их меняет "
            "текстовый редактор вроде Word)") in russian and russian.endswith(SET_AGAIN[1])
    assert "Expecting" not in english


def test_a_cut_file_and_a_typo_say_where_and_what_to_do(tmp_path: Path) -> None:
    text = homework().to_json()
    cut = text[: len(text) // 2].encode()
    russian = _open_in_puzzles(tmp_path, "ru", "homework.json", cut)
    assert "файл обрывается раньше времени" in russian and russian.endswith(SET_AGAIN[1])
    english = _open_in_puzzles(tmp_path, "en", "homework.json", cut)
    assert "the file ends early" in english and english.endswith(SET_AGAIN[0])

    answer = re.search(r'"answers": \[\n\s*"(\w+)"', text)
    assert answer is not None
    typo = (text[:answer.end(1)] + text[answer.end(1) + 1:]).encode()   # the closing quote lost
    english = _open_in_puzzles(tmp_path, "en", "homework.json", typo)
    russian = _open_in_puzzles(tmp_path, "ru", "homework.json", typo)
    line = text[:answer.start(1)].count("\n") + 1
    assert ("not valid JSON: a quotation mark is not closed before the end of the line "
            f"(line {line}, column") in english
    assert "at at" not in english and english.endswith(SET_AGAIN[0])
    assert f"кавычка не закрыта до конца строки (строка {line}, символ" in russian
    assert "управляющий" not in russian and russian.endswith(SET_AGAIN[1])


def test_a_link_to_another_file_asks_for_the_link_again() -> None:
    packed = zlib.compress(_sheet().to_json().encode())
    with pytest.raises(PuzzleError) as info:
        set_from_param(urlsafe_b64encode(packed).decode().rstrip("="))
    assert info.value.text("ru") == ("ссылка: это файл результатов ученика, а не набор задач. "
                                     "Попросите учителя прислать ссылку ещё раз.")
    assert str(info.value).endswith("Ask your teacher to send the link again.")


def test_a_teachers_own_file_is_named_without_advice_for_students(tmp_path: Path) -> None:
    path = tmp_path / "homework.json"
    path.write_bytes(_sheet().to_json().encode())
    with pytest.raises(PuzzleError) as info:
        load_set(path)
    assert info.value.text("ru") == f"{path}: это файл результатов ученика, а не набор задач"


# -- the teacher loading results files -------------------------------------------------------

def test_the_teacher_is_told_what_each_of_the_apps_files_is(tmp_path: Path) -> None:
    files = {name: content for name, (content, _, _) in _apps_files(tmp_path).items()
             if name not in ("Anna-homework-1.json", "Anna-homework-1.csv")}
    files["homework.json"] = homework().to_json().encode()
    _, errors = load_results(list(files.items()))
    said = {error.source: (str(error), error.text("ru")) for error in errors}
    assert said == {
        "Домашнее задание 1 — журнал.csv": (
            "Домашнее задание 1 — журнал.csv: this is a teacher's gradebook (the CSV table "
            "downloaded under the gradebook), not a student's results file",
            "Домашнее задание 1 — журнал.csv: это журнал учителя (CSV-таблица, которую "
            "скачивают под журналом), а не файл результатов ученика"),
        "kozel-progress.json": (
            "kozel-progress.json: this is a kozel-tutor progress backup, not a student's "
            "results file",
            "kozel-progress.json: это резервная копия прогресса kozel-tutor, а не файл "
            "результатов ученика"),
        "match.json": ("match.json: this is a saved kozel-tutor game, not a student's results "
                       "file",
                       "match.json: это сохранённая партия kozel-tutor, а не файл результатов "
                       "ученика"),
        "homework.json": ("homework.json: this is a puzzle set file, not a student's results "
                          "file",
                          "homework.json: это файл набора задач, а не результаты ученика"),
    }


def test_a_hand_edited_results_file_asks_for_the_file_again(tmp_path: Path) -> None:
    edited = _sheet().to_json().replace('"hints": 0', '"hints": 0,', 1)
    _, errors = load_results([("anna.json", edited.encode())])
    assert len(errors) == 1
    assert errors[0].problems_text("ru").endswith(". " + RESULTS_AGAIN[1])
    assert errors[0].problems_text("ru").startswith("это некорректный JSON: нет имени поля в "
                                                    "двойных кавычках или перед ним лишняя "
                                                    "запятая (строка ")
    assert str(errors[0]).endswith(". " + RESULTS_AGAIN[0])

    view = TeacherView("ru", backend="python")
    view.add_results([("anna.json", edited.encode()), ("empty.csv", b"")])
    shown = view.grades.value
    assert "anna.json: это некорректный JSON" in shown and RESULTS_AGAIN[1] in shown
    assert f"empty.csv: файл пустой. {RESULTS_AGAIN[1]}" in shown


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "файл слишком большой: 9 МБ, а можно не больше 8 МБ"),
    ("en", "too large (9 MB; at most 8 MB)"),
])
def test_a_file_too_large_to_send_is_measured_in_megabytes(lang: str, words: str) -> None:
    view = TeacherView(lang, backend="python")
    assert view.upload.max_bytes == 8 * 1024 * 1024
    view.upload.receive({"type": "files", "files": [
        {"name": "big.json", "size": 9_437_229, "sent": False}]}, [])
    assert f"big.json: {words}" in view.grades.value
    assert "байт" not in view.grades.value and "bytes" not in view.grades.value
