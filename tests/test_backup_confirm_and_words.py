"""The backup screen asks before a file replaces the progress, and says its refusals in words.

A file chosen is checked in full and changes nothing until the learner confirms: the question
says what the file will replace (its parts, counted, and when it was saved) and what it does not
have, which stays; Cancel (the main button, with the focus) changes nothing.  Loading offers the
progress it replaced for download and names the parts kept.  A row SQLite refuses is named in
words in both languages, with no SQLite text; a file of another database version says what to
do.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from conftest import dump

from kozel_tutor.app.backup import BackupPanel
from kozel_tutor.app.backup_format import (
    BackupError,
    ImportReport,
    check_backup,
    export_progress,
    import_progress,
)
from kozel_tutor.app.store import Store
from kozel_tutor.lessons.progress import LessonProgress
from kozel_tutor.puzzles.model import load_catalogue
from kozel_tutor.puzzles.progress import Progress


def learner(path: Path) -> Store:
    """A learner's progress: settings, a match in progress, a lesson and a puzzle answered."""
    store = Store(path / "progress.sqlite3")
    store.set_pref("lang", "ru")
    store.save_match({"deal": 1, "cards": "QC JD"})
    puzzle = load_catalogue()[0].puzzles[0]
    Progress(store.path).record(puzzle, next(iter(puzzle.answers)), seconds=3)
    LessonProgress(store.path).record("01_table", steps_seen=7, steps=7, stars=3)
    return store


def fresh_file(path: Path) -> bytes:
    """A backup copy saved in a session that never opened Lessons or Puzzles: it has none of
    their tables."""
    other = Store(path / "progress.sqlite3")
    other.set_pref("colours", 4)
    return export_progress(other)


def changed(data: bytes, change: Any) -> bytes:
    doc = json.loads(data)
    change(doc)
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")


def choose(panel: BackupPanel, data: bytes) -> list[tuple[str, dict[str, Any]]]:
    """Choose ``data`` with the screen's file button, as the browser sends it; what the button
    and the question's Cancel sent back to the browser, in order."""
    sent: list[tuple[str, dict[str, Any]]] = []
    panel.upload.send = lambda message, *_: sent.append(("upload", message))
    panel.load_no.send = lambda message, *_: sent.append(("cancel", message))
    message = {"type": "files", "batch": "b1",
               "files": [{"name": "kozel-progress.json", "size": len(data), "sent": True}]}
    panel.upload._handle_msg({"content": {"data": {"method": "custom", "content": message}},
                              "buffers": [memoryview(data)]})
    return sent


def kept_copies(store: Store) -> list[Path]:
    return sorted(store.path.parent.glob("progress-before-import-*.json"))


# -- asking first -------------------------------------------------------------------------------


def test_choosing_a_file_asks_first_and_changes_nothing_until_confirmed(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    reports: list[ImportReport] = []
    panel = BackupPanel(store, "en", on_import=reports.append)
    before = dump(store.path)
    sent = choose(panel, fresh_file(tmp_path / "other"))
    assert panel.asking() and panel.confirm.layout.display == "flex"
    assert 'data-testid="backup-ask"' in panel.question.value
    assert "Load the progress from the file saved on " in panel.question.value
    assert dump(store.path) == before and reports == [] and kept_copies(store) == []
    assert panel.status.value == ""
    # Cancel is the main button, and takes the focus once the file button has been answered
    # (the button takes the focus back as its message is answered)
    assert "kz-wbtn-primary" in panel.load_no._dom_classes
    assert (panel.load_no.description, panel.load_yes.description) == ("Cancel",
                                                                     "Load and replace")
    assert sent == [("upload", {"type": "received", "batch": "b1"}),
                    ("cancel", {"do": "focus"})]
    # the question describes both its buttons; Escape in it presses Cancel
    assert panel.load_no.tooltip == panel.load_yes.tooltip
    assert panel.load_no.tooltip.startswith("Load the progress from the file saved on ")
    assert panel.escape.escape_from == ".kozel-backup-confirm"
    assert "kozel-backup-confirm" in panel.confirm._dom_classes
    assert panel.escape.escape_to == ".kozel-backup-confirm-no"
    assert "kozel-backup-confirm-no" in panel.load_no._dom_classes


def test_cancel_changes_nothing_and_says_so(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    reports: list[ImportReport] = []
    panel = BackupPanel(store, "ru", on_import=reports.append)
    before = dump(store.path)
    choose(panel, fresh_file(tmp_path / "other"))
    panel.load_no.click()
    assert not panel.asking() and panel.confirm.layout.display == "none"
    assert dump(store.path) == before and reports == [] and kept_copies(store) == []
    said = "Файл не загружен: ваш прогресс не изменился."
    assert f'data-testid="backup-cancelled">{said}<' in panel.status.value
    assert panel.header.said == said
    panel.load_yes.click()   # a stale press after the question went: nothing
    assert dump(store.path) == before and reports == []


def test_confirming_loads_the_file_and_offers_the_progress_it_replaced(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    mine = dump(store.path)
    reports: list[ImportReport] = []
    panel = BackupPanel(store, "en", on_import=reports.append)
    choose(panel, fresh_file(tmp_path / "other"))
    panel.load_yes.click()
    assert len(reports) == 1 and not panel.asking()
    assert store.get_pref("colours") == 4 and store.load_match() is None
    [kept] = kept_copies(store)
    status = panel.status.value
    assert 'data-testid="backup-ok"' in status
    # the copy of the progress it replaced, offered as the screen offers a backup copy
    link = status.split('data-testid="backup-replaced"', 1)[1].split("</a>", 1)[0]
    assert f'download="{kept.name}"' in link and "Save the progress it replaced" in link
    assert "kz-download" in status.split('data-testid="backup-replaced"', 1)[0].rsplit("<a", 1)[1]
    offered = base64.b64decode(link.split("base64,", 1)[1].split('"', 1)[0])
    assert offered == kept.read_bytes()
    assert "“Save the progress it replaced” below" in status
    import_progress(store, offered)   # and it all comes back
    assert dump(store.path) == mine


def test_the_question_says_what_the_file_holds_and_replaces(tmp_path: Path) -> None:
    mine = learner(tmp_path / "mine")
    data = changed(export_progress(learner(tmp_path / "theirs")), lambda doc: doc["tables"][
        "stats"].update(columns=["level", "trump", "matches"], rows=[["hard", "clubs", 3],
                                                                     ["easy", "called", 2]]))
    report = check_backup(mine, data)
    assert report.counts == {"lessons": 1, "answers": 1, "played": 5, "unfinished": 1,
                             "set_aside": 0}
    assert report.kept == ()
    panel = BackupPanel(mine, "ru")
    choose(panel, data)
    parts = panel.question.value.split('data-testid="backup-ask-parts">', 1)[1]
    assert parts.startswith("<li>уроки (начато: 1)</li><li>задачи (ответов: 1)</li>"
                            "<li>партии (сыграно: 5, незаконченных: 1)</li><li>настройки</li>")
    assert "сохранённого " in panel.question.value
    assert "Останутся прежними" not in panel.question.value   # the file has every part
    panel.set_lang("en")   # the question in the screen's language
    assert "<li>matches (played: 5, unfinished: 1)</li>" in panel.question.value
    assert panel.load_no.description == "Cancel"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_parts_the_file_does_not_have_are_named_before_and_after_loading(
        tmp_path: Path, lang: str) -> None:
    store = learner(tmp_path / "mine")
    panel = BackupPanel(store, lang)
    choose(panel, fresh_file(tmp_path / "other"))
    keeps = {"en": "These stay as they are, because the file does not have them: lessons and "
                   "puzzles.",
             "ru": "Останутся прежними, потому что их нет в файле: уроки и задачи."}[lang]
    assert f"<p>{keeps}</p>" in panel.question.value
    report = panel.confirm_import()
    assert report is not None
    # the tables the file lacks that held rows (empty ones keep nothing)
    assert set(report.kept) == {"lesson_progress", "puzzle_attempts", "puzzle_ratings"}
    kept = {"en": "Kept as they were, because the file does not have them: lessons and puzzles.",
            "ru": "Остались прежними, потому что их нет в файле: уроки и задачи."}[lang]
    assert kept in panel.status.value.split('data-testid="backup-ok">', 1)[1].split("</p>")[0]
    assert kept in panel.header.said
    assert Progress(store.path).solved_ids(), "the puzzle answers were kept"


def test_a_file_chosen_while_asking_takes_the_questions_place(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    panel = BackupPanel(store, "en")
    before = dump(store.path)
    choose(panel, fresh_file(tmp_path / "other"))
    choose(panel, b"not a backup copy")
    assert not panel.asking() and panel.confirm.layout.display == "none"
    assert 'data-testid="backup-error"' in panel.status.value
    panel.load_yes.click()
    assert dump(store.path) == before and kept_copies(store) == []


# -- SQLite's refusals in words -----------------------------------------------------------------


def two_langs_refusal(store: Store, data: bytes) -> dict[str, str]:
    """What the screen says of ``data`` in each language (refused before any question)."""
    said = {}
    for lang in ("en", "ru"):
        panel = BackupPanel(store, lang)
        choose(panel, data)
        assert not panel.asking()
        said[lang] = panel.status.value
    return said


def test_a_key_twice_is_named_in_words_and_unchanged_is_said_once(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    before = dump(store.path)
    data = changed(fresh_file(tmp_path / "other"), lambda doc: doc["tables"]["prefs"].update(
        rows=[["lang", '"ru"'], ["lang", '"en"']]))
    said = two_langs_refusal(store, data)
    assert said["ru"].endswith(
        ">Файл не загружен, ваш прогресс не изменился. Данные файла нарушают правило базы "
        "прогресса: в таблице prefs строка с ключом lang встречается дважды.</p>")
    assert said["en"].endswith(
        ">The file was not loaded, your progress is unchanged. The file's data breaks a rule of "
        "the progress database: the prefs table has the row with key lang twice.</p>")
    for text in said.values():
        assert "constraint" not in text.lower() and "UNIQUE" not in text
    assert said["ru"].count("измен") == 1 and said["en"].count("chang") == 1
    assert dump(store.path) == before and kept_copies(store) == []


def test_a_key_of_two_columns_three_times_is_named_with_both(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    row = ["hard", "clubs", 1]
    data = changed(fresh_file(tmp_path / "other"), lambda doc: doc["tables"]["stats"].update(
        columns=["level", "trump", "matches"], rows=[row, ["easy", "clubs", 1], row, row]))
    with pytest.raises(BackupError) as caught:
        check_backup(store, data)
    assert caught.value.text("ru") == ("Данные файла нарушают правило базы прогресса: в таблице "
                                       "stats строка с ключом hard, clubs встречается 3 раза.")
    assert caught.value.text("en").endswith("the stats table has the row with key hard, clubs "
                                            "3 times.")


def test_a_missing_value_is_named_by_its_row_and_column(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    data = changed(fresh_file(tmp_path / "other"), lambda doc: doc["tables"]["prefs"].update(
        rows=[["lang", '"ru"'], ["colours", None]]))
    with pytest.raises(BackupError) as caught:
        import_progress(store, data)
    assert caught.value.text("en").endswith(
        ": in the prefs table, row 2 has no value in the column value.")
    assert caught.value.text("ru").endswith(
        ": в таблице prefs в строке 2 нет значения в столбце value.")


# -- another database version -------------------------------------------------------------------


def test_a_file_from_a_newer_database_version_says_what_to_do(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    said = two_langs_refusal(store, changed(fresh_file(tmp_path / "other"),
                                            lambda doc: doc.update(schema="2")))
    assert said["en"].endswith(
        "(version 2; this app has 1). It was saved by a newer version of the app: open it "
        "there, or update this app.</p>")
    assert said["ru"].endswith(
        "(версия 2, у этого приложения 1). Он сохранён более новой версией приложения: "
        "откройте его там или обновите это приложение.</p>")


def test_a_file_from_an_older_database_version_says_what_to_do(tmp_path: Path) -> None:
    store = learner(tmp_path / "mine")
    data = changed(fresh_file(tmp_path / "other"), lambda doc: doc.update(schema="0"))
    with pytest.raises(BackupError) as caught:
        check_backup(store, data)
    assert caught.value.text("en").endswith(
        "This app cannot read it: open it with the version of the app that saved it.")
    assert caught.value.text("ru").endswith(
        "Это приложение не может его прочитать: откройте его в той версии приложения, "
        "которая его сохранила.")
