"""The lesson player: retries, hints, stars, progress in SQLite, and the JSON the widget draws."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from kozel_tutor.app.store import Store
from kozel_tutor.lessons import LessonPlayer, LessonProgress, lesson_ids, load_lesson
from kozel_tutor.lessons.checks import expected
from kozel_tutor.lessons.model import Task
from kozel_tutor.lessons.player import REVEAL_AFTER


@pytest.fixture
def progress(tmp_path: Path) -> LessonProgress:
    return LessonProgress(tmp_path / "progress.sqlite3")


def _first_answer(player: LessonPlayer) -> str:
    assert isinstance(player.step, Task)
    return expected(player.step).split()[0]


def _play_through(player: LessonPlayer, wrong_first: bool = False) -> None:
    while True:
        if isinstance(player.step, Task) and not player.task_state.solved:  # type: ignore[union-attr]
            if wrong_first:
                player.answer("6D" if player.view()["answer"]["kind"] == "card" else "999")
            player.answer(_first_answer(player))
        if not player.can_next:
            return
        player.next()


def test_a_task_cannot_be_skipped_before_it_is_answered(progress: LessonProgress) -> None:
    player = LessonPlayer("04_trick", lang="en", progress=progress)
    player.next()
    assert not player.can_next
    with pytest.raises(ValueError, match="answer the task first"):
        player.next()
    player.handle({"type": "next"})  # ignored, not an error
    assert player.index == 1


def test_a_wrong_card_gets_its_mistake_explained_then_is_retried(
        progress: LessonProgress) -> None:
    player = LessonPlayer("04_trick", lang="ru", progress=progress)
    player.next()
    player.handle({"type": "answer", "value": "AS"})
    feedback = player.view()["feedback"]
    assert feedback["correct"] is False
    assert feedback["text"].startswith(
        "Не совсем. Т♠ — не той масти, с которой зашли (черви), и не козырь")
    assert player.can_hint   # the hint is still there to ask for
    player.handle({"type": "answer", "value": "TH"})
    assert player.view()["feedback"]["correct"] is True
    assert player.can_next


def test_a_wrong_count_gets_a_nudge_not_the_worked_answer_until_it_is_revealed(
        progress: LessonProgress) -> None:
    player = LessonPlayer("08_counting", lang="en", progress=progress)
    player.next()
    right = _first_answer(player)
    verdict = player.answer("14")
    assert not verdict.correct and f"= {right}" not in verdict.explanation.en
    assert verdict.explanation.en == "Not quite. Try again. Hint: 15, minus yours, minus those " \
        "already played."
    assert verdict.explanation.ru.startswith("Не совсем. Попробуйте ещё раз. Подсказка: 15 минус")
    for _ in range(REVEAL_AFTER - 1):
        verdict = player.answer("14")
    assert f"=\u00a0{right}." in verdict.explanation.en   # the worked count, then the answer
    assert verdict.explanation.en.endswith(f"The answer: {right}.")


def test_after_three_wrong_answers_the_answer_is_shown(progress: LessonProgress) -> None:
    player = LessonPlayer("10_pulling", lang="en", progress=progress)
    player.next().answer(_first_answer(player))
    player.next()
    for card in ("AH", "TH", "KH")[:REVEAL_AFTER]:
        verdict = player.answer(card)
    assert not verdict.correct
    assert verdict.explanation.en.endswith("The answer: Q♣.")
    assert verdict.explanation.ru.endswith("Ответ: Д♣.")


def test_a_flawless_lesson_earns_three_stars_and_is_saved(progress: LessonProgress) -> None:
    player = LessonPlayer("01_table", lang="en", progress=progress)
    _play_through(player)
    assert player.view()["done"] == {
        "stars": 3, "text": "Lesson complete: 3 of 3 stars. Every task was right at the first "
        "try, without a hint.", "next": {"id": "02_trumps", "title": "2. Trumps"}}
    record = progress.get("01_table")
    assert record is not None and record.stars == 3 and record.steps_seen == record.steps == 8


def test_each_hint_or_retry_costs_a_star_but_a_finished_lesson_keeps_one(
        progress: LessonProgress) -> None:
    player = LessonPlayer("04_trick", lang="en", progress=progress)
    player.next()
    player.hint()
    _play_through(player)
    assert player.finished_stars == 2
    again = LessonPlayer("04_trick", lang="en", progress=progress)
    _play_through(again, wrong_first=True)
    assert again.finished_stars == 1
    assert progress.get("04_trick").stars == 2  # type: ignore[union-attr]  # the best is kept


def test_the_end_of_a_lesson_says_how_stars_are_earned(progress: LessonProgress) -> None:
    player = LessonPlayer("04_trick", lang="en", progress=progress)
    _play_through(player, wrong_first=True)
    done = player.view()["done"]
    assert done["stars"] == 1
    assert "3 stars when every task is right at the first try without a hint" in done["text"]
    assert "each task that needed a hint or another try costs one star" in done["text"]
    assert done["text"].endswith("Tasks that needed help this time: 4 of 4.")
    player.set_lang("ru")
    assert "с первой попытки и без подсказки" in player.view()["done"]["text"]


def test_a_finished_lesson_goes_on_to_the_next_one(progress: LessonProgress) -> None:
    player = LessonPlayer("01_table", lang="en", progress=progress)
    player.handle({"type": "next_lesson"})   # not finished yet: ignored
    assert player.lesson.id == "01_table"
    _play_through(player)
    assert not player.can_next   # Next has nothing more: the way on is the next lesson
    assert player.view()["done"]["next"] == {"id": "02_trumps", "title": "2. Trumps"}
    player.handle({"type": "next_lesson"})
    view = player.view()
    assert player.lesson.id == "02_trumps" and player.index == 0
    assert view["lesson"]["title"] == "Trumps" and view["done"] is None
    assert view["dots"][0] == "current" and set(view["dots"][1:]) <= {"todo", "task"}
    assert progress.get("02_trumps") is not None   # the new lesson is recorded as started


def test_the_last_lesson_offers_no_next_lesson(progress: LessonProgress) -> None:
    last = lesson_ids()[-1]
    player = LessonPlayer(last, lang="en", progress=progress)
    _play_through(player)
    assert player.view()["done"]["next"] is None
    with pytest.raises(ValueError, match="last lesson"):
        player.next_lesson()
    player.handle({"type": "next_lesson"})   # ignored
    assert player.lesson.id == last


def test_a_hint_the_nudge_has_shown_is_not_offered_again(progress: LessonProgress) -> None:
    player = LessonPlayer("01_table", lang="en", progress=progress)
    player.next()   # who is your partner?
    assert player.view()["can_hint"]
    player.handle({"type": "answer", "value": "W"})
    view = player.view()
    assert view["feedback"]["text"] == ("Not quite. Try again. Hint: Partners never sit side "
                                        "by side.")
    assert not view["can_hint"] and view["hint"] is None
    player.handle({"type": "hint"})   # the button is disabled; a stray command changes nothing
    assert player.view() == view
    player.handle({"type": "answer", "value": "E"})   # a second nudge replaces the first
    assert player.view()["feedback"]["text"].count("Partners never sit side by side.") == 1
    assert player.view()["hint"] is None


def test_a_nudge_does_not_repeat_a_hint_already_asked_for(progress: LessonProgress) -> None:
    player = LessonPlayer("01_table", lang="ru", progress=progress)
    player.next()
    player.handle({"type": "hint"})
    assert player.view()["hint"] == "Партнёры никогда не сидят рядом." and not player.can_hint
    player.handle({"type": "answer", "value": "W"})
    view = player.view()
    assert view["feedback"]["text"] == "Не совсем. Попробуйте ещё раз."
    assert view["hint"] == "Партнёры никогда не сидят рядом."


def test_progress_lives_in_the_apps_database_file(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path))
    player = LessonPlayer("02_trumps", lang="en")
    player.next().next()
    with sqlite3.connect(tmp_path / "progress.sqlite3") as conn:
        rows = conn.execute("SELECT lesson, steps_seen, steps, stars FROM lesson_progress"
                            ).fetchall()
    assert rows == [("02_trumps", 3, 6, None)]
    assert Store().path == tmp_path / "progress.sqlite3"   # the app opens this very file


def test_an_unreadable_database_is_set_aside_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    progress = LessonProgress(path)
    progress.record("01_table", 2, 7, None)
    assert progress.get("01_table") is not None
    assert any(p.name.startswith("progress.sqlite3.corrupt-") for p in tmp_path.iterdir())


def test_stars_out_of_range_are_refused(progress: LessonProgress) -> None:
    with pytest.raises(ValueError, match="stars must be 1 to 3"):
        progress.record("01_table", 7, 7, 4)


def test_malformed_commands_are_ignored(progress: LessonProgress) -> None:
    player = LessonPlayer("04_trick", lang="en", progress=progress)
    before = player.view()
    for command in ({"type": "answer", "value": "AS"}, {"type": "answer"}, {"type": "jump"},
                    {"type": "lang", "lang": "de"}, {"type": "answer", "value": ["AS"]}):
        player.handle(command)
    assert player.view() == before


@pytest.mark.parametrize("lesson_id", lesson_ids())
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_step_has_a_json_view_in_both_languages(lesson_id: str, lang: str,
                                                      progress: LessonProgress) -> None:
    player = LessonPlayer(lesson_id, lang=lang, progress=progress)
    for index, step in enumerate(load_lesson(lesson_id).steps):
        assert player.index == index
        view = json.loads(json.dumps(player.view(), ensure_ascii=False))
        assert view["step"]["text"]
        if isinstance(step, Task):
            answer = view["answer"]
            assert answer["kind"] in ("card", "number", "choice", "seat", "suit")
            if answer["kind"] == "card":
                assert expected(step).split()[0] in view["scene"]["clickable"]
            if answer["kind"] == "choice":
                assert expected(step) in [c["value"] for c in answer["choices"]]
            player.answer(expected(step).split()[0])
        if player.can_next:
            player.next()
    assert player.view()["done"]["stars"] == 3


def test_how_stars_are_earned_is_told_once_at_the_first_lesson_that_costs_one(
        progress: LessonProgress) -> None:
    flawless = LessonPlayer("01_table", lang="en", progress=progress)
    _play_through(flawless)
    first = LessonPlayer("04_trick", lang="en", progress=progress)
    _play_through(first, wrong_first=True)
    assert "A lesson earns 3 stars when" in first.view()["done"]["text"]
    second = LessonPlayer("02_trumps", lang="en", progress=progress)
    _play_through(second, wrong_first=True)
    assert second.view()["done"]["text"] == (
        "Lesson complete: 1 of 3 stars. Tasks that needed a hint or another try: 4 of 4.")
    second.set_lang("ru")
    assert second.view()["done"]["text"] == (
        "Урок пройден: 1 из 3 звёзд. Заданий, где понадобилась подсказка или ещё одна "
        "попытка: 4 из 4.")


def test_without_saved_progress_the_stars_are_explained_once_per_session() -> None:
    player = LessonPlayer("04_trick", lang="en", progress=None)
    _play_through(player, wrong_first=True)
    assert "A lesson earns 3 stars when" in player.view()["done"]["text"]
    player.restart()
    _play_through(player, wrong_first=True)
    assert "A lesson earns 3 stars when" not in player.view()["done"]["text"]


def test_the_last_lesson_points_on_to_a_match_and_the_beginner_puzzles(
        progress: LessonProgress) -> None:
    from kozel_tutor.app.texts import text
    from kozel_tutor.puzzles.notebook import find_set

    player = LessonPlayer(lesson_ids()[-1], lang="ru", progress=progress)
    _play_through(player)
    done = player.view()["done"]
    beginner = find_set("beginner-path")
    assert f"«{text('play', 'ru')}»" in done["text"] and f"«{beginner.title.ru}»" in done["text"]
    player.set_lang("en")
    done = player.view()["done"]
    assert f"{beginner.title.en} set" in done["text"]
    earlier = LessonPlayer("01_table", lang="en", progress=progress)
    _play_through(earlier)
    assert "last lesson" not in earlier.view()["done"]["text"]
