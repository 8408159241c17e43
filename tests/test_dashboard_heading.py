"""The puzzle dashboard's rating line, drawn as a heading, is one: a screen reader lists it."""

from __future__ import annotations

import re
from pathlib import Path

from kozel_tutor.puzzles.dashboard import dashboard_html
from kozel_tutor.puzzles.model import load_catalogue
from kozel_tutor.puzzles.progress import Progress


def test_the_dashboards_rating_is_a_heading(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "progress.sqlite3")
    puzzle = load_catalogue()[0].puzzles[0]
    progress.record(puzzle, min(puzzle.answers, key=lambda c: c.index), seconds=5.0)
    page = dashboard_html(progress, "ru")
    heading = re.search(r'<h2 class="kz-dash-rating" data-testid="dashboard-rating">(.*?)</h2>',
                        page)
    assert heading is not None and heading.group(1).startswith("Рейтинг")
