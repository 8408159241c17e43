"""The notebooks under JupyterLab, the file button and the teacher's screen, as a review found
them: keys a widget names that JupyterLab took for its own shortcuts, a puzzle widget showing a
rating another widget had moved, a screen reader's words left in Russian after «English», the
gradebook's medians rounded half down, a Russian table note that did not say Т is the ace, the
teacher's lists without the app's focus ring and their choices in small letters, a seat named
two ways in one set file's errors, and the student's Russian CSV in commas that Excel in Russian
reads as one column.  (In a real browser: tests/browser/test_lab_keys_browser.py and
tests/browser/test_file_button_focus_browser.py.)"""

from __future__ import annotations

import base64
import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pandas as pd  # type: ignore[import-untyped]
import pytest

from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import Puzzle, PuzzleError, PuzzleSet, Text, load_catalogue
from kozel_tutor.puzzles.notebook import play
from kozel_tutor.puzzles.player import PuzzlePlayer, SetQueue, results_download
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.puzzles.teacher import (
    ResultsSheet,
    gradebook,
    gradebook_html,
    read_results,
    results_table,
)
from kozel_tutor.widgets import PanelWidget
from kozel_tutor.widgets._assets import asset, esm
from kozel_tutor.widgets.puzzle import PuzzleWidget

ROOT = Path(__file__).resolve().parents[1]
UNIQUE = {p.id: p for s in load_catalogue() for p in s.puzzles}
ENDINGS = sorted((p for p in UNIQUE.values() if p.cards == 3 and p.variant == "standard"),
                 key=lambda p: p.id)
LAB_MARK = "data-lm-suppress-shortcuts"


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path))
    return tmp_path


def _right(puzzle: Puzzle) -> str:
    return min(c.token for c in puzzle.answers)


def _wrong(puzzle: Puzzle) -> str:
    return next(c.token for c in puzzle.position.to_state().legal_plays()
                if c not in puzzle.answers)


# -- A: the keys a widget names stay the widget's in JupyterLab -----------------------------------

@pytest.mark.parametrize("widget", ["lesson.js", "puzzle.js", "table.js", "panel.js"])
def test_each_widget_marks_the_target_of_a_plain_key_so_jupyterlab_skips_its_shortcuts(
        widget: str) -> None:
    """Lab matches a shortcut from the focused element up, so the mark must be on the key's
    own target, put there (or taken off) before the key reaches the page: a capturing listener
    on the widget's root; with Ctrl, Alt, Cmd, or Shift+Enter the key is still Lab's."""
    code = esm(widget)
    guard = re.search(r"function keepKeyFromLab\(e\) \{(.*?)\n\}", code, re.S)
    assert guard is not None
    body = guard.group(1)
    assert 'root.addEventListener("keydown", keepKeyFromLab, true);' in code   # capturing
    assert f'e.target.toggleAttribute("{LAB_MARK}", !lab)' in body
    assert 'e.ctrlKey || e.altKey || e.metaKey || (e.shiftKey && e.key === "Enter")' in body
    assert code.count("keysStayHere(root);") == 1
    # written once, in the helpers every widget's module starts with
    assert code.count("function keysStayHere(") == 1 and "function keysStayHere(" in asset("dom.js")


def test_the_teacher_screen_marks_the_target_of_a_plain_key_so_jupyterlab_skips_its_shortcuts(
) -> None:
    """The screen is plain ipywidgets: its voice (an anywidget, on the page once) marks the
    target of a key pressed anywhere on the screen with the widgets' one function."""
    view = TeacherView("ru", backend="python")
    assert view.live in view.children and view.live.keys_of == ".kz-teacher"
    assert "kz-teacher" in view._dom_classes
    code = asset("live_status.js")
    assert 'e.target.closest(screen)' in code and "keepKeyFromLab(e);" in code
    assert 'document.addEventListener("keydown", keys, true);' in code   # capturing
    assert 'document.removeEventListener("keydown", keys, true);' in code
    helpers = asset("dom.js")
    assert helpers.count("function keepKeyFromLab(") == 1
    assert 'root.addEventListener("keydown", keepKeyFromLab, true);' in helpers
    assert not any("onerror" in getattr(c, "value", "") for c in view.children)


# -- B: every puzzle widget shows the rating as it is now -----------------------------------------

def test_a_second_puzzle_widget_shows_the_rating_an_answer_in_the_first_has_moved(
        home: Path) -> None:
    first, second = play("beginner-path", "ru"), play("fight-for-31")
    assert second.view["header"]["rating"] == "Ваш рейтинг 1500"
    assert first.receive({"type": "play", "card": _wrong(first.player.puzzle)})
    now = round(Progress().learner_rating().rating)
    assert now < 1500
    assert first.view["header"]["rating"] == second.view["header"]["rating"] == \
        f"Ваш рейтинг {now}"
    # its own first answer starts from there
    assert second.receive({"type": "play", "card": _right(second.player.puzzle)})
    assert second.view["note"].startswith(f"Рейтинг: {now} → ")


def test_a_player_reads_the_ratings_again_and_redraws_only_when_they_moved(
        tmp_path: Path) -> None:
    progress = Progress(tmp_path / "p.sqlite3")
    one, other = ENDINGS[0], ENDINGS[1]
    here = PuzzlePlayer(SetQueue([one]), lang="en", backend="python", progress=progress)
    there = PuzzlePlayer(SetQueue([one, other]), lang="en", backend="python", progress=progress)
    redrawn: list[int] = []
    here.on_change(lambda: redrawn.append(1))
    recorded: list[int] = []
    there.on_record(lambda: recorded.append(1))
    here.reread_ratings()
    assert not redrawn   # nothing moved
    before = here.view()
    assert before["hint_button"] == "" or "rating will not change" not in before["hint_button"]
    there.handle({"type": "play", "card": _wrong(one)})   # the same puzzle, elsewhere
    assert recorded == [1]
    here.reread_ratings()
    assert redrawn == [1]
    view = here.view()
    assert view["header"]["rating"] == f"Your rating {round(progress.learner_rating().rating)}"
    assert view["header"]["difficulty"] == \
        f"Difficulty {round(progress.puzzle_rating(one).rating)}"
    assert here.attempt is not None and not here.attempt.rates   # just tried: not rated now


# -- C: the screen reader hears the puzzle in the language chosen ---------------------------------

def test_the_widgets_language_button_has_the_puzzle_said_again_once_in_that_language(
        home: Path) -> None:
    first, second = play("beginner-path", "ru"), play("fight-for-31")
    count, other = first.view["spoken"]["count"], second.view["spoken"]["count"]
    assert first.receive({"type": "lang", "lang": "en"})
    spoken = first.view["spoken"]
    assert spoken["count"] == count + 1 and first.view["lang"] == "en"
    assert spoken["text"].startswith(first.view["header"]["title"])
    assert "Trumps: " in spoken["text"] and not re.search("[а-яё]", spoken["text"], re.I)
    # the other widgets of the notebook switch without a word: one voice says it
    assert second.view["lang"] == "en" and second.view["spoken"]["count"] == other


def test_the_puzzle_widget_marks_each_line_it_says_with_its_language() -> None:
    code = esm("puzzle.js")
    assert "spoken.tell(view.spoken.count, () => view.spoken.text, view.lang)" in code
    assert "say(lineSaid(line, from, shownCards), view.lang)" in code


def test_a_language_switch_in_the_app_has_the_puzzle_said_again() -> None:
    widget = PuzzleWidget(PuzzlePlayer(SetQueue(ENDINGS[:1]), lang="ru", backend="python"))
    count = widget.view["spoken"]["count"]
    widget.set_lang("en")
    assert widget.view["spoken"]["count"] == count + 1
    assert "Trumps: " in widget.view["spoken"]["text"]


# -- D: the gradebook rounds a half up -------------------------------------------------------------

SET = PuzzleSet("half-up", Text("Домашка", "Homework"), puzzles=tuple(ENDINGS[:2]))


def _file(name: str, times: list[float]) -> tuple[str, bytes]:
    """A results file of ``name`` with an answer to each puzzle of SET in ``times`` seconds,
    written as the seconds are (a file written by hand, or by another app)."""
    sheet = ResultsSheet.for_set(name, SET, "ru")
    for puzzle, _ in zip(SET.puzzles, times, strict=False):
        sheet.add(puzzle, _right(puzzle), seconds=1, hints=0)
    data = sheet.to_dict()
    for row, seconds in zip(data["results"], times, strict=True):
        row["seconds"] = seconds
    return f"{name}.json", json.dumps(data).encode()


def _students(lang: str, *files: tuple[str, bytes]) -> tuple[pd.DataFrame, str]:
    book = gradebook(results_table([read_results(f) for f in files]), sets=[SET])
    return book.table("students", lang), book.sets[0].to_csv(lang)


def test_the_gradebook_shows_a_median_with_its_half_rounded_up() -> None:
    table, sheet = _students("ru", _file("Аня", [8.5, 20.0]), _file("Боря", [30.25]))
    seconds = table.columns[-1]
    assert list(table[seconds]) == ["14,3", "30,3"]
    rows = list(csv.reader(io.StringIO(sheet), delimiter=";"))
    assert [row[7] for row in rows[1:]] == ["14,3", "30,3"]
    english, sheet_en = _students("en", _file("Anna", [8.5, 20.0]))
    assert english[english.columns[-1]].iloc[0] == "14.3"
    assert list(csv.reader(io.StringIO(sheet_en)))[1][7] == "14.3"
    page = gradebook_html(gradebook(results_table([read_results(_file("Аня", [8.5, 20.0]))]),
                                    sets=[SET]), "ru")
    assert ">14,3<" in page and ">14,2<" not in page


def test_a_results_file_keeps_a_tenth_of_a_second_rounded_half_up() -> None:
    sheet = ResultsSheet.for_set("Аня", SET, "ru")
    assert sheet.add(ENDINGS[0], _right(ENDINGS[0]), seconds=8.25, hints=0).seconds == 8.3


# -- E: the teacher's notebook says how its tables write the ace and the ten -----------------------

def test_the_teacher_notebook_says_the_ace_is_t_in_the_russian_tables() -> None:
    cells = json.loads((ROOT / "notebooks" / "teacher.ipynb").read_text(encoding="utf-8"))
    text = next("".join(c["source"]) for c in cells["cells"]
                if c["cell_type"] == "markdown" and "`TC`" in "".join(c["source"]))
    russian, english = text.split("\n\nA position is written")
    assert "туз — Т, десятка — 10" in russian and "«Т♦» — туз бубен" in russian
    assert "the ace is A (Т in Russian" in english and "the ten is 10" in english


# -- H: the teacher's lists and fields -------------------------------------------------------------

def test_the_teacher_screens_fields_take_the_apps_focus_ring() -> None:
    view = TeacherView("en", backend="python")
    assert isinstance(view.header, PanelWidget)   # its styles are on the page with the screen
    rule = asset("panel.css")
    fields = ", ".join(f".kz-teacher {field}:focus-visible"
                       for field in ("select", "input", "textarea"))
    # ipywidgets takes the outline away with !important
    assert fields + " {\n  outline: 3px solid #2a7de1 !important; outline-offset: 1px;" in rule
    # no row clips a ring round a control at its edge
    rows = [c for c in view.children if type(c).__name__ == "HBox"]
    assert rows and all(c.layout.overflow == "visible" for c in rows)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_teacher_screens_choices_begin_with_a_capital_letter(lang: str) -> None:
    view = TeacherView(lang, backend="python")
    for dropdown in (view.theme, view.difficulty, view.cards, view.variant):
        labels = [label for label, _ in dropdown.options]
        assert labels and all(label[0].isupper() or label[0].isdigit() for label in labels), \
            labels
    assert [label for label, _ in view.difficulty.options][1:] == {
        "ru": ["Лёгкие (<1200)", "Средние (1200–1599)", "Трудные (1600+)"],
        "en": ["Easy (<1200)", "Medium (1200–1599)", "Hard (1600+)"]}[lang]


# -- I: a seat is named one way in a set file's errors ---------------------------------------------

def test_an_answer_the_seat_cannot_play_names_the_seat_as_the_positions_errors_do() -> None:
    puzzle = ENDINGS[0]
    data: dict[str, Any] = puzzle.to_dict()
    seat = puzzle.position.to_move
    held = {c.token for hand in puzzle.position.hands for c in hand}
    data["answers"] = [next(c.token for c in puzzle.position.rules.deck_cards
                            if c.token not in held)]
    with pytest.raises(PuzzleError) as error:
        Puzzle.from_dict(data)
    assert f"но игрок {seat.label('ru')} ({seat.name}) не может так сыграть" in \
        error.value.text("ru")
    assert f"cannot be played by {seat.name} in this position" in error.value.text("en")


# -- J: the student's Russian CSV opens in Russian Excel -------------------------------------------

def _sheet() -> ResultsSheet:
    sheet = ResultsSheet.for_set("Аня", SET, "ru")
    sheet.add(ENDINGS[0], _right(ENDINGS[0]), seconds=12.34, hints=1)
    sheet.add(ENDINGS[1], _wrong(ENDINGS[1]), seconds=3, hints=0)
    return sheet


def test_the_russian_results_csv_has_semicolons_and_decimal_commas_as_the_gradebooks() -> None:
    link = results_download(_sheet(), "csv", "ru")
    payload = base64.b64decode(link["href"].split("base64,", 1)[1])
    assert payload.startswith(b"\xef\xbb\xbf")   # UTF-8, said so for Excel
    rows = list(csv.reader(io.StringIO(payload.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:8] == ["student", "set_id", "puzzle", "card", "correct", "seconds",
                           "hints", "at"]
    assert [row[5] for row in rows[1:]] == ["12,3", "3,0"]
    assert all(len(row) == len(rows[0]) for row in rows)
    english = base64.b64decode(results_download(_sheet(), "csv", "en")["href"].split(",", 1)[1])
    assert [row[5] for row in csv.reader(io.StringIO(english.decode("utf-8-sig")))][1:] == \
        ["12.3", "3.0"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_teacher_reads_the_students_csv_in_either_language(lang: str) -> None:
    link = results_download(_sheet(), "csv", lang)
    content = base64.b64decode(link["href"].split("base64,", 1)[1])
    rows = read_results((link["filename"], content))
    assert list(rows["seconds"]) == [12.3, 3.0]
    assert list(rows["student"]) == ["Аня", "Аня"] and list(rows["hints"]) == [1, 0]
    assert list(rows["title_ru"]) == [p.title.ru for p in ENDINGS[:2]]
