"""A number typed in a lesson: what is not a whole number («2.5», «1e1», «abc») is refused with
what is wanted and never costs a try; a whole number, however typed («+30», «３０», « 30 »), is
judged, and a wrong one («-5», «31») counts as a try."""

from __future__ import annotations

import pytest

from kozel_tutor.lessons import LessonPlayer
from kozel_tutor.lessons.checks import expected
from kozel_tutor.lessons.model import Task
from kozel_tutor.lessons.player import REVEAL_AFTER
from kozel_tutor.lessons.verdicts import number_answer
from kozel_tutor.widgets._assets import esm
from kozel_tutor.widgets.lesson import LessonWidget

REFUSED = {"ru": "Введите целое число: только цифры, без точки, запятой и букв.",
           "en": "Type a whole number: digits only, with no point, comma or letters."}


def at_step(lesson: str, index: int, lang: str = "ru") -> LessonPlayer:
    """The lesson's player at step ``index`` (counted from 0), the tasks before it solved."""
    player = LessonPlayer(lesson, lang=lang, progress=None)
    while player.index < index:
        if isinstance(player.step, Task) and player.task_state and not player.task_state.solved:
            player.answer(expected(player.step).split()[0])
        player.next()
    return player


def test_answers_that_are_not_whole_numbers_are_refused_without_using_up_tries() -> None:
    player = at_step("01_table", 3)   # «Сколько в них очков вместе?» (30)
    for typed in ["2.5", "1e1", "abc", "30 очков", "3,5", "- 5"] * REVEAL_AFTER:
        verdict = player.answer(typed)
        assert not verdict.correct and verdict.explanation.ru == REFUSED["ru"]
    state = player.task_state
    assert state is not None and state.wrong == 0 and not state.solved
    view = player.view()
    assert view["answer"]["refused"] == {"typed": "- 5", "text": REFUSED["ru"]}
    assert view["feedback"] is None, "no verdict: the answer was not judged"
    assert "Ответ" not in view["spoken"]["text"] and view["spoken"]["text"] == REFUSED["ru"]
    assert player.answer("30").correct
    assert player.task_state is not None and player.task_state.flawless, "still 3 stars"
    assert player.view()["answer"]["refused"] is None


def test_a_refused_answer_is_explained_in_english_too() -> None:
    player = at_step("01_table", 3, lang="en")
    player.answer("2.5")
    assert player.view()["answer"]["refused"] == {"typed": "2.5", "text": REFUSED["en"]}
    assert player.view()["spoken"]["text"] == REFUSED["en"]


def test_a_negative_or_wrong_whole_number_is_judged_and_counts_as_a_try() -> None:
    player = at_step("01_table", 3)
    verdict = player.answer("-5")
    assert not verdict.correct and "Это слишком мало." in verdict.explanation.ru
    assert player.view()["answer"]["refused"] is None
    assert player.answer("31").explanation.ru.startswith("Не совсем. Это слишком много.")
    state = player.task_state
    assert state is not None and state.wrong == 2 and state.last_answer == "31"


def test_a_refusal_after_a_wrong_answer_keeps_the_verdict_and_goes_when_a_number_comes() -> None:
    player = at_step("01_table", 3)
    player.answer("31")
    player.answer("2.5")
    view = player.view()
    assert view["feedback"]["text"].startswith("Не совсем.")
    assert view["answer"]["refused"]["typed"] == "2.5"
    player.answer("29")
    assert player.view()["answer"]["refused"] is None
    assert player.task_state is not None and player.task_state.wrong == 2


@pytest.mark.parametrize("typed", ["+30", " 30 ", "\uff13\uff10", "\uff0b30", "030"])
def test_a_whole_number_typed_with_a_plus_spaces_or_full_width_digits_is_right(
        typed: str) -> None:
    player = at_step("01_table", 3)
    assert player.answer(typed).correct
    assert player.task_state is not None and player.task_state.flawless


def test_the_score_of_a_match_is_read_as_a_number_too() -> None:
    player = at_step("06_match", 1)   # «Сколько очков записали …» (10)
    assert expected(player.step) == "10"
    assert not player.answer("1.0e1").correct
    assert player.task_state is not None and player.task_state.wrong == 0
    assert player.answer("+\uff11\uff10").correct
    assert player.task_state.flawless


def test_a_number_from_the_widget_is_refused_the_same_way() -> None:
    player = at_step("01_table", 3)
    widget = LessonWidget(player)
    for _ in range(REVEAL_AFTER + 1):
        widget.receive({"type": "answer", "value": "2.5"})
    assert widget.view["answer"]["refused"]["text"] == REFUSED["ru"]
    assert widget.view["feedback"] is None


def test_number_answer_reads_whole_numbers_only() -> None:
    assert [number_answer(t) for t in ["7", "-7", "\u22127", "+7", " 7\u00a0", "\uff17"]] == [
        7, -7, -7, 7, 7, 7]
    assert [number_answer(t) for t in ["7.0", "7e0", "0x7", "7_0", "", "-", "+", "1234567890",
                                      "--7", "+-7", "²"]] == [None] * 11


def test_the_number_box_passes_on_what_was_typed_and_shows_a_refusal() -> None:
    code = esm("lesson.js")
    assert 'input.type = "text"' in code and 'input.inputMode = "numeric"' in code
    assert 'input.type = "number"' not in code   # it passed "" on for «+30» and «３０»
    assert "a.refused.typed" in code and "lesson-number-refused" in code
