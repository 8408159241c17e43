"""What the lesson's live region reads out (the view's ``spoken``) and the seats' full names."""

from __future__ import annotations

from kozel_tutor.lessons import LessonPlayer, load_lesson
from kozel_tutor.lessons.checks import expected
from kozel_tutor.lessons.model import ExplainStep, Task


def _said(player: LessonPlayer) -> tuple[int, str]:
    spoken = player.view()["spoken"]
    return spoken["count"], spoken["text"]


def test_a_lesson_opens_with_its_title_and_first_step_read_out() -> None:
    lesson = load_lesson("01_table")
    first = lesson.steps[0]
    assert isinstance(first, ExplainStep)
    player = LessonPlayer("01_table", progress=None)
    assert _said(player)[1] == f"1. {lesson.title.ru}. Шаг 1 из 8. {first.text.ru}"


def test_next_back_and_restart_read_out_the_step_with_its_question() -> None:
    lesson = load_lesson("01_table")
    task = lesson.steps[1]
    assert isinstance(task, Task)
    player = LessonPlayer("01_table", lang="en", progress=None)
    player.next()
    assert _said(player)[1] == "Step 2 of 8. Who is your partner? Click their seat."
    player.back()
    assert _said(player)[1] == f"Step 1 of 8. {lesson.steps[0].text.en}"
    player.next()
    player.answer(expected(task))
    player.next()
    player.restart()
    assert _said(player)[1].startswith(f"1. {lesson.title.en}. Step 1 of 8. ")


def test_a_question_comes_with_a_brief_form_without_it_for_a_focused_answer_control() -> None:
    """The answer controls are described by the question, so when the focus lands on one the
    live region says only the step's number (``brief``); an explanation has no brief form."""
    lesson = load_lesson("01_table")
    player = LessonPlayer("01_table", lang="en", progress=None)
    assert player.view()["spoken"]["brief"] is None
    player.next()
    spoken = player.view()["spoken"]
    assert spoken["brief"] == "Step 2 of 8."
    assert spoken["text"] == f"{spoken['brief']} {lesson.steps[1].prompt.en}"
    player.set_lang("ru")
    assert player.view()["spoken"]["brief"] == f"1. {lesson.title.ru}. Шаг 2 из 8."
    player.hint()
    assert player.view()["spoken"]["brief"] is None


def test_the_hint_and_every_verdict_are_read_out_even_the_same_one_twice() -> None:
    player = LessonPlayer("01_table", progress=None)
    player.next()
    task = player.step
    assert isinstance(task, Task)
    player.hint()
    # the hint goes on after the colon in lower case: «Подсказка: партнёры никогда…»
    assert _said(player)[1] == f"Подсказка: {task.hint.ru[:1].lower()}{task.hint.ru[1:]}"
    first = _said(player)
    player.answer("E")
    second = _said(player)
    player.answer("E")
    third = _said(player)
    assert second[1] == third[1] == player.view()["feedback"]["text"]
    assert first[0] < second[0] < third[0]   # a new count: said again
    player.answer(expected(task))
    assert _said(player)[1] == player.view()["feedback"]["text"]
    assert _said(player)[1].startswith("Верно.")


def test_a_switch_of_the_language_reads_the_step_again_in_the_other_language() -> None:
    player = LessonPlayer("02_trumps", progress=None)
    count = _said(player)[0]
    player.set_lang("ru")   # no switch: nothing new to say
    assert _said(player)[0] == count
    player.set_lang("en")
    assert _said(player)[1].startswith("2. Trumps. Step 1 of 6. Trumps (козыри) beat")


def test_the_end_of_a_lesson_is_read_out_after_the_last_verdict() -> None:
    player = LessonPlayer("04_trick", progress=None)
    for index, step in enumerate(player.lesson.steps):
        if isinstance(step, Task):
            player.answer(expected(step))
        if index < len(player.lesson.steps) - 1:
            player.next()
    view = player.view()
    assert view["done"] is not None
    assert view["spoken"]["text"] == f"{view['feedback']['text']} {view['done']['text']}"


def test_seats_are_named_in_full_with_the_label_drawn_in_both_languages() -> None:
    player = LessonPlayer("01_table", progress=None)
    player.next()
    seats = player.view()["scene"]["seats"]
    assert {k: s["name"] for k, s in seats.items()} == {
        "N": "Север, С", "E": "Восток, В", "S": "Юг, Ю (вы)", "W": "Запад, З"}
    player.set_lang("en")
    seats = player.view()["scene"]["seats"]
    assert {k: s["name"] for k, s in seats.items()} == {
        "N": "North, N", "E": "East, E", "S": "South, S (you)", "W": "West, W"}
    assert all(s["label"] in s["name"] for s in seats.values())
