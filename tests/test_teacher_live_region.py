"""What the teacher's actions did reaches a screen reader: the screen's one polite live region
says the puzzles added or removed, a position refused, the files loaded; a language switch says
nothing.  The question before the set is cleared describes both its buttons, and Escape in it
presses *Cancel*."""

from __future__ import annotations

import json

from kozel_tutor.app.teacher_live import LiveStatus
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.puzzles.model import load_catalogue
from kozel_tutor.puzzles.teacher import ResultsSheet


def _screen(lang: str = "ru") -> TeacherView:
    view = TeacherView(lang, lambda: None, backend="python")
    view.cards.value = "3"
    return view


def test_adding_and_removing_puzzles_is_said() -> None:
    view = _screen()
    assert view.live.said == "" and view.live.count == 0
    view.add_filtered()
    assert view.live.said == "Добавлено задач: 10, всего в наборе: 10."
    assert view.live.lang == "ru"
    view.cards.value = "4"
    picked = view.picked()
    assert picked is not None
    view.toggle_picked()
    assert view.live.said == f"Добавлено в набор: «{picked.title.ru}», всего в наборе: 11."
    view.toggle_picked()
    assert view.live.said == f"Убрано из набора: «{picked.title.ru}», осталось в наборе: 10."
    view.ask_clear()
    view.clear_set()
    assert view.live.said == "Набор очищен: в нём нет задач."
    english = _screen("en")
    english.add_filtered()
    assert english.live.said == "Puzzles added: 10; 10 in the set now."
    assert english.live.lang == "en"


def test_a_refused_position_and_an_added_one_are_said() -> None:
    view = _screen()
    view.author()
    assert view.live.said == "Сначала вставьте позицию в поле выше (или начните с примера)."
    view.position.value = json.dumps({"hands": {"N": "ТС 7D", "E": "KS 6H", "S": "AC 7H",
                                                "W": "AD KD"}, "leader": "S"})
    view.author()
    assert view.live.said.startswith("Не добавлено: позиция: в руке С (N) в карте «ТС»")
    assert view.live.said == view.author_status.value.split(">", 1)[1].split("<", 1)[0]
    view.use_example()
    puzzle = view.author()
    assert puzzle is not None
    assert view.live.said.startswith(f"Добавлено: {puzzle.title.ru} — ответ ")


def test_files_loaded_are_said_with_how_many_could_not_be_read() -> None:
    view = _screen()
    puzzle = load_catalogue()[0].puzzles[0]
    sheet = ResultsSheet("Anna", "homework", "Домашка")
    sheet.add(puzzle, sorted(c.token for c in puzzle.answers)[0], seconds=3, hints=0)
    view.add_results([("anna.json", sheet.to_json().encode()), ("broken.json", b"{")])
    assert view.live.said == ("Загружено файлов: 2, не прочитано из них: 1 — почему, сказано "
                              "ниже.")
    sheet.student = "Boris"
    view.add_results([("boris.json", sheet.to_json().encode())])
    assert view.live.said == "Загружено файлов: 1. Журнал — ниже."


def test_a_language_switch_says_nothing_and_leaves_no_line_in_the_other_language() -> None:
    view = _screen()
    view.add_filtered()
    view.set_lang("en")
    assert view.live.said == ""
    view.set_lang("ru")
    assert view.live.said == ""


def test_the_question_describes_its_buttons_and_escape_cancels() -> None:
    view = _screen()
    view.add_filtered()
    view.ask_clear()
    question = ("Убрать из набора все задачи (10), и ваши собственные позиции тоже? Вернуть их "
                "будет нельзя.")
    # a button's title is its description for a screen reader, said with its name
    assert view.clear_no.tooltip == view.clear_yes.tooltip == question
    assert view.clear_no.description == "Отмена"
    view.set_lang("en")
    assert view.clear_no.tooltip.startswith("Take every puzzle (10) out of the set")
    # Escape inside the question presses its Cancel button (in the page: LiveStatus's script)
    assert "kz-teacher-confirm" in view.confirm._dom_classes
    assert "kz-teacher-clear-no" in view.clear_no._dom_classes
    assert (view.live.escape_from, view.live.escape_to) == (
        ".kz-teacher-confirm", ".kz-teacher-clear-no, .kz-teacher-clear-results-no")
    assert view.live in view.children


def test_the_same_words_twice_are_said_twice() -> None:
    live = LiveStatus()
    live.say("Набор очищен: в нём нет задач.", "ru")
    live.say("Набор очищен: в нём нет задач.", "ru")
    assert live.count == 2
