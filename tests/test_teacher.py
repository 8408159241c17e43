"""Teacher sets: build → export (file and link) → solve → results files → gradebook.

Everything here is the real thing: the sets are real catalogue puzzles solved by the player with
the solver, results files are written to disk and read back into pandas.
"""

from __future__ import annotations

import base64
import html
import json
import re
import shutil
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import ipywidgets  # type: ignore[import-untyped]
import pandas as pd  # type: ignore[import-untyped]
import pytest

from kozel_tutor.app import App
from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.screens import lang_button
from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.cards import parse_card
from kozel_tutor.puzzles.model import (
    Goal,
    PuzzleError,
    PuzzleSet,
    Text,
    catalogue_dir,
    load_catalogue,
    load_set,
    save_set,
)
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue
from kozel_tutor.puzzles.teacher import (
    EXAMPLE_POSITION,
    Gradebook,
    Note,
    ResultsSheet,
    author_puzzle,
    filter_puzzles,
    gradebook,
    gradebook_html,
    load_results,
    set_from_param,
    set_from_query,
    set_link,
    set_to_param,
)
from kozel_tutor.puzzles.variants import VARIANTS

CATALOGUE = [p for s in load_catalogue() for p in s.puzzles if p.cards <= 4]
SMALL_POSITION = {"hands": {"N": "QC 9S", "E": "JD AH", "S": "TC 7S", "W": "KH 6D"},
                  "leader": "N", "taken": {"NS": [40, 4], "EW": [50, 3]}}


def homework() -> PuzzleSet:
    chosen = filter_puzzles(CATALOGUE, max_rating=1400, cards=(3, 4))[:4]
    assert len(chosen) == 4
    return PuzzleSet("homework-1", Text("Домашнее задание 1", "Homework 1"),
                     Text("Четыре концовки", "Four endings"), tuple(chosen))


def solve_as(student: str, puzzle_set: PuzzleSet, picks: list[str], tmp: Path) -> Path:
    """A student solves the set in the player: ``right`` or ``wrong`` per puzzle."""
    sheet = ResultsSheet(student, puzzle_set.id, puzzle_set.title.en)
    player = PuzzlePlayer(SetQueue(list(puzzle_set.puzzles)), lang="en", sheet=sheet,
                          backend="python")
    for pick in picks:
        puzzle = player.puzzle
        assert puzzle is not None
        legal = player.view()["legal"]
        answers = sorted(c.token for c in puzzle.answers)
        card = answers[0] if pick == "right" else next(c for c in legal if c not in answers)
        if pick == "hint":
            player.handle({"type": "hint"})
            card = answers[0]
        assert player.handle({"type": "play", "card": card})
        assert player.handle({"type": "next"})
    assert player.view()["phase"] == "empty"
    path = tmp / (sheet.filename("csv" if student == "Boris" else "json"))
    sheet.save(path)
    return path


def test_filters_keep_only_matching_puzzles_easiest_first() -> None:
    found = filter_puzzles(CATALOGUE, themes=("ruff_or_not",), max_rating=1500)
    assert found and all("ruff_or_not" in p.themes and p.rating <= 1500 for p in found)
    assert [p.rating for p in found] == sorted(p.rating for p in found)


@pytest.mark.parametrize("variant", ["standard", "classic", "nizhny", "kozly24"])
def test_the_catalogue_filters_by_variant(variant: str) -> None:
    found = filter_puzzles(CATALOGUE, variants=(variant,))
    assert found and all(p.variant == variant for p in found)
    assert all(p.position.rules.name == variant for p in found)
    others = filter_puzzles(CATALOGUE, variants=[v for v in ("standard", "classic", "nizhny",
                                                             "kozly24") if v != variant])
    assert not {p.id for p in found} & {p.id for p in others}
    assert len(found) + len(others) == len({p.id for p in CATALOGUE})


def test_a_set_travels_in_a_binder_link_and_comes_back_whole() -> None:
    puzzle_set = homework()
    link = set_link(puzzle_set, repo="school/kozel-tutor")
    parts = urlsplit(link)
    assert parts.netloc == "mybinder.org" and parts.path == "/v2/gh/school/kozel-tutor/HEAD"
    urlpath = unquote(parts.query.removeprefix("urlpath="))
    assert urlpath.startswith("voila/render/notebooks/app.ipynb?set=")
    assert set_from_query(urlpath.split("?", 1)[1]) == puzzle_set


def test_the_repository_of_the_link_is_configurable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_TUTOR_REPO", "someone/fork")
    assert "/v2/gh/someone/fork/HEAD?" in set_link(homework())
    with pytest.raises(ValueError, match="owner/name"):
        set_link(homework(), repo="not a repo")


@pytest.mark.parametrize(("param", "message"), [
    ("abc$%", "characters that base64 never uses"),
    ("AAAA", "not a compressed set"),
    (base64.urlsafe_b64encode(zlib.compress(b'{"format": "x"}')).decode(), "not a puzzle set"),
])
def test_a_broken_link_is_a_clear_error(param: str, message: str) -> None:
    with pytest.raises(PuzzleError, match=message) as info:
        set_from_param(param)
    assert str(info.value).startswith("link:")


def test_a_cut_link_is_reported_as_cut() -> None:
    param = set_to_param(homework())
    with pytest.raises(PuzzleError, match="cut"):
        set_from_param(param[: len(param) // 2])


def test_a_zip_bomb_in_a_link_is_refused() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000)).decode()
    with pytest.raises(PuzzleError, match="larger than"):
        set_from_param(bomb)


def test_authoring_fills_in_the_answers_or_says_why_not() -> None:
    with pytest.raises(PuzzleError, match="no card is clearly best: the next one is only 6 points"):
        author_puzzle(SMALL_POSITION, backend="python")
    taken_all = {"hands": {"N": "8D 7D", "E": "KS TH 6H", "S": "AC 7H", "W": "AD KD"},
                 "leader": "S", "trick": ["AH", "8H", "KH"], "led": "S",
                 "taken": {"NS": [65, 6], "EW": [0, 0]}}
    puzzle = author_puzzle(taken_all, title=Text("Сберегите десятку", "Keep the ten"),
                           backend="python")
    assert puzzle.goal is Goal.TAKE_TRICK and [c.token for c in puzzle.answers] == ["6H"]
    assert puzzle.title.en == "Keep the ten" and puzzle.source == "authored"
    with pytest.raises(PuzzleError, match="position:"):
        author_puzzle({"hands": {"N": "QC"}}, backend="python")


def test_teacher_round_trip_build_export_solve_results_gradebook(tmp_path: Path) -> None:
    puzzle_set = homework()
    save_set(tmp_path / "homework.json", puzzle_set)
    from_file = load_set(tmp_path / "homework.json")
    param = unquote(set_link(from_file, repo="a/b")).split("?set=", 1)[1]
    from_link = set_from_param(param)
    assert from_file == from_link == puzzle_set

    files = [
        solve_as("Anna", from_link, ["right", "right", "right", "right"], tmp_path),
        solve_as("Boris", from_link, ["wrong", "right", "wrong", "right"], tmp_path),
        solve_as("Vera", from_file, ["hint", "wrong", "right", "right"], tmp_path),
    ]
    assert files[1].suffix == ".csv"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kozel-puzzle-results", "version": 1, "student": "X", '
                   '"set_id": "homework-1", "results": [{"puzzle": "p", "card": "ZZ", '
                   '"correct": true, "seconds": 1, "hints": 0}]}', encoding="utf-8")
    table, errors = load_results([*files, bad])
    assert len(errors) == 1 and "bad.json" in str(errors[0]) and "bad card 'ZZ'" in str(errors[0])
    assert len(table) == 12 and set(table["student"]) == {"Anna", "Boris", "Vera"}

    book = gradebook(table)
    assert book.students.loc["Anna", "percent"] == 100
    assert book.students.loc["Boris", "percent"] == 50
    assert book.students.loc["Vera", "right"] == 3 and book.students.loc["Vera", "hints"] == 1
    first = puzzle_set.puzzles[0].id
    assert book.puzzles.loc[first, "right"] == 2
    assert book.puzzles.loc[first, "common_wrong_card"] != ""
    assert book.sets[0].answers.shape == (3, 4) and book.answers.columns[0] == "set_id"
    html = gradebook_html(book, "ru")
    assert "<svg" in html and "Anna" in html


def test_results_files_record_card_time_and_hints(tmp_path: Path) -> None:
    puzzle_set = homework()
    path = solve_as("Anna", puzzle_set, ["hint", "right", "right", "right"], tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "kozel-puzzle-results" and data["student"] == "Anna"
    row = data["results"][0]
    assert set(row) == {"puzzle", "card", "correct", "seconds", "hints", "at"}
    assert row["hints"] == 1 and row["correct"] is True and row["seconds"] >= 0


@pytest.mark.parametrize(("name", "content", "message"), [
    ("a.json", "[]", "not a results file"),
    ("b.json", "{", "not valid JSON"),
    ("c.csv", "student,puzzle\nA,p\n", "needs the columns"),
    ("d.csv", "student,set_id,puzzle,card,correct,seconds,hints,at\nA,s,p,QC,maybe,1,0,\n",
     "correct must be"),
    ("e.json", '{"format": "kozel-puzzle-results", "version": 1, "student": "", "set_id": "s",'
               ' "results": []}', "the student's name (student) is missing"),
])
def test_a_bad_results_file_is_named_and_the_others_still_load(
        tmp_path: Path, name: str, content: str, message: str) -> None:
    good = solve_as("Anna", homework(), ["right"] * 4, tmp_path)
    bad = tmp_path / name
    bad.write_text(content, encoding="utf-8")
    table, errors = load_results([good, bad])
    assert len(table) == 4
    assert [e.source for e in errors] == [str(bad)] and message in str(errors[0])


def test_the_app_opens_a_set_from_its_link_and_offers_the_results(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    param = set_to_param(homework())
    view = PuzzlesView("en", store, lambda: None, query=f"set={param}", backend="python")
    assert view.screen == "puzzle" and view.widget is not None
    assert view.widget.view["header"]["counter"] == "Puzzle 1 of 4"
    assert "puzzles-name-needed" in view.downloads.value
    view.name.value = "Anna"
    card = view.widget.view["legal"][0]
    assert view.widget.receive({"type": "play", "card": card})
    assert 'download="Anna-homework-1.json"' in view.downloads.value
    payload = view.downloads.value.split("base64,", 1)[1].split('"', 1)[0]
    results = json.loads(base64.b64decode(payload))
    assert results["results"][0]["card"] == card


def test_the_app_reports_a_broken_link_and_shows_the_menu(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("en", store, lambda: None, query="set=AAAA", backend="python")
    assert view.screen == "menu"
    assert "not a compressed set" in view.panel.view["error"]


def test_the_app_refuses_a_bad_set_file_by_name(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = PuzzlesView("en", store, lambda: None, backend="python")
    assert view.open_file("homework.json", b'{"format": "kozel-puzzle-set"}') is None
    assert view.panel.view["error"].startswith("Could not read: homework.json:")


def test_the_teacher_section_builds_shares_and_grades(tmp_path: Path) -> None:
    view = TeacherView("en", backend="python")
    view.cards.value = "3"
    assert view.add_filtered() == view.ADD_AT_ONCE
    assert 'data-testid="teacher-link"' in view.share.value
    view.position.value = json.dumps(SMALL_POSITION)
    assert view.author() is None and "teacher-error" in view.author_status.value
    results = solve_as("Anna", view.puzzle_set(), ["right"] * view.ADD_AT_ONCE, tmp_path)
    view.add_results([(results.name, results.read_bytes()), ("junk.csv", b"nonsense")])
    assert "junk.csv" in view.grades.value and "Anna" in view.grades.value


def test_the_teacher_filters_the_catalogue_by_variant(tmp_path: Path) -> None:
    view = TeacherView("ru", backend="python")
    assert ("Нижегородский", "nizhny") in view.variant.options
    view.variant.value = "nizhny"
    found = view.filtered()
    assert found and all(p.variant == "nizhny" for p in found)
    view.set_lang("en")
    assert view.variant.value == "nizhny" and ("Nizhny Novgorod", "nizhny") in view.variant.options
    view.variant.value = "any"
    assert {p.variant for p in view.filtered()} >= {"standard", "classic", "nizhny", "kozly24"}


# -- the teacher's and the learner's screens speak the chosen language -------------------------

_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_]{2,}")
# Words a Russian message may keep in Latin letters: a file's own column and field names (as the
# teacher sees them in the file), formats, and examples of what to type.
_TECHNICAL = {"student", "set_id", "puzzle", "card", "correct", "seconds", "hints", "results",
              "true", "false", "JSON", "CSV", "UTF", "kozel", "tutor", "owner", "name", "base"}


def _english_left(text: str) -> list[str]:
    """The Latin words of a Russian message outside «quotes», file names, a field's name in
    brackets, a list of the values a field takes, and the technical words above."""
    text = re.sub(r"«[^»]*»", "", text)
    text = re.sub(r"\S+\.(json|csv)\b", "", text)
    text = re.sub(r"\([a-z_]+\)", "", text)
    text = re.sub(r"(можно|есть такие): [^)]*\)", "", text)
    return [w for w in _LATIN_WORD.findall(text) if w not in _TECHNICAL]


def _results_file_errors(tmp_path: Path) -> list[PuzzleError]:
    files = {
        "wrong.csv": "student,puzzle\nA,p\n",
        "set_upload.json": homework().to_json(),
        "broken.json": "{",
        "maybe.csv": "student,set_id,puzzle,card,correct,seconds,hints,at\nA,s,p,QC,maybe,1,0,\n",
        "slow.csv": "student,set_id,puzzle,card,correct,seconds,hints,at\nA,s,p,QC,1,abc,0,\n",
        "noname.json": '{"format": "kozel-puzzle-results", "version": 1, "student": "", '
                       '"set_id": "s", "results": []}',
        "zz.json": '{"format": "kozel-puzzle-results", "version": 1, "student": "X", '
                   '"set_id": "s", "results": [{"puzzle": "p", "card": "ZZ", "correct": true, '
                   '"seconds": 1, "hints": 0}]}',
        "v2.json": '{"format": "kozel-puzzle-results", "version": 2}',
        "lacks.json": '{"format": "kozel-puzzle-results", "version": 1, "student": "X", '
                      '"set_id": "s", "results": [{"puzzle": "p", "card": "QC"}]}',
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    _, errors = load_results([tmp_path / name for name in files] + [tmp_path / "gone.json"])
    assert len(errors) == len(files) + 1
    return errors


def _link_and_position_errors() -> list[PuzzleError]:
    errors = []
    param = set_to_param(homework())
    # cut in half at whole base64 groups: the data decodes, but the set in it is not whole
    for bad in ("abc$%", "AAAA", param[: len(param) // 8 * 4],
                base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000)).decode(),
                base64.urlsafe_b64encode(zlib.compress(b'{"format": "x"}')).decode()):
        with pytest.raises(PuzzleError) as info:
            set_from_param(bad)
        errors.append(info.value)
    with pytest.raises(PuzzleError) as info:
        set_link(homework(), repo="bad repo")
    errors.append(info.value)
    for position in (SMALL_POSITION, {"hands": {"N": "QC"}}, "{bad",
                     {**SMALL_POSITION, "hands": {**SMALL_POSITION["hands"], "N": "9X 9S"}}):
        with pytest.raises(PuzzleError) as info:
            author_puzzle(position, backend="python")
        errors.append(info.value)
    bad_puzzle = {"id": "p 1", "title": {"ru": ""}, "goal": "x", "answers": ["QQ"],
                  "position": {}, "rating": 5, "themes": ["zz"], "hints": 3, "source": 1,
                  "view": "x-ray"}
    for data in ({"format": "kozel-puzzle-set", "version": 3, "id": "s s", "title": 1,
                  "extra": 1, "puzzles": [bad_puzzle, bad_puzzle]},
                 {"format": "kozel-puzzle-set", "version": 1, "id": "s", "title": "T",
                  "puzzles": [homework().puzzles[0].to_dict()] * 2}):
        with pytest.raises(PuzzleError) as info:
            PuzzleSet.from_dict(data, "set.json")
        errors.append(info.value)
    return errors


def test_every_teacher_error_reads_in_russian(tmp_path: Path) -> None:
    errors = _results_file_errors(tmp_path) + _link_and_position_errors()
    for error in errors:
        russian = error.text("ru")
        assert re.search("[а-яё]", russian), russian
        assert _english_left(russian) == [], russian
        assert error.text("en") == str(error)  # the English words stay as they were
    said = {e.problems_text("ru") for e in errors}
    assert "это файл набора задач, а не результаты ученика" in said
    assert ("это некорректный JSON: файл обрывается раньше времени, в строке 1 (может быть, он "
            "сохранился или отправился не целиком?). Попросите ученика скачать результаты ещё раз "
            "и прислать новый файл.") in said
    link = next(e for e in errors if "cut?" in str(e))
    assert link.text("ru") == ("ссылка: набор в ней записан не целиком (ссылку обрезали?). "
                               "Попросите учителя прислать ссылку ещё раз.")
    big = next(e for e in errors if "larger than" in str(e))
    assert big.text("ru") == ("ссылка: набор в ней слишком большой: больше 2\u00a0000\u00a0000 "
                              "байт. Попросите учителя прислать ссылку ещё раз.")


def test_the_teacher_and_puzzle_screens_show_their_errors_in_russian(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = TeacherView("ru", backend="python")
    view.position.value = json.dumps({**SMALL_POSITION,
                                      "hands": {**SMALL_POSITION["hands"], "N": "9X 9S"}})
    assert view.author() is None
    assert "Не добавлено: позиция: в руке С (N) непонятная карта «9X»" in \
        view.author_status.value
    view.add_filtered()
    view.repo.value = "bad repo"
    assert ">Репозиторий «bad repo» записывается как владелец/название" in view.share.value
    errors = _results_file_errors(tmp_path)
    view.add_results([(Path(e.source or "").name, Path(e.source or "").read_bytes())
                      for e in errors if Path(e.source or "").exists()])
    shown = re.sub(r"<[^>]+>", " ", view.grades.value.split('class="kz-gradebook', 1)[0])
    assert "wrong.csv: это не файл результатов" in html.unescape(shown)
    assert _english_left(html.unescape(shown)) == []

    puzzles = PuzzlesView("ru", store, lambda: None, query="set=AAAA", backend="python")
    assert puzzles.panel.view["error"] == ("Не удалось прочитать: ссылка: в ней нет сжатого "
                                           "набора задач (ссылку обрезали или изменили?). "
                                           "Попросите учителя прислать ссылку ещё раз.")
    puzzles.open_file("homework.json", b'{"format": "kozel-puzzle-set"}')
    assert puzzles.panel.view["error"].startswith("Не удалось прочитать: homework.json: ")
    assert _english_left(puzzles.panel.view["error"]) == []
    puzzles.set_lang("en")
    assert puzzles.panel.view["error"].startswith("Could not read: homework.json: unsupported")


def _graded(tmp_path: Path) -> tuple[PuzzleSet, Gradebook]:
    puzzle_set = homework()
    files = [solve_as("Anna", puzzle_set, ["right", "wrong", "right", "right"], tmp_path),
             solve_as("Boris", puzzle_set, ["wrong", "wrong", "right", "right"], tmp_path)]
    table, errors = load_results(files)
    assert errors == []
    return puzzle_set, gradebook(table, sets=[puzzle_set])


def test_gradebook_headers_and_cards_follow_the_language(tmp_path: Path) -> None:
    puzzle_set, book = _graded(tmp_path)
    first, second = puzzle_set.puzzles[:2]
    wrong = parse_card(str(book.puzzles.loc[second.id, "common_wrong_card"]))
    for lang, student, header, title in (
            ("ru", "Ученик", "Верно из отвеченных, %", second.title.ru),
            ("en", "Student", "Right of answered, %", second.title.en)):
        students = book.table("students", lang)
        assert isinstance(students, pd.DataFrame)
        assert students.index.name == student and header in students.columns
        assert not {"puzzles", "right", "hints", "seconds", "percent"} & set(students.columns)
        puzzles = book.table("puzzles", lang)
        assert isinstance(puzzles, pd.DataFrame)
        assert f"2. {title}" in puzzles.index and second.id not in puzzles.index
        assert "common_wrong_card" not in puzzles.columns
        assert wrong.label(lang) in set(puzzles.iloc[:, -1])  # 7♥ / Т♠, not 7H
        answers = book.table("answers", lang)
        assert isinstance(answers, pd.DataFrame)
        assert list(answers.columns)[:2] == [book.label(first.id, lang), f"2. {title}"]
        assert set(answers.loc["Anna"]) <= {"✓", "✗"}
        page = gradebook_html(book, lang)
        assert title in page and wrong.label(lang) in page and student in page
        for word in ("common_wrong_card", "percent", ">students<", second.id, f">{wrong.token}<"):
            assert word not in page
    assert book.students.loc["Boris", "percent"] == 50  # the data stays as it was
    assert set(book.puzzles.columns) >= {"students", "right", "percent", "common_wrong_card"}


def test_gradebook_counts_unanswered_puzzles(tmp_path: Path) -> None:
    puzzle_set = homework()
    sheet = ResultsSheet.for_set("Anna", puzzle_set, "ru")
    sheet.add(puzzle_set.puzzles[0], sorted(c.token for c in puzzle_set.puzzles[0].answers)[0],
              seconds=3, hints=0)
    sheet.save(tmp_path / "anna.json")
    sheet.student = "Boris"
    sheet.save(tmp_path / "boris.csv")
    full = solve_as("Vera", puzzle_set, ["right"] * 4, tmp_path)
    table, errors = load_results([tmp_path / "anna.json", tmp_path / "boris.csv"])
    assert errors == []
    book = gradebook(table)  # only the files say that the set has 4 puzzles
    for name in ("Anna", "Boris"):
        assert book.students.loc[name, "puzzles"] == 1
        assert book.students.loc[name, "total"] == 4
        assert book.students.loc[name, "unanswered"] == 3
        assert book.students.loc[name, "percent"] == 100
    students = book.table("students", "ru")
    assert isinstance(students, pd.DataFrame)
    assert students.loc["Anna", "Ответил"] == "1 из 4" and students.loc["Anna", "Не ответил"] == 3
    assert book.table("students", "en").loc["Boris", "Answered"] == "1 of 4"  # type: ignore[union-attr]
    # Older files do not name the set's puzzles: the set given out does.
    old = pd.concat([load_results([full])[0],
                     table[table["student"] == "Anna"].assign(number=0, total=0, title_ru="",
                                                              title_en="")])
    book = gradebook(old, sets=[puzzle_set])
    assert book.students.loc["Anna", "unanswered"] == 3 and book.students.loc["Vera", "total"] == 4
    assert book.puzzles.loc[puzzle_set.puzzles[3].id, "unanswered"] == 1
    assert "1 из 4" in gradebook_html(book, "ru")


def test_without_results_the_gradebook_says_so_in_words() -> None:
    book = gradebook(load_results([])[0])
    for which in ("students", "puzzles", "answers"):
        note = book.table(which, "ru")
        assert isinstance(note, Note) and repr(note).startswith("Пока нет результатов")
        assert "Empty DataFrame" not in repr(note) and "<p" in note._repr_html_()
    assert "No results yet" in gradebook_html(book, "en")


def test_a_puzzle_can_be_removed_from_the_set(tmp_path: Path) -> None:
    view = TeacherView("ru", backend="python")
    view.variant.value = "any"
    view.add_filtered()
    chosen = list(view.chosen)
    assert len(view.items.children) == len(chosen) == view.ADD_AT_ONCE
    for number, (row, puzzle) in enumerate(zip(view.items.children, chosen, strict=True), 1):
        label, button = row.children
        assert f'data-puzzle="{puzzle.id}"' in label.value and f"<b>{number}.</b>" in label.value
        variant = VARIANTS[puzzle.variant].ru
        assert f"вариант: {variant}" in label.value and f"рейтинг {puzzle.rating}" in label.value
        assert button.description == f"Убрать №{number}"   # each named with its puzzle
        assert button.tooltip == f"Убрать из набора задачу №{number} «{puzzle.title.ru}»"
    assert {p.variant for p in chosen} > {"standard"}  # «любая»: the list says which each is
    view.items.children[1].children[1].click()
    assert view.chosen == [chosen[0], *chosen[2:]]
    assert len(view.items.children) == len(chosen) - 1
    assert "<b>2.</b>" in view.items.children[1].children[0].value
    assert f'data-puzzle="{chosen[2].id}"' in view.items.children[1].children[0].value
    assert f"В наборе задач: {len(chosen) - 1}" in view.count.value
    link = unquote(view.share.value.split('data-testid="teacher-link"', 1)[1]
                   .split('href="', 1)[1].split('"', 1)[0])
    shared = set_from_param(html.unescape(link).split("?set=", 1)[1])
    assert [p.id for p in shared.puzzles] == [p.id for p in view.chosen]
    assert view.remove("no-such-puzzle") is False


def _download_name(view: TeacherView) -> str:
    return html.unescape(view.share.value.split('download="', 1)[1].split('"', 1)[0])


def test_the_set_file_is_named_after_its_title(tmp_path: Path) -> None:
    view = TeacherView("ru", backend="python")
    view.cards.value = "3"
    view.add_filtered()
    view.title.value = "Домашка 7: взятки/козыри?"
    assert _download_name(view) == "Домашка 7 взятки козыри.json"
    view.title.value = "  "
    assert _download_name(view) == f"{view.puzzle_set().id}.json"
    view.title.value = "???"
    assert _download_name(view) == f"{view.puzzle_set().id}.json"
    view.title.value = "<b>Test</b> & \"co\""
    assert _download_name(view) == "b Test b co.json"


def _visible_words(view: TeacherView) -> str:
    """Every word the teacher's screen shows (the typed title and student names aside)."""
    parts = [view.header.view["title"], view.header.view["subtitle"],
             *(b["label"] for b in view.header.view["toolbar"])]
    for widget in (view.found, view.author_status, view.count, view.share, view.grades,
                   view.own, view.help, view.goal_hint, view.pick_help, view.preview,
                   view.clear_question,
                   *(c for c in view.children if getattr(c, "key", None))):
        parts.append(re.sub(r"<[^>]+>", " ", widget.value))
    parts += re.findall(r'(?:aria-label|data-done)="([^"]*)"', view.share.value)
    for control in (view.theme, view.difficulty, view.cards, view.variant, view.goal):
        parts += [control.description, *(label for label, _ in control.options)]
    parts += [label for label, _ in view.pick.options]
    parts += [view.pick.description, view.toggle.description, view.toggle.tooltip,
              view.clear.tooltip, view.clear_yes.description, view.clear_no.description,
              view.title.description, view.repo.description, view.position.description]
    parts += [view.add.description, view.clear.description, view.check.description,
              view.example.description, view.example.tooltip,
              view.position.placeholder, view.title.placeholder, view.repo.placeholder,
              view.upload.description]
    for row in (*view.items.children, *view.files_box.children[1:-1]):
        label, button = row.children
        parts += [re.sub(r"<[^>]+>", " ", label.value), button.description, button.tooltip]
    if view.files_box.children:
        parts += [re.sub(r"<[^>]+>", " ", view.files_box.children[0].value),
                  view.clear_results.description, view.clear_results.tooltip]
    return html.unescape(" ".join(parts))


def test_the_teacher_screen_switches_language(tmp_path: Path) -> None:
    view = TeacherView("ru", lambda: None, backend="python")
    toolbar = view.header.view["toolbar"]
    assert [b["testid"] for b in toolbar] == ["teacher-home", "lang"]
    assert toolbar[-1]["label"] == "English"
    view.cards.value = "3"
    view.add_filtered()
    view.position.value = json.dumps(SMALL_POSITION)
    view.author()
    view.title.value = "Homework 5"   # the set's title is the teacher's words, in any language
    results = solve_as("Anna", view.puzzle_set(), ["wrong"] + ["right"] * 9, tmp_path)
    view.add_results([(results.name, results.read_bytes()), ("junk.csv", b"nonsense")])
    view.ask_clear()   # the question before clearing speaks the language too
    russian = _visible_words(view)
    assert "Ученик" in russian and "Убрать" in russian and "нет единственной" in russian

    view.header.receive({"type": "button", "id": "lang"})
    assert view.lang == "en" and view.header.lang == "en"
    english = _visible_words(view)
    assert re.findall("[А-Яа-яЁё]+", english.replace("Русский", "")) == []
    assert "Student" in english and "Remove" in english and "no unique best card" in english
    assert view.header.view["toolbar"][-1]["label"] == "Русский"
    view.header.receive({"type": "button", "id": "lang"})
    assert _visible_words(view) == russian


def test_the_language_switch_of_a_section_switches_the_whole_app(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    app = App(store, warm=False)
    assert app.lang == "ru"
    app._open_section("teacher")
    teacher = app.section_widget
    assert isinstance(teacher, TeacherView)
    teacher.header.receive({"type": "button", "id": "lang"})
    assert app.lang == teacher.lang == "en" and store.get_pref("lang") == "en"
    assert teacher.header.view["title"] == "For teachers: puzzle sets"
    app.show_home()
    assert app.home.view["toolbar"][0]["label"] == "Русский"

    app._open_section("puzzles")
    puzzles = app.section_widget
    assert isinstance(puzzles, PuzzlesView)
    assert puzzles.panel.view["toolbar"][-1] == lang_button("en")
    assert puzzles.panel.view["toolbar"][-1]["label"] == "Русский"
    puzzles.panel.receive({"type": "button", "id": "lang"})
    assert app.lang == puzzles.lang == "ru" and puzzles.panel.view["title"] == "Задачи"
    puzzles.open_set(homework())
    assert puzzles.bar.view["title"] == "Домашнее задание 1"
    assert [b["testid"] for b in puzzles.bar.view["toolbar"]] == ["puzzles-back", "lang"]
    puzzles.bar.receive({"type": "button", "id": "lang"})
    assert app.lang == "en" and puzzles.bar.view["title"] == "Homework 1"
    assert puzzles.widget is not None and puzzles.widget.view["lang"] == "en"
    assert puzzles.bar.view["toolbar"][0]["label"] == "← Puzzles"
    puzzles.bar.receive({"type": "button", "id": "menu"})
    assert puzzles.screen == "menu" and puzzles.panel.view["title"] == "Puzzles"


def test_the_puzzles_screen_switches_language_on_its_own(tmp_path: Path) -> None:
    view = PuzzlesView("ru", Store(tmp_path / "progress.sqlite3"), lambda: None,
                       backend="python")
    assert "lang" in {b["id"] for b in view.panel.view["toolbar"]}
    view.panel.receive({"type": "button", "id": "lang"})
    assert view.lang == "en" and view.panel.view["title"] == "Puzzles"
    view.show_dashboard()
    assert view.bar.view["title"] == "Puzzle statistics"
    view.bar.receive({"type": "button", "id": "lang"})
    assert view.bar.view["title"] == "Статистика задач" and view.lang == "ru"


def test_a_number_of_thousands_of_digits_is_a_named_problem_in_every_file_and_link(
        tmp_path: Path) -> None:
    huge = '{"format": "kozel-puzzle-set", "version": ' + "9" * 5000 + "}"
    words = ("a number has too many digits", "в числе слишком много цифр")
    with pytest.raises(PuzzleError) as in_file:
        PuzzleSet.from_json(huge, "set.json")
    link = base64.urlsafe_b64encode(zlib.compress(huge.encode())).decode().rstrip("=")
    with pytest.raises(PuzzleError) as in_link:
        set_from_param(link)
    for error in (in_file.value, in_link.value):
        assert words[0] in error.text("en") and words[1] in error.text("ru")
    results = tmp_path / "anna.json"
    results.write_text(huge.replace("kozel-puzzle-set", "kozel-puzzle-results"), "utf-8")
    good = tmp_path / "boris.json"
    sheet = ResultsSheet("Boris", "homework-1", "Homework")
    puzzle = load_catalogue()[0].puzzles[0]
    sheet.add(puzzle, next(iter(puzzle.answers)).token, seconds=5, hints=0)
    good.write_text(sheet.to_json(), "utf-8")
    table, errors = load_results([results, good])
    assert len(errors) == 1 and words[0] in errors[0].text("en")
    assert list(table["student"]) == ["Boris"], "the rest of the gradebook still loads"


def test_a_damaged_catalogue_file_is_named_on_the_teacher_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copytree(catalogue_dir(), tmp_path / "puzzles")
    (tmp_path / "puzzles" / "sets" / "broken.json").write_text("{", "utf-8")
    monkeypatch.setenv("KOZEL_PUZZLES", str(tmp_path / "puzzles"))
    view = TeacherView("ru", backend="python")
    assert view.header.view["error"].startswith("Часть задач не загрузилась: ")
    assert "broken.json" in view.header.view["error"]
    assert view.catalogue, "the other files still load"


# -- the teacher's own position, the link, the results' words, the look -----------------------

_NO_COMMA = EXAMPLE_POSITION.replace('"QC KS 6H",', '"QC KS 6H"')


def test_a_position_that_is_not_json_is_named_in_words_with_the_place() -> None:
    with pytest.raises(PuzzleError) as info:
        author_puzzle(_NO_COMMA, backend="python")
    english, russian = info.value.text("en"), info.value.text("ru")
    assert english == ('the position is not written correctly: a comma is missing before ▸. '
                       'Line 6, character 5: "N": "QC KS 6H" ▸"E": "6S TD 7D",')
    assert russian == ('позиция записана с ошибкой: перед ▸ не хватает запятой. Строка 6, '
                       'символ 5: «"N": "QC KS 6H" ▸"E": "6S TD 7D",»')
    with pytest.raises(PuzzleError) as info:
        author_puzzle('{“hands”: {}}', backend="python")
    assert "straight quotation marks" in info.value.text("en")
    assert "кавычки нужны прямые" in info.value.text("ru")
    for text in ('{"leader": "S",}', '{"leader" "S"}', '{"leader": "S', "{} {}", "[1,]"):
        with pytest.raises(PuzzleError) as info:
            author_puzzle(text, backend="python")
        for lang in ("en", "ru"):
            words = info.value.text(lang)
            assert "▸" in words and "Expecting" not in words and "JSON" not in words, words


def test_the_screen_names_a_badly_written_position_for_people() -> None:
    view = TeacherView("en", backend="python")
    view.position.value = _NO_COMMA
    assert view.author() is None
    shown = html.unescape(view.author_status.value)
    assert "Not added: the position is not written correctly: a comma is missing" in shown
    assert "Expecting" not in shown and "not valid JSON" not in shown
    view.set_lang("ru")
    assert "Не добавлено: позиция записана с ошибкой: перед ▸ не хватает запятой" in \
        html.unescape(view.author_status.value)


def test_the_teacher_starts_from_an_example_and_can_read_the_format() -> None:
    assert author_puzzle(EXAMPLE_POSITION, backend="python").answers, "the example is a puzzle"
    view = TeacherView("en", backend="python")
    assert "RULES.md" not in view.position.placeholder
    assert "Start from the example" in view.position.placeholder
    assert view.example.description == "Start from the example"
    view.example.click()
    assert view.position.value == EXAMPLE_POSITION
    puzzle = view.author()
    assert puzzle is not None and view.chosen == [puzzle]
    assert "Added: " in view.author_status.value
    for lang, words in (("en", ["How to write a position", "hands", "leader", "trick", "taken",
                                "trump", "ten of clubs", "120"]),
                        ("ru", ["Как записать позицию", "hands", "leader", "trick", "taken",
                                "десятка треф", "120"])):
        view.set_lang(lang)
        assert all(word in view.help.value for word in words), lang
        assert "<details" in view.help.value and "RULES.md" not in view.help.value
    assert view.example.description == "Начать с примера"


def test_the_same_position_is_not_added_twice() -> None:
    view = TeacherView("en", backend="python")
    view.use_example()
    assert view.author() is not None
    assert view.author() is None and len(view.chosen) == 1
    assert "already in the set (puzzle 1)" in view.author_status.value


def test_a_catalogue_position_written_by_the_teacher_is_not_added_again() -> None:
    """The set holds each puzzle once, by id: the teacher's copy of a catalogue position is
    that puzzle, though it is not the catalogue's copy (its source, its words)."""
    view = TeacherView("en", backend="python")
    view.cards.value = "3"
    puzzle = view.filtered()[0]
    view.position.value = json.dumps(puzzle.position.to_dict())
    view.goal.value = puzzle.goal.value
    own = view.author()
    assert own is not None and own.id == puzzle.id and own != puzzle
    matching = len(view.filtered())
    assert view.found.value == f"Matching puzzles: {matching}, not yet in the set: {matching - 1}."
    view.add_filtered()
    ids = [p.id for p in view.chosen]
    assert len(ids) == len(set(ids)) == 1 + view.ADD_AT_ONCE
    assert len(PuzzleSet.from_json(view.puzzle_set().to_json()).puzzles) == len(ids)


def test_an_old_verdict_on_a_position_goes_when_things_change() -> None:
    view = TeacherView("en", backend="python")

    def rejected() -> None:
        view.position.value = "{bad"
        assert view.author() is None and "teacher-error" in view.author_status.value

    rejected()
    view.set_lang("ru")   # the same verdict, in the other language
    assert "Не добавлено" in view.author_status.value
    view.set_lang("en")
    view.position.value = ""
    assert view.author_status.value == ""
    rejected()
    view.add_filtered()
    assert view.author_status.value == ""
    rejected()
    view.goal.value = Goal.TAKE_TRICK.value
    assert view.author_status.value == ""
    rejected()
    view.remove(view.chosen[0].id)
    assert view.author_status.value == ""
    rejected()
    view.clear_set()
    assert view.author_status.value == ""
    view.use_example()
    view.goal.value = "auto"
    assert view.author() is not None and "Added: " in view.author_status.value
    view.position.value += " "   # changing the position: the verdict was on the old one
    assert view.author_status.value == ""


def test_the_goal_choices_say_what_they_mean() -> None:
    for lang, auto, goal in (("en", "Any: the solver picks a goal with one best card",
                              "Student's goal"),
                             ("ru", "Любая: решатель выберет цель, где есть одна лучшая карта",
                              "Цель ученика")):
        view = TeacherView(lang, backend="python")
        labels = [label for label, _ in view.goal.options]
        assert labels[0] == auto and view.goal.value == "auto"
        assert labels[1:] == [g.text(lang).rstrip(".") for g in Goal]
        assert view.goal.description == goal
        assert "find one" not in labels and "подобрать" not in labels
        assert view.goal_hint.value


def test_the_whole_binder_link_can_be_seen_and_copied() -> None:
    view = TeacherView("en", backend="python")
    view.cards.value = "3"
    view.add_filtered()
    link = set_link(view.puzzle_set())
    shown = view.share.value
    field = shown.split('data-testid="teacher-link-text"', 1)[1].split(">", 1)[1]
    assert html.unescape(field.split("</textarea>", 1)[0]) == link
    assert "readonly" in shown.split('data-testid="teacher-link-text"', 1)[0].rsplit("<", 1)[1]
    assert f'href="{html.escape(link)}"' in shown and "…</a>" not in shown
    assert 'data-testid="teacher-copy"' in shown and ">Copy the link</button>" in shown
    assert 'data-done="Copied ✓"' in shown   # what the button says once it has copied
    view.set_lang("ru")
    assert ">Копировать ссылку</button>" in view.share.value
    assert 'data-done="Скопировано ✓"' in view.share.value


def test_the_results_say_rightly_what_was_read(tmp_path: Path) -> None:
    view = TeacherView("en", backend="python")
    view.add_results([("bad.json", b'{"format": "something else"}')])
    shown = html.unescape(view.grades.value)
    assert "No file could be read:" in shown
    assert "bad.json: this is not a results file from kozel-tutor puzzles" in shown
    assert "format must be" not in shown and "kozel-puzzle-results" not in shown
    assert "the others are in the gradebook" not in shown and "No results yet" not in shown
    view.set_lang("ru")
    shown = html.unescape(view.grades.value)
    assert "Ни один файл не прочитан:" in shown and "остальные" not in shown
    assert "bad.json: это не файл результатов из задач kozel-tutor" in shown

    empty = ResultsSheet.for_set("Vera", homework())   # read, but not a single answer in it
    view.add_results([("vera.json", empty.to_json().encode())])
    shown = html.unescape(view.grades.value)
    assert "Эти файлы не прочитаны (остальные — в журнале ниже):" in shown
    assert "Пока нет результатов" not in shown and "Vera" in shown and "0 из 4" in shown

    good = solve_as("Anna", homework(), ["right"] * 4, tmp_path)
    view.add_results([(good.name, good.read_bytes())])
    view.set_lang("en")
    shown = html.unescape(view.grades.value)
    assert "These files were not read (the others are in the gradebook below):" in shown
    assert 'data-testid="gradebook"' in shown and "No results yet" not in shown


def _buttons(widget: Any) -> list[Any]:
    found = [widget] if isinstance(widget, ipywidgets.Button) else []
    for child in getattr(widget, "children", ()):
        found += _buttons(child)
    return found


def test_the_teacher_buttons_wear_the_apps_look() -> None:
    view = TeacherView("en", backend="python")
    view.cards.value = "3"
    view.add_filtered()
    buttons = _buttons(view)
    assert len(buttons) >= 4 + view.ADD_AT_ONCE   # add, clear, example, check, the removes
    for button in buttons:
        assert "kz-wbtn" in button._dom_classes and button.button_style == "", button.description
    assert "kz-wbtn-primary" in view.add._dom_classes
    assert "kz-wbtn-primary" in view.check._dom_classes
    assert 'class="kz-download"' in view.share.value
    assert "kz-page-header" in view.header._dom_classes
