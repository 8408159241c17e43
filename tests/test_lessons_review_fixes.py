"""What a review of the lessons found, kept fixed: the end of the last lesson tells a finished
course from one with lessons still open; a first lead of a deal is made from a whole hand; the
24-card game's eggs are told; the praise for a card fits the card played; a best line tells its
tricks apart; and the wording the review asked for."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from kozel_tutor.cards import Card
from kozel_tutor.lessons import LessonError, LessonPlayer, lesson_ids, load_lesson, parse_lesson
from kozel_tutor.lessons.checks import check, expected
from kozel_tutor.lessons.endgame import analyse
from kozel_tutor.lessons.model import BestCardTask, ExplainStep, LegalCardTask, Task
from kozel_tutor.lessons.progress import LessonProgress
from kozel_tutor.rules import TRUMP, find_rules
from kozel_tutor.scoring import deal_result
from kozel_tutor.variants import VARIANT_SUMMARIES

LAST = lesson_ids()[-1]


@pytest.fixture
def progress(tmp_path: Path) -> LessonProgress:
    return LessonProgress(tmp_path / "progress.sqlite3")


def _finished(progress: LessonProgress, numbers: list[int]) -> None:
    for number in numbers:
        lesson = load_lesson(lesson_ids()[number - 1])
        progress.record(lesson.id, len(lesson.steps), len(lesson.steps), 3)


def _play_last(progress: LessonProgress | None, lang: str = "ru") -> LessonPlayer:
    player = LessonPlayer(LAST, lang=lang, progress=progress)
    while player.finished_stars is None:
        if isinstance(player.step, Task):
            player.answer(expected(player.step).split()[0])
        if player.can_next:
            player.next()
    return player


# -- 1. the end of the course --------------------------------------------------------------------


def test_the_last_lesson_does_not_call_the_course_done_while_lessons_are_open(
        progress: LessonProgress) -> None:
    """The review's learner: lessons 1–6 and 12–14 done, 7–11 skipped, then lesson 15."""
    _finished(progress, [1, 2, 3, 4, 5, 6, 12, 13, 14])
    player = _play_last(progress)
    assert player.course_finished and not player.course_complete
    assert player.open_lessons == tuple(lesson_ids()[6:11])
    ru = player.view()["done"]["text"]
    assert "правила вы теперь знаете" not in ru and "весь курс пройден" not in ru
    assert "пройден ещё не весь курс: остались уроки 7–11." in ru
    assert "«Путь новичка»" in ru   # still where to practise
    player.set_lang("en")
    en = player.view()["done"]["text"]
    assert "you know the rules now" not in en
    assert "the course is not done yet: lessons 7–11 are still open." in en


def test_a_few_open_lessons_are_named_with_their_titles(progress: LessonProgress) -> None:
    _finished(progress, [n for n in range(1, 15) if n not in (7, 9)])
    player = _play_last(progress)
    seven, nine = load_lesson(lesson_ids()[6]), load_lesson(lesson_ids()[8])
    assert (f"остались уроки 7 «{seven.title.ru}» и 9 «{nine.title.ru}»."
            in player.view()["done"]["text"])
    _finished(progress, [7])
    player = _play_last(progress, lang="en")
    assert (f"lesson 9 “{nine.title.en}” is still open. You can go back to it at any time."
            in player.view()["done"]["text"])


def test_only_a_course_with_every_lesson_done_is_called_done(progress: LessonProgress) -> None:
    _finished(progress, list(range(1, 15)))
    player = _play_last(progress)
    assert player.course_complete and player.open_lessons == ()
    assert player.view()["done"]["text"].endswith(
        "Это был последний урок, и весь курс пройден: правила вы теперь знаете. Закрепите их на "
        "практике: сыграйте партию против компьютера («Играть» на главной странице) или решайте "
        "задачи — начните с набора «Путь новичка» в разделе «Задачи».")
    player.set_lang("en")
    assert "the whole course is done: you know the rules now." in player.view()["done"]["text"]


def test_lessons_finished_by_the_same_player_count_without_saved_progress() -> None:
    player = LessonPlayer(lesson_ids()[-2], lang="en", progress=None)
    while player.finished_stars is None:
        if isinstance(player.step, Task):
            player.answer(expected(player.step).split()[0])
        if player.can_next:
            player.next()
    player.next_lesson()
    while player.finished_stars is None:
        if isinstance(player.step, Task):
            player.answer(expected(player.step).split()[0])
        if player.can_next:
            player.next()
    assert player.open_lessons == tuple(lesson_ids()[:-2])
    assert "lessons 1–13 are still open" in player.view()["done"]["text"]


# -- 3. the first lead of a deal -----------------------------------------------------------------

_FIRST_LEAD_WORDS = re.compile(r"first (deal|lead)|первая раздача|первый заход", re.IGNORECASE)


@pytest.mark.parametrize("lesson_id", lesson_ids())
def test_every_first_lead_of_a_deal_is_made_from_a_whole_hand(lesson_id: str) -> None:
    """A task that says it is the first lead of a deal is marked so, and its hand holds as many
    cards as its rules deal (9 of 36, 6 of 24): no card has been played yet."""
    for step in load_lesson(lesson_id).steps:
        if not isinstance(step, Task):
            continue
        says_first = bool(_FIRST_LEAD_WORDS.search(step.prompt.en + step.prompt.ru))
        marked = isinstance(step, LegalCardTask) and step.first_of_match
        assert says_first == marked, step.prompt.en
        if isinstance(step, LegalCardTask) and step.first_of_match:
            assert len(step.hand) == step.rules.hand_size, (step.prompt.en, step.hand)
            opener = step.rules.first_lead_card
            assert opener is not None and not step.trick and expected(step) == opener.token


def _raw(lesson_id: str) -> dict[str, Any]:
    path = resources.files("kozel_tutor").joinpath("data", "lessons", f"{lesson_id}.json")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(("lesson_id", "size"), [("14_nizhny", 9), ("15_kozly24", 6)])
def test_a_first_lead_from_a_short_hand_is_rejected(lesson_id: str, size: int) -> None:
    data = copy.deepcopy(_raw(lesson_id))
    i, step = next((i, s) for i, s in enumerate(data["steps"]) if s.get("first_of_match"))
    cards = step["hand"].split()
    step["hand"] = " ".join(c for c in cards if c != "AH")
    with pytest.raises(LessonError) as info:
        parse_lesson(data, "test.json")
    rules = data["rules"]["preset"]
    assert info.value.problems == [
        f"steps[{i}].hand: the first lead of the match is made from a whole hand: {size} cards "
        f"under {rules!r}, not {len(cards) - 1}"]


# -- 4. eggs in every game that has them ---------------------------------------------------------


_EGGS_RU = re.compile(r"яйц|яиц", re.IGNORECASE)   # «яйца», «после яиц»


def _has_eggs(preset: str) -> bool:
    return deal_result(find_rules(preset), (60, 60), (4, 5)).eggs


@pytest.mark.parametrize("preset", [p for p in VARIANT_SUMMARIES if _has_eggs(p)])
def test_a_game_with_eggs_says_so_in_its_summary_and_its_lessons(preset: str) -> None:
    """60–60 is eggs in every preset (RULES.md; for the 24-card game §2.3, «equal points are
    eggs»): the setup screen's description and a lesson on that game tell it, in both
    languages."""
    summary = VARIANT_SUMMARIES[preset]
    assert _EGGS_RU.search(summary["ru"]) and "eggs" in summary["en"].lower()
    lessons = [load_lesson(lid) for lid in lesson_ids()]
    own = [x for x in lessons if x.steps and x.tasks and x.tasks[0].rules.name == preset]
    assert own, preset
    said = [s.text for x in own for s in x.steps if isinstance(s, ExplainStep)]
    assert any(_EGGS_RU.search(t.ru) and "eggs" in t.en.lower() for t in said), preset


def test_the_24_card_scoring_step_tells_the_eggs_with_the_other_scores() -> None:
    step = next(s for s in load_lesson("15_kozly24").steps
                if isinstance(s, ExplainStep) and "штрафной" in s.text.ru)
    assert ("60 на 60 — это «яйца»: никому ничего не пишут, а следующая раздача идёт "
            "вдвойне.") in step.text.ru
    assert "60 to 60 is eggs: nobody is written anything, and the next deal counts double." \
        in step.text.en


# -- 5, 6. wording -------------------------------------------------------------------------------


def test_the_lone_trump_is_swapped_with_the_partner_as_the_setup_screen_says() -> None:
    texts = [s.text.ru for s in load_lesson("15_kozly24").steps if isinstance(s, ExplainStep)]
    assert any("единственный козырь можно поменять с партнёром" in t for t in texts)
    assert "поменять с партнёром" in VARIANT_SUMMARIES["kozly24"]["ru"]
    assert not any("обменять у партнёра" in t for t in texts)


def test_the_deal_lesson_ties_the_six_to_the_tricks_not_the_points() -> None:
    first = load_lesson("05_deal").steps[0]
    assert isinstance(first, ExplainStep)
    ru = first.text.ru.split("2, 4 или 6", 1)[1]
    en = first.text.en.split("2, 4 or 6", 1)[1]
    assert "очки проигравших" in ru and "взяли ли они хоть одну взятку" in ru
    assert "losers' points" in en and "whether they took a trick" in en
    assert "смотря по тому, сколько набрали" not in ru


# -- 7. the praise fits the card played ----------------------------------------------------------


def _void_tasks() -> list[LegalCardTask]:
    """Legal-card tasks where a plain suit was led that the hand cannot follow."""
    out = []
    for lid in lesson_ids():
        for task in load_lesson(lid).tasks:
            if isinstance(task, LegalCardTask) and task.trick:
                led = task.order.suit_of[task.trick[0].index]
                if led != TRUMP and all(task.order.suit_of[c.index] != led for c in task.hand):
                    out.append(task)
    return out


def test_lesson_3_praises_a_trump_as_a_trump_and_a_plain_card_as_keeping_the_trumps() -> None:
    task = load_lesson("03_following").steps[4]
    assert isinstance(task, LegalCardTask) and task in _void_tasks()
    trumped = check(task, "QH")
    assert trumped.correct
    assert "поберечь" not in trumped.explanation.ru and "keep" not in trumped.explanation.en
    assert trumped.explanation.ru.endswith("Вы побили козырем: Д♥ пока держит взятку.")
    assert trumped.explanation.en.endswith("You trumped: the Q♥ holds the trick for now.")
    kept = check(task, "8D")
    assert kept.explanation.ru.endswith("8♦ — не козырь: козыри вы сберегли на потом.")
    assert kept.explanation.en.endswith("The 8♦ is not a trump: you kept your trumps for later.")
    player = LessonPlayer("03_following", progress=None)
    player.index = 4
    player.answer("QH")   # the closing remark does not praise keeping the trumps either
    assert "поберечь" not in player.view()["feedback"]["text"]


@pytest.mark.parametrize("task", _void_tasks(), ids=lambda t: t.prompt.en[:30])
def test_every_card_played_on_a_void_is_told_what_it_did(task: LegalCardTask) -> None:
    holds_trumps = any(task.order.is_trump(c) for c in task.hand)
    for token in expected(task).split():
        card = Card.parse(token)
        words = check(task, token).explanation
        if task.order.is_trump(card):
            assert "козыр" in words.ru.split("Верно.", 1)[1] and card.label("ru") in words.ru
            assert "сберегли" not in words.ru and "kept your trumps" not in words.en
        elif holds_trumps:
            assert "козыри вы сберегли" in words.ru and "you kept your trumps" in words.en


# -- 8. a best line tells its tricks apart -------------------------------------------------------


BEST = [t for lid in lesson_ids() for t in load_lesson(lid).tasks if isinstance(t, BestCardTask)]


@pytest.mark.parametrize("task", BEST, ids=lambda t: t.prompt.en[:30])
def test_a_best_line_into_the_next_trick_says_where_the_next_trick_starts(
        task: BestCardTask) -> None:
    assert task.position is not None
    words = check(task, expected(task)).explanation
    line = analyse(task).pv[:4]
    state = task.position.to_state()
    tricks: list[list[Card]] = [[]]
    for card in line:
        if tricks[-1] and not state.trick:
            tricks.append([])
        tricks[-1].append(card)
        state.play(card)
    ru = words.ru.split("Лучший розыгрыш: ", 1)[1].rstrip(" …")
    en = words.en.split("Best play goes: ", 1)[1].rstrip(" …")
    if len(tricks) == 1:
        assert ";" not in ru and ";" not in en
        return
    ru_parts, en_parts = ru.split("; "), en.split("; ")
    assert len(ru_parts) == len(en_parts) == len(tricks)
    assert ru_parts[0].startswith("в этой взятке ") and en_parts[0].startswith("in this trick ")
    assert all(p.startswith("в следующей ") for p in ru_parts[1:])
    assert all(p.startswith("in the next trick ") for p in en_parts[1:])
    for part, cards in zip(ru_parts, tricks, strict=True):
        assert [c.label("ru") for c in cards] == re.findall(r" — ([^,\s]+)", part)


def test_lesson_12_no_longer_seems_to_play_twice_in_one_trick() -> None:
    task = load_lesson("12_fight31").steps[3]
    assert isinstance(task, BestCardTask)
    words = check(task, "TS").explanation
    assert words.ru.endswith("Лучший розыгрыш: в этой взятке вы — 10♠; в следующей партнёр — "
                             "К♦, соперник справа — К♣, вы — 8♦ …")
    assert words.en.endswith("Best play goes: in this trick S 10♠; in the next trick N K♦, "
                             "E K♣, S 8♦ …")
