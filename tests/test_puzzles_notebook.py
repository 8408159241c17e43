"""The puzzles notebook's entry points (``kozel_tutor.puzzles.notebook``): a set played again
goes on where it was left, as the app's does, and the dashboard is HTML with a line of text for
front ends without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kozel_tutor.puzzles.dashboard import dashboard_html
from kozel_tutor.puzzles.notebook import Dashboard, dashboard, find_set, play
from kozel_tutor.puzzles.progress import Progress

SET = "beginner-path"


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("KOZEL_TUTOR_HOME", str(tmp_path))
    return tmp_path


def test_a_set_played_again_goes_on_from_its_first_puzzle_without_an_answer() -> None:
    puzzles = find_set(SET).puzzles
    first = play(SET)
    assert first.player.puzzle.id == puzzles[0].id
    wrong = next(c for c in first.player.puzzle.position.hands[puzzles[0].seat]
                 if c not in puzzles[0].answers)
    assert first.receive({"type": "play", "card": wrong.token})
    assert first.receive({"type": "next"})
    right = sorted(puzzles[1].answers, key=lambda c: c.index)[0]
    assert first.receive({"type": "play", "card": right.token})

    again = play(SET)   # the cell run again, or the notebook the next day
    assert again.player.puzzle.id == puzzles[2].id
    assert again.player.answered == [(puzzles[0].id, False), (puzzles[1].id, True)]
    assert again.view["header"]["counter"] == f"Задача 3 из {len(puzzles)}"


def test_a_set_played_without_recording_starts_at_its_first_puzzle() -> None:
    puzzles = find_set(SET).puzzles
    first = play(SET)
    first.receive({"type": "play",
                   "card": sorted(puzzles[0].answers, key=lambda c: c.index)[0].token})
    assert play(SET, record=False).player.puzzle.id == puzzles[0].id


def test_the_dashboard_is_html_with_a_line_of_text_for_front_ends_without_it() -> None:
    shown = dashboard("en")
    assert isinstance(shown, Dashboard)
    assert shown._repr_html_() == dashboard_html(Progress(), "en")
    said = repr(shown)
    assert "Your puzzle progress: run the notebook in Jupyter" in said
    assert "Ваши успехи в задачах — запустите блокнот в Jupyter" in said
    assert "<" not in said
