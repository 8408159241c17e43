"""The terms a native Russian reviewer asked to be said one way: the penalty points of lesson 14 on
the regional tables, game names that agree with their label, «Первый заход», the third redeal's
lines, the home subtitle, «тёзки», «сносить» for a discard (never for a trump), the summary's two
«Итоги», the eggs line, and the small mismatches between the lessons and the table."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from conftest import match_step, played_match, refused_third_redeal

from kozel_tutor.app.screens import home_view, settings_view
from kozel_tutor.app.session import LEARNER, MatchSession, Settings
from kozel_tutor.app.teacher_view import TeacherView
from kozel_tutor.app.texts import TEXTS, counted, text
from kozel_tutor.app.views import TableUi, table_view
from kozel_tutor.i18n import POINTS, ROWS
from kozel_tutor.lessons import lesson_ids, load_lesson
from kozel_tutor.lessons.checks import check, expected
from kozel_tutor.lessons.model import ExplainStep, LegalCardTask, SeatTask, Task
from kozel_tutor.lessons.scenes import scene
from kozel_tutor.puzzles.themes import THEMES
from kozel_tutor.variants.summaries import VARIANT_SUMMARIES, variant_summary

ROOT = Path(__file__).resolve().parents[1]


def after_first_deal(variant: str, seed: int = 11) -> MatchSession:
    session = MatchSession(Settings(level="random", variant=variant), rng=random.Random(seed))
    while not session.score.results:
        match_step(session)
    return session


def view(session: MatchSession, lang: str, mode: str = "summary") -> dict[str, Any]:
    return dict(table_view(session, TableUi(lang=lang, mode=mode)))


def ru_texts() -> list[str]:
    return [entry["ru"] for entry in TEXTS.values() if "ru" in entry]


def lesson_step(lesson_id: str, index: int) -> Any:
    return load_lesson(lesson_id).steps[index]


# -- 1. penalty points, as lesson 14 says them ------------------------------------------------

@pytest.mark.parametrize("variant", ["nizhny", "kozly24"])
def test_a_penalty_tables_summary_scoreboard_and_badge_say_penalty_points(variant: str) -> None:
    session = after_first_deal(variant)
    us = session.score.scores[LEARNER.team]
    them = session.score.scores[LEARNER.team.other]
    ru = view(session, "ru")
    rows = [row["cells"][0] for row in ru["overlay"]["table"]["rows"]]
    assert rows[2:] == ["Штрафные очки", "Всего штрафных"]
    assert ru["scoreboard"]["title"] == "Штрафные очки"
    badge = next(b["text"] for b in ru["badges"] if b["id"] == "score")
    assert badge == (f"У нас {counted(us, 'штрафное|штрафных|штрафных')}, у них {them} · "
                     "кто первым наберёт 12, тот проиграл")
    en = view(session, "en")
    assert [row["cells"][0] for row in en["overlay"]["table"]["rows"]][2:] == [
        "Penalty points", "Penalty points in all"]
    assert en["scoreboard"]["title"] == "Penalty points"
    # lesson 14's term
    lesson = " ".join(s.text.ru for s in load_lesson("14_nizhny").steps
                      if isinstance(s, ExplainStep))
    assert "штрафных очк" in lesson
    # the calque is gone from every Russian text of the app
    assert not [t for t in ru_texts() if re.search(r"(?i)записано против|против (нас|них)", t)]


@pytest.mark.parametrize(("us", "words"), [
    (0, "у нас 0 штрафных"), (1, "у нас 1 штрафное"), (2, "у нас 2 штрафных"),
    (4, "у нас 4 штрафных"), (5, "у нас 5 штрафных"), (11, "у нас 11 штрафных"),
    (21, "у нас 21 штрафное"), (22, "у нас 22 штрафных")])
def test_the_penalty_score_agrees_with_every_number(us: int, words: str) -> None:
    assert text("score_against", "ru", us=us, them=3) == f"{words}, у них 3"


def test_a_counted_word_takes_a_whole_number_and_two_or_three_forms() -> None:
    assert counted(1, "point|points") == "1 point" and counted(3, "point|points") == "3 points"
    with pytest.raises(TypeError):
        counted("2", "очко|очка|очков")
    with pytest.raises(ValueError):
        counted(2, "a|b|c|d")


# -- 2. the games' names agree with their label -----------------------------------------------

def test_the_settings_name_the_masculine_games_a_variant_as_the_teacher_screen_does() -> None:
    group = settings_view(Settings(level="easy", variant="classic"), four_colour=False,
                          lang="ru")["groups"][0]
    assert group["id"] == "variant"
    assert group["label"] == "Вариант" == TeacherView("ru", lambda: None).variant.description
    names = [option["label"] for option in group["options"]]
    assert names[:3] == ["Обычный", "Классический (табло, хвалёнки)", "Нижегородский"]
    assert settings_view(Settings(), four_colour=False, lang="en")["groups"][0]["label"] == (
        "Variant")


def test_the_results_and_the_fixed_rules_say_variant_before_a_games_name() -> None:
    session = MatchSession(Settings(level="medium", variant="nizhny"), rng=random.Random(3))
    lines = view(session, "ru", "results")["overlay"]["lines"]
    assert lines[-1] == "Ваша статистика: средний уровень, вариант «Нижегородский»"
    assert text("variant_fixed", "ru", variant=text("variant_classic", "ru")).startswith(
        "В варианте «Классический")
    # no feminine «игра» before a masculine name, anywhere
    assert not [t for t in ru_texts() if re.search(r"(?i)\bигр\w* «\{variant", t)]
    assert text("nb_col_rule", "ru") == "Козыри или вариант"


# -- 3. the teacher's «Карт на руке» list -----------------------------------------------------

def test_the_teachers_cards_list_says_first_lead_as_the_theme_does() -> None:
    screen = TeacherView("ru", lambda: None)
    labels = [label for label, _ in screen.cards.options]
    assert labels[0] == "Любое"
    assert labels[-1] == "Первый заход" == THEMES["opening_lead"].name.ru
    assert "Первый ход" not in labels and "Сколько угодно" not in labels


# -- 4. the third redeal ----------------------------------------------------------------------

def test_a_refused_third_redeal_says_who_takes_the_row_and_what_the_dealers_are_written() -> None:
    session = refused_third_redeal()
    lines = view(session, "ru")["overlay"]["lines"]
    assert lines[-1] == "Сдавали Фёдор и Глеб, и 1 пару получает другая сторона: вы и Нина."
    assert text("summary_penalty_rows", "ru", losers=text("team_NS", "ru"),
                winners=text("team_EW", "ru"), rows=ROWS(1)) == (
        "Сдавали вы и Нина, и 1 пару получает другая сторона: Фёдор и Глеб.")
    for n, points in ((1, "1 очко"), (2, "2 очка"), (4, "4 очка"), (5, "5 очков"),
                      (12, "12 очков")):
        assert text("summary_penalty_against", "ru", losers=text("team_NS", "ru"),
                    points=POINTS(n)) == f"Сдавали вы и Нина: сдающим пишут {points}."
    assert not [t for t in ru_texts() if "записывается" in t]


def test_the_third_redeal_question_names_the_learners_side_from_a_small_letter() -> None:
    for lang, side in (("ru", "сдающая сторона — вы и Нина — проиграет"),
                       ("en", "the dealing side, you and Nina, loses")):
        assert side in text("q_redeal_refused", lang, losers=text("team_NS", lang))


# -- 5. the home screen -----------------------------------------------------------------------

def test_the_home_subtitle_names_the_game_it_plays() -> None:
    ru = home_view("ru", continue_hint=None, sections=[])["subtitle"]
    assert ru == ("Учитесь, играйте и разбирайте партии в «Козла» — карточную игру с дамами и "
                  "валетами")
    assert "Kozel, the Russian card game" in home_view("en", continue_hint=None,
                                                       sections=[])["subtitle"]


# -- 6. the teacher's guide -------------------------------------------------------------------

def test_the_teachers_guide_calls_students_of_one_first_name_namesakes() -> None:
    guide = (ROOT / "docs" / "puzzles.md").read_text(encoding="utf-8")
    assert "однофамильц" not in guide
    assert "тёзки показаны отдельно («Аня», «Аня (2)»)" in guide


# -- 7. «снести» is a discard: a task that asks for one accepts no trump -------------------------

def _legal_tasks() -> list[tuple[str, LegalCardTask]]:
    return [(lid, s) for lid in lesson_ids() for s in load_lesson(lid).steps
            if isinstance(s, LegalCardTask)]


def test_a_task_that_asks_for_a_discard_accepts_no_trump() -> None:
    asking = [(lid, task) for lid, task in _legal_tasks()
              if re.search(r"снес|снос|discard", f"{task.prompt.ru} {task.prompt.en}")]
    for lid, task in asking:
        accepted = [card for card in task.hand if check(task, card.token).correct]
        assert not [c for c in accepted if task.order.is_trump(c)], (lid, task.prompt.ru)


def test_lesson_13s_ace_task_asks_for_a_card_you_may_play_and_takes_the_trump() -> None:
    task: Task = lesson_step("13_classic", 4)
    assert isinstance(task, LegalCardTask)
    assert task.prompt.ru.endswith("Положите карту, которой можно ходить.")
    assert task.prompt.en.endswith("Play a card the rules allow.")
    assert "снес" not in task.prompt.ru and "discard" not in task.prompt.en
    assert sorted(expected(task).split()) == ["8C", "AC", "KD"]
    assert not check(task, "AS").correct and check(task, "KD").correct


# -- 8. one word for a discard, one for a suit led --------------------------------------------

def test_a_discard_is_snos_and_a_suit_led_is_zahodili_everywhere() -> None:
    ruff = THEMES["ruff_or_not"].definition.ru
    assert "снести" in ruff and "сброс" not in ruff
    positions = (ROOT / "docs" / "positions.md").read_text(encoding="utf-8")
    assert "правила о сносе тузов" in positions and "сброс" not in positions
    for name in VARIANT_SUMMARIES:
        assert not re.search(r"не ходили|сброс", variant_summary(name, "ru"))
    assert "в которую ещё не заходили" in variant_summary("classic", "ru")


# -- 9. the summary's buttons and the results' eggs -------------------------------------------

def test_the_summary_button_to_the_results_is_not_the_tables_totals() -> None:
    session = played_match("standard")
    for lang, button in (("ru", "Итоги партии"), ("en", "Match results")):
        panel = view(session, lang)["overlay"]
        labels = {b["id"]: b["label"] for b in panel["buttons"]}
        assert labels["results"] == button
        assert panel["table"]["head"][0] != button


def test_the_results_count_the_deals_with_eggs_for_any_number() -> None:
    session = played_match("standard")
    eggs = session.score.eggs
    assert f"Раздач с яйцами: {eggs}." in view(session, "ru", "results")["overlay"]["lines"]
    assert f"Deals with eggs: {eggs}." in view(session, "en", "results")["overlay"]["lines"]
    assert text("results_eggs", "ru", eggs=0) == "Раздач с яйцами: 0."


# -- 10. the small mismatches -----------------------------------------------------------------

def test_lesson_1_asks_who_deals_in_the_tense_its_answer_uses() -> None:
    task = next(s for s in load_lesson("01_table").steps
                if isinstance(s, SeatTask) and s.relation == "first_lead")
    assert task.prompt.ru.startswith("Сдаёт соперник слева (З).")
    assert task.prompt.en.startswith("W deals the cards.")
    assert "Сдаёт соперник слева (З), значит" in check(task, expected(task)).explanation.ru


def test_the_nizhny_summary_says_30_or_fewer_as_lesson_14_does() -> None:
    lesson = lesson_step("14_nizhny", 1).text
    assert "4 — если 30 или меньше" in lesson.ru and "4 for 30 or fewer" in lesson.en
    assert "4 — если 30 или меньше" in variant_summary("nizhny", "ru")
    assert "4 for 30 or fewer" in variant_summary("nizhny", "en")
    assert "меньше 31" not in variant_summary("nizhny", "ru")
    assert "Штрафные очки пишут проигравшим" in variant_summary("nizhny", "ru")


def test_the_results_average_says_it_counts_card_points() -> None:
    session = played_match("standard")
    cells = [row["cells"][0] for row in view(session, "ru", "results")["overlay"]["table"]["rows"]]
    assert "Очков за карты в среднем за раздачу" in cells
    assert "Очков за раздачу" not in cells


def test_lesson_6_says_we_they_as_its_table_does() -> None:
    task = lesson_step("06_match", 1)
    head = scene(task, "ru")["sheet"]["head"]
    assert head[1:] == ["Очки мы–они", "Взятки мы–они"]
    assert "очки и взятки: мы–они" in task.prompt.ru
    assert "points and tricks, we–they" in task.prompt.en
    assert "наши" not in task.prompt.ru

