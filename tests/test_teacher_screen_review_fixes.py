"""The teacher's screen as the third review found it wanting: an old error left above a newer
choice, a results file listed twice, a count of matches that disagreed with the list, messages
that stopped short of what to do, files all taken out unasked, and a file button that stopped
looking busy before the screen had read the files."""

from __future__ import annotations

import base64
import html
import importlib.util
import json
import re
import subprocess
import sys
import zlib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from browser.conftest import CHROMIUM, CHROMIUM_ARGS, missing
from test_teacher import homework
from test_teacher_open_set_file import set_file

from kozel_tutor.app.puzzles_view import PuzzlesView
from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import PuzzleError
from kozel_tutor.puzzles.teacher import ResultsSheet, set_from_param
from kozel_tutor.widgets.file_button import FileButton

ROOT = Path(__file__).resolve().parents[1]
HUGE = 9_446_004   # the reviewer's huge.json: more than the file button sends


def _screen(lang: str = "ru") -> TeacherView:
    return TeacherView(lang, lambda: None, backend="python")


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


def _choose(button: FileButton, *files: tuple[str, bytes | int]) -> None:
    """Files chosen with the button, as the browser sends them: bytes, or only the size of a
    file too large to send."""
    meta = [{"name": name, "size": len(data) if isinstance(data, bytes) else data,
             "sent": isinstance(data, bytes)} for name, data in files]
    assert button.receive({"type": "files", "files": meta},
                          [data for _, data in files if isinstance(data, bytes)]) == len(files)


def _results(student: str) -> bytes:
    """A student's results file: one answer to the homework."""
    puzzle_set = homework()
    sheet = ResultsSheet.for_set(student, puzzle_set, "ru")
    puzzle = puzzle_set.puzzles[0]
    sheet.add(puzzle, sorted(c.token for c in puzzle.answers)[0], seconds=4, hints=0,
              at=datetime(2025, 3, 1, 10, 0, tzinfo=UTC))   # answered once: the same bytes
    return sheet.to_json().encode()


def _file_lines(view: TeacherView) -> list[str]:
    return [_text(row.children[0].value) for row in view.files_box.children[1:-1]]


# -- 1. a new choice of a set file takes the old message away --------------------------------

def test_a_set_file_chosen_after_a_bad_one_takes_its_error_away() -> None:
    name, content, _ = set_file("Бой за 31", cards="4")
    view = _screen()
    view.cards.value = "3"
    view.add_filtered()
    _choose(view.open_file, ("huge.json", HUGE))
    assert "teacher-open-error" in view.open_status.value
    assert "huge.json" in _text(view.open_status.value)
    _choose(view.open_file, (name, content))   # a good set: asked whether to replace
    assert view.confirm.layout.display == "flex"
    assert view.open_status.value == "", "the error on huge.json is gone"
    view.clear_no.click()
    assert view.open_status.value == "" and view.confirm.layout.display == "none"


def test_a_bad_set_file_chosen_while_asked_withdraws_the_question_about_the_one_before() -> None:
    name, content, _ = set_file("Бой за 31", cards="4")
    view = _screen()
    view.cards.value = "3"
    view.add_filtered()
    before = list(view.chosen)
    _choose(view.open_file, (name, content))
    assert view.confirm.layout.display == "flex"
    _choose(view.open_file, ("empty.json", b""))
    assert view.confirm.layout.display == "none", "no question about the file before"
    assert "empty.json" in _text(view.open_status.value)
    assert view.chosen == before
    view.ask_clear()   # the question is the clearing one again, not about the file before
    assert _text(view.clear_question.value).startswith("Убрать из набора все задачи (10)")


# -- 2. the same results file chosen again is listed once ------------------------------------

def test_the_same_results_file_chosen_again_is_listed_once_and_the_screen_says_so() -> None:
    view = _screen()
    vika = _results("Вика")
    _choose(view.upload, ("vika_other_set.json", vika))
    _choose(view.upload, ("vika_other_set.json", vika), ("huge.json", HUGE))
    assert [f.name for f in view.inbox.files] == ["vika_other_set.json", "huge.json"]
    lines = _file_lines(view)
    assert len(lines) == 2 and lines[0].startswith("vika_other_set.json → Вика · набор")
    assert _text(view.files_again.value) == ("Файл vika_other_set.json уже загружен: в списке "
                                             "он один раз.")
    assert view.live.said.startswith("Загружено файлов: 1, не прочитано из них: 1")
    assert view.live.said.endswith("Файл vika_other_set.json уже загружен: в списке он один "
                                   "раз.")
    # a file too large to send, chosen again: its name and size tell it
    _choose(view.upload, ("huge.json", HUGE), ("vika_other_set.json", vika))
    assert len(view.inbox.files) == 2
    assert _text(view.files_again.value) == ("Файлы huge.json, vika_other_set.json уже "
                                             "загружены: в списке каждый один раз.")
    view.set_lang("en")
    assert _text(view.files_again.value) == ("The files huge.json, vika_other_set.json are "
                                             "already loaded: each is listed once.")
    # a later download of the same name is another file: both are read
    _choose(view.upload, ("vika_other_set.json", _results("Вика Л.")))
    assert len(view.inbox.files) == 3 and view.files_again.value == ""


def test_a_file_chosen_again_is_kept_once_for_the_next_visit(tmp_path: Path) -> None:
    store = Store(tmp_path / "progress.sqlite3")
    view = TeacherView("ru", lambda: None, backend="python", store=store)
    view.add_results([("anna.json", _results("Anna"))])
    view.add_results([("anna.json", _results("Anna"))])
    again = TeacherView("ru", lambda: None, backend="python",
                        store=Store(tmp_path / "progress.sqlite3"))
    assert [f.name for f in again.inbox.files] == ["anna.json"]


# -- 3. the count of matches agrees with the list --------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Подходит задач: {n}, из них ещё не в наборе: {left}."),
    ("en", "Matching puzzles: {n}, not yet in the set: {left}."),
], ids=["ru", "en"])
def test_the_count_of_matches_is_the_list_and_says_how_many_are_not_in_the_set(
        lang: str, words: str) -> None:
    view = _screen(lang)
    view.difficulty.value = "easy"
    rows = len(view.pick.options)
    assert re.findall(r"\d+", view.found.value) == [str(rows)]   # none in the set yet
    assert view.toggle_picked()
    labels = [label for label, _ in view.pick.options]
    assert len(labels) == rows
    left = sum(not label.startswith("✓") for label in labels)
    assert left == rows - 1
    assert html.unescape(view.found.value) == words.format(n=rows, left=left)


# -- 4. every message ends with what to do ---------------------------------------------------

def _bad_items(view: TeacherView) -> dict[str, str]:
    items = re.findall(r"<li>(.*?)</li>", view.grades.value)
    return dict(html.unescape(item).split(": ", 1) for item in items)


@pytest.mark.parametrize(("lang", "advice"), [
    ("ru", {"set_file.json": "Здесь загружают файлы результатов учеников, а файл набора "
                             "открывают выше, в «2. Поделиться».",
            "gradebook.csv": "Загрузите файл результатов, который ученик скачал, решив набор "
                             "(кнопкой «⬇ Результаты»).",
            "huge.json": "Файл результатов ученика занимает несколько КБ: проверьте, тот "
                         "ли это файл.",
            "empty.json": "Попросите ученика скачать результаты ещё раз и прислать новый "
                          "файл."}),
    ("en", {"set_file.json": "Students' results files are loaded here; a set file is opened "
                             "above, under “2. Share”.",
            "gradebook.csv": "Load the results file the student downloaded after solving the "
                             "set (with “⬇ Results”).",
            "huge.json": "A student's results file takes a few kB: check that this is the "
                         "right file.",
            "empty.json": "Ask the student to download the results again and send the new "
                          "file."}),
], ids=["ru", "en"])
def test_every_file_the_gradebook_cannot_read_is_said_in_full_sentences_with_what_to_do(
        lang: str, advice: dict[str, str]) -> None:
    view = _screen(lang)
    _choose(view.upload, ("set_file.json", homework().to_json().encode()),
            ("gradebook.csv", "Ученик;Ответил;Верно\nАня;5;4\n".encode()),
            ("huge.json", HUGE), ("empty.json", b""))
    items = _bad_items(view)
    assert set(items) == set(advice)
    for name, text in items.items():
        problem = text.removesuffix(" " + advice[name])   # the problem, then what to do
        assert problem.endswith(".") and "." not in problem[:-1], (name, text)


@pytest.mark.parametrize(("lang", "words"), [
    ("ru", "Файл набора не открыт: empty.json: файл пустой. Скачайте файл набора заново там, "
           "где набор собран (кнопка «⬇ Файл набора»), или попросите прислать его ещё раз."),
    ("en", "The set file was not opened: empty.json: the file is empty. Download the set file "
           "again where the set was put together (“⬇ Set file”), or ask for it to be sent "
           "again."),
], ids=["ru", "en"])
def test_a_set_file_that_did_not_open_is_said_with_what_to_do(lang: str, words: str) -> None:
    view = _screen(lang)
    assert not view.open_set_file("empty.json", b"")
    assert _text(view.open_status.value) == words
    assert view.live.said == words
    assert not view.open_set_file("results.json", _results("Anna"))
    assert _text(view.open_status.value).endswith(
        "Откройте файл, скачанный кнопкой «⬇ Файл набора»." if lang == "ru"
        else "Open a file saved with “⬇ Set file”.")
    _choose(view.open_file, ("huge.json", HUGE))
    assert _text(view.open_status.value).endswith(
        "Файл набора занимает меньше 1 МБ: проверьте, тот ли это файл." if lang == "ru"
        else "A set file takes less than 1 MB: check that this is the right file.")


# cut, not a set, characters no set has, and a set that expands beyond the limit
@pytest.mark.parametrize("param", ["eJw", "AAAA", "a%b", base64.urlsafe_b64encode(
    zlib.compress(b" " * 3_000_000)).decode("ascii")],
    ids=["cut", "not_a_set", "characters", "too_large"])
def test_a_broken_link_ends_with_asking_for_the_link_again(param: str) -> None:
    with pytest.raises(PuzzleError) as info:
        set_from_param(param)
    assert info.value.text("ru").endswith(". Попросите учителя прислать ссылку ещё раз.")
    assert info.value.text("en").endswith(". Ask your teacher to send the link again.")


def test_the_student_is_told_to_ask_for_a_cut_link_again(tmp_path: Path) -> None:
    puzzles = PuzzlesView("ru", Store(tmp_path / "progress.sqlite3"), lambda: None,
                          query="set=eJw", backend="python")
    assert puzzles.panel.view["error"] == (
        "Не удалось прочитать: ссылка: набор в ней записан не целиком (ссылку обрезали?). "
        "Попросите учителя прислать ссылку ещё раз.")


# -- 6. every file goes only once the teacher says so ----------------------------------------

def test_remove_all_files_asks_first_as_clearing_the_set_does() -> None:
    view = _screen()
    view.add_results([("anna.json", _results("Anna")), ("boris.json", _results("Boris"))])
    view.clear_results.click()
    assert len(view.inbox.files) == 2, "nothing goes unasked"
    assert view.results_confirm.layout.display == "flex"
    question = ("Убрать из журнала все загруженные файлы (2)? Вернуть их можно, только загрузив "
                "файлы снова.")
    assert _text(view.results_question.value) == question
    assert view.results_yes.tooltip == view.results_no.tooltip == question
    assert (view.results_yes.description, view.results_no.description) == ("Да, убрать все",
                                                                            "Отмена")
    view.set_lang("en")
    assert _text(view.results_question.value).startswith(
        "Take every file loaded (2) out of the gradebook?")
    assert view.results_yes.description == "Yes, remove them all"
    view.results_no.click()
    assert len(view.inbox.files) == 2 and view.results_confirm.layout.display == "none"
    # Escape inside the question presses its Cancel (LiveStatus's script, as for the set)
    assert "kz-teacher-confirm" in view.results_confirm._dom_classes
    assert "kz-teacher-clear-results-no" in view.results_no._dom_classes
    assert ".kz-teacher-clear-results-no" in view.live.escape_to.split(", ")
    view.clear_results.click()
    view.remove_results(0)   # the question counts the files there are
    assert "(1)" in _text(view.results_question.value)
    view.results_yes.click()
    assert view.inbox.files == [] and view.files_box.children == ()
    assert view.results_confirm.layout.display == "none"
    assert view.live.said == "Every file is taken out of the gradebook."


# -- 7. the file button is busy until the screen has read the files --------------------------

def test_the_file_button_answers_a_named_message_once_its_handlers_are_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    button = FileButton(multiple=True, max_bytes=100)
    happened: list[Any] = []
    button.on_files(lambda files: happened.append(("read", [f.name for f in files])))
    monkeypatch.setattr(button, "send", lambda content, buffers=None: happened.append(content))
    button.receive({"type": "files", "batch": "x-1",
                    "files": [{"name": "a.json", "size": 2, "sent": True}]}, [b"{}"])
    assert happened == [("read", ["a.json"]), {"type": "received", "batch": "x-1"}]
    happened.clear()
    assert button.receive({"type": "files", "batch": "x-2", "files": []}, []) is None
    assert happened == [{"type": "received", "batch": "x-2"}], "a message dropped is answered"
    happened.clear()
    button.receive({"type": "files", "files": [{"name": "b.json", "size": 2, "sent": True}]},
                   [b"{}"])
    button.receive({"type": "files", "batch": "x" * 65,
                    "files": [{"name": "c.json", "size": 2, "sent": True}]}, [b"{}"])
    assert happened == [("read", ["b.json"]), ("read", ["c.json"])], "no name: no answer"


def test_the_file_button_answers_even_when_the_screen_fails(
        monkeypatch: pytest.MonkeyPatch) -> None:
    button = FileButton()
    answers: list[Any] = []
    monkeypatch.setattr(button, "send", lambda content, buffers=None: answers.append(content))

    def fails(_files: object) -> None:
        raise RuntimeError("the screen broke")

    button.on_files(fails)
    with pytest.raises(RuntimeError):
        button.receive({"type": "files", "batch": "y-1",
                        "files": [{"name": "a.json", "size": 2, "sent": True}]}, [b"{}"])
    assert answers == [{"type": "received", "batch": "y-1"}]


# In a Python process of its own (the browser tests' Playwright may be running in this one):
# the button rendered with a model that records what it sends, and answers when told to.
_BUSY_CHECK = r'''
import json, sys
from playwright.sync_api import sync_playwright

chromium, args = sys.argv[1], json.loads(sys.argv[2])
source = open(sys.argv[3], encoding="utf-8").read()
RENDER = """async (src) => {
  const url = URL.createObjectURL(new Blob([src], {type: "text/javascript"}));
  const mod = await import(url);
  const values = {description: "Load", testid: "kz-file-test", disabled: false, accept: "",
                  multiple: true, max_bytes: 100, max_files: 100};
  const handlers = {};
  window.sent = [];
  const model = {
    get: (key) => values[key],
    on: (event, f) => { (handlers[event] = handlers[event] || []).push(f); },
    off: () => {},
    send: (content) => { window.sent.push(content); },
  };
  window.answer = (batch) => (handlers["msg:custom"] || []).forEach(
    (f) => f({type: "received", batch}));
  mod.default.render({model, el: document.getElementById("host")});
}"""
BUSY = "() => document.querySelector('#host button').getAttribute('aria-busy')"
seen = {}
with sync_playwright() as play:
    browser = play.chromium.launch(executable_path=chromium, args=args)
    page = browser.new_page()
    page.set_content('<div id="host"></div>')
    page.evaluate(RENDER, source)
    seen["before"] = page.evaluate(BUSY)
    page.set_input_files("#host input[type=file]", files=[
        {"name": "a.json", "mimeType": "application/json", "buffer": b"{}"},
        {"name": "big.json", "mimeType": "application/json", "buffer": b"x" * 101}])
    page.wait_for_function("window.sent.length === 1")
    sent = page.evaluate("window.sent[0]")
    seen["names"] = [f["name"] for f in sent["files"]]
    page.wait_for_timeout(400)   # sent long since, not yet answered
    seen["sent"] = [page.evaluate(BUSY), page.locator("#host button").is_disabled()]
    page.evaluate("b => window.answer(b)", "someone else's")
    page.wait_for_timeout(100)
    seen["other"] = page.evaluate(BUSY)
    page.evaluate("b => window.answer(b)", sent.get("batch", ""))
    page.wait_for_function(BUSY + " === 'false'", timeout=5000)
    seen["answered"] = [page.evaluate(BUSY), page.locator("#host button").is_disabled()]
    browser.close()
print(json.dumps(seen))
'''


def test_the_file_button_stays_busy_until_python_answers(tmp_path: Path) -> None:
    """In the browser: the button is busy from the choice until Python says it has read the
    files, not only while the browser sends them."""
    if not Path(CHROMIUM).exists():
        missing("Debian chromium is not installed")
    if importlib.util.find_spec("playwright") is None:
        missing("Playwright is not installed")
    script = tmp_path / "busy.py"
    script.write_text(_BUSY_CHECK, encoding="utf-8")
    source = ROOT / "kozel_tutor" / "widgets" / "file_button.js"
    done = subprocess.run([sys.executable, str(script), CHROMIUM, json.dumps(CHROMIUM_ARGS),
                           str(source)], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == {"before": "false", "names": ["a.json", "big.json"],
                    "sent": ["true", True],   # the bytes are sent, the screen has not read them
                    "other": "true",          # another message's answer is not this one's
                    "answered": ["false", False]}
