"""Deal-score tasks under every score table: the answer is the engine's, among the buttons, in
the words of the table (points, rows of the classic tablo, penalty points)."""

from __future__ import annotations

import dataclasses

import pytest

from kozel_tutor.lessons import load_lesson
from kozel_tutor.lessons.checks import check, choices, expected
from kozel_tutor.lessons.model import DealScoreTask
from kozel_tutor.rules import find_rules
from kozel_tutor.scoring import deal_result
from kozel_tutor.seats import Team

TEMPLATE = load_lesson("05_deal").tasks[0]
assert isinstance(TEMPLATE, DealScoreTask)

DEALS = [  # rules, points NS/EW, tricks NS/EW, after eggs, the engine's answer
    ("standard", (70, 50), (5, 4), False, "NS:2"),
    ("classic", (75, 45), (5, 3), False, "NS:1"),
    ("classic", (93, 27), (7, 1), False, "NS:2"),
    ("classic", (0, 120), (0, 8), False, "EW:reset"),
    ("classic", (60, 60), (4, 4), False, "eggs"),
    ("classic", (40, 80), (3, 5), True, "EW:2"),
    ("nizhny", (40, 80), (3, 6), False, "NS:2"),
    ("nizhny", (95, 25), (7, 2), False, "EW:4"),
    ("nizhny", (120, 0), (8, 1), False, "EW:6"),
    ("nizhny", (40, 80), (3, 6), True, "NS:4"),
    ("kozly24", (100, 20), (5, 1), False, "EW:4"),
    ("kozly24", (120, 0), (6, 0), False, "NS:reset"),
]


def _task(rules: str, points: tuple[int, int], tricks: tuple[int, int],
          after_eggs: bool) -> DealScoreTask:
    preset = find_rules(rules)
    return dataclasses.replace(TEMPLATE, rules=preset, trump=preset.trump, points=points,
                               tricks=tricks, after_eggs=after_eggs)


@pytest.mark.parametrize(("rules", "points", "tricks", "after_eggs", "answer"), DEALS)
def test_the_answer_is_the_engines_and_only_it_passes(
        rules: str, points: tuple[int, int], tricks: tuple[int, int], after_eggs: bool,
        answer: str) -> None:
    task = _task(rules, points, tricks, after_eggs)
    result = deal_result(task.rules, points, tricks, 2 if after_eggs else 1)
    assert expected(task) == answer
    if result.reset is None and result.winner is not None:
        side, amount = answer.split(":")
        assert result.written[Team[side]] == int(amount) > 0
    values = [c.value for c in choices(task)]
    assert answer in values and len(set(values)) == len(values)
    for value in values:
        verdict = check(task, value)
        assert verdict.correct == (value == answer)
        assert verdict.explanation.ru and verdict.explanation.en


def test_penalty_tables_write_to_the_losers_in_words() -> None:
    task = _task("nizhny", (95, 25), (7, 2), False)
    labels = {c.value: c.label for c in choices(task)}
    assert labels["EW:4"].ru == "Им (В–З) пишут 4 штрафных очка"
    assert labels["EW:4"].en == "They (E–W) get 4 penalty points"
    assert labels["NS:6"].ru == "Нам (С–Ю) пишут 6 штрафных очков"
    reason = check(task, "EW:4").explanation
    assert reason.ru == ("Верно. Штрафные очки пишут проигравшим. Они (В–З) набрали 25 очков "
                         "(30 и меньше), поэтому им пишут 4 штрафных очка.")
    doubled = check(_task("nizhny", (40, 80), (3, 6), True), "NS:4").explanation.ru
    assert doubled.endswith("После яиц эта раздача идёт вдвойне: 2\u00a0×\u00a02\u00a0=\u00a04.")
    erased = check(_task("kozly24", (120, 0), (6, 0), False), "NS:reset").explanation.ru
    assert erased.endswith("Мы (С–Ю) взяли все взятки, поэтому списываем свои штрафные очки.")


def test_the_classic_tablo_counts_rows_lyusya_and_the_egg_row() -> None:
    one = check(_task("classic", (75, 45), (5, 3), False), "NS:1").explanation.ru
    assert one == ("Верно. Мы (С–Ю) набрали 75 очков: от 61 до 89 — победители пишут одну "
                   "пару.")
    lyusya = check(_task("classic", (0, 120), (0, 8), False), "EW:reset").explanation.ru
    assert "«люся»: табло проигравших обнуляется" in lyusya
    eggs = check(_task("classic", (40, 80), (3, 5), True), "EW:2").explanation.ru
    assert eggs.endswith("После яиц победители этой раздачи получают ещё одну пару.")
    labels = [c.label.en for c in choices(_task("classic", (40, 80), (3, 5), True))]
    assert "They (E–W) write 3 rows" in labels   # after eggs: 2 rows + the egg row


def test_every_registered_score_table_has_words_for_its_deal_scores() -> None:
    from kozel_tutor.lessons.model import DEAL_SCORE_TABLES
    from kozel_tutor.scoring import DEAL_SCORERS

    for preset in ("classic", "nizhny", "kozly24"):
        find_rules(preset)   # the presets register their tables
    assert set(DEAL_SCORE_TABLES) == set(DEAL_SCORERS)


@pytest.mark.parametrize(("points", "tricks", "step"), [
    ((120, 0), (9, 0), "took no trick at all, so the winners write 6."),
    ((120, 0), (8, 1), "made only 0 points. With 30 or fewer a side has not saved itself, so "
                       "the winners write 4."),
    ((90, 30), (7, 2), "made only 30 points. With 30 or fewer a side has not saved itself, so "
                       "the winners write 4."),
    ((89, 31), (6, 3), "made 31 points. With more than 30 a side has saved itself, so the "
                       "winners write 2."),
])
def test_the_standard_table_names_the_step_the_engine_scored(
        points: tuple[int, int], tricks: tuple[int, int], step: str) -> None:
    """The explanation tells the step the scoring table chose, in the same words for every
    amount it can write."""
    task = _task("standard", points, tricks, False)
    answer = expected(task)
    assert answer == f"NS:{step[-2]}"
    assert check(task, answer).explanation.en.endswith(f"They (E–W) {step}")
