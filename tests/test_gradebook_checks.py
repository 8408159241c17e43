"""The gradebook a teacher can trust: answers graded by their cards, namesakes kept apart, one
part per set, files read for what they are (JSON or an Excel table), the list of files read
with a way to take each out, and the whole kept for the session.

Everything is the real thing: results files are written to disk by the student's sheet (or
saved as Excel saves them) and read back; the screens are the app's own.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
from pathlib import Path

import pandas as pd  # type: ignore[import-untyped]
import pytest
from test_teacher import SMALL_POSITION, homework, solve_as

from kozel_tutor.app import App
from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.cards import parse_card
from kozel_tutor.puzzles.model import Puzzle, PuzzleError, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.teacher import (
    ResultsSheet,
    author_puzzle,
    gradebook,
    gradebook_html,
    load_results,
    normalise_student_name,
    percent,
)
from kozel_tutor.puzzles.verify import legal_cards


def _card(puzzle: Puzzle, right: bool) -> str:
    """A card of the puzzle's position: one of its answers, or a legal card that is not."""
    answers = sorted(c.token for c in puzzle.answers)
    return answers[0] if right else next(c.token for c in legal_cards(puzzle.position)
                                         if c not in puzzle.answers)


def _sheet(student: str, puzzle_set: PuzzleSet, plan: str, path: Path) -> Path:
    """``student`` answers the set's first puzzles, ``R`` right and ``W`` wrong, saved to
    ``path`` (JSON or CSV by its name)."""
    sheet = ResultsSheet.for_set(student, puzzle_set, "ru")
    for puzzle, step in zip(puzzle_set.puzzles, plan, strict=False):
        sheet.add(puzzle, _card(puzzle, step == "R"), seconds=3, hints=0)
    sheet.save(path)
    return path


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment)))


def _upload(view: TeacherView, *paths: Path) -> None:
    view.add_results([(path.name, path.read_bytes()) for path in paths])


# -- 1. answers graded by their cards ---------------------------------------------------------

def test_a_file_marking_wrong_cards_right_is_graded_by_the_cards_and_named(
        tmp_path: Path) -> None:
    puzzle_set = homework()
    path = _sheet("Anna", puzzle_set, "RWRW", tmp_path / "anna.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    for row in data["results"]:
        row["correct"] = True   # the student "corrects" the file
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    table, errors = load_results([path])
    assert errors == [] and table["correct"].all()   # the file's word, as read
    book = gradebook(table, sets=[puzzle_set])
    anna = book.sets[0].students.loc["Anna"]
    assert (anna["right"], anna["score"], anna["percent"]) == (2, 50, 50)
    second, fourth = puzzle_set.puzzles[1], puzzle_set.puzzles[3]
    assert [(d.file, d.puzzle, d.claimed) for d in book.disputes] == [
        ("anna.json", second.id, True), ("anna.json", fourth.id, True)]
    russian = _text(gradebook_html(book, "ru"))
    assert (f"anna.json (Anna): задача «2. {second.title.ru}» отмечена как решённая верно, "
            f"но {_label(second, 'ru')} — не её ответ") in russian
    assert "В журнале эти ответы засчитаны по выбранной карте." in russian
    english = _text(gradebook_html(book, "en"))
    assert (f"anna.json (Anna): puzzle “4. {fourth.title.en}” is marked right, but "
            f"{_label(fourth, 'en')} is not its answer") in english

    # the teacher's screen knows the catalogue's puzzles: no set on the screen is needed
    view = TeacherView("en", backend="python")
    _upload(view, path)
    shown = _text(view.grades.value)
    assert "Please check:" in shown and "anna.json (Anna)" in shown
    assert "Anna 4 of 4 0 2 50 50" in shown


def _label(puzzle: Puzzle, lang: str) -> str:
    return parse_card(_card(puzzle, False)).label(lang)


def test_an_answer_is_taken_at_the_files_word_only_where_the_puzzle_is_unknown(
        tmp_path: Path) -> None:
    puzzle_set = homework()
    path = _sheet("Anna", puzzle_set, "W", tmp_path / "anna.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["results"][0]["correct"] = True
    path.write_text(json.dumps(data), encoding="utf-8")
    table, _ = load_results([path])
    unknown = gradebook(table)   # neither the set nor its puzzles given
    assert unknown.sets[0].students.loc["Anna", "right"] == 1 and unknown.disputes == ()
    known = gradebook(table, puzzles=puzzle_set.puzzles)
    assert known.sets[0].students.loc["Anna", "right"] == 0 and len(known.disputes) == 1


# -- 2. namesakes -----------------------------------------------------------------------------

def test_two_students_of_the_same_name_are_kept_apart_and_the_teacher_is_told(
        tmp_path: Path) -> None:
    puzzle_set = homework()
    first = _sheet("Anna", puzzle_set, "RWRW", tmp_path / "anna.json")
    other = _sheet("Anna", puzzle_set, "RRRR", tmp_path / "anna_b.json")
    table, _ = load_results([first, other])
    book = gradebook(table, sets=[puzzle_set])
    students = book.sets[0].students
    assert list(students.index) == ["Anna (2)", "Anna"]
    assert students.loc["Anna (2)", "right"] == 4 and students.loc["Anna", "right"] == 2
    assert [(n.student, n.files, n.shown) for n in book.namesakes] == [
        ("Anna", (("anna.json",), ("anna_b.json",)), ("Anna", "Anna (2)"))]
    assert list(book.files["shown"]) == ["Anna", "Anna (2)"]
    said = _text(gradebook_html(book, "ru"))
    assert ("Разные файлы называют одного ученика «Anna» в наборе «Домашнее задание 1»: "
            "anna.json, anna_b.json. Они показаны отдельно: «Anna», «Anna (2)»") in said
    assert "Different files name the same student “Anna”" in _text(gradebook_html(book, "en"))

    view = TeacherView("ru", backend="python")
    _upload(view, first, other)
    lines = [_text(row.children[0].value).strip() for row in view.files_box.children[1:-1]]
    assert lines[1].startswith("anna_b.json → Anna (2) · набор «Домашнее задание 1»")
    # two Annas' apps name their files alike: both are read, and told apart
    same_name = ResultsSheet.for_set("Anna", puzzle_set).filename()
    view.remove_results()
    view.add_results([(same_name, first.read_bytes()), (same_name, other.read_bytes())])
    lines = [_text(row.children[0].value).strip() for row in view.files_box.children[1:-1]]
    assert [line.split(" · ")[0] for line in lines] == [f"{same_name} → Anna",
                                                        f"{same_name} → Anna (2)"]


def test_a_later_download_and_an_empty_file_of_the_same_student_are_one_student(
        tmp_path: Path) -> None:
    puzzle_set = homework()
    sheet = ResultsSheet.for_set("Anna", puzzle_set, "ru")
    sheet.save(tmp_path / "anna-start.json")   # downloaded before answering
    for puzzle, right in zip(puzzle_set.puzzles, (True, False), strict=False):
        sheet.add(puzzle, _card(puzzle, right), seconds=3, hints=0)
    sheet.save(tmp_path / "anna-1.json")
    sheet.add(puzzle_set.puzzles[2], _card(puzzle_set.puzzles[2], True), seconds=3, hints=0)
    sheet.save(tmp_path / "anna-2.csv")
    table, _ = load_results([tmp_path / name for name in
                             ("anna-start.json", "anna-1.json", "anna-2.csv")])
    book = gradebook(table, sets=[puzzle_set])
    assert book.namesakes == () and list(book.sets[0].students.index) == ["Anna"]
    assert book.sets[0].students.loc["Anna", "puzzles"] == 3


# -- 3 and 4. one part per set ----------------------------------------------------------------

def _two_sets() -> tuple[PuzzleSet, PuzzleSet]:
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    four = sorted((p for p in unique.values() if p.cards == 4), key=lambda p: p.id)
    first = PuzzleSet("hw-1", Text("Домашка 1", "Homework 1"), puzzles=tuple(four[:3]))
    review = PuzzleSet("hw-2", Text("Повторение", "Review"),
                       puzzles=(four[3], first.puzzles[1], four[4]))
    return first, review


def test_a_puzzle_given_again_in_a_later_set_counts_in_each_set(tmp_path: Path) -> None:
    first, review = _two_sets()
    table, _ = load_results([_sheet("Anna", first, "RWR", tmp_path / "a1.json"),
                             _sheet("Anna", review, "RRR", tmp_path / "a2.json")])
    book = gradebook(table, sets=[first, review])
    assert [part.title.en for part in book.sets] == ["Homework 1", "Review"]
    assert book.sets[0].students.loc["Anna", "right"] == 2
    assert book.sets[1].students.loc["Anna", "right"] == 3
    assert book.sets[1].students.loc["Anna", "unanswered"] == 0
    reused = first.puzzles[1].id
    assert book.sets[0].answers.loc["Anna", reused] == False   # noqa: E712 (a pandas boolean)
    assert book.sets[1].answers.loc["Anna", reused] == True    # noqa: E712
    assert book.sets[1].label(reused, "en").startswith("2. ")


def test_each_set_has_its_part_its_title_and_its_csv(tmp_path: Path) -> None:
    first, review = _two_sets()
    view = TeacherView("ru", backend="python")
    view.chosen[:] = list(review.puzzles)
    view.title.value = "Повторение"   # the set on the screen, given out as a file or link
    files = [_sheet("Anna", first, "RWR", tmp_path / "anna.json"),
             _sheet("Boris", first, "RRRR", tmp_path / "boris.csv"),
             _sheet("Dima", view.puzzle_set(), "RWRWR", tmp_path / "dima.json")]
    _upload(view, *files)
    page = view.grades.value
    assert page.count('data-testid="gradebook-set"') == 2
    shown = _text(page)
    assert shown.index("Набор «Повторение»") < shown.index("Набор «Домашка 1»")
    assert "учеников: 2 · задач в наборе: 3" in shown and "Dima 3 из 3" in shown
    assert [_text(row.children[0].value).strip() for row in view.files_box.children[1:-1]] == [
        "anna.json → Anna · набор «Домашка 1» · ответов: 3",
        "boris.csv → Boris · набор «Домашка 1» · ответов: 3",
        "dima.json → Dima · набор «Повторение» · ответов: 3"]

    links = re.findall(r'data-testid="gradebook-csv" download="([^"]+)" '
                       r'href="data:text/csv;charset=utf-8;base64,([^"]+)"', page)
    assert [name for name, _ in links] == ["Повторение — журнал.csv", "Домашка 1 — журнал.csv"]
    text = base64.b64decode(links[1][1]).decode("utf-8-sig")
    grid = pd.read_csv(io.StringIO(text), sep=";", decimal=",", index_col=0)
    assert list(grid.index) == ["Boris", "Anna"]
    assert grid.loc["Anna", "Верно"] == 2 and grid.loc["Anna", "Верно из всего набора, %"] == 67
    assert grid.loc["Anna", "Секунд на задачу (медиана)"] == 3.0
    assert view.book is not None
    part = view.book.part("hw-1")
    assert part is not None
    english = pd.read_csv(io.StringIO(part.to_csv("en")), index_col=0)
    assert english.loc["Anna", "Right"] == 2 and english.filter(like="2. ").iloc[:, 0].to_list() \
        == [1, 0]

    boris = next(n for n, f in enumerate(view.inbox.files) if f.name == "boris.csv")
    view.files_box.children[1 + boris].children[1].click()   # its «Убрать»
    assert "Boris" not in view.grades.value and len(view.inbox.files) == 2
    view.clear_results.click()   # asks first
    view.results_yes.click()
    assert view.inbox.files == [] and view.grades.value == "" and view.files_box.children == ()


# -- 5. a file without answers ----------------------------------------------------------------

def test_a_student_who_sent_no_answers_is_shown_with_nothing_answered(tmp_path: Path) -> None:
    puzzle_set = homework()
    ResultsSheet.for_set("Dasha", puzzle_set, "ru").save(tmp_path / "dasha.json")
    view = TeacherView("ru", backend="python")
    _upload(view, tmp_path / "dasha.json")
    shown = _text(view.grades.value)
    assert "Пока нет результатов" not in shown
    assert "Dasha 0 из 4 4 0 0 — 0 —" in shown
    view.set_lang("en")
    assert "Dasha 0 of 4" in _text(view.grades.value)
    _upload(view, solve_as("Anna", puzzle_set, ["right"] * 4, tmp_path))
    assert list(view.book.sets[0].students.index) == ["Anna", "Dasha"]   # type: ignore[union-attr]


# -- 6. kept for the session ------------------------------------------------------------------

def test_the_gradebook_is_still_there_after_home_and_back(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    app = App(store, warm=False)
    app._open_section("teacher")
    teacher = app.section_widget
    assert isinstance(teacher, TeacherView)
    _upload(teacher, solve_as("Anna", homework(), ["right"] * 4, tmp_path))
    app.show_home()
    app._open_section("teacher")
    again = app.section_widget
    assert again is not teacher and isinstance(again, TeacherView)
    assert 'data-testid="gradebook"' in again.grades.value and "Anna" in again.grades.value
    assert len(again.files_box.children) == 3   # heading, the file, «remove all»
    other = App(Store(tmp_path / "other.sqlite3"), warm=False)   # another session
    other._open_section("teacher")
    assert isinstance(other.section_widget, TeacherView)
    assert other.section_widget.grades.value == ""


def test_the_gradebook_is_still_there_after_a_reload_and_a_file_taken_out_stays_out(
        tmp_path: Path) -> None:
    """A reload (a new kernel: a new store on the same file) finds the files loaded before,
    read again; taking one out, or all of them, is kept too."""
    path = tmp_path / "progress.sqlite3"
    first = TeacherView("en", store=Store(path), backend="python")
    _upload(first, solve_as("Anna", homework(), ["right"] * 4, tmp_path),
            solve_as("Boris", homework(), ["wrong"] * 4, tmp_path))
    first.add_results([("junk.json", b"{not json")])
    reloaded = TeacherView("en", store=Store(path), backend="python")
    assert [f.name for f in reloaded.inbox.files] == [f.name for f in first.inbox.files]
    assert [f.error is None for f in reloaded.inbox.files] == [True, True, False]
    assert "Anna" in reloaded.grades.value and "Boris" in reloaded.grades.value
    reloaded.remove_results(0)
    again = TeacherView("en", store=Store(path), backend="python")
    assert "Anna" not in again.grades.value and "Boris" in again.grades.value
    again.remove_results()
    assert TeacherView("en", store=Store(path), backend="python").grades.value == ""


# -- 7. the title typed is the title downloaded -----------------------------------------------

def test_the_set_file_carries_the_title_at_every_key() -> None:
    view = TeacherView("ru", backend="python")
    view.add_filtered()
    assert view.title.continuous_update
    view.title.value = "Домашка 2 для 5Б"   # as the browser sends it, key by key, no Enter
    link = re.search(r'<a class="kz-download" data-testid="teacher-download" '
                     r'data-title="([^"]*)" onclick="[^"]+" download="([^"]+)" '
                     r'href="data:application/json;base64,([^"]+)"', view.share.value)
    assert link is not None
    assert link.group(1) == "Домашка 2 для 5Б" and link.group(2) == "Домашка 2 для 5Б.json"
    assert json.loads(base64.b64decode(link.group(3)))["title"]["ru"] == "Домашка 2 для 5Б"
    copy = re.search(r'data-testid="teacher-copy" [^>]*data-title="([^"]*)"', view.share.value)
    assert copy is not None and copy.group(1) == "Домашка 2 для 5Б"


# -- 8. bad values and names ------------------------------------------------------------------

@pytest.mark.parametrize(("field", "raw", "en", "ru"), [
    ("hints", "1e400", "row 1: hints must be a whole number from 0 to 10, not inf",
     "в поле hints должно быть целое число от 0 до 10, а не «inf»"),
    ("hints", "Infinity", "hints must be a whole number from 0 to 10, not inf", "«inf»"),
    ("hints", "2.9", "hints must be a whole number from 0 to 10, not 2.9", "а не «2.9»"),
    ("hints", "true", "hints must be a whole number from 0 to 10, not true", "а не «true»"),
    ("seconds", '"12"', 'seconds must be a number from 0 to 999999, not "12"',
     "в поле seconds должно быть число от 0 до 999999"),
    ("puzzle", '{"a": 1}', 'puzzle must be text, not {"a": 1}',
     "в поле puzzle должен быть текст"),
    ("card", '["QC"]', 'card must be text, not ["QC"]', "в поле card должен быть текст"),
])
def test_a_value_of_the_wrong_kind_is_named_and_the_next_files_still_load(
        tmp_path: Path, field: str, raw: str, en: str, ru: str) -> None:
    good = solve_as("Anna", homework(), ["right"] * 4, tmp_path)
    data = json.loads(good.read_text(encoding="utf-8"))
    data["student"] = "Boris"
    data["results"][0][field] = "@@"
    bad = tmp_path / "boris.json"
    bad.write_text(json.dumps(data).replace('"@@"', raw), encoding="utf-8")
    table, errors = load_results([bad, good])
    assert len(table) == 4 and len(errors) == 1
    assert en in str(errors[0]) and ru in errors[0].text("ru")

    view = TeacherView("en", backend="python")
    for path in (bad, good):
        content = path.read_bytes()
        view.upload.receive({"type": "files", "files": [
            {"name": path.name, "size": len(content), "sent": True}]}, [content])
    shown = _text(view.grades.value)
    assert "boris.json: " in shown and "Anna 4 of 4" in shown


def test_a_name_the_student_screen_takes_the_teacher_takes_too(tmp_path: Path) -> None:
    assert normalise_student_name(" Anna\tIvanova \n") == "Anna Ivanova"
    assert normalise_student_name("Иван" * 30) == "Иван" * 20
    assert normalise_student_name("\t\x01 ") == ""
    puzzle_set = homework()
    for name in ("tab.json", "tab.csv"):
        _sheet("Anna\tIvanova", puzzle_set, "R", tmp_path / name)
    table, errors = load_results([tmp_path / "tab.json", tmp_path / "tab.csv"])
    assert errors == [] and set(table["student"]) == {"Anna Ivanova"}
    hand_made = {"format": "kozel-puzzle-results", "version": 1, "student": "Anna\t Ivanova",
                 "set_id": puzzle_set.id, "results": []}
    (tmp_path / "hand.json").write_text(json.dumps(hand_made), encoding="utf-8")
    table, errors = load_results([tmp_path / "hand.json"])
    assert errors == [] and list(table["student"]) == ["Anna Ivanova"]


# -- 9. files read for what they are ----------------------------------------------------------

def _excel(sheet_csv: str, *, encoding: str, sep: str = ";") -> bytes:
    """A results table as Excel saves it: semicolons and decimal commas in Russian, CRLF."""
    frame = pd.read_csv(io.StringIO(sheet_csv), dtype=str, keep_default_na=False)
    frame["seconds"] = frame["seconds"].str.replace(".", ",", regex=False)
    return frame.to_csv(sep=sep, index=False, lineterminator="\r\n").encode(encoding)


def test_results_files_are_read_for_what_they_are_not_for_their_names(tmp_path: Path) -> None:
    puzzle_set = homework()
    anna = _sheet("Anna", puzzle_set, "RRWR", tmp_path / "anna.json")
    boris = _sheet("Борис", puzzle_set, "RWRR", tmp_path / "boris.csv")
    files = {
        "anna_renamed.csv": anna.read_bytes(),
        "boris_renamed.json": boris.read_bytes(),
        "boris_excel.csv": _excel(boris.read_text(encoding="utf-8"), encoding="cp1251"),
        "boris_excel_bom.csv": _excel(boris.read_text(encoding="utf-8"), encoding="utf-8-sig"),
        "boris_unicode.txt": _excel(boris.read_text(encoding="utf-8"), encoding="utf-16",
                                    sep="\t"),
    }
    for name, content in files.items():
        (tmp_path / name).write_bytes(content)
    with pytest.raises(UnicodeDecodeError):
        files["boris_excel.csv"].decode("utf-8")
    table, errors = load_results([tmp_path / name for name in files])
    assert errors == []
    for name in files:
        rows = table[table["file"] == name]
        assert len(rows) == 4, name
        assert set(rows["student"]) == ({"Anna"} if name.startswith("anna") else {"Борис"})
        assert list(rows["seconds"]) == [3.0] * 4
    excel = table[table["file"] == "boris_excel.csv"]
    assert excel["title_ru"].iloc[0] == puzzle_set.puzzles[0].title.ru   # Cyrillic, from cp1251


@pytest.mark.parametrize(("content", "en", "ru"), [
    (b"", "the file is empty", "файл пустой"),
    (b"\xef\xbb\xbf \r\n", "the file is empty", "файл пустой"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00", "this is not a text file",
     "это не текстовый файл (файл результатов — текст в формате JSON или CSV)"),
    ("Дорогая Мария Ивановна, вот мои ответы".encode("cp1251"),
     "this is not a results file from kozel-tutor puzzles",
     "это не файл результатов из задач kozel-tutor"),
    (b"student;set_id;puzzle\r\nAnna;s;p\r\n", "a results CSV needs the columns",
     "в CSV-таблице нужны столбцы"),
    (b"student,set_id,puzzle,card,correct,seconds,hints,at\n", "the table has no rows of answers",
     "в таблице нет ни одной строки с ответами"),
    (b'{"format": "kozel-puzzle-results", "version": 1, "student": "A", "set_id": "s", '
     b'"results": [{"puzzle": "p", "card": "QC", "correct": true, "seconds": 1}]}',
     "row 1 lacks 'hints'", "в строке 1 нет поля hints"),
])
def test_a_file_that_is_not_results_says_why_in_both_languages(
        tmp_path: Path, content: bytes, en: str, ru: str) -> None:
    path = tmp_path / "file.json"
    path.write_bytes(content)
    table, errors = load_results([path])
    assert table.empty and len(errors) == 1
    assert en in errors[0].text("en") and ru in errors[0].text("ru")
    for words in (errors[0].text("en"), errors[0].text("ru")):
        assert "Expecting" not in words and "codec" not in words


# -- 10. a position without a unique best card, in plain English --------------------------------

def test_why_a_position_is_no_puzzle_is_said_in_plain_words_in_english_too() -> None:
    with pytest.raises(PuzzleError) as caught:
        author_puzzle(SMALL_POSITION, backend="python")
    english, russian = caught.value.text("en"), caught.value.text("ru")
    for code in ("max_points", "make_61", "make_90", "save_31", "take_trick", "all_tricks",
                 " | ", "point(s)"):
        assert code not in english, code
    assert "goal “win the deal (61)”: any card reaches it: there is nothing to find" in english
    assert ("goal “as many points as possible”: no card is clearly best: the next one is only "
            "6 points worse (it needs a difference of at least 10 points)") in english
    assert "goal “take a trick”: it only suits a side that has not taken a trick yet" in english
    assert "цель «выиграть раздачу (61)»: её достигает любая карта — искать нечего" in russian
    view = TeacherView("en", backend="python")
    view.position.value = json.dumps(SMALL_POSITION)
    view.author()
    assert "Not added: no unique best card — goal “as many points" in \
        html.unescape(view.author_status.value)


# -- 11. percentages and ranking --------------------------------------------------------------

def test_percentages_round_halves_up_and_the_chart_ranks_by_right_answers_of_the_set(
        tmp_path: Path) -> None:
    assert (percent(5, 8), percent(7, 8), percent(1, 8), percent(2, 3)) == (63, 88, 13, 67)
    unique = {p.id: p for s in load_catalogue() for p in s.puzzles}
    eight = PuzzleSet("eight", Text("Восемь", "Eight"),
                      puzzles=tuple(sorted((p for p in unique.values() if p.cards == 3),
                                           key=lambda p: p.id)[:8]))
    files = [_sheet("Vera", eight, "R", tmp_path / "vera.json"),
             _sheet("Gleb", eight, "RRRRRWWW", tmp_path / "gleb.json"),
             _sheet("Ira", eight, "RRRRRRRW", tmp_path / "ira.json")]
    book = gradebook(load_results(files)[0], sets=[eight])
    students = book.sets[0].students
    assert list(students.index) == ["Ira", "Gleb", "Vera"]
    assert list(students["score"]) == [88, 63, 13] and list(students["percent"]) == [88, 63, 100]
    page = gradebook_html(book, "ru")
    chart = page.split("<svg", 2)[1]
    assert chart.index(">Ira<") < chart.index(">Gleb<") < chart.index(">Vera<")
    assert "Верно из всего набора, % (ученики)" in _text(page)
    table = book.table("students", "ru")
    assert isinstance(table, pd.DataFrame)
    assert table.loc["Gleb", "Верно из отвеченных, %"] == 63
