"""A teacher opens a set file saved before (from this screen or the notebook) to go on with
it: its puzzles and title come back on the screen, a set already there is replaced only once
the teacher says so, and a file that is not a set is named as such, with no advice meant for
students.  The file was handed out: a change to its set is said to make another set."""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path

from kozel_tutor.app.store import Store
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.teacher import ResultsSheet


def _screen(store: Store | None = None, lang: str = "ru") -> TeacherView:
    return TeacherView(lang, lambda: None, backend="python", store=store)


def set_file(title: str, cards: str = "3") -> tuple[str, bytes, TeacherView]:
    """The set file a screen downloads: its name and bytes, and the screen (the other teacher
    tests open it too)."""
    view = _screen()
    view.cards.value = cards
    view.add_filtered()
    view.title.value = title
    found = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"',
                      view.share.value)
    assert found is not None
    return html.unescape(found.group(1)), base64.b64decode(found.group(2)), view


def test_a_saved_set_file_comes_back_on_the_screen_to_go_on_with(tmp_path: Path) -> None:
    name, content, made = set_file("Домашка 7")
    view = _screen(Store(tmp_path / "progress.sqlite3"))
    assert view.open_set_file(name, content)
    assert [p.id for p in view.chosen] == [p.id for p in made.chosen]
    assert view.title.value == "Домашка 7"
    assert view.puzzle_set().id == made.puzzle_set().id   # the same set: one gradebook part
    opened = "Открыт набор «Домашка 7» из файла Домашка 7.json: задач 10."
    assert opened in html.unescape(view.open_status.value)
    assert view.live.said == opened
    again = _screen(Store(tmp_path / "progress.sqlite3"))   # kept as the draft
    assert again.title.value == "Домашка 7" and len(again.chosen) == 10
    # its file was handed out: a change makes another set
    again.remove(again.chosen[0].id)
    assert "Набор изменён после того, как вы его раздали" in again.reshare.value
    assert again.open_status.value == ""


def test_a_set_on_the_screen_is_replaced_only_when_the_teacher_says_so() -> None:
    name, content, _ = set_file("Домашка 8", cards="4")
    view = _screen()
    view.cards.value = "3"
    view.add_filtered()
    before = list(view.chosen)
    assert not view.open_set_file(name, content)
    question = html.unescape(view.clear_question.value)
    assert ("Заменить набор на экране (задач: 10) набором из файла Домашка 8.json (задач: 10)? "
            "Набор, который сейчас на экране, пропадёт.") in question
    assert view.clear_yes.description == "Да, заменить"
    assert view.clear_no.tooltip == view.clear_yes.tooltip
    view.set_lang("en")
    assert view.clear_yes.description == "Yes, replace it"
    view.set_lang("ru")
    view.clear_no.click()
    assert view.chosen == before and view.confirm.layout.display == "none"
    view.ask_clear()   # the clearing question is itself again
    assert view.clear_yes.description == "Да, очистить"
    view.clear_no.click()
    view.open_set_file(name, content)
    view.clear_yes.click()
    assert view.title.value == "Домашка 8" and view.chosen != before and len(view.chosen) == 10


def test_a_file_that_is_not_a_set_is_named_without_advice_for_students() -> None:
    view = _screen()
    sheet = ResultsSheet("Anna", "homework", "Домашка")
    assert not view.open_set_file("anna.json", sheet.to_json().encode())
    shown = html.unescape(view.open_status.value)
    assert "Файл набора не открыт: anna.json: это файл результатов ученика, а не набор задач" \
        in shown
    assert "учител" not in shown   # «Откройте файл набора задач, который прислал учитель»
    assert not view.open_set_file("half.json", b"{")
    assert "учител" not in html.unescape(view.open_status.value)
    assert view.live.said.startswith("Файл набора не открыт: half.json")
    view.set_lang("en")
    assert "The set file was not opened: half.json" in view.open_status.value
    assert view.chosen == []


def test_a_position_added_to_an_opened_set_takes_the_words_on_the_file_away() -> None:
    name, content, _ = set_file("Домашка 9")
    view = _screen()
    assert view.open_set_file(name, content)
    assert "Открыт набор «Домашка 9»" in html.unescape(view.open_status.value)
    view.use_example()
    assert view.author() is not None and len(view.chosen) == 11
    assert view.open_status.value == ""   # eleven puzzles now, not the file's ten
