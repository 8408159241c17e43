"""The learner's puzzle figures say what they count, the same on *My progress* and on the
puzzle statistics: a learner tried 9 puzzles in 11 attempts (two were retries a minute later)
and solved 4.  "4 of 9" is 44%, and the 36% is of the 11 attempts: both pages say so, in
Russian and English, and the rating chart, with a point per rated attempt (9, after the
start), says why it has fewer points than there were attempts.

Everything is recorded in a real progress file through :class:`Progress`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kozel_tutor.app.achievements_view import AchievementsView
from kozel_tutor.app.store import Store
from kozel_tutor.cards import Card
from kozel_tutor.position import Position
from kozel_tutor.puzzles.dashboard import PuzzleCounts, attempts_frame, dashboard_html
from kozel_tutor.puzzles.model import Puzzle
from kozel_tutor.puzzles.progress import Progress

NOON = 1_750_000_000.0
# J♠ and J♥ are right, Q♥ is wrong: a three-card ending (as in test_achievements_view)
ENDING = Position.from_json({
    "hands": {"N": "TD 9D", "E": "JC TH", "S": "JS QH JH", "W": "TC 9C QS"}, "leader": "N",
    "taken": {"NS": [39, 4], "EW": [37, 2]}, "trick": ["7D", "JD"], "led": "SHD"})


def puzzle(number: int) -> Puzzle:
    return Puzzle.from_dict({
        "id": f"qa-{number}", "title": {"ru": "Т", "en": "T"}, "story": {"ru": "", "en": ""},
        "position": json.loads(ENDING.to_json()), "goal": "make_61", "answers": ["JH", "JS"],
        "themes": ["make_61"], "rating": 1200, "hints": [], "view": "double_dummy"})


def qa_learner(path: Path) -> Progress:
    """9 puzzles, 11 attempts: the first missed then solved a minute later, the second missed
    twice, the next three solved, the last four missed."""
    progress = Progress(path)
    answers = [(0, "QH"), (0, "JH"), (1, "QH"), (1, "QH"), (2, "JH"), (3, "JS"), (4, "JH"),
               (5, "QH"), (6, "QH"), (7, "QH"), (8, "QH")]
    for minute, (number, card) in enumerate(answers):
        progress.record(puzzle(number), Card.parse(card), seconds=5, now=NOON + 60 * minute)
    return progress


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "progress.sqlite3")
    qa_learner(store.path)
    return store


def words(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)).strip()


def test_the_counts_of_the_answers_are_puzzles_and_attempts_apart(store: Store) -> None:
    counts = PuzzleCounts.of(attempts_frame(Progress(store.path)))
    assert counts == PuzzleCounts(tried=9, solved=4, attempts=11, right=4, rated=9)


@pytest.mark.parametrize(("lang", "solved", "attempts"), [
    ("en", "Puzzles solved: 4 of 9 tried (44%).",
     "Attempts, reviews included: 11, right: 4 (36%)."),
    ("ru", "Решено задач: 4 из 9 (44%).", "Попыток вместе с повторением: 11, верных: 4 (36%)."),
])
def test_my_progress_says_which_figure_is_of_what(store: Store, lang: str, solved: str,
                                                  attempts: str) -> None:
    view = AchievementsView(store, lang, go_home=lambda: None, clock=lambda: NOON + 3600)
    said = words(view.puzzles.value)
    assert f"{solved} {attempts}" in said


@pytest.mark.parametrize(("lang", "counts", "note"), [
    ("en", "Puzzles solved: 4 of 9 tried (44%). Attempts, reviews included: 11, right: 4 (36%); "
           "to review: ",
     "The rating chart shows 9 of 11 attempts: a puzzle tried again within 20 hours does not "
     "change the rating."),
    ("ru", "Решено задач: 4 из 9 (44%). Попыток вместе с повторением: 11, верных: 4 (36%); "
           "к повторению: ",
     "На графике рейтинга 9 попыток из 11: повторная попытка той же задачи в течение 20 часов "
     "рейтинг не меняет."),
])
def test_the_statistics_page_says_the_same_and_why_the_rating_chart_has_fewer_points(
        store: Store, lang: str, counts: str, note: str) -> None:
    page = dashboard_html(Progress(store.path), lang, now=NOON + 3600)
    said = re.search(r'data-testid="dashboard-counts">(.*?)</p>', page)
    assert said is not None and said.group(1).startswith(counts)
    shown = re.search(r'data-testid="dashboard-rated">(.*?)</p>', page)
    assert shown is not None and shown.group(1) == note
    rating_chart = page.split("<svg", 3)[2]
    points = re.search(r'<polyline points="([^"]+)"', rating_chart)
    assert points is not None and len(points.group(1).split()) == 9 + 1   # the start, then 9
    ticks = re.findall(r'text-anchor="middle"[^>]*>(\d+)</text>', rating_chart)
    assert ticks[-1] == "9"


def test_without_retries_the_chart_needs_no_word(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "progress.sqlite3")
    progress.record(puzzle(0), Card.parse("JH"), seconds=5, now=NOON)
    progress.record(puzzle(1), Card.parse("QH"), seconds=5, now=NOON + 60)
    page = dashboard_html(progress, "en", now=NOON + 120)
    assert "dashboard-rated" not in page
    assert "Puzzles solved: 1 of 2 tried (50%). Attempts, reviews included: 2, right: 1 (50%)" in (
        page)
