"""The first lead of a match (RULES.md §2.2, §2.3): under ``nizhny`` and ``kozly24`` the holder of
the A♦ leads it, and lessons 14 and 15 test that rule with a ``legal_card`` task marked
``first_of_match``.  The task refuses every other card with the engine's own reason."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from kozel_tutor.cards import Card
from kozel_tutor.lessons import LessonError, load_lesson, parse_lesson
from kozel_tutor.lessons.checks import check, expected
from kozel_tutor.lessons.model import LegalCardTask
from kozel_tutor.rules import find_rules

REGIONAL = ("14_nizhny", "15_kozly24")


def _first_lead_task(lesson_id: str) -> LegalCardTask:
    tasks = [t for t in load_lesson(lesson_id).tasks
             if isinstance(t, LegalCardTask) and t.first_of_match]
    assert len(tasks) == 1
    return tasks[0]


def _raw(lesson_id: str) -> dict[str, Any]:
    path = resources.files("kozel_tutor").joinpath("data", "lessons", f"{lesson_id}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _problems(data: object) -> list[str]:
    with pytest.raises(LessonError) as info:
        parse_lesson(data, "test.json")
    return info.value.problems


@pytest.mark.parametrize("preset", ["nizhny", "kozly24"])
def test_the_presets_that_force_the_first_card_name_the_ace_of_diamonds(preset: str) -> None:
    rules = find_rules(preset)
    assert rules.first_lead_card == rules.first_lead_holder == Card.parse("AD")


def test_classic_names_who_leads_first_but_not_the_card_and_standard_neither() -> None:
    classic, standard = find_rules("classic"), find_rules("standard")
    assert classic.first_lead_holder == Card.parse("7D") and classic.first_lead_card is None
    assert standard.first_lead_holder is None and standard.first_lead_card is None


@pytest.mark.parametrize("lesson_id", REGIONAL)
def test_the_regional_lesson_tests_that_the_ace_of_diamonds_opens_the_match(
        lesson_id: str) -> None:
    task = _first_lead_task(lesson_id)
    assert expected(task) == "AD"
    assert check(task, "AD").correct
    for card in task.hand:
        if card.token == "AD":
            continue
        verdict = check(task, card.token)
        assert not verdict.correct
        assert verdict.explanation.en == ("Not quite. The first lead of the match must be the "
                                          "ace of diamonds.")
        assert verdict.explanation.ru.startswith("Не совсем. Партию открывает туз бубен")


@pytest.mark.parametrize("lesson_id", REGIONAL)
def test_the_first_lead_task_comes_right_after_the_rule_is_explained(lesson_id: str) -> None:
    steps = load_lesson(lesson_id).steps
    at = steps.index(_first_lead_task(lesson_id))
    assert "туз бубен" in steps[at - 1].text.ru


def test_the_same_hand_without_the_flag_may_lead_any_card() -> None:
    data = copy.deepcopy(_raw("15_kozly24"))
    step = next(s for s in data["steps"] if s.get("first_of_match"))
    del step["first_of_match"]
    lesson = parse_lesson(data, "test.json")
    task = next(t for t in lesson.tasks if isinstance(t, LegalCardTask) and t.hand
                and Card.parse("AD") in t.hand)
    assert check(task, "AH").correct


def _first_step(data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    return next((i, s) for i, s in enumerate(data["steps"]) if s.get("first_of_match"))


def test_a_first_lead_task_without_the_ace_of_diamonds_in_hand_is_rejected() -> None:
    data = _raw("14_nizhny")
    i, step = _first_step(data)
    step["hand"] = step["hand"].replace("AD", "KD")
    assert _problems(data) == [f"steps[{i}].hand: the hand must hold the AD, which opens the match"]


def test_a_first_lead_task_after_a_card_was_played_is_rejected() -> None:
    data = _raw("14_nizhny")
    i, step = _first_step(data)
    step["leader"], step["trick"] = "E", "KH"
    assert _problems(data) == [
        f"steps[{i}].first_of_match: the first lead of the match comes before any card is played"]


def test_a_first_lead_task_under_rules_with_a_free_first_lead_is_rejected() -> None:
    data = _raw("14_nizhny")
    i, _ = _first_step(data)
    data["rules"] = {}
    problems = _problems(data)
    assert f"steps[{i}].first_of_match: under 'standard' no card must open the match" in problems


def test_a_first_of_match_that_is_not_true_or_false_is_rejected() -> None:
    data = _raw("15_kozly24")
    i, step = _first_step(data)
    step["first_of_match"] = "yes"
    assert _problems(data) == [f"steps[{i}].first_of_match: expected true or false"]
