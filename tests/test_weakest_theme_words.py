"""*My progress* names a weakest theme only when some answer in that theme was wrong.

A wrong answer to a puzzle with no theme (41 catalogue puzzles have none), or with a theme this
version does not count, used to leave the weakest theme to a theme answered right every time:
"Weakest theme: Duck (100% of answers right)".  The answers are recorded through the puzzles'
own progress API in a real SQLite progress file and read back by the page in both languages.
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from kozel_tutor.app.achievements_view import AchievementsView
from kozel_tutor.app.store import Store
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.puzzles.dashboard import attempts_frame, theme_rows, weakest_theme
from kozel_tutor.puzzles.model import Puzzle
from kozel_tutor.puzzles.progress import Progress
from kozel_tutor.puzzles.themes import THEMES

NOON = 1_750_000_000.0
# J♠ and J♥ are right, Q♥ is wrong (the three-card ending of test_achievements_view)
ENDING = Position.from_json({
    "hands": {"N": "TD 9D", "E": "JC TH", "S": "JS QH JH", "W": "TC 9C QS"}, "leader": "N",
    "taken": {"NS": [39, 4], "EW": [37, 2]}, "trick": ["7D", "JD"], "led": "SHD"})
RIGHT, WRONG = Card.parse("JH"), Card.parse("QH")
DUCK = {lang: THEMES["duck"].name.get(lang) for lang in ("en", "ru")}
NO_WEAK_THEMED = {"en": "No weak theme: your only mistakes were in puzzles without a theme.",
                  "ru": "Слабых тем нет: ошибки были только в задачах без темы."}


def puzzle(ident: str, themes: list[str]) -> Puzzle:
    return Puzzle.from_dict({
        "id": ident, "title": {"ru": "Т", "en": "T"}, "story": {"ru": "", "en": ""},
        "position": json.loads(ENDING.to_json()), "goal": "make_61", "answers": ["JH", "JS"],
        "themes": themes, "rating": 1200, "hints": [], "view": "double_dummy"})


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "progress.sqlite3")


def answer(store: Store, ident: str, themes: list[str], card: Card, minute: int) -> None:
    Progress(store.path).record(puzzle(ident, themes), card, seconds=12, now=NOON + 60 * minute)


def puzzle_words(store: Store, lang: str) -> str:
    """The Puzzles part of *My progress* as the learner reads it."""
    view = AchievementsView(store, lang, go_home=lambda: None, clock=lambda: NOON + 3600)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", view.puzzles.value)).strip()


def last_sentence(store: Store, lang: str) -> str:
    return re.split(r"(?<=\.) ", puzzle_words(store, lang))[-1]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_mistake_only_in_a_puzzle_without_a_theme_names_no_weakest_theme(
        store: Store, lang: str) -> None:
    answer(store, "duck-1", ["duck"], RIGHT, 0)
    answer(store, "plain-1", [], WRONG, 1)
    said = puzzle_words(store, lang)
    assert "100%" not in said and DUCK[lang] not in said, said
    assert last_sentence(store, lang) == NO_WEAK_THEMED[lang]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_mistake_in_a_theme_this_version_does_not_count_names_no_weakest_theme(
        store: Store, lang: str) -> None:
    answer(store, "duck-1", ["duck"], RIGHT, 0)
    answer(store, "old-1", ["duck"], WRONG, 1)
    conn = sqlite3.connect(store.path)      # as an older version recorded it
    with conn:
        conn.execute("UPDATE puzzle_attempts SET themes = 'retired_theme' "
                     "WHERE puzzle_id = 'old-1'")
    conn.close()
    assert last_sentence(store, lang) == NO_WEAK_THEMED[lang]


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", f"Weakest theme: {DUCK['en']} (50% of answers right)."),
    ("ru", f"Самая слабая тема: «{DUCK['ru']}» (верных ответов 50%)."),
])
def test_a_mistake_in_a_theme_still_names_it_the_weakest(store: Store, lang: str,
                                                         expected: str) -> None:
    answer(store, "duck-1", ["duck"], RIGHT, 0)
    answer(store, "duck-2", ["duck"], WRONG, 1)
    answer(store, "plain-1", [], WRONG, 2)
    assert last_sentence(store, lang) == expected


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "No weak theme: every answer was right."),
    ("ru", "Слабых тем нет: все ответы верные."),
])
def test_every_answer_right_says_there_is_no_weak_theme(store: Store, lang: str,
                                                        expected: str) -> None:
    answer(store, "duck-1", ["duck"], RIGHT, 0)
    answer(store, "plain-1", [], RIGHT, 1)
    assert last_sentence(store, lang) == expected


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_with_no_puzzle_of_a_theme_tried_the_page_says_nothing_of_themes(
        store: Store, lang: str) -> None:
    answer(store, "plain-1", [], WRONG, 0)
    said = puzzle_words(store, lang)
    assert not re.search(r"theme|\bтем", said), said


def test_the_dashboard_has_no_weakest_theme_when_every_themed_answer_was_right(
        store: Store) -> None:
    answer(store, "duck-1", ["duck"], RIGHT, 0)
    answer(store, "plain-1", [], WRONG, 1)
    frame = attempts_frame(Progress(store.path))
    assert [row["solved"] for row in theme_rows(frame, "en")] == ["100%"]
    assert weakest_theme(frame, "en") is None
    answer(store, "duck-2", ["duck"], WRONG, 2)
    weakest = weakest_theme(attempts_frame(Progress(store.path)), "ru")
    assert weakest is not None and weakest["theme"] == DUCK["ru"] and weakest["solved"] == "50%"
