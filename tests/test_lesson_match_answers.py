"""A match's score typed in lesson 6 is judged as the number it means: «+10», « 10 », «１０»
are 10, exactly as «10» is, with the same verdict; what is not a whole number is refused with
what is wanted, and the question about the goats still takes only its buttons."""

from __future__ import annotations

import pytest

from kozel_tutor.lessons import LessonPlayer, load_lesson
from kozel_tutor.lessons.checks import check, choices, expected
from kozel_tutor.lessons.model import MatchTask, Task
from kozel_tutor.lessons.verdicts import PICK_BUTTON, TYPE_NUMBER, WRONG, Verdict

MATCH_TASKS = [task for task in load_lesson("06_match").tasks if isinstance(task, MatchTask)]
SCORE = next(task for task in MATCH_TASKS if task.question == "score")
GOATS = next(task for task in MATCH_TASKS if task.question == "goats")


def test_the_lessons_score_question_asks_for_ten() -> None:
    assert expected(SCORE) == "10"


@pytest.mark.parametrize("typed", ["+10", " 10 ", "10", "\uff11\uff10", "010", "+10\u00a0"])
def test_the_score_typed_any_way_that_means_ten_is_right_with_the_story_of_ten(
        typed: str) -> None:
    verdict = check(SCORE, typed)
    assert verdict.correct and verdict.worked
    assert verdict == check(SCORE, "10")
    assert verdict.explanation.ru.startswith("Верно.")
    assert verdict.explanation.en.startswith("Right.")


@pytest.mark.parametrize("typed", ["-10", "11", "+9", " 0 "])
def test_another_whole_number_is_wrong_and_counted(typed: str) -> None:
    verdict = check(SCORE, typed)
    assert not verdict.correct and verdict.worked
    assert verdict.explanation.ru.startswith(WRONG.ru)
    assert verdict.explanation.en.startswith(WRONG.en)


@pytest.mark.parametrize("typed", ["10.0", "1e1", "10 очков", "десять", "", "+", "- 10",
                                   "+-10", "1 0"])
def test_what_is_not_a_whole_number_is_refused_with_what_is_wanted(typed: str) -> None:
    assert check(SCORE, typed) == Verdict(False, TYPE_NUMBER)


@pytest.mark.parametrize("typed", ["10", "EW: goats", "ew:goats", "EW", ""])
def test_the_goats_question_still_takes_only_its_buttons(typed: str) -> None:
    assert typed not in {choice.value for choice in choices(GOATS)}
    verdict = check(GOATS, typed)
    assert not verdict.correct and not verdict.worked and verdict.explanation == PICK_BUTTON


def test_each_goats_button_is_judged_by_the_match() -> None:
    right = expected(GOATS)
    for choice in choices(GOATS):
        verdict = check(GOATS, choice.value)
        assert verdict.correct == (choice.value == right) and verdict.worked


def test_the_lesson_player_takes_plus_ten_at_the_first_try() -> None:
    player = LessonPlayer("06_match", lang="en", progress=None)
    while player.step is not SCORE:
        if isinstance(player.step, Task):
            player.answer(expected(player.step))
        player.next()
    assert player.answer("+10").correct
    state = player.task_state
    assert state is not None and state.flawless
